//! Rooms over HTTP (SPEC §14): create, join, start, enter a word, read the
//! state, and follow it as server-sent events.
//!
//! The rules are the library's ([`boggle::game::room`]); this file adds
//! what a network needs: unguessable room IDs and player tokens (128 bits
//! from the operating system's generator, in hex), a rate limit on each
//! player's words, a cap on rooms and on each room's event streams, and a
//! sweep that drops idle rooms. Every room is behind its own short-held
//! lock and has its own `tokio::sync::broadcast` channel, which carries the
//! room's state, already written as JSON, to every event stream, as axum's
//! `examples/chat` does. Rooms live in memory only: a restart loses them.

use std::collections::HashMap;
use std::convert::Infallible;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::{Arc, Mutex, MutexGuard, Weak};
use std::time::{Duration, Instant};

use axum::body::Body;
use axum::extract::{Path, State};
use axum::http::{HeaderMap, StatusCode};
use axum::response::sse::{Event, KeepAlive, Sse};
use axum::response::{IntoResponse, Response};
use boggle::dice::{self, Roller};
use boggle::game::Verdict;
use boggle::game::room::{MAX_WORDS_PER_PLAYER, Phase, PlayerId, Room, RoomError, RoomSetup};
use boggle::lang::Lang;
use boggle::{Dictionary, RulesChoice};
use futures_util::Stream;
use rand_core::{OsRng, TryRngCore};
use serde::Deserialize;
use serde::de::DeserializeOwned;
use tokio::sync::{broadcast, watch};

use super::{
    ApiError, ServedDictionary, Server, bad_request, json_body, read_body, requested_dice,
};

/// The most rooms the server holds at once; past it, creating one is
/// answered 503.
pub const MAX_ROOMS: usize = 1000;

/// How long a room is kept without a move (a join, a start, a word) once
/// its round is over or before it starts.
pub const ROOM_IDLE: Duration = Duration::from_secs(30 * 60);

/// The largest body a room request may have, in bytes.
const MAX_ROOM_BODY: usize = 4096;

/// The most cells a room's board may have: 8×8, past any board played by
/// hand (the server's `--max-cells` may lower it).
const MAX_ROOM_CELLS: usize = 64;

/// The longest round a room may ask for.
const MAX_ROUND_TIME: Duration = Duration::from_secs(60 * 60);

/// A round's length when the room does not say.
const DEFAULT_ROUND_TIME: Duration = Duration::from_secs(3 * 60);

/// The longest `min_len` a room may ask for.
const MAX_MIN_LEN: u64 = 64;

/// The longest word entry read, in characters.
const MAX_ENTRY_CHARS: usize = 64;

/// How many words a second a player may enter, on average...
const WORDS_PER_SECOND: f64 = 10.0;

/// ...and how many at once after a pause.
const WORD_BURST: f64 = 20.0;

/// The most event streams open on one room at once.
const MAX_WATCHERS_PER_ROOM: usize = 64;

/// How many states an event stream may fall behind before it skips to the
/// newest; a state replaces the ones before it, so skipping loses nothing.
const EVENTS_BUFFER: usize = 16;

/// How often an event stream sends a comment when nothing happens, so
/// proxies and browsers keep it open.
const KEEP_ALIVE: Duration = Duration::from_secs(15);

/// The bytes of a room ID or a player token.
const SECRET_BYTES: usize = 16;

/// What the rooms may hold and for how long.
#[derive(Clone, Copy, Debug)]
pub struct RoomLimits {
    /// The most rooms at once ([`MAX_ROOMS`]).
    pub max_rooms: usize,
    /// How long a room is kept without a move ([`ROOM_IDLE`]).
    pub idle: Duration,
    /// The most words a player may score in a round
    /// ([`MAX_WORDS_PER_PLAYER`]).
    pub max_words: usize,
}

