//! Seats sign what they do, against the real referee: a seat that joined with a key must sign
//! every action, the record keeps each signature, and `referee verify` checks them — so an
//! action the operator writes into the record in a seat's name fails.

#[path = "support/keys.rs"]
mod keys;
#[path = "support/relink.rs"]
mod relink;
mod support;

use keys::Key;
use referee::audit::AuditRecord;
use referee::signing::{action_message, join_message};
use referee::store::{Event, EventBody, Signed};
use referee_proto::v1 as pb;
use relink::*;
use rules::random::to_hex;
use support::*;

/// Creates a game and joins every seat with its key, each join signed.
async fn seat_with_keys(client: &mut Client, rules: &str, keys: &[Key]) -> Table {
    let created = create(client, rules, "").await;
    let (mut tokens, mut view) = (Vec::new(), None);
    for (seat, key) in created.seats.iter().zip(keys) {
        let entropy = format!("entropy of seat {}", seat.seat).into_bytes();
        let message = join_message(&created.game_id, &key.public(), "", &to_hex(&entropy), "Ann");
        let joined = client
            .join_game(pb::JoinGameRequest {
                game_id: created.game_id.clone(),
                join_code: seat.join_code.clone(),
                entropy,
                name: " Ann ".into(),
                public_key: key.public(),
                join_signature: key.sign(&message),
                ..Default::default()
            })
            .await
            .unwrap()
            .into_inner();
        tokens.push(joined.token);
        view = joined.view;
    }
    let view = view.unwrap();
    Table { game_id: created.game_id, host_token: created.host_token, commitment: created.commitment, tokens, view }
}

/// Submits `action` for `seat`, signed by `key` (or with `signature` as given).
async fn signed_submit(
    client: &mut Client,
    table: &Table,
    seat: usize,
    action: &str,
    seq: u64,
    key: &str,
    signature: Vec<u8>,
) -> Result<pb::SubmitActionResponse, tonic::Status> {
    let request = pb::SubmitActionRequest {
        game_id: table.game_id.clone(),
        action: action.into(),
        expected_seq: seq,
        idempotency_key: key.into(),
        signature,
    };
    client.submit_action(authed(request, &table.tokens[seat])).await.map(|r| r.into_inner())
}

async fn audit_of(client: &mut Client, table: &Table) -> AuditRecord {
    let audit = client.get_audit(pb::GetAuditRequest { game_id: table.game_id.clone() }).await.unwrap().into_inner();
    serde_json::from_str(&audit_text(&audit)).unwrap()
}

