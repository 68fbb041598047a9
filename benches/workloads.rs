//! The library part of each row of the README's performance table: uniform
//! and dice-rolled 4×4 boards summarised on one thread and on two, one board
//! with the bundled list loaded, a 1000×1000 board split over the cells,
//! and a 250k-word list loaded from text (writing its cache entry) and
//! from its mapped cache entry. The whole-process figures come from `benches/cli.sh`.
//!
//! Every row asserts the word counts it produces against a plain sequential
//! solve done once beforehand, so a broken fast path cannot look fast.

use std::hint::black_box;

use boggle::dict::bundled::{self, Lang};
use boggle::dict::cache::{CacheDir, CacheStatus};
use boggle::{Board, BoardRng, DiceSet, Normalizer, Roller, Scratch, SolveOptions, Solver};
use criterion::{BatchSize, Criterion, criterion_group, criterion_main};
use rayon::prelude::*;

/// `n` boards rolled with `dice` at `size` from seed `seed`, as
/// `boggle random --dice D --size RxC --seed S -n N` rolls them.
fn roll(dice: DiceSet, size: (usize, usize), seed: u64, n: usize) -> Vec<Board> {
    let roller = Roller::new(dice, Some(size)).unwrap();
    let mut rng = BoardRng::new(seed);
    (0..n).map(|_| roller.roll(&mut rng)).collect()
}

/// The total word count and score of `boards`, summarised on this thread.
fn summarize(solver: &Solver, boards: &[Board]) -> (usize, u64) {
    let mut scratch = Scratch::default();
    boards.iter().fold((0, 0), |(count, score), board| {
        let summary = solver.summarize_with(board, &mut scratch);
        (count + summary.count, score + summary.score)
    })
}

/// The same, with the boards split over the current rayon pool.
fn summarize_parallel(solver: &Solver, boards: &[Board]) -> (usize, u64) {
    boards
        .par_chunks(256)
        .map_init(Scratch::default, |scratch, chunk| {
            chunk.iter().fold((0, 0), |(count, score), board| {
                let summary = solver.summarize_with(board, scratch);
                (count + summary.count, score + summary.score)
            })
        })
        .reduce(|| (0, 0), |a, b| (a.0 + b.0, a.1 + b.1))
}

/// The total word count and score by full solutions, the reference.
fn reference(solver: &Solver, boards: &[Board]) -> (usize, u64) {
    boards.iter().fold((0, 0), |(count, score), board| {
        let solution = solver.solve(board);
        (count + solution.words.len(), score + solution.score())
    })
}

fn batches(c: &mut Criterion) {
    let dict = bundled::load(Lang::En).unwrap();
    let solver = Solver::new(&dict, SolveOptions::default());
    let two = rayon::ThreadPoolBuilder::new()
        .num_threads(2)
        .build()
        .unwrap();
    for (name, dice) in [("uniform", DiceSet::Uniform), ("new dice", DiceSet::New)] {
        let boards = roll(dice, (4, 4), 1, 10_000);
        let expected = reference(&solver, &boards);
        let mut group = c.benchmark_group(format!("10000 {name} 4x4 boards, summary"));
        group.sample_size(20);
        group.bench_function("1 thread", |b| {
            b.iter(|| assert_eq!(summarize(&solver, black_box(&boards)), expected))
        });
        group.bench_function("2 threads", |b| {
            b.iter(|| {
                two.install(|| {
                    assert_eq!(summarize_parallel(&solver, black_box(&boards)), expected)
                })
            })
        });
        group.finish();
    }
}

fn one_board(c: &mut Criterion) {
    let board = Board::parse("ezmrnubeslospaon", &Normalizer::default()).unwrap();
    c.bench_function("one board, bundled list loaded each time", |b| {
        b.iter(|| {
            let dict = bundled::load(Lang::En).unwrap();
            let solver = Solver::new(&dict, SolveOptions::default());
            // 180: the words of tests/golden/ezmrnubeslospaon.txt, listed by an
            // independent solver.
            assert_eq!(solver.solve(black_box(&board)).words.len(), 180);
        })
    });
}

fn big_board(c: &mut Criterion) {
    let dict = bundled::load(Lang::En).unwrap();
    let solver = Solver::new(&dict, SolveOptions::default());
    let board = roll(DiceSet::Uniform, (1000, 1000), 1, 1).remove(0);
    let expected = solver.solve(&board).words.len();
    let two = rayon::ThreadPoolBuilder::new()
        .num_threads(2)
        .build()
        .unwrap();
    let mut group = c.benchmark_group("one 1000x1000 uniform board");
    group.sample_size(10);
    group.bench_function("2 threads", |b| {
        b.iter(|| two.install(|| assert_eq!(solver.solve_parallel(&board).words.len(), expected)))
    });
    group.finish();
}

/// The `--dict` rows: a 250k-word text list loaded through a cache in a
/// temporary directory, emptied before each first run and kept for the
/// cached runs.
fn dictionaries(c: &mut Criterion) {
    let dir = std::env::temp_dir().join(format!("boggle-bench-cache-{}", std::process::id()));
    let list = dir.join("words.txt");
    std::fs::create_dir_all(&dir).unwrap();
    std::fs::write(&list, include_str!("../dictionaries/en.txt")).unwrap();
    let cache = CacheDir::new(dir.join("cache"));
    let load = |expected: CacheStatus| {
        let cached = cache
            .load(black_box(&list), None, Normalizer::default())
            .unwrap();
        assert_eq!(cached.status, expected);
        assert_eq!(cached.dict.word_count(), 254_626);
        cached
    };
    let mut group = c.benchmark_group("250k-word list");
    group.sample_size(10);
    group.bench_function("from text, entry written (first run)", |b| {
        b.iter_batched(
            || {
                let _ = std::fs::remove_dir_all(cache.dir());
            },
            |()| load(CacheStatus::Written),
            BatchSize::PerIteration,
        )
    });
    group.bench_function("from its mapped entry (cached run)", |b| {
        b.iter(|| load(CacheStatus::Hit))
    });
    group.finish();
    let _ = std::fs::remove_dir_all(&dir);
}

criterion_group!(workloads, batches, one_board, big_board, dictionaries);
criterion_main!(workloads);
