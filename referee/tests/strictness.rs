//! Keys and requests taken only in the forms the docs give, and refusals in words, against the
//! real referee and Redis (issue 42, item 7): a key in one written form, an idempotency key
//! reused for another action refused with its own reason, the host's calls without a token
//! answered `no_token`, and `referee verify` saying what it found in players' words.

#[path = "support/keys.rs"]
mod keys;
#[path = "support/relink.rs"]
mod relink;
mod support;

use keys::Key;
use referee::audit::AuditRecord;
use referee::signing::join_message;
use referee_proto::v1 as pb;
use relink::relink;
use support::*;

#[tokio::test(flavor = "multi_thread")]
async fn a_key_is_taken_only_in_its_one_written_form() {
    let redis = Redis::start();
    let referee = Referee::start(&redis.url());
    let mut client = referee.client().await;
    let created = create(&mut client, "chess", "").await;
    let join = |public_key: String, key: &Key| {
        let message = join_message(&created.game_id, &public_key, "", "", "");
        pb::JoinGameRequest {
            game_id: created.game_id.clone(),
            join_code: created.seats[0].join_code.clone(),
            join_signature: key.sign(&message),
            public_key,
            ..Default::default()
        }
    };
    // Upper-case hex, signed as written: refused, however well signed.
    let ed = Key::ed25519(31);
    let upper = ed.public().to_uppercase().replacen("ED25519", "ed25519", 1);
    let refused = client.join_game(join(upper, &ed)).await.unwrap_err();
    assert_eq!(error_code(&refused), "bad_signature", "{refused:?}");
    assert!(refused.message().contains("lower-case hex"), "{}", refused.message());
    // A P-256 point written compressed (33 bytes): refused.
    let Key::P256(p) = Key::p256(32) else { unreachable!() };
    let compressed = format!("p256:{}", rules::random::to_hex(p.verifying_key().to_sec1_point(true).as_bytes()));
    let refused = client.join_game(join(compressed, &Key::p256(32))).await.unwrap_err();
    assert_eq!(error_code(&refused), "bad_signature", "{refused:?}");
    assert!(refused.message().contains("uncompressed point"), "{}", refused.message());
    // As written: taken.
    let ed = Key::ed25519(31);
    client.join_game(join(ed.public(), &ed)).await.unwrap();
}

#[tokio::test(flavor = "multi_thread")]
async fn an_idempotency_key_reused_for_another_action_is_refused_with_its_own_reason() {
    let redis = Redis::start();
    let referee = Referee::start(&redis.url());
    let mut client = referee.client().await;
    let table = seat_everyone(&mut client, "table-tools", r#"{"seats": 2}"#).await;
    let seq = table.view.seq;
    let first = submit(&mut client, &table, 0, "roll 1d6", seq, "k").await.unwrap();
    // The same request again: the first answer, nothing applied twice.
    let retry = submit(&mut client, &table, 0, "roll 1d6", seq, "k").await.unwrap();
    assert!(retry.duplicate && retry.event_seq == first.event_seq);
    // The same key with another action, or the same action from another view: refused.
    for (action, from) in [("roll 2d6", seq), ("roll 1d6", seq + 1)] {
        let refused = submit(&mut client, &table, 0, action, from, "k").await.unwrap_err();
        assert_eq!(
            (refused.code(), error_code(&refused).as_str()),
            (tonic::Code::FailedPrecondition, "idempotency_key_reused"),
            "{action} from {from}: {refused:?}"
        );
    }
    let view = get_view(&mut client, &table.game_id, None).await.unwrap();
    assert_eq!(view.seq, seq + 1, "nothing more recorded");
    // Each seat's keys are its own.
    submit(&mut client, &table, 1, "roll 2d6", view.seq, "k").await.unwrap();
}

#[tokio::test(flavor = "multi_thread")]
async fn the_hosts_calls_without_a_token_are_answered_no_token() {
    let redis = Redis::start();
    let referee = Referee::start(&redis.url());
    let mut client = referee.client().await;
    let table = seat_everyone(&mut client, "chess", "").await;
    let request = pb::ReissueJoinCodeRequest { game_id: table.game_id.clone(), seat: 0, client_key: String::new() };
    let refused = client.reissue_join_code(request).await.unwrap_err();
    assert_eq!((refused.code(), error_code(&refused).as_str()), (tonic::Code::Unauthenticated, "no_token"));
    let refused = client.end_game(pb::EndGameRequest { game_id: table.game_id.clone() }).await.unwrap_err();
    assert_eq!((refused.code(), error_code(&refused).as_str()), (tonic::Code::Unauthenticated, "no_token"));
    let view = get_view(&mut client, &table.game_id, None).await.unwrap();
    assert_eq!((view.seq, view.status), (table.view.seq, pb::GameStatus::Active as i32), "nothing happened");
}

#[tokio::test(flavor = "multi_thread")]
async fn referee_verify_says_what_it_found_in_words_not_rust_debug_text() {
    let redis = Redis::start();
    let referee = Referee::start(&redis.url());
    let mut client = referee.client().await;
    let table = seat_everyone(&mut client, "chess", "").await;
    submit(&mut client, &table, 0, "resign", table.view.seq, "r").await.unwrap();
    let audit = client.get_audit(pb::GetAuditRequest { game_id: table.game_id.clone() }).await.unwrap().into_inner();
    let record: AuditRecord = serde_json::from_str(&audit_text(&audit)).unwrap();
    let mut round = record.clone();
    round.events[1].round = Some(0);
    relink(&mut round);
    let (code, out) = verify(&serde_json::to_string(&round).unwrap());
    assert_eq!(code, 1, "{out}");
    assert!(out.contains("event 1 says it closed sealed round 0, but by the rules it closed no sealed round"), "{out}");
    let mut format = record.clone();
    format.format = "something else".into();
    let (code, out) = verify(&serde_json::to_string(&format).unwrap());
    assert_eq!(code, 1, "{out}");
    for debug in ["Some(", "None", "\\\""] {
        assert!(!out.contains(debug), "{debug} in {out}");
    }
}
