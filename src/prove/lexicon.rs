//! The word list as the proof reads it: a dense trie over the letters of
//! the search (at most 32), where the letter `q` stands for the Qu tile and
//! so spells "qu". Words the search cannot place are left out: words with a
//! letter outside the search's letters, words with a `q` not followed by
//! `u`, and words with more tiles than the board has cells.

use crate::{Dictionary, Rules};

/// No child: the root is never anyone's child, so 0 is free.
const NONE: u32 = 0;

/// A trie whose node ids double as word ids (a node ends at most one word).
#[derive(Debug)]
pub struct Lexicon {
    /// How many letters a node branches on.
    letters: usize,
    /// `children[node * letters + letter]`: the child, or [`NONE`].
    children: Vec<u32>,
    /// Bit `l` set when the node has a child for letter `l`.
    masks: Vec<u32>,
    /// The points of the word the node ends (0 when it ends none).
    points: Vec<u32>,
    /// Whether the word the node ends has a letter twice: only such a word
    /// can be spelled by two paths over the same cells with the same letters.
    repeats: Vec<bool>,
}

impl Lexicon {
    /// The words of `dict` that fit a board of `cells` cells and use only
    /// `letters`, scored with `rules`.
    pub fn new(dict: &Dictionary, letters: &[char], rules: Rules, cells: usize) -> Lexicon {
        let mut lexicon = Lexicon {
            letters: letters.len(),
            children: vec![NONE; letters.len()],
            masks: vec![0],
            points: vec![0],
            repeats: vec![false],
        };
        let mut tiles = Vec::new();
        for word in dict.trie().words() {
            let text = dict.word_text(word);
            if spell(&text, letters, &mut tiles) && tiles.len() <= cells {
                lexicon.insert(&tiles, rules.score(text.chars().count()));
            }
        }
        lexicon
    }

    fn insert(&mut self, tiles: &[u8], points: u32) {
        let mut node = 0usize;
        for &letter in tiles {
            let slot = node * self.letters + usize::from(letter);
            if self.children[slot] == NONE {
                let child = self.points.len();
                self.children[slot] = child as u32;
                self.children
                    .extend(std::iter::repeat_n(NONE, self.letters));
                self.masks.push(0);
                self.points.push(0);
                self.repeats.push(false);
                self.masks[node] |= 1 << letter;
            }
            node = self.children[slot] as usize;
        }
        self.points[node] = points;
        self.repeats[node] = tiles
            .iter()
            .enumerate()
            .any(|(index, tile)| tiles[..index].contains(tile));
    }

    /// The root: the empty prefix.
    pub const ROOT: u32 = 0;

    /// The child of `node` for `letter`, which must be in its mask.
    #[inline]
    pub fn child(&self, node: u32, letter: u32) -> u32 {
        self.children[node as usize * self.letters + letter as usize]
    }

    /// The letters `node` has children for.
    #[inline]
    pub fn mask(&self, node: u32) -> u32 {
        self.masks[node as usize]
    }

    /// The points of the word `node` ends, 0 for none.
    #[inline]
    pub fn points(&self, node: u32) -> u32 {
        self.points[node as usize]
    }

    /// Whether the word `node` ends has a letter twice.
    #[inline]
    pub fn repeats(&self, node: u32) -> bool {
        self.repeats[node as usize]
    }

    /// How many nodes, the root included.
    pub fn len(&self) -> usize {
        self.points.len()
    }

    /// Whether the lexicon holds no word at all.
    pub fn is_empty(&self) -> bool {
        self.points.iter().all(|&points| points == 0)
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
