//! Drawing the game: the playing screen (board, clock, score, words found,
//! the line typed), the pause, the help, the end screen (score, share,
//! best word, the words found and missed with the path of the one
//! selected), and the message for a terminal too small to play in.
//! Everything is drawn from [`App`] and the time; nothing here changes the
//! game.
//!
//! Nothing a player may copy is ever cut: the seed keeps its place in the
//! title bar (the rest of the title gives way), and the command that plays
//! a board again, warnings and notices wrap onto more lines.

use std::time::Instant;

use boggle::game::clock::format_clock;
use boggle::game::path::arrow;
use boggle::game::{BoardWord, View, dice_label};
use boggle::{Board, Tile};
use ratatui::Frame;
use ratatui::layout::{Constraint, Layout, Position, Rect};
use ratatui::style::{Color, Modifier, Style};
use ratatui::text::{Line, Span};
use ratatui::widgets::{Block, Borders, Paragraph, Wrap};

use super::app::{App, End, Mode};

/// The smallest terminal the game draws in.
pub const MIN_WIDTH: u16 = 80;
pub const MIN_HEIGHT: u16 = 24;

/// Each cell's inside is this many columns wide, or, when the board is
/// too wide for that, [`NARROW_CELL`].
const CELL_WIDTH: usize = 5;
const NARROW_CELL: usize = 3;

/// The narrowest the word list beside the board gets.
const MIN_LIST: usize = 22;

/// The styles of the screen, in colour or, with `NO_COLOR`, in bold,
/// reverse and underline only.
#[derive(Clone, Copy, Debug)]
struct Palette {
    color: bool,
}

impl Palette {
    fn pick(self, colored: Style, plain: Style) -> Style {
        if self.color { colored } else { plain }
    }

    /// A cell on the path.
    fn path(self) -> Style {
        let plain = Style::new().add_modifier(Modifier::REVERSED);
        self.pick(plain.fg(Color::Yellow).add_modifier(Modifier::BOLD), plain)
    }

    /// The first cell of the path.
    fn start(self) -> Style {
        let plain =
            Style::new().add_modifier(Modifier::REVERSED | Modifier::BOLD | Modifier::UNDERLINED);
        self.pick(
            Style::new()
                .fg(Color::Black)
                .bg(Color::Green)
                .add_modifier(Modifier::BOLD),
            plain,
        )
    }

    fn good(self) -> Style {
        self.pick(
            Style::new().fg(Color::Green).add_modifier(Modifier::BOLD),
            Style::new().add_modifier(Modifier::BOLD),
        )
    }

    fn bad(self) -> Style {
        self.pick(
            Style::new().fg(Color::Red).add_modifier(Modifier::BOLD),
            Style::new().add_modifier(Modifier::BOLD),
        )
    }

    fn title(self) -> Style {
        self.pick(
            Style::new().fg(Color::Cyan).add_modifier(Modifier::BOLD),
            Style::new().add_modifier(Modifier::BOLD),
        )
    }

    fn dim(self) -> Style {
        Style::new().add_modifier(Modifier::DIM)
    }

    fn selected(self) -> Style {
        Style::new().add_modifier(Modifier::REVERSED)
    }
}

/// The smallest terminal `app`'s game can be drawn in: 80×24, or more for
/// a board too large for that.
fn needed(app: &App) -> (u16, u16) {
    let (rows, cols) = app.view.size();
    let width = 2 + cols * (NARROW_CELL + 1) + 1 + 2 + MIN_LIST;
    let height = 5 + rows * 2 + 1;
    let clamp = |n: usize| u16::try_from(n).unwrap_or(u16::MAX);
    (clamp(width).max(MIN_WIDTH), clamp(height).max(MIN_HEIGHT))
}

/// Whether `app`'s game can be drawn in `area`.
pub fn fits(app: &App, area: Rect) -> bool {
    let (width, height) = needed(app);
    area.width >= width && area.height >= height
}

/// The width of the inside of a cell for a board of `cols` columns in
/// `width` columns of screen.
fn cell_width(cols: usize, width: usize) -> usize {
    if cols * (CELL_WIDTH + 1) < width {
        CELL_WIDTH
    } else {
        NARROW_CELL
    }
}

