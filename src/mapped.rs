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

/// A whole file's bytes in memory: mapped read-only ([`MappedFile::map`]),
/// or read into a buffer of the program's own ([`MappedFile::read`]) where
/// mapping is not chosen. Either way they start at an address aligned to
/// [`FILE_ALIGN`] bytes, so that a table the file holds at a multiple of
/// its values' alignment is used where it lies ([`Table`]).
pub struct MappedFile {
    bytes: FileBytes,
}

enum FileBytes {
    Mapped(memmap2::Mmap),
    /// The file's `len` bytes, at the start of the blocks.
    Read {
        blocks: Vec<Block>,
        len: usize,
    },
}

/// The alignment of a [`MappedFile`]'s bytes.
pub const FILE_ALIGN: usize = 32;

/// The unit of a read file's buffer, for its alignment.
#[derive(Clone, Copy, bytemuck::Zeroable, bytemuck::Pod)]
#[repr(C, align(32))]
struct Block([u8; FILE_ALIGN]);

impl std::fmt::Debug for MappedFile {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let kind = match self.bytes {
            FileBytes::Mapped(_) => "mapped",
            FileBytes::Read { .. } => "read",
        };
        write!(f, "MappedFile({kind}, {} bytes)", self.bytes().len())
    }
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
        Ok(MappedFile {
            bytes: FileBytes::Mapped(map),
        })
    }

    /// [`MappedFile::map`], with every page of the file mapped at once: for
    /// a file read whole straight away (its checksum), one call rather than
    /// a fault every few pages.
    ///
    /// # Safety
    ///
    /// As for [`MappedFile::map`].
    #[allow(unsafe_code)]
    pub unsafe fn map_whole(file: &File) -> io::Result<MappedFile> {
        // SAFETY: the caller keeps the file unchanged while it is mapped.
        let map = unsafe { memmap2::MmapOptions::new().populate().map(file)? };
        Ok(MappedFile {
            bytes: FileBytes::Mapped(map),
        })
    }

    /// Reads `file` whole, from where it is to its end, into memory of
    /// the program's own: `len` bytes, or fewer when it ends first.
    pub fn read(file: &mut File, len: usize) -> io::Result<MappedFile> {
        let mut blocks: Vec<Block> = huge_vec(len.div_ceil(FILE_ALIGN));
        blocks.resize(len.div_ceil(FILE_ALIGN), Block([0; FILE_ALIGN]));
        let buffer: &mut [u8] = bytemuck::cast_slice_mut(&mut blocks);
        let mut filled = 0;
        while filled < len {
            match io::Read::read(file, &mut buffer[filled..len]) {
                Ok(0) => break,
                Ok(read) => filled += read,
                Err(error) if error.kind() == io::ErrorKind::Interrupted => {}
                Err(error) => return Err(error),
            }
        }
        Ok(MappedFile {
            bytes: FileBytes::Read {
                blocks,
                len: filled,
            },
        })
    }

    /// The file's bytes.
    pub fn bytes(&self) -> &[u8] {
        match &self.bytes {
            FileBytes::Mapped(map) => map,
            FileBytes::Read { blocks, len } => {
                let bytes: &[u8] = bytemuck::cast_slice(blocks);
                bytes.get(..*len).unwrap_or_default()
            }
        }
    }
}

/// A table of plain values: a vector, or values a file holds, used where
/// they lie in it ([`Table::in_file`]).
#[derive(Clone, Debug)]
pub enum Table<T> {
    Owned(Vec<T>),
    /// Bytes aligned for `T`, a whole number of its values: checked when
    /// made.
    InFile(MappedBytes, std::marker::PhantomData<T>),
}

impl<T: bytemuck::Pod> Table<T> {
    /// The `len` values at byte `at` of `file`; `None` when they are not
    /// all inside it or `at` is not aligned for `T`.
    pub fn in_file(file: &Arc<MappedFile>, at: usize, len: usize) -> Option<Table<T>> {
        let end = len
            .checked_mul(std::mem::size_of::<T>())
            .and_then(|size| at.checked_add(size))?;
        let bytes = MappedBytes::new(Arc::clone(file), at..end)?;
        bytemuck::try_cast_slice::<u8, T>(bytes.bytes()).ok()?;
        Some(Table::InFile(bytes, std::marker::PhantomData))
    }
}

impl<T: Copy> Table<T> {
    /// A copy of `values` in huge pages ([`huge_vec`]): for a table read
    /// all over, which its file's ordinary pages would serve slower.
    pub fn in_huge_pages(values: &[T]) -> Table<T> {
        let mut copy = huge_vec(values.len());
        copy.extend_from_slice(values);
        Table::Owned(copy)
    }
}

impl<T: bytemuck::Pod> std::ops::Deref for Table<T> {
    type Target = [T];

    fn deref(&self) -> &[T] {
        match self {
            Table::Owned(values) => values,
            // Aligned and whole, as checked when made.
            Table::InFile(bytes, _) => bytemuck::try_cast_slice(bytes.bytes()).unwrap_or_default(),
        }
    }
}

impl<T> From<Vec<T>> for Table<T> {
    fn from(values: Vec<T>) -> Table<T> {
        Table::Owned(values)
    }
}

impl<T> Default for Table<T> {
    fn default() -> Table<T> {
        Table::Owned(Vec::new())
    }
}

/// Equal when their values are, wherever they lie.
impl<T: bytemuck::Pod + PartialEq> PartialEq for Table<T> {
    fn eq(&self, other: &Table<T>) -> bool {
        **self == **other
    }
}

impl<T: bytemuck::Pod + Eq> Eq for Table<T> {}

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
