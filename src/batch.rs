//! Many boards in one run (SPEC §7): boards given as a list, or streamed
//! from a reader one per line, solved in parallel, written in input order.
//!
//! A stream is read in chunks of lines, so memory stays bounded however many
//! lines come; each chunk is solved and formatted in parallel, then written
//! before the next is read. A bad line does not stop the run: it gets its
//! error record in its place (SPEC §10). Where the output goes is the
//! caller's choice: any [`Write`], and a callback for messages meant for
//! standard error.

use std::io::{self, BufRead, Read, Write};

use rayon::prelude::*;

use crate::board::Board;
use crate::output::{self, Format, OutputOptions};
use crate::solve::{Scratch, Solution, Solver};

/// Boards with at least this many cells are searched in parallel over their
/// start cells; smaller ones run one per thread.
pub const PARALLEL_CELLS: usize = 1024;

/// The longest input line, in bytes: a 4096×4096 board fits with room to spare.
pub const MAX_LINE_BYTES: usize = 32 << 20;

/// How many lines a chunk holds at most, and how many bytes.
const CHUNK_LINES: usize = 16384;
const CHUNK_BYTES: usize = 32 << 20;

/// How a stream of boards went.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct BatchReport {
    /// Boards solved.
    pub boards: usize,
    /// Lines that were not boards.
    pub bad_lines: usize,
}

/// Solves boards and writes their solutions in order.
#[derive(Debug)]
pub struct Batch<'s, 'd> {
    solver: &'s Solver<'d>,
    output: OutputOptions,
    /// Lines per chunk when streaming: 1 answers each line at once (a person
    /// typing boards), more amortises the parallel work.
    chunk_lines: usize,
}

/// One input line, read and checked.
struct Line {
    /// 1-based line number.
    number: usize,
    /// The line as given (lossily decoded when it is not UTF-8), without
    /// its line ending.
    text: String,
    /// Why the line cannot be a board, before parsing it.
    fault: Option<String>,
}

impl<'s, 'd> Batch<'s, 'd> {
    /// A batch writing with `output`.
    pub fn new(solver: &'s Solver<'d>, output: OutputOptions) -> Batch<'s, 'd> {
        Batch {
            solver,
            output,
            chunk_lines: CHUNK_LINES,
        }
    }

    /// Sets how many lines are read before solving; at least 1.
    pub fn chunk_lines(mut self, lines: usize) -> Batch<'s, 'd> {
        self.chunk_lines = lines.clamp(1, CHUNK_LINES);
        self
    }

    /// Solves `boards` in parallel and writes them in order.
    pub fn run_boards<W: Write>(&self, boards: &[Board], out: &mut W) -> io::Result<()> {
        let rendered: Vec<io::Result<Vec<u8>>> = boards
            .par_iter()
            .enumerate()
            .map_init(Scratch::default, |scratch, (index, board)| {
                self.render(board, scratch, index)
            })
            .collect();
        for block in rendered {
            out.write_all(&block?)?;
        }
        Ok(())
    }

    /// Reads boards from `input`, one per line (blank lines and `#` lines
    /// skipped), and writes each solution, or each bad line's error record,
    /// in input order. `errors` receives one message per bad line.
    /// Unless `several` is given, a stream holding a single board is written
    /// as a single board (no header).
    pub fn run_lines<R: BufRead, W: Write>(
        &self,
        mut input: R,
        out: &mut W,
        several: Option<bool>,
        errors: &mut dyn FnMut(&str),
    ) -> io::Result<BatchReport> {
        let mut report = BatchReport::default();
        let mut number = 0;
        let mut buffer = Vec::new();
        let mut output = self.output;
        let mut first_chunk = true;
        loop {
            let (lines, at_end) =
                read_chunk(&mut input, &mut number, &mut buffer, self.chunk_lines)?;
            if first_chunk {
                let boards = lines.iter().filter(|l| l.fault.is_none()).count();
                output.several = several.unwrap_or(!(at_end && boards <= 1));
                first_chunk = false;
            }
            let start_index = report.boards;
            let parsed: Vec<Result<Board, String>> = lines
                .par_iter()
                .map(|line| match &line.fault {
                    Some(fault) => Err(fault.clone()),
                    None => Board::parse(&line.text, self.solver.dict().normalizer())
                        .map_err(|e| e.to_string()),
                })
                .collect();
            // Each good board's place among the boards written so far.
            let mut indices = Vec::with_capacity(parsed.len());
            for board in &parsed {
                indices.push(report.boards);
                report.boards += usize::from(board.is_ok());
            }
            let batch = Batch { output, ..*self };
            let rendered: Vec<io::Result<Vec<u8>>> = parsed
                .par_iter()
                .zip(&indices)
                .map_init(Scratch::default, |scratch, (board, &index)| match board {
                    Ok(board) => batch.render(board, scratch, index),
                    Err(_) => Ok(Vec::new()),
                })
                .collect();
            debug_assert!(report.boards >= start_index);
            for ((line, board), block) in lines.iter().zip(&parsed).zip(rendered) {
                match board {
                    Ok(_) => out.write_all(&block?)?,
                    Err(message) => {
                        report.bad_lines += 1;
                        errors(&format!("line {}: {message}", line.number));
                        output::write_error(out, output.format, line.number, &line.text, message)?;
                    }
                }
            }
            out.flush()?;
            if at_end {
                return Ok(report);
            }
        }
    }

