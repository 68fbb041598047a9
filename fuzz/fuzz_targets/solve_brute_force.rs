//! Fuzzes the search against the naive enumerator ([`boggle::naive`]): a
//! tiny board (at most 4×4, with Qu, multi-letter, blank, wildcard and
//! unknown-letter tiles) and a small word list, both spelled by the input
//! bytes. The solver must find exactly the words that walking every path
//! finds, each once, with its least path in reading order, and splitting
//! the search over threads must change nothing.

#![no_main]

use std::collections::BTreeMap;
use std::sync::OnceLock;

use boggle::naive;
use boggle::rules::{LengthOptions, Rules};
use boggle::{Board, Dictionary, Normalizer, SolveOptions, Solver, Tile};
use libfuzzer_sys::fuzz_target;

/// The letters words are made of.
const LETTERS: &[char] = &['a', 'b', 'e', 'q', 'u', 's', 'ä'];

/// The longest word the input spells, in letters.
const MAX_LEN: usize = 6;

/// The tile a byte stands for.
fn tile(byte: u8) -> Tile {
    match byte % 16 {
        0..=6 => Tile::Letter(LETTERS[usize::from(byte % 16)]),
        7 | 8 => Tile::qu(),
        9 => Tile::Letters("ab".into()),
        10 => Tile::Letters("se".into()),
        11 => Tile::Blank,
        12 => Tile::Letter('z'),
        13 => Tile::Wildcard,
        14 => Tile::Letter('u'),
        _ => Tile::Letter('e'),
    }
}

/// A pool of two threads for the split search, built once.
fn pool() -> &'static rayon::ThreadPool {
    static POOL: OnceLock<rayon::ThreadPool> = OnceLock::new();
    POOL.get_or_init(|| {
        rayon::ThreadPoolBuilder::new()
            .num_threads(2)
            .build()
            .unwrap()
    })
}

fuzz_target!(|data: &[u8]| {
    let [shape, min_len, rest @ ..] = data else {
        return;
    };
    let rows = 1 + usize::from(shape & 3);
    let cols = 1 + usize::from((shape >> 2) & 3);
    let cells = rows * cols;
    if rest.len() < cells {
        return;
    }
    let (tile_bytes, word_bytes) = rest.split_at(cells);
    let mut tiles: Vec<Tile> = tile_bytes.iter().map(|&b| tile(b)).collect();
    // At most two wildcards keep the enumerator quick.
    let mut wildcards = 0;
    for tile in &mut tiles {
        if *tile == Tile::Wildcard {
            wildcards += 1;
            if wildcards > 2 {
                *tile = Tile::Blank;
            }
        }
    }
    let Ok(board) = Board::from_tiles(rows, cols, tiles) else {
        panic!("{rows}x{cols} with {cells} tiles is a board");
    };
    // Words: bytes of 0xF0 and above end a word; others pick a letter.
    let words: Vec<String> = word_bytes
        .split(|&b| b >= 0xF0)
        .map(|w| {
            w.iter()
                .take(MAX_LEN)
                .map(|&b| LETTERS[usize::from(b) % LETTERS.len()])
                .collect::<String>()
        })
        .filter(|w| !w.is_empty())
        .take(64)
        .collect();
    let Ok(dict) = Dictionary::from_words(&words, Normalizer::default()) else {
        assert!(words.is_empty());
        return;
    };
    let min_len = 1 + usize::from(min_len % 3);
    let rules = Rules::Classic;
    let config = SolveOptions {
        lengths: LengthOptions {
            min_len: Some(min_len),
            ..LengthOptions::default()
        },
        paths: true,
        ..SolveOptions::new(rules)
    };
    let solver = Solver::new(&dict, config);
    let solution = solver.solve(&board);

    let expected: BTreeMap<String, Vec<u32>> =
        naive::least_paths(&board, words.iter().map(String::as_str))
            .into_iter()
            .filter(|(word, _)| word.chars().count() >= min_len)
            .collect();
    let found: BTreeMap<String, Vec<u32>> = solution
        .words
        .iter()
        .map(|w| (dict.word_text(w.word), w.path.clone()))
        .collect();
    assert_eq!(found.len(), solution.words.len(), "a word reported twice");
    assert_eq!(found, expected, "board {board}");
    for word in &solution.words {
        assert_eq!(word.len, dict.word_text(word.word).chars().count());
        assert_eq!(word.score, rules.score(word.len));
    }
    let parallel = pool().install(|| solver.solve_parallel(&board));
    assert_eq!(parallel, solution);
});
