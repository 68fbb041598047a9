//! The cache and the process under pressure (SPEC §7, §10): many processes
//! filling one cache entry at once, a cache that cannot be written, Ctrl-C
//! while a big word list is compiled, and a reader that stops after one line.

use std::io::{BufRead, BufReader};
use std::path::Path;
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

use crate::temp::{TempDir, file_names};
use crate::util::boggle;

/// `i` spelled in base 26 with the letters a–z, at least `len` letters.
fn letters(mut i: usize, len: usize) -> String {
    let mut word = String::new();
    while word.len() < len || i > 0 {
        word.push(char::from(b'a' + (i % 26) as u8));
        i /= 26;
    }
    word
}

/// A word list of `count` generated words and a few real ones.
fn word_list(count: usize, len: usize) -> String {
    let mut text = String::from("cat\nact\ntax\nzeta\n");
    for i in 0..count {
        text.push_str(&letters(i.wrapping_mul(2_654_435_761) % (1 << 40), len));
        text.push('\n');
    }
    text
}

/// `boggle args...` with its cache in `cache`.
fn cached(cache: &Path, args: &[&str]) -> Command {
    let mut command = boggle();
    command.args(args).env("XDG_CACHE_HOME", cache);
    command
}

#[test]
fn eight_processes_fill_one_entry() {
    let temp = TempDir::new("contention-eight");
    let list = temp.file("words.txt", word_list(5000, 5).as_bytes());
    let list = list.to_str().unwrap();
    let cache = temp.path().join("cache");
    let args = [
        "solve",
        "ca/xt",
        "zeta/bcde",
        "--format",
        "json",
        "--dict",
        list,
    ];
    let children: Vec<Child> = (0..8)
        .map(|_| {
            cached(&cache, &args)
                .stdout(Stdio::piped())
                .stderr(Stdio::piped())
                .spawn()
                .unwrap()
        })
        .collect();
    let outputs: Vec<_> = children
        .into_iter()
        .map(|child| child.wait_with_output().unwrap())
        .collect();
    let expected = boggle().args(args).arg("--no-cache").output().unwrap();
    assert!(expected.status.success());
    assert!(String::from_utf8_lossy(&expected.stdout).contains("\"word\":\"tax\""));
    for (index, output) in outputs.iter().enumerate() {
        assert_eq!(output.status.code(), Some(0), "process {index}: {output:?}");
        assert_eq!(
            String::from_utf8_lossy(&output.stderr),
            "",
            "process {index}"
        );
        assert_eq!(output.stdout, expected.stdout, "process {index}");
    }
    // One whole entry, perhaps with the stamp of its first check beside
    // it, and no temporary file.
    let entries = file_names(&cache.join("boggle"));
    let dicts: Vec<_> = entries
        .iter()
        .filter(|name| name.ends_with(".dict"))
        .collect();
    assert_eq!(dicts.len(), 1, "{entries:?}");
    let stem = dicts[0].trim_end_matches(".dict");
    assert!(
        entries
            .iter()
            .all(|name| *name == format!("{stem}.dict") || *name == format!("{stem}.checked")),
        "{entries:?}"
    );
    let verbose = cached(&cache, &args).arg("--verbose").output().unwrap();
    assert!(verbose.status.success());
    assert_eq!(verbose.stdout, expected.stdout);
    let stderr = String::from_utf8_lossy(&verbose.stderr);
    assert!(stderr.contains("': read\n"), "{stderr}");
    assert_eq!(file_names(&cache.join("boggle")), entries);
}

#[test]
fn cache_that_cannot_be_created_warns_once() {
    let temp = TempDir::new("contention-unwritable");
    let list = temp.file("words.txt", b"cat\nact\n");
    // The cache's parent is a regular file: no directory can be made there,
    // not even by root.
    let blocker = temp.file("not-a-directory", b"");
    for _ in 0..2 {
        let output = cached(
            &blocker,
            &["solve", "ca/xt", "--format", "summary", "--dict"],
        )
        .arg(&list)
        .output()
        .unwrap();
        assert_eq!(output.status.code(), Some(0), "{output:?}");
        assert_eq!(String::from_utf8_lossy(&output.stdout), "ca/xt\t2\t2\n");
        let stderr = String::from_utf8_lossy(&output.stderr);
        assert_eq!(stderr.lines().count(), 1, "{stderr}");
        let entry = blocker.join("boggle");
        assert!(
            stderr.starts_with(&format!(
                "boggle: warning: cannot write cache entry '{}/",
                entry.display()
            )) && stderr.ends_with(".dict': not a directory\n"),
            "{stderr}"
        );
    }
    assert_eq!(std::fs::read(&blocker).unwrap(), b"");
}

