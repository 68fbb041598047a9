//! The bound of a class of boards: a tree of sums and choices, built in a
//! set order of cells ("orderly"), whose value is at least the score of
//! every board in the class, and made smaller and tighter as cells are
//! fixed ("forced") one after another in that order.
//!
//! Every path of cells that spells a word with letters the class allows
//! is a list of (cell, letter) steps. The steps on cells the class fixes to
//! one letter are left out (there is nothing to choose there); the others,
//! sorted by the cells' rank in the fixing order, are merged over all
//! paths into one tree: a sum node holds the points of the words that end
//! there and adds up its children; its children are choice nodes, one per
//! cell, whose children are sum nodes, one per letter of that cell, of
//! which a board takes only one. So the value (sum nodes add, choice nodes
//! take their best child) is at least the sum of the points of the paths
//! any one board spells, which is at least its score. Sorting the steps
//! makes the first free cell of the order appear only at the top, so the
//! choice made there is made once for every path; a word spelled by
//! several paths over the same steps (and the same fixed cells) ends at the
//! same node and counts once.
//!
//! Forcing that first free cell to one letter ([`TreeBuilder::force`])
//! replaces its choice node by the chosen letter's subtree merged into the
//! root: choice nodes of the same cell are merged into one, and sum nodes
//! of the same letter under them add up, recursively. The result is the
//! tree one would build for the narrower class, made without walking the
//! paths again: the choices of a cell that stood apart (and could each
//! take a different letter) become one choice, so the bound falls. Finished
//! nodes never change, so a forced tree shares every part it does not
//! merge with the tree it came from, and each node keeps its value, so the
//! bound of a forced tree costs only the nodes the merge made.

use super::grid::{Grid, MAX_CELLS};
use super::lexicon::Lexicon;

/// No node.
const NONE: u32 = u32::MAX;

/// A node while the tree is built: its children in a linked list. A sum
/// node (keyed by the letter chosen above it) or a choice node (keyed by
/// its cell); which is which follows from its depth.
#[derive(Clone, Copy, Debug)]
struct Draft {
    key: u8,
    points: u32,
    first_child: u32,
    next_sibling: u32,
}

/// A node of a finished tree, never changed once made.
#[derive(Clone, Copy, Debug)]
struct Node {
    /// The letter of a sum node, the cell of a choice node.
    key: u8,
    /// The points of the words ending at a sum node; 0 for a choice node.
    points: u32,
    /// The children are `children[first..first + len]`, in increasing key.
    first: u32,
    len: u32,
    /// A sum node's points plus its children's values; a choice node's
    /// best child's value (0 without children).
    value: u64,
}

/// A point of the arena to go back to: the trees made after it are
/// dropped, those made before it stay whole.
#[derive(Clone, Copy, Debug)]
pub struct Mark {
    nodes: usize,
    children: usize,
}

/// A reusable builder of trees: the arena and scratch of one thread.
#[derive(Debug)]
pub struct TreeBuilder {
    drafts: Vec<Draft>,
    /// (draft sum node, fixed cells of the path, word node, points) for
    /// every path that spells a word.
    ends: Vec<(u32, u32, u32, u32)>,
    /// The current path's steps on free cells in the fixing order:
    /// (rank, letter), the first `sorted_len`.
    sorted: [(u8, u8); MAX_CELLS],
    sorted_len: usize,
    /// `trail[i]`: the draft sum node the first `i` sorted steps lead
    /// to, for `i <= trail_len`; a step put in or taken out at position
    /// `p` cuts `trail_len` to `p`, so the nodes above stay known.
    trail: [u32; MAX_CELLS + 1],
    trail_len: usize,
    /// The cells the class fixes to one letter.
    fixed: u32,
    /// The finished nodes of every tree alive.
    nodes: Vec<Node>,
    /// The children lists of the finished nodes.
    children: Vec<u32>,
    /// Children lists being gathered, a stack shared by nested merges.
    scratch: Vec<u32>,
}

impl Default for TreeBuilder {
    fn default() -> TreeBuilder {
        TreeBuilder {
            drafts: Vec::new(),
            ends: Vec::new(),
            sorted: [(0, 0); MAX_CELLS],
            sorted_len: 0,
            trail: [0; MAX_CELLS + 1],
            trail_len: 0,
            fixed: 0,
            nodes: Vec::new(),
            children: Vec::new(),
            scratch: Vec::new(),
        }
    }
}

