//! A seat handed to a new phone, against the real referee and Redis: the host re-issues a lost
//! phone's code, the old token stops at once, the new phone holds the seat with its own key,
//! and the chained record shows both steps, which `referee verify` checks.

#[path = "support/keys.rs"]
mod keys;
#[path = "support/relink.rs"]
mod relink;
mod support;

use keys::Key;
use referee::audit::AuditRecord;
use referee::signing::{action_message, join_message};
use referee::store::EventBody;
use referee_proto::v1 as pb;
use relink::relink;
use support::*;

/// A chess game whose two seats joined with keys, as Ann and Bob, and the seats' codes.
async fn keyed_chess(client: &mut Client, keys: &[Key; 2]) -> (Table, Vec<String>) {
    let created = create(client, "chess", "").await;
    let (mut tokens, mut view) = (Vec::new(), None);
    for ((seat, key), name) in created.seats.iter().zip(keys).zip(["Ann", "Bob"]) {
        let joined = join_with_key(client, &created.game_id, &seat.join_code, key, name, "").await.unwrap();
        tokens.push(joined.token);
        view = joined.view;
    }
    let codes = created.seats.iter().map(|s| s.join_code.clone()).collect();
    let table = Table {
        game_id: created.game_id,
        host_token: created.host_token,
        commitment: created.commitment,
        tokens,
        view: view.unwrap(),
    };
    (table, codes)
}

async fn join_with_key(
    client: &mut Client,
    game_id: &str,
    code: &str,
    key: &Key,
    name: &str,
    client_key: &str,
) -> Result<pb::JoinGameResponse, tonic::Status> {
    let message = join_message(game_id, &key.public(), "", "", name);
    let request = pb::JoinGameRequest {
        game_id: game_id.into(),
        join_code: code.into(),
        name: name.into(),
        client_key: client_key.into(),
        public_key: key.public(),
        join_signature: key.sign(&message),
        ..Default::default()
    };
    client.join_game(request).await.map(|r| r.into_inner())
}

async fn reissue(
    client: &mut Client,
    table: &Table,
    token: &str,
    seat: u32,
    client_key: &str,
) -> Result<pb::ReissueJoinCodeResponse, tonic::Status> {
    let request = pb::ReissueJoinCodeRequest { game_id: table.game_id.clone(), seat, client_key: client_key.into() };
    client.reissue_join_code(authed(request, token)).await.map(|r| r.into_inner())
}

/// Plays `action` for the holder of `token`, signed by `key`; returns the new seq.
async fn play(
    client: &mut Client,
    table: &Table,
    token: &str,
    key: &Key,
    action: &str,
    seq: u64,
) -> Result<u64, tonic::Status> {
    let idempotency = format!("{action}@{seq}");
    let request = pb::SubmitActionRequest {
        game_id: table.game_id.clone(),
        action: action.into(),
        expected_seq: seq,
        signature: key.sign(&action_message(&table.game_id, seq, &idempotency, action)),
        idempotency_key: idempotency,
    };
    let submitted = client.submit_action(authed(request, token)).await?.into_inner();
    Ok(submitted.view.unwrap().seq)
}

fn said(view: &pb::GameView) -> Vec<String> {
    let json = view_json(view);
    json["played"].as_array().unwrap().iter().map(|e| e["said"].as_str().unwrap().to_string()).collect()
}

