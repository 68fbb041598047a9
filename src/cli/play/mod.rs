//! `boggle play`: a game in the terminal, timed or not (SPEC §13). The game itself
//! is the library's [`boggle::game`]; this module reads the options, puts
//! the terminal in game mode and back, reads keys into [`app::App`] and
//! draws it ([`draw`]), and keeps the history file.
//!
//! The terminal is restored however the game ends: on return, by a panic
//! hook, and by [`restore_terminal`], which the binary's signal handler
//! calls before it exits (SIGTERM, SIGHUP when the terminal closes).

mod app;
mod draw;
mod keys;

use std::io::{self, IsTerminal, Write};
use std::path::{Path, PathBuf};
use std::sync::Mutex;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};

use anyhow::Context;
use boggle::dice::DiceSet;
use boggle::dict::input::io_message;
use boggle::game::history::{self, Kind, Record};
use clap::{Args, ValueEnum};
use ratatui::crossterm::{cursor, execute, terminal};
use ratatui::layout::Rect;
use ratatui::prelude::CrosstermBackend;

use super::random::RollArgs;
use super::show::ColorArg;
use super::{DictArgs, Outcome, Usage};
use app::{Action, App, Settings};

const EXAMPLES: &str = "\
Keys:
  letters, Enter   type a word and have it checked
  Backspace        erase a letter (Ctrl-H too); Ctrl-W erases the line
  Up, Down         bring back earlier entries
  PgUp, PgDn       scroll the words found; Ctrl-S or F3 sorts them
  Tab              rotate the board a quarter turn
  Ctrl-P, F2       pause (the board is hidden)
  ?                help
  Esc              end the game (asks first); Ctrl-C ends it at once
  r, n, q          at the end: replay the board, a new board, quit;
                   Up and Down show the path of each word, found or missed

Boards: a board whose words are worth fewer points than --min-board-score
is rolled again, from the same seeded generator, so a seed is still always
the same game. --any-board plays the first board rolled, even one with no
word at all.

Games are kept in $XDG_DATA_HOME/boggle/history.jsonl
(else ~/.local/share/boggle/history.jsonl). At the end of a game, your best
and average score are over the games like it (same dice, size, time, word
list, minimum length and minimum board score) that were played to the end:
a game ended early with Esc, or an untimed game without a word, is kept but
not counted.

Examples:
  boggle play
  boggle play --dice big --time 2m
  boggle play --untimed --size 5x5
  boggle play --seed 42          # the same board for anyone who plays seed 42";

/// `--dict` as the game takes it: a file, never standard input, which
/// brings the keys.
const DICT_HELP: &str = "A word list file: plain text (one word per line), gzip, anagram \
lines, a trie stream, or a compiled dictionary; not '-', since the game reads its keys from \
standard input [env: BOGGLE_DICT, a default that --dict or --lang replaces; of --dict and \
--lang, the last given wins]";

/// `boggle play` options.
#[derive(Debug, Args)]
#[command(after_help = EXAMPLES, mut_arg("dict", |arg| arg.help(DICT_HELP)))]
pub struct PlayArgs {
    #[command(flatten)]
    roll: RollArgs,

    /// The game's time: 90, 90s, 3m or 1m30s [default: 3m; 4m with superbig dice]
    #[arg(long, value_name = "DURATION", value_parser = boggle::duration::parse_duration)]
    time: Option<Duration>,

    /// No time limit: the clock counts the time played, and the game ends
    /// when you end it (Esc)
    #[arg(long, conflicts_with = "time")]
    untimed: bool,

    /// Shortest word that counts [default: 3 on boards of up to 16 cells,
    /// else 4]
    #[arg(long, value_name = "N")]
    min_len: Option<usize>,

    /// Roll again any board whose words are worth fewer points than this
    /// (from the same seeded generator: a seed is still always the same
    /// game)
    #[arg(long, value_name = "N", default_value_t = boggle::game::MIN_BOARD_SCORE)]
    min_board_score: u64,

