//! Writing the boards a search found: `summary` lines or JSON lines.

use std::io::{self, Write};

use serde::Serialize;

use crate::rules::Rules;
use crate::scored::ScoredBoard;

/// Writes `found`, boards of `rows` × `cols`, as `summary` lines
/// (`<board>\t<count>\t<score>`) or, with `json`, as one JSON object a
/// line (`board`, `rows`, `cols`, `rules`, `count`, `score`).
pub fn write_found<W: Write>(
    out: &mut W,
    found: &[ScoredBoard],
    (rows, cols): (usize, usize),
    rules: Rules,
    json: bool,
) -> io::Result<()> {
    for board in found {
        if json {
            let record = JsonFound {
                board: &board.board,
                rows,
                cols,
                rules: rules.name(),
                count: board.count,
                score: board.score,
            };
            serde_json::to_writer(&mut *out, &record)?;
            out.write_all(b"\n")?;
        } else {
            writeln!(out, "{}\t{}\t{}", board.board, board.count, board.score)?;
        }
    }
    Ok(())
}

#[derive(Serialize)]
pub(super) struct JsonFound<'a> {
    pub(super) board: &'a str,
    pub(super) rows: usize,
    pub(super) cols: usize,
    pub(super) rules: &'static str,
    pub(super) count: u64,
    pub(super) score: u64,
}
