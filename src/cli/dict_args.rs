//! The dictionary options every command that searches shares: `--dict`
//! (or `BOGGLE_DICT`), `--lang`, `--dict-format`, `--fold-accents`,
//! `--no-cache` and `--verbose`, and loading the dictionary they choose.
//! The binary's part of the cache lives here too: where the cache
//! directory is, and printing its warnings.

use std::path::{Path, PathBuf};

use anyhow::Context;
use boggle::dict::bundled::{self, Lang};
use boggle::dict::cache::{CacheDir, io_message};
use boggle::dict::{self, Format, LoadReport};
use boggle::{Dictionary, Normalizer};
use clap::{Args, ValueEnum};

/// Where the words come from.
#[derive(Debug, Args)]
pub struct DictArgs {
    /// A word list: plain text (one word per line), gzip, anagram lines,
    /// a trie stream, or a compiled dictionary
    #[arg(long, value_name = "PATH", env = "BOGGLE_DICT")]
    pub dict: Option<PathBuf>,

    /// A bundled word list (the default is English); overrides BOGGLE_DICT
    #[arg(long, value_enum, value_name = "LANG", conflicts_with = "dict")]
    pub lang: Option<LangArg>,

    /// Read --dict in this format instead of detecting it (gzip is always
    /// recognised, and names the format inside)
    #[arg(long, value_enum, value_name = "FORMAT")]
    pub dict_format: Option<FormatArg>,

    /// Strip accents from words and boards alike (é→e, ä→a, œ→oe, ß→ss);
    /// always on for --lang fr
    #[arg(long)]
    pub fold_accents: bool,

    /// Read --dict without the compiled cache (and do not write it)
    #[arg(long)]
    pub no_cache: bool,

    /// Say on standard error how many words were kept and skipped, and why
    #[arg(long)]
    pub verbose: bool,
}

/// The bundled languages, as `--lang` takes them.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum LangArg {
    /// English
    En,
    /// French, accents folded
    Fr,
    /// Finnish, with å, ä and ö
    Fi,
}

impl From<LangArg> for Lang {
    fn from(lang: LangArg) -> Lang {
        match lang {
            LangArg::En => Lang::En,
            LangArg::Fr => Lang::Fr,
            LangArg::Fi => Lang::Fi,
        }
    }
}

/// The formats, as `--dict-format` takes them.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum FormatArg {
    /// One word per line
    Plain,
    /// Gzip-compressed, of any other format
    Gzip,
    /// sorted|word1|word2 lines
    Anagram,
    /// Letters open a child, '!' marks a word, '#' goes back
    TrieStream,
    /// A compiled dictionary (boggle dict compile)
    Compiled,
}

impl From<FormatArg> for Format {
    fn from(format: FormatArg) -> Format {
        match format {
            FormatArg::Plain => Format::Plain,
            FormatArg::Gzip => Format::Gzip,
            FormatArg::Anagram => Format::Anagram,
            FormatArg::TrieStream => Format::TrieStream,
            FormatArg::Compiled => Format::Compiled,
        }
    }
}

/// The user's cache directory for compiled dictionaries:
/// `$XDG_CACHE_HOME/boggle`, else `~/.cache/boggle`; none without either.
pub fn cache_dir() -> Option<CacheDir> {
    let base = match std::env::var_os("XDG_CACHE_HOME") {
        Some(dir) if Path::new(&dir).is_absolute() => PathBuf::from(dir),
        _ => PathBuf::from(std::env::var_os("HOME")?).join(".cache"),
    };
    Some(CacheDir::new(base.join("boggle")))
}

/// Reads a word list file without the cache.
pub fn load_file(
    path: &Path,
    format: Option<Format>,
    normalizer: Normalizer,
) -> anyhow::Result<Dictionary> {
    let name = || format!("dictionary '{}'", path.display());
    if path.is_dir() {
        anyhow::bail!("{}: is a directory", name());
    }
    let bytes = std::fs::read(path)
        .map_err(|error| anyhow::anyhow!("{}: {}", name(), io_message(&error)))?;
    dict::load(&bytes, format, normalizer).with_context(name)
}

impl DictArgs {
    /// The normaliser for `--dict` files: accents folded with `--fold-accents`.
    fn normalizer(&self) -> Normalizer {
        Normalizer::new(self.fold_accents)
    }

    /// Loads the chosen dictionary; with `--verbose`, reports on stderr.
    pub fn load(&self) -> anyhow::Result<Dictionary> {
        let (dict, source) = match (&self.dict, self.lang) {
            (Some(path), None) => (self.load_path(path)?, format!("'{}'", path.display())),
            (_, lang) => {
                let lang = lang.map_or(Lang::En, Lang::from);
                let dict = bundled::load(lang)
                    .with_context(|| format!("bundled dictionary '{}'", lang.code()))?;
                (dict, format!("bundled '{}'", lang.code()))
            }
        };
        if self.verbose {
            eprintln!("boggle: dictionary {source}: {}", describe(&dict.report()));
        }
        Ok(dict)
    }

    fn load_path(&self, path: &Path) -> anyhow::Result<Dictionary> {
        let format = self.dict_format.map(Format::from);
        let cache = if self.no_cache { None } else { cache_dir() };
        let Some(cache) = cache else {
            return load_file(path, format, self.normalizer());
        };
        let name = || format!("dictionary '{}'", path.display());
        let cached = cache
            .load(path, format, self.normalizer())
            .map_err(|error| anyhow::anyhow!("{}: {error}", name()))?;
        if let Some(warning) = cached.status.warning(&cached.entry) {
            eprintln!("boggle: warning: {warning}");
        }
        if self.verbose {
            eprintln!(
                "boggle: cache entry '{}': {}",
                cached.entry.display(),
                cached.status
            );
        }
        Ok(cached.dict)
    }
}

/// "N words kept; skipped: A not all letters, B longer than 64 letters, C
/// duplicates".
pub fn describe(report: &LoadReport) -> String {
    format!(
        "{} kept; skipped: {} not all letters, {} longer than {} letters, {}",
        boggle::output::count(report.words as u64, "word"),
        report.skipped_not_letters,
        report.skipped_too_long,
        dict::MAX_WORD_LEN,
        boggle::output::count(report.duplicates as u64, "duplicate")
    )
}
