//! The search's tests: pruning on boards of one letter, the least path on
//! small and large boards, and the budget.

use super::*;
use crate::alphabet::Normalizer;
use crate::board::Board;
use crate::dict::Dictionary;
use crate::rules::{LengthOptions, Rules};

/// A board of `rows` × `cols` tiles of `a`.
fn of_a(rows: usize, cols: usize) -> Board {
    Board::from_tiles(
        rows,
        cols,
        vec![crate::board::Tile::Letter('a'); rows * cols],
    )
    .unwrap()
}

/// Runs of `a` of each of `lengths`.
fn runs(lengths: impl IntoIterator<Item = usize>) -> Dictionary {
    let words: Vec<String> = lengths.into_iter().map(|len| "a".repeat(len)).collect();
    Dictionary::from_words(&words, Normalizer::default()).unwrap()
}

/// A solver reporting words of `min_len` letters or more.
fn solver(dict: &Dictionary, min_len: usize) -> Solver<'_> {
    let lengths = LengthOptions {
        min_len: Some(min_len),
        ..LengthOptions::default()
    };
    Solver::new(
        dict,
        SolveOptions {
            lengths,
            paths: true,
            ..SolveOptions::new(Rules::Classic)
        },
    )
}

/// Enough steps for a board whose words are all found early; far too
/// few for a search of every path of a 5×5 board.
const BUDGET: u64 = 1_000_000;

/// Every run of `a` up to 25 letters is on a 5×5 board of `a`, and
/// once the 25-letter one is found there is nothing left to look for:
/// the search stops, where without pruning it would walk every path.
#[test]
fn a_board_of_one_letter_ends_with_its_words() {
    let dict = runs(1..=25);
    let board = of_a(5, 5);
    let mut scratch = Scratch::default();
    for min_len in [1, 25] {
        let solution = solver(&dict, min_len)
            .solve_within(&board, &mut scratch, BUDGET)
            .unwrap();
        // Words shorter than the minimum are not reported, but reaching
        // them counts all the same.
        assert_eq!(solution.words.len(), 26 - min_len);
        assert!(
            solution
                .words
                .iter()
                .all(|word| word.path.len() == word.len)
        );
    }
    let plain = solver(&dict, 1).with_plain_steps(u64::MAX);
    assert_eq!(
        plain.solve_within(&board, &mut scratch, BUDGET),
        Err(BudgetExceeded { max_steps: BUDGET })
    );
}

/// A search with a deadline stops within a moment of it, however many
/// steps it still has, in both searches and after the plain one starts
/// again with pruning; before it, the answer is the unlimited one.
#[test]
fn a_search_stops_at_its_deadline() {
    // Every path spells a start of the word and none the word: nothing
    // prunes, so only the deadline ends the search.
    let word = format!("{}b", "a".repeat(63));
    let dict = Dictionary::from_words(&[word], Normalizer::default()).unwrap();
    let mut scratch = Scratch::default();
    for (rows, cols) in [(5, 5), (9, 9)] {
        let board = of_a(rows, cols);
        for plain_steps in [0, Solver::PLAIN_STEPS, u64::MAX] {
            let solver = solver(&dict, 3).with_plain_steps(plain_steps);
            let started = std::time::Instant::now();
            let deadline = started + std::time::Duration::from_millis(30);
            let result = solver.solve_within_deadline(&board, &mut scratch, u64::MAX, deadline);
            let took = started.elapsed();
            assert_eq!(
                result,
                Err(BudgetExceeded {
                    max_steps: u64::MAX
                })
            );
            assert!(took >= std::time::Duration::from_millis(30), "{took:?}");
            // Generous for a debug build on a busy machine.
            assert!(took < std::time::Duration::from_millis(300), "{took:?}");
        }
    }
    let dict = runs(1..=25);
    let board = of_a(5, 5);
    let far = std::time::Instant::now() + std::time::Duration::from_secs(3600);
    // After a stopped search the scratch space is as good as new.
    let within = solver(&dict, 1).solve_within_deadline(&board, &mut scratch, BUDGET, far);
    assert_eq!(within.unwrap(), solver(&dict, 1).solve(&board));
    // A budget smaller than a reading of the clock's share still holds.
    assert_eq!(
        solver(&dict, 1)
            .with_plain_steps(u64::MAX)
            .solve_within_deadline(&board, &mut scratch, 1000, far),
        Err(BudgetExceeded { max_steps: 1000 })
    );
}

/// One word of 64 letters on an 8×8 board of `a`, and the longest
/// word on a board over 64 cells, are found without walking every path.
#[test]
fn the_longest_words_on_boards_of_one_letter() {
    let mut scratch = Scratch::default();
    let dict = runs([64]);
    let solution = solver(&dict, 3)
        .solve_within(&of_a(8, 8), &mut scratch, BUDGET)
        .unwrap();
    assert_eq!(solution.words.len(), 1);
    assert_eq!(solution.words[0].path.len(), 64);
    let dict = runs(60..=64);
    let solution = solver(&dict, 3)
        .solve_within(&of_a(9, 9), &mut scratch, BUDGET)
        .unwrap();
    assert_eq!(solution.words.len(), 5);
}

