//! The search on boards over 64 cells. It works on the padded grid (the
//! board inside a border of dead cells), so every cell's eight neighbours
//! are at fixed offsets, and on its own copy of the cells' codes, in which
//! the cells of the current path are marked visited: one byte read tells
//! whether a neighbour is open and which letter it holds.

use super::grid::{MANY, VISITED, WILDCARD};
use super::{Search, Sink, Walk};
use crate::trie::Node;

impl Search<'_> {
    /// The board cell of padded cell `padded`.
    #[inline]
    fn unpad(&self, padded: usize) -> u32 {
        let width = self.grid.width;
        ((padded / width - 1) * (width - 2) + padded % width - 1) as u32
    }

    /// The padded cell of board cell `cell`.
    #[inline]
    pub(super) fn pad(&self, cell: u32) -> usize {
        let cols = self.grid.width - 2;
        let cell = cell as usize;
        (cell / cols + 1) * self.grid.width + cell % cols + 1
    }

    /// Steps onto padded cell `padded` (any tile) from `here`, `depth`
    /// letters in.
    pub(super) fn large_enter<S: Sink, const PATHS: bool>(
        &self,
        walk: &mut Walk<'_, S>,
        padded: usize,
        here: Node,
        depth: usize,
    ) {
        self.landings(self.unpad(padded), here, |child, letters| {
            self.large_arrive::<S, PATHS>(walk, padded, child, depth + letters);
        });
    }

    /// Having spelled `padded`'s tile to reach `node` at `depth`: reports
    /// the word there and goes on if the board offers a next letter.
    #[inline(always)]
    fn large_arrive<S: Sink, const PATHS: bool>(
        &self,
        walk: &mut Walk<'_, S>,
        padded: usize,
        node: Node,
        depth: usize,
    ) {
        if depth > self.max_len {
            return;
        }
        if let Some(word) = node.word() {
            let last = if PATHS { self.unpad(padded) } else { 0 };
            self.report::<S, PATHS>(walk, word, depth, last);
        }
        let next = node.children & self.grid.around[padded];
        if next != 0 && depth < self.max_len {
            self.large_descend::<S, PATHS>(walk, padded, node, next, depth);
        }
    }

    /// Goes from `padded` (spelling `here`, `depth` letters) to each open
    /// neighbour whose letter is in `next`, and to each special neighbour,
    /// in row-major order.
    fn large_descend<S: Sink, const PATHS: bool>(
        &self,
        walk: &mut Walk<'_, S>,
        padded: usize,
        here: Node,
        next: u64,
        depth: usize,
    ) {
        let code = std::mem::replace(&mut walk.codes[padded], VISITED);
        if PATHS {
            walk.path.push(self.unpad(padded));
        }
        let width = self.grid.width;
        let (above, below) = (padded - width, padded + width);
        // Eight calls rather than a loop: the offsets stay in registers.
        self.large_step::<S, PATHS>(walk, above - 1, here, next, depth);
        self.large_step::<S, PATHS>(walk, above, here, next, depth);
        self.large_step::<S, PATHS>(walk, above + 1, here, next, depth);
        self.large_step::<S, PATHS>(walk, padded - 1, here, next, depth);
        self.large_step::<S, PATHS>(walk, padded + 1, here, next, depth);
        self.large_step::<S, PATHS>(walk, below - 1, here, next, depth);
        self.large_step::<S, PATHS>(walk, below, here, next, depth);
        self.large_step::<S, PATHS>(walk, below + 1, here, next, depth);
        if PATHS {
            walk.path.pop();
        }
        walk.codes[padded] = code;
    }

    /// Steps from `here` (`depth` letters) onto padded cell `neighbour` if
    /// it is open and its letter is in `next`, or if it is special.
    #[inline(always)]
    fn large_step<S: Sink, const PATHS: bool>(
        &self,
        walk: &mut Walk<'_, S>,
        neighbour: usize,
        here: Node,
        next: u64,
        depth: usize,
    ) {
        let code = walk.codes[neighbour];
        if code < 64 {
            let letter = 1u64 << code;
            if next & letter != 0 {
                let child = self.nodes.get(here.child_at(letter));
                self.large_arrive::<S, PATHS>(walk, neighbour, child, depth + 1);
            }
        } else if code == MANY || code == WILDCARD {
            self.large_enter::<S, PATHS>(walk, neighbour, here, depth);
        }
    }
}
