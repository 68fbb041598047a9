//! `boggle best`: a search for the highest-scoring boards (SPEC §12).
//!
//! The search is a pool hill climb. A climb keeps the best `pool` boards
//! found so far, each counted once under the board's symmetries (8 for a
//! square, 4 for a rectangle); every round scores each board one edit away
//! from the boards that entered the pool in the last round (a cell's tile
//! changed, or two cells swapped), skipping boards the climb has already
//! seen, and keeps the best `pool` of old and new. Boards that were in the
//! pool before need no second look: their neighbours were scored when they
//! entered, and the pool's worst score only rises. When a round adds
//! nothing, the climb is over and a new one starts from random boards. The
//! best boards of all climbs are the result.
//!
//! With `--dice`, a board is a roll: each cell holds one die of the set,
//! showing one of its faces, and the edits are a die showing another face
//! or two dice changing places, so every board visited is a legal roll.
//!
//! The candidates of a round are generated in order on one thread, scored in
//! parallel in chunks (rayon's current pool) and merged in order, so a
//! search bounded by rounds gives the same boards whatever the thread count.
//! Scoring is [`score::Scorer`]: a trie over the search's own tiles, no
//! parsing and no allocation per board.

mod score;

use std::collections::HashSet;
use std::fmt;
use std::hash::{BuildHasherDefault, Hasher};
use std::io::{self, Write};
use std::sync::Mutex;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Instant;

use rayon::prelude::*;
use serde::Serialize;

use crate::board::{Board, Tile};
use crate::dice::{BoardRng, DiceSet};
use crate::dict::Dictionary;
use crate::geometry;
use crate::output;
use crate::rules::Rules;

pub use score::{MAX_CELLS, MAX_TILES, Scorer, TileTrie};

/// The letters a search uses unless told otherwise: a–z without the six
/// rarest in English words (`j k q w x z`). They are in none of the best
/// boards known, and leaving them out makes each round's neighbourhood a
/// quarter smaller; the published pool climb leaves out the same six.
pub const DEFAULT_LETTERS: &str = "abcdefghilmnoprstuvy";

/// The pool size unless told otherwise.
pub const DEFAULT_POOL: usize = 200;

/// How many boards a round expands unless told otherwise.
pub const DEFAULT_EXPAND: usize = 8;

/// What the boards are made of.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Pieces {
    /// Any of these tiles in any cell (letters, `qu`, multi-letter tiles).
    Letters(Vec<Tile>),
    /// A roll of this dice set: one die per cell.
    Dice(DiceSet),
}

/// What to search for and for how long.
#[derive(Clone, Debug)]
pub struct BestConfig {
    pub rows: usize,
    pub cols: usize,
    pub pieces: Pieces,
    pub rules: Rules,
    /// How many boards a climb keeps.
    pub pool: usize,
    /// How many of the pool's boards a round expands at most, best first.
    pub expand: usize,
    pub seed: u64,
    /// How many boards to return.
    pub top: usize,
    /// Stop after this many rounds (the random boards a climb starts from
    /// are its first round).
    pub rounds: Option<u64>,
    /// Stop at this time, with the boards found so far.
    pub deadline: Option<Instant>,
}

/// A board found, in its canonical orientation.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Found {
    pub board: Board,
    pub count: usize,
    pub score: u64,
}

/// How the search is going, after each round.
#[derive(Clone, Copy, Debug)]
pub struct Progress<'a> {
    /// Boards scored so far.
    pub scored: u64,
    /// Rounds done so far.
    pub rounds: u64,
    /// Climbs started so far.
    pub climbs: u64,
    /// The best board so far.
    pub best: Option<&'a Found>,
    /// Whether the best score rose in this round.
    pub improved: bool,
}

/// Why a search cannot run.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum BestError {
    /// The board has more cells than the scorer's masks hold.
    TooManyCells { rows: usize, cols: usize },
    /// More distinct tiles than the scorer numbers.
    TooManyTiles(usize),
    /// No tile to build boards from.
    NoTiles,
    /// A blank or wildcard among the letters.
    NotALetter(Tile),
    /// A dice set on a board size it does not fill.
    WrongSize {
        set: DiceSet,
        rows: usize,
        cols: usize,
    },
    /// Uniform letters are not a dice set of their own here.
    UniformDice,
    /// A pool or top of zero boards.
    Empty(&'static str),
}