/// Draws the whole screen for `app` at `now`.
pub fn draw(frame: &mut Frame, app: &App, now: Instant) {
    let area = frame.area();
    if !fits(app, area) {
        let (width, height) = needed(app);
        let advice = match app.mode {
            Mode::Over => "Make it larger to see the end of the game.",
            _ => "The game is paused: make it larger, then press Ctrl-P to resume.",
        };
        let notice = [
            "The terminal is too small.".to_owned(),
            format!(
                "This game needs {width}×{height}; this one is {}×{}.",
                area.width, area.height
            ),
            advice.to_owned(),
        ];
        // Wrapped here, so the height is known and the last line (the key
        // to press) is never lost below the area.
        let text: Vec<Line> = notice
            .iter()
            .flat_map(|line| wrap(line, area.width as usize))
            .map(Line::from)
            .collect();
        let height = (text.len() as u16).min(area.height);
        let middle = Rect {
            y: area.y + (area.height - height) / 2,
            height,
            ..area
        };
        let skip = text.len() - height as usize;
        frame.render_widget(Paragraph::new(text[skip..].to_vec()).centered(), middle);
        return;
    }
    let palette = Palette {
        color: app.settings.color,
    };
    let width = area.width as usize;
    // Under the body: the line typed (on the end screen, the command that
    // plays the board again), the status line and the keys.
    let (under, status) = if app.mode == Mode::Over {
        (replay_lines(app, width), warning_lines(app, width, 3))
    } else {
        let status = match app.flash_at(now) {
            Some(_) => Vec::new(),
            None => warning_lines(app, width, 2),
        };
        (vec![String::new()], status)
    };
    let [title, _, body, typed, status_area, keys] = Layout::vertical([
        Constraint::Length(1),
        Constraint::Length(1),
        Constraint::Min(1),
        Constraint::Length(under.len() as u16),
        Constraint::Length(status.len().max(1) as u16),
        Constraint::Length(1),
    ])
    .areas(area);
    let status = Paragraph::new(
        status
            .into_iter()
            .map(|line| Line::styled(line, palette.bad()))
            .collect::<Vec<_>>(),
    );
    if app.mode == Mode::Over {
        let replay: Vec<Line> = under
            .into_iter()
            .map(|line| Line::styled(line, palette.title()))
            .collect();
        frame.render_widget(Paragraph::new(replay), typed);
        frame.render_widget(status, status_area);
        draw_end(frame, app, palette, [title, body, keys]);
    } else {
        draw_playing(
            frame,
            app,
            palette,
            now,
            [title, body, typed, status_area, keys],
            status,
        );
    }
}

/// `text` in lines of at most `width` columns, broken at spaces (a word
/// longer than a line is broken where it must be).
fn wrap(text: &str, width: usize) -> Vec<String> {
    let width = width.max(1);
    let mut lines = Vec::new();
    let mut line = String::new();
    for word in text.split(' ') {
        let (used, len) = (line.chars().count(), word.chars().count());
        if used > 0 && used + 1 + len <= width {
            line.push(' ');
            line += word;
            continue;
        }
        if used > 0 {
            lines.push(std::mem::take(&mut line));
        }
        let mut chars = word.chars().peekable();
        while chars.peek().is_some() {
            line = chars.by_ref().take(width).collect();
            if chars.peek().is_some() {
                lines.push(std::mem::take(&mut line));
            }
        }
    }
    if !line.is_empty() || lines.is_empty() {
        lines.push(line);
    }
    lines
}

/// The command that plays the board again, on one line when it fits,
/// else under its label, broken between options with a shell's `\` at
/// each break, so that copying all its lines still runs it.
fn replay_lines(app: &App, width: usize) -> Vec<String> {
    let command = app.replay_command();
    let label = " Same board again: ";
    if label.chars().count() + command.chars().count() < width {
        return vec![format!("{label}{command}")];
    }
    let mut lines = vec![label.trim_end().to_owned()];
    let indent = "   ";
    let mut line = String::from(" ");
    // Options and their values stay together: `--dice new`.
    let mut words = shell_words(&command).into_iter().peekable();
    while let Some(word) = words.next() {
        let value = match word.starts_with("--") {
            true => words.next_if(|next| !next.starts_with("--")),
            false => None,
        };
        // An option and its value too long for a line together go on
        // lines of their own.
        let together = value
            .as_ref()
            .map(|value| format!("{word} {value}"))
            .filter(|piece| indent.len() + piece.chars().count() + 2 <= width);
        let pieces = match (together, value) {
            (Some(piece), _) => vec![piece],
            (None, Some(value)) => vec![word, value],
            (None, None) => vec![word],
        };
        for piece in pieces {
            let fits = line.chars().count() + 1 + piece.chars().count() + 2 <= width;
            if !fits && !line.trim().is_empty() {
                lines.push(format!("{line} \\"));
                line = indent.to_owned();
            } else if !line.trim().is_empty() {
                line.push(' ');
            }
            line += &piece;
        }
    }
    lines.push(line);
    // A piece longer than a whole line (a long path) wraps as it must.
    lines
        .into_iter()
        .flat_map(|line| wrap_keeping_spaces(&line, width))
        .collect()
}

