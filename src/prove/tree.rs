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

use super::grid::{Grid, MAX_CELLS};
use super::lexicon::Lexicon;

/// No node.
const NONE: u32 = u32::MAX;

/// [`End::fixed`] of a path that counts on its own.
const ALONE: u32 = u32::MAX;

/// [`End::word`] of a path [`drop_covered`] has dropped: no node of the
/// lexicon has this id.
const DROPPED: u32 = u32::MAX;

/// One path that spells a word, as the build gathers them: its steps on
/// free cells, and the word's points. A class's paths are most of a
/// proof's memory and the build reads and moves them level by level, so
/// their size counts: [`End16`] holds the paths of grids of up to 16 cells
/// in 24 bytes, [`End25`] those of any grid in 32.
pub trait End: Copy + Send + std::fmt::Debug + 'static {
    /// The most cells of a grid whose paths it holds.
    const MOST_CELLS: usize;
    /// The most points of a word it holds.
    const MOST_POINTS: u32;

    fn new(ranks: u32, letters: u128, points: u32, word: u32, fixed: u32) -> Self;

    /// The fields both layouts keep alike.
    fn shared(&self) -> &Shared;
    fn shared_mut(&mut self) -> &mut Shared;
    /// The letter at the cell of each rank, five bits per rank (rank `r`
    /// at bit `5 r`); only the ranks in [`Shared::ranks`] mean
    /// anything.
    fn letters(&self) -> u128;
    /// The letter at the cell of rank `rank`.
    #[inline]
    fn letter(&self, rank: u32) -> u32 {
        (self.letters() >> (5 * rank)) as u32 & 31
    }
    fn points(&self) -> u32;

    /// Where [`TreeBuilder::sort_by_step`] puts the path at a node below
    /// the steps of ranks under `from`: 0 when it has no step left (it
    /// ends there), else one more than its next step's rank and letter as
    /// one number, `rank << 5 | letter`, which orders steps as the tree
    /// orders its children: by rank, then by letter.
    #[inline]
    fn bucket(&self, from: u32) -> usize {
        let rest = self.shared().ranks & u32::MAX << from;
        if rest == 0 {
            0
        } else {
            let rank = rest.trailing_zeros();
            1 + (rank << 5 | self.letter(rank)) as usize
        }
    }
}

/// What both layouts of a path hold alike.
#[derive(Clone, Copy, Debug)]
pub struct Shared {
    /// The ranks of the path's free cells, a bit per rank. A node of the
    /// build below the steps of ranks under `from` sees only those from
    /// `from` on: the lowest of them is the path's next step.
    ranks: u32,
    /// The word's node in the lexicon ([`DROPPED`] once dropped).
    word: u32,
    /// For a word with a letter twice, the fixed cells of the path, to
    /// count the word once among its paths over the same steps and the same
    /// fixed cells; [`ALONE`] for any other word, which no other path
    /// repeats. (In [`TreeBuilder::kept`], whether the path lost a step at
    /// the last force instead: 1 if so, 0 if not.)
    fixed: u32,
}

/// A path of a grid of up to 16 cells, in 24 bytes: the letters of ranks
/// 0 to 11 in one word, those of ranks 12 to 15 and the points in another,
/// so that a letter is read from one word or the other without 128-bit
/// shifts (the build reads a path's next letter at every level).
#[derive(Clone, Copy, Debug)]
pub struct End16 {
    low: u64,
    shared: Shared,
    /// The letters of ranks 12 to 15 in the low 20 bits, the points in
    /// the top 8.
    high: u32,
}

impl End16 {
    /// The ranks whose letters [`End16::low`] holds.
    const LOW_RANKS: u32 = 12;
    const LOW_BITS: u32 = 5 * Self::LOW_RANKS;
    const HIGH_BITS: u32 = 5 * (16 - Self::LOW_RANKS);
    const POINTS_SHIFT: u32 = 24;
}

impl End for End16 {
    const MOST_CELLS: usize = 16;
    const MOST_POINTS: u32 = u8::MAX as u32;

    #[inline]
    fn new(ranks: u32, letters: u128, points: u32, word: u32, fixed: u32) -> End16 {
        debug_assert!(letters >> 80 == 0 && points <= Self::MOST_POINTS);
        End16 {
            low: letters as u64 & ((1 << Self::LOW_BITS) - 1),
            shared: Shared { ranks, word, fixed },
            high: (letters >> Self::LOW_BITS) as u32 & ((1 << Self::HIGH_BITS) - 1)
                | points << Self::POINTS_SHIFT,
        }
    }
    #[inline]
    fn shared(&self) -> &Shared {
        &self.shared
    }
    #[inline]
    fn shared_mut(&mut self) -> &mut Shared {
        &mut self.shared
    }
    #[inline]
    fn letters(&self) -> u128 {
        let high = self.high & ((1 << Self::HIGH_BITS) - 1);
        u128::from(high) << Self::LOW_BITS | u128::from(self.low)
    }
    #[inline]
    fn letter(&self, rank: u32) -> u32 {
        let (bits, shift) = if rank < Self::LOW_RANKS {
            (self.low, 5 * rank)
        } else {
            (u64::from(self.high), 5 * (rank - Self::LOW_RANKS))
        };
        (bits >> shift) as u32 & 31
    }
    #[inline]
    fn points(&self) -> u32 {
        self.high >> Self::POINTS_SHIFT
    }
}

