//! Options several commands share, each declared once and flattened into
//! the commands that take it: `--rules` and `-j, --threads`. The dictionary
//! options are in `dict_args.rs`, the dice options in `random.rs`.

use std::num::NonZeroUsize;

use boggle::rules::RulesChoice;
use clap::Args;

/// `--rules`.
#[derive(Debug, Args)]
pub struct RulesArg {
    /// Scoring rules: classic, big, superbig, or auto (by board size)
    #[arg(long, default_value = "auto", value_name = "RULES")]
    rules: RulesChoice,
}

impl RulesArg {
    /// The rules asked for.
    pub fn get(&self) -> RulesChoice {
        self.rules
    }
}

/// `-j, --threads`.
#[derive(Debug, Args)]
pub struct ThreadsArg {
    /// Worker threads, at most 1024 [default: all cores]
    #[arg(short = 'j', long, value_name = "N", value_parser = parse_threads)]
    threads: Option<NonZeroUsize>,
}

impl ThreadsArg {
    /// The number of worker threads asked for, if any.
    pub fn get(&self) -> Option<NonZeroUsize> {
        self.threads
    }

    /// The library's thread policy for what was asked.
    pub fn policy(&self) -> boggle::threads::Threads {
        boggle::threads::Threads::new(self.threads.map(NonZeroUsize::get))
    }
}

/// The most worker threads `-j` takes: far more than any machine has
/// cores, and few enough that starting them is quick (a thousand already
/// take a second or two; a hundred thousand, minutes).
pub const MAX_THREADS: usize = 1024;

/// Parses `-j, --threads`: a whole number from 1 to [`MAX_THREADS`].
pub fn parse_threads(text: &str) -> Result<NonZeroUsize, ThreadsError> {
    text.parse::<usize>()
        .ok()
        .filter(|&n| n <= MAX_THREADS)
        .and_then(NonZeroUsize::new)
        .ok_or_else(|| ThreadsError {
            text: text.to_owned(),
        })
}

/// Text that is not a thread count ([`parse_threads`]).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ThreadsError {
    /// The text given.
    pub text: String,
}

impl std::fmt::Display for ThreadsError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(
            f,
            "'{}' is not a thread count (expected a whole number from 1 to {MAX_THREADS})",
            self.text
        )
    }
}

impl std::error::Error for ThreadsError {}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn thread_counts() {
        assert_eq!(parse_threads("1").map(NonZeroUsize::get), Ok(1));
        assert_eq!(parse_threads("1024").map(NonZeroUsize::get), Ok(1024));
        for bad in ["0", "1025", "100000", "-1", "", "a", "99999999999999999999"] {
            let error = parse_threads(bad).unwrap_err().to_string();
            assert_eq!(
                error,
                format!("'{bad}' is not a thread count (expected a whole number from 1 to 1024)")
            );
        }
    }
}
