//! `GET /api/game`, the game `/play` plays: a seed deals the board the
//! library's `Game::deal` deals (and `boggle random` rolls, when its first
//! roll is worth playing), every word on it with `boggle solve`'s points and
//! a path that spells it, and a plain 400 for every bad parameter.

use boggle::dice::{DiceSet, Roller};
use boggle::dict::bundled;
use boggle::game::{Game, MIN_BOARD_SCORE};
use boggle::lang::Lang;
use serde_json::Value;

use crate::util::{Server, cli, get};

/// `boggle solve --format json` for `board`: (word, score) in its order.
fn solved(board: &str, extra: &[&str]) -> Vec<(String, u64)> {
    let mut args = vec!["solve", "--format", "json", board];
    args.extend_from_slice(extra);
    let (code, stdout, stderr) = cli(&args);
    assert_eq!(code, 0, "{stderr}");
    let json: Value = serde_json::from_str(&stdout).unwrap();
    json["words"]
        .as_array()
        .unwrap()
        .iter()
        .map(|w| {
            (
                w["word"].as_str().unwrap().to_owned(),
                w["score"].as_u64().unwrap(),
            )
        })
        .collect()
}

fn words(game: &Value) -> Vec<(String, u64)> {
    game["words"]
        .as_array()
        .unwrap()
        .iter()
        .map(|w| {
            (
                w["word"].as_str().unwrap().to_owned(),
                w["points"].as_u64().unwrap(),
            )
        })
        .collect()
}

#[test]
fn a_seed_deals_the_board_random_rolls_with_the_words_solve_finds() {
    let server = Server::start(&[]);
    let answer = get(server.addr, "/api/game?seed=42");
    assert_eq!(answer.status, 200, "{}", answer.text());
    let game = answer.json();
    let (_, rolled, _) = cli(&["random", "--seed", "42"]);
    assert_eq!(game["board"], rolled.trim());
    assert_eq!(game["seed"], "42");
    assert_eq!(
        (game["rows"].as_u64(), game["cols"].as_u64()),
        (Some(4), Some(4))
    );
    assert_eq!(game["min_len"], 3);
    assert_eq!(game["dice"], "new");
    let mut mine = words(&game);
    let mut cli_words = solved(rolled.trim(), &[]);
    mine.sort();
    cli_words.sort();
    assert!(cli_words.len() > 50, "{}", cli_words.len());
    assert_eq!(mine, cli_words);
    let total: u64 = cli_words.iter().map(|(_, points)| points).sum();
    assert_eq!(game["max_score"].as_u64(), Some(total));
    // Every path spells its word, through distinct adjacent cells.
    let tiles: Vec<&str> = game["tiles"]
        .as_array()
        .unwrap()
        .iter()
        .map(|t| t.as_str().unwrap())
        .collect();
    for word in game["words"].as_array().unwrap() {
        let path: Vec<usize> = word["path"]
            .as_array()
            .unwrap()
            .iter()
            .map(|c| c.as_u64().unwrap() as usize)
            .collect();
        let spelled: String = path.iter().map(|&c| tiles[c]).collect();
        assert_eq!(spelled, word["word"].as_str().unwrap());
        for pair in path.windows(2) {
            let (a, b) = (pair[0], pair[1]);
            assert!((a / 4).abs_diff(b / 4) <= 1 && (a % 4).abs_diff(b % 4) <= 1 && a != b);
        }
    }
    // The same link is the same game.
    assert_eq!(get(server.addr, "/api/game?seed=42").json(), game);
    // Without a seed, one is drawn and told.
    let drawn = get(server.addr, "/api/game").json();
    let seed = drawn["seed"].as_str().unwrap();
    assert_eq!(
        get(server.addr, &format!("/api/game?seed={seed}")).json()["board"],
        drawn["board"]
    );
}

