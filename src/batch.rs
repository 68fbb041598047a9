//! Many boards in one run (SPEC §7): boards given as a list, or streamed
//! from a reader one per line, solved in parallel, written in input order.
//!
//! A stream is read in chunks of lines, so memory stays bounded however many
//! lines come; each chunk is solved and formatted in parallel and written in
//! order: in a long stream with several workers, each group of lines as soon
//! as it and those before it are made, while the next chunk is read;
//! otherwise once the chunk is done, before the next is read. A bad line
//! does not stop the run: it gets its error record in its place (SPEC §10).
//! Where the output goes is the caller's choice: any [`Write`], and a
//! callback for messages meant for standard error.

use std::io::{self, BufRead, Write};
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::{Condvar, Mutex};

use rayon::prelude::*;

use crate::board::{Board, Tile};
use crate::output::{self, OutputFormat, OutputOptions};
use crate::solve::{Scratch, Solution, Solver};
use crate::threads::Threads;

/// Boards with at least this many cells are searched in parallel over their
/// start cells; smaller ones run one per thread.
pub const PARALLEL_CELLS: usize = 1024;

/// How many boards make a batch worth the tile core: about what its
/// trie's construction costs in the general search's time
/// ([`Solver::with_tile_core`]).
pub const TILE_CORE_BOARDS: usize = 16384;

/// The longest input line, in bytes: a 4096×4096 board fits with room to spare.
pub const MAX_LINE_BYTES: usize = 32 << 20;

/// How many lines a chunk holds at most, and how many bytes.
const CHUNK_LINES: usize = 16384;
const CHUNK_BYTES: usize = 32 << 20;

/// How many times as many lines the chunks after the first hold in a long
/// stream (still at most [`CHUNK_BYTES`]). What the stream is (one board
/// or many, worth the tile core or not) is told from the first chunk,
/// which stays small so that the work starts soon. With several workers,
/// between two chunks the others wait for the calling thread to write the
/// chunk's last groups, and a worker whose processor fell idle meanwhile
/// can take milliseconds to run again on a virtual machine. With `-j 2`,
/// later chunks 8 times as long took 0.95 to 0.98 of the wall time on
/// streams of 50,000 to 400,000 4×4 boards, summaries and JSON
/// (docs/performance.md, 7 Dec 2026).
const LATER_CHUNKS: usize = 8;

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
    /// The most worker threads to start, or `None` to use rayon's current
    /// pool.
    threads: Option<usize>,
    /// The words' texts are made at once for this batch
    /// ([`Dictionary::prepare_word_texts`](crate::dict::Dictionary::prepare_word_texts)),
    /// by whichever thread asks first: a board's words wait for them
    /// rather than being written the slow way meanwhile.
    word_texts: bool,
}

/// A chunk of input lines, reused from chunk to chunk.
#[derive(Debug, Default)]
struct Chunk {
    /// The bytes of the lines, one after another, without line endings.
    data: Vec<u8>,
    /// Where each line is in `data`; blank and comment lines are left out.
    lines: Vec<Line>,
    /// The last line read ended with `\r`: a `\n` right after it belongs
    /// to that line end, and does not end an empty line.
    after_cr: bool,
}

/// One input line of a [`Chunk`].
#[derive(Clone, Copy, Debug)]
struct Line {
    /// 1-based line number.
    number: usize,
    /// The line is `data[start..end]`.
    start: usize,
    end: usize,
    /// The line was longer than [`MAX_LINE_BYTES`]; only its start is kept.
    too_long: bool,
}

/// How many lines one parallel task takes: enough to amortise scheduling
/// and share one output buffer, few enough that when a chunk's last tasks
/// run, a thread without one waits little (64 lines of 4×4 boards are
/// about 0.2 ms of work).
const GROUP_LINES: usize = 64;

impl Chunk {
    /// How many parallel tasks the chunk's boards give at most: one per
    /// group of lines, and one per start cell of each board searched in
    /// parallel (a board has at most as many cells as its line has bytes).
    fn parts(&self) -> usize {
        let large = self
            .lines
            .iter()
            .map(|line| line.end - line.start)
            .filter(|&bytes| bytes >= PARALLEL_CELLS);
        self.lines.len().div_ceil(GROUP_LINES) + large.sum::<usize>()
    }
}

