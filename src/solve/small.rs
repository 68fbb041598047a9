//! The search on boards of at most 64 cells: the visited cells are one
//! `u64` passed by value, and each step works on whole masks of cells.
//! For every letter that can continue the word, the open neighbours holding
//! it are one AND away, the child node is read once for all of them, and
//! the neighbours are entered in ascending cell order. When paths are kept,
//! wildcards and multi-letter tiles are among them, so a word is first
//! reached along its least path in reading order; without paths, they come
//! after the letters, which is a little faster. A node's child mask and
//! first child travel as arguments, so no node is read twice, and the
//! board's masks are fixed-size tables ([`MaskGrid`]), so no lookup is
//! checked. A child all of whose words were reached already is not entered,
//! and each cell added to the path takes a step of the budget.

use super::sink::Sink;
use super::tiles::{Code, Tiles};
use super::walk::{Search, Walk};
use crate::geometry;
use crate::trie::{Node, WordId};

/// One mask per cell of a board of at most 64 cells, or per symbol: a fixed
/// size, so that the search's lookups need no bounds checks.
#[derive(Clone, Debug)]
struct Table([u64; 64]);

impl Default for Table {
    fn default() -> Table {
        Table([0; 64])
    }
}

impl Table {
    /// The entry of cell or symbol `index`, which must be below 64 (only
    /// its low six bits are used).
    #[inline(always)]
    fn get(&self, index: u32) -> u64 {
        self.0[(index % 64) as usize]
    }
}

/// The most cells of the padded grid of a board of at most 64 cells:
/// `(rows + 2) * (cols + 2)` is at most 198 (a 1×64 board), and a power of
/// two makes the indexing free of checks.
const PADDED_CELLS: usize = 256;

/// One mask per cell of the padded grid of a board of at most 64 cells.
#[derive(Clone, Debug)]
struct PaddedTable([u64; PADDED_CELLS]);

impl Default for PaddedTable {
    fn default() -> PaddedTable {
        PaddedTable([0; PADDED_CELLS])
    }
}

/// A board of at most 64 cells as masks of cells, bit `c` for cell `c`.
#[derive(Clone, Debug, Default)]
pub(crate) struct MaskGrid {
    /// The board size `neighbours` holds.
    size: (usize, usize),
    /// Per cell: its neighbours.
    neighbours: Table,
    /// Per cell: the symbols a word can go on with from it, one bit each
    /// (the first letters of its neighbours' tiles; all for a wildcard
    /// neighbour).
    around: Table,
    /// Per symbol: the one-letter tiles of it.
    letter: Table,
    /// Per symbol: the multi-letter tiles whose first letter it is.
    many_starting: Table,
    /// The symbols whose entries of `letter` or `many_starting` are set,
    /// to clear them.
    used: u64,
    /// The wildcards.
    wildcards: u64,
    /// The multi-letter tiles.
    many: u64,
    /// The wildcards and the multi-letter tiles.
    special: u64,
    /// Each cell's first letters on the padded grid (a border of empty
    /// cells, `cols + 2` wide), the spare buffer for computing `around`.
    firsts: PaddedTable,
}

