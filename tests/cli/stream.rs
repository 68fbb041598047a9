//! Nothing lost (SPEC §7, §10): a million boards streamed through
//! `boggle solve --format summary`, with bad lines, blank lines and comments
//! at known places. Every board line gets exactly one output line, in
//! order; bad lines get their error line in place and their message on
//! standard error; memory stays flat. Input is written from a thread and
//! output read as it comes, so neither side is ever held whole.

use std::io::{BufRead, BufReader, BufWriter, Lines, Write};
use std::process::{ChildStdout, Stdio};

use crate::util::{boggle, run, run_with_stdin, spawn};

/// Good boards streamed.
const BOARDS: usize = 1_000_000;

/// The seed of `boggle random` that rolls them.
const SEED: &str = "20250101";

/// Every this many input lines, a bad line.
const BAD_EVERY: usize = 9973;

/// Every this many input lines, a line that is not a board: a comment or a
/// blank line, which gets no output line.
const SKIPPED_EVERY: usize = 7919;

/// The bad lines, taken in turn, and the message each must get.
const BAD_LINES: [(&[u8], &str); 6] = [
    (
        b"ab1c",
        "column 3: unexpected character '1' (tiles are letters, '.', '*' or '[..]')",
    ),
    (b"[abcd", "column 1: '[' without a closing ']'"),
    (
        b"abc",
        "3 tiles do not make a square board (expected 1 or 4), or separate the rows with '/'",
    ),
    (b"ab\xffcd", "not valid UTF-8"),
    (
        b"*****abcdefghijk",
        "5 wildcard tiles, at most 4 are allowed",
    ),
    (b"ab/c", "column 4: row 2 has 1 tile, expected 2 like row 1"),
];

/// The first this many input lines are solved again with one thread.
const SAMPLE_LINES: usize = 20_000;

/// Every this many good boards, one is solved again on its own.
const SPOT_CHECK_EVERY: usize = 50_000;

/// One input line.
#[derive(Debug)]
enum Line {
    /// A board as `boggle random` prints it, in canonical form.
    Board(String),
    /// A bad line and the message it must get.
    Bad(&'static [u8], &'static str),
    /// A comment or blank line: no output.
    Skipped(&'static [u8]),
}

/// The input, line by line: the same sequence every time it is made.
struct Input {
    boards: Lines<BufReader<ChildStdout>>,
    /// The 1-based number of the last line given.
    number: usize,
}

impl Input {
    fn new() -> Input {
        let mut random = boggle()
            .args(["random", "-n", &BOARDS.to_string(), "--seed", SEED])
            .stdout(Stdio::piped())
            .spawn()
            .unwrap();
        let boards = BufReader::new(random.stdout.take().unwrap()).lines();
        // The process ends when its output is read to the end.
        std::thread::spawn(move || random.wait());
        Input { boards, number: 0 }
    }
}

impl Iterator for Input {
    type Item = (usize, Line);