impl Default for RoomLimits {
    fn default() -> RoomLimits {
        RoomLimits {
            max_rooms: MAX_ROOMS,
            idle: ROOM_IDLE,
            max_words: MAX_WORDS_PER_PLAYER,
        }
    }
}

/// Every room of the server.
#[derive(Debug)]
pub struct Rooms {
    limits: RoomLimits,
    /// The dictionaries a room may play with, by `lang`; the first is the
    /// default. They live as long as the process.
    dictionaries: Vec<(String, &'static Dictionary)>,
    /// The rooms by ID. Locked only to find, add or drop a room, never
    /// while a room's own lock is held.
    map: Mutex<HashMap<String, Arc<Slot>>>,
    /// Whether the sweep of idle rooms runs.
    sweeping: AtomicBool,
    /// Becomes true when the server stops: the event streams end, so they
    /// do not hold the stop up.
    closing: watch::Sender<bool>,
}

/// One room and its channel.
#[derive(Debug)]
struct Slot {
    state: Mutex<RoomState>,
    /// Each new state of the room, as JSON, to every event stream.
    events: broadcast::Sender<Arc<str>>,
    /// How many event streams are open; shared with the streams, which
    /// must not hold the slot (and its sender) alive.
    watchers: Arc<AtomicUsize>,
}

/// A room and what the server keeps about its players.
#[derive(Debug)]
struct RoomState {
    room: Room<'static>,
    /// Each player's token, with the player and their rate limit.
    seats: HashMap<String, Seat>,
    /// The last join, start or word.
    last_move: Instant,
}

/// A player as the server knows them.
#[derive(Debug)]
struct Seat {
    player: PlayerId,
    bucket: Bucket,
}

/// A token bucket: [`WORD_BURST`] words at once, refilled at
/// [`WORDS_PER_SECOND`].
#[derive(Debug)]
struct Bucket {
    tokens: f64,
    at: Instant,
}

impl Bucket {
    fn full(now: Instant) -> Bucket {
        Bucket {
            tokens: WORD_BURST,
            at: now,
        }
    }

    /// Takes one word's token at `now`, if there is one.
    fn take(&mut self, now: Instant) -> bool {
        let refill = now.saturating_duration_since(self.at).as_secs_f64() * WORDS_PER_SECOND;
        self.tokens = (self.tokens + refill).min(WORD_BURST);
        self.at = now;
        if self.tokens < 1.0 {
            return false;
        }
        self.tokens -= 1.0;
        true
    }
}

impl Rooms {
    /// No rooms yet, to be played with `dictionaries` (the first is the
    /// default).
    pub fn new(dictionaries: &[ServedDictionary], limits: RoomLimits) -> Rooms {
        let dictionaries = dictionaries
            .iter()
            .map(|served| {
                // A room borrows its dictionary for as long as it lives, and
                // rooms outlive any request: the server's dictionaries are
                // kept for the life of the process.
                let dict: &'static Arc<Dictionary> = Box::leak(Box::new(Arc::clone(&served.dict)));
                (served.name.clone(), &**dict)
            })
            .collect();
        Rooms {
            limits,
            dictionaries,
            map: Mutex::new(HashMap::new()),
            sweeping: AtomicBool::new(false),
            closing: watch::Sender::new(false),
        }
    }

    /// Ends every event stream: the server is stopping.
    pub fn close(&self) {
        self.closing.send_replace(true);
    }

    fn room(&self, id: &str) -> Result<Arc<Slot>, ApiError> {
        lock(&self.map)
            .get(id)
            .cloned()
            .ok_or_else(|| ApiError::new(StatusCode::NOT_FOUND, "no such room (rooms expire)"))
    }

    /// Drops every room idle for longer than the limit at `now`.
    fn sweep(&self, now: Instant) {
        let idle = self.limits.idle;
        lock(&self.map).retain(|_, slot| {
            let state = lock(&slot.state);
            let since = state
                .room
                .ends_at()
                .map_or(state.last_move, |end| end.max(state.last_move));
            now.saturating_duration_since(since) < idle
        });
    }

