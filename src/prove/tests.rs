//! Tests of the proof against independent methods: every board of small
//! sizes over small alphabets scored by the solver (not the proof's own
//! scoring), random classes whose bound must reach the solver's score of
//! every board inside them, and parts, merges and checkpoints that must
//! give what one whole run gives.

use std::collections::BTreeSet;
use std::sync::Mutex;

use proptest::prelude::*;

use super::record::{self, Record, RecordError, Tally};
use super::tree::{End12, End16, End25, TreeBuilder};
use super::*;
use crate::{Board, Normalizer, SolveOptions, Solver};

/// Words over a, e, s, t (and q, i, u, t for Qu), short and long.
const WORDS: &[&str] = &[
    "ate", "eat", "tea", "sea", "set", "sat", "east", "seat", "teas", "eats", "sate", "test",
    "tests", "seats", "state", "states", "taste", "tastes", "asset", "assets", "tease", "teases",
    "estate", "estates", "sea", "tee", "tees", "see", "sees", "ease", "eases", "tat", "tats",
    "quit", "quite", "quiet", "quits", "suite", "tie", "ties", "site", "sit", "its", "tit",
];

fn dict() -> Dictionary {
    Dictionary::from_words(WORDS.iter().copied(), Normalizer::default()).unwrap()
}

fn config(rows: usize, cols: usize, letters: &str, min_score: u64) -> ProveConfig {
    ProveConfig {
        rows,
        cols,
        letters: letters.chars().collect(),
        rules: Rules::Classic,
        min_score,
    }
}

/// Runs `part` of a proof to its end.
fn run(prover: &Prover, part: Part) -> Record {
    let tally = Mutex::new(Tally::new(prover.setting(), part, prover.part_len(part)));
    prover.run(part, &|_| false, &|report| {
        tally.lock().unwrap().add(report)
    });
    tally.into_inner().unwrap().record(0.0, false)
}

/// The board's mirror images and turns, written the plain way: as rows of
/// letters, flipped and transposed.
fn images(text: &str) -> BTreeSet<String> {
    let rows: Vec<Vec<String>> = text
        .split('/')
        .filter(|row| !row.is_empty())
        .map(|row| {
            let mut tiles = Vec::new();
            let mut chars = row.chars().peekable();
            while let Some(c) = chars.next() {
                if c == 'q' {
                    chars.next();
                    tiles.push("qu".to_owned());
                } else {
                    tiles.push(c.to_string());
                }
            }
            tiles
        })
        .collect();
    let write = |rows: &Vec<Vec<String>>| {
        rows.iter()
            .map(|row| row.concat())
            .collect::<Vec<_>>()
            .join("/")
    };
    let mut all = BTreeSet::new();
    let mut current = rows.clone();
    for _ in 0..2 {
        for _ in 0..2 {
            for _ in 0..2 {
                all.insert(write(&current));
                current.reverse();
            }
            current.iter_mut().for_each(|row| row.reverse());
        }
        if rows.len() != rows[0].len() {
            break;
        }
        current = (0..rows[0].len())
            .map(|c| rows.iter().map(|row| row[c].clone()).collect())
            .collect();
    }
    all
}

/// Every board of `rows` × `cols` over `letters`, scored by the solver:
/// those at or above `min_score`, and the best score.
fn brute_force(
    rows: usize,
    cols: usize,
    letters: &str,
    min_score: u64,
) -> (Vec<(String, u64, u64)>, u64) {
    let dict = dict();
    let solver = Solver::new(&dict, SolveOptions::new(Rules::Classic));
    let letters: Vec<char> = letters.chars().collect();
    let cells = rows * cols;
    let mut best = 0;
    let mut found = Vec::new();
    for mut number in 0..letters.len().pow(cells as u32) {
        let mut text = String::new();
        for cell in 0..cells {
            if cell > 0 && cell % cols == 0 {
                text.push('/');
            }
            text.push(letters[number % letters.len()]);
            number /= letters.len();
        }
        let board = Board::parse(&text, &Normalizer::default()).unwrap();
        let solution = solver.solve(&board);
        best = best.max(solution.score());
        if solution.score() >= min_score {
            found.push((
                board.canonical(),
                solution.words.len() as u64,
                solution.score(),
            ));
        }
    }
    (found, best)
}

