//! Standard output and standard error under one policy for every command
//! (SPEC §10): every write error on standard output is seen, so that a
//! closed pipe can end the run quietly and anything else (a full disk, a
//! closed standard output) is an error; messages on standard error never
//! stop the run, even when standard error itself fails.

use std::fs::File;
use std::io::{self, Write};

use anstream::{AutoStream, ColorChoice};

/// Standard output as a file of its own, a duplicate of its descriptor.
/// The standard library's handle takes a write to a closed descriptor for
/// a success, and the output would be lost without a word; through the
/// duplicate, every write error shows. When standard output was closed,
/// or the duplicate could not be made, every write fails with the reason;
/// a command that writes nothing does not fail.
#[derive(Debug)]
pub struct RawStdout(Result<File, i32>);

/// `EBADF`, the error of a closed descriptor.
const BAD_DESCRIPTOR: i32 = 9;

impl RawStdout {
    /// The duplicate of standard output's descriptor.
    pub fn open() -> RawStdout {
        #[cfg(unix)]
        let duplicate = {
            use std::os::fd::AsFd;
            io::stdout().as_fd().try_clone_to_owned()
        };
        #[cfg(windows)]
        let duplicate = {
            use std::os::windows::io::AsHandle;
            io::stdout().as_handle().try_clone_to_owned()
        };
        let file = match was_closed() {
            true => Err(BAD_DESCRIPTOR),
            false => duplicate
                .map(File::from)
                .map_err(|error| error.raw_os_error().unwrap_or(BAD_DESCRIPTOR)),
        };
        RawStdout(file)
    }
}

impl Write for RawStdout {
    fn write(&mut self, bytes: &[u8]) -> io::Result<usize> {
        match &mut self.0 {
            Ok(file) => file.write(bytes),
            Err(code) => Err(io::Error::from_raw_os_error(*code)),
        }
    }

    /// Flushing nothing to a closed standard output loses nothing.
    fn flush(&mut self) -> io::Result<()> {
        match &mut self.0 {
            Ok(file) => file.flush(),
            Err(_) => Ok(()),
        }
    }
}

/// Whether standard output was closed as the program started (`>&-`). The
/// Rust runtime then opens `/dev/null` on it, read-write, so that no file
/// opened later takes its place, and the output would vanish without an
/// error; a shell's `>/dev/null` opens it for writing only. Linux tells
/// both apart through `/proc`; elsewhere a closed standard output is not
/// seen.
fn was_closed() -> bool {
    cfg!(target_os = "linux")
        && std::fs::read_link("/proc/self/fd/1")
            .is_ok_and(|target| target == std::path::Path::new("/dev/null"))
        && std::fs::read_to_string("/proc/self/fdinfo/1").is_ok_and(|info| read_write(&info))
}

/// Whether a `/proc/self/fdinfo` text describes a descriptor open for both
/// reading and writing (`O_RDWR`, in the octal `flags:` line).
fn read_write(info: &str) -> bool {
    const ACCESS_MODE: u32 = 0o3;
    const READ_WRITE: u32 = 0o2;
    info.lines()
        .find_map(|line| line.strip_prefix("flags:"))
        .and_then(|flags| u32::from_str_radix(flags.trim(), 8).ok())
        .is_some_and(|flags| flags & ACCESS_MODE == READ_WRITE)
}

/// Whether standard output takes colour: `NO_COLOR`, `CLICOLOR_FORCE` and
/// whether it is a terminal decide.
pub fn stdout_colored() -> bool {
    AutoStream::choice(&io::stdout()) != ColorChoice::Never
}

/// Writes clap's help or version text to standard output, in colour where
/// standard output takes it.
pub fn write_help(text: &clap::builder::StyledStr) -> io::Result<()> {
    let mut out = super::stdout();
    match stdout_colored() {
        true => write!(out, "{}", text.ansi())?,
        false => write!(out, "{text}")?,
    }
    out.flush()
}

/// Writes `message` and a line end to standard error. A failing standard
/// error is ignored: there is nowhere left to say so, and the run goes on.
pub fn say(message: std::fmt::Arguments<'_>) {
    let mut stderr = io::stderr().lock();
    let _ = stderr.write_fmt(message);
    let _ = stderr.write_all(b"\n");
}

#[cfg(test)]
mod tests {
    use super::read_write;

    #[test]
    fn access_modes() {
        assert!(read_write("pos:\t0\nflags:\t0100002\nmnt_id:\t24\n"));
        assert!(!read_write("pos:\t0\nflags:\t0100001\nmnt_id:\t24\n"));
        assert!(!read_write("pos:\t0\nflags:\t02000000\n"));
        assert!(!read_write("flags: x\n"));
        assert!(!read_write(""));
    }
}
