//! A load test of `boggle serve`'s rooms on loopback; not a CI test, run by
//! hand:
//!
//! ```sh
//! cargo bench --bench rooms_load
//! BOGGLE_LOAD_SECONDS=10 cargo bench --bench rooms_load
//! ```
//!
//! It starts a server, measures its resident memory, makes 100 rooms of 4
//! players each (every player with the room's event stream open, as a page
//! would have), starts them, and has every player enter one word a second
//! for `BOGGLE_LOAD_SECONDS` (60 by default): the board's words in turn,
//! then the same again ("already found"). It reports the moves' latency
//! (median, 99th percentile, maximum), the answers that were neither a
//! score nor a refusal, the events received, and the resident memory per
//! room. It stops by itself and reaches nothing but the server it started.

use std::process::Command;
use std::sync::Arc;
use std::sync::atomic::{AtomicU64, Ordering};
use std::time::{Duration, Instant};

use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::net::TcpStream;

#[path = "common/server.rs"]
mod server;
use server::{env_number, free_port, resident_kib, start, stop};

const ROOMS: usize = 100;
const PLAYERS: usize = 4;

/// Sends one request on a kept-alive connection and reads the answer: its
/// status and body.
async fn exchange(stream: &mut TcpStream, request: &[u8]) -> std::io::Result<(u16, Vec<u8>)> {
    let mut buffer = Vec::with_capacity(4096);
    let (status, body) = server::exchange(stream, request, &mut buffer).await?;
    Ok((status, buffer[body].to_vec()))
}

fn post(path: &str, body: &str) -> Vec<u8> {
    format!(
        "POST {path} HTTP/1.1\r\nHost: bench\r\nContent-Type: application/json\r\nContent-Length: {}\r\n\r\n{body}",
        body.len()
    )
    .into_bytes()
}

/// `POST path` on `stream`, expecting `status`: the JSON answer.
async fn call(
    stream: &mut TcpStream,
    path: &str,
    body: serde_json::Value,
    status: u16,
) -> serde_json::Value {
    let (got, bytes) = exchange(stream, &post(path, &body.to_string()))
        .await
        .unwrap();
    assert_eq!(got, status, "{path}: {}", String::from_utf8_lossy(&bytes));
    serde_json::from_slice(&bytes).unwrap()
}

/// Opens room `id`'s event stream and counts the events until the server
/// closes it.
async fn watch(port: u16, id: String, events: Arc<AtomicU64>) {
    let mut stream = TcpStream::connect(("127.0.0.1", port)).await.unwrap();
    let request = format!("GET /api/rooms/{id}/events HTTP/1.1\r\nHost: bench\r\n\r\n");
    stream.write_all(request.as_bytes()).await.unwrap();
    let mut chunk = [0u8; 16384];
    while let Ok(read) = stream.read(&mut chunk).await {
        if read == 0 {
            break;
        }
        let data = chunk[..read].windows(6).filter(|w| w == b"data: ").count();
        events.fetch_add(data as u64, Ordering::Relaxed);
    }
}

fn command_line(program: &str, args: &[&str]) -> String {
    Command::new(program)
        .args(args)
        .output()
        .map(|out| String::from_utf8_lossy(&out.stdout).trim().to_owned())
        .unwrap_or_default()
}

