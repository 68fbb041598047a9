//! Tests of what dictionary handling must never do (SPEC §4, §7, §10):
//! replace something that is not a regular file, write over the input
//! list, succeed on a full disk, read a hostile file without bound, use a
//! cache entry made from other content, wait on a FIFO in the cache, take a
//! plain list for another format, ignore `--fold-accents` or `BOGGLE_DICT`,
//! read a cut compiled file as text, or read boards from the standard input
//! the word list took.

use std::fs;
use std::io::Write;
use std::os::unix::fs::FileTypeExt;
use std::path::Path;
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

use crate::temp::TempDir;
use crate::util::{Run, boggle, run, run_command, run_with_stdin};

/// The test board, c a t / x s d: "cat" and "cats" are on it, "act" and
/// "dog" are not (see `dict.rs`).
const BOARD: &str = "cat/xsd";
const FOUND: &str = "cat\ncats\n";

fn path(temp: &TempDir, name: &str) -> String {
    temp.path().join(name).to_str().unwrap().to_owned()
}

fn mkfifo(path: &str) {
    let status = Command::new("mkfifo").arg(path).status().unwrap();
    assert!(status.success(), "mkfifo {path}");
}

fn is_root() -> bool {
    let out = Command::new("id").arg("-u").output().unwrap();
    String::from_utf8_lossy(&out.stdout).trim() == "0"
}

fn gzip(bytes: &[u8]) -> Vec<u8> {
    let mut encoder = flate2::write::GzEncoder::new(Vec::new(), flate2::Compression::best());
    encoder.write_all(bytes).unwrap();
    encoder.finish().unwrap()
}

/// Solves `BOARD` against `list` without the cache, words in alphabetical
/// order.
fn solve_with(list: &str) -> Run {
    run(&[
        "solve",
        "--dict",
        list,
        "--no-cache",
        "--format",
        "words",
        "--sort",
        "alpha",
        BOARD,
    ])
}

#[test]
fn compile_never_replaces_what_is_not_a_regular_file() {
    let temp = TempDir::new("safety-targets");
    let list = temp.file("words.txt", b"cat\ncats\n");
    let list = list.to_str().unwrap();
    let compile = |output: &str| run(&["dict", "compile", list, "-o", output]);

    let fifo = path(&temp, "fifo");
    mkfifo(&fifo);
    compile(&fifo).fails(
        1,
        &format!("cannot write '{fifo}': it is a FIFO, not a regular file"),
    );
    assert!(fs::metadata(&fifo).unwrap().file_type().is_fifo());

    let dir = path(&temp, "dir");
    fs::create_dir(&dir).unwrap();
    compile(&dir).fails(
        1,
        &format!("cannot write '{dir}': it is a directory, not a regular file"),
    );
    assert!(fs::metadata(&dir).unwrap().is_dir());

    // A device: a node of the system's /dev/full (char 1, 7) made here, so
    // nothing of the system's is at risk while the test runs.
    let device = path(&temp, "full");
    let made = Command::new("mknod")
        .args([device.as_str(), "c", "1", "7"])
        .stderr(Stdio::null())
        .status()
        .is_ok_and(|status| status.success());
    if made {
        compile(&device).fails(
            1,
            &format!("cannot write '{device}': it is a device, not a regular file"),
        );
        assert!(fs::metadata(&device).unwrap().file_type().is_char_device());
    } else {
        eprintln!("SKIPPED: cannot make a device node (not root): the device case is not tested");
    }

    // A link to a FIFO is refused too, the link kept.
    let to_fifo = path(&temp, "to-fifo");
    std::os::unix::fs::symlink(&fifo, &to_fifo).unwrap();
    compile(&to_fifo).fails(1, &format!("cannot write '{to_fifo}': it is a FIFO"));
    assert!(
        fs::symlink_metadata(&to_fifo)
            .unwrap()
            .file_type()
            .is_symlink()
    );

    // A symbolic link is written through: the target is the dictionary,
    // the link stays a link.
    let target = temp.file("target.dict", b"old");
    let link = path(&temp, "link.dict");
    std::os::unix::fs::symlink(&target, &link).unwrap();
    compile(&link).success();
    assert!(
        fs::symlink_metadata(&link)
            .unwrap()
            .file_type()
            .is_symlink()
    );
    assert_eq!(solve_with(target.to_str().unwrap()).success(), FOUND);

    // Nothing was left behind.
    let names = crate::temp::file_names(temp.path());
    assert!(
        names.iter().all(|name| !name.ends_with(".tmp")),
        "{names:?}"
    );
}

