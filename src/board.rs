//! Boards: the tile grid and its canonical form.
//!
//! A [`Board`] is an R×C grid of [`Tile`]s. It exists only once parsing
//! ([`Board::parse`], whose grammar is in `parse.rs`) or
//! [`Board::from_tiles`] has succeeded, so R, C >= 1 and at most
//! [`MAX_SIDE`], every row has C tiles, at most [`MAX_WILDCARDS`] are
//! wildcards and none is empty. Its canonical form reads back as the same
//! board. The errors of both ways of making one are in `error.rs`
//! ([`BoardError`], naming the column at fault). Mapping tiles to a
//! dictionary's symbols is left to [`crate::solve`].

mod error;
mod parse;

use std::fmt;

pub use error::{BoardError, BoardErrorKind};

/// The most wildcard tiles one board may hold: each one multiplies the search.
pub const MAX_WILDCARDS: usize = 4;

/// The most rows, and the most columns, a board may have.
pub const MAX_SIDE: usize = 4096;

/// One cell's face.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum Tile {
    /// A single letter (normalised). A plain `q` is written `[q]`.
    Letter(char),
    /// Several letters read in order, such as `qu` (the Qu face) or `th`;
    /// never empty on a board ([`Board::from_tiles`] refuses it).
    Letters(Box<str>),
    /// `.`: no word passes through this cell.
    Blank,
    /// `*`: matches any one letter.
    Wildcard,
}

impl Tile {
    /// The Qu face, which `q` and `qu` both mean on a board.
    pub fn qu() -> Tile {
        Tile::Letters("qu".into())
    }

    /// A tile of the given letters: one letter makes a [`Tile::Letter`].
    fn from_letters(letters: &str) -> Tile {
        let mut chars = letters.chars();
        match (chars.next(), chars.next()) {
            (Some(letter), None) => Tile::Letter(letter),
            _ => Tile::Letters(letters.into()),
        }
    }

    /// How many letters of a word this tile spells (`Qu` = 2, blank = 0).
    pub fn letter_count(&self) -> usize {
        match self {
            Tile::Letter(_) | Tile::Wildcard => 1,
            Tile::Letters(letters) => letters.chars().count(),
            Tile::Blank => 0,
        }
    }
}

impl fmt::Display for Tile {
    /// The tile in canonical form: `a`, `qu`, `[q]`, `[th]`, `.`, `*`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.write_canonical(f)
    }
}

impl Tile {
    /// Writes the tile in canonical form, piece by piece (no formatting
    /// machinery: summaries write millions of boards).
    fn write_canonical<W: fmt::Write>(&self, out: &mut W) -> fmt::Result {
        match self {
            Tile::Letter('q') => out.write_str("[q]"),
            Tile::Letter(letter) => out.write_char(*letter),
            Tile::Letters(letters) if &**letters == "qu" => out.write_str("qu"),
            Tile::Letters(letters) => {
                out.write_char('[')?;
                out.write_str(letters)?;
                out.write_char(']')
            }
            Tile::Blank => out.write_char('.'),
            Tile::Wildcard => out.write_char('*'),
        }
    }
}

/// A parsed board: `rows` × `cols` tiles in row-major order.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Board {
    /// Number of rows, at least 1.
    rows: usize,
    /// Number of columns, at least 1.
    cols: usize,
    /// `rows * cols` tiles, row by row.
    tiles: Vec<Tile>,
}

impl Board {
    /// A board of `rows` × `cols` tiles, row by row, under the rules a
    /// parsed board keeps: at most [`MAX_WILDCARDS`] wildcards, both sides
    /// from 1 to [`MAX_SIDE`], one tile per cell, no empty
    /// [`Tile::Letters`]. The errors have no column.
    pub fn from_tiles(rows: usize, cols: usize, tiles: Vec<Tile>) -> Result<Board, BoardError> {
        let refuse = |kind| Err(BoardError { column: None, kind });
        let wildcards = tiles.iter().filter(|t| **t == Tile::Wildcard).count();
        if wildcards > MAX_WILDCARDS {
            return refuse(BoardErrorKind::TooManyWildcards { count: wildcards });
        }
        if rows > MAX_SIDE || cols > MAX_SIDE {
            return refuse(BoardErrorKind::TooLarge { rows, cols });
        }
        if rows == 0 || cols == 0 {
            return refuse(BoardErrorKind::Empty);
        }
        if rows * cols != tiles.len() {
            let count = tiles.len();
            return refuse(BoardErrorKind::TileCount { rows, cols, count });
        }
        if tiles
            .iter()
            .any(|tile| matches!(tile, Tile::Letters(letters) if letters.is_empty()))
        {
            return refuse(BoardErrorKind::EmptyBracket);
        }
        Ok(Board { rows, cols, tiles })
    }

    /// The board's tiles, to reuse their buffer with [`Board::parse_reusing`].
    pub fn into_tiles(self) -> Vec<Tile> {
        self.tiles
    }

    /// Number of rows.
    pub fn rows(&self) -> usize {
        self.rows
    }

    /// Number of columns.
    pub fn cols(&self) -> usize {
        self.cols
    }

    /// The tiles in row-major order: cell `r * cols + c` is row `r`, column `c`.
    pub fn tiles(&self) -> &[Tile] {
        &self.tiles
    }

