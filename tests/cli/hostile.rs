//! Hostile input, as a table (SPEC §10): each row is one bad or strange
//! input, how it reaches the program (a BOARD argument, a line on standard
//! input, the content of a `--dict` file, a flag), the exit code it must
//! give and what must be on standard output and standard error. Every row
//! runs, in one loop, and every row that fails is reported, not just the
//! first. A row that runs longer than a minute counts as a hang.
//!
//! Two inputs cannot be given as the table would like, because the
//! operating system refuses them before `boggle` runs: an argument holding a
//! NUL byte, and an argument of 1 MB (Linux takes at most 128 KiB in one
//! argument). Those rows use a NUL on standard input and the longest
//! argument Linux allows instead.

use std::ffi::OsString;
use std::fs;
use std::io::{Read, Write};
use std::os::unix::ffi::OsStringExt;
use std::path::{Path, PathBuf};
use std::process::{Child, Stdio};
use std::time::{Duration, Instant};

use crate::temp::TempDir;
use crate::util::boggle;

/// The golden board and its summary under the bundled English list.
const BOARD: &str = "ezmrnubeslospaon";
const BOARD_SUMMARY: &str = "ezmr/nube/slos/paon\t180\t274\n";

/// The longest line standard input may hold (src/batch.rs `MAX_LINE_BYTES`).
const MAX_LINE_BYTES: usize = 32 << 20;

/// The message every unexpected character gets, after the character.
const TILES_ARE: &str = "(tiles are letters, '.', '*' or '[..]')";

/// How long one row may run before it counts as a hang.
const TIME_LIMIT: Duration = Duration::from_secs(60);

/// How the hostile input reaches the program: the "how given" column.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Given {
    /// A BOARD argument of `boggle solve`.
    Argument,
    /// Lines on standard input of `boggle solve`.
    Stdin,
    /// The content of (or the path given as) a `--dict` file.
    DictFile,
    /// A flag or its value, or the command line itself.
    Flag,
}

/// What standard input holds.
#[derive(Debug)]
enum Input {
    Bytes(Vec<u8>),
    /// This file (or directory) is opened as standard input.
    File(PathBuf),
}

/// One row of the table.
#[derive(Debug)]
struct Row {
    /// What the input is, for the failure report.
    what: &'static str,
    given: Given,
    /// The arguments after `boggle`. `{dict}` stands for the row's word
    /// list and `{dir}` for the test's directory, here and in the expected
    /// output.
    args: Vec<OsString>,
    stdin: Input,
    /// The content of the `{dict}` file, when the row has one.
    dict: Option<Vec<u8>>,
    /// The exit code.
    code: i32,
    /// All of standard output.
    stdout: String,
    /// Each line of standard error, after `boggle: `, must start with the
    /// matching prefix; as many lines as prefixes.
    stderr: Vec<String>,
}

impl Row {
    fn new(what: &'static str, given: Given, args: &[&str]) -> Row {
        Row {
            what,
            given,
            args: args.iter().map(OsString::from).collect(),
            stdin: Input::Bytes(Vec::new()),
            dict: None,
            code: 0,
            stdout: String::new(),
            stderr: Vec::new(),
        }
    }

    /// `boggle solve BOARD --format summary`.
    fn argument(what: &'static str, board: impl Into<OsString>) -> Row {
        let mut row = Row::new(what, Given::Argument, &["solve"]);
        row.args.push(board.into());
        row.args.extend(["--format".into(), "summary".into()]);
        row
    }

    /// `boggle solve --format summary` with `lines` on standard input.
    fn stdin(what: &'static str, lines: impl Into<Vec<u8>>) -> Row {
        let mut row = Row::new(what, Given::Stdin, &["solve", "--format", "summary"]);
        row.stdin = Input::Bytes(lines.into());
        row
    }

    /// `boggle solve ca/xt --format summary --dict FILE`, FILE holding `content`.
    fn dict(what: &'static str, content: impl Into<Vec<u8>>) -> Row {
        let mut row = Row::new(
            what,
            Given::DictFile,
            &["solve", "ca/xt", "--format", "summary", "--dict", "{dict}"],
        );
        row.dict = Some(content.into());
        row
    }

