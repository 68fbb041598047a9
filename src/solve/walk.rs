//! One search's inputs and state: [`Search`], what it reads (the trie, the
//! board's layout, the score table), and [`Walk`], what it changes (the words
//! found, [`Found`], the path, budget, sink); the loop over start cells and what both the small
//! and the large search share: the nodes a step lands on and reporting a
//! word.

use super::grid::Grid;
use super::options::Scores;
use super::padded::Frame;
use super::sink::Sink;
use super::tiles::Code;
use crate::trie::{Node, NodeId, Nodes, Subtrees, WordId};

impl<S: Sink> Walk<'_, S> {
    /// Searches from each cell of `starts`, small or large, with or without
    /// paths, until the search is over or out of steps.
    pub(super) fn search_from(&mut self, starts: std::ops::Range<usize>, small: bool, paths: bool) {
        let search = self.search;
        let root = search.nodes.get(NodeId::ROOT);
        for cell in starts {
            if self.exceeded || self.is_done(NodeId::ROOT) {
                return;
            }
            let cell = cell as u32;
            match (small, paths) {
                (true, false) => search.small_enter::<S, false>(self, cell, root, 0, 0),
                (true, true) => search.small_enter::<S, true>(self, cell, root, 0, 0),
                (false, false) => search.large_enter::<S, false>(self, search.pad(cell), root, 0),
                (false, true) => search.large_enter::<S, true>(self, search.pad(cell), root, 0),
            }
        }
    }
}

/// How many parts of a node (its own word and its children, at most 65)
/// one search has still to complete, valid in that search's epoch only. A
/// node is complete when its word, if any, was reached and its children are
/// complete: when every word below it was reached.
#[derive(Clone, Copy, Debug, Default)]
pub(super) struct Left {
    pub(super) epoch: u16,
    pub(super) parts: u8,
}

/// The words found in one search: a bit per word of the dictionary, and the
/// list of those set, so that the next search clears only those. A bit a
/// word keeps the table in cache (32 KB for 256,000 words), and a first
/// search touches few pages of it: one board solved alone pays for its
/// page faults as much as for its search.
#[derive(Clone, Debug, Default)]
pub(super) struct Found {
    /// The dictionary's word count: a word id at or past it (from a forged
    /// trie) is never new.
    words: usize,
    bits: Vec<u64>,
    list: Vec<u32>,
}

impl Found {
    /// Empties the set for a search over `words` words; returns false
    /// when it was made afresh, for another dictionary.
    pub(super) fn start(&mut self, words: usize) -> bool {
        if self.words != words || self.bits.is_empty() {
            self.words = words;
            self.bits = vec![0; words.div_ceil(64)];
            self.list.clear();
            return false;
        }
        for &word in &self.list {
            self.bits[word as usize / 64] = 0;
        }
        self.list.clear();
        true
    }

    /// Whether word `word` is still to be found; false for a word beyond
    /// the dictionary's.
    #[inline(always)]
    pub(super) fn is_new(&self, word: usize) -> bool {
        word < self.words && self.bits[word / 64] & (1 << (word % 64)) == 0
    }

    /// Marks `word`, which [`is_new`](Self::is_new) said is new, found.
    #[inline(always)]
    pub(super) fn insert(&mut self, word: usize) {
        self.bits[word / 64] |= 1 << (word % 64);
        self.list.push(word as u32);
    }

    /// The words found, in the order found.
    pub(super) fn words(&self) -> &[u32] {
        &self.list
    }
}

/// The read-only inputs of one search.
pub(super) struct Search<'a> {
    pub(super) nodes: Nodes<'a>,
    /// The trie's parents and word nodes.
    pub(super) subtrees: Subtrees<'a>,
    pub(super) grid: &'a Grid,
    /// The score of each word length, or [`Scores::FILTERED`].
    pub(super) scores: &'a [u32; 128],
    /// The longest length the filter allows: the search goes no deeper.
    pub(super) max_len: usize,
}

