//! The minimal DAWG of a word list as a perfect-hashing automaton, and the
//! layout the search walks in place.
//!
//! [`Minimal::build`] takes the words in alphabetical order of their
//! symbols and registers each state once its last edge is known (the
//! incremental construction for sorted input of Daciuk, Mihov, Watson and
//! Watson), so two prefixes with the same set of endings share one state.
//! [`Layout::new`] then stores the automaton as one array of edge records,
//! each 16 bytes like a trie node: the target's child mask, then in one
//! 64-bit word the index of the target's first edge and the edge's id
//! offset (the words that sort before the words reached through it from its
//! state, the state's own word included) with the target's final flag in
//! its top bit. A state's edges are contiguous in symbol order, so a child
//! is found with one `popcount` as in the trie, and a word's id is the sum
//! of the offsets along its path. [`Narrow`] holds the same records in 12
//! bytes, for alphabets of at most 32 letters. The offset of an edge
//! depends only on its state's set of endings, so the offsets cost no
//! sharing: the states are those of the plain minimal automaton.

use std::collections::HashMap;

/// A state before it is frozen: whether it ends a word, and its edges
/// (symbol, target state) in symbol order.
#[derive(Clone, Debug, Default, PartialEq, Eq, Hash)]
struct State {
    is_final: bool,
    edges: Vec<(u8, u32)>,
}

/// The minimal automaton, states numbered in the order they were frozen
/// (every target before its sources).
#[derive(Debug)]
pub struct Minimal {
    states: Vec<State>,
    root: u32,
}

impl Minimal {
    /// The minimal automaton of `words`, each a sequence of symbols below
    /// 64, in strictly increasing order.
    pub fn build(words: impl IntoIterator<Item = Vec<u8>>) -> Minimal {
        let mut register = HashMap::new();
        let mut states = Vec::new();
        // The states along the last word: `path[i]` after its `i` first
        // symbols, each but the last with its last edge still open.
        let mut path = vec![State::default()];
        let mut previous: Vec<u8> = Vec::new();
        for word in words {
            let common = word
                .iter()
                .zip(&previous)
                .take_while(|(a, b)| a == b)
                .count();
            assert!(
                common < word.len() && previous.get(common) < word.get(common),
                "words must come in strictly increasing order"
            );
            freeze(&mut path, common + 1, &mut register, &mut states);
            for &symbol in &word[common..] {
                let open = path.last_mut().expect("the path holds the root");
                open.edges.push((symbol, u32::MAX));
                path.push(State::default());
            }
            path.last_mut().expect("the path holds the root").is_final = true;
            previous = word;
        }
        freeze(&mut path, 1, &mut register, &mut states);
        let root = path.pop().expect("the path holds the root");
        let root = intern(root, &mut register, &mut states);
        Minimal { states, root }
    }

    /// How many states, the root included.
    pub fn state_count(&self) -> usize {
        self.states.len()
    }

    /// How many edges.
    pub fn edge_count(&self) -> usize {
        self.states.iter().map(|state| state.edges.len()).sum()
    }

    /// Per state, how many words its endings make.
    fn word_counts(&self) -> Vec<u32> {
        let mut counts = vec![0u32; self.states.len()];
        // Targets are frozen before their sources.
        for (id, state) in self.states.iter().enumerate() {
            counts[id] = u32::from(state.is_final)
                + state
                    .edges
                    .iter()
                    .map(|&(_, target)| counts[target as usize])
                    .sum::<u32>();
        }
        counts
    }
}

/// Freezes the states of `path` past its first `keep`, last first, each
/// replaced in its parent's open edge by its registered equal.
fn freeze(
    path: &mut Vec<State>,
    keep: usize,
    register: &mut HashMap<State, u32>,
    states: &mut Vec<State>,
) {
    while path.len() > keep {
        let state = path.pop().expect("the path is longer than `keep`");
        let id = intern(state, register, states);
        let parent = path.last_mut().expect("`keep` is at least 1");
        parent.edges.last_mut().expect("the edge just followed").1 = id;
    }
}

