//! Games kept warm (`referee/src/warm.rs`), against two real referees on one real Redis: a
//! referee judges the next move in a game it last moved without reading the log, and whatever
//! happened meanwhile elsewhere (another referee's moves, the host's re-issue of a seat, a
//! retry) is found by the append's compare-and-set and answered from the log as it is.

mod support;

use referee_proto::v1 as pb;
use support::*;

fn seat_to_move(view: &pb::GameView) -> usize {
    view_json(view)["turn"]["seats"][0]["seat"].as_u64().unwrap() as usize
}

/// The counter `series` (its name with its labels), as a referee's metrics read now.
fn counter(referee: &Referee, series: &str) -> f64 {
    metric(&referee.metrics(), series)
}

/// Redis and two referees on it, with a client of each.
async fn two_referees() -> (Redis, [Referee; 2], [Client; 2]) {
    let redis = Redis::start();
    let referees = [Referee::start(&redis.url()), Referee::start(&redis.url())];
    let clients = [referees[0].client().await, referees[1].client().await];
    (redis, referees, clients)
}

#[tokio::test(flavor = "multi_thread")]
async fn moves_sent_to_two_referees_in_turn_are_each_recorded_once_and_the_record_verifies() {
    let (_redis, [first, second], mut clients) = two_referees().await;
    let table = seat_everyone(&mut clients[0], "chess", "").await;
    let mut view = table.view.clone();
    // Forty plies, past two snapshots; each referee's kept game is one move behind when its
    // turn comes, and some plies go to the same referee twice running.
    for ply in 0..40 {
        if view.status == pb::GameStatus::Over as i32 {
            break;
        }
        let which = if ply % 5 == 4 { (ply + 1) % 2 } else { ply % 2 };
        let seat = seat_to_move(&view);
        if legal_moves(&view).is_empty() {
            // The legal actions are listed in the acting seat's own view.
            view = get_view(&mut clients[which], &table.game_id, Some(&table.tokens[seat])).await.unwrap();
        }
        let moves = legal_moves(&view);
        let action = &moves[(ply * 7) % moves.len()];
        let submitted = submit(&mut clients[which], &table, seat, action, view.seq, &format!("ply-{ply}")).await;
        let submitted = submitted.unwrap_or_else(|e| panic!("ply {ply} ({action}) on referee {which}: {e:?}"));
        assert!(!submitted.duplicate);
        assert_eq!(submitted.event_seq, view.seq, "ply {ply} is recorded as the next event");
        view = submitted.view.unwrap();
    }
    // Each referee's own moves found their game kept, and each caught up with the other's.
    for referee in [&first, &second] {
        assert!(counter(referee, "referee_warm_games_total{found=\"yes\"}") >= 10.0);
        assert!(counter(referee, "referee_games_caught_up_total") >= 10.0);
    }
    // Both referees tell the same game, and its chained record verifies.
    let mut seen = Vec::new();
    for client in &mut clients {
        let now = get_view(client, &table.game_id, None).await.unwrap();
        seen.push((now.seq, now.chain.clone(), view_json(&now)["game"].to_string()));
    }
    assert_eq!(seen[0], seen[1]);
    assert_eq!(seen[0].0, view.seq);
    if view.status != pb::GameStatus::Over as i32 {
        submit(&mut clients[1], &table, seat_to_move(&view), "resign", view.seq, "resign").await.unwrap();
    }
    let audit = clients[0].get_audit(pb::GetAuditRequest { game_id: table.game_id.clone() }).await.unwrap();
    let (code, out) = verify(&audit_text(&audit.into_inner()));
    assert_eq!(code, 0, "{out}");
}

#[tokio::test(flavor = "multi_thread")]
async fn a_seat_given_a_new_code_elsewhere_cannot_move_through_the_referee_that_kept_the_game() {
    let (_redis, _referees, [mut kept, mut other]) = two_referees().await;
    let table = seat_everyone(&mut kept, "chess", "").await;
    let seq = table.view.seq;
    submit(&mut kept, &table, 0, "e2e4", seq, "w1").await.unwrap();
    submit(&mut kept, &table, 1, "e7e5", seq + 1, "b1").await.unwrap();
    // The host re-issues White's seat through the other referee.
    let request = pb::ReissueJoinCodeRequest { game_id: table.game_id.clone(), seat: 0, client_key: "lost".into() };
    other.reissue_join_code(authed(request, &table.host_token)).await.unwrap();
    // White's old phone, not yet told, moves at the number it saw, through the referee that
    // kept the game from before the re-issue: refused, and nothing is recorded.
    let refused = submit(&mut kept, &table, 0, "g1f3", seq + 2, "w2").await.unwrap_err();
    assert_eq!(error_code(&refused), "bad_token", "{refused:?}");
    let now = get_view(&mut kept, &table.game_id, None).await.unwrap();
    assert_eq!(now.seq, seq + 3, "the re-issue, and no move after it");
}

