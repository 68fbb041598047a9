use super::*;

/// A fresh directory under the system's temporary directory, removed
/// when dropped.
struct TempDir(tempfile::TempDir);

impl TempDir {
    fn new(name: &str) -> TempDir {
        let prefix = format!("boggle-cache-test-{name}-");
        TempDir(tempfile::Builder::new().prefix(&prefix).tempdir().unwrap())
    }

    fn path(&self) -> &Path {
        self.0.path()
    }
}

/// A cache in `dir` that maps its entries, as the binary's does.
fn mapping_cache(dir: impl Into<PathBuf>) -> CacheDir {
    // SAFETY: the directory is the test's own, and its entries are only
    // ever replaced by renaming (`replace`), never changed in place.
    #[allow(unsafe_code)]
    unsafe {
        CacheDir::new(dir).mapping()
    }
}

/// A temporary directory holding the list `words.txt` of `text`, and a
/// cache that maps, made in it.
fn list_and_cache(name: &str, text: &str) -> (TempDir, PathBuf, CacheDir) {
    let temp = TempDir::new(name);
    let list = temp.path().join("words.txt");
    fs::write(&list, text).unwrap();
    let cache = mapping_cache(temp.path().join("cache"));
    (temp, list, cache)
}

/// Loads `list` through `cache`, read as its content says, accents kept.
fn load_list(cache: &CacheDir, list: &Path) -> Cached {
    cache.load(list, None, Normalizer::default()).unwrap()
}

fn words(dict: &Dictionary) -> Vec<String> {
    dict.trie().words().map(|w| dict.word_text(w)).collect()
}

/// Replaces `entry` with `bytes` by renaming, as the cache does (an
/// entry may be mapped), but without registering a partial file, which
/// a test running at the same time may remove.
/// The new file gets a time of change of its own: a file system may
/// give a new file the inode number of the one just removed, within
/// the same tick of its clock, which a real replacement, made by
/// another run, never is.
fn replace(entry: &Path, bytes: &[u8]) {
    static REPLACEMENTS: std::sync::atomic::AtomicU64 = std::sync::atomic::AtomicU64::new(0);
    let new = entry.with_extension("replacement");
    fs::write(&new, bytes).unwrap();
    let count = REPLACEMENTS.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
    let time = std::time::UNIX_EPOCH + std::time::Duration::from_secs(1_000_000 + count);
    fs::File::options()
        .write(true)
        .open(&new)
        .unwrap()
        .set_modified(time)
        .unwrap();
    fs::rename(&new, entry).unwrap();
}

/// A FIFO where an entry's stamp goes is neither waited on nor
/// trusted: the entry is checked, and used.
#[test]
fn a_fifo_stamp_is_not_read() {
    let (_temp, list, cache) = list_and_cache("fifo-stamp", "cat\ndog\n");
    let load = || load_list(&cache, &list);
    let entry = load().entry;
    mkfifo(&Stamp::path(&entry));
    let hit = load();
    assert_eq!(hit.status, CacheStatus::Hit);
    assert_eq!(words(&hit.dict), ["cat", "dog"]);
    assert_eq!(Stamp::read_at(&Stamp::path(&entry)), None);
}

/// A mapped entry's checksum is checked on its first hit, which then
/// keeps its stamp beside it; later hits trust the stamp. Without the
/// stamp, or with one that does not match, the entry is checked again.
#[test]
fn a_checked_entry_keeps_its_stamp() {
    let (_temp, list, cache) = list_and_cache("stamp", "cat\ndog\n");
    let load = || load_list(&cache, &list);
    let entry = load().entry;
    let stamp = Stamp::path(&entry);
    assert!(!stamp.exists(), "a stamp before the entry was read");
    assert_eq!(load().status, CacheStatus::Hit);
    let kept = Stamp::read_at(&Stamp::path(&entry)).expect("the first hit keeps a stamp");
    let metadata = fs::metadata(&entry).unwrap();
    assert_eq!(Some(kept), Stamp::of(&metadata));
    assert_eq!(load().status, CacheStatus::Hit);
    // A stamp of another file is not trusted: the entry, damaged,
    // is caught by its checksum.
    fs::write(&stamp, [0u8; 40]).unwrap();
    let mut bytes = fs::read(&entry).unwrap();
    let last = bytes.len() - 1;
    bytes[last] ^= 0x40;
    replace(&entry, &bytes);
    assert_eq!(
        load().status,
        CacheStatus::Damaged("damaged compiled dictionary: checksum mismatch".into())
    );
    assert_eq!(load().status, CacheStatus::Hit);
}