/// The words of a shell command, a word in single quotes being one word.
fn shell_words(command: &str) -> Vec<String> {
    let mut words = Vec::new();
    let mut word = String::new();
    let mut quoted = false;
    for c in command.chars() {
        match c {
            '\'' => {
                quoted = !quoted;
                word.push(c);
            }
            ' ' if !quoted => {
                if !word.is_empty() {
                    words.push(std::mem::take(&mut word));
                }
            }
            _ => word.push(c),
        }
    }
    if !word.is_empty() {
        words.push(word);
    }
    words
}

/// `line` cut into pieces of `width` columns, spaces kept.
fn wrap_keeping_spaces(line: &str, width: usize) -> Vec<String> {
    let chars: Vec<char> = line.chars().collect();
    chars
        .chunks(width.max(1))
        .map(|chunk| chunk.iter().collect())
        .collect()
}

/// The last warning, wrapped in at most `most` lines of `width` columns
/// (its start kept: it names what went wrong); nothing without one.
fn warning_lines(app: &App, width: usize, most: usize) -> Vec<String> {
    let Some(warning) = app.warnings.last() else {
        return Vec::new();
    };
    let mut lines = wrap(&format!("warning: {warning}"), width.saturating_sub(2));
    if lines.len() > most {
        lines.truncate(most);
        if let Some(last) = lines.last_mut() {
            last.push('…');
        }
    }
    lines.into_iter().map(|line| format!(" {line}")).collect()
}

/// The playing screen (also paused, and asking to confirm the end).
fn draw_playing(
    frame: &mut Frame,
    app: &App,
    palette: Palette,
    now: Instant,
    areas: [Rect; 5],
    warnings: Paragraph,
) {
    let [title, body, typed_area, status, keys] = areas;
    let clock = if app.clock.is_untimed() {
        vec![
            Span::raw("Untimed "),
            Span::styled(format_clock(app.clock.elapsed(now)), palette.title()),
        ]
    } else {
        let remaining = app.clock.remaining(now);
        let clock_style = if remaining.as_secs() < 10 {
            palette.bad()
        } else {
            palette.title()
        };
        vec![
            Span::raw("Time "),
            Span::styled(format_clock(remaining), clock_style),
        ]
    };
    let mut right = clock;
    right.push(Span::raw(format!(
        "   Score {} of {} ",
        app.game.score(),
        app.game.max_score()
    )));
    draw_title(frame, title, &headings(app, ""), Line::from(right), palette);

    let board = app.game.board();
    let [left, right] = split_body(body, app.view);
    let path = if app.board_hidden() {
        None
    } else {
        app.typed_path()
    };
    let look = if app.board_hidden() {
        Look::Hidden
    } else {
        Look::Tall
    };
    draw_board(
        frame,
        left,
        board,
        app.view,
        path.as_deref().unwrap_or(&[]),
        look,
        palette,
    );

    if app.help {
        draw_help(frame, right, app, palette);
    } else {
        draw_found(frame, right, app, palette);
    }

    // The line typed, red when no path on the board spells it.
    let mut line = vec![Span::raw(" > ")];
    if !app.board_hidden() {
        let style = if path.is_none() {
            palette.bad()
        } else {
            Style::new().add_modifier(Modifier::BOLD)
        };
        line.push(Span::styled(app.typed.clone(), style));
        if path.is_none() {
            line.push(Span::styled("   ✗ not on the board", palette.bad()));
        }
        let x = typed_area.x + 3 + app.typed.chars().count() as u16;
        frame.set_cursor_position(Position::new(x.min(typed_area.right() - 1), typed_area.y));
    }
    frame.render_widget(Paragraph::new(Line::from(line)), typed_area);

    let message = match (app.mode, app.flash_at(now)) {
        (Mode::Confirming, _) => Line::styled(
            " End the game now? Esc or y: end it · any other key: resume",
            palette.bad(),
        ),
        (Mode::Paused, _) => Line::styled(" Paused: Ctrl-P or F2 to resume", palette.title()),
        (_, Some(flash)) => Line::styled(
            format!(" {}", flash.text),
            if flash.good {
                palette.good()
            } else {
                palette.bad()
            },
        ),
        _ => {
            frame.render_widget(warnings, status);
            Line::default()
        }
    };
    if message.width() > 0 {
        frame.render_widget(Paragraph::new(message), status);
    }
    let hints = " Enter check word · Tab rotate · ↑ earlier · Ctrl-P pause · ? help · Esc end";
    frame.render_widget(Paragraph::new(Line::styled(hints, palette.dim())), keys);
}

