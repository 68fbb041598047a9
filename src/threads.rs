//! The one thread policy of every parallel command (`-j, --threads N`):
//! work runs in a pool of its own, of at most N threads and no more than
//! the work has parts, or, without N, on rayon's current pool (one thread
//! per core). No command changes rayon's global pool.

use std::io;

/// The worker threads asked for and what the work splits into.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Threads {
    /// `-j N`, or `None` for one thread per core.
    pub asked: Option<usize>,
}

impl Threads {
    /// `asked` threads (at least one), or one per core for `None`.
    pub fn new(asked: Option<usize>) -> Threads {
        Threads {
            asked: asked.map(|threads| threads.max(1)),
        }
    }

    /// The pool for work that splits into `parts` tasks at most, or `None`
    /// for rayon's current pool. Threads start when the pool is built, and
    /// a thousand of them take about a second, so no more start than there
    /// are parts.
    pub fn pool(self, parts: usize) -> io::Result<Option<rayon::ThreadPool>> {
        let Some(threads) = self.asked else {
            return Ok(None);
        };
        rayon::ThreadPoolBuilder::new()
            .num_threads(threads.min(parts).max(1))
            .build()
            .map(Some)
            .map_err(|error| io::Error::other(format!("cannot start the worker threads: {error}")))
    }

    /// Runs `work` in a pool for `parts` tasks (see [`Threads::pool`]).
    pub fn run<T: Send>(self, parts: usize, work: impl FnOnce() -> T + Send) -> io::Result<T> {
        let pool = self.pool(parts)?;
        Ok(in_pool(pool.as_ref(), work))
    }
}

/// Runs `work` in `pool`, or on rayon's current pool.
pub fn in_pool<T: Send>(pool: Option<&rayon::ThreadPool>, work: impl FnOnce() -> T + Send) -> T {
    match pool {
        Some(pool) => pool.install(work),
        None => work(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn pools_have_no_more_threads_than_asked_or_parts() {
        let count =
            |threads: Threads, parts| threads.run(parts, rayon::current_num_threads).unwrap();
        assert_eq!(count(Threads::new(Some(3)), 10), 3);
        assert_eq!(count(Threads::new(Some(8)), 2), 2);
        assert_eq!(count(Threads::new(Some(4)), 0), 1);
        assert_eq!(count(Threads::new(Some(0)), 5), 1);
        assert_eq!(
            count(Threads::new(None), 1),
            rayon::current_num_threads(),
            "without -j the work runs on the current pool"
        );
    }
}
