//! How good the boards of a dice set are: roll many, solve them all, and
//! summarise their scores and word counts (`boggle stats`).
//!
//! [`collect`] rolls boards from one generator in order, a chunk at a time,
//! and solves each chunk over rayon's current pool with one [`Scratch`] per
//! worker; results are kept in roll order, so the figures never depend on
//! the thread count. [`write_stats`] prints them. Drawing a progress bar is
//! left to the caller, which [`collect`] tells how far it got.

use std::collections::BTreeMap;
use std::io::{self, Write};

use rayon::prelude::*;

use crate::board::Board;
use crate::dice::{BoardRng, Roller};
use crate::solve::{Scratch, Solver};

/// Boards rolled, then solved in parallel, at a time.
pub const CHUNK: usize = 1024;

/// The summary of one quantity over every board.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Figures {
    /// The mean.
    pub mean: f64,
    /// Twice the median: the two middle values added when the count is
    /// even, so the median is exact (`x` or `x.5`).
    pub median_twice: u64,
    /// The 90th percentile, by nearest rank: the smallest value at least
    /// 90% of the boards do not exceed.
    pub p90: u64,
    /// The maximum.
    pub max: u64,
}

/// The best board rolled: the highest score, the first rolled on a tie.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Best {
    /// The board.
    pub board: Board,
    /// Its score.
    pub score: u64,
    /// Its word count.
    pub words: u64,
}

/// What [`collect`] found.
#[derive(Clone, Debug, PartialEq)]
pub struct Stats {
    /// Boards rolled and solved.
    pub boards: usize,
    /// Their scores.
    pub score: Figures,
    /// Their word counts.
    pub words: Figures,
    /// The best of them; `None` when no board was rolled.
    pub best: Option<Best>,
}

/// Rolls `count` boards with `roller` from `rng` and solves them with
/// `solver`, calling `progress` with the number of boards done after each
/// chunk.
pub fn collect(
    solver: &Solver<'_>,
    roller: &Roller,
    rng: &mut BoardRng,
    count: usize,
    progress: &mut dyn FnMut(usize),
) -> Stats {
    let mut scores = Tally::default();
    let mut words = Tally::default();
    let mut best: Option<Best> = None;
    let mut done = 0;
    while done < count {
        let size = CHUNK.min(count - done);
        let boards: Vec<Board> = (0..size).map(|_| roller.roll(rng)).collect();
        let summaries: Vec<(u64, u64)> = boards
            .par_iter()
            .map_init(Scratch::default, |scratch, board| {
                let solution = solver.solve_with(board, scratch);
                (solution.score(), solution.words.len() as u64)
            })
            .collect();
        for (board, (score, count)) in boards.into_iter().zip(summaries) {
            if best.as_ref().is_none_or(|best| score > best.score) {
                best = Some(Best {
                    board,
                    score,
                    words: count,
                });
            }
            scores.add(score);
            words.add(count);
        }
        done += size;
        progress(done);
    }
    Stats {
        boards: count,
        score: scores.figures(),
        words: words.figures(),
        best,
    }
}

/// How many boards had each value, and their sum: the figures come out
/// exact, in memory that grows with the distinct values (a few thousand
/// scores at most), not with the boards (`-n` can be in the billions).
#[derive(Clone, Debug, Default)]
struct Tally {
    counts: BTreeMap<u64, u64>,
    n: u64,
    sum: u128,
}

impl Tally {
    fn add(&mut self, value: u64) {
        *self.counts.entry(value).or_default() += 1;
        self.n += 1;
        self.sum += u128::from(value);
    }

    /// The value of rank `rank` (from 0) in increasing order.
    fn nth(&self, rank: u64) -> u64 {
        let mut below = 0;
        for (&value, &count) in &self.counts {
            below += count;
            if rank < below {
                return value;
            }
        }
        0
    }

    /// The figures of the values; all zero when there is none.
    fn figures(&self) -> Figures {
        let n = self.n;
        if n == 0 {
            return Figures {
                mean: 0.0,
                median_twice: 0,
                p90: 0,
                max: 0,
            };
        }
        let median_twice = if n % 2 == 1 {
            2 * self.nth(n / 2)
        } else {
            self.nth(n / 2 - 1) + self.nth(n / 2)
        };
        Figures {
            // The sum is exact in integers; only the one division is in floats.
            mean: self.sum as f64 / n as f64,
            median_twice,
            p90: self.nth((9 * u128::from(n)).div_ceil(10) as u64 - 1),
            max: self.counts.keys().next_back().copied().unwrap_or(0),
        }
    }
}

/// A median given twice over, written exactly: `12` or `12.5`.
fn median_text(median_twice: u64) -> String {
    match median_twice % 2 {
        0 => (median_twice / 2).to_string(),
        _ => format!("{}.5", median_twice / 2),
    }
}

