//! Bulk work: CPU work that any client can cause by reading, not by playing — a finished
//! game's audit record built from its whole log and written out, a long log compressed for the
//! archive or read back from it, a page of a record replayed. Such work runs on a few threads
//! of their own at a low priority (nice 10 on Linux), so that when the machine is busy the
//! scheduler gives the cores to the calls of games in play first, and bulk work takes what is
//! left: a move at another table is never kept waiting behind a megabyte being gzipped. When
//! the machine is idle, bulk work runs at full speed (a nice value only matters when threads
//! compete).
//!
//! Used by the referee (`referee/src/work.rs`) and the gateway (`gateway/src/audits.rs`).

#![warn(missing_docs)]

use std::panic::{AssertUnwindSafe, catch_unwind};
use std::sync::LazyLock;
use thread_priority::{ThreadPriority, ThreadPriorityValue, set_current_thread_priority};

/// The priority of the bulk threads: 22 of thread-priority's 0–99, which it makes nice 10 on Linux
/// (a thread at nice 10 gets about a tenth of a core that a thread at nice 0 also wants).
const BULK_PRIORITY: u8 = 22;

/// Why bulk work gave no answer.
#[derive(Debug, thiserror::Error)]
pub enum Lost {
    /// The work panicked; the message, where it had one.
    #[error("bulk work failed: {0}")]
    Panicked(String),
}

/// The bulk threads: as many as the machine has cores (the cgroup's share, where limited), so
/// that bulk work may use an idle machine whole.
static POOL: LazyLock<rayon::ThreadPool> = LazyLock::new(|| {
    let threads = std::thread::available_parallelism().map_or(2, |n| n.get());
    rayon::ThreadPoolBuilder::new()
        .num_threads(threads)
        .thread_name(|i| format!("bulk-{i}"))
        // Where the priority cannot be lowered, the work runs at the usual one: only slower
        // to yield, never lost.
        .start_handler(|_| {
            let _ = ThreadPriorityValue::try_from(BULK_PRIORITY)
                .map(|p| set_current_thread_priority(ThreadPriority::Crossplatform(p)));
        })
        .build()
        .expect("the bulk threads start")
});

/// Runs `work` on a bulk thread and answers what it returned. Any executor may await it.
pub async fn run<T: Send + 'static>(work: impl FnOnce() -> T + Send + 'static) -> Result<T, Lost> {
    let (answer, answered) = tokio::sync::oneshot::channel();
    POOL.spawn(move || {
        let done = catch_unwind(AssertUnwindSafe(work)).map_err(|panic| {
            let message = panic
                .downcast_ref::<&str>()
                .map(|s| s.to_string())
                .or_else(|| panic.downcast_ref::<String>().cloned())
                .unwrap_or_default();
            Lost::Panicked(message)
        });
        // The caller may have gone (its request dropped): the answer is then not needed.
        let _ = answer.send(done);
    });
    answered.await.unwrap_or_else(|_| Err(Lost::Panicked("the bulk thread stopped".into())))
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The nice value of the calling thread, from /proc (Linux).
    fn nice_here() -> Option<i64> {
        let stat = std::fs::read_to_string("/proc/thread-self/stat").ok()?;
        // The fields after the command's parenthesis: state is the 3rd field, nice the 19th.
        let fields: Vec<&str> = stat.rsplit_once(')')?.1.split_whitespace().collect();
        fields.get(16)?.parse().ok()
    }

    #[tokio::test]
    async fn bulk_work_runs_on_a_thread_of_its_own_at_nice_10_and_answers() {
        let (name, nice) = run(|| (std::thread::current().name().map(String::from), nice_here())).await.unwrap();
        assert!(name.unwrap().starts_with("bulk-"));
        if cfg!(target_os = "linux") {
            assert_eq!(nice, Some(10), "bulk threads yield to the calls of games in play");
            assert_ne!(nice_here(), Some(10), "the caller's own thread is left as it was");
        }
    }

    #[tokio::test]
    async fn bulk_work_that_panics_is_an_error_and_the_threads_go_on() {
        let lost = run(|| -> u32 { panic!("a broken log") }).await.unwrap_err();
        assert_eq!(lost.to_string(), "bulk work failed: a broken log");
        assert_eq!(run(|| 6 * 7).await.unwrap(), 42);
    }
}
