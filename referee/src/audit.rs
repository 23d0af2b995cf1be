//! The audit record of a finished game, and its verifier: anyone holding the record can check
//! that every draw follows from the seed the referee committed to, that the record is the one
//! whose chain the players' phones saw, and that the rules accept every recorded action, tell
//! it as recorded and reach the recorded outcome.

use crate::chain::{CHAIN_2, ChainHeader, Linker, chain_start};
use crate::current::recorded_form;
use crate::draws::{DERIVATION_3, rederive, replay_event};
use crate::signing;
use crate::store::{Event, EventBody, SeatStatement};
use rules::game::{DynGame, Outcome};
use rules::random::{GameKey, Replay, commitment, from_hex, to_hex};
use serde::{Deserialize, Serialize};
use sha2::Digest;
use std::collections::{BTreeMap, BTreeSet};

pub const AUDIT_FORMAT: &str = "table-referee-audit/v1";

#[derive(Clone, Debug, Serialize, Deserialize, PartialEq)]
pub struct AuditRecord {
    pub format: String,
    pub game_id: String,
    pub rules: String,
    pub rules_version: u32,
    pub options: serde_json::Value,
    /// The options exactly as written at creation, which chain 2 binds (absent before).
    #[serde(default, skip_serializing_if = "String::is_empty")]
    pub options_text: String,
    pub seat_count: u8,
    /// Published at creation: SHA-256 of the seed, hex.
    pub commitment: String,
    /// Revealed now that the game is over, hex.
    pub seed: String,
    /// Each seat's entropy contribution, hex, in seat order.
    pub entropy: Vec<String>,
    /// Each seat's commitment to its entropy (SHA-256, hex) when it committed at joining and
    /// revealed later; empty where the seat sent its entropy in the clear or none.
    #[serde(default)]
    pub entropy_commitments: Vec<String>,
    /// How each event's draws are derived: 1 from the event number, 2 also from the seat
    /// acting and its action (`docs/randomness.md`, Step 2). Records made before say nothing: 1.
    #[serde(default = "version_1")]
    pub derivation: u8,
    /// How the record is chained (`chain.rs`): 1 or 2. Records made before say nothing: 1.
    #[serde(default = "version_1")]
    pub chain: u8,
    /// Nobody moved for the referee's `REFEREE_ABANDONED_AFTER`: the game was closed without
    /// an outcome.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub abandoned: bool,
    pub events: Vec<Event>,
    pub outcome: Option<Outcome>,
}

fn version_1() -> u8 {
    1
}

impl AuditRecord {
    /// What the record's first link binds.
    pub fn chain_header(&self) -> ChainHeader<'_> {
        ChainHeader {
            version: self.chain,
            game_id: &self.game_id,
            commitment: &self.commitment,
            rules: &self.rules,
            rules_version: self.rules_version,
            derivation: self.derivation,
            seat_count: self.seat_count,
            options_text: &self.options_text,
        }
    }
}

/// The game key from a seed and the seats' contributions (hex), as `docs/randomness.md` says.
pub fn game_key(seed: &[u8], entropy_hex: &[String]) -> Option<GameKey> {
    let contributions: Vec<Vec<u8>> = entropy_hex.iter().map(|h| from_hex(h)).collect::<Option<_>>()?;
    let refs: Vec<&[u8]> = contributions.iter().map(Vec::as_slice).collect();
    Some(GameKey::derive(seed, &refs))
}

/// What `verify` found, line by line; `ok` is false at the first failure. Lines starting
/// `warning:` say what the record cannot vouch for without failing it.
pub struct Verification {
    pub lines: Vec<String>,
    pub ok: bool,
}

pub fn verify(record: &AuditRecord) -> Verification {
    verify_with(record, &[])
}

/// [`verify`], also checking the chain against links players kept (`checkpoints`: the chain
/// after that many events, as their views showed it).
pub fn verify_with(record: &AuditRecord, checkpoints: &[(u64, String)]) -> Verification {
    let mut lines = Vec::new();
    match checks(record, checkpoints, &mut lines) {
        Ok(()) => Verification { lines, ok: true },
        Err(why) => {
            lines.push(format!("FAILED: {why}"));
            Verification { lines, ok: false }
        }
    }
}

