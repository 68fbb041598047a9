//! Tests of dictionary loading (`--dict`, `--lang`, `boggle dict`): every
//! format, the bundled languages on hand-checked boards, the cache, and
//! every dictionary error (SPEC §4, §7).

use std::io::Write;
use std::path::{Path, PathBuf};

use crate::temp::TempDir;
use crate::util::{boggle, run, run_command};

/// Writes `bytes` to the file `name` in `temp`; returns its path as an
/// argument.
fn file(temp: &TempDir, name: &str, bytes: &[u8]) -> String {
    temp.file(name, bytes).to_str().unwrap().to_owned()
}

fn gzip(bytes: &[u8]) -> Vec<u8> {
    let mut encoder = flate2::write::GzEncoder::new(Vec::new(), flate2::Compression::default());
    encoder.write_all(bytes).unwrap();
    encoder.finish().unwrap()
}

/// Runs `boggle args...` with its cache in `cache`.
fn run_cached(cache: &Path, args: &[&str]) -> crate::util::Run {
    run_command(boggle().args(args).env("XDG_CACHE_HOME", cache), b"")
}

/// The test board, c a t / x s d. Checked by hand against the lists below
/// ("cat", "act", "cats", "dog"): "cat" runs along the top row and "cats"
/// goes on from t(0,2) to s(1,1); "act" is not on it (c(0,0) does not
/// touch t(0,2)), nor is "dog".
const BOARD: &str = "cat/xsd";
const FOUND: &str = "cat\ncats\n";

#[test]
fn every_format_gives_the_same_words() {
    let temp = TempDir::new("formats");
    let plain = "cat\nact\ncats\ndog\n";
    let files = [
        file(&temp, "plain.txt", plain.as_bytes()),
        file(&temp, "anagram.txt", b"act|act|cat\nacst|cats\ndgo|dog\n"),
        file(&temp, "stream.txt", b"act!###cat!s!####dog!"),
        file(&temp, "words.gz", &gzip(plain.as_bytes())),
        file(
            &temp,
            "anagram.gz",
            &gzip(b"act|act|cat\nacst|cats\ndgo|dog\n"),
        ),
    ];
    let compiled = temp.path().join("words.dict");
    let compiled = compiled.to_str().unwrap();
    run(&["dict", "compile", &files[0], "-o", compiled]).success();
    for file in files.iter().map(String::as_str).chain([compiled]) {
        let out = run(&[
            "solve",
            "--dict",
            file,
            "--no-cache",
            "--format",
            "words",
            "--sort",
            "alpha",
            BOARD,
        ]);
        assert_eq!(out.success(), FOUND, "{file}");
    }
    // Forcing the format that detection would pick changes nothing.
    let out = run(&[
        "solve",
        "--dict",
        &files[1],
        "--dict-format",
        "anagram",
        "--no-cache",
        "--format",
        "words",
        "--sort",
        "alpha",
        BOARD,
    ]);
    assert_eq!(out.success(), FOUND);
    // Forcing plain on anagram lines reads "act|act|cat" as one word with
    // bars: skipped, so nothing usable is left.
    run(&[
        "solve",
        "--dict",
        &files[1],
        "--dict-format",
        "plain",
        "--no-cache",
        BOARD,
    ])
    .fails(1, "dictionary '");
}

#[test]
fn finnish_board() {
    // On a 2×2 board every cell touches every other, so any order of the
    // tiles ä i t i is a path. Checked by hand against the list: äiti
    // (mother), itä (east), täi (louse), tii, iäti (ever) are its words of
    // three letters or more.
    let out = run(&[
        "solve", "--lang", "fi", "--format", "words", "--sort", "alpha", "äi/ti",
    ]);
    assert_eq!(out.success(), "itä\niäti\ntii\ntäi\näiti\n");
    // Upper case and a decomposed ä (a + combining diaeresis) are the same.
    let out = run(&[
        "solve",
        "--lang",
        "fi",
        "--format",
        "words",
        "--sort",
        "alpha",
        "A\u{308}I/TI",
    ]);
    assert_eq!(out.success(), "itä\niäti\ntii\ntäi\näiti\n");
}

