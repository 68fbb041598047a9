//! `boggle play` in a real terminal: tmux runs the game in a pseudo-terminal
//! of 80×24, the test types into it (`send-keys`) and reads the screen
//! (`capture-pane`). Without tmux these tests say so loudly and pass,
//! except with `CI` set, where a missing tmux is a failure.

use std::path::Path;
use std::process::{Command, Output};
use std::time::{Duration, Instant};

use crate::temp::TempDir;
use crate::util::{boggle, run, run_command};

/// A tmux server of the test's own, killed when dropped.
struct Tmux {
    socket: String,
}

impl Tmux {
    /// A server running `command` (a shell command) in an 80×24 window;
    /// `None` when tmux is missing (outside CI).
    fn start(name: &str, command: &str) -> Option<Tmux> {
        Tmux::start_sized(name, command, (80, 24))
    }

    /// A server running `command` in a window of `(width, height)`.
    fn start_sized(name: &str, command: &str, (width, height): (u16, u16)) -> Option<Tmux> {
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
            &width.to_string(),
            "-y",
            &height.to_string(),
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

    /// The screen's text with its styles, as escape sequences.
    fn styled_screen(&self) -> String {
        let output = self.run(&["capture-pane", "-p", "-e", "-t", "game"]);
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
    game_command_with(dir, args, "NO_COLOR=1")
}

/// [`game_command`] with `env` (`NAME=value` …) as the environment's
/// settings.
fn game_command_with(dir: &Path, args: &str, env: &str) -> String {
    let dir = dir.display();
    format!(
        "cd '{dir}' && stty -a > before && \
         env {env} XDG_DATA_HOME='{dir}/data' XDG_CACHE_HOME='{dir}/cache' HOME='{dir}' \
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
    start_game_in(name, seed, args, history, (80, 24), "NO_COLOR=1", &[])
}

/// [`start_game`] in a window of `size`, with `env` as the environment's
/// settings and `files` (name, text) in its directory; `{dir}` in `args`
/// is that directory.
fn start_game_in(
    name: &str,
    seed: u64,
    args: &str,
    history: &str,
    size: (u16, u16),
    env: &str,
    files: &[(&str, &str)],
) -> Option<(TempDir, Tmux)> {
    let dir = TempDir::new(&format!("play-{name}"));
    std::fs::create_dir_all(dir.path().join("data/boggle")).unwrap();
    for (name, text) in files {
        dir.file(name, text.as_bytes());
    }
    dir.file("data/boggle/history.jsonl", history.as_bytes());
    let args = args.replace("{dir}", &dir.path().display().to_string());
    let command = game_command_with(dir.path(), &format!("--seed {seed} {args}"), env);
    let tmux = Tmux::start_sized(name, &command, size)?;
    tmux.wait_for(&format!("seed {seed} "), WAIT);
    Some((dir, tmux))
}

/// The screen's lines joined, the breaks of a wrapped command (` \\` and
/// the next line's indent) and the lines' edges taken out.
fn joined(screen: &str) -> String {
    screen
        .lines()
        .map(|line| line.trim().trim_end_matches(" \\"))
        .collect::<Vec<_>>()
        .join(" ")
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
    // Not a word and not on the board: one wording, typing and entered.
    tmux.text("xyzzy");
    tmux.wait_for(" > xyzzy   ✗ not on the board", WAIT);
    tmux.keys(&["Enter"]);
    tmux.wait_for(" not on the board: xyzzy", WAIT);
    tmux.text("zct");
    tmux.keys(&["Enter"]);
    tmux.wait_for(" not a word: zct", WAIT);
    tmux.text("cooties");
    tmux.keys(&["Enter"]);
    tmux.wait_for(" already found: cooties", WAIT);
    tmux.text("zs");
    tmux.wait_for(" > zs   ✗ not on the board", WAIT);
    // Ctrl-H erases a letter, as Backspace does.
    tmux.keys(&["C-h"]);
    let screen = tmux.wait_for(" > z\n", WAIT);
    assert!(!screen.contains(" > zs"), "{screen}");
    tmux.keys(&["C-w"]);
    // Esc asks before the game ends; any other key resumes.
    tmux.keys(&["Escape"]);
    tmux.wait_for(
        "End the game now? Esc or y: end it · any other key: resume",
        WAIT,
    );
    tmux.keys(&["x"]);
    tmux.wait_for(" Enter check word", WAIT);
    // The clock runs out (the keys' line is the end screen's last).
    tmux.wait_for("Game over", WAIT);
    let screen = tmux.wait_for(" r replay · n new board", WAIT);
    for expected in [
        "Score 5 of 194 (2%) · 1 of 146 words",
        // The player's own words first, each with its path.
        "│ You found 1 word ",
        "│▶ 5  cooties ",
        "│ You missed 145 words ",
        "│  5  coyotes ",
        // The path of cooties: c-o-o-t-i-e-s.
        "│  Z  │  C↘ │  T  │  S  │",
        "│  T↘ │  O← │  O← │  H  │",
        "You found COOTIES (7 letters, 5",
        "Best word: COOTIES (5 points)",
        "Your best 5, average 5.0 over 1",
        "Same board again: boggle play --seed 42 --dice new --time 12s",
        " warning: history '",
    ] {
        assert!(
            screen.contains(expected),
            "{expected:?} is not on\n{screen}"
        );
    }
    // Walking the missed words draws each one's path: c-o-y-o-t-e-s.
    tmux.keys(&["Down"]);
    let screen = tmux.wait_for("▶ 5  coyotes", WAIT);
    for expected in [
        "│  Z  │  C↓ │  T  │  S  │",
        "│  T  │  O↘ │  O↘ │  H  │",
        "│  F  │  I  │  Y↑ │  T↙ │",
        "│  I  │  S◊ │  E← │  B  │",
        "You missed COYOTES (7 letters, 5",
    ] {
        assert!(
            screen.contains(expected),
            "{expected:?} is not on\n{screen}"
        );
    }
    tmux.keys(&["Down"]);
    tmux.wait_for("▶ 3  cootie ", WAIT);
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
            r#""seed":42,"dice":"new","size":"4x4","time":12,"min_len":3,"lang":"en","min_board_score":10,"board":"zcts/tooh/fiyt/iseb","words":["cooties"],"score":5,"max":194}"#
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
fn nothing_to_copy_is_cut() {
    let seed = u64::MAX;
    // 80 columns: the whole seed in the title, the options of the command.
    let Some((dir, tmux)) = start_game("cut", seed, "--lang fr --min-len 4", "") else {
        return;
    };
    let screen = tmux.screen();
    let title = screen.lines().next().unwrap();
    assert!(title.contains(&format!("seed {seed}   ")), "{title}");
    assert!(title.contains("Time 3:00"), "{title}");
    tmux.keys(&["C-c"]);
    let screen = tmux.wait_for(" r replay · n new board", WAIT);
    // French rolls its own dice, which --lang fr picks again: no --dice.
    let command = format!("boggle play --seed {seed} --time 3m --min-len 4 --lang fr");
    assert!(joined(&screen).contains(&command), "{screen}");
    assert!(
        screen
            .lines()
            .next()
            .unwrap()
            .contains(&format!("seed {seed} "))
    );
    drop((dir, tmux));
    // 100 columns, a word list with a long name.
    let list = "a word list with a long name.txt";
    let Some((dir, tmux)) = start_game_in(
        "cut-dict",
        seed,
        &format!("--dict '{{dir}}/{list}' --time 2m --any-board"),
        "",
        (100, 30),
        "NO_COLOR=1",
        &[(list, "cat\ncats\nwind\nwinds\n")],
    ) else {
        return;
    };
    tmux.keys(&["C-c"]);
    let screen = tmux.wait_for(" r replay · n new board", WAIT);
    let path = dir.path().join(list);
    let command = format!(
        "boggle play --seed {seed} --dice new --time 2m --any-board --dict '{}'",
        path.display()
    );
    assert!(joined(&screen).contains(&command), "{screen}");
}

#[test]
fn always_colour_wins_over_no_color() {
    let Some((_dir, tmux)) = start_game("color", 42, "--color always", "") else {
        return;
    };
    tmux.text("co");
    tmux.wait_for(" > co", WAIT);
    // The path's first cell, black on green, and the next, yellow: crossterm
    // would write empty colours under NO_COLOR, which reset every style.
    let screen = tmux.styled_screen();
    // (tmux writes colours in the 256-colour form.)
    let cell = screen.lines().find(|line| line.contains("C↓")).unwrap();
    assert!(
        cell.contains("[48;5;2m") || cell.contains("[42m"),
        "{cell:?}"
    );
    let cell = screen.lines().find(|line| line.contains("O◊")).unwrap();
    assert!(
        cell.contains("[38;5;3m") || cell.contains("[33m"),
        "{cell:?}"
    );
    // Without colour, the path is in reverse.
    let Some((_dir, tmux)) = start_game("plain", 42, "", "") else {
        return;
    };
    tmux.text("co");
    tmux.wait_for(" > co", WAIT);
    let screen = tmux.styled_screen();
    let cell = screen.lines().find(|line| line.contains("O◊")).unwrap();
    assert!(cell.contains("\u{1b}[7m"), "{cell:?}");
    assert!(
        !cell.contains("[38;5;3m") && !cell.contains("[33m"),
        "{cell:?}"
    );
}

#[test]
fn the_end_screen_help_and_a_narrow_terminal() {
    let Some((dir, tmux)) = start_game("help", 42, "", "") else {
        return;
    };
    // Narrow: the game pauses and says how to resume, whole.
    assert!(
        tmux.run(&["resize-window", "-t", "game", "-x", "50", "-y", "24"])
            .status
            .success()
    );
    let screen = tmux.wait_for("The terminal is too small.", WAIT);
    assert!(
        joined(&screen).contains("make it larger, then press Ctrl-P to resume."),
        "{screen}"
    );
    assert!(
        tmux.run(&["resize-window", "-t", "game", "-x", "80", "-y", "24"])
            .status
            .success()
    );
    tmux.wait_for("Paused: Ctrl-P or F2 to resume", WAIT);
    tmux.keys(&["C-p"]);
    tmux.wait_for("Time 2:5", WAIT);
    tmux.keys(&["C-c"]);
    tmux.wait_for("Game over", WAIT);
    // The end screen's help is its own, and Esc closes it.
    std::thread::sleep(Duration::from_millis(1100));
    tmux.keys(&["?"]);
    let screen = tmux.wait_for("play this board again", WAIT);
    assert!(!screen.contains("Backspace"), "{screen}");
    tmux.keys(&["Escape"]);
    tmux.wait_for("│ You found no word", WAIT);
    std::thread::sleep(Duration::from_millis(300));
    assert!(
        !dir.path().join("result").exists(),
        "Esc closing the help quit"
    );
    tmux.keys(&["q"]);
    let result = wait_for_file(&dir.path().join("result"), WAIT);
    assert_eq!(result, "exit 0\ndone\n");
}

#[test]
fn two_escs_at_once_are_two_keys() {
    let Some((dir, tmux)) = start_game("escs", 7, "", "") else {
        return;
    };
    // Both in one write, as a quick double press or a paste sends them:
    // the first asks, the second answers.
    tmux.keys(&["Escape", "Escape"]);
    tmux.wait_for("Game over", WAIT);
    tmux.keys(&["Escape"]);
    let result = wait_for_file(&dir.path().join("result"), WAIT);
    assert_eq!(result, "exit 0\ndone\n");
}

#[test]
fn the_words_found_scroll_and_sort() {
    let Some((_dir, tmux)) = start_game("list", 42, "", "") else {
        return;
    };
    let words = [
        "cooties", "toothy", "coot", "toot", "tooth", "zoo", "soy", "yes", "coy", "coyotes",
        "cootie", "cotise", "coyote", "shotes", "tooths", "besit", "beths", "bytes", "coifs",
        "coofs", "coost",
    ];
    for word in words {
        tmux.text(word);
        tmux.keys(&["Enter"]);
    }
    // 17 of the 21 show, the newest first.
    let screen = tmux.wait_for("Found 21 words · newest first", WAIT);
    assert!(screen.contains("│  2  coost "), "{screen}");
    assert!(screen.contains(" 1–17 · PgUp PgDn "), "{screen}");
    assert!(!screen.contains("│  5  cooties "), "{screen}");
    tmux.keys(&["PageDown"]);
    let screen = tmux.wait_for(" 5–21 · PgUp PgDn ", WAIT);
    assert!(screen.contains("│  5  cooties "), "{screen}");
    tmux.keys(&["C-s"]);
    let screen = tmux.wait_for("Found 21 words · A to Z", WAIT);
    assert!(screen.contains("│  2  besit "), "{screen}");
    tmux.keys(&["F3"]);
    let screen = tmux.wait_for("Found 21 words · most points first", WAIT);
    assert!(screen.contains("│  5  cooties "), "{screen}");
}

#[test]
fn a_seed_drawn_by_the_game_is_printed() {
    let dir = TempDir::new("play-seed");
    let command = game_command(dir.path(), "--untimed");
    let Some(tmux) = Tmux::start("seed", &command) else {
        return;
    };
    let screen = tmux.wait_for("Untimed 0:0", WAIT);
    let title = screen.lines().next().unwrap();
    let seed = title
        .split("seed ")
        .nth(1)
        .unwrap()
        .split(' ')
        .next()
        .unwrap()
        .to_owned();
    tmux.keys(&["Escape"]);
    tmux.wait_for("End the game now?", WAIT);
    tmux.keys(&["y"]);
    tmux.wait_for("Game over", WAIT);
    tmux.keys(&["q"]);
    wait_for_file(&dir.path().join("result"), WAIT);
    let stderr = std::fs::read_to_string(dir.path().join("stderr")).unwrap();
    assert_eq!(stderr, format!("seed: {seed}\n"));
}

#[test]
fn the_help_and_a_word_list_from_standard_input() {
    let result = run(&["play", "--help"]);
    assert_eq!(result.code, 0);
    for expected in [
        "[default: 3 on boards of up to 16 cells, else 4]",
        "--untimed",
        "--min-board-score <N>",
        "[default: 10]",
        "--any-board",
        "is rolled again, from the same seeded generator",
        "not '-', since the game reads its keys from standard input",
    ] {
        assert!(
            result.stdout.contains(expected),
            "{expected:?} in\n{}",
            result.stdout
        );
    }
    let result = run(&["play", "--dict", "-"]);
    assert_eq!(result.code, 2);
    assert_eq!(
        result.stderr,
        "boggle: the game reads keys from standard input, so --dict cannot be '-': \
         give the word list's file\n"
    );
}

#[test]
fn not_a_terminal() {
    // TERM set, as the run's own may be anything (`dumb` under some CI).
    for (term, message) in [
        (
            "xterm",
            "the game needs a terminal: standard input and output must not be redirected",
        ),
        (
            "dumb",
            "the game needs a terminal that can move its cursor, and TERM is 'dumb'",
        ),
    ] {
        let result = run_command(
            boggle().args(["play", "--seed", "1"]).env("TERM", term),
            b"",
        );
        assert_eq!(result.code, 2);
        assert_eq!(result.stderr, format!("boggle: {message}\n"));
    }
    let result = run(&["play", "--time", "0"]);
    assert_eq!(result.code, 2);
    assert!(
        result
            .stderr
            .starts_with("boggle: invalid value '0' for '--time <DURATION>'")
    );
}
