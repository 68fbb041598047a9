//! The packed form of a trie, about two bytes a node: what a compiled
//! dictionary stores, and the checked rebuilding of the whole image from it.

use super::build::ImageWriter;
use super::{NODE_BYTES, Node, Trie, TrieError, check_counts, put_node, put_u32, u32_at};

/// The bit of a node's byte in the packed form that marks it a word.
const WORD_BIT: u8 = 0x80;

impl Trie {
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
        check_counts(node_count, word_count)?;
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