#[test]
fn compile_never_writes_over_its_input() {
    let temp = TempDir::new("safety-input");
    let list = temp.file("words.txt", b"cat\ncats\n");
    let list = list.to_str().unwrap();
    let link = path(&temp, "link.txt");
    std::os::unix::fs::symlink(list, &link).unwrap();
    let hard = path(&temp, "hard.txt");
    fs::hard_link(list, &hard).unwrap();
    for output in [list, link.as_str(), hard.as_str()] {
        run(&["dict", "compile", list, "-o", output]).fails(
            2,
            &format!("'{output}' is the input list: the compiled dictionary must go elsewhere"),
        );
        assert_eq!(fs::read(list).unwrap(), b"cat\ncats\n");
    }
    run(&["dict", "compile", &link, "-o", list]).fails(2, &format!("'{list}' is the input list"));
    assert_eq!(fs::read(list).unwrap(), b"cat\ncats\n");
}

/// A tmpfs of 64 KiB, mounted for one test and unmounted when dropped.
struct SmallFilesystem {
    dir: std::path::PathBuf,
}

impl SmallFilesystem {
    fn mount(dir: &Path) -> Option<SmallFilesystem> {
        fs::create_dir_all(dir).unwrap();
        let mounted = Command::new("mount")
            .args(["-t", "tmpfs", "-o", "size=64k", "tmpfs"])
            .arg(dir)
            .stderr(Stdio::null())
            .status()
            .is_ok_and(|status| status.success());
        mounted.then(|| SmallFilesystem {
            dir: dir.to_owned(),
        })
    }
}

impl Drop for SmallFilesystem {
    fn drop(&mut self) {
        let _ = Command::new("umount").arg(&self.dir).status();
    }
}

/// A write that runs out of room (ENOSPC), through a symbolic link to a
/// file on a full filesystem, is an error that leaves the old file and no
/// partial one.
#[test]
fn a_full_disk_is_an_error() {
    if !is_root() {
        eprintln!(
            "SKIPPED: not root, cannot mount a small tmpfs: ENOSPC is covered by a unit test only"
        );
        return;
    }
    let temp = TempDir::new("safety-full");
    let Some(small) = SmallFilesystem::mount(&temp.path().join("small")) else {
        eprintln!("SKIPPED: mounting a tmpfs failed: ENOSPC is covered by a unit test only");
        return;
    };
    let target = small.dir.join("words.dict");
    fs::write(&target, b"old").unwrap();
    let link = path(&temp, "link.dict");
    std::os::unix::fs::symlink(&target, &link).unwrap();
    // 40,000 distinct words: a compiled dictionary far over 64 KiB.
    let words: String = (0..40_000u32)
        .map(|i| {
            let letters: String = (0..4)
                .map(|place| char::from(b'a' + (i / 26u32.pow(place) % 26) as u8))
                .collect();
            format!("{letters}z\n")
        })
        .collect();
    let list = temp.file("words.txt", words.as_bytes());
    run(&["dict", "compile", list.to_str().unwrap(), "-o", &link]).fails(
        1,
        &format!("cannot write '{link}': no space left on device"),
    );
    assert_eq!(fs::read(&target).unwrap(), b"old");
    assert_eq!(crate::temp::file_names(&small.dir), ["words.dict"]);
    assert!(
        fs::symlink_metadata(&link)
            .unwrap()
            .file_type()
            .is_symlink()
    );
}

