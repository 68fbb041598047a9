//! `/play` and `/room` in a real headless Chromium at a phone's size,
//! driven through chromedriver: a seeded game whose board is the one the
//! API and `boggle random` give, a word traced with a real touch pointer
//! (WebDriver actions), words typed, every verdict in the library's words,
//! the end screen's found and missed words with their paths, the clock
//! running out, a best kept, and the game reloaded with the server stopped.
//! Then two browser sessions play one room to its end: one board, clocks
//! within a second, a reload that keeps a player's words, a hostile name
//! shown as text, and results that follow the rule (a word both found
//! scores for neither) and agree with `GET /api/rooms/ID`. Every state is
//! saved under `target/serve-screenshots/`.
//!
//! Without chromium and chromedriver the test says so on stderr and passes;
//! with `CI` set it fails.

use std::time::{Duration, Instant};

use fantoccini::actions::{InputSource, PointerAction, TouchActions};
use fantoccini::{Client, ClientBuilder, Locator};
use serde_json::{Value, json};

use crate::browser::{
    CHROMIUM, Driver, console_errors, eval, find_driver, screenshot_dir, start_driver, wait_until,
};
use crate::util::{Server, cli, get, post};

/// A phone: 390×844, a touch screen.
async fn phone(driver: &Driver) -> Client {
    session(driver, false).await
}

/// A phone in the light or the dark scheme.
async fn session(driver: &Driver, dark: bool) -> Client {
    let mut args = vec![
        "--headless=new",
        "--no-sandbox",
        "--disable-gpu",
        "--disable-dev-shm-usage",
        "--no-first-run",
        "--disable-extensions",
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-sync",
        "--hide-scrollbars",
        "--window-size=390,844",
    ];
    if dark {
        // What a system in the dark scheme tells the page.
        args.extend([
            "--force-dark-mode",
            "--blink-settings=preferredColorScheme=0",
        ]);
    }
    let options = json!({
        "binary": CHROMIUM,
        "args": args,
        "mobileEmulation": {
            "deviceMetrics": { "width": 390, "height": 844, "pixelRatio": 1.0, "touch": true },
        },
    });
    let mut capabilities = serde_json::Map::new();
    capabilities.insert("goog:chromeOptions".into(), options);
    capabilities.insert("goog:loggingPrefs".into(), json!({"browser": "ALL"}));
    let connector = hyper_util::client::legacy::connect::HttpConnector::new();
    ClientBuilder::new(connector)
        .capabilities(capabilities)
        .connect(&format!("http://127.0.0.1:{}", driver.port))
        .await
        .expect("a browser session")
}

async fn shot(client: &Client, name: &str) {
    let png = client.screenshot().await.unwrap();
    std::fs::write(screenshot_dir().join(format!("{name}.png")), png).unwrap();
}

async fn text_of(client: &Client, id: &str) -> String {
    let value = eval(
        client,
        &format!("return document.getElementById({id:?}).textContent;"),
    )
    .await;
    value.as_str().unwrap_or_default().to_owned()
}

