//! Ending a game early: the host may close a game that will not be finished (players gone, a
//! game abandoned at the table) or that never started. Nothing more can be played, there is no
//! result, and the record with its seed is released, so every draw made can still be checked.

use crate::current::Caller;
use crate::errors::{ApiError, Reason, storage};
use crate::store::{AppendOutcome, Event, EventBody};
use crate::tables::Tables;
use crate::work::now_ms;
use referee_proto::v1 as pb;
use tonic::Code;

impl Tables {
    /// Ends `game_id` for its host (the token given at creation).
    pub async fn end_game(&self, game_id: &str, token: Option<&str>) -> Result<pb::GameView, ApiError> {
        let token = token.ok_or_else(|| ApiError::no_token("Ending a game needs the host token."))?;
        for _ in 0..8 {
            let current = self.current(game_id, None).await?;
            if current.authorize(Some(token))? != Caller::Host {
                return Err(ApiError::new(
                    Code::PermissionDenied,
                    Reason::NotTheHost,
                    "Only the host, with the token given when the game was created, can end a game.",
                ));
            }
            if current.is_over() {
                return Err(ApiError::new(Code::FailedPrecondition, Reason::GameOver, "The game is already over."));
            }
            let event = current.chained(Event::new(current.seq, EventBody::End, Vec::new(), now_ms()));
            let kept = self.retention_of(pb::GameStatus::Over);
            match self
                .store
                .append(game_id, &event, None, kept, &Default::default(), Default::default())
                .await
                .map_err(storage)?
            {
                AppendOutcome::Appended => {
                    tracing::info!(game_id, seq = event.seq, "game ended by the host");
                    self.archive(game_id).await;
                    return Ok(self.current(game_id, None).await?.view(Caller::Host));
                }
                // A move came first: look again (the game may have ended by itself).
                AppendOutcome::Stale { .. } | AppendOutcome::Duplicate { .. } | AppendOutcome::Full { .. } => {}
            }
        }
        Err(ApiError::stale(0))
    }
}
