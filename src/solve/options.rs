//! The options of a search and their resolution: [`SolveOptions`] as
//! the user gives them, [`BoardConfig`] as one board's rules pick them, and
//! [`Scores`], the per-length score table a search reads.

use crate::rules::{LengthFilter, LengthOptions, Rules, RulesChoice};

/// What to search for: the one set of options a [`Solver`](super::Solver) is made with.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct SolveOptions {
    /// The rules, or `Auto` to pick them from each board's size.
    pub rules: RulesChoice,
    /// `--min-len`, `--max-len`, `--lengths`.
    pub lengths: LengthOptions,
    /// Whether to keep each word's path.
    pub paths: bool,
}

impl SolveOptions {
    /// The default search under `rules` whatever the board: the rules'
    /// minimum length, no paths.
    pub fn new(rules: Rules) -> SolveOptions {
        SolveOptions {
            rules: RulesChoice::Fixed(rules),
            ..SolveOptions::default()
        }
    }
}

/// [`SolveOptions`] resolved for one board: the rules its size picks and the
/// length filter they give. Worked out once per rules when the solver is
/// made, never by its users.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) struct BoardConfig {
    /// The scoring table.
    pub(super) rules: Rules,
    /// Which lengths are reported.
    pub(super) lengths: LengthFilter,
    /// Whether to keep each word's path.
    pub(super) paths: bool,
}

/// Per word length below 128: its score, or [`Scores::FILTERED`] when the
/// length filter leaves it out. Kept from board to board with the rules and
/// filter it was computed for.
#[derive(Clone, Debug)]
pub(super) struct Scores {
    pub(super) table: [u32; 128],
    /// The rules and filter `table` was computed for.
    pub(super) key: Option<(Rules, LengthFilter)>,
}

impl Default for Scores {
    fn default() -> Scores {
        Scores {
            table: [Scores::FILTERED; 128],
            key: None,
        }
    }
}

impl Scores {
    /// The entry of a length the filter leaves out (no score is this high).
    pub(super) const FILTERED: u32 = u32::MAX;

    /// Makes the table hold `config`'s scores.
    pub(super) fn update(&mut self, config: &BoardConfig) {
        let key = Some((config.rules, config.lengths));
        if self.key != key {
            for (len, entry) in self.table.iter_mut().enumerate() {
                *entry = if config.lengths.allows(len) {
                    config.rules.score(len)
                } else {
                    Scores::FILTERED
                };
            }
            self.key = key;
        }
    }
}
