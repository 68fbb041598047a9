//! The word list as the proof reads it: a dense trie over the letters of
//! the search (at most 32), where the letter `q` stands for the Qu tile and
//! so spells "qu". Words the search cannot place are left out: words with a
//! letter outside the search's letters, words with a `q` not followed by
//! `u`, and words with more tiles than the board has cells.

use crate::{Dictionary, Rules};

/// A node of the trie: its children are numbered `first ..`, one per bit of
/// `mask`, in increasing letter, so a child is found with a count of bits.
#[derive(Clone, Copy, Debug, Default)]
struct Node {
    /// Bit `l` set when the node has a child for letter `l`.
    mask: u32,
    /// The id of the child of the lowest letter in `mask`.
    first: u32,
    /// The points of the word the node ends (0 when it ends none), and in
    /// the top bit whether that word has a letter twice: only such a word
    /// can be spelled by two paths over the same cells with the same letters.
    points: u32,
}

/// The top bit of [`Node::points`].
const REPEATS: u32 = 1 << 31;

/// A trie whose node ids double as word ids (a node ends at most one word).
/// A node's children are numbered together, and near it, so a walk down
/// the trie reads few cache lines.
#[derive(Debug)]
pub struct Lexicon {
    nodes: Vec<Node>,
}

impl Lexicon {
    /// The words of `dict` that fit a board of `cells` cells and use only
    /// `letters`, scored with `rules`.
    pub fn new(dict: &Dictionary, letters: &[char], rules: Rules, cells: usize) -> Lexicon {
        let mut draft = Draft::new(letters.len());
        let mut tiles = Vec::new();
        for word in dict.trie().words() {
            let text = dict.word_text(word);
            if spell(&text, letters, &mut tiles) && tiles.len() <= cells {
                // Points above the flag bit cannot be told apart from it;
                // no rules come near.
                let points = rules.score(text.chars().count()).min(REPEATS - 1);
                draft.insert(&tiles, points);
            }
        }
        draft.lay_out()
    }

    /// The root: the empty prefix.
    pub const ROOT: u32 = 0;

    /// The child of `node` for `letter`, which must be in its mask.
    #[inline]
    pub fn child(&self, node: u32, letter: u32) -> u32 {
        let node = self.nodes[node as usize];
        node.first + (node.mask & ((1 << letter) - 1)).count_ones()
    }

    /// The letters `node` has children for.
    #[inline]
    pub fn mask(&self, node: u32) -> u32 {
        self.nodes[node as usize].mask
    }

    /// The points of the word `node` ends, 0 for none.
    #[inline]
    pub fn points(&self, node: u32) -> u32 {
        self.nodes[node as usize].points & !REPEATS
    }

    /// Whether the word `node` ends has a letter twice.
    #[inline]
    pub fn repeats(&self, node: u32) -> bool {
        self.nodes[node as usize].points & REPEATS != 0
    }

    /// How many nodes, the root included.
    pub fn len(&self) -> usize {
        self.nodes.len()
    }

    /// Whether the lexicon holds no word at all.
    pub fn is_empty(&self) -> bool {
        self.nodes.iter().all(|node| node.points & !REPEATS == 0)
    }
}

/// The trie while words go in: a table of children, a row per node.
struct Draft {
    letters: usize,
    /// `children[node * letters + letter]`: the child, or 0 (the root is
    /// nobody's child).
    children: Vec<u32>,
    nodes: Vec<Node>,
}

impl Draft {
    fn new(letters: usize) -> Draft {
        Draft {
            letters,
            children: vec![0; letters],
            nodes: vec![Node::default()],
        }
    }

    fn insert(&mut self, tiles: &[u8], points: u32) {
        let mut node = 0usize;
        for &letter in tiles {
            let slot = node * self.letters + usize::from(letter);
            if self.children[slot] == 0 {
                self.children[slot] = self.nodes.len() as u32;
                self.children.extend(std::iter::repeat_n(0, self.letters));
                self.nodes.push(Node::default());
                self.nodes[node].mask |= 1 << letter;
            }
            node = self.children[slot] as usize;
        }
        let repeats = tiles
            .iter()
            .enumerate()
            .any(|(index, tile)| tiles[..index].contains(tile));
        self.nodes[node].points = points | if repeats { REPEATS } else { 0 };
    }

    /// Numbers the nodes depth first, giving each node's children
    /// consecutive ids when the node is reached.
    fn lay_out(self) -> Lexicon {
        let mut nodes = vec![Node::default(); self.nodes.len()];
        // (old id, new id) of nodes numbered whose children are not yet.
        let mut stack = vec![(0usize, 0u32)];
        let mut next = 1u32;
        let mut children = Vec::new();
        while let Some((old, new)) = stack.pop() {
            let mut node = self.nodes[old];
            node.first = next;
            nodes[new as usize] = node;
            let row = &self.children[old * self.letters..(old + 1) * self.letters];
            children.clear();
            children.extend(row.iter().copied().filter(|&child| child != 0));
            let first = next;
            next += children.len() as u32;
            for (offset, &child) in children.iter().enumerate().rev() {
                stack.push((child as usize, first + offset as u32));
            }
        }
        Lexicon { nodes }
    }
}

/// Spells `word` as tiles over `letters` into `tiles` (a `q` tile covers
/// "qu"); false when it cannot be spelled.
fn spell(word: &str, letters: &[char], tiles: &mut Vec<u8>) -> bool {
    tiles.clear();
    let mut chars = word.chars().peekable();
    while let Some(letter) = chars.next() {
        if letter == 'q' && chars.next() != Some('u') {
            return false;
        }
        match letters.iter().position(|&l| l == letter) {
            Some(index) => tiles.push(index as u8),
            None => return false,
        }
    }
    true
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Normalizer;

    #[test]
    fn qu_is_one_tile_and_unplaceable_words_are_left_out() {
        let dict = Dictionary::from_words(
            ["quit", "qat", "tea", "eat", "teas", "zeta", "eats"],
            Normalizer::default(),
        )
        .unwrap();
        let letters: Vec<char> = "aeqist".chars().collect();
        let lexicon = Lexicon::new(&dict, &letters, Rules::Classic, 3);
        let walk = |word: &[u32]| {
            word.iter().try_fold(Lexicon::ROOT, |node, &l| {
                (lexicon.mask(node) & (1 << l) != 0).then(|| lexicon.child(node, l))
            })
        };
        // quit: q i t, three tiles, four letters: one point.
        assert_eq!(walk(&[2, 3, 5]).map(|n| lexicon.points(n)), Some(1));
        assert_eq!(walk(&[5, 1, 0]).map(|n| lexicon.points(n)), Some(1));
        // qat has a bare q, zeta a z, teas and eats four tiles on three cells.
        assert_eq!(walk(&[2, 0]), None);
        assert_eq!(walk(&[5, 1, 0, 4]), None);
        assert_eq!(lexicon.len(), 1 + 3 + 3 + 3);
        // tea has no letter twice; quit's tiles q, i, t neither.
        assert!(!lexicon.repeats(walk(&[5, 1, 0]).unwrap()));
        assert!(!lexicon.repeats(walk(&[2, 3, 5]).unwrap()));
    }
}
