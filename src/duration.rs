//! Durations as people type them on the command line: `90`, `90s`, `3m`,
//! `1m30s`, `50ms`. Used by every command that runs against a clock
//! (`best`, `play`, `serve`); what the clock measures is left to them.

use std::fmt;
use std::time::Duration;

/// The longest duration accepted: a week, far past any game or search a
/// person waits for, and small enough that adding it to an `Instant` cannot
/// overflow.
pub const MAX_DURATION: Duration = Duration::from_secs(7 * 24 * 3600);

/// The units a duration is written in, largest first, with their length
/// in milliseconds. `ms` comes before `m` so that it is read whole.
const UNITS: [(&str, u64); 4] = [("h", 3_600_000), ("ms", 1), ("m", 60_000), ("s", 1_000)];

/// The order units must come in: hours, minutes, seconds, milliseconds.
fn rank(unit: &str) -> usize {
    match unit {
        "h" => 0,
        "m" => 1,
        "s" => 2,
        _ => 3,
    }
}

/// Parses `90` (seconds), `90s`, `3m`, `1m30s`, `2h`, `1h30m`, `50ms` or
/// `1s500ms`: whole numbers, each followed by a unit (`h`, `m`, `s`, `ms`),
/// units in that order and each at most once; a bare number is seconds.
/// Zero is refused, as is anything over [`MAX_DURATION`].
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
        let millis = trimmed
            .parse::<u64>()
            .ok()
            .and_then(|seconds| seconds.checked_mul(1_000));
        return within_limit(millis, text);
    }
    let lower = trimmed.to_ascii_lowercase();
    let mut rest = lower.as_str();
    let mut total: u64 = 0;
    // Units must come in decreasing size: the rank of the last one seen.
    let mut last_unit: Option<usize> = None;
    while !rest.is_empty() {
        let digits = rest.bytes().take_while(u8::is_ascii_digit).count();
        if digits == 0 {
            return Err(bad());
        }
        let amount = rest[..digits].parse::<u64>().map_err(|_| bad())?;
        rest = &rest[digits..];
        let (unit, millis) = UNITS
            .into_iter()
            .find(|(unit, _)| rest.starts_with(unit))
            .ok_or_else(bad)?;
        rest = &rest[unit.len()..];
        if last_unit.is_some_and(|last| last >= rank(unit)) {
            return Err(bad());
        }
        total = amount
            .checked_mul(millis)
            .and_then(|part| total.checked_add(part))
            .ok_or_else(|| error(DurationErrorKind::TooLong))?;
        last_unit = Some(rank(unit));
    }
    within_limit(Some(total), text)
}

fn within_limit(millis: Option<u64>, text: &str) -> Result<Duration, DurationError> {
    let most = u64::try_from(MAX_DURATION.as_millis()).unwrap_or(u64::MAX);
    let kind = match millis {
        Some(millis @ 1..) if millis <= most => {
            return Ok(Duration::from_millis(millis));
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
    /// Not whole numbers each followed by `h`, `m`, `s` or `ms`, in that
    /// order.
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
                "'{text}' is not a duration (expected seconds such as 90, or 90s, 3m, 1m30s, 50ms)"
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
        check_ms(text, expected.map(|seconds| seconds * 1000));
    }

    #[track_caller]
    fn check_ms(text: &str, expected: Option<u64>) {
        assert_eq!(
            parse_duration(text).ok(),
            expected.map(Duration::from_millis),
            "{text:?}"
        );
    }

    #[test]
    fn milliseconds() {
        check_ms("50ms", Some(50));
        check_ms("1ms", Some(1));
        check_ms("1500ms", Some(1500));
        check_ms("1s500ms", Some(1500));
        check_ms("1m30s250ms", Some(90_250));
        check_ms("2H1MS", Some(7_200_001));
        check_ms(" 50ms ", Some(50));
        check_ms("604800000ms", Some(604_800_000));
        for bad in [
            "0ms",
            "ms",
            "50 ms",
            "50msx",
            "5ms1s",
            "1ms1ms",
            "50mss",
            "604800001ms",
            "1.5ms",
        ] {
            check_ms(bad, None);
        }
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
