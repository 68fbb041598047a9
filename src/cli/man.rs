//! `boggle man`: the manual pages, one per command, generated from the same
//! clap definitions as `--help`, with the sections clap does not know about:
//! the board grammar, exit status, environment, files and examples.
//! `boggle man` prints the main page; `boggle man --dir DIR` writes them all.

use std::io::Write;
use std::path::PathBuf;

use anyhow::Context;
use boggle::atomic_file::write_atomically;
use boggle::dict::input::io_message;
use clap::{Args, CommandFactory};
use clap_mangen::Man;
use clap_mangen::roff::{Roff, bold, roman};

use super::{Cli, Outcome};

const EXAMPLES: &str = "\
Examples:
  boggle man | man -l -
  boggle man --dir ~/.local/share/man/man1
  boggle man > boggle.1";

/// `boggle man` options.
#[derive(Debug, Args)]
#[command(after_help = EXAMPLES)]
pub struct ManArgs {
    /// Write every page (boggle.1, boggle-solve.1, …) into DIR, made if
    /// missing, instead of printing the main page
    #[arg(long, value_name = "DIR")]
    dir: Option<PathBuf>,
}

impl ManArgs {
    pub fn run(self) -> anyhow::Result<Outcome> {
        let pages = pages();
        let Some(dir) = self.dir else {
            let mut out = super::stdout();
            out.write_all(pages[0].1.as_bytes())?;
            out.flush()?;
            return Ok(Outcome::Success);
        };
        std::fs::create_dir_all(&dir).map_err(|error| {
            // `create_dir_all` says only "file exists" of a file in the way.
            let what = match std::fs::metadata(&dir) {
                Ok(found) if !found.is_dir() => "it exists and is not a directory".to_owned(),
                _ => io_message(&error),
            };
            anyhow::anyhow!("cannot make '{}': {what}", dir.display())
        })?;
        for (name, page) in &pages {
            let path = dir.join(name);
            // Written whole or not at all, and never over a device, a FIFO
            // or a directory, as every file boggle writes.
            write_atomically(&path, &[page.as_bytes()])
                .with_context(|| format!("cannot write '{}'", path.display()))?;
        }
        Ok(Outcome::Success)
    }
}

/// Every page as its file name and text: the main page first, then one
/// per subcommand, depth first.
fn pages() -> Vec<(String, String)> {
    let mut root = Cli::command().disable_help_subcommand(true);
    root.build();
    let mut commands = Vec::new();
    collect(&root, &mut commands);
    let names: Vec<String> = commands.iter().map(name).collect();
    commands
        .iter()
        .zip(&names)
        .map(|(command, name)| (format!("{name}.1"), page(command, &names)))
        .collect()
}

/// `command` and its subcommands, depth first.
fn collect(command: &clap::Command, commands: &mut Vec<clap::Command>) {
    commands.push(command.clone());
    for subcommand in command.get_subcommands() {
        collect(subcommand, commands);
    }
}

/// A page's name: `boggle`, `boggle-solve`, `boggle-dict-compile`.
fn name(command: &clap::Command) -> String {
    command
        .get_display_name()
        .unwrap_or_else(|| command.get_name())
        .to_owned()
}

/// The page of `command`; `names` are every page's, for SEE ALSO.
fn page(command: &clap::Command, names: &[String]) -> String {
    let man = Man::new(command.clone()).source(format!("boggle {}", env!("CARGO_PKG_VERSION")));
    let own = name(command);
    let is_root = command.get_name() == "boggle";
    let takes = |id: &str| command.get_arguments().any(|arg| arg.get_id() == id);
    let mut sections: Vec<Vec<u8>> = Vec::new();
    let mut render = |write: &dyn Fn(&mut Vec<u8>) -> std::io::Result<()>| {
        let mut text = Vec::new();
        // Writing to memory cannot fail.
        let _ = write(&mut text);
        sections.push(text);
    };
    render(&|out| man.render_title(out));
    render(&|out| man.render_name_section(out));
    render(&|out| man.render_synopsis_section(out));
    render(&|out| man.render_description_section(out));
    render(&|out| man.render_options_section(out));
    if command.has_subcommands() {
        render(&|out| man.render_subcommands_section(out));
    }
    let mut roff = Roff::new();
    if is_root || takes("boards") || takes("board") {
        list(&mut roff, "BOARDS", BOARDS);
    }
    list(&mut roff, "EXIT STATUS", EXIT_STATUS);
    let dictionary = is_root || takes("dict");
    let colour = is_root || takes("color");
    if dictionary || colour {
        let mut environment = Vec::new();
        if dictionary {
            environment.extend_from_slice(DICTIONARY_ENVIRONMENT);
        }
        if colour {
            environment.extend_from_slice(COLOUR_ENVIRONMENT);
        }
        list(&mut roff, "ENVIRONMENT", &environment);
    }
    if dictionary {
        list(&mut roff, "FILES", FILES);
    }
    let help = command.get_after_help().map(ToString::to_string);
    let examples = help
        .as_deref()
        .and_then(|help| help.split_once("Examples:\n"))
        .map_or("", |(_, examples)| examples);
    roff.control("SH", ["EXAMPLES"]).control("nf", []);
    for example in examples.lines() {
        roff.text([roman(example.trim())]);
    }
    roff.control("fi", []).control("SH", ["SEE ALSO"]);
    let others: Vec<String> = names
        .iter()
        .filter(|other| **other != own)
        .map(|other| format!("{other}(1)"))
        .collect();
    // Page names are not hyphenated at line ends.
    roff.control("nh", [])
        .text([roman(others.join(", "))])
        .control("hy", []);
    render(&|out| roff.to_writer(out));
    render(&|out| man.render_version_section(out));
    // Each part starts with the same preamble: the page needs it once.
    let preamble = Roff::new().render();
    let mut page = String::new();
    for (index, section) in sections.iter().enumerate() {
        let text = String::from_utf8_lossy(section);
        match index {
            0 => page.push_str(&text),
            _ => page.push_str(text.strip_prefix(&preamble).unwrap_or(&text)),
        }
    }
    page
}

