//! The tile core's trie kept in a file beside the dictionary's cache entry
//! ([`DerivedFiles`]): building it takes tens of milliseconds for a large
//! list, more than the first thousands of boards a batch solves with it;
//! reading it back takes a few.
//!
//! The file, every number little-endian: the entry's header (32 bytes);
//! the layout ([`LAYOUT`], `u32`); what the trie was made for (the tiles,
//! the rules and the lengths counted), its length (`u32`) and its bytes;
//! the node and word counts (`u32` each); per node its child mask, its
//! first child, its word and its first mark (`u32` each); per word its
//! length in letters (`u8`); and a CRC-32 of everything before. The scores
//! are not kept: they follow from the lengths. The marks are kept although
//! they follow from the words and scores too: working them out reads those
//! all over the arrays (6.8% of a 16,385-board batch's time when it was
//! tried, docs/performance.md).
//!
//! A file that differs in any part, is cut short or damaged, or holds a
//! trie that would send the walk outside its arrays, is not used: the trie
//! is built again and the file written anew. Even a file forged to pass
//! every check gives wrong words, never a crash, as the walk's reads are
//! bounded.

use super::{TileNode, TileTrie};
use crate::dict::cache::{CheckedFile, DerivedFiles, u32_at};
use crate::mapped::huge_vec;
use crate::rules::Rules;

/// The layout of the file; another number is another layout.
const LAYOUT: u32 = 1;

/// The files' kind, in their names.
const KIND: &str = "tiles";

/// The trie from its file beside the dictionary's entry when that holds the
/// trie made for `made_for` from this entry; otherwise `build`'s, written
/// there for the next run.
pub(super) fn load_or_build(
    files: &DerivedFiles,
    made_for: &[u8],
    rules: Rules,
    word_count: usize,
    build: impl FnOnce() -> TileTrie,
) -> TileTrie {
    let path = files.path(KIND, made_for);
    let head = head(files.header(), made_for);
    if let Some(trie) = files
        .open(&path)
        .and_then(|file| read(CheckedFile::new(file), &head, rules, word_count))
    {
        return trie;
    }
    let trie = build();
    // A file that cannot be written costs the next run a build, nothing
    // more.
    let _ = files.write(&path, &[&encode(&trie, head)]);
    trie
}

/// The file's first bytes, before the counts.
fn head(header: &[u8], made_for: &[u8]) -> Vec<u8> {
    let mut head = header.to_vec();
    head.extend_from_slice(&LAYOUT.to_le_bytes());
    head.extend_from_slice(&(made_for.len() as u32).to_le_bytes());
    head.extend_from_slice(made_for);
    head
}

/// The bytes of the file of `trie` after `head`.
fn encode(trie: &TileTrie, head: Vec<u8>) -> Vec<u8> {
    let nodes = trie.nodes.len();
    let words = trie.lengths.len();
    let mut out = head;
    out.reserve(8 + 16 * nodes + words + 4);
    out.extend_from_slice(&(nodes as u32).to_le_bytes());
    out.extend_from_slice(&(words as u32).to_le_bytes());
    for ((node, word), mark) in trie.nodes.iter().zip(&trie.words).zip(&trie.marks) {
        for value in [node.children, node.first, *word, *mark] {
            out.extend_from_slice(&value.to_le_bytes());
        }
    }
    out.extend_from_slice(&trie.lengths);
    let crc = crc32fast::hash(&out);
    out.extend_from_slice(&crc.to_le_bytes());
    out
}

/// The trie in `file` when it starts with `head`, holds `word_count`
/// words, is whole, and every node [fits](TileTrie::fits).
fn read(mut reader: CheckedFile, head: &[u8], rules: Rules, word_count: usize) -> Option<TileTrie> {
    let size = reader.len()?;
    let mut start = vec![0; head.len() + 8];
    reader.read(&mut start)?;
    if start[..head.len()] != *head {
        return None;
    }
    let count =
        |at: usize| u32::from_le_bytes([start[at], start[at + 1], start[at + 2], start[at + 3]]);
    let (nodes, words) = (count(head.len()) as usize, count(head.len() + 4) as usize);
    // The size the counts give, checked before anything is allocated for
    // them.
    let expected = (start.len() as u64)
        .checked_add(16 * nodes as u64)?
        .checked_add(words as u64)?
        .checked_add(4)?;
    if words != word_count || expected != size {
        return None;
    }
    // Each node checked as it is read, while its bytes are at hand.
    let count = nodes;
    let mut nodes = huge_vec(count);
    let mut node_words = huge_vec(count);
    let mut marks = huge_vec(count);
    reader.records(count, 16, |bytes| {
        let node = TileNode {
            children: u32_at(bytes, 0),
            first: u32_at(bytes, 4),
        };
        let (word, mark) = (u32_at(bytes, 8), u32_at(bytes, 12));
        nodes.push(node);
        node_words.push(word);
        marks.push(mark);
        TileTrie::fits(node, word, mark, count, words)
    })?;
    let mut lengths = Vec::with_capacity(words);
    reader.records(words, 1, |bytes| {
        lengths.push(bytes[0]);
        true
    })?;
    reader.finish()?;
    TileTrie::from_checked(nodes, node_words, marks, lengths, rules)
}

