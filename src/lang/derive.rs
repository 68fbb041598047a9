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
//! `BOGGLE_WRITE_DICE=1 cargo test --lib lang::derive` rewrites the stored
//! sets after a list changes.

use std::collections::BTreeMap;

use crate::dice::FACES;
use crate::dict::Dictionary;

/// The shortest and longest words counted.
const COUNTED_LEN: std::ops::RangeInclusive<usize> = 3..=8;

/// The Qu face is made when u follows q in at least this share of q's
/// occurrences: `PAIR_SHARE.0 / PAIR_SHARE.1`.
const PAIR_SHARE: (u64, u64) = (9, 10);

/// The faces of `dice` dice derived from `dict`'s words, one string per
/// die as [`crate::dice`] writes its tables (lower case, a pair face in
/// brackets).
pub fn derive(dict: &Dictionary, dice: usize) -> Vec<String> {
    let counts = tile_counts(dict);
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
pub fn tile_counts(dict: &Dictionary) -> BTreeMap<String, u64> {
    let mut letters: BTreeMap<char, u64> = BTreeMap::new();
    let mut q_then_u = 0u64;
    for word in dict.trie().words() {
        let chars: Vec<char> = dict.word_text(word).chars().collect();
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
    use crate::Normalizer;
    use crate::dict::bundled;
    use crate::lang::Lang;

    /// A small list, worked by hand: 3-to-8-letter words "quit", "quiz",
    /// "tax" count q 2, u 2 (both after q), i 2, t 2, z 1, a 1, x 1; q is
    /// always followed by u, so `qu` counts 2 and u 0.
    #[test]
    fn counts_and_pairs_by_hand() {
        let dict =
            Dictionary::from_words(["quit", "quiz", "tax", "to"], Normalizer::default()).unwrap();
        let counts = tile_counts(&dict);
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
        let dice = derive(&dict, 2);
        assert_eq!(dice, ["ii[qu]ttx", "ai[qu][qu]tz"]);
    }

    /// The stored sets are what the method derives from the bundled lists
    /// today; with `BOGGLE_WRITE_DICE` set, the test writes them first.
    #[test]
    fn stored_dice_are_derived_from_the_lists() {
        let mut arms = String::new();
        let mut names = String::new();
        let mut constants = String::new();
        let mut same = true;
        for lang in Lang::ALL {
            if lang.dice_source() != lang || lang == Lang::En {
                continue;
            }
            let dict = bundled::load(lang).unwrap();
            for (big, dice, size) in [(false, 16, "4X4"), (true, 25, "5X5")] {
                let derived = derive(&dict, dice);
                same &= derived == lang.dice_faces(big);
                let constant = format!("{}_{size}", lang.code().to_uppercase());
                arms += &format!("        (Lang::{lang:?}, {big}) => &{constant},\n");
                let name = if big {
                    format!("{lang}-big")
                } else {
                    lang.to_string()
                };
                names += &format!("        (Lang::{lang:?}, {big}) => \"{name}\",\n");
                constants += &format!("\nconst {constant}: [&str; {dice}] = {derived:?};\n");
            }
        }
        if std::env::var_os("BOGGLE_WRITE_DICE").is_some() {
            let path = concat!(env!("CARGO_MANIFEST_DIR"), "/src/lang/dice_table.rs");
            let header = include_str!("dice_table.rs")
                .split("use super::Lang;")
                .next()
                .unwrap_or_default();
            let text = format!(
                "{header}use super::Lang;\n\n\
                 /// The stored faces of `lang`'s 4×4 set, or 5×5 with `big`.\n\
                 pub(super) fn faces(lang: Lang, big: bool) -> &'static [&'static str] {{\n\
                 \x20   match (lang, big) {{\n{arms}        _ => &[],\n    }}\n}}\n\n\
                 /// The name of `lang`'s dice set of a size.\n\
                 pub(super) fn name(lang: Lang, big: bool) -> &'static str {{\n\
                 \x20   match (lang, big) {{\n{names}        _ => \"\",\n    }}\n}}\n{constants}"
            );
            std::fs::write(path, text).unwrap();
        }
        assert!(
            same,
            "src/lang/dice_table.rs is not the derived dice: run BOGGLE_WRITE_DICE=1 cargo test --lib lang::derive, then cargo fmt"
        );
    }
}