use crate::atomic_file::tests::mkfifo;

#[test]
fn written_then_hit_then_stale_then_damaged() {
    let (_temp, list, cache) = list_and_cache("cycle", "cat\ndog\n");
    let load = || load_list(&cache, &list);

    let first = load();
    assert_eq!(first.status, CacheStatus::Written);
    assert_eq!(words(&first.dict), ["cat", "dog"]);
    assert!(first.entry.starts_with(cache.dir()));
    let second = load();
    assert_eq!(second.status, CacheStatus::Hit);
    assert_eq!(words(&second.dict), ["cat", "dog"]);

    // A changed source (another size) makes the entry stale.
    fs::write(&list, "cat\ndog\nemu\n").unwrap();
    let third = load();
    assert_eq!(third.status, CacheStatus::Stale);
    assert_eq!(words(&third.dict), ["cat", "dog", "emu"]);
    assert_eq!(load().status, CacheStatus::Hit);

    // Damage past the stamp: the compiled checks catch it.
    let mut bytes = fs::read(&third.entry).unwrap();
    let last = bytes.len() - 1;
    bytes[last] ^= 0x40;
    replace(&third.entry, &bytes);
    let fourth = load();
    assert_eq!(
        fourth.status,
        CacheStatus::Damaged("damaged compiled dictionary: checksum mismatch".into())
    );
    assert_eq!(words(&fourth.dict), ["cat", "dog", "emu"]);
    assert_eq!(load().status, CacheStatus::Hit);

    // A truncated entry is damaged too.
    replace(&third.entry, &bytes[..10]);
    assert!(matches!(load().status, CacheStatus::Damaged(_)));
    assert_eq!(load().status, CacheStatus::Hit);
    // No temporary file is left behind: the entry and its stamp.
    let mut names: Vec<_> = fs::read_dir(cache.dir())
        .unwrap()
        .map(|e| e.unwrap().path())
        .collect();
    names.sort();
    assert_eq!(names, [Stamp::path(&third.entry), third.entry.clone()]);
}

/// A hit uses the entry where it is mapped; any one byte of the entry
/// changed, and any cut, is caught (by the stamp, the header or the
/// checksum), and the words are then read from the source again. The
/// entry is replaced by renaming, never written in place, as the cache's
/// mapping requires.
#[test]
fn every_changed_byte_and_every_cut_is_caught() {
    let temp = TempDir::new("mutations");
    let list = temp.path().join("words.txt");
    fs::write(&list, "cat\ndog\nemu\nemus\n").unwrap();
    for cache in [
        mapping_cache(temp.path().join("mapped")),
        CacheDir::new(temp.path().join("read")),
    ] {
        every_change_is_caught(&cache, &list);
    }
}

fn every_change_is_caught(cache: &CacheDir, list: &Path) {
    let load = || load_list(cache, list);
    let entry = load().entry;
    let good = fs::read(&entry).unwrap();
    let hit = load();
    assert_eq!(hit.status, CacheStatus::Hit);
    assert_eq!(words(&hit.dict), ["cat", "dog", "emu", "emus"]);
    let check = |bytes: &[u8], what: &str| {
        replace(&entry, bytes);
        let loaded = load();
        assert_ne!(loaded.status, CacheStatus::Hit, "{what}");
        assert_eq!(words(&loaded.dict), ["cat", "dog", "emu", "emus"], "{what}");
    };
    for at in 0..good.len() {
        for flip in [0x01, 0x80, 0xff] {
            let mut bytes = good.clone();
            bytes[at] ^= flip;
            check(&bytes, &format!("byte {at} ^ {flip:#x}"));
        }
    }
    for len in 0..good.len() {
        check(&good[..len], &format!("cut to {len} bytes"));
    }
    let mut longer = good.clone();
    longer.push(0);
    check(&longer, "one byte more");
}

