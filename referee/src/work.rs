//! Where a call's CPU work runs. Replaying a game since its snapshot and applying a move take
//! microseconds in most games (chess: about 6 and 5), and handing them to tokio's blocking pool
//! cost more than the work: two hand-offs a move were about a third of a chess move's CPU in
//! the referee (`docs/service.md`, "What a move costs"). So such work runs where the call is,
//! unless that game's work has lately been slow; then it goes to the blocking pool, which keeps
//! the async workers free for every other call. Searches known to be long (pars) always go to
//! the blocking pool. Work that any client can cause by reading, whatever its length, goes to
//! the bulk threads, which yield to everything else ([`bulk`]).

use crate::errors::ApiError;
use std::collections::HashMap;
use std::sync::LazyLock;
use std::sync::atomic::{AtomicU64, Ordering};
use std::time::{Duration, Instant, SystemTime, UNIX_EPOCH};

/// Work expected to take longer than this runs on the blocking pool.
pub const INLINE_BUDGET: Duration = Duration::from_micros(200);

/// What one event costs a game before any was measured in this process: a chess event's
/// replay or application takes about 5 µs, so a long replay (a finished game's whole log) goes
/// to the blocking pool from the first.
const FIRST_GUESS_NANOS: u64 = 5_000;

/// What one event (replayed or applied) lately cost in each game, in nanoseconds: up by half
/// the difference after a slower one, down by an eighth after each quicker one. Halfway, not at
/// once: on a busy machine a quick move now and then is measured long because its thread was
/// preempted, and one such measurement must not send the game's next moves to the pool (two
/// in a row still do; a game whose moves are really slow goes there after its first).
static PER_EVENT: LazyLock<HashMap<&'static str, AtomicU64>> =
    LazyLock::new(|| rules::games::all().iter().map(|g| (g.info().id, AtomicU64::new(FIRST_GUESS_NANOS))).collect());

/// Runs CPU work that any client can cause by reading (a finished game's audit record built
/// from its whole log, a long log replayed, compressed or read) on the low-priority bulk
/// threads (the `bulk` crate): on a busy machine it yields the cores to the calls of games in
/// play.
pub async fn bulk<T: Send + 'static>(f: impl FnOnce() -> Result<T, ApiError> + Send + 'static) -> Result<T, ApiError> {
    metrics::counter!("referee_bulk_work_total").increment(1);
    bulk::run(f).await.map_err(ApiError::internal)?
}

/// Runs CPU work (a long search, a rare step) on a blocking thread.
pub async fn blocking<T: Send + 'static>(
    f: impl FnOnce() -> Result<T, ApiError> + Send + 'static,
) -> Result<T, ApiError> {
    tokio::task::spawn_blocking(f).await.map_err(ApiError::internal)?
}

/// Runs `f`, the replay or application of `events` events of the game `rules`, where the call
/// is when that game's events have lately been quick enough for `events` of them to fit in
/// [`INLINE_BUDGET`], and on a blocking thread when not; and learns from how long it took.
pub async fn short<T: Send + 'static>(
    rules: &str,
    events: usize,
    f: impl FnOnce() -> Result<T, ApiError> + Send + 'static,
) -> Result<T, ApiError> {
    let events = events.max(1) as u64;
    let (name, cost) = PER_EVENT.get_key_value(rules).map_or(("other", None), |(name, cost)| (*name, Some(cost)));
    let expected = cost.map_or(0, |c| c.load(Ordering::Relaxed)).saturating_mul(events);
    let timed = move || {
        let started = Instant::now();
        let done = f();
        if let Some(cost) = cost {
            learn(cost, started.elapsed().as_nanos() as u64 / events);
        }
        done
    };
    if expected <= INLINE_BUDGET.as_nanos() as u64 {
        timed()
    } else {
        metrics::counter!("referee_blocking_work_total", "rules" => name).increment(1);
        blocking(timed).await
    }
}

/// Takes one measurement into a game's cost per event.
fn learn(cost: &AtomicU64, sample: u64) {
    let _ = cost.fetch_update(Ordering::Relaxed, Ordering::Relaxed, |old| {
        Some(if sample > old { old + (sample - old) / 2 } else { old - old / 8 + sample / 8 })
    });
}

/// Now, in ms since the epoch.
pub(crate) fn now_ms() -> u64 {
    SystemTime::now().duration_since(UNIX_EPOCH).map_or(0, |d| d.as_millis() as u64)
}

/// Counts work over a game's whole log done in this referee
/// (`referee_long_work_total{kind}`: `replay`, `audit`, `record`), one at a time
/// (`Tables::long_work`).
pub(crate) fn long_work_done(kind: &'static str) {
    metrics::counter!("referee_long_work_total", "kind" => kind).increment(1);
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::thread;

    fn on_this_thread(rules: &'static str, events: usize, sleep: Duration) -> bool {
        let caller = thread::current().id();
        let runtime = tokio::runtime::Builder::new_current_thread().build().unwrap();
        runtime
            .block_on(short(rules, events, move || {
                thread::sleep(sleep);
                Ok(thread::current().id() == caller)
            }))
            .unwrap()
    }

    #[test]
    fn quick_work_runs_in_place_and_a_game_whose_work_was_slow_goes_to_the_blocking_pool() {
        // Each test takes its own game: the costs are shared by the whole process.
        assert!(on_this_thread("gravity", 15, Duration::ZERO), "nothing known yet: in place");
        assert!(on_this_thread("gravity", 1, Duration::from_millis(2)), "still in place: it was quick so far");
        assert!(!on_this_thread("gravity", 1, Duration::ZERO), "a slow one sends the next ones to the pool");
        assert!(on_this_thread("zombie", 1, Duration::ZERO), "another game is not held back");
    }

    #[test]
    fn a_whole_log_goes_to_the_pool_before_anything_is_known_of_the_game() {
        assert!(!on_this_thread("whack", 1_000, Duration::ZERO), "1,000 events at a first guess of 5 µs");
        assert!(on_this_thread("adrenaline", 15, Duration::ZERO), "15 events: 75 µs, in place");
    }

    #[test]
    fn a_cost_goes_up_halfway_and_down_slowly() {
        let cost = AtomicU64::new(0);
        learn(&cost, 8_000);
        assert_eq!(cost.load(Ordering::Relaxed), 4_000);
        learn(&cost, 8_000);
        assert_eq!(cost.load(Ordering::Relaxed), 6_000);
        learn(&cost, 0);
        assert_eq!(cost.load(Ordering::Relaxed), 5_250);
        for _ in 0..40 {
            learn(&cost, 1_000);
        }
        assert!(cost.load(Ordering::Relaxed) < 1_100, "back near what it costs now");
    }

    #[test]
    fn a_long_replay_of_a_quick_game_goes_to_the_pool_too() {
        learn(&PER_EVENT["booster"], 95_000);
        assert!(on_this_thread("booster", 2, Duration::ZERO), "100 µs: in place");
        assert!(!on_this_thread("booster", 8, Duration::ZERO), "8 events at about 44 µs: on the pool");
    }
}
