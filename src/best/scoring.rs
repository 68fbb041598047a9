//! Scoring a round's candidates in parallel, in chunks over rayon's
//! current pool, each task with a scorer lent from the climber's spares
//! ([`LentScorer`]), so the scores come back in candidate order whatever
//! the thread count.

use std::sync::atomic::Ordering;
use std::sync::{Arc, Mutex};
use std::time::Instant;

use rayon::prelude::*;

use super::climb::Climber;
use super::space::{Candidate, Entry, apply_tiles};
use crate::solve::Scorer;

/// Boards scored per parallel task: enough to make scheduling cheap, few
/// enough that a deadline or Ctrl-C is noticed within milliseconds.
pub(super) const CHUNK: usize = 512;

/// A scorer lent by a [`Climber`]'s spares for one parallel task, given back
/// when the task drops it.
pub(super) struct LentScorer<'r> {
    pub(super) scorer: Option<Scorer>,
    pub(super) spares: &'r Mutex<Vec<Scorer>>,
}

impl<'r> LentScorer<'r> {
    /// A spare scorer, or a new one when none is left.
    pub(super) fn take(spares: &'r Mutex<Vec<Scorer>>, new: impl FnOnce() -> Scorer) -> Self {
        let spare = spares
            .lock()
            .unwrap_or_else(|poisoned| poisoned.into_inner())
            .pop();
        LentScorer {
            scorer: Some(spare.unwrap_or_else(new)),
            spares,
        }
    }

    pub(super) fn scorer(&mut self) -> &mut Scorer {
        self.scorer
            .as_mut()
            .expect("a lent scorer is held until dropped")
    }
}

impl Drop for LentScorer<'_> {
    fn drop(&mut self) {
        if let Some(scorer) = self.scorer.take() {
            self.spares
                .lock()
                .unwrap_or_else(|poisoned| poisoned.into_inner())
                .push(scorer);
        }
    }
}

impl Climber<'_> {
    /// Scores the candidates in parallel, in order; a candidate left
    /// unscored because the search was stopped has no score. The first
    /// chunk of a search is scored whatever its deadline, so that a
    /// deadline that passed while the dictionary was loading still leaves
    /// boards to show; a stop still ends it.
    pub(super) fn score(
        &mut self,
        parents: &[Entry],
        candidates: &[Candidate],
    ) -> Vec<Option<(u32, u32)>> {
        let space = self.space;
        let trie = &self.trie;
        let stop = self.stop;
        let deadline = self.config.deadline;
        let spares = &self.scorers;
        let first = self.scored == 0;
        let chunks: Vec<Vec<Option<(u32, u32)>>> = candidates
            .par_chunks(CHUNK)
            .enumerate()
            .map_init(
                || {
                    let lent = LentScorer::take(spares, || {
                        Scorer::new(Arc::clone(trie), &space.neighbours)
                    });
                    (lent, Vec::new())
                },
                |(lent, buffer), (index, chunk)| {
                    let scorer = lent.scorer();
                    let late = !(first && index == 0)
                        && deadline.is_some_and(|deadline| Instant::now() >= deadline);
                    let stopped = stop.load(Ordering::Relaxed) || late;
                    chunk
                        .iter()
                        .map(|candidate| {
                            if stopped {
                                return None;
                            }
                            let parent = &parents[candidate.parent as usize];
                            buffer.clear();
                            buffer.extend_from_slice(&parent.tiles);
                            if let Some(edit) = candidate.edit {
                                apply_tiles(buffer, edit);
                            }
                            Some(scorer.score(buffer))
                        })
                        .collect()
                },
            )
            .collect();
        let scores: Vec<Option<(u32, u32)>> = chunks.into_iter().flatten().collect();
        self.scored += scores.iter().filter(|score| score.is_some()).count() as u64;
        scores
    }
}
