//! The board grammar (SPEC §2) and its parser: text such as
//! `ezmrnubeslospaon`, `ezmr/nube/slos/paon`, `ezmr nube slos paon`,
//! `a b qu d/e f g h` or `[th]at/.n*e` becomes a [`Board`], or a
//! [`BoardError`] naming the column at fault. Rows are given by `/`, by
//! spaces between tokens of three letters or more, or, without either, by
//! a square tile count; a token is one tile (`qu`, `[th]`, `.`, `*`). The
//! common case, ASCII letters and `/` only, takes a fast path that
//! allocates nothing; everything else, and every error, goes through the
//! full parser. The board's own invariants are checked by
//! [`Board::from_tiles`].

use unicode_normalization::char::is_combining_mark;

use super::{Board, BoardError, BoardErrorKind, MAX_SIDE, Tile};
use crate::alphabet::Normalizer;

impl Board {
    /// Parses a board written in the grammar of SPEC §2, normalising its
    /// letters with `normalizer` (the dictionary's).
    pub fn parse(input: &str, normalizer: &Normalizer) -> Result<Board, BoardError> {
        Board::parse_reusing(input, normalizer, Vec::new())
    }

    /// [`Board::parse`], keeping the tiles in `buffer` (whatever it holds is
    /// dropped) when the board takes the fast path: parsing board after
    /// board with the buffer of the last one allocates nothing.
    pub fn parse_reusing(
        input: &str,
        normalizer: &Normalizer,
        buffer: Vec<Tile>,
    ) -> Result<Board, BoardError> {
        if let Some(board) = Board::parse_plain_ascii(input, buffer) {
            return Ok(board);
        }
        let mut parser = Parser {
            normalizer,
            scratch: String::new(),
            holds_qu: false,
        };
        parser.parse(input)
    }

    /// The fast path of [`Board::parse`] for the common case: ASCII letters
    /// and `/` only, no empty row, read in one pass into `tiles`. `None`
    /// sends anything else, and every error, to the full parser.
    fn parse_plain_ascii(input: &str, mut tiles: Vec<Tile>) -> Option<Board> {
        let bytes = input.as_bytes();
        let body = bytes.strip_suffix(b"/").unwrap_or(bytes);
        let has_slash = body.len() < bytes.len() || body.contains(&b'/');
        tiles.clear();
        tiles.reserve(body.len());
        let mut rows = 1;
        let mut cols = 0;
        // Where the current row's tiles start.
        let mut row_start = 0;
        let mut i = 0;
        while i < body.len() {
            let byte = body[i];
            i += 1;
            if byte == b'/' {
                let found = tiles.len() - row_start;
                if found == 0 || (rows > 1 && found != cols) {
                    return None;
                }
                cols = found;
                rows += 1;
                row_start = tiles.len();
            } else if byte.is_ascii_alphabetic() {
                let letter = byte.to_ascii_lowercase();
                if letter == b'q' {
                    // `q` is the Qu face; a `u` right after it is part of it.
                    if body.get(i).is_some_and(|b| b.eq_ignore_ascii_case(&b'u')) {
                        i += 1;
                    }
                    tiles.push(Tile::qu());
                } else {
                    tiles.push(Tile::Letter(char::from(letter)));
                }
            } else {
                return None;
            }
        }
        let found = tiles.len() - row_start;
        if found == 0 || (rows > 1 && found != cols) {
            return None;
        }
        cols = found;
        if !has_slash {
            let side = tiles.len().isqrt();
            if side * side != tiles.len() {
                return None;
            }
            (rows, cols) = (side, side);
        }
        // Letters and Qu faces only: no wildcard and no empty tile to look
        // for, as `from_tiles` would, board after board.
        (rows <= MAX_SIDE && cols <= MAX_SIDE).then_some(Board { rows, cols, tiles })
    }
}

/// The state of one parse: the normaliser and a reusable buffer.
struct Parser<'n> {
    normalizer: &'n Normalizer,
    /// Letters of the tile being read, before normalisation.
    scratch: String,
    /// Whether a `qu` tile was read, for the not-square hint.
    holds_qu: bool,
}

