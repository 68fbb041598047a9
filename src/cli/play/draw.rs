//! Drawing the game: the playing screen (board, clock, score, words found,
//! the line typed), the pause, the help, the end screen (score, share,
//! best word, missed words with the path of the one selected), and the
//! message for a terminal too small to play in. Everything is drawn from
//! [`App`] and the time; nothing here changes the game.

use std::time::Instant;

use boggle::game::clock::format_clock;
use boggle::game::path::arrow;
use boggle::game::{BoardWord, View};
use boggle::{Board, Tile};
use ratatui::Frame;
use ratatui::layout::{Constraint, Layout, Position, Rect};
use ratatui::style::{Color, Modifier, Style};
use ratatui::text::{Line, Span};
use ratatui::widgets::{Block, Borders, Paragraph, Wrap};

use super::app::{App, Mode};

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
            _ => "The game is paused: make it larger, then Ctrl-P.",
        };
        let text = vec![
            Line::from("The terminal is too small."),
            Line::from(format!(
                "This game needs {width}×{height}; this one is {}×{}.",
                area.width, area.height
            )),
            Line::from(advice),
        ];
        let height = (text.len() as u16).min(area.height);
        let middle = Rect {
            y: area.y + (area.height - height) / 2,
            height,
            ..area
        };
        frame.render_widget(
            Paragraph::new(text).wrap(Wrap { trim: true }).centered(),
            middle,
        );
        return;
    }
    let palette = Palette {
        color: app.settings.color,
    };
    let [title, _, body, typed, status, keys] = Layout::vertical([
        Constraint::Length(1),
        Constraint::Length(1),
        Constraint::Min(1),
        Constraint::Length(1),
        Constraint::Length(1),
        Constraint::Length(1),
    ])
    .areas(area);
    if app.mode == Mode::Over {
        draw_end(frame, app, palette, [title, body, typed, status, keys]);
    } else {
        draw_playing(frame, app, palette, now, [title, body, typed, status, keys]);
    }
}

/// The playing screen (also paused, and asking to confirm the end).
fn draw_playing(frame: &mut Frame, app: &App, palette: Palette, now: Instant, areas: [Rect; 5]) {
    let [title, body, typed_area, status, keys] = areas;
    let remaining = app.clock.remaining(now);
    let clock_style = if remaining.as_secs() < 10 {
        palette.bad()
    } else {
        palette.title()
    };
    let right = Line::from(vec![
        Span::raw("Time "),
        Span::styled(format_clock(remaining), clock_style),
        Span::raw(format!(
            "   Score {} of {} ",
            app.game.score(),
            max_score(app)
        )),
    ]);
    draw_title(frame, title, &heading(app), right, palette);

    let board = app.game.board();
    let [left, right] = split_body(body, app.view);
    let path = if app.mode == Mode::Paused {
        None
    } else {
        app.typed_path()
    };
    let look = if app.mode == Mode::Paused {
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
        let found: Vec<Line> = app
            .game
            .found()
            .rev()
            .map(|word| word_line(word, false, Style::new()))
            .collect();
        let title = match found.len() {
            1 => " Found 1 word ".to_owned(),
            n => format!(" Found {n} words "),
        };
        let block = Block::new().borders(Borders::ALL).title(title);
        frame.render_widget(Paragraph::new(found).block(block), right);
    }

    // The line typed, red when no path on the board spells it.
    let mut line = vec![Span::raw(" > ")];
    if app.mode != Mode::Paused {
        let style = if path.is_none() {
            palette.bad()
        } else {
            Style::new().add_modifier(Modifier::BOLD)
        };
        line.push(Span::styled(app.typed.clone(), style));
        if path.is_none() {
            line.push(Span::styled("   ✗ no path on the board", palette.bad()));
        }
        let x = typed_area.x + 3 + app.typed.chars().count() as u16;
        frame.set_cursor_position(Position::new(x.min(typed_area.right() - 1), typed_area.y));
    }
    frame.render_widget(Paragraph::new(Line::from(line)), typed_area);

    let message = match (app.mode, app.flash_at(now)) {
        (Mode::Confirming, _) => Line::styled(
            " End the game now? Esc or y: end · any other key: play on",
            palette.bad(),
        ),
        (Mode::Paused, _) => Line::styled(" Paused: Ctrl-P or F2 to play on", palette.title()),
        (_, Some(flash)) => Line::styled(
            format!(" {}", flash.text),
            if flash.good {
                palette.good()
            } else {
                palette.bad()
            },
        ),
        _ => warning_line(app, palette),
    };
    frame.render_widget(Paragraph::new(message), status);
    let hints = " Enter judge · Tab turn · ↑ recall · Ctrl-P pause · ? help · Esc end";
    frame.render_widget(Paragraph::new(Line::styled(hints, palette.dim())), keys);
}

