//! The Redis event log. A game is an immutable header, a secret seed, the seats that joined, an
//! append-only stream of events, an idempotency index and a snapshot. Every key of a game
//! carries the hash tag `{game id}`, so a Redis Cluster keeps a game in one slot and the Lua
//! scripts below run atomically on one node.
//!
//! Keys of game `ID`:
//! - `g:{ID}:header` — JSON [`Header`], written once.
//! - `g:{ID}:seed` — hex seed; never served before the game ends.
//! - `g:{ID}:seats` — hash seat → JSON [`SeatRecord`], filled while players join.
//! - `g:{ID}:joins` — stream; entry `<n>-1` when the n-th seat joins, so watchers of a game
//!   that is still waiting for players see seats fill; dropped by the game's first event.
//! - `g:{ID}:events` — stream; entry id `<seq>-1`, field `e` = JSON [`Event`].
//! - `g:{ID}:idem` — hash `<seat>:<idempotency key>` → seq of the event it produced, then a
//!   space and the fingerprint of what was sent under the key (entries made before have none).
//! - `g:{ID}:reissues:<seat>` — the host's re-issues of the seat's code in the current minute
//!   (kept out of the keys every change renews).
//! - `g:{ID}:snap` — hash `seq`, `state`: the state after the first `seq` events.
//! - `g:{ID}:joinfail` — failed join attempts, expiring ten minutes after the first (kept out
//!   of the keys every change renews).
//! - `g:{ID}:played` — list of the record's entries (JSON `rules::game::Entry`), one pushed
//!   with each event that adds some, so the record is read a page at a time; absent in games
//!   made before it was kept.
//! - `g:{ID}:bytes` — how many bytes the game's events and record entries hold, against
//!   `Settings::max_game_bytes`.
//! - `g:{ID}:pars` — hash puzzle key → JSON of the par the referee proved for it (Chess Golf's
//!   holes), written once worked out; kept as long as the header.
//! - `g:{ID}:archive` — hash `count`, `log`: a finished game's events, their JSON one a line,
//!   compressed (DEFLATE), written in place of the `events` stream and the snapshot when the
//!   game ends. Every script that counts the events counts these when the stream is gone.

use redis::aio::{ConnectionLike, ConnectionManager, ConnectionManagerConfig};
use redis::cluster::ClusterClientBuilder;
use redis::cluster_async::ClusterConnection;
use redis::{Cmd, Pipeline, RedisFuture, RedisResult, Script, Value};
use rules::random::{Draw, EventContext, EventRng, GameKey};
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;
use std::time::Duration;

/// The window of both limits on wrong join codes (`Settings::join_failures_per_address` and
/// `join_failures_per_game`): they count from the first failure and are never renewed.
pub const JOIN_FAILURE_WINDOW_SECONDS: u64 = 600;
/// The room under Redis's `maxmemory` below which the referee says it is not serving: a few
/// hundred moves' worth, so it says so before moves are refused.
const MEMORY_HEADROOM: u64 = 512 * 1024;
/// Longest wait for one Redis reply (above `WAIT`'s own 2 s limit).
const RESPONSE_TIMEOUT: Duration = Duration::from_millis(2500);
/// Longest wait to (re)connect: with Redis down, calls fail within about a second.
const CONNECTION_TIMEOUT: Duration = Duration::from_secs(1);
/// How long one blocking read of a watcher waits before looking again.
pub const WATCH_BLOCK: Duration = Duration::from_secs(10);

#[derive(Clone, Debug, Serialize, Deserialize, PartialEq)]
pub struct Header {
    pub game_id: String,
    pub rules: String,
    pub rules_version: u32,
    pub options: serde_json::Value,
    pub seat_count: u8,
    pub commitment: String,
    pub host_token_hash: String,
    /// The hash of each seat's normalized join code, by seat: keyed with the referee's secret
    /// when `keyed_codes` (`ServerKey::join_code_hash`), plain SHA-256 in games made before.
    pub join_code_hashes: Vec<String>,
    #[serde(default)]
    pub keyed_codes: bool,
    pub created_at_ms: u64,
    /// How each event's draws are derived (`docs/randomness.md`, Step 2): 1, from the event
    /// number; 2, also from the seat acting and its action. Games made before have 1.
    #[serde(default = "version_1")]
    pub derivation: u8,
    /// How the record is chained (`chain.rs`): 1, every action in the clear (games made
    /// before); 2, the header bound and each event committed with a salt from the seed.
    #[serde(default = "version_1")]
    pub chain: u8,
    /// The options exactly as written at creation, which chain 2's first link binds (empty in
    /// games made before).
    #[serde(default, skip_serializing_if = "String::is_empty")]
    pub options_text: String,
}

fn version_1() -> u8 {
    1
}

impl Event {
    /// An event not yet chained, with no round closed and no signature.
    pub fn new(seq: u64, body: EventBody, draws: Vec<Draw>, at_ms: u64) -> Event {
        Event { seq, body, draws, round: None, round_draws: Vec::new(), signed: None, at_ms, chain: String::new() }
    }

    /// Who acts in this event and what, as derivation 2 mixes it into the draws.
    pub fn context(&self) -> EventContext {
        match &self.body {
            EventBody::Action { seat, action, .. } => EventContext::action(*seat, action),
            EventBody::Start { .. }
            | EventBody::End
            | EventBody::Deadline
            | EventBody::Reissued { .. }
            | EventBody::Rejoined { .. } => EventContext::start(),
        }
    }
}

#[derive(Clone, Debug, Default, Serialize, Deserialize, PartialEq)]
pub struct SeatRecord {
    pub token_hash: String,
    /// The player's entropy contribution, hex (empty for none, or when it is committed to and
    /// revealed later).
    pub entropy: String,
    /// SHA-256 (hex) of entropy the seat will reveal once every seat has joined; empty for none.
    #[serde(default, skip_serializing_if = "String::is_empty")]
    pub commitment: String,
    /// The name the player gave, if any.
    #[serde(default, skip_serializing_if = "String::is_empty")]
    pub name: String,
    /// The public key the seat signs its actions with (`signing.rs`); empty: it signs nothing.
    #[serde(default, skip_serializing_if = "String::is_empty")]
    pub key: String,
    /// The seat's signature over its join, hex.
    #[serde(default, skip_serializing_if = "String::is_empty")]
    pub join_signature: String,
    /// When the seat was taken (ms since the Unix epoch; 0 in records made before it was kept).
    #[serde(default, skip_serializing_if = "is_zero")]
    pub joined_ms: u64,
    /// The keyed hash of the code the host last re-issued for the seat (`reseating.rs`), empty
    /// for none. While the seat waits for a new phone the token hash is empty, so no token
    /// holds it; once one has joined, the code is known as used.
    #[serde(default, skip_serializing_if = "String::is_empty")]
    pub code_hash: String,
    /// The keyed hashes of the codes the host re-issued for the seat before `code_hash`, each
    /// used or replaced since: never valid again.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub spent_codes: Vec<String>,
    /// The public keys that held the seat before `key` (phones the host's re-issues replaced):
    /// a key speaks for one seat of a game, for the whole game.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub former_keys: Vec<String>,
}

impl SeatRecord {
    /// Whether the seat waits for a new phone: nobody holds it.
    pub fn is_vacant(&self) -> bool {
        self.token_hash.is_empty()
    }

    /// Whether `key` holds the seat now or held it before a re-issue.
    pub fn holds_or_held(&self, key: &str) -> bool {
        !key.is_empty() && (self.key == key || self.former_keys.iter().any(|k| k == key))
    }

    /// How many times the host has re-issued the seat's code.
    pub fn reissues(&self) -> u32 {
        (self.spent_codes.len() + usize::from(!self.code_hash.is_empty())) as u32
    }

