//! [`Dictionary`]: an alphabet, a frozen trie and the normaliser its words
//! went through, built from words by [`Dictionary::from_words`] or put
//! together from parts a compiled file held (`Dictionary::from_parts`).
//! The limits of a word list and its words are here, beside the errors
//! that name them. Reading the formats words come in is left to the
//! sibling modules.

use std::borrow::Cow;
use std::fmt;
use std::sync::{Arc, OnceLock};

use super::cache::DerivedFiles;
use super::texts::{JSON_SLOT, JsonSlot, WordTexts};
use crate::alphabet::{Alphabet, Normalizer, Symbol, TooManyLetters};
use crate::prefetch::prefetch;
use crate::trie::{Trie, TrieBuilder, TrieError, WordId};

/// The longest word, in letters, a dictionary keeps; longer ones are skipped.
pub const MAX_WORD_LEN: usize = 64;

/// The most bytes read from a word list file (or standard input): 64 MiB,
/// twenty times the bundled English list.
pub const MAX_LIST_BYTES: u64 = 64 << 20;

/// The most bytes gzip data may decompress to: 64 MiB, as for a file.
pub const MAX_DECOMPRESSED_BYTES: u64 = 64 << 20;

/// Which limit a read is under, for its message.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Limit {
    /// [`MAX_LIST_BYTES`], on the bytes read.
    File,
    /// [`MAX_DECOMPRESSED_BYTES`], on the bytes gzip data decompresses to.
    Decompressed,
}

impl fmt::Display for Limit {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Limit::File => write!(
                f,
                "larger than {} MiB, the limit for a word list",
                MAX_LIST_BYTES >> 20
            ),
            Limit::Decompressed => write!(
                f,
                "decompresses to more than {} MiB, the limit for a word list",
                MAX_DECOMPRESSED_BYTES >> 20
            ),
        }
    }
}

/// A word list ready for the search: its alphabet and its frozen trie.
#[derive(Clone, Debug)]
pub struct Dictionary {
    /// The letters the words use, each a symbol.
    alphabet: Alphabet,
    /// Every word, spelled in `alphabet`'s symbols.
    trie: Trie,
    /// How words (and boards searched against them) are normalised.
    normalizer: Normalizer,
    /// What was kept and skipped while loading.
    report: LoadReport,
    /// Every word's text, once [`Dictionary::prepare_word_texts`] made it.
    texts: Arc<OnceLock<WordTexts>>,
    /// Where data made from it is kept, when it was loaded through the
    /// cache.
    derived: Option<DerivedFiles>,
}

/// What loading a word list kept and skipped.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct LoadReport {
    /// Distinct words kept.
    pub words: usize,
    /// Entries skipped for holding something other than letters.
    pub skipped_not_letters: usize,
    /// Entries skipped for being longer than [`MAX_WORD_LEN`] letters.
    pub skipped_too_long: usize,
    /// Entries that were, once normalised, a word already kept.
    pub duplicates: usize,
    /// Lines that do not fit the list's format (an anagram line without
    /// `|`, or whose key is not its words' letters), skipped.
    pub skipped_lines: usize,
}

/// Why a word list could not be loaded.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct DictError {
    /// The 1-based line at fault, when there is one.
    pub line: Option<usize>,
    /// What was wrong.
    pub kind: DictErrorKind,
}

/// The ways a word list can be unusable.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum DictErrorKind {
    /// A line that is not UTF-8.
    NotUtf8,
    /// A NUL byte: the data is binary, not a word list.
    Binary,
    /// More bytes than a word list may hold, read or decompressed.
    TooLarge(Limit),
    /// Not a single usable word.
    NoWords,
    /// More distinct letters than a trie node can branch on.
    TooManyLetters(TooManyLetters),
    /// Gzip data that does not decompress.
    CorruptGzip(GzipFault),
    /// A trie stream that cannot be read, at this 1-based column.
    TrieStream { column: usize, fault: StreamFault },
    /// A compiled dictionary that is truncated, damaged or of another version.
    Compiled(CompiledFault),
    /// A trie whose parts do not fit together.
    BadTrie(TrieError),
}

