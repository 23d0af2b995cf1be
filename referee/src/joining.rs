//! Taking seats and starting games: join codes exchanged for seat tokens, entropy given in the
//! clear or committed to and revealed, and the start event drawn once every seat is present.
//!
//! Every step is safe to interrupt and to retry. A join retried with the same code and client
//! key gets the same seat and token; the start is recorded by whichever call first finds the
//! table complete (the last join, the last reveal, or any later view, join or submit), so a
//! crash between the last join and the start strands nothing.

use crate::audit::game_key;
use crate::chain::CHAIN_2;
use crate::current::{Caller, Current};
use crate::draws::{Drawn, Fresh};
use crate::errors::{ApiError, Reason, storage};
use crate::store::{
    AppendOutcome, ClaimOutcome, Event, EventBody, JOIN_FAILURE_WINDOW_SECONDS, RevealOutcome, SeatRecord,
    SeatStatement, key,
};
use crate::tables::Tables;
use crate::work::now_ms;
use crate::{signing, tokens};
use referee_proto::v1 as pb;
use rules::random::to_hex;
use sha2::{Digest, Sha256};
use std::time::Duration;
use tonic::Code;

/// The most entropy one seat may contribute.
pub const MAX_ENTROPY_BYTES: usize = 64;
/// The longest name a player may give (in characters, and at most four bytes each).
pub const MAX_NAME_CHARS: usize = 24;
/// The longest client key (a join's or a re-issue's retry key).
pub(crate) const MAX_CLIENT_KEY_BYTES: usize = 128;
/// While a game is locked by wrong codes, an address may still try a code there until it has
/// sent this many wrong codes in its window (`Tables::joins_wait`).
const TRIES_WHILE_LOCKED: u64 = 2;

/// What a player sends to take a seat.
#[derive(Clone, Debug, Default)]
pub struct JoinRequest {
    pub join_code: String,
    /// Entropy in the clear (older clients and programs), at most [`MAX_ENTROPY_BYTES`].
    pub entropy: Vec<u8>,
    /// SHA-256 of entropy to be revealed once every seat has joined (32 bytes), or empty.
    pub entropy_commitment: Vec<u8>,
    /// Any unguessable text the client keeps for this join: retrying with it returns the same
    /// seat and token. Empty: every join gets a fresh token, and a retry finds the seat taken.
    pub client_key: String,
    /// The player's name for the table, if any.
    pub name: String,
    /// The seat's public key (`signing.rs`), or empty: the seat signs nothing.
    pub public_key: String,
    /// With a key: the signature over the join (`signing::join_message`).
    pub join_signature: Vec<u8>,
}

impl JoinRequest {
    fn check(&self) -> Result<(), ApiError> {
        let bad = |message: String| Err(ApiError::invalid(Reason::BadEntropy, message));
        if self.entropy.len() > MAX_ENTROPY_BYTES {
            return bad(format!("Entropy is at most {MAX_ENTROPY_BYTES} bytes."));
        }
        if !self.entropy_commitment.is_empty() && self.entropy_commitment.len() != 32 {
            return bad("An entropy commitment is the 32 bytes of a SHA-256 hash.".into());
        }
        if !self.entropy_commitment.is_empty() && !self.entropy.is_empty() {
            return bad("Send entropy either in the clear or as a commitment, not both.".into());
        }
        if self.name.chars().count() > MAX_NAME_CHARS || self.name.len() > 4 * MAX_NAME_CHARS {
            return Err(ApiError::invalid(Reason::TooLong, format!("A name is at most {MAX_NAME_CHARS} characters.")));
        }
        if self.name.chars().any(hidden_in_a_name) {
            return Err(ApiError::invalid(
                Reason::BadName,
                "A name is written on one line, without invisible or direction-changing characters.",
            ));
        }
        if self.client_key.len() > MAX_CLIENT_KEY_BYTES {
            return Err(ApiError::invalid(Reason::TooLong, "The client key is too long."));
        }
        Ok(())
    }

