//! The on-disk cache of expanded dictionaries (SPEC §7): for `--dict` word
//! lists of every format, compiled ones included, and for the lists bundled
//! in the binary ([`CacheDir::load_bundled`]).
//!
//! [`CacheDir`] is handed its directory (the binary picks
//! `$XDG_CACHE_HOME/boggle` or `~/.cache/boggle`), so tests use a temporary
//! one. Each source has one entry, named by a hash of its canonical path
//! (or the bundled list's language), the format it is read in, the accent
//! folding and the compiled format version. The entry starts with a 128-bit
//! hash (XXH3) and the size of the content it was compiled from: each run
//! reads the list (bounded, as any list is read) and hashes it, and when
//! the hash differs the entry is stale and is rebuilt. Sizes and
//! modification times are not used: an edit can keep both (two writes in
//! one clock tick, `touch -d`). An entry is written to a temporary file in
//! the same directory and renamed into place, so a reader, or a second
//! process filling the same entry at once, sees the old entry or a whole
//! new one, never a part.
//!
//! After the key comes the compiled dictionary in its image form: the trie
//! as the search uses it, about 50 bytes a word. Read plainly, an entry goes
//! through the same checked reader as any compiled file. A cache that maps
//! ([`CacheDir::mapping`], an `unsafe` choice its owner makes) uses the
//! trie where the file is mapped, so a run pays only for the pages it
//! touches, plus one pass over the whole entry for its CRC-32: any damage (a
//! flipped bit, a cut-off write) fails that check, or the header's, and the
//! entry is rebuilt. The trie's structure is then not checked again on each
//! run: it is as this program wrote it, and the search reads it with total,
//! bounded reads, so even an entry forged to pass the checksum gives wrong
//! words rather than a crash. Anything at an entry's path that is not a
//! regular file (a FIFO, a device, a socket) is never opened for reading:
//! it is taken as damaged and its name replaced. Entries are written by
//! [`crate::atomic_file`], without the flush to disk a user's file gets.

use std::fmt;
use std::fs;
use std::io;
use std::path::{Path, PathBuf};
use std::sync::Arc;

use super::bundled::{self, Lang};
use super::compiled::{self, Form};
use super::{DictError, Dictionary, ListFormat, input};
use crate::alphabet::Normalizer;
use crate::atomic_file::write_replacing;
use crate::dict::Detection;
use crate::mapped::MappedFile;

pub use super::input::{LoadError, io_message};

/// The first bytes of a cache entry; the compiled dictionary follows the
/// key. Its first byte is a compiled dictionary's, which no text starts
/// with, so an entry given as `--dict` is not read as a word list.
const ENTRY_MAGIC: &[u8; 8] = b"\xFFBOGCACH";

/// Entry header: the magic number, then the hash of the source's content
/// (u128) and its size in bytes (u64), little-endian.
const ENTRY_HEADER_LEN: usize = 32;

/// What an entry holds after its header, in its name: 1 was the compiled
/// dictionary's packed form; 2 is its image form, used where it is mapped;
/// 3 is keyed by the content's hash rather than its size and time.
/// Entries of another layout are never looked at, so a new build does not
/// take them for damaged ones.
const ENTRY_LAYOUT: u32 = 3;

/// A directory of cached compiled dictionaries.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CacheDir {
    /// Where the entries are; created when the first one is written.
    dir: PathBuf,
    /// Whether entries are mapped and their tries used in place, or read
    /// and checked in full.
    map: bool,
}

/// What happened to the cache while loading one word list.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum CacheStatus {
    /// The entry was there, current and whole.
    Hit,
    /// There was no entry; one was written.
    Written,
    /// The entry was made from other content; it was rebuilt.
    Stale,
    /// The entry was damaged (the reason); it was rebuilt.
    Damaged(String),
    /// The source is not a regular file (a pipe, `/dev/stdin`, a process
    /// substitution): it has no stable path, so it is read each time.
    NotAFile,
    /// The entry could not be written (the reason); the words were loaded.
    NotWritten(String),
}

impl CacheStatus {
    /// What `--verbose` says the cache did: the entry `entry` and what
    /// happened to it.
    pub fn report(&self, entry: &Path) -> String {
        match self {
            // A list that is not a file has no entry: none is named.
            CacheStatus::NotAFile => format!("cache {self}"),
            _ => format!("cache entry '{}': {self}", entry.display()),
        }
    }

