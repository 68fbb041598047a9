//! The `boggle` binary: parses the command line, runs the command and maps
//! what happened to an exit code (SPEC §10). All the work is in the library.

mod cli;
mod serve;

use std::io;
use std::process::ExitCode;

use clap::Parser;
use clap::error::ErrorKind;

use cli::{Cli, Command, Outcome, Usage};

fn main() -> ExitCode {
    let outcome = match Cli::try_parse() {
        Ok(cli) => {
            // `serve` catches Ctrl-C and SIGTERM itself, to finish the
            // requests in flight and exit 0.
            if !matches!(cli.command, Command::Serve(_)) {
                exit_on_signals();
            }
            cli.command.run()
        }
        Err(error) => clap_error(&error),
    };
    match outcome {
        Ok(Outcome::Success) => ExitCode::SUCCESS,
        Ok(Outcome::BadData | Outcome::Absent) => ExitCode::from(1),
        Ok(Outcome::HelpShown) => ExitCode::from(2),
        Err(error) if is_broken_pipe(&error) => ExitCode::SUCCESS,
        Err(error) => {
            let code = if error.is::<Usage>() { 2 } else { 1 };
            let message = format!("{error:#}").replace('\n', " ");
            cli::streams::say(format_args!("boggle: {message}"));
            ExitCode::from(code)
        }
    }
}

/// Ctrl-C, SIGTERM and SIGHUP stop the run at once, with no partial file
/// left behind, and the shell's exit code for the signal: 128 + its number
/// (130 for Ctrl-C, 143 for SIGTERM).
#[cfg(unix)]
fn exit_on_signals() {
    use signal_hook::consts::{SIGHUP, SIGINT, SIGTERM};
    let Ok(mut signals) = signal_hook::iterator::Signals::new([SIGINT, SIGTERM, SIGHUP]) else {
        return;
    };
    std::thread::spawn(move || {
        for signal in signals.forever() {
            // A running `best` search stops itself, prints what it found
            // and exits with this signal's code.
            if signal != SIGHUP && cli::best::interrupt(signal) {
                continue;
            }
            cli::play::restore_terminal();
            boggle::dict::cache::remove_partial_files();
            std::process::exit(128 + signal);
        }
    });
}

/// Elsewhere the default action stops the run.
#[cfg(not(unix))]
fn exit_on_signals() {}

/// Help and version go to standard output, under the same policy as any
/// output; any other clap error becomes one `boggle: ` line and exit code 2.
fn clap_error(error: &clap::Error) -> anyhow::Result<Outcome> {
    match error.kind() {
        ErrorKind::DisplayHelp | ErrorKind::DisplayVersion => {
            cli::streams::write_help(&error.render())?;
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
    use super::{Cli, Parser, first_paragraph};

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
             superbig, uniform]; a similar value exists: 'classic'",
        );
        check(
            &["boggle", "solve", "--bogus"],
            "unexpected argument '--bogus' found",
        );
    }
}
