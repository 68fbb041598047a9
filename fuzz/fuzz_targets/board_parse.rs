//! Fuzzes the board parser: any text must parse to a board or give an
//! error, never panic; a board that parses must read back from its
//! canonical form as the same board, and its canonical form must be stable.

#![no_main]

use boggle::{Board, Normalizer};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    // The first byte picks accent folding; the rest is the board text.
    let Some((&flags, text)) = data.split_first() else {
        return;
    };
    let text = String::from_utf8_lossy(text);
    let normalizer = Normalizer::new(flags & 1 == 1);
    let Ok(board) = Board::parse(&text, &normalizer) else {
        return;
    };
    assert_eq!(board.len(), board.rows() * board.cols());
    assert!(board.rows() >= 1 && board.cols() >= 1);
    let canonical = board.canonical();
    let again = Board::parse(&canonical, &normalizer)
        .unwrap_or_else(|error| panic!("canonical form {canonical:?} does not parse: {error}"));
    assert_eq!(again, board, "canonical form {canonical:?} reads back as another board");
    assert_eq!(again.canonical(), canonical);
});
