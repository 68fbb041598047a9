//! `boggle best --prove`: an exhaustive proof of the best boards of a size.
//!
//! The space of boards is split into classes, each cell a set of letters:
//! first by buckets of letters ([`Prover::classes`] of them, one per way to
//! give every cell one of its buckets, only the least of each set of turned
//! or mirrored ones; a class too big for one tree is halved). Each class is
//! bounded from above by an orderly tree of sums and choices ([`tree`]); a
//! class whose bound is below the target is discarded whole, any other is
//! split by fixing the next cell in the set order to each of its letters in
//! turn (forcing the tree while its bound is high, descending it after),
//! down to single boards, which are scored exactly. The classes are dealt out in turn to parts
//! ([`Part`]) so a proof can run as independent tasks; [`record`] writes a
//! part's result, reads it back and merges parts.

pub mod grid;
pub mod lexicon;
pub mod record;
pub mod tree;

use std::fmt;
use std::sync::Mutex;

use rayon::prelude::*;

use crate::scored::ScoredBoard;
use crate::{Dictionary, Rules};
use grid::{Grid, MAX_CELLS};
use lexicon::Lexicon;
use tree::{End, End12, End16, End25, TreeBuilder};

/// The most paths a class's tree is made from (about 65 to 80 bytes each
/// while it is made: the path, 16 bytes up to 12 cells, 24 up to 16 and
/// 32 above, and about three nodes of 16 bytes; and a second array of up
/// to 4 million paths for the sort, `tree::SORT_APART`); a class with
/// more is halved on its
/// widest cell first. Halving costs time twice over: the paths that avoid the
/// cell are walked and built into both halves, and each half is forced on
/// its own. Measured in CPU time, one thread (1 Dec 2026,
/// docs/proofs.md): five sampled parts of the 4×4 proof took 128 s
/// at 16 million against 268 s at 4 million, 16 parts of the 3×4 proof
/// 346 s against 357 s; the heaviest part of the 4×4 sample took 1.7 GB
/// (0.6 GB at 4 million).
pub const MOST_PATHS: usize = 16_000_000;

/// [`MOST_PATHS`] for grids of up to [`SMALL_CELLS`] cells, whose parts
/// take less memory than the 4×4 proof's: fewer 3×4 classes are halved.
/// Measured in CPU time, one thread (7 Dec 2026, docs/proofs.md): seven
/// parts of 41 of the 3×4 proof took 663.4 s against 687.5 s at 16
/// million (seven parts of 205, 157.5 s against 160.8 s), at up to
/// 1,681 MB a part against 1,434; the 3×3 proof, whose classes stay under
/// 16 million, the same. Since the corners of 3×4 take one letter set
/// ([`ONE_SET_CORNERS`]), 24 million put part 17 of 41 at 2,059 MB, over
/// the 2 GB a Slurm task of docs/slurm.md asks for: at 23 million it took
/// 1,915 MB and 1.07 times as long (both at once; part 35, which halves
/// nothing more, 1.03 times, the noise); at 20 million, 1,534–1,604 MB
/// a part but 1.17–1.34 times as long.
const MOST_PATHS_SMALL: usize = 23_000_000;

/// Cells are fixed by forcing (merging a subtree into the root, which
/// tightens the bound) while the bound is above this many times the target,
/// and by [`tree::TreeBuilder::descend`], which makes nothing new, once it
/// is at or below. Measured in CPU time: on a fifth of the 3×3 proof, 5.7 s
/// at 2 times, 6.2 s at 1.5 and 3 times; on a sampled part of the 4×4
/// proof, 20 s at 2 times, 22 s at 1.5, 69 s forcing only the first cell.
/// With the larger classes of the border split (2 Dec 2026,
/// docs/proofs.md), each beside the other, the 4×4 proof still wants 2:
/// five light parts took 233.7 s at 3 times against 244.8 s at 2, but the
/// heavy parts that carry its cost took longer (one of them 92.0 s against
/// 84.9 s); see [`DESCEND_BELOW_SMALL`] for grids of up to 12 cells.
const DESCEND_BELOW: u64 = 2;

