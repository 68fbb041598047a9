//! `boggle serve`: its options, the dictionaries it loads, and the run from
//! binding the address to a clean stop on Ctrl-C or SIGTERM (exit 0).

use std::io::Write;
use std::net::SocketAddr;
use std::sync::Arc;
use std::time::Duration;

use anyhow::Context;
use boggle::dict::bundled::Lang;
use clap::Args;

use super::streams::say;
use super::{DictArgs, Outcome};
use crate::serve::{self, Limits, RoomLimits, ServedDictionary, Server};

const EXAMPLES: &str = "\
Examples:
  boggle serve
  boggle serve --addr 127.0.0.1:9000 --open
  boggle serve --lang fr --max-cells 400 --time-limit 500ms
  boggle serve --dict words.txt";

/// The most cells `--max-cells` takes: the largest board the grammar reads.
const MAX_CELLS: u64 = 64 * 64;

/// `boggle serve` options.
#[derive(Debug, Args)]
#[command(after_help = EXAMPLES)]
pub struct ServeArgs {
    /// Address or host name and port to listen on (localhost:8080); port 0
    /// picks a free one
    #[arg(long, default_value = "127.0.0.1:8080", value_name = "ADDR:PORT",
          value_parser = parse_addr)]
    addr: String,

    /// Open the page in the default browser once the server listens
    #[arg(long)]
    open: bool,

    #[command(flatten)]
    dict: DictArgs,

    /// The most cells a board may have
    #[arg(long, default_value_t = 1024, value_name = "N",
          value_parser = clap::value_parser!(u64).range(1..=MAX_CELLS))]
    max_cells: u64,

    /// The longest a solve may take, e.g. 2s or 500ms, before it is answered 503
    #[arg(long, default_value = "2s", value_name = "DURATION",
          value_parser = boggle::duration::parse_duration)]
    time_limit: Duration,

    /// The most search steps (a cell added to a path) a solve may take
    /// before it is answered 422; about 26 ns a step
    #[arg(long, default_value_t = 50_000_000, value_name = "N",
          value_parser = clap::value_parser!(u64).range(1..))]
    max_steps: u64,

    /// Solves run at once [default: the number of cores]
    #[arg(long, value_name = "N", value_parser = super::args::parse_threads)]
    workers: Option<std::num::NonZeroUsize>,

    /// The most rooms held at once; rooms live in memory only
    #[arg(long, default_value_t = serve::MAX_ROOMS, value_name = "N",
          value_parser = clap::builder::RangedU64ValueParser::<usize>::new().range(1..=1_000_000))]
    max_rooms: usize,

    /// How long a room is kept without a move (a join, a start, a word)
    /// before or after its round, e.g. 30m
    #[arg(long, default_value = "30m", value_name = "DURATION",
          value_parser = boggle::duration::parse_duration)]
    room_idle: Duration,

    /// The most words a player may score in a round (for tests)
    #[arg(long, hide = true, default_value_t = boggle::game::room::MAX_WORDS_PER_PLAYER,
          value_parser = clap::builder::RangedU64ValueParser::<usize>::new().range(1..=100_000))]
    room_max_words: usize,
}

/// How many solves may wait for a worker, per worker, before the server
/// answers 503.
const QUEUE_PER_WORKER: usize = 64;

impl ServeArgs {
    pub fn run(self) -> anyhow::Result<Outcome> {
        let dictionaries = self.dictionaries()?;
        let workers = self
            .workers
            .or_else(|| std::thread::available_parallelism().ok())
            .map_or(1, std::num::NonZeroUsize::get);
        let limits = Limits {
            max_cells: usize::try_from(self.max_cells).unwrap_or(usize::MAX),
            time_limit: self.time_limit,
            max_steps: self.max_steps,
            workers,
            queue: workers * QUEUE_PER_WORKER,
            rooms: RoomLimits {
                max_rooms: self.max_rooms,
                idle: self.room_idle,
                max_words: self.room_max_words,
            },
        };
        let server = Arc::new(Server::new(dictionaries, limits));
        let runtime = tokio::runtime::Builder::new_multi_thread()
            .enable_all()
            .max_blocking_threads(workers)
            .build()
            .context("cannot start the server's threads")?;
        runtime.block_on(async {
            let listener = listen(&self.addr).await?;
            let address = listener.local_addr()?;
            if !address.ip().is_loopback() {
                say(format_args!(
                    "boggle: warning: listening on {address}: the solver is open to every \
                     machine that can reach this address, not only this one"
                ));
            }
            let stop = stop_signal().context("cannot catch Ctrl-C and SIGTERM")?;
            let url = format!("http://{address}/");
            let mut out = super::stdout();
            writeln!(out, "boggle: serving on {url} (Ctrl-C stops)")?;
            out.flush()?;
            if self.open {
                open_browser(&url);
            }
            let rooms = Arc::clone(&server);
            let stop = async move {
                stop.await;
                rooms.close_rooms();
                say(format_args!(
                    "boggle: stopping: finishing the requests in flight"
                ));
            };
            serve::serve(listener, serve::router(server), stop)
                .await
                .context("the server stopped")
        })?;
        // Searches still running past a timed-out request are not waited for.
        runtime.shutdown_timeout(Duration::from_secs(1));
        Ok(Outcome::Success)
    }

