//! The bundled languages (SPEC §15): each one's code, name, word list,
//! accent rule, dice, and the source and licence of its list.
//!
//! [`Lang`] names a language; [`Lang::info`] holds what is known of it in
//! one table row ([`LangInfo`]). The lists themselves are embedded by
//! [`crate::dict::bundled`]. Each language rolls its own dice
//! ([`Lang::dice_faces`]): English the published sets of [`crate::dice`], the
//! others a set derived from their word list by [`derive::derive`], stored in
//! `dice_table.rs` and checked against a fresh derivation by the tests.
//! Where each list comes from is told by the `dictionaries/build-*.sh`
//! script that rebuilds it.

pub mod derive;
mod dice_table;

use std::fmt;
use std::str::FromStr;

use crate::alphabet::Normalizer;
use crate::choice::{self, UnknownName};

/// A bundled word list and its language.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum Lang {
    /// English: SCOWL sizes 10 to 80, all dialects, a–z only.
    #[default]
    En,
    /// English, common words: SCOWL sizes 10 to 50.
    EnCommon,
    /// French: the classical Hunspell dictionary, accents folded to a–z.
    Fr,
    /// Finnish: the Kotus word list, with å, ä and ö as letters of their own.
    Fi,
    /// German, with ä, ö, ü and ß.
    De,
    /// Spanish, accents folded.
    Es,
    /// Italian, accents folded.
    It,
    /// Dutch, diacritics folded.
    Nl,
    /// European Portuguese, accents folded.
    Pt,
    /// Swedish, with å, ä and ö.
    Sv,
    /// Danish, with æ, ø and å.
    Da,
    /// Norwegian Bokmål, with æ, ø and å.
    Nb,
    /// Polish, with ą ć ę ł ń ó ś ź ż.
    Pl,
}

/// What is known of one bundled language.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct LangInfo {
    /// The code `--lang` takes.
    pub code: &'static str,
    /// The language's name, in English.
    pub name: &'static str,
    /// Whether boards and the list are read with accents folded
    /// (players type words without them).
    pub fold_accents: bool,
    /// Where the list comes from: a package and its version.
    pub source: &'static str,
    /// The list's licence, and the file beside it in `dictionaries/`.
    pub licence: &'static str,
}

impl Lang {
    /// Every bundled language, in the order `boggle dict list` prints them.
    pub const ALL: [Lang; 13] = [
        Lang::En,
        Lang::EnCommon,
        Lang::Fr,
        Lang::Fi,
        Lang::De,
        Lang::Es,
        Lang::It,
        Lang::Nl,
        Lang::Pt,
        Lang::Sv,
        Lang::Da,
        Lang::Nb,
        Lang::Pl,
    ];

    /// The language's row of the table.
    pub fn info(self) -> LangInfo {
        let row = |code, name, fold_accents, source, licence| LangInfo {
            code,
            name,
            fold_accents,
            source,
            licence,
        };
        match self {
            Lang::En => row(
                "en",
                "English",
                false,
                "Debian scowl 2020.12.07-2, sizes 10-80",
                "SCOWL (permissive), LICENSE-SCOWL.txt",
            ),
            Lang::EnCommon => row(
                "en-common",
                "English, common words",
                false,
                "Debian scowl 2020.12.07-2, sizes 10-50",
                "SCOWL (permissive), LICENSE-SCOWL.txt",
            ),
            Lang::Fr => row(
                "fr",
                "French",
                true,
                "Debian hunspell-fr-classical 1:7.0-1",
                "MPL-2.0, LICENSE-hunspell-fr.txt",
            ),
            Lang::Fi => row(
                "fi",
                "Finnish",
                false,
                "Kotus word list, PyPI taivutin 0.1.3",
                "LGPL-3.0 / EUPL-1.1 / CC-BY-3.0, LICENSE-kotus.txt",
            ),
            Lang::De => row(
                "de",
                "German",
                false,
                "Debian hunspell-de-de 20161207-11 (igerman98)",
                "GPL-2.0+, LICENSE-igerman98.txt",
            ),
            Lang::Es => row(
                "es",
                "Spanish",
                true,
                "Debian hunspell-es 1:7.5.0-1",
                "MPL-1.1 (or GPL-3+/LGPL-3+), LICENSE-libreoffice-dictionaries.txt",
            ),
            Lang::It => row(
                "it",
                "Italian",
                true,
                "Debian hunspell-it 1:7.5.0-1",
                "GPL-3.0, LICENSE-libreoffice-dictionaries.txt",
            ),
            Lang::Nl => row(
                "nl",
                "Dutch",
                true,
                "Debian hunspell-nl 2:2.20.19-2 (OpenTaal)",
                "BSD (or CC-BY-3.0), LICENSE-opentaal.txt",
            ),
            Lang::Pt => row(
                "pt",
                "Portuguese",
                true,
                "Debian hunspell-pt-pt 1:7.5.0-1",
                "MPL-1.1 (or GPL-2/LGPL-2.1), LICENSE-libreoffice-dictionaries.txt",
            ),
            Lang::Sv => row(
                "sv",
                "Swedish",
                false,
                "Debian hunspell-sv 1:7.5.0-1",
                "LGPL-3.0, LICENSE-libreoffice-dictionaries.txt",
            ),
            Lang::Da => row(
                "da",
                "Danish",
                false,
                "Debian hunspell-da 1:7.5.0-1",
                "MPL-1.1 (or LGPL-2.1/GPL-2), LICENSE-libreoffice-dictionaries.txt",
            ),
            Lang::Nb => row(
                "nb",
                "Norwegian Bokmål",
                false,
                "Debian hunspell-no 1:7.5.0-1",
                "GPL-2.0, LICENSE-libreoffice-dictionaries.txt",
            ),
            Lang::Pl => row(
                "pl",
                "Polish",
                false,
                "Debian hunspell-pl 1:7.5.0-1",
                "MPL (or GPL/LGPL/Apache-2.0), LICENSE-libreoffice-dictionaries.txt",
            ),
        }
    }

