use super::*;
use crate::dice::{BoardRng, DiceSet, Roller};
use crate::geometry::neighbour_masks;
use crate::{Board, Normalizer, SolveOptions, Solver};

/// The scorer's figures equal the solver's summary on random boards,
/// uniform letters (with Qu) and every dice set (digraphs, blanks).
#[test]
fn scores_equal_the_solvers() {
    let words = [
        "cat", "cats", "act", "tact", "scat", "quit", "quits", "suit", "tin", "tins", "thin",
        "then", "hen", "her", "here", "inert", "tiers", "rest", "tres", "anthem", "heat", "theta",
        "aqua", "equal", "stain", "satin", "saint", "antis", "tannin", "ease",
    ];
    let dict = Dictionary::from_words(words, Normalizer::default()).unwrap();
    let mut rng = BoardRng::new(5);
    for set in [
        DiceSet::Uniform,
        DiceSet::New,
        DiceSet::Big,
        DiceSet::SuperBig,
    ] {
        let roller = Roller::new(set, Some(set.size().unwrap_or((3, 5)))).unwrap();
        let (rows, cols) = roller.size();
        let rules = Rules::Classic;
        let solver = Solver::new(&dict, SolveOptions::new(rules));
        let mut tiles: Vec<Tile> = Vec::new();
        let boards: Vec<Board> = (0..300).map(|_| roller.roll(&mut rng)).collect();
        for board in &boards {
            for tile in board.tiles() {
                if !tiles.contains(tile) {
                    tiles.push(tile.clone());
                }
            }
        }
        let trie = std::sync::Arc::new(TileTrie::new(&dict, &tiles, rules));
        let neighbours = neighbour_masks(rows, cols);
        let mut scorer = Scorer::new(trie.clone(), &neighbours);
        let mut found = 0;
        for board in &boards {
            let numbers: Vec<u8> = board
                .tiles()
                .iter()
                .map(|tile| tiles.iter().position(|t| t == tile).unwrap() as u8)
                .collect();
            let summary = solver.summarize_with(board, &mut crate::Scratch::default());
            let (count, score) = scorer.score(&numbers);
            assert_eq!(
                (count as usize, u64::from(score)),
                (summary.count, summary.score),
                "{}",
                board.canonical()
            );
            found += count;
        }
        assert!(
            found > 0,
            "{set}: the boards found no words, so the check checked nothing"
        );
    }
}

/// The solver's figures for the board of `tiles` numbered in `alphabet`.
fn solved(solver: &Solver, alphabet: &[Tile], rows: usize, tiles: &[u8]) -> (u32, u32) {
    let board = Board::from_tiles(
        rows,
        tiles.len() / rows,
        tiles
            .iter()
            .map(|&tile| alphabet[tile as usize].clone())
            .collect(),
    )
    .unwrap();
    let summary = solver.summarize_with(&board, &mut crate::Scratch::default());
    (summary.count as u32, summary.score as u32)
}

/// The scorer's figures equal the solver's on the boards a climb visits,
/// with the bundled English list: high-scoring boards, where a word is
/// often found along many paths, scored one after another by one
/// scorer as in the search.
#[test]
fn scores_equal_the_solvers_on_high_scoring_boards() {
    let dict = crate::dict::bundled::load(crate::dict::bundled::Lang::En).unwrap();
    let alphabet: Vec<Tile> = "aeilnorstdgpcmbh"
        .chars()
        .map(Tile::Letter)
        .chain([Tile::qu()])
        .collect();
    let rules = Rules::Classic;
    let solver = Solver::new(&dict, SolveOptions::new(rules));
    let trie = std::sync::Arc::new(TileTrie::new(&dict, &alphabet, rules));
    let neighbours = neighbour_masks(4, 4);
    let mut scorer = Scorer::new(trie.clone(), &neighbours);
    let mut rng = BoardRng::new(11);
    let mut board: Vec<u8> = (0..16)
        .map(|_| rng.below(alphabet.len() as u32) as u8)
        .collect();
    let mut best = scorer.score(&board);
    for _ in 0..400 {
        let mut candidate = board.clone();
        candidate[rng.below(16) as usize] = rng.below(alphabet.len() as u32) as u8;
        let figures = scorer.score(&candidate);
        assert_eq!(
            figures,
            solved(&solver, &alphabet, 4, &candidate),
            "{candidate:?}"
        );
        if figures.1 >= best.1 {
            (board, best) = (candidate, figures);
        }
    }
    assert!(
        best.1 > 500,
        "the climb reached only {} points, so the boards checked were not high-scoring",
        best.1
    );
}

