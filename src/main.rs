//! The `boggle` binary: parses the command line, runs the command and maps
//! what happened to an exit code (SPEC §10). All the work is in the library.

mod cli;

use std::io::{self, Write};
use std::process::ExitCode;

use clap::Parser;
use clap::error::ErrorKind;

use cli::{Cli, Outcome, Usage};

fn main() -> ExitCode {
    // Ctrl-C (and SIGTERM, SIGHUP) stops at once, with no partial file left
    // behind: 130 is the shell's code for an interrupted command.
    let _ = ctrlc::set_handler(|| {
        // A running `best` search stops itself and prints what it found.
        if cli::best::interrupt() {
            return;
        }
        boggle::dict::cache::remove_partial_files();
        std::process::exit(130);
    });
    let cli = match Cli::try_parse() {
        Ok(cli) => cli,
        Err(error) => return clap_error(&error),
    };
    match cli.command.run() {
        Ok(Outcome::Success) => ExitCode::SUCCESS,
        Ok(Outcome::BadData) => ExitCode::from(1),
        Err(error) if is_broken_pipe(&error) => ExitCode::SUCCESS,
        Err(error) => {
            let code = if error.is::<Usage>() { 2 } else { 1 };
            let message = format!("{error:#}").replace('\n', " ");
            let _ = writeln!(io::stderr(), "boggle: {message}");
            ExitCode::from(code)
        }
    }
}

/// Help and version go to standard output as clap writes them; any other
/// clap error becomes one `boggle: ` line and exit code 2.
fn clap_error(error: &clap::Error) -> ExitCode {
    match error.kind() {
        ErrorKind::DisplayHelp
        | ErrorKind::DisplayVersion
        | ErrorKind::DisplayHelpOnMissingArgumentOrSubcommand => {
            let _ = error.print();
            match error.kind() {
                ErrorKind::DisplayHelpOnMissingArgumentOrSubcommand => ExitCode::from(2),
                _ => ExitCode::SUCCESS,
            }
        }
        _ => {
            let message = first_paragraph(&error.render().to_string());
            let _ = writeln!(io::stderr(), "boggle: {message}");
            ExitCode::from(2)
        }
    }
}

/// The first paragraph of a rendered clap error on one line, without its
/// `error: ` label: the lines after the first carry what the first leaves
/// out (`[possible values: en, fr, fi]`, the missing argument's name).
fn first_paragraph(rendered: &str) -> String {
    let lines: Vec<&str> = rendered
        .lines()
        .map(str::trim)
        .take_while(|line| !line.is_empty())
        .collect();
    let message = lines.join(" ");
    match message.strip_prefix("error: ") {
        Some(rest) => rest.to_owned(),
        None if message.is_empty() => "invalid arguments".to_owned(),
        None => message,
    }
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
    use super::first_paragraph;

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
}
