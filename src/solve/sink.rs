//! Where a search puts the words it finds ([`Sink`]): a list of words, a
//! summary's figures, one part of a summary split over threads
//! ([`SeenOnce`]), or another sink searched into with pruning ([`Pruned`]).

use std::sync::atomic::{AtomicU64, Ordering};

use super::solution::{FoundWord, Summary};
use crate::trie::WordId;

/// Where the search puts the words it finds.
pub(crate) trait Sink {
    /// Whether the search into this sink counts the words reached below
    /// each node and does not enter a node all of whose words were reached
    /// (see [`State::search`](super::scratch::State::search)); the plain search spends nothing on it.
    const PRUNE: bool = false;

    fn found(&mut self, word: WordId, len: usize, score: u32, path: &[u32], last: u32, paths: bool);
}

/// Another sink, searched into with pruning.
pub(super) struct Pruned<'a, S>(pub(super) &'a mut S);

impl<S: Sink> Sink for Pruned<'_, S> {
    const PRUNE: bool = true;

    #[inline]
    fn found(
        &mut self,
        word: WordId,
        len: usize,
        score: u32,
        path: &[u32],
        last: u32,
        paths: bool,
    ) {
        self.0.found(word, len, score, path, last, paths);
    }
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
pub(super) struct SeenOnce<'a> {
    /// A bit per word, set by the first part to find it; shared by the parts.
    pub(super) seen: &'a [AtomicU64],
    pub(super) count: usize,
    pub(super) score: u64,
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
