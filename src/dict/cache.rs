//! The on-disk cache of compiled dictionaries for text word lists (SPEC §7).
//!
//! [`CacheDir`] is handed its directory (the binary picks
//! `$XDG_CACHE_HOME/boggle` or `~/.cache/boggle`), so tests use a temporary
//! one. Each source file has one entry, named by a hash of its canonical
//! path, the format it is read in, the accent folding and the compiled
//! format version. The entry starts with the size and modification time the
//! source had when it was compiled: when they differ, the entry is stale and
//! is rebuilt. An entry is written to a temporary file in the same directory
//! and renamed into place, so a reader, or a second process filling the same
//! entry at once, sees the old entry or a whole new one, never a part.
//!
//! After the stamp comes the compiled dictionary in its image form: the
//! trie as the search uses it, about 50 bytes a word. An entry is mapped,
//! not read, and its trie used in place, so a run pays only for the pages it
//! touches, plus one pass over the whole entry for its CRC-32: any damage
//! (a flipped bit, a cut-off write) fails that check, or the header's, and
//! the entry is rebuilt. The trie's structure is not checked again on each
//! run: it is as this program wrote it, and the search reads it with total,
//! bounded reads, so even an entry forged to pass the checksum gives wrong
//! words rather than a crash.

use std::fmt;
use std::fs;
use std::io::{self, Write};
use std::path::{Path, PathBuf};
use std::sync::Mutex;
use std::sync::atomic::{AtomicU64, Ordering};
use std::time::{SystemTime, UNIX_EPOCH};

use std::sync::Arc;

use super::{DictError, Dictionary, Format, compiled};
use crate::alphabet::Normalizer;
use crate::mapped::MappedFile;

/// The first bytes of a cache entry; the compiled dictionary follows the
/// source's stamp.
const ENTRY_MAGIC: &[u8; 8] = b"BOGCACHE";

/// Entry header: the magic number, then the source's size (u64), its
/// modification time in seconds and nanoseconds since 1970 (i64, u32) and
/// four reserved bytes, little-endian.
const ENTRY_HEADER_LEN: usize = 32;

/// What an entry holds after its header, in its name: 1 was the compiled
/// dictionary's packed form; 2 is its image form, used where it is mapped.
/// Entries of another layout are never looked at, so a new build does not
/// take them for damaged ones.
const ENTRY_LAYOUT: u32 = 2;

/// A directory of cached compiled dictionaries.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CacheDir {
    /// Where the entries are; created when the first one is written.
    dir: PathBuf,
}

/// What happened to the cache while loading one word list.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum CacheStatus {
    /// The entry was there, current and whole.
    Hit,
    /// There was no entry; one was written.
    Written,
    /// The entry was older than the source; it was rebuilt.
    Stale,
    /// The entry was damaged (the reason); it was rebuilt.
    Damaged(String),
    /// The source is a compiled dictionary already: nothing to cache.
    NotNeeded,
    /// The source is not a regular file (a pipe, `/dev/stdin`, a process
    /// substitution): it has no stable stamp, so it is read each time.
    NotAFile,
    /// The entry could not be written (the reason); the words were loaded.
    NotWritten(String),
}

impl CacheStatus {
    /// The one-line warning this status deserves, if any.
    pub fn warning(&self, entry: &Path) -> Option<String> {
        match self {
            CacheStatus::Hit
            | CacheStatus::Written
            | CacheStatus::NotNeeded
            | CacheStatus::NotAFile => None,
            CacheStatus::Stale => Some(format!(
                "cache entry '{}' is stale, rebuilt it",
                entry.display()
            )),
            CacheStatus::Damaged(reason) => Some(format!(
                "cache entry '{}' is damaged ({reason}), rebuilt it",
                entry.display()
            )),
            CacheStatus::NotWritten(reason) => Some(format!(
                "cannot write cache entry '{}': {reason}",
                entry.display()
            )),
        }
    }
}

impl fmt::Display for CacheStatus {
    /// What happened, in a few words: `read`, `written`, `stale, rebuilt` …
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            CacheStatus::Hit => f.write_str("read"),
            CacheStatus::Written => f.write_str("written"),
            CacheStatus::Stale => f.write_str("stale, rebuilt"),
            CacheStatus::Damaged(reason) => write!(f, "damaged ({reason}), rebuilt"),
            CacheStatus::NotNeeded => f.write_str("not needed (the file is compiled)"),
            CacheStatus::NotAFile => f.write_str("not used (not a regular file)"),
            CacheStatus::NotWritten(reason) => write!(f, "not written ({reason})"),
        }
    }
}