impl fmt::Display for BestError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            BestError::TooManyCells { rows, cols } => write!(
                f,
                "a {rows}x{cols} board has more than {MAX_CELLS} cells, the most the search handles"
            ),
            BestError::TooManyTiles(tiles) => write!(
                f,
                "{tiles} distinct tiles are more than the {MAX_TILES} the search handles"
            ),
            BestError::NoTiles => f.write_str("no letters to build boards from"),
            BestError::NotALetter(tile) => {
                write!(
                    f,
                    "'{tile}' is not a letter: boards are searched over letters"
                )
            }
            BestError::WrongSize { set, rows, cols } => {
                write!(f, "the {set} dice do not fill a {rows}x{cols} board")
            }
            BestError::UniformDice => {
                f.write_str("uniform is not a dice set to search: use --letters instead")
            }
            BestError::Empty(what) => write!(f, "{what} must be at least 1"),
        }
    }
}

impl std::error::Error for BestError {}

/// Searches for the best boards of `dict` under `config` until its rounds
/// or deadline are reached or `stop` is set, calling `progress` after each
/// round. Returns the best `config.top` boards found, best first (ties in
/// canonical order).
pub fn search(
    dict: &Dictionary,
    config: &BestConfig,
    stop: &AtomicBool,
    mut progress: impl FnMut(&Progress<'_>),
) -> Result<Vec<Found>, BestError> {
    if config.pool == 0 {
        return Err(BestError::Empty("the pool"));
    }
    if config.expand == 0 {
        return Err(BestError::Empty("the number of boards expanded per round"));
    }
    if config.top == 0 {
        return Err(BestError::Empty("the number of boards shown"));
    }
    let space = Space::new(config)?;
    let trie = TileTrie::new(dict, &space.tiles, config.rules);
    let mut run = Run {
        space: &space,
        trie: &trie,
        config,
        stop,
        rng: BoardRng::new(config.seed),
        rounds: 0,
        climbs: 0,
        scored: 0,
        best: Vec::new(),
        shown: None,
        scorers: Mutex::new(Vec::new()),
    };
    run.search(&mut progress);
    Ok(run.best.iter().map(|entry| space.found(entry)).collect())
}

/// Writes `found` as `summary` lines (`<board>\t<count>\t<score>`) or, with
/// `json`, as one JSON object a line (`board`, `rows`, `cols`, `rules`,
/// `count`, `score`).
pub fn write_found<W: Write>(
    out: &mut W,
    found: &[Found],
    rules: Rules,
    json: bool,
) -> io::Result<()> {
    for board in found {
        if json {
            let record = JsonFound {
                board: board.board.canonical(),
                rows: board.board.rows(),
                cols: board.board.cols(),
                rules: rules.name(),
                count: board.count,
                score: board.score,
            };
            serde_json::to_writer(&mut *out, &record)?;
            out.write_all(b"\n")?;
        } else {
            output::write_summary(out, &board.board, board.count, board.score)?;
        }
    }
    Ok(())
}

#[derive(Serialize)]
struct JsonFound {
    board: String,
    rows: usize,
    cols: usize,
    rules: &'static str,
    count: usize,
    score: u64,
}

/// The boards a search moves through: their tiles, dice, symmetries and
/// adjacency.
#[derive(Debug)]
struct Space {
    rows: usize,
    cols: usize,
    /// The distinct tiles, numbered by their place here.
    tiles: Vec<Tile>,
    /// Per die of the set, its distinct faces' tile numbers; empty for letters.
    dice: Vec<Vec<u8>>,
    /// Per symmetry, the cell each cell of the image comes from.
    symmetries: Vec<Vec<u8>>,
    neighbours: Vec<u64>,
}

/// A board in a search: its tiles (numbers into [`Space::tiles`]) and, for
/// dice, the die of each cell.
#[derive(Clone, Debug)]
struct Entry {
    key: Key,
    tiles: Vec<u8>,
    dice: Vec<u8>,
    count: u32,
    score: u32,
    /// Whether its neighbours were generated.
    expanded: bool,
}

/// A board's tiles packed 6 bits a cell, first cell highest, so that keys
/// compare as the boards do cell by cell.
type Key = [u64; KEY_WORDS];

const KEY_WORDS: usize = MAX_CELLS.div_ceil(CELLS_PER_WORD);
const CELLS_PER_WORD: usize = 10;

/// One edit of a board.
#[derive(Clone, Copy, Debug)]
enum Edit {
    /// Cell `cell` shows tile `tile` (for dice, another face of its die).
    Set { cell: u8, tile: u8 },
    /// Cells `a` and `b` trade their tiles (and dice).
    Swap { a: u8, b: u8 },
}

/// A board to score: an edit of a pool board (or a random board's index).
#[derive(Clone, Copy, Debug)]
struct Candidate {
    parent: u32,
    edit: Option<Edit>,
}

impl Space {
    fn new(config: &BestConfig) -> Result<Space, BestError> {
        let (rows, cols) = (config.rows, config.cols);
        let cells = rows * cols;
        if cells == 0 || cells > MAX_CELLS {
            return Err(BestError::TooManyCells { rows, cols });
        }
        let mut tiles: Vec<Tile> = Vec::new();
        let number = |tile: &Tile, tiles: &mut Vec<Tile>| match tiles.iter().position(|t| t == tile)
        {
            Some(index) => index as u8,
            None => {
                tiles.push(tile.clone());
                (tiles.len() - 1) as u8
            }
        };
        let mut dice = Vec::new();
        match &config.pieces {
            Pieces::Letters(letters) => {
                for tile in letters {
                    if matches!(tile, Tile::Blank | Tile::Wildcard) {
                        return Err(BestError::NotALetter(tile.clone()));
                    }
                    if !tiles.contains(tile) {
                        if tiles.len() == MAX_TILES {
                            return Err(BestError::TooManyTiles(letters.len()));
                        }
                        number(tile, &mut tiles);
                    }
                }
                if tiles.is_empty() {
                    return Err(BestError::NoTiles);
                }
            }
            Pieces::Dice(set) => {
                let Some(size) = set.size() else {
                    return Err(BestError::UniformDice);
                };
                if size != (rows, cols) {
                    return Err(BestError::WrongSize {
                        set: *set,
                        rows,
                        cols,
                    });
                }
                for die in set.dice() {
                    let mut faces: Vec<u8> = Vec::new();
                    for face in &die {
                        let face = number(face, &mut tiles);
                        if !faces.contains(&face) {
                            faces.push(face);
                        }
                    }
                    dice.push(faces);
                }
                if tiles.len() > MAX_TILES {
                    return Err(BestError::TooManyTiles(tiles.len()));
                }
            }
        }
        Ok(Space {
            rows,
            cols,
            tiles,
            dice,
            // A board here has at most `MAX_CELLS` cells, well under 256.
            symmetries: geometry::symmetries(rows, cols)
                .into_iter()
                .map(|image| image.into_iter().map(|cell| cell as u8).collect())
                .collect(),
            neighbours: geometry::neighbour_masks(rows, cols),
        })
    }

    fn cells(&self) -> usize {
        self.rows * self.cols
    }

    /// A random board: uniform tiles, or the dice shuffled over the cells,
    /// each showing a random face.
    fn random(&self, rng: &mut BoardRng, tiles: &mut Vec<u8>, dice: &mut Vec<u8>) {
        tiles.clear();
        dice.clear();
        if self.dice.is_empty() {
            let count = self.tiles.len() as u32;
            tiles.extend((0..self.cells()).map(|_| rng.below(count) as u8));
        } else {
            dice.extend(0..self.dice.len() as u8);
            rng.shuffle(dice);
            tiles.extend(dice.iter().map(|&die| {
                let faces = &self.dice[usize::from(die)];
                faces[rng.below(faces.len() as u32) as usize]
            }));
        }
    }

    /// Every edit of the board `tiles` with dice `dice`, in a fixed order.
    fn edits(&self, tiles: &[u8], dice: &[u8], mut each: impl FnMut(Edit)) {
        let cells = self.cells();
        for (cell, &current) in tiles.iter().enumerate().take(cells) {
            let choices: &[u8] = match dice.get(cell) {
                Some(&die) => &self.dice[usize::from(die)],
                None => &[],
            };
            let mut set = |tile: u8| {
                if tile != current {
                    each(Edit::Set {
                        cell: cell as u8,
                        tile,
                    });
                }
            };
            if dice.is_empty() {
                (0..self.tiles.len() as u8).for_each(&mut set);
            } else {
                choices.iter().copied().for_each(&mut set);
            }
        }
        for a in 0..cells {
            for b in a + 1..cells {
                if tiles[a] != tiles[b] {
                    each(Edit::Swap {
                        a: a as u8,
                        b: b as u8,
                    });
                }
            }
        }
    }

    /// The key of the board `tiles` in its least orientation, and which
    /// symmetry gives it.
    fn canonical(&self, tiles: &[u8]) -> (Key, usize) {
        let mut best = (pack(tiles, &self.symmetries[0]), 0);
        for (index, symmetry) in self.symmetries.iter().enumerate().skip(1) {
            let key = pack(tiles, symmetry);
            if key < best.0 {
                best = (key, index);
            }
        }
        best
    }

    /// The board as found: its canonical orientation, count and score.
    fn found(&self, entry: &Entry) -> Found {
        let tiles = entry
            .tiles
            .iter()
            .map(|&tile| self.tiles[usize::from(tile)].clone())
            .collect();
        let board = Board::from_tiles(self.rows, self.cols, tiles)
            .unwrap_or_else(|_| unreachable!("an entry fills its board"));
        Found {
            board,
            count: entry.count as usize,
            score: u64::from(entry.score),
        }
    }
}

/// `tiles` seen through `symmetry`, packed into a key.
fn pack(tiles: &[u8], symmetry: &[u8]) -> Key {
    let mut key = [0u64; KEY_WORDS];
    for (word, cells) in key.iter_mut().zip(symmetry.chunks(CELLS_PER_WORD)) {
        let mut packed = 0u64;
        for &from in cells {
            packed = packed << 6 | u64::from(tiles[usize::from(from)] & 63);
        }
        *word = packed << (6 * (CELLS_PER_WORD - cells.len()));
    }
    key
}

/// A 64-bit digest of a key, for the set of boards a climb has seen.
fn digest(key: &Key) -> u64 {
    let mut hash = 0u64;
    for &word in key {
        hash = (hash ^ word)
            .wrapping_mul(0x9e37_79b9_7f4a_7c15)
            .rotate_left(29);
    }
    // The finaliser of SplitMix64: every bit of the key reaches every bit.
    hash ^= hash >> 30;
    hash = hash.wrapping_mul(0xbf58_476d_1ce4_e5b9);
    hash ^= hash >> 27;
    hash = hash.wrapping_mul(0x94d0_49bb_1331_11eb);
    hash ^ hash >> 31
}

/// Hashes a digest that is already well mixed by using it as it is.
#[derive(Default)]
struct Digested(u64);

impl Hasher for Digested {
    fn finish(&self) -> u64 {
        self.0
    }
    fn write(&mut self, bytes: &[u8]) {
        for &byte in bytes {
            self.0 = self.0.rotate_left(8) ^ u64::from(byte);
        }
    }
    fn write_u64(&mut self, value: u64) {
        self.0 = value;
    }
}

type Seen = HashSet<u64, BuildHasherDefault<Digested>>;

/// Boards scored per parallel task: enough to make scheduling cheap, few
/// enough that a deadline or Ctrl-C is noticed within milliseconds.
const CHUNK: usize = 512;

/// One search's state.
struct Run<'a> {
    space: &'a Space,
    trie: &'a TileTrie,
    config: &'a BestConfig,
    stop: &'a AtomicBool,
    rng: BoardRng,
    rounds: u64,
    climbs: u64,
    scored: u64,
    /// The best boards of all climbs, best first, distinct.
    best: Vec<Entry>,
    /// The best board as last shown to `progress`.
    shown: Option<Found>,
    /// Scorers between rounds, so that a round's tasks reuse their marks
    /// instead of making new ones.
    scorers: Mutex<Vec<Scorer<'a>>>,
}

