//! `boggle play` in a real terminal: tmux runs the game in a pseudo-terminal
//! of 80×24, the test types into it (`send-keys`) and reads the screen
//! (`capture-pane`). Without tmux these tests say so loudly and pass,
//! except with `CI` set, where a missing tmux is a failure.

use std::path::Path;
use std::process::{Command, Output};
use std::time::{Duration, Instant};

use crate::temp::TempDir;
use crate::util::run;

/// A tmux server of the test's own, killed when dropped.
struct Tmux {
    socket: String,
}

impl Tmux {
    /// A server running `command` (a shell command) in an 80×24 window;
    /// `None` when tmux is missing (outside CI).
    fn start(name: &str, command: &str) -> Option<Tmux> {
        let found = Command::new("tmux")
            .arg("-V")
            .output()
            .is_ok_and(|output| output.status.success());
        if !crate::tools::available(found, "tmux", "the terminal tests of boggle play", "tmux") {
            return None;
        }
        let tmux = Tmux {
            socket: format!("boggle-{name}-{}", std::process::id()),
        };
        let started = tmux.run(&[
            "-f",
            "/dev/null",
            "new-session",
            "-d",
            "-s",
            "game",
            "-x",
            "80",
            "-y",
            "24",
            command,
        ]);
        assert!(started.status.success(), "tmux: {started:?}");
        Some(tmux)
    }

    fn run(&self, args: &[&str]) -> Output {
        Command::new("tmux")
            .args(["-L", &self.socket])
            .args(args)
            .env_remove("TMUX")
            .output()
            .expect("tmux runs")
    }

    /// The screen's text.
    fn screen(&self) -> String {
        let output = self.run(&["capture-pane", "-p", "-t", "game"]);
        String::from_utf8_lossy(&output.stdout).into_owned()
    }

    /// Types `keys` (tmux key names, such as `Enter` or `C-p`).
    fn keys(&self, keys: &[&str]) {
        let mut args = vec!["send-keys", "-t", "game"];
        args.extend(keys);
        assert!(self.run(&args).status.success());
    }

    /// Types `text` literally.
    fn text(&self, text: &str) {
        assert!(
            self.run(&["send-keys", "-t", "game", "-l", text])
                .status
                .success()
        );
    }

    /// A value of the pane, such as `#{alternate_on}`.
    fn pane(&self, format: &str) -> String {
        let output = self.run(&["display-message", "-p", "-t", "game", format]);
        String::from_utf8_lossy(&output.stdout).trim().to_owned()
    }

    /// Waits until the screen shows `text`; returns the screen.
    #[track_caller]
    fn wait_for(&self, text: &str, limit: Duration) -> String {
        let start = Instant::now();
        loop {
            let screen = self.screen();
            if screen.contains(text) {
                return screen;
            }
            assert!(
                start.elapsed() < limit,
                "the screen never showed {text:?}; it shows:\n{screen}"
            );
            std::thread::sleep(Duration::from_millis(50));
        }
    }
}

impl Drop for Tmux {
    fn drop(&mut self) {
        let _ = self.run(&["kill-server"]);
    }
}

/// Waits until the file at `path` exists and is complete (the shell writes
/// it and then the marker `done`).
#[track_caller]
fn wait_for_file(path: &Path, limit: Duration) -> String {
    let start = Instant::now();
    loop {
        let text = std::fs::read_to_string(path).unwrap_or_default();
        if text.ends_with("done\n") {
            return text;
        }
        assert!(start.elapsed() < limit, "{} never came", path.display());
        std::thread::sleep(Duration::from_millis(50));
    }
}

