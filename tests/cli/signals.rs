//! Signals (SPEC §10): an interrupted run exits with the shell's code for
//! the signal, 128 + its number (130 for Ctrl-C, 143 for SIGTERM, 129 for
//! SIGHUP), and leaves no partial file behind.

use std::path::Path;
use std::process::{Child, Command, ExitStatus, Stdio};
use std::time::{Duration, Instant};

use crate::temp::{TempDir, file_names};
use crate::util::boggle;

/// Sends the signal `name` (`TERM`, `INT`, `HUP`) to `child`.
fn signal(child: &Child, name: &str) {
    let status = Command::new("kill")
        .args([&format!("-{name}"), &child.id().to_string()])
        .status()
        .unwrap();
    assert!(status.success());
}

/// Waits until `child` catches the signal `number`, as its
/// `/proc/PID/status` tells: a signal sent earlier would find the default
/// action, not the program's.
fn wait_until_caught(child: &Child, number: u32) {
    let status = format!("/proc/{}/status", child.id());
    let start = Instant::now();
    loop {
        let text = std::fs::read_to_string(&status).unwrap_or_default();
        let caught = text
            .lines()
            .find_map(|line| line.strip_prefix("SigCgt:"))
            .and_then(|mask| u64::from_str_radix(mask.trim(), 16).ok())
            .is_some_and(|mask| mask & (1 << (number - 1)) != 0);
        if caught {
            return;
        }
        assert!(
            start.elapsed() < Duration::from_secs(30),
            "signal {number} never caught"
        );
        std::thread::sleep(Duration::from_millis(2));
    }
}

/// Waits for `child` at most 10 seconds; kills it and fails when slower.
fn wait_briefly(child: &mut Child) -> ExitStatus {
    let start = Instant::now();
    loop {
        if let Some(status) = child.try_wait().unwrap() {
            return status;
        }
        if start.elapsed() > Duration::from_secs(10) {
            let _ = child.kill();
            let _ = child.wait();
            panic!("still running 10 s after the signal");
        }
        std::thread::sleep(Duration::from_millis(5));
    }
}

#[test]
fn each_signal_has_its_exit_code() {
    for (name, number, code) in [("INT", 2, 130), ("TERM", 15, 143), ("HUP", 1, 129)] {
        // `boggle solve` waits for boards on standard input.
        let mut child = boggle()
            .arg("solve")
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .unwrap();
        wait_until_caught(&child, number);
        signal(&child, name);
        let status = wait_briefly(&mut child);
        assert_eq!(status.code(), Some(code), "SIG{name}: {status}");
    }
}

/// The threads of `child`, as its `/proc/PID/status` tells.
fn threads(child: &Child) -> usize {
    let text = std::fs::read_to_string(format!("/proc/{}/status", child.id())).unwrap();
    text.lines()
        .find_map(|line| line.strip_prefix("Threads:"))
        .and_then(|count| count.trim().parse().ok())
        .unwrap()
}

/// A run with nothing to clean up ends at the signal without a thread
/// waiting for it: starting one costs as much as solving a board. (That
/// runs with something to clean up do start one is what the other tests
/// here show: without it they would leave partial files, or `best` would
/// not print what it found.)
#[test]
fn a_run_with_nothing_to_clean_up_has_no_signal_thread() {
    // The first runs write the word list's cache entry and its stamp, and
    // so start the watcher; after them nothing is written.
    for _ in 0..2 {
        let warm = boggle().args(["solve", "ab/cd"]).output().unwrap();
        assert!(warm.status.success());
    }
    let mut solve = boggle()
        .arg("solve")
        .stdin(Stdio::piped())
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .spawn()
        .unwrap();
    wait_until_caught(&solve, 2);
    // What was caught stays caught; a thread would have started with it.
    std::thread::sleep(Duration::from_millis(50));
    assert_eq!(threads(&solve), 1);
    signal(&solve, "INT");
    assert_eq!(wait_briefly(&mut solve).code(), Some(130));
}

