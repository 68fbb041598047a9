//! The page, embedded in the binary: one HTML file, its style sheet, its
//! script and its icon, written by hand with no framework and no build step.
//! Nothing is read from disk and nothing is loaded from another host.

use axum::http::header;
use axum::response::{IntoResponse, Response};

/// Browsers check again before using a cached copy: a new binary may serve
/// a new page under the same address.
const REVALIDATE: &str = "no-cache";

fn asset(content_type: &'static str, text: &'static str) -> Response {
    (
        [
            (header::CONTENT_TYPE, content_type),
            (header::CACHE_CONTROL, REVALIDATE),
        ],
        text,
    )
        .into_response()
}

/// `GET /`.
pub async fn index() -> Response {
    asset("text/html; charset=utf-8", include_str!("page/index.html"))
}

/// `GET /app.js`.
pub async fn script() -> Response {
    asset(
        "text/javascript; charset=utf-8",
        include_str!("page/app.js"),
    )
}

/// `GET /style.css`.
pub async fn style() -> Response {
    asset("text/css; charset=utf-8", include_str!("page/style.css"))
}

/// `GET /favicon.svg`.
pub async fn favicon() -> Response {
    asset("image/svg+xml", include_str!("page/favicon.svg"))
}

#[cfg(test)]
mod tests {
    /// Everything a first visit loads, uncompressed: at most 60 KB.
    #[test]
    fn the_page_weighs_at_most_60_kb() {
        let weight = include_str!("page/index.html").len()
            + include_str!("page/app.js").len()
            + include_str!("page/style.css").len()
            + include_str!("page/favicon.svg").len();
        assert!(weight <= 60_000, "the page weighs {weight} bytes");
        assert!(weight > 10_000, "the page is missing parts: {weight} bytes");
    }
}
