//! Tests that need a program from the system (tmux, `script`, `man`,
//! Chromium and its driver) ask here whether they may run. One convention
//! for every such test: with the program missing, a test fails when the
//! environment variable `CI` is set (to anything), since a run in CI must
//! test everything; elsewhere it says on the terminal that it did not run
//! and passes, so a user without the program still sees what was left out.

use std::io::Write;

/// Whether `program` was found (`found`); when it was not, fails under CI
/// and otherwise reports the skip where the user sees it. `what` names the
/// tests that cannot run and `install` the package that brings the program.
#[track_caller]
pub fn available(found: bool, program: &str, what: &str, install: &str) -> bool {
    if found {
        return true;
    }
    let message = format!(
        "SKIPPED {what}: `{program}` is missing (install the package {install}); \
         with CI set this is a failure"
    );
    assert!(std::env::var_os("CI").is_none(), "{message}");
    // Written to the process's standard error itself, not through
    // `eprintln!`, which the test harness captures and hides for a test
    // that passes.
    let _ = writeln!(std::io::stderr().lock(), "\n*** {message} ***");
    false
}
