//! What a search for the best boards is told ([`BestConfig`], [`Pieces`],
//! the defaults), what it tells as it goes ([`Progress`]) and why it cannot
//! run ([`BestError`]).

use std::fmt;
use std::time::Instant;

use crate::board::Tile;
use crate::dice::DiceSet;
use crate::rules::Rules;
use crate::scored::ScoredBoard;
use crate::solve::{MAX_CELLS, MAX_TILES};

/// The letters a search uses unless told otherwise: a–z without the six
/// rarest in English words (`j k q w x z`). They are in none of the best
/// boards known, and leaving them out makes each round's neighbourhood a
/// quarter smaller; the published pool climb leaves out the same six.
pub const DEFAULT_LETTERS: &str = "abcdefghilmnoprstuvy";

/// The pool size unless told otherwise.
pub const DEFAULT_POOL: usize = 200;

/// How many boards a round expands unless told otherwise.
pub const DEFAULT_EXPAND: usize = 8;

/// How many rounds a climb goes on without its best board rising, unless
/// told otherwise, on boards of more than [`PATIENT_CELLS`] cells (see
/// [`BestConfig::patience`]).
pub const DEFAULT_PATIENCE: u64 = 8;

/// The most cells of a board whose climbs run, unless told otherwise, until
/// a round adds nothing: a 4×4 climb often reaches its best board only
/// after more than [`DEFAULT_PATIENCE`] flat rounds, where 4×5 and 5×5
/// climbs seldom do (measured in docs/performance.md, "The 5x5 record
/// from a cold start").
pub const PATIENT_CELLS: usize = 16;

/// The patience of a climb on boards of `cells` cells unless told
/// otherwise: [`DEFAULT_PATIENCE`] above [`PATIENT_CELLS`] cells, else none.
pub fn default_patience(cells: usize) -> Option<u64> {
    (cells > PATIENT_CELLS).then_some(DEFAULT_PATIENCE)
}

/// What the boards are made of.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Pieces {
    /// Any of these tiles in any cell (letters, `qu`, multi-letter tiles).
    Letters(Vec<Tile>),
    /// A roll of this dice set: one die per cell.
    Dice(DiceSet),
}

/// What to search for and for how long.
#[derive(Clone, Debug)]
pub struct BestConfig {
    pub rows: usize,
    pub cols: usize,
    pub pieces: Pieces,
    pub rules: Rules,
    /// How many boards a climb keeps.
    pub pool: usize,
    /// How many of the pool's boards a round expands at most, best first.
    pub expand: usize,
    /// End a climb once this many rounds have passed without its best
    /// board rising, and start the next; `None` ends a climb only when a
    /// round adds nothing to its pool.
    pub patience: Option<u64>,
    pub seed: u64,
    /// How many boards to return.
    pub top: usize,
    /// Stop after this many rounds (the random boards a climb starts from
    /// are its first round).
    pub rounds: Option<u64>,
    /// Stop at this time, with the boards found so far.
    pub deadline: Option<Instant>,
}

/// How the search is going, after each round.
#[derive(Clone, Copy, Debug)]
pub struct Progress<'a> {
    /// Boards scored so far.
    pub scored: u64,
    /// Rounds done so far.
    pub rounds: u64,
    /// Climbs started so far.
    pub climbs: u64,
    /// The best board so far.
    pub best: Option<&'a ScoredBoard>,
    /// Whether the best score rose in this round.
    pub improved: bool,
}

/// Why a search cannot run.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum BestError {
    /// The board has more cells than the scorer's masks hold.
    TooManyCells { rows: usize, cols: usize },
    /// More distinct tiles than the scorer numbers.
    TooManyTiles(usize),
    /// No tile to build boards from.
    NoTiles,
    /// A blank or wildcard among the letters.
    NotALetter(Tile),
    /// A dice set on a board size it does not fill.
    WrongSize {
        set: DiceSet,
        rows: usize,
        cols: usize,
    },
    /// Uniform letters are not a dice set of their own here.
    UniformDice,
    /// A pool or top of zero boards.
    Empty(&'static str),
}

impl fmt::Display for BestError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            BestError::TooManyCells { rows, cols } => write!(
                f,
                "a {rows}x{cols} board has more than {MAX_CELLS} cells, the most the search handles"
            ),
            BestError::TooManyTiles(tiles) => write!(
                f,
                "{tiles} distinct tiles are more than the {MAX_TILES} the search handles"
            ),
            BestError::NoTiles => f.write_str("no letters to build boards from"),
            BestError::NotALetter(tile) => {
                write!(
                    f,
                    "'{tile}' is not a letter: boards are searched over letters"
                )
            }
            BestError::WrongSize { set, rows, cols } => {
                write!(f, "the {set} dice do not fill a {rows}x{cols} board")
            }
            BestError::UniformDice => {
                f.write_str("uniform is not a dice set to search: use --letters instead")
            }
            BestError::Empty(what) => write!(f, "{what} must be at least 1"),
        }
    }
}

impl std::error::Error for BestError {}
