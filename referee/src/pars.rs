//! Pars: what the referee proves about a game's puzzles after the fact (Chess Golf's finished
//! holes). A search may take a second or more of one core, so it runs on the blocking pool, one
//! search at a time per process — the other calls keep the async workers and the other cores —
//! and its answer is kept with the game (`g:{ID}:pars`), so every later request only reads it.
//! The engine's search is bounded by positions, not time: any referee gives the same answer.

use crate::errors::ApiError;
use crate::tables::{Tables, blocking, storage};
use referee_proto::v1 as pb;
use rules::game::{Par, ParAnswer};

impl Tables {
    /// The par of every puzzle of `game_id` everyone may now see, working out the missing ones.
    pub async fn pars(&self, game_id: &str, token: Option<&str>) -> Result<pb::GetParsResponse, ApiError> {
        let current = self.current(game_id, None).await?;
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
