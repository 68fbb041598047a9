//! `boggle best --prove` and `boggle best --merge`: the exhaustive proof of
//! the best boards of a size, run whole or as parts (`--shard K/N`), with a
//! checkpoint to resume from (`--resume FILE`), and the merge of the parts'
//! outputs into the record of the whole proof.

use std::io::{self, BufWriter, IsTerminal, Write};
use std::path::{Path, PathBuf};
use std::sync::Mutex;
use std::time::{Duration, Instant};

use anyhow::Context;
use boggle::atomic_file::write_atomically;
use boggle::dict::input::io_message;
use boggle::prove::record::{self, Record, Tally};
use boggle::prove::{Part, ProveConfig, Prover};
use boggle::{Board, Dictionary, Rules, SolveOptions, Solver};
use clap::Args;
use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};

use super::{Outcome, Usage};

/// How often, at most, a checkpoint is written while a proof runs: when a
/// class ends and this long has passed since the last one.
const CHECKPOINT_EVERY: Duration = Duration::from_secs(10);

/// The checkpoint a signal writes before the run ends: its file and the
/// text of every class searched so far, renewed as each class ends.
static ON_SIGNAL: Mutex<Option<(PathBuf, Vec<u8>)>> = Mutex::new(None);

/// Called when Ctrl-C or SIGTERM ends the run (Slurm sends SIGTERM before
/// it preempts or cancels a task): writes the checkpoint of a running
/// proof, so that only the classes in progress are searched again.
pub fn save_checkpoint_on_signal() {
    let pending = ON_SIGNAL.lock().unwrap_or_else(|e| e.into_inner()).take();
    if let Some((path, text)) = pending {
        let _ = write_atomically(&path, &[&text]);
    }
}

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

    /// Keep a checkpoint in FILE (its folder is made if need be), and
    /// continue from it when it exists. It holds the classes searched to
    /// their end: it is written when a class ends, at most every 10 s, and
    /// on Ctrl-C or SIGTERM, so a stop loses only the classes in progress
    #[arg(long, value_name = "FILE", requires = "prove", help_heading = "Proof")]
    resume: Option<PathBuf>,

    /// Write the proof's or the merge's output to FILE (its folder is made
    /// if need be), whole once done, or not at all: a part stopped halfway
    /// leaves no file behind [default: standard output]
    #[arg(short = 'o', long, value_name = "FILE", help_heading = "Proof")]
    pub output: Option<PathBuf>,

    /// Combine the outputs of all the parts of a proof into its result
    #[arg(long, value_name = "FILE", num_args = 1.., conflicts_with = "prove",
          help_heading = "Proof")]
    pub merge: Vec<PathBuf>,
}

impl ProofArgs {
    /// Refuses at once a proof that cannot start (a size or letters the
    /// proof does not take), before a climb finds its target.
    pub fn check(&self, (rows, cols): (usize, usize), letters: &str) -> anyhow::Result<()> {
        boggle::prove::check(rows, cols, &lower(letters))
            .map_err(|error| Usage(error.to_string()))?;
        Ok(())
    }

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
        let letters = lower(letters);
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
        if let Some(path) = &self.resume {
            make_parent(path, "checkpoint")?;
        }
        if let Some(path) = &self.output {
            make_parent(path, "output")?;
        }
        let tally = match &self.resume {
            Some(path) if path.exists() => {
                let record = read_record(path)?;
                Tally::resume(record, prover.setting(), part, total)
                    .with_context(|| format!("checkpoint '{}'", path.display()))?
            }
            _ => Tally::new(prover.setting(), part, total),
        };
        let started = Instant::now();
        if let Some(path) = &self.resume {
            // The checkpoint exists from the start, so a part stopped before
            // its first class ends is seen as started and unfinished.
            let mut text = Vec::new();
            tally.record(0.0, true).write(&mut text)?;
            write_atomically(path, &[&text]).map_err(|error| {
                anyhow::anyhow!("checkpoint '{}': {}", path.display(), io_message(&error))
            })?;
            *ON_SIGNAL.lock().unwrap_or_else(|e| e.into_inner()) = Some((path.clone(), text));
        }
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
            let Some(path) = &self.resume else {
                return;
            };
            let checkpoint = tally.record(started.elapsed().as_secs_f64(), true);
            let mut text = Vec::new();
            if checkpoint.write(&mut text).is_ok() {
                *ON_SIGNAL.lock().unwrap_or_else(|e| e.into_inner()) = Some((path.clone(), text));
            }
            if saved.elapsed() >= CHECKPOINT_EVERY && result.is_ok() {
                *result = save(path, &checkpoint);
                *saved = Instant::now();
            }
        });
        if let Some(bar) = bar {
            bar.finish_and_clear();
        }
        let (tally, _, result) = state.into_inner().unwrap_or_else(|e| e.into_inner());
        ON_SIGNAL.lock().unwrap_or_else(|e| e.into_inner()).take();
        result?;
        let seconds = started.elapsed().as_secs_f64();
        if let Some(path) = &self.resume {
            save(path, &tally.record(seconds, true))?;
        }
        let record = tally.record(seconds, false);
        check_scores(&record, dict, rules)?;
        self.write(&record)?;
        Ok(Outcome::Success)
    }

    /// `--merge`: reads every part and writes the record of the whole. An
    /// empty file is a part that was stopped before it wrote its output (a
    /// shell's `> FILE` makes the file first): every such file is named.
    pub fn merge(&self) -> anyhow::Result<Outcome> {
        let paths = &self.merge;
        let empty: Vec<String> = paths
            .iter()
            .filter(|path| {
                std::fs::metadata(path).is_ok_and(|meta| meta.is_file() && meta.len() == 0)
            })
            .map(|path| path.display().to_string())
            .collect();
        if !empty.is_empty() {
            let files = match empty.len() {
                1 => "1 part file is empty, so its part did not finish".to_owned(),
                n => format!("{n} part files are empty, so their parts did not finish"),
            };
            anyhow::bail!("cannot merge: {files}: {}", empty.join(", "));
        }
        let parts = paths
            .iter()
            .map(|path| read_record(path))
            .collect::<anyhow::Result<Vec<_>>>()?;
        let record = record::merge(&parts).context("cannot merge")?;
        if let Some(path) = &self.output {
            make_parent(path, "output")?;
        }
        self.write(&record)?;
        Ok(Outcome::Success)
    }

    /// Writes `record` to `--output` whole, or to standard output.
    fn write(&self, record: &Record) -> anyhow::Result<()> {
        match &self.output {
            Some(path) => {
                let mut text = Vec::new();
                record.write(&mut text)?;
                write_atomically(path, &[&text]).map_err(|error| {
                    anyhow::anyhow!("output '{}': {}", path.display(), io_message(&error))
                })
            }
            None => {
                let mut out = BufWriter::new(super::stdout());
                record.write(&mut out)?;
                out.flush()?;
                Ok(())
            }
        }
    }
}

/// The letters of `--letters` as the proof takes them.
fn lower(letters: &str) -> Vec<char> {
    letters.chars().flat_map(char::to_lowercase).collect()
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

/// Makes the folder that will hold `path`, the proof's `what`.
fn make_parent(path: &Path, what: &str) -> anyhow::Result<()> {
    match path.parent() {
        Some(parent) if !parent.as_os_str().is_empty() => {
            std::fs::create_dir_all(parent).map_err(|error| {
                anyhow::anyhow!("{what} '{}': {}", path.display(), io_message(&error))
            })
        }
        _ => Ok(()),
    }
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
