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
///
/// Its arrays live in one little-endian byte image, so a trie compiled into
/// the binary is used where it lies, without copying or parsing:
///
/// | section | bytes | content |
/// |---------|------:|---------|
/// | nodes | 16 per node | child mask (u64), first child (u32), word id (u32) |
/// | parents | 4 per node | the parent of each node (the root's is 0) |
/// | word nodes | 4 per word | the node that ends each word |
/// | symbols | 1 per node | the symbol on the edge into each node (0 for the root) |
#[derive(Clone)]
pub struct Trie {
    /// The image described above.
    image: Image,
    /// Number of nodes, the root included; at least 1.
    node_count: usize,
    /// Number of words.
    word_count: usize,
}

/// Two tries are equal when their images are, wherever they live.
impl PartialEq for Trie {
    fn eq(&self, other: &Trie) -> bool {
        self.image.bytes() == other.image.bytes()
    }
}

impl Eq for Trie {}

impl std::fmt::Debug for Trie {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Trie")
            .field("node_count", &self.node_count)
            .field("word_count", &self.word_count)
            .field("image_bytes", &self.image.bytes().len())
            .finish()
    }
}

/// Where a trie's image lives.
#[derive(Clone, Debug)]
enum Image {
    /// Compiled into the binary.
    Static(&'static [u8]),
    /// Built or read at run time.
    Owned(Vec<u8>),
}

impl Image {
    #[inline]
    fn bytes(&self) -> &[u8] {
        match self {
            Image::Static(bytes) => bytes,
            Image::Owned(bytes) => bytes,
        }
    }
}

/// Bytes per node in the nodes section.
const NODE_BYTES: usize = 16;

/// The image size of a trie of `nodes` nodes and `words` words.
fn image_len(nodes: usize, words: usize) -> usize {
    nodes * (NODE_BYTES + 4 + 1) + words * 4
}

/// Lays out the arrays of a frozen trie as its image.
fn assemble(nodes: &[Node], parents: &[u32], word_nodes: &[u32], symbols: &[u8]) -> Vec<u8> {
    let mut image = Vec::with_capacity(image_len(nodes.len(), word_nodes.len()));
    for node in nodes {
        image.extend_from_slice(&node.children.to_le_bytes());
        image.extend_from_slice(&node.first_child.to_le_bytes());
        image.extend_from_slice(&node.word.to_le_bytes());
    }
    for value in parents.iter().chain(word_nodes) {
        image.extend_from_slice(&value.to_le_bytes());
    }
    image.extend_from_slice(symbols);
    image
}

/// A view of a trie's nodes, for the search's inner loop.
#[derive(Clone, Copy, Debug)]
pub struct Nodes<'a> {
    /// The nodes section of the image.
    bytes: &'a [u8],
}

impl<'a> Nodes<'a> {
    /// The node `id`.
    #[inline]
    pub fn get(self, id: NodeId) -> Node {
        let start = id.index() * NODE_BYTES;
        decode(&self.bytes[start..start + NODE_BYTES])
    }

    /// Number of nodes.
    pub fn len(self) -> usize {
        self.bytes.len() / NODE_BYTES
    }

    /// Whether there is no node (never, for a trie's nodes).
    pub fn is_empty(self) -> bool {
        self.bytes.is_empty()
    }

    /// Every node, breadth-first.
    pub fn iter(self) -> impl Iterator<Item = Node> + 'a {
        self.bytes.chunks_exact(NODE_BYTES).map(decode)
    }
}

/// The node whose 16 bytes are `bytes`.
#[inline(always)]
fn decode(bytes: &[u8]) -> Node {
    let node: &[u8; NODE_BYTES] = bytes.try_into().unwrap_or(&[0; NODE_BYTES]);
    let [
        c0,
        c1,
        c2,
        c3,
        c4,
        c5,
        c6,
        c7,
        f0,
        f1,
        f2,
        f3,
        w0,
        w1,
        w2,
        w3,
    ] = *node;
    Node {
        children: u64::from_le_bytes([c0, c1, c2, c3, c4, c5, c6, c7]),
        first_child: u32::from_le_bytes([f0, f1, f2, f3]),
        word: u32::from_le_bytes([w0, w1, w2, w3]),
    }
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
            image: Image::Owned(assemble(&nodes, &parents, &word_nodes, &symbols)),
            node_count: nodes.len(),
            word_count: word_nodes.len(),
        }
    }
}

