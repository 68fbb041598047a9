//! The history of games played: one JSON object a line (JSON Lines), a
//! [`Record`] for each finished game, and the player's standing (best and
//! average score) for a kind of game: the same [`Kind`], everything that
//! changes what a board can score (dice, size, time, minimum length, word
//! list, minimum board score), among the games played to the end.
//!
//! Records written before a field existed read it as its default; a record
//! without a word list then matches no game played since, rather than
//! mixing languages.
//!
//! Reading takes the file's text and writing any [`io::Write`]: where the
//! file lives and what to do when it cannot be read or written is the
//! caller's business. A damaged line is skipped with a warning, never fatal.

use std::io::{self, Write};

use serde::{Deserialize, Serialize};

/// What makes games comparable: everything that changes the score a
/// player can make.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Kind {
    /// The dice set's name (`new`, `big`, `uniform` …).
    pub dice: String,
    /// The board's size as `RxC`.
    pub size: String,
    /// The game's time limit in seconds; 0 for an untimed game.
    pub time: u64,
    /// The shortest word that counted.
    #[serde(default)]
    pub min_len: usize,
    /// The bundled word list's language code, when the words came from one.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub lang: Option<String>,
    /// The word list file, when the words came from one.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub dict: Option<String>,
    /// Whether accents were folded.
    #[serde(default, skip_serializing_if = "is_false")]
    pub fold_accents: bool,
    /// The fewest points a board was dealt with (0: any board).
    #[serde(default)]
    pub min_board_score: u64,
}

fn is_false(value: &bool) -> bool {
    !value
}

/// One finished game.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Record {
    /// When the game ended, UTC, as `2026-11-23T19:04:05Z`.
    pub date: String,
    /// The seed the board was rolled from.
    pub seed: u64,
    /// The kind of game.
    #[serde(flatten)]
    pub kind: Kind,
    /// The board in canonical form.
    pub board: String,
    /// The words found, in the order found.
    pub words: Vec<String>,
    /// The points scored.
    pub score: u64,
    /// The points of every word on the board.
    pub max: u64,
    /// Whether the player ended the game before its time was up.
    #[serde(default, skip_serializing_if = "is_false")]
    pub early: bool,
}

impl Record {
    /// Whether the game counts in the player's standing: a timed game
    /// played to the end of its time, or an untimed one with a word found.
    /// A game given up early says nothing of how well the player plays.
    pub fn counts(&self) -> bool {
        if self.kind.time == 0 {
            !self.words.is_empty()
        } else {
            !self.early
        }
    }
}

/// The records read from a history, and a warning for each damaged line.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct History {
    pub records: Vec<Record>,
    /// `line 3: …`, one for each line skipped.
    pub warnings: Vec<String>,
}

/// Reads a history's text; blank lines are skipped quietly.
pub fn read(text: &str) -> History {
    let mut history = History::default();
    for (n, line) in text.lines().enumerate() {
        if line.trim().is_empty() {
            continue;
        }
        match serde_json::from_str::<Record>(line) {
            Ok(record) => history.records.push(record),
            Err(error) => history.warnings.push(format!(
                "line {}: skipped, not a game record ({error})",
                n + 1
            )),
        }
    }
    history
}

/// Writes `record` as one line.
pub fn write<W: Write>(out: &mut W, record: &Record) -> io::Result<()> {
    let mut line = serde_json::to_vec(record).map_err(io::Error::other)?;
    line.push(b'\n');
    out.write_all(&line)
}

/// The player's games of one kind, summed up.
#[derive(Clone, Debug, PartialEq)]
pub struct Standing {
    /// How many such games.
    pub games: usize,
    /// The best score.
    pub best: u64,
    /// The mean score.
    pub average: f64,
}

/// The standing over the `records` of the same [`Kind`] as `like` that
/// count (see [`Record::counts`]); `None` when there is none.
pub fn standing(records: &[Record], like: &Record) -> Option<Standing> {
    let scores: Vec<u64> = records
        .iter()
        .filter(|r| r.kind == like.kind && r.counts())
        .map(|r| r.score)
        .collect();
    let best = *scores.iter().max()?;
    Some(Standing {
        games: scores.len(),
        best,
        average: scores.iter().sum::<u64>() as f64 / scores.len() as f64,
    })
}

