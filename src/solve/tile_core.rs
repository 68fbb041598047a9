//! The search's scorer: a board's word count and score, from a trie over
//! the search's own tiles rather than over letters.
//!
//! The boards a search visits are made of a few tiles known in advance
//! (`a`…`z`, `qu`, a die's `th`), so [`TileTrie`] follows the dictionary's
//! trie once per tile sequence and numbers the tiles densely: a step of the
//! walk is then one bit of a mask, whatever letters the tile holds, and a
//! board is a slice of tile numbers, scored with no parsing and no
//! allocation ([`Scorer::score`]). The walk is the solver's small search on
//! masks, with a stack of its own instead of recursion: visited cells in one
//! `u64`, per tile the mask of cells holding it, per cell the tiles around
//! it. A word found along several paths counts once: each trie node has a
//! mark holding the last board that counted it and the word's score, so a
//! word costs one memory access, made without a branch. A walk that lists
//! the words sets a bit at each word's rank in a solution's order instead
//! ([`Listing`], [`Seen`]), and reads them back sorted, with no sort; per
//! rank the trie keeps each word's text and score too ([`WordText`]), so
//! that JSON in that order is written from the ranks alone. Its figures
//! and words equal the solver's, which the tests check on random boards.

use crate::alphabet::Symbol;
use crate::board::Tile;
use crate::dict::Dictionary;
use crate::mapped::Table;
use crate::prefetch::prefetch;
use crate::rules::{LengthFilter, LengthOptions, Rules};
use std::collections::VecDeque;
use std::sync::{Arc, OnceLock};

use crate::trie::{NodeId, WordId};

mod choices;
mod file;

pub use choices::ChoiceFigures;

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
#[derive(Clone, Copy, Debug, PartialEq, Eq, bytemuck::Zeroable, bytemuck::Pod)]
#[repr(C)]
struct TileNode {
    children: u32,
    first: u32,
}

impl TileNode {
    const WORD: u32 = 1 << 31;
    const NO_WORD: u32 = u32::MAX;
}

/// The dictionary's words spelt with a fixed set of tiles.
///
/// Its tables are built in memory, or used where they lie in the file a
/// run before wrote (`mapped::Table`, module `file`), which was checked
/// whole when read: every node fits the tables (`TileTrie::fits`), every
/// rank of its listing is at most the count of its words ranked.
#[derive(Clone, Debug)]
pub struct TileTrie {
    nodes: Table<TileNode>,
    /// Per node, the first mark of a [`Scorer`]: the score of the word the
    /// node ends, or [`Mark::SHARED`] when that word ends at other nodes too
    /// (`th`+`e` and `t`+`h`+`e`) or scores too much for the mark, or 0.
    marks: Table<u32>,
    /// Per node, the word it ends, or [`TileNode::NO_WORD`].
    words: Table<u32>,
    /// Per dictionary word, its score and its length in letters (0 for a
    /// word no tile sequence spells, or one the rules do not count).
    scores: Table<u32>,
    lengths: Table<u8>,
    /// What a listing walk reads instead of marks: made when a scorer
    /// first lists (or read with the trie from its file), and then only
    /// read, by every thread's scorer.
    listed: OnceLock<Listing>,
    /// Per rank of the listing, its word's text ([`WordText`]): made when
    /// first asked for ([`TileTrie::word_texts`]), or taken then from
    /// `texts_in_file`.
    texts: OnceLock<Table<WordText>>,
    /// The texts the trie's file holds, checked only when first asked
    /// for: a run that writes no words reads none of them.
    texts_in_file: Option<Table<WordText>>,
}

/// The tables of a listing walk. The trie's counted words are ranked in a
/// solution's order ([`ListedWord`]'s), so that a walk keeps each word it
/// reaches as one bit at its rank ([`Seen`]) and reads the bits back in
/// order: its words come out sorted and each once, with no sort.
#[derive(Clone, Debug)]
struct Listing {
    /// Per node, the rank of the word it ends; for a node that ends none
    /// (the root among them), `by_rank.len()`, a rank past every word's.
    ranks: Table<u32>,
    /// Per rank, its word.
    by_rank: Table<ListedWord>,
}

/// Two tries are equal when their words and nodes are; the listing and
/// the texts follow from them, made or not.
impl PartialEq for TileTrie {
    fn eq(&self, other: &TileTrie) -> bool {
        self.nodes == other.nodes
            && self.marks == other.marks
            && self.words == other.words
            && self.scores == other.scores
            && self.lengths == other.lengths
    }
}

impl Eq for TileTrie {}

/// A word a listing found: its id, score and length in one `u64`, laid
/// out so that the number orders words as a solution does, score
/// descending, then by id (which is alphabetical): the length in bits 0–7,
/// the id in 8–39, and 65,535 less the score in 40–55.
#[derive(
    Clone, Copy, Debug, Default, PartialEq, Eq, PartialOrd, Ord, bytemuck::Zeroable, bytemuck::Pod,
)]
#[repr(transparent)]
pub struct ListedWord(u64);

impl ListedWord {
    fn new(word: u32, score: u32, len: u8) -> ListedWord {
        ListedWord(
            u64::from(len) | u64::from(word) << 8 | (0xffff - u64::from(score.min(0xffff))) << 40,
        )
    }

    /// The word's id in the dictionary.
    pub fn word(self) -> WordId {
        WordId::from_index((self.0 >> 8 & 0xffff_ffff) as usize)
    }

    /// Its score.
    pub fn score(self) -> u32 {
        0xffff - (self.0 >> 40 & 0xffff) as u32
    }

