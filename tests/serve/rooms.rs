//! Rooms (SPEC §14) against a real server: every endpoint and every error,
//! forged tokens, hostile names and bodies, the rate limit, expiry, many
//! rooms at once, and the event stream read off a raw socket.

use std::collections::HashSet;
use std::io::{Read, Write};
use std::net::{SocketAddr, TcpStream};
use std::time::{Duration, Instant};

use serde_json::{Value, json};

use crate::util::{Answer, Server, exchange, get, post};

/// `POST path` with a JSON `body`.
fn send(addr: SocketAddr, path: &str, body: &Value) -> Answer {
    post(addr, path, &body.to_string())
}

/// A new room made with `options`: its ID.
fn create(addr: SocketAddr, options: &Value) -> String {
    let answer = send(addr, "/api/rooms", options);
    assert_eq!(answer.status, 201, "{}", answer.text());
    answer.json()["room"].as_str().unwrap().to_owned()
}

/// `name` joins room `id`: their token.
fn join(addr: SocketAddr, id: &str, name: &str) -> String {
    let answer = send(
        addr,
        &format!("/api/rooms/{id}/players"),
        &json!({ "name": name }),
    );
    assert_eq!(answer.status, 201, "{name:?}: {}", answer.text());
    answer.json()["player"].as_str().unwrap().to_owned()
}

fn start(addr: SocketAddr, id: &str, player: &str) -> Answer {
    send(
        addr,
        &format!("/api/rooms/{id}/start"),
        &json!({ "player": player }),
    )
}

fn word(addr: SocketAddr, id: &str, player: &str, word: &str) -> Answer {
    send(
        addr,
        &format!("/api/rooms/{id}/words"),
        &json!({ "player": player, "word": word }),
    )
}

fn state(addr: SocketAddr, id: &str) -> Value {
    let answer = get(addr, &format!("/api/rooms/{id}"));
    assert_eq!(answer.status, 200, "{}", answer.text());
    answer.json()
}

