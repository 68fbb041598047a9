//! `boggle dict compile IN -o OUT` and `boggle dict info PATH|--lang L`.

use std::io::{self, BufWriter, IsTerminal, Write};
use std::path::{Path, PathBuf};

use anyhow::Context;
use boggle::Dictionary;
use boggle::dict::bundled::{self, Lang};
use boggle::dict::{ListFormat, compiled};
use clap::{Args, Subcommand};

use super::dict_args::{FormatArg, describe, lang_parser, lines_not_in_the_format, load_file};
use super::{Lazy, Outcome, Usage};

/// `boggle dict` subcommands.
#[derive(Debug, Subcommand)]
pub enum DictCommand {
    /// Compile a word list (any format) into a dictionary that loads in
    /// about a millisecond
    Compile(Lazy<CompileArgs>),
    /// Print a dictionary's word count, letters, node count, compiled size
    /// and format version
    Info(Lazy<InfoArgs>),
    /// Print the bundled languages, one a line: code, name, word count,
    /// alphabet, dice sets, source and licence, separated by tabs
    List,
}

const COMPILE_EXAMPLES: &str = "Examples:\n  boggle dict compile words.txt -o words.dict\n  boggle dict compile mots.txt.gz -o mots.dict --fold-accents --verbose\n  boggle solve ezmrnubeslospaon --dict words.dict";

/// `boggle dict compile` options.
#[derive(Debug, Args)]
#[command(after_help = COMPILE_EXAMPLES)]
pub struct CompileArgs {
    /// The word list to compile
    #[arg(value_name = "IN")]
    input: PathBuf,

    /// Where to write the compiled dictionary (- for standard output,
    /// unless it is a terminal)
    #[arg(short, long, value_name = "OUT")]
    output: PathBuf,

    /// Read IN in this format instead of detecting it
    #[arg(long, value_enum, value_name = "FORMAT")]
    dict_format: Option<FormatArg>,

    /// Strip accents from the words (é→e, ä→a, œ→oe, ß→ss); boards solved
    /// against the result are folded too
    #[arg(long)]
    fold_accents: bool,

    /// Say on standard error how many words were kept and skipped, and why
    #[arg(long)]
    verbose: bool,
}

const INFO_EXAMPLES: &str = "Examples:\n  boggle dict info words.dict\n  boggle dict info --lang fr\n  boggle dict info words.txt --dict-format plain";

/// `boggle dict info` options.
#[derive(Debug, Args)]
#[command(after_help = INFO_EXAMPLES)]
pub struct InfoArgs {
    /// A dictionary file, in any format
    #[arg(
        value_name = "PATH",
        required_unless_present = "lang",
        conflicts_with = "lang"
    )]
    path: Option<PathBuf>,

    /// A bundled dictionary instead
    #[arg(long, value_name = "LANG", value_parser = lang_parser())]
    lang: Option<Lang>,

    /// Read PATH in this format instead of detecting it
    #[arg(long, value_enum, value_name = "FORMAT")]
    dict_format: Option<FormatArg>,

    /// Strip accents from the words of a text PATH
    #[arg(long)]
    fold_accents: bool,
}

impl DictCommand {
    pub fn run(self) -> anyhow::Result<Outcome> {
        match self {
            DictCommand::Compile(Lazy(args)) => args.run(),
            DictCommand::Info(Lazy(args)) => args.run(),
            DictCommand::List => {
                let mut out = BufWriter::new(super::stdout());
                for lang in Lang::ALL {
                    let dict = bundled::load(lang)
                        .with_context(|| format!("bundled dictionary '{}'", lang.code()))?;
                    writeln!(out, "{}", boggle::dict::bundled::list_line(lang, &dict))?;
                }
                out.flush()?;
                Ok(Outcome::Success)
            }
        }
    }
}

