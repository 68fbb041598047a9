//! The strongest test of the search: on random boards (with Qu, multi-letter,
//! blank, wildcard and unknown-letter tiles) and random word lists, the
//! solver finds exactly the words a naive enumerator of every path finds
//! ([`boggle::naive`]), each with the least of its paths in reading order
//! (the one `boggle show` draws too) and the right score, over alphabets of a few letters
//! and of more than 32; a summary agrees with the list; and neither reusing
//! scratch space nor splitting the search over threads changes anything.
//! Boards of one or two repeated letters, under every kind of length filter,
//! check that the search's early stop (a node is not entered once every word
//! below it was reached) loses nothing; a budget of steps gives the same
//! solution or says it was exceeded. Under the big and superbig rules
//! (minimum length 4, superbig's 2 points a letter from 9 letters), on
//! boards of both searches (at most 64 cells and more), the long words
//! read off random paths of the board are found and scored as SPEC §5's
//! table says, written out again here; and a batch written on one thread
//! is the batch written on several, byte for byte.

use std::collections::BTreeMap;

use boggle::batch::Batch;
use boggle::output::{OutputFormat, OutputOptions, SortOrder};
use boggle::rules::{LengthOptions, Rules};
use boggle::trie::WordId;
use boggle::{
    Board, BudgetExceeded, Dictionary, Normalizer, Scratch, Solution, SolveOptions, Solver, Tile,
};
use boggle::{naive, show};
use proptest::prelude::*;

/// The letters random words are made of.
const LETTERS: &[char] = &['a', 'b', 'e', 'q', 'u', 's', 'ä'];

/// The letters of random words over an alphabet of more than 32 letters
/// (with [`wide_fillers`]), so that child masks use their high halves: 'и'
/// and 'к' come after the 32nd letter.
const WIDE_LETTERS: &[char] = &['a', 'e', 's', 'ä', 'γ', 'и', 'к'];

/// Words that make an alphabet wide: each Greek letter and the first
/// Cyrillic ones, doubled.
fn wide_fillers() -> Vec<String> {
    ('α'..='ω')
        .chain('а'..='к')
        .map(|letter| [letter, letter].iter().collect())
        .collect()
}

fn tile() -> impl Strategy<Value = Tile> {
    tile_of(LETTERS)
}

/// A random tile, most often one of `letters`.
fn tile_of(letters: &'static [char]) -> impl Strategy<Value = Tile> {
    prop_oneof![
        12 => proptest::sample::select(letters).prop_map(Tile::Letter),
        2 => Just(Tile::qu()),
        1 => Just(Tile::Letters("ab".into())),
        1 => Just(Tile::Letters("se".into())),
        1 => Just(Tile::Blank),
        1 => Just(Tile::Letter('z')),
        1 => Just(Tile::Wildcard),
    ]
}

/// A random tile of those the tile core numbers: letters (a `z` outside
/// the words' alphabet among them), Qu and the blank.
fn core_tile() -> impl Strategy<Value = Tile> {
    prop_oneof![
        12 => proptest::sample::select(LETTERS).prop_map(Tile::Letter),
        2 => Just(Tile::qu()),
        1 => Just(Tile::Blank),
        1 => Just(Tile::Letter('z')),
    ]
}

/// A random board of at most `max_side` × `max_side` [`core_tile`]s.
fn core_board(max_side: usize) -> impl Strategy<Value = Board> {
    (1..=max_side, 1..=max_side).prop_flat_map(|(rows, cols)| {
        proptest::collection::vec(core_tile(), rows * cols)
            .prop_map(move |tiles| Board::from_tiles(rows, cols, tiles).unwrap())
    })
}

/// The tile core on boards it can take, under every rule set and random
/// length options, against the enumerator; it must have answered most of
/// them for the check to count.
#[test]
fn the_tile_core_matches_brute_force() {
    use proptest::test_runner::{Config, TestRunner};
    let mut runner = TestRunner::new(Config::with_cases(300));
    let answered = std::cell::Cell::new(0);
    let cases = (
        core_board(8),
        proptest::collection::vec(word(7), 1..60),
        length_options(8),
        proptest::sample::select(vec![Rules::Classic, Rules::Big, Rules::SuperBig]),
    );
    runner
        .run(&cases, |(board, words, lengths, rules)| {
            answered.set(answered.get() + check_counting(&board, &words, &lengths, rules)?);
            Ok(())
        })
        .unwrap();
    // Two searches a case: one listing, one counting.
    assert!(
        answered.get() >= 400,
        "the tile core answered only {} of 600 searches",
        answered.get()
    );
}

