//! Writers for `boggle solve`'s output formats (SPEC §6): `text`, `words`,
//! `json` and `summary`, and the error records of bad input lines (SPEC §10).
//!
//! Every writer is generic over [`io::Write`], so it is tested on a `Vec<u8>`
//! and the binary hands it standard output, buffered. Choosing the order of
//! boards and where the output goes is left to the caller.

use std::borrow::Cow;
use std::io::{self, Write};
use std::str::FromStr;

use serde::Serialize;

use crate::board::{Board, Tile};
use crate::choice::{self, UnknownName};
use crate::dict::Dictionary;
use crate::rules::Rules;
use crate::solve::{FoundWord, ListedTexts, ListedWord, Solution, WordText};
use crate::trie::WordId;

/// An output format.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum OutputFormat {
    /// Score and word per line, then `N words, P points`.
    #[default]
    Text,
    /// The words alone.
    Words,
    /// One JSON object per board, one per line.
    Json,
    /// `board\tcount\tscore` per board.
    Summary,
}

impl FromStr for OutputFormat {
    type Err = UnknownName;

    fn from_str(text: &str) -> Result<OutputFormat, UnknownName> {
        let formats = [
            ("text", OutputFormat::Text),
            ("words", OutputFormat::Words),
            ("json", OutputFormat::Json),
            ("summary", OutputFormat::Summary),
        ];
        choice::pick("format", text, &formats)
    }
}

/// The order words are listed in.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum SortOrder {
    /// Score descending, then alphabetical.
    #[default]
    Score,
    /// Alphabetical.
    Alpha,
    /// Length ascending, then alphabetical.
    Length,
}

impl FromStr for SortOrder {
    type Err = UnknownName;

    fn from_str(text: &str) -> Result<SortOrder, UnknownName> {
        let orders = [
            ("score", SortOrder::Score),
            ("alpha", SortOrder::Alpha),
            ("length", SortOrder::Length),
        ];
        choice::pick("sort order", text, &orders)
    }
}

/// How solutions are written.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct OutputOptions {
    /// The format.
    pub format: OutputFormat,
    /// The order of words.
    pub sort: SortOrder,
    /// Whether to print each word's path.
    pub paths: bool,
    /// Whether the run has several boards: text blocks then start with
    /// `# board`, and text and word blocks are separated by an empty line.
    pub several: bool,
}

/// Writes what goes between two boards' blocks: with several boards, an
/// empty line in the text and words formats; otherwise nothing. Blocks are
/// separated here and nowhere else.
pub fn write_separator<W: Write>(out: &mut W, options: &OutputOptions) -> io::Result<()> {
    if separates(options) {
        out.write_all(b"\n")
    } else {
        Ok(())
    }
}

/// Whether [`write_separator`] writes anything under `options`.
pub fn separates(options: &OutputOptions) -> bool {
    matches!(options.format, OutputFormat::Text | OutputFormat::Words) && options.several
}

/// Writes one board's solution: its block, without the separator that goes
/// before every block but the first ([`write_separator`]).
pub fn write_solution<W: Write>(
    out: &mut W,
    dict: &Dictionary,
    board: &Board,
    solution: &Solution,
    options: &OutputOptions,
) -> io::Result<()> {
    let words = sorted(&solution.words, options.sort);
    match options.format {
        OutputFormat::Text => write_text(out, dict, board, &words, solution.score(), options),
        OutputFormat::Words => write_words(out, dict, &words),
        OutputFormat::Json if !options.paths && !board.tiles().contains(&Tile::Wildcard) => {
            write_json_words(out, dict, board, solution, &words)
        }
        OutputFormat::Json => write_json_record(out, dict, board, solution, &words, options.paths),
        OutputFormat::Summary => write_summary(out, board, solution.words.len(), solution.score()),
    }
}

/// What the text and word writers read of a word found.
trait Written {
    fn word(&self) -> WordId;
    fn score(&self) -> u32;
    /// Its cells, when paths were asked for.
    fn path(&self) -> &[u32];
}

impl Written for &FoundWord {
    fn word(&self) -> WordId {
        self.word
    }
    fn score(&self) -> u32 {
        self.score
    }
    fn path(&self) -> &[u32] {
        &self.path
    }
}

impl Written for ListedWord {
    fn word(&self) -> WordId {
        ListedWord::word(*self)
    }
    fn score(&self) -> u32 {
        ListedWord::score(*self)
    }
    fn path(&self) -> &[u32] {
        &[]
    }
}

