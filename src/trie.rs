//! The arena trie: built from words of [`Symbol`]s, then frozen.
//!
//! [`TrieBuilder`] collects words in an arena of growable nodes. [`Trie`] is
//! the frozen form the search runs on: nodes in breadth-first order, each
//! 16 bytes (a 64-bit child mask, the index of its first child, its word id),
//! children of a node contiguous, so the hot top levels share a few cache
//! lines and a child is found with one `popcount`. Word ids follow
//! lexicographic order, so sorting words alphabetically is sorting their ids.
//! The trie is immutable once frozen and shared by every search thread.
//! Reading word lists is left to [`crate::dict`].

use std::collections::VecDeque;

use crate::alphabet::Symbol;

/// A node's index in a trie's arena.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct NodeId(u32);

impl NodeId {
    /// The root node: the empty prefix.
    pub const ROOT: NodeId = NodeId(0);

    /// The id as an index into the arena.
    #[inline]
    pub fn index(self) -> usize {
        self.0 as usize
    }
}

/// A word's index in a [`Trie`]: ids run from 0 in lexicographic order of
/// the words' symbols.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct WordId(u32);

impl WordId {
    /// The id as an index into per-word tables.
    #[inline]
    pub fn index(self) -> usize {
        self.0 as usize
    }
}

/// A node of the frozen trie.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[repr(C)]
pub struct Node {
    /// Bit `s` is set when the node has a child for symbol `s`.
    pub children: u64,
    /// Index of the child with the lowest symbol; children are contiguous in
    /// symbol order. Meaningless when `children` is 0.
    pub first_child: u32,
    /// The word this node ends, or [`Node::NO_WORD`].
    pub word: u32,
}

impl Node {
    /// The `word` of a node that ends no word.
    pub const NO_WORD: u32 = u32::MAX;

    /// The child for `symbol`, if there is one.
    #[inline]
    pub fn child(&self, symbol: Symbol) -> Option<NodeId> {
        let bit = 1u64 << symbol.index();
        (self.children & bit != 0).then(|| self.child_at(bit))
    }

    /// The child for the single bit `bit`, which must be set in `children`.
    #[inline]
    pub fn child_at(&self, bit: u64) -> NodeId {
        let rank = (self.children & (bit - 1)).count_ones();
        NodeId(self.first_child + rank)
    }

    /// The word this node ends.
    #[inline]
    pub fn word(&self) -> Option<WordId> {
        (self.word != Self::NO_WORD).then_some(WordId(self.word))
    }
}

/// The frozen, immutable trie.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Trie {
    /// The arena, breadth-first; `nodes[0]` is the root.
    nodes: Vec<Node>,
    /// `parents[n]` is the parent of node `n` (the root is its own parent).
    parents: Vec<u32>,
    /// `symbols[n]` is the symbol on the edge into node `n` (0 for the root).
    symbols: Vec<u8>,
    /// `word_nodes[w]` is the node that ends word `w`.
    word_nodes: Vec<u32>,
}

/// A growable trie under construction.
#[derive(Clone, Debug)]
pub struct TrieBuilder {
    /// The arena; `nodes[0]` is the root. Children are kept sorted by symbol.
    nodes: Vec<BuildNode>,
}

#[derive(Clone, Debug, Default)]
struct BuildNode {
    /// (symbol, child) pairs sorted by symbol, no symbol twice.
    children: Vec<(Symbol, u32)>,
    /// Whether the path to this node is a word.
    is_word: bool,
}

impl Default for TrieBuilder {
    fn default() -> Self {
        TrieBuilder::new()
    }
}

impl TrieBuilder {
    /// An empty builder: just the root.
    pub fn new() -> TrieBuilder {
        TrieBuilder {
            nodes: vec![BuildNode::default()],
        }
    }

    /// Adds `word`; adding a word twice is harmless.
    pub fn insert(&mut self, word: &[Symbol]) {
        let mut node = 0usize;
        for &symbol in word {
            let children = &self.nodes[node].children;
            node = match children.binary_search_by_key(&symbol, |&(s, _)| s) {
                Ok(found) => children[found].1 as usize,
                Err(slot) => {
                    let child = self.nodes.len();
                    self.nodes[node]
                        .children
                        .insert(slot, (symbol, child as u32));
                    self.nodes.push(BuildNode::default());
                    child
                }
            };
        }
        self.nodes[node].is_word = true;
    }