/// [`DESCEND_BELOW`] for grids of up to [`SMALL_CELLS`] cells, whose
/// classes are cheaper to descend than to force from 3 times the target:
/// 16 sampled parts of the 3×4 proof took 172.6 s at 3 times against
/// 189.1 s at 2, and 98.0 s against 127.1 s at 5 on the first ten of them.
/// Still so once the descent counted a cell's letters only when a bound
/// asks (6 Dec 2026, docs/proofs.md): seven parts of 205 took 1.05 times
/// as long at 2.5 times and 1.14 times as long at 4.
const DESCEND_BELOW_SMALL: u64 = 3;

/// See [`DESCEND_BELOW_SMALL`].
const SMALL_CELLS: usize = 12;

/// Grids of up to this many cells with cells inside the border (3×3 and
/// 3×4) give their corners one letter set, every letter ([`Buckets`]).
/// Measured in CPU time (7 Dec 2026, docs/proofs.md): the whole 3×4 proof
/// as one process took 0.93 CPU-hours with one set at the corners against
/// 1.08 with two. On a grid of two rows the corners are most of its cells,
/// and a class of them is too big: part 2 of 5 of the 2×3 proof against 5
/// points took 127 s and 3.0 GB with one set at its corners, 18 s and
/// 0.6 GB without.
const ONE_SET_CORNERS: usize = 12;

/// A class whose bound is still above this many times the target once
/// [`REBUILD_FROM`] cells are fixed by merging has its cells fixed by
/// rebuilding the tree from its paths from then on
/// ([`tree::TreeBuilder::force_rebuilt`], which drops the paths another
/// path of the same word covers), while the bound stays above; by merging
/// after. Measured in CPU time (docs/proofs.md): the class of the best
/// 4×4 board with three cells fixed, 7.6 s against 21.8 s merging; on
/// ordinary 4×4 parts, rebuilding from the first cell cost 11–13% more.
const REBUILD_ABOVE: u64 = 5;

/// See [`REBUILD_ABOVE`].
const REBUILD_FROM: usize = 3;

/// The letters searched when none are given.
pub const DEFAULT_LETTERS: &str = "abcdefghijklmnopqrstuvwxyz";

/// The most letters a search can take: letters are bits of a `u32`.
pub const MAX_LETTERS: usize = 32;

/// How a proof lays out its paths ([`tree::End`]): in the fewest bytes
/// its grid and its words' points allow.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
enum Layout {
    /// [`End12`], 16 bytes, up to 12 cells. Measured in CPU time (7 Dec
    /// 2026, docs/proofs.md): two parts of 41 of the 3×4 proof took 86.4 s
    /// against 88.9 s with [`End16`], at 1,693–1,752 MB a part against
    /// 1,910–1,967.
    Twelve,
    /// [`End16`], 24 bytes, up to 16 cells.
    Sixteen,
    /// [`End25`], 32 bytes.
    Any,
}

/// What to prove.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ProveConfig {
    pub rows: usize,
    pub cols: usize,
    /// The letters a cell may hold, distinct; `q` is the Qu tile.
    pub letters: Vec<char>,
    pub rules: Rules,
    /// Every board scoring at least this is found; the others are ruled out.
    pub min_score: u64,
}

/// Why a proof cannot start.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ProveError {
    /// No cell, or more than [`MAX_CELLS`].
    Size { rows: usize, cols: usize },
    /// No letter, more than [`MAX_LETTERS`], or one twice.
    Letters(String),
    /// A part that is not one of `1..=count`.
    Part { index: u64, count: u64 },
}

impl fmt::Display for ProveError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ProveError::Size { rows, cols } => write!(
                f,
                "a proof takes boards of 1 to {MAX_CELLS} cells, not {rows}x{cols}"
            ),
            ProveError::Letters(why) => f.write_str(why),
            ProveError::Part { index, count } => {
                write!(
                    f,
                    "part {index}/{count} does not exist (expected K/N with 1 <= K <= N)"
                )
            }
        }
    }
}

impl std::error::Error for ProveError {}

/// One of `count` parts of the class space: part `index` (from 1) takes the
/// classes numbered `index - 1`, `index - 1 + count`, `index - 1 + 2 count` …,
/// dealt in turn so that every part is a sample of the whole.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Part {
    pub index: u64,
    pub count: u64,
}

