//! The search's scorer: a board's word count and score, from a trie over
//! the search's own tiles rather than over letters.
//!
//! The boards a search visits are made of a few tiles known in advance
//! (`a`…`z`, `qu`, a die's `th`), so [`TileTrie`] follows the dictionary's
//! trie once per tile sequence and numbers the tiles densely: a step of the
//! walk is then one bit of a mask, whatever letters the tile holds, and a
//! board is a slice of tile numbers, scored with no parsing and no
//! allocation ([`Scorer::score`]). The walk is the solver's small search on
//! masks: visited cells in one `u64`, per tile the mask of cells holding it,
//! per cell the tiles around it, per-word epoch marks so that a word found
//! along several paths counts once. Its figures equal the solver's, which the
//! tests check on random boards.

use crate::alphabet::Symbol;
use crate::board::Tile;
use crate::dict::Dictionary;
use crate::rules::{LengthOptions, Rules};
use crate::trie::NodeId;

/// The most tiles a search's trie can number (one bit each in a `u32`):
/// enough for a–z and the Super Big Boggle faces (Qu, An, Er, He, In, Th and
/// the blank make 32).
pub const MAX_TILES: usize = 32;

/// The most cells a scored board may have (one bit each in a `u64`).
pub const MAX_CELLS: usize = 64;

/// A node of the tile trie, 8 bytes: its children's tiles as a mask, and
/// its first child's index (children are contiguous, in tile order) with
/// [`TileNode::WORD`] set when it ends a word counted under the rules.
/// The word itself is in [`TileTrie::words`], read only then.
#[derive(Clone, Copy, Debug)]
struct TileNode {
    children: u32,
    first: u32,
}

impl TileNode {
    const WORD: u32 = 1 << 31;
    const NO_WORD: u32 = u32::MAX;
}

/// The dictionary's words spelt with a fixed set of tiles.
#[derive(Clone, Debug)]
pub struct TileTrie {
    nodes: Vec<TileNode>,
    /// Per node, the dictionary word it ends, or [`TileNode::NO_WORD`].
    words: Vec<u32>,
    /// Per dictionary word, its score (only words the trie reaches are set).
    scores: Vec<u32>,
}

impl TileTrie {
    /// The trie of `dict`'s words spelt with `tiles` (at most [`MAX_TILES`];
    /// tile number `i` is `tiles[i]`), each word scored under `rules` and
    /// kept only when its length counts under them. A blank or wildcard
    /// tile, or one with a letter outside the dictionary, spells nothing.
    pub fn new(dict: &Dictionary, tiles: &[Tile], rules: Rules) -> TileTrie {
        let lengths = LengthOptions::default().filter(rules);
        let spellings: Vec<Option<Vec<Symbol>>> = tiles
            .iter()
            .take(MAX_TILES)
            .map(|tile| spelling(dict, tile))
            .collect();
        let trie = dict.trie();
        let mut scores = vec![0; dict.word_count()];
        // Breadth first: each node's children get consecutive indices when
        // the node is reached in the queue. Each entry: (dictionary node,
        // letters so far).
        let mut queue: Vec<(NodeId, usize)> = vec![(NodeId::ROOT, 0)];
        let mut nodes = vec![TileNode {
            children: 0,
            first: 0,
        }];
        let mut words = vec![TileNode::NO_WORD];
        let mut head = 0;
        while head < queue.len() {
            let (id, depth) = queue[head];
            let mut children = 0u32;
            let first = nodes.len() as u32;
            for (number, spelling) in spellings.iter().enumerate() {
                let Some(letters) = spelling else { continue };
                let mut at = Some(id);
                for &symbol in letters {
                    at = at.and_then(|node| trie.node(node).child(symbol));
                }
                let Some(child) = at else { continue };
                let child_depth = depth + letters.len();
                let word = trie
                    .node(child)
                    .word()
                    .filter(|_| lengths.allows(child_depth));
                if let Some(word) = word {
                    scores[word.index()] = rules.score(child_depth);
                }
                children |= 1 << number;
                nodes.push(TileNode {
                    children: 0,
                    first: if word.is_some() { TileNode::WORD } else { 0 },
                });
                words.push(word.map_or(TileNode::NO_WORD, |word| word.index() as u32));
                queue.push((child, child_depth));
            }
            nodes[head].children = children;
            nodes[head].first |= first;
            head += 1;
        }
        TileTrie {
            nodes,
            words,
            scores,
        }
    }

