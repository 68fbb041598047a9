//! Fuzzes the plain word-list loader: any bytes, read in that format,
//! give a dictionary that holds together or an error, never a panic.

#![no_main]

use boggle::dict::ListFormat;
use libfuzzer_sys::fuzz_target;

mod common;

fuzz_target!(|data: &[u8]| {
    common::load_and_check(data, Some(ListFormat::Plain));
});