const _: () = assert!(std::mem::size_of::<End16>() == 24);

/// A path of any grid the proof takes ([`MAX_CELLS`]), in 32 bytes.
#[derive(Clone, Copy, Debug)]
pub struct End25 {
    shared: Shared,
    points: u32,
    letters: u128,
}

impl End for End25 {
    const MOST_CELLS: usize = MAX_CELLS;
    const MOST_POINTS: u32 = u32::MAX;

    #[inline]
    fn new(ranks: u32, letters: u128, points: u32, word: u32, fixed: u32) -> End25 {
        End25 {
            shared: Shared { ranks, word, fixed },
            points,
            letters,
        }
    }
    #[inline]
    fn shared(&self) -> &Shared {
        &self.shared
    }
    #[inline]
    fn shared_mut(&mut self) -> &mut Shared {
        &mut self.shared
    }
    #[inline]
    fn letters(&self) -> u128 {
        self.letters
    }
    #[inline]
    fn points(&self) -> u32 {
        self.points
    }
}

const _: () = assert!(std::mem::size_of::<End25>() == 32);

/// The buckets of a sort by step ([`End::bucket`]).
const BUCKETS: usize = 1 + MAX_CELLS * 32;

/// The most paths [`TreeBuilder::sort_few`] sorts: below, counting costs
/// more than it saves (a pass over every bucket).
const FEW: usize = 64;

// `sort_few` keeps a path's place in the low eight bits of a number.
const _: () = assert!(FEW <= 256);

/// The most paths [`TreeBuilder::sort_apart`] sorts, so that its second
/// array stays small beside the paths; more are sorted in place.
const SORT_APART: usize = 1 << 20;

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

/// A child of the union of two lists of children, by its place in the
/// arena.
#[derive(Clone, Copy, Debug)]
enum Union {
    /// A child of the first list alone.
    Left(usize),
    /// A child of the second list alone.
    Right(usize),
    /// A child of each list, of the same key.
    Both(usize, usize),
}