/// Every check in order, each adding its lines; the first failure stops them.
fn checks(record: &AuditRecord, checkpoints: &[(u64, String)], lines: &mut Vec<String>) -> Result<(), String> {
    let (seed, game) = check_header(record, lines)?;
    let key = check_entropy(record, &seed, lines)?;
    let signers = check_joins(record, lines)?;
    check_draws(record, key, lines)?;
    lines.push(verify_chain(record, &seed, checkpoints)?);
    let (actions, outcome) = replay(game, record, signers, lines)?;
    lines.push(format!(
        "replay: the {} rules accept all {actions} action(s), asking for exactly the recorded draws{}: ok",
        record.rules,
        if record.chain >= CHAIN_2 { " and telling each as recorded" } else { "" }
    ));
    if outcome != record.outcome {
        let told = |o: &Option<Outcome>| o.as_ref().map_or_else(|| "no outcome".to_string(), |o| o.reason.clone());
        let (replayed, recorded) = (told(&outcome), told(&record.outcome));
        return Err(if replayed == recorded {
            format!("the replay ends with {replayed}, as recorded, but with other results for the seats")
        } else {
            format!("the replay ends with {replayed}, but the record says {recorded}")
        });
    }
    lines.push(format!("outcome: {}: ok", how_it_ended(record, outcome)?));
    if record.abandoned {
        lines.push(format!(
            "warning: the record says nobody moved after event {} and the referee closed the game as abandoned: no link binds that, and the same record cut short after the links the players kept would read the same, so the last link each phone kept must be this record's last",
            record.events.len().saturating_sub(1)
        ));
    }
    Ok(())
}

/// How the game ended, in words: its outcome (the replay's, equal to the record's), the host's
/// end, or abandonment. A record is released only once its game is over, so one with none of
/// them was cut short; and a game finished or ended is not abandoned.
fn how_it_ended(record: &AuditRecord, outcome: Option<Outcome>) -> Result<String, String> {
    let ended = record.events.last().is_some_and(|e| matches!(e.body, EventBody::End));
    if record.abandoned && (outcome.is_some() || ended) {
        let how = if ended { "ended by its host" } else { "finished" };
        return Err(format!("the record says the game was abandoned, but it was {how}"));
    }
    match outcome {
        Some(o) => Ok(o.reason),
        None if ended => Ok("no outcome: the host ended the game".into()),
        None if record.abandoned => Ok("abandoned, no outcome".into()),
        None => Err(format!(
            "the record stops after event {} with no outcome, no end by the host and no abandonment, but a record is released only once its game is over: it was cut short",
            record.events.len().saturating_sub(1)
        )),
    }
}

/// The format, the seed against its commitment, the rules and their version, and (chain 2)
/// the options text the chain binds. Returns the seed and the rules.
fn check_header(record: &AuditRecord, lines: &mut Vec<String>) -> Result<(Vec<u8>, &'static dyn DynGame), String> {
    if record.format != AUDIT_FORMAT {
        return Err(format!("the record's format is \"{}\", not {AUDIT_FORMAT}", crate::errors::echo(&record.format)));
    }
    let seed = from_hex(&record.seed).ok_or("the seed is not hex")?;
    let computed = to_hex(&commitment(&seed));
    if computed != record.commitment {
        return Err(format!("SHA-256 of the seed is {computed}, but the commitment was {}", record.commitment));
    }
    lines.push(format!("commitment: SHA-256 of the revealed seed is {computed}, as published: ok"));
    let game = rules::games::find(&record.rules).ok_or_else(|| format!("unknown rules {}", record.rules))?;
    let plays = game.info().version;
    if record.rules_version != plays {
        return Err(format!(
            "the game was recorded under version {} of the {} rules, and this verifier plays version {plays}: check it with the referee of that version",
            record.rules_version, record.rules
        ));
    }
    if record.chain > CHAIN_2 || !(1..=DERIVATION_3).contains(&record.derivation) {
        return Err(format!(
            "chain {} with derivation {} is newer than this verifier knows",
            record.chain, record.derivation
        ));
    }
    // Chain 2 and derivation 3 came together: a game has both or neither. A chain 2 record
    // relabelled chain 1 (its signatures and seats' statements dropped) keeps derivation 3,
    // which its draws need.
    if (record.chain >= CHAIN_2) != (record.derivation >= DERIVATION_3) {
        return Err(format!(
            "the record says chain {} with derivation {}, but derivation 3 exists only with chain 2, and chain 2 only with derivation 3: it was relabelled",
            record.chain, record.derivation
        ));
    }
    if record.chain >= CHAIN_2 {
        let written: serde_json::Value = serde_json::from_str(&record.options_text)
            .map_err(|e| format!("the options text the chain binds is not JSON: {e}"))?;
        if written != record.options {
            return Err("the options differ from the options text the chain binds".into());
        }
        if record.seat_count as usize != record.entropy.len() {
            return Err(format!("{} seats, but entropy for {}", record.seat_count, record.entropy.len()));
        }
    } else {
        lines.push(
            "warning: this record uses chain 1 (made before chain 2): its options, draws, times and sentences are outside the chain, and its links show every action".into(),
        );
        lines.push(
            "warning: no action in this record is signed (chain 1 has no signatures): every action rests on the referee's word, and only links the players kept tell this record from a chain 2 record relabelled".into(),
        );
    }
    Ok((seed, game))
}

