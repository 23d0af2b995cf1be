//! Games in progress over the Redis log, independent of the transport: create, submit, view,
//! audit (taking seats is in `joining`, live views in `watching`). Any replica can serve any
//! call: what a referee keeps between calls (`warm`: the games it last moved) is only a guess
//! that the append's compare-and-set checks.
//!
//! One scripted read returns the latest snapshot and the events after it (at most
//! `snapshot_every` of them), and a submit adds one scripted compare-and-set append; a move in
//! a game this referee kept warm skips the read. Replaying
//! and applying run where the call is while they are quick, on blocking threads when a game's
//! have lately been slow (`work`), so a long computation never stalls the async workers.
//! The state keeps only the latest entries of the game's record (the rest is replayed from the
//! log on request, `records`), so neither loading, copying nor viewing it grows with the game.
//! Each address's budget of bytes is in `budget`.

use crate::audit::game_key;
use crate::chain::{CHAIN_2, ChainHeader, chain_start};
use crate::current::{Caller, Current, recorded_form};
use crate::draws::{DERIVATION_3, Fresh, replay_event};
use crate::errors::{ApiError, Reason, echo, storage};
use crate::finished::Finished;
use crate::signing;
use crate::store::{
    AppendLimits, AppendOutcome, Entries, Event, EventBody, Header, Lane, Loaded, PriorUse, Signed, Store,
};
use crate::tokens;
use crate::warm::Warm;
use crate::work::{bulk, long_work_done, now_ms, short};
use referee_proto::v1 as pb;
use rules::game::{AnyState, DynGame};
use rules::games;
use rules::random::{EventRng, Replay, commitment, to_hex};
use tonic::Code;

const MAX_ACTION_BYTES: usize = 256;
const MAX_KEY_BYTES: usize = 128;
const MAX_OPTIONS_BYTES: usize = 16 * 1024;
const MAX_POSITION_BYTES: usize = 4 * 1024;
const MAX_RULES_ID_BYTES: usize = 64;
/// snapshots failed): replayed one at a time in a referee (`Tables::long_work`).
const LONG_LOG: usize = 64;
/// The window in which games created from one address are counted.
const CREATE_WINDOW_SECONDS: u64 = 600;

/// How the tables are run: everything [`Tables`] takes from the referee's settings.
#[derive(Clone)]
pub struct Settings {
    /// A snapshot every this many events.
    pub snapshot_every: u64,
    /// The referee's own secret (join-code hashes, retried joins' tokens).
    pub key: tokens::ServerKey,
    pub retention: Retention,
    /// The most events one game may record (default 5,000: far beyond any real game, and a
    /// bound on what one seat can make the store keep).
    pub max_events: u64,
    /// Games one client address may create in ten minutes (default 60).
    pub creates_per_address: u64,
    /// A game in play with no event for this long is abandoned: closed, with its record and
    /// seed released so it can be checked (default seven days, within the thirty it is kept).
    pub abandoned_after_seconds: u64,
    /// The most bytes one game's events and record may hold (default 4 MiB: a long real game
    /// holds a few hundred KB); past it, only a resignation or the host's end goes in.
    pub max_game_bytes: u64,
    /// The most bytes the games and actions of one client address may add to the store in a
    /// day (default 16 MiB: hundreds of real games); past it, its creates and actions wait.
    pub bytes_per_address: u64,
    /// Wrong join codes from one client address in ten minutes, over all games (default 20).
    pub join_failures_per_address: u64,
    /// Wrong join codes for one game in ten minutes, from all addresses, after which the game
    /// takes codes only from addresses that have sent at most one wrong code (default 100: far
    /// above what a table mistypes; its players still join while guessers are locked out).
    pub join_failures_per_game: u64,
    /// How long, after the last seat joined, the table waits for seats that committed to entropy
    /// to reveal it (default 120 s: a phone that was closed); then the first call starts the
    /// game without their shares, recorded as none.
    pub reveal_wait_seconds: u64,
    /// Pars of positions given without a game worked out for one client address in ten
    /// minutes (default 30; answers already kept do not count).
    pub pars_per_address: u64,
    /// Games this referee keeps warm, as its last move in each left them (default 4,096;
    /// 0 keeps none): the next move there is judged without reading the log (`warm.rs`).
    pub warm_games: u64,
    /// Finished games this referee keeps ready to read (default 1,024; 0 keeps none), as their
    /// end left them, so that a view of one costs no load and no replay (`finished.rs`).
    pub finished_games: u64,
    /// The most bytes of finished games' audit records this referee keeps ready (default 32 MiB:
    /// two dozen of the largest games', thousands of ordinary ones).
    pub finished_audit_bytes: u64,
}

impl Settings {
    /// The defaults, with `key`.
    pub fn new(key: tokens::ServerKey) -> Settings {
        Settings {
            snapshot_every: 16,
            key,
            retention: Retention::default(),
            max_events: 5_000,
            creates_per_address: 60,
            abandoned_after_seconds: 7 * 86_400,
            join_failures_per_address: 20,
            join_failures_per_game: 100,
            max_game_bytes: 4 << 20,
            bytes_per_address: 16 << 20,
            pars_per_address: 30,
            reveal_wait_seconds: 120,
            warm_games: 4096,
            finished_games: 1024,
            finished_audit_bytes: 32 << 20,
        }
    }
}