#[tokio::test(flavor = "multi_thread")]
async fn a_record_page_through_the_referee_that_kept_the_game_tells_what_happened_elsewhere_since() {
    let (_redis, _referees, [mut kept, mut other]) = two_referees().await;
    let table = seat_everyone(&mut kept, "chess", "").await;
    let seq = table.view.seq;
    submit(&mut kept, &table, 0, "e2e4", seq, "w1").await.unwrap();
    submit(&mut other, &table, 1, "e7e5", seq + 1, "b1").await.unwrap();
    let page = |client: &mut Client, token: Option<&str>| {
        let request = pb::GetRecordRequest { game_id: table.game_id.clone(), from: 0 };
        let request = token.map_or_else(|| tonic::Request::new(request.clone()), |t| authed(request.clone(), t));
        let mut client = client.clone();
        async move { client.get_record(request).await }
    };
    // The move made elsewhere is on the page read through the referee that kept the game
    // from before it, as on the other's.
    let through_kept = page(&mut kept, None).await.unwrap().into_inner();
    assert_eq!(through_kept.played.len(), 2);
    assert_eq!(through_kept, page(&mut other, None).await.unwrap().into_inner());
    // White's seat re-issued elsewhere: its old token reads nothing through either referee.
    submit(&mut kept, &table, 0, "g1f3", seq + 2, "w2").await.unwrap();
    let request = pb::ReissueJoinCodeRequest { game_id: table.game_id.clone(), seat: 0, client_key: "lost".into() };
    other.reissue_join_code(authed(request, &table.host_token)).await.unwrap();
    for client in [&mut kept, &mut other] {
        let refused = page(client, Some(&table.tokens[0])).await.unwrap_err();
        assert_eq!(error_code(&refused), "bad_token", "{refused:?}");
    }
}

#[tokio::test(flavor = "multi_thread")]
async fn refusals_and_retries_through_a_kept_game_read_as_through_a_referee_that_never_saw_it() {
    let (_redis, [first, _second], [kept, fresh]) = two_referees().await;
    // Each in a game whose first move the first referee recorded (and keeps): Black's illegal
    // move, White's move out of turn, a stale number, White's retry with the number it first
    // sent, and Black's move under White's key (each seat's keys are its own). The same answer,
    // word for word, from the referee that kept the game and from one that reads it.
    let cases = [(1, "e7e4", 1, "b"), (0, "d2d4", 1, ""), (1, "e7e5", 5, ""), (0, "e2e4", 0, "w"), (1, "e7e5", 1, "w")];
    for (seat, action, after, key) in cases {
        let mut answers = Vec::new();
        for which in [&kept, &fresh] {
            let (mut client, mut keeper) = (which.clone(), kept.clone());
            let table = seat_everyone(&mut client, "chess", "").await;
            let seq = table.view.seq;
            submit(&mut keeper, &table, 0, "e2e4", seq, "w").await.unwrap();
            let answer = match submit(&mut client, &table, seat, action, seq + after, key).await {
                Ok(r) => Ok((r.duplicate, r.event_seq - seq, r.action)),
                Err(e) => Err((e.code(), error_code(&e), e.message().to_string())),
            };
            let recorded = get_view(&mut client, &table.game_id, None).await.unwrap().seq - seq;
            answers.push((answer, recorded));
        }
        assert_eq!(answers[0], answers[1], "{action} by seat {seat} at {after}");
    }
    assert!(counter(&first, "referee_warm_games_total{found=\"yes\"}") >= 5.0);
}

#[tokio::test(flavor = "multi_thread")]
async fn a_watcher_on_one_referee_sees_each_move_made_through_another_as_a_fresh_read_tells_it() {
    let (_redis, [watching, _playing], [mut watcher, mut player]) = two_referees().await;
    let table = seat_everyone(&mut player, "chess", "").await;
    let request = pb::WatchGameRequest { game_id: table.game_id.clone(), after_seq: 0 };
    let mut stream = watcher.watch_game(authed(request, &table.tokens[1])).await.unwrap().into_inner();
    let first = stream.message().await.unwrap().unwrap();
    assert_eq!(first.seq, table.view.seq);
    let mut seq = table.view.seq;
    for (ply, action) in ["e2e4", "e7e5", "g1f3", "b8c6", "f1b5", "a7a6", "b5a4", "g8f6"].iter().enumerate() {
        submit(&mut player, &table, ply % 2, action, seq, action).await.unwrap();
        seq += 1;
        // Each update as Black's own read of the game tells it, from either referee.
        let update = tokio::time::timeout(std::time::Duration::from_secs(10), stream.message()).await.unwrap();
        let update = update.unwrap().unwrap();
        assert_eq!(update.seq, seq);
        let read = get_view(&mut player, &table.game_id, Some(&table.tokens[1])).await.unwrap();
        assert_eq!((view_json(&update), update.chain.clone()), (view_json(&read), read.chain.clone()));
    }
    // The watching referee replayed the moves its read brought, never reading the game again.
    assert!(counter(&watching, "referee_games_caught_up_total") >= 8.0);
}
