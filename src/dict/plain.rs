//! The plain-text word list: UTF-8, one word per line (SPEC §4).
//!
//! Surrounding white space and `\r` are ignored, as is a leading byte-order
//! mark; lines starting with `#` are comments. Normalising and skipping words
//! that are not all letters is [`Dictionary::from_words`]'s job.

use super::{DictError, DictErrorKind, Dictionary};
use crate::alphabet::Normalizer;

/// The UTF-8 byte-order mark.
const BOM: &[u8] = b"\xEF\xBB\xBF";

/// The words of a plain-text list, comments and blank lines left out; an
/// error names the first line that is not UTF-8.
pub fn words(bytes: &[u8]) -> Result<Vec<&str>, DictError> {
    Ok(lines(utf8(bytes)?).collect())
}

/// The words of `text`'s lines, trimmed, comments and blank lines left out.
fn lines(text: &str) -> impl Iterator<Item = &str> {
    text.split('\n')
        .map(super::dictionary::trim)
        .filter(|word| !word.is_empty() && !word.starts_with('#'))
}

/// The whole of `bytes` as text, a leading byte-order mark left out; an
/// error names the first line that is not UTF-8.
pub fn utf8(bytes: &[u8]) -> Result<&str, DictError> {
    let bytes = bytes.strip_prefix(BOM).unwrap_or(bytes);
    std::str::from_utf8(bytes).map_err(|error| {
        let valid = bytes.get(..error.valid_up_to()).unwrap_or(bytes);
        DictError {
            line: Some(valid.iter().filter(|&&b| b == b'\n').count() + 1),
            kind: DictErrorKind::NotUtf8,
        }
    })
}

/// Loads a plain-text word list.
pub fn load(bytes: &[u8], normalizer: Normalizer) -> Result<Dictionary, DictError> {
    Dictionary::from_words(lines(utf8(bytes)?), normalizer)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn lines() {
        let text = b"\xEF\xBB\xBFcat\r\n# a comment\n\n  dog \r\nfish";
        assert_eq!(words(text).unwrap(), ["cat", "dog", "fish"]);
        assert_eq!(words(b"").unwrap(), Vec::<&str>::new());
    }

    #[test]
    fn not_utf8_names_the_line() {
        let error = words(b"cat\ndog\nf\xFFsh\n").unwrap_err();
        assert_eq!(error.to_string(), "line 3: not valid UTF-8");
        let error = utf8(b"cat\ndog\nf\xFFsh\n").unwrap_err();
        assert_eq!(error.to_string(), "line 3: not valid UTF-8");
        assert_eq!(utf8(b"\xEF\xBB\xBFcat").unwrap(), "cat");
    }

    #[test]
    fn load_counts_skipped() {
        let dict = load(b"cat\ndon't\nx-ray\nCAT\n", Normalizer::default()).unwrap();
        assert_eq!(dict.word_count(), 1);
        assert_eq!(dict.report().skipped_not_letters, 2);
    }
}
