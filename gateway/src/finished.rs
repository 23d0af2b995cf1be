//! Finished games' views kept ready in the gateway, as the JSON sent, by game and token.
//!
//! A finished game's view never changes until the store forgets the game (the referee says
//! until when: `GameView.unchanged_until_ms`), so each view of one the gateway reads is kept,
//! in a cache bounded by bytes (`GATEWAY_VIEWS_KEPT_MB`), for the same token (or none, a
//! spectator's) until then: a home page's, a fairness page's or a loop's reads of it then cost
//! the referee nothing and the gateway no JSON; so does a live stream opened on it with the
//! same token, which gets that view as its one event (`api::game_events`). The key is the token the referee accepted for
//! that view, so a seat's view reaches only the bearer of that seat's token; a token refused
//! is never kept. Views of games in play are never kept.

use crate::kept::{self, Unchanging};
use bytestring::ByteString;
use std::sync::Arc;

/// A view ready to send.
pub struct Kept {
    /// The view as JSON.
    pub text: ByteString,
    /// The events the game recorded (its live stream's last event id).
    pub seq: u64,
    /// Until when it stays as it is, in ms since the epoch.
    unchanged_until_ms: u64,
}

impl Unchanging for Kept {
    fn unchanged_until_ms(&self) -> u64 {
        self.unchanged_until_ms
    }

    fn bytes(&self) -> usize {
        self.text.len()
    }
}

/// The finished games' views this gateway keeps ready, by game id and token.
#[derive(Clone)]
pub struct FinishedViews(moka::future::Cache<(String, Option<String>), Arc<Kept>>);

impl FinishedViews {
    /// Keeps at most `most_bytes` bytes of views; 0 keeps none.
    pub fn new(most_bytes: u64) -> FinishedViews {
        FinishedViews(kept::cache(most_bytes))
    }

    /// The view of `game_id` for `token`, if it is kept.
    pub async fn get(&self, game_id: &str, token: Option<&str>) -> Option<Arc<Kept>> {
        let key = (game_id.to_string(), token.map(str::to_string));
        self.0.get(&key).await
    }

    /// Keeps `text`, the view of `game_id` after `seq` events for `token`, if it stays as it
    /// is (until `unchanged_until_ms`, 0 for a view that may change).
    pub async fn keep(&self, key: (String, Option<String>), text: ByteString, seq: u64, unchanged_until_ms: u64) {
        if kept::unchanged_for(unchanged_until_ms).is_zero() {
            return;
        }
        self.0.insert(key, Arc::new(Kept { text, seq, unchanged_until_ms })).await;
    }
}
