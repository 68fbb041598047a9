//! Writing a file whole or not at all. The bytes go to a temporary file
//! beside the target, which is then renamed into place, so a reader sees
//! the old content or all of the new, never a part. A symbolic link is
//! written through (its target replaced, the link kept), and something
//! that is not a regular file (a directory, a FIFO, a device, a socket) is
//! never replaced (SPEC §10). `boggle dict compile -o`, the dictionary
//! cache's entries, the manual pages and the proof's records are written
//! this way. Each temporary file is listed in [`crate::partial_files`]
//! while it is written, so an interrupted run can remove it; what the bytes
//! mean is the caller's business.

use std::fmt;
use std::fs;
use std::io::{self, Write};
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicU64, Ordering};
use std::time::{SystemTime, UNIX_EPOCH};

use crate::partial_files;

/// Something that is not a regular file where a file is to be written.
#[derive(Debug)]
pub struct NotRegular(&'static str);

impl fmt::Display for NotRegular {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "it is {}, not a regular file", self.0)
    }
}

impl std::error::Error for NotRegular {}

/// What kind of thing that is not a regular file `metadata` describes:
/// "a directory", "a FIFO", "a device", "a socket"; `None` for a regular
/// file.
fn not_regular(metadata: &fs::Metadata) -> Option<&'static str> {
    let kind = metadata.file_type();
    if kind.is_file() {
        return None;
    }
    if kind.is_dir() {
        return Some("a directory");
    }
    #[cfg(unix)]
    {
        use std::os::unix::fs::FileTypeExt;
        if kind.is_fifo() {
            return Some("a FIFO");
        }
        if kind.is_char_device() || kind.is_block_device() {
            return Some("a device");
        }
        if kind.is_socket() {
            return Some("a socket");
        }
    }
    Some("not a regular file")
}

/// The file a write to `path` must replace: `path`, or, when it is a
/// symbolic link, the file it leads to (which need not exist yet). An
/// error when that is there and is not a regular file.
pub fn write_target(path: &Path) -> io::Result<PathBuf> {
    let mut target = path.to_owned();
    // As many links as the kernel follows (Linux's MAXSYMLINKS).
    for _ in 0..40 {
        let metadata = match fs::symlink_metadata(&target) {
            Ok(metadata) => metadata,
            Err(error) if error.kind() == io::ErrorKind::NotFound => return Ok(target),
            Err(error) => return Err(error),
        };
        if metadata.file_type().is_symlink() {
            let link = fs::read_link(&target)?;
            target = match target.parent() {
                Some(parent) => parent.join(link),
                None => link,
            };
            continue;
        }
        return match not_regular(&metadata) {
            None => Ok(target),
            Some(kind) => Err(io::Error::other(NotRegular(kind))),
        };
    }
    Err(io::Error::other("too many levels of symbolic links"))
}

/// Writes `parts`, one after the other, to `path` through a temporary file
/// in the same directory renamed into place, so `path` holds its old
/// content or all of the new, never a part. A symbolic link at `path` is
/// written through: its target is replaced, the same way, and the link
/// kept. Something that is not a regular file at `path` (a directory, a
/// FIFO, a device, a socket) is an error, and nothing is changed. Every
/// error of the write, the flush to disk included (a full disk, EIO), is
/// returned. The temporary file's name ends in `.tmp`, so it is never taken
/// for a cache entry; it is created afresh (never an existing file opened),
/// removed when the write fails, and by
/// [`remove_partial_files`](crate::partial_files::remove_partial_files)
/// when the process is interrupted.
pub fn write_atomically(path: &Path, parts: &[&[u8]]) -> io::Result<()> {
    write_replacing(path, parts, true)
}

/// [`write_atomically`], the file flushed to disk before it is renamed
/// when `sync`. Cache entries are not: one lost in a crash is rebuilt (its
/// checksum catches one cut short), and flushing hundreds of megabytes
/// would hold an interrupted run until the disk is done.
pub(crate) fn write_replacing(path: &Path, parts: &[&[u8]], sync: bool) -> io::Result<()> {
    static COUNTER: AtomicU64 = AtomicU64::new(0);
    let target = write_target(path)?;
    let nanos = SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .map_or(0, |d| d.subsec_nanos());
    let name = target
        .file_name()
        .and_then(|n| n.to_str())
        .unwrap_or("entry");
    let unique = format!(
        ".{name}.{}.{}.{nanos}.tmp",
        std::process::id(),
        COUNTER.fetch_add(1, Ordering::Relaxed),
    );
    let temporary = target.with_file_name(unique);
    partial_files::register(&temporary);
    let written = (|| {
        let mut file = fs::OpenOptions::new()
            .write(true)
            .create_new(true)
            .open(&temporary)?;
        write_parts(&mut file, parts)?;
        if sync {
            file.sync_all()?;
        }
        drop(file);
        fs::rename(&temporary, &target)
    })();
    if written.is_err() {
        let _ = fs::remove_file(&temporary);
    }
    partial_files::unregister(&temporary);
    written
}

