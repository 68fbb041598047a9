//! Benchmarks of the library: building the trie from the bundled list, one
//! 4×4 board, 10,000 random 4×4 boards on one thread and on all, and a
//! million steps of a search that nothing prunes (the cost of a budget);
//! the same with a deadline an hour away, which reads the clock every few
//! thousand steps, to show that a deadline costs nothing measurable.
//! Each asserts what it produces, so a broken solver cannot look fast.

use std::hint::black_box;
use std::time::{Duration, Instant};

use boggle::dict::bundled::{self, Lang};
use boggle::{
    Board, BudgetExceeded, Dictionary, Normalizer, Scratch, Solution, SolveOptions, Solver, Tile,
};
use criterion::{Criterion, criterion_group, criterion_main};
use rayon::prelude::*;

/// `n` uniform random 4×4 boards from a fixed-seed xorshift generator.
fn random_boards(n: usize) -> Vec<Board> {
    let mut state = 0x9E37_79B9_7F4A_7C15u64;
    let mut next = move || {
        state ^= state << 13;
        state ^= state >> 7;
        state ^= state << 17;
        state
    };
    (0..n)
        .map(|_| {
            let tiles = (0..16)
                .map(|_| match (b'a' + (next() % 26) as u8) as char {
                    'q' => Tile::qu(),
                    letter => Tile::Letter(letter),
                })
                .collect();
            Board::from_tiles(4, 4, tiles).unwrap()
        })
        .collect()
}

fn count_words(solutions: &[Solution]) -> usize {
    solutions.iter().map(|s| s.words.len()).sum()
}

fn solve_sequential(solver: &Solver, boards: &[Board]) -> Vec<Solution> {
    let mut scratch = Scratch::default();
    boards
        .iter()
        .map(|b| solver.solve_with(b, &mut scratch))
        .collect()
}

fn solve_parallel(solver: &Solver, boards: &[Board]) -> Vec<Solution> {
    boards
        .par_iter()
        .map_init(Scratch::default, |scratch, b| solver.solve_with(b, scratch))
        .collect()
}

fn benches(c: &mut Criterion) {
    let en = include_str!("../dictionaries/en.txt");
    c.bench_function("build trie from bundled English list", |b| {
        b.iter(|| {
            let dict =
                Dictionary::from_words(black_box(en).lines(), Normalizer::default()).unwrap();
            assert_eq!(dict.word_count(), 254_626);
            dict
        })
    });

    let dict = bundled::load(Lang::En).unwrap();
    let solver = Solver::new(&dict, SolveOptions::default());
    let board = Board::parse("ezmrnubeslospaon", &Normalizer::default()).unwrap();
    let mut scratch = Scratch::default();
    c.bench_function("one 4x4 board", |b| {
        b.iter(|| {
            let solution = solver.solve_with(black_box(&board), &mut scratch);
            assert_eq!(solution.words.len(), 180);
            solution
        })
    });

    let boards = random_boards(10_000);
    let expected = count_words(&solve_sequential(&solver, &boards));
    let mut group = c.benchmark_group("10000 random 4x4 boards");
    group.sample_size(20);
    group.bench_function("1 thread", |b| {
        b.iter(|| {
            assert_eq!(
                count_words(&solve_sequential(&solver, black_box(&boards))),
                expected
            )
        })
    });
    // The server's way: a step budget and a deadline, neither reached.
    group.bench_function("1 thread, with a budget and a deadline", |b| {
        b.iter(|| {
            let far = Instant::now() + Duration::from_secs(3600);
            let mut scratch = Scratch::default();
            let words: usize = black_box(&boards)
                .iter()
                .map(|board| {
                    solver
                        .solve_within_deadline(board, &mut scratch, 50_000_000, far)
                        .unwrap()
                        .words
                        .len()
                })
                .sum();
            assert_eq!(words, expected)
        })
    });
    group.bench_function(format!("{} threads", rayon::current_num_threads()), |b| {
        b.iter(|| {
            assert_eq!(
                count_words(&solve_parallel(&solver, black_box(&boards))),
                expected
            )
        })
    });
    group.finish();

    // Every prefix of 26 `a` is on a 5×5 board of `a`, the word is not:
    // the search would walk every path of the board, and the budget ends it.
    let long = Dictionary::from_words(["a".repeat(26)], Normalizer::default()).unwrap();
    let solver = Solver::new(&long, SolveOptions::default());
    let board = Board::parse(&"a".repeat(25), &Normalizer::default()).unwrap();
    const STEPS: u64 = 1_000_000;
    c.bench_function("a search that cannot be pruned, 1,000,000 steps", |b| {
        b.iter(|| {
            let result = solver.solve_within(black_box(&board), &mut scratch, STEPS);
            assert_eq!(result, Err(BudgetExceeded { max_steps: STEPS }));
        })
    });
    c.bench_function(
        "a search that cannot be pruned, 1,000,000 steps, with a deadline",
        |b| {
            b.iter(|| {
                let far = Instant::now() + Duration::from_secs(3600);
                let result =
                    solver.solve_within_deadline(black_box(&board), &mut scratch, STEPS, far);
                assert_eq!(result, Err(BudgetExceeded { max_steps: STEPS }));
            })
        },
    );
}

criterion_group!(solve, benches);
criterion_main!(solve);
