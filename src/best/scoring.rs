//! Scoring a round's candidates in parallel, in chunks over rayon's
//! current pool, each task with a scorer lent from the climber's spares
//! ([`LentScorer`]), so the scores come back in candidate order whatever
//! the thread count.

use std::sync::atomic::Ordering;
use std::sync::{Arc, Mutex};
use std::time::Instant;

use rayon::prelude::*;

use super::climb::Climber;
use super::space::{Candidate, Edit, Entry, apply_tiles};
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
                    let mut scores = Vec::with_capacity(chunk.len());
                    if stopped {
                        scores.resize(chunk.len(), None);
                        return scores;
                    }
                    let mut rest = chunk;
                    while let Some(candidate) = rest.first() {
                        let parent = &parents[candidate.parent as usize];
                        let run = same_cell(rest);
                        if let (Some(Edit::Set { cell, .. }), 2..) = (candidate.edit, run) {
                            let choices = rest[..run].iter().fold(0, |choices, other| match other
                                .edit
                            {
                                Some(Edit::Set { tile, .. }) => choices | 1 << tile,
                                _ => choices,
                            });
                            let figures =
                                scorer.score_choices(&parent.tiles, usize::from(cell), choices);
                            scores.extend(rest[..run].iter().map(|other| match other.edit {
                                Some(Edit::Set { tile, .. }) => Some(figures[usize::from(tile)]),
                                _ => None,
                            }));
                        } else {
                            buffer.clear();
                            buffer.extend_from_slice(&parent.tiles);
                            if let Some(edit) = candidate.edit {
                                apply_tiles(buffer, edit);
                            }
                            scores.push(Some(scorer.score(buffer)));
                        }
                        rest = &rest[run.max(1)..];
                    }
                    scores
                },
            )
            .collect();
        let scores: Vec<Option<(u32, u32)>> = chunks.into_iter().flatten().collect();
        self.scored += scores.iter().filter(|score| score.is_some()).count() as u64;
        scores
    }
}

/// How many candidates at the start of `candidates` set the same cell of
/// the same board as the first does (0 when the first sets no cell):
/// one walk scores them all ([`Scorer::score_choices`]).
fn same_cell(candidates: &[Candidate]) -> usize {
    let Some(Candidate {
        parent,
        edit: Some(Edit::Set { cell, .. }),
    }) = candidates.first().copied()
    else {
        return 0;
    };
    candidates
        .iter()
        .take_while(|other| {
            other.parent == parent
                && matches!(other.edit, Some(Edit::Set { cell: at, .. }) if at == cell)
        })
        .count()
}
