//! The anagram format: one line per set of anagrams, `sorted|word1|word2…`
//! (`loppsy|polyps|sloppy`). The first field, the sorted letters, is an
//! index: a line whose key does not hold the letters of each of its words
//! (in any order and case), or that has no `|`, is not an anagram line and
//! is skipped and counted. Blank lines and `#` comments are ignored, as in
//! plain text.

use super::{DictError, plain};

/// The words of an anagram list, and how many lines were skipped for not
/// being anagram lines.
pub fn words(bytes: &[u8]) -> Result<(Vec<&str>, usize), DictError> {
    let mut words = Vec::new();
    let mut skipped = 0;
    for line in plain::words(bytes)? {
        match line_words(line) {
            Some(line_words) => words.extend(line_words),
            None => skipped += 1,
        }
    }
    Ok((words, skipped))
}

/// The words of one anagram line (not blank, not a comment), or `None`
/// when it is not one: no `|`, no word after the key, or a word whose
/// letters are not the key's.
pub fn line_words(line: &str) -> Option<impl Iterator<Item = &str>> {
    let (key, rest) = line.split_once('|')?;
    let key = letters(key);
    let mut words = rest.split('|').map(str::trim).peekable();
    words.peek()?;
    words
        .clone()
        .all(|word| !word.is_empty() && letters(word) == key)
        .then_some(words)
}

/// The letters of `text`, lower case, sorted: the same for all anagrams.
fn letters(text: &str) -> Vec<char> {
    let mut letters: Vec<char> = text.trim().chars().flat_map(char::to_lowercase).collect();
    letters.sort_unstable();
    letters
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn fields_after_the_first() {
        let text = b"# anagrams\nloppsy|polyps|sloppy\r\nact|act|cat\n\nop\n";
        // "op" has no `|`: skipped and counted.
        let (words, skipped) = words(text).unwrap();
        assert_eq!(words, ["polyps", "sloppy", "act", "cat"]);
        assert_eq!(skipped, 1);
    }

    /// Checked by hand: "word|count" is not an anagram line (the letters of
    /// "count" are not those of "word"), nor is a key with no word.
    #[test]
    fn lines_that_are_not_anagram_lines() {
        assert!(line_words("word|count").is_none());
        assert!(line_words("act|").is_none());
        assert!(line_words("act|cat|dog").is_none());
        assert!(line_words("act").is_none());
        let words: Vec<&str> = line_words("TCA| cat |Act").unwrap().collect();
        assert_eq!(words, ["cat", "Act"]);
        let (words, skipped) = words_of(b"act|cat\nword|count\nno bar\n");
        assert_eq!((words, skipped), (vec!["cat"], 2));
    }

    fn words_of(bytes: &[u8]) -> (Vec<&str>, usize) {
        words(bytes).unwrap()
    }
}
