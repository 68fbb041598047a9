//! One search ([`Climber`]): climbs from random boards, round after
//! round, until the rounds, the deadline or a stop end it, and reports its
//! progress. Scoring a round is `scoring`'s, keeping the best boards is
//! `pool`'s.

use std::collections::HashSet;
use std::sync::Mutex;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Instant;

use super::config::{BestConfig, Progress};
use std::sync::Arc;

use super::space::{Candidate, Entry, Key, Seen, Space, apply_tiles, digest, entry};
use crate::dice::BoardRng;
use crate::scored::ScoredBoard;
use crate::solve::{Scorer, TileTrie};

/// One search's state: its random source, its counters, the best boards
/// of all climbs and the spare scorers.
pub(super) struct Climber<'a> {
    pub(super) space: &'a Space,
    pub(super) trie: Arc<TileTrie>,
    pub(super) config: &'a BestConfig,
    pub(super) stop: &'a AtomicBool,
    pub(super) rng: BoardRng,
    pub(super) rounds: u64,
    pub(super) climbs: u64,
    pub(super) scored: u64,
    /// The best boards of all climbs, best first, distinct.
    pub(super) best: Vec<Entry>,
    /// The keys of `best`, so that a board is looked up in it at once
    /// however many boards are kept (`--top`).
    pub(super) best_keys: HashSet<Key>,
    /// The best board as last shown to `progress`.
    pub(super) shown: Option<ScoredBoard>,
    /// Scorers between rounds, so that a round's tasks reuse their marks
    /// instead of making new ones.
    pub(super) scorers: Mutex<Vec<Scorer>>,
}

impl Climber<'_> {
    /// Whether the search must end now.
    pub(super) fn over(&self) -> bool {
        self.stop.load(Ordering::Relaxed)
            || self
                .config
                .rounds
                .is_some_and(|rounds| self.rounds >= rounds)
            || self.past_deadline()
    }

    pub(super) fn past_deadline(&self) -> bool {
        self.config
            .deadline
            .is_some_and(|deadline| Instant::now() >= deadline)
    }

    /// Climbs until the search is over. The first climb always starts:
    /// its first boards are scored whatever the deadline (see `score`).
    pub(super) fn search(&mut self, progress: &mut impl FnMut(&Progress<'_>)) {
        while self.climbs == 0 || !self.over() {
            self.climbs += 1;
            self.climb(progress);
        }
    }

    /// One climb from random boards, until a round adds nothing, its best
    /// board has not risen for `patience` rounds, or the search is over.
    pub(super) fn climb(&mut self, progress: &mut impl FnMut(&Progress<'_>)) {
        let space = self.space;
        let mut seen = Seen::default();
        // The starting boards are the parents of edit-less candidates.
        let mut parents: Vec<Entry> = Vec::with_capacity(self.config.pool);
        let (mut tiles, mut dice) = (Vec::new(), Vec::new());
        for _ in 0..self.config.pool {
            space.random(&mut self.rng, &mut tiles, &mut dice);
            let (key, _) = space.canonical(&tiles);
            if seen.insert(digest(&key)) {
                parents.push(entry(key, tiles.clone(), dice.clone()));
            }
        }
        let mut candidates: Vec<Candidate> = (0..parents.len() as u32)
            .map(|parent| Candidate { parent, edit: None })
            .collect();
        let mut pool: Vec<Entry> = Vec::new();
        // The climb's best score, and the rounds since it last rose.
        let (mut top, mut flat) = (0, 0);
        loop {
            let scores = self.score(&parents, &candidates);
            let waiting = self.merge(&mut pool, &parents, &candidates, &scores);
            self.rounds += 1;
            self.report(progress);
            match pool.first() {
                Some(best) if best.score > top => (top, flat) = (best.score, 0),
                _ => flat += 1,
            }
            let tired = self
                .config
                .patience
                .is_some_and(|patience| flat >= patience);
            if waiting == 0 || tired || self.over() {
                return;
            }
            // The next round: the neighbours of the best boards not yet
            // expanded.
            parents.clear();
            candidates.clear();
            let mut buffer = Vec::new();
            let unexpanded = pool.iter_mut().filter(|entry| !entry.expanded);
            for entry in unexpanded.take(self.config.expand) {
                entry.expanded = true;
                let parent = parents.len() as u32;
                space.edits(&entry.tiles, &entry.dice, |edit| {
                    buffer.clear();
                    buffer.extend_from_slice(&entry.tiles);
                    apply_tiles(&mut buffer, edit);
                    let (key, _) = space.canonical(&buffer);
                    if seen.insert(digest(&key)) {
                        candidates.push(Candidate {
                            parent,
                            edit: Some(edit),
                        });
                    }
                });
                parents.push(entry.clone());
            }
        }
    }

    /// Tells `progress` how the search is going.
    pub(super) fn report(&mut self, progress: &mut impl FnMut(&Progress<'_>)) {
        let improved = match (&self.shown, self.best.first()) {
            (_, None) => false,
            (None, Some(_)) => true,
            (Some(shown), Some(best)) => u64::from(best.score) > shown.score,
        };
        if improved {
            self.shown = self.best.first().map(|best| self.space.found(best));
        }
        progress(&Progress {
            scored: self.scored,
            rounds: self.rounds,
            climbs: self.climbs,
            best: self.shown.as_ref(),
            improved,
        });
    }
}
