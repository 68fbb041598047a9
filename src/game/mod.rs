//! The game of `boggle play` without the terminal (SPEC §13): a rolled
//! board and every word on it, judging what the player enters, the path of
//! the letters typed so far, the clock and the summary at the end, and the
//! history of games played.
//!
//! [`Game`] holds the board, its words and what the player found;
//! [`Game::deal`] rolls a board worth playing from a seed, and
//! [`Game::judge`] says what an entry is worth and why. The clock
//! ([`clock::Clock`]) is given the time at every call, so nothing here
//! reads a clock or a terminal: the terminal game in the binary draws
//! these values and feeds them keys, and another front end could too.

pub mod clock;
pub mod history;
pub mod path;
pub mod room;

use std::collections::HashMap;

use crate::board::Board;
use crate::dice::{BoardRng, DiceSet, Roller};
use crate::dict::Dictionary;
use crate::rules::{LengthOptions, Rules, RulesChoice};
use crate::solve::{SolveOptions, Solver};

pub use clock::Clock;
pub use path::{View, typed_path};

/// The fewest points a board dealt for a game holds unless the player
/// asks for any board: fewer, and it is rolled again.
pub const MIN_BOARD_SCORE: u64 = 10;

/// How many boards [`Game::deal`] rolls at most looking for one worth
/// playing; after that it deals the best of them.
pub const MAX_ROLLS: usize = 200;

/// What a dice set is called on a player's screen: `1987 dice`, `random
/// letters`. (The command line's names, `new` or `uniform`, mean nothing
/// to someone who never read the help.)
pub fn dice_label(set: DiceSet) -> &'static str {
    match set {
        DiceSet::Classic => "1976 dice",
        DiceSet::New => "1987 dice",
        DiceSet::Big => "Big Boggle dice",
        DiceSet::SuperBig => "Super Big Boggle dice",
        DiceSet::Uniform => "random letters",
        DiceSet::Lang(lang, big) => lang.dice_label(big),
    }
}

/// A word on the board: its text, length in letters, points and a path.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BoardWord {
    /// The word, normalised as the dictionary's words are.
    pub word: String,
    /// Its length in letters (`Qu` counts two).
    pub len: usize,
    /// Its points under the game's rules.
    pub score: u32,
    /// One path spelling it, first cell to last.
    pub path: Vec<u32>,
}

/// What an entry is worth.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Verdict {
    /// A new word on the board: its points.
    Scored { word: String, score: u32 },
    /// Found earlier in this game.
    AlreadyFound { word: String },
    /// Shorter than the game's minimum length.
    TooShort { word: String, min_len: usize },
    /// On the board, but not in the dictionary.
    NotAWord { word: String },
    /// No path on the board spells it, word or not: the player is told
    /// what the line under the board already showed while typing.
    NotOnBoard { word: String },
    /// Nothing was entered.
    Empty,
}

impl std::fmt::Display for Verdict {
    /// What the player is told: `+3 stone`, `not a word: xyzzy`.
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Verdict::Scored { word, score: 1 } => write!(f, "+1 point: {word}"),
            Verdict::Scored { word, score } => write!(f, "+{score} points: {word}"),
            Verdict::AlreadyFound { word } => write!(f, "already found: {word}"),
            Verdict::TooShort { word, min_len } => {
                write!(f, "too short: {word} (at least {min_len} letters)")
            }
            Verdict::NotAWord { word } => write!(f, "not a word: {word}"),
            Verdict::NotOnBoard { word } => write!(f, "not on the board: {word}"),
            Verdict::Empty => Ok(()),
        }
    }
}

/// One game: the board, every word on it, and what the player found.
#[derive(Debug)]
pub struct Game<'d> {
    dict: &'d Dictionary,
    board: Board,
    rules: Rules,
    /// The shortest word that counts.
    min_len: usize,
    /// Every word on the board, best first (points, then length, then
    /// alphabetical).
    words: Vec<BoardWord>,
    /// Each word's index in `words`.
    index: HashMap<String, usize>,
    /// Indices in `words` of the words found, in the order found.
    found: Vec<usize>,
}

