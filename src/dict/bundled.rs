//! The word lists bundled inside the binary, so `boggle solve BOARD` needs
//! no file at run time. Where each list comes from is told by the script
//! beside it in `dictionaries/`.

use super::{DictError, Dictionary, plain};
use crate::alphabet::Normalizer;

/// A bundled word list.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum Lang {
    /// English: SCOWL sizes 10 to 80, all dialects, a–z only.
    #[default]
    En,
}

impl Lang {
    /// The language's code, as given to `--lang`.
    pub fn code(self) -> &'static str {
        match self {
            Lang::En => "en",
        }
    }

    /// The normaliser the list is loaded with.
    pub fn normalizer(self) -> Normalizer {
        match self {
            Lang::En => Normalizer::default(),
        }
    }

    /// The list as bundled.
    fn text(self) -> &'static str {
        match self {
            Lang::En => include_str!("../../dictionaries/en.txt"),
        }
    }
}

/// Loads the bundled list for `lang`.
pub fn load(lang: Lang) -> Result<Dictionary, DictError> {
    plain::load(lang.text().as_bytes(), lang.normalizer())
}
