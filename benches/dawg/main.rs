//! Measures a dictionary format against today's trie: the minimal DAWG of
//! each bundled list as a perfect-hashing automaton (a word's alphabetical
//! id is the sum of the id offsets along its path), searched in place.
//!
//! Run it with `cargo bench --bench dawg`. It prints, for the English,
//! French (accents folded) and Finnish lists: the trie's node count and
//! image bytes against the DAWG's states, edges and the bytes of its layout
//! (`automaton.rs`; with the bytes other layouts of the same states and
//! edges would take, worked out from the counts), after checking that every
//! id spells the trie's word. Then, on 100,000 uniform and 100,000
//! `new`-dice 4×4 boards (seed 1) with the English list, it checks that the
//! DAWG search (`search.rs`, the library's search of small boards with word
//! ids added up along the path), over the 16-byte records and over the same
//! records in 12 bytes (32-bit masks), gives every board the word count and
//! score of the library's [`Solver`] under classic rules, and times the
//! three on one thread in interleaved rounds (trie, DAWG, DAWG 12 B, trie
//! …; `DAWG_ROUNDS`, default 9), printing each round, the medians and the
//! median of the per-round ratios to the trie. Last it times spelling every
//! word found on 10,000 uniform boards from its id, by the DAWG against
//! [`Dictionary::word_text`], in interleaved rounds too.
//!
//! `cargo bench --bench dawg -- sizes` prints the sizes alone. For
//! instruction and cache counts, `cargo bench --bench dawg -- only
//! SEARCH DICE N` (SEARCH `trie`, `dawg`, `dawg12` or `none`, DICE
//! `uniform` or `new`) rolls N boards and runs one search over them,
//! nothing else; run the bench binary so under `valgrind
//! --tool=cachegrind`, and subtract the `none` run (the same setup and
//! boards, no search). `spell-trie`, `spell-dawg` and `spell-none` solve
//! the N boards and spell every word found, one way or the other or not at
//! all.

mod automaton;
mod search;

use std::hint::black_box;
use std::time::{Duration, Instant};

use boggle::dict::bundled::{self, Lang};
use boggle::{
    Board, BoardRng, DiceSet, Dictionary, Roller, Rules, Scratch, SolveOptions, Solver, WordId,
};

use automaton::{Edges, Layout, Minimal, Narrow};
use search::Searcher;

/// The plain search's steps per start cell in the library, used as the
/// DAWG search's budget per cell so both count their steps alike.
const STEPS_PER_CELL: u64 = Solver::PLAIN_STEPS;

fn main() {
    let args: Vec<String> = std::env::args()
        .skip(1)
        .filter(|arg| !arg.starts_with("--"))
        .collect();
    match args.as_slice() {
        [] => {
            sizes();
            searches();
        }
        [sizes_only] if sizes_only == "sizes" => sizes(),
        [only, which, dice, n] if only == "only" => run_one(which, dice, n),
        _ => panic!("usage: dawg [sizes | only SEARCH uniform|new N]"),
    }
}

/// The DAWG of `dict`, and its layout.
fn dawg_of(dict: &Dictionary) -> (Minimal, Layout) {
    let trie = dict.trie();
    let words = trie.words().map(|word| {
        trie.word_symbols(word)
            .iter()
            .map(|symbol| symbol.index() as u8)
            .collect()
    });
    let minimal = Minimal::build(words);
    let layout = Layout::new(&minimal);
    (minimal, layout)
}

/// `n` 4×4 boards of `dice` rolled from seed 1, as `boggle random --dice
/// DICE --size 4x4 --seed 1 -n N` rolls them.
fn roll(dice: DiceSet, n: usize) -> Vec<Board> {
    let roller = Roller::new(dice, Some((4, 4))).expect("4x4 boards of these dice");
    let mut rng = BoardRng::new(1);
    (0..n).map(|_| roller.roll(&mut rng)).collect()
}

