//! `Lazy`: a subcommand whose arguments clap builds only when they are
//! needed.
//!
//! clap's derive builds the whole tree of commands and arguments before it
//! parses anything, although a run uses one branch of it. Each subcommand
//! here wraps its arguments in `Lazy`, which hands them to
//! [`clap::Command::defer`]: clap adds them when that subcommand is parsed,
//! or when the whole tree is built for help, completions and manual pages
//! (`Command::build`). The help, errors, completions and pages are the same
//! as without it, which `tests/cli/games.rs` checks for every command. It
//! takes the largest part of clap's work out of a run such as `boggle solve
//! BOARD`, most of whose time is starting a process (docs/performance.md,
//! "Starting up").

use clap::{ArgMatches, Args, Command, FromArgMatches};

/// Arguments `T` that clap adds to their subcommand only when it parses or
/// describes that subcommand.
#[derive(Debug)]
pub struct Lazy<T>(pub T);

impl<T: FromArgMatches> FromArgMatches for Lazy<T> {
    fn from_arg_matches(matches: &ArgMatches) -> Result<Self, clap::Error> {
        T::from_arg_matches(matches).map(Lazy)
    }

    fn from_arg_matches_mut(matches: &mut ArgMatches) -> Result<Self, clap::Error> {
        T::from_arg_matches_mut(matches).map(Lazy)
    }

    fn update_from_arg_matches(&mut self, matches: &ArgMatches) -> Result<(), clap::Error> {
        self.0.update_from_arg_matches(matches)
    }

    fn update_from_arg_matches_mut(&mut self, matches: &mut ArgMatches) -> Result<(), clap::Error> {
        self.0.update_from_arg_matches_mut(matches)
    }
}

impl<T: Args> Args for Lazy<T> {
    fn group_id() -> Option<clap::Id> {
        T::group_id()
    }

    fn augment_args(cmd: Command) -> Command {
        cmd.defer(|cmd| keeping_about(cmd, T::augment_args))
    }

    fn augment_args_for_update(cmd: Command) -> Command {
        cmd.defer(|cmd| keeping_about(cmd, T::augment_args_for_update))
    }
}

/// `cmd` with the arguments `augment` adds, keeping the subcommand's own
/// description (from its enum variant's doc comment) over the one of the
/// arguments' struct. Added at once, the variant's description is set after
/// the struct's and wins; deferred, it is set before, so it is set again.
fn keeping_about(cmd: Command, augment: fn(Command) -> Command) -> Command {
    let about = cmd.get_about().cloned();
    let long_about = cmd.get_long_about().cloned();
    let cmd = augment(cmd);
    let cmd = match about {
        Some(about) => cmd.about(about),
        None => cmd,
    };
    match long_about {
        Some(long_about) => cmd.long_about(long_about),
        None => cmd.long_about(None),
    }
}