/// A word through a wildcard or a Qu tile is reported with its least
/// path in reading order, the same on a board of 63 cells (the small
/// search) and of 81 (the large one), whichever driver runs.
#[test]
fn the_least_path_on_small_and_large_boards() {
    let dict = Dictionary::from_words(["cat", "quit"], Normalizer::default()).unwrap();
    let solver = solver(&dict, 3);
    // c * x …   qu i x …   (the rest x; cells are numbered row by
    // a t x …   *  t x …   row, 9 to a row)
    // Checked by hand: `cat` is 0 1 10 (the wildcard as `a`), 0 9 1
    // (as `t`), 0 9 10 and 1 9 10 (as `c`); `quit` on the second board
    // is 0 1 9 (as `t`), 0 1 10 and 0 9 10 (as `i`).
    for (corner, word, least) in [
        (["c*", "at"], "cat", [0, 1, 10]),
        (["qi", "*t"], "quit", [0, 1, 9]),
    ] {
        for rows in [7, 9] {
            let mut text = format!("{}xxxxxxx/{}xxxxxxx", corner[0], corner[1]);
            for _ in 2..rows {
                text.push_str("/xxxxxxxxx");
            }
            let board = Board::parse(&text, &Normalizer::default()).unwrap();
            for solution in [solver.solve(&board), solver.solve_parallel(&board)] {
                let found = solution
                    .words
                    .iter()
                    .find(|w| dict.word_text(w.word) == word);
                assert_eq!(found.unwrap().path, least, "{word} on {rows} rows");
            }
        }
    }
}

/// A word whose every prefix is on the board but which is not leaves
/// nothing to prune: the budget ends the search, and the scratch space
/// serves the next board as if nothing had happened.
#[test]
fn a_search_that_cannot_be_pruned_ends_with_its_budget() {
    let mut scratch = Scratch::default();
    // The longest word is 64 letters: on a board over 64 cells, 63 of
    // `a` and a letter that is not on the board.
    let ends_in_b = ["a".repeat(63) + "b"];
    let ends_in_b = Dictionary::from_words(ends_in_b, Normalizer::default()).unwrap();
    for (board, dict) in [(of_a(5, 5), runs([26])), (of_a(9, 9), ends_in_b)] {
        let solver = solver(&dict, 1);
        assert_eq!(
            solver.solve_within(&board, &mut scratch, BUDGET),
            Err(BudgetExceeded { max_steps: BUDGET })
        );
        let small = of_a(2, 2);
        assert_eq!(
            solver.solve_within(&small, &mut scratch, BUDGET),
            Ok(solver.solve(&small))
        );
    }
    assert_eq!(
        BudgetExceeded { max_steps: 5 }.to_string(),
        "the search needed more than 5 steps"
    );
}

/// The tile core finds what the general search finds: the same words,
/// lengths and scores, and the same figures, on boards of every dice set
/// (Qu, the Super Big faces and blanks) and of uniform letters, under each
/// rule set and under length options, with the bundled English list; and
/// it answers nearly all of them (only boards with a tile it does not
/// number go to the general search).
#[test]
fn the_tile_core_finds_what_the_general_search_finds() {
    use crate::dice::{BoardRng, DICE_SETS, Roller};
    let dict = crate::dict::bundled::load(crate::dict::bundled::Lang::En).unwrap();
    let mut rng = BoardRng::new(26);
    let lengths = [
        LengthOptions::default(),
        LengthOptions {
            min_len: Some(5),
            max_len: Some(7),
            lengths: None,
        },
    ];
    for set in DICE_SETS {
        let roller = Roller::new(set, set.size().or(Some((3, 5)))).unwrap();
        let boards: Vec<Board> = (0..150).map(|_| roller.roll(&mut rng)).collect();
        for rules in [Rules::Classic, Rules::Big, Rules::SuperBig] {
            for lengths in &lengths {
                let options = SolveOptions {
                    lengths: lengths.clone(),
                    ..SolveOptions::new(rules)
                };
                let general = Solver::new(&dict, options);
                let tiled = general.clone().with_tile_core();
                let (mut plain, mut scratch) = (Scratch::default(), Scratch::default());
                for board in &boards {
                    let expected = general.solve_with(board, &mut plain);
                    assert_eq!(tiled.solve_with(board, &mut scratch), expected, "{board}");
                    // The words as ranks, with their texts and scores:
                    // each text kept is the dictionary's, each score the
                    // solution's.
                    if let Some(listed) = tiled.list_texts_with(board, &mut scratch) {
                        assert_eq!(listed.len(), expected.words.len(), "{board}");
                        for (at, found) in expected.words.iter().enumerate() {
                            let word = listed.word(at);
                            assert_eq!((word.word(), word.score()), (found.word, found.score));
                            let text = dict.word_str(found.word);
                            let keeps = text.len() <= WordText::MOST
                                && crate::json::is_plain(text.as_bytes());
                            let kept = listed.text(at);
                            assert_eq!(kept.and_then(WordText::text), keeps.then_some(&*text));
                            if let Some(kept) = kept {
                                assert_eq!(kept.score(), found.score, "{board}");
                            }
                        }
                    }
                    // The listing alone, without the solution's words; its
                    // numbers sort in the solution's order.
                    if let Some((rules, words)) = tiled.list_with(board, &mut scratch) {
                        words.sort_unstable();
                        let listed: Vec<_> = words
                            .iter()
                            .map(|word| (word.word(), word.score(), word.letters()))
                            .collect();
                        let found: Vec<_> = expected
                            .words
                            .iter()
                            .map(|word| (word.word, word.score, word.len))
                            .collect();
                        assert_eq!((rules, listed), (expected.rules, found), "{board}");
                    }
                    let summary = tiled.summarize_with(board, &mut scratch);
                    assert_eq!(
                        (summary.count, summary.score),
                        (expected.words.len(), expected.score()),
                        "{board}"
                    );
                }
                assert_eq!(plain.tile_core_boards(), 0);
                // Super Big Boggle's faces are numbered under its rules
                // only, and its "an" face is past the core's 32 tiles with
                // the English alphabet.
                let least = match (set, rules) {
                    (crate::dice::DiceSet::SuperBig, Rules::SuperBig) => 30,
                    (crate::dice::DiceSet::SuperBig, _) => 0,
                    _ => 300,
                };
                assert!(
                    scratch.tile_core_boards() >= least,
                    "{set}: the core answered {} of 300 searches",
                    scratch.tile_core_boards()
                );
            }
        }
    }
}

