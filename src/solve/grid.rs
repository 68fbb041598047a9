//! A board as the search sees it: the adjacency of its size ([`Geometry`],
//! computed once per board size) and its tiles in the dictionary's symbols
//! ([`Grid`], refilled per board without allocating).

use crate::alphabet::{Alphabet, Symbol};
use crate::board::{Board, Tile};
use crate::dict::Dictionary;

/// The neighbours of every cell of an R×C grid, as masks for boards of at
/// most 64 cells (larger ones use the fixed offsets of [`Grid::width`]).
#[derive(Clone, Debug, Default)]
pub(super) struct Geometry {
    pub rows: usize,
    pub cols: usize,
    /// For boards of at most 64 cells: the neighbours of each cell as a mask.
    pub masks: Table,
}

/// One mask per cell of a board of at most 64 cells, or per symbol: a fixed
/// size, so that the small search's lookups need no bounds checks.
#[derive(Clone, Debug)]
pub(super) struct Table(pub [u64; 64]);

impl Default for Table {
    fn default() -> Table {
        Table([0; 64])
    }
}

impl Table {
    /// The entry of cell or symbol `index`, which must be below 64 (only
    /// its low six bits are used).
    #[inline(always)]
    pub fn get(&self, index: u32) -> u64 {
        self.0[(index % 64) as usize]
    }
}

impl Geometry {
    pub fn new(rows: usize, cols: usize) -> Geometry {
        let mut masks = Table::default();
        if rows * cols <= 64 {
            for row in 0..rows {
                for col in 0..cols {
                    let mut mask = 0u64;
                    for r in row.saturating_sub(1)..=(row + 1).min(rows - 1) {
                        for c in col.saturating_sub(1)..=(col + 1).min(cols - 1) {
                            if (r, c) != (row, col) {
                                mask |= 1 << (r * cols + c);
                            }
                        }
                    }
                    masks.0[row * cols + col] = mask;
                }
            }
        }
        Geometry { rows, cols, masks }
    }
}

/// The most cells of the padded grid of a board of at most 64 cells:
/// `(rows + 2) * (cols + 2)` is at most 198 (a 1×64 board), and a power of
/// two makes the indexing free of checks.
const PADDED_CELLS: usize = 256;

/// One mask per cell of the padded grid of a board of at most 64 cells.
#[derive(Clone, Debug)]
pub(super) struct PaddedTable([u64; PADDED_CELLS]);

impl Default for PaddedTable {
    fn default() -> PaddedTable {
        PaddedTable([0; PADDED_CELLS])
    }
}

/// Codes of [`Grid::codes`] above the symbols (which are below 64).
pub(super) const MANY: u8 = 253;
pub(super) const WILDCARD: u8 = 254;
pub(super) const DEAD: u8 = 255;

