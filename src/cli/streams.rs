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

    /// Where in standard output the next byte goes, when it is a regular
    /// file; 0 for anything else (a pipe or a terminal has no offset).
    /// A file opened for appending (`>>`) is still at offset 0 when
    /// nothing was written to it yet, and takes the next byte at its end:
    /// a regular file at offset 0 answers its length, which is 0 after a
    /// shell's `>`. Only [`Blocks`](super::blocks::Blocks)' alignment
    /// depends on it.
    pub fn offset(&self) -> u64 {
        use std::io::Seek;
        let Ok(mut file) = self.0.as_ref() else {
            return 0;
        };
        match (file.metadata(), file.stream_position()) {
            (Ok(meta), Ok(0)) if meta.is_file() => meta.len(),
            (Ok(meta), Ok(position)) if meta.is_file() => position,
            _ => 0,
        }
    }
}

impl Write for RawStdout {
    fn write(&mut self, bytes: &[u8]) -> io::Result<usize> {
        match &mut self.0 {
            Ok(file) => file.write(bytes),
            Err(code) => Err(io::Error::from_raw_os_error(*code)),
        }
    }

    fn write_vectored(&mut self, slices: &[io::IoSlice<'_>]) -> io::Result<usize> {
        match &mut self.0 {
            Ok(file) => file.write_vectored(slices),
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
/// Rust runtime (or, on Linux with glibc, [`open_standard_descriptors`])
/// then opens `/dev/null` on it before `main`, so that no file
/// opened later takes its place, and the output would vanish without an
/// error. On Linux the descriptor is looked at before that, by a function
/// the C runtime calls as the program loads (see [`STDOUT_AT_START`]);
/// elsewhere a closed standard output is not seen.
fn was_closed() -> bool {
    #[cfg(target_os = "linux")]
    return STDOUT_CLOSED.load(std::sync::atomic::Ordering::Relaxed);
    #[cfg(not(target_os = "linux"))]
    false
}

/// Whether descriptor 1 was closed as the program loaded.
#[cfg(target_os = "linux")]
static STDOUT_CLOSED: std::sync::atomic::AtomicBool = std::sync::atomic::AtomicBool::new(false);

/// Records whether standard output is open, from the C runtime's list of
/// functions run as the program loads (`.init_array`), which glibc and musl
/// call before `main` and so before the Rust runtime replaces a closed
/// standard descriptor with `/dev/null`. Telling the two apart afterwards
/// is guesswork: a parent may hand over `/dev/null` opened read-write
/// (Python's `subprocess.DEVNULL`, service managers), which is no error.
#[cfg(target_os = "linux")]
#[used]
#[allow(unsafe_code)]
#[unsafe(link_section = ".init_array")]
static STDOUT_AT_START: extern "C" fn() = {
    extern "C" fn record() {
        // SAFETY: `F_GETFD` only reads descriptor 1's flags, and fails with
        // `EBADF` when it is not open; nothing else is touched, so this is
        // sound however early it runs.
        #[allow(unsafe_code)]
        let flags = unsafe { libc::fcntl(1, libc::F_GETFD) };
        STDOUT_CLOSED.store(flags == -1, std::sync::atomic::Ordering::Relaxed);
    }
    record
};

/// Opens `/dev/null` on each of descriptors 0, 1 and 2 that is closed, as
/// the Rust runtime does before `main`, so that no file opened later takes a
/// standard stream's number and receives its output. Called first by the
/// binary's entry, which takes the Rust runtime's place on Linux with glibc
/// (`src/main.rs`), after [`STDOUT_AT_START`] has looked. Returns false when
/// `/dev/null` could not be opened in a closed one's place.
#[cfg(all(target_os = "linux", target_env = "gnu"))]
#[cfg_attr(test, allow(dead_code))]
#[allow(unsafe_code)]
#[must_use]
pub fn open_standard_descriptors() -> bool {
    for descriptor in 0..3 {
        // SAFETY: `F_GETFD` only reads the descriptor's flags, and fails
        // with `EBADF` when it is not open.
        if unsafe { libc::fcntl(descriptor, libc::F_GETFD) } != -1 {
            continue;
        }
        // SAFETY: the path is a NUL-terminated string; the new descriptor
        // is the lowest closed one, `descriptor`, as the lower ones are open,
        // and it stays open for the run.
        let opened = unsafe { libc::open(c"/dev/null".as_ptr(), libc::O_RDWR) };
        if opened != descriptor {
            return false;
        }
    }
    true
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
