//! The command line: clap definitions and their conversion into library
//! values. Argument types stop here; the library sees only its own config.

mod dict_args;
mod solve;

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
}

impl Command {
    /// Runs the subcommand; errors carry their exit code (see [`Failure`]).
    pub fn run(self) -> anyhow::Result<Outcome> {
        match self {
            Command::Solve(args) => args.run(),
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
