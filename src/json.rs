//! JSON text written by hand, where it is written by the million: the
//! words of a batch's boards, and the starts of their objects made once
//! per dictionary. Byte for byte what serde writes (tested).

use std::io::{self, Write};

/// Writes `text` as a JSON string: as it is between quotes when nothing
/// in it needs escaping (every word of the bundled lists), else as serde
/// escapes it.
pub fn write_str<W: Write>(out: &mut W, text: &str) -> io::Result<()> {
    if is_plain(text.as_bytes()) {
        out.write_all(b"\"")?;
        out.write_all(text.as_bytes())?;
        out.write_all(b"\"")
    } else {
        serde_json::to_writer(&mut *out, text).map_err(io::Error::from)
    }
}

/// Whether `text` is written in JSON as it is, between quotes: it has no
/// control character, quote or backslash to escape.
pub fn is_plain(text: &[u8]) -> bool {
    text.iter().all(|&byte| is_plain_byte(byte))
}

/// Whether `byte` is written in a JSON string as it is: no control
/// character, quote or backslash.
#[inline(always)]
pub fn is_plain_byte(byte: u8) -> bool {
    byte >= 0x20 && byte != b'"' && byte != b'\\'
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn json_strings_are_escaped_as_serde_escapes_them() {
        for text in [
            "plain",
            "",
            "qu/[th]",
            "a\"b",
            "back\\slash",
            "tab\there",
            "\u{1}",
            "é",
        ] {
            let mut out = Vec::new();
            write_str(&mut out, text).unwrap();
            assert_eq!(
                String::from_utf8(out).unwrap(),
                serde_json::to_string(text).unwrap()
            );
        }
    }
}