/// How many parallel tasks a board of `cells` cells gives at most: one,
/// or one per start cell when it is searched in parallel.
fn parts_of(cells: usize) -> usize {
    if cells >= PARALLEL_CELLS { cells } else { 1 }
}

/// The output of a group of lines: each line's block, or why it was bad.
#[derive(Default)]
struct Group {
    /// The blocks of the good lines, one after another.
    out: Vec<u8>,
    /// Per line, in order.
    outcomes: Vec<Outcome>,
}

/// Things kept from chunk to chunk for reuse: scratch space, whose word
/// marks are large, and groups' output buffers, whose pages would
/// otherwise be handed back to the system after a chunk is written and
/// faulted in again for the next.
struct Pool<T>(Mutex<Vec<T>>);

impl<T: Default> Pool<T> {
    fn new() -> Pool<T> {
        Pool(Mutex::new(Vec::new()))
    }

    /// One kept item, or a new one.
    fn take(&self) -> T {
        self.0
            .lock()
            .ok()
            .and_then(|mut pool| pool.pop())
            .unwrap_or_default()
    }

    fn give(&self, item: T) {
        if let Ok(mut pool) = self.0.lock() {
            pool.push(item);
        }
    }
}

/// Scratch space taken from a pool for one parallel task and given back
/// when the task ends, so that chunks after the first allocate none.
struct LentScratch<'p> {
    scratch: Scratch,
    pool: &'p Pool<Scratch>,
}

impl<'p> From<&'p Pool<Scratch>> for LentScratch<'p> {
    fn from(pool: &'p Pool<Scratch>) -> LentScratch<'p> {
        LentScratch {
            scratch: pool.take(),
            pool,
        }
    }
}

impl Drop for LentScratch<'_> {
    fn drop(&mut self) {
        self.pool.give(std::mem::take(&mut self.scratch));
    }
}

/// The largest output buffer kept for reuse: a group of ordinary boards
/// writes well under this; a buffer that grew past it (a huge board's
/// words) is freed, so that one such board does not hold its memory for
/// the rest of the run.
const KEPT_BUFFER_BYTES: usize = 1 << 20;

enum Outcome {
    /// A board: its block ends at this offset of [`Group::out`].
    Block { end: usize },
    /// Not a board: the message.
    Bad { message: String },
}

/// Writes solved groups in input order, and counts them.
struct GroupWriter<'w, W> {
    out: &'w mut W,
    /// Where written groups go back, for the next chunk's.
    groups: &'w Pool<Group>,
    output: OutputOptions,
    errors: &'w mut dyn FnMut(&str),
    report: BatchReport,
}

impl<W: Write> GroupWriter<'_, W> {
    /// Writes the groups of `chunk`, each board's block or each bad line's
    /// error record, and flushes.
    fn write(&mut self, groups: Vec<io::Result<Group>>, chunk: &Chunk) -> io::Result<()> {
        for (group, lines) in groups.into_iter().zip(chunk.lines.chunks(GROUP_LINES)) {
            self.write_group(group?, lines, chunk)?;
        }
        self.out.flush()
    }

    /// Writes `group`, made from `lines` of `chunk`.
    fn write_group(&mut self, group: Group, lines: &[Line], chunk: &Chunk) -> io::Result<()> {
        // Blocks with nothing between them are written together, in
        // one write that a buffered writer passes on without a copy.
        let (mut written, mut start) = (0, 0);
        for (outcome, line) in group.outcomes.iter().zip(lines) {
            match outcome {
                Outcome::Block { end } => {
                    if self.report.boards > 0 && output::separates(&self.output) {
                        self.out.write_all(&group.out[written..start])?;
                        written = start;
                        output::write_separator(self.out, &self.output)?;
                    }
                    start = *end;
                    self.report.boards += 1;
                }
                Outcome::Bad { message } => {
                    self.out.write_all(&group.out[written..start])?;
                    written = start;
                    self.report.bad_lines += 1;
                    (self.errors)(&format!("line {}: {message}", line.number));
                    let text = String::from_utf8_lossy(&chunk.data[line.start..line.end]);
                    output::write_error(self.out, self.output.format, line.number, &text, message)?;
                }
            }
        }
        self.out.write_all(&group.out[written..start])?;
        if group.out.capacity() <= KEPT_BUFFER_BYTES {
            self.groups.give(group);
        }
        Ok(())
    }
}

