//! Gzip-compressed word lists: any other format, compressed (SPEC §4).
//! Recognised by the two magic bytes every gzip member starts with. This
//! module knows the format and its faults; reading the data, bounded, is
//! [`input`](super::input)'s, which calls here and never the other way.

use std::io;

use super::{DictError, DictErrorKind, GzipFault};

/// The first two bytes of gzip data.
pub const MAGIC: [u8; 2] = [0x1f, 0x8b];

/// Whether `bytes` start like gzip data.
pub fn is_gzip(bytes: &[u8]) -> bool {
    bytes.starts_with(&MAGIC)
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
