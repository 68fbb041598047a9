//! Letters and the dense symbol ids the trie and the search work with.
//!
//! A dictionary's own letters become its [`Alphabet`]: each distinct letter
//! gets a [`Symbol`] from 0 up, in code-point order, so a trie node's children
//! fit in one 64-bit mask whatever the language. [`Normalizer`] puts words and
//! board letters into the same form (lower case, NFC, accents optionally
//! folded) before they are looked up. Reading word lists is left to
//! [`crate::dict`], board grammar to [`crate::board`].

use std::borrow::Cow;
use std::fmt;

use unicode_normalization::UnicodeNormalization;
use unicode_normalization::char::is_combining_mark;

/// A letter's dense id in an [`Alphabet`]: always below [`Alphabet::MAX_LETTERS`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Symbol(u8);

impl Symbol {
    /// The id as an index, for masks and tables.
    #[inline]
    pub fn index(self) -> usize {
        usize::from(self.0)
    }

    /// The symbol with id `index`; the caller keeps `index` below
    /// [`Alphabet::MAX_LETTERS`].
    #[inline]
    pub(crate) fn from_index(index: usize) -> Symbol {
        debug_assert!(index < Alphabet::MAX_LETTERS);
        Symbol(index as u8)
    }
}

/// The letters of one dictionary, each mapped to a [`Symbol`].
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Alphabet {
    /// Symbol id → letter; sorted by code point, no duplicates.
    letters: Vec<char>,
    /// ASCII byte → symbol id, or [`NO_SYMBOL`]; the fast path for a–z.
    ascii: [u8; 128],
}

const NO_SYMBOL: u8 = u8::MAX;

/// An alphabet with more letters than a 64-bit child mask can hold.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TooManyLetters {
    /// How many distinct letters were seen.
    pub count: usize,
}

impl fmt::Display for TooManyLetters {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "the word list uses {} distinct letters, at most {} are supported",
            self.count,
            Alphabet::MAX_LETTERS
        )
    }
}

impl std::error::Error for TooManyLetters {}

impl Alphabet {
    /// The most distinct letters one dictionary may use.
    pub const MAX_LETTERS: usize = 64;

    /// Builds the alphabet of the given letters (in any order, repeats allowed).
    pub fn new(letters: impl IntoIterator<Item = char>) -> Result<Alphabet, TooManyLetters> {
        let mut letters: Vec<char> = letters.into_iter().collect();
        letters.sort_unstable();
        letters.dedup();
        if letters.len() > Self::MAX_LETTERS {
            return Err(TooManyLetters {
                count: letters.len(),
            });
        }
        let mut ascii = [NO_SYMBOL; 128];
        for (id, &letter) in letters.iter().enumerate() {
            if letter.is_ascii() {
                ascii[letter as usize] = id as u8;
            }
        }
        Ok(Alphabet { letters, ascii })
    }

    /// The symbol of `letter`, if the alphabet has it.
    #[inline]
    pub fn symbol(&self, letter: char) -> Option<Symbol> {
        if letter.is_ascii() {
            let id = self.ascii[letter as usize];
            return (id != NO_SYMBOL).then_some(Symbol(id));
        }
        self.letters
            .binary_search(&letter)
            .ok()
            .map(Symbol::from_index)
    }

    /// The letter of `symbol`.
    #[inline]
    pub fn letter(&self, symbol: Symbol) -> char {
        // Only a damaged trie holds a symbol past the alphabet.
        self.letters
            .get(symbol.index())
            .copied()
            .unwrap_or(char::REPLACEMENT_CHARACTER)
    }

    /// The letters in symbol order.
    pub fn letters(&self) -> &[char] {
        &self.letters
    }

    /// How many letters the alphabet has.
    pub fn len(&self) -> usize {
        self.letters.len()
    }

    /// Whether the alphabet has no letter at all.
    pub fn is_empty(&self) -> bool {
        self.letters.is_empty()
    }
}

/// Puts text into the one form words and board letters are compared in:
/// lower case (Unicode), NFC, and with `fold_accents` also stripped of
/// diacritics (é→e, ä→a, œ→oe, æ→ae, ß→ss).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Normalizer {
    /// Strip diacritics and expand ligatures after lower-casing.
    pub fold_accents: bool,
}

impl Normalizer {
    /// A normalizer that keeps accents (the default).
    pub fn new(fold_accents: bool) -> Normalizer {
        Normalizer { fold_accents }
    }

    /// The normalised form of `text`; borrowed when it is already normal
    /// (the common case of lower-case ASCII costs one scan).
    pub fn normalize<'a>(&self, text: &'a str) -> Cow<'a, str> {
        if text.is_ascii() {
            if text.bytes().any(|b| b.is_ascii_uppercase()) {
                return Cow::Owned(text.to_ascii_lowercase());
            }
            return Cow::Borrowed(text);
        }
        let lower: String = text.to_lowercase().nfc().collect();
        if !self.fold_accents {
            return Cow::Owned(lower);
        }
        let mut folded = String::with_capacity(lower.len());
        for c in lower.nfd() {
            match c {
                'œ' => folded.push_str("oe"),
                'æ' => folded.push_str("ae"),
                'ß' => folded.push_str("ss"),
                'ø' => folded.push('o'),
                'ł' => folded.push('l'),
                'đ' | 'ð' => folded.push('d'),
                c if is_combining_mark(c) => {}
                c => folded.push(c),
            }
        }
        Cow::Owned(folded)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[track_caller]
    fn check_normalize(fold_accents: bool, input: &str, expected: &str) {
        assert_eq!(Normalizer::new(fold_accents).normalize(input), expected);
    }

    #[test]
    fn normalize() {
        check_normalize(false, "cat", "cat");
        check_normalize(false, "CaT", "cat");
        check_normalize(false, "ÄÖ", "äö");
        // "e" followed by a combining acute accent composes to "é".
        check_normalize(false, "cafe\u{301}", "café");
        check_normalize(false, "Straße", "straße");
        check_normalize(true, "Café", "cafe");
        check_normalize(true, "cafe\u{301}", "cafe");
        check_normalize(true, "Œuvre", "oeuvre");
        check_normalize(true, "ÆSIR", "aesir");
        check_normalize(true, "straße", "strasse");
        check_normalize(true, "hääyö", "haayo");
        check_normalize(true, "plain", "plain");
    }

    #[test]
    fn symbols_are_dense_and_sorted() {
        let alphabet = Alphabet::new("öcabäac".chars()).unwrap();
        assert_eq!(alphabet.letters(), &['a', 'b', 'c', 'ä', 'ö']);
        assert_eq!(alphabet.symbol('a'), Some(Symbol(0)));
        assert_eq!(alphabet.symbol('ä'), Some(Symbol(3)));
        assert_eq!(alphabet.symbol('ö'), Some(Symbol(4)));
        assert_eq!(alphabet.symbol('z'), None);
        assert_eq!(alphabet.symbol('ü'), None);
        assert_eq!(alphabet.letter(Symbol(4)), 'ö');
    }

    #[test]
    fn at_most_64_letters() {
        let letters = (0..64u32).map(|i| char::from_u32(0x3b1 + i).unwrap());
        assert_eq!(Alphabet::new(letters).unwrap().len(), 64);
        let letters = (0..65u32).map(|i| char::from_u32(0x3b1 + i).unwrap());
        assert_eq!(Alphabet::new(letters), Err(TooManyLetters { count: 65 }));
    }
}
