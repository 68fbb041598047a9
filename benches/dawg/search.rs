//! The search of boards of at most 64 cells over the DAWG's edge records
//! (either layout, through [`Edges`]), step for step the library's search
//! of small boards over its trie: the visited cells are one `u64` passed by
//! value; for every letter that can continue the word, the open neighbours
//! holding it are one AND away, the child's edge is read once for all of
//! them, and a neighbour is entered only when the child can go on from
//! there. The one change is the word id: the trie stores it in the node,
//! the DAWG adds the edge's offset to the id offset of the prefix so far,
//! which travels as an argument in one 64-bit word with the state's first
//! edge (its place). Each cell added to a path takes a step of a budget, as
//! in the library; a search out of steps stops (the library would start
//! again with its early stop, which no board of these workloads needs).

use boggle::{Board, Dictionary, LengthOptions, Rules, Tile};

use crate::automaton::{Edge, Edges};

/// Per cell code: a symbol (below 64), or one of these.
const MANY: u8 = 253;
const WILDCARD: u8 = 254;
const DEAD: u8 = 255;

/// The score of a length the filter leaves out.
const FILTERED: u32 = u32::MAX;

/// A board in the dictionary's symbols, as masks.
#[derive(Debug)]
struct Grid {
    /// The size the neighbour masks are for.
    size: (usize, usize),
    /// Per cell: its neighbours.
    neighbours: [u64; 64],
    /// Per cell: its symbol, or [`MANY`], [`WILDCARD`], [`DEAD`].
    codes: [u8; 64],
    /// Per multi-letter cell: its letters, `pool[start..end]`.
    many: [(u8, u8); 64],
    pool: Vec<u8>,
    /// Per cell: the symbols its neighbours' tiles start with.
    around: [u64; 64],
    /// Per symbol: the one-letter cells holding it.
    by_symbol: [u64; 64],
    /// The multi-letter and wildcard cells.
    special: u64,
    /// How many cells.
    cells: usize,
}

impl Grid {
    fn new() -> Grid {
        Grid {
            size: (0, 0),
            neighbours: [0; 64],
            codes: [DEAD; 64],
            many: [(0, 0); 64],
            pool: Vec::new(),
            around: [0; 64],
            by_symbol: [0; 64],
            special: 0,
            cells: 0,
        }
    }

    /// Maps `board` (at most 64 cells) to `dict`'s symbols.
    fn fill(&mut self, board: &Board, dict: &Dictionary) {
        let (rows, cols) = (board.rows(), board.cols());
        assert!(
            rows * cols <= 64,
            "the DAWG search takes boards of 64 cells or fewer"
        );
        if self.size != (rows, cols) {
            self.size = (rows, cols);
            for cell in 0..rows * cols {
                self.neighbours[cell] = board
                    .neighbours(cell)
                    .fold(0, |mask, neighbour| mask | 1 << neighbour);
            }
        }
        let alphabet = dict.alphabet();
        let symbol = |letter: char| alphabet.symbol(letter).map(|s| s.index() as u8);
        self.cells = rows * cols;
        self.by_symbol = [0; 64];
        self.special = 0;
        self.pool.clear();
        let mut firsts = [0u64; 64];
        for (cell, tile) in board.tiles().iter().enumerate() {
            let code = match tile {
                Tile::Letter(letter) => symbol(*letter).unwrap_or(DEAD),
                Tile::Letters(letters) => {
                    let start = self.pool.len();
                    let symbols: Option<Vec<u8>> = letters.chars().map(symbol).collect();
                    match symbols {
                        Some(symbols) if !symbols.is_empty() => {
                            self.pool.extend(symbols);
                            self.many[cell] = (start as u8, self.pool.len() as u8);
                            MANY
                        }
                        _ => DEAD,
                    }
                }
                Tile::Wildcard => WILDCARD,
                Tile::Blank => DEAD,
            };
            self.codes[cell] = code;
            firsts[cell] = match code {
                MANY => {
                    self.special |= 1 << cell;
                    1 << self.pool[usize::from(self.many[cell].0)]
                }
                WILDCARD => {
                    self.special |= 1 << cell;
                    u64::MAX
                }
                DEAD => 0,
                symbol => {
                    self.by_symbol[usize::from(symbol)] |= 1 << cell;
                    1 << symbol
                }
            };
        }
        for cell in 0..self.cells {
            let mut neighbours = self.neighbours[cell];
            let mut union = 0;
            while neighbours != 0 {
                union |= firsts[neighbours.trailing_zeros() as usize];
                neighbours &= neighbours - 1;
            }
            self.around[cell] = union;
        }
    }

