//! The word lists bundled inside the binary, so `boggle solve BOARD` needs
//! no file at run time. `build.rs` compiles each list in `dictionaries/`
//! at build time; the binary embeds the compiled bytes, so loading one
//! parses no text and builds no trie. Where each list comes from is told by
//! the script beside it in `dictionaries/`.

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

    /// The compiled list, as `build.rs` wrote it.
    pub fn compiled(self) -> &'static [u8] {
        match self {
            Lang::En => include_bytes!(concat!(env!("OUT_DIR"), "/en.dict")),
            Lang::Fr => include_bytes!(concat!(env!("OUT_DIR"), "/fr.dict")),
            Lang::Fi => include_bytes!(concat!(env!("OUT_DIR"), "/fi.dict")),
        }
    }
}

/// Loads the bundled list for `lang`.
pub fn load(lang: Lang) -> Result<Dictionary, DictError> {
    compiled::read_static(lang.compiled())
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The bundled images are used unchecked; the full check must pass.
    #[test]
    fn every_image_passes_the_full_check() {
        for lang in Lang::ALL {
            let checked = compiled::read(lang.compiled()).unwrap();
            let in_place = load(lang).unwrap();
            assert_eq!(checked.trie(), in_place.trie(), "{lang:?}");
            assert_eq!(checked.alphabet(), in_place.alphabet(), "{lang:?}");
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
#[cfg(test)]
mod timing_probe {
    use super::*;
    #[test]
    fn probe_costs() {
        use std::time::Instant;
        let dict = load(Lang::En).unwrap();
        let packed = dict.trie().packed();
        let image = dict.trie().image().to_vec();
        let (n, w, s) = (
            dict.trie().node_count(),
            dict.word_count(),
            dict.alphabet().len(),
        );
        for _ in 0..3 {
            let t = Instant::now();
            let a = crate::trie::Trie::from_packed(&packed, n, w, s).unwrap();
            let t1 = t.elapsed();
            let t = Instant::now();
            let b = crate::trie::Trie::from_image(image.clone(), n, w, s).unwrap();
            let t2 = t.elapsed();
            let t = Instant::now();
            let c = crc32fast::hash(&image);
            let t3 = t.elapsed();
            let t = Instant::now();
            let x = xxhash_rust::xxh3::xxh3_64(&image);
            let t4 = t.elapsed();
            let t = Instant::now();
            let v = image.clone();
            let t5 = t.elapsed();
            eprintln!(
                "packed {t1:?} image-check(incl clone) {t2:?} crc {t3:?} xxh3 {t4:?} clone {t5:?} {} {} {c} {x} {}",
                a.node_count(),
                b.node_count(),
                v.len()
            );
        }
    }
}