    /// Its length in letters.
    pub fn letters(self) -> usize {
        (self.0 & 0xff) as usize
    }
}

/// A listed word's text and score as an output writes them, in a fixed 16
/// bytes: up to [`WordText::MOST`] bytes of text that JSON writes as they
/// are (no control character, quote or backslash) and zeros after them,
/// the score in the next byte and the text's length in the last; or, for
/// any other text or a score above 127, zeros and a length no text has
/// in the last byte, and the writer asks the listing and the dictionary.
/// Copied as a whole, with no call. Kept per rank, by the tile trie (and
/// in its file): the words a walk finds most, the short
/// ones, lie together there, where by word id they are spread over the
/// whole list; and a walk's words are written from their ranks alone.
#[derive(Clone, Copy, Debug, PartialEq, Eq, bytemuck::Zeroable, bytemuck::Pod)]
#[repr(C, align(16))]
pub struct WordText([u8; 16]);

impl WordText {
    /// The longest text kept, in bytes.
    pub const MOST: usize = 14;
    /// The last byte of a text not kept: a length no kept text has. It and
    /// a score are ASCII bytes, so that a table of texts is UTF-8 exactly
    /// when each of its texts is.
    const NONE: u8 = 16;
    /// The highest score kept.
    const TOP_SCORE: u32 = 127;

    /// The slot of `text`, of score `score`.
    fn new(text: &str, score: u32) -> WordText {
        let mut slot = WordText([0; 16]);
        let kept = text.len() <= WordText::MOST
            && crate::json::is_plain(text.as_bytes())
            && score <= WordText::TOP_SCORE;
        if kept {
            slot.0[..text.len()].copy_from_slice(text.as_bytes());
            slot.0[WordText::MOST] = score as u8;
            slot.0[WordText::MOST + 1] = text.len() as u8;
        } else {
            slot.0[WordText::MOST + 1] = WordText::NONE;
        }
        slot
    }

    /// The length of the text kept, or `None` for a text not kept.
    #[inline(always)]
    pub fn kept_len(&self) -> Option<usize> {
        let len = self.0[WordText::MOST + 1];
        (len != WordText::NONE).then_some(usize::from(len) % (WordText::MOST + 1))
    }

    /// The score of a text kept.
    #[inline(always)]
    pub fn score(&self) -> u32 {
        u32::from(self.0[WordText::MOST])
    }

    /// The 16 bytes: the text kept first, then zeros, its score and its
    /// length.
    #[inline(always)]
    pub fn bytes(&self) -> &[u8; 16] {
        &self.0
    }

    /// The text kept, or `None`.
    pub fn text(&self) -> Option<&str> {
        std::str::from_utf8(&self.0[..self.kept_len()?]).ok()
    }

    /// Whether the slot is one [`WordText::new`] could make, but for its
    /// text's being UTF-8 (which [`WordText::all_fit`] checks for the whole
    /// table at once). No branch, so that a file's slots are checked
    /// several at a time.
    fn fits(&self) -> bool {
        let len = self.0[WordText::MOST + 1];
        let none = len == WordText::NONE;
        let kept = if none { 0 } else { len };
        let score = self.0[WordText::MOST];
        let mut fit = (len <= WordText::MOST as u8 || none)
            & (u32::from(score) <= WordText::TOP_SCORE)
            & (!none || score == 0);
        for (at, &byte) in self.0[..WordText::MOST].iter().enumerate() {
            let text = (at as u8) < kept;
            fit &= if text {
                crate::json::is_plain_byte(byte)
            } else {
                byte == 0
            };
        }
        fit
    }

    /// Whether every slot of `texts` [fits](WordText::fits) and their texts
    /// are UTF-8: checked as one string, which it is exactly when each
    /// text is (a text's bytes are followed by zeros or its score, ASCII
    /// bytes that no character continues into).
    fn all_fit(texts: &[WordText]) -> bool {
        let fit = texts.iter().fold(true, |fit, slot| fit & slot.fits());
        fit && std::str::from_utf8(bytemuck::cast_slice(texts)).is_ok()
    }
}

/// A scorer's mark of a trie node: the last board that counted the node's
/// word in the high bits, the word's score (or [`Mark::SHARED`]) in the
/// low [`Mark::SCORE_BITS`].
struct Mark;

impl Mark {
    const SCORE_BITS: u32 = 8;
    const SCORE: u32 = (1 << Mark::SCORE_BITS) - 1;
    /// The score of a node whose word is counted by word rather than by
    /// node.
    const SHARED: u32 = Mark::SCORE;
    /// The boards a scorer tells apart before it clears its marks.
    const BOARDS: u32 = 1 << (32 - Mark::SCORE_BITS);
}

impl TileTrie {
    /// The trie of `dict`'s words spelt with `tiles` (at most [`MAX_TILES`];
    /// tile number `i` is `tiles[i]`), each word scored under `rules` and
    /// kept only when its length counts under them. A blank or wildcard
    /// tile, or one with a letter outside the dictionary, spells nothing.
    pub fn new(dict: &Dictionary, tiles: &[Tile], rules: Rules) -> TileTrie {
        TileTrie::with_lengths(dict, tiles, rules, LengthOptions::default().filter(rules))
    }