    /// Whether the code of keyed hash `hash` was re-issued for the seat and has since been used
    /// (a phone joined with it) or replaced by a newer one.
    pub fn spent(&self, hash: &str) -> bool {
        let used = !self.is_vacant() && crate::tokens::same_hash(&self.code_hash, hash);
        used || self.spent_codes.iter().any(|h| crate::tokens::same_hash(h, hash))
    }
}

fn is_zero(n: &u64) -> bool {
    *n == 0
}

#[derive(Clone, Debug, Serialize, Deserialize, PartialEq)]
#[serde(tag = "type", rename_all = "snake_case")]
pub enum EventBody {
    /// The game's setup, recorded when the last seat joined; `entropy` is every seat's
    /// contribution in seat order, as mixed into the game key, and `seats` what each seat
    /// said when it joined (chain 2; empty in games made before).
    Start {
        entropy: Vec<String>,
        #[serde(default, skip_serializing_if = "Vec::is_empty")]
        seats: Vec<SeatStatement>,
    },
    Action {
        seat: u8,
        action: String,
        description: String,
        #[serde(default, skip_serializing_if = "String::is_empty")]
        key: String,
    },
    /// The host ended the game before it was over (or before it started): no more actions, no
    /// result, and the seed is released so the record can be checked.
    End,
    /// The sealed round then open reached its deadline and was closed by the first call after
    /// it (`DynGame::close_round`): no seat acted.
    Deadline,
    /// The host gave `seat` a new join code (its phone lost or broken): the token that held it
    /// stopped working. `description` is what the table heard.
    Reissued { seat: u8, description: String },
    /// A new phone took `seat` with its new code; `statement` is what it said when it joined
    /// (its key signs the seat's later actions).
    Rejoined { seat: u8, description: String, statement: SeatStatement },
}

/// What a seat said when it joined, as the start records it: its name, the public key its
/// actions are signed with (empty: it signs nothing), its entropy commitment (hex; empty when
/// it sent its entropy in the clear or none) and its signature over all of it (hex).
#[derive(Clone, Debug, Default, Serialize, Deserialize, PartialEq)]
pub struct SeatStatement {
    #[serde(default, skip_serializing_if = "String::is_empty")]
    pub name: String,
    #[serde(default, skip_serializing_if = "String::is_empty")]
    pub key: String,
    #[serde(default, skip_serializing_if = "String::is_empty")]
    pub entropy_commitment: String,
    #[serde(default, skip_serializing_if = "String::is_empty")]
    pub signature: String,
}

/// A seat's signature over an action: what it signed (the sequence number it had seen and the
/// action as it sent it) and the signature (hex).
#[derive(Clone, Debug, Serialize, Deserialize, PartialEq)]
pub struct Signed {
    pub seq: u64,
    pub action: String,
    pub signature: String,
}

#[derive(Clone, Debug, Serialize, Deserialize, PartialEq)]
pub struct Event {
    pub seq: u64,
    #[serde(flatten)]
    pub body: EventBody,
    /// Every random draw the event made, in order (left out of the stored text when none).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub draws: Vec<Draw>,
    /// The number of the sealed round this event closed, from 0 (derivation 3), if it closed
    /// one.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub round: Option<u64>,
    /// The draws of the round it closed, from the round's own stream (derivation 3).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub round_draws: Vec<Draw>,
    /// The acting seat's signature, where the seat signs its actions.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub signed: Option<Signed>,
    pub at_ms: u64,
    /// The record's chain after this event (`chain::Linker`): a hash of the chain before
    /// it and of this event, so that no earlier event can be changed without changing every
    /// later link. Empty in games recorded before the chain.
    #[serde(default, skip_serializing_if = "String::is_empty")]
    pub chain: String,
}

/// Everything needed to compute a game's current state, read in one round trip.
#[derive(Clone)]
pub struct Loaded {
    pub header: Header,
    pub seed: Vec<u8>,
    pub seats: BTreeMap<u8, SeatRecord>,
    /// Entropy revealed by seats that committed to it (hex), by seat.
    pub reveals: BTreeMap<u8, String>,
    /// `(seq, state)`: the state after the first `seq` events.
    pub snapshot: Option<(u64, serde_json::Value)>,
    /// The record's chain after the snapshot's events (empty without a snapshot, or in games
    /// recorded before the chain).
    pub snapshot_chain: String,
    /// When the snapshot's last event was recorded (ms since the epoch; 0 if unknown).
    pub snapshot_at_ms: u64,
    /// Events after the snapshot (or all of them), in order.
    pub events: Vec<Event>,
    /// What an idempotency key already produced, when asked about one.
    pub prior: Option<PriorUse>,
}

/// An idempotency key's first use: the event it produced and what was sent with it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PriorUse {
    /// The event it produced.
    pub seq: u64,
    /// The fingerprint of what was sent under the key (`Submission::fingerprint`); empty for
    /// keys used before fingerprints were kept.
    pub sent: String,
}

impl PriorUse {
    /// Reads the index's value: `seq`, or `seq fingerprint`.
    fn parse(text: &str) -> RedisResult<PriorUse> {
        let (seq, sent) = text.split_once(' ').unwrap_or((text, ""));
        let seq =
            seq.parse().map_err(|_| redis::RedisError::from((redis::ErrorKind::Parse, "bad idempotency entry")))?;
        Ok(PriorUse { seq, sent: sent.to_string() })
    }
}

/// Event `seq`'s random stream under `derivation`, for `context` (who acts, and what).
pub fn event_rng(derivation: u8, key: GameKey, seq: u64, context: &EventContext) -> EventRng {
    match derivation {
        1 => EventRng::new(key, seq),
        _ => EventRng::with_context(key, seq, context),
    }
}

impl Loaded {
    /// How many changes the table went through before the start: seats joined and entropy
    /// revealed (the length of the `joins` stream, which watchers wait on).
    pub fn table_changes(&self) -> usize {
        self.seats.len() + self.reveals.len()
    }
}

/// What a watcher's blocked read found (`Store::wait_for_changes`).
#[derive(Default)]
pub struct Changes {
    /// The events recorded after those the reader had, in order (at most [`MISSED_EVENTS`]).
    pub events: Vec<Event>,
    /// Whether the table changed before the start (a seat joined, entropy revealed).
    pub table: bool,
}

/// How a reveal of committed entropy ended.
pub enum RevealOutcome {
    Revealed,
    /// The same entropy was revealed before.
    Already,
    /// Other entropy was revealed before.
    Different,
}

/// The record's entries an event adds, after the `before` it already had: kept in
/// `g:{ID}:played`, so the whole record is read a page at a time without replaying the game.
#[derive(Default)]
pub struct Entries {
    pub before: u64,
    pub added: Vec<rules::game::Entry>,
    /// The seat whose record the event replaces, with its new record (the host re-issuing a
    /// seat's code, a new phone taking it), written with the event or not at all.
    pub seat: Option<(u8, SeatRecord)>,
}

pub enum AppendOutcome {
    Appended,
    /// The log holds `current_seq` events, not the expected number; `missed`: the events after
    /// the expected ones, in order, when at most [`MISSED_EVENTS`] (empty otherwise, or when the
    /// log is shorter).
    Stale {
        current_seq: u64,
        missed: Vec<Event>,
    },
    /// The idempotency key was used before: what it produced.
    Duplicate(PriorUse),
    /// The game holds `bytes`, and the event would take it past its limit.
    Full {
        bytes: u64,
    },
}

/// What an append may not exceed.
#[derive(Clone, Copy, Default)]
pub struct AppendLimits {
    /// The most bytes the game's events and record may hold with this event; `None` for an
    /// event that must go in whatever the game holds (the start, a resignation, the host's end,
    /// a round's deadline: each small, and each ending or moving the game on).
    pub most_bytes: Option<u64>,
}