impl Part {
    /// The whole space as one part.
    pub const WHOLE: Part = Part { index: 1, count: 1 };

    /// Part `index` of `count`, checked.
    pub fn new(index: u64, count: u64) -> Result<Part, ProveError> {
        if index == 0 || index > count {
            return Err(ProveError::Part { index, count });
        }
        Ok(Part { index, count })
    }
}

impl fmt::Display for Part {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}/{}", self.index, self.count)
    }
}

impl std::str::FromStr for Part {
    type Err = PartError;

    /// Reads `K/N`, as `--shard` takes it.
    fn from_str(text: &str) -> Result<Part, PartError> {
        let bad = || PartError {
            text: text.to_owned(),
        };
        let (index, count) = text.split_once('/').ok_or_else(bad)?;
        let (index, count) = (
            index.trim().parse().map_err(|_| bad())?,
            count.trim().parse().map_err(|_| bad())?,
        );
        Part::new(index, count).map_err(|_| bad())
    }
}

/// Text that is not a part `K/N` with 1 ≤ K ≤ N.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PartError {
    /// The text given.
    pub text: String,
}

impl fmt::Display for PartError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "'{}' is not a part (expected K/N with 1 <= K <= N, such as 3/10)",
            self.text
        )
    }
}

impl std::error::Error for PartError {}

/// What one class of the first split gave.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ClassReport {
    /// Its position in the part (0, 1, 2 …).
    pub position: u64,
    /// Whether it was searched: classes that are a turned or mirrored form
    /// of another are skipped.
    pub examined: bool,
    /// How many bounds were computed in it.
    pub bounds: u64,
    /// The boards at or above the target in it.
    pub boards: Vec<ScoredBoard>,
}

/// A proof ready to run: the grid, the word list over the letters, the
/// buckets of the first split.
#[derive(Debug)]
pub struct Prover {
    config: ProveConfig,
    grid: Grid,
    lexicon: Lexicon,
    /// The letter sets of the first split.
    buckets: Buckets,
    /// How many classes the first split makes: the product over the cells
    /// of their number of letter sets.
    classes: u64,
    /// The dictionary's content, hashed, and its word count.
    dictionary: String,
    /// The most paths a class's tree is made from ([`MOST_PATHS`]).
    most_paths: usize,
    /// Cells are fixed by rebuilding while the bound is above this many
    /// times the target ([`REBUILD_ABOVE`]),
    rebuild_above: u64,
    /// from the time this many cells are fixed ([`REBUILD_FROM`]).
    rebuild_from: usize,
    /// The smallest layout the paths of this proof fit.
    layout: Layout,
    /// Cells are fixed by descending once a bound is at most this many
    /// times the target ([`DESCEND_BELOW`], [`DESCEND_BELOW_SMALL`]).
    descend_below: u64,
}

/// Whether a proof of `rows` × `cols` boards over `letters` can start,
/// before anything is made for it (its target aside): the error
/// [`Prover::new`] would give.
pub fn check(rows: usize, cols: usize, letters: &[char]) -> Result<Grid, ProveError> {
    let grid = Grid::new(rows, cols).ok_or(ProveError::Size { rows, cols })?;
    check_letters(letters)?;
    Ok(grid)
}

impl Prover {
    /// Prepares the proof of `config` over the words of `dict`.
    pub fn new(dict: &Dictionary, config: ProveConfig) -> Result<Prover, ProveError> {
        let grid = check(config.rows, config.cols, &config.letters)?;
        let lexicon = Lexicon::new(dict, &config.letters, config.rules, grid.cells());
        let buckets = Buckets::new(&config.letters, &grid);
        let classes = (0..grid.cells())
            .try_fold(1u64, |classes, cell| {
                classes.checked_mul(buckets.of(cell).len() as u64)
            })
            .unwrap_or(u64::MAX);
        let cells = grid.cells();
        let fits = |most_cells: usize, most_points: u32| {
            cells <= most_cells && config.rules.score(cells) <= most_points
        };
        let layout = if fits(End12::MOST_CELLS, End12::MOST_POINTS) {
            Layout::Twelve
        } else if fits(End16::MOST_CELLS, End16::MOST_POINTS) {
            Layout::Sixteen
        } else {
            Layout::Any
        };
        let mut hasher = crc32fast::Hasher::new();
        hasher.update(dict.trie().image());
        let dictionary = format!(
            "crc32 {:08x}, {} words",
            hasher.finalize(),
            dict.word_count()
        );
        Ok(Prover {
            config,
            grid,
            lexicon,
            buckets,
            classes,
            dictionary,
            most_paths: if cells <= SMALL_CELLS {
                MOST_PATHS_SMALL
            } else {
                MOST_PATHS
            },
            rebuild_above: REBUILD_ABOVE,
            rebuild_from: REBUILD_FROM,
            layout,
            descend_below: if cells <= SMALL_CELLS {
                DESCEND_BELOW_SMALL
            } else {
                DESCEND_BELOW
            },
        })
    }