/// A character of the input with its 1-based column.
type Located = (usize, char);

impl Parser<'_> {
    fn parse(&mut self, input: &str) -> Result<Board, BoardError> {
        let chars: Vec<Located> = input.chars().enumerate().map(|(i, c)| (i + 1, c)).collect();
        let is_blank = |&(_, c): &Located| c.is_whitespace();
        if chars.iter().all(is_blank) {
            return Err(error(None, BoardErrorKind::Empty));
        }
        let has_slash = chars.iter().any(|&(_, c)| c == '/');
        // One trailing `/` ends the last row, so a single row of any length
        // can be written (`abc/`).
        let end = chars.iter().rposition(|c| !is_blank(c)).unwrap_or(0);
        let body = match chars[end] {
            (_, '/') if end > 0 && chars[end - 1].1 != '/' => &chars[..end],
            _ => &chars[..],
        };
        // Each row with the column where it starts: the `/` rows, or the
        // rows typed with spaces.
        let spaced_rows = if has_slash { None } else { spaced_rows(body)? };
        let explicit_rows = has_slash || spaced_rows.is_some();
        let row_list: Vec<(usize, &[Located])> = match spaced_rows {
            Some(tokens) => tokens
                .into_iter()
                .map(|token| (token[0].0, token))
                .collect(),
            None => {
                let mut row_column = 1;
                body.split(|&(_, c)| c == '/')
                    .map(|row| {
                        let column = row_column;
                        row_column += row.len() + 1;
                        (column, row)
                    })
                    .collect()
            }
        };
        let mut tiles = Vec::new();
        let mut cols = 0;
        let mut rows = 0;
        for (column, row) in row_list {
            rows += 1;
            let start = row.iter().position(|c| !is_blank(c));
            let end = row.iter().rposition(|c| !is_blank(c));
            let row_chars = match (start, end) {
                (Some(start), Some(end)) => &row[start..=end],
                _ => return Err(error(Some(column), BoardErrorKind::EmptyRow { row: rows })),
            };
            let before = tiles.len();
            if row_chars.iter().any(is_separator) {
                self.tokens(row_chars, &mut tiles)?;
            } else {
                self.compact(row_chars, &mut tiles)?;
            }
            let found = tiles.len() - before;
            if found == 0 {
                // Separators alone, such as `,`: no tile.
                return Err(error(Some(column), BoardErrorKind::EmptyRow { row: rows }));
            }
            if rows == 1 {
                cols = found;
            } else if found != cols {
                return Err(error(
                    Some(row_chars[0].0),
                    BoardErrorKind::RaggedRow {
                        row: rows,
                        found,
                        expected: cols,
                    },
                ));
            }
        }
        if !explicit_rows {
            let side = tiles.len().isqrt();
            if side * side != tiles.len() {
                return Err(error(
                    None,
                    BoardErrorKind::NotSquare {
                        tiles: tiles.len(),
                        holds_qu: self.holds_qu,
                    },
                ));
            }
            rows = side;
            cols = side;
        }
        Board::from_tiles(rows, cols, tiles)
    }

    /// A row without separators: one tile per letter, `qu` and `[..]` aside.
    fn compact(&mut self, row: &[Located], tiles: &mut Vec<Tile>) -> Result<(), BoardError> {
        let mut i = 0;
        while i < row.len() {
            let (column, c) = row[i];
            match c {
                '.' => {
                    tiles.push(Tile::Blank);
                    i += 1;
                }
                '*' => {
                    tiles.push(Tile::Wildcard);
                    i += 1;
                }
                '[' => {
                    let Some(close) = row[i..].iter().position(|&(_, c)| c == ']') else {
                        return Err(error(Some(column), BoardErrorKind::UnclosedBracket));
                    };
                    tiles.push(self.bracketed(&row[i..=i + close])?);
                    i += close + 1;
                }
                _ => {
                    let next_is_mark = row.get(i + 1).is_some_and(|&(_, c)| is_combining_mark(c));
                    let letter = if c.is_ascii_alphabetic() && !next_is_mark {
                        // The fast path: one ASCII letter needs no normalising buffer.
                        i += 1;
                        Tile::Letter(c.to_ascii_lowercase())
                    } else {
                        i = self.letter_cluster(row, i)?;
                        Tile::from_letters(&self.normalized_scratch())
                    };
                    if letter == Tile::Letter('q') {
                        // `q` is the Qu face; a `u` right after it is part of it.
                        if row.get(i).is_some_and(|&(_, c)| c == 'u' || c == 'U') {
                            i += 1;
                        }
                        self.holds_qu = true;
                        tiles.push(Tile::qu());
                    } else {
                        tiles.push(letter);
                    }
                }
            }
        }
        Ok(())
    }

    /// A row of tokens separated by spaces or commas: one tile per token.
    fn tokens(&mut self, row: &[Located], tiles: &mut Vec<Tile>) -> Result<(), BoardError> {
        for token in row.split(is_separator) {
            let Some(&(column, first)) = token.first() else {
                continue;
            };
            check_token(token)?;
            let tile = match first {
                '.' | '*' if token.len() > 1 => {
                    return Err(error(
                        Some(token[1].0),
                        BoardErrorKind::UnexpectedChar(token[1].1),
                    ));
                }
                '.' => Tile::Blank,
                '*' => Tile::Wildcard,
                '[' => {
                    if token.last().map(|&(_, c)| c) != Some(']') {
                        return Err(error(Some(column), BoardErrorKind::UnclosedBracket));
                    }
                    self.bracketed(token)?
                }
                _ => {
                    self.scratch.clear();
                    let mut i = 0;
                    while i < token.len() {
                        i = self.letter_cluster(token, i)?;
                    }
                    let letters = self.normalized_scratch();
                    if letters == "q" || letters == "qu" {
                        self.holds_qu = true;
                        Tile::qu()
                    } else {
                        Tile::from_letters(&letters)
                    }
                }
            };
            tiles.push(tile);
        }
        Ok(())
    }

    /// `[..]`, brackets included: a tile of exactly the letters inside.
    fn bracketed(&mut self, token: &[Located]) -> Result<Tile, BoardError> {
        let inside = &token[1..token.len() - 1];
        if inside.is_empty() {
            return Err(error(Some(token[0].0), BoardErrorKind::EmptyBracket));
        }
        self.scratch.clear();
        let mut i = 0;
        while i < inside.len() {
            i = self.letter_cluster(inside, i)?;
        }
        let letters = self.normalized_scratch();
        if letters == "qu" {
            self.holds_qu = true;
        }
        Ok(Tile::from_letters(&letters))
    }

    /// Appends the letter at `row[start]` and the combining marks after it to
    /// the scratch buffer; returns the index after them.
    fn letter_cluster(&mut self, row: &[Located], start: usize) -> Result<usize, BoardError> {
        let (column, c) = row[start];
        if is_combining_mark(c) {
            return Err(error(Some(column), BoardErrorKind::LoneMark(c)));
        }
        if !c.is_alphabetic() {
            return Err(error(Some(column), BoardErrorKind::UnexpectedChar(c)));
        }
        self.scratch.push(c);
        let mut end = start + 1;
        while let Some(&(_, mark)) = row.get(end).filter(|&&(_, c)| is_combining_mark(c)) {
            self.scratch.push(mark);
            end += 1;
        }
        Ok(end)
    }

    /// The scratch buffer normalised; clears the buffer.
    fn normalized_scratch(&mut self) -> String {
        let letters = self.normalizer.normalize(&self.scratch).into_owned();
        self.scratch.clear();
        letters
    }
}

