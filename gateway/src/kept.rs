//! What the gateway keeps ready of finished games (their audit records, `audits.rs`, and their
//! views, `finished.rs`): answers the referee says stay as they are until a time (its
//! `unchanged_until_ms`, when the store forgets the game), kept in caches bounded by bytes, each
//! until then.

use std::sync::Arc;
use std::time::{Duration, Instant, SystemTime, UNIX_EPOCH};

/// An answer that stays as it is until a time.
pub trait Unchanging: Send + Sync + 'static {
    /// Until when it stays as it is, in ms since the epoch; 0: it may change.
    fn unchanged_until_ms(&self) -> u64;
    /// How many bytes keeping it costs.
    fn bytes(&self) -> usize;
}

/// How much longer something that stays as it is until `until_ms` stays so.
pub fn unchanged_for(until_ms: u64) -> Duration {
    let now = SystemTime::now().duration_since(UNIX_EPOCH).unwrap_or_default();
    Duration::from_millis(until_ms).saturating_sub(now)
}

/// A cache of at most `most_bytes` bytes of answers, each kept while it stays as it is.
pub fn cache<K, V>(most_bytes: u64) -> moka::future::Cache<K, Arc<V>>
where
    K: std::hash::Hash + Eq + Send + Sync + 'static,
    V: Unchanging,
{
    let weigh = |_: &K, kept: &Arc<V>| u32::try_from(kept.bytes()).unwrap_or(u32::MAX);
    moka::future::Cache::builder().max_capacity(most_bytes).weigher(weigh).expire_after(WhileUnchanged).build()
}

/// Kept while it stays as it is (and the cache has room).
struct WhileUnchanged;

impl<K, V: Unchanging> moka::Expiry<K, Arc<V>> for WhileUnchanged {
    fn expire_after_create(&self, _: &K, kept: &Arc<V>, _: Instant) -> Option<Duration> {
        Some(unchanged_for(kept.unchanged_until_ms()))
    }
}
