//! The search on boards over 64 cells. It works on the padded grid (the
//! board inside a border of dead cells, `padded::PaddedGrid`), so every cell's
//! eight neighbours are at fixed offsets, and on its own copy of the cells'
//! codes, in which the cells of the current path are marked visited. Each
//! cell's ring, its neighbours' codes in one word, tells with a few
//! operations which of them hold a letter the word can go on with; only
//! those are read, in ascending cell order, so a word is first reached
//! along its least path in reading order. A node all of whose words were
//! reached already is not entered, and each cell added to the path takes a
//! step of the budget.

use super::padded::{Frame, PaddedGrid};
use super::sink::Sink;
use super::walk::{Search, Walk};
use crate::trie::{Node, NodeId};

impl Search<'_> {
    /// The board cell of padded cell `padded`.
    #[inline]
    fn unpad(&self, padded: usize) -> u32 {
        let width = self.grid.large.width;
        ((padded / width - 1) * (width - 2) + padded % width - 1) as u32
    }

    /// The padded cell of board cell `cell`.
    #[inline]
    pub(super) fn pad(&self, cell: u32) -> usize {
        let cols = self.grid.large.width - 2;
        let cell = cell as usize;
        (cell / cols + 1) * self.grid.large.width + cell % cols + 1
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
        self.landings(self.unpad(padded), here, |id, child, letters| {
            self.large_arrive::<S, PATHS>(walk, padded, id, child, depth + letters);
        });
    }

    /// Having spelled `padded`'s tile to reach `node` at `depth`: reports
    /// the word there and goes on if the board offers a next letter.
    #[inline(always)]
    fn large_arrive<S: Sink, const PATHS: bool>(
        &self,
        walk: &mut Walk<'_, S>,
        padded: usize,
        id: NodeId,
        node: Node,
        depth: usize,
    ) {
        if self.large_land::<S, PATHS>(walk, padded, id, node, depth) {
            self.large_search::<S, PATHS>(walk, padded, node, depth);
        }
    }

    /// Having spelled `padded`'s tile to reach `node` (`id`) at `depth`:
    /// reports the word there and says whether to go on, which takes a
    /// step: when the board offers a next letter and some word below the
    /// node is still to be reached.
    #[inline(always)]
    fn large_land<S: Sink, const PATHS: bool>(
        &self,
        walk: &mut Walk<'_, S>,
        padded: usize,
        id: NodeId,
        node: Node,
        depth: usize,
    ) -> bool {
        if depth > self.max_len {
            return false;
        }
        if let Some(word) = node.word() {
            let last = if PATHS { self.unpad(padded) } else { 0 };
            self.report::<S, PATHS>(walk, word, depth, last);
        }
        depth < self.max_len
            && node.children & self.grid.large.around[padded] != 0
            && !walk.is_done(id)
            && walk.take_step()
    }

    /// Goes on from `padded` (spelling `node`, `depth` letters) through
    /// every path the board and the trie allow, in row-major order at each
    /// cell. The path's cells are frames in `walk` rather than recursive
    /// calls, which would spill the search's inputs on every step; only a
    /// special tile is entered recursively.
    fn large_search<S: Sink, const PATHS: bool>(
        &self,
        walk: &mut Walk<'_, S>,
        padded: usize,
        node: Node,
        depth: usize,
    ) {
        let base = walk.frames.len();
        self.large_push::<S, PATHS>(walk, padded, node, depth, 0);
        let width = self.grid.large.width;
        // The neighbours in the ring's order, as offsets from the cell
        // above and left.
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
        while let Some(frame) = walk.frames.last_mut() {
            if frame.candidates == 0 {
                walk.codes[frame.padded] = frame.code;
                walk.frames.pop();
                if PATHS {
                    walk.path.pop();
                }
                if walk.frames.len() == base {
                    break;
                }
                continue;
            }
            let slot = frame.candidates.trailing_zeros() / 8;
            frame.candidates &= frame.candidates - 1;
            let (here, depth) = (frame.node, frame.depth);
            let neighbour = frame.padded - width - 1 + offsets[slot as usize % 8];
            match walk.codes[neighbour] {
                letter @ 0..64 => {
                    let id = here.child_at(1 << letter);
                    let child = self.nodes.get(id);
                    if self.large_land::<S, PATHS>(walk, neighbour, id, child, depth + 1) {
                        // The neighbour's neighbour in the opposite direction
                        // is this cell.
                        let came_from = 0x80 << (8 * (7 - slot));
                        self.large_push::<S, PATHS>(walk, neighbour, child, depth + 1, came_from);
                    }
                }
                PaddedGrid::VISITED => {}
                // A special tile the word can go on with.
                _ => self.large_enter::<S, PATHS>(walk, neighbour, here, depth),
            }
        }
    }

    /// Adds `padded` (spelling `node`, `depth` letters) to the path, with
    /// the neighbours still to try: those holding a letter the word can go
    /// on with (first letters for multi-letter tiles) and the wildcards, but
    /// not the one whose candidate bit is `came_from` (0 for none), which is
    /// on the path.
    #[inline(always)]
    fn large_push<S: Sink, const PATHS: bool>(
        &self,
        walk: &mut Walk<'_, S>,
        padded: usize,
        node: Node,
        depth: usize,
        came_from: u64,
    ) {
        let ring = self.grid.large.rings[padded];
        // Wildcards are the only bytes with both high bits set; without its
        // high bit, a multi-letter tile's byte is its first letter and no
        // other byte is a letter.
        let mut candidates = ring & (ring << 1) & HIGH;
        let firsts = ring & !HIGH;
        let mut letters = node.children & self.grid.large.around[padded];
        while letters != 0 {
            let symbol = u64::from(letters.trailing_zeros());
            // No byte of `firsts ^ symbol` has its high bit set, so adding
            // 0x7F sets it exactly in the bytes that are not zero.
            candidates |= !((firsts ^ (symbol * ONES)) + !HIGH) & HIGH;
            letters &= letters - 1;
        }
        candidates &= !came_from;
        let code = std::mem::replace(&mut walk.codes[padded], PaddedGrid::VISITED);
        if PATHS {
            walk.path.push(self.unpad(padded));
        }
        walk.frames.push(Frame {
            padded,
            candidates,
            node,
            depth,
            code,
        });
    }
}

/// A one in each byte: times a byte, that byte in all eight.
const ONES: u64 = 0x0101_0101_0101_0101;
/// The high bit of each byte.
const HIGH: u64 = 0x8080_8080_8080_8080;