    /// Play the first board rolled, however poor: the same as
    /// --min-board-score 0
    #[arg(long, conflicts_with = "min_board_score")]
    any_board: bool,

    #[command(flatten)]
    dict: DictArgs,

    /// When to use colour: auto (unless NO_COLOR is set), always or never
    #[arg(long, value_enum, default_value_t = ColorArg::Auto, value_name = "WHEN")]
    color: ColorArg,
}

impl PlayArgs {
    pub fn run(self) -> anyhow::Result<Outcome> {
        if self.dict.takes_stdin() {
            return Err(Usage(
                "the game reads keys from standard input, so --dict cannot be '-': \
                 give the word list's file"
                    .to_owned(),
            )
            .into());
        }
        // A terminal that cannot move its cursor would get the game's
        // escape codes as text.
        if std::env::var_os("TERM").is_some_and(|term| term == "dumb") {
            return Err(Usage(
                "the game needs a terminal that can move its cursor, and TERM is 'dumb'".to_owned(),
            )
            .into());
        }
        if !io::stdin().is_terminal() || !io::stdout().is_terminal() {
            return Err(Usage(
                "the game needs a terminal: standard input and output must not be redirected"
                    .to_owned(),
            )
            .into());
        }
        if self
            .min_len
            .is_some_and(|n| n == 0 || n > boggle::dict::MAX_WORD_LEN)
        {
            return Err(Usage(format!(
                "--min-len must be from 1 to {}",
                boggle::dict::MAX_WORD_LEN
            ))
            .into());
        }
        let roller = self.roll.roller(self.dict.lang)?;
        let dict = self.dict.load()?;
        let time = match (self.untimed, self.time) {
            (true, _) => None,
            (false, Some(time)) => Some(time),
            (false, None) => Some(match roller.set() {
                DiceSet::SuperBig => Duration::from_secs(240),
                _ => Duration::from_secs(180),
            }),
        };
        let color = wants_color(self.color, std::env::var_os("NO_COLOR"));
        // The game decides on colour itself (NO_COLOR included): crossterm
        // must not also read NO_COLOR, or it writes empty colour codes
        // (`ESC[;m`) that reset every style, reverse and bold with them.
        ratatui::crossterm::style::force_color_output(true);
        let min_board_score = if self.any_board {
            0
        } else {
            self.min_board_score
        };
        let settings = Settings {
            replay_options: self.replay_options(&roller, time, min_board_score),
            kind: self.kind(&roller, time, min_board_score),
            roller,
            time,
            min_len: self.min_len,
            min_board_score,
            history: history_path(),
            color,
        };
        let mut drawn = Vec::new();
        let seed = self.roll.seed.unwrap_or_else(|| {
            let seed = boggle::dice::new_seed();
            drawn.push(seed);
            seed
        });
        let mut app = App::new(&dict, settings, seed, Instant::now());
        let result = play(&mut app);
        restore_terminal();
        // The seeds drawn here, so each game can be played again.
        drawn.append(&mut app.drawn_seeds);
        for seed in drawn {
            super::streams::say(format_args!("seed: {seed}"));
        }
        for warning in &app.warnings {
            super::streams::say(format_args!("boggle: warning: {warning}"));
        }
        result?;
        Ok(Outcome::Success)
    }