#[cfg(test)]
mod tests {
    use std::fs;
    use std::path::{Path, PathBuf};

    use super::super::Mark;
    use super::*;
    use crate::alphabet::Normalizer;
    use crate::board::Tile;
    use crate::dict::Dictionary;
    use crate::dict::cache::test_support::{
        cached_list, derived_files, every_change_refused, forged,
    };
    use crate::rules::LengthOptions;

    const WORDS: &str = "tea\neat\nate\nquit\nquiet\nthe\nthese\ntheses\nstreet\nsetter\nqi\n";

    fn tiles() -> Vec<Tile> {
        let mut tiles: Vec<Tile> = "aeiqrstuh".chars().map(Tile::Letter).collect();
        tiles.push(Tile::qu());
        tiles.push(Tile::Letters("th".into()));
        tiles.push(Tile::Blank);
        tiles
    }

    /// The trie read back from `bytes` put in the file at `path`, as a run
    /// under `rules` would read it.
    fn read_back(dict: &Dictionary, path: &Path, bytes: &[u8], rules: Rules) -> Option<TileTrie> {
        fs::write(path, bytes).unwrap();
        let files = dict.derived_files().unwrap();
        let tiles = tiles();
        let lengths = LengthOptions::default().filter(rules);
        let made_for = format!("{tiles:?} {rules:?} {lengths:?}");
        let head = head(files.header(), made_for.as_bytes());
        read(
            CheckedFile::new(files.open(path)?),
            &head,
            rules,
            dict.word_count(),
        )
    }

    #[test]
    fn written_once_then_read_as_built() {
        let (temp, _list, _cache, dict) = cached_list(WORDS);
        for rules in [Rules::Classic, Rules::SuperBig] {
            let lengths = LengthOptions::default().filter(rules);
            let built = TileTrie::with_lengths(&dict, &tiles(), rules, lengths);
            assert_eq!(TileTrie::cached(&dict, &tiles(), rules, lengths), built);
            let written = derived_files(temp.path(), KIND);
            // Read back, not built: the file's trie is used as it stands.
            let made_for = format!("{:?} {rules:?} {lengths:?}", tiles());
            let path = dict
                .derived_files()
                .unwrap()
                .path(KIND, made_for.as_bytes());
            assert!(written.contains(&path));
            let bytes = fs::read(&path).unwrap();
            assert_eq!(
                read_back(&dict, &path, &bytes, rules).as_ref(),
                Some(&built)
            );
            assert_eq!(TileTrie::cached(&dict, &tiles(), rules, lengths), built);
            assert_eq!(derived_files(temp.path(), KIND).len(), written.len());
        }
        // One file per rule set (and tiles and lengths).
        assert_eq!(derived_files(temp.path(), KIND).len(), 2);
    }

    /// The classic trie of [`WORDS`], written by a run through a cache: the
    /// temporary folder, the dictionary, the trie, its file and the file's
    /// bytes.
    fn written() -> (tempfile::TempDir, Dictionary, TileTrie, PathBuf, Vec<u8>) {
        let (temp, _list, _cache, dict) = cached_list(WORDS);
        let rules = Rules::Classic;
        let built = TileTrie::cached(
            &dict,
            &tiles(),
            rules,
            LengthOptions::default().filter(rules),
        );
        let path = derived_files(temp.path(), KIND).remove(0);
        let bytes = fs::read(&path).unwrap();
        (temp, dict, built, path, bytes)
    }

    #[test]
    fn every_changed_byte_and_every_cut_is_caught() {
        let (_temp, dict, _built, path, bytes) = written();
        let rules = Rules::Classic;
        every_change_refused(&bytes, |bytes| {
            read_back(&dict, &path, bytes, rules).is_some()
        });
        // Another rule set's reader does not take this file.
        assert!(read_back(&dict, &path, &bytes, Rules::Big).is_none());
    }

