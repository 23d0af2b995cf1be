//! A seat handed to a new phone: when a player's phone is lost, broken or out of battery in the
//! middle of a game, the host re-issues that seat's join code. The token that held the seat
//! stops working at once, and whoever joins with the new code holds the seat from then on, with
//! its own key. Both steps are events of the chained record (`reissued`, `rejoined`), so the
//! record shows who could act for the seat at every point, and the audit checks each action's
//! signature against the key that held the seat then.
//!
//! Only after the start: until then a seat's phone is only needed to reveal its entropy, and the
//! table starts without it once `REFEREE_REVEAL_WAIT` has passed. What the start fixed stays
//! fixed: the seat's share of the entropy (the new phone's statement is recorded in the
//! `rejoined` event and mixed into nothing). A re-issued code works once, and never again once
//! used or replaced; a public key speaks for one seat of a game; and the host may re-issue a
//! seat's code at most [`REISSUES_PER_SEAT`] times a minute.

use crate::current::{Caller, Current};
use crate::errors::{ApiError, Reason, storage};
use crate::joining::{JoinRequest, MAX_CLIENT_KEY_BYTES, key_in_use};
use crate::store::{AppendLimits, AppendOutcome, Event, EventBody, SeatRecord, SeatStatement, key};
use crate::tables::{Tables, added_entries};
use crate::tokens;
use crate::work::now_ms;
use referee_proto::v1 as pb;
use tonic::Code;

/// How often a re-issue or a new phone's join is tried again after another event came first.
const ATTEMPTS: usize = 16;
/// The most re-issues of one seat's code in [`REISSUE_WINDOW_SECONDS`]: each cuts the seat off,
/// so a host cannot keep a player out of the game with a stream of them.
pub const REISSUES_PER_SEAT: u64 = 3;
/// The window in which a seat's re-issues are counted, from the first.
pub const REISSUE_WINDOW_SECONDS: u64 = 60;

/// What the host gets back: the seat's new code and the host's view.
pub struct Reissued {
    pub join_code: String,
    pub view: pb::GameView,
}

impl Tables {
    /// Gives `seat` of `game_id` a new join code, for its host (the token given at creation).
    /// With a `client_key` (text the host keeps for this re-issue), a retry gets the same code
    /// again instead of replacing it.
    pub async fn reissue_code(
        &self,
        game_id: &str,
        token: Option<&str>,
        seat: u32,
        client_key: &str,
    ) -> Result<Reissued, ApiError> {
        if client_key.len() > MAX_CLIENT_KEY_BYTES {
            return Err(ApiError::invalid(Reason::TooLong, "The client key is too long."));
        }
        let token = token.ok_or_else(|| ApiError::no_token("Giving a seat a new code needs the host token."))?;
        let mut counted = false;
        for _ in 0..ATTEMPTS {
            let current = self.current(game_id, None).await?;
            if current.authorize(Some(token))? != Caller::Host {
                return Err(ApiError::new(
                    Code::PermissionDenied,
                    Reason::NotTheHost,
                    "Only the host, with the token given when the game was created, can give a seat a new code.",
                ));
            }
            let seat = reissuable(&current, seat)?;
            let (join_code, code_hash) = self.new_code(game_id, seat, client_key);
            let record = &current.loaded.seats[&seat];
            if record.is_vacant() && tokens::same_hash(&record.code_hash, &code_hash) {
                // A retry of this re-issue: its code stands.
                return Ok(Reissued { join_code, view: current.view(Caller::Host) });
            }
            if record.spent(&code_hash) {
                // A retry of a re-issue whose code a phone has used since, or a newer re-issue
                // replaced: that code never works again.
                return Err(ApiError {
                    message: "This re-issue was answered before, and its code has since been used or replaced: it will not work again. Ask for a new code.".into(),
                    ..ApiError::stale(current.seq)
                });
            }
            if !counted {
                self.count_reissue(game_id, seat).await?;
                counted = true;
            }
            let vacant = vacated(record, code_hash);
            let side = seat_label(&current, seat);
            let description =
                format!("The host gave {side} a new join code: the phone that held the seat can no longer play");
            if self.record_seat_change(&current, EventBody::Reissued { seat, description }, vacant).await? {
                tracing::info!(game_id, seat, "seat code re-issued");
                let view = self.current(game_id, None).await?.view(Caller::Host);
                return Ok(Reissued { join_code, view });
            }
        }
        Err(ApiError::stale(0))
    }

