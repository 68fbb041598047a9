//! `boggle best`: the options of the search for the highest-scoring boards,
//! its progress on standard error and its result on standard output. A
//! Ctrl-C during the search stops it: the best boards found so far are
//! printed and the run exits 130.

use std::io::{self, BufWriter, IsTerminal, Write};
use std::sync::atomic::{AtomicBool, AtomicI32, Ordering};
use std::time::{Duration, Instant};

use anyhow::Context;
use boggle::best::{self, BestConfig, Pieces, Progress};
use boggle::dice::{self, DiceSet};
use boggle::duration::parse_duration;
use boggle::{Board, Normalizer, Tile};
use clap::{Args, ValueEnum};
use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};

use super::random::DiceArg;
use super::streams::say;
use super::{DictArgs, Interrupted, Outcome, Usage};

const EXAMPLES: &str = "\
Examples:
  boggle best --time 30s
  boggle best --size 5x5 --rules classic --time 5m
  boggle best --dice new --seed 1 --rounds 200 --top 3
  boggle best --letters aeilnrst --size 3x3 --format json
  boggle best --prove --size 3x3 --min-score 545 --dict enable2k.txt -j 2
  boggle best --prove --size 4x4 --min-score 3625 --shard 7/1001 --resume part7.ckpt > part7.txt
  boggle best --merge part*.txt";

/// How long a search runs when neither `--time` nor `--rounds` is given.
const DEFAULT_TIME: Duration = Duration::from_secs(60);

/// How long `--prove` without `--min-score` climbs first for the score to
/// prove against, when neither `--time` nor `--rounds` is given: a climb
/// finds the best 3x3 and 4x4 boards in seconds.
const PROVE_CLIMB_TIME: Duration = Duration::from_secs(20);

/// `boggle best` options.
#[derive(Debug, Args)]
#[command(after_help = EXAMPLES)]
pub struct BestArgs {
    /// Board size as RxC (e.g. 5x5) or N [default: 4x4, or the dice's own]
    #[arg(long, value_name = "RxC", value_parser = dice::parse_size)]
    size: Option<(usize, usize)>,

    /// The letters boards are made of (q is the Qu face; [th] a tile of
    /// two letters) [default: abcdefghilmnoprstuvy, a-z without j k q w x z;
    /// with --prove, a-z]
    #[arg(long, value_name = "SET", conflicts_with = "dice")]
    letters: Option<String>,

    /// Search legal rolls of this dice set only (uniform: any letter a-z)
    #[arg(long, value_enum, value_name = "DICE")]
    dice: Option<DiceArg>,

    /// How long to search: 90, 90s, 3m, 1m30s [default: 60s]
    #[arg(long, value_name = "DURATION", value_parser = parse_duration)]
    time: Option<Duration>,

    /// Search this many rounds instead of for a time: the same seed then
    /// gives the same boards on any number of threads
    #[arg(
        long,
        value_name = "N",
        conflicts_with = "time",
        value_parser = clap::value_parser!(u64).range(1..)
    )]
    rounds: Option<u64>,

    /// How many boards each climb keeps
    #[arg(
        long,
        value_name = "N",
        default_value_t = best::DEFAULT_POOL as u64,
        value_parser = clap::value_parser!(u64).range(1..=1_000_000)
    )]
    pool: u64,

    /// How many of the pool's boards each round expands, best first
    #[arg(
        long,
        value_name = "N",
        default_value_t = best::DEFAULT_EXPAND as u64,
        value_parser = clap::value_parser!(u64).range(1..=1_000_000)
    )]
    expand: u64,

    /// End a climb once its best board has not risen for N rounds, and
    /// start another from random boards (0: only when a round adds
    /// nothing) [default: 8 on boards of more than 16 cells, else 0]
    #[arg(long, value_name = "N")]
    patience: Option<u64>,

    /// Seed of the search [default: a new one, printed on standard error]
    #[arg(long, value_name = "N")]
    seed: Option<u64>,

    /// How many boards to print, best first
    #[arg(
        long,
        value_name = "K",
        default_value_t = 10,
        value_parser = clap::value_parser!(u64).range(1..=100_000)
    )]
    top: u64,

    #[command(flatten)]
    threads: super::ThreadsArg,

    /// Output format: summary (board, count, score) or json
    #[arg(long, value_enum, default_value = "summary", value_name = "FORMAT")]
    format: BestFormat,

    /// No progress on standard error
    #[arg(long, short)]
    quiet: bool,

    #[command(flatten)]
    dict: DictArgs,

    #[command(flatten)]
    rules: super::RulesArg,

    #[command(flatten)]
    proof: super::prove::ProofArgs,
}

/// The formats `best` writes.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
enum BestFormat {
    /// `<board>\t<count>\t<score>` lines
    Summary,
    /// One JSON object a line
    Json,
}

/// Set while a search runs, so that Ctrl-C stops it rather than the process.
static SEARCHING: AtomicBool = AtomicBool::new(false);

/// Set by Ctrl-C or SIGTERM during a search: the search stops and prints
/// what it found.
static STOPPED: AtomicBool = AtomicBool::new(false);

