//! Fixing a tree's first free cell to a letter: by forcing (merging the
//! letter's subtree into the root, [`TreeBuilder::force`]) or by
//! rebuilding from the class's kept paths ([`TreeBuilder::force_rebuilt`]).

use super::{ALONE, DROPPED, End, NONE, Node, TreeBuilder};

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

impl<E: End> TreeBuilder<E> {
    /// The tree of the class of the paths `kept[depth]` (the class last
    /// kept for depth 0, that of the `depth`-th rebuild since for the
    /// others) with `cell`, its first free cell in the order, fixed to
    /// `letter`, made afresh from those paths: the ones through the cell
    /// with another letter dropped, the cell's step taken off the others,
    /// and then every path covered by another path of its word dropped
    /// (`drop_covered`).
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
            end.set_fixed(0);
            if end.ranks() & 1 << rank != 0 {
                if end.letter(rank) != letter {
                    continue;
                }
                end.set_ranks(end.ranks() & !(1 << rank));
                end.set_fixed(1);
            }
            to.push(end);
        }
        drop_covered(to, true, &mut self.group);
        self.ends.clear();
        self.ends.extend(to.iter().map(|&end| {
            let mut end = end;
            end.set_fixed(ALONE);
            end
        }));
        let len = self.ends.len();
        self.sum_node(0, len)
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
}

/// Drops every path of a word whose steps include all the steps of
/// another path of the same word (of two with the same steps, the second):
/// on any board that takes its steps, the other path is there too, and the
/// word counts once. `ends` are sorted by word, and stay so. With `shrunk`,
/// only the paths marked (`fixed == 1`) are compared with the others: the
/// ones that lost a step since the last time. `ranks` is scratch.
pub(super) fn drop_covered<E: End>(ends: &mut Vec<E>, shrunk: bool, ranks: &mut Vec<u32>) {
    let mut any = false;
    let mut lo = 0;
    while lo < ends.len() {
        let word = ends[lo].word();
        let mut hi = lo + 1;
        while hi < ends.len() && ends[hi].word() == word {
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
        ranks.extend(group.iter().map(|end| end.ranks()));
        for a in 0..group.len() {
            let x = group[a];
            if x.word() == DROPPED || (shrunk && x.fixed() == 0) {
                continue;
            }
            // The bits of the letters of `x`'s steps: `x` covers `y` when
            // `y` takes every step of `x`, with the same letters.
            let mut steps = 0u128;
            let mut rest = x.ranks();
            while rest != 0 {
                steps |= 31 << (5 * rest.trailing_zeros());
                rest &= rest - 1;
            }
            for (chunk, masks) in ranks.chunks(64).enumerate() {
                let mut wider = 0u64;
                for (bit, &cells) in masks.iter().enumerate() {
                    wider |= u64::from(x.ranks() & !cells == 0) << bit;
                }
                while wider != 0 {
                    let b = chunk * 64 + wider.trailing_zeros() as usize;
                    wider &= wider - 1;
                    let y = &mut group[b];
                    if b != a && y.word() != DROPPED && (x.letters() ^ y.letters()) & steps == 0 {
                        y.set_word(DROPPED);
                        any = true;
                    }
                }
            }
        }
    }
    if any {
        ends.retain(|end| end.word() != DROPPED);
    }
}