/// Each revealed entropy against its commitment, the entropy the start mixed in (chain 2: as
/// the start recorded it, seat by seat), a warning for each seat that gave none; the game key.
fn check_entropy(record: &AuditRecord, seed: &[u8], lines: &mut Vec<String>) -> Result<GameKey, String> {
    start_agrees(record)?;
    let started = record.events.first().is_some_and(|e| matches!(e.body, EventBody::Start { .. }));
    // A game whose rules draw nothing starts when its seats have joined, without the reveals.
    let draws_nothing = rules::games::find(&record.rules).is_some_and(|g| g.info().random.is_empty());
    for (seat, committed) in record.entropy_commitments.iter().enumerate().filter(|(_, c)| !c.is_empty()) {
        let given = record.entropy.get(seat).map_or("", String::as_str);
        if started && given.is_empty() && draws_nothing {
            lines.push(format!(
                "entropy: seat {} sealed entropy when joining; this game draws nothing, so it started when every seat \
                 had joined and the share, which nothing would use, was never asked for",
                seat + 1
            ));
            continue;
        }
        if started && given.is_empty() {
            lines.push(format!(
                "warning: seat {} committed to entropy and had not revealed it when the table stopped waiting \
                 (a closed phone): the game started without its share, recorded as none, so its share of the \
                 draws rests on the others' entropy and the referee's seed",
                seat + 1
            ));
            continue;
        }
        let revealed = from_hex(given).unwrap_or_default();
        let hashed = to_hex(&sha2::Sha256::digest(&revealed));
        if &hashed != committed {
            return Err(format!(
                "seat {}'s revealed entropy hashes to {hashed}, but it committed to {committed}",
                seat + 1
            ));
        }
        lines.push(format!("entropy: seat {}'s revealed entropy matches its commitment: ok", seat + 1));
    }
    let committed = |seat: usize| record.entropy_commitments.get(seat).is_some_and(|c| !c.is_empty());
    let without = record.entropy.iter().enumerate().filter(|(seat, e)| started && e.is_empty() && !committed(*seat));
    for (seat, _) in without {
        lines.push(format!(
            "warning: seat {} gave no entropy of its own: its share of the draws rests on the referee's seed",
            seat + 1
        ));
    }
    let key = game_key(seed, &record.entropy).ok_or("an entropy value is not hex")?;
    lines.push(format!("game key: derived from the seed and {} entropy contribution(s)", record.entropy.len()));
    Ok(key)
}

/// The start event (which the chain binds) recorded the same entropy as the record's top-level
/// `entropy` (which no link binds), and in chain 2 the same entropy commitments, seat by seat.
fn start_agrees(record: &AuditRecord) -> Result<(), String> {
    let Some(Event { body: EventBody::Start { entropy, seats }, .. }) = record.events.first() else { return Ok(()) };
    if *entropy != record.entropy {
        return Err("the entropy the start recorded differs from the record's entropy".into());
    }
    if record.chain < CHAIN_2 {
        return Ok(());
    }
    let committed: Vec<&str> = seats.iter().map(|s| s.entropy_commitment.as_str()).collect();
    let listed: Vec<&str> = record.entropy_commitments.iter().map(String::as_str).collect();
    if seats.len() != record.seat_count as usize || committed != listed {
        return Err("the entropy commitments the start recorded differ from the record's".into());
    }
    Ok(())
}

/// The keys seats signed with, and the idempotency keys each has used (chain 2).
struct Signers {
    keys: Vec<String>,
    /// Every key given so far, with the seat it was given for: a signature does not name its
    /// seat, so a key speaks for one seat of a game, for the whole game.
    holders: BTreeMap<String, u8>,
    used: BTreeSet<(u8, String)>,
    signed: usize,
}