/// The walk compiled for the processor's bit instructions and the one
/// compiled for any x86-64 count and list the same words on random
/// and high-scoring boards (where the processor lacks those
/// instructions, both scorers run the second).
#[test]
fn both_builds_of_the_walk_agree() {
    let dict = crate::dict::bundled::load(crate::dict::bundled::Lang::En).unwrap();
    let alphabet: Vec<Tile> = ('a'..='z')
        .filter(|&letter| letter != 'q')
        .map(Tile::Letter)
        .chain([Tile::qu()])
        .collect();
    let trie = std::sync::Arc::new(TileTrie::new(&dict, &alphabet, Rules::Classic));
    let neighbours = neighbour_masks(4, 4);
    let mut fast = Scorer::new(trie.clone(), &neighbours);
    let mut plain = Scorer::new(trie, &neighbours);
    plain.bit_instructions = false;
    assert_eq!(fast.bit_instructions, has_bit_instructions());
    let mut rng = BoardRng::new(17);
    let mut board: Vec<u8> = (0..16)
        .map(|_| rng.below(alphabet.len() as u32) as u8)
        .collect();
    let (mut best, mut words) = (0, 0);
    for round in 0..2000 {
        let mut candidate = board.clone();
        candidate[rng.below(16) as usize] = rng.below(alphabet.len() as u32) as u8;
        if round % 2 == 0 {
            candidate = (0..16)
                .map(|_| rng.below(alphabet.len() as u32) as u8)
                .collect();
        }
        let (mut listed, mut listed_plain) = (Vec::new(), Vec::new());
        let figures = fast.list_within(&candidate, UNLIMITED, &mut listed);
        assert_eq!(
            figures,
            plain.list_within(&candidate, UNLIMITED, &mut listed_plain)
        );
        listed.sort_unstable_by_key(|word| word.0);
        listed_plain.sort_unstable_by_key(|word| word.0);
        assert_eq!(listed, listed_plain, "{candidate:?}");
        assert_eq!(fast.score(&candidate), plain.score(&candidate));
        let (count, score) = figures.unwrap();
        words += count;
        if round % 2 == 1 && score >= best {
            (board, best) = (candidate, score);
        }
    }
    assert!(best > 500 && words > 100_000, "{best} {words}");
}

/// The walk's fixed stack holds the deepest walks: every cell of an
/// 8×8 board the same letter, words of it up to 64 letters, so that
/// paths go as deep as the board and branch everywhere.
#[test]
fn the_stack_holds_the_deepest_walks() {
    let words: Vec<String> = (1..=64).map(|len| "a".repeat(len)).collect();
    let dict = Dictionary::from_words(words.iter(), Normalizer::default()).unwrap();
    let alphabet = [Tile::Letter('a')];
    let trie = std::sync::Arc::new(TileTrie::new(&dict, &alphabet, Rules::Classic));
    for (rows, cols) in [(8, 8), (1, 64), (64, 1), (3, 3)] {
        let mut scorer = Scorer::new(trie.clone(), &neighbour_masks(rows, cols));
        let board = vec![0u8; rows * cols];
        // Deep first: the walk reaches the bottom long before it has
        // followed this many paths.
        let figures = scorer.score_within(&board, 2_000_000);
        match (rows, cols) {
            (3, 3) => assert_eq!(figures, Some((7, 1 + 1 + 2 + 3 + 5 + 11 + 11))),
            // A line is one path each way from each cell.
            (1, 64) | (64, 1) => assert_eq!(figures.map(|f| f.0), Some(62)),
            _ => assert_eq!(figures, None),
        }
    }
}

