//! What both searches read of a board: each cell's tile as one byte
//! ([`Code`]) and the letters of multi-letter tiles ([`Tiles`]), in the
//! dictionary's symbols. How each search lays the tiles out is its own
//! (`small`, `large`); choosing between them is `grid`'s.

use crate::alphabet::{Alphabet, Symbol};
use crate::board::{Board, Tile};
use crate::dict::Dictionary;

/// The codes of a cell's tile: a one-letter tile is its symbol (below 64),
/// so a letter's cells are the bytes equal to it; a multi-letter tile is
/// its first letter with the high bit set, and a wildcard the only code
/// with both high bits set.
pub(super) struct Code;

impl Code {
    /// A blank, or a tile with a letter the dictionary lacks.
    pub const DEAD: u8 = 0x40;
    /// A multi-letter tile, or-ed with the symbol of its first letter.
    pub const MANY: u8 = 0x80;
    /// A wildcard.
    pub const WILDCARD: u8 = 0xC0;

    /// The letters a word can take first on a tile of code `code`, as a
    /// mask (none for a code outside the board, such as the large search's
    /// border).
    #[inline]
    pub fn first_letters(code: u8) -> u64 {
        match code {
            symbol @ 0..64 => 1 << symbol,
            Code::WILDCARD => u64::MAX,
            many if many & 0xC0 == Code::MANY => 1 << (many % 64),
            _ => 0,
        }
    }
}

/// A board's tiles in the dictionary's symbols.
#[derive(Clone, Debug, Default)]
pub(super) struct Tiles {
    /// Per cell, its tile's [`Code`].
    pub codes: Vec<u8>,
    /// Per cell up to the last multi-letter one: its letters are
    /// `pool[start..end]` (other cells' entries mean nothing).
    many: Vec<(u32, u32)>,
    /// The letters of multi-letter tiles.
    pool: Vec<Symbol>,
}

impl Tiles {
    /// Maps `board`'s tiles to `dict`'s symbols, reusing the buffers.
    pub fn fill(&mut self, board: &Board, dict: &Dictionary) {
        let alphabet = dict.alphabet();
        self.codes.clear();
        self.many.clear();
        self.pool.clear();
        // The codes in one go, then the letters of multi-letter tiles, which
        // most boards have none of.
        let mut many = false;
        self.codes.extend(board.tiles().iter().map(|tile| {
            match tile {
                Tile::Letter(letter) => alphabet
                    .symbol(*letter)
                    .map_or(Code::DEAD, |s| s.index() as u8),
                Tile::Letters(_) => {
                    many = true;
                    Code::MANY
                }
                Tile::Wildcard => Code::WILDCARD,
                Tile::Blank => Code::DEAD,
            }
        }));
        if many {
            for (cell, tile) in board.tiles().iter().enumerate() {
                if let Tile::Letters(letters) = tile {
                    self.codes[cell] = self.push_letters(cell, letters, alphabet);
                }
            }
        }
    }

    /// Adds the symbols of the multi-letter tile on `cell` to the pool and
    /// returns its code: [`Code::DEAD`] when the dictionary lacks one of
    /// its letters (or it has none).
    fn push_letters(&mut self, cell: usize, letters: &str, alphabet: &Alphabet) -> u8 {
        let start = self.pool.len();
        for letter in letters.chars() {
            match alphabet.symbol(letter) {
                Some(symbol) => self.pool.push(symbol),
                None => {
                    self.pool.truncate(start);
                    return Code::DEAD;
                }
            }
        }
        let Some(first) = self.pool.get(start) else {
            return Code::DEAD;
        };
        let code = Code::MANY | first.index() as u8;
        // Only multi-letter cells are looked up, so the cells between are
        // left as they come.
        self.many.resize(cell, (0, 0));
        self.many.push((start as u32, self.pool.len() as u32));
        code
    }

    /// The letters of the multi-letter tile on `cell`.
    #[inline]
    pub fn letters(&self, cell: u32) -> &[Symbol] {
        let (start, end) = self.many[cell as usize];
        &self.pool[start as usize..end as usize]
    }
}