/// A section of terms, each with its description.
fn list(roff: &mut Roff, heading: &str, items: &[(&str, &str)]) {
    roff.control("SH", [heading]);
    for (term, description) in items {
        roff.control("TP", [])
            .text([bold(*term)])
            .text([roman(*description)]);
    }
}

/// The board grammar (SPEC §2), as the README's Board grammar says it.
const BOARDS: &[(&str, &str)] = &[
    (
        "ezmrnubeslospaon",
        "One tile per letter. Without '/' the number of tiles must be a perfect square \
         (16 tiles make 4x4).",
    ),
    (
        "ezmr/nube/slos/paon",
        "Rows separated by '/', any R x C; all rows have the same length. A single row \
         of several tiles ends with '/' (abc/ is 1x3).",
    ),
    (
        "r e i b t m f w i r a e r h s t, a,b,c,d",
        "Tokens separated by spaces or commas, one tile each: at most two letters \
         (th in/er an), '.', '*' or a bracketed tile.",
    ),
    (
        "ezmr nube slos paon",
        "Rows typed with spaces: without '/', when every token has three letters or more, \
         each token is a row. Such a token among shorter ones, or inside a '/' row, is an \
         error that says how to write it: [ing] for one tile, '/' between rows.",
    ),
    (
        "q, qu",
        "The Qu tile, which spells \"qu\"; a Qu tile then a u tile is quu; a plain q is [q].",
    ),
    ("[th]", "One tile of the letters inside."),
    (
        ". *",
        "A blank, which no word passes through; a wildcard, any one letter, at most 4 \
         per board.",
    ),
    (
        "letters",
        "Case-insensitive, any Unicode letter (ä, ö, é, ß …), normalised like the \
         dictionary. Boards are printed in canonical form: lower case, rows joined by '/', \
         multi-letter tiles other than qu in brackets.",
    ),
];

/// The exit codes (SPEC §10), as the README's Exit codes table says them.
const EXIT_STATUS: &[(&str, &str)] = &[
    (
        "0",
        "Success; finding no word is success. Also when the output pipe is closed early \
         (boggle solve ... | head).",
    ),
    (
        "1",
        "Bad data or I/O: an unreadable dictionary, a bad board line on standard input, \
         standard output full or closed. boggle show: a word asked for is not on the board.",
    ),
    (
        "2",
        "Usage: an unknown flag, a bad flag value, a bad BOARD argument.",
    ),
    (
        "130, 143, 129",
        "Interrupted by Ctrl-C (SIGINT), stopped by SIGTERM or SIGHUP. No partial file is \
         left behind.",
    ),
];

const DICTIONARY_ENVIRONMENT: &[(&str, &str)] = &[
    (
        "BOGGLE_DICT",
        "The word list used when neither --dict nor --lang is given.",
    ),
    (
        "XDG_CACHE_HOME, HOME",
        "Where the cache of compiled word lists is kept (see FILES).",
    ),
];

const COLOUR_ENVIRONMENT: &[(&str, &str)] = &[
    (
        "NO_COLOR",
        "When set, boggle show draws no colour with --color auto.",
    ),
    (
        "CLICOLOR_FORCE",
        "When set, boggle show draws colour with --color auto even off a terminal.",
    ),
];

const FILES: &[(&str, &str)] = &[(
    "$XDG_CACHE_HOME/boggle/, else ~/.cache/boggle/",
    "The expanded forms of the bundled word lists and of --dict word lists, keyed by path, \
     content and format version, rebuilt when stale or damaged; --no-cache neither reads nor \
     writes them. Entries are mapped into memory while boggle runs: replace one only whole \
     (as boggle does, by renaming a new file over it), never by writing into it.",
)];
