//! The keys the player presses, read from the bytes the terminal sends.
//!
//! crossterm's reader takes two Escs that arrive in one read (two quick
//! presses, or a paste) as one Esc, and the game asks before it ends on
//! Esc, so a player who pressed Esc twice was left at the question. The
//! game reads standard input itself instead: a thread passes on what each
//! read brings, and [`decode`] turns it into keys, every Esc its own key.
//! Only what a terminal sends for the keys the game uses is decoded:
//! letters (any alphabet, in UTF-8), Enter, Tab, Backspace, Ctrl and a
//! letter, the arrows, Home, End, Page Up, Page Down, Delete and F1 to F4;
//! other sequences are skipped whole.

use std::io::Read;
use std::sync::mpsc::{self, Receiver, RecvTimeoutError};
use std::time::Duration;

use ratatui::crossterm::event::{KeyCode, KeyEvent, KeyModifiers};

/// How long a lone Esc at the end of a read waits for the rest of a
/// sequence (the arrows and function keys start with Esc) before it is
/// taken as the Esc key.
const SEQUENCE_WAIT: Duration = Duration::from_millis(30);

/// The keys arriving on standard input.
#[derive(Debug)]
pub struct Keys {
    reads: Receiver<Vec<u8>>,
    /// Bytes read but not yet decoded: the start of a sequence.
    pending: Vec<u8>,
}

/// What [`Keys::wait`] found.
#[derive(Debug, PartialEq, Eq)]
pub enum Input {
    Keys(Vec<KeyEvent>),
    /// Standard input ended (the terminal went away).
    Closed,
}

impl Keys {
    /// Starts reading standard input on a thread of its own.
    pub fn start() -> Keys {
        let (sender, reads) = mpsc::channel();
        std::thread::spawn(move || {
            let mut stdin = std::io::stdin().lock();
            // As large as the standard input's buffer, so each read is one
            // read of the terminal: what arrived together stays together.
            let mut buffer = vec![0; 8192];
            loop {
                match stdin.read(&mut buffer) {
                    Ok(0) | Err(_) => break,
                    Ok(n) => {
                        if sender.send(buffer[..n].to_vec()).is_err() {
                            break;
                        }
                    }
                }
            }
        });
        Keys {
            reads,
            pending: Vec::new(),
        }
    }

    /// The keys pressed within `timeout` (none when nothing came).
    pub fn wait(&mut self, timeout: Duration) -> Input {
        match self.reads.recv_timeout(timeout) {
            Ok(bytes) => self.pending.extend(bytes),
            Err(RecvTimeoutError::Timeout) => return Input::Keys(Vec::new()),
            Err(RecvTimeoutError::Disconnected) => return Input::Closed,
        }
        let mut keys = Vec::new();
        loop {
            let (decoded, used) = decode(&self.pending, false);
            keys.extend(decoded);
            self.pending.drain(..used);
            if self.pending.is_empty() {
                return Input::Keys(keys);
            }
            // The start of a sequence: the rest may be on its way.
            match self.reads.recv_timeout(SEQUENCE_WAIT) {
                Ok(bytes) => self.pending.extend(bytes),
                Err(_) => {
                    let (decoded, _) = decode(&self.pending, true);
                    keys.extend(decoded);
                    self.pending.clear();
                    return Input::Keys(keys);
                }
            }
        }
    }
}

fn key(code: KeyCode) -> KeyEvent {
    KeyEvent::new(code, KeyModifiers::NONE)
}

/// The keys in `bytes`, and how many bytes they took: a sequence cut
/// short at the end is left for the next read, unless `complete` (nothing
/// more is coming), when a lone Esc is the Esc key and the rest is skipped.
pub fn decode(bytes: &[u8], complete: bool) -> (Vec<KeyEvent>, usize) {
    let mut keys = Vec::new();
    let mut at = 0;
    while at < bytes.len() {
        let rest = &bytes[at..];
        let (decoded, used) = match one(rest) {
            Some(found) => found,
            None if complete => {
                if rest[0] == 0x1b {
                    keys.push(key(KeyCode::Esc));
                }
                return (keys, bytes.len());
            }
            None => return (keys, at),
        };
        keys.extend(decoded);
        at += used;
    }
    (keys, at)
}

/// The key at the start of `bytes` (none for a sequence the game does not
/// use) and the bytes it takes; `None` when `bytes` ends too soon.
fn one(bytes: &[u8]) -> Option<(Option<KeyEvent>, usize)> {
    let control = |letter: u8| {
        KeyEvent::new(
            KeyCode::Char(char::from(letter + b'a' - 1)),
            KeyModifiers::CONTROL,
        )
    };
    let found = match bytes[0] {
        0x1b => return escape(bytes),
        b'\r' | b'\n' => (Some(key(KeyCode::Enter)), 1),
        b'\t' => (Some(key(KeyCode::Tab)), 1),
        0x7f => (Some(key(KeyCode::Backspace)), 1),
        // Ctrl-H (0x08) stays Ctrl-H: the game takes it as Backspace.
        byte @ 0x01..=0x1a => (Some(control(byte)), 1),
        0x00 | 0x1c..=0x1f => (None, 1),
        byte if byte < 0x80 => (Some(key(KeyCode::Char(char::from(byte)))), 1),
        byte => {
            let len = match byte {
                0xc0..=0xdf => 2,
                0xe0..=0xef => 3,
                0xf0..=0xf7 => 4,
                _ => return Some((None, 1)),
            };
            let text = bytes.get(..len)?;
            let letter = std::str::from_utf8(text)
                .ok()
                .and_then(|s| s.chars().next());
            (letter.map(|c| key(KeyCode::Char(c))), len)
        }
    };
    Some(found)
}

