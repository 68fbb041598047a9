//! Tests of the game commands (`random`, `solve --random`, `show`, `stats`,
//! `completions`, `man`): golden boards, pipes, drawings (snapshots under
//! `snapshots/`), figures checked against an independent computation.

use std::io::Read;
use std::process::Stdio;

use crate::util::{boggle, run, run_command, run_with_stdin};

/// Golden boards through the binary. The same boards as the library's
/// golden test, computed by an independent program that read the dice from
/// SPEC §8's text and implemented ChaCha8 and the documented roll itself.
#[test]
fn random_golden_boards() {
    let cases: [(&[&str], &str); 7] = [
        (&["--dice", "new", "--seed", "42"], "zcts/tooh/fiyt/iseb\n"),
        // `new` is the default dice set.
        (&["--seed", "42"], "zcts/tooh/fiyt/iseb\n"),
        (
            &["--dice", "classic", "--seed", "1", "-n", "2"],
            "psie/fadz/knok/smmy\nuzpu/nsdm/ieia/yrui\n",
        ),
        (
            &["--dice", "big", "--seed", "0", "-n", "2"],
            "etlov/alfio/aneen/yuaqus/stnsn\nnasct/cfnes/towgt/ehrtr/uktor\n",
        ),
        // --size 5x5 alone picks the big dice.
        (
            &["--size", "5x5", "--seed", "0"],
            "etlov/alfio/aneen/yuaqus/stnsn\n",
        ),
        (
            &["--dice", "superbig", "--seed", "1", "--count", "2"],
            "hoaioo/sstrer/nn[an]eyh/eeopes/orybee/tweodn\n\
             rt.roe/seewdp/lf[an]ide/tmlpwz/eciroi/aoyhax\n",
        ),
        (
            &["--dice", "uniform", "--size", "3x5", "--seed", "3"],
            "zksse/ikspc/ejdquw\n",
        ),
    ];
    for (args, expected) in cases {
        let mut full = vec!["random"];
        full.extend_from_slice(args);
        assert_eq!(run(&full).success(), expected, "{args:?}");
    }
}

/// `--lang` rolls the language's own dice: English exactly as before, a
/// Finnish board with ä and ö among its letters, every letter one of the
/// Finnish dice's faces, and a German board stable for its seed.
#[test]
fn random_rolls_the_language_dice() {
    assert_eq!(
        run(&["random", "--lang", "en", "--seed", "42"]).success(),
        "zcts/tooh/fiyt/iseb\n"
    );
    let finnish = run(&["random", "--lang", "fi", "--seed", "1", "-n", "200"])
        .success()
        .to_string();
    assert!(finnish.contains('ä') && finnish.contains('ö'), "{finnish}");
    let faces: String = ::boggle::lang::Lang::Fi.dice_faces(false).concat();
    for letter in finnish.chars().filter(|c| *c != '/' && *c != '\n') {
        assert!(faces.contains(letter), "{letter} is on no Finnish die");
    }
    // The Finnish dice have no q (Finnish words hardly use it), so no Qu.
    assert!(!finnish.contains('q'));
    assert_eq!(
        run(&["random", "--lang", "de", "--seed", "1", "-n", "2"]).success(),
        GERMAN_SEED_1
    );
    // --dice still picks the set, whatever the language.
    assert_eq!(
        run(&["random", "--lang", "de", "--dice", "new", "--seed", "42"]).success(),
        "zcts/tooh/fiyt/iseb\n"
    );
    let big = run(&["random", "--lang", "sv", "--size", "5x5", "--seed", "2"])
        .success()
        .to_string();
    assert_eq!(big.trim_end().split('/').count(), 5, "{big}");
}

/// `--dice lang` names the language's own dice where `--dice` is needed:
/// in `random` it is the default spelled out, and `best` searches rolls of
/// them only (every board's letters are faces of the German dice, each die
/// used once).
#[test]
fn dice_lang_names_the_languages_own_dice() {
    assert_eq!(
        run(&[
            "random", "--lang", "de", "--dice", "lang", "--seed", "1", "-n", "2"
        ])
        .success(),
        GERMAN_SEED_1
    );
    let found = run(&[
        "best", "--lang", "de", "--dice", "lang", "--rounds", "2", "--seed", "1", "--top", "3",
        "-j", "1", "--quiet",
    ]);
    let boards: Vec<&str> = found
        .success()
        .lines()
        .map(|line| line.split('\t').next().unwrap())
        .collect();
    assert_eq!(boards.len(), 3, "{found:?}");
    let dice = ::boggle::lang::Lang::De.dice_faces(false);
    for board in boards {
        assert!(
            crate::rolls::is_roll(board, dice),
            "{board} is not a roll of the German dice"
        );
    }
}