fn board(max_side: usize) -> impl Strategy<Value = Board> {
    board_of(LETTERS, max_side)
}

/// A random board of at most `max_side` × `max_side` tiles, most of them
/// `letters`, with at most 2 wildcards.
fn board_of(letters: &'static [char], max_side: usize) -> impl Strategy<Value = Board> {
    (1..=max_side, 1..=max_side)
        .prop_flat_map(move |(rows, cols)| {
            (
                Just(rows),
                Just(cols),
                proptest::collection::vec(tile_of(letters), rows * cols),
            )
        })
        .prop_filter_map("at most 2 wildcards", |(rows, cols, tiles)| {
            let wildcards = tiles.iter().filter(|t| **t == Tile::Wildcard).count();
            (wildcards <= 2)
                .then(|| Board::from_tiles(rows, cols, tiles).ok())
                .flatten()
        })
}

fn word(max_len: usize) -> impl Strategy<Value = String> {
    word_of(LETTERS, max_len)
}

/// A random word of 1 to `max_len` of `letters`.
fn word_of(letters: &'static [char], max_len: usize) -> impl Strategy<Value = String> {
    proptest::collection::vec(proptest::sample::select(letters), 1..=max_len)
        .prop_map(|letters| letters.into_iter().collect())
}

/// The letters of boards and words made of few letters, repeated.
const FEW_LETTERS: &[char] = &['a', 'b'];

/// Random length options: any minimum, maximum and list of lengths, or none.
fn length_options(max_len: usize) -> impl Strategy<Value = LengthOptions> {
    (
        proptest::option::of(1..=max_len),
        proptest::option::of(1..=max_len),
        proptest::option::of(proptest::collection::vec(1..=max_len, 1..=3)),
    )
        .prop_map(|(min_len, max_len, lengths)| LengthOptions {
            min_len,
            max_len,
            lengths,
        })
}

/// Checks the solver against the enumerator on one board and word list,
/// with a minimum length.
fn check(board: &Board, words: &[String], min_len: usize) -> Result<(), TestCaseError> {
    let lengths = LengthOptions {
        min_len: Some(min_len),
        ..LengthOptions::default()
    };
    check_lengths(board, words, &lengths, Rules::Classic)
}

/// The score of a word of `len` letters under `rules`: SPEC §5's table,
/// written out again rather than taken from the library.
fn spec_score(rules: Rules, len: usize) -> u32 {
    let min_len = if rules == Rules::Classic { 3 } else { 4 };
    match len {
        _ if len < min_len => 0,
        ..=4 => 1,
        5 => 2,
        6 => 3,
        7 => 5,
        8 => 11,
        _ if rules == Rules::SuperBig => 2 * len as u32,
        _ => 11,
    }
}

/// Checks the solver against the enumerator on one board and word list,
/// under the length filter of `lengths`.
fn check_lengths(
    board: &Board,
    words: &[String],
    lengths: &LengthOptions,
    rules: Rules,
) -> Result<(), TestCaseError> {
    check_counting(board, words, lengths, rules).map(|_| ())
}

