//! The dictionary options every command that searches shares: `--dict`
//! (or `BOGGLE_DICT`) and `--lang`.

use std::path::PathBuf;

use anyhow::Context;
use boggle::Dictionary;
use boggle::dict::bundled::{self, Lang};
use boggle::dict::plain;
use clap::{Args, ValueEnum};

/// Where the words come from.
#[derive(Debug, Args)]
pub struct DictArgs {
    /// A word list: UTF-8 text, one word per line
    #[arg(long, value_name = "PATH", env = "BOGGLE_DICT")]
    pub dict: Option<PathBuf>,

    /// A bundled word list (the default is English); overrides BOGGLE_DICT
    #[arg(long, value_enum, value_name = "LANG", conflicts_with = "dict")]
    pub lang: Option<LangArg>,
}

/// The bundled languages, as `--lang` takes them.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum LangArg {
    /// English
    En,
}

impl From<LangArg> for Lang {
    fn from(lang: LangArg) -> Lang {
        match lang {
            LangArg::En => Lang::En,
        }
    }
}

impl DictArgs {
    /// Loads the chosen dictionary.
    pub fn load(&self) -> anyhow::Result<Dictionary> {
        match (&self.dict, self.lang) {
            (Some(path), None) => {
                let bytes = std::fs::read(path)
                    .with_context(|| format!("dictionary '{}'", path.display()))?;
                plain::load(&bytes, Default::default())
                    .with_context(|| format!("dictionary '{}'", path.display()))
            }
            (_, lang) => {
                let lang = lang.map_or(Lang::En, Lang::from);
                bundled::load(lang).with_context(|| format!("bundled dictionary '{}'", lang.code()))
            }
        }
    }
}
