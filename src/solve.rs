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

use rayon::prelude::*;

use crate::alphabet::Symbol;
use crate::board::{Board, Tile};
use crate::dict::Dictionary;
use crate::rules::{LengthFilter, LengthOptions, Rules, RulesChoice};
use crate::trie::{Node, NodeId, WordId};

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

/// Searches boards against one dictionary. Cheap to share between threads.
#[derive(Clone, Debug)]
pub struct Solver<'d> {
    dict: &'d Dictionary,
    options: Options,
}

#[derive(Clone, Debug)]
enum Options {
    /// Rules resolved per board from these options.
    PerBoard(SolveOptions),
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
            options: Options::PerBoard(options),
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
            Options::PerBoard(options) => {
                let rules = options.rules.for_cells(board.len());
                SolveConfig {
                    rules,
                    lengths: options.lengths.filter(rules),
                    paths: options.paths,
                }
            }
        }
    }

    /// Solves `board` on this thread with fresh scratch space.
    pub fn solve(&self, board: &Board) -> Solution {
        self.solve_with(board, &mut Scratch::default())
    }

    /// Solves `board` on this thread, reusing `scratch`.
    pub fn solve_with(&self, board: &Board, scratch: &mut Scratch) -> Solution {
        let config = self.config(board);
        let grid = Grid::new(board, self.dict);
        let mut words = Vec::new();
        scratch.search(self.dict, &grid, &config, 0..grid.len(), &mut words);
        finish(config.rules, words)
    }

    /// Solves `board` with its start cells split over rayon's current pool.
    /// The result is the same as [`Solver::solve`]'s.
    pub fn solve_parallel(&self, board: &Board) -> Solution {
        let config = self.config(board);
        let grid = Grid::new(board, self.dict);
        let cells = grid.len();
        let chunk = cells.div_ceil(8 * rayon::current_num_threads()).max(1);
        let parts: Vec<Vec<FoundWord>> = (0..cells.div_ceil(chunk))
            .into_par_iter()
            .map_init(Scratch::default, |scratch, part| {
                let mut words = Vec::new();
                let start = part * chunk;
                let end = (start + chunk).min(cells);
                scratch.search(self.dict, &grid, &config, start..end, &mut words);
                words
            })
            .collect();
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
}

/// Sorts the words score descending, then alphabetically (word ids follow
/// alphabetical order).
fn finish(rules: Rules, mut words: Vec<FoundWord>) -> Solution {
    words.sort_unstable_by_key(|w| (std::cmp::Reverse(w.score), w.word));
    Solution { rules, words }
}

/// A cell's tile in the dictionary's symbols.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Cell {
    /// One letter.
    One(Symbol),
    /// Several letters, `pool[start..start + len]`.
    Many { start: u32, len: u32 },
    /// Any one letter.
    Wildcard,
    /// A blank, or a letter the dictionary lacks: no word passes through.
    Dead,
}

/// A board in the dictionary's symbols, with its adjacency.
#[derive(Debug)]
struct Grid {
    /// One entry per cell, row-major.
    cells: Vec<Cell>,
    /// The letters of multi-letter tiles.
    pool: Vec<Symbol>,
    /// The live neighbours of cell `c` are `adjacent[offsets[c]..offsets[c + 1]]`.
    offsets: Vec<u32>,
    adjacent: Vec<u32>,
}

impl Grid {
    fn new(board: &Board, dict: &Dictionary) -> Grid {
        let alphabet = dict.alphabet();
        let mut pool = Vec::new();
        let cells: Vec<Cell> = board
            .tiles()
            .iter()
            .map(|tile| match tile {
                Tile::Letter(letter) => alphabet.symbol(*letter).map_or(Cell::Dead, Cell::One),
                Tile::Letters(letters) => {
                    let start = pool.len();
                    for letter in letters.chars() {
                        match alphabet.symbol(letter) {
                            Some(symbol) => pool.push(symbol),
                            None => {
                                pool.truncate(start);
                                return Cell::Dead;
                            }
                        }
                    }
                    Cell::Many {
                        start: start as u32,
                        len: (pool.len() - start) as u32,
                    }
                }
                Tile::Wildcard => Cell::Wildcard,
                Tile::Blank => Cell::Dead,
            })
            .collect();
        let mut offsets = Vec::with_capacity(cells.len() + 1);
        let mut adjacent = Vec::with_capacity(cells.len() * 8);
        offsets.push(0);
        for cell in 0..cells.len() {
            adjacent.extend(
                board
                    .neighbours(cell)
                    .filter(|&n| cells[n] != Cell::Dead)
                    .map(|n| n as u32),
            );
            offsets.push(adjacent.len() as u32);
        }
        Grid {
            cells,
            pool,
            offsets,
            adjacent,
        }
    }

    fn len(&self) -> usize {
        self.cells.len()
    }

    #[inline]
    fn neighbours(&self, cell: u32) -> &[u32] {
        let cell = cell as usize;
        &self.adjacent[self.offsets[cell] as usize..self.offsets[cell + 1] as usize]
    }
}

/// One worker's reusable state. Create one per thread; it adapts to any
/// dictionary and board size.
#[derive(Clone, Debug, Default)]
pub struct Scratch {
    /// `marks[w] == epoch` when word `w` was already found on this board.
    marks: Vec<u32>,
    /// Bumped per search, so `marks` need not be cleared.
    epoch: u32,
    /// Visited cells for boards over 64 cells, one bit per cell.
    visited: Vec<u64>,
    /// The cells of the current path.
    path: Vec<u32>,
}

