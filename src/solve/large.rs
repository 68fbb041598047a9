//! The search on boards over 64 cells. It works on the padded grid (the
//! board inside a border of dead cells), so every cell's eight neighbours
//! are at fixed offsets, and on its own copy of the cells' codes, in which
//! the cells of the current path are marked visited. Each cell's ring, its
//! neighbours' codes in one word, tells with a few operations which of them
//! hold a letter the word can go on with; only those are read.

use super::grid::Padded;
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
    /// neighbour whose letter is in `next`, and to each special neighbour
    /// whose first letter is, in row-major order.
    fn large_descend<S: Sink, const PATHS: bool>(
        &self,
        walk: &mut Walk<'_, S>,
        padded: usize,
        here: Node,
        next: u64,
        depth: usize,
    ) {
        let ring = self.grid.rings[padded];
        // The high bit of each neighbour's byte that holds a letter of
        // `next`, or a special tile; the path's cells are left out below.
        let mut candidates = ring & Padded::SPECIAL;
        let mut letters = next;
        while letters != 0 {
            let symbol = u64::from(letters.trailing_zeros());
            candidates |= zero_bytes(ring ^ (symbol * ONES));
            letters &= letters - 1;
        }
        let code = std::mem::replace(&mut walk.codes[padded], Padded::VISITED);
        if PATHS {
            walk.path.push(self.unpad(padded));
        }
        let width = self.grid.width;
        // The neighbours in the ring's order, as offsets from `padded - width - 1`.
        let offsets = [
            0,
            1,
            2,
            width,
            width + 2,
            2 * width,
            2 * width + 1,
            2 * width + 2,
        ];
        let corner = padded - width - 1;
        while candidates != 0 {
            let slot = candidates.trailing_zeros() / 8;
            candidates &= candidates - 1;
            let neighbour = corner + offsets[slot as usize % 8];
            if walk.codes[neighbour] == Padded::VISITED {
                continue;
            }
            let byte = (ring >> (slot * 8)) as u8;
            if byte < 64 {
                let child = self.nodes.get(here.child_at(1 << byte));
                self.large_arrive::<S, PATHS>(walk, neighbour, child, depth + 1);
            } else if byte == Padded::WILDCARD || next & (1 << (byte % 64)) != 0 {
                self.large_enter::<S, PATHS>(walk, neighbour, here, depth);
            }
        }
        if PATHS {
            walk.path.pop();
        }
        walk.codes[padded] = code;
    }
}

/// A one in each byte: times a byte, that byte in all eight.
const ONES: u64 = 0x0101_0101_0101_0101;

/// The high bit of each byte of `word` that is zero.
#[inline(always)]
fn zero_bytes(word: u64) -> u64 {
    const LOW: u64 = 0x7F7F_7F7F_7F7F_7F7F;
    // A byte's low seven bits plus 0x7F carry into its high bit unless all
    // are zero, and never into the next byte.
    !(((word & LOW) + LOW) | word | LOW)
}
