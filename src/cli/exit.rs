//! How a run ends (SPEC §10), decided in one place: a command returns an
//! [`Outcome`] or an error, and [`exit_code`] maps either to the process's
//! exit code. Errors carry their kind as a type in their chain: [`Usage`]
//! (the command line was wrong: 2), [`Interrupted`] (a signal stopped the
//! run after it saved what it could: 128 + the signal), a closed output
//! pipe (a quiet 0), anything else (bad data or I/O: 1). No command ends
//! the process itself.

use std::io;

use clap::error::ErrorKind;

/// How a command that ran to its end went.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Outcome {
    /// Everything went well: exit 0.
    Success,
    /// Some input was bad but the run went on (SPEC §10): exit 1.
    BadData,
    /// A word `show` was asked for is not on the board: exit 1, as grep
    /// exits when nothing matched.
    Absent,
    /// The command line was incomplete and the help went to standard
    /// error: exit 2.
    HelpShown,
}

/// An error that is the user's wording, not bad data: exit 2.
#[derive(Debug)]
pub struct Usage(pub String);

impl std::fmt::Display for Usage {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::error::Error for Usage {}

/// A signal (Ctrl-C, SIGTERM) stopped the run after the command had
/// written what it could: the shell's code for it, 128 + the signal.
#[derive(Debug)]
pub struct Interrupted(pub i32);

impl std::fmt::Display for Interrupted {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "interrupted by signal {}", self.0)
    }
}

impl std::error::Error for Interrupted {}

/// The exit code of a run that ended with `result`, and the one-line
/// message to print on standard error, if any.
pub fn exit_code(result: &anyhow::Result<Outcome>) -> (u8, Option<String>) {
    match result {
        Ok(Outcome::Success) => (0, None),
        Ok(Outcome::BadData | Outcome::Absent) => (1, None),
        Ok(Outcome::HelpShown) => (2, None),
        Err(error) if is_broken_pipe(error) => (0, None),
        Err(error) => {
            if let Some(Interrupted(signal)) = error.downcast_ref::<Interrupted>() {
                let code = u8::try_from(128 + signal).unwrap_or(u8::MAX);
                return (code, None);
            }
            let code = if error.is::<Usage>() { 2 } else { 1 };
            (code, Some(format!("{error:#}").replace('\n', " ")))
        }
    }
}

/// Help and version go to standard output, under the same policy as any
/// output; any other clap error becomes one `boggle: ` line and exit code 2.
pub fn clap_error(error: &clap::Error) -> anyhow::Result<Outcome> {
    match error.kind() {
        ErrorKind::DisplayHelp | ErrorKind::DisplayVersion => {
            super::streams::write_help(&error.render())?;
            Ok(Outcome::Success)
        }
        ErrorKind::DisplayHelpOnMissingArgumentOrSubcommand => {
            let _ = error.print();
            Ok(Outcome::HelpShown)
        }
        _ => Err(Usage(first_paragraph(&error.render().to_string())).into()),
    }
}

/// The first paragraph of a rendered clap error on one line, without its
/// `error: ` label (the lines after the first carry what the first leaves
/// out: `[possible values: en, fr, fi]`, the missing argument's name),
/// followed by clap's suggestions: "a similar argument exists: '--format'".
fn first_paragraph(rendered: &str) -> String {
    let lines: Vec<&str> = rendered.lines().map(str::trim).collect();
    let mut paragraphs = lines.split(|line| line.is_empty());
    let first = paragraphs.next().unwrap_or_default().join(" ");
    let mut message = match first.strip_prefix("error: ") {
        Some(rest) => rest.to_owned(),
        None if first.is_empty() => "invalid arguments".to_owned(),
        None => first,
    };
    // The tip on passing a flag-like value after `--` is left out: no
    // board or word starts with `-`.
    let suggestions = paragraphs
        .flatten()
        .filter_map(|line| line.strip_prefix("tip: "))
        .filter(|tip| !tip.starts_with("to pass "));
    for suggestion in suggestions {
        message.push_str("; ");
        message.push_str(suggestion);
    }
    message
}

