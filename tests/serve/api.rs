//! The API against a real server: every endpoint, every error, the limits,
//! answers equal to the CLI's, and a clean stop.

use std::io::Write;
use std::net::TcpStream;
use std::time::{Duration, Instant};

use serde_json::json;

use crate::util::{BOGGLE, Server, cli, cli_error, exchange, get, post, solve};

/// `/api/solve` answers byte for byte what `boggle solve --format json`
/// prints, for every option the two share.
#[test]
fn solve_answers_what_the_cli_prints() {
    let server = Server::start(&[]);
    let cases: &[(serde_json::Value, &[&str])] = &[
        (
            json!({"board": "ezmr/nube/slos/paon"}),
            &["ezmr/nube/slos/paon"],
        ),
        (
            json!({"board": "ezmrnubeslospaon", "paths": true}),
            &["ezmrnubeslospaon", "--paths"],
        ),
        (
            json!({"board": "ezmr nube slos paon"}),
            &["ezmr nube slos paon"],
        ),
        (
            json!({"board": "ezmrnubeslospaon", "sort": "alpha"}),
            &["ezmrnubeslospaon", "--sort", "alpha"],
        ),
        (
            json!({"board": "ezmrnubeslospaon", "sort": "length", "paths": true}),
            &["ezmrnubeslospaon", "--sort", "length", "--paths"],
        ),
        (
            json!({"board": "ezmrnubeslospaon", "min_len": 5, "max_len": 6}),
            &["ezmrnubeslospaon", "--min-len", "5", "--max-len", "6"],
        ),
        (
            json!({"board": "ezmrnubeslospaon", "lengths": "3,6,7"}),
            &["ezmrnubeslospaon", "--lengths", "3,6,7"],
        ),
        (
            json!({"board": "ezmrnubeslospaon", "lengths": [3, 6, 7]}),
            &["ezmrnubeslospaon", "--lengths", "3,6,7"],
        ),
        (
            json!({"board": "ezmrnubeslospaon", "rules": "big"}),
            &["ezmrnubeslospaon", "--rules", "big"],
        ),
        (
            json!({"board": "abcde/fghij/klmno/pqrst/uvwxy", "paths": true}),
            &["abcde/fghij/klmno/pqrst/uvwxy", "--paths"],
        ),
        (json!({"board": "[th]at/.n*/erd"}), &["[th]at/.n*/erd"]),
        (
            json!({"board": "étéa/rsnt/elao/mpcr", "lang": "fr"}),
            &["étéa/rsnt/elao/mpcr", "--lang", "fr"],
        ),
        (
            json!({"board": "kävi/täsä/ssaa/lois", "lang": "fi"}),
            &["kävi/täsä/ssaa/lois", "--lang", "fi"],
        ),
        (json!({"board": "xyz/"}), &["xyz/"]),
    ];
    for (request, args) in cases {
        let answer = solve(server.addr, request);
        assert_eq!(answer.status, 200, "{request}: {}", answer.text());
        assert_eq!(answer.header("content-type"), Some("application/json"));
        let mut full = vec!["solve", "--format", "json"];
        full.extend_from_slice(args);
        let (code, stdout, stderr) = cli(&full);
        assert_eq!(code, 0, "{stderr}");
        assert!(stdout.contains("\"words\":["), "{stdout}");
        assert_eq!(answer.text(), stdout, "{request}");
    }
}

