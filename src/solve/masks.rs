//! The layout of a board of at most 64 cells for the small search
//! ([`MaskGrid`]): per cell its neighbours and the letters they offer, per
//! letter its cells, all as masks of cells in fixed 64-entry tables, so the
//! search's lookups need no bounds checks. Refilled per board without
//! allocating; the neighbours only when the size changes.

use super::tiles::{Code, Tiles};
use crate::geometry;

/// One mask per cell of a board of at most 64 cells, or per symbol: a fixed
/// size, so that the search's lookups need no bounds checks.
#[derive(Clone, Debug)]
pub(super) struct Table(pub(super) [u64; 64]);

impl Default for Table {
    fn default() -> Table {
        Table([0; 64])
    }
}

impl Table {
    /// The entry of cell or symbol `index`, which must be below 64 (only
    /// its low six bits are used).
    #[inline(always)]
    pub(super) fn get(&self, index: u32) -> u64 {
        self.0[(index % 64) as usize]
    }
}

/// The most cells of the padded grid of a board of at most 64 cells:
/// `(rows + 2) * (cols + 2)` is at most 198 (a 1×64 board), and a power of
/// two makes the indexing free of checks.
pub(super) const PADDED_CELLS: usize = 256;

/// One mask per cell of the padded grid of a board of at most 64 cells.
#[derive(Clone, Debug)]
pub(super) struct PaddedTable(pub(super) [u64; PADDED_CELLS]);

impl Default for PaddedTable {
    fn default() -> PaddedTable {
        PaddedTable([0; PADDED_CELLS])
    }
}

/// A board of at most 64 cells as masks of cells, bit `c` for cell `c`.
#[derive(Clone, Debug, Default)]
pub(crate) struct MaskGrid {
    /// The board size `neighbours` holds.
    pub(super) size: (usize, usize),
    /// Per cell: its neighbours.
    pub(super) neighbours: Table,
    /// Per cell: the symbols a word can go on with from it, one bit each
    /// (the first letters of its neighbours' tiles; all for a wildcard
    /// neighbour).
    pub(super) around: Table,
    /// Per symbol: the one-letter tiles of it.
    pub(super) letter: Table,
    /// Per symbol: the multi-letter tiles whose first letter it is.
    pub(super) many_starting: Table,
    /// The symbols whose entries of `letter` or `many_starting` are set,
    /// to clear them.
    pub(super) used: u64,
    /// The wildcards.
    pub(super) wildcards: u64,
    /// The multi-letter tiles.
    pub(super) many: u64,
    /// The wildcards and the multi-letter tiles.
    pub(super) special: u64,
    /// Each cell's first letters on the padded grid (a border of empty
    /// cells, `cols + 2` wide), the spare buffer for computing `around`.
    pub(super) firsts: PaddedTable,
}

impl MaskGrid {
    /// Computes the masks of `tiles`, a board of `rows` × `cols` cells, at
    /// most 64.
    pub fn fill(&mut self, tiles: &Tiles, rows: usize, cols: usize) {
        if self.size != (rows, cols) {
            self.size = (rows, cols);
            self.neighbours = neighbour_masks(rows, cols);
        }
        // Clear only the entries the last board set, not all 64.
        let mut used = self.used;
        while used != 0 {
            let symbol = used.trailing_zeros() as usize % 64;
            self.letter.0[symbol] = 0;
            self.many_starting.0[symbol] = 0;
            used &= used - 1;
        }
        let width = cols + 2;
        // Each cell's first letters on the padded grid, whose border stays
        // empty, then their union over its eight neighbours.
        self.firsts.0[..(rows + 2) * width].fill(0);
        let (mut used, mut wildcards, mut many) = (0, 0, 0);
        for row in 0..rows {
            for col in 0..cols {
                let cell = row * cols + col;
                let bit = 1 << (cell % 64);
                let code = tiles.codes[cell];
                let first = Code::first_letters(code);
                match code {
                    Code::WILDCARD => wildcards |= bit,
                    Code::DEAD => {}
                    _ => {
                        let symbol = usize::from(code % 64);
                        if code & Code::MANY != 0 {
                            many |= bit;
                            self.many_starting.0[symbol] |= bit;
                        } else {
                            self.letter.0[symbol] |= bit;
                        }
                        used |= first;
                    }
                }
                self.firsts.0[((row + 1) * width + col + 1) % PADDED_CELLS] = first;
            }
        }
        (self.used, self.wildcards, self.many) = (used, wildcards, many);
        self.special = wildcards | many;
        let firsts = &self.firsts.0[..(rows + 2) * width];
        let rows_of = |skip| firsts.chunks_exact(width).skip(skip);
        let mut around = self.around.0.iter_mut();
        for ((above, here), below) in rows_of(0).zip(rows_of(1)).zip(rows_of(2)) {
            let windows = above.windows(3).zip(here.windows(3)).zip(below.windows(3));
            for (((above, here), below), union) in windows.zip(&mut around) {
                *union = above[0]
                    | above[1]
                    | above[2]
                    | here[0]
                    | here[2]
                    | below[0]
                    | below[1]
                    | below[2];
            }
        }
    }
}

/// The neighbours of every cell of a board of `rows` × `cols` cells, at
/// most 64.
pub(super) fn neighbour_masks(rows: usize, cols: usize) -> Table {
    let mut masks = Table::default();
    for (cell, mask) in geometry::neighbour_masks(rows, cols)
        .into_iter()
        .enumerate()
    {
        masks.0[cell % 64] = mask;
    }
    masks
}
