use std::fs;
use std::path::{Path, PathBuf};

use super::*;
use crate::alphabet::Normalizer;
use crate::dict::Dictionary;
use crate::dict::cache::test_support::{
    cached_list, derived_files, every_change_refused, forged, mapped_list, stamp_as_checked,
    stamp_path,
};

/// Words with a long JSON start (past a slot), one with a quote to escape,
/// and letters beyond ASCII.
const WORDS: &str = "tea\neat\nate\nquit\nquiet\ncounterrevolutionaries\nrock'n'roll\n\
                     o\"neil\näiti\nöljy\nzebra\n";

/// [`WordTexts::cached`] for `dict`.
fn cached(dict: &Dictionary) -> WordTexts {
    WordTexts::cached(dict.trie(), dict.alphabet(), dict.derived_files())
}

/// [`WordTexts::of`] for `dict`.
fn of(dict: &Dictionary) -> WordTexts {
    WordTexts::of(dict.trie(), dict.alphabet())
}

/// The texts read back from `bytes` put in the file at `path`.
fn read_back(dict: &Dictionary, path: &Path, bytes: &[u8]) -> Option<WordTexts> {
    fs::write(path, bytes).unwrap();
    let files = dict.derived_files().unwrap();
    read(&files.load(path)?, &head(files.header()), dict.word_count())
}

/// Where the file of `texts` holds each of its tables, worked out from the
/// layout the module describes: the JSON slots, the places, the text and
/// the long starts.
fn places(texts: &WordTexts) -> [usize; 4] {
    let words = texts.strings().spans.len();
    let sizes = [
        JSON_SLOT * words,
        8 * words,
        texts.strings().text.len(),
        texts.long_json.len(),
    ];
    let aligns = [JSON_SLOT, 8, 8, 8];
    let mut at: usize = 32 + 4 + 12;
    let mut places = [0; 4];
    for ((place, size), align) in places.iter_mut().zip(sizes).zip(aligns) {
        *place = at.next_multiple_of(align);
        at = *place + size;
    }
    places
}

/// The texts of [`WORDS`], written by a run through a cache: the temporary
/// folder, the dictionary, the texts, their file and its bytes.
fn written() -> (tempfile::TempDir, Dictionary, WordTexts, PathBuf, Vec<u8>) {
    let (temp, _list, _cache, dict) = cached_list(WORDS);
    let made = cached(&dict);
    let path = derived_files(temp.path(), KIND).remove(0);
    let bytes = fs::read(&path).unwrap();
    (temp, dict, made, path, bytes)
}

#[test]
fn written_once_then_read_as_made() {
    let (temp, dict, made, path, bytes) = written();
    let fresh = of(&dict);
    assert_eq!(made, fresh);
    // Some starts are long, so the long part of the file is tested too.
    assert!(!fresh.long_json.is_empty());
    assert_eq!(read_back(&dict, &path, &bytes).as_ref(), Some(&fresh));
    assert_eq!(cached(&dict), fresh);
    assert_eq!(derived_files(temp.path(), KIND), [path]);
    // What the dictionary writes from them: each word's text, and its
    // JSON start as the general writer escapes it.
    dict.prepare_word_texts();
    for word in dict.trie().words() {
        let text = dict.word_text(word);
        assert_eq!(dict.word_str(word), text);
        let mut json = b"{\"word\":".to_vec();
        crate::json::write_str(&mut json, &text).unwrap();
        json.extend_from_slice(b",\"score\":");
        assert_eq!(dict.word_json(word), Some(&json[..]), "{text}");
    }
}

#[test]
fn every_changed_byte_and_every_cut_is_caught() {
    let (_temp, dict, _made, path, bytes) = written();
    every_change_refused(&bytes, |bytes| read_back(&dict, &path, bytes).is_some());
}

