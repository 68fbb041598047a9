//! A load test of `boggle serve` on loopback; not a CI test, run by hand:
//!
//! ```sh
//! cargo bench --bench serve_load
//! BOGGLE_LOAD_SECONDS=120 BOGGLE_LOAD_REQUESTS=1000000 cargo bench --bench serve_load
//! ```
//!
//! It measures how long the server takes from start to its first answer
//! (median of 10 starts), then holds 1,000 idle connections open while 32
//! connections solve random 4×4 boards (rolled with the new dice) as fast
//! as they can for `BOGGLE_LOAD_SECONDS` (10 by default) or until
//! `BOGGLE_LOAD_REQUESTS` answers, and reports requests per second, the
//! latency's median and 99th percentile, the errors, and the server's
//! resident memory after the first 1,000 answers and at the end. It stops by
//! itself and reaches nothing but the server it started.

use std::sync::Arc;
use std::sync::atomic::{AtomicU64, Ordering};
use std::time::{Duration, Instant};

use boggle::{BoardRng, DiceSet, Roller};
use tokio::net::TcpStream;

#[path = "common/server.rs"]
mod server;
use server::{env_number, free_port, resident_kib, start, stop};

const CONNECTIONS: usize = 32;
const IDLE: usize = 1000;

/// Sends one request on a kept-alive connection and reads the answer:
/// its status.
async fn exchange(
    stream: &mut TcpStream,
    request: &[u8],
    buffer: &mut Vec<u8>,
) -> std::io::Result<u16> {
    server::exchange(stream, request, buffer)
        .await
        .map(|(status, _)| status)
}

fn solve_request(board: &str) -> Vec<u8> {
    let body = format!(r#"{{"board":"{board}"}}"#);
    format!(
        "POST /api/solve HTTP/1.1\r\nHost: bench\r\nContent-Type: application/json\r\nContent-Length: {}\r\n\r\n{body}",
        body.len()
    )
    .into_bytes()
}

async fn first_answer_ms() -> f64 {
    let mut times = Vec::new();
    for _ in 0..10 {
        let port = free_port();
        let started = Instant::now();
        let child = start(port);
        loop {
            if let Ok(mut stream) = TcpStream::connect(("127.0.0.1", port)).await {
                let mut buffer = Vec::new();
                let request = b"GET /api/health HTTP/1.1\r\nHost: bench\r\n\r\n";
                if exchange(&mut stream, request, &mut buffer).await.ok() == Some(200) {
                    break;
                }
            }
            tokio::time::sleep(Duration::from_micros(200)).await;
        }
        times.push(started.elapsed().as_secs_f64() * 1000.0);
        stop(child);
    }
    times.sort_by(f64::total_cmp);
    times[times.len() / 2]
}

#[tokio::main]
async fn main() {
    let seconds = env_number("BOGGLE_LOAD_SECONDS", 10);
    let limit = env_number("BOGGLE_LOAD_REQUESTS", u64::MAX);
    println!(
        "server start to first answer: {:.1} ms (median of 10)",
        first_answer_ms().await
    );

    let port = free_port();
    let child = start(port);
    let pid = child.id();
    let addr = ("127.0.0.1", port);
    while TcpStream::connect(addr).await.is_err() {
        tokio::time::sleep(Duration::from_millis(5)).await;
    }
    let mut idle = Vec::with_capacity(IDLE);
    for _ in 0..IDLE {
        idle.push(TcpStream::connect(addr).await.expect("an idle connection"));
    }
    // One request through the crowd of idle connections.
    let mut probe = TcpStream::connect(addr).await.unwrap();
    let started = Instant::now();
    let status = exchange(
        &mut probe,
        b"GET /api/health HTTP/1.1\r\nHost: bench\r\n\r\n",
        &mut Vec::new(),
    )
    .await;
    println!(
        "with {IDLE} idle connections open: /api/health answered {status:?} in {:.2} ms",
        started.elapsed().as_secs_f64() * 1000.0
    );

    let roller = Roller::new(DiceSet::New, None).unwrap();
    let mut rng = BoardRng::new(2024);
    let requests: Arc<Vec<Vec<u8>>> = Arc::new(
        (0..4096)
            .map(|_| solve_request(&roller.roll(&mut rng).canonical()))
            .collect(),
    );
    let done = Arc::new(AtomicU64::new(0));
    let errors = Arc::new(AtomicU64::new(0));
    let rss_at_1000 = Arc::new(AtomicU64::new(0));
    let deadline = Instant::now() + Duration::from_secs(seconds);
    let began = Instant::now();
    let mut tasks = Vec::new();
    for connection in 0..CONNECTIONS {
        let (requests, done, errors, rss_at_1000) = (
            requests.clone(),
            done.clone(),
            errors.clone(),
            rss_at_1000.clone(),
        );
        tasks.push(tokio::spawn(async move {
            let mut latencies = Vec::new();
            let mut stream = TcpStream::connect(addr).await.unwrap();
            stream.set_nodelay(true).unwrap();
            let mut buffer = Vec::with_capacity(65536);
            let mut index = connection * 97;
            while Instant::now() < deadline && done.load(Ordering::Relaxed) < limit {
                let request = &requests[index % requests.len()];
                index += 1;
                let sent = Instant::now();
                match exchange(&mut stream, request, &mut buffer).await {
                    Ok(200) => latencies.push(sent.elapsed()),
                    Ok(_) => {
                        errors.fetch_add(1, Ordering::Relaxed);
                    }
                    Err(_) => {
                        errors.fetch_add(1, Ordering::Relaxed);
                        stream = TcpStream::connect(addr).await.unwrap();
                    }
                }
                if done.fetch_add(1, Ordering::Relaxed) + 1 == 1000 {
                    rss_at_1000.store(resident_kib(pid), Ordering::Relaxed);
                }
            }
            latencies
        }));
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
    let total = done.load(Ordering::Relaxed);
    println!(
        "{CONNECTIONS} connections, random 4x4 boards, bundled English: {total} requests in {elapsed:.1} s = {:.0} requests/s; \
         p50 {:.3} ms, p99 {:.3} ms, max {:.3} ms; errors {}",
        total as f64 / elapsed,
        at(0.50),
        at(0.99),
        at(1.0),
        errors.load(Ordering::Relaxed)
    );
    println!(
        "resident memory: {} KiB after 1,000 requests, {} KiB after {total}",
        rss_at_1000.load(Ordering::Relaxed),
        rss_end
    );
    // The probe's connection, idle through the run, has been closed by the
    // server's limit on waiting for a request head: ask on a new one.
    let mut after = TcpStream::connect(addr).await.unwrap();
    let request = b"GET /api/health HTTP/1.1\r\nHost: bench\r\n\r\n";
    let still = exchange(&mut after, request, &mut Vec::new()).await;
    println!("afterwards, on a new connection: /api/health {still:?}");
    drop(idle);
    stop(child);
}
