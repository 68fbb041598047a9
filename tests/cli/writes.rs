//! One writer policy for every command (SPEC §10): when standard output
//! cannot take the output, a closed pipe ends the run quietly with exit code
//! 0, and anything else (a full device, a closed standard output) is one
//! `boggle: standard output: …` line and exit code 1. Help and version
//! included.

use std::fs::{File, OpenOptions};
use std::process::{Command, Stdio};

use crate::util::{boggle, run, run_command, run_with_stdin};

/// Every command that writes to standard output, in each of its ways.
const COMMANDS: &[&[&str]] = &[
    &["solve", "ezmrnubeslospaon"],
    &[
        "solve",
        "--format",
        "json",
        "ezmrnubeslospaon",
        "reibtmfwiraerhst",
    ],
    &["random", "--seed", "1", "-n", "3"],
    &["show", "ezmrnubeslospaon", "embolus"],
    &["show", "ezmrnubeslospaon", "embolus", "--color", "always"],
    &["stats", "-n", "20", "--seed", "1"],
    &["dict", "info", "--lang", "en"],
    &["completions", "bash"],
    &["man"],
    &["--help"],
    &["--version"],
    &["solve", "--help"],
    &["show", "-h"],
    &["dict", "--help"],
    &["dict", "compile", "--help"],
];

/// Runs `boggle args...` with `stdout` as its standard output; returns the
/// exit code and standard error.
fn run_into(args: &[&str], stdout: impl Into<Stdio>) -> (i32, String) {
    let output = boggle()
        .args(args)
        .stdin(Stdio::null())
        .stdout(stdout)
        .stderr(Stdio::piped())
        .output()
        .unwrap();
    let code = output.status.code().expect("boggle exits normally");
    (code, String::from_utf8_lossy(&output.stderr).into_owned())
}

/// `/dev/full`, the Linux device on which every write fails as on a full
/// disk.
fn full() -> File {
    OpenOptions::new()
        .write(true)
        .open("/dev/full")
        .expect("/dev/full (a Linux device that is always full) is needed by this test")
}

#[test]
fn a_full_device_is_an_error() {
    for args in COMMANDS {
        let (code, stderr) = run_into(args, full());
        assert_eq!(
            (code, stderr.as_str()),
            (1, "boggle: standard output: no space left on device\n"),
            "{args:?}"
        );
    }
}

/// `boggle` run by the shell with the redirection `redirect` of its
/// standard output, such as `>&-`; its arguments are to be added.
fn redirected(redirect: &str) -> Command {
    let mut command = Command::new("sh");
    command
        .args(["-c", &format!("exec \"$0\" \"$@\" {redirect}")])
        .arg(boggle().get_program())
        .env("NO_COLOR", "1")
        .env_remove("BOGGLE_DICT");
    command
}

#[test]
fn a_closed_standard_output_is_an_error() {
    for args in COMMANDS {
        // Closed (`>&-`), and open for reading only: writes to both fail.
        for redirect in [">&-", "1</dev/null"] {
            let run = run_command(redirected(redirect).args(*args), b"");
            assert_eq!(
                (run.code, run.stderr.as_str()),
                (1, "boggle: standard output: bad file descriptor\n"),
                "{args:?} {redirect}"
            );
        }
    }
}

/// `/dev/null` opened for reading and writing, as Python's
/// `subprocess.DEVNULL` and service managers hand it over, is a place to
/// discard output, not a closed standard output.
#[test]
fn dev_null_open_for_reading_and_writing_takes_the_output() {
    for args in COMMANDS {
        let null = std::fs::OpenOptions::new()
            .read(true)
            .write(true)
            .open("/dev/null")
            .unwrap();
        let output = boggle()
            .args(*args)
            .stdin(Stdio::null())
            .stdout(null)
            .stderr(Stdio::piped())
            .output()
            .unwrap();
        assert_eq!(
            (
                output.status.code(),
                String::from_utf8_lossy(&output.stderr).as_ref()
            ),
            (Some(0), ""),
            "{args:?}"
        );
    }
}

