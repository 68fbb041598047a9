//! Gzip-compressed word lists: any other format, compressed (SPEC §4).
//! Recognised by the two magic bytes every gzip member starts with.

use std::io::Read;

use flate2::read::MultiGzDecoder;

use super::{DictError, DictErrorKind};

/// The first two bytes of gzip data.
pub const MAGIC: [u8; 2] = [0x1f, 0x8b];

/// Whether `bytes` start like gzip data.
pub fn is_gzip(bytes: &[u8]) -> bool {
    bytes.starts_with(&MAGIC)
}

/// The decompressed bytes of every gzip member in `bytes`.
pub fn decompress(bytes: &[u8]) -> Result<Vec<u8>, DictError> {
    if !is_gzip(bytes) {
        return Err(DictError::new(DictErrorKind::CorruptGzip(
            "not gzip data (bad magic number)".into(),
        )));
    }
    let mut out = Vec::with_capacity(bytes.len() * 4);
    MultiGzDecoder::new(bytes)
        .read_to_end(&mut out)
        .map_err(|error| {
            DictError::new(DictErrorKind::CorruptGzip(error.to_string().to_lowercase()))
        })?;
    Ok(out)
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
