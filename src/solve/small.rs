//! The search on boards of at most 64 cells: the visited cells are one
//! `u64` passed by value, and each step works on whole masks of cells.
//! For every letter that can continue the word, the open neighbours holding
//! it are one AND away, the child node is read once for all of them, and
//! the neighbours are entered in ascending cell order. When paths are kept,
//! wildcards and multi-letter tiles are among them, so a word is first
//! reached along its least path in reading order; without paths, they come
//! after the letters, which is a little faster. A node's child mask and
//! first child travel as arguments, so no node is read twice, and the
//! board's masks are fixed-size tables (`masks::MaskGrid`), so no lookup is
//! checked. A child all of whose words were reached already is not entered,
//! and each cell added to the path takes a step of the budget.

use super::sink::Sink;
use super::walk::{Search, Walk};
use crate::trie::{Node, WordId};

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
