//! The referee service end to end: real Redis, the real `referee serve` binary, real gRPC.

mod support;

use referee_proto::v1 as pb;
use serde_json::Value;
use std::collections::HashSet;
use support::*;
use tonic::Code;

fn seat_to_move(view: &pb::GameView) -> usize {
    view_json(view)["turn"]["seats"][0]["seat"].as_u64().unwrap() as usize
}

/// The record's sentences, in order.
fn said(view: &pb::GameView) -> Vec<String> {
    view_json(view)["played"].as_array().unwrap().iter().map(|p| p["said"].as_str().unwrap().to_string()).collect()
}

/// Plays a legal action (spread over the list) until the game ends or `plies` run out.
async fn play_on(client: &mut Client, table: &Table, mut view: pb::GameView, plies: usize) -> pb::GameView {
    for i in 0..plies {
        if view.status == pb::GameStatus::Over as i32 {
            break;
        }
        let seat = seat_to_move(&view);
        if legal_moves(&view).is_empty() {
            // Games with secrets list legal actions only in the acting seat's own view.
            view = get_view(client, &table.game_id, Some(&table.tokens[seat])).await.unwrap();
        }
        let moves = legal_moves(&view);
        let m = &moves[(i * 7) % moves.len()];
        view = submit(client, table, seat, m, view.seq, &format!("ply-{i}")).await.unwrap().view.unwrap();
    }
    view
}

#[tokio::test(flavor = "multi_thread")]
async fn a_chess960_game_with_card_drawn_setup_is_played_audited_and_verified() {
    let redis = Redis::start();
    let referee = Referee::start(&redis.url());
    let mut client = referee.client().await;
    let created = create(&mut client, "chess960", "").await;
    assert_eq!(created.commitment.len(), 64);
    // Before everyone joins nothing is drawn and nobody can act.
    let waiting = get_view(&mut client, &created.game_id, None).await.unwrap();
    assert_eq!(waiting.status, pb::GameStatus::Waiting as i32);
    let table = seat_everyone(&mut client, "chess960", "").await;
    let view = get_view(&mut client, &table.game_id, Some(&table.tokens[0])).await.unwrap();
    assert_eq!(view.status, pb::GameStatus::Active as i32);
    assert_eq!(view.seq, 1, "the start event is recorded");
    let cards = &view_json(&view)["game"]["setup"]["cards"];
    assert_eq!(cards["pieces"].as_array().unwrap().len(), 6, "the cards drawn are shown: {cards}");

    let view = play_on(&mut client, &table, view, 40).await;
    if view.status != pb::GameStatus::Over as i32 {
        submit(&mut client, &table, 0, "resign", view.seq, "resign").await.unwrap();
    }
    let audit = client.get_audit(pb::GetAuditRequest { game_id: table.game_id.clone() }).await.unwrap().into_inner();
    let record: Value = serde_json::from_str(&audit_text(&audit)).unwrap();
    assert_eq!(record["commitment"], table.commitment.as_str());
    assert_eq!(record["entropy"].as_array().unwrap().len(), 2);
    let (code, out) = verify(&audit_text(&audit));
    assert_eq!(code, 0, "{out}");
    assert!(out.contains("commitment: SHA-256 of the revealed seed") && out.contains("verified"), "{out}");

    // One altered draw is caught.
    let mut tampered = record.clone();
    let draws = tampered["events"][0]["draws"].as_array_mut().unwrap();
    let last = draws.last_mut().unwrap();
    let bound = last["bound"].as_u64().unwrap();
    last["value"] = Value::from((last["value"].as_u64().unwrap() + 1) % bound);
    let (code, out) = verify(&tampered.to_string());
    assert_eq!(code, 1, "{out}");
    assert!(out.contains("FAILED: event 0, draw"), "{out}");
}