pub enum ClaimOutcome {
    Claimed {
        joined: u64,
    },
    Taken,
    Started,
    /// Another seat holds the public key the join gave.
    KeyHeld {
        seat: u8,
    },
}

pub fn key(game_id: &str, part: &str) -> String {
    format!("g:{{{game_id}}}:{part}")
}

/// One connection type for a single Redis and for a Redis Cluster.
#[derive(Clone)]
pub enum RedisConnection {
    /// A single Redis, with the store's other connection to it (its twin), which this one wakes
    /// when it finds Redis gone: see [`wake_twin`].
    Single(ConnectionManager, Option<ConnectionManager>),
    Cluster(ClusterConnection),
}

/// After Redis restarts, each connection to it learns so from the first command it sends, which
/// fails (retryably) and starts its reconnection. A connection that has learnt it wakes its twin
/// with a `PING` of its own, so that a player's next call on the other connection — the move after
/// the view that found Redis back — is not the one to fail. Twins do not wake each other back.
fn wake_twin<T>(result: &RedisResult<T>, twin: Option<ConnectionManager>) {
    if let (Err(e), Some(mut twin)) = (result, twin)
        && (e.is_io_error() || e.is_unrecoverable_error())
    {
        tokio::spawn(async move {
            let _ = redis::cmd("PING").query_async::<String>(&mut twin).await;
        });
    }
}

impl ConnectionLike for RedisConnection {
    fn req_packed_command<'a>(&'a mut self, cmd: &'a Cmd) -> RedisFuture<'a, Value> {
        match self {
            RedisConnection::Single(c, twin) => {
                let twin = twin.clone();
                Box::pin(async move {
                    let result = c.req_packed_command(cmd).await;
                    wake_twin(&result, twin);
                    result
                })
            }
            RedisConnection::Cluster(c) => c.req_packed_command(cmd),
        }
    }

    fn req_packed_commands<'a>(
        &'a mut self,
        pipeline: &'a Pipeline,
        offset: usize,
        count: usize,
    ) -> RedisFuture<'a, Vec<Value>> {
        match self {
            RedisConnection::Single(c, twin) => {
                let twin = twin.clone();
                Box::pin(async move {
                    let result = c.req_packed_commands(pipeline, offset, count).await;
                    wake_twin(&result, twin);
                    result
                })
            }
            RedisConnection::Cluster(c) => c.req_packed_commands(pipeline, offset, count),
        }
    }

    fn get_db(&self) -> i64 {
        match self {
            RedisConnection::Single(c, _) => c.get_db(),
            RedisConnection::Cluster(c) => c.get_db(),
        }
    }
}

#[derive(Clone)]
enum Client {
    Single(redis::Client),
    /// The node URLs, to open watcher connections with their own timeout.
    Cluster(Vec<String>),
}

struct Scripts {
    create: Script,
    load: Script,
    claim: Script,
    reveal: Script,
    append: Script,
    snapshot: Script,
    par: Script,
    keep: Script,
    archive: Script,
    played: Script,
    counter: Script,
}

/// The most events a stale append, a follower's read or a kept game's catching up returns:
/// more than a snapshot's worth, after which reading the game is as cheap.
const MISSED_EVENTS: usize = 32;

/// A page of a game's record as the store keeps it ([`Store::played`]).
pub struct Played {
    /// The entries the record's list holds in all (0 for a game made before it was kept).
    pub kept: u64,
    /// The page's entries.
    pub entries: Vec<rules::game::Entry>,
    /// The game's events when the page was read (0 once its log is archived).
    pub seq: u64,
}

/// Every key a game may have, by its part name.
/// (Not `joinfail`, whose window must never be renewed by the game's changes.)
const GAME_KEYS: [&str; 12] =
    ["header", "seed", "seats", "reveals", "joins", "events", "snap", "idem", "archive", "pars", "played", "bytes"];

/// The number of events, archived or not: a Lua function for the scripts (events, archive).
const EVENT_COUNT: &str = r"
local function event_count(events, archive)
    local n = redis.call('XLEN', events)
    if n == 0 then n = tonumber(redis.call('HGET', archive, 'count') or '0') end
    return n
end
";

