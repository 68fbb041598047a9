//! The geometry of a board of `rows` × `cols` cells, numbered in reading
//! order (cell `row * cols + col`): which cells touch ([`neighbours`],
//! [`neighbour_masks`]), how the board turns and mirrors onto itself
//! ([`symmetries`]), the arrow from one cell to the next ([`arrow`]), and
//! the walk that finds paths of distinct touching cells spelling a word
//! ([`find_paths`]). It knows nothing of tiles or letters: whether a cell
//! goes on with a word is its caller's to say, so `board`, `show`, `game`,
//! `solve`, `best` and `prove` all build on it.

/// The up to eight cells touching `cell` on a board of `rows` × `cols`, in
/// ascending order (reading order).
pub fn neighbours(rows: usize, cols: usize, cell: usize) -> impl Iterator<Item = usize> {
    let (row, col) = (cell / cols, cell % cols);
    let near_rows = row.saturating_sub(1)..=(row + 1).min(rows - 1);
    near_rows
        .flat_map(move |r| {
            let near_cols = col.saturating_sub(1)..=(col + 1).min(cols - 1);
            near_cols.map(move |c| r * cols + c)
        })
        .filter(move |&other| other != cell)
}

/// Per cell of a board of `rows` × `cols` (at most 64 cells), the mask of
/// its neighbours: bit `n` of `masks[c]` is set when cells `c` and `n`
/// touch.
pub fn neighbour_masks(rows: usize, cols: usize) -> Vec<u64> {
    assert!(rows * cols <= 64, "a mask holds at most 64 cells");
    (0..rows * cols)
        .map(|cell| neighbours(rows, cols, cell).fold(0, |mask, other| mask | 1 << other))
        .collect()
}

/// The symmetries of a `rows`×`cols` board: per symmetry, for each cell of
/// the image, the cell it comes from; the identity first. 8 for a square,
/// 4 for a rectangle. Boards equal under them are one board to `best` and
/// `best --prove`.
pub fn symmetries(rows: usize, cols: usize) -> Vec<Vec<usize>> {
    let (last_row, last_col) = (rows - 1, cols - 1);
    let count = if rows == cols { 8 } else { 4 };
    (0..count)
        .map(|symmetry| {
            (0..rows * cols)
                .map(|cell| {
                    let (i, j) = (cell / cols, cell % cols);
                    // The identity, the two flips and the half turn; on a
                    // square also the transposition, the quarter turns and
                    // the anti-transposition.
                    let (i, j) = match symmetry {
                        0 => (i, j),
                        1 => (last_row - i, j),
                        2 => (i, last_col - j),
                        3 => (last_row - i, last_col - j),
                        4 => (j, i),
                        5 => (last_col - j, i),
                        6 => (j, last_row - i),
                        _ => (last_col - j, last_row - i),
                    };
                    i * cols + j
                })
                .collect()
        })
        .collect()
}

/// The arrow from the cell at (row, column) `from` to the adjacent cell at
/// `to` (← ↑ → ↓ ↖ ↗ ↙ ↘), or `◊` for the same cell.
pub fn arrow(from: (usize, usize), to: (usize, usize)) -> char {
    use std::cmp::Ordering::{Equal, Greater, Less};
    match (to.0.cmp(&from.0), to.1.cmp(&from.1)) {
        (Less, Less) => '↖',
        (Less, Equal) => '↑',
        (Less, Greater) => '↗',
        (Equal, Less) => '←',
        (Equal, Greater) => '→',
        (Greater, Less) => '↙',
        (Greater, Equal) => '↓',
        (Greater, Greater) => '↘',
        // A path never stays on a cell.
        (Equal, Equal) => '◊',
    }
}

/// How far a [`find_paths`] walk goes.
#[derive(Clone, Copy, Debug)]
pub struct PathLimits {
    /// The paths wanted: the walk stops once it has this many.
    pub paths: usize,
    /// The most cells the walk steps onto before it stops.
    pub steps: u64,
}