/// The signal that stopped the search, for the exit code.
static SIGNAL: AtomicI32 = AtomicI32::new(0);

/// After a search that a signal stopped, and what it found is printed:
/// the run ends with the signal's code, as any command does (130 for
/// Ctrl-C, 143 for SIGTERM).
fn stop_if_interrupted() -> Result<(), Interrupted> {
    match STOPPED.load(Ordering::SeqCst) {
        true => Err(Interrupted(SIGNAL.load(Ordering::SeqCst))),
        false => Ok(()),
    }
}

/// Called on Ctrl-C or SIGTERM: asks a running search to stop and returns
/// true, or returns false when there is none (or it was asked already), and
/// the process should end at once.
pub fn interrupt(signal: i32) -> bool {
    let stopping = SEARCHING.load(Ordering::SeqCst) && !STOPPED.swap(true, Ordering::SeqCst);
    if stopping {
        SIGNAL.store(signal, Ordering::SeqCst);
    }
    stopping
}

impl BestArgs {
    pub fn run(self) -> anyhow::Result<Outcome> {
        if !self.proof.merge.is_empty() {
            return self.proof.merge();
        }
        if !self.proof.prove && self.proof.output.is_some() {
            return Err(Usage("--output goes with --prove or --merge".into()).into());
        }
        if self.proof.prove && self.dice.is_some() {
            return Err(Usage("--prove searches --letters, not --dice".into()).into());
        }
        let threads = self.threads.policy();
        threads.run(usize::MAX, || self.search())?
    }

    /// `best` itself, on the pool of `-j`.
    fn search(self) -> anyhow::Result<Outcome> {
        let dict = self.dict.load()?;
        if self.proof.prove {
            return self.prove(&dict);
        }
        let (pieces, size) = self.pieces(self.letters.as_deref(), dict.normalizer())?;
        let (found, rules) = self.climb(&dict, pieces, size, DEFAULT_TIME)?;
        let mut out = BufWriter::new(super::stdout());
        best::write_found(
            &mut out,
            &found,
            size,
            rules,
            self.format == BestFormat::Json,
        )?;
        out.flush()?;
        stop_if_interrupted()?;
        Ok(Outcome::Success)
    }

    /// `--prove`: the proof over `--letters` (every letter by default),
    /// against `--min-score` or else the best score a climb over the same
    /// letters finds first.
    fn prove(&self, dict: &boggle::Dictionary) -> anyhow::Result<Outcome> {
        let letters = self
            .letters
            .as_deref()
            .unwrap_or(boggle::prove::DEFAULT_LETTERS);
        let (rows, cols) = self.size.unwrap_or((4, 4));
        self.proof.check((rows, cols), letters)?;
        let rules = self.rules.get().for_cells(rows * cols);
        let min_score = match self.proof.min_score {
            Some(score) => score,
            None => {
                let (pieces, size) = self.pieces(Some(letters), dict.normalizer())?;
                let (found, _) = self.climb(dict, pieces, size, PROVE_CLIMB_TIME)?;
                stop_if_interrupted()?;
                let best = found.first().map_or(1, |found| found.score.max(1));
                if !self.quiet {
                    super::streams::say(format_args!(
                        "boggle: proving against {best} points, the best score the climb found"
                    ));
                }
                best
            }
        };
        self.proof
            .run(dict, (rows, cols), letters, rules, min_score)
    }

    /// The climb: the best boards of `pieces` in a `size` board, searched for
    /// `--rounds`, `--time` or else `default_time`, with progress on standard
    /// error.
    fn climb(
        &self,
        dict: &boggle::Dictionary,
        pieces: Pieces,
        (rows, cols): (usize, usize),
        default_time: Duration,
    ) -> anyhow::Result<(Vec<boggle::scored::ScoredBoard>, boggle::Rules)> {
        let rules = self.rules.get().for_cells(rows * cols);
        let seed = self.seed.unwrap_or_else(boggle::dice::new_seed);
        let start = Instant::now();
        let deadline = match self.rounds {
            Some(_) => None,
            None => Some(start + self.time.unwrap_or(default_time)),
        };
        let config = BestConfig {
            rows,
            cols,
            pieces,
            rules,
            pool: usize::try_from(self.pool).context("the pool is too large for this machine")?,
            expand: usize::try_from(self.expand)
                .context("--expand is too large for this machine")?,
            patience: match self.patience {
                Some(0) => None,
                Some(patience) => Some(patience),
                None => best::default_patience(rows * cols),
            },
            seed,
            top: usize::try_from(self.top).context("--top is too large for this machine")?,
            rounds: self.rounds,
            deadline,
        };
        let mut shown = Shown::new(self.quiet, start);
        // A seed nobody chose is printed, once the search is under way, so
        // that it can be run again.
        shown.seed = self.seed.is_none().then_some(seed);
        SEARCHING.store(true, Ordering::SeqCst);
        let found = best::search(dict, &config, &STOPPED, |progress| shown.update(progress));
        SEARCHING.store(false, Ordering::SeqCst);
        shown.finish();
        let found = found.map_err(|error| Usage(error.to_string()))?;
        Ok((found, rules))
    }