impl Trie {
    /// A trie whose image this program wrote itself (the bundled lists,
    /// compiled by `build.rs`), used in place. Only the size is checked:
    /// untrusted bytes go through [`Trie::from_image`] instead.
    pub fn from_static_image(
        image: &'static [u8],
        node_count: usize,
        word_count: usize,
    ) -> Result<Trie, TrieError> {
        if node_count == 0 || image.len() != image_len(node_count, word_count) {
            return Err(TrieError::new(
                0,
                "the image size does not match its counts",
            ));
        }
        Ok(Trie {
            image: Image::Static(image),
            node_count,
            word_count,
        })
    }

    /// The image: the bytes a compiled dictionary stores.
    pub fn image(&self) -> &[u8] {
        self.image.bytes()
    }

    /// The nodes, breadth-first, root first; the search walks these.
    #[inline]
    pub fn nodes(&self) -> Nodes<'_> {
        Nodes {
            bytes: &self.image.bytes()[..self.node_count * NODE_BYTES],
        }
    }

    /// The node `id`.
    #[inline]
    pub fn node(&self, id: NodeId) -> Node {
        self.nodes().get(id)
    }

    /// Number of nodes, the root included.
    pub fn node_count(&self) -> usize {
        self.node_count
    }

    /// Number of words.
    pub fn word_count(&self) -> usize {
        self.word_count
    }

    /// The `index`-th u32 of the image after the nodes section.
    fn u32_after_nodes(&self, index: usize) -> u32 {
        let start = self.node_count * NODE_BYTES + index * 4;
        let bytes = self.image.bytes().get(start..start + 4).unwrap_or(&[0; 4]);
        u32::from_le_bytes([bytes[0], bytes[1], bytes[2], bytes[3]])
    }

    /// The parent of node `node` (0 for the root).
    fn parent(&self, node: usize) -> usize {
        self.u32_after_nodes(node) as usize
    }

    /// The node that ends word `word`.
    fn word_node(&self, word: usize) -> usize {
        self.u32_after_nodes(self.node_count + word) as usize
    }

    /// The symbol on the edge into node `node`.
    fn symbol(&self, node: usize) -> u8 {
        let start = self.node_count * (NODE_BYTES + 4) + self.word_count * 4;
        self.image.bytes().get(start + node).copied().unwrap_or(0)
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
        let mut node = self.word_node(word.index());
        let mut symbols = Vec::new();
        // Parents come before their children, so the walk ends at the root;
        // the bound keeps it finite whatever the image holds.
        while node != 0 && symbols.len() < self.node_count {
            symbols.push(Symbol::from_index(usize::from(self.symbol(node) & 63)));
            node = self.parent(node);
        }
        symbols.reverse();
        symbols
    }

    /// Every word id, in lexicographic order.
    pub fn words(&self) -> impl Iterator<Item = WordId> + '_ {
        (0..self.word_count as u32).map(WordId)
    }

    /// Rebuilds a frozen trie from its nodes' child masks and word ids, in
    /// breadth-first order, as [`Trie::nodes`] gives them (the inverse of
    /// reading `children` and `word` off each node). Everything else is
    /// derived, then checked as [`Trie::from_image`] checks an image, so
    /// untrusted input gives an error, never a trie that panics or loops.
    pub fn from_nodes<I>(nodes: I, symbol_count: usize) -> Result<Trie, TrieError>
    where
        I: ExactSizeIterator<Item = (u64, u32)>,
    {
        let count = nodes.len();
        if count == 0 || count > u32::MAX as usize {
            return Err(TrieError::new(0, "the node count is out of range"));
        }
        let mut frozen = Vec::with_capacity(count);
        let mut parents = vec![0u32; count];
        let mut symbols = vec![0u8; count];
        let mut word_nodes = Vec::new();
        // The next free index: children of the nodes seen so far fill
        // `1..next`, so a node's children start where its elder cousins' end.
        let mut next = 1usize;
        for (index, (children, word)) in nodes.enumerate() {
            let child_count = children.count_ones() as usize;
            if next + child_count > count {
                return Err(TrieError::new(index, "children out of range"));
            }
            let mut bits = children;
            for child in next..next + child_count {
                parents[child] = index as u32;
                symbols[child] = bits.trailing_zeros() as u8;
                bits &= bits - 1;
            }
            let first_child = if child_count == 0 { 0 } else { next as u32 };
            next += child_count;
            if word != Node::NO_WORD {
                let id = word as usize;
                if id >= count {
                    return Err(TrieError::new(index, "word ids out of order"));
                }
                if id >= word_nodes.len() {
                    word_nodes.resize(id + 1, u32::MAX);
                }
                word_nodes[id] = index as u32;
            }
            frozen.push(Node {
                children,
                first_child,
                word,
            });
        }
        let image = assemble(&frozen, &parents, &word_nodes, &symbols);
        Trie::from_image(image, count, word_nodes.len(), symbol_count)
    }

    /// A trie from an image read from outside (a compiled dictionary or a
    /// cache entry), used as it is after every invariant the search and the
    /// word lookups rely on is checked in a few linear passes: masks use only
    /// the first `symbol_count` symbols; children are contiguous, in
    /// breadth-first order, each with its parent and letter recorded; every
    /// node but the root has exactly one parent; every leaf ends a word; and
    /// word ids run 0, 1, 2 … in lexicographic order, each with its node.
    /// Every byte of a valid image is thus determined by the nodes' masks
    /// and word ids.
    pub fn from_image(
        image: Vec<u8>,
        node_count: usize,
        word_count: usize,
        symbol_count: usize,
    ) -> Result<Trie, TrieError> {
        if node_count == 0 || node_count > u32::MAX as usize || word_count >= u32::MAX as usize {
            return Err(TrieError::new(0, "the node count is out of range"));
        }
        if image.len() != image_len(node_count, word_count) {
            return Err(TrieError::new(
                0,
                "the image size does not match its counts",
            ));
        }
        let trie = Trie {
            image: Image::Owned(image),
            node_count,
            word_count,
        };
        trie.check_structure(symbol_count)?;
        trie.check_word_ids()?;
        Ok(trie)
    }

    /// The image's sections after the nodes: parents, word nodes, symbols.
    fn sections(&self) -> (&[u8], &[u8], &[u8]) {
        let rest = &self.image.bytes()[self.node_count * NODE_BYTES..];
        let (parents, rest) = rest.split_at(self.node_count * 4);
        let (word_nodes, symbols) = rest.split_at(self.word_count * 4);
        (parents, word_nodes, symbols)
    }

    /// The structural half of [`Trie::from_image`]'s checks.
    fn check_structure(&self, symbol_count: usize) -> Result<(), TrieError> {
        let allowed = match symbol_count {
            0 => 0,
            n if n >= 64 => u64::MAX,
            n => (1u64 << n) - 1,
        };
        let count = self.node_count;
        let (parents, _, symbols) = self.sections();
        if u32_at(parents, 0) != 0 || symbols.first() != Some(&0) {
            return Err(TrieError::new(0, "the root has a parent"));
        }
        let mut words = 0usize;
        let mut next = 1usize;
        for (index, node) in self.nodes().iter().enumerate() {
            if node.children & !allowed != 0 {
                return Err(TrieError::new(
                    index,
                    "a child uses a letter outside the alphabet",
                ));
            }
            if index >= next && index != 0 {
                return Err(TrieError::new(index, "the node has no parent"));
            }
            let child_count = node.children.count_ones() as usize;
            if next + child_count > count {
                return Err(TrieError::new(index, "children out of range"));
            }
            let first_child = if child_count == 0 { 0 } else { next };
            if node.first_child as usize != first_child {
                return Err(TrieError::new(index, "children out of place"));
            }
            let mut bits = node.children;
            for child in next..next + child_count {
                if u32_at(parents, child) as usize != index
                    || symbols.get(child) != Some(&(bits.trailing_zeros() as u8))
                {
                    return Err(TrieError::new(child, "wrong parent or letter"));
                }
                bits &= bits - 1;
            }
            next += child_count;
            if node.word != Node::NO_WORD {
                words += 1;
            } else if child_count == 0 && index != 0 {
                return Err(TrieError::new(index, "a leaf that ends no word"));
            }
        }
        if next != count {
            return Err(TrieError::new(count, "the nodes do not form one tree"));
        }
        if self.node(NodeId::ROOT).word != Node::NO_WORD {
            return Err(TrieError::new(0, "the empty word"));
        }
        if words != self.word_count {
            return Err(TrieError::new(count, "the word count does not match"));
        }
        Ok(())
    }

    /// The word-id half of [`Trie::from_image`]'s checks, on a structurally
    /// sound trie. Word ids must follow a depth-first walk in symbol order: a
    /// node's words (its own first, then each child's in symbol order) take
    /// consecutive ids. Checked in two linear passes rather than a walk,
    /// which would jump around the arena: first each subtree's word count
    /// (children come after their parent, so a backward pass sees a node's
    /// children before the node), then each subtree's first id, handed from
    /// parent to children.
    fn check_word_ids(&self) -> Result<(), TrieError> {
        let (parents, word_nodes, _) = self.sections();
        let nodes = self.nodes();
        let mut below = vec![0u32; self.node_count];
        for index in (1..self.node_count).rev() {
            below[index] += u32::from(nodes.get(NodeId(index as u32)).word != Node::NO_WORD);
            // In range: the structure was checked.
            if let Some(parent) = below.get(u32_at(parents, index) as usize).copied() {
                below[u32_at(parents, index) as usize] = parent + below[index];
            }
        }
        // `below` becomes each subtree's first id, root first.
        below[0] = 0;
        for (index, node) in nodes.iter().enumerate() {
            let mut next_id = below[index];
            if node.word != Node::NO_WORD {
                if node.word != next_id || u32_at(word_nodes, next_id as usize) as usize != index {
                    return Err(TrieError::new(index, "word ids out of order"));
                }
                next_id += 1;
            }
            let first_child = node.first_child as usize;
            let children = first_child..first_child + node.children.count_ones() as usize;
            for slot in below.get_mut(children).unwrap_or_default() {
                let words = *slot;
                *slot = next_id;
                next_id += words;
            }
        }
        Ok(())
    }
}