    pub fn config(&self) -> &ProveConfig {
        &self.config
    }

    /// The dictionary as records name it: its content hash and word count.
    pub fn dictionary(&self) -> &str {
        &self.dictionary
    }

    /// How many classes the first split makes, all parts together.
    pub fn classes(&self) -> u64 {
        self.classes
    }

    /// How many classes of the first split fall to `part`.
    pub fn part_len(&self, part: Part) -> u64 {
        let first = part.index - 1;
        if first >= self.classes {
            0
        } else {
            (self.classes - first).div_ceil(part.count)
        }
    }

    /// Searches the classes of `part` whose position `skip` does not
    /// refuse, on rayon's current pool, and gives each one's report to
    /// `on_class` as it ends (in no set order).
    pub fn run(
        &self,
        part: Part,
        skip: &(dyn Fn(u64) -> bool + Sync),
        on_class: &(dyn Fn(ClassReport) + Sync),
    ) {
        match self.layout {
            Layout::Twelve => self.run_with::<End12>(part, skip, on_class),
            Layout::Sixteen => self.run_with::<End16>(part, skip, on_class),
            Layout::Any => self.run_with::<End25>(part, skip, on_class),
        }
    }

    /// [`run`](Self::run), with the paths laid out as `E`.
    fn run_with<E: End>(
        &self,
        part: Part,
        skip: &(dyn Fn(u64) -> bool + Sync),
        on_class: &(dyn Fn(ClassReport) + Sync),
    ) {
        // Positions go to the pool a slice at a time, so a part of
        // millions of classes never lists them all at once. Each thread
        // keeps one scratch for the whole run: a class's tree can take
        // hundreds of megabytes, too much to allocate and fault in again
        // for every class.
        const SLICE: u64 = 1 << 16;
        let threads = rayon::current_num_threads() + 1;
        let scratches: Vec<Mutex<ProveScratch<E>>> =
            (0..threads).map(|_| Mutex::default()).collect();
        let len = self.part_len(part);
        let mut start = 0;
        while start < len {
            let positions: Vec<u64> = (start..len.min(start + SLICE))
                .filter(|&position| !skip(position))
                .collect();
            positions.par_iter().with_max_len(1).for_each(|&position| {
                // A thread outside the pool takes the last scratch.
                let thread = rayon::current_thread_index().unwrap_or(threads - 1);
                let mut search = scratches[thread.min(threads - 1)]
                    .lock()
                    .unwrap_or_else(|poisoned| poisoned.into_inner());
                let index = part.index - 1 + position * part.count;
                on_class(self.search_class(&mut search, position, index));
            });
            start += SLICE;
        }
    }

    /// Fixes cells by rebuilding while a bound is above `times` the target
    /// instead of `REBUILD_ABOVE` (`u64::MAX`: never), once `from` cells
    /// are fixed instead of `REBUILD_FROM`, to measure one against
    /// another.
    pub fn set_rebuild(&mut self, times: u64, from: usize) {
        self.rebuild_above = times;
        self.rebuild_from = from;
    }

    /// The grid searched.
    pub fn grid(&self) -> &Grid {
        &self.grid
    }

    /// The word list over the searched letters.
    pub fn lexicon(&self) -> &Lexicon {
        &self.lexicon
    }