/// What a [`find_paths`] walk found.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct PathsFound {
    /// The paths spelling the whole word, each its cells first to last,
    /// in reading order (the first differing cell decides).
    pub paths: Vec<Vec<u32>>,
    /// The most letters a path spelled, and the first path that did.
    pub longest: (usize, Vec<u32>),
    /// Whether a limit stopped the walk, so more paths may exist.
    pub cut: bool,
}

/// Walks the paths of distinct touching cells of a board of `rows` ×
/// `cols` that spell a word of `len` letters, trying start cells and then
/// neighbours in ascending order, so paths are met in reading order.
/// `spell(cell, matched)` says how many letters are spelled once `cell`
/// goes on from `matched` (fewer than `len`), or `None` when it cannot.
pub fn find_paths(
    rows: usize,
    cols: usize,
    len: usize,
    limits: PathLimits,
    spell: impl FnMut(usize, usize) -> Option<usize>,
) -> PathsFound {
    let mut walk = PathWalk {
        rows,
        cols,
        len,
        limits,
        spell,
        visited: vec![false; rows * cols],
        path: Vec::new(),
        steps: 0,
        found: PathsFound::default(),
    };
    for cell in 0..rows * cols {
        if walk.done() {
            break;
        }
        walk.enter(cell, 0);
    }
    walk.found
}

/// The depth-first walk of [`find_paths`].
struct PathWalk<F> {
    rows: usize,
    cols: usize,
    /// The letters of the word.
    len: usize,
    limits: PathLimits,
    spell: F,
    /// Cells on the current path.
    visited: Vec<bool>,
    /// The current path.
    path: Vec<u32>,
    /// Cells stepped onto so far, against `limits.steps`.
    steps: u64,
    found: PathsFound,
}

impl<F: FnMut(usize, usize) -> Option<usize>> PathWalk<F> {
    /// Whether the walk has what it needs, or must stop.
    fn done(&self) -> bool {
        self.found.paths.len() >= self.limits.paths || self.found.cut
    }

