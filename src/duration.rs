//! Durations as people type them on the command line: `90`, `90s`, `3m`,
//! `1m30s`. Used by every command that runs against a clock (`best`,
//! `play`); what the clock measures is left to them.

use std::fmt;
use std::time::Duration;

/// The longest duration accepted: a week, far past any game or search a
/// person waits for, and small enough that adding it to an `Instant` cannot
/// overflow.
pub const MAX_DURATION: Duration = Duration::from_secs(7 * 24 * 3600);

/// Parses `90` (seconds), `90s`, `3m`, `1m30s`, `2h` or `1h30m`: whole
/// numbers, each followed by a unit (`h`, `m`, `s`), units in that order and
/// each at most once; a bare number is seconds. Zero is refused, as is
/// anything over [`MAX_DURATION`].
pub fn parse_duration(text: &str) -> Result<Duration, DurationError> {
    let error = |kind| DurationError {
        text: text.to_owned(),
        kind,
    };
    let bad = || error(DurationErrorKind::Syntax);
    let trimmed = text.trim();
    if trimmed.is_empty() {
        return Err(bad());
    }
    if trimmed.bytes().all(|byte| byte.is_ascii_digit()) {
        return seconds_within_limit(trimmed.parse::<u64>().ok(), text);
    }
    let mut total: u64 = 0;
    let mut digits = String::new();
    // Units must come in decreasing size: the index of the last one seen.
    let mut last_unit: Option<usize> = None;
    for ch in trimmed.chars() {
        if ch.is_ascii_digit() {
            digits.push(ch);
            continue;
        }
        let (index, seconds) = match ch.to_ascii_lowercase() {
            'h' => (0, 3600),
            'm' => (1, 60),
            's' => (2, 1),
            _ => return Err(bad()),
        };
        if digits.is_empty() || last_unit.is_some_and(|last| last >= index) {
            return Err(bad());
        }
        let amount = digits.parse::<u64>().map_err(|_| bad())?;
        total = amount
            .checked_mul(seconds)
            .and_then(|part| total.checked_add(part))
            .ok_or_else(|| error(DurationErrorKind::TooLong))?;
        digits.clear();
        last_unit = Some(index);
    }
    if !digits.is_empty() {
        return Err(bad());
    }
    seconds_within_limit(Some(total), text)
}

fn seconds_within_limit(seconds: Option<u64>, text: &str) -> Result<Duration, DurationError> {
    let kind = match seconds {
        Some(seconds @ 1..) if seconds <= MAX_DURATION.as_secs() => {
            return Ok(Duration::from_secs(seconds));
        }
        Some(0) => DurationErrorKind::Zero,
        _ => DurationErrorKind::TooLong,
    };
    Err(DurationError {
        text: text.to_owned(),
        kind,
    })
}

/// Why a duration ([`parse_duration`]) was refused.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct DurationError {
    /// The text given.
    pub text: String,
    /// What was wrong with it.
    pub kind: DurationErrorKind,
}

/// The ways a duration can be wrong.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum DurationErrorKind {
    /// Not whole numbers each followed by `h`, `m` or `s`, in that order.
    Syntax,
    /// Zero.
    Zero,
    /// More than [`MAX_DURATION`].
    TooLong,
}

impl fmt::Display for DurationError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let text = &self.text;
        match self.kind {
            DurationErrorKind::Syntax => write!(
                f,
                "'{text}' is not a duration (expected seconds such as 90, or 90s, 3m, 1m30s)"
            ),
            DurationErrorKind::Zero => {
                write!(
                    f,
                    "'{text}' is not a duration (it must be longer than zero)"
                )
            }
            DurationErrorKind::TooLong => write!(
                f,
                "'{text}' is too long a duration (at most {} hours)",
                MAX_DURATION.as_secs() / 3600
            ),
        }
    }
}

impl std::error::Error for DurationError {}

#[cfg(test)]
mod tests {
    use super::*;

    #[track_caller]
    fn check(text: &str, expected: Option<u64>) {
        assert_eq!(
            parse_duration(text).ok(),
            expected.map(Duration::from_secs),
            "{text:?}"
        );
    }

    #[test]
    fn durations_as_people_type_them() {
        check("90", Some(90));
        check("90s", Some(90));
        check("3m", Some(180));
        check("1m30s", Some(90));
        check("1M30S", Some(90));
        check("2h", Some(7200));
        check("1h30m", Some(5400));
        check(" 45 ", Some(45));
        check("168h", Some(604_800));
    }

    #[test]
    fn everything_else_is_refused() {
        for bad in [
            "",
            " ",
            "0",
            "0s",
            "0m0s",
            "s",
            "m30",
            "30s1m",
            "1m1m",
            "1.5m",
            "-5",
            "5 m",
            "1d",
            "169h",
            "99999999999999999999",
            "18446744073709551615h",
            "ⅷ",
        ] {
            check(bad, None);
        }
    }
}