#[tokio::test(flavor = "multi_thread")]
async fn a_seat_that_joined_with_a_key_must_sign_every_action_and_the_verifier_checks_each_signature() {
    let redis = Redis::start();
    let referee = Referee::start(&redis.url());
    let mut client = referee.client().await;
    let keys = [Key::ed25519(7), Key::p256(9)];
    let table = seat_with_keys(&mut client, "chess", &keys).await;
    let id = table.game_id.clone();
    let seq = table.view.seq;

    // Unsigned, signed by the other seat's key, or signed over another action: refused.
    let unsigned = signed_submit(&mut client, &table, 0, "e2e4", seq, "a", vec![]).await.unwrap_err();
    assert_eq!((unsigned.code(), error_code(&unsigned).as_str()), (tonic::Code::InvalidArgument, "bad_signature"));
    let wrong_key = keys[1].sign(&action_message(&id, seq, "a", "e2e4"));
    let refused = signed_submit(&mut client, &table, 0, "e2e4", seq, "a", wrong_key).await.unwrap_err();
    assert_eq!(error_code(&refused), "bad_signature", "{refused:?}");
    let other_move = keys[0].sign(&action_message(&id, seq, "a", "d2d4"));
    let refused = signed_submit(&mut client, &table, 0, "e2e4", seq, "a", other_move).await.unwrap_err();
    assert_eq!(error_code(&refused), "bad_signature");
    let no_key = keys[0].sign(&action_message(&id, seq, "", "e2e4"));
    let refused = signed_submit(&mut client, &table, 0, "e2e4", seq, "", no_key).await.unwrap_err();
    assert_eq!(error_code(&refused), "bad_signature", "a signed action needs an idempotency key");

    // Signed by its own key (Ed25519 for White, P-256 for Black): recorded.
    let mut seq = seq;
    for (i, (seat, action)) in [(0, "e2e4"), (1, "e7e5"), (0, "g1f3"), (1, "resign")].into_iter().enumerate() {
        let key = format!("k{i}");
        let signature = keys[seat].sign(&action_message(&id, seq, &key, action));
        seq = signed_submit(&mut client, &table, seat, action, seq, &key, signature).await.unwrap().view.unwrap().seq;
    }
    let record = audit_of(&mut client, &table).await;
    let EventBody::Start { seats, .. } = &record.events[0].body else { panic!("the start comes first") };
    assert_eq!(seats[0].key, keys[0].public(), "the start records each seat's key");
    assert_eq!(seats[1].name, "Ann", "and its name, as signed: trimmed");
    let (code, out) = verify(&serde_json::to_string(&record).unwrap());
    assert_eq!(code, 0, "{out}");
    assert!(out.contains("keys: 2 of 2 seat(s) joined with a key, each join signed by it: ok"), "{out}");
    assert!(out.contains("signatures: 4 signed action(s), each by its seat's key: ok"), "{out}");
    assert!(!out.contains("warning"), "{out}");

    // The operator writes White's resignation in place of Black's: with every link recomputed
    // the record holds together, but the signature is Black's, not White's.
    let mut forged = record.clone();
    let EventBody::Action { seat, .. } = &mut forged.events[4].body else { panic!() };
    *seat = 0;
    relink(&mut forged);
    let (code, out) = verify(&serde_json::to_string(&forged).unwrap());
    assert_eq!(code, 1, "{out}");
    assert!(out.contains("FAILED: event 4: the signature does not match the seat's key"), "{out}");
    // Or leaves it unsigned, or appends a resignation of its own after the game's end.
    let mut unsigned = record.clone();
    unsigned.events[4].signed = None;
    relink(&mut unsigned);
    let (code, out) = verify(&serde_json::to_string(&unsigned).unwrap());
    assert!(code == 1 && out.contains("seat 2 signs its actions, but this one is unsigned"), "{out}");
    // A signature replayed from another action is caught too: its idempotency key and seq are
    // what was signed.
    let mut replayed = record.clone();
    let signed_e4: Signed = replayed.events[1].signed.clone().unwrap();
    replayed.events[3].signed = Some(Signed { action: "g1f3".into(), ..signed_e4 });
    relink(&mut replayed);
    let (code, out) = verify(&serde_json::to_string(&replayed).unwrap());
    assert!(code == 1 && out.contains("FAILED: event 3"), "{out}");
}

#[tokio::test(flavor = "multi_thread")]
async fn joins_with_a_bad_key_or_signature_are_refused_and_unsigned_seats_are_marked_in_the_record() {
    let redis = Redis::start();
    let referee = Referee::start(&redis.url());
    let mut client = referee.client().await;
    let created = create(&mut client, "chess", "").await;
    let key = Key::ed25519(3);
    let join = |public_key: String, join_signature: Vec<u8>| pb::JoinGameRequest {
        game_id: created.game_id.clone(),
        join_code: created.seats[0].join_code.clone(),
        public_key,
        join_signature,
        ..Default::default()
    };
    let good = key.sign(&join_message(&created.game_id, &key.public(), "", "", ""));
    for (public_key, signature, why) in [
        ("rsa:00".to_string(), good.clone(), "keys of kind rsa are not taken"),
        ("ed25519:1234".to_string(), good.clone(), "an Ed25519 key is 32 bytes"),
        (key.public(), key.sign(b"something else"), "the signature does not match"),
        (String::new(), good.clone(), "a signature came without a public key"),
    ] {
        let refused = client.join_game(join(public_key, signature)).await.unwrap_err();
        assert_eq!(error_code(&refused), "bad_signature");
        assert!(refused.message().contains(why), "{why}: {}", refused.message());
    }
    // A seat that joined without a key may not sign; one that did must.
    client.join_game(join(key.public(), good)).await.unwrap();
    let table = seat_everyone(&mut client, "chess", "").await;
    let signature = key.sign(b"anything");
    let refused = signed_submit(&mut client, &table, 0, "e2e4", table.view.seq, "k", signature).await.unwrap_err();
    assert!(refused.message().contains("joined without a public key"), "{}", refused.message());
    submit(&mut client, &table, 0, "resign", table.view.seq, "r").await.unwrap();
    let (code, out) = verify(&serde_json::to_string(&audit_of(&mut client, &table).await).unwrap());
    assert_eq!(code, 0, "{out}");
    assert!(out.contains("warning: seat 1 joined without a key"), "{out}");
}

