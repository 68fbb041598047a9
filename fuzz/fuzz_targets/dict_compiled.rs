//! Fuzzes the compiled-dictionary reader. A random file almost never has a
//! matching checksum, so half the inputs get their payload length and
//! checksum fixed before reading: that takes the fuzzer past the header to
//! the letters, counts and nodes, where the trie's own checks must catch
//! every damage.

#![no_main]

use boggle::dict::ListFormat;
use libfuzzer_sys::fuzz_target;

mod common;

/// The header's length; the payload follows it.
const HEADER_LEN: usize = 32;

fuzz_target!(|data: &[u8]| {
    let Some((&mode, rest)) = data.split_first() else {
        return;
    };
    let mut bytes = rest.to_vec();
    if mode & 2 == 2 && bytes.len() >= HEADER_LEN {
        let payload_len = (bytes.len() - HEADER_LEN) as u64;
        bytes[16..24].copy_from_slice(&payload_len.to_le_bytes());
        let mut hasher = crc32fast::Hasher::new();
        hasher.update(&bytes[..24]);
        hasher.update(&bytes[HEADER_LEN..]);
        let sum = hasher.finalize();
        bytes[24..28].copy_from_slice(&sum.to_le_bytes());
    }
    let mut input = vec![mode];
    input.extend_from_slice(&bytes);
    common::load_and_check(&input, Some(ListFormat::Compiled));
});

