//! The tile core's trie kept in a file beside the dictionary's cache entry
//! ([`DerivedFiles`]): building it takes tens of milliseconds for a large
//! list, more than the first thousands of boards a batch solves with it;
//! using it from the file takes a few.
//!
//! The file, in the layout of [`Writer`]: the entry's header (32 bytes);
//! the layout ([`LAYOUT`], in the machine's byte order, so that a machine
//! of the other order sees another layout); what the trie was made for
//! (the tiles, the rules and the lengths counted), its length and its
//! bytes; the counts of nodes, words and words ranked; then the tables:
//! per node its child mask and first child, its word, its first mark and
//! its word's rank; per rank its word ([`super::ListedWord`]) and its
//! text ([`super::WordText`]); per word its score and its length in
//! letters. The marks, scores, listing and texts follow from the rest,
//! but working them out costs more than reading them: the marks read the
//! words and scores all over the arrays (6.8% of a 16,385-board batch's
//! time when it was tried), the listing ranks every word (6 ms for the
//! English list, docs/performance.md), and the texts need the
//! dictionary's, which a run that finds them here need not load.
//!
//! The tables are used where they lie in the file, mapped when the cache
//! maps its entries, or read whole. A file that differs in any part, is
//! cut short or damaged, or holds a trie that would send the walk outside
//! its arrays ([`TileTrie::from_tables`]), is not used: the trie is built
//! again and the file written anew. Even a file forged to pass every check
//! gives wrong words, never a crash, as the walk's reads are bounded.

use super::{Listing, TileTrie};
use crate::dict::Dictionary;
use crate::dict::cache::{DerivedFiles, Loaded, Reader, Writer};

/// The layout of the file; another number is another layout.
const LAYOUT: u32 = 4;

/// The files' kind, in their names.
const KIND: &str = "tiles";

/// The trie from its file beside the dictionary's entry when that holds the
/// trie made for `made_for` from this entry; otherwise `build`'s, written
/// there for the next run.
pub(super) fn load_or_build(
    files: &DerivedFiles,
    made_for: &[u8],
    dict: &Dictionary,
    build: impl FnOnce() -> TileTrie,
) -> TileTrie {
    let word_count = dict.word_count();
    let path = path(files, made_for);
    let head = head(files.header(), made_for);
    if let Some(trie) = files.load(&path).and_then(|file| {
        let trie = read(&file, &head, word_count)?;
        file.found_whole();
        Some(trie)
    }) {
        return trie;
    }
    let trie = build();
    // A file that cannot be written costs the next run a build, nothing
    // more.
    let _ = files.write(&path, &[&encode(&trie, dict, head)]);
    trie
}

/// The path of the file of the trie made for `made_for`. The layout is
/// in the name too, so that runs of builds that read another layout keep
/// files of their own.
fn path(files: &DerivedFiles, made_for: &[u8]) -> std::path::PathBuf {
    let mut key = LAYOUT.to_le_bytes().to_vec();
    key.extend_from_slice(made_for);
    files.path(KIND, &key)
}

/// The file's first bytes, before the counts.
fn head(header: &[u8], made_for: &[u8]) -> Vec<u8> {
    let mut head = header.to_vec();
    head.extend_from_slice(&LAYOUT.to_ne_bytes());
    head.extend_from_slice(&(made_for.len() as u32).to_le_bytes());
    head.extend_from_slice(made_for);
    head
}

/// The bytes of the file of `trie`, made from `dict`, after `head`.
fn encode(trie: &TileTrie, dict: &Dictionary, head: Vec<u8>) -> Vec<u8> {
    let listing = trie.listing();
    let texts = trie.word_texts(dict);
    let mut out = Writer::new(head);
    out.counts(&[trie.nodes.len(), trie.lengths.len(), listing.by_rank.len()]);
    out.table(&trie.nodes, 8);
    out.table(&trie.words, 8);
    out.table(&trie.marks, 8);
    out.table(&listing.ranks, 8);
    out.table(&listing.by_rank, 8);
    out.table(texts, 16);
    out.table(&trie.scores, 8);
    out.table(&trie.lengths, 8);
    out.finish()
}