    /// `boggle solve ezmrnubeslospaon` and `flags`.
    fn flags(what: &'static str, flags: &[&str]) -> Row {
        let mut row = Row::new(what, Given::Flag, &["solve", BOARD]);
        row.args.extend(flags.iter().map(OsString::from));
        row
    }

    /// More arguments.
    fn with(mut self, args: &[&str]) -> Row {
        self.args.extend(args.iter().map(OsString::from));
        self
    }

    /// Another output format in place of `summary`.
    fn format(mut self, format: &str) -> Row {
        let summary = self.args.iter().position(|arg| arg == "summary").unwrap();
        self.args[summary] = format.into();
        self
    }

    /// Expects exit code `code` and one line on standard error starting
    /// `boggle: ` and `prefix`, and nothing on standard output.
    fn fails(mut self, code: i32, prefix: impl Into<String>) -> Row {
        self.code = code;
        self.stderr = vec![prefix.into()];
        self
    }

    /// Expects exit code 0, this standard output and an empty standard error.
    fn solves(mut self, stdout: impl Into<String>) -> Row {
        self.code = 0;
        self.stdout = stdout.into();
        self
    }

    /// Expects these lines on standard error (each after `boggle: `).
    fn says(mut self, stderr: &[&str]) -> Row {
        self.stderr = stderr.iter().map(|s| s.to_string()).collect();
        self
    }

    /// Expects exit code 1 (a bad line on standard input), this standard
    /// output and one error line per prefix.
    fn bad_lines(mut self, stdout: impl Into<String>, stderr: &[&str]) -> Row {
        self.code = 1;
        self.stdout = stdout.into();
        self.stderr = stderr.iter().map(|s| s.to_string()).collect();
        self
    }
}

/// A summary error line: the input as given, `error`, the message.
fn error_line(input: &str, message: &str) -> String {
    format!("{input}\terror\t{message}\n")
}

/// The canonical form of a square board of `side`×`side` copies of `letter`.
fn square(letter: char, side: usize) -> String {
    vec![letter.to_string().repeat(side); side].join("/")
}

