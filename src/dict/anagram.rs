//! The anagram format: one line per set of anagrams, `sorted|word1|word2…`
//! (`loppsy|polyps|sloppy`). The first field, the sorted letters, is only
//! an index and is skipped. Blank lines and `#` comments are ignored, as in
//! plain text.

use super::{DictError, plain};

/// The words of an anagram list.
pub fn words(bytes: &[u8]) -> Result<Vec<&str>, DictError> {
    let mut words = Vec::new();
    for line in plain::words(bytes)? {
        words.extend(line.split('|').skip(1).map(str::trim));
    }
    Ok(words)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn fields_after_the_first() {
        let text = b"# anagrams\nloppsy|polyps|sloppy\r\nact|act|cat\n\nop\n";
        // "op" has no field after the key, so no word.
        assert_eq!(words(text).unwrap(), ["polyps", "sloppy", "act", "cat"]);
    }
}