/// Makes `out` hold, per cell of a padded grid `width` wide whose cells
/// hold `values`: `combine` of the values of its eight neighbours in
/// row-major order on the board, 0 on the border.
fn around_each<T: Copy>(
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

/// The codes of [`Grid::padded`] and the bytes of [`Grid::rings`]: a
/// one-letter tile is its symbol (below 64), so a letter's neighbours are
/// the bytes equal to it; a multi-letter tile is its first letter with the
/// high bit set, and a wildcard the only byte with both high bits set.
pub(super) struct Padded;

impl Padded {
    /// A blank, a letter the dictionary lacks, or outside the board.
    pub const DEAD: u8 = 0x40;
    /// A multi-letter tile, or-ed with the symbol of its first letter.
    pub const MANY: u8 = 0x80;
    /// A wildcard.
    pub const WILDCARD: u8 = 0xC0;
    /// A cell of the current path, in the large search's own copy.
    pub const VISITED: u8 = 0xFF;

    /// The letters a word can take on a tile of code `code`, as a mask.
    fn first_letters(code: u8) -> u64 {
        match code {
            symbol @ 0..64 => 1 << symbol,
            Padded::WILDCARD => u64::MAX,
            many if many & Padded::MANY != 0 => 1 << (many % 64),
            _ => 0,
        }
    }
}

/// A board in the dictionary's symbols.
#[derive(Clone, Debug, Default)]
pub(super) struct Grid {
    /// Per cell: its symbol when the tile is one letter, else [`MANY`],
    /// [`WILDCARD`] or [`DEAD`] (a blank, or a letter the dictionary lacks).
    pub codes: Vec<u8>,
    /// For boards over 64 cells: the cells' codes in [`Padded`]'s terms on
    /// a grid `width` wide, with a border of dead cells all around, so that
    /// every board cell has eight neighbours at fixed offsets. Padded cell
    /// `(r + 1) * width + c + 1` is board cell `r * cols + c`.
    pub padded: Vec<u8>,
    /// The width of the padded grid: the board's columns plus 2.
    pub width: usize,
    /// For boards over 64 cells, per padded cell: the symbols a word can go
    /// on with from it, one bit each (the first letters of its neighbours'
    /// tiles; all for a wildcard neighbour).
    pub around: Vec<u64>,
    /// For boards over 64 cells, per padded cell: its eight neighbours'
    /// tiles in row-major order, one byte each, low byte first (see
    /// [`Padded`]), so that the large search finds the neighbours holding a
    /// letter with a few operations on one word instead of eight reads.
    pub rings: Vec<u64>,
    /// A spare buffer for computing `around`: each padded cell's first letters.
    firsts: Vec<u64>,
    /// Per cell up to the last whose code is [`MANY`]: its letters are
    /// `pool[start..end]` (other cells' entries mean nothing).
    many: Vec<(u32, u32)>,
    /// The letters of multi-letter tiles.
    pool: Vec<Symbol>,
    /// For boards of at most 64 cells: what `around` holds for larger ones.
    pub small_around: Table,
    /// For boards of at most 64 cells: each cell's first letters on the
    /// padded grid (a border of empty cells, `cols + 2` wide), the spare
    /// buffer for computing `small_around`.
    small_firsts: PaddedTable,
    /// For boards of at most 64 cells: bit `c` of `by_symbol[s]` is set when
    /// cell `c` is the one-letter tile of symbol `s`.
    pub by_symbol: Table,
    /// For boards of at most 64 cells: the multi-letter and wildcard cells.
    pub special: u64,
}

impl Grid {
    /// Maps `board`'s tiles to `dict`'s symbols, reusing the buffers.
    pub fn fill(&mut self, board: &Board, dict: &Dictionary, geometry: &Geometry) {
        let alphabet = dict.alphabet();
        // Clear only the masks the last board set, not all 64.
        for &code in &self.codes {
            if let Some(mask) = self.by_symbol.0.get_mut(usize::from(code)) {
                *mask = 0;
            }
        }
        self.codes.clear();
        self.many.clear();
        self.pool.clear();
        // The codes in one go, then the letters of multi-letter tiles, which
        // most boards have none of.
        let mut many = false;
        self.codes
            .extend(board.tiles().iter().map(|tile| match tile {
                Tile::Letter(letter) => alphabet.symbol(*letter).map_or(DEAD, |s| s.index() as u8),
                Tile::Letters(_) => {
                    many = true;
                    MANY
                }
                Tile::Wildcard => WILDCARD,
                Tile::Blank => DEAD,
            }));
        if many {
            for (cell, tile) in board.tiles().iter().enumerate() {
                if let Tile::Letters(letters) = tile {
                    self.codes[cell] = self.push_letters(cell, letters, alphabet);
                }
            }
        }
        if self.codes.len() <= 64 {
            self.fill_small(geometry);
        } else {
            self.fill_large(geometry.cols);
        }
    }

    /// Computes the masks of a board of at most 64 cells.
    fn fill_small(&mut self, geometry: &Geometry) {
        let (rows, cols) = (geometry.rows, geometry.cols);
        let width = cols + 2;
        // Each cell's first letters on the padded grid, whose border stays
        // empty, then their union over its eight neighbours.
        self.small_firsts.0[..(rows + 2) * width].fill(0);
        let mut special = 0;
        for row in 0..rows {
            for col in 0..cols {
                let cell = row * cols + col;
                let bit = 1 << (cell % 64);
                match self.codes[cell] {
                    MANY | WILDCARD => special |= bit,
                    DEAD => {}
                    symbol => self.by_symbol.0[usize::from(symbol) % 64] |= bit,
                }
                let first = self.first_symbols(cell);
                self.small_firsts.0[((row + 1) * width + col + 1) % PADDED_CELLS] = first;
            }
        }
        self.special = special;
        let firsts = &self.small_firsts.0[..(rows + 2) * width];
        let rows_of = |skip| firsts.chunks_exact(width).skip(skip);
        let mut around = self.small_around.0.iter_mut();
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

    /// Lays out a board over 64 cells, `cols` wide, on the padded grid and
    /// computes its masks.
    fn fill_large(&mut self, cols: usize) {
        let width = cols + 2;
        let rows = self.codes.len() / cols;
        self.width = width;
        self.padded.clear();
        self.padded.resize(width, Padded::DEAD);
        for (row, codes) in self.codes.chunks(cols).enumerate() {
            self.padded.push(Padded::DEAD);
            self.padded
                .extend(codes.iter().enumerate().map(|(col, &code)| match code {
                    MANY => {
                        let first = self.pool[self.many[row * cols + col].0 as usize];
                        Padded::MANY | first.index() as u8
                    }
                    WILDCARD => Padded::WILDCARD,
                    DEAD => Padded::DEAD,
                    symbol => symbol,
                }));
            self.padded.push(Padded::DEAD);
        }
        self.padded.resize((rows + 2) * width, Padded::DEAD);
        // Each cell's first letters, then their union over its neighbours.
        let mut firsts = std::mem::take(&mut self.firsts);
        firsts.clear();
        firsts.extend(self.padded.iter().map(|&code| Padded::first_letters(code)));
        around_each(&firsts, width, &mut self.around, |letters| {
            letters.iter().fold(0, |union, first| union | first)
        });
        self.firsts = firsts;
        around_each(&self.padded, width, &mut self.rings, u64::from_le_bytes);
    }

    /// Adds the symbols of the multi-letter tile on `cell` to the pool;
    /// [`DEAD`] when the dictionary lacks one of its letters.
    fn push_letters(&mut self, cell: usize, letters: &str, alphabet: &Alphabet) -> u8 {
        let start = self.pool.len();
        for letter in letters.chars() {
            match alphabet.symbol(letter) {
                Some(symbol) => self.pool.push(symbol),
                None => {
                    self.pool.truncate(start);
                    return DEAD;
                }
            }
        }
        // Only multi-letter cells are looked up, so the cells between are
        // left as they come.
        self.many.resize(cell, (0, 0));
        self.many.push((start as u32, self.pool.len() as u32));
        MANY
    }

    /// The letters of the multi-letter tile on `cell`.
    #[inline]
    pub fn letters(&self, cell: u32) -> &[Symbol] {
        let (start, end) = self.many[cell as usize];
        &self.pool[start as usize..end as usize]
    }

    /// The symbols a word can take next on `cell`, as a mask.
    fn first_symbols(&self, cell: usize) -> u64 {
        match self.codes[cell] {
            MANY => 1 << self.pool[self.many[cell].0 as usize].index(),
            WILDCARD => u64::MAX,
            DEAD => 0,
            symbol => 1 << symbol,
        }
    }
}
