//! `boggle best`: the boards it prints score what it says (checked by
//! `boggle solve`), the optimum of a small board is found, the same seed and
//! rounds print the same bytes on any number of threads, Ctrl-C prints the
//! best so far, and bad options are one-line errors.

use std::io::{BufRead, BufReader};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

use crate::temp::TempDir;
use crate::util::{boggle, run, run_with_stdin};

const WORDS: &str = "rat\ntar\nart\nstar\nrats\narts\ntsar\nsat\neat\ntea\nate\neast\nseat\n\
teas\nrest\ntres\naster\nrates\nstare\ntears\nears\neras\nsear\nrate\ntear\ntare\nsea\nset\n\
tee\ntees\nease\nerase\nterse\ntrees\nsteer\nreset\nester\ntaste\ntreat\nstate\nstat\ntart\n\
start\nstreet\n";

/// `boggle best` on the small list with `args`, bounded by rounds.
fn best(dict: &str, args: &[&str]) -> String {
    let mut all = vec!["best", "--dict", dict, "--rules", "classic", "--quiet"];
    all.extend_from_slice(args);
    run(&all).success().to_owned()
}

#[test]
fn printed_boards_score_what_solve_says_and_the_optimum_is_found() {
    let temp = TempDir::new("best-optimum");
    let dict = temp.file("words.txt", WORDS.as_bytes());
    let dict = dict.to_str().unwrap();
    // Every 2x3 board over a e r s t, scored by `boggle solve`.
    let letters = ['a', 'e', 'r', 's', 't'];
    let mut boards = String::new();
    for mut number in 0..letters.len().pow(6) {
        let mut board = String::new();
        for cell in 0..6 {
            if cell == 3 {
                board.push('/');
            }
            board.push(letters[number % 5]);
            number /= 5;
        }
        boards.push_str(&board);
        boards.push('\n');
    }
    let solved = run_with_stdin(
        &[
            "solve", "--dict", dict, "--rules", "classic", "--format", "summary",
        ],
        boards.as_bytes(),
    );
    let optimum = solved
        .success()
        .lines()
        .map(|line| line.rsplit('\t').next().unwrap().parse::<u64>().unwrap())
        .max()
        .unwrap();
    assert!(optimum > 0);
    let out = best(
        dict,
        &[
            "--size",
            "2x3",
            "--letters",
            "aerst",
            "--rounds",
            "80",
            "--pool",
            "20",
            "--seed",
            "5",
        ],
    );
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(lines.len(), 10, "{out}");
    let top: u64 = lines[0].rsplit('\t').next().unwrap().parse().unwrap();
    assert_eq!(top, optimum, "{out}");
    // Each line is what `boggle solve` prints for its board.
    for line in &lines {
        let board = line.split('\t').next().unwrap();
        let solved = run(&[
            "solve", "--dict", dict, "--rules", "classic", "--format", "summary", board,
        ]);
        assert_eq!(solved.success().trim_end(), *line);
    }
}

#[test]
fn the_same_seed_and_rounds_print_the_same_bytes_on_one_and_two_threads() {
    let temp = TempDir::new("best-threads");
    let dict = temp.file("words.txt", WORDS.as_bytes());
    let dict = dict.to_str().unwrap();
    for format in ["summary", "json"] {
        let args = |threads| {
            best(
                dict,
                &[
                    "--size",
                    "3x3",
                    "--letters",
                    "aerst",
                    "--rounds",
                    "15",
                    "--seed",
                    "11",
                    "--top",
                    "25",
                    "--format",
                    format,
                    "-j",
                    threads,
                ],
            )
        };
        let one = args("1");
        assert_eq!(one.lines().count(), 25, "{one}");
        assert_eq!(one, args("2"));
    }
}

#[test]
fn progress_and_seed_go_to_stderr() {
    let temp = TempDir::new("best-progress");
    let dict = temp.file("words.txt", WORDS.as_bytes());
    let out = run(&[
        "best",
        "--dict",
        dict.to_str().unwrap(),
        "--size",
        "2x2",
        "--letters",
        "aerst",
        "--rounds",
        "5",
        "--top",
        "2",
    ]);
    assert_eq!(out.code, 0, "{}", out.stderr);
    let mut lines = out.stderr.lines();
    assert!(
        lines.next().unwrap().starts_with("seed: "),
        "{}",
        out.stderr
    );
    // Not a terminal: one plain line per better board.
    assert!(
        lines.all(|line| line.contains(": best ") && line.contains("boards/s")),
        "{}",
        out.stderr
    );
    assert_eq!(out.stdout.lines().count(), 2);
}

#[test]
fn ctrl_c_prints_the_best_so_far_and_exits_130() {
    let mut child = boggle()
        .args(["best", "--time", "60s", "--seed", "1"])
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    // Wait for the first board found, then interrupt.
    let mut stderr = BufReader::new(child.stderr.take().unwrap());
    let mut line = String::new();
    while !line.contains(": best ") {
        line.clear();
        assert!(stderr.read_line(&mut line).unwrap() > 0, "no progress");
    }
    let status = Command::new("kill")
        .args(["-INT", &child.id().to_string()])
        .status()
        .unwrap();
    assert!(status.success());
    let start = Instant::now();
    let status = loop {
        if let Some(status) = child.try_wait().unwrap() {
            break status;
        }
        if start.elapsed() > Duration::from_secs(20) {
            let _ = child.kill();
            panic!("still running 20 s after Ctrl-C");
        }
        std::thread::sleep(Duration::from_millis(20));
    };
    assert_eq!(status.code(), Some(130));
    let mut out = String::new();
    std::io::Read::read_to_string(&mut child.stdout.take().unwrap(), &mut out).unwrap();
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(lines.len(), 10, "{out}");
    assert!(
        lines.iter().all(|line| line.split('\t').count() == 3),
        "{out}"
    );
}

#[test]
fn bad_options_are_one_line_errors() {
    run(&["best", "--letters", "ab*", "--rounds", "1"])
        .fails(2, "--letters 'ab*': '*' is not a letter");
    run(&["best", "--dice", "new", "--size", "5x5", "--rounds", "1"])
        .fails(2, "the new dice fill a 4x4 board, not 5x5");
    run(&["best", "--size", "9x9", "--rounds", "1"]).fails(2, "a 9x9 board has more than 64 cells");
    run(&["best", "--time", "0"]).fails(2, "invalid value '0' for '--time");
    run(&["best", "--rounds", "0"]).fails(2, "invalid value '0' for '--rounds");
    run(&["best", "--rounds", "1", "--time", "5s"])
        .fails(2, "the argument '--rounds <N>' cannot be used with");
}