impl TreeBuilder {
    /// Builds the tree of the class whose cell `c` may hold the letters set
    /// in `class[c]`, and returns its bound.
    pub fn bound(&mut self, grid: &Grid, lexicon: &Lexicon, class: &[u32]) -> u64 {
        let root = self.build(grid, lexicon, class);
        self.value(root)
    }

    /// Builds the tree of the class whose cell `c` may hold the letters set
    /// in `class[c]` (dropping every tree built before), and returns its
    /// root.
    pub fn build(&mut self, grid: &Grid, lexicon: &Lexicon, class: &[u32]) -> u32 {
        self.drafts.clear();
        self.ends.clear();
        self.nodes.clear();
        self.children.clear();
        self.scratch.clear();
        self.drafts.push(Draft {
            key: 0,
            points: 0,
            first_child: NONE,
            next_sibling: NONE,
        });
        self.sorted_len = 0;
        self.trail_len = 0;
        self.fixed = (0..grid.cells())
            .filter(|&cell| class[cell].count_ones() == 1)
            .fold(0, |fixed, cell| fixed | 1 << cell);
        for cell in 0..grid.cells() {
            self.walk(grid, lexicon, class, cell, Lexicon::ROOT, 0);
        }
        // A word spelled by several paths over the same steps counts once.
        self.ends.sort_unstable();
        self.ends.dedup();
        for &(node, _, _, points) in &self.ends {
            self.drafts[node as usize].points += points;
        }
        self.finish(0, true)
    }

    /// The bound the tree of `root` gives its class.
    pub fn value(&self, root: u32) -> u64 {
        self.nodes[root as usize].value
    }

    /// Where the arena stands, to [`release`](Self::release) what is made
    /// after.
    pub fn mark(&self) -> Mark {
        Mark {
            nodes: self.nodes.len(),
            children: self.children.len(),
        }
    }

    /// Drops every tree made after `mark`.
    pub fn release(&mut self, mark: Mark) {
        self.nodes.truncate(mark.nodes);
        self.children.truncate(mark.children);
    }

    /// The tree of the class of `root` with `cell` fixed to `letter`: the
    /// cell's choice node, which can only be a child of the root since the
    /// cell must be the first free one in the fixing order, gives way to
    /// its `letter` child merged into the root. Returns the new root (the
    /// same one when no path goes through the cell).
    pub fn force(&mut self, root: u32, cell: usize, letter: u32) -> u32 {
        let top = self.nodes[root as usize];
        let Some(choice) = self.find(top, cell as u8) else {
            return root;
        };
        let option = self.find(self.nodes[choice as usize], letter as u8);
        let start = self.scratch.len();
        let (points, first, len) = match option {
            Some(option) => {
                let option = self.nodes[option as usize];
                (option.points, option.first, option.len)
            }
            None => (0, 0, 0),
        };
        self.merge_children((top.first, top.len), choice, (first, len), false);
        self.push(top.key, top.points + points, start, true)
    }

    /// The child of `node` keyed `key`.
    fn find(&self, node: Node, key: u8) -> Option<u32> {
        let children = &self.children[node.first as usize..(node.first + node.len) as usize];
        children
            .iter()
            .copied()
            .find(|&child| self.nodes[child as usize].key == key)
    }

    /// Pushes onto the scratch the union of two lists of children (each
    /// in increasing key, `skip` left out of the first): a child of one list
    /// alone is shared, two children of the same key are merged into a new
    /// node. `sum` says whether the children are sum nodes.
    fn merge_children(&mut self, left: (u32, u32), skip: u32, right: (u32, u32), sum: bool) {
        let (mut i, mut j) = (left.0, right.0);
        let (left_end, right_end) = (left.0 + left.1, right.0 + right.1);
        loop {
            let a = (i < left_end).then(|| self.children[i as usize]);
            if a == Some(skip) {
                i += 1;
                continue;
            }
            let b = (j < right_end).then(|| self.children[j as usize]);
            let merged = match (a, b) {
                (None, None) => return,
                (Some(a), None) => {
                    i += 1;
                    a
                }
                (None, Some(b)) => {
                    j += 1;
                    b
                }
                (Some(a), Some(b)) => {
                    let (x, y) = (self.nodes[a as usize], self.nodes[b as usize]);
                    match x.key.cmp(&y.key) {
                        std::cmp::Ordering::Less => {
                            i += 1;
                            a
                        }
                        std::cmp::Ordering::Greater => {
                            j += 1;
                            b
                        }
                        std::cmp::Ordering::Equal => {
                            i += 1;
                            j += 1;
                            let start = self.scratch.len();
                            self.merge_children((x.first, x.len), NONE, (y.first, y.len), !sum);
                            self.push(x.key, x.points + y.points, start, sum)
                        }
                    }
                }
            };
            self.scratch.push(merged);
        }
    }

