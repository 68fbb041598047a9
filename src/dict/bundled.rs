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
use crate::alphabet::Normalizer;

/// A bundled word list.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum Lang {
    /// English: SCOWL sizes 10 to 80, all dialects, a–z only.
    #[default]
    En,
    /// French: every form of the classical Hunspell dictionary, accents
    /// folded to a–z.
    Fr,
    /// Finnish: the base forms of the Kotus word list, with å, ä and ö as
    /// letters of their own.
    Fi,
}

impl Lang {
    /// Every bundled language.
    pub const ALL: [Lang; 3] = [Lang::En, Lang::Fr, Lang::Fi];

    /// The language's code, as given to `--lang`.
    pub fn code(self) -> &'static str {
        match self {
            Lang::En => "en",
            Lang::Fr => "fr",
            Lang::Fi => "fi",
        }
    }

    /// The normaliser the list is compiled with, and boards are read with.
    pub fn normalizer(self) -> Normalizer {
        match self {
            Lang::En | Lang::Fi => Normalizer::default(),
            Lang::Fr => Normalizer::new(true),
        }
    }

    /// The compiled list, as `dictionaries/compile.sh` wrote it.
    pub fn compiled(self) -> &'static [u8] {
        match self {
            Lang::En => include_bytes!("../../dictionaries/en.dict"),
            Lang::Fr => include_bytes!("../../dictionaries/fr.dict"),
            Lang::Fi => include_bytes!("../../dictionaries/fi.dict"),
        }
    }
}

/// Loads the bundled list for `lang`, through the same checked reader as
/// any compiled file.
pub fn load(lang: Lang) -> Result<Dictionary, DictError> {
    compiled::read(lang.compiled())
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Each embedded file is its list in `dictionaries/` compiled by this
    /// build, read as `build-*.sh` and `compile.sh` read it.
    #[test]
    fn every_bundled_list_is_its_text_compiled() {
        let texts: [(Lang, &[u8]); 3] = [
            (Lang::En, include_bytes!("../../dictionaries/en.txt")),
            (Lang::Fr, include_bytes!("../../dictionaries/fr.txt.gz")),
            (Lang::Fi, include_bytes!("../../dictionaries/fi.txt")),
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
}