/// The end screen.
fn draw_end(frame: &mut Frame, app: &App, palette: Palette, areas: [Rect; 5]) {
    let [title, body, replay, status, keys] = areas;
    let Some(end) = &app.end else { return };
    let summary = &end.summary;
    let right = Line::from(format!(
        "Score {} of {} ({}%) · {} of {} words ",
        summary.score,
        summary.total_score,
        summary.percent(),
        summary.found,
        summary.total
    ));
    draw_title(
        frame,
        title,
        &format!("Game over · seed {}", app.seed),
        right,
        palette,
    );

    let board = app.game.board();
    let [left, right] = split_body(body, app.view);
    let selected = summary.missed.get(end.selected);
    let path = selected.map_or(&[][..], |word| &word.path[..]);
    let board_height = draw_board(frame, left, board, app.view, path, Look::Compact, palette);

    // Under the board: the best word and the player's standing.
    let mut notes = Vec::new();
    if let Some(word) = selected {
        notes.push(Line::from(format!(
            "On the board: {} ({} letters)",
            word.word.to_uppercase(),
            word.len
        )));
    }
    notes.push(match &summary.best {
        Some(best) => Line::from(vec![
            Span::raw("Best word: "),
            Span::styled(best.word.to_uppercase(), palette.good()),
            Span::raw(format!(" ({})", points(best.score))),
        ]),
        None => Line::from("No word found this time."),
    });
    if let Some(standing) = &end.standing {
        notes.push(Line::from(format!(
            "Your games with {} dice, {}:",
            app.settings.roller.set().name(),
            format_clock(app.settings.time),
        )));
        notes.push(Line::from(format!(
            "  best {}, average {:.1} over {}",
            standing.best,
            standing.average,
            match standing.games {
                1 => "1 game".to_owned(),
                n => format!("{n} games"),
            }
        )));
    }
    let notes_area = Rect {
        y: left.y + board_height + 1,
        height: left.height.saturating_sub(board_height + 1),
        ..left
    };
    frame.render_widget(Paragraph::new(notes).wrap(Wrap { trim: false }), notes_area);

    if app.help {
        draw_help(frame, right, app, palette);
    } else {
        let title = match summary.missed.len() {
            0 => " Missed nothing: every word found! ".to_owned(),
            n => format!(" Missed {n} · ↑↓ shows each path "),
        };
        let block = Block::new().borders(Borders::ALL).title(title);
        let visible = right.height.saturating_sub(2) as usize;
        let skip = (end.selected + 1).saturating_sub(visible);
        let lines: Vec<Line> = summary
            .missed
            .iter()
            .enumerate()
            .skip(skip)
            .take(visible)
            .map(|(n, word)| {
                let style = if n == end.selected {
                    palette.selected()
                } else {
                    Style::new()
                };
                word_line(word, n == end.selected, style)
            })
            .collect();
        frame.render_widget(Paragraph::new(lines).block(block), right);
    }

    let command = Line::from(vec![
        Span::raw(" Same board again: "),
        Span::styled(app.replay_command(), palette.title()),
    ]);
    frame.render_widget(Paragraph::new(command), replay);
    frame.render_widget(Paragraph::new(warning_line(app, palette)), status);
    let hints = " r replay this board · n new board · q quit · ↑↓ missed words · Tab turn";
    frame.render_widget(Paragraph::new(Line::styled(hints, palette.dim())), keys);
}

/// The top line: `left` at the left, `right` at the right, in reverse.
fn draw_title(frame: &mut Frame, area: Rect, left: &str, right: Line, palette: Palette) {
    let bar = palette.selected();
    frame.render_widget(Block::new().style(bar), area);
    frame.render_widget(Paragraph::new(format!(" {left}")).style(bar), area);
    frame.render_widget(Paragraph::new(right).style(bar).right_aligned(), area);
}

/// `boggle play · new dice · seed 42`; a language's own dice with its
/// name: `boggle play · Finnish · fi dice · seed 3`.
fn heading(app: &App) -> String {
    let set = app.settings.roller.set();
    let lang = set.lang().map(|lang| format!("{} · ", lang.name()));
    format!(
        "boggle play · {}{} dice · seed {}",
        lang.unwrap_or_default(),
        set.name(),
        app.seed
    )
}

fn max_score(app: &App) -> u64 {
    app.game
        .words()
        .iter()
        .map(|word| u64::from(word.score))
        .sum()
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

/// The last warning, dimmed, or nothing.
fn warning_line(app: &App, palette: Palette) -> Line<'static> {
    match app.warnings.last() {
        Some(warning) => Line::styled(format!(" warning: {warning}"), palette.bad()),
        None => Line::default(),
    }
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
    let key = |keys: &str, what: &str| {
        Line::from(vec![
            Span::styled(format!("{keys:<11}"), palette.title()),
            Span::raw(what.to_owned()),
        ])
    };
    let lines = vec![
        Line::from("Type a word, Enter to have it judged."),
        Line::from(format!("{min_len}+ letters along touching cells,")),
        Line::from("each cell once; Qu counts two letters."),
        Line::from("Points by length:"),
        Line::from(format!("  {}", scores.join(", "))),
        Line::default(),
        key("Backspace", "erase a letter"),
        key("Ctrl-W", "erase the line"),
        key("↑ ↓", "earlier entries"),
        key("Tab", "turn the board by 90°"),
        key("Ctrl-P F2", "pause; the board hides"),
        key("Esc", "end the game (asks first)"),
        key("Ctrl-C", "end the game at once"),
        key("?", "close this help"),
    ];
    let block = Block::new().borders(Borders::ALL).title(" Help ");
    frame.render_widget(
        Paragraph::new(lines)
            .wrap(Wrap { trim: false })
            .block(block),
        area,
    );
}