/// Writes a board's `text` block: a header with several boards, a line
/// per word (its score right-aligned, its path if asked for), the totals.
fn write_text<W: Write>(
    out: &mut W,
    dict: &Dictionary,
    board: &Board,
    words: &[impl Written],
    score: u64,
    options: &OutputOptions,
) -> io::Result<()> {
    if options.several {
        writeln!(out, "# {board}")?;
    }
    // The score column is as wide as the widest score, at least 2.
    let widest = words.iter().map(Written::score).max().unwrap_or(0);
    let width = widest
        .checked_ilog10()
        .map_or(1, |log| log as usize + 1)
        .max(2);
    dict.prefetch_word_strs(words.iter().map(Written::word));
    for word in words {
        write_right_aligned(out, word.score(), width)?;
        write!(out, " {}", dict.word_str(word.word()))?;
        if options.paths {
            for &cell in word.path() {
                let (row, col) = board.position(cell as usize);
                write!(out, " {row},{col}")?;
            }
        }
        out.write_all(b"\n")?;
    }
    writeln!(
        out,
        "{}, {}",
        count(words.len() as u64, "word"),
        count(score, "point")
    )
}

/// Writes a board's `words` block: a word a line.
fn write_words<W: Write>(out: &mut W, dict: &Dictionary, words: &[impl Written]) -> io::Result<()> {
    dict.prefetch_word_strs(words.iter().map(Written::word));
    for word in words {
        out.write_all(dict.word_str(word.word()).as_bytes())?;
        out.write_all(b"\n")?;
    }
    Ok(())
}

/// Writes the JSON record of a board with serde: every case, paths and
/// wildcards included.
fn write_json_record<W: Write>(
    out: &mut W,
    dict: &Dictionary,
    board: &Board,
    solution: &Solution,
    words: &[&FoundWord],
    paths: bool,
) -> io::Result<()> {
    let record = JsonBoard {
        board: board.canonical(),
        rows: board.rows(),
        cols: board.cols(),
        rules: solution.rules.name(),
        count: words.len(),
        score: solution.score(),
        words: words
            .iter()
            .map(|word| JsonWord {
                wild: wild_letters(board, dict, word),
                word: dict.word_str(word.word),
                score: word.score,
                path: paths.then(|| {
                    word.path
                        .iter()
                        .map(|&cell| {
                            let (row, col) = board.position(cell as usize);
                            [row, col]
                        })
                        .collect()
                }),
            })
            .collect(),
    };
    serde_json::to_writer(&mut *out, &record)?;
    out.write_all(b"\n")
}

/// Writes the JSON record of a board without paths or wildcards piece by
/// piece: byte for byte what serde writes for [`JsonBoard`] (tested), but
/// JSON is written by the million, and building and serialising the
/// record's structs took a batch about half as long as solving its boards.
fn write_json_words<W: Write>(
    out: &mut W,
    dict: &Dictionary,
    board: &Board,
    solution: &Solution,
    words: &[&FoundWord],
) -> io::Result<()> {
    write_json_head(out, board, solution.rules, words.len(), solution.score())?;
    dict.prefetch_word_strs(words.iter().map(|word| word.word));
    for (at, word) in words.iter().enumerate() {
        out.write_all(if at == 0 {
            b"{\"word\":"
        } else {
            b",{\"word\":"
        })?;
        crate::json::write_str(out, &dict.word_str(word.word))?;
        out.write_all(b",\"score\":")?;
        write_number(out, u64::from(word.score))?;
        out.write_all(b"}")?;
    }
    out.write_all(b"]}\n")
}

/// Writes a board's JSON record up to its list of words, `{"board":…,
/// "words":[`, as serde writes [`JsonBoard`].
fn write_json_head<W: Write>(
    out: &mut W,
    board: &Board,
    rules: Rules,
    count: usize,
    score: u64,
) -> io::Result<()> {
    out.write_all(b"{\"board\":")?;
    // On the stack when short, as a board's is for every board written.
    let mut short = ShortText::default();
    if board.write_canonical(&mut short).is_ok() {
        crate::json::write_str(out, short.as_str())?;
    } else {
        let mut canonical = String::with_capacity(board.len() + board.rows());
        // Writing to a `String` cannot fail.
        let _ = board.write_canonical(&mut canonical);
        crate::json::write_str(out, &canonical)?;
    }
    let numbers = [
        (&b",\"rows\":"[..], board.rows() as u64),
        (b",\"cols\":", board.cols() as u64),
    ];
    for (key, value) in numbers {
        out.write_all(key)?;
        write_number(out, value)?;
    }
    out.write_all(b",\"rules\":")?;
    crate::json::write_str(out, rules.name())?;
    out.write_all(b",\"count\":")?;
    write_number(out, count as u64)?;
    out.write_all(b",\"score\":")?;
    write_number(out, score)?;
    out.write_all(b",\"words\":[")
}