/// The paths of one bucket of a sort by step ([`End::bucket`]), which end
/// before `end` and start where the run before ends.
#[derive(Clone, Copy, Debug)]
struct Run {
    bucket: u16,
    end: u32,
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
            end.shared_mut().fixed = 0;
            end
        }));
        kept.sort_unstable_by_key(|end| end.shared().word);
        drop_covered(kept, false, &mut self.group);
    }

    /// The tree of the class of the paths `kept[depth]` (the class last
    /// kept for depth 0, that of the `depth`-th rebuild since for the
    /// others) with `cell`, its first free cell in the order, fixed to
    /// `letter`, made afresh from those paths: the ones through the cell
    /// with another letter dropped, the cell's step taken off the others,
    /// and then every path covered by another path of its word dropped
    /// ([`drop_covered`]).
    /// Tighter than [`force`](Self::force), which keeps every path, and
    /// dearer: it sorts all the paths again. Returns the new root; its
    /// paths become `kept[depth + 1]`.
    pub fn force_rebuilt(&mut self, depth: usize, cell: usize, letter: u32) -> u32 {
        let rank = u32::from(self.rank[cell]);
        if self.kept.len() < depth + 2 {
            self.kept.resize_with(depth + 2, Vec::new);
        }
        let (parents, children) = self.kept.split_at_mut(depth + 1);
        let (from, to) = (&parents[depth], &mut children[0]);
        to.clear();
        for end in from {
            let mut end = *end;
            end.shared_mut().fixed = 0;
            if end.shared().ranks & 1 << rank != 0 {
                if end.letter(rank) != letter {
                    continue;
                }
                end.shared_mut().ranks &= !(1 << rank);
                end.shared_mut().fixed = 1;
            }
            to.push(end);
        }
        drop_covered(to, true, &mut self.group);
        self.ends.clear();
        self.ends.extend(to.iter().map(|&end| {
            let mut end = end;
            end.shared_mut().fixed = ALONE;
            end
        }));
        let len = self.ends.len();
        self.sum_node(0, len)
    }

    /// Makes the root whose paths are `ends[lo..hi]`, and everything
    /// under it; returns it.
    fn sum_node(&mut self, lo: usize, hi: usize) -> u32 {
        let id = self.reserve(1);
        self.fill_sum(id, lo, hi, 0, 0);
        id
    }

    /// Places for `count` nodes side by side, filled in later: a node's
    /// children lie together in the arena, so that reading them all (as
    /// merging and descending do) reads a few cache lines, not one each.
    fn reserve(&mut self, count: usize) -> u32 {
        let id = self.nodes.len() as u32;
        self.nodes.resize(
            self.nodes.len() + count,
            Node {
                key: 0,
                len: 0,
                points: 0,
                first: 0,
                value: 0,
            },
        );
        id
    }

    /// Makes, in the place `id`, the sum node keyed `key` whose paths are
    /// `ends[lo..hi]`, below the steps of ranks under `from`.
    fn fill_sum(&mut self, id: u32, lo: usize, hi: usize, key: u8, from: u32) {
        if hi - lo == 1 && self.chains {
            self.fill_chain(id, lo, key, from);
            return;
        }
        // The sort leaves the runs of paths of each bucket on top of the
        // stack of runs, where they stay while this node's children are
        // made above them.
        let base = self.runs.len();
        self.sort_by_step(lo, hi, from);
        let mut run = base;
        // The paths that end here come first.
        let mut at = lo;
        if self.runs.get(run).is_some_and(|run| run.bucket == 0) {
            at = self.runs[run].end as usize;
            run += 1;
        }
        let points = self.points(lo, at);
        // Each rank's runs lie together: one choice node per rank.
        let rank_of = |run: &Run| (run.bucket - 1) >> 5;
        let mut count = 0;
        let mut last = u16::MAX;
        for run in &self.runs[run..] {
            count += usize::from(rank_of(run) != last);
            last = rank_of(run);
        }
        let first = self.reserve(count);
        let mut value = u64::from(points);
        for index in 0..count {
            let rank = rank_of(&self.runs[run]);
            let mut next = run + 1;
            while next < self.runs.len() && rank_of(&self.runs[next]) == rank {
                next += 1;
            }
            self.fill_choice(first + index as u32, at, run..next, rank as u8);
            at = self.runs[next - 1].end as usize;
            run = next;
            value += u64::from(self.nodes[first as usize + index].value);
        }
        self.runs.truncate(base);
        self.finish(id, key, points, first, count, value);
    }

    /// [`fill_sum`](Self::fill_sum) for one path, `ends[at]`: a chain of
    /// nodes of one child each, a choice node and a sum node per step,
    /// laid out one after another as the general case lays them out.
    fn fill_chain(&mut self, id: u32, at: usize, key: u8, from: u32) {
        let end = self.ends[at];
        let mut ranks = end.shared().ranks & u32::MAX << from;
        let points = end.points();
        let steps = ranks.count_ones() as usize;
        let first = self.nodes.len();
        self.nodes.reserve(2 * steps);
        let mut node = Node {
            key,
            len: u8::from(steps > 0),
            points: if steps == 0 { points } else { 0 },
            first: first as u32,
            value: points,
        };
        self.nodes[id as usize] = node;
        while ranks != 0 {
            let rank = ranks.trailing_zeros();
            ranks &= ranks - 1;
            let next = self.nodes.len() as u32;
            // The choice node of the step, then its one letter.
            node = Node {
                key: rank as u8,
                len: 1,
                points: 0,
                first: next + 1,
                value: points,
            };
            self.nodes.push(node);
            let last = ranks == 0;
            node = Node {
                key: end.letter(rank) as u8,
                len: u8::from(!last),
                points: if last { points } else { 0 },
                // A leaf's children start where the arena ends, as
                // `reserve(0)` would have them.
                first: next + 2,
                value: points,
            };
            self.nodes.push(node);
        }
    }

    /// Makes, in the place `id`, the choice node of the cell of rank
    /// `rank` whose paths are `ends[lo..]`, sorted by step, one letter's
    /// after another as the `runs` say.
    fn fill_choice(&mut self, id: u32, lo: usize, runs: std::ops::Range<usize>, rank: u8) {
        let count = runs.len();
        let first = self.reserve(count);
        let mut value = 0u64;
        let mut lo = lo;
        for (index, run) in runs.enumerate() {
            let Run { bucket, end } = self.runs[run];
            let letter = ((bucket - 1) & 31) as u8;
            let child = first + index as u32;
            self.fill_sum(child, lo, end as usize, letter, u32::from(rank) + 1);
            value = value.max(u64::from(self.nodes[child as usize].value));
            lo = end as usize;
        }
        self.finish(id, rank, 0, first, count, value);
    }

    /// Writes the node `id`, whose children are the `count` nodes from
    /// `first` on.
    fn finish(&mut self, id: u32, key: u8, points: u32, first: u32, count: usize, value: u64) {
        debug_assert!(
            count <= MAX_CELLS.max(32),
            "a node has at most a child per rank or letter"
        );
        self.nodes[id as usize] = Node {
            key,
            len: count as u8,
            points,
            first,
            value: value.min(u64::from(u32::MAX)) as u32,
        };
    }

    /// The points of the words of `ends[lo..hi]`, all ending at one node: a
    /// word with a letter twice counts once among the paths with the same
    /// fixed cells.
    fn points(&mut self, lo: usize, hi: usize) -> u32 {
        let ends = &mut self.ends[lo..hi];
        let mut points = 0;
        if ends.iter().all(|end| end.shared().fixed == ALONE) {
            return ends.iter().map(|end| end.points()).sum();
        }
        ends.sort_unstable_by_key(|end| (end.shared().word, end.shared().fixed));
        for (index, end) in ends.iter().enumerate() {
            let repeated = index > 0
                && end.shared().fixed != ALONE
                && (end.shared().word, end.shared().fixed)
                    == (
                        ends[index - 1].shared().word,
                        ends[index - 1].shared().fixed,
                    );
            if !repeated {
                points += end.points();
            }
        }
        points
    }

    /// Sorts `ends[lo..hi]` by their next step at or after the rank
    /// `from` (the paths that end first), and pushes onto [`Self::runs`]
    /// where each bucket's paths end, in order, for every bucket that has
    /// any: by the standard sort when there are few paths, by counting
    /// into a second array up to [`SORT_APART`] paths, by counting in
    /// place above.
    fn sort_by_step(&mut self, lo: usize, hi: usize, from: u32) {
        if hi - lo <= FEW {
            self.sort_few(lo, hi, from);
        } else if hi - lo <= SORT_APART {
            self.sort_apart(lo, hi, from);
        } else {
            self.sort_in_place(lo, hi, from);
        }
    }

    /// [`sort_by_step`](Self::sort_by_step) of up to [`FEW`] paths by the
    /// standard sort, of numbers rather than paths: each path's bucket
    /// and place as one number, sorted, and the paths copied in that
    /// order (sorting the paths themselves reads a path's step at every
    /// comparison, and moves 24 or 32 bytes at every step of the sort).
    fn sort_few(&mut self, lo: usize, hi: usize, from: u32) {
        debug_assert!(hi - lo <= FEW);
        let ends = &mut self.ends[lo..hi];
        let mut order = [0u32; FEW];
        let order = &mut order[..ends.len()];
        for (at, (order, end)) in order.iter_mut().zip(ends.iter()).enumerate() {
            *order = (end.bucket(from) as u32) << 8 | at as u32;
        }
        order.sort_unstable();
        self.few.clear();
        self.few
            .extend(order.iter().map(|&order| ends[(order & 0xff) as usize]));
        ends.copy_from_slice(&self.few);
        let mut at = 0;
        while at < order.len() {
            let bucket = order[at] >> 8;
            while at < order.len() && order[at] >> 8 == bucket {
                at += 1;
            }
            self.runs.push(Run {
                bucket: bucket as u16,
                end: (lo + at) as u32,
            });
        }
    }

    /// [`sort_by_step`](Self::sort_by_step) in place, bucket by bucket (no
    /// second array, which would cost as much memory as the paths): each
    /// path is swapped straight to the next free place of its bucket.
    fn sort_in_place(&mut self, lo: usize, hi: usize, from: u32) {
        let key = |end: &E| end.bucket(from);
        let ends = &mut self.ends[lo..hi];
        let mut next = [0u32; BUCKETS + 1];
        for end in ends.iter() {
            next[key(end) + 1] += 1;
        }
        for bucket in 1..next.len() {
            next[bucket] += next[bucket - 1];
        }
        // `next[b]` is where bucket `b`'s next path goes, and the bucket
        // ends where bucket `b + 1` starts.
        let mut end_of = [0u32; BUCKETS];
        end_of.copy_from_slice(&next[1..]);
        for bucket in 0..BUCKETS {
            let start = if bucket == 0 { 0 } else { end_of[bucket - 1] };
            while next[bucket] < end_of[bucket] {
                let at = next[bucket] as usize;
                let home = key(&ends[at]);
                if home == bucket {
                    next[bucket] += 1;
                } else {
                    ends.swap(at, next[home] as usize);
                    next[home] += 1;
                }
            }
            if end_of[bucket] > start {
                self.runs.push(Run {
                    bucket: bucket as u16,
                    end: lo as u32 + end_of[bucket],
                });
            }
        }
    }

    /// [`sort_by_step`](Self::sort_by_step) by counting into a second
    /// array and copying back: each path is read once in order and written
    /// once to its bucket, where sorting in place swaps paths all over the
    /// range and reads each one's step again at every swap.
    fn sort_apart(&mut self, lo: usize, hi: usize, from: u32) {
        let ends = &self.ends[lo..hi];
        let mut next = [0u32; BUCKETS + 1];
        self.keys.clear();
        self.keys.extend(ends.iter().map(|end| {
            let bucket = end.bucket(from);
            next[bucket + 1] += 1;
            bucket as u16
        }));
        let mut start = lo as u32;
        for bucket in 0..BUCKETS {
            let count = next[bucket + 1];
            next[bucket] = start - lo as u32;
            if count > 0 {
                start += count;
                self.runs.push(Run {
                    bucket: bucket as u16,
                    end: start,
                });
            }
        }
        if self.apart.len() < ends.len() {
            self.apart.resize(ends.len(), ends[0]);
        }
        for (end, &bucket) in ends.iter().zip(&self.keys) {
            let at = &mut next[usize::from(bucket)];
            self.apart[*at as usize] = *end;
            *at += 1;
        }
        self.ends[lo..hi].copy_from_slice(&self.apart[..hi - lo]);
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

    /// The tree of the class of `root` with `cell` fixed to `letter`: the
    /// cell's choice node, which can only be a child of the root since the
    /// cell must be the first free one in the fixing order, gives way to
    /// its `letter` child merged into the root. Returns the new root (the
    /// same one when no path goes through the cell).
    pub fn force(&mut self, root: u32, cell: usize, letter: u32) -> u32 {
        let top = self.nodes[root as usize];
        let Some(choice) = self.find(top, self.rank[cell]) else {
            return root;
        };
        let option = self.find(self.nodes[choice as usize], letter as u8);
        let (points, right) = match option {
            Some(option) => {
                let option = self.nodes[option as usize];
                (option.points, option.children())
            }
            None => (0, 0..0),
        };
        let id = self.reserve(1);
        let (first, count, value) = self.merge_children(top.children(), choice, right, false);
        self.finish(
            id,
            top.key,
            top.points + points,
            first,
            count,
            value + u64::from(top.points + points),
        );
        id
    }

    /// The child of `node` keyed `key`.
    fn find(&self, node: Node, key: u8) -> Option<u32> {
        node.children()
            .find(|&child| self.nodes[child].key == key)
            .map(|child| child as u32)
    }

    /// Lays out side by side the union of two lists of children (each in
    /// increasing key, the node `skip` left out of the first): a child of
    /// one list alone is copied (it shares its own children), two children
    /// of the same key are merged into one. `sum` says whether the children
    /// are sum nodes. Returns where the union starts, its length, and the
    /// largest of the children's values (sum nodes, a choice node's
    /// children) or their sum (choice nodes, a sum node's).
    fn merge_children(
        &mut self,
        left: std::ops::Range<usize>,
        skip: u32,
        right: std::ops::Range<usize>,
        sum: bool,
    ) -> (u32, usize, u64) {
        // How many: the keys are side by side, so this costs a few lines.
        let (mut i, mut j, mut count) = (left.start, right.start, 0);
        while let Some(step) = self.union_step(&mut i, &mut j, &left, skip, &right) {
            count += 1;
            if let Union::Both(x, y) = step {
                // These two are merged below, which reads their children:
                // ask for them now, so that the misses of every pair
                // overlap.
                crate::prefetch::prefetch(&self.nodes, self.nodes[x].first as usize);
                crate::prefetch::prefetch(&self.nodes, self.nodes[y].first as usize);
            }
        }
        let first = self.reserve(count);
        let mut value = 0u64;
        let (mut i, mut j, mut at) = (left.start, right.start, first as usize);
        while let Some(step) = self.union_step(&mut i, &mut j, &left, skip, &right) {
            let node = match step {
                Union::Left(child) | Union::Right(child) => self.nodes[child],
                Union::Both(x, y) => self.merge(self.nodes[x], self.nodes[y], sum),
            };
            self.nodes[at] = node;
            at += 1;
            // Sum nodes are a choice node's children, choice nodes a sum
            // node's.
            let child = u64::from(node.value);
            value = if sum { value.max(child) } else { value + child };
        }
        debug_assert_eq!(at, first as usize + count, "the union filled as counted");
        (first, count, value)
    }

    /// The next child of the union of the lists `left` (without `skip`)
    /// and `right`, at `*i` and `*j`, which it moves past it: a child of
    /// one list alone, or one of each with the same key.
    #[inline]
    fn union_step(
        &self,
        i: &mut usize,
        j: &mut usize,
        left: &std::ops::Range<usize>,
        skip: u32,
        right: &std::ops::Range<usize>,
    ) -> Option<Union> {
        if *i < left.end && *i == skip as usize {
            *i += 1;
        }
        let step = match (*i < left.end, *j < right.end) {
            (false, false) => return None,
            (true, false) => Union::Left(*i),
            (false, true) => Union::Right(*j),
            (true, true) => match self.nodes[*i].key.cmp(&self.nodes[*j].key) {
                std::cmp::Ordering::Less => Union::Left(*i),
                std::cmp::Ordering::Greater => Union::Right(*j),
                std::cmp::Ordering::Equal => Union::Both(*i, *j),
            },
        };
        match step {
            Union::Left(_) => *i += 1,
            Union::Right(_) => *j += 1,
            Union::Both(..) => {
                *i += 1;
                *j += 1;
            }
        }
        Some(step)
    }

    /// The merge of two nodes of the same key, sum nodes if `sum`, else
    /// choice nodes: its children are laid out in the arena, and the node
    /// itself is returned, to be written where its parent wants it.
    fn merge(&mut self, x: Node, y: Node, sum: bool) -> Node {
        if sum && (x.len == 0 || y.len == 0) {
            // A sum node without children adds its points, and the other's
            // children serve as they are.
            let (leaf, other) = if x.len == 0 { (x, y) } else { (y, x) };
            return Node {
                points: other.points + leaf.points,
                value: other.value.saturating_add(leaf.points),
                ..other
            };
        }
        let (first, count, value) = self.merge_children(x.children(), NONE, y.children(), !sum);
        let points = x.points + y.points;
        Node {
            key: x.key,
            len: count as u8,
            points,
            first,
            value: (value + u64::from(points)).min(u64::from(u32::MAX)) as u32,
        }
    }

    /// Gathers the paths that start at `cell`, below the lexicon's
    /// `node`, with the cell's `letters` (the node's next letters the
    /// class allows there, never none), the cells `used` taken before.
    /// A neighbour none of whose letters goes on is not visited: most
    /// would return at once, and a call costs more than the test. The
    /// letters come from the caller, which has them, rather than read
    /// again here: on the 3×4 sample, reading them again ran 0.98 and
    /// 1.00 times as fast (docs/proofs.md), hence an eighth argument.
    #[allow(clippy::too_many_arguments)]
    fn walk(
        &mut self,
        grid: &Grid,
        lexicon: &Lexicon,
        class: &[u32],
        cell: usize,
        node: u32,
        letters: u32,
        used: u32,
    ) {
        let used = used | 1 << cell;
        let mut letters = letters;
        let free = self.fixed & 1 << cell == 0;
        let rank = u32::from(self.rank[cell]);
        let (ranks, steps) = (self.ranks, self.letters);
        if free {
            self.ranks |= 1 << rank;
        }
        let around = grid.neighbours[cell] & !used;
        while letters != 0 {
            let letter = letters.trailing_zeros();
            letters &= letters - 1;
            let child = lexicon.child(node, letter);
            if free {
                self.letters = steps & !(31 << (5 * rank)) | u128::from(letter) << (5 * rank);
            }
            let points = lexicon.points(child);
            if points > 0 {
                // Only a word with a letter twice can come again along
                // another path over the same steps.
                let repeats = lexicon.repeats(child);
                self.ends.push(E::new(
                    self.ranks,
                    self.letters,
                    points,
                    child,
                    if repeats { used & self.fixed } else { ALONE },
                ));
            }
            let after = lexicon.mask(child);
            if after != 0 && self.ends.len() <= self.most {
                let mut next = around;
                while next != 0 {
                    let neighbour = next.trailing_zeros() as usize;
                    next &= next - 1;
                    let letters = after & class[neighbour];
                    if letters != 0 {
                        self.walk(grid, lexicon, class, neighbour, child, letters, used);
                    }
                }
            }
        }
        self.ranks = ranks;
        self.letters = steps;
    }

    /// Gathers every path of `class` that spells a word into `ends`.
    fn walk_all(&mut self, grid: &Grid, lexicon: &Lexicon, class: &[u32]) {
        let root = lexicon.mask(Lexicon::ROOT);
        for (cell, &allowed) in class.iter().enumerate().take(grid.cells()) {
            let letters = root & allowed;
            if letters != 0 {
                self.walk(grid, lexicon, class, cell, Lexicon::ROOT, letters, 0);
            }
        }
    }
}