/// Hostile "word lists" stop at once with a clear error: endless zeros,
/// random bytes, a gzip bomb of zeros, and more letters than a list may
/// hold, read or decompressed.
#[test]
fn hostile_lists_are_read_bounded() {
    let temp = TempDir::new("safety-hostile");
    solve_with("/dev/zero").fails(
        1,
        "dictionary '/dev/zero': line 1: binary data, not a word list (a NUL byte)",
    );
    // Random bytes fail at their first NUL or bad UTF-8, unless they start
    // with a compiled dictionary's first byte (one run in 256), read as one
    // up to the size limit, or with gzip's two (one in 65,536).
    let random = solve_with("/dev/urandom");
    let expected = [
        "dictionary '/dev/urandom': larger than 64 MiB, the limit for a word list",
        "dictionary '/dev/urandom': corrupt gzip data: ",
        "dictionary '/dev/urandom': line ",
    ];
    let prefix = expected
        .into_iter()
        .find(|prefix| random.stderr.contains(prefix))
        .unwrap_or(expected[2]);
    random.fails(1, prefix);
    let bomb = temp.file("bomb.gz", &gzip(&vec![0; 32 << 20]));
    let bomb = bomb.to_str().unwrap();
    solve_with(bomb).fails(
        1,
        &format!("dictionary '{bomb}': line 1: binary data, not a word list (a NUL byte)"),
    );
    // 65 MiB of words, as gzip members one after another (one member of
    // 1 MiB compressed once and repeated).
    let member = gzip(&b"cat\n".repeat(1 << 18));
    let letters = temp.file("letters.gz", &member.repeat(65));
    let letters = letters.to_str().unwrap();
    solve_with(letters).fails(
        1,
        &format!(
            "dictionary '{letters}': decompresses to more than 64 MiB, the limit for a word list"
        ),
    );
    let out = run_with_stdin(&["solve", "--dict", "-", BOARD], &b"cat\n".repeat(17 << 20));
    out.fails(
        1,
        "dictionary on standard input: larger than 64 MiB, the limit for a word list",
    );
}

/// An edit that keeps the size and the modification time (`touch -d` back
/// to the old stamp) is still seen: the cache is keyed by the content.
#[test]
fn an_edit_that_keeps_size_and_time_is_seen() {
    let temp = TempDir::new("safety-stamp");
    let cache = temp.path().join("cache");
    let list = temp.file("words.txt", b"cat\ndog\n");
    let modified = fs::metadata(&list).unwrap().modified().unwrap();
    let solve = || {
        run_command(
            boggle()
                .args([
                    "solve",
                    "--dict",
                    list.to_str().unwrap(),
                    "--format",
                    "words",
                ])
                .args(["--sort", "alpha", BOARD])
                .env("XDG_CACHE_HOME", &cache),
            b"",
        )
    };
    assert_eq!(solve().success(), "cat\n");
    assert_eq!(solve().success(), "cat\n");
    fs::write(&list, b"cat\ncats").unwrap();
    fs::File::options()
        .write(true)
        .open(&list)
        .unwrap()
        .set_modified(modified)
        .unwrap();
    let out = solve();
    assert_eq!(out.stdout, FOUND);
    assert!(
        out.stderr.ends_with("' is stale, rebuilt it\n"),
        "{}",
        out.stderr
    );
}

/// A FIFO in the place of a cache entry is not opened (the run would wait
/// for a writer for ever): it is replaced by the entry.
#[test]
fn a_fifo_in_the_cache_is_replaced() {
    let temp = TempDir::new("safety-fifo-entry");
    let cache = temp.path().join("cache");
    let list = temp.file("words.txt", b"cat\ncats\n");
    let args = [
        "solve",
        "--dict",
        list.to_str().unwrap(),
        "--verbose",
        "--format",
        "words",
        "--sort",
        "alpha",
        BOARD,
    ];
    let out = run_command(boggle().args(args).env("XDG_CACHE_HOME", &cache), b"");
    let entry = out
        .stderr
        .lines()
        .find_map(|line| line.strip_prefix("boggle: cache entry '"))
        .and_then(|line| line.strip_suffix("': written"))
        .unwrap_or_else(|| panic!("no entry named: {}", out.stderr))
        .to_owned();
    fs::remove_file(&entry).unwrap();
    mkfifo(&entry);
    let mut child = boggle()
        .args(args)
        .env("XDG_CACHE_HOME", &cache)
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let start = Instant::now();
    while child.try_wait().unwrap().is_none() {
        if start.elapsed() > Duration::from_secs(30) {
            let _ = child.kill();
            let _ = child.wait();
            panic!("a FIFO as the cache entry made the run wait");
        }
        std::thread::sleep(Duration::from_millis(10));
    }
    let output = child.wait_with_output().unwrap();
    let stderr = String::from_utf8(output.stderr).unwrap();
    assert_eq!(String::from_utf8(output.stdout).unwrap(), FOUND);
    assert!(
        stderr.contains("is damaged (not a regular file), rebuilt it"),
        "{stderr}"
    );
    assert!(fs::symlink_metadata(&entry).unwrap().is_file());
}

/// Solves `BOARD` against `list` with `--verbose`, without the cache.
fn verbose(list: &Path, args: &[&str]) -> Run {
    let mut command = boggle();
    command
        .args(["solve", "--no-cache", "--verbose", "--format", "words"])
        .args(["--sort", "alpha", "--dict"])
        .arg(list)
        .args(args)
        .arg(BOARD);
    run_command(&mut command, b"")
}

