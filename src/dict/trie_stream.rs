//! The trie stream: a depth-first walk of a trie written out. A letter opens
//! a child of the current node and moves into it, `!` marks the current node
//! as a word, `#` goes back to the parent. White space (line breaks
//! included) is ignored, so the whole file may be one line: `ca!t!s!##r!`
//! is "ca", "cat", "cats", "car".

use super::{DictError, DictErrorKind, MAX_WORD_LEN};

/// The most bytes of a marked word kept: a longer word is cut to this
/// length, which is still too long once normalised (composing letters
/// shrinks a word to no less than a third), so it is skipped and counted,
/// and a long prefix marked many times costs no more than this each time.
pub const LONGEST_KEPT: usize = 16 * (MAX_WORD_LEN + 1);

/// The words a trie stream spells, in the order they are marked.
pub fn words(bytes: &[u8]) -> Result<Vec<String>, DictError> {
    let text = super::plain::utf8(bytes)?;
    let mut words = Vec::new();
    let mut prefix = String::new();
    for (index, line) in text.split('\n').enumerate() {
        let fail = |column: usize, reason: String| DictError {
            line: Some(index + 1),
            kind: DictErrorKind::TrieStream { column, reason },
        };
        for (column, c) in line.chars().enumerate() {
            match c {
                // The root is no word: marking it spells nothing.
                '!' if prefix.is_empty() => {}
                '!' => {
                    // A word too long to keep is cut: it is still skipped.
                    let mut end = prefix.len().min(LONGEST_KEPT);
                    while !prefix.is_char_boundary(end) {
                        end -= 1;
                    }
                    words.push(prefix[..end].to_owned());
                }
                '#' => {
                    if prefix.pop().is_none() {
                        return Err(fail(column + 1, "'#' goes back above the root".into()));
                    }
                }
                c if c.is_whitespace() || c == '\u{feff}' => {}
                c if c.is_alphabetic() => prefix.push(c),
                c => {
                    return Err(fail(
                        column + 1,
                        format!("{c:?} is neither a letter nor '!' or '#'"),
                    ));
                }
            }
        }
    }
    Ok(words)
}

/// How many words `text` marks when it is a whole trie stream (letters,
/// `!`, `#` and white space only, never going back above the root) that
/// marks at least one; `None` when it is not.
pub fn marked_words(text: &str) -> Option<usize> {
    let mut depth = 0usize;
    let mut marked = 0;
    for c in text.chars() {
        match c {
            '!' => marked += usize::from(depth > 0),
            '#' => depth = depth.checked_sub(1)?,
            c if c.is_whitespace() || c == '\u{feff}' => {}
            c if c.is_alphabetic() => depth += 1,
            _ => return None,
        }
    }
    (marked > 0).then_some(marked)
}

/// Writes the words of `dict` as a trie stream, one line.
pub fn write(dict: &super::Dictionary) -> String {
    let mut out = String::new();
    let mut current: Vec<char> = Vec::new();
    for word in dict.trie().words() {
        let word: Vec<char> = dict.word_text(word).chars().collect();
        let shared = current
            .iter()
            .zip(&word)
            .take_while(|(a, b)| a == b)
            .count();
        for _ in shared..current.len() {
            out.push('#');
        }
        out.extend(&word[shared..]);
        out.push('!');
        current = word;
    }
    out.push('\n');
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{Dictionary, Normalizer};

    #[test]
    fn walk() {
        assert_eq!(
            words(b"ca!t!s!##r!\n###dog!").unwrap(),
            ["ca", "cat", "cats", "car", "dog"]
        );
        // Nested over several lines, with an accented letter.
        assert_eq!(words("ä\ni\nt\ni!".as_bytes()).unwrap(), ["äiti"]);
    }

    #[test]
    fn errors() {
        let error = words(b"ab!##\n#").unwrap_err();
        assert_eq!(
            error.to_string(),
            "line 2, column 1: '#' goes back above the root"
        );
        let error = words(b"ab!#-").unwrap_err();
        assert_eq!(
            error.to_string(),
            "line 1, column 5: '-' is neither a letter nor '!' or '#'"
        );
    }

    /// Found by reading the code while writing its fuzz target: every `!`
    /// copied the whole prefix, so a long prefix marked many times cost time
    /// and memory quadratic in the file's size (here, 64 GiB).
    #[test]
    fn long_prefix_marked_many_times() {
        let stream = format!("{}{}", "a".repeat(1 << 20), "!".repeat(1 << 16));
        let marked = words(stream.as_bytes()).unwrap();
        assert_eq!(marked.len(), 1 << 16);
        assert!(marked.iter().all(|w| w.len() <= LONGEST_KEPT));
        // Each is still too long to keep, and counted so.
        let error = Dictionary::from_words(&marked, Normalizer::default()).unwrap_err();
        assert_eq!(
            error.to_string(),
            "no usable word (words are made of letters only, at most 64 of them)"
        );
        let stream = format!("{}!{}cat!", "a".repeat(1 << 20), "#".repeat(1 << 20));
        let dict = Dictionary::from_words(words(stream.as_bytes()).unwrap(), Normalizer::default())
            .unwrap();
        assert_eq!(dict.report().skipped_too_long, 1);
        assert_eq!(dict.word_count(), 1);
    }

    #[test]
    fn write_then_read() {
        let dict =
            Dictionary::from_words(["cat", "cats", "car", "dog", "ca"], Normalizer::default())
                .unwrap();
        let stream = write(&dict);
        // Checked by hand: the depth-first walk in letter order; "cats" to
        // "dog" shares no letter, so four steps back.
        assert_eq!(stream, "ca!r!#t!s!####dog!\n");
        assert_eq!(
            words(stream.as_bytes()).unwrap(),
            ["ca", "car", "cat", "cats", "dog"]
        );
    }
}