/// The cells `class` fixes to one letter, a bit per cell.
fn fixed_cells(class: &[u32]) -> u32 {
    class
        .iter()
        .enumerate()
        .filter(|(_, set)| set.count_ones() == 1)
        .fold(0, |fixed, (cell, _)| fixed | 1 << cell)
}

/// Drops every path of a word whose steps include all the steps of
/// another path of the same word (of two with the same steps, the second):
/// on any board that takes its steps, the other path is there too, and the
/// word counts once. `ends` are sorted by word, and stay so. With `shrunk`,
/// only the paths marked (`fixed == 1`) are compared with the others: the
/// ones that lost a step since the last time. `ranks` is scratch.
fn drop_covered<E: End>(ends: &mut Vec<E>, shrunk: bool, ranks: &mut Vec<u32>) {
    let mut any = false;
    let mut lo = 0;
    while lo < ends.len() {
        let word = ends[lo].shared().word;
        let mut hi = lo + 1;
        while hi < ends.len() && ends[hi].shared().word == word {
            hi += 1;
        }
        let group = &mut ends[lo..hi];
        lo = hi;
        if group.len() == 1 {
            continue;
        }
        // The cells of each path, apart, so that the paths whose cells
        // include another's are found 64 at a time.
        ranks.clear();
        ranks.extend(group.iter().map(|end| end.shared().ranks));
        for a in 0..group.len() {
            let x = group[a];
            if x.shared().word == DROPPED || (shrunk && x.shared().fixed == 0) {
                continue;
            }
            // The bits of the letters of `x`'s steps: `x` covers `y` when
            // `y` takes every step of `x`, with the same letters.
            let mut steps = 0u128;
            let mut rest = x.shared().ranks;
            while rest != 0 {
                steps |= 31 << (5 * rest.trailing_zeros());
                rest &= rest - 1;
            }
            for (chunk, masks) in ranks.chunks(64).enumerate() {
                let mut wider = 0u64;
                for (bit, &cells) in masks.iter().enumerate() {
                    wider |= u64::from(x.shared().ranks & !cells == 0) << bit;
                }
                while wider != 0 {
                    let b = chunk * 64 + wider.trailing_zeros() as usize;
                    wider &= wider - 1;
                    let y = &mut group[b];
                    if b != a
                        && y.shared().word != DROPPED
                        && (x.letters() ^ y.letters()) & steps == 0
                    {
                        y.shared_mut().word = DROPPED;
                        any = true;
                    }
                }
            }
        }
    }
    if any {
        ends.retain(|end| end.shared().word != DROPPED);
    }
}