    /// The options after `--seed N` that play the same game again: every
    /// option that changes the board or the words, so a copied command
    /// never starts another game.
    fn replay_options(
        &self,
        roller: &boggle::Roller,
        time: Option<Duration>,
        min_board_score: u64,
    ) -> String {
        // A language's own dice are rolled again by its --lang below.
        let mut options = match roller.set() {
            DiceSet::Lang(_, false) => String::new(),
            DiceSet::Lang(_, true) => " --size 5x5".to_string(),
            set => format!(" --dice {}", set.name()),
        };
        if roller.set() == DiceSet::Uniform {
            let (rows, cols) = roller.size();
            options += &format!(" --size {rows}x{cols}");
        }
        match time {
            Some(time) => options += &format!(" --time {}", duration_text(time)),
            None => options += " --untimed",
        }
        if let Some(min_len) = self.min_len {
            options += &format!(" --min-len {min_len}");
        }
        match min_board_score {
            0 => options += " --any-board",
            boggle::game::MIN_BOARD_SCORE => {}
            n => options += &format!(" --min-board-score {n}"),
        }
        if let Some(lang) = self.dict.lang {
            options += &format!(" --lang {}", lang.code());
        }
        if let Some(path) = self.dict.path().filter(|_| self.dict.lang.is_none()) {
            options += &format!(" --dict {}", shell_word(&path.to_string_lossy()));
        }
        if let Some(format) = self.dict.dict_format.and_then(|f| f.to_possible_value()) {
            options += &format!(" --dict-format {}", format.get_name());
        }
        if self.dict.fold_accents {
            options += " --fold-accents";
        }
        options
    }

    /// The kind of game, as the history keys it.
    fn kind(&self, roller: &boggle::Roller, time: Option<Duration>, min_board_score: u64) -> Kind {
        let (rows, cols) = roller.size();
        let dict = self.dict.path().filter(|_| self.dict.lang.is_none());
        let lang = match (self.dict.lang, &dict) {
            (Some(lang), _) => Some(lang.code().to_owned()),
            (None, Some(_)) => None,
            (None, None) => Some(boggle::dict::bundled::Lang::En.code().to_owned()),
        };
        Kind {
            dice: roller.set().name().to_owned(),
            size: format!("{rows}x{cols}"),
            time: time.map_or(0, |time| time.as_secs()),
            min_len: 0,
            lang,
            dict: dict.map(|path| {
                std::path::absolute(&path)
                    .unwrap_or(path)
                    .display()
                    .to_string()
            }),
            fold_accents: self.dict.fold_accents,
            min_board_score,
        }
    }
}

/// `text` as one word for a shell: as it is when it holds nothing a shell
/// reads specially, else in single quotes.
fn shell_word(text: &str) -> String {
    let plain = !text.is_empty()
        && text
            .chars()
            .all(|c| c.is_alphanumeric() || "_-./:=+,@%".contains(c));
    if plain {
        text.to_owned()
    } else {
        format!("'{}'", text.replace('\'', r"'\''"))
    }
}

/// Whether to draw in colour: `--color`, and with `auto`, unless
/// `NO_COLOR` is set to something (no-color.org).
fn wants_color(choice: ColorArg, no_color: Option<std::ffi::OsString>) -> bool {
    match choice {
        ColorArg::Always => true,
        ColorArg::Never => false,
        ColorArg::Auto => no_color.is_none_or(|value| value.is_empty()),
    }
}

/// A duration the way `--time` takes it: `3m`, `90s`, `1m30s`.
fn duration_text(time: Duration) -> String {
    let seconds = time.as_secs();
    match (seconds / 60, seconds % 60) {
        (0, seconds) => format!("{seconds}s"),
        (minutes, 0) => format!("{minutes}m"),
        (minutes, seconds) => format!("{minutes}m{seconds}s"),
    }
}

/// Whether the terminal is in game mode (raw, alternate screen).
static GAME_MODE: AtomicBool = AtomicBool::new(false);

/// Held while a frame is drawn, so a signal handler restoring the terminal
/// does not interleave its output with a frame's.
static DRAWING: Mutex<()> = Mutex::new(());

/// Puts the terminal back as it was, if a game changed it. Safe to call
/// from any thread and more than once; the binary's signal handler calls
/// it before exiting.
pub fn restore_terminal() {
    let _drawing = DRAWING
        .lock()
        .unwrap_or_else(|poisoned| poisoned.into_inner());
    leave_game_mode();
}

