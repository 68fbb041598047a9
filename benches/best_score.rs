//! The scoring rate of the search's tile core (`boggle best`'s scorer, and
//! `solve`'s for long batches): reads a word list and a file of 4×4 boards
//! (16 letters a line, `q` for Qu, as the C yardstick takes them), scores
//! every board `reps` times on one thread and prints the rate and the total
//! score, which must equal the yardstick's. Only the scoring loop is timed,
//! as in the yardstick; the time the core's trie took to build is printed
//! too (`trie_ms`). With `list` after REPS, each board's words are listed
//! as `solve` lists them for its word formats, and the time the listing's
//! tables took to make is printed (`listing_ms`).
//!
//!     cargo bench --bench best_score -- WORDS BOARDS [REPS [list]]

use std::time::Instant;

use boggle::best::{Scorer, TileTrie};
use boggle::geometry::neighbour_masks;
use boggle::{Dictionary, Normalizer, Rules, Tile};

fn main() {
    let args: Vec<String> = std::env::args()
        .skip(1)
        .filter(|a| a != "--bench")
        .collect();
    let [words, boards, rest @ ..] = args.as_slice() else {
        eprintln!("usage: best_score WORDS BOARDS [REPS]");
        std::process::exit(2);
    };
    let reps: usize = rest.first().map_or(1, |reps| reps.parse().expect("REPS"));
    let list = match rest.get(1).map(String::as_str) {
        None => false,
        Some("list") => true,
        Some(other) => panic!("the fourth argument is `list` or nothing, not {other:?}"),
    };
    let text = std::fs::read_to_string(words).expect("the word list");
    let dict = Dictionary::from_words(text.lines(), Normalizer::default()).expect("words");
    let tiles: Vec<Tile> = ('a'..='z')
        .map(|letter| {
            if letter == 'q' {
                Tile::qu()
            } else {
                Tile::Letter(letter)
            }
        })
        .collect();
    let built = Instant::now();
    let trie = std::sync::Arc::new(TileTrie::new(&dict, &tiles, Rules::Classic));
    let build_ms = built.elapsed().as_secs_f64() * 1e3;
    let neighbours = neighbour_masks(4, 4);
    let boards: Vec<u8> = std::fs::read_to_string(boards)
        .expect("the boards")
        .split_whitespace()
        .filter(|board| board.len() == 16)
        .flat_map(|board| board.bytes().map(|byte| byte - b'a'))
        .collect();
    let mut scorer = Scorer::new(trie.clone(), &neighbours);
    let mut words = Vec::new();
    // The listing's tables are made on the first listing: timed apart.
    let listing_ms = list.then(|| {
        let made = Instant::now();
        scorer.list_within(&[0; 16], u64::MAX, &mut words);
        made.elapsed().as_secs_f64() * 1e3
    });
    let start = Instant::now();
    let mut total = 0u64;
    for _ in 0..reps {
        for board in boards.chunks_exact(16) {
            let score = if list {
                words.clear();
                scorer
                    .list_within(board, u64::MAX, &mut words)
                    .unwrap_or_default()
                    .1
            } else {
                scorer.score(board).1
            };
            total += u64::from(score);
        }
    }
    let seconds = start.elapsed().as_secs_f64();
    let count = (boards.len() / 16 * reps) as f64;
    println!(
        "boards={count} total_score={total} time={seconds:.3}s rate={:.0} bds/s ({:.3} us/bd) trie_ms={build_ms:.1}{}",
        count / seconds,
        1e6 * seconds / count,
        listing_ms.map_or(String::new(), |ms| format!(" listing_ms={ms:.1}"))
    );
}