/// The scratch of [`TreeBuilder::descend`]: the choice nodes still to
/// choose in, by the rank of their cell, and the positions of the ones
/// being chosen in.
#[derive(Debug, Default)]
pub struct Pending {
    stacks: Vec<Vec<u32>>,
    /// Per choice node of the cell being fixed: its next child and its
    /// end, in the arena.
    cursors: Vec<(u32, u32)>,
    /// `letters[r][l]`: the values of the children of letter `l` of the
    /// pending choice nodes of rank `r`, added up; the largest is what the
    /// cell of rank `r` can give at most. Kept up to date as choice nodes
    /// join and leave the pending.
    letters: Vec<[u64; 32]>,
}

impl Pending {
    /// The most the pending choice nodes of rank `rank` give with one
    /// letter for them all.
    #[inline]
    fn best(&self, rank: usize) -> u64 {
        self.letters[rank].iter().copied().max().unwrap_or(0)
    }
}

impl<E: End> TreeBuilder<E> {
    /// Splits the class of the tree `root` by fixing its free cells in the
    /// fixing order, without making new trees: fixing a cell to a letter
    /// takes that letter's child of each of the cell's choice nodes, whose
    /// points count from then on and whose choice nodes join the ones
    /// pending. The bound of a narrower class is its points plus, for each
    /// free cell, the most its pending choice nodes give with one letter
    /// for them all (their children of that letter's values added up; the
    /// looser sum of their values is tried first, as it costs less): at
    /// least the value of the tree forcing would make, which merges those
    /// children into one (a maximum of sums is at most the sum of the
    /// maximums), and so at least the score of every board in it. Calls
    /// `board` for every board of the class whose bound reaches `min`, and
    /// returns how many bounds it computed.
    pub fn descend(
        &self,
        pending: &mut Pending,
        grid: &Grid,
        class: &mut [u32],
        root: u32,
        min: u64,
        board: &mut dyn FnMut(&[u32]),
    ) -> u64 {
        pending.stacks.resize_with(grid.cells(), Vec::new);
        for stack in &mut pending.stacks {
            stack.clear();
        }
        pending.cursors.clear();
        pending.letters.clear();
        pending.letters.resize(grid.cells(), [0; 32]);
        let mut sums = [0u64; MAX_CELLS];
        let points = self.advance(pending, &mut sums, root);
        let mut walk = Descent {
            tree: self,
            pending,
            grid,
            min,
            bounds: 0,
            board,
        };
        walk.step(class, 0, u64::from(points), sums);
        walk.bounds
    }

