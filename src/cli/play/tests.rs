//! Tests of the terminal game: keys against the state, and the screens
//! drawn on ratatui's test backend, checked as insta snapshots.

use std::path::PathBuf;
use std::time::{Duration, Instant};

use boggle::Dictionary;
use boggle::dice::{DiceSet, Roller};
use boggle::dict::bundled::{self, Lang};
use ratatui::Terminal;
use ratatui::backend::TestBackend;
use ratatui::crossterm::event::{KeyCode, KeyEvent, KeyModifiers};

use super::app::{Action, App, Mode, Settings};
use super::draw;

fn dict() -> &'static Dictionary {
    Box::leak(Box::new(bundled::load(Lang::En).unwrap()))
}

/// A game on the board `boggle random --seed 42` prints:
/// zcts/tooh/fiyt/iseb.
fn app(history: Option<PathBuf>) -> (App<'static>, Instant) {
    app_with(Roller::new(DiceSet::New, None).unwrap(), history)
}

/// A game on the first board `roller` rolls with seed 42.
fn app_with(roller: Roller, history: Option<PathBuf>) -> (App<'static>, Instant) {
    let settings = Settings {
        roller,
        time: Duration::from_secs(180),
        min_len: None,
        replay_options: " --dice new --time 3m".to_owned(),
        history,
        color: false,
    };
    let start = Instant::now();
    (App::new(dict(), settings, 42, start), start)
}

fn key(code: KeyCode) -> KeyEvent {
    KeyEvent::new(code, KeyModifiers::NONE)
}

fn control(letter: char) -> KeyEvent {
    KeyEvent::new(KeyCode::Char(letter), KeyModifiers::CONTROL)
}

/// Types `text` and, with `enter`, judges it.
fn type_in(app: &mut App, text: &str, enter: bool, now: Instant) {
    for letter in text.chars() {
        app.key(key(KeyCode::Char(letter)), now);
    }
    if enter {
        app.key(key(KeyCode::Enter), now);
    }
}

/// The screen as text, `width` × `height`.
fn screen(app: &App, now: Instant, width: u16, height: u16) -> String {
    let mut terminal = Terminal::new(TestBackend::new(width, height)).unwrap();
    terminal.draw(|frame| draw::draw(frame, app, now)).unwrap();
    let buffer = terminal.backend().buffer();
    let mut text = String::new();
    for y in 0..height {
        let line: String = (0..width)
            .map(|x| buffer[(x, y)].symbol().to_owned())
            .collect();
        text += line.trim_end();
        text.push('\n');
    }
    text
}

#[test]
fn the_board_is_the_one_boggle_random_prints() {
    let (app, _) = app(None);
    assert_eq!(app.game.board().canonical(), "zcts/tooh/fiyt/iseb");
}

#[test]
fn playing_screen() {
    let (mut app, start) = app(None);
    let now = start + Duration::from_secs(41);
    type_in(&mut app, "cooties", true, now);
    type_in(&mut app, "toothy", true, now);
    type_in(&mut app, "coot", false, now);
    insta::assert_snapshot!(screen(&app, now, 80, 24));
}

#[test]
fn a_line_no_path_spells_says_so_and_verdicts_flash() {
    let (mut app, start) = app(None);
    type_in(&mut app, "cooties", true, start);
    let shown = screen(&app, start, 80, 24);
    assert!(shown.contains(" +5 points: cooties"), "{shown}");
    // The flash goes after a short while.
    let later = screen(&app, start + Duration::from_secs(2), 80, 24);
    assert!(!later.contains("+5 points"), "{later}");
    type_in(&mut app, "cooties", true, start);
    assert!(screen(&app, start, 80, 24).contains(" already found: cooties"));
    type_in(&mut app, "xyzzy", true, start);
    assert!(screen(&app, start, 80, 24).contains(" not a word: xyzzy"));
    type_in(&mut app, "zebra", true, start);
    assert!(screen(&app, start, 80, 24).contains(" not on the board: zebra"));
    type_in(&mut app, "to", true, start);
    assert!(screen(&app, start, 80, 24).contains(" too short: to (at least 3 letters)"));
    type_in(&mut app, "zs", false, start);
    assert!(screen(&app, start, 80, 24).contains(" > zs   ✗ no path on the board"));
    assert_eq!(app.game.score(), 5);
}