/// The table. `dir` is the test's directory, `compiled` the bytes of a
/// compiled dictionary of `cat` and `act`.
fn rows(dir: &Path, compiled: &[u8]) -> Vec<Row> {
    let dir = dir.to_str().unwrap();
    vec![
        // Boards given as arguments: a bad one is a usage error (exit 2).
        Row::argument("empty board", "").fails(2, "board '': the board is empty"),
        Row::argument("white space only", " \t ").fails(2, "board ' \t ': the board is empty"),
        Row::argument("one tile", "a").solves("a\t0\t0\n"),
        Row::argument("ragged rows", "ab/c").fails(
            2,
            "board 'ab/c': column 4: row 2 has 1 tile, expected 2 like row 1",
        ),
        Row::argument("17 tiles", "abcdefghijklmnopq").fails(
            2,
            "board 'abcdefghijklmnopq': 17 tiles do not make a square board (expected 16 or 25), \
             or separate the rows with '/'",
        ),
        Row::argument("15 tiles with a qu", "quabcdefghijklmn").fails(
            2,
            "board 'quabcdefghijklmn': 15 tiles do not make a square board (expected 9 or 16), \
             or separate the rows with '/'; note that 'qu' is one tile: write '[q]u' for a q tile \
             and a u tile",
        ),
        Row::argument("'[' without ']'", "ab[c")
            .fails(2, "board 'ab[c': column 3: '[' without a closing ']'"),
        Row::argument("'[' without ']' in a token", "[a b]")
            .fails(2, "board '[a b]': column 1: '[' without a closing ']'"),
        Row::argument("empty brackets", "[]bc").fails(2, "board '[]bc': column 1: empty tile '[]'"),
        Row::argument("']' alone", "a]").fails(
            2,
            format!("board 'a]': column 2: unexpected character ']' {TILES_ARE}"),
        ),
        Row::argument("digits", "1234").fails(
            2,
            format!("board '1234': column 1: unexpected character '1' {TILES_ARE}"),
        ),
        Row::argument("emoji", "ab😀d").fails(
            2,
            format!("board 'ab😀d': column 3: unexpected character '😀' {TILES_ARE}"),
        ),
        Row::argument("an escape sequence", "ab\u{1b}[2J\r\n").fails(
            2,
            format!(
                "board 'ab\\x1b[2J\\x0d\\x0a': column 3: unexpected character '\\u{{1b}}' {TILES_ARE}"
            ),
        ),
        Row::argument("a combining mark alone", "\u{301}").fails(
            2,
            "board '\u{301}': column 1: combining mark '\\u{301}' without a letter before it",
        ),
        Row::argument("a combining mark after a letter is one tile", "e\u{301}bcd")
            .solves("éb/cd\t0\t0\n"),
        Row::argument("leading '/'", "/ab").fails(2, "board '/ab': column 1: row 1 has no tile"),
        Row::argument("empty row", "ab//cd")
            .fails(2, "board 'ab//cd': column 4: row 2 has no tile"),
        Row::argument("separators alone", ",,,")
            .fails(2, "board ',,,': column 1: row 1 has no tile"),
        Row::argument("5 wildcards", "*****abcdefghijk").fails(
            2,
            "board '*****abcdefghijk': 5 wildcard tiles, at most 4 are allowed",
        ),
        Row::argument("4 wildcards are allowed", "****abcdefghijkl")
            .solves("****/abcd/efgh/ijkl\t16646\t32275\n"),
        Row::argument("4097 rows", vec!["a"; 4097].join("/")).fails(
            2,
            format!(
                "board '{}…' (8193 bytes): a 4097x1 board is too large, at most 4096x4096 is \
                 allowed",
                "a/".repeat(32)
            ),
        ),
        Row::argument(
            "the longest argument Linux takes (128 KiB), bad",
            format!("ab1{}", "a".repeat((128 << 10) - 4)),
        )
        .fails(
            2,
            format!(
                "board 'ab1{}…' (131071 bytes): column 3: unexpected character '1' {TILES_ARE}",
                "a".repeat(61)
            ),
        ),
        Row::argument("a 362x362 board in one argument", "x".repeat(362 * 362))
            .solves(format!("{}\t0\t0\n", square('x', 362))),
        Row::argument("rows typed with spaces", "ezmr nube slos paon").solves(BOARD_SUMMARY),
        Row::argument("a long token among tiles", "th in ing er").fails(
            2,
            "board 'th in ing er': column 7: 'ing' is 3 letters, but a tile without brackets has \
             at most 2: write '[ing]' for one tile, or '/' between rows",
        ),
        Row::argument("a long token in a '/' row", "ezmr nube/slos paon").fails(
            2,
            "board 'ezmr nube/slos paon': column 1: 'ezmr' is 4 letters, but a tile without \
             brackets has at most 2: write '[ezmr]' for one tile, or '/' between rows",
        ),
        Row::argument("not UTF-8", OsString::from_vec(b"ab\xffd".to_vec()))
            .fails(2, "invalid UTF-8 was detected in one or more arguments"),
        Row::new("'-' among boards", Given::Argument, &["solve", "-", "abcd"])
            .fails(2, "'-' (standard input) must be the only BOARD"),
        // Lines on standard input: a bad one gets its error line in place
        // and the run goes on (exit 1).
        Row::stdin("empty input", "").solves(""),
        Row::stdin("blank and comment lines only", "\n  \n# a comment\n\t\n").solves(""),
        Row::stdin("CRLF lines", format!("{BOARD}\r\nca/xt\r\n"))
            .solves(format!("{BOARD_SUMMARY}ca/xt\t3\t3\n")),
        Row::stdin("CR-only lines", format!("{BOARD}\rca/xt\r\rca/xt"))
            .solves(format!("{BOARD_SUMMARY}ca/xt\t3\t3\nca/xt\t3\t3\n")),
        Row::stdin(
            "a UTF-8 BOM on the first line",
            format!("\u{feff}{BOARD}\nca/xt\n"),
        )
        .solves(format!("{BOARD_SUMMARY}ca/xt\t3\t3\n")),
        Row::stdin("a BOM on the second line", "ca/xt\n\u{feff}ca/xt\n").bad_lines(
            format!(
                "ca/xt\t3\t3\n{}",
                error_line(
                    "\u{feff}ca/xt",
                    &format!("column 1: unexpected character '\\\\u{{feff}}' {TILES_ARE}")
                )
            ),
            &["line 2: column 1: unexpected character '\\u{feff}'"],
        ),
        Row::stdin("a last line without newline", format!("ca/xt\n{BOARD}"))
            .solves(format!("ca/xt\t3\t3\n{BOARD_SUMMARY}")),
        Row::stdin("not UTF-8", b"ca/xt\n\xff\xfeab\nca/xt\n".to_vec()).bad_lines(
            format!(
                "ca/xt\t3\t3\n{}ca/xt\t3\t3\n",
                error_line("\u{fffd}\u{fffd}ab", "not valid UTF-8")
            ),
            &["line 2: not valid UTF-8"],
        ),
        // Summary error lines escape tab, backslash and control characters
        // in both fields (SPEC §10): each line keeps its three fields.
        Row::stdin("NUL bytes", b"ab\0d\n\0\n".to_vec()).bad_lines(
            error_line(
                "ab\\x00d",
                &format!("column 3: unexpected character '\\\\0' {TILES_ARE}"),
            ) + &error_line(
                "\\x00",
                &format!("column 1: unexpected character '\\\\0' {TILES_ARE}"),
            ),
            &[
                "line 1: column 3: unexpected character '\\0'",
                "line 2: column 1: unexpected character '\\0'",
            ],
        ),
        Row::stdin("a tab, a backslash and an escape", "a\tb\\\n\u{1b}[2J\n").bad_lines(
            error_line(
                "a\\tb\\\\",
                &format!("column 4: unexpected character '\\\\\\\\' {TILES_ARE}"),
            ) + &error_line(
                "\\x1b[2J",
                &format!("column 1: unexpected character '\\\\u{{1b}}' {TILES_ARE}"),
            ),
            &[
                "line 1: column 4: unexpected character '\\\\'",
                "line 2: column 1: unexpected character '\\u{1b}'",
            ],
        ),
        Row::stdin("'[' without ']'", "[\n").bad_lines(
            error_line("[", "column 1: '[' without a closing ']'"),
            &["line 1: column 1: '[' without a closing ']'"],
        ),
        Row::stdin("empty brackets", "[]\n").bad_lines(
            error_line("[]", "column 1: empty tile '[]'"),
            &["line 1: column 1: empty tile '[]'"],
        ),
        Row::stdin(
            "ragged rows and 17 tiles among good lines",
            "ca/xt\nab/c\nabcdefghijklmnopq\nca/xt\n",
        )
        .bad_lines(
            format!(
                "ca/xt\t3\t3\n{}{}ca/xt\t3\t3\n",
                error_line("ab/c", "column 4: row 2 has 1 tile, expected 2 like row 1"),
                error_line(
                    "abcdefghijklmnopq",
                    "17 tiles do not make a square board (expected 16 or 25), or separate \
                         the rows with '/'"
                )
            ),
            &[
                "line 2: column 4: row 2 has 1 tile",
                "line 3: 17 tiles do not make a square board",
            ],
        ),
        Row::stdin("a 1 MB line: a 1024x1024 board", "x".repeat(1 << 20) + "\n")
            .solves(format!("{}\t0\t0\n", square('x', 1024))),
        Row::stdin(
            "a 1 MB line with a digit at its end",
            "x".repeat(1 << 20) + "1\n",
        )
        .bad_lines(
            error_line(
                &("x".repeat(1 << 20) + "1"),
                &format!("column 1048577: unexpected character '1' {TILES_ARE}"),
            ),
            &["line 1: column 1048577: unexpected character '1'"],
        ),
        Row::stdin(
            "a line over the 32 MiB limit among good lines",
            format!("ca/xt\n{}\n{BOARD}\n", "a".repeat(MAX_LINE_BYTES + 1)),
        )
        .bad_lines(
            format!(
                "ca/xt\t3\t3\n{}{BOARD_SUMMARY}",
                error_line(&"a".repeat(64), "line longer than 33554432 bytes")
            ),
            &["line 2: line longer than 33554432 bytes"],
        ),
        Row::stdin("a row of 4097 tiles", "a".repeat(4097) + "/\n").bad_lines(
            error_line(
                &("a".repeat(4097) + "/"),
                "a 1x4097 board is too large, at most 4096x4096 is allowed",
            ),
            &["line 1: a 1x4097 board is too large, at most 4096x4096 is allowed"],
        ),
        Row::stdin("5 wildcards", "*****abcdefghijk\n").bad_lines(
            error_line(
                "*****abcdefghijk",
                "5 wildcard tiles, at most 4 are allowed",
            ),
            &["line 1: 5 wildcard tiles, at most 4 are allowed"],
        ),
        Row::stdin("a bad line in json", "[\n")
            .format("json")
            .bad_lines(
                "{\"line\":1,\"input\":\"[\",\"error\":\"column 1: '[' without a closing ']'\"}\n",
                &["line 1: column 1: '[' without a closing ']'"],
            ),
        Row::stdin("a bad line in text", "ca/xt\nab1\n")
            .format("text")
            .bad_lines(
                "# ca/xt\n 1 act\n 1 cat\n 1 tax\n3 words, 3 points\n",
                &["line 2: column 3: unexpected character '1'"],
            ),
        {
            let mut row = Row::stdin("standard input is a directory", "");
            row.stdin = Input::File(PathBuf::from(dir));
            row.fails(1, "standard input: is a directory")
        },
        // Word lists: a bad one is bad data (exit 1) and the message names it.
        Row::dict("CRLF lines and a BOM", "\u{feff}cat\r\nact\r\n").solves("ca/xt\t2\t2\n"),
        Row::dict("an empty file", "").fails(
            1,
            "dictionary '{dict}': no usable word (words are made of letters only, at most 64 of \
             them)",
        ),
        Row::dict("comments only", "# cat\n\n").fails(1, "dictionary '{dict}': no usable word"),
        Row::dict(
            "a binary file",
            (0..=255u8).cycle().take(1024).collect::<Vec<u8>>(),
        )
        .fails(
            1,
            "dictionary '{dict}': line 1: binary data, not a word list (a NUL byte)",
        ),
        Row::dict("not UTF-8 on line 3", b"cat\nact\ncaf\xe9\n".to_vec())
            .fails(1, "dictionary '{dict}': line 3: not valid UTF-8"),
        Row::dict("a 10 MB word on one line", "cat".repeat((10 << 20) / 3)).fails(
            1,
            "dictionary '{dict}': no usable word (words are made of letters only, at most 64 of \
             them)",
        ),
        Row::dict("a NUL inside a word", "c\0at\n").fails(
            1,
            "dictionary '{dict}': line 1: binary data, not a word list (a NUL byte)",
        ),
        Row::dict(
            "a word of 65 letters is skipped",
            "a".repeat(65) + "\ncat\nact\n",
        )
        .with(&["--no-cache", "--verbose"])
        .solves("ca/xt\t2\t2\n")
        .says(&[
            "dictionary '{dict}': format plain (every line of the file is a word, a comment or \
             blank)",
            "dictionary '{dict}': 2 words kept; skipped: 0 not all letters, 1 longer than 64 \
                 letters, 0 duplicates",
        ]),
        Row::dict("a truncated gzip file", &gzip(b"cat\nact\ntax\n")[..20])
            .fails(1, "dictionary '{dict}': corrupt gzip data: "),
        Row::dict("gzip inside gzip", gzip(&gzip(b"cat\n"))).fails(
            1,
            "dictionary '{dict}': corrupt gzip data: gzip data inside gzip data",
        ),
        Row::dict("a compiled dictionary", compiled).solves("ca/xt\t2\t2\n"),
        Row::dict(
            "a truncated compiled dictionary",
            &compiled[..compiled.len() - 3],
        )
        .fails(1, "dictionary '{dict}': damaged compiled dictionary: "),
        Row::dict("a compiled dictionary with a flipped bit", {
            let mut bytes = compiled.to_vec();
            *bytes.last_mut().unwrap() ^= 0x40;
            bytes
        })
        .fails(
            1,
            "dictionary '{dict}': damaged compiled dictionary: checksum mismatch",
        ),
        Row::dict("a compiled header and nothing else", &compiled[..10]).fails(
            1,
            "dictionary '{dict}': damaged compiled dictionary: truncated header",
        ),
        Row::dict("a text file read as compiled", "cat\n")
            .with(&["--dict-format", "compiled"])
            .fails(
                1,
                "dictionary '{dict}': not a compiled dictionary (bad magic number)",
            ),
        Row::dict("a trie stream above its root", "ab!###")
            .with(&["--dict-format", "trie-stream"])
            .fails(
                1,
                "dictionary '{dict}': line 1, column 6: '#' goes back above the root",
            ),
        Row::new(
            "a directory",
            Given::DictFile,
            &["solve", BOARD, "--dict", "{dir}"],
        )
        .fails(1, "dictionary '{dir}': is a directory"),
        Row::new(
            "a missing file",
            Given::DictFile,
            &["solve", BOARD, "--dict", "{dir}/missing.txt"],
        )
        .fails(1, "dictionary '{dir}/missing.txt': no such file"),
        Row::new(
            "a missing file, without the cache",
            Given::DictFile,
            &["solve", BOARD, "--no-cache", "--dict", "{dir}/missing.txt"],
        )
        .fails(1, "dictionary '{dir}/missing.txt': no such file"),
        Row::new(
            "dict info on a directory",
            Given::DictFile,
            &["dict", "info", "{dir}"],
        )
        .fails(1, "dictionary '{dir}': is a directory"),
        // Flags and the command line: a bad one is a usage error (exit 2).
        Row::flags("--lengths 0", &["--lengths", "0"]).fails(
            2,
            "invalid value '0' for '--lengths <LIST>': '0' is not a word length (expected whole \
             numbers from 1 to 64, separated by commas)",
        ),
        Row::flags("--lengths a,b", &["--lengths", "a,b"]).fails(
            2,
            "invalid value 'a,b' for '--lengths <LIST>': 'a' is not a word length",
        ),
        Row::flags("--lengths 65", &["--lengths", "3,65"]).fails(
            2,
            "invalid value '3,65' for '--lengths <LIST>': '65' is not a word length",
        ),
        Row::flags("--threads 0", &["--threads", "0"]).fails(
            2,
            "invalid value '0' for '--threads <N>': '0' is not a thread count (expected a whole \
             number from 1 to 1024)",
        ),
        Row::flags("--threads 100000", &["-j", "100000"]).fails(
            2,
            "invalid value '100000' for '--threads <N>': '100000' is not a thread count",
        ),
        Row::flags("--min-len 0", &["--min-len", "0"]).fails(
            2,
            "invalid value '0' for '--min-len <N>': 0 is not in 1..=64",
        ),
        Row::flags("--max-len 65", &["--max-len", "65"]).fails(
            2,
            "invalid value '65' for '--max-len <N>': 65 is not in 1..=64",
        ),
        Row::flags(
            "--min-len > --max-len",
            &["--min-len", "5", "--max-len", "3"],
        )
        .fails(
            2,
            "--min-len 5 is greater than --max-len 3: no word could be reported",
        ),
        Row::flags(
            "--min-len = --max-len",
            &["--min-len", "7", "--max-len", "7"],
        )
        .with(&["--format", "summary"])
        .solves("ezmr/nube/slos/paon\t5\t25\n"),
        Row::flags("an unknown flag", &["--bogus"]).fails(2, "unexpected argument '--bogus' found"),
        Row::flags("an unknown --format", &["--format", "xml"]).fails(
            2,
            "invalid value 'xml' for '--format <FORMAT>': unknown format 'xml' (expected text, \
             words, json or summary)",
        ),
        Row::flags("an unknown --lang", &["--lang", "xx"]).fails(
            2,
            "invalid value 'xx' for '--lang <LANG>' [possible values: en, en-common, fr, fi, de, es, it, nl, pt, sv, da, nb, pl]",
        ),
        Row::flags("an unknown --rules", &["--rules", "huge"]).fails(
            2,
            "invalid value 'huge' for '--rules <RULES>': unknown rules 'huge'",
        ),
        Row::flags("--dict without a value", &["--dict"]).fails(
            2,
            "a value is required for '--dict <PATH>' but none was supplied",
        ),
        // Of --dict and --lang the last wins, as for any repeated choice.
        Row::flags("--lang then --dict", &["--lang", "fr", "--dict", "x.txt"])
            .fails(1, "dictionary 'x.txt': no such file"),
        Row::flags("--paths with --format words", &["--paths", "--format", "words"])
            .fails(2, "--paths goes with --format text or json, not words"),
        Row::flags("--paths with --format summary", &["--format", "summary", "--paths"])
            .fails(2, "--paths goes with --format text or json, not summary"),
        Row::flags("--seed without --random", &["--seed", "1"])
            .fails(2, "--dice, --size and --seed go with --random"),
        Row::flags("a misspelt flag", &["--fromat", "json"]).fails(
            2,
            "unexpected argument '--fromat' found; a similar argument exists: '--format'",
        ),
        Row::new("a misspelt command", Given::Flag, &["solv", BOARD]).fails(
            2,
            "unrecognized subcommand 'solv'; a similar subcommand exists: 'solve'",
        ),
        // A repeated flag: the last one wins, as in ripgrep, so that shell
        // aliases can set defaults.
        Row::flags(
            "a repeated value flag",
            &["--format", "json", "--sort", "alpha", "--format", "summary"],
        )
        .solves(BOARD_SUMMARY),
        Row::flags("-j, then --threads", &["-j", "2", "--threads", "1"])
            .with(&["--format", "summary"])
            .solves(BOARD_SUMMARY),
        Row::flags("a repeated switch", &["--no-cache", "--no-cache"])
            .with(&["--format", "summary"])
            .solves(BOARD_SUMMARY),
        Row::new("an unknown command", Given::Flag, &["frobnicate"])
            .fails(2, "unrecognized subcommand 'frobnicate'"),
        Row::new(
            "a missing required argument",
            Given::Flag,
            &["dict", "compile", "x.txt"],
        )
        .fails(
            2,
            "the following required arguments were not provided: --output <OUT>",
        ),
        Row::new(
            "a board size of 0",
            Given::Flag,
            &["random", "--size", "0x0"],
        )
        .fails(
            2,
            "invalid value '0x0' for '--size <RxC>': '0x0' is not a board size (sides go from 1 \
             to 4096)",
        ),
        Row::new(
            "a seed that is not a number",
            Given::Flag,
            &["random", "--seed", "abc"],
        )
        .fails(2, "invalid value 'abc' for '--seed <N>'"),
    ]
}