/// The limit of paths counts the paths the walk takes off its stack, and
/// the walk stops on the first past it. On the line `a b c` with the
/// words "abc" and "cba", by hand: the walk takes four paths off its
/// stack, `a` and `c` (no word starts with `b`), then `ab` and `cb`, each
/// of which reaches its word one step on.
#[test]
fn the_walk_stops_past_its_limit_of_paths() {
    let dict = Dictionary::from_words(["abc", "cba"], Normalizer::default()).unwrap();
    let alphabet = [Tile::Letter('a'), Tile::Letter('b'), Tile::Letter('c')];
    let trie = std::sync::Arc::new(TileTrie::new(&dict, &alphabet, Rules::Classic));
    let mut scorer = Scorer::new(trie, &neighbour_masks(1, 3));
    let board = [0u8, 1, 2];
    assert_eq!(scorer.score_within(&board, 4), Some((2, 2)));
    assert_eq!(scorer.score_within(&board, 3), None);
    assert_eq!(scorer.score_within(&board, 0), None);
    let mut words = Vec::new();
    assert_eq!(scorer.list_within(&board, 4, &mut words), Some((2, 2)));
    let texts: Vec<String> = words.iter().map(|w| dict.word_text(w.word())).collect();
    assert_eq!(texts, ["abc", "cba"]);
    assert_eq!(scorer.list_within(&board, 3, &mut Vec::new()), None);
    // The stopped listing left nothing behind for the next.
    let mut again = Vec::new();
    assert_eq!(scorer.list_within(&board, 4, &mut again), Some((2, 2)));
    assert_eq!(again, words);
}

/// `positions` writes the places of the bits set, in order, whatever
/// their number and spread; a naive loop over the 64 bits says which.
#[test]
fn positions_are_the_bits_set() {
    let mut state = 0x9e37_79b9_7f4a_7c15u64;
    let mut next = || {
        state ^= state << 13;
        state ^= state >> 7;
        state ^= state << 17;
        state
    };
    let mut cases = vec![0, 1, 1 << 63, u64::MAX, 0x8000_0000_0000_0001];
    for _ in 0..2000 {
        // Sparse to dense: a random word ANDed with up to three more.
        let mut bits = next();
        for _ in 0..next() % 4 {
            bits &= next();
        }
        cases.push(bits);
    }
    for bits in cases {
        let base = (next() % 1_000_000) as u32;
        let mut out = [u32::MAX; 64 + 4];
        let count = positions(bits, base, &mut out);
        let naive: Vec<u32> = (0..64)
            .filter(|at| bits >> at & 1 == 1)
            .map(|at| base + at)
            .collect();
        assert_eq!(out[..count], naive[..], "{bits:#x}");
    }
}

/// `Seen` gives back the ranks put, each once and in order, across more
/// than one group of 64 blocks, leaves out the rank past the words, and
/// is clear after: a second take gives nothing.
#[test]
fn seen_gives_back_each_rank_once_in_order() {
    let words = 300_000;
    let by_rank: Vec<ListedWord> = (0..words).map(|rank| ListedWord(rank as u64 * 3)).collect();
    let mut seen = Seen::new(words + 1);
    assert!(seen.blocks.len() > 64, "more than one group of blocks");
    let mut state = 12345u64;
    for round in 0..20 {
        let mut put = Vec::new();
        for _ in 0..round * 37 {
            state = state
                .wrapping_mul(6364136223846793005)
                .wrapping_add(1442695040888963407);
            let rank = (state >> 33) as usize % (words + 1);
            put.push(rank);
            // Some ranks twice, as a walk reaches a word along several paths.
            put.extend((rank % 3 == 0).then_some(rank));
        }
        put.push(words - 1);
        for &rank in &put {
            seen.put(rank as u32);
        }
        let mut expected: Vec<ListedWord> = put
            .iter()
            .filter(|&&rank| rank < words)
            .map(|&rank| by_rank[rank])
            .collect();
        expected.sort_unstable();
        expected.dedup();
        let score = expected.iter().map(|word| word.score()).sum();
        let mut taken = vec![ListedWord(7)];
        assert_eq!(
            seen.take(&by_rank, &mut taken),
            (expected.len() as u32, score)
        );
        assert_eq!(taken[0], ListedWord(7), "added after the words given");
        assert_eq!(taken[1..], expected[..]);
        assert_eq!(seen.take(&by_rank, &mut taken), (0, 0));
        assert!(seen.bits.iter().chain(&seen.blocks).all(|&bits| bits == 0));
    }
}