/// A scorer lent by a [`Run`]'s spares for one parallel task, given back
/// when the task drops it.
struct Lent<'r, 'a> {
    scorer: Option<Scorer<'a>>,
    spares: &'r Mutex<Vec<Scorer<'a>>>,
}

impl<'r, 'a> Lent<'r, 'a> {
    /// A spare scorer, or a new one when none is left.
    fn take(spares: &'r Mutex<Vec<Scorer<'a>>>, new: impl FnOnce() -> Scorer<'a>) -> Self {
        let spare = spares
            .lock()
            .unwrap_or_else(|poisoned| poisoned.into_inner())
            .pop();
        Lent {
            scorer: Some(spare.unwrap_or_else(new)),
            spares,
        }
    }

    fn scorer(&mut self) -> &mut Scorer<'a> {
        self.scorer
            .as_mut()
            .expect("a lent scorer is held until dropped")
    }
}

impl Drop for Lent<'_, '_> {
    fn drop(&mut self) {
        if let Some(scorer) = self.scorer.take() {
            self.spares
                .lock()
                .unwrap_or_else(|poisoned| poisoned.into_inner())
                .push(scorer);
        }
    }
}

impl Run<'_> {
    /// Whether the search must end now.
    fn over(&self) -> bool {
        self.stop.load(Ordering::Relaxed)
            || self
                .config
                .rounds
                .is_some_and(|rounds| self.rounds >= rounds)
            || self.past_deadline()
    }

    fn past_deadline(&self) -> bool {
        self.config
            .deadline
            .is_some_and(|deadline| Instant::now() >= deadline)
    }

    /// Climbs until the search is over.
    fn search(&mut self, progress: &mut impl FnMut(&Progress<'_>)) {
        while !self.over() {
            self.climbs += 1;
            self.climb(progress);
        }
    }

    /// One climb from random boards, until a round adds nothing or the
    /// search is over.
    fn climb(&mut self, progress: &mut impl FnMut(&Progress<'_>)) {
        let space = self.space;
        let mut seen = Seen::default();
        // The starting boards are the parents of edit-less candidates.
        let mut parents: Vec<Entry> = Vec::with_capacity(self.config.pool);
        let (mut tiles, mut dice) = (Vec::new(), Vec::new());
        for _ in 0..self.config.pool {
            space.random(&mut self.rng, &mut tiles, &mut dice);
            let (key, _) = space.canonical(&tiles);
            if seen.insert(digest(&key)) {
                parents.push(entry(key, tiles.clone(), dice.clone()));
            }
        }
        let mut candidates: Vec<Candidate> = (0..parents.len() as u32)
            .map(|parent| Candidate { parent, edit: None })
            .collect();
        let mut pool: Vec<Entry> = Vec::new();
        loop {
            let scores = self.score(&parents, &candidates);
            let waiting = self.merge(&mut pool, &parents, &candidates, &scores);
            self.rounds += 1;
            self.report(progress);
            if waiting == 0 || self.over() {
                return;
            }
            // The next round: the neighbours of the best boards not yet
            // expanded.
            parents.clear();
            candidates.clear();
            let mut buffer = Vec::new();
            let unexpanded = pool.iter_mut().filter(|entry| !entry.expanded);
            for entry in unexpanded.take(self.config.expand) {
                entry.expanded = true;
                let parent = parents.len() as u32;
                space.edits(&entry.tiles, &entry.dice, |edit| {
                    buffer.clear();
                    buffer.extend_from_slice(&entry.tiles);
                    apply_tiles(&mut buffer, edit);
                    let (key, _) = space.canonical(&buffer);
                    if seen.insert(digest(&key)) {
                        candidates.push(Candidate {
                            parent,
                            edit: Some(edit),
                        });
                    }
                });
                parents.push(entry.clone());
            }
        }
    }

    /// Scores the candidates in parallel, in order; a candidate left
    /// unscored because the search was stopped has no score.
    fn score(&mut self, parents: &[Entry], candidates: &[Candidate]) -> Vec<Option<(u32, u32)>> {
        let space = self.space;
        let trie = self.trie;
        let stop = self.stop;
        let deadline = self.config.deadline;
        let spares = &self.scorers;
        let chunks: Vec<Vec<Option<(u32, u32)>>> = candidates
            .par_chunks(CHUNK)
            .map_init(
                || {
                    let lent = Lent::take(spares, || Scorer::new(trie, &space.neighbours));
                    (lent, Vec::new())
                },
                |(lent, buffer), chunk| {
                    let scorer = lent.scorer();
                    let stopped = stop.load(Ordering::Relaxed)
                        || deadline.is_some_and(|deadline| Instant::now() >= deadline);
                    chunk
                        .iter()
                        .map(|candidate| {
                            if stopped {
                                return None;
                            }
                            let parent = &parents[candidate.parent as usize];
                            buffer.clear();
                            buffer.extend_from_slice(&parent.tiles);
                            if let Some(edit) = candidate.edit {
                                apply_tiles(buffer, edit);
                            }
                            Some(scorer.score(buffer))
                        })
                        .collect()
                },
            )
            .collect();
        let scores: Vec<Option<(u32, u32)>> = chunks.into_iter().flatten().collect();
        self.scored += scores.iter().filter(|score| score.is_some()).count() as u64;
        scores
    }

    /// Puts the scored candidates that make the pool into it (best first,
    /// ties in key order, at most `pool` boards) and into the best boards
    /// of the search. Returns how many boards of the pool wait to be
    /// expanded.
    fn merge(
        &mut self,
        pool: &mut Vec<Entry>,
        parents: &[Entry],
        candidates: &[Candidate],
        scores: &[Option<(u32, u32)>],
    ) -> usize {
        let space = self.space;
        let size = self.config.pool;
        let floor = |list: &[Entry], size: usize| {
            if list.len() >= size {
                list.last().map_or(0, |entry| entry.score)
            } else {
                0
            }
        };
        let pool_floor = floor(pool, size);
        let best_floor = floor(&self.best, self.config.top);
        let mut fresh = Vec::new();
        let mut buffer = Vec::new();
        let mut dice = Vec::new();
        for (candidate, score) in candidates.iter().zip(scores) {
            let Some((count, score)) = *score else {
                continue;
            };
            if score < pool_floor.min(best_floor) {
                continue;
            }
            let parent = &parents[candidate.parent as usize];
            buffer.clear();
            buffer.extend_from_slice(&parent.tiles);
            dice.clear();
            dice.extend_from_slice(&parent.dice);
            if let Some(edit) = candidate.edit {
                apply_tiles(&mut buffer, edit);
                if let (Edit::Swap { a, b }, false) = (edit, dice.is_empty()) {
                    dice.swap(usize::from(a), usize::from(b));
                }
            }
            let (key, symmetry) = space.canonical(&buffer);
            let symmetry = &space.symmetries[symmetry];
            let tiles = symmetry
                .iter()
                .map(|&from| buffer[usize::from(from)])
                .collect();
            let dice = if dice.is_empty() {
                Vec::new()
            } else {
                symmetry
                    .iter()
                    .map(|&from| dice[usize::from(from)])
                    .collect()
            };
            let mut entry = entry(key, tiles, dice);
            entry.count = count;
            entry.score = score;
            fresh.push(entry);
        }
        let order = |a: &Entry, b: &Entry| b.score.cmp(&a.score).then(a.key.cmp(&b.key));
        fresh.sort_by(order);
        // The search's best boards: distinct across climbs.
        for entry in &fresh {
            if self.best.len() >= self.config.top
                && self
                    .best
                    .last()
                    .is_some_and(|last| order(entry, last).is_ge())
            {
                break;
            }
            if self.best.iter().any(|kept| kept.key == entry.key) {
                continue;
            }
            let at = self.best.partition_point(|kept| order(kept, entry).is_lt());
            self.best.insert(at, entry.clone());
            self.best.truncate(self.config.top);
        }
        pool.extend(fresh.into_iter().filter(|entry| entry.score >= pool_floor));
        pool.sort_by(order);
        pool.truncate(size);
        pool.iter().filter(|entry| !entry.expanded).count()
    }

    /// Tells `progress` how the search is going.
    fn report(&mut self, progress: &mut impl FnMut(&Progress<'_>)) {
        let improved = match (&self.shown, self.best.first()) {
            (_, None) => false,
            (None, Some(_)) => true,
            (Some(shown), Some(best)) => u64::from(best.score) > shown.score,
        };
        if improved {
            self.shown = self.best.first().map(|best| self.space.found(best));
        }
        progress(&Progress {
            scored: self.scored,
            rounds: self.rounds,
            climbs: self.climbs,
            best: self.shown.as_ref(),
            improved,
        });
    }
}

/// A new, unscored entry.
fn entry(key: Key, tiles: Vec<u8>, dice: Vec<u8>) -> Entry {
    Entry {
        key,
        tiles,
        dice,
        count: 0,
        score: 0,
        expanded: false,
    }
}

/// Applies `edit` to a board's tiles.
fn apply_tiles(tiles: &mut [u8], edit: Edit) {
    match edit {
        Edit::Set { cell, tile } => tiles[usize::from(cell)] = tile,
        Edit::Swap { a, b } => tiles.swap(usize::from(a), usize::from(b)),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{Normalizer, Scratch, SolveOptions, Solver};

    const WORDS: [&str; 44] = [
        "rat", "tar", "art", "star", "rats", "arts", "tsar", "sat", "eat", "tea", "ate", "east",
        "seat", "teas", "rest", "tres", "aster", "rates", "stare", "tears", "ears", "eras", "sear",
        "rate", "tear", "tare", "sea", "set", "tee", "tees", "ease", "erase", "terse", "trees",
        "steer", "reset", "ester", "taste", "treat", "state", "stat", "tart", "start", "street",
    ];

    fn dict() -> Dictionary {
        Dictionary::from_words(WORDS, Normalizer::default()).unwrap()
    }

    fn letters(text: &str) -> Vec<Tile> {
        text.chars().map(Tile::Letter).collect()
    }

    fn config(rows: usize, cols: usize, pieces: Pieces) -> BestConfig {
        BestConfig {
            rows,
            cols,
            pieces,
            rules: Rules::Classic,
            pool: 20,
            expand: 20,
            seed: 7,
            top: 5,
            rounds: Some(60),
            deadline: None,
        }
    }

    /// The best score of every board of `rows`×`cols` over `alphabet`,
    /// enumerated and scored by the solver.
    fn optimum(dict: &Dictionary, rows: usize, cols: usize, alphabet: &str) -> u64 {
        let solver = Solver::new(dict, SolveOptions::new(Rules::Classic));
        let letters: Vec<char> = alphabet.chars().collect();
        let cells = rows * cols;
        let mut scratch = Scratch::default();
        let mut best = 0;
        for mut number in 0..letters.len().pow(cells as u32) {
            let mut tiles = Vec::with_capacity(cells);
            for _ in 0..cells {
                tiles.push(Tile::Letter(letters[number % letters.len()]));
                number /= letters.len();
            }
            let board = Board::from_tiles(rows, cols, tiles).unwrap();
            best = best.max(solver.summarize_with(&board, &mut scratch).score);
        }
        best
    }

    /// Every image of `board` under the symmetries of its shape, written
    /// canonically: read off the grid directly, not through the search's maps.
    fn images(board: &Board) -> Vec<String> {
        let (rows, cols) = (board.rows(), board.cols());
        let tile = |i: usize, j: usize| board.tiles()[i * cols + j].clone();
        let image = |from: &dyn Fn(usize, usize) -> Tile| {
            let tiles = (0..rows * cols)
                .map(|cell| from(cell / cols, cell % cols))
                .collect();
            Board::from_tiles(rows, cols, tiles).unwrap().canonical()
        };
        let mut images = vec![
            image(&tile),
            image(&|i, j| tile(rows - 1 - i, j)),
            image(&|i, j| tile(i, cols - 1 - j)),
            image(&|i, j| tile(rows - 1 - i, cols - 1 - j)),
        ];
        if rows == cols {
            images.push(image(&|i, j| tile(j, i)));
            images.push(image(&|i, j| tile(cols - 1 - j, i)));
            images.push(image(&|i, j| tile(j, rows - 1 - i)));
            images.push(image(&|i, j| tile(cols - 1 - j, rows - 1 - i)));
        }
        images
    }

    /// Checks what any search must give: scores the solver agrees with,
    /// best first, no board twice under symmetry.
    fn check_found(dict: &Dictionary, found: &[Found]) {
        let solver = Solver::new(dict, SolveOptions::new(Rules::Classic));
        for board in found {
            let summary = solver.summarize_with(&board.board, &mut Scratch::default());
            assert_eq!((board.count, board.score), (summary.count, summary.score));
        }
        assert!(found.windows(2).all(|pair| pair[0].score >= pair[1].score));
        for (index, board) in found.iter().enumerate() {
            let images = images(&board.board);
            for other in &found[index + 1..] {
                assert!(
                    !images.contains(&other.board.canonical()),
                    "{} and {} are one board",
                    board.board.canonical(),
                    other.board.canonical()
                );
            }
        }
    }

    #[test]
    fn finds_the_optimum_of_small_boards() {
        let dict = dict();
        for (rows, cols, alphabet) in [(2, 2, "aerst"), (2, 3, "aerst"), (3, 2, "aerst")] {
            let expected = optimum(&dict, rows, cols, alphabet);
            assert!(expected > 0);
            let config = config(rows, cols, Pieces::Letters(letters(alphabet)));
            let found = search(&dict, &config, &AtomicBool::new(false), |_| {}).unwrap();
            assert_eq!(found[0].score, expected, "{rows}x{cols}");
            assert_eq!(found.len(), 5);
            check_found(&dict, &found);
        }
    }

    #[test]
    fn the_same_rounds_give_the_same_boards_on_any_thread_count() {
        let dict = dict();
        let mut config = config(3, 3, Pieces::Letters(letters("aerst")));
        config.rounds = Some(12);
        config.top = 10;
        let run = |threads| {
            rayon::ThreadPoolBuilder::new()
                .num_threads(threads)
                .build()
                .unwrap()
                .install(|| search(&dict, &config, &AtomicBool::new(false), |_| {}).unwrap())
        };
        let one = run(1);
        assert_eq!(one.len(), 10);
        assert_eq!(one, run(3));
        check_found(&dict, &one);
    }

    #[test]
    fn progress_reports_each_round_and_stop_ends_the_search() {
        let dict = dict();
        let config = BestConfig {
            rounds: None,
            ..config(2, 2, Pieces::Letters(letters("aerst")))
        };
        let stop = AtomicBool::new(false);
        let mut rounds = Vec::new();
        let found = search(&dict, &config, &stop, |progress| {
            rounds.push(progress.rounds);
            if progress.rounds == 30 {
                stop.store(true, Ordering::Relaxed);
            }
        })
        .unwrap();
        assert_eq!(rounds, (1..=30).collect::<Vec<u64>>());
        check_found(&dict, &found);
    }

    #[test]
    fn bad_settings_are_errors() {
        let dict = dict();
        let bad = |config: BestConfig| search(&dict, &config, &AtomicBool::new(false), |_| {});
        let letters_pieces = Pieces::Letters(letters("ab"));
        assert_eq!(
            bad(config(9, 8, letters_pieces.clone())).unwrap_err(),
            BestError::TooManyCells { rows: 9, cols: 8 }
        );
        assert_eq!(
            bad(config(2, 2, Pieces::Letters(vec![Tile::Blank]))).unwrap_err(),
            BestError::NotALetter(Tile::Blank)
        );
        assert_eq!(
            bad(config(2, 2, Pieces::Letters(Vec::new()))).unwrap_err(),
            BestError::NoTiles
        );
        assert_eq!(
            bad(config(5, 5, Pieces::Dice(DiceSet::New))).unwrap_err(),
            BestError::WrongSize {
                set: DiceSet::New,
                rows: 5,
                cols: 5
            }
        );
        assert_eq!(
            bad(BestConfig {
                pool: 0,
                ..config(2, 2, letters_pieces)
            })
            .unwrap_err()
            .to_string(),
            "the pool must be at least 1"
        );
    }

    #[test]
    fn dice_boards_are_rolls() {
        let dict = Dictionary::from_words(
            WORDS
                .iter()
                .copied()
                .chain(["quit", "quite", "then", "this", "inner", "anthem"]),
            Normalizer::default(),
        )
        .unwrap();
        for set in [
            DiceSet::Classic,
            DiceSet::New,
            DiceSet::Big,
            DiceSet::SuperBig,
        ] {
            let (rows, cols) = set.size().unwrap();
            let mut config = config(rows, cols, Pieces::Dice(set));
            // Enough rounds for boards several swaps and face changes away
            // from their start.
            config.rounds = Some(25);
            config.pool = 30;
            config.expand = 4;
            config.top = 30;
            let found = search(&dict, &config, &AtomicBool::new(false), |_| {}).unwrap();
            assert!(found[0].score > 0, "{set}");
            check_found(&dict, &found);
            for board in &found {
                assert!(
                    crate::dice::tests::is_valid_roll(&board.board, &set.dice()),
                    "{set}: {}",
                    board.board.canonical()
                );
            }
        }
    }
}