#[tokio::test(flavor = "multi_thread")]
async fn the_host_hands_a_lost_phones_seat_to_a_new_phone_and_the_old_token_stops_at_once() {
    let redis = Redis::start();
    let referee = Referee::start(&redis.url());
    let mut client = referee.client().await;
    let keys = [Key::ed25519(3), Key::ed25519(4)];
    let (table, codes) = keyed_chess(&mut client, &keys).await;
    let (host, old_white, black) = (table.host_token.clone(), table.tokens[0].clone(), table.tokens[1].clone());
    let seq = play(&mut client, &table, &old_white, &keys[0], "e2e4", table.view.seq).await.unwrap();

    // Only the host may re-issue; Black's token may not.
    let refused = reissue(&mut client, &table, &black, 0, "").await.unwrap_err();
    assert_eq!(error_code(&refused), "not_the_host", "{refused:?}");
    let refused = reissue(&mut client, &table, &host, 2, "").await.unwrap_err();
    assert_eq!(error_code(&refused), "unknown_seat", "{refused:?}");

    // The old phone is watching the game live.
    let watch = pb::WatchGameRequest { game_id: table.game_id.clone(), after_seq: seq };
    let mut old_stream = client.watch_game(authed(watch, &old_white)).await.unwrap().into_inner();

    // The host gives White's seat a new code; a retry with the same key gets the same code and
    // records nothing more.
    let first = reissue(&mut client, &table, &host, 0, "lost phone").await.unwrap();
    let again = reissue(&mut client, &table, &host, 0, "lost phone").await.unwrap();
    assert_eq!(first.join_code, again.join_code);
    let view = again.view.unwrap();
    assert_eq!(view.seq, seq + 1, "one event: the re-issue");
    assert_eq!((view.reissued_seats.clone(), view.joined_seats.clone()), (vec![0], vec![1]));
    assert_eq!(
        said(&view).last().unwrap(),
        "The host gave White a new join code: the phone that held the seat can no longer play"
    );

    // The old phone's token stops at once, its live view included; Black plays on meanwhile.
    let ended = tokio::time::timeout(std::time::Duration::from_secs(10), old_stream.message()).await.unwrap();
    assert_eq!(error_code(&ended.unwrap_err()), "bad_token", "the old phone's stream ends with its seat");
    let refused = get_view(&mut client, &table.game_id, Some(&old_white)).await.unwrap_err();
    assert_eq!(error_code(&refused), "bad_token", "{refused:?}");
    let refused = play(&mut client, &table, &old_white, &keys[0], "g1f3", seq + 1).await.unwrap_err();
    assert_eq!(error_code(&refused), "bad_token");
    let seq = play(&mut client, &table, &black, &keys[1], "e7e5", seq + 1).await.unwrap();

    // White's first code no longer works; the new one does, once, for the new phone.
    let refused = join_with_key(&mut client, &table.game_id, &codes[0], &keys[0], "", "").await.unwrap_err();
    assert_eq!(error_code(&refused), "bad_join_code");
    assert!(refused.message().contains("ask the host"), "{}", refused.message());
    let in_the_clear = pb::JoinGameRequest {
        game_id: table.game_id.clone(),
        join_code: first.join_code.clone(),
        entropy: b"too late".to_vec(),
        ..Default::default()
    };
    let refused = client.join_game(in_the_clear).await.unwrap_err();
    assert_eq!(error_code(&refused), "bad_entropy", "the draws are fixed once the game has started");
    let new_key = Key::p256(5);
    let joined = join_with_key(&mut client, &table.game_id, &first.join_code, &new_key, "", "new phone").await.unwrap();
    let retried =
        join_with_key(&mut client, &table.game_id, &first.join_code, &new_key, "", "new phone").await.unwrap();
    assert_eq!((joined.seat, &joined.token), (0, &retried.token), "a retried join gets the same seat and token");
    let view = joined.view.unwrap();
    assert_eq!(view.seq, seq + 1, "one event: the new phone's join");
    assert_eq!((view.joined_seats.clone(), view.reissued_seats.clone()), (vec![0, 1], vec![]));
    assert_eq!(view.names[0], "Ann", "a new phone that gives no name keeps the seat's");
    assert_eq!(said(&view).last().unwrap(), "A new phone now plays White");
    let another = join_with_key(&mut client, &table.game_id, &first.join_code, &Key::ed25519(6), "", "").await;
    assert_eq!(error_code(&another.unwrap_err()), "seat_taken");

    // The new phone signs with its own key; the old key no longer speaks for White.
    let new_white = joined.token;
    let refused = play(&mut client, &table, &new_white, &keys[0], "g1f3", view.seq).await.unwrap_err();
    assert_eq!(error_code(&refused), "bad_signature");
    let seq = play(&mut client, &table, &new_white, &new_key, "g1f3", view.seq).await.unwrap();
    play(&mut client, &table, &black, &keys[1], "resign", seq).await.unwrap();

    // The record shows both steps, and checks: each action against the key that held its seat.
    let audit = client.get_audit(pb::GetAuditRequest { game_id: table.game_id.clone() }).await.unwrap().into_inner();
    let record: AuditRecord = serde_json::from_str(&audit_text(&audit)).unwrap();
    let (code, out) = verify(&serde_json::to_string(&record).unwrap());
    assert_eq!(code, 0, "{out}");
    assert!(out.contains("signatures: 4 signed action(s), each by its seat's key: ok"), "{out}");
    let kinds: Vec<&str> = record
        .events
        .iter()
        .map(|e| match e.body {
            EventBody::Reissued { .. } => "reissued",
            EventBody::Rejoined { .. } => "rejoined",
            _ => "-",
        })
        .collect();
    assert_eq!(kinds, ["-", "-", "reissued", "-", "rejoined", "-", "-"]);

    // An operator who rewrites the record is caught even with every link recomputed: the new
    // phone's key swapped for the old one breaks its join signature; the host's re-issue left
    // out, a new phone took a seat nobody released.
    let mut swapped = record.clone();
    let EventBody::Rejoined { statement, .. } = &mut swapped.events[4].body else { panic!() };
    statement.key = keys[0].public();
    relink(&mut swapped);
    let (code, out) = verify(&serde_json::to_string(&swapped).unwrap());
    assert!(code == 1 && out.contains("FAILED: event 4: seat 1's new join signature"), "{out}");
    let mut unreleased = record.clone();
    unreleased.events[2].body = EventBody::Rejoined {
        seat: 1,
        description: "A new phone now plays Black".into(),
        statement: Default::default(),
    };
    relink(&mut unreleased);
    let (code, out) = verify(&serde_json::to_string(&unreleased).unwrap());
    assert!(code == 1 && out.contains("whose code the host had not re-issued"), "{out}");
}

#[tokio::test(flavor = "multi_thread")]
async fn a_seat_code_is_reissued_only_while_the_game_is_on() {
    let redis = Redis::start();
    let referee = Referee::start(&redis.url());
    let mut client = referee.client().await;
    let created = create(&mut client, "chess", "").await;
    let waiting = Table {
        game_id: created.game_id.clone(),
        host_token: created.host_token.clone(),
        commitment: created.commitment.clone(),
        tokens: vec![],
        view: pb::GameView::default(),
    };
    let refused = reissue(&mut client, &waiting, &created.host_token, 0, "").await.unwrap_err();
    assert_eq!(error_code(&refused), "waiting_for_players", "{refused:?}");
    assert!(refused.message().contains("once it has"), "{}", refused.message());

    let table = seat_everyone(&mut client, "chess", "").await;
    submit(&mut client, &table, 0, "resign", table.view.seq, "r").await.unwrap();
    let refused = reissue(&mut client, &table, &table.host_token, 1, "").await.unwrap_err();
    assert_eq!(error_code(&refused), "game_over", "{refused:?}");
}