#[test]
fn french_board_with_accents() {
    // é t é / r o s. Checked by hand: "été" is e(0,0) t(0,1) e(0,2);
    // "être" e(0,2) t(0,1) r(1,0) e(0,0); "rose" r o s e(0,2); "oestre"
    // o(1,1) e(0,2) s(1,2) t(0,1) r(1,0) e(0,0). "très" is French but not
    // on the board: after t r the only e next to r is e(0,0), which does
    // not touch s.
    for board in ["été/ros", "ÉTÉ/ROS", "ete/ros"] {
        let out = run(&["solve", "--lang", "fr", "--format", "words", board]);
        let words: Vec<&str> = out.success().lines().collect();
        for word in ["ete", "etre", "rose", "oestre"] {
            assert!(words.contains(&word), "{board}: {word} in {words:?}");
        }
        assert!(!words.contains(&"tres"), "{board}");
        assert_eq!(
            words[0], "oestre",
            "{board}: the only 6-letter word scores most"
        );
    }
}

#[test]
fn fold_accents_for_dict_files() {
    let temp = TempDir::new("fold");
    let list = file(&temp, "words.txt", "Été\nrosé\nœuf\n".as_bytes());
    let words = |fold: bool, board: &str| {
        let mut args = vec![
            "solve",
            "--dict",
            &list,
            "--no-cache",
            "--format",
            "words",
            board,
        ];
        if fold {
            args.push("--fold-accents");
        }
        run(&args).success().to_owned()
    };
    assert_eq!(words(false, "été/xxx"), "été\n");
    assert_eq!(words(true, "ete/xxx"), "ete\n");
    // œ folds to "oe": "oeuf" on a board of plain letters.
    assert_eq!(words(true, "oeu/xxf"), "oeuf\n");
}

#[test]
fn dict_info() {
    let temp = TempDir::new("info");
    let list = file(&temp, "words.txt", b"cat\nact\ncats\ndon't\nCAT\n");
    let out = run(&["dict", "info", &list]);
    let text = out.success();
    // Checked by hand: 3 words; letters a c s t; nodes: root, a, c, ac,
    // ca, act, cat, cats = 8.
    assert!(text.contains("words:          3\n"), "{text}");
    assert!(text.contains("letters:        4 (acst)\n"), "{text}");
    assert!(text.contains("trie nodes:     8\n"), "{text}");
    assert!(text.contains("format version: 3\n"), "{text}");
    assert!(
        text.contains("1 not all letters, 0 too long, 1 duplicate\n"),
        "{text}"
    );
    let out = run(&["dict", "info", "--lang", "fi"]);
    assert!(
        out.success()
            .contains("letters:        38 (abcdefghijklmnopqrstuvwxyzáâäåèéêôöûšž)")
    );
    let out = run(&["dict", "info", "--lang", "fr"]);
    assert!(out.success().contains("accents folded: yes"));
}

#[test]
fn cache_written_hit_stale_damaged() {
    let temp = TempDir::new("cache");
    let cache = temp.path().join("cache");
    let list = file(&temp, "words.txt", b"cat\nact\n");
    let solve = [
        "solve", "--dict", &list, "--format", "words", "--sort", "alpha", BOARD,
    ];
    assert_eq!(run_cached(&cache, &solve).success(), "cat\n");
    let entries: Vec<PathBuf> = std::fs::read_dir(cache.join("boggle"))
        .unwrap()
        .map(|e| e.unwrap().path())
        .collect();
    assert_eq!(entries.len(), 1);
    assert_eq!(run_cached(&cache, &solve).success(), "cat\n");
    // The file changes: the entry is stale, rebuilt with a warning.
    std::fs::write(&list, b"cat\nact\ncats\n").unwrap();
    let out = run_cached(&cache, &solve);
    assert_eq!(out.code, 0);
    assert_eq!(out.stdout, FOUND);
    assert!(
        out.stderr.starts_with("boggle: warning: cache entry '")
            && out.stderr.ends_with("' is stale, rebuilt it\n"),
        "{}",
        out.stderr
    );
    assert_eq!(run_cached(&cache, &solve).success(), FOUND);
    // Damage the entry: rebuilt with a warning, then whole again.
    let mut bytes = std::fs::read(&entries[0]).unwrap();
    let middle = bytes.len() / 2;
    bytes[middle] ^= 0xff;
    std::fs::write(&entries[0], &bytes).unwrap();
    let out = run_cached(&cache, &solve);
    assert_eq!(out.stdout, FOUND);
    assert!(
        out.stderr
            .contains("is damaged (damaged compiled dictionary: checksum mismatch), rebuilt it"),
        "{}",
        out.stderr
    );
    assert_eq!(out.stderr.lines().count(), 1);
    assert_eq!(run_cached(&cache, &solve).success(), FOUND);
    // --no-cache neither reads nor writes: damage stays unnoticed.
    std::fs::write(&entries[0], b"junk").unwrap();
    let mut no_cache = solve.to_vec();
    no_cache.push("--no-cache");
    assert_eq!(run_cached(&cache, &no_cache).success(), FOUND);
    assert_eq!(std::fs::read(&entries[0]).unwrap(), b"junk");
}