    /// [`TileTrie::new`], keeping the words whose length `lengths` allows.
    pub fn with_lengths(
        dict: &Dictionary,
        tiles: &[Tile],
        rules: Rules,
        lengths: LengthFilter,
    ) -> TileTrie {
        let spellings: Vec<Option<Vec<Symbol>>> = tiles
            .iter()
            .take(MAX_TILES)
            .map(|tile| spelling(dict, tile))
            .collect();
        // The tile of each one-letter spelling (the first, if two tiles
        // spell the same letter), and the tiles of several letters.
        let mut by_symbol = [NO_TILE; 64];
        let mut several: Vec<(u32, &[Symbol])> = Vec::new();
        for (number, letters) in spellings.iter().enumerate() {
            match letters.as_deref() {
                Some([symbol]) => {
                    let slot = &mut by_symbol[symbol.index() % 64];
                    if *slot == NO_TILE {
                        *slot = number as u8;
                    }
                }
                Some(letters) if letters.len() > 1 => several.push((number as u32, letters)),
                _ => {}
            }
        }
        let trie = dict.trie();
        let mut lens = vec![0u8; dict.word_count()];
        // Breadth first: each node's children get consecutive indices when
        // the node is reached in the queue. A dictionary node reached along
        // several tile sequences (`qu`, and `q` then `u`) is laid out once,
        // where it is first reached; where else it is reached, a copy of it
        // points to the same children, so its subtree is not repeated.
        // Each queue entry: (dictionary node, letters so far, index).
        let trie_nodes = trie.nodes();
        let room = trie.node_count() + trie.node_count() / 8;
        let mut placed = vec![u32::MAX; trie.node_count()];
        placed[NodeId::ROOT.index()] = 0;
        let mut queue: VecDeque<(NodeId, u32, u32)> = VecDeque::new();
        queue.push_back((NodeId::ROOT, 0, 0));
        let mut copies: Vec<(usize, u32)> = Vec::new();
        let mut nodes = Vec::with_capacity(room);
        nodes.push(TileNode {
            children: 0,
            first: 0,
        });
        let mut words = Vec::with_capacity(room);
        words.push(TileNode::NO_WORD);
        let mut block: Vec<(u32, NodeId, usize)> = Vec::new();
        while let Some((id, depth, at)) = queue.pop_front() {
            let depth = depth as usize;
            let node = trie_nodes.get(id);
            block.clear();
            let mut letters = node.children;
            while letters != 0 {
                let symbol = letters.trailing_zeros();
                let bit = letters & letters.wrapping_neg();
                letters &= letters - 1;
                let tile = by_symbol[symbol as usize];
                if tile != NO_TILE {
                    block.push((u32::from(tile), node.child_at(bit), depth + 1));
                }
            }
            for &(tile, spelt) in &several {
                if node.children & 1 << (spelt[0].index() % 64) == 0 {
                    continue;
                }
                let mut reached = Some(id);
                for &symbol in spelt {
                    reached = reached.and_then(|node| trie_nodes.get(node).child(symbol));
                }
                if let Some(child) = reached {
                    block.push((tile, child, depth + spelt.len()));
                }
            }
            block.sort_unstable_by_key(|&(tile, _, _)| tile);
            let mut children = 0u32;
            let first = nodes.len() as u32;
            for &(tile, child, child_depth) in &block {
                let below = trie_nodes.get(child);
                let word = below.word().filter(|_| lengths.allows(child_depth));
                if let Some(word) = word {
                    // At most 127: no length filter allows more.
                    lens[word.index()] = child_depth.min(usize::from(u8::MAX)) as u8;
                }
                children |= 1 << tile;
                let index = nodes.len();
                nodes.push(TileNode {
                    children: 0,
                    first: if word.is_some() { TileNode::WORD } else { 0 },
                });
                words.push(word.map_or(TileNode::NO_WORD, |word| word.index() as u32));
                match placed[child.index()] {
                    u32::MAX => {
                        placed[child.index()] = index as u32;
                        // A leaf is finished as pushed.
                        if below.children != 0 {
                            queue.push_back((child, child_depth as u32, index as u32));
                        }
                    }
                    original => copies.push((index, original)),
                }
            }
            nodes[at as usize].children = children;
            nodes[at as usize].first |= first;
        }
        for (index, original) in copies {
            let original = nodes[original as usize];
            nodes[index].children = original.children;
            nodes[index].first |= original.first & !TileNode::WORD;
        }
        TileTrie::assemble(nodes, words, lens, rules)
    }

    /// [`TileTrie::with_lengths`], read from its file beside `dict`'s cache
    /// entry when there is one and it holds this trie, and written there
    /// when not (see the module `file`).
    pub fn cached(
        dict: &Dictionary,
        tiles: &[Tile],
        rules: Rules,
        lengths: LengthFilter,
    ) -> TileTrie {
        let build = || TileTrie::with_lengths(dict, tiles, rules, lengths);
        match dict.derived_files() {
            Some(files) => {
                let made_for = format!("{tiles:?} {rules:?} {lengths:?}");
                file::load_or_build(files, made_for.as_bytes(), dict, build)
            }
            None => build(),
        }
    }

    /// Whether `node`, with its `word` and first `mark`, fits in a trie of
    /// `nodes` nodes and `words` words: its children among the nodes, its
    /// word among the words and there exactly when its word bit is set, its
    /// mark a score, 0 without a word. [`TileTrie::from_tables`] takes only
    /// nodes that fit. Whether the marks are the ones the words give is not
    /// checked: wrong ones give wrong figures, and no read of the walk goes
    /// out of bounds.
    fn fits(node: TileNode, word: u32, mark: u32, nodes: usize, words: usize) -> bool {
        let below = u64::from(node.first & !TileNode::WORD) + u64::from(node.children.count_ones());
        let ends = node.first & TileNode::WORD != 0;
        // `&` rather than `&&`: no branch, so that a file's nodes are
        // checked several at a time.
        (node.children == 0 || below <= nodes as u64)
            & (ends == (word != TileNode::NO_WORD))
            & (!ends || (word as usize) < words)
            & (mark <= Mark::SCORE)
            & (ends || mark == 0)
    }