#[tokio::main]
async fn main() {
    let seconds = env_number("BOGGLE_LOAD_SECONDS", 60);
    println!(
        "{} on {} ({} cores); {}",
        command_line("date", &["-u", "+%Y-%m-%d %H:%M UTC"]),
        command_line("uname", &["-srm"]),
        command_line("nproc", &[]),
        command_line("uptime", &[])
    );
    let port = free_port();
    let child = start(port);
    let pid = child.id();
    let addr = ("127.0.0.1", port);
    let mut setup = loop {
        if let Ok(stream) = TcpStream::connect(addr).await {
            break stream;
        }
        tokio::time::sleep(Duration::from_millis(5)).await;
    };
    let (status, _) = exchange(
        &mut setup,
        b"GET /api/health HTTP/1.1\r\nHost: bench\r\n\r\n",
    )
    .await
    .unwrap();
    assert_eq!(status, 200);
    let rss_before = resident_kib(pid);

    // The rooms, their players and their words; a round longer than the run.
    let round = format!("{}s", seconds + 60);
    let events = Arc::new(AtomicU64::new(0));
    let mut players = Vec::new();
    let mut watchers = Vec::new();
    for _ in 0..ROOMS {
        let room = call(
            &mut setup,
            "/api/rooms",
            serde_json::json!({ "time": round }),
            201,
        )
        .await;
        let id = room["room"].as_str().unwrap().to_owned();
        let mut tokens = Vec::new();
        for n in 0..PLAYERS {
            let path = format!("/api/rooms/{id}/players");
            let joined = call(
                &mut setup,
                &path,
                serde_json::json!({ "name": format!("player {n}") }),
                201,
            )
            .await;
            tokens.push(joined["player"].as_str().unwrap().to_owned());
            watchers.push(tokio::spawn(watch(port, id.clone(), events.clone())));
        }
        players.push((id, tokens));
    }
    let rss_rooms = resident_kib(pid);
    let mut boards = Vec::new();
    for (id, tokens) in &players {
        let path = format!("/api/rooms/{id}/start");
        let state = call(
            &mut setup,
            &path,
            serde_json::json!({ "player": tokens[0] }),
            200,
        )
        .await;
        let board = state["board"].as_str().unwrap().to_owned();
        let solved = call(
            &mut setup,
            "/api/solve",
            serde_json::json!({ "board": board }),
            200,
        )
        .await;
        let words: Vec<String> = solved["words"]
            .as_array()
            .unwrap()
            .iter()
            .map(|w| w["word"].as_str().unwrap().to_owned())
            .collect();
        boards.push(Arc::new(words));
    }

    let scored = Arc::new(AtomicU64::new(0));
    let refused = Arc::new(AtomicU64::new(0));
    let errors = Arc::new(AtomicU64::new(0));
    let began = Instant::now();
    let mut tasks = Vec::new();
    for (r, (id, tokens)) in players.iter().enumerate() {
        for (n, token) in tokens.iter().enumerate() {
            let (scored, refused, errors) = (scored.clone(), refused.clone(), errors.clone());
            let words = boards[r].clone();
            let path = format!("/api/rooms/{id}/words");
            let token = token.clone();
            // Players spread over the first second, then one word a second.
            let offset =
                Duration::from_millis(((r * PLAYERS + n) * 1000 / (ROOMS * PLAYERS)) as u64);
            tasks.push(tokio::spawn(async move {
                let mut stream = TcpStream::connect(addr).await.unwrap();
                stream.set_nodelay(true).unwrap();
                let mut latencies = Vec::new();
                let mut ticks =
                    tokio::time::interval_at((began + offset).into(), Duration::from_secs(1));
                for turn in 0..seconds as usize {
                    ticks.tick().await;
                    let word = if words.is_empty() {
                        "xyzzyq".to_owned()
                    } else {
                        words[(turn * PLAYERS + n) % words.len()].clone()
                    };
                    let body = serde_json::json!({ "player": token, "word": word }).to_string();
                    let request = post(&path, &body);
                    let sent = Instant::now();
                    match exchange(&mut stream, &request).await {
                        Ok((200, _)) => {
                            scored.fetch_add(1, Ordering::Relaxed);
                        }
                        Ok((422, _)) => {
                            refused.fetch_add(1, Ordering::Relaxed);
                        }
                        Ok(_) | Err(_) => {
                            errors.fetch_add(1, Ordering::Relaxed);
                            continue;
                        }
                    }
                    latencies.push(sent.elapsed());
                }
                latencies
            }));
        }
    }
    let mut latencies = Vec::new();
    for task in tasks {
        latencies.extend(task.await.unwrap());
    }
    let elapsed = began.elapsed().as_secs_f64();
    let rss_end = resident_kib(pid);
    latencies.sort_unstable();
    let at = |q: f64| {
        latencies
            .get(((latencies.len() as f64 * q) as usize).min(latencies.len().saturating_sub(1)))
            .map_or(0.0, |d| d.as_secs_f64() * 1000.0)
    };
    println!(
        "{ROOMS} rooms x {PLAYERS} players, one word a second each for {seconds} s ({elapsed:.1} s): \
         {} moves ({} scored, {} refused, {} errors)",
        latencies.len(),
        scored.load(Ordering::Relaxed),
        refused.load(Ordering::Relaxed),
        errors.load(Ordering::Relaxed)
    );
    println!(
        "move latency: p50 {:.3} ms, p90 {:.3} ms, p99 {:.3} ms, p99.9 {:.3} ms, max {:.3} ms; \
         {} moves over 10 ms",
        at(0.50),
        at(0.90),
        at(0.99),
        at(0.999),
        at(1.0),
        latencies.iter().filter(|d| d.as_millis() > 10).count()
    );
    println!(
        "events received on {} streams: {}",
        ROOMS * PLAYERS,
        events.load(Ordering::Relaxed)
    );
    println!(
        "resident memory: {rss_before} KiB before the rooms, {rss_rooms} KiB with {ROOMS} rooms of {PLAYERS} \
         players, {rss_end} KiB at the end: {:.1} KiB a room (at the end: {:.1} KiB)",
        (rss_rooms.saturating_sub(rss_before)) as f64 / ROOMS as f64,
        (rss_end.saturating_sub(rss_before)) as f64 / ROOMS as f64
    );
    stop(child);
    for watcher in watchers {
        let _ = tokio::time::timeout(Duration::from_secs(5), watcher).await;
    }
}
