//! The solver's use of the tile core ([`Scorer`]): which boards it takes,
//! their cells as tile numbers, and the words it finds as a [`Solution`](crate::Solution).
//!
//! The tile core counts and lists words faster than the general search
//! (`small`, `large`), but it knows only a fixed set of tiles and boards of
//! at most [`MAX_CELLS`] cells, keeps no paths and never prunes. So a
//! board goes to it only when paths are not asked for (a wildcard asks for
//! them), every tile is in the set, and the walk stays within the plain
//! search's steps; otherwise the general search answers, and the answer is
//! the same. Building the core's trie costs tens of milliseconds, as much as
//! the general search spends on thousands of boards, so only a solver made
//! for many boards uses it ([`Solver::with_tile_core`](super::Solver::with_tile_core)).

use std::sync::{Arc, Mutex, OnceLock, TryLockError};

use super::options::BoardConfig;
use super::tile_core::{ListedWord, MAX_CELLS, MAX_TILES, Scorer, TileTrie, WordText};
use crate::board::{Board, Tile};
use crate::dict::Dictionary;
use crate::geometry::neighbour_masks;
use crate::rules::Rules;

/// The faces of several letters the core numbers after the alphabet's
/// letters, most common first, as room allows: Qu and the blank, and under
/// Super Big Boggle's rules its other faces. (A test checks that they cover
/// every dice set.)
pub(super) const FACES: [&str; 6] = ["qu", "th", "in", "er", "he", "an"];

/// A tile number no tile has.
const NONE: u8 = u8::MAX;

/// One rule set's tile core: the tiles it numbers and their trie.
#[derive(Debug)]
pub(super) struct TileCore {
    /// The tiles, by number: the alphabet's letters in its order, then Qu,
    /// the blank, and under Super Big Boggle's rules the other [`FACES`]
    /// while fewer than [`MAX_TILES`].
    tiles: Vec<Tile>,
    /// Per ASCII letter, its tile number, or [`NONE`].
    ascii: [u8; 128],
    /// The blank's number, or [`NONE`].
    blank: u8,
    trie: Arc<TileTrie>,
}

impl TileCore {
    fn new(dict: &Dictionary, config: &BoardConfig) -> TileCore {
        let mut tiles: Vec<Tile> = dict
            .alphabet()
            .letters()
            .iter()
            .take(MAX_TILES - 2)
            .map(|&letter| Tile::Letter(letter))
            .collect();
        tiles.push(Tile::qu());
        tiles.push(Tile::Blank);
        // The other faces only for Super Big Boggle's rules, its dice's: a
        // word that can end on one ends at two places in the trie, which
        // costs its count a slower path.
        if config.rules == Rules::SuperBig {
            for face in &FACES[1..] {
                if tiles.len() < MAX_TILES {
                    tiles.push(Tile::Letters((*face).into()));
                }
            }
        }
        // An ASCII letter outside the alphabet spells nothing: a blank.
        let blank = tiles
            .iter()
            .position(|tile| *tile == Tile::Blank)
            .map_or(NONE, |blank| blank as u8);
        let mut ascii = [NONE; 128];
        for letter in 0..128u8 {
            if dict.alphabet().symbol(char::from(letter)).is_none() {
                ascii[usize::from(letter)] = blank;
            }
        }
        for (number, tile) in tiles.iter().enumerate() {
            if let Tile::Letter(letter) = tile
                && letter.is_ascii()
            {
                ascii[*letter as usize] = number as u8;
            }
        }
        let trie = TileTrie::cached(dict, &tiles, config.rules, config.lengths);
        TileCore {
            tiles,
            ascii,
            blank,
            trie: Arc::new(trie),
        }
    }

