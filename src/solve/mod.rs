//! The search: every dictionary word a path of adjacent, distinct cells spells.
//!
//! [`Solver`] holds the shared, immutable parts (dictionary, rules, length
//! filter); [`Scratch`] holds one worker's mutable state (visited cells,
//! per-word marks, the current path), reused from board to board. The search
//! runs depth-first from every cell, following the trie and pruning as soon
//! as no word starts with the letters so far. A word found along several
//! paths is reported once, with the least of them in reading order (paths
//! compared by their sequences of cell indices, the first differing cell
//! deciding): when paths are kept, both searches try start cells, and at
//! each step the neighbours that can spell the next letters, in ascending
//! cell order, so the first path to reach a word is its least, whichever
//! search and driver run and however the work was split. (Without paths
//! the small search tries wildcards and multi-letter tiles after the
//! letters: the words found are the same.)
//! [`Solver::solve`] runs on the calling thread; [`Solver::solve_parallel`]
//! splits the start cells over rayon's current pool.
//!
//! A search that takes more than [`Solver::PLAIN_STEPS`] steps per start
//! cell (a board of many repeated letters) starts again with pruning: it
//! stops entering a trie node once it has reached every word below it on
//! this board, so a board of one repeated letter is over as soon as its
//! words are. Each node counts its parts still to complete (its own word,
//! its children), per board in scratch space; a word reached counts
//! whether or not the length filter reports it. The plain search spends
//! only a step counter on this, so ordinary boards stay about as fast as
//! without. Where nothing can be pruned (a long word whose every prefix is
//! on the board but which is not), the search can still take as many steps
//! as the board has paths spelling prefixes: [`Solver::solve_within`]
//! bounds them.
//!
//! Two searches share this work: `small` for boards of at most 64 cells,
//! which keeps the visited cells in one `u64` and moves over whole masks of
//! neighbours, and `large` for any size. A board always takes the same one,
//! so its result is the same whichever driver runs it.

mod grid;
mod large;
mod small;

use std::sync::atomic::{AtomicU64, Ordering};
use std::time::Instant;

use rayon::prelude::*;

use crate::board::Board;
use crate::dict::Dictionary;
use crate::rules::{LengthFilter, LengthOptions, Rules, RulesChoice};
use crate::trie::{Node, NodeId, Nodes, Subtrees, WordId};
use grid::{Code, Grid};

/// What to search for: the one set of options a [`Solver`] is made with.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct SolveOptions {
    /// The rules, or `Auto` to pick them from each board's size.
    pub rules: RulesChoice,
    /// `--min-len`, `--max-len`, `--lengths`.
    pub lengths: LengthOptions,
    /// Whether to keep each word's path.
    pub paths: bool,
}

impl SolveOptions {
    /// The default search under `rules` whatever the board: the rules'
    /// minimum length, no paths.
    pub fn new(rules: Rules) -> SolveOptions {
        SolveOptions {
            rules: RulesChoice::Fixed(rules),
            ..SolveOptions::default()
        }
    }
}

/// [`SolveOptions`] resolved for one board: the rules its size picks and the
/// length filter they give. Worked out once per rules when the solver is
/// made, never by its users.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct BoardConfig {
    /// The scoring table.
    rules: Rules,
    /// Which lengths are reported.
    lengths: LengthFilter,
    /// Whether to keep each word's path.
    paths: bool,
}

/// A word found on a board.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct FoundWord {
    /// The word's id in the dictionary.
    pub word: WordId,
    /// Its length in letters.
    pub len: usize,
    /// Its score under the board's rules.
    pub score: u32,
    /// The cells spelling it, first to last (empty unless paths were asked
    /// for or the board has a wildcard): of the paths spelling it, the
    /// least in reading order.
    pub path: Vec<u32>,
}

/// Every word found on one board.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Solution {
    /// The rules the board was scored with.
    pub rules: Rules,
    /// The words, score descending then alphabetical.
    pub words: Vec<FoundWord>,
}

impl Solution {
    /// The board's score: the sum of its words' scores.
    pub fn score(&self) -> u64 {
        self.words.iter().map(|w| u64::from(w.score)).sum()
    }
}

/// A search given a budget of steps ([`Solver::solve_within`]) needed more.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct BudgetExceeded {
    /// The budget the search was given.
    pub max_steps: u64,
}

impl std::fmt::Display for BudgetExceeded {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "the search needed more than {} steps", self.max_steps)
    }
}

impl std::error::Error for BudgetExceeded {}

/// Searches boards against one dictionary. Cheap to share between threads.
#[derive(Clone, Debug)]
pub struct Solver<'d> {
    dict: &'d Dictionary,
    /// The rules asked for, fixed or picked per board.
    rules: RulesChoice,
    /// The search under each of the rules (classic, big, superbig), worked
    /// out from the options once.
    configs: [BoardConfig; 3],
    /// How many steps per start cell a search takes before it starts again
    /// with pruning.
    plain_steps: u64,
}

