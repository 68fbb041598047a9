//! The command line: clap definitions and their conversion into library
//! values. Argument types stop here; the library sees only its own config.

mod completions;
mod dict_args;
mod dict_cmd;
mod random;
mod show;
mod solve;
mod stats;

use clap::{Parser, Subcommand};

pub use dict_args::DictArgs;
pub use solve::SolveArgs;

/// The `boggle` command line.
#[derive(Debug, Parser)]
#[command(
    name = "boggle",
    version,
    about = "A fast Boggle solver: every word on the board, best-scoring first",
    propagate_version = true,
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
    Solve(SolveArgs),
    /// Work with dictionaries: compile a word list, or describe one
    #[command(subcommand)]
    Dict(dict_cmd::DictCommand),
    /// Print random boards rolled with real dice, one per line
    Random(random::RandomArgs),
    /// Draw each word's path on the grid, or say why it is not there
    Show(show::ShowArgs),
    /// Roll many boards, solve them and summarise their scores
    Stats(stats::StatsArgs),
    /// Print a shell completion script
    Completions(completions::CompletionsArgs),
    /// Print the man page
    Man(completions::ManArgs),
}

impl Command {
    /// Runs the subcommand; errors carry their exit code (see [`Failure`]).
    pub fn run(self) -> anyhow::Result<Outcome> {
        match self {
            Command::Solve(args) => args.run(),
            Command::Dict(command) => command.run(),
            Command::Random(args) => args.run(),
            Command::Show(args) => args.run(),
            Command::Stats(args) => args.run(),
            Command::Completions(args) => args.run(),
            Command::Man(args) => args.run(),
        }
    }
}

/// How a command that ran to its end went.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Outcome {
    /// Everything went well: exit 0.
    Success,
    /// Some input was bad but the run went on (SPEC §10): exit 1.
    BadData,
}

/// An error that is the user's wording, not bad data: exit 2.
#[derive(Debug)]
pub struct Usage(pub String);

impl std::fmt::Display for Usage {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::error::Error for Usage {}