    /// Takes the sum node `node`'s points and puts its choice nodes among
    /// the pending, their values in `sums` and their children's in
    /// [`Pending::letters`].
    #[inline]
    fn advance(&self, pending: &mut Pending, sums: &mut [u64; MAX_CELLS], node: u32) -> u32 {
        let node = self.nodes[node as usize];
        for choice in node.children() {
            let choice = choice as u32;
            let choice_node = &self.nodes[choice as usize];
            let rank = usize::from(choice_node.key);
            pending.stacks[rank].push(choice);
            sums[rank] += u64::from(choice_node.value);
            let row = &mut pending.letters[rank];
            for (letter, value) in self.letter_values(choice) {
                row[letter] += value;
            }
        }
        node.points
    }

    /// Takes the children of the choice nodes `choices` out of `row`, as
    /// they leave the pending.
    #[inline]
    fn retract(&self, row: &mut [u64; 32], choices: &[u32]) {
        for &choice in choices {
            for (letter, value) in self.letter_values(choice) {
                row[letter] -= value;
            }
        }
    }

    /// The letter and value of each child of the choice node `choice`.
    #[inline]
    fn letter_values(&self, choice: u32) -> impl Iterator<Item = (usize, u64)> + '_ {
        self.nodes[self.nodes[choice as usize].children()]
            .iter()
            .map(|child| (usize::from(child.key), u64::from(child.value)))
    }
}

