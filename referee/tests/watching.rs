//! Live views against the real referee and Redis: watchers of one game share one follower, so
//! however many watch, Redis sees one more connection.

mod support;

use referee_proto::v1 as pb;
use std::time::Duration;
use support::*;

fn connected_clients(port: u16) -> usize {
    let info = redis_command(port, "INFO clients").unwrap();
    let line = info.lines().find(|l| l.starts_with("connected_clients:")).expect("INFO clients lists them");
    line["connected_clients:".len()..].trim().parse().unwrap()
}

#[tokio::test(flavor = "multi_thread")]
async fn four_hundred_watchers_of_one_game_cost_one_redis_connection_and_all_see_the_move() {
    let redis = Redis::start();
    let referee = Referee::start(&redis.url());
    let mut client = referee.client().await;
    let table = seat_everyone(&mut client, "chess", "").await;
    let before = connected_clients(redis.port);
    let mut streams = Vec::new();
    // Several connections, as many phones would open: 100 streams each.
    for _ in 0..4 {
        let mut watcher = referee.client().await;
        for _ in 0..100 {
            let request = pb::WatchGameRequest { game_id: table.game_id.clone(), after_seq: table.view.seq };
            let request = match streams.len() % 3 {
                0 => authed(request, &table.tokens[0]),
                1 => authed(request, &table.tokens[1]),
                _ => tonic::Request::new(request),
            };
            streams.push(watcher.watch_game(request).await.unwrap().into_inner());
        }
    }
    tokio::time::sleep(Duration::from_millis(300)).await;
    let during = connected_clients(redis.port);
    assert!(during <= before + 2, "400 watchers took {} Redis connections", during - before);
    let moved = submit(&mut client, &table, 0, "e2e4", table.view.seq, "m").await.unwrap().view.unwrap();
    for (i, stream) in streams.iter_mut().enumerate() {
        let update = tokio::time::timeout(Duration::from_secs(10), stream.message()).await.unwrap().unwrap().unwrap();
        assert_eq!(update.seq, moved.seq, "watcher {i}");
        let expected_seat = [Some(0), Some(1), None][i % 3];
        assert_eq!(update.seat, expected_seat, "watcher {i} sees its own seat's view");
    }
    // When they all leave, the follower lets its connection go.
    drop(streams);
    submit(&mut client, &table, 1, "e7e5", moved.seq, "m2").await.unwrap();
    let mut after = connected_clients(redis.port);
    for _ in 0..50 {
        if after <= before {
            break;
        }
        tokio::time::sleep(Duration::from_millis(100)).await;
        after = connected_clients(redis.port);
    }
    assert!(after <= before, "{after} connections after every watcher left, {before} before");
}

#[tokio::test(flavor = "multi_thread")]
async fn watchers_beyond_the_process_limit_are_told_to_ask_for_the_view_instead() {
    let redis = Redis::start();
    let referee = Referee::start_with(&redis.url(), &[("REFEREE_MAX_WATCHERS", "3")]);
    let mut client = referee.client().await;
    let table = seat_everyone(&mut client, "chess", "").await;
    let watch = || pb::WatchGameRequest { game_id: table.game_id.clone(), after_seq: 0 };
    let mut open = Vec::new();
    for _ in 0..3 {
        let mut stream = client.watch_game(watch()).await.unwrap().into_inner();
        stream.message().await.unwrap().unwrap();
        open.push(stream);
    }
    let mut fourth = client.watch_game(watch()).await.unwrap().into_inner();
    let refused = fourth.message().await.unwrap_err();
    assert_eq!((refused.code(), error_code(&refused).as_str()), (tonic::Code::ResourceExhausted, "limit_reached"));
    drop(open);
    tokio::time::sleep(Duration::from_millis(200)).await;
    let mut again = client.watch_game(watch()).await.unwrap().into_inner();
    assert!(again.message().await.unwrap().is_some(), "places are given back when streams end");
}
