//! The page in a real headless Chromium, driven through chromedriver, at a
//! phone's size (390×844) and a desktop's (1280×800), in the light and the
//! dark scheme: a board typed with the keyboard, Solve and the count and
//! total in view at once, the words against the CLI, a word's path on the
//! grid, the board still in view at the end of the words, the page's
//! height, nothing scrolling sideways, a new answer on every option change,
//! a key typed into a filled box, a plain error for Shortest over Longest,
//! a 20×20 board, the contrast of the controls and the text, a pasted
//! board, Random, and a stopped server; no console error but the expected
//! ones, no request off the origin. Every state is saved as a screenshot
//! under `target/serve-screenshots/`.
//!
//! Without chromium and chromedriver the test says so on stderr and passes;
//! with `CI` set it fails.

use std::net::TcpListener;
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

use fantoccini::actions::{InputSource, MouseActions, PointerAction};
use fantoccini::{Client, ClientBuilder, Locator};
use serde_json::{Value, json};

use crate::util::{Server, cli};

pub(crate) const CHROMIUM: &str = "/usr/bin/chromium";

/// chromedriver, stopped when dropped.
pub(crate) struct Driver {
    child: Child,
    pub(crate) port: u16,
    pub(crate) log: PathBuf,
}

impl Drop for Driver {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

pub(crate) fn find_driver() -> Option<PathBuf> {
    let candidates = std::env::var_os("CHROMEDRIVER")
        .map(PathBuf::from)
        .into_iter()
        .chain(["/usr/bin/chromedriver", "/usr/lib/chromium/chromedriver"].map(PathBuf::from));
    let found = candidates.into_iter().find(|path| path.is_file());
    found.filter(|_| Path::new(CHROMIUM).is_file())
}

pub(crate) fn start_driver(program: &Path) -> Driver {
    let port = TcpListener::bind("127.0.0.1:0")
        .unwrap()
        .local_addr()
        .unwrap()
        .port();
    let log = crate::temp_dir(&format!("chromedriver-{port}")).join("chromedriver.log");
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

async fn browser(driver: &Driver, width: u32, height: u32, dark: bool) -> Client {
    let mut args = vec![
        "--headless=new".to_owned(),
        "--no-sandbox".into(),
        "--disable-gpu".into(),
        "--disable-dev-shm-usage".into(),
        "--no-first-run".into(),
        "--disable-extensions".into(),
        "--disable-background-networking".into(),
        "--disable-component-update".into(),
        "--disable-sync".into(),
        "--hide-scrollbars".into(),
        format!("--window-size={width},{height}"),
    ];
    if dark {
        // What a system in the dark scheme tells the page.
        args.push("--force-dark-mode".into());
        args.push("--blink-settings=preferredColorScheme=0".into());
    }
    let mut options = json!({ "binary": CHROMIUM, "args": args });
    if width < 500 {
        // A window is at least 500 pixels wide: a phone's screen is emulated.
        options["mobileEmulation"] = json!({
            "deviceMetrics": { "width": width, "height": height, "pixelRatio": 1.0, "touch": false },
        });
    }
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

/// Runs `script` in the page and returns its value.
pub(crate) async fn eval(client: &Client, script: &str) -> Value {
    client
        .execute(script, vec![])
        .await
        .unwrap_or_else(|e| panic!("{script}: {e}"))
}

/// Waits (at most 15 s) for `script` to return true.
pub(crate) async fn wait_until(client: &Client, script: &str) {
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

/// The words shown, in the page's order: (word, score).
async fn shown_words(client: &Client) -> Vec<(String, u64)> {
    let value = eval(
        client,
        "return [...document.querySelectorAll('#word-list li')]\
         .map(li => [li.dataset.word, Number(li.querySelector('.pts').textContent)]);",
    )
    .await;
    value
        .as_array()
        .unwrap()
        .iter()
        .map(|pair| {
            (
                pair[0].as_str().unwrap().to_owned(),
                pair[1].as_u64().unwrap(),
            )
        })
        .collect()
}

/// The cells marked as the drawn path, in index order.
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
pub(crate) fn console_errors(log: &Path) -> Vec<String> {
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

pub(crate) fn screenshot_dir() -> PathBuf {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("target")
        .join("serve-screenshots");
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

/// One way of seeing the page: a window size and a colour scheme.
struct View {
    name: &'static str,
    width: u32,
    height: u32,
    dark: bool,
}

const VIEWS: &[View] = &[
    View {
        name: "desktop",
        width: 1280,
        height: 800,
        dark: false,
    },
    View {
        name: "phone",
        width: 390,
        height: 844,
        dark: false,
    },
    View {
        name: "phone-dark",
        width: 390,
        height: 844,
        dark: true,
    },
    View {
        name: "desktop-dark",
        width: 1280,
        height: 800,
        dark: true,
    },
];

/// Saves the page as `target/serve-screenshots/{view}-{state}.png`.
async fn screenshot(client: &Client, view: &View, state: &str) {
    let png = client.screenshot().await.unwrap();
    std::fs::write(
        screenshot_dir().join(format!("{}-{state}.png", view.name)),
        png,
    )
    .unwrap();
}

/// Whether the element `selector` is on screen, whole.
async fn in_view(client: &Client, selector: &str) -> bool {
    let script = format!(
        "const r = document.querySelector({selector:?}).getBoundingClientRect();\
         return r.height > 0 && r.top >= 0 && r.bottom <= innerHeight + 0.5;"
    );
    eval(client, &script).await == Value::Bool(true)
}

/// The elements that reach past the window's right edge, outside the
/// board's own scrolling panel: none, or the page scrolls sideways.
async fn sideways(client: &Client) -> Value {
    eval(
        client,
        "return [...document.querySelectorAll('body *')]\
         .filter(e => !e.closest('.board-scroll') && e.getBoundingClientRect().right > innerWidth + 0.5)\
         .map(e => e.tagName + '#' + e.id + '.' + e.className)\
         .concat(document.documentElement.scrollWidth > innerWidth ? ['the document'] : []);",
    )
    .await
}

/// The contrast ratios that fall short: a control's border against its
/// panel (3:1) and text against its background (4.5:1), as WCAG counts them.
const CONTRAST: &str = r#"
const rgb = (text) => text.match(/[\d.]+/g).slice(0, 3).map(Number);
const lum = (text) => {
  const [r, g, b] = rgb(text).map((v) => { v /= 255; return v <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4; });
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
};
const ratio = (a, b) => { const [x, y] = [lum(a), lum(b)].sort((p, q) => q - p); return (x + 0.05) / (y + 0.05); };
const style = (s) => getComputedStyle(document.querySelector(s));
const panel = style('.board-panel').backgroundColor;
const checks = [
  ['box border', style('#grid input').borderTopColor, panel, 3],
  ['select border', style('#lang').borderTopColor, style('.options-panel').backgroundColor, 3],
  ['button border', style('#random').borderTopColor, panel, 3],
  ['number border', style('#min-len').borderTopColor, panel, 3],
  ['filter border', style('#filter').borderTopColor, panel, 3],
  ['body text', style('body').color, style('body').backgroundColor, 4.5],
  ['help text', style('.help').color, panel, 4.5],
  ['box letter', style('#grid input').color, style('#grid input').backgroundColor, 4.5],
  ['Solve', style('#solve').color, style('#solve').backgroundColor, 4.5],
  ['score', style('#word-list .pts').color, panel, 4.5],
  ['label', style('.fields label').color, panel, 4.5],
];
return checks.filter(([, a, b, least]) => ratio(a, b) < least).map(([name, a, b]) => `${name}: ${a} on ${b} is ${ratio(a, b).toFixed(2)}:1`);
"#;

/// `n` with a comma between thousands, as the page writes it.
fn thousands(n: u64) -> String {
    let digits = n.to_string();
    let mut text = String::new();
    for (i, digit) in digits.chars().enumerate() {
        if i > 0 && (digits.len() - i) % 3 == 0 {
            text.push(',');
        }
        text.push(digit);
    }
    text
}

/// The summary line the page shows for the CLI's answer `json`.
fn summary_of(json: &Value) -> String {
    let count = json["count"].as_u64().unwrap();
    let score = json["score"].as_u64().unwrap();
    format!(
        "{} word{}, {} point{} ({} rules)",
        thousands(count),
        if count == 1 { "" } else { "s" },
        thousands(score),
        if score == 1 { "" } else { "s" },
        json["rules"].as_str().unwrap()
    )
}

/// Waits until the summary line is `expected`.
async fn wait_for_summary(client: &Client, expected: &str) {
    wait_until(
        client,
        &format!("return document.getElementById('summary').textContent === {expected:?};"),
    )
    .await;
}

/// The CLI's words in the page's first order: longest first, then the
/// best-scoring, then A to Z.
fn longest_first(json: &Value) -> Vec<(String, u64)> {
    let mut words: Vec<(String, u64)> = json["words"]
        .as_array()
        .unwrap()
        .iter()
        .map(|w| {
            (
                w["word"].as_str().unwrap().to_owned(),
                w["score"].as_u64().unwrap(),
            )
        })
        .collect();
    let length = |w: &(String, u64)| w.0.chars().count();
    words.sort_by(|a, b| {
        length(b)
            .cmp(&length(a))
            .then(b.1.cmp(&a.1))
            .then(a.0.cmp(&b.0))
    });
    words
}

/// Sets the value of the control `id` and tells the page, as a person's
/// change would (`input` for the options and the filter, `change` for the
/// others).
async fn set_control(client: &Client, id: &str, value: &str) {
    let event = match id {
        "min-len" | "max-len" | "filter" | "lang" | "rules" => "input",
        _ => "change",
    };
    eval(
        client,
        &format!(
            "const e = document.getElementById({id:?}); e.value = {value:?};\
             e.dispatchEvent(new Event({event:?}, {{bubbles: true}})); return true;"
        ),
    )
    .await;
}

/// The letters in the boxes.
async fn tiles(client: &Client) -> Value {
    eval(
        client,
        "return [...document.querySelectorAll('#grid input')].map(b => b.value);",
    )
    .await
}

async fn click(client: &Client, selector: &str) {
    client
        .find(Locator::Css(selector))
        .await
        .unwrap()
        .click()
        .await
        .unwrap();
}

async fn keys(client: &Client, text: &str) {
    client
        .active_element()
        .await
        .unwrap()
        .send_keys(text)
        .await
        .unwrap();
}

async fn focused(client: &Client) -> Value {
    eval(client, "return document.activeElement.dataset.index;").await
}

/// Makes the viewport the view's size: the window is the viewport and
/// what the browser draws around it.
async fn fit_window(client: &Client, view: &View) {
    client
        .set_window_size(view.width, view.height)
        .await
        .unwrap();
    let frame = eval(
        client,
        "return [outerWidth - innerWidth, outerHeight - innerHeight];",
    )
    .await;
    let extra = |i: usize| u32::try_from(frame[i].as_u64().unwrap_or(0)).unwrap();
    client
        .set_window_size(view.width + extra(0), view.height + extra(1))
        .await
        .unwrap();
}

/// Every check, in one view, against a fresh server.
async fn check_view(driver: &Driver, view: &View) {
    let server = Server::start(&[]);
    let origin = format!("http://{}", server.addr);
    let client = browser(driver, view.width, view.height, view.dark).await;
    // The window is the viewport and what the browser draws around it:
    // the viewport gets the view's size.
    if view.width >= 500 {
        fit_window(&client, view).await;
    }
    let name = view.name;

    client.goto(&format!("{origin}/")).await.unwrap();
    wait_until(
        &client,
        "return document.querySelectorAll('#lang option').length === 13;",
    )
    .await;
    let dark = eval(
        &client,
        "return matchMedia('(prefers-color-scheme: dark)').matches;",
    )
    .await;
    assert_eq!(dark, view.dark, "{name}: the colour scheme");
    let size = eval(&client, "return [innerWidth, innerHeight];").await;
    assert_eq!(
        size,
        json!([view.width, view.height]),
        "{name}: the viewport"
    );
    let label = eval(
        &client,
        "return document.getElementById('grid').getAttribute('aria-label');",
    )
    .await;
    assert!(label.as_str().unwrap().starts_with("Board"), "{label}");

    // Type a board with the keyboard and press Solve: the count and total,
    // and the first words, are on screen at once.
    click(&client, "#grid input").await;
    keys(&client, "ezmrnubeslospaon").await;
    let letters: Vec<&str> = "ezmrnubeslospaon"
        .split("")
        .filter(|s| !s.is_empty())
        .collect();
    assert_eq!(tiles(&client).await, json!(letters));
    assert_eq!(
        focused(&client).await,
        "15",
        "{name}: the cursor stays in the last box"
    );
    click(&client, "#solve").await;
    let expected = cli_json(&["ezmr/nube/slos/paon"]);
    wait_for_summary(&client, &summary_of(&expected)).await;
    assert!(
        in_view(&client, "#summary").await,
        "{name}: the count after Solve"
    );
    assert!(
        in_view(&client, "#word-list li").await,
        "{name}: the first word after Solve"
    );
    assert_eq!(shown_words(&client).await, longest_first(&expected));
    assert_eq!(
        client.current_url().await.unwrap().as_str(),
        format!("{origin}/?board=ezmr%2Fnube%2Fslos%2Fpaon&lang=en")
    );
    screenshot(&client, view, "solved").await;

    // Point at the first word: its path is drawn on the grid.
    let (first_word, _) = shown_words(&client).await[0].clone();
    let entry = expected["words"]
        .as_array()
        .unwrap()
        .iter()
        .find(|w| w["word"] == first_word.as_str())
        .unwrap();
    let path = path_cells(entry, 4);
    let item = client.find(Locator::Css("#word-list li")).await.unwrap();
    let hover = MouseActions::new("mouse".into()).then(PointerAction::MoveToElement {
        element: item,
        duration: None,
        x: 0.0,
        y: 0.0,
    });
    client.perform_actions(hover).await.unwrap();
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
    screenshot(&client, view, "path").await;
    assert_eq!(sideways(&client).await, json!([]), "{name}: sideways");
    assert_eq!(eval(&client, CONTRAST).await, json!([]), "{name}: contrast");

    // Every option change solves again, with no Solve pressed.
    set_control(&client, "min-len", "5").await;
    wait_for_summary(
        &client,
        &summary_of(&cli_json(&["ezmr/nube/slos/paon", "--min-len", "5"])),
    )
    .await;
    screenshot(&client, view, "option").await;
    set_control(&client, "min-len", "").await;
    set_control(&client, "rules", "big").await;
    wait_for_summary(
        &client,
        &summary_of(&cli_json(&["ezmr/nube/slos/paon", "--rules", "big"])),
    )
    .await;
    set_control(&client, "rules", "auto").await;
    wait_for_summary(&client, &summary_of(&expected)).await;

    // A key typed into a filled box replaces its letter; a two-letter face
    // is typed in brackets.
    client
        .execute("window.scrollTo(0, 0); return true;", vec![])
        .await
        .unwrap();
    click(&client, "#grid input").await;
    keys(&client, "x").await;
    assert_eq!(
        focused(&client).await,
        "1",
        "{name}: the next box has the focus"
    );
    keys(&client, "[th]").await;
    let typed = tiles(&client).await;
    assert_eq!(typed[0], "x", "{name}: {typed}");
    assert_eq!(typed[1], "th", "{name}: {typed}");
    assert_eq!(
        focused(&client).await,
        "2",
        "{name}: the box after the face has the focus"
    );
    wait_for_summary(&client, &summary_of(&cli_json(&["x[th]mr/nube/slos/paon"]))).await;
    screenshot(&client, view, "typed").await;

    // About 180 words fit in two screens; at the end of them, a desktop
    // still shows the board.
    let board = "buyh/dree/ahno/nysp";
    client
        .goto(&format!("{origin}/?board={board}"))
        .await
        .unwrap();
    let many = cli_json(&[board]);
    assert!(
        (170..=190).contains(&many["count"].as_u64().unwrap()),
        "{many}"
    );
    wait_for_summary(&client, &summary_of(&many)).await;
    assert_eq!(shown_words(&client).await, longest_first(&many));
    let height = eval(
        &client,
        "return [document.querySelector('.results').getBoundingClientRect().height, innerHeight];",
    )
    .await;
    let (results, screen) = (height[0].as_f64().unwrap(), height[1].as_f64().unwrap());
    assert!(
        results <= 2.0 * screen,
        "{name}: {} words take {results} px, more than two screens of {screen} px",
        many["count"]
    );
    assert_eq!(sideways(&client).await, json!([]), "{name}: sideways");
    screenshot(&client, view, "words").await;
    eval(
        &client,
        "window.scrollTo(0, document.documentElement.scrollHeight); return true;",
    )
    .await;
    tokio::time::sleep(Duration::from_millis(200)).await;
    if view.width > 800 {
        let rect = eval(&client, "const r = document.getElementById('grid').getBoundingClientRect(); return [r.top, r.bottom, innerHeight, scrollY, document.documentElement.scrollHeight];").await;
        assert!(
            in_view(&client, "#grid").await,
            "{name}: the board at the end of the words: {rect}"
        );
    }
    screenshot(&client, view, "end").await;

    // The filter and the order.
    set_control(&client, "filter", "re").await;
    let containing: Vec<(String, u64)> = longest_first(&many)
        .into_iter()
        .filter(|(w, _)| w.contains("re"))
        .collect();
    assert!(containing.len() > 3, "{containing:?}");
    assert_eq!(shown_words(&client).await, containing);
    set_control(&client, "match", "starts").await;
    let starting: Vec<(String, u64)> = longest_first(&many)
        .into_iter()
        .filter(|(w, _)| w.starts_with("re"))
        .collect();
    assert!(starting.len() < containing.len(), "{starting:?}");
    assert_eq!(shown_words(&client).await, starting);
    set_control(&client, "filter", "").await;
    set_control(&client, "order", "alpha").await;
    let mut alpha = longest_first(&many);
    alpha.sort();
    assert_eq!(shown_words(&client).await, alpha);

    // Shortest over Longest: the page's words, and the board is not blamed.
    client
        .goto(&format!(
            "{origin}/?board=ezmr/nube/slos/paon&min_len=9&max_len=4"
        ))
        .await
        .unwrap();
    wait_until(&client, "return !document.getElementById('error').hidden;").await;
    assert_eq!(
        text(&client, "#error").await,
        "Shortest (9) is longer than Longest (4): no word could be shown."
    );
    let invalid = eval(
        &client,
        "return document.getElementById('grid').getAttribute('aria-invalid');",
    )
    .await;
    assert_eq!(invalid, "false");
    screenshot(&client, view, "error").await;

    // A bad board's error is shown next to the grid, in the CLI's words.
    client
        .goto(&format!("{origin}/?board=ezmr/nube/slos/pao"))
        .await
        .unwrap();
    wait_until(&client, "return !document.getElementById('error').hidden;").await;
    let error = text(&client, "#error").await;
    let mut capitalised = crate::util::cli_error(&["solve", "ezmr/nube/slos/pao"]);
    capitalised[..1].make_ascii_uppercase();
    assert_eq!(error, capitalised);

    // A word found through the wildcard marks the letter it stood for.
    client
        .goto(&format!("{origin}/?board=ca*/xte"))
        .await
        .unwrap();
    wait_for_summary(&client, &summary_of(&cli_json(&["ca*/xte"]))).await;
    let marked = eval(
        &client,
        "const li = document.querySelector('#word-list li[data-word=exact]');\
         return [li.querySelector('mark').textContent, li.querySelector('.w').textContent];",
    )
    .await;
    assert_eq!(marked, json!(["x", "exact"]));

    // Pasting a board with spaces fills the grid and solves it.
    client.goto(&format!("{origin}/")).await.unwrap();
    wait_until(
        &client,
        "return document.querySelectorAll('#lang option').length === 13;",
    )
    .await;
    let pasted = eval(
        &client,
        "const data = new DataTransfer(); data.setData('text', 'abcd efgh ijkl mnop');\
         document.querySelector('#grid input').dispatchEvent(new ClipboardEvent('paste', {clipboardData: data, bubbles: true, cancelable: true}));\
         return [...document.querySelectorAll('#grid input')].map(b => b.value).join('');",
    )
    .await;
    assert_eq!(pasted, "abcdefghijklmnop");
    wait_for_summary(&client, &summary_of(&cli_json(&["abcd/efgh/ijkl/mnop"]))).await;

    // A 20×20 board: its grid scrolls inside its panel, not the page.
    let (_, big, _) = cli(&[
        "random", "--dice", "uniform", "--size", "20x20", "--seed", "7",
    ]);
    let big = big.trim_end();
    client
        .goto(&format!("{origin}/?board={big}"))
        .await
        .unwrap();
    wait_for_summary(&client, &summary_of(&cli_json(&[big]))).await;
    assert_eq!(
        eval(
            &client,
            "return document.querySelectorAll('#grid input').length;"
        )
        .await,
        400
    );
    assert_eq!(
        sideways(&client).await,
        json!([]),
        "{name}: sideways with 20×20"
    );
    screenshot(&client, view, "big").await;

    // Random with the big dice: a 5×5 board and its seed, solved.
    set_control(&client, "dice", "big").await;
    click(&client, "#random").await;
    wait_until(&client, "return !document.getElementById('seed').hidden;").await;
    let seed_text = eval(
        &client,
        "return document.getElementById('seed').textContent;",
    )
    .await;
    let seed = seed_text
        .as_str()
        .unwrap()
        .split("seed ")
        .nth(1)
        .unwrap()
        .split(' ')
        .next()
        .unwrap()
        .to_owned();
    let (_, board, _) = cli(&["random", "--dice", "big", "--seed", &seed]);
    let board = board.trim_end();
    wait_until(
        &client,
        &format!(
            "return new URLSearchParams(location.search).get('board') === {board:?} \
             && document.getElementById('summary').textContent.includes('(big rules)');"
        ),
    )
    .await;
    assert_eq!(
        eval(
            &client,
            "return document.querySelectorAll('#grid input').length;"
        )
        .await,
        25
    );
    wait_for_summary(&client, &summary_of(&cli_json(&[board]))).await;

    // Random with a language's own dice: a 4×4 size chooses them, and the
    // page names the language and the command that rolls the board again.
    set_control(&client, "size", "4x4").await;
    assert_eq!(
        eval(&client, "return document.getElementById('dice').value;").await,
        "own"
    );
    set_control(&client, "lang", "fi").await;
    click(&client, "#random").await;
    wait_until(
        &client,
        "return document.getElementById('seed').textContent.includes('Finnish dice');",
    )
    .await;
    let seed_text = text(&client, "#seed").await;
    let seed = seed_text
        .split("seed ")
        .nth(1)
        .unwrap()
        .split(' ')
        .next()
        .unwrap();
    assert!(
        seed_text.ends_with(&format!(
            "(boggle random --lang fi --size 4x4 --seed {seed})"
        )),
        "{seed_text}"
    );
    let (_, board, _) = cli(&["random", "--lang", "fi", "--seed", seed]);
    let board = board.trim_end();
    wait_until(
        &client,
        &format!("return new URLSearchParams(location.search).get('board') === {board:?};"),
    )
    .await;

    // Nothing left the origin.
    let resources = eval(
        &client,
        "return performance.getEntriesByType('resource').map(e => e.name);",
    )
    .await;
    for name in resources.as_array().unwrap() {
        assert!(
            name.as_str().unwrap().starts_with(&format!("{origin}/")),
            "a request left the origin: {name}"
        );
    }

    // The server stops: Solve says it cannot be reached, and the board
    // stays as it was, not marked wrong.
    client
        .goto(&format!("{origin}/?board=ezmr/nube/slos/paon"))
        .await
        .unwrap();
    wait_for_summary(&client, &summary_of(&expected)).await;
    let before = tiles(&client).await;
    let (status, _) = server.stop();
    assert!(status.success());
    click(&client, "#solve").await;
    wait_until(&client, "return !document.getElementById('error').hidden;").await;
    assert_eq!(
        text(&client, "#error").await,
        "Cannot reach the server: check that boggle serve is still running, then try again."
    );
    assert_eq!(tiles(&client).await, before);
    let invalid = eval(
        &client,
        "return document.getElementById('grid').getAttribute('aria-invalid');",
    )
    .await;
    assert_eq!(invalid, "false");
    assert!(
        in_view(&client, "#error").await,
        "{name}: the error in view"
    );
    screenshot(&client, view, "offline").await;
    client.close().await.unwrap();
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
    let driver = start_driver(&driver_path);
    for view in VIEWS {
        check_view(&driver, view).await;
    }

    // The errors expected: the bad board's 400, the stopped server's
    // refused connections.
    let errors: Vec<String> = console_errors(&driver.log)
        .into_iter()
        .filter(|e| {
            !(e.contains("status of 400 (Bad Request)") && e.contains("/api/solve")
                || e.contains("ERR_CONNECTION_REFUSED"))
        })
        .collect();
    assert!(errors.is_empty(), "console errors: {errors:#?}");
    // The check sees an error when there is one.
    let before = console_errors(&driver.log).len();
    let client = browser(&driver, 400, 400, false).await;
    eval(&client, "console.error('a probe'); return true;").await;
    tokio::time::sleep(Duration::from_millis(300)).await;
    assert!(
        console_errors(&driver.log).len() > before,
        "the console check sees nothing"
    );
    client.close().await.unwrap();
}
