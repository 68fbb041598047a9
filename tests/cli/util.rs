//! Running the binary and looking at what it did.

use std::io::Write;
use std::process::{Command, Output, Stdio};

/// What one run of `boggle` produced.
#[derive(Debug)]
pub struct Run {
    pub code: i32,
    pub stdout: String,
    pub stderr: String,
}

/// A `boggle` command with a clean environment: no `BOGGLE_DICT`, no colour,
/// and a cache directory of this test process's own. An earlier run's cache
/// is never seen: its entries would be stale against a fresh checkout's
/// modification times and add a warning to stderr.
pub fn boggle() -> Command {
    let cache = std::path::Path::new(env!("CARGO_TARGET_TMPDIR"))
        .join(format!("cache-{}", std::process::id()));
    let mut command = Command::new(env!("CARGO_BIN_EXE_boggle"));
    command
        .env_remove("BOGGLE_DICT")
        .env("NO_COLOR", "1")
        .env("XDG_CACHE_HOME", cache);
    command
}

/// Runs `boggle args...` with `stdin` as standard input.
pub fn run_with_stdin(args: &[&str], stdin: &[u8]) -> Run {
    run_command(boggle().args(args), stdin)
}

/// Runs `boggle args...` with empty standard input.
pub fn run(args: &[&str]) -> Run {
    run_with_stdin(args, b"")
}

/// Starts `boggle args...` with every standard stream piped, for tests that
/// feed and read it as it runs.
pub fn spawn(args: &[&str]) -> std::process::Child {
    boggle()
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the boggle binary runs")
}

/// Runs a prepared command, feeding it `stdin`.
pub fn run_command(command: &mut Command, stdin: &[u8]) -> Run {
    let mut child = command
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the boggle binary runs");
    let mut input = child.stdin.take().unwrap();
    let stdin = stdin.to_vec();
    // Feed stdin from a thread so a large input cannot deadlock on a full pipe.
    let feeder = std::thread::spawn(move || {
        let _ = input.write_all(&stdin);
    });
    let output: Output = child.wait_with_output().unwrap();
    feeder.join().unwrap();
    Run {
        code: output
            .status
            .code()
            .expect("boggle exits normally, not by a signal"),
        stdout: String::from_utf8(output.stdout).expect("stdout is UTF-8"),
        stderr: String::from_utf8(output.stderr).expect("stderr is UTF-8"),
    }
}

impl Run {
    /// Asserts exit code 0 and an empty stderr; returns stdout.
    #[track_caller]
    pub fn success(&self) -> &str {
        assert_eq!(self.code, 0, "stderr: {}", self.stderr);
        assert_eq!(self.stderr, "", "unexpected stderr");
        &self.stdout
    }

    /// Asserts the exit code and that stderr is one `boggle: ` line starting
    /// with `prefix` (after `boggle: `).
    #[track_caller]
    pub fn fails(&self, code: i32, prefix: &str) {
        assert_eq!(
            self.code, code,
            "stdout: {}\nstderr: {}",
            self.stdout, self.stderr
        );
        let message = self
            .stderr
            .strip_prefix("boggle: ")
            .unwrap_or_else(|| panic!("stderr does not start with 'boggle: ': {:?}", self.stderr));
        assert!(
            message.starts_with(prefix),
            "stderr {:?} does not start with {prefix:?}",
            self.stderr
        );
        assert_eq!(
            self.stderr.lines().count(),
            1,
            "not one line: {:?}",
            self.stderr
        );
    }
}
