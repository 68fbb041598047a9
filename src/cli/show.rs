//! `boggle show`: each word's path drawn on the grid, or why it is not
//! there (SPEC §9). Colour is decided here: `--color`, `NO_COLOR` and
//! whether standard output is a terminal.

use std::io::{BufWriter, Write};

use boggle::Board;
use boggle::show::{self, Styles};
use clap::{Args, ValueEnum};

use super::{DictArgs, Outcome, Usage};

const EXAMPLES: &str = "\
Examples:
  boggle show ezmrnubeslospaon embolus
  boggle show ezmr/nube/slos/paon saloon --all
  boggle show ezmrnubeslospaon noose slumber --color never";

/// `boggle show` options.
#[derive(Debug, Args)]
#[command(after_help = EXAMPLES)]
pub struct ShowArgs {
    /// The board, such as ezmrnubeslospaon or ezmr/nube/slos/paon
    #[arg(value_name = "BOARD")]
    board: String,

    /// Words to find on it
    #[arg(value_name = "WORD", required = true)]
    words: Vec<String>,

    /// Draw every distinct path, not only the first
    #[arg(long)]
    all: bool,

    #[command(flatten)]
    dict: DictArgs,

    #[command(flatten)]
    rules: super::RulesArg,

    /// When to colour the path: auto (on a terminal, unless NO_COLOR is
    /// set), always or never
    #[arg(long, value_enum, default_value_t = ColorArg::Auto, value_name = "WHEN")]
    color: ColorArg,
}

/// `--color`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum ColorArg {
    Auto,
    Always,
    Never,
}

impl ShowArgs {
    pub fn run(self) -> anyhow::Result<Outcome> {
        let dict = self.dict.load()?;
        let board = Board::parse(&self.board, dict.normalizer()).map_err(|error| {
            Usage(format!(
                "{}: {error}",
                boggle::output::board_name(&self.board)
            ))
        })?;
        let rules = self.rules.get().for_cells(board.len());
        let styles = match self.color {
            ColorArg::Always => Styles::colored(),
            ColorArg::Auto if super::streams::stdout_colored() => Styles::colored(),
            ColorArg::Auto | ColorArg::Never => Styles::plain(),
        };
        let mut out = BufWriter::with_capacity(1 << 16, super::stdout());
        let mut outcome = Outcome::Success;
        for (n, word) in self.words.iter().enumerate() {
            if n > 0 {
                writeln!(out)?;
            }
            let found = show::find(&dict, &board, rules, word, self.all);
            show::write_found(&mut out, &board, &found, &styles)?;
            if found.result.is_err() {
                outcome = Outcome::Absent;
            }
        }
        out.flush()?;
        Ok(outcome)
    }
}
