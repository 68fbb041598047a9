//! `boggle serve`'s server (SPEC §11): the page embedded in the binary and
//! the JSON API, on axum and tokio, with the rooms of SPEC §14 (`rooms`,
//! held in memory only).
//!
//! Every dictionary is loaded once at start and shared by all requests
//! through one `Arc`. A solve runs on tokio's blocking threads, at most
//! [`Limits::workers`] at a time, with [`Limits::queue`] more waiting; past
//! that the answer is 503 at once. A solve that outlasts the time limit is
//! answered 503 too. Every error is `{"error": "…"}`, whoever raised it
//! (a handler, a limit layer or axum's own rejections): see [`json_errors`].

mod api;
mod page;
mod play;
mod rooms;

use std::future::Future;
use std::sync::Arc;
use std::time::Duration;

use axum::Router;
use axum::body::Body;
use axum::extract::Request;
use axum::http::{HeaderMap, HeaderValue, StatusCode, Uri, header};
use axum::middleware::{self, Next};
use axum::response::{IntoResponse, Response};
use axum::routing::{get, post};
use boggle::Dictionary;
use tokio::sync::Semaphore;
use tower_http::compression::CompressionLayer;
use tower_http::set_header::SetResponseHeaderLayer;
use tower_http::timeout::TimeoutLayer;

pub use rooms::{MAX_ROOMS, RoomLimits};

/// The largest request body read, in bytes.
pub const MAX_BODY: usize = 64 * 1024;

/// How long a whole request may take, reading its body included, before it
/// is answered 408: it bounds what a slow client can hold.
const REQUEST_TIMEOUT: Duration = Duration::from_secs(30);

/// How long a client may take to send a request's head (its line and
/// headers) before the connection is closed: it bounds what a slow client
/// can hold. A kept-alive connection idle for as long is closed too.
const HEADER_TIMEOUT: Duration = Duration::from_secs(10);

/// How long requests in flight are given to finish once a stop is asked
/// for; connections still open after it are dropped.
const SHUTDOWN_GRACE: Duration = Duration::from_secs(10);

/// The page may load only from its own origin, and may not be framed.
const CONTENT_SECURITY_POLICY: &str = "default-src 'self'; base-uri 'none'; \
     form-action 'self'; frame-ancestors 'none'; object-src 'none'";

/// A dictionary requests can choose by name.
#[derive(Debug)]
pub struct ServedDictionary {
    /// What `lang` is in a request: `en`, or `file` for a `--dict` list.
    pub name: String,
    /// The words, shared by every request.
    pub dict: Arc<Dictionary>,
}

/// What a request may cost.
#[derive(Clone, Copy, Debug)]
pub struct Limits {
    /// The most cells a board may have.
    pub max_cells: usize,
    /// The longest a solve may take, waiting for a worker included.
    pub time_limit: Duration,
    /// The most search steps (a cell added to a path) a solve may take:
    /// a search past it is stopped and answered 422, so a board that no
    /// pruning can shorten does not hold a worker past the time limit.
    pub max_steps: u64,
    /// How many solves run at once.
    pub workers: usize,
    /// How many more may wait for a worker before the server answers 503.
    pub queue: usize,
    /// What the rooms may hold and for how long.
    pub rooms: RoomLimits,
}

/// What every request shares.
#[derive(Debug)]
pub struct Server {
    /// The dictionaries; the first is the default.
    dictionaries: Vec<ServedDictionary>,
    limits: Limits,
    /// Permits to be admitted at all: running or waiting.
    admitted: Semaphore,
    /// Permits to run.
    running: Arc<Semaphore>,
    /// The rooms of SPEC §14.
    rooms: rooms::Rooms,
}

impl Server {
    /// A server over `dictionaries` (the first is the default; there must be
    /// one) with these limits.
    pub fn new(dictionaries: Vec<ServedDictionary>, limits: Limits) -> Server {
        assert!(!dictionaries.is_empty(), "a server needs a dictionary");
        Server {
            rooms: rooms::Rooms::new(&dictionaries, limits.rooms),
            dictionaries,
            limits,
            admitted: Semaphore::new(limits.workers + limits.queue),
            running: Arc::new(Semaphore::new(limits.workers)),
        }
    }

    /// The dictionary called `name`, or the default one for `None`.
    fn dictionary(&self, name: Option<&str>) -> Option<&ServedDictionary> {
        match name {
            None => self.dictionaries.first(),
            Some(name) => self.dictionaries.iter().find(|d| d.name == name),
        }
    }

