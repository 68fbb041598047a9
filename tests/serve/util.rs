//! What the server tests share: a real `boggle serve` on an ephemeral
//! loopback port, a plain HTTP/1.1 client over a TCP socket (so requests
//! can be as malformed as a test wants), and runs of the CLI to compare with.

use std::io::{BufRead, BufReader, Read, Write};
use std::net::{SocketAddr, TcpStream};
use std::process::{Child, Command, ExitStatus, Stdio};
use std::time::{Duration, Instant};

/// The `boggle` binary under test.
pub const BOGGLE: &str = env!("CARGO_BIN_EXE_boggle");

/// A running `boggle serve`, stopped when dropped.
#[derive(Debug)]
pub struct Server {
    child: Option<Child>,
    pub addr: SocketAddr,
    stderr: Option<std::thread::JoinHandle<String>>,
}

impl Server {
    /// Starts `boggle serve --addr 127.0.0.1:0` with `args`, once it prints
    /// the address it listens on.
    pub fn start(args: &[&str]) -> Server {
        Server::start_on("127.0.0.1:0", args)
    }

    /// Starts `boggle serve --addr addr` with `args`, once it prints the
    /// address it listens on.
    pub fn start_on(addr: &str, args: &[&str]) -> Server {
        let mut child = Command::new(BOGGLE)
            .args(["serve", "--addr", addr])
            .args(args)
            .env_remove("BOGGLE_DICT")
            .stdin(Stdio::null())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .expect("boggle serve starts");
        let mut stdout = BufReader::new(child.stdout.take().unwrap());
        let mut line = String::new();
        stdout.read_line(&mut line).unwrap();
        let addr = line
            .split("http://")
            .nth(1)
            .and_then(|rest| rest.split('/').next())
            .and_then(|addr| addr.parse().ok())
            .unwrap_or_else(|| panic!("no address in {line:?}"));
        let mut stderr = child.stderr.take().unwrap();
        let stderr = std::thread::spawn(move || {
            let mut text = String::new();
            let _ = stderr.read_to_string(&mut text);
            text
        });
        Server {
            child: Some(child),
            addr,
            stderr: Some(stderr),
        }
    }

    /// The process id, to send it signals.
    pub fn pid(&self) -> u32 {
        self.child.as_ref().unwrap().id()
    }

    /// Sends SIGTERM and waits (at most 20 s) for the exit: its status and
    /// what it wrote on standard error.
    pub fn stop(mut self) -> (ExitStatus, String) {
        signal(self.pid(), "TERM");
        let mut child = self.child.take().unwrap();
        let deadline = Instant::now() + Duration::from_secs(20);
        let status = loop {
            if let Some(status) = child.try_wait().unwrap() {
                break status;
            }
            if Instant::now() > deadline {
                let _ = child.kill();
                panic!("the server did not stop within 20 s of SIGTERM");
            }
            std::thread::sleep(Duration::from_millis(20));
        };
        let stderr = self.stderr.take().unwrap().join().unwrap();
        (status, stderr)
    }
}

impl Drop for Server {
    fn drop(&mut self) {
        if let Some(child) = &mut self.child {
            let _ = child.kill();
            let _ = child.wait();
        }
    }
}

/// Sends signal `name` (`TERM`, `INT`) to process `pid`.
pub fn signal(pid: u32, name: &str) {
    let status = Command::new("kill")
        .args([format!("-{name}"), pid.to_string()])
        .status()
        .expect("kill runs");
    assert!(status.success());
}

/// An answer read off the socket.
#[derive(Debug)]
pub struct Answer {
    pub status: u16,
    /// Header names in lower case, with their values.
    pub headers: Vec<(String, String)>,
    pub body: Vec<u8>,
}

impl Answer {
    pub fn header(&self, name: &str) -> Option<&str> {
        self.headers
            .iter()
            .find(|(key, _)| key == name)
            .map(|(_, value)| value.as_str())
    }

    pub fn text(&self) -> String {
        String::from_utf8(self.body.clone()).expect("the body is UTF-8")
    }

    pub fn json(&self) -> serde_json::Value {
        serde_json::from_slice(&self.body)
            .unwrap_or_else(|e| panic!("not JSON ({e}): {:?}", String::from_utf8_lossy(&self.body)))
    }