    /// A join with a re-issued code: the new phone takes `seat`, which waits for it.
    pub(crate) async fn rejoin(
        &self,
        mut current: Current,
        seat: u8,
        code_hash: &str,
        request: &JoinRequest,
    ) -> Result<(u8, String, pb::GameView), ApiError> {
        let game_id = current.loaded.header.game_id.clone();
        if !request.entropy.is_empty() {
            return Err(ApiError::invalid(
                Reason::BadEntropy,
                "This game has started, so its draws are already fixed: take the seat without entropy.",
            ));
        }
        let token = match request.client_key.as_str() {
            "" => tokens::new_token(),
            client_key => self.settings.key.seat_token(&game_id, seat, client_key),
        };
        let mut record = request.record(&game_id, &token)?;
        let statement = SeatStatement {
            name: record.name.clone(),
            key: record.key.clone(),
            entropy_commitment: record.commitment.clone(),
            signature: record.join_signature.clone(),
        };
        for _ in 0..ATTEMPTS {
            let held_elsewhere = current.loaded.seats.iter().any(|(s, r)| *s != seat && r.holds_or_held(&record.key));
            if held_elsewhere {
                return Err(key_in_use());
            }
            let waiting = &current.loaded.seats[&seat];
            if tokens::same_hash(&waiting.token_hash, &record.token_hash) {
                // Taken by this very join, retried at the same moment.
                return Ok((seat, token, current.view(Caller::Seat(seat))));
            }
            if !waiting.is_vacant() {
                return Err(taken_meanwhile(seat));
            }
            if !tokens::same_hash(&waiting.code_hash, code_hash) {
                return Err(ApiError::new(
                    Code::PermissionDenied,
                    Reason::BadJoinCode,
                    "The host has since given this seat another code: ask for the newest one.",
                ));
            }
            // The seat's share of the entropy was fixed at the start, for good; the new phone's
            // statement goes into the `rejoined` event only.
            record.entropy = waiting.entropy.clone();
            record.commitment = waiting.commitment.clone();
            record.code_hash = waiting.code_hash.clone();
            record.spent_codes = waiting.spent_codes.clone();
            record.former_keys = waiting.former_keys.clone();
            if record.name.is_empty() {
                // A new phone that gives no name keeps the seat's.
                record.name = waiting.name.clone();
            }
            let side = seat_label(&current, seat);
            let description = format!("A new phone now plays {side}");
            let body = EventBody::Rejoined { seat, description, statement: statement.clone() };
            if self.record_seat_change(&current, body, record.clone()).await? {
                tracing::info!(game_id, seat, "seat taken by a new phone");
                let current = self.current(&game_id, None).await?;
                return Ok((seat, token, current.view(Caller::Seat(seat))));
            }
            current = self.current(&game_id, None).await?;
        }
        Err(ApiError::stale(current.seq))
    }

    /// Counts a re-issue of `seat`'s code; refuses one past [`REISSUES_PER_SEAT`] in the window,
    /// with the seconds left in it.
    async fn count_reissue(&self, game_id: &str, seat: u8) -> Result<(), ApiError> {
        let counter = key(game_id, &format!("reissues:{seat}"));
        let count = self.store.count_logged(&counter, REISSUE_WINDOW_SECONDS).await.map_err(storage)?;
        if count <= REISSUES_PER_SEAT {
            return Ok(());
        }
        let (_, left) = self.store.budget_spent(&counter).await.map_err(storage)?;
        Err(ApiError::new(
            Code::ResourceExhausted,
            Reason::LimitReached,
            format!(
                "Seat {}'s code was given anew {REISSUES_PER_SEAT} times in the last minute, the most a host may: each time cuts the seat off. Wait {} s before giving it another.",
                seat + 1,
                left.max(1)
            ),
        )
        .retry_after(left.max(1)))
    }