/// How long a game is kept after its last change, by its status; every change starts the
/// time again (an append renews it once a hundredth of it has passed: `store.rs`). The
/// defaults: a day for a game still waiting for players, thirty days for a game in play or over.
#[derive(Copy, Clone, Debug, Eq, PartialEq)]
pub struct Retention {
    pub waiting_seconds: u64,
    pub playing_seconds: u64,
    pub finished_seconds: u64,
}

impl Default for Retention {
    fn default() -> Retention {
        Retention { waiting_seconds: 86_400, playing_seconds: 30 * 86_400, finished_seconds: 30 * 86_400 }
    }
}

/// Refuses a stateless question whose position or action is longer than any real one, before
/// any work ([`Tables::rules`] refuses a long rules id).
pub fn check_question(position: &str, action: &str) -> Result<(), ApiError> {
    if position.len() > MAX_POSITION_BYTES || action.len() > MAX_ACTION_BYTES {
        return Err(ApiError::invalid(Reason::TooLong, "The position or action is too long."));
    }
    Ok(())
}

pub struct Created {
    pub game_id: String,
    pub commitment: String,
    pub host_token: String,
    pub join_codes: Vec<String>,
}

/// An action a seat sends: what, from which sequence number, under which idempotency key,
/// and (for a seat that gave a key) its signature over them.
#[derive(Clone, Debug, Default)]
pub struct Submission {
    /// The action as the seat sends it.
    pub action: String,
    /// The sequence number the seat last saw.
    pub expected_seq: u64,
    /// Chosen by the seat: a retry with it never applies twice.
    pub idempotency_key: String,
    /// The seat's signature (`signing::action_message`), or empty.
    pub signature: Vec<u8>,
}

impl Submission {
    /// Checks the signature of a seat that gave a key (and refuses one from a seat that gave
    /// none); returns what the record keeps of it.
    fn signed(&self, game_id: &str, key: &str) -> Result<Option<Signed>, ApiError> {
        let bad = |why: &str| ApiError::invalid(Reason::BadSignature, why);
        if key.is_empty() {
            if !self.signature.is_empty() {
                return Err(bad("This seat joined without a public key, so it cannot sign its actions."));
            }
            return Ok(None);
        }
        if self.signature.is_empty() {
            return Err(bad("This seat joined with a public key: every action must carry its signature."));
        }
        if self.idempotency_key.is_empty() {
            return Err(bad("A signed action needs an idempotency key, which the signature covers."));
        }
        let message = signing::action_message(game_id, self.expected_seq, &self.idempotency_key, &self.action);
        signing::check(key, &message, &self.signature)
            .map_err(|why| bad(&format!("The action's signature does not hold: {why}.")))?;
        Ok(Some(Signed { seq: self.expected_seq, action: self.action.clone(), signature: to_hex(&self.signature) }))
    }

    /// What a retry under the same idempotency key must send again, as the index keeps it: the
    /// first 16 hex digits of `SHA-256(fields(decimal(expected_seq), action as sent))`. The
    /// signature is left out (an ECDSA signature of the same bytes differs each time).
    pub fn fingerprint(&self) -> String {
        use sha2::Digest;
        let seq = self.expected_seq.to_string();
        let digest = sha2::Sha256::digest(crate::chain::fields(&[seq.as_bytes(), self.action.as_bytes()]));
        to_hex(&digest[..8])
    }
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
    pub(crate) store: Store,
    pub(crate) settings: Settings,
    /// One search for par at a time in this process (`pars.rs`).
    pub(crate) solving: std::sync::Arc<tokio::sync::Semaphore>,
    /// How many searches for a position's par wait for `solving` (`pars.rs`).
    pub(crate) par_queue: std::sync::Arc<std::sync::atomic::AtomicUsize>,
    /// Work over a game's whole log, one at a time in this process: a finished game's archive
    /// replayed, its audit record built, an old game's record replayed. Many at once would
    /// leave no CPU to the calls of the games in play.
    pub(crate) long_work: std::sync::Arc<tokio::sync::Semaphore>,
    /// The games this referee last moved, and the bytes it last counted for each address.
    pub(crate) warm: std::sync::Arc<Warm>,
    /// The finished games and audit records this referee keeps ready.
    pub(crate) finished: std::sync::Arc<Finished>,
}

/// Records how long one stage of a call took (`referee_stage_seconds{stage}`): `load` (Redis
/// read of the game), `replay` (the state rebuilt from its snapshot and later events), `apply`
/// (the action judged and applied), `append` (the event written), `view` (the caller's view
/// built). The benchmark splits a move's time by them (docs/service.md, "Benchmark").
pub(crate) fn stage(name: &'static str, started: std::time::Instant) {
    let took = started.elapsed();
    metrics::histogram!("referee_stage_seconds", "stage" => name).record(took.as_secs_f64());
    crate::telemetry::note_stage(name, took);
}