/// Writes a board's block, without paths, from the words the tile core
/// listed ([`Solver::list_with`](crate::Solver::list_with)), which it
/// sorts in place (the core lists them in a solution's order, by score,
/// so that order is only checked): byte for byte what [`write_solution`]
/// writes for the board's solution (tested through the batch), without
/// making a [`FoundWord`] of each. JSON objects are copied from their starts made once per
/// dictionary ([`Dictionary::push_word_json`]). Returns `false`, having written
/// nothing, when paths are asked for, when the board has a wildcard (whose
/// letters are read off paths), or when the words' texts are not made yet
/// ([`Dictionary::prepare_word_texts`]).
pub fn write_listed(
    out: &mut Vec<u8>,
    dict: &Dictionary,
    board: &Board,
    rules: Rules,
    words: &mut [ListedWord],
    options: &OutputOptions,
) -> bool {
    // Whether the texts are made, rather than whether the first word has
    // its JSON: reading that slot waited on memory before any was asked for.
    if options.paths || board.tiles().contains(&Tile::Wildcard) || !dict.has_word_texts() {
        return false;
    }
    // Asked for first, so that they arrive while the words are sorted
    // (the text and word writers ask for their texts themselves).
    if options.format == OutputFormat::Json {
        dict.prefetch_word_json(words.iter().map(|word| word.word()));
    }
    match options.sort {
        // A listed word's number sorts in this order.
        SortOrder::Score => {
            if !words.is_sorted() {
                words.sort_unstable();
            }
        }
        SortOrder::Alpha => words.sort_unstable_by_key(|word| word.word()),
        SortOrder::Length => words.sort_unstable_by_key(|word| (word.letters(), word.word())),
    }
    let score = words.iter().map(|word| u64::from(word.score())).sum();
    // Writing to a `Vec` cannot fail.
    let _ = match options.format {
        OutputFormat::Text => write_text(out, dict, board, words, score, options),
        OutputFormat::Words => write_words(out, dict, words),
        OutputFormat::Json => {
            write_json_listed(out, dict, board, rules, words, score);
            Ok(())
        }
        OutputFormat::Summary => write_summary(out, board, words.len(), score),
    };
    true
}

/// Whether [`write_listed_texts`] writes with `options`: JSON in a
/// solution's order, without paths.
pub fn writes_from_texts(options: &OutputOptions) -> bool {
    options.format == OutputFormat::Json && options.sort == SortOrder::Score && !options.paths
}

/// Writes a board's JSON record, in a solution's order and without paths,
/// from the words the tile core found as ranks of its listing, with their
/// texts and scores ([`Solver::list_texts_with`](crate::Solver::list_texts_with)):
/// byte for byte what [`write_solution`] writes (tested through the batch),
/// each word's object made from its text kept by rank, or, for a text not
/// kept there, from the dictionary's texts, made then. Returns `false`,
/// having written nothing, unless [`writes_from_texts`] with `options`,
/// or when the board has a wildcard.
pub fn write_listed_texts(
    out: &mut Vec<u8>,
    dict: &Dictionary,
    board: &Board,
    listed: &ListedTexts<'_>,
    options: &OutputOptions,
) -> bool {
    if !writes_from_texts(options) || board.tiles().contains(&Tile::Wildcard) {
        return false;
    }
    listed.prefetch();
    let score = (0..listed.len())
        .map(|at| match listed.text(at) {
            Some(text) => u64::from(text.score()),
            None => u64::from(listed.word(at).score()),
        })
        .sum();
    // Writing to a `Vec` cannot fail.
    let _ = write_json_head(out, board, listed.rules, listed.len(), score);
    for at in 0..listed.len() {
        if at > 0 {
            out.push(b',');
        }
        match listed.text(at) {
            Some(text) => push_word_object(out, text),
            None => {
                let word = listed.word(at);
                dict.prepare_word_texts();
                dict.push_word_json(out, word.word());
                push_score_end(out, word.score());
            }
        }
    }
    out.extend_from_slice(b"]}\n");
    true
}

/// Appends a word's JSON object, `{"word":"…","score":N}`, from its text
/// and score kept in `text`: each part appended whole and the text cut to
/// its length, with no call. (Put together on the stack first, the object
/// took a fifth more time: its parts, stored at places that vary, were
/// read back whole before they were in the cache.)
#[inline(always)]
fn push_word_object(out: &mut Vec<u8>, text: &WordText) {
    out.reserve(48);
    let start = out.len();
    out.extend_from_slice(b"{\"word\":\"");
    out.extend_from_slice(text.bytes());
    out.truncate(start + 9 + text.kept_len().unwrap_or_default());
    out.extend_from_slice(b"\",\"score\":");
    push_score_end(out, text.score());
}

/// Writes the JSON record of a board from listed words in their order:
/// what [`write_json_words`] writes, each word's object copied from its
/// start made once per dictionary.
fn write_json_listed(
    out: &mut Vec<u8>,
    dict: &Dictionary,
    board: &Board,
    rules: Rules,
    words: &[ListedWord],
    score: u64,
) {
    // Writing to a `Vec` cannot fail.
    let _ = write_json_head(out, board, rules, words.len(), score);
    for (at, word) in words.iter().enumerate() {
        if at > 0 {
            out.push(b',');
        }
        dict.push_word_json(out, word.word());
        push_score_end(out, word.score());
    }
    out.extend_from_slice(b"]}\n");
}

