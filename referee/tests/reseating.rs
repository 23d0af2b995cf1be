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

/// Joins `code` of `game_id` with no key, entropy in the clear or committed (`commitment`, the
/// SHA-256 of entropy revealed later), or none.
fn plain_join(game_id: &str, code: &str, entropy: &[u8], commitment: &[u8]) -> pb::JoinGameRequest {
    pb::JoinGameRequest {
        game_id: game_id.into(),
        join_code: code.into(),
        entropy: entropy.to_vec(),
        entropy_commitment: commitment.to_vec(),
        ..Default::default()
    }
}

async fn audit_of(client: &mut Client, game_id: &str) -> AuditRecord {
    let audit = client.get_audit(pb::GetAuditRequest { game_id: game_id.into() }).await.unwrap().into_inner();
    serde_json::from_str(&audit_text(&audit)).unwrap()
}

/// Re-issue 1 of issue 42: a seat's share of the entropy is fixed at the start, for good. A new
/// phone joining a re-seated seat, with no entropy or with a commitment of its own, changes
/// neither the record's entropy nor any later draw, and the record verifies.
#[tokio::test(flavor = "multi_thread")]
async fn a_new_phone_on_a_seat_leaves_the_games_entropy_as_the_start_fixed_it() {
    use sha2::Digest;
    let redis = Redis::start();
    let referee = Referee::start(&redis.url());
    let mut client = referee.client().await;
    for committed in [false, true] {
        let created = create(&mut client, "table-tools", r#"{"seats": 2}"#).await;
        let game_id = created.game_id.clone();
        let ann = client.join_game(plain_join(&game_id, &created.seats[0].join_code, b"", b"")).await.unwrap();
        let words = b"my words";
        let (entropy, commitment) =
            if committed { (&b""[..], sha2::Sha256::digest(words).to_vec()) } else { (&words[..], Vec::new()) };
        let bea = client.join_game(plain_join(&game_id, &created.seats[1].join_code, entropy, &commitment)).await;
        let bea = bea.unwrap().into_inner();
        if committed {
            let reveal = pb::RevealEntropyRequest { game_id: game_id.clone(), entropy: words.to_vec() };
            client.reveal_entropy(authed(reveal, &bea.token)).await.unwrap();
        }
        let table = Table {
            game_id: game_id.clone(),
            host_token: created.host_token.clone(),
            commitment: created.commitment.clone(),
            tokens: vec![ann.into_inner().token, bea.token],
            view: get_view(&mut client, &game_id, None).await.unwrap(),
        };
        let rolled = submit(&mut client, &table, 0, "roll 2d6", table.view.seq, "first").await.unwrap();
        let code = reissue(&mut client, &table, &table.host_token, 1, "").await.unwrap().join_code;
        // The new phone says nothing of entropy, or commits to its own (as the app always does).
        let other = sha2::Sha256::digest(b"the new phone's words").to_vec();
        let new_commitment = if committed { other.clone() } else { Vec::new() };
        client.join_game(plain_join(&game_id, &code, b"", &new_commitment)).await.unwrap();
        let seq = get_view(&mut client, &game_id, None).await.unwrap().seq;
        assert_eq!(seq, rolled.view.unwrap().seq + 2, "the re-issue and the new phone's join");
        submit(&mut client, &table, 0, "roll 2d6", seq, "second").await.unwrap();
        client.end_game(authed(pb::EndGameRequest { game_id: game_id.clone() }, &table.host_token)).await.unwrap();

        let record = audit_of(&mut client, &game_id).await;
        let (code, out) = verify(&serde_json::to_string(&record).unwrap());
        assert_eq!(code, 0, "committed: {committed}: {out}");
        assert_eq!(record.entropy, vec![String::new(), rules::random::to_hex(words)], "the start's shares");
        let sealed = if committed { rules::random::to_hex(&sha2::Sha256::digest(words)) } else { String::new() };
        assert_eq!(record.entropy_commitments[1], sealed, "the seat's own seal, not the new phone's");
        let EventBody::Rejoined { statement, .. } = &record.events[3].body else { panic!("{:?}", record.events[3]) };
        assert_eq!(statement.entropy_commitment, rules::random::to_hex(&new_commitment), "said, in the event only");
        // The second roll follows the game key with seat 2's share, as the first did.
        let key = referee::audit::game_key(&rules::random::from_hex(&record.seed).unwrap(), &record.entropy).unwrap();
        referee::draws::rederive(3, key, &record.events[4], 1).unwrap();
    }
}

/// Re-issue 4 of issue 42: a re-issued code works once. A retry of a re-issue whose code was
/// used, or replaced by a newer one, is refused and brings back nothing; the used and the
/// replaced codes never seat a phone again, and the newest code still does.
#[tokio::test(flavor = "multi_thread")]
async fn a_reissued_code_once_used_or_replaced_never_works_again() {
    let redis = Redis::start();
    let referee = Referee::start(&redis.url());
    let mut client = referee.client().await;
    let keys = [Key::ed25519(11), Key::ed25519(12)];
    let (table, _) = keyed_chess(&mut client, &keys).await;
    let host = table.host_token.clone();

    // Used: k1's code seats a phone, a re-issue without a key replaces the seat's phone again,
    // and k1 retried gets nothing back.
    let used = reissue(&mut client, &table, &host, 0, "k1").await.unwrap().join_code;
    join_with_key(&mut client, &table.game_id, &used, &Key::ed25519(13), "", "").await.unwrap();
    let newest = reissue(&mut client, &table, &host, 0, "").await.unwrap().join_code;
    let before = get_view(&mut client, &table.game_id, None).await.unwrap().seq;
    let refused = reissue(&mut client, &table, &host, 0, "k1").await.unwrap_err();
    assert_eq!(error_code(&refused), "stale", "{refused:?}");
    assert!(refused.message().contains("used or replaced"), "{}", refused.message());
    assert_eq!(get_view(&mut client, &table.game_id, None).await.unwrap().seq, before, "nothing recorded");
    let refused = join_with_key(&mut client, &table.game_id, &used, &Key::ed25519(14), "", "").await.unwrap_err();
    assert_eq!(error_code(&refused), "bad_join_code", "{refused:?}");
    let joined = join_with_key(&mut client, &table.game_id, &newest, &Key::ed25519(15), "", "").await.unwrap();
    assert_eq!(joined.seat, 0, "the newest code still seats the new phone");

    // Replaced before anyone used it: k2's code, then another; k2 retried brings nothing back.
    let replaced = reissue(&mut client, &table, &host, 1, "k2").await.unwrap().join_code;
    let newest = reissue(&mut client, &table, &host, 1, "").await.unwrap().join_code;
    let refused = reissue(&mut client, &table, &host, 1, "k2").await.unwrap_err();
    assert_eq!(error_code(&refused), "stale", "{refused:?}");
    let refused = join_with_key(&mut client, &table.game_id, &replaced, &Key::ed25519(16), "", "").await.unwrap_err();
    assert_eq!(error_code(&refused), "bad_join_code", "{refused:?}");
    assert!(refused.message().contains("newer code"), "{}", refused.message());
    join_with_key(&mut client, &table.game_id, &newest, &Key::ed25519(16), "", "").await.unwrap();
    let view = get_view(&mut client, &table.game_id, None).await.unwrap();
    assert_eq!(view.reissues, vec![2, 2], "each re-issue counted, for every phone to see");
}

/// Re-issue 5 of issue 42: each re-issue cuts a seat off, so a host may re-issue one seat's code
/// at most three times a minute; a fourth is refused with the time to wait, and records nothing.
#[tokio::test(flavor = "multi_thread")]
async fn the_host_may_reissue_a_seats_code_at_most_three_times_a_minute() {
    use tonic_types::StatusExt;
    let redis = Redis::start();
    let referee = Referee::start(&redis.url());
    let mut client = referee.client().await;
    let table = seat_everyone(&mut client, "chess", "").await;
    let host = table.host_token.clone();
    for i in 0..3 {
        reissue(&mut client, &table, &host, 0, &format!("r{i}")).await.unwrap();
    }
    // A retry of the third is its answer again, not a fourth.
    reissue(&mut client, &table, &host, 0, "r2").await.unwrap();
    let before = get_view(&mut client, &table.game_id, None).await.unwrap();
    let refused = reissue(&mut client, &table, &host, 0, "").await.unwrap_err();
    assert_eq!((refused.code(), error_code(&refused).as_str()), (tonic::Code::ResourceExhausted, "limit_reached"));
    assert!(
        refused.message().contains("three times") || refused.message().contains("3 times"),
        "{}",
        refused.message()
    );
    let wait = refused.get_details_retry_info().and_then(|r| r.retry_delay).unwrap();
    assert!(wait.as_secs() >= 1 && wait.as_secs() <= 60, "{wait:?}");
    let after = get_view(&mut client, &table.game_id, None).await.unwrap();
    assert_eq!((after.seq, after.reissues.clone()), (before.seq, vec![3, 0]), "nothing recorded");
    // Another seat is counted apart.
    reissue(&mut client, &table, &host, 1, "").await.unwrap();
}

/// Re-issue 3 of issue 42, for new phones: a seat waiting for one may not be taken with a key
/// another seat holds, or held before its own re-issue.
#[tokio::test(flavor = "multi_thread")]
async fn a_new_phone_may_not_take_a_seat_with_another_seats_key() {
    let redis = Redis::start();
    let referee = Referee::start(&redis.url());
    let mut client = referee.client().await;
    let keys = [Key::ed25519(21), Key::p256(22)];
    let (table, _) = keyed_chess(&mut client, &keys).await;
    let host = table.host_token.clone();
    let code = reissue(&mut client, &table, &host, 0, "").await.unwrap().join_code;
    let refused = join_with_key(&mut client, &table.game_id, &code, &keys[1], "", "").await.unwrap_err();
    assert_eq!(
        (refused.code(), error_code(&refused).as_str()),
        (tonic::Code::FailedPrecondition, "public_key_in_use"),
        "{refused:?}"
    );
    // The seat's own old key may come back to it.
    join_with_key(&mut client, &table.game_id, &code, &keys[0], "", "").await.unwrap();
    // Black's phone replaced: its old key is still Black's, never White's.
    let black = reissue(&mut client, &table, &host, 1, "").await.unwrap().join_code;
    join_with_key(&mut client, &table.game_id, &black, &Key::ed25519(23), "", "").await.unwrap();
    let white = reissue(&mut client, &table, &host, 0, "").await.unwrap().join_code;
    let refused = join_with_key(&mut client, &table.game_id, &white, &keys[1], "", "").await.unwrap_err();
    assert_eq!(error_code(&refused), "public_key_in_use", "{refused:?}");

    // A record in which White's new phone joined with Black's key fails, links recomputed.
    client.end_game(authed(pb::EndGameRequest { game_id: table.game_id.clone() }, &host)).await.unwrap();
    let record = audit_of(&mut client, &table.game_id).await;
    let (code, out) = verify(&serde_json::to_string(&record).unwrap());
    assert_eq!(code, 0, "{out}");
    let mut shared = record.clone();
    let EventBody::Rejoined { statement, .. } = &mut shared.events[2].body else { panic!("{:?}", shared.events[2]) };
    statement.key = keys[1].public();
    let message = join_message(&record.game_id, &statement.key, &statement.entropy_commitment, "", &statement.name);
    statement.signature = rules::random::to_hex(&keys[1].sign(&message));
    relink(&mut shared);
    let (code, out) = verify(&serde_json::to_string(&shared).unwrap());
    assert!(code == 1 && out.contains("FAILED: event 2: seats 2 and 1 joined with the same key"), "{out}");
}
