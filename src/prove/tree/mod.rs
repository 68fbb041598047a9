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
//!
//! A node's children lie side by side in the arena, so that a merge or the
//! descent reads a node's children from a few cache lines instead of one
//! line each, scattered: the build reserves each node's children together
//! before it makes them, and a merge lays out each merged list afresh,
//! copying the 16 bytes of a child it shares (whose own children stay
//! where they are).
//!
//! Rebuilding ([`TreeBuilder::force_rebuilt`]) fixes the same cell by
//! making the narrower class's tree afresh from the class's paths, walked
//! again and kept aside ([`TreeBuilder::keep_paths`]), and drops each path
//! whose steps include all the steps of another path of the same word (on
//! a board that takes the first, the second is there too, and the word
//! counts once): a far tighter bound than forcing gives once a few cells
//! are fixed, at the cost of sorting every path again; the proof rebuilds
//! only in classes whose bounds stay very high.
//!
//! Descending ([`TreeBuilder::descend`]) fixes cells without making
//! anything: it keeps the choice nodes still to choose in, and a narrower
//! class's bound is the points taken so far plus, per free cell, the most
//! that cell's pending choice nodes give with one letter for them all.
//! That bound is looser than a forced tree's (which takes one letter for a
//! cell at every level below, too) but costs additions; the proof forces
//! while bounds are high and descends after.
//!
//! The files: `end.rs` holds the paths, `build.rs` walks them and makes
//! the tree, `force.rs` forces and rebuilds, `descend.rs` descends.

mod build;
mod descend;
mod end;
mod force;
#[cfg(test)]
mod tests;

pub use descend::Pending;
pub use end::{End, End12, End16, End25};

use super::grid::{Grid, MAX_CELLS};
use super::lexicon::Lexicon;
use build::{Run, fixed_cells};
use force::drop_covered;

/// No node.
const NONE: u32 = u32::MAX;

/// [`End::fixed`] of a path that counts on its own.
const ALONE: u32 = u32::MAX;

/// [`End::word`] of a path [`drop_covered`] has dropped: no node of the
/// lexicon has this id.
const DROPPED: u32 = u32::MAX;

/// A node of a finished tree, never changed once made: 16 bytes, four to
/// a cache line, as the forcing and the descent read nodes all over the
/// arena.
#[derive(Clone, Copy, Debug)]
struct Node {
    /// The letter of a sum node, the rank of a choice node's cell.
    key: u8,
    /// How many children: a sum node has one per rank, a choice node one
    /// per letter, each at most [`MAX_CELLS`] or 32.
    len: u8,
    /// The points of the words ending at a sum node; 0 for a choice node.
    points: u32,
    /// The children are the nodes `first..first + len`, side by side, in
    /// increasing key.
    first: u32,
    /// A sum node's points plus its children's values; a choice node's
    /// best child's value (0 without children). Held at `u32::MAX` when
    /// more: still above any score a board can have (a board's words
    /// score far less), so no class is ruled out that should not be.
    value: u32,
}

impl Node {
    /// The range of its children in [`TreeBuilder::nodes`].
    #[inline]
    fn children(&self) -> std::ops::Range<usize> {
        self.first as usize..self.first as usize + usize::from(self.len)
    }
}

/// A point of the arena to go back to: the trees made after it are
/// dropped, those made before it stay whole.
#[derive(Clone, Copy, Debug)]
pub struct Mark {
    nodes: usize,
}

/// A reusable builder of trees: the arena and scratch of one thread.
#[derive(Debug)]
pub struct TreeBuilder<E: End = End25> {
    /// Every path that spells a word, gathered by the walk and then put in
    /// the tree's order level by level.
    ends: Vec<E>,
    /// The current path's free cells' ranks and letters, as [`End`] keeps
    /// them.
    ranks: u32,
    letters: u128,
    /// The cells the class fixes to one letter.
    fixed: u32,
    /// The most paths the build gathers before it gives up.
    most: usize,
    /// The rank of each cell in the fixing order.
    rank: [u8; MAX_CELLS],
    /// The finished nodes of every tree alive.
    nodes: Vec<Node>,
    /// Scratch of [`drop_covered`].
    group: Vec<u32>,
    /// Scratch of [`TreeBuilder::sort_apart`]: the paths sorted, and their
    /// buckets.
    apart: Vec<E>,
    keys: Vec<u16>,
    /// Scratch of [`TreeBuilder::sort_few`].
    few: Vec<E>,
    /// The runs of the sorts of the nodes being made, a stack
    /// ([`TreeBuilder::sort_by_step`]).
    runs: Vec<Run>,
    /// The paths of the class last [kept](Self::keep_paths) (`kept[0]`),
    /// and of each tree [rebuilt](Self::force_rebuilt) from them since, by
    /// how many rebuilds made it; each list sorted by word and without a
    /// path covered by another ([`drop_covered`]).
    kept: Vec<Vec<E>>,
    /// Whether a node of one path is made by [`fill_chain`](Self::fill_chain)
    /// (always, but for the test that compares it with the general case).
    chains: bool,
}