    /// The trie of `nodes`, the word each ends, their marks, each word's
    /// score and length in letters (0 for a word it does not count) and
    /// its listing, as its file holds them: `None` unless every node
    /// [fits](TileTrie::fits), every rank is at most the count of words
    /// ranked, the tables' lengths agree, and no length is above any a
    /// filter allows.
    fn from_tables(
        nodes: Table<TileNode>,
        words: Table<u32>,
        marks: Table<u32>,
        scores: Table<u32>,
        lengths: Table<u8>,
        listing: Listing,
        texts: Table<WordText>,
    ) -> Option<TileTrie> {
        let (count, word_count, ranked) = (nodes.len(), lengths.len(), listing.by_rank.len());
        // Folds with `&` rather than `all`: no branch per value, so that
        // the compiler checks several at a time.
        let fit = nodes.iter().zip(words.iter()).zip(marks.iter()).fold(
            true,
            |fit, ((&node, &word), &mark)| {
                fit & TileTrie::fits(node, word, mark, count, word_count)
            },
        );
        let ranks_fit = listing
            .ranks
            .iter()
            .fold(true, |fit, &rank| fit & (rank as usize <= ranked));
        let lengths_fit = lengths.iter().fold(true, |fit, &len| fit & (len < 128));
        let whole = count > 0
            && words.len() == count
            && marks.len() == count
            && listing.ranks.len() == count
            && scores.len() == word_count
            && ranked <= word_count
            && texts.len() == ranked;
        (whole && fit && ranks_fit && lengths_fit).then(|| TileTrie {
            nodes,
            marks,
            words,
            scores,
            lengths,
            listed: OnceLock::from(listing),
            texts: OnceLock::new(),
            texts_in_file: Some(texts),
        })
    }

    /// The trie of `nodes`, the word each ends and each word's length in
    /// letters (0 for a word it does not count), its scores under `rules`
    /// and its marks worked out.
    fn assemble(nodes: Vec<TileNode>, words: Vec<u32>, lengths: Vec<u8>, rules: Rules) -> TileTrie {
        let scores = scores(&lengths, rules);
        // How many nodes end each word.
        let mut ends = vec![0u8; lengths.len()];
        for &word in &words {
            if word != TileNode::NO_WORD {
                ends[word as usize] = ends[word as usize].saturating_add(1);
            }
        }
        let marks: Vec<u32> = words
            .iter()
            .map(|&word| match word {
                TileNode::NO_WORD => 0,
                word if ends[word as usize] > 1 => Mark::SHARED,
                word => scores[word as usize].min(Mark::SHARED),
            })
            .collect();
        TileTrie {
            nodes: nodes.into(),
            marks: marks.into(),
            words: words.into(),
            scores: scores.into(),
            lengths: lengths.into(),
            listed: OnceLock::new(),
            texts: OnceLock::new(),
            texts_in_file: None,
        }
    }

    /// The [`ListedWord`] of the word node `index` ends (the default for
    /// none).
    fn listed_word(&self, index: usize) -> ListedWord {
        match self.words[index] {
            TileNode::NO_WORD => ListedWord::default(),
            word => ListedWord::new(
                word,
                self.scores[word as usize],
                self.lengths[word as usize],
            ),
        }
    }

    /// The tables a listing walk reads. Made on first use.
    fn listing(&self) -> &Listing {
        // In ordinary pages, as are a scorer's marks: the walks read a
        // node and its entry here, or its mark, at the same index, and
        // listing and counting measured slower with these tables in huge
        // pages as well as the nodes.
        self.listed.get_or_init(|| Listing::of(self))
    }

    /// Per rank, its word ([`Scorer::ranks`] are ranks).
    pub(super) fn by_rank(&self) -> &[ListedWord] {
        &self.listing().by_rank
    }

    /// Per rank of the listing, its word's text: on first use, the trie's
    /// file's when they [fit](WordText::all_fit), or else made from
    /// `dict`'s texts ([`Dictionary::prepare_word_texts`]); `dict` is the
    /// dictionary the trie was made from.
    pub(super) fn word_texts(&self, dict: &Dictionary) -> &[WordText] {
        self.texts.get_or_init(|| {
            if let Some(texts) = &self.texts_in_file
                && WordText::all_fit(texts)
            {
                return texts.clone();
            }
            dict.prepare_word_texts();
            let texts: Vec<WordText> = self
                .listing()
                .by_rank
                .iter()
                .map(|word| WordText::new(&dict.word_str(word.word()), word.score()))
                .collect();
            texts.into()
        })
    }

    /// The index of the child of `node` along tile `tile`, which must be
    /// one of its children.
    #[inline(always)]
    fn child(node: TileNode, tile: u32) -> u32 {
        let below = node.children & ((1u32 << tile) - 1);
        (node.first & !TileNode::WORD) + below.count_ones()
    }
}

/// Each word's score under `rules`, from its length in letters (0: a word
/// not counted).
fn scores(lengths: &[u8], rules: Rules) -> Vec<u32> {
    lengths
        .iter()
        .map(|&len| {
            if len == 0 {
                0
            } else {
                rules.score(usize::from(len))
            }
        })
        .collect()
}

