//! Pars: what the referee proves about a game's puzzles after the fact (Chess Golf's finished
//! holes). A search may take a second or more of one core, so it runs on the blocking pool, one
//! search at a time per process — the other calls keep the async workers and the other cores —
//! and its answer is kept with the game (`g:{ID}:pars`), so every later request only reads it.
//! The engine's search is bounded by positions, not time: any referee gives the same answer.

use crate::errors::{ApiError, Reason, storage};
use crate::tables::{Tables, check_question};
use crate::work::blocking;
use referee_proto::v1 as pb;
use rules::game::{Par, ParAnswer};
use rules::random::to_hex;
use sha2::Digest;
use std::sync::atomic::Ordering;
use tonic::Code;

/// The window in which the searches asked from one client address are counted.
const PAR_WINDOW_SECONDS: u64 = 600;
/// How long the par of a position given without a game is kept (the same question asked again,
/// by anyone, is answered from it).
const POSITION_PAR_KEPT_SECONDS: u64 = 86_400;
/// The most searches for a position's par that may wait for the one running in a process;
/// past it, a call is refused at once rather than queued.
const MOST_WAITING: usize = 8;

impl Tables {
    /// The par of every puzzle of `game_id` everyone may now see, working out the missing ones.
    pub async fn pars(&self, game_id: &str, token: Option<&str>) -> Result<pb::GetParsResponse, ApiError> {
        let current = self.current_to_read(game_id).await?;
        current.authorize(token)?;
        let Some(state) = current.state.as_ref() else {
            return Ok(pb::GetParsResponse { game_id: game_id.to_string(), pars: Vec::new() });
        };
        let puzzles = current.game.puzzles(state);
        let mut kept = self.store.pars(game_id).await.map_err(storage)?;
        if puzzles.iter().any(|p| !kept.contains_key(p)) {
            let _turn = self.solving.acquire().await.map_err(ApiError::internal)?;
            // Another call may have worked them out while this one waited.
            kept = self.store.pars(game_id).await.map_err(storage)?;
            let missing: Vec<String> = puzzles.iter().filter(|p| !kept.contains_key(*p)).cloned().collect();
            let worked = blocking(move || {
                let state = current.state.as_ref().expect("checked above");
                Ok(missing.iter().filter_map(|p| current.game.par(state, p)).collect::<Vec<Par>>())
            })
            .await?;
            for par in worked {
                let json = serde_json::to_string(&par).expect("a par serializes");
                self.store.save_par(game_id, &par.puzzle, &json).await.map_err(storage)?;
                tracing::info!(game_id, puzzle = par.puzzle, positions = par.positions, "par worked out");
                kept.insert(par.puzzle, json);
            }
        }
        let pars =
            puzzles.iter().filter_map(|p| serde_json::from_str::<Par>(kept.get(p)?).ok()).map(to_proto).collect();
        Ok(pb::GetParsResponse { game_id: game_id.to_string(), pars })
    }

    /// The par of `position`, a puzzle's start in the notation of `rules_id`, asked without a
    /// game. Answers are kept a day; a search not kept counts against `address`'s searches in
    /// ten minutes, waits for the process's one search at a time, and is refused at once when
    /// [`MOST_WAITING`] others already wait.
    pub async fn position_par(&self, rules_id: &str, position: &str, address: &str) -> Result<pb::Par, ApiError> {
        check_question(position, "")?;
        let game = Self::rules(rules_id)?;
        let name = format!("par:{}", to_hex(&sha2::Sha256::digest(format!("{rules_id}\n{position}"))));
        if let Some(par) = self.kept_par(&name).await? {
            return Ok(par);
        }
        let most = self.settings.pars_per_address;
        if self.store.count(&format!("limit:par:{address}"), PAR_WINDOW_SECONDS).await.map_err(storage)? > most {
            return Err(busy(format!(
                "At most {most} pars are worked out for one address in ten minutes; wait a few minutes."
            ))
            .retry_after(PAR_WINDOW_SECONDS));
        }
        let waiting = WaitingTurn::join(&self.par_queue)
            .ok_or_else(|| busy("The referee is working out other pars; ask again in a few seconds.".into()))?;
        let _turn = self.solving.acquire().await.map_err(ApiError::internal)?;
        drop(waiting);
        // The same question may have been answered while this one waited.
        if let Some(par) = self.kept_par(&name).await? {
            return Ok(par);
        }
        let position = position.to_string();
        let par = blocking(move || game.position_par(&position).map_err(ApiError::from)).await?;
        let json = serde_json::to_string(&par).expect("a par serializes");
        self.store.keep_text(&name, &json, POSITION_PAR_KEPT_SECONDS).await.map_err(storage)?;
        tracing::info!(rules = rules_id, positions = par.positions, "par of a position worked out");
        Ok(to_proto(par))
    }

    /// The par kept under `name`, if any.
    async fn kept_par(&self, name: &str) -> Result<Option<pb::Par>, ApiError> {
        let kept = self.store.kept_text(name).await.map_err(storage)?;
        Ok(kept.and_then(|json| serde_json::from_str::<Par>(&json).ok()).map(to_proto))
    }
}

/// A place in the queue of searches waiting for their turn, given back when dropped.
struct WaitingTurn<'a>(&'a std::sync::atomic::AtomicUsize);

impl<'a> WaitingTurn<'a> {
    /// Takes a place, unless [`MOST_WAITING`] are taken.
    fn join(queue: &'a std::sync::atomic::AtomicUsize) -> Option<WaitingTurn<'a>> {
        queue.fetch_update(Ordering::AcqRel, Ordering::Acquire, |n| (n < MOST_WAITING).then_some(n + 1)).ok()?;
        Some(WaitingTurn(queue))
    }
}

impl Drop for WaitingTurn<'_> {
    fn drop(&mut self) {
        self.0.fetch_sub(1, Ordering::AcqRel);
    }
}

fn busy(message: String) -> ApiError {
    ApiError::new(Code::ResourceExhausted, Reason::LimitReached, message).retry_after(5)
}

/// A par in the API's form.
fn to_proto(par: Par) -> pb::Par {
    let mut out = pb::Par { puzzle: par.puzzle, title: par.title, positions: par.positions, ..Default::default() };
    match par.answer {
        ParAnswer::Moves { moves, line } => {
            out.set_kind(pb::ParKind::Moves);
            (out.moves, out.line) = (moves, line);
        }
        ParAnswer::Score { score, line } => {
            out.set_kind(pb::ParKind::Score);
            (out.score, out.line) = (score, line);
        }
        ParAnswer::Impossible => out.set_kind(pb::ParKind::Impossible),
        ParAnswer::AtLeast { moves } => {
            out.set_kind(pb::ParKind::AtLeast);
            out.moves = moves;
        }
        ParAnswer::Unproven { bound } => {
            out.set_kind(pb::ParKind::Unproven);
            out.bound = bound;
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn past_the_most_waiting_a_search_is_turned_away_until_one_leaves() {
        let queue = std::sync::atomic::AtomicUsize::new(0);
        let places: Vec<_> = (0..MOST_WAITING).map(|_| WaitingTurn::join(&queue).expect("a place")).collect();
        assert!(WaitingTurn::join(&queue).is_none(), "the queue is full");
        drop(places.into_iter().next());
        assert!(WaitingTurn::join(&queue).is_some(), "a place was given back");
    }
}