/// [`check_lengths`], returning how many of its searches the tile core
/// answered.
fn check_counting(
    board: &Board,
    words: &[String],
    lengths: &LengthOptions,
    rules: Rules,
) -> Result<u64, TestCaseError> {
    let dict = Dictionary::from_words(words, Normalizer::default()).unwrap();
    let filter = lengths.filter(rules);
    // Without options, the rules' minimum length (SPEC §5) and no other
    // bound; otherwise the filter the options make.
    let allows = |len: usize| {
        if *lengths == LengthOptions::default() {
            len >= if rules == Rules::Classic { 3 } else { 4 }
        } else {
            filter.allows(len)
        }
    };
    let options = SolveOptions {
        lengths: lengths.clone(),
        paths: true,
        ..SolveOptions::new(rules)
    };
    let solver = Solver::new(&dict, options.clone());
    let solution = solver.solve(board);

    let expected: BTreeMap<String, Vec<u32>> =
        naive::least_paths(board, words.iter().map(String::as_str))
            .into_iter()
            .filter(|(word, _)| allows(word.chars().count()))
            .collect();
    let found: BTreeMap<String, _> = solution
        .words
        .iter()
        .map(|w| (dict.word_text(w.word), w))
        .collect();
    prop_assert_eq!(found.len(), solution.words.len(), "a word reported twice");
    let found_paths: BTreeMap<String, Vec<u32>> = found
        .iter()
        .map(|(text, word)| (text.clone(), word.path.clone()))
        .collect();
    // The same words, each with its least path in reading order.
    prop_assert_eq!(&found_paths, &expected, "board {}", board);
    for (text, word) in &found {
        let len = text.chars().count();
        prop_assert_eq!(word.len, len);
        prop_assert_eq!(
            word.score,
            spec_score(rules, len),
            "{} under {}",
            text,
            rules
        );
        // `boggle show` draws the same path.
        if len >= rules.min_len() {
            let shown = show::find(&dict, board, rules, text, false).result;
            prop_assert_eq!(shown.map(|shown| shown.paths), Ok(vec![word.path.clone()]));
        }
    }

    // A summary, searched without paths and counted as found, agrees.
    let mut scratch = Scratch::default();
    let summary = solver.summarize_with(board, &mut scratch);
    prop_assert_eq!(summary.count, solution.words.len());
    prop_assert_eq!(summary.score, solution.score());
    // The same scratch, reused for another board and back, changes nothing.
    let other = Board::from_tiles(1, 1, vec![Tile::Letter('a')]).unwrap();
    solver.summarize_with(&other, &mut scratch);
    prop_assert_eq!(solver.solve_with(board, &mut scratch), solution.clone());

    // The tile core, searching without paths, finds the same words with
    // the same lengths and scores, and the same figures.
    let no_paths = Solver::new(
        &dict,
        SolveOptions {
            paths: false,
            ..options.clone()
        },
    );
    let tiled = no_paths.clone().with_tile_core();
    let mut tile_scratch = Scratch::default();
    let listed = tiled.solve_with(board, &mut tile_scratch);
    let without_paths = |solution: &Solution| -> Vec<(WordId, usize, u32)> {
        solution
            .words
            .iter()
            .map(|w| (w.word, w.len, w.score))
            .collect()
    };
    prop_assert_eq!(without_paths(&listed), without_paths(&solution));
    let summary = tiled.summarize_with(board, &mut tile_scratch);
    prop_assert_eq!(summary.count, solution.words.len());
    prop_assert_eq!(summary.score, solution.score());
    let answered = tile_scratch.tile_core_boards();

    // Splitting the start cells over threads gives the same solution.
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(4)
        .build()
        .unwrap();
    let parallel = pool.install(|| solver.solve_parallel(board));
    prop_assert_eq!(&parallel, &solution);
    let parallel = pool.install(|| solver.summarize_parallel(board));
    prop_assert_eq!(parallel.count, solution.words.len());
    prop_assert_eq!(parallel.score, solution.score());

    // Pruning from the start, or from a restart after a few steps, finds
    // the same words along the same paths, whoever counts them.
    for plain_steps in [0, 3, 40, Solver::PLAIN_STEPS] {
        let solver = solver.clone().with_plain_steps(plain_steps);
        prop_assert_eq!(&solver.solve_with(board, &mut scratch), &solution);
        let summary = solver.summarize_with(board, &mut scratch);
        prop_assert_eq!(summary.count, solution.words.len());
        prop_assert_eq!(summary.score, solution.score());
        prop_assert_eq!(&pool.install(|| solver.solve_parallel(board)), &solution);
        let parallel = pool.install(|| solver.summarize_parallel(board));
        prop_assert_eq!(parallel.count, solution.words.len());

        // A budget gives the same solution, or says it was too small; the
        // scratch it leaves serves the next search.
        prop_assert_eq!(
            solver.solve_within(board, &mut scratch, u64::MAX),
            Ok(solution.clone())
        );
        for max_steps in [0, 1, 5, 50] {
            match solver.solve_within(board, &mut scratch, max_steps) {
                Ok(within) => prop_assert_eq!(&within, &solution),
                Err(error) => prop_assert_eq!(error, BudgetExceeded { max_steps }),
            }
        }
        prop_assert_eq!(&solver.solve_with(board, &mut scratch), &solution);
    }
    Ok(answered)
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(300))]

    #[test]
    fn small_boards_match_brute_force(
        board in board(5),
        words in proptest::collection::vec(word(5), 1..60),
        min_len in 1usize..=3,
    ) {
        check(&board, &words, min_len)?;
    }

    #[test]
    fn boards_over_64_cells_match_brute_force(
        board in (9usize..=11, 8usize..=9).prop_flat_map(|(rows, cols)| large_board(rows, cols)),
        words in proptest::collection::vec(word(4), 1..60),
    ) {
        check(&board, &words, 1)?;
    }

    #[test]
    fn thin_boards_over_64_cells_match_brute_force(
        board in (1usize..=2, 33usize..=70)
            .prop_flat_map(|(short, long)| {
                (Just(short), Just(long), any::<bool>())
            })
            .prop_flat_map(|(short, long, wide)| {
                if wide { large_board(short, long) } else { large_board(long, short) }
            }),
        words in proptest::collection::vec(word(4), 1..60),
    ) {
        check(&board, &words, 1)?;
    }

    #[test]
    fn repeated_letters_match_brute_force(
        board in board_of(FEW_LETTERS, 4),
        words in proptest::collection::vec(word_of(FEW_LETTERS, 6), 1..40),
        chain in 0usize..=6,
        lengths in length_options(6),
    ) {
        // Often every run of 'a' up to some length, so that whole subtrees
        // are reached early.
        let chain = (1..=chain).map(|len| "a".repeat(len));
        let words: Vec<String> = words.into_iter().chain(chain).collect();
        check_lengths(&board, &words, &lengths, Rules::Classic)?;
    }

    #[test]
    fn repeated_letters_on_boards_over_64_cells_match_brute_force(
        board in board_of(FEW_LETTERS, 10).prop_filter("over 64 cells", |b| b.len() > 64),
        words in proptest::collection::vec(word_of(FEW_LETTERS, 4), 1..40),
        lengths in length_options(4),
    ) {
        check_lengths(&board, &words, &lengths, Rules::Classic)?;
    }

    #[test]
    fn wide_alphabets_match_brute_force(
        board in board_of(WIDE_LETTERS, 5),
        words in proptest::collection::vec(word_of(WIDE_LETTERS, 5), 1..60),
        min_len in 1usize..=3,
    ) {
        let words = [words, wide_fillers()].concat();
        check(&board, &words, min_len)?;
    }

    #[test]
    fn wide_alphabets_on_boards_over_64_cells_match_brute_force(
        board in board_of(WIDE_LETTERS, 11).prop_filter("over 64 cells", |b| b.len() > 64),
        words in proptest::collection::vec(word_of(WIDE_LETTERS, 4), 1..60),
    ) {
        let words = [words, wide_fillers()].concat();
        check(&board, &words, 1)?;
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(120))]

    #[test]
    fn big_rules_on_boards_up_to_64_cells_match_brute_force(
        (board, walked) in board_of(LETTERS, 8).prop_flat_map(|board| {
            let walks = proptest::collection::vec(walk(&board), 1..6);
            (Just(board), walks)
        }),
        words in proptest::collection::vec(word(5), 1..40),
        rules in proptest::sample::select(vec![Rules::Big, Rules::SuperBig]),
        lengths in proptest::option::of(length_options(12)),
    ) {
        let words = with_walked(words, walked);
        check_lengths(&board, &words, &lengths.unwrap_or_default(), rules)?;
    }

    #[test]
    fn big_rules_on_boards_over_64_cells_match_brute_force(
        (board, walked) in (9usize..=11, 8usize..=9)
            .prop_flat_map(|(rows, cols)| large_board(rows, cols))
            .prop_flat_map(|board| {
                let walks = proptest::collection::vec(walk(&board), 1..6);
                (Just(board), walks)
            }),
        words in proptest::collection::vec(word(4), 1..40),
        rules in proptest::sample::select(vec![Rules::Big, Rules::SuperBig]),
    ) {
        let words = with_walked(words, walked);
        check_lengths(&board, &words, &LengthOptions::default(), rules)?;
    }

    #[test]
    fn one_thread_writes_what_many_threads_write(
        boards in proptest::collection::vec(board(9), 1..8),
        words in proptest::collection::vec(word(6), 1..80),
        rules in proptest::sample::select(vec![Rules::Classic, Rules::Big, Rules::SuperBig]),
        format in proptest::sample::select(vec![
            OutputFormat::Text,
            OutputFormat::Words,
            OutputFormat::Json,
            OutputFormat::Summary,
        ]),
        paths in any::<bool>(),
    ) {
        let dict = Dictionary::from_words(&words, Normalizer::default()).unwrap();
        let solver = Solver::new(&dict, SolveOptions { paths, ..SolveOptions::new(rules) });
        let output = OutputOptions {
            format,
            sort: SortOrder::default(),
            paths,
            several: boards.len() > 1,
        };
        let written = |threads| {
            let mut out = Vec::new();
            Batch::new(&solver, output)
                .threads(Some(threads))
                .run_boards(&boards, &mut out)
                .unwrap();
            out
        };
        let one = written(1);
        prop_assert!(!one.is_empty() || format == OutputFormat::Words);
        prop_assert_eq!(&one, &written(3));
        prop_assert_eq!(&one, &written(4));
    }
}