/// The words found, in the order chosen, scrolled.
fn draw_found(frame: &mut Frame, area: Rect, app: &App, palette: Palette) {
    let words = app.found_list();
    let visible = area.height.saturating_sub(2) as usize;
    let skip = app.scroll.min(words.len().saturating_sub(visible));
    let lines: Vec<Line> = words
        .iter()
        .skip(skip)
        .take(visible)
        .map(|word| word_line(word, false, Style::new()))
        .collect();
    let mut title = match words.len() {
        1 => " Found 1 word ".to_owned(),
        n => format!(" Found {n} words "),
    };
    if words.len() > 1 {
        title += &format!("· {} ", app.order.name());
    }
    let mut block = Block::new().borders(Borders::ALL).title(title);
    if words.len() > visible {
        let shown = format!(
            " {}–{} · PgUp PgDn ",
            skip + 1,
            (skip + visible).min(words.len())
        );
        block = block.title_bottom(Line::styled(shown, palette.dim()).right_aligned());
    }
    if words.len() > 1 {
        block = block.title_bottom(Line::styled(" Ctrl-S sort ", palette.dim()));
    }
    frame.render_widget(Paragraph::new(lines).block(block), area);
}

/// The end screen (the command that plays the board again and the
/// warnings are drawn by [`draw`]).
fn draw_end(frame: &mut Frame, app: &App, palette: Palette, areas: [Rect; 3]) {
    let [title, body, keys] = areas;
    let Some(end) = &app.end else { return };
    let summary = &end.summary;
    let right = Line::from(format!(
        "Score {} of {} ({}%) · {} of {} ",
        summary.score,
        summary.total_score,
        summary.percent(),
        summary.found,
        count(summary.total, "word"),
    ));
    draw_title(frame, title, &headings(app, "Game over · "), right, palette);

    let board = app.game.board();
    let [left, right] = split_body(body, app.view);
    let selected = end.selected_word();
    let path = selected.map_or(&[][..], |(word, _)| &word.path[..]);
    let board_height = draw_board(frame, left, board, app.view, path, Look::Compact, palette);

    // Under the board: the word selected, the best word and the player's
    // standing.
    let mut notes = Vec::new();
    if let Some((word, found)) = selected {
        notes.push(Line::from(format!(
            "{} {} ({} letters, {})",
            if found { "You found" } else { "You missed" },
            word.word.to_uppercase(),
            word.len,
            points(word.score)
        )));
    }
    notes.push(match (&summary.best, summary.total) {
        (_, 0) => Line::from("This board has no words."),
        (Some(best), _) => Line::from(vec![
            Span::raw("Best word: "),
            Span::styled(best.word.to_uppercase(), palette.good()),
            Span::raw(format!(" ({})", points(best.score))),
        ]),
        (None, _) => Line::from("No word found this time."),
    });
    if !end.counted {
        notes.push(Line::from(
            "This game ended early, so your best and average leave it out.",
        ));
    }
    if let Some(standing) = &end.standing {
        notes.push(Line::from(format!(
            "Your best {}, average {:.1} over {} played to the end like this one:",
            standing.best,
            standing.average,
            count(standing.games, "game"),
        )));
        notes.push(Line::styled(kind_text(app), palette.dim()));
    }
    let notes_area = Rect {
        y: left.y + board_height + 1,
        height: left.height.saturating_sub(board_height + 1),
        ..left
    };
    frame.render_widget(Paragraph::new(notes).wrap(Wrap { trim: false }), notes_area);

    if app.help {
        draw_end_help(frame, right, palette);
    } else {
        draw_end_words(frame, right, end, palette);
    }

    let hints = " r replay · n new board · q quit · ↑↓ each word's path · ? help";
    frame.render_widget(Paragraph::new(Line::styled(hints, palette.dim())), keys);
}