/// A bundled list is expanded into the cache once, then read from it,
/// mapped or not; an earlier build's entry (another key) is replaced
/// without a warning, a damaged one with one, and the words are the
/// bundled list's every time.
#[test]
fn bundled_lists_are_expanded_once() {
    let temp = TempDir::new("bundled");
    let expected = bundled::load(Lang::Fi).unwrap();
    for cache in [
        mapping_cache(temp.path().join("mapped")),
        CacheDir::new(temp.path().join("read")),
    ] {
        let load = || cache.load_bundled(Lang::Fi).unwrap();
        let first = load();
        assert_eq!(first.status, CacheStatus::Written);
        assert_eq!(first.entry, cache.bundled_entry(Lang::Fi));
        assert_eq!(first.dict.trie(), expected.trie());
        let second = load();
        assert_eq!(second.status, CacheStatus::Hit);
        assert_eq!(second.dict.trie(), expected.trie());
        assert_eq!(second.dict.alphabet(), expected.alphabet());
        assert_eq!(second.dict.report(), expected.report());

        let mut bytes = fs::read(&first.entry).unwrap();
        bytes[8] ^= 1;
        replace(&first.entry, &bytes);
        let earlier_build = load();
        assert_eq!(earlier_build.status, CacheStatus::Written);
        assert_eq!(earlier_build.status.warning(&first.entry), None);
        assert_eq!(earlier_build.dict.trie(), expected.trie());

        let mut bytes = fs::read(&first.entry).unwrap();
        let last = bytes.len() - 1;
        bytes[last] ^= 1;
        replace(&first.entry, &bytes);
        let damaged = load();
        assert!(matches!(damaged.status, CacheStatus::Damaged(_)));
        assert!(damaged.status.warning(&first.entry).is_some());
        assert_eq!(damaged.dict.trie(), expected.trie());
        assert_eq!(load().status, CacheStatus::Hit);
    }
}

#[test]
fn keyed_by_format_and_folding() {
    let (_temp, list, cache) = list_and_cache("key", "été\n");
    let kept = load_list(&cache, &list);
    let folded = cache.load(&list, None, Normalizer::new(true)).unwrap();
    assert_eq!(folded.status, CacheStatus::Written);
    assert_ne!(kept.entry, folded.entry);
    assert_eq!(words(&kept.dict), ["été"]);
    assert_eq!(words(&folded.dict), ["ete"]);
    let forced = cache
        .load(&list, Some(ListFormat::Plain), Normalizer::default())
        .unwrap();
    assert_ne!(forced.entry, kept.entry);
}

#[test]
fn errors_and_unwritable_cache() {
    let temp = TempDir::new("errors");
    let cache = mapping_cache(temp.path().join("cache"));
    let missing = cache.load(
        &temp.path().join("missing.txt"),
        None,
        Normalizer::default(),
    );
    assert_eq!(missing.unwrap_err().to_string(), "no such file");
    let directory = cache.load(temp.path(), None, Normalizer::default());
    assert_eq!(directory.unwrap_err().to_string(), "is a directory");
    let list = temp.path().join("bad.txt");
    fs::write(&list, "1\n2\n").unwrap();
    let error = cache.load(&list, None, Normalizer::default()).unwrap_err();
    assert_eq!(
        error.to_string(),
        "no usable word (words are made of letters only, at most 64 of them)"
    );
    // A cache "directory" that is a file: the words still load.
    fs::write(&list, "cat\n").unwrap();
    let blocked = mapping_cache(&list);
    let loaded = load_list(&blocked, &list);
    assert!(matches!(loaded.status, CacheStatus::NotWritten(_)));
    assert_eq!(words(&loaded.dict), ["cat"]);
}