/// A dictionary loaded through the cache, with what the cache did.
#[derive(Debug)]
pub struct Cached {
    /// The words.
    pub dict: Dictionary,
    /// The entry's path.
    pub entry: PathBuf,
    /// What the cache did.
    pub status: CacheStatus,
}

/// Why a word list could not be loaded through the cache: the source could
/// not be read, or its words are unusable. Cache trouble is never an error.
#[derive(Debug)]
pub enum LoadError {
    /// The source file could not be read.
    Io(io::Error),
    /// The source's content is unusable.
    Dict(DictError),
}

impl fmt::Display for LoadError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            LoadError::Io(error) => write!(f, "{}", io_message(error)),
            LoadError::Dict(error) => write!(f, "{error}"),
        }
    }
}

impl std::error::Error for LoadError {}

/// An I/O error's message in this program's style: lower case, no
/// operating-system error number.
pub fn io_message(error: &io::Error) -> String {
    match error.kind() {
        io::ErrorKind::NotFound => "no such file".into(),
        io::ErrorKind::PermissionDenied => "permission denied".into(),
        io::ErrorKind::IsADirectory => "is a directory".into(),
        _ => {
            let text = error.to_string();
            let text = text.split(" (os error").next().unwrap_or(&text);
            text.to_lowercase()
        }
    }
}

/// The stamp that tells whether an entry is current: size and modification
/// time of the source.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Stamp {
    size: u64,
    seconds: i64,
    nanos: u32,
}

impl Stamp {
    fn of(metadata: &fs::Metadata) -> Stamp {
        let (seconds, nanos) = match metadata.modified() {
            Ok(time) => match time.duration_since(UNIX_EPOCH) {
                Ok(after) => (after.as_secs() as i64, after.subsec_nanos()),
                Err(before) => (
                    -(before.duration().as_secs() as i64),
                    before.duration().subsec_nanos(),
                ),
            },
            Err(_) => (0, 0),
        };
        Stamp {
            size: metadata.len(),
            seconds,
            nanos,
        }
    }

    fn to_bytes(self) -> [u8; ENTRY_HEADER_LEN] {
        let mut bytes = [0u8; ENTRY_HEADER_LEN];
        bytes[..8].copy_from_slice(ENTRY_MAGIC);
        bytes[8..16].copy_from_slice(&self.size.to_le_bytes());
        bytes[16..24].copy_from_slice(&self.seconds.to_le_bytes());
        bytes[24..28].copy_from_slice(&self.nanos.to_le_bytes());
        bytes
    }

    fn from_bytes(bytes: &[u8]) -> Option<Stamp> {
        let header = bytes.first_chunk::<ENTRY_HEADER_LEN>()?;
        if !header.starts_with(ENTRY_MAGIC) || header[28..] != [0; 4] {
            return None;
        }
        let u64_at = |at: usize| {
            header
                .get(at..at + 8)?
                .try_into()
                .ok()
                .map(u64::from_le_bytes)
        };
        let u32_at = |at: usize| {
            header
                .get(at..at + 4)?
                .try_into()
                .ok()
                .map(u32::from_le_bytes)
        };
        Some(Stamp {
            size: u64_at(8)?,
            seconds: u64_at(16)? as i64,
            nanos: u32_at(24)?,
        })
    }
}

/// FNV-1a, 64 bits: offset basis 0xcbf29ce484222325, prime 0x100000001b3.
/// Used only to name entries, so a collision costs a rebuild, nothing more.
fn fnv1a(bytes: &[u8]) -> u64 {
    bytes.iter().fold(0xcbf2_9ce4_8422_2325, |hash, &byte| {
        (hash ^ u64::from(byte)).wrapping_mul(0x0000_0100_0000_01b3)
    })
}

impl CacheDir {
    /// The cache in `dir`.
    pub fn new(dir: impl Into<PathBuf>) -> CacheDir {
        CacheDir { dir: dir.into() }
    }

    /// The directory.
    pub fn dir(&self) -> &Path {
        &self.dir
    }