/// The listing's ranks follow a solution's order: each counted word once
/// in `by_rank`, sorted, and each word node's rank that of its word; the
/// nodes that end none have the rank past every word's. Words of several
/// nodes (`th` and `t`, `h`), words the rules do not count and words no
/// tile spells included.
#[test]
fn the_listing_ranks_each_word_once_in_a_solutions_order() {
    let dict = Dictionary::from_words(
        [
            "the", "then", "theta", "heat", "hat", "at", "ah", "eta", "tea", "teeth", "thee",
            "ethe", "hate", "hater",
        ],
        Normalizer::default(),
    )
    .unwrap();
    let tiles = [
        Tile::Letter('t'),
        Tile::Letter('h'),
        Tile::Letter('e'),
        Tile::Letter('a'),
        Tile::Letters("th".into()),
    ];
    for rules in [Rules::Classic, Rules::Big] {
        let trie = TileTrie::new(&dict, &tiles, rules);
        let listing = Listing::of(&trie);
        assert!(
            listing.by_rank.is_sorted_by(|a, b| a < b),
            "sorted, each once"
        );
        let mut at_nodes: Vec<ListedWord> = Vec::new();
        for (node, &rank) in listing.ranks.iter().enumerate() {
            if trie.words[node] == TileNode::NO_WORD {
                assert_eq!(rank as usize, listing.by_rank.len());
            } else {
                assert_eq!(listing.by_rank[rank as usize], trie.listed_word(node));
                at_nodes.push(trie.listed_word(node));
            }
        }
        at_nodes.sort_unstable();
        at_nodes.dedup();
        assert_eq!(at_nodes, *listing.by_rank);
        let texts: Vec<String> = listing
            .by_rank
            .iter()
            .map(|word| dict.word_text(word.word()))
            .collect();
        // By hand: score descending (five letters score 2, three and four
        // 1), then alphabetical; `at` and `ah` too short for either rules,
        // three letters too short for Big's; `then` and `hater` spelt by no
        // tile.
        let expected: &[&str] = match rules {
            Rules::Classic => &[
                "teeth", "theta", "eta", "ethe", "hat", "hate", "heat", "tea", "the", "thee",
            ],
            _ => &["teeth", "theta", "ethe", "hate", "heat", "thee"],
        };
        assert_eq!(texts, expected, "{rules:?}");
    }
}

/// A dictionary of a few words of `t`, `e` and `a`, and a scorer of
/// 2×2 boards of those tiles (numbered 0, 1, 2), under classic rules.
fn tea_scorer() -> (Dictionary, Scorer) {
    let dict = Dictionary::from_words(
        ["tea", "eat", "ate", "tee", "eta", "teat", "tate"],
        Normalizer::default(),
    )
    .unwrap();
    let alphabet: Vec<Tile> = "tea".chars().map(Tile::Letter).collect();
    let trie = std::sync::Arc::new(TileTrie::new(&dict, &alphabet, Rules::Classic));
    let scorer = Scorer::new(trie, &neighbour_masks(2, 2));
    (dict, scorer)
}

/// The marks stay right when the scorer has told apart as many boards
/// as they can hold and starts again.
#[test]
fn scores_stay_right_across_the_marks_wrapping() {
    let (_, mut scorer) = tea_scorer();
    let board = [0, 1, 2, 0];
    let figures = scorer.score(&board);
    assert_eq!(figures, (6, 6), "tea eat ate eta teat tate: a point each");
    // The board before the wrapping finds nothing, so the marks of the
    // first board are still there when the epochs start again.
    scorer.epoch = Mark::BOARDS - 2;
    assert_eq!(scorer.score(&[2, 2, 2, 2]), (0, 0));
    assert_eq!(scorer.score(&board), figures);
    assert_eq!(scorer.epoch, 1, "the marks did not start again");
    assert_eq!(scorer.score(&board), figures);
}

