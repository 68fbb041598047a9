//! One worker's reusable state ([`Scratch`], [`State`]): the words found
//! on this board ([`Found`]), the pruning counts (cleared by bumping an
//! epoch rather than by writing), the path and the score table. [`State::search`]
//! sets up one search within its budget and starts it again with pruning
//! when the plain search runs out.

use super::budget::{BudgetExceeded, Steps};
use super::grid::Grid;
use super::options::{BoardConfig, Scores};
use super::padded::Frame;
use super::sink::Sink;
use super::tile_boards::TileScratch;
use super::walk::{Found, Left, Search, Walk};
use crate::board::Board;
use crate::dict::Dictionary;

/// One worker's reusable state. Create one per thread; it adapts to any
/// dictionary and board size.
#[derive(Clone, Debug, Default)]
pub struct Scratch {
    /// The search's own state.
    pub(super) state: State,
    /// The last board, laid out for its search.
    pub(super) grid: Grid,
    /// The tile core's state.
    pub(super) tiles: TileScratch,
}

impl Scratch {
    /// How many boards searched with this scratch the tile core answered
    /// (see [`Solver::with_tile_core`](super::Solver::with_tile_core)).
    pub fn tile_core_boards(&self) -> u64 {
        self.tiles.answered
    }

    /// Searches every cell of `board` within `steps`.
    pub(super) fn search<S: Sink>(
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
pub(super) struct State {
    /// The words already found on this board.
    pub(super) found: Found,
    /// Bumped per search, so `done` and `left` need not be cleared.
    pub(super) epoch: u16,
    /// `done[n] == epoch` when node `n` has children and every word below
    /// it was reached in this search: the search does not enter it again.
    pub(super) done: Vec<u16>,
    /// Per node: how many of its parts (its own word, its children) are
    /// still to be completed in this search.
    pub(super) left: Vec<Left>,
    /// The large search's copy of the padded codes, marking its path.
    pub(super) codes: Vec<u8>,
    /// The cells of the current path, when paths are kept.
    pub(super) path: Vec<u32>,
    /// The large search's current path, one frame per cell.
    pub(super) frames: Vec<Frame>,
    /// The scores of the last configuration searched with, per length.
    pub(super) scores: Scores,
}

impl State {
    /// Searches from each cell of `starts`, giving newly found words to
    /// `sink` in order.
    pub(super) fn search<S: Sink>(
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
        if !self.found.start(dict.word_count()) {
            // Made again when a search prunes.
            self.done = Vec::new();
            self.left = Vec::new();
            self.epoch = 0;
        }
        self.epoch = self.epoch.wrapping_add(1);
        if self.epoch == 0 {
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
            found: &mut self.found,
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
