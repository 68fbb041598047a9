//! The command line: clap definitions and their conversion into library
//! values. Argument types stop here; the library sees only its own config.

mod args;
pub mod best;
mod blocks;
mod completions;
mod dict_args;
mod dict_cmd;
mod exit;
mod lazy;
mod man;
pub mod play;
pub mod prove;
mod random;
mod serve;
mod show;
pub mod signals;
mod solve;
mod stats;
pub mod streams;

use std::io;

use boggle::dict::input::io_message;
use clap::{Parser, Subcommand};

pub use args::{RulesArg, ThreadsArg};
pub use dict_args::DictArgs;
pub use exit::{Interrupted, Outcome, Usage, clap_error, exit_code};
pub use lazy::Lazy;
pub use solve::SolveArgs;

const EXAMPLES: &str = "\
Examples:
  boggle solve ezmrnubeslospaon
  boggle random -n 1000 --seed 7 | boggle solve --format summary
  boggle show ezmrnubeslospaon embolus
  boggle stats -n 10000 --dice big
  boggle man --dir ~/.local/share/man/man1";

const DICT_EXAMPLES: &str = "\
Examples:
  boggle dict compile words.txt -o words.dict
  boggle dict info words.dict
  boggle dict info --lang fi";

/// The `boggle` command line.
#[derive(Debug, Parser)]
#[command(
    name = "boggle",
    version,
    after_help = EXAMPLES,
    about = "A fast Boggle solver: every word on the board, best-scoring first",
    propagate_version = true,
    // A repeated flag takes its last value, as in ripgrep, so that shell
    // aliases can set defaults that the command line overrides.
    args_override_self = true,
    max_term_width = 100
)]
pub struct Cli {
    #[command(subcommand)]
    pub command: Command,
}

/// The subcommands.
#[derive(Debug, Subcommand)]
pub enum Command {
    /// Solve boards given as arguments or one per line on standard input
    Solve(Lazy<SolveArgs>),
    /// Work with dictionaries: compile a word list, or describe one
    #[command(subcommand, after_help = DICT_EXAMPLES)]
    Dict(dict_cmd::DictCommand),
    /// Print random boards rolled with real dice, one per line
    Random(Lazy<random::RandomArgs>),
    /// Draw each word's path on the grid, or say why it is not there
    Show(Lazy<show::ShowArgs>),
    /// Roll many boards, solve them and summarise their scores
    Stats(Lazy<stats::StatsArgs>),
    /// Search for the highest-scoring boards
    Best(Lazy<best::BestArgs>),
    /// Play a game in the terminal, timed or not
    Play(Lazy<play::PlayArgs>),
    /// Serve the solver as a web page and a JSON API
    Serve(Lazy<serve::ServeArgs>),
    /// Print a shell completion script
    Completions(Lazy<completions::CompletionsArgs>),
    /// Print the manual page, or write every command's page into a directory
    Man(Lazy<man::ManArgs>),
}

impl Command {
    /// Runs the subcommand; `exit::exit_code` maps what it returns to the
    /// exit code.
    pub fn run(self) -> anyhow::Result<Outcome> {
        match self {
            Command::Solve(Lazy(args)) => args.run(),
            Command::Dict(command) => command.run(),
            Command::Random(Lazy(args)) => args.run(),
            Command::Show(Lazy(args)) => args.run(),
            Command::Stats(Lazy(args)) => args.run(),
            Command::Best(Lazy(args)) => args.run(),
            Command::Play(Lazy(args)) => args.run(),
            Command::Serve(Lazy(args)) => args.run(),
            Command::Completions(Lazy(args)) => args.run(),
            Command::Man(Lazy(args)) => args.run(),
        }
    }
}

/// A reader or writer whose errors say which stream failed, such as
/// `standard output: no space left on device`. The error kind is kept, so a
/// closed pipe is still recognised as one.
#[derive(Debug)]
pub struct NamedStream<T> {
    inner: T,
    /// `standard input`, `standard output`.
    name: &'static str,
}

impl<T> NamedStream<T> {
    pub fn new(inner: T, name: &'static str) -> NamedStream<T> {
        NamedStream { inner, name }
    }
}

/// `error`, its message prefixed with the stream's `name`, its kind kept.
fn named_error(name: &str, error: io::Error) -> io::Error {
    io::Error::new(error.kind(), format!("{name}: {}", io_message(&error)))
}

/// Standard output, every write error seen and named (see
/// [`streams::RawStdout`]).
pub fn stdout() -> NamedStream<streams::RawStdout> {
    NamedStream::new(streams::RawStdout::open(), "standard output")
}

/// [`stdout`] for a large output, written in whole blocks aligned to the
/// file's, when it is one (see [`blocks`]).
pub fn stdout_blocks() -> blocks::Blocks<NamedStream<streams::RawStdout>> {
    let out = stdout();
    let at = out.inner.offset();
    blocks::Blocks::new(out, at)
}

impl<W: io::Write> io::Write for NamedStream<W> {
    fn write(&mut self, bytes: &[u8]) -> io::Result<usize> {
        let name = self.name;
        self.inner.write(bytes).map_err(|e| named_error(name, e))
    }

    fn write_vectored(&mut self, slices: &[io::IoSlice<'_>]) -> io::Result<usize> {
        let name = self.name;
        self.inner
            .write_vectored(slices)
            .map_err(|e| named_error(name, e))
    }

    fn flush(&mut self) -> io::Result<()> {
        let name = self.name;
        self.inner.flush().map_err(|e| named_error(name, e))
    }
}

impl<R: io::Read> io::Read for NamedStream<R> {
    fn read(&mut self, buffer: &mut [u8]) -> io::Result<usize> {
        let name = self.name;
        self.inner.read(buffer).map_err(|e| named_error(name, e))
    }
}

impl<R: io::BufRead> io::BufRead for NamedStream<R> {
    fn fill_buf(&mut self) -> io::Result<&[u8]> {
        let name = self.name;
        self.inner.fill_buf().map_err(|e| named_error(name, e))
    }

    fn consume(&mut self, amount: usize) {
        self.inner.consume(amount);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::io::{BufRead, Write};

    /// A stream that fails every call.
    struct Broken(io::ErrorKind);

    impl io::Write for Broken {
        fn write(&mut self, _: &[u8]) -> io::Result<usize> {
            Err(self.0.into())
        }
        fn flush(&mut self) -> io::Result<()> {
            Err(self.0.into())
        }
    }

    impl io::Read for Broken {
        fn read(&mut self, _: &mut [u8]) -> io::Result<usize> {
            Err(self.0.into())
        }
    }

    #[test]
    fn named_streams_name_their_errors() {
        let mut out = NamedStream::new(Broken(io::ErrorKind::BrokenPipe), "standard output");
        let error = out.write_all(b"x").unwrap_err();
        assert_eq!(error.kind(), io::ErrorKind::BrokenPipe);
        assert_eq!(error.to_string(), "standard output: broken pipe");
        let input = io::BufReader::new(Broken(io::ErrorKind::IsADirectory));
        let mut input = NamedStream::new(input, "standard input");
        let error = input.read_line(&mut String::new()).unwrap_err();
        assert_eq!(error.to_string(), "standard input: is a directory");
        // What works passes through untouched.
        let mut input = NamedStream::new(&b"ab\ncd\n"[..], "standard input");
        let mut line = String::new();
        input.read_line(&mut line).unwrap();
        assert_eq!(line, "ab\n");
        let mut out = NamedStream::new(Vec::new(), "standard output");
        out.write_all(b"cd").unwrap();
        assert_eq!(out.inner, b"cd");
    }
}