/// The proof finds exactly the boards enumeration finds, once per kind.
fn check_against_brute_force(rows: usize, cols: usize, letters: &str, below_best: u64) {
    let (mut every, best) = brute_force(rows, cols, letters, 0);
    let min_score = best.saturating_sub(below_best).max(1);
    every.retain(|&(_, _, score)| score >= min_score);
    // Rebuilding at every cell, at every cell from the third, by default,
    // and never; the paths laid out in the fewest bytes they fit (16 up to
    // 12 cells), and by default also in 24 and in 32, as larger grids
    // have them.
    let settings = [
        (0, 0, Layout::Twelve),
        (0, 2, Layout::Any),
        (REBUILD_ABOVE, REBUILD_FROM, Layout::Twelve),
        (REBUILD_ABOVE, REBUILD_FROM, Layout::Sixteen),
        (REBUILD_ABOVE, REBUILD_FROM, Layout::Any),
        (u64::MAX, 0, Layout::Twelve),
    ];
    for (above, from, layout) in settings {
        let mut prover = Prover::new(&dict(), config(rows, cols, letters, min_score)).unwrap();
        prover.set_rebuild(above, from);
        prover.layout = prover.layout.max(layout);
        check_record(
            &run(&prover, Part::WHOLE),
            &every,
            best,
            (rows, cols, letters),
        );
    }
}

/// The record holds the boards of `every`, once per kind, the best first.
fn check_record(
    record: &Record,
    every: &[(String, u64, u64)],
    best: u64,
    (rows, cols, letters): (usize, usize, &str),
) {
    assert_eq!(
        record.boards.first().map(|found| found.score),
        Some(best),
        "{rows}x{cols} {letters}"
    );
    let proved: BTreeSet<String> = record
        .boards
        .iter()
        .map(|found| found.board.clone())
        .collect();
    assert_eq!(proved.len(), record.boards.len());
    for found in &record.boards {
        let entry = every.iter().find(|(board, ..)| *board == found.board);
        assert_eq!(
            entry,
            Some(&(found.board.clone(), found.count, found.score))
        );
        // No two printed boards are turns or mirror images of each other.
        assert_eq!(
            images(&found.board).intersection(&proved).count(),
            1,
            "{}",
            found.board
        );
    }
    for (board, ..) in every {
        assert!(
            images(board).intersection(&proved).next().is_some(),
            "{board} is missing"
        );
    }
    assert!(
        every.len() > record.boards.len(),
        "symmetry should fold some boards together"
    );
}

#[test]
fn agrees_with_enumeration_on_2x2() {
    check_against_brute_force(2, 2, "aest", 2);
}

#[test]
fn agrees_with_enumeration_on_2x3_with_qu() {
    check_against_brute_force(2, 3, "qiets", 2);
}

#[test]
fn agrees_with_enumeration_on_3x3() {
    check_against_brute_force(3, 3, "aet", 3);
}

#[test]
fn agrees_with_enumeration_on_2x5() {
    check_against_brute_force(2, 5, "etq", 2);
    check_against_brute_force(2, 5, "aet", 2);
}

#[test]
fn agrees_with_enumeration_on_3x4() {
    // Above 9 cells the border takes two letter sets and the cells inside
    // it three: e, t and q fall into three sets inside and two on the
    // border, so the classes are numbered in mixed bases. A grid of two
    // rows has no inside and two sets everywhere. With e and s, the border
    // has one set (both are vowels there) and the inside two (s is a
    // common consonant): bases 1 and 2. The corners of 3x3 and 3x4 take
    // one set, every letter; those of a grid of two rows keep two.
    for (rows, cols, letters, split, classes) in [
        (
            3,
            4,
            "etq",
            "e t q, border e tq, corners etq",
            2u64.pow(6) * 3u64.pow(2),
        ),
        (2, 5, "etq", "e tq", 2u64.pow(10)),
        (3, 4, "es", "e s, border es, corners es", 4),
        (3, 3, "etq", "e tq, corners etq", 2u64.pow(5)),
        (2, 2, "etq", "e tq", 2u64.pow(4)),
    ] {
        let prover = Prover::new(&dict(), config(rows, cols, letters, 1)).unwrap();
        assert_eq!(prover.setting().split, split, "{rows}x{cols} {letters}");
        assert_eq!(prover.classes(), classes, "{rows}x{cols} {letters}");
    }
    check_against_brute_force(3, 4, "es", 2);
    check_against_brute_force(3, 4, "et", 2);
}

