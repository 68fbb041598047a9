//! A part's result as text, the same for a finished part, a checkpoint and
//! a merged proof: the boards at or above the bound, best first, as
//! `<board>\t<count>\t<score>`, then `# key: value` lines that say what was
//! proved and how. A checkpoint adds `# done:`, the positions of the
//! part's classes already searched. [`merge`] checks that parts belong
//! together and makes of them the record of the whole.

use std::collections::BTreeSet;
use std::fmt;
use std::io::{self, Write};

use super::{Part, ScoredBoard};

/// What a run proved against: everything a merge requires parts to share.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Setting {
    pub bound: u64,
    pub size: String,
    pub rules: String,
    pub letters: String,
    /// The letter sets of the first split, which number the classes: a
    /// part's positions mean nothing under another split.
    pub split: String,
    pub dictionary: String,
    pub version: String,
}

/// A part's result, or a whole proof's (part 1/1).
#[derive(Clone, Debug, PartialEq)]
pub struct Record {
    pub setting: Setting,
    pub part: Part,
    /// The boards at or above the bound, best first, each once.
    pub boards: Vec<ScoredBoard>,
    /// How many of the part's classes were searched, of how many.
    pub covered: u64,
    pub total: u64,
    pub examined: u64,
    pub bounds: u64,
    /// The time spent, summed over parts.
    pub seconds: f64,
    /// In a checkpoint, the positions searched, as ranges `start..end`.
    pub done: Option<Vec<(u64, u64)>>,
}

/// Sorts boards best first (then by board) and keeps each once.
pub fn sort_boards(boards: &mut Vec<ScoredBoard>) {
    boards.sort_unstable_by(|a, b| b.score.cmp(&a.score).then_with(|| a.board.cmp(&b.board)));
    boards.dedup();
}

/// The positions of `done`, in order, as ranges `start..end`.
pub fn ranges(done: &BTreeSet<u64>) -> Vec<(u64, u64)> {
    let mut ranges: Vec<(u64, u64)> = Vec::new();
    for &position in done {
        match ranges.last_mut() {
            Some((_, end)) if *end == position => *end += 1,
            _ => ranges.push((position, position + 1)),
        }
    }
    ranges
}

impl Record {
    /// Writes the record: the boards, then the summary.
    pub fn write<W: Write>(&self, out: &mut W) -> io::Result<()> {
        for found in &self.boards {
            writeln!(out, "{}\t{}\t{}", found.board, found.count, found.score)?;
        }
        let setting = &self.setting;
        match self.boards.first() {
            Some(best) if self.covered == self.total && self.part == Part::WHOLE => {
                writeln!(out, "# optimum: {} {}", best.score, best.board)?
            }
            Some(best) => writeln!(out, "# best in part: {} {}", best.score, best.board)?,
            None if self.part == Part::WHOLE => {
                writeln!(out, "# optimum: below {}", setting.bound)?
            }
            None => writeln!(out, "# best in part: below {}", setting.bound)?,
        }
        writeln!(out, "# bound: {}", setting.bound)?;
        writeln!(out, "# size: {}", setting.size)?;
        writeln!(out, "# rules: {}", setting.rules)?;
        writeln!(out, "# letters: {}", setting.letters)?;
        writeln!(out, "# split: {}", setting.split)?;
        writeln!(out, "# dictionary: {}", setting.dictionary)?;
        writeln!(out, "# version: {}", setting.version)?;
        writeln!(out, "# part: {}", self.part)?;
        writeln!(out, "# covered: {} of {} classes", self.covered, self.total)?;
        writeln!(out, "# classes examined: {}", self.examined)?;
        writeln!(out, "# bound computations: {}", self.bounds)?;
        writeln!(out, "# time: {:.1} s", self.seconds)?;
        if let Some(done) = &self.done {
            let text: Vec<String> = done
                .iter()
                .map(|(start, end)| format!("{start}-{end}"))
                .collect();
            writeln!(out, "# done: {}", text.join(","))?;
        }
        Ok(())
    }