/// Sends SIGINT to `child`, as Ctrl-C does.
fn interrupt(child: &Child) {
    let status = Command::new("kill")
        .args(["-INT", &child.id().to_string()])
        .status()
        .unwrap();
    assert!(status.success());
}

/// Waits for `child` at most `limit`; kills it and fails when it is slower.
fn wait_at_most(child: &mut Child, limit: Duration) -> std::process::ExitStatus {
    let start = Instant::now();
    loop {
        if let Some(status) = child.try_wait().unwrap() {
            return status;
        }
        if start.elapsed() > limit {
            let _ = child.kill();
            let _ = child.wait();
            panic!("still running {limit:?} after Ctrl-C");
        }
        std::thread::sleep(Duration::from_millis(5));
    }
}

/// Exit code 130, or death by SIGINT: both are an interrupted run.
fn assert_interrupted(status: std::process::ExitStatus) {
    use std::os::unix::process::ExitStatusExt;
    assert!(
        status.code() == Some(130) || status.signal() == Some(2),
        "not an interrupted exit: {status}"
    );
}

#[test]
fn ctrl_c_while_compiling_leaves_no_partial_file() {
    let temp = TempDir::new("contention-ctrl-c");
    // Two million words: seconds of work, and an entry of a few hundred MB.
    let list = temp.file("big.txt", word_list(2_000_000, 9).as_bytes());
    let list = list.to_str().unwrap();
    let args = ["solve", "ca/xt", "--format", "summary", "--dict", list];

    // Early: while the words are read and the trie built.
    let cache = temp.path().join("early");
    let mut child = cached(&cache, &args)
        .stdout(Stdio::null())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    std::thread::sleep(Duration::from_millis(200));
    assert!(child.try_wait().unwrap().is_none(), "done before Ctrl-C");
    interrupt(&child);
    assert_interrupted(wait_at_most(&mut child, Duration::from_secs(5)));
    let entries = file_names(&cache.join("boggle"));
    assert!(
        entries.iter().all(|name| !name.ends_with(".tmp")),
        "{entries:?}"
    );

    // Late: while the entry's temporary file is being written. Watch the
    // cache directory for it, then interrupt.
    let mut caught = false;
    for attempt in 0..5 {
        let cache = temp.path().join(format!("late-{attempt}"));
        let dir = cache.join("boggle");
        let mut child = cached(&cache, &args)
            .stdout(Stdio::null())
            .stderr(Stdio::piped())
            .spawn()
            .unwrap();
        let seen = loop {
            if file_names(&dir).iter().any(|name| name.ends_with(".tmp")) {
                break true;
            }
            if child.try_wait().unwrap().is_some() {
                break false;
            }
            std::thread::sleep(Duration::from_millis(1));
        };
        if !seen {
            // Written faster than it could be seen: the run must have
            // finished well, with a whole entry and nothing else.
            assert!(child.wait().unwrap().success());
            let entries = file_names(&dir);
            assert!(
                entries
                    .iter()
                    .all(|name| name.ends_with(".dict") || name.ends_with(".checked")),
                "{entries:?}"
            );
            continue;
        }
        interrupt(&child);
        let status = wait_at_most(&mut child, Duration::from_secs(5));
        let entries = file_names(&dir);
        assert!(
            entries.iter().all(|name| !name.ends_with(".tmp")),
            "a partial file was left: {entries:?}"
        );
        if status.success() {
            // The write ended before the signal came (on a loaded machine,
            // starting `kill` can take longer than the write): a whole
            // entry was left, as checked above. Try again.
            continue;
        }
        assert_interrupted(status);
        caught = true;
        break;
    }
    assert!(caught, "no run was interrupted while writing its entry");
}

#[test]
fn reader_that_stops_after_one_line() {
    // boggle random -n 1000000 --seed 1 | boggle solve | head -1
    let mut random = boggle()
        .args(["random", "-n", "1000000", "--seed", "1"])
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let mut solve = boggle()
        .arg("solve")
        .stdin(Stdio::from(random.stdout.take().unwrap()))
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let mut head = BufReader::new(solve.stdout.take().unwrap());
    let mut first = String::new();
    head.read_line(&mut first).unwrap();
    assert_eq!(first, "# mwle/iadu/rsre/xpoo\n");
    // The read end closes here, as `head` exits.
    drop(head);
    let solve = solve.wait_with_output().unwrap();
    assert_eq!(solve.status.code(), Some(0));
    assert_eq!(String::from_utf8_lossy(&solve.stderr), "");
    // Its own reader gone, `boggle random` ends quietly too.
    let random = random.wait_with_output().unwrap();
    assert_eq!(random.status.code(), Some(0));
    assert_eq!(String::from_utf8_lossy(&random.stderr), "");
}