    /// Finishes a node whose children are `scratch[start..]`, in
    /// increasing key, and takes them off the scratch.
    fn push(&mut self, key: u8, points: u32, start: usize, sum: bool) -> u32 {
        let mut value = u64::from(points);
        for &child in &self.scratch[start..] {
            let child = self.nodes[child as usize].value;
            value = if sum { value + child } else { value.max(child) };
        }
        let first = self.children.len() as u32;
        let len = (self.scratch.len() - start) as u32;
        self.children.extend_from_slice(&self.scratch[start..]);
        self.scratch.truncate(start);
        let id = self.nodes.len() as u32;
        self.nodes.push(Node {
            key,
            points,
            first,
            len,
            value,
        });
        id
    }

    /// Finishes the draft `draft` and everything under it.
    fn finish(&mut self, draft: u32, sum: bool) -> u32 {
        let start = self.scratch.len();
        let mut child = self.drafts[draft as usize].first_child;
        while child != NONE {
            let id = self.finish(child, !sum);
            self.scratch.push(id);
            child = self.drafts[child as usize].next_sibling;
        }
        let nodes = &self.nodes;
        self.scratch[start..].sort_unstable_by_key(|&id| nodes[id as usize].key);
        let Draft { key, points, .. } = self.drafts[draft as usize];
        self.push(key, points, start, sum)
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
        if letters == 0 {
            return;
        }
        // A step on a free cell goes where its rank puts it among the
        // path's sorted steps.
        let free = self.fixed & 1 << cell == 0;
        let rank = grid.rank[cell] as u8;
        let len = self.sorted_len;
        let place = self.sorted[..len].partition_point(|&(other, _)| other < rank);
        if free {
            self.sorted.copy_within(place..len, place + 1);
            self.sorted_len = len + 1;
        }
        while letters != 0 {
            let letter = letters.trailing_zeros();
            letters &= letters - 1;
            let child = lexicon.child(node, letter);
            if free {
                self.sorted[place] = (rank, letter as u8);
                self.trail_len = self.trail_len.min(place);
            }
            let points = lexicon.points(child);
            if points > 0 {
                let end = self.end(grid);
                // Only a word with a letter twice can come again along
                // another path over the same steps.
                if lexicon.repeats(child) {
                    self.ends.push((end, used & self.fixed, child, points));
                } else {
                    self.drafts[end as usize].points += points;
                }
            }
            if lexicon.mask(child) != 0 {
                let mut next = grid.neighbours[cell] & !used;
                while next != 0 {
                    let neighbour = next.trailing_zeros() as usize;
                    next &= next - 1;
                    self.walk(grid, lexicon, class, neighbour, child, used);
                }
            }
        }
        if free {
            self.sorted.copy_within(place + 1..len + 1, place);
            self.sorted_len = len;
            self.trail_len = self.trail_len.min(place);
        }
    }

    /// The draft sum node the current path's sorted steps lead to, added
    /// when missing: from the deepest node of the trail still known.
    fn end(&mut self, grid: &Grid) -> u32 {
        for index in self.trail_len..self.sorted_len {
            let (rank, letter) = self.sorted[index];
            let choice = self.child(self.trail[index], grid.order[usize::from(rank)] as u8);
            self.trail[index + 1] = self.child(choice, letter);
        }
        self.trail_len = self.sorted_len;
        self.trail[self.sorted_len]
    }

    /// The draft child of `parent` keyed `key`, added when missing.
    fn child(&mut self, parent: u32, key: u8) -> u32 {
        let mut child = self.drafts[parent as usize].first_child;
        while child != NONE {
            if self.drafts[child as usize].key == key {
                return child;
            }
            child = self.drafts[child as usize].next_sibling;
        }
        let id = self.drafts.len() as u32;
        let first = self.drafts[parent as usize].first_child;
        self.drafts.push(Draft {
            key,
            points: 0,
            first_child: NONE,
            next_sibling: first,
        });
        self.drafts[parent as usize].first_child = id;
        id
    }
}
