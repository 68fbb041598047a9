//! The pages, embedded in the binary: the solver (`/`), the game (`/play`)
//! and rooms (`/room`), their style sheets, their script modules (some
//! shared), the game's service worker and the icon, written by hand with no
//! framework and no build step. Nothing is read from disk and nothing is
//! loaded from another host.
//!
//! Every file carries an ETag, a hash of its content (weak, `W/"…"`, since
//! the answer may be gzipped), and a request that names it in
//! `If-None-Match` is answered 304 with no body. The HTML pages are
//! always revalidated; they name the other files with their hash in the
//! query (`/board.js?v=…`), and a file asked for by its hash is cached for a
//! year, since another content gets another address. The hashes are made
//! once, at the first request: a module's address holds the hashes of the
//! modules it imports, so a change anywhere reaches the page's address of
//! every file that depends on it.

use std::sync::LazyLock;

use axum::http::{HeaderMap, HeaderValue, StatusCode, header};
use axum::response::{IntoResponse, Response};

/// Browsers check again before using a cached copy: a new binary may serve
/// a new page under the same address.
const REVALIDATE: &str = "no-cache";

/// A file asked for by its content's hash never changes.
const IMMUTABLE: &str = "public, max-age=31536000, immutable";

/// A file of the page as written.
struct Source {
    path: &'static str,
    content_type: &'static str,
    text: &'static str,
}

/// The page's files, each after the files it names: the modules an import
/// names come before the module, and the HTML pages (`/`, `/play`,
/// `/room`) come last. A page is never named by hash: its address is the
/// one a person shares.
const SOURCES: &[Source] = &[
    Source {
        path: "/favicon.svg",
        content_type: "image/svg+xml",
        text: include_str!("page/favicon.svg"),
    },
    Source {
        path: "/style.css",
        content_type: "text/css; charset=utf-8",
        text: include_str!("page/style.css"),
    },
    Source {
        path: "/play.css",
        content_type: "text/css; charset=utf-8",
        text: include_str!("page/play.css"),
    },
    Source {
        path: "/state.js",
        content_type: JAVASCRIPT,
        text: include_str!("page/state.js"),
    },
    Source {
        path: "/address.js",
        content_type: JAVASCRIPT,
        text: include_str!("page/address.js"),
    },
    Source {
        path: "/api.js",
        content_type: JAVASCRIPT,
        text: include_str!("page/api.js"),
    },
    Source {
        path: "/trail.js",
        content_type: JAVASCRIPT,
        text: include_str!("page/trail.js"),
    },
    Source {
        path: "/board.js",
        content_type: JAVASCRIPT,
        text: include_str!("page/board.js"),
    },
    Source {
        path: "/results.js",
        content_type: JAVASCRIPT,
        text: include_str!("page/results.js"),
    },
    Source {
        path: "/judge.js",
        content_type: JAVASCRIPT,
        text: include_str!("page/judge.js"),
    },
    Source {
        path: "/grid.js",
        content_type: JAVASCRIPT,
        text: include_str!("page/grid.js"),
    },
    Source {
        path: "/sw.js",
        content_type: JAVASCRIPT,
        text: include_str!("page/sw.js"),
    },
    Source {
        path: "/play.js",
        content_type: JAVASCRIPT,
        text: include_str!("page/play.js"),
    },
    Source {
        path: "/room.js",
        content_type: JAVASCRIPT,
        text: include_str!("page/room.js"),
    },
    Source {
        path: "/app.js",
        content_type: JAVASCRIPT,
        text: include_str!("page/app.js"),
    },
    Source {
        path: "/",
        content_type: HTML,
        text: include_str!("page/index.html"),
    },
    Source {
        path: "/play",
        content_type: HTML,
        text: include_str!("page/play.html"),
    },
    Source {
        path: "/room",
        content_type: HTML,
        text: include_str!("page/room.html"),
    },
];

const JAVASCRIPT: &str = "text/javascript; charset=utf-8";

const HTML: &str = "text/html; charset=utf-8";

/// The paths the page's files are served at.
pub fn paths() -> impl Iterator<Item = &'static str> {
    SOURCES.iter().map(|source| source.path)
}

/// A file as served: its text with the hashed addresses of the files it
/// names, and its ETag.
struct Asset {
    path: &'static str,
    content_type: &'static str,
    body: String,
    /// The hash of `body`, in hexadecimal.
    hash: String,
    etag: HeaderValue,
}

static ASSETS: LazyLock<Vec<Asset>> = LazyLock::new(|| {
    let mut assets: Vec<Asset> = Vec::with_capacity(SOURCES.len());
    for source in SOURCES {
        let mut body = source.text.to_owned();
        for named in assets.iter().filter(|named| named.content_type != HTML) {
            let quoted = format!("\"{}\"", named.path);
            let hashed = format!("\"{}?v={}\"", named.path, named.hash);
            body = body.replace(&quoted, &hashed);
        }
        let hash = format!("{:016x}", fnv1a(body.as_bytes()));
        let etag = HeaderValue::from_str(&format!("W/\"{hash}\"")).expect("hex is a header value");
        assets.push(Asset {
            path: source.path,
            content_type: source.content_type,
            body,
            hash,
            etag,
        });
    }
    assets
});