/// Plain lists that detection misread: a word with `!` made a trie stream
/// of one word, a comment with `!` a broken trie stream, `word|count` an
/// anagram list. `--verbose` says which format was read and why.
#[test]
fn plain_lists_are_read_as_plain() {
    let temp = TempDir::new("safety-detect");
    let lists = [
        &b"cat\nwow!\ncats\n"[..],
        b"hello!\ncat\ncats\n",
        b"#!/usr/bin/env words\ncat\ncats\n",
        b"# my words!\ncat\ncats\n",
        b"word|count\ncat\ncats\n",
    ];
    for (index, bytes) in lists.iter().enumerate() {
        let list = temp.file(&format!("list{index}.txt"), bytes);
        let list = list.to_str().unwrap();
        assert_eq!(solve_with(list).success(), FOUND, "{list}");
    }
    let list = temp.file("wow.txt", b"cat\nwow!\ncats\n");
    let out = verbose(&list, &[]);
    assert_eq!(out.stdout, FOUND);
    assert!(
        out.stderr.contains(
            "format plain (3 lines of the file: 2 words, 1 other line (skipped); no other format fits better)"
        ),
        "{}",
        out.stderr
    );
    assert!(
        out.stderr
            .contains("2 words kept; skipped: 1 not all letters"),
        "{}",
        out.stderr
    );
    // A real trie stream and anagram list are still found, and said so.
    let stream = temp.file("stream.txt", b"ca!t!s!");
    let out = verbose(&stream, &[]);
    assert_eq!(out.stdout, FOUND);
    assert!(
        out.stderr
            .contains("format trie-stream (the file is a trie walk marking 3 words"),
        "{}",
        out.stderr
    );
    // An anagram list read as such counts the lines that are not anagram
    // lines.
    let anagram = temp.file("anagram.txt", b"act|cat\nacst|cats\nword|count\n");
    let out = verbose(&anagram, &["--dict-format", "anagram"]);
    assert_eq!(out.stdout, FOUND);
    assert!(
        out.stderr
            .contains("format anagram (given with --dict-format)"),
        "{}",
        out.stderr
    );
    assert!(
        out.stderr.contains(", 1 line not in the format"),
        "{}",
        out.stderr
    );
}

/// `--fold-accents` folds the board whatever the list: bundled, or
/// compiled without folding. The reference is the same board typed
/// without accents.
#[test]
fn fold_accents_with_every_list() {
    let folded = |args: &[&str]| {
        let mut all = vec![
            "solve",
            "--format",
            "words",
            "--sort",
            "alpha",
            "--fold-accents",
        ];
        all.extend(args);
        run(&all).success().to_owned()
    };
    let plain = run(&[
        "solve",
        "--format",
        "words",
        "--sort",
        "alpha",
        "etem/arch/eson/tlai",
    ]);
    let accented = folded(&["étém/arch/eson/tlai"]);
    assert!(!accented.is_empty());
    assert_eq!(accented, plain.success());
    // Finnish, folded: ä is a, so "äiti" is "aiti" on either board.
    let finnish = folded(&["--lang", "fi", "äi/ti"]);
    assert!(finnish.lines().any(|word| word == "aiti"), "{finnish}");
    assert_eq!(finnish, folded(&["--lang", "fi", "ai/ti"]));
    // `show` folds the board too.
    let show = run(&[
        "show",
        "--fold-accents",
        "--color",
        "never",
        "cât/xsd",
        "cat",
    ]);
    assert_eq!(show.code, 0, "{}", show.stderr);
    assert_eq!(
        show.stdout,
        run(&["show", "--color", "never", "cat/xsd", "cat"]).stdout
    );
    // A compiled list without folding, folded on use.
    let temp = TempDir::new("safety-fold");
    let list = temp.file("words.txt", "café\ncat\n".as_bytes());
    let compiled = path(&temp, "words.dict");
    run(&["dict", "compile", list.to_str().unwrap(), "-o", &compiled]).success();
    let out = folded(&["--dict", &compiled, "cafe/xxxx"]);
    assert_eq!(out, "cafe\n");
}

