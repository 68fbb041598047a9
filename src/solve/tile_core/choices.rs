//! A board's figures for every tile one of its cells may take, from one
//! walk ([`Scorer::score_choices`]) instead of one walk per tile.
//!
//! The boards one cell apart share every path that avoids that cell. So
//! the walk lets the cell hold all the tiles offered at once: a path that
//! has not entered it counts its words for every choice (the board's
//! marks, as [`Scorer::score`] does), and a path that enters it carries
//! the tile it entered as, and counts its words for that choice alone. A
//! word counts once per choice: per trie node, a second mark holds the
//! board and the choices that counted the node's word ([`ChoiceMark`]).
//! When a path that avoids the cell reaches a word after some choices
//! counted it, they give it back, since every choice counts it then; and
//! a choice never counts a word the avoiding paths already counted. The
//! figures equal [`Scorer::score`]'s of each board, which the tests check.
//!
//! A climb scores every other tile of every cell of the boards it
//! expands (`best`'s candidates): on a 5×5 board of 20 letters, 475 of
//! its up to 775 candidates come from 25 such walks instead of 475.
//!
//! The walk is a loop of its own beside [`Scorer::score`]'s, on the same
//! trie, marks and neighbour masks: its stack entries carry the tile the
//! path entered the cell as and it counts per choice, which the one-board
//! walk, the one `solve`'s batches list words with too, should not pay for.

use super::{MAX_CELLS, MAX_TILES, Mark, STACK, Scorer, TileNode, TileTrie};
use crate::prefetch::prefetch;

/// Per tile number, a board's word count and score with that tile in the
/// cell (zeros for a tile not offered).
pub type ChoiceFigures = [(u32, u32); MAX_TILES];

/// A node's second mark: the board (the scorer's epoch) in the high 32
/// bits, the choices that counted its word on that board in the low 32,
/// one bit per tile number.
struct ChoiceMark;

impl ChoiceMark {
    fn of(mark: u64, epoch: u32) -> u32 {
        if (mark >> 32) as u32 == epoch {
            mark as u32
        } else {
            0
        }
    }

    fn make(epoch: u32, choices: u32) -> u64 {
        u64::from(epoch) << 32 | u64::from(choices)
    }
}

/// The figures of the avoiding paths and of each choice, as they are
/// counted: a choice's own words, given back (wrapping) when the avoiding
/// paths reach them later.
struct Tallies {
    base: (u32, u32),
    choices: ChoiceFigures,
}

impl Tallies {
    /// Counts a word of `points` for the avoiding paths, giving it back
    /// from the choices of `counted` that had counted it.
    fn base(&mut self, points: u32, mut counted: u32) {
        self.base.0 += 1;
        self.base.1 += points;
        while counted != 0 {
            let choice = &mut self.choices[counted.trailing_zeros() as usize];
            counted &= counted - 1;
            choice.0 = choice.0.wrapping_sub(1);
            choice.1 = choice.1.wrapping_sub(points);
        }
    }

    fn choice(&mut self, tile: u32, points: u32) {
        let choice = &mut self.choices[tile as usize % MAX_TILES];
        choice.0 += 1;
        choice.1 += points;
    }
}

