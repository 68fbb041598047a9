//! How Ctrl-C, SIGTERM and SIGHUP end a run (SPEC §10): with the shell's
//! exit code for the signal, 128 + its number (130 for Ctrl-C, 143 for
//! SIGTERM), and nothing half written left behind.
//!
//! Most runs have nothing to clean up, and a thread that waits for signals
//! costs a tenth of a millisecond to start and stop, as much as solving a
//! board. So a signal first meets a handler that ends the process at once.
//! A run that will have something to clean up starts the watcher
//! ([`watch`]) before it has: `best` (which stops its search and prints what
//! it found, or saves a proof's checkpoint), the terminal game (which gives
//! the terminal back), and every file written under a temporary name
//! (through the library's [`boggle::partial_files::before_each_file`]).
//! From then on signals go to the watcher.

#[cfg(unix)]
use std::sync::Once;
#[cfg(unix)]
use std::sync::atomic::{AtomicBool, Ordering};

#[cfg(unix)]
use signal_hook::consts::{SIGHUP, SIGINT, SIGTERM};

/// Whether the watcher receives the signals; until it does, a signal ends
/// the process at once.
#[cfg(unix)]
static WATCHED: AtomicBool = AtomicBool::new(false);

#[cfg(unix)]
const SIGNALS: [i32; 3] = [SIGINT, SIGTERM, SIGHUP];

/// Ignores SIGPIPE, as the Rust runtime does before `main`: a write to a
/// closed pipe then fails with `EPIPE`, which ends the run quietly (SPEC
/// §10), instead of killing the process. Called by the binary's entry,
/// which takes the Rust runtime's place on Linux with glibc (`src/main.rs`).
#[cfg(all(target_os = "linux", target_env = "gnu"))]
#[cfg_attr(test, allow(dead_code))]
#[allow(unsafe_code)]
pub fn ignore_sigpipe() {
    // SAFETY: setting a signal's disposition to `SIG_IGN` runs no code of
    // ours in a handler; nothing else has started yet.
    unsafe { libc::signal(libc::SIGPIPE, libc::SIG_IGN) };
}

/// Ends the process on Ctrl-C, SIGTERM and SIGHUP with 128 + the signal's
/// number, and starts the watcher when the first temporary file is about
/// to be written.
#[cfg(unix)]
pub fn exit_on_signals() {
    for signal in SIGNALS {
        // SAFETY: the action reads an atomic and calls `_exit`, both
        // async-signal-safe; it allocates and locks nothing.
        #[allow(unsafe_code)]
        let _ = unsafe {
            signal_hook::low_level::register(signal, move || {
                if !WATCHED.load(Ordering::SeqCst) {
                    signal_hook::low_level::exit(128 + signal);
                }
            })
        };
    }
    boggle::partial_files::before_each_file(watch);
}

/// Starts, once, the thread that receives the signals and cleans up before
/// the process exits: a running `best` search stops itself, prints what it
/// found and exits with the signal's code; otherwise the terminal is given
/// back, a proof's checkpoint saved and every partial file removed.
#[cfg(unix)]
pub fn watch() {
    static STARTED: Once = Once::new();
    STARTED.call_once(|| {
        let Ok(mut signals) = signal_hook::iterator::Signals::new(SIGNALS) else {
            return;
        };
        // Signals are queued for the watcher from here on, so none is lost
        // while its thread starts.
        WATCHED.store(true, Ordering::SeqCst);
        std::thread::spawn(move || {
            for signal in signals.forever() {
                if signal != SIGHUP && super::best::interrupt(signal) {
                    continue;
                }
                super::play::restore_terminal();
                super::prove::save_checkpoint_on_signal();
                boggle::partial_files::remove_partial_files();
                std::process::exit(128 + signal);
            }
        });
    });
}

/// Elsewhere the default action ends the run.
#[cfg(not(unix))]
pub fn exit_on_signals() {}

/// Elsewhere there is no watcher.
#[cfg(not(unix))]
pub fn watch() {}