    /// Starts the sweep of idle rooms, once, from the first request that
    /// makes a room (it needs the server's runtime).
    fn start_sweep(&self, server: &Arc<Server>) {
        if self.sweeping.swap(true, Ordering::SeqCst) {
            return;
        }
        let every =
            (self.limits.idle / 4).clamp(Duration::from_millis(100), Duration::from_secs(60));
        let server: Weak<Server> = Arc::downgrade(server);
        tokio::spawn(async move {
            let mut ticks = tokio::time::interval(every);
            loop {
                ticks.tick().await;
                let Some(server) = server.upgrade() else {
                    break;
                };
                server.rooms.sweep(Instant::now());
            }
        });
    }
}

/// A lock, whether or not another thread panicked while holding it: a
/// room's state is valid between any two statements.
fn lock<T>(mutex: &Mutex<T>) -> MutexGuard<'_, T> {
    mutex
        .lock()
        .unwrap_or_else(std::sync::PoisonError::into_inner)
}

impl Slot {
    /// Sends the room's state at `now` to every event stream.
    fn publish(&self, state: &RoomState, now: Instant) {
        if self.events.receiver_count() > 0 {
            let _ = self.events.send(render(&state.room, now));
        }
    }
}

/// The room's state at `now` as JSON text.
fn render(room: &Room<'static>, now: Instant) -> Arc<str> {
    // A view is strings and numbers: writing it cannot fail.
    serde_json::to_string(&room.view(now))
        .unwrap_or_default()
        .into()
}

/// 128 bits from the operating system, in hex.
fn secret() -> Result<String, ApiError> {
    let mut bytes = [0u8; SECRET_BYTES];
    OsRng.try_fill_bytes(&mut bytes).map_err(|_| {
        ApiError::new(
            StatusCode::SERVICE_UNAVAILABLE,
            "the server cannot draw random numbers",
        )
    })?;
    Ok(bytes.iter().map(|byte| format!("{byte:02x}")).collect())
}

/// The body as the request `what`, or a 413 or 400 saying why not. An
/// empty body reads as `{}`.
async fn read<T: DeserializeOwned>(
    headers: &HeaderMap,
    body: Body,
    what: &str,
) -> Result<T, ApiError> {
    let too_large = format!("a room request is at most {MAX_ROOM_BODY} bytes");
    let bytes = read_body(headers, body, MAX_ROOM_BODY, &too_large).await?;
    let bytes: &[u8] = if bytes.iter().all(u8::is_ascii_whitespace) {
        b"{}"
    } else {
        &bytes
    };
    serde_json::from_slice(bytes).map_err(|problem| {
        ApiError::new(
            StatusCode::BAD_REQUEST,
            format!("the request is not {what}: {problem}"),
        )
    })
}

fn json(value: &impl serde::Serialize) -> Response {
    json_body(serde_json::to_vec(value).unwrap_or_default())
}

/// What a room's rules refused, as an answer.
fn refused(problem: RoomError) -> ApiError {
    let status = match problem {
        RoomError::EmptyName | RoomError::LongName { .. } | RoomError::HiddenCharacter => {
            StatusCode::BAD_REQUEST
        }
        RoomError::NoSuchPlayer => StatusCode::FORBIDDEN,
        RoomError::NameTaken { .. }
        | RoomError::Full
        | RoomError::NotStarted
        | RoomError::AlreadyPlaying
        | RoomError::Over
        | RoomError::NotOver
        | RoomError::TooManyWords { .. } => StatusCode::CONFLICT,
    };
    ApiError::new(status, problem.to_string())
}

/// The body of `POST /api/rooms`.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct CreateRequest {
    dice: Option<String>,
    size: Option<String>,
    lang: Option<String>,
    time: Option<String>,
    min_len: Option<u64>,
}