/// Chain 2: each seat's join signature over what the start recorded of it, and a warning for
/// each seat that signs nothing. Returns the seats' keys.
fn check_joins(record: &AuditRecord, lines: &mut Vec<String>) -> Result<Signers, String> {
    let mut signers = Signers { keys: Vec::new(), holders: BTreeMap::new(), used: BTreeSet::new(), signed: 0 };
    let Some(Event { body: EventBody::Start { seats, .. }, .. }) = record.events.first() else { return Ok(signers) };
    if record.chain < CHAIN_2 {
        return Ok(signers);
    }
    for (seat, statement) in seats.iter().enumerate() {
        signers.keys.push(statement.key.clone());
        if statement.key.is_empty() {
            lines.push(format!(
                "warning: seat {} joined without a key: nothing shows its actions are its own but the referee's word",
                seat + 1
            ));
            continue;
        }
        // Entropy sent in the clear was part of the join; committed entropy came later.
        let clear = if statement.entropy_commitment.is_empty() { record.entropy[seat].as_str() } else { "" };
        check_join_signature(&record.game_id, statement, clear)
            .map_err(|why| format!("seat {}'s join signature: {why}", seat + 1))?;
        signers.hold(seat as u8, &statement.key)?;
    }
    let keyed = signers.keys.iter().filter(|k| !k.is_empty()).count();
    lines.push(format!("keys: {keyed} of {} seat(s) joined with a key, each join signed by it: ok", seats.len()));
    Ok(signers)
}

/// A join's signature by the key it gave, over what it said (`clear`: entropy it sent in the
/// clear, hex).
fn check_join_signature(game_id: &str, statement: &SeatStatement, clear: &str) -> Result<(), String> {
    let message = signing::join_message(game_id, &statement.key, &statement.entropy_commitment, clear, &statement.name);
    let signature = from_hex(&statement.signature).unwrap_or_default();
    signing::check(&statement.key, &message, &signature)
}

impl Signers {
    /// Notes that `seat` holds `key`; refuses a key another seat holds or held.
    fn hold(&mut self, seat: u8, key: &str) -> Result<(), String> {
        match self.holders.get(key) {
            Some(&other) if other != seat => Err(format!(
                "seats {} and {} joined with the same key: a signature does not name its seat, so an action of either could be recorded as the other's",
                other + 1,
                seat + 1
            )),
            Some(_) => Ok(()),
            None => {
                self.holders.insert(key.to_string(), seat);
                Ok(())
            }
        }
    }

    /// A seat handed to a new phone: after the host re-issued its code (`vacant`), the new
    /// phone's join signed by the key it gave (none: the seat signs nothing from here), which
    /// then signs the seat's actions.
    fn rejoin(&mut self, record: &AuditRecord, event: &Event, vacant: &mut BTreeSet<u8>) -> Result<(), String> {
        let EventBody::Rejoined { seat, statement, .. } = &event.body else { return Ok(()) };
        let seq = event.seq;
        if !vacant.remove(seat) {
            return Err(format!(
                "event {seq}: a new phone took seat {}, whose code the host had not re-issued",
                seat + 1
            ));
        }
        if record.chain >= CHAIN_2 && !statement.key.is_empty() {
            check_join_signature(&record.game_id, statement, "")
                .map_err(|why| format!("event {seq}: seat {}'s new join signature: {why}", seat + 1))?;
            self.hold(*seat, &statement.key).map_err(|why| format!("event {seq}: {why}"))?;
        }
        if let Some(key) = self.keys.get_mut(*seat as usize) {
            *key = statement.key.clone();
        }
        Ok(())
    }

    /// A signed action: its signature by the seat's key over what it sent, its idempotency key
    /// used once, the sequence number it signed still fresh for it when it was recorded (as
    /// the referee requires), and what it sent recorded as the rules write it.
    fn check(
        &mut self,
        game: &dyn DynGame,
        state: &rules::game::AnyState,
        record: &AuditRecord,
        event: &Event,
    ) -> Result<(), String> {
        let EventBody::Action { seat, action, key: idempotency, .. } = &event.body else { return Ok(()) };
        let seq = event.seq;
        let key = self.keys.get(*seat as usize).map(String::as_str).unwrap_or("");
        let Some(signed) = &event.signed else {
            return if key.is_empty() {
                Ok(())
            } else {
                Err(format!("event {seq}: seat {} signs its actions, but this one is unsigned", seat + 1))
            };
        };
        if key.is_empty() {
            return Err(format!("event {seq}: a signature from seat {}, which joined without a key", seat + 1));
        }
        let message = signing::action_message(&record.game_id, signed.seq, idempotency, &signed.action);
        let signature = from_hex(&signed.signature).unwrap_or_default();
        signing::check(key, &message, &signature).map_err(|why| format!("event {seq}: {why}"))?;
        if idempotency.is_empty() || !self.used.insert((*seat, idempotency.clone())) {
            return Err(format!("event {seq}: seat {}'s signed action is recorded twice", seat + 1));
        }
        let fresh_from = 1 + game.changed_for(state, *seat);
        if signed.seq < fresh_from || signed.seq > seq {
            return Err(format!(
                "event {seq}: seat {} signed it after {} events, which was no longer its view of the game",
                seat + 1,
                signed.seq
            ));
        }
        let sent = recorded_form(game, state, *seat, &signed.action);
        if sent != *action {
            return Err(format!(
                "event {seq}: seat {} signed \"{}\", but {action} is recorded",
                seat + 1,
                signed.action
            ));
        }
        self.signed += 1;
        Ok(())
    }
}