/// The dice set named `name`.
fn dice_named(name: &str) -> DiceSet {
    match name {
        "uniform" => DiceSet::Uniform,
        "new" => DiceSet::New,
        _ => panic!("dice: uniform or new, not {name}"),
    }
}

/// The total word count and score of `boards` by the library's search.
fn trie_totals(solver: &Solver, scratch: &mut Scratch, boards: &[Board]) -> (usize, u64) {
    boards.iter().fold((0, 0), |(count, score), board| {
        let summary = solver.summarize_with(board, scratch);
        (count + summary.count, score + summary.score)
    })
}

/// The total word count and score of `boards` by the DAWG search.
fn dawg_totals<E: Edges>(searcher: &mut Searcher<E>, boards: &[Board]) -> (usize, u64) {
    boards.iter().fold((0, 0), |(count, score), board| {
        let budget = STEPS_PER_CELL * board.len() as u64;
        let (words, points) = searcher
            .summarize(board, budget)
            .expect("no board of these workloads needs the early stop");
        (count + words, score + points)
    })
}

/// One search of N boards for a profiler.
fn run_one(which: &str, dice: &str, n: &str) {
    let n: usize = n.parse().expect("N is a board count");
    let dict = bundled::load(Lang::En).expect("the bundled list loads");
    let (_, layout) = dawg_of(&dict);
    // Made for every run, so that the `none` run's setup is every run's.
    let narrow = narrow(&layout);
    let config = SolveOptions::new(Rules::Classic);
    let boards = roll(dice_named(dice), n);
    let solver = Solver::new(&dict, config);
    let spelled = |spell: &dyn Fn(&[WordId]) -> usize| {
        let ids = found_ids(&solver, &boards);
        (spell(black_box(&ids)), 0)
    };
    let totals = match which {
        "trie" => trie_totals(&solver, &mut Scratch::default(), black_box(&boards)),
        "dawg" => dawg_totals(
            &mut Searcher::new(&layout, &dict, Rules::Classic),
            black_box(&boards),
        ),
        "dawg12" => dawg_totals(
            &mut Searcher::new(&narrow, &dict, Rules::Classic),
            black_box(&boards),
        ),
        "none" => (0, 0),
        "spell-trie" => spelled(&|ids| spell_by_trie(&dict, ids)),
        "spell-dawg" => spelled(&|ids| spell_by_dawg(&dict, &layout, ids)),
        "spell-none" => spelled(&|_| 0),
        _ => panic!(
            "search: trie, dawg, dawg12, none, spell-trie, spell-dawg or spell-none, not {which}"
        ),
    };
    println!(
        "{which} {dice} {n}: {} words (or letters spelled), {} points",
        totals.0, totals.1
    );
}

/// The ids of the words found on each of `boards`, board after board.
fn found_ids(solver: &Solver, boards: &[Board]) -> Vec<WordId> {
    let mut scratch = Scratch::default();
    boards
        .iter()
        .flat_map(|board| solver.solve_with(board, &mut scratch).words)
        .map(|word| word.word)
        .collect()
}

/// Spells each of `ids` into a new string by [`Dictionary::word_text`];
/// the bytes spelled in all.
fn spell_by_trie(dict: &Dictionary, ids: &[WordId]) -> usize {
    ids.iter().map(|&id| dict.word_text(id).len()).sum()
}

/// Spells each of `ids` into a new string by the DAWG; the bytes spelled
/// in all.
fn spell_by_dawg(dict: &Dictionary, layout: &Layout, ids: &[WordId]) -> usize {
    let letters = dict.alphabet().letters();
    ids.iter()
        .map(|&id| {
            let mut text = String::new();
            assert!(layout.spell(id.index() as u32, letters, &mut text));
            text.len()
        })
        .sum()
}