#[test]
fn forged_places_are_refused() {
    let (_temp, dict, made, path, bytes) = written();
    let [slots_at, spans_at, text_at, _] = places(&made);
    let put = |bytes: &mut [u8], at: usize, value: u32| {
        bytes[at..at + 4].copy_from_slice(&value.to_ne_bytes());
    };
    // Unchanged, it reads back.
    let same = forged(&bytes, |_| {});
    assert_eq!(read_back(&dict, &path, &same).as_ref(), Some(&made));
    // A text's end past the text, a start after its end, and an end inside
    // a letter of two bytes.
    let strings = made.strings();
    let past = strings.text.len() as u32 + 1;
    let outside = forged(&bytes, |bytes| put(bytes, spans_at + 4, past));
    assert!(read_back(&dict, &path, &outside).is_none());
    let backwards = forged(&bytes, |bytes| {
        put(bytes, spans_at, strings.spans[0][1] + 1)
    });
    assert!(read_back(&dict, &path, &backwards).is_none());
    let (word, &[start, _]) = strings
        .spans
        .iter()
        .enumerate()
        .find(|(_, [start, end])| strings.text[*start as usize..*end as usize].starts_with('ä'))
        .unwrap();
    let split = forged(&bytes, |bytes| {
        put(bytes, spans_at + 8 * word + 4, start + 1)
    });
    assert!(read_back(&dict, &path, &split).is_none());
    // A slot's length past the slot, and a long start past the long starts.
    let slot_len = forged(&bytes, |bytes| {
        bytes[slots_at + JSON_SLOT - 1] = JSON_SLOT as u8
    });
    assert!(read_back(&dict, &path, &slot_len).is_none());
    let long = made
        .json_slots
        .iter()
        .position(|slot| slot.0[JSON_SLOT - 1] == JsonSlot::LONG)
        .unwrap();
    let beyond = made.long_json.len() as u32 + 1;
    let long_past = forged(&bytes, |bytes| {
        put(bytes, slots_at + JSON_SLOT * long + 4, beyond)
    });
    assert!(read_back(&dict, &path, &long_past).is_none());
    // Text that is not UTF-8.
    let bad = forged(&bytes, |bytes| bytes[text_at] = 0xff);
    assert!(read_back(&dict, &path, &bad).is_none());
}

#[test]
fn the_file_is_what_a_run_uses() {
    let (_temp, dict, made, path, bytes) = written();
    // The first word's first letter changed, in a file that passes every
    // check: the run writes the file's text, so it was read, not made.
    let [start, _] = made.strings().spans[0];
    let text_at = places(&made)[2];
    let changed = forged(&bytes, |bytes| bytes[text_at + start as usize] = b'X');
    fs::write(&path, &changed).unwrap();
    let used = cached(&dict);
    assert!(used.strings().text.starts_with('X'));
    assert_ne!(used, made);
}

#[test]
fn a_new_list_makes_new_texts() {
    let (temp, list, cache, dict) = cached_list(WORDS);
    let before = cached(&dict);
    fs::write(&list, format!("{WORDS}reset\nsitter\n")).unwrap();
    let dict = cache.load(&list, None, Normalizer::default()).unwrap().dict;
    let fresh = of(&dict);
    assert_ne!(fresh, before);
    assert_eq!(cached(&dict), fresh);
    // The same name, written anew.
    assert_eq!(derived_files(temp.path(), KIND).len(), 1);
    assert_eq!(cached(&dict), fresh);
}

#[test]
fn no_file_without_a_cache_or_in_the_way() {
    let (temp, _list, _cache, dict) = cached_list(WORDS);
    let fresh = of(&dict);
    // A list not loaded through the cache has no place for the file.
    let plain = Dictionary::from_words(WORDS.lines(), Normalizer::default()).unwrap();
    assert!(plain.derived_files().is_none());
    assert_eq!(cached(&plain), of(&plain));
    // A directory where the file would be: made, nothing read or written.
    let files = dict.derived_files().unwrap();
    fs::create_dir(files.path(KIND, &LAYOUT.to_le_bytes())).unwrap();
    assert_eq!(cached(&dict), fresh);
    assert!(
        derived_files(temp.path(), KIND)
            .iter()
            .all(|path| path.is_dir())
    );
}

/// Through a cache that maps its entries, the file is mapped and used
/// where it lies: the same texts, and the same words written; found
/// whole, it is stamped, and the stamp spares the next run its checksum.
#[test]
fn a_mapped_file_gives_the_same_texts() {
    let (temp, dict) = mapped_list(WORDS);
    let made = of(&dict);
    // Written by the first, used from the file by the second.
    assert_eq!(cached(&dict), made);
    let read = cached(&dict);
    assert!(matches!(read.long_json, Table::InFile(..)));
    assert!(matches!(read.in_file.1, Table::InFile(..)));
    assert_eq!(read, made);
    // Found whole, so stamped: with the stamp kept for the file as it is,
    // a wrong checksum is not seen; without, it is.
    let path = derived_files(temp.path(), KIND).remove(0);
    assert!(stamp_path(&path).exists());
    let mut bytes = fs::read(&path).unwrap();
    *bytes.last_mut().unwrap() ^= 1;
    fs::write(&path, &bytes).unwrap();
    stamp_as_checked(&path);
    assert!(matches!(cached(&dict).in_file.1, Table::InFile(..)));
    fs::remove_file(stamp_path(&path)).unwrap();
    assert!(matches!(cached(&dict).in_file.1, Table::Owned(..)));
    dict.prepare_word_texts();
    for word in dict.trie().words() {
        assert_eq!(dict.word_str(word), dict.word_text(word));
    }
}