    /// Writes the tile number of each cell of `board` to `numbers`; false
    /// when the core cannot take the board (too many cells, a wildcard, a
    /// tile it does not number). A tile with a letter outside the
    /// dictionary's alphabet spells nothing, as a blank does.
    fn number(&self, dict: &Dictionary, board: &Board, numbers: &mut Vec<u8>) -> bool {
        numbers.clear();
        if board.len() > MAX_CELLS {
            return false;
        }
        for tile in board.tiles() {
            let number = match tile {
                Tile::Letter(letter) if letter.is_ascii() => self.ascii[*letter as usize],
                Tile::Wildcard => NONE,
                tile => self.number_of(dict, tile),
            };
            if number == NONE {
                return false;
            }
            numbers.push(number);
        }
        true
    }

    /// The number of `tile`, which is not an ASCII letter, or [`NONE`].
    fn number_of(&self, dict: &Dictionary, tile: &Tile) -> u8 {
        if let Some(number) = self.tiles.iter().position(|known| known == tile) {
            return number as u8;
        }
        let spells_nothing = match tile {
            Tile::Letter(letter) => dict.alphabet().symbol(*letter).is_none(),
            Tile::Letters(letters) => letters.chars().any(|c| dict.alphabet().symbol(c).is_none()),
            Tile::Blank | Tile::Wildcard => false,
        };
        if spells_nothing { self.blank } else { NONE }
    }
}

/// A solver's tile cores, one per rule set, built on first use, shared by
/// the solver's clones.
#[derive(Debug, Default)]
pub(super) struct TileCores {
    cores: [OnceLock<TileCore>; 3],
    /// Held by the thread building a core.
    building: [Mutex<()>; 3],
}

impl TileCores {
    /// The core for `config`, built now if this is its first use; `None`
    /// while another thread builds it, so that the other workers go on
    /// with the general search meanwhile instead of waiting.
    fn core(&self, dict: &Dictionary, config: &BoardConfig) -> Option<&TileCore> {
        let rules = config.rules as usize % 3;
        if let Some(core) = self.cores[rules].get() {
            return Some(core);
        }
        let _building = match self.building[rules].try_lock() {
            Ok(guard) => guard,
            Err(TryLockError::Poisoned(poisoned)) => poisoned.into_inner(),
            Err(TryLockError::WouldBlock) => return None,
        };
        Some(self.cores[rules].get_or_init(|| TileCore::new(dict, config)))
    }
}

/// What a walk of the tile core is for: the cores, the dictionary they
/// were made from, the board's configuration, and the most paths the walk
/// follows before it gives the board back to the general search.
#[derive(Clone, Copy)]
pub(super) struct CoreWalk<'a> {
    pub(super) cores: &'a TileCores,
    pub(super) dict: &'a Dictionary,
    pub(super) config: &'a BoardConfig,
    pub(super) max_paths: u64,
}

/// One worker's state for the tile core, kept in its
/// [`Scratch`](super::Scratch).
#[derive(Clone, Debug, Default)]
pub(crate) struct TileScratch {
    scorer: Option<Scorer>,
    /// The board shape the scorer's neighbours are set for.
    shape: (usize, usize),
    numbers: Vec<u8>,
    words: Vec<ListedWord>,
    /// How many boards the core answered.
    pub(super) answered: u64,
}

impl TileScratch {
    /// Sets `self.scorer` to the core's for the walk's configuration, set
    /// for `board`, whose tile numbers it puts in `self.numbers`; `None`
    /// when the core does not take the board, or takes no walk of the
    /// walk's most paths.
    #[inline(always)]
    fn set_up(&mut self, with: &CoreWalk<'_>, board: &Board) -> Option<()> {
        let CoreWalk {
            cores,
            dict,
            config,
            max_paths,
        } = *with;
        if config.paths || max_paths == 0 || board.len() > MAX_CELLS {
            return None;
        }
        let core = cores.core(dict, config)?;
        if !core.number(dict, board, &mut self.numbers) {
            return None;
        }
        let scorer = match &mut self.scorer {
            Some(scorer) if Arc::ptr_eq(scorer.trie(), &core.trie) => scorer,
            slot => {
                self.shape = (0, 0);
                slot.insert(Scorer::new(Arc::clone(&core.trie), &[]))
            }
        };
        let shape = (board.rows(), board.cols());
        if self.shape != shape {
            scorer.set_neighbours(&neighbour_masks(shape.0, shape.1));
            self.shape = shape;
        }
        Some(())
    }

