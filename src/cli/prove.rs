//! `boggle best --prove` and `boggle best --merge`: the exhaustive proof of
//! the best boards of a size, run whole or as parts (`--shard K/N`), with a
//! checkpoint to resume from (`--resume FILE`), and the merge of the parts'
//! outputs into the record of the whole proof.

use std::io::{self, BufWriter, IsTerminal, Write};
use std::path::{Path, PathBuf};
use std::sync::Mutex;
use std::time::{Duration, Instant};

use anyhow::Context;
use boggle::dict::cache::{io_message, write_atomically};
use boggle::prove::record::{self, Record, Tally};
use boggle::prove::{Part, ProveConfig, Prover};
use boggle::{Board, Dictionary, Rules, SolveOptions, Solver};
use clap::Args;
use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};

use super::{Outcome, Usage};

/// How often a checkpoint is written while a proof runs.
const CHECKPOINT_EVERY: Duration = Duration::from_secs(10);

/// The options of `boggle best` for the proof (`--prove`) and the merge of
/// its parts (`--merge`); the size, letters, rules, threads and word list
/// are `best`'s own.
#[derive(Debug, Args)]
pub struct ProofArgs {
    /// Prove which boards are the best (over --letters, every letter by
    /// default) by exhaustive branch and bound
    #[arg(long, help_heading = "Proof")]
    pub prove: bool,

    /// The score to prove against: every board scoring at least this is
    /// printed, and every other board is ruled out [default: the best score
    /// a climb over the same letters finds, for --time or 20s]
    #[arg(long, value_name = "S", requires = "prove", help_heading = "Proof")]
    pub min_score: Option<u64>,

    /// Run only part K of N of the proof (1 <= K <= N; an odd N gives parts
    /// of about equal cost); merge the parts' outputs with --merge
    #[arg(long, value_name = "K/N", value_parser = clap::value_parser!(Part), requires = "prove",
          help_heading = "Proof")]
    shard: Option<Part>,

    /// Keep a checkpoint in FILE, and continue from it when it exists
    #[arg(long, value_name = "FILE", requires = "prove", help_heading = "Proof")]
    resume: Option<PathBuf>,

    /// Combine the outputs of all the parts of a proof into its result
    #[arg(long, value_name = "FILE", num_args = 1.., conflicts_with = "prove",
          help_heading = "Proof")]
    pub merge: Vec<PathBuf>,
}

impl ProofArgs {
    /// Proves which boards of `size` made of `letters` score at least
    /// `min_score`, and prints them with the record of the proof.
    pub fn run(
        &self,
        dict: &Dictionary,
        (rows, cols): (usize, usize),
        letters: &str,
        rules: Rules,
        min_score: u64,
    ) -> anyhow::Result<Outcome> {
        let letters: Vec<char> = letters.chars().flat_map(char::to_lowercase).collect();
        let config = ProveConfig {
            rows,
            cols,
            letters,
            rules,
            min_score,
        };
        let prover = Prover::new(dict, config).map_err(|error| Usage(error.to_string()))?;
        let part = self.shard.unwrap_or(Part::WHOLE);
        let total = prover.part_len(part);
        let tally = match &self.resume {
            Some(path) if path.exists() => {
                let record = read_record(path)?;
                Tally::resume(record, prover.setting(), part, total)
                    .with_context(|| format!("checkpoint '{}'", path.display()))?
            }
            _ => Tally::new(prover.setting(), part, total),
        };
        let started = Instant::now();
        let bar = progress_bar(total, tally.covered());
        let state = Mutex::new((tally, Instant::now(), Ok(())));
        let skip = |position| {
            state
                .lock()
                .unwrap_or_else(|e| e.into_inner())
                .0
                .is_done(position)
        };
        prover.run(part, &skip, &|report| {
            let mut guard = state.lock().unwrap_or_else(|e| e.into_inner());
            let (tally, saved, result) = &mut *guard;
            tally.add(report);
            if let Some(bar) = &bar {
                bar.set_position(tally.covered());
            }
            if let Some(path) = &self.resume
                && saved.elapsed() >= CHECKPOINT_EVERY
                && result.is_ok()
            {
                *result = save(path, &tally.record(started.elapsed().as_secs_f64(), true));
                *saved = Instant::now();
            }
        });
        if let Some(bar) = bar {
            bar.finish_and_clear();
        }
        let (tally, _, result) = state.into_inner().unwrap_or_else(|e| e.into_inner());
        result?;
        let seconds = started.elapsed().as_secs_f64();
        if let Some(path) = &self.resume {
            save(path, &tally.record(seconds, true))?;
        }
        let record = tally.record(seconds, false);
        check_scores(&record, dict, rules)?;
        let mut out = BufWriter::new(super::stdout());
        record.write(&mut out)?;
        out.flush()?;
        Ok(Outcome::Success)
    }
}

/// A progress bar on a terminal: the classes searched and the time left.
fn progress_bar(total: u64, covered: u64) -> Option<ProgressBar> {
    io::stderr().is_terminal().then(|| {
        let bar = ProgressBar::with_draw_target(Some(total), ProgressDrawTarget::stderr());
        if let Ok(style) =
            ProgressStyle::with_template("{bar:40} {percent}% of {len} classes, {eta} left")
        {
            bar.set_style(style);
        }
        bar.set_position(covered);
        bar.reset_eta();
        bar
    })
}

/// Writes `record` to `path` as a whole file (a temporary file renamed).
fn save(path: &Path, record: &Record) -> anyhow::Result<()> {
    let mut text = Vec::new();
    record.write(&mut text)?;
    write_atomically(path, &[&text])
        .map_err(|error| anyhow::anyhow!("checkpoint '{}': {}", path.display(), io_message(&error)))
}

fn read_record(path: &Path) -> anyhow::Result<Record> {
    let name = || format!("'{}'", path.display());
    let text = std::fs::read_to_string(path)
        .map_err(|error| anyhow::anyhow!("{}: {}", name(), io_message(&error)))?;
    Record::parse(&text).with_context(name)
}

/// Scores every board of `record` again with the solver: the proof's own
/// scoring and the solver's must agree.
fn check_scores(
    record: &Record,
    dict: &boggle::Dictionary,
    rules: boggle::Rules,
) -> anyhow::Result<()> {
    let solver = Solver::new(dict, SolveOptions::new(rules));
    for found in &record.boards {
        let board = Board::parse(&found.board, dict.normalizer())
            .with_context(|| format!("board '{}' of the proof", found.board))?;
        let summary = solver.summarize_parallel(&board);
        if (summary.count as u64, summary.score) != (found.count, found.score) {
            anyhow::bail!(
                "the proof scored {} at {} points and {} words, the solver at {} and {}",
                found.board,
                found.score,
                found.count,
                summary.score,
                summary.count
            );
        }
    }
    Ok(())
}

/// `--merge`: reads every part and prints the record of the whole.
pub fn merge(paths: &[PathBuf]) -> anyhow::Result<Outcome> {
    let parts = paths
        .iter()
        .map(|path| read_record(path))
        .collect::<anyhow::Result<Vec<_>>>()?;
    let record = record::merge(&parts).context("cannot merge")?;
    let mut out = BufWriter::new(super::stdout());
    record.write(&mut out)?;
    out.flush()?;
    Ok(Outcome::Success)
}