/// The sizes table of the three lists.
fn sizes() {
    println!("## Sizes\n");
    println!(
        "| list | letters | words | trie nodes | trie nodes (16 B) | trie image | trie packed \
         | DAWG states | DAWG edges | edge records (16 B an edge, measured layout) \
         | 12 B records (32-bit masks) | states 16 B + edges 8 B | states 16 B + edges 4 B (no ids) \
         | DAWG built from the trie's words |"
    );
    println!("|---|--:|--:|--:|--:|--:|--:|--:|--:|--:|--:|--:|--:|--:|");
    for lang in Lang::ALL {
        let dict = bundled::load(lang).expect("the bundled list loads");
        let start = Instant::now();
        let (minimal, layout) = dawg_of(&dict);
        let built = start.elapsed();
        check_spelling(&dict, &layout);
        let (states, edges) = (minimal.state_count(), minimal.edge_count());
        let wide = layout.to_bytes();
        let wide = format!("{} ({} gzipped)", wide.len(), gzipped(&wide));
        let narrow = Narrow::new(&layout).map_or("no: over 32 letters".to_string(), |narrow| {
            let bytes = narrow.as_bytes();
            format!("{} ({} gzipped)", bytes.len(), gzipped(bytes))
        });
        println!(
            "| {} | {} | {} | {} | {} | {} | {} | {} | {} | {wide} | {narrow} | {} | {} | {:.0} ms |",
            lang.code(),
            dict.alphabet().len(),
            dict.word_count(),
            dict.trie().node_count(),
            dict.trie().node_count() * 16,
            dict.trie().image().len(),
            dict.trie().packed().len(),
            states,
            edges,
            states * 16 + edges * 8,
            states * 16 + edges * 4,
            millis(built),
        );
    }
}

/// The agreement of the searches on the workloads, their timings and the
/// spelling's.
fn searches() {
    let dict = bundled::load(Lang::En).expect("the bundled list loads");
    let (_, layout) = dawg_of(&dict);
    let config = SolveOptions::new(Rules::Classic);
    let solver = Solver::new(&dict, config);
    let mut scratch = Scratch::default();
    let mut searcher = Searcher::new(&layout, &dict, Rules::Classic);
    let narrow = narrow(&layout);
    let mut narrow_searcher = Searcher::new(&narrow, &dict, Rules::Classic);
    let workloads = [
        ("uniform", roll(DiceSet::Uniform, 100_000)),
        ("new dice", roll(DiceSet::New, 100_000)),
    ];
    println!("\n## Agreement (English, classic rules)\n");
    for (name, boards) in &workloads {
        for (index, board) in boards.iter().enumerate() {
            let summary = solver.summarize_with(board, &mut scratch);
            let budget = STEPS_PER_CELL * board.len() as u64;
            let expected = Ok((summary.count, summary.score));
            let dawg = searcher.summarize(board, budget);
            assert_eq!(dawg, expected, "{name} board {index}, {board}");
            let dawg = narrow_searcher.summarize(board, budget);
            assert_eq!(dawg, expected, "{name} board {index}, {board}, 12 B");
        }
        let (count, score) = trie_totals(&solver, &mut scratch, boards);
        println!(
            "{name}: all {} boards agree ({count} words, {score} points in all)",
            boards.len()
        );
    }

    let rounds: usize = std::env::var("DAWG_ROUNDS")
        .ok()
        .and_then(|rounds| rounds.parse().ok())
        .unwrap_or(9);
    println!("\n## Search, one thread, 100,000 boards, {rounds} interleaved rounds\n");
    for (name, boards) in &workloads {
        let expected = trie_totals(&solver, &mut scratch, boards);
        let mut trie = Vec::new();
        let mut dawg = Vec::new();
        let mut dawg12 = Vec::new();
        for round in 0..rounds {
            let start = Instant::now();
            assert_eq!(
                trie_totals(&solver, &mut scratch, black_box(boards)),
                expected
            );
            trie.push(start.elapsed());
            let start = Instant::now();
            assert_eq!(dawg_totals(&mut searcher, black_box(boards)), expected);
            dawg.push(start.elapsed());
            let start = Instant::now();
            assert_eq!(
                dawg_totals(&mut narrow_searcher, black_box(boards)),
                expected
            );
            dawg12.push(start.elapsed());
            println!(
                "{name} round {}: trie {:.1} ms, DAWG {:.1} ms, DAWG 12 B {:.1} ms",
                round + 1,
                millis(trie[round]),
                millis(dawg[round]),
                millis(dawg12[round])
            );
        }
        report(
            name,
            boards.len(),
            &[("trie", &trie), ("DAWG", &dawg), ("DAWG 12 B", &dawg12)],
        );
    }

    println!("\n## Spelling every word found on 10,000 uniform boards, {rounds} rounds\n");
    let ids = found_ids(&solver, &workloads[0].1[..10_000]);
    let mut trie = Vec::new();
    let mut dawg = Vec::new();
    for _ in 0..rounds {
        let start = Instant::now();
        let total = spell_by_trie(&dict, black_box(&ids));
        trie.push(start.elapsed());
        let start = Instant::now();
        let spelled = spell_by_dawg(&dict, &layout, black_box(&ids));
        dawg.push(start.elapsed());
        assert_eq!(spelled, total);
    }
    report(
        "spelling",
        ids.len(),
        &[("word_text", &trie), ("DAWG", &dawg)],
    );
}