/// How many groups the writer of a pipelined stream waits for at a time
/// when they are not made yet: waking it for every group would take a
/// worker's core from it as often.
const WRITE_GROUPS: usize = 8;

/// The groups of a pipelined chunk made so far, handed from the workers
/// to the writer in input order.
struct Made {
    state: Mutex<MadeState>,
    /// Signalled when the group the writer waits for is made, or when no
    /// more will be.
    ready: Condvar,
}

#[derive(Default)]
struct MadeState {
    /// Per group of the chunk, once made and until written.
    groups: Vec<Option<io::Result<Group>>>,
    /// The group whose making wakes the writer.
    awaited: usize,
    /// The workers stopped: no more groups come.
    finished: bool,
}

impl MadeState {
    /// Moves into `ready` the groups made from `at` on, one after another.
    fn move_made(&mut self, at: usize, ready: &mut Vec<io::Result<Group>>) {
        for slot in self.groups.iter_mut().skip(at) {
            match slot.take() {
                Some(group) => ready.push(group),
                None => break,
            }
        }
    }
}

impl Made {
    /// Starts a chunk of `count` groups.
    fn start(&self, count: usize) {
        let mut state = self.lock();
        state.groups.clear();
        state.groups.resize_with(count, || None);
        state.awaited = usize::MAX;
        state.finished = false;
    }

    fn lock(&self) -> std::sync::MutexGuard<'_, MadeState> {
        // A worker that panicked holding the lock left whole groups behind:
        // the writer writes those, and the join passes the panic on.
        self.state
            .lock()
            .unwrap_or_else(|poisoned| poisoned.into_inner())
    }

    /// Group `index`, made.
    fn put(&self, index: usize, group: io::Result<Group>) {
        let mut state = self.lock();
        if let Some(slot) = state.groups.get_mut(index) {
            *slot = Some(group);
        }
        if state.awaited == index {
            self.ready.notify_one();
        }
    }

    /// Moves into `ready` the groups made from `at` on, one after another,
    /// without waiting.
    fn take_made(&self, at: usize, ready: &mut Vec<io::Result<Group>>) {
        self.lock().move_made(at, ready);
    }

    /// No more groups come.
    fn finish(&self) {
        self.lock().finished = true;
        self.ready.notify_one();
    }

    /// Moves into `ready` the groups made from `at` on, one after another,
    /// waiting for group `at` (and, if it is not made either, for up to
    /// [`WRITE_GROUPS`] of them) first; leaves `ready` empty when the
    /// workers stopped before making group `at`.
    fn take_ready(&self, at: usize, ready: &mut Vec<io::Result<Group>>) {
        let mut state = self.lock();
        let count = state.groups.len();
        while state.groups[at].is_none() && !state.finished {
            // The last of the next few groups, unless it is made (out of
            // order), in which case the one awaited is the first.
            let last = (at + WRITE_GROUPS - 1).min(count - 1);
            state.awaited = if state.groups[last].is_none() {
                last
            } else {
                at
            };
            state = self
                .ready
                .wait(state)
                .unwrap_or_else(|poisoned| poisoned.into_inner());
        }
        state.awaited = usize::MAX;
        state.move_made(at, ready);
    }
}

/// Marks a chunk's [`Made`] finished when dropped, as its workers end.
struct Finished<'m>(&'m Made);

impl Drop for Finished<'_> {
    fn drop(&mut self) {
        self.0.finish();
    }
}

impl<'s, 'd> Batch<'s, 'd> {
    /// A batch writing with `output`.
    pub fn new(solver: &'s Solver<'d>, output: OutputOptions) -> Batch<'s, 'd> {
        Batch {
            solver,
            output,
            chunk_lines: CHUNK_LINES,
            threads: None,
            word_texts: false,
        }
    }

    /// Sets how many lines are read before solving; at least 1.
    pub fn chunk_lines(mut self, lines: usize) -> Batch<'s, 'd> {
        self.chunk_lines = lines.clamp(1, CHUNK_LINES);
        self
    }

    /// Runs on a pool of its own of at most `threads` worker threads (and
    /// no more than the work can use), or on rayon's current pool for
    /// `None`.
    pub fn threads(mut self, threads: Option<usize>) -> Batch<'s, 'd> {
        self.threads = threads.map(|threads| threads.max(1));
        self
    }