/// One [`TreeBuilder::descend`] under way.
struct Descent<'a, E: End> {
    tree: &'a TreeBuilder<E>,
    pending: &'a mut Pending,
    grid: &'a Grid,
    min: u64,
    bounds: u64,
    board: &'a mut dyn FnMut(&[u32]),
}

impl<E: End> Descent<'_, E> {
    /// Bounds the class whose cells of rank below `from` are fixed, with
    /// `points` counted and the pending choice nodes worth `sums` by rank;
    /// splits it on the next free cell when the bound reaches the target.
    fn step(&mut self, class: &mut [u32], from: usize, points: u64, sums: [u64; MAX_CELLS]) {
        let cells = self.grid.cells();
        let bound = points + sums[from..cells].iter().sum::<u64>();
        let next = (from..cells).find(|&rank| class[self.grid.order[rank]].count_ones() > 1);
        let Some(rank) = next else {
            if bound >= self.min {
                (self.board)(class);
            }
            return;
        };
        self.bounds += 1;
        if bound < self.min {
            return;
        }
        // A cell takes one letter on a board, in every choice node of it:
        // the cell's pending choice nodes are worth at most their children
        // of one letter, the best, added up, not the sum of each one's best
        // (which the bound above counts). Tightened rank by rank until the
        // class is ruled out.
        let mut tight = bound;
        for (r, &sum) in sums.iter().enumerate().take(cells).skip(rank) {
            if self.pending.stacks[r].len() > 1 {
                tight -= sum - self.pending.best(r);
                if tight < self.min {
                    return;
                }
            }
        }
        // The same without this cell (a lone choice node's value is its
        // best child's, so its best letter is what the bound counted): a
        // letter whose children here add up to less than the target less
        // this cannot reach it, and is not taken.
        let others = tight - self.pending.best(rank);
        let cell = self.grid.order[rank];
        let tree = self.tree;
        // Taking a letter pushes only choice nodes of the cells after this
        // one (a path's steps are in rank order), so only their stacks
        // need cutting back after.
        let mut lengths = [0u32; MAX_CELLS];
        for (length, stack) in lengths[rank + 1..cells]
            .iter_mut()
            .zip(&self.pending.stacks[rank + 1..cells])
        {
            *length = stack.len() as u32;
        }
        let cursor_base = self.pending.cursors.len();
        for &choice in &self.pending.stacks[rank] {
            let node = tree.nodes[choice as usize];
            self.pending
                .cursors
                .push((node.first, node.first + u32::from(node.len)));
        }
        let letters = class[cell];
        let mut rest = letters;
        while rest != 0 {
            let letter = rest.trailing_zeros();
            rest &= rest - 1;
            if others + self.pending.letters[rank][letter as usize] < self.min {
                self.bounds += 1;
                continue;
            }
            let mut sums = sums;
            sums[rank] = 0;
            let mut gained = 0u64;
            // Each choice node's children are in increasing letter, as the
            // letters are taken, so a cursor moves forward only.
            for index in cursor_base..self.pending.cursors.len() {
                let (mut at, end) = self.pending.cursors[index];
                while at < end {
                    let key = u32::from(tree.nodes[at as usize].key);
                    if key > letter {
                        break;
                    }
                    if key == letter {
                        gained += u64::from(tree.advance(self.pending, &mut sums, at));
                    }
                    at += 1;
                }
                self.pending.cursors[index].0 = at;
            }
            class[cell] = 1 << letter;
            self.step(class, rank + 1, points + gained, sums);
            for (r, &length) in lengths.iter().enumerate().take(cells).skip(rank + 1) {
                let stack = &mut self.pending.stacks[r];
                if stack.len() > length as usize {
                    tree.retract(&mut self.pending.letters[r], &stack[length as usize..]);
                }
                stack.truncate(length as usize);
            }
        }
        class[cell] = letters;
        self.pending.cursors.truncate(cursor_base);
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

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    proptest! {
        /// Sorting a range of paths by their next step, each of the three
        /// ways, puts them in the order of that step (the paths that end
        /// first), keeps every path and tells where each step's paths end:
        /// checked against the standard sort, on ranges of every size up
        /// to 600 paths.
        #[test]
        fn paths_sort_by_step(
            paths in prop::collection::vec((any::<u32>(), any::<u128>(), 0u32..4), 1..600),
            ended in 0usize..8,
            from in 0u32..6,
        ) {
            sorts_by_step::<End16>(&paths, ended, from)?;
            sorts_by_step::<End25>(&paths, ended, from)?;
        }

        /// Both layouts give back what they were given.
        #[test]
        fn paths_keep_their_fields(
            ranks in 0u32..1 << 16,
            letters in 0u128..1 << 80,
            points in 0u32..=255,
            word in any::<u32>(),
            fixed in any::<u32>(),
        ) {
            let narrow = End16::new(ranks, letters, points, word, fixed);
            let wide = End25::new(ranks, letters, points, word, fixed);
            let given = (ranks, letters, points, word, fixed);
            prop_assert_eq!((narrow.shared().ranks, narrow.letters(), narrow.points(), narrow.shared().word, narrow.shared().fixed), given);
            prop_assert_eq!((wide.shared().ranks, wide.letters(), wide.points(), wide.shared().word, wide.shared().fixed), given);
            for rank in 0..16 {
                prop_assert_eq!(narrow.letter(rank), wide.letter(rank));
            }
            for from in 0..16 {
                prop_assert_eq!(narrow.bucket(from), wide.bucket(from));
            }
        }
    }

    /// One of the ways to sort a range of paths by step.
    type Sort<E> = fn(&mut TreeBuilder<E>, usize, usize, u32);

    /// See `paths_sort_by_step`.
    fn sorts_by_step<E: End>(
        paths: &[(u32, u128, u32)],
        ended: usize,
        from: u32,
    ) -> Result<(), TestCaseError> {
        let ends = paths
            .iter()
            .enumerate()
            .map(|(index, &(ranks, letters, points))| {
                // A few paths with no step left, and few distinct steps, so
                // that buckets repeat.
                let ranks = if index % 8 < ended { 0 } else { ranks & 0x1f };
                E::new(ranks, letters & 0x3_1ce7_39ce, points, index as u32, ALONE)
            })
            .collect();
        let mut builder = TreeBuilder::<E> {
            ends,
            ..TreeBuilder::default()
        };
        let key = |end: &E| end.bucket(from);
        let mut expected = builder.ends.clone();
        expected.sort_by_key(|end| (key(end), end.shared().word));
        let len = builder.ends.len();
        // A run per bucket, where the bucket's last path is in the standard
        // sort.
        let runs: Vec<(usize, usize)> = (0..len)
            .filter(|&at| at + 1 == len || key(&expected[at]) != key(&expected[at + 1]))
            .map(|at| (key(&expected[at]), at + 1))
            .collect();
        let given = builder.ends.clone();
        let sorts: [Sort<E>; 3] = [
            |builder, lo, hi, from| {
                if hi - lo <= FEW {
                    builder.sort_few(lo, hi, from);
                } else {
                    builder.sort_apart(lo, hi, from);
                }
            },
            TreeBuilder::sort_apart,
            TreeBuilder::sort_in_place,
        ];
        for sort in sorts {
            builder.ends.clone_from(&given);
            builder.runs.clear();
            sort(&mut builder, 0, len, from);
            let made: Vec<(usize, usize)> = builder
                .runs
                .iter()
                .map(|run| (usize::from(run.bucket), run.end as usize))
                .collect();
            prop_assert_eq!(&made, &runs);
            sorted_as_expected(&builder.ends, &expected, key)?;
        }
        Ok(())
    }

    /// Whether `sorted` is in the order of `key` and holds the paths of
    /// `expected`.
    fn sorted_as_expected<E: End>(
        sorted: &[E],
        expected: &[E],
        key: impl Fn(&E) -> usize,
    ) -> Result<(), TestCaseError> {
        let mut sorted = sorted.to_vec();
        prop_assert!(sorted.windows(2).all(|pair| key(&pair[0]) <= key(&pair[1])));
        sorted.sort_by_key(|end| (key(end), end.shared().word));
        let fields = |ends: &[E]| -> Vec<(u32, u128, u32, u32)> {
            ends.iter()
                .map(|end| {
                    (
                        end.shared().ranks,
                        end.letters(),
                        end.points(),
                        end.shared().word,
                    )
                })
                .collect()
        };
        prop_assert_eq!(fields(&sorted), fields(expected));
        Ok(())
    }
}