impl fmt::Display for DictError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if let (Some(line), DictErrorKind::TrieStream { column, fault }) = (self.line, &self.kind) {
            return write!(f, "line {line}, column {column}: {fault}");
        }
        if let Some(line) = self.line {
            write!(f, "line {line}: ")?;
        }
        match &self.kind {
            DictErrorKind::NotUtf8 => f.write_str("not valid UTF-8"),
            DictErrorKind::Binary => f.write_str("binary data, not a word list (a NUL byte)"),
            DictErrorKind::TooLarge(limit) => write!(f, "{limit}"),
            DictErrorKind::NoWords => write!(
                f,
                "no usable word (words are made of letters only, at most {MAX_WORD_LEN} of them)"
            ),
            DictErrorKind::TooManyLetters(error) => write!(f, "{error}"),
            DictErrorKind::CorruptGzip(fault) => write!(f, "corrupt gzip data: {fault}"),
            DictErrorKind::TrieStream { column, fault } => write!(f, "column {column}: {fault}"),
            DictErrorKind::Compiled(fault) => write!(f, "{fault}"),
            DictErrorKind::BadTrie(error) => {
                write!(f, "damaged compiled dictionary: {error}")
            }
        }
    }
}

impl std::error::Error for DictError {}

/// Why gzip data does not decompress.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum GzipFault {
    /// The data does not start with gzip's magic number.
    NotGzip,
    /// It decompresses to gzip data again.
    Nested,
    /// The decoder gave up, saying this (in lower case).
    Decoder(String),
}

impl fmt::Display for GzipFault {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            GzipFault::NotGzip => f.write_str("not gzip data (bad magic number)"),
            GzipFault::Nested => f.write_str("gzip data inside gzip data"),
            GzipFault::Decoder(message) => f.write_str(message),
        }
    }
}

/// Why a trie stream cannot be read.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum StreamFault {
    /// It spells more words than a list may hold.
    TooLarge,
    /// A `#` steps above the root.
    AboveRoot,
    /// A character that is neither a letter nor `!` or `#`.
    NotALetter(char),
}

impl fmt::Display for StreamFault {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            StreamFault::TooLarge => write!(
                f,
                "the stream spells more than {} MiB of words, the limit for a word list",
                MAX_LIST_BYTES >> 20
            ),
            StreamFault::AboveRoot => f.write_str("'#' goes back above the root"),
            StreamFault::NotALetter(c) => write!(f, "{c:?} is neither a letter nor '!' or '#'"),
        }
    }
}

/// Why a compiled dictionary cannot be read.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum CompiledFault {
    /// It does not start with the magic number.
    NotCompiled,
    /// It is in another version of the format.
    Version(u32),
    /// It is cut short or damaged.
    Damaged(Damage),
}

impl fmt::Display for CompiledFault {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            CompiledFault::NotCompiled => {
                f.write_str("not a compiled dictionary (bad magic number)")
            }
            CompiledFault::Version(version) => write!(
                f,
                "compiled dictionary format version {version}, this build reads version {}: compile it again",
                super::compiled::VERSION
            ),
            CompiledFault::Damaged(damage) => write!(f, "damaged compiled dictionary: {damage}"),
        }
    }
}