/// Counts the word of node `index`, which ends at other nodes too (or
/// scores too much for a mark), unless this board counted it: by word
/// rather than by node, out of the walk's loop, as few words need it.
#[cold]
#[inline(never)]
fn reach_shared(
    trie: &TileTrie,
    shared: &mut [u32],
    tally: &mut (u32, u32),
    index: u32,
    epoch: u32,
) {
    let listed = trie.listed_word(index as usize);
    let word = listed.word().index();
    if shared[word] != epoch {
        shared[word] = epoch;
        tally.0 += 1;
        tally.1 += listed.score();
    }
}

impl Listing {
    /// The listing tables of `trie`: its counted words (those with a
    /// length) ranked by a counting sort on their scores, as their ids are
    /// in order already.
    fn of(trie: &TileTrie) -> Listing {
        let counted = |word: usize| trie.lengths[word] != 0;
        let listed =
            |word: usize| ListedWord::new(word as u32, trie.scores[word], trie.lengths[word]);
        let words = trie.lengths.len();
        // Per score from the highest down, its words' count, and then the
        // rank of its next word.
        let top = (0..words)
            .filter(|&word| counted(word))
            .map(|word| listed(word).score())
            .max()
            .unwrap_or(0) as usize;
        let mut next = vec![0u32; top + 1];
        for word in (0..words).filter(|&word| counted(word)) {
            next[top - listed(word).score() as usize] += 1;
        }
        let mut ranked = 0;
        for slot in &mut next {
            let words = *slot;
            *slot = ranked;
            ranked += words;
        }
        let mut by_rank = vec![ListedWord::default(); ranked as usize];
        let mut rank_of = vec![ranked; words];
        for word in (0..words).filter(|&word| counted(word)) {
            let listed = listed(word);
            let next = &mut next[top - listed.score() as usize];
            by_rank[*next as usize] = listed;
            rank_of[word] = *next;
            *next += 1;
        }
        let ranks: Vec<u32> = trie
            .words
            .iter()
            .map(|&word| rank_of.get(word as usize).copied().unwrap_or(ranked))
            .collect();
        Listing {
            ranks: ranks.into(),
            by_rank: by_rank.into(),
        }
    }
}

/// A listing walk's words, as bits: bit `r % 64` of `bits[r / 64]` is set
/// when the walk reached a word of rank `r` ([`Listing`]), and bit `i % 64`
/// of `blocks[i / 64]` when `bits[i]` has one set. Setting a word's two
/// bits costs the walk no branch, whether the word is new or not; reading
/// them back visits only the blocks set. All clear between walks.
#[derive(Clone, Debug, Default)]
struct Seen {
    bits: Vec<u64>,
    blocks: Vec<u64>,
    /// Where [`Seen::take_ranks`] reads out the places of `bits` set, a group
    /// of 64 blocks at a time, and then their ranks.
    ats: Vec<u32>,
    ranks: Vec<u32>,
    /// How many of `ranks` are the last take's words'.
    taken: usize,
}

impl Seen {
    /// Room for the ranks below `ranks`.
    fn new(ranks: usize) -> Seen {
        let bits = ranks.div_ceil(64);
        Seen {
            bits: vec![0; bits],
            blocks: vec![0; bits.div_ceil(64)],
            ats: vec![0; 64 * 64 + 4],
            ranks: Vec::new(),
            taken: 0,
        }
    }

    /// Keeps the word of rank `rank`.
    #[inline(always)]
    fn put(&mut self, rank: u32) {
        let rank = rank as usize;
        self.bits[rank / 64] |= 1 << (rank % 64);
        self.blocks[rank / 4096] |= 1 << (rank / 64 % 64);
    }

    /// Adds the words kept to `words` in rank order, leaving every bit
    /// clear; returns how many words and their score. A rank past
    /// `by_rank` (a node that ends no word) adds nothing.
    #[cfg(test)]
    fn take(&mut self, by_rank: &[ListedWord], words: &mut Vec<ListedWord>) -> (u32, u32) {
        self.take_ranks(by_rank.len());
        self.words(by_rank, words)
    }

    /// Adds the words of the ranks the last [`Seen::take_ranks`] read out
    /// to `words`; returns how many and their score.
    fn words(&self, by_rank: &[ListedWord], words: &mut Vec<ListedWord>) -> (u32, u32) {
        let mut score = 0;
        let ranks = self.taken_ranks();
        words.extend(ranks.iter().map(|&rank| {
            let word = by_rank[rank as usize];
            score += word.score();
            word
        }));
        (ranks.len() as u32, score)
    }

    /// Reads out the ranks kept, in order, leaving every bit clear; returns
    /// how many there are below `ranked` ([`Seen::taken_ranks`]), leaving
    /// out a rank past them (a node that ends no word).
    fn take_ranks(&mut self, ranked: usize) -> usize {
        let Seen {
            bits,
            blocks,
            ats,
            ranks,
            taken,
        } = self;
        let mut count = 0;
        let mut set_blocks = [0u32; 64 + 4];
        for (group_at, group) in blocks.chunks_mut(64).enumerate() {
            // The blocks set, as one mask: no branch per block.
            let set = group
                .iter()
                .enumerate()
                .fold(0u64, |set, (at, &block)| set | u64::from(block != 0) << at);
            let set_count = positions(set, 64 * group_at as u32, &mut set_blocks);
            // Each level read out whole before the next, so that a loop's
            // turns do not hang on how many the level below took.
            let mut ats_count = 0;
            for &block_at in &set_blocks[..set_count] {
                let block = std::mem::take(&mut group[block_at as usize % 64]);
                ats_count += positions(block, 64 * block_at, &mut ats[ats_count..]);
            }
            for &at in &ats[..ats_count] {
                let word_bits = std::mem::take(&mut bits[at as usize]);
                if ranks.len() < count + 64 + 4 {
                    ranks.resize(2 * ranks.len() + 64 + 4, 0);
                }
                count += positions(word_bits, 64 * at, &mut ranks[count..]);
            }
        }
        // The last rank is past every word's when a node that ends none
        // was reached.
        if count > 0 && ranks[count - 1] as usize >= ranked {
            count -= 1;
        }
        *taken = count;
        count
    }

