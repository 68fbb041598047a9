//! `boggle stats`: roll many boards, solve them in parallel and print how
//! their scores and word counts spread, with a progress bar on a terminal.

use std::io::{self, BufWriter, IsTerminal, Write};

use anyhow::Context;
use boggle::dice::BoardRng;
use boggle::stats;
use boggle::{SolveOptions, Solver};
use clap::Args;
use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};

use super::random::RollArgs;
use super::{DictArgs, Outcome};

const EXAMPLES: &str = "\
Examples:
  boggle stats -n 10000 --dice new --seed 1
  boggle stats --dice big -n 2000 -j 2
  boggle stats --dice uniform --size 4x4 -n 10000 --seed 1";

/// Runs this long (in boards) get a progress bar when standard error is a
/// terminal.
const PROGRESS_FROM: u64 = 5000;

/// `boggle stats` options.
#[derive(Debug, Args)]
#[command(after_help = EXAMPLES)]
pub struct StatsArgs {
    #[command(flatten)]
    roll: RollArgs,

    /// How many boards to roll and solve
    #[arg(
        short = 'n',
        long = "count",
        value_name = "N",
        default_value_t = 1000,
        value_parser = clap::value_parser!(u64).range(1..=1 << 32)
    )]
    count: u64,

    #[command(flatten)]
    dict: DictArgs,

    #[command(flatten)]
    rules: super::RulesArg,

    #[command(flatten)]
    threads: super::ThreadsArg,
}

impl StatsArgs {
    pub fn run(self) -> anyhow::Result<Outcome> {
        // One board is one task: no more threads than boards.
        let boards = usize::try_from(self.count).unwrap_or(usize::MAX);
        let threads = self.threads.policy();
        threads.run(boards, || self.roll_and_solve())?
    }

    /// `stats` itself, on the pool of `-j`.
    fn roll_and_solve(self) -> anyhow::Result<Outcome> {
        let roller = self.roll.roller(self.dict.lang)?;
        let dict = self.dict.load()?;
        let seed = self.roll.seed();
        let (rows, cols) = roller.size();
        let rules = self.rules.get().for_cells(rows * cols);
        let count = usize::try_from(self.count).context("too many boards for this machine")?;
        let mut solver = Solver::new(&dict, SolveOptions::new(rules));
        if count >= boggle::batch::TILE_CORE_BOARDS {
            solver = solver.with_tile_core();
        }
        let bar = (self.count >= PROGRESS_FROM && io::stderr().is_terminal()).then(|| {
            let bar = ProgressBar::with_draw_target(Some(self.count), ProgressDrawTarget::stderr());
            if let Ok(style) =
                ProgressStyle::with_template("{bar:40} {pos}/{len} boards, {eta} left")
            {
                bar.set_style(style);
            }
            bar
        });
        let mut rng = BoardRng::new(seed);
        let stats = stats::collect(&solver, &roller, &mut rng, count, &mut |done| {
            if let Some(bar) = &bar {
                bar.set_position(done as u64);
            }
        });
        if let Some(bar) = bar {
            bar.finish_and_clear();
        }
        let mut out = BufWriter::new(super::stdout());
        writeln!(
            out,
            "{}, {} dice ({rows}x{cols}), seed {seed}, {rules} rules",
            boggle::output::count(self.count, "board"),
            roller.set()
        )?;
        stats::write_stats(&mut out, &stats)?;
        out.flush()?;
        Ok(Outcome::Success)
    }
}
