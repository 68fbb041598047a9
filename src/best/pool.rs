//! The pool of a climb and the best boards of the search: the scored
//! candidates that make them are put in, best first, ties in key order,
//! each board once.

use super::climb::Climber;
use super::space::{Candidate, Edit, Entry, apply_tiles, entry};

impl Climber<'_> {
    /// Puts the scored candidates that make the pool into it (best first,
    /// ties in key order, at most `pool` boards) and into the best boards
    /// of the search. Returns how many boards of the pool wait to be
    /// expanded.
    pub(super) fn merge(
        &mut self,
        pool: &mut Vec<Entry>,
        parents: &[Entry],
        candidates: &[Candidate],
        scores: &[Option<(u32, u32)>],
    ) -> usize {
        let space = self.space;
        let size = self.config.pool;
        let floor = |list: &[Entry], size: usize| {
            if list.len() >= size {
                list.last().map_or(0, |entry| entry.score)
            } else {
                0
            }
        };
        let pool_floor = floor(pool, size);
        let best_floor = floor(&self.best, self.config.top);
        let mut fresh = Vec::new();
        let mut buffer = Vec::new();
        let mut dice = Vec::new();
        for (candidate, score) in candidates.iter().zip(scores) {
            let Some((count, score)) = *score else {
                continue;
            };
            if score < pool_floor.min(best_floor) {
                continue;
            }
            let parent = &parents[candidate.parent as usize];
            buffer.clear();
            buffer.extend_from_slice(&parent.tiles);
            dice.clear();
            dice.extend_from_slice(&parent.dice);
            if let Some(edit) = candidate.edit {
                apply_tiles(&mut buffer, edit);
                if let (Edit::Swap { a, b }, false) = (edit, dice.is_empty()) {
                    dice.swap(usize::from(a), usize::from(b));
                }
            }
            let (key, symmetry) = space.canonical(&buffer);
            let symmetry = &space.symmetries[symmetry];
            let tiles = symmetry
                .iter()
                .map(|&from| buffer[usize::from(from)])
                .collect();
            let dice = if dice.is_empty() {
                Vec::new()
            } else {
                symmetry
                    .iter()
                    .map(|&from| dice[usize::from(from)])
                    .collect()
            };
            let mut entry = entry(key, tiles, dice);
            entry.count = count;
            entry.score = score;
            fresh.push(entry);
        }
        let order = |a: &Entry, b: &Entry| b.score.cmp(&a.score).then(a.key.cmp(&b.key));
        fresh.sort_by(order);
        // The search's best boards: distinct across climbs. `fresh` is in
        // order, so once a board falls behind the last kept one, or `top`
        // boards were added, none after it can be kept; the rest is one
        // sort, whatever `top` and the pool are.
        let top = self.config.top;
        let last = (self.best.len() >= top)
            .then(|| self.best.last().cloned())
            .flatten();
        let mut added = Vec::new();
        for entry in &fresh {
            let behind = last.as_ref().is_some_and(|last| order(entry, last).is_ge());
            if behind || added.len() >= top {
                break;
            }
            if self.best_keys.insert(entry.key) {
                added.push(entry.clone());
            }
        }
        if !added.is_empty() {
            self.best.append(&mut added);
            self.best.sort_by(order);
            for dropped in self.best.drain(top.min(self.best.len())..) {
                self.best_keys.remove(&dropped.key);
            }
        }
        pool.extend(fresh.into_iter().filter(|entry| entry.score >= pool_floor));
        pool.sort_by(order);
        pool.truncate(size);
        pool.iter().filter(|entry| !entry.expanded).count()
    }
}
