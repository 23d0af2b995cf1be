//! The test vectors in `docs/randomness.md` are generated from the files the tests check the
//! derivation against (`tests/vectors/`, and the record's chain and signatures in
//! `referee/tests/vectors/`), so the document and the code cannot drift apart. When
//! a vector changes, `REFEREE_WRITE_DOCS=1 cargo test -p referee-rules --test randomness_doc`
//! writes the table anew.

use rules::cards::NamedDeck;

/// Read where the tests run (cargo runs them in the package's folder), not where they were
/// built: a build cache shared by clones at other paths must not send them elsewhere.
const DOC: &str = "../../docs/randomness.md";
const BEGIN: &str = "<!-- test vectors: generated from referee/rules/tests/vectors by tests/randomness_doc.rs -->";
const END: &str = "<!-- end of test vectors -->";

fn vector(name: &str) -> String {
    let path = format!("tests/vectors/{name}");
    std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{path}: {e}")).trim().to_string()
}

/// A vector of the record's chain and of signatures, which the referee crate's tests check.
fn record_vector(name: &str) -> String {
    let path = format!("../tests/vectors/{name}");
    std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{path}: {e}")).trim().to_string()
}

/// The table as the document shows it: what each row is, and its value from the vector file.
fn table() -> String {
    let rows = [
        ("`SHA-256(\"abc\")` (sanity)", vector("sha256_abc.txt")),
        ("game key, no contributions", vector("game_key_no_entropy.txt")),
        ("game key, contributions `\"alice\"` and `\"\"` (in that seat order)", vector("game_key_alice_empty.txt")),
        ("first 10 words of event 7, with the game key of no contributions", vector("event7_words.txt")),
        ("10 rolls of a d6 in event 7, same key", vector("event7_d6.txt")),
        ("`0..52` shuffled in event 8, same key", vector("event8_shuffle52.txt")),
        (
            "derivation 2: first 10 words of event 7 for seat index 1 (actor 2) doing `roll 10d6`, same key",
            vector("v2_event7_seat2_words.txt"),
        ),
        ("derivation 2: its 10 d6 rolls", vector("v2_event7_seat2_d6.txt")),
        (
            "derivation 2: 10 d6 rolls of event 7 for seat index 0 (actor 1) doing `roll 10d6`",
            vector("v2_event7_seat1_d6.txt"),
        ),
        (
            "derivation 2: first 4 words of the start (event 0, actor 0, empty action)",
            vector("v2_event0_start_words.txt"),
        ),
        ("derivation 3: first 4 words of the start's stream", vector("v3_start_words.txt")),
        (
            "derivation 3: first 10 words of seat index 1's first action (count 0), `roll 10d6`",
            vector("v3_seat2_first_roll_words.txt"),
        ),
        ("derivation 3: its 10 d6 rolls", vector("v3_seat2_first_roll_d6.txt")),
        (
            "derivation 3: the same seat's third action (count 2), `roll 10d6`: 10 d6 rolls",
            vector("v3_seat2_third_roll_d6.txt"),
        ),
        ("derivation 3: first 4 words of sealed round 3's stream", vector("v3_round3_words.txt")),
        ("the deck `booster-36` before shuffling (Booster Chess's deck)", vector("booster36_order.txt")),
        (
            "chain 2: the first link of game `g1` (table-tools, rules version 2, derivation 3, 2 seats, options text `{\"seats\":2}`), commitment `SHA-256(seed)`",
            record_vector("chain2_link0.txt"),
        ),
        ("chain 2: the salt of event 1", record_vector("chain2_salt1.txt")),
        (
            "chain 2: the commitment to event 1: seat 0's `roll 2d6`, told `rolled 2d6: 3 5`, at 1700000000000 ms, draws `6:2,6:4`, unsigned",
            record_vector("chain2_event1_commitment.txt"),
        ),
        (
            "chain 2: the link after it, following the first link above",
            record_vector("chain2_event1_link_after_link0.txt"),
        ),
        (
            "chain 2: the link after event 2, following it: a new phone takes seat index 1 after the host re-issued its code (`rejoined`), told `A new phone now plays Seat 2`, at 1700000001000 ms, its statement: name `Bea`, the Ed25519 key below, no entropy commitment, signature `ab`",
            record_vector("chain2_event2_rejoined_link.txt"),
        ),
        (
            "signatures: the Ed25519 public key of the secret key of 32 bytes `07`",
            record_vector("ed25519_public_key.txt"),
        ),
        (
            "signatures: its join to `g1` with no entropy and the name `Ann`, the bytes signed (hex)",
            record_vector("join_message.txt"),
        ),
        (
            "signatures: its action `roll 2d6` in `g1` after 1 event, idempotency key `k1`, the bytes signed (hex)",
            record_vector("action_message.txt"),
        ),
        ("signatures: the Ed25519 signature of those bytes", record_vector("action_signature.txt")),
    ];
    let mut out = String::from("| what | value |\n|---|---|\n");
    for (what, value) in rows {
        out.push_str(&format!("| {what} | `{value}` |\n"));
    }
    out
}

#[test]
fn the_documented_test_vectors_are_the_tested_ones() {
    let doc = std::fs::read_to_string(DOC).unwrap();
    let start = doc.find(BEGIN).expect("docs/randomness.md marks where its vectors begin") + BEGIN.len();
    let end = doc.find(END).expect("docs/randomness.md marks where its vectors end");
    let wanted = format!("\n{}", table());
    if doc[start..end] == wanted {
        return;
    }
    if std::env::var_os("REFEREE_WRITE_DOCS").is_some() {
        std::fs::write(DOC, format!("{}{wanted}{}", &doc[..start], &doc[end..])).unwrap();
        return;
    }
    panic!(
        "docs/randomness.md's test vectors differ from tests/vectors/; write them with\n  \
         REFEREE_WRITE_DOCS=1 cargo test -p referee-rules --test randomness_doc\n\nExpected:\n{wanted}"
    );
}

#[test]
fn the_documented_booster_deck_is_the_named_deck() {
    let cards: Vec<String> = NamedDeck::Booster36.cards().iter().map(ToString::to_string).collect();
    assert_eq!(cards.join(" "), vector("booster36_order.txt"));
}
