//! `boggle best`: a search for the highest-scoring boards (SPEC §12).
//!
//! The search is a pool hill climb. A climb keeps the best `pool` boards
//! found so far, each counted once under the board's symmetries (8 for a
//! square, 4 for a rectangle); every round scores each board one edit away
//! from the boards that entered the pool in the last round (a cell's tile
//! changed, or two cells swapped), skipping boards the climb has already
//! seen, and keeps the best `pool` of old and new. Boards that were in the
//! pool before need no second look: their neighbours were scored when they
//! entered, and the pool's worst score only rises. When a round adds
//! nothing, or the climb's best board has not risen for `patience` rounds,
//! the climb is over and a new one starts from random boards. The best
//! boards of all climbs are the result.
//!
//! With `--dice`, a board is a roll: each cell holds one die of the set,
//! showing one of its faces, and the edits are a die showing another face
//! or two dice changing places, so every board visited is a legal roll.
//!
//! The candidates of a round are generated in order on one thread, scored in
//! parallel in chunks (rayon's current pool) and merged in order, so a
//! search bounded by rounds gives the same boards whatever the thread count.
//! Scoring is [`Scorer`], the search's tile core: a trie over the search's
//! own tiles, no parsing and no allocation per board. A board's edits of
//! one cell are scored together, by one walk that lets the cell hold every
//! tile offered ([`Scorer::score_choices`]): the paths that avoid the cell
//! are followed once for all of them, and the figures are each board's.

mod climb;
mod config;
mod output;
mod pool;
mod scoring;
mod space;

use std::sync::atomic::AtomicBool;
use std::sync::{Arc, Mutex};

use crate::dice::BoardRng;
use crate::dict::Dictionary;
use crate::scored::ScoredBoard;
use climb::Climber;
use space::Space;

pub use crate::solve::{MAX_CELLS, MAX_TILES, Scorer, TileTrie};
pub use config::{
    BestConfig, BestError, DEFAULT_EXPAND, DEFAULT_LETTERS, DEFAULT_PATIENCE, DEFAULT_POOL,
    PATIENT_CELLS, Pieces, Progress, default_patience,
};
pub use output::write_found;

/// Searches for the best boards of `dict` under `config` until its rounds
/// or deadline are reached or `stop` is set, calling `progress` after each
/// round. Returns the best `config.top` boards found, best first (ties in
/// canonical order).
pub fn search(
    dict: &Dictionary,
    config: &BestConfig,
    stop: &AtomicBool,
    mut progress: impl FnMut(&Progress<'_>),
) -> Result<Vec<ScoredBoard>, BestError> {
    if config.pool == 0 {
        return Err(BestError::Empty("the pool"));
    }
    if config.expand == 0 {
        return Err(BestError::Empty("the number of boards expanded per round"));
    }
    if config.top == 0 {
        return Err(BestError::Empty("the number of boards shown"));
    }
    let space = Space::new(config)?;
    let trie = Arc::new(TileTrie::new(dict, &space.tiles, config.rules));
    let mut climber = Climber {
        space: &space,
        trie,
        config,
        stop,
        rng: BoardRng::new(config.seed),
        rounds: 0,
        climbs: 0,
        scored: 0,
        best: Vec::new(),
        best_keys: Default::default(),
        shown: None,
        scorers: Mutex::new(Vec::new()),
    };
    climber.search(&mut progress);
    Ok(climber
        .best
        .iter()
        .map(|entry| space.found(entry))
        .collect())
}

#[cfg(test)]
mod tests;