/// The trie in `file` when it starts with `head`, holds `word_count`
/// words, is whole, and its tables are a trie's
/// ([`TileTrie::from_tables`]).
fn read(file: &Loaded, head: &[u8], word_count: usize) -> Option<TileTrie> {
    let mut reader = Reader::new(file, head)?;
    let [nodes, words, ranked] = reader.counts()?;
    if words != word_count {
        return None;
    }
    let node_table = reader.table(nodes, 8)?;
    let node_words = reader.table(nodes, 8)?;
    let marks = reader.table(nodes, 8)?;
    let ranks = reader.table(nodes, 8)?;
    let by_rank = reader.table(ranked, 8)?;
    let texts = reader.table(ranked, 16)?;
    let scores = reader.table(words, 8)?;
    let lengths = reader.table(words, 8)?;
    reader.finish()?;
    TileTrie::from_tables(
        node_table,
        node_words,
        marks,
        scores,
        lengths,
        Listing { ranks, by_rank },
        texts,
    )
}

#[cfg(test)]
mod tests {
    use std::fs;
    use std::path::{Path, PathBuf};

    use super::super::{Mark, TileNode, WordText};
    use super::*;
    use crate::alphabet::Normalizer;
    use crate::board::Tile;
    use crate::dict::Dictionary;
    use crate::dict::cache::test_support::{
        cached_list, derived_files, every_change_refused, forged, mapped_list, stamp_as_checked,
        stamp_path,
    };
    use crate::mapped::Table;
    use crate::rules::{LengthOptions, Rules};

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
        read(&files.load(path)?, &head, dict.word_count())
    }

    /// Where the file of `trie` holds each of its tables, worked out from
    /// the layout the module describes: the nodes, their words, marks and
    /// ranks, the words by rank and their texts, the scores and the
    /// lengths.
    fn places(dict: &Dictionary, trie: &TileTrie, rules: Rules) -> [usize; 8] {
        let lengths = LengthOptions::default().filter(rules);
        let made_for = format!("{:?} {rules:?} {lengths:?}", tiles());
        let (nodes, words) = (trie.nodes.len(), dict.word_count());
        let ranked = trie.listing().by_rank.len();
        let sizes = [
            (8 * nodes, 8),
            (4 * nodes, 8),
            (4 * nodes, 8),
            (4 * nodes, 8),
            (8 * ranked, 8),
            (16 * ranked, 16),
            (4 * words, 8),
            (words, 8),
        ];
        let mut at = 32 + 4 + 4 + made_for.len() + 12;
        sizes.map(|(size, align)| {
            let start = at.next_multiple_of(align);
            at = start + size;
            start
        })
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
            let path = path(dict.derived_files().unwrap(), made_for.as_bytes());
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
        let [
            nodes_at,
            words_at,
            marks_at,
            ranks_at,
            _,
            texts_at,
            _,
            lengths_at,
        ] = places(&dict, &built, rules);
        let put = |bytes: &mut [u8], at: usize, value: u32| {
            bytes[at..at + 4].copy_from_slice(&value.to_ne_bytes());
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
        let no_word = forged(&bytes, |bytes| put(bytes, words_at + 4 * word_node, far));
        assert!(read_back(&dict, &path, &no_word, rules).is_none());
        let bare = forged(&bytes, |bytes| put(bytes, words_at, 0));
        assert!(read_back(&dict, &path, &bare, rules).is_none());
        // A mark that is no score, and one on a node that ends no word.
        let high = forged(&bytes, |bytes| {
            put(bytes, marks_at + 4 * word_node, Mark::SCORE + 1)
        });
        assert!(read_back(&dict, &path, &high, rules).is_none());
        let root = forged(&bytes, |bytes| put(bytes, marks_at, 1));
        assert!(read_back(&dict, &path, &root, rules).is_none());
        // A length no filter allows.
        let long = forged(&bytes, |bytes| bytes[lengths_at] = 200);
        assert!(read_back(&dict, &path, &long, rules).is_none());
        // A rank past the words ranked, which the walk's bits have no
        // room for; one at the end of them is a node's that ends no word.
        let ranked = built.listing().by_rank.len() as u32;
        let at_end = forged(&bytes, |bytes| put(bytes, ranks_at, ranked));
        assert_eq!(
            read_back(&dict, &path, &at_end, rules).as_ref(),
            Some(&built)
        );
        let past = forged(&bytes, |bytes| put(bytes, ranks_at, ranked + 1));
        assert!(read_back(&dict, &path, &past, rules).is_none());
        // A text JSON would escape, one that is not UTF-8, bytes after a
        // text's end, a score or a length past the most kept; and one not
        // kept that keeps bytes anyway: the file is taken, but not its texts, which
        // are made from the dictionary's when first asked for.
        let texts = built.word_texts(&dict);
        let first = texts
            .iter()
            .position(|text| text.kept_len() == Some(3))
            .unwrap();
        let text_at = texts_at + 16 * first;
        let refused = |bytes: &[u8]| {
            let read = read_back(&dict, &path, bytes, rules).unwrap();
            assert!(read.texts_in_file.is_some());
            assert_eq!(read.word_texts(&dict), texts);
            matches!(read.texts.get(), Some(Table::Owned(_)))
        };
        for (at, byte) in [
            (0, b'"'),
            (1, b'\\'),
            (2, 0x1f),
            (2, 0xff),
            (0, 0xc3),
            (3, b'a'),
            (13, b'a'),
            (14, 128),
            (15, 16 + 1),
            (15, 15),
        ] {
            let changed = forged(&bytes, |bytes| bytes[text_at + at] = byte);
            assert!(refused(&changed), "{at} {byte}");
        }
        let not_kept = forged(&bytes, |bytes| bytes[text_at + 15] = WordText::NONE);
        assert!(refused(&not_kept));
        // The file's own are taken, from the file.
        assert!(!refused(&same));
        // So are another plain text, or none kept: such a file gives wrong
        // words, and nothing worse.
        let other = forged(&bytes, |bytes| bytes[text_at] = b'z');
        let read = read_back(&dict, &path, &other, rules).unwrap();
        let text = read.word_texts(&dict)[first].text().unwrap();
        assert_eq!(text.as_bytes()[0], b'z');
        let none = forged(&bytes, |bytes| {
            bytes[text_at..text_at + 16].fill(0);
            bytes[text_at + 15] = WordText::NONE;
        });
        let read = read_back(&dict, &path, &none, rules).unwrap();
        assert_eq!(read.word_texts(&dict)[first].kept_len(), None);
    }

    #[test]
    fn the_file_is_what_a_run_uses() {
        let (_temp, dict, built, path, bytes) = written();
        let rules = Rules::Classic;
        let lengths = LengthOptions::default().filter(rules);
        // A word scored a point more, in a file that passes every check:
        // the run takes the file's score, so it was read, not built.
        let word = built.lengths.iter().position(|&len| len > 0).unwrap();
        let scores_at = places(&dict, &built, rules)[6];
        let at = scores_at + 4 * word;
        let more = forged(&bytes, |bytes| {
            let score = u32::from_ne_bytes(bytes[at..at + 4].try_into().unwrap());
            bytes[at..at + 4].copy_from_slice(&(score + 1).to_ne_bytes());
        });
        fs::write(&path, &more).unwrap();
        let used = TileTrie::cached(&dict, &tiles(), rules, lengths);
        assert_eq!(used.scores[word], built.scores[word] + 1);
        assert_eq!(used.lengths[word], built.lengths[word]);
        // So are the texts: a first letter changed is the run's.
        let texts_at = places(&dict, &built, rules)[5];
        let z = forged(&bytes, |bytes| bytes[texts_at] = b'z');
        fs::write(&path, &z).unwrap();
        let used = TileTrie::cached(&dict, &tiles(), rules, lengths);
        let first = built.word_texts(&dict)[0].text().unwrap();
        let used_first = used.word_texts(&dict)[0].text().unwrap();
        assert_eq!(used_first, format!("z{}", &first[1..]));
    }

    /// Through a cache that maps its entries, the file is mapped and used
    /// where it lies: the same trie.
    #[test]
    fn a_mapped_file_gives_the_same_trie() {
        let (_temp, dict) = mapped_list(WORDS);
        for rules in [Rules::Classic, Rules::Big] {
            let lengths = LengthOptions::default().filter(rules);
            let built = TileTrie::with_lengths(&dict, &tiles(), rules, lengths);
            // Written by the first, used from the file by the second.
            assert_eq!(TileTrie::cached(&dict, &tiles(), rules, lengths), built);
            let read = TileTrie::cached(&dict, &tiles(), rules, lengths);
            assert!(matches!(read.nodes, crate::mapped::Table::InFile(..)));
            assert_eq!(read, built);
            assert_eq!(read.listing().ranks, built.listing().ranks);
            assert_eq!(read.listing().by_rank, built.listing().by_rank);
        }
    }

    /// A mapped file found whole gets a stamp beside it, and while the
    /// stamp is the file's, the next run takes the file without its
    /// checksum (a file whose checksum is wrong is taken then); once the
    /// file changes, or without the stamp, the checksum is computed again
    /// and the file refused. A cache that reads its files keeps no stamp.
    #[test]
    fn a_stamp_vouches_for_a_mapped_file_until_it_changes() {
        use crate::mapped::Table;
        let (temp, dict) = mapped_list(WORDS);
        let rules = Rules::Classic;
        let lengths = LengthOptions::default().filter(rules);
        let built = TileTrie::with_lengths(&dict, &tiles(), rules, lengths);
        let cached = || TileTrie::cached(&dict, &tiles(), rules, lengths);
        assert_eq!(cached(), built);
        let path = derived_files(temp.path(), KIND).remove(0);
        let stamp = stamp_path(&path);
        assert!(!stamp.exists(), "a file only written has no stamp");
        assert!(matches!(cached().nodes, Table::InFile(..)));
        assert!(stamp.exists(), "a file found whole is stamped");

        // The checksum made wrong in place, and the stamp kept for the
        // file as it now is: the file is taken.
        let mut bytes = fs::read(&path).unwrap();
        *bytes.last_mut().unwrap() ^= 1;
        fs::write(&path, &bytes).unwrap();
        stamp_as_checked(&path);
        let vouched = cached();
        assert!(matches!(vouched.nodes, Table::InFile(..)));
        assert_eq!(vouched, built);
        // The values are still checked: a rank past the words ranked is
        // refused even with the stamp.
        let ranks_at = places(&dict, &built, rules)[3];
        let mut past = bytes.clone();
        past[ranks_at..ranks_at + 4].copy_from_slice(&u32::MAX.to_ne_bytes());
        fs::write(&path, &past).unwrap();
        stamp_as_checked(&path);
        assert!(matches!(cached().nodes, Table::Owned(..)), "rebuilt");

        // The stamp of a file that changed since vouches for nothing.
        fs::write(&path, &bytes).unwrap();
        stamp_as_checked(&path);
        let file = fs::File::options().write(true).open(&path).unwrap();
        file.set_modified(std::time::SystemTime::UNIX_EPOCH)
            .unwrap();
        drop(file);
        assert!(matches!(cached().nodes, Table::Owned(..)), "rebuilt");
        // Rebuilt and written whole again, then stamped anew.
        assert!(matches!(cached().nodes, Table::InFile(..)));

        // Without the stamp, the wrong checksum is seen.
        fs::write(&path, &bytes).unwrap();
        fs::remove_file(&stamp).unwrap();
        assert!(matches!(cached().nodes, Table::Owned(..)), "rebuilt");

        // A cache that reads its files checks them in full every time.
        let (temp, _list, _cache, dict) = cached_list(WORDS);
        for _ in 0..3 {
            assert_eq!(TileTrie::cached(&dict, &tiles(), rules, lengths), built);
        }
        let path = derived_files(temp.path(), KIND).remove(0);
        assert!(!stamp_path(&path).exists());
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
        fs::create_dir(path(files, made_for.as_bytes())).unwrap();
        assert_eq!(TileTrie::cached(&dict, &tiles(), rules, lengths), built);
        assert!(derived_files(temp.path(), KIND)[0].is_dir());
    }
}
