//! Thousands of random and malformed requests against one server: every
//! answer is well-formed HTTP with a 2xx, 4xx or 503 status (a JSON error
//! for the API's), and the server still answers `/api/health` afterwards.
//! The requests come from a fixed-seed generator, so a failure repeats.

use crate::util::{Server, exchange, get};

/// A small deterministic generator (xorshift64*).
struct Random(u64);

impl Random {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        self.0.wrapping_mul(0x2545_f491_4f6c_dd1d)
    }

    fn below(&mut self, n: usize) -> usize {
        (self.next() % n as u64) as usize
    }

    fn pick<'a>(&mut self, items: &[&'a str]) -> &'a str {
        items[self.below(items.len())]
    }

    /// Up to `max - 1` random bytes.
    fn bytes(&mut self, max: usize) -> Vec<u8> {
        let len = self.below(max);
        (0..len).map(|_| self.next() as u8).collect()
    }
}

const METHODS: &[&str] = &[
    "GET", "POST", "PUT", "DELETE", "HEAD", "OPTIONS", "PATCH", "TRACE", "BREW", "get", "",
];
const PATHS: &[&str] = &[
    "/",
    "/api/solve",
    "/api/random",
    "/api/health",
    "/api/dictionaries",
    "/app.js",
    "/style.css",
    "/api/random?seed=",
    "/api/random?dice=big&seed=1",
    "/api/random?size=99999x99999",
    "/api/random?size=32x32&dice=uniform",
    "/api/random?seed=%FF%FE",
    "/api/random?dice=%00",
    "/api/game?seed=%FF%FE",
    "/api/game?size=8x8&dice=uniform&min_len=64",
    "/api/game?size=99999x99999&min_len=-1",
    "/play?seed=1",
    "/room?id=%00",
    "/../../etc/passwd",
    "/%2e%2e/%2e%2e/etc/passwd",
    "//api//solve",
    "/api/solve?x=1",
    "*",
    "http://example.com/api/health",
    "/\u{e9}",
    "/api/solve#frag",
];
const BODIES: &[&str] = &[
    r#"{"board": "ezmrnubeslospaon"}"#,
    r#"{"board": "ezmrnubeslospaon", "paths": true, "sort": "alpha"}"#,
    r#"{"board": "a/b/c/d/e/f/g/h/i/j/k/l/m/n/o/p/q/r/s/t/u/v/w/x/y/z"}"#,
    r#"{"board": "****/abcd", "lang": "fi"}"#,
    r#"{"board": "[[[[", "min_len": 1e99}"#,
    r#"{"board": null}"#,
    r#"{"board": "ab", "lengths": [0, 65, 18446744073709551616]}"#,
    r#"{"board": "ab", "lengths": {"a": 1}}"#,
    r#"["board"]"#,
    r#"{"board": "\ud800"}"#,
    r#"{"board": "ab", "board": "cd"}"#,
    "\u{0}\u{1}\u{2}",
    "true",
];