/// Every word on `board` with its points, as the solver finds them.
fn words_on(addr: SocketAddr, board: &str) -> Vec<(String, u64)> {
    let answer = send(addr, "/api/solve", &json!({ "board": board }));
    assert_eq!(answer.status, 200, "{}", answer.text());
    answer.json()["words"]
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

/// Waits (at most 10 s) until the room's round is over.
fn wait_for_the_end(addr: SocketAddr, id: &str) -> Value {
    let deadline = Instant::now() + Duration::from_secs(10);
    loop {
        let now = state(addr, id);
        if now["state"] == "over" {
            return now;
        }
        assert!(Instant::now() < deadline, "the round never ended: {now}");
        let left = now["ends_in_ms"].as_u64().unwrap_or(50);
        std::thread::sleep(Duration::from_millis(left.clamp(10, 500)));
    }
}

fn is_secret(text: &str) -> bool {
    text.len() == 32
        && text
            .bytes()
            .all(|b| b.is_ascii_hexdigit() && !b.is_ascii_uppercase())
}

#[test]
fn a_round_from_joining_to_the_results_and_another_round() {
    let server = Server::start(&[]);
    let addr = server.addr;
    let id = create(addr, &json!({ "time": "3s" }));
    assert!(is_secret(&id), "{id}");
    let ann = join(addr, &id, "Ann");
    let bob = join(addr, &id, " Bob ");
    let cy = join(addr, &id, "Cy");
    assert!(is_secret(&ann), "{ann}");
    let waiting = state(addr, &id);
    assert_eq!(
        waiting,
        json!({
            "state": "waiting",
            "board": null,
            "players": [
                {"name": "Ann", "found": 0},
                {"name": "Bob", "found": 0},
                {"name": "Cy", "found": 0},
            ],
        })
    );
    let early = word(addr, &id, &ann, "cat");
    assert_eq!(
        (early.status, early.error()),
        (409, "the round has not started".into())
    );

    let started = start(addr, &id, &bob);
    assert_eq!(started.status, 200, "{}", started.text());
    let playing = started.json();
    assert_eq!(playing["state"], "playing");
    let ends_in = playing["ends_in_ms"].as_u64().unwrap();
    assert!((2000..=3000).contains(&ends_in), "{ends_in}");
    let board = playing["board"].as_str().unwrap().to_owned();
    let again = start(addr, &id, &ann);
    assert_eq!(
        (again.status, again.error()),
        (409, "the round has started already".into())
    );

    let words = words_on(addr, &board);
    assert!(
        words.len() >= 2,
        "{board} has fewer than two words: {words:?}"
    );
    let (shared, shared_points) = words[0].clone();
    let (unique, unique_points) = words[1].clone();
    let scored = word(addr, &id, &ann, &shared);
    assert_eq!(scored.status, 200, "{}", scored.text());
    assert_eq!(
        scored.json(),
        json!({"word": shared, "points": shared_points})
    );
    let scored = word(addr, &id, &ann, &unique.to_uppercase());
    assert_eq!(
        scored.json(),
        json!({"word": unique, "points": unique_points})
    );
    assert_eq!(word(addr, &id, &bob, &shared).status, 200);
    let twice = word(addr, &id, &ann, &shared);
    assert_eq!(
        (twice.status, twice.error()),
        (422, format!("already found: {shared}"))
    );
    let nonsense = word(addr, &id, &cy, "xyzzyq");
    assert_eq!(
        (nonsense.status, nonsense.error()),
        (422, "not on the board: xyzzyq".into())
    );
    let empty = word(addr, &id, &cy, " - ");
    assert_eq!(empty.status, 422);
    // During play: counts, never words.
    let during = state(addr, &id);
    assert_eq!(during["state"], "playing");
    assert_eq!(during["board"], board);
    assert_eq!(
        during["players"],
        json!([
            {"name": "Ann", "found": 2},
            {"name": "Bob", "found": 1},
            {"name": "Cy", "found": 0},
        ])
    );
    assert!(during.get("results").is_none(), "{during}");
    assert!(!during.to_string().contains(&format!("\"{unique}\"")));

    let over = wait_for_the_end(addr, &id);
    assert!(over.get("ends_in_ms").is_none(), "{over}");
    let late = word(addr, &id, &cy, &unique);
    assert_eq!(
        (late.status, late.error()),
        (409, "the round is over".into())
    );
    // The shared word scores for neither Ann nor Bob.
    assert_eq!(
        over["results"],
        json!([
            {"name": "Ann", "score": unique_points, "words": [
                {"word": shared, "points": shared_points, "shared": true},
                {"word": unique, "points": unique_points, "shared": false},
            ]},
            {"name": "Bob", "score": 0, "words": [
                {"word": shared, "points": shared_points, "shared": true},
            ]},
            {"name": "Cy", "score": 0, "words": []},
        ])
    );

    // Another round: the same players, no words, the clock running again.
    let next = start(addr, &id, &cy);
    assert_eq!(next.status, 200, "{}", next.text());
    let next = next.json();
    assert_eq!(next["state"], "playing");
    assert!(next["board"].is_string());
    assert_eq!(
        next["players"],
        json!([
            {"name": "Ann", "found": 0},
            {"name": "Bob", "found": 0},
            {"name": "Cy", "found": 0},
        ])
    );
}

#[test]
fn options_of_a_room() {
    let server = Server::start(&[]);
    let addr = server.addr;
    // An empty body is a default room; a 5x5 board, French, a minimum length.
    let answer = post(addr, "/api/rooms", "");
    assert_eq!(answer.status, 201, "{}", answer.text());
    let id = create(
        addr,
        &json!({"dice": "big", "lang": "fr", "time": "1m30s", "min_len": 5}),
    );
    let ann = join(addr, &id, "Ann");
    let playing = start(addr, &id, &ann).json();
    let board = playing["board"].as_str().unwrap();
    assert_eq!(board.split('/').count(), 5, "{board}");
    let ends_in = playing["ends_in_ms"].as_u64().unwrap();
    assert!((89_000..=90_000).contains(&ends_in), "{ends_in}");
    let short = word(addr, &id, &ann, "abcd");
    assert_eq!(
        (short.status, short.error()),
        (422, "too short: abcd (at least 5 letters)".into())
    );
    // A Finnish room without dice rolls the Finnish dice: every cell's
    // letter is on a die of its own.
    let id = create(addr, &json!({"lang": "fi"}));
    let ann = join(addr, &id, "Ann");
    let board = start(addr, &id, &ann).json()["board"]
        .as_str()
        .unwrap()
        .to_owned();
    let dice = ::boggle::lang::Lang::Fi.dice_faces(false);
    assert!(
        crate::rolls::is_roll(&board, dice),
        "{board} is not a roll of the Finnish dice"
    );
    let id = create(addr, &json!({"size": "3x3"}));
    let ann = join(addr, &id, "Ann");
    let board = start(addr, &id, &ann).json()["board"]
        .as_str()
        .unwrap()
        .to_owned();
    assert_eq!(board.split('/').count(), 3, "{board}");

    for (options, status, message) in [
        (json!({"dice": "loaded"}), 400, "unknown dice 'loaded'"),
        (json!({"size": "0x4"}), 400, ""),
        (
            json!({"size": "9x9"}),
            400,
            "a room's board has at most 64 cells, not 9x9",
        ),
        (json!({"dice": "big", "size": "4x4"}), 400, ""),
        (json!({"lang": "xx"}), 400, "unknown lang 'xx'"),
        (json!({"time": "0s"}), 400, ""),
        (json!({"time": "soon"}), 400, ""),
        (
            json!({"time": "2h"}),
            400,
            "a round lasts at most 60 minutes",
        ),
        (
            json!({"min_len": 0}),
            400,
            "min_len 0 is not a word length (expected 1 to 64)",
        ),
        (json!({"min_len": -3}), 400, "the request is not a room"),
        (
            json!({"seed": "1"}),
            400,
            "the request is not a room: unknown field `seed`",
        ),
        (json!([1, 2]), 400, "the request is not a room"),
    ] {
        let answer = send(addr, "/api/rooms", &options);
        assert_eq!(answer.status, status, "{options}: {}", answer.text());
        let error = answer.error();
        assert!(error.starts_with(message), "{options}: {error}");
    }
}

#[test]
fn every_error_of_a_room() {
    let server = Server::start(&[]);
    let addr = server.addr;
    let id = create(addr, &json!({}));
    let other = create(addr, &json!({}));
    let ann = join(addr, &id, "Ann");
    let stranger = join(addr, &other, "Zed");
    let missing = "0123456789abcdef0123456789abcdef";

    // Unknown rooms, on every endpoint.
    for answer in [
        get(addr, &format!("/api/rooms/{missing}")),
        get(addr, &format!("/api/rooms/{missing}/events")),
        get(addr, "/api/rooms/..%2F..%2Fetc"),
        send(
            addr,
            &format!("/api/rooms/{missing}/players"),
            &json!({"name": "Ann"}),
        ),
        send(
            addr,
            &format!("/api/rooms/{missing}/start"),
            &json!({"player": ann}),
        ),
        word(addr, missing, &ann, "cat"),
    ] {
        assert_eq!(answer.status, 404, "{}", answer.text());
        assert_eq!(answer.error(), "no such room (rooms expire)");
    }
    // Names.
    let long = "x".repeat(25);
    for (name, message) in [
        ("", "a name cannot be empty or only spaces"),
        ("   ", "a name cannot be empty or only spaces"),
        (long.as_str(), "a name is at most 24 characters, not 25"),
        (
            "a\u{7}b",
            "a name may not hold control, invisible or text-direction characters",
        ),
        (
            "a\u{202e}b",
            "a name may not hold control, invisible or text-direction characters",
        ),
    ] {
        let answer = send(
            addr,
            &format!("/api/rooms/{id}/players"),
            &json!({ "name": name }),
        );
        assert_eq!(
            (answer.status, answer.error()),
            (400, message.into()),
            "{name:?}"
        );
    }
    let taken = send(
        addr,
        &format!("/api/rooms/{id}/players"),
        &json!({"name": "ANN"}),
    );
    assert_eq!(
        (taken.status, taken.error()),
        (409, "the name \"ANN\" is taken in this room".into())
    );
    // Bad JSON.
    for body in [
        "{",
        "{\"name\": 3}",
        "{\"nom\": \"Ann\"}",
        "null",
        "\"Ann\"",
    ] {
        let answer = post(addr, &format!("/api/rooms/{id}/players"), body);
        assert_eq!(answer.status, 400, "{body}: {}", answer.text());
        assert!(
            answer
                .error()
                .starts_with("the request is not a join request"),
            "{}",
            answer.error()
        );
    }
    let answer = post(addr, &format!("/api/rooms/{id}/words"), "{\"player\": 1}");
    assert_eq!(answer.status, 400);
    // Forged tokens and another room's token.
    for token in [missing, stranger.as_str(), "", "../ann"] {
        let answer = start(addr, &id, token);
        assert_eq!(
            (answer.status, answer.error()),
            (403, "not a player of this room".into())
        );
        let answer = word(addr, &id, token, "cat");
        assert_eq!(
            (answer.status, answer.error()),
            (403, "not a player of this room".into())
        );
    }
    // Too many players.
    for n in 1..16 {
        join(addr, &id, &format!("player {n}"));
    }
    let full = send(
        addr,
        &format!("/api/rooms/{id}/players"),
        &json!({"name": "late"}),
    );
    assert_eq!(
        (full.status, full.error()),
        (409, "the room is full (16 players)".into())
    );
    // A body too large, a word too long.
    let big = format!("{{\"name\": \"{}\"}}", "x".repeat(5000));
    let answer = post(addr, &format!("/api/rooms/{other}/players"), &big);
    assert_eq!(
        (answer.status, answer.error()),
        (413, "a room request is at most 4096 bytes".into())
    );
    assert_eq!(start(addr, &id, &ann).status, 200);
    let answer = word(addr, &id, &ann, &"a".repeat(65));
    assert_eq!(
        (answer.status, answer.error()),
        (400, "a word is at most 64 characters".into())
    );
    // Methods.
    let answer = get(addr, "/api/rooms");
    assert_eq!(answer.status, 405);
    let answer = post(addr, &format!("/api/rooms/{id}"), "{}");
    assert_eq!(answer.status, 405);
}

#[test]
fn the_rate_limit_and_the_words_cap() {
    let server = Server::start(&["--room-max-words", "2"]);
    let addr = server.addr;
    let id = create(addr, &json!({"time": "1m"}));
    let ann = join(addr, &id, "Ann");
    let board = start(addr, &id, &ann).json()["board"]
        .as_str()
        .unwrap()
        .to_owned();
    let words = words_on(addr, &board);
    assert!(words.len() >= 3, "{board}: {words:?}");
    assert_eq!(word(addr, &id, &ann, &words[0].0).status, 200);
    assert_eq!(word(addr, &id, &ann, &words[1].0).status, 200);
    let third = word(addr, &id, &ann, &words[2].0);
    assert_eq!(
        (third.status, third.error()),
        (409, "a player may score at most 2 words in a round".into())
    );

    // 20 words at once, then 10 a second: 40 words sent at once meet 429s.
    let bob = join(addr, &id, "Bob");
    let began = Instant::now();
    let statuses: Vec<u16> = (0..40)
        .map(|_| word(addr, &id, &bob, "xyzzyq").status)
        .collect();
    let elapsed = began.elapsed().as_secs_f64();
    let refused = statuses.iter().filter(|&&s| s == 429).count();
    let judged = statuses.iter().filter(|&&s| s == 422).count();
    assert_eq!(refused + judged, 40, "{statuses:?}");
    assert!(
        judged as f64 <= 20.0 + 10.0 * elapsed + 1.0 && refused > 0,
        "{judged} judged in {elapsed:.2} s: {statuses:?}"
    );
    let answer = word(addr, &id, &bob, "xyzzyq");
    if answer.status == 429 {
        assert_eq!(
            answer.error(),
            "too many words: at most 10 a second (20 at once)"
        );
    }
    // The limit is Bob's: Cy is not held back.
    let cy = join(addr, &id, "Cy");
    assert_eq!(word(addr, &id, &cy, "xyzzyq").status, 422);
}

#[test]
fn hostile_names_come_back_as_data() {
    let server = Server::start(&[]);
    let addr = server.addr;
    let id = create(addr, &json!({}));
    let names = [
        "<script>x</script>",
        "\"},{\"name\":\"x",
        "Robert'); DROP",
        "&lt;b&gt;",
        "💣\u{301}ñ",
        "\\u0000",
    ];
    for name in names {
        join(addr, &id, name);
    }
    let answer = get(addr, &format!("/api/rooms/{id}"));
    assert_eq!(answer.header("content-type"), Some("application/json"));
    let listed: Vec<String> = answer.json()["players"]
        .as_array()
        .unwrap()
        .iter()
        .map(|p| p["name"].as_str().unwrap().to_owned())
        .collect();
    assert_eq!(listed, names);
    // Hostile bodies: none takes the server down.
    let mut bodies: Vec<Vec<u8>> = vec![
        b"\xff\xfe{}".to_vec(),
        "[".repeat(3000).into_bytes(),
        b"{\"name\": \"a\", \"name\": \"b\"}".to_vec(),
        b"{\"name\": 1e999}".to_vec(),
        b"{\"name\": \"\\ud800\"}".to_vec(),
    ];
    bodies.push(vec![b'{'; 4096]);
    for body in &bodies {
        for path in ["/api/rooms", &format!("/api/rooms/{id}/players")] {
            let mut raw = format!(
                "POST {path} HTTP/1.1\r\nHost: x\r\nConnection: close\r\nContent-Type: application/json\r\nContent-Length: {}\r\n\r\n",
                body.len()
            )
            .into_bytes();
            raw.extend_from_slice(body);
            let answer = exchange(addr, &raw).expect("an answer");
            assert!(
                (400..500).contains(&answer.status),
                "{path} {:?}: {}",
                String::from_utf8_lossy(&body[..body.len().min(40)]),
                answer.text()
            );
            answer.error();
        }
    }
    assert_eq!(get(addr, "/api/health").status, 200);
}

#[test]
fn a_player_who_comes_back_keeps_their_words() {
    let server = Server::start(&[]);
    let addr = server.addr;
    let id = create(addr, &json!({}));
    let ann = join(addr, &id, "Ann");
    let board = start(addr, &id, &ann).json()["board"]
        .as_str()
        .unwrap()
        .to_owned();
    let found = &words_on(addr, &board)[0].0;
    assert_eq!(word(addr, &id, &ann, found).status, 200);
    // A page reloaded: a new connection, the same token.
    let mut stream = TcpStream::connect(addr).unwrap();
    let body = json!({"player": ann, "word": found}).to_string();
    write!(
        stream,
        "POST /api/rooms/{id}/words HTTP/1.1\r\nHost: x\r\nConnection: close\r\nContent-Type: application/json\r\nContent-Length: {}\r\n\r\n{body}",
        body.len()
    )
    .unwrap();
    let mut bytes = Vec::new();
    stream.read_to_end(&mut bytes).unwrap();
    let answer = crate::util::parse(&bytes);
    assert_eq!(
        (answer.status, answer.error()),
        (422, format!("already found: {found}"))
    );
    assert_eq!(state(addr, &id)["players"][0]["found"], 1);
}

#[test]
fn idle_rooms_expire() {
    let server = Server::start(&["--room-idle", "1s"]);
    let addr = server.addr;
    let idle = create(addr, &json!({}));
    let played = create(addr, &json!({"time": "1s"}));
    let ann = join(addr, &played, "Ann");
    assert_eq!(start(addr, &played, &ann).status, 200);
    // The idle room goes 1 s after its last move; the played one 1 s after
    // its round ends, 2 s after its start. The sweep runs every 250 ms.
    std::thread::sleep(Duration::from_millis(1600));
    assert_eq!(get(addr, &format!("/api/rooms/{idle}")).status, 404);
    assert_eq!(get(addr, &format!("/api/rooms/{played}")).status, 200);
    std::thread::sleep(Duration::from_millis(1400));
    assert_eq!(get(addr, &format!("/api/rooms/{played}")).status, 404);
    let late = word(addr, &played, &ann, "cat");
    assert_eq!(late.status, 404);
}

#[test]
fn the_number_of_rooms_is_capped() {
    let server = Server::start(&["--max-rooms", "3"]);
    let addr = server.addr;
    for _ in 0..3 {
        create(addr, &json!({}));
    }
    let answer = send(addr, "/api/rooms", &json!({}));
    assert_eq!(
        (answer.status, answer.error()),
        (
            503,
            "the server holds the most rooms it can (3): try again later".into()
        )
    );
}

#[test]
fn many_rooms_at_once() {
    let server = Server::start(&[]);
    let addr = server.addr;
    let threads: Vec<_> = (0..6)
        .map(|t| {
            std::thread::spawn(move || {
                let mut ids = Vec::new();
                for r in 0..8 {
                    let id = create(addr, &json!({}));
                    let a = join(addr, &id, &format!("a{t}-{r}"));
                    let b = join(addr, &id, "b");
                    let board = start(addr, &id, &a).json()["board"]
                        .as_str()
                        .unwrap()
                        .to_owned();
                    let words = words_on(addr, &board);
                    let first = &words[0].0;
                    assert_eq!(word(addr, &id, &a, first).status, 200);
                    assert_eq!(word(addr, &id, &b, first).status, 200);
                    let now = state(addr, &id);
                    assert_eq!(now["players"][0]["found"], 1);
                    assert_eq!(now["players"][1]["found"], 1);
                    ids.push(id);
                }
                ids
            })
        })
        .collect();
    let mut ids = HashSet::new();
    for thread in threads {
        for id in thread.join().unwrap() {
            assert!(ids.insert(id));
        }
    }
    assert_eq!(ids.len(), 48);
}

/// A room's event stream, read off a raw socket: the HTTP head, then the
/// chunked body, decoded as events come.
struct Events {
    stream: TcpStream,
    /// Bytes read and not yet decoded.
    raw: Vec<u8>,
    /// Decoded body not yet split into events.
    text: String,
}

impl Events {
    fn open(addr: SocketAddr, id: &str) -> Events {
        Events::try_open(addr, id).unwrap_or_else(|status| panic!("events answered {status}"))
    }

    /// The stream, or the status of the answer refusing it.
    fn try_open(addr: SocketAddr, id: &str) -> Result<Events, u16> {
        let mut stream = TcpStream::connect(addr).unwrap();
        stream
            .set_read_timeout(Some(Duration::from_millis(100)))
            .unwrap();
        write!(
            stream,
            "GET /api/rooms/{id}/events HTTP/1.1\r\nHost: x\r\n\r\n"
        )
        .unwrap();
        let mut events = Events {
            stream,
            raw: Vec::new(),
            text: String::new(),
        };
        let deadline = Instant::now() + Duration::from_secs(10);
        let end = loop {
            if let Some(end) = events.raw.windows(4).position(|w| w == b"\r\n\r\n") {
                break end;
            }
            assert!(events.fill(deadline), "no head");
        };
        let head = String::from_utf8(events.raw[..end].to_vec())
            .unwrap()
            .to_lowercase();
        let status: u16 = head[9..12].parse().unwrap();
        if status != 200 {
            return Err(status);
        }
        assert!(head.contains("content-type: text/event-stream"), "{head}");
        assert!(head.contains("transfer-encoding: chunked"), "{head}");
        events.raw.drain(..end + 4);
        Ok(events)
    }

    /// Reads more bytes, until `deadline`; false on the end of the stream
    /// or the deadline.
    fn fill(&mut self, deadline: Instant) -> bool {
        let mut chunk = [0u8; 4096];
        while Instant::now() < deadline {
            match self.stream.read(&mut chunk) {
                Ok(0) => return false,
                Ok(n) => {
                    self.raw.extend_from_slice(&chunk[..n]);
                    return true;
                }
                Err(e)
                    if matches!(
                        e.kind(),
                        std::io::ErrorKind::WouldBlock | std::io::ErrorKind::TimedOut
                    ) => {}
                Err(e) => panic!("reading events: {e}"),
            }
        }
        false
    }

    /// Moves every whole chunk from `raw` to `text`; true at the last chunk.
    fn decode(&mut self) -> bool {
        loop {
            let Some(line) = self.raw.windows(2).position(|w| w == b"\r\n") else {
                return false;
            };
            let size = std::str::from_utf8(&self.raw[..line]).unwrap();
            let size = usize::from_str_radix(size.trim(), 16).expect("a chunk size");
            if size == 0 {
                return true;
            }
            if self.raw.len() < line + 2 + size + 2 {
                return false;
            }
            let data = &self.raw[line + 2..line + 2 + size];
            self.text.push_str(std::str::from_utf8(data).unwrap());
            self.raw.drain(..line + 2 + size + 2);
        }
    }

    /// The next state sent, within 10 s; `None` when the stream ends.
    fn next(&mut self) -> Option<Value> {
        let deadline = Instant::now() + Duration::from_secs(10);
        loop {
            let ended = self.decode();
            while let Some(end) = self.text.find("\n\n") {
                let event: String = self.text.drain(..end + 2).collect();
                // Comments (`:`) are keep-alives.
                let data: String = event
                    .lines()
                    .filter_map(|line| line.strip_prefix("data: "))
                    .collect();
                if !data.is_empty() {
                    return Some(serde_json::from_str(&data).unwrap());
                }
            }
            if ended || !self.fill(deadline) {
                assert!(ended || Instant::now() < deadline, "no event within 10 s");
                return None;
            }
        }
    }
}

#[test]
fn the_event_stream_follows_the_room() {
    let server = Server::start(&[]);
    let addr = server.addr;
    let id = create(addr, &json!({"time": "3s"}));
    let mut events = Events::open(addr, &id);
    let first = events.next().unwrap();
    assert_eq!(
        first,
        json!({"state": "waiting", "board": null, "players": []})
    );
    let ann = join(addr, &id, "Ann");
    assert_eq!(
        events.next().unwrap()["players"],
        json!([{"name": "Ann", "found": 0}])
    );
    let bob = join(addr, &id, "Bob");
    assert_eq!(events.next().unwrap()["players"][1]["name"], "Bob");
    start(addr, &id, &ann);
    let playing = events.next().unwrap();
    assert_eq!(playing["state"], "playing");
    let board = playing["board"].as_str().unwrap().to_owned();
    let first_word = words_on(addr, &board)[0].0.clone();
    // A refused word changes nothing; a scored one is one more event.
    assert_eq!(word(addr, &id, &bob, "xyzzyq").status, 422);
    assert_eq!(word(addr, &id, &bob, &first_word).status, 200);
    let counted = events.next().unwrap();
    assert_eq!(
        counted["players"],
        json!([{"name": "Ann", "found": 0}, {"name": "Bob", "found": 1}])
    );
    assert!(counted.get("results").is_none());
    // The end comes by itself, with the results.
    let over = events.next().unwrap();
    assert_eq!(over["state"], "over", "{over}");
    assert_eq!(over["results"][1]["score"], words_on(addr, &board)[0].1);
    // A second stream starts with the state as it is.
    let mut late = Events::open(addr, &id);
    assert_eq!(late.next().unwrap()["state"], "over");
    // Stopping the server ends the streams instead of waiting for them.
    let began = Instant::now();
    let (status, _) = server.stop();
    assert!(status.success());
    assert!(
        began.elapsed() < Duration::from_secs(5),
        "{:?}",
        began.elapsed()
    );
    assert_eq!(events.next(), None);
}

#[test]
fn event_streams_per_room_are_capped() {
    let server = Server::start(&[]);
    let addr = server.addr;
    let id = create(addr, &json!({}));
    let open: Vec<Events> = (0..64).map(|_| Events::open(addr, &id)).collect();
    let answer = get(addr, &format!("/api/rooms/{id}/events"));
    assert_eq!(
        (answer.status, answer.error()),
        (429, "a room has at most 64 event streams".into())
    );
    drop(open);
    // Closed streams are counted out (once the server sees them closed).
    let deadline = Instant::now() + Duration::from_secs(20);
    loop {
        match Events::try_open(addr, &id) {
            Ok(mut events) => {
                assert_eq!(events.next().unwrap()["state"], "waiting");
                break;
            }
            Err(status) => assert_eq!(status, 429),
        }
        assert!(Instant::now() < deadline, "closed streams still counted");
        std::thread::sleep(Duration::from_millis(200));
    }
}
