//! Reading a file kept beside a cache entry ([`super::DerivedFiles`]) in
//! full-sized pieces, with a CRC-32 of its bytes kept as it goes, against
//! the one its last four bytes hold.

use std::fs::File;
use std::io::Read;

/// A file read in full-sized pieces, its CRC-32 kept as it goes.
pub(crate) struct CheckedFile {
    file: File,
    crc: crc32fast::Hasher,
}

impl CheckedFile {
    pub(crate) fn new(file: File) -> CheckedFile {
        CheckedFile {
            file,
            crc: crc32fast::Hasher::new(),
        }
    }

    /// The file's size, or `None` when it cannot be asked.
    pub(crate) fn len(&self) -> Option<u64> {
        Some(self.file.metadata().ok()?.len())
    }

    /// Fills `buffer`, or `None` when the file ends first or fails.
    pub(crate) fn read(&mut self, buffer: &mut [u8]) -> Option<()> {
        self.file.read_exact(buffer).ok()?;
        self.crc.update(buffer);
        Some(())
    }

    /// Reads `count` records of `width` bytes each and hands each to
    /// `take`, a piece at a time, through a buffer that stays in the
    /// processor's cache; `None` at the first record `take` refuses.
    pub(crate) fn records(
        &mut self,
        count: usize,
        width: usize,
        mut take: impl FnMut(&[u8]) -> bool,
    ) -> Option<()> {
        let mut buffer = vec![0; (1 << 16) / width * width];
        let mut left = count;
        while left > 0 {
            let records = left.min(buffer.len() / width);
            let piece = &mut buffer[..records * width];
            self.read(piece)?;
            if !piece.chunks_exact(width).all(&mut take) {
                return None;
            }
            left -= records;
        }
        Some(())
    }

    /// Reads the stored CRC-32, the file's last four bytes: `Some` when it
    /// is that of everything read before it.
    pub(crate) fn finish(mut self) -> Option<()> {
        let crc = self.crc.clone().finalize();
        let mut stored = [0; 4];
        self.file.read_exact(&mut stored).ok()?;
        (u32::from_le_bytes(stored) == crc).then_some(())
    }
}

/// The little-endian `u32` at `at` of `bytes`, which must hold it.
pub(crate) fn u32_at(bytes: &[u8], at: usize) -> u32 {
    u32::from_le_bytes([bytes[at], bytes[at + 1], bytes[at + 2], bytes[at + 3]])
}
