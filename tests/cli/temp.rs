//! Fresh temporary directories for the tests that need files of their own:
//! word lists, cache directories. Each is named after its test and this
//! process, so tests running at once never share one.

use std::fs;
use std::path::{Path, PathBuf};

/// A directory under the system's temporary directory, removed when dropped.
#[derive(Debug)]
pub struct TempDir(PathBuf);

impl TempDir {
    /// An empty directory for the test `name`.
    pub fn new(name: &str) -> TempDir {
        let dir = std::env::temp_dir().join(format!("boggle-{name}-{}", std::process::id()));
        let _ = fs::remove_dir_all(&dir);
        fs::create_dir_all(&dir).unwrap();
        TempDir(dir)
    }

    /// The directory.
    pub fn path(&self) -> &Path {
        &self.0
    }

    /// Writes `bytes` to the file `name` in the directory; returns its path.
    pub fn file(&self, name: &str, bytes: &[u8]) -> PathBuf {
        let path = self.0.join(name);
        fs::write(&path, bytes).unwrap();
        path
    }
}

impl Drop for TempDir {
    fn drop(&mut self) {
        let _ = fs::remove_dir_all(&self.0);
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
