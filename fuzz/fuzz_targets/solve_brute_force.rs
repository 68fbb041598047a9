//! Fuzzes the search against a naive enumerator: a tiny board (at most 4×4,
//! with Qu, multi-letter, blank, wildcard and unknown-letter tiles) and a
//! small word list, both spelled by the input bytes. The solver must find
//! exactly the words that walking every path finds, each once, with a
//! valid path, and splitting the search over threads must change nothing.

#![no_main]

use std::collections::{BTreeMap, HashSet};
use std::sync::OnceLock;

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

/// Every word a path of distinct adjacent cells spells, found the plain way.
fn brute_force(board: &Board, words: &HashSet<String>) -> HashSet<String> {
    let mut found = HashSet::new();
    let mut path = Vec::new();
    for start in 0..board.len() {
        walk(board, words, start, &mut path, String::new(), &mut found);
    }
    found
}

fn walk(
    board: &Board,
    words: &HashSet<String>,
    cell: usize,
    path: &mut Vec<usize>,
    prefix: String,
    found: &mut HashSet<String>,
) {
    let spellings: Vec<String> = match &board.tiles()[cell] {
        Tile::Letter(letter) => vec![letter.to_string()],
        Tile::Letters(letters) => vec![letters.to_string()],
        Tile::Wildcard => LETTERS.iter().map(|c| c.to_string()).collect(),
        Tile::Blank => vec![],
    };
    path.push(cell);
    for spelling in spellings {
        let text = format!("{prefix}{spelling}");
        if text.chars().count() > MAX_LEN {
            continue;
        }
        if words.contains(&text) {
            found.insert(text.clone());
        }
        for next in board.neighbours(cell) {
            if !path.contains(&next) {
                walk(board, words, next, path, text.clone(), found);
            }
        }
    }
    path.pop();
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

    let word_set: HashSet<String> = words.iter().cloned().collect();
    let expected: HashSet<String> = brute_force(&board, &word_set)
        .into_iter()
        .filter(|w| w.chars().count() >= min_len)
        .collect();
    let found: BTreeMap<String, _> = solution
        .words
        .iter()
        .map(|w| (dict.word_text(w.word), w))
        .collect();
    assert_eq!(found.len(), solution.words.len(), "a word reported twice");
    let found_set: HashSet<String> = found.keys().cloned().collect();
    assert_eq!(found_set, expected, "board {board}");
    for (text, word) in &found {
        let len = text.chars().count();
        assert_eq!(word.len, len);
        assert_eq!(word.score, rules.score(len));
        let mut spelled = String::new();
        for (i, &cell) in word.path.iter().enumerate() {
            let cell = cell as usize;
            assert!(!word.path[..i].contains(&(cell as u32)), "a cell twice");
            if i > 0 {
                let previous = word.path[i - 1] as usize;
                assert!(board.neighbours(previous).any(|c| c == cell), "not adjacent");
            }
            match &board.tiles()[cell] {
                Tile::Letter(c) => spelled.push(*c),
                Tile::Letters(s) => spelled.push_str(s),
                Tile::Wildcard => {
                    spelled.push(text.chars().nth(spelled.chars().count()).unwrap())
                }
                Tile::Blank => panic!("a path through a blank"),
            }
        }
        assert_eq!(&spelled, text);
    }
    let parallel = pool().install(|| solver.solve_parallel(&board));
    assert_eq!(parallel, solution);
});