/// What is wrong with a damaged compiled dictionary.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Damage {
    /// Only this many bytes, all of them the magic number's first.
    Truncated(usize),
    /// Shorter than its header.
    TruncatedHeader,
    /// Shorter than its payload's fields.
    TruncatedPayload,
    /// A payload of another length than the header says.
    PayloadLength { actual: u64, stated: u64 },
    /// Flags this version does not know.
    UnknownFlags,
    /// Reserved header bytes that are not zero.
    Reserved,
    /// The checksum does not match.
    Checksum,
    /// More letters than an alphabet holds.
    TooManyLetters,
    /// A letter that is not a Unicode scalar value.
    NotACharacter,
    /// Letters out of order, or not letters.
    LettersUnsorted,
    /// A count too large for this machine.
    CountTooLarge,
    /// A word count other than the trie's.
    WordCount,
    /// A letter not as the normaliser leaves it.
    LetterNotNormal,
    /// A word not as the normaliser leaves it.
    WordNotNormal,
    /// A cache entry whose trie is not the whole image.
    NotAnImage,
}

impl fmt::Display for Damage {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Damage::Truncated(bytes) => write!(f, "truncated to {bytes} bytes"),
            Damage::TruncatedHeader => f.write_str("truncated header"),
            Damage::TruncatedPayload => f.write_str("truncated payload"),
            Damage::PayloadLength { actual, stated } => write!(
                f,
                "{actual} payload bytes, the header says {stated} (truncated?)"
            ),
            Damage::UnknownFlags => f.write_str("unknown flags"),
            Damage::Reserved => f.write_str("reserved header bytes are not zero"),
            Damage::Checksum => f.write_str("checksum mismatch"),
            Damage::TooManyLetters => f.write_str("too many letters"),
            Damage::NotACharacter => f.write_str("a letter is not a character"),
            Damage::LettersUnsorted => f.write_str("the letters are not sorted letters"),
            Damage::CountTooLarge => f.write_str("a count is too large"),
            Damage::WordCount => f.write_str("the word count does not match the trie"),
            Damage::LetterNotNormal => f.write_str("a letter is not in normal form"),
            Damage::WordNotNormal => f.write_str("a word is not in normal form"),
            Damage::NotAnImage => f.write_str("a cached list is not in the image form"),
        }
    }
}

impl DictError {
    /// An error of `kind` with no line.
    pub fn new(kind: DictErrorKind) -> DictError {
        DictError { line: None, kind }
    }
}

impl Dictionary {
    /// Builds a dictionary from words, normalising each with `normalizer`.
    /// Words with anything but letters, or too long, are skipped and counted.
    pub fn from_words<I, S>(words: I, normalizer: Normalizer) -> Result<Dictionary, DictError>
    where
        I: IntoIterator<Item = S>,
        S: AsRef<str>,
    {
        let mut report = LoadReport::default();
        // Every kept word, normalised, one after another.
        let mut text = String::new();
        let mut ends: Vec<usize> = Vec::new();
        // Where the last word kept starts in `text`.
        let mut last_start = 0;
        // The ASCII letters seen, as bits, and every other letter seen.
        let mut ascii_seen = 0u128;
        let mut letters: Vec<char> = Vec::new();
        for word in words {
            let word = trim(word.as_ref());
            // The same word again, as a hostile list repeats one: counted
            // as a duplicate without a copy.
            if ends
                .last()
                .is_some_and(|&end| &text[last_start..end] == word)
            {
                report.duplicates += 1;
                continue;
            }
            // Most words are lower-case ASCII letters already, which one
            // scan finds; the rest go through the normaliser.
            if let Some(seen) = lower_ascii_letters(word) {
                if word.len() > MAX_WORD_LEN {
                    report.skipped_too_long += 1;
                } else if !word.is_empty() {
                    ascii_seen |= u128::from(seen) << b'a';
                    last_start = text.len();
                    text.push_str(word);
                    ends.push(text.len());
                }
                continue;
            }
            let word = normalizer.normalize(word);
            if word.is_empty() {
                continue;
            }
            if !word.chars().all(char::is_alphabetic) {
                report.skipped_not_letters += 1;
                continue;
            }
            if word.chars().count() > MAX_WORD_LEN {
                report.skipped_too_long += 1;
                continue;
            }
            for letter in word.chars() {
                if letter.is_ascii() {
                    ascii_seen |= 1 << u32::from(letter);
                } else {
                    letters.push(letter);
                }
            }
            last_start = text.len();
            text.push_str(&word);
            ends.push(text.len());
        }
        if ends.is_empty() {
            return Err(DictError {
                line: None,
                kind: DictErrorKind::NoWords,
            });
        }
        let ascii_letters = (0u8..128)
            .filter(|&b| ascii_seen & 1 << b != 0)
            .map(char::from);
        let alphabet = Alphabet::new(ascii_letters.chain(letters)).map_err(|error| DictError {
            line: None,
            kind: DictErrorKind::TooManyLetters(error),
        })?;
        let mut builder = TrieBuilder::with_capacity(ends.len(), text.len());
        let mut symbols = Vec::with_capacity(MAX_WORD_LEN);
        let mut start = 0;
        for &end in &ends {
            let word = &text[start..end];
            start = end;
            symbols.clear();
            // Every letter of a kept word is in the alphabet built from them.
            if word.is_ascii() {
                symbols.extend(word.bytes().filter_map(|b| alphabet.symbol(char::from(b))));
            } else {
                symbols.extend(word.chars().filter_map(|c| alphabet.symbol(c)));
            }
            builder.insert(&symbols);
        }
        let trie = builder.freeze();
        report.words = trie.word_count();
        report.duplicates += ends.len().saturating_sub(trie.word_count());
        Ok(Dictionary {
            alphabet,
            trie,
            normalizer,
            report,
            texts: Arc::default(),
            derived: None,
        })
    }

