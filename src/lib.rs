//! `boggle` finds every word on a Boggle board.
//!
//! The library does all the work and no process I/O: it parses boards
//! ([`Board`]), loads word lists into a compact trie ([`Dictionary`]), searches
//! boards ([`Solver`]), scores words ([`Rules`]) and writes results to any
//! [`std::io::Write`] ([`output`]). The `boggle` binary only turns command-line
//! arguments into these values and maps errors to exit codes.
//!
//! ```
//! use boggle::{Board, Dictionary, Normalizer, Rules, SolveOptions, Solver};
//!
//! let dict = Dictionary::from_words(["cat", "act", "tact"], Normalizer::default()).unwrap();
//! let board = Board::parse("ca/xt", &Normalizer::default()).unwrap();
//! let options = SolveOptions::new(Rules::Classic);
//! let solution = Solver::new(&dict, options).solve(&board);
//! let words: Vec<String> = solution.words.iter().map(|w| dict.word_text(w.word)).collect();
//! assert_eq!(words, ["act", "cat"]);
//! ```

pub mod alphabet;
pub mod atomic_file;
pub mod batch;
pub mod best;
pub mod board;
pub mod choice;
pub mod dice;
pub mod dict;
pub mod duration;
pub mod game;
pub mod geometry;
pub(crate) mod json;
pub mod lang;
pub(crate) mod mapped;
pub mod naive;
pub mod output;
pub mod partial_files;
pub(crate) mod prefetch;
pub mod prove;
pub mod rules;
pub mod scored;
pub mod show;
pub mod solve;
pub mod stats;
pub mod threads;
pub mod trie;

pub use alphabet::{Alphabet, Normalizer, Symbol};
pub use board::{Board, BoardError, Tile};
pub use dice::{BoardRng, DiceSet, Roller};
pub use dict::{DictError, Dictionary};
pub use rules::{LengthFilter, LengthOptions, Rules, RulesChoice};
pub use solve::{BudgetExceeded, FoundWord, Scratch, Solution, SolveOptions, Solver};
pub use trie::{NodeId, Trie, WordId};
