//! The documents that describe the code are checked against it: the code
//! map in ARCHITECTURE.md names every file under `src/` by its path (test
//! snapshots aside), and names no file that is gone; the README stays short enough to read and
//! keeps the test command that CI runs.

use std::path::{Path, PathBuf};

fn root() -> &'static Path {
    Path::new(env!("CARGO_MANIFEST_DIR"))
}

/// Every file under `dir`, as a path from the repository's root with `/`.
fn files_under(dir: &Path, out: &mut Vec<String>) {
    for entry in std::fs::read_dir(dir).unwrap() {
        let path: PathBuf = entry.unwrap().path();
        if path.is_dir() {
            // Snapshots are the tests' data, named by their folder.
            if !path.ends_with("snapshots") {
                files_under(&path, out);
            }
        } else {
            let relative = path.strip_prefix(root()).unwrap();
            out.push(relative.to_str().unwrap().replace('\\', "/"));
        }
    }
}

/// The `src/…` paths a document names in backquotes.
fn named_paths(text: &str) -> Vec<&str> {
    text.split('`')
        .skip(1)
        .step_by(2)
        .filter(|quoted| quoted.starts_with("src/") && !quoted.ends_with('/'))
        .collect()
}

#[test]
fn the_code_map_names_every_source_file() {
    let map = std::fs::read_to_string(root().join("ARCHITECTURE.md")).unwrap();
    let named = named_paths(&map);
    let mut files = Vec::new();
    files_under(&root().join("src"), &mut files);
    files.sort();
    let unnamed: Vec<&String> = files
        .iter()
        .filter(|file| !named.contains(&file.as_str()))
        .collect();
    assert!(
        unnamed.is_empty(),
        "ARCHITECTURE.md does not name these files by their path: {unnamed:?}"
    );
    let gone: Vec<&&str> = named
        .iter()
        .filter(|path| !root().join(path).is_file())
        .collect();
    assert!(
        gone.is_empty(),
        "ARCHITECTURE.md names files that do not exist: {gone:?}"
    );
}

#[test]
fn the_readme_is_short_and_keeps_the_test_command() {
    let readme = std::fs::read_to_string(root().join("README.md")).unwrap();
    let lines = readme.lines().count();
    assert!(lines <= 400, "README.md has {lines} lines, more than 400");
    let marker = readme
        .find("<!-- test-command -->")
        .expect("README.md keeps the test-command marker that CI reads");
    assert!(
        readme[marker..].contains("```sh\ncargo test --release\n```"),
        "the test command after the marker is `cargo test --release`"
    );
}

#[test]
fn paths_are_read_from_backquotes() {
    let text = "| `src/a.rs` | x | `src/b/` and `src/b/c.rs`, not src/d.rs or `lib.rs`";
    assert_eq!(named_paths(text), ["src/a.rs", "src/b/c.rs"]);
}

#[test]
fn one_process_policy() {
    let mut files = Vec::new();
    files_under(&root().join("src"), &mut files);
    let mut found = Vec::new();
    for file in files.iter().filter(|file| file.ends_with(".rs")) {
        let text = std::fs::read_to_string(root().join(file)).unwrap();
        for (number, line) in text.lines().enumerate() {
            let code = line.split("//").next().unwrap_or_default();
            let prints = ["println!(", "eprintln!(", "print!(", "eprint!(", "dbg!("]
                .iter()
                .any(|print| code.contains(print));
            let exits = ["process::exit(", "low_level::exit("]
                .iter()
                .any(|exit| code.contains(exit))
                && !["src/main.rs", "src/cli/signals.rs"].contains(&file.as_str());
            if prints || exits {
                found.push(format!("{file}:{}: {}", number + 1, line.trim()));
            }
        }
    }
    assert!(
        found.is_empty(),
        "only src/main.rs and its signal handling end the process, and output goes through writers: {found:#?}"
    );
}