/// Whether the output pipe was closed under us: that ends the run quietly.
fn is_broken_pipe(error: &anyhow::Error) -> bool {
    error.chain().any(|cause| {
        cause
            .downcast_ref::<io::Error>()
            .is_some_and(|e| e.kind() == io::ErrorKind::BrokenPipe)
    })
}

#[cfg(test)]
mod tests {
    use super::{Interrupted, Outcome, Usage, exit_code, first_paragraph};
    use crate::cli::Cli;
    use clap::Parser;

    /// Every way a run ends, and its code and message.
    #[test]
    fn each_ending_has_its_exit_code() {
        let check = |result: anyhow::Result<Outcome>, code: u8, message: Option<&str>| {
            assert_eq!(exit_code(&result), (code, message.map(str::to_owned)));
        };
        check(Ok(Outcome::Success), 0, None);
        check(Ok(Outcome::BadData), 1, None);
        check(Ok(Outcome::Absent), 1, None);
        check(Ok(Outcome::HelpShown), 2, None);
        check(Err(Usage("bad flag".into()).into()), 2, Some("bad flag"));
        check(Err(Interrupted(15).into()), 143, None);
        check(Err(Interrupted(2).into()), 130, None);
        let pipe = std::io::Error::from(std::io::ErrorKind::BrokenPipe);
        check(Err(anyhow::Error::new(pipe).context("writing")), 0, None);
        let full = std::io::Error::other("no space left on device");
        check(
            Err(anyhow::Error::new(full).context("standard output")),
            1,
            Some("standard output: no space left on device"),
        );
    }

    #[test]
    fn clap_errors_become_one_line() {
        let check = |rendered: &str, expected: &str| {
            assert_eq!(first_paragraph(rendered), expected, "{rendered:?}");
        };
        check(
            "error: invalid value 'xx' for '--lang <LANG>'\n  [possible values: en, fr, fi]\n\n\
             For more information, try '--help'.\n",
            "invalid value 'xx' for '--lang <LANG>' [possible values: en, fr, fi]",
        );
        check(
            "error: the following required arguments were not provided:\n  --output <OUT>\n\n\
             Usage: boggle dict compile --output <OUT> <IN>\n",
            "the following required arguments were not provided: --output <OUT>",
        );
        check(
            "error: unexpected argument '--bogus' found\n\n  tip: to pass '--bogus' as a value, use '-- --bogus'\n",
            "unexpected argument '--bogus' found",
        );
        check("", "invalid arguments");
    }

    /// clap's suggestions stay on the one line: a similar argument,
    /// subcommand or value.
    #[test]
    fn suggestions_are_kept() {
        let check = |args: &[&str], expected: &str| {
            let error = Cli::try_parse_from(args).unwrap_err();
            let rendered = error.render().to_string();
            assert_eq!(first_paragraph(&rendered), expected, "{rendered:?}");
        };
        check(
            &["boggle", "solve", "--fromat", "json", "abcd"],
            "unexpected argument '--fromat' found; a similar argument exists: '--format'",
        );
        check(
            &["boggle", "solv", "abcd"],
            "unrecognized subcommand 'solv'; a similar subcommand exists: 'solve'",
        );
        check(
            &["boggle", "dict", "compil"],
            "unrecognized subcommand 'compil'; a similar subcommand exists: 'compile'",
        );
        check(
            &["boggle", "random", "--dice", "clasic"],
            "invalid value 'clasic' for '--dice <DICE>' [possible values: classic, new, big, \
             superbig, uniform, lang]; a similar value exists: 'classic'",
        );
        check(
            &["boggle", "solve", "--bogus"],
            "unexpected argument '--bogus' found",
        );
    }
}
