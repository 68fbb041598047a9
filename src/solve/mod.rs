//! The search: every dictionary word a path of adjacent, distinct cells spells.
//!
//! [`Solver`] holds the shared, immutable parts (dictionary, rules, length
//! filter); [`Scratch`] holds one worker's mutable state (visited cells,
//! per-word marks, the current path), reused from board to board. The search
//! runs depth-first from every cell, following the trie and pruning as soon
//! as no word starts with the letters so far. A word found along several
//! paths is reported once, with the first path in (start cell, search)
//! order, so the result never depends on how the work was split.
//! [`Solver::solve`] runs on the calling thread; [`Solver::solve_parallel`]
//! splits the start cells over rayon's current pool.
//!
//! The search stops entering a trie node once it has reached every word
//! below it on this board (the trie knows each node's count of words below
//! it; the counts reached are per-board scratch), so a board of one repeated
//! letter is over as soon as its words are. A word reached counts whether
//! or not the length filter reports it. Where nothing can be pruned (a long
//! word whose every prefix is on the board but which is not), the search
//! can still take as many steps as the board has paths spelling prefixes:
//! [`Solver::solve_within`] bounds them.
//!
//! Two searches share this work: `small` for boards of at most 64 cells,
//! which keeps the visited cells in one `u64` and moves over whole masks of
//! neighbours, and `large` for any size. A board always takes the same one,
//! so its result is the same whichever driver runs it.

mod grid;
mod large;
mod small;

use std::sync::atomic::{AtomicU64, Ordering};

use rayon::prelude::*;

use crate::board::Board;
use crate::dict::Dictionary;
use crate::rules::{LengthFilter, LengthOptions, Rules, RulesChoice};
use crate::trie::{Node, NodeId, Nodes, Subtrees, WordId};
use grid::{DEAD, Geometry, Grid, MANY, WILDCARD};

/// What to search for, before the board is known.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct SolveOptions {
    /// The rules, or `Auto` to pick them from each board's size.
    pub rules: RulesChoice,
    /// `--min-len`, `--max-len`, `--lengths`.
    pub lengths: LengthOptions,
    /// Whether to keep each word's path.
    pub paths: bool,
}

/// What to search for on one board: the resolved rules and lengths.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct SolveConfig {
    /// The scoring table.
    pub rules: Rules,
    /// Which lengths are reported.
    pub lengths: LengthFilter,
    /// Whether to keep each word's path.
    pub paths: bool,
}

impl SolveConfig {
    /// The default search under `rules`: the rules' minimum length, no paths.
    pub fn new(rules: Rules) -> SolveConfig {
        SolveConfig {
            rules,
            lengths: LengthOptions::default().filter(rules),
            paths: false,
        }
    }
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
    /// The cells spelling it, first to last (empty unless paths were asked for).
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
    options: Options,
}

#[derive(Clone, Debug)]
enum Options {
    /// Rules resolved per board from these options: the configuration under
    /// each of the rules, worked out once (classic, big, superbig).
    PerBoard {
        rules: RulesChoice,
        configs: [SolveConfig; 3],
    },
    /// One configuration for every board.
    Fixed(SolveConfig),
}