    /// The ranks the last [`Seen::take_ranks`] read out, in order.
    fn taken_ranks(&self) -> &[u32] {
        &self.ranks[..self.taken]
    }
}

/// Writes the positions of the bits set in `bits`, plus `base`, to the
/// start of `out` in order, and returns how many. Writes four at a time,
/// and past the last (`out` has room for four more than the bits set): a
/// word with up to four bits takes one turn of the loop, with no branch
/// per bit.
#[inline(always)]
fn positions(mut bits: u64, base: u32, out: &mut [u32]) -> usize {
    let count = bits.count_ones() as usize;
    let mut at = 0;
    loop {
        let four: &mut [u32; 4] = (&mut out[at..at + 4])
            .try_into()
            .unwrap_or_else(|_| unreachable!("four places"));
        for place in four {
            *place = base.wrapping_add(bits.trailing_zeros());
            bits &= bits.wrapping_sub(1);
        }
        at += 4;
        if at >= count {
            return count;
        }
    }
}

/// The `by_symbol` entry of a symbol no tile spells alone.
const NO_TILE: u8 = u8::MAX;

/// The dictionary's symbols spelling `tile`, or `None` when it spells no word.
fn spelling(dict: &Dictionary, tile: &Tile) -> Option<Vec<Symbol>> {
    let alphabet = dict.alphabet();
    match tile {
        Tile::Letter(letter) => alphabet.symbol(*letter).map(|symbol| vec![symbol]),
        Tile::Letters(letters) => letters.chars().map(|c| alphabet.symbol(c)).collect(),
        Tile::Blank | Tile::Wildcard => None,
    }
}

/// One thread's scorer: the marks, the stack and the per-board masks,
/// reused board after board.
#[derive(Clone, Debug)]
pub struct Scorer {
    trie: Arc<TileTrie>,
    /// Per cell, its neighbours; `neighbours[..cells]` is the board's.
    neighbours: [u64; MAX_CELLS],
    cells: usize,
    /// Per trie node, its [`Mark`]: `marks[i] >> Mark::SCORE_BITS == epoch`
    /// when node `i`'s word was counted on this board. `marks[0]` (the
    /// root, which ends no word) is where the walk's other nodes write.
    /// Empty until the scorer first counts without listing.
    marks: Vec<u32>,
    /// Per dictionary word, the last board that counted it, for the words
    /// of [`Mark::SHARED`] nodes.
    shared: Vec<u32>,
    /// Per trie node, and per dictionary word for the words of
    /// [`Mark::SHARED`] nodes, the choices of a cell that counted its word
    /// on this board (see the module `choices`). Empty until the scorer
    /// first scores a cell's choices.
    choice_marks: Vec<u64>,
    shared_choices: Vec<u64>,
    epoch: u32,
    /// A listing walk's words. Empty until the scorer first lists.
    seen: Seen,
    /// Per tile, the cells holding it.
    by_tile: [u64; MAX_TILES],
    /// Per cell, the tiles of its neighbours.
    around: [u32; MAX_CELLS],
    /// The walk's paths still to follow: the cells visited, the last cell
    /// and the trie node it reached. Its length is fixed ([`STACK`]), so
    /// that the walk writes an entry without asking whether it fits.
    stack: Box<[(u64, u32, u32); STACK]>,
    /// Whether the processor has the bit instructions of
    /// [`has_bit_instructions`]: the walk is then run as compiled for them.
    #[cfg_attr(not(target_arch = "x86_64"), allow(dead_code))]
    bit_instructions: bool,
}

/// Whether this processor has the bit instructions of x86-64-v3 that the
/// walk uses on every step: `tzcnt` for the next tile or cell and `blsr`
/// to clear it, in one instruction each. The x86-64-v2 target the binary is
/// built for (`.cargo/config.toml`) has `popcnt` but neither, and spends a
/// branch or a second instruction on each.
fn has_bit_instructions() -> bool {
    #[cfg(target_arch = "x86_64")]
    {
        std::is_x86_feature_detected!("popcnt")
            && std::is_x86_feature_detected!("bmi1")
            && std::is_x86_feature_detected!("bmi2")
            && std::is_x86_feature_detected!("lzcnt")
    }
    #[cfg(not(target_arch = "x86_64"))]
    false
}

/// The entries of the walk's stack, a power of two above the most it can
/// hold (one more than that, as a push writes one place above the top):
/// every cell as a start, and then each step down takes one entry off and
/// puts at most one on per open neighbour (a neighbour holds one tile);
/// with at most [`MAX_CELLS`] cells, each with fewer neighbours, and at
/// most as many steps down, that is below `MAX_CELLS * MAX_CELLS + 1`.
const STACK: usize = (MAX_CELLS * MAX_CELLS + 1).next_power_of_two();

/// The most paths a walk follows when it has no limit.
const UNLIMITED: u64 = u64::MAX;

