//! The audit record of a finished game, and its verifier: anyone holding the record can check
//! that every draw follows from the seed the referee committed to, and that the rules accept
//! every recorded action and reach the recorded outcome.

use crate::store::{Event, EventBody, event_rng};
use rules::game::{DynGame, Outcome};
use rules::random::{GameKey, RandomSource, Replay, commitment, from_hex, to_hex};
use serde::{Deserialize, Serialize};
use sha2::Digest;

pub const AUDIT_FORMAT: &str = "table-referee-audit/v1";

/// The record's chain before its first event: `SHA-256("table-referee/v1/chain\n" || game id
/// || "\n" || commitment)`, hex (`docs/randomness.md`, "The record's chain").
pub fn chain_start(game_id: &str, commitment: &str) -> String {
    to_hex(&sha2::Sha256::digest(format!("table-referee/v1/chain\n{game_id}\n{commitment}").as_bytes()))
}

/// The chain after `event`: `SHA-256(previous link || "\n" || the event's text)`, hex.
pub fn chain_link(previous: &str, event: &Event) -> String {
    to_hex(&sha2::Sha256::digest(format!("{previous}\n{}", event_text(event)).as_bytes()))
}

/// An event as the chain hashes it, one field a line: the number, the seat (`-` for the
/// start), the action as recorded (`start` for the start), and the entropy in seat order
/// (comma-separated hex; empty for actions). The draws are left out: views carry the links
/// while the game is on, and a hidden shuffle of a few cards could be found by trying each
/// order against a link; derivation 2 already ties every draw to the seed, the seat and the
/// action, which the chain covers. The time and the sentence are not part of it either.
pub fn event_text(event: &Event) -> String {
    let (seat, action, entropy) = match &event.body {
        EventBody::Start { entropy } => ("-".to_string(), "start", entropy.join(",")),
        EventBody::Action { seat, action, .. } => (seat.to_string(), action.as_str(), String::new()),
        EventBody::End => ("-".to_string(), "end", String::new()),
        EventBody::Deadline => ("-".to_string(), rules::game::DEADLINE, String::new()),
    };
    format!("{}\n{seat}\n{action}\n{entropy}", event.seq)
}

