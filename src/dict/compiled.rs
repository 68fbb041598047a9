//! The compiled dictionary: a dictionary's alphabet, normaliser and trie
//! written as bytes that load without building anything (SPEC §7).
//!
//! Layout, all integers little-endian:
//!
//! | offset | bytes | field |
//! |-------:|------:|-------|
//! | 0  | 8 | magic number: the byte `FF`, then `BOGGLED` |
//! | 8  | 4 | format version, [`VERSION`] |
//! | 12 | 4 | flags: bit 0 set when accents were folded, bit 1 when the nodes are a full trie image (else packed); other bits 0 |
//! | 16 | 8 | payload length in bytes |
//! | 24 | 4 | checksum: CRC-32 (IEEE, as in gzip) of bytes 0–23 and the payload |
//! | 28 | 4 | reserved, 0 |
//! | 32 | … | payload |
//!
//! The payload: the letter count (u32) and each letter as a Unicode scalar
//! value (u32), in code-point order; the node count and the word count
//! (u32 each); the load report's skipped and duplicate counts (u64 each:
//! not letters, too long, duplicates, lines not in the format); then the
//! nodes, in one of two forms.
//! The packed form (`boggle dict compile`, and the lists bundled in the
//! binary) is the trie's shape (see [`Trie::packed`]): a byte per node,
//! breadth-first, with its child count and whether it ends a word, then the
//! letter on the edge into each node but the root, about two bytes a node
//! in all. Everything else the trie holds, word ids included, is derived
//! from it by [`Trie::from_packed`], which also checks every invariant, so
//! a damaged file is an error even when its checksum happens to match.
//! Deriving is two linear passes, about 12 ms of processor time for the
//! 580,455 nodes of the English list. The image form (flag bit 1: the
//! cache's entries) is the trie's whole image (see [`Trie`]), ten times
//! larger, used in place without a copy where a cache entry is mapped
//! (`read_mapped`, after the checksum). Read into memory, an image is used
//! once [`Trie::from_image`] has checked the same invariants.
//!
//! This is the one format: [`parts`] is its one writer, [`read`] its one
//! checked reader, and `read_mapped` the reader of mapped cache entries.

use std::borrow::Cow;
use std::sync::Arc;

use super::{CompiledFault, Damage, DictError, DictErrorKind, Dictionary, LoadReport};
use crate::alphabet::{Alphabet, Normalizer};
use crate::mapped::{MappedBytes, MappedFile};
use crate::trie::Trie;
use unicode_normalization::char::is_combining_mark;

/// The first eight bytes of every compiled dictionary. The first, `FF`,
/// is never a byte of UTF-8, so no text list starts with it: a file that
/// does is compiled, and any cut of one (down to its first byte) is an
/// error that says so rather than a list of one word.
pub const MAGIC: &[u8; 8] = b"\xFFBOGGLED";

/// The format version this build writes and reads. Version 1 stored a
/// child mask and a word id per node where version 2 stores the packed
/// form; version 3 starts with a magic number no text starts with and
/// counts lines not in the list's format.
pub const VERSION: u32 = 3;

/// Header length in bytes.
const HEADER_LEN: usize = 32;

/// Flag bit: the words went through accent folding.
const FLAG_FOLD_ACCENTS: u32 = 1;

/// Flag bit: the nodes are the trie's whole image.
const FLAG_IMAGE: u32 = 2;

/// Whether `bytes` start like a compiled dictionary: with the first byte
/// of its magic number, as no text does.
pub fn is_compiled(bytes: &[u8]) -> bool {
    bytes.first().copied().is_some_and(is_compiled_start)
}

/// The magic number of format versions 1 and 2, which a text list could
/// start with: still recognised, to say which version a file is.
const OLD_MAGIC: &[u8; 8] = b"BOGGLEDC";

/// Whether `bytes` are binary data to be read as a compiled dictionary:
/// they start with [`MAGIC`]'s first byte, or with the old magic number
/// and a version that is not text.
pub fn looks_compiled(bytes: &[u8]) -> bool {
    is_compiled(bytes) || old_version(bytes).is_some()
}

