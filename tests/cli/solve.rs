//! Tests of `boggle solve`: every format, several boards, stdin batches,
//! errors and exit codes (SPEC §6, §7, §10), the golden board.

use crate::util::{boggle, run, run_command, run_with_stdin, spawn};

const BOARD: &str = "ezmrnubeslospaon";

/// The golden board's words and scores, computed by an independent Python
/// search (tests/golden/independent_solver.py) over the bundled list.
const GOLDEN: &str = include_str!("../golden/ezmrnubeslospaon.txt");

#[test]
fn golden_board_text() {
    let stdout = run(&["solve", BOARD]).success().to_owned();
    let mut lines: Vec<&str> = stdout.lines().collect();
    assert_eq!(lines.pop(), Some("180 words, 274 points"));
    let words: Vec<String> = lines
        .iter()
        .map(|line| line.split_whitespace().collect::<Vec<_>>().join(" "))
        .collect();
    let golden: Vec<&str> = GOLDEN.lines().collect();
    assert_eq!(words, golden);
}

#[test]
fn golden_board_every_form_of_the_board() {
    let expected = run(&["solve", BOARD, "--format", "summary"])
        .success()
        .to_owned();
    assert_eq!(expected, "ezmr/nube/slos/paon\t180\t274\n");
    for form in [
        "ezmr/nube/slos/paon",
        "E Z M R N U B E S L O S P A O N",
        "e,z,m,r/n,u,b,e/s,l,o,s/p,a,o,n",
    ] {
        assert_eq!(
            run(&["solve", form, "--format", "summary"]).success(),
            expected,
            "{form}"
        );
    }
}

#[test]
fn json_is_one_document() {
    let stdout = run_with_stdin(
        &["solve", "--format", "json"],
        format!("{BOARD}\n").as_bytes(),
    )
    .success()
    .to_owned();
    assert_eq!(stdout.lines().count(), 1);
    let value: serde_json::Value = serde_json::from_str(&stdout).unwrap();
    assert_eq!(value["board"], "ezmr/nube/slos/paon");
    assert_eq!(value["rows"], 4);
    assert_eq!(value["cols"], 4);
    assert_eq!(value["rules"], "classic");
    assert_eq!(value["count"], 180);
    assert_eq!(value["score"], 274);
    assert_eq!(value["words"][0]["word"], "embolus");
    assert_eq!(value["words"][0]["score"], 5);
    assert!(value["words"][0].get("path").is_none());
}

#[test]
fn json_paths_spell_the_words() {
    let stdout = run(&["solve", BOARD, "--format", "json", "--paths"])
        .success()
        .to_owned();
    let value: serde_json::Value = serde_json::from_str(&stdout).unwrap();
    let words = value["words"].as_array().unwrap();
    assert_eq!(words.len(), 180);
    let grid: Vec<char> = BOARD.chars().collect();
    for word in words {
        let path = word["path"].as_array().unwrap();
        let mut spelled = String::new();
        let mut cells = Vec::new();
        for step in path {
            let (row, col) = (step[0].as_u64().unwrap(), step[1].as_u64().unwrap());
            if let Some(&(r, c)) = cells.last() {
                assert!(
                    row.abs_diff(r) <= 1 && col.abs_diff(c) <= 1,
                    "{word}: not adjacent"
                );
            }
            assert!(!cells.contains(&(row, col)), "{word}: a cell used twice");
            cells.push((row, col));
            spelled.push(grid[(row * 4 + col) as usize]);
        }
        assert_eq!(spelled, word["word"].as_str().unwrap());
    }
}

#[test]
fn text_paths() {
    let stdout = run(&["solve", BOARD, "--paths", "--lengths", "7"])
        .success()
        .to_owned();
    // embolus: e(1,3) m(0,2) b(1,2) o(2,2) l(2,1) u(1,1) s(2,0), checked on the grid by hand.
    assert!(
        stdout.starts_with(" 5 embolus 1,3 0,2 1,2 2,2 2,1 1,1 2,0\n"),
        "{stdout}"
    );
}

#[test]
fn words_format_and_sorting() {
    let alpha = run(&["solve", BOARD, "--format", "words", "--sort", "alpha"])
        .success()
        .to_owned();
    let words: Vec<&str> = alpha.lines().collect();
    let mut sorted = words.clone();
    sorted.sort();
    assert_eq!(words, sorted);
    assert_eq!(words.len(), 180);

    let by_length = run(&["solve", BOARD, "--format", "words", "--sort", "length"])
        .success()
        .to_owned();
    let words: Vec<&str> = by_length.lines().collect();
    let mut sorted = words.clone();
    sorted.sort_by_key(|w| (w.len(), *w));
    assert_eq!(words, sorted);
}