impl<'d> Solver<'d> {
    /// A solver of `dict`'s words under `options`, its rules (and so the
    /// lengths reported) fixed or picked per board.
    pub fn new(dict: &'d Dictionary, options: SolveOptions) -> Solver<'d> {
        Solver {
            dict,
            rules: options.rules,
            configs: [Rules::Classic, Rules::Big, Rules::SuperBig].map(|rules| BoardConfig {
                rules,
                lengths: options.lengths.filter(rules),
                paths: options.paths,
            }),
            plain_steps: Solver::PLAIN_STEPS,
        }
    }

    /// How many steps per start cell a search takes, by default, before it
    /// starts again with pruning. The plain search spends nothing on
    /// counting the words reached below each node, and a board of 16
    /// letters takes about 120 steps in all, a 1000×1000 board about 150
    /// a cell; a board of many repeated letters can take millions, which
    /// pruning cuts to what its words need.
    pub const PLAIN_STEPS: u64 = 2048;

    /// This solver, with searches that start again with pruning after
    /// `steps` steps per start cell (0: prune from the start). The words and
    /// paths found are the same whatever `steps` is; only the time changes.
    pub fn with_plain_steps(self, steps: u64) -> Solver<'d> {
        Solver {
            plain_steps: steps,
            ..self
        }
    }

    /// A budget of `max` steps in all.
    fn steps(&self, max: u64) -> Steps {
        Steps {
            plain_per_cell: self.plain_steps,
            max,
            deadline: None,
        }
    }

    /// The dictionary searched.
    pub fn dict(&self) -> &'d Dictionary {
        self.dict
    }

    /// The configuration used for `board`.
    fn config(&self, board: &Board) -> BoardConfig {
        let config = match self.rules.for_cells(board.len()) {
            Rules::Classic => self.configs[0],
            Rules::Big => self.configs[1],
            Rules::SuperBig => self.configs[2],
        };
        // What a wildcard stood for is read off a word's path: a board
        // with one keeps the paths.
        let wild = board
            .tiles()
            .iter()
            .any(|tile| matches!(tile, crate::board::Tile::Wildcard));
        BoardConfig {
            paths: config.paths || wild,
            ..config
        }
    }

    /// Solves `board` on this thread with fresh scratch space.
    pub fn solve(&self, board: &Board) -> Solution {
        self.solve_with(board, &mut Scratch::default())
    }

    /// Solves `board` on this thread, reusing `scratch`.
    pub fn solve_with(&self, board: &Board, scratch: &mut Scratch) -> Solution {
        let config = self.config(board);
        let mut words = Vec::new();
        // An unlimited search cannot exceed its budget.
        let _ = scratch.search(self.dict, board, &config, self.steps(u64::MAX), &mut words);
        finish(config.rules, words)
    }

    /// Solves `board` on this thread, reusing `scratch`, in at most
    /// `max_steps` steps, or returns [`BudgetExceeded`]. A step is one cell
    /// added to a path whose letters some word goes on from, so the work
    /// of a step is bounded (its neighbours times the letters they offer),
    /// and a budget bounds the search's time whatever the board and the
    /// dictionary. The steps of a plain search that started again with
    /// pruning count too. A solution found within the budget is the one
    /// [`Solver::solve_with`] gives. `scratch` stays usable after an
    /// exceeded budget.
    pub fn solve_within(
        &self,
        board: &Board,
        scratch: &mut Scratch,
        max_steps: u64,
    ) -> Result<Solution, BudgetExceeded> {
        let config = self.config(board);
        let mut words = Vec::new();
        scratch.search(self.dict, board, &config, self.steps(max_steps), &mut words)?;
        Ok(finish(config.rules, words))
    }

    /// [`Solver::solve_within`], stopped as well once the clock passes
    /// `deadline`: the search reads the clock every [`CLOCK_STEPS`] steps,
    /// when a part of its budget that long runs out, so it stops within
    /// about a tenth of a millisecond of the deadline and costs nothing
    /// measurable until then. Past the deadline the answer is
    /// [`BudgetExceeded`] too; the caller tells the two apart by the clock.
    pub fn solve_within_deadline(
        &self,
        board: &Board,
        scratch: &mut Scratch,
        max_steps: u64,
        deadline: Instant,
    ) -> Result<Solution, BudgetExceeded> {
        let config = self.config(board);
        let mut words = Vec::new();
        let steps = Steps {
            deadline: Some(deadline),
            ..self.steps(max_steps)
        };
        scratch.search(self.dict, board, &config, steps, &mut words)?;
        Ok(finish(config.rules, words))
    }

    /// Counts and scores the words of `board` without listing them: the
    /// same search as [`Solver::solve_with`], for summaries.
    pub fn summarize_with(&self, board: &Board, scratch: &mut Scratch) -> Summary {
        let config = BoardConfig {
            paths: false,
            ..self.config(board)
        };
        let mut summary = Summary {
            rules: config.rules,
            count: 0,
            score: 0,
        };
        // An unlimited search cannot exceed its budget.
        let _ = scratch.search(
            self.dict,
            board,
            &config,
            self.steps(u64::MAX),
            &mut summary,
        );
        summary
    }

    /// Solves `board` with its start cells split over rayon's current pool.
    /// The result is the same as [`Solver::solve`]'s.
    pub fn solve_parallel(&self, board: &Board) -> Solution {
        let config = self.config(board);
        let parts: Vec<Vec<FoundWord>> = self.search_parts(board, &config, Vec::new);
        // Each part holds its words' first paths; keep the earliest part's.
        let mut seen = vec![false; self.dict.word_count()];
        let mut words = Vec::new();
        for word in parts.into_iter().flatten() {
            if !std::mem::replace(&mut seen[word.word.index()], true) {
                words.push(word);
            }
        }
        finish(config.rules, words)
    }

    /// Counts and scores the words of `board` with its start cells split
    /// over rayon's current pool, without listing or sorting them: the
    /// figures of [`Solver::summarize_with`], for big boards' summaries.
    pub fn summarize_parallel(&self, board: &Board) -> Summary {
        let config = BoardConfig {
            paths: false,
            ..self.config(board)
        };
        let seen: Vec<AtomicU64> = (0..self.dict.word_count().div_ceil(64))
            .map(|_| AtomicU64::new(0))
            .collect();
        let parts = self.search_parts(board, &config, || SeenOnce {
            seen: &seen,
            count: 0,
            score: 0,
        });
        Summary {
            rules: config.rules,
            count: parts.iter().map(|part| part.count).sum(),
            score: parts.iter().map(|part| part.score).sum(),
        }
    }

    /// Searches `board`'s start cells in contiguous runs over rayon's
    /// current pool, one sink per run, returned in cell order. A word
    /// found in several runs is in each of their sinks.
    fn search_parts<S: Sink + Send>(
        &self,
        board: &Board,
        config: &BoardConfig,
        new_sink: impl Fn() -> S + Sync + Send,
    ) -> Vec<S> {
        let mut grid = Grid::default();
        grid.fill(board, self.dict);
        let cells = board.len();
        let chunk = cells.div_ceil(8 * rayon::current_num_threads()).max(1);
        (0..cells.div_ceil(chunk))
            .into_par_iter()
            .map_init(State::default, |state, part| {
                let mut sink = new_sink();
                let start = part * chunk;
                let end = (start + chunk).min(cells);
                // An unlimited search cannot exceed its budget.
                let steps = self.steps(u64::MAX);
                let _ = state.search(self.dict, &grid, config, start..end, steps, &mut sink);
                sink
            })
            .collect()
    }
}