impl<'d> Game<'d> {
    /// A game on `board` with `dict`'s words, scored under `rules`; words
    /// shorter than `min_len` (the rules' minimum when `None`) do not count.
    pub fn new(dict: &'d Dictionary, board: Board, rules: Rules, min_len: Option<usize>) -> Self {
        let lengths = LengthOptions {
            min_len,
            ..LengthOptions::default()
        };
        let options = SolveOptions {
            lengths,
            paths: true,
            ..SolveOptions::new(rules)
        };
        let solution = Solver::new(dict, options).solve(&board);
        let mut words: Vec<BoardWord> = solution
            .words
            .into_iter()
            .map(|found| BoardWord {
                word: dict.word_text(found.word),
                len: found.len,
                score: found.score,
                path: found.path,
            })
            .collect();
        words.sort_by(|a, b| {
            (b.score, b.len)
                .cmp(&(a.score, a.len))
                .then_with(|| a.word.cmp(&b.word))
        });
        let index = words
            .iter()
            .enumerate()
            .map(|(n, word)| (word.word.clone(), n))
            .collect();
        Game {
            dict,
            board,
            rules,
            min_len: min_len.unwrap_or(rules.min_len()).max(1),
            words,
            index,
            found: Vec::new(),
        }
    }

    /// A game on a board `roller` rolls from `seed`: the first whose words
    /// are worth at least `min_score` points. Boards worth less are rolled
    /// again from the same generator, so a seed always deals the same
    /// board; after [`MAX_ROLLS`] boards, the best of them is dealt.
    pub fn deal(
        dict: &'d Dictionary,
        roller: &Roller,
        seed: u64,
        min_len: Option<usize>,
        min_score: u64,
    ) -> Self {
        Game::deal_with_rules(dict, roller, RulesChoice::Auto, seed, min_len, min_score)
    }

    /// [`Game::deal`] with the rules chosen, as a room chooses them.
    pub fn deal_with_rules(
        dict: &'d Dictionary,
        roller: &Roller,
        rules: RulesChoice,
        seed: u64,
        min_len: Option<usize>,
        min_score: u64,
    ) -> Self {
        let mut rng = BoardRng::new(seed);
        let mut roll = || {
            let board = roller.roll(&mut rng);
            let rules = rules.for_cells(board.len());
            Game::new(dict, board, rules, min_len)
        };
        let mut best = roll();
        for _ in 1..MAX_ROLLS {
            if best.max_score() >= min_score {
                break;
            }
            let game = roll();
            if game.max_score() > best.max_score() {
                best = game;
            }
        }
        best
    }

    /// The points of every word on the board.
    pub fn max_score(&self) -> u64 {
        self.words.iter().map(|word| u64::from(word.score)).sum()
    }

    /// The board.
    pub fn board(&self) -> &Board {
        &self.board
    }

    /// The rules scoring the game.
    pub fn rules(&self) -> Rules {
        self.rules
    }

    /// The shortest word that counts.
    pub fn min_len(&self) -> usize {
        self.min_len
    }

    /// Every word on the board, best first.
    pub fn words(&self) -> &[BoardWord] {
        &self.words
    }

    /// The words found, in the order found.
    pub fn found(&self) -> impl DoubleEndedIterator<Item = &BoardWord> + ExactSizeIterator {
        self.found.iter().map(|&n| &self.words[n])
    }

    /// The points scored so far.
    pub fn score(&self) -> u64 {
        self.found().map(|word| u64::from(word.score)).sum()
    }

    /// The letters of `typed` as the dictionary spells them: lower case,
    /// normalised, and without anything that is not a letter.
    pub fn normalize(&self, typed: &str) -> String {
        self.dict
            .normalizer()
            .normalize(typed.trim())
            .chars()
            .filter(|c| c.is_alphabetic())
            .collect()
    }

    /// The path of the letters typed so far (see [`typed_path`]).
    pub fn typed_path(&self, typed: &str) -> Option<Vec<u32>> {
        typed_path(&self.board, &self.normalize(typed))
    }

    /// Judges `entry` and, when it is a new word on the board, counts it.
    pub fn judge(&mut self, entry: &str) -> Verdict {
        let word = self.normalize(entry);
        if word.is_empty() {
            return Verdict::Empty;
        }
        if let Some(&n) = self.index.get(&word) {
            if self.found.contains(&n) {
                return Verdict::AlreadyFound { word };
            }
            self.found.push(n);
            let score = self.words[n].score;
            return Verdict::Scored { word, score };
        }
        if word.chars().count() < self.min_len {
            return Verdict::TooShort {
                word,
                min_len: self.min_len,
            };
        }
        if typed_path(&self.board, &word).is_none() {
            return Verdict::NotOnBoard { word };
        }
        Verdict::NotAWord { word }
    }

