//! A board found by a search for high scores, with its word count and
//! score: what `best` returns and what a proof records. The board is held
//! in its canonical form, the least of its turned and mirrored forms, so
//! boards compare, sort and print as their text does.

/// A board with its word count and score.
#[derive(Clone, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct ScoredBoard {
    /// The board in its canonical form (`str/eae/dlp`), the least of its
    /// turned and mirrored forms.
    pub board: String,
    /// How many distinct words it holds.
    pub count: u64,
    /// The sum of their scores.
    pub score: u64,
}