/// The player's words, then the words missed, the selected one marked.
fn draw_end_words(frame: &mut Frame, area: Rect, end: &End, palette: Palette) {
    let summary = &end.summary;
    let found = &summary.found_words;
    let mut lines = Vec::new();
    // The line of each word, to scroll to the selected one.
    let mut selected_line = 0;
    lines.push(Line::styled(
        match found.len() {
            0 => " You found no word".to_owned(),
            n => format!(" You found {}", count(n, "word")),
        },
        palette.title(),
    ));
    let mut add = |lines: &mut Vec<Line>, n: usize, word: &BoardWord| {
        let chosen = n == end.selected;
        if chosen {
            selected_line = lines.len();
        }
        let style = if chosen {
            palette.selected()
        } else {
            Style::new()
        };
        lines.push(word_line(word, chosen, style));
    };
    for (n, word) in found.iter().enumerate() {
        add(&mut lines, n, word);
    }
    lines.push(Line::default());
    lines.push(Line::styled(
        match (summary.missed.len(), summary.total) {
            (_, 0) => " The board has no words".to_owned(),
            (0, _) => " You missed nothing: every word found!".to_owned(),
            (n, _) => format!(" You missed {}", count(n, "word")),
        },
        palette.title(),
    ));
    for (n, word) in summary.missed.iter().enumerate() {
        add(&mut lines, found.len() + n, word);
    }
    let visible = area.height.saturating_sub(2) as usize;
    // The selected word in view, its heading too when it is the first.
    let skip = (selected_line + 1)
        .saturating_sub(visible)
        .min(lines.len().saturating_sub(visible));
    let lines: Vec<Line> = lines.into_iter().skip(skip).take(visible).collect();
    let title = if end.len() > 0 {
        " Words · ↑↓ shows each path "
    } else {
        " Words "
    };
    let block = Block::new().borders(Borders::ALL).title(title);
    frame.render_widget(Paragraph::new(lines).block(block), area);
}

/// What games the standing is over: `1987 dice, 4x4, 3:00, 3+ letters,
/// the 'en' list, boards of 10+ points`.
fn kind_text(app: &App) -> String {
    let kind = &app.settings.kind;
    let time = match app.settings.time {
        Some(time) => format_clock(time),
        None => "untimed".to_owned(),
    };
    let list = match (&kind.lang, &kind.dict) {
        (_, Some(path)) => format!("the list {path}"),
        (Some(lang), None) => format!("the '{lang}' list"),
        (None, None) => "the default list".to_owned(),
    };
    let boards = match kind.min_board_score {
        0 => "any board".to_owned(),
        n => format!("boards of {n}+ points"),
    };
    format!(
        "{}, {}, {time}, {}+ letters, {list}{}, {boards}",
        dice_label(app.settings.roller.set()),
        kind.size,
        app.game.min_len(),
        if kind.fold_accents {
            " (accents folded)"
        } else {
            ""
        },
    )
}

/// `1 game`, `3 words`.
fn count(n: usize, what: &str) -> String {
    match n {
        1 => format!("1 {what}"),
        n => format!("{n} {what}s"),
    }
}

/// The top line: the first of `lefts` that fits beside `right` at the
/// left (the last is the one that must be there), `right` at the right,
/// in reverse.
fn draw_title(frame: &mut Frame, area: Rect, lefts: &[String], right: Line, palette: Palette) {
    let bar = palette.selected();
    // One column before the left part, three between the two.
    let room = (area.width as usize).saturating_sub(right.width() + 4);
    let left = lefts
        .iter()
        .find(|left| left.chars().count() <= room)
        .or(lefts.last())
        .map_or("", String::as_str);
    frame.render_widget(Block::new().style(bar), area);
    if left.chars().count() > room {
        // Not even the shortest fits: the right gives way.
        frame.render_widget(Paragraph::new(format!(" {left}")).style(bar), area);
        return;
    }
    frame.render_widget(Paragraph::new(format!(" {left}")).style(bar), area);
    frame.render_widget(Paragraph::new(right).style(bar).right_aligned(), area);
}