/// `POST /api/rooms`: `{"room": ID}`.
pub async fn create(
    State(server): State<Arc<Server>>,
    headers: HeaderMap,
    body: Body,
) -> Result<Response, ApiError> {
    let request: CreateRequest = read(&headers, body, "a room").await?;
    let rooms = &server.rooms;
    let (lang_name, dict) = match &request.lang {
        None => (&rooms.dictionaries[0].0, rooms.dictionaries[0].1),
        Some(lang) => rooms
            .dictionaries
            .iter()
            .find(|(name, _)| name == lang)
            .map(|(name, dict)| (name, *dict))
            .ok_or_else(|| {
                let names: Vec<&str> = rooms.dictionaries.iter().map(|(n, _)| n.as_str()).collect();
                bad_request(format!(
                    "unknown lang '{lang}' (expected {})",
                    names.join(", ")
                ))
            })?,
    };
    let (set, size) = requested_dice(request.dice.as_deref(), request.size.as_deref())?;
    // A bundled language rolls its own dice unless the room names a set;
    // a word-list file, the default set.
    let roller = match lang_name.parse::<Lang>() {
        Ok(lang) => Roller::choose_in(lang, set, size),
        Err(_) => Roller::choose(set, size),
    }
    .map_err(bad_request)?;
    let (rows, cols) = roller.size();
    let max_cells = MAX_ROOM_CELLS.min(server.limits.max_cells);
    if rows * cols > max_cells {
        return Err(bad_request(format!(
            "a room's board has at most {max_cells} cells, not {rows}x{cols}"
        )));
    }
    let time = match &request.time {
        Some(text) => boggle::duration::parse_duration(text).map_err(bad_request)?,
        None => DEFAULT_ROUND_TIME,
    };
    if time > MAX_ROUND_TIME {
        return Err(bad_request(format!(
            "a round lasts at most {} minutes",
            MAX_ROUND_TIME.as_secs() / 60
        )));
    }
    let min_len = match request.min_len {
        Some(n) if !(1..=MAX_MIN_LEN).contains(&n) => {
            return Err(bad_request(format!(
                "min_len {n} is not a word length (expected 1 to {MAX_MIN_LEN})"
            )));
        }
        value => value.and_then(|n| usize::try_from(n).ok()),
    };
    let setup = RoomSetup {
        roller,
        rules: RulesChoice::Auto,
        min_len,
        time,
        max_words: rooms.limits.max_words,
    };
    let full = || {
        ApiError::new(
            StatusCode::SERVICE_UNAVAILABLE,
            format!(
                "the server holds the most rooms it can ({}): try again later",
                rooms.limits.max_rooms
            ),
        )
    };
    if lock(&rooms.map).len() >= rooms.limits.max_rooms {
        return Err(full());
    }
    // Rolling the board solves it: on a blocking thread, as solves are.
    let seed = dice::new_seed();
    let room = tokio::task::spawn_blocking(move || Room::new(dict, setup, seed))
        .await
        .map_err(|_| ApiError::new(StatusCode::INTERNAL_SERVER_ERROR, "the board failed"))?;
    let id = secret()?;
    let slot = Slot {
        state: Mutex::new(RoomState {
            room,
            seats: HashMap::new(),
            last_move: Instant::now(),
        }),
        events: broadcast::Sender::new(EVENTS_BUFFER),
        watchers: Arc::new(AtomicUsize::new(0)),
    };
    {
        let mut map = lock(&rooms.map);
        if map.len() >= rooms.limits.max_rooms {
            return Err(full());
        }
        map.insert(id.clone(), Arc::new(slot));
    }
    rooms.start_sweep(&server);
    Ok((
        StatusCode::CREATED,
        json(&serde_json::json!({ "room": id })),
    )
        .into_response())
}

/// The body of `POST /api/rooms/ID/players`.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct JoinRequest {
    name: String,
}