    /// Reads a record written by [`Record::write`].
    pub fn parse(text: &str) -> Result<Record, RecordError> {
        let mut boards = Vec::new();
        let mut fields: Vec<(&str, &str)> = Vec::new();
        for (number, line) in text.lines().enumerate() {
            let bad = |what: &str| RecordError::Line {
                line: number + 1,
                what: what.to_owned(),
            };
            if let Some(field) = line.strip_prefix("# ") {
                let (key, value) = field
                    .split_once(": ")
                    .ok_or_else(|| bad("a summary line without ': '"))?;
                fields.push((key, value));
            } else {
                let parts: Vec<&str> = line.split('\t').collect();
                let [board, count, score] = parts[..] else {
                    return Err(bad("a board line without three tab-separated fields"));
                };
                let number = |text: &str| {
                    text.parse::<u64>()
                        .map_err(|_| bad("a count or score that is not a number"))
                };
                boards.push(ScoredBoard {
                    board: board.to_owned(),
                    count: number(count)?,
                    score: number(score)?,
                });
            }
        }
        let field = |key: &str| -> Result<&str, RecordError> {
            fields
                .iter()
                .find(|(k, _)| *k == key)
                .map(|(_, value)| *value)
                .ok_or_else(|| RecordError::Missing(key.to_owned()))
        };
        let number = |key: &str| -> Result<u64, RecordError> {
            field(key)?
                .parse()
                .map_err(|_| RecordError::Value(key.to_owned()))
        };
        let value = |key: &str| RecordError::Value(key.to_owned());
        let (index, count) = field("part")?
            .split_once('/')
            .ok_or_else(|| value("part"))?;
        let part = match (index.parse(), count.parse()) {
            (Ok(index), Ok(count)) => Part::new(index, count).map_err(|_| value("part"))?,
            _ => return Err(value("part")),
        };
        let (covered, total) = field("covered")?
            .strip_suffix(" classes")
            .and_then(|text| text.split_once(" of "))
            .and_then(|(a, b)| Some((a.parse().ok()?, b.parse().ok()?)))
            .ok_or_else(|| value("covered"))?;
        let seconds = field("time")?
            .strip_suffix(" s")
            .and_then(|text| text.parse::<f64>().ok())
            .filter(|seconds| seconds.is_finite() && *seconds >= 0.0)
            .ok_or_else(|| value("time"))?;
        let done = match fields.iter().find(|(key, _)| *key == "done") {
            None => None,
            Some((_, text)) => Some(parse_ranges(text).ok_or_else(|| value("done"))?),
        };
        sort_boards(&mut boards);
        Ok(Record {
            setting: Setting {
                bound: number("bound")?,
                size: field("size")?.to_owned(),
                rules: field("rules")?.to_owned(),
                letters: field("letters")?.to_owned(),
                split: field("split")?.to_owned(),
                dictionary: field("dictionary")?.to_owned(),
                version: field("version")?.to_owned(),
            },
            part,
            boards,
            covered,
            total,
            examined: number("classes examined")?,
            bounds: number("bound computations")?,
            seconds,
            done,
        })
    }
}

fn parse_ranges(text: &str) -> Option<Vec<(u64, u64)>> {
    if text.is_empty() {
        return Some(Vec::new());
    }
    text.split(',')
        .map(|range| {
            let (start, end) = range.split_once('-')?;
            let (start, end) = (start.parse().ok()?, end.parse().ok()?);
            (start < end).then_some((start, end))
        })
        .collect()
}

/// Why a record cannot be read, or parts cannot be merged.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum RecordError {
    Line {
        line: usize,
        what: String,
    },
    Missing(String),
    Value(String),
    /// Parts that differ in what they proved against.
    Mismatch {
        field: &'static str,
        first: String,
        other: String,
    },
    /// A part that was not run to its end.
    /// Parts not run to their end (checkpoints), in the order given.
    Unfinished(Vec<Part>),
    Duplicate(Part),
    /// The parts missing, as K/N.
    Absent(Vec<String>),
    NoParts,
}

impl fmt::Display for RecordError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            RecordError::Line { line, what } => write!(f, "line {line}: {what}"),
            RecordError::Missing(key) => write!(f, "no '# {key}:' line"),
            RecordError::Value(key) => write!(f, "a '# {key}:' line whose value cannot be read"),
            RecordError::Mismatch {
                field,
                first,
                other,
            } => {
                write!(
                    f,
                    "parts of different proofs: {field} '{first}' and '{other}'"
                )
            }
            RecordError::Unfinished(parts) => write!(
                f,
                "{}: {}",
                counted(
                    parts.len(),
                    "part was not run to its end",
                    "parts were not run to their end"
                ),
                listed(parts.iter().map(Part::to_string))
            ),
            RecordError::Duplicate(part) => write!(f, "part {part} is given twice"),
            RecordError::Absent(parts) => write!(
                f,
                "{} missing: {}",
                counted(parts.len(), "part is", "parts are"),
                listed(parts.iter().cloned())
            ),
            RecordError::NoParts => f.write_str("no part to merge"),
        }
    }
}

impl std::error::Error for RecordError {}