/// `words` and the words walked on the board, but none empty.
fn with_walked(words: Vec<String>, walked: Vec<String>) -> Vec<String> {
    words
        .into_iter()
        .chain(walked)
        .filter(|word| !word.is_empty())
        .collect()
}

/// A word read off a random path of 1 to 12 distinct touching cells of
/// `board` (a wildcard read as `e`; the path ends before a blank), so that
/// long words are on the board. Empty when the path starts on a blank.
fn walk(board: &Board) -> impl Strategy<Value = String> + use<> {
    let board = board.clone();
    (0..board.len(), proptest::collection::vec(0usize..8, 0..12)).prop_map(move |(start, turns)| {
        let cols = board.cols();
        let mut path = vec![start];
        for turn in turns {
            let here = *path.last().unwrap();
            let next: Vec<usize> = (0..board.len())
                .filter(|&other| {
                    !path.contains(&other)
                        && (other / cols).abs_diff(here / cols) <= 1
                        && (other % cols).abs_diff(here % cols) <= 1
                        && board.tiles()[other] != Tile::Blank
                })
                .collect();
            if next.is_empty() {
                break;
            }
            path.push(next[turn % next.len()]);
        }
        path.iter()
            .map_while(|&cell| match &board.tiles()[cell] {
                Tile::Letter(letter) => Some(letter.to_string()),
                Tile::Letters(letters) => Some(letters.to_string()),
                Tile::Wildcard => Some("e".to_owned()),
                Tile::Blank => None,
            })
            .collect()
    })
}

