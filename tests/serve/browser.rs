//! The page in a real headless Chromium, driven through chromedriver: a
//! board typed with the keyboard, Solve, the count, total and first rows
//! against the CLI, a word's path on the grid, a sorted column, a shared
//! link, a pasted board, an error, Random; no console error, no request
//! off the origin; screenshots at desktop and phone sizes under `target/`.
//!
//! Without chromium and chromedriver the test says so on stderr and passes;
//! with `CI` set it fails.

use std::net::TcpListener;
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

use fantoccini::actions::{InputSource, MouseActions, PointerAction};
use fantoccini::key::Key;
use fantoccini::{Client, ClientBuilder, Locator};
use serde_json::{Value, json};

use crate::util::{Server, cli};

const CHROMIUM: &str = "/usr/bin/chromium";

/// chromedriver, stopped when dropped.
struct Driver {
    child: Child,
    port: u16,
    log: PathBuf,
}

impl Drop for Driver {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

fn find_driver() -> Option<PathBuf> {
    let candidates = std::env::var_os("CHROMEDRIVER")
        .map(PathBuf::from)
        .into_iter()
        .chain(["/usr/bin/chromedriver", "/usr/lib/chromium/chromedriver"].map(PathBuf::from));
    let found = candidates.into_iter().find(|path| path.is_file());
    found.filter(|_| Path::new(CHROMIUM).is_file())
}

fn start_driver(program: &Path) -> Driver {
    let port = TcpListener::bind("127.0.0.1:0")
        .unwrap()
        .local_addr()
        .unwrap()
        .port();
    let log = crate::temp_dir("chromedriver").join("chromedriver.log");
    let child = Command::new(program)
        .arg(format!("--port={port}"))
        .arg(format!("--log-path={}", log.display()))
        .arg("--verbose")
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .spawn()
        .expect("chromedriver starts");
    let deadline = Instant::now() + Duration::from_secs(20);
    while std::net::TcpStream::connect(("127.0.0.1", port)).is_err() {
        assert!(
            Instant::now() < deadline,
            "chromedriver did not listen within 20 s"
        );
        std::thread::sleep(Duration::from_millis(50));
    }
    Driver { child, port, log }
}

async fn browser(driver: &Driver, width: u32, height: u32) -> Client {
    let mut capabilities = serde_json::Map::new();
    capabilities.insert(
        "goog:chromeOptions".into(),
        json!({
            "binary": CHROMIUM,
            "args": ["--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage",
                     "--no-first-run", "--disable-extensions", "--disable-background-networking",
                     "--disable-component-update", "--disable-sync",
                     format!("--window-size={width},{height}")],
        }),
    );
    capabilities.insert("goog:loggingPrefs".into(), json!({"browser": "ALL"}));
    let connector = hyper_util::client::legacy::connect::HttpConnector::new();
    ClientBuilder::new(connector)
        .capabilities(capabilities)
        .connect(&format!("http://127.0.0.1:{}", driver.port))
        .await
        .expect("a browser session")
}

/// Runs `script` in the page and returns its value.
async fn eval(client: &Client, script: &str) -> Value {
    client
        .execute(script, vec![])
        .await
        .unwrap_or_else(|e| panic!("{script}: {e}"))
}

/// Waits (at most 15 s) for `script` to return true.
async fn wait_until(client: &Client, script: &str) {
    let deadline = Instant::now() + Duration::from_secs(15);
    while eval(client, script).await != Value::Bool(true) {
        assert!(Instant::now() < deadline, "timed out waiting for {script}");
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
}

async fn text(client: &Client, selector: &str) -> String {
    client
        .find(Locator::Css(selector))
        .await
        .unwrap()
        .text()
        .await
        .unwrap()
}

/// The table's rows as (score, word, length).
async fn rows(client: &Client, count: usize) -> Vec<(u64, String, u64)> {
    let value = eval(
        client,
        &format!(
            "return [...document.querySelectorAll('#words tbody tr')].slice(0, {count})\
             .map(r => [...r.cells].map(c => c.textContent));"
        ),
    )
    .await;
    value
        .as_array()
        .unwrap()
        .iter()
        .map(|row| {
            let cell = |i: usize| row[i].as_str().unwrap().to_owned();
            (cell(0).parse().unwrap(), cell(1), cell(2).parse().unwrap())
        })
        .collect()
}

/// The cells marked as the drawn path: (index, start?, end?).
async fn highlighted(client: &Client) -> Vec<u64> {
    let value = eval(
        client,
        "return [...document.querySelectorAll('#grid input.on-path')].map(b => Number(b.dataset.index));",
    )
    .await;
    value
        .as_array()
        .unwrap()
        .iter()
        .map(|v| v.as_u64().unwrap())
        .collect()
}

/// The CLI's JSON for `args`.
fn cli_json(args: &[&str]) -> Value {
    let mut full = vec!["solve", "--format", "json", "--paths"];
    full.extend_from_slice(args);
    let (code, stdout, stderr) = cli(&full);
    assert_eq!(code, 0, "{stderr}");
    serde_json::from_str(&stdout).unwrap()
}

/// The cells of a word's path in the CLI's answer, as grid indices.
fn path_cells(word: &Value, cols: u64) -> Vec<u64> {
    word["path"]
        .as_array()
        .unwrap()
        .iter()
        .map(|cell| cell[0].as_u64().unwrap() * cols + cell[1].as_u64().unwrap())
        .collect()
}

/// Errors the browser logged, read from chromedriver's verbose log: console
/// errors, uncaught exceptions, failed loads and policy violations.
fn console_errors(log: &Path) -> Vec<String> {
    let text = std::fs::read_to_string(log).unwrap_or_default();
    // Each entry starts with `[timestamp]` and spans several lines.
    let mut entries: Vec<String> = Vec::new();
    for line in text.lines() {
        if line.starts_with('[') || entries.is_empty() {
            entries.push(String::new());
        }
        let entry = entries.last_mut().unwrap();
        entry.push_str(line);
        entry.push('\n');
    }
    entries
        .into_iter()
        .filter(|entry| {
            let event = entry.lines().next().unwrap_or_default();
            event.contains("Event: Runtime.exceptionThrown")
                || event.contains("Event: Log.entryAdded") && entry.contains(r#""level": "error""#)
                || event.contains("Event: Runtime.consoleAPICalled")
                    && entry.contains(r#""type": "error""#)
        })
        .collect()
}

fn screenshot_dir() -> PathBuf {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("target")
        .join("serve-screenshots");
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_page_in_a_real_browser() {
    let driver_path = find_driver();
    let found = driver_path.is_some();
    let what = "the page in a real browser";
    if !crate::tools::available(found, "chromium", what, "chromium chromium-driver") {
        return;
    }
    let driver_path = driver_path.unwrap();
    let server = Server::start(&[]);
    let origin = format!("http://{}", server.addr);
    let driver = start_driver(&driver_path);
    let client = browser(&driver, 1280, 900).await;

    // Type a board with the keyboard and press Enter.
    client.goto(&format!("{origin}/")).await.unwrap();
    wait_until(
        &client,
        "return document.querySelectorAll('#lang option').length === 13;",
    )
    .await;
    let first = client.find(Locator::Css("#grid input")).await.unwrap();
    first.click().await.unwrap();
    client
        .active_element()
        .await
        .unwrap()
        .send_keys("ezmrnubeslospaon")
        .await
        .unwrap();
    let typed = eval(&client, "return state.boxes.map(b => b.value).join('');").await;
    assert_eq!(typed, "ezmrnubeslospaon");
    let focused = eval(&client, "return document.activeElement.dataset.index;").await;
    assert_eq!(focused, "15", "the cursor stays in the last box");
    client
        .find(Locator::Css("#solve"))
        .await
        .unwrap()
        .click()
        .await
        .unwrap();
    let expected = cli_json(&["ezmr/nube/slos/paon"]);
    let summary = format!(
        "{} words, {} points (classic rules)",
        expected["count"], expected["score"]
    );
    wait_until(
        &client,
        &format!("return document.getElementById('summary').textContent === {summary:?};"),
    )
    .await;
    let words = expected["words"].as_array().unwrap();
    let want: Vec<(u64, String, u64)> = words[..10]
        .iter()
        .map(|w| {
            let word = w["word"].as_str().unwrap().to_owned();
            (
                w["score"].as_u64().unwrap(),
                word.clone(),
                word.chars().count() as u64,
            )
        })
        .collect();
    assert_eq!(rows(&client, 10).await, want);
    assert_eq!(
        client.current_url().await.unwrap().as_str(),
        format!("{origin}/?board=ezmr%2Fnube%2Fslos%2Fpaon&lang=en")
    );

    // Point at the first word: its path is drawn on the grid.
    let row = client.find(Locator::Css("#words tbody tr")).await.unwrap();
    let hover = MouseActions::new("mouse".into()).then(PointerAction::MoveToElement {
        element: row,
        duration: None,
        x: 0.0,
        y: 0.0,
    });
    client.perform_actions(hover).await.unwrap();
    let path = path_cells(&words[0], 4);
    wait_until(
        &client,
        "return document.querySelectorAll('#grid input.on-path').length > 0;",
    )
    .await;
    let mut sorted_path = path.clone();
    sorted_path.sort_unstable();
    assert_eq!(highlighted(&client).await, sorted_path);
    let ends = eval(&client, "return [document.querySelector('.path-start').dataset.index, document.querySelector('.path-end').dataset.index].map(Number);").await;
    assert_eq!(ends, json!([path[0], path[path.len() - 1]]));
    let arrows = eval(
        &client,
        "return document.querySelectorAll('#path line').length;",
    )
    .await;
    assert_eq!(arrows, json!(path.len() - 1));
    std::fs::write(
        screenshot_dir().join("desktop.png"),
        client.screenshot().await.unwrap(),
    )
    .unwrap();

    // Walk the table with the keyboard: the second word's path.
    client
        .find(Locator::Css("#words tbody tr"))
        .await
        .unwrap()
        .click()
        .await
        .unwrap();
    client
        .active_element()
        .await
        .unwrap()
        .send_keys(&char::from(Key::Down).to_string())
        .await
        .unwrap();
    let focused_word = eval(&client, "return document.activeElement.dataset.word;").await;
    assert_eq!(focused_word, words[1]["word"]);
    let mut second = path_cells(&words[1], 4);
    second.sort_unstable();
    // The pointer may still rest on the first row; move it off the table.
    let away = MouseActions::new("mouse".into()).then(PointerAction::MoveTo {
        duration: None,
        x: 5.0,
        y: 5.0,
    });
    client.perform_actions(away).await.unwrap();
    wait_until(
        &client,
        &format!(
            "return document.querySelectorAll('#grid input.on-path').length === {};",
            second.len()
        ),
    )
    .await;
    assert_eq!(highlighted(&client).await, second);

    // Sort by word, then by length.
    client
        .find(Locator::Css("th button[data-key=word]"))
        .await
        .unwrap()
        .click()
        .await
        .unwrap();
    let mut alpha: Vec<&str> = words.iter().map(|w| w["word"].as_str().unwrap()).collect();
    alpha.sort_unstable();
    let first_rows: Vec<String> = rows(&client, 3).await.into_iter().map(|r| r.1).collect();
    assert_eq!(first_rows, alpha[..3]);
    let sort = eval(&client, "return document.querySelector('th[aria-sort]').textContent + ' ' + document.querySelector('th[aria-sort]').getAttribute('aria-sort');").await;
    assert_eq!(sort, "Word ascending");
    client
        .find(Locator::Css("th button[data-key=length]"))
        .await
        .unwrap()
        .click()
        .await
        .unwrap();
    let longest = words
        .iter()
        .map(|w| w["word"].as_str().unwrap().len() as u64)
        .max()
        .unwrap();
    assert_eq!(rows(&client, 1).await[0].2, longest);

    // A shared link shows the same solved board, with its options.
    client
        .goto(&format!(
            "{origin}/?board=ezmr/nube/slos/paon&lang=en&min_len=5"
        ))
        .await
        .unwrap();
    let filtered = cli_json(&["ezmr/nube/slos/paon", "--min-len", "5"]);
    let summary = format!(
        "{} words, {} points (classic rules)",
        filtered["count"], filtered["score"]
    );
    wait_until(
        &client,
        &format!("return document.getElementById('summary').textContent === {summary:?};"),
    )
    .await;
    assert_eq!(
        eval(&client, "return document.getElementById('min-len').value;").await,
        "5"
    );

    // Pasting a board with spaces fills the grid and solves it.
    let pasted = eval(
        &client,
        "const data = new DataTransfer(); data.setData('text', 'abcd efgh ijkl mnop');\
         state.boxes[0].dispatchEvent(new ClipboardEvent('paste', {clipboardData: data, bubbles: true, cancelable: true}));\
         return state.boxes.map(b => b.value).join('');",
    )
    .await;
    assert_eq!(pasted, "abcdefghijklmnop");
    // The shortest length of the link still holds.
    let pasted_answer = cli_json(&["abcd/efgh/ijkl/mnop", "--min-len", "5"]);
    wait_until(
        &client,
        &format!(
            "return document.getElementById('summary').textContent.startsWith('{} word');",
            pasted_answer["count"]
        ),
    )
    .await;

    // A bad board's error is shown next to the grid, in the CLI's words.
    client
        .goto(&format!("{origin}/?board=ezmr/nube/slos/pao"))
        .await
        .unwrap();
    wait_until(&client, "return !document.getElementById('error').hidden;").await;
    let error = text(&client, "#error").await;
    let cli_message = crate::util::cli_error(&["solve", "ezmr/nube/slos/pao"]);
    let mut capitalised = cli_message.clone();
    capitalised[..1].make_ascii_uppercase();
    assert_eq!(error, capitalised);

    // Random with the big dice: a 5×5 board and its seed, solved.
    client.goto(&format!("{origin}/")).await.unwrap();
    wait_until(
        &client,
        "return document.querySelectorAll('#lang option').length === 13;",
    )
    .await;
    eval(&client, "document.getElementById('dice').value = 'big'; document.getElementById('dice').dispatchEvent(new Event('change')); return true;").await;
    client
        .find(Locator::Css("#random"))
        .await
        .unwrap()
        .click()
        .await
        .unwrap();
    wait_until(
        &client,
        "return document.getElementById('summary').textContent.includes('(big rules)');",
    )
    .await;
    assert_eq!(eval(&client, "return state.boxes.length;").await, 25);
    let seed_text = text(&client, "#seed").await;
    let seed = seed_text
        .split("seed ")
        .nth(1)
        .unwrap()
        .split(' ')
        .next()
        .unwrap()
        .to_owned();
    let (_, board, _) = cli(&["random", "--dice", "big", "--seed", &seed]);
    let url = client.current_url().await.unwrap();
    let shown = url
        .query_pairs()
        .find(|(k, _)| k == "board")
        .unwrap()
        .1
        .into_owned();
    assert_eq!(shown, board.trim_end());

    // Nothing left the origin, and the console has no error.
    let resources = eval(
        &client,
        "return performance.getEntriesByType('resource').map(e => e.name);",
    )
    .await;
    let resources: Vec<&str> = resources
        .as_array()
        .unwrap()
        .iter()
        .map(|v| v.as_str().unwrap())
        .collect();
    assert!(!resources.is_empty());
    for name in &resources {
        assert!(
            name.starts_with(&format!("{origin}/")),
            "a request left the origin: {name}"
        );
    }

    // The phone: one column, big boxes, a word's path drawn.
    client.set_window_size(390, 844).await.unwrap();
    client
        .goto(&format!("{origin}/?board=ezmr/nube/slos/paon"))
        .await
        .unwrap();
    wait_until(
        &client,
        "return document.querySelectorAll('#words tbody tr').length > 0;",
    )
    .await;
    let layout = eval(&client, "const g = document.getElementById('grid').getBoundingClientRect(); const r = document.querySelector('.results').getBoundingClientRect(); return [r.top >= g.bottom, state.boxes[0].offsetWidth];").await;
    assert_eq!(layout[0], true, "the results come under the board");
    assert!(
        layout[1].as_u64().unwrap() >= 60,
        "boxes are big on a phone: {layout}"
    );
    eval(
        &client,
        "document.querySelector('#words tbody tr').click(); return true;",
    )
    .await;
    std::fs::write(
        screenshot_dir().join("phone.png"),
        client.screenshot().await.unwrap(),
    )
    .unwrap();

    // The one error expected is the browser's note of the bad board's 400.
    let (bad_board, errors): (Vec<String>, Vec<String>) = console_errors(&driver.log)
        .into_iter()
        .partition(|e| e.contains("status of 400 (Bad Request)") && e.contains("/api/solve"));
    assert!(errors.is_empty(), "console errors: {errors:#?}");
    assert_eq!(bad_board.len(), 1, "{bad_board:#?}");
    // The check sees an error when there is one.
    eval(&client, "console.error('a probe'); return true;").await;
    tokio::time::sleep(Duration::from_millis(300)).await;
    assert!(
        !console_errors(&driver.log).is_empty(),
        "the console check sees nothing"
    );
    client.close().await.unwrap();
}