/// A board's word count and score, without the words.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Summary {
    /// The rules the board was scored with.
    pub rules: Rules,
    /// How many distinct words.
    pub count: usize,
    /// The sum of their scores.
    pub score: u64,
}

/// Sorts the words score descending, then alphabetically (word ids follow
/// alphabetical order).
fn finish(rules: Rules, mut words: Vec<FoundWord>) -> Solution {
    words.sort_unstable_by_key(|w| (std::cmp::Reverse(w.score), w.word));
    Solution { rules, words }
}

/// Where the search puts the words it finds.
pub(crate) trait Sink {
    /// Whether the search into this sink counts the words reached below
    /// each node and does not enter a node all of whose words were reached
    /// (see [`State::search`]); the plain search spends nothing on it.
    const PRUNE: bool = false;

    fn found(&mut self, word: WordId, len: usize, score: u32, path: &[u32], last: u32, paths: bool);
}

/// Another sink, searched into with pruning.
struct Pruned<'a, S>(&'a mut S);

impl<S: Sink> Sink for Pruned<'_, S> {
    const PRUNE: bool = true;

    #[inline]
    fn found(
        &mut self,
        word: WordId,
        len: usize,
        score: u32,
        path: &[u32],
        last: u32,
        paths: bool,
    ) {
        self.0.found(word, len, score, path, last, paths);
    }
}

impl Sink for Vec<FoundWord> {
    fn found(
        &mut self,
        word: WordId,
        len: usize,
        score: u32,
        path: &[u32],
        last: u32,
        paths: bool,
    ) {
        let path = if paths {
            let mut full = Vec::with_capacity(path.len() + 1);
            full.extend_from_slice(path);
            full.push(last);
            full
        } else {
            Vec::new()
        };
        self.push(FoundWord {
            word,
            len,
            score,
            path,
        });
    }
}

