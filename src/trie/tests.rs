//! The trie's tests: building, lookups, the packed form and the checks of
//! images and packed forms from outside.

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
fn image_round_trip() {
    let trie = build(&["cat", "cats", "act"]);
    let image = trie.image().to_vec();
    let (nodes, words) = (trie.node_count(), trie.word_count());
    let read = Trie::from_image(image.clone(), nodes, words, 26).unwrap();
    let words: Vec<_> = read.words().map(|w| read.word_symbols(w)).collect();
    assert_eq!(words, [symbols("act"), symbols("cat"), symbols("cats")]);
    assert!(Trie::from_image(image, nodes + 1, trie.word_count(), 26).is_err());
}

#[test]
fn packed_round_trip() {
    for words in [&["cat", "cats", "act", "at", "zebra"][..], &["a"], &[]] {
        let trie = build(words);
        let packed = trie.packed();
        assert_eq!(packed.len(), 2 * trie.node_count() - 1);
        let rebuilt = Trie::from_packed(&packed, trie.node_count(), trie.word_count(), 26).unwrap();
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

#[test]
fn empty() {
    let trie = build(&[]);
    assert_eq!(trie.word_count(), 0);
    assert_eq!(trie.node_count(), 1);
    assert!(!trie.contains(&[]));
}