    /// Steps onto `cell` with `matched` letters of the word spelled so far.
    fn enter(&mut self, cell: usize, matched: usize) {
        self.steps += 1;
        if self.steps > self.limits.steps {
            self.found.cut = true;
            return;
        }
        let Some(matched) = (self.spell)(cell, matched) else {
            return;
        };
        self.path.push(cell as u32);
        if matched > self.found.longest.0 {
            self.found.longest = (matched, self.path.clone());
        }
        if matched >= self.len {
            self.found.paths.push(self.path.clone());
        } else {
            self.visited[cell] = true;
            for next in neighbours(self.rows, self.cols, cell) {
                if self.done() {
                    break;
                }
                if !self.visited[next] {
                    self.enter(next, matched);
                }
            }
            self.visited[cell] = false;
        }
        self.path.pop();
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Whether cells `a` and `b` of a board `cols` wide touch, straight
    /// from the rule: distinct, at most one row and one column apart.
    fn touch(cols: usize, a: usize, b: usize) -> bool {
        a != b && (a / cols).abs_diff(b / cols) <= 1 && (a % cols).abs_diff(b % cols) <= 1
    }

    #[track_caller]
    fn check_neighbours(rows: usize, cols: usize, cell: usize, expected: &[usize]) {
        let found: Vec<usize> = neighbours(rows, cols, cell).collect();
        assert_eq!(found, expected, "cell {cell} of {rows}x{cols}");
    }

    #[test]
    fn neighbours_at_corners_edges_and_centre() {
        // 0 1 2 3
        // 4 5 6 7
        // 8 9 10 11
        check_neighbours(3, 4, 0, &[1, 4, 5]);
        check_neighbours(3, 4, 3, &[2, 6, 7]);
        check_neighbours(3, 4, 11, &[6, 7, 10]);
        check_neighbours(3, 4, 1, &[0, 2, 4, 5, 6]);
        check_neighbours(3, 4, 4, &[0, 1, 5, 8, 9]);
        check_neighbours(3, 4, 5, &[0, 1, 2, 4, 6, 8, 9, 10]);
        // A single row, a single column, a single cell.
        check_neighbours(1, 3, 1, &[0, 2]);
        check_neighbours(3, 1, 0, &[1]);
        check_neighbours(1, 1, 0, &[]);
    }

    #[test]
    fn masks_are_the_adjacency() {
        for (rows, cols) in [
            (1, 1),
            (1, 5),
            (4, 1),
            (2, 3),
            (4, 4),
            (5, 5),
            (8, 8),
            (6, 10),
        ] {
            let masks = neighbour_masks(rows, cols);
            assert_eq!(masks.len(), rows * cols);
            for (a, &mask) in masks.iter().enumerate() {
                for b in 0..rows * cols {
                    let set = mask & 1 << b != 0;
                    assert_eq!(set, touch(cols, a, b), "{a}, {b} on {rows}x{cols}");
                }
            }
        }
        // By hand: the corner of a 3x3 board touches cells 1, 3 and 4.
        assert_eq!(neighbour_masks(3, 3)[0], 0b000_011_010);
    }

    #[test]
    fn symmetries_of_a_rectangle_and_a_square() {
        // 0 1 2
        // 3 4 5
        let images = symmetries(2, 3);
        let expected: [&[usize]; 4] = [
            &[0, 1, 2, 3, 4, 5],
            &[3, 4, 5, 0, 1, 2],
            &[2, 1, 0, 5, 4, 3],
            &[5, 4, 3, 2, 1, 0],
        ];
        assert_eq!(images, expected);
        let square = symmetries(3, 3);
        assert_eq!(square.len(), 8);
        let mut distinct = square.clone();
        distinct.sort();
        distinct.dedup();
        assert_eq!(distinct.len(), 8);
        // Each image keeps the adjacency: touching cells stay touching.
        for image in square {
            for a in 0..9 {
                for b in 0..9 {
                    assert_eq!(touch(3, image[a], image[b]), touch(3, a, b));
                }
            }
        }
    }

    #[test]
    fn arrows() {
        assert_eq!(arrow((1, 1), (0, 0)), '↖');
        assert_eq!(arrow((1, 1), (0, 1)), '↑');
        assert_eq!(arrow((1, 1), (0, 2)), '↗');
        assert_eq!(arrow((1, 1), (1, 0)), '←');
        assert_eq!(arrow((1, 1), (1, 2)), '→');
        assert_eq!(arrow((1, 1), (2, 0)), '↙');
        assert_eq!(arrow((1, 1), (2, 1)), '↓');
        assert_eq!(arrow((1, 1), (2, 2)), '↘');
        assert_eq!(arrow((1, 1), (1, 1)), '◊');
    }

    /// The paths of `word` on the board `letters` (`rows` rows).
    fn paths(letters: &str, rows: usize, word: &str, limits: PathLimits) -> PathsFound {
        let board: Vec<char> = letters.chars().collect();
        let word: Vec<char> = word.chars().collect();
        let cols = board.len() / rows;
        find_paths(rows, cols, word.len(), limits, |cell, matched| {
            (board[cell] == word[matched]).then_some(matched + 1)
        })
    }

    #[test]
    fn paths_in_reading_order_within_limits() {
        let all = PathLimits {
            paths: usize::MAX,
            steps: u64::MAX,
        };
        // a b
        // b a
        let found = paths("abba", 2, "aba", all);
        assert_eq!(
            found.paths,
            [vec![0, 1, 3], vec![0, 2, 3], vec![3, 1, 0], vec![3, 2, 0]]
        );
        assert!(!found.cut);
        let first = PathLimits { paths: 1, ..all };
        assert_eq!(paths("abba", 2, "aba", first).paths, [vec![0, 1, 3]]);
        // A cell is used once: "aa" on one a cell has no path, and the
        // longest start is one letter on cell 0.
        let found = paths("ab", 1, "aa", all);
        assert!(found.paths.is_empty());
        assert_eq!(found.longest, (1, vec![0]));
        // Four steps go onto cells 0, 1, 2 and 3, spelling 0 1 3; the
        // fifth, onto cell 2 from 0, is cut.
        let short = PathLimits { steps: 4, ..all };
        let found = paths("abba", 2, "aba", short);
        assert_eq!(found.paths, [vec![0, 1, 3]]);
        assert!(found.cut);
    }
}
