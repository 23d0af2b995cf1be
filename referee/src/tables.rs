//! Games in progress over the Redis log, independent of the transport: create, join, submit,
//! view, audit. Nothing is kept in memory between calls; any replica can serve any call.
//!
//! One scripted read returns the latest snapshot and the events after it (at most
//! `snapshot_every` of them), and a submit adds one scripted compare-and-set append. Replaying
//! and applying run on blocking threads, so a long computation never stalls the async workers.
//! The state still carries the game's record, so copying it grows with the length of the game.

use crate::audit::{AUDIT_FORMAT, AuditRecord, game_key};
use crate::errors::{ApiError, Reason, echo};
use crate::store::{AppendOutcome, ClaimOutcome, Event, EventBody, Header, Loaded, SeatRecord, Store};
use crate::tokens;
use referee_proto::v1 as pb;
use rules::game::{AnyState, DynGame, View, Viewer};
use rules::games;
use rules::random::{Draw, EventRng, GameKey, RandomSource, Recorder, Replay, commitment, to_hex};
use std::time::{SystemTime, UNIX_EPOCH};
use tonic::Code;

/// The most entropy one seat may contribute.
pub const MAX_ENTROPY_BYTES: usize = 64;
const MAX_ACTION_BYTES: usize = 256;
const MAX_KEY_BYTES: usize = 128;
const MAX_OPTIONS_BYTES: usize = 16 * 1024;
const MAX_POSITION_BYTES: usize = 4 * 1024;
const MAX_RULES_ID_BYTES: usize = 64;

/// Refuses a stateless question whose position or action is longer than any real one, before
/// any work ([`Tables::rules`] refuses a long rules id).
pub fn check_question(position: &str, action: &str) -> Result<(), ApiError> {
    if position.len() > MAX_POSITION_BYTES || action.len() > MAX_ACTION_BYTES {
        return Err(ApiError::invalid(Reason::TooLong, "The position or action is too long."));
    }
    Ok(())
}

/// Who is calling, by their token.
#[derive(Copy, Clone, Debug, Eq, PartialEq)]
pub enum Caller {
    Seat(u8),
    Host,
    Anonymous,
}

impl Caller {
    fn viewer(self) -> Viewer {
        match self {
            Caller::Seat(s) => Viewer::Seat(s),
            _ => Viewer::Spectator,
        }
    }
}

/// A game as it stands now.
pub struct Current {
    pub loaded: Loaded,
    pub game: &'static dyn DynGame,
    /// `None` while seats are still joining.
    pub state: Option<AnyState>,
    /// Events recorded so far; the next event gets this number.
    pub seq: u64,
}

impl Current {
    pub fn is_over(&self) -> bool {
        self.state.as_ref().is_some_and(|s| self.game.outcome(s).is_some())
    }

    pub fn status(&self) -> pb::GameStatus {
        match &self.state {
            None => pb::GameStatus::Waiting,
            Some(_) if self.is_over() => pb::GameStatus::Over,
            Some(_) => pb::GameStatus::Active,
        }
    }

    /// The caller's view. Built only from `Game::view` for the caller's own eyes; while seats
    /// are joining, the seating and nothing else.
    pub fn view(&self, caller: Caller) -> pb::GameView {
        let header = &self.loaded.header;
        let view = match &self.state {
            Some(state) => self.game.view(state, caller.viewer()).to_json(),
            None => {
                // The options were checked when the game was created.
                let seating = self.game.seating(&header.options).unwrap_or_default();
                View::waiting(&header.rules, caller.viewer(), seating).to_json()
            }
        };
        pb::GameView {
            game_id: header.game_id.clone(),
            rules: header.rules.clone(),
            seq: self.seq,
            status: self.status() as i32,
            seat: match caller {
                Caller::Seat(s) => Some(s as u32),
                _ => None,
            },
            commitment: header.commitment.clone(),
            joined_seats: self.loaded.seats.keys().map(|s| *s as u32).collect(),
            seat_count: header.seat_count as u32,
            view: referee_proto::structs::from_json(&view),
        }
    }

    /// Which caller a bearer token belongs to. Only hashes are compared.
    pub fn authorize(&self, token: Option<&str>) -> Result<Caller, ApiError> {
        let Some(token) = token else { return Ok(Caller::Anonymous) };
        let hash = tokens::hash_secret(token);
        if tokens::same_hash(&hash, &self.loaded.header.host_token_hash) {
            return Ok(Caller::Host);
        }
        self.loaded
            .seats
            .iter()
            .find(|(_, record)| tokens::same_hash(&hash, &record.token_hash))
            .map(|(seat, _)| Caller::Seat(*seat))
            .ok_or_else(ApiError::unauthenticated)
    }

