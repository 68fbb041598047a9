//! The `boggle` binary: parses the command line, runs the command and maps
//! what happened to an exit code (SPEC §10). All the work is in the library.

mod cli;
mod serve;

use std::process::ExitCode;

use clap::Parser;

use cli::{Cli, Command};

fn main() -> ExitCode {
    let outcome = match Cli::try_parse() {
        Ok(cli) => {
            // `serve` catches Ctrl-C and SIGTERM itself, to finish the
            // requests in flight and exit 0.
            match cli.command {
                Command::Serve(_) => {}
                // These have something to clean up from the start.
                Command::Best(_) | Command::Play(_) => {
                    cli::signals::exit_on_signals();
                    cli::signals::watch();
                }
                _ => cli::signals::exit_on_signals(),
            }
            cli.command.run()
        }
        Err(error) => cli::clap_error(&error),
    };
    let (code, message) = cli::exit_code(&outcome);
    if let Some(message) = message {
        cli::streams::say(format_args!("boggle: {message}"));
    }
    ExitCode::from(code)
}
