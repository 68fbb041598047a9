//! `boggle solve` with a person at a terminal: boards typed on standard
//! input are answered as they come, without the `#` header that names each
//! board in a file, since the typed line above each answer names it.
//!
//! The terminal is a real pseudo-terminal made by `script` (util-linux,
//! part of every Debian and Ubuntu system). Without it the test cannot run:
//! it says so, and with `CI` set that is a failure.

use std::process::{Command, Stdio};

use crate::util::{boggle, run_command};

/// Whether `script` can be run; when it cannot, says so, and fails under CI.
fn script_available() -> bool {
    let available = Command::new("script")
        .arg("--version")
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .status()
        .is_ok_and(|status| status.success());
    crate::tools::available(
        available,
        "script",
        "the tests of boards typed at a terminal",
        "bsdutils",
    )
}

/// Runs `boggle solve --lengths 7` and `redirect` in a terminal that types
/// `input`; returns what the terminal showed, line ends as `\n`.
fn typed(redirect: &str, input: &[u8]) -> String {
    let binary = boggle().get_program().to_str().unwrap().to_owned();
    let mut command = Command::new("script");
    command
        .args(["--quiet", "--return", "--command"])
        .arg(format!("'{binary}' solve --lengths 7 {redirect}"))
        .arg("/dev/null")
        .env("NO_COLOR", "1")
        .env_remove("BOGGLE_DICT");
    let run = run_command(&mut command, input);
    assert_eq!(run.code, 0, "{run:?}");
    run.stdout.replace("\r\n", "\n")
}

/// The answer for the golden board.
const ANSWER: &str =
    " 5 embolus\n 5 plumber\n 5 saloons\n 5 slumber\n 5 unloose\n5 words, 25 points\n";

#[test]
fn boards_typed_at_a_terminal_have_no_header() {
    if !script_available() {
        return;
    }
    // The terminal echoes each typed line before its answer.
    assert_eq!(
        typed("", b"ezmrnubeslospaon\n"),
        format!("ezmrnubeslospaon\n{ANSWER}")
    );
    let shown = typed("", b"ezmrnubeslospaon\nezmr/nube/slos/paon\n");
    assert!(!shown.contains("# "), "{shown}");
    assert_eq!(shown.matches(ANSWER).count(), 2, "{shown}");
}

/// Standard output in a file still names each board: the file's reader
/// cannot see what was typed.
#[test]
fn output_to_a_file_keeps_headers() {
    if !script_available() {
        return;
    }
    let temp = crate::temp::TempDir::new("terminal-file");
    let out = temp.path().join("out.txt");
    typed(&format!("> '{}'", out.display()), b"ezmrnubeslospaon\n");
    let written = std::fs::read_to_string(&out).unwrap();
    assert_eq!(written, format!("# ezmr/nube/slos/paon\n{ANSWER}"));
}
