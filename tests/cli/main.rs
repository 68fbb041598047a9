//! Integration tests: they run the real `boggle` binary, as users and shell
//! scripts do. One test binary (see `autotests = false` in Cargo.toml), one
//! module per command area, helpers in `util`.

mod best;
mod contention;
mod dict;
mod games;
mod hostile;
mod solve;
mod stream;
mod temp;
mod util;