/// `seconds` after the Unix epoch as a UTC date and time,
/// `2026-11-23T19:04:05Z` (the civil calendar, as in Howard Hinnant's
/// `civil_from_days`).
pub fn utc_date(seconds: u64) -> String {
    let days = (seconds / 86_400) as i64;
    let time = seconds % 86_400;
    let z = days + 719_468;
    let era = z.div_euclid(146_097);
    let day_of_era = z.rem_euclid(146_097);
    let year_of_era =
        (day_of_era - day_of_era / 1460 + day_of_era / 36_524 - day_of_era / 146_096) / 365;
    let day_of_year = day_of_era - (365 * year_of_era + year_of_era / 4 - year_of_era / 100);
    let month_index = (5 * day_of_year + 2) / 153;
    let day = day_of_year - (153 * month_index + 2) / 5 + 1;
    let month = if month_index < 10 {
        month_index + 3
    } else {
        month_index - 9
    };
    let year = year_of_era + era * 400 + i64::from(month <= 2);
    format!(
        "{year:04}-{month:02}-{day:02}T{:02}:{:02}:{:02}Z",
        time / 3600,
        time / 60 % 60,
        time % 60
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    fn record(dice: &str, time: u64, score: u64) -> Record {
        Record {
            date: utc_date(0),
            seed: 7,
            kind: Kind {
                dice: dice.to_owned(),
                size: "4x4".to_owned(),
                time,
                min_len: 3,
                lang: Some("en".to_owned()),
                dict: None,
                fold_accents: false,
                min_board_score: 10,
            },
            board: "ezmr/nube/slos/paon".to_owned(),
            words: vec!["bones".to_owned()],
            score,
            max: 187,
            early: false,
        }
    }

    #[test]
    fn records_round_trip_and_damaged_lines_are_skipped() {
        let mut text = Vec::new();
        write(&mut text, &record("new", 180, 12)).unwrap();
        text.extend_from_slice(b"{\"date\": broken\n\n");
        write(&mut text, &record("big", 180, 30)).unwrap();
        text.extend_from_slice(b"[1,2]\n");
        let text = String::from_utf8(text).unwrap();
        assert_eq!(
            text.lines().next().unwrap(),
            r#"{"date":"1970-01-01T00:00:00Z","seed":7,"dice":"new","size":"4x4","time":180,"min_len":3,"lang":"en","min_board_score":10,"board":"ezmr/nube/slos/paon","words":["bones"],"score":12,"max":187}"#
        );
        let history = read(&text);
        assert_eq!(
            history.records,
            [record("new", 180, 12), record("big", 180, 30)]
        );
        assert_eq!(history.warnings.len(), 2);
        assert!(history.warnings[0].starts_with("line 2: skipped, not a game record ("));
        assert!(history.warnings[1].starts_with("line 5: "));
    }

    #[test]
    fn records_from_before_the_kind_had_every_field() {
        let old = r#"{"date":"2026-01-01T00:00:00Z","seed":1,"dice":"new","size":"4x4","board":"abcd/efgh/ijkl/mnop","time":180,"words":[],"score":12,"max":100}"#;
        let history = read(old);
        assert_eq!(history.warnings, Vec::<String>::new());
        let kind = &history.records[0].kind;
        assert_eq!(
            (kind.min_len, &kind.lang, kind.min_board_score),
            (0, &None, 0)
        );
        // It stands apart from the games played since.
        assert_eq!(standing(&history.records, &record("new", 180, 0)), None);
    }

    #[test]
    fn standing_for_the_same_kind_of_game_played_to_the_end() {
        let other = |change: fn(&mut Record)| {
            let mut record = record("new", 180, 90);
            change(&mut record);
            record
        };
        let records = [
            record("new", 180, 10),
            record("new", 180, 25),
            record("new", 120, 90),
            record("big", 180, 90),
            other(|r| r.kind.size = "5x5".to_owned()),
            other(|r| r.kind.min_len = 4),
            other(|r| r.kind.lang = Some("fr".to_owned())),
            other(|r| r.kind.dict = Some("/words.txt".to_owned())),
            other(|r| r.kind.fold_accents = true),
            other(|r| r.kind.min_board_score = 0),
            // Given up early.
            other(|r| r.early = true),
            record("new", 180, 4),
        ];
        let standing = standing(&records, &record("new", 180, 0)).unwrap();
        assert_eq!((standing.games, standing.best), (3, 25));
        assert!((standing.average - 13.0).abs() < 1e-9);
        assert_eq!(super::standing(&records, &record("superbig", 240, 0)), None);
        // Untimed games count once a word is found.
        let mut untimed = record("new", 0, 7);
        untimed.early = true;
        let mut empty = untimed.clone();
        empty.words.clear();
        let standing = super::standing(&[untimed.clone(), empty], &untimed).unwrap();
        assert_eq!((standing.games, standing.best), (1, 7));
    }

    #[test]
    fn dates() {
        assert_eq!(utc_date(0), "1970-01-01T00:00:00Z");
        // Checked with `date -u -d @951782400`: a leap day.
        assert_eq!(utc_date(951_782_400), "2000-02-29T00:00:00Z");
        assert_eq!(utc_date(1_795_460_645), "2026-11-23T19:04:05Z");
        assert_eq!(utc_date(4_107_542_399), "2100-02-28T23:59:59Z");
    }
}