#[test]
fn a_poor_first_roll_is_rolled_again_as_the_library_deals() {
    let server = Server::start(&[]);
    // Seed 10 first rolls a 3x3 board of random letters without a word.
    let game = get(server.addr, "/api/game?seed=10&dice=uniform&size=3x3").json();
    let (_, first, _) = cli(&[
        "random", "--seed", "10", "--dice", "uniform", "--size", "3x3",
    ]);
    assert_ne!(game["board"], first.trim());
    let dict = bundled::load(Lang::En).unwrap();
    let roller = Roller::new(DiceSet::Uniform, Some((3, 3))).unwrap();
    let dealt = Game::deal(&dict, &roller, 10, None, MIN_BOARD_SCORE);
    assert_eq!(game["board"], dealt.board().canonical());
    assert!(game["max_score"].as_u64().unwrap() >= MIN_BOARD_SCORE);
    let mut mine = words(&game);
    let mut cli_words = solved(&dealt.board().canonical(), &[]);
    mine.sort();
    cli_words.sort();
    assert_eq!(mine, cli_words);
}

#[test]
fn options_reach_the_deal() {
    let server = Server::start(&[]);
    let game = get(server.addr, "/api/game?seed=7&dice=big&min_len=5").json();
    assert_eq!(
        (game["rows"].as_u64(), game["cols"].as_u64()),
        (Some(5), Some(5))
    );
    assert_eq!(game["min_len"], 5);
    assert_eq!(game["rules"], "big");
    let mut mine = words(&game);
    let mut cli_words = solved(game["board"].as_str().unwrap(), &["--min-len", "5"]);
    mine.sort();
    cli_words.sort();
    assert_eq!(mine, cli_words);
    assert!(mine.iter().all(|(w, _)| w.chars().count() >= 5));
    let french = get(server.addr, "/api/game?seed=7&lang=fr").json();
    assert_eq!(french["lang"], "fr");
    // French words lose their accents before they are looked up; English
    // ones have none to lose.
    assert_eq!(french["fold_accents"], true);
    assert_eq!(game["fold_accents"], false);
    let (_, rolled, _) = cli(&["random", "--seed", "7", "--lang", "fr"]);
    assert_eq!(french["board"], rolled.trim());
}

#[test]
fn bad_parameters_are_400_with_a_plain_message() {
    let server = Server::start(&[]);
    let cases = [
        ("seed=abc", "'abc' is not a seed"),
        ("seed=-1", "'-1' is not a seed"),
        ("seed=18446744073709551616", "is not a seed"),
        (
            "min_len=0",
            "min_len '0' is not a word length (expected 1 to 64)",
        ),
        ("min_len=65", "min_len '65' is not a word length"),
        ("min_len=x", "is not a word length"),
        ("dice=nope", "nope"),
        ("size=0x4", "0x4"),
        ("lang=xx", "unknown lang 'xx'"),
    ];
    for (query, message) in cases {
        let answer = get(server.addr, &format!("/api/game?{query}"));
        assert_eq!(answer.status, 400, "{query}: {}", answer.text());
        assert!(
            answer.error().contains(message),
            "{query}: {}",
            answer.error()
        );
    }
    let answer = get(server.addr, "/api/game?size=9x9&dice=uniform");
    assert_eq!(answer.status, 413, "{}", answer.text());
    assert!(
        answer.error().contains("more than the 64 cells"),
        "{}",
        answer.error()
    );
}

#[test]
fn the_game_pages_are_served() {
    let server = Server::start(&[]);
    for (path, has) in [
        ("/play", "/play.js?v="),
        ("/room", "/room.js?v="),
        ("/play?seed=42&time=1m", "/play.js?v="),
        ("/room?id=00", "/room.js?v="),
    ] {
        let answer = get(server.addr, path);
        assert_eq!(answer.status, 200, "{path}");
        assert_eq!(answer.header("cache-control"), Some("no-cache"), "{path}");
        assert!(
            answer
                .header("content-type")
                .unwrap()
                .starts_with("text/html"),
            "{path}"
        );
        assert!(answer.header("content-security-policy").is_some(), "{path}");
        assert!(answer.text().contains(has), "{path}");
    }
    let worker = get(server.addr, "/sw.js");
    assert_eq!(worker.status, 200);
    assert!(
        worker
            .header("content-type")
            .unwrap()
            .starts_with("text/javascript")
    );
    assert!(worker.text().contains("/api/game"));
}
