//! Reading a word list's bytes from any reader, streamed and bounded
//! (README, Limits). A list is read in chunks; at most [`MAX_LIST_BYTES`]
//! are read, and gzip data decompresses to at most
//! [`MAX_DECOMPRESSED_BYTES`]. Text is checked as it comes: the first NUL
//! byte or the first byte that is not UTF-8 ends the read with an error, so
//! `/dev/zero`, `/dev/urandom` or a gzip bomb of zeros stop after one chunk.
//! Only data that starts like a compiled dictionary (a byte no text starts
//! with) is read as binary. Gzip data is decompressed here, under the same
//! bounds; [`gzip`] only names the format and its faults.

use std::fmt;
use std::io::{self, Read};

use flate2::read::MultiGzDecoder;

use super::{
    DictError, DictErrorKind, GzipFault, Limit, MAX_DECOMPRESSED_BYTES, MAX_LIST_BYTES, compiled,
    gzip,
};

/// How many bytes one read asks for.
const CHUNK: usize = 1 << 16;

/// Why a word list could not be loaded: it could not be read, or its
/// content is unusable.
#[derive(Debug)]
pub enum LoadError {
    /// The source could not be read.
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

impl From<DictError> for LoadError {
    fn from(error: DictError) -> LoadError {
        LoadError::Dict(error)
    }
}

/// The bytes of the word list `reader` gives, gzip data decompressed;
/// `size_hint` (a file's size) spares the buffer's regrowth. At most
/// [`MAX_LIST_BYTES`] are read and [`MAX_DECOMPRESSED_BYTES`] decompressed;
/// text stops at its first NUL byte or invalid UTF-8.
pub fn read_list(reader: impl Read, size_hint: Option<u64>) -> Result<Vec<u8>, LoadError> {
    let mut reader = reader.take(MAX_LIST_BYTES + 1);
    let mut head = Vec::with_capacity(2);
    (&mut reader)
        .take(2)
        .read_to_end(&mut head)
        .map_err(LoadError::Io)?;
    if gzip::is_gzip(&head) {
        let inner = inflate(head.as_slice().chain(reader), None)?;
        if gzip::is_gzip(&inner) {
            return Err(gzip::nested().into());
        }
        return Ok(inner);
    }
    read_bounded(
        head.as_slice().chain(reader),
        MAX_LIST_BYTES,
        size_hint,
        Limit::File,
    )
}

/// The decompressed bytes of every gzip member in `bytes`, at most
/// [`MAX_DECOMPRESSED_BYTES`] of them.
pub fn decompress(bytes: &[u8]) -> Result<Vec<u8>, DictError> {
    if !gzip::is_gzip(bytes) {
        return Err(DictError::new(DictErrorKind::CorruptGzip(
            GzipFault::NotGzip,
        )));
    }
    inflate(bytes, Some(bytes.len() as u64 * 4))
}

/// The decompressed bytes of the gzip data `reader` gives, read as
/// [`read_bounded`] reads under [`Limit::Decompressed`]; what the decoder
/// cannot read is corrupt gzip data.
fn inflate(reader: impl Read, size_hint: Option<u64>) -> Result<Vec<u8>, DictError> {
    let decoder = MultiGzDecoder::new(reader);
    read_bounded(
        decoder,
        MAX_DECOMPRESSED_BYTES,
        size_hint,
        Limit::Decompressed,
    )
    .map_err(|error| match error {
        LoadError::Io(error) => gzip::corrupt(&error),
        LoadError::Dict(error) => error,
    })
}

/// Reads all of `reader`, at most `limit` bytes, checking text as it comes
/// unless the first bytes say the data is a compiled dictionary or gzip.
pub fn read_bounded(
    mut reader: impl Read,
    limit: u64,
    size_hint: Option<u64>,
    kind: Limit,
) -> Result<Vec<u8>, LoadError> {
    let capacity = size_hint.map_or(CHUNK as u64, |hint| hint.min(limit) + 1);
    let mut bytes = Vec::with_capacity(usize::try_from(capacity).unwrap_or(CHUNK));
    let mut text = TextCheck::default();
    loop {
        if bytes.len() as u64 > limit {
            return Err(DictError::new(DictErrorKind::TooLarge(kind)).into());
        }
        let start = bytes.len();
        // Fill the capacity reserved first before growing it.
        let room = match bytes.capacity() - start {
            0 => CHUNK,
            room => room.min(CHUNK),
        };
        let want = room.min((limit + 1 - start as u64) as usize);
        // `read_to_end` reads into the spare capacity without zeroing it.
        let read = (&mut reader)
            .take(want as u64)
            .read_to_end(&mut bytes)
            .map_err(LoadError::Io)?;
        // Gzip data inside gzip data is left for the caller to name.
        let binary = compiled::looks_compiled(&bytes) || gzip::is_gzip(&bytes);
        if !binary {
            text.check(&bytes, read == 0)?;
        }
        if read == 0 {
            return Ok(bytes);
        }
    }
}

/// The check of text read so far: no NUL byte, valid UTF-8. Lines are
/// counted only to name the one at fault.
#[derive(Debug, Default)]
struct TextCheck {
    /// Bytes checked: all of them but an incomplete character at the end.
    checked: usize,
}

impl TextCheck {
    /// Checks `bytes` past what was checked before; `end` when no more
    /// will come, so a character cut at the end is an error.
    fn check(&mut self, bytes: &[u8], end: bool) -> Result<(), DictError> {
        let new = &bytes[self.checked..];
        // The first fault is reported: a NUL byte, or a byte that is not
        // UTF-8 before it. (`contains` finds a byte a word at a time.)
        let nul = if new.contains(&0) {
            new.iter().position(|&b| b == 0)
        } else {
            None
        };
        let before_nul = &new[..nul.unwrap_or(new.len())];
        let line_at = |at: usize| Some(count_lines(&bytes[..self.checked + at]) + 1);
        let valid = match std::str::from_utf8(before_nul) {
            Ok(_) => before_nul.len(),
            Err(error) if error.error_len().is_none() && !end && nul.is_none() => {
                error.valid_up_to()
            }
            Err(error) => {
                return Err(DictError {
                    line: line_at(error.valid_up_to()),
                    kind: DictErrorKind::NotUtf8,
                });
            }
        };
        if nul.is_some() {
            return Err(DictError {
                line: line_at(before_nul.len()),
                kind: DictErrorKind::Binary,
            });
        }
        self.checked += valid;
        Ok(())
    }
}

/// An I/O error's message in this program's style: lower case, no
/// operating-system error number. Errors this program makes up itself
/// (such as [`NotRegular`](crate::atomic_file::NotRegular)) keep their text.
pub fn io_message(error: &io::Error) -> String {
    match error.kind() {
        io::ErrorKind::NotFound => "no such file".into(),
        io::ErrorKind::PermissionDenied => "permission denied".into(),
        io::ErrorKind::IsADirectory => "is a directory".into(),
        _ if error.raw_os_error().is_none() && error.get_ref().is_some() => error.to_string(),
        _ => {
            let text = error.to_string();
            let text = text.split(" (os error").next().unwrap_or(&text);
            text.to_lowercase()
        }
    }
}

/// Line breaks in `bytes`.
fn count_lines(bytes: &[u8]) -> usize {
    bytes.iter().filter(|&&b| b == b'\n').count()
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::io::Write;

    /// A reader of `len` bytes of `byte`, made on the fly: a stand-in for
    /// `/dev/zero` that counts what was taken from it.
    struct Endless {
        byte: u8,
        taken: u64,
    }

    impl Read for Endless {
        fn read(&mut self, buffer: &mut [u8]) -> io::Result<usize> {
            buffer.fill(self.byte);
            self.taken += buffer.len() as u64;
            Ok(buffer.len())
        }
    }

    fn gzip(bytes: &[u8]) -> Vec<u8> {
        let mut encoder = flate2::write::GzEncoder::new(Vec::new(), flate2::Compression::best());
        encoder.write_all(bytes).unwrap();
        encoder.finish().unwrap()
    }

    #[test]
    fn text_reads_whole() {
        let text = "cat\ndög\n".repeat(50_000);
        assert_eq!(read_list(text.as_bytes(), None).unwrap(), text.as_bytes());
        assert_eq!(
            read_list(&gzip(text.as_bytes())[..], None).unwrap(),
            text.as_bytes()
        );
        assert_eq!(read_list(&b""[..], Some(0)).unwrap(), b"");
    }

    /// Zeros stop at the first chunk, whether read or decompressed.
    #[test]
    fn binary_stops_early() {
        let mut zeros = Endless { byte: 0, taken: 0 };
        let error = read_list(&mut zeros, None).unwrap_err();
        assert_eq!(
            error.to_string(),
            "line 1: binary data, not a word list (a NUL byte)"
        );
        assert!(zeros.taken <= 2 * CHUNK as u64, "{}", zeros.taken);
        let error = read_list(&b"cat\ndog\n\xff\xfe"[..], None).unwrap_err();
        assert_eq!(error.to_string(), "line 3: not valid UTF-8");
        // Whichever comes first is said.
        let error = read_list(&b"cat\n\xff\n\0"[..], None).unwrap_err();
        assert_eq!(error.to_string(), "line 2: not valid UTF-8");
        let error = read_list(&b"cat\n\0\n\xff"[..], None).unwrap_err();
        assert_eq!(
            error.to_string(),
            "line 2: binary data, not a word list (a NUL byte)"
        );
        let bomb = gzip(&vec![0; 10 << 20]);
        let error = read_list(bomb.as_slice(), None).unwrap_err();
        assert_eq!(
            error.to_string(),
            "line 1: binary data, not a word list (a NUL byte)"
        );
        // A character cut at the very end is not UTF-8 either; one cut
        // between two chunks is.
        let error = read_list("cat\nd\u{f6}".as_bytes().split_last().unwrap().1, None);
        assert_eq!(error.unwrap_err().to_string(), "line 2: not valid UTF-8");
        let across = format!("{}ö\n", "a".repeat(CHUNK - 1));
        assert_eq!(
            read_list(across.as_bytes(), None).unwrap(),
            across.as_bytes()
        );
    }

    #[test]
    fn limits() {
        let mut letters = Endless {
            byte: b'a',
            taken: 0,
        };
        let error = read_list(&mut letters, None).unwrap_err();
        assert_eq!(
            error.to_string(),
            "larger than 64 MiB, the limit for a word list"
        );
        assert!(letters.taken <= MAX_LIST_BYTES + 2, "{}", letters.taken);
        let bomb = gzip(&vec![b'a'; (MAX_DECOMPRESSED_BYTES + 1) as usize]);
        let error = read_list(bomb.as_slice(), None).unwrap_err();
        assert_eq!(
            error.to_string(),
            "decompresses to more than 64 MiB, the limit for a word list"
        );
        // Exactly at the limit is still read.
        let at_limit = vec![b'a'; MAX_LIST_BYTES as usize];
        assert_eq!(
            read_list(at_limit.as_slice(), Some(MAX_LIST_BYTES))
                .unwrap()
                .len(),
            at_limit.len()
        );
    }

    #[test]
    fn gzip_round_trip() {
        let text = b"cat\ndog\n";
        let gz = gzip(text);
        assert!(gzip::is_gzip(&gz));
        assert_eq!(decompress(&gz).unwrap(), text);
        // Two members one after the other are one stream.
        let twice = [gzip(b"cat\n"), gzip(b"dog\n")].concat();
        assert_eq!(decompress(&twice).unwrap(), text);
    }

    #[test]
    fn gzip_corrupt() {
        let gz = gzip(b"cat\ndog\nfish\n");
        let truncated = &gz[..gz.len() - 6];
        let error = decompress(truncated).unwrap_err().to_string();
        assert!(error.starts_with("corrupt gzip data: "), "{error}");
        assert!(decompress(b"cat").is_err());
        for offset in 10..gz.len() {
            let mut damaged = gz.clone();
            damaged[offset] ^= 0x55;
            // Damage anywhere past the header is caught by the stream or by
            // the CRC and length at the end.
            assert!(decompress(&damaged).is_err(), "byte {offset}");
        }
    }

    #[test]
    fn gzip_errors() {
        let gz = gzip(b"cat\ndog\n");
        let error = read_list(&gz[..gz.len() - 4], None).unwrap_err();
        assert!(
            error.to_string().starts_with("corrupt gzip data: "),
            "{error}"
        );
        let error = read_list(gzip(&gz).as_slice(), None).unwrap_err();
        assert_eq!(
            error.to_string(),
            "corrupt gzip data: gzip data inside gzip data"
        );
    }
}