/// The start of a record lists what each seat said when it joined, inside the chain: a seat's
/// entropy the operator adds for a seat that gave none changes the start's link.
#[test]
fn the_start_binds_each_seats_key_and_entropy() {
    use referee::chain::Linker;
    let start = |entropy: &str| {
        Event::new(
            0,
            EventBody::Start { entropy: vec![entropy.into(), String::new()], seats: vec![Default::default(); 2] },
            vec![],
            1,
        )
    };
    let linker = Linker { version: 2, seed: b"seed" };
    let from = "0".repeat(64);
    assert_ne!(linker.link(&from, &start("")), linker.link(&from, &start("aa")));
}

/// Issue 42, item 3: a signature does not name its seat, so one key may not speak for two seats
/// of a game. The referee refuses a join with a key another seat holds; and a record in which
/// two seats hold one key (as the referee once allowed), which would let an operator record one
/// seat's signed action as the other's, fails `referee verify`.
#[tokio::test(flavor = "multi_thread")]
async fn one_key_speaks_for_one_seat_of_a_game() {
    let redis = Redis::start();
    let referee = Referee::start(&redis.url());
    let mut client = referee.client().await;
    let key = Key::ed25519(41);
    let created = create(&mut client, "chess", "").await;
    let join = |seat: usize, name: &str| pb::JoinGameRequest {
        game_id: created.game_id.clone(),
        join_code: created.seats[seat].join_code.clone(),
        name: name.into(),
        public_key: key.public(),
        join_signature: key.sign(&join_message(&created.game_id, &key.public(), "", "", name)),
        ..Default::default()
    };
    client.join_game(join(0, "Ann")).await.unwrap();
    let refused = client.join_game(join(1, "Bob")).await.unwrap_err();
    assert_eq!(
        (refused.code(), error_code(&refused).as_str()),
        (tonic::Code::FailedPrecondition, "public_key_in_use"),
        "{refused:?}"
    );
    let view = get_view(&mut client, &created.game_id, None).await.unwrap();
    assert_eq!(view.joined_seats, vec![0], "the second seat is still free");

    // A record whose two seats joined with one key: Black's key and every signature of Black's
    // made with White's key (as one phone holding both seats would), each link recomputed.
    let keys = [Key::ed25519(42), Key::ed25519(43)];
    let table = seat_with_keys(&mut client, "chess", &keys).await;
    let mut seq = table.view.seq;
    for (i, (seat, action)) in [(0, "e2e4"), (1, "e7e5"), (0, "resign")].into_iter().enumerate() {
        let k = format!("k{i}");
        let signature = keys[seat].sign(&action_message(&table.game_id, seq, &k, action));
        seq = signed_submit(&mut client, &table, seat, action, seq, &k, signature).await.unwrap().view.unwrap().seq;
    }
    let record = audit_of(&mut client, &table).await;
    let mut shared = record.clone();
    let entropy = shared.entropy[1].clone();
    let EventBody::Start { seats, .. } = &mut shared.events[0].body else { panic!() };
    seats[1].key = keys[0].public();
    seats[1].signature =
        to_hex(&keys[0].sign(&join_message(&record.game_id, &keys[0].public(), "", &entropy, &seats[1].name)));
    let EventBody::Action { key: idem, .. } = shared.events[2].body.clone() else { panic!() };
    let Some(signed) = &mut shared.events[2].signed else { panic!() };
    signed.signature = to_hex(&keys[0].sign(&action_message(&record.game_id, signed.seq, &idem, &signed.action)));
    relink(&mut shared);
    let (code, out) = verify(&serde_json::to_string(&shared).unwrap());
    assert_eq!(code, 1, "{out}");
    assert!(out.contains("FAILED: seats 1 and 2 joined with the same key"), "{out}");
}