/// The title's left part, longest first: `boggle play · 1987 dice · seed
/// 42` (`prefix` in place of the name when there is one), then shorter
/// ones, the seed always whole.
fn headings(app: &App, prefix: &str) -> Vec<String> {
    let dice = dice_label(app.settings.roller.set());
    let seed = format!("seed {}", app.seed);
    let first = match prefix {
        "" => "boggle play · ",
        _ => prefix,
    };
    vec![
        format!("{first}{dice} · {seed}"),
        format!("{prefix}{dice} · {seed}"),
        format!("{prefix}{seed}"),
        seed,
    ]
}

/// `1 point`, `3 points`.
fn points(score: u32) -> String {
    match score {
        1 => "1 point".to_owned(),
        n => format!("{n} points"),
    }
}

/// ` 11  stonewalls` in a word list; `▶11  stonewalls` when `selected`.
fn word_line(word: &BoardWord, selected: bool, style: Style) -> Line<'static> {
    let marker = if selected { '▶' } else { ' ' };
    Line::styled(format!("{marker}{:>2}  {}", word.score, word.word), style)
}

/// The body split into the board's column and the list's.
fn split_body(body: Rect, view: View) -> [Rect; 2] {
    let (_, cols) = view.size();
    let available = (body.width as usize).saturating_sub(4 + MIN_LIST);
    let board_width = (cols * (cell_width(cols, available) + 1) + 1) as u16;
    Layout::horizontal([
        Constraint::Length((board_width + 4).max(38)),
        Constraint::Min(20),
    ])
    .areas(body)
}

/// How the board's cells are drawn.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Look {
    /// Three lines tall when the board fits so, else one.
    Tall,
    /// One line tall, leaving room below.
    Compact,
    /// Empty, while the game is paused.
    Hidden,
}

/// Draws the board in the top of `area`, each cell of `path` holding an
/// arrow to the next cell (the last `◊`). Returns the rows drawn.
fn draw_board(
    frame: &mut Frame,
    area: Rect,
    board: &Board,
    view: View,
    path: &[u32],
    look: Look,
    palette: Palette,
) -> u16 {
    let hidden = look == Look::Hidden;
    let (rows, cols) = view.size();
    // Cells three lines tall when the board fits so, else one.
    let height = if look != Look::Compact && rows * 4 < area.height as usize {
        3
    } else {
        1
    };
    let mut marks: Vec<Option<(usize, char)>> = vec![None; board.len()];
    for (n, &cell) in path.iter().enumerate() {
        let mark = match path.get(n + 1) {
            Some(&next) => arrow(view.position(cell as usize), view.position(next as usize)),
            None => '◊',
        };
        marks[cell as usize] = Some((n, mark));
    }
    let width = cell_width(cols, (area.width as usize).saturating_sub(2));
    let rule = |left: &str, middle: &str, right: &str| {
        let inside = "─".repeat(width);
        let mut line = String::from(left);
        for col in 0..cols {
            line += &inside;
            line += if col + 1 < cols { middle } else { right };
        }
        Line::from(line)
    };
    let mut lines = vec![rule("┌", "┬", "┐")];
    for row in 0..rows {
        for inner in 0..height {
            let mut spans = vec![Span::raw("│")];
            for col in 0..cols {
                let cell = view.cell(row, col);
                let mark = marks[cell];
                let text = if hidden || inner != height / 2 {
                    " ".repeat(width)
                } else {
                    let label = tile_label(&board.tiles()[cell]);
                    let arrow = mark.map_or(' ', |(_, arrow)| arrow);
                    match width {
                        CELL_WIDTH => format!("{label:>3}{arrow} "),
                        _ => format!("{label:>2}{arrow}"),
                    }
                };
                let style = match mark {
                    Some((0, _)) => palette.start(),
                    Some(_) => palette.path(),
                    None => Style::new().add_modifier(Modifier::BOLD),
                };
                spans.push(Span::styled(text, style));
                spans.push(Span::raw("│"));
            }
            lines.push(Line::from(spans));
        }
        lines.push(if row + 1 < rows {
            rule("├", "┼", "┤")
        } else {
            rule("└", "┴", "┘")
        });
    }
    let drawn = (lines.len() as u16).min(area.height);
    let board_area = Rect {
        x: area.x + 2,
        width: area.width.saturating_sub(2),
        height: drawn,
        ..area
    };
    frame.render_widget(Paragraph::new(lines), board_area);
    drawn
}

