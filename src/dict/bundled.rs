//! The word lists bundled inside the binary, so `boggle solve BOARD` needs
//! no file at run time. The binary embeds each list of `dictionaries/` as
//! the compiled dictionary `boggle dict compile` writes (`en.dict`, …,
//! made by `dictionaries/compile.sh`): the packed form, 1.2 MB for the
//! 254,626 English words where the image the search walks is 13 MB.
//! Loading one rebuilds and checks the image, like any compiled file
//! ([`load`]); the binary keeps the image in its cache
//! ([`crate::dict::cache::CacheDir::load_bundled`]), so that happens once.
//! Where each list comes from is told by the script beside it in
//! `dictionaries/`.

use super::{DictError, Dictionary, compiled};

pub use crate::lang::Lang;

impl Lang {
    /// The compiled list, as `dictionaries/compile.sh` wrote it.
    pub fn compiled(self) -> &'static [u8] {
        match self {
            Lang::En => include_bytes!("../../dictionaries/en.dict"),
            Lang::EnCommon => include_bytes!("../../dictionaries/en-common.dict"),
            Lang::Fr => include_bytes!("../../dictionaries/fr.dict"),
            Lang::Fi => include_bytes!("../../dictionaries/fi.dict"),
            Lang::De => include_bytes!("../../dictionaries/de.dict"),
            Lang::Es => include_bytes!("../../dictionaries/es.dict"),
            Lang::It => include_bytes!("../../dictionaries/it.dict"),
            Lang::Nl => include_bytes!("../../dictionaries/nl.dict"),
            Lang::Pt => include_bytes!("../../dictionaries/pt.dict"),
            Lang::Sv => include_bytes!("../../dictionaries/sv.dict"),
            Lang::Da => include_bytes!("../../dictionaries/da.dict"),
            Lang::Nb => include_bytes!("../../dictionaries/nb.dict"),
            Lang::Pl => include_bytes!("../../dictionaries/pl.dict"),
        }
    }
}

/// Loads the bundled list for `lang`, through the same checked reader as
/// any compiled file.
pub fn load(lang: Lang) -> Result<Dictionary, DictError> {
    compiled::read(lang.compiled())
}

/// The line `boggle dict list` prints for `lang`, whose bundled list is
/// `dict`: code, name, word count, alphabet, dice sets, source and
/// licence, separated by tabs.
pub fn list_line(lang: Lang, dict: &Dictionary) -> String {
    let info = lang.info();
    let alphabet: String = dict.alphabet().letters().iter().collect();
    let dice = format!("{}, {}", lang.dice_name(false), lang.dice_name(true));
    format!(
        "{}\t{}\t{} words\t{alphabet}\t{dice}\t{}\t{}",
        info.code,
        info.name,
        dict.word_count(),
        info.source,
        info.licence
    )
}

