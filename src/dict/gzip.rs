//! Gzip-compressed word lists: any other format, compressed (SPEC §4).
//! Recognised by the two magic bytes every gzip member starts with.

use std::io;

use flate2::read::MultiGzDecoder;

use super::input::{self, LoadError};
use super::{DictError, DictErrorKind, GzipFault};

/// The first two bytes of gzip data.
pub const MAGIC: [u8; 2] = [0x1f, 0x8b];

/// Whether `bytes` start like gzip data.
pub fn is_gzip(bytes: &[u8]) -> bool {
    bytes.starts_with(&MAGIC)
}

/// The decompressed bytes of every gzip member in `bytes`, at most
/// [`MAX_DECOMPRESSED_BYTES`](super::input::MAX_DECOMPRESSED_BYTES) of them.
pub fn decompress(bytes: &[u8]) -> Result<Vec<u8>, DictError> {
    if !is_gzip(bytes) {
        return Err(DictError::new(DictErrorKind::CorruptGzip(
            GzipFault::NotGzip,
        )));
    }
    let decoder = MultiGzDecoder::new(bytes);
    input::read_bounded(
        decoder,
        input::MAX_DECOMPRESSED_BYTES,
        Some(bytes.len() as u64 * 4),
        input::Limit::Decompressed,
    )
    .map_err(|error| match error {
        LoadError::Io(error) => corrupt(&error),
        LoadError::Dict(error) => error,
    })
}

/// The error for gzip data the decoder gave up on.
pub fn corrupt(error: &io::Error) -> DictError {
    DictError::new(DictErrorKind::CorruptGzip(GzipFault::Decoder(
        error.to_string().to_lowercase(),
    )))
}

/// The error for gzip data that decompresses to gzip data again.
pub fn nested() -> DictError {
    DictError::new(DictErrorKind::CorruptGzip(GzipFault::Nested))
}

#[cfg(test)]
mod tests {
    use super::*;
    use flate2::Compression;
    use flate2::write::GzEncoder;
    use std::io::Write;

    fn compress(bytes: &[u8]) -> Vec<u8> {
        let mut encoder = GzEncoder::new(Vec::new(), Compression::default());
        encoder.write_all(bytes).unwrap();
        encoder.finish().unwrap()
    }

    #[test]
    fn round_trip() {
        let text = b"cat\ndog\n";
        let gz = compress(text);
        assert!(is_gzip(&gz));
        assert_eq!(decompress(&gz).unwrap(), text);
        // Two members one after the other are one stream.
        let twice = [compress(b"cat\n"), compress(b"dog\n")].concat();
        assert_eq!(decompress(&twice).unwrap(), text);
    }

    #[test]
    fn corrupt() {
        let gz = compress(b"cat\ndog\nfish\n");
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
}