    fn entropy(&self) -> Vec<String> {
        (0..self.loaded.header.seat_count)
            .map(|s| self.loaded.seats.get(&s).map(|r| r.entropy.clone()).unwrap_or_default())
            .collect()
    }
}

pub struct Created {
    pub game_id: String,
    pub commitment: String,
    pub host_token: String,
    pub join_codes: Vec<String>,
}

pub struct Submitted {
    pub action: String,
    pub description: String,
    pub event_seq: u64,
    pub duplicate: bool,
    pub view: pb::GameView,
}

#[derive(Clone)]
pub struct Tables {
    store: Store,
    snapshot_every: u64,
}

fn now_ms() -> u64 {
    SystemTime::now().duration_since(UNIX_EPOCH).map_or(0, |d| d.as_millis() as u64)
}

/// How often a submit that lost an append race to another seat's sealed move is tried again.
const MAX_APPEND_ATTEMPTS: usize = 8;

/// How one submit attempt ended.
enum Attempt {
    /// Recorded.
    Done(Box<Submitted>),
    /// The same idempotency key was recorded before, as event `seq`.
    Duplicate(u64),
    /// Another append came first; read the log again.
    Raced,
}

/// Runs CPU work (replaying, applying, a long search) on a blocking thread.
async fn blocking<T: Send + 'static>(f: impl FnOnce() -> Result<T, ApiError> + Send + 'static) -> Result<T, ApiError> {
    tokio::task::spawn_blocking(f).await.map_err(ApiError::internal)?
}

/// The game from its latest snapshot and the events after it, replayed with their recorded
/// draws: the state (`None` while seats are joining) and the next event's number.
fn replay(game: &'static dyn DynGame, loaded: &Loaded) -> Result<(Option<AnyState>, u64), ApiError> {
    let game_id = &loaded.header.game_id;
    let (mut state, mut seq) = match &loaded.snapshot {
        Some((seq, saved)) => (Some(game.load(saved).map_err(ApiError::internal)?), *seq),
        None => (None, 0),
    };
    for event in &loaded.events {
        if event.seq != seq {
            return Err(ApiError::internal(format!(
                "game {game_id}: event {} found where {seq} was expected",
                event.seq
            )));
        }
        let mut rng = Replay::new(&event.draws);
        match (&event.body, state.as_mut()) {
            (EventBody::Start { .. }, None) => {
                state = Some(game.setup(&loaded.header.options, &mut rng).map_err(ApiError::internal)?);
            }
            (EventBody::Action { seat, action, .. }, Some(s)) => {
                game.apply(s, *seat, action, &mut rng)
                    .map_err(|e| ApiError::internal(format!("game {game_id} event {seq}: {e}")))?;
            }
            _ => return Err(ApiError::internal(format!("game {game_id}: event {seq} does not fit the log"))),
        }
        if !rng.finished_cleanly() {
            return Err(ApiError::internal(format!("game {game_id}: event {seq} replays with other draws")));
        }
        seq += 1;
    }
    Ok((state, seq))
}

/// Runs `f` with event `seq`'s derived randomness, returning what it drew.
fn with_recorded_draws<T>(key: GameKey, seq: u64, f: impl FnOnce(&mut dyn RandomSource) -> T) -> (T, Vec<Draw>) {
    let mut derived = EventRng::new(key, seq);
    let mut recorder = Recorder::new(&mut derived);
    let result = f(&mut recorder);
    (result, recorder.draws)
}

fn storage(e: redis::RedisError) -> ApiError {
    ApiError::storage(&e)
}

impl Tables {
    pub fn new(store: Store, snapshot_every: u64) -> Tables {
        Tables { store, snapshot_every: snapshot_every.max(1) }
    }

    pub fn store(&self) -> &Store {
        &self.store
    }