/// The version of a file in a format older than version 3.
fn old_version(bytes: &[u8]) -> Option<u32> {
    let version = bytes.strip_prefix(OLD_MAGIC)?.first_chunk::<4>()?;
    Some(u32::from_le_bytes(*version)).filter(|&version| version < VERSION)
}

/// Whether data starting with `byte` is a compiled dictionary (or a cut
/// or damaged one).
pub fn is_compiled_start(byte: u8) -> bool {
    byte == MAGIC[0]
}

/// How a compiled dictionary stores its trie.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Form {
    /// The trie's shape, about two bytes a node, from which reading
    /// rebuilds the rest: what `boggle dict compile` writes and the binary
    /// embeds.
    Packed,
    /// The trie's whole image, about 21 bytes a node, used where it lies:
    /// what a cache entry holds.
    Image,
}

/// The compiled form of `dict`, its trie in the packed form.
pub fn write(dict: &Dictionary) -> Vec<u8> {
    parts(dict, Form::Packed).concat()
}

/// The compiled form of `dict` with its trie in `form`, as two parts to
/// write one after the other: the header and the payload up to the nodes,
/// then the nodes (an image borrowed rather than copied, as it is
/// megabytes). This is the one writer of the format.
pub fn parts(dict: &Dictionary, form: Form) -> [Cow<'_, [u8]>; 2] {
    let (flag, nodes) = match form {
        Form::Packed => (0, Cow::Owned(dict.trie().packed())),
        Form::Image => (FLAG_IMAGE, Cow::Borrowed(dict.trie().image())),
    };
    let prefix = payload_prefix(dict);
    let mut head = header(dict, flag, &[&prefix, &nodes]);
    head.extend_from_slice(&prefix);
    [Cow::Owned(head), nodes]
}

/// The payload up to the nodes.
fn payload_prefix(dict: &Dictionary) -> Vec<u8> {
    let letters = dict.alphabet().letters();
    let report = dict.report();
    let mut payload = Vec::with_capacity(4 + 4 * letters.len() + 8 + 32);
    payload.extend_from_slice(&(letters.len() as u32).to_le_bytes());
    for &letter in letters {
        payload.extend_from_slice(&u32::from(letter).to_le_bytes());
    }
    payload.extend_from_slice(&(dict.trie().node_count() as u32).to_le_bytes());
    payload.extend_from_slice(&(dict.word_count() as u32).to_le_bytes());
    for count in [
        report.skipped_not_letters,
        report.skipped_too_long,
        report.duplicates,
        report.skipped_lines,
    ] {
        payload.extend_from_slice(&(count as u64).to_le_bytes());
    }
    payload
}

/// The header of a compiled `dict` whose payload is `parts`, one after the
/// other.
fn header(dict: &Dictionary, flags: u32, parts: &[&[u8]]) -> Vec<u8> {
    let flags = flags
        | if dict.normalizer().fold_accents {
            FLAG_FOLD_ACCENTS
        } else {
            0
        };
    let payload_len: usize = parts.iter().map(|part| part.len()).sum();
    let mut bytes = Vec::with_capacity(HEADER_LEN);
    bytes.extend_from_slice(MAGIC);
    bytes.extend_from_slice(&VERSION.to_le_bytes());
    bytes.extend_from_slice(&flags.to_le_bytes());
    bytes.extend_from_slice(&(payload_len as u64).to_le_bytes());
    let sum = checksum(&bytes, parts);
    bytes.extend_from_slice(&sum.to_le_bytes());
    bytes.extend_from_slice(&0u32.to_le_bytes());
    bytes
}

/// The CRC-32 of the header's first 24 bytes and the payload, `parts` one
/// after the other.
fn checksum(header: &[u8], parts: &[&[u8]]) -> u32 {
    let mut hasher = crc32fast::Hasher::new();
    hasher.update(header.get(..24).unwrap_or(header));
    for part in parts {
        hasher.update(part);
    }
    hasher.finalize()
}

/// What the header of a compiled dictionary says, for `dict info`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Header {
    /// The format version.
    pub version: u32,
    /// Whether the words went through accent folding.
    pub fold_accents: bool,
    /// Whether the nodes are the trie's whole image.
    pub image: bool,
    /// Bytes in the whole file.
    pub bytes: usize,
}