/// Up to 12 cells the proof lays its paths out in 16 bytes ([`End12`]);
/// up to 16, in 24 ([`End16`]), the letters of the cells of rank 12 and
/// more apart from the others; above, in 32 ([`End25`]), and the cells of
/// rank 16 and more are the ones only it holds. Every board of 12, 13, 16
/// and 17 cells, by default settings.
#[test]
fn agrees_with_enumeration_on_12_13_16_and_17_cells() {
    let sizes = [
        (3, 4, Layout::Twelve),
        (13, 1, Layout::Sixteen),
        (4, 4, Layout::Sixteen),
        (17, 1, Layout::Any),
    ];
    for (rows, cols, layout) in sizes {
        let (mut every, best) = brute_force(rows, cols, "es", 0);
        every.retain(|&(_, _, score)| score == best);
        let prover = Prover::new(&dict(), config(rows, cols, "es", best)).unwrap();
        assert_eq!(prover.layout, layout);
        check_record(&run(&prover, Part::WHOLE), &every, best, (rows, cols, "es"));
    }
}

#[test]
fn agrees_with_enumeration_on_3x2() {
    check_against_brute_force(3, 2, "aest", 1);
}

#[test]
fn images_of_a_board() {
    assert_eq!(images("ab/cd").len(), 8);
    assert!(images("ab/cd").contains("db/ca"));
    assert_eq!(images("abc/def").len(), 4);
    assert!(images("abc/def").contains("fed/cba"));
    assert!(images("qua/cd").contains("dc/aqu"));
}

/// The `pick`-th (wrapping) of the letters set in `mask`.
fn pick(mask: u32, pick: usize) -> u32 {
    let allowed: Vec<u32> = (0..32).filter(|l| mask & (1 << l) != 0).collect();
    allowed[pick % allowed.len()]
}

/// Every way to pick one letter of each cell of `class`, as the picks
/// [`board_in`] takes: counting in mixed radix over the cells' letters.
fn every_pick(class: &[u32]) -> Vec<Vec<usize>> {
    let mut all = Vec::new();
    let mut picks = vec![0usize; class.len()];
    loop {
        all.push(picks.clone());
        let mut cell = 0;
        while cell < class.len() {
            picks[cell] += 1;
            if picks[cell] < class[cell].count_ones() as usize {
                break;
            }
            picks[cell] = 0;
            cell += 1;
        }
        if cell == class.len() {
            return all;
        }
    }
}