    /// How many lines the chunks after the first hold: [`LATER_CHUNKS`]
    /// times as many as the first when that is a long stream's, as many
    /// otherwise (boards typed at a terminal are read one at a time).
    fn later_chunk_lines(&self) -> usize {
        if self.chunk_lines >= TILE_CORE_BOARDS {
            LATER_CHUNKS * self.chunk_lines
        } else {
            self.chunk_lines
        }
    }

    /// The pool for work of `parts` tasks (see [`Threads::pool`]).
    fn pool(&self, parts: usize) -> io::Result<Option<rayon::ThreadPool>> {
        Threads::new(self.threads).pool(parts)
    }

    /// This batch's solver with the tile core, for a batch of many boards.
    fn with_tile_core(&self) -> Solver<'d> {
        self.solver.clone().with_tile_core()
    }

    /// Makes the words' texts now, if this batch writes with them.
    fn prepare_word_texts(&self) {
        if self.word_texts {
            self.solver.dict().prepare_word_texts();
        }
    }

    /// Makes the words' texts before the boards' words need them, if this
    /// batch writes with them: not for JSON in a solution's order, which
    /// is written from the texts that come with the tile core's listing
    /// (made from the dictionary's only when the core's file did not hold
    /// them); a board the core does not take makes them when written.
    fn prepare_word_texts_early(&self) {
        if !output::writes_from_texts(&self.output) {
            self.prepare_word_texts();
        }
    }

    /// Solves `boards` in parallel and writes them in order.
    pub fn run_boards<W: Write>(&self, boards: &[Board], out: &mut W) -> io::Result<()> {
        let tiled = (boards.len() >= TILE_CORE_BOARDS).then(|| self.with_tile_core());
        let batch = Batch {
            solver: tiled.as_ref().unwrap_or(self.solver),
            output: self.output,
            chunk_lines: self.chunk_lines,
            threads: self.threads,
            // Many boards' words: their texts are worth making at once.
            word_texts: tiled.is_some() && self.output.format != OutputFormat::Summary,
        };
        batch.prepare_word_texts_early();
        batch.write_boards(boards, out)
    }

    fn write_boards<W: Write>(&self, boards: &[Board], out: &mut W) -> io::Result<()> {
        let parts = boards.iter().map(|board| parts_of(board.len())).sum();
        let rendered: Vec<io::Result<Vec<u8>>> = if parts <= 1 {
            // One task: no thread is worth starting.
            let mut scratch = Scratch::default();
            boards
                .iter()
                .map(|board| self.render(board, &mut scratch))
                .collect()
        } else {
            let pool = self.pool(parts)?;
            crate::threads::in_pool(pool.as_ref(), || {
                boards
                    .par_iter()
                    .map_init(Scratch::default, |scratch, board| {
                        self.render(board, scratch)
                    })
                    .collect()
            })
        };
        for (index, block) in rendered.into_iter().enumerate() {
            if index > 0 {
                output::write_separator(out, &self.output)?;
            }
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
        let mut number = 0;
        let mut chunk = Chunk::default();
        let mut at_end = chunk.fill(&mut input, &mut number, self.chunk_lines)?;
        let boards = chunk.lines.iter().filter(|l| !l.too_long).count();
        let output = OutputOptions {
            several: several.unwrap_or(!(at_end && boards <= 1)),
            ..self.output
        };
        // A stream longer than one chunk is work for any number of
        // threads, and many boards; a shorter one, work for as many
        // threads as it has parts.
        let parts = if at_end { chunk.parts() } else { usize::MAX };
        let tiled =
            (!at_end && self.chunk_lines >= TILE_CORE_BOARDS).then(|| self.with_tile_core());
        // One task: no thread is worth starting.
        let one_task = at_end && parts <= 1;
        let pool = if one_task { None } else { self.pool(parts)? };
        let workers = pool.as_ref().map_or_else(
            rayon::current_num_threads,
            rayon::ThreadPool::current_num_threads,
        );
        // A long stream with several workers: this thread reads the next
        // chunk (after the first, `LATER_CHUNKS` times as long), then
        // makes this one's groups with the pool's other workers and writes
        // them in order as they are made. With one worker (`-j 1`) the run
        // keeps to one thread.
        let overlap = !at_end && self.chunk_lines >= TILE_CORE_BOARDS && workers > 1;
        let batch = Batch {
            solver: tiled.as_ref().unwrap_or(self.solver),
            output,
            chunk_lines: self.chunk_lines,
            threads: self.threads,
            word_texts: tiled.is_some() && output.format != OutputFormat::Summary,
        };
        // With the pipeline, this thread makes the texts while the workers
        // start on the first chunk (and on the tile core); without it, now.
        if !overlap {
            batch.prepare_word_texts_early();
        }
        // Scratch space and output buffers outlive each chunk.
        let scratches = Pool::new();
        let groups = Pool::new();
        let solve = |chunk: &Chunk| -> Vec<io::Result<Group>> {
            crate::threads::in_pool(pool.as_ref(), || {
                // One group a task, so that a thread that runs out of
                // groups takes one from another rather than wait for the
                // other to finish a run of several.
                chunk
                    .lines
                    .par_chunks(GROUP_LINES)
                    .with_max_len(1)
                    .map_init(
                        || LentScratch::from(&scratches),
                        |lent, lines| {
                            batch.render_group(&chunk.data, lines, &mut lent.scratch, groups.take())
                        },
                    )
                    .collect()
            })
        };
        let mut writer = GroupWriter {
            out,
            groups: &groups,
            output,
            errors,
            report: BatchReport::default(),
        };
        // One worker: this thread makes each group and writes it at once,
        // so that one output buffer, still in the cache when it is
        // written, serves the whole run. Only a group with a board searched
        // in parallel is made in the pool, for that search to use its
        // thread.
        let render_here = |data: &[u8], lines: &[Line], scratch: &mut Scratch| {
            let large = lines
                .iter()
                .any(|line| line.end - line.start >= PARALLEL_CELLS);
            if large {
                crate::threads::in_pool(pool.as_ref(), || {
                    batch.render_group(data, lines, scratch, groups.take())
                })
            } else {
                batch.render_group(data, lines, scratch, groups.take())
            }
        };
        let solve_and_write = |chunk: &Chunk, writer: &mut GroupWriter<'_, W>| {
            let mut lent = LentScratch::from(&scratches);
            for lines in chunk.lines.chunks(GROUP_LINES) {
                let group = render_here(&chunk.data, lines, &mut lent.scratch);
                writer.write_group(group?, lines, chunk)?;
            }
            writer.out.flush()
        };
        if !overlap {
            loop {
                if one_task || workers == 1 {
                    solve_and_write(&chunk, &mut writer)?;
                } else {
                    writer.write(solve(&chunk), &chunk)?;
                }
                if at_end {
                    return Ok(writer.report);
                }
                at_end = chunk.fill(&mut input, &mut number, self.later_chunk_lines())?;
            }
        }
        // The workers take the chunk's groups in order, and this thread
        // writes them in order as they are made (reading the next chunk
        // first), so that a group's buffer is written while it is still in
        // the cache and goes back to be filled again. This thread is one
        // of the workers: it takes groups too, in place of the pool's
        // first thread, and writes those made in order after each of its
        // own, waiting only when none is left to take. A writer that slept
        // between groups ran a third thread on two cores, woken hundreds
        // of times a run, each time taking a worker's core and cache.
        let mut next = Chunk::default();
        let made = Made {
            state: Mutex::new(MadeState::default()),
            ready: Condvar::new(),
        };
        loop {
            let count = chunk.lines.len().div_ceil(GROUP_LINES);
            let lines_of = |index: usize| {
                let start = index * GROUP_LINES;
                &chunk.lines[start..chunk.lines.len().min(start + GROUP_LINES)]
            };
            made.start(count);
            let taken = AtomicUsize::new(0);
            let stop = AtomicBool::new(false);
            let (written, read) = std::thread::scope(|scope| {
                let solving = scope.spawn(|| {
                    // Tells the writer that no more groups come, even when a
                    // worker panicked (which the join passes on).
                    let _finished = Finished(&made);
                    crate::threads::in_pool(pool.as_ref(), || {
                        rayon::broadcast(|context| {
                            // The calling thread makes groups in place
                            // of the pool's first thread, so that no more
                            // threads make them than were asked for.
                            if context.index() == 0 {
                                return;
                            }
                            let mut lent = LentScratch::from(&scratches);
                            while !stop.load(Ordering::Relaxed) {
                                let index = taken.fetch_add(1, Ordering::Relaxed);
                                if index >= count {
                                    break;
                                }
                                let group = batch.render_group(
                                    &chunk.data,
                                    lines_of(index),
                                    &mut lent.scratch,
                                    groups.take(),
                                );
                                made.put(index, group);
                            }
                        });
                    });
                });
                batch.prepare_word_texts_early();
                let read = if at_end {
                    Ok(None)
                } else {
                    next.fill(&mut input, &mut number, self.later_chunk_lines())
                        .map(Some)
                };
                let mut write = || -> io::Result<()> {
                    let mut at = 0;
                    let mut ready = Vec::new();
                    let mut lent = LentScratch::from(&scratches);
                    loop {
                        let index = taken.fetch_add(1, Ordering::Relaxed);
                        if index >= count {
                            break;
                        }
                        let group = render_here(&chunk.data, lines_of(index), &mut lent.scratch);
                        made.put(index, group);
                        made.take_made(at, &mut ready);
                        for group in ready.drain(..) {
                            writer.write_group(group?, lines_of(at), &chunk)?;
                            at += 1;
                        }
                    }
                    while at < count {
                        made.take_ready(at, &mut ready);
                        if ready.is_empty() {
                            return Ok(());
                        }
                        for group in ready.drain(..) {
                            writer.write_group(group?, lines_of(at), &chunk)?;
                            at += 1;
                        }
                    }
                    writer.out.flush()
                };
                let written = write();
                if written.is_err() {
                    stop.store(true, Ordering::Relaxed);
                }
                match solving.join() {
                    Ok(()) => (written, read),
                    Err(panic) => std::panic::resume_unwind(panic),
                }
            });
            // What was read is written before the input's error is returned,
            // as without the pipeline.
            written?;
            match read? {
                Some(end) => at_end = end,
                None => return Ok(writer.report),
            }
            std::mem::swap(&mut chunk, &mut next);
        }
    }

    /// Parses, solves and formats a group of lines into `group`, an
    /// earlier group's buffers or new ones.
    fn render_group(
        &self,
        data: &[u8],
        lines: &[Line],
        scratch: &mut Scratch,
        mut group: Group,
    ) -> io::Result<Group> {
        group.out.clear();
        group.out.reserve(lines.len() * 32);
        group.outcomes.clear();
        group.outcomes.reserve(lines.len());
        // The tiles of the last board, whose buffer the next one reuses.
        let mut tiles = Vec::new();
        for line in lines {
            let outcome = match self.board(data, line, std::mem::take(&mut tiles)) {
                Ok(board) => {
                    self.render_into(&mut group.out, &board, scratch)?;
                    tiles = board.into_tiles();
                    Outcome::Block {
                        end: group.out.len(),
                    }
                }
                Err(message) => Outcome::Bad { message },
            };
            group.outcomes.push(outcome);
        }
        Ok(group)
    }

    /// The board on `line`, or why there is none; `tiles` is a buffer for
    /// its tiles.
    fn board(&self, data: &[u8], line: &Line, tiles: Vec<Tile>) -> Result<Board, String> {
        if line.too_long {
            return Err(format!("line longer than {MAX_LINE_BYTES} bytes"));
        }
        let text = std::str::from_utf8(&data[line.start..line.end])
            .map_err(|_| "not valid UTF-8".to_owned())?;
        Board::parse_reusing(text, self.solver.dict().normalizer(), tiles)
            .map_err(|e| e.to_string())
    }

    /// Solves `board` and formats its output block.
    fn render(&self, board: &Board, scratch: &mut Scratch) -> io::Result<Vec<u8>> {
        let mut block = Vec::new();
        self.render_into(&mut block, board, scratch)?;
        Ok(block)
    }

    /// Solves `board` and appends its output block to `block`.
    fn render_into(
        &self,
        block: &mut Vec<u8>,
        board: &Board,
        scratch: &mut Scratch,
    ) -> io::Result<()> {
        let parallel = board.len() >= PARALLEL_CELLS;
        if self.output.format == OutputFormat::Summary {
            // A summary needs no word list: count and score as they are found.
            let summary = if parallel {
                self.solver.summarize_parallel(board)
            } else {
                self.solver.summarize_with(board, scratch)
            };
            output::write_summary(block, board, summary.count, summary.score)
        } else if !self.output.paths && !parallel {
            // The tile core's words written straight from its list, when it
            // takes the board (a wildcard's letters need paths, so it does
            // not take those).
            // JSON in a solution's order, from the words' ranks and the
            // texts kept by rank: no word is looked up, and no dictionary
            // texts are made unless the core's file did not hold its own.
            if output::writes_from_texts(&self.output) {
                if let Some(listed) = self.solver.list_texts_with(board, scratch) {
                    let dict = self.solver.dict();
                    if output::write_listed_texts(block, dict, board, &listed, &self.output) {
                        return Ok(());
                    }
                }
            } else if let Some((rules, words)) = self.solver.list_with(board, scratch) {
                // The texts are asked for once the board is solved, so that
                // while one thread makes them, another can build the core.
                self.prepare_word_texts();
                if output::write_listed(
                    block,
                    self.solver.dict(),
                    board,
                    rules,
                    words,
                    &self.output,
                ) {
                    return Ok(());
                }
            }
            let solution = self.solver.solve_with(board, scratch);
            self.write(block, board, &solution)
        } else if parallel {
            let solution = self.solver.solve_parallel(board);
            self.write(block, board, &solution)
        } else {
            let solution = self.solver.solve_with(board, scratch);
            self.write(block, board, &solution)
        }
    }

    fn write(&self, block: &mut Vec<u8>, board: &Board, solution: &Solution) -> io::Result<()> {
        self.prepare_word_texts();
        output::write_solution(block, self.solver.dict(), board, solution, &self.output)
    }
}