/// One random request: a method, a path (maybe mangled), headers (maybe
/// garbage) and a body (valid, mutated or random bytes), framed so the
/// server can always tell where it ends.
fn request(random: &mut Random) -> Vec<u8> {
    let method = random.pick(METHODS);
    let mut path = random.pick(PATHS).to_owned();
    if random.below(4) == 0 {
        let mut cut = random.below(path.len() + 1);
        while !path.is_char_boundary(cut) {
            cut -= 1;
        }
        path.truncate(cut);
        let junk = random.bytes(8);
        path.push_str(&String::from_utf8_lossy(&junk).replace(['\r', '\n', ' '], "%20"));
    }
    let mut body: Vec<u8> = match random.below(5) {
        0 => random.bytes(2000),
        1 => {
            let mut body = random.pick(BODIES).as_bytes().to_vec();
            for _ in 0..random.below(4) {
                if !body.is_empty() {
                    let at = random.below(body.len());
                    body[at] = random.next() as u8;
                }
            }
            body
        }
        2 => format!(
            "{}{}",
            "[".repeat(random.below(5000)),
            "]".repeat(random.below(5000))
        )
        .into_bytes(),
        3 => format!(r#"{{"board": "{}"}}"#, "e".repeat(random.below(1200))).into_bytes(),
        _ => random.pick(BODIES).as_bytes().to_vec(),
    };
    let mut raw = format!("{method} {path} HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n")
        .into_bytes();
    match random.below(8) {
        0 => raw.extend_from_slice(b"Content-Type: text/plain\r\n"),
        1 => raw.extend_from_slice(b"Accept-Encoding: gzip\r\n"),
        2 => {
            raw.extend_from_slice(b"X-Junk: ");
            raw.extend(
                random
                    .bytes(100)
                    .iter()
                    .map(|b| if *b == b'\r' || *b == b'\n' { b'.' } else { *b }),
            );
            raw.extend_from_slice(b"\r\n");
        }
        3 => raw.extend_from_slice(
            format!("X-Long: {}\r\n", "x".repeat(random.below(100_000))).as_bytes(),
        ),
        4 => raw.extend_from_slice(b"Transfer-Encoding: chunked\r\n"),
        5 => raw.extend_from_slice(b"Content-Length: -1\r\n"),
        _ => {}
    }
    if raw.ends_with(b"Transfer-Encoding: chunked\r\n") {
        raw.extend_from_slice(b"\r\n");
        raw.extend_from_slice(format!("{:x}\r\n", body.len()).as_bytes());
        raw.append(&mut body);
        raw.extend_from_slice(b"\r\n0\r\n\r\n");
    } else if raw.ends_with(b"Content-Length: -1\r\n") {
        raw.extend_from_slice(b"\r\n");
    } else {
        raw.extend_from_slice(format!("Content-Length: {}\r\n\r\n", body.len()).as_bytes());
        raw.append(&mut body);
    }
    if random.below(20) == 0 {
        // Not HTTP at all.
        raw = random.bytes(300);
        raw.extend_from_slice(b"\r\n\r\n");
    }
    raw
}

#[test]
fn the_server_survives_thousands_of_hostile_requests() {
    let server = Server::start(&["--max-cells", "400"]);
    let mut random = Random(0x5eed_b066_1e00_0001);
    let mut statuses = std::collections::BTreeMap::new();
    let mut silent = 0;
    for count in 0..3000 {
        let raw = request(&mut random);
        let Some(answer) = exchange(server.addr, &raw) else {
            silent += 1;
            continue;
        };
        let status = answer.status;
        assert!(
            (200..300).contains(&status) || (400..500).contains(&status) || status == 503,
            "request {count}: status {status} for {:?}",
            String::from_utf8_lossy(&raw[..raw.len().min(300)])
        );
        // The server's errors are JSON; the HTTP parser's own 400s (for
        // what is not HTTP) have no body, and HEAD answers none.
        let plain = answer.header("content-encoding").is_none() && !answer.body.is_empty();
        if status >= 400 && plain {
            assert_eq!(answer.header("content-type"), Some("application/json"));
            answer.error();
        }
        *statuses.entry(status).or_insert(0) += 1;
    }
    eprintln!("answers by status: {statuses:?}; closed without an answer: {silent}");
    assert!(
        statuses.get(&200).copied().unwrap_or(0) > 100,
        "{statuses:?}"
    );
    assert!(
        statuses.get(&400).copied().unwrap_or(0) > 100,
        "{statuses:?}"
    );
    assert!(
        silent < 300,
        "{silent} connections closed without an answer"
    );
    let health = get(server.addr, "/api/health");
    assert_eq!(health.status, 200);
    let (status, stderr) = server.stop();
    assert_eq!(status.code(), Some(0), "{stderr}");
    assert!(!stderr.contains("panicked"), "{stderr}");
}