    /// The seat's record: its token's hash, its entropy, its name and its key, the join's
    /// signature checked first where it gave a key.
    pub(crate) fn record(&self, game_id: &str, token: &str) -> Result<SeatRecord, ApiError> {
        let record = SeatRecord {
            token_hash: tokens::hash_secret(token),
            entropy: to_hex(&self.entropy),
            commitment: to_hex(&self.entropy_commitment),
            name: self.name.trim().to_string(),
            key: self.public_key.trim().to_string(),
            join_signature: to_hex(&self.join_signature),
            joined_ms: now_ms(),
            ..SeatRecord::default()
        };
        let bad = |why: String| ApiError::invalid(Reason::BadSignature, format!("The join's key or signature: {why}."));
        if record.key.is_empty() {
            if !self.join_signature.is_empty() {
                return Err(bad("a signature came without a public key".into()));
            }
            return Ok(record);
        }
        let message = signing::join_message(game_id, &record.key, &record.commitment, &record.entropy, &record.name);
        signing::check(&record.key, &message, &self.join_signature).map_err(bad)?;
        Ok(record)
    }
}

/// Characters that would let a name pass for another on the table's screens: control
/// characters (new lines among them), marks that change the direction of text, and marks that
/// take no room.
fn hidden_in_a_name(c: char) -> bool {
    c.is_control()
        || matches!(c, '\u{061C}' | '\u{200B}'..='\u{200F}' | '\u{202A}'..='\u{202E}' | '\u{2060}'..='\u{2069}' | '\u{FEFF}')
}

fn seat_taken(seat: u8) -> ApiError {
    ApiError::new(Code::FailedPrecondition, Reason::SeatTaken, format!("Seat {} has already been taken.", seat + 1))
}

/// A join refused because another seat of the game holds, or held, the public key it gave: a
/// signature does not name its seat, so one key speaking for two seats would let an action of
/// one be recorded as the other's.
pub(crate) fn key_in_use() -> ApiError {
    ApiError::new(
        Code::FailedPrecondition,
        Reason::PublicKeyInUse,
        "Another seat of this game joined with this public key: each seat joins with a key of its own.",
    )
}

/// A join refused for wrong codes until `wait` has passed: the window of the counter that
/// refuses it (at least a second), so that a client, and a gateway answering for the referee
/// meanwhile, wait no longer than the limit does.
fn too_many_attempts(wait: Duration) -> ApiError {
    let wait = wait.clamp(Duration::from_secs(1), Duration::from_secs(JOIN_FAILURE_WINDOW_SECONDS));
    let minutes = wait.as_secs().div_ceil(60);
    let when = if minutes <= 1 { "a minute".to_string() } else { format!("{minutes} minutes") };
    ApiError::new(
        Code::ResourceExhausted,
        Reason::TooManyAttempts,
        format!("Too many wrong join codes from here or for this game; try again in {when}."),
    )
    .retry_in(wait)
}

