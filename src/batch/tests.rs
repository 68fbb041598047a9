use super::*;
use crate::alphabet::Normalizer;
use crate::dict::Dictionary;
use crate::solve::SolveOptions;

#[track_caller]
fn check(
    input: &[u8],
    format: OutputFormat,
    chunk: usize,
    expected: &str,
    expected_errors: &[&str],
) {
    check_reader(input, format, chunk, expected, expected_errors);
}

/// [`check`] with any reader, such as one of a tiny buffer.
#[track_caller]
fn check_reader(
    input: impl BufRead,
    format: OutputFormat,
    chunk: usize,
    expected: &str,
    expected_errors: &[&str],
) {
    let dict = Dictionary::from_words(["cat", "act"], Normalizer::default()).unwrap();
    let solver = Solver::new(&dict, SolveOptions::default());
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
        check(input, OutputFormat::Summary, chunk, expected, &errors);
    }
}

/// `\n`, `\r\n` and a lone `\r` all end a line, wherever the reader's
/// buffer happens to split them; `\r\n` is one line end, not two.
#[test]
fn every_line_end() {
    let input = b"ca/xt\rxx/xx\r\nab1\r\r\nta/cx\n\rca/xt\r";
    let expected = "ca/xt\t2\t2\nxx/xx\t0\t0\nab1\terror\tcolumn 3: unexpected character \
                    '1' (tiles are letters, '.', '*' or '[..]')\nta/cx\t2\t2\nca/xt\t2\t2\n";
    let errors =
        ["line 3: column 3: unexpected character '1' (tiles are letters, '.', '*' or '[..]')"];
    check(input, OutputFormat::Summary, 100, expected, &errors);
    for capacity in 1..=4 {
        let reader = io::BufReader::with_capacity(capacity, &input[..]);
        check_reader(reader, OutputFormat::Summary, 2, expected, &errors);
    }
}

#[test]
fn text_headers_only_for_several_boards() {
    check(
        b"ca/xt\n",
        OutputFormat::Text,
        100,
        " 1 act\n 1 cat\n2 words, 2 points\n",
        &[],
    );
    check(
        b"ca/xt\nbad!\nxx/xx\n",
        OutputFormat::Text,
        100,
        "# ca/xt\n 1 act\n 1 cat\n2 words, 2 points\n\n# xx/xx\n0 words, 0 points\n",
        &["line 2: column 4: unexpected character '!' (tiles are letters, '.', '*' or '[..]')"],
    );
    check(b"", OutputFormat::Text, 100, "", &[]);
}

#[test]
fn json_error_record_in_place() {
    check(
        b"x\n[\n",
        OutputFormat::Json,
        100,
        "{\"board\":\"x\",\"rows\":1,\"cols\":1,\"rules\":\"classic\",\"count\":0,\"score\":0,\"words\":[]}\n\
         {\"line\":2,\"input\":\"[\",\"error\":\"column 1: '[' without a closing ']'\"}\n",
        &["line 2: column 1: '[' without a closing ']'"],
    );
}