/// Checks the record's chain: each event's stored link, and the links players saw during the
/// game (`checkpoints`: the chain after that many events). Returns what was checked.
pub fn verify_chain(record: &AuditRecord, checkpoints: &[(u64, String)]) -> Result<String, String> {
    if record.events.iter().all(|e| e.chain.is_empty()) && checkpoints.is_empty() {
        return Ok("chain: this game was recorded before events were chained; nothing to check".into());
    }
    let mut link = chain_start(&record.game_id, &record.commitment);
    let mut links = vec![link.clone()];
    for event in &record.events {
        link = chain_link(&link, event);
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
    Ok(format!(
        "chain: all {} event links hold, ending {link}{}",
        record.events.len(),
        match checkpoints.len() {
            0 => String::new(),
            n => format!(", and the record extends all {n} checkpoint(s): ok"),
        }
    ))
}

#[derive(Clone, Debug, Serialize, Deserialize, PartialEq)]
pub struct AuditRecord {
    pub format: String,
    pub game_id: String,
    pub rules: String,
    pub rules_version: u32,
    pub options: serde_json::Value,
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
    #[serde(default = "derivation_1")]
    pub derivation: u8,
    pub events: Vec<Event>,
    pub outcome: Option<Outcome>,
}

/// The game key from a seed and the seats' contributions (hex), as `docs/randomness.md` says.
fn derivation_1() -> u8 {
    1
}

pub fn game_key(seed: &[u8], entropy_hex: &[String]) -> Option<GameKey> {
    let contributions: Vec<Vec<u8>> = entropy_hex.iter().map(|h| from_hex(h)).collect::<Option<_>>()?;
    let refs: Vec<&[u8]> = contributions.iter().map(Vec::as_slice).collect();
    Some(GameKey::derive(seed, &refs))
}

/// What `verify` found, line by line; `ok` is false at the first failure.
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
    let fail = |mut lines: Vec<String>, why: String| {
        lines.push(format!("FAILED: {why}"));
        Verification { lines, ok: false }
    };
    if record.format != AUDIT_FORMAT {
        return fail(lines, format!("unknown record format {:?}", record.format));
    }
    let Some(seed) = from_hex(&record.seed) else { return fail(lines, "the seed is not hex".into()) };
    let computed = to_hex(&commitment(&seed));
    if computed != record.commitment {
        return fail(lines, format!("SHA-256 of the seed is {computed}, but the commitment was {}", record.commitment));
    }
    lines.push(format!("commitment: SHA-256 of the revealed seed is {computed}, as published: ok"));
    for (seat, committed) in record.entropy_commitments.iter().enumerate().filter(|(_, c)| !c.is_empty()) {
        let revealed = record.entropy.get(seat).and_then(|h| from_hex(h)).unwrap_or_default();
        let hashed = to_hex(&sha2::Sha256::digest(&revealed));
        if &hashed != committed {
            return fail(
                lines,
                format!("seat {}'s revealed entropy hashes to {hashed}, but it committed to {committed}", seat + 1),
            );
        }
        lines.push(format!("entropy: seat {}'s revealed entropy matches its commitment: ok", seat + 1));
    }
    let Some(key) = game_key(&seed, &record.entropy) else { return fail(lines, "an entropy value is not hex".into()) };
    lines.push(format!("game key: derived from the seed and {} entropy contribution(s)", record.entropy.len()));

    let mut draw_count = 0;
    for event in &record.events {
        let mut rng = event_rng(record.derivation, key, event.seq, &event.context());
        for (i, draw) in event.draws.iter().enumerate() {
            let value = rng.below(draw.bound);
            if value != draw.value {
                return fail(
                    lines,
                    format!(
                        "event {}, draw {}: recorded {} (of {}), but the seed gives {value}",
                        event.seq,
                        i + 1,
                        draw.value,
                        draw.bound
                    ),
                );
            }
            draw_count += 1;
        }
    }
    let with_draws = record.events.iter().filter(|e| !e.draws.is_empty()).count();
    lines.push(format!("draws: {draw_count} draw(s) in {with_draws} event(s) re-derived from the seed: ok"));
    match verify_chain(record, checkpoints) {
        Ok(line) => lines.push(line),
        Err(why) => return fail(lines, why),
    }

    let Some(game) = rules::games::find(&record.rules) else {
        return fail(lines, format!("unknown rules {}", record.rules));
    };
    match replay(game, record) {
        Ok((actions, outcome)) => {
            lines.push(format!(
                "replay: the {} rules accept all {actions} action(s), asking for exactly the recorded draws: ok",
                record.rules
            ));
            if outcome != record.outcome {
                let told =
                    |o: &Option<Outcome>| o.as_ref().map_or_else(|| "no outcome".to_string(), |o| o.reason.clone());
                let (replayed, recorded) = (told(&outcome), told(&record.outcome));
                let why = if replayed == recorded {
                    format!("the replay ends with {replayed}, as recorded, but with other results for the seats")
                } else {
                    format!("the replay ends with {replayed}, but the record says {recorded}")
                };
                return fail(lines, why);
            }
            let said = outcome.map_or_else(|| "no outcome".to_string(), |o| o.reason);
            lines.push(format!("outcome: {said}: ok"));
            Verification { lines, ok: true }
        }
        Err(why) => fail(lines, why),
    }
}

/// Replays a round closed at its deadline: the rules must have had a round with a deadline
/// open, and the closing must have been recorded no earlier than the deadline after the event
/// that opened the round (by the times in the record, which the referee's clock wrote).
fn close_at_deadline(
    game: &dyn DynGame,
    state: &mut rules::game::AnyState,
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
    let mut rng = Replay::new(&event.draws);
    game.close_round(state, &mut rng).map_err(|e| format!("event {seq}: closing the round: {e}"))?;
    if !rng.finished_cleanly() {
        return Err(format!("event {seq}: closing the round asked for other draws than were recorded"));
    }
    Ok(())
}

/// Replays the record through the rules with its recorded draws.
fn replay(game: &dyn DynGame, record: &AuditRecord) -> Result<(usize, Option<Outcome>), String> {
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
    let mut actions = 0;
    let last = record.events.len() as u64 - 1;
    for (expected_seq, event) in (1..).zip(events) {
        if event.seq != expected_seq {
            return Err(format!("event {} is out of order (expected {expected_seq})", event.seq));
        }
        let (seat, action) = match &event.body {
            EventBody::Action { seat, action, .. } => (seat, action),
            EventBody::Deadline => {
                close_at_deadline(game, &mut state, record, event)?;
                actions += 1;
                continue;
            }
            EventBody::End if event.seq == last => return Ok((actions, None)),
            EventBody::End => return Err(format!("event {}: the game was ended, yet events follow", event.seq)),
            EventBody::Start { .. } => return Err(format!("event {} is a second start", event.seq)),
        };
        let mut rng = Replay::new(&event.draws);
        let applied = game
            .apply(&mut state, *seat, action, &mut rng)
            .map_err(|e| format!("event {}: {action}: {e}", event.seq))?;
        if !rng.finished_cleanly() {
            return Err(format!("event {}: {action} asked for other draws than were recorded", event.seq));
        }
        if applied.action != *action {
            return Err(format!("event {}: recorded as {action} but the rules write it {}", event.seq, applied.action));
        }
        actions += 1;
    }
    Ok((actions, game.outcome(&state)))
}