impl Scripts {
    fn new() -> Scripts {
        Scripts {
            create: Script::new(
                r"
                if redis.call('EXISTS', KEYS[1]) == 1 then return 0 end
                redis.call('SET', KEYS[2], ARGV[2])
                redis.call('SET', KEYS[1], ARGV[1])
                return 1",
            ),
            // KEYS: header seed seats events snap idem reveals archive; ARGV: idempotency field
            // ('' for none). A finished game's archived log comes last (false when none). As few
            // calls as the reads allow: each call from a script costs more in a cluster.
            load: Script::new(
                r"
                local kept = redis.call('MGET', KEYS[1], KEYS[2])
                local header, seed = kept[1], kept[2]
                if not header then return {false} end
                local seats = redis.call('HGETALL', KEYS[3])
                local reveals = redis.call('HGETALL', KEYS[7])
                local snap = redis.call('HMGET', KEYS[5], 'seq', 'state', 'chain', 'at')
                local snap_seq, snap_state, snap_chain, snap_at = snap[1], snap[2], snap[3], snap[4]
                local from = '-'
                if snap_seq then from = snap_seq .. '-0' end
                local entries = redis.call('XRANGE', KEYS[4], from, '+')
                local events = {}
                for i, entry in ipairs(entries) do events[i] = entry[2][2] end
                local prior = false
                if ARGV[1] ~= '' then prior = redis.call('HGET', KEYS[6], ARGV[1]) end
                local archived = false
                if #entries == 0 then archived = redis.call('HGET', KEYS[8], 'log') end
                return {header, seed, seats, snap_seq, snap_state, events, prior, reveals, snap_chain, snap_at, archived}",
            ),
            // KEYS: seats events joins reveals archive; ARGV: seat, entropy hex. Only before the
            // start, once per seat; each reveal is a change of the table, as a join is.
            reveal: Script::new(&format!(
                r"{EVENT_COUNT}
                local prior = redis.call('HGET', KEYS[4], ARGV[1])
                if prior then
                    if prior == ARGV[2] then return 'already' end
                    return 'different'
                end
                if event_count(KEYS[2], KEYS[5]) > 0 then return 'started' end
                redis.call('HSET', KEYS[4], ARGV[1], ARGV[2])
                local changes = redis.call('HLEN', KEYS[1]) + redis.call('HLEN', KEYS[4])
                redis.call('XADD', KEYS[3], changes .. '-1', 'reveal', ARGV[1])
                return 'revealed'"
            )),
            // KEYS: every key of one game; ARGV: seconds. Keeps the game for that long from now.
            keep: Script::new(
                r"
                for _, k in ipairs(KEYS) do redis.call('EXPIRE', k, ARGV[1]) end
                return 1",
            ),
            // KEYS: seats events joins archive; ARGV: seat, record, its public key ('' for
            // none). (Reveals come only after every seat has joined, so the joins stream's ids
            // count seats until then.) A key another seat holds is refused: {-2, that seat}.
            claim: Script::new(&format!(
                r"{EVENT_COUNT}
                if event_count(KEYS[2], KEYS[4]) > 0 then return {{-1, 0}} end
                if ARGV[3] ~= '' then
                    local held = redis.call('HGETALL', KEYS[1])
                    for i = 1, #held, 2 do
                        if held[i] ~= ARGV[1] and cjson.decode(held[i + 1]).key == ARGV[3] then
                            return {{-2, tonumber(held[i])}}
                        end
                    end
                end
                local claimed = redis.call('HSETNX', KEYS[1], ARGV[1], ARGV[2])
                local joined = redis.call('HLEN', KEYS[1])
                if claimed == 1 then redis.call('XADD', KEYS[3], joined .. '-1', 'seat', ARGV[1]) end
                return {{claimed, joined}}"
            )),
            // KEYS: events idem joins archive played bytes seats, then every key of the game;
            // ARGV: expected seq, idempotency field ('' for none), event JSON, seconds to keep
            // the game from now, the most bytes the game may then hold ('0': no limit), the
            // record's entries before this event, the seat whose record the event replaces ('' for
            // none) and that record, the fingerprint of what was sent under the idempotency key
            // ('' for none), then the entries it adds (JSON). `bytes` counts what the
            // game's events and entries hold.
            // The game's keys are kept for that long from now once a hundredth of it has passed
            // since they last were (or when it changes): between, every key already expires
            // with the header (writing to a key keeps its expiry), so only the keys this append
            // may have made are given the header's (twelve EXPIREs were a third of the script's
            // commands' time, INFO commandstats; each call from a script costs more in a cluster).
            // A stale append (the log has moved on) gets the events it missed back, when they
            // are few, so that a referee holding the game (`warm.rs`) catches up without a load.
            // The joins stream only wakes watchers before the start: the first event drops it.
            // An archived game is over: nothing more is appended. The entries join the record
            // list only where it holds every earlier entry (games made before it began have none).
            append: Script::new(
                &r"
                if ARGV[2] ~= '' then
                    local prior = redis.call('HGET', KEYS[2], ARGV[2])
                    if prior then return {'duplicate', prior} end
                end
                local len = redis.call('XLEN', KEYS[1])
                if len == 0 and redis.call('EXISTS', KEYS[4]) == 1 then
                    return {'stale', redis.call('HGET', KEYS[4], 'count')}
                end
                local expected = tonumber(ARGV[1])
                if len ~= expected then
                    local stale = {'stale', tostring(len)}
                    if len > expected and len - expected <= MISSED_EVENTS then
                        for i, entry in ipairs(redis.call('XRANGE', KEYS[1], expected .. '-0', '+')) do
                            stale[i + 2] = entry[2][2]
                        end
                    end
                    return stale
                end
                local add = #ARGV[3]
                for i = 10, #ARGV do add = add + #ARGV[i] end
                local size = redis.call('INCRBY', KEYS[6], add)
                local counted = size > add
                if ARGV[5] ~= '0' and size > tonumber(ARGV[5]) then
                    if counted then redis.call('DECRBY', KEYS[6], add) else redis.call('DEL', KEYS[6]) end
                    return {'full', tostring(size - add)}
                end
                redis.call('XADD', KEYS[1], ARGV[1] .. '-1', 'e', ARGV[3])
                if ARGV[2] ~= '' then
                    local used = ARGV[1]
                    if ARGV[9] ~= '' then used = used .. ' ' .. ARGV[9] end
                    redis.call('HSET', KEYS[2], ARGV[2], used)
                end
                if ARGV[7] ~= '' then redis.call('HSET', KEYS[7], ARGV[7], ARGV[8]) end
                if len == 0 then redis.call('DEL', KEYS[3]) end
                local pushed = #ARGV > 9 and redis.call('LLEN', KEYS[5]) == tonumber(ARGV[6])
                if pushed then redis.call('RPUSH', KEYS[5], unpack(ARGV, 10)) end
                local keep = tonumber(ARGV[4])
                local left = redis.call('PTTL', KEYS[8])
                if left < (keep - math.floor(keep / 100)) * 1000 or left > keep * 1000 then
                    for i = 8, #KEYS do redis.call('EXPIRE', KEYS[i], ARGV[4]) end
                else
                    if len == 0 then redis.call('PEXPIRE', KEYS[1], left) end
                    if not counted then redis.call('PEXPIRE', KEYS[6], left) end
                    if ARGV[2] ~= '' then redis.call('PEXPIRE', KEYS[2], left) end
                    if ARGV[7] ~= '' then redis.call('PEXPIRE', KEYS[7], left) end
                    if pushed and ARGV[6] == '0' then redis.call('PEXPIRE', KEYS[5], left) end
                end
                return {'ok', ARGV[1]}"
                    .replace("MISSED_EVENTS", &MISSED_EVENTS.to_string()),
            ),
            // KEYS: events archive snap; ARGV: the number of events, their compressed log. Only
            // if no event came meanwhile; the archive is kept as long as the events were.
            archive: Script::new(
                r"
                if redis.call('XLEN', KEYS[1]) ~= tonumber(ARGV[1]) then return 0 end
                local ttl = redis.call('PTTL', KEYS[1])
                redis.call('HSET', KEYS[2], 'count', ARGV[1], 'log', ARGV[2])
                if ttl > 0 then redis.call('PEXPIRE', KEYS[2], ttl) end
                redis.call('DEL', KEYS[1], KEYS[3])
                return 1",
            ),
            // KEYS: played events; ARGV: the first entry wanted, the most entries, the most
            // bytes, the viewer (a seat, -1 for a spectator, -2 for everyone), the discreet
            // allowance. The list's length; its entries from the first wanted on, as many as the
            // page holds: at most that many, and no more than their first that reach the most
            // bytes together (at least one); and the game's events now, so that a game kept warm
            // can tell whether it is the game now. Read a few at a time, so that a page of long
            // entries (a hundred dice a roll) costs Redis and the referee the page, not the 500
            // entries a page of short ones may hold. An entry weighs what the viewer may know of it: a
            // discreet entry of another seat (one with a sentence for others) its sentence for
            // others and the allowance, never its actor's sentence or action, so that where a
            // page ends tells nobody the length of a secret.
            played: Script::new(
                r#"
                local len, seq = redis.call('LLEN', KEYS[1]), redis.call('XLEN', KEYS[2])
                local at, most_bytes = tonumber(ARGV[1]), tonumber(ARGV[3])
                local viewer, allowance = tonumber(ARGV[4]), tonumber(ARGV[5])
                local last = math.min(at + tonumber(ARGV[2]), len) - 1
                local page, bytes = {}, 0
                while at <= last do
                    local chunk = redis.call('LRANGE', KEYS[1], at, math.min(at + 31, last))
                    for _, entry in ipairs(chunk) do
                        local weight = #entry
                        if viewer ~= -2 and string.find(entry, '"to_others":"', 1, true) then
                            local told = cjson.decode(entry)
                            if told.seat ~= viewer then weight = #told.said.to_others + allowance end
                        end
                        if bytes > 0 and bytes + weight > most_bytes then return {len, page, seq} end
                        bytes = bytes + weight
                        page[#page + 1] = entry
                    end
                    at = at + 32
                end
                return {len, page, seq}"#,
            ),
            // KEYS: a limit's counter; ARGV: what to add (negative to take back), the window in
            // seconds that starts with its first count ('' to change only a counter there is).
            // A limit's counters need no durability, and writing them to the append-only log
            // made every counted request (a wrong join code, a refused par) an fsync that the
            // next move's append waited behind: they are kept out of the log and replicas
            // (`REPL_NONE`). A restarted Redis, or a replica promoted, starts their windows
            // afresh; an expired counter's deletion is still logged, once a window.
            counter: Script::new(
                r"
                redis.set_repl(redis.REPL_NONE)
                if ARGV[2] == '' and redis.call('EXISTS', KEYS[1]) == 0 then return 0 end
                local n = redis.call('INCRBY', KEYS[1], ARGV[1])
                if ARGV[2] ~= '' then redis.call('EXPIRE', KEYS[1], ARGV[2], 'NX') end
                return n",
            ),
            // KEYS: pars header; ARGV: puzzle key, par JSON. Kept as long as the game's header.
            par: Script::new(
                r"
                redis.call('HSET', KEYS[1], ARGV[1], ARGV[2])
                local ttl = redis.call('TTL', KEYS[2])
                if ttl > 0 then redis.call('EXPIRE', KEYS[1], ttl) end
                return 1",
            ),
            // KEYS: snap header; ARGV: seq, state, chain, time of the last event. Never replaces
            // a newer snapshot; kept as long as the game's header.
            snapshot: Script::new(
                r"
                local current = redis.call('HGET', KEYS[1], 'seq')
                if current and tonumber(current) >= tonumber(ARGV[1]) then return 0 end
                redis.call('HSET', KEYS[1], 'seq', ARGV[1], 'state', ARGV[2], 'chain', ARGV[3], 'at', ARGV[4])
                local ttl = redis.call('TTL', KEYS[2])
                if ttl > 0 then redis.call('EXPIRE', KEYS[1], ttl) end
                return 1",
            ),
        }
    }
}

/// How many large reads (record pages, whole logs) go to Redis at once from one referee: the
/// rest wait here, not in Redis's queue, where a move's command would wait behind them.
const LARGE_READS_AT_ONCE: usize = 2;

/// What a record page counts for a discreet entry of another seat beyond its sentence for
/// others (the seat, the action withheld, the JSON around them): a fixed weight, never the
/// hidden sentence's own length.
pub const DISCREET_ALLOWANCE: usize = 64;

/// Which connection a game is loaded on: a load before a change (a move, a join that may take a
/// seat, an end, and a seat's view, which leads to its move) goes with the changes; a load only
/// to read (a record page, a game's pars, an audit record) goes on the connection of
/// what any client can ask for in a loop, so that a table's moves never queue behind a crowd's
/// reads.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Lane {
    /// Games in play: loads before changes.
    Play,
    /// Reads.
    Read,
}