/// `BOGGLE_DICT` is a default: `--lang` and `--dict` replace it, and an
/// empty one is unset.
#[test]
fn boggle_dict_is_a_default() {
    let temp = TempDir::new("safety-env");
    let list = temp.file("words.txt", b"cat\ncats\n");
    let other = temp.file("other.txt", b"cat\n");
    let with_env = |value: &Path, args: &[&str]| {
        let mut command = boggle();
        command
            .args([
                "solve",
                "--no-cache",
                "--format",
                "words",
                "--sort",
                "alpha",
            ])
            .args(args)
            .arg(BOARD)
            .env("BOGGLE_DICT", value);
        run_command(&mut command, b"")
    };
    let english = run(&["solve", "--format", "words", "--sort", "alpha", BOARD]);
    let english = english.success();
    assert_eq!(with_env(&list, &[]).success(), FOUND);
    assert_eq!(with_env(&list, &["--lang", "en"]).success(), english);
    assert_eq!(
        with_env(&list, &["--dict", other.to_str().unwrap()]).success(),
        "cat\n"
    );
    assert_eq!(with_env(Path::new(""), &[]).success(), english);
    // Of --dict and --lang, the last one given wins, as with any other
    // repeated choice, so an alias that sets one can be overridden.
    let other = other.to_str().unwrap();
    assert_eq!(
        with_env(&list, &["--lang", "en", "--dict", other]).success(),
        "cat\n"
    );
    assert_eq!(
        with_env(&list, &["--dict", other, "--lang", "en"]).success(),
        english
    );
}

/// A compiled dictionary cut to any length is an error that says it is
/// cut, never a plain list holding the word "boggled".
#[test]
fn a_cut_compiled_dictionary_is_an_error() {
    let temp = TempDir::new("safety-cut");
    let list = temp.file("words.txt", b"cat\ncats\n");
    let compiled = path(&temp, "words.dict");
    run(&["dict", "compile", list.to_str().unwrap(), "-o", &compiled]).success();
    let bytes = fs::read(&compiled).unwrap();
    for len in [1, 7, 8, 20, bytes.len() - 1] {
        let cut = temp.file(&format!("cut{len}.dict"), &bytes[..len]);
        let cut = cut.to_str().unwrap();
        solve_with(cut).fails(
            1,
            &format!("dictionary '{cut}': damaged compiled dictionary: "),
        );
        assert!(solve_with(cut).stderr.contains("truncated"));
    }
}

/// `--dict -` reads the list from standard input, and boards then come
/// from the arguments; with none, it is a usage error, for `/dev/stdin`
/// too.
#[test]
fn the_list_on_standard_input() {
    let args = [
        "solve", "--dict", "-", "--format", "words", "--sort", "alpha", BOARD,
    ];
    assert_eq!(run_with_stdin(&args, b"cat\ncats\n").success(), FOUND);
    let message = "the word list is read from standard input: give the boards as arguments";
    for list in ["-", "/dev/stdin"] {
        run_with_stdin(&["solve", "--dict", list], b"bad\ncab\n").fails(2, message);
        run_with_stdin(&["solve", "--dict", list, "-"], b"bad\ncab\n").fails(2, message);
    }
    // `dict compile` and `dict info` take it too.
    let temp = TempDir::new("safety-stdin");
    let compiled = path(&temp, "words.dict");
    run_with_stdin(&["dict", "compile", "-", "-o", &compiled], b"cat\ncats\n").success();
    assert_eq!(solve_with(&compiled).success(), FOUND);
    let info = run_with_stdin(&["dict", "info", "-"], b"cat\ncats\n");
    assert!(info.success().contains("words:          2\n"));
}

/// `-o -` writes the compiled dictionary to standard output, the same
/// bytes as to a file, and makes no file named `-`.
#[test]
fn compile_to_standard_output() {
    let temp = TempDir::new("compile-stdout");
    let list = temp.file("words.txt", b"cat\ncats\ndog\n");
    let list = list.to_str().unwrap();
    let piped = boggle()
        .args(["dict", "compile", list, "-o", "-"])
        .current_dir(temp.path())
        .stdin(Stdio::null())
        .output()
        .unwrap();
    assert!(piped.status.success(), "{piped:?}");
    assert!(!temp.path().join("-").exists(), "a file named '-' was made");
    let file = path(&temp, "words.bgd");
    assert_eq!(run(&["dict", "compile", list, "-o", &file]).code, 0);
    assert_eq!(piped.stdout, fs::read(&file).unwrap());
    let again = temp.file("again.bgd", &piped.stdout);
    assert_eq!(solve_with(again.to_str().unwrap()).stdout, FOUND);
}