impl Scorer {
    /// A scorer of `trie`'s words on boards whose cells have the adjacency
    /// `neighbours` (at most [`MAX_CELLS`] cells).
    pub fn new(trie: Arc<TileTrie>, neighbours: &[u64]) -> Scorer {
        let mut scorer = Scorer {
            marks: Vec::new(),
            shared: vec![0; trie.scores.len()],
            choice_marks: Vec::new(),
            shared_choices: Vec::new(),
            trie,
            neighbours: [0; MAX_CELLS],
            cells: 0,
            seen: Seen::default(),
            epoch: 0,
            by_tile: [0; MAX_TILES],
            around: [0; MAX_CELLS],
            stack: vec![(0, 0, 0); STACK]
                .into_boxed_slice()
                .try_into()
                .unwrap_or_else(|_| unreachable!("the stack is made STACK long")),
            bit_instructions: has_bit_instructions(),
        };
        scorer.set_neighbours(neighbours);
        scorer
    }

    /// The trie the scorer counts the words of.
    pub fn trie(&self) -> &Arc<TileTrie> {
        &self.trie
    }

    /// Scores boards of the adjacency `neighbours` from now on.
    pub fn set_neighbours(&mut self, neighbours: &[u64]) {
        self.cells = neighbours.len().min(MAX_CELLS);
        self.neighbours[..self.cells].copy_from_slice(&neighbours[..self.cells]);
    }

    /// The word count and score of the board whose cell `i` holds tile
    /// number `tiles[i]` (one per cell of the adjacency).
    pub fn score(&mut self, tiles: &[u8]) -> (u32, u32) {
        self.score_within(tiles, UNLIMITED).unwrap_or_default()
    }

    /// [`Scorer::score`], or `None` once the walk has followed `max_paths`
    /// paths (a board of one letter repeated, whose paths spelling
    /// prefixes are countless): the caller then asks a search that prunes.
    pub fn score_within(&mut self, tiles: &[u8], max_paths: u64) -> Option<(u32, u32)> {
        let cells = self.prepare(tiles);
        if self.marks.is_empty() {
            // In ordinary pages (see `TileTrie::listing`).
            self.marks = self.trie.marks.to_vec();
        }
        self.walk::<false>(cells, tiles, max_paths)
    }

    /// [`Scorer::score_within`], adding each word found to `words` once
    /// (its id in the dictionary, score and length), in a solution's order
    /// (see [`ListedWord`]). When the walk passes `max_paths`, the words
    /// added are some of the board's.
    pub fn list_within(
        &mut self,
        tiles: &[u8],
        max_paths: u64,
        words: &mut Vec<ListedWord>,
    ) -> Option<(u32, u32)> {
        let walked = self.rank_within(tiles, max_paths);
        let figures = self.seen.words(&self.trie.listing().by_rank, words);
        walked.map(|_| figures)
    }

    /// [`Scorer::list_within`], keeping only the ranks of the words found
    /// in the trie's listing ([`Scorer::ranks`]), and returning how many:
    /// their words and scores are read from the listing, or from their
    /// texts kept by rank, only when needed.
    pub fn rank_within(&mut self, tiles: &[u8], max_paths: u64) -> Option<usize> {
        let cells = self.prepare(tiles);
        if self.seen.bits.is_empty() {
            // One rank more, for the nodes that end no word.
            self.seen = Seen::new(self.trie.listing().by_rank.len() + 1);
        }
        let walked = self.walk::<true>(cells, tiles, max_paths);
        // Taken even past `max_paths`, which leaves the bits clear.
        let count = self.seen.take_ranks(self.trie.listing().by_rank.len());
        walked.map(|_| count)
    }

    /// The ranks in the trie's listing of the words the last
    /// [`Scorer::rank_within`] or [`Scorer::list_within`] found, in order.
    pub fn ranks(&self) -> &[u32] {
        self.seen.taken_ranks()
    }

    /// Starts a board: a new epoch of the marks, and the masks of
    /// `tiles`. Returns how many cells the board has.
    fn prepare(&mut self, tiles: &[u8]) -> usize {
        self.epoch += 1;
        if self.epoch == Mark::BOARDS {
            for mark in &mut self.marks {
                *mark &= Mark::SCORE;
            }
            self.shared.fill(0);
            self.epoch = 1;
        }
        let cells = tiles.len().min(self.cells);
        for &tile in &tiles[..cells] {
            self.by_tile[usize::from(tile) % MAX_TILES] = 0;
        }
        for (cell, &tile) in tiles[..cells].iter().enumerate() {
            self.by_tile[usize::from(tile) % MAX_TILES] |= 1 << cell;
        }
        let on_board = ((1u128 << cells) - 1) as u64;
        for (cell, &mask) in self.neighbours[..cells].iter().enumerate() {
            let mut around = 0u32;
            let mut rest = mask & on_board;
            while rest != 0 {
                around |= 1 << (tiles[rest.trailing_zeros() as usize] % MAX_TILES as u8);
                rest &= rest - 1;
            }
            self.around[cell] = around;
        }
        cells
    }

    /// Follows every path from each of the first `cells` cells (the
    /// per-board masks are set), counting the words they spell, and with
    /// `LIST` keeping them in `seen`: the word count and score of the
    /// board, or `None` past `max_paths` paths. A path is on the stack
    /// only when some tile around its last cell continues it, and a
    /// child's word is counted once for all the cells that spell it, when
    /// the child is reached.
    fn walk<const LIST: bool>(
        &mut self,
        cells: usize,
        tiles: &[u8],
        max_paths: u64,
    ) -> Option<(u32, u32)> {
        #[cfg(target_arch = "x86_64")]
        if self.bit_instructions {
            // SAFETY: the processor has every feature `walk_bits` is
            // compiled for: `has_bit_instructions` asked it when the scorer
            // was made.
            #[allow(unsafe_code)]
            return unsafe { self.walk_bits::<LIST>(cells, tiles, max_paths) };
        }
        self.walk_any::<LIST>(cells, tiles, max_paths)
    }

