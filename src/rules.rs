//! Rules and scoring (SPEC §5), and the length filter of SPEC §3.
//!
//! [`Rules`] fixes the minimum word length and the score of each length;
//! [`RulesChoice::Auto`] picks the rules from the board's size.
//! [`LengthFilter`] says which word lengths are reported.

use std::fmt;
use std::str::FromStr;

use crate::choice::{self, UnknownName};
use crate::dict::MAX_WORD_LEN;

/// A scoring table.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Rules {
    /// 4×4 Boggle: words of 3+ letters.
    Classic,
    /// Big Boggle (5×5): words of 4+ letters.
    Big,
    /// Super Big Boggle (6×6): words of 4+ letters, 2 points a letter from 9.
    SuperBig,
}

/// The rules asked for: fixed, or picked from the board size.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum RulesChoice {
    /// `classic` up to 16 cells, `big` up to 25, `superbig` above.
    #[default]
    Auto,
    /// These rules whatever the board.
    Fixed(Rules),
}

impl RulesChoice {
    /// The rules for a board of `cells` cells.
    pub fn for_cells(self, cells: usize) -> Rules {
        match self {
            RulesChoice::Fixed(rules) => rules,
            RulesChoice::Auto if cells <= 16 => Rules::Classic,
            RulesChoice::Auto if cells <= 25 => Rules::Big,
            RulesChoice::Auto => Rules::SuperBig,
        }
    }
}

impl Rules {
    /// The shortest word that counts, in letters.
    pub fn min_len(self) -> usize {
        match self {
            Rules::Classic => 3,
            Rules::Big | Rules::SuperBig => 4,
        }
    }

    /// The points a word of `len` letters scores. Lengths below the table's
    /// minimum (reachable with `--min-len`) score 0.
    pub fn score(self, len: usize) -> u32 {
        if len < self.min_len() {
            return 0;
        }
        match len {
            0..=4 => 1,
            5 => 2,
            6 => 3,
            7 => 5,
            8 => 11,
            _ => match self {
                Rules::SuperBig => 2 * len as u32,
                Rules::Classic | Rules::Big => 11,
            },
        }
    }

    /// The name used on the command line and in JSON.
    pub fn name(self) -> &'static str {
        match self {
            Rules::Classic => "classic",
            Rules::Big => "big",
            Rules::SuperBig => "superbig",
        }
    }
}

impl fmt::Display for Rules {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl FromStr for RulesChoice {
    type Err = UnknownName;

    fn from_str(text: &str) -> Result<RulesChoice, UnknownName> {
        let choices = [
            ("classic", RulesChoice::Fixed(Rules::Classic)),
            ("big", RulesChoice::Fixed(Rules::Big)),
            ("superbig", RulesChoice::Fixed(Rules::SuperBig)),
            ("auto", RulesChoice::Auto),
        ];
        choice::pick("rules", text, &choices)
    }
}

/// Which word lengths are reported: bit `n` set allows words of `n` letters.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct LengthFilter {
    /// Allowed lengths as a bit set; only bits 1..=[`MAX_WORD_LEN`] are used.
    allowed: u128,
}

/// The length options as the user gave them; unset ones take the rules'.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct LengthOptions {
    /// `--min-len`: replaces the rules' minimum.
    pub min_len: Option<usize>,
    /// `--max-len`.
    pub max_len: Option<usize>,
    /// `--lengths 3,6,7`: only these lengths.
    pub lengths: Option<Vec<usize>>,
}

impl LengthOptions {
    /// Checks that the options can report a word at all: a minimum above
    /// the maximum cannot.
    pub fn check(&self) -> Result<(), ReversedLengths> {
        match (self.min_len, self.max_len) {
            (Some(min), Some(max)) if min > max => Err(ReversedLengths { min, max }),
            _ => Ok(()),
        }
    }

    /// The filter these options give under `rules`.
    pub fn filter(&self, rules: Rules) -> LengthFilter {
        let min = self.min_len.unwrap_or(rules.min_len()).max(1);
        let max = self.max_len.unwrap_or(MAX_WORD_LEN).min(MAX_WORD_LEN);
        let mut allowed = 0u128;
        for len in min..=max {
            allowed |= 1 << len;
        }
        if let Some(lengths) = &self.lengths {
            let set = lengths
                .iter()
                .filter(|&&len| len <= MAX_WORD_LEN)
                .fold(0u128, |set, &len| set | 1 << len);
            allowed &= set;
        }
        LengthFilter { allowed }
    }
}

