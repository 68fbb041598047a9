//! What the dictionary targets share: load bytes in one format, and when
//! that succeeds, check that the dictionary holds together: every word
//! reads back, the compiled form round-trips, and a small board with
//! wildcards is searched without trouble.

use boggle::dict::{self, ListFormat, compiled};
use boggle::{Board, Dictionary, Normalizer, Rules, SolveOptions, Solver};

/// Loads `data` (after its first byte, which picks accent folding) in
/// `format` and checks the dictionary it gives, if any.
pub fn load_and_check(data: &[u8], format: Option<ListFormat>) {
    let Some((&flags, bytes)) = data.split_first() else {
        return;
    };
    let normalizer = Normalizer::new(flags & 1 == 1);
    if let Ok(dict) = dict::load(bytes, format, normalizer) {
        check(&dict);
    }
}

/// Checks a dictionary that loaded.
pub fn check(dict: &Dictionary) {
    assert!(dict.word_count() > 0);
    let mut count = 0;
    for word in dict.trie().words() {
        let text = dict.word_text(word);
        assert!(text.chars().count() <= dict::MAX_WORD_LEN, "{text:?}");
        assert!(dict.contains(&text) || dict.encode(&text).is_none(), "{text:?}");
        count += 1;
    }
    assert_eq!(count, dict.word_count());
    let bytes = compiled::write(dict);
    let again = compiled::read(&bytes).expect("a written compiled dictionary reads back");
    assert_eq!(again.word_count(), dict.word_count());
    assert_eq!(compiled::write(&again), bytes);
    let board = Board::parse("ab*c/d*ef/g.h*/ij[kl]*", dict.normalizer()).unwrap();
    let _ = Solver::new(dict, SolveOptions::new(Rules::Classic)).solve(&board);
    let _ = format!("{:?}", ListFormat::detect(&bytes));
}