/// Loads a compiled dictionary, checking the header, the checksum and the
/// trie's structure.
pub fn read(bytes: &[u8]) -> Result<Dictionary, DictError> {
    let header = read_header(bytes)?;
    let (prefix, nodes) = read_prefix(&bytes[HEADER_LEN..])?;
    let symbol_count = prefix.alphabet.len();
    let trie = if header.image {
        Trie::from_image(
            nodes.to_vec(),
            prefix.node_count,
            prefix.word_count,
            symbol_count,
        )
    } else {
        Trie::from_packed(nodes, prefix.node_count, prefix.word_count, symbol_count)
    }
    .map_err(|error| DictError::new(DictErrorKind::BadTrie(error)))?;
    let dict = finish(prefix, trie, header.fold_accents)?;
    if !words_in_normal_form(&dict) {
        return Err(damaged(Damage::WordNotNormal));
    }
    Ok(dict)
}

/// Whether every word of `dict` is as its normaliser leaves it, as the
/// words of a list read from text always are. Each letter is known to be
/// (see [`finish`]); when no letter is a combining mark and no two letters
/// compose, every sequence of them is too, and the words need no look.
/// Otherwise (combining marks among the letters) each word is checked.
fn words_in_normal_form(dict: &Dictionary) -> bool {
    let letters = dict.alphabet().letters();
    let normalizer = dict.normalizer();
    let pairs_stay = letters.iter().all(|&first| {
        !is_combining_mark(first)
            && letters.iter().all(|&second| {
                let pair: String = [first, second].into_iter().collect();
                normalizer.normalize(&pair) == pair
            })
    });
    pairs_stay
        || dict.trie().words().all(|word| {
            let text = dict.word_text(word);
            normalizer.normalize(&text) == text
        })
}

/// Loads a compiled dictionary in the image form that this program wrote
/// itself into a cache entry, `file`'s bytes from `start` on, using its trie
/// where the file is mapped. The header is checked, and with `checksum`
/// the checksum of the whole payload too, so damage of any kind is an
/// error; the trie's structure is not, as that would mean a pass over every
/// node on every run (see [`Trie::from_mapped_image`]). Without
/// `checksum`, the caller vouches for the payload: it checked this very
/// file before.
pub(crate) fn read_mapped(
    file: Arc<MappedFile>,
    start: usize,
    checksum: bool,
) -> Result<Dictionary, DictError> {
    let bytes = file.bytes().get(start..).unwrap_or_default();
    let header = if checksum {
        read_header(bytes)?
    } else {
        read_header_unchecked(bytes)?
    };
    if !header.image {
        return Err(damaged(Damage::NotAnImage));
    }
    let (prefix, image) = read_prefix(&bytes[HEADER_LEN..])?;
    let image = MappedBytes::new(
        file.clone(),
        file.bytes().len() - image.len()..file.bytes().len(),
    )
    .ok_or_else(|| damaged(Damage::TruncatedPayload))?;
    let trie = Trie::from_mapped_image(image, prefix.node_count, prefix.word_count)
        .map_err(|error| DictError::new(DictErrorKind::BadTrie(error)))?;
    finish(prefix, trie, header.fold_accents)
}

/// The payload's fields before the nodes.
struct Prefix {
    alphabet: Alphabet,
    node_count: usize,
    word_count: usize,
    counts: [usize; 4],
}

/// Reads the payload up to the nodes; returns it and the rest.
fn read_prefix(payload: &[u8]) -> Result<(Prefix, &[u8]), DictError> {
    let mut input = Input { bytes: payload };
    let letter_count = input.u32()? as usize;
    if letter_count > Alphabet::MAX_LETTERS {
        return Err(damaged(Damage::TooManyLetters));
    }
    let mut letters = Vec::with_capacity(letter_count);
    for _ in 0..letter_count {
        let letter = char::from_u32(input.u32()?).ok_or_else(|| damaged(Damage::NotACharacter))?;
        if letters.last().is_some_and(|&last| last >= letter) || !letter.is_alphabetic() {
            return Err(damaged(Damage::LettersUnsorted));
        }
        letters.push(letter);
    }
    let alphabet = Alphabet::new(letters).map_err(|_| damaged(Damage::TooManyLetters))?;
    let node_count = input.u32()? as usize;
    let word_count = input.u32()? as usize;
    let mut counts = [0usize; 4];
    for count in &mut counts {
        *count = usize::try_from(input.u64()?).map_err(|_| damaged(Damage::CountTooLarge))?;
    }
    let prefix = Prefix {
        alphabet,
        node_count,
        word_count,
        counts,
    };
    Ok((prefix, input.rest()))
}