/// A board the tile core cannot finish within the plain search's steps (a
/// repeated letter, whose paths spelling prefixes are countless) goes to
/// the general search, which prunes; a wildcard, paths, or more than 64
/// cells do too. The answers are the general search's.
#[test]
fn the_tile_core_hands_over_what_it_cannot_take() {
    let dict = runs(3..=12);
    let general = solver(&dict, 3);
    let no_paths = Solver::new(&dict, SolveOptions::new(Rules::Classic));
    let tiled = no_paths.clone().with_tile_core();
    let mut scratch = Scratch::default();
    let board = of_a(5, 5);
    let expected = no_paths.solve(&board);
    assert_eq!(expected.words.len(), 10);
    assert_eq!(tiled.solve_with(&board, &mut scratch), expected);
    assert_eq!(
        scratch.tile_core_boards(),
        0,
        "25 cells of 'a' took the core's path"
    );
    // A small board of one letter is within the core's steps.
    assert_eq!(
        tiled.solve_with(&of_a(2, 2), &mut scratch),
        no_paths.solve(&of_a(2, 2))
    );
    assert_eq!(scratch.tile_core_boards(), 1);
    // Paths asked for: the general search, with its paths.
    let with_paths = general.clone().with_tile_core();
    assert_eq!(
        with_paths.solve_with(&of_a(2, 2), &mut scratch),
        general.solve(&of_a(2, 2))
    );
    // A wildcard, and a board of more than 64 cells.
    let wild = Board::parse("a*aa", dict.normalizer()).unwrap();
    assert_eq!(tiled.solve_with(&wild, &mut scratch), no_paths.solve(&wild));
    // Nor does it list what it does not take.
    assert!(tiled.list_with(&wild, &mut scratch).is_none());
    assert!(tiled.list_texts_with(&wild, &mut scratch).is_none());
    assert!(tiled.list_texts_with(&board, &mut scratch).is_none());
    let listed = no_paths.list_texts_with(&of_a(2, 2), &mut scratch);
    assert!(listed.is_none());
    assert!(tiled.list_with(&board, &mut scratch).is_none());
    assert!(with_paths.list_with(&of_a(2, 2), &mut scratch).is_none());
    assert!(no_paths.list_with(&of_a(2, 2), &mut scratch).is_none());
    let wide = Board::parse(&"a".repeat(65), dict.normalizer());
    if let Ok(wide) = wide {
        assert_eq!(
            tiled.summarize_with(&wide, &mut scratch),
            no_paths.summarize_with(&wide, &mut Scratch::default())
        );
    }
    assert_eq!(scratch.tile_core_boards(), 1);
}

/// The tile core numbers every face of several letters of every dice set
/// it can fit: Qu and the blank always, with the Super Big faces after an
/// alphabet of 26 letters as room allows.
#[test]
fn the_tile_core_numbers_every_dice_face() {
    use crate::board::Tile;
    use crate::dice::DICE_SETS;
    for set in DICE_SETS {
        for die in set.dice() {
            for face in die {
                if let Tile::Letters(letters) = &face {
                    assert!(
                        super::tile_boards::FACES.contains(&letters.as_ref()),
                        "{set}: face {letters}"
                    );
                }
            }
        }
    }
}
