//! The JSON API (SPEC §11): `POST /api/solve`, `GET /api/random`,
//! `GET /api/health` and `GET /api/dictionaries`.
//!
//! A solve answers the very bytes `boggle solve --format json` prints,
//! written by the same [`output::write_solution`], so the two cannot drift.
//! Requests are checked with the command line's own parsers and messages.

use std::cell::RefCell;
use std::sync::Arc;
use std::time::Instant;

use axum::body::Body;
use axum::extract::{Query, State};
use axum::http::{HeaderMap, StatusCode};
use axum::response::Response;
use boggle::dice::{BoardRng, Roller};
use boggle::lang::Lang;
use boggle::output::{self, OutputFormat, OutputOptions, SortOrder, board_name};
use boggle::rules::{LengthOptions, ReversedLengths, RulesChoice, parse_lengths};
use boggle::solve::{BudgetExceeded, Scratch, Solution};
use boggle::{Board, SolveOptions, Solver};
use serde::Deserialize;

use super::{
    ApiError, MAX_BODY, Server, bad_request, json_body, read_body, requested_dice, requested_seed,
};

/// The longest word length a request may name, as `--min-len` takes it.
const MAX_LEN: u64 = 64;

/// The body of `POST /api/solve`: `boggle solve`'s options by their names.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct SolveRequest {
    board: String,
    lang: Option<String>,
    rules: Option<String>,
    min_len: Option<u64>,
    max_len: Option<u64>,
    lengths: Option<LengthList>,
    sort: Option<String>,
    #[serde(default)]
    paths: bool,
}

/// `lengths` as the command line writes it (`"3,6,7"`) or as a list.
#[derive(Debug, Deserialize)]
#[serde(untagged)]
enum LengthList {
    Text(String),
    Numbers(Vec<u64>),
}

/// A solve, checked and ready to run.
#[derive(Debug)]
struct Job {
    dict: Arc<boggle::Dictionary>,
    board: Board,
    options: SolveOptions,
    output: OutputOptions,
    /// The search's step budget.
    max_steps: u64,
}

/// `POST /api/solve`.
pub async fn solve(
    State(server): State<Arc<Server>>,
    headers: HeaderMap,
    body: Body,
) -> Result<Response, ApiError> {
    let too_large = format!("the request body is larger than {} KiB", MAX_BODY / 1024);
    let bytes = read_body(&headers, body, MAX_BODY, &too_large).await?;
    let request: SolveRequest = serde_json::from_slice(&bytes).map_err(|problem| {
        ApiError::new(
            StatusCode::BAD_REQUEST,
            format!("the request is not a solve request: {problem}"),
        )
    })?;
    let job = job(&server, request)?;
    Ok(json_body(run(&server, job).await?))
}

/// Checks a request as `boggle solve` checks its arguments.
fn job(server: &Server, request: SolveRequest) -> Result<Job, ApiError> {
    let named = server.requested_dictionary(request.lang.as_deref())?;
    let rules = match &request.rules {
        Some(text) => text.parse::<RulesChoice>().map_err(bad_request)?,
        None => RulesChoice::Auto,
    };
    let sort = match &request.sort {
        Some(text) => text.parse::<SortOrder>().map_err(bad_request)?,
        None => SortOrder::Score,
    };
    let length = |name: &str, value: Option<u64>| match value {
        Some(n) if !(1..=MAX_LEN).contains(&n) => Err(bad_request(format!(
            "{name} {n} is not a word length (expected 1 to {MAX_LEN})"
        ))),
        value => Ok(value.and_then(|n| u8::try_from(n).ok())),
    };
    let min_len = length("min_len", request.min_len)?;
    let max_len = length("max_len", request.max_len)?;
    let lengths = match request.lengths {
        None => None,
        Some(LengthList::Text(text)) => Some(parse_lengths(&text).map_err(bad_request)?),
        Some(LengthList::Numbers(numbers)) => {
            let text = numbers.iter().map(u64::to_string).collect::<Vec<_>>();
            Some(parse_lengths(&text.join(",")).map_err(bad_request)?)
        }
    };
    let lengths = LengthOptions {
        min_len: min_len.map(usize::from),
        max_len: max_len.map(usize::from),
        lengths,
    };
    // In the command line's words, as every message of the API is.
    lengths.check().map_err(|ReversedLengths { min, max }| {
        bad_request(format!(
            "--min-len {min} is greater than --max-len {max}: no word could be reported"
        ))
    })?;
    let text = &request.board;
    let board = Board::parse(text, named.dict.normalizer())
        .map_err(|problem| bad_request(format!("{}: {problem}", board_name(text))))?;
    if board.len() > server.limits.max_cells {
        return Err(ApiError::new(
            StatusCode::PAYLOAD_TOO_LARGE,
            format!(
                "{}: {} cells, more than the {} this server solves",
                board_name(text),
                board.len(),
                server.limits.max_cells
            ),
        ));
    }
    Ok(Job {
        dict: Arc::clone(&named.dict),
        board,
        options: SolveOptions {
            rules,
            lengths,
            paths: request.paths,
        },
        output: OutputOptions {
            format: OutputFormat::Json,
            sort,
            paths: request.paths,
            several: false,
        },
        max_steps: server.limits.max_steps,
    })
}