    /// The one-line warning this status deserves, if any.
    pub fn warning(&self, entry: &Path) -> Option<String> {
        match self {
            CacheStatus::Hit | CacheStatus::Written | CacheStatus::NotAFile => None,
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
            CacheStatus::NotAFile => f.write_str(
                "not used: the word list is not a regular file (a pipe or a device), so it is read each time",
            ),
            CacheStatus::NotWritten(reason) => write!(f, "not written ({reason})"),
        }
    }
}

/// A dictionary loaded through the cache, with what the cache did.
#[derive(Debug)]
pub struct Cached {
    /// The words.
    pub dict: Dictionary,
    /// The format the list is in, and why.
    pub detection: Detection,
    /// The entry's path.
    pub entry: PathBuf,
    /// What the cache did.
    pub status: CacheStatus,
}

impl Cached {
    /// A dictionary read from its entry.
    fn hit(
        dict: Dictionary,
        detection: Detection,
        entry: PathBuf,
        key: ContentKey,
        map: bool,
    ) -> Cached {
        Cached {
            dict: dict.with_derived_files(DerivedFiles::of(&entry, key, map)),
            detection,
            entry,
            status: CacheStatus::Hit,
        }
    }
}

/// Where data made from a dictionary loaded through the cache is kept, so
/// that later runs read it instead of making it again: files beside the
/// dictionary's entry, named after it and a hash of what they hold, each
/// starting with the entry's header (the hash and size of the list it was
/// made from), so that they go stale with the entry. The tile core's trie
/// and the words' texts are kept so (`solve::tile_core`, `dict::texts`).
/// What reads such a file checks it in full and makes the data afresh when
/// anything is wrong: these files are a saving, never a source of truth.
/// Like an entry, a mapped file found whole is stamped (`Loaded`), and
/// while its stamp is its own, later runs skip its checksum (a pass over
/// each of the English list's two files, of 14 and 15 MB), though not the
/// checks of its values, which keep a forged file from causing more than
/// wrong words.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct DerivedFiles {
    entry: PathBuf,
    key: [u8; ENTRY_HEADER_LEN],
    /// Whether the files are mapped, as the cache's entries are
    /// ([`CacheDir::mapping`]), or read.
    map: bool,
}

impl DerivedFiles {
    fn of(entry: &Path, key: ContentKey, map: bool) -> DerivedFiles {
        DerivedFiles {
            entry: entry.to_path_buf(),
            key: key.to_bytes(),
            map,
        }
    }

    /// `dict`, with the files beside `entry` when the entry is there and
    /// this program's (written now or found whole).
    fn attach(
        dict: Dictionary,
        entry: &Path,
        key: ContentKey,
        status: &CacheStatus,
        map: bool,
    ) -> Dictionary {
        match status {
            CacheStatus::NotAFile | CacheStatus::NotWritten(_) => dict,
            _ => dict.with_derived_files(DerivedFiles::of(entry, key, map)),
        }
    }

    /// The path of the file of kind `kind` (a short name) holding what
    /// `key` describes.
    pub(crate) fn path(&self, kind: &str, key: &[u8]) -> PathBuf {
        let mut name = self.entry.clone().into_os_string();
        name.push(format!(".{kind}-{:016x}", fnv1a(key)));
        PathBuf::from(name)
    }

    /// The entry's header, which every derived file starts with.
    pub(crate) fn header(&self) -> &[u8] {
        &self.key
    }

    /// Opens the file at `path` for reading when it is a regular file,
    /// without waiting should something else be there.
    pub(crate) fn open(&self, path: &Path) -> Option<fs::File> {
        open_regular(path).ok()
    }

    /// The bytes of the file at `path`, a regular file: mapped when the
    /// cache maps its entries, otherwise read whole. `None` when it cannot
    /// be opened or read.
    pub(crate) fn load(&self, path: &Path) -> Option<Loaded> {
        let mut file = self.open(path)?;
        if self.map {
            // SAFETY: the files are mapped only when the cache's owner
            // chose `mapping`, and so promised that no one changes them in
            // place; this program writes them whole and renames them into
            // place.
            #[allow(unsafe_code)]
            if let Ok(mapped) = unsafe { MappedFile::map_whole(&file) } {
                let kept = Stamp::beside(path);
                let (stamp, vouched) = Stamp::checked(&file, &kept);
                return Some(Loaded {
                    file: Arc::new(mapped),
                    vouched,
                    to_keep: stamp.filter(|_| !vouched).map(|stamp| (stamp, kept)),
                });
            }
        }
        let len = usize::try_from(file.metadata().ok()?.len()).ok()?;
        let file = MappedFile::read(&mut file, len).ok().map(Arc::new)?;
        Some(Loaded {
            file,
            vouched: false,
            to_keep: None,
        })
    }