    /// The class of the first split that holds the board whose cell `c`
    /// has the searched letter numbered `board[c]`, with the first `fixed`
    /// cells of the fixing order narrowed to the board's letters; `None`
    /// when the board is not of this size or a number is not a letter.
    pub fn class_around(&self, board: &[u8], fixed: usize) -> Option<Vec<u32>> {
        if board.len() != self.grid.cells() {
            return None;
        }
        let mut class = Vec::with_capacity(board.len());
        for (cell, &letter) in board.iter().enumerate() {
            let bit = 1u32.checked_shl(u32::from(letter))?;
            class.push(*self.buckets.of(cell).iter().find(|&&set| set & bit != 0)?);
        }
        for &cell in self.grid.order.iter().take(fixed) {
            class[cell] = 1 << board[cell];
        }
        Some(class)
    }

    /// Searches one class (cell `c` takes the letters set in `class[c]`)
    /// on this thread as a class of the first split is searched, whether
    /// or not it is one; `None` when the class is not of this size or a
    /// cell has no letter or one not searched.
    pub fn search_set(&self, class: &[u32]) -> Option<ClassReport> {
        let all = u32::MAX >> (32 - self.config.letters.len());
        if class.len() != self.grid.cells() || class.iter().any(|&set| set == 0 || set & !all != 0)
        {
            return None;
        }
        let mut report = ClassReport {
            position: 0,
            examined: true,
            bounds: 0,
            boards: Vec::new(),
        };
        let mut class = class.to_vec();
        match self.layout {
            Layout::Twelve => self.search_within(
                &mut ProveScratch::<End12>::default(),
                &mut class,
                &mut report,
            ),
            Layout::Sixteen => self.search_within(
                &mut ProveScratch::<End16>::default(),
                &mut class,
                &mut report,
            ),
            Layout::Any => self.search_within(
                &mut ProveScratch::<End25>::default(),
                &mut class,
                &mut report,
            ),
        }
        report.boards.sort_unstable();
        report.boards.dedup();
        Some(report)
    }

    /// Searches the class numbered `index` of the first split.
    fn search_class<E: End>(
        &self,
        search: &mut ProveScratch<E>,
        position: u64,
        index: u64,
    ) -> ClassReport {
        // The class's digits, one per cell, the last cell's the lowest,
        // each in the base of its cell's number of sets. The turns and
        // mirrors send the border to the border and the corners to the
        // corners, so a cell and its image count in the same base, and
        // `is_least` compares like with like.
        let cells = self.grid.cells();
        let mut digits = vec![0u64; cells];
        let mut rest = index;
        for (cell, digit) in digits.iter_mut().enumerate().rev() {
            let base = self.buckets.of(cell).len() as u64;
            *digit = rest % base;
            rest /= base;
        }
        let mut report = ClassReport {
            position,
            examined: false,
            bounds: 0,
            boards: Vec::new(),
        };
        if !grid::is_least(&digits, &self.grid.symmetries) {
            return report;
        }
        report.examined = true;
        let mut class: Vec<u32> = digits
            .iter()
            .enumerate()
            .map(|(cell, &digit)| self.buckets.of(cell)[digit as usize])
            .collect();
        self.search_within(search, &mut class, &mut report);
        report.boards.sort_unstable();
        report.boards.dedup();
        report
    }

    /// Builds the tree of `class` and splits the class by it; when the tree
    /// would be made from more than `most_paths` paths, halves the letters
    /// of the widest cell (the first in the order among equals) and
    /// searches each half.
    fn search_within<E: End>(
        &self,
        search: &mut ProveScratch<E>,
        class: &mut [u32],
        report: &mut ClassReport,
    ) {
        let widest = self
            .grid
            .order
            .iter()
            .copied()
            .max_by_key(|&cell| {
                (
                    class[cell].count_ones(),
                    std::cmp::Reverse(self.grid.rank[cell]),
                )
            })
            .unwrap_or(0);
        let letters = class[widest];
        // A single board is never too big to bound.
        let most = if letters.count_ones() > 1 {
            self.most_paths
        } else {
            usize::MAX
        };
        if let Some(root) = search.tree.build(&self.grid, &self.lexicon, class, most) {
            self.split(search, class, root, report, None, 0);
            return;
        }
        let mut high = letters;
        for _ in 0..letters.count_ones() / 2 {
            high &= high - 1;
        }
        for half in [letters & !high, high] {
            class[widest] = half;
            self.search_within(search, class, report);
        }
        class[widest] = letters;
    }

