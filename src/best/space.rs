//! The boards a search moves through ([`Space`]): their tiles and dice
//! numbered, their symmetries and adjacency, a board's edits and its
//! canonical key ([`Key`], the least of its images), the digests a climb
//! remembers boards by, and the entries of the pool ([`Entry`]).

use std::collections::HashSet;
use std::hash::{BuildHasherDefault, Hasher};

use super::config::{BestConfig, BestError, Pieces};
use crate::board::{Board, Tile};
use crate::dice::BoardRng;
use crate::geometry;
use crate::scored::ScoredBoard;
use crate::solve::{MAX_CELLS, MAX_TILES};

/// The boards a search moves through: their tiles, dice, symmetries and
/// adjacency.
#[derive(Debug)]
pub(super) struct Space {
    pub(super) rows: usize,
    pub(super) cols: usize,
    /// The distinct tiles, numbered by their place here.
    pub(super) tiles: Vec<Tile>,
    /// Per die of the set, its distinct faces' tile numbers; empty for letters.
    pub(super) dice: Vec<Vec<u8>>,
    /// Per symmetry, the cell each cell of the image comes from.
    pub(super) symmetries: Vec<Vec<u8>>,
    pub(super) neighbours: Vec<u64>,
}

/// A board in a search: its tiles (numbers into [`Space::tiles`]) and, for
/// dice, the die of each cell.
#[derive(Clone, Debug)]
pub(super) struct Entry {
    pub(super) key: Key,
    pub(super) tiles: Vec<u8>,
    pub(super) dice: Vec<u8>,
    pub(super) count: u32,
    pub(super) score: u32,
    /// Whether its neighbours were generated.
    pub(super) expanded: bool,
}

/// A board's tiles packed 6 bits a cell, first cell highest, so that keys
/// compare as the boards do cell by cell.
pub(super) type Key = [u64; KEY_WORDS];

pub(super) const KEY_WORDS: usize = MAX_CELLS.div_ceil(CELLS_PER_WORD);
pub(super) const CELLS_PER_WORD: usize = 10;

/// One edit of a board.
#[derive(Clone, Copy, Debug)]
pub(super) enum Edit {
    /// Cell `cell` shows tile `tile` (for dice, another face of its die).
    Set { cell: u8, tile: u8 },
    /// Cells `a` and `b` trade their tiles (and dice).
    Swap { a: u8, b: u8 },
}

/// A board to score: an edit of a pool board (or a random board's index).
#[derive(Clone, Copy, Debug)]
pub(super) struct Candidate {
    pub(super) parent: u32,
    pub(super) edit: Option<Edit>,
}

impl Space {
    pub(super) fn new(config: &BestConfig) -> Result<Space, BestError> {
        let (rows, cols) = (config.rows, config.cols);
        let cells = rows * cols;
        if cells == 0 || cells > MAX_CELLS {
            return Err(BestError::TooManyCells { rows, cols });
        }
        let mut tiles: Vec<Tile> = Vec::new();
        let number = |tile: &Tile, tiles: &mut Vec<Tile>| match tiles.iter().position(|t| t == tile)
        {
            Some(index) => index as u8,
            None => {
                tiles.push(tile.clone());
                (tiles.len() - 1) as u8
            }
        };
        let mut dice = Vec::new();
        match &config.pieces {
            Pieces::Letters(letters) => {
                for tile in letters {
                    if matches!(tile, Tile::Blank | Tile::Wildcard) {
                        return Err(BestError::NotALetter(tile.clone()));
                    }
                    if !tiles.contains(tile) {
                        if tiles.len() == MAX_TILES {
                            return Err(BestError::TooManyTiles(letters.len()));
                        }
                        number(tile, &mut tiles);
                    }
                }
                if tiles.is_empty() {
                    return Err(BestError::NoTiles);
                }
            }
            Pieces::Dice(set) => {
                let Some(size) = set.size() else {
                    return Err(BestError::UniformDice);
                };
                if size != (rows, cols) {
                    return Err(BestError::WrongSize {
                        set: *set,
                        rows,
                        cols,
                    });
                }
                for die in set.dice() {
                    let mut faces: Vec<u8> = Vec::new();
                    for face in &die {
                        let face = number(face, &mut tiles);
                        if !faces.contains(&face) {
                            faces.push(face);
                        }
                    }
                    dice.push(faces);
                }
                if tiles.len() > MAX_TILES {
                    return Err(BestError::TooManyTiles(tiles.len()));
                }
            }
        }
        Ok(Space {
            rows,
            cols,
            tiles,
            dice,
            // A board here has at most `MAX_CELLS` cells, well under 256.
            symmetries: geometry::symmetries(rows, cols)
                .into_iter()
                .map(|image| image.into_iter().map(|cell| cell as u8).collect())
                .collect(),
            neighbours: geometry::neighbour_masks(rows, cols),
        })
    }

    pub(super) fn cells(&self) -> usize {
        self.rows * self.cols
    }