#[test]
fn racing_writers_leave_a_whole_entry() {
    let text: String = (0..2000).map(|i| format!("w{}\n", to_letters(i))).collect();
    let (_temp, list, cache) = list_and_cache("race", &text);
    std::thread::scope(|scope| {
        for _ in 0..4 {
            scope.spawn(|| {
                for _ in 0..5 {
                    let loaded = load_list(&cache, &list);
                    assert_eq!(loaded.dict.word_count(), 2000);
                    assert!(matches!(
                        loaded.status,
                        CacheStatus::Hit | CacheStatus::Written
                    ));
                }
            });
        }
    });
    assert_eq!(load_list(&cache, &list).status, CacheStatus::Hit);
}

/// An edit that keeps the list's size and modification time (`touch -d`
/// back to the old stamp) still makes the entry stale: the key is the
/// content's hash.
#[test]
fn same_size_and_time_other_content_is_stale() {
    let (_temp, list, cache) = list_and_cache("same-stamp", "cat\ndog\n");
    let modified = fs::metadata(&list).unwrap().modified().unwrap();
    let load = || load_list(&cache, &list);
    assert_eq!(load().status, CacheStatus::Written);
    assert_eq!(load().status, CacheStatus::Hit);
    fs::write(&list, "cow\ndig\n").unwrap();
    let file = fs::File::options().write(true).open(&list).unwrap();
    file.set_modified(modified).unwrap();
    drop(file);
    assert_eq!(fs::metadata(&list).unwrap().modified().unwrap(), modified);
    let edited = load();
    assert_eq!(edited.status, CacheStatus::Stale);
    assert_eq!(words(&edited.dict), ["cow", "dig"]);
    assert_eq!(load().status, CacheStatus::Hit);
}

/// [`list_and_cache`], and the path of the list's entry.
fn list_and_entry(name: &str, text: &str) -> (TempDir, PathBuf, CacheDir, PathBuf) {
    let (temp, list, cache) = list_and_cache(name, text);
    let source = fs::canonicalize(&list).unwrap();
    let entry = cache.entry(&source, None, Normalizer::default());
    fs::create_dir_all(cache.dir()).unwrap();
    (temp, list, cache, entry)
}

/// A FIFO at an entry's path is never opened (opening it for reading
/// would wait for a writer for ever): it is damaged, and replaced.
#[test]
fn a_fifo_entry_is_replaced_not_read() {
    let (_temp, list, cache, entry) = list_and_entry("fifo-entry", "cat\ndog\n");
    mkfifo(&entry);
    let (sender, receiver) = std::sync::mpsc::channel();
    let loader = {
        let (cache, list) = (cache.clone(), list.clone());
        std::thread::spawn(move || {
            let loaded = load_list(&cache, &list);
            sender.send(loaded.status).unwrap();
        })
    };
    let status = receiver
        .recv_timeout(std::time::Duration::from_secs(20))
        .expect("loading with a FIFO as the cache entry hung");
    loader.join().unwrap();
    assert_eq!(status, CacheStatus::Damaged("not a regular file".into()));
    assert!(fs::symlink_metadata(&entry).unwrap().is_file());
    assert_eq!(load_list(&cache, &list).status, CacheStatus::Hit);
    // A directory there cannot be replaced: the words still load.
    fs::remove_file(&entry).unwrap();
    fs::create_dir(&entry).unwrap();
    let loaded = load_list(&cache, &list);
    assert!(
        matches!(loaded.status, CacheStatus::NotWritten(_)),
        "{:?}",
        loaded.status
    );
    assert_eq!(words(&loaded.dict), ["cat", "dog"]);
}

/// An entry that is a link to the list itself is never written
/// through: the list would be lost.
#[test]
fn the_list_is_never_its_own_entry() {
    let (_temp, list, cache, entry) = list_and_entry("own-entry", "cat\n");
    std::os::unix::fs::symlink(&list, &entry).unwrap();
    let loaded = load_list(&cache, &list);
    assert_eq!(words(&loaded.dict), ["cat"]);
    assert_eq!(
        loaded.status,
        CacheStatus::NotWritten("it is the word list itself".into())
    );
    assert_eq!(fs::read(&list).unwrap(), b"cat\n");
}

/// `i` spelled in base 26 with the letters a–z.
fn to_letters(mut i: usize) -> String {
    let mut text = String::new();
    loop {
        text.push(char::from(b'a' + (i % 26) as u8));
        i /= 26;
        if i == 0 {
            return text;
        }
    }
}
