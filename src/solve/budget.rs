//! The step budget of a search: how many steps it may take ([`Steps`]),
//! the counter each step takes from ([`Walk::take_step`]), and the error
//! when a search needs more ([`BudgetExceeded`]).

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
/// `plain_per_cell` per start cell without pruning.
#[derive(Clone, Copy, Debug)]
pub(super) struct Steps {
    pub(super) plain_per_cell: u64,
    pub(super) max: u64,
}

impl<S: Sink> Walk<'_, S> {
    /// Takes one step of the budget: false, and the budget marked exceeded,
    /// when none is left.
    #[inline(always)]
    pub(super) fn take_step(&mut self) -> bool {
        let (left, out) = self.steps_left.overflowing_sub(1);
        self.steps_left = left;
        if out {
            self.steps_left = 0;
            self.exceeded = true;
        }
        !out
    }
}