/// Checks that every id of `dict` spells the same word in `layout`.
fn check_spelling(dict: &Dictionary, layout: &Layout) {
    let letters = dict.alphabet().letters();
    let mut text = String::new();
    for word in dict.trie().words() {
        text.clear();
        assert!(layout.spell(word.index() as u32, letters, &mut text));
        assert_eq!(text, dict.word_text(word), "word {}", word.index());
    }
    text.clear();
    assert!(!layout.spell(dict.word_count() as u32, letters, &mut text));
}

/// Prints the median of each column of timings and the median of the
/// per-round ratios of each to the first.
fn report(name: &str, items: usize, columns: &[(&str, &[Duration])]) {
    let (_, first) = columns[0];
    let mut line = format!("{name}:");
    for &(column, times) in columns {
        let middle = median(times.iter().map(|&time| millis(time)));
        line += &format!(
            " {column} {middle:.1} ms ({:.0} ns each);",
            middle * 1e6 / items as f64
        );
    }
    for &(column, times) in &columns[1..] {
        let ratios: Vec<f64> = first
            .iter()
            .zip(times)
            .map(|(first, time)| time.as_secs_f64() / first.as_secs_f64())
            .collect();
        line += &format!(
            " {column}/{} median ratio {:.3} (range {:.3}–{:.3});",
            columns[0].0,
            median(ratios.iter().copied()),
            ratios.iter().copied().fold(f64::INFINITY, f64::min),
            ratios.iter().copied().fold(0.0, f64::max),
        );
    }
    println!("{}", line.trim_end_matches(';'));
}

/// The size of `bytes` compressed by gzip at its default level.
fn gzipped(bytes: &[u8]) -> usize {
    use std::io::Write;
    let mut encoder = flate2::write::GzEncoder::new(Vec::new(), flate2::Compression::default());
    encoder.write_all(bytes).expect("writes to memory");
    encoder.finish().expect("writes to memory").len()
}

/// The 12-byte records of the English list's layout.
fn narrow(layout: &Layout) -> Narrow {
    Narrow::new(layout).expect("the English alphabet fits a 32-bit mask")
}

fn millis(duration: Duration) -> f64 {
    duration.as_secs_f64() * 1e3
}

/// The median of `values` (the mean of the middle two for an even count).
fn median(values: impl Iterator<Item = f64>) -> f64 {
    let mut values: Vec<f64> = values.collect();
    values.sort_by(f64::total_cmp);
    let middle = values.len() / 2;
    if values.len() % 2 == 0 {
        (values[middle - 1] + values[middle]) / 2.0
    } else {
        values[middle]
    }
}