/// The wide-alphabet tests do search a wide alphabet (as Finnish's 38
/// letters are), with letters past the 32nd on the board.
#[test]
fn wide_fillers_make_a_wide_alphabet() {
    let dict = Dictionary::from_words(wide_fillers(), Normalizer::default()).unwrap();
    assert!(dict.alphabet().len() > 32);
    let high = dict.alphabet().symbol('и').unwrap().index();
    assert!(high >= 32, "{high}");
}

/// A board of `rows` × `cols` random tiles with at most 2 wildcards (later
/// ones become blanks), so the enumerator stays quick.
fn large_board(rows: usize, cols: usize) -> impl Strategy<Value = Board> {
    proptest::collection::vec(tile(), rows * cols).prop_map(move |tiles| {
        let mut wildcards = 0;
        let tiles = tiles
            .into_iter()
            .map(|t| {
                if t == Tile::Wildcard {
                    wildcards += 1;
                    if wildcards > 2 {
                        return Tile::Blank;
                    }
                }
                t
            })
            .collect();
        Board::from_tiles(rows, cols, tiles).unwrap()
    })
}

/// The per-word marks are reused from board to board under a 16-bit epoch
/// that wraps: a word found on the first board and then on none for 65,534
/// boards must still be found when the epoch comes round to the same value.
#[test]
fn marks_survive_the_epoch_wrapping() {
    let words = ["ab".to_owned(), "ba".to_owned()];
    let dict = Dictionary::from_words(&words, Normalizer::default()).unwrap();
    let options = SolveOptions {
        lengths: LengthOptions {
            min_len: Some(1),
            ..LengthOptions::default()
        },
        ..SolveOptions::new(Rules::Classic)
    };
    let solver = Solver::new(&dict, options);
    let ab = Board::from_tiles(1, 2, vec![Tile::Letter('a'), Tile::Letter('b')]).unwrap();
    let a = Board::from_tiles(1, 1, vec![Tile::Letter('a')]).unwrap();
    let mut scratch = Scratch::default();
    assert_eq!(solver.summarize_with(&ab, &mut scratch).count, 2);
    for _ in 0..65_534 {
        assert_eq!(solver.summarize_with(&a, &mut scratch).count, 0);
    }
    for _ in 0..3 {
        assert_eq!(solver.summarize_with(&ab, &mut scratch).count, 2);
    }
}
