//! Dictionaries: a word list turned into an [`Alphabet`](crate::Alphabet)
//! and a frozen [`Trie`](crate::Trie).
//!
//! [`Dictionary`] is what the search runs against. This module reads it
//! from the bytes of a word list in any [`ListFormat`] ([`load`]): plain text,
//! gzip, the anagram format, the trie stream, or a compiled dictionary
//! ([`compiled`]). [`bundled`] holds the lists built into the binary, and
//! [`cache`] keeps on disk the expanded image of every list used. Apart
//! from the cache, which is handed its directory, nothing here touches the
//! file system: the library takes bytes.

pub mod anagram;
pub mod bundled;
pub mod cache;
pub mod compiled;
mod dictionary;
pub mod format;
pub mod gzip;
pub mod input;
pub mod plain;
mod texts;
pub mod trie_stream;

pub use dictionary::{
    CompiledFault, Damage, DictError, DictErrorKind, Dictionary, GzipFault, Limit, LoadReport,
    MAX_DECOMPRESSED_BYTES, MAX_LIST_BYTES, MAX_WORD_LEN, StreamFault,
};
pub use format::{Detection, ListFormat};
pub use input::{LoadError, read_list};

use crate::alphabet::Normalizer;

/// Loads a dictionary from the bytes of a word list in `format`, or in the
/// format [`ListFormat::detect`] finds when it is `None`. Gzip data is
/// decompressed first whatever the format says, so `format` names what is
/// inside. A compiled dictionary keeps the normaliser it was compiled with;
/// the others are read with `normalizer`.
pub fn load(
    bytes: &[u8],
    format: Option<ListFormat>,
    normalizer: Normalizer,
) -> Result<Dictionary, DictError> {
    load_detected(bytes, format, normalizer).map(|(dict, _)| dict)
}