    /// A dictionary from its parts; the caller has checked that `trie`'s
    /// masks use only `alphabet`'s symbols ([`Trie::from_packed`] does), so
    /// this stays inside the crate.
    pub(crate) fn from_parts(
        alphabet: Alphabet,
        trie: Trie,
        normalizer: Normalizer,
        report: LoadReport,
    ) -> Dictionary {
        Dictionary {
            alphabet,
            trie,
            normalizer,
            report,
            texts: Arc::default(),
            derived: None,
        }
    }

    /// The same dictionary, its derived data kept in `files`.
    pub(crate) fn with_derived_files(self, files: DerivedFiles) -> Dictionary {
        Dictionary {
            derived: Some(files),
            ..self
        }
    }

    /// Where data made from this dictionary is kept, when it was loaded
    /// through the cache.
    pub fn derived_files(&self) -> Option<&DerivedFiles> {
        self.derived.as_ref()
    }

    /// The same dictionary with `count` more lines counted as not fitting
    /// its format.
    pub(crate) fn with_skipped_lines(mut self, count: usize) -> Dictionary {
        self.report.skipped_lines += count;
        self
    }

    /// The dictionary with accents folded from its words, and from boards
    /// searched against it (SPEC §4): itself when it is folded already or
    /// when no letter of it changes; otherwise its words are folded and the
    /// trie built again (two words may become one).
    pub fn fold_accents(self) -> Result<Dictionary, DictError> {
        let folding = Normalizer::new(true);
        if self.normalizer.fold_accents {
            return Ok(self);
        }
        let mut buffer = [0u8; 4];
        let unchanged = self.alphabet.letters().iter().all(|&letter| {
            let letter: &str = letter.encode_utf8(&mut buffer);
            folding.normalize(letter) == letter
        });
        if unchanged {
            return Ok(Dictionary {
                normalizer: folding,
                texts: Arc::default(),
                derived: None,
                ..self
            });
        }
        let words = self.trie.words().map(|word| self.word_text(word));
        let folded = Dictionary::from_words(words, folding)?;
        let report = LoadReport {
            words: folded.report.words,
            duplicates: self.report.duplicates + folded.report.duplicates,
            ..self.report
        };
        Ok(Dictionary { report, ..folded })
    }

    /// The dictionary's letters.
    pub fn alphabet(&self) -> &Alphabet {
        &self.alphabet
    }

