//! Why a board could not be made, and where: the errors of the board
//! grammar's parser and of [`Board::from_tiles`](super::Board::from_tiles),
//! each with the 1-based column of the fault when there is one, and their
//! messages (lower case, no trailing period).

use std::fmt;

use super::{MAX_SIDE, MAX_WILDCARDS};

/// Why a board could not be parsed, and where.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BoardError {
    /// The 1-based character column of the fault in the input, when there is one.
    pub column: Option<usize>,
    /// What was wrong.
    pub kind: BoardErrorKind,
}

/// The ways a board can be malformed.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum BoardErrorKind {
    /// Nothing but white space, or no cell given to [`Board::from_tiles`](super::Board::from_tiles).
    Empty,
    /// A character that is neither a letter nor part of the grammar.
    UnexpectedChar(char),
    /// A combining mark with no letter before it.
    LoneMark(char),
    /// `[` with no `]` after it.
    UnclosedBracket,
    /// `[]`, or an empty [`Tile::Letters`](super::Tile::Letters) given to [`Board::from_tiles`](super::Board::from_tiles).
    EmptyBracket,
    /// A row with no tile, as in `ab//cd` or a trailing `/`.
    EmptyRow { row: usize },
    /// A row whose length differs from the first row's.
    RaggedRow {
        row: usize,
        found: usize,
        expected: usize,
    },
    /// A board without `/` whose tile count is not a perfect square.
    NotSquare { tiles: usize, holds_qu: bool },
    /// More than [`MAX_WILDCARDS`] `*` tiles.
    TooManyWildcards { count: usize },
    /// More than [`MAX_SIDE`] rows or columns.
    TooLarge { rows: usize, cols: usize },
    /// Tiles given for a board ([`Board::from_tiles`](super::Board::from_tiles)) that do not number
    /// one per cell.
    TileCount {
        rows: usize,
        cols: usize,
        count: usize,
    },
    /// A token of three or more unbracketed letters where a token is one
    /// tile: inside a `/` row, or without `/` among shorter tokens.
    LongToken { token: String, letters: usize },
}

impl fmt::Display for BoardError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if let Some(column) = self.column {
            write!(f, "column {column}: ")?;
        }
        match &self.kind {
            BoardErrorKind::Empty => f.write_str("the board is empty"),
            BoardErrorKind::UnexpectedChar(c) => {
                write!(
                    f,
                    "unexpected character {c:?} (tiles are letters, '.', '*' or '[..]')"
                )
            }
            BoardErrorKind::LoneMark(c) => {
                write!(f, "combining mark {c:?} without a letter before it")
            }
            BoardErrorKind::UnclosedBracket => f.write_str("'[' without a closing ']'"),
            BoardErrorKind::EmptyBracket => f.write_str("empty tile '[]'"),
            BoardErrorKind::EmptyRow { row } => write!(f, "row {row} has no tile"),
            BoardErrorKind::RaggedRow {
                row,
                found,
                expected,
            } => {
                let tiles = if *found == 1 { "tile" } else { "tiles" };
                write!(
                    f,
                    "row {row} has {found} {tiles}, expected {expected} like row 1"
                )
            }
            BoardErrorKind::NotSquare { tiles, holds_qu } => {
                let side = tiles.isqrt();
                write!(
                    f,
                    "{tiles} tiles do not make a square board (expected {} or {}), \
                     or separate the rows with '/'",
                    side * side,
                    (side + 1) * (side + 1)
                )?;
                if *holds_qu && (side + 1) * (side + 1) == tiles + 1 {
                    f.write_str(
                        "; note that 'qu' is one tile: write '[q]u' for a q tile and a u tile",
                    )?;
                }
                Ok(())
            }
            BoardErrorKind::TooManyWildcards { count } => write!(
                f,
                "{count} wildcard tiles, at most {MAX_WILDCARDS} are allowed"
            ),
            BoardErrorKind::TooLarge { rows, cols } => write!(
                f,
                "a {rows}x{cols} board is too large, at most {MAX_SIDE}x{MAX_SIDE} is allowed"
            ),
            BoardErrorKind::TileCount { rows, cols, count } => {
                write!(f, "{count} tiles do not fill a {rows}x{cols} board")
            }
            BoardErrorKind::LongToken { token, letters } => {
                if token.chars().all(char::is_alphabetic) {
                    write!(
                        f,
                        "'{token}' is {letters} letters, but a tile without brackets has at \
                         most 2: write '[{token}]' for one tile, or '/' between rows"
                    )
                } else {
                    write!(
                        f,
                        "'{token}' holds {letters} letters, but a token is one tile: write '/' \
                         between rows"
                    )
                }
            }
        }
    }
}

impl std::error::Error for BoardError {}
