//! Live views: one follower per watched game per process reads the game's changes from Redis
//! and shares each new state with every watcher of that game in this process, which builds its
//! own caller's view from it. However many watch, a game costs one Redis connection and one
//! replay per change in each referee process.

use crate::current::{Caller, Current};
use crate::errors::{ApiError, Reason};
use crate::store::{Changes, RedisConnection, Store};
use crate::tables::Tables;
use crate::tokens;
use referee_proto::v1 as pb;
use std::collections::HashMap;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{Arc, Mutex};
use tokio::sync::{mpsc, watch};
use tonic::{Code, Status};

/// The latest state a follower read: nothing yet, the game, or why it could not be read.
type Latest = Option<Result<Arc<Current>, Status>>;

/// Limits on live views, per referee process.
#[derive(Copy, Clone, Debug)]
pub struct WatchLimits {
    /// Watchers in all (each an open stream).
    pub watchers: usize,
    /// Games followed at once (each one Redis connection).
    pub games: usize,
}

impl Default for WatchLimits {
    fn default() -> WatchLimits {
        WatchLimits { watchers: 20_000, games: 2_000 }
    }
}

/// The followers of this process, by game id.
#[derive(Clone)]
pub struct Followers {
    games: Arc<Mutex<HashMap<String, Arc<watch::Sender<Latest>>>>>,
    watchers: Arc<AtomicUsize>,
    limits: WatchLimits,
}

/// A watcher's place, given back when its stream ends.
struct Place(Arc<AtomicUsize>);

impl Drop for Place {
    fn drop(&mut self) {
        self.0.fetch_sub(1, Ordering::Relaxed);
    }
}

fn busy(what: &str) -> Status {
    ApiError::new(
        Code::ResourceExhausted,
        Reason::LimitReached,
        format!("This referee follows as many {what} as it can; ask for the view instead, or watch again later."),
    )
    .retry_after(30)
    .into_status()
}

impl Followers {
    pub fn new(limits: WatchLimits) -> Followers {
        Followers { games: Arc::default(), watchers: Arc::default(), limits }
    }

    /// A watcher's place and the game's shared follower, started if nobody here follows it.
    fn subscribe(
        &self,
        tables: &Tables,
        game_id: &str,
        stopping: &watch::Receiver<bool>,
    ) -> Result<(Place, watch::Receiver<Latest>), Status> {
        if self.watchers.fetch_add(1, Ordering::Relaxed) >= self.limits.watchers {
            self.watchers.fetch_sub(1, Ordering::Relaxed);
            return Err(busy("live viewers"));
        }
        let place = Place(self.watchers.clone());
        let mut games = self.games.lock().expect("not poisoned");
        if let Some(tx) = games.get(game_id) {
            return Ok((place, tx.subscribe()));
        }
        if games.len() >= self.limits.games {
            return Err(busy("games"));
        }
        let (tx, rx) = watch::channel(None);
        let tx = Arc::new(tx);
        games.insert(game_id.to_string(), tx.clone());
        metrics::gauge!("referee_followed_games").set(games.len() as f64);
        tokio::spawn(follow(self.clone(), tables.clone(), game_id.to_string(), tx, stopping.clone()));
        Ok((place, rx))
    }

    /// Stops sharing `tx` for `game_id`; with `only_if_unwatched`, only when no watcher is
    /// left. Returns whether it stopped. (Under the lock, so no watcher joins in between.)
    fn release(&self, game_id: &str, tx: &Arc<watch::Sender<Latest>>, only_if_unwatched: bool) -> bool {
        let mut games = self.games.lock().expect("not poisoned");
        if only_if_unwatched && tx.receiver_count() > 0 {
            return false;
        }
        if games.get(game_id).is_some_and(|mine| Arc::ptr_eq(mine, tx)) {
            games.remove(game_id);
        }
        metrics::gauge!("referee_followed_games").set(games.len() as f64);
        true
    }

