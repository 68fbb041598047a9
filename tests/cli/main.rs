//! Integration tests: they run the real `boggle` binary, as users and shell
//! scripts do. One test binary (see `autotests = false` in Cargo.toml), one
//! module per command area, helpers in `util`.

mod best;
mod contention;
mod dict;
mod dict_safety;
mod games;
mod hostile;
mod play;
mod prove;
#[path = "../common/rolls.rs"]
mod rolls;
mod signals;
mod solve;
mod stream;
mod temp;
mod terminal;
#[path = "../common/tools.rs"]
mod tools;
mod util;
mod writes;