/// Appends `score` and the `}` that ends a word's object: below 1,000
/// (every word's score: at most 128, for 64 letters under the Super Big
/// rules), a copy of a fixed 4 bytes cut to its length, with no call.
#[inline(always)]
fn push_score_end(out: &mut Vec<u8>, score: u32) {
    if score >= 1000 {
        push_large_score_end(out, score);
        return;
    }
    // The digits and `}`s as one number, made in a register rather than
    // byte by byte in memory.
    let digit = |value: u32, at: u32| (u32::from(b'0') + value) << (8 * at);
    let (end, len) = match score {
        0..10 => (digit(score, 0), 2),
        10..100 => (digit(score / 10, 0) | digit(score % 10, 1), 3),
        _ => (
            digit(score / 100, 0) | digit(score / 10 % 10, 1) | digit(score % 10, 2),
            4,
        ),
    };
    let braces = u32::from_le_bytes([b'}'; 4]) & !(u32::MAX >> (32 - 8 * (len - 1)));
    let kept = out.len() + len;
    out.extend_from_slice(&(end | braces).to_le_bytes());
    out.truncate(kept);
}

/// [`push_score_end`] of a score of 1,000 or more.
#[cold]
fn push_large_score_end(out: &mut Vec<u8>, score: u32) {
    let mut digits = [b'}'; 21];
    let start = put_digits(&mut digits[..20], u64::from(score));
    out.extend_from_slice(&digits[start..]);
}

/// Writes `value` in decimal.
fn write_number<W: Write>(out: &mut W, value: u64) -> io::Result<()> {
    let mut digits = [0u8; 20];
    let start = put_digits(&mut digits, value);
    out.write_all(&digits[start..])
}

/// Writes the `summary` line of a board: `board\tcount\tscore`. Written
/// piece by piece: summaries are written by the million.
pub fn write_summary<W: Write>(
    out: &mut W,
    board: &Board,
    count: usize,
    score: u64,
) -> io::Result<()> {
    let mut line = Adapter { out, error: Ok(()) };
    if board.write_canonical(&mut line).is_err() {
        return line.error;
    }
    let mut digits = [0u8; 44];
    let mut end = digits.len();
    for (value, sep) in [(score, b'\n'), (count as u64, b'\t')] {
        end -= 1;
        digits[end] = sep;
        end = put_digits(&mut digits[..end], value);
    }
    end -= 1;
    digits[end] = b'\t';
    out.write_all(&digits[end..])
}

/// Writes `value` right-aligned in `width` columns, digit by digit: the
/// text format writes a score for every word.
fn write_right_aligned<W: Write>(out: &mut W, value: u32, width: usize) -> io::Result<()> {
    let mut text = [b' '; 16];
    let start = put_digits(&mut text, u64::from(value));
    let start = start.min(text.len().saturating_sub(width));
    out.write_all(&text[start..])
}

/// Puts the decimal digits of `value` at the end of `buffer`, which has
/// room for them (20 bytes hold any `u64`); returns where they start.
#[inline]
fn put_digits(buffer: &mut [u8], mut value: u64) -> usize {
    let mut start = buffer.len();
    loop {
        start -= 1;
        buffer[start] = b'0' + (value % 10) as u8;
        value /= 10;
        if value == 0 {
            return start;
        }
    }
}

/// A text of up to 64 bytes, kept on the stack: writing more fails.
struct ShortText {
    bytes: [u8; 64],
    len: usize,
}

impl Default for ShortText {
    fn default() -> ShortText {
        ShortText {
            bytes: [0; 64],
            len: 0,
        }
    }
}

impl ShortText {
    fn as_str(&self) -> &str {
        // Made of whole `str`s, so UTF-8.
        std::str::from_utf8(&self.bytes[..self.len]).unwrap_or_default()
    }
}

impl std::fmt::Write for ShortText {
    fn write_str(&mut self, text: &str) -> std::fmt::Result {
        let end = self.len + text.len();
        let place = self.bytes.get_mut(self.len..end).ok_or(std::fmt::Error)?;
        place.copy_from_slice(text.as_bytes());
        self.len = end;
        Ok(())
    }
}

/// Lets [`std::fmt::Write`] code write to an [`io::Write`], keeping the error.
struct Adapter<'a, W> {
    out: &'a mut W,
    error: io::Result<()>,
}

impl<W: Write> std::fmt::Write for Adapter<'_, W> {
    fn write_str(&mut self, text: &str) -> std::fmt::Result {
        self.out.write_all(text.as_bytes()).map_err(|error| {
            self.error = Err(error);
            std::fmt::Error
        })
    }
}

