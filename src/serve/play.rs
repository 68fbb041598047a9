//! `GET /api/game` (SPEC §14): the game `/play` plays, dealt by the
//! library's own [`Game::deal`], so a seed deals the same board in the
//! browser as `boggle play --seed N` does in the terminal.
//!
//! The answer holds the board, its tiles, the rules' shortest word and every
//! word on the board with its points and one path: the page judges each
//! entry from it with the library's wording, with no more requests, so a
//! game once loaded plays to its end offline. Dealing may solve up to
//! [`MAX_ROLLS`](boggle::game::MAX_ROLLS) boards, so it runs on a blocking
//! thread under the same admission and worker permits as a solve.

use std::sync::Arc;

use axum::extract::{Query, State};
use axum::http::StatusCode;
use axum::response::Response;
use boggle::board::Tile;
use boggle::dice::Roller;
use boggle::game::{Game, MIN_BOARD_SCORE};
use boggle::lang::Lang;
use serde::Deserialize;

use super::{ApiError, Server, bad_request, json_body, requested_dice, requested_seed};

/// The most cells a game's board may have: 8×8, past any board played by
/// hand (the server's `--max-cells` may lower it).
pub const MAX_GAME_CELLS: usize = 64;

/// The shortest word a game may count, at most.
const MAX_MIN_LEN: u64 = 64;

/// The query of `GET /api/game`.
#[derive(Debug, Deserialize)]
pub struct GameQuery {
    seed: Option<String>,
    dice: Option<String>,
    size: Option<String>,
    lang: Option<String>,
    min_len: Option<String>,
}

/// `GET /api/game?seed=&dice=&size=&lang=&min_len=`: `{"board", "seed",
/// "lang", "dice", "rows", "cols", "tiles", "rules", "min_len",
/// "fold_accents", "max_score", "words": [{"word", "points", "path"}]}`,
/// paths as cell indices (row × cols + column), words best first;
/// `fold_accents` says whether entries lose their accents before they are
/// looked up, as the dictionary's own words did.
pub async fn game(
    State(server): State<Arc<Server>>,
    Query(query): Query<GameQuery>,
) -> Result<Response, ApiError> {
    let seed = requested_seed(query.seed.as_deref())?;
    let (set, size) = requested_dice(query.dice.as_deref(), query.size.as_deref())?;
    // The page's lang, or the server's default dictionary (which may be a
    // `--dict` list) with that language's dice.
    let named = server.requested_dictionary(query.lang.as_deref())?;
    let lang = named.name.parse::<Lang>().unwrap_or_default();
    let min_len = match &query.min_len {
        Some(text) => match text.trim().parse::<u64>() {
            Ok(n) if (1..=MAX_MIN_LEN).contains(&n) => usize::try_from(n).ok(),
            _ => {
                return Err(bad_request(format!(
                    "min_len '{text}' is not a word length (expected 1 to {MAX_MIN_LEN})"
                )));
            }
        },
        None => None,
    };
    let roller = Roller::choose_in(lang, set, size).map_err(bad_request)?;
    let (rows, cols) = roller.size();
    let most = MAX_GAME_CELLS.min(server.limits.max_cells);
    if rows.saturating_mul(cols) > most {
        return Err(ApiError::new(
            StatusCode::PAYLOAD_TOO_LARGE,
            format!("a {rows}x{cols} board has more than the {most} cells a game may have"),
        ));
    }
    let busy = || {
        ApiError::new(
            StatusCode::SERVICE_UNAVAILABLE,
            "the server is busy: try again in a moment",
        )
    };
    let Ok(_admitted) = server.admitted.try_acquire() else {
        return Err(busy());
    };
    let Ok(permit) = Arc::clone(&server.running).acquire_owned().await else {
        return Err(busy());
    };
    let dict = Arc::clone(&named.dict);
    let lang_name = named.name.clone();
    let work = tokio::task::spawn_blocking(move || {
        let _permit = permit;
        let game = Game::deal(&dict, &roller, seed, min_len, MIN_BOARD_SCORE);
        answer(
            &game,
            &roller,
            seed,
            &lang_name,
            dict.normalizer().fold_accents,
        )
    });
    match tokio::time::timeout(server.limits.time_limit, work).await {
        Ok(Ok(body)) => Ok(json_body(body.into_bytes())),
        Ok(Err(_)) => Err(ApiError::new(
            StatusCode::INTERNAL_SERVER_ERROR,
            "dealing the game failed",
        )),
        Err(_) => Err(ApiError::new(
            StatusCode::SERVICE_UNAVAILABLE,
            format!(
                "dealing the game took longer than the server's limit of {} ms",
                server.limits.time_limit.as_millis()
            ),
        )),
    }
}

/// The game as the page reads it.
fn answer(game: &Game, roller: &Roller, seed: u64, lang: &str, fold_accents: bool) -> String {
    let board = game.board();
    let tiles: Vec<String> = board
        .tiles()
        .iter()
        .map(|tile| match tile {
            Tile::Letter(letter) => letter.to_string(),
            Tile::Letters(letters) => letters.to_string(),
            Tile::Blank => ".".to_owned(),
            Tile::Wildcard => "*".to_owned(),
        })
        .collect();
    let words: Vec<serde_json::Value> = game
        .words()
        .iter()
        .map(|word| serde_json::json!({ "word": word.word, "points": word.score, "path": word.path }))
        .collect();
    serde_json::json!({
        "board": board.canonical(),
        "seed": seed.to_string(),
        "lang": lang,
        "dice": roller.set().name(),
        "rows": board.rows(),
        "cols": board.cols(),
        "tiles": tiles,
        "rules": game.rules().name(),
        "min_len": game.min_len(),
        "fold_accents": fold_accents,
        "max_score": game.max_score(),
        "words": words,
    })
    .to_string()
}
