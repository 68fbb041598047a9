//! The search on boards of at most 64 cells: the visited cells are one
//! `u64` passed by value, and each step works on whole masks of cells.
//! For every letter that can continue the word, the open neighbours holding
//! it are one AND away, the child node is computed once for all of them, and
//! a neighbour is entered only when the child can go on from there.

use super::{Search, Sink, Walk};
use crate::trie::NodeId;

impl Search<'_> {
    /// Steps onto `cell` (any tile) from `node`, `depth` letters in.
    pub(super) fn small_enter<S: Sink, const PATHS: bool>(
        &self,
        walk: &mut Walk<'_, S>,
        cell: u32,
        node: NodeId,
        depth: usize,
        visited: u64,
    ) {
        self.landings(cell, node, |child, letters| {
            self.small_arrive::<S, PATHS>(walk, cell, child, depth + letters, visited);
        });
    }

    /// Having spelled `cell`'s tile to reach `node` at `depth`: reports the
    /// word there and goes on if the board offers a next letter.
    #[inline(always)]
    fn small_arrive<S: Sink, const PATHS: bool>(
        &self,
        walk: &mut Walk<'_, S>,
        cell: u32,
        node: NodeId,
        depth: usize,
        visited: u64,
    ) {
        if depth > self.max_len {
            return;
        }
        let here = self.nodes.get(node);
        if let Some(word) = here.word() {
            self.report(walk, word, depth, cell);
        }
        let next = here.children & self.grid.around[cell as usize];
        if next != 0 && depth < self.max_len {
            self.small_descend::<S, PATHS>(walk, cell, node, next, depth, visited);
        }
    }

    /// Goes from `cell` (spelling `node`, `depth` letters) to the open
    /// neighbours whose letter is in `next`, and to the special ones.
    fn small_descend<S: Sink, const PATHS: bool>(
        &self,
        walk: &mut Walk<'_, S>,
        cell: u32,
        node: NodeId,
        next: u64,
        depth: usize,
        visited: u64,
    ) {
        let here = self.nodes.get(node);
        let visited = visited | 1 << cell;
        if PATHS {
            walk.path.push(cell);
        }
        let open = self.geometry.masks[cell as usize] & !visited;
        let mut letters = next;
        while letters != 0 {
            let bit = letters & letters.wrapping_neg();
            letters ^= bit;
            let mut cells = self.grid.by_symbol[bit.trailing_zeros() as usize] & open;
            if cells == 0 {
                continue;
            }
            let child_id = here.child_at(bit);
            let child = self.nodes.get(child_id);
            let depth = depth + 1;
            if let Some(word) = child.word() {
                self.report(walk, word, depth, cells.trailing_zeros());
            }
            if child.children == 0 || depth == self.max_len {
                continue;
            }
            while cells != 0 {
                let neighbour = cells.trailing_zeros();
                cells &= cells - 1;
                let next = child.children & self.grid.around[neighbour as usize];
                if next != 0 {
                    self.small_descend::<S, PATHS>(walk, neighbour, child_id, next, depth, visited);
                }
            }
        }
        let mut specials = self.grid.special & open;
        while specials != 0 {
            let neighbour = specials.trailing_zeros();
            specials &= specials - 1;
            self.small_enter::<S, PATHS>(walk, neighbour, node, depth, visited);
        }
        if PATHS {
            walk.path.pop();
        }
    }
}