/// A set of visited cells.
trait Visited {
    fn contains(&self, cell: u32) -> bool;
    fn insert(&mut self, cell: u32);
    fn remove(&mut self, cell: u32);
}

impl Visited for u64 {
    #[inline]
    fn contains(&self, cell: u32) -> bool {
        *self & (1 << cell) != 0
    }
    #[inline]
    fn insert(&mut self, cell: u32) {
        *self |= 1 << cell;
    }
    #[inline]
    fn remove(&mut self, cell: u32) {
        *self &= !(1 << cell);
    }
}

impl Visited for Vec<u64> {
    #[inline]
    fn contains(&self, cell: u32) -> bool {
        self[(cell / 64) as usize] & (1 << (cell % 64)) != 0
    }
    #[inline]
    fn insert(&mut self, cell: u32) {
        self[(cell / 64) as usize] |= 1 << (cell % 64);
    }
    #[inline]
    fn remove(&mut self, cell: u32) {
        self[(cell / 64) as usize] &= !(1 << (cell % 64));
    }
}

/// The read-only inputs of one search.
struct Search<'a> {
    nodes: &'a [Node],
    grid: &'a Grid,
    config: &'a SolveConfig,
    max_len: usize,
}

/// The mutable state of one search.
struct State<'a, V> {
    visited: V,
    marks: &'a mut [u32],
    epoch: u32,
    path: &'a mut Vec<u32>,
    found: &'a mut Vec<FoundWord>,
}

impl Scratch {
    /// Searches from each cell of `starts`, appending newly found words to
    /// `found` in order.
    fn search(
        &mut self,
        dict: &Dictionary,
        grid: &Grid,
        config: &SolveConfig,
        starts: std::ops::Range<usize>,
        found: &mut Vec<FoundWord>,
    ) {
        let max_len = config.lengths.max_len();
        if max_len == 0 {
            return;
        }
        if self.marks.len() != dict.word_count() {
            self.marks = vec![0; dict.word_count()];
            self.epoch = 0;
        }
        self.epoch = self.epoch.wrapping_add(1);
        if self.epoch == 0 {
            self.marks.fill(0);
            self.epoch = 1;
        }
        let search = Search {
            nodes: dict.trie().nodes(),
            grid,
            config,
            max_len,
        };
        self.path.clear();
        if grid.len() <= 64 {
            let mut state = State {
                visited: 0u64,
                marks: &mut self.marks,
                epoch: self.epoch,
                path: &mut self.path,
                found,
            };
            for cell in starts {
                search.enter(&mut state, cell as u32, NodeId::ROOT, 0);
            }
        } else {
            self.visited.clear();
            self.visited.resize(grid.len().div_ceil(64), 0);
            let mut state = State {
                visited: std::mem::take(&mut self.visited),
                marks: &mut self.marks,
                epoch: self.epoch,
                path: &mut self.path,
                found,
            };
            for cell in starts {
                search.enter(&mut state, cell as u32, NodeId::ROOT, 0);
            }
            self.visited = state.visited;
        }
    }
}

impl Search<'_> {
    /// Steps onto `cell` from trie node `node` (the letters so far, `depth` long).
    #[inline]
    fn enter<V: Visited>(&self, state: &mut State<'_, V>, cell: u32, node: NodeId, depth: usize) {
        let here = &self.nodes[node.index()];
        match self.grid.cells[cell as usize] {
            Cell::One(symbol) => {
                if let Some(child) = here.child(symbol) {
                    self.extend(state, cell, child, depth + 1);
                }
            }
            Cell::Many { start, len } => {
                let letters = &self.grid.pool[start as usize..(start + len) as usize];
                let mut node = node;
                for &symbol in letters {
                    match self.nodes[node.index()].child(symbol) {
                        Some(child) => node = child,
                        None => return,
                    }
                }
                self.extend(state, cell, node, depth + letters.len());
            }
            Cell::Wildcard => {
                let mut bits = here.children;
                while bits != 0 {
                    let bit = bits & bits.wrapping_neg();
                    self.extend(state, cell, here.child_at(bit), depth + 1);
                    bits &= bits - 1;
                }
            }
            Cell::Dead => {}
        }
    }

    /// Having spelled `cell`'s letters to reach `node` at `depth`, reports
    /// the word there and goes on to the unvisited neighbours.
    fn extend<V: Visited>(&self, state: &mut State<'_, V>, cell: u32, node: NodeId, depth: usize) {
        if depth > self.max_len {
            return;
        }
        let here = &self.nodes[node.index()];
        if let Some(word) = here.word() {
            let mark = &mut state.marks[word.index()];
            if *mark != state.epoch && self.config.lengths.allows(depth) {
                *mark = state.epoch;
                let path = if self.config.paths {
                    let mut path = state.path.clone();
                    path.push(cell);
                    path
                } else {
                    Vec::new()
                };
                state.found.push(FoundWord {
                    word,
                    len: depth,
                    score: self.config.rules.score(depth),
                    path,
                });
            }
        }
        if here.children == 0 || depth == self.max_len {
            return;
        }
        state.visited.insert(cell);
        state.path.push(cell);
        for &next in self.grid.neighbours(cell) {
            if !state.visited.contains(next) {
                self.enter(state, next, node, depth);
            }
        }
        state.path.pop();
        state.visited.remove(cell);
    }
}