#[derive(Clone)]
pub struct Store {
    /// The connection for games in play: creating, loading, joining, appending.
    conn: RedisConnection,
    /// A connection of its own for what any client can ask for in a loop (counters of wrong
    /// codes and of requests, record pages, whole logs), so that a move's commands never queue
    /// behind theirs on one pipelined connection.
    side: RedisConnection,
    /// Room for [`LARGE_READS_AT_ONCE`] large reads.
    large_reads: std::sync::Arc<tokio::sync::Semaphore>,
    client: Client,
    scripts: std::sync::Arc<Scripts>,
    /// Replicas that must acknowledge each appended event (single-node deployments with
    /// replicas); 0 relies on the primary's AOF (`appendfsync always`).
    wait_replicas: u32,
}

/// A hash's fields and values read flat (`HGETALL`), with the fields as seat numbers.
fn by_seat(flat: &[String]) -> RedisResult<Vec<(u8, &str)>> {
    flat.chunks(2)
        .filter_map(|pair| match pair {
            [seat, value] => Some((seat, value)),
            _ => None,
        })
        .map(|(seat, value)| {
            let seat =
                seat.parse().map_err(|_| redis::RedisError::from((redis::ErrorKind::Parse, "bad seat field")))?;
            Ok((seat, value.as_str()))
        })
        .collect()
}

/// A counter on `conn` (0 when none) and how long its window has left (zero when none), read
/// in one round trip.
async fn count_and_left(conn: &RedisConnection, counter: &str) -> RedisResult<(u64, Duration)> {
    let (count, left): (Option<u64>, i64) =
        redis::pipe().cmd("GET").arg(counter).cmd("PTTL").arg(counter).query_async(&mut conn.clone()).await?;
    Ok((count.unwrap_or(0), Duration::from_millis(left.max(0) as u64)))
}

/// A log compressed for the archive (DEFLATE).
fn compress(text: &str) -> RedisResult<Vec<u8>> {
    let mut encoder = flate2::write::DeflateEncoder::new(Vec::new(), flate2::Compression::best());
    std::io::Write::write_all(&mut encoder, text.as_bytes())
        .and_then(|()| encoder.finish())
        .map_err(|e| redis::RedisError::from((redis::ErrorKind::Io, "compressing the log", e.to_string())))
}

/// The events of an archived log, read on a bulk thread (the `bulk` crate): a finished game's
/// whole log (5,000 events take milliseconds to inflate and read), which anyone may ask for,
/// must not hold up the calls of games in play.
async fn unarchived(log: Vec<u8>) -> RedisResult<Vec<Event>> {
    bulk::run(move || unarchive(&log))
        .await
        .map_err(|e| redis::RedisError::from((redis::ErrorKind::Io, "reading the archived log", e.to_string())))?
}

/// The events of an archived log.
fn unarchive(log: &[u8]) -> RedisResult<Vec<Event>> {
    let mut text = String::new();
    std::io::Read::read_to_string(&mut flate2::read::DeflateDecoder::new(log), &mut text)
        .map_err(|e| redis::RedisError::from((redis::ErrorKind::Parse, "bad archived log", e.to_string())))?;
    text.lines().map(|line| parse_json(line, "archived event")).collect()
}

fn parse_json<T: serde::de::DeserializeOwned>(text: &str, what: &str) -> RedisResult<T> {
    serde_json::from_str(text).map_err(|e| {
        redis::RedisError::from((redis::ErrorKind::Parse, "stored JSON is damaged", format!("{what}: {e}")))
    })
}

impl Store {
    /// Connects to `urls`: one URL for a single Redis, several (comma-separated) for a cluster.
    pub async fn connect(urls: &str, wait_replicas: u32) -> RedisResult<Store> {
        let nodes: Vec<&str> = urls.split(',').map(str::trim).filter(|u| !u.is_empty()).collect();
        let (conns, client) = if nodes.len() > 1 || urls.starts_with("redis+cluster://") {
            let nodes: Vec<String> = nodes.iter().map(|n| n.replace("redis+cluster://", "redis://")).collect();
            let client = ClusterClientBuilder::new(nodes.clone())
                .response_timeout(RESPONSE_TIMEOUT)
                .connection_timeout(CONNECTION_TIMEOUT)
                .retries(1)
                .build()?;
            let conn = client.get_async_connection().await?;
            let side = client.get_async_connection().await?;
            ((RedisConnection::Cluster(conn), RedisConnection::Cluster(side)), Client::Cluster(nodes))
        } else {
            let client = redis::Client::open(nodes.first().copied().unwrap_or("redis://127.0.0.1:6379"))?;
            let config = ConnectionManagerConfig::new()
                .set_response_timeout(Some(RESPONSE_TIMEOUT))
                .set_connection_timeout(Some(CONNECTION_TIMEOUT))
                .set_number_of_retries(1)
                .set_max_delay(Duration::from_millis(200));
            let conn = ConnectionManager::new_with_config(client.clone(), config.clone()).await?;
            let side = ConnectionManager::new_with_config(client.clone(), config).await?;
            let twins = (Some(side.clone()), Some(conn.clone()));
            ((RedisConnection::Single(conn, twins.0), RedisConnection::Single(side, twins.1)), Client::Single(client))
        };
        let ((conn, side), scripts) = (conns, std::sync::Arc::new(Scripts::new()));
        let large_reads = std::sync::Arc::new(tokio::sync::Semaphore::new(LARGE_READS_AT_ONCE));
        Ok(Store { conn, side, large_reads, client, scripts, wait_replicas })
    }

