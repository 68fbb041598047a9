//! Memory the operating system is asked about: read-only files mapped into
//! memory, for the dictionary cache's entries, and huge pages for the trie
//! images built in memory and the tables of megabytes a run fills once
//! ([`huge_vec`]).
//!
//! A cached list is used where the operating system keeps the file: no
//! copy is made, and only the pages the search touches (and the one pass
//! that checks the checksum) are ever read. Copying the 13 MB image of a
//! large list costs more than everything else its run does; rebuilding it
//! from the packed form (about 12 ms of processor time for the English
//! list, against 2 ms for a whole run from the cache) costs more still.
//!
//! Mapping is `unsafe` ([`MappedFile::map`]): it is sound only while no one
//! changes the file, which the library cannot promise for a path it is
//! given. The binary accepts that risk for its cache directory
//! ([`crate::dict::cache::CacheDir::mapping`]); without that choice, cache
//! entries are read into memory and checked in full.

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
    /// Maps `file` read-only.
    ///
    /// # Safety
    ///
    /// Nothing may change the file's bytes while it is mapped: the map
    /// would change under the program's feet, which Rust cannot allow for
    /// memory it reads as `&[u8]`. Cache entries keep to this when the
    /// cache's protocol is kept: they are never changed in place, but
    /// written whole under a temporary name and renamed over the old entry
    /// ([`crate::atomic_file`]), which leaves a mapped old entry's
    /// content as it was, and removing an entry leaves it mapped until
    /// unmapped. Only a process writing into the cache directory's files in
    /// place, against that protocol, could break it: which is why mapping
    /// is chosen by the binary ([`crate::dict::cache::CacheDir::mapping`]),
    /// not by the library.
    #[allow(unsafe_code)]
    pub unsafe fn map(file: &File) -> io::Result<MappedFile> {
        // SAFETY: the caller keeps the file unchanged while it is mapped.
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

/// The size of a huge page: 2 MiB, on x86-64 and on most arm64 systems.
const HUGE_PAGE: usize = 2 << 20;

/// Asks the kernel to back `buffer` with huge pages where whole ones fit.
/// An image of a large list is megabytes written once, and faulting them in
/// 4 KiB pages costs more than building it; 2 MiB pages take a few hundred
/// times fewer faults. Advice only: nothing changes if
/// the kernel declines, or on other systems.
pub fn advise_huge_pages(buffer: &mut [u8]) {
    advise_huge_range(buffer.as_mut_ptr(), buffer.len());
}

/// An empty vector with room for `len` items, whose memory is advised huge
/// pages (see [`advise_huge_pages`]) before anything is written to it: for
/// the tables of megabytes a run fills once. Its room goes a huge page
/// past `len` items, so that the huge pages cover the items up to their
/// end; the room never used is never touched, so the system gives it no
/// memory. Below a huge page, an ordinary vector.
pub fn huge_vec<T>(len: usize) -> Vec<T> {
    let size = std::mem::size_of::<T>();
    if size == 0 || len.saturating_mul(size) < HUGE_PAGE {
        return Vec::with_capacity(len);
    }
    let mut vec: Vec<T> = Vec::with_capacity(len.saturating_add(HUGE_PAGE / size));
    advise_huge_range(vec.as_mut_ptr().cast::<u8>(), vec.capacity() * size);
    vec
}

/// Advises huge pages for the whole ones among the `len` bytes from
/// `start`, which must be memory the caller owns.
#[cfg(target_os = "linux")]
#[allow(unsafe_code)]
fn advise_huge_range(start: *mut u8, len: usize) {
    let skip = (start as usize).next_multiple_of(HUGE_PAGE) - start as usize;
    let len = len.saturating_sub(skip) / HUGE_PAGE * HUGE_PAGE;
    if len == 0 {
        return;
    }
    // SAFETY: `madvise` with `MADV_HUGEPAGE` only tells the kernel how to
    // back the pages of a range; it neither changes their contents nor
    // unmaps them, so it cannot make any memory invalid whatever it
    // returns. The range starts `skip` bytes after `start` and is `len`
    // bytes long, within the bytes the caller owns, and `start.add(skip)`
    // stays inside them. Its failure (an old kernel, huge pages disabled)
    // is harmless and ignored.
    unsafe {
        libc::madvise(start.add(skip).cast(), len, libc::MADV_HUGEPAGE);
    }
}

/// Huge pages are asked for on Linux only.
#[cfg(not(target_os = "linux"))]
fn advise_huge_range(_start: *mut u8, _len: usize) {}

#[cfg(test)]
mod tests {
    use super::*;

    /// The huge-page advice must leave any buffer as it was, whatever its
    /// alignment and length.
    #[test]
    fn huge_page_advice_keeps_contents() {
        let mut buffer: Vec<u8> = (0..5 << 20).map(|i: u32| i as u8).collect();
        for start in [0, 3, 4096] {
            advise_huge_pages(&mut buffer[start..]);
        }
        advise_huge_pages(&mut []);
        assert!(buffer.iter().enumerate().all(|(i, &b)| b == i as u8));
        buffer[(4 << 20) + 1] = 7;
        assert_eq!(buffer[(4 << 20) + 1], 7);
    }

    /// A vector of huge pages holds what is put in it, small or large, and
    /// has room for at least what was asked.
    #[test]
    fn huge_vectors_hold_their_items() {
        for len in [0, 1, 1000, HUGE_PAGE / 8 - 1, 3 * HUGE_PAGE / 8 + 5] {
            let mut vec: Vec<u64> = huge_vec(len);
            assert!(vec.is_empty() && vec.capacity() >= len);
            vec.extend(0..len as u64);
            assert!(vec.iter().enumerate().all(|(i, &x)| x == i as u64));
        }
        let zero_sized: Vec<()> = huge_vec(1 << 30);
        assert!(zero_sized.capacity() >= 1 << 30);
    }
}