/// The dictionary of a read prefix and trie.
fn finish(prefix: Prefix, trie: Trie, fold_accents: bool) -> Result<Dictionary, DictError> {
    let word_count = prefix.word_count;
    if trie.word_count() != word_count || word_count == 0 {
        return Err(damaged(Damage::WordCount));
    }
    // Every letter must be as the normaliser leaves it (lower case, and
    // without accents when they are folded), or no board could spell it.
    let normalizer = Normalizer::new(fold_accents);
    let mut buffer = [0u8; 4];
    for &letter in prefix.alphabet.letters() {
        let letter: &str = letter.encode_utf8(&mut buffer);
        if normalizer.normalize(letter) != letter {
            return Err(damaged(Damage::LetterNotNormal));
        }
    }
    let report = LoadReport {
        words: word_count,
        skipped_not_letters: prefix.counts[0],
        skipped_too_long: prefix.counts[1],
        duplicates: prefix.counts[2],
        skipped_lines: prefix.counts[3],
    };
    Ok(Dictionary::from_parts(
        prefix.alphabet,
        trie,
        normalizer,
        report,
    ))
}

/// The checksum `bytes` store in their header (0 when they are too short),
/// unchecked.
pub fn stored_checksum(bytes: &[u8]) -> u32 {
    bytes
        .get(24..28)
        .map_or(0, |b| u32::from_le_bytes([b[0], b[1], b[2], b[3]]))
}

/// Reads and checks the header and the checksum of the payload after it.
pub fn read_header(bytes: &[u8]) -> Result<Header, DictError> {
    let (flags, payload) = read_frame(bytes)?;
    if checksum(bytes, &[payload]) != stored_checksum(bytes) {
        return Err(damaged(Damage::Checksum));
    }
    Ok(Header {
        version: VERSION,
        fold_accents: flags & FLAG_FOLD_ACCENTS != 0,
        image: flags & FLAG_IMAGE != 0,
        bytes: bytes.len(),
    })
}

/// [`read_header`] without the checksum: for a payload known to be whole.
fn read_header_unchecked(bytes: &[u8]) -> Result<Header, DictError> {
    let (flags, _) = read_frame(bytes)?;
    Ok(Header {
        version: VERSION,
        fold_accents: flags & FLAG_FOLD_ACCENTS != 0,
        image: flags & FLAG_IMAGE != 0,
        bytes: bytes.len(),
    })
}

/// Reads the header but for the checksum; returns the flags and the payload.
fn read_frame(bytes: &[u8]) -> Result<(u32, &[u8]), DictError> {
    if let Some(version) = old_version(bytes) {
        return Err(old_version_error(version));
    }
    if !bytes.starts_with(MAGIC) {
        if is_compiled(bytes) && MAGIC.starts_with(bytes) {
            return Err(damaged(Damage::Truncated(bytes.len())));
        }
        return Err(compiled_error(CompiledFault::NotCompiled));
    }
    let mut input = Input {
        bytes: &bytes[MAGIC.len()..],
    };
    let header_error = |_| damaged(Damage::TruncatedHeader);
    let version = input.u32().map_err(header_error)?;
    if version != VERSION {
        return Err(old_version_error(version));
    }
    let flags = input.u32().map_err(header_error)?;
    if flags & !(FLAG_FOLD_ACCENTS | FLAG_IMAGE) != 0 {
        return Err(damaged(Damage::UnknownFlags));
    }
    let payload_len = input.u64().map_err(header_error)?;
    let _checksum = input.u32().map_err(header_error)?;
    let reserved = input.u32().map_err(header_error)?;
    if reserved != 0 {
        return Err(damaged(Damage::Reserved));
    }
    let payload = input.rest();
    if payload_len != payload.len() as u64 {
        return Err(damaged(Damage::PayloadLength {
            actual: payload.len() as u64,
            stated: payload_len,
        }));
    }
    Ok((flags, payload))
}