    /// The word count and score of `board` under the walk's configuration
    /// from the tile core, with `LIST` its words in `self.words` in a
    /// solution's order (see [`ListedWord`]), or `None` when the core does
    /// not take the board or its walk would pass its most paths.
    pub(super) fn walk<const LIST: bool>(
        &mut self,
        with: &CoreWalk<'_>,
        board: &Board,
    ) -> Option<(usize, u64)> {
        self.set_up(with, board)?;
        let scorer = self.scorer.as_mut()?;
        let (count, score) = if LIST {
            self.words.clear();
            scorer.list_within(&self.numbers, with.max_paths, &mut self.words)?
        } else {
            scorer.score_within(&self.numbers, with.max_paths)?
        };
        self.answered += 1;
        Some((count as usize, u64::from(score)))
    }

    /// The words the last listing [`walk`](TileScratch::walk) found, in
    /// a solution's order.
    pub(super) fn listed(&mut self) -> &mut [ListedWord] {
        &mut self.words
    }

    /// The words of `board` under the walk's configuration as the ranks of
    /// the core's listing, with their texts ([`ListedTexts`]), or `None`
    /// when the core does not take the board or its walk would pass its
    /// most paths. The texts by rank are made now from the dictionary's if
    /// the core has none yet.
    pub(super) fn rank_walk(
        &mut self,
        with: &CoreWalk<'_>,
        board: &Board,
    ) -> Option<ListedTexts<'_>> {
        self.set_up(with, board)?;
        self.scorer
            .as_mut()?
            .rank_within(&self.numbers, with.max_paths)?;
        self.answered += 1;
        let scorer = self.scorer.as_ref()?;
        let trie = scorer.trie();
        Some(ListedTexts {
            rules: with.config.rules,
            ranks: scorer.ranks(),
            by_rank: trie.by_rank(),
            texts: trie.word_texts(with.dict),
        })
    }
}

/// A board's words as the tile core found them, as ranks of its listing
/// (in a solution's order), with their texts and scores by rank: all that
/// JSON in that order needs, with no word looked up
/// ([`Solver::list_texts_with`](super::Solver::list_texts_with)).
#[derive(Debug)]
pub struct ListedTexts<'s> {
    /// The rules they were scored by.
    pub rules: Rules,
    ranks: &'s [u32],
    /// Per rank, its word, and its text.
    by_rank: &'s [ListedWord],
    texts: &'s [WordText],
}

impl ListedTexts<'_> {
    /// How many words there are.
    pub fn len(&self) -> usize {
        self.ranks.len()
    }

    /// Whether there are none.
    pub fn is_empty(&self) -> bool {
        self.ranks.is_empty()
    }

    /// The text and score of word `at` (in a solution's order), when kept
    /// ([`WordText`]); otherwise [`ListedTexts::word`] has them.
    #[inline(always)]
    pub fn text(&self, at: usize) -> Option<&WordText> {
        let text = self.texts.get(*self.ranks.get(at)? as usize)?;
        text.kept_len().map(|_| text)
    }

    /// Word `at` (in a solution's order).
    pub fn word(&self, at: usize) -> ListedWord {
        let rank = self.ranks.get(at).copied().unwrap_or(u32::MAX);
        self.by_rank.get(rank as usize).copied().unwrap_or_default()
    }

    /// Asks the cache for the texts of the words, ahead of
    /// [`ListedTexts::text`].
    pub fn prefetch(&self) {
        for &rank in self.ranks {
            crate::prefetch::prefetch(self.texts, rank as usize);
        }
    }
}