    /// Number of cells.
    pub fn len(&self) -> usize {
        self.tiles.len()
    }

    /// Always false: a board has at least one cell.
    pub fn is_empty(&self) -> bool {
        self.tiles.is_empty()
    }

    /// The (row, column) of `cell`.
    pub fn position(&self, cell: usize) -> (usize, usize) {
        (cell / self.cols, cell % self.cols)
    }

    /// The up to eight cells adjacent to `cell`, in row-major order.
    pub fn neighbours(&self, cell: usize) -> impl Iterator<Item = usize> + '_ {
        crate::geometry::neighbours(self.rows, self.cols, cell)
    }

    /// The canonical form: lower case, rows joined by `/`, multi-letter tiles
    /// other than `qu` in brackets (`ezmr/nube/slos/paon`). A single row of
    /// several tiles ends with `/` (`abc/`), so the form always reads back
    /// as the same board.
    pub fn canonical(&self) -> String {
        self.to_string()
    }
}

impl fmt::Display for Board {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.write_canonical(f)
    }
}

impl Board {
    /// Writes the canonical form to `out` (a `String` or a formatter).
    pub fn write_canonical<W: fmt::Write>(&self, out: &mut W) -> fmt::Result {
        // Plain letters and separators go out a run at a time, not one by one.
        let mut run = PendingAscii::default();
        for (row, tiles) in self.tiles.chunks(self.cols).enumerate() {
            if row > 0 {
                run.push(b'/', out)?;
            }
            for tile in tiles {
                match tile {
                    Tile::Letter(letter) if letter.is_ascii() && *letter != 'q' => {
                        run.push(*letter as u8, out)?;
                    }
                    _ => {
                        run.flush(out)?;
                        tile.write_canonical(out)?;
                    }
                }
            }
        }
        if self.rows == 1 && self.cols > 1 {
            // Without it, `abcd` would read back as 2x2.
            run.push(b'/', out)?;
        }
        run.flush(out)
    }
}

/// ASCII bytes of a canonical form waiting to be written together.
#[derive(Default)]
struct PendingAscii {
    bytes: [u8; 32],
    len: usize,
}

impl PendingAscii {
    /// Adds the ASCII byte `byte`, writing the run first if it is full.
    #[inline]
    fn push<W: fmt::Write>(&mut self, byte: u8, out: &mut W) -> fmt::Result {
        if self.len == self.bytes.len() {
            self.flush(out)?;
        }
        self.bytes[self.len] = byte;
        self.len += 1;
        Ok(())
    }

    /// Writes the run to `out` and empties it.
    fn flush<W: fmt::Write>(&mut self, out: &mut W) -> fmt::Result {
        if self.len > 0 {
            let text = std::str::from_utf8(&self.bytes[..self.len]).map_err(|_| fmt::Error)?;
            out.write_str(text)?;
            self.len = 0;
        }
        Ok(())
    }
}


#[cfg(test)]
mod tests {
    use super::*;
    use crate::alphabet::Normalizer;

    /// A board built from tiles keeps the invariants a parsed one does: at
    /// least one cell, one tile per cell, at most four wildcards, no empty
    /// tile (which the search cannot spell).
    #[test]
    fn from_tiles_keeps_the_invariants() {
        let a = || Tile::Letter('a');
        let refused = |rows, cols, tiles: Vec<Tile>| {
            Board::from_tiles(rows, cols, tiles)
                .expect_err("should be refused")
                .to_string()
        };
        let mut wildcards = vec![Tile::Wildcard; 5];
        wildcards.push(a());
        assert_eq!(
            refused(2, 3, wildcards),
            "5 wildcard tiles, at most 4 are allowed"
        );
        assert_eq!(
            refused(1, 2, vec![a(), Tile::Letters("".into())]),
            "empty tile '[]'"
        );
        assert_eq!(refused(0, 0, Vec::new()), "the board is empty");
        assert_eq!(refused(0, 3, Vec::new()), "the board is empty");
        assert_eq!(
            refused(2, 2, vec![a(); 3]),
            "3 tiles do not fill a 2x2 board"
        );
        assert_eq!(
            refused(1, MAX_SIDE + 1, vec![a(); MAX_SIDE + 1]),
            "a 1x4097 board is too large, at most 4096x4096 is allowed"
        );
        let mut four = vec![Tile::Wildcard; 4];
        four.extend([Tile::qu(), Tile::Letters("th".into())]);
        let board = Board::from_tiles(2, 3, four).unwrap();
        assert_eq!(board.canonical(), "***/*qu[th]");
    }

    #[test]
    fn neighbours() {
        let board = Board::parse("abc/def/ghi", &Normalizer::default()).unwrap();
        assert_eq!(board.neighbours(0).collect::<Vec<_>>(), [1, 3, 4]);
        assert_eq!(
            board.neighbours(4).collect::<Vec<_>>(),
            [0, 1, 2, 3, 5, 6, 7, 8]
        );
        assert_eq!(board.neighbours(8).collect::<Vec<_>>(), [4, 5, 7]);
        let line = Board::parse("abc/", &Normalizer::default()).unwrap();
        assert_eq!(line.neighbours(1).collect::<Vec<_>>(), [0, 2]);
        let single = Board::parse("a", &Normalizer::default()).unwrap();
        assert_eq!(single.neighbours(0).count(), 0);
    }
}
