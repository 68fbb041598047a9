//! Fixing cells without making anything: the descent
//! ([`TreeBuilder::descend`]).

use super::{End, Grid, MAX_CELLS, TreeBuilder};

/// The scratch of [`TreeBuilder::descend`]: the choice nodes still to
/// choose in, by the rank of their cell, and the positions of the ones
/// being chosen in.
#[derive(Debug, Default)]
pub struct Pending {
    stacks: Vec<Vec<u32>>,
    /// Per choice node of the cell being fixed: its next child and its
    /// end, in the arena.
    cursors: Vec<(u32, u32)>,
    /// The children of the letter being taken, of every choice node of
    /// the cell being fixed, before they are taken; empty between letters
    /// (so before each step deeper).
    taken: Vec<u32>,
    /// `letters[r][l]`: the values of the children of letter `l` of the
    /// first `counted[r]` pending choice nodes of rank `r`, added up; once
    /// every pending node is counted, the largest is what the cell of rank
    /// `r` can give at most. Counted only when a bound asks for it
    /// ([`Pending::count`]), and taken back as counted nodes leave the
    /// pending: a node that leaves before any bound asks for its cell
    /// never has its children read.
    letters: Vec<[u64; 32]>,
    counted: Vec<u32>,
}

impl Pending {
    /// The most the pending choice nodes of rank `rank` give with one
    /// letter for them all; they must be [counted](Pending::count).
    #[inline]
    fn best(&self, rank: usize) -> u64 {
        debug_assert_eq!(self.counted[rank] as usize, self.stacks[rank].len());
        self.letters[rank].iter().copied().max().unwrap_or(0)
    }

    /// Adds the children of the pending choice nodes of rank `rank` not
    /// yet counted to [`Pending::letters`].
    #[inline]
    fn count<E: End>(&mut self, tree: &TreeBuilder<E>, rank: usize) {
        let from = self.counted[rank] as usize;
        let stack = &self.stacks[rank];
        if from < stack.len() {
            // Every node's children are asked for first, so that their
            // misses overlap rather than come one after another.
            for &choice in &stack[from..] {
                let first = tree.nodes[choice as usize].first;
                crate::prefetch::prefetch(&tree.nodes, first as usize);
            }
            let row = &mut self.letters[rank];
            for &choice in &stack[from..] {
                for (letter, value) in tree.letter_values(choice) {
                    row[letter] += value;
                }
            }
            self.counted[rank] = stack.len() as u32;
        }
    }

    /// Cuts the pending choice nodes of rank `rank` back to the first
    /// `length`, taking the children of those counted out of
    /// [`Pending::letters`].
    #[inline]
    fn truncate<E: End>(&mut self, tree: &TreeBuilder<E>, rank: usize, length: usize) {
        let counted = self.counted[rank] as usize;
        if counted > length {
            let row = &mut self.letters[rank];
            for &choice in &self.stacks[rank][length..counted] {
                for (letter, value) in tree.letter_values(choice) {
                    row[letter] -= value;
                }
            }
            self.counted[rank] = length as u32;
        }
        self.stacks[rank].truncate(length);
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
        pending.counted.clear();
        pending.counted.resize(grid.cells(), 0);
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
    /// the pending, their values in `sums` (their children are counted by
    /// letter only when a bound asks, [`Pending::count`]).
    #[inline]
    fn advance(&self, pending: &mut Pending, sums: &mut [u64; MAX_CELLS], node: u32) -> u32 {
        let node = self.nodes[node as usize];
        for choice in node.children() {
            let choice = choice as u32;
            let choice_node = &self.nodes[choice as usize];
            let rank = usize::from(choice_node.key);
            pending.stacks[rank].push(choice);
            sums[rank] += u64::from(choice_node.value);
        }
        node.points
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
        let tree = self.tree;
        for (r, &sum) in sums.iter().enumerate().take(cells).skip(rank) {
            if self.pending.stacks[r].len() > 1 {
                self.pending.count(tree, r);
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
        self.pending.count(tree, rank);
        let others = tight - self.pending.best(rank);
        let cell = self.grid.order[rank];
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
            // letters are taken, so a cursor moves forward only. The
            // letter's children are found first and their own children
            // asked for, so that those misses overlap; then taken.
            for index in cursor_base..self.pending.cursors.len() {
                let (mut at, end) = self.pending.cursors[index];
                while at < end {
                    let key = u32::from(tree.nodes[at as usize].key);
                    if key > letter {
                        break;
                    }
                    if key == letter {
                        let first = tree.nodes[at as usize].first;
                        crate::prefetch::prefetch(&tree.nodes, first as usize);
                        self.pending.taken.push(at);
                    }
                    at += 1;
                }
                self.pending.cursors[index].0 = at;
            }
            for index in 0..self.pending.taken.len() {
                let at = self.pending.taken[index];
                gained += u64::from(tree.advance(self.pending, &mut sums, at));
            }
            self.pending.taken.clear();
            class[cell] = 1 << letter;
            self.step(class, rank + 1, points + gained, sums);
            for (r, &length) in lengths.iter().enumerate().take(cells).skip(rank + 1) {
                self.pending.truncate(tree, r, length as usize);
            }
        }
        class[cell] = letters;
        self.pending.cursors.truncate(cursor_base);
    }
}