    /// Bounds `class` by its tree `root`; when the bound reaches the
    /// target, fixes the first free cell of the order to each of its
    /// letters in turn, forcing the tree to match while the bound is high
    /// ([`DESCEND_BELOW`]), descending the tree for every cell after.
    /// `rebuilt` is how many rebuilds made `root` from the paths kept
    /// ([`REBUILD_ABOVE`]), `None` when a build or a merge did; `depth` is
    /// how many cells were fixed since the build.
    fn split<E: End>(
        &self,
        search: &mut ProveScratch<E>,
        class: &mut [u32],
        root: u32,
        report: &mut ClassReport,
        rebuilt: Option<usize>,
        depth: usize,
    ) {
        let next = self
            .grid
            .order
            .iter()
            .copied()
            .find(|&cell| class[cell].count_ones() > 1);
        let Some(cell) = next else {
            let letters: Vec<u8> = class
                .iter()
                .map(|mask| mask.trailing_zeros() as u8)
                .collect();
            self.check(search, &letters, report);
            return;
        };
        if search.tree.value(root) <= self.config.min_score.saturating_mul(self.descend_below) {
            let ProveScratch {
                tree,
                pending,
                boards,
                ..
            } = search;
            boards.clear();
            report.bounds += tree.descend(
                pending,
                &self.grid,
                class,
                root,
                self.config.min_score,
                &mut |class: &[u32]| {
                    boards.extend(class.iter().map(|mask| mask.trailing_zeros() as u8));
                },
            );
            let boards = std::mem::take(&mut search.boards);
            for letters in boards.chunks(class.len()) {
                self.check(search, letters, report);
            }
            search.boards = boards;
            return;
        }
        report.bounds += 1;
        if search.tree.value(root) < self.config.min_score {
            return;
        }
        let high =
            search.tree.value(root) > self.config.min_score.saturating_mul(self.rebuild_above);
        let rebuilt = match rebuilt {
            Some(rebuilds) if high => Some(rebuilds),
            None if high && depth >= self.rebuild_from => {
                search.tree.keep_paths(&self.grid, &self.lexicon, class);
                Some(0)
            }
            _ => None,
        };
        let letters = class[cell];
        let mut rest = letters;
        while rest != 0 {
            let letter = rest.trailing_zeros();
            rest &= rest - 1;
            class[cell] = 1 << letter;
            let mark = search.tree.mark();
            let (forced, below) = match rebuilt {
                Some(rebuilds) => (
                    search.tree.force_rebuilt(rebuilds, cell, letter),
                    Some(rebuilds + 1),
                ),
                None => (search.tree.force(root, cell, letter), None),
            };
            self.split(search, class, forced, report, below, depth + 1);
            search.tree.release(mark);
        }
        class[cell] = letters;
    }

    /// Scores the board of `letters` exactly and keeps it when it reaches
    /// the target.
    fn check<E: End>(
        &self,
        search: &mut ProveScratch<E>,
        letters: &[u8],
        report: &mut ClassReport,
    ) {
        let (count, score) = self.score(search, letters);
        if score >= self.config.min_score {
            report.boards.push(ScoredBoard {
                board: self.canonical(letters),
                count,
                score,
            });
        }
    }

    /// The exact word count and score of the board of `letters`.
    pub fn score<E: End>(&self, search: &mut ProveScratch<E>, letters: &[u8]) -> (u64, u64) {
        search.words.clear();
        for cell in 0..self.grid.cells() {
            self.collect(search, letters, cell, Lexicon::ROOT, 0);
        }
        search.words.sort_unstable();
        search.words.dedup();
        let score = search
            .words
            .iter()
            .map(|&node| u64::from(self.lexicon.points(node)))
            .sum();
        (search.words.len() as u64, score)
    }

    fn collect<E: End>(
        &self,
        search: &mut ProveScratch<E>,
        letters: &[u8],
        cell: usize,
        node: u32,
        used: u32,
    ) {
        let letter = u32::from(letters[cell]);
        if self.lexicon.mask(node) & (1 << letter) == 0 {
            return;
        }
        let child = self.lexicon.child(node, letter);
        if self.lexicon.points(child) > 0 {
            search.words.push(child);
        }
        let used = used | 1 << cell;
        let mut next = self.grid.neighbours[cell] & !used;
        while next != 0 {
            let neighbour = next.trailing_zeros() as usize;
            next &= next - 1;
            self.collect(search, letters, neighbour, child, used);
        }
    }