    /// [`Scorer::walk`] compiled for the bit instructions of
    /// [`has_bit_instructions`]: 5% less time for a batch of uniform 4×4
    /// boards (docs/performance.md).
    #[cfg(target_arch = "x86_64")]
    #[target_feature(enable = "popcnt,bmi1,bmi2,lzcnt")]
    fn walk_bits<const LIST: bool>(
        &mut self,
        cells: usize,
        tiles: &[u8],
        max_paths: u64,
    ) -> Option<(u32, u32)> {
        self.walk_any::<LIST>(cells, tiles, max_paths)
    }

    /// The walk, inlined into each of the two above. With `LIST`, it
    /// keeps the words it reaches in `seen` and counts none of them: its
    /// figures are `(0, 0)`, and [`Seen::take_ranks`] has the words'.
    #[inline(always)]
    fn walk_any<const LIST: bool>(
        &mut self,
        cells: usize,
        tiles: &[u8],
        max_paths: u64,
    ) -> Option<(u32, u32)> {
        // Each field borrowed once, so that the loop keeps them in registers.
        let Scorer {
            trie,
            neighbours,
            marks,
            shared,
            epoch,
            by_tile,
            around,
            stack,
            seen,
            ..
        } = self;
        let trie = &**trie;
        let nodes = &trie.nodes[..];
        // A listing walk writes no marks: it keeps the rank of every word
        // node it reaches, from the trie's table, and the bits keep each
        // word once.
        let ranks = if LIST { &trie.listing().ranks[..] } else { &[] };
        let epoch = *epoch;
        let mark_epoch = epoch << Mark::SCORE_BITS;
        // A node that ends no word marks the root, which then never counts.
        if !LIST {
            marks[0] = mark_epoch;
        }
        // Counts the word of node `index`, unless this board counted it; or,
        // listing, keeps it, to be counted once read back. Every node marks
        // or sets one place (the root's, or its word's), so that a word is
        // counted or kept with no branch to mispredict.
        let reach = |marks: &mut [u32],
                     shared: &mut [u32],
                     seen: &mut Seen,
                     tally: &mut (u32, u32),
                     index: u32,
                     node: TileNode| {
            // The node's index masked by its word bit spread over all 32
            // bits: arithmetic, where an `if` was compiled to a branch in
            // the listing walk.
            let word_mask = ((node.first as i32) >> 31) as u32;
            let at = (index & word_mask) as usize;
            if LIST {
                seen.put(ranks[at]);
                return;
            }
            let mark = marks[at];
            marks[at] = mark_epoch | (mark & Mark::SCORE);
            let (new, points) = (mark & !Mark::SCORE != mark_epoch, mark & Mark::SCORE);
            if points == Mark::SHARED {
                if new {
                    reach_shared(trie, shared, tally, index, epoch);
                }
            } else {
                tally.0 += u32::from(new);
                tally.1 += u32::from(new) * points;
            }
        };
        let mut tally = (0, 0);
        // The paths still allowed, counted down to zero: one number where
        // a count and its limit took two, in a loop short of registers
        // (a batch of uniform 4×4 boards took 2% less time).
        let mut paths_left = max_paths;
        // A push writes its entry above the top always and keeps it (moves
        // the top up) only when its path goes on: no branch to mispredict,
        // and the walk took a fifth less time than with one.
        let stack = &mut **stack;
        let mut top = 0;
        let root = nodes[0];
        for (cell, &tile) in tiles[..cells].iter().enumerate() {
            let tile = u32::from(tile) % MAX_TILES as u32;
            if root.children & (1 << tile) == 0 {
                continue;
            }
            let index = TileTrie::child(root, tile);
            let node = nodes[index as usize];
            reach(marks, shared, seen, &mut tally, index, node);
            stack[top % STACK] = (1 << cell, cell as u32, index);
            top += usize::from(node.children & around[cell] != 0);
        }
        while top > 0 {
            top -= 1;
            let (visited, cell, index) = stack[top % STACK];
            if paths_left == 0 {
                return None;
            }
            paths_left -= 1;
            let node = nodes[index as usize];
            let mut tiles = node.children & around[cell as usize % MAX_CELLS];
            let open = neighbours[cell as usize % MAX_CELLS] & !visited;
            while tiles != 0 {
                let tile = tiles.trailing_zeros();
                tiles &= tiles - 1;
                let mut cells = by_tile[tile as usize] & open;
                if cells == 0 {
                    continue;
                }
                let index = TileTrie::child(node, tile);
                let child = nodes[index as usize];
                reach(marks, shared, seen, &mut tally, index, child);
                if child.children == 0 {
                    continue;
                }
                let below = (child.first & !TileNode::WORD) as usize;
                prefetch(nodes, below);
                if LIST {
                    prefetch(ranks, below);
                } else {
                    prefetch(&marks[..], below);
                }
                while cells != 0 {
                    let next = cells.trailing_zeros();
                    cells &= cells - 1;
                    stack[top % STACK] = (visited | 1 << next, next, index);
                    top += usize::from(child.children & around[next as usize % MAX_CELLS] != 0);
                }
            }
        }
        Some(tally)
    }
}

#[cfg(test)]
mod tests;