/// One part of a summary split over threads: counts and scores the words
/// it finds before any other part, so the parts' figures add up to the
/// board's without a merge. Which part counts a word may change from run to
/// run; the sums do not.
struct SeenOnce<'a> {
    /// A bit per word, set by the first part to find it; shared by the parts.
    seen: &'a [AtomicU64],
    count: usize,
    score: u64,
}

impl Sink for SeenOnce<'_> {
    #[inline]
    fn found(&mut self, word: WordId, _: usize, score: u32, _: &[u32], _: u32, _: bool) {
        let index = word.index();
        let bit = 1 << (index % 64);
        // One atomic read-modify-write, so exactly one part sees the bit unset.
        let first = self
            .seen
            .get(index / 64)
            .is_some_and(|bits| bits.fetch_or(bit, Ordering::Relaxed) & bit == 0);
        if first {
            self.count += 1;
            self.score += u64::from(score);
        }
    }
}

impl Sink for Summary {
    #[inline]
    fn found(&mut self, _: WordId, _: usize, score: u32, _: &[u32], _: u32, _: bool) {
        self.count += 1;
        self.score += u64::from(score);
    }
}

/// One worker's reusable state. Create one per thread; it adapts to any
/// dictionary and board size.
#[derive(Clone, Debug, Default)]
pub struct Scratch {
    /// The search's own state.
    state: State,
    /// The last board, laid out for its search.
    grid: Grid,
}

impl Scratch {
    /// Searches every cell of `board` within `steps`.
    fn search<S: Sink>(
        &mut self,
        dict: &Dictionary,
        board: &Board,
        config: &BoardConfig,
        steps: Steps,
        sink: &mut S,
    ) -> Result<(), BudgetExceeded> {
        self.grid.fill(board, dict);
        self.state
            .search(dict, &self.grid, config, 0..board.len(), steps, sink)
    }
}

/// The mutable state of searches on one thread.
#[derive(Clone, Debug, Default)]
struct State {
    /// `marks[w] == epoch` when word `w` was already found on this board.
    /// Two bytes a word keep the table small enough to stay in cache; it
    /// is cleared once every 65,535 searches, when the epoch wraps.
    marks: Vec<u16>,
    /// Bumped per search, so `marks`, `done` and `left` need not be
    /// cleared.
    epoch: u16,
    /// `done[n] == epoch` when node `n` has children and every word below
    /// it was reached in this search: the search does not enter it again.
    done: Vec<u16>,
    /// Per node: how many of its parts (its own word, its children) are
    /// still to be completed in this search.
    left: Vec<Left>,
    /// The large search's copy of the padded codes, marking its path.
    codes: Vec<u8>,
    /// The cells of the current path, when paths are kept.
    path: Vec<u32>,
    /// The large search's current path, one frame per cell.
    frames: Vec<large::Frame>,
    /// The scores of the last configuration searched with, per length.
    scores: Scores,
}

/// How many parts of a node (its own word and its children, at most 65)
/// one search has still to complete, valid in that search's epoch only. A
/// node is complete when its word, if any, was reached and its children are
/// complete: when every word below it was reached.
#[derive(Clone, Copy, Debug, Default)]
struct Left {
    epoch: u16,
    parts: u8,
}

/// Per word length below 128: its score, or [`Scores::FILTERED`] when the
/// length filter leaves it out. Kept from board to board with the rules and
/// filter it was computed for.
#[derive(Clone, Debug)]
struct Scores {
    table: [u32; 128],
    /// The rules and filter `table` was computed for.
    key: Option<(Rules, LengthFilter)>,
}

impl Default for Scores {
    fn default() -> Scores {
        Scores {
            table: [Scores::FILTERED; 128],
            key: None,
        }
    }
}

impl Scores {
    /// The entry of a length the filter leaves out (no score is this high).
    const FILTERED: u32 = u32::MAX;

    /// Makes the table hold `config`'s scores.
    fn update(&mut self, config: &BoardConfig) {
        let key = Some((config.rules, config.lengths));
        if self.key != key {
            for (len, entry) in self.table.iter_mut().enumerate() {
                *entry = if config.lengths.allows(len) {
                    config.rules.score(len)
                } else {
                    Scores::FILTERED
                };
            }
            self.key = key;
        }
    }
}

