//! What rebuilding a class's tree (`REBUILD_ABOVE` in `src/prove`) buys
//! and costs, on one thread:
//!
//! 1. the bounds of the first-split class of a board with its cells fixed
//!    one by one in the fixing order, by forcing and by rebuilding;
//! 2. the search of that class with its first D cells fixed, for each
//!    threshold (`T`: rebuilding while a bound is above T times the
//!    target; `T@F`: the same, once F cells are fixed by merging; `never`
//!    forces only), one after another, `RUNS` times;
//! 3. a part of the 3×4 proof, the same way.
//!
//! Run as:
//!
//!     cargo bench --bench prove_rebuild -- [WORDS]   # default ../shared/wordlists/enable2k.txt
//!     RUNS=3 DEPTHS=2,3 THRESHOLDS=never,5,5@2 cargo bench --bench prove_rebuild
//!
//! Every search of a class must find the same boards whatever the
//! threshold; the bench stops if one does not. Times are wall time on one
//! thread; the header names the date, commit, machine and load.

use std::sync::Mutex;
use std::time::Instant;

use boggle::prove::tree::{End16, TreeBuilder};
use boggle::prove::{DEFAULT_LETTERS, Part, ProveConfig, Prover};
use boggle::scored::ScoredBoard;
use boggle::{Dictionary, Normalizer, Rules};

/// The best 4×4 board for ENABLE2K, and the target of its proof.
const BOARD_4X4: &str = "perslatgsineters";
const TARGET_4X4: u64 = 3625;
/// The 3×4 proof's target and the part searched.
const TARGET_3X4: u64 = 1651;
const PART_3X4: &str = "7/1025";

fn env_list(name: &str, default: &str) -> Vec<String> {
    std::env::var(name)
        .unwrap_or_else(|_| default.to_owned())
        .split(',')
        .map(str::to_owned)
        .collect()
}

/// A threshold as `THRESHOLDS` names it: `never`, `T` (rebuilding while
/// bounds are above T times the target) or `T@F` (the same once F cells
/// are fixed), as (times, from).
fn threshold(name: &str) -> (u64, usize) {
    let bad = "THRESHOLDS: 'never', T or T@F, with T and F whole numbers";
    if name == "never" {
        return (u64::MAX, 0);
    }
    let (times, from) = name.split_once('@').unwrap_or((name, "0"));
    (times.parse().expect(bad), from.parse().expect(bad))
}

fn prover(dict: &Dictionary, rows: usize, cols: usize, min_score: u64) -> Prover {
    let config = ProveConfig {
        rows,
        cols,
        letters: DEFAULT_LETTERS.chars().collect(),
        rules: Rules::Classic,
        min_score,
    };
    Prover::new(dict, config).expect("a proof")
}

fn median(mut seconds: Vec<f64>) -> f64 {
    seconds.sort_by(f64::total_cmp);
    seconds[seconds.len() / 2]
}

