//! Where a word lies on a board, or why it is not there (SPEC §9).
//!
//! [`find`] searches one word on a board: every distinct path that spells it
//! (or the first one), or an [`Absence`]: not in the dictionary, shorter
//! than the rules allow, or the longest start of it the board can spell and
//! where that breaks. [`write_found`] draws the result on the grid, each
//! path cell holding an arrow to the next cell and the last one `◊`. Colour
//! comes in as [`Styles`]; whether the output is a terminal, and whether
//! colour is wanted there, is the caller's business.

use std::io::{self, Write};

use anstyle::{AnsiColor, Style};

use crate::board::{Board, Tile};
use crate::dict::Dictionary;
use crate::geometry::{self, PathLimits, arrow};
use crate::output::count;
use crate::rules::Rules;

/// The most paths `--all` lists for one word; the rest are counted as cut.
pub const MAX_PATHS: usize = 1000;

/// The most cells the search of one word steps onto before it stops, so no
/// board and word can keep it busy for long.
pub const MAX_STEPS: u64 = 20_000_000;

/// How the path is drawn. [`Styles::plain`] draws no colour at all.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Styles {
    /// The arrows of the path.
    pub path: Style,
    /// The first cell of the path.
    pub start: Style,
    /// The last cell, `◊`.
    pub end: Style,
}

impl Styles {
    /// No colour: the path shows only by its arrows.
    pub fn plain() -> Styles {
        Styles::default()
    }

    /// The path in bold yellow, its start in bold black on green, its end
    /// in bold red.
    pub fn colored() -> Styles {
        Styles {
            path: Style::new().bold().fg_color(Some(AnsiColor::Yellow.into())),
            start: Style::new()
                .bold()
                .fg_color(Some(AnsiColor::Black.into()))
                .bg_color(Some(AnsiColor::Green.into())),
            end: Style::new().bold().fg_color(Some(AnsiColor::Red.into())),
        }
    }
}

/// What searching one word on a board found.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct WordPaths {
    /// The word, normalised as the dictionary's words are.
    pub word: String,
    /// Its length in letters.
    pub len: usize,
    /// Its score under the rules.
    pub score: u32,
    /// The paths spelling it, or why there is none.
    pub result: Result<Paths, Absence>,
}

/// The paths of a word on the board, each a list of cells, first to last.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Paths {
    /// Distinct paths in reading order: compared by their sequences of
    /// cells (row × columns + column), the first differing cell deciding.
    /// The first is the least, the path `boggle solve --paths` reports.
    pub paths: Vec<Vec<u32>>,
    /// Whether the search stopped before finding every path.
    pub cut: bool,
}

/// Why a word is not on the board.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Absence {
    /// The dictionary does not have it.
    NotInDictionary,
    /// It has fewer letters than the rules' minimum.
    TooShort { min_len: usize, rules: Rules },
    /// No path spells it. `start` is the longest start of it some path
    /// spells (empty when no cell holds its first letter), `path` that
    /// path's cells, and `next` the letters the path could not go on with.
    NotOnBoard {
        start: String,
        path: Vec<u32>,
        next: String,
    },
}

/// Searches `word` on `board`: its paths (every distinct one with `all`,
/// else the least in reading order), or why it is absent. The search tries
/// start cells and then neighbours in ascending order, so it meets the
/// paths in reading order. The word is looked up in `dict`
/// and scored under `rules`.
pub fn find(dict: &Dictionary, board: &Board, rules: Rules, word: &str, all: bool) -> WordPaths {
    let word = dict.normalizer().normalize(word.trim()).into_owned();
    let letters: Vec<char> = word.chars().collect();
    let len = letters.len();
    let score = rules.score(len);
    let absent = |absence| WordPaths {
        word: word.clone(),
        len,
        score: 0,
        result: Err(absence),
    };
    if !dict.contains(&word) {
        return absent(Absence::NotInDictionary);
    }
    if len < rules.min_len() {
        return absent(Absence::TooShort {
            min_len: rules.min_len(),
            rules,
        });
    }
    let limits = PathLimits {
        paths: if all { MAX_PATHS } else { 1 },
        steps: MAX_STEPS,
    };
    let tiles = board.tiles();
    let found = geometry::find_paths(board.rows(), board.cols(), len, limits, |cell, matched| {
        spell(&tiles[cell], &letters, matched)
    });
    if found.paths.is_empty() {
        let (matched, path) = found.longest;
        let start: String = letters[..matched].iter().collect();
        let next: String = letters[matched..].iter().collect();
        return absent(Absence::NotOnBoard { start, path, next });
    }
    let cut = found.cut || found.paths.len() >= MAX_PATHS;
    WordPaths {
        word,
        len,
        score,
        result: Ok(Paths {
            paths: found.paths,
            cut,
        }),
    }
}

