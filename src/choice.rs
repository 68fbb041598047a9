//! Values picked by name from a fixed list, as the command line and the JSON
//! API give them (`--format json`, `"rules": "big"`), and the error of a name
//! that is none of them. Which names a type has is left to its `FromStr`.

use std::fmt;

/// A name that is none of a type's names.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct UnknownName {
    /// What was being named: `format`, `sort order`, `dice`, `rules`.
    pub what: &'static str,
    /// The name given.
    pub name: String,
    /// The names there are, in a sentence: `text, words, json or summary`.
    pub expected: String,
}

impl fmt::Display for UnknownName {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "unknown {} '{}' (expected {})",
            self.what, self.name, self.expected
        )
    }
}

impl std::error::Error for UnknownName {}

/// The value of `choices` called `name`; otherwise an error saying that
/// `name` is no `what` and listing the names, in the order of `choices`.
pub fn pick<T: Copy>(
    what: &'static str,
    name: &str,
    choices: &[(&'static str, T)],
) -> Result<T, UnknownName> {
    if let Some(&(_, value)) = choices.iter().find(|(known, _)| *known == name) {
        return Ok(value);
    }
    let names: Vec<&str> = choices.iter().map(|&(known, _)| known).collect();
    let expected = match names.split_last() {
        Some((last, [])) => (*last).to_owned(),
        Some((last, rest)) => format!("{} or {last}", rest.join(", ")),
        None => String::new(),
    };
    Err(UnknownName {
        what,
        name: name.to_owned(),
        expected,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_are_picked_and_others_listed() {
        let choices = [("one", 1), ("two", 2), ("three", 3)];
        assert_eq!(pick("number", "two", &choices), Ok(2));
        let error = pick("number", "four", &choices).unwrap_err();
        assert_eq!(
            error.to_string(),
            "unknown number 'four' (expected one, two or three)"
        );
        assert_eq!(
            pick("number", "Two", &choices[..1])
                .unwrap_err()
                .to_string(),
            "unknown number 'Two' (expected one)"
        );
    }
}