/// Bad requests are 400 with the CLI's own message.
#[test]
fn solve_errors_carry_the_clis_messages() {
    let server = Server::start(&[]);
    let same = |request: serde_json::Value, args: &[&str]| {
        let answer = solve(server.addr, &request);
        assert_eq!(answer.status, 400, "{request}");
        let mut full = vec!["solve"];
        full.extend_from_slice(args);
        assert_eq!(answer.error(), cli_error(&full), "{request}");
    };
    same(
        json!({"board": "ezmr/nube/slos/pao"}),
        &["ezmr/nube/slos/pao"],
    );
    same(json!({"board": "abc"}), &["abc"]);
    same(json!({"board": "ab1c"}), &["ab1c"]);
    same(json!({"board": "   "}), &["   "]);
    same(json!({"board": "[ab"}), &["[ab"]);
    same(json!({"board": "*****"}), &["*****"]);
    // clap puts its own words before the parser's message.
    let option = |request: serde_json::Value, args: &[&str]| {
        let answer = solve(server.addr, &request);
        assert_eq!(answer.status, 400, "{request}");
        let mut full = vec!["solve"];
        full.extend_from_slice(args);
        let cli = cli_error(&full);
        assert!(cli.ends_with(&format!(": {}", answer.error())), "{cli}");
    };
    option(
        json!({"board": "ezmrnubeslospaon", "rules": "huge"}),
        &["--rules", "huge", "x"],
    );
    option(
        json!({"board": "ezmrnubeslospaon", "sort": "random"}),
        &["--sort", "random", "x"],
    );
    option(
        json!({"board": "ezmrnubeslospaon", "lengths": "3,x"}),
        &["--lengths", "3,x", "x"],
    );
    same(
        json!({"board": "ezmrnubeslospaon", "min_len": 5, "max_len": 3}),
        &["--min-len", "5", "--max-len", "3", "x"],
    );
    let long = "a".repeat(200);
    same(json!({"board": long}), &[&long]);
    // What only the API can get wrong.
    let message = |request: &str| {
        let answer = post(server.addr, "/api/solve", request);
        assert_eq!(answer.status, 400, "{request}");
        answer.error()
    };
    assert!(message("{").starts_with("the request is not a solve request: "));
    assert!(message("").starts_with("the request is not a solve request: "));
    assert!(message(r#"{"board": 7}"#).contains("invalid type"));
    assert!(message(r#"{"board": "abcd", "colour": 1}"#).contains("unknown field `colour`"));
    assert!(message(r#"{"lang": "en"}"#).contains("missing field `board`"));
    assert_eq!(
        message(r#"{"board": "abcd", "lang": "xx"}"#),
        "unknown lang 'xx' (expected en, en-common, fr, fi, de, es, it, nl, pt, sv, da, nb, pl)"
    );
    assert_eq!(
        message(r#"{"board": "abcd", "min_len": 0}"#),
        "min_len 0 is not a word length (expected 1 to 64)"
    );
    assert_eq!(
        message(r#"{"board": "abcd", "max_len": 65}"#),
        "max_len 65 is not a word length (expected 1 to 64)"
    );
}

/// The body, the board size and the time are bounded; each overrun is a
/// JSON error, and the server goes on answering.
#[test]
fn limits_answer_413_and_503() {
    let server = Server::start(&["--max-cells", "16", "--time-limit", "1", "--workers", "1"]);
    let big_body = format!(r#"{{"board": "{}"}}"#, "a".repeat(70 * 1024));
    let answer = post(server.addr, "/api/solve", &big_body);
    assert_eq!(answer.status, 413);
    assert_eq!(answer.error(), "the request body is larger than 64 KiB");

    let answer = solve(
        server.addr,
        &json!({"board": "abcde/fghij/klmno/pqrst/uvwxy"}),
    );
    assert_eq!(answer.status, 413);
    assert_eq!(
        answer.error(),
        "board 'abcde/fghij/klmno/pqrst/uvwxy': 25 cells, more than the 16 this server solves"
    );
    let answer = get(server.addr, "/api/random?size=5x5");
    assert_eq!(answer.status, 413, "{}", answer.text());
    assert!(solve(server.addr, &json!({"board": "ezmrnubeslospaon"})).status == 200);
}

/// A server whose word list is one 64-letter word of `a`: on a board of
/// `a` every path spells a start of it and none the word, so no pruning
/// shortens the search, which ends only at the time limit or the budget.
fn endless_server(name: &str, time_limit: &str, max_steps: &str) -> Server {
    let dir = crate::temp_dir(name);
    let dict = dir.join("endless.txt");
    std::fs::write(&dict, format!("{}\n", "a".repeat(64))).unwrap();
    Server::start(&[
        "--dict",
        dict.to_str().unwrap(),
        "--no-cache",
        "--time-limit",
        time_limit,
        "--max-steps",
        max_steps,
        "--workers",
        "1",
    ])
}

/// A solve past the time limit is stopped there and answered 503, and its
/// worker is free at once: after a burst of them with one worker, a small
/// board is answered at once. Past the worker and its queue (1 + 64) the
/// rest of a burst is turned away as busy, and the server answers
/// everything else meanwhile. The limit is given in milliseconds.
#[test]
fn slow_solves_stop_at_the_time_limit_and_free_their_worker() {
    let limit = Duration::from_millis(400);
    let server = endless_server("endless", "400ms", "1000000000000");
    let addr = server.addr;
    let endless = json!({"board": "aaaa/aaaa/aaaa/aaaa/aaaa"});
    let small = json!({"board": "ab/cd"});
    let too_long = "the board took longer than the server's limit of 400 ms to solve";
    let started = Instant::now();
    let answer = solve(addr, &endless);
    assert_eq!(answer.status, 503);
    assert_eq!(answer.error(), too_long);
    let took = started.elapsed();
    assert!(took >= limit && took < Duration::from_secs(5), "{took:?}");
    // The search stopped with its answer: the one worker is free, so the
    // small board is solved (were the worker still held, it would wait
    // for it past the limit and be answered 503).
    let answer = solve(addr, &small);
    assert_eq!(answer.status, 200, "{}", answer.text());

    // A burst of 80 endless boards at once.
    let threads: Vec<_> = (0..80)
        .map(|_| {
            let endless = endless.clone();
            std::thread::spawn(move || solve(addr, &endless))
        })
        .collect();
    std::thread::sleep(Duration::from_millis(100));
    assert_eq!(get(addr, "/api/health").status, 200);
    let answers: Vec<_> = threads.into_iter().map(|t| t.join().unwrap()).collect();
    assert!(
        answers.iter().all(|a| a.status == 503),
        "{:?}",
        answers.iter().map(|a| a.status).collect::<Vec<_>>()
    );
    let busy = answers
        .iter()
        .filter(|a| a.error() == "the server is busy: try again in a moment")
        .count();
    let late = answers.iter().filter(|a| a.error() == too_long).count();
    assert!(busy >= 80 - 65, "{busy} busy answers");
    assert_eq!(busy + late, 80);
    let answer = solve(addr, &small);
    assert_eq!(answer.status, 200, "{}", answer.text());
}

/// `--addr` takes a host name, resolved as a browser resolves it.
#[test]
fn the_address_may_be_a_host_name() {
    let server = Server::start_on("localhost:0", &[]);
    assert!(server.addr.ip().is_loopback(), "{}", server.addr);
    assert_eq!(get(server.addr, "/api/health").status, 200);
    let error = cli_error(&["serve", "--addr", "localhost"]);
    assert!(
        error.contains("'localhost' is not an address (expected HOST:PORT such as 127.0.0.1:8080 or localhost:8080)"),
        "{error}"
    );
    let (code, _, stderr) = cli(&["serve", "--addr", "no-such-host.invalid:0"]);
    assert_eq!(code, 1, "{stderr}");
    assert!(
        stderr.starts_with("boggle: cannot resolve no-such-host.invalid:0"),
        "{stderr}"
    );
}

/// The page's files carry an ETag, a hash of their content: asked again
/// with it, the answer is 304 with no body. The page is revalidated on
/// every visit; a file named by its hash, as the page names it, is cached
/// for a year.
#[test]
fn the_page_is_cached_by_its_etag() {
    let server = Server::start(&[]);
    let page = get(server.addr, "/");
    assert_eq!(page.header("cache-control"), Some("no-cache"));
    let page_tag = page.header("etag").unwrap().to_owned();
    let html = page.text();
    let mut named = Vec::new();
    for piece in html
        .split('"')
        .filter(|p| p.starts_with('/') && p.contains("?v="))
    {
        named.push(piece.to_owned());
    }
    assert!(named.len() >= 7, "{named:?}");
    for path in std::iter::once("/".to_owned()).chain(named) {
        let first = get(server.addr, &path);
        assert_eq!(first.status, 200, "{path}");
        let tag = first.header("etag").unwrap().to_owned();
        assert!(
            tag.len() == 20 && tag.starts_with("W/\"") && tag.ends_with('"'),
            "{path}: {tag}"
        );
        if path == "/" {
            assert_eq!(tag, page_tag);
        } else {
            assert_eq!(
                first.header("cache-control"),
                Some("public, max-age=31536000, immutable"),
                "{path}"
            );
            // The hash in the address is the ETag.
            assert_eq!(
                path.split("?v=").nth(1).unwrap(),
                tag.trim_start_matches("W/").trim_matches('"')
            );
            // Without its hash, the file is revalidated.
            let plain = get(server.addr, path.split('?').next().unwrap());
            assert_eq!(plain.header("cache-control"), Some("no-cache"), "{path}");
            assert_eq!(plain.header("etag"), Some(tag.as_str()));
            assert_eq!(plain.body, first.body);
        }
        let raw = format!(
            "GET {path} HTTP/1.1\r\nHost: x\r\nIf-None-Match: \"0000000000000000\", {tag}\r\nConnection: close\r\n\r\n"
        );
        let again = exchange(server.addr, raw.as_bytes()).unwrap();
        assert_eq!(again.status, 304, "{path}");
        assert!(again.body.is_empty(), "{path}");
        assert_eq!(again.header("etag"), Some(tag.as_str()));
        let raw = format!(
            "GET {path} HTTP/1.1\r\nHost: x\r\nIf-None-Match: \"0000000000000000\"\r\nConnection: close\r\n\r\n"
        );
        let stale = exchange(server.addr, raw.as_bytes()).unwrap();
        assert_eq!(stale.status, 200, "{path}");
        assert_eq!(stale.body, first.body, "{path}");
    }
}

/// A search past its step budget is stopped and answered 422 well within
/// the time limit, and the worker is free again for the next request.
#[test]
fn a_search_past_its_step_budget_is_stopped() {
    let server = endless_server("budget", "60", "100000");
    let endless = json!({"board": "aaaa/aaaa/aaaa/aaaa/aaaa"});
    let started = std::time::Instant::now();
    let answer = solve(server.addr, &endless);
    assert_eq!(answer.status, 422, "{}", answer.text());
    assert_eq!(
        answer.error(),
        "the search needed more than 100000 steps: the server's limit for one board"
    );
    assert!(started.elapsed() < Duration::from_secs(30));
    let answer = solve(server.addr, &json!({"board": "ab/cd"}));
    assert_eq!(answer.status, 200, "{}", answer.text());
}

#[test]
fn random_rolls_what_the_cli_rolls() {
    let server = Server::start(&[]);
    for (query, args) in [
        ("seed=7", vec!["--seed", "7"]),
        ("dice=big&seed=42", vec!["--dice", "big", "--seed", "42"]),
        (
            "dice=superbig&seed=18446744073709551615",
            vec!["--dice", "superbig", "--seed", "18446744073709551615"],
        ),
        (
            "dice=uniform&size=3x7&seed=1",
            vec!["--dice", "uniform", "--size", "3x7", "--seed", "1"],
        ),
        ("size=5x5&seed=3", vec!["--size", "5x5", "--seed", "3"]),
    ] {
        let answer = get(server.addr, &format!("/api/random?{query}"));
        assert_eq!(answer.status, 200, "{query}: {}", answer.text());
        let mut full = vec!["random"];
        full.extend(args);
        let (_, board, _) = cli(&full);
        let seed = query.split("seed=").nth(1).unwrap();
        // The dice rolled: the one asked for, or the set that fills the size.
        let dice = match query.split("dice=").nth(1) {
            Some(rest) => rest.split('&').next().unwrap(),
            None if query.contains("size=5x5") => "big",
            None => "new",
        };
        assert_eq!(
            answer.json(),
            json!({"board": board.trim_end(), "seed": seed, "lang": "en", "dice": dice}),
            "{query}"
        );
    }
    // A language rolls its own dice, as `random --lang` does, and says so.
    for (query, args, dice) in [
        ("lang=fi&seed=3", vec!["--lang", "fi", "--seed", "3"], "fi"),
        (
            "lang=de&size=5x5&seed=1",
            vec!["--lang", "de", "--size", "5x5", "--seed", "1"],
            "de-big",
        ),
        (
            "lang=de&dice=new&seed=1",
            vec!["--lang", "de", "--dice", "new", "--seed", "1"],
            "new",
        ),
        (
            "lang=de&dice=lang&size=5x5&seed=3",
            vec![
                "--lang", "de", "--dice", "lang", "--size", "5x5", "--seed", "3",
            ],
            "de-big",
        ),
        (
            "lang=fi&dice=lang&seed=2",
            vec!["--lang", "fi", "--dice", "lang", "--seed", "2"],
            "fi",
        ),
    ] {
        let answer = get(server.addr, &format!("/api/random?{query}"));
        assert_eq!(answer.status, 200, "{query}: {}", answer.text());
        let mut full = vec!["random"];
        full.extend(args);
        let (_, board, _) = cli(&full);
        let lang = &query[5..7];
        let seed = query.split("seed=").nth(1).unwrap();
        assert_eq!(
            answer.json(),
            json!({"board": board.trim_end(), "seed": seed, "lang": lang, "dice": dice}),
            "{query}"
        );
    }
    // Without a seed, a new one is chosen and told, as a string.
    let first = get(server.addr, "/api/random").json();
    let seed = first["seed"].as_str().unwrap();
    let (_, board, _) = cli(&["random", "--seed", seed]);
    assert_eq!(first["board"], board.trim_end());
    let error = |query: &str| {
        let answer = get(server.addr, &format!("/api/random?{query}"));
        assert_eq!(answer.status, 400, "{query}");
        answer.error()
    };
    assert_eq!(
        error("dice=huge"),
        "unknown dice 'huge' (expected classic, new, big, superbig or uniform)"
    );
    assert_eq!(
        error("seed=-1"),
        "'-1' is not a seed (expected a whole number from 0 to 18446744073709551615)"
    );
    assert_eq!(
        error("seed=18446744073709551616"),
        "'18446744073709551616' is not a seed (expected a whole number from 0 to 18446744073709551615)"
    );
    assert_eq!(
        error("dice=big&size=4x4"),
        cli_error(&["random", "--dice", "big", "--size", "4x4"])
    );
    assert_eq!(
        error("size=0x3"),
        cli_error(&["random", "--size", "0x3"])
            .split(": ")
            .last()
            .unwrap()
    );
}

#[test]
fn health_and_dictionaries() {
    let server = Server::start(&["--lang", "fr"]);
    let health = get(server.addr, "/api/health");
    assert_eq!(
        (health.status, health.json()),
        (200, json!({"status": "ok"}))
    );
    let list = get(server.addr, "/api/dictionaries").json();
    assert_eq!(list["default"], "fr");
    assert_eq!(list["dictionaries"][0]["name"], "French");
    assert_eq!(list["dictionaries"][3]["name"], "Finnish");
    let langs: Vec<&str> = list["dictionaries"]
        .as_array()
        .unwrap()
        .iter()
        .map(|d| d["lang"].as_str().unwrap())
        .collect();
    assert_eq!(
        langs,
        [
            "fr",
            "en",
            "en-common",
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
    for entry in list["dictionaries"].as_array().unwrap() {
        let lang = entry["lang"].as_str().unwrap();
        // The CLI's own count of the words kept.
        let (_, _, stderr) = cli(&[
            "solve",
            "--lang",
            lang,
            "--verbose",
            "--format",
            "summary",
            "ab/cd",
        ]);
        let count = entry["words"].as_u64().unwrap();
        assert!(
            stderr.contains(&format!(": {count} words kept")),
            "{lang}: {stderr}"
        );
    }
    // The default is the one --lang chose: an accented board is folded.
    let answer = solve(server.addr, &json!({"board": "été/abc/def"}));
    assert_eq!(answer.json()["board"], "ete/abc/def");
}

#[test]
fn a_word_list_file_is_the_only_dictionary() {
    let dir = crate::temp_dir("file");
    let path = dir.join("words.txt");
    std::fs::write(&path, "cat\ncats\nact\nzzz\n").unwrap();
    let server = Server::start(&["--dict", path.to_str().unwrap(), "--no-cache"]);
    let list = get(server.addr, "/api/dictionaries").json();
    assert_eq!(
        list,
        json!({"default": "file", "dictionaries": [{"lang": "file", "words": 4}]})
    );
    let answer = solve(server.addr, &json!({"board": "ca/ts"}));
    let (_, expected, _) = cli(&[
        "solve",
        "--dict",
        path.to_str().unwrap(),
        "--no-cache",
        "--format",
        "json",
        "ca/ts",
    ]);
    assert_eq!(answer.text(), expected);
    assert_eq!(answer.json()["count"], 3);
    let answer = solve(server.addr, &json!({"board": "ca/ts", "lang": "en"}));
    assert_eq!(answer.error(), "unknown lang 'en' (expected file)");
}

/// The page and its parts are served from the binary with their types and
/// the security headers; nothing else is, and no path reaches the disk.
#[test]
fn the_page_and_the_headers() {
    let server = Server::start(&[]);
    for (path, kind) in [
        ("/", "text/html; charset=utf-8"),
        ("/app.js", "text/javascript; charset=utf-8"),
        ("/style.css", "text/css; charset=utf-8"),
        ("/favicon.svg", "image/svg+xml"),
        ("/api/health", "application/json"),
    ] {
        let answer = get(server.addr, path);
        assert_eq!(answer.status, 200, "{path}");
        assert_eq!(answer.header("content-type"), Some(kind), "{path}");
        assert_eq!(
            answer.header("x-content-type-options"),
            Some("nosniff"),
            "{path}"
        );
        let policy = answer.header("content-security-policy").unwrap();
        assert!(policy.starts_with("default-src 'self';"), "{policy}");
        assert!(
            !policy.contains("unsafe") && !policy.contains("http"),
            "{policy}"
        );
    }
    let page = get(server.addr, "/").text();
    assert!(page.contains(r#"<script type="module" src="/app.js?v="#));
    assert!(
        !page.contains("http://") || !page.contains("src=\"http"),
        "nothing from another host"
    );
    for path in [
        "/index.html",
        "/src/",
        "/../Cargo.toml",
        "/%2e%2e/Cargo.toml",
        "/api",
        "/api/",
        "/api/solve/x",
        "/static/app.js",
    ] {
        let answer = get(server.addr, path);
        assert_eq!(answer.status, 404, "{path}");
        assert_eq!(answer.error(), "no such page", "{path}");
        assert_eq!(answer.header("x-content-type-options"), Some("nosniff"));
    }
    let answer = post(server.addr, "/api/health", "");
    assert_eq!(answer.status, 405);
    assert_eq!(answer.error(), "method not allowed");
    let answer = get(server.addr, "/api/solve");
    assert_eq!(answer.status, 405);
    assert_eq!(answer.header("allow"), Some("POST"));
}

/// Many requests at once, in all three languages, share the dictionaries
/// and each gets its own board's answer.
#[test]
fn concurrent_requests_each_get_their_answer() {
    let server = Server::start(&[]);
    let boards = [
        "ezmrnubeslospaon",
        "abcdefghijklmnop",
        "étéa/rsnt/elao/mpcr",
    ];
    let langs = ["en", "fi", "fr"];
    let expected: Vec<Vec<String>> = boards
        .iter()
        .map(|board| {
            langs
                .iter()
                .map(|lang| cli(&["solve", "--format", "json", "--lang", lang, board]).1)
                .collect()
        })
        .collect();
    let addr = server.addr;
    let threads: Vec<_> = (0..48)
        .map(|i| {
            let (b, l) = (i % 3, (i / 3) % 3);
            let want = expected[b][l].clone();
            let request = json!({"board": boards[b], "lang": langs[l]});
            std::thread::spawn(move || {
                for _ in 0..5 {
                    assert_eq!(solve(addr, &request).text(), want);
                }
            })
        })
        .collect();
    for thread in threads {
        thread.join().unwrap();
    }
}

/// SIGTERM lets the request in flight finish, then the server exits 0.
#[test]
fn sigterm_finishes_the_request_in_flight_and_exits_0() {
    let server = Server::start(&[]);
    let body = r#"{"board": "ezmrnubeslospaon"}"#;
    let mut stream = TcpStream::connect(server.addr).unwrap();
    let head = format!(
        "POST /api/solve HTTP/1.1\r\nHost: x\r\nConnection: close\r\nContent-Length: {}\r\n\r\n",
        body.len()
    );
    stream.write_all(head.as_bytes()).unwrap();
    stream.write_all(&body.as_bytes()[..10]).unwrap();
    std::thread::sleep(Duration::from_millis(200));
    crate::util::signal(server.pid(), "TERM");
    std::thread::sleep(Duration::from_millis(300));
    stream.write_all(&body.as_bytes()[10..]).unwrap();
    let mut bytes = Vec::new();
    std::io::Read::read_to_end(&mut stream, &mut bytes).unwrap();
    let answer = crate::util::parse(&bytes);
    assert_eq!(answer.status, 200);
    assert_eq!(answer.json()["count"], 180);
    let (status, stderr) = server.stop();
    assert_eq!(status.code(), Some(0), "{stderr}");
    assert!(
        stderr.contains("boggle: stopping: finishing the requests in flight"),
        "{stderr}"
    );
}

/// Ctrl-C (SIGINT) stops an idle server with exit 0, not the 130 of the
/// other commands.
#[test]
fn ctrl_c_stops_with_exit_0() {
    let server = Server::start(&[]);
    assert_eq!(get(server.addr, "/api/health").status, 200);
    crate::util::signal(server.pid(), "INT");
    let (status, stderr) = server.stop();
    assert_eq!(status.code(), Some(0), "{stderr}");
}

/// Another address than loopback is announced with a warning.
#[test]
fn a_public_address_is_warned_about() {
    let mut child = std::process::Command::new(BOGGLE)
        .args(["serve", "--addr", "0.0.0.0:0"])
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .unwrap();
    let mut line = String::new();
    std::io::BufRead::read_line(
        &mut std::io::BufReader::new(child.stdout.take().unwrap()),
        &mut line,
    )
    .unwrap();
    assert!(
        line.starts_with("boggle: serving on http://0.0.0.0:"),
        "{line}"
    );
    crate::util::signal(child.id(), "TERM");
    let output = child.wait_with_output().unwrap();
    assert_eq!(output.status.code(), Some(0));
    let stderr = String::from_utf8(output.stderr).unwrap();
    assert!(
        stderr.starts_with("boggle: warning: listening on 0.0.0.0:"),
        "{stderr}"
    );
    assert!(stderr.contains("open to every machine"), "{stderr}");
}

/// A client that never finishes its request's head is cut off (after 10 s)
/// instead of holding its connection for ever.
#[test]
fn a_request_head_never_finished_is_cut_off() {
    let server = Server::start(&[]);
    let mut stream = TcpStream::connect(server.addr).unwrap();
    stream.write_all(b"GET / HTTP/1.1\r\nHost: x\r\n").unwrap();
    stream
        .set_read_timeout(Some(Duration::from_secs(60)))
        .unwrap();
    let mut bytes = Vec::new();
    let read = std::io::Read::read_to_end(&mut stream, &mut bytes);
    assert!(read.is_ok(), "the connection was not closed: {read:?}");
    assert_eq!(get(server.addr, "/api/health").status, 200);
}

/// A word found through a wildcard says what the `*` stood for, as the
/// CLI's JSON does; boards without one are answered as before.
#[test]
fn wildcard_letters_are_named() {
    let server = Server::start(&[]);
    for paths in [false, true] {
        let answer = solve(server.addr, &json!({"board": "ca*/xte", "paths": paths}));
        assert_eq!(answer.status, 200, "{}", answer.text());
        let mut args = vec!["solve", "--format", "json", "ca*/xte"];
        if paths {
            args.push("--paths");
        }
        let (_, expected, _) = cli(&args);
        assert_eq!(answer.text(), expected);
        let json = answer.json();
        let words = json["words"].as_array().unwrap();
        let exact = words.iter().find(|w| w["word"] == "exact").unwrap();
        assert_eq!(exact["wild"], "x", "{exact}");
        // "act" is spelled by letters alone.
        let act = words.iter().find(|w| w["word"] == "act").unwrap();
        assert!(act.get("wild").is_none(), "{act}");
    }
    let plain = solve(server.addr, &json!({"board": "ezmrnubeslospaon"}));
    assert!(!plain.text().contains("wild"));
}

/// A body's troubles are told apart: a declared length over the limit is
/// refused at once (without waiting for the body, and without a `100
/// Continue`), a broken chunked body is a 400, not a 413.
#[test]
fn bodies_over_the_limit_and_broken_bodies() {
    let server = Server::start(&[]);
    let over_at_once = |path: &str, extra: &str, message: &str| {
        let raw = format!(
            "POST {path} HTTP/1.1\r\nHost: x\r\nConnection: close\r\n{extra}Content-Length: 99999999999\r\n\r\n{{}}"
        );
        let start = std::time::Instant::now();
        let answer = crate::util::exchange(server.addr, raw.as_bytes()).expect("an answer");
        assert_eq!(
            (answer.status, answer.error()),
            (413, message.to_owned()),
            "{path}"
        );
        // The server's body timeout is 30 s: an answer this soon did not
        // wait for the body.
        assert!(
            start.elapsed() < Duration::from_secs(20),
            "{path} waited for the body"
        );
    };
    over_at_once("/api/solve", "", "the request body is larger than 64 KiB");
    over_at_once("/api/rooms", "", "a room request is at most 4096 bytes");
    over_at_once(
        "/api/solve",
        "Expect: 100-continue\r\n",
        "the request body is larger than 64 KiB",
    );
    for path in ["/api/solve", "/api/rooms"] {
        let raw = format!(
            "POST {path} HTTP/1.1\r\nHost: x\r\nConnection: close\r\nContent-Type: application/json\r\nTransfer-Encoding: chunked\r\n\r\nzz\r\n"
        );
        let answer = crate::util::exchange(server.addr, raw.as_bytes()).expect("an answer");
        assert_eq!(answer.status, 400, "{path}");
        assert!(
            answer
                .error()
                .starts_with("the request body could not be read"),
            "{path}: {}",
            answer.error()
        );
    }
    assert_eq!(get(server.addr, "/api/health").status, 200);
}
