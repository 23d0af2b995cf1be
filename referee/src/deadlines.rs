//! Rounds with a deadline (Chess Battle's option): the engine has no clock, so the service
//! keeps time. A sealed round's deadline is counted from the time of the event that opened it;
//! the first call after the deadline (a view, a submit) records a `Deadline` event, which the
//! rules replay by closing the round: the sealed actions are revealed and resolved, and seats
//! that sealed nothing do nothing that round. `referee verify` checks each closing against the
//! times in the record.

use crate::audit::game_key;
use crate::current::Current;
use crate::draws::{DERIVATION_3, Fresh};
use crate::errors::{ApiError, storage};
use crate::store::{AppendOutcome, Event, EventBody, Loaded};
use crate::tables::{Tables, added_entries};
use crate::work::{blocking, now_ms};
use referee_proto::v1 as pb;
use rules::game::{AnyState, DynGame};

impl Tables {
    /// When the sealed round open in `state` reaches its deadline (ms since the epoch), if it
    /// has one.
    pub(crate) async fn round_deadline_ms(
        &self,
        loaded: &Loaded,
        game: &'static dyn DynGame,
        state: Option<&AnyState>,
    ) -> Result<Option<u64>, ApiError> {
        let Some((opened, seconds)) = state.and_then(|s| game.round_deadline(s)) else { return Ok(None) };
        let kept = loaded.events.iter().find(|e| e.seq == opened).map(|e| e.at_ms);
        let snapshot = loaded.snapshot.as_ref().filter(|(seq, _)| *seq == opened + 1).map(|_| loaded.snapshot_at_ms);
        let opened_at = match kept.or(snapshot.filter(|at| *at > 0)) {
            Some(at) => at,
            None => {
                let game_id = &loaded.header.game_id;
                let event = self.store.event(game_id, opened).await.map_err(storage)?;
                event.ok_or_else(|| ApiError::internal(format!("game {game_id}: event {opened} is missing")))?.at_ms
            }
        };
        Ok(Some(opened_at + u64::from(seconds) * 1000))
    }

    /// `current`, with its open round closed first if its deadline has passed. Several callers
    /// may find it due at once: the first append wins and the others read the game again.
    pub async fn round_closed_if_due(
        &self,
        current: Current,
        idempotency_field: Option<&str>,
    ) -> Result<Current, ApiError> {
        let due = current.round_deadline_ms.is_some_and(|at| now_ms() >= at);
        if !due || current.ended || current.abandoned || current.is_over() {
            return Ok(current);
        }
        let game_id = current.loaded.header.game_id.clone();
        let key = game_key(&current.loaded.seed, &current.entropy())
            .ok_or_else(|| ApiError::internal("stored entropy is not hex"))?;
        let (current, next, drawn, round, entries) = blocking(move || {
            let state = current.state.as_ref().expect("a round is open");
            let round = current.game.draw_point(state, 0).round;
            let fresh = Fresh::deadline(current.loaded.header.derivation, key, current.seq, round);
            let mut next = current.game.clone_state(state);
            let (closed, drawn) = fresh.drawing(|streams| current.game.close_round(&mut next, streams.round()));
            closed.map_err(|e| ApiError::internal(format!("closing the round: {e}")))?;
            let entries = added_entries(current.game, state, &next);
            Ok((current, next, drawn, round, entries))
        })
        .await?;
        let mut event = Event::new(current.seq, EventBody::Deadline, drawn.draws, now_ms());
        if current.loaded.header.derivation >= DERIVATION_3 {
            (event.round, event.round_draws) = (Some(round), drawn.round_draws);
        }
        let event = current.chained(event);
        let status = if current.game.outcome(&next).is_some() { pb::GameStatus::Over } else { pb::GameStatus::Active };
        if let AppendOutcome::Appended = self
            .store
            .append(&game_id, &event, None, self.retention_of(status), &entries, Default::default())
            .await
            .map_err(storage)?
        {
            tracing::info!(game_id, seq = event.seq, "round closed at its deadline");
            metrics::counter!("referee_rounds_closed_at_deadline_total").increment(1);
            self.snapshot_if_due(&game_id, current.game, &next, &event).await;
        }
        self.current(&game_id, idempotency_field).await
    }
}