fn leave_game_mode() {
    if GAME_MODE.swap(false, Ordering::SeqCst) {
        let _ = terminal::disable_raw_mode();
        let _ = execute!(io::stdout(), terminal::LeaveAlternateScreen, cursor::Show);
    }
}

fn enter_game_mode() -> io::Result<()> {
    GAME_MODE.store(true, Ordering::SeqCst);
    terminal::enable_raw_mode()?;
    execute!(io::stdout(), terminal::EnterAlternateScreen)?;
    Ok(())
}

/// Runs the game until the player quits.
fn play(app: &mut App) -> anyhow::Result<()> {
    let previous = std::panic::take_hook();
    std::panic::set_hook(Box::new(move |info| {
        leave_game_mode();
        previous(info);
    }));
    enter_game_mode().context("terminal")?;
    let mut terminal =
        ratatui::Terminal::new(CrosstermBackend::new(io::stdout())).context("terminal")?;
    let mut keys = keys::Keys::start();
    loop {
        let now = Instant::now();
        app.tick(now);
        let size = terminal.size().context("terminal")?;
        let fits = draw::fits(app, Rect::new(0, 0, size.width, size.height));
        app.fit(fits, now);
        {
            let _drawing = DRAWING
                .lock()
                .unwrap_or_else(|poisoned| poisoned.into_inner());
            if !GAME_MODE.load(Ordering::SeqCst) {
                return Ok(());
            }
            terminal
                .draw(|frame| draw::draw(frame, app, now))
                .context("terminal")?;
        }
        // A new size is drawn on the next round, a tenth of a second on.
        let pressed = match keys.wait(Duration::from_millis(100)) {
            keys::Input::Keys(pressed) => pressed,
            keys::Input::Closed => return Ok(()),
        };
        for key in pressed {
            if app.key(key, Instant::now()) == Action::Quit {
                return Ok(());
            }
        }
    }
}

/// The history file: `$XDG_DATA_HOME/boggle/history.jsonl`, else
/// `~/.local/share/boggle/history.jsonl`; `None` without either.
fn history_path() -> Option<PathBuf> {
    let base = match std::env::var_os("XDG_DATA_HOME") {
        Some(dir) if Path::new(&dir).is_absolute() => PathBuf::from(dir),
        _ => PathBuf::from(std::env::var_os("HOME")?).join(".local/share"),
    };
    Some(base.join("boggle").join("history.jsonl"))
}

/// Appends `record` to the history at `path`: the records it now holds
/// (the new one last), and warnings for what could not be read or written.
fn save(path: &Path, record: &Record) -> (Vec<Record>, Vec<String>) {
    let name = format!("history '{}'", path.display());
    let mut warnings = Vec::new();
    // A last line cut short (a full disk, a crash) is ended before the new
    // one, so it costs one damaged line rather than two.
    let mut line = Vec::new();
    let mut records = match std::fs::read(path) {
        Ok(bytes) => {
            if bytes.last().is_some_and(|&byte| byte != b'\n') {
                line.push(b'\n');
            }
            let read = history::read(&String::from_utf8_lossy(&bytes));
            warnings.extend(read.warnings.iter().map(|w| format!("{name}: {w}")));
            read.records
        }
        Err(error) if error.kind() == io::ErrorKind::NotFound => Vec::new(),
        Err(error) => {
            warnings.push(format!("{name}: {}", io_message(&error)));
            Vec::new()
        }
    };
    let written = path
        .parent()
        .map_or(Ok(()), std::fs::create_dir_all)
        .and_then(|()| {
            let mut file = std::fs::OpenOptions::new()
                .create(true)
                .append(true)
                .open(path)?;
            history::write(&mut line, record)?;
            file.write_all(&line)
        });
    if let Err(error) = written {
        warnings.push(format!(
            "{name}: the game was not saved: {}",
            io_message(&error)
        ));
    }
    records.push(record.clone());
    (records, warnings)
}

#[cfg(test)]
mod tests;
