//! Building a trie: [`TrieBuilder`] collects words in any order and freezes
//! them from sorted order into the image, which `ImageWriter` fills in
//! place.

use super::{Image, NODE_BYTES, Node, Trie, image_len, put_node, put_u32};
use crate::alphabet::Symbol;
use crate::mapped::advise_huge_pages;

/// A trie under construction: the words as they come, in any order and
/// with repeats, frozen at the end.
///
/// Freezing needs no node arena: sorted words give the trie's nodes in
/// depth-first order (a word adds one node per letter past its longest
/// common prefix with the word before it), and depth-first order, split by
/// depth, is breadth-first order, so each node's place in the image is known
/// when it is made.
#[derive(Clone, Debug, Default)]
pub struct TrieBuilder {
    /// Every word's symbol ids, one word after another.
    symbols: Vec<u8>,
    /// Where each word ends in `symbols`: word `i` is
    /// `symbols[ends[i - 1]..ends[i]]` (from 0 for the first).
    ends: Vec<usize>,
}

impl TrieBuilder {
    /// An empty builder: just the root.
    pub fn new() -> TrieBuilder {
        TrieBuilder::default()
    }

    /// An empty builder with room for `words` words of `symbols` symbols in
    /// all.
    pub fn with_capacity(words: usize, symbols: usize) -> TrieBuilder {
        TrieBuilder {
            symbols: Vec::with_capacity(symbols),
            ends: Vec::with_capacity(words),
        }
    }

    /// Adds `word`; adding a word twice is harmless.
    pub fn insert(&mut self, word: &[Symbol]) {
        self.symbols
            .extend(word.iter().map(|symbol| symbol.index() as u8));
        self.ends.push(self.symbols.len());
    }

    /// Freezes the trie into breadth-first order with lexicographic word ids.
    pub fn freeze(self) -> Trie {
        // Lists mostly come sorted, which the first pass finds out; others
        // are sorted first.
        let unique = self.unique(0..self.ends.len() as u32).unwrap_or_else(|| {
            let mut order: Vec<u32> = (0..self.ends.len() as u32).collect();
            order.sort_unstable_by(|&a, &b| self.word(a).cmp(self.word(b)));
            self.unique(order.into_iter()).unwrap_or_default()
        });
        // The first breadth-first index of each depth's nodes.
        let mut next_at_depth = vec![0usize; unique.depth_changes.len()];
        let (mut start, mut width) = (1usize, 0isize);
        for (depth, change) in unique.depth_changes.iter().enumerate().skip(1) {
            width += change;
            next_at_depth[depth] = start;
            start += width as usize;
        }
        let mut writer = ImageWriter::new(start, unique.words.len());
        let mut sections = writer.sections();
        sections.set_node(0, Node::EMPTY);
        // `path[d]` is the node at depth `d` on the current word's path.
        let mut path = vec![0u32; next_at_depth.len()];
        for (word_id, &(index, shared)) in unique.words.iter().enumerate() {
            let word = self.word(index);
            for depth in shared as usize + 1..=word.len() {
                let node = next_at_depth[depth];
                next_at_depth[depth] += 1;
                sections.set_node(node, Node::EMPTY);
                sections.add_child(path[depth - 1] as usize, word[depth - 1], node as u32);
                path[depth] = node as u32;
            }
            sections.set_word(path[word.len()] as usize, word_id as u32);
        }
        writer.finish()
    }

    /// Word `index` as inserted.
    fn word(&self, index: u32) -> &[u8] {
        let index = index as usize;
        let start = index.checked_sub(1).map_or(0, |before| self.ends[before]);
        &self.symbols[start..self.ends[index]]
    }