    /// What the boards are made of, and their size.
    fn pieces(
        &self,
        letters: Option<&str>,
        normalizer: &Normalizer,
    ) -> Result<(Pieces, (usize, usize)), Usage> {
        let lang = self.dict.lang.unwrap_or_default();
        let dice = self.dice.map(|dice| dice.set(lang, self.size));
        match dice {
            Some(set) if set != DiceSet::Uniform => {
                let own = set.size().unwrap_or((4, 4));
                match self.size {
                    Some(size) if size != own => Err(Usage(format!(
                        "the {set} dice fill a {}x{} board, not {}x{}",
                        own.0, own.1, size.0, size.1
                    ))),
                    _ => Ok((Pieces::Dice(set), own)),
                }
            }
            _ => {
                let text = match (letters, dice) {
                    (Some(letters), _) => letters,
                    (None, Some(_)) => "abcdefghijklmnopqrstuvwxyz",
                    (None, None) => best::DEFAULT_LETTERS,
                };
                let letters = parse_letters(text, normalizer)?;
                Ok((Pieces::Letters(letters), self.size.unwrap_or((4, 4))))
            }
        }
    }
}

/// The tiles of `--letters`, read as a row of a board (so `q` is the Qu
/// face and `[th]` one tile), each once.
fn parse_letters(text: &str, normalizer: &Normalizer) -> Result<Vec<Tile>, Usage> {
    // A trailing `/` makes any number of tiles one row.
    let row = format!("{}/", text.trim_end_matches('/'));
    let board = Board::parse(&row, normalizer)
        .map_err(|error| Usage(format!("--letters '{text}': {error}")))?;
    let mut tiles: Vec<Tile> = Vec::new();
    for tile in board.into_tiles() {
        if matches!(tile, Tile::Blank | Tile::Wildcard) {
            return Err(Usage(format!(
                "--letters '{text}': '{tile}' is not a letter"
            )));
        }
        if !tiles.contains(&tile) {
            tiles.push(tile);
        }
    }
    Ok(tiles)
}

/// The progress shown on standard error: a spinner line on a terminal, a
/// plain line per better board otherwise, nothing with `--quiet`.
struct Shown {
    quiet: bool,
    /// A seed to print before the first progress.
    seed: Option<u64>,
    start: Instant,
    bar: Option<ProgressBar>,
}

impl Shown {
    fn new(quiet: bool, start: Instant) -> Shown {
        let bar = (!quiet && io::stderr().is_terminal()).then(|| {
            let bar = ProgressBar::with_draw_target(None, ProgressDrawTarget::stderr());
            if let Ok(style) = ProgressStyle::with_template("{spinner} {elapsed} {msg}") {
                bar.set_style(style);
            }
            bar.enable_steady_tick(Duration::from_millis(200));
            bar
        });
        Shown {
            quiet,
            seed: None,
            start,
            bar,
        }
    }

    fn update(&mut self, progress: &Progress<'_>) {
        if self.quiet {
            return;
        }
        if let Some(seed) = self.seed.take() {
            match &self.bar {
                Some(bar) => bar.println(format!("seed: {seed}")),
                None => say(format_args!("seed: {seed}")),
            }
        }
        let elapsed = self.start.elapsed().as_secs_f64();
        let rate = progress.scored as f64 / elapsed.max(1e-9);
        let best = progress.best.map_or(String::new(), |best| {
            format!("best {} ({} words) {}", best.score, best.count, best.board)
        });
        match &self.bar {
            Some(bar) => bar.set_message(format!(
                "{:.0} boards/s, round {}, climb {}, {best}",
                rate, progress.rounds, progress.climbs
            )),
            None if progress.improved => {
                say(format_args!(
                    "{elapsed:.2} s: {best}, {} boards scored, {:.0} boards/s",
                    progress.scored, rate
                ));
            }
            None => {}
        }
    }

    fn finish(&mut self) {
        if let Some(bar) = self.bar.take() {
            bar.finish_and_clear();
        }
    }
}

#[cfg(test)]
mod tests {
    use super::super::Cli;
    use boggle::best;
    use clap::CommandFactory;

    /// The help of `--patience` names the default the search applies.
    #[test]
    fn the_help_names_the_default_patience() {
        let mut command = Cli::command();
        let help = command
            .find_subcommand_mut("best")
            .expect("the best command")
            .render_long_help()
            .to_string();
        let help = help.split_whitespace().collect::<Vec<_>>().join(" ");
        let expected = format!(
            "[default: {} on boards of more than {} cells, else 0]",
            best::DEFAULT_PATIENCE,
            best::PATIENT_CELLS
        );
        assert!(help.contains(&expected), "{help}");
        assert_eq!(best::default_patience(best::PATIENT_CELLS), None);
        assert_eq!(
            best::default_patience(best::PATIENT_CELLS + 1),
            Some(best::DEFAULT_PATIENCE)
        );
    }
}