/// Writes the figures as a small table, then the best board:
///
/// ```text
///          mean  median  90th pct  max
/// score  431.50   431.5       862  862
/// words  174.00     174       347  347
/// best board: ab/cd (862 points, 347 words)
/// ```
pub fn write_stats<W: Write>(out: &mut W, stats: &Stats) -> io::Result<()> {
    let header = ["", "mean", "median", "90th pct", "max"];
    let row = |name: &str, f: &Figures| {
        [
            name.to_string(),
            format!("{:.2}", f.mean),
            median_text(f.median_twice),
            f.p90.to_string(),
            f.max.to_string(),
        ]
    };
    let rows = [
        header.map(String::from),
        row("score", &stats.score),
        row("words", &stats.words),
    ];
    let widths: Vec<usize> = (0..header.len())
        .map(|col| {
            rows.iter()
                .map(|r| r[col].chars().count())
                .max()
                .unwrap_or(0)
        })
        .collect();
    for cells in &rows {
        let mut line = String::new();
        for (col, cell) in cells.iter().enumerate() {
            let width = widths[col];
            if col == 0 {
                line.push_str(&format!("{cell:<width$}"));
            } else {
                line.push_str(&format!("  {cell:>width$}"));
            }
        }
        writeln!(out, "{line}")?;
    }
    if let Some(best) = &stats.best {
        let points = if best.score == 1 { "point" } else { "points" };
        let words = if best.words == 1 { "word" } else { "words" };
        writeln!(
            out,
            "best board: {} ({} {points}, {} {words})",
            best.board, best.score, best.words
        )?;
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::alphabet::Normalizer;
    use crate::dice::DiceSet;
    use crate::dict::Dictionary;
    use crate::solve::SolveOptions;

    /// The figures of `values`, by the tally.
    fn figures(values: Vec<u64>) -> Figures {
        let mut tally = Tally::default();
        values.into_iter().for_each(|value| tally.add(value));
        tally.figures()
    }

    /// The figures of `values` from the values sorted, as the definitions
    /// say them: the tally's independent check.
    fn sorted_figures(mut values: Vec<u64>) -> Figures {
        values.sort_unstable();
        let n = values.len();
        Figures {
            mean: values.iter().map(|&v| v as f64).sum::<f64>() / n as f64,
            median_twice: values[(n - 1) / 2] + values[n / 2],
            p90: values[(9 * n).div_ceil(10) - 1],
            max: values[n - 1],
        }
    }

    #[test]
    fn the_tally_gives_the_figures_of_the_sorted_values() {
        let mut rng = BoardRng::new(3);
        for n in 1..300 {
            let spread = 1 + rng.below(2000);
            let values: Vec<u64> = (0..n).map(|_| u64::from(rng.below(spread))).collect();
            let (tally, sorted) = (figures(values.clone()), sorted_figures(values.clone()));
            assert_eq!(
                (tally.median_twice, tally.p90, tally.max),
                (sorted.median_twice, sorted.p90, sorted.max),
                "{values:?}"
            );
            assert!((tally.mean - sorted.mean).abs() < 1e-9, "{values:?}");
        }
    }

    #[track_caller]
    fn check_figures(values: &[u64], mean: f64, median: &str, p90: u64, max: u64) {
        let f = figures(values.to_vec());
        assert_eq!(f.mean, mean, "{values:?}");
        assert_eq!(median_text(f.median_twice), median, "{values:?}");
        assert_eq!((f.p90, f.max), (p90, max), "{values:?}");
    }

    #[test]
    fn figures_by_hand() {
        // Worked out by hand from the definitions above.
        check_figures(&[5], 5.0, "5", 5, 5);
        check_figures(&[3, 1], 2.0, "2", 3, 3);
        check_figures(&[1, 2], 1.5, "1.5", 2, 2);
        check_figures(&[4, 1, 3, 2], 2.5, "2.5", 4, 4);
        // Ten values 1..=10: nearest rank 9 of 10 is 9.
        check_figures(&[10, 9, 8, 7, 6, 5, 4, 3, 2, 1], 5.5, "5.5", 9, 10);
        // Eleven values 0..=10: rank ceil(9.9) = 10, the value 9.
        check_figures(&[0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10], 5.0, "5", 9, 10);
        check_figures(&[], 0.0, "0", 0, 0);
    }

    #[test]
    fn same_figures_on_any_pool() {
        let dict = Dictionary::from_words(
            [
                "tea", "eat", "ate", "tan", "ant", "net", "ten", "seat", "east", "rat", "tar",
                "art",
            ],
            Normalizer::default(),
        )
        .unwrap();
        let solver = Solver::new(&dict, SolveOptions::default());
        let roller = Roller::new(DiceSet::New, None).unwrap();
        let run = |threads: usize| {
            let pool = rayon::ThreadPoolBuilder::new()
                .num_threads(threads)
                .build()
                .unwrap();
            pool.install(|| {
                let mut calls = Vec::new();
                let stats = collect(&solver, &roller, &mut BoardRng::new(1), 2500, &mut |done| {
                    calls.push(done)
                });
                (stats, calls)
            })
        };
        let (one, calls) = run(1);
        assert_eq!(calls, [1024, 2048, 2500]);
        assert_eq!(one.boards, 2500);
        assert!(
            one.score.max > 0,
            "no word on 2500 boards: the solver did not run"
        );
        assert_eq!(run(2).0, one);
        assert_eq!(run(1).0, one);
        // The best board is the first of the highest score, solved again.
        let best = one.best.unwrap();
        assert_eq!(solver.solve(&best.board).score(), best.score);
        assert_eq!(best.score, one.score.max);
    }

    #[test]
    fn table() {
        let board = Board::parse("abcd", &Normalizer::default()).unwrap();
        let stats = Stats {
            boards: 2,
            score: figures(vec![1, 862]),
            words: figures(vec![1, 347]),
            best: Some(Best {
                board,
                score: 862,
                words: 347,
            }),
        };
        let mut out = Vec::new();
        write_stats(&mut out, &stats).unwrap();
        assert_eq!(
            String::from_utf8(out).unwrap(),
            "         mean  median  90th pct  max\n\
             score  431.50   431.5       862  862\n\
             words  174.00     174       347  347\n\
             best board: ab/cd (862 points, 347 words)\n"
        );
    }
}