#[test]
fn lengths_filter() {
    let stdout = run(&["solve", BOARD, "--format", "words", "--lengths", "3,6,7"])
        .success()
        .to_owned();
    let golden: Vec<&str> = GOLDEN
        .lines()
        .map(|line| line.split(' ').nth(1).unwrap())
        .filter(|w| [3, 6, 7].contains(&w.len()))
        .collect();
    let mut words: Vec<&str> = stdout.lines().collect();
    let mut expected = golden.clone();
    words.sort();
    expected.sort();
    assert_eq!(words, expected);

    let stdout = run(&[
        "solve",
        BOARD,
        "--format",
        "summary",
        "--min-len",
        "6",
        "--max-len",
        "6",
    ])
    .success()
    .to_owned();
    let sixes = GOLDEN
        .lines()
        .filter(|line| line.len() == "3 ".len() + 6)
        .count();
    assert_eq!(
        stdout,
        format!("ezmr/nube/slos/paon\t{sixes}\t{}\n", sixes * 3)
    );
}

#[test]
fn rules() {
    // The same 4x4 board under big rules loses its 3-letter words.
    let threes = GOLDEN
        .lines()
        .filter(|line| line.len() == "1 ".len() + 3)
        .count();
    let stdout = run(&["solve", BOARD, "--format", "summary", "--rules", "big"])
        .success()
        .to_owned();
    assert_eq!(
        stdout,
        format!("ezmr/nube/slos/paon\t{}\t{}\n", 180 - threes, 274 - threes)
    );
    let json = run(&["solve", BOARD, "--format", "json", "--rules", "superbig"])
        .success()
        .to_owned();
    assert!(json.contains("\"rules\":\"superbig\""));
    let five = run(&["solve", "abcde/fghij/klmno/pqrst/uvwxy", "--format", "json"])
        .success()
        .to_owned();
    assert!(five.contains("\"rules\":\"big\""));
}

#[test]
fn several_boards_as_arguments() {
    let stdout = run(&[
        "solve",
        "ca/xt",
        "do/gx",
        "--dict",
        "tests/golden/small.txt",
    ])
    .success()
    .to_owned();
    assert_eq!(
        stdout,
        "# ca/xt\n 1 act\n 1 cat\n2 words, 2 points\n\n# do/gx\n 1 dog\n1 word, 1 point\n"
    );
    let words = run(&[
        "solve",
        "ca/xt",
        "do/gx",
        "--dict",
        "tests/golden/small.txt",
        "--format",
        "words",
    ])
    .success()
    .to_owned();
    assert_eq!(words, "act\ncat\n\ndog\n");
    let json = run(&[
        "solve",
        "ca/xt",
        "do/gx",
        "--dict",
        "tests/golden/small.txt",
        "--format",
        "json",
    ])
    .success()
    .to_owned();
    assert_eq!(json.lines().count(), 2);
}

#[test]
fn stdin_batch_keeps_order_with_a_bad_line() {
    let input = b"ca/xt\nxx\nbad1\n\n# a comment\ndo/gx\n";
    let result = run_with_stdin(
        &[
            "solve",
            "--dict",
            "tests/golden/small.txt",
            "--format",
            "summary",
        ],
        input,
    );
    assert_eq!(result.code, 1);
    assert_eq!(
        result.stdout,
        "ca/xt\t2\t2\nxx\terror\t2 tiles do not make a square board (expected 1 or 4), or separate the rows with '/'\n\
         bad1\terror\tcolumn 4: unexpected character '1' (tiles are letters, '.', '*' or '[..]')\ndo/gx\t1\t1\n"
    );
    assert_eq!(result.stderr.lines().count(), 2);
    assert!(result.stderr.starts_with("boggle: line 2: 2 tiles"));
    assert!(
        result
            .stderr
            .contains("boggle: line 3: column 4: unexpected character '1'")
    );

    let json = run_with_stdin(
        &[
            "solve",
            "--dict",
            "tests/golden/small.txt",
            "--format",
            "json",
        ],
        input,
    );
    assert_eq!(json.code, 1);
    let records: Vec<serde_json::Value> = json
        .stdout
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    assert_eq!(records.len(), 4);
    assert_eq!(records[0]["board"], "ca/xt");
    assert_eq!(records[1]["line"], 2);
    assert_eq!(records[1]["input"], "xx");
    assert_eq!(records[2]["line"], 3);
    assert_eq!(records[3]["board"], "do/gx");

    let text = run_with_stdin(&["solve", "--dict", "tests/golden/small.txt"], input);
    assert_eq!(text.code, 1);
    assert_eq!(
        text.stdout,
        "# ca/xt\n 1 act\n 1 cat\n2 words, 2 points\n\n# do/gx\n 1 dog\n1 word, 1 point\n"
    );
}

#[test]
fn stdin_dash_and_crlf() {
    let result = run_with_stdin(
        &["solve", "-", "--format", "summary"],
        b"\xEF\xBB\xBFezmrnubeslospaon\r\n",
    );
    assert_eq!(result.success(), "ezmr/nube/slos/paon\t180\t274\n");
}

