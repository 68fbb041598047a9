//! A deliberately naive search, the reference the fast one is tested
//! against: walk every path of distinct adjacent cells, spell it (a wildcard
//! as each letter of the word list in turn), and look the spelling up in a
//! set of strings. It shares nothing with [`crate::solve`] but [`Board`]'s
//! tiles, not even the adjacency (two cells touch when they are at most one
//! row and one column apart, checked cell by cell), and it is slow: use it
//! on small boards and short lists only (the property test and the fuzz
//! target do). The one shortcut it takes is to stop a path whose spelling
//! starts no word.
//!
//! For each word found it keeps the least path in reading order: two paths
//! are compared by their sequences of cells (row × columns + column), the
//! first differing cell deciding. That is the path the solver and
//! `boggle show` report.

use std::collections::{BTreeMap, HashSet};

use crate::board::{Board, Tile};

/// Every word of `words` that a path of distinct adjacent cells of `board`
/// spells, with its least path in reading order. The words are compared
/// as they are given: normalise them as the board's tiles are (lower case)
/// beforehand. A wildcard stands for each letter of the words.
pub fn least_paths<'a>(
    board: &Board,
    words: impl IntoIterator<Item = &'a str>,
) -> BTreeMap<String, Vec<u32>> {
    let words: HashSet<&str> = words.into_iter().collect();
    let prefixes: HashSet<String> = words
        .iter()
        .flat_map(|word| word.char_indices().map(|(end, _)| word[..end].to_owned()))
        .collect();
    let mut letters: Vec<char> = words.iter().flat_map(|word| word.chars()).collect();
    letters.sort_unstable();
    letters.dedup();
    let longest = words.iter().map(|word| word.chars().count()).max();
    let mut walk = Walk {
        board,
        words,
        prefixes,
        letters,
        longest: longest.unwrap_or(0),
        path: Vec::new(),
        found: BTreeMap::new(),
    };
    for start in 0..board.len() {
        walk.enter(start, String::new());
    }
    walk.found
}

/// The state of one enumeration.
struct Walk<'a> {
    board: &'a Board,
    words: HashSet<&'a str>,
    /// Every proper start of a word (the empty one too): a path spelling
    /// anything else leads to no word.
    prefixes: HashSet<String>,
    /// Every letter of the words: what a wildcard stands for.
    letters: Vec<char>,
    /// The most letters of a word: no path spelling more is walked.
    longest: usize,
    /// The cells of the current path.
    path: Vec<u32>,
    /// Each word found so far, with the least of its paths found so far.
    found: BTreeMap<String, Vec<u32>>,
}

impl Walk<'_> {
    /// Adds `cell` to the path, which spells `prefix` so far, and walks
    /// on from there with each spelling of its tile.
    fn enter(&mut self, cell: usize, prefix: String) {
        let spellings: Vec<String> = match &self.board.tiles()[cell] {
            Tile::Letter(letter) => vec![letter.to_string()],
            Tile::Letters(letters) => vec![letters.to_string()],
            Tile::Wildcard => self.letters.iter().map(char::to_string).collect(),
            Tile::Blank => Vec::new(),
        };
        self.path.push(cell as u32);
        for spelling in spellings {
            let text = prefix.clone() + &spelling;
            if text.chars().count() > self.longest {
                continue;
            }
            if self.words.contains(text.as_str()) {
                let least = self
                    .found
                    .entry(text.clone())
                    .or_insert_with(|| self.path.clone());
                if self.path < *least {
                    least.clone_from(&self.path);
                }
            }
            if !self.prefixes.contains(&text) {
                continue;
            }
            let cols = self.board.cols();
            let touches = |other: usize| {
                other != cell
                    && (other / cols).abs_diff(cell / cols) <= 1
                    && (other % cols).abs_diff(cell % cols) <= 1
            };
            for next in (0..self.board.len()).filter(|&other| touches(other)) {
                if !self.path.contains(&(next as u32)) {
                    self.enter(next, text.clone());
                }
            }
        }
        self.path.pop();
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::alphabet::Normalizer;

    /// The least path of each word of `words` on `board`, as cell lists.
    #[track_caller]
    fn check(board: &str, words: &[&str], expected: &[(&str, &[u32])]) {
        let board = Board::parse(board, &Normalizer::default()).unwrap();
        let found = least_paths(&board, words.iter().copied());
        let expected: BTreeMap<String, Vec<u32>> = expected
            .iter()
            .map(|(word, path)| (word.to_string(), path.to_vec()))
            .collect();
        assert_eq!(found, expected);
    }

    // Each expected path below was found by hand on the board drawn in its
    // comment.

    #[test]
    fn the_least_path_is_kept() {
        // c *
        // a t
        // `cat` is 0 2 3 and 0 1 3 (the wildcard as `a`): 0 1 3 is less.
        check(
            "c*/at",
            &["cat", "act", "dog"],
            &[("cat", &[0, 1, 3]), ("act", &[1, 0, 3])],
        );
        // s o s
        // x x x
        check(
            "sos/xxx",
            &["sos", "so"],
            &[("sos", &[0, 1, 2]), ("so", &[0, 1])],
        );
    }

    #[test]
    fn tiles_of_several_letters_and_blanks() {
        // qu i
        // t  .
        // `quit` is 0 1 2; nothing goes through the blank.
        check(
            "qi/t.",
            &["quit", "quiet", "it"],
            &[("quit", &[0, 1, 2]), ("it", &[1, 2])],
        );
        // No cell is used twice.
        check("ab/", &["aba", "ab"], &[("ab", &[0, 1])]);
    }
}