/// How often a submit that lost an append race to another seat's sealed move is tried again.
/// Every lost race is another seat's append succeeding, so a round of twelve seats sealing at
/// once needs at most eleven retries; the bound only stops a pathological loop.
const MAX_APPEND_ATTEMPTS: usize = 64;

/// How one submit attempt ended.
enum Attempt {
    /// Recorded.
    Done(Box<Submitted>),
    /// The same idempotency key was used before.
    Duplicate(PriorUse),
    /// Another append came first: the game as this attempt had it, and the events it missed
    /// (`AppendOutcome::Stale`), to catch up with or read the log again.
    Raced(Box<Current>, Vec<Event>),
}

/// A game replayed: the state (`None` while seats are joining), the next event's number, and
/// whether the host ended it.
pub(crate) struct Replayed {
    state: Option<AnyState>,
    seq: u64,
    ended: bool,
}

/// The game from its latest snapshot and the events after it, replayed with their recorded
/// draws.
fn replay(game: &'static dyn DynGame, loaded: &Loaded) -> Result<Replayed, ApiError> {
    let snapshot = match &loaded.snapshot {
        Some((seq, saved)) => Some((*seq, game.load(saved).map_err(ApiError::internal)?)),
        None => None,
    };
    replay_events(game, &loaded.header, snapshot, &loaded.events, |_| {})
}

/// Replays `events` after `snapshot` (the state after its first `seq` events; `None`: from the
/// start), calling `each` with the state after every event that leaves one.
pub(crate) fn replay_events(
    game: &'static dyn DynGame,
    header: &Header,
    snapshot: Option<(u64, AnyState)>,
    events: &[Event],
    mut each: impl FnMut(&AnyState),
) -> Result<Replayed, ApiError> {
    let game_id = &header.game_id;
    let (mut state, mut seq) = match snapshot {
        Some((seq, state)) => (Some(state), seq),
        None => (None, 0),
    };
    let mut ended = false;
    for event in events {
        if event.seq != seq || ended {
            return Err(ApiError::internal(format!(
                "game {game_id}: event {} found where {seq} was expected",
                event.seq
            )));
        }
        match (&event.body, state.as_mut()) {
            (EventBody::Start { .. }, None) => {
                let mut rng = Replay::new(&event.draws);
                state = Some(game.setup(&header.options, &mut rng).map_err(ApiError::internal)?);
                if !rng.finished_cleanly() {
                    return Err(ApiError::internal(format!("game {game_id}: its setup replays with other draws")));
                }
            }
            (
                EventBody::Action { .. }
                | EventBody::Deadline
                | EventBody::Reissued { .. }
                | EventBody::Rejoined { .. },
                Some(s),
            ) => {
                replay_event(game, s, event, header.derivation)
                    .map_err(|e| ApiError::internal(format!("game {game_id}: {e}")))?;
            }
            (EventBody::End, _) => ended = true,
            _ => return Err(ApiError::internal(format!("game {game_id}: event {seq} does not fit the log"))),
        }
        if let Some(s) = &state {
            each(s);
        }
        seq += 1;
    }
    Ok(Replayed { state, seq, ended })
}

/// The record's entries `after` holds beyond those of `before`.
pub(crate) fn added_entries(game: &dyn DynGame, before: &AnyState, after: &AnyState) -> Entries {
    let before = game.recorded(before);
    Entries { before, added: game.entries_since(after, before), seat: None }
}

impl Tables {
    /// Until when the store keeps the finished game `current` (its retention after its last
    /// event), in ms since the epoch.
    pub(crate) fn kept_until(&self, current: &Current) -> u64 {
        current.kept_until(self.settings.retention.finished_seconds)
    }

    pub fn new(store: Store, settings: Settings) -> Tables {
        Tables {
            store,
            settings: Settings { snapshot_every: settings.snapshot_every.max(1), ..settings },
            solving: std::sync::Arc::new(tokio::sync::Semaphore::new(1)),
            par_queue: Default::default(),
            long_work: std::sync::Arc::new(tokio::sync::Semaphore::new(1)),
            warm: std::sync::Arc::new(Warm::new(usize::try_from(settings.warm_games).unwrap_or(usize::MAX))),
            finished: std::sync::Arc::new(Finished::new(
                usize::try_from(settings.finished_games).unwrap_or(usize::MAX),
                usize::try_from(settings.finished_audit_bytes).unwrap_or(usize::MAX),
            )),
        }
    }

    /// Keeps the game for its status's retention from now.
    pub(crate) async fn keep(&self, game_id: &str, status: pb::GameStatus) -> Result<(), ApiError> {
        self.store.keep(game_id, self.retention_of(status)).await.map_err(storage)
    }

