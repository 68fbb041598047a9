//! The shape of the boards being proved: each cell's neighbours as a bit
//! mask, the order in which the proof fixes cells, and the symmetries of
//! the grid (4 for a rectangle, 8 for a square) as permutations of cells.

use crate::geometry;

/// The most cells a proof handles: cells are bits of a `u32`, and a
/// path's letters, five bits a cell, fill at most a `u128` (a 5×5 board).
pub const MAX_CELLS: usize = 25;

/// An R×C grid of at most [`MAX_CELLS`] cells.
#[derive(Clone, Debug)]
pub struct Grid {
    pub rows: usize,
    pub cols: usize,
    /// Bit `n` of `neighbours[c]` is set when cells `c` and `n` touch.
    pub neighbours: Vec<u32>,
    /// The order in which cells are fixed: most neighbours first, then
    /// nearest the centre, then by index.
    pub order: Vec<usize>,
    /// `rank[c]`: the position of cell `c` in `order`.
    pub rank: Vec<usize>,
    /// Each symmetry as `image[c] = source cell`: the board turned or
    /// mirrored holds at `c` what the board held at `source`.
    pub symmetries: Vec<Vec<usize>>,
}

impl Grid {
    /// The grid of `rows` × `cols`; `None` when it has no cell or more than
    /// [`MAX_CELLS`].
    pub fn new(rows: usize, cols: usize) -> Option<Grid> {
        let cells = rows.checked_mul(cols)?;
        if cells == 0 || cells > MAX_CELLS {
            return None;
        }
        // At most 25 cells, so each mask fits a `u32`.
        let neighbours: Vec<u32> = geometry::neighbour_masks(rows, cols)
            .into_iter()
            .map(|mask| mask as u32)
            .collect();
        let mut order: Vec<usize> = (0..cells).collect();
        // Twice the distance from the centre, so it stays whole.
        let distance = |cell: usize| {
            let (r, c) = (cell / cols, cell % cols);
            (2 * r).abs_diff(rows - 1) + (2 * c).abs_diff(cols - 1)
        };
        order.sort_by_key(|&cell| {
            (
                std::cmp::Reverse(neighbours[cell].count_ones()),
                distance(cell),
                cell,
            )
        });
        let mut rank = vec![0; cells];
        for (position, &cell) in order.iter().enumerate() {
            rank[cell] = position;
        }
        Some(Grid {
            rows,
            cols,
            neighbours,
            order,
            rank,
            symmetries: geometry::symmetries(rows, cols),
        })
    }

    /// How many cells.
    pub fn cells(&self) -> usize {
        self.rows * self.cols
    }
}

/// Whether `values` is the least (lexicographically) of its images under
/// `symmetries`: the one representative of its kind the proof visits.
pub fn is_least<T: Ord>(values: &[T], symmetries: &[Vec<usize>]) -> bool {
    symmetries.iter().all(|image| {
        for (cell, &source) in image.iter().enumerate() {
            match values[source].cmp(&values[cell]) {
                std::cmp::Ordering::Less => return false,
                std::cmp::Ordering::Greater => return true,
                std::cmp::Ordering::Equal => {}
            }
        }
        true
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn neighbours_order_and_symmetries() {
        let grid = Grid::new(3, 3).unwrap();
        assert_eq!(grid.neighbours[4].count_ones(), 8);
        assert_eq!(grid.neighbours[0], 0b000_011_010);
        assert_eq!(grid.order[0], 4);
        assert_eq!(&grid.order[1..5], &[1, 3, 5, 7]);
        assert_eq!(grid.symmetries.len(), 8);
        let mut distinct = grid.symmetries.clone();
        distinct.sort();
        distinct.dedup();
        assert_eq!(distinct.len(), 8);
        assert_eq!(Grid::new(3, 4).unwrap().symmetries.len(), 4);
        assert!(Grid::new(4, 9).is_none());
        assert!(Grid::new(0, 3).is_none());
    }

    #[test]
    fn one_least_image_per_kind() {
        let grid = Grid::new(2, 2).unwrap();
        // Boards of two letters on 2×2: 16 boards, 6 up to symmetry
        // (none, one, two adjacent, two diagonal, three, all).
        let least = (0..16u32)
            .filter(|bits| {
                let values: Vec<u32> = (0..4).map(|cell| bits >> (3 - cell) & 1).collect();
                is_least(&values, &grid.symmetries)
            })
            .count();
        assert_eq!(least, 6);
    }
}
