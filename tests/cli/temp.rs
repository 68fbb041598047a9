//! Fresh temporary directories for the tests that need files of their own:
//! word lists, cache directories: `tempfile`'s, named after their test.

use std::fs;
use std::path::{Path, PathBuf};

/// A directory under the system's temporary directory, removed when dropped.
#[derive(Debug)]
pub struct TempDir(tempfile::TempDir);

impl TempDir {
    /// An empty directory for the test `name`.
    pub fn new(name: &str) -> TempDir {
        let prefix = format!("boggle-{name}-");
        TempDir(tempfile::Builder::new().prefix(&prefix).tempdir().unwrap())
    }

    /// The directory.
    pub fn path(&self) -> &Path {
        self.0.path()
    }

    /// Writes `bytes` to the file `name` in the directory; returns its path.
    pub fn file(&self, name: &str, bytes: &[u8]) -> PathBuf {
        let path = self.path().join(name);
        fs::write(&path, bytes).unwrap();
        path
    }
}

/// The names of the files in `dir`, sorted; none when it does not exist.
pub fn file_names(dir: &Path) -> Vec<String> {
    let mut names: Vec<String> = match fs::read_dir(dir) {
        Ok(entries) => entries
            .map(|entry| entry.unwrap().file_name().to_string_lossy().into_owned())
            .collect(),
        Err(_) => Vec::new(),
    };
    names.sort();
    names
}
