//! The temporary files this process is writing at this moment, so that an
//! interrupted run can remove them. [`crate::atomic_file`] lists each one
//! for as long as it writes it; the binary calls [`remove_partial_files`]
//! when a signal ends the run, so no partial file is left behind. The list
//! is the process's own, behind a lock that a panicking writer leaves
//! usable; nothing here writes a file.

use std::fs;
use std::path::{Path, PathBuf};
use std::sync::{Mutex, MutexGuard, OnceLock};

/// The temporary files being written at this moment.
static PARTIAL_FILES: Mutex<Vec<PathBuf>> = Mutex::new(Vec::new());

/// Called before each temporary file is made (see [`before_each_file`]).
static BEFORE_EACH_FILE: OnceLock<fn()> = OnceLock::new();

/// Has `hook` called before each temporary file is made, on the thread
/// that makes it; the first hook set stays. The binary starts its signal
/// watcher there, so that a file exists only while an interrupt would
/// remove it.
pub fn before_each_file(hook: fn()) {
    let _ = BEFORE_EACH_FILE.set(hook);
}

/// The list, whether or not a writer panicked while holding it: a
/// poisoned lock still holds a usable list.
fn partial_files() -> MutexGuard<'static, Vec<PathBuf>> {
    PARTIAL_FILES.lock().unwrap_or_else(|e| e.into_inner())
}

/// Adds `path` to the files being written, before it is made.
pub(crate) fn register(path: &Path) {
    if let Some(hook) = BEFORE_EACH_FILE.get() {
        hook();
    }
    partial_files().push(path.to_owned());
}

/// Takes `path` off the files being written: it was renamed into place
/// or removed.
pub(crate) fn unregister(path: &Path) {
    partial_files().retain(|file| file != path);
}

/// Removes every temporary file still being written. The binary calls it
/// when interrupted (Ctrl-C), just before it exits, so no partial file is
/// left behind; the writes in progress then fail or are never finished.
pub fn remove_partial_files() {
    remove_where(|_| true);
}

/// Removes the temporary files still being written that `chosen` picks.
fn remove_where(chosen: impl Fn(&Path) -> bool) {
    for file in partial_files().iter().filter(|file| chosen(file)) {
        let _ = fs::remove_file(file);
    }
}

/// [`remove_partial_files`] for the files in `dir` only: tests write at
/// the same time, and must not remove each other's files.
#[cfg(test)]
pub(crate) fn remove_partial_files_in(dir: &Path) {
    remove_where(|file| file.starts_with(dir));
}

/// The files being written at this moment, for tests.
#[cfg(test)]
pub(crate) fn registered() -> Vec<PathBuf> {
    partial_files().clone()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn partial_files_are_removed_on_request() {
        let temp = tempfile::Builder::new()
            .prefix("boggle-partial-test-")
            .tempdir()
            .unwrap();
        let partial = temp.path().join(".words.dict.1.2.3.tmp");
        fs::write(&partial, "part").unwrap();
        register(&partial);
        assert!(registered().contains(&partial));
        let elsewhere = tempfile::NamedTempFile::new().unwrap();
        register(elsewhere.path());
        remove_partial_files_in(temp.path());
        assert!(!partial.exists());
        assert!(elsewhere.path().exists());
        unregister(elsewhere.path());
        unregister(&partial);
        assert!(!registered().contains(&partial));
    }
}