    /// The letters of the multi-letter tile on `cell`.
    fn letters(&self, cell: u32) -> &[u8] {
        let (start, end) = self.many[cell as usize % 64];
        &self.pool[usize::from(start)..usize::from(end)]
    }
}

/// The search has run out of its budget of steps.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct OutOfSteps;

/// Searches boards of at most 64 cells over one layout, counting and
/// scoring the words found, as [`boggle::Solver::summarize_with`] does.
#[derive(Debug)]
pub struct Searcher<'d, E> {
    edges: &'d E,
    dict: &'d Dictionary,
    /// Per length: its score, or [`FILTERED`].
    scores: [u32; 128],
    max_len: usize,
    /// `marks[w] == epoch` when word `w` was found on this board.
    marks: Vec<u16>,
    epoch: u16,
    grid: Grid,
}

impl<'d, E: Edges> Searcher<'d, E> {
    /// A searcher of `edges`, the DAWG of `dict`, under `rules` and their
    /// minimum length.
    pub fn new(edges: &'d E, dict: &'d Dictionary, rules: Rules) -> Searcher<'d, E> {
        let lengths = LengthOptions::default().filter(rules);
        let mut scores = [FILTERED; 128];
        for (len, score) in scores.iter_mut().enumerate() {
            if lengths.allows(len) {
                *score = rules.score(len);
            }
        }
        Searcher {
            edges,
            dict,
            scores,
            max_len: lengths.max_len(),
            marks: vec![0; dict.word_count()],
            epoch: 0,
            grid: Grid::new(),
        }
    }

    /// The word count and score of `board`, in at most `max_steps` steps.
    pub fn summarize(&mut self, board: &Board, max_steps: u64) -> Result<(usize, u64), OutOfSteps> {
        self.grid.fill(board, self.dict);
        self.epoch = self.epoch.wrapping_add(1);
        if self.epoch == 0 {
            self.marks.fill(0);
            self.epoch = 1;
        }
        let search = Search {
            edges: self.edges,
            grid: &self.grid,
            scores: &self.scores,
            max_len: self.max_len,
        };
        let mut walk = Walk {
            search: &search,
            marks: &mut self.marks,
            epoch: self.epoch,
            count: 0,
            score: 0,
            steps_left: max_steps,
            exceeded: false,
        };
        if self.max_len > 0 {
            let root = self.edges.root();
            for cell in 0..self.grid.cells as u32 {
                if walk.exceeded {
                    break;
                }
                search.enter(&mut walk, cell, root.children, root.place, 0, 0);
            }
        }
        if walk.exceeded {
            return Err(OutOfSteps);
        }
        Ok((walk.count, walk.score))
    }
}

/// The read-only inputs of one search.
struct Search<'a, E> {
    edges: &'a E,
    grid: &'a Grid,
    scores: &'a [u32; 128],
    max_len: usize,
}

/// What one search changes.
struct Walk<'a, E> {
    search: &'a Search<'a, E>,
    marks: &'a mut [u16],
    epoch: u16,
    count: usize,
    score: u64,
    steps_left: u64,
    exceeded: bool,
}

impl<E> Walk<'_, E> {
    /// Takes one step of the budget: false, and the budget marked
    /// exceeded, when none is left.
    #[inline(always)]
    fn take_step(&mut self) -> bool {
        let (left, out) = self.steps_left.overflowing_sub(1);
        self.steps_left = left;
        if out {
            self.steps_left = 0;
            self.exceeded = true;
        }
        !out
    }
}