/// A minimum length above the maximum ([`LengthOptions::check`]): no word
/// could be reported.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ReversedLengths {
    /// The minimum asked for.
    pub min: usize,
    /// The maximum asked for, below `min`.
    pub max: usize,
}

impl fmt::Display for ReversedLengths {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "the shortest length {} is greater than the longest {}: no word could be reported",
            self.min, self.max
        )
    }
}

impl std::error::Error for ReversedLengths {}

impl LengthFilter {
    /// Whether words of `len` letters are reported.
    #[inline]
    pub fn allows(self, len: usize) -> bool {
        len < 128 && self.allowed & (1 << len) != 0
    }

    /// The longest allowed length (0 when none is): the search goes no deeper.
    pub fn max_len(self) -> usize {
        match self.allowed {
            0 => 0,
            allowed => 127 - allowed.leading_zeros() as usize,
        }
    }
}

/// Parses `3,6,7` into lengths; each must be a whole number from 1 to
/// [`MAX_WORD_LEN`].
pub fn parse_lengths(text: &str) -> Result<Vec<usize>, LengthError> {
    text.split(',')
        .map(|part| {
            let part = part.trim();
            match part.parse::<usize>() {
                Ok(len) if (1..=MAX_WORD_LEN).contains(&len) => Ok(len),
                _ => Err(LengthError {
                    part: part.to_owned(),
                }),
            }
        })
        .collect()
}

/// A part of a list of lengths ([`parse_lengths`]) that is not a length.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LengthError {
    /// The part, trimmed.
    pub part: String,
}

impl fmt::Display for LengthError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "'{}' is not a word length (expected whole numbers from 1 to {MAX_WORD_LEN}, \
             separated by commas)",
            self.part
        )
    }
}

impl std::error::Error for LengthError {}

#[cfg(test)]
mod tests {
    use super::*;

    #[track_caller]
    fn check_scores(rules: Rules, expected: &[u32]) {
        let scores: Vec<u32> = (1..=expected.len()).map(|len| rules.score(len)).collect();
        assert_eq!(scores, expected, "{rules}");
    }

    #[test]
    fn scoring_tables() {
        // Lengths 1, 2, 3, ... 12, straight from the table of SPEC §5.
        check_scores(Rules::Classic, &[0, 0, 1, 1, 2, 3, 5, 11, 11, 11, 11, 11]);
        check_scores(Rules::Big, &[0, 0, 0, 1, 2, 3, 5, 11, 11, 11, 11, 11]);
        check_scores(Rules::SuperBig, &[0, 0, 0, 1, 2, 3, 5, 11, 18, 20, 22, 24]);
    }

    #[test]
    fn auto_rules() {
        let auto = RulesChoice::Auto;
        assert_eq!(auto.for_cells(1), Rules::Classic);
        assert_eq!(auto.for_cells(16), Rules::Classic);
        assert_eq!(auto.for_cells(17), Rules::Big);
        assert_eq!(auto.for_cells(25), Rules::Big);
        assert_eq!(auto.for_cells(26), Rules::SuperBig);
        assert_eq!(RulesChoice::Fixed(Rules::Big).for_cells(16), Rules::Big);
        assert_eq!("superbig".parse(), Ok(RulesChoice::Fixed(Rules::SuperBig)));
        assert!("huge".parse::<RulesChoice>().is_err());
    }

    #[test]
    fn length_filter() {
        let default = LengthOptions::default().filter(Rules::Classic);
        assert!(!default.allows(2) && default.allows(3) && default.allows(64));
        assert!(!default.allows(65) && !default.allows(500));
        assert_eq!(default.max_len(), 64);
        assert!(!LengthOptions::default().filter(Rules::Big).allows(3));

        let options = LengthOptions {
            min_len: Some(2),
            max_len: Some(6),
            lengths: Some(vec![2, 3, 6, 7]),
        };
        let filter = options.filter(Rules::Big);
        let allowed: Vec<usize> = (0..70).filter(|&len| filter.allows(len)).collect();
        assert_eq!(allowed, [2, 3, 6]);
        assert_eq!(filter.max_len(), 6);

        let none = LengthOptions {
            lengths: Some(vec![2]),
            ..LengthOptions::default()
        };
        assert_eq!(none.filter(Rules::Classic).max_len(), 0);
    }

    #[test]
    fn lengths_syntax() {
        assert_eq!(parse_lengths("3,6,7"), Ok(vec![3, 6, 7]));
        assert_eq!(parse_lengths(" 3, 4 "), Ok(vec![3, 4]));
        for bad in ["", "0", "a,b", "3,,4", "-1", "65", "3.5"] {
            assert!(parse_lengths(bad).is_err(), "{bad:?}");
        }
    }
}
