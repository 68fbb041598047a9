//! Tests of the terminal game: keys against the state, and the screens
//! drawn on ratatui's test backend, checked as insta snapshots.

use std::path::PathBuf;
use std::time::{Duration, Instant};

use boggle::Dictionary;
use boggle::dice::{DiceSet, Roller};
use boggle::dict::bundled::{self, Lang};
use boggle::game::history::Kind;
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
        time: Some(Duration::from_secs(180)),
        min_len: None,
        min_board_score: boggle::game::MIN_BOARD_SCORE,
        kind: Kind {
            dice: "new".to_owned(),
            size: "4x4".to_owned(),
            time: 180,
            lang: Some("en".to_owned()),
            min_board_score: boggle::game::MIN_BOARD_SCORE,
            ..Kind::default()
        },
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
    // Not a word, and no path spells it: told as the line showed it.
    type_in(&mut app, "xyzzy", false, start);
    assert!(screen(&app, start, 80, 24).contains(" > xyzzy   ✗ not on the board"));
    app.key(key(KeyCode::Enter), start);
    assert!(screen(&app, start, 80, 24).contains(" not on the board: xyzzy"));
    type_in(&mut app, "zct", true, start);
    assert!(screen(&app, start, 80, 24).contains(" not a word: zct"));
    type_in(&mut app, "zebra", true, start);
    assert!(screen(&app, start, 80, 24).contains(" not on the board: zebra"));
    type_in(&mut app, "to", true, start);
    assert!(screen(&app, start, 80, 24).contains(" too short: to (at least 3 letters)"));
    type_in(&mut app, "zs", false, start);
    assert!(screen(&app, start, 80, 24).contains(" > zs   ✗ not on the board"));
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
    // The second missed word, after the two found, with its path.
    for _ in 0..3 {
        app.key(key(KeyCode::Down), now);
    }
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
    assert!(lines[2].contains(r#""seed":42,"dice":"new","size":"4x4","time":180,"min_len":3,"lang":"en","min_board_score":10,"board":"zcts/tooh/fiyt/iseb","words":["cooties","toothy"],"score":8,"max":194,"early":true}"#), "{saved}");
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
    type_in(&mut app, "cox", false, start);
    // Ctrl-H is Backspace on many terminals.
    app.key(control('h'), start);
    assert_eq!(app.typed, "co");
    app.key(control('w'), start);
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

/// `app` with `change` made to its settings, on the board of `seed`.
fn app_changed(seed: u64, change: impl FnOnce(&mut Settings)) -> (App<'static>, Instant) {
    let (app, start) = app(None);
    let mut settings = app.settings;
    change(&mut settings);
    (App::new(dict(), settings, seed, start), start)
}

/// The screen's lines joined, the command's breaks (` \` and the next
/// line's indent) and the edges of the lines taken out.
fn joined(screen: &str) -> String {
    screen
        .lines()
        .map(|line| line.trim().trim_end_matches(" \\"))
        .collect::<Vec<_>>()
        .join(" ")
}

#[test]
fn the_words_found_scroll_and_sort() {
    let (mut app, start) = app(None);
    let words: Vec<String> = app.game.words().iter().map(|w| w.word.clone()).collect();
    for word in words.iter().take(45) {
        type_in(&mut app, word, true, start);
    }
    let shown = screen(&app, start, 80, 24);
    // The newest first; 17 rows show, the rest below.
    assert!(shown.contains("┌ Found 45 words · newest first"), "{shown}");
    assert!(
        shown.contains(&format!("│{}", word_text(&app, 0))),
        "{shown}"
    );
    assert!(shown.contains(" 1–17 · PgUp PgDn "), "{shown}");
    app.key(key(KeyCode::PageDown), start);
    app.key(key(KeyCode::PageDown), start);
    app.key(key(KeyCode::PageDown), start);
    let shown = screen(&app, start, 80, 24);
    // At the bottom: the oldest, the first word entered, is in view.
    assert!(shown.contains(" 29–45 · PgUp PgDn "), "{shown}");
    assert!(shown.contains(&format!("  {}  ", words[0])), "{shown}");
    app.key(key(KeyCode::PageUp), start);
    assert_eq!(app.scroll, 20);
    // Ctrl-S sorts: A to Z, then by points, then newest first again.
    app.key(control('s'), start);
    let mut sorted = words[..45].to_vec();
    sorted.sort();
    let listed: Vec<&str> = app.found_list().iter().map(|w| w.word.as_str()).collect();
    assert_eq!(listed, sorted);
    let shown = screen(&app, start, 80, 24);
    assert!(shown.contains("┌ Found 45 words · A to Z"), "{shown}");
    assert!(shown.contains(" 1–17 · PgUp PgDn "), "{shown}");
    app.key(key(KeyCode::F(3)), start);
    let listed: Vec<&str> = app.found_list().iter().map(|w| w.word.as_str()).collect();
    assert_eq!(listed, words[..45]);
    app.key(control('s'), start);
    assert!(screen(&app, start, 80, 24).contains("┌ Found 45 words · newest first"));
}

/// The left 38 columns of a screen: the board and the notes under it.
fn left(screen: &str) -> String {
    screen
        .lines()
        .map(|line| line.chars().take(38).collect::<String>() + "\n")
        .collect()
}

/// The list line of the `n`th word found, newest first.
fn word_text(app: &App, n: usize) -> String {
    let word = app.found_list()[n];
    format!("{:>3}  {}", word.score, word.word)
}

#[test]
fn the_end_shows_the_words_found_and_missed_each_with_its_path() {
    let (mut app, start) = app(None);
    type_in(&mut app, "toothy", true, start);
    type_in(&mut app, "cooties", true, start);
    app.key(control('c'), start);
    let shown = screen(&app, start, 80, 24);
    assert!(shown.contains("│ You found 2 words "), "{shown}");
    assert!(shown.contains("│▶ 5  cooties "), "{shown}");
    assert!(shown.contains("│  3  toothy "), "{shown}");
    assert!(shown.contains("│ You missed 144 words "), "{shown}");
    assert!(joined(&left(&shown)).contains("You found COOTIES (7 letters, 5 points)"));
    // c-o-o-t-i-e-s from the C: its path is drawn.
    assert!(shown.contains("│  Z  │  C↘ │  T  │  S  │"), "{shown}");
    assert!(shown.contains("│  T↘ │  O← │  O← │  H  │"), "{shown}");
    app.key(key(KeyCode::Down), start);
    app.key(key(KeyCode::Down), start);
    let shown = screen(&app, start, 80, 24);
    assert!(shown.contains("│▶ 5  coyotes "), "{shown}");
    assert!(joined(&left(&shown)).contains("You missed COYOTES (7 letters, 5 points)"));
    assert!(shown.contains("│  I  │  S◊ │  E← │  B  │"), "{shown}");
    // Far down the list, the selected word stays in view.
    app.key(key(KeyCode::End), start);
    let last = app
        .end
        .as_ref()
        .unwrap()
        .summary
        .missed
        .last()
        .unwrap()
        .word
        .clone();
    assert!(screen(&app, start, 80, 24).contains(&format!("│▶ 1  {last} ")));
    insta::assert_snapshot!(screen(&app, start, 80, 24));
}

#[test]
fn a_board_without_words_says_so_once() {
    let (mut app, start) = app_changed(10, |settings| {
        settings.roller = Roller::new(DiceSet::Uniform, Some((3, 3))).unwrap();
        settings.min_board_score = 0;
    });
    assert_eq!(app.game.max_score(), 0);
    app.key(control('c'), start);
    let shown = screen(&app, start, 80, 24);
    assert!(shown.contains("This board has no words."), "{shown}");
    assert!(shown.contains("│ The board has no words "), "{shown}");
    assert!(!shown.contains("every word found"), "{shown}");
    assert!(!shown.contains("No word found"), "{shown}");
    // By default such a board is rolled again: the same seed, a board
    // worth playing.
    let (app, _) = app_changed(10, |settings| {
        settings.roller = Roller::new(DiceSet::Uniform, Some((3, 3))).unwrap();
    });
    assert!(app.game.max_score() >= boggle::game::MIN_BOARD_SCORE);
}

#[test]
fn an_untimed_game_runs_until_ended() {
    let (mut app, start) = app_changed(42, |settings| settings.time = None);
    let later = start + Duration::from_secs(3600 + 65);
    app.tick(later);
    assert_eq!(app.mode, Mode::Playing);
    let shown = screen(&app, later, 80, 24);
    assert!(
        shown.contains(" Untimed 61:05   Score 0 of 194\n"),
        "{shown}"
    );
    app.key(key(KeyCode::Esc), later);
    app.key(key(KeyCode::Esc), later);
    assert_eq!(app.mode, Mode::Over);
}

#[test]
fn nothing_to_copy_is_cut_at_80_columns() {
    let long = " --dice new --time 3m --min-len 4 --lang fr --dict \
                '/home/someone/word lists/a rather long name for a list.txt'";
    let (mut app, start) = app_changed(u64::MAX, |settings| {
        settings.replay_options = long.to_owned();
    });
    // The seed, whole, before the clock.
    let shown = screen(&app, start, 80, 24);
    let title = shown.lines().next().unwrap();
    assert!(
        title.starts_with(" 1987 dice · seed 18446744073709551615   ")
            && title.ends_with("   Time 3:00   Score 0 of 295"),
        "{title}"
    );
    let warning = "history '/home/someone/.local/share/boggle/history.jsonl': \
                   line 12: skipped, not a game record (expected value at line 1 column 1)";
    app.warnings.push(warning.to_owned());
    let shown = screen(&app, start, 80, 24);
    assert!(joined(&shown).contains(warning), "{shown}");
    app.key(control('c'), start);
    for (width, height) in [(80, 24), (100, 30)] {
        let shown = screen(&app, start, width, height);
        let command = format!("boggle play --seed {}{long}", u64::MAX);
        assert!(joined(&shown).contains(&command), "{shown}");
        assert!(joined(&shown).contains(warning), "{shown}");
        assert!(
            shown
                .lines()
                .all(|line| line.chars().count() <= width as usize)
        );
        let title = shown.lines().next().unwrap();
        assert!(title.contains("seed 18446744073709551615"), "{title}");
        assert!(title.contains("Score 0 of"), "{title}");
    }
    insta::assert_snapshot!(screen(&app, start, 80, 24));
}

#[test]
fn help_on_the_end_screen_is_its_own_and_esc_closes_it() {
    let (mut app, start) = app(None);
    app.key(control('c'), start);
    let later = start + Duration::from_secs(5);
    app.key(key(KeyCode::Char('?')), later);
    let shown = screen(&app, later, 80, 24);
    assert!(
        shown.contains("r          play this board again"),
        "{shown}"
    );
    assert!(!shown.contains("Backspace"), "{shown}");
    assert_eq!(app.key(key(KeyCode::Esc), later), Action::Continue);
    assert!(!app.help);
    assert!(screen(&app, later, 80, 24).contains("│ You found no word"));
    app.key(key(KeyCode::Char('?')), later);
    app.key(key(KeyCode::Char('?')), later);
    assert!(!app.help);
    assert_eq!(app.key(key(KeyCode::Esc), later), Action::Quit);
}

#[test]
fn the_too_small_notice_keeps_its_last_line_when_narrow() {
    let (mut app, start) = app(None);
    app.fit(false, start);
    for width in [50, 30, 20] {
        let shown = screen(&app, start, width, 24);
        assert!(
            joined(&shown).contains("then press Ctrl-P to resume."),
            "{shown}"
        );
    }
    // Too short for the whole notice: the key line stays.
    let shown = screen(&app, start, 30, 3);
    assert!(joined(&shown).contains("Ctrl-P to resume."), "{shown}");
}

#[test]
fn the_standing_names_the_games_it_covers() {
    let path = std::env::temp_dir().join(format!("boggle-play-kind-{}.jsonl", std::process::id()));
    let kind =
        r#""dice":"new","size":"4x4","time":180,"min_len":3,"lang":"en","min_board_score":10"#;
    let earlier = [
        format!(
            r#"{{"date":"2026-01-01T00:00:00Z","seed":1,{kind},"board":"a","words":["x"],"score":12,"max":100}}"#
        ),
        // Given up early, in French, with another minimum: none counts.
        format!(
            r#"{{"date":"2026-01-01T00:00:00Z","seed":1,{kind},"board":"a","words":[],"score":0,"max":100,"early":true}}"#
        ),
        format!(
            r#"{{"date":"2026-01-01T00:00:00Z","seed":1,{},"board":"a","words":[],"score":90,"max":100}}"#,
            kind.replace("en", "fr")
        ),
        format!(
            r#"{{"date":"2026-01-01T00:00:00Z","seed":1,{},"board":"a","words":[],"score":90,"max":100}}"#,
            kind.replace("min_len\":3", "min_len\":4")
        ),
    ];
    std::fs::write(&path, earlier.join("\n")).unwrap();
    let (mut app, start) = app(Some(path.clone()));
    type_in(&mut app, "cooties", true, start);
    app.tick(start + Duration::from_secs(180));
    let shown = screen(&app, start + Duration::from_secs(181), 80, 24);
    let saved = std::fs::read_to_string(&path).unwrap();
    std::fs::remove_file(&path).unwrap();
    let text = joined(&left(&shown));
    assert!(
        text.contains("Your best 12, average 8.5 over 2 games played to the end like this one:"),
        "{shown}"
    );
    assert!(
        text.contains("1987 dice, 4x4, 3:00, 3+ letters, the 'en' list, boards of 10+ points"),
        "{shown}"
    );
    let record = format!(
        r#"{kind},"board":"zcts/tooh/fiyt/iseb","words":["cooties"],"score":5,"max":194}}"#
    );
    assert!(saved.ends_with(&format!("{record}\n")), "{saved}");
}

/// Whether `shown` holds the board's first row, `zcts`.
fn board_shown(shown: &str) -> bool {
    shown.contains("│  Z  │  C  │  T  │  S  │")
}

#[test]
fn asking_to_end_a_paused_game_keeps_the_board_hidden_and_the_clock_still() {
    let (mut app, start) = app(None);
    assert!(board_shown(&screen(&app, start, 80, 24)));
    app.key(control('p'), start + Duration::from_secs(20));
    app.key(key(KeyCode::Esc), start + Duration::from_secs(21));
    assert_eq!(app.mode, Mode::Confirming);
    let later = start + Duration::from_secs(300);
    app.tick(later);
    let shown = screen(&app, later, 80, 24);
    assert!(!board_shown(&shown), "{shown}");
    assert!(shown.contains("End the game now?"), "{shown}");
    assert_eq!(app.clock.remaining(later), Duration::from_secs(160));
    // Another key goes back to the pause, not to the game.
    app.key(key(KeyCode::Char('x')), later);
    assert_eq!(app.mode, Mode::Paused);
    assert!(!board_shown(&screen(&app, later, 80, 24)));
    // Help opens and closes while paused; Esc closes it, not the game.
    app.key(key(KeyCode::Char('?')), later);
    assert!(app.help);
    app.key(key(KeyCode::Esc), later);
    assert!(!app.help);
    assert_eq!(app.mode, Mode::Paused);
}

#[test]
fn a_screen_too_small_while_asking_to_end_pauses_and_takes_no_key() {
    let (mut app, start) = app(None);
    app.fit(true, start);
    app.key(key(KeyCode::Esc), start + Duration::from_secs(10));
    assert_eq!(app.mode, Mode::Confirming);
    app.fit(false, start + Duration::from_secs(20));
    assert_eq!(app.mode, Mode::Paused);
    let later = start + Duration::from_secs(100);
    assert_eq!(app.clock.remaining(later), Duration::from_secs(160));
    // Keys the small screen cannot show do nothing: not Esc, not y.
    for code in [KeyCode::Esc, KeyCode::Char('y'), KeyCode::F(2)] {
        assert_eq!(app.key(key(code), later), Action::Continue);
        assert_eq!(app.mode, Mode::Paused);
    }
    // Larger again: the board stays hidden until Ctrl-P, as the notice says.
    app.fit(true, later);
    assert!(!board_shown(&screen(&app, later, 80, 24)));
    app.key(control('p'), later);
    assert_eq!(app.mode, Mode::Playing);
    assert_eq!(app.clock.remaining(later), Duration::from_secs(160));
    assert!(board_shown(&screen(&app, later, 80, 24)));
    // Ctrl-C still ends the game on a small screen.
    app.fit(false, later);
    app.key(control('c'), later);
    assert_eq!(app.mode, Mode::Over);
}

#[test]
fn the_help_names_the_tiles_of_two_letters_the_board_has() {
    let rule = |board: &str| {
        let board = boggle::Board::parse(board, &boggle::Normalizer::default()).unwrap();
        draw::tiles_rule(&board)
    };
    assert_eq!(
        rule("qabc/defg/hijk/lmno"),
        "each cell once; Qu counts two letters."
    );
    assert_eq!(
        rule("abcd/efgh/ijkl/mnop"),
        "each cell once; Qu counts two letters."
    );
    assert_eq!(
        rule("[th]abc/defg/hijk/lmnq"),
        "each cell once; Qu, Th, In… count both."
    );
    assert_eq!(
        rule("[in]abc/defg/hijk/lmno"),
        "each cell once; Qu, Th, In… count both."
    );
}
