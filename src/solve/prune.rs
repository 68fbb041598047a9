//! Pruning: once the plain search ran out of steps, the search starts
//! again counting, per trie node, the parts (its word, its children) still
//! to reach on this board (`walk::Left`), and enters no node all of whose words
//! were reached.

use super::budget::BudgetExceeded;
use super::sink::{Pruned, Sink};
use super::walk::{Left, Search, Walk};
use crate::trie::{NodeId, WordId};

impl<S: Sink> Walk<'_, S> {
    /// Searches again from each cell of `starts`, with pruning, in at most
    /// `max_steps` steps, after the plain search ran out. The words reached
    /// so far keep their marks (and the sink keeps them), so none is reported
    /// twice; they are counted first, then the search counts each new one
    /// as it is reached. Out of line: few boards come here.
    #[cold]
    #[inline(never)]
    pub(super) fn search_again(
        self,
        starts: std::ops::Range<usize>,
        small: bool,
        paths: bool,
        max_steps: u64,
    ) -> Result<(), BudgetExceeded> {
        let search = self.search;
        let walk = self;
        // The counts are made the first time a search prunes.
        let nodes = search.nodes.len();
        if walk.done.len() != nodes {
            *walk.done = vec![0; nodes];
            *walk.left = vec![Left::default(); nodes];
        }
        let mut walk = Walk {
            search,
            found: walk.found,
            epoch: walk.epoch,
            done: walk.done,
            left: walk.left,
            finished: 0,
            steps_left: 0,
            reserve: 0,
            deadline: walk.deadline,
            timed_out: false,
            exceeded: false,
            path: walk.path,
            codes: walk.codes,
            frames: walk.frames,
            sink: &mut Pruned(walk.sink),
        };
        // The plain search left the path empty and the codes as they were,
        // each cell restored as the search came back from it.
        debug_assert!(walk.path.is_empty() && walk.frames.is_empty());
        walk.set_budget(max_steps);
        let reached = walk.found.words().to_vec();
        for word in reached {
            walk.count_reached(search, WordId::from_index(word as usize));
        }
        walk.search_from(starts, small, paths);
        if walk.exceeded {
            return Err(BudgetExceeded { max_steps });
        }
        Ok(())
    }
}

impl<S: Sink> Walk<'_, S> {
    /// Whether every word below `node` was reached, so that the search
    /// need not enter it.
    #[inline(always)]
    pub(super) fn is_done(&self, node: NodeId) -> bool {
        S::PRUNE
            && self.finished & 1 << (node.index() % 64) != 0
            && self.done.get(node.index()) == Some(&self.epoch)
    }

    /// Counts `word`, just reached for the first time, as one part of its
    /// node reached; a node whose parts are all reached is complete, and
    /// counts as a part of its parent. A node with children that completes
    /// is marked done. Each word thus costs its own node and, only when
    /// that completes, the next one up, and so on: most words stop at
    /// their node or its parent.
    #[inline(never)]
    pub(super) fn count_reached(&mut self, search: &Search<'_>, word: WordId) {
        let mut id = search.subtrees.word_node(word);
        // A word is at most 255 letters; the bound keeps the walk finite
        // whatever an image holds.
        for _ in 0..256 {
            let node = search.nodes.get(id);
            let Some(left) = self.left.get_mut(id.index()) else {
                return;
            };
            if left.epoch != self.epoch {
                *left = Left {
                    epoch: self.epoch,
                    parts: node.children.count_ones() as u8 + u8::from(node.word().is_some()),
                };
            }
            left.parts = left.parts.saturating_sub(1);
            if left.parts != 0 {
                return;
            }
            if node.children != 0 {
                if let Some(done) = self.done.get_mut(id.index()) {
                    *done = self.epoch;
                }
                self.finished |= 1 << (id.index() % 64);
            }
            if id == NodeId::ROOT {
                return;
            }
            id = search.subtrees.parent(id);
        }
    }
}