    /// The `--dict` list alone, or every bundled list with `--lang` (or
    /// English) first, as the default.
    fn dictionaries(&self) -> anyhow::Result<Vec<ServedDictionary>> {
        let dict = Arc::new(self.dict.load()?);
        if self.dict.dict.is_some() && self.dict.lang.is_none() {
            return Ok(vec![ServedDictionary {
                name: "file".into(),
                dict,
            }]);
        }
        let first = self.dict.lang.unwrap_or_default();
        let mut list = vec![ServedDictionary {
            name: first.code().into(),
            dict,
        }];
        for lang in Lang::ALL.into_iter().filter(|&lang| lang != first) {
            let dict = self.dict.load_bundled(lang)?;
            list.push(ServedDictionary {
                name: lang.code().into(),
                dict: Arc::new(dict),
            });
        }
        Ok(list)
    }
}

/// `HOST:PORT`, where the host is an address or a name: checked for its
/// shape here, resolved when the server starts.
fn parse_addr(text: &str) -> Result<String, String> {
    if text.parse::<SocketAddr>().is_ok() {
        return Ok(text.to_owned());
    }
    let well_formed = text.rsplit_once(':').is_some_and(|(host, port)| {
        !host.is_empty() && !host.contains(['/', ' ']) && port.parse::<u16>().is_ok()
    });
    if well_formed {
        Ok(text.to_owned())
    } else {
        Err(format!(
            "'{text}' is not an address (expected HOST:PORT such as 127.0.0.1:8080 or localhost:8080)"
        ))
    }
}

/// Listens on `addr`: its host name resolved, the first of its addresses
/// that can be bound, in the resolver's order (as a browser tries them).
async fn listen(addr: &str) -> anyhow::Result<tokio::net::TcpListener> {
    let addresses: Vec<SocketAddr> = tokio::net::lookup_host(addr)
        .await
        .with_context(|| format!("cannot resolve {addr}"))?
        .collect();
    let mut problem = None;
    for address in &addresses {
        match tokio::net::TcpListener::bind(address).await {
            Ok(listener) => return Ok(listener),
            Err(error) => problem = Some(error),
        }
    }
    match problem {
        Some(error) => Err(error).with_context(|| format!("cannot listen on {addr}")),
        None => anyhow::bail!("cannot resolve {addr}: it names no address"),
    }
}

/// A future that completes on Ctrl-C or SIGTERM, the normal ways to stop a
/// server. The signals are caught from the moment this returns, before the
/// address is printed, so a stop sent right after it is never missed.
#[cfg(unix)]
fn stop_signal() -> std::io::Result<impl Future<Output = ()>> {
    use tokio::signal::unix::{SignalKind, signal};
    let mut interrupt = signal(SignalKind::interrupt())?;
    let mut terminate = signal(SignalKind::terminate())?;
    Ok(async move {
        tokio::select! {
            _ = interrupt.recv() => {}
            _ = terminate.recv() => {}
        }
    })
}

/// A future that completes on Ctrl-C.
#[cfg(not(unix))]
fn stop_signal() -> std::io::Result<impl Future<Output = ()>> {
    Ok(async {
        let _ = tokio::signal::ctrl_c().await;
    })
}

/// Asks the desktop to open `url`; a failure is only a warning, the server
/// runs on.
fn open_browser(url: &str) {
    let opener = if cfg!(target_os = "macos") {
        "open"
    } else if cfg!(windows) {
        "explorer"
    } else {
        "xdg-open"
    };
    let spawned = std::process::Command::new(opener)
        .arg(url)
        .stdin(std::process::Stdio::null())
        .stdout(std::process::Stdio::null())
        .stderr(std::process::Stdio::null())
        .spawn();
    if let Err(problem) = spawned {
        say(format_args!(
            "boggle: warning: cannot open a browser ({opener}): {problem}"
        ));
    }
}