/// `boggle random --lang de --seed 1 -n 2`, as this version rolls it.
const GERMAN_SEED_1: &str = "gtce/mdet/nsol/trft\nutuö/mtei/niea/trns\n";

#[test]
fn random_without_seed_prints_it() {
    let first = run(&["random", "--dice", "big"]);
    assert_eq!(first.code, 0);
    let seed = first
        .stderr
        .strip_prefix("seed: ")
        .and_then(|rest| rest.strip_suffix('\n'))
        .unwrap_or_else(|| panic!("no seed line: {:?}", first.stderr));
    seed.parse::<u64>().expect("the seed is a number");
    // The printed seed rolls the same board again.
    let again = run(&["random", "--dice", "big", "--seed", seed]);
    assert_eq!(again.success(), first.stdout);
}

#[test]
fn random_boards_feed_solve() {
    let boards = run(&["random", "-n", "1000", "--seed", "7"])
        .success()
        .to_owned();
    assert_eq!(boards.lines().count(), 1000);
    let summary = run_with_stdin(&["solve", "--format", "summary"], boards.as_bytes());
    let summary = summary.success();
    let solved: Vec<&str> = summary
        .lines()
        .map(|line| line.split('\t').next().unwrap())
        .collect();
    assert_eq!(solved, boards.lines().collect::<Vec<_>>());
}

#[test]
fn random_closed_pipe_exits_quietly() {
    let mut child = boggle()
        .args(["random", "-n", "100000000", "--seed", "1"])
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let mut stdout = child.stdout.take().unwrap();
    let mut first = [0u8; 20];
    stdout.read_exact(&mut first).unwrap();
    assert_eq!(&first, b"mwle/iadu/rsre/xpoo\n");
    drop(stdout);
    let output = child.wait_with_output().unwrap();
    assert_eq!(output.status.code(), Some(0));
    assert_eq!(String::from_utf8_lossy(&output.stderr), "");
}

#[test]
fn random_errors() {
    run(&["random", "--dice", "big", "--size", "4x4"])
        .fails(2, "the big dice make 5x5 boards, not 4x4");
    run(&["random", "--size", "0x3"]).fails(2, "invalid value '0x3' for '--size <RxC>'");
    run(&["random", "--dice", "huge"]).fails(2, "invalid value 'huge' for '--dice <DICE>'");
    run(&["random", "--seed", "-1"]).fails(2, "");
}

#[test]
fn solve_random() {
    let stdout = run(&["solve", "--random", "--seed", "42"])
        .success()
        .to_owned();
    // The rolled board heads the output, then the same words as solving it.
    let (header, rest) = stdout.split_once('\n').unwrap();
    assert_eq!(header, "# zcts/tooh/fiyt/iseb");
    let direct = run(&["solve", "zcts/tooh/fiyt/iseb"]).success().to_owned();
    assert_eq!(rest, direct);
    let big = run(&[
        "solve", "--random", "--dice", "superbig", "--seed", "1", "--format", "summary",
    ]);
    assert!(
        big.success()
            .starts_with("hoaioo/sstrer/nn[an]eyh/eeopes/orybee/tweodn\t"),
        "{}",
        big.stdout
    );
    run(&["solve", "--seed", "3", "abcd"]).fails(2, "--dice, --size and --seed go with --random");
    run(&["solve", "--random", "abcd"]).fails(2, "the argument '--random' cannot be used");
}

/// Makes escape codes visible in snapshots.
fn visible(text: &str) -> String {
    text.replace('\u{1b}', "\\e")
}

// The drawings in the snapshots were checked by hand: each arrow points to
// the cell of the word's next letter, the end is `◊`, and the reasons
// match the board.

#[test]
fn show_plain() {
    let shown = run(&[
        "show",
        "ezmrnubeslospaon",
        "embolus",
        "zebra",
        "xyzzy",
        "Quiet",
    ]);
    // Words are absent: exit code 1, the reasons on standard output.
    assert_eq!((shown.code, shown.stderr.as_str()), (1, ""));
    insta::assert_snapshot!(shown.stdout);
}