fn gzip(bytes: &[u8]) -> Vec<u8> {
    let mut encoder = flate2::write::GzEncoder::new(Vec::new(), flate2::Compression::default());
    encoder.write_all(bytes).unwrap();
    encoder.finish().unwrap()
}

/// What one run did.
struct Outcome {
    /// The exit code, or why there is none.
    code: Result<i32, String>,
    stdout: String,
    stderr: String,
}

/// Runs `boggle args...` with `stdin`, killing it after [`TIME_LIMIT`].
fn run(args: &[OsString], stdin: &Input, cache: &Path) -> Outcome {
    let mut command = boggle();
    command.args(args).env("XDG_CACHE_HOME", cache);
    command.stdout(Stdio::piped()).stderr(Stdio::piped());
    match stdin {
        Input::Bytes(_) => command.stdin(Stdio::piped()),
        Input::File(path) => command.stdin(fs::File::open(path).unwrap()),
    };
    let mut child = command.spawn().expect("the boggle binary runs");
    let feeder = match (stdin, child.stdin.take()) {
        (Input::Bytes(bytes), Some(mut pipe)) => {
            let bytes = bytes.clone();
            Some(std::thread::spawn(move || {
                let _ = pipe.write_all(&bytes);
            }))
        }
        _ => None,
    };
    let stdout = drain(child.stdout.take().unwrap());
    let stderr = drain(child.stderr.take().unwrap());
    let code = wait(&mut child);
    if let Some(feeder) = feeder {
        feeder.join().unwrap();
    }
    Outcome {
        code,
        stdout: String::from_utf8_lossy(&stdout.join().unwrap()).into_owned(),
        stderr: String::from_utf8_lossy(&stderr.join().unwrap()).into_owned(),
    }
}