    /// Sends the watcher's view whenever the game moves past what was last sent, until the game
    /// ends, the caller goes away or the referee shuts down.
    pub async fn watch(
        self,
        tables: Tables,
        game_id: String,
        watcher: Watcher,
        after: u64,
        tx: mpsc::Sender<Result<pb::GameView, Status>>,
        mut stopping: watch::Receiver<bool>,
    ) {
        let (_place, mut latest) = match self.subscribe(&tables, &game_id, &stopping) {
            Ok(subscribed) => subscribed,
            Err(status) => {
                let _ = tx.send(Err(status)).await;
                return;
            }
        };
        // What was last sent: (events, table changes before the start).
        let mut last_sent: Option<(u64, usize)> = if after == 0 { None } else { Some((after, 0)) };
        let mut sent_any = false;
        loop {
            let now = latest.borrow_and_update().clone();
            match now {
                None => {}
                Some(Err(status)) => {
                    let _ = tx.send(Err(status)).await;
                    return;
                }
                Some(Ok(now)) => {
                    if !watcher.still_holds(&now) {
                        // The host gave the seat a new code: this token sees no more of it.
                        let _ = tx.send(Err(ApiError::unauthenticated().into())).await;
                        return;
                    }
                    let changes = now.loaded.table_changes();
                    let changed = match last_sent {
                        None => true,
                        Some((seq, seen)) => now.seq > seq || (now.seq == seq && changes > seen && now.state.is_none()),
                    };
                    // A watcher resuming at or past the end of a finished game still gets its
                    // last view.
                    if changed || (now.is_over() && !sent_any) {
                        if tx.send(Ok(now.view(watcher.caller))).await.is_err() {
                            return;
                        }
                        sent_any = true;
                        last_sent = Some((now.seq, changes));
                    }
                    if now.is_over() {
                        return;
                    }
                }
            }
            tokio::select! {
                changed = latest.changed() => {
                    let nothing = latest.borrow().is_none();
                    if changed.is_err() && nothing {
                        return;
                    }
                }
                _ = tx.closed() => return,
                _ = stopped(&mut stopping) => {
                    let restarting = Status::unavailable("The referee is restarting; watch again to carry on.");
                    let _ = tx.send(Err(restarting)).await;
                    return;
                }
            }
            let last = latest.borrow().clone();
            if latest.has_changed().is_err() && !matches!(&last, Some(Ok(c)) if c.is_over()) {
                // The follower stopped without the game ending (shutdown or a storage error it
                // already reported): this stream ends too, and the client watches again.
                if let Some(Err(status)) = last {
                    let _ = tx.send(Err(status)).await;
                }
                return;
            }
        }
    }
}

/// Resolves once the referee starts shutting down.
/// Who watches: the caller their token made them, and for a seat the token's hash, which must
/// still hold the seat at every update (the host may hand it to a new phone meanwhile).
pub struct Watcher {
    pub caller: Caller,
    pub token_hash: String,
}

impl Watcher {
    /// Whether the watcher may still see `now` as it did: a seat's token must still hold it.
    fn still_holds(&self, now: &Current) -> bool {
        match self.caller {
            Caller::Seat(seat) => {
                now.loaded.seats.get(&seat).is_some_and(|r| tokens::same_hash(&r.token_hash, &self.token_hash))
            }
            Caller::Host | Caller::Anonymous => true,
        }
    }
}

pub async fn stopped(stopping: &mut watch::Receiver<bool>) {
    loop {
        if *stopping.borrow_and_update() {
            return;
        }
        if stopping.changed().await.is_err() {
            // The sender is gone only when the server is: nothing more to wait for.
            return std::future::pending().await;
        }
    }
}

/// The one reader of a game's changes in this process: shares the game after every change,
/// until the game ends, the last watcher leaves or the referee shuts down. The blocked read that
/// wakes it brings the new events, which it replays on the game it has (`Tables::caught_up`);
/// it reads the whole game only at first, before the start, when the events do more than move
/// the game on (a seat's new phone, the host's end, a round's deadline), or after a quiet
/// while. Its Redis connection is opened when it first has to wait: a finished game is told
/// from the game as read (kept ready, `finished.rs`), without one.
async fn follow(
    followers: Followers,
    tables: Tables,
    game_id: String,
    tx: Arc<watch::Sender<Latest>>,
    mut stopping: watch::Receiver<bool>,
) {
    let stop = |status: Option<Status>| {
        followers.release(&game_id, &tx, false);
        if let Some(status) = status {
            tx.send_replace(Some(Err(status)));
        }
    };
    // Opened once there is something to wait for: a finished game's watchers need none.
    let mut connection: Option<RedisConnection> = None;
    let mut now: Option<Arc<Current>> = None;
    let mut changes: Option<Changes> = None;
    loop {
        let moved = match (now.take(), changes.take()) {
            (Some(had), Some(Changes { events, table: false })) if had.state.is_some() && !events.is_empty() => {
                tables.caught_up(Current::clone(&had), events).await
            }
            _ => None,
        };
        let game = match moved {
            Some(game) => Arc::new(game),
            None => match tables.current(&game_id, None).await {
                Ok(c) => Arc::new(c.trimmed()),
                Err(e) => return stop(Some(e.into_status())),
            },
        };
        let (seq, joined, over) = (game.seq, game.loaded.table_changes() as u64, game.is_over());
        tx.send_replace(Some(Ok(game.clone())));
        if over {
            return stop(None);
        }
        now = Some(game);
        let conn = match &mut connection {
            Some(conn) => conn,
            None => match tables.store().watch_connection().await {
                Ok(conn) => connection.insert(conn),
                Err(e) => return stop(Some(ApiError::storage(&e).into_status())),
            },
        };
        loop {
            tokio::select! {
                waited = Store::wait_for_changes(conn, &game_id, seq, joined) => match waited {
                    Ok(found) => {
                        changes = found;
                        break;
                    }
                    Err(e) => return stop(Some(ApiError::storage(&e).into_status())),
                },
                // The last watcher left: stop at once, unless one came back meanwhile.
                _ = tx.closed() => if followers.release(&game_id, &tx, true) { return },
                _ = stopped(&mut stopping) => return stop(None),
            }
        }
        if followers.release(&game_id, &tx, true) {
            return;
        }
    }
}