impl State {
    /// Searches from each cell of `starts`, giving newly found words to
    /// `sink` in order.
    fn search<S: Sink>(
        &mut self,
        dict: &Dictionary,
        grid: &Grid,
        config: &BoardConfig,
        starts: std::ops::Range<usize>,
        steps: Steps,
        sink: &mut S,
    ) -> Result<(), BudgetExceeded> {
        let max_len = config.lengths.max_len();
        if max_len == 0 {
            return Ok(());
        }
        if self.marks.len() != dict.word_count() {
            self.marks = vec![0; dict.word_count()];
            // Made again when a search prunes.
            self.done = Vec::new();
            self.left = Vec::new();
            self.epoch = 0;
        }
        self.epoch = self.epoch.wrapping_add(1);
        if self.epoch == 0 {
            self.marks.fill(0);
            self.done.fill(0);
            self.left.fill(Left::default());
            self.epoch = 1;
        }
        self.scores.update(config);
        let plain = steps.plain_per_cell.saturating_mul(starts.len() as u64);
        let search = Search {
            nodes: dict.trie().nodes(),
            subtrees: dict.trie().subtrees(),
            grid,
            scores: &self.scores.table,
            max_len,
        };
        self.path.clear();
        self.codes.clear();
        let small = Grid::is_small(grid.tiles.codes.len());
        if !small {
            self.codes.extend_from_slice(&grid.large.codes);
        }
        let mut walk = Walk {
            search: &search,
            marks: &mut self.marks,
            epoch: self.epoch,
            done: &mut self.done,
            left: &mut self.left,
            finished: 0,
            steps_left: 0,
            reserve: 0,
            deadline: steps.deadline,
            timed_out: false,
            exceeded: false,
            path: &mut self.path,
            codes: &mut self.codes,
            frames: &mut self.frames,
            sink,
        };
        walk.set_budget(steps.max.min(plain));
        walk.search_from(starts.clone(), small, config.paths);
        if !walk.exceeded {
            return Ok(());
        }
        if steps.max <= plain || walk.timed_out {
            return Err(BudgetExceeded {
                max_steps: steps.max,
            });
        }
        walk.search_again(starts, small, config.paths, steps.max - plain)
            .map_err(|_| BudgetExceeded {
                max_steps: steps.max,
            })
    }
}

impl<S: Sink> Walk<'_, S> {
    /// Searches again from each cell of `starts`, with pruning, in at most
    /// `max_steps` steps, after the plain search ran out. The words reached
    /// so far keep their marks (and the sink keeps them), so none is reported
    /// twice; they are counted first, then the search counts each new one
    /// as it is reached. Out of line: few boards come here.
    #[cold]
    #[inline(never)]
    fn search_again(
        self,
        starts: std::ops::Range<usize>,
        small: bool,
        paths: bool,
        max_steps: u64,
    ) -> Result<(), BudgetExceeded> {
        let search = self.search;
        let walk = self;
        // The counts are made the first time a search prunes.
        let nodes = search.nodes.len();
        if walk.done.len() != nodes {
            *walk.done = vec![0; nodes];
            *walk.left = vec![Left::default(); nodes];
        }
        let mut walk = Walk {
            search,
            marks: walk.marks,
            epoch: walk.epoch,
            done: walk.done,
            left: walk.left,
            finished: 0,
            steps_left: 0,
            reserve: 0,
            deadline: walk.deadline,
            timed_out: false,
            exceeded: false,
            path: walk.path,
            codes: walk.codes,
            frames: walk.frames,
            sink: &mut Pruned(walk.sink),
        };
        // The plain search left the path empty and the codes as they were,
        // each cell restored as the search came back from it.
        debug_assert!(walk.path.is_empty() && walk.frames.is_empty());
        walk.set_budget(max_steps);
        let reached = (0..walk.marks.len()).filter(|&word| walk.marks[word] == walk.epoch);
        for word in reached.collect::<Vec<_>>() {
            walk.count_reached(search, WordId::from_index(word));
        }
        walk.search_from(starts, small, paths);
        if walk.exceeded {
            return Err(BudgetExceeded { max_steps });
        }
        Ok(())
    }
}

/// How many steps a search may take: `max` in all, of which at most
/// `plain_per_cell` per start cell without pruning, and until when.
#[derive(Clone, Copy, Debug)]
struct Steps {
    plain_per_cell: u64,
    max: u64,
    deadline: Option<Instant>,
}

/// How many steps a search with a deadline takes between two readings of
/// the clock: about a tenth of a millisecond.
pub const CLOCK_STEPS: u64 = 4096;

impl<S: Sink> Walk<'_, S> {
    /// Searches from each cell of `starts`, small or large, with or without
    /// paths, until the search is over or out of steps.
    fn search_from(&mut self, starts: std::ops::Range<usize>, small: bool, paths: bool) {
        let search = self.search;
        let root = search.nodes.get(NodeId::ROOT);
        for cell in starts {
            if self.exceeded || self.is_done(NodeId::ROOT) {
                return;
            }
            let cell = cell as u32;
            match (small, paths) {
                (true, false) => search.small_enter::<S, false>(self, cell, root, 0, 0),
                (true, true) => search.small_enter::<S, true>(self, cell, root, 0, 0),
                (false, false) => search.large_enter::<S, false>(self, search.pad(cell), root, 0),
                (false, true) => search.large_enter::<S, true>(self, search.pad(cell), root, 0),
            }
        }
    }
}

