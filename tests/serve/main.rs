//! `boggle serve` tested from outside: a real server on an ephemeral
//! loopback port, the API (`api`), thousands of hostile requests
//! (`hostile`), the rooms and their event streams (`rooms`) and the page in
//! a real headless browser (`browser`).

mod api;
mod browser;
mod game;
mod hostile;
mod play;
#[path = "../common/rolls.rs"]
mod rolls;
mod rooms;
#[path = "../common/tools.rs"]
mod tools;
mod util;

/// A fresh, empty directory under the target directory for one test.
pub fn temp_dir(name: &str) -> std::path::PathBuf {
    let dir = std::path::Path::new(env!("CARGO_TARGET_TMPDIR")).join(format!("serve-{name}"));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}