/// The id of the registered state equal to `state`, registering it if none is.
fn intern(state: State, register: &mut HashMap<State, u32>, states: &mut Vec<State>) -> u32 {
    *register.entry(state.clone()).or_insert_with(|| {
        states.push(state);
        (states.len() - 1) as u32
    })
}

/// One edge as the search reads it: what a trie node holds, for the
/// edge's target, with an id offset in place of a word id.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[repr(C)]
pub struct Edge {
    /// Bit `s` is set when the target has an edge for symbol `s`.
    pub children: u64,
    /// The index of the target's first edge (meaningless without
    /// children) in the low half; the edge's id offset in the high half,
    /// its top bit [`Edge::FINAL`] set when the target ends a word. One
    /// word, so that the search adds the id offset of the prefix so far
    /// with one addition and passes the result in one register.
    pub place: u64,
}

impl Edge {
    /// The bit of [`Edge::place`] set when the target ends a word.
    pub const FINAL: u64 = 1 << 63;

    /// An edge to a state with no edge that ends no word, read for an
    /// index out of range (which a layout built here never gives).
    pub const NONE: Edge = Edge {
        children: 0,
        place: 0,
    };

    /// The `place` of a target whose first edge is `first`, reached with
    /// id offset `offset`.
    pub fn place(first: u32, offset: u32, is_final: bool) -> u64 {
        u64::from(first) | u64::from(offset) << 32 | if is_final { Edge::FINAL } else { 0 }
    }

    /// The index of the target's first edge.
    #[inline(always)]
    pub fn first(self) -> u32 {
        self.place as u32
    }

    /// The id offset alone.
    #[inline(always)]
    pub fn offset(self) -> u32 {
        ((self.place & !Edge::FINAL) >> 32) as u32
    }

    /// Whether the target ends a word.
    #[inline(always)]
    pub fn is_final(self) -> bool {
        self.place & Edge::FINAL != 0
    }

    /// The index of the edge for the single bit `bit`, which must be set
    /// in `children`, of a state whose first edge is `first`.
    #[inline(always)]
    pub fn child_at(children: u64, first: u32, bit: u64) -> usize {
        (first + (children & (bit - 1)).count_ones()) as usize
    }
}

/// Edge records as the search reads them, whatever their layout.
pub trait Edges {
    /// The edge at `index`, or [`Edge::NONE`] past the end.
    fn edge(&self, index: usize) -> Edge;

    /// The root, as an edge into it (offset 0, not final).
    fn root(&self) -> Edge;
}

impl Edges for Layout {
    #[inline(always)]
    fn edge(&self, index: usize) -> Edge {
        self.edges.get(index).copied().unwrap_or(Edge::NONE)
    }

    fn root(&self) -> Edge {
        self.root
    }
}

/// The same edge records in 12 bytes each, for alphabets of at most 32
/// letters: the child mask as a `u32`, then the place as an unaligned
/// `u64`, little-endian.
#[derive(Debug)]
pub struct Narrow {
    bytes: Vec<u8>,
    root: Edge,
}

impl Narrow {
    /// The bytes of one record.
    const RECORD: usize = 12;

    /// `layout` in 12-byte records, or `None` when a mask uses a symbol
    /// past 31.
    pub fn new(layout: &Layout) -> Option<Narrow> {
        let mut bytes = Vec::with_capacity(layout.edges.len() * Narrow::RECORD);
        for edge in &layout.edges {
            bytes.extend(u32::try_from(edge.children).ok()?.to_le_bytes());
            bytes.extend(edge.place.to_le_bytes());
        }
        Some(Narrow {
            bytes,
            root: layout.root,
        })
    }

    /// The records as stored.
    pub fn as_bytes(&self) -> &[u8] {
        &self.bytes
    }
}