impl Scorer {
    /// The word count and score of the board `tiles` with its cell `cell`
    /// holding each tile of `choices` in turn (bit `t`: tile number `t`),
    /// as [`Scorer::score`] gives them, from one walk. Tiles not in
    /// `choices` get zeros; a `cell` off the board gives every choice the
    /// board's own figures.
    pub fn score_choices(&mut self, tiles: &[u8], cell: usize, choices: u32) -> ChoiceFigures {
        let cells = tiles.len().min(self.cells);
        let mut figures = [(0, 0); MAX_TILES];
        if cell >= cells {
            let board = self.score(tiles);
            for (tile, slot) in figures.iter_mut().enumerate() {
                if choices & 1 << tile != 0 {
                    *slot = board;
                }
            }
            return figures;
        }
        self.prepare(tiles);
        if self.marks.is_empty() {
            self.marks = self.trie.marks.to_vec();
        }
        if self.choice_marks.len() != self.marks.len() || self.epoch == 1 {
            // New, or the epochs started again: no mark may look current.
            self.choice_marks.clear();
            self.choice_marks.resize(self.marks.len(), 0);
            self.shared_choices.clear();
            self.shared_choices.resize(self.shared.len(), 0);
        }
        // The cell holds every choice, and shows them all to its
        // neighbours; `prepare` set the other cells.
        let own = 1u64 << cell;
        self.by_tile = [0; MAX_TILES];
        for (at, &tile) in tiles[..cells].iter().enumerate() {
            if at != cell {
                self.by_tile[usize::from(tile) % MAX_TILES] |= 1 << at;
            }
        }
        let mut each = choices;
        while each != 0 {
            self.by_tile[each.trailing_zeros() as usize] |= own;
            each &= each - 1;
        }
        let on_board = ((1u128 << cells) - 1) as u64;
        let mut beside = self.neighbours[cell] & on_board;
        while beside != 0 {
            let at = beside.trailing_zeros() as usize;
            beside &= beside - 1;
            let mut around = choices;
            let mut rest = self.neighbours[at] & on_board & !own;
            while rest != 0 {
                around |= 1 << (tiles[rest.trailing_zeros() as usize] % MAX_TILES as u8);
                rest &= rest - 1;
            }
            self.around[at] = around;
        }
        let tallies = self.walk_choices(cells, tiles, cell, choices);
        let mut each = choices;
        while each != 0 {
            let tile = each.trailing_zeros() as usize;
            each &= each - 1;
            let (count, score) = tallies.choices[tile];
            figures[tile] = (
                tallies.base.0.wrapping_add(count),
                tallies.base.1.wrapping_add(score),
            );
        }
        figures
    }

    /// The walk of [`Scorer::score_choices`], as compiled for the bit
    /// instructions when the processor has them (see [`Scorer::walk`]).
    fn walk_choices(&mut self, cells: usize, tiles: &[u8], cell: usize, choices: u32) -> Tallies {
        #[cfg(target_arch = "x86_64")]
        if self.bit_instructions {
            // SAFETY: the processor has every feature `walk_choices_bits`
            // is compiled for: `has_bit_instructions` asked it when the
            // scorer was made.
            #[allow(unsafe_code)]
            return unsafe { self.walk_choices_bits(cells, tiles, cell, choices) };
        }
        self.walk_choices_any(cells, tiles, cell, choices)
    }

    #[cfg(target_arch = "x86_64")]
    #[target_feature(enable = "popcnt,bmi1,bmi2,lzcnt")]
    fn walk_choices_bits(
        &mut self,
        cells: usize,
        tiles: &[u8],
        cell: usize,
        choices: u32,
    ) -> Tallies {
        self.walk_choices_any(cells, tiles, cell, choices)
    }

