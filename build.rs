//! Compiles the bundled word lists in `dictionaries/` into compiled
//! dictionaries in `OUT_DIR`, which `src/dict/bundled.rs` embeds, so the
//! binary starts without parsing text or building a trie. It reuses the
//! library's own modules (by path), so the bundled lists are compiled by
//! exactly the code that reads `--dict` files.

#![allow(dead_code)]

#[path = "src/alphabet.rs"]
mod alphabet;
#[path = "src/mapped.rs"]
mod mapped;
#[path = "src/trie/mod.rs"]
mod trie;

#[path = "src/dict"]
mod dict {
    pub mod compiled;
    mod dictionary;
    pub mod gzip;
    pub mod input;
    pub mod plain;

    pub use dictionary::{DictError, DictErrorKind, Dictionary, LoadReport};
}

use std::error::Error;
use std::path::PathBuf;

use alphabet::Normalizer;

/// Each bundled list: its language code, its file, and whether accents are
/// folded (must match `Lang::normalizer` in `src/dict/bundled.rs`; a unit
/// test there checks that they do).
const LISTS: [(&str, &str, bool); 3] = [
    ("en", "dictionaries/en.txt", false),
    ("fr", "dictionaries/fr.txt.gz", true),
    ("fi", "dictionaries/fi.txt", false),
];

/// The library sources this script compiles in.
const SOURCES: [&str; 8] = [
    "build.rs",
    "src/alphabet.rs",
    "src/trie",
    "src/dict/compiled.rs",
    "src/dict/dictionary.rs",
    "src/dict/gzip.rs",
    "src/dict/input.rs",
    "src/dict/plain.rs",
];

fn main() -> Result<(), Box<dyn Error>> {
    let out_dir = PathBuf::from(std::env::var_os("OUT_DIR").ok_or("OUT_DIR is not set")?);
    for source in SOURCES {
        println!("cargo::rerun-if-changed={source}");
    }
    for (code, path, fold_accents) in LISTS {
        println!("cargo::rerun-if-changed={path}");
        let bytes = std::fs::read(path).map_err(|error| format!("{path}: {error}"))?;
        let bytes = if dict::gzip::is_gzip(&bytes) {
            dict::gzip::decompress(&bytes).map_err(|error| format!("{path}: {error}"))?
        } else {
            bytes
        };
        let dict = dict::plain::load(&bytes, Normalizer::new(fold_accents))
            .map_err(|error| format!("{path}: {error}"))?;
        let target = out_dir.join(format!("{code}.dict"));
        let compiled = dict::compiled::write_image(&dict);
        // The binary uses this image unchecked: check it here, once.
        dict::compiled::read(&compiled).map_err(|error| format!("{path}: {error}"))?;
        std::fs::write(&target, compiled)
            .map_err(|error| format!("{}: {error}", target.display()))?;
    }
    Ok(())
}
