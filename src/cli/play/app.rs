//! The state of the terminal game and what each key does to it. Nothing
//! here draws or touches the terminal: [`App::key`] takes a key and the
//! time, and the screen is drawn from the state by `draw`.

use std::path::PathBuf;
use std::time::{Duration, Instant};

use boggle::Dictionary;
use boggle::dice::Roller;
use boggle::game::history::{self, Kind, Record, Standing};
use boggle::game::{BoardWord, Clock, Game, Summary, Verdict, View};
use ratatui::crossterm::event::{KeyCode, KeyEvent, KeyModifiers};

/// How long after the clock ends a game the end screen ignores letters,
/// so the word the player was typing does not replay or quit the game.
const GRACE: Duration = Duration::from_secs(1);

/// How long the verdict on an entry stays on the status line.
const FLASH: Duration = Duration::from_millis(1500);

/// The most letters the line takes: longer than any word in a dictionary.
const MAX_TYPED: usize = 64;

/// How many words Page Up and Page Down move a list by.
const PAGE: usize = 10;

/// What stays the same from one game to the next.
#[derive(Debug)]
pub struct Settings {
    pub roller: Roller,
    /// The game's time; `None` for an untimed game.
    pub time: Option<Duration>,
    pub min_len: Option<usize>,
    /// Boards worth fewer points are rolled again (0: any board).
    pub min_board_score: u64,
    /// The kind of game, as the history keys it (the minimum length is
    /// the game's own).
    pub kind: Kind,
    /// The options after `--seed N` in the command that replays a game.
    pub replay_options: String,
    /// The history file; `None` when there is no home to put it in.
    pub history: Option<PathBuf>,
    /// Whether to draw in colour.
    pub color: bool,
}

/// Where the game is.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Mode {
    Playing,
    /// Esc was pressed with time left: the player is asked to confirm.
    Confirming,
    /// The clock stands still and the board is hidden.
    Paused,
    /// The end screen.
    Over,
}

/// A message on the status line for a short while.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Flash {
    pub text: String,
    /// Good news (points) or not.
    pub good: bool,
    pub until: Instant,
}

/// The order of the words found, as the list beside the board shows them.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Order {
    Newest,
    Alphabetical,
    Points,
}

impl Order {
    fn next(self) -> Order {
        match self {
            Order::Newest => Order::Alphabetical,
            Order::Alphabetical => Order::Points,
            Order::Points => Order::Newest,
        }
    }

    /// How the list's title names the order.
    pub fn name(self) -> &'static str {
        match self {
            Order::Newest => "newest first",
            Order::Alphabetical => "A to Z",
            Order::Points => "most points first",
        }
    }
}

/// The end of a game, as the end screen shows it.
#[derive(Debug)]
pub struct End {
    pub summary: Summary,
    /// The player's best and average over the games of the same kind.
    pub standing: Option<Standing>,
    /// Whether this game counts in the standing (see [`Record::counts`]).
    pub counted: bool,
    /// The word whose path is drawn: an index in the player's words
    /// (`summary.found_words`) followed by the missed ones.
    pub selected: usize,
    /// Until when letters are ignored (see [`GRACE`]).
    pub grace_until: Instant,
}

impl End {
    /// How many words the end screen lists: found, then missed.
    pub fn len(&self) -> usize {
        self.summary.found_words.len() + self.summary.missed.len()
    }

    /// The selected word, and whether the player found it.
    pub fn selected_word(&self) -> Option<(&BoardWord, bool)> {
        let found = &self.summary.found_words;
        match found.get(self.selected) {
            Some(word) => Some((word, true)),
            None => self
                .summary
                .missed
                .get(self.selected - found.len())
                .map(|word| (word, false)),
        }
    }
}

/// What the caller does after a key.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Action {
    Continue,
    Quit,
}

