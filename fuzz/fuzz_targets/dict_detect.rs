//! Fuzzes reading and format detection: any bytes go through the bounded
//! reader, and when detection picks the anagram format or the trie stream
//! for a whole file (at most the 64 KiB it samples), that format must read
//! the file without a skipped line or an error, as detection promised.

#![no_main]

use boggle::dict::{self, Detection, ListFormat, anagram, trie_stream};
use libfuzzer_sys::fuzz_target;

mod common;

fuzz_target!(|data: &[u8]| {
    let Ok(bytes) = dict::read_list(data, None) else {
        return;
    };
    let detection = Detection::of(&bytes);
    assert_eq!(ListFormat::detect(&bytes), detection.format);
    if bytes.len() <= 1 << 16 && !detection.gzip {
        match detection.format {
            ListFormat::Anagram => {
                let (_, skipped) = anagram::words(&bytes).expect("an anagram list reads");
                assert_eq!(skipped, 0, "{detection}");
            }
            ListFormat::TrieStream => {
                trie_stream::words(&bytes).expect("a trie stream reads");
            }
            _ => {}
        }
    }
    common::load_and_check(data, None);
});