/// Checks that two settings are the same proof's.
fn same_setting(a: &Setting, b: &Setting) -> Result<(), RecordError> {
    let fields: [(&'static str, String, String); 7] = [
        ("bound", a.bound.to_string(), b.bound.to_string()),
        ("size", a.size.clone(), b.size.clone()),
        ("rules", a.rules.clone(), b.rules.clone()),
        ("letters", a.letters.clone(), b.letters.clone()),
        ("split", a.split.clone(), b.split.clone()),
        ("dictionary", a.dictionary.clone(), b.dictionary.clone()),
        ("version", a.version.clone(), b.version.clone()),
    ];
    for (field, first, other) in fields {
        if first != other {
            return Err(RecordError::Mismatch {
                field,
                first,
                other,
            });
        }
    }
    Ok(())
}

/// The record of the whole proof from its parts: every part exactly once,
/// each finished, all against the same setting.
pub fn merge(parts: &[Record]) -> Result<Record, RecordError> {
    let first = parts.first().ok_or(RecordError::NoParts)?;
    let count = first.part.count;
    let mut seen = BTreeSet::new();
    for record in parts {
        same_setting(&first.setting, &record.setting)?;
        if record.part.count != count {
            return Err(RecordError::Mismatch {
                field: "part count",
                first: count.to_string(),
                other: record.part.count.to_string(),
            });
        }
        if !seen.insert(record.part.index) {
            return Err(RecordError::Duplicate(record.part));
        }
    }
    let unfinished: Vec<Part> = parts
        .iter()
        .filter(|record| record.covered != record.total)
        .map(|record| record.part)
        .collect();
    if !unfinished.is_empty() {
        return Err(RecordError::Unfinished(unfinished));
    }
    let absent: Vec<String> = (1..=count)
        .filter(|index| !seen.contains(index))
        .map(|index| format!("{index}/{count}"))
        .collect();
    if !absent.is_empty() {
        return Err(RecordError::Absent(absent));
    }
    let mut boards: Vec<ScoredBoard> = parts
        .iter()
        .flat_map(|record| record.boards.iter().cloned())
        .collect();
    sort_boards(&mut boards);
    let total: u64 = parts.iter().map(|record| record.total).sum();
    Ok(Record {
        setting: first.setting.clone(),
        part: Part::WHOLE,
        boards,
        covered: total,
        total,
        examined: parts.iter().map(|record| record.examined).sum(),
        bounds: parts.iter().map(|record| record.bounds).sum(),
        seconds: parts.iter().map(|record| record.seconds).sum(),
        done: None,
    })
}

/// `n` and the noun for it: "1 part is", "3 parts are".
fn counted(n: usize, one: &str, many: &str) -> String {
    match n {
        1 => format!("1 {one}"),
        n => format!("{n} {many}"),
    }
}

/// The first ten of `items`, then how many more there are.
fn listed(items: impl ExactSizeIterator<Item = String>) -> String {
    const SHOWN: usize = 10;
    let more = items.len().saturating_sub(SHOWN);
    let mut text: Vec<String> = items.take(SHOWN).collect();
    if more > 0 {
        text.push(format!("and {more} more"));
    }
    text.join(", ")
}

/// A part's result as it grows, class by class: what a checkpoint saves and
/// a resumed run starts from.
#[derive(Clone, Debug)]
pub struct Tally {
    setting: Setting,
    part: Part,
    total: u64,
    done: BTreeSet<u64>,
    boards: Vec<ScoredBoard>,
    examined: u64,
    bounds: u64,
    /// The time spent by earlier runs of this part.
    seconds_before: f64,
}

impl Tally {
    /// Nothing done yet of `part`, which has `total` classes.
    pub fn new(setting: Setting, part: Part, total: u64) -> Tally {
        Tally {
            setting,
            part,
            total,
            done: BTreeSet::new(),
            boards: Vec::new(),
            examined: 0,
            bounds: 0,
            seconds_before: 0.0,
        }
    }

    /// Continues from `record`, a checkpoint (or a finished record) of the
    /// same part of the same proof.
    pub fn resume(
        record: Record,
        setting: Setting,
        part: Part,
        total: u64,
    ) -> Result<Tally, RecordError> {
        same_setting(&setting, &record.setting)?;
        let mut tally = Tally::new(setting, part, total);
        if record.part != part || record.total != total {
            return Err(RecordError::Mismatch {
                field: "part",
                first: format!("{part} of {total} classes"),
                other: format!("{} of {} classes", record.part, record.total),
            });
        }
        tally.done = match &record.done {
            Some(ranges) => ranges
                .iter()
                .flat_map(|&(start, end)| start..end.min(total))
                .collect(),
            None => (0..record.covered.min(total)).collect(),
        };
        tally.boards = record.boards;
        tally.examined = record.examined;
        tally.bounds = record.bounds;
        tally.seconds_before = record.seconds;
        Ok(tally)
    }

    /// Adds what one class gave.
    pub fn add(&mut self, report: super::ClassReport) {
        if self.done.insert(report.position) {
            self.examined += u64::from(report.examined);
            self.bounds += report.bounds;
            self.boards.extend(report.boards);
        }
    }

    /// Whether the class at `position` is already searched.
    pub fn is_done(&self, position: u64) -> bool {
        self.done.contains(&position)
    }

    /// How many classes are searched.
    pub fn covered(&self) -> u64 {
        self.done.len() as u64
    }

    /// The record so far, `seconds` spent by this run; with `checkpoint`,
    /// the positions searched are listed for a later resume.
    pub fn record(&self, seconds: f64, checkpoint: bool) -> Record {
        let mut boards = self.boards.clone();
        sort_boards(&mut boards);
        Record {
            setting: self.setting.clone(),
            part: self.part,
            boards,
            covered: self.covered(),
            total: self.total,
            examined: self.examined,
            bounds: self.bounds,
            seconds: self.seconds_before + seconds,
            done: checkpoint.then(|| ranges(&self.done)),
        }
    }
}