/// Reads `stream` to its end in a thread.
fn drain(mut stream: impl Read + Send + 'static) -> std::thread::JoinHandle<Vec<u8>> {
    std::thread::spawn(move || {
        let mut bytes = Vec::new();
        let _ = stream.read_to_end(&mut bytes);
        bytes
    })
}

/// Waits for `child`'s exit code; kills it when it runs too long.
fn wait(child: &mut Child) -> Result<i32, String> {
    let start = Instant::now();
    loop {
        if let Some(status) = child.try_wait().unwrap() {
            return status
                .code()
                .ok_or_else(|| format!("killed by a signal ({status})"));
        }
        if start.elapsed() > TIME_LIMIT {
            let _ = child.kill();
            let _ = child.wait();
            return Err(format!("still running after {TIME_LIMIT:?}: a hang"));
        }
        std::thread::sleep(Duration::from_millis(5));
    }
}

/// At most 200 characters of `text`, for a readable report.
fn shorten(text: &str) -> String {
    match text.char_indices().nth(200) {
        Some((end, _)) => format!("{:?}… ({} bytes)", &text[..end], text.len()),
        None => format!("{text:?}"),
    }
}

/// What is wrong with `outcome` for `row`, if anything.
fn check(row: &Row, outcome: &Outcome, fill: &dyn Fn(&str) -> String) -> Vec<String> {
    let mut wrong = Vec::new();
    match &outcome.code {
        Ok(code) if *code == row.code => {}
        Ok(code) => wrong.push(format!("exit code {code}, expected {}", row.code)),
        Err(reason) => wrong.push(reason.clone()),
    }
    let stdout = fill(&row.stdout);
    if outcome.stdout != stdout {
        wrong.push(format!(
            "stdout {}, expected {}",
            shorten(&outcome.stdout),
            shorten(&stdout)
        ));
    }
    let lines: Vec<&str> = outcome.stderr.lines().collect();
    let prefixes: Vec<String> = row.stderr.iter().map(|p| fill(p)).collect();
    let matches = lines.len() == prefixes.len()
        && lines.iter().zip(&prefixes).all(|(line, prefix)| {
            line.strip_prefix("boggle: ")
                .is_some_and(|message| message.starts_with(prefix.as_str()))
        });
    if !matches || outcome.stderr.contains("panicked") {
        wrong.push(format!(
            "stderr {}, expected one line per prefix, each after 'boggle: ': {prefixes:?}",
            shorten(&outcome.stderr)
        ));
    }
    wrong
}