/// Writes `parts` one after the other to `out` and flushes it.
fn write_parts(out: &mut impl Write, parts: &[&[u8]]) -> io::Result<()> {
    for part in parts {
        out.write_all(part)?;
    }
    out.flush()
}

#[cfg(test)]
pub(crate) mod tests {
    use super::*;
    use std::os::unix::fs::FileTypeExt;

    /// A fresh directory under the system's temporary directory, removed
    /// when dropped.
    fn temp_dir(name: &str) -> tempfile::TempDir {
        let prefix = format!("boggle-atomic-test-{name}-");
        tempfile::Builder::new().prefix(&prefix).tempdir().unwrap()
    }

    #[test]
    fn whole_writes_leave_no_partial_file() {
        let temp = temp_dir("partial");
        // A whole write leaves the file and nothing else.
        let whole = temp.path().join("whole.dict");
        write_atomically(&whole, &[b"al", b"l"]).unwrap();
        assert_eq!(fs::read(&whole).unwrap(), b"all");
        partial_files::remove_partial_files_in(temp.path());
        assert_eq!(fs::read_dir(temp.path()).unwrap().count(), 1);
        // A write into a missing directory fails and leaves nothing.
        assert!(write_atomically(&temp.path().join("missing/x.dict"), &[b"x"]).is_err());
        // (Other tests write at the same time: only this one's files count.)
        let files = partial_files::registered();
        assert!(!files.iter().any(|file| file.starts_with(temp.path())));
    }

    /// Makes a FIFO at `path` with `mkfifo`.
    pub(crate) fn mkfifo(path: &Path) {
        let status = std::process::Command::new("mkfifo")
            .arg(path)
            .status()
            .unwrap();
        assert!(status.success(), "mkfifo {}", path.display());
    }

    #[test]
    fn writes_go_through_links_and_never_replace_other_files() {
        let temp = temp_dir("targets");
        let target = temp.path().join("target.dict");
        fs::write(&target, "old").unwrap();
        let link = temp.path().join("link.dict");
        std::os::unix::fs::symlink("target.dict", &link).unwrap();
        write_atomically(&link, &[b"new"]).unwrap();
        assert!(
            fs::symlink_metadata(&link)
                .unwrap()
                .file_type()
                .is_symlink()
        );
        assert_eq!(fs::read(&target).unwrap(), b"new");
        // A dangling link makes its target.
        let dangling = temp.path().join("dangling.dict");
        std::os::unix::fs::symlink("made.dict", &dangling).unwrap();
        write_atomically(&dangling, &[b"made"]).unwrap();
        assert_eq!(fs::read(temp.path().join("made.dict")).unwrap(), b"made");
        // A FIFO, a directory, a device, and links to them: refused, unchanged.
        let fifo = temp.path().join("fifo");
        mkfifo(&fifo);
        let to_fifo = temp.path().join("to-fifo");
        std::os::unix::fs::symlink(&fifo, &to_fifo).unwrap();
        let cases = [
            (fifo.as_path(), "it is a FIFO, not a regular file"),
            (to_fifo.as_path(), "it is a FIFO, not a regular file"),
            (temp.path(), "it is a directory, not a regular file"),
            (Path::new("/dev/null"), "it is a device, not a regular file"),
        ];
        for (path, message) in cases {
            let error = write_atomically(path, &[b"x"]).unwrap_err();
            assert_eq!(error.to_string(), message, "{}", path.display());
        }
        assert!(
            fs::symlink_metadata(&to_fifo)
                .unwrap()
                .file_type()
                .is_symlink()
        );
        assert!(fs::metadata(&fifo).unwrap().file_type().is_fifo());
        let loop_link = temp.path().join("loop");
        std::os::unix::fs::symlink("loop", &loop_link).unwrap();
        assert!(write_atomically(&loop_link, &[b"x"]).is_err());
        let names = crate_temp_names(temp.path());
        assert!(
            names.iter().all(|name| !name.ends_with(".tmp")),
            "{names:?}"
        );
    }

    fn crate_temp_names(dir: &Path) -> Vec<String> {
        fs::read_dir(dir)
            .unwrap()
            .map(|entry| entry.unwrap().file_name().to_string_lossy().into_owned())
            .collect()
    }

    /// A writer that fails as a full disk does, after `room` bytes.
    struct Full {
        room: usize,
    }

    impl Write for Full {
        fn write(&mut self, bytes: &[u8]) -> io::Result<usize> {
            if self.room == 0 {
                return Err(io::Error::from_raw_os_error(28));
            }
            let written = bytes.len().min(self.room);
            self.room -= written;
            Ok(written)
        }

        fn flush(&mut self) -> io::Result<()> {
            Ok(())
        }
    }

    /// ENOSPC part-way through the parts is the writer's error, never a
    /// success.
    #[test]
    fn a_full_disk_is_an_error() {
        let error = write_parts(&mut Full { room: 5 }, &[b"abc", b"defg"]).unwrap_err();
        assert_eq!(error.raw_os_error(), Some(28), "{error}");
        assert!(write_parts(&mut Full { room: 7 }, &[b"abc", b"defg"]).is_ok());
    }
}