/// Whether `c` separates tokens: white space or a comma.
fn is_separator(&(_, c): &Located) -> bool {
    c.is_whitespace() || c == ','
}

/// The letters of `token` outside brackets, which a token of one tile has
/// at most two of.
fn unbracketed_letters(token: &[Located]) -> usize {
    let mut inside = false;
    let mut letters = 0;
    for &(_, c) in token {
        match c {
            '[' => inside = true,
            ']' => inside = false,
            _ if !inside && c.is_alphabetic() && !is_combining_mark(c) => letters += 1,
            _ => {}
        }
    }
    letters
}

/// A token is one tile: three or more unbracketed letters are an error.
fn check_token(token: &[Located]) -> Result<(), BoardError> {
    let letters = unbracketed_letters(token);
    if letters < 3 {
        return Ok(());
    }
    Err(error(
        Some(token[0].0),
        BoardErrorKind::LongToken {
            token: token.iter().map(|&(_, c)| c).collect(),
            letters,
        },
    ))
}

/// The rows of a board without `/` typed with spaces (SPEC §2): when every
/// token has three or more letters, each token is a row, as in `ezmr nube
/// slos paon`. `None` when the board has no separator or only shorter
/// tokens (each then one tile); a mix of both is an error.
fn spaced_rows(body: &[Located]) -> Result<Option<Vec<&[Located]>>, BoardError> {
    if !body.iter().any(is_separator) {
        return Ok(None);
    }
    let tokens: Vec<&[Located]> = body
        .split(is_separator)
        .filter(|token| !token.is_empty())
        .collect();
    let long = tokens
        .iter()
        .filter(|token| unbracketed_letters(token) >= 3)
        .count();
    if long == 0 {
        return Ok(None);
    }
    if long < tokens.len() {
        for token in &tokens {
            check_token(token)?;
        }
    }
    Ok(Some(tokens))
}

