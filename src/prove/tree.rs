//! The bound of a class of boards: a tree of sums and choices, built in a
//! set order of cells ("orderly"), whose value is at least the score of
//! every board in the class.
//!
//! Every path of cells that spells a word with letters the class allows
//! is a list of (cell, letter) steps. Sorted by the cells' rank in the fixing
//! order, the steps of all such paths are merged into one tree: a sum node
//! holds the points of the words that end there and adds up its children; its
//! children are choice nodes, one per cell, whose children are sum nodes, one
//! per letter of that cell, of which a board takes only one. So the value
//! (sum nodes add, choice nodes take their best child) is at least the sum
//! of the points of the paths any one board spells, which is at least its
//! score. Sorting the steps makes the first cell of the order appear only
//! at the top, so the choices made there are made once for every path; a
//! word spelled by several paths over the same cells and letters ends at
//! the same node and counts once.

use super::grid::Grid;
use super::lexicon::Lexicon;

/// No node.
const NONE: u32 = u32::MAX;

/// A node: a sum node (keyed by the letter chosen above it) or a choice
/// node (keyed by its cell); which is which follows from its depth.
#[derive(Clone, Copy, Debug)]
struct Node {
    key: u8,
    points: u32,
    first_child: u32,
    next_sibling: u32,
}

/// A reusable builder of trees: the arena and scratch of one thread.
#[derive(Debug, Default)]
pub struct TreeBuilder {
    nodes: Vec<Node>,
    /// (sum node, word node, points) for every path that spells a word.
    ends: Vec<(u32, u32, u32)>,
    /// The steps of the current path.
    path: Vec<(u8, u8)>,
    sorted: Vec<(u8, u8)>,
}

impl TreeBuilder {
    /// Builds the tree of the class whose cell `c` may hold the letters set
    /// in `class[c]`, and returns its bound.
    pub fn bound(&mut self, grid: &Grid, lexicon: &Lexicon, class: &[u32]) -> u64 {
        self.nodes.clear();
        self.ends.clear();
        self.nodes.push(Node {
            key: 0,
            points: 0,
            first_child: NONE,
            next_sibling: NONE,
        });
        for cell in 0..grid.cells() {
            self.walk(grid, lexicon, class, cell, Lexicon::ROOT, 0);
        }
        // A word spelled by several paths over the same steps counts once.
        self.ends.sort_unstable();
        self.ends.dedup();
        for &(node, _, points) in &self.ends {
            self.nodes[node as usize].points += points;
        }
        self.value(class)
    }

    /// The bound of a class inside the one the tree was built for: the
    /// tree's value where each choice node takes only the letters `class`
    /// allows its cell. It is the bound a tree built for `class` would give
    /// (that tree is this one without the paths `class` rules out), without
    /// walking the paths again.
    pub fn value(&self, class: &[u32]) -> u64 {
        self.sum_value(0, class)
    }

    fn walk(
        &mut self,
        grid: &Grid,
        lexicon: &Lexicon,
        class: &[u32],
        cell: usize,
        node: u32,
        used: u32,
    ) {
        let used = used | 1 << cell;
        let mut letters = lexicon.mask(node) & class[cell];
        while letters != 0 {
            let letter = letters.trailing_zeros();
            letters &= letters - 1;
            let child = lexicon.child(node, letter);
            self.path.push((cell as u8, letter as u8));
            let points = lexicon.points(child);
            if points > 0 {
                let end = self.insert(grid);
                self.ends.push((end, child, points));
            }
            if lexicon.mask(child) != 0 {
                let mut next = grid.neighbours[cell] & !used;
                while next != 0 {
                    let neighbour = next.trailing_zeros() as usize;
                    next &= next - 1;
                    self.walk(grid, lexicon, class, neighbour, child, used);
                }
            }
            self.path.pop();
        }
    }

    /// Adds the current path's steps, in the fixing order, to the tree;
    /// returns the sum node it ends at.
    fn insert(&mut self, grid: &Grid) -> u32 {
        self.sorted.clear();
        self.sorted.extend_from_slice(&self.path);
        self.sorted
            .sort_unstable_by_key(|&(cell, _)| grid.rank[usize::from(cell)]);
        let mut node = 0;
        for index in 0..self.sorted.len() {
            let (cell, letter) = self.sorted[index];
            let choice = self.child(node, cell);
            node = self.child(choice, letter);
        }
        node
    }

    /// The child of `parent` keyed `key`, added when missing.
    fn child(&mut self, parent: u32, key: u8) -> u32 {
        let mut child = self.nodes[parent as usize].first_child;
        while child != NONE {
            if self.nodes[child as usize].key == key {
                return child;
            }
            child = self.nodes[child as usize].next_sibling;
        }
        let id = self.nodes.len() as u32;
        let first = self.nodes[parent as usize].first_child;
        self.nodes.push(Node {
            key,
            points: 0,
            first_child: NONE,
            next_sibling: first,
        });
        self.nodes[parent as usize].first_child = id;
        id
    }

    fn sum_value(&self, node: u32, class: &[u32]) -> u64 {
        let mut total = u64::from(self.nodes[node as usize].points);
        let mut choice = self.nodes[node as usize].first_child;
        while choice != NONE {
            let allowed = class[usize::from(self.nodes[choice as usize].key)];
            let mut best = 0;
            let mut option = self.nodes[choice as usize].first_child;
            while option != NONE {
                let letter = self.nodes[option as usize];
                if allowed & (1 << letter.key) != 0 {
                    best = best.max(self.sum_value(option, class));
                }
                option = letter.next_sibling;
            }
            total += best;
            choice = self.nodes[choice as usize].next_sibling;
        }
        total
    }
}
