//! The word-list formats and how one is recognised from its bytes.

use std::fmt;
use std::str::FromStr;

use super::{anagram, compiled, gzip, trie_stream};
use crate::choice::{self, UnknownName};

/// How the words of a file are written.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum ListFormat {
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

impl ListFormat {
    /// Every format, in the order `--dict-format` lists them.
    pub const ALL: [ListFormat; 5] = [
        ListFormat::Plain,
        ListFormat::Gzip,
        ListFormat::Anagram,
        ListFormat::TrieStream,
        ListFormat::Compiled,
    ];

    /// The format's name, as `--dict-format` takes it.
    pub fn name(self) -> &'static str {
        match self {
            ListFormat::Plain => "plain",
            ListFormat::Gzip => "gzip",
            ListFormat::Anagram => "anagram",
            ListFormat::TrieStream => "trie-stream",
            ListFormat::Compiled => "compiled",
        }
    }

    /// The format `bytes` are in, as [`Detection::of`] finds it.
    pub fn detect(bytes: &[u8]) -> ListFormat {
        Detection::of(bytes).format
    }
}

/// The format a list was read in, and why.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Detection {
    /// The format of the words (inside the gzip data, if any).
    pub format: ListFormat,
    /// Whether the words were gzip data.
    pub gzip: bool,
    /// Why this format, in a few words.
    pub reason: String,
}

impl Detection {
    /// A format given rather than detected.
    pub fn forced(format: ListFormat) -> Detection {
        Detection {
            format,
            gzip: false,
            reason: "as asked".into(),
        }
    }

    /// The format `bytes` are in. Gzip and compiled data are known by their
    /// magic numbers. Text is read conservatively, as a whole (a prefix
    /// would end inside a line, and a cut line fails every check): an
    /// anagram list only when every line that is neither blank nor a
    /// comment is `key|word…` with the key's letters those of each word; a
    /// trie stream only when the whole text is a trie walk that marks more
    /// words than the text holds as plain lines; otherwise plain text,
    /// whose odd lines are skipped and counted. Text that is not UTF-8 is
    /// judged by its part before the first fault, which loading reports.
    pub fn of(bytes: &[u8]) -> Detection {
        let found = |format, reason: &str| Detection {
            format,
            gzip: false,
            reason: reason.into(),
        };
        if gzip::is_gzip(bytes) {
            return found(ListFormat::Gzip, "it starts with gzip's magic number");
        }
        if compiled::looks_compiled(bytes) {
            return found(
                ListFormat::Compiled,
                "it starts with a compiled dictionary's magic number",
            );
        }
        let text = match std::str::from_utf8(bytes) {
            Ok(text) => text,
            Err(error) => std::str::from_utf8(&bytes[..error.valid_up_to()]).unwrap_or(""),
        };
        let text = text.strip_prefix('\u{feff}').unwrap_or(text);
        let fits = Fits::of(text);
        if fits.anagram_lines > 0 && fits.anagram_lines == fits.lines {
            return found(
                ListFormat::Anagram,
                &format!(
                    "every line of the file that is not a comment is key|word…, the key the letters of its words ({})",
                    plural(fits.anagram_lines, "line")
                ),
            );
        }
        if let Some(marked) = fits
            .stream_words
            .filter(|&marked| marked > fits.plain_words)
        {
            return found(
                ListFormat::TrieStream,
                &format!(
                    "the file is a trie walk marking {}; as plain text it holds {}",
                    plural(marked, "word"),
                    plural(fits.plain_words, "word")
                ),
            );
        }
        let odd = fits.lines - fits.plain_words;
        let reason = if odd == 0 {
            "every line of the file is a word, a comment or blank".to_string()
        } else {
            format!(
                "{} of the file: {}, {} (skipped); no other format fits better",
                plural(fits.lines, "line"),
                plural(fits.plain_words, "word"),
                plural(odd, "other line"),
            )
        };
        found(ListFormat::Plain, &reason)
    }
}

impl fmt::Display for Detection {
    /// `plain (every line of the file is a word, a comment or blank)`;
    /// `gzip holding plain (…)`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.gzip {
            f.write_str("gzip holding ")?;
        }
        write!(f, "{} ({})", self.format, self.reason)
    }
}

/// `count` and `noun`, with an `s` unless the count is one.
fn plural(count: usize, noun: &str) -> String {
    format!("{count} {noun}{}", if count == 1 { "" } else { "s" })
}

/// How well a text sample fits each text format.
#[derive(Debug, Default)]
struct Fits {
    /// Lines that are neither blank nor comments.
    lines: usize,
    /// Of those, lines that are one word of letters.
    plain_words: usize,
    /// Of those, lines that are whole anagram lines.
    anagram_lines: usize,
    /// The words the sample marks read as a trie stream, when it is one.
    stream_words: Option<usize>,
}

