//! Making a class's tree: the walk gathers every path that spells a
//! word ([`TreeBuilder::walk_all`]), then the tree is made from the top
//! down, each node from the paths that share its steps, sorted by their
//! next step ([`TreeBuilder::sort_by_step`]).

use super::{ALONE, End, Grid, Lexicon, MAX_CELLS, Node, TreeBuilder};

/// The buckets of a sort by step ([`End::bucket`]).
const BUCKETS: usize = 1 + MAX_CELLS * 32;

/// The most paths [`TreeBuilder::sort_few`] sorts: below, counting costs
/// more than it saves (a pass over every bucket).
pub(super) const FEW: usize = 64;

// `sort_few` keeps a path's place in the low eight bits of a number.
const _: () = assert!(FEW <= 256);

/// The most paths [`TreeBuilder::sort_apart`] sorts, so that its second
/// array stays small beside the paths (96 MiB up to 16 cells, 128 MiB
/// above); more (a large class's root and the nodes just under it) are
/// sorted in place. Measured in CPU time, one thread (7 Dec 2026,
/// docs/proofs.md): 4 million against 1 million, two sets of seven parts
/// of the 3×4 proof, 153.8 s against 156.2 s and 125.2 s against
/// 128.9 s, at 38–79 MB more a part; two parts of the 4×4 proof, 69.6 s
/// against 73.2 s, at 7–18 MB more; 8 million, 155.5 s against 157.1 s
/// on the first seven 3×4 parts, at up to 185 MB more.
const SORT_APART: usize = 1 << 22;

/// The paths of one bucket of a sort by step ([`End::bucket`]), which end
/// before `end` and start where the run before ends.
#[derive(Clone, Copy, Debug)]
pub(super) struct Run {
    pub(super) bucket: u16,
    pub(super) end: u32,
}

impl<E: End> TreeBuilder<E> {
    /// Makes the root whose paths are `ends[lo..hi]`, and everything
    /// under it; returns it.
    pub(super) fn sum_node(&mut self, lo: usize, hi: usize) -> u32 {
        let id = self.reserve(1);
        self.fill_sum(id, lo, hi, 0, 0);
        id
    }

    /// Places for `count` nodes side by side, filled in later: a node's
    /// children lie together in the arena, so that reading them all (as
    /// merging and descending do) reads a few cache lines, not one each.
    pub(super) fn reserve(&mut self, count: usize) -> u32 {
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
        let mut ranks = end.ranks() & u32::MAX << from;
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
    pub(super) fn finish(
        &mut self,
        id: u32,
        key: u8,
        points: u32,
        first: u32,
        count: usize,
        value: u64,
    ) {
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
        if ends.iter().all(|end| end.fixed() == ALONE) {
            return ends.iter().map(|end| end.points()).sum();
        }
        ends.sort_unstable_by_key(|end| (end.word(), end.fixed()));
        for (index, end) in ends.iter().enumerate() {
            let repeated = index > 0
                && end.fixed() != ALONE
                && (end.word(), end.fixed()) == (ends[index - 1].word(), ends[index - 1].fixed());
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
    pub(super) fn sort_few(&mut self, lo: usize, hi: usize, from: u32) {
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
    pub(super) fn sort_in_place(&mut self, lo: usize, hi: usize, from: u32) {
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
    pub(super) fn sort_apart(&mut self, lo: usize, hi: usize, from: u32) {
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
    pub(super) fn walk_all(&mut self, grid: &Grid, lexicon: &Lexicon, class: &[u32]) {
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
pub(super) fn fixed_cells(class: &[u32]) -> u32 {
    class
        .iter()
        .enumerate()
        .filter(|(_, set)| set.count_ones() == 1)
        .fold(0, |fixed, (cell, _)| fixed | 1 << cell)
}