#[test]
fn verbose_reports_kept_and_skipped() {
    let temp = TempDir::new("verbose");
    let list = file(&temp, "words.txt", b"cat\nact\ndon't\nx-ray\nCAT\n");
    let out = run(&[
        "solve",
        "--dict",
        &list,
        "--no-cache",
        "--verbose",
        "--format",
        "words",
        BOARD,
    ]);
    assert_eq!(out.code, 0);
    assert!(
        out.stderr.contains(
            "2 words kept; skipped: 2 not all letters, 0 longer than 64 letters, 1 duplicate\n"
        ),
        "{}",
        out.stderr
    );
}

/// A list that comes down a pipe (`--dict /dev/stdin`, `--dict <(zcat …)`)
/// is read, not cached: it has no canonical path, and no stamp that would
/// tell when its content changed.
#[test]
fn a_pipe_is_read_and_not_cached() {
    let temp = TempDir::new("pipe");
    let args = [
        "solve",
        "--dict",
        "/dev/stdin",
        "--verbose",
        "--format",
        "words",
        BOARD,
    ];
    let out = run_command(
        boggle().args(args).env("XDG_CACHE_HOME", temp.path()),
        b"cat\ncats\n",
    );
    assert_eq!(out.code, 0, "{}", out.stderr);
    assert_eq!(out.stdout, FOUND);
    assert!(
        out.stderr.contains(
            "boggle: cache not used: the word list is not a regular file (a pipe or a device), so it is read each time\n"
        ),
        "{}",
        out.stderr
    );
    assert!(!temp.path().join("boggle").exists());
}

#[test]
fn errors_name_the_file() {
    let temp = TempDir::new("errors");
    let missing = temp.path().join("missing.txt");
    let missing = missing.to_str().unwrap();
    let dir = temp.path().to_str().unwrap();
    let not_utf8 = file(&temp, "latin1.txt", b"cat\ndog\ncaf\xe9\n");
    let no_words = file(&temp, "digits.txt", b"123\n4-5\n");
    let bad_gzip = file(&temp, "bad.gz", &gzip(b"cat\ndog\n")[..12]);
    let bad_stream = file(&temp, "stream.txt", b"ab!###");
    let compiled = temp.path().join("words.dict");
    let compiled = compiled.to_str().unwrap();
    run(&[
        "dict",
        "compile",
        &not_utf8.replace("latin1", "ok"),
        "-o",
        compiled,
    ])
    .fails(1, "dictionary '");
    let good = file(&temp, "good.txt", b"cat\n");
    run(&["dict", "compile", &good, "-o", compiled]).success();
    let mut bytes = std::fs::read(compiled).unwrap();
    bytes.truncate(bytes.len() - 3);
    let truncated = file(&temp, "truncated.dict", &bytes);
    let cases: [(&str, String); 7] = [
        (missing, format!("dictionary '{missing}': no such file")),
        (dir, format!("dictionary '{dir}': is a directory")),
        (
            &not_utf8,
            format!("dictionary '{not_utf8}': line 3: not valid UTF-8"),
        ),
        (
            &no_words,
            format!("dictionary '{no_words}': no usable word"),
        ),
        (
            &bad_gzip,
            format!("dictionary '{bad_gzip}': corrupt gzip data"),
        ),
        (
            // A broken trie stream fits no format but plain, where its one
            // line is not a word.
            &bad_stream,
            format!("dictionary '{bad_stream}': no usable word"),
        ),
        (
            &truncated,
            format!("dictionary '{truncated}': damaged compiled dictionary"),
        ),
    ];
    for (path, expected) in &cases {
        for cache in [&["--no-cache"][..], &[]] {
            let mut args = vec!["solve", "--dict", path, BOARD];
            args.extend(cache);
            run(&args).fails(1, expected);
        }
        run(&["dict", "info", path]).fails(1, expected);
    }
    // Read as a trie stream, it says where it breaks.
    run(&[
        "solve",
        "--dict",
        &bad_stream,
        "--dict-format",
        "trie-stream",
        BOARD,
    ])
    .fails(
        1,
        &format!("dictionary '{bad_stream}': line 1, column 6: '#' goes back above the root"),
    );
    run(&["solve", "--dict-format", "zip", BOARD]).fails(2, "invalid value 'zip'");
}