/// `show` exits 1 when any word asked for is absent, whatever the reason,
/// as grep does (SPEC §10); the reason is still printed.
#[test]
fn show_exit_codes() {
    let found = run(&["show", "ezmrnubeslospaon", "embolus", "slumber"]);
    assert!(found.success().starts_with("embolus: 7 letters"));
    for absent in ["zebra", "xyzzy", "so"] {
        let shown = run(&["show", "ezmrnubeslospaon", "embolus", absent]);
        assert_eq!((shown.code, shown.stderr.as_str()), (1, ""), "{absent}");
        assert!(
            shown.stdout.contains(&format!("\n{absent}: ")),
            "{absent}: {}",
            shown.stdout
        );
    }
}

#[test]
fn show_colour() {
    let mut command = boggle();
    command.args([
        "show",
        "ezmrnubeslospaon",
        "embolus",
        "zebra",
        "--color",
        "always",
    ]);
    // "zebra" is absent: exit code 1.
    let shown = run_command(&mut command, b"");
    assert_eq!((shown.code, shown.stderr.as_str()), (1, ""));
    insta::assert_snapshot!(visible(&shown.stdout));
    // NO_COLOR (set by the helper) and a pipe: no colour, as with never.
    let auto = run(&["show", "ezmrnubeslospaon", "embolus", "--color", "auto"]);
    let never = run(&["show", "ezmrnubeslospaon", "embolus", "--color", "never"]);
    assert!(!auto.success().contains('\u{1b}'));
    assert_eq!(auto.stdout, never.stdout);
    // Without NO_COLOR, a pipe is still not a terminal.
    let mut command = boggle();
    command
        .env_remove("NO_COLOR")
        .args(["show", "ezmrnubeslospaon", "embolus"]);
    assert_eq!(run_command(&mut command, b"").success(), never.stdout);
}