/// The 64-bit FNV-1a hash: enough to tell two versions of a file apart.
fn fnv1a(bytes: &[u8]) -> u64 {
    bytes.iter().fold(0xcbf2_9ce4_8422_2325, |hash, &byte| {
        (hash ^ u64::from(byte)).wrapping_mul(0x0100_0000_01b3)
    })
}

/// `GET path` for one of the page's files; `query` is the request's query,
/// `v=HASH` when the page named the file.
pub fn serve(path: &str, query: Option<&str>, headers: &HeaderMap) -> Response {
    let Some(asset) = ASSETS.iter().find(|asset| asset.path == path) else {
        return StatusCode::NOT_FOUND.into_response();
    };
    let hashed = asset.content_type != HTML && query == Some(&format!("v={}", asset.hash));
    let cache = HeaderValue::from_static(if hashed { IMMUTABLE } else { REVALIDATE });
    let fresh = headers
        .get_all(header::IF_NONE_MATCH)
        .iter()
        .filter_map(|value| value.to_str().ok())
        .flat_map(|value| value.split(','))
        .map(|tag| tag.trim().trim_start_matches("W/"))
        .any(|tag| tag == "*" || tag.trim_matches('"') == asset.hash);
    let cache_headers = [
        (header::ETAG, asset.etag.clone()),
        (header::CACHE_CONTROL, cache),
    ];
    if fresh {
        return (StatusCode::NOT_MODIFIED, cache_headers).into_response();
    }
    (
        cache_headers,
        [(
            header::CONTENT_TYPE,
            HeaderValue::from_static(asset.content_type),
        )],
        asset.body.clone(),
    )
        .into_response()
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The files a visit to `page` loads: the page, and every file named
    /// in quotes by a file it loads.
    fn loaded_by(page: &str) -> Vec<&'static Source> {
        let mut loaded: Vec<&Source> = SOURCES.iter().filter(|s| s.path == page).collect();
        loop {
            let more: Vec<&Source> = SOURCES
                .iter()
                .filter(|s| s.content_type != HTML && !loaded.iter().any(|l| l.path == s.path))
                .filter(|s| {
                    let quoted = format!("\"{}\"", s.path);
                    loaded.iter().any(|l| l.text.contains(&quoted))
                })
                .collect();
            if more.is_empty() {
                return loaded;
            }
            loaded.extend(more);
        }
    }

    /// Everything a first visit to each page loads, uncompressed: at most
    /// 60 KB.
    #[test]
    fn each_page_weighs_at_most_60_kb() {
        for (page, least) in [("/", 20_000), ("/play", 10_000), ("/room", 10_000)] {
            let files = loaded_by(page);
            let weight: usize = files.iter().map(|source| source.text.len()).sum();
            assert!(weight <= 60_000, "{page} weighs {weight} bytes");
            assert!(weight > least, "{page} is missing parts: {weight} bytes");
        }
        let play: Vec<&str> = loaded_by("/play").iter().map(|s| s.path).collect();
        for file in ["/play.js", "/grid.js", "/judge.js", "/trail.js", "/sw.js"] {
            assert!(play.contains(&file), "/play loads {file}: {play:?}");
        }
        let solver: Vec<&str> = loaded_by("/").iter().map(|s| s.path).collect();
        assert!(!solver.contains(&"/play.js"), "{solver:?}");
    }

    /// Every file is named with its hash by a page or a module, every
    /// module but the pages' own scripts is imported by hash, and every
    /// import and link names a file the server has.
    #[test]
    fn the_page_names_its_files_by_hash() {
        const ENTRIES: [&str; 4] = ["/app.js", "/play.js", "/room.js", "/sw.js"];
        let names = |asset: &Asset, other: &Asset| {
            other
                .body
                .contains(&format!("\"{}?v={}\"", asset.path, asset.hash))
        };
        for asset in ASSETS.iter().filter(|asset| asset.content_type != HTML) {
            if asset.path.ends_with(".js") && !ENTRIES.contains(&asset.path) {
                // Modules are named by the modules that import them.
                let importers = ASSETS
                    .iter()
                    .filter(|other| other.path.ends_with(".js") && names(asset, other));
                assert!(importers.count() >= 1, "{} is imported by hash", asset.path);
            }
            let named = ASSETS.iter().filter(|other| names(asset, other)).count();
            assert!(named >= 1, "something names {} by hash", asset.path);
        }
        for page in ["/", "/play", "/room"] {
            let page = ASSETS.iter().find(|asset| asset.path == page).unwrap();
            assert!(
                page.body.contains("\"/style.css?v="),
                "{} links its style",
                page.path
            );
            assert!(
                !page.body.contains("\"/play?v="),
                "{} names a page by hash",
                page.path
            );
        }
        for asset in ASSETS.iter() {
            for (at, _) in asset.body.match_indices(" from \"") {
                let rest = &asset.body[at + 7..];
                let named = &rest[..rest.find('"').unwrap()];
                assert!(named.contains("?v="), "{}: {named}", asset.path);
            }
        }
    }

    #[test]
    fn the_hash_is_fnv1a() {
        // The published test vectors of 64-bit FNV-1a.
        assert_eq!(fnv1a(b""), 0xcbf2_9ce4_8422_2325);
        assert_eq!(fnv1a(b"a"), 0xaf63_dc4c_8601_ec8c);
        assert_eq!(fnv1a(b"foobar"), 0x8594_4171_f739_67e8);
    }
}