impl Tables {
    /// Exchanges a join code for a seat token. `address` is the client's network address, by
    /// which wrong codes are counted.
    pub async fn join(
        &self,
        game_id: &str,
        request: &JoinRequest,
        address: &str,
    ) -> Result<(u8, String, pb::GameView), ApiError> {
        request.check()?;
        let by_address = format!("limit:joinfail:{address}");
        let by_game = key(game_id, "joinfail");
        // An address that must wait is refused before the game is read (a crowd of guessers
        // costs two counters a guess, and no load), unless its join may be a retry of one that
        // went through, which only a client key can say.
        let waits = self.joins_wait(&by_address, &by_game).await?;
        if let Some(wait) = waits
            && request.client_key.is_empty()
        {
            return Err(too_many_attempts(wait));
        }
        let current = self.current(game_id, None).await?;
        // A retry of a join that went through (its answer lost) is recognised by its client key,
        // the joiner's own secret, whatever the limits on wrong codes say.
        if let Some(seat) = current.joined_with(&self.settings.key, &request.client_key) {
            let token = self.settings.key.seat_token(game_id, seat, &request.client_key);
            let current = self.started(current).await?;
            return Ok((seat, token, current.view(Caller::Seat(seat))));
        }
        if let Some(wait) = waits {
            return Err(too_many_attempts(wait));
        }
        let header = &current.loaded.header;
        let code = tokens::normalize_join_code(&request.join_code);
        let code_hash = if header.keyed_codes {
            self.settings.key.join_code_hash(game_id, &code)
        } else {
            tokens::hash_secret(&code)
        };
        // A seat waiting for a new phone is taken with the code the host re-issued (always keyed).
        let reissued = self.settings.key.join_code_hash(game_id, &code);
        match current.loaded.seats.iter().find(|(_, r)| tokens::same_hash(&r.code_hash, &reissued)) {
            Some((&seat, record)) if record.is_vacant() => return self.rejoin(current, seat, &reissued, request).await,
            Some((&seat, _)) => return Err(seat_taken(seat)),
            None => {}
        }
        if current.loaded.seats.values().any(|r| r.spent_codes.iter().any(|h| tokens::same_hash(h, &reissued))) {
            return Err(ApiError::new(
                Code::PermissionDenied,
                Reason::BadJoinCode,
                "The host has since given this seat a newer code, so this one no longer works: ask the host for the newest one.",
            ));
        }
        let Some(seat) = header.join_code_hashes.iter().position(|h| tokens::same_hash(h, &code_hash)) else {
            tokio::try_join!(
                self.store.count(&by_address, JOIN_FAILURE_WINDOW_SECONDS),
                self.store.count(&by_game, JOIN_FAILURE_WINDOW_SECONDS)
            )
            .map_err(storage)?;
            return Err(ApiError::new(
                Code::PermissionDenied,
                Reason::BadJoinCode,
                "That join code is not one of this game's.",
            ));
        };
        let seat = seat as u8;
        // A seat whose code the host re-issued is no longer taken with its first code.
        if current.loaded.seats.get(&seat).is_some_and(|r| !r.code_hash.is_empty()) {
            return Err(ApiError::new(
                Code::PermissionDenied,
                Reason::BadJoinCode,
                "The host has given this seat a new code, so this one no longer works: ask the host for it.",
            ));
        }
        let token = match request.client_key.as_str() {
            "" => tokens::new_token(),
            client_key => self.settings.key.seat_token(game_id, seat, client_key),
        };
        let record = request.record(game_id, &token)?;
        let outcome = self.store.claim_seat(game_id, seat, &record).await.map_err(storage)?;
        if let ClaimOutcome::KeyHeld { seat: holder } = outcome {
            tracing::debug!(game_id, seat, holder, "join refused: its key holds another seat");
            return Err(key_in_use());
        }
        let claimed = matches!(outcome, ClaimOutcome::Claimed { .. });
        if let ClaimOutcome::Claimed { joined } = outcome {
            tracing::info!(game_id, seat, joined, "seat joined");
            self.keep(game_id, pb::GameStatus::Waiting).await?;
        }
        let current = self.current(game_id, None).await?;
        // A seat already taken is still this join's when it is a retry of it (same code, same
        // client key, hence the same token).
        let mine =
            current.loaded.seats.get(&seat).is_some_and(|r| tokens::same_hash(&r.token_hash, &record.token_hash));
        if !claimed && !mine {
            return Err(seat_taken(seat));
        }
        let current = self.started(current).await?;
        Ok((seat, token, current.view(Caller::Seat(seat))))
    }

    /// How long joins from the address counted by `by_address` wait, if they do, for wrong
    /// codes: its own (`Settings::join_failures_per_address`), until its window ends; or the
    /// game's (`by_game`, `Settings::join_failures_per_game`) while this address sent some of
    /// them, until either window ends. A game locked by guessers still takes the right code from
    /// an address that has sent fewer than [`TRIES_WHILE_LOCKED`] wrong codes in its window (its
    /// player, who mistyped at most once), so that guessers cannot keep a table's players out.
    async fn joins_wait(&self, by_address: &str, by_game: &str) -> Result<Option<Duration>, ApiError> {
        // Both read at once.
        let ((from_address, address_left), (for_game, game_left)) =
            tokio::try_join!(self.store.counted(by_address), self.store.counted(by_game)).map_err(storage)?;
        if from_address >= self.settings.join_failures_per_address {
            return Ok(Some(address_left));
        }
        let locked = for_game >= self.settings.join_failures_per_game;
        Ok((locked && from_address >= TRIES_WHILE_LOCKED).then(|| address_left.min(game_left)))
    }