    /// The game summed up, as the end screen shows it.
    pub fn summary(&self) -> Summary {
        let mut found_words = self.found.clone();
        found_words.sort_unstable();
        let found_words: Vec<BoardWord> =
            found_words.iter().map(|&n| self.words[n].clone()).collect();
        let missed = (0..self.words.len())
            .filter(|n| !self.found.contains(n))
            .map(|n| self.words[n].clone())
            .collect();
        Summary {
            score: self.score(),
            total_score: self.max_score(),
            found: self.found.len(),
            total: self.words.len(),
            best: found_words.first().cloned(),
            found_words,
            missed,
        }
    }
}

/// A finished game in numbers.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Summary {
    /// The points the player scored.
    pub score: u64,
    /// The points of every word on the board.
    pub total_score: u64,
    /// How many words the player found.
    pub found: usize,
    /// How many words the board holds.
    pub total: usize,
    /// The player's best word: most points, then longest, then first
    /// alphabetically.
    pub best: Option<BoardWord>,
    /// The words the player found, best first as `missed` is.
    pub found_words: Vec<BoardWord>,
    /// The words the player did not find, by points, then length, then
    /// alphabetically.
    pub missed: Vec<BoardWord>,
}

impl Summary {
    /// The share of the board's points scored, in whole percent (rounded
    /// down, so 100 means every point); 0 for a board without words.
    pub fn percent(&self) -> u64 {
        (self.score * 100)
            .checked_div(self.total_score)
            .unwrap_or(0)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::alphabet::Normalizer;

    /// c a t
    /// o d s
    fn game(min_len: Option<usize>) -> Game<'static> {
        let dict = Dictionary::from_words(
            [
                "cat", "cats", "act", "acts", "cod", "cods", "dog", "at", "zebra", "scat", "coda",
            ],
            Normalizer::default(),
        )
        .unwrap();
        let board = Board::parse("cat/ods", &Normalizer::default()).unwrap();
        Game::new(Box::leak(Box::new(dict)), board, Rules::Classic, min_len)
    }

    #[track_caller]
    fn check(game: &mut Game, entry: &str, expected: Verdict, told: &str) {
        let verdict = game.judge(entry);
        assert_eq!(verdict, expected, "{entry:?}");
        assert_eq!(verdict.to_string(), told);
    }

    fn text(word: &str) -> String {
        word.to_owned()
    }

    #[test]
    fn every_kind_of_entry() {
        let mut game = game(None);
        let scored = |word: &str, score| Verdict::Scored {
            word: text(word),
            score,
        };
        check(&mut game, "cat", scored("cat", 1), "+1 point: cat");
        check(&mut game, " CATS ", scored("cats", 1), "+1 point: cats");
        check(
            &mut game,
            "cat",
            Verdict::AlreadyFound { word: text("cat") },
            "already found: cat",
        );
        check(
            &mut game,
            "at",
            Verdict::TooShort {
                word: text("at"),
                min_len: 3,
            },
            "too short: at (at least 3 letters)",
        );
        check(
            &mut game,
            "tac",
            Verdict::NotAWord { word: text("tac") },
            "not a word: tac",
        );
        // Not a word and not on the board: told as the line showed it.
        check(
            &mut game,
            "xyzzy",
            Verdict::NotOnBoard {
                word: text("xyzzy"),
            },
            "not on the board: xyzzy",
        );
        check(
            &mut game,
            "zebra",
            Verdict::NotOnBoard {
                word: text("zebra"),
            },
            "not on the board: zebra",
        );
        // "dog" is a word, and d, o are on the board, but no g.
        check(
            &mut game,
            "dog",
            Verdict::NotOnBoard { word: text("dog") },
            "not on the board: dog",
        );
        check(&mut game, "  ", Verdict::Empty, "");
        check(&mut game, "c-o-d", scored("cod", 1), "+1 point: cod");
        assert_eq!(game.score(), 3);
        let found: Vec<&str> = game.found().map(|w| w.word.as_str()).collect();
        assert_eq!(found, ["cat", "cats", "cod"]);
    }