    #[test]
    fn a_forged_trie_is_refused() {
        let (_temp, dict, built, path, bytes) = written();
        let rules = Rules::Classic;
        // Each node's record: children, first child, word, mark.
        let nodes_at = bytes.len() - 4 - dict.word_count() - 16 * built.nodes.len();
        let words_at = nodes_at + 8;
        let marks_at = nodes_at + 12;
        let lengths_at = nodes_at + 16 * built.nodes.len();
        let put = |bytes: &mut [u8], at: usize, value: u32| {
            bytes[at..at + 4].copy_from_slice(&value.to_le_bytes());
        };
        // Unchanged, it reads back.
        let same = forged(&bytes, |_| {});
        assert_eq!(read_back(&dict, &path, &same, rules).as_ref(), Some(&built));
        // The root's children past the last node.
        let past = built.nodes.len() as u32;
        let outside = forged(&bytes, |bytes| put(bytes, nodes_at + 4, past));
        assert!(read_back(&dict, &path, &outside, rules).is_none());
        // A node's word past the last word, and one on a node without its
        // word bit.
        let word_node = built
            .words
            .iter()
            .position(|&word| word != TileNode::NO_WORD)
            .unwrap();
        let far = dict.word_count() as u32;
        let no_word = forged(&bytes, |bytes| put(bytes, words_at + 16 * word_node, far));
        assert!(read_back(&dict, &path, &no_word, rules).is_none());
        let bare = forged(&bytes, |bytes| put(bytes, words_at, 0));
        assert!(read_back(&dict, &path, &bare, rules).is_none());
        // A mark that is no score, and one on a node that ends no word.
        let high = forged(&bytes, |bytes| {
            put(bytes, marks_at + 16 * word_node, Mark::SCORE + 1)
        });
        assert!(read_back(&dict, &path, &high, rules).is_none());
        let root = forged(&bytes, |bytes| put(bytes, marks_at, 1));
        assert!(read_back(&dict, &path, &root, rules).is_none());
        // A length no filter allows.
        let long = forged(&bytes, |bytes| bytes[lengths_at] = 200);
        assert!(read_back(&dict, &path, &long, rules).is_none());
    }

    #[test]
    fn the_file_is_what_a_run_uses() {
        let (_temp, dict, built, path, bytes) = written();
        let rules = Rules::Classic;
        let lengths = LengthOptions::default().filter(rules);
        // A word counted as a letter longer, in a file that passes every
        // check: the run takes the file's word, so it was read, not built.
        let word = built.lengths.iter().position(|&len| len > 0).unwrap();
        let at = bytes.len() - 4 - dict.word_count() + word;
        let longer = forged(&bytes, |bytes| bytes[at] += 1);
        fs::write(&path, &longer).unwrap();
        let used = TileTrie::cached(&dict, &tiles(), rules, lengths);
        assert_eq!(
            usize::from(used.lengths[word]),
            usize::from(built.lengths[word]) + 1
        );
        assert_eq!(
            used.scores[word],
            rules.score(usize::from(used.lengths[word]))
        );
    }

    #[test]
    fn a_new_list_makes_a_new_trie() {
        let (temp, list, cache, dict) = cached_list(WORDS);
        let rules = Rules::Classic;
        let lengths = LengthOptions::default().filter(rules);
        let before = TileTrie::cached(&dict, &tiles(), rules, lengths);
        fs::write(&list, format!("{WORDS}reset\nsitter\n")).unwrap();
        let dict = cache.load(&list, None, Normalizer::default()).unwrap().dict;
        let built = TileTrie::with_lengths(&dict, &tiles(), rules, lengths);
        assert_ne!(built, before);
        assert_eq!(TileTrie::cached(&dict, &tiles(), rules, lengths), built);
        // The same name, written anew.
        assert_eq!(derived_files(temp.path(), KIND).len(), 1);
        assert_eq!(TileTrie::cached(&dict, &tiles(), rules, lengths), built);
    }

    #[test]
    fn no_file_without_a_cache_or_in_the_way() {
        let (temp, _list, _cache, dict) = cached_list(WORDS);
        let rules = Rules::Classic;
        let lengths = LengthOptions::default().filter(rules);
        let built = TileTrie::with_lengths(&dict, &tiles(), rules, lengths);
        // A list not loaded through the cache has no place for the file.
        let plain = Dictionary::from_words(WORDS.lines(), Normalizer::default()).unwrap();
        assert!(plain.derived_files().is_none());
        assert_eq!(TileTrie::cached(&plain, &tiles(), rules, lengths), built);
        // A directory where the file would be: built, nothing read or
        // written.
        let files = dict.derived_files().unwrap();
        let made_for = format!("{:?} {rules:?} {lengths:?}", tiles());
        fs::create_dir(files.path(KIND, made_for.as_bytes())).unwrap();
        assert_eq!(TileTrie::cached(&dict, &tiles(), rules, lengths), built);
        assert!(derived_files(temp.path(), KIND)[0].is_dir());
    }
}