/// The shell command that records the terminal's settings, runs `boggle
/// play args` (standard error to the file `stderr`), then records its exit code and the settings again, all in
/// `dir`; it stays open so the screen can still be read.
fn game_command(dir: &Path, args: &str) -> String {
    let dir = dir.display();
    format!(
        "cd '{dir}' && stty -a > before && \
         env NO_COLOR=1 XDG_DATA_HOME='{dir}/data' XDG_CACHE_HOME='{dir}/cache' HOME='{dir}' \
         '{}' play {args} 2> stderr; \
         code=$?; stty -a > after; printf 'exit %s\\ndone\\n' $code > result; sleep 60",
        env!("CARGO_BIN_EXE_boggle")
    )
}

const WAIT: Duration = Duration::from_secs(20);

/// Starts `boggle play args` in a terminal of its own, in a fresh
/// directory for the test `name` with `history` as the history file's
/// text; waits for the board of `seed`.
fn start_game(name: &str, seed: u64, args: &str, history: &str) -> Option<(TempDir, Tmux)> {
    let dir = TempDir::new(&format!("play-{name}"));
    std::fs::create_dir_all(dir.path().join("data/boggle")).unwrap();
    dir.file("data/boggle/history.jsonl", history.as_bytes());
    let command = game_command(dir.path(), &format!("--seed {seed} {args}"));
    let tmux = Tmux::start(name, &command)?;
    tmux.wait_for(&format!("seed {seed} "), WAIT);
    Some((dir, tmux))
}

#[test]
fn a_whole_game_in_a_terminal() {
    let Some((dir, tmux)) = start_game("game", 42, "--time 12s", "a damaged line\n") else {
        return;
    };
    // The board `boggle random --seed 42` prints: zcts/tooh/fiyt/iseb.
    let screen = tmux.screen();
    assert!(screen.contains("│  Z  │  C  │  T  │  S  │"), "{screen}");
    assert_eq!(tmux.pane("#{alternate_on}"), "1");
    // The path of the letters typed so far lights up as they are typed.
    tmux.text("coot");
    let screen = tmux.wait_for(" > coot", WAIT);
    assert!(screen.contains("│  Z  │  C↓ │  T◊ │  S  │"), "{screen}");
    assert!(screen.contains("│  T  │  O→ │  O↑ │  H  │"), "{screen}");
    tmux.text("ies");
    tmux.keys(&["Enter"]);
    tmux.wait_for(" +5 points: cooties", WAIT);
    tmux.wait_for("Score 5 of 194", WAIT);
    tmux.text("xyzzy");
    tmux.keys(&["Enter"]);
    tmux.wait_for(" not a word: xyzzy", WAIT);
    tmux.text("cooties");
    tmux.keys(&["Enter"]);
    tmux.wait_for(" already found: cooties", WAIT);
    tmux.text("zs");
    tmux.wait_for(" > zs   ✗ no path on the board", WAIT);
    tmux.keys(&["C-w"]);
    // The clock runs out.
    let screen = tmux.wait_for("Game over", WAIT);
    for expected in [
        "Score 5 of 194 (2%) · 1 of 146 words",
        "Missed 145",
        "▶ 5  coyotes",
        // Its path: c-o-y-o-t-e-s.
        "│  Z  │  C↓ │  T  │  S  │",
        "│  T  │  O↘ │  O↘ │  H  │",
        "│  F  │  I  │  Y↑ │  T↙ │",
        "│  I  │  S◊ │  E← │  B  │",
        "On the board: COYOTES (7 letters)",
        "Best word: COOTIES (5 points)",
        "Your games with new dice, 0:12:",
        "  best 5, average 5.0 over 1 game",
        "Same board again: boggle play --seed 42 --dice new --time 12s",
        " warning: history '",
    ] {
        assert!(
            screen.contains(expected),
            "{expected:?} is not on\n{screen}"
        );
    }
    // Walking the missed words draws each one's path.
    tmux.keys(&["Down"]);
    let screen = tmux.wait_for("▶ 3  cootie", WAIT);
    assert!(screen.contains("│  T↘ │  O← │  O← │  H  │"), "{screen}");
    // For a second after the clock ends a game, letters are ignored.
    std::thread::sleep(Duration::from_millis(1100));
    tmux.keys(&["q"]);
    let result = wait_for_file(&dir.path().join("result"), WAIT);
    assert_eq!(result, "exit 0\ndone\n");
    // The damaged line costs a warning, printed once the game is over.
    let stderr = std::fs::read_to_string(dir.path().join("stderr")).unwrap();
    let warning = format!(
        "boggle: warning: history '{}': line 1: skipped, not a game record (expected value at line 1 column 1)\n",
        dir.path().join("data/boggle/history.jsonl").display()
    );
    assert_eq!(stderr, warning);
    // The terminal is back as it was: settings, main screen.
    let before = std::fs::read_to_string(dir.path().join("before")).unwrap();
    let after = std::fs::read_to_string(dir.path().join("after")).unwrap();
    assert_eq!(before, after);
    assert!(
        after.contains(" icanon ") && after.contains(" echo "),
        "{after}"
    );
    assert_eq!(tmux.pane("#{alternate_on}"), "0");
    let history = std::fs::read_to_string(dir.path().join("data/boggle/history.jsonl")).unwrap();
    let lines: Vec<&str> = history.lines().collect();
    assert_eq!(lines.len(), 2, "{history}");
    assert_eq!(lines[0], "a damaged line");
    assert!(
        lines[1].contains(
            r#""seed":42,"dice":"new","size":"4x4","board":"zcts/tooh/fiyt/iseb","time":12,"words":["cooties"],"score":5,"max":194}"#
        ),
        "{history}"
    );
}

