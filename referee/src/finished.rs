//! Finished games kept ready. A game that is over never changes: nothing is appended, joined,
//! revealed or re-issued after its end (every script counts its archived events). So each
//! referee keeps, in two bounded LRUs, the finished games it last read, as their end left them
//! (a [`Current`] trimmed of its events), and their audit records as sent (the `Struct`'s bytes
//! written once). A read of a finished game then costs about what a read of a live game costs,
//! with no load and no replay of its whole archived log, however often it is asked for.
//!
//! What is kept is the game, never a caller's view: each read still builds the view for the
//! token it brings ([`Current::authorize`]), so a seat's view reaches only that seat. A call
//! that asks the log for a retry's answer (an idempotency field) is never answered from here:
//! a retried final move gets its first answer from the log. A kept game is forgotten when the
//! store forgets it (its retention after its last event), and two referees keep the same thing,
//! each its own copy.

use crate::audit::{AUDIT_FORMAT, AuditRecord};
use crate::current::Current;
use crate::work::now_ms;
use lru::LruCache;
use referee_proto::v1 as pb;
use rules::random::to_hex;
use std::num::NonZeroUsize;
use std::sync::Mutex;

/// A finished game or audit record, and until when the store keeps it (ms since the epoch).
struct Kept<T> {
    value: T,
    until_ms: u64,
}

/// The finished games and audit records this referee keeps ready.
pub struct Finished {
    /// `None` when none are kept (`Settings::finished_games` 0).
    games: Option<Mutex<LruCache<String, Kept<Current>>>>,
    audits: Mutex<Audits>,
}

/// Audit records as sent, bounded by their bytes (a 5,000-event game's is about 1.3 MB).
struct Audits {
    kept: LruCache<String, Kept<pb::AuditRecord>>,
    bytes: usize,
    most_bytes: usize,
}

/// How many bytes a kept audit record counts for.
fn size(audit: &pb::AuditRecord) -> usize {
    prost::Message::encoded_len(audit)
}

impl Finished {
    /// Keeps at most `games` finished games and `audit_bytes` bytes of audit records.
    pub fn new(games: usize, audit_bytes: usize) -> Finished {
        Finished {
            games: NonZeroUsize::new(games).map(|n| Mutex::new(LruCache::new(n))),
            audits: Mutex::new(Audits { kept: LruCache::unbounded(), bytes: 0, most_bytes: audit_bytes }),
        }
    }

    /// The finished game `game_id` as kept, if it is (and the store still keeps it).
    pub fn game(&self, game_id: &str, now_ms: u64) -> Option<Current> {
        let mut games = self.games.as_ref()?.lock().expect("not poisoned");
        let found = match games.get(game_id) {
            Some(kept) if kept.until_ms > now_ms => Some(kept.value.clone()),
            Some(_) => {
                games.pop(game_id);
                None
            }
            None => None,
        };
        counted("view", found.is_some());
        found
    }

    /// Keeps `current`, a finished game, until `until_ms`.
    pub fn keep_game(&self, current: Current, until_ms: u64) {
        let Some(games) = &self.games else { return };
        let game_id = current.loaded.header.game_id.clone();
        games.lock().expect("not poisoned").put(game_id, Kept { value: current.trimmed(), until_ms });
    }

    /// The audit record of the finished game `game_id` as kept, if it is.
    pub fn audit(&self, game_id: &str, now_ms: u64) -> Option<pb::AuditRecord> {
        let mut audits = self.audits.lock().expect("not poisoned");
        let found = match audits.kept.get(game_id) {
            Some(kept) if kept.until_ms > now_ms => Some(kept.value.clone()),
            Some(_) => {
                audits.forget(game_id);
                None
            }
            None => None,
        };
        counted("audit", found.is_some());
        found
    }

    /// Keeps `audit`, the finished game `game_id`'s record, until `until_ms`, the least recently
    /// read going first while the kept records hold more than their bytes; one larger than them
    /// all is not kept.
    pub fn keep_audit(&self, game_id: &str, audit: pb::AuditRecord, until_ms: u64) {
        let mut audits = self.audits.lock().expect("not poisoned");
        let bytes = size(&audit);
        if bytes > audits.most_bytes {
            return;
        }
        audits.forget(game_id);
        while audits.bytes + bytes > audits.most_bytes {
            let Some((_, old)) = audits.kept.pop_lru() else { break };
            audits.bytes -= size(&old.value);
        }
        audits.bytes += bytes;
        audits.kept.put(game_id.to_string(), Kept { value: audit, until_ms });
    }
}

impl Audits {
    fn forget(&mut self, game_id: &str) {
        if let Some(old) = self.kept.pop(game_id) {
            self.bytes -= size(&old.value);
        }
    }
}

/// Counts a read of a finished game's view or audit, found kept or not.
fn counted(kind: &'static str, found: bool) {
    let found = if found { "yes" } else { "no" };
    metrics::counter!("referee_finished_reads_total", "kind" => kind, "found" => found).increment(1);
}

impl Current {
    /// Whether nothing can change this game any more: it ended, by its rules or by its host.
    /// (A game closed for want of moves is over too, but by the clock, and is not kept.)
    pub fn is_final(&self) -> bool {
        self.ended || self.state.as_ref().is_some_and(|s| self.game.outcome(s).is_some())
    }

    /// Until when the store keeps this game once finished: `finished_seconds` (its retention)
    /// after its last event, in ms since the epoch.
    pub(crate) fn kept_until(&self, finished_seconds: u64) -> u64 {
        let last = self.last_at_ms.unwrap_or_else(now_ms);
        last.saturating_add(finished_seconds.saturating_mul(1000))
    }

    /// The audit record of this game, which is over, with `events`, all of its events.
    pub(crate) fn audit_record(&self, events: Vec<crate::store::Event>) -> AuditRecord {
        let h = &self.loaded.header;
        AuditRecord {
            format: AUDIT_FORMAT.to_string(),
            game_id: h.game_id.clone(),
            rules: h.rules.clone(),
            rules_version: h.rules_version,
            options: h.options.clone(),
            options_text: h.options_text.clone(),
            seat_count: h.seat_count,
            commitment: h.commitment.clone(),
            seed: to_hex(&self.loaded.seed),
            entropy: self.entropy(),
            entropy_commitments: self.commitments(),
            derivation: h.derivation,
            chain: h.chain,
            abandoned: self.abandoned,
            events,
            outcome: self.state.as_ref().and_then(|s| self.game.outcome(s)),
        }
    }
}