impl<E: Edges> Search<'_, E> {
    /// The edge at `index`.
    #[inline(always)]
    fn edge(&self, index: usize) -> Edge {
        self.edges.edge(index)
    }

    /// Counts word `word`, `depth` letters long, unless it was found already.
    #[inline(never)]
    fn report(&self, walk: &mut Walk<'_, E>, word: u32, depth: usize) {
        let score = self.scores[depth % 128];
        let Some(mark) = walk.marks.get_mut(word as usize) else {
            return;
        };
        if *mark != walk.epoch {
            if walk.exceeded {
                return;
            }
            *mark = walk.epoch;
            if score != FILTERED {
                walk.count += 1;
                walk.score += u64::from(score);
            }
        }
    }

    /// Calls `land` with each edge and place reached by stepping onto
    /// `cell` from the state with child mask `children` at `place`, and
    /// the letters taken: one for a letter or a multi-letter tile, one per
    /// edge for a wildcard, none for a dead cell.
    #[inline(always)]
    fn landings(
        &self,
        cell: u32,
        children: u64,
        place: u64,
        mut land: impl FnMut(Edge, u64, usize),
    ) {
        match self.grid.codes[cell as usize % 64] {
            MANY => {
                let letters = self.grid.letters(cell);
                let (mut children, mut place) = (children, place);
                let mut edge = Edge::NONE;
                for &symbol in letters {
                    let bit = 1u64 << symbol;
                    if children & bit == 0 {
                        return;
                    }
                    edge = self.edge(Edge::child_at(children, place as u32, bit));
                    (children, place) = (edge.children, follow(place, edge));
                }
                land(edge, place, letters.len());
            }
            WILDCARD => {
                let mut bits = children;
                while bits != 0 {
                    let bit = bits & bits.wrapping_neg();
                    let edge = self.edge(Edge::child_at(children, place as u32, bit));
                    land(edge, follow(place, edge), 1);
                    bits &= bits - 1;
                }
            }
            DEAD => {}
            symbol => {
                let bit = 1u64 << symbol;
                if children & bit != 0 {
                    let edge = self.edge(Edge::child_at(children, place as u32, bit));
                    land(edge, follow(place, edge), 1);
                }
            }
        }
    }

    /// Steps onto `cell` (any tile) from the state with child mask
    /// `children` at `place`, `depth` letters in.
    fn enter(
        &self,
        walk: &mut Walk<'_, E>,
        cell: u32,
        children: u64,
        place: u64,
        depth: usize,
        visited: u64,
    ) {
        self.landings(cell, children, place, |edge, place, letters| {
            let depth = depth + letters;
            if depth > self.max_len {
                return;
            }
            if edge.is_final() {
                self.report(walk, word_id(place), depth);
            }
            if depth < self.max_len && edge.children & self.grid.around[cell as usize % 64] != 0 {
                Search::descend(walk, cell, edge.children, place, depth, visited);
            }
        });
    }

    /// Goes from `cell`, which spells the state with child mask `children`
    /// at `place` and `depth` letters, to the open neighbours offering one
    /// of its edges, and to the special ones. The caller checked that the
    /// board offers a next letter around `cell`.
    fn descend(
        walk: &mut Walk<'_, E>,
        cell: u32,
        children: u64,
        place: u64,
        depth: usize,
        visited: u64,
    ) {
        if !walk.take_step() {
            return;
        }
        let search = walk.search;
        let grid = search.grid;
        let visited = visited | 1 << cell;
        let open = grid.neighbours[cell as usize % 64] & !visited;
        let mut letters = children & grid.around[cell as usize % 64];
        let next_depth = depth + 1;
        let deeper = next_depth < search.max_len;
        while letters != 0 {
            let symbol = letters.trailing_zeros();
            letters &= letters - 1;
            let mut cells = grid.by_symbol[symbol as usize % 64] & open;
            if cells == 0 {
                continue;
            }
            let edge = search.edge(Edge::child_at(children, place as u32, 1 << symbol));
            let next = follow(place, edge);
            if edge.is_final() {
                search.report(walk, word_id(next), next_depth);
            }
            if edge.children == 0 || !deeper {
                continue;
            }
            while cells != 0 {
                let neighbour = cells.trailing_zeros();
                cells &= cells - 1;
                if edge.children & grid.around[neighbour as usize % 64] != 0 {
                    Search::descend(walk, neighbour, edge.children, next, next_depth, visited);
                }
            }
        }
        let mut specials = grid.special & open;
        while specials != 0 {
            let neighbour = specials.trailing_zeros();
            specials &= specials - 1;
            search.enter(walk, neighbour, children, place, depth, visited);
        }
    }
}

/// The place of the state `edge` leads to from a state at `place`: the
/// target's first edge in the low half, the id offset of the prefix in the
/// high half. The final flags the additions carry into the top bit are
/// left there: [`word_id`] drops them.
#[inline(always)]
fn follow(place: u64, edge: Edge) -> u64 {
    edge.place.wrapping_add(place & !u64::from(u32::MAX))
}

/// The id of the word that ends at the state at `place` (ids are below 2³¹).
#[inline(always)]
fn word_id(place: u64) -> u32 {
    (place >> 32) as u32 & !(1 << 31)
}