    pub fn rules(id: &str) -> Result<&'static dyn DynGame, ApiError> {
        if id.len() > MAX_RULES_ID_BYTES {
            return Err(ApiError::invalid(Reason::TooLong, "The rules id is too long."));
        }
        games::find(id).ok_or_else(|| {
            ApiError::new(
                Code::NotFound,
                Reason::UnknownRules,
                format!("There are no rules called {}; known: {}.", echo(id), games::ids().join(", ")),
            )
        })
    }

    /// Creates a game with `options` (`null` for the defaults).
    pub async fn create(&self, rules_id: &str, options: serde_json::Value) -> Result<Created, ApiError> {
        let game = Self::rules(rules_id)?;
        if options.to_string().len() > MAX_OPTIONS_BYTES {
            return Err(ApiError::invalid(Reason::BadOptions, "The options are too long."));
        }
        // Check the options (and learn the seat count) with a throwaway seed: the real setup
        // happens when the last seat has joined and added its entropy.
        let probe_key = rules::random::GameKey(tokens::new_seed());
        game.setup(&options, &mut EventRng::new(probe_key, 0))?;
        let seat_count = game.seating(&options)?.count();
        let seed = tokens::new_seed();
        let host_token = tokens::new_token();
        let join_codes: Vec<String> = (0..seat_count).map(|_| tokens::new_join_code()).collect();
        let info = game.info();
        for _ in 0..5 {
            let header = Header {
                game_id: tokens::new_game_id(),
                rules: info.id.to_string(),
                rules_version: info.version,
                options: options.clone(),
                seat_count,
                commitment: to_hex(&commitment(&seed)),
                host_token_hash: tokens::hash_secret(&host_token),
                join_code_hashes: join_codes
                    .iter()
                    .map(|c| tokens::hash_secret(&tokens::normalize_join_code(c)))
                    .collect(),
                created_at_ms: now_ms(),
            };
            if self.store.create(&header, &to_hex(&seed)).await.map_err(storage)? {
                metrics::counter!("referee_games_created_total", "rules" => info.id).increment(1);
                tracing::info!(game_id = %header.game_id, rules = info.id, seats = seat_count, "game created");
                return Ok(Created { game_id: header.game_id, commitment: header.commitment, host_token, join_codes });
            }
        }
        Err(ApiError::internal("five game ids in a row were taken"))
    }

    /// The game now: the latest snapshot, then the events after it replayed with their
    /// recorded draws.
    pub async fn current(&self, game_id: &str, idempotency_field: Option<&str>) -> Result<Current, ApiError> {
        if game_id.len() > 64 || !game_id.chars().all(|c| c.is_ascii_alphanumeric()) {
            return Err(ApiError::game_not_found(game_id));
        }
        let loaded = self
            .store
            .load(game_id, idempotency_field)
            .await
            .map_err(storage)?
            .ok_or_else(|| ApiError::game_not_found(game_id))?;
        let game = Self::rules(&loaded.header.rules)?;
        let (recorded, now) = (loaded.header.rules_version, game.info().version);
        if recorded != now {
            return Err(ApiError::new(
                Code::FailedPrecondition,
                Reason::RulesChanged,
                format!(
                    "This game was recorded under version {recorded} of {}'s rules; this referee plays version {now}.",
                    game.info().name
                ),
            ));
        }
        let (loaded, state, seq) = blocking(move || {
            let (state, seq) = replay(game, &loaded)?;
            Ok((loaded, state, seq))
        })
        .await?;
        Ok(Current { loaded, game, state, seq })
    }

    pub async fn join(
        &self,
        game_id: &str,
        join_code: &str,
        entropy: &[u8],
    ) -> Result<(u8, String, pb::GameView), ApiError> {
        if entropy.len() > MAX_ENTROPY_BYTES {
            return Err(ApiError::invalid(
                Reason::BadEntropy,
                format!("Entropy is at most {MAX_ENTROPY_BYTES} bytes."),
            ));
        }
        if self.store.join_failures(game_id).await.map_err(storage)? >= crate::store::JOIN_FAILURE_LIMIT {
            return Err(ApiError::new(
                Code::ResourceExhausted,
                Reason::TooManyAttempts,
                "Too many wrong join codes for this game; wait a few minutes.",
            ));
        }
        let current = self.current(game_id, None).await?;
        let code_hash = tokens::hash_secret(&tokens::normalize_join_code(join_code));
        let seat = current.loaded.header.join_code_hashes.iter().position(|h| tokens::same_hash(h, &code_hash));
        let Some(seat) = seat.map(|s| s as u8) else {
            self.store.note_join_failure(game_id).await.map_err(storage)?;
            return Err(ApiError::new(
                Code::PermissionDenied,
                Reason::BadJoinCode,
                "That join code is not one of this game's.",
            ));
        };
        let token = tokens::new_token();
        let record = SeatRecord { token_hash: tokens::hash_secret(&token), entropy: to_hex(entropy) };
        match self.store.claim_seat(game_id, seat, &record).await.map_err(storage)? {
            ClaimOutcome::Claimed { joined } => {
                tracing::info!(game_id, seat, joined, "seat joined");
                if joined == current.loaded.header.seat_count as u64 {
                    self.start(game_id).await?;
                }
            }
            ClaimOutcome::Taken | ClaimOutcome::Started => {
                return Err(ApiError::new(
                    Code::FailedPrecondition,
                    Reason::SeatTaken,
                    format!("Seat {seat} has already been taken."),
                ));
            }
        }
        let current = self.current(game_id, None).await?;
        Ok((seat, token, current.view(Caller::Seat(seat))))
    }

    /// Records the setup once every seat has joined, with all their entropy mixed in.
    async fn start(&self, game_id: &str) -> Result<(), ApiError> {
        let current = self.current(game_id, None).await?;
        if current.seq > 0 {
            return Ok(());
        }
        let entropy = current.entropy();
        let key =
            game_key(&current.loaded.seed, &entropy).ok_or_else(|| ApiError::internal("stored entropy is not hex"))?;
        let (setup, draws) = with_recorded_draws(key, 0, |rng| current.game.setup(&current.loaded.header.options, rng));
        setup?;
        let event = Event { seq: 0, body: EventBody::Start { entropy }, draws, at_ms: now_ms() };
        // Two last joiners may race to start; the loser finds it started.
        match self.store.append(game_id, &event, None).await.map_err(storage)? {
            AppendOutcome::Appended => tracing::info!(game_id, "game started"),
            AppendOutcome::Stale { .. } | AppendOutcome::Duplicate { .. } => {}
        }
        Ok(())
    }

    pub async fn view(&self, game_id: &str, token: Option<&str>) -> Result<pb::GameView, ApiError> {
        let current = self.current(game_id, None).await?;
        let caller = current.authorize(token)?;
        Ok(current.view(caller))
    }

    pub async fn submit(
        &self,
        game_id: &str,
        token: Option<&str>,
        action: &str,
        expected_seq: u64,
        idempotency_key: &str,
    ) -> Result<Submitted, ApiError> {
        if action.len() > MAX_ACTION_BYTES || idempotency_key.len() > MAX_KEY_BYTES {
            return Err(ApiError::invalid(Reason::TooLong, "The action or idempotency key is too long."));
        }
        let token =
            token.ok_or_else(|| ApiError::new(Code::Unauthenticated, Reason::NoToken, "Acting needs a seat token."))?;
        // Idempotency keys belong to the token that used them, so one read answers both
        // "whose seat is this" and "was this submit seen before".
        let field =
            (!idempotency_key.is_empty()).then(|| format!("{}:{idempotency_key}", &tokens::hash_secret(token)[..16]));
        let current = self.current(game_id, field.as_deref()).await?;
        let Caller::Seat(seat) = current.authorize(Some(token))? else {
            return Err(ApiError::new(
                Code::PermissionDenied,
                Reason::NotASeat,
                "The host token can watch the game but not act in it.",
            ));
        };
        let mut current = current;
        // A compare-and-set append loses to any other append. When what the caller saw is still
        // fresh (another seat only sealed its move in the same round), try again on the newer log.
        for _ in 0..MAX_APPEND_ATTEMPTS {
            if let Some(prior) = current.loaded.prior {
                return self.duplicate(game_id, seat, prior, Some(current)).await;
            }
            match self.try_submit(current, seat, action, expected_seq, idempotency_key, field.as_deref()).await? {
                Attempt::Done(submitted) => return Ok(*submitted),
                Attempt::Duplicate(seq) => return self.duplicate(game_id, seat, seq, None).await,
                Attempt::Raced => current = self.current(game_id, field.as_deref()).await?,
            }
        }
        Err(ApiError::stale(current.seq))
    }

    /// One attempt at a submit against the log as `current` read it.
    async fn try_submit(
        &self,
        current: Current,
        seat: u8,
        action: &str,
        expected_seq: u64,
        idempotency_key: &str,
        field: Option<&str>,
    ) -> Result<Attempt, ApiError> {
        let game_id = current.loaded.header.game_id.clone();
        let Some(state) = current.state.as_ref() else {
            let joined = current.loaded.seats.len();
            return Err(ApiError::new(
                Code::FailedPrecondition,
                Reason::WaitingForPlayers,
                format!(
                    "The game starts when every seat has joined ({joined} of {}).",
                    current.loaded.header.seat_count
                ),
            ));
        };
        // Fresh: the caller has seen everything every seat must see. Sealed moves of an open
        // round do not make other seats' views stale.
        let fresh_from = 1 + current.game.changed_at(state);
        if expected_seq < fresh_from || expected_seq > current.seq {
            return Err(ApiError::stale(current.seq));
        }
        let key = game_key(&current.loaded.seed, &current.entropy())
            .ok_or_else(|| ApiError::internal("stored entropy is not hex"))?;
        let action = action.to_string();
        let (current, next, applied, draws) = blocking(move || {
            let mut next = current.game.clone_state(current.state.as_ref().expect("started"));
            let (applied, draws) =
                with_recorded_draws(key, current.seq, |rng| current.game.apply(&mut next, seat, &action, rng));
            let applied = applied.inspect_err(|e| {
                metrics::counter!("referee_rejected_actions_total", "code" => e.code.as_str()).increment(1);
            })?;
            Ok((current, next, applied, draws))
        })
        .await?;
        let event = Event {
            seq: current.seq,
            body: EventBody::Action {
                seat,
                action: applied.action.clone(),
                description: applied.description.clone(),
                key: idempotency_key.to_string(),
            },
            draws,
            at_ms: now_ms(),
        };
        match self.store.append(&game_id, &event, field).await.map_err(storage)? {
            AppendOutcome::Appended => {}
            AppendOutcome::Stale { .. } => return Ok(Attempt::Raced),
            AppendOutcome::Duplicate { seq } => return Ok(Attempt::Duplicate(seq)),
        }
        let new_seq = current.seq + 1;
        if new_seq.is_multiple_of(self.snapshot_every) || current.game.outcome(&next).is_some() {
            // A failed snapshot only costs replay time later; the event itself is safe.
            if let Err(e) = self.store.save_snapshot(&game_id, new_seq, &current.game.save(&next)).await {
                tracing::warn!(game_id, %e, "snapshot not saved");
            }
        }
        tracing::info!(game_id, seat, seq = event.seq, "action recorded");
        metrics::counter!("referee_actions_total", "rules" => current.game.info().id).increment(1);
        let after = Current { state: Some(next), seq: new_seq, ..current };
        Ok(Attempt::Done(Box::new(Submitted {
            action: applied.action,
            description: applied.description,
            event_seq: event.seq,
            duplicate: false,
            view: after.view(Caller::Seat(seat)),
        })))
    }

    /// The answer to a retried submit: the action as first recorded, and the game as it is now.
    async fn duplicate(&self, game_id: &str, seat: u8, seq: u64, now: Option<Current>) -> Result<Submitted, ApiError> {
        let event = self
            .store
            .event(game_id, seq)
            .await
            .map_err(storage)?
            .ok_or_else(|| ApiError::internal("idempotency index points nowhere"))?;
        let EventBody::Action { action, description, .. } = event.body else {
            return Err(ApiError::internal("idempotency index points at a start event"));
        };
        let now = match now {
            Some(current) => current,
            None => self.current(game_id, None).await?,
        };
        Ok(Submitted { action, description, event_seq: seq, duplicate: true, view: now.view(Caller::Seat(seat)) })
    }

    pub async fn audit(&self, game_id: &str) -> Result<AuditRecord, ApiError> {
        let current = self.current(game_id, None).await?;
        if !current.is_over() {
            return Err(ApiError::new(
                Code::FailedPrecondition,
                Reason::GameNotOver,
                "The audit record, with the seed, is released when the game is over.",
            ));
        }
        let events = self.store.all_events(game_id).await.map_err(storage)?;
        let h = &current.loaded.header;
        Ok(AuditRecord {
            format: AUDIT_FORMAT.to_string(),
            game_id: h.game_id.clone(),
            rules: h.rules.clone(),
            rules_version: h.rules_version,
            options: h.options.clone(),
            seat_count: h.seat_count,
            commitment: h.commitment.clone(),
            seed: to_hex(&current.loaded.seed),
            entropy: current.entropy(),
            events,
            outcome: current.state.as_ref().and_then(|s| current.game.outcome(s)),
        })
    }
}