/// A batch starts no more threads than its work has parts: one for a
/// single small board, one per group of lines and per start cell of a
/// board searched in parallel, and no more than it was given.
#[test]
fn threads_for_the_work_there_is() {
    let dict = Dictionary::from_words(["cat"], Normalizer::default()).unwrap();
    let solver = Solver::new(&dict, SolveOptions::default());
    let batch = Batch::new(&solver, OutputOptions::default());
    assert!(batch.pool(5).unwrap().is_none());
    let batch = batch.threads(Some(1024));
    let threads = |parts| batch.pool(parts).unwrap().unwrap().current_num_threads();
    assert_eq!(threads(1), 1);
    assert_eq!(threads(0), 1);
    assert_eq!(threads(3), 3);
    let few = Batch::new(&solver, OutputOptions::default()).threads(Some(2));
    assert_eq!(
        few.pool(usize::MAX).unwrap().unwrap().current_num_threads(),
        2
    );
    let board = |cells| Board::from_tiles(1, cells, vec![Tile::Letter('a'); cells]).unwrap();
    assert_eq!(parts_of(board(16).len()), 1);
    assert_eq!(parts_of(board(2000).len()), 2000);

    let mut chunk = Chunk::default();
    let mut number = 0;
    let lines = format!("abcd\n{}\n", "ab/cd\n".repeat(300));
    chunk
        .fill(&mut lines.as_bytes(), &mut number, CHUNK_LINES)
        .unwrap();
    // 301 lines: five groups of 64.
    assert_eq!(chunk.parts(), 5);
    let lines = format!("abcd\n{}\n", "a".repeat(2000));
    chunk
        .fill(&mut lines.as_bytes(), &mut number, CHUNK_LINES)
        .unwrap();
    assert_eq!(chunk.parts(), 1 + 2000);
}

/// What `boards` write solved one at a time, with separators between
/// them.
fn each_alone(solver: &Solver, boards: &[String], output: &OutputOptions) -> Vec<u8> {
    let dict = solver.dict();
    let mut alone = Vec::new();
    for (index, board) in boards.iter().enumerate() {
        if index > 0 {
            output::write_separator(&mut alone, output).unwrap();
        }
        let board = Board::parse(board, dict.normalizer()).unwrap();
        let solution = solver.solve(&board);
        output::write_solution(&mut alone, dict, &board, &solution, output).unwrap();
    }
    alone
}

/// A stream of more than one chunk is solved with the tile core: its
/// output, in every format, is what a stream of one board a line each
/// solved alone gives, on one thread, on two and on three.
#[test]
fn a_long_stream_writes_what_each_board_alone_writes() {
    use crate::dice::{BoardRng, DiceSet, Roller};
    let words = [
        "tea", "eat", "ate", "teas", "seat", "east", "rest", "queen", "quest",
    ];
    let dict = Dictionary::from_words(words, Normalizer::default()).unwrap();
    let solver = Solver::new(&dict, SolveOptions::default());
    let roller = Roller::new(DiceSet::Uniform, Some((2, 3))).unwrap();
    let mut rng = BoardRng::new(7);
    let boards: Vec<String> = (0..TILE_CORE_BOARDS + 100)
        .map(|_| roller.roll(&mut rng).to_string())
        .collect();
    let input = boards.join("\n");
    for format in [
        OutputFormat::Summary,
        OutputFormat::Json,
        OutputFormat::Words,
        OutputFormat::Text,
    ] {
        let output = OutputOptions {
            format,
            several: true,
            ..OutputOptions::default()
        };
        let alone = each_alone(&solver, &boards, &output);
        for threads in [1, 2, 3] {
            let mut out = Vec::new();
            Batch::new(&solver, output)
                .threads(Some(threads))
                .run_lines(input.as_bytes(), &mut out, Some(true), &mut |_| {})
                .unwrap();
            assert!(out == alone, "{format:?}, {threads} threads");
        }
    }
}

/// A writer that fails once `room` bytes were written.
struct Failing {
    room: usize,
}

impl Write for Failing {
    fn write(&mut self, bytes: &[u8]) -> io::Result<usize> {
        if self.room < bytes.len() {
            return Err(io::Error::new(io::ErrorKind::BrokenPipe, "closed"));
        }
        self.room -= bytes.len();
        Ok(bytes.len())
    }

    fn flush(&mut self) -> io::Result<()> {
        Ok(())
    }
}