#[test]
fn show_all_paths() {
    let dir = std::env::temp_dir().join(format!("boggle-games-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let words = dir.join("words.txt");
    std::fs::write(&words, "abba\nbaba\nab\n").unwrap();
    let words = words.to_str().unwrap();
    let stdout = run(&["show", "ab/ba", "abba", "--all", "--dict", words])
        .success()
        .to_owned();
    insta::assert_snapshot!(stdout);
    // Too short for the rules, whatever the board.
    let short = run(&["show", "ab/ba", "ab", "--dict", words]);
    assert_eq!(short.code, 1);
    assert_eq!(
        short.stdout,
        "ab: too short, 2 letters where the classic rules need at least 3\n"
    );
    let big = run(&["show", "ab/ba", "abba", "--rules", "big", "--dict", words])
        .success()
        .to_owned();
    assert!(big.starts_with("abba: 4 letters, 1 point\n"), "{big}");
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn show_errors() {
    run(&["show", "abcde", "bad"]).fails(2, "board 'abcde': 5 tiles do not make a square board");
    run(&["show", "abcd"]).fails(2, "the following required arguments were not provided");
    run(&["show", "abcd", "ab", "--color", "pink"]).fails(2, "invalid value 'pink'");
}

/// The figures of `boggle stats`, as printed.
fn stats(args: &[&str]) -> String {
    let mut full = vec!["stats"];
    full.extend_from_slice(args);
    run(&full).success().to_owned()
}

#[test]
fn stats_are_reproducible() {
    let args = ["-n", "3000", "--dice", "new", "--seed", "1"];
    let once = stats(&[&args[..], &["-j", "1"]].concat());
    assert_eq!(stats(&[&args[..], &["-j", "2"]].concat()), once);
    assert_eq!(stats(&[&args[..], &["-j", "2"]].concat()), once);
    assert!(
        once.starts_with("3000 boards, new dice (4x4), seed 1, classic rules\n"),
        "{once}"
    );
}

#[test]
fn stats_match_solving_the_boards() {
    // The figures worked out here from `random | solve --format summary`,
    // independently of the stats code.
    let boards = run(&["random", "-n", "301", "--dice", "big", "--seed", "5"])
        .success()
        .to_owned();
    let summary = run_with_stdin(&["solve", "--format", "summary"], boards.as_bytes())
        .success()
        .to_owned();
    let rows: Vec<(String, u64, u64)> = summary
        .lines()
        .map(|line| {
            let fields: Vec<&str> = line.split('\t').collect();
            (
                fields[0].to_owned(),
                fields[1].parse().unwrap(),
                fields[2].parse().unwrap(),
            )
        })
        .collect();
    let describe = |mut values: Vec<u64>| {
        values.sort_unstable();
        let n = values.len();
        let mean = values.iter().sum::<u64>() as f64 / n as f64;
        // 301 values: the median is the 151st, the 90th percentile by
        // nearest rank the ceil(270.9) = 271st.
        format!(
            "{mean:.2} {} {} {}",
            values[150],
            values[270],
            values[n - 1]
        )
    };
    let score = describe(rows.iter().map(|r| r.2).collect());
    let words = describe(rows.iter().map(|r| r.1).collect());
    let best_score = rows.iter().map(|r| r.2).max().unwrap();
    let best = rows.iter().find(|r| r.2 == best_score).unwrap();

    let printed = stats(&["-n", "301", "--dice", "big", "--seed", "5"]);
    let lines: Vec<&str> = printed.lines().collect();
    assert_eq!(lines[0], "301 boards, big dice (5x5), seed 5, big rules");
    let figures = |line: &str| {
        line.split_whitespace()
            .skip(1)
            .collect::<Vec<_>>()
            .join(" ")
    };
    assert_eq!(figures(lines[2]), score, "{printed}");
    assert_eq!(figures(lines[3]), words, "{printed}");
    assert_eq!(
        lines[4],
        format!(
            "best board: {} ({} points, {} words)",
            best.0, best.2, best.1
        )
    );
}

#[test]
fn stats_errors() {
    run(&["stats", "-n", "0"]).fails(2, "invalid value '0'");
    run(&["stats", "--dice", "superbig", "--size", "4x4"])
        .fails(2, "the superbig dice make 6x6 boards");
}

#[test]
fn completions_for_every_shell() {
    for shell in ["bash", "zsh", "fish", "powershell", "elvish"] {
        let script = run(&["completions", shell]).success().to_owned();
        for word in ["boggle", "random", "show", "stats", "--dice", "superbig"] {
            assert!(script.contains(word), "{shell} lacks {word}");
        }
    }
    run(&["completions", "tcsh"]).fails(2, "invalid value 'tcsh'");
    // `help dict compile` is completed too, with the subcommand's words:
    // under `dict`, `dict help` and `help dict`.
    let fish = run(&["completions", "fish"]).success().to_owned();
    assert_eq!(
        fish.matches("-a \"compile\" -d 'Compile a word list")
            .count(),
        3,
        "{fish}"
    );
}

/// Each command's arguments are added to clap's tree only when they are
/// needed (`src/cli/lazy.rs`); each command still describes itself, in its
/// help and its manual page, as the list of commands does.
#[test]
fn every_command_describes_itself_as_the_list_does() {
    let help = run(&["--help"]).success().to_owned();
    let list = help
        .split_once("Commands:\n")
        .expect("a list of commands")
        .1
        .split_once("\n\n")
        .expect("the list ends")
        .0;
    let mut described = 0;
    for line in list.lines() {
        let (name, about) = line
            .trim()
            .split_once(' ')
            .expect("a name and a description");
        if name == "help" {
            continue;
        }
        let about = about.trim();
        let own = run(&[name, "--help"]).success().to_owned();
        assert_eq!(own.lines().next(), Some(about), "{name} --help: {own}");
        let page = run(&["help", name]).success().to_owned();
        assert_eq!(page.lines().next(), Some(about), "help {name}: {page}");
        described += 1;
    }
    assert_eq!(described, 10, "{list}");
    let page = run(&["man"]).success().to_owned();
    assert!(
        page.contains("Search for the highest\\-scoring boards"),
        "{page}"
    );
    assert!(!page.contains("` options"), "{page}");
}

/// The pages `boggle man --dir` writes, one per command, in byte order.
const PAGES: [&str; 14] = [
    "boggle-best.1",
    "boggle-completions.1",
    "boggle-dict-compile.1",
    "boggle-dict-info.1",
    "boggle-dict-list.1",
    "boggle-dict.1",
    "boggle-man.1",
    "boggle-play.1",
    "boggle-random.1",
    "boggle-serve.1",
    "boggle-show.1",
    "boggle-solve.1",
    "boggle-stats.1",
    "boggle.1",
];

#[test]
fn man_prints_the_main_page() {
    let page = run(&["man"]).success().to_owned();
    assert!(page.contains("\n.TH boggle 1 "), "{page}");
    for section in [
        "NAME",
        "SYNOPSIS",
        "OPTIONS",
        "SUBCOMMANDS",
        "BOARDS",
        "EXIT STATUS",
        "ENVIRONMENT",
        "FILES",
        "EXAMPLES",
        "SEE ALSO",
    ] {
        assert!(
            page.contains(&format!("\n.SH \"{section}\"\n"))
                || page.contains(&format!("\n.SH {section}\n")),
            "no {section}: {page}"
        );
    }
    for command in ["solve", "random", "show", "stats", "completions", "dict"] {
        assert!(
            page.contains(&format!("boggle\\-{command}(1)")),
            "the page lacks {command}"
        );
    }
    assert!(!page.contains("boggle\\-help(1)"), "{page}");
}

#[test]
fn man_writes_a_page_for_every_command() {
    let temp = crate::temp::TempDir::new("man-pages");
    let dir = temp.path().join("man1");
    run(&["man", "--dir", dir.to_str().unwrap()]).success();
    assert_eq!(crate::temp::file_names(&dir), PAGES);
    let read = |name: &str| std::fs::read_to_string(dir.join(name)).unwrap();
    assert_eq!(read("boggle.1"), run(&["man"]).stdout);
    for name in PAGES {
        let page = read(name);
        let title = name.trim_end_matches(".1");
        assert!(
            page.contains(&format!("\n.TH {title} 1 ")),
            "{name}: {page}"
        );
        for section in ["SYNOPSIS", "EXIT STATUS", "EXAMPLES", "SEE ALSO"] {
            assert!(page.contains(section), "{name} has no {section}");
        }
        // Every page it points to was written.
        for (reference, _) in page.match_indices("(1)") {
            let start = page[..reference]
                .rfind(|c: char| !(c.is_ascii_alphanumeric() || c == '-' || c == '\\'))
                .map_or(0, |i| i + 1);
            let target = format!("{}.1", page[start..reference].replace("\\-", "-"));
            assert!(
                PAGES.contains(&target.as_str()),
                "{name} points to {target}"
            );
        }
    }
    let solve = read("boggle-solve.1");
    for text in [
        "\\-\\-format",
        "\\-\\-paths",
        "BOARDS",
        "BOGGLE_DICT",
        "XDG_CACHE_HOME",
        "143",
    ] {
        assert!(solve.contains(text), "boggle-solve.1 lacks {text}");
    }
    let show = read("boggle-show.1");
    for text in ["BOARDS", "NO_COLOR", "\\-\\-all"] {
        assert!(show.contains(text), "boggle-show.1 lacks {text}");
    }
    // Written again over the same pages: the same pages.
    run(&["man", "--dir", dir.to_str().unwrap()]).success();
    assert_eq!(crate::temp::file_names(&dir), PAGES);
    // A file where the folder should be is named as what is wrong.
    let page = dir.join("boggle.1");
    run(&["man", "--dir", page.to_str().unwrap()]).fails(
        1,
        &format!(
            "cannot make '{}': it exists and is not a directory",
            page.display()
        ),
    );
}

/// The pages are well-formed: `man` renders each without a warning.
#[test]
fn man_pages_render() {
    let temp = crate::temp::TempDir::new("man-render");
    run(&["man", "--dir", temp.path().to_str().unwrap()]).success();
    let found = std::process::Command::new("man")
        .arg("--version")
        .output()
        .is_ok_and(|output| output.status.success());
    if !crate::tools::available(found, "man", "the rendering of the manual pages", "man-db") {
        return;
    }
    for name in PAGES {
        let output = std::process::Command::new("man")
            .args(["--warnings", "-l"])
            .arg(temp.path().join(name))
            .env("MANWIDTH", "80")
            .env("MAN_KEEP_FORMATTING", "")
            .stdin(Stdio::null())
            .output()
            .unwrap();
        assert!(output.status.success(), "{name}: {output:?}");
        let warnings = String::from_utf8_lossy(&output.stderr);
        assert_eq!(warnings, "", "{name}");
        let text = String::from_utf8_lossy(&output.stdout);
        assert!(text.contains("EXIT STATUS"), "{name}: {text}");
    }
}

#[test]
fn every_help_ends_with_examples() {
    let commands: [&[&str]; 10] = [
        &[],
        &["solve"],
        &["random"],
        &["show"],
        &["stats"],
        &["completions"],
        &["man"],
        &["dict"],
        &["dict", "compile"],
        &["dict", "info"],
    ];
    for command in commands {
        let help = run(&[command, &["--help"]].concat()).success().to_owned();
        let examples = help
            .rsplit_once("Examples:\n")
            .unwrap_or_else(|| panic!("{command:?} --help has no examples"))
            .1;
        assert!(
            !examples.is_empty()
                && examples
                    .lines()
                    .all(|line| line.starts_with("  ") && line.contains("boggle ")),
            "{command:?}: {examples}"
        );
    }
}