impl<'d> Solver<'d> {
    /// A solver using one configuration for every board.
    pub fn new(dict: &'d Dictionary, config: SolveConfig) -> Solver<'d> {
        Solver {
            dict,
            options: Options::Fixed(config),
        }
    }

    /// A solver resolving the rules (and so the lengths) per board.
    pub fn with_options(dict: &'d Dictionary, options: SolveOptions) -> Solver<'d> {
        Solver {
            dict,
            options: Options::PerBoard {
                rules: options.rules,
                configs: [Rules::Classic, Rules::Big, Rules::SuperBig].map(|rules| SolveConfig {
                    rules,
                    lengths: options.lengths.filter(rules),
                    paths: options.paths,
                }),
            },
        }
    }

    /// The dictionary searched.
    pub fn dict(&self) -> &'d Dictionary {
        self.dict
    }

    /// The configuration used for `board`.
    pub fn config(&self, board: &Board) -> SolveConfig {
        match &self.options {
            Options::Fixed(config) => *config,
            Options::PerBoard { rules, configs } => match rules.for_cells(board.len()) {
                Rules::Classic => configs[0],
                Rules::Big => configs[1],
                Rules::SuperBig => configs[2],
            },
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
        let _ = scratch.search(self.dict, board, &config, u64::MAX, &mut words);
        finish(config.rules, words)
    }

    /// Solves `board` on this thread, reusing `scratch`, in at most
    /// `max_steps` steps, or returns [`BudgetExceeded`]. A step is one cell
    /// added to a path whose letters some word goes on from, so the work
    /// of a step is bounded (its neighbours times the letters they offer),
    /// and a budget bounds the search's time whatever the board and the
    /// dictionary. A solution found within the budget is the one
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
        scratch.search(self.dict, board, &config, max_steps, &mut words)?;
        Ok(finish(config.rules, words))
    }

    /// Counts and scores the words of `board` without listing them: the
    /// same search as [`Solver::solve_with`], for summaries.
    pub fn summarize_with(&self, board: &Board, scratch: &mut Scratch) -> Summary {
        let config = SolveConfig {
            paths: false,
            ..self.config(board)
        };
        let mut summary = Summary {
            rules: config.rules,
            count: 0,
            score: 0,
        };
        // An unlimited search cannot exceed its budget.
        let _ = scratch.search(self.dict, board, &config, u64::MAX, &mut summary);
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
        let config = SolveConfig {
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
        config: &SolveConfig,
        new_sink: impl Fn() -> S + Sync + Send,
    ) -> Vec<S> {
        let geometry = Geometry::new(board.rows(), board.cols());
        let mut grid = Grid::default();
        grid.fill(board, self.dict, &geometry);
        let cells = board.len();
        let chunk = cells.div_ceil(8 * rayon::current_num_threads()).max(1);
        (0..cells.div_ceil(chunk))
            .into_par_iter()
            .map_init(State::default, |state, part| {
                let mut sink = new_sink();
                let start = part * chunk;
                let end = (start + chunk).min(cells);
                let board = Prepared {
                    geometry: &geometry,
                    grid: &grid,
                };
                // An unlimited search cannot exceed its budget.
                let _ = state.search(self.dict, board, config, start..end, u64::MAX, &mut sink);
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
    fn found(&mut self, word: WordId, len: usize, score: u32, path: &[u32], last: u32, paths: bool);
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
    /// The adjacency of the last board size seen.
    geometry: Geometry,
    /// The last board, in symbols.
    grid: Grid,
}

impl Scratch {
    /// Searches every cell of `board` in at most `max_steps` steps.
    fn search<S: Sink>(
        &mut self,
        dict: &Dictionary,
        board: &Board,
        config: &SolveConfig,
        max_steps: u64,
        sink: &mut S,
    ) -> Result<(), BudgetExceeded> {
        if (self.geometry.rows, self.geometry.cols) != (board.rows(), board.cols()) {
            self.geometry = Geometry::new(board.rows(), board.cols());
        }
        self.grid.fill(board, dict, &self.geometry);
        let prepared = Prepared {
            geometry: &self.geometry,
            grid: &self.grid,
        };
        self.state
            .search(dict, prepared, config, 0..board.len(), max_steps, sink)
    }
}

/// A board ready for the search.
#[derive(Clone, Copy)]
struct Prepared<'a> {
    geometry: &'a Geometry,
    grid: &'a Grid,
}

/// The mutable state of searches on one thread.
#[derive(Clone, Debug, Default)]
struct State {
    /// `marks[w] == epoch` when word `w` was already found on this board.
    /// Two bytes a word keep the table small enough to stay in cache; it
    /// is cleared once every 65,535 searches, when the epoch wraps.
    marks: Vec<u16>,
    /// Bumped per search, so `marks`, `done` and `reached` need not be
    /// cleared.
    epoch: u16,
    /// `done[n] == epoch` when node `n` has children and every word below
    /// it was reached in this search: the search does not enter it again.
    done: Vec<u16>,
    /// Per node: how many words below it this search reached.
    reached: Vec<Reached>,
    /// The large search's copy of the padded codes, marking its path.
    codes: Vec<u8>,
    /// The cells of the current path, when paths are kept.
    path: Vec<u32>,
    /// The large search's current path, one frame per cell.
    frames: Vec<large::Frame>,
    /// The scores of the last configuration searched with, per length.
    scores: Scores,
}

/// How many words below a node one search reached, valid in that search's
/// epoch only.
#[derive(Clone, Copy, Debug, Default)]
struct Reached {
    epoch: u16,
    count: u32,
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
    fn update(&mut self, config: &SolveConfig) {
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
        board: Prepared<'_>,
        config: &SolveConfig,
        starts: std::ops::Range<usize>,
        max_steps: u64,
        sink: &mut S,
    ) -> Result<(), BudgetExceeded> {
        let max_len = config.lengths.max_len();
        if max_len == 0 {
            return Ok(());
        }
        let nodes = dict.trie().node_count();
        if self.marks.len() != dict.word_count() || self.done.len() != nodes {
            self.marks = vec![0; dict.word_count()];
            self.done = vec![0; nodes];
            self.reached = vec![Reached::default(); nodes];
            self.epoch = 0;
        }
        self.epoch = self.epoch.wrapping_add(1);
        if self.epoch == 0 {
            self.marks.fill(0);
            self.done.fill(0);
            self.reached.fill(Reached::default());
            self.epoch = 1;
        }
        self.scores.update(config);
        let search = Search {
            nodes: dict.trie().nodes(),
            subtrees: dict.trie().subtrees(),
            geometry: board.geometry,
            grid: board.grid,
            scores: &self.scores.table,
            max_len,
        };
        self.path.clear();
        self.codes.clear();
        let small = board.grid.codes.len() <= 64;
        if !small {
            self.codes.extend_from_slice(&board.grid.padded);
        }
        let mut walk = Walk {
            search: &search,
            marks: &mut self.marks,
            epoch: self.epoch,
            done: &mut self.done,
            reached: &mut self.reached,
            finished: 0,
            steps_left: max_steps,
            exceeded: false,
            path: &mut self.path,
            codes: &mut self.codes,
            frames: &mut self.frames,
            sink,
        };
        let root = search.nodes.get(NodeId::ROOT);
        for cell in starts {
            if walk.is_done(NodeId::ROOT) {
                break;
            }
            let cell = cell as u32;
            match (small, config.paths) {
                (true, false) => search.small_enter::<S, false>(&mut walk, cell, root, 0, 0),
                (true, true) => search.small_enter::<S, true>(&mut walk, cell, root, 0, 0),
                (false, false) => {
                    search.large_enter::<S, false>(&mut walk, search.pad(cell), root, 0)
                }
                (false, true) => {
                    search.large_enter::<S, true>(&mut walk, search.pad(cell), root, 0)
                }
            }
        }
        if walk.exceeded {
            return Err(BudgetExceeded { max_steps });
        }
        Ok(())
    }
}

/// The read-only inputs of one search.
struct Search<'a> {
    nodes: Nodes<'a>,
    /// The trie's words below each node, parents and word nodes.
    subtrees: Subtrees<'a>,
    geometry: &'a Geometry,
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
    done: &'a mut [u16],
    /// Per node, how many words below it were reached (see [`State`]).
    reached: &'a mut [Reached],
    /// Bit `n % 64` is set when some node `n` is done: most searches finish
    /// few nodes with children, and a clear bit spares reading `done`.
    finished: u64,
    /// How many more steps the search may take.
    steps_left: u64,
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

impl<S> Walk<'_, S> {
    /// Whether every word below `node` was reached, so that the search
    /// need not enter it.
    #[inline(always)]
    fn is_done(&self, node: NodeId) -> bool {
        self.finished & 1 << (node.index() % 64) != 0
            && self.done.get(node.index()) == Some(&self.epoch)
    }

    /// Takes one step of the budget: false, and the budget marked exceeded,
    /// when none is left.
    #[inline(always)]
    fn take_step(&mut self) -> bool {
        if self.steps_left == 0 {
            self.exceeded = true;
            return false;
        }
        self.steps_left -= 1;
        true
    }

    /// Counts `word`, just reached for the first time, as reached below
    /// each node from its own up to the root, and marks done each node with
    /// children that has now had every word below it reached.
    #[inline(never)]
    fn count_reached(&mut self, subtrees: Subtrees<'_>, word: WordId) {
        let mut node = subtrees.word_node(word);
        let mut own = true;
        // A word is at most 255 letters; the bound keeps the walk finite
        // whatever an image holds.
        for _ in 0..256 {
            let Some(reached) = self.reached.get_mut(node.index()) else {
                return;
            };
            if reached.epoch != self.epoch {
                *reached = Reached {
                    epoch: self.epoch,
                    count: 0,
                };
            }
            reached.count += 1;
            let below = subtrees.words_below(node);
            // A word's own node with one word below it is a leaf, never
            // entered anyway.
            if reached.count == below && !(own && below == 1) {
                if let Some(done) = self.done.get_mut(node.index()) {
                    *done = self.epoch;
                }
                self.finished |= 1 << (node.index() % 64);
            }
            if node == NodeId::ROOT {
                return;
            }
            node = subtrees.parent(node);
            own = false;
        }
    }
}

impl Search<'_> {
    /// Calls `land` with each trie node and letter count reached by stepping
    /// onto `cell` from `here`: one for a letter or a multi-letter tile,
    /// one per child for a wildcard, none for a dead cell.
    #[inline(always)]
    fn landings(&self, cell: u32, here: Node, mut land: impl FnMut(NodeId, Node, usize)) {
        match self.grid.codes[cell as usize] {
            MANY => {
                let letters = self.grid.letters(cell);
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
            WILDCARD => {
                let mut bits = here.children;
                while bits != 0 {
                    let bit = bits & bits.wrapping_neg();
                    let id = here.child_at(bit);
                    land(id, self.nodes.get(id), 1);
                    bits &= bits - 1;
                }
            }
            DEAD => {}
            symbol => {
                let bit = 1u64 << symbol;
                if here.children & bit != 0 {
                    let id = here.child_at(bit);
                    land(id, self.nodes.get(id), 1);
                }
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
            *mark = walk.epoch;
            walk.count_reached(self.subtrees, word);
            if score != Scores::FILTERED {
                walk.sink.found(word, depth, score, walk.path, last, PATHS);
            }
        }
    }
}
