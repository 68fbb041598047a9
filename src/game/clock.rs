//! The game clock: a time limit that counts down while the game runs and
//! stands still while it is paused, or, for an untimed game, the time
//! played, counting up until the player ends the game. The clock never reads the time itself:
//! every call is given `now`, so tests drive it with instants of their own
//! and a web version can feed it its own time source.

use std::time::{Duration, Instant};

/// A countdown of `limit` (or, untimed, a count of the time played),
/// started, paused and resumed at given instants.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Clock {
    /// The whole time of the game; `None` for an untimed game.
    limit: Option<Duration>,
    /// Time spent running before the current run (or before the pause).
    used: Duration,
    /// When the current run began; `None` while paused or not yet started.
    running_since: Option<Instant>,
    /// Whether the game was ended before its time was up.
    stopped: bool,
}

impl Clock {
    /// A clock of `limit`, started at `now`.
    pub fn start(limit: Duration, now: Instant) -> Clock {
        Clock::new(Some(limit), now)
    }

    /// A clock without a limit, started at `now`: the game ends only when
    /// the player ends it.
    pub fn untimed(now: Instant) -> Clock {
        Clock::new(None, now)
    }

    /// A clock of `limit`, untimed with `None`, started at `now`.
    pub fn new(limit: Option<Duration>, now: Instant) -> Clock {
        Clock {
            limit,
            used: Duration::ZERO,
            running_since: Some(now),
            stopped: false,
        }
    }

    /// The whole time of the game; [`Duration::MAX`] for an untimed game.
    pub fn limit(&self) -> Duration {
        self.limit.unwrap_or(Duration::MAX)
    }

    /// Whether the game has no time limit.
    pub fn is_untimed(&self) -> bool {
        self.limit.is_none()
    }

    /// Time spent running up to `now`.
    pub fn elapsed(&self, now: Instant) -> Duration {
        let current = self
            .running_since
            .map_or(Duration::ZERO, |since| now.saturating_duration_since(since));
        (self.used + current).min(self.limit())
    }

    /// Time left at `now`; zero once the game is over, and
    /// [`Duration::MAX`] while an untimed game runs.
    pub fn remaining(&self, now: Instant) -> Duration {
        if self.stopped {
            return Duration::ZERO;
        }
        self.limit() - self.elapsed(now)
    }

    /// Whether the time is up at `now`, or the game was ended.
    pub fn is_over(&self, now: Instant) -> bool {
        self.remaining(now).is_zero()
    }

    /// Whether the game was ended before its time was up (an untimed game
    /// always is, once it is over).
    pub fn ended_early(&self) -> bool {
        self.stopped && self.limit.is_none_or(|limit| self.used < limit)
    }

    /// Whether the clock stands still.
    pub fn is_paused(&self) -> bool {
        self.running_since.is_none()
    }

    /// Stops the clock at `now`; a paused clock stays as it is.
    pub fn pause(&mut self, now: Instant) {
        if self.running_since.is_some() {
            self.used = self.elapsed(now);
            self.running_since = None;
        }
    }

    /// Starts the clock again at `now`; a running clock runs on, and an
    /// ended game stays over.
    pub fn resume(&mut self, now: Instant) {
        if self.running_since.is_none() && !self.stopped {
            self.running_since = Some(now);
        }
    }

    /// Ends the game at `now`, whatever time is left; the time played
    /// stays as it was at `now`.
    pub fn stop(&mut self, now: Instant) {
        self.pause(now);
        self.stopped = true;
    }
}

/// `m:ss`, the way game clocks show time left: `3:00`, `0:07`. Partial
/// seconds count up, so the clock reads `0:00` only when the time is up.
pub fn format_clock(time: Duration) -> String {
    let seconds = time.as_millis().div_ceil(1000);
    format!("{}:{:02}", seconds / 60, seconds % 60)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn secs(seconds: u64) -> Duration {
        Duration::from_secs(seconds)
    }

    #[test]
    fn counts_down_and_stops_at_zero() {
        let t0 = Instant::now();
        let clock = Clock::start(secs(180), t0);
        assert_eq!(clock.remaining(t0), secs(180));
        assert_eq!(clock.remaining(t0 + secs(60)), secs(120));
        assert!(!clock.is_over(t0 + secs(179)));
        assert!(clock.is_over(t0 + secs(180)));
        assert_eq!(clock.remaining(t0 + secs(500)), Duration::ZERO);
        // An instant before the start (a clock that went backwards) is the start.
        let later = Clock::start(secs(10), t0 + secs(5));
        assert_eq!(later.remaining(t0), secs(10));
    }

    #[test]
    fn a_paused_clock_stands_still() {
        let t0 = Instant::now();
        let mut clock = Clock::start(secs(60), t0);
        clock.pause(t0 + secs(10));
        assert!(clock.is_paused());
        assert_eq!(clock.remaining(t0 + secs(10)), secs(50));
        assert_eq!(clock.remaining(t0 + secs(1000)), secs(50));
        // Pausing twice changes nothing.
        clock.pause(t0 + secs(2000));
        assert_eq!(clock.remaining(t0 + secs(2000)), secs(50));
        clock.resume(t0 + secs(2000));
        assert!(!clock.is_paused());
        assert_eq!(clock.remaining(t0 + secs(2030)), secs(20));
        // Resuming a running clock does not restart its run.
        clock.resume(t0 + secs(2040));
        assert_eq!(clock.remaining(t0 + secs(2040)), secs(10));
        assert!(clock.is_over(t0 + secs(2050)));
    }

    #[test]
    fn stopping_ends_the_game() {
        let t0 = Instant::now();
        let mut clock = Clock::start(secs(60), t0);
        clock.stop(t0 + secs(5));
        assert!(clock.is_over(t0 + secs(5)));
        clock.resume(t0 + secs(6));
        assert!(clock.is_over(t0 + secs(6)));
        assert_eq!(clock.elapsed(t0 + secs(7)), secs(5));
        assert!(clock.ended_early());
        // A clock that ran out did not end early.
        let mut clock = Clock::start(secs(60), t0);
        assert!(clock.is_over(t0 + secs(60)));
        clock.stop(t0 + secs(61));
        assert!(!clock.ended_early());
    }

    #[test]
    fn an_untimed_clock_counts_up_until_stopped() {
        let t0 = Instant::now();
        let mut clock = Clock::untimed(t0);
        assert!(clock.is_untimed());
        assert!(!clock.is_over(t0 + secs(1_000_000)));
        assert_eq!(clock.elapsed(t0 + secs(90)), secs(90));
        clock.pause(t0 + secs(100));
        assert_eq!(clock.elapsed(t0 + secs(500)), secs(100));
        clock.resume(t0 + secs(500));
        clock.stop(t0 + secs(520));
        assert!(clock.is_over(t0 + secs(520)));
        assert_eq!(clock.elapsed(t0 + secs(9000)), secs(120));
        assert!(clock.ended_early());
    }

    #[test]
    fn clock_faces() {
        assert_eq!(format_clock(secs(180)), "3:00");
        assert_eq!(format_clock(secs(67)), "1:07");
        assert_eq!(format_clock(Duration::from_millis(6_200)), "0:07");
        assert_eq!(format_clock(Duration::from_millis(1)), "0:01");
        assert_eq!(format_clock(Duration::ZERO), "0:00");
    }
}
