//! Joins the referee refused for too many wrong codes (`too_many_attempts`), answered by the
//! gateway itself while the referee's refusal lasts.
//!
//! The referee refuses every join without a client key from an address that must wait, without
//! reading the game, for as long as its counter's window has left, and says how long
//! (`RetryInfo`, to the millisecond). A crowd of guessers told to wait asks again all the same,
//! each as often as its rate limit lets it; the gateway keeps each refusal, by client address
//! (as the limits count it) and game, and answers their guesses with it until then, so that
//! they cost the referee and its Redis nothing. It keeps one at most [`HELD_AT_MOST`], so that
//! the minutes in the referee's words are never more than one behind, and the number of
//! refusals it keeps is bounded. A join with a client key still goes to the referee: it may be
//! a retry of a join that went through, which only the referee can recognise.

use crate::errors::{ApiError, reason_name, whole_seconds};
use referee_proto::v1 as pb;
use std::net::IpAddr;
use std::sync::Arc;
use std::time::{Duration, Instant};

/// Marks a refusal the gateway answers again, unchanged, to a client that was given it and told
/// how long to wait, and asked again before then: the usual abusive loop, which
/// `middleware::slow_refusals` holds back longer than another 429 (never longer than its
/// `Retry-After`).
#[derive(Clone, Copy, Debug)]
pub struct Repeated;

/// The longest a refusal is kept before the referee is asked again.
pub const HELD_AT_MOST: Duration = Duration::from_secs(60);
/// The most refusals kept (one per guessing address and game, a few hundred bytes each).
const MOST_KEPT: u64 = 100_000;

/// A refusal kept: until when the referee's refusal holds, and until when it is kept.
struct Held {
    refusal: ApiError,
    ends: Instant,
    kept_until: Instant,
}

/// The refusals kept, by client address and game.
#[derive(Clone)]
pub struct JoinWaits(moka::future::Cache<(IpAddr, String), Arc<Held>>);

impl Default for JoinWaits {
    fn default() -> JoinWaits {
        JoinWaits(moka::future::Cache::builder().max_capacity(MOST_KEPT).expire_after(UntilItEnds).build())
    }
}

impl JoinWaits {
    /// The referee's refusal of joins to `game_id` from `address`, if it still holds, with the
    /// time it has left as its `Retry-After`.
    pub async fn refusal(&self, address: IpAddr, game_id: &str) -> Option<ApiError> {
        let held = self.0.get(&(address, game_id.to_string())).await?;
        let now = Instant::now();
        if held.kept_until <= now {
            return None;
        }
        let left = held.ends.saturating_duration_since(now);
        Some(ApiError { retry_after: Some(whole_seconds(left)), ..held.refusal.clone() })
    }

    /// Keeps `refusal`, the referee's answer to a join to `game_id` from `address`, if it is
    /// one to wait `wait` for wrong codes.
    pub async fn keep(&self, address: IpAddr, game_id: &str, refusal: &ApiError, wait: Option<Duration>) {
        let for_wrong_codes = reason_name(pb::ErrorReason::TooManyAttempts as i32).is_some_and(|r| r == refusal.code);
        let Some(wait) = wait.filter(|_| for_wrong_codes) else {
            return;
        };
        let now = Instant::now();
        let held = Held { refusal: refusal.clone(), ends: now + wait, kept_until: now + wait.min(HELD_AT_MOST) };
        self.0.insert((address, game_id.to_string()), Arc::new(held)).await;
    }
}

/// Each refusal is forgotten when it ends.
struct UntilItEnds;

impl moka::Expiry<(IpAddr, String), Arc<Held>> for UntilItEnds {
    fn expire_after_create(&self, _: &(IpAddr, String), held: &Arc<Held>, now: Instant) -> Option<Duration> {
        Some(held.kept_until.saturating_duration_since(now))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use actix_web::http::StatusCode;

    fn refusal(code: &str) -> ApiError {
        ApiError::new(StatusCode::TOO_MANY_REQUESTS, code, "Too many wrong join codes; try again in 4 minutes.")
    }

    #[actix_web::test]
    async fn a_refusal_for_wrong_codes_is_kept_for_its_game_and_address_with_the_time_it_has_left() {
        let waits = JoinWaits::default();
        let (here, elsewhere) = ("203.0.113.9".parse().unwrap(), "198.51.100.7".parse().unwrap());
        waits.keep(here, "g1", &refusal("too_many_attempts"), Some(Duration::from_millis(4_500))).await;
        let kept = waits.refusal(here, "g1").await.expect("kept");
        assert_eq!((kept.status, kept.code.as_str(), kept.retry_after), (429, "too_many_attempts", Some(5)));
        assert_eq!(kept.message, "Too many wrong join codes; try again in 4 minutes.");
        assert!(waits.refusal(here, "g2").await.is_none(), "another game is asked");
        assert!(waits.refusal(elsewhere, "g1").await.is_none(), "another address is asked");
    }

    #[actix_web::test]
    async fn only_a_refusal_for_wrong_codes_with_a_time_is_kept_and_none_longer_than_a_minute() {
        let waits = JoinWaits::default();
        let here: IpAddr = "203.0.113.9".parse().unwrap();
        waits.keep(here, "g1", &refusal("rate_limited"), Some(Duration::from_secs(30))).await;
        waits.keep(here, "g2", &refusal("too_many_attempts"), None).await;
        assert!(waits.refusal(here, "g1").await.is_none() && waits.refusal(here, "g2").await.is_none());
        waits.keep(here, "g3", &refusal("too_many_attempts"), Some(Duration::from_secs(600))).await;
        assert_eq!(waits.refusal(here, "g3").await.unwrap().retry_after, Some(600), "the whole wait is said");
        waits.keep(here, "g4", &refusal("too_many_attempts"), Some(Duration::from_millis(30))).await;
        actix_web::rt::time::sleep(Duration::from_millis(40)).await;
        assert!(waits.refusal(here, "g4").await.is_none(), "a refusal that has ended is not kept");
    }
}