fn main() {
    let args: Vec<String> = std::env::args()
        .skip(1)
        .filter(|a| a != "--bench")
        .collect();
    let words = args
        .first()
        .cloned()
        .unwrap_or_else(|| "../shared/wordlists/enable2k.txt".to_owned());
    let runs: usize = std::env::var("RUNS").map_or(1, |runs| runs.parse().expect("RUNS"));
    let depths: Vec<usize> = env_list("DEPTHS", "3,2")
        .iter()
        .map(|depth| depth.parse().expect("DEPTHS"))
        .collect();
    let thresholds = env_list("THRESHOLDS", "never,5");
    let text = std::fs::read_to_string(&words).expect("the word list");
    let dict = Dictionary::from_words(text.lines(), Normalizer::default()).expect("words");
    let output = |program: &str, args: &[&str]| {
        std::process::Command::new(program)
            .args(args)
            .output()
            .map(|out| String::from_utf8_lossy(&out.stdout).trim().to_owned())
            .unwrap_or_default()
    };
    let cpuinfo = std::fs::read_to_string("/proc/cpuinfo").unwrap_or_default();
    let model = cpuinfo
        .lines()
        .find_map(|line| line.strip_prefix("model name"))
        .map_or("", |rest| rest.trim_start_matches([' ', '\t', ':']));
    println!(
        "date: {}; commit: {}; machine: {} cores, {model}; load: {}",
        output("date", &["-u", "+%Y-%m-%d %H:%M UTC"]),
        output("git", &["describe", "--always", "--dirty"]),
        std::thread::available_parallelism().map_or(0, |n| n.get()),
        std::fs::read_to_string("/proc/loadavg")
            .unwrap_or_default()
            .split(' ')
            .take(3)
            .collect::<Vec<_>>()
            .join(" "),
    );
    println!("words: {words}, {} words; runs: {runs}", dict.word_count());

    // 1. Bounds, forced and rebuilt, cell by cell.
    let mut proof = prover(&dict, 4, 4, TARGET_4X4);
    let board: Vec<u8> = BOARD_4X4.bytes().map(|b| b - b'a').collect();
    let class = proof.class_around(&board, 0).expect("a 4x4 board");
    let mut tree = TreeBuilder::<End16>::default();
    let built = tree
        .build(proof.grid(), proof.lexicon(), &class, usize::MAX)
        .expect("a tree");
    tree.keep_paths(proof.grid(), proof.lexicon(), &class);
    println!("\nthe class of {BOARD_4X4}, its cells fixed in order: the bound");
    println!("{:>5} {:>8} {:>8}", "fixed", "forced", "rebuilt");
    println!("{:>5} {:>8} {:>8}", 0, tree.value(built), tree.value(built));
    let (mut forced, mut narrow) = (built, class.clone());
    let mut depth = 0;
    for &cell in &proof.grid().order {
        if narrow[cell].count_ones() == 1 {
            continue;
        }
        let letter = u32::from(board[cell]);
        narrow[cell] = 1 << letter;
        forced = tree.force(forced, cell, letter);
        let rebuilt = tree.force_rebuilt(depth, cell, letter);
        depth += 1;
        println!(
            "{depth:>5} {:>8} {:>8}",
            tree.value(forced),
            tree.value(rebuilt)
        );
    }

    // 2. Searches of the class with its first cells fixed.
    println!("\nthe class of {BOARD_4X4} with its first D cells fixed, proving {TARGET_4X4}");
    println!(
        "{:>2} {:>9} {:>10} {:>12} {:>7}",
        "D", "rebuild", "median s", "bounds", "boards"
    );
    for &fixed in &depths {
        let class = proof.class_around(&board, fixed).expect("a 4x4 board");
        compare(
            &mut proof,
            &thresholds,
            runs,
            &format!("{fixed:>2} "),
            |proof| {
                let report = proof.search_set(&class).expect("a class");
                (report.bounds, report.boards)
            },
        );
    }

    // 3. A part of the 3×4 proof.
    let part: Part = PART_3X4.parse().expect("a part");
    let mut proof = prover(&dict, 3, 4, TARGET_3X4);
    println!("\npart {part} of the 3x4 proof, proving {TARGET_3X4}");
    println!(
        "{:>9} {:>10} {:>12} {:>7}",
        "rebuild", "median s", "bounds", "boards"
    );
    compare(&mut proof, &thresholds, runs, "", |proof| {
        let (bounds, boards) = (Mutex::new(0u64), Mutex::new(Vec::new()));
        let pool = rayon::ThreadPoolBuilder::new()
            .num_threads(1)
            .build()
            .expect("a pool");
        pool.install(|| {
            proof.run(part, &|_| false, &|report| {
                *bounds.lock().unwrap() += report.bounds;
                boards.lock().unwrap().extend(report.boards);
            })
        });
        let mut boards = boards.into_inner().unwrap();
        boards.sort_unstable();
        (bounds.into_inner().unwrap(), boards)
    });
}

/// Runs `search` at each threshold in turn, `runs` times over, and prints
/// a line per threshold after `lead`: the median time, the bound
/// computations and the boards found, which must be the same at every
/// threshold.
fn compare(
    proof: &mut Prover,
    thresholds: &[String],
    runs: usize,
    lead: &str,
    search: impl Fn(&Prover) -> (u64, Vec<ScoredBoard>),
) {
    let mut seconds = vec![Vec::new(); thresholds.len()];
    let mut found = vec![(0, Vec::new()); thresholds.len()];
    for _ in 0..runs {
        for (index, name) in thresholds.iter().enumerate() {
            let (times, from) = threshold(name);
            proof.set_rebuild(times, from);
            let start = Instant::now();
            found[index] = search(proof);
            seconds[index].push(start.elapsed().as_secs_f64());
        }
    }
    for (index, name) in thresholds.iter().enumerate() {
        assert_eq!(
            found[index].1, found[0].1,
            "the same boards at every threshold"
        );
        println!(
            "{lead}{name:>9} {:>10.1} {:>12} {:>7}",
            median(seconds[index].clone()),
            found[index].0,
            found[index].1.len()
        );
    }
}