    /// Writes `parts` to the file at `path`, whole or not at all. What is
    /// there and is neither a regular file nor a directory is removed
    /// first, as for an entry.
    pub(crate) fn write(&self, path: &Path, parts: &[&[u8]]) -> io::Result<()> {
        replace_file(path, parts)
    }
}

/// A file beside an entry, as [`DerivedFiles::load`] found it.
pub(crate) struct Loaded {
    pub(crate) file: Arc<MappedFile>,
    /// Whether a stamp kept beside the file vouches that its bytes are
    /// those whose checksum a run found right before (as an entry's
    /// [`Stamp`] does): its reader then skips the checksum, a pass over
    /// every byte, and still checks every value it uses. Only a mapped
    /// file is vouched for; one read whole is checked in full.
    pub(crate) vouched: bool,
    /// The stamp to keep, and where, once the file is found whole.
    to_keep: Option<(Stamp, PathBuf)>,
}

impl Loaded {
    /// Keeps the file's stamp, once its reader found it whole and its
    /// checksum right, so that the next run skips the checksum. A stamp
    /// that cannot be written costs the next run a checksum, nothing more.
    pub(crate) fn found_whole(&self) {
        if let Some((stamp, path)) = &self.to_keep {
            let _ = stamp.write_at(path);
        }
    }
}

/// What an entry was made from: the hash and size of the source's content.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct ContentKey {
    hash: u128,
    size: u64,
}

impl ContentKey {
    fn of(bytes: &[u8]) -> ContentKey {
        ContentKey {
            hash: xxhash_rust::xxh3::xxh3_128(bytes),
            size: bytes.len() as u64,
        }
    }

    fn to_bytes(self) -> [u8; ENTRY_HEADER_LEN] {
        let mut bytes = [0u8; ENTRY_HEADER_LEN];
        bytes[..8].copy_from_slice(ENTRY_MAGIC);
        bytes[8..24].copy_from_slice(&self.hash.to_le_bytes());
        bytes[24..].copy_from_slice(&self.size.to_le_bytes());
        bytes
    }

