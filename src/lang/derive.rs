//! Dice derived from a word list, for the languages with no published set
//! (SPEC §15). The method, deterministic so anyone can rebuild the stored
//! sets (`dice_table.rs`) and the tests check them:
//!
//! 1. Count every letter of every word of 3 to 8 letters, the words a
//!    4×4 board mostly holds, each occurrence once.
//! 2. When q is followed by u in at least 90% of its occurrences, q is
//!    printed as Qu (the face of the published sets), and the pair's count
//!    is taken from u's. No other letter of the bundled lists pairs that
//!    often but in a handful of words.
//! 3. The 6 × dice faces are shared out in proportion to the counts, by
//!    largest remainder (ties to the earlier letter in code-point order),
//!    so a letter of 1% of the counts gets about one face in a hundred;
//!    letters rarer than that may get none.
//! 4. The faces, most frequent letter first (ties in code-point order), are
//!    dealt round the dice one at a time, so a letter with fewer faces than
//!    there are dice is spread over as many dice; each die's faces are
//!    written in code-point order.
//!
//! `BOGGLE_WRITE_DICE=1 cargo test --lib dict::bundled` rewrites the stored
//! sets after a list changes.

use std::collections::BTreeMap;

/// The faces of a die: six, as on every die of `crate::dice` (a test
/// there checks that the two agree; the dice are made from these).
pub const FACES: usize = 6;

/// The shortest and longest words counted.
const COUNTED_LEN: std::ops::RangeInclusive<usize> = 3..=8;

/// The Qu face is made when u follows q in at least this share of q's
/// occurrences: `PAIR_SHARE.0 / PAIR_SHARE.1`.
const PAIR_SHARE: (u64, u64) = (9, 10);

/// The faces of `dice` dice derived from a list's `words`, one string per
/// die as [`crate::dice`] writes its tables (lower case, a pair face in
/// brackets).
pub fn derive<S: AsRef<str>>(words: impl IntoIterator<Item = S>, dice: usize) -> Vec<String> {
    let counts = tile_counts(words);
    let faces = share_faces(&counts, dice * FACES);
    let mut order: Vec<(&String, usize)> = faces.iter().map(|(tile, &n)| (tile, n)).collect();
    order.sort_by(|a, b| b.1.cmp(&a.1).then_with(|| a.0.cmp(b.0)));
    let mut dealt: Vec<Vec<&String>> = vec![Vec::new(); dice];
    let flat = order
        .iter()
        .flat_map(|&(tile, n)| std::iter::repeat_n(tile, n));
    for (index, tile) in flat.enumerate() {
        dealt[index % dice].push(tile);
    }
    dealt
        .into_iter()
        .map(|mut die| {
            die.sort();
            die.iter()
                .map(|tile| {
                    if tile.chars().count() == 1 {
                        tile.to_string()
                    } else {
                        format!("[{tile}]")
                    }
                })
                .collect()
        })
        .collect()
}

/// How often each tile (a letter, or Qu) occurs in the counted words.
pub fn tile_counts<S: AsRef<str>>(words: impl IntoIterator<Item = S>) -> BTreeMap<String, u64> {
    let mut letters: BTreeMap<char, u64> = BTreeMap::new();
    let mut q_then_u = 0u64;
    for word in words {
        let chars: Vec<char> = word.as_ref().chars().collect();
        if !COUNTED_LEN.contains(&chars.len()) {
            continue;
        }
        for (i, &letter) in chars.iter().enumerate() {
            *letters.entry(letter).or_default() += 1;
            if letter == 'q' && chars.get(i + 1) == Some(&'u') {
                q_then_u += 1;
            }
        }
    }
    let mut tiles: BTreeMap<String, u64> = letters
        .iter()
        .map(|(letter, &n)| (letter.to_string(), n))
        .collect();
    let q = letters.get(&'q').copied().unwrap_or(0);
    if q > 0 && q_then_u * PAIR_SHARE.1 >= q * PAIR_SHARE.0 {
        tiles.remove("q");
        tiles.insert("qu".to_string(), q);
        if let Some(u) = tiles.get_mut("u") {
            *u = u.saturating_sub(q_then_u);
        }
    }
    tiles
}

/// `faces` faces shared among the tiles in proportion to their counts, by
/// largest remainder.
fn share_faces(counts: &BTreeMap<String, u64>, faces: usize) -> BTreeMap<String, usize> {
    let total: u128 = counts.values().map(|&n| u128::from(n)).sum::<u128>().max(1);
    let mut shares: BTreeMap<String, usize> = BTreeMap::new();
    let mut remainders: Vec<(u128, &String)> = Vec::new();
    for (tile, &n) in counts {
        let quota = u128::from(n) * faces as u128;
        shares.insert(tile.clone(), (quota / total) as usize);
        remainders.push((quota % total, tile));
    }
    remainders.sort_by(|a, b| b.0.cmp(&a.0).then_with(|| a.1.cmp(b.1)));
    let given: usize = shares.values().sum();
    for (_, tile) in remainders.iter().take(faces.saturating_sub(given)) {
        *shares.get_mut(*tile).unwrap_or_else(|| unreachable!()) += 1;
    }
    shares.retain(|_, &mut n| n > 0);
    shares
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A small list, worked by hand: 3-to-8-letter words "quit", "quiz",
    /// "tax" count q 2, u 2 (both after q), i 2, t 2, z 1, a 1, x 1; q is
    /// always followed by u, so `qu` counts 2 and u 0.
    #[test]
    fn counts_and_pairs_by_hand() {
        let words = ["quit", "quiz", "tax", "to"];
        let counts = tile_counts(words);
        let expected: BTreeMap<String, u64> = [
            ("a", 1),
            ("i", 2),
            ("qu", 2),
            ("t", 2),
            ("u", 0),
            ("x", 1),
            ("z", 1),
        ]
        .into_iter()
        .map(|(tile, n)| (tile.to_string(), n))
        .collect();
        assert_eq!(counts, expected);
        // 12 faces over 9 counted: quotas 1.33 a/x/z, 2.67 i/qu/t; floors
        // 1,2,2,2,1,1 = 9, the three largest remainders (i, qu, t) take one
        // more each. Dealt i i i qu qu qu t t t a x z round two dice.
        let dice = derive(words, 2);
        assert_eq!(dice, ["ii[qu]ttx", "ai[qu][qu]tz"]);
    }
}