/// A command that writes nothing to standard output loses nothing when it
/// is closed.
#[test]
fn a_closed_standard_output_is_no_error_without_output() {
    let temp = crate::temp::TempDir::new("writes-closed");
    let list = temp.file("words.txt", b"cat\nact\n");
    let compiled = temp.path().join("words.dict");
    let mut command = redirected(">&-");
    command
        .args(["dict", "compile"])
        .arg(&list)
        .arg("-o")
        .arg(&compiled);
    let run = run_command(&mut command, b"");
    assert_eq!((run.code, run.stderr.as_str()), (0, ""));
    assert!(compiled.exists());
}

#[test]
fn a_closed_pipe_ends_quietly() {
    for args in COMMANDS {
        let mut child = boggle()
            .args(*args)
            .stdin(Stdio::null())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .unwrap();
        // The reader goes away before the output comes.
        drop(child.stdout.take());
        let output = child.wait_with_output().unwrap();
        assert_eq!(output.status.code(), Some(0), "{args:?}: {output:?}");
        assert_eq!(String::from_utf8_lossy(&output.stderr), "", "{args:?}");
    }
}

/// Standard output redirected to a file still gets everything.
#[test]
fn a_file_gets_the_output() {
    let temp = crate::temp::TempDir::new("writes-file");
    let path = temp.path().join("out.txt");
    let (code, stderr) = run_into(&["solve", "ezmrnubeslospaon"], File::create(&path).unwrap());
    assert_eq!((code, stderr.as_str()), (0, ""));
    let text = std::fs::read_to_string(&path).unwrap();
    assert!(text.ends_with("180 words, 274 points\n"), "{text}");
}

/// A large output into a regular file (written in whole blocks aligned to
/// the file's) is the same bytes as through a pipe, whether the file is
/// new, appended to (`>>`), or open at an offset off a block boundary,
/// and what the file held before is kept.
#[test]
fn a_file_gets_a_large_output_whole_wherever_it_starts() {
    use std::io::{Seek, SeekFrom, Write};
    let temp = crate::temp::TempDir::new("writes-large");
    let boards = run(&["random", "--seed", "3", "--dice", "uniform", "-n", "3000"]);
    let boards = boards.success().as_bytes().to_vec();
    let solve = ["solve", "--format", "json", "-j", "2"];
    let piped = run_with_stdin(&solve, &boards);
    let piped = piped.success().as_bytes();
    assert!(piped.len() > 1 << 20, "more than a few blocks");
    let before = b"already here\n";
    for way in ["new", "append", "offset"] {
        let path = temp.file(&format!("{way}.txt"), before);
        let file = match way {
            "new" => File::create(&path).unwrap(),
            "append" => OpenOptions::new().append(true).open(&path).unwrap(),
            _ => {
                let mut file = OpenOptions::new().write(true).open(&path).unwrap();
                file.seek(SeekFrom::Start(1000)).unwrap();
                file
            }
        };
        let mut child = boggle()
            .args(solve)
            .stdin(Stdio::piped())
            .stdout(file)
            .stderr(Stdio::piped())
            .spawn()
            .unwrap();
        child.stdin.take().unwrap().write_all(&boards).unwrap();
        let output = child.wait_with_output().unwrap();
        assert_eq!(output.status.code(), Some(0), "{way}: {output:?}");
        let mut expected = match way {
            "new" => Vec::new(),
            "append" => before.to_vec(),
            // The bytes before the offset: what was there, then a hole.
            _ => {
                let mut start = before.to_vec();
                start.resize(1000, 0);
                start
            }
        };
        expected.extend_from_slice(piped);
        assert!(std::fs::read(&path).unwrap() == expected, "{way}");
    }
}

/// A full standard error loses the messages but changes nothing else: no
/// panic, the same exit code.
#[test]
fn a_full_standard_error_is_not_a_panic() {
    let cases: [(&[&str], &[u8], i32); 3] = [
        (&["solve", "--format", "summary"], b"ab1\nca/xt\n", 1),
        (&["random"], b"", 0),
        (&["solve", "ab1"], b"", 2),
    ];
    for (args, stdin, expected) in cases {
        let mut command = boggle();
        command.args(args).stderr(full());
        let mut child = command
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .spawn()
            .unwrap();
        std::io::Write::write_all(&mut child.stdin.take().unwrap(), stdin).unwrap();
        let output = child.wait_with_output().unwrap();
        assert_eq!(output.status.code(), Some(expected), "{args:?}");
    }
}