/// Re-derives every recorded draw from the game key, each from its stream.
fn check_draws(record: &AuditRecord, key: GameKey, lines: &mut Vec<String>) -> Result<(), String> {
    let mut by_seat: std::collections::BTreeMap<u8, u64> = std::collections::BTreeMap::new();
    for event in &record.events {
        let count = match &event.body {
            EventBody::Action { seat, .. } => {
                let n = by_seat.entry(*seat).or_default();
                *n += 1;
                *n - 1
            }
            _ => 0,
        };
        rederive(record.derivation, key, event, count)?;
    }
    let draws: usize = record.events.iter().map(|e| e.draws.len() + e.round_draws.len()).sum();
    let with_draws = record.events.iter().filter(|e| !e.draws.is_empty() || !e.round_draws.is_empty()).count();
    lines.push(format!("draws: {draws} draw(s) in {with_draws} event(s) re-derived from the seed: ok"));
    Ok(())
}

/// Checks the record's chain: each event's stored link, and the links players saw during the
/// game (`checkpoints`: the chain after that many events). Returns what was checked.
pub fn verify_chain(record: &AuditRecord, seed: &[u8], checkpoints: &[(u64, String)]) -> Result<String, String> {
    if record.chain < CHAIN_2 && record.events.iter().all(|e| e.chain.is_empty()) && checkpoints.is_empty() {
        return Ok("chain: this game was recorded before events were chained; nothing to check".into());
    }
    let linker = Linker { version: record.chain, seed };
    let mut link = chain_start(&record.chain_header());
    let mut links = vec![link.clone()];
    for event in &record.events {
        link = linker.link(&link, event);
        if event.chain != link {
            return Err(format!(
                "event {}'s chain link is {}, but the events before it and the event itself give {link}",
                event.seq, event.chain
            ));
        }
        links.push(link.clone());
    }
    for (seq, seen) in checkpoints {
        match links.get(*seq as usize) {
            Some(l) if l == seen => {}
            Some(l) => {
                return Err(format!(
                    "the checkpoint after {seq} events was {seen}, but this record gives {l}: the record was changed after that point"
                ));
            }
            None => return Err(format!("the checkpoint after {seq} events is beyond the record's end")),
        }
    }
    let opened = if record.chain >= CHAIN_2 { ", every commitment opened with its salt from the seed" } else { "" };
    Ok(format!(
        "chain: all {} event links hold{opened}, ending {link}{}",
        record.events.len(),
        match checkpoints.len() {
            0 => String::new(),
            n => {
                let latest = checkpoints.iter().map(|(seq, _)| *seq).max().unwrap_or(0);
                let short = (latest < record.events.len() as u64).then(|| {
                    format!(
                        "; the latest is after {latest} of its {} events, so the events after it rest on the referee's word",
                        record.events.len()
                    )
                });
                format!(", and the record extends all {n} checkpoint(s): ok{}", short.unwrap_or_default())
            }
        }
    ))
}

/// A round closed at its deadline: the rules must have had a round with a deadline open, and
/// the closing must have been recorded no earlier than the deadline after the event that
/// opened the round (by the times in the record, which chain 2 binds).
fn check_deadline(
    game: &dyn DynGame,
    state: &rules::game::AnyState,
    record: &AuditRecord,
    event: &Event,
) -> Result<(), String> {
    let seq = event.seq;
    let (opened, seconds) = game
        .round_deadline(state)
        .ok_or_else(|| format!("event {seq} closes a round at a deadline, but none was open"))?;
    let opened_at = record.events.get(opened as usize).map_or(0, |e| e.at_ms);
    if event.at_ms < opened_at + u64::from(seconds) * 1000 {
        return Err(format!(
            "event {seq} closed the round {} ms after event {opened} opened it, before its deadline of {seconds} s",
            event.at_ms.saturating_sub(opened_at)
        ));
    }
    Ok(())
}