    /// The index of the child of `node` along tile `tile`, which must be
    /// one of its children.
    #[inline(always)]
    fn child(node: TileNode, tile: u32) -> u32 {
        let below = node.children & ((1u32 << tile) - 1);
        (node.first & !TileNode::WORD) + below.count_ones()
    }
}

/// The dictionary's symbols spelling `tile`, or `None` when it spells no word.
fn spelling(dict: &Dictionary, tile: &Tile) -> Option<Vec<Symbol>> {
    let alphabet = dict.alphabet();
    match tile {
        Tile::Letter(letter) => alphabet.symbol(*letter).map(|symbol| vec![symbol]),
        Tile::Letters(letters) => letters.chars().map(|c| alphabet.symbol(c)).collect(),
        Tile::Blank | Tile::Wildcard => None,
    }
}

/// The adjacency of a board size: per cell, the mask of its neighbours.
pub fn neighbour_masks(rows: usize, cols: usize) -> Vec<u64> {
    let mut masks = vec![0u64; rows * cols];
    for row in 0..rows {
        for col in 0..cols {
            for (dr, dc) in [
                (-1, -1),
                (-1, 0),
                (-1, 1),
                (0, -1),
                (0, 1),
                (1, -1),
                (1, 0),
                (1, 1),
            ] {
                let (r, c) = (row as isize + dr, col as isize + dc);
                if (0..rows as isize).contains(&r) && (0..cols as isize).contains(&c) {
                    masks[row * cols + col] |= 1 << (r as usize * cols + c as usize);
                }
            }
        }
    }
    masks
}

/// One thread's scorer: the marks and per-board masks, reused board after
/// board.
#[derive(Clone, Debug)]
pub struct Scorer<'t> {
    trie: &'t TileTrie,
    neighbours: &'t [u64],
    /// `marks[w] == epoch` when word `w` was counted on this board.
    marks: Vec<u32>,
    epoch: u32,
    /// Per tile, the cells holding it.
    by_tile: [u64; MAX_TILES],
    /// Per cell, the tiles of its neighbours.
    around: [u32; MAX_CELLS],
    count: u32,
    score: u32,
}

