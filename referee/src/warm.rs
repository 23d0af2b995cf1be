//! Games kept warm: each referee keeps, for the games it last recorded a move in, the game as
//! that move left it, so that the next move there is judged without reading and replaying the
//! log: one round trip to Redis a move (the append), not two.
//!
//! What is kept is a guess, never trusted for what it cannot check. The append is a
//! compare-and-set on the number of events, so a kept game that another referee (or another
//! call here: a join, the host's end, a round's deadline) has moved past never writes; the
//! append then returns the events it missed, and the move is judged again on the game caught up
//! (`Tables::caught_up`), or on the game read afresh when what it missed changes more than the
//! state (a seat's new phone, the host's end). A move refused, or answered from anything but a
//! written event, is judged again on the game read afresh, so that every refusal and every
//! retried move's answer comes from the log as it is.
//!
//! The same goes for an address's budget of bytes: the count each append's spend returns is
//! kept, and the store is read before a move only while the kept count is unknown or spent.

use crate::current::Current;
use lru::LruCache;
use std::num::NonZeroUsize;
use std::sync::Mutex;

/// Client addresses whose spent bytes are kept (a few dozen bytes each).
const ADDRESSES: usize = 65_536;

/// The games and addresses a referee keeps warm.
pub struct Warm {
    /// `None` when no game is kept (`Settings::warm_games` 0).
    games: Option<Mutex<LruCache<String, Current>>>,
    spent: Mutex<LruCache<String, u64>>,
}

impl Warm {
    /// Keeps at most `games` games (the least recently moved go first); none for 0.
    pub fn new(games: usize) -> Warm {
        let addresses = NonZeroUsize::new(ADDRESSES).expect("not zero");
        Warm {
            games: NonZeroUsize::new(games).map(|n| Mutex::new(LruCache::new(n))),
            spent: Mutex::new(LruCache::new(addresses)),
        }
    }

    /// The game as this referee last recorded it, taken out: a second call for the same game
    /// meanwhile reads it from the store, and whichever records a move puts its game back.
    pub fn take(&self, game_id: &str) -> Option<Current> {
        let taken = self.games.as_ref()?.lock().expect("not poisoned").pop(game_id);
        let found = if taken.is_some() { "yes" } else { "no" };
        metrics::counter!("referee_warm_games_total", "found" => found).increment(1);
        taken
    }

    /// A copy of the game as this referee last recorded it, left kept: for a read, which must
    /// check with the log that no event came since before it trusts anything in it.
    pub fn copy(&self, game_id: &str) -> Option<Current> {
        self.games.as_ref()?.lock().expect("not poisoned").peek(game_id).cloned()
    }

    /// Keeps `current`, the game after an event this referee recorded, unless a later state of
    /// it is kept already. A finished game is not kept: nothing more is played in it.
    pub fn keep(&self, current: Current) {
        let Some(games) = &self.games else { return };
        if current.is_over() {
            return self.forget(&current.loaded.header.game_id);
        }
        let current = current.trimmed();
        let mut games = games.lock().expect("not poisoned");
        let game_id = &current.loaded.header.game_id;
        if games.peek(game_id).is_none_or(|kept| kept.seq < current.seq) {
            games.put(game_id.clone(), current);
        }
    }

    /// Forgets the game `game_id`.
    fn forget(&self, game_id: &str) {
        if let Some(games) = &self.games {
            games.lock().expect("not poisoned").pop(game_id);
        }
    }

    /// The bytes `address` had added in its window when this referee last counted some. Under
    /// the budget, a move goes on without reading the store: what other referees counted since
    /// is seen at this referee's next count, so an address goes past its budget by at most a
    /// move a referee (and the moves in flight), as concurrent moves always could. A spent
    /// count is read again before a refusal (its window may have ended).
    pub fn spent(&self, address: &str) -> Option<u64> {
        self.spent.lock().expect("not poisoned").get(address).copied()
    }

    /// Keeps the count of `address`'s bytes that the store returned.
    pub fn count_spent(&self, address: &str, spent: u64) {
        self.spent.lock().expect("not poisoned").put(address.to_string(), spent);
    }
}
