//! The record's chain and the seats' signatures against the vectors `docs/randomness.md`
//! publishes (`tests/vectors/`), which were computed apart from this code with Python's
//! `hmac`, `hashlib` and `cryptography`.

use ed25519_dalek::Signer;
use referee::chain::{ChainHeader, Linker, chain_start, event_commitment, salt};
use referee::signing::{action_message, check, join_message};
use referee::store::{Event, EventBody, SeatStatement};
use rules::random::{Draw, commitment, to_hex};

const SEED: &[u8] = b"0123456789abcdef0123456789abcdef";

fn vector(name: &str) -> String {
    let path = format!("tests/vectors/{name}");
    std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{path}: {e}")).trim().to_string()
}

#[test]
fn chain_2_matches_the_published_vectors() {
    let commitment = to_hex(&commitment(SEED));
    let header = ChainHeader {
        version: 2,
        game_id: "g1",
        commitment: &commitment,
        rules: "table-tools",
        rules_version: 2,
        derivation: 3,
        seat_count: 2,
        options_text: r#"{"seats":2}"#,
    };
    let link_0 = chain_start(&header);
    assert_eq!(link_0, vector("chain2_link0.txt"));
    assert_eq!(to_hex(&salt(SEED, 1)), vector("chain2_salt1.txt"));
    let body = EventBody::Action {
        seat: 0,
        action: "roll 2d6".into(),
        description: "rolled 2d6: 3 5".into(),
        key: "k1".into(),
    };
    let event = Event::new(1, body, vec![Draw { bound: 6, value: 2 }, Draw { bound: 6, value: 4 }], 1_700_000_000_000);
    assert_eq!(to_hex(&event_commitment(&salt(SEED, 1), &event)), vector("chain2_event1_commitment.txt"));
    let linker = Linker { version: 2, seed: SEED };
    let link_1 = linker.link(&link_0, &event);
    assert_eq!(link_1, vector("chain2_event1_link_after_link0.txt"));
    // A new phone taking seat 2 after the host re-issued its code: its statement is bound too.
    let statement = SeatStatement {
        name: "Bea".into(),
        key: vector("ed25519_public_key.txt"),
        entropy_commitment: String::new(),
        signature: "ab".into(),
    };
    let body = EventBody::Rejoined { seat: 1, description: "A new phone now plays Seat 2".into(), statement };
    let rejoined = Event::new(2, body, Vec::new(), 1_700_000_001_000);
    assert_eq!(linker.link(&link_1, &rejoined), vector("chain2_event2_rejoined_link.txt"));
}

#[test]
fn signatures_match_the_published_vectors() {
    let key = ed25519_dalek::SigningKey::from_bytes(&[7; 32]);
    let public = format!("ed25519:{}", to_hex(key.verifying_key().as_bytes()));
    assert_eq!(public, vector("ed25519_public_key.txt"));
    assert_eq!(to_hex(&join_message("g1", &public, "", "", "Ann")), vector("join_message.txt"));
    let message = action_message("g1", 1, "k1", "roll 2d6");
    assert_eq!(to_hex(&message), vector("action_message.txt"));
    assert_eq!(to_hex(&key.sign(&message).to_bytes()), vector("action_signature.txt"));
    let signature = rules::random::from_hex(&vector("action_signature.txt")).unwrap();
    assert_eq!(check(&public, &message, &signature), Ok(()));
}
