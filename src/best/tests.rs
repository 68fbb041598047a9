//! The search's tests: optima of small boards, the same boards on any
//! thread count, progress and stop, bad settings, dice rolls.

use std::sync::atomic::Ordering;

use super::*;
use crate::board::{Board, Tile};
use crate::dice::DiceSet;
use crate::rules::Rules;
use crate::scored::ScoredBoard;
use crate::{Normalizer, Scratch, SolveOptions, Solver};

const WORDS: [&str; 44] = [
    "rat", "tar", "art", "star", "rats", "arts", "tsar", "sat", "eat", "tea", "ate", "east",
    "seat", "teas", "rest", "tres", "aster", "rates", "stare", "tears", "ears", "eras", "sear",
    "rate", "tear", "tare", "sea", "set", "tee", "tees", "ease", "erase", "terse", "trees",
    "steer", "reset", "ester", "taste", "treat", "state", "stat", "tart", "start", "street",
];

fn dict() -> Dictionary {
    Dictionary::from_words(WORDS, Normalizer::default()).unwrap()
}

fn letters(text: &str) -> Vec<Tile> {
    text.chars().map(Tile::Letter).collect()
}

fn config(rows: usize, cols: usize, pieces: Pieces) -> BestConfig {
    BestConfig {
        rows,
        cols,
        pieces,
        rules: Rules::Classic,
        pool: 20,
        expand: 20,
        patience: None,
        seed: 7,
        top: 5,
        rounds: Some(60),
        deadline: None,
    }
}

/// The best score of every board of `rows`×`cols` over `alphabet`,
/// enumerated and scored by the solver.
fn optimum(dict: &Dictionary, rows: usize, cols: usize, alphabet: &str) -> u64 {
    let solver = Solver::new(dict, SolveOptions::new(Rules::Classic));
    let letters: Vec<char> = alphabet.chars().collect();
    let cells = rows * cols;
    let mut scratch = Scratch::default();
    let mut best = 0;
    for mut number in 0..letters.len().pow(cells as u32) {
        let mut tiles = Vec::with_capacity(cells);
        for _ in 0..cells {
            tiles.push(Tile::Letter(letters[number % letters.len()]));
            number /= letters.len();
        }
        let board = Board::from_tiles(rows, cols, tiles).unwrap();
        best = best.max(solver.summarize_with(&board, &mut scratch).score);
    }
    best
}

/// The board of a canonical form.
fn parse(canonical: &str) -> Board {
    Board::parse(canonical, &Normalizer::default()).unwrap()
}

/// Every image of `board` under the symmetries of its shape, written
/// canonically: read off the grid directly, not through the search's maps.
fn images(board: &Board) -> Vec<String> {
    let (rows, cols) = (board.rows(), board.cols());
    let tile = |i: usize, j: usize| board.tiles()[i * cols + j].clone();
    let image = |from: &dyn Fn(usize, usize) -> Tile| {
        let tiles = (0..rows * cols)
            .map(|cell| from(cell / cols, cell % cols))
            .collect();
        Board::from_tiles(rows, cols, tiles).unwrap().canonical()
    };
    let mut images = vec![
        image(&tile),
        image(&|i, j| tile(rows - 1 - i, j)),
        image(&|i, j| tile(i, cols - 1 - j)),
        image(&|i, j| tile(rows - 1 - i, cols - 1 - j)),
    ];
    if rows == cols {
        images.push(image(&|i, j| tile(j, i)));
        images.push(image(&|i, j| tile(cols - 1 - j, i)));
        images.push(image(&|i, j| tile(j, rows - 1 - i)));
        images.push(image(&|i, j| tile(cols - 1 - j, rows - 1 - i)));
    }
    images
}