impl MaskGrid {
    /// Computes the masks of `tiles`, a board of `rows` × `cols` cells, at
    /// most 64.
    pub fn fill(&mut self, tiles: &Tiles, rows: usize, cols: usize) {
        if self.size != (rows, cols) {
            self.size = (rows, cols);
            self.neighbours = neighbour_masks(rows, cols);
        }
        // Clear only the entries the last board set, not all 64.
        let mut used = self.used;
        while used != 0 {
            let symbol = used.trailing_zeros() as usize % 64;
            self.letter.0[symbol] = 0;
            self.many_starting.0[symbol] = 0;
            used &= used - 1;
        }
        let width = cols + 2;
        // Each cell's first letters on the padded grid, whose border stays
        // empty, then their union over its eight neighbours.
        self.firsts.0[..(rows + 2) * width].fill(0);
        let (mut used, mut wildcards, mut many) = (0, 0, 0);
        for row in 0..rows {
            for col in 0..cols {
                let cell = row * cols + col;
                let bit = 1 << (cell % 64);
                let code = tiles.codes[cell];
                let first = Code::first_letters(code);
                match code {
                    Code::WILDCARD => wildcards |= bit,
                    Code::DEAD => {}
                    _ => {
                        let symbol = usize::from(code % 64);
                        if code & Code::MANY != 0 {
                            many |= bit;
                            self.many_starting.0[symbol] |= bit;
                        } else {
                            self.letter.0[symbol] |= bit;
                        }
                        used |= first;
                    }
                }
                self.firsts.0[((row + 1) * width + col + 1) % PADDED_CELLS] = first;
            }
        }
        (self.used, self.wildcards, self.many) = (used, wildcards, many);
        self.special = wildcards | many;
        let firsts = &self.firsts.0[..(rows + 2) * width];
        let rows_of = |skip| firsts.chunks_exact(width).skip(skip);
        let mut around = self.around.0.iter_mut();
        for ((above, here), below) in rows_of(0).zip(rows_of(1)).zip(rows_of(2)) {
            let windows = above.windows(3).zip(here.windows(3)).zip(below.windows(3));
            for (((above, here), below), union) in windows.zip(&mut around) {
                *union = above[0]
                    | above[1]
                    | above[2]
                    | here[0]
                    | here[2]
                    | below[0]
                    | below[1]
                    | below[2];
            }
        }
    }
}

/// The neighbours of every cell of a board of `rows` × `cols` cells, at
/// most 64.
fn neighbour_masks(rows: usize, cols: usize) -> Table {
    let mut masks = Table::default();
    for (cell, mask) in geometry::neighbour_masks(rows, cols)
        .into_iter()
        .enumerate()
    {
        masks.0[cell % 64] = mask;
    }
    masks
}

