//! The record's chain against the real referee: every view carries the chain so far, and a
//! record rewritten afterwards — even with every link recomputed and every move still legal —
//! no longer extends what a player's phone kept.

mod support;

use referee::audit::{self, AuditRecord};
use support::*;

#[tokio::test(flavor = "multi_thread")]
async fn a_rewritten_record_fails_against_the_links_players_kept() {
    let redis = Redis::start();
    let referee = Referee::start(&redis.url());
    let mut client = referee.client().await;
    let table = seat_everyone(&mut client, "chess", "").await;
    assert_eq!(table.view.chain.len(), 64, "every view carries the chain so far");
    let after_e4 = submit(&mut client, &table, 0, "e2e4", table.view.seq, "1").await.unwrap().view.unwrap();
    let kept = (after_e4.seq, after_e4.chain.clone());
    let after_e5 = submit(&mut client, &table, 1, "e7e5", after_e4.seq, "2").await.unwrap().view.unwrap();
    assert_ne!(after_e5.chain, after_e4.chain);
    submit(&mut client, &table, 1, "resign", after_e5.seq, "3").await.unwrap();
    let audit = client
        .get_audit(referee_proto::v1::GetAuditRequest { game_id: table.game_id.clone() })
        .await
        .unwrap()
        .into_inner();
    let record: AuditRecord = serde_json::from_str(&audit_text(&audit)).unwrap();
    let checkpoint = format!("{}:{}", kept.0, kept.1);
    let (code, out) = verify_args(&serde_json::to_string(&record).unwrap(), &["--checkpoint", &checkpoint]);
    assert_eq!(code, 0, "{out}");
    assert!(out.contains("the record extends all 1 checkpoint(s): ok"), "{out}");

    // A legal substitution (d4 for e4), links left as they were: the chain itself breaks.
    let mut rewritten = record.clone();
    let referee::store::EventBody::Action { action, .. } = &mut rewritten.events[1].body else { panic!() };
    *action = "d2d4".into();
    let (code, out) = verify_args(&serde_json::to_string(&rewritten).unwrap(), &[]);
    assert_eq!(code, 1, "{out}");
    assert!(out.contains("FAILED: event 1's chain link is"), "{out}");
    // The same with every link recomputed: consistent in itself, so only a kept link catches it.
    let mut link = audit::chain_start(&rewritten.game_id, &rewritten.commitment);
    for event in &mut rewritten.events {
        link = audit::chain_link(&link, event);
        event.chain = link.clone();
    }
    let (code, out) = verify_args(&serde_json::to_string(&rewritten).unwrap(), &[]);
    assert_eq!(code, 0, "without checkpoints a consistent rewrite cannot be told apart: {out}");
    let (code, out) = verify_args(&serde_json::to_string(&rewritten).unwrap(), &["--checkpoint", &checkpoint]);
    assert_eq!(code, 1, "{out}");
    assert!(out.contains("FAILED: the checkpoint after 2 events was"), "{out}");
    // Another seat's roll, another deal target: any change to an event's text breaks its link.
    let mut other_seat = record.clone();
    let referee::store::EventBody::Action { seat, .. } = &mut other_seat.events[3].body else { panic!() };
    *seat = 0;
    let (code, out) = verify_args(&serde_json::to_string(&other_seat).unwrap(), &[]);
    assert_eq!(code, 1, "{out}");
}