    /// The language's code, as given to `--lang`.
    pub fn code(self) -> &'static str {
        self.info().code
    }

    /// The language's name, in English.
    pub fn name(self) -> &'static str {
        self.info().name
    }

    /// The normaliser the list is compiled with, and boards are read with.
    pub fn normalizer(self) -> Normalizer {
        Normalizer::new(self.info().fold_accents)
    }

    /// The language whose word list the dice of `self` come from: English
    /// for both English lists.
    pub fn dice_source(self) -> Lang {
        match self {
            Lang::EnCommon => Lang::En,
            lang => lang,
        }
    }

    /// The faces of the language's own dice, written as
    /// [`crate::dice`]'s tables are: 16 for 4×4, or 25 for 5×5 (`big`).
    /// Empty for English, which rolls the published sets.
    pub fn dice_faces(self, big: bool) -> &'static [&'static str] {
        dice_table::faces(self.dice_source(), big)
    }

    /// The name of the language's dice set of a size, as the help, the
    /// play header and `dict list` show it (`de`, `de-big`).
    pub fn dice_name(self, big: bool) -> &'static str {
        match (self.dice_source(), big) {
            (Lang::En, false) => "new",
            (Lang::En, true) => "big",
            (lang, big) => dice_table::name(lang, big),
        }
    }
}

impl Lang {
    /// What the language's dice are called on a player's screen, as
    /// [`crate::game::dice_label`] calls the English ones: `Finnish dice`,
    /// `Finnish 5x5 dice`.
    pub fn dice_label(self, big: bool) -> &'static str {
        match (self.dice_source(), big) {
            (Lang::Fr, false) => "French dice",
            (Lang::Fr, true) => "French 5x5 dice",
            (Lang::Fi, false) => "Finnish dice",
            (Lang::Fi, true) => "Finnish 5x5 dice",
            (Lang::De, false) => "German dice",
            (Lang::De, true) => "German 5x5 dice",
            (Lang::Es, false) => "Spanish dice",
            (Lang::Es, true) => "Spanish 5x5 dice",
            (Lang::It, false) => "Italian dice",
            (Lang::It, true) => "Italian 5x5 dice",
            (Lang::Nl, false) => "Dutch dice",
            (Lang::Nl, true) => "Dutch 5x5 dice",
            (Lang::Pt, false) => "Portuguese dice",
            (Lang::Pt, true) => "Portuguese 5x5 dice",
            (Lang::Sv, false) => "Swedish dice",
            (Lang::Sv, true) => "Swedish 5x5 dice",
            (Lang::Da, false) => "Danish dice",
            (Lang::Da, true) => "Danish 5x5 dice",
            (Lang::Nb, false) => "Norwegian dice",
            (Lang::Nb, true) => "Norwegian 5x5 dice",
            (Lang::Pl, false) => "Polish dice",
            (Lang::Pl, true) => "Polish 5x5 dice",
            (_, false) => "1987 dice",
            (_, true) => "Big Boggle dice",
        }
    }
}

impl fmt::Display for Lang {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.code())
    }
}

impl FromStr for Lang {
    type Err = UnknownName;

    fn from_str(code: &str) -> Result<Lang, UnknownName> {
        choice::pick("language", code, &Lang::ALL.map(|lang| (lang.code(), lang)))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn codes_parse_back_and_are_distinct() {
        for lang in Lang::ALL {
            assert_eq!(lang.code().parse::<Lang>(), Ok(lang));
        }
        let mut codes: Vec<&str> = Lang::ALL.iter().map(|lang| lang.code()).collect();
        codes.sort_unstable();
        codes.dedup();
        assert_eq!(codes.len(), Lang::ALL.len());
        assert!("xx".parse::<Lang>().is_err());
    }

    /// Every language but English has its own 4×4 and 5×5 dice.
    #[test]
    fn each_language_has_its_dice() {
        for lang in Lang::ALL {
            if lang.dice_source() == Lang::En {
                continue;
            }
            assert_eq!(lang.dice_faces(false).len(), 16, "{lang}");
            assert_eq!(lang.dice_faces(true).len(), 25, "{lang}");
            assert_eq!(lang.dice_name(false), lang.code());
            assert_eq!(lang.dice_name(true), format!("{}-big", lang.code()));
        }
    }
}