    /// Room for one large read, waited for (never refused: the semaphore is never closed).
    async fn large_read(&self) -> Option<tokio::sync::SemaphorePermit<'_>> {
        self.large_reads.acquire().await.ok()
    }

    pub fn is_cluster(&self) -> bool {
        matches!(self.client, Client::Cluster(_))
    }

    pub async fn ping(&self) -> RedisResult<()> {
        let mut c = self.conn.clone();
        redis::cmd("PING").query_async::<String>(&mut c).await.map(|_| ())
    }

    /// Whether Redis takes moves now: it takes a short-lived key of its own, and has room for
    /// more than that under its `maxmemory` (full under `noeviction`, Redis answers PING, and
    /// even a tiny write, but refuses every move).
    pub async fn writable(&self) -> RedisResult<()> {
        let mut c = self.conn.clone();
        redis::cmd("SET").arg("referee:probe").arg("1").arg("EX").arg(10).query_async::<String>(&mut c).await?;
        let info: String = redis::cmd("INFO").arg("memory").query_async(&mut c).await?;
        let field =
            |name: &str| info.lines().find_map(|l| l.strip_prefix(name)?.strip_prefix(':')?.trim().parse::<u64>().ok());
        match (field("used_memory"), field("maxmemory")) {
            (Some(used), Some(most)) if most > 0 && used + MEMORY_HEADROOM > most => Err(redis::RedisError::from((
                redis::ErrorKind::Io,
                "Redis is nearly out of memory",
                format!("{used} of {most} bytes"),
            ))),
            _ => Ok(()),
        }
    }

    /// Writes a new game. False if the id is taken.
    pub async fn create(&self, header: &Header, seed_hex: &str) -> RedisResult<bool> {
        let id = &header.game_id;
        let json = serde_json::to_string(header).expect("headers serialize");
        let created: i64 = self
            .scripts
            .create
            .key(key(id, "header"))
            .key(key(id, "seed"))
            .arg(json)
            .arg(seed_hex)
            .invoke_async(&mut self.conn.clone())
            .await?;
        Ok(created == 1)
    }

    /// Reads header, seed, seats, snapshot and the events after it in one atomic round trip.
    pub async fn load(&self, game_id: &str, idempotency_field: Option<&str>) -> RedisResult<Option<Loaded>> {
        self.load_on(Lane::Play, game_id, idempotency_field).await
    }

    /// [`Store::load`] on the connection of `lane`.
    pub async fn load_on(
        &self,
        lane: Lane,
        game_id: &str,
        idempotency_field: Option<&str>,
    ) -> RedisResult<Option<Loaded>> {
        let mut conn = match lane {
            Lane::Play => self.conn.clone(),
            Lane::Read => self.side.clone(),
        };
        let reply: Vec<Value> = self
            .scripts
            .load
            .key(key(game_id, "header"))
            .key(key(game_id, "seed"))
            .key(key(game_id, "seats"))
            .key(key(game_id, "events"))
            .key(key(game_id, "snap"))
            .key(key(game_id, "idem"))
            .key(key(game_id, "reveals"))
            .key(key(game_id, "archive"))
            .arg(idempotency_field.unwrap_or(""))
            .invoke_async(&mut conn)
            .await?;
        let header: Option<String> = redis::from_redis_value(reply.first().cloned().unwrap_or(Value::Nil))?;
        let Some(header) = header else { return Ok(None) };
        if reply.len() != 11 {
            return Err(redis::RedisError::from((redis::ErrorKind::Parse, "unexpected reply from the load script")));
        }
        let mut it = reply.into_iter().skip(1);
        let mut next = || it.next().unwrap_or(Value::Nil);
        let seed_hex: Option<String> = redis::from_redis_value(next())?;
        let seats_flat: Vec<String> = redis::from_redis_value(next())?;
        let snap_seq: Option<u64> = redis::from_redis_value(next())?;
        let snap_state: Option<String> = redis::from_redis_value(next())?;
        let events: Vec<String> = redis::from_redis_value(next())?;
        let prior: Option<String> = redis::from_redis_value(next())?;
        let prior = prior.as_deref().map(PriorUse::parse).transpose()?;
        let reveals_flat: Vec<String> = redis::from_redis_value(next())?;
        let snapshot_chain: Option<String> = redis::from_redis_value(next())?;
        let snapshot_at_ms: Option<u64> = redis::from_redis_value(next())?;
        let archived: Option<Vec<u8>> = redis::from_redis_value(next())?;
        let events = match archived {
            Some(log) => unarchived(log).await?,
            None => events.iter().map(|e| parse_json(e, "event")).collect::<RedisResult<_>>()?,
        };
        let mut seats = BTreeMap::new();
        for (seat, record) in by_seat(&seats_flat)? {
            seats.insert(seat, parse_json(record, "seat")?);
        }
        let reveals = by_seat(&reveals_flat)?.into_iter().map(|(s, hex)| (s, hex.to_string())).collect();
        let snapshot = match (snap_seq, snap_state) {
            (Some(seq), Some(state)) => Some((seq, parse_json(&state, "snapshot")?)),
            _ => None,
        };
        Ok(Some(Loaded {
            header: parse_json(&header, "header")?,
            seed: rules::random::from_hex(seed_hex.as_deref().unwrap_or(""))
                .ok_or_else(|| redis::RedisError::from((redis::ErrorKind::Parse, "bad seed")))?,
            seats,
            reveals,
            snapshot,
            snapshot_chain: snapshot_chain.unwrap_or_default(),
            snapshot_at_ms: snapshot_at_ms.unwrap_or_default(),
            events,
            prior,
        }))
    }

    /// Takes `seat` for a joining player, unless someone has it or the game has started.
    pub async fn claim_seat(&self, game_id: &str, seat: u8, record: &SeatRecord) -> RedisResult<ClaimOutcome> {
        let (claimed, joined): (i64, u64) = self
            .scripts
            .claim
            .key(key(game_id, "seats"))
            .key(key(game_id, "events"))
            .key(key(game_id, "joins"))
            .key(key(game_id, "archive"))
            .arg(seat)
            .arg(serde_json::to_string(record).expect("serializable"))
            .arg(&record.key)
            .invoke_async(&mut self.conn.clone())
            .await?;
        Ok(match claimed {
            1 => ClaimOutcome::Claimed { joined },
            0 => ClaimOutcome::Taken,
            -2 => ClaimOutcome::KeyHeld { seat: joined as u8 },
            _ => ClaimOutcome::Started,
        })
    }

    /// Records the entropy `seat` committed to, unless the game has started or the seat
    /// revealed before.
    pub async fn reveal(&self, game_id: &str, seat: u8, entropy_hex: &str) -> RedisResult<Option<RevealOutcome>> {
        let status: String = self
            .scripts
            .reveal
            .key(key(game_id, "seats"))
            .key(key(game_id, "events"))
            .key(key(game_id, "joins"))
            .key(key(game_id, "reveals"))
            .key(key(game_id, "archive"))
            .arg(seat)
            .arg(entropy_hex)
            .invoke_async(&mut self.conn.clone())
            .await?;
        Ok(match status.as_str() {
            "revealed" => Some(RevealOutcome::Revealed),
            "already" => Some(RevealOutcome::Already),
            "different" => Some(RevealOutcome::Different),
            _ => None,
        })
    }

    /// Keeps every key of the game for `seconds` from now (games expire when left alone).
    pub async fn keep(&self, game_id: &str, seconds: u64) -> RedisResult<()> {
        let mut invocation = self.scripts.keep.prepare_invoke();
        for part in GAME_KEYS {
            invocation.key(key(game_id, part));
        }
        let _: i64 = invocation.arg(seconds).invoke_async(&mut self.conn.clone()).await?;
        Ok(())
    }

    /// Appends `event` if the game is at `event.seq` (compare-and-set), recording the
    /// idempotency field with it (`idempotency`: the field and the fingerprint of what was sent
    /// under it), all in one atomic script.
    pub async fn append(
        &self,
        game_id: &str,
        event: &Event,
        idempotency: Option<(&str, &str)>,
        keep_seconds: u64,
        entries: &Entries,
        limits: AppendLimits,
    ) -> RedisResult<AppendOutcome> {
        let mut invocation = self.scripts.append.prepare_invoke();
        for part in ["events", "idem", "joins", "archive", "played", "bytes", "seats"] {
            invocation.key(key(game_id, part));
        }
        for part in GAME_KEYS {
            invocation.key(key(game_id, part));
        }
        invocation
            .arg(event.seq)
            .arg(idempotency.map_or("", |(field, _)| field))
            .arg(serde_json::to_string(event).expect("serializable"))
            .arg(keep_seconds)
            .arg(limits.most_bytes.unwrap_or(0))
            .arg(entries.before);
        match &entries.seat {
            Some((seat, record)) => invocation.arg(seat).arg(serde_json::to_string(record).expect("serializable")),
            None => invocation.arg("").arg(""),
        };
        invocation.arg(idempotency.map_or("", |(_, sent)| sent));
        for entry in &entries.added {
            invocation.arg(serde_json::to_string(entry).expect("serializable"));
        }
        let reply: Vec<Value> = invocation.invoke_async(&mut self.conn.clone()).await?;
        let mut reply = reply.into_iter();
        let status: String = redis::from_redis_value(reply.next().unwrap_or(Value::Nil))?;
        let second: String = redis::from_redis_value(reply.next().unwrap_or(Value::Nil))?;
        if status == "duplicate" {
            return Ok(AppendOutcome::Duplicate(PriorUse::parse(&second)?));
        }
        let seq: u64 = second.parse().map_err(|_| {
            redis::RedisError::from((redis::ErrorKind::Parse, "unexpected reply from the append script"))
        })?;
        let outcome = match status.as_str() {
            "ok" => AppendOutcome::Appended,
            "full" => AppendOutcome::Full { bytes: seq },
            _ => {
                let texts: Vec<String> = redis::from_redis_value(Value::Array(reply.collect()))?;
                let missed = texts.iter().map(|e| parse_json(e, "event")).collect::<RedisResult<_>>()?;
                AppendOutcome::Stale { current_seq: seq, missed }
            }
        };
        if matches!(outcome, AppendOutcome::Appended) && self.wait_replicas > 0 && !self.is_cluster() {
            let acked: u64 =
                redis::cmd("WAIT").arg(self.wait_replicas).arg(2000).query_async(&mut self.conn.clone()).await?;
            if acked < self.wait_replicas as u64 {
                return Err(redis::RedisError::from((
                    redis::ErrorKind::Io,
                    "too few replicas acknowledged the event",
                    format!("{acked} of {}", self.wait_replicas),
                )));
            }
        }
        Ok(outcome)
    }

    pub async fn save_snapshot(
        &self,
        game_id: &str,
        seq: u64,
        state: &serde_json::Value,
        chain: &str,
        at_ms: u64,
    ) -> RedisResult<()> {
        let _: i64 = self
            .scripts
            .snapshot
            .key(key(game_id, "snap"))
            .key(key(game_id, "header"))
            .arg(seq)
            .arg(state.to_string())
            .arg(chain)
            .arg(at_ms)
            .invoke_async(&mut self.conn.clone())
            .await?;
        Ok(())
    }

    /// The pars worked out so far for a game's puzzles: puzzle key → JSON.
    pub async fn pars(&self, game_id: &str) -> RedisResult<BTreeMap<String, String>> {
        redis::cmd("HGETALL").arg(key(game_id, "pars")).query_async(&mut self.conn.clone()).await
    }

    /// Keeps the par worked out for one puzzle, as long as the game.
    pub async fn save_par(&self, game_id: &str, puzzle: &str, par_json: &str) -> RedisResult<()> {
        let _: i64 = self
            .scripts
            .par
            .key(key(game_id, "pars"))
            .key(key(game_id, "header"))
            .arg(puzzle)
            .arg(par_json)
            .invoke_async(&mut self.conn.clone())
            .await?;
        Ok(())
    }

    /// Event `seq`, from the stream or, once the game is archived, from its archive.
    pub async fn event(&self, game_id: &str, seq: u64) -> RedisResult<Option<Event>> {
        let id = format!("{seq}-1");
        let entries: redis::streams::StreamRangeReply = redis::cmd("XRANGE")
            .arg(key(game_id, "events"))
            .arg(&id)
            .arg(&id)
            .query_async(&mut self.side.clone())
            .await?;
        match entries.ids.first().and_then(|e| e.get::<String>("e")) {
            Some(json) => parse_json(&json, "event").map(Some),
            None => Ok(self.archived(game_id).await?.and_then(|events| events.into_iter().nth(seq as usize))),
        }
    }

    /// The events from `seq` on in the game's stream, at most [`MISSED_EVENTS`] (none once
    /// archived): what a referee that kept the game at `seq` missed (`warm.rs`).
    pub async fn events_since(&self, game_id: &str, seq: u64) -> RedisResult<Vec<Event>> {
        let texts = self.event_texts(&self.conn, game_id, &format!("{seq}-0"), Some(MISSED_EVENTS)).await?;
        texts.iter().map(|json| parse_json(json, "event")).collect()
    }

    /// Every event of the game, from the stream or its archive.
    pub async fn all_events(&self, game_id: &str) -> RedisResult<Vec<Event>> {
        let room = self.large_read().await;
        let texts = self.event_texts(&self.side, game_id, "-", None).await?;
        drop(room);
        if texts.is_empty() {
            return Ok(self.archived(game_id).await?.unwrap_or_default());
        }
        texts.iter().map(|json| parse_json(json, "event")).collect()
    }

    /// The JSON of the events in the game's stream from the id `from` (`-`: the first), at most
    /// `count` of them (none once archived), read on `conn`.
    async fn event_texts(
        &self,
        conn: &RedisConnection,
        game_id: &str,
        from: &str,
        count: Option<usize>,
    ) -> RedisResult<Vec<String>> {
        let mut xrange = redis::cmd("XRANGE");
        xrange.arg(key(game_id, "events")).arg(from).arg("+");
        if let Some(count) = count {
            xrange.arg("COUNT").arg(count);
        }
        let entries: redis::streams::StreamRangeReply = xrange.query_async(&mut conn.clone()).await?;
        Ok(entries.ids.iter().filter_map(|e| e.get::<String>("e")).collect())
    }

    /// The record's entries from `from` on, at most `count` of them and no more than their first
    /// that reach `most_bytes` together (at least one), how many it holds in all (0 for a game
    /// made before the list was kept) and the game's events now (0 once archived). Each entry
    /// weighs what `viewer` may know of it (a discreet entry of another seat: its sentence for
    /// others and [`DISCREET_ALLOWANCE`]), so that where a page ends depends on nothing hidden
    /// from `viewer`.
    pub async fn played(
        &self,
        game_id: &str,
        from: u64,
        count: u64,
        most_bytes: usize,
        viewer: rules::game::Viewer,
    ) -> RedisResult<Played> {
        let _room = self.large_read().await;
        let viewer = match viewer {
            rules::game::Viewer::Seat(seat) => i32::from(seat),
            rules::game::Viewer::Spectator => -1,
            rules::game::Viewer::Everyone => -2,
        };
        let (len, texts, seq): (u64, Vec<String>, u64) = self
            .scripts
            .played
            .key(key(game_id, "played"))
            .key(key(game_id, "events"))
            .arg(from)
            .arg(count)
            .arg(most_bytes)
            .arg(viewer)
            .arg(DISCREET_ALLOWANCE)
            .invoke_async(&mut self.side.clone())
            .await?;
        let entries = texts.iter().map(|t| parse_json(t, "record entry")).collect::<RedisResult<_>>()?;
        Ok(Played { kept: len, entries, seq })
    }

    /// The archived events of a finished game, if it was archived.
    async fn archived(&self, game_id: &str) -> RedisResult<Option<Vec<Event>>> {
        let room = self.large_read().await;
        let log: Option<Vec<u8>> =
            redis::cmd("HGET").arg(key(game_id, "archive")).arg("log").query_async(&mut self.side.clone()).await?;
        drop(room);
        match log {
            Some(log) => unarchived(log).await.map(Some),
            None => Ok(None),
        }
    }

    /// Replaces a finished game's event stream and snapshot by one compressed log, which keeps
    /// the same events in about a quarter of the memory (an 80-ply chess game: ~24 KB of stream
    /// and 7 KB of snapshot become ~4 KB). Loading it replays every event. Returns false when
    /// an event came meanwhile, and does nothing then (the log is only archived when over).
    pub async fn archive(&self, game_id: &str) -> RedisResult<bool> {
        let lines = self.event_texts(&self.conn, game_id, "-", None).await?;
        if lines.is_empty() {
            return Ok(false);
        }
        let count = lines.len();
        // Compressing a long log at the best level takes tens of milliseconds: bulk work.
        let log = bulk::run(move || compress(&lines.join("\n")))
            .await
            .map_err(|e| redis::RedisError::from((redis::ErrorKind::Io, "compressing the log", e.to_string())))??;
        let done: i64 = self
            .scripts
            .archive
            .key(key(game_id, "events"))
            .key(key(game_id, "archive"))
            .key(key(game_id, "snap"))
            .arg(count)
            .arg(log)
            .invoke_async(&mut self.conn.clone())
            .await?;
        Ok(done == 1)
    }

    /// The text kept under `name` (a whole key) by [`Store::keep_text`], if any.
    pub async fn kept_text(&self, name: &str) -> RedisResult<Option<String>> {
        redis::cmd("GET").arg(name).query_async(&mut self.conn.clone()).await
    }

    /// Keeps `text` under `name` (a whole key) for `seconds`.
    pub async fn keep_text(&self, name: &str, text: &str, seconds: u64) -> RedisResult<()> {
        redis::cmd("SET").arg(name).arg(text).arg("EX").arg(seconds).query_async(&mut self.conn.clone()).await
    }

    /// Adds one to a limit's counter `counter` (a whole key) in a window of `window_seconds`
    /// that starts with its first count; returns the count so far. Kept in Redis's memory only,
    /// not in its append-only log (see the `counter` script): a restarted Redis starts the
    /// window afresh.
    pub async fn count(&self, counter: &str, window_seconds: u64) -> RedisResult<u64> {
        self.add_to_counter(&self.side, counter, 1, Some(window_seconds)).await.map(|n| n.max(0) as u64)
    }

    /// Adds one to the counter `counter` as [`Store::count`] does, but written to the
    /// append-only log as well, for a count that must outlive a restart of Redis (a seat's
    /// re-issues, which bound how often a host can replace a seat's entropy).
    pub async fn count_logged(&self, counter: &str, window_seconds: u64) -> RedisResult<u64> {
        let (count, _): (u64, i64) = redis::pipe()
            .cmd("INCR")
            .arg(counter)
            .cmd("EXPIRE")
            .arg(counter)
            .arg(window_seconds)
            .arg("NX")
            .query_async(&mut self.side.clone())
            .await?;
        Ok(count)
    }

    /// Adds `bytes` to the budget counter `counter`, in a window of `window_seconds` that starts
    /// with its first count; returns the count so far. In memory only, as [`Store::count`].
    pub async fn spend(&self, counter: &str, bytes: u64, window_seconds: u64) -> RedisResult<u64> {
        let add = i64::try_from(bytes).unwrap_or(i64::MAX);
        self.add_to_counter(&self.conn, counter, add, Some(window_seconds)).await.map(|n| n.max(0) as u64)
    }

    /// Takes `bytes` back from the budget counter `counter` (counted for what did not go in);
    /// nothing when its window has ended meanwhile.
    pub async fn give_back(&self, counter: &str, bytes: u64) -> RedisResult<()> {
        let take = i64::try_from(bytes).map_or(i64::MIN, |b| -b);
        self.add_to_counter(&self.conn, counter, take, None).await.map(|_| ())
    }

    /// Adds `add` to a limit's counter through the `counter` script: in a window of `window`
    /// seconds from its first count, or, with `None`, only to a counter whose window is open.
    async fn add_to_counter(
        &self,
        conn: &RedisConnection,
        counter: &str,
        add: i64,
        window: Option<u64>,
    ) -> RedisResult<i64> {
        let window = window.map_or(String::new(), |w| w.to_string());
        self.scripts.counter.key(counter).arg(add).arg(window).invoke_async(&mut conn.clone()).await
    }

    /// The budget counter `counter` now, and the seconds until its window ends.
    pub async fn budget_spent(&self, counter: &str) -> RedisResult<(u64, u64)> {
        let (spent, left) = count_and_left(&self.conn, counter).await?;
        // Whole seconds as Redis's `TTL` gives them: the nearest, a half rounded up.
        Ok((spent, (left.as_millis() as u64 + 500) / 1000))
    }

    /// The counter `counter` in its current window (0 when none), and how long that window has
    /// left (zero when none): one round trip.
    pub async fn counted(&self, counter: &str) -> RedisResult<(u64, Duration)> {
        count_and_left(&self.side, counter).await
    }

    /// A connection of its own for a watcher's blocking reads, so they never hold up the
    /// shared connection.
    pub async fn watch_connection(&self) -> RedisResult<RedisConnection> {
        let timeout = WATCH_BLOCK + Duration::from_secs(5);
        match &self.client {
            Client::Single(client) => {
                let config = ConnectionManagerConfig::new().set_response_timeout(Some(timeout));
                Ok(RedisConnection::Single(ConnectionManager::new_with_config(client.clone(), config).await?, None))
            }
            Client::Cluster(nodes) => {
                let watcher = ClusterClientBuilder::new(nodes.clone()).response_timeout(timeout).build()?;
                Ok(RedisConnection::Cluster(watcher.get_async_connection().await?))
            }
        }
    }

    /// Waits (at most [`WATCH_BLOCK`]) for the game to change after its first `from_seq` events
    /// and `joined` table changes; `None` when nothing did meanwhile. The events read come
    /// back with it (at most [`MISSED_EVENTS`]), so that a follower catches up without reading
    /// the game.
    pub async fn wait_for_changes(
        conn: &mut RedisConnection,
        game_id: &str,
        from_seq: u64,
        joined: u64,
    ) -> RedisResult<Option<Changes>> {
        // XREAD returns entries with ids strictly greater than the ones given.
        let after_event = if from_seq == 0 { "0-0".to_string() } else { format!("{}-1", from_seq - 1) };
        let after_join = if joined == 0 { "0-0".to_string() } else { format!("{joined}-1") };
        let events_key = key(game_id, "events");
        let reply: Option<redis::streams::StreamReadReply> = redis::cmd("XREAD")
            .arg("COUNT")
            .arg(MISSED_EVENTS)
            .arg("BLOCK")
            .arg(WATCH_BLOCK.as_millis() as u64)
            .arg("STREAMS")
            .arg(&events_key)
            .arg(key(game_id, "joins"))
            .arg(after_event)
            .arg(after_join)
            .query_async(conn)
            .await?;
        let Some(reply) = reply.filter(|r| r.keys.iter().any(|k| !k.ids.is_empty())) else { return Ok(None) };
        let mut changes = Changes::default();
        for stream in reply.keys {
            if stream.key != events_key {
                changes.table |= !stream.ids.is_empty();
                continue;
            }
            for entry in stream.ids {
                let json: String = entry.get("e").unwrap_or_default();
                changes.events.push(parse_json(&json, "event")?);
            }
        }
        Ok(Some(changes))
    }
}