    /// Follows every path of the board whose cell `cell` holds every tile
    /// of `choices` (the per-board masks are set so). A stack entry's cell
    /// carries, above its low 8 bits, 0 for a path that avoided `cell`, or
    /// 1 + the tile it entered `cell` as.
    #[inline(always)]
    fn walk_choices_any(
        &mut self,
        cells: usize,
        tiles: &[u8],
        cell: usize,
        choices: u32,
    ) -> Tallies {
        let Scorer {
            trie,
            neighbours,
            marks,
            shared,
            choice_marks,
            shared_choices,
            epoch,
            by_tile,
            around,
            stack,
            ..
        } = self;
        let trie = &**trie;
        let nodes = &trie.nodes[..];
        let epoch = *epoch;
        let mark_epoch = epoch << Mark::SCORE_BITS;
        marks[0] = mark_epoch;
        let mut tallies = Tallies {
            base: (0, 0),
            choices: [(0, 0); MAX_TILES],
        };
        // A path that avoided the cell reaches node `index`: its word
        // counts for every choice, unless it did already.
        let avoiding = |marks: &mut [u32],
                        shared: &mut [u32],
                        choice_marks: &[u64],
                        shared_choices: &[u64],
                        tallies: &mut Tallies,
                        index: u32,
                        node: TileNode| {
            let word_mask = ((node.first as i32) >> 31) as u32;
            let at = (index & word_mask) as usize;
            let mark = marks[at];
            marks[at] = mark_epoch | (mark & Mark::SCORE);
            if mark & !Mark::SCORE == mark_epoch {
                return;
            }
            let points = mark & Mark::SCORE;
            if points == Mark::SHARED {
                let (word, points) = shared_word(trie, index);
                if shared[word] != epoch {
                    shared[word] = epoch;
                    tallies.base(points, ChoiceMark::of(shared_choices[word], epoch));
                }
            } else {
                tallies.base(points, ChoiceMark::of(choice_marks[at], epoch));
            }
        };
        // A path that entered the cell as `tile` reaches node `index`: its
        // word counts for that choice, unless the avoiding paths or this
        // choice counted it already.
        let entering = |marks: &[u32],
                        shared: &[u32],
                        choice_marks: &mut [u64],
                        shared_choices: &mut [u64],
                        tallies: &mut Tallies,
                        index: u32,
                        node: TileNode,
                        tile: u32| {
            if node.first & TileNode::WORD == 0 {
                return;
            }
            let at = index as usize;
            let mark = marks[at];
            if mark & !Mark::SCORE == mark_epoch {
                return;
            }
            let bit = 1u32 << (tile % MAX_TILES as u32);
            let points = mark & Mark::SCORE;
            let (slot, points) = if points == Mark::SHARED {
                let (word, points) = shared_word(trie, index);
                if shared[word] == epoch {
                    return;
                }
                (&mut shared_choices[word], points)
            } else {
                (&mut choice_marks[at], points)
            };
            let counted = ChoiceMark::of(*slot, epoch);
            if counted & bit == 0 {
                *slot = ChoiceMark::make(epoch, counted | bit);
                tallies.choice(tile, points);
            }
        };
        let own = 1u64 << cell;
        let stack = &mut **stack;
        let mut top = 0;
        let root = nodes[0];
        for (start, &tile) in tiles[..cells].iter().enumerate() {
            let tile = u32::from(tile) % MAX_TILES as u32;
            if start == cell || root.children & (1 << tile) == 0 {
                continue;
            }
            let index = TileTrie::child(root, tile);
            let node = nodes[index as usize];
            avoiding(
                marks,
                shared,
                choice_marks,
                shared_choices,
                &mut tallies,
                index,
                node,
            );
            stack[top % STACK] = (1 << start, start as u32, index);
            top += usize::from(node.children & around[start] != 0);
        }
        let mut each = choices & root.children;
        while each != 0 {
            let tile = each.trailing_zeros();
            each &= each - 1;
            let index = TileTrie::child(root, tile);
            let node = nodes[index as usize];
            entering(
                marks,
                shared,
                choice_marks,
                shared_choices,
                &mut tallies,
                index,
                node,
                tile,
            );
            stack[top % STACK] = (own, cell as u32 | (tile + 1) << 8, index);
            top += usize::from(node.children & around[cell] != 0);
        }
        while top > 0 {
            top -= 1;
            let (visited, at, index) = stack[top % STACK];
            let (at, entered) = (at & 0xff, at >> 8);
            let node = nodes[index as usize];
            let mut next_tiles = node.children & around[at as usize % MAX_CELLS];
            let open = neighbours[at as usize % MAX_CELLS] & !visited;
            while next_tiles != 0 {
                let tile = next_tiles.trailing_zeros();
                next_tiles &= next_tiles - 1;
                let mut next = by_tile[tile as usize] & open;
                if next == 0 {
                    continue;
                }
                let index = TileTrie::child(node, tile);
                let child = nodes[index as usize];
                if entered != 0 {
                    entering(
                        marks,
                        shared,
                        choice_marks,
                        shared_choices,
                        &mut tallies,
                        index,
                        child,
                        entered - 1,
                    );
                } else {
                    if next & !own != 0 {
                        avoiding(
                            marks,
                            shared,
                            choice_marks,
                            shared_choices,
                            &mut tallies,
                            index,
                            child,
                        );
                    }
                    if next & own != 0 {
                        entering(
                            marks,
                            shared,
                            choice_marks,
                            shared_choices,
                            &mut tallies,
                            index,
                            child,
                            tile,
                        );
                    }
                }
                if child.children == 0 {
                    continue;
                }
                let below = (child.first & !TileNode::WORD) as usize;
                prefetch(nodes, below);
                prefetch(&marks[..], below);
                while next != 0 {
                    let step = next.trailing_zeros();
                    next &= next - 1;
                    let carried = if step as usize == cell {
                        tile + 1
                    } else {
                        entered
                    };
                    stack[top % STACK] = (visited | 1 << step, step | carried << 8, index);
                    top += usize::from(child.children & around[step as usize % MAX_CELLS] != 0);
                }
            }
        }
        tallies
    }
}

/// The word a node of [`Mark::SHARED`] ends, and its score: counted by
/// word rather than by node.
#[cold]
#[inline(never)]
fn shared_word(trie: &TileTrie, index: u32) -> (usize, u32) {
    let listed = trie.listed_word(index as usize);
    (listed.word().index(), listed.score())
}
