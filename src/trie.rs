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
    /// Compiled into the binary.
    Static(&'static [u8]),
    /// Built or read at run time.
    Owned(Vec<u8>),
    /// Part of a mapped cache entry.
    Mapped(MappedBytes),
}

impl Image {
    #[inline]
    fn bytes(&self) -> &[u8] {
        match self {
            Image::Static(bytes) => bytes,
            Image::Owned(bytes) => bytes,
            Image::Mapped(mapped) => mapped.bytes(),
        }
    }
}

/// Bytes per node in the nodes section.
const NODE_BYTES: usize = 16;

/// The bit of a node's byte in the packed form that marks it a word.
const WORD_BIT: u8 = 0x80;

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
struct ImageWriter {
    /// The image, `image_len(node_count, word_count)` bytes.
    bytes: Vec<u8>,
    node_count: usize,
    word_count: usize,
}

/// The four sections of an [`ImageWriter`]'s image, to write nodes into.
/// Indices out of range are bugs of the caller, and panic.
struct Sections<'a> {
    nodes: &'a mut [u8],
    parents: &'a mut [u8],
    word_nodes: &'a mut [u8],
    symbols: &'a mut [u8],
}

impl ImageWriter {
    fn new(node_count: usize, word_count: usize) -> ImageWriter {
        let mut bytes = vec![0; image_len(node_count, word_count)];
        advise_huge_pages(&mut bytes);
        ImageWriter {
            bytes,
            node_count,
            word_count,
        }
    }

    fn sections(&mut self) -> Sections<'_> {
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

