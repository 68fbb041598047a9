//! The dictionary options every command that searches shares: `--dict`
//! (or `BOGGLE_DICT`), `--lang`, `--dict-format`, `--fold-accents`,
//! `--no-cache` and `--verbose`, and loading the dictionary they choose.
//! `BOGGLE_DICT` is read here rather than by clap: it is a default that an
//! explicit `--dict` or `--lang` replaces, and an empty one is unset.
//! `--dict -` reads the list from standard input. The binary's part of the
//! cache lives here too: where the cache directory is, and printing its
//! warnings.

use std::path::{Path, PathBuf};

use anyhow::Context;
use boggle::dict::bundled::{self, Lang};
use boggle::dict::cache::{CacheDir, CacheStatus, Cached};
use boggle::dict::{self, Detection, ListFormat, LoadError, LoadReport};
use boggle::{Dictionary, Normalizer};
use clap::{Args, ValueEnum};

/// Where the words come from.
#[derive(Debug, Args)]
pub struct DictArgs {
    /// A word list: plain text (one word per line), gzip, anagram lines,
    /// a trie stream, or a compiled dictionary; '-' reads it from standard
    /// input [env: BOGGLE_DICT, a default that --dict or --lang replaces;
    /// of --dict and --lang, the last given wins]
    #[arg(long, value_name = "PATH", overrides_with = "lang")]
    pub dict: Option<PathBuf>,

    /// A bundled word list (the default is English); overrides BOGGLE_DICT
    #[arg(long, value_name = "LANG", value_parser = lang_parser(), overrides_with = "dict")]
    pub lang: Option<Lang>,

    /// Read --dict in this format instead of detecting it (gzip is always
    /// recognised, and names the format inside)
    #[arg(long, value_enum, value_name = "FORMAT")]
    pub dict_format: Option<FormatArg>,

    /// Strip accents from words and boards alike (é→e, ä→a, œ→oe, ß→ss),
    /// whatever the list; always on for --lang fr, es, it, nl and pt
    #[arg(long)]
    pub fold_accents: bool,

    /// Load the word list without the compiled cache (and do not write it)
    #[arg(long)]
    pub no_cache: bool,

    /// Say on standard error which format the list was read in and why,
    /// how many words were kept and skipped, and what the cache did
    #[arg(long)]
    pub verbose: bool,
}

/// The environment variable naming the default word list.
const DICT_VARIABLE: &str = "BOGGLE_DICT";

