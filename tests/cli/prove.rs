//! `boggle best --prove` and `--merge`: the proof agrees with solving every
//! board, parts merge into the whole run, a merge refuses missing and
//! repeated parts, and a checkpoint resumes.

use crate::temp::TempDir;
use crate::util::{run, run_with_stdin};

const WORDS: &str = "ate\neat\ntea\nsea\nset\nsat\neast\nseat\nteas\neats\nsate\ntest\ntests\n\
seats\nstate\nstates\ntaste\ntastes\nasset\nassets\ntease\nteases\nestate\nsee\nsees\nease\n\
eases\ntat\ntats\ntee\ntees\n";

/// The board lines of an output, without the summary.
fn boards(output: &str) -> Vec<&str> {
    output
        .lines()
        .filter(|line| !line.starts_with('#'))
        .collect()
}

/// An output without its time line, which differs from run to run.
fn timeless(output: &str) -> String {
    output
        .lines()
        .filter(|line| !line.starts_with("# time:"))
        .map(|line| format!("{line}\n"))
        .collect()
}

#[test]
fn prove_agrees_with_solving_every_board() {
    let dir = TempDir::new("prove-every-board");
    let words = dir.file("words.txt", WORDS.as_bytes());
    let words = words.to_str().unwrap();
    let letters = ['a', 'e', 's', 't'];
    let mut all = String::new();
    for number in 0..256 {
        let tile = |cell: u32| letters[(number >> (2 * cell)) % 4];
        all += &format!("{}{}/{}{}\n", tile(0), tile(1), tile(2), tile(3));
    }
    let solved = run_with_stdin(
        &["solve", "--dict", words, "--format", "summary"],
        all.as_bytes(),
    );
    let solved: Vec<(String, u64)> = solved
        .success()
        .lines()
        .map(|line| {
            let fields: Vec<&str> = line.split('\t').collect();
            (line.to_owned(), fields[2].parse().unwrap())
        })
        .collect();
    let best = solved.iter().map(|(_, score)| *score).max().unwrap();
    let above: Vec<&String> = solved
        .iter()
        .filter(|(_, score)| *score + 1 >= best)
        .map(|(line, _)| line)
        .collect();
    let min_score = (best - 1).to_string();
    let args = [
        "best",
        "--prove",
        "--size",
        "2x2",
        "--letters",
        "aest",
        "--min-score",
        &min_score,
        "--dict",
        words,
    ];
    let proved = run(&args);
    let output = proved.success();
    let lines = boards(output);
    assert!(!lines.is_empty() && lines.len() < above.len(), "{output}");
    for line in &lines {
        assert!(
            above.iter().any(|solved| solved == line),
            "{line} is not what the solver says"
        );
    }
    // Every board above the bound is one of those printed, turned or mirrored.
    let images = |board: &str| {
        let b: Vec<char> = board.chars().filter(|&c| c != '/').collect();
        [
            [0, 1, 2, 3],
            [1, 3, 0, 2],
            [3, 2, 1, 0],
            [2, 0, 3, 1],
            [1, 0, 3, 2],
            [2, 3, 0, 1],
            [0, 2, 1, 3],
            [3, 1, 2, 0],
        ]
        .map(|p| format!("{}{}/{}{}", b[p[0]], b[p[1]], b[p[2]], b[p[3]]))
    };
    for line in above {
        let board = line.split('\t').next().unwrap();
        let printed = lines.iter().filter(|printed| {
            images(board)
                .iter()
                .any(|image| printed.starts_with(&format!("{image}\t")))
        });
        assert_eq!(printed.count(), 1, "{board}");
    }
    assert!(
        output.contains(&format!("\n# optimum: {best} ")),
        "{output}"
    );
    let covered = output
        .lines()
        .find_map(|line| line.strip_prefix("# covered: "))
        .unwrap();
    let (done, total) = covered
        .strip_suffix(" classes")
        .unwrap()
        .split_once(" of ")
        .unwrap();
    assert_eq!(done, total);
}

#[test]
fn without_a_score_the_climb_gives_the_bound() {
    let dir = TempDir::new("prove-climb-bound");
    let words = dir.file("words.txt", WORDS.as_bytes());
    let words = words.to_str().unwrap();
    let size = ["--size", "2x3", "--letters", "aest", "--dict", words];
    // The optimum, from a proof against a bound every board reaches.
    let every = run(&[&["best", "--prove", "--min-score", "1"][..], &size].concat());
    let optimum = every
        .success()
        .lines()
        .find_map(|line| line.strip_prefix("# optimum: "))
        .and_then(|rest| rest.split(' ').next())
        .unwrap()
        .to_owned();
    // A climb of a few rounds finds it on so small a board, and the proof
    // is then made against it.
    let climbed = run(&[
        &["best", "--prove", "--rounds", "20", "--seed", "1"][..],
        &size,
    ]
    .concat());
    assert_eq!(climbed.code, 0, "{}", climbed.stderr);
    let stdout = &climbed.stdout;
    assert!(
        climbed
            .stderr
            .contains(&format!("boggle: proving against {optimum} points")),
        "{}",
        climbed.stderr
    );
    assert!(
        stdout.contains(&format!("# bound: {optimum}\n")),
        "{stdout}"
    );
    assert!(
        stdout.contains(&format!("# optimum: {optimum} ")),
        "{stdout}"
    );
}

