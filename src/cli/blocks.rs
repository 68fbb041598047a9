//! A buffered writer for large outputs that writes whole, aligned blocks.
//!
//! Into a regular file, each write fills the file's pages in the kernel's
//! page cache, and a write that ends in the middle of a large page-cache
//! folio leaves the next write a smaller one to fill; into a pipe, a write
//! larger than its 64 KiB buffer waits for the reader for its last bytes.
//! [`Blocks`] writes up to the last block boundary at once and holds the
//! rest: `solve`'s JSON took 0.97 of the time into a file and 0.81 into a
//! pipe (docs/performance.md, "Output in whole blocks").

use std::io::{self, IoSlice, Write};

/// A buffered writer that writes whole blocks of [`Blocks::SIZE`] bytes,
/// each at an offset that is a multiple of it: a write sends what is held
/// and the new bytes up to the last block boundary, in one vectored write,
/// and holds the rest (less than a block). Only that rest is copied; the
/// bulk of a large write goes out from the caller's buffer, as with a
/// `BufWriter`. A flush writes what is held, whatever its length.
///
/// What is held is written when the writer is dropped, an error then
/// having nowhere to go, as a `BufWriter` does.
pub struct Blocks<W: Write> {
    inner: W,
    /// The bytes not yet written, from `at` on; fewer than a block after
    /// each write but the first (which may start off a boundary).
    held: Vec<u8>,
    /// The output's offset where `held` starts.
    at: u64,
}

impl<W: Write> Blocks<W> {
    /// The block: a large folio's size, and a pipe's buffer.
    pub const SIZE: usize = 1 << 16;

    /// A writer into `inner`, whose next byte goes at offset `at` (0 when
    /// unknown, as in a pipe, where alignment does not matter).
    pub fn new(inner: W, at: u64) -> Blocks<W> {
        Blocks {
            inner,
            held: Vec::with_capacity(2 * Self::SIZE),
            at,
        }
    }

    /// Writes what is held and then `bytes`, whole, unless an error comes
    /// first. What of `held` was written is no longer held, even then.
    fn send(&mut self, bytes: &[u8]) -> io::Result<()> {
        let mut slices = [IoSlice::new(&self.held), IoSlice::new(bytes)];
        let mut slices = &mut slices[..];
        IoSlice::advance_slices(&mut slices, 0);
        let mut written = 0;
        let result = loop {
            if slices.is_empty() {
                break Ok(());
            }
            match self.inner.write_vectored(slices) {
                Ok(0) => break Err(io::ErrorKind::WriteZero.into()),
                Ok(count) => {
                    written += count;
                    IoSlice::advance_slices(&mut slices, count);
                }
                Err(error) if error.kind() == io::ErrorKind::Interrupted => {}
                Err(error) => break Err(error),
            }
        };
        let sent = written.min(self.held.len());
        self.held.drain(..sent);
        self.at += sent as u64;
        result
    }
}

impl<W: Write> Write for Blocks<W> {
    fn write(&mut self, bytes: &[u8]) -> io::Result<usize> {
        let held_end = self.at + self.held.len() as u64;
        let end = held_end + bytes.len() as u64;
        let boundary = end - end % Self::SIZE as u64;
        if boundary <= held_end {
            self.held.extend_from_slice(bytes);
            return Ok(bytes.len());
        }
        let (now, rest) = bytes.split_at((boundary - held_end) as usize);
        self.send(now)?;
        self.at = boundary;
        self.held.extend_from_slice(rest);
        Ok(bytes.len())
    }

    fn flush(&mut self) -> io::Result<()> {
        self.send(&[])?;
        self.inner.flush()
    }
}