/// The number of letters spelled after `tile` goes on from `matched`
/// letters of `letters`, or `None` when the tile does not fit there.
fn spell(tile: &Tile, letters: &[char], matched: usize) -> Option<usize> {
    let rest = &letters[matched..];
    match tile {
        Tile::Letter(letter) => (rest.first() == Some(letter)).then_some(matched + 1),
        Tile::Letters(tile_letters) => {
            let count = tile_letters.chars().count();
            let fits = rest.len() >= count && tile_letters.chars().zip(rest).all(|(a, &b)| a == b);
            fits.then_some(matched + count)
        }
        Tile::Wildcard => (!rest.is_empty()).then_some(matched + 1),
        Tile::Blank => None,
    }
}

/// Writes what [`find`] found: a header line, then the grid with each path
/// (or the reason the word is absent).
pub fn write_found<W: Write>(
    out: &mut W,
    board: &Board,
    found: &WordPaths,
    styles: &Styles,
) -> io::Result<()> {
    // The word as typed reaches the terminal: its control characters go
    // out escaped.
    let word = crate::output::escaped(&found.word, false);
    match &found.result {
        Ok(Paths { paths, cut }) => {
            write!(
                out,
                "{word}: {}, {}",
                count(found.len as u64, "letter"),
                count(u64::from(found.score), "point")
            )?;
            if paths.len() == 1 && !cut {
                writeln!(out)?;
                writeln!(out, "path {}", path_text(board, &paths[0]))?;
                return write_grid(out, board, &paths[0], styles);
            }
            let more = if *cut {
                " (the search stopped there)"
            } else {
                ""
            };
            writeln!(out, ", {}{more}", count(paths.len() as u64, "path"))?;
            for (n, path) in paths.iter().enumerate() {
                if n > 0 {
                    writeln!(out)?;
                }
                writeln!(out, "path {}: {}", n + 1, path_text(board, path))?;
                write_grid(out, board, path, styles)?;
            }
            Ok(())
        }
        Err(Absence::NotInDictionary) => writeln!(out, "{word}: not in the dictionary"),
        Err(Absence::TooShort { min_len, rules }) => writeln!(
            out,
            "{word}: too short, {} where the {rules} rules need at least {min_len}",
            count(found.len as u64, "letter")
        ),
        Err(Absence::NotOnBoard { start, path, next }) => {
            let first = next.chars().next().unwrap_or_default();
            match path.last() {
                None => writeln!(out, "{word}: not on the board, no cell spells '{first}'"),
                Some(&last) => {
                    let (row, col) = board.position(last as usize);
                    writeln!(
                        out,
                        "{word}: not on the board; the longest start it can spell is '{start}' \
                         (path {}), which breaks at {row},{col}: no free neighbour goes on with '{first}'",
                        path_text(board, path)
                    )
                }
            }
        }
    }
}

/// A path as `row,col` pairs, zero-based, as `boggle solve --paths` writes it.
fn path_text(board: &Board, path: &[u32]) -> String {
    let cells: Vec<String> = path
        .iter()
        .map(|&cell| {
            let (row, col) = board.position(cell as usize);
            format!("{row},{col}")
        })
        .collect();
    cells.join(" ")
}

