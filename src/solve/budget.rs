//! The step budget of a search: how many steps it may take ([`Steps`]),
//! the counter each step takes from ([`Walk::take_step`]), and the error
//! when a search needs more ([`BudgetExceeded`]). A deadline is part of the
//! budget: the budget is given out [`CLOCK_STEPS`] at a time, and the clock
//! is read only when a part runs out.

use std::time::Instant;

use super::sink::Sink;
use super::walk::Walk;

/// A search given a budget of steps ([`Solver::solve_within`](super::Solver::solve_within)) needed more.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct BudgetExceeded {
    /// The budget the search was given.
    pub max_steps: u64,
}

impl std::fmt::Display for BudgetExceeded {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "the search needed more than {} steps", self.max_steps)
    }
}

impl std::error::Error for BudgetExceeded {}

/// How many steps a search may take: `max` in all, of which at most
/// `plain_per_cell` per start cell without pruning, and until when.
#[derive(Clone, Copy, Debug)]
pub(super) struct Steps {
    pub(super) plain_per_cell: u64,
    pub(super) max: u64,
    pub(super) deadline: Option<Instant>,
}

/// How many steps a search with a deadline takes between two readings of
/// the clock: about a tenth of a millisecond.
pub const CLOCK_STEPS: u64 = 4096;

impl<S: Sink> Walk<'_, S> {
    /// Takes one step of the budget: false, and the budget marked exceeded,
    /// when none is left.
    #[inline(always)]
    pub(super) fn take_step(&mut self) -> bool {
        let (left, out) = self.steps_left.overflowing_sub(1);
        self.steps_left = left;
        if out {
            return self.next_part();
        }
        true
    }

    /// Gives the search a budget of `max` steps: all at once, or with a
    /// deadline, [`CLOCK_STEPS`] at a time.
    pub(super) fn set_budget(&mut self, max: u64) {
        let first = if self.deadline.is_some() {
            max.min(CLOCK_STEPS)
        } else {
            max
        };
        self.steps_left = first;
        self.reserve = max - first;
    }

    /// The current part of the budget ran out: the next part, and this
    /// step taken from it, if there is one and the deadline is not passed;
    /// otherwise false, and the budget marked exceeded.
    #[cold]
    #[inline(never)]
    fn next_part(&mut self) -> bool {
        let on_time = self
            .deadline
            .is_none_or(|deadline| Instant::now() < deadline);
        if self.reserve > 0 && on_time {
            let part = self.reserve.min(CLOCK_STEPS);
            self.reserve -= part;
            self.steps_left = part - 1;
            return true;
        }
        self.timed_out = !on_time;
        self.steps_left = 0;
        self.exceeded = true;
        false
    }
}