impl<W: Write> Drop for Blocks<W> {
    fn drop(&mut self) {
        let _ = self.send(&[]);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const SIZE: usize = Blocks::<Vec<u8>>::SIZE;

    /// Keeps what it is given and the length of each write; takes at most
    /// `most` bytes a call, and fails the calls numbered in `fail` with
    /// their error.
    #[derive(Default)]
    struct Sink {
        bytes: Vec<u8>,
        writes: Vec<usize>,
        most: Option<usize>,
        fail: Vec<(usize, io::ErrorKind)>,
        calls: usize,
    }

    impl Write for Sink {
        fn write(&mut self, bytes: &[u8]) -> io::Result<usize> {
            self.write_vectored(&[IoSlice::new(bytes)])
        }

        fn write_vectored(&mut self, slices: &[IoSlice<'_>]) -> io::Result<usize> {
            self.calls += 1;
            if let Some(&(_, kind)) = self.fail.iter().find(|(call, _)| *call == self.calls) {
                return Err(kind.into());
            }
            let mut taken = 0;
            for slice in slices {
                let room = self.most.unwrap_or(usize::MAX) - taken;
                let take = slice.len().min(room);
                self.bytes.extend_from_slice(&slice[..take]);
                taken += take;
            }
            self.writes.push(taken);
            Ok(taken)
        }

        fn flush(&mut self) -> io::Result<()> {
            Ok(())
        }
    }

    /// Bytes that show where each came from: `count` of them, numbered.
    fn numbered(count: usize) -> Vec<u8> {
        (0..count).map(|i| (i * 7 % 251) as u8).collect()
    }

    #[test]
    fn every_write_but_the_last_ends_on_a_block_boundary() {
        // Writes of many lengths, from offsets on a boundary and off one.
        let lengths = [
            1,
            100,
            SIZE - 1,
            3,
            SIZE,
            78_000,
            5,
            2 * SIZE + 17,
            0,
            40_000,
        ];
        for start in [0, 1000, SIZE as u64 + 12] {
            let all = numbered(lengths.iter().sum());
            let mut out = Blocks::new(Sink::default(), start);
            let mut at = 0;
            for &len in &lengths {
                assert_eq!(out.write(&all[at..at + len]).unwrap(), len);
                at += len;
            }
            out.flush().unwrap();
            let sink = std::mem::take(&mut out.inner);
            assert_eq!(sink.bytes, all, "from {start}");
            let mut offset = start;
            for (i, &len) in sink.writes.iter().enumerate() {
                offset += len as u64;
                if i + 1 < sink.writes.len() {
                    assert_eq!(offset % SIZE as u64, 0, "write {i} from {start}");
                }
            }
            // Nothing is held back: the flush wrote the rest.
            assert!(out.held.is_empty());
        }
    }

    #[test]
    fn small_writes_wait_for_a_whole_block() {
        let mut out = Blocks::new(Sink::default(), 0);
        for _ in 0..SIZE / 100 {
            out.write_all(&[b'x'; 100]).unwrap();
        }
        assert!(out.inner.writes.is_empty(), "less than a block is held");
        out.write_all(&[b'y'; 100]).unwrap();
        assert_eq!(out.inner.writes, [SIZE]);
        assert_eq!(out.held.len(), (SIZE / 100 + 1) * 100 - SIZE);
    }

    #[test]
    fn short_writes_and_interruptions_lose_nothing() {
        let all = numbered(5 * SIZE + 333);
        let sink = Sink {
            most: Some(1000),
            fail: vec![
                (2, io::ErrorKind::Interrupted),
                (9, io::ErrorKind::Interrupted),
            ],
            ..Sink::default()
        };
        let mut out = Blocks::new(sink, 0);
        for piece in all.chunks(30_001) {
            out.write_all(piece).unwrap();
        }
        out.flush().unwrap();
        assert_eq!(out.inner.bytes, all);
    }

    #[test]
    fn an_error_is_returned_and_nothing_is_written_twice() {
        let all = numbered(3 * SIZE);
        // The third call fails after two have each taken 1,000 bytes.
        let sink = Sink {
            most: Some(1000),
            fail: vec![(3, io::ErrorKind::BrokenPipe)],
            ..Sink::default()
        };
        let mut out = Blocks::new(sink, 0);
        out.write_all(&all[..100]).unwrap();
        let error = out.write(&all[100..]).unwrap_err();
        assert_eq!(error.kind(), io::ErrorKind::BrokenPipe);
        // What went out is no longer held; the rest is sent by a flush.
        assert_eq!(out.inner.bytes, all[..2000]);
        assert!(out.held.is_empty());
        out.flush().unwrap();
        assert_eq!(out.inner.bytes, all[..2000]);
    }

    #[test]
    fn dropping_the_writer_writes_what_it_holds() {
        let mut sink = Vec::new();
        {
            let mut out = Blocks::new(&mut sink, 0);
            out.write_all(b"held").unwrap();
        }
        assert_eq!(sink, b"held");
    }
}