/// Writes the record of a bad input line, in the formats that have one
/// (`json` and `summary`); `text` and `words` write nothing, the message
/// goes to standard error. Returns whether anything was written.
pub fn write_error<W: Write>(
    out: &mut W,
    format: OutputFormat,
    line: usize,
    input: &str,
    message: &str,
) -> io::Result<bool> {
    match format {
        OutputFormat::Json => {
            let record = JsonError {
                line,
                input,
                error: message,
            };
            serde_json::to_writer(&mut *out, &record)?;
            out.write_all(b"\n")?;
            Ok(true)
        }
        OutputFormat::Summary => {
            let (input, message) = (escaped(input, true), escaped(message, true));
            writeln!(out, "{input}\terror\t{message}")?;
            Ok(true)
        }
        OutputFormat::Text | OutputFormat::Words => Ok(false),
    }
}

/// How a board given as text is named in an error: as given, cut after 64
/// characters so a huge board still makes a readable one-line message, its
/// control characters escaped so none reaches a terminal.
pub fn board_name(text: &str) -> String {
    const SHOWN: usize = 64;
    match text.char_indices().nth(SHOWN) {
        Some((end, _)) => format!(
            "board '{}…' ({} bytes)",
            escaped(&text[..end], false),
            text.len()
        ),
        None => format!("board '{}'", escaped(text, false)),
    }
}

/// `text` with its control characters other than tab written `\xNN`, so
/// none reaches a terminal. As a `field` of a tab-separated line (SPEC
/// §10), tab and backslash are escaped too, as `\t` and `\\`.
pub fn escaped(text: &str, field: bool) -> Cow<'_, str> {
    let special = |c: char| (c.is_control() && c != '\t') || (field && (c == '\t' || c == '\\'));
    if !text.contains(special) {
        return Cow::Borrowed(text);
    }
    let mut out = String::with_capacity(text.len() + 8);
    for c in text.chars() {
        match c {
            '\t' if field => out.push_str("\\t"),
            '\\' if field => out.push_str("\\\\"),
            // Control characters are all below U+00A0: two digits suffice.
            _ if special(c) => out.push_str(&format!("\\x{:02x}", u32::from(c))),
            _ => out.push(c),
        }
    }
    Cow::Owned(out)
}

/// `n` and `noun`, the noun plural unless `n` is 1: `1 word`, `2 words`,
/// `0 points`.
pub fn count(n: u64, noun: &str) -> Count<'_> {
    Count { n, noun }
}

/// A number and what it counts, written by [`count`].
#[derive(Clone, Copy, Debug)]
pub struct Count<'a> {
    n: u64,
    /// The singular; the plural adds `s`.
    noun: &'a str,
}

impl std::fmt::Display for Count<'_> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let plural = if self.n == 1 { "" } else { "s" };
        write!(f, "{} {}{plural}", self.n, self.noun)
    }
}

/// The words in the asked-for order (a solution comes score-sorted).
fn sorted(words: &[FoundWord], order: SortOrder) -> Vec<&FoundWord> {
    let mut words: Vec<&FoundWord> = words.iter().collect();
    match order {
        SortOrder::Score => {}
        SortOrder::Alpha => words.sort_unstable_by_key(|w| w.word),
        SortOrder::Length => words.sort_unstable_by_key(|w| (w.len, w.word)),
    }
    words
}

#[derive(Serialize)]
struct JsonBoard<'d> {
    board: String,
    rows: usize,
    cols: usize,
    rules: &'static str,
    count: usize,
    score: u64,
    words: Vec<JsonWord<'d>>,
}

#[derive(Serialize)]
struct JsonWord<'d> {
    word: std::borrow::Cow<'d, str>,
    score: u32,
    #[serde(skip_serializing_if = "Option::is_none")]
    path: Option<Vec<[usize; 2]>>,
    /// The letters the wildcards on the word's path stood for, in the
    /// path's order; only for a path through a `*`.
    #[serde(skip_serializing_if = "Option::is_none")]
    wild: Option<String>,
}

/// The letters the wildcards on `path` stood for in `word`, in the path's
/// order: `None` when the path goes through no wildcard (or is not known).
fn wild_letters(board: &Board, dict: &Dictionary, word: &FoundWord) -> Option<String> {
    let tiles = board.tiles();
    let path = &word.path;
    if !path
        .iter()
        .any(|&cell| matches!(tiles.get(cell as usize), Some(Tile::Wildcard)))
    {
        return None;
    }
    let text = dict.word_text(word.word);
    let mut letters = text.chars();
    let mut wild = String::new();
    for &cell in path.iter() {
        match tiles.get(cell as usize)? {
            Tile::Wildcard => wild.push(letters.next()?),
            Tile::Letter(_) => {
                letters.next()?;
            }
            Tile::Letters(text) => {
                for _ in text.chars() {
                    letters.next()?;
                }
            }
            Tile::Blank => return None,
        }
    }
    Some(wild)
}