/// A bundled list is expanded into the cache on the first run and read
/// from it after; a cache that cannot be written (here its directory's
/// parent is a file) costs no warning, only a line with `--verbose`; and
/// every run prints what `--no-cache`, which expands the list in memory,
/// prints.
#[test]
fn bundled_lists_go_through_the_cache() {
    let temp = TempDir::new("bundled-cache");
    let board = ["solve", "--format", "summary", "ezmrnubeslospaon"];
    let with = |extra: &'static str| -> Vec<&'static str> {
        board.iter().copied().chain([extra]).collect()
    };
    let reference = run(&with("--no-cache")).success().to_owned();
    assert!(
        reference.starts_with("ezmr/nube/slos/paon\t"),
        "{reference}"
    );
    let cache = temp.path().join("cache");
    for status in ["written", "read"] {
        let out = run_cached(&cache, &with("--verbose"));
        assert_eq!((out.code, out.stdout.as_str()), (0, reference.as_str()));
        assert!(
            out.stderr.contains(&format!("': {status}\n")),
            "{}",
            out.stderr
        );
    }
    assert_eq!(run_cached(&cache, &board).success(), reference);
    let blocker = temp.file("blocker", b"");
    assert_eq!(run_cached(&blocker, &board).success(), reference);
    let out = run_cached(&blocker, &with("--verbose"));
    assert_eq!((out.code, out.stdout.as_str()), (0, reference.as_str()));
    assert!(out.stderr.contains("': not written ("), "{}", out.stderr);
}

/// `boggle dict list` (SPEC §15): one bundled language a line, code first,
/// then name, word count, alphabet, dice sets, source and licence, the
/// licence file beside the list in `dictionaries/`.
#[test]
fn dict_list() {
    let text = run(&["dict", "list"]).success().to_string();
    let lines: Vec<Vec<&str>> = text
        .lines()
        .map(|line| line.split('\t').collect())
        .collect();
    let codes: Vec<&str> = lines.iter().map(|fields| fields[0]).collect();
    assert_eq!(
        codes,
        [
            "en",
            "en-common",
            "fr",
            "fi",
            "de",
            "es",
            "it",
            "nl",
            "pt",
            "sv",
            "da",
            "nb",
            "pl"
        ]
    );
    assert_eq!(
        lines[0],
        [
            "en",
            "English",
            "254626 words",
            "abcdefghijklmnopqrstuvwxyz",
            "new, big",
            "Debian scowl 2020.12.07-2, sizes 10-80",
            "SCOWL (permissive), LICENSE-SCOWL.txt",
        ]
    );
    let finnish = &lines[3];
    assert_eq!(finnish[1], "Finnish");
    assert_eq!(finnish[2], "91653 words");
    assert!(finnish[3].contains('ä') && finnish[3].contains('ö') && finnish[3].contains('å'));
    assert_eq!(finnish[4], "fi, fi-big");
    for fields in &lines {
        assert_eq!(fields.len(), 7, "{fields:?}");
        let file = fields[6].rsplit(", ").next().unwrap();
        let path = Path::new(env!("CARGO_MANIFEST_DIR"))
            .join("dictionaries")
            .join(file);
        assert!(path.is_file(), "{} names {file}", fields[0]);
        // Each word count is the list's own, as `dict info` counts it.
        let info = run(&["dict", "info", "--lang", fields[0]])
            .success()
            .to_string();
        let count = fields[2].strip_suffix(" words").unwrap();
        assert!(
            info.contains(&format!("words:          {count}\n")),
            "{info}"
        );
    }
}