#[test]
fn usage_errors_exit_2() {
    run(&["solve", "ab1d"]).fails(2, "board 'ab1d': column 3: unexpected character '1'");
    run(&["solve", "abcde"]).fails(2, "board 'abcde': 5 tiles do not make a square board");
    run(&["solve", BOARD, "--bogus"]).fails(2, "unexpected argument '--bogus'");
    run(&["solve", BOARD, "--format", "xml"])
        .fails(2, "invalid value 'xml' for '--format <FORMAT>'");
    run(&["solve", BOARD, "--lengths", "a,b"])
        .fails(2, "invalid value 'a,b' for '--lengths <LIST>'");
    run(&["solve", BOARD, "--lengths", "0"]).fails(2, "invalid value '0' for '--lengths <LIST>'");
    run(&["solve", BOARD, "--threads", "0"]).fails(2, "invalid value '0' for '--threads <N>'");
    run(&["solve", BOARD, "--min-len", "0"]).fails(2, "invalid value '0' for '--min-len <N>'");
    run(&["solve", BOARD, "--rules", "huge"])
        .fails(2, "invalid value 'huge' for '--rules <RULES>'");
    run(&["solve", BOARD, "-"]).fails(2, "'-' (standard input) must be the only BOARD");
    run(&["frobnicate"]).fails(2, "unrecognized subcommand 'frobnicate'");
}

#[test]
fn data_errors_exit_1() {
    run(&["solve", BOARD, "--dict", "tests/golden/no-such-file.txt"])
        .fails(1, "dictionary 'tests/golden/no-such-file.txt': ");
    run_with_stdin(&["solve"], b"[\n").fails(1, "line 1: column 1: '[' without a closing ']'");
}

#[test]
fn no_word_is_success() {
    assert_eq!(run(&["solve", "xxxx"]).success(), "0 words, 0 points\n");
    assert_eq!(run_with_stdin(&["solve"], b"").success(), "");
}

#[test]
fn thread_count_does_not_change_output() {
    let boards: String = [
        "ezmrnubeslospaon",
        "reibtmfwiraerhst",
        "qasd/ferg/*bnm/.lop",
        "[th]esr/inga/stro",
    ]
    .iter()
    .map(|b| format!("{b}\n"))
    .collect();
    let one = run_with_stdin(
        &["solve", "--format", "json", "--paths", "-j", "1"],
        boards.as_bytes(),
    );
    let two = run_with_stdin(
        &["solve", "--format", "json", "--paths", "-j", "4"],
        boards.as_bytes(),
    );
    assert_eq!(one.success(), two.success());
    // A board large enough to be split over start cells.
    let big: String = (0..40)
        .map(|r| {
            "ezmrnubeslospaonreibtmfwiraerhstabcdefgh"[r..]
                .chars()
                .chain("ezmrnubeslospaonreibtmfwiraerhstabcdefgh"[..r].chars())
                .collect::<String>()
        })
        .collect::<Vec<_>>()
        .join("/");
    let one = run(&["solve", &big, "--format", "json", "--paths", "-j", "1"]);
    let four = run(&["solve", &big, "--format", "json", "--paths", "-j", "4"]);
    assert_eq!(one.success(), four.success());
}

#[test]
fn closed_pipe_exits_quietly() {
    use std::io::{Read, Write};
    let mut child = spawn(&["solve", "--format", "summary"]);
    let mut stdin = child.stdin.take().unwrap();
    let feeder = std::thread::spawn(move || {
        let line = format!("{BOARD}\n");
        for _ in 0..200_000 {
            if stdin.write_all(line.as_bytes()).is_err() {
                break;
            }
        }
    });
    // Read one line, as `| head -1` does, then close the pipe.
    let mut stdout = child.stdout.take().unwrap();
    let mut first = [0u8; 24];
    stdout.read_exact(&mut first).unwrap();
    assert_eq!(&first, b"ezmr/nube/slos/paon\t180\t");
    drop(stdout);
    let output = child.wait_with_output().unwrap();
    feeder.join().unwrap();
    assert_eq!(output.status.code(), Some(0));
    assert_eq!(String::from_utf8_lossy(&output.stderr), "");
}

#[test]
fn help_has_examples() {
    let mut command = boggle();
    command.args(["solve", "--help"]);
    let stdout = run_command(&mut command, b"").success().to_owned();
    assert!(stdout.contains("Examples:\n  boggle solve ezmrnubeslospaon"));
}

/// Every count is singular for one: the word lists's report, `dict info`,
/// `stats`, the text format's last line.
#[test]
fn counts_are_singular_for_one() {
    let temp = crate::temp::TempDir::new("plurals");
    let list = temp.file("words.txt", b"cat\ncat\ndo-g\n");
    let list = list.to_str().unwrap();
    let verbose = run(&["solve", "ca/xt", "--dict", list, "--no-cache", "--verbose"]);
    assert_eq!(verbose.stdout, " 1 cat\n1 word, 1 point\n");
    assert!(
        verbose.stderr.contains(
            "1 word kept; skipped: 1 not all letters, 0 longer than 64 letters, 1 duplicate\n"
        ),
        "{}",
        verbose.stderr
    );
    let info = run(&["dict", "info", list]).success().to_owned();
    assert!(info.contains(", 1 duplicate\n"), "{info}");
    let stats = run(&["stats", "-n", "1", "--seed", "3"])
        .success()
        .to_owned();
    assert!(
        stats.starts_with("1 board, new dice (4x4), seed 3"),
        "{stats}"
    );
}