impl<'t> Scorer<'t> {
    /// A scorer of boards whose cells have the adjacency `neighbours`
    /// (at most [`MAX_CELLS`] cells).
    pub fn new(trie: &'t TileTrie, neighbours: &'t [u64]) -> Scorer<'t> {
        Scorer {
            trie,
            neighbours,
            marks: vec![0; trie.scores.len()],
            epoch: 0,
            by_tile: [0; MAX_TILES],
            around: [0; MAX_CELLS],
            count: 0,
            score: 0,
        }
    }

    /// The word count and score of the board whose cell `i` holds tile
    /// number `tiles[i]` (one per cell of the adjacency).
    pub fn score(&mut self, tiles: &[u8]) -> (u32, u32) {
        self.epoch = self.epoch.wrapping_add(1);
        if self.epoch == 0 {
            self.marks.fill(0);
            self.epoch = 1;
        }
        let cells = tiles.len().min(self.neighbours.len());
        for &tile in &tiles[..cells] {
            self.by_tile[usize::from(tile) % MAX_TILES] = 0;
        }
        for (cell, &tile) in tiles[..cells].iter().enumerate() {
            self.by_tile[usize::from(tile) % MAX_TILES] |= 1 << cell;
        }
        for (cell, &mask) in self.neighbours[..cells].iter().enumerate() {
            let mut around = 0u32;
            let mut rest = mask;
            while rest != 0 {
                around |= 1 << (tiles[rest.trailing_zeros() as usize] % MAX_TILES as u8);
                rest &= rest - 1;
            }
            self.around[cell] = around;
        }
        self.count = 0;
        self.score = 0;
        let root = self.trie.nodes[0];
        for (cell, &tile) in tiles[..cells].iter().enumerate() {
            let tile = u32::from(tile) % MAX_TILES as u32;
            if root.children & (1 << tile) != 0 {
                self.visit(cell as u32, TileTrie::child(root, tile), 1 << cell);
            }
        }
        (self.count, self.score)
    }

    /// Counts the word node `index` ends (reached on `cell`, the path's
    /// cells `visited`), then goes on to the open neighbours continuing it.
    fn visit(&mut self, cell: u32, index: u32, visited: u64) {
        let node = self.trie.nodes[index as usize];
        if node.first & TileNode::WORD != 0 {
            let word = self.trie.words[index as usize] as usize;
            if let Some(mark) = self.marks.get_mut(word)
                && *mark != self.epoch
            {
                *mark = self.epoch;
                self.count += 1;
                self.score += self.trie.scores[word];
            }
        }
        let mut tiles = node.children & self.around[cell as usize % MAX_CELLS];
        if tiles == 0 {
            return;
        }
        let open = self.neighbours[cell as usize] & !visited;
        while tiles != 0 {
            let tile = tiles.trailing_zeros();
            tiles &= tiles - 1;
            let mut cells = self.by_tile[tile as usize] & open;
            if cells == 0 {
                continue;
            }
            let child = TileTrie::child(node, tile);
            while cells != 0 {
                let next = cells.trailing_zeros();
                cells &= cells - 1;
                self.visit(next, child, visited | 1 << next);
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::dice::{BoardRng, DiceSet, Roller};
    use crate::{Board, Normalizer, SolveOptions, Solver};

    /// The scorer's figures equal the solver's summary on random boards,
    /// uniform letters (with Qu) and every dice set (digraphs, blanks).
    #[test]
    fn scores_equal_the_solvers() {
        let words = [
            "cat", "cats", "act", "tact", "scat", "quit", "quits", "suit", "tin", "tins", "thin",
            "then", "hen", "her", "here", "inert", "tiers", "rest", "tres", "anthem", "heat",
            "theta", "aqua", "equal", "stain", "satin", "saint", "antis", "tannin", "ease",
        ];
        let dict = Dictionary::from_words(words, Normalizer::default()).unwrap();
        let mut rng = BoardRng::new(5);
        for set in [
            DiceSet::Uniform,
            DiceSet::New,
            DiceSet::Big,
            DiceSet::SuperBig,
        ] {
            let roller = Roller::new(set, Some(set.size().unwrap_or((3, 5)))).unwrap();
            let (rows, cols) = roller.size();
            let rules = Rules::Classic;
            let solver = Solver::new(&dict, SolveOptions::new(rules));
            let mut tiles: Vec<Tile> = Vec::new();
            let boards: Vec<Board> = (0..300).map(|_| roller.roll(&mut rng)).collect();
            for board in &boards {
                for tile in board.tiles() {
                    if !tiles.contains(tile) {
                        tiles.push(tile.clone());
                    }
                }
            }
            let trie = TileTrie::new(&dict, &tiles, rules);
            let neighbours = neighbour_masks(rows, cols);
            let mut scorer = Scorer::new(&trie, &neighbours);
            let mut found = 0;
            for board in &boards {
                let numbers: Vec<u8> = board
                    .tiles()
                    .iter()
                    .map(|tile| tiles.iter().position(|t| t == tile).unwrap() as u8)
                    .collect();
                let summary = solver.summarize_with(board, &mut crate::Scratch::default());
                let (count, score) = scorer.score(&numbers);
                assert_eq!(
                    (count as usize, u64::from(score)),
                    (summary.count, summary.score),
                    "{}",
                    board.canonical()
                );
                found += count;
            }
            assert!(
                found > 0,
                "{set}: the boards found no words, so the check checked nothing"
            );
        }
    }
}