#[test]
fn hostile_input_table() {
    let temp = TempDir::new("hostile");
    let dir = temp.path();
    let cache = dir.join("cache");
    let list = temp.file("compile-me.txt", b"cat\nact\n");
    let compiled_path = dir.join("words.dict");
    let compiled = boggle()
        .args(["dict", "compile"])
        .arg(&list)
        .arg("-o")
        .arg(&compiled_path)
        .output()
        .unwrap();
    assert!(compiled.status.success(), "{compiled:?}");
    let compiled = fs::read(&compiled_path).unwrap();

    let rows = rows(dir, &compiled);
    assert!(rows.len() >= 45, "only {} rows", rows.len());
    for given in [Given::Argument, Given::Stdin, Given::DictFile, Given::Flag] {
        assert!(
            rows.iter().any(|row| row.given == given),
            "no row given by {given:?}"
        );
    }
    let mut failures = Vec::new();
    for (index, row) in rows.iter().enumerate() {
        let dict = dir.join(format!("dict-{index}"));
        let fill = |text: &str| {
            text.replace("{dict}", dict.to_str().unwrap())
                .replace("{dir}", dir.to_str().unwrap())
        };
        if let Some(content) = &row.dict {
            fs::write(&dict, content).unwrap();
        }
        let args: Vec<OsString> = row
            .args
            .iter()
            .map(|arg| match arg.to_str() {
                Some(text) => OsString::from(fill(text)),
                None => arg.clone(),
            })
            .collect();
        let outcome = run(&args, &row.stdin, &cache);
        for wrong in check(row, &outcome, &fill) {
            failures.push(format!(
                "row {index} ({:?}, {}): {wrong}",
                row.given, row.what
            ));
        }
    }
    assert!(
        failures.is_empty(),
        "{} of {} rows failed:\n{}",
        failures.len(),
        rows.len(),
        failures.join("\n")
    );
}