/// Replays the record through the rules with its recorded draws; in chain 2 each action must
/// be told as recorded (chain 1 records only get a warning, as their sentences were not bound)
/// and each signature must hold.
fn replay(
    game: &dyn DynGame,
    record: &AuditRecord,
    mut signers: Signers,
    lines: &mut Vec<String>,
) -> Result<(usize, Option<Outcome>), String> {
    let mut events = record.events.iter().peekable();
    let start = events.next().ok_or("the record has no start event")?;
    if start.seq == 0 && matches!(start.body, EventBody::End) && events.peek().is_none() {
        // Ended by the host before every seat had joined: nothing was drawn or played.
        return Ok((0, None));
    }
    if start.seq != 0 || !matches!(start.body, EventBody::Start { .. }) {
        return Err("the first event is not the start of the game".into());
    }
    let mut rng = Replay::new(&start.draws);
    let mut state = game.setup(&record.options, &mut rng).map_err(|e| format!("setup: {e}"))?;
    if !rng.finished_cleanly() {
        return Err("setup asked for other draws than were recorded".into());
    }
    let (mut actions, mut told_otherwise, mut ended) = (0, 0, false);
    // Seats whose code the host re-issued, until a new phone takes them.
    let mut vacant = BTreeSet::new();
    let last = record.events.len() as u64 - 1;
    for (expected_seq, event) in (1..).zip(events) {
        if event.seq != expected_seq {
            return Err(format!("event {} is out of order (expected {expected_seq})", event.seq));
        }
        match &event.body {
            EventBody::Action { seat, .. } => {
                if vacant.contains(seat) {
                    return Err(format!(
                        "event {}: seat {} acted while its seat waited for a new phone",
                        event.seq,
                        seat + 1
                    ));
                }
                signers.check(game, &state, record, event)?;
                if !replay_action(game, &mut state, record, event)? {
                    told_otherwise += 1;
                }
            }
            EventBody::Deadline => {
                check_deadline(game, &state, record, event)?;
                replay_event(game, &mut state, event, record.derivation)?;
            }
            EventBody::End if event.seq == last => {
                ended = true;
                break;
            }
            EventBody::End => return Err(format!("event {}: the game was ended, yet events follow", event.seq)),
            EventBody::Reissued { seat, .. } | EventBody::Rejoined { seat, .. } => {
                if *seat >= record.seat_count {
                    return Err(format!("event {}: there is no seat {}", event.seq, seat + 1));
                }
                if matches!(event.body, EventBody::Reissued { .. }) {
                    vacant.insert(*seat);
                }
                signers.rejoin(record, event, &mut vacant)?;
                replay_event(game, &mut state, event, record.derivation)?;
                continue;
            }
            EventBody::Start { .. } => return Err(format!("event {} is a second start", event.seq)),
        }
        actions += 1;
    }
    if signers.signed > 0 {
        lines.push(format!("signatures: {} signed action(s), each by its seat's key: ok", signers.signed));
    }
    if told_otherwise > 0 {
        lines.push(format!(
            "warning: {told_otherwise} action(s) were told in other words than the rules now use (chain 1 does not bind the words)"
        ));
    }
    Ok((actions, if ended { None } else { game.outcome(&state) }))
}

/// Replays one action: the rules must write it as recorded and, in chain 2, tell it as the
/// record says the table heard it. Returns whether the words agree (chain 1 only warns).
fn replay_action(
    game: &dyn DynGame,
    state: &mut rules::game::AnyState,
    record: &AuditRecord,
    event: &Event,
) -> Result<bool, String> {
    let EventBody::Action { action, description, .. } = &event.body else { return Ok(true) };
    let applied = replay_event(game, state, event, record.derivation)?.expect("an action is applied");
    if applied.action != *action {
        return Err(format!("event {}: recorded as {action} but the rules write it {}", event.seq, applied.action));
    }
    if applied.description == *description {
        return Ok(true);
    }
    if record.chain >= CHAIN_2 {
        return Err(format!(
            "event {}: the table was told \"{description}\", but the rules and the draws say \"{}\"",
            event.seq, applied.description
        ));
    }
    Ok(false)
}