#[derive(Serialize)]
struct JsonError<'a> {
    line: usize,
    input: &'a str,
    error: &'a str,
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::alphabet::Normalizer;
    use crate::rules::Rules;
    use crate::solve::{SolveOptions, Solver};

    /// Solves `board` against a small word list and writes it with `options`.
    #[track_caller]
    fn check(board: &str, options: OutputOptions, expected: &str) {
        let dict = Dictionary::from_words(
            ["cat", "act", "tact", "cats", "scat", "at", "taco"],
            Normalizer::default(),
        )
        .unwrap();
        let board = Board::parse(board, &Normalizer::default()).unwrap();
        let solve = SolveOptions {
            paths: options.paths,
            ..SolveOptions::new(Rules::Classic)
        };
        let solution = Solver::new(&dict, solve).solve(&board);
        let mut out = Vec::new();
        write_solution(&mut out, &dict, &board, &solution, &options).unwrap();
        assert_eq!(String::from_utf8(out).unwrap(), expected);
    }

    fn options(format: OutputFormat) -> OutputOptions {
        OutputOptions {
            format,
            ..OutputOptions::default()
        }
    }

    /// A score and its `}` are the score in decimal, on each side of the
    /// fixed copies' bounds.
    #[test]
    fn score_ends_are_decimal() {
        for score in [0, 1, 9, 10, 11, 99, 100, 101, 999, 1000, 65_535, u32::MAX] {
            let mut out = b"x".to_vec();
            push_score_end(&mut out, score);
            assert_eq!(String::from_utf8(out).unwrap(), format!("x{score}}}"));
        }
    }

    // Board cats/tact, checked by hand: cat and cats along row 0, act as
    // (0,1) (1,2) (0,2), tact along row 1, scat as (0,3) (1,2) (1,1) (1,0);
    // "at" is too short and "taco" has no o to use.
    #[test]
    fn text() {
        check(
            "cats/tact",
            options(OutputFormat::Text),
            " 1 act\n 1 cat\n 1 cats\n 1 scat\n 1 tact\n5 words, 5 points\n",
        );
    }

    #[test]
    fn text_with_paths() {
        let options = OutputOptions {
            paths: true,
            ..options(OutputFormat::Text)
        };
        check(
            "ca/xt",
            options,
            " 1 act 0,1 0,0 1,1\n 1 cat 0,0 0,1 1,1\n2 words, 2 points\n",
        );
    }

    /// The score column is as wide as the widest score: superbig scores
    /// reach 128 (2 per letter, 64 letters).
    #[test]
    fn wide_scores_stay_aligned() {
        let long = "a".repeat(50);
        let dict = Dictionary::from_words([long.as_str(), "aaaa"], Normalizer::default()).unwrap();
        let board = Board::parse(&format!("{long}/"), &Normalizer::default()).unwrap();
        let solution = Solver::new(&dict, SolveOptions::new(Rules::SuperBig)).solve(&board);
        let mut out = Vec::new();
        write_solution(
            &mut out,
            &dict,
            &board,
            &solution,
            &options(OutputFormat::Text),
        )
        .unwrap();
        assert_eq!(
            String::from_utf8(out).unwrap(),
            format!("100 {long}\n  1 aaaa\n2 words, 101 points\n")
        );
    }

    #[test]
    fn words_and_sorting() {
        check(
            "cats/tact",
            options(OutputFormat::Words),
            "act\ncat\ncats\nscat\ntact\n",
        );
        let by_length = OutputOptions {
            sort: SortOrder::Length,
            ..options(OutputFormat::Words)
        };
        check("cats/tact", by_length, "act\ncat\ncats\nscat\ntact\n");
        check("x/y", options(OutputFormat::Text), "0 words, 0 points\n");
        check(
            "ca/xt",
            options(OutputFormat::Text),
            " 1 act\n 1 cat\n2 words, 2 points\n",
        );
    }

    /// A board's block from listed words is left to the other writers
    /// where they must answer: paths asked for, a wildcard on the board,
    /// or the words' texts not made yet. A board of no words is written
    /// as they write it.
    #[test]
    fn listed_words_leave_paths_wildcards_and_unmade_texts_to_the_others() {
        let dict = Dictionary::from_words(["cat", "act"], Normalizer::default()).unwrap();
        let json = options(OutputFormat::Json);
        let plain = Board::parse("xy/zq", dict.normalizer()).unwrap();
        let solver = Solver::new(&dict, SolveOptions::new(Rules::Classic)).with_tile_core();
        let mut scratch = crate::Scratch::default();
        let cat = Board::parse("ca/xt", dict.normalizer()).unwrap();
        let (_, words) = solver.list_with(&cat, &mut scratch).unwrap();
        let mut words = words.to_vec();
        assert_eq!(words.len(), 2);
        // Nothing written, whatever the reason.
        let refuses = |board: &Board, options: &OutputOptions, words: &mut [ListedWord]| {
            let mut out = Vec::new();
            !write_listed(&mut out, &dict, board, Rules::Classic, words, options) && out.is_empty()
        };
        assert!(refuses(&cat, &json, &mut words), "texts not made");
        dict.prepare_word_texts();
        let with_paths = OutputOptions {
            paths: true,
            ..json
        };
        assert!(refuses(&cat, &with_paths, &mut words), "paths");
        let wild = Board::parse("c*/xt", dict.normalizer()).unwrap();
        assert!(refuses(&wild, &json, &mut words), "a wildcard");
        for format in [OutputFormat::Json, OutputFormat::Text, OutputFormat::Words] {
            for (board, listed) in [(&cat, &mut words[..]), (&plain, &mut [][..])] {
                let options = options(format);
                let mut expected = Vec::new();
                write_solution(&mut expected, &dict, board, &solver.solve(board), &options)
                    .unwrap();
                let mut out = Vec::new();
                assert!(write_listed(
                    &mut out,
                    &dict,
                    board,
                    Rules::Classic,
                    listed,
                    &options
                ));
                assert_eq!(
                    String::from_utf8(out).unwrap(),
                    String::from_utf8(expected).unwrap()
                );
            }
        }
    }

    /// JSON written from a listing's ranks and texts is serde's for every
    /// word: one of the most bytes kept, longer ones (written from the
    /// dictionary's texts), some of several bytes a letter, a board of no
    /// words. Only JSON in a solution's order without paths, and no board
    /// with a wildcard, is written so.
    #[test]
    fn listed_texts_write_what_serde_writes() {
        let kept = "abcdefghijklmn";
        let words = [
            kept,
            "abcdefghijklmno",
            "abcdefghijklmnop",
            "ponm",
            "été",
            "étét",
        ];
        let dict = Dictionary::from_words(words, Normalizer::default()).unwrap();
        assert_eq!(kept.len(), WordText::MOST);
        let solver = Solver::new(&dict, SolveOptions::new(Rules::Classic)).with_tile_core();
        let mut scratch = crate::Scratch::default();
        let json = options(OutputFormat::Json);
        for text in ["abcd/hgfe/ijkl/ponm", "ét/ét", "xy/zq"] {
            let board = Board::parse(text, dict.normalizer()).unwrap();
            let mut expected = Vec::new();
            write_solution(&mut expected, &dict, &board, &solver.solve(&board), &json).unwrap();
            let listed = solver.list_texts_with(&board, &mut scratch).unwrap();
            let mut out = Vec::new();
            assert!(write_listed_texts(&mut out, &dict, &board, &listed, &json));
            assert_eq!(
                String::from_utf8(out).unwrap(),
                String::from_utf8(expected).unwrap()
            );
        }
        let board = Board::parse("ét/ét", dict.normalizer()).unwrap();
        let listed = solver.list_texts_with(&board, &mut scratch).unwrap();
        let others = [
            OutputOptions {
                sort: SortOrder::Alpha,
                ..json
            },
            OutputOptions {
                paths: true,
                ..json
            },
            options(OutputFormat::Text),
        ];
        for options in others {
            let mut out = Vec::new();
            assert!(!write_listed_texts(
                &mut out, &dict, &board, &listed, &options
            ));
            assert!(out.is_empty());
        }
        let wild = Board::parse("é*/ét", dict.normalizer()).unwrap();
        assert!(!write_listed_texts(
            &mut Vec::new(),
            &dict,
            &wild,
            &listed,
            &json
        ));
    }

    /// A score ends a word's object as `write_number` writes it, whatever
    /// its number of digits.
    #[test]
    fn score_ends_are_the_numbers_and_a_brace() {
        for score in [0, 1, 9, 10, 11, 99, 100, 128, 999, 1000, 65_535, u32::MAX] {
            let mut out = vec![b'x'];
            push_score_end(&mut out, score);
            assert_eq!(String::from_utf8(out).unwrap(), format!("x{score}}}"));
        }
    }

    /// A word whose path goes through a `*` says what the wildcard stood
    /// for, with or without its path; a word spelled by letters alone does
    /// not. Counted by hand: on `c*/xt`, cat and act take the `*` as an a;
    /// on `[th]e/x*`, "the" is [th] then e, and "hex" needs the `*` for its
    /// h (the [th] tile spells two letters), then e, then x.
    #[test]
    fn json_names_what_a_wildcard_stood_for() {
        check(
            "c*/xt",
            options(OutputFormat::Json),
            concat!(
                r#"{"board":"c*/xt","rows":2,"cols":2,"rules":"classic","count":2,"score":2,"#,
                r#""words":[{"word":"act","score":1,"wild":"a"},{"word":"cat","score":1,"wild":"a"}]}"#,
                "\n"
            ),
        );
        let dict = Dictionary::from_words(["the", "hex"], Normalizer::default()).unwrap();
        let board = Board::parse("[th]e/x*", &Normalizer::default()).unwrap();
        let options = OutputOptions {
            paths: true,
            ..options(OutputFormat::Json)
        };
        let solve = SolveOptions {
            paths: true,
            ..SolveOptions::new(Rules::Classic)
        };
        let solution = Solver::new(&dict, solve).solve(&board);
        let mut out = Vec::new();
        write_solution(&mut out, &dict, &board, &solution, &options).unwrap();
        assert_eq!(
            String::from_utf8(out).unwrap(),
            concat!(
                r#"{"board":"[th]e/x*","rows":2,"cols":2,"rules":"classic","count":2,"score":2,"#,
                r#""words":[{"word":"hex","score":1,"path":[[1,1],[0,1],[1,0]],"wild":"h"},"#,
                r#"{"word":"the","score":1,"path":[[0,0],[0,1]]}]}"#,
                "\n"
            )
        );
    }

    #[test]
    fn json() {
        check(
            "ca/xt",
            options(OutputFormat::Json),
            concat!(
                r#"{"board":"ca/xt","rows":2,"cols":2,"rules":"classic","count":2,"score":2,"#,
                r#""words":[{"word":"act","score":1},{"word":"cat","score":1}]}"#,
                "\n"
            ),
        );
        let with_paths = OutputOptions {
            paths: true,
            ..options(OutputFormat::Json)
        };
        check(
            "ca/xt",
            with_paths,
            concat!(
                r#"{"board":"ca/xt","rows":2,"cols":2,"rules":"classic","count":2,"score":2,"#,
                r#""words":[{"word":"act","score":1,"path":[[0,1],[0,0],[1,1]]},"#,
                r#"{"word":"cat","score":1,"path":[[0,0],[0,1],[1,1]]}]}"#,
                "\n"
            ),
        );
    }

    /// The JSON written by hand is serde's, byte for byte: on rolled
    /// boards of every size, with the word texts spelt from the trie and
    /// made at once, under every rule set.
    #[test]
    fn json_by_hand_is_serde_json() {
        use crate::dice::{BoardRng, DiceSet, Roller};
        let words = [
            "tea", "teas", "seat", "east", "eats", "sate", "set", "rest", "tears", "stare",
            "rates", "aster", "quest", "quiet", "net", "nets", "tens", "ten", "stern", "terns",
            "rents", "ester", "reset", "trees", "steer", "terse", "résumé", "naïve",
        ];
        let dict = Dictionary::from_words(words, Normalizer::default()).unwrap();
        let mut rng = BoardRng::new(5);
        let mut written = 0;
        for prepared in [false, true] {
            if prepared {
                dict.prepare_word_texts();
            }
            for set in [
                DiceSet::New,
                DiceSet::Big,
                DiceSet::SuperBig,
                DiceSet::Uniform,
            ] {
                let roller = Roller::new(set, None).unwrap();
                for rules in [Rules::Classic, Rules::Big, Rules::SuperBig] {
                    for _ in 0..40 {
                        let board = roller.roll(&mut rng);
                        let solution = Solver::new(&dict, SolveOptions::new(rules)).solve(&board);
                        let words = sorted(&solution.words, SortOrder::Score);
                        written += words.len();
                        let mut hand = Vec::new();
                        write_json_words(&mut hand, &dict, &board, &solution, &words).unwrap();
                        let mut serde = Vec::new();
                        write_json_record(&mut serde, &dict, &board, &solution, &words, false)
                            .unwrap();
                        assert_eq!(
                            String::from_utf8(hand).unwrap(),
                            String::from_utf8(serde).unwrap()
                        );
                    }
                }
            }
        }
        assert!(written > 1000, "only {written} words were written");
    }

    /// A string with characters JSON escapes is written as serde writes it.
    #[test]
    fn summary() {
        check("ca/xt", options(OutputFormat::Summary), "ca/xt\t2\t2\n");
    }

    /// Tabs, backslashes and control characters are escaped in both fields
    /// of a summary error line, so it always has three fields.
    #[test]
    fn summary_error_lines_are_escaped() {
        let mut out = Vec::new();
        let input = "a\tb\\c\u{1}\u{7f}\u{85}é\u{1b}[31m\r";
        let message = "column 2: unexpected character '\\t'\n";
        write_error(&mut out, OutputFormat::Summary, 1, input, message).unwrap();
        let line = String::from_utf8(out).unwrap();
        assert_eq!(
            line,
            "a\\tb\\\\c\\x01\\x7f\\x85é\\x1b[31m\\x0d\terror\t\
             column 2: unexpected character '\\\\t'\\x0a\n"
        );
        assert_eq!(line.trim_end_matches('\n').split('\t').count(), 3);
    }

    #[test]
    fn error_records() {
        let mut out = Vec::new();
        assert!(write_error(&mut out, OutputFormat::Json, 3, "ab\"c", "bad").unwrap());
        assert!(write_error(&mut out, OutputFormat::Summary, 4, "abc", "bad").unwrap());
        assert!(!write_error(&mut out, OutputFormat::Text, 5, "abc", "bad").unwrap());
        assert_eq!(
            String::from_utf8(out).unwrap(),
            "{\"line\":3,\"input\":\"ab\\\"c\",\"error\":\"bad\"}\nabc\terror\tbad\n"
        );
    }
}
