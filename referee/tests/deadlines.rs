//! Rounds with a deadline, end to end: real Redis, the real referee, real gRPC and real time.

#[path = "support/relink.rs"]
mod relink;
mod support;

use referee_proto::v1 as pb;
use relink::*;
use std::time::{Duration, SystemTime, UNIX_EPOCH};
use support::*;

fn now_ms() -> u64 {
    SystemTime::now().duration_since(UNIX_EPOCH).unwrap().as_millis() as u64
}

/// Plays the pick and place stages of a Chess Battle (each seat's first legal action) until
/// the sealed rounds begin; returns the view then.
async fn to_the_rounds(client: &mut Client, table: &Table) -> pb::GameView {
    for i in 0.. {
        let views = futures::future::join_all(table.tokens.iter().map(|t| {
            let mut client = client.clone();
            async move { get_view(&mut client, &table.game_id, Some(t)).await.unwrap() }
        }))
        .await;
        if view_json(&views[0])["game"]["stage"] == "rounds" {
            return views[0].clone();
        }
        let seat = views.iter().position(|v| !legal_moves(v).is_empty()).expect("somebody picks or places");
        let action = legal_moves(&views[seat])[0].clone();
        submit(client, table, seat, &action, views[seat].seq, &format!("setup-{i}")).await.unwrap();
    }
    unreachable!()
}

#[tokio::test(flavor = "multi_thread")]
async fn a_round_past_its_deadline_is_closed_by_the_next_call_and_verified_by_the_times_in_the_record() {
    let redis = Redis::start();
    let referee = Referee::start(&redis.url());
    let mut client = referee.client().await;
    let table =
        seat_everyone(&mut client, "chess-battle", r#"{"players": 4, "round_seconds": 3, "safe_rounds": 2}"#).await;
    let opened = to_the_rounds(&mut client, &table).await;
    let deadline = opened.round_deadline_ms;
    assert!(deadline > now_ms() && deadline <= now_ms() + 3_000, "the view tells when the round closes: {deadline}");

    // Seat 1 seals a move in time; nobody else does.
    let own = get_view(&mut client, &table.game_id, Some(&table.tokens[0])).await.unwrap();
    let moves: Vec<String> = legal_moves(&own).into_iter().filter(|a| a != "resign" && a != "stay").collect();
    submit(&mut client, &table, 0, &moves[0], own.seq, "seal-1").await.unwrap();
    let before = get_view(&mut client, &table.game_id, None).await.unwrap();
    assert_eq!(before.round_deadline_ms, deadline, "sealing does not move the deadline");
    tokio::time::sleep(Duration::from_millis(deadline.saturating_sub(now_ms()) + 100)).await;

    // Seat 2's late move finds the round closed and is stale; the round was resolved without it.
    let late = get_view(&mut client, &table.game_id, Some(&table.tokens[1])).await.unwrap();
    assert_eq!(late.seq, before.seq + 1, "the first call after the deadline recorded the closing");
    let stay = submit(&mut client, &table, 1, "stay", before.seq, "late").await.unwrap_err();
    assert_eq!(error_code(&stay), "stale", "{stay:?}");
    let game = view_json(&late);
    assert_eq!(game["game"]["round"], 1, "one round was played");
    let said: Vec<&str> = game["played"].as_array().unwrap().iter().filter_map(|p| p["said"].as_str()).collect();
    for seat in 2..=4 {
        assert!(said.contains(&format!("Seat {seat} sealed nothing before the deadline").as_str()), "{said:?}");
    }
    assert!(late.round_deadline_ms >= deadline + 3_000, "the next round has its own deadline");

    // The record checks out, and a closing recorded before the deadline does not.
    client.end_game(authed(pb::EndGameRequest { game_id: table.game_id.clone() }, &table.host_token)).await.unwrap();
    let audit = client.get_audit(pb::GetAuditRequest { game_id: table.game_id.clone() }).await.unwrap().into_inner();
    let text = audit_text(&audit);
    let (code, out) = verify(&text);
    assert_eq!(code, 0, "{out}");
    let record: referee::audit::AuditRecord = serde_json::from_str(&text).unwrap();
    let closing = record.events.iter().position(|e| matches!(e.body, referee::store::EventBody::Deadline)).unwrap();
    let opened_at = record.events[opened.seq as usize - 1].at_ms;
    // The time is bound into the chain: moved, the closing's link no longer holds.
    let mut early = record.clone();
    early.events[closing].at_ms = opened_at + 1_000;
    let (code, out) = verify(&serde_json::to_string(&early).unwrap());
    assert_ne!(code, 0, "{out}");
    assert!(out.contains(&format!("FAILED: event {closing}'s chain link is")), "{out}");
    // Rewritten with every link recomputed, it holds together, but the replay finds the round
    // closed before its deadline.
    relink(&mut early);
    let (code, out) = verify(&serde_json::to_string(&early).unwrap());
    assert_ne!(code, 0, "{out}");
    assert!(out.contains("before its deadline of 3 s"), "{out}");
    // A closing moved later, so that it looks on time, is caught by the links the phones kept:
    // every view carried one.
    let mut later = record.clone();
    later.events[closing].at_ms += 60_000;
    relink(&mut later);
    let (code, out) = verify(&serde_json::to_string(&later).unwrap());
    assert_eq!(code, 0, "consistent in itself: {out}");
    let kept = checkpoint_args(&[(late.seq, late.chain.clone())]);
    let args: Vec<&str> = kept.iter().map(String::as_str).collect();
    let (code, out) = verify_args(&serde_json::to_string(&later).unwrap(), &args);
    assert_eq!(code, 1, "{out}");
    assert!(out.contains(&format!("FAILED: the checkpoint after {} events was", late.seq)), "{out}");
}

#[tokio::test(flavor = "multi_thread")]
async fn without_the_option_a_round_waits_for_every_seat() {
    let redis = Redis::start();
    let referee = Referee::start(&redis.url());
    let mut client = referee.client().await;
    let table = seat_everyone(&mut client, "chess-battle", r#"{"players": 4}"#).await;
    let opened = to_the_rounds(&mut client, &table).await;
    assert_eq!(opened.round_deadline_ms, 0);
    let refused = try_create(&mut client, "chess-battle", r#"{"players": 4, "round_seconds": 1}"#).await.unwrap_err();
    assert!(refused.message().contains("3 seconds to a day"), "{refused:?}");
}