/// Runs `job` on a blocking thread once one of the server's workers is
/// free, within the time limit; the answer is the JSON line.
async fn run(server: &Server, job: Job) -> Result<Vec<u8>, ApiError> {
    let busy = || {
        ApiError::new(
            StatusCode::SERVICE_UNAVAILABLE,
            "the server is busy: try again in a moment",
        )
    };
    let Ok(_admitted) = server.admitted.try_acquire() else {
        return Err(busy());
    };
    let limit = server.limits.time_limit;
    let deadline = Instant::now() + limit;
    let work = async {
        let Ok(permit) = Arc::clone(&server.running).acquire_owned().await else {
            return Err(Stopped::Error(busy()));
        };
        tokio::task::spawn_blocking(move || {
            // The permit is held until the search ends, which is at the
            // latest a moment past the deadline: the permits bound how many
            // run at once.
            let _permit = permit;
            answer(&job, deadline)
        })
        .await
        .unwrap_or_else(|_| {
            Err(Stopped::Error(ApiError::new(
                StatusCode::INTERNAL_SERVER_ERROR,
                "the search failed",
            )))
        })
    };
    let too_long = || {
        ApiError::new(
            StatusCode::SERVICE_UNAVAILABLE,
            format!(
                "the board took longer than the server's limit of {} ms to solve",
                limit.as_millis()
            ),
        )
    };
    match tokio::time::timeout(limit, work).await {
        Ok(Err(Stopped::Late)) | Err(_) => Err(too_long()),
        Ok(Err(Stopped::Error(error))) => Err(error),
        Ok(Ok(bytes)) => Ok(bytes),
    }
}

/// Why a solve gave no answer.
enum Stopped {
    /// The time limit passed.
    Late,
    Error(ApiError),
}

/// Solves the job and writes its JSON line, as `boggle solve` would; the
/// search stops at `deadline`.
fn answer(job: &Job, deadline: Instant) -> Result<Vec<u8>, Stopped> {
    if Instant::now() >= deadline {
        return Err(Stopped::Late);
    }
    let solver = Solver::new(&job.dict, job.options.clone());
    let solution =
        solve_bounded(&solver, &job.board, job.max_steps, deadline).map_err(|exceeded| {
            if Instant::now() >= deadline {
                return Stopped::Late;
            }
            Stopped::Error(ApiError::new(
                StatusCode::UNPROCESSABLE_ENTITY,
                format!("{exceeded}: the server's limit for one board"),
            ))
        })?;
    let mut bytes = Vec::with_capacity(1024);
    output::write_solution(&mut bytes, &job.dict, &job.board, &solution, &job.output).map_err(
        |_| {
            Stopped::Error(ApiError::new(
                StatusCode::INTERNAL_SERVER_ERROR,
                "the answer failed",
            ))
        },
    )?;
    Ok(bytes)
}

thread_local! {
    /// Each blocking thread's search space, kept from solve to solve.
    static SCRATCH: RefCell<Scratch> = RefCell::new(Scratch::default());
}

/// The one place a request's search runs: within its step budget and its
/// deadline, so a board that would take too long is stopped and its worker
/// freed, rather than left to hold a core past the time limit.
fn solve_bounded(
    solver: &Solver,
    board: &Board,
    max_steps: u64,
    deadline: Instant,
) -> Result<Solution, BudgetExceeded> {
    SCRATCH.with(|scratch| {
        solver.solve_within_deadline(board, &mut scratch.borrow_mut(), max_steps, deadline)
    })
}

/// The query of `GET /api/random`.
#[derive(Debug, Deserialize)]
pub struct RandomQuery {
    dice: Option<String>,
    lang: Option<String>,
    size: Option<String>,
    seed: Option<String>,
}

/// `GET /api/random?dice=&size=&seed=&lang=`: `{"board": "…", "seed": "N",
/// "lang": "fi", "dice": "fi"}`. Without `dice`, `lang`'s own dice are
/// rolled (English: the new set, or the set that fills `size`).
pub async fn random(
    State(server): State<Arc<Server>>,
    Query(query): Query<RandomQuery>,
) -> Result<Response, ApiError> {
    let (dice, size) = requested_dice(query.dice.as_deref(), query.size.as_deref())?;
    let cells = size.map_or(0, |(rows, cols): (usize, usize)| rows.saturating_mul(cols));
    if let Some((rows, cols)) = size.filter(|_| cells > server.limits.max_cells) {
        return Err(ApiError::new(
            StatusCode::PAYLOAD_TOO_LARGE,
            format!(
                "a {rows}x{cols} board has more than the {} cells this server solves",
                server.limits.max_cells
            ),
        ));
    }
    let seed = requested_seed(query.seed.as_deref())?;
    let lang = match &query.lang {
        Some(text) => text.parse::<Lang>().map_err(bad_request)?,
        None => Lang::default(),
    };
    let roller = Roller::choose_in(lang, dice, size).map_err(bad_request)?;
    let board = roller.roll(&mut BoardRng::new(seed));
    let body = serde_json::json!({
        "board": board.canonical(),
        "seed": seed.to_string(),
        "lang": lang.code(),
        "dice": roller.set().name(),
    });
    Ok(json_body(body.to_string().into_bytes()))
}

/// `GET /api/health`: `{"status": "ok"}` while the server answers.
pub async fn health() -> Response {
    json_body(br#"{"status":"ok"}"#.to_vec())
}

/// `GET /api/dictionaries`: the `lang` values a request may give, the
/// default first, with their word counts and, for a bundled language, its
/// name (`"name": "Finnish"`).
pub async fn dictionaries(State(server): State<Arc<Server>>) -> Response {
    let list: Vec<serde_json::Value> = server
        .dictionaries
        .iter()
        .map(|named| {
            let mut entry =
                serde_json::json!({ "lang": named.name, "words": named.dict.word_count() });
            if let Ok(lang) = named.name.parse::<Lang>() {
                entry["name"] = lang.name().into();
            }
            entry
        })
        .collect();
    let body = serde_json::json!({
        "default": server.dictionaries[0].name,
        "dictionaries": list,
    });
    json_body(body.to_string().into_bytes())
}