/// `POST /api/rooms/ID/players`: `{"player": TOKEN}`.
pub async fn join(
    State(server): State<Arc<Server>>,
    Path(id): Path<String>,
    headers: HeaderMap,
    body: Body,
) -> Result<Response, ApiError> {
    let slot = server.rooms.room(&id)?;
    let request: JoinRequest = read(&headers, body, "a join request").await?;
    let token = secret()?;
    let now = Instant::now();
    let mut state = lock(&slot.state);
    let player = state.room.join(&request.name).map_err(refused)?;
    state.seats.insert(
        token.clone(),
        Seat {
            player,
            bucket: Bucket::full(now),
        },
    );
    state.last_move = now;
    slot.publish(&state, now);
    drop(state);
    Ok((
        StatusCode::CREATED,
        json(&serde_json::json!({ "player": token })),
    )
        .into_response())
}

/// The body of `POST /api/rooms/ID/start`.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct StartRequest {
    player: String,
}

/// A 403 for a token this room did not give.
fn forged() -> ApiError {
    ApiError::new(StatusCode::FORBIDDEN, "not a player of this room")
}

/// `POST /api/rooms/ID/start`: starts the round, or another round once
/// one is over; the answer is the room's state.
pub async fn start(
    State(server): State<Arc<Server>>,
    Path(id): Path<String>,
    headers: HeaderMap,
    body: Body,
) -> Result<Response, ApiError> {
    let slot = server.rooms.room(&id)?;
    let request: StartRequest = read(&headers, body, "a start request").await?;
    // Another round, once one is over: dealing it solves up to 200
    // boards, so on a blocking thread and away from the room's lock. Of
    // two starts at once, the first to come back deals and starts the
    // round; the other is told it is already playing.
    let dealer = {
        let state = lock(&slot.state);
        if !state.seats.contains_key(&request.player) {
            return Err(forged());
        }
        (state.room.phase(Instant::now()) == Phase::Over).then(|| state.room.dealer())
    };
    let next = match dealer {
        Some(dealer) => {
            let seed = dice::new_seed();
            let next = tokio::task::spawn_blocking(move || dealer.deal(seed));
            Some(next.await.map_err(|_| {
                ApiError::new(StatusCode::INTERNAL_SERVER_ERROR, "the board failed")
            })?)
        }
        None => None,
    };
    let mut state = lock(&slot.state);
    let now = Instant::now();
    if let Some(next) = next
        && state.room.phase(now) == Phase::Over
    {
        state.room.another_round(next, now).map_err(refused)?;
    }
    state.room.start(now).map_err(refused)?;
    state.last_move = now;
    let ends_at = state.room.ends_at();
    slot.publish(&state, now);
    let answer = render(&state.room, now);
    drop(state);
    // One more state when the clock runs out, for the event streams.
    if let Some(end) = ends_at {
        let slot = Arc::clone(&slot);
        tokio::spawn(async move {
            tokio::time::sleep_until(end.into()).await;
            let now = Instant::now();
            let state = lock(&slot.state);
            if state.room.ends_at() == Some(end) {
                slot.publish(&state, now);
            }
        });
    }
    Ok(json_body(answer.as_bytes().to_vec()))
}

/// The body of `POST /api/rooms/ID/words`.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct WordRequest {
    player: String,
    word: String,
}