/// Checks what any search must give: scores the solver agrees with,
/// best first, no board twice under symmetry.
fn check_found(dict: &Dictionary, found: &[ScoredBoard]) {
    let solver = Solver::new(dict, SolveOptions::new(Rules::Classic));
    for board in found {
        let summary = solver.summarize_with(&parse(&board.board), &mut Scratch::default());
        assert_eq!(
            (board.count, board.score),
            (summary.count as u64, summary.score)
        );
    }
    assert!(found.windows(2).all(|pair| pair[0].score >= pair[1].score));
    for (index, board) in found.iter().enumerate() {
        let images = images(&parse(&board.board));
        assert_eq!(images[0], board.board, "the canonical form reads back");
        for other in &found[index + 1..] {
            assert!(
                !images.contains(&other.board),
                "{} and {} are one board",
                board.board,
                other.board
            );
        }
    }
}

#[test]
fn finds_the_optimum_of_small_boards() {
    let dict = dict();
    for (rows, cols, alphabet) in [(2, 2, "aerst"), (2, 3, "aerst"), (3, 2, "aerst")] {
        let expected = optimum(&dict, rows, cols, alphabet);
        assert!(expected > 0);
        let config = config(rows, cols, Pieces::Letters(letters(alphabet)));
        let found = search(&dict, &config, &AtomicBool::new(false), |_| {}).unwrap();
        assert_eq!(found[0].score, expected, "{rows}x{cols}");
        assert_eq!(found.len(), 5);
        check_found(&dict, &found);
    }
}

#[test]
fn the_same_rounds_give_the_same_boards_on_any_thread_count() {
    let dict = dict();
    let mut config = config(3, 3, Pieces::Letters(letters("aerst")));
    config.rounds = Some(12);
    config.top = 10;
    let run = |threads| {
        rayon::ThreadPoolBuilder::new()
            .num_threads(threads)
            .build()
            .unwrap()
            .install(|| search(&dict, &config, &AtomicBool::new(false), |_| {}).unwrap())
    };
    let one = run(1);
    assert_eq!(one.len(), 10);
    assert_eq!(one, run(3));
    check_found(&dict, &one);
}

#[test]
fn progress_reports_each_round_and_stop_ends_the_search() {
    let dict = dict();
    let config = BestConfig {
        rounds: None,
        ..config(2, 2, Pieces::Letters(letters("aerst")))
    };
    let stop = AtomicBool::new(false);
    let mut rounds = Vec::new();
    let found = search(&dict, &config, &stop, |progress| {
        rounds.push(progress.rounds);
        if progress.rounds == 30 {
            stop.store(true, Ordering::Relaxed);
        }
    })
    .unwrap();
    assert_eq!(rounds, (1..=30).collect::<Vec<u64>>());
    check_found(&dict, &found);
}

/// A climb ends once its best board has not risen for `patience` rounds:
/// the first climb with patience is the first climb without it, cut at the
/// round worked out here from the best scores that climb reported.
#[test]
fn patience_cuts_a_climb_where_its_best_stopped_rising() {
    let dict = dict();
    let config = BestConfig {
        pool: 30,
        expand: 1,
        rounds: Some(200),
        ..config(3, 3, Pieces::Letters(letters("aerstlin")))
    };
    // Per round of the first climb, its best score.
    let first_climb = |config: &BestConfig| {
        let mut best = Vec::new();
        search(&dict, config, &AtomicBool::new(false), |progress| {
            if progress.climbs == 1 {
                best.push(progress.best.map_or(0, |board| board.score));
            }
        })
        .unwrap();
        best
    };
    let whole = first_climb(&config);
    assert!(whole.len() < 200, "the first climb never ended");
    let mut cut_somewhere = false;
    for patience in 1..=6 {
        let (mut top, mut flat, mut expected) = (0, 0, whole.len());
        for (round, &score) in whole.iter().enumerate() {
            if score > top {
                (top, flat) = (score, 0);
            } else {
                flat += 1;
            }
            if flat >= patience {
                expected = round + 1;
                break;
            }
        }
        cut_somewhere |= expected < whole.len();
        let cut = first_climb(&BestConfig {
            patience: Some(patience as u64),
            ..config.clone()
        });
        assert_eq!(cut, whole[..expected], "patience {patience}");
    }
    assert!(cut_somewhere, "no patience cut the climb: {whole:?}");
}