#[tokio::test(flavor = "multi_thread")]
async fn table_tools_hands_stay_private_in_views_errors_and_logs() {
    let redis = Redis::start();
    let referee = Referee::start(&redis.url());
    let mut client = referee.client().await;
    let table = seat_everyone(&mut client, "table-tools", r#"{"seats": 2, "decks": {"main": "standard-52"}}"#).await;
    let dealt = submit(&mut client, &table, 0, "deal main 5 to all", table.view.seq, "deal").await.unwrap();
    let seat0 = get_view(&mut client, &table.game_id, Some(&table.tokens[0])).await.unwrap();
    let seat1 = get_view(&mut client, &table.game_id, Some(&table.tokens[1])).await.unwrap();
    let host = get_view(&mut client, &table.game_id, Some(&table.host_token)).await.unwrap();
    let spectator = get_view(&mut client, &table.game_id, None).await.unwrap();
    // A seat's hand is in its own view's private part.
    let hand = |v: &pb::GameView, seat: usize| -> Vec<String> {
        assert_eq!(v.seat, Some(seat as u32), "a hand is read from its own seat's view");
        view_json(v)["private"]["cards"]
            .as_array()
            .map(|cards| cards.iter().map(|c| c.as_str().unwrap().split(':').nth(1).unwrap().to_string()).collect())
            .unwrap_or_default()
    };
    let hand0 = hand(&seat0, 0);
    let hand1 = hand(&seat1, 1);
    assert_eq!((hand0.len(), hand1.len()), (5, 5));
    assert_eq!(hand(&dealt.view.unwrap(), 0), hand0, "the submitter's own view shows its hand");
    let quoted = |card: &str| format!("\"{card}\"");
    let quoted_in_hand = |card: &str| format!(":{card}\"");
    for card in &hand0 {
        for other in [&seat1, &host, &spectator] {
            assert!(!view_text(other).contains(&quoted_in_hand(card)), "seat 0's {card} shows in another view");
            assert!(!view_text(other).contains(&quoted(card)), "seat 0's {card} shows in another view");
        }
    }
    assert!(!view_text(&seat0).contains("draw_order"), "the draw order is nobody's until the end");

    // Seat 1 names a card it does not hold: the refusal says so and nothing more.
    let foreign = &hand0[0];
    let err = submit(&mut client, &table, 1, &format!("play {foreign}"), seat1.seq, "bad").await.unwrap_err();
    assert_eq!(err.code(), Code::FailedPrecondition);
    assert_eq!(err.message(), format!("You do not hold {foreign}."));
    assert_eq!(error_code(&err), "illegal_action");

    // The referee's own log (at debug level) never names a card in a hand.
    let log = referee.log_text();
    assert!(log.contains("action recorded"), "the log is being written");
    for card in hand0.iter().chain(&hand1) {
        assert!(!log.contains(&format!("{card}\"")) && !log.contains(&format!(":{card}")), "{card} appears in the log");
    }
}

/// Plays `actions` in order, each by whoever may act (its own view names the seat); returns
/// the last view.
async fn play_each(client: &mut Client, table: &Table, actions: &[&str]) -> pb::GameView {
    let mut view = table.view.clone();
    for (i, action) in actions.iter().enumerate() {
        let seat = seat_to_move(&view);
        let own = get_view(client, &table.game_id, Some(&table.tokens[seat])).await.unwrap();
        view = submit(client, table, seat, action, own.seq, &format!("a{i}")).await.unwrap().view.unwrap();
    }
    view
}

#[tokio::test(flavor = "multi_thread")]
async fn burials_capture_tables_and_cloaked_checkers_stay_private_in_views_live_streams_and_logs() {
    let redis = Redis::start();
    let referee = Referee::start(&redis.url());
    let mut client = referee.client().await;

    // Zombie Chess, the seed's example game: White buries under b2, Black under c6 and g7.
    let zombie = seat_everyone(&mut client, "zombie", "").await;
    let watch = |token: Option<&str>, after_seq: u64| {
        let request = pb::WatchGameRequest { game_id: zombie.game_id.clone(), after_seq };
        match token {
            Some(t) => authed(request, t),
            None => tonic::Request::new(request),
        }
    };
    let mut black_stream =
        client.watch_game(watch(Some(&zombie.tokens[1]), zombie.view.seq)).await.unwrap().into_inner();
    let mut open_stream = client.watch_game(watch(None, zombie.view.seq)).await.unwrap().into_inner();
    let moves = ["e2e4", "e7e5", "g1f3", "b8c6", "d2d4", "e5d4", "bury c6", "f3d4", "bury b2", "c6d4", "bury g7"];
    play_each(&mut client, &zombie, &moves).await;
    let black = get_view(&mut client, &zombie.game_id, Some(&zombie.tokens[1])).await.unwrap();
    let white = get_view(&mut client, &zombie.game_id, Some(&zombie.tokens[0])).await.unwrap();
    let host = get_view(&mut client, &zombie.game_id, Some(&zombie.host_token)).await.unwrap();
    let spectator = get_view(&mut client, &zombie.game_id, None).await.unwrap();
    assert!(view_text(&white).contains("you bury the pawn under b2"));
    for (who, view) in [("Black", &black), ("the host", &host), ("a spectator", &spectator)] {
        let text = view_text(view);
        assert!(!text.contains("bury b2") && !text.contains("under b2"), "{who} learns where White buried: {text}");
    }
    let mut streamed = Vec::new();
    for stream in [&mut black_stream, &mut open_stream] {
        loop {
            let update = tokio::time::timeout(std::time::Duration::from_secs(10), stream.message())
                .await
                .unwrap()
                .unwrap()
                .unwrap();
            let done = update.seq == black.seq;
            streamed.push(view_text(&update));
            if done {
                break;
            }
        }
    }
    for text in &streamed {
        assert!(!text.contains("bury b2") && !text.contains("under b2"), "a live view tells White's burial: {text}");
    }

    // Masquerade: each seat's table of the other's capture moves.
    let masquerade = seat_everyone(&mut client, "masquerade", "").await;
    let seq = masquerade.view.seq;
    submit(&mut client, &masquerade, 0, "assign KQ,QN,RB,NR,BK", seq, "w").await.unwrap();
    submit(&mut client, &masquerade, 1, "assign KR,QB,RK,BN,NQ", seq, "b").await.unwrap();
    let black = get_view(&mut client, &masquerade.game_id, Some(&masquerade.tokens[1])).await.unwrap();
    let white = get_view(&mut client, &masquerade.game_id, Some(&masquerade.tokens[0])).await.unwrap();
    assert!(!view_text(&black).contains("KQ,QN,RB,BK,NR"), "Black sees White's table for Black's pieces");
    assert!(!view_text(&white).contains("KR,QB,RK,BN,NQ"), "White sees Black's table for White's pieces");

    // Cloak and Dagger: each seat's checkers.
    let cloak = seat_everyone(&mut client, "cloak-and-dagger", "").await;
    let seq = cloak.view.seq;
    submit(&mut client, &cloak, 0, "arrange RNBQKBNR", seq, "w").await.unwrap();
    submit(&mut client, &cloak, 1, "arrange NRBKQBRN", seq, "b").await.unwrap();
    let black = get_view(&mut client, &cloak.game_id, Some(&cloak.tokens[1])).await.unwrap();
    let cells = view_json(&black)["board"]["cells"].clone();
    let d1 = cells.as_array().unwrap().iter().find(|c| c["id"] == "d1").unwrap().clone();
    assert_eq!(d1["piece"]["kind"], "unknown", "Black sees White's checker 4 as a checker");
    // A refusal to White speaks of White's own pieces only.
    let white = get_view(&mut client, &cloak.game_id, Some(&cloak.tokens[0])).await.unwrap();
    let err = submit(&mut client, &cloak, 0, "b1b3", white.seq, "bad").await.unwrap_err();
    assert_eq!(err.message(), "Your knight (2) cannot go from b1 to b3.");

    // The referee's log names no burial, table or arrangement.
    let log = referee.log_text();
    for secret in ["bury b2", "under b2", "KR,QB,RK,BN,NQ", "KQ,QN,RB,BK,NR", "NRBKQBRN", "RNBQKBNR"] {
        assert!(!log.contains(secret), "the log holds {secret}");
    }
}

#[tokio::test(flavor = "multi_thread")]
async fn booster_hands_stay_private_and_the_game_is_audited_and_verified() {
    let redis = Redis::start();
    let referee = Referee::start(&redis.url());
    let mut client = referee.client().await;
    let table = seat_everyone(&mut client, "booster", "").await;
    // A seat's hand is in its own view's private part.
    let hand = |v: &pb::GameView, seat: usize| -> Vec<String> {
        assert_eq!(v.seat, Some(seat as u32), "a hand is read from its own seat's view");
        view_json(v)["private"]["cards"]
            .as_array()
            .map(|c| c.iter().map(|x| x.as_str().unwrap().to_string()).collect())
            .unwrap_or_default()
    };
    let seat0 = get_view(&mut client, &table.game_id, Some(&table.tokens[0])).await.unwrap();
    let seat1 = get_view(&mut client, &table.game_id, Some(&table.tokens[1])).await.unwrap();
    let spectator = get_view(&mut client, &table.game_id, None).await.unwrap();
    let (hand0, hand1) = (hand(&seat0, 0), hand(&seat1, 1));
    assert_eq!((hand0.len(), hand1.len()), (6, 6));
    for card in &hand0 {
        for other in [&seat1, &spectator] {
            assert!(!view_text(other).contains(&format!("\"{card}\"")), "White's {card} shows in another view");
        }
    }
    // Black names a card of White's: the refusal says only that Black does not hold it.
    let view = submit(&mut client, &table, 0, "e2e4", seat0.seq, "e4").await.unwrap().view.unwrap();
    let view = submit(&mut client, &table, 0, "pass", view.seq, "pass").await.unwrap().view.unwrap();
    let view = submit(&mut client, &table, 1, "e7e5", view.seq, "e5").await.unwrap().view.unwrap();
    let err = submit(&mut client, &table, 1, &format!("play {} e8", hand0[0]), view.seq, "bad").await.unwrap_err();
    assert_eq!(err.message(), format!("You do not hold the {}.", hand0[0]));
    // Random parts of play to the end, then the audit replays every draw.
    let now = get_view(&mut client, &table.game_id, Some(&table.tokens[1])).await.unwrap();
    let view = play_on(&mut client, &table, now, 60).await;
    if view.status != pb::GameStatus::Over as i32 {
        submit(&mut client, &table, 0, "resign", view.seq, "resign").await.unwrap();
    }
    let log = referee.log_text();
    for card in hand0.iter().chain(&hand1) {
        assert!(!log.contains(&format!("\"{card}\"")), "{card} appears in the log");
    }
    let audit = client.get_audit(pb::GetAuditRequest { game_id: table.game_id.clone() }).await.unwrap().into_inner();
    let (code, out) = verify(&audit_text(&audit));
    assert_eq!(code, 0, "{out}");
}

#[tokio::test(flavor = "multi_thread")]
async fn a_hundred_racing_submits_on_one_turn_accept_exactly_one() {
    let redis = Redis::start();
    let referee = Referee::start(&redis.url());
    let mut client = referee.client().await;
    let table = std::sync::Arc::new(seat_everyone(&mut client, "chess", "").await);
    let white = get_view(&mut client, &table.game_id, Some(&table.tokens[0])).await.unwrap();
    let moves = legal_moves(&white);
    let seq = table.view.seq;
    let mut tasks = Vec::new();
    for i in 0..100 {
        let mut c = client.clone();
        let table = table.clone();
        let m = moves[i % moves.len()].clone();
        tasks.push(tokio::spawn(async move { submit(&mut c, &table, 0, &m, seq, &format!("racer-{i}")).await }));
    }
    let mut accepted = 0;
    for task in tasks {
        match task.await.unwrap() {
            Ok(r) => {
                assert!(!r.duplicate);
                accepted += 1;
            }
            Err(status) => {
                assert_eq!(status.code(), Code::Aborted, "{status:?}");
                assert_eq!(error_code(&status), "stale");
                assert_eq!(current_seq(&status), Some(seq + 1));
            }
        }
    }
    assert_eq!(accepted, 1);
    let view = get_view(&mut client, &table.game_id, None).await.unwrap();
    assert_eq!(view.seq, seq + 1);
    assert_eq!(said(&view).len(), 1);
}

/// Chess Battle's stage, as every seat sees it.
fn stage(view: &pb::GameView) -> String {
    view_json(view)["game"]["stage"].as_str().unwrap_or_default().to_string()
}

#[tokio::test(flavor = "multi_thread")]
async fn twelve_seats_seal_their_chess_battle_moves_at_once_and_none_is_refused_as_stale() {
    let redis = Redis::start();
    let referee = Referee::start(&redis.url());
    let mut client = referee.client().await;
    let options = r#"{"players": 12, "safe_rounds": 1}"#;
    let table = std::sync::Arc::new(seat_everyone(&mut client, "chess-battle", options).await);
    // Picking and placing go one seat at a time.
    let mut view = table.view.clone();
    let mut ply = 0;
    while matches!(stage(&view).as_str(), "pick-piece" | "place") {
        let seat = seat_to_move(&view);
        let own = get_view(&mut client, &table.game_id, Some(&table.tokens[seat])).await.unwrap();
        let actions = legal_moves(&own);
        let action = &actions[(ply * 7) % actions.len()];
        view = submit(&mut client, &table, seat, action, own.seq, &format!("setup-{ply}")).await.unwrap().view.unwrap();
        ply += 1;
    }
    assert_eq!(ply, 24, "twelve picks and twelve placements");
    // Each round every living seat reads its view, then all submit at the same moment.
    let mut rounds = 0;
    while view.status != pb::GameStatus::Over as i32 {
        rounds += 1;
        assert!(rounds <= 12, "the danger zones end the game on a 10×10 board within a dozen rounds");
        let living: Vec<usize> = view_json(&view)["turn"]["seats"]
            .as_array()
            .unwrap()
            .iter()
            .map(|s| s["seat"].as_u64().unwrap() as usize)
            .collect();
        let start = std::sync::Arc::new(tokio::sync::Barrier::new(living.len()));
        let mut tasks = Vec::new();
        for seat in living {
            let (mut c, table, start) = (client.clone(), table.clone(), start.clone());
            tasks.push(tokio::spawn(async move {
                let own = get_view(&mut c, &table.game_id, Some(&table.tokens[seat])).await.unwrap();
                let moves: Vec<String> = legal_moves(&own).into_iter().filter(|a| !a.contains(' ')).collect();
                let action = moves[(seat * 5 + rounds) % moves.len()].clone();
                start.wait().await;
                (seat, submit(&mut c, &table, seat, &action, own.seq, &format!("round-{rounds}-{seat}")).await)
            }));
        }
        for task in tasks {
            let (seat, result) = task.await.unwrap();
            if let Err(status) = result {
                panic!("seat {seat}'s sealed move in round {rounds} was refused: {status:?}");
            }
        }
        view = get_view(&mut client, &table.game_id, None).await.unwrap();
        assert_eq!(view_json(&view)["game"]["round"], rounds, "every seal arrived and the round was revealed");
    }
    let outcome = &view_json(&view)["outcome"];
    assert!(
        outcome["reason"].as_str().unwrap().contains("last one standing")
            || outcome["reason"] == "nobody survived: a tie"
    );
    // The record shows every move once revealed, and the audit verifies.
    let audit = client.get_audit(pb::GetAuditRequest { game_id: table.game_id.clone() }).await.unwrap().into_inner();
    let (code, out) = verify(&audit_text(&audit));
    assert_eq!(code, 0, "{out}");
}

#[tokio::test(flavor = "multi_thread")]
async fn a_retried_submit_returns_the_first_result_and_applies_once() {
    let redis = Redis::start();
    let referee = Referee::start(&redis.url());
    let mut client = referee.client().await;
    let table = std::sync::Arc::new(seat_everyone(&mut client, "chess", "").await);
    let seq = table.view.seq;
    let first = submit(&mut client, &table, 0, "e2e4", seq, "same-key").await.unwrap();
    assert!(!first.duplicate);
    // The retry carries the old sequence number, as a phone that never saw the answer would.
    let retry = submit(&mut client, &table, 0, "e2e4", seq, "same-key").await.unwrap();
    assert!(retry.duplicate);
    assert_eq!((retry.event_seq, retry.action.as_str(), retry.description.as_str()), (first.event_seq, "e2e4", "e4"));
    // Ten retries at once still apply nothing more.
    let mut tasks = Vec::new();
    for _ in 0..10 {
        let (mut c, table) = (client.clone(), table.clone());
        tasks.push(tokio::spawn(
            async move { submit(&mut c, &table, 0, "e2e4", seq, "same-key").await.unwrap().duplicate },
        ));
    }
    for t in tasks {
        assert!(t.await.unwrap());
    }
    let view = get_view(&mut client, &table.game_id, None).await.unwrap();
    assert_eq!(view.seq, seq + 1);
    // The same key used by the other seat is that seat's own key.
    let black = submit(&mut client, &table, 1, "e7e5", seq + 1, "same-key").await.unwrap();
    assert!(!black.duplicate);
}

#[tokio::test(flavor = "multi_thread")]
async fn killing_the_referee_between_submits_loses_nothing_and_any_replica_serves() {
    let redis = Redis::start();
    let mut first = Referee::start(&redis.url());
    let mut client = first.client().await;
    let table = seat_everyone(&mut client, "chess", "").await;
    let after_e4 = submit(&mut client, &table, 0, "e2e4", table.view.seq, "a").await.unwrap().view.unwrap();
    first.kill9();
    let second = Referee::start(&redis.url());
    let third = Referee::start(&redis.url());
    let mut client2 = second.client().await;
    let after_e5 = submit(&mut client2, &table, 1, "e7e5", after_e4.seq, "b").await.unwrap().view.unwrap();
    let mut client3 = third.client().await;
    let seen = get_view(&mut client3, &table.game_id, Some(&table.tokens[0])).await.unwrap();
    assert_eq!(seen.seq, after_e5.seq);
    assert_eq!(said(&seen), ["e4", "e5"]);
}

#[tokio::test(flavor = "multi_thread")]
async fn a_redis_crash_with_aof_always_loses_no_acknowledged_event() {
    let mut redis = Redis::start();
    let referee = Referee::start_with(&redis.url(), &[("REFEREE_SNAPSHOT_EVERY", "4")]);
    let mut client = referee.client().await;
    let table = seat_everyone(&mut client, "chess", "").await;
    let view = play_on(&mut client, &table, table.view.clone(), 10).await;
    redis.crash_and_restart();
    // The referee reconnects by itself; the first calls may find Redis still loading.
    let mut seen = None;
    for _ in 0..100 {
        match get_view(&mut client, &table.game_id, None).await {
            Ok(v) => {
                seen = Some(v);
                break;
            }
            Err(status) => {
                assert_eq!(status.code(), Code::Unavailable, "{status:?}");
                tokio::time::sleep(std::time::Duration::from_millis(100)).await;
            }
        }
    }
    let seen = seen.expect("the referee serves again after Redis restarts");
    assert_eq!(seen.seq, view.seq);
    assert_eq!(said(&seen), said(&view));
    // And play goes on.
    let mover = get_view(&mut client, &table.game_id, Some(&table.tokens[seat_to_move(&seen)])).await.unwrap();
    let next = legal_moves(&mover)[0].clone();
    submit(&mut client, &table, seat_to_move(&seen), &next, seen.seq, "after-crash").await.unwrap();
}

#[tokio::test(flavor = "multi_thread")]
async fn after_redis_restarts_the_read_that_finds_it_back_brings_back_the_moves_connection_too() {
    let mut redis = Redis::start();
    let referee = Referee::start(&redis.url());
    let mut client = referee.client().await;
    let table = seat_everyone(&mut client, "chess", "").await;
    let view = play_on(&mut client, &table, table.view.clone(), 2).await;
    redis.crash_and_restart();
    // A spectator's record page, on the referee's connection for reads, finds Redis back.
    let record = pb::GetRecordRequest { game_id: table.game_id.clone(), from: 0 };
    let mut read = false;
    for _ in 0..100 {
        match client.get_record(record.clone()).await {
            Ok(_) => {
                read = true;
                break;
            }
            Err(status) => {
                assert_eq!(status.code(), Code::Unavailable, "{status:?}");
                tokio::time::sleep(std::time::Duration::from_millis(100)).await;
            }
        }
    }
    assert!(read, "the referee serves again after Redis restarts");
    // The next move, on the moves' connection, goes in at its first try.
    let mover = seat_to_move(&view);
    let seat_view = get_view(&mut client, &table.game_id, Some(&table.tokens[mover])).await.unwrap();
    let next = legal_moves(&seat_view)[0].clone();
    submit(&mut client, &table, mover, &next, view.seq, "after-restart").await.unwrap();
}

#[tokio::test(flavor = "multi_thread")]
async fn snapshots_are_written_so_a_move_reads_only_the_recent_events() {
    let redis = Redis::start();
    let referee = Referee::start_with(&redis.url(), &[("REFEREE_SNAPSHOT_EVERY", "4")]);
    let mut client = referee.client().await;
    let table = seat_everyone(&mut client, "chess", "").await;
    let view = play_on(&mut client, &table, table.view.clone(), 11).await;
    let snap = redis_command(redis.port, &format!("HGET g:{{{}}}:snap seq", table.game_id)).unwrap();
    let snap_seq: u64 = snap.lines().nth(1).unwrap().parse().unwrap();
    assert_eq!(snap_seq % 4, 0);
    assert!(view.seq - snap_seq < 4, "the snapshot at {snap_seq} is within 4 events of {}", view.seq);
    // Reading from the snapshot gives the same game as replaying it all.
    let fresh = get_view(&mut client, &table.game_id, None).await.unwrap();
    assert_eq!(said(&fresh), said(&view));
}

#[tokio::test(flavor = "multi_thread")]
async fn the_referee_runs_unchanged_on_a_three_master_redis_cluster() {
    let cluster = RedisCluster::start();
    let referee = Referee::start_with(&cluster.url(), &[("REFEREE_SNAPSHOT_EVERY", "3")]);
    let mut client = referee.client().await;
    let mut game_slots = HashSet::new();
    for _ in 0..3 {
        let table = seat_everyone(&mut client, "chess960", r#"{"chess960_draw": "number"}"#).await;
        let view = play_on(&mut client, &table, table.view.clone(), 8).await;
        submit(&mut client, &table, seat_to_move(&view), "resign", view.seq, "r").await.unwrap();
        let audit =
            client.get_audit(pb::GetAuditRequest { game_id: table.game_id.clone() }).await.unwrap().into_inner();
        assert_eq!(verify(&audit_text(&audit)).0, 0);
        let slot =
            redis_command(cluster.nodes[0].port, &format!("CLUSTER KEYSLOT g:{{{}}}:events", table.game_id)).unwrap();
        game_slots.insert(slot);
    }
    assert!(!game_slots.is_empty());
}

#[tokio::test(flavor = "multi_thread")]
async fn watchers_see_every_move_live_and_resume_from_a_sequence_number() {
    let redis = Redis::start();
    let referee = Referee::start(&redis.url());
    let mut client = referee.client().await;
    let table = seat_everyone(&mut client, "chess", "").await;
    let mut stream = client
        .watch_game(authed(
            pb::WatchGameRequest { game_id: table.game_id.clone(), after_seq: table.view.seq },
            &table.tokens[1],
        ))
        .await
        .unwrap()
        .into_inner();
    let after = submit(&mut client, &table, 0, "d2d4", table.view.seq, "w").await.unwrap().view.unwrap();
    let update =
        tokio::time::timeout(std::time::Duration::from_secs(10), stream.message()).await.unwrap().unwrap().unwrap();
    assert_eq!(update.seq, after.seq);
    assert_eq!(update.seat, Some(1));
    assert_eq!(said(&update), ["d4"]);
    // A watcher resuming from an older number gets the current view at once.
    let mut late = client
        .watch_game(tonic::Request::new(pb::WatchGameRequest { game_id: table.game_id.clone(), after_seq: 1 }))
        .await
        .unwrap()
        .into_inner();
    let caught_up =
        tokio::time::timeout(std::time::Duration::from_secs(10), late.message()).await.unwrap().unwrap().unwrap();
    assert_eq!(caught_up.seq, after.seq);
    assert_eq!(caught_up.seat, None);
}

#[tokio::test(flavor = "multi_thread")]
async fn watchers_of_a_waiting_game_see_seats_fill_and_the_game_start() {
    async fn next(stream: &mut tonic::Streaming<pb::GameView>) -> pb::GameView {
        tokio::time::timeout(std::time::Duration::from_secs(10), stream.message()).await.unwrap().unwrap().unwrap()
    }
    let redis = Redis::start();
    let referee = Referee::start(&redis.url());
    let mut client = referee.client().await;
    let created = create(&mut client, "chess", "").await;
    let mut stream = client
        .watch_game(authed(
            pb::WatchGameRequest { game_id: created.game_id.clone(), after_seq: 0 },
            &created.host_token,
        ))
        .await
        .unwrap()
        .into_inner();
    let first = next(&mut stream).await;
    assert_eq!((first.status, first.joined_seats.len()), (pb::GameStatus::Waiting as i32, 0));
    let join = |code: &str| pb::JoinGameRequest {
        game_id: created.game_id.clone(),
        join_code: code.into(),
        entropy: vec![],
        ..Default::default()
    };
    client.join_game(join(&created.seats[1].join_code)).await.unwrap();
    let one = next(&mut stream).await;
    assert_eq!((one.status, one.joined_seats.clone()), (pb::GameStatus::Waiting as i32, vec![1]));
    client.join_game(join(&created.seats[0].join_code)).await.unwrap();
    let mut started = next(&mut stream).await;
    while started.status == pb::GameStatus::Waiting as i32 {
        started = next(&mut stream).await;
    }
    assert_eq!((started.status, started.seq, started.seat), (pb::GameStatus::Active as i32, 1, None));
}

#[tokio::test(flavor = "multi_thread")]
async fn refusals_carry_the_right_status_and_a_stable_code() {
    let redis = Redis::start();
    let referee = Referee::start(&redis.url());
    let mut client = referee.client().await;
    let created = create(&mut client, "chess", "").await;
    // A wrong join code, then the same seat joining twice.
    let bad = client
        .join_game(pb::JoinGameRequest {
            game_id: created.game_id.clone(),
            join_code: "AAAA-AAAA".into(),
            entropy: vec![],
            ..Default::default()
        })
        .await
        .unwrap_err();
    assert_eq!((bad.code(), error_code(&bad).as_str()), (Code::PermissionDenied, "bad_join_code"));
    let join = |code: &str| pb::JoinGameRequest {
        game_id: created.game_id.clone(),
        join_code: code.to_lowercase(),
        entropy: vec![],
        ..Default::default()
    };
    let white = client.join_game(join(&created.seats[0].join_code)).await.unwrap().into_inner();
    let again = client.join_game(join(&created.seats[0].join_code)).await.unwrap_err();
    assert_eq!((again.code(), error_code(&again).as_str()), (Code::FailedPrecondition, "seat_taken"));
    // Acting before everyone is seated.
    let early = client
        .submit_action(authed(
            pb::SubmitActionRequest {
                game_id: created.game_id.clone(),
                action: "e2e4".into(),
                expected_seq: 0,
                idempotency_key: "k".into(),
                ..Default::default()
            },
            &white.token,
        ))
        .await
        .unwrap_err();
    assert_eq!(error_code(&early), "waiting_for_players");
    let black = client.join_game(join(&created.seats[1].join_code)).await.unwrap().into_inner();
    let table = Table {
        game_id: created.game_id.clone(),
        host_token: created.host_token.clone(),
        commitment: created.commitment.clone(),
        tokens: vec![white.token.clone(), black.token.clone(), created.host_token.clone(), "not-a-token".into()],
        view: black.view.unwrap(),
    };
    let seq = table.view.seq;
    let cases: [(usize, &str, Code, &str); 5] = [
        (1, "e7e5", Code::FailedPrecondition, "not_your_turn"),
        (0, "e2e5", Code::FailedPrecondition, "illegal_action"),
        (0, "zz", Code::InvalidArgument, "bad_notation"),
        (2, "e2e4", Code::PermissionDenied, "not_a_seat"),
        (3, "e2e4", Code::Unauthenticated, "bad_token"),
    ];
    for (seat, action, code, name) in cases {
        let err = submit(&mut client, &table, seat, action, seq, "k").await.unwrap_err();
        assert_eq!((err.code(), error_code(&err).as_str()), (code, name), "{action}: {}", err.message());
    }
    let audit = client.get_audit(pb::GetAuditRequest { game_id: table.game_id.clone() }).await.unwrap_err();
    assert_eq!(error_code(&audit), "game_not_over");
    let missing = get_view(&mut client, "nosuchgame", None).await.unwrap_err();
    assert_eq!(missing.code(), Code::NotFound);
    let stale = submit(&mut client, &table, 0, "e2e4", seq + 5, "k2").await.unwrap_err();
    assert_eq!(error_code(&stale), "stale");
    // Guessing join codes is cut off.
    let other = create(&mut client, "chess", "").await;
    let mut last = None;
    for i in 0..25 {
        let r = client
            .join_game(pb::JoinGameRequest {
                game_id: other.game_id.clone(),
                join_code: format!("GUESS-{i:04}"),
                entropy: vec![],
                ..Default::default()
            })
            .await
            .unwrap_err();
        last = Some(error_code(&r));
    }
    assert_eq!(last.as_deref(), Some("too_many_attempts"));
    let details = tonic_types::StatusExt::get_details_error_info(&stale).unwrap();
    assert_eq!((details.reason.as_str(), details.domain.as_str()), ("STALE", "referee.v1"));
    assert!(details.metadata.contains_key("current_seq"));
    assert!(stale.metadata().get("referee-error-code").is_none(), "the reason travels only in ErrorInfo");
    // A game recorded under another version of its rules is refused, not replayed by today's.
    let rewrite = format!(
        "EVAL \"local h = string.gsub(redis.call('GET', KEYS[1]), '\\\"rules_version\\\":%d+', '\\\"rules_version\\\":0') redis.call('SET', KEYS[1], h) return 1\" 1 g:{{{}}}:header",
        other.game_id
    );
    assert_eq!(redis_command(redis.port, &rewrite).as_deref(), Some(":1\r\n"));
    let old = get_view(&mut client, &other.game_id, None).await.unwrap_err();
    assert_eq!((old.code(), error_code(&old).as_str()), (Code::FailedPrecondition, "rules_changed"));
    assert!(old.message().contains("version 0 of Chess's rules"), "{}", old.message());
}

#[tokio::test(flavor = "multi_thread")]
async fn a_client_reads_views_as_structured_data_without_parsing_json_text() {
    use referee_proto::structs::Kind;
    let redis = Redis::start();
    let referee = Referee::start(&redis.url());
    let mut client = referee.client().await;
    let rules = client.list_rules(pb::ListRulesRequest {}).await.unwrap().into_inner().rules;
    let tools = rules.iter().find(|r| r.id == "table-tools").unwrap();
    assert!(!tools.lists_all_actions, "table tools say their actions cannot all be listed");
    assert!(rules.iter().find(|r| r.id == "chess").unwrap().lists_all_actions);
    let table = seat_everyone(&mut client, "table-tools", r#"{"seats": 3}"#).await;
    let view = get_view(&mut client, &table.game_id, Some(&table.tokens[2])).await.unwrap();
    let fields = &view.view.as_ref().unwrap().fields;
    let Some(Kind::ListValue(seats)) = fields["seats"].kind.as_ref() else { panic!("seats is a list") };
    assert_eq!(seats.values.len(), 3);
    let Some(Kind::StructValue(viewer)) = fields["viewer"].kind.as_ref() else { panic!("viewer is a struct") };
    assert_eq!(viewer.fields["seat"].kind, Some(Kind::NumberValue(2.0)));
    let Some(Kind::ListValue(actions)) = fields["legal_actions"].kind.as_ref() else { panic!("a list") };
    assert!(actions.values.iter().any(|a| a.kind == Some(Kind::StringValue("roll 1d6".into()))));
    // Options that are not an object are refused with a typed reason.
    let err = client
        .create_game(pb::CreateGameRequest {
            rules: "table-tools".into(),
            options: referee_proto::structs::from_json(&serde_json::json!({"seats": "many"})),
            ..Default::default()
        })
        .await
        .unwrap_err();
    assert_eq!(error_code(&err), "bad_options");
}

#[tokio::test(flavor = "multi_thread")]
async fn stateless_calls_health_reflection_metrics_and_graceful_shutdown() {
    let redis = Redis::start();
    let mut referee = Referee::start(&redis.url());
    let mut client = referee.client().await;
    let rules = client.list_rules(pb::ListRulesRequest {}).await.unwrap().into_inner().rules;
    let ids: Vec<&str> = rules.iter().map(|r| r.id.as_str()).collect();
    assert_eq!(ids, rules::games::ids(), "every rule set, in the catalogue's order");
    assert_eq!(&ids[..2], ["chess", "chess960"]);
    let answer = client
        .adjudicate(pb::AdjudicateRequest {
            rules: "chess".into(),
            position: "r1bqkbnr/ppp2ppp/2np4/1B2p3/4P3/5N2/PPPP1PPP/RNBQK2R b KQkq - 1 4".into(),
            action: "c6d4".into(),
            seat: None,
        })
        .await
        .unwrap()
        .into_inner();
    assert!(!answer.legal);
    assert_eq!(answer.reason, "The knight on c6 is pinned to your king by the bishop on b5.");
    // A question may name the seat asking (needed where several seats act at once).
    let asked_by_white = client
        .adjudicate(pb::AdjudicateRequest {
            rules: "chess".into(),
            position: "r1bqkbnr/ppp2ppp/2np4/1B2p3/4P3/5N2/PPPP1PPP/RNBQK2R b KQkq - 1 4".into(),
            action: "f3d4".into(),
            seat: Some(0),
        })
        .await
        .unwrap()
        .into_inner();
    assert_eq!((asked_by_white.legal, asked_by_white.code), (false, pb::ErrorReason::NotYourTurn as i32));
    assert_eq!(asked_by_white.reason, "It is not your turn: Black is to play.");
    let actions = client
        .legal_actions(pb::LegalActionsRequest {
            rules: "chess".into(),
            position: rules::chess::STANDARD_FEN.into(),
            seat: None,
        })
        .await
        .unwrap()
        .into_inner()
        .actions;
    assert_eq!(actions.iter().filter(|a| a.len() == 4).count(), 20);

    let channel = tonic::transport::Channel::from_shared(referee.endpoint()).unwrap().connect().await.unwrap();
    let mut health = tonic_health::pb::health_client::HealthClient::new(channel.clone());
    let status = health
        .check(tonic_health::pb::HealthCheckRequest { service: "referee.v1.Referee".into() })
        .await
        .unwrap()
        .into_inner()
        .status;
    assert_eq!(status, tonic_health::pb::health_check_response::ServingStatus::Serving as i32);

    let mut reflection = tonic_reflection::pb::v1::server_reflection_client::ServerReflectionClient::new(channel);
    let request = tonic_reflection::pb::v1::ServerReflectionRequest {
        host: String::new(),
        message_request: Some(tonic_reflection::pb::v1::server_reflection_request::MessageRequest::ListServices(
            String::new(),
        )),
    };
    let mut replies = reflection.server_reflection_info(tokio_stream::iter([request])).await.unwrap().into_inner();
    let reply = replies.message().await.unwrap().unwrap();
    let listed = format!("{:?}", reply.message_response);
    assert!(listed.contains("referee.v1.Referee") && listed.contains("grpc.health.v1.Health"), "{listed}");

    let metrics = referee.metrics();
    assert!(metrics.contains("referee_requests_total"), "{metrics}");
    assert!(metrics.contains("method=\"Adjudicate\""), "{metrics}");
    assert!(metrics.contains("referee_request_seconds"), "{metrics}");

    assert!(referee.terminate().success(), "SIGTERM ends the referee cleanly");
}

#[tokio::test(flavor = "multi_thread")]
async fn a_pawn_brought_back_by_an_extra_move_is_refused_a_second_two_square_advance() {
    let redis = Redis::start();
    let referee = Referee::start(&redis.url());
    let mut client = referee.client().await;
    let table = seat_everyone(&mut client, "adrenaline", "").await;
    let mut seq = table.view.seq;
    let moves = ["e2e4", "d7d5", "e4d5", "place a7", "d8d5", "place c2", "c2c3", "c3c2", "a7a6", "done"];
    for (i, m) in moves.iter().enumerate() {
        let now = get_view(&mut client, &table.game_id, None).await.unwrap();
        let seat = seat_to_move(&now);
        seq = submit(&mut client, &table, seat, m, seq, &format!("m{i}")).await.unwrap().view.unwrap().seq;
    }
    let err = submit(&mut client, &table, 0, "c2c4", seq, "again").await.unwrap_err();
    assert_eq!(error_code(&err), "illegal_action");
    assert!(err.message().starts_with("The pawn on c2 has moved before"), "{}", err.message());
    submit(&mut client, &table, 0, "c2c3", seq, "once").await.unwrap();
}

#[tokio::test(flavor = "multi_thread")]
async fn oversized_input_gets_a_short_typed_refusal_that_echoes_at_most_a_prefix() {
    let redis = Redis::start();
    let referee = Referee::start(&redis.url());
    let mut client = referee.client().await;
    let huge = "x".repeat(3_000_000);
    let asks = [
        pb::AdjudicateRequest { rules: "chess".into(), position: huge.clone(), action: "e2e4".into(), seat: None },
        pb::AdjudicateRequest { rules: huge.clone(), position: "startpos".into(), action: "e2e4".into(), seat: None },
        pb::AdjudicateRequest {
            rules: "chess".into(),
            position: "8/8/8/8/8/8/8/8 w - - 0 1".into(),
            action: huge.clone(),
            seat: Some(0),
        },
    ];
    for ask in asks {
        let err = client.adjudicate(ask).await.unwrap_err();
        assert_eq!((err.code(), error_code(&err).as_str()), (Code::InvalidArgument, "too_long"));
        assert!(err.message().len() < 200, "{}", err.message());
    }
    let err = get_view(&mut client, &"y".repeat(8000), None).await.unwrap_err();
    assert_eq!(err.code(), Code::NotFound);
    assert!(err.message().len() < 100, "{}", err.message());
    let err =
        client.create_game(pb::CreateGameRequest { rules: "z".repeat(7000), ..Default::default() }).await.unwrap_err();
    assert_eq!(error_code(&err), "too_long");
    // The connection still serves.
    client.list_rules(pb::ListRulesRequest {}).await.unwrap();
}

#[tokio::test(flavor = "multi_thread")]
async fn sigterm_ends_live_streams_and_the_referee_exits_promptly() {
    let redis = Redis::start();
    let mut referee = Referee::start(&redis.url());
    let mut client = referee.client().await;
    let table = seat_everyone(&mut client, "chess", "").await;
    let mut stream = client
        .watch_game(tonic::Request::new(pb::WatchGameRequest { game_id: table.game_id.clone(), after_seq: 0 }))
        .await
        .unwrap()
        .into_inner();
    stream.message().await.unwrap().expect("the current view first");
    let started = std::time::Instant::now();
    let exit = tokio::task::spawn_blocking(move || referee.terminate());
    let ended = tokio::time::timeout(std::time::Duration::from_secs(10), stream.message()).await.unwrap();
    match ended {
        Err(status) => assert_eq!(status.code(), Code::Unavailable, "{status:?}"),
        Ok(None) => {}
        Ok(Some(view)) => panic!("no more views after shutdown, got one at {}", view.seq),
    }
    let exit = tokio::time::timeout(std::time::Duration::from_secs(10), exit).await.expect("exits").unwrap();
    assert!(exit.success());
    assert!(started.elapsed() < std::time::Duration::from_secs(5), "took {:?}", started.elapsed());
}

#[tokio::test(flavor = "multi_thread")]
async fn a_watcher_resuming_at_the_end_of_a_finished_game_gets_its_last_view() {
    let redis = Redis::start();
    let referee = Referee::start(&redis.url());
    let mut client = referee.client().await;
    let table = seat_everyone(&mut client, "chess", "").await;
    let over = submit(&mut client, &table, 0, "resign", table.view.seq, "r").await.unwrap().view.unwrap();
    assert_eq!(over.status, pb::GameStatus::Over as i32);
    let mut stream = client
        .watch_game(tonic::Request::new(pb::WatchGameRequest { game_id: table.game_id.clone(), after_seq: over.seq }))
        .await
        .unwrap()
        .into_inner();
    let last = tokio::time::timeout(std::time::Duration::from_secs(10), stream.message()).await.unwrap().unwrap();
    assert_eq!(last.expect("the final view").status, pb::GameStatus::Over as i32);
    assert!(stream.message().await.unwrap().is_none(), "then the stream ends");
}

#[tokio::test(flavor = "multi_thread")]
async fn with_redis_down_calls_fail_fast_and_health_says_so_soon() {
    use tonic_health::pb::health_check_response::ServingStatus;
    let mut redis = Redis::start();
    let referee = Referee::start(&redis.url());
    let mut client = referee.client().await;
    let table = seat_everyone(&mut client, "chess", "").await;
    let channel = tonic::transport::Channel::from_shared(referee.endpoint()).unwrap().connect().await.unwrap();
    let mut health = tonic_health::pb::health_client::HealthClient::new(channel);
    let ask = || tonic_health::pb::HealthCheckRequest { service: "referee.v1.Referee".into() };
    let seq = table.view.seq;
    submit(&mut client, &table, 0, "e2e4", seq, "w1").await.unwrap();
    redis.kill();
    // Generous bounds (the issue measured 9.5 s before the answer and 10 s of false readiness).
    let started = std::time::Instant::now();
    let err = get_view(&mut client, &table.game_id, None).await.unwrap_err();
    assert_eq!((err.code(), error_code(&err).as_str()), (Code::Unavailable, "storage_unavailable"));
    assert!(started.elapsed() < std::time::Duration::from_secs(4), "answered after {:?}", started.elapsed());
    // A move in the game this referee keeps warm fails as fast.
    let started = std::time::Instant::now();
    let err = submit(&mut client, &table, 1, "e7e5", seq + 1, "b1").await.unwrap_err();
    assert_eq!((err.code(), error_code(&err).as_str()), (Code::Unavailable, "storage_unavailable"));
    assert!(started.elapsed() < std::time::Duration::from_secs(4), "answered after {:?}", started.elapsed());
    let mut not_serving = false;
    for _ in 0..50 {
        let status = health.check(ask()).await.unwrap().into_inner().status;
        if status == ServingStatus::NotServing as i32 {
            not_serving = true;
            break;
        }
        tokio::time::sleep(std::time::Duration::from_millis(100)).await;
    }
    assert!(not_serving, "health reports NOT_SERVING within 5 s of Redis going down");
    redis.restart();
    let mut back = false;
    for _ in 0..100 {
        if get_view(&mut client, &table.game_id, None).await.is_ok() {
            back = true;
            break;
        }
        tokio::time::sleep(std::time::Duration::from_millis(100)).await;
    }
    assert!(back, "the referee serves again once Redis is back");
    // The refused move goes in now, once, as the next event.
    let moved = submit(&mut client, &table, 1, "e7e5", seq + 1, "b1").await.unwrap();
    assert_eq!((moved.duplicate, moved.event_seq), (false, seq + 1));
}

/// Sends bytes that are not a protobuf message as a gRPC request body.
#[derive(Default)]
struct RawBytes;

impl tonic::codec::Codec for RawBytes {
    type Encode = Vec<u8>;
    type Decode = pb::AdjudicateResponse;
    type Encoder = RawEncoder;
    type Decoder = <referee_proto::codec::StrictCodec<pb::AdjudicateRequest, pb::AdjudicateResponse> as tonic::codec::Codec>::Decoder;

    fn encoder(&mut self) -> RawEncoder {
        RawEncoder
    }

    fn decoder(&mut self) -> Self::Decoder {
        referee_proto::codec::StrictCodec::<pb::AdjudicateRequest, pb::AdjudicateResponse>::default().decoder()
    }
}

struct RawEncoder;

impl tonic::codec::Encoder for RawEncoder {
    type Item = Vec<u8>;
    type Error = tonic::Status;

    fn encode(&mut self, item: Vec<u8>, dst: &mut tonic::codec::EncodeBuf<'_>) -> Result<(), tonic::Status> {
        use bytes::BufMut;
        dst.put_slice(&item);
        Ok(())
    }
}

#[tokio::test(flavor = "multi_thread")]
async fn a_request_that_is_not_protobuf_is_invalid_argument_not_internal() {
    let redis = Redis::start();
    let referee = Referee::start(&redis.url());
    let channel = tonic::transport::Endpoint::from_shared(referee.endpoint()).unwrap().connect().await.unwrap();
    let mut grpc = tonic::client::Grpc::new(channel);
    grpc.ready().await.unwrap();
    let path = "/referee.v1.Referee/Adjudicate".parse().unwrap();
    // Field 1 says "a string of 100 bytes follows", and then the message ends.
    let garbage = vec![0x0a, 0x64, b'c', b'h'];
    let status = grpc.unary(tonic::Request::new(garbage), path, RawBytes).await.unwrap_err();
    assert_eq!(status.code(), Code::InvalidArgument, "{status:?}");
    assert!(status.message().contains("not valid protobuf"), "{}", status.message());
}

#[tokio::test(flavor = "multi_thread")]
async fn options_holding_nan_or_an_infinity_are_refused_not_taken_as_the_defaults() {
    use referee_proto::structs::{Kind, Struct, Value};
    let redis = Redis::start();
    let referee = Referee::start(&redis.url());
    let mut client = referee.client().await;
    for bad in [f64::NAN, f64::INFINITY] {
        let mut options = Struct::default();
        options.fields.insert("players".into(), Value { kind: Some(Kind::NumberValue(bad)) });
        let request =
            pb::CreateGameRequest { rules: "chess-battle".into(), options: Some(options), ..Default::default() };
        let refused = client.create_game(request).await.unwrap_err();
        assert_eq!((refused.code(), error_code(&refused).as_str()), (Code::InvalidArgument, "bad_options"), "{bad}");
    }
}

#[tokio::test(flavor = "multi_thread")]
async fn a_freeze_makes_stale_only_the_seal_of_the_seat_it_names() {
    let redis = Redis::start();
    let referee = Referee::start(&redis.url());
    let mut client = referee.client().await;
    let table =
        seat_everyone(&mut client, "chess-battle", r#"{"players": 4, "freezing": true, "safe_rounds": 2}"#).await;
    let mut view = table.view.clone();
    let mut ply = 0;
    while matches!(stage(&view).as_str(), "pick-piece" | "place") {
        let seat = seat_to_move(&view);
        let own = get_view(&mut client, &table.game_id, Some(&table.tokens[seat])).await.unwrap();
        let action = legal_moves(&own)[0].clone();
        view =
            submit(&mut client, &table, seat, &action, own.seq, &format!("setup-{ply}")).await.unwrap().view.unwrap();
        ply += 1;
    }
    // Every seat reads its view of the round; then seat 1 freezes seat 2 (`freeze 3`, counted
    // from 1 in words).
    let mut seen = Vec::new();
    for seat in 0..4 {
        seen.push(get_view(&mut client, &table.game_id, Some(&table.tokens[seat])).await.unwrap());
    }
    let freeze = legal_moves(&seen[0]).into_iter().find(|a| a == "freeze 3").expect("seat 1 may freeze seat 3");
    submit(&mut client, &table, 0, &freeze, seen[0].seq, "freeze").await.unwrap();
    // Seats 2 and 4 seal from the views they read before it: the freeze changed nothing they
    // must see, so their seals stand.
    for seat in [1usize, 3] {
        let moves: Vec<String> = legal_moves(&seen[seat]).into_iter().filter(|a| !a.contains(' ')).collect();
        submit(&mut client, &table, seat, &moves[0], seen[seat].seq, &format!("seal-{seat}"))
            .await
            .unwrap_or_else(|e| panic!("seat {}'s seal was refused: {e:?}", seat + 1));
    }
    // The frozen seat's view is stale: it must see that it is frozen.
    let moves: Vec<String> = legal_moves(&seen[2]).into_iter().filter(|a| !a.contains(' ')).collect();
    let refused = submit(&mut client, &table, 2, &moves[0], seen[2].seq, "seal-2").await.unwrap_err();
    assert!(matches!(error_code(&refused).as_str(), "stale" | "not_your_turn"), "{refused:?}");
}

#[tokio::test(flavor = "multi_thread")]
async fn refusals_a_client_repeats_in_a_loop_are_counted_in_metrics_not_written_to_the_info_log() {
    let redis = Redis::start();
    let referee = Referee::start_with(&redis.url(), &[("RUST_LOG", "info")]);
    let mut client = referee.client().await;
    let table = seat_everyone(&mut client, "chess", "").await;
    for _ in 0..50 {
        let wrong = pb::RevealEntropyRequest { game_id: table.game_id.clone(), entropy: b"not mine".to_vec() };
        let refused = client.reveal_entropy(authed(wrong, &table.tokens[0])).await.unwrap_err();
        assert_eq!(error_code(&refused), "bad_entropy");
        let missing = get_view(&mut client, "NoSuchGame", None).await.unwrap_err();
        assert_eq!(error_code(&missing), "game_not_found");
    }
    let log = referee.log_text();
    assert!(log.contains("game started"), "the log is written at info: {log}");
    assert!(!log.contains("refused") && log.lines().count() < 20, "a line a refusal: {log}");
    let metrics = referee.metrics();
    let counted = |series: &str| metric(&metrics, series);
    assert_eq!(counted(r#"referee_requests_total{method="RevealEntropy",code="BAD_ENTROPY"}"#), 50.0, "{metrics}");
    assert_eq!(counted(r#"referee_requests_total{method="GetView",code="GAME_NOT_FOUND"}"#), 50.0);
}
