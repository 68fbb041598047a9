//! Where the letters typed so far lie on the board, and how the board
//! looks turned.
//!
//! [`typed_path`] finds a path of distinct adjacent cells that spells the
//! letters typed so far, before the word is complete: the last cell may
//! spell more than was typed (`q` already lights the Qu cell). [`View`]
//! turns the board by quarter turns, as players turn the tray, mapping the
//! cells the player sees to the board's cells; [`arrow`] points from one
//! cell of a path to the next.

use crate::board::{Board, Tile};
use crate::geometry::{self, PathLimits};

/// The most cells one search steps onto before it gives up, so no board
/// with wildcards can keep a keystroke busy.
const MAX_STEPS: u64 = 200_000;

/// A path of cells (first to last) spelling `typed` (normalised letters) on
/// `board`: empty for nothing typed, `None` when no path spells it. The
/// last cell may hold more letters than are left to spell, since the
/// player is still typing.
pub fn typed_path(board: &Board, typed: &str) -> Option<Vec<u32>> {
    let letters: Vec<char> = typed.chars().collect();
    if letters.is_empty() {
        return Some(Vec::new());
    }
    let limits = PathLimits {
        paths: 1,
        steps: MAX_STEPS,
    };
    let tiles = board.tiles();
    let found = geometry::find_paths(
        board.rows(),
        board.cols(),
        letters.len(),
        limits,
        |cell, matched| step(&tiles[cell], &letters[matched..]).map(|count| matched + count),
    );
    found.paths.into_iter().next()
}

/// How many of `rest` (not empty) `tile` spells, or `None` when it does
/// not fit: a tile of several letters fits when its letters start the rest
/// or the rest is a start of them (the player has not typed them all yet).
fn step(tile: &Tile, rest: &[char]) -> Option<usize> {
    match tile {
        Tile::Letter(letter) => (rest.first() == Some(letter)).then_some(1),
        Tile::Wildcard => Some(1),
        Tile::Blank => None,
        Tile::Letters(letters) => {
            let count = letters.chars().count().min(rest.len());
            letters
                .chars()
                .zip(rest)
                .all(|(a, &b)| a == b)
                .then_some(count)
        }
    }
}

/// The board as the player sees it: turned by `turns` quarter turns
/// clockwise. Positions are (row, column) on screen.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct View {
    /// The board's rows.
    rows: usize,
    /// The board's columns.
    cols: usize,
    /// Quarter turns clockwise, 0 to 3.
    turns: u8,
}

impl View {
    /// The board `rows` × `cols`, not turned.
    pub fn new(rows: usize, cols: usize) -> View {
        View {
            rows,
            cols,
            turns: 0,
        }
    }

    /// This view turned once more, by 90° clockwise.
    pub fn turned(self) -> View {
        View {
            turns: (self.turns + 1) % 4,
            ..self
        }
    }

    /// Quarter turns clockwise, 0 to 3.
    pub fn turns(self) -> u8 {
        self.turns
    }

    /// The rows and columns on screen.
    pub fn size(self) -> (usize, usize) {
        match self.turns % 2 {
            0 => (self.rows, self.cols),
            _ => (self.cols, self.rows),
        }
    }

    /// Where the board's `cell` shows on screen.
    pub fn position(self, cell: usize) -> (usize, usize) {
        let (mut row, mut col) = (cell / self.cols, cell % self.cols);
        // The height of the grid being turned, before each turn.
        let mut height = self.rows;
        let mut width = self.cols;
        for _ in 0..self.turns {
            (row, col) = (col, height - 1 - row);
            (height, width) = (width, height);
        }
        (row, col)
    }

    /// The board's cell shown at `row`, `col` on screen.
    pub fn cell(self, row: usize, col: usize) -> usize {
        let (mut row, mut col) = (row, col);
        let (mut height, mut width) = self.size();
        for _ in 0..self.turns {
            // Undoes one clockwise turn: a counter-clockwise one.
            (row, col) = (width - 1 - col, row);
            (height, width) = (width, height);
        }
        row * self.cols + col
    }
}

/// The arrow from screen position `from` to the adjacent `to`: ← ↑ → ↓ ↖ ↗ ↙ ↘,
/// as `boggle show` draws it.
pub use crate::geometry::arrow;

#[cfg(test)]
mod tests {
    use super::*;
    use crate::alphabet::Normalizer;

    fn board(text: &str) -> Board {
        Board::parse(text, &Normalizer::default()).unwrap()
    }

    #[track_caller]
    fn check(board_text: &str, typed: &str, expected: Option<&[u32]>) {
        let path = typed_path(&board(board_text), typed);
        assert_eq!(path.as_deref(), expected, "{typed:?} on {board_text}");
    }

    #[test]
    fn paths_of_what_is_typed() {
        // c a t
        // x o d
        check("cat/xod", "", Some(&[]));
        check("cat/xod", "c", Some(&[0]));
        check("cat/xod", "cat", Some(&[0, 1, 2]));
        check("cat/xod", "cod", Some(&[0, 4, 5]));
        check("cat/xod", "tod", Some(&[2, 4, 5]));
        // A cell is used once.
        check("cat/xod", "cac", None);
        // Not adjacent: c and d.
        check("cat/xod", "cd", None);
        check("cat/xod", "z", None);
        // Blanks spell nothing; wildcards any letter.
        check("a.b/...", "ab", None);
        check("c.t/x*d", "cz", Some(&[0, 4]));
        check("c.t/x*d", "czd", Some(&[0, 4, 5]));
    }

    #[test]
    fn qu_and_other_faces_of_several_letters() {
        // qu i
        // [th] e
        check("qu i/[th] e", "q", Some(&[0]));
        check("qu i/[th] e", "qu", Some(&[0]));
        check("qu i/[th] e", "qui", Some(&[0, 1]));
        check("qu i/[th] e", "qi", None);
        check("qu i/[th] e", "t", Some(&[2]));
        check("qu i/[th] e", "the", Some(&[2, 3]));
        check("qu i/[th] e", "te", None);
        check("qu i/[th] e", "ith", Some(&[1, 2]));
        check("qu i/[th] e", "equ", Some(&[3, 0]));
        // A plain q tile is a q, and only a q.
        check("[q]u/ab", "qu", Some(&[0, 1]));
    }

    #[test]
    fn turning_the_board() {
        // a b c
        // d e f    turned once:  d a
        //                        e b
        //                        f c
        let view = View::new(2, 3);
        assert_eq!(view.size(), (2, 3));
        let once = view.turned();
        assert_eq!(once.size(), (3, 2));
        let shown = |view: View| -> Vec<usize> {
            let (rows, cols) = view.size();
            (0..rows)
                .flat_map(|row| (0..cols).map(move |col| view.cell(row, col)))
                .collect()
        };
        assert_eq!(shown(view), [0, 1, 2, 3, 4, 5]);
        assert_eq!(shown(once), [3, 0, 4, 1, 5, 2]);
        assert_eq!(shown(once.turned()), [5, 4, 3, 2, 1, 0]);
        assert_eq!(shown(once.turned().turned()), [2, 5, 1, 4, 0, 3]);
        assert_eq!(once.turned().turned().turned(), view);
        for view in [view, once, once.turned(), once.turned().turned()] {
            for cell in 0..6 {
                let (row, col) = view.position(cell);
                assert_eq!(view.cell(row, col), cell, "{view:?}");
            }
        }
    }
}
