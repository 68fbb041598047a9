//! The arena trie: built from words of [`Symbol`]s, then frozen.
//!
//! [`TrieBuilder`] collects words and freezes them from sorted order.
//! [`Trie`] is the frozen form the search runs on: nodes in breadth-first
//! order, each 16 bytes (a 64-bit child mask, the index of its first child,
//! its word id), children of a node contiguous, so the hot top levels share a few cache
//! lines and a child is found with one `popcount`. Word ids follow
//! lexicographic order, so sorting words alphabetically is sorting their ids.
//! The trie is immutable once frozen and shared by every search thread.
//! Reading word lists is left to [`crate::dict`].

use crate::alphabet::Symbol;
use crate::mapped::MappedBytes;

mod build;
mod check;
mod packed;

pub use build::TrieBuilder;

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
    /// The id of index `index` (below `u32::MAX`, as every word count is).
    #[inline]
    pub(crate) fn from_index(index: usize) -> WordId {
        WordId(index as u32)
    }

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

    /// A node with no child that ends no word.
    const EMPTY: Node = Node {
        children: 0,
        first_child: 0,
        word: Node::NO_WORD,
    };

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
    /// Built or read at run time.
    Owned(Vec<u8>),
    /// Part of a mapped cache entry.
    Mapped(MappedBytes),
}

impl Image {
    #[inline]
    fn bytes(&self) -> &[u8] {
        match self {
            Image::Owned(bytes) => bytes,
            Image::Mapped(mapped) => mapped.bytes(),
        }
    }
}

/// Bytes per node in the nodes section.
const NODE_BYTES: usize = 16;

/// The image size of a trie of `nodes` nodes and `words` words.
fn image_len(nodes: usize, words: usize) -> usize {
    nodes * (NODE_BYTES + 4 + 1) + words * 4
}

/// A view of a trie's nodes, for the search's inner loop.
#[derive(Clone, Copy, Debug)]
pub struct Nodes<'a> {
    /// The nodes section of the image.
    bytes: &'a [u8],
}

impl<'a> Nodes<'a> {
    /// The node `id`; a node with no child that ends no word when `id` is
    /// out of range, which a trie that passed its checks never asks for.
    #[inline]
    pub fn get(self, id: NodeId) -> Node {
        let start = id.index() * NODE_BYTES;
        self.bytes
            .get(start..start + NODE_BYTES)
            .map_or(Node::EMPTY, decode)
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

/// A view of the sections that give each node's parent and each word's
/// node: what the search needs to count the words it reached below each
/// node.
#[derive(Clone, Copy, Debug)]
pub struct Subtrees<'a> {
    parents: &'a [u8],
    word_nodes: &'a [u8],
}

impl Subtrees<'_> {
    /// The parent of `id`; the root for the root and for ids out of range.
    #[inline]
    pub fn parent(self, id: NodeId) -> NodeId {
        match u32_at(self.parents, id.index()) {
            u32::MAX => NodeId::ROOT,
            parent => NodeId(parent),
        }
    }

    /// The node that ends `word`; the root when `word` is out of range.
    #[inline]
    pub fn word_node(self, word: WordId) -> NodeId {
        match u32_at(self.word_nodes, word.index()) {
            u32::MAX => NodeId::ROOT,
            node => NodeId(node),
        }
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

impl Trie {
    /// A trie whose image this program wrote itself into a cache entry,
    /// used where the entry is mapped. Only the size is checked here: the
    /// cache has checked the entry's checksum, so damage is caught, and the
    /// structure is as this program wrote it. A trie whose image breaks its
    /// invariants all the same gives wrong words, never a panic or a hang:
    /// every read of the image is total and every walk bounded.
    pub(crate) fn from_mapped_image(
        image: MappedBytes,
        node_count: usize,
        word_count: usize,
    ) -> Result<Trie, TrieError> {
        if node_count == 0 || image.bytes().len() != image_len(node_count, word_count) {
            return Err(TrieError::new(
                0,
                "the image size does not match its counts",
            ));
        }
        Ok(Trie {
            image: Image::Mapped(image),
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

    /// Each node's parent and each word's node, for the search.
    #[inline]
    pub fn subtrees(&self) -> Subtrees<'_> {
        let (parents, word_nodes, _) = self.sections();
        Subtrees {
            parents,
            word_nodes,
        }
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

    /// The image's sections after the nodes: parents, word nodes, symbols.
    fn sections(&self) -> (&[u8], &[u8], &[u8]) {
        let rest = &self.image.bytes()[self.node_count * NODE_BYTES..];
        let (parents, rest) = rest.split_at(self.node_count * 4);
        let (word_nodes, symbols) = rest.split_at(self.word_count * 4);
        (parents, word_nodes, symbols)
    }
}

/// Whether `node_count` nodes and `word_count` words fit the image's
/// 32-bit indices, with room for [`Node::NO_WORD`].
fn check_counts(node_count: usize, word_count: usize) -> Result<(), TrieError> {
    if node_count == 0 || node_count > u32::MAX as usize || word_count >= u32::MAX as usize {
        return Err(TrieError::new(0, "the node count is out of range"));
    }
    Ok(())
}

/// Writes `node` as node `index` of the node section `nodes`.
#[inline]
fn put_node(nodes: &mut [u8], index: usize, node: Node) {
    let bytes = &mut nodes[index * NODE_BYTES..(index + 1) * NODE_BYTES];
    bytes[..8].copy_from_slice(&node.children.to_le_bytes());
    bytes[8..12].copy_from_slice(&node.first_child.to_le_bytes());
    bytes[12..].copy_from_slice(&node.word.to_le_bytes());
}

/// Writes `value` as the `index`-th little-endian u32 of `bytes`.
#[inline]
fn put_u32(bytes: &mut [u8], index: usize, value: u32) {
    bytes[index * 4..index * 4 + 4].copy_from_slice(&value.to_le_bytes());
}

/// The `index`-th little-endian u32 of `bytes`, or `u32::MAX` past the end.
#[inline]
fn u32_at(bytes: &[u8], index: usize) -> u32 {
    match bytes.get(index * 4..index * 4 + 4) {
        Some(&[a, b, c, d]) => u32::from_le_bytes([a, b, c, d]),
        _ => u32::MAX,
    }
}

/// Why an image or a packed form does not make a trie ([`Trie::from_image`], [`Trie::from_packed`]).
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
mod tests;
