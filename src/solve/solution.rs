//! What a search returns: the words found ([`FoundWord`]) and a board's
//! [`Solution`] in its order, or only the figures ([`Summary`]).

use crate::rules::Rules;
use crate::trie::WordId;

/// A word found on a board.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct FoundWord {
    /// The word's id in the dictionary.
    pub word: WordId,
    /// Its length in letters.
    pub len: usize,
    /// Its score under the board's rules.
    pub score: u32,
    /// The cells spelling it, first to last (empty unless paths were asked
    /// for or the board has a wildcard): of the paths spelling it, the
    /// least in reading order.
    pub path: Vec<u32>,
}

/// Every word found on one board.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Solution {
    /// The rules the board was scored with.
    pub rules: Rules,
    /// The words, score descending then alphabetical.
    pub words: Vec<FoundWord>,
}

impl Solution {
    /// The board's score: the sum of its words' scores.
    pub fn score(&self) -> u64 {
        self.words.iter().map(|w| u64::from(w.score)).sum()
    }
}

/// A board's word count and score, without the words.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Summary {
    /// The rules the board was scored with.
    pub rules: Rules,
    /// How many distinct words.
    pub count: usize,
    /// The sum of their scores.
    pub score: u64,
}

/// Sorts the words score descending, then alphabetically (word ids follow
/// alphabetical order).
pub(super) fn finish(rules: Rules, mut words: Vec<FoundWord>) -> Solution {
    words.sort_unstable_by_key(|w| (std::cmp::Reverse(w.score), w.word));
    Solution { rules, words }
}