/// The best boards kept are the same whatever `--top` is: a short list
/// is the start of a long one, which holds every board the climbs scored
/// once each, best first. On 2×2 boards many climbs score the same
/// boards again.
#[test]
fn a_short_top_is_the_start_of_a_long_one() {
    let dict = dict();
    let mut config = config(2, 2, Pieces::Letters(letters("aerst")));
    config.rounds = Some(80);
    let run = |top| {
        let config = BestConfig {
            top,
            ..config.clone()
        };
        search(&dict, &config, &AtomicBool::new(false), |_| {}).unwrap()
    };
    let all = run(1_000_000);
    assert!(all.len() > 60, "only {} boards", all.len());
    let boards: std::collections::HashSet<&str> =
        all.iter().map(|found| found.board.as_str()).collect();
    assert_eq!(boards.len(), all.len(), "a board kept twice");
    assert!(all.windows(2).all(|pair| pair[0].score >= pair[1].score));
    for top in [1, 5, 37, 60] {
        assert_eq!(run(top), all[..top], "top {top}");
    }
    check_found(&dict, &all);
}

/// A deadline that passed before the search began (while the dictionary
/// loaded) still leaves the first boards scored, and no more.
#[test]
fn a_deadline_already_passed_still_scores_the_first_boards() {
    let dict = dict();
    let config = BestConfig {
        rounds: None,
        deadline: Some(std::time::Instant::now()),
        pool: 2000,
        top: 3,
        ..config(3, 3, Pieces::Letters(letters("aerst")))
    };
    let mut scored = Vec::new();
    let found = search(&dict, &config, &AtomicBool::new(false), |progress| {
        scored.push(progress.scored)
    })
    .unwrap();
    assert_eq!(scored, [scoring::CHUNK as u64]);
    assert_eq!(found.len(), 3);
    check_found(&dict, &found);
}

#[test]
fn bad_settings_are_errors() {
    let dict = dict();
    let bad = |config: BestConfig| search(&dict, &config, &AtomicBool::new(false), |_| {});
    let letters_pieces = Pieces::Letters(letters("ab"));
    assert_eq!(
        bad(config(9, 8, letters_pieces.clone())).unwrap_err(),
        BestError::TooManyCells { rows: 9, cols: 8 }
    );
    assert_eq!(
        bad(config(2, 2, Pieces::Letters(vec![Tile::Blank]))).unwrap_err(),
        BestError::NotALetter(Tile::Blank)
    );
    assert_eq!(
        bad(config(2, 2, Pieces::Letters(Vec::new()))).unwrap_err(),
        BestError::NoTiles
    );
    assert_eq!(
        bad(config(5, 5, Pieces::Dice(DiceSet::New))).unwrap_err(),
        BestError::WrongSize {
            set: DiceSet::New,
            rows: 5,
            cols: 5
        }
    );
    assert_eq!(
        bad(BestConfig {
            pool: 0,
            ..config(2, 2, letters_pieces)
        })
        .unwrap_err()
        .to_string(),
        "the pool must be at least 1"
    );
}

#[test]
fn dice_boards_are_rolls() {
    let dict = Dictionary::from_words(
        WORDS
            .iter()
            .copied()
            .chain(["quit", "quite", "then", "this", "inner", "anthem"]),
        Normalizer::default(),
    )
    .unwrap();
    for set in [
        DiceSet::Classic,
        DiceSet::New,
        DiceSet::Big,
        DiceSet::SuperBig,
    ] {
        let (rows, cols) = set.size().unwrap();
        let mut config = config(rows, cols, Pieces::Dice(set));
        // Enough rounds for boards several swaps and face changes away
        // from their start.
        config.rounds = Some(25);
        config.pool = 30;
        config.expand = 4;
        config.top = 30;
        let found = search(&dict, &config, &AtomicBool::new(false), |_| {}).unwrap();
        assert!(found[0].score > 0, "{set}");
        check_found(&dict, &found);
        for board in &found {
            assert!(
                crate::dice::tests::is_valid_roll(&parse(&board.board), &set.dice()),
                "{set}: {}",
                board.board
            );
        }
    }
}