    /// How long a game with `status` is kept after its last change, in seconds.
    pub(crate) fn retention_of(&self, status: pb::GameStatus) -> u64 {
        match status {
            pb::GameStatus::Waiting | pb::GameStatus::Unspecified => self.settings.retention.waiting_seconds,
            pb::GameStatus::Active => self.settings.retention.playing_seconds,
            pb::GameStatus::Over => self.settings.retention.finished_seconds,
        }
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
    /// Creates a game with `options` (`null` for the defaults). With a `client_key` (any
    /// unguessable text the client keeps for this creation), a retry after a lost answer gets
    /// the same game, host token and join codes instead of a second game.
    pub async fn create(
        &self,
        rules_id: &str,
        options: serde_json::Value,
        address: &str,
        client_key: &str,
    ) -> Result<Created, ApiError> {
        let game = Self::rules(rules_id)?;
        if options.to_string().len() > MAX_OPTIONS_BYTES || client_key.len() > MAX_KEY_BYTES {
            return Err(ApiError::invalid(Reason::TooLong, "The options or the client key are too long."));
        }
        self.within_budget(address).await?;
        let most = self.settings.creates_per_address;
        if self.store.count(&format!("limit:create:{address}"), CREATE_WINDOW_SECONDS).await.map_err(storage)? > most {
            return Err(ApiError::new(
                Code::ResourceExhausted,
                Reason::LimitReached,
                format!("At most {most} games are created from one address in ten minutes; wait a few minutes."),
            )
            .retry_after(CREATE_WINDOW_SECONDS));
        }
        // Check the options (and learn the seat count) with a throwaway seed: the real setup
        // happens when the last seat has joined and added its entropy.
        let probe_key = rules::random::GameKey(tokens::new_seed());
        game.setup(&options, &mut EventRng::new(probe_key, 0))?;
        let seat_count = game.seating(&options)?.count();
        if !client_key.is_empty() {
            let (game_id, host_token, join_codes) = self.settings.key.created(client_key, seat_count);
            let fresh = Created { game_id, commitment: String::new(), host_token, join_codes };
            return self.create_once(game, &options, fresh, address).await;
        }
        for _ in 0..5 {
            let join_codes = (0..seat_count).map(|_| tokens::new_join_code()).collect();
            let fresh = Created {
                game_id: tokens::new_game_id(),
                commitment: String::new(),
                host_token: tokens::new_token(),
                join_codes,
            };
            match self.create_once(game, &options, fresh, address).await {
                Err(e) if e.code == Reason::Internal => continue,
                other => return other,
            }
        }
        Err(ApiError::internal("five game ids in a row were taken"))
    }

    /// Writes the game `fresh` names, with a new seed; where a game of that id exists already,
    /// answers it again if it is the same creation (the same host token), else refuses.
    async fn create_once(
        &self,
        game: &'static dyn DynGame,
        options: &serde_json::Value,
        fresh: Created,
        address: &str,
    ) -> Result<Created, ApiError> {
        let (info, seed) = (game.info(), tokens::new_seed());
        let Created { game_id, host_token, join_codes, .. } = fresh;
        let header = Header {
            join_code_hashes: join_codes
                .iter()
                .map(|c| self.settings.key.join_code_hash(&game_id, &tokens::normalize_join_code(c)))
                .collect(),
            keyed_codes: true,
            derivation: DERIVATION_3,
            chain: CHAIN_2,
            options_text: options.to_string(),
            game_id,
            rules: info.id.to_string(),
            rules_version: info.version,
            options: options.clone(),
            seat_count: join_codes.len() as u8,
            commitment: to_hex(&commitment(&seed)),
            host_token_hash: tokens::hash_secret(&host_token),
            created_at_ms: now_ms(),
        };
        if self.store.create(&header, &to_hex(&seed)).await.map_err(storage)? {
            self.keep(&header.game_id, pb::GameStatus::Waiting).await?;
            self.spend(address, serde_json::to_string(&header).map_or(0, |t| t.len() as u64)).await;
            metrics::counter!("referee_games_created_total", "rules" => info.id).increment(1);
            tracing::info!(game_id = %header.game_id, rules = info.id, seats = header.seat_count, "game created");
            return Ok(Created { game_id: header.game_id, commitment: header.commitment, host_token, join_codes });
        }
        // Taken: a retry of this very creation, or (for a random id) another game.
        let existing = self.store.load(&header.game_id, None).await.map_err(storage)?;
        match existing {
            Some(loaded) if tokens::same_hash(&loaded.header.host_token_hash, &header.host_token_hash) => {
                Ok(Created { game_id: header.game_id, commitment: loaded.header.commitment, host_token, join_codes })
            }
            _ => Err(ApiError::internal("the game id was taken")),
        }
    }

    /// The game now: the latest snapshot, then the events after it replayed with their
    /// recorded draws; a finished game as this referee keeps it ready (`finished.rs`), unless
    /// the log is asked for a retry's answer (`idempotency_field`).
    pub async fn current(&self, game_id: &str, idempotency_field: Option<&str>) -> Result<Current, ApiError> {
        self.current_on(Lane::Play, game_id, idempotency_field).await
    }

    /// [`Tables::current`] for a call that only reads (a record page, pars, an audit record):
    /// loaded on the store's connection for reads ([`Lane::Read`]), not the one moves take.
    pub async fn current_to_read(&self, game_id: &str) -> Result<Current, ApiError> {
        self.current_on(Lane::Read, game_id, None).await
    }

    async fn current_on(
        &self,
        lane: Lane,
        game_id: &str,
        idempotency_field: Option<&str>,
    ) -> Result<Current, ApiError> {
        if game_id.len() > 64 || !game_id.chars().all(|c| c.is_ascii_alphanumeric()) {
            return Err(ApiError::game_not_found(game_id));
        }
        if idempotency_field.is_none()
            && let Some(kept) = self.finished.game(game_id, now_ms())
        {
            return Ok(kept);
        }
        self.read(lane, game_id, idempotency_field).await
    }

    /// [`Tables::current`] read from the store; a finished game is kept ready as it is read. A
    /// long log (a finished game's whole archive) is replayed one at a time in this referee, and
    /// not at all where another call kept the finished game meanwhile: the one that replays it
    /// keeps it before the next may look, so that readers arriving together replay it once.
    async fn read(&self, lane: Lane, game_id: &str, idempotency_field: Option<&str>) -> Result<Current, ApiError> {
        let started = std::time::Instant::now();
        let loaded = self
            .store
            .load_on(lane, game_id, idempotency_field)
            .await
            .map_err(storage)?
            .ok_or_else(|| ApiError::game_not_found(game_id))?;
        stage("load", started);
        let long = loaded.events.len() > LONG_LOG;
        let _one_at_a_time =
            if long { Some(self.long_work.acquire().await.map_err(ApiError::internal)?) } else { None };
        if long
            && idempotency_field.is_none()
            && let Some(kept) = self.finished.game(game_id, now_ms())
        {
            return Ok(kept);
        }
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
        let started = std::time::Instant::now();
        let (rules, events) = (game.info().id, loaded.events.len());
        let replaying = move || {
            let replayed = replay(game, &loaded)?;
            Ok((loaded, replayed))
        };
        // A long log is a finished game's archive read by anyone: bulk work.
        let (loaded, Replayed { state, seq, ended }) =
            if long { bulk(replaying).await? } else { short(rules, events, replaying).await? };
        stage("replay", started);
        let chain = match (loaded.events.last(), &loaded.snapshot) {
            (Some(last), _) => last.chain.clone(),
            (None, Some(_)) => loaded.snapshot_chain.clone(),
            (None, None) => chain_start(&ChainHeader::from(&loaded.header)),
        };
        // When the last event was recorded (unknown for a snapshot written before it was kept).
        let last_at_ms = match (loaded.events.last(), &loaded.snapshot) {
            (Some(last), _) => Some(last.at_ms),
            (None, Some(_)) => Some(loaded.snapshot_at_ms).filter(|at| *at > 0),
            (None, None) => Some(loaded.header.created_at_ms),
        };
        let finished = ended || state.as_ref().is_none_or(|s| game.outcome(s).is_some());
        let abandoned = !finished && self.idle_too_long(last_at_ms);
        let round_deadline_ms =
            if finished || abandoned { None } else { self.round_deadline_ms(&loaded, game, state.as_ref()).await? };
        let reveal_wait_ms = self.settings.reveal_wait_seconds * 1000;
        let current = Current {
            loaded,
            game,
            state,
            seq,
            chain,
            ended,
            last_at_ms,
            abandoned,
            round_deadline_ms,
            reveal_wait_ms,
        };
        if long {
            long_work_done("replay");
        }
        if current.is_final() {
            self.finished.keep_game(current.clone(), self.kept_until(&current));
        }
        Ok(current)
    }

    /// Whether a game whose last event was recorded at `last_at_ms` has waited for a move for
    /// the settings' `abandoned_after`.
    fn idle_too_long(&self, last_at_ms: Option<u64>) -> bool {
        let idle_ms = last_at_ms.map(|at| now_ms().saturating_sub(at));
        idle_ms.is_some_and(|idle| idle >= self.settings.abandoned_after_seconds.saturating_mul(1000))
    }

    /// The game as this referee's last move in it left it, if it is kept warm (`warm.rs`),
    /// with the time since then counted.
    fn kept_warm(&self, game_id: &str) -> Option<Current> {
        let mut kept = self.warm.take(game_id)?;
        kept.abandoned = self.idle_too_long(kept.last_at_ms);
        Some(kept)
    }

    /// `kept` with the events recorded after it, read and replayed when it is `behind` (see
    /// [`Tables::caught_up`]); `None` when it cannot be brought up so.
    async fn brought_up(&self, kept: Current, behind: bool) -> Option<Current> {
        if !behind {
            return Some(kept);
        }
        let started = std::time::Instant::now();
        let missed = self.store.events_since(&kept.loaded.header.game_id, kept.seq).await.ok()?;
        stage("load", started);
        self.caught_up(kept, missed).await
    }

    /// `current` with `missed`, the events recorded after it, replayed: `None` when they do
    /// more than move the game on (a seat's new phone, the host's end, a round with a
    /// deadline), for which the game is read again.
    pub(crate) async fn caught_up(&self, mut current: Current, missed: Vec<Event>) -> Option<Current> {
        let moves_only = missed.iter().all(|e| matches!(e.body, EventBody::Action { .. } | EventBody::Deadline));
        let last = missed.last()?;
        let (chain, last_at_ms) = (last.chain.clone(), last.at_ms);
        if !moves_only || missed[0].seq != current.seq || current.round_deadline_ms.is_some() {
            return None;
        }
        let (game, header) = (current.game, current.loaded.header.clone());
        let snapshot = (current.seq, current.state.take()?);
        let started = std::time::Instant::now();
        let replayed =
            short(game.info().id, missed.len(), move || replay_events(game, &header, Some(snapshot), &missed, |_| {}))
                .await;
        stage("replay", started);
        let Replayed { state, seq, ended } = replayed.ok()?;
        if ended || state.as_ref().is_some_and(|s| game.round_deadline(s).is_some()) {
            return None;
        }
        metrics::counter!("referee_games_caught_up_total").increment(1);
        Some(Current { state, seq, chain, last_at_ms: Some(last_at_ms), abandoned: false, ..current })
    }

    pub async fn view(&self, game_id: &str, token: Option<&str>) -> Result<pb::GameView, ApiError> {
        // On the moves' connection: a view is how a phone finds the referee back after Redis
        // restarted, and finding it there makes the next move's connection live too.
        let current = self.started(self.current(game_id, None).await?).await?;
        let current = self.round_closed_if_due(current, None).await?;
        let caller = current.authorize(token)?;
        let mut view = current.view(caller);
        if current.is_final() {
            view.unchanged_until_ms = self.kept_until(&current);
        }
        Ok(view)
    }

    /// Records `submission` for the seat of `token`; `address` is the client's, whose bytes
    /// recorded are counted against `Settings::bytes_per_address`.
    pub async fn submit(
        &self,
        game_id: &str,
        token: Option<&str>,
        submission: &Submission,
        address: &str,
    ) -> Result<Submitted, ApiError> {
        let submitted = self.submit_checked(game_id, token, submission, address).await;
        submitted.inspect_err(|e| {
            metrics::counter!("referee_rejected_actions_total", "code" => e.code.as_str_name()).increment(1);
        })
    }

    /// [`Tables::submit`], uncounted.
    async fn submit_checked(
        &self,
        game_id: &str,
        token: Option<&str>,
        submission: &Submission,
        address: &str,
    ) -> Result<Submitted, ApiError> {
        let Submission { action, idempotency_key, .. } = submission;
        if action.len() > MAX_ACTION_BYTES || idempotency_key.len() > MAX_KEY_BYTES || submission.signature.len() > 64 {
            return Err(ApiError::invalid(Reason::TooLong, "The action or idempotency key is too long."));
        }
        let token = token.ok_or_else(|| ApiError::no_token("Acting needs a seat token."))?;
        // Idempotency keys belong to the token that used them, so one read answers both
        // "whose seat is this" and "was this submit seen before".
        let field =
            (!idempotency_key.is_empty()).then(|| format!("{}:{idempotency_key}", &tokens::hash_secret(token)[..16]));
        // A game kept warm is tried first (one round trip to Redis: the append). Anything but a
        // recorded move or a retry's answer is judged again on the log as it is (`warm.rs`).
        if let Some(kept) = self.kept_warm(game_id) {
            // Behind what the caller saw: read only the events it missed.
            let behind = kept.seq < submission.expected_seq;
            let (kept, budget) = tokio::join!(self.brought_up(kept, behind), self.budget(address));
            if let (Some(kept), Ok(budget)) = (kept, budget) {
                match self.submit_to(kept, token, submission, field.as_deref(), (address, budget)).await {
                    Ok(submitted) => return Ok(submitted),
                    // Storage that cannot be reached now would not be reached again at once.
                    Err(e) if e.code == Reason::StorageUnavailable => return Err(e),
                    Err(_) => {}
                }
            }
        }
        // The address's budget is read beside the game, in the same round trip to Redis.
        let (current, budget) = tokio::join!(self.current(game_id, field.as_deref()), self.budget(address));
        self.submit_to(current?, token, submission, field.as_deref(), (address, budget?)).await
    }

    /// Records `submission` for the seat of `token` in the game `current` holds, trying again
    /// on the newer log when another append comes first.
    async fn submit_to(
        &self,
        mut current: Current,
        token: &str,
        submission: &Submission,
        field: Option<&str>,
        (address, budget): (&str, (u64, u64)),
    ) -> Result<Submitted, ApiError> {
        let game_id = current.loaded.header.game_id.clone();
        // A compare-and-set append loses to any other append. When what the caller saw is still
        // fresh (another seat only sealed its move in the same round), try again on the newer log.
        for _ in 0..MAX_APPEND_ATTEMPTS {
            if current.state.is_none() {
                current = self.started(current).await?;
            }
            // A late submission finds the round closed at its deadline, and is stale.
            current = self.round_closed_if_due(current, field).await?;
            let Caller::Seat(seat) = current.authorize(Some(token))? else {
                return Err(ApiError::new(
                    Code::PermissionDenied,
                    Reason::NotASeat,
                    "The host token can watch the game but not act in it.",
                ));
            };
            let signed = submission.signed(&game_id, &current.loaded.seats[&seat].key)?;
            if let Some(prior) = current.loaded.prior.take() {
                return self.duplicate(&game_id, seat, submission, prior, Some(current)).await;
            }
            match self.try_submit(current, seat, submission, signed, field, (address, budget)).await? {
                Attempt::Done(submitted) => return Ok(*submitted),
                Attempt::Duplicate(prior) => return self.duplicate(&game_id, seat, submission, prior, None).await,
                Attempt::Raced(behind, missed) => {
                    current = match self.caught_up(*behind, missed).await {
                        Some(caught_up) => caught_up,
                        None => self.current(&game_id, field).await?,
                    }
                }
            }
        }
        Err(ApiError::stale(current.seq))
    }

    /// One attempt at a submit against the log as `current` read it.
    async fn try_submit(
        &self,
        current: Current,
        seat: u8,
        submission: &Submission,
        signed: Option<Signed>,
        field: Option<&str>,
        (address, budget): (&str, (u64, u64)),
    ) -> Result<Attempt, ApiError> {
        let Submission { action, expected_seq, idempotency_key, .. } = submission;
        let expected_seq = *expected_seq;
        let game_id = current.loaded.header.game_id.clone();
        if current.ended {
            return Err(ApiError::new(Code::FailedPrecondition, Reason::GameOver, "The host ended this game."));
        }
        if current.abandoned {
            return Err(ApiError::new(
                Code::FailedPrecondition,
                Reason::GameOver,
                "Nobody moved in this game for too long: it is closed, and its record with the seed is released.",
            ));
        }
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
        let fresh_from = 1 + current.game.changed_for(state, seat);
        if expected_seq < fresh_from || expected_seq > current.seq {
            return Err(ApiError::stale(current.seq));
        }
        let key = game_key(&current.loaded.seed, &current.entropy())
            .ok_or_else(|| ApiError::internal("stored entropy is not hex"))?;
        let action = action.to_string();
        let started = std::time::Instant::now();
        let rules = current.game.info().id;
        let (current, next, applied, drawn, closed, entries) = short(rules, 1, move || {
            let state = current.state.as_ref().expect("started");
            // The action as it will be recorded, which derivations 2 and 3 mix into the draws (a
            // refusal, or a courtesy the game itself does not read, draws nothing).
            let recorded = recorded_form(current.game, state, seat, &action);
            let point = current.game.draw_point(state, seat);
            let derivation = current.loaded.header.derivation;
            let fresh = Fresh::action(derivation, key, current.seq, seat, &recorded, point.own, point.round);
            let mut next = current.game.clone_state(state);
            let (applied, drawn) =
                fresh.drawing(|streams| current.game.apply_streams(&mut next, seat, &recorded, streams));
            let applied = applied.map_err(|e| current.refusal(state, e))?;
            let closed = (current.game.draw_point(&next, seat).round > point.round).then_some(point.round);
            let entries = added_entries(current.game, state, &next);
            Ok((current, next, applied, drawn, closed, entries))
        })
        .await?;
        stage("apply", started);
        let body = EventBody::Action {
            seat,
            action: applied.action.clone(),
            description: applied.description.clone(),
            key: idempotency_key.to_string(),
        };
        let mut event = Event::new(current.seq, body, drawn.draws, now_ms());
        if current.loaded.header.derivation >= DERIVATION_3 {
            (event.round, event.round_draws) = (closed, drawn.round_draws);
        }
        event.signed = signed;
        let event = current.chained(event);
        let status = if current.game.outcome(&next).is_some() { pb::GameStatus::Over } else { pb::GameStatus::Active };
        // An action that ends the game (a resignation, a table's end) always goes in, so a game
        // at its limits, or played from an address past its day's bytes, can still be finished,
        // as the host can always end it.
        let ends = current.game.outcome(&next).is_some();
        if !ends {
            self.refuse_over_budget(budget)?;
        }
        if current.seq >= self.settings.max_events && !ends {
            return Err(ApiError::new(
                Code::ResourceExhausted,
                Reason::LimitReached,
                format!(
                    "This game has recorded {} events, the most one game may have: finish it (resign, or end the table), or start a new game.",
                    current.seq
                ),
            ));
        }
        let limits = AppendLimits { most_bytes: (!ends).then_some(self.settings.max_game_bytes) };
        let keep = self.retention_of(status);
        let started = std::time::Instant::now();
        // The event's bytes are counted against the address in the same round trip as the
        // append, and given back if it did not go in.
        let bytes = serde_json::to_string(&event).map_or(0, |t| t.len() as u64);
        let sent = submission.fingerprint();
        let (appended, ()) = tokio::join!(
            self.store.append(&game_id, &event, field.map(|f| (f, sent.as_str())), keep, &entries, limits),
            self.spend(address, bytes)
        );
        stage("append", started);
        if !matches!(appended, Ok(AppendOutcome::Appended)) {
            self.give_back(address, bytes).await;
        }
        let appended = appended.map_err(storage)?;
        match appended {
            AppendOutcome::Appended => {}
            AppendOutcome::Stale { missed, .. } => return Ok(Attempt::Raced(Box::new(current), missed)),
            AppendOutcome::Duplicate(prior) => return Ok(Attempt::Duplicate(prior)),
            AppendOutcome::Full { bytes } => {
                return Err(ApiError::new(
                    Code::ResourceExhausted,
                    Reason::LimitReached,
                    format!(
                        "This game's record holds {} KB, the most one game may: finish it (resign, or end the table), or start a new game.",
                        bytes / 1024
                    ),
                ));
            }
        }
        let new_seq = current.seq + 1;
        self.snapshot_if_due(&game_id, current.game, &next, &event).await;
        tracing::info!(game_id, seat, seq = event.seq, "action recorded");
        metrics::counter!("referee_actions_total", "rules" => current.game.info().id).increment(1);
        let round_deadline_ms = match current.game.round_deadline(&next) {
            Some((opened, seconds)) if opened == event.seq => Some(event.at_ms + u64::from(seconds) * 1000),
            Some(_) => current.round_deadline_ms,
            None => None,
        };
        let (state, chain, last_at_ms) = (Some(next), event.chain.clone(), Some(event.at_ms));
        let after = Current { state, seq: new_seq, chain, last_at_ms, round_deadline_ms, ..current };
        let started = std::time::Instant::now();
        let view = after.view(Caller::Seat(seat));
        let description = after.state.as_ref().map_or(applied.description.clone(), |s| {
            // Told as the seat's view tells it: by the players' names.
            after.names_in(s).say(&applied.description)
        });
        stage("view", started);
        self.warm.keep(after);
        Ok(Attempt::Done(Box::new(Submitted {
            action: applied.action,
            description,
            event_seq: event.seq,
            duplicate: false,
            view,
        })))
    }

    /// Saves the state after `event` as a snapshot every `snapshot_every` events; once the game
    /// is over, archives its log instead (`Store::archive`). A failed snapshot or archive only
    /// costs replay time or memory later; the event itself is safe.
    pub(crate) async fn snapshot_if_due(&self, game_id: &str, game: &dyn DynGame, state: &AnyState, event: &Event) {
        let new_seq = event.seq + 1;
        if game.outcome(state).is_some() {
            self.archive(game_id).await;
        } else if new_seq.is_multiple_of(self.settings.snapshot_every) {
            let saved = game.save(state);
            if let Err(e) = self.store.save_snapshot(game_id, new_seq, &saved, &event.chain, event.at_ms).await {
                tracing::warn!(game_id, %e, "snapshot not saved");
            }
        }
    }

    /// Archives a finished game's log; a failure only leaves it as it was.
    pub(crate) async fn archive(&self, game_id: &str) {
        if let Err(e) = self.store.archive(game_id).await {
            tracing::warn!(game_id, %e, "finished game not archived");
        }
    }

    /// The answer to a retried submit: the action as first recorded, and the game as it is now;
    /// a refusal when the key was first used for something else (another action, or the same
    /// from another view of the game).
    async fn duplicate(
        &self,
        game_id: &str,
        seat: u8,
        submission: &Submission,
        prior: PriorUse,
        now: Option<Current>,
    ) -> Result<Submitted, ApiError> {
        let PriorUse { seq, sent } = prior;
        if !sent.is_empty() && sent != submission.fingerprint() {
            return Err(ApiError::new(
                Code::FailedPrecondition,
                Reason::IdempotencyKeyReused,
                format!(
                    "This idempotency key was used for another action (event {seq}); a retry sends the same action from the same view, and a new action needs a new key."
                ),
            ));
        }
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
        let description = now.state.as_ref().map_or(description.clone(), |s| now.names_in(s).say(&description));
        Ok(Submitted { action, description, event_seq: seq, duplicate: true, view: now.view(Caller::Seat(seat)) })
    }
}

#[cfg(test)]
mod tests {
    use referee_proto::structs::{from_json, to_struct};
    use rules::game::Viewer;
    use rules::random::{EventRng, GameKey};

    /// Every registered game's start, seen by every seat, a spectator and everyone, written
    /// straight into a Struct reads back as the Struct its JSON gives.
    #[test]
    fn views_are_the_structs_their_json_gives() {
        for game in rules::games::all() {
            let Ok(state) = game.setup(&serde_json::Value::Null, &mut EventRng::new(GameKey([7; 32]), 0)) else {
                continue;
            };
            let seats = game.seating(&serde_json::Value::Null).map(|s| s.count()).unwrap_or(0);
            let viewers = (0..seats).map(Viewer::Seat).chain([Viewer::Spectator, Viewer::Everyone]);
            for viewer in viewers {
                let view = game.view(&state, viewer);
                assert_eq!(to_struct(&view), from_json(&view.to_json()), "{} for {viewer:?}", game.info().id);
            }
        }
    }
}