/// `record`'s actions replayed through its rules (a game that draws nothing): each action's
/// sentence as the rules tell it, and the outcome they reach.
fn told_again(record: &mut AuditRecord) {
    let game = rules::games::find(&record.rules).unwrap();
    let mut rng = rules::random::Replay::new(&[]);
    let mut state = game.setup(&record.options, &mut rng).unwrap();
    for event in &mut record.events {
        if let EventBody::Action { seat, action, description, .. } = &mut event.body {
            *description = game.apply(&mut state, *seat, action, &mut rng).unwrap().description;
        }
    }
    record.outcome = game.outcome(&state);
}

/// Issue 42, item 2: an operator relabels a signed chain 2 record as chain 1 — no `chain`, no
/// seats' statements, no signatures — keeping derivation 3, and writes a resignation for a
/// signing seat. Derivation 3 exists only with chain 2, so `referee verify` refuses the pair;
/// relabelled derivation 1 as well, the record alone can no longer tell it (verify says plainly
/// that no action of it is signed), and the links the players kept catch it.
#[tokio::test(flavor = "multi_thread")]
async fn a_signed_record_relabelled_chain_1_is_refused_and_caught_by_the_players_links() {
    let redis = Redis::start();
    let referee = Referee::start(&redis.url());
    let mut client = referee.client().await;
    let keys = [Key::ed25519(51), Key::p256(52)];
    let table = seat_with_keys(&mut client, "chess", &keys).await;
    let mut kept = vec![(table.view.seq, table.view.chain.clone())];
    let mut seq = table.view.seq;
    for (i, (seat, action)) in [(0, "e2e4"), (1, "e7e5"), (0, "g1f3"), (1, "resign")].into_iter().enumerate() {
        let k = format!("k{i}");
        let signature = keys[seat].sign(&action_message(&table.game_id, seq, &k, action));
        let view = signed_submit(&mut client, &table, seat, action, seq, &k, signature).await.unwrap().view.unwrap();
        seq = view.seq;
        kept.push((view.seq, view.chain));
    }
    let record = audit_of(&mut client, &table).await;
    assert_eq!((record.chain, record.derivation), (2, 3));

    // White, not Black, resigns: a signing seat's action nobody signed.
    let mut relabelled = record.clone();
    relabelled.chain = 1;
    let EventBody::Start { seats, .. } = &mut relabelled.events[0].body else { panic!() };
    seats.clear();
    for event in &mut relabelled.events {
        event.signed = None;
    }
    let EventBody::Action { seat, .. } = &mut relabelled.events[4].body else { panic!() };
    *seat = 0;
    told_again(&mut relabelled);
    relink(&mut relabelled);
    let (code, out) = verify(&serde_json::to_string(&relabelled).unwrap());
    assert_eq!(code, 1, "{out}");
    assert!(out.contains("derivation 3 exists only with chain 2"), "{out}");

    // Derivation 1 too (chess draws nothing): the record alone holds, and says nothing is signed.
    relabelled.derivation = 1;
    relink(&mut relabelled);
    let text = serde_json::to_string(&relabelled).unwrap();
    let (code, out) = verify(&text);
    assert_eq!(code, 0, "{out}");
    assert!(out.contains("warning: no action in this record is signed"), "{out}");
    let args = checkpoint_args(&kept);
    let (code, out) = verify_args(&text, &args.iter().map(String::as_str).collect::<Vec<_>>());
    assert_eq!(code, 1, "{out}");
    assert!(out.contains("FAILED: the checkpoint after 1 events was"), "{out}");
}