    /// Freezes the trie into breadth-first order with lexicographic word ids.
    pub fn freeze(self) -> Trie {
        let count = self.nodes.len();
        // Breadth-first order of the builder's nodes.
        let mut order = Vec::with_capacity(count);
        let mut queue = VecDeque::from([0u32]);
        while let Some(node) = queue.pop_front() {
            order.push(node);
            queue.extend(self.nodes[node as usize].children.iter().map(|&(_, c)| c));
        }
        let mut new_index = vec![0u32; count];
        for (new, &old) in order.iter().enumerate() {
            new_index[old as usize] = new as u32;
        }
        // Word ids in depth-first (lexicographic) order.
        let mut word_of = vec![Node::NO_WORD; count];
        let mut word_nodes = Vec::new();
        let mut stack = vec![0u32];
        while let Some(old) = stack.pop() {
            let node = &self.nodes[old as usize];
            if node.is_word {
                word_of[old as usize] = word_nodes.len() as u32;
                word_nodes.push(new_index[old as usize]);
            }
            stack.extend(node.children.iter().rev().map(|&(_, c)| c));
        }
        let mut nodes = Vec::with_capacity(count);
        let mut parents = vec![0u32; count];
        let mut symbols = vec![0u8; count];
        for &old in &order {
            let node = &self.nodes[old as usize];
            let mut children = 0u64;
            for &(symbol, child) in &node.children {
                children |= 1 << symbol.index();
                let child = new_index[child as usize] as usize;
                parents[child] = new_index[old as usize];
                symbols[child] = symbol.index() as u8;
            }
            let first_child = node
                .children
                .first()
                .map_or(0, |&(_, c)| new_index[c as usize]);
            nodes.push(Node {
                children,
                first_child,
                word: word_of[old as usize],
            });
        }
        Trie {
            nodes,
            parents,
            symbols,
            word_nodes,
        }
    }
}

impl Trie {
    /// The nodes, breadth-first, root first; the search walks this slice.
    #[inline]
    pub fn nodes(&self) -> &[Node] {
        &self.nodes
    }

    /// The node `id`.
    #[inline]
    pub fn node(&self, id: NodeId) -> &Node {
        &self.nodes[id.index()]
    }

    /// Number of nodes, the root included.
    pub fn node_count(&self) -> usize {
        self.nodes.len()
    }

    /// Number of words.
    pub fn word_count(&self) -> usize {
        self.word_nodes.len()
    }

    /// The node reached by spelling `prefix` from the root.
    pub fn find(&self, prefix: &[Symbol]) -> Option<NodeId> {
        prefix
            .iter()
            .try_fold(NodeId::ROOT, |node, &symbol| self.node(node).child(symbol))
    }

    /// Whether `word` is in the trie.
    pub fn contains(&self, word: &[Symbol]) -> bool {
        self.find(word)
            .is_some_and(|node| self.node(node).word().is_some())
    }

    /// The symbols of word `word`, first to last.
    pub fn word_symbols(&self, word: WordId) -> Vec<Symbol> {
        let mut node = self.word_nodes[word.index()] as usize;
        let mut symbols = Vec::new();
        while node != 0 {
            symbols.push(Symbol::from_index(usize::from(self.symbols[node])));
            node = self.parents[node] as usize;
        }
        symbols.reverse();
        symbols
    }

    /// Every word id, in lexicographic order.
    pub fn words(&self) -> impl Iterator<Item = WordId> + '_ {
        (0..self.word_nodes.len() as u32).map(WordId)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn symbols(word: &str) -> Vec<Symbol> {
        word.bytes()
            .map(|b| Symbol::from_index(usize::from(b - b'a')))
            .collect()
    }

    fn build(words: &[&str]) -> Trie {
        let mut builder = TrieBuilder::new();
        for word in words {
            builder.insert(&symbols(word));
        }
        builder.freeze()
    }

    #[test]
    fn lookup() {
        let trie = build(&["cat", "cats", "act", "at", "cat"]);
        assert_eq!(trie.word_count(), 4);
        // root, a, c, ac, at, ca, act, cat, cats
        assert_eq!(trie.node_count(), 9);
        for word in ["cat", "cats", "act", "at"] {
            assert!(trie.contains(&symbols(word)), "{word}");
        }
        for word in ["", "c", "ca", "ac", "catss", "dog", "t"] {
            assert!(!trie.contains(&symbols(word)), "{word}");
        }
        assert!(trie.find(&symbols("ca")).is_some());
        assert!(trie.find(&symbols("cb")).is_none());
    }

    #[test]
    fn word_ids_are_lexicographic() {
        let trie = build(&["zebra", "cat", "b", "cats", "act", "ca"]);
        let words: Vec<Vec<Symbol>> = trie.words().map(|w| trie.word_symbols(w)).collect();
        let mut sorted = words.clone();
        sorted.sort();
        assert_eq!(words, sorted);
        assert_eq!(words[0], symbols("act"));
        assert_eq!(words.last().unwrap(), &symbols("zebra"));
    }

    #[test]
    fn breadth_first_and_contiguous() {
        let trie = build(&["ab", "ac", "b", "bca"]);
        let nodes = trie.nodes();
        // Depth never decreases along the arena.
        let depth = |mut n: usize| {
            let mut d = 0;
            while n != 0 {
                n = trie.parents[n] as usize;
                d += 1;
            }
            d
        };
        assert!((1..nodes.len()).all(|n| depth(n - 1) <= depth(n)));
        // Each node's children sit at first_child.. in symbol order.
        for node in nodes {
            let mut bits = node.children;
            let mut expected = node.first_child;
            while bits != 0 {
                let bit = bits & bits.wrapping_neg();
                assert_eq!(node.child_at(bit), NodeId(expected));
                expected += 1;
                bits &= bits - 1;
            }
        }
        assert_eq!(std::mem::size_of::<Node>(), 16);
    }

    #[test]
    fn empty() {
        let trie = build(&[]);
        assert_eq!(trie.word_count(), 0);
        assert_eq!(trie.node_count(), 1);
        assert!(!trie.contains(&[]));
    }
}