    /// The canonical text of the board of `letters`: the least of its
    /// turned and mirrored forms, rows joined by `/`, `q` written `qu`.
    pub fn canonical(&self, letters: &[u8]) -> String {
        self.grid
            .symmetries
            .iter()
            .map(|image| {
                let mut text = String::new();
                for (cell, &source) in image.iter().enumerate() {
                    if cell > 0 && cell % self.grid.cols == 0 {
                        text.push('/');
                    }
                    let letter = self.config.letters[usize::from(letters[source])];
                    text.push(letter);
                    if letter == 'q' {
                        text.push('u');
                    }
                }
                if self.grid.rows == 1 && self.grid.cols > 1 {
                    text.push('/');
                }
                text
            })
            .min()
            .unwrap_or_default()
    }
}

/// One thread's scratch: the tree arena and the words of a board.
#[derive(Debug)]
pub struct ProveScratch<E: End = End25> {
    tree: TreeBuilder<E>,
    pending: tree::Pending,
    /// The boards a descent left to score, a board's letters after another.
    boards: Vec<u8>,
    words: Vec<u32>,
}

impl<E: End> Default for ProveScratch<E> {
    fn default() -> ProveScratch<E> {
        ProveScratch {
            tree: TreeBuilder::default(),
            pending: tree::Pending::default(),
            boards: Vec::new(),
            words: Vec::new(),
        }
    }
}

fn check_letters(letters: &[char]) -> Result<(), ProveError> {
    if letters.is_empty() {
        return Err(ProveError::Letters("the set of letters is empty".into()));
    }
    if letters.len() > MAX_LETTERS {
        return Err(ProveError::Letters(format!(
            "a proof takes at most {MAX_LETTERS} letters, not {}",
            letters.len()
        )));
    }
    for (index, letter) in letters.iter().enumerate() {
        if !letter.is_alphabetic() || letter.is_uppercase() {
            return Err(ProveError::Letters(format!(
                "'{letter}' is not a lower-case letter"
            )));
        }
        if letters[..index].contains(letter) {
            return Err(ProveError::Letters(format!(
                "the letter '{letter}' is given twice"
            )));
        }
    }
    Ok(())
}

/// The letter sets of the first split, per cell. Up to 9 cells, two
/// everywhere: the vowels with `s` and `y`, and the other consonants.
/// Above, the cells of the border keep those two and the cells inside it
/// take three: vowels, common consonants, the others (the three sets a
/// published 4×4 proof used). On the 3×3 and 3×4 grids
/// ([`ONE_SET_CORNERS`]), the corners take one set, every letter. Fewer, larger classes
/// walk each path fewer times (a path's words are walked again in every
/// class that allows their letters), but a larger class's tree is looser
/// and costs more to descend, and which wins depends on the size, the cell
/// and how often a class is too big to hold ([`MOST_PATHS`]). Measured in
/// CPU time (docs/proofs.md): on the 3×3 proof, two sets everywhere took
/// 35–37 s, other splits in two 40 to 44 s, three off the corners 39 s,
/// three everywhere about 85 s; run beside it, three in the middle cell
/// took 1.11 times as long as two everywhere. With trees of up to 16 million
/// paths, on 16 sampled parts of the 3×4 proof, each split beside another:
/// two on the border and three inside took 0.60 times as long as two at
/// the corners and three elsewhere; two everywhere 1.43 times as long as
/// two on the border; four sets inside about as long as three. On the 4×4
/// proof, samples of parts put two on the border at about 2,600
/// CPU-hours against 5,300 with two at the corners. One set at the corners
/// (6 Dec 2026): the 3×3 proof took 20.4 s against 28.8 s, at 1.0 GB
/// against 0.37; three quarters of the 3×4 proof put it at about 1.35
/// CPU-hours, against 1.40 for the whole with two. On 7 Dec, with trees of
/// up to 24 million paths up to 12 cells, the whole 3×4 proof took 0.93
/// CPU-hours with one set against 1.08 with two, so grids of up to 12
/// cells take one; the 4×4 proof was not measured with one, and grids of
/// two rows keep two.
#[derive(Debug)]
struct Buckets {
    /// The sets of the cells inside the border and of those on it.
    inside: Vec<u32>,
    border: Vec<u32>,
    /// Bit `c` set when cell `c` is on the border.
    border_cells: u32,
    /// The one set of every letter, and bit `c` set when cell `c` is a
    /// corner that takes it (only on 3×3 and 3×4, [`ONE_SET_CORNERS`]).
    corner: Vec<u32>,
    corner_cells: u32,
}

