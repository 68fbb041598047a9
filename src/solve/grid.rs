//! A board as the search sees it: its tiles ([`Tiles`]) and the layout of
//! the search that takes it, chosen by size. The search on boards of at
//! most 64 cells lays the board out as masks ([`MaskGrid`]), the one on
//! larger boards inside a border of dead cells ([`PaddedGrid`]). [`Grid`]
//! holds the three, refilled per board without allocating.

use super::masks::MaskGrid;
use super::padded::PaddedGrid;
use super::tiles::Tiles;
use crate::board::Board;
use crate::dict::Dictionary;

/// A board ready for the search: its tiles, and the layout of the search
/// that takes it. Only that layout is refilled; the other keeps whatever
/// an earlier board left in it and is not read.
#[derive(Clone, Debug, Default)]
pub(super) struct Grid {
    pub tiles: Tiles,
    /// The layout of a board of at most 64 cells.
    pub small: MaskGrid,
    /// The layout of a board of more than 64 cells.
    pub large: PaddedGrid,
}

impl Grid {
    /// Whether a board of `cells` cells takes the small search.
    pub fn is_small(cells: usize) -> bool {
        cells <= 64
    }

    /// Lays out `board` in `dict`'s symbols for the search that takes it.
    pub fn fill(&mut self, board: &Board, dict: &Dictionary) {
        self.tiles.fill(board, dict);
        if Grid::is_small(board.len()) {
            self.small.fill(&self.tiles, board.rows(), board.cols());
        } else {
            self.large.fill(&self.tiles, board.cols());
        }
    }
}
