//! Every word's text and JSON start, made once per dictionary for runs
//! that write many solutions
//! ([`Dictionary::prepare_word_texts`](super::Dictionary::prepare_word_texts)),
//! and kept in a file beside the dictionary's cache entry
//! ([`DerivedFiles`]): making them walks the whole trie, tens of
//! milliseconds for the English list, where reading them back takes a few.
//!
//! The file, every number little-endian: the entry's header (32 bytes);
//! the layout ([`LAYOUT`], `u32`); the word count, the text's length and
//! the long starts' length (`u32` each); the text; per word the start and
//! end of its text (`u32` each); per word its JSON slot (32 bytes); the
//! long starts; and a CRC-32 of everything before. A file that differs
//! in any part, is cut short or damaged, or holds a place outside its
//! text, is not used: the texts are made again and the file written anew.
//! A file forged to pass every check gives wrong words, never a crash:
//! every read of a text or a start is bounded.

use super::cache::{CheckedFile, DerivedFiles, u32_at};
use crate::alphabet::{Alphabet, Symbol};
use crate::mapped::huge_vec;
use crate::trie::{NodeId, Trie};

/// The layout of the file; another number is another layout.
const LAYOUT: u32 = 1;

/// The files' kind, in their names.
const KIND: &str = "texts";

/// Every word's text in one buffer: what writing many solutions reads,
/// rather than spelling each word back from the trie.
#[derive(Debug, Default, PartialEq, Eq)]
pub(super) struct WordTexts {
    pub(super) text: String,
    /// Per word id, where its text is in `text`.
    pub(super) spans: Vec<(u32, u32)>,
    /// Per word id, the start of its JSON object up to its score,
    /// `{"word":"…","score":`, in a fixed [`JSON_SLOT`] bytes with its
    /// length in the last one: copied as a whole, with no call and no
    /// second read. A start too long for it is in `long_json`, and its
    /// slot says where.
    pub(super) json_slots: Vec<JsonSlot>,
    pub(super) long_json: Vec<u8>,
}

/// The bytes of a [`JsonSlot`]: the start of a word of up to 12 bytes.
pub(super) const JSON_SLOT: usize = 32;

/// A word's JSON start, `{"word":"…","score":`, in a fixed place of its
/// own ([`WordTexts::json_slots`]); or, for a longer one, [`JsonSlot::LONG`]
/// in the last byte and the start and end of its place in
/// [`WordTexts::long_json`] in the first eight.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[repr(align(32))]
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
        let text = String::from_utf8(huge_vec(words.saturating_mul(12))).unwrap_or_default();
        let mut texts = WordTexts {
            text,
            spans: huge_vec(words),
            json_slots: huge_vec(words),
            long_json: Vec::new(),
        };
        texts.spans.resize(words, (0, 0));
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
            if let Some(span) = node
                .word()
                .and_then(|word| texts.spans.get_mut(word.index()))
            {
                let start = texts.text.len();
                texts.text.push_str(&prefix);
                *span = (start as u32, texts.text.len() as u32);
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
        for &(start, end) in &texts.spans {
            let text = texts.text.get(start as usize..end as usize);
            let text = text.unwrap_or_default();
            let slot = JsonSlot::plain(text).unwrap_or_else(|| {
                json.clear();
                json.extend_from_slice(JsonSlot::HEAD);
                // Writing into a `Vec` cannot fail.
                let _ = crate::json::write_str(&mut json, text);
                json.extend_from_slice(JsonSlot::TAIL);
                JsonSlot::new(&json, &mut texts.long_json)
            });
            texts.json_slots.push(slot);
        }
        texts
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
        if let Some(texts) = files
            .open(&path)
            .and_then(|file| read(CheckedFile::new(file), &head, trie.word_count()))
        {
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
        let mut out = head;
        out.reserve(12 + self.text.len() + 40 * self.spans.len() + self.long_json.len() + 4);
        for count in [self.spans.len(), self.text.len(), self.long_json.len()] {
            out.extend_from_slice(&(count as u32).to_le_bytes());
        }
        out.extend_from_slice(self.text.as_bytes());
        for &(start, end) in &self.spans {
            out.extend_from_slice(&start.to_le_bytes());
            out.extend_from_slice(&end.to_le_bytes());
        }
        for slot in &self.json_slots {
            out.extend_from_slice(&slot.0);
        }
        out.extend_from_slice(&self.long_json);
        let crc = crc32fast::hash(&out);
        out.extend_from_slice(&crc.to_le_bytes());
        out
    }
}

/// The file's first bytes, before the counts.
fn head(header: &[u8]) -> Vec<u8> {
    let mut head = header.to_vec();
    head.extend_from_slice(&LAYOUT.to_le_bytes());
    head
}

/// The texts in `file` when it starts with `head`, holds `word_count`
/// words, is whole, and every place in it is inside its text or its long
/// starts.
fn read(mut file: CheckedFile, head: &[u8], word_count: usize) -> Option<WordTexts> {
    let size = file.len()?;
    let mut start = vec![0; head.len() + 12];
    file.read(&mut start)?;
    if start[..head.len()] != *head {
        return None;
    }
    let count = |at: usize| u32_at(&start, head.len() + at) as usize;
    let (words, text_len, long_len) = (count(0), count(4), count(8));
    // The size the counts give, checked before anything is allocated for
    // them.
    let expected = (start.len() as u64)
        .checked_add(text_len as u64)?
        .checked_add(40 * words as u64)?
        .checked_add(long_len as u64)?
        .checked_add(4)?;
    if words != word_count || expected != size {
        return None;
    }
    let mut text = huge_vec(text_len);
    text.resize(text_len, 0);
    file.read(&mut text)?;
    let text = String::from_utf8(text).ok()?;
    let mut spans = huge_vec(words);
    file.records(words, 8, |bytes| {
        let span = (u32_at(bytes, 0), u32_at(bytes, 4));
        spans.push(span);
        span.0 <= span.1
            && text.is_char_boundary(span.0 as usize)
            && text.is_char_boundary(span.1 as usize)
    })?;
    let mut json_slots = huge_vec(words);
    let mut longs = Vec::new();
    file.records(words, JSON_SLOT, |bytes| {
        let slot = JsonSlot(bytes.try_into().unwrap_or([0; JSON_SLOT]));
        let len = slot.0[JSON_SLOT - 1];
        if len == JsonSlot::LONG {
            longs.push((u32_at(&slot.0, 0), u32_at(&slot.0, 4)));
        }
        json_slots.push(slot);
        usize::from(len) < JSON_SLOT || len == JsonSlot::LONG
    })?;
    let mut long_json = vec![0; long_len];
    file.read(&mut long_json)?;
    if !longs
        .iter()
        .all(|&(start, end)| start <= end && end as usize <= long_len)
    {
        return None;
    }
    file.finish()?;
    Some(WordTexts {
        text,
        spans,
        json_slots,
        long_json,
    })
}

#[cfg(test)]
mod tests;