    /// The dictionary a request's `lang` names, or the 400 that lists the
    /// names it may give.
    fn requested_dictionary(&self, lang: Option<&str>) -> Result<&ServedDictionary, ApiError> {
        self.dictionary(lang).ok_or_else(|| {
            let names: Vec<&str> = self.dictionaries.iter().map(|d| d.name.as_str()).collect();
            bad_request(format!(
                "unknown lang '{}' (expected {})",
                lang.unwrap_or_default(),
                names.join(", ")
            ))
        })
    }

    /// Ends the rooms' event streams, so that they do not hold up a stop.
    pub fn close_rooms(&self) {
        self.rooms.close();
    }
}

/// The routes, their limits and their headers.
pub fn router(server: Arc<Server>) -> Router {
    let mut routes = Router::new();
    for path in page::paths() {
        routes = routes.route(
            path,
            get(move |uri: Uri, headers: HeaderMap| async move {
                page::serve(path, uri.query(), &headers)
            }),
        );
    }
    routes
        .route("/api/solve", post(api::solve))
        .route("/api/random", get(api::random))
        .route("/api/health", get(api::health))
        .route("/api/game", get(play::game))
        .route("/api/dictionaries", get(api::dictionaries))
        .route("/api/rooms", post(rooms::create))
        .route("/api/rooms/{id}", get(rooms::state))
        .route("/api/rooms/{id}/players", post(rooms::join))
        .route("/api/rooms/{id}/start", post(rooms::start))
        .route("/api/rooms/{id}/words", post(rooms::word))
        .route("/api/rooms/{id}/events", get(rooms::events))
        .fallback(not_found)
        .with_state(server)
        .layer(middleware::from_fn(json_errors))
        .layer(CompressionLayer::new())
        .layer(TimeoutLayer::with_status_code(
            StatusCode::REQUEST_TIMEOUT,
            REQUEST_TIMEOUT,
        ))
        .layer(SetResponseHeaderLayer::overriding(
            header::CONTENT_SECURITY_POLICY,
            HeaderValue::from_static(CONTENT_SECURITY_POLICY),
        ))
        .layer(SetResponseHeaderLayer::overriding(
            header::X_CONTENT_TYPE_OPTIONS,
            HeaderValue::from_static("nosniff"),
        ))
        .layer(SetResponseHeaderLayer::overriding(
            header::REFERRER_POLICY,
            HeaderValue::from_static("no-referrer"),
        ))
}

/// Serves `router` on `listener` until `stop` completes, then lets the
/// requests in flight finish (for at most [`SHUTDOWN_GRACE`]). Connections
/// are served by hyper directly, not through `axum::serve`, for the limit
/// on how long a client may take to send a request's head.
pub async fn serve(
    listener: tokio::net::TcpListener,
    router: Router,
    stop: impl Future<Output = ()> + Send + 'static,
) -> std::io::Result<()> {
    let mut http = hyper::server::conn::http1::Builder::new();
    http.timer(hyper_util::rt::TokioTimer::new())
        .header_read_timeout(HEADER_TIMEOUT);
    let graceful = hyper_util::server::graceful::GracefulShutdown::new();
    tokio::pin!(stop);
    loop {
        let stream = tokio::select! {
            accepted = listener.accept() => match accepted {
                Ok((stream, _)) => stream,
                // Out of file descriptors, most likely: wait for some to close.
                Err(_) => {
                    tokio::time::sleep(Duration::from_millis(50)).await;
                    continue;
                }
            },
            () = &mut stop => break,
        };
        let service = hyper_util::service::TowerToHyperService::new(router.clone());
        let connection = http.serve_connection(hyper_util::rt::TokioIo::new(stream), service);
        let connection = graceful.watch(connection);
        tokio::spawn(async move {
            let _ = connection.await;
        });
    }
    drop(listener);
    tokio::select! {
        () = graceful.shutdown() => {}
        () = tokio::time::sleep(SHUTDOWN_GRACE) => {}
    }
    Ok(())
}

/// An error answer: `{"error": "message"}` with its status.
#[derive(Debug)]
pub struct ApiError {
    status: StatusCode,
    message: String,
}

impl ApiError {
    pub fn new(status: StatusCode, message: impl Into<String>) -> ApiError {
        ApiError {
            status,
            message: message.into(),
        }
    }
}