/// The board of the class `class` (over `letters`, `cols` cells a row)
/// that takes the `picks[c]`-th letter of each cell `c`, and its score by
/// the solver.
fn board_in(
    dict: &Dictionary,
    letters: &str,
    cols: usize,
    class: &[u32],
    picks: &[usize],
) -> (String, u64) {
    let mut text = String::new();
    for (cell, &mask) in class.iter().enumerate() {
        if cell > 0 && cell % cols == 0 {
            text.push('/');
        }
        text.push(letters.as_bytes()[pick(mask, picks[cell]) as usize] as char);
    }
    let board = Board::parse(&text, &Normalizer::default()).unwrap();
    let score = Solver::new(dict, SolveOptions::new(Rules::Classic))
        .solve(&board)
        .score();
    (text, score)
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(200))]

    /// A class's bound is at least the solver's score of any board in it.
    #[test]
    fn bound_is_at_least_every_score(
        shape in prop_oneof![Just((2usize, 2usize)), Just((2, 3)), Just((3, 3)), Just((3, 4))],
        masks in proptest::collection::vec(1u32..64, 12),
        picks in proptest::collection::vec(0usize..6, 12),
    ) {
        let letters = "aestqi";
        let (rows, cols) = shape;
        let dict = dict();
        let prover = Prover::new(&dict, config(rows, cols, letters, 0)).unwrap();
        let class = &masks[..rows * cols];
        let (text, score) = board_in(&dict, letters, cols, class, &picks);
        // Every layout of paths gives the same tree.
        let bound = TreeBuilder::<End12>::default().bound(&prover.grid, &prover.lexicon, class);
        let narrow = TreeBuilder::<End16>::default().bound(&prover.grid, &prover.lexicon, class);
        let wide = TreeBuilder::<End25>::default().bound(&prover.grid, &prover.lexicon, class);
        prop_assert_eq!(bound, narrow);
        prop_assert_eq!(bound, wide);
        prop_assert!(bound >= score, "{text}: bound {bound} < score {score}");
    }

    /// A node of one path made as a chain is the node the general case
    /// makes: the same arena, node for node, in every layout.
    #[test]
    fn chains_are_made_as_the_general_case_makes_them(
        shape in prop_oneof![Just((2usize, 2usize)), Just((2, 3)), Just((3, 3)), Just((3, 4))],
        masks in proptest::collection::vec(1u32..64, 12),
    ) {
        let (rows, cols) = shape;
        let dict = dict();
        let prover = Prover::new(&dict, config(rows, cols, "aestqi", 0)).unwrap();
        let class = &masks[..rows * cols];
        let (chains, general) =
            super::tree::trees_with_and_without_chains::<End12>(&prover.grid, &prover.lexicon, class);
        prop_assert_eq!(chains, general);
        let (chains, general) =
            super::tree::trees_with_and_without_chains::<End16>(&prover.grid, &prover.lexicon, class);
        prop_assert_eq!(chains, general);
        let (chains, general) =
            super::tree::trees_with_and_without_chains::<End25>(&prover.grid, &prover.lexicon, class);
        prop_assert_eq!(chains, general);
    }

    /// Forcing the free cells one after another in the fixing order gives
    /// the bound of the tree built afresh for the narrower class, whose
    /// bound still reaches the solver's score of a board inside; dropping
    /// the forced trees leaves the first one as it was.
    #[test]
    fn a_forced_tree_bounds_as_the_narrower_class_tree(
        shape in prop_oneof![Just((2usize, 2usize)), Just((2, 3)), Just((3, 3)), Just((3, 4))],
        masks in proptest::collection::vec(1u32..64, 12),
        picks in proptest::collection::vec(0usize..6, 12),
        depth in 0usize..=12,
    ) {
        let letters = "aestqi";
        let (rows, cols) = shape;
        let cells = rows * cols;
        let dict = dict();
        let prover = Prover::new(&dict, config(rows, cols, letters, 0)).unwrap();
        let class = &masks[..cells];
        let mut tree = TreeBuilder::<End16>::default();
        let first = tree.build(&prover.grid, &prover.lexicon, class, usize::MAX).unwrap();
        let first_bound = tree.value(first);
        let mark = tree.mark();
        let mut root = first;
        let mut narrow = class.to_vec();
        for &cell in &prover.grid.order[..depth.min(cells)] {
            let letter = pick(class[cell], picks[cell]);
            root = tree.force(root, cell, letter);
            narrow[cell] = 1 << letter;
            let fresh = TreeBuilder::<End25>::default().bound(&prover.grid, &prover.lexicon, &narrow);
            prop_assert_eq!(tree.value(root), fresh, "{:?} forced to {:?}", class, narrow);
            prop_assert!(tree.value(root) <= first_bound);
        }
        let (text, score) = board_in(&dict, letters, cols, class, &picks);
        let bound = tree.value(root);
        prop_assert!(bound >= score, "{text}: bound {bound} < score {score}");
        tree.release(mark);
        prop_assert_eq!(tree.value(first), first_bound);
        let again = prover.grid.order.iter().fold(first, |root, &cell| {
            tree.force(root, cell, pick(class[cell], picks[cell]))
        });
        prop_assert!(tree.value(again) >= score);
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(100))]

    /// Rebuilding the tree of a class with its free cells fixed one after
    /// another gives a bound no higher than forcing does, yet at least the
    /// solver's score of every board of the narrower class; once every
    /// cell is fixed, the bound is the board's exact score, each word
    /// counted once however many paths spell it.
    #[test]
    fn a_rebuilt_tree_bounds_no_higher_and_reaches_every_score(
        shape in prop_oneof![Just((2usize, 2usize)), Just((2, 3)), Just((3, 2))],
        masks in proptest::collection::vec(1u32..16, 6),
        picks in proptest::collection::vec(0usize..4, 6),
    ) {
        let letters = "aest";
        let (rows, cols) = shape;
        let cells = rows * cols;
        let dict = dict();
        let solver = Solver::new(&dict, SolveOptions::new(Rules::Classic));
        let prover = Prover::new(&dict, config(rows, cols, letters, 0)).unwrap();
        let class = &masks[..cells];
        let mut tree = TreeBuilder::<End25>::default();
        let built = tree.build(&prover.grid, &prover.lexicon, class, usize::MAX).unwrap();
        tree.keep_paths(&prover.grid, &prover.lexicon, class);
        let (mut forced, mut rebuilt) = (built, built);
        let mut narrow = class.to_vec();
        let mut depth = 0;
        for &cell in &prover.grid.order {
            if class[cell].count_ones() == 1 {
                continue;
            }
            let letter = pick(class[cell], picks[cell]);
            narrow[cell] = 1 << letter;
            forced = tree.force(forced, cell, letter);
            rebuilt = tree.force_rebuilt(depth, cell, letter);
            depth += 1;
            prop_assert!(tree.value(rebuilt) <= tree.value(forced));
            for each in every_pick(&narrow) {
                let (text, score) = board_in(&dict, letters, cols, &narrow, &each);
                prop_assert!(
                    tree.value(rebuilt) >= score,
                    "{text}: rebuilt bound {} < score {score}", tree.value(rebuilt)
                );
            }
        }
        let (text, _) = board_in(&dict, letters, cols, &narrow, &picks);
        let board = Board::parse(&text, &Normalizer::default()).unwrap();
        let exact = solver.solve(&board).score();
        if depth > 0 {
            prop_assert_eq!(tree.value(rebuilt), exact, "{}", text);
        }
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(64))]

    /// Descending a class's tree (with its first cell forced, as a search
    /// does) hands over every board of the class whose score, by the
    /// solver, reaches the target: the looser bound of the descent never
    /// drops one. More: it hands over exactly the boards whose tree, built
    /// for the board alone, reaches the target, so no bound on the way
    /// (one letter per cell across choice nodes, letters not taken) rules
    /// out a board that its last bound, every cell fixed, keeps. Checked
    /// on every board of small classes.
    #[test]
    fn a_descent_keeps_every_board_that_reaches_the_target(
        shape in prop_oneof![Just((2usize, 2usize)), Just((2, 3)), Just((3, 2))],
        masks in proptest::collection::vec(1u32..16, 6),
        target in 0u64..40,
        force_first in any::<bool>(),
    ) {
        let letters = "aest";
        let (rows, cols) = shape;
        let cells = rows * cols;
        let dict = dict();
        let prover = Prover::new(&dict, config(rows, cols, letters, target)).unwrap();
        let class = masks[..cells].to_vec();
        let mut tree = TreeBuilder::<End16>::default();
        let root = tree.build(&prover.grid, &prover.lexicon, &class, usize::MAX).unwrap();
        let first = prover.grid.order[0];
        let first_letters: Vec<u32> = if force_first {
            (0..4).filter(|l| class[first] & (1 << l) != 0).collect()
        } else {
            vec![u32::MAX]
        };
        let mut handed = BTreeSet::new();
                for letter in first_letters {
            let mut narrow = class.clone();
            let mut top = root;
            if letter != u32::MAX {
                narrow[first] = 1 << letter;
                top = tree.force(root, first, letter);
            }
            let mut pending = tree::Pending::default();
            tree.descend(&mut pending, &prover.grid, &mut narrow, top, target, &mut |board: &[u32]| {
                handed.insert(board.to_vec());
            });
            prop_assert_eq!(&narrow[first], if letter == u32::MAX { &class[first] } else { &(1 << letter) });
        }
        // Every board of the class, scored by the solver and bounded by
        // its own tree.
        let solver = Solver::new(&dict, SolveOptions::new(Rules::Classic));
        let mut expected = BTreeSet::new();
        for picks in every_pick(&class) {
            let board: Vec<u32> = (0..cells).map(|cell| 1 << pick(class[cell], picks[cell])).collect();
            let (text, _) = board_in(&dict, letters, cols, &class, &picks);
            let score = solver.solve(&Board::parse(&text, &Normalizer::default()).unwrap()).score();
            if score >= target {
                prop_assert!(handed.contains(&board), "{text} scores {score} >= {target} but was dropped");
            }
            if TreeBuilder::<End25>::default().bound(&prover.grid, &prover.lexicon, &board) >= target {
                expected.insert(board);
            }
        }
        prop_assert_eq!(handed, expected);
    }
}