#[cfg(test)]
mod tests {
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
            let dict = super::load(lang).unwrap();
            for (big, dice, size) in [(false, 16, "4X4"), (true, 25, "5X5")] {
                let words = dict.trie().words().map(|word| dict.word_text(word));
                let derived = crate::lang::derive::derive(words, dice);
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
            let header = include_str!("../lang/dice_table.rs")
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
            "src/lang/dice_table.rs is not the derived dice: run BOGGLE_WRITE_DICE=1 cargo test --lib dict::bundled, then cargo fmt"
        );
    }

    use super::*;

    /// Each embedded file is its list in `dictionaries/` compiled by this
    /// build, read as `build-*.sh` and `compile.sh` read it.
    #[test]
    fn every_bundled_list_is_its_text_compiled() {
        let texts: [(Lang, &[u8]); 13] = [
            (Lang::En, include_bytes!("../../dictionaries/en.txt")),
            (
                Lang::EnCommon,
                include_bytes!("../../dictionaries/en-common.txt.gz"),
            ),
            (Lang::Fr, include_bytes!("../../dictionaries/fr.txt.gz")),
            (Lang::Fi, include_bytes!("../../dictionaries/fi.txt")),
            (Lang::De, include_bytes!("../../dictionaries/de.txt.gz")),
            (Lang::Es, include_bytes!("../../dictionaries/es.txt.gz")),
            (Lang::It, include_bytes!("../../dictionaries/it.txt.gz")),
            (Lang::Nl, include_bytes!("../../dictionaries/nl.txt.gz")),
            (Lang::Pt, include_bytes!("../../dictionaries/pt.txt.gz")),
            (Lang::Sv, include_bytes!("../../dictionaries/sv.txt.gz")),
            (Lang::Da, include_bytes!("../../dictionaries/da.txt.gz")),
            (Lang::Nb, include_bytes!("../../dictionaries/nb.txt.gz")),
            (Lang::Pl, include_bytes!("../../dictionaries/pl.txt.gz")),
        ];
        for (lang, text) in texts {
            let (dict, _) = crate::dict::load_detected(
                text,
                Some(crate::dict::ListFormat::Plain),
                lang.normalizer(),
            )
            .unwrap();
            assert!(
                compiled::write(&dict) == lang.compiled(),
                "dictionaries/{}.dict is not dictionaries/compile.sh's output: run it",
                lang.code()
            );
        }
    }

    #[test]
    fn every_list_loads_with_its_normaliser() {
        for lang in Lang::ALL {
            let dict = load(lang).unwrap();
            assert_eq!(dict.normalizer(), &lang.normalizer(), "{lang:?}");
            assert!(dict.word_count() > 50_000, "{lang:?}");
            assert!(dict.word_count() <= 420_000, "{lang:?}");
        }
    }

    #[test]
    fn words_of_each_language() {
        // Everyday words, checked by a speaker's eye; and words that must
        // not be there.
        let en = load(Lang::En).unwrap();
        assert!(en.contains("embolus") && en.contains("Boggle") && !en.contains("xq"));
        let fr = load(Lang::Fr).unwrap();
        // Inflected forms are there, folded: "été", "mangeâmes", "œuvres".
        for word in ["maison", "ete", "été", "mangeames", "oeuvres", "œuvres"] {
            assert!(fr.contains(word), "fr {word}");
        }
        // Proper nouns and elided forms ("l'homme", "qu'il") are not.
        for word in ["marseille", "toulouse", "lhomme", "quil"] {
            assert!(!fr.contains(word), "fr {word}");
        }
        let fi = load(Lang::Fi).unwrap();
        for word in ["äiti", "yö", "sauna", "kala", "öljy"] {
            assert!(fi.contains(word), "fi {word}");
        }
        // Finnish keeps ä as a letter: "aiti" is not "äiti".
        assert!(!fi.contains("aiti"));
        assert!(fi.alphabet().symbol('å').is_some());
    }

    /// For each list: everyday words a speaker checked that must be there,
    /// and junk that must not: the French unit symbols and abbreviations
    /// the classical dictionary writes with capitals (kWh, MHz, hPa, and
    /// the SI prefixes it puts on Hz, Pa and Wh), roman numerals, names
    /// the sources write with a capital, and lower-case acronyms.
    #[test]
    fn real_words_in_and_junk_out() {
        let cases: [(Lang, &[&str], &[&str]); 12] = [
            (
                Lang::EnCommon,
                &["house", "garden", "quiet", "table"],
                &["paris", "xiv", "nato", "ufo"],
            ),
            (
                Lang::Fr,
                &["maison", "chat", "manger", "oeuvre"],
                &[
                    "kwh",
                    "mhz",
                    "hpa",
                    "khz",
                    "mpa",
                    "ahz",
                    "hhz",
                    "hpz",
                    "hwh",
                    "phz",
                    "zpa",
                    "zwh",
                    "xiv",
                    "http",
                    "marseille",
                ],
            ),
            (
                Lang::De,
                &[
                    "haus", "häuser", "straße", "tisch", "liebe", "über", "größe",
                ],
                &[
                    "berlin", "hamburg", "anna", "goethe", "paris", "xiv", "kwh", "usw", "bzw",
                ],
            ),
            (
                Lang::Es,
                &["casa", "perro", "nino", "cantaba"],
                &["madrid", "xiv", "xvi", "etc", "nato", "dvd"],
            ),
            (
                Lang::It,
                &["casa", "gatto", "amore", "citta"],
                &["milano", "xiv", "ccclxxx", "etc", "nato"],
            ),
            (
                Lang::Nl,
                &["huis", "fiets", "gezellig", "idee"],
                &["amsterdam", "xiv", "dvd", "btw", "ufo"],
            ),
            (
                Lang::Pt,
                &["casa", "cao", "coracao", "pao"],
                &["lisboa", "xiv", "xvi", "etc", "nato"],
            ),
            (
                Lang::Sv,
                &["hus", "flicka", "smörgås", "kärlek"],
                &["stockholm", "xiv", "dvd", "ufo", "ftp"],
            ),
            (
                Lang::Da,
                &["hus", "hund", "kærlighed", "bøger"],
                &["københavn", "xiv", "xvi", "dvd", "ufo"],
            ),
            (
                Lang::Nb,
                &["hus", "hund", "jente", "barn"],
                &["oslo", "xiv", "ccm", "mhz", "etc", "ufo"],
            ),
            (
                Lang::Pl,
                &["dom", "kot", "miłość", "żółw", "źródło"],
                &["warszawa", "xiv", "etc", "ufo", "bmw"],
            ),
            (
                Lang::Fi,
                &["talo", "kissa", "äiti", "yö"],
                &["helsinki", "xiv"],
            ),
        ];
        for (lang, words, junk) in cases {
            let dict = load(lang).unwrap();
            for word in words {
                assert!(dict.contains(word), "{lang} lacks {word}");
            }
            for word in junk {
                assert!(!dict.contains(word), "{lang} holds {word}");
            }
        }
    }
}