impl Edges for Narrow {
    #[inline(always)]
    fn edge(&self, index: usize) -> Edge {
        let start = index * Narrow::RECORD;
        match self.bytes.get(start..start + Narrow::RECORD) {
            Some(&[c0, c1, c2, c3, p0, p1, p2, p3, p4, p5, p6, p7]) => Edge {
                children: u64::from(u32::from_le_bytes([c0, c1, c2, c3])),
                place: u64::from_le_bytes([p0, p1, p2, p3, p4, p5, p6, p7]),
            },
            _ => Edge::NONE,
        }
    }

    fn root(&self) -> Edge {
        self.root
    }
}

/// The automaton laid out for the search: the edges, each state's run of
/// them in breadth-first order from the root, and the root as an edge
/// record into it (offset 0, not final).
#[derive(Debug)]
pub struct Layout {
    pub edges: Vec<Edge>,
    pub root: Edge,
}

impl Layout {
    /// Lays out `minimal`.
    pub fn new(minimal: &Minimal) -> Layout {
        let states = &minimal.states;
        let counts = minimal.word_counts();
        assert!(
            counts[minimal.root as usize] < 1 << 31,
            "too many words for 31-bit ids"
        );
        // Breadth-first order from the root: each state's first edge.
        let mut first = vec![u32::MAX; states.len()];
        let mut order = vec![minimal.root];
        first[minimal.root as usize] = 0;
        let mut next_edge = states[minimal.root as usize].edges.len() as u32;
        let mut at = 0;
        while let Some(&state) = order.get(at) {
            at += 1;
            for &(_, target) in &states[state as usize].edges {
                if first[target as usize] == u32::MAX {
                    first[target as usize] = next_edge;
                    next_edge += states[target as usize].edges.len() as u32;
                    order.push(target);
                }
            }
        }
        let mask = |state: u32| {
            states[state as usize]
                .edges
                .iter()
                .fold(0u64, |mask, &(symbol, _)| mask | 1 << symbol)
        };
        let mut edges = vec![Edge::NONE; next_edge as usize];
        for &state in &order {
            let from = &states[state as usize];
            let mut offset = u32::from(from.is_final);
            for (index, &(_, target)) in from.edges.iter().enumerate() {
                let to = &states[target as usize];
                edges[first[state as usize] as usize + index] = Edge {
                    children: mask(target),
                    place: Edge::place(first[target as usize], offset, to.is_final),
                };
                offset += counts[target as usize];
            }
        }
        let root = Edge {
            children: mask(minimal.root),
            place: Edge::place(first[minimal.root as usize], 0, false),
        };
        Layout { edges, root }
    }

    /// The edge records as stored: mask then place, little-endian.
    pub fn to_bytes(&self) -> Vec<u8> {
        let records = self.edges.iter();
        records
            .flat_map(|edge| [edge.children.to_le_bytes(), edge.place.to_le_bytes()])
            .flatten()
            .collect()
    }

    /// The symbols of the word of id `id`, appended to `out` as letters of
    /// `letters` (the alphabet in symbol order): at each state, the word
    /// ends there if the state ends a word and nothing is left of the id,
    /// else it takes the last edge whose offset is not past what is left.
    /// False when no word has that id.
    pub fn spell(&self, id: u32, letters: &[char], out: &mut String) -> bool {
        let mut here = self.root;
        let mut left = id;
        // A word is at most 255 letters; the bound keeps a bad id finite.
        for _ in 0..256 {
            if here.is_final() && left == 0 {
                return true;
            }
            let mut chosen = None;
            let mut bits = here.children;
            let mut index = here.first() as usize;
            while bits != 0 {
                let edge = self.edges[index];
                if edge.offset() > left {
                    break;
                }
                chosen = Some((bits.trailing_zeros(), edge));
                bits &= bits - 1;
                index += 1;
            }
            let Some((symbol, edge)) = chosen else {
                return false;
            };
            left -= edge.offset();
            out.push(letters[symbol as usize]);
            here = edge;
        }
        false
    }
}
