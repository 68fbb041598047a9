//! The checks of a trie image read from outside: every invariant the search
//! and the word lookups rely on, in a few linear passes.

use super::{Image, Node, NodeId, Trie, TrieError, check_counts, image_len, u32_at};

impl Trie {
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
        check_counts(node_count, word_count)?;
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