    #[test]
    fn a_lower_minimum_lets_short_words_count() {
        let mut game = game(Some(2));
        // Two letters are below the classic table: they count, for no points.
        check(
            &mut game,
            "at",
            Verdict::Scored {
                word: text("at"),
                score: 0,
            },
            "+0 points: at",
        );
    }

    #[test]
    fn the_summary() {
        let mut game = game(None);
        // Every word on the board (act, acts and scat need c next to t or s).
        let all: Vec<&str> = game.words().iter().map(|w| w.word.as_str()).collect();
        assert_eq!(all, ["cats", "coda", "cods", "cat", "cod"]);
        let summary = game.summary();
        assert_eq!((summary.score, summary.total_score), (0, 5));
        assert_eq!((summary.found, summary.total, summary.percent()), (0, 5, 0));
        assert_eq!(summary.best, None);
        game.judge("cod");
        game.judge("cats");
        game.judge("act");
        let summary = game.summary();
        assert_eq!(
            (summary.score, summary.found, summary.percent()),
            (2, 2, 40)
        );
        assert_eq!(summary.best.map(|w| w.word), Some(text("cats")));
        let missed: Vec<&str> = summary.missed.iter().map(|w| w.word.as_str()).collect();
        assert_eq!(missed, ["coda", "cods", "cat"]);
        let found: Vec<&str> = summary
            .found_words
            .iter()
            .map(|w| w.word.as_str())
            .collect();
        assert_eq!(found, ["cats", "cod"]);
        // Each missed word comes with a path that spells it.
        for word in &summary.missed {
            let letters: String = word
                .path
                .iter()
                .map(|&cell| game.board().tiles()[cell as usize].to_string())
                .collect();
            assert_eq!(letters, word.word);
        }
    }

    #[test]
    fn dealing_rolls_again_below_the_minimum_score_and_keeps_the_seed() {
        let dict = crate::dict::bundled::load(crate::dict::bundled::Lang::En).unwrap();
        // Seed 10 first rolls a 3x3 board of random letters without a word.
        let roller = Roller::new(DiceSet::Uniform, Some((3, 3))).unwrap();
        let first = roller.roll(&mut BoardRng::new(10)).canonical();
        let any = Game::deal(&dict, &roller, 10, None, 0);
        assert_eq!(any.board().canonical(), first);
        assert_eq!(any.max_score(), 0);
        let dealt = Game::deal(&dict, &roller, 10, None, MIN_BOARD_SCORE);
        assert!(dealt.max_score() >= MIN_BOARD_SCORE);
        assert_ne!(dealt.board().canonical(), first);
        // The same seed deals the same board.
        let again = Game::deal(&dict, &roller, 10, None, MIN_BOARD_SCORE);
        assert_eq!(again.board().canonical(), dealt.board().canonical());
        // No board reaches an impossible minimum: the best one is dealt.
        let best = Game::deal(&dict, &roller, 10, None, u64::MAX);
        assert!(best.max_score() >= dealt.max_score());
    }

    #[test]
    fn missed_words_by_points_then_length() {
        let dict = Dictionary::from_words(
            [
                "quest", "quiet", "quite", "suite", "site", "tie", "ties", "set",
            ],
            Normalizer::default(),
        )
        .unwrap();
        // qu i e
        // s  t e
        let board = Board::parse("qu i e/s t e", &Normalizer::default()).unwrap();
        let mut game = Game::new(&dict, board, Rules::Classic, None);
        assert_eq!(game.typed_path("q"), Some(vec![0]));
        assert_eq!(game.typed_path("QUIE"), Some(vec![0, 1, 2]));
        assert_eq!(game.typed_path("qt"), None);
        assert_eq!(game.judge("quiet").to_string(), "+2 points: quiet");
        let summary = game.summary();
        let missed: Vec<(&str, u32)> = summary
            .missed
            .iter()
            .map(|w| (w.word.as_str(), w.score))
            .collect();
        // Quest, suite, ties and set are words, but not on this board.
        assert_eq!(missed, [("quite", 2), ("site", 1), ("tie", 1)]);
        assert_eq!(summary.percent(), 33);
    }
}