/// The read-only inputs of one search.
struct Search<'a> {
    nodes: Nodes<'a>,
    /// The trie's parents and word nodes.
    subtrees: Subtrees<'a>,
    grid: &'a Grid,
    /// The score of each word length, or [`Scores::FILTERED`].
    scores: &'a [u32; 128],
    /// The longest length the filter allows: the search goes no deeper.
    max_len: usize,
}

/// What one search changes.
struct Walk<'a, S> {
    /// The search's read-only inputs, here so the small search's recursive
    /// calls pass one pointer for both.
    search: &'a Search<'a>,
    marks: &'a mut [u16],
    epoch: u16,
    /// Per node, whether every word below it was reached (see [`State`]).
    done: &'a mut Vec<u16>,
    /// Per node, how many of its parts are still to complete (see [`State`]).
    left: &'a mut Vec<Left>,
    /// Bit `n % 64` is set when some node `n` is done: most searches finish
    /// few nodes with children, and a clear bit spares reading `done`.
    finished: u64,
    /// How many more steps the search may take before it reads the clock
    /// (with a deadline) or stops.
    steps_left: u64,
    /// The steps of the budget beyond `steps_left`, given out
    /// [`CLOCK_STEPS`] at a time while the deadline is not passed.
    reserve: u64,
    deadline: Option<Instant>,
    /// Whether the search stopped at its deadline.
    timed_out: bool,
    /// Whether the search wanted a step past its budget.
    exceeded: bool,
    /// The cells of the path so far, when paths are kept.
    path: &'a mut Vec<u32>,
    /// The large search's codes, the cells of the current path marked.
    codes: &'a mut [u8],
    /// The large search's current path.
    frames: &'a mut Vec<large::Frame>,
    sink: &'a mut S,
}

impl<S: Sink> Walk<'_, S> {
    /// Whether every word below `node` was reached, so that the search
    /// need not enter it.
    #[inline(always)]
    fn is_done(&self, node: NodeId) -> bool {
        S::PRUNE
            && self.finished & 1 << (node.index() % 64) != 0
            && self.done.get(node.index()) == Some(&self.epoch)
    }

    /// Takes one step of the budget: false, and the budget marked exceeded,
    /// when none is left.
    #[inline(always)]
    fn take_step(&mut self) -> bool {
        let (left, out) = self.steps_left.overflowing_sub(1);
        self.steps_left = left;
        if out {
            return self.next_part();
        }
        true
    }

    /// Gives the search a budget of `max` steps: all at once, or with a
    /// deadline, [`CLOCK_STEPS`] at a time.
    fn set_budget(&mut self, max: u64) {
        let first = if self.deadline.is_some() {
            max.min(CLOCK_STEPS)
        } else {
            max
        };
        self.steps_left = first;
        self.reserve = max - first;
    }

    /// The current part of the budget ran out: the next part, and this
    /// step taken from it, if there is one and the deadline is not passed;
    /// otherwise false, and the budget marked exceeded.
    #[cold]
    #[inline(never)]
    fn next_part(&mut self) -> bool {
        let on_time = self
            .deadline
            .is_none_or(|deadline| Instant::now() < deadline);
        if self.reserve > 0 && on_time {
            let part = self.reserve.min(CLOCK_STEPS);
            self.reserve -= part;
            self.steps_left = part - 1;
            return true;
        }
        self.timed_out = !on_time;
        self.steps_left = 0;
        self.exceeded = true;
        false
    }

    /// Counts `word`, just reached for the first time, as one part of its
    /// node reached; a node whose parts are all reached is complete, and
    /// counts as a part of its parent. A node with children that completes
    /// is marked done. Each word thus costs its own node and, only when
    /// that completes, the next one up, and so on: most words stop at
    /// their node or its parent.
    #[inline(never)]
    fn count_reached(&mut self, search: &Search<'_>, word: WordId) {
        let mut id = search.subtrees.word_node(word);
        // A word is at most 255 letters; the bound keeps the walk finite
        // whatever an image holds.
        for _ in 0..256 {
            let node = search.nodes.get(id);
            let Some(left) = self.left.get_mut(id.index()) else {
                return;
            };
            if left.epoch != self.epoch {
                *left = Left {
                    epoch: self.epoch,
                    parts: node.children.count_ones() as u8 + u8::from(node.word().is_some()),
                };
            }
            left.parts = left.parts.saturating_sub(1);
            if left.parts != 0 {
                return;
            }
            if node.children != 0 {
                if let Some(done) = self.done.get_mut(id.index()) {
                    *done = self.epoch;
                }
                self.finished |= 1 << (id.index() % 64);
            }
            if id == NodeId::ROOT {
                return;
            }
            id = search.subtrees.parent(id);
        }
    }
}