/// Waits until the element `id` says `expected`.
async fn wait_for_text(client: &Client, id: &str, expected: &str) {
    let deadline = Instant::now() + Duration::from_secs(15);
    loop {
        let now = text_of(client, id).await;
        if now == expected {
            return;
        }
        assert!(
            Instant::now() < deadline,
            "#{id} says {now:?}, not {expected:?}"
        );
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
}

/// The board as the page shows it, one face a cell.
async fn faces(client: &Client) -> Vec<String> {
    let value = eval(
        client,
        "return [...document.querySelectorAll('.game-grid .cell')].map(c => c.textContent);",
    )
    .await;
    serde_json::from_value(value).unwrap()
}

/// A tile as a face shows it: `qu` is `Qu`, letters in capitals.
fn face(tile: &str) -> String {
    let mut chars = tile.chars();
    chars
        .next()
        .map(|first| first.to_uppercase().chain(chars).collect())
        .unwrap_or_default()
}

/// The faces of a board written as the API writes it (`zcts/tooh/…`).
fn board_faces(board: &str) -> Vec<String> {
    let mut faces = Vec::new();
    for row in board.split('/') {
        let mut chars = row.chars().peekable();
        while let Some(c) = chars.next() {
            if c == 'q' && chars.peek() == Some(&'u') {
                chars.next();
                faces.push("Qu".to_owned());
            } else if c == '[' {
                let tile: String = chars.by_ref().take_while(|&c| c != ']').collect();
                faces.push(face(&tile));
            } else {
                faces.push(face(&c.to_string()));
            }
        }
    }
    faces
}

/// Traces `path` (cell indices) with a touch pointer: down on the first
/// cell's centre, through every cell's centre, up on the last.
async fn trace(client: &Client, path: &[u64]) {
    let centres = eval(
        client,
        "return [...document.querySelectorAll('.game-grid .cell')].map(c => { const r = c.getBoundingClientRect(); return [r.left + r.width / 2, r.top + r.height / 2]; });",
    )
    .await;
    let centre = |cell: u64| {
        let xy = &centres[cell as usize];
        (xy[0].as_f64().unwrap(), xy[1].as_f64().unwrap())
    };
    let (x, y) = centre(path[0]);
    let mut finger = TouchActions::new("finger".into())
        .then(PointerAction::MoveTo {
            duration: None,
            x,
            y,
        })
        .then(PointerAction::Down { button: 0 });
    for &cell in &path[1..] {
        let (x, y) = centre(cell);
        finger = finger.then(PointerAction::MoveTo {
            duration: Some(Duration::from_millis(60)),
            x,
            y,
        });
    }
    finger = finger.then(PointerAction::Up { button: 0 });
    client.perform_actions(finger).await.unwrap();
}

/// Types `word` into the entry and presses Enter.
async fn type_word(client: &Client, word: &str) {
    let entry = client.find(Locator::Id("entry")).await.unwrap();
    entry.send_keys(&format!("{word}\n")).await.unwrap();
}

fn points_text(word: &Value) -> String {
    let (w, p) = (
        word["word"].as_str().unwrap(),
        word["points"].as_u64().unwrap(),
    );
    format!("+{p} {}: {w}", if p == 1 { "point" } else { "points" })
}

fn cells(word: &Value) -> Vec<u64> {
    word["path"]
        .as_array()
        .unwrap()
        .iter()
        .map(|c| c.as_u64().unwrap())
        .collect()
}

async fn play_alone(driver: &Driver) {
    let server = Server::start(&[]);
    let addr = server.addr;
    let game = get(addr, "/api/game?seed=42").json();
    // An independent route to the same board: the CLI's roll of seed 42
    // (worth more than the minimum, so dealt as rolled).
    let (_, rolled, _) = cli(&["random", "--seed", "42"]);
    assert_eq!(game["board"], rolled.trim());
    let words = game["words"].as_array().unwrap();
    let best = &words[0];
    let typed = words
        .iter()
        .find(|w| w["word"].as_str().unwrap().len() == 4)
        .unwrap();

    // Super Big dice in the dark scheme: a 6×6 board with two-letter
    // faces, four minutes as in the terminal.
    let dark = session(driver, true).await;
    dark.goto(&format!("http://{addr}/play?seed=7&dice=superbig"))
        .await
        .unwrap();
    wait_until(
        &dark,
        "return document.querySelectorAll('.game-grid .cell').length === 36;",
    )
    .await;
    let superbig = get(addr, "/api/game?seed=7&dice=superbig").json();
    assert_eq!(
        faces(&dark).await,
        board_faces(superbig["board"].as_str().unwrap())
    );
    let clock = text_of(&dark, "clock").await;
    assert!(clock == "4:00" || clock.starts_with("3:5"), "{clock}");
    let word = &superbig["words"][0];
    trace(&dark, &cells(word)).await;
    wait_for_text(&dark, "verdict", &points_text(word)).await;
    shot(&dark, "play-phone-dark").await;
    dark.close().await.unwrap();

    let client = phone(driver).await;
    client
        .goto(&format!("http://{addr}/play?seed=42&time=3m"))
        .await
        .unwrap();
    wait_until(
        &client,
        "return document.querySelectorAll('.game-grid .cell').length === 16;",
    )
    .await;
    assert_eq!(faces(&client).await, board_faces(rolled.trim()));
    let about = text_of(&client, "about").await;
    assert!(
        about.ends_with("boggle play --seed 42 --time 3m"),
        "{about}"
    );
    let clock = text_of(&client, "clock").await;
    assert!(clock == "3:00" || clock.starts_with("2:5"), "{clock}");
    shot(&client, "play-phone-start").await;

    // The page's judge, on cases the board above cannot show: folded
    // accents, a Qu face, a path still being typed, the order of checks.
    let checks = client
        .execute_async(
            "const done = arguments[arguments.length - 1];
             import('/judge.js').then(({ normalize, findPath, judge, indexWords }) => {
               const board = { tiles: ['qu', 'i', 't', 'e'], rows: 2, cols: 2, min_len: 3, fold_accents: false,
                               words: [{ word: 'quit', points: 1, path: [0, 1, 2] }] };
               indexWords(board);
               done([
                 normalize(' Été! ', true), normalize('Straße', true), normalize('Été', false),
                 findPath('quite', board), findPath('q', board), findPath('qi', board),
                 judge('QUIT', board, new Set()).text, judge('quit', board, new Set(['quit'])).text,
                 judge('ti', board, new Set()).text, judge('zzzz', board, new Set()).text,
                 judge('tie', board, new Set()).text, judge('!!', board, new Set()).kind,
               ]);
             });",
            vec![],
        )
        .await
        .unwrap();
    assert_eq!(
        checks,
        json!([
            "ete",
            "strasse",
            "été",
            [0, 1, 2, 3],
            [0],
            null,
            "+1 point: quit",
            "already found: quit",
            "too short: ti (at least 3 letters)",
            "not on the board: zzzz",
            "not a word: tie",
            "empty",
        ])
    );

    // A word traced with a finger: judged at once, its path lit.
    trace(&client, &cells(best)).await;
    wait_for_text(&client, "verdict", &points_text(best)).await;
    let lit = eval(
        &client,
        "return [...document.querySelectorAll('.cell.on-path')].map(c => Number(c.dataset.index));",
    )
    .await;
    let mut lit: Vec<u64> = serde_json::from_value(lit).unwrap();
    let mut expected = cells(best);
    lit.sort_unstable();
    expected.sort_unstable();
    assert_eq!(lit, expected);
    shot(&client, "play-phone-traced").await;

    // Words typed, each verdict in the library's words.
    type_word(&client, typed["word"].as_str().unwrap()).await;
    wait_for_text(&client, "verdict", &points_text(typed)).await;
    let best_word = best["word"].as_str().unwrap();
    for (entry, verdict) in [
        ("co", "too short: co (at least 3 letters)".to_owned()),
        (best_word, format!("already found: {best_word}")),
        ("xyzzy", "not on the board: xyzzy".to_owned()),
        ("zct", "not a word: zct".to_owned()),
        ("  TOOTHS ", "+3 points: tooths".to_owned()),
    ] {
        type_word(&client, entry).await;
        wait_for_text(&client, "verdict", &verdict).await;
    }
    let score = best["points"].as_u64().unwrap() + typed["points"].as_u64().unwrap() + 3;
    wait_for_text(&client, "count", &format!("3 words, {score} points")).await;
    shot(&client, "play-phone-typed").await;
    // A reload goes on with the same game: its words and its clock.
    tokio::time::sleep(Duration::from_millis(1100)).await;
    client.refresh().await.unwrap();
    wait_for_text(&client, "count", &format!("3 words, {score} points")).await;
    let clock = text_of(&client, "clock").await;
    assert!(seconds(&clock) < 180, "the clock started again: {clock}");

    // The end: the score, its share, the words found and missed, each
    // missed word's path when selected.
    client
        .find(Locator::Id("end"))
        .await
        .unwrap()
        .click()
        .await
        .unwrap();
    wait_until(
        &client,
        "return !document.getElementById('end-screen').hidden;",
    )
    .await;
    assert_eq!(text_of(&client, "end-heading").await, "Game over");
    assert_eq!(
        eval(
            &client,
            "return document.getElementById('entry-form').hidden;"
        )
        .await,
        json!(true)
    );
    let total = game["max_score"].as_u64().unwrap();
    let final_text = text_of(&client, "final").await;
    assert!(
        final_text.starts_with(&format!(
            "{score} points of {total} ({}%): 3 words of {}.",
            (100 * score + total / 2) / total,
            words.len()
        )),
        "{final_text}"
    );
    let missed = eval(
        &client,
        "return document.querySelectorAll('#missed button').length;",
    )
    .await;
    assert_eq!(missed.as_u64(), Some(words.len() as u64 - 3));
    let found = eval(&client, "return [...document.querySelectorAll('#found button span:first-child')].map(s => s.textContent);").await;
    assert_eq!(found, json!(["tooths", typed["word"], best_word]));
    let missed_word = words
        .iter()
        .find(|w| {
            !["tooths", best_word, typed["word"].as_str().unwrap()]
                .contains(&w["word"].as_str().unwrap())
        })
        .unwrap();
    client
        .find(Locator::Css("#missed button"))
        .await
        .unwrap()
        .click()
        .await
        .unwrap();
    let lit = eval(
        &client,
        "return document.querySelectorAll('.cell.on-path').length;",
    )
    .await;
    assert_eq!(lit.as_u64(), Some(cells(missed_word).len() as u64));
    let best_note = text_of(&client, "best").await;
    assert!(best_note.contains(&format!("best {score}")), "{best_note}");
    let kept = eval(
        &client,
        "return JSON.parse(localStorage.getItem('boggle.best.new.4x4.en.180')).score;",
    )
    .await;
    assert_eq!(kept.as_u64(), Some(score));
    client
        .execute("window.scrollTo(0, 0);", vec![])
        .await
        .unwrap();
    shot(&client, "play-phone-end").await;

    // The clock runs out by itself; a best is compared with the last.
    client
        .goto(&format!("http://{addr}/play?seed=42&time=2s"))
        .await
        .unwrap();
    wait_until(
        &client,
        "return !document.getElementById('end-screen').hidden;",
    )
    .await;
    assert_eq!(text_of(&client, "clock").await, "0:00");
    assert_eq!(text_of(&client, "verdict").await, "Time's up: 0 points");
    assert_eq!(text_of(&client, "end-heading").await, "Time's up");

    // Offline: once the service worker has kept the page and the game, a
    // reload plays with the server stopped.
    wait_until(
        &client,
        "return navigator.serviceWorker.controller !== null;",
    )
    .await;
    client
        .goto(&format!("http://{addr}/play?seed=42&time=1m"))
        .await
        .unwrap();
    wait_until(
        &client,
        "return document.querySelectorAll('.game-grid .cell').length === 16;",
    )
    .await;
    tokio::time::sleep(Duration::from_millis(500)).await;
    let (status, _) = server.stop();
    assert!(status.success());
    client.refresh().await.unwrap();
    wait_until(
        &client,
        "return document.querySelectorAll('.game-grid .cell').length === 16;",
    )
    .await;
    assert_eq!(faces(&client).await, board_faces(rolled.trim()));
    type_word(&client, "tooths").await;
    wait_for_text(&client, "verdict", "+3 points: tooths").await;
    shot(&client, "play-phone-offline").await;
    client.close().await.unwrap();
}

/// The seconds a clock's text (`m:ss`) shows.
fn seconds(clock: &str) -> i64 {
    let (m, s) = clock.split_once(':').unwrap();
    m.parse::<i64>().unwrap() * 60 + s.parse::<i64>().unwrap()
}

async fn join(client: &Client, name: &str) {
    wait_until(
        client,
        "return !document.getElementById('join-form').hidden;",
    )
    .await;
    client
        .find(Locator::Id("name"))
        .await
        .unwrap()
        .send_keys(name)
        .await
        .unwrap();
    client
        .find(Locator::Css("#join-form button"))
        .await
        .unwrap()
        .click()
        .await
        .unwrap();
    wait_until(
        client,
        "return document.getElementById('join-form').hidden;",
    )
    .await;
}

async fn players(client: &Client) -> Value {
    eval(
        client,
        "return [...document.querySelectorAll('#players li')].map(l => l.textContent);",
    )
    .await
}

/// The results as the page shows them: [name, score, [[word, shared]]].
async fn shown_results(client: &Client) -> Value {
    eval(
        client,
        "return [...document.querySelectorAll('#results tbody tr')].map(r => [r.querySelector('th').textContent, Number(r.querySelector('.score').textContent), [...r.querySelectorAll('.word')].map(w => [w.firstChild.textContent, w.classList.contains('shared')])]);",
    )
    .await
}

async fn play_a_room(driver: &Driver) {
    let server = Server::start(&[]);
    let addr = server.addr;

    // The page makes a room.
    let maker = phone(driver).await;
    maker.goto(&format!("http://{addr}/room")).await.unwrap();
    wait_until(&maker, "return !document.getElementById('create').hidden;").await;
    shot(&maker, "room-create").await;
    maker
        .find(Locator::Css("#create-form button"))
        .await
        .unwrap()
        .click()
        .await
        .unwrap();
    wait_until(
        &maker,
        "return new URLSearchParams(location.search).has('id');",
    )
    .await;
    let made = eval(
        &maker,
        "return new URLSearchParams(location.search).get('id');",
    )
    .await;
    assert_eq!(
        get(addr, &format!("/api/rooms/{}", made.as_str().unwrap())).json()["state"],
        "waiting"
    );
    maker.close().await.unwrap();

    // A short round, made through the API, played by two browsers.
    let room = post(addr, "/api/rooms", r#"{"time": "12s"}"#).json()["room"]
        .as_str()
        .unwrap()
        .to_owned();
    let url = format!("http://{addr}/room?id={room}");
    let ann = phone(driver).await;
    let bob = phone(driver).await;
    ann.goto(&url).await.unwrap();
    bob.goto(&url).await.unwrap();
    join(&ann, "Ann").await;
    let hostile = "<b>Bob</b>";
    join(&bob, hostile).await;
    for client in [&ann, &bob] {
        let deadline = Instant::now() + Duration::from_secs(15);
        while players(client).await != json!(["Ann", hostile]) {
            assert!(Instant::now() < deadline, "{:?}", players(client).await);
            tokio::time::sleep(Duration::from_millis(50)).await;
        }
        // The name is text, never markup.
        assert_eq!(
            eval(
                client,
                "return document.querySelectorAll('#players b').length;"
            )
            .await,
            json!(0)
        );
    }
    shot(&ann, "room-waiting").await;
    // The link is copied, or selected where the clipboard is refused.
    ann.find(Locator::Id("copy"))
        .await
        .unwrap()
        .click()
        .await
        .unwrap();
    wait_until(
        &ann,
        "return document.getElementById('copied').textContent !== '';",
    )
    .await;
    let copied = text_of(&ann, "copied").await;
    let selected = eval(&ann, "return getSelection().toString();").await;
    assert!(
        copied == "Copied." || selected == json!(url),
        "{copied}, {selected}"
    );
    ann.find(Locator::Id("start"))
        .await
        .unwrap()
        .click()
        .await
        .unwrap();
    for client in [&ann, &bob] {
        wait_until(
            client,
            "return document.querySelectorAll('.game-grid .cell').length > 0;",
        )
        .await;
    }
    let state = get(addr, &format!("/api/rooms/{room}")).json();
    let board = state["board"].as_str().unwrap().to_owned();
    assert_eq!(faces(&ann).await, board_faces(&board));
    assert_eq!(faces(&bob).await, board_faces(&board));
    let (a, b) = (text_of(&ann, "clock").await, text_of(&bob, "clock").await);
    assert!((seconds(&a) - seconds(&b)).abs() <= 1, "{a} and {b}");
    let server_left = state["ends_in_ms"].as_i64().unwrap() / 1000;
    assert!(
        (seconds(&a) - server_left).abs() <= 1,
        "{a}, the server {server_left} s"
    );

    // The board's words, from the solver: one both enter, one each alone.
    let solved = post(
        addr,
        "/api/solve",
        &json!({"board": board, "paths": true}).to_string(),
    )
    .json();
    let list = solved["words"].as_array().unwrap();
    assert!(list.len() >= 3, "{board}");
    let word = |n: usize| list[n]["word"].as_str().unwrap().to_owned();
    let points = |n: usize| list[n]["score"].as_u64().unwrap();
    let path = |n: usize| -> Vec<u64> {
        let cols = solved["cols"].as_u64().unwrap();
        list[n]["path"]
            .as_array()
            .unwrap()
            .iter()
            .map(|rc| rc[0].as_u64().unwrap() * cols + rc[1].as_u64().unwrap())
            .collect()
    };
    let (both, ann_only, bob_only) = (word(0), word(1), word(2));
    let verdict = |n: usize| {
        format!(
            "+{} {}: {}",
            points(n),
            if points(n) == 1 { "point" } else { "points" },
            word(n)
        )
    };
    type_word(&ann, &both).await;
    wait_for_text(&ann, "verdict", &verdict(0)).await;
    trace(&bob, &path(0)).await;
    wait_for_text(&bob, "verdict", &verdict(0)).await;
    type_word(&bob, &bob_only).await;
    wait_for_text(&bob, "verdict", &verdict(2)).await;
    type_word(&bob, "xyzzy").await;
    wait_for_text(&bob, "verdict", "not on the board: xyzzy").await;
    shot(&bob, "room-playing").await;
    // A reload is the same player, with the same words.
    ann.refresh().await.unwrap();
    wait_until(&ann, "return document.querySelectorAll('#found .word').length === 1 && !document.getElementById('entry-form').hidden;").await;
    type_word(&ann, &ann_only).await;
    wait_for_text(&ann, "verdict", &verdict(1)).await;
    let (a, b) = (text_of(&ann, "clock").await, text_of(&bob, "clock").await);
    assert!(
        (seconds(&a) - seconds(&b)).abs() <= 1,
        "after a reload: {a} and {b}"
    );

    // The end: every player's words, the shared one scoring for neither.
    for client in [&ann, &bob] {
        let deadline = Instant::now() + Duration::from_secs(30);
        while eval(
            client,
            "return !document.getElementById('results-part').hidden;",
        )
        .await
            != json!(true)
        {
            assert!(Instant::now() < deadline, "the round did not end");
            tokio::time::sleep(Duration::from_millis(100)).await;
        }
    }
    let over = get(addr, &format!("/api/rooms/{room}")).json();
    assert_eq!(over["state"], "over");
    let expected = json!([
        ["Ann", points(1), [[both, true], [ann_only, false]]],
        [hostile, points(2), [[both, true], [bob_only, false]]],
    ]);
    let from_api: Value = over["results"]
        .as_array()
        .unwrap()
        .iter()
        .map(|p| {
            json!([
                p["name"],
                p["score"],
                p["words"]
                    .as_array()
                    .unwrap()
                    .iter()
                    .map(|w| json!([w["word"], w["shared"]]))
                    .collect::<Vec<_>>()
            ])
        })
        .collect();
    assert_eq!(from_api, expected);
    for client in [&ann, &bob] {
        assert_eq!(shown_results(client).await, expected);
        assert_eq!(text_of(client, "start").await, "Another round");
    }
    ann.find(Locator::Css("#results .word"))
        .await
        .unwrap()
        .click()
        .await
        .unwrap();
    let lit = eval(
        &ann,
        "return document.querySelectorAll('.cell.on-path').length;",
    )
    .await;
    assert_eq!(lit.as_u64(), Some(path(0).len() as u64));
    shot(&ann, "room-results").await;
    ann.execute("document.getElementById('room').scrollIntoView();", vec![])
        .await
        .unwrap();
    shot(&ann, "room-results-table").await;

    // Any player starts another round: a new board for both, no words.
    bob.find(Locator::Id("start"))
        .await
        .unwrap()
        .click()
        .await
        .unwrap();
    for client in [&ann, &bob] {
        wait_until(client, "return !document.getElementById('entry-form').hidden && document.getElementById('results-part').hidden;").await;
        assert_eq!(text_of(client, "count").await, "0 words, 0 points");
    }
    let again = get(addr, &format!("/api/rooms/{room}")).json();
    assert_eq!(again["state"], "playing");
    assert_eq!(
        faces(&ann).await,
        board_faces(again["board"].as_str().unwrap())
    );
    ann.close().await.unwrap();
    bob.close().await.unwrap();
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn play_and_rooms_in_a_real_browser() {
    let driver_path = find_driver();
    if !crate::tools::available(
        driver_path.is_some(),
        "chromium",
        "/play in a real browser",
        "chromium chromium-driver",
    ) {
        return;
    }
    let driver = start_driver(&driver_path.unwrap());
    play_alone(&driver).await;
    play_a_room(&driver).await;
    let errors: Vec<String> = console_errors(&driver.log)
        .into_iter()
        .filter(|e| {
            !(e.contains("ERR_CONNECTION_REFUSED")
                || e.contains("status of 422")
                || e.contains("EventSource"))
        })
        .collect();
    assert!(errors.is_empty(), "console errors: {errors:#?}");
}