fn error(column: Option<usize>, kind: BoardErrorKind) -> BoardError {
    BoardError { column, kind }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[track_caller]
    fn check(input: &str, rows: usize, cols: usize, canonical: &str) {
        let board = Board::parse(input, &Normalizer::default())
            .unwrap_or_else(|e| panic!("{input:?} should parse: {e}"));
        assert_eq!((board.rows(), board.cols()), (rows, cols), "{input:?}");
        assert_eq!(board.canonical(), canonical, "{input:?}");
        // The canonical form reads back as the same board.
        let again = Board::parse(canonical, &Normalizer::default()).unwrap();
        assert_eq!(again, board, "{canonical:?} does not round-trip");
    }

    #[track_caller]
    fn check_error(input: &str, expected: &str) {
        let error = Board::parse(input, &Normalizer::default())
            .expect_err(&format!("{input:?} should not parse"));
        assert_eq!(error.to_string(), expected, "{input:?}");
    }

    #[test]
    fn spec_examples() {
        check("ezmrnubeslospaon", 4, 4, "ezmr/nube/slos/paon");
        check("ezmr/nube/slos/paon", 4, 4, "ezmr/nube/slos/paon");
        check(
            "r e i b t m f w i r a e r h s t",
            4,
            4,
            "reib/tmfw/irae/rhst",
        );
        check("a b qu d/e f g h", 2, 4, "abqud/efgh");
        // The SPEC's last example has 3 tiles in row 1 and 4 in row 2, so by
        // the rule "all rows must have the same number of tiles" it is an error.
        check_error(
            "[th]at/.n*e",
            "column 8: row 2 has 4 tiles, expected 3 like row 1",
        );
        check("[th]at/.n*", 2, 3, "[th]at/.n*");
    }

    #[test]
    fn tiles() {
        let board = Board::parse("[th]at/.n*", &Normalizer::default()).unwrap();
        let expected = [
            Tile::Letters("th".into()),
            Tile::Letter('a'),
            Tile::Letter('t'),
            Tile::Blank,
            Tile::Letter('n'),
            Tile::Wildcard,
        ];
        assert_eq!(board.tiles(), &expected);
        assert_eq!(board.tiles()[0].letter_count(), 2);
    }

    #[test]
    fn qu_and_q() {
        // `q` alone is the Qu face, `qu` too, and `quu` is Qu then u.
        check("qabc", 2, 2, "qua/bc");
        check("quabc", 2, 2, "qua/bc");
        check("qu/a", 2, 1, "qu/a");
        check("quu/ab", 2, 2, "quu/ab");
        check("[q]u/ab", 2, 2, "[q]u/ab");
        check("[q]uab", 2, 2, "[q]u/ab");
        check("[qu]x/ab", 2, 2, "qux/ab");
        check("q u a b", 2, 2, "quu/ab");
        check("[q] u a b", 2, 2, "[q]u/ab");
        check("QUABC", 2, 2, "qua/bc");
    }

    #[test]
    fn separators() {
        check("a,b,c,d", 2, 2, "ab/cd");
        check("a, b, c, d", 2, 2, "ab/cd");
        check("  ab/cd  ", 2, 2, "ab/cd");
        check("ab / cd", 2, 2, "ab/cd");
        check("th in/er an", 2, 2, "[th][in]/[er][an]");
        check("[th] . * e", 2, 2, "[th]./*e");
        check("abc/", 1, 3, "abc/");
        check("abcd/", 1, 4, "abcd/");
        check("ab/cd/", 2, 2, "ab/cd");
        check("a b c /", 1, 3, "abc/");
        check("a", 1, 1, "a");
        check("a/", 1, 1, "a");
        check("a/b/c", 3, 1, "a/b/c");
        check("ABCD", 2, 2, "ab/cd");
    }

    #[test]
    fn unicode_letters() {
        check("äöåß", 2, 2, "äö/åß");
        check("ÄÖÅÉ", 2, 2, "äö/åé");
        // "e" with a combining acute accent is one tile, é.
        check("cafe\u{301}", 2, 2, "ca/fé");
        let folded = Board::parse("çäßœ", &Normalizer::new(true)).unwrap();
        assert_eq!(folded.canonical(), "ca/[ss][oe]");
    }

    #[test]
    fn errors() {
        check_error("", "the board is empty");
        check_error("   ", "the board is empty");
        check_error(
            "abcde",
            "5 tiles do not make a square board (expected 4 or 9), or separate the rows with '/'",
        );
        check_error(
            "abcdefghijklmnopq",
            "17 tiles do not make a square board (expected 16 or 25), or separate the rows with '/'",
        );
        check_error(
            "quackabcdefghijk",
            "15 tiles do not make a square board (expected 9 or 16), or separate the rows with '/'; \
             note that 'qu' is one tile: write '[q]u' for a q tile and a u tile",
        );
        check_error("ab/c", "column 4: row 2 has 1 tile, expected 2 like row 1");
        check_error("ab/cd//", "column 7: row 3 has no tile");
        check_error("/", "column 1: row 1 has no tile");
        check_error("ab//cd", "column 4: row 2 has no tile");
        check_error("/ab", "column 1: row 1 has no tile");
        check_error(
            "ab1d",
            "column 3: unexpected character '1' (tiles are letters, '.', '*' or '[..]')",
        );
        check_error(
            "ab😀d",
            "column 3: unexpected character '😀' (tiles are letters, '.', '*' or '[..]')",
        );
        check_error(
            "ab\0d",
            "column 3: unexpected character '\\0' (tiles are letters, '.', '*' or '[..]')",
        );
        check_error("ab[cd", "column 3: '[' without a closing ']'");
        check_error("a b [cd", "column 5: '[' without a closing ']'");
        check_error("ab[]d", "column 3: empty tile '[]'");
        check_error(
            "ab]d",
            "column 3: unexpected character ']' (tiles are letters, '.', '*' or '[..]')",
        );
        check_error(
            "a[b1]cd",
            "column 4: unexpected character '1' (tiles are letters, '.', '*' or '[..]')",
        );
        check_error(
            "a b .. d",
            "column 6: unexpected character '.' (tiles are letters, '.', '*' or '[..]')",
        );
        check_error(
            "\u{301}abc",
            "column 1: combining mark '\\u{301}' without a letter before it",
        );
        check_error("*****abcd", "5 wildcard tiles, at most 4 are allowed");
    }

    /// Rows typed with spaces (SPEC §2): without `/`, tokens of three
    /// letters or more are rows; mixed with shorter tokens, or inside a `/`
    /// row, such a token is an error saying how to write what was meant.
    #[test]
    fn rows_typed_with_spaces() {
        check("ezmr nube slos paon", 4, 4, "ezmr/nube/slos/paon");
        check("  ezmr,nube, slos  paon ", 4, 4, "ezmr/nube/slos/paon");
        check("abc def", 2, 3, "abc/def");
        check("qabc dqufg", 2, 4, "quabc/dqufg");
        check("[th]abc .def", 2, 4, "[th]abc/.def");
        check("ÉTÉM arch", 2, 4, "étém/arch");
        // A single token of three letters or more is one row.
        check("abcd,", 1, 4, "abcd/");
        // Tokens of one or two letters are still one tile each.
        check("th in er an", 2, 2, "[th][in]/[er][an]");
        check("qu a b c", 2, 2, "qua/bc");
        check("[ing] a b c", 2, 2, "[ing]a/bc");
        check_error(
            "ezmr nube slo paon",
            "column 11: row 3 has 3 tiles, expected 4 like row 1",
        );
        check_error(
            "th in ing er",
            "column 7: 'ing' is 3 letters, but a tile without brackets has at most 2: \
             write '[ing]' for one tile, or '/' between rows",
        );
        check_error(
            "ezmr n ube slos paon",
            "column 1: 'ezmr' is 4 letters, but a tile without brackets has at most 2: \
             write '[ezmr]' for one tile, or '/' between rows",
        );
        check_error(
            "a b/c def",
            "column 7: 'def' is 3 letters, but a tile without brackets has at most 2: \
             write '[def]' for one tile, or '/' between rows",
        );
        check_error(
            "ezmr nube/slos paon",
            "column 1: 'ezmr' is 4 letters, but a tile without brackets has at most 2: \
             write '[ezmr]' for one tile, or '/' between rows",
        );
        check_error(
            "[th]abc .de*",
            "column 1: '[th]abc' holds 3 letters, but a token is one tile: write '/' between rows",
        );
        check_error(
            "a b/c a.bc",
            "column 7: 'a.bc' holds 3 letters, but a token is one tile: write '/' between rows",
        );
    }

    /// Found by fuzzing: a row of separators alone has no tile, and once
    /// made a board of no cell (`,` gave a 0x0 board).
    #[test]
    fn rows_of_separators_only() {
        check_error(",", "column 1: row 1 has no tile");
        check_error(" , ,", "column 1: row 1 has no tile");
        check_error(",/,", "column 1: row 1 has no tile");
        check_error("ab/,,", "column 4: row 2 has no tile");
    }

    #[test]
    fn at_most_four_wildcards() {
        check("****abcde", 3, 3, "***/*ab/cde");
    }

    #[test]
    fn too_large() {
        let row = "a".repeat(MAX_SIDE + 1);
        check_error(
            &format!("{row}/{row}"),
            "a 2x4097 board is too large, at most 4096x4096 is allowed",
        );
        let side = "a".repeat(MAX_SIDE);
        let board = Board::parse(&side, &Normalizer::default()).unwrap();
        assert_eq!((board.rows(), board.cols()), (64, 64));
    }

    /// The fast path agrees with the full parser on every string of up to
    /// seven characters over a small alphabet, and leaves errors to it.
    #[test]
    fn fast_path_agrees_with_the_parser() {
        let alphabet = ['a', 'q', 'u', 'U', '/'];
        let mut inputs = vec![String::new()];
        for _ in 0..7 {
            let longer: Vec<String> = inputs
                .iter()
                .filter(|s| s.len() == inputs.last().map_or(0, String::len))
                .flat_map(|s| alphabet.iter().map(move |&c| format!("{s}{c}")))
                .collect();
            inputs.extend(longer);
        }
        let mut fast = 0;
        for input in &inputs {
            let mut parser = Parser {
                normalizer: &Normalizer::default(),
                scratch: String::new(),
                holds_qu: false,
            };
            let full = parser.parse(input);
            if let Some(board) = Board::parse_plain_ascii(input, Vec::new()) {
                fast += 1;
                assert_eq!(Ok(board), full, "{input:?}");
            }
        }
        assert!(fast > 1000, "the fast path took only {fast} inputs");
    }
}
