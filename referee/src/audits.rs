//! A game's audit record, released when the game is over ([`Tables::audit`]): built once, on
//! the bulk threads and one at a time in this referee, then kept ready with the finished game
//! (`finished`). Above `tables`, as every call is; `audit` below it says what a record holds and
//! how it is verified.

use crate::errors::{ApiError, Reason, storage};
use crate::tables::Tables;
use crate::work::{bulk, long_work_done, now_ms};
use referee_proto::v1 as pb;
use tonic::Code;

impl Tables {
    /// The audit record of a game that is over: the full record with the revealed seed, as
    /// `GetAudit` sends it, and until when it stays as it is. A finished game's is built once
    /// (on the bulk threads, one at a time in this referee) and then kept ready.
    pub async fn audit(&self, game_id: &str) -> Result<pb::AuditRecord, ApiError> {
        if let Some(kept) = self.finished.audit(game_id, now_ms()) {
            return Ok(kept);
        }
        let current = self.current_to_read(game_id).await?;
        if !current.is_over() {
            return Err(ApiError::new(
                Code::FailedPrecondition,
                Reason::GameNotOver,
                "The audit record, with the seed, is released when the game is over.",
            ));
        }
        let _one_at_a_time = self.long_work.acquire().await.map_err(ApiError::internal)?;
        if let Some(kept) = self.finished.audit(game_id, now_ms()) {
            return Ok(kept);
        }
        let events = self.store.all_events(game_id).await.map_err(storage)?;
        let (until_ms, is_final) = (self.kept_until(&current), current.is_final());
        long_work_done("audit");
        let unchanged_until_ms = if is_final { until_ms } else { 0 };
        let audit = bulk(move || {
            let record = current.audit_record(events);
            Ok(pb::AuditRecord { audit: referee_proto::structs::to_struct(&record), unchanged_until_ms })
        })
        .await?;
        if is_final {
            self.finished.keep_audit(game_id, audit.clone(), until_ms);
        }
        Ok(audit)
    }
}