/// A listing keeps each word once, however many paths reach it, with
/// its score and length, in a solution's order (score, then
/// alphabetical), and the next board's listing starts afresh.
#[test]
fn a_listing_keeps_each_word_once_in_order() {
    let (dict, mut scorer) = tea_scorer();
    // t e / a t: every cell touches the others, so each word is
    // reached from both t's ("tea" from the top t and the bottom one).
    let board = [0, 1, 2, 0];
    let list = |scorer: &mut Scorer, tiles: &[u8]| {
        let mut words = Vec::new();
        let figures = scorer.list_within(tiles, UNLIMITED, &mut words);
        let words: Vec<(String, u32, usize)> = words
            .iter()
            .map(|word| {
                (
                    dict.word_str(word.word()).into_owned(),
                    word.score(),
                    word.letters(),
                )
            })
            .collect();
        (figures, words)
    };
    let by_hand: Vec<(String, u32, usize)> = [
        ("ate", 1, 3),
        ("eat", 1, 3),
        ("eta", 1, 3),
        ("tate", 1, 4),
        ("tea", 1, 3),
        ("teat", 1, 4),
    ]
    .iter()
    .map(|&(word, score, len)| (word.to_string(), score, len))
    .collect();
    assert_eq!(list(&mut scorer, &board), (Some((6, 6)), by_hand.clone()));
    assert_eq!(list(&mut scorer, &[2, 2, 2, 2]), (Some((0, 0)), Vec::new()));
    assert_eq!(list(&mut scorer, &board), (Some((6, 6)), by_hand));
    assert_eq!(scorer.score(&board), (6, 6));

    // A word of five letters scores 2 and comes first. t e a / a t e:
    // "teate" is t e a t e along the top row and down the middle.
    let dict =
        Dictionary::from_words(["tea", "eat", "ate", "teate"], Normalizer::default()).unwrap();
    let tiles: Vec<Tile> = "tea".chars().map(Tile::Letter).collect();
    let trie = std::sync::Arc::new(TileTrie::new(&dict, &tiles, Rules::Classic));
    let mut scorer = Scorer::new(trie, &neighbour_masks(2, 3));
    let mut words = Vec::new();
    let figures = scorer.list_within(&[0, 1, 2, 2, 0, 1], UNLIMITED, &mut words);
    let words: Vec<(String, u32)> = words
        .iter()
        .map(|word| (dict.word_str(word.word()).into_owned(), word.score()))
        .collect();
    let by_hand = [("teate", 2), ("ate", 1), ("eat", 1), ("tea", 1)];
    assert_eq!(figures, Some((4, 5)));
    assert_eq!(
        words,
        by_hand.map(|(word, score)| (word.to_string(), score))
    );
    // The listing table is made once, in the trie every thread's scorer
    // shares, and is no part of the trie's value.
    let fresh = TileTrie::new(&dict, &tiles, Rules::Classic);
    assert!(scorer.trie().listed.get().is_some() && fresh.listed.get().is_none());
    assert_eq!(**scorer.trie(), fresh);
}

/// A listing adds its words after those already in the list it is
/// given, and keeps none of the entries it writes past them.
#[test]
fn a_listing_adds_to_the_words_given() {
    let (_, mut scorer) = tea_scorer();
    let board = [0, 1, 2, 0];
    let mut alone = Vec::new();
    assert_eq!(
        scorer.list_within(&board, UNLIMITED, &mut alone),
        Some((6, 6))
    );
    assert_eq!(alone.len(), 6, "tea eat ate eta teat tate, each once");
    let mut words = alone.clone();
    scorer.list_within(&board, UNLIMITED, &mut words);
    assert_eq!(words.len(), 12);
    assert_eq!(words[..6], alone[..]);
    assert_eq!(words[6..], alone[..], "the same board walked the same way");
}