impl Search<'_> {
    /// Steps onto `cell` (any tile) from `here`, `depth` letters in.
    pub(super) fn small_enter<S: Sink, const PATHS: bool>(
        &self,
        walk: &mut Walk<'_, S>,
        cell: u32,
        here: Node,
        depth: usize,
        visited: u64,
    ) {
        let grid = &self.grid.small;
        self.landings(cell, here, |id, child, letters| {
            let depth = depth + letters;
            if depth > self.max_len {
                return;
            }
            if let Some(word) = child.word() {
                self.small_report::<S, PATHS>(walk, word, depth, cell);
            }
            if depth < self.max_len
                && child.children & grid.around.get(cell) != 0
                && !walk.is_done(id)
            {
                Search::small_descend::<S, PATHS>(
                    walk,
                    cell,
                    child.children,
                    child.first_child,
                    depth,
                    visited,
                );
            }
        });
    }

    /// [`Search::report`], out of line: the small search's loops keep more
    /// of their values in registers without its code, which saves more
    /// than the call costs.
    #[inline(never)]
    fn small_report<S: Sink, const PATHS: bool>(
        &self,
        walk: &mut Walk<'_, S>,
        word: WordId,
        depth: usize,
        last: u32,
    ) {
        self.report::<S, PATHS>(walk, word, depth, last);
    }

    /// Goes from `cell`, which spells the node with child mask `children`
    /// and first child `first_child` at `depth` letters, to the open
    /// neighbours offering one of its children. The caller checked that
    /// the board offers a next letter around `cell`.
    fn small_descend<S: Sink, const PATHS: bool>(
        walk: &mut Walk<'_, S>,
        cell: u32,
        children: u64,
        first_child: u32,
        depth: usize,
        visited: u64,
    ) {
        if !walk.take_step() {
            return;
        }
        let grid = &walk.search.grid.small;
        let visited = visited | 1 << cell;
        if PATHS {
            walk.path.push(cell);
        }
        let open = grid.neighbours.get(cell) & !visited;
        let here = Node {
            children,
            first_child,
            word: Node::NO_WORD,
        };
        // The paths are kept: a word must be reached first along its least
        // path, so where an open neighbour is a wildcard or a multi-letter
        // tile, each letter's cells are tried in ascending order, special
        // ones included (out of line, so that the common step keeps its
        // values in registers). Otherwise nothing tells which path reached
        // a word first, or no neighbour is special: the one-letter tiles
        // are tried letter by letter, then the special ones, which is a
        // little faster.
        if PATHS && grid.special & open != 0 {
            Search::small_in_order::<S, PATHS>(walk, cell, here, depth, visited, open);
        } else {
            Search::small_children::<S, PATHS, false>(walk, cell, here, depth, visited, open);
        }
        if PATHS {
            walk.path.pop();
        }
    }

    /// [`Search::small_children`] trying the special tiles in order.
    #[inline(never)]
    fn small_in_order<S: Sink, const PATHS: bool>(
        walk: &mut Walk<'_, S>,
        cell: u32,
        here: Node,
        depth: usize,
        visited: u64,
        open: u64,
    ) {
        Search::small_children::<S, PATHS, true>(walk, cell, here, depth, visited, open);
    }

    /// Goes from `cell` (spelling `here` at `depth` letters, and on the
    /// path `visited`) to its `open` neighbours: for each child of `here`
    /// the board offers around `cell`, the neighbours holding its letter in
    /// ascending cell order. With `IN_ORDER`, those are the neighbours
    /// whose tile starts with the letter, wildcards and multi-letter tiles
    /// included, so that every word is first reached along its least path;
    /// without, the one-letter tiles, and the special ones come after
    /// every letter.
    #[inline(always)]
    fn small_children<S: Sink, const PATHS: bool, const IN_ORDER: bool>(
        walk: &mut Walk<'_, S>,
        cell: u32,
        here: Node,
        depth: usize,
        visited: u64,
        open: u64,
    ) {
        let search = walk.search;
        let grid = &search.grid.small;
        let (wildcards, many) = if IN_ORDER {
            (grid.wildcards & open, grid.many & open)
        } else {
            (0, 0)
        };
        let mut letters = here.children & grid.around.get(cell);
        let next_depth = depth + 1;
        // Whether a word may go on past the children: not once they reach
        // the longest length the filter allows.
        let deeper = next_depth < search.max_len;
        while letters != 0 {
            let symbol = letters.trailing_zeros();
            letters &= letters - 1;
            let mut cells = grid.letter.get(symbol) & open;
            if IN_ORDER {
                cells |= wildcards | (grid.many_starting.get(symbol) & many);
            }
            if cells == 0 {
                continue;
            }
            let id = here.child_at(1 << symbol);
            let child = search.nodes.get(id);
            if let Some(word) = child.word() {
                // The word ends on the least cell that spells the letter
                // alone; a multi-letter tile spells a longer word.
                let alone = cells & !many;
                if alone != 0 {
                    search.small_report::<S, PATHS>(walk, word, next_depth, alone.trailing_zeros());
                }
            }
            if child.children == 0 || !deeper || walk.is_done(id) {
                continue;
            }
            while cells != 0 {
                let neighbour = cells.trailing_zeros();
                cells &= cells - 1;
                if many & 1 << neighbour != 0 {
                    search.small_enter::<S, PATHS>(walk, neighbour, here, depth, visited);
                } else if child.children & grid.around.get(neighbour) != 0 {
                    Search::small_descend::<S, PATHS>(
                        walk,
                        neighbour,
                        child.children,
                        child.first_child,
                        next_depth,
                        visited,
                    );
                }
            }
        }
        if !IN_ORDER {
            let mut specials = grid.special & open;
            while specials != 0 {
                let neighbour = specials.trailing_zeros();
                specials &= specials - 1;
                search.small_enter::<S, PATHS>(walk, neighbour, here, depth, visited);
            }
        }
    }
}