impl Search<'_> {
    /// Calls `land` with each trie node and letter count reached by stepping
    /// onto `cell` from `here`: one for a letter or a multi-letter tile,
    /// one per child for a wildcard, none for a dead cell.
    #[inline(always)]
    fn landings(&self, cell: u32, here: Node, mut land: impl FnMut(NodeId, Node, usize)) {
        match self.grid.tiles.codes[cell as usize] {
            symbol @ 0..64 => {
                let bit = 1u64 << symbol;
                if here.children & bit != 0 {
                    let id = here.child_at(bit);
                    land(id, self.nodes.get(id), 1);
                }
            }
            Code::WILDCARD => {
                let mut bits = here.children;
                while bits != 0 {
                    let bit = bits & bits.wrapping_neg();
                    let id = here.child_at(bit);
                    land(id, self.nodes.get(id), 1);
                    bits &= bits - 1;
                }
            }
            Code::DEAD => {}
            _ => {
                let letters = self.grid.tiles.letters(cell);
                let mut node = here;
                let mut id = NodeId::ROOT;
                for &symbol in letters {
                    match node.child(symbol) {
                        Some(child) => {
                            id = child;
                            node = self.nodes.get(child);
                        }
                        None => return,
                    }
                }
                land(id, node, letters.len());
            }
        }
    }

    /// Reports word `word`, `depth` letters long, whose path is the current
    /// one then `last`, unless it was found already or its length is
    /// filtered out; counts it as reached the first time either way.
    #[inline(always)]
    fn report<S: Sink, const PATHS: bool>(
        &self,
        walk: &mut Walk<'_, S>,
        word: WordId,
        depth: usize,
        last: u32,
    ) {
        let score = self.scores[depth % 128];
        let Some(mark) = walk.marks.get_mut(word.index()) else {
            return;
        };
        if *mark != walk.epoch {
            // Out of steps: the search must not go on out of order.
            if walk.exceeded {
                return;
            }
            *mark = walk.epoch;
            if S::PRUNE {
                walk.count_reached(self, word);
            }
            if score != Scores::FILTERED {
                walk.sink.found(word, depth, score, walk.path, last, PATHS);
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::alphabet::Normalizer;

    /// A board of `rows` × `cols` tiles of `a`.
    fn of_a(rows: usize, cols: usize) -> Board {
        Board::from_tiles(
            rows,
            cols,
            vec![crate::board::Tile::Letter('a'); rows * cols],
        )
        .unwrap()
    }

    /// Runs of `a` of each of `lengths`.
    fn runs(lengths: impl IntoIterator<Item = usize>) -> Dictionary {
        let words: Vec<String> = lengths.into_iter().map(|len| "a".repeat(len)).collect();
        Dictionary::from_words(&words, Normalizer::default()).unwrap()
    }

    /// A solver reporting words of `min_len` letters or more.
    fn solver(dict: &Dictionary, min_len: usize) -> Solver<'_> {
        let lengths = LengthOptions {
            min_len: Some(min_len),
            ..LengthOptions::default()
        };
        Solver::new(
            dict,
            SolveOptions {
                lengths,
                paths: true,
                ..SolveOptions::new(Rules::Classic)
            },
        )
    }

    /// Enough steps for a board whose words are all found early; far too
    /// few for a search of every path of a 5×5 board.
    const BUDGET: u64 = 1_000_000;

    /// Every run of `a` up to 25 letters is on a 5×5 board of `a`, and
    /// once the 25-letter one is found there is nothing left to look for:
    /// the search stops, where without pruning it would walk every path.
    #[test]
    fn a_board_of_one_letter_ends_with_its_words() {
        let dict = runs(1..=25);
        let board = of_a(5, 5);
        let mut scratch = Scratch::default();
        for min_len in [1, 25] {
            let solution = solver(&dict, min_len)
                .solve_within(&board, &mut scratch, BUDGET)
                .unwrap();
            // Words shorter than the minimum are not reported, but reaching
            // them counts all the same.
            assert_eq!(solution.words.len(), 26 - min_len);
            assert!(
                solution
                    .words
                    .iter()
                    .all(|word| word.path.len() == word.len)
            );
        }
        let plain = solver(&dict, 1).with_plain_steps(u64::MAX);
        assert_eq!(
            plain.solve_within(&board, &mut scratch, BUDGET),
            Err(BudgetExceeded { max_steps: BUDGET })
        );
    }

    /// A search with a deadline stops within a moment of it, however many
    /// steps it still has, in both searches and after the plain one starts
    /// again with pruning; before it, the answer is the unlimited one.
    #[test]
    fn a_search_stops_at_its_deadline() {
        // Every path spells a start of the word and none the word: nothing
        // prunes, so only the deadline ends the search.
        let word = format!("{}b", "a".repeat(63));
        let dict = Dictionary::from_words(&[word], Normalizer::default()).unwrap();
        let mut scratch = Scratch::default();
        for (rows, cols) in [(5, 5), (9, 9)] {
            let board = of_a(rows, cols);
            for plain_steps in [0, Solver::PLAIN_STEPS, u64::MAX] {
                let solver = solver(&dict, 3).with_plain_steps(plain_steps);
                let started = Instant::now();
                let deadline = started + std::time::Duration::from_millis(30);
                let result = solver.solve_within_deadline(&board, &mut scratch, u64::MAX, deadline);
                let took = started.elapsed();
                assert_eq!(
                    result,
                    Err(BudgetExceeded {
                        max_steps: u64::MAX
                    })
                );
                assert!(took >= std::time::Duration::from_millis(30), "{took:?}");
                // Generous for a debug build on a busy machine.
                assert!(took < std::time::Duration::from_millis(300), "{took:?}");
            }
        }
        let dict = runs(1..=25);
        let board = of_a(5, 5);
        let far = Instant::now() + std::time::Duration::from_secs(3600);
        // After a stopped search the scratch space is as good as new.
        let within = solver(&dict, 1).solve_within_deadline(&board, &mut scratch, BUDGET, far);
        assert_eq!(within.unwrap(), solver(&dict, 1).solve(&board));
        // A budget smaller than a reading of the clock's share still holds.
        assert_eq!(
            solver(&dict, 1)
                .with_plain_steps(u64::MAX)
                .solve_within_deadline(&board, &mut scratch, 1000, far),
            Err(BudgetExceeded { max_steps: 1000 })
        );
    }

    /// One word of 64 letters on an 8×8 board of `a`, and the longest
    /// word on a board over 64 cells, are found without walking every path.
    #[test]
    fn the_longest_words_on_boards_of_one_letter() {
        let mut scratch = Scratch::default();
        let dict = runs([64]);
        let solution = solver(&dict, 3)
            .solve_within(&of_a(8, 8), &mut scratch, BUDGET)
            .unwrap();
        assert_eq!(solution.words.len(), 1);
        assert_eq!(solution.words[0].path.len(), 64);
        let dict = runs(60..=64);
        let solution = solver(&dict, 3)
            .solve_within(&of_a(9, 9), &mut scratch, BUDGET)
            .unwrap();
        assert_eq!(solution.words.len(), 5);
    }

    /// A word through a wildcard or a Qu tile is reported with its least
    /// path in reading order, the same on a board of 63 cells (the small
    /// search) and of 81 (the large one), whichever driver runs.
    #[test]
    fn the_least_path_on_small_and_large_boards() {
        let dict = Dictionary::from_words(["cat", "quit"], Normalizer::default()).unwrap();
        let solver = solver(&dict, 3);
        // c * x …   qu i x …   (the rest x; cells are numbered row by
        // a t x …   *  t x …   row, 9 to a row)
        // Checked by hand: `cat` is 0 1 10 (the wildcard as `a`), 0 9 1
        // (as `t`), 0 9 10 and 1 9 10 (as `c`); `quit` on the second board
        // is 0 1 9 (as `t`), 0 1 10 and 0 9 10 (as `i`).
        for (corner, word, least) in [
            (["c*", "at"], "cat", [0, 1, 10]),
            (["qi", "*t"], "quit", [0, 1, 9]),
        ] {
            for rows in [7, 9] {
                let mut text = format!("{}xxxxxxx/{}xxxxxxx", corner[0], corner[1]);
                for _ in 2..rows {
                    text.push_str("/xxxxxxxxx");
                }
                let board = Board::parse(&text, &Normalizer::default()).unwrap();
                for solution in [solver.solve(&board), solver.solve_parallel(&board)] {
                    let found = solution
                        .words
                        .iter()
                        .find(|w| dict.word_text(w.word) == word);
                    assert_eq!(found.unwrap().path, least, "{word} on {rows} rows");
                }
            }
        }
    }

    /// A word whose every prefix is on the board but which is not leaves
    /// nothing to prune: the budget ends the search, and the scratch space
    /// serves the next board as if nothing had happened.
    #[test]
    fn a_search_that_cannot_be_pruned_ends_with_its_budget() {
        let mut scratch = Scratch::default();
        // The longest word is 64 letters: on a board over 64 cells, 63 of
        // `a` and a letter that is not on the board.
        let ends_in_b = ["a".repeat(63) + "b"];
        let ends_in_b = Dictionary::from_words(ends_in_b, Normalizer::default()).unwrap();
        for (board, dict) in [(of_a(5, 5), runs([26])), (of_a(9, 9), ends_in_b)] {
            let solver = solver(&dict, 1);
            assert_eq!(
                solver.solve_within(&board, &mut scratch, BUDGET),
                Err(BudgetExceeded { max_steps: BUDGET })
            );
            let small = of_a(2, 2);
            assert_eq!(
                solver.solve_within(&small, &mut scratch, BUDGET),
                Ok(solver.solve(&small))
            );
        }
        assert_eq!(
            BudgetExceeded { max_steps: 5 }.to_string(),
            "the search needed more than 5 steps"
        );
    }
}