    /// The frozen trie of its words.
    pub fn trie(&self) -> &Trie {
        &self.trie
    }

    /// The normaliser its words went through; boards must use the same.
    pub fn normalizer(&self) -> &Normalizer {
        &self.normalizer
    }

    /// What loading kept and skipped.
    pub fn report(&self) -> LoadReport {
        self.report
    }

    /// Number of distinct words.
    pub fn word_count(&self) -> usize {
        self.trie.word_count()
    }

    /// Makes every word's text at once, so that [`Dictionary::word_str`]
    /// borrows it rather than spelling the word from the trie: worth it
    /// when many solutions are written (tens of milliseconds for a list of
    /// 250,000 words, unless a file beside its cache entry holds them
    /// already: see `WordTexts::cached`). Done once however often it is
    /// called.
    pub fn prepare_word_texts(&self) {
        self.texts
            .get_or_init(|| WordTexts::cached(&self.trie, &self.alphabet, self.derived.as_ref()));
    }

    /// Whether [`Dictionary::prepare_word_texts`] has made the texts.
    pub fn has_word_texts(&self) -> bool {
        self.texts.get().is_some()
    }

    /// The text of word `word`, borrowed once
    /// [`Dictionary::prepare_word_texts`] was called.
    pub fn word_str(&self, word: WordId) -> Cow<'_, str> {
        let span = self.texts.get().and_then(|texts| {
            let strings = texts.strings();
            Some((strings, *strings.spans.get(word.index())?))
        });
        match span {
            Some((strings, [start, end])) => Cow::Borrowed(
                strings
                    .text
                    .get(start as usize..end as usize)
                    .unwrap_or_default(),
            ),
            None => Cow::Owned(self.word_text(word)),
        }
    }

    /// The start of word `word`'s JSON object, `{"word":"…","score":`
    /// (its text escaped as serde escapes it), once
    /// [`Dictionary::prepare_word_texts`] was called; `None` before.
    pub fn word_json(&self, word: WordId) -> Option<&[u8]> {
        let texts = self.texts.get()?;
        texts.json_slots.get(word.index())?.start(&texts.long_json)
    }

    /// Appends [`Dictionary::word_json`] of `word` to `out` (nothing
    /// before [`Dictionary::prepare_word_texts`]): for a word of up to 12
    /// bytes, a copy of a fixed 32 bytes, cut to the start's length.
    pub fn push_word_json(&self, out: &mut Vec<u8>, word: WordId) {
        let Some(texts) = self.texts.get() else {
            return;
        };
        let Some(slot) = texts.json_slots.get(word.index()) else {
            return;
        };
        let len = slot.0[JSON_SLOT - 1];
        if len == JsonSlot::LONG {
            out.extend_from_slice(slot.start(&texts.long_json).unwrap_or_default());
        } else {
            let end = out.len() + usize::from(len);
            out.extend_from_slice(&slot.0);
            out.truncate(end);
        }
    }

    /// Asks the cache for the JSON of `words` ahead of
    /// [`Dictionary::push_word_json`], as [`Dictionary::prefetch_word_strs`]
    /// does for their texts.
    pub fn prefetch_word_json(&self, words: impl IntoIterator<Item = WordId>) {
        let Some(texts) = self.texts.get() else {
            return;
        };
        for word in words {
            prefetch(&texts.json_slots, word.index());
        }
    }

    /// Asks the cache for the texts of `words` ahead of
    /// [`Dictionary::word_str`]: writing a solution's words otherwise waits
    /// on two scattered reads a word, one after the other. Nothing unless
    /// [`Dictionary::prepare_word_texts`] was called.
    pub fn prefetch_word_strs(&self, words: impl IntoIterator<Item = WordId>) {
        let Some(texts) = self.texts.get() else {
            return;
        };
        let strings = texts.strings();
        for word in words {
            if let Some(&[start, _]) = strings.spans.get(word.index()) {
                prefetch(strings.text.as_bytes(), start as usize);
            }
        }
    }

    /// The text of word `word`.
    pub fn word_text(&self, word: WordId) -> String {
        self.trie
            .word_symbols(word)
            .into_iter()
            .map(|s| self.alphabet.letter(s))
            .collect()
    }

    /// `text` (normalised) spelled in symbols, or `None` when it uses a
    /// letter the dictionary does not have.
    pub fn encode(&self, text: &str) -> Option<Vec<Symbol>> {
        self.normalizer
            .normalize(text)
            .chars()
            .map(|c| self.alphabet.symbol(c))
            .collect()
    }

    /// Whether `text` is one of the words.
    pub fn contains(&self, text: &str) -> bool {
        self.encode(text)
            .is_some_and(|symbols| self.trie.contains(&symbols))
    }
}