/// A sequence starting with Esc; `None` when `bytes` ends too soon.
fn escape(bytes: &[u8]) -> Option<(Option<KeyEvent>, usize)> {
    match *bytes.get(1)? {
        // Esc and then Esc: this Esc is a key, and so is the next.
        0x1b => Some((Some(key(KeyCode::Esc)), 1)),
        b'[' => {
            // Parameters, then a final byte from @ to ~.
            let end = bytes[2..].iter().position(|b| (0x40..=0x7e).contains(b))? + 2;
            let params = std::str::from_utf8(&bytes[2..end]).unwrap_or("");
            let first = params.split(';').next().unwrap_or("");
            let code = match (bytes[end], first) {
                (b'A', _) => Some(KeyCode::Up),
                (b'B', _) => Some(KeyCode::Down),
                (b'C', _) => Some(KeyCode::Right),
                (b'D', _) => Some(KeyCode::Left),
                (b'H', _) | (b'~', "1" | "7") => Some(KeyCode::Home),
                (b'F', _) | (b'~', "4" | "8") => Some(KeyCode::End),
                (b'Z', _) => Some(KeyCode::BackTab),
                (b'~', "3") => Some(KeyCode::Delete),
                (b'~', "5") => Some(KeyCode::PageUp),
                (b'~', "6") => Some(KeyCode::PageDown),
                (b'~', "11") | (b'P', _) => Some(KeyCode::F(1)),
                (b'~', "12") | (b'Q', _) => Some(KeyCode::F(2)),
                (b'~', "13") | (b'R', _) => Some(KeyCode::F(3)),
                (b'~', "14") | (b'S', _) => Some(KeyCode::F(4)),
                _ => None,
            };
            Some((code.map(key), end + 1))
        }
        b'O' => {
            let code = match *bytes.get(2)? {
                b'A' => Some(KeyCode::Up),
                b'B' => Some(KeyCode::Down),
                b'C' => Some(KeyCode::Right),
                b'D' => Some(KeyCode::Left),
                b'H' => Some(KeyCode::Home),
                b'F' => Some(KeyCode::End),
                b'P' => Some(KeyCode::F(1)),
                b'Q' => Some(KeyCode::F(2)),
                b'R' => Some(KeyCode::F(3)),
                b'S' => Some(KeyCode::F(4)),
                _ => None,
            };
            Some((code.map(key), 3))
        }
        // Esc and a key typed right after it (or Alt and the key): two
        // keys, as the player pressed them.
        _ => Some((Some(key(KeyCode::Esc)), 1)),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn decoded(bytes: &[u8], complete: bool) -> (Vec<KeyEvent>, usize) {
        decode(bytes, complete)
    }

    fn control(letter: char) -> KeyEvent {
        KeyEvent::new(KeyCode::Char(letter), KeyModifiers::CONTROL)
    }

    fn chars(text: &str) -> Vec<KeyEvent> {
        text.chars().map(|c| key(KeyCode::Char(c))).collect()
    }

    #[test]
    fn two_escs_in_one_read_are_two_keys() {
        let esc = key(KeyCode::Esc);
        assert_eq!(decoded(b"\x1b\x1b", true), (vec![esc, esc], 2));
        // A lone Esc at the end waits for what may follow, unless nothing
        // more is coming.
        assert_eq!(decoded(b"\x1b\x1b", false), (vec![esc], 1));
        assert_eq!(decoded(b"\x1b", false), (vec![], 0));
        assert_eq!(decoded(b"\x1b", true), (vec![esc], 1));
        // Esc and then y.
        assert_eq!(
            decoded(b"\x1by", false),
            (vec![esc, key(KeyCode::Char('y'))], 2)
        );
    }

    #[test]
    fn the_keys_of_the_game() {
        let mut expected = chars("cat");
        expected.extend([
            key(KeyCode::Enter),
            key(KeyCode::Tab),
            key(KeyCode::Backspace),
            control('h'),
            control('w'),
            control('p'),
        ]);
        expected.extend(chars("éßä"));
        assert_eq!(
            decoded("cat\r\t\x7f\x08\x17\x10éßä".as_bytes(), false),
            (expected, 15)
        );
        let keys = [
            (&b"\x1b[A"[..], KeyCode::Up),
            (b"\x1bOB", KeyCode::Down),
            (b"\x1b[5~", KeyCode::PageUp),
            (b"\x1b[6~", KeyCode::PageDown),
            (b"\x1b[1~", KeyCode::Home),
            (b"\x1b[F", KeyCode::End),
            (b"\x1bOQ", KeyCode::F(2)),
            (b"\x1b[12~", KeyCode::F(2)),
            (b"\x1b[13~", KeyCode::F(3)),
            (b"\x1b[1;5A", KeyCode::Up),
        ];
        for (bytes, code) in keys {
            assert_eq!(
                decoded(bytes, false),
                (vec![key(code)], bytes.len()),
                "{bytes:?}"
            );
        }
    }

    #[test]
    fn sequences_cut_short_wait_and_unknown_ones_are_skipped() {
        assert_eq!(decoded(b"a\x1b[1", false), (chars("a"), 1));
        assert_eq!(
            decoded("a\u{e9}".as_bytes()[..2].as_ref(), false),
            (chars("a"), 1)
        );
        assert_eq!(decoded(b"\x1b[1", true), (vec![key(KeyCode::Esc)], 3));
        // A mouse report or a key the game has no use for: nothing.
        assert_eq!(decoded(b"\x1b[200~x", false), (chars("x"), 7));
        assert_eq!(decoded(b"\x1bOx", false), (vec![], 3));
        assert_eq!(decoded(b"\xff", false), (vec![], 1));
    }
}