/// The `index`-th little-endian u32 of `bytes`, or `u32::MAX` past the end.
#[inline]
fn u32_at(bytes: &[u8], index: usize) -> u32 {
    match bytes.get(index * 4..index * 4 + 4) {
        Some(&[a, b, c, d]) => u32::from_le_bytes([a, b, c, d]),
        _ => u32::MAX,
    }
}

/// Why raw nodes do not make a trie ([`Trie::from_nodes`]).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TrieError {
    /// The node at fault (the node count when it is the whole).
    pub node: usize,
    /// What is wrong with it.
    pub reason: &'static str,
}

impl TrieError {
    fn new(node: usize, reason: &'static str) -> TrieError {
        TrieError { node, reason }
    }
}

impl std::fmt::Display for TrieError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "node {}: {}", self.node, self.reason)
    }
}

impl std::error::Error for TrieError {}

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
                n = trie.parent(n);
                d += 1;
            }
            d
        };
        assert!((1..nodes.len()).all(|n| depth(n - 1) <= depth(n)));
        // Each node's children sit at first_child.. in symbol order.
        for node in nodes.iter() {
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

    /// Reads the raw parts back off a trie, as a serialiser does.
    fn raw(trie: &Trie) -> Vec<(u64, u32)> {
        trie.nodes().iter().map(|n| (n.children, n.word)).collect()
    }

    #[test]
    fn static_image() {
        let trie = build(&["cat", "cats", "act"]);
        let image: &'static [u8] = trie.image().to_vec().leak();
        let borrowed =
            Trie::from_static_image(image, trie.node_count(), trie.word_count()).unwrap();
        let words: Vec<_> = borrowed.words().map(|w| borrowed.word_symbols(w)).collect();
        assert_eq!(words, [symbols("act"), symbols("cat"), symbols("cats")]);
        assert!(Trie::from_static_image(image, trie.node_count() + 1, trie.word_count()).is_err());
    }

    #[test]
    fn from_nodes_round_trip() {
        for words in [&["cat", "cats", "act", "at", "zebra"][..], &["a"], &[]] {
            let trie = build(words);
            let rebuilt = Trie::from_nodes(raw(&trie).into_iter(), 26).unwrap();
            assert_eq!(rebuilt, trie);
        }
    }

    #[track_caller]
    fn check_rejected(nodes: &[(u64, u32)], symbol_count: usize, expected: &str) {
        let error = Trie::from_nodes(nodes.iter().copied(), symbol_count).unwrap_err();
        assert_eq!(error.to_string(), expected);
    }

    #[test]
    fn from_nodes_rejects_damage() {
        const NO: u32 = Node::NO_WORD;
        // Each case is a hand-made damaged form of the trie of "a", "ab".
        check_rejected(&[], 2, "node 0: the node count is out of range");
        check_rejected(
            &[(0b1, NO), (0b10, 0), (0, 1)],
            1,
            "node 1: a child uses a letter outside the alphabet",
        );
        check_rejected(
            &[(0b1, NO), (0b11, 0), (0, 1)],
            2,
            "node 1: children out of range",
        );
        check_rejected(
            &[(0b1, NO), (0, 0), (0, 1)],
            2,
            "node 2: the node has no parent",
        );
        check_rejected(
            &[(0b1, NO), (0b10, 0), (0, NO)],
            2,
            "node 2: a leaf that ends no word",
        );
        check_rejected(
            &[(0b1, NO), (0b10, 1), (0, 0)],
            2,
            "node 1: word ids out of order",
        );
        check_rejected(
            &[(0b1, NO), (0b10, 0), (0, 7)],
            2,
            "node 2: word ids out of order",
        );
        check_rejected(&[(0b1, 0), (0b10, 1), (0, 2)], 2, "node 0: the empty word");
    }

    #[test]
    fn empty() {
        let trie = build(&[]);
        assert_eq!(trie.word_count(), 0);
        assert_eq!(trie.node_count(), 1);
        assert!(!trie.contains(&[]));
    }
}