    /// Solves `board` and formats its output block; `index` is its place
    /// among the boards written.
    fn render(&self, board: &Board, scratch: &mut Scratch, index: usize) -> io::Result<Vec<u8>> {
        let mut block = Vec::new();
        if board.len() >= PARALLEL_CELLS {
            let solution = self.solver.solve_parallel(board);
            self.write(&mut block, board, &solution, index)?;
        } else if self.output.format == Format::Summary {
            // A summary needs no word list: count and score as they are found.
            let summary = self.solver.summarize_with(board, scratch);
            output::write_summary(&mut block, board, summary.count, summary.score)?;
        } else {
            let solution = self.solver.solve_with(board, scratch);
            self.write(&mut block, board, &solution, index)?;
        }
        Ok(block)
    }

    fn write(
        &self,
        block: &mut Vec<u8>,
        board: &Board,
        solution: &Solution,
        index: usize,
    ) -> io::Result<()> {
        output::write_solution(
            block,
            self.solver.dict(),
            board,
            solution,
            &self.output,
            index,
        )
    }
}

/// Reads up to `max_lines` board lines (blank and comment lines are read
/// and dropped); returns them and whether the input is exhausted.
fn read_chunk<R: BufRead>(
    input: &mut R,
    number: &mut usize,
    buffer: &mut Vec<u8>,
    max_lines: usize,
) -> io::Result<(Vec<Line>, bool)> {
    let mut lines = Vec::new();
    let mut bytes = 0;
    while lines.len() < max_lines && bytes < CHUNK_BYTES {
        buffer.clear();
        let read = input
            .by_ref()
            .take(MAX_LINE_BYTES as u64 + 1)
            .read_until(b'\n', buffer)?;
        if read == 0 {
            return Ok((lines, true));
        }
        *number += 1;
        let mut fault = None;
        if buffer.len() > MAX_LINE_BYTES && buffer.last() != Some(&b'\n') {
            // Skip the rest of the over-long line.
            let mut rest = Vec::new();
            loop {
                rest.clear();
                let n = input.by_ref().take(1 << 20).read_until(b'\n', &mut rest)?;
                if n == 0 || rest.last() == Some(&b'\n') {
                    break;
                }
            }
            buffer.truncate(64);
            fault = Some(format!("line longer than {MAX_LINE_BYTES} bytes"));
        }
        let mut line: &[u8] = buffer;
        line = line.strip_suffix(b"\n").unwrap_or(line);
        line = line.strip_suffix(b"\r").unwrap_or(line);
        if *number == 1 {
            line = line.strip_prefix(b"\xEF\xBB\xBF").unwrap_or(line);
        }
        let text = match std::str::from_utf8(line) {
            Ok(text) => text.to_owned(),
            Err(_) => {
                fault.get_or_insert_with(|| "not valid UTF-8".to_owned());
                String::from_utf8_lossy(line).into_owned()
            }
        };
        let trimmed = text.trim();
        if fault.is_none() && (trimmed.is_empty() || trimmed.starts_with('#')) {
            continue;
        }
        bytes += text.len();
        lines.push(Line {
            number: *number,
            text,
            fault,
        });
    }
    Ok((lines, false))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::alphabet::Normalizer;
    use crate::dict::Dictionary;
    use crate::solve::SolveOptions;

    #[track_caller]
    fn check(input: &[u8], format: Format, chunk: usize, expected: &str, expected_errors: &[&str]) {
        let dict = Dictionary::from_words(["cat", "act"], Normalizer::default()).unwrap();
        let solver = Solver::with_options(&dict, SolveOptions::default());
        let output = OutputOptions {
            format,
            ..OutputOptions::default()
        };
        let batch = Batch::new(&solver, output).chunk_lines(chunk);
        let mut out = Vec::new();
        let mut errors = Vec::new();
        let report = batch
            .run_lines(input, &mut out, None, &mut |e| errors.push(e.to_owned()))
            .unwrap();
        assert_eq!(String::from_utf8(out).unwrap(), expected);
        assert_eq!(errors, expected_errors);
        assert_eq!(report.bad_lines, expected_errors.len());
    }

    #[test]
    fn summary_keeps_order_and_bad_lines() {
        let input = b"\xEF\xBB\xBFca/xt\r\n\n# comment\nab1\nxx/xx\n\xFF\xFE\nta/cx";
        let expected = "ca/xt\t2\t2\nab1\terror\tcolumn 3: unexpected character '1' \
                        (tiles are letters, '.', '*' or '[..]')\nxx/xx\t0\t0\n\u{FFFD}\u{FFFD}\terror\t\
                        not valid UTF-8\nta/cx\t2\t2\n";
        let errors = [
            "line 4: column 3: unexpected character '1' (tiles are letters, '.', '*' or '[..]')",
            "line 6: not valid UTF-8",
        ];
        for chunk in [1, 2, 100] {
            check(input, Format::Summary, chunk, expected, &errors);
        }
    }

    #[test]
    fn text_headers_only_for_several_boards() {
        check(
            b"ca/xt\n",
            Format::Text,
            100,
            " 1 act\n 1 cat\n2 words, 2 points\n",
            &[],
        );
        check(
            b"ca/xt\nbad!\nxx/xx\n",
            Format::Text,
            100,
            "# ca/xt\n 1 act\n 1 cat\n2 words, 2 points\n\n# xx/xx\n0 words, 0 points\n",
            &["line 2: column 4: unexpected character '!' (tiles are letters, '.', '*' or '[..]')"],
        );
        check(b"", Format::Text, 100, "", &[]);
    }

    #[test]
    fn json_error_record_in_place() {
        check(
            b"x\n[\n",
            Format::Json,
            100,
            "{\"board\":\"x\",\"rows\":1,\"cols\":1,\"rules\":\"classic\",\"count\":0,\"score\":0,\"words\":[]}\n\
             {\"line\":2,\"input\":\"[\",\"error\":\"column 1: '[' without a closing ']'\"}\n",
            &["line 2: column 1: '[' without a closing ']'"],
        );
    }
}
