//! What the load benchmarks of `boggle serve` share: their settings from
//! the environment, a free loopback port, the server started and stopped
//! as a process, its resident memory, and one request and answer on a
//! kept-alive connection.

use std::ops::Range;
use std::process::{Child, Command, Stdio};

use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::net::TcpStream;

/// The number in the environment variable `name`, else `default`.
pub fn env_number(name: &str, default: u64) -> u64 {
    std::env::var(name)
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(default)
}

/// A loopback port nothing listens on.
pub fn free_port() -> u16 {
    std::net::TcpListener::bind("127.0.0.1:0")
        .unwrap()
        .local_addr()
        .unwrap()
        .port()
}

/// `boggle serve` on `port`, as a process of its own.
pub fn start(port: u16) -> Child {
    Command::new(env!("CARGO_BIN_EXE_boggle"))
        .args(["serve", "--addr", &format!("127.0.0.1:{port}")])
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .spawn()
        .expect("boggle serve starts")
}

/// Stops the server as a user would, with SIGTERM, and waits for it.
pub fn stop(mut child: Child) {
    let _ = Command::new("kill")
        .args(["-TERM", &child.id().to_string()])
        .status();
    let _ = child.wait();
}

/// The resident memory of process `pid`, in KiB.
pub fn resident_kib(pid: u32) -> u64 {
    let status = std::fs::read_to_string(format!("/proc/{pid}/status")).unwrap_or_default();
    status
        .lines()
        .find_map(|line| line.strip_prefix("VmRSS:"))
        .and_then(|rest| rest.split_whitespace().next()?.parse().ok())
        .unwrap_or(0)
}

/// Sends one request on a kept-alive connection and reads the answer into
/// `buffer`: its status, and where its body is in `buffer`.
pub async fn exchange(
    stream: &mut TcpStream,
    request: &[u8],
    buffer: &mut Vec<u8>,
) -> std::io::Result<(u16, Range<usize>)> {
    stream.write_all(request).await?;
    buffer.clear();
    let mut chunk = [0u8; 16384];
    loop {
        let read = stream.read(&mut chunk).await?;
        if read == 0 {
            return Err(std::io::ErrorKind::UnexpectedEof.into());
        }
        buffer.extend_from_slice(&chunk[..read]);
        let Some(end) = buffer.windows(4).position(|w| w == b"\r\n\r\n") else {
            continue;
        };
        let head = std::str::from_utf8(&buffer[..end]).unwrap_or_default();
        let status = head.get(9..12).and_then(|s| s.parse().ok()).unwrap_or(0);
        let length: usize = head
            .lines()
            .find_map(|l| {
                l.to_ascii_lowercase()
                    .strip_prefix("content-length:")
                    .map(|v| v.trim().parse().unwrap_or(0))
            })
            .unwrap_or(0);
        while buffer.len() < end + 4 + length {
            let read = stream.read(&mut chunk).await?;
            if read == 0 {
                return Err(std::io::ErrorKind::UnexpectedEof.into());
            }
            buffer.extend_from_slice(&chunk[..read]);
        }
        return Ok((status, end + 4..end + 4 + length));
    }
}
