//! The search: every dictionary word a path of adjacent, distinct cells spells.
//!
//! [`Solver`] holds the shared, immutable parts (dictionary, rules, length
//! filter); [`Scratch`] holds one worker's mutable state (visited cells,
//! a bit per word found, the current path), reused from board to board. The search
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
//!
//! Beside them, the tile core (`tile_core`, used through `tile_boards`)
//! counts or lists the words of a board without paths, over a trie of the
//! board's tiles rather than of letters: faster, but only for boards of at
//! most 64 cells made of a fixed set of tiles, with no wildcard, no paths,
//! no budget and no pruning. A solver made [`Solver::with_tile_core`]
//! gives it the boards it can take and the general search the rest; the
//! answers are the same. Why there are two loops: docs/design.md.

mod budget;
mod grid;
mod large;
mod masks;
mod options;
mod padded;
mod prune;
mod scratch;
mod sink;
mod small;
mod solution;
mod solver;
mod tile_boards;
mod tile_core;
mod tiles;
mod walk;

pub use budget::{BudgetExceeded, CLOCK_STEPS};
pub use options::SolveOptions;
pub use scratch::Scratch;
pub use solution::{FoundWord, Solution, Summary};
pub use solver::Solver;
pub use tile_boards::ListedTexts;
pub use tile_core::{ChoiceFigures, ListedWord, MAX_CELLS, MAX_TILES, Scorer, TileTrie, WordText};

#[cfg(test)]
mod tests;