/// A class of every letter on every cell of a 3×3 grid makes a tree of
/// many nodes, as the general case makes it
/// (`chains_are_made_as_the_general_case_makes_them` checks random
/// classes, some of which spell no word).
#[test]
fn a_wide_class_makes_chains_as_the_general_case() {
    let dict = dict();
    let prover = Prover::new(&dict, config(3, 3, "aestqi", 0)).unwrap();
    let class = [0b11_1111; 9];
    let (chains, general) =
        super::tree::trees_with_and_without_chains::<End16>(&prover.grid, &prover.lexicon, &class);
    assert!(general.len() > 100, "{} nodes", general.len());
    assert_eq!(chains, general);
}

/// A class too big for one tree is halved until its halves fit, and the
/// proof finds the same boards.
#[test]
fn halved_classes_find_what_whole_classes_find() {
    let (_, best) = brute_force(3, 3, "aet", u64::MAX);
    let whole = Prover::new(&dict(), config(3, 3, "aet", best - 3)).unwrap();
    let mut halved = Prover::new(&dict(), config(3, 3, "aet", best - 3)).unwrap();
    halved.most_paths = 4;
    let (whole, halved) = (run(&whole, Part::WHOLE), run(&halved, Part::WHOLE));
    assert!(!whole.boards.is_empty());
    assert_eq!(whole.boards, halved.boards);
    // The halves were searched apart, down to single boards here.
    assert_ne!(halved.bounds, whole.bounds);
}

