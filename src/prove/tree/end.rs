//! The paths a tree is made from ([`End`]), in two layouts by the size of
//! the grid.

use super::MAX_CELLS;
#[cfg(doc)]
use super::TreeBuilder;
#[cfg(doc)]
use super::{ALONE, DROPPED};

/// One path that spells a word, as the build gathers them: its steps on
/// free cells, and the word's points. A class's paths are most of a
/// proof's memory and the build reads and moves them level by level, so
/// their size counts: [`End16`] holds the paths of grids of up to 16 cells
/// in 24 bytes, [`End25`] those of any grid in 32.
pub trait End: Copy + Send + std::fmt::Debug + 'static {
    /// The most cells of a grid whose paths it holds.
    const MOST_CELLS: usize;
    /// The most points of a word it holds.
    const MOST_POINTS: u32;

    fn new(ranks: u32, letters: u128, points: u32, word: u32, fixed: u32) -> Self;

    /// The fields both layouts keep alike.
    fn shared(&self) -> &Shared;
    fn shared_mut(&mut self) -> &mut Shared;
    /// The letter at the cell of each rank, five bits per rank (rank `r`
    /// at bit `5 r`); only the ranks in `Shared::ranks` mean
    /// anything.
    fn letters(&self) -> u128;
    /// The letter at the cell of rank `rank`.
    #[inline]
    fn letter(&self, rank: u32) -> u32 {
        (self.letters() >> (5 * rank)) as u32 & 31
    }
    fn points(&self) -> u32;

    /// Where `TreeBuilder::sort_by_step` puts the path at a node below
    /// the steps of ranks under `from`: 0 when it has no step left (it
    /// ends there), else one more than its next step's rank and letter as
    /// one number, `rank << 5 | letter`, which orders steps as the tree
    /// orders its children: by rank, then by letter.
    #[inline]
    fn bucket(&self, from: u32) -> usize {
        let rest = self.shared().ranks & u32::MAX << from;
        if rest == 0 {
            0
        } else {
            let rank = rest.trailing_zeros();
            1 + (rank << 5 | self.letter(rank)) as usize
        }
    }
}

/// What both layouts of a path hold alike.
#[derive(Clone, Copy, Debug)]
pub struct Shared {
    /// The ranks of the path's free cells, a bit per rank. A node of the
    /// build below the steps of ranks under `from` sees only those from
    /// `from` on: the lowest of them is the path's next step.
    pub(super) ranks: u32,
    /// The word's node in the lexicon ([`DROPPED`] once dropped).
    pub(super) word: u32,
    /// For a word with a letter twice, the fixed cells of the path, to
    /// count the word once among its paths over the same steps and the same
    /// fixed cells; [`ALONE`] for any other word, which no other path
    /// repeats. (In [`TreeBuilder::kept`], whether the path lost a step at
    /// the last force instead: 1 if so, 0 if not.)
    pub(super) fixed: u32,
}

/// A path of a grid of up to 16 cells, in 24 bytes: the letters of ranks
/// 0 to 11 in one word, those of ranks 12 to 15 and the points in another,
/// so that a letter is read from one word or the other without 128-bit
/// shifts (the build reads a path's next letter at every level).
#[derive(Clone, Copy, Debug)]
pub struct End16 {
    low: u64,
    shared: Shared,
    /// The letters of ranks 12 to 15 in the low 20 bits, the points in
    /// the top 8.
    high: u32,
}

impl End16 {
    /// The ranks whose letters [`End16::low`] holds.
    const LOW_RANKS: u32 = 12;
    const LOW_BITS: u32 = 5 * Self::LOW_RANKS;
    const HIGH_BITS: u32 = 5 * (16 - Self::LOW_RANKS);
    const POINTS_SHIFT: u32 = 24;
}

impl End for End16 {
    const MOST_CELLS: usize = 16;
    const MOST_POINTS: u32 = u8::MAX as u32;

    #[inline]
    fn new(ranks: u32, letters: u128, points: u32, word: u32, fixed: u32) -> End16 {
        debug_assert!(letters >> 80 == 0 && points <= Self::MOST_POINTS);
        End16 {
            low: letters as u64 & ((1 << Self::LOW_BITS) - 1),
            shared: Shared { ranks, word, fixed },
            high: (letters >> Self::LOW_BITS) as u32 & ((1 << Self::HIGH_BITS) - 1)
                | points << Self::POINTS_SHIFT,
        }
    }
    #[inline]
    fn shared(&self) -> &Shared {
        &self.shared
    }
    #[inline]
    fn shared_mut(&mut self) -> &mut Shared {
        &mut self.shared
    }
    #[inline]
    fn letters(&self) -> u128 {
        let high = self.high & ((1 << Self::HIGH_BITS) - 1);
        u128::from(high) << Self::LOW_BITS | u128::from(self.low)
    }
    #[inline]
    fn letter(&self, rank: u32) -> u32 {
        let (bits, shift) = if rank < Self::LOW_RANKS {
            (self.low, 5 * rank)
        } else {
            (u64::from(self.high), 5 * (rank - Self::LOW_RANKS))
        };
        (bits >> shift) as u32 & 31
    }
    #[inline]
    fn points(&self) -> u32 {
        self.high >> Self::POINTS_SHIFT
    }
}

const _: () = assert!(std::mem::size_of::<End16>() == 24);

/// A path of any grid the proof takes ([`MAX_CELLS`]), in 32 bytes.
#[derive(Clone, Copy, Debug)]
pub struct End25 {
    shared: Shared,
    points: u32,
    letters: u128,
}

impl End for End25 {
    const MOST_CELLS: usize = MAX_CELLS;
    const MOST_POINTS: u32 = u32::MAX;

    #[inline]
    fn new(ranks: u32, letters: u128, points: u32, word: u32, fixed: u32) -> End25 {
        End25 {
            shared: Shared { ranks, word, fixed },
            points,
            letters,
        }
    }
    #[inline]
    fn shared(&self) -> &Shared {
        &self.shared
    }
    #[inline]
    fn shared_mut(&mut self) -> &mut Shared {
        &mut self.shared
    }
    #[inline]
    fn letters(&self) -> u128 {
        self.letters
    }
    #[inline]
    fn points(&self) -> u32 {
        self.points
    }
}

const _: () = assert!(std::mem::size_of::<End25>() == 32);