    /// The new code of a re-issue and its keyed hash: the same for every retry with
    /// `client_key`, fresh without one.
    fn new_code(&self, game_id: &str, seat: u8, client_key: &str) -> (String, String) {
        let code = match client_key {
            "" => tokens::new_join_code(),
            key => self.settings.key.reissued_code(game_id, seat, key),
        };
        let hash = self.settings.key.join_code_hash(game_id, &tokens::normalize_join_code(&code));
        (code, hash)
    }

    /// Records `body` (a re-issue or a new phone's join) with the seat's new `record`, both or
    /// neither. Returns false where another event came first.
    async fn record_seat_change(
        &self,
        current: &Current,
        body: EventBody,
        record: SeatRecord,
    ) -> Result<bool, ApiError> {
        let (EventBody::Reissued { seat, description } | EventBody::Rejoined { seat, description, .. }) = &body else {
            return Err(ApiError::internal("not a change of seat"));
        };
        let state = current.state.as_ref().ok_or_else(|| ApiError::internal("the game has not started"))?;
        let mut next = current.game.clone_state(state);
        current.game.note_outside_play(&mut next, *seat, description.clone());
        let mut entries = added_entries(current.game, state, &next);
        entries.seat = Some((*seat, record));
        let event = current.chained(Event::new(current.seq, body, Vec::new(), now_ms()));
        let limits = AppendLimits { most_bytes: Some(self.settings.max_game_bytes) };
        let keep = self.retention_of(pb::GameStatus::Active);
        let game_id = &current.loaded.header.game_id;
        match self.store.append(game_id, &event, None, keep, &entries, limits).await.map_err(storage)? {
            AppendOutcome::Appended => Ok(true),
            AppendOutcome::Stale { .. } | AppendOutcome::Duplicate { .. } => Ok(false),
            AppendOutcome::Full { .. } => Err(ApiError::new(
                Code::ResourceExhausted,
                Reason::LimitReached,
                "This game's record is full: finish it (resign, or end the table), or start a new game.",
            )),
        }
    }
}

/// The record of a seat whose code the host re-issued (`code_hash`): nobody holds it; its name
/// and its share of the entropy stay (fixed at the start, for good); its code and key join the
/// spent and former ones, never to work or to speak for another seat again.
fn vacated(record: &SeatRecord, code_hash: String) -> SeatRecord {
    let mut spent_codes = record.spent_codes.clone();
    spent_codes.extend((!record.code_hash.is_empty()).then(|| record.code_hash.clone()));
    let mut former_keys = record.former_keys.clone();
    if !record.key.is_empty() && !former_keys.contains(&record.key) {
        former_keys.push(record.key.clone());
    }
    SeatRecord {
        name: record.name.clone(),
        entropy: record.entropy.clone(),
        commitment: record.commitment.clone(),
        joined_ms: record.joined_ms,
        code_hash,
        spent_codes,
        former_keys,
        ..SeatRecord::default()
    }
}

/// `seat` as a seat whose code may be re-issued now: the game has started and is not over.
fn reissuable(current: &Current, seat: u32) -> Result<u8, ApiError> {
    let count = current.loaded.header.seat_count;
    let Some(seat) = u8::try_from(seat).ok().filter(|s| *s < count) else {
        return Err(ApiError::invalid(Reason::UnknownSeat, format!("This game has seats 1 to {count}.")));
    };
    if current.state.is_none() {
        return Err(ApiError::new(
            Code::FailedPrecondition,
            Reason::WaitingForPlayers,
            "The game has not started: a seat's code can be re-issued once it has. Until then the table starts without a phone that does not open the game.",
        ));
    }
    if current.is_over() {
        return Err(ApiError::new(Code::FailedPrecondition, Reason::GameOver, "The game is over."));
    }
    Ok(seat)
}

/// How the table's sentences name `seat`: its side ("White"), or "Seat 2", which views say by
/// the player's name (`names.rs`).
fn seat_label(current: &Current, seat: u8) -> String {
    match &current.state {
        Some(state) => current.game.seats(state).side_of(seat).to_string(),
        None => format!("Seat {}", seat + 1),
    }
}

fn taken_meanwhile(seat: u8) -> ApiError {
    ApiError::new(
        Code::FailedPrecondition,
        Reason::SeatTaken,
        format!("Seat {} was taken with this code by another phone a moment ago.", seat + 1),
    )
}