impl Fits {
    fn of(text: &str) -> Fits {
        let mut fits = Fits {
            stream_words: trie_stream::marked_words(text),
            ..Fits::default()
        };
        for line in text.split('\n').map(str::trim) {
            if line.is_empty() || line.starts_with('#') {
                continue;
            }
            fits.lines += 1;
            if line.chars().all(char::is_alphabetic) {
                fits.plain_words += 1;
            } else if anagram::line_words(line).is_some() {
                fits.anagram_lines += 1;
            }
        }
        fits
    }
}

impl fmt::Display for ListFormat {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl FromStr for ListFormat {
    type Err = UnknownName;

    fn from_str(name: &str) -> Result<ListFormat, UnknownName> {
        let formats = ListFormat::ALL.map(|format| (format.name(), format));
        choice::pick("dictionary format", name, &formats)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[track_caller]
    fn check(bytes: &[u8], expected: ListFormat) {
        assert_eq!(ListFormat::detect(bytes), expected);
    }

    #[test]
    fn detect() {
        check(b"cat\ndog\n", ListFormat::Plain);
        check(b"# comment | with a bar\ncat\n", ListFormat::Plain);
        check(b"", ListFormat::Plain);
        check(b"don't!\n", ListFormat::Plain);
        check(b"\n# anagrams\nact|act|cat\n", ListFormat::Anagram);
        check(b"ca!t!##\n", ListFormat::TrieStream);
        check("\u{feff}ä!".as_bytes(), ListFormat::TrieStream);
        check(b"\x1f\x8b\x08\x00", ListFormat::Gzip);
        check(b"\xFFBOGGLED\x03\x00\x00\x00", ListFormat::Compiled);
        check(b"\xFF", ListFormat::Compiled);
    }

    /// Plain lists that the first rules took for other formats: a word
    /// with `!` made a trie stream of one word, a comment with `!` a broken
    /// trie stream, a `word|count` first line an anagram list.
    #[test]
    fn plain_lists_stay_plain() {
        check(b"cat\nwow!\ndog\n", ListFormat::Plain);
        check(b"hello!\ncat\ndog\n", ListFormat::Plain);
        check(b"hello!\ncat\n", ListFormat::Plain);
        check(b"#!/usr/bin/words\ncat\ndog\n", ListFormat::Plain);
        check(b"# my words!\ncat\ndog\n", ListFormat::Plain);
        check(b"word|count\ncat|12\ndog|7\n", ListFormat::Plain);
        check(b"act|cat\ncat\n", ListFormat::Plain);
        // A line whose key is not its word's letters is not an anagram line.
        check(b"act|act|cat\nxyz|dog\n", ListFormat::Plain);
        // Anagram keys in any order of the same letters, any case.
        check("ät|tä\nACT|cat\n".as_bytes(), ListFormat::Anagram);
    }

    #[test]
    fn reasons() {
        let reason = |bytes: &[u8]| Detection::of(bytes).to_string();
        assert_eq!(
            reason(b"cat\nwow!\ndog\n"),
            "plain (3 lines of the file: 2 words, 1 other line (skipped); no other format fits better)"
        );
        assert_eq!(
            reason(b"cat\n# words\n"),
            "plain (every line of the file is a word, a comment or blank)"
        );
        assert_eq!(
            reason(b"ca!t!##r!"),
            "trie-stream (the file is a trie walk marking 3 words; as plain text it holds 0 words)"
        );
        assert_eq!(
            reason(b"act|act|cat\n"),
            "anagram (every line of the file that is not a comment is key|word\u{2026}, the key the letters of its words (1 line))"
        );
        assert_eq!(
            Detection::forced(ListFormat::Plain).to_string(),
            "plain (as asked)"
        );
        let long = "cat\n".repeat(20_000);
        assert_eq!(
            reason(long.as_bytes()),
            "plain (every line of the file is a word, a comment or blank)"
        );
    }

    proptest::proptest! {
        /// What detection promises: a text it calls an anagram list reads
        /// as one without a skipped line, and one it calls a trie stream
        /// reads as one without an error. Texts are drawn from the
        /// characters that matter to the three formats.
        #[test]
        fn detection_keeps_its_promise(text in "[abcé|!# \n]{0,60}") {
            let bytes = text.as_bytes();
            match Detection::of(bytes).format {
                ListFormat::Anagram => {
                    let (_, skipped) = anagram::words(bytes).unwrap();
                    proptest::prop_assert_eq!(skipped, 0);
                }
                ListFormat::TrieStream => {
                    proptest::prop_assert!(trie_stream::words(bytes).is_ok());
                }
                format => proptest::prop_assert_eq!(format, ListFormat::Plain),
            }
        }
    }

    /// The texts of a real list in each text format, multi-megabyte: the
    /// bundled English list (ASCII, 2.6 MB as plain text) and the bundled
    /// Finnish list (two-byte letters, so a cut can fall inside one).
    fn big_texts() -> Vec<(ListFormat, &'static str, Vec<u8>, usize)> {
        use crate::dict::bundled::{self, Lang};
        let mut texts = Vec::new();
        for lang in [Lang::En, Lang::Fi] {
            let dict = bundled::load(lang).unwrap();
            let words: Vec<String> = dict
                .trie()
                .words()
                .map(|word| dict.word_text(word).to_string())
                .collect();
            let plain = words
                .iter()
                .map(|word| format!("{word}\n"))
                .collect::<String>();
            let mut sets = std::collections::BTreeMap::<String, Vec<&str>>::new();
            for word in &words {
                let mut key: Vec<char> = word.chars().collect();
                key.sort_unstable();
                sets.entry(key.into_iter().collect())
                    .or_default()
                    .push(word);
            }
            let anagram = sets
                .iter()
                .map(|(key, words)| format!("{key}|{}\n", words.join("|")))
                .collect::<String>();
            let stream = trie_stream::write(&dict);
            for (format, text) in [
                (ListFormat::Plain, plain),
                (ListFormat::Anagram, anagram),
                (ListFormat::TrieStream, stream),
            ] {
                assert!(text.len() > 1 << 19, "{lang:?} {format}: {}", text.len());
                texts.push((format, lang.code(), text.into_bytes(), words.len()));
            }
        }
        texts
    }

    /// Lists far over any prefix a detector might sample are detected as
    /// their format, and read whole: with 0 to 40 bytes of blank space in
    /// front, every 64 KiB and 1 MiB boundary falls at each place of a line
    /// (before and after a `|`, inside a two-byte letter, on a line's end),
    /// and a gzip of each and the compiled list are detected too.
    #[test]
    fn big_lists_are_detected_whole() {
        use std::io::Write;
        for (format, code, text, count) in big_texts() {
            for pad in 0..=40 {
                let mut padded = vec![b' '; pad];
                padded.push(b'\n');
                padded.extend_from_slice(&text);
                assert_eq!(
                    ListFormat::detect(&padded),
                    format,
                    "{code} {format} pad {pad}"
                );
            }
            let (dict, detection) =
                crate::dict::load_detected(&text, None, crate::Normalizer::default()).unwrap();
            assert_eq!(detection.format, format, "{code}");
            assert_eq!(dict.word_count(), count, "{code} {format}");
            assert_eq!(dict.report().skipped_lines, 0, "{code} {format}");
            let mut gzip = flate2::write::GzEncoder::new(Vec::new(), flate2::Compression::fast());
            gzip.write_all(&text).unwrap();
            let gzip = gzip.finish().unwrap();
            let (dict, detection) =
                crate::dict::load_detected(&gzip, None, crate::Normalizer::default()).unwrap();
            assert_eq!((detection.gzip, detection.format), (true, format), "{code}");
            assert_eq!(dict.word_count(), count, "{code} {format} gzip");
        }
        for lang in crate::dict::bundled::Lang::ALL {
            let compiled = lang.compiled();
            assert_eq!(ListFormat::detect(compiled), ListFormat::Compiled);
        }
    }

    /// An anagram list cut at every byte is judged on all the bytes it has:
    /// an anagram list where each line, the cut one included, is a key with
    /// its words (`act|act` is one, `act|ac` and `act|` are not), plain text
    /// otherwise. The anagram cuts are counted by hand.
    #[test]
    fn cut_lines_are_judged_whole() {
        let text = b"act|act|cat\nbdeo|bode\nopst|post|pots|spot|stop|tops\n";
        let anagram_ends = [7, 11, 12, 21, 22, 31, 36, 41, 46, 51, 52];
        for end in 1..=text.len() {
            let expected = if anagram_ends.contains(&end) {
                ListFormat::Anagram
            } else {
                ListFormat::Plain
            };
            let cut = &text[..end];
            assert_eq!(
                ListFormat::detect(cut),
                expected,
                "{:?}",
                std::str::from_utf8(cut)
            );
        }
    }

    #[test]
    fn names() {
        for format in ListFormat::ALL {
            assert_eq!(format.name().parse::<ListFormat>(), Ok(format));
        }
        assert!("zip".parse::<ListFormat>().is_err());
    }
}