    fn next(&mut self) -> Option<(usize, Line)> {
        let number = self.number + 1;
        let line = if number % SKIPPED_EVERY == 0 {
            let blank = number / SKIPPED_EVERY % 2 == 0;
            Line::Skipped(if blank { b"  " } else { b"# a comment" })
        } else if number % BAD_EVERY == 0 {
            let (text, message) = BAD_LINES[number / BAD_EVERY % BAD_LINES.len()];
            Line::Bad(text, message)
        } else {
            Line::Board(self.boards.next()?.unwrap())
        };
        self.number = number;
        Some((number, line))
    }
}

impl Line {
    fn bytes(&self) -> &[u8] {
        match self {
            Line::Board(board) => board.as_bytes(),
            Line::Bad(text, _) | Line::Skipped(text) => text,
        }
    }
}

/// Peak resident memory of process `pid` so far, in kB (Linux).
fn peak_rss_kb(pid: u32) -> u64 {
    let status = std::fs::read_to_string(format!("/proc/{pid}/status")).unwrap();
    let line = status
        .lines()
        .find(|line| line.starts_with("VmHWM:"))
        .unwrap_or_else(|| panic!("no VmHWM in {status}"));
    line.split_whitespace().nth(1).unwrap().parse().unwrap()
}

#[test]
fn a_million_boards_nothing_lost() {
    let mut child = spawn(&["solve", "--format", "summary"]);
    let pid = child.id();
    let stdin = child.stdin.take().unwrap();
    let writer = std::thread::spawn(move || {
        let mut stdin = BufWriter::new(stdin);
        for (_, line) in Input::new() {
            stdin.write_all(line.bytes()).unwrap();
            stdin.write_all(b"\n").unwrap();
        }
        stdin.flush().unwrap();
    });
    let mut stderr = child.stderr.take().unwrap();
    let errors = std::thread::spawn(move || {
        let mut text = String::new();
        std::io::Read::read_to_string(&mut stderr, &mut text).unwrap();
        text
    });

    let mut output = BufReader::new(child.stdout.take().unwrap());
    let mut out_line = Vec::new();
    let mut boards = 0;
    let mut expected_errors = String::new();
    let mut sample_input = Vec::new();
    let mut sample_output = Vec::new();
    let mut spot_checks = Vec::new();
    let mut rss_early = None;
    let mut rss_late = None;
    let mut outputs = 0;
    for (number, line) in Input::new() {
        if number <= SAMPLE_LINES {
            sample_input.extend_from_slice(line.bytes());
            sample_input.push(b'\n');
        }
        if let Line::Skipped(_) = line {
            continue;
        }
        out_line.clear();
        output.read_until(b'\n', &mut out_line).unwrap();
        outputs += 1;
        let text = String::from_utf8_lossy(&out_line);
        assert!(
            text.ends_with('\n'),
            "line {number}: output ended early: {text:?}"
        );
        if number <= SAMPLE_LINES {
            sample_output.extend_from_slice(&out_line);
        }
        match &line {
            Line::Board(board) => {
                boards += 1;
                let fields: Vec<&str> = text.trim_end().split('\t').collect();
                let ok = fields.len() == 3
                    && fields[0] == board
                    && fields[1].parse::<u32>().is_ok()
                    && fields[2].parse::<u32>().is_ok();
                assert!(ok, "line {number}: board {board:?} got {text:?}");
                if boards % SPOT_CHECK_EVERY == 1 {
                    spot_checks.push(text.into_owned());
                }
            }
            Line::Bad(input, message) => {
                let input = String::from_utf8_lossy(input);
                assert_eq!(
                    text,
                    format!("{input}\terror\t{message}\n"),
                    "line {number}"
                );
                expected_errors.push_str(&format!("boggle: line {number}: {message}\n"));
            }
            Line::Skipped(_) => unreachable!(),
        }
        // Peak memory after the first ten thousand lines, and near the end
        // (the process must still be running to be measured).
        if outputs == 10_000 {
            rss_early = Some(peak_rss_kb(pid));
        } else if boards == BOARDS - 5_000 && rss_late.is_none() {
            rss_late = Some(peak_rss_kb(pid));
        }
    }
    out_line.clear();
    let rest = output.read_until(b'\n', &mut out_line).unwrap();
    assert_eq!(
        rest,
        0,
        "output after the last line: {:?}",
        String::from_utf8_lossy(&out_line)
    );
    writer.join().unwrap();
    let status = child.wait().unwrap();
    let errors = errors.join().unwrap();
    assert_eq!(boards, BOARDS);
    assert!(expected_errors.lines().count() >= 100);
    assert_eq!(errors, expected_errors);
    assert_eq!(status.code(), Some(1), "bad lines make exit code 1");

    // Memory stays flat: the peak after a million lines is not much above
    // the peak after ten thousand.
    let (early, late) = (rss_early.unwrap(), rss_late.unwrap());
    assert!(
        late <= 2 * early + 4096,
        "peak RSS grew from {early} kB after 10k lines to {late} kB near the end"
    );

    // The first lines again, with one thread: the same output.
    let one_thread = run_with_stdin(&["solve", "--format", "summary", "-j", "1"], &sample_input);
    assert_eq!(one_thread.code, 1);
    assert_eq!(one_thread.stdout.as_bytes(), sample_output);

    // Boards spread over the run, each solved again as an argument.
    assert_eq!(spot_checks.len(), BOARDS / SPOT_CHECK_EVERY);
    let mut args = vec!["solve", "--format", "summary"];
    args.extend(
        spot_checks
            .iter()
            .map(|line| line.split('\t').next().unwrap()),
    );
    let again = run(&args);
    assert_eq!(again.success(), spot_checks.concat());
}
