//! The layout of a board of more than 64 cells for the large search
//! ([`PaddedGrid`]): the board inside a border of dead cells, so every
//! cell's eight neighbours are at fixed offsets, with each cell's ring (its
//! neighbours' codes in one word) and the letters they offer; and
//! [`Frame`], a cell of the large search's path.

use super::tiles::{Code, Tiles};
use crate::trie::Node;

/// A board of more than 64 cells inside a border of dead cells, so that
/// every board cell has eight neighbours at fixed offsets. Padded cell
/// `(r + 1) * width + c + 1` is board cell `r * cols + c`.
#[derive(Clone, Debug, Default)]
pub(crate) struct PaddedGrid {
    /// Per padded cell: its [`Code`], [`Code::DEAD`] on the border.
    pub codes: Vec<u8>,
    /// The width of the padded grid: the board's columns plus 2.
    pub(super) width: usize,
    /// Per padded cell: the symbols a word can go on with from it, one bit
    /// each (the first letters of its neighbours' tiles; all for a wildcard
    /// neighbour).
    pub(super) around: Vec<u64>,
    /// Per padded cell: its eight neighbours' codes in row-major order, one
    /// byte each, low byte first, so that the search finds the neighbours
    /// holding a letter with a few operations on one word instead of eight
    /// reads.
    pub(super) rings: Vec<u64>,
    /// A spare buffer for computing `around`: each padded cell's first
    /// letters.
    pub(super) firsts: Vec<u64>,
}

impl PaddedGrid {
    /// The code of a cell of the current path, in the search's own copy of
    /// the codes.
    pub(super) const VISITED: u8 = 0xFF;

    /// Lays out `tiles`, a board `cols` wide, on the padded grid and
    /// computes its masks.
    pub fn fill(&mut self, tiles: &Tiles, cols: usize) {
        let width = cols + 2;
        let rows = tiles.codes.len() / cols;
        self.width = width;
        self.codes.clear();
        self.codes.resize(width, Code::DEAD);
        for row in tiles.codes.chunks(cols) {
            self.codes.push(Code::DEAD);
            self.codes.extend_from_slice(row);
            self.codes.push(Code::DEAD);
        }
        self.codes.resize((rows + 2) * width, Code::DEAD);
        // Each cell's first letters, then their union over its neighbours.
        let mut firsts = std::mem::take(&mut self.firsts);
        firsts.clear();
        firsts.extend(self.codes.iter().map(|&code| Code::first_letters(code)));
        around_each(&firsts, width, &mut self.around, |letters| {
            letters.iter().fold(0, |union, first| union | first)
        });
        self.firsts = firsts;
        around_each(&self.codes, width, &mut self.rings, u64::from_le_bytes);
    }
}

/// Makes `out` hold, per cell of a padded grid `width` wide whose cells
/// hold `values`: `combine` of the values of its eight neighbours in
/// row-major order on the board, 0 on the border.
pub(super) fn around_each<T: Copy>(
    values: &[T],
    width: usize,
    out: &mut Vec<u64>,
    combine: impl Fn([T; 8]) -> u64,
) {
    out.clear();
    out.resize(width, 0);
    for rows in values.windows(3 * width).step_by(width) {
        let (above, rows) = rows.split_at(width);
        let (here, below) = rows.split_at(width);
        out.push(0);
        out.extend(
            above
                .windows(3)
                .zip(here.windows(3))
                .zip(below.windows(3))
                .map(|((a, h), b)| combine([a[0], a[1], a[2], h[0], h[2], b[0], b[1], b[2]])),
        );
        out.push(0);
    }
    out.resize(values.len(), 0);
}

/// A cell of the large search's current path, whose neighbours it is going
/// through.
#[derive(Clone, Copy, Debug)]
pub(super) struct Frame {
    /// The padded cell.
    pub(super) padded: usize,
    /// The high bit of each byte of the cell's ring whose neighbour is still
    /// to try; a neighbour on the path is skipped when its turn comes.
    pub(super) candidates: u64,
    /// The trie node the path spells, up to and including this cell.
    pub(super) node: Node,
    /// The letters spelled so far.
    pub(super) depth: usize,
    /// The cell's code, restored when it leaves the path.
    pub(super) code: u8,
}