/// Draws the grid: cells off the path hold their letters, path cells an
/// arrow to the next cell, the last one `◊`. Cells are as wide as the widest
/// tile and separated by one space.
fn write_grid<W: Write>(
    out: &mut W,
    board: &Board,
    path: &[u32],
    styles: &Styles,
) -> io::Result<()> {
    let texts: Vec<String> = board.tiles().iter().map(tile_text).collect();
    let width = texts.iter().map(|t| t.chars().count()).max().unwrap_or(1);
    // Per cell, its mark and style when it is on the path.
    let mut marks: Vec<Option<(char, Style)>> = vec![None; board.len()];
    for (i, &cell) in path.iter().enumerate() {
        let mark = match path.get(i + 1) {
            Some(&next) => arrow(board.position(cell as usize), board.position(next as usize)),
            None => '◊',
        };
        let style = match i {
            0 => styles.start,
            _ if i + 1 == path.len() => styles.end,
            _ => styles.path,
        };
        marks[cell as usize] = Some((mark, style));
    }
    for row in 0..board.rows() {
        for col in 0..board.cols() {
            let cell = row * board.cols() + col;
            if col > 0 {
                out.write_all(b" ")?;
            }
            let (text, style) = match marks[cell] {
                Some((mark, style)) => (mark.to_string(), style),
                None => (texts[cell].clone(), Style::new()),
            };
            let pad = width - text.chars().count();
            let padding = if col + 1 == board.cols() { 0 } else { pad };
            write!(out, "{style}{text}{style:#}{:padding$}", "")?;
        }
        writeln!(out)?;
    }
    Ok(())
}

