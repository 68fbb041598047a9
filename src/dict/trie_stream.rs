//! The trie stream: a depth-first walk of a trie written out. A letter opens
//! a child of the current node and moves into it, `!` marks the current node
//! as a word, `#` goes back to the parent. White space (line breaks
//! included) is ignored, so the whole file may be one line: `ca!t!s!##r!`
//! is "ca", "cat", "cats", "car".

use super::{DictError, DictErrorKind, MAX_LIST_BYTES, MAX_WORD_LEN, StreamFault};

/// The most bytes of a marked word kept: a longer word is cut to this
/// length, which is still too long once normalised (composing letters
/// shrinks a word to no less than a third), so it is skipped and counted,
/// and a long prefix marked many times costs no more than this each time.
pub const LONGEST_KEPT: usize = 16 * (MAX_WORD_LEN + 1);

/// The words a trie stream spells, in the order they are marked, made one
/// at a time as they are taken. The whole stream is checked first: a
/// character that does not belong, a step above the root, or more than
/// [`MAX_LIST_BYTES`] of words spelled (a few bytes of stream can spell a
/// long word again and again) is an error before any word is made.
pub fn words(bytes: &[u8]) -> Result<Words<'_>, DictError> {
    let text = super::plain::utf8(bytes)?;
    check(text)?;
    Ok(Words {
        chars: text.chars(),
        prefix: String::new(),
    })
}

/// Checks a whole trie stream (see [`words`]).
fn check(text: &str) -> Result<(), DictError> {
    let mut prefix = String::new();
    let mut spelled = 0u64;
    for (index, line) in text.split('\n').enumerate() {
        let fail = |column: usize, fault: StreamFault| DictError {
            line: Some(index + 1),
            kind: DictErrorKind::TrieStream { column, fault },
        };
        for (column, c) in line.chars().enumerate() {
            match c {
                '!' => {
                    // A word too long to keep is cut and skipped, not kept.
                    if prefix.len() <= LONGEST_KEPT {
                        spelled += prefix.len() as u64;
                    }
                    if spelled > MAX_LIST_BYTES {
                        return Err(fail(column + 1, StreamFault::TooLarge));
                    }
                }
                '#' => {
                    if prefix.pop().is_none() {
                        return Err(fail(column + 1, StreamFault::AboveRoot));
                    }
                }
                c if c.is_whitespace() || c == '\u{feff}' => {}
                c if c.is_alphabetic() => prefix.push(c),
                c => {
                    return Err(fail(column + 1, StreamFault::NotALetter(c)));
                }
            }
        }
    }
    Ok(())
}

/// The words of a checked trie stream, one at a time ([`words`]).
#[derive(Debug)]
pub struct Words<'a> {
    chars: std::str::Chars<'a>,
    prefix: String,
}

impl Iterator for Words<'_> {
    type Item = String;

    fn next(&mut self) -> Option<String> {
        loop {
            match self.chars.next()? {
                // The root is no word: marking it spells nothing.
                '!' if self.prefix.is_empty() => {}
                '!' => {
                    // A word too long to keep is cut: it is still skipped.
                    let mut end = self.prefix.len().min(LONGEST_KEPT);
                    while !self.prefix.is_char_boundary(end) {
                        end -= 1;
                    }
                    return Some(self.prefix[..end].to_owned());
                }
                '#' => {
                    self.prefix.pop();
                }
                c if c.is_whitespace() || c == '\u{feff}' => {}
                c => self.prefix.push(c),
            }
        }
    }
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
            words(b"ca!t!s!##r!\n###dog!").unwrap().collect::<Vec<_>>(),
            ["ca", "cat", "cats", "car", "dog"]
        );
        // Nested over several lines, with an accented letter.
        assert_eq!(
            words("ä\ni\nt\ni!".as_bytes()).unwrap().collect::<Vec<_>>(),
            ["äiti"]
        );
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
        let marked: Vec<String> = words(stream.as_bytes()).unwrap().collect();
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

    /// Found measuring peak memory: three bytes of stream (`b!#`) spelled a
    /// word of 64 letters again, so 16 MiB of stream took 900 MB. What a
    /// stream spells is bounded as a list's size is.
    #[test]
    fn spelling_is_bounded() {
        let stream = format!("{}{}", "a".repeat(63), "b!#".repeat(1 << 21));
        let error = words(stream.as_bytes()).unwrap_err();
        assert_eq!(
            error.to_string(),
            format!(
                "line 1, column {}: the stream spells more than 64 MiB of words, the limit for a word list",
                // The first mark past 64 MiB: marks of 64 bytes each.
                63 + 3 * ((64 << 20) / 64 + 1) - 1
            )
        );
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
            words(stream.as_bytes()).unwrap().collect::<Vec<_>>(),
            ["ca", "car", "cat", "cats", "dog"]
        );
    }
}
