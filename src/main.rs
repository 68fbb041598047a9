//! The `boggle` binary: parses the command line, runs the command and maps
//! what happened to an exit code (SPEC §10). All the work is in the library.
//!
//! On Linux with glibc the binary starts without the Rust runtime's
//! start-up (`no_main`): the C runtime calls [`main`] here directly. That
//! start-up finds the main thread's stack by reading `/proc/self/maps`, to
//! report its overflow by name, a cost a run on one board felt
//! (docs/performance.md, "Starting up", has the measurements). What else
//! it does, `main` does: closed standard descriptors opened on `/dev/null`,
//! SIGPIPE ignored, exit code 101 after a panic, standard output flushed.
//! A stack overflow, which no input should cause, still ends the run, by
//! SIGSEGV without the message.

// Not for the unit tests, whose harness has its own `main`.
#![cfg_attr(all(target_os = "linux", target_env = "gnu", not(test)), no_main)]

mod cli;
mod serve;

use clap::Parser;

use cli::{Cli, Command};

/// The entry the C runtime calls on Linux with glibc, with what the Rust
/// runtime's start-up would do and the binary needs (see the module's docs).
#[cfg(all(target_os = "linux", target_env = "gnu", not(test)))]
#[allow(unsafe_code)]
#[unsafe(no_mangle)]
extern "C" fn main(
    _argc: std::ffi::c_int,
    _argv: *const *const std::ffi::c_char,
) -> std::ffi::c_int {
    if !cli::streams::open_standard_descriptors() {
        // As the Rust runtime does: a file opened later could take a
        // standard stream's number, and there is no safe way on.
        std::process::abort();
    }
    cli::signals::ignore_sigpipe();
    // The arguments are read through `std::env::args_os`, which the
    // standard library fills with glibc from the C runtime's start (its
    // `.init_array` hook), not from its own; with musl it would not, which
    // is why this entry is for glibc only.
    let code = std::panic::catch_unwind(run).unwrap_or(101);
    // Whatever is left in the standard library's buffer, as its runtime
    // flushes it at exit; an error here has nowhere to go.
    let _ = std::io::Write::flush(&mut std::io::stdout());
    code.into()
}

/// Elsewhere the Rust runtime starts the binary.
#[cfg(not(all(target_os = "linux", target_env = "gnu", not(test))))]
fn main() -> std::process::ExitCode {
    std::process::ExitCode::from(run())
}

/// Runs the command line; returns the exit code.
fn run() -> u8 {
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
    code
}
