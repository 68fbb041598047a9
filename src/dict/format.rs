//! The word-list formats and how one is recognised from its first bytes.

use std::fmt;
use std::str::FromStr;

use super::{compiled, gzip};

/// How the words of a file are written.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Format {
    /// One word per line ([`super::plain`]).
    Plain,
    /// Gzip-compressed data of any other format but compiled ([`super::gzip`]).
    Gzip,
    /// `sorted|word1|word2` lines ([`super::anagram`]).
    Anagram,
    /// A depth-first walk of a trie ([`super::trie_stream`]).
    TrieStream,
    /// A compiled dictionary ([`super::compiled`]).
    Compiled,
}

/// How many bytes [`Format::detect`] looks at, at most.
const SAMPLE_LEN: usize = 1 << 16;

impl Format {
    /// Every format, in the order `--dict-format` lists them.
    pub const ALL: [Format; 5] = [
        Format::Plain,
        Format::Gzip,
        Format::Anagram,
        Format::TrieStream,
        Format::Compiled,
    ];

    /// The format's name, as `--dict-format` takes it.
    pub fn name(self) -> &'static str {
        match self {
            Format::Plain => "plain",
            Format::Gzip => "gzip",
            Format::Anagram => "anagram",
            Format::TrieStream => "trie-stream",
            Format::Compiled => "compiled",
        }
    }

    /// The format `bytes` are most likely in: gzip and compiled by their
    /// magic numbers; an anagram list when its first line that is neither
    /// blank nor a comment holds a `|`; a trie stream when the first 64 KiB
    /// hold a `!` and nothing but letters, `!`, `#` and white space;
    /// otherwise plain text.
    pub fn detect(bytes: &[u8]) -> Format {
        if gzip::is_gzip(bytes) {
            return Format::Gzip;
        }
        if compiled::is_compiled(bytes) {
            return Format::Compiled;
        }
        let sample = &bytes[..bytes.len().min(SAMPLE_LEN)];
        // A sample cut inside a character still reads up to the cut.
        let text = match std::str::from_utf8(sample) {
            Ok(text) => text,
            Err(error) => std::str::from_utf8(&sample[..error.valid_up_to()]).unwrap_or(""),
        };
        let text = text.strip_prefix('\u{feff}').unwrap_or(text);
        let first_line = text
            .lines()
            .map(str::trim)
            .find(|line| !line.is_empty() && !line.starts_with('#'));
        if first_line.is_some_and(|line| line.contains('|')) {
            return Format::Anagram;
        }
        let stream_chars = |c: char| c.is_alphabetic() || c.is_whitespace() || c == '!' || c == '#';
        if text.contains('!') && text.chars().all(stream_chars) {
            return Format::TrieStream;
        }
        Format::Plain
    }
}

impl fmt::Display for Format {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// A format name that is not one of [`Format::ALL`].
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct UnknownFormat(pub String);

impl fmt::Display for UnknownFormat {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "unknown dictionary format '{}' (expected plain, gzip, anagram, trie-stream or compiled)",
            self.0
        )
    }
}

impl std::error::Error for UnknownFormat {}

impl FromStr for Format {
    type Err = UnknownFormat;

    fn from_str(name: &str) -> Result<Format, UnknownFormat> {
        Format::ALL
            .into_iter()
            .find(|format| format.name() == name)
            .ok_or_else(|| UnknownFormat(name.to_owned()))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[track_caller]
    fn check(bytes: &[u8], expected: Format) {
        assert_eq!(Format::detect(bytes), expected);
    }

    #[test]
    fn detect() {
        check(b"cat\ndog\n", Format::Plain);
        check(b"# comment | with a bar\ncat\n", Format::Plain);
        check(b"", Format::Plain);
        check(b"don't!\n", Format::Plain);
        check(b"\n# anagrams\nact|act|cat\n", Format::Anagram);
        check(b"ca!t!##\n", Format::TrieStream);
        check("\u{feff}ä!".as_bytes(), Format::TrieStream);
        check(b"\x1f\x8b\x08\x00", Format::Gzip);
        check(b"BOGGLEDC\x01\x00\x00\x00", Format::Compiled);
    }

    #[test]
    fn names() {
        for format in Format::ALL {
            assert_eq!(format.name().parse::<Format>(), Ok(format));
        }
        assert!("zip".parse::<Format>().is_err());
    }
}