/// A tile as the board shows it: `E`, `Qu`, `Th`, `*`, or nothing for a
/// blank.
fn tile_label(tile: &Tile) -> String {
    match tile {
        Tile::Letter(letter) => letter.to_uppercase().collect(),
        Tile::Letters(letters) => {
            let mut chars = letters.chars();
            let first: String = chars
                .next()
                .map(|c| c.to_uppercase().collect())
                .unwrap_or_default();
            first + chars.as_str()
        }
        Tile::Wildcard => "*".to_owned(),
        Tile::Blank => String::new(),
    }
}

/// How tiles of several letters count, for the help: the Qu face, or on
/// a board with others (Super Big Boggle's An, Er, He, In, Th), all of them.
pub(super) fn tiles_rule(board: &Board) -> &'static str {
    let others = board
        .tiles()
        .iter()
        .any(|tile| matches!(tile, Tile::Letters(_)) && *tile != Tile::qu());
    if others {
        "each cell once; Qu, Th, In… count both."
    } else {
        "each cell once; Qu counts two letters."
    }
}

/// The keys and the scores, in place of the word list.
fn draw_help(frame: &mut Frame, area: Rect, app: &App, palette: Palette) {
    let rules = app.game.rules();
    let min_len = app.game.min_len();
    let mut scores: Vec<String> = (min_len.max(rules.min_len())..=8)
        .map(|len| {
            format!(
                "{len}{}: {}",
                if len == 8 { "+" } else { "" },
                rules.score(len)
            )
        })
        .collect();
    if rules == boggle::Rules::SuperBig {
        scores.pop();
        scores.push("8: 11".to_owned());
        scores.push("9+: 2 a letter".to_owned());
    }
    let key = |keys: &str, what: &str| key_line(palette, keys, what);
    let lines = vec![
        Line::from("Type a word, then Enter to check it."),
        Line::from(format!("{min_len}+ letters along touching cells,")),
        Line::from(tiles_rule(app.game.board())),
        Line::from("Points by length:"),
        Line::from(format!("  {}", scores.join(", "))),
        Line::default(),
        key("Backspace", "erase a letter"),
        key("Ctrl-W", "erase the line"),
        key("↑ ↓", "earlier entries"),
        key("Tab", "rotate the board"),
        key("Ctrl-P F2", "pause; the board hides"),
        key("PgUp PgDn", "scroll the words found"),
        key("Ctrl-S F3", "sort the words found"),
        key("Esc", "end the game (asks first)"),
        key("Ctrl-C", "end the game at once"),
        key("? Esc", "close this help"),
    ];
    draw_help_box(frame, area, lines);
}

/// A line of a help box: the keys in the title's style, then what they do.
fn key_line(palette: Palette, keys: &str, what: &str) -> Line<'static> {
    Line::from(vec![
        Span::styled(format!("{keys:<11}"), palette.title()),
        Span::raw(what.to_owned()),
    ])
}

/// A help box of `lines`, wrapped in `area`.
fn draw_help_box(frame: &mut Frame, area: Rect, lines: Vec<Line<'static>>) {
    let block = Block::new().borders(Borders::ALL).title(" Help ");
    frame.render_widget(
        Paragraph::new(lines)
            .wrap(Wrap { trim: false })
            .block(block),
        area,
    );
}

/// The keys of the end screen, in place of the words.
fn draw_end_help(frame: &mut Frame, area: Rect, palette: Palette) {
    let key = |keys: &str, what: &str| key_line(palette, keys, what);
    let lines = vec![
        Line::from("The game is over."),
        Line::default(),
        key("↑ ↓ j k", "select a word: its path"),
        key("PgUp PgDn", "ten words up or down"),
        key("Home End", "first or last word"),
        key("Tab", "rotate the board"),
        key("r", "play this board again"),
        key("n", "play a new board"),
        key("q", "quit"),
        key("? Esc", "close this help"),
    ];
    draw_help_box(frame, area, lines);
}