    /// The words taken in `order`, repeats left out, when that order is
    /// lexicographic; `None` when it is not.
    fn unique(&self, order: impl Iterator<Item = u32>) -> Option<Unique> {
        let mut unique = Unique {
            words: Vec::with_capacity(self.ends.len()),
            depth_changes: vec![0; 2],
        };
        let mut previous: &[u8] = &[];
        for (position, index) in order.enumerate() {
            let word = self.word(index);
            let shared = common_prefix(previous, word);
            if position > 0 {
                match (previous.get(shared), word.get(shared)) {
                    // The same word again.
                    (None, None) => continue,
                    // The previous word is a prefix of this one, or they
                    // part at a smaller symbol.
                    (None, Some(_)) => {}
                    (Some(before), Some(after)) if before < after => {}
                    _ => return None,
                }
            }
            previous = word;
            unique.words.push((index, shared as u32));
            // The word adds one node at each depth from just past the
            // shared prefix to its length.
            if unique.depth_changes.len() < word.len() + 2 {
                unique.depth_changes.resize(word.len() + 2, 0);
            }
            unique.depth_changes[shared + 1] += 1;
            unique.depth_changes[word.len() + 1] -= 1;
        }
        Some(unique)
    }
}

/// A builder's words in lexicographic order, without repeats.
#[derive(Default)]
struct Unique {
    /// Each word's index in the builder, and the length of the prefix it
    /// shares with the word before it.
    words: Vec<(u32, u32)>,
    /// Nodes per depth, as differences: entry `d` is how many more nodes
    /// depth `d` has than depth `d - 1`.
    depth_changes: Vec<isize>,
}

/// How many leading symbols `a` and `b` share.
#[inline]
fn common_prefix(a: &[u8], b: &[u8]) -> usize {
    a.iter().zip(b).take_while(|(x, y)| x == y).count()
}

/// A trie image being filled in place: zeroed to start with, the size of a
/// trie of known node and word counts.
pub(super) struct ImageWriter {
    /// The image, `image_len(node_count, word_count)` bytes.
    bytes: Vec<u8>,
    node_count: usize,
    word_count: usize,
}

/// The four sections of an [`ImageWriter`]'s image, to write nodes into.
/// Indices out of range are bugs of the caller, and panic.
pub(super) struct Sections<'a> {
    pub(super) nodes: &'a mut [u8],
    pub(super) parents: &'a mut [u8],
    pub(super) word_nodes: &'a mut [u8],
    pub(super) symbols: &'a mut [u8],
}

impl ImageWriter {
    pub(super) fn new(node_count: usize, word_count: usize) -> ImageWriter {
        let mut bytes = vec![0; image_len(node_count, word_count)];
        advise_huge_pages(&mut bytes);
        ImageWriter {
            bytes,
            node_count,
            word_count,
        }
    }

    pub(super) fn sections(&mut self) -> Sections<'_> {
        let (nodes, rest) = self.bytes.split_at_mut(self.node_count * NODE_BYTES);
        let (parents, rest) = rest.split_at_mut(self.node_count * 4);
        let (word_nodes, symbols) = rest.split_at_mut(self.word_count * 4);
        Sections {
            nodes,
            parents,
            word_nodes,
            symbols,
        }
    }

    pub(super) fn finish(self) -> Trie {
        Trie {
            image: Image::Owned(self.bytes),
            node_count: self.node_count,
            word_count: self.word_count,
        }
    }
}

impl Sections<'_> {
    /// Writes node `index` whole.
    #[inline]
    fn set_node(&mut self, index: usize, node: Node) {
        put_node(self.nodes, index, node);
    }

    /// Makes node `child` the child of node `parent` for `symbol`; children
    /// are added in breadth-first order, so the first one added is the
    /// first child.
    #[inline]
    fn add_child(&mut self, parent: usize, symbol: u8, child: u32) {
        let bytes = &mut self.nodes[parent * NODE_BYTES..(parent + 1) * NODE_BYTES];
        let mut mask = [0u8; 8];
        mask.copy_from_slice(&bytes[..8]);
        let mask = u64::from_le_bytes(mask);
        if mask == 0 {
            bytes[8..12].copy_from_slice(&child.to_le_bytes());
        }
        bytes[..8].copy_from_slice(&(mask | 1 << symbol).to_le_bytes());
        put_u32(self.parents, child as usize, parent as u32);
        self.symbols[child as usize] = symbol;
    }

    /// Records that node `node` ends word `word`.
    #[inline]
    fn set_word(&mut self, node: usize, word: u32) {
        self.nodes[node * NODE_BYTES + 12..(node + 1) * NODE_BYTES]
            .copy_from_slice(&word.to_le_bytes());
        put_u32(self.word_nodes, word as usize, node as u32);
    }
}