/// A cell's choices scored in one walk give each board's figures, as
/// scored alone: on random and climbed boards of several sizes, with
/// `q` and `qu` both tiles (so that words end at several nodes, counted
/// by word), dice faces of several letters, and every cell, some of
/// whose choices include the tile the cell holds.
#[test]
fn a_cells_choices_score_as_each_board_alone() {
    let dict = crate::dict::bundled::load(crate::dict::bundled::Lang::En).unwrap();
    let alphabet: Vec<Tile> = ('a'..='z')
        .map(Tile::Letter)
        .chain([
            Tile::qu(),
            Tile::Letters("th".into()),
            Tile::Letters("er".into()),
        ])
        .collect();
    let tiles = alphabet.len() as u32;
    let trie = std::sync::Arc::new(TileTrie::new(&dict, &alphabet, Rules::Classic));
    let mut rng = BoardRng::new(23);
    let solver = Solver::new(&dict, SolveOptions::new(Rules::Classic));
    let mut checked = 0u64;
    for (rows, cols) in [(4, 4), (5, 5), (3, 5), (1, 6), (2, 2)] {
        let cells = rows * cols;
        let neighbours = neighbour_masks(rows, cols);
        let mut scorer = Scorer::new(trie.clone(), &neighbours);
        let mut alone = Scorer::new(trie.clone(), &neighbours);
        let mut board: Vec<u8> = (0..cells).map(|_| rng.below(tiles) as u8).collect();
        let mut best = alone.score(&board).1;
        for round in 0..60 {
            let cell = rng.below(cells as u32) as usize;
            // All the tiles, or a few, as a die's faces are.
            let choices = if round % 3 == 0 {
                (1u32 << tiles) - 1
            } else {
                (0..6).fold(0u32, |set, _| set | 1 << rng.below(tiles))
            };
            let figures = scorer.score_choices(&board, cell, choices);
            let mut climbed = board.clone();
            for tile in 0..32u32 {
                if choices & 1 << tile == 0 {
                    assert_eq!(figures[tile as usize], (0, 0));
                    continue;
                }
                let mut edited = board.clone();
                edited[cell] = tile as u8;
                let expected = alone.score(&edited);
                assert_eq!(
                    figures[tile as usize], expected,
                    "{rows}x{cols} {board:?}, cell {cell} as tile {tile}"
                );
                // And the solver's, an independent search, on some.
                if round % 10 == 0 {
                    assert_eq!(expected, solved(&solver, &alphabet, rows, &edited));
                }
                checked += u64::from(expected.0);
                if expected.1 > best {
                    (best, climbed) = (expected.1, edited);
                }
            }
            // Climb half the time, so that high-scoring boards are met.
            board = if round % 2 == 0 {
                climbed
            } else {
                (0..cells).map(|_| rng.below(tiles) as u8).collect()
            };
        }
    }
    assert!(checked > 100_000, "too few words checked: {checked}");
}

/// A cell off the board gives each choice the board's own figures, and
/// the choices stay right across the marks' wrapping.
#[test]
fn choices_off_the_board_and_across_the_wrapping() {
    let (_, mut scorer) = tea_scorer();
    let board = [0, 1, 2, 0];
    let figures = scorer.score_choices(&board, 9, 0b101);
    assert_eq!(
        (figures[0], figures[1], figures[2]),
        ((6, 6), (0, 0), (6, 6))
    );
    // Tile 0 (t) at cell 3 is the board itself; e (1) leaves tea, eat,
    // ate, eta and tee; a (2) leaves tea, eat, ate, eta.
    let expected = [(6, 6), (5, 5), (4, 4)];
    assert_eq!(&scorer.score_choices(&board, 3, 0b111)[..3], &expected);
    scorer.epoch = Mark::BOARDS - 2;
    assert_eq!(&scorer.score_choices(&board, 3, 0b111)[..3], &expected);
    assert_eq!(&scorer.score_choices(&board, 3, 0b111)[..3], &expected);
    assert_eq!(&scorer.score_choices(&board, 3, 0b111)[..3], &expected);
    assert_eq!(scorer.epoch, 2, "the marks did not start again");
}