impl<E: End> Default for TreeBuilder<E> {
    fn default() -> TreeBuilder<E> {
        TreeBuilder {
            ends: Vec::new(),
            ranks: 0,
            letters: 0,
            fixed: 0,
            most: 0,
            rank: [0; MAX_CELLS],
            nodes: Vec::new(),
            group: Vec::new(),
            apart: Vec::new(),
            keys: Vec::new(),
            few: Vec::new(),
            runs: Vec::new(),
            kept: vec![Vec::new()],
            chains: true,
        }
    }
}

impl<E: End> TreeBuilder<E> {
    /// Builds the tree of the class whose cell `c` may hold the letters set
    /// in `class[c]`, and returns its bound.
    pub fn bound(&mut self, grid: &Grid, lexicon: &Lexicon, class: &[u32]) -> u64 {
        let root = self.build(grid, lexicon, class, usize::MAX);
        self.value(root.unwrap_or(0))
    }

    /// Builds the tree of the class whose cell `c` may hold the letters set
    /// in `class[c]` (dropping every tree built before), and returns its
    /// root.
    ///
    /// The walk gathers every path that spells a word; the tree is then
    /// made from the top down, each node from the paths that share its
    /// steps, sorted by their next step so that each child's paths lie
    /// together.
    pub fn build(
        &mut self,
        grid: &Grid,
        lexicon: &Lexicon,
        class: &[u32],
        most: usize,
    ) -> Option<u32> {
        self.ends.clear();
        self.nodes.clear();
        for (rank, &cell) in grid.order.iter().enumerate() {
            self.rank[cell] = rank as u8;
        }
        self.ranks = 0;
        self.letters = 0;
        self.fixed = fixed_cells(class);
        self.most = most;
        self.walk_all(grid, lexicon, class);
        if self.ends.len() > most {
            return None;
        }
        Some(self.sum_node(0, self.ends.len()))
    }

    /// Keeps the paths of the class `class`, the tree built last's or one
    /// narrower (its cells fixed since by forcing), to
    /// [rebuild](Self::force_rebuilt) from: walks them again (most trees
    /// are never rebuilt, so the build keeps nothing), sorts them by word
    /// and drops every path covered by another.
    pub fn keep_paths(&mut self, grid: &Grid, lexicon: &Lexicon, class: &[u32]) {
        self.ends.clear();
        self.most = usize::MAX;
        self.fixed = fixed_cells(class);
        self.walk_all(grid, lexicon, class);
        // Copied, not swapped: the walk's array keeps its room for the
        // next class's paths, and the class's paths, fewer now that cells
        // are fixed, take only their own (two arrays each as large as the
        // most paths a class has would hold half a gigabyte more).
        let kept = &mut self.kept[0];
        kept.clear();
        kept.extend(self.ends.iter().map(|&end| {
            let mut end = end;
            end.set_fixed(0);
            end
        }));
        kept.sort_unstable_by_key(|end| end.word());
        drop_covered(kept, false, &mut self.group);
    }

    /// The bound the tree of `root` gives its class.
    pub fn value(&self, root: u32) -> u64 {
        u64::from(self.nodes[root as usize].value)
    }

    /// Where the arena stands, to [`release`](Self::release) what is made
    /// after.
    pub fn mark(&self) -> Mark {
        Mark {
            nodes: self.nodes.len(),
        }
    }

    /// Drops every tree made after `mark`.
    pub fn release(&mut self, mark: Mark) {
        self.nodes.truncate(mark.nodes);
    }
}

/// A node's fields, for the tests: key, children, points, first child,
/// value.
#[cfg(test)]
pub(crate) type NodeFields = (u8, u8, u32, u32, u32);

/// The tree of `class` built with and without
/// [`fill_chain`](TreeBuilder::fill_chain), node by node, for the tests.
#[cfg(test)]
pub(crate) fn trees_with_and_without_chains<E: End>(
    grid: &Grid,
    lexicon: &Lexicon,
    class: &[u32],
) -> (Vec<NodeFields>, Vec<NodeFields>) {
    let tree = |chains| {
        let mut builder = TreeBuilder::<E> {
            chains,
            ..TreeBuilder::default()
        };
        builder.build(grid, lexicon, class, usize::MAX);
        builder
            .nodes
            .iter()
            .map(|node| (node.key, node.len, node.points, node.first, node.value))
            .collect()
    };
    (tree(true), tree(false))
}
