//! The record of a game read a page at a time: from the list the store keeps of it, or
//! replayed from the log for a game made before that list was kept.

use crate::current::Current;
use crate::errors::{ApiError, storage};
use crate::store::Played;
use crate::tables::{Tables, replay_events};
use crate::work::{bulk, long_work_done};
use referee_proto::v1 as pb;
use rules::game::{PlayedView, Viewer};

/// The most entries one read of the record returns.
pub const RECORD_PAGE: u64 = 500;
/// About the most bytes of entries one read of the record returns: 500 of the longest entries
/// (a hundred dice rolled at once) would be 380 KB, which took the referee and the gateway
/// milliseconds each to write, a worker's time that other tables waited for.
pub const RECORD_PAGE_BYTES: usize = 64 * 1024;

/// The first of `heard` that a page holds: those whose words come to at most
/// [`RECORD_PAGE_BYTES`] together (at least one). `heard` is what one viewer hears, so where
/// the page ends depends on nothing hidden from that viewer.
fn within_a_page(heard: impl Iterator<Item = PlayedView>) -> Vec<PlayedView> {
    let mut bytes = 0;
    heard
        .take_while(|p| {
            let len = p.said.len() + p.action.as_ref().map_or(0, String::len);
            let fits = bytes == 0 || bytes + len <= RECORD_PAGE_BYTES;
            bytes += len;
            fits
        })
        .collect()
}

impl Tables {
    /// The record from entry `from` on, as the caller may hear it, a page of at most
    /// [`RECORD_PAGE`] entries and about [`RECORD_PAGE_BYTES`] at a time (`next_from` says where
    /// the next begins; 0 at the end).
    /// Views carry only the latest entries, so that a move's cost does not grow with the game;
    /// this is the rest, read from the record's list without replaying anything. Games made
    /// before the list was kept are replayed, one at a time per referee.
    pub async fn record(&self, game_id: &str, token: Option<&str>, from: u64) -> Result<pb::GameRecord, ApiError> {
        // A game this referee moved in last is read as that move left it where the page read
        // with it says no event came since (a seat's new code, the host's end and every move
        // are events): one script in Redis, and no load of the game.
        if let Some(kept) = self.warm.copy(game_id).filter(|kept| kept.seq > 0)
            && let Ok(caller) = kept.authorize(token)
        {
            let viewer = caller.viewer();
            let played = self.played(game_id, from, viewer).await?;
            if played.seq == kept.seq {
                metrics::counter!("referee_record_pages_total", "game" => "kept").increment(1);
                return self.record_page(&kept, viewer, from, played).await;
            }
        }
        metrics::counter!("referee_record_pages_total", "game" => "read").increment(1);
        let current = self.current_to_read(game_id).await?;
        let viewer = current.authorize(token)?.viewer();
        let played = self.played(game_id, from, viewer).await?;
        self.record_page(&current, viewer, from, played).await
    }

    /// A page of the record from its list as the store keeps it.
    async fn played(&self, game_id: &str, from: u64, viewer: Viewer) -> Result<Played, ApiError> {
        self.store.played(game_id, from, RECORD_PAGE, RECORD_PAGE_BYTES, viewer).await.map_err(storage)
    }

    /// The page of `current`'s record from `from` on as `viewer` hears it: from `played`, or
    /// replayed for a game made before its list was kept.
    async fn record_page(
        &self,
        current: &Current,
        viewer: Viewer,
        from: u64,
        played: Played,
    ) -> Result<pb::GameRecord, ApiError> {
        let game_id = &current.loaded.header.game_id;
        let recorded = current.state.as_ref().map_or(0, |s| current.game.recorded(s));
        let heard: Vec<PlayedView> = if played.kept == recorded {
            played.entries.iter().map(|e| e.heard_by(viewer)).collect()
        } else {
            self.replayed_record(current, viewer, from).await?
        };
        let next = from + heard.len() as u64;
        let next_from = if !heard.is_empty() && next < recorded { next } else { 0 };
        let names = current.state.as_ref().map(|s| current.names_in(s)).unwrap_or_default();
        let played = heard
            .into_iter()
            .map(|p| pb::PlayedEntry { seat: u32::from(p.seat), said: names.say(&p.said), action: p.action })
            .collect();
        Ok(pb::GameRecord { game_id: game_id.to_string(), seq: current.seq, from, played, next_from })
    }

    /// A page of the record of a game made before its list was kept, replayed from the log: one
    /// replay at a time in this referee, so that asking for such records never starves the
    /// other games.
    async fn replayed_record(&self, current: &Current, viewer: Viewer, from: u64) -> Result<Vec<PlayedView>, ApiError> {
        let _one_at_a_time = self.long_work.acquire().await.map_err(ApiError::internal)?;
        let game_id = &current.loaded.header.game_id;
        let events = self.store.all_events(game_id).await.map_err(storage)?;
        let (game, header) = (current.game, current.loaded.header.clone());
        long_work_done("record");
        bulk(move || {
            let (mut heard, mut count) = (Vec::new(), 0);
            replay_events(game, &header, None, &events, |state| {
                heard.extend(game.heard_since(state, viewer, count));
                count = game.recorded(state);
            })?;
            Ok(within_a_page(heard.into_iter().skip(from as usize).take(RECORD_PAGE as usize)))
        })
        .await
    }
}