fn old_version_error(version: u32) -> DictError {
    compiled_error(CompiledFault::Version(version))
}

fn compiled_error(fault: CompiledFault) -> DictError {
    DictError::new(DictErrorKind::Compiled(fault))
}

fn damaged(damage: Damage) -> DictError {
    compiled_error(CompiledFault::Damaged(damage))
}

/// A cursor over bytes that fails, rather than panics, at their end.
struct Input<'a> {
    bytes: &'a [u8],
}

impl<'a> Input<'a> {
    fn take<const N: usize>(&mut self) -> Result<[u8; N], DictError> {
        let (&value, rest) = self
            .bytes
            .split_first_chunk::<N>()
            .ok_or_else(|| damaged(Damage::TruncatedPayload))?;
        self.bytes = rest;
        Ok(value)
    }

    fn u32(&mut self) -> Result<u32, DictError> {
        self.take().map(u32::from_le_bytes)
    }

    fn u64(&mut self) -> Result<u64, DictError> {
        self.take().map(u64::from_le_bytes)
    }

    fn rest(&self) -> &'a [u8] {
        self.bytes
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn write_image(dict: &Dictionary) -> Vec<u8> {
        parts(dict, Form::Image).concat()
    }

    fn small() -> Dictionary {
        let words = ["cat", "cats", "act", "äiti", "dog", "CAT", "x-ray"];
        Dictionary::from_words(words, Normalizer::default()).unwrap()
    }

    fn words(dict: &Dictionary) -> Vec<String> {
        dict.trie().words().map(|w| dict.word_text(w)).collect()
    }

    /// `bytes`, written from [`small`], read back as the same dictionary.
    #[track_caller]
    fn check_round_trip(bytes: &[u8]) {
        let dict = small();
        let loaded = read(bytes).unwrap();
        assert_eq!(words(&loaded), ["act", "cat", "cats", "dog", "äiti"]);
        assert_eq!(loaded.alphabet(), dict.alphabet());
        assert_eq!(loaded.trie(), dict.trie());
        assert_eq!(loaded.report(), dict.report());
        assert_eq!(loaded.normalizer(), dict.normalizer());
    }

    #[test]
    fn round_trip() {
        check_round_trip(&write(&small()));
        let folded = Dictionary::from_words(["Été"], Normalizer::new(true)).unwrap();
        let loaded = read(&write(&folded)).unwrap();
        assert!(loaded.normalizer().fold_accents && loaded.contains("ete"));
    }

    #[test]
    fn header() {
        let bytes = write(&small());
        assert_eq!(&bytes[..8], b"\xFFBOGGLED");
        let header = read_header(&bytes).unwrap();
        assert_eq!(
            header,
            Header {
                version: 3,
                fold_accents: false,
                image: false,
                bytes: bytes.len()
            }
        );
        assert!(read_header(&write_image(&small())).unwrap().image);
    }

    #[test]
    fn image_round_trip() {
        check_round_trip(&write_image(&small()));
    }

    #[track_caller]
    fn check_error(bytes: &[u8], expected: &str) {
        assert_eq!(read(bytes).unwrap_err().to_string(), expected);
    }

