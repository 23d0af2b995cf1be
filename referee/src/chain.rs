//! The record's chain: every view carries a link that depends on everything recorded so far,
//! so a phone that keeps some links holds checkpoints the final record must pass through
//! (`docs/randomness.md`, "The record's chain").
//!
//! Two versions:
//! - **chain 1** (games made before chain 2): each link hashes the event's seat and action in
//!   the clear. It leaks hidden actions (a burial square, a sealed move) to anyone who tries
//!   the few possibilities against the next link, and leaves the options, draws and times
//!   outside. Kept only so that old records verify as what they are.
//! - **chain 2**: the first link binds the header (rules, version, derivation, seats, options),
//!   and each event enters as a salted commitment to all of it — seat, action, the sentence,
//!   time, draws, signature, and at the start every seat's entropy, key and name. The salt of
//!   event `seq` is `HMAC-SHA256(seed, "table-referee/v2/salt" || u64be(seq))`: nobody can
//!   compute it before the seed is released (or the referee opens it), so a link says nothing
//!   about a hidden action, however few the possibilities.

use crate::store::{Event, EventBody, Header};
use rules::random::{Draw, to_hex};
use sha2::{Digest, Sha256};

/// The first chain: actions in the clear.
pub const CHAIN_1: u8 = 1;
/// The committed chain.
pub const CHAIN_2: u8 = 2;

/// What the first link of a record binds.
#[derive(Clone, Copy, Debug)]
pub struct ChainHeader<'a> {
    /// [`CHAIN_1`] or [`CHAIN_2`].
    pub version: u8,
    pub game_id: &'a str,
    /// SHA-256 of the seed, hex.
    pub commitment: &'a str,
    pub rules: &'a str,
    pub rules_version: u32,
    pub derivation: u8,
    pub seat_count: u8,
    /// The options exactly as the referee wrote them at creation (JSON text).
    pub options_text: &'a str,
}

impl<'a> From<&'a Header> for ChainHeader<'a> {
    fn from(h: &'a Header) -> ChainHeader<'a> {
        ChainHeader {
            version: h.chain,
            game_id: &h.game_id,
            commitment: &h.commitment,
            rules: &h.rules,
            rules_version: h.rules_version,
            derivation: h.derivation,
            seat_count: h.seat_count,
            options_text: &h.options_text,
        }
    }
}

/// Each part as one field, `u32be(length) || bytes`, one after another: how everything the
/// chain and the signatures hash is written, so no two lists of parts give the same bytes.
pub fn fields(parts: &[&[u8]]) -> Vec<u8> {
    let mut out = Vec::with_capacity(parts.iter().map(|p| p.len() + 4).sum());
    for part in parts {
        out.extend((part.len() as u32).to_be_bytes());
        out.extend(*part);
    }
    out
}

fn sha256_hex(bytes: &[u8]) -> String {
    to_hex(&Sha256::digest(bytes))
}

/// The chain before the first event.
///
/// Chain 1: `hex(SHA-256("table-referee/v1/chain\n" || game id || "\n" || commitment))`.
/// Chain 2: `hex(SHA-256(fields("table-referee/v2/chain", game id, commitment, rules, rules
/// version, derivation, seat count, options text)))`, numbers in decimal.
pub fn chain_start(header: &ChainHeader) -> String {
    if header.version < CHAIN_2 {
        return sha256_hex(format!("table-referee/v1/chain\n{}\n{}", header.game_id, header.commitment).as_bytes());
    }
    let (version, derivation, seats) =
        (header.rules_version.to_string(), header.derivation.to_string(), header.seat_count.to_string());
    sha256_hex(&fields(&[
        b"table-referee/v2/chain",
        header.game_id.as_bytes(),
        header.commitment.as_bytes(),
        header.rules.as_bytes(),
        version.as_bytes(),
        derivation.as_bytes(),
        seats.as_bytes(),
        header.options_text.as_bytes(),
    ]))
}

/// The salt of event `seq`'s commitment: `HMAC-SHA256(key = seed, msg = "table-referee/v2/salt"
/// || u64be(seq))`. Secret until the seed is released (or the referee opens it).
pub fn salt(seed: &[u8], seq: u64) -> [u8; 32] {
    use hmac::{KeyInit, Mac};
    let mut mac = hmac::Hmac::<Sha256>::new_from_slice(seed).expect("HMAC takes keys of any length");
    mac.update(b"table-referee/v2/salt");
    mac.update(&seq.to_be_bytes());
    mac.finalize().into_bytes().into()
}