/// Runs `boggle args...` with its cache in `cache`, `stdin` as its input.
fn run_cached_with(cache: &Path, args: &[&str], stdin: &[u8]) -> crate::util::Run {
    run_command(boggle().args(args).env("XDG_CACHE_HOME", cache), stdin)
}

/// The files in `cache`'s folder whose names hold `part`.
fn cache_files(cache: &Path, part: &str) -> Vec<PathBuf> {
    std::fs::read_dir(cache.join("boggle"))
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|path| path.to_string_lossy().contains(part))
        .collect()
}

#[test]
fn a_long_batch_keeps_the_tile_trie_beside_the_entry() {
    let temp = TempDir::new("tile-trie");
    let cache = temp.path().join("cache");
    // Enough boards for the tile core (16,384), of letters and Qu, drawn
    // by a fixed generator.
    let mut state = 12345u64;
    let mut boards = String::new();
    for _ in 0..16_400 {
        for cell in 0..16 {
            state = state
                .wrapping_mul(6364136223846793005)
                .wrapping_add(1442695040888963407);
            let letter = (b'a' + (state >> 33) as u8 % 26) as char;
            boards.push(letter);
            if letter == 'q' {
                boards.push('u');
            }
            if cell % 4 == 3 && cell < 15 {
                boards.push('/');
            }
        }
        boards.push('\n');
    }
    let solve = ["solve", "--format", "json", "-j", "2"];
    let first = run_cached_with(&cache, &solve, boards.as_bytes());
    assert_eq!((first.code, first.stderr.as_str()), (0, ""));
    assert_eq!(first.stdout.lines().count(), 16_400);
    let tiles = cache_files(&cache, ".tiles-");
    assert_eq!(tiles.len(), 1, "{tiles:?}");
    let written = std::fs::read(&tiles[0]).unwrap();
    // What the general search writes, in halves too short for the core.
    let lines: Vec<&str> = boards.lines().collect();
    let mut halves = String::new();
    for half in lines.chunks(8_200) {
        let half = format!("{}\n", half.join("\n"));
        halves.push_str(&run_cached_with(&cache, &solve, half.as_bytes()).stdout);
    }
    assert!(halves == first.stdout, "the core's words are the search's");
    // Read back: the same words.
    let again = run_cached_with(&cache, &solve, boards.as_bytes());
    assert_eq!(
        (again.stdout.as_str(), again.stderr.as_str()),
        (first.stdout.as_str(), "")
    );
    // Without the cache, the trie is built: the same words.
    let mut no_cache = solve.to_vec();
    no_cache.push("--no-cache");
    let built = run_cached_with(&cache, &no_cache, boards.as_bytes());
    assert_eq!(built.stdout, first.stdout);
    // Damaged, or cut short: built again, the file replaced, no word lost
    // and nothing said (it is a saving, not the words themselves).
    let mut damaged = written.clone();
    let middle = damaged.len() / 2;
    damaged[middle] ^= 0x40;
    for bytes in [&damaged[..], &written[..written.len() / 3]] {
        std::fs::write(&tiles[0], bytes).unwrap();
        let out = run_cached_with(&cache, &solve, boards.as_bytes());
        assert_eq!(
            (out.stdout.as_str(), out.stderr.as_str()),
            (first.stdout.as_str(), "")
        );
        assert_eq!(std::fs::read(&tiles[0]).unwrap(), written);
    }
    // A few boards use no tile core, and leave no file.
    let few = TempDir::new("tile-trie-few");
    let few_cache = few.path().join("cache");
    let some: String = boards
        .lines()
        .take(100)
        .flat_map(|line| [line, "\n"])
        .collect();
    run_cached_with(&few_cache, &solve, some.as_bytes());
    assert!(cache_files(&few_cache, ".tiles-").is_empty());
}
