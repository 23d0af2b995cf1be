//! Seats sign what they do, so that nobody — the operator included — can put an action in a
//! seat's name. A phone (or a program) makes a key pair when it joins and sends its public key
//! with a signature over its join; every action then carries the seat's signature over the
//! game, the sequence number it saw, its idempotency key and the action as sent. The referee
//! refuses a missing or bad signature from a seat that gave a key, the start records each
//! seat's key and join signature in the chain, and `referee verify` checks every signature.
//!
//! Keys are written `ed25519:<64 hex digits>` (the 32-byte public key) or `p256:<130 hex
//! digits>` (the uncompressed SEC1 point, `04 || x || y`: ECDSA over P-256 with SHA-256, as
//! WebCrypto makes it), the hex in lower case: one written form per key, refused otherwise, so
//! that the text a join signs and the seats a key holds name each key one way; signatures are 64 bytes (Ed25519, or ECDSA's `r || s`). The exact bytes
//! signed are in `docs/randomness.md`, "Signatures".

use crate::chain::fields;
use rules::random::from_hex;

/// A seat's public key.
#[derive(Clone, Debug)]
pub enum SeatKey {
    /// Ed25519 (RFC 8032).
    Ed25519(ed25519_dalek::VerifyingKey),
    /// ECDSA over NIST P-256 with SHA-256.
    P256(p256::ecdsa::VerifyingKey),
}

impl SeatKey {
    /// Reads a key as written (`ed25519:…`, `p256:…`). Each key has one written form, which
    /// joins are signed over and seats are told apart by: lower-case hex, and a P-256 point
    /// uncompressed (65 bytes, `04 || x || y`); any other form is refused.
    pub fn parse(text: &str) -> Result<SeatKey, String> {
        let (kind, hex) = text.split_once(':').ok_or("a key is written ed25519:<hex> or p256:<hex>")?;
        if !hex.bytes().all(|b| b.is_ascii_digit() || (b'a'..=b'f').contains(&b)) {
            return Err("a key's bytes are written in lower-case hex".into());
        }
        let bytes = from_hex(hex).ok_or("a key's bytes are written in lower-case hex")?;
        match kind {
            "ed25519" => {
                let bytes: [u8; 32] = bytes.try_into().map_err(|_| "an Ed25519 key is 32 bytes")?;
                ed25519_dalek::VerifyingKey::from_bytes(&bytes)
                    .map(SeatKey::Ed25519)
                    .map_err(|_| "that is not an Ed25519 public key".into())
            }
            "p256" if bytes.len() != 65 || bytes[0] != 4 => {
                Err("a P-256 key is its uncompressed point: 65 bytes, starting 04".into())
            }
            "p256" => p256::ecdsa::VerifyingKey::from_sec1_bytes(&bytes)
                .map(SeatKey::P256)
                .map_err(|_| "that is not a P-256 public key (uncompressed SEC1, 65 bytes)".into()),
            other => Err(format!("keys of kind {other} are not taken: use ed25519 or p256")),
        }
    }

    /// Whether `signature` (64 bytes) is this key's over `message`.
    pub fn verifies(&self, message: &[u8], signature: &[u8]) -> bool {
        use p256::ecdsa::signature::Verifier;
        match self {
            SeatKey::Ed25519(key) => {
                ed25519_dalek::Signature::from_slice(signature).is_ok_and(|s| key.verify_strict(message, &s).is_ok())
            }
            SeatKey::P256(key) => {
                p256::ecdsa::Signature::from_slice(signature).is_ok_and(|s| key.verify(message, &s).is_ok())
            }
        }
    }
}

/// What a seat signs when it joins: `fields("table-referee/v2/join", game id, its key as
/// written, its entropy commitment in hex, its entropy in the clear in hex, its name as the
/// referee records it — without spaces around it)`. Both hex fields are empty where not sent.
pub fn join_message(game_id: &str, key: &str, commitment_hex: &str, entropy_hex: &str, name: &str) -> Vec<u8> {
    fields(&[
        b"table-referee/v2/join",
        game_id.as_bytes(),
        key.as_bytes(),
        commitment_hex.as_bytes(),
        entropy_hex.as_bytes(),
        name.as_bytes(),
    ])
}

/// What a seat signs with each action: `fields("table-referee/v2/action", game id, the
/// sequence number it saw in decimal, its idempotency key, the action as it sends it)`.
pub fn action_message(game_id: &str, seq: u64, idempotency_key: &str, action: &str) -> Vec<u8> {
    let seq = seq.to_string();
    fields(&[
        b"table-referee/v2/action",
        game_id.as_bytes(),
        seq.as_bytes(),
        idempotency_key.as_bytes(),
        action.as_bytes(),
    ])
}

/// Checks a signature given as bytes against a key as written; the reason in words if not.
pub fn check(key: &str, message: &[u8], signature: &[u8]) -> Result<(), String> {
    let key = SeatKey::parse(key)?;
    if signature.len() != 64 {
        return Err("a signature is 64 bytes".into());
    }
    if key.verifies(message, signature) { Ok(()) } else { Err("the signature does not match the seat's key".into()) }
}