/// A tile as the grid shows it: its letters, `.` or `*`.
fn tile_text(tile: &Tile) -> String {
    match tile {
        Tile::Letter(letter) => letter.to_string(),
        Tile::Letters(letters) => letters.to_string(),
        Tile::Blank => ".".into(),
        Tile::Wildcard => "*".into(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::alphabet::Normalizer;

    fn dict() -> Dictionary {
        let words = [
            "sos", "zebra", "bus", "emboli", "embolus", "ab", "quiet", "that", "aaaa", "a",
        ];
        Dictionary::from_words(words, Normalizer::default()).unwrap()
    }

    /// The drawing of `word` on `board` under the classic rules, plain.
    #[track_caller]
    fn check(board: &str, word: &str, all: bool, expected: &str) {
        let board = Board::parse(board, &Normalizer::default()).unwrap();
        let found = find(&dict(), &board, Rules::Classic, word, all);
        let mut out = Vec::new();
        write_found(&mut out, &board, &found, &Styles::plain()).unwrap();
        assert_eq!(String::from_utf8(out).unwrap(), expected, "{word}");
    }

    // Every expected drawing below was checked by hand against the board:
    // each arrow points at the next letter of the word.

    #[test]
    fn one_path() {
        check(
            "ezmrnubeslospaon",
            "embolus",
            false,
            "embolus: 7 letters, 5 points\n\
             path 1,3 0,2 1,2 2,2 2,1 1,1 2,0\n\
             e z ↓ r\nn ↙ ↓ ↖\n◊ ↑ ← s\np a o n\n",
        );
    }

    #[test]
    fn every_path() {
        check(
            "sos/xxx",
            "sos",
            true,
            "sos: 3 letters, 1 point, 2 paths\n\
             path 1: 0,0 0,1 0,2\n→ → ◊\nx x x\n\n\
             path 2: 0,2 0,1 0,0\n◊ ← ←\nx x x\n",
        );
        // Without --all, only the first.
        check(
            "sos/xxx",
            "sos",
            false,
            "sos: 3 letters, 1 point\npath 0,0 0,1 0,2\n→ → ◊\nx x x\n",
        );
    }

    #[test]
    fn wide_tiles_and_case() {
        // Cells are two wide for `qu` and `th`; the Qu tile spells two letters.
        check(
            "qiet/[th]abc",
            "QUIET",
            false,
            "quiet: 5 letters, 2 points\npath 0,0 0,1 0,2 0,3\n→  →  →  ◊\nth a  b  c\n",
        );
    }

    #[test]
    fn absent_words() {
        check(
            "ezmrnubeslospaon",
            "xyzzy",
            false,
            "xyzzy: not in the dictionary\n",
        );
        check(
            "abcd",
            "ab",
            false,
            "ab: too short, 2 letters where the classic rules need at least 3\n",
        );
        check(
            "abcd",
            "a",
            false,
            "a: too short, 1 letter where the classic rules need at least 3\n",
        );
        check(
            "ezmrnubeslospaon",
            "emboli",
            false,
            "emboli: not on the board; the longest start it can spell is 'embol' \
             (path 1,3 0,2 1,2 2,2 2,1), which breaks at 2,1: no free neighbour goes on with 'i'\n",
        );
        check(
            "ezmrnubeslospaon",
            "quiet",
            false,
            "quiet: not on the board, no cell spells 'q'\n",
        );
        check(
            "abcd",
            "ab\u{1b}[2J",
            false,
            "ab\\x1b[2j: not in the dictionary\n",
        );
        // A blank stops a path; a wildcard is any letter.
        check(
            "ze.bra/",
            "zebra",
            false,
            "zebra: not on the board; the longest start it can spell is 'ze' (path 0,0 0,1), \
             which breaks at 0,1: no free neighbour goes on with 'b'\n",
        );
        check(
            "ze*ra/",
            "zebra",
            false,
            "zebra: 5 letters, 2 points\npath 0,0 0,1 0,2 0,3 0,4\n→ → → → ◊\n",
        );
    }

    #[test]
    fn colour() {
        let board = Board::parse("sos/xxx", &Normalizer::default()).unwrap();
        let found = find(&dict(), &board, Rules::Classic, "sos", false);
        let mut out = Vec::new();
        write_found(&mut out, &board, &found, &Styles::colored()).unwrap();
        let text = String::from_utf8(out).unwrap();
        // Start: bold, black on green; middle: bold yellow; end: bold red.
        assert_eq!(
            text,
            "sos: 3 letters, 1 point\npath 0,0 0,1 0,2\n\
             \u{1b}[1m\u{1b}[30m\u{1b}[42m→\u{1b}[0m \u{1b}[1m\u{1b}[33m→\u{1b}[0m \u{1b}[1m\u{1b}[31m◊\u{1b}[0m\n\
             x x x\n"
        );
    }

    /// The first path is the least in reading order, the one the solver
    /// reports, whether it goes through a letter, a wildcard or a Qu tile;
    /// `--all` lists the paths in that order.
    #[test]
    fn paths_in_reading_order() {
        let dict = Dictionary::from_words(["cat", "quit"], Normalizer::default()).unwrap();
        let config = crate::solve::SolveOptions {
            paths: true,
            ..crate::solve::SolveOptions::new(Rules::Classic)
        };
        let solver = crate::solve::Solver::new(&dict, config);
        // c * | q i | i q
        // a t | * t | t *
        // Checked by hand: `cat` is 0 1 3 (the wildcard as `a`), 0 2 1 (as
        // `t`), 0 2 3 and 1 2 3 (as `c`); `quit` on the second board is
        // 0 1 2, 0 1 3 and 0 2 3, on the third 1 0 2, 1 0 3 and 1 3 2.
        for (board, word, expected) in [
            (
                "c*/at",
                "cat",
                vec![vec![0, 1, 3], vec![0, 2, 1], vec![0, 2, 3], vec![1, 2, 3]],
            ),
            (
                "qi/*t",
                "quit",
                vec![vec![0, 1, 2], vec![0, 1, 3], vec![0, 2, 3]],
            ),
            (
                "iq/t*",
                "quit",
                vec![vec![1, 0, 2], vec![1, 0, 3], vec![1, 3, 2]],
            ),
        ] {
            let board = Board::parse(board, &Normalizer::default()).unwrap();
            let every = find(&dict, &board, Rules::Classic, word, true)
                .result
                .unwrap();
            assert_eq!(every.paths, expected, "{board}");
            let first = find(&dict, &board, Rules::Classic, word, false)
                .result
                .unwrap();
            assert_eq!(first.paths, expected[..1], "{board}");
            let solution = solver.solve(&board);
            let found = solution
                .words
                .iter()
                .find(|w| dict.word_text(w.word) == word);
            assert_eq!(found.unwrap().path, expected[0], "{board}");
        }
    }

    #[test]
    fn the_search_is_bounded() {
        // Every path of four cells on a 6x6 board of `a` spells "aaaa".
        let board = Board::parse(&"a".repeat(36), &Normalizer::default()).unwrap();
        let found = find(&dict(), &board, Rules::Classic, "aaaa", true);
        let paths = found.result.unwrap();
        assert_eq!(paths.paths.len(), MAX_PATHS);
        assert!(paths.cut);
    }
}