impl Chunk {
    /// Empties the chunk and reads up to `max_lines` board lines into it
    /// (blank and comment lines are read and dropped); returns whether the
    /// input is exhausted.
    fn fill<R: BufRead>(
        &mut self,
        input: &mut R,
        number: &mut usize,
        max_lines: usize,
    ) -> io::Result<bool> {
        self.data.clear();
        self.lines.clear();
        while self.lines.len() < max_lines && self.data.len() < CHUNK_BYTES {
            let start = self.data.len();
            let Some(too_long) = read_line(input, &mut self.data, &mut self.after_cr)? else {
                return Ok(true);
            };
            *number += 1;
            if too_long {
                self.data.truncate(start + 64);
            }
            let end = self.data.len();
            let mut line_start = start;
            if *number == 1 && self.data[start..end].starts_with(b"\xEF\xBB\xBF") {
                line_start += 3;
            }
            let text = &self.data[line_start..end];
            let first = text.iter().position(|b| !b.is_ascii_whitespace());
            if !too_long && first.is_none_or(|i| text[i] == b'#') {
                self.data.truncate(start);
                continue;
            }
            self.lines.push(Line {
                number: *number,
                start: line_start,
                end,
                too_long,
            });
        }
        Ok(false)
    }
}

/// Appends the next line of `input` to `data`, without its end: `\n`,
/// `\r\n` or a lone `\r` (`after_cr` carries a `\r` over to the next call,
/// which drops the `\n` that may follow it). Keeps at most
/// [`MAX_LINE_BYTES`] of the line and reads the rest to its end. Returns
/// whether the line was longer, or `None` at the end of the input.
fn read_line<R: BufRead>(
    input: &mut R,
    data: &mut Vec<u8>,
    after_cr: &mut bool,
) -> io::Result<Option<bool>> {
    let mut room = MAX_LINE_BYTES;
    let mut read_any = false;
    let mut too_long = false;
    loop {
        let buffer = match input.fill_buf() {
            Ok(buffer) => buffer,
            Err(error) if error.kind() == io::ErrorKind::Interrupted => continue,
            Err(error) => return Err(error),
        };
        if buffer.is_empty() {
            return Ok(read_any.then_some(too_long));
        }
        if std::mem::take(after_cr) && buffer[0] == b'\n' {
            input.consume(1);
            continue;
        }
        read_any = true;
        let end = buffer.iter().position(|&b| b == b'\n' || b == b'\r');
        let text = &buffer[..end.unwrap_or(buffer.len())];
        let kept = text.len().min(room);
        data.extend_from_slice(&text[..kept]);
        room -= kept;
        too_long |= kept < text.len();
        match end {
            Some(end) => {
                *after_cr = buffer[end] == b'\r';
                input.consume(end + 1);
                return Ok(Some(too_long));
            }
            None => {
                let len = buffer.len();
                input.consume(len);
            }
        }
    }
}

#[cfg(test)]
mod tests;
