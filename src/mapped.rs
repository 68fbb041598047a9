//! Read-only files mapped into memory, for the dictionary cache's entries.
//!
//! A cached list is used where the operating system keeps the file, the way
//! a bundled list is used where it lies in the binary: no copy is made, and
//! only the pages the search touches (and the one pass that checks the
//! checksum) are ever read. Copying the 13 MB image of a large list costs
//! more than everything else its run does.
//!
//! The module is private to the crate: mapping is sound only for files
//! kept to the cache's protocol (see [`MappedFile::map_cache_entry`]),
//! which code outside the crate could not promise.

use std::fs::File;
use std::io;
use std::ops::Range;
use std::sync::Arc;

/// A whole file mapped read-only into memory.
#[derive(Debug)]
pub struct MappedFile {
    map: memmap2::Mmap,
}

impl MappedFile {
    /// Maps `file`, which must be a cache entry (see the safety note).
    #[allow(unsafe_code)]
    pub fn map_cache_entry(file: &File) -> io::Result<MappedFile> {
        // SAFETY: the mapping is sound as long as no one changes the file
        // while it is mapped. Cache entries are never changed in place:
        // they are written whole under a temporary name and renamed over
        // the old entry (`cache::write_atomically`), which leaves a mapped
        // old entry's content as it was, and removing an entry leaves it
        // mapped until unmapped. Only a process writing into the cache
        // directory's files in place, against this program's own protocol,
        // could change the bytes under the mapping.
        let map = unsafe { memmap2::Mmap::map(file)? };
        Ok(MappedFile { map })
    }

    /// The file's bytes.
    pub fn bytes(&self) -> &[u8] {
        &self.map
    }
}

/// A range of a mapped file's bytes, sharing the mapping.
#[derive(Clone, Debug)]
pub struct MappedBytes {
    file: Arc<MappedFile>,
    range: Range<usize>,
}

impl MappedBytes {
    /// `range` of `file`'s bytes; `None` when it is not inside the file.
    pub fn new(file: Arc<MappedFile>, range: Range<usize>) -> Option<MappedBytes> {
        file.bytes().get(range.clone())?;
        Some(MappedBytes { file, range })
    }

    /// The bytes.
    pub fn bytes(&self) -> &[u8] {
        // The range was checked when made, and the mapping never shrinks.
        self.file
            .bytes()
            .get(self.range.clone())
            .unwrap_or_default()
    }
}