/// The whole state of the terminal game.
#[derive(Debug)]
pub struct App<'d> {
    pub dict: &'d Dictionary,
    pub settings: Settings,
    pub seed: u64,
    pub game: Game<'d>,
    pub clock: Clock,
    pub view: View,
    pub mode: Mode,
    /// Whether the key help is shown.
    pub help: bool,
    /// The line being typed.
    pub typed: String,
    /// The order of the list of words found.
    pub order: Order,
    /// How many words of that list are scrolled past.
    pub scroll: usize,
    /// The seeds the game drew itself (rather than given with `--seed`),
    /// in the order played, to be printed once the game is over.
    pub drawn_seeds: Vec<u64>,
    /// The entries made, oldest first, for Up to recall.
    pub entries: Vec<String>,
    /// The entry Up recalled, an index in `entries`.
    pub recalled: Option<usize>,
    pub flash: Option<Flash>,
    /// Warnings, shown on the status line and printed once the terminal is
    /// restored.
    pub warnings: Vec<String>,
    pub end: Option<End>,
    /// Whether the terminal was last found large enough to show the game.
    pub fits: bool,
}

impl<'d> App<'d> {
    /// A new game on the board `seed` rolls, started at `now`.
    pub fn new(dict: &'d Dictionary, settings: Settings, seed: u64, now: Instant) -> App<'d> {
        let game = new_game(dict, &settings, seed);
        let (rows, cols) = settings.roller.size();
        App {
            dict,
            clock: Clock::new(settings.time, now),
            settings,
            seed,
            game,
            view: View::new(rows, cols),
            mode: Mode::Playing,
            help: false,
            typed: String::new(),
            order: Order::Newest,
            scroll: 0,
            drawn_seeds: Vec::new(),
            entries: Vec::new(),
            recalled: None,
            flash: None,
            warnings: Vec::new(),
            end: None,
            fits: true,
        }
    }

    /// Starts a game on the board `seed` rolls, keeping the settings and
    /// the warnings.
    fn restart(&mut self, seed: u64, now: Instant) {
        self.game = new_game(self.dict, &self.settings, seed);
        self.seed = seed;
        self.clock = Clock::new(self.settings.time, now);
        self.mode = Mode::Playing;
        self.help = false;
        self.typed.clear();
        self.scroll = 0;
        self.entries.clear();
        self.recalled = None;
        self.flash = None;
        self.end = None;
    }

    /// The words found, in the order the list shows them.
    pub fn found_list(&self) -> Vec<&BoardWord> {
        let mut words: Vec<&BoardWord> = self.game.found().rev().collect();
        match self.order {
            Order::Newest => {}
            Order::Alphabetical => words.sort_by(|a, b| a.word.cmp(&b.word)),
            Order::Points => words.sort_by(|a, b| {
                (b.score, b.len)
                    .cmp(&(a.score, a.len))
                    .then_with(|| a.word.cmp(&b.word))
            }),
        }
        words
    }

    /// The command that plays this board again.
    pub fn replay_command(&self) -> String {
        format!(
            "boggle play --seed {}{}",
            self.seed, self.settings.replay_options
        )
    }

    /// The path of the letters typed so far: `None` when the board has none.
    pub fn typed_path(&self) -> Option<Vec<u32>> {
        self.game.typed_path(&self.typed)
    }

    /// The flash still showing at `now`.
    pub fn flash_at(&self, now: Instant) -> Option<&Flash> {
        self.flash.as_ref().filter(|flash| now < flash.until)
    }

    /// Ends the game when its time is up.
    pub fn tick(&mut self, now: Instant) {
        if self.mode != Mode::Over && self.clock.is_over(now) {
            self.finish(now);
            if let Some(end) = &mut self.end {
                end.grace_until = now + GRACE;
            }
        }
    }

    /// Pauses the game when the terminal is too small to show it (a
    /// question to end the game, which that screen cannot show, is
    /// dropped).
    pub fn fit(&mut self, fits: bool, now: Instant) {
        self.fits = fits;
        if !fits && matches!(self.mode, Mode::Playing | Mode::Confirming) {
            self.pause(now);
        }
    }

    /// Whether the board is hidden: while the clock stands still, even
    /// while the player is asked whether to end the game.
    pub fn board_hidden(&self) -> bool {
        self.mode != Mode::Over && self.clock.is_paused()
    }

    /// Handles one key pressed at `now`.
    pub fn key(&mut self, key: KeyEvent, now: Instant) -> Action {
        // Esc and a key typed right after it look like one Alt key to a
        // reader that does not split them (the game's own does): it is
        // taken as the two keys the player pressed.
        if key.modifiers == KeyModifiers::ALT && matches!(key.code, KeyCode::Char(_)) {
            if self.key(KeyEvent::new(KeyCode::Esc, KeyModifiers::NONE), now) == Action::Quit {
                return Action::Quit;
            }
            return self.key(KeyEvent::new(key.code, KeyModifiers::NONE), now);
        }
        self.tick(now);
        let control = key.modifiers.contains(KeyModifiers::CONTROL);
        if control && key.code == KeyCode::Char('c') {
            if self.mode == Mode::Over {
                return Action::Quit;
            }
            self.finish(now);
            return Action::Continue;
        }
        // A screen too small to show the game shows only how to go on:
        // no key but Ctrl-C acts on what it cannot show.
        if !self.fits && self.mode != Mode::Over {
            return Action::Continue;
        }
        match self.mode {
            Mode::Playing => self.play_key(key, control, now),
            Mode::Confirming => self.confirm_key(key, now),
            Mode::Paused => self.paused_key(key, control, now),
            Mode::Over => return self.end_key(key, now),
        }
        Action::Continue
    }

    fn play_key(&mut self, key: KeyEvent, control: bool, now: Instant) {
        match key.code {
            KeyCode::Char('p') if control => self.pause(now),
            KeyCode::F(2) => self.pause(now),
            KeyCode::Char('w' | 'u') if control => self.typed.clear(),
            // Ctrl-H is what many terminals send for Backspace.
            KeyCode::Char('h') if control => {
                self.typed.pop();
            }
            KeyCode::Char('s') if control => {
                self.order = self.order.next();
                self.scroll = 0;
            }
            KeyCode::F(3) => {
                self.order = self.order.next();
                self.scroll = 0;
            }
            KeyCode::PageUp => self.scroll = self.scroll.saturating_sub(PAGE),
            KeyCode::PageDown => {
                let last = self.game.found().len().saturating_sub(1);
                self.scroll = (self.scroll + PAGE).min(last);
            }
            KeyCode::Char('?') => self.help = !self.help,
            KeyCode::Char(letter)
                if !control
                    && !key.modifiers.contains(KeyModifiers::ALT)
                    && letter.is_alphabetic()
                    && self.typed.chars().count() < MAX_TYPED =>
            {
                self.typed.extend(letter.to_lowercase());
                self.recalled = None;
            }
            KeyCode::Backspace => {
                self.typed.pop();
            }
            KeyCode::Enter => self.enter(now),
            KeyCode::Tab => self.view = self.view.turned(),
            KeyCode::Up => self.recall(-1),
            KeyCode::Down => self.recall(1),
            KeyCode::Esc if self.help => self.help = false,
            KeyCode::Esc => self.mode = Mode::Confirming,
            _ => {}
        }
    }

    fn confirm_key(&mut self, key: KeyEvent, now: Instant) {
        match key.code {
            KeyCode::Esc | KeyCode::Char('y' | 'Y') => self.finish(now),
            _ => {
                self.mode = if self.clock.is_paused() {
                    Mode::Paused
                } else {
                    Mode::Playing
                }
            }
        }
    }

    fn paused_key(&mut self, key: KeyEvent, control: bool, now: Instant) {
        match key.code {
            KeyCode::Char('p') if control => self.resume(now),
            KeyCode::F(2) => self.resume(now),
            KeyCode::Char('?') => self.help = !self.help,
            KeyCode::Esc if self.help => self.help = false,
            KeyCode::Esc => self.mode = Mode::Confirming,
            _ => {}
        }
    }

    fn end_key(&mut self, key: KeyEvent, now: Instant) -> Action {
        let missed = self.end.as_ref().map_or(0, End::len);
        let in_grace = self.end.as_ref().is_some_and(|end| now < end.grace_until);
        if in_grace && matches!(key.code, KeyCode::Char(_) | KeyCode::Enter) {
            return Action::Continue;
        }
        let step = |end: &mut End, by: isize| {
            let last = missed.saturating_sub(1) as isize;
            end.selected = (end.selected as isize + by).clamp(0, last) as usize;
        };
        match key.code {
            KeyCode::Esc | KeyCode::Char('?') if self.help => self.help = false,
            KeyCode::Char('q' | 'Q') | KeyCode::Esc => return Action::Quit,
            KeyCode::Char('r' | 'R') => self.restart(self.seed, now),
            KeyCode::Char('n' | 'N') => {
                let seed = boggle::dice::new_seed();
                self.drawn_seeds.push(seed);
                self.restart(seed, now);
            }
            KeyCode::Char('?') => self.help = !self.help,
            KeyCode::Tab => self.view = self.view.turned(),
            code => {
                let by = match code {
                    KeyCode::Up | KeyCode::Char('k') => -1,
                    KeyCode::Down | KeyCode::Char('j') => 1,
                    KeyCode::PageUp => -10,
                    KeyCode::PageDown => 10,
                    KeyCode::Home => -(missed as isize),
                    KeyCode::End => missed as isize,
                    _ => 0,
                };
                if let Some(end) = &mut self.end {
                    step(end, by);
                }
            }
        }
        Action::Continue
    }

    fn pause(&mut self, now: Instant) {
        self.clock.pause(now);
        self.mode = Mode::Paused;
    }

    fn resume(&mut self, now: Instant) {
        self.clock.resume(now);
        self.mode = Mode::Playing;
    }

    /// Judges the line typed.
    fn enter(&mut self, now: Instant) {
        let typed = std::mem::take(&mut self.typed);
        self.recalled = None;
        let verdict = self.game.judge(&typed);
        if verdict == Verdict::Empty {
            return;
        }
        self.entries.push(typed);
        if matches!(verdict, Verdict::Scored { .. }) && self.order == Order::Newest {
            self.scroll = 0;
        }
        self.flash = Some(Flash {
            good: matches!(verdict, Verdict::Scored { .. }),
            text: verdict.to_string(),
            until: now + FLASH,
        });
    }

    /// Puts an earlier entry on the line: `by` -1 goes back, 1 forward.
    fn recall(&mut self, by: isize) {
        if self.entries.is_empty() {
            return;
        }
        let last = self.entries.len() - 1;
        let next = match (self.recalled, by < 0) {
            (None, true) => Some(last),
            (None, false) => None,
            (Some(n), true) => Some(n.saturating_sub(1)),
            (Some(n), false) if n < last => Some(n + 1),
            (Some(_), false) => None,
        };
        self.recalled = next;
        self.typed = next.map_or_else(String::new, |n| self.entries[n].clone());
    }

    /// Ends the game at `now`: the end screen, and the game in the history.
    fn finish(&mut self, now: Instant) {
        self.clock.stop(now);
        self.mode = Mode::Over;
        self.help = false;
        self.typed.clear();
        self.flash = None;
        let summary = self.game.summary();
        let record = self.record(&summary);
        let standing = self.settings.history.clone().and_then(|path| {
            let (records, warnings) = super::save(&path, &record);
            self.warnings.extend(warnings);
            history::standing(&records, &record)
        });
        self.end = Some(End {
            summary,
            standing,
            counted: record.counts(),
            selected: 0,
            grace_until: now,
        });
    }

    /// The history record of this game.
    fn record(&self, summary: &Summary) -> Record {
        let now = std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .map_or(0, |time| time.as_secs());
        Record {
            date: history::utc_date(now),
            seed: self.seed,
            kind: Kind {
                min_len: self.game.min_len(),
                ..self.settings.kind.clone()
            },
            board: self.game.board().canonical(),
            words: self.game.found().map(|word| word.word.clone()).collect(),
            score: summary.score,
            max: summary.total_score,
            early: self.clock.ended_early(),
        }
    }
}

/// The game on the board `seed` deals (see [`Game::deal`]).
fn new_game<'d>(dict: &'d Dictionary, settings: &Settings, seed: u64) -> Game<'d> {
    Game::deal(
        dict,
        &settings.roller,
        seed,
        settings.min_len,
        settings.min_board_score,
    )
}