#[test]
fn prove_refuses_what_it_cannot_search() {
    run(&["best", "--prove", "--dice", "new"]).fails(2, "--prove searches --letters, not --dice");
    run(&["best", "--min-score", "5"]).fails(2, "the following required arguments");
    run(&["best", "--prove", "--min-score", "5", "--shard", "4/3"]).fails(2, "invalid value '4/3'");
    run(&["best", "--output", "x.txt"]).fails(2, "--output goes with --prove or --merge");
    run(&["best", "--prove", "--min-score", "5", "--size", "6x6"])
        .fails(2, "a proof takes boards of 1 to 25 cells");
    // Without a target, refused before the climb that would find one (its
    // progress and its "proving against" line would make stderr more than
    // one line, after seconds of climbing).
    run(&["best", "--prove", "--size", "6x6"]).fails(2, "a proof takes boards of 1 to 25 cells");
    run(&["best", "--prove", "--size", "2x2", "--letters", "abca"])
        .fails(2, "the letter 'a' is given twice");
}

/// The arguments of a 2×3 proof over a, e, s, t against `min_score`.
fn proof_2x3<'a>(words: &'a str, min_score: &'a str) -> Vec<&'a str> {
    let size = ["--size", "2x3", "--letters", "aest"];
    [
        &["best", "--prove"][..],
        &size,
        &["--min-score", min_score, "--dict", words],
    ]
    .concat()
}

#[test]
fn parts_merge_into_the_whole_run() {
    let dir = TempDir::new("prove-parts");
    let words = dir.file("words.txt", WORDS.as_bytes());
    let words = words.to_str().unwrap();
    let base = proof_2x3(words, "20");
    let whole = run(&base);
    let whole = whole.success();
    assert!(!boards(whole).is_empty(), "{whole}");
    let part = |index: u64, base: &[&str]| {
        let shard = format!("{index}/3");
        let part = run(&[base, &["--shard", &shard]].concat());
        dir.file(
            &format!("part{index}-{}.txt", base[7]),
            part.success().as_bytes(),
        )
    };
    let parts: Vec<_> = (1..=3).map(|index| part(index, &base)).collect();
    let paths: Vec<&str> = parts.iter().map(|path| path.to_str().unwrap()).collect();
    let merged = run(&["best", "--merge", paths[2], paths[0], paths[1]]);
    assert_eq!(timeless(merged.success()), timeless(whole));
    // --output writes the same record to a file, in a folder made for it.
    let file = dir.path().join("merged").join("proof.txt");
    let written = run(&[
        "best",
        "--merge",
        paths[0],
        paths[1],
        paths[2],
        "-o",
        file.to_str().unwrap(),
    ]);
    assert_eq!(written.success(), "");
    let text = std::fs::read_to_string(&file).unwrap();
    assert_eq!(timeless(&text), timeless(whole));

    run(&["best", "--merge", paths[0], paths[1]]).fails(1, "cannot merge: 1 part is missing: 3/3");
    // A part killed before it wrote its output leaves an empty file.
    let empty = dir.file("empty.txt", b"");
    run(&[
        "best",
        "--merge",
        paths[0],
        paths[1],
        empty.to_str().unwrap(),
    ])
    .fails(
        1,
        &format!(
            "cannot merge: 1 part file is empty, so its part did not finish: {}",
            empty.display()
        ),
    );
    run(&["best", "--merge", paths[0], paths[1], paths[1], paths[2]])
        .fails(1, "cannot merge: part 2/3 is given twice");
    let other = part(3, &proof_2x3(words, "21"));
    run(&[
        "best",
        "--merge",
        paths[0],
        paths[1],
        other.to_str().unwrap(),
    ])
    .fails(
        1,
        "cannot merge: parts of different proofs: bound '20' and '21'",
    );
    run(&["best", "--merge", words])
        .fails(1, &format!("'{words}': line 1: a board line without three"));
}

#[test]
fn a_checkpoint_resumes() {
    let dir = TempDir::new("prove-resume");
    let words = dir.file("words.txt", WORDS.as_bytes());
    let checkpoint = dir.path().join("proof.ckpt");
    let mut args = proof_2x3(words.to_str().unwrap(), "20");
    args.extend(["--resume", checkpoint.to_str().unwrap()]);
    let first = run(&args);
    let first = first.success().to_owned();
    let saved = std::fs::read_to_string(&checkpoint).unwrap();
    // Two sets of letters (ae, st) on six cells: 64 classes.
    assert!(saved.contains("\n# done: 0-64\n"), "{saved}");
    // A finished checkpoint: nothing is searched again.
    let again = run(&args);
    assert_eq!(timeless(again.success()), timeless(&first));
    // A checkpoint with nothing done yet: everything is searched.
    let empty: String = saved
        .lines()
        .filter(|line| line.starts_with('#'))
        .map(|line| match line.split_once(": ") {
            Some(("# done", _)) => "# done: \n".to_owned(),
            Some(("# covered", _)) => "# covered: 0 of 64 classes\n".to_owned(),
            Some(("# classes examined" | "# bound computations", _)) => {
                format!("{}: 0\n", line.split_once(": ").unwrap().0)
            }
            _ => format!("{line}\n"),
        })
        .collect();
    std::fs::write(&checkpoint, empty).unwrap();
    let resumed = run(&args);
    assert_eq!(timeless(resumed.success()), timeless(&first));
    // A checkpoint of another proof is refused.
    let other: Vec<&str> = args
        .iter()
        .map(|&arg| if arg == "20" { "19" } else { arg })
        .collect();
    run(&other).fails(
        1,
        &format!(
            "checkpoint '{}': parts of different proofs: bound",
            checkpoint.display()
        ),
    );
}
