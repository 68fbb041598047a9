//! [`Solver`]: the shared, immutable parts of a search (dictionary, rules
//! and their configurations, the plain-search step limit) and its drivers,
//! on the calling thread (`solve*`, `summarize_with`) or over rayon's
//! current pool (`*_parallel`).

use std::sync::Arc;
use std::sync::atomic::AtomicU64;

use rayon::prelude::*;

use super::budget::{BudgetExceeded, Steps};
use super::grid::Grid;
use super::options::{BoardConfig, SolveOptions};
use super::scratch::{Scratch, State};
use super::sink::{SeenOnce, Sink};
use super::solution::{FoundWord, Solution, Summary, finish};
use super::tile_boards::{CoreWalk, ListedTexts, TileCores};
use super::tile_core::ListedWord;
use crate::board::Board;
use crate::dict::Dictionary;
use crate::rules::{Rules, RulesChoice};

/// Searches boards against one dictionary. Cheap to share between threads.
#[derive(Clone, Debug)]
pub struct Solver<'d> {
    pub(super) dict: &'d Dictionary,
    /// The rules asked for, fixed or picked per board.
    pub(super) rules: RulesChoice,
    /// The search under each of the rules (classic, big, superbig), worked
    /// out from the options once.
    pub(super) configs: [BoardConfig; 3],
    /// How many steps per start cell a search takes before it starts again
    /// with pruning.
    pub(super) plain_steps: u64,
    /// The tile cores, when this solver uses them (see `tile_boards`).
    tile_cores: Option<Arc<TileCores>>,
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
            tile_cores: None,
        }
    }

    /// This solver, answering boards without paths from the tile core:
    /// for many boards, where building the core's trie (tens of
    /// milliseconds, once per rule set) pays for itself. The answers are
    /// the same.
    pub fn with_tile_core(self) -> Solver<'d> {
        Solver {
            tile_cores: Some(Arc::default()),
            ..self
        }
    }

    /// The word count and score of `board` under `config` from the tile
    /// core, with `LIST` its words in `words`, or `None` when this solver
    /// does not use the core or the core does not take the board.
    fn tile_search<const LIST: bool>(
        &self,
        board: &Board,
        config: &BoardConfig,
        scratch: &mut Scratch,
        words: &mut Vec<FoundWord>,
    ) -> Option<(usize, u64)> {
        let figures = self.tile_walk::<LIST>(board, config, scratch)?;
        if LIST {
            let listed = scratch.tiles.listed();
            // In the solution's order, sorted as plain numbers.
            listed.sort_unstable();
            words.extend(listed.iter().map(|&word| FoundWord {
                word: word.word(),
                len: word.letters(),
                score: word.score(),
                path: Vec::new(),
            }));
        }
        Some(figures)
    }

    /// The tile core's walk of `board` (see [`Solver::tile_search`]).
    fn tile_walk<const LIST: bool>(
        &self,
        board: &Board,
        config: &BoardConfig,
        scratch: &mut Scratch,
    ) -> Option<(usize, u64)> {
        let with = self.core_walk(board, config)?;
        scratch.tiles.walk::<LIST>(&with, board)
    }

    /// A walk of the tile cores over `board` under `config`, or `None` for
    /// a solver without them.
    fn core_walk<'a>(&'a self, board: &Board, config: &'a BoardConfig) -> Option<CoreWalk<'a>> {
        Some(CoreWalk {
            cores: self.tile_cores.as_deref()?,
            dict: self.dict,
            config,
            max_paths: self.plain_steps.saturating_mul(board.len() as u64),
        })
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
    pub(super) fn steps(&self, max: u64) -> Steps {
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
    pub(super) fn config(&self, board: &Board) -> BoardConfig {
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
        if self
            .tile_search::<true>(board, &config, scratch, &mut words)
            .is_some()
        {
            return finish(config.rules, words);
        }
        words.clear();
        // An unlimited search cannot exceed its budget.
        let _ = scratch.search(self.dict, board, &config, self.steps(u64::MAX), &mut words);
        finish(config.rules, words)
    }

    /// The words of `board` as the tile core lists them (each word's id,
    /// score and length; no paths), in a solution's order, with the rules
    /// they were scored by: the words of [`Solver::solve_with`]'s solution
    /// (tested), without making a [`FoundWord`] of each. `None` when the
    /// tile core does not take the board (a solver without it, a board
    /// with a wildcard or paths asked for, a board its walk is too long
    /// for); `solve_with` answers then.
    pub fn list_with<'s>(
        &self,
        board: &Board,
        scratch: &'s mut Scratch,
    ) -> Option<(Rules, &'s mut [ListedWord])> {
        let config = self.config(board);
        self.tile_walk::<true>(board, &config, scratch)?;
        Some((config.rules, scratch.tiles.listed()))
    }

    /// [`Solver::list_with`]'s words as the tile core found them: ranks of
    /// its listing, with their texts and scores by rank, made at the first
    /// board if the core's file did not hold them.
    pub fn list_texts_with<'s>(
        &self,
        board: &Board,
        scratch: &'s mut Scratch,
    ) -> Option<ListedTexts<'s>> {
        let config = self.config(board);
        let with = self.core_walk(board, &config)?;
        scratch.tiles.rank_walk(&with, board)
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
    /// `deadline`: the search reads the clock every
    /// [`CLOCK_STEPS`](super::CLOCK_STEPS) steps, when a part of its budget
    /// that long runs out, so it stops within about a tenth of a
    /// millisecond of the deadline and costs nothing measurable until then.
    /// Past the deadline the answer is [`BudgetExceeded`] too; the caller
    /// tells the two apart by the clock.
    pub fn solve_within_deadline(
        &self,
        board: &Board,
        scratch: &mut Scratch,
        max_steps: u64,
        deadline: std::time::Instant,
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
        if let Some((count, score)) =
            self.tile_search::<false>(board, &config, scratch, &mut Vec::new())
        {
            return Summary {
                rules: config.rules,
                count,
                score,
            };
        }
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
    pub(super) fn search_parts<S: Sink + Send>(
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