    fn from_bytes(bytes: &[u8]) -> Option<ContentKey> {
        let header = bytes.first_chunk::<ENTRY_HEADER_LEN>()?;
        let (magic, rest) = header.split_first_chunk::<8>()?;
        let (hash, size) = rest.split_first_chunk::<16>()?;
        (magic == ENTRY_MAGIC).then(|| ContentKey {
            hash: u128::from_le_bytes(*hash),
            size: u64::from_le_bytes(size.first_chunk().copied().unwrap_or_default()),
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
    /// The cache in `dir`, whose entries are read into memory and checked
    /// in full: every invariant of the trie, a pass over every node, which
    /// for a large list costs several times the rest of a run.
    pub fn new(dir: impl Into<PathBuf>) -> CacheDir {
        CacheDir {
            dir: dir.into(),
            map: false,
        }
    }

    /// The same cache, its entries mapped into memory and their tries used
    /// where they lie once the entry's header and CRC-32 match: a run then
    /// reads only the pages it touches, and checks the rest with one pass
    /// of the checksum. The trie's structure is not checked again; it is as
    /// this program wrote it, and every read of it is total and bounded, so
    /// even an entry forged to pass the checksum gives wrong words, never a
    /// crash.
    ///
    /// # Safety
    ///
    /// Nothing may change an entry's file in place while it is mapped (see
    /// `MappedFile::map`): this program never does, as it writes each
    /// entry whole under a temporary name and renames it into place, but
    /// the library cannot promise it for another process writing into the
    /// directory.
    #[allow(unsafe_code)]
    pub unsafe fn mapping(self) -> CacheDir {
        CacheDir { map: true, ..self }
    }

    /// The directory.
    pub fn dir(&self) -> &Path {
        &self.dir
    }

    /// The entry for the source at canonical path `source` read as
    /// `format` with `normalizer`.
    pub fn entry(
        &self,
        source: &Path,
        format: Option<ListFormat>,
        normalizer: Normalizer,
    ) -> PathBuf {
        let mut key = Vec::new();
        key.extend_from_slice(source.as_os_str().as_encoded_bytes());
        key.push(0);
        key.extend_from_slice(format.map_or("auto", ListFormat::name).as_bytes());
        key.push(u8::from(normalizer.fold_accents));
        key.extend_from_slice(&compiled::VERSION.to_le_bytes());
        key.extend_from_slice(&ENTRY_LAYOUT.to_le_bytes());
        self.dir.join(format!("{:016x}.dict", fnv1a(&key)))
    }

    /// Loads the word list at `path`: from its entry when that was made
    /// from the same content and is whole, otherwise from the file, writing
    /// the entry anew.
    pub fn load(
        &self,
        path: &Path,
        format: Option<ListFormat>,
        normalizer: Normalizer,
    ) -> Result<Cached, LoadError> {
        let file = fs::File::open(path).map_err(LoadError::Io)?;
        let metadata = file.metadata().map_err(LoadError::Io)?;
        if metadata.is_dir() {
            return Err(LoadError::Io(io::Error::from(io::ErrorKind::IsADirectory)));
        }
        let bytes = input::read_list(&file, Some(metadata.len()))?;
        drop(file);
        let detection = format.map_or_else(|| Detection::of(&bytes), Detection::forced);
        let load = |status| -> Result<Cached, LoadError> {
            let (dict, detection) = super::load_detected(&bytes, format, normalizer)?;
            Ok(Cached {
                dict,
                detection,
                entry: self.entry(path, format, normalizer),
                status,
            })
        };
        if !metadata.is_file() {
            // A pipe has no canonical path (`/dev/fd/63` leads to
            // `pipe:[…]`), and is read once.
            return load(CacheStatus::NotAFile);
        }
        let source = fs::canonicalize(path).map_err(LoadError::Io)?;
        let key = ContentKey::of(&bytes);
        let entry = self.entry(&source, format, normalizer);
        let status = match self.read_entry(&entry, key) {
            Ok(dict) => return Ok(Cached::hit(dict, detection, entry, key, self.map)),
            Err(status) => status,
        };
        let (dict, detection) = super::load_detected(&bytes, format, normalizer)?;
        let status = if fs::canonicalize(&entry).is_ok_and(|entry| entry == source) {
            CacheStatus::NotWritten("it is the word list itself".into())
        } else {
            self.write_entry(&entry, key, &dict, status)
        };
        Ok(Cached {
            dict: DerivedFiles::attach(dict, &entry, key, &status, self.map),
            detection,
            entry,
            status,
        })
    }

    /// Writes `entry` through a temporary file renamed into place, and
    /// returns `status`, or why the entry could not be written. What is at
    /// its path and is neither a regular file nor a directory (a FIFO, a
    /// device, a socket, or a link to one) is removed first: the cache's
    /// directory is this program's, and such an entry is only in the way.
    fn write_entry(
        &self,
        entry: &Path,
        key: ContentKey,
        dict: &Dictionary,
        status: CacheStatus,
    ) -> CacheStatus {
        match self.write_image(entry, key, dict) {
            Ok(()) => status,
            Err(error) => CacheStatus::NotWritten(io_message(&error)),
        }
    }

    fn write_image(&self, entry: &Path, key: ContentKey, dict: &Dictionary) -> io::Result<()> {
        fs::create_dir_all(&self.dir)?;
        let [head, image] = compiled::parts(dict, Form::Image);
        replace_file(entry, &[&key.to_bytes(), &head, &image])
    }

    /// The entry holding the image of the list bundled for `lang`.
    pub fn bundled_entry(&self, lang: Lang) -> PathBuf {
        let mut key = b"bundled\0".to_vec();
        key.extend_from_slice(lang.code().as_bytes());
        key.extend_from_slice(&compiled::VERSION.to_le_bytes());
        key.extend_from_slice(&ENTRY_LAYOUT.to_le_bytes());
        self.dir.join(format!("{:016x}.dict", fnv1a(&key)))
    }

    /// Loads the list bundled for `lang`. The binary holds it in the packed
    /// form, which takes longer to expand (about 12 ms of processor time
    /// for the English list) than a whole run from the cache takes (about
    /// 2 ms); the first run expands it and writes the image here, and later
    /// runs use the entry, which is keyed by the bundled file's checksum
    /// and size, so a new build with other lists replaces it.
    pub fn load_bundled(&self, lang: Lang) -> Result<Cached, DictError> {
        // The compiled file's own checksum names its content, without a
        // pass over its megabyte on every run.
        let compiled = lang.compiled();
        let key = ContentKey {
            hash: u128::from(compiled::stored_checksum(compiled)),
            size: compiled.len() as u64,
        };
        let entry = self.bundled_entry(lang);
        let detection = Detection {
            format: ListFormat::Compiled,
            gzip: false,
            reason: "bundled in the binary".into(),
        };
        let status = match self.read_entry(&entry, key) {
            Ok(dict) => return Ok(Cached::hit(dict, detection, entry, key, self.map)),
            // A stale entry is an earlier build's: replacing it is the
            // first run of a new build, not worth a warning.
            Err(CacheStatus::Stale) => CacheStatus::Written,
            Err(status) => status,
        };
        let dict = bundled::load(lang)?;
        let status = self.write_entry(&entry, key, &dict, status);
        Ok(Cached {
            dict: DerivedFiles::attach(dict, &entry, key, &status, self.map),
            detection,
            entry,
            status,
        })
    }

    /// The dictionary in `entry` when it is there, whole and made from the
    /// content `key` names; otherwise what is wrong with it, `Written` when
    /// there is no entry (as one is written next). The entry is mapped when the cache maps; otherwise,
    /// or where mapping fails, it is read and its trie checked in full.
    /// Only a regular file is opened, and never in a way that could wait (a
    /// FIFO put there since it was looked at fails to open rather than
    /// hang).
    fn read_entry(&self, entry: &Path, key: ContentKey) -> Result<Dictionary, CacheStatus> {
        let file = open_regular(entry).map_err(|unopened| match unopened {
            Unopened::NotAFile => CacheStatus::Damaged("not a regular file".into()),
            Unopened::Missing => CacheStatus::Written,
        })?;
        let damaged = |error: DictError| CacheStatus::Damaged(error.to_string());
        // SAFETY: the cache maps only when its owner chose `mapping`, and
        // so promised that no one changes an entry in place.
        #[allow(unsafe_code)]
        let mapped = self.map.then(|| unsafe { MappedFile::map(&file) });
        let checked = match mapped {
            Some(Ok(mapped)) => {
                let mapped = Arc::new(mapped);
                check_key(mapped.bytes(), key).map(|()| {
                    // The checksum is a pass over every byte, most of a
                    // run's time: it is made once per file, whose stamp
                    // is then kept beside it.
                    let (stamp, verified) = Stamp::checked(&file, &Stamp::path(entry));
                    let read = compiled::read_mapped(mapped, ENTRY_HEADER_LEN, !verified);
                    if let (Ok(_), Some(stamp), false) = (&read, stamp, verified) {
                        // A stamp that cannot be written costs the next
                        // run a checksum, nothing more.
                        let _ = stamp.write(entry);
                    }
                    read.map_err(damaged)
                })
            }
            _ => {
                // Read from the file checked above, not from the path again.
                let mut bytes = Vec::new();
                io::Read::read_to_end(&mut &file, &mut bytes).map_err(|_| CacheStatus::Written)?;
                check_key(&bytes, key).map(|()| {
                    compiled::read(bytes.get(ENTRY_HEADER_LEN..).unwrap_or_default())
                        .map_err(damaged)
                })
            }
        };
        checked.and_then(|read| read)
    }
}

/// What identifies one file, as it was when its checksum was last found
/// right: its device, inode, size, and times of change in nanoseconds.
/// The cache never changes an entry in place (it writes a new file and
/// renames it over), so a file whose stamp is unchanged holds the bytes
/// that were checked; any replacement, or any write to it, changes the
/// stamp. (Damage that leaves a file's stamp alone, such as a failing
/// disk, is not seen once the file was checked.)
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Stamp([u64; 5]);

impl Stamp {
    /// The stamp of a file with `metadata`, or `None` where the system
    /// gives no inode numbers.
    #[cfg(unix)]
    fn of(metadata: &fs::Metadata) -> Option<Stamp> {
        use std::os::unix::fs::MetadataExt;
        let nanos = |seconds: i64, nanos: i64| {
            (seconds as u64)
                .wrapping_mul(1_000_000_000)
                .wrapping_add(nanos as u64)
        };
        Some(Stamp([
            metadata.dev(),
            metadata.ino(),
            metadata.size(),
            nanos(metadata.mtime(), metadata.mtime_nsec()),
            nanos(metadata.ctime(), metadata.ctime_nsec()),
        ]))
    }

    #[cfg(not(unix))]
    fn of(_metadata: &fs::Metadata) -> Option<Stamp> {
        None
    }

    /// Where the stamp of `entry` is kept.
    fn path(entry: &Path) -> PathBuf {
        entry.with_extension("checked")
    }

    /// The stamp of the opened `file` (not of its path looked at again),
    /// and whether the stamp kept at `kept` is that one: the file is then
    /// the one whose checksum a run found right.
    fn checked(file: &fs::File, kept: &Path) -> (Option<Stamp>, bool) {
        let stamp = file
            .metadata()
            .ok()
            .and_then(|metadata| Stamp::of(&metadata));
        let vouched = stamp.is_some() && Stamp::read_at(kept) == stamp;
        (stamp, vouched)
    }

    /// Where the stamp of the file at `derived`, beside an entry, is kept.
    fn beside(derived: &Path) -> PathBuf {
        let mut name = derived.as_os_str().to_owned();
        name.push(".checked");
        PathBuf::from(name)
    }

    /// The stamp kept at `path`, if one is there, whole and a regular
    /// file (opened without waiting, as an entry is).
    fn read_at(path: &Path) -> Option<Stamp> {
        let file = open_without_waiting(path).ok()?;
        if !file.metadata().ok()?.is_file() {
            return None;
        }
        let mut bytes = Vec::new();
        io::Read::read_to_end(&mut io::Read::take(&file, 41), &mut bytes).ok()?;
        let bytes: &[u8; 40] = bytes.as_slice().try_into().ok()?;
        let mut stamp = [0u64; 5];
        for (field, chunk) in stamp.iter_mut().zip(bytes.chunks_exact(8)) {
            *field = u64::from_le_bytes(chunk.try_into().ok()?);
        }
        Some(Stamp(stamp))
    }

    /// Keeps this stamp for `entry`, written whole or not at all.
    fn write(self, entry: &Path) -> io::Result<()> {
        self.write_at(&Stamp::path(entry))
    }

    /// Keeps this stamp at `path`, as [`Stamp::write`].
    fn write_at(self, path: &Path) -> io::Result<()> {
        let bytes: Vec<u8> = self
            .0
            .iter()
            .flat_map(|field| field.to_le_bytes())
            .collect();
        crate::atomic_file::write_replacing(path, &[&bytes], false)
    }
}

/// Why [`open_regular`] opened nothing.
enum Unopened {
    /// Nothing is there, or it could not be opened.
    Missing,
    /// What is there is not a regular file (a FIFO, a device, a socket, a
    /// directory).
    NotAFile,
}

/// Opens the cache's file at `path` for reading when it is a regular file,
/// checked before it is opened (so a FIFO is never opened) and again after
/// (in case something else was put there between).
fn open_regular(path: &Path) -> Result<fs::File, Unopened> {
    match fs::metadata(path) {
        Ok(metadata) if !metadata.is_file() => return Err(Unopened::NotAFile),
        Ok(_) => {}
        Err(_) => return Err(Unopened::Missing),
    }
    let file = open_without_waiting(path).map_err(|_| Unopened::Missing)?;
    if !file.metadata().is_ok_and(|metadata| metadata.is_file()) {
        return Err(Unopened::NotAFile);
    }
    Ok(file)
}

/// Writes the cache's file at `path` whole through a temporary file,
/// without flushing it to disk. What is there and is neither a regular
/// file nor a directory (a FIFO, a device, a socket, or a link to one) is
/// removed first: the cache's directory is this program's, and such a file
/// is only in the way.
fn replace_file(path: &Path, parts: &[&[u8]]) -> io::Result<()> {
    if fs::metadata(path).is_ok_and(|metadata| !metadata.is_file() && !metadata.is_dir()) {
        fs::remove_file(path)?;
    }
    write_replacing(path, parts, false)
}

/// Opens `path` for reading; where the system allows, without waiting for
/// a writer should it be a FIFO.
fn open_without_waiting(path: &Path) -> io::Result<fs::File> {
    let mut options = fs::OpenOptions::new();
    options.read(true);
    #[cfg(target_os = "linux")]
    {
        use std::os::unix::fs::OpenOptionsExt;
        options.custom_flags(libc::O_NONBLOCK);
    }
    options.open(path)
}

/// Whether an entry's `bytes` start with the header of one made from the
/// content `key` names: the stale or damaged status when not.
fn check_key(bytes: &[u8], key: ContentKey) -> Result<(), CacheStatus> {
    match ContentKey::from_bytes(bytes) {
        Some(cached) if cached == key => Ok(()),
        Some(_) => Err(CacheStatus::Stale),
        None => Err(CacheStatus::Damaged("not a cache entry".into())),
    }
}

mod checked;

pub(crate) use checked::{Reader, Writer};

#[cfg(test)]
pub(crate) mod test_support;
#[cfg(test)]
mod tests;