    fn finish(self) -> Trie {
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

/// Asks the kernel to back `buffer` with huge pages where whole ones fit.
/// An image of a large list is megabytes written once, and faulting them in
/// 4 KiB pages costs more than building it; 2 MiB pages take a few hundred
/// times fewer faults. Advice only: nothing changes if
/// the kernel declines, or on other systems.
#[cfg(target_os = "linux")]
#[allow(unsafe_code)]
fn advise_huge_pages(buffer: &mut [u8]) {
    const HUGE_PAGE: usize = 2 << 20;
    let start = buffer.as_mut_ptr();
    let skip = (start as usize).next_multiple_of(HUGE_PAGE) - start as usize;
    let len = buffer.len().saturating_sub(skip) / HUGE_PAGE * HUGE_PAGE;
    if len == 0 {
        return;
    }
    // SAFETY: `madvise` with `MADV_HUGEPAGE` only tells the kernel how to
    // back the pages of a range; it neither changes their contents nor
    // unmaps them, so it cannot make any memory invalid whatever it
    // returns. The range starts `skip` bytes into `buffer` and is `len`
    // bytes long, with `skip + len <= buffer.len()`, so it lies inside
    // memory this function borrows mutably. Its failure (an old kernel,
    // huge pages disabled) is harmless and ignored.
    unsafe {
        libc::madvise(start.add(skip).cast(), len, libc::MADV_HUGEPAGE);
    }
}

/// Huge pages are asked for on Linux only.
#[cfg(not(target_os = "linux"))]
fn advise_huge_pages(_buffer: &mut [u8]) {}

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

    /// The packed form of the trie: its shape, from which
    /// [`Trie::from_packed`] rebuilds the rest. One byte per node,
    /// breadth-first, holding its child count (bits 0–6) and whether it ends
    /// a word (bit 7); then, for each node but the root, the symbol on the
    /// edge into it. Word ids are not stored: they follow lexicographic
    /// order, so the shape determines them.
    pub fn packed(&self) -> Vec<u8> {
        let mut packed = Vec::with_capacity(2 * self.node_count - 1);
        packed.extend(self.nodes().iter().map(|node| {
            let word = if node.word == Node::NO_WORD {
                0
            } else {
                WORD_BIT
            };
            node.children.count_ones() as u8 | word
        }));
        let (_, _, symbols) = self.sections();
        packed.extend_from_slice(symbols.get(1..).unwrap_or_default());
        packed
    }

    /// Rebuilds a trie of `node_count` nodes and `word_count` words from its
    /// packed form ([`Trie::packed`]) read from outside, checking on the way
    /// every invariant [`Trie::from_image`] checks, so damaged input gives an
    /// error, never a trie that panics or loops: child counts that tile the
    /// nodes after the root in order, each node but the root a child of an
    /// earlier one; each node's edge symbols strictly increasing and within
    /// the first `symbol_count`; every leaf a word, the root not one; and
    /// `word_count` words in all.
    ///
    /// Two linear passes: a backward one checks the shape and counts each
    /// subtree's words (children come after their parent, and a node's
    /// children end where the next node's begin); a forward one hands each
    /// subtree its first word id and writes the image.
    pub fn from_packed(
        packed: &[u8],
        node_count: usize,
        word_count: usize,
        symbol_count: usize,
    ) -> Result<Trie, TrieError> {
        if node_count == 0 || node_count > u32::MAX as usize || word_count >= u32::MAX as usize {
            return Err(TrieError::new(0, "the node count is out of range"));
        }
        if packed.len() != 2 * node_count - 1 {
            return Err(TrieError::new(
                0,
                "the packed size does not match its counts",
            ));
        }
        let (shapes, edges) = packed.split_at(node_count);
        let mut writer = ImageWriter::new(node_count, word_count);
        let sections = writer.sections();
        // Until a node is written, its word field holds first the number of
        // words in its subtree (from the backward pass), then the subtree's
        // first word id (handed down by its parent in the forward pass).
        let nodes = &mut *sections.nodes;
        // Node `index`'s children are `first..end`; `edges[child - 1]` is
        // the symbol into `child`.
        let mut end = node_count;
        for (index, &shape) in shapes.iter().enumerate().skip(1).rev() {
            let child_count = usize::from(shape & !WORD_BIT);
            let first = end.wrapping_sub(child_count);
            // Children come after their parent, and start where the next
            // node's end. (A wrapped `first` is past `end`.)
            if first <= index || first > end {
                return Err(TrieError::new(index, "the node has no parent"));
            }
            let below = check_children(edges, nodes, first, end, symbol_count)
                .map_err(|reason| TrieError::new(index, reason))?;
            if below == 0 && shape & WORD_BIT == 0 {
                return Err(TrieError::new(index, "a leaf that ends no word"));
            }
            put_u32(nodes, index * 4 + 3, below + u32::from(shape >> 7));
            end = first;
        }
        // The root's children start at 1 exactly when the counts tile every
        // node.
        let root = shapes[0];
        if end.checked_sub(usize::from(root & !WORD_BIT)) != Some(1) {
            return Err(TrieError::new(0, "the nodes do not form one tree"));
        }
        if root & WORD_BIT != 0 {
            return Err(TrieError::new(0, "the empty word"));
        }
        let below = check_children(edges, nodes, 1, end, symbol_count)
            .map_err(|reason| TrieError::new(0, reason))?;
        if below as usize != word_count {
            return Err(TrieError::new(node_count, "the word count does not match"));
        }
        sections.symbols[1..].copy_from_slice(edges);
        let mut first = 1;
        let mut first_id = 0;
        for (index, &shape) in shapes.iter().enumerate() {
            let end = first + usize::from(shape & !WORD_BIT);
            let mut next_id = first_id;
            let mut word = Node::NO_WORD;
            if shape & WORD_BIT != 0 {
                word = next_id;
                put_u32(sections.word_nodes, next_id as usize, index as u32);
                next_id += 1;
            }
            let mut children = 0u64;
            for child in first..end {
                children |= 1 << edges[child - 1];
                let slot = child * 4 + 3;
                let below = u32_at(nodes, slot);
                put_u32(nodes, slot, next_id);
                next_id += below;
                put_u32(sections.parents, child, index as u32);
            }
            let first_child = if end > first { first as u32 } else { 0 };
            put_node(
                nodes,
                index,
                Node {
                    children,
                    first_child,
                    word,
                },
            );
            first = end;
            // The next node's first word id, handed down by its parent,
            // which comes before it (past the last node, unused).
            first_id = u32_at(nodes, (index + 1) * 4 + 3);
        }
        Ok(writer.finish())
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

/// Checks the children `first..end` of a node of a packed form (their
/// symbols `edges[first - 1..end - 1]` strictly increasing and below
/// `symbol_count`) and returns how many words their subtrees hold, each
/// child's count being in its word field in `nodes`. The caller keeps
/// `1 <= first <= end`.
#[inline]
fn check_children(
    edges: &[u8],
    nodes: &[u8],
    first: usize,
    end: usize,
    symbol_count: usize,
) -> Result<u32, &'static str> {
    let (Some(symbols), Some(children)) = (
        edges.get(first - 1..end - 1),
        nodes.get(first * NODE_BYTES..end * NODE_BYTES),
    ) else {
        return Err("children out of range");
    };
    let Some(&last) = symbols.last() else {
        return Ok(0);
    };
    if usize::from(last) >= symbol_count {
        return Err("a child uses a letter outside the alphabet");
    }
    if symbols.windows(2).any(|pair| pair[0] >= pair[1]) {
        return Err("children out of order");
    }
    Ok(children
        .chunks_exact(NODE_BYTES)
        .map(|child| u32_at(child, 3))
        .sum())
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
    fn packed_round_trip() {
        for words in [&["cat", "cats", "act", "at", "zebra"][..], &["a"], &[]] {
            let trie = build(words);
            let packed = trie.packed();
            assert_eq!(packed.len(), 2 * trie.node_count() - 1);
            let rebuilt =
                Trie::from_packed(&packed, trie.node_count(), trie.word_count(), 26).unwrap();
            assert_eq!(rebuilt, trie);
        }
    }

    #[test]
    fn unsorted_and_repeated_words_freeze_alike() {
        let sorted = build(&["a", "ab", "abc", "b", "ba", "c"]);
        let shuffled = build(&["ba", "c", "abc", "a", "b", "ab", "a", "c"]);
        assert_eq!(shuffled, sorted);
        assert_eq!(sorted.word_count(), 6);
    }

    #[track_caller]
    fn check_rejected(packed: &[u8], words: usize, symbol_count: usize, expected: &str) {
        let nodes = packed.len().div_ceil(2);
        let error = Trie::from_packed(packed, nodes, words, symbol_count).unwrap_err();
        assert_eq!(error.to_string(), expected);
    }

    #[test]
    fn from_packed_rejects_damage() {
        // Each case is a hand-made damaged form of the trie of "a", "ab":
        // three node bytes (child count, 0x80 for a word), two edge letters.
        let good = [0x01, 0x81, 0x80, 0, 1];
        assert!(Trie::from_packed(&good, 3, 2, 2).is_ok());
        check_rejected(&[], 0, 2, "node 0: the node count is out of range");
        assert_eq!(
            Trie::from_packed(&good[..4], 3, 2, 2)
                .unwrap_err()
                .to_string(),
            "node 0: the packed size does not match its counts"
        );
        check_rejected(
            &good,
            2,
            1,
            "node 1: a child uses a letter outside the alphabet",
        );
        check_rejected(
            &[0x01, 0x82, 0x80, 0, 1],
            2,
            2,
            "node 1: the node has no parent",
        );
        check_rejected(
            &[0x01, 0x80, 0x80, 0, 1],
            2,
            2,
            "node 0: the nodes do not form one tree",
        );
        check_rejected(
            &[0x01, 0x81, 0x00, 0, 1],
            2,
            2,
            "node 2: a leaf that ends no word",
        );
        check_rejected(&[0x81, 0x81, 0x80, 0, 1], 3, 2, "node 0: the empty word");
        check_rejected(&good, 3, 2, "node 3: the word count does not match");
        check_rejected(
            &[0x02, 0x80, 0x80, 1, 1],
            2,
            2,
            "node 0: children out of order",
        );
        check_rejected(
            &[0x02, 0x80, 0x80, 1, 0],
            2,
            2,
            "node 0: children out of order",
        );
    }

    /// The huge-page advice must leave any buffer as it was, whatever its
    /// alignment and length.
    #[test]
    fn huge_page_advice_keeps_contents() {
        let mut buffer: Vec<u8> = (0..5 << 20).map(|i: u32| i as u8).collect();
        for start in [0, 3, 4096] {
            advise_huge_pages(&mut buffer[start..]);
        }
        advise_huge_pages(&mut []);
        assert!(buffer.iter().enumerate().all(|(i, &b)| b == i as u8));
        buffer[(4 << 20) + 1] = 7;
        assert_eq!(buffer[(4 << 20) + 1], 7);
    }

    #[test]
    fn empty() {
        let trie = build(&[]);
        assert_eq!(trie.word_count(), 0);
        assert_eq!(trie.node_count(), 1);
        assert!(!trie.contains(&[]));
    }
}