/// [`load`], also saying which format the words were read in and why.
pub fn load_detected(
    bytes: &[u8],
    format: Option<ListFormat>,
    normalizer: Normalizer,
) -> Result<(Dictionary, Detection), DictError> {
    let detection = format.map_or_else(|| Detection::of(bytes), Detection::forced);
    if gzip::is_gzip(bytes) || detection.format == ListFormat::Gzip {
        let inner = input::decompress(bytes)?;
        let inner_detection = match detection.format {
            ListFormat::Gzip => Detection::of(&inner),
            format => Detection::forced(format),
        };
        if inner_detection.format == ListFormat::Gzip {
            return Err(gzip::nested());
        }
        let (dict, inner_detection) =
            load_detected(&inner, Some(inner_detection.format), normalizer)
                .map(|(dict, _)| (dict, inner_detection))?;
        return Ok((
            dict,
            Detection {
                gzip: true,
                ..inner_detection
            },
        ));
    }
    let dict = match detection.format {
        ListFormat::Plain | ListFormat::Gzip => plain::load(bytes, normalizer),
        ListFormat::Anagram => {
            let (words, skipped) = anagram::words(bytes)?;
            Dictionary::from_words(words, normalizer).map(|dict| dict.with_skipped_lines(skipped))
        }
        ListFormat::TrieStream => Dictionary::from_words(trie_stream::words(bytes)?, normalizer),
        ListFormat::Compiled => compiled::read(bytes),
    }?;
    Ok((dict, detection))
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::io::Write;

    fn gzip(bytes: &[u8]) -> Vec<u8> {
        let mut encoder = flate2::write::GzEncoder::new(Vec::new(), flate2::Compression::default());
        encoder.write_all(bytes).unwrap();
        encoder.finish().unwrap()
    }

    fn words(dict: &Dictionary) -> Vec<String> {
        dict.trie().words().map(|w| dict.word_text(w)).collect()
    }

    /// One word list written by hand in every format loads to the same
    /// words, detected and forced alike.
    #[test]
    fn every_format_round_trips() {
        let expected = ["act", "cat", "cats", "dog", "tä"];
        let plain_text = "cat\nact\ncats\ndog\ntä\n";
        let anagram = "act|act|cat\nacst|cats\ndgo|dog\nät|tä\n";
        let stream = "act!###\ncat!s!####\ndog!###tä!";
        let compiled =
            compiled::write(&plain::load(plain_text.as_bytes(), Normalizer::default()).unwrap());
        let cases: [(ListFormat, Vec<u8>); 5] = [
            (ListFormat::Plain, plain_text.into()),
            (ListFormat::Anagram, anagram.into()),
            (ListFormat::TrieStream, stream.into()),
            (ListFormat::Compiled, compiled.clone()),
            (ListFormat::Gzip, gzip(anagram.as_bytes())),
        ];
        for (format, bytes) in &cases {
            for forced in [None, Some(*format)] {
                let dict = load(bytes, forced, Normalizer::default()).unwrap();
                assert_eq!(words(&dict), expected, "{format} forced {forced:?}");
            }
            assert_eq!(ListFormat::detect(bytes), *format);
            // Each, gzipped, is read through the gzip layer.
            if *format != ListFormat::Gzip {
                let dict = load(&gzip(bytes), None, Normalizer::default()).unwrap();
                assert_eq!(words(&dict), expected, "gzipped {format}");
            }
        }
        // The trie stream writer's output reads back to the same words.
        let dict = load(&compiled, None, Normalizer::default()).unwrap();
        let written = trie_stream::write(&dict);
        let dict = load(written.as_bytes(), None, Normalizer::default()).unwrap();
        assert_eq!(words(&dict), expected);
    }

    /// Every cut of a compiled dictionary, down to its first byte, is an
    /// error naming it, never a plain list ("boggled" was one word).
    #[test]
    fn every_cut_of_a_compiled_file_is_an_error() {
        let dict = plain::load(b"cat\ndog\n", Normalizer::default()).unwrap();
        let bytes = compiled::write(&dict);
        for len in 1..bytes.len() {
            let error = load(&bytes[..len], None, Normalizer::default()).unwrap_err();
            let message = error.to_string();
            assert!(
                message.starts_with("damaged compiled dictionary: ")
                    && message.contains("truncated"),
                "{len}: {message}"
            );
        }
    }

    /// Lists the first detection misread load as plain text, their odd
    /// lines skipped and counted; an anagram list's bad lines are counted.
    #[test]
    fn odd_lines_are_skipped_and_counted() {
        let loaded = |bytes: &[u8]| {
            let (dict, detection) = load_detected(bytes, None, Normalizer::default()).unwrap();
            (words(&dict), dict.report(), detection.format)
        };
        let (found, report, format) = loaded(b"cat\nwow!\ndog\n");
        assert_eq!(
            (found, format),
            (vec!["cat".to_owned(), "dog".to_owned()], ListFormat::Plain)
        );
        assert_eq!(report.skipped_not_letters, 1);
        let (found, _, format) = loaded(b"# my words!\ncat\n");
        assert_eq!((found, format), (vec!["cat".to_owned()], ListFormat::Plain));
        let (found, _, format) = loaded(b"word|count\ncat\n");
        assert_eq!((found, format), (vec!["cat".to_owned()], ListFormat::Plain));
        // One line whose key is not its words' letters: the file is not a
        // whole anagram list, so it is plain text, and no line is a word.
        let error = load(b"act|cat\nact|cat|dog\n", None, Normalizer::default()).unwrap_err();
        assert_eq!(error.kind, DictErrorKind::NoWords);
        // Forced, that line is skipped and counted.
        let dict = load(
            b"act|cat\nact|cat|dog\nacst|cats\n",
            Some(ListFormat::Anagram),
            Normalizer::default(),
        )
        .unwrap();
        assert_eq!(words(&dict), ["cat", "cats"]);
        assert_eq!(dict.report().skipped_lines, 1);
    }

    #[test]
    fn forced_format_wins() {
        // Forced plain, an anagram line is one word with bars: skipped.
        let error = load(b"act|cat\n", Some(ListFormat::Plain), Normalizer::default()).unwrap_err();
        assert_eq!(error.kind, DictErrorKind::NoWords);
        let error = load(b"cat\n", Some(ListFormat::Gzip), Normalizer::default()).unwrap_err();
        assert_eq!(
            error.to_string(),
            "corrupt gzip data: not gzip data (bad magic number)"
        );
        let error = load(&gzip(&gzip(b"cat")), None, Normalizer::default()).unwrap_err();
        assert_eq!(
            error.to_string(),
            "corrupt gzip data: gzip data inside gzip data"
        );
    }
}
