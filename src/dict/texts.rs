//! Every word's text and JSON start, made once per dictionary for runs
//! that write many solutions
//! ([`Dictionary::prepare_word_texts`](super::Dictionary::prepare_word_texts)),
//! and kept in a file beside the dictionary's cache entry
//! ([`DerivedFiles`]): making them walks the whole trie, tens of
//! milliseconds for the English list, where using them from the file
//! takes a few.
//!
//! The file, in the layout of [`Writer`]: the entry's header (32 bytes);
//! the layout ([`LAYOUT`], in the machine's byte order, so that a machine
//! of the other order sees another layout); the word count, the text's
//! length and the long starts' length; then the tables: per word its JSON
//! slot (32 bytes, at a multiple of 32); per word the start and end of its
//! text; the text; and the long starts. The long starts are used where
//! they lie in the file (mapped when the cache maps its entries, or read
//! whole), the slots copied into huge pages ([`read`]), and the text and
//! places only when a run first asks for them
//! ([`WordTexts::strings`]). A file that
//! differs in any part, is cut short or damaged, or holds a place outside
//! its text, is not used: the texts are made again and the file written
//! anew. A file forged to pass every check gives wrong words, never a
//! crash: every read of a text or a start is bounded.

use std::sync::OnceLock;

use super::cache::{DerivedFiles, Loaded, Reader, Writer};
use crate::alphabet::{Alphabet, Symbol};
use crate::mapped::{Table, huge_vec};
use crate::trie::{NodeId, Trie};

/// The layout of the file; another number is another layout.
const LAYOUT: u32 = 2;

/// The files' kind, in their names.
const KIND: &str = "texts";

/// Every word's text in one buffer: what writing many solutions reads,
/// rather than spelling each word back from the trie.
#[derive(Debug, Default)]
pub(super) struct WordTexts {
    /// The texts and their places in memory of the run's own: made with
    /// the rest, or copied from `in_file` when first asked for
    /// ([`WordTexts::strings`]), as only the word and text formats read
    /// them.
    strings: OnceLock<WordStrings>,
    /// The text and places as the file holds them, the text checked to be
    /// UTF-8 and every place to be on its letters' bounds; empty when the
    /// texts were made in memory.
    in_file: (Table<u8>, Table<[u32; 2]>),
    /// Per word id, the start of its JSON object up to its score,
    /// `{"word":"…","score":`, in a fixed [`JSON_SLOT`] bytes with its
    /// length in the last one: copied as a whole, with no call and no
    /// second read. A start too long for it is in `long_json`, and its
    /// slot says where.
    pub(super) json_slots: Table<JsonSlot>,
    pub(super) long_json: Table<u8>,
}

/// Every word's text, one after the other, and where each is.
#[derive(Debug, Default, PartialEq, Eq)]
pub(super) struct WordStrings {
    pub(super) text: String,
    /// Per word id, where its text is in `text`.
    pub(super) spans: Table<[u32; 2]>,
}

/// Equal when their texts and JSON starts are, made or read.
impl PartialEq for WordTexts {
    fn eq(&self, other: &WordTexts) -> bool {
        self.strings() == other.strings()
            && self.json_slots == other.json_slots
            && self.long_json == other.long_json
    }
}

impl Eq for WordTexts {}

/// The bytes of a [`JsonSlot`]: the start of a word of up to 12 bytes.
pub(super) const JSON_SLOT: usize = 32;

/// A word's JSON start, `{"word":"…","score":`, in a fixed place of its
/// own ([`WordTexts::json_slots`]); or, for a longer one, [`JsonSlot::LONG`]
/// in the last byte and the start and end of its place in
/// [`WordTexts::long_json`] in the first eight.
#[derive(Clone, Copy, Debug, PartialEq, Eq, bytemuck::Zeroable, bytemuck::Pod)]
#[repr(C, align(32))]
pub(super) struct JsonSlot(pub(super) [u8; JSON_SLOT]);

impl JsonSlot {
    /// The length byte of a start kept in [`WordTexts::long_json`].
    pub(super) const LONG: u8 = u8::MAX;
    /// What comes before a word's JSON string, and after it.
    const HEAD: &[u8] = b"{\"word\":";
    const TAIL: &[u8] = b",\"score\":";