#[test]
fn merged_parts_equal_the_whole_run() {
    let prover = Prover::new(&dict(), config(3, 3, "aest", 12)).unwrap();
    let whole = run(&prover, Part::WHOLE);
    assert!(!whole.boards.is_empty());
    let parts: Vec<Record> = (1..=3)
        .map(|index| run(&prover, Part::new(index, 3).unwrap()))
        .collect();
    assert!(parts.iter().all(|part| part.total < whole.total));
    let merged = record::merge(&parts).unwrap();
    assert_eq!(merged, whole);
    // Through text and back.
    let texts: Vec<Record> = parts
        .iter()
        .map(|part| {
            let mut text = Vec::new();
            part.write(&mut text).unwrap();
            Record::parse(std::str::from_utf8(&text).unwrap()).unwrap()
        })
        .collect();
    assert_eq!(record::merge(&texts).unwrap(), whole);
}

#[test]
fn merge_refuses_missing_duplicated_and_foreign_parts() {
    let prover = Prover::new(&dict(), config(2, 3, "aest", 3)).unwrap();
    let parts: Vec<Record> = (1..=3)
        .map(|index| run(&prover, Part::new(index, 3).unwrap()))
        .collect();
    assert_eq!(
        record::merge(&parts[..2]),
        Err(RecordError::Absent(vec!["3/3".into()]))
    );
    let twice = [
        parts[0].clone(),
        parts[1].clone(),
        parts[1].clone(),
        parts[2].clone(),
    ];
    assert_eq!(
        record::merge(&twice),
        Err(RecordError::Duplicate(Part::new(2, 3).unwrap()))
    );
    let mut other = parts.clone();
    other[2].setting.bound = 4;
    assert!(matches!(
        record::merge(&other),
        Err(RecordError::Mismatch { field: "bound", .. })
    ));
    let mut other = parts.clone();
    other[1].setting.dictionary = "crc32 00000000, 3 words".into();
    assert!(matches!(
        record::merge(&other),
        Err(RecordError::Mismatch {
            field: "dictionary",
            ..
        })
    ));
    let mut other = parts.clone();
    other[1].setting.split = "aei bcdfghjklmnopqrstuvwxyz".into();
    assert!(matches!(
        record::merge(&other),
        Err(RecordError::Mismatch { field: "split", .. })
    ));
    assert_eq!(parts[0].setting.split, "aes t");
    let mut other = parts.clone();
    other[0].covered -= 1;
    assert_eq!(
        record::merge(&other),
        Err(RecordError::Unfinished(vec![Part::new(1, 3).unwrap()]))
    );
    // Every unfinished part is named, and every missing one counted.
    other[2].covered -= 1;
    assert_eq!(
        record::merge(&other).unwrap_err().to_string(),
        "2 parts were not run to their end: 1/3, 3/3"
    );
    assert_eq!(
        record::merge(&parts[..1]).unwrap_err().to_string(),
        "2 parts are missing: 2/3, 3/3"
    );
    assert_eq!(record::merge(&[]), Err(RecordError::NoParts));
}

