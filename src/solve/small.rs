//! The search on boards of at most 64 cells: the visited cells are one
//! `u64` passed by value, and each step works on whole masks of cells.
//! For every letter that can continue the word, the open neighbours holding
//! it are one AND away, the child node is read once for all of them, and a
//! neighbour is entered only when the child can go on from there. A node's
//! child mask and first child travel as arguments, so no node is read twice,
//! and the board's masks are fixed-size tables, so no lookup is checked.
//! A child all of whose words were reached already is not entered, and
//! each cell added to the path takes a step of the budget.

use super::{Search, Sink, Walk};
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
        self.landings(cell, here, |id, child, letters| {
            let depth = depth + letters;
            if depth > self.max_len {
                return;
            }
            if let Some(word) = child.word() {
                self.small_report::<S, PATHS>(walk, word, depth, cell);
            }
            if depth < self.max_len
                && child.children & self.grid.small_around.get(cell) != 0
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
    /// neighbours offering one of its children, and to the special ones.
    /// The caller checked that the board offers a next letter around `cell`.
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
        let search = walk.search;
        let here = Node {
            children,
            first_child,
            word: Node::NO_WORD,
        };
        let visited = visited | 1 << cell;
        if PATHS {
            walk.path.push(cell);
        }
        let open = search.geometry.masks.get(cell) & !visited;
        let mut letters = children & search.grid.small_around.get(cell);
        let next_depth = depth + 1;
        // Whether a word may go on past the children: not once they reach
        // the longest length the filter allows.
        let deeper = next_depth < search.max_len;
        while letters != 0 {
            let symbol = letters.trailing_zeros();
            letters &= letters - 1;
            let mut cells = search.grid.by_symbol.get(symbol) & open;
            if cells == 0 {
                continue;
            }
            let id = here.child_at(1 << symbol);
            let child = search.nodes.get(id);
            if let Some(word) = child.word() {
                search.small_report::<S, PATHS>(walk, word, next_depth, cells.trailing_zeros());
            }
            if child.children == 0 || !deeper || walk.is_done(id) {
                continue;
            }
            while cells != 0 {
                let neighbour = cells.trailing_zeros();
                cells &= cells - 1;
                if child.children & search.grid.small_around.get(neighbour) != 0 {
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
        let mut specials = search.grid.special & open;
        while specials != 0 {
            let neighbour = specials.trailing_zeros();
            specials &= specials - 1;
            search.small_enter::<S, PATHS>(walk, neighbour, here, depth, visited);
        }
        if PATHS {
            walk.path.pop();
        }
    }
}
