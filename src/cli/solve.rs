//! `boggle solve`: its options, and the run from arguments or standard input
//! to standard output, written in whole blocks (`super::blocks`).

use std::io::{self, IsTerminal, Write};
use std::num::NonZeroUsize;

use boggle::batch::Batch;
use boggle::output::{OutputFormat, OutputOptions, SortOrder};
use boggle::rules::{LengthOptions, ReversedLengths, parse_lengths};
use boggle::{Board, Dictionary, SolveOptions, Solver};
use clap::Args;

use super::{DictArgs, NamedStream, Outcome, Usage};

const EXAMPLES: &str = "\
Examples:
  boggle solve ezmrnubeslospaon
  boggle solve ezmr/nube/slos/paon --format json --paths
  boggle solve 'a b qu d/e f g h' --lengths 3,6,7
  boggle solve --sort alpha --format words ezmrnubeslospaon
  boggle solve --random --dice big --seed 7
  cat boards.txt | boggle solve --format summary -j 2";

/// `boggle solve` options.
#[derive(Debug, Args)]
#[command(after_help = EXAMPLES)]
pub struct SolveArgs {
    /// Boards such as ezmrnubeslospaon or ezmr/nube/slos/paon; none or '-'
    /// reads one board per line from standard input
    #[arg(value_name = "BOARD")]
    boards: Vec<String>,

    #[command(flatten)]
    dict: DictArgs,

    #[command(flatten)]
    rules: super::RulesArg,

    /// Shortest word reported, in letters [default: from the rules]
    #[arg(long, value_name = "N", value_parser = clap::value_parser!(u8).range(1..=64))]
    min_len: Option<u8>,

    /// Longest word reported, in letters
    #[arg(long, value_name = "N", value_parser = clap::value_parser!(u8).range(1..=64))]
    max_len: Option<u8>,

    /// Only words of these lengths, e.g. 3,6,7
    #[arg(long, value_name = "LIST", value_parser = |text: &str| parse_lengths(text).map(Lengths))]
    lengths: Option<Lengths>,

    /// Output format: text, words, json or summary
    #[arg(long, default_value = "text", value_name = "FORMAT")]
    format: OutputFormat,

    /// Word order: score (then alphabetical), alpha or length
    #[arg(long, default_value = "score", value_name = "ORDER")]
    sort: SortOrder,

    /// Show each word's path of (row, column) cells
    #[arg(long)]
    paths: bool,

    #[command(flatten)]
    threads: super::ThreadsArg,

    /// Solve one board rolled with real dice instead of BOARD (the board
    /// heads the output; see boggle random for --dice, --size and --seed)
    #[arg(long, conflicts_with = "boards")]
    random: bool,

    #[command(flatten)]
    roll: super::random::RollArgs,
}

/// The `--lengths` list, wrapped so clap takes it as one value.
#[derive(Clone, Debug)]
struct Lengths(Vec<usize>);

impl SolveArgs {
    pub fn run(mut self) -> anyhow::Result<Outcome> {
        if self.random {
            let roller = self.roll.roller(self.dict.lang)?;
            let board = roller.roll(&mut boggle::dice::BoardRng::new(self.roll.seed()));
            self.boards = vec![board.canonical()];
        } else if self.roll.any() {
            return Err(Usage("--dice, --size and --seed go with --random".into()).into());
        }
        let lengths = LengthOptions {
            min_len: self.min_len.map(usize::from),
            max_len: self.max_len.map(usize::from),
            lengths: self.lengths.map(|lengths| lengths.0),
        };
        check_lengths(&lengths)?;
        check_paths(self.paths, self.format)?;
        let from_stdin = self.boards.is_empty() || self.boards == ["-"];
        if !from_stdin && self.boards.iter().any(|b| b == "-") {
            return Err(Usage("'-' (standard input) must be the only BOARD".into()).into());
        }
        if from_stdin && self.dict.takes_stdin() {
            return Err(Usage(
                "the word list is read from standard input: give the boards as arguments".into(),
            )
            .into());
        }
        // Left to the process's end: unmapping a large list page by page
        // costs more than the rest of a one-board run.
        let dict: &Dictionary = Box::leak(Box::new(self.dict.load()?));
        let threads = self.threads.get().map(NonZeroUsize::get);
        let options = SolveOptions {
            rules: self.rules.get(),
            lengths,
            paths: self.paths,
        };
        let solver = Solver::new(dict, options);
        let output = OutputOptions {
            format: self.format,
            sort: self.sort,
            paths: self.paths,
            several: self.boards.len() > 1 || self.random,
        };
        let mut out = super::stdout_blocks();
        if from_stdin {
            let stdin = io::stdin();
            let interactive = stdin.is_terminal();
            let input = NamedStream::new(stdin.lock(), "standard input");
            let batch = Batch::new(&solver, output)
                .threads(threads)
                .chunk_lines(if interactive { 1 } else { usize::MAX });
            // Boards typed at a terminal are answered one by one, so whether
            // more will come is unknown: on the terminal the typed line names
            // each board and needs no header; a file keeps the headers.
            let several = interactive.then(|| !io::stdout().is_terminal());
            let report = batch.run_lines(input, &mut out, several, &mut |message| {
                super::streams::say(format_args!("boggle: {message}"));
            })?;
            out.flush()?;
            return Ok(if report.bad_lines > 0 {
                Outcome::BadData
            } else {
                Outcome::Success
            });
        }
        let boards = self
            .boards
            .iter()
            .map(|text| {
                Board::parse(text, dict.normalizer()).map_err(|error| {
                    Usage(format!("{}: {error}", boggle::output::board_name(text)))
                })
            })
            .collect::<Result<Vec<Board>, Usage>>()?;
        Batch::new(&solver, output)
            .threads(threads)
            .run_boards(&boards, &mut out)?;
        out.flush()?;
        Ok(Outcome::Success)
    }
}

/// `--min-len` above `--max-len` leaves no length to report: that is a
/// mistake in the command, not a board without words.
fn check_lengths(lengths: &LengthOptions) -> Result<(), Usage> {
    lengths.check().map_err(|ReversedLengths { min, max }| {
        Usage(format!(
            "--min-len {min} is greater than --max-len {max}: no word could be reported"
        ))
    })
}

/// `--paths` in a format without room for paths would be ignored: say so
/// instead.
fn check_paths(paths: bool, format: OutputFormat) -> Result<(), Usage> {
    let name = match format {
        OutputFormat::Words => "words",
        OutputFormat::Summary => "summary",
        OutputFormat::Text | OutputFormat::Json => return Ok(()),
    };
    match paths {
        true => Err(Usage(format!(
            "--paths goes with --format text or json, not {name}"
        ))),
        false => Ok(()),
    }
}

#[cfg(test)]
mod tests {
    use super::{LengthOptions, check_lengths};

    #[test]
    fn min_len_above_max_len_is_a_usage_error() {
        let check = |min_len, max_len| {
            check_lengths(&LengthOptions {
                min_len,
                max_len,
                lengths: None,
            })
        };
        assert!(check(None, None).is_ok());
        assert!(check(Some(9), None).is_ok());
        assert!(check(None, Some(1)).is_ok());
        assert!(check(Some(4), Some(4)).is_ok());
        assert_eq!(
            check(Some(5), Some(3)).unwrap_err().0,
            "--min-len 5 is greater than --max-len 3: no word could be reported"
        );
    }
}