#[test]
fn a_checkpoint_resumes_to_the_same_result() {
    let prover = Prover::new(&dict(), config(3, 3, "aest", 12)).unwrap();
    let whole = run(&prover, Part::WHOLE);
    // Search every other class, as if the run were stopped, and save.
    let total = prover.part_len(Part::WHOLE);
    let tally = Mutex::new(Tally::new(prover.setting(), Part::WHOLE, total));
    prover.run(Part::WHOLE, &|position| position % 2 == 1, &|report| {
        tally.lock().unwrap().add(report)
    });
    let mut text = Vec::new();
    tally
        .into_inner()
        .unwrap()
        .record(1.5, true)
        .write(&mut text)
        .unwrap();
    let checkpoint = Record::parse(std::str::from_utf8(&text).unwrap()).unwrap();
    assert!(checkpoint.covered < checkpoint.total);
    // Resume: only the classes not done are searched.
    let tally = Tally::resume(checkpoint, prover.setting(), Part::WHOLE, total).unwrap();
    let searched = Mutex::new(Vec::new());
    let tally = Mutex::new(tally);
    prover.run(
        Part::WHOLE,
        &|position| tally.lock().unwrap().is_done(position),
        &|report| {
            searched.lock().unwrap().push(report.position);
            tally.lock().unwrap().add(report);
        },
    );
    assert!(
        searched
            .into_inner()
            .unwrap()
            .iter()
            .all(|position| position % 2 == 1)
    );
    let resumed = tally.into_inner().unwrap().record(0.0, false);
    assert_eq!(resumed.seconds, 1.5);
    assert_eq!(
        Record {
            seconds: 0.0,
            ..resumed
        },
        whole
    );
    // A checkpoint of another proof is refused.
    let other = Prover::new(&dict(), config(3, 3, "aest", 13)).unwrap();
    let mut text = Vec::new();
    whole.write(&mut text).unwrap();
    let record = Record::parse(std::str::from_utf8(&text).unwrap()).unwrap();
    assert!(Tally::resume(record, other.setting(), Part::WHOLE, total).is_err());
}

#[test]
fn bad_configurations_are_refused() {
    let dict = dict();
    assert_eq!(
        Prover::new(&dict, config(6, 6, "aest", 1)).unwrap_err(),
        ProveError::Size { rows: 6, cols: 6 }
    );
    assert!(Prover::new(&dict, config(2, 2, "", 1)).is_err());
    assert!(Prover::new(&dict, config(2, 2, "aa", 1)).is_err());
    assert!(Prover::new(&dict, config(2, 2, "a1", 1)).is_err());
    assert!(Part::new(0, 3).is_err());
    assert!(Part::new(4, 3).is_err());
}

/// One class searched on its own finds the boards of the whole proof that
/// lie in it, with every cell of the order fixed or none, rebuilding or
/// not; classes of the wrong shape are refused.
#[test]
fn a_class_searched_alone_finds_its_boards() {
    let (_, best) = brute_force(3, 3, "aet", u64::MAX);
    let mut prover = Prover::new(&dict(), config(3, 3, "aet", best)).unwrap();
    let whole = run(&prover, Part::WHOLE);
    let top = &whole.boards[0];
    let board: Vec<u8> = top
        .board
        .chars()
        .filter(|c| *c != '/')
        .map(|c| "aet".find(c).unwrap() as u8)
        .collect();
    for (above, from) in [(0, 0), (0, 2), (u64::MAX, 0)] {
        prover.set_rebuild(above, from);
        for fixed in [0, 4, 9] {
            let class = prover.class_around(&board, fixed).unwrap();
            assert!(class.iter().filter(|set| set.count_ones() == 1).count() >= fixed);
            let report = prover.search_set(&class).unwrap();
            assert!(
                report.boards.contains(top),
                "{fixed} fixed: {:?}",
                report.boards
            );
            assert!(report.boards.iter().all(|found| found.score >= best));
        }
    }
    assert_eq!(prover.class_around(&board[1..], 0), None);
    assert_eq!(prover.class_around(&[3; 9], 0), None);
    assert!(prover.search_set(&[1; 8]).is_none());
    assert!(prover.search_set(&[0; 9]).is_none());
    assert!(prover.search_set(&[8; 9]).is_none());
    // Every board, each kind printed once as the whole proof prints it.
    assert_eq!(prover.search_set(&[7; 9]).unwrap().boards, whole.boards);
}
