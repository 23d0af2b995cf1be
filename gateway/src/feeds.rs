//! Live views shared: one gRPC watch of a game per token (or none, for spectators) in this
//! gateway, whose views are turned into SSE data once and handed to every client watching with
//! that token. However many watch, a move costs the referee one view per token and the gateway
//! one JSON text per token.

use crate::errors::ApiError;
use crate::referee::{Referee, request};
use crate::views::view_text;
use actix_web_lab::sse;
use futures::StreamExt;
use referee_proto::v1 as pb;
use std::collections::HashMap;
use std::sync::{Arc, Mutex};
use tokio::sync::watch;

/// One view as sent to the watchers: its `seq`, whether the game was under way (a view of a
/// game waiting for players or over is sent to anyone who starts watching) and its SSE data.
pub struct Update {
    seq: u64,
    under_way: bool,
    over: bool,
    data: sse::Data,
}

impl Update {
    fn new(view: &pb::GameView) -> Update {
        let data = sse::Data::new(view_text(view, None)).id(view.seq.to_string()).event("view");
        let status = view.status;
        let (under_way, over) = (status == pb::GameStatus::Active as i32, status == pb::GameStatus::Over as i32);
        Update { seq: view.seq, under_way, over, data }
    }

    /// Whether a watcher resuming after `after` should have this view (0: from the start).
    fn news_after(&self, after: u64) -> bool {
        after == 0 || self.seq > after || !self.under_way
    }

    /// The last word of a feed the referee ended with a refusal (the token stopped: its seat
    /// was handed to a new phone), sent to every watcher as an `ended` event with the error's
    /// JSON, so that the phone learns at once instead of at its next reconnection.
    fn refusal(error: &ApiError) -> Update {
        let json = serde_json::to_string(error).unwrap_or_default();
        Update { seq: u64::MAX, under_way: false, over: false, data: sse::Data::new(json).event("ended") }
    }

    /// Whether this is the view of a finished game that a watcher who already saw `after`
    /// events has seen: there is nothing more to send it, ever.
    fn told_already(&self, over: bool, after: u64) -> bool {
        over && after > 0 && after >= self.seq
    }
}

type Latest = Option<Arc<Update>>;
type FeedKey = (String, Option<String>);

/// The feeds this gateway follows, by game and token.
#[derive(Clone, Default)]
pub struct Feeds {
    feeds: Arc<Mutex<HashMap<FeedKey, Arc<watch::Sender<Latest>>>>>,
}

impl Feeds {
    /// The SSE events of `game_id` as `token` sees them, from the first view after `after`
    /// on; joins the feed another client opened with the same token, or opens one (the
    /// referee's refusal, such as a bad token, comes back here).
    pub async fn watch(
        &self,
        referee: &Referee,
        game_id: String,
        token: Option<String>,
        after: u64,
    ) -> Result<Option<impl futures::Stream<Item = sse::Event> + use<>>, ApiError> {
        let key = (game_id, token);
        let existing = self.feeds.lock().expect("not poisoned").get(&key).map(|tx| tx.subscribe());
        let rx = match existing {
            Some(rx) => rx,
            None => self.open(referee, key).await?,
        };
        // A finished game the watcher has seen to its end: `None`, so that it is told to stop
        // coming back (an EventSource reconnects after every stream that merely ends).
        if rx.borrow().as_ref().is_some_and(|u| u.told_already(u.over, after)) {
            return Ok(None);
        }
        // State: the feed, the resume point until the first view is judged, and whether the
        // feed's current view has been looked at yet.
        Ok(Some(futures::stream::unfold((rx, Some(after), false), |(mut rx, mut resume, mut looked)| async move {
            loop {
                if looked && rx.changed().await.is_err() {
                    return None;
                }
                looked = true;
                let Some(update) = rx.borrow_and_update().clone() else { continue };
                if resume.take().is_some_and(|after| !update.news_after(after)) {
                    continue;
                }
                return Some((sse::Event::Data(update.data.clone()), (rx, None, true)));
            }
        })))
    }

    /// Opens the feed of `key` with the referee and starts its pump.
    async fn open(&self, referee: &Referee, key: FeedKey) -> Result<watch::Receiver<Latest>, ApiError> {
        let message = pb::WatchGameRequest { game_id: key.0.clone(), after_seq: 0 };
        let mut stream = referee.for_game(&key.0).watch_game(request(message, key.1.as_deref())).await?.into_inner();
        // The referee refuses a watch (its limits, a bad token) as the stream's first item: said
        // here, as the answer's status, rather than as an empty stream a client retries forever.
        let first = stream.message().await?.ok_or_else(|| {
            ApiError::from(tonic::Status::unavailable(
                "The referee ended the live view at once; look at the game again in a moment.",
            ))
        })?;
        let (tx, rx) = watch::channel(Some(Arc::new(Update::new(&first))));
        let tx = Arc::new(tx);
        let mut feeds = self.feeds.lock().expect("not poisoned");
        if let Some(other) = feeds.get(&key) {
            // Another client opened it meanwhile: share that one.
            return Ok(other.subscribe());
        }
        feeds.insert(key.clone(), tx.clone());
        metrics::gauge!("gateway_feeds").set(feeds.len() as f64);
        tokio::spawn(self.clone().pump(key, stream, tx));
        Ok(rx)
    }

    /// Hands each view of the referee's stream to the feed's watchers, until the stream ends
    /// (the game is over, the referee went away) or the last watcher has left.
    async fn pump(self, key: FeedKey, mut stream: tonic::Streaming<pb::GameView>, tx: Arc<watch::Sender<Latest>>) {
        loop {
            tokio::select! {
                item = stream.next() => match item {
                    Some(Ok(view)) => { tx.send_replace(Some(Arc::new(Update::new(&view)))); }
                    Some(Err(status)) => {
                        // Refused midway (a token stopped): told to the watchers, then the end.
                        tx.send_replace(Some(Arc::new(Update::refusal(&ApiError::from(status)))));
                        break;
                    }
                    None => break,
                },
                _ = tx.closed() => if self.release(&key, &tx, true) { return },
            }
        }
        self.release(&key, &tx, false);
    }

    /// Forgets `tx` as the feed of `key`; with `only_if_unwatched`, only when nobody watches
    /// (under the lock, so nobody joins in between). Returns whether it did.
    fn release(&self, key: &FeedKey, tx: &Arc<watch::Sender<Latest>>, only_if_unwatched: bool) -> bool {
        let mut feeds = self.feeds.lock().expect("not poisoned");
        if only_if_unwatched && tx.receiver_count() > 0 {
            return false;
        }
        if feeds.get(key).is_some_and(|mine| Arc::ptr_eq(mine, tx)) {
            feeds.remove(key);
        }
        metrics::gauge!("gateway_feeds").set(feeds.len() as f64);
        true
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn update(seq: u64, status: pb::GameStatus) -> Update {
        Update::new(&pb::GameView { seq, status: status as i32, ..Default::default() })
    }

    #[test]
    fn a_resuming_watcher_gets_only_news_but_always_a_waiting_or_finished_game() {
        let active = update(7, pb::GameStatus::Active);
        assert!(active.news_after(0) && active.news_after(6));
        assert!(!active.news_after(7), "the watcher has this view already");
        assert!(update(7, pb::GameStatus::Over).news_after(7), "the end is always told");
        assert!(update(0, pb::GameStatus::Waiting).news_after(3), "joins change a waiting game without a new seq");
    }
}