/// A long stream whose output fails part of the way (a closed pipe)
/// ends with the error, on one thread and on three, wherever it fails:
/// in the first chunk's output, or while a later chunk is solved.
#[test]
fn a_long_stream_stops_at_a_failed_write() {
    let dict = Dictionary::from_words(["tea", "eat"], Normalizer::default()).unwrap();
    let solver = Solver::new(&dict, SolveOptions::default());
    let input = "tea/xyz\n".repeat(3 * TILE_CORE_BOARDS);
    for threads in [1, 3] {
        for room in [0, 100, 800_000, 1_500_000] {
            let mut out = Failing { room };
            let result = Batch::new(&solver, OutputOptions::default())
                .threads(Some(threads))
                .run_lines(input.as_bytes(), &mut out, Some(true), &mut |_| {});
            let error = result.expect_err("the write failed");
            assert_eq!(
                error.kind(),
                io::ErrorKind::BrokenPipe,
                "{threads} threads, {room}"
            );
        }
    }
}

/// A reader that fails once its `text` is read.
struct FailingReader<'a> {
    text: &'a [u8],
}

impl io::Read for FailingReader<'_> {
    fn read(&mut self, buffer: &mut [u8]) -> io::Result<usize> {
        if self.text.is_empty() {
            return Err(io::Error::other("the disk went away"));
        }
        let n = buffer.len().min(self.text.len());
        buffer[..n].copy_from_slice(&self.text[..n]);
        self.text = &self.text[n..];
        Ok(n)
    }
}

/// A long stream, answered by the tile core with its words written
/// straight from its list and blocks written together, writes
/// what the same lines answered one at a time write (the general
/// search, block by block), bad lines and every order of words
/// included.
#[test]
fn a_long_stream_writes_what_lines_one_at_a_time_write() {
    use crate::dice::{BoardRng, DiceSet, Roller};
    use crate::output::SortOrder;
    let words = [
        "tea", "eat", "ate", "teas", "seat", "east", "rest", "queen", "quest", "tease", "rate",
        "tear", "stare", "tares",
    ];
    let dict = Dictionary::from_words(words, Normalizer::default()).unwrap();
    let solver = Solver::new(&dict, SolveOptions::default());
    let roller = Roller::new(DiceSet::Uniform, Some((3, 3))).unwrap();
    let mut rng = BoardRng::new(11);
    let mut lines: Vec<String> = (0..TILE_CORE_BOARDS + 300)
        .map(|_| roller.roll(&mut rng).to_string())
        .collect();
    for at in [0, 63, 64, 5000, TILE_CORE_BOARDS + 7] {
        lines.insert(at, "ab/c".to_owned());
    }
    let input = lines.join("\n");
    for format in [
        OutputFormat::Json,
        OutputFormat::Summary,
        OutputFormat::Words,
        OutputFormat::Text,
    ] {
        for sort in [SortOrder::Score, SortOrder::Alpha, SortOrder::Length] {
            let output = OutputOptions {
                format,
                sort,
                ..OutputOptions::default()
            };
            let run = |batch: Batch| {
                let (mut out, mut errors) = (Vec::new(), Vec::new());
                let report = batch
                    .run_lines(input.as_bytes(), &mut out, None, &mut |message| {
                        errors.push(message.to_owned())
                    })
                    .unwrap();
                (out, errors, report.boards, report.bad_lines)
            };
            let one_at_a_time = run(Batch::new(&solver, output).chunk_lines(1));
            // Every line answered, and words found (a summary has
            // none to show).
            assert_eq!(
                (one_at_a_time.2, one_at_a_time.3),
                (TILE_CORE_BOARDS + 300, 5)
            );
            assert!(
                format == OutputFormat::Summary || one_at_a_time.0.windows(4).any(|w| w == b"rest")
            );
            for threads in [1, 2] {
                let long = run(Batch::new(&solver, output).threads(Some(threads)));
                assert!(
                    long == one_at_a_time,
                    "{format:?}, {sort:?}, {threads} threads"
                );
            }
        }
    }
}

