//! The paths a tree is made from ([`End`]), in three layouts by the size
//! of the grid.

use super::ALONE;
use super::MAX_CELLS;

/// One path that spells a word, as the build gathers them: its steps on
/// free cells, and the word's points. A class's paths are most of a
/// proof's memory and the build reads and moves them level by level, so
/// their size counts: [`End12`] holds the paths of grids of up to 12 cells
/// in 16 bytes, [`End16`] those of up to 16 cells in 24, [`End25`] those of
/// any grid in 32.
pub trait End: Copy + Send + std::fmt::Debug + 'static {
    /// The most cells of a grid whose paths it holds.
    const MOST_CELLS: usize;
    /// The most points of a word it holds.
    const MOST_POINTS: u32;

    fn new(ranks: u32, letters: u128, points: u32, word: u32, fixed: u32) -> Self;

    /// The ranks of the path's free cells, a bit per rank. A node of the
    /// build below the steps of ranks under `from` sees only those from
    /// `from` on: the lowest of them is the path's next step.
    fn ranks(&self) -> u32;
    fn set_ranks(&mut self, ranks: u32);
    /// The word's node in the lexicon (`DROPPED` once dropped).
    fn word(&self) -> u32;
    fn set_word(&mut self, word: u32);
    /// For a word with a letter twice, the fixed cells of the path, to
    /// count the word once among its paths over the same steps and the same
    /// fixed cells; `ALONE` for any other word, which no other path
    /// repeats. (In `TreeBuilder::kept`, whether the path lost a step at
    /// the last force instead: 1 if so, 0 if not.)
    fn fixed(&self) -> u32;
    fn set_fixed(&mut self, fixed: u32);
    /// The letter at the cell of each rank, five bits per rank (rank `r`
    /// at bit `5 r`); only the ranks in [`End::ranks`] mean anything.
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
        let rest = self.ranks() & u32::MAX << from;
        if rest == 0 {
            0
        } else {
            let rank = rest.trailing_zeros();
            1 + (rank << 5 | self.letter(rank)) as usize
        }
    }
}

/// What [`End16`] and [`End25`] hold alike: [`End::ranks`],
/// [`End::word`] and [`End::fixed`] in a word each.
#[derive(Clone, Copy, Debug)]
struct Shared {
    ranks: u32,
    word: u32,
    fixed: u32,
}

/// The accessors of the fields of [`Shared`], for a layout that holds one
/// as `shared`.
macro_rules! shared_fields {
    () => {
        #[inline]
        fn ranks(&self) -> u32 {
            self.shared.ranks
        }
        #[inline]
        fn set_ranks(&mut self, ranks: u32) {
            self.shared.ranks = ranks;
        }
        #[inline]
        fn word(&self) -> u32 {
            self.shared.word
        }
        #[inline]
        fn set_word(&mut self, word: u32) {
            self.shared.word = word;
        }
        #[inline]
        fn fixed(&self) -> u32 {
            self.shared.fixed
        }
        #[inline]
        fn set_fixed(&mut self, fixed: u32) {
            self.shared.fixed = fixed;
        }
    };
}

/// A path of a grid of up to 12 cells, in 16 bytes: the letters of its
/// ranks in one word, and its ranks, fixed cells, points and word in the
/// other. Moving a third less than [`End16`] at every level of the build
/// is what it is for.
#[derive(Clone, Copy, Debug)]
pub struct End12 {
    letters: u64,
    /// The ranks in the low 12 bits, then the fixed cells in 13 bits
    /// ([`End12::ALONE_HELD`] for [`ALONE`]), then the points in 7, and
    /// the word in the top 32.
    rest: u64,
}

impl End12 {
    const FIXED_SHIFT: u32 = 12;
    const FIXED_MASK: u64 = (1 << 13) - 1;
    /// [`ALONE`] as [`End12::rest`] holds it: no 12 cells make this mask.
    const ALONE_HELD: u64 = Self::FIXED_MASK;
    const POINTS_SHIFT: u32 = 25;
    const WORD_SHIFT: u32 = 32;
    const RANKS_MASK: u64 = (1 << Self::FIXED_SHIFT) - 1;
}

impl End for End12 {
    const MOST_CELLS: usize = 12;
    const MOST_POINTS: u32 = (1 << 7) - 1;

    #[inline]
    fn new(ranks: u32, letters: u128, points: u32, word: u32, fixed: u32) -> End12 {
        debug_assert!(letters >> 60 == 0 && ranks >> 12 == 0 && points <= Self::MOST_POINTS);
        let mut end = End12 {
            letters: letters as u64,
            rest: u64::from(ranks)
                | u64::from(points) << Self::POINTS_SHIFT
                | u64::from(word) << Self::WORD_SHIFT,
        };
        end.set_fixed(fixed);
        end
    }
    #[inline]
    fn ranks(&self) -> u32 {
        (self.rest & Self::RANKS_MASK) as u32
    }
    #[inline]
    fn set_ranks(&mut self, ranks: u32) {
        debug_assert!(ranks >> 12 == 0);
        self.rest = self.rest & !Self::RANKS_MASK | u64::from(ranks);
    }
    #[inline]
    fn word(&self) -> u32 {
        (self.rest >> Self::WORD_SHIFT) as u32
    }
    #[inline]
    fn set_word(&mut self, word: u32) {
        self.rest = self.rest & u64::from(u32::MAX) | u64::from(word) << Self::WORD_SHIFT;
    }
    #[inline]
    fn fixed(&self) -> u32 {
        match self.rest >> Self::FIXED_SHIFT & Self::FIXED_MASK {
            Self::ALONE_HELD => ALONE,
            fixed => fixed as u32,
        }
    }
    #[inline]
    fn set_fixed(&mut self, fixed: u32) {
        debug_assert!(fixed == ALONE || fixed >> 12 == 0);
        let held = if fixed == ALONE {
            Self::ALONE_HELD
        } else {
            u64::from(fixed)
        };
        self.rest =
            self.rest & !(Self::FIXED_MASK << Self::FIXED_SHIFT) | held << Self::FIXED_SHIFT;
    }
    #[inline]
    fn letters(&self) -> u128 {
        u128::from(self.letters)
    }
    #[inline]
    fn letter(&self, rank: u32) -> u32 {
        (self.letters >> (5 * rank)) as u32 & 31
    }
    #[inline]
    fn points(&self) -> u32 {
        (self.rest >> Self::POINTS_SHIFT) as u32 & Self::MOST_POINTS
    }
}

const _: () = assert!(std::mem::size_of::<End12>() == 16);

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
    shared_fields!();
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
    shared_fields!();
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