    #[test]
    fn errors() {
        let bytes = write(&small());
        check_error(b"", "not a compiled dictionary (bad magic number)");
        check_error(
            b"cat\ndog\n",
            "not a compiled dictionary (bad magic number)",
        );
        check_error(
            &bytes[..20],
            "damaged compiled dictionary: truncated header",
        );
        let mut older = bytes.clone();
        older[8] = 1;
        check_error(
            &older,
            "compiled dictionary format version 1, this build reads version 3: compile it again",
        );
        // A file of version 2, magic number and all, says so too.
        let mut version_2 = b"BOGGLEDC\x02\0\0\0".to_vec();
        version_2.extend_from_slice(&bytes[12..]);
        assert!(looks_compiled(&version_2));
        check_error(
            &version_2,
            "compiled dictionary format version 2, this build reads version 3: compile it again",
        );
        // Every cut inside the magic number says it is truncated.
        for len in 1..8 {
            check_error(
                &bytes[..len],
                &format!("damaged compiled dictionary: truncated to {len} bytes"),
            );
        }
        let mut flipped = bytes.clone();
        *flipped.last_mut().unwrap() ^= 1;
        check_error(&flipped, "damaged compiled dictionary: checksum mismatch");
        let short = &bytes[..bytes.len() - 1];
        check_error(
            short,
            &format!(
                "damaged compiled dictionary: {} payload bytes, the header says {} (truncated?)",
                short.len() - 32,
                bytes.len() - 32
            ),
        );
    }

    /// A damaged payload whose checksum was fixed up must still be caught
    /// by the structural checks, in both node forms.
    #[test]
    fn damage_behind_a_good_checksum() {
        for bytes in [write(&small()), write_image(&small())] {
            damage_with_good_checksum(&bytes);
        }
    }

    fn damage_with_good_checksum(bytes: &[u8]) {
        for offset in HEADER_LEN..bytes.len() {
            for bit in [0x01u8, 0x80] {
                let mut damaged = bytes.to_vec();
                damaged[offset] ^= bit;
                let sum = checksum(&damaged, &[&damaged[HEADER_LEN..]]);
                damaged[24..28].copy_from_slice(&sum.to_le_bytes());
                // Either an error, or (for the load report counts and some
                // word-id bits that still make a valid trie) a dictionary.
                if let Ok(dict) = read(&damaged) {
                    assert!(dict.word_count() > 0);
                    let _ = words(&dict);
                }
            }
        }
    }

    /// Found by fuzzing: a file saying its accents were folded while its
    /// alphabet holds an accented letter loaded, and its words could never
    /// be found on a board (nor looked up by their own text).
    #[test]
    fn letters_must_be_in_normal_form() {
        let mut bytes = write_image(&small());
        bytes[12] |= 1;
        let sum = checksum(&bytes, &[&bytes[HEADER_LEN..]]);
        bytes[24..28].copy_from_slice(&sum.to_le_bytes());
        assert_eq!(
            read(&bytes).unwrap_err().to_string(),
            "damaged compiled dictionary: a letter is not in normal form"
        );
    }

    /// Found by fuzzing: a file whose letters are combining marks each in
    /// normal form, spelling a word that is not (two marks out of their
    /// canonical order), loaded, and the word could not be looked up.
    #[test]
    fn words_must_be_in_normal_form() {
        // U+08E9 (combining class 220) must come before U+08E8 (230).
        let alphabet = Alphabet::new(['a', '\u{8e8}', '\u{8e9}']).unwrap();
        let mut builder = crate::trie::TrieBuilder::new();
        let symbols =
            |word: &str| -> Vec<_> { word.chars().map(|c| alphabet.symbol(c).unwrap()).collect() };
        builder.insert(&symbols("a\u{8e9}\u{8e8}"));
        let report = LoadReport::default();
        let good = Dictionary::from_parts(
            alphabet.clone(),
            builder.freeze(),
            Normalizer::default(),
            report,
        );
        assert!(read(&write(&good)).is_ok());
        let mut builder = crate::trie::TrieBuilder::new();
        builder.insert(&symbols("a\u{8e8}\u{8e9}"));
        let bad = Dictionary::from_parts(alphabet, builder.freeze(), Normalizer::default(), report);
        let bytes = write(&bad);
        assert_eq!(
            read(&bytes).unwrap_err().to_string(),
            "damaged compiled dictionary: a word is not in normal form"
        );
    }

    /// Every truncation and every flipped bit of a small file is an error,
    /// in both node forms.
    #[test]
    fn mutations_are_errors() {
        for bytes in [write(&small()), write_image(&small())] {
            mutations_of(bytes);
        }
    }