/// Draws as text: `bound:value` pairs, comma-separated.
pub fn draws_text(draws: &[Draw]) -> String {
    draws.iter().map(|d| format!("{}:{}", d.bound, d.value)).collect::<Vec<_>>().join(",")
}

/// What a chain 2 link commits to of one event, in order (each a field). See
/// `docs/randomness.md` for the list; the start adds each seat's statement, and a new phone
/// taking a seat (`rejoined`) its own.
pub fn event_fields(event: &Event) -> Vec<String> {
    let (kind, seat, action, description) = match &event.body {
        EventBody::Start { .. } => ("start", String::new(), "", ""),
        EventBody::Action { seat, action, description, .. } => {
            ("action", seat.to_string(), action.as_str(), description.as_str())
        }
        EventBody::End => ("end", String::new(), "", ""),
        EventBody::Deadline => ("deadline", String::new(), "", ""),
        EventBody::Reissued { seat, description } => ("reissued", seat.to_string(), "", description.as_str()),
        EventBody::Rejoined { seat, description, .. } => ("rejoined", seat.to_string(), "", description.as_str()),
    };
    let entropy = match &event.body {
        EventBody::Start { entropy, .. } => entropy.join(","),
        _ => String::new(),
    };
    let signed = event.signed.as_ref();
    let mut fields = vec![
        event.seq.to_string(),
        kind.to_string(),
        seat,
        action.to_string(),
        description.to_string(),
        event.at_ms.to_string(),
        draws_text(&event.draws),
        event.round.map(|r| r.to_string()).unwrap_or_default(),
        draws_text(&event.round_draws),
        signed.map(|s| s.seq.to_string()).unwrap_or_default(),
        signed.map(|s| s.action.clone()).unwrap_or_default(),
        signed.map(|s| s.signature.clone()).unwrap_or_default(),
        entropy,
    ];
    let statements = match &event.body {
        EventBody::Start { seats, .. } => seats.as_slice(),
        EventBody::Rejoined { statement, .. } => std::slice::from_ref(statement),
        _ => &[],
    };
    for s in statements {
        fields.extend([s.name.clone(), s.key.clone(), s.entropy_commitment.clone(), s.signature.clone()]);
    }
    fields
}

/// The commitment to event `event` under `salt`: `SHA-256(fields("table-referee/v2/event",
/// salt, ...event_fields))`.
pub fn event_commitment(salt: &[u8; 32], event: &Event) -> [u8; 32] {
    let event_fields = event_fields(event);
    let mut parts: Vec<&[u8]> = vec![b"table-referee/v2/event", salt];
    parts.extend(event_fields.iter().map(|f| f.as_bytes()));
    Sha256::digest(fields(&parts)).into()
}

/// An event as chain 1 hashes it, one field a line: the number, the seat (`-` for the start),
/// the action as recorded (`start` for the start), and the entropy in seat order.
pub fn event_text_v1(event: &Event) -> String {
    let (seat, action, entropy) = match &event.body {
        EventBody::Start { entropy, .. } => ("-".to_string(), "start", entropy.join(",")),
        EventBody::Action { seat, action, .. } => (seat.to_string(), action.as_str(), String::new()),
        EventBody::End => ("-".to_string(), "end", String::new()),
        EventBody::Deadline => ("-".to_string(), rules::game::DEADLINE, String::new()),
        // Chain 1 games are all older than re-issued codes.
        EventBody::Reissued { seat, .. } => (seat.to_string(), "reissued", String::new()),
        EventBody::Rejoined { seat, .. } => (seat.to_string(), "rejoined", String::new()),
    };
    format!("{}\n{seat}\n{action}\n{entropy}", event.seq)
}

/// Links events into a record's chain: which version, and for chain 2 the seed its salts come
/// from.
#[derive(Clone, Copy)]
pub struct Linker<'a> {
    pub version: u8,
    pub seed: &'a [u8],
}

impl Linker<'_> {
    /// The chain after `event`, following `previous`.
    ///
    /// Chain 1: `hex(SHA-256(previous || "\n" || event_text_v1))`. Chain 2:
    /// `hex(SHA-256(previous || "\n" || seq || "\n" || hex(commitment)))`.
    pub fn link(&self, previous: &str, event: &Event) -> String {
        if self.version < CHAIN_2 {
            return sha256_hex(format!("{previous}\n{}", event_text_v1(event)).as_bytes());
        }
        let commitment = event_commitment(&salt(self.seed, event.seq), event);
        sha256_hex(format!("{previous}\n{}\n{}", event.seq, to_hex(&commitment)).as_bytes())
    }
}