    /// The entry for the source at canonical path `source` read as
    /// `format` with `normalizer`.
    pub fn entry(&self, source: &Path, format: Option<Format>, normalizer: Normalizer) -> PathBuf {
        let mut key = Vec::new();
        key.extend_from_slice(source.as_os_str().as_encoded_bytes());
        key.push(0);
        key.extend_from_slice(format.map_or("auto", Format::name).as_bytes());
        key.push(u8::from(normalizer.fold_accents));
        key.extend_from_slice(&compiled::VERSION.to_le_bytes());
        key.extend_from_slice(&ENTRY_LAYOUT.to_le_bytes());
        self.dir.join(format!("{:016x}.dict", fnv1a(&key)))
    }

    /// Loads the word list at `path`: from its entry when that is current
    /// and whole, otherwise from the file, writing the entry anew.
    pub fn load(
        &self,
        path: &Path,
        format: Option<Format>,
        normalizer: Normalizer,
    ) -> Result<Cached, LoadError> {
        let metadata = fs::metadata(path).map_err(LoadError::Io)?;
        if metadata.is_dir() {
            return Err(LoadError::Io(io::Error::from(io::ErrorKind::IsADirectory)));
        }
        if !metadata.is_file() {
            // A pipe has no canonical path (`/dev/fd/63` leads to
            // `pipe:[…]`), and no size or time that tells its content.
            let bytes = fs::read(path).map_err(LoadError::Io)?;
            let dict = super::load(&bytes, format, normalizer).map_err(LoadError::Dict)?;
            return Ok(Cached {
                dict,
                entry: self.entry(path, format, normalizer),
                status: CacheStatus::NotAFile,
            });
        }
        let source = fs::canonicalize(path).map_err(LoadError::Io)?;
        let stamp = Stamp::of(&metadata);
        let entry = self.entry(&source, format, normalizer);
        let status = match read_entry(&entry, stamp) {
            Some(Ok(dict)) => {
                return Ok(Cached {
                    dict,
                    entry,
                    status: CacheStatus::Hit,
                });
            }
            Some(Err(status)) => status,
            None => CacheStatus::Written,
        };
        let bytes = fs::read(&source).map_err(LoadError::Io)?;
        let dict = super::load(&bytes, format, normalizer).map_err(LoadError::Dict)?;
        let mut status = status;
        if compiled::is_compiled(&bytes) {
            status = CacheStatus::NotNeeded;
        } else if fs::metadata(&source).map(|m| Stamp::of(&m)).ok() != Some(stamp) {
            // The source changed while it was read: caching it would pin
            // words under the wrong stamp.
            status = CacheStatus::NotWritten("the file changed while it was read".into());
        } else if let Err(error) = self.write_entry(&entry, stamp, &dict) {
            status = CacheStatus::NotWritten(io_message(&error));
        }
        Ok(Cached {
            dict,
            entry,
            status,
        })
    }

    /// Writes `entry` through a temporary file renamed into place.
    fn write_entry(&self, entry: &Path, stamp: Stamp, dict: &Dictionary) -> io::Result<()> {
        fs::create_dir_all(&self.dir)?;
        let (head, image) = compiled::image_parts(dict);
        write_atomically(entry, &[&stamp.to_bytes(), &head, image])
    }
}

/// The dictionary in `entry` when it is there, whole and made for the
/// source's `stamp`; `None` when there is no entry; otherwise what is wrong
/// with it. The entry is mapped, not read; where mapping fails it is read
/// and its trie checked in full.
fn read_entry(entry: &Path, stamp: Stamp) -> Option<Result<Dictionary, CacheStatus>> {
    let file = fs::File::open(entry).ok()?;
    let damaged = |error: DictError| CacheStatus::Damaged(error.to_string());
    let checked = match MappedFile::map_cache_entry(&file) {
        Ok(mapped) => {
            let mapped = Arc::new(mapped);
            check_stamp(mapped.bytes(), stamp)
                .map(|()| compiled::read_mapped(mapped, ENTRY_HEADER_LEN).map_err(damaged))
        }
        Err(_) => {
            let bytes = fs::read(entry).ok()?;
            check_stamp(&bytes, stamp).map(|()| {
                compiled::read(bytes.get(ENTRY_HEADER_LEN..).unwrap_or_default()).map_err(damaged)
            })
        }
    };
    Some(checked.and_then(|read| read))
}