    /// A flipped bit in an image whose checksum was made to match is still
    /// an error: every byte of a valid image is determined by its nodes'
    /// masks and word ids, and all of it is checked.
    #[test]
    fn image_damage_behind_a_good_checksum_is_an_error() {
        let dict = small();
        let bytes = write_image(&dict);
        let image_start = bytes.len() - dict.trie().image().len();
        for offset in image_start..bytes.len() {
            for bit in 0..8 {
                let mut damaged = bytes.clone();
                damaged[offset] ^= 1 << bit;
                let sum = checksum(&damaged, &[&damaged[HEADER_LEN..]]);
                damaged[24..28].copy_from_slice(&sum.to_le_bytes());
                assert!(
                    matches!(
                        read(&damaged).map_err(|e| e.kind),
                        Err(DictErrorKind::BadTrie(_))
                    ),
                    "bit {bit} of byte {offset} flipped"
                );
            }
        }
    }

    /// A mapped image is trusted on its checksum, so one forged to match
    /// it (every bit of the image flipped in turn, then whole runs of
    /// garbage) must still load and search without a panic or a hang: the
    /// words may be wrong, nothing else. Every forgery loads (the mapped
    /// reader checks the header and the checksum, which the forgeries
    /// match), so every one of them is searched.
    #[test]
    fn forged_mapped_images_never_panic() {
        use crate::{Board, Normalizer, Rules, SolveOptions, Solver};
        let dict = small();
        let bytes = write_image(&dict);
        let image_start = bytes.len() - dict.trie().image().len();
        let path = std::env::temp_dir().join(format!("boggle-forged-{}.dict", std::process::id()));
        let boards: Vec<Board> = ["cat/dog", "e*m/usq/tca", "abcdefghi/qrstu*vwx/tacgodemu"]
            .iter()
            .map(|text| Board::parse(text, &Normalizer::default()).unwrap())
            .collect();
        let mut garbage = 0x2545_f491_4f6c_dd1du64;
        let mut forgeries = Vec::new();
        for offset in image_start..bytes.len() {
            for bit in 0..8 {
                let mut forged = bytes.clone();
                forged[offset] ^= 1 << bit;
                forgeries.push(forged);
            }
        }
        for _ in 0..64 {
            let mut forged = bytes.clone();
            for byte in &mut forged[image_start..] {
                garbage ^= garbage << 13;
                garbage ^= garbage >> 7;
                garbage ^= garbage << 17;
                *byte = garbage as u8;
            }
            forgeries.push(forged);
        }
        for (n, mut forged) in forgeries.into_iter().enumerate() {
            let sum = checksum(&forged, &[&forged[HEADER_LEN..]]);
            forged[24..28].copy_from_slice(&sum.to_le_bytes());
            std::fs::write(&path, &forged).unwrap();
            let file = std::fs::File::open(&path).unwrap();
            // SAFETY: the file is this test's own, and nothing changes it
            // while it is mapped.
            #[allow(unsafe_code)]
            let mapped = Arc::new(unsafe { MappedFile::map(&file) }.unwrap());
            let forged_dict = read_mapped(mapped, 0, true)
                .unwrap_or_else(|error| panic!("forgery {n} was refused: {error}"));
            let _ = words(&forged_dict);
            let solver = Solver::new(&forged_dict, SolveOptions::new(Rules::Classic));
            for board in &boards {
                for found in solver.solve(board).words {
                    let _ = forged_dict.word_text(found.word);
                }
                let _ = solver.solve_parallel(board);
            }
        }
        let _ = std::fs::remove_file(&path);
    }

    fn mutations_of(bytes: Vec<u8>) {
        for len in 0..bytes.len() {
            assert!(read(&bytes[..len]).is_err(), "truncated to {len} bytes");
        }
        for offset in 0..bytes.len() {
            for bit in 0..8 {
                let mut damaged = bytes.clone();
                damaged[offset] ^= 1 << bit;
                assert!(
                    read(&damaged).is_err(),
                    "bit {bit} of byte {offset} flipped"
                );
            }
        }
        let mut longer = bytes.clone();
        longer.push(0);
        assert!(read(&longer).is_err());
    }
}