    /// The `error` of a JSON error answer.
    pub fn error(&self) -> String {
        let json = self.json();
        json["error"]
            .as_str()
            .unwrap_or_else(|| panic!("no error in {json}"))
            .to_owned()
    }
}

/// Sends `raw` bytes as they are and reads the whole answer (the request
/// should ask for `Connection: close`). `None` when the server closed the
/// connection without a word.
pub fn exchange(addr: SocketAddr, raw: &[u8]) -> Option<Answer> {
    let mut stream = TcpStream::connect(addr).expect("connects");
    stream
        .set_read_timeout(Some(Duration::from_secs(30)))
        .unwrap();
    // The server may answer and close before it has read everything.
    let _ = stream.write_all(raw);
    let mut bytes = Vec::new();
    if let Err(error) = stream.read_to_end(&mut bytes) {
        // A reset after (or instead of) an answer is a closed connection;
        // a timeout is a server that does not answer.
        assert_eq!(
            error.kind(),
            std::io::ErrorKind::ConnectionReset,
            "reading: {error}"
        );
    }
    if bytes.is_empty() {
        return None;
    }
    let mut answer = parse(&bytes);
    if raw.starts_with(b"HEAD ") {
        answer.body.clear();
    }
    Some(answer)
}

/// Parses an HTTP/1.1 answer, panicking on anything malformed.
pub fn parse(bytes: &[u8]) -> Answer {
    let end = bytes
        .windows(4)
        .position(|w| w == b"\r\n\r\n")
        .unwrap_or_else(|| panic!("no end of headers in {:?}", String::from_utf8_lossy(bytes)));
    let head = std::str::from_utf8(&bytes[..end]).expect("headers are ASCII");
    let mut lines = head.split("\r\n");
    let status_line = lines.next().unwrap();
    let mut parts = status_line.splitn(3, ' ');
    assert_eq!(parts.next(), Some("HTTP/1.1"), "{status_line}");
    let status: u16 = parts.next().unwrap().parse().expect("a status code");
    let headers: Vec<(String, String)> = lines
        .map(|line| {
            let (name, value) = line.split_once(':').expect("a header line");
            (name.trim().to_ascii_lowercase(), value.trim().to_owned())
        })
        .collect();
    let body = bytes[end + 4..].to_vec();
    let answer = Answer {
        status,
        headers,
        body,
    };
    // An answer to HEAD has the length of the body it leaves out.
    if let Some(length) = answer
        .header("content-length")
        .filter(|_| !answer.body.is_empty())
    {
        assert_eq!(
            length.parse::<usize>().unwrap(),
            answer.body.len(),
            "content-length"
        );
    }
    answer
}

/// `GET path`.
pub fn get(addr: SocketAddr, path: &str) -> Answer {
    let raw = format!("GET {path} HTTP/1.1\r\nHost: {addr}\r\nConnection: close\r\n\r\n");
    exchange(addr, raw.as_bytes()).expect("an answer")
}

/// `POST path` with `body`.
pub fn post(addr: SocketAddr, path: &str, body: &str) -> Answer {
    let raw = format!(
        "POST {path} HTTP/1.1\r\nHost: {addr}\r\nConnection: close\r\n\
         Content-Type: application/json\r\nContent-Length: {}\r\n\r\n{body}",
        body.len()
    );
    exchange(addr, raw.as_bytes()).expect("an answer")
}

/// `POST /api/solve` with `request`.
pub fn solve(addr: SocketAddr, request: &serde_json::Value) -> Answer {
    post(addr, "/api/solve", &request.to_string())
}

/// Runs the CLI: its exit status, standard output and standard error.
pub fn cli(args: &[&str]) -> (i32, String, String) {
    let output = Command::new(BOGGLE)
        .args(args)
        .env_remove("BOGGLE_DICT")
        .output()
        .expect("boggle runs");
    (
        output.status.code().unwrap_or(-1),
        String::from_utf8(output.stdout).unwrap(),
        String::from_utf8(output.stderr).unwrap(),
    )
}

/// The CLI's error message for `args`: its one stderr line without `boggle: `.
pub fn cli_error(args: &[&str]) -> String {
    let (code, _, stderr) = cli(args);
    assert_ne!(code, 0, "{args:?} should fail");
    stderr
        .trim_end()
        .strip_prefix("boggle: ")
        .unwrap_or_else(|| panic!("{stderr:?}"))
        .to_owned()
}