    /// The slot of `text`'s start when the text needs no escaping (no
    /// control character, quote or backslash) and fits: the bytes put in
    /// place, as [`JsonSlot::new`] would put them.
    fn plain(text: &str) -> Option<JsonSlot> {
        let text = text.as_bytes();
        let end = JsonSlot::HEAD.len() + text.len() + 2 + JsonSlot::TAIL.len();
        if end >= JSON_SLOT || !crate::json::is_plain(text) {
            return None;
        }
        let mut slot = JsonSlot([0; JSON_SLOT]);
        let (head, rest) = slot.0.split_at_mut(JsonSlot::HEAD.len());
        head.copy_from_slice(JsonSlot::HEAD);
        rest[0] = b'"';
        rest[1..=text.len()].copy_from_slice(text);
        rest[text.len() + 1] = b'"';
        rest[text.len() + 2..][..JsonSlot::TAIL.len()].copy_from_slice(JsonSlot::TAIL);
        slot.0[JSON_SLOT - 1] = end as u8;
        Some(slot)
    }

    fn new(start: &[u8], long_json: &mut Vec<u8>) -> JsonSlot {
        let mut slot = JsonSlot([0; JSON_SLOT]);
        if start.len() < JSON_SLOT {
            slot.0[..start.len()].copy_from_slice(start);
            slot.0[JSON_SLOT - 1] = start.len() as u8;
        } else {
            slot.0[..4].copy_from_slice(&(long_json.len() as u32).to_le_bytes());
            long_json.extend_from_slice(start);
            slot.0[4..8].copy_from_slice(&(long_json.len() as u32).to_le_bytes());
            slot.0[JSON_SLOT - 1] = JsonSlot::LONG;
        }
        slot
    }

    /// The start it holds, or the place of one in `long_json`.
    pub(super) fn start<'a>(&'a self, long_json: &'a [u8]) -> Option<&'a [u8]> {
        match self.0[JSON_SLOT - 1] {
            JsonSlot::LONG => {
                let at = |i: usize| -> Option<usize> {
                    Some(u32::from_le_bytes(self.0.get(i..i + 4)?.try_into().ok()?) as usize)
                };
                long_json.get(at(0)?..at(4)?)
            }
            len => self.0.get(..usize::from(len)),
        }
    }
}

impl WordTexts {
    /// The texts of the words of `trie`, spelt in `alphabet`'s letters:
    /// one walk over the trie, depth first.
    pub(super) fn of(trie: &Trie, alphabet: &Alphabet) -> WordTexts {
        let nodes = trie.nodes();
        let words = trie.word_count();
        // Room for words of twelve bytes on average; a list of longer ones
        // grows it.
        let mut text = String::from_utf8(huge_vec(words.saturating_mul(12))).unwrap_or_default();
        let mut spans: Vec<[u32; 2]> = huge_vec(words);
        spans.resize(words, [0, 0]);
        // Each symbol's letter.
        let letters: Vec<String> = (0..Alphabet::MAX_LETTERS)
            .map(|symbol| alphabet.letter(Symbol::from_index(symbol)).to_string())
            .collect();
        let mut prefix = String::new();
        // Each entry: a node, the length of its parent's text, its symbol
        // (none for the root).
        let mut stack = vec![(NodeId::ROOT, 0, u8::MAX)];
        while let Some((id, parent_len, symbol)) = stack.pop() {
            prefix.truncate(parent_len);
            if let Some(letter) = letters.get(usize::from(symbol)) {
                prefix.push_str(letter);
            }
            let node = nodes.get(id);
            if let Some(span) = node.word().and_then(|word| spans.get_mut(word.index())) {
                let start = text.len();
                text.push_str(&prefix);
                *span = [start as u32, text.len() as u32];
            }
            // The children pushed last first, so that they are taken in
            // symbol order, and the words in id order.
            let mut children = node.children;
            while children != 0 {
                let symbol = 63 - children.leading_zeros();
                let bit = 1u64 << symbol;
                children &= !bit;
                stack.push((node.child_at(bit), prefix.len(), symbol as u8));
            }
        }
        let mut json = Vec::new();
        let mut json_slots = huge_vec(words);
        let mut long_json = Vec::new();
        for &[start, end] in &spans {
            let text = text.get(start as usize..end as usize);
            let text = text.unwrap_or_default();
            let slot = JsonSlot::plain(text).unwrap_or_else(|| {
                json.clear();
                json.extend_from_slice(JsonSlot::HEAD);
                // Writing into a `Vec` cannot fail.
                let _ = crate::json::write_str(&mut json, text);
                json.extend_from_slice(JsonSlot::TAIL);
                JsonSlot::new(&json, &mut long_json)
            });
            json_slots.push(slot);
        }
        WordTexts {
            strings: OnceLock::from(WordStrings {
                text,
                spans: spans.into(),
            }),
            in_file: Default::default(),
            json_slots: json_slots.into(),
            long_json: long_json.into(),
        }
    }