/// `POST /api/rooms/ID/words`: `{"word", "points"}` for a new word of
/// this player's, else `{"error": why}`.
pub async fn word(
    State(server): State<Arc<Server>>,
    Path(id): Path<String>,
    headers: HeaderMap,
    body: Body,
) -> Result<Response, ApiError> {
    let slot = server.rooms.room(&id)?;
    let request: WordRequest = read(&headers, body, "a word request").await?;
    if request.word.chars().count() > MAX_ENTRY_CHARS {
        return Err(bad_request(format!(
            "a word is at most {MAX_ENTRY_CHARS} characters"
        )));
    }
    let now = Instant::now();
    let mut state = lock(&slot.state);
    let seat = state.seats.get_mut(&request.player).ok_or_else(forged)?;
    if !seat.bucket.take(now) {
        return Err(ApiError::new(
            StatusCode::TOO_MANY_REQUESTS,
            format!("too many words: at most {WORDS_PER_SECOND} a second ({WORD_BURST} at once)"),
        ));
    }
    let player = seat.player;
    state.last_move = now;
    let verdict = state
        .room
        .judge(player, &request.word, now)
        .map_err(refused)?;
    match verdict {
        Verdict::Scored { word, score } => {
            slot.publish(&state, now);
            drop(state);
            Ok(json(&serde_json::json!({ "word": word, "points": score })))
        }
        Verdict::Empty => Err(ApiError::new(
            StatusCode::UNPROCESSABLE_ENTITY,
            "no letters: a word was expected",
        )),
        refused => Err(ApiError::new(
            StatusCode::UNPROCESSABLE_ENTITY,
            refused.to_string(),
        )),
    }
}

/// `GET /api/rooms/ID`: the room's state (SPEC §14).
pub async fn state(
    State(server): State<Arc<Server>>,
    Path(id): Path<String>,
) -> Result<Response, ApiError> {
    let slot = server.rooms.room(&id)?;
    let text = render(&lock(&slot.state).room, Instant::now());
    Ok(json_body(text.as_bytes().to_vec()))
}

/// `GET /api/rooms/ID/events`: the room's state now and at every change,
/// as server-sent events, until the room expires or the server stops.
pub async fn events(
    State(server): State<Arc<Server>>,
    Path(id): Path<String>,
) -> Result<Response, ApiError> {
    let slot = server.rooms.room(&id)?;
    let watchers = slot.watchers.fetch_add(1, Ordering::SeqCst);
    let watch = Watch {
        watchers: Arc::clone(&slot.watchers),
    };
    if watchers >= MAX_WATCHERS_PER_ROOM {
        return Err(ApiError::new(
            StatusCode::TOO_MANY_REQUESTS,
            format!("a room has at most {MAX_WATCHERS_PER_ROOM} event streams"),
        ));
    }
    // Subscribed before the first state is read, so no change falls between.
    let receiver = slot.events.subscribe();
    let first = render(&lock(&slot.state).room, Instant::now());
    let closing = server.rooms.closing.subscribe();
    let stream = states(first, receiver, closing, watch);
    Ok(Sse::new(stream)
        .keep_alive(KeepAlive::new().interval(KEEP_ALIVE))
        .into_response())
}

/// An open event stream, counted while it lives.
#[derive(Debug)]
struct Watch {
    watchers: Arc<AtomicUsize>,
}

impl Drop for Watch {
    fn drop(&mut self) {
        self.watchers.fetch_sub(1, Ordering::SeqCst);
    }
}

/// `first`, then every state the channel brings, until the room is
/// dropped or the server stops.
fn states(
    first: Arc<str>,
    receiver: broadcast::Receiver<Arc<str>>,
    closing: watch::Receiver<bool>,
    watch: Watch,
) -> impl Stream<Item = Result<Event, Infallible>> {
    let start = (Some(first), receiver, closing, watch);
    futures_util::stream::unfold(
        start,
        |(first, mut receiver, mut closing, watch)| async move {
            if let Some(text) = first {
                return Some((
                    Ok(Event::default().data(&*text)),
                    (None, receiver, closing, watch),
                ));
            }
            // The room holds the only sender: a room dropped by the sweep ends
            // its streams.
            loop {
                if *closing.borrow() {
                    return None;
                }
                let text = tokio::select! {
                    received = receiver.recv() => match received {
                        Ok(text) => text,
                        // Skipped states are replaced by the next one.
                        Err(broadcast::error::RecvError::Lagged(_)) => continue,
                        Err(broadcast::error::RecvError::Closed) => return None,
                    },
                    _ = closing.changed() => return None,
                };
                let event = Event::default().data(&*text);
                return Some((Ok(event), (None, receiver, closing, watch)));
            }
        },
    )
}
