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
            if !matches!(cli.command, Command::Serve(_)) {
                exit_on_signals();
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
            cli::prove::save_checkpoint_on_signal();
            boggle::partial_files::remove_partial_files();
            std::process::exit(128 + signal);
        }
    });
}

/// Elsewhere the default action stops the run.
#[cfg(not(unix))]
fn exit_on_signals() {}
