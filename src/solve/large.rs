//! The search on boards of any size: the visited cells are a bit set with
//! one bit per cell, and each step goes through the cell's neighbour list.

use super::{Search, Sink, Walk};
use crate::trie::Node;

impl Search<'_> {
    /// Steps onto `cell` (any tile) from `here`, `depth` letters in.
    pub(super) fn large_enter<S: Sink, const PATHS: bool>(
        &self,
        walk: &mut Walk<'_, S>,
        cell: u32,
        here: Node,
        depth: usize,
    ) {
        self.landings(cell, here, |child, letters| {
            self.large_arrive::<S, PATHS>(walk, cell, child, depth + letters);
        });
    }

    /// Having spelled `cell`'s tile to reach `node` at `depth`: reports the
    /// word there and goes on if the board offers a next letter.
    #[inline(always)]
    fn large_arrive<S: Sink, const PATHS: bool>(
        &self,
        walk: &mut Walk<'_, S>,
        cell: u32,
        node: Node,
        depth: usize,
    ) {
        if depth > self.max_len {
            return;
        }
        if let Some(word) = node.word() {
            self.report::<S, PATHS>(walk, word, depth, cell);
        }
        let next = node.children & self.grid.around[cell as usize];
        if next != 0 && depth < self.max_len {
            self.large_descend::<S, PATHS>(walk, cell, node, next, depth);
        }
    }

    /// Goes from `cell` (spelling `here`, `depth` letters) to each unvisited
    /// neighbour whose letter is in `next`, and to each special neighbour.
    fn large_descend<S: Sink, const PATHS: bool>(
        &self,
        walk: &mut Walk<'_, S>,
        cell: u32,
        here: Node,
        next: u64,
        depth: usize,
    ) {
        let (word, bit) = ((cell / 64) as usize, 1u64 << (cell % 64));
        walk.visited[word] |= bit;
        if PATHS {
            walk.path.push(cell);
        }
        for &neighbour in self.geometry.neighbours(cell) {
            if walk.visited[(neighbour / 64) as usize] & (1 << (neighbour % 64)) != 0 {
                continue;
            }
            let code = self.grid.codes[neighbour as usize];
            if code < 64 {
                let letter = 1u64 << code;
                if next & letter != 0 {
                    let child = self.nodes.get(here.child_at(letter));
                    self.large_arrive::<S, PATHS>(walk, neighbour, child, depth + 1);
                }
            } else {
                self.large_enter::<S, PATHS>(walk, neighbour, here, depth);
            }
        }
        if PATHS {
            walk.path.pop();
        }
        walk.visited[word] &= !bit;
    }
}