/// The bundled languages, as `--lang` takes them: each code, with the
/// language's name as its help.
pub fn lang_parser() -> impl clap::builder::TypedValueParser<Value = Lang> {
    use clap::builder::{PossibleValue, PossibleValuesParser, TypedValueParser};
    let values = Lang::ALL.map(|lang| PossibleValue::new(lang.code()).help(lang.name()));
    PossibleValuesParser::new(values).try_map(|code| code.parse::<Lang>())
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

impl From<FormatArg> for ListFormat {
    fn from(format: FormatArg) -> ListFormat {
        match format {
            FormatArg::Plain => ListFormat::Plain,
            FormatArg::Gzip => ListFormat::Gzip,
            FormatArg::Anagram => ListFormat::Anagram,
            FormatArg::TrieStream => ListFormat::TrieStream,
            FormatArg::Compiled => ListFormat::Compiled,
        }
    }
}

/// The user's cache directory for compiled dictionaries:
/// `$XDG_CACHE_HOME/boggle`, else `~/.cache/boggle`; none without either.
/// Its entries are mapped into memory.
pub fn cache_dir() -> Option<CacheDir> {
    let base = match std::env::var_os("XDG_CACHE_HOME") {
        Some(dir) if Path::new(&dir).is_absolute() => PathBuf::from(dir),
        _ => PathBuf::from(std::env::var_os("HOME")?).join(".cache"),
    };
    // SAFETY: the directory is this program's own cache, whose entries it
    // only ever writes whole under a temporary name and renames into place,
    // never changing a file in place; the man page's FILES section tells
    // the user to keep to that too. A process that rewrote an entry in place while a
    // run has it mapped would break this, as it would for any program
    // that maps its cache (ripgrep's `--mmap` carries the same caveat).
    #[allow(unsafe_code)]
    let cache = unsafe { CacheDir::new(base.join("boggle")).mapping() };
    Some(cache)
}

/// Whether `path` names standard input: `-`.
fn is_stdin(path: &Path) -> bool {
    path == Path::new("-")
}

/// Reads a word list file, or standard input for `-`, without the cache;
/// returns it with the format it was read in.
pub fn load_file(
    path: &Path,
    format: Option<ListFormat>,
    normalizer: Normalizer,
) -> anyhow::Result<(Dictionary, Detection)> {
    let name = || source_name(path);
    let bytes = if is_stdin(path) {
        dict::read_list(std::io::stdin().lock(), None)
    } else {
        read_file(path)
    }
    .map_err(|error| anyhow::anyhow!("{}: {error}", name()))?;
    dict::load_detected(&bytes, format, normalizer).with_context(name)
}

/// The bytes of the word list at `path`, read bounded.
fn read_file(path: &Path) -> Result<Vec<u8>, LoadError> {
    let file = std::fs::File::open(path).map_err(LoadError::Io)?;
    let metadata = file.metadata().map_err(LoadError::Io)?;
    if metadata.is_dir() {
        return Err(LoadError::Io(std::io::ErrorKind::IsADirectory.into()));
    }
    dict::read_list(file, Some(metadata.len()))
}

/// How errors and messages name the list at `path`.
fn source_name(path: &Path) -> String {
    if is_stdin(path) {
        "dictionary on standard input".into()
    } else {
        format!("dictionary '{}'", path.display())
    }
}

/// Whether `path` is standard input under another name (`/dev/stdin`,
/// `/dev/fd/0`): the same file as the one open on descriptor 0.
#[cfg(unix)]
fn same_as_stdin(path: &Path) -> bool {
    use std::os::fd::AsFd;
    use std::os::unix::fs::MetadataExt;
    let Ok(listed) = std::fs::metadata(path) else {
        return false;
    };
    let Ok(stdin) = std::io::stdin().as_fd().try_clone_to_owned() else {
        return false;
    };
    std::fs::File::from(stdin)
        .metadata()
        .is_ok_and(|stdin| stdin.dev() == listed.dev() && stdin.ino() == listed.ino())
}

#[cfg(not(unix))]
fn same_as_stdin(_path: &Path) -> bool {
    false
}

impl DictArgs {
    /// The normaliser for `--dict` files: accents folded with `--fold-accents`.
    fn normalizer(&self) -> Normalizer {
        Normalizer::new(self.fold_accents)
    }

    /// The word list file chosen: `--dict`, else `BOGGLE_DICT` when neither
    /// `--dict` nor `--lang` is given and it is not empty.
    pub fn path(&self) -> Option<PathBuf> {
        if self.dict.is_some() || self.lang.is_some() {
            return self.dict.clone();
        }
        std::env::var_os(DICT_VARIABLE)
            .filter(|value| !value.is_empty())
            .map(PathBuf::from)
    }

    /// Whether the word list is read from standard input (`-`, or
    /// `/dev/stdin` and its like), which then holds no boards.
    pub fn takes_stdin(&self) -> bool {
        self.path()
            .is_some_and(|path| is_stdin(&path) || same_as_stdin(&path))
    }

    /// Loads the chosen dictionary, its accents folded with
    /// `--fold-accents` whatever the list; with `--verbose`, reports on
    /// stderr.
    pub fn load(&self) -> anyhow::Result<Dictionary> {
        let (dict, source) = match (self.path(), self.lang) {
            (Some(path), None) => (self.load_path(&path)?, source_name(&path)),
            (_, lang) => {
                let lang = lang.unwrap_or_default();
                (
                    self.load_bundled(lang)?,
                    format!("bundled dictionary '{}'", lang.code()),
                )
            }
        };
        let dict = if self.fold_accents {
            dict.fold_accents().with_context(|| source.clone())?
        } else {
            dict
        };
        if self.verbose {
            super::streams::say(format_args!(
                "boggle: {source}: {}",
                describe(&dict.report())
            ));
        }
        Ok(dict)
    }

    /// The list bundled for `lang`, its image from the cache (written on
    /// the first run) unless `--no-cache` is given or there is no cache
    /// directory.
    pub fn load_bundled(&self, lang: Lang) -> anyhow::Result<Dictionary> {
        let name = || format!("bundled dictionary '{}'", lang.code());
        let Some(cache) = cache_dir().filter(|_| !self.no_cache) else {
            return bundled::load(lang).with_context(name);
        };
        let cached = cache.load_bundled(lang).with_context(name)?;
        // A cache that cannot be written (a read-only home) only costs a
        // bundled list its expansion on each run: `--verbose` says so, but
        // it is not worth a warning on every run.
        let warn = !matches!(cached.status, CacheStatus::NotWritten(_));
        self.say_cache(&cached, warn);
        Ok(cached.dict)
    }

    /// Says what the cache did: with `warn`, a warning when it could not
    /// do its part; with `--verbose`, what it did.
    fn say_cache(&self, cached: &Cached, warn: bool) {
        if let Some(warning) = cached.status.warning(&cached.entry).filter(|_| warn) {
            super::streams::say(format_args!("boggle: warning: {warning}"));
        }
        if self.verbose {
            let report = cached.status.report(&cached.entry);
            super::streams::say(format_args!("boggle: {report}"));
        }
    }

    fn load_path(&self, path: &Path) -> anyhow::Result<Dictionary> {
        let format = self.dict_format.map(ListFormat::from);
        let cache = if self.no_cache || is_stdin(path) {
            None
        } else {
            cache_dir()
        };
        let name = || source_name(path);
        let Some(cache) = cache else {
            let (dict, detection) = load_file(path, format, self.normalizer())?;
            self.say_format(&name(), &detection);
            return Ok(dict);
        };
        let cached = cache
            .load(path, format, self.normalizer())
            .map_err(|error| anyhow::anyhow!("{}: {error}", name()))?;
        self.say_format(&name(), &cached.detection);
        self.say_cache(&cached, true);
        Ok(cached.dict)
    }

    /// With `--verbose`, says which format the list was read in and why.
    fn say_format(&self, name: &str, detection: &Detection) {
        if self.verbose {
            let detection = match self.dict_format {
                Some(_) if !detection.gzip => {
                    format!("{} (given with --dict-format)", detection.format)
                }
                _ => detection.to_string(),
            };
            super::streams::say(format_args!("boggle: {name}: format {detection}"));
        }
    }
}

/// "N words kept; skipped: A not all letters, B longer than 64 letters, C
/// duplicates", then ", D lines not in the format" when there are any.
pub fn describe(report: &LoadReport) -> String {
    format!(
        "{} kept; skipped: {} not all letters, {} longer than {} letters, {}{}",
        boggle::output::count(report.words as u64, "word"),
        report.skipped_not_letters,
        report.skipped_too_long,
        dict::MAX_WORD_LEN,
        boggle::output::count(report.duplicates as u64, "duplicate"),
        lines_not_in_the_format(report)
    )
}

/// ", N lines not in the format" when a list forced into a format had lines
/// that do not fit it, else nothing.
pub fn lines_not_in_the_format(report: &LoadReport) -> String {
    match report.skipped_lines {
        0 => String::new(),
        n => format!(
            ", {} not in the format",
            boggle::output::count(n as u64, "line")
        ),
    }
}