#[test]
fn paused_screen_hides_the_board_and_stops_the_clock() {
    let (mut app, start) = app(None);
    app.key(control('p'), start + Duration::from_secs(20));
    assert_eq!(app.mode, Mode::Paused);
    let later = start + Duration::from_secs(500);
    app.tick(later);
    assert_eq!(app.mode, Mode::Paused);
    // Letters typed while paused are not taken.
    type_in(&mut app, "coot", false, later);
    insta::assert_snapshot!(screen(&app, later, 80, 24));
    app.key(key(KeyCode::F(2)), later);
    assert_eq!(app.mode, Mode::Playing);
    assert_eq!(app.clock.remaining(later), Duration::from_secs(160));
}

#[test]
fn end_screen() {
    let path = std::env::temp_dir().join(format!("boggle-play-end-{}.jsonl", std::process::id()));
    let earlier = r#"{"date":"2026-01-01T00:00:00Z","seed":1,"dice":"new","size":"4x4","board":"abcd/efgh/ijkl/mnop","time":180,"words":[],"score":12,"max":100}"#;
    std::fs::write(&path, format!("{earlier}\nnot json\n")).unwrap();
    let (mut app, start) = app(Some(path.clone()));
    let now = start + Duration::from_secs(60);
    type_in(&mut app, "cooties", true, now);
    type_in(&mut app, "toothy", true, now);
    // Esc asks first; another key plays on.
    app.key(key(KeyCode::Esc), now);
    assert_eq!(app.mode, Mode::Confirming);
    app.key(key(KeyCode::Char('x')), now);
    assert_eq!(app.mode, Mode::Playing);
    app.key(key(KeyCode::Esc), now);
    app.key(key(KeyCode::Char('y')), now);
    assert_eq!(app.mode, Mode::Over);
    // The second missed word, with its path.
    app.key(key(KeyCode::Down), now);
    // The warning shows on the status line; the snapshot is taken without
    // it, since it names a path of this test run's own.
    assert!(screen(&app, now, 80, 24).contains(" warning: history '"));
    let warnings = std::mem::take(&mut app.warnings);
    let shown = screen(&app, now, 80, 24);
    let saved = std::fs::read_to_string(&path).unwrap();
    std::fs::remove_file(&path).unwrap();
    insta::assert_snapshot!(shown);
    let lines: Vec<&str> = saved.lines().collect();
    assert_eq!(lines.len(), 3, "{saved}");
    assert!(lines[2].contains(r#""seed":42,"dice":"new","size":"4x4","board":"zcts/tooh/fiyt/iseb","time":180,"words":["cooties","toothy"],"score":8,"max":194}"#), "{saved}");
    assert_eq!(warnings.len(), 1);
    assert!(
        warnings[0]
            .ends_with("line 2: skipped, not a game record (expected ident at line 1 column 2)"),
        "{warnings:?}"
    );
    assert_eq!(app.key(key(KeyCode::Char('q')), now), Action::Quit);
}

#[test]
fn esc_and_a_key_typed_fast_are_two_keys() {
    let (mut app, start) = app(None);
    // What a terminal sends for Esc, y in quick succession.
    app.key(KeyEvent::new(KeyCode::Char('y'), KeyModifiers::ALT), start);
    assert_eq!(app.mode, Mode::Over);
    let alt_q = KeyEvent::new(KeyCode::Char('q'), KeyModifiers::ALT);
    assert_eq!(app.key(alt_q, start), Action::Quit);
}

#[test]
fn replay_and_new_boards() {
    let (mut app, start) = app(None);
    type_in(&mut app, "cooties", true, start);
    app.key(control('c'), start);
    assert_eq!(app.mode, Mode::Over);
    app.key(key(KeyCode::Char('r')), start + Duration::from_secs(1));
    assert_eq!(app.mode, Mode::Playing);
    assert_eq!(app.game.board().canonical(), "zcts/tooh/fiyt/iseb");
    assert_eq!(app.game.score(), 0);
    assert_eq!(
        app.clock.remaining(start + Duration::from_secs(1)),
        Duration::from_secs(180)
    );
    app.key(control('c'), start);
    app.key(key(KeyCode::Char('n')), start);
    assert_ne!(app.seed, 42);
    assert_eq!(
        app.replay_command(),
        format!("boggle play --seed {} --dice new --time 3m", app.seed)
    );
    app.key(control('c'), start);
    assert_eq!(app.key(control('c'), start), Action::Quit);
}

#[test]
fn the_clock_ends_the_game() {
    let (mut app, start) = app(None);
    app.tick(start + Duration::from_secs(179));
    assert_eq!(app.mode, Mode::Playing);
    let end = start + Duration::from_secs(180);
    app.tick(end);
    assert_eq!(app.mode, Mode::Over);
    // The word being typed when time ran out does not quit: "quiet".
    assert_eq!(app.key(key(KeyCode::Char('q')), end), Action::Continue);
    let later = end + Duration::from_millis(999);
    assert_eq!(app.key(key(KeyCode::Char('q')), later), Action::Continue);
    assert_eq!(app.key(key(KeyCode::Enter), later), Action::Continue);
    assert_eq!(app.mode, Mode::Over);
    let after = end + Duration::from_secs(1);
    assert_eq!(app.key(key(KeyCode::Char('q')), after), Action::Quit);
}

#[test]
fn recalling_entries_and_erasing_the_line() {
    let (mut app, start) = app(None);
    type_in(&mut app, "coot", true, start);
    type_in(&mut app, "zebra", true, start);
    type_in(&mut app, "to", false, start);
    app.key(control('w'), start);
    assert_eq!(app.typed, "");
    app.key(key(KeyCode::Up), start);
    assert_eq!(app.typed, "zebra");
    app.key(key(KeyCode::Up), start);
    assert_eq!(app.typed, "coot");
    app.key(key(KeyCode::Up), start);
    assert_eq!(app.typed, "coot");
    app.key(key(KeyCode::Down), start);
    assert_eq!(app.typed, "zebra");
    app.key(key(KeyCode::Down), start);
    assert_eq!(app.typed, "");
    app.key(key(KeyCode::Backspace), start);
    type_in(&mut app, "CoOt", false, start);
    app.key(key(KeyCode::Backspace), start);
    assert_eq!(app.typed, "coo");
}

#[test]
fn turning_the_board_and_help() {
    let (mut app, start) = app(None);
    app.key(key(KeyCode::Tab), start);
    app.key(key(KeyCode::Char('?')), start);
    type_in(&mut app, "zc", false, start);
    insta::assert_snapshot!(screen(&app, start, 80, 24));
}

#[test]
fn too_small_screen_pauses_the_game() {
    let (mut app, start) = app(None);
    app.fit(true, start);
    assert_eq!(app.mode, Mode::Playing);
    app.fit(false, start + Duration::from_secs(5));
    assert_eq!(app.mode, Mode::Paused);
    insta::assert_snapshot!(screen(&app, start, 60, 20));
    assert_eq!(
        app.clock.remaining(start + Duration::from_secs(100)),
        Duration::from_secs(175)
    );
}

#[test]
fn wide_boards_get_narrow_cells_and_huge_ones_ask_for_room() {
    let (mut app, start) = app_with(Roller::new(DiceSet::Uniform, Some((9, 12))).unwrap(), None);
    type_in(&mut app, "a", false, start);
    insta::assert_snapshot!(screen(&app, start, 80, 24));
    let (app, start) = app_with(Roller::new(DiceSet::Uniform, Some((20, 20))).unwrap(), None);
    let shown = screen(&app, start, 100, 40);
    assert!(
        shown.contains("This game needs 107×46; this one is 100×40."),
        "{shown}"
    );
    assert!(!screen(&app, start, 107, 46).contains("too small"));
}

#[test]
fn colour_follows_the_option_and_no_color() {
    use super::super::show::ColorArg;
    use super::wants_color;
    let set = Some(std::ffi::OsString::from("1"));
    let empty = Some(std::ffi::OsString::new());
    assert!(wants_color(ColorArg::Auto, None));
    assert!(wants_color(ColorArg::Auto, empty));
    assert!(!wants_color(ColorArg::Auto, set.clone()));
    assert!(wants_color(ColorArg::Always, set));
    assert!(!wants_color(ColorArg::Never, None));
}

#[test]
fn the_path_stands_out_in_colour_or_in_reverse() {
    use ratatui::style::{Color, Modifier};
    let (mut app, start) = app(None);
    type_in(&mut app, "co", false, start);
    // The C cell, where the path starts, and the O cell below it.
    let styles = |app: &App| {
        let mut terminal = Terminal::new(TestBackend::new(80, 24)).unwrap();
        terminal
            .draw(|frame| draw::draw(frame, app, start))
            .unwrap();
        let buffer = terminal.backend().buffer();
        assert_eq!(
            (buffer[(11, 4)].symbol(), buffer[(11, 8)].symbol()),
            ("C", "O")
        );
        (buffer[(11, 4)].style(), buffer[(11, 8)].style())
    };
    let (first, next) = styles(&app);
    assert!(
        first
            .add_modifier
            .contains(Modifier::REVERSED | Modifier::UNDERLINED)
    );
    assert!(next.add_modifier.contains(Modifier::REVERSED));
    let reset = Some(Color::Reset);
    assert_eq!((first.fg, first.bg, next.fg), (reset, reset, reset));
    app.settings.color = true;
    let (first, next) = styles(&app);
    assert_eq!(first.bg, Some(Color::Green));
    assert_eq!(next.fg, Some(Color::Yellow));
}