/// `word` without surrounding white space; one look at each end when they
/// are printable ASCII, as they almost always are.
#[inline]
pub(crate) fn trim(word: &str) -> &str {
    let printable = |byte: Option<&u8>| byte.is_some_and(|&b| b > b' ' && b < 0x7f);
    let bytes = word.as_bytes();
    if printable(bytes.first()) && printable(bytes.last()) {
        word
    } else {
        word.trim()
    }
}

/// The letters of `word` as bits (a = bit 0) when it is nothing but
/// lower-case ASCII letters (or empty); `None` otherwise.
#[inline]
fn lower_ascii_letters(word: &str) -> Option<u32> {
    let mut seen = 0u32;
    for byte in word.bytes() {
        let letter = byte.wrapping_sub(b'a');
        if letter >= 26 {
            return None;
        }
        seen |= 1 << letter;
    }
    Some(seen)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every word's text made at once is the text spelt from the trie, for
    /// the bundled English list and a list with letters beyond ASCII, and
    /// is borrowed once made; a clone shares it.
    #[test]
    fn word_texts_made_at_once_are_the_words() {
        let small = Dictionary::from_words(
            ["äiti", "ääni", "a", "aa", "ab", "b", "öljy", "zebra"],
            Normalizer::default(),
        )
        .unwrap();
        let english = crate::dict::bundled::load(crate::dict::bundled::Lang::En).unwrap();
        for dict in [small, english] {
            let spelt: Vec<String> = dict.trie().words().map(|w| dict.word_text(w)).collect();
            assert!(matches!(
                dict.word_str(WordId::from_index(0)),
                Cow::Owned(_)
            ));
            let clone = dict.clone();
            dict.prepare_word_texts();
            for (index, text) in spelt.iter().enumerate() {
                let word = WordId::from_index(index);
                let made = clone.word_str(word);
                assert!(matches!(made, Cow::Borrowed(_)), "{text}");
                assert_eq!(made, text.as_str());
            }
        }
    }

    /// A word's JSON start, pushed or borrowed, from its fixed slot (up
    /// to 12 bytes) or from the buffer of longer ones, is what serde makes
    /// of its text (pushed after what `out` holds); nothing before the
    /// texts are made.
    #[test]
    fn pushed_json_starts_are_serdes() {
        let words = [
            "a",
            "abcdefghijkl",
            "abcdefghijklm",
            "ääääää",
            "äääääää",
            "zzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzz",
        ];
        let dict = Dictionary::from_words(words, Normalizer::default()).unwrap();
        let mut out = b"x".to_vec();
        dict.push_word_json(&mut out, WordId::from_index(0));
        assert_eq!(out, b"x");
        dict.prepare_word_texts();
        for (index, text) in dict.trie().words().map(|w| dict.word_text(w)).enumerate() {
            let mut out = b"[".to_vec();
            dict.push_word_json(&mut out, WordId::from_index(index));
            let expected = format!(
                "[{{\"word\":{},\"score\":",
                serde_json::to_string(&text).unwrap()
            );
            assert_eq!(String::from_utf8(out).unwrap(), expected);
            let word = dict.word_json(WordId::from_index(index));
            assert_eq!(word, Some(&expected.as_bytes()[1..]));
        }
        assert_eq!(dict.word_count(), words.len());
    }

    #[test]
    fn from_words_normalises_and_skips() {
        let words = [
            "Cat",
            "cat",
            "don't",
            "x-ray",
            "b4",
            "Äiti",
            "",
            "  dog  ",
            &"a".repeat(65),
        ];
        let dict = Dictionary::from_words(words, Normalizer::default()).unwrap();
        assert_eq!(dict.word_count(), 3);
        assert!(dict.contains("cat") && dict.contains("CAT") && dict.contains("äiti"));
        assert!(dict.contains("dog"));
        assert!(!dict.contains("dont") && !dict.contains("ca"));
        assert_eq!(
            dict.report(),
            LoadReport {
                words: 3,
                skipped_not_letters: 3,
                skipped_too_long: 1,
                // "Cat" and "cat" are one word once lower-cased.
                duplicates: 1,
                skipped_lines: 0,
            }
        );
        let texts: Vec<String> = dict.trie().words().map(|w| dict.word_text(w)).collect();
        assert_eq!(texts, ["cat", "dog", "äiti"]);
    }

    /// A word repeated is counted as a duplicate, whether the repeats come
    /// together (not copied) or apart (found by the trie).
    #[test]
    fn repeated_words_are_duplicates() {
        let words = ["a", "a", "don't", "a", "b", "a", "a", "é", "é"];
        let dict = Dictionary::from_words(words, Normalizer::default()).unwrap();
        assert_eq!(dict.word_count(), 3);
        assert_eq!(dict.report().duplicates, 5);
        assert_eq!(dict.report().skipped_not_letters, 1);
    }

    #[test]
    fn no_words_is_an_error() {
        // Nothing but letters, and at most 64 of them: the message says both,
        // as a list of one very long word must not read "letters only".
        let long = "a".repeat(MAX_WORD_LEN + 1);
        for words in [&["1", "--", ""][..], &[long.as_str()]] {
            let error = Dictionary::from_words(words, Normalizer::default()).unwrap_err();
            assert_eq!(
                error.to_string(),
                "no usable word (words are made of letters only, at most 64 of them)"
            );
        }
    }

    /// Checked by hand: folding "été" and "ete" makes one word, "äiti"
    /// becomes "aiti", and boards are then read folded.
    #[test]
    fn folding_accents_afterwards() {
        let dict =
            Dictionary::from_words(["été", "ete", "äiti", "cat"], Normalizer::default()).unwrap();
        let folded = dict.fold_accents().unwrap();
        assert!(folded.normalizer().fold_accents);
        let texts: Vec<String> = folded.trie().words().map(|w| folded.word_text(w)).collect();
        assert_eq!(texts, ["aiti", "cat", "ete"]);
        assert_eq!(folded.report().duplicates, 1);
        assert!(folded.contains("ÉTÉ") && folded.contains("äiti"));
        // A list without accents keeps its trie and folds only boards.
        let plain = Dictionary::from_words(["cat"], Normalizer::default()).unwrap();
        let trie = plain.trie().clone();
        let folded = plain.fold_accents().unwrap();
        assert!(folded.normalizer().fold_accents && folded.trie() == &trie);
        assert!(folded.contains("cât"));
    }

    #[test]
    fn too_many_letters_is_an_error() {
        let words: Vec<String> = (0..70u32)
            .map(|i| char::from_u32(0x4e00 + i).unwrap().to_string())
            .collect();
        let error = Dictionary::from_words(&words, Normalizer::default()).unwrap_err();
        assert_eq!(
            error.to_string(),
            "the word list uses 70 distinct letters, at most 64 are supported"
        );
    }
}