/// Whether an entry's `bytes` start with the header of one made for the
/// source's `stamp`: the stale or damaged status when not.
fn check_stamp(bytes: &[u8], stamp: Stamp) -> Result<(), CacheStatus> {
    match Stamp::from_bytes(bytes) {
        Some(cached) if cached == stamp => Ok(()),
        Some(_) => Err(CacheStatus::Stale),
        None => Err(CacheStatus::Damaged("not a cache entry".into())),
    }
}

/// The temporary files being written at this moment, so that an interrupted
/// run can remove them ([`remove_partial_files`]).
static PARTIAL_FILES: Mutex<Vec<PathBuf>> = Mutex::new(Vec::new());

/// Writes `parts`, one after the other, to `path` through a temporary file
/// in the same directory renamed into place, so `path` holds its old
/// content or all of the new, never a part. The temporary file's name ends
/// in `.tmp`, so it is never taken for a cache entry; it is removed when
/// the write fails, and by [`remove_partial_files`] when the process is
/// interrupted.
pub fn write_atomically(path: &Path, parts: &[&[u8]]) -> io::Result<()> {
    static COUNTER: AtomicU64 = AtomicU64::new(0);
    let nanos = SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .map_or(0, |d| d.subsec_nanos());
    let name = path.file_name().and_then(|n| n.to_str()).unwrap_or("entry");
    let unique = format!(
        ".{name}.{}.{}.{nanos}.tmp",
        std::process::id(),
        COUNTER.fetch_add(1, Ordering::Relaxed),
    );
    let temporary = path.with_file_name(unique);
    register_partial(&temporary, true);
    let written = (|| {
        let mut file = fs::File::create(&temporary)?;
        for part in parts {
            file.write_all(part)?;
        }
        file.flush()?;
        drop(file);
        fs::rename(&temporary, path)
    })();
    if written.is_err() {
        let _ = fs::remove_file(&temporary);
    }
    register_partial(&temporary, false);
    written
}

/// Adds `path` to, or takes it off, the list of files being written.
fn register_partial(path: &Path, writing: bool) {
    // A poisoned lock still holds a usable list.
    let mut files = PARTIAL_FILES.lock().unwrap_or_else(|e| e.into_inner());
    if writing {
        files.push(path.to_owned());
    } else {
        files.retain(|file| file != path);
    }
}