impl CompileArgs {
    fn run(self) -> anyhow::Result<Outcome> {
        let cannot_write = |error: std::io::Error| {
            anyhow::anyhow!(
                "cannot write '{}': {}",
                self.output.display(),
                boggle::dict::input::io_message(&error)
            )
        };
        let to_stdout = self.output == Path::new("-");
        if to_stdout && io::stdout().is_terminal() {
            return Err(Usage(
                "-o -: a compiled dictionary is binary and standard output is a terminal; \
                 redirect it or name a file"
                    .to_owned(),
            )
            .into());
        }
        // Refused before any work: the input list itself, or something that
        // is not a regular file, as the output (SPEC §10).
        if !to_stdout {
            if same_file(&self.input, &self.output) {
                return Err(Usage(format!(
                    "'{}' is the input list: the compiled dictionary must go elsewhere",
                    self.output.display()
                ))
                .into());
            }
            boggle::atomic_file::write_target(&self.output).map_err(cannot_write)?;
        }
        let normalizer = boggle::Normalizer::new(self.fold_accents);
        let (dict, detection) = load_file(
            &self.input,
            self.dict_format.map(ListFormat::from),
            normalizer,
        )?;
        if self.verbose {
            super::streams::say(format_args!(
                "boggle: dictionary '{}': format {detection}",
                self.input.display()
            ));
            super::streams::say(format_args!(
                "boggle: dictionary '{}': {}",
                self.input.display(),
                describe(&dict.report())
            ));
        }
        if to_stdout {
            let mut out = super::stdout();
            out.write_all(&compiled::write(&dict))?;
            out.flush()?;
            return Ok(Outcome::Success);
        }
        // Written whole or not at all, so an interrupted run never leaves
        // a partial dictionary in place of a good one.
        boggle::atomic_file::write_atomically(&self.output, &[&compiled::write(&dict)])
            .map_err(cannot_write)?;
        Ok(Outcome::Success)
    }
}

/// Whether `a` and `b` are one file (the same device and inode, whatever
/// the links and names that lead to it).
#[cfg(unix)]
fn same_file(a: &Path, b: &Path) -> bool {
    use std::os::unix::fs::MetadataExt;
    match (std::fs::metadata(a), std::fs::metadata(b)) {
        (Ok(a), Ok(b)) => a.dev() == b.dev() && a.ino() == b.ino(),
        _ => false,
    }
}

#[cfg(not(unix))]
fn same_file(a: &Path, b: &Path) -> bool {
    matches!((std::fs::canonicalize(a), std::fs::canonicalize(b)), (Ok(a), Ok(b)) if a == b)
}

impl InfoArgs {
    fn run(self) -> anyhow::Result<Outcome> {
        let (source, dict) = match (&self.path, self.lang) {
            (Some(path), _) => {
                let normalizer = boggle::Normalizer::new(self.fold_accents);
                let format = self.dict_format.map(ListFormat::from);
                (
                    format!("{}", path.display()),
                    load_file(path, format, normalizer)?.0,
                )
            }
            (None, lang) => {
                let lang = lang.unwrap_or_default();
                let dict = bundled::load(lang)
                    .with_context(|| format!("bundled dictionary '{}'", lang.code()))?;
                (format!("bundled '{}'", lang.code()), dict)
            }
        };
        let mut out = BufWriter::new(super::stdout());
        write_info(&mut out, &source, &dict)?;
        out.flush()?;
        Ok(Outcome::Success)
    }
}

/// The `dict info` report: one `name: value` line per fact.
fn write_info(out: &mut impl Write, source: &str, dict: &Dictionary) -> io::Result<()> {
    let letters: String = dict.alphabet().letters().iter().collect();
    let bytes = compiled::write(dict).len();
    let report = dict.report();
    writeln!(out, "dictionary:     {source}")?;
    writeln!(out, "words:          {}", dict.word_count())?;
    writeln!(out, "letters:        {} ({letters})", dict.alphabet().len())?;
    writeln!(
        out,
        "accents folded: {}",
        if dict.normalizer().fold_accents {
            "yes"
        } else {
            "no"
        }
    )?;
    writeln!(out, "trie nodes:     {}", dict.trie().node_count())?;
    writeln!(out, "compiled bytes: {bytes}")?;
    writeln!(out, "format version: {}", compiled::VERSION)?;
    writeln!(
        out,
        "skipped:        {} not all letters, {} too long, {}{}",
        report.skipped_not_letters,
        report.skipped_too_long,
        boggle::output::count(report.duplicates as u64, "duplicate"),
        lines_not_in_the_format(&report)
    )
}