/// Every word of `len` letters over the first `letters` letters of the
/// alphabet, in order: a list whose trie is millions of nodes.
fn every_word(letters: u8, len: u32) -> Vec<u8> {
    let count = usize::from(letters).pow(len);
    let mut text = Vec::with_capacity(count * (len as usize + 1));
    for n in 0..count {
        let mut rest = n;
        let start = text.len();
        for _ in 0..len {
            text.push(b'a' + (rest % usize::from(letters)) as u8);
            rest /= usize::from(letters);
        }
        text[start..].reverse();
        text.push(b'\n');
    }
    text
}

/// Runs `boggle solve` against `list` with its cache under `cache`, and
/// sends SIGTERM as soon as a partial cache entry shows. Returns how the
/// run ended and the names left in the cache directory; `None` when the
/// entry was written before it could be seen.
fn stop_while_writing(list: &str, cache: &Path) -> Option<(ExitStatus, Vec<String>)> {
    let dir = cache.join("boggle");
    let mut child = boggle()
        .args(["solve", "ab/cd", "--format", "summary", "--dict", list])
        .env("XDG_CACHE_HOME", cache)
        .stdout(Stdio::null())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    while !file_names(&dir).iter().any(|name| name.ends_with(".tmp")) {
        if let Some(status) = child.try_wait().unwrap() {
            assert!(status.success(), "{status}");
            return None;
        }
        std::thread::sleep(Duration::from_millis(1));
    }
    signal(&child, "TERM");
    let status = wait_briefly(&mut child);
    Some((status, file_names(&dir)))
}

#[test]
fn sigterm_while_writing_the_cache_leaves_no_partial_file() {
    let temp = TempDir::new("signals-sigterm");
    // 2.1 million words: an entry of tens of MB, written long enough to
    // be caught at it.
    let list = temp.file("big.txt", &every_word(8, 7));
    let list = list.to_str().unwrap();
    let stopped = (0..5).find_map(|attempt| {
        let (status, names) = stop_while_writing(list, &temp.path().join(attempt.to_string()))?;
        assert!(
            names.iter().all(|name| !name.ends_with(".tmp")),
            "a partial file was left: {names:?}"
        );
        // A success: the write ended before the signal came; try again.
        (!status.success()).then_some(status)
    });
    let status = stopped.expect("no run was stopped while writing its cache entry");
    assert_eq!(status.code(), Some(143), "{status}");
}

/// SIGTERM (what Slurm sends before it cancels or preempts a task) during
/// a proof writes the checkpoint of the classes searched so far, in a
/// folder made for it, and leaves no output file, which is written whole or
/// not at all; the checkpoint is a part that a merge calls unfinished.
#[test]
fn sigterm_during_a_proof_saves_its_checkpoint() {
    let dir = TempDir::new("prove-sigterm");
    let checkpoint = dir.path().join("ckpt").join("a").join("1");
    let output = dir.path().join("parts").join("1.txt");
    let mut child = boggle()
        .args([
            "best",
            "--prove",
            "--size",
            "3x3",
            "--min-score",
            "600",
            "-j",
            "1",
        ])
        .arg("--resume")
        .arg(&checkpoint)
        .arg("--output")
        .arg(&output)
        .env("XDG_CACHE_HOME", dir.path().join("cache"))
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .spawn()
        .unwrap();
    wait_until_caught(&child, 15);
    // The checkpoint is written when the proof starts.
    let start = Instant::now();
    while !checkpoint.exists() {
        assert!(start.elapsed() < Duration::from_secs(60), "no checkpoint");
        std::thread::sleep(Duration::from_millis(10));
    }
    std::thread::sleep(Duration::from_millis(200));
    signal(&child, "TERM");
    assert_eq!(wait_briefly(&mut child).code(), Some(143));
    let saved = std::fs::read_to_string(&checkpoint).expect("the checkpoint was written");
    assert!(saved.contains("\n# part: 1/1\n"), "{saved}");
    assert!(saved.contains("\n# done: "), "{saved}");
    assert!(!output.exists(), "a stopped part leaves no output file");
    let merged = boggle()
        .args(["best", "--merge"])
        .arg(&checkpoint)
        .output()
        .unwrap();
    assert_eq!(merged.status.code(), Some(1));
    assert_eq!(
        String::from_utf8_lossy(&merged.stderr),
        "boggle: cannot merge: 1 part was not run to its end: 1/1\n"
    );
}
