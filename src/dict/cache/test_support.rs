//! What the tests of the files kept beside a cache entry share: a list
//! loaded through a cache in a temporary folder, the files of one kind
//! there, a file forged past its checksum, and a stamp forged for a file.

use std::fs;
use std::path::{Path, PathBuf};

use super::{CacheDir, Stamp};
use crate::alphabet::Normalizer;
use crate::dict::Dictionary;

/// A temporary directory holding `words.txt` of `text`, loaded through a
/// cache made in it.
pub(crate) fn cached_list(text: &str) -> (tempfile::TempDir, PathBuf, CacheDir, Dictionary) {
    let temp = tempfile::Builder::new()
        .prefix("boggle-derived-file-test-")
        .tempdir()
        .unwrap();
    let list = temp.path().join("words.txt");
    fs::write(&list, text).unwrap();
    let cache = CacheDir::new(temp.path().join("cache"));
    let dict = cache.load(&list, None, Normalizer::default()).unwrap().dict;
    (temp, list, cache, dict)
}

/// [`cached_list`], loaded again through the same cache mapping its
/// entries and the files beside them: the temporary directory and the
/// dictionary.
pub(crate) fn mapped_list(text: &str) -> (tempfile::TempDir, Dictionary) {
    let (temp, list, cache, _dict) = cached_list(text);
    // SAFETY: nothing else writes into the test's cache.
    #[allow(unsafe_code)]
    let cache = unsafe { cache.mapping() };
    let dict = cache.load(&list, None, Normalizer::default()).unwrap().dict;
    (temp, dict)
}

/// The files of kind `kind` in the cache of `temp`, in order.
pub(crate) fn derived_files(temp: &Path, kind: &str) -> Vec<PathBuf> {
    let mut files: Vec<PathBuf> = fs::read_dir(temp.join("cache"))
        .unwrap()
        .map(|entry| entry.unwrap().path())
        .filter(|path| path.to_string_lossy().contains(&format!(".{kind}-")))
        .filter(|path| {
            path.extension()
                .is_none_or(|extension| extension != "checked")
        })
        .collect();
    files.sort();
    files
}

/// The file `bytes` with `change` made to all but its CRC-32, which is
/// then made again: damage no checksum sees.
pub(crate) fn forged(bytes: &[u8], change: impl Fn(&mut [u8])) -> Vec<u8> {
    let mut forged = bytes[..bytes.len() - 4].to_vec();
    change(&mut forged);
    let crc = crc32fast::hash(&forged);
    forged.extend_from_slice(&crc.to_le_bytes());
    forged
}

/// Every change of one byte of `bytes`, and every cut of it, and one byte
/// more, is refused by `read_back`, which reads a file of the bytes given.
pub(crate) fn every_change_refused(bytes: &[u8], mut read_back: impl FnMut(&[u8]) -> bool) {
    assert!(read_back(bytes), "the file as written");
    for at in 0..bytes.len() {
        let mut changed = bytes.to_vec();
        changed[at] ^= 0x10;
        assert!(!read_back(&changed), "byte {at}");
        assert!(!read_back(&bytes[..at]), "cut at {at}");
    }
    let mut longer = bytes.to_vec();
    longer.push(0);
    assert!(!read_back(&longer), "a byte more");
}

/// Where the stamp that vouches for the file at `path` is kept.
pub(crate) fn stamp_path(path: &Path) -> PathBuf {
    Stamp::beside(path)
}

/// Keeps, beside the file at `path`, the stamp of the file as it is now,
/// as a run that found it whole would: damage no stamp sees.
pub(crate) fn stamp_as_checked(path: &Path) {
    let stamp = Stamp::of(&fs::metadata(path).unwrap()).unwrap();
    stamp.write_at(&Stamp::beside(path)).unwrap();
}