/// The chunks after the first are longer only in a long stream: boards
/// typed at a terminal (chunks of one line) are still read one at a time.
#[test]
fn only_a_long_streams_later_chunks_are_longer() {
    let dict = Dictionary::from_words(["tea"], Normalizer::default()).unwrap();
    let solver = Solver::new(&dict, SolveOptions::default());
    let batch = || Batch::new(&solver, OutputOptions::default());
    assert_eq!(batch().later_chunk_lines(), LATER_CHUNKS * CHUNK_LINES);
    const { assert!(LATER_CHUNKS > 1) };
    for lines in [1, 2, TILE_CORE_BOARDS - 1] {
        assert_eq!(batch().chunk_lines(lines).later_chunk_lines(), lines);
    }
    assert_eq!(
        batch().chunk_lines(usize::MAX).later_chunk_lines(),
        LATER_CHUNKS * CHUNK_LINES
    );
}

/// Input that fails part of the way through a long stream ends with
/// the error, after the output of every whole chunk read before it
/// was written, on one thread and on three: the first chunk and one of
/// the longer ones after it, not the part of the third read before the
/// failure.
#[test]
fn a_long_stream_writes_what_it_read_before_the_input_failed() {
    let dict = Dictionary::from_words(["tea", "eat"], Normalizer::default()).unwrap();
    let solver = Solver::new(&dict, SolveOptions::default());
    let whole = CHUNK_LINES + LATER_CHUNKS * CHUNK_LINES;
    let lines = whole + 10;
    let input = "tea/xyz\n".repeat(lines);
    let output = OutputOptions {
        format: OutputFormat::Summary,
        ..OutputOptions::default()
    };
    for threads in [1, 3] {
        let mut out = Vec::new();
        let reader = io::BufReader::new(FailingReader {
            text: input.as_bytes(),
        });
        let result = Batch::new(&solver, output)
            .threads(Some(threads))
            .run_lines(reader, &mut out, Some(true), &mut |_| {});
        assert_eq!(result.unwrap_err().to_string(), "the disk went away");
        let written = String::from_utf8(out).unwrap();
        assert_eq!(written.lines().count(), whole, "{threads} threads");
        assert!(written.lines().all(|line| line == "tea/xyz\t1\t1"));
    }
}

/// On one thread a stream's groups are made and written one at a time;
/// on several, a long stream's groups are taken in order by the workers
/// and written as they are made. A board large enough to be searched in
/// parallel among them too, early in a chunk and late in one: every block
/// is what the board alone writes, in a short stream and in a long one.
#[test]
fn large_boards_are_written_in_place() {
    use crate::dice::{BoardRng, DiceSet, Roller};
    let dict =
        Dictionary::from_words(["tea", "eat", "ate", "seat"], Normalizer::default()).unwrap();
    let solver = Solver::new(&dict, SolveOptions::default());
    let mut rng = BoardRng::new(5);
    let small = Roller::new(DiceSet::Uniform, Some((3, 3))).unwrap();
    let large = Roller::new(DiceSet::Uniform, Some((33, 33))).unwrap();
    let output = OutputOptions {
        format: OutputFormat::Json,
        several: true,
        ..OutputOptions::default()
    };
    for count in [10, TILE_CORE_BOARDS + 10] {
        let mut boards: Vec<String> = (0..count)
            .map(|_| small.roll(&mut rng).to_string())
            .collect();
        for at in [3, boards.len() - 5] {
            boards.insert(at, large.roll(&mut rng).to_string());
            assert!(boards[at].len() >= PARALLEL_CELLS);
        }
        let alone = each_alone(&solver, &boards, &output);
        for threads in [1, 3] {
            let mut out = Vec::new();
            let report = Batch::new(&solver, output)
                .threads(Some(threads))
                .run_lines(
                    boards.join("\n").as_bytes(),
                    &mut out,
                    Some(true),
                    &mut |_| {},
                )
                .unwrap();
            assert_eq!(report.boards, count + 2);
            assert!(out == alone, "{count} boards, {threads} threads");
        }
    }
}
