//! The layout of a file kept beside a cache entry
//! ([`super::DerivedFiles`]): a head of the writer's choosing, counts, then
//! tables of plain values one after the other, each at a multiple of its
//! alignment (8 bytes at least), in the machine's byte order, and a CRC-32
//! of everything before in the last four bytes (little-endian).
//!
//! A reader uses the tables where they lie in the file's bytes, mapped or
//! read whole ([`MappedFile`]): no copy and no decoding, one pass of the
//! checksum, and then whatever checks of the values the reader needs:
//! fresh memory of the run's own, and decoding into it record by record,
//! cost more (docs/performance.md, 7 Dec 2026). The head should say the
//! byte order (a number written in it, as the layout's), so that a
//! machine of the other order does not take the file.

use std::sync::Arc;

use super::Loaded;
use crate::mapped::{MappedFile, Table};

/// The least alignment of a table.
const ALIGN: usize = 8;

/// A file being written: the head, then [`Writer::counts`] and
/// [`Writer::table`]s, then [`Writer::finish`].
pub(crate) struct Writer {
    out: Vec<u8>,
}

impl Writer {
    pub(crate) fn new(head: Vec<u8>) -> Writer {
        Writer { out: head }
    }

    /// Puts `counts`, one `u32` each in the machine's byte order.
    pub(crate) fn counts(&mut self, counts: &[usize]) {
        for &count in counts {
            self.out.extend_from_slice(&(count as u32).to_ne_bytes());
        }
    }

    /// Puts `values` at the next multiple of `align` bytes (at least 8).
    pub(crate) fn table<T: bytemuck::Pod>(&mut self, values: &[T], align: usize) {
        let at = self.out.len().next_multiple_of(align.max(ALIGN));
        self.out.resize(at, 0);
        self.out.extend_from_slice(bytemuck::cast_slice(values));
    }

    /// The file's bytes: the last table padded, and the checksum.
    pub(crate) fn finish(mut self) -> Vec<u8> {
        self.out.resize(self.out.len().next_multiple_of(ALIGN), 0);
        let crc = crc32fast::hash(&self.out);
        self.out.extend_from_slice(&crc.to_le_bytes());
        self.out
    }
}

/// A file being read, as [`Writer`] wrote it.
pub(crate) struct Reader<'f> {
    file: &'f Arc<MappedFile>,
    vouched: bool,
    at: usize,
}

impl<'f> Reader<'f> {
    /// The reader of `loaded` past `head`; `None` when it does not start
    /// with `head`.
    pub(crate) fn new(loaded: &'f Loaded, head: &[u8]) -> Option<Reader<'f>> {
        loaded.file.bytes().starts_with(head).then_some(Reader {
            file: &loaded.file,
            vouched: loaded.vouched,
            at: head.len(),
        })
    }

    /// The next `N` counts.
    pub(crate) fn counts<const N: usize>(&mut self) -> Option<[usize; N]> {
        let bytes = self.file.bytes().get(self.at..self.at + 4 * N)?;
        self.at += 4 * N;
        let mut counts = [0; N];
        for (count, bytes) in counts.iter_mut().zip(bytes.chunks_exact(4)) {
            *count = u32::from_ne_bytes(bytes.try_into().ok()?) as usize;
        }
        Some(counts)
    }

    /// The next table, of `len` values at the next multiple of `align`
    /// bytes; `None` when the file ends first.
    pub(crate) fn table<T: bytemuck::Pod>(&mut self, len: usize, align: usize) -> Option<Table<T>> {
        let at = self.at.next_multiple_of(align.max(ALIGN));
        let table = Table::in_file(self.file, at, len)?;
        self.at = at + std::mem::size_of_val::<[T]>(&table);
        Some(table)
    }

    /// `Some` when the file ends just after the last table and its
    /// checksum, and the checksum is that of everything before it, which
    /// is not computed again when a stamp vouches for the file
    /// ([`Loaded::vouched`]).
    pub(crate) fn finish(self) -> Option<()> {
        let bytes = self.file.bytes();
        let (body, crc) = bytes.split_last_chunk::<4>()?;
        let whole = self.at.next_multiple_of(ALIGN) == body.len();
        (whole && (self.vouched || crc32fast::hash(body) == u32::from_le_bytes(*crc))).then_some(())
    }
}
