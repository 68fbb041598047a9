//! Links the `boggle` binary at a fixed address on Linux with the GNU C
//! library (`-no-pie`), unless `BOGGLE_PIE=1` is set when it is built.
//!
//! A position-independent executable is relocated each time it starts:
//! thousands of addresses written into its tables, each page of which is
//! then copied on write. A run on one board pays that at every start
//! (docs/performance.md, "Starting up", has the measurements). The price
//! is that the binary's own code and tables lie at the same address in
//! every run; its libraries, heap and stacks are still placed at random,
//! and the code is memory-safe Rust. A packager whose policy wants every
//! executable position-independent builds with `BOGGLE_PIE=1`.
//!
//! Only the binary is linked so (`rustc-link-arg-bins`): the library, the
//! tests and the procedural macros are built as they always are.

fn main() {
    println!("cargo::rerun-if-changed=build.rs");
    println!("cargo::rerun-if-env-changed=BOGGLE_PIE");
    let linux_gnu = std::env::var("CARGO_CFG_TARGET_OS").as_deref() == Ok("linux")
        && std::env::var("CARGO_CFG_TARGET_ENV").as_deref() == Ok("gnu");
    let pie = std::env::var("BOGGLE_PIE").as_deref() == Ok("1");
    if linux_gnu && !pie {
        println!("cargo::rustc-link-arg-bins=-no-pie");
    }
}