/// What one search changes.
pub(super) struct Walk<'a, S> {
    /// The search's read-only inputs, here so the small search's recursive
    /// calls pass one pointer for both.
    pub(super) search: &'a Search<'a>,
    /// The words found on this board so far.
    pub(super) found: &'a mut Found,
    pub(super) epoch: u16,
    /// Per node, whether every word below it was reached (see [`State`](super::scratch::State)).
    pub(super) done: &'a mut Vec<u16>,
    /// Per node, how many of its parts are still to complete (see [`State`](super::scratch::State)).
    pub(super) left: &'a mut Vec<Left>,
    /// Bit `n % 64` is set when some node `n` is done: most searches finish
    /// few nodes with children, and a clear bit spares reading `done`.
    pub(super) finished: u64,
    /// How many more steps the search may take before it reads the clock
    /// (with a deadline) or stops.
    pub(super) steps_left: u64,
    /// The steps of the budget beyond `steps_left`, given out
    /// [`CLOCK_STEPS`](super::CLOCK_STEPS) at a time while the deadline is
    /// not passed.
    pub(super) reserve: u64,
    pub(super) deadline: Option<std::time::Instant>,
    /// Whether the search stopped at its deadline.
    pub(super) timed_out: bool,
    /// Whether the search wanted a step past its budget.
    pub(super) exceeded: bool,
    /// The cells of the path so far, when paths are kept.
    pub(super) path: &'a mut Vec<u32>,
    /// The large search's codes, the cells of the current path marked.
    pub(super) codes: &'a mut [u8],
    /// The large search's current path.
    pub(super) frames: &'a mut Vec<Frame>,
    pub(super) sink: &'a mut S,
}

impl Search<'_> {
    /// Calls `land` with each trie node and letter count reached by stepping
    /// onto `cell` from `here`: one for a letter or a multi-letter tile,
    /// one per child for a wildcard, none for a dead cell.
    #[inline(always)]
    pub(super) fn landings(
        &self,
        cell: u32,
        here: Node,
        mut land: impl FnMut(NodeId, Node, usize),
    ) {
        match self.grid.tiles.codes[cell as usize] {
            symbol @ 0..64 => {
                let bit = 1u64 << symbol;
                if here.children & bit != 0 {
                    let id = here.child_at(bit);
                    land(id, self.nodes.get(id), 1);
                }
            }
            Code::WILDCARD => {
                let mut bits = here.children;
                while bits != 0 {
                    let bit = bits & bits.wrapping_neg();
                    let id = here.child_at(bit);
                    land(id, self.nodes.get(id), 1);
                    bits &= bits - 1;
                }
            }
            Code::DEAD => {}
            _ => {
                let letters = self.grid.tiles.letters(cell);
                let mut node = here;
                let mut id = NodeId::ROOT;
                for &symbol in letters {
                    match node.child(symbol) {
                        Some(child) => {
                            id = child;
                            node = self.nodes.get(child);
                        }
                        None => return,
                    }
                }
                land(id, node, letters.len());
            }
        }
    }

    /// Reports word `word`, `depth` letters long, whose path is the current
    /// one then `last`, unless it was found already or its length is
    /// filtered out; counts it as reached the first time either way.
    #[inline(always)]
    pub(super) fn report<S: Sink, const PATHS: bool>(
        &self,
        walk: &mut Walk<'_, S>,
        word: WordId,
        depth: usize,
        last: u32,
    ) {
        let score = self.scores[depth % 128];
        let index = word.index();
        if walk.found.is_new(index) {
            // Out of steps: the search must not go on out of order.
            if walk.exceeded {
                return;
            }
            walk.found.insert(index);
            if S::PRUNE {
                walk.count_reached(self, word);
            }
            if score != Scores::FILTERED {
                walk.sink.found(word, depth, score, walk.path, last, PATHS);
            }
        }
    }
}