/// The process id of the `boggle` the pane's shell runs.
fn game_pid(tmux: &Tmux) -> String {
    let shell = tmux.pane("#{pane_pid}");
    let children = format!("/proc/{shell}/task/{shell}/children");
    let start = Instant::now();
    loop {
        let pids = std::fs::read_to_string(&children).unwrap_or_default();
        if let Some(pid) = pids.split_whitespace().next() {
            return pid.to_owned();
        }
        assert!(start.elapsed() < WAIT, "no game runs in the pane");
        std::thread::sleep(Duration::from_millis(50));
    }
}

#[test]
fn a_terminated_game_restores_the_terminal() {
    let Some((dir, tmux)) = start_game("term", 7, "", "") else {
        return;
    };
    tmux.text("abc");
    tmux.wait_for(" > abc", WAIT);
    let killed = Command::new("kill")
        .args(["-TERM", &game_pid(&tmux)])
        .status()
        .unwrap();
    assert!(killed.success());
    let result = wait_for_file(&dir.path().join("result"), WAIT);
    assert_ne!(result, "exit 0\ndone\n");
    let before = std::fs::read_to_string(dir.path().join("before")).unwrap();
    let after = std::fs::read_to_string(dir.path().join("after")).unwrap();
    assert_eq!(before, after);
    assert_eq!(tmux.pane("#{alternate_on}"), "0");
}

#[test]
fn a_closed_terminal_ends_the_game() {
    let Some((_dir, tmux)) = start_game("hup", 7, "", "") else {
        return;
    };
    let pid = game_pid(&tmux);
    assert!(tmux.run(&["kill-pane", "-t", "game"]).status.success());
    let start = Instant::now();
    while Path::new(&format!("/proc/{pid}")).exists() {
        assert!(start.elapsed() < WAIT, "the game outlived its terminal");
        std::thread::sleep(Duration::from_millis(50));
    }
}

#[test]
fn not_a_terminal() {
    let result = run(&["play", "--seed", "1"]);
    assert_eq!(result.code, 2);
    assert_eq!(
        result.stderr,
        "boggle: the game needs a terminal: standard input and output must not be redirected\n"
    );
    let result = run(&["play", "--time", "0"]);
    assert_eq!(result.code, 2);
    assert!(
        result
            .stderr
            .starts_with("boggle: invalid value '0' for '--time <DURATION>'")
    );
}