impl Buckets {
    fn new(letters: &[char], grid: &Grid) -> Buckets {
        const TWO: &[&str] = &["aeiosuy", "bcdfghjklmnpqrtvwxz"];
        const THREE: &[&str] = &["aeijou", "hklnrsty", "bcdfgmpqvwxz"];
        let (last_row, last_col) = (grid.rows - 1, grid.cols - 1);
        // A grid of one or two rows or columns has no inside.
        let has_inside = last_row >= 2 && last_col >= 2;
        let inside = if grid.cells() <= 9 || !has_inside {
            TWO
        } else {
            THREE
        };
        let border_cells = (0..grid.cells())
            .filter(|&cell| {
                let (row, col) = (cell / grid.cols, cell % grid.cols);
                row == 0 || row == last_row || col == 0 || col == last_col
            })
            .fold(0, |cells, cell| cells | 1 << cell);
        let corner_cells = if has_inside && grid.cells() <= ONE_SET_CORNERS {
            let corners = [0, last_col, last_row * grid.cols, grid.cells() - 1];
            corners.iter().fold(0, |cells, corner| cells | 1 << corner)
        } else {
            0
        };
        Buckets {
            inside: masks(letters, inside),
            border: masks(letters, TWO),
            border_cells,
            // Every letter falls to the last (here the only) group.
            corner: masks(letters, &[""]),
            corner_cells,
        }
    }

    /// The letter sets of `cell`.
    fn of(&self, cell: usize) -> &[u32] {
        if self.corner_cells & 1 << cell != 0 {
            &self.corner
        } else if self.border_cells & 1 << cell != 0 {
            &self.border
        } else {
            &self.inside
        }
    }

    /// The sets as records name them: `aeiosuy bcd…`, the border's after
    /// a comma when they differ from those inside it, and the corners'
    /// last when they take their own.
    fn name(&self, letters: &[char]) -> String {
        let name = |sets: &[u32]| {
            sets.iter()
                .map(|&set| {
                    (0..letters.len())
                        .filter(|&index| set & 1 << index != 0)
                        .map(|index| letters[index])
                        .collect::<String>()
                })
                .collect::<Vec<_>>()
                .join(" ")
        };
        let mut named = if self.inside == self.border {
            name(&self.border)
        } else {
            format!("{}, border {}", name(&self.inside), name(&self.border))
        };
        if self.corner_cells != 0 {
            named.push_str(", corners ");
            named.push_str(&name(&self.corner));
        }
        named
    }
}

/// The letters of `groups` as masks over `letters`: letters of other
/// alphabets join the last group, and empty masks are dropped.
fn masks(letters: &[char], groups: &[&str]) -> Vec<u32> {
    let mut masks = vec![0u32; groups.len()];
    for (index, letter) in letters.iter().enumerate() {
        let group = groups
            .iter()
            .position(|group| group.contains(*letter))
            .unwrap_or(groups.len() - 1);
        masks[group] |= 1 << index;
    }
    masks.retain(|&mask| mask != 0);
    masks
}

impl Prover {
    /// What this proof is run against, as records name it.
    pub fn setting(&self) -> record::Setting {
        record::Setting {
            bound: self.config.min_score,
            size: format!("{}x{}", self.config.rows, self.config.cols),
            rules: self.config.rules.name().to_owned(),
            letters: self.config.letters.iter().collect(),
            split: self.buckets.name(&self.config.letters),
            dictionary: self.dictionary.clone(),
            version: concat!("boggle ", env!("CARGO_PKG_VERSION")).to_owned(),
        }
    }
}

#[cfg(test)]
mod tests;