    /// Reveals the entropy a seat committed to when it joined. Allowed once every seat has
    /// joined and before the start; revealing the same entropy again is harmless.
    pub async fn reveal(&self, game_id: &str, token: Option<&str>, entropy: &[u8]) -> Result<pb::GameView, ApiError> {
        let current = self.current(game_id, None).await?;
        let Caller::Seat(seat) = current.authorize(token)? else {
            return Err(ApiError::new(Code::PermissionDenied, Reason::NotASeat, "Only a seat reveals its entropy."));
        };
        let record = &current.loaded.seats[&seat];
        let bad = |message: &str| ApiError::invalid(Reason::BadEntropy, message);
        if record.commitment.is_empty() {
            return Err(bad("This seat committed to no entropy: there is nothing to reveal."));
        }
        if to_hex(&Sha256::digest(entropy)) != record.commitment {
            return Err(bad("This entropy does not match the commitment this seat made when it joined."));
        }
        if current.loaded.seats.len() < current.loaded.header.seat_count as usize {
            return Err(ApiError::new(
                Code::FailedPrecondition,
                Reason::WaitingForPlayers,
                "Entropy is revealed once every seat has joined, so that nobody can choose theirs after seeing another's.",
            ));
        }
        match self.store.reveal(game_id, seat, &to_hex(entropy)).await.map_err(storage)? {
            Some(RevealOutcome::Revealed) => {
                tracing::info!(game_id, seat, "entropy revealed");
                self.keep(game_id, pb::GameStatus::Waiting).await?;
            }
            Some(RevealOutcome::Already) | None => {}
            Some(RevealOutcome::Different) => return Err(bad("This seat has already revealed other entropy.")),
        }
        let current = self.started(self.current(game_id, None).await?).await?;
        Ok(current.view(Caller::Seat(seat)))
    }

    /// The game, started first if every seat is present and has revealed what it committed to
    /// (whoever finds the table complete records the start, so an interrupted last join
    /// strands nothing).
    pub async fn started(&self, current: Current) -> Result<Current, ApiError> {
        if current.state.is_some() || current.ended || !current.ready_to_start(now_ms(), current.reveal_wait_ms) {
            return Ok(current);
        }
        self.start(&current).await?;
        self.current(&current.loaded.header.game_id, None).await
    }

    /// Records the setup, drawn with every seat's entropy mixed in.
    async fn start(&self, current: &Current) -> Result<(), ApiError> {
        let game_id = &current.loaded.header.game_id;
        let entropy = current.entropy();
        let key =
            game_key(&current.loaded.seed, &entropy).ok_or_else(|| ApiError::internal("stored entropy is not hex"))?;
        let fresh = Fresh::start(current.loaded.header.derivation, key);
        let (setup, Drawn { draws, .. }) =
            fresh.drawing(|streams| current.game.setup(&current.loaded.header.options, streams.own()));
        setup?;
        let seats = if current.loaded.header.chain >= CHAIN_2 { current.statements() } else { Vec::new() };
        let event = current.chained(Event::new(0, EventBody::Start { entropy, seats }, draws, now_ms()));
        // Several callers may find the table complete at once; the first append wins and the
        // others find the game started.
        let kept = self.retention_of(pb::GameStatus::Active);
        if let AppendOutcome::Appended = self
            .store
            .append(game_id, &event, None, kept, &Default::default(), Default::default())
            .await
            .map_err(storage)?
        {
            tracing::info!(game_id, "game started");
        }
        Ok(())
    }
}