    /// A random board: uniform tiles, or the dice shuffled over the cells,
    /// each showing a random face.
    pub(super) fn random(&self, rng: &mut BoardRng, tiles: &mut Vec<u8>, dice: &mut Vec<u8>) {
        tiles.clear();
        dice.clear();
        if self.dice.is_empty() {
            let count = self.tiles.len() as u32;
            tiles.extend((0..self.cells()).map(|_| rng.below(count) as u8));
        } else {
            dice.extend(0..self.dice.len() as u8);
            rng.shuffle(dice);
            tiles.extend(dice.iter().map(|&die| {
                let faces = &self.dice[usize::from(die)];
                faces[rng.below(faces.len() as u32) as usize]
            }));
        }
    }

    /// Every edit of the board `tiles` with dice `dice`, in a fixed order.
    pub(super) fn edits(&self, tiles: &[u8], dice: &[u8], mut each: impl FnMut(Edit)) {
        let cells = self.cells();
        for (cell, &current) in tiles.iter().enumerate().take(cells) {
            let choices: &[u8] = match dice.get(cell) {
                Some(&die) => &self.dice[usize::from(die)],
                None => &[],
            };
            let mut set = |tile: u8| {
                if tile != current {
                    each(Edit::Set {
                        cell: cell as u8,
                        tile,
                    });
                }
            };
            if dice.is_empty() {
                (0..self.tiles.len() as u8).for_each(&mut set);
            } else {
                choices.iter().copied().for_each(&mut set);
            }
        }
        for a in 0..cells {
            for b in a + 1..cells {
                if tiles[a] != tiles[b] {
                    each(Edit::Swap {
                        a: a as u8,
                        b: b as u8,
                    });
                }
            }
        }
    }

    /// The key of the board `tiles` in its least orientation, and which
    /// symmetry gives it.
    pub(super) fn canonical(&self, tiles: &[u8]) -> (Key, usize) {
        let mut best = (pack(tiles, &self.symmetries[0]), 0);
        for (index, symmetry) in self.symmetries.iter().enumerate().skip(1) {
            let key = pack(tiles, symmetry);
            if key < best.0 {
                best = (key, index);
            }
        }
        best
    }

    /// The board as found: its canonical orientation, count and score.
    pub(super) fn found(&self, entry: &Entry) -> ScoredBoard {
        let tiles = entry
            .tiles
            .iter()
            .map(|&tile| self.tiles[usize::from(tile)].clone())
            .collect();
        let board = Board::from_tiles(self.rows, self.cols, tiles)
            .unwrap_or_else(|_| unreachable!("an entry fills its board"));
        ScoredBoard {
            board: board.canonical(),
            count: u64::from(entry.count),
            score: u64::from(entry.score),
        }
    }
}

/// `tiles` seen through `symmetry`, packed into a key.
pub(super) fn pack(tiles: &[u8], symmetry: &[u8]) -> Key {
    let mut key = [0u64; KEY_WORDS];
    for (word, cells) in key.iter_mut().zip(symmetry.chunks(CELLS_PER_WORD)) {
        let mut packed = 0u64;
        for &from in cells {
            packed = packed << 6 | u64::from(tiles[usize::from(from)] & 63);
        }
        *word = packed << (6 * (CELLS_PER_WORD - cells.len()));
    }
    key
}

/// A 64-bit digest of a key, for the set of boards a climb has seen.
pub(super) fn digest(key: &Key) -> u64 {
    let mut hash = 0u64;
    for &word in key {
        hash = (hash ^ word)
            .wrapping_mul(0x9e37_79b9_7f4a_7c15)
            .rotate_left(29);
    }
    // The finaliser of SplitMix64: every bit of the key reaches every bit.
    hash ^= hash >> 30;
    hash = hash.wrapping_mul(0xbf58_476d_1ce4_e5b9);
    hash ^= hash >> 27;
    hash = hash.wrapping_mul(0x94d0_49bb_1331_11eb);
    hash ^ hash >> 31
}

/// Hashes a digest that is already well mixed by using it as it is.
#[derive(Default)]
pub(super) struct Digested(u64);

impl Hasher for Digested {
    fn finish(&self) -> u64 {
        self.0
    }
    fn write(&mut self, bytes: &[u8]) {
        for &byte in bytes {
            self.0 = self.0.rotate_left(8) ^ u64::from(byte);
        }
    }
    fn write_u64(&mut self, value: u64) {
        self.0 = value;
    }
}

pub(super) type Seen = HashSet<u64, BuildHasherDefault<Digested>>;

/// A new, unscored entry.
pub(super) fn entry(key: Key, tiles: Vec<u8>, dice: Vec<u8>) -> Entry {
    Entry {
        key,
        tiles,
        dice,
        count: 0,
        score: 0,
        expanded: false,
    }
}

/// Applies `edit` to a board's tiles.
pub(super) fn apply_tiles(tiles: &mut [u8], edit: Edit) {
    match edit {
        Edit::Set { cell, tile } => tiles[usize::from(cell)] = tile,
        Edit::Swap { a, b } => tiles.swap(usize::from(a), usize::from(b)),
    }
}