    /// The texts and their places, copied from the file when first asked
    /// for: into huge pages, as each board's words read them all over
    /// (from the file's pages, writing 100,000 boards' words took 2% more time,
    /// docs/performance.md).
    pub(super) fn strings(&self) -> &WordStrings {
        self.strings.get_or_init(|| {
            let (text, spans) = &self.in_file;
            let mut copy = huge_vec(text.len());
            copy.extend_from_slice(text);
            WordStrings {
                // Checked when read.
                text: String::from_utf8(copy).unwrap_or_default(),
                spans: Table::in_huge_pages(spans),
            }
        })
    }
}

impl WordTexts {
    /// [`WordTexts::of`] `trie`, read from its file among `files` (those
    /// beside the dictionary's cache entry) when there are some and it
    /// holds them, and written there when not.
    pub(super) fn cached(
        trie: &Trie,
        alphabet: &Alphabet,
        files: Option<&DerivedFiles>,
    ) -> WordTexts {
        let Some(files) = files else {
            return WordTexts::of(trie, alphabet);
        };
        let path = files.path(KIND, &LAYOUT.to_le_bytes());
        let head = head(files.header());
        if let Some(texts) = files.load(&path).and_then(|file| {
            let texts = read(&file, &head, trie.word_count())?;
            file.found_whole();
            Some(texts)
        }) {
            return texts;
        }
        let texts = WordTexts::of(trie, alphabet);
        // A file that cannot be written costs the next run the walk,
        // nothing more.
        let _ = files.write(&path, &[&texts.encode(head)]);
        texts
    }

    /// The bytes of the file of these texts after `head`.
    fn encode(&self, head: Vec<u8>) -> Vec<u8> {
        let mut out = Writer::new(head);
        let strings = self.strings();
        out.counts(&[
            strings.spans.len(),
            strings.text.len(),
            self.long_json.len(),
        ]);
        out.table(&self.json_slots, JSON_SLOT);
        out.table(&strings.spans, 8);
        out.table(strings.text.as_bytes(), 8);
        out.table(&self.long_json, 8);
        out.finish()
    }
}

/// The file's first bytes, before the counts.
fn head(header: &[u8]) -> Vec<u8> {
    let mut head = header.to_vec();
    head.extend_from_slice(&LAYOUT.to_ne_bytes());
    head
}

/// The texts in `file` when it starts with `head`, holds `word_count`
/// words, is whole, and every place in it is inside its text or its long
/// starts, the text's on its characters' bounds.
fn read(file: &Loaded, head: &[u8], word_count: usize) -> Option<WordTexts> {
    let mut reader = Reader::new(file, head)?;
    let [words, text_len, long_len] = reader.counts()?;
    if words != word_count {
        return None;
    }
    let json_slots: Table<JsonSlot> = reader.table(words, JSON_SLOT)?;
    let spans: Table<[u32; 2]> = reader.table(words, 8)?;
    let text: Table<u8> = reader.table(text_len, 8)?;
    let long_json: Table<u8> = reader.table(long_len, 8)?;
    reader.finish()?;
    let checked_text = std::str::from_utf8(&text).ok()?;
    // Folds with `&` rather than `all`: no branch per value, so that the
    // compiler checks several at a time.
    let spans_fit = spans.iter().fold(true, |fit, &[start, end]| {
        fit & (start <= end)
            & checked_text.is_char_boundary(start as usize)
            & checked_text.is_char_boundary(end as usize)
    });
    let slots_fit = json_slots.iter().fold(true, |fit, slot| {
        let len = slot.0[JSON_SLOT - 1];
        fit & (usize::from(len) < JSON_SLOT || len == JsonSlot::LONG)
    });
    let longs_fit = json_slots
        .iter()
        .filter(|slot| slot.0[JSON_SLOT - 1] == JsonSlot::LONG)
        .all(|slot| slot.start(&long_json).is_some());
    // The slots in huge pages of the run's own: each board's words read
    // them all over the table, and from the file's pages writing 100,000
    // boards as JSON took 7% more time (docs/performance.md).
    (spans_fit && slots_fit && longs_fit).then(|| WordTexts {
        strings: OnceLock::new(),
        json_slots: Table::in_huge_pages(&json_slots),
        in_file: (text, spans),
        long_json,
    })
}

#[cfg(test)]
mod tests;