impl Current {
    /// The seat a join with `client_key` already took, if any: its token follows from the key.
    fn joined_with(&self, key: &tokens::ServerKey, client_key: &str) -> Option<u8> {
        if client_key.is_empty() {
            return None;
        }
        let game_id = &self.loaded.header.game_id;
        self.loaded.seats.iter().find_map(|(seat, record)| {
            let token = key.seat_token(game_id, *seat, client_key);
            tokens::same_hash(&tokens::hash_secret(&token), &record.token_hash).then_some(*seat)
        })
    }

    /// Every seat has joined, and every seat that committed to entropy has revealed it or the
    /// wait for its reveal (`wait_ms` after the last join) is over at `now_ms`.
    pub fn ready_to_start(&self, now_ms: u64, wait_ms: u64) -> bool {
        let loaded = &self.loaded;
        loaded.seats.len() == loaded.header.seat_count as usize
            && (self.awaiting_reveal().is_empty() || self.reveal_deadline(wait_ms).is_some_and(|at| now_ms >= at))
    }

    /// While seats are awaited for their reveals and every seat has joined, when the table stops
    /// waiting: `wait_ms` after the last join (none for seats taken before join times were kept).
    pub fn reveal_deadline(&self, wait_ms: u64) -> Option<u64> {
        let loaded = &self.loaded;
        let all_joined = loaded.seats.len() == loaded.header.seat_count as usize;
        let last = loaded.seats.values().map(|r| r.joined_ms).max().filter(|&ms| ms > 0)?;
        (all_joined && !self.awaiting_reveal().is_empty()).then_some(last + wait_ms)
    }

    /// Seats that committed to entropy and have not revealed it yet, before the start (after
    /// it, none: a seat that had not revealed in time was started without). None in a game
    /// whose rules draw nothing (chess, Zombie, …): it starts when its seats have joined, and
    /// their sealed shares, which nothing would use, are never asked for.
    pub fn awaiting_reveal(&self) -> Vec<u8> {
        if self.state.is_some() || self.game.info().random.is_empty() {
            return Vec::new();
        }
        let loaded = &self.loaded;
        loaded
            .seats
            .iter()
            .filter(|(seat, r)| !r.commitment.is_empty() && !loaded.reveals.contains_key(seat))
            .map(|(seat, _)| *seat)
            .collect()
    }

    /// Each seat's entropy as mixed into the game key, in seat order (hex; empty for none, and
    /// for a seat that committed and did not reveal in time).
    pub fn entropy(&self) -> Vec<String> {
        let loaded = &self.loaded;
        (0..loaded.header.seat_count)
            .map(|s| match loaded.seats.get(&s) {
                Some(r) if !r.commitment.is_empty() => loaded.reveals.get(&s).cloned().unwrap_or_default(),
                Some(r) => r.entropy.clone(),
                None => String::new(),
            })
            .collect()
    }

    /// Each seat's entropy commitment (hex; empty for none), in seat order.
    pub fn commitments(&self) -> Vec<String> {
        let loaded = &self.loaded;
        (0..loaded.header.seat_count)
            .map(|s| loaded.seats.get(&s).map(|r| r.commitment.clone()).unwrap_or_default())
            .collect()
    }

    /// What each seat said when it joined, in seat order, as the start records it.
    pub fn statements(&self) -> Vec<SeatStatement> {
        (0..self.loaded.header.seat_count)
            .map(|s| match self.loaded.seats.get(&s) {
                Some(r) => SeatStatement {
                    name: r.name.clone(),
                    key: r.key.clone(),
                    entropy_commitment: r.commitment.clone(),
                    signature: r.join_signature.clone(),
                },
                None => SeatStatement::default(),
            })
            .collect()
    }

    /// Each seat's name (empty for none), in seat order.
    pub fn names(&self) -> Vec<String> {
        let loaded = &self.loaded;
        (0..loaded.header.seat_count)
            .map(|s| loaded.seats.get(&s).map(|r| r.name.clone()).unwrap_or_default())
            .collect()
    }
}
