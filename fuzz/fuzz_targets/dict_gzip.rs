//! Fuzzes the gzip layer: raw bytes read as gzip (damaged headers, streams
//! and trailers), and the input compressed then read with the format
//! detected, so both the decoder and what follows it are exercised.

#![no_main]

use std::io::Write;

use boggle::dict::ListFormat;
use flate2::Compression;
use flate2::write::GzEncoder;
use libfuzzer_sys::fuzz_target;

mod common;

fuzz_target!(|data: &[u8]| {
    let Some((&mode, rest)) = data.split_first() else {
        return;
    };
    match mode % 3 {
        // The bytes as they are, forced to gzip.
        0 => common::load_and_check(rest, Some(ListFormat::Gzip)),
        // The bytes as they are, format detected.
        1 => common::load_and_check(rest, None),
        // The bytes compressed, then damaged at one place picked by the
        // first byte, then loaded with the format detected.
        _ => {
            let Some((&flip, text)) = rest.split_first() else {
                return;
            };
            let mut encoder = GzEncoder::new(vec![mode], Compression::fast());
            encoder.write_all(text).unwrap();
            let mut bytes = encoder.finish().unwrap();
            if flip != 0 {
                let at = 1 + usize::from(flip) % (bytes.len() - 1);
                bytes[at] ^= flip;
            }
            common::load_and_check(&bytes, None);
        }
    }
});