/// The request's body, at most `limit` bytes, or the answer: a 413
/// saying `too_large` when the declared length is over the limit (at
/// once, without waiting for the body) or the body runs past it, a 400
/// when the body cannot be read (a broken chunked encoding).
pub(crate) async fn read_body(
    headers: &HeaderMap,
    body: Body,
    limit: usize,
    too_large: &str,
) -> Result<axum::body::Bytes, ApiError> {
    let declared = headers
        .get(header::CONTENT_LENGTH)
        .and_then(|value| value.to_str().ok())
        .and_then(|text| text.parse::<u64>().ok());
    if declared.is_some_and(|length| length > limit as u64) {
        return Err(ApiError::new(StatusCode::PAYLOAD_TOO_LARGE, too_large));
    }
    axum::body::to_bytes(body, limit).await.map_err(|error| {
        let over = std::error::Error::source(&error)
            .is_some_and(|source| source.is::<http_body_util::LengthLimitError>());
        match over {
            true => ApiError::new(StatusCode::PAYLOAD_TOO_LARGE, too_large),
            false => bad_request(format!("the request body could not be read: {error}")),
        }
    })
}

/// A 400 answer saying what was wrong with the request.
fn bad_request(message: impl std::fmt::Display) -> ApiError {
    ApiError::new(StatusCode::BAD_REQUEST, message.to_string())
}

/// The dice set and board size a request names, each optional, as
/// `--dice` and `--size` read them.
type DiceChoice = (Option<boggle::DiceSet>, Option<(usize, usize)>);

/// Reads a request's `dice` and `size` (`/api/random`, `/api/game`, rooms).
/// `lang` names the language's own dice, as `--dice lang` does: the same
/// as no `dice`.
fn requested_dice(dice: Option<&str>, size: Option<&str>) -> Result<DiceChoice, ApiError> {
    let dice = dice.filter(|name| !name.trim().eq_ignore_ascii_case("lang"));
    let set = dice.map(str::parse).transpose().map_err(bad_request)?;
    let size = size
        .map(boggle::dice::parse_size)
        .transpose()
        .map_err(bad_request)?;
    Ok((set, size))
}

/// A request's `seed` (a decimal string, as SPEC §11 says), or a new one.
fn requested_seed(seed: Option<&str>) -> Result<u64, ApiError> {
    match seed {
        Some(text) => text.trim().parse::<u64>().map_err(|_| {
            bad_request(format!(
                "'{text}' is not a seed (expected a whole number from 0 to {})",
                u64::MAX
            ))
        }),
        None => Ok(boggle::dice::new_seed()),
    }
}

impl IntoResponse for ApiError {
    fn into_response(self) -> Response {
        let body = serde_json::json!({ "error": self.message });
        (self.status, axum::Json(body)).into_response()
    }
}

/// Any path that is not a route.
async fn not_found() -> Response {
    ApiError::new(StatusCode::NOT_FOUND, "no such page").into_response()
}

/// Gives every error answer a JSON body: axum's own rejections (a wrong
/// method, an unreadable query) and the limit layers' answers come with
/// plain text or nothing, and the API promises `{"error": "…"}`.
async fn json_errors(request: Request, next: Next) -> Response {
    let response = next.run(request).await;
    let status = response.status();
    let is_json = response
        .headers()
        .get(header::CONTENT_TYPE)
        .is_some_and(|value| value.as_bytes().starts_with(b"application/json"));
    if !(status.is_client_error() || status.is_server_error()) || is_json {
        return response;
    }
    let (parts, body) = response.into_parts();
    let text = axum::body::to_bytes(body, MAX_BODY)
        .await
        .unwrap_or_default();
    let text = String::from_utf8_lossy(&text);
    let message = match text.trim() {
        "" => status.canonical_reason().unwrap_or("error").to_lowercase(),
        text => lower_first(text),
    };
    let mut answer = ApiError::new(status, message).into_response();
    for name in [header::ALLOW] {
        if let Some(value) = parts.headers.get(&name) {
            answer.headers_mut().insert(name, value.clone());
        }
    }
    answer
}

/// `text` with its first letter in lower case, as error messages are.
fn lower_first(text: &str) -> String {
    let mut chars = text.chars();
    match chars.next() {
        Some(first) => first.to_lowercase().chain(chars).collect(),
        None => String::new(),
    }
}

/// A body for a response that is JSON text already.
fn json_body(bytes: Vec<u8>) -> Response {
    (
        [(header::CONTENT_TYPE, "application/json")],
        Body::from(bytes),
    )
        .into_response()
}