/// Removes every temporary file still being written. The binary calls it
/// when interrupted (Ctrl-C), just before it exits, so no partial file is
/// left behind; the writes in progress then fail or are never finished.
pub fn remove_partial_files() {
    let files = PARTIAL_FILES.lock().unwrap_or_else(|e| e.into_inner());
    for file in files.iter() {
        let _ = fs::remove_file(file);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A fresh directory under the system's temporary directory, removed
    /// when dropped.
    struct TempDir(PathBuf);

    impl TempDir {
        fn new(name: &str) -> TempDir {
            let dir = std::env::temp_dir()
                .join(format!("boggle-cache-test-{name}-{}", std::process::id()));
            let _ = fs::remove_dir_all(&dir);
            fs::create_dir_all(&dir).unwrap();
            TempDir(dir)
        }
    }

    impl Drop for TempDir {
        fn drop(&mut self) {
            let _ = fs::remove_dir_all(&self.0);
        }
    }

    fn words(dict: &Dictionary) -> Vec<String> {
        dict.trie().words().map(|w| dict.word_text(w)).collect()
    }

    /// Replaces `entry` with `bytes` by renaming, as the cache does (an
    /// entry may be mapped), but without registering a partial file, which
    /// a test running at the same time may remove.
    fn replace(entry: &Path, bytes: &[u8]) {
        let new = entry.with_extension("replacement");
        fs::write(&new, bytes).unwrap();
        fs::rename(&new, entry).unwrap();
    }

    #[test]
    fn written_then_hit_then_stale_then_damaged() {
        let temp = TempDir::new("cycle");
        let list = temp.0.join("words.txt");
        fs::write(&list, "cat\ndog\n").unwrap();
        let cache = CacheDir::new(temp.0.join("cache"));
        let load = || cache.load(&list, None, Normalizer::default()).unwrap();

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
        // No temporary file is left behind.
        let names: Vec<_> = fs::read_dir(cache.dir())
            .unwrap()
            .map(|e| e.unwrap().file_name())
            .collect();
        assert_eq!(names.len(), 1, "{names:?}");
    }

    /// A hit uses the entry where it is mapped; any one byte of the entry
    /// changed, and any cut, is caught (by the stamp, the header or the
    /// checksum), and the words are then read from the source again. The
    /// entry is replaced by renaming, never written in place, as the cache's
    /// mapping requires.
    #[test]
    fn every_changed_byte_and_every_cut_is_caught() {
        let temp = TempDir::new("mutations");
        let list = temp.0.join("words.txt");
        fs::write(&list, "cat\ndog\nemu\nemus\n").unwrap();
        let cache = CacheDir::new(temp.0.join("cache"));
        let load = || cache.load(&list, None, Normalizer::default()).unwrap();
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

    #[test]
    fn keyed_by_format_and_folding() {
        let temp = TempDir::new("key");
        let list = temp.0.join("words.txt");
        fs::write(&list, "été\n").unwrap();
        let cache = CacheDir::new(temp.0.join("cache"));
        let kept = cache.load(&list, None, Normalizer::default()).unwrap();
        let folded = cache.load(&list, None, Normalizer::new(true)).unwrap();
        assert_eq!(folded.status, CacheStatus::Written);
        assert_ne!(kept.entry, folded.entry);
        assert_eq!(words(&kept.dict), ["été"]);
        assert_eq!(words(&folded.dict), ["ete"]);
        let forced = cache
            .load(&list, Some(Format::Plain), Normalizer::default())
            .unwrap();
        assert_ne!(forced.entry, kept.entry);
    }

    #[test]
    fn errors_and_unwritable_cache() {
        let temp = TempDir::new("errors");
        let cache = CacheDir::new(temp.0.join("cache"));
        let missing = cache.load(&temp.0.join("missing.txt"), None, Normalizer::default());
        assert_eq!(missing.unwrap_err().to_string(), "no such file");
        let directory = cache.load(&temp.0, None, Normalizer::default());
        assert_eq!(directory.unwrap_err().to_string(), "is a directory");
        let list = temp.0.join("bad.txt");
        fs::write(&list, "1\n2\n").unwrap();
        let error = cache.load(&list, None, Normalizer::default()).unwrap_err();
        assert_eq!(
            error.to_string(),
            "no usable word (words are made of letters only, at most 64 of them)"
        );
        // A cache "directory" that is a file: the words still load.
        fs::write(&list, "cat\n").unwrap();
        let blocked = CacheDir::new(&list);
        let loaded = blocked.load(&list, None, Normalizer::default()).unwrap();
        assert!(matches!(loaded.status, CacheStatus::NotWritten(_)));
        assert_eq!(words(&loaded.dict), ["cat"]);
    }

    #[test]
    fn racing_writers_leave_a_whole_entry() {
        let temp = TempDir::new("race");
        let list = temp.0.join("words.txt");
        let text: String = (0..2000).map(|i| format!("w{}\n", to_letters(i))).collect();
        fs::write(&list, text).unwrap();
        let cache = CacheDir::new(temp.0.join("cache"));
        std::thread::scope(|scope| {
            for _ in 0..4 {
                scope.spawn(|| {
                    for _ in 0..5 {
                        let loaded = cache.load(&list, None, Normalizer::default()).unwrap();
                        assert_eq!(loaded.dict.word_count(), 2000);
                        assert!(matches!(
                            loaded.status,
                            CacheStatus::Hit | CacheStatus::Written
                        ));
                    }
                });
            }
        });
        assert_eq!(
            cache
                .load(&list, None, Normalizer::default())
                .unwrap()
                .status,
            CacheStatus::Hit
        );
    }

    #[test]
    fn partial_files_are_removed_on_request() {
        let temp = TempDir::new("partial");
        let partial = temp.0.join(".words.dict.1.2.3.tmp");
        fs::write(&partial, "part").unwrap();
        register_partial(&partial, true);
        remove_partial_files();
        assert!(!partial.exists());
        register_partial(&partial, false);
        // A whole write leaves the file and nothing else.
        let whole = temp.0.join("whole.dict");
        write_atomically(&whole, &[b"al", b"l"]).unwrap();
        assert_eq!(fs::read(&whole).unwrap(), b"all");
        remove_partial_files();
        assert_eq!(fs::read_dir(&temp.0).unwrap().count(), 1);
        // A write into a missing directory fails and leaves nothing.
        assert!(write_atomically(&temp.0.join("missing/x.dict"), &[b"x"]).is_err());
        // (Other tests write at the same time: only this one's files count.)
        let files = PARTIAL_FILES.lock().unwrap();
        assert!(!files.iter().any(|file| file.starts_with(&temp.0)));
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
}
