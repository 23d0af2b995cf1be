//! What one client can make the store hold, against the real referee and Redis: a game's bytes,
//! an address's bytes in a day, and Redis refusing writes told by the health check.

mod support;

use referee_proto::v1 as pb;
use support::*;
use tonic::Code;

/// `message` as sent from the client address `address` (as a gateway forwards it).
fn from<T>(address: &str, message: T, token: Option<&str>) -> tonic::Request<T> {
    let mut request = match token {
        Some(t) => authed(message, t),
        None => tonic::Request::new(message),
    };
    request.metadata_mut().insert("x-client-address", address.parse().unwrap());
    request
}

fn roll(table: &Table, seq: u64, key: &str) -> pb::SubmitActionRequest {
    pb::SubmitActionRequest {
        game_id: table.game_id.clone(),
        action: "roll 100d1000000".into(),
        expected_seq: seq,
        idempotency_key: key.into(),
        ..Default::default()
    }
}

#[tokio::test(flavor = "multi_thread")]
async fn a_game_holds_at_most_its_bytes_and_events_and_can_still_be_finished() {
    let redis = Redis::start();
    let referee =
        Referee::start_with(&redis.url(), &[("REFEREE_MAX_GAME_BYTES", "30000"), ("REFEREE_MAX_EVENTS", "40")]);
    let mut client = referee.client().await;
    let table = seat_everyone(&mut client, "table-tools", r#"{"seats": 2}"#).await;
    let mut seq = table.view.seq;
    let refused = loop {
        match client.submit_action(authed(roll(&table, seq, &format!("r{seq}")), &table.tokens[0])).await {
            Ok(r) => seq = r.into_inner().view.unwrap().seq,
            Err(e) => break e,
        }
        assert!(seq < 40, "the game's bytes are limited before its events");
    };
    assert_eq!((refused.code(), error_code(&refused).as_str()), (Code::ResourceExhausted, "limit_reached"));
    assert!(refused.message().contains("finish it (resign, or end the table)"), "{}", refused.message());
    let held = redis_command(redis.port, &format!("GET g:{{{}}}:bytes", table.game_id)).unwrap();
    let held: u64 = held.lines().nth(1).unwrap().parse().unwrap();
    assert!(held <= 30_000, "the game holds {held} bytes");
    // The game can still be finished.
    let ended = submit(&mut client, &table, 1, "end", seq, "end").await.unwrap();
    assert_eq!(ended.view.unwrap().status, pb::GameStatus::Over as i32);

    // At its most events, a game can still be ended.
    let table = seat_everyone(&mut client, "table-tools", r#"{"seats": 2}"#).await;
    let mut seq = table.view.seq;
    while seq < 40 {
        seq = submit(&mut client, &table, 0, "roll 1d6", seq, &format!("s{seq}")).await.unwrap().view.unwrap().seq;
    }
    let refused = submit(&mut client, &table, 0, "roll 1d6", seq, "over").await.unwrap_err();
    assert_eq!(error_code(&refused), "limit_reached");
    submit(&mut client, &table, 1, "end", seq, "end").await.expect("an action that ends the game always goes in");
}

#[tokio::test(flavor = "multi_thread")]
async fn one_address_adds_at_most_its_daily_bytes_while_others_play_on() {
    let redis = Redis::start();
    let referee = Referee::start_with(&redis.url(), &[("REFEREE_BYTES_PER_ADDRESS", "40000")]);
    let mut client = referee.client().await;
    let table = seat_everyone(&mut client, "table-tools", r#"{"seats": 2}"#).await;
    let mut seq = table.view.seq;
    let refused = loop {
        let request = from("10.9.9.9", roll(&table, seq, &format!("r{seq}")), Some(&table.tokens[0]));
        match client.submit_action(request).await {
            Ok(r) => seq = r.into_inner().view.unwrap().seq,
            Err(e) => break e,
        }
        assert!(seq < 200);
    };
    assert_eq!((refused.code(), error_code(&refused).as_str()), (Code::ResourceExhausted, "limit_reached"));
    assert!(refused.message().contains("today"), "{}", refused.message());
    use tonic_types::StatusExt;
    let wait = refused.get_details_retry_info().and_then(|r| r.retry_delay).unwrap();
    assert!(wait.as_secs() > 0 && wait.as_secs() <= 86_400, "told when to come back: {wait:?}");
    // It can create no more games either; another address plays on.
    let create = pb::CreateGameRequest { rules: "chess".into(), ..Default::default() };
    let refused = client.create_game(from("10.9.9.9", create.clone(), None)).await.unwrap_err();
    assert_eq!(error_code(&refused), "limit_reached");
    client.create_game(from("10.1.1.1", create, None)).await.expect("another address creates games");
    let other = from("10.1.1.1", roll(&table, seq, "other"), Some(&table.tokens[1]));
    client.submit_action(other).await.expect("and plays");
}

#[tokio::test(flavor = "multi_thread")]
async fn the_referee_reports_not_serving_while_redis_refuses_writes() {
    let redis = Redis::start_with(&["--maxmemory", "4mb", "--maxmemory-policy", "noeviction"]);
    let referee = Referee::start(&redis.url());
    let channel = tonic::transport::Channel::from_shared(referee.endpoint()).unwrap().connect().await.unwrap();
    let mut health = tonic_health::pb::health_client::HealthClient::new(channel);
    let status = || tonic_health::pb::HealthCheckRequest { service: "referee.v1.Referee".into() };
    let serving = tonic_health::pb::health_check_response::ServingStatus::Serving as i32;
    assert_eq!(health.check(status()).await.unwrap().into_inner().status, serving);
    // Redis fills up: it still answers PING, but refuses every write.
    let blob = "x".repeat(60_000);
    for i in 0..200 {
        if redis_command(redis.port, &format!("SET fill:{i} {blob}")).is_some_and(|r| r.starts_with("-OOM")) {
            break;
        }
    }
    let deadline = std::time::Instant::now() + std::time::Duration::from_secs(5);
    loop {
        if health.check(status()).await.unwrap().into_inner().status != serving {
            break;
        }
        assert!(std::time::Instant::now() < deadline, "the referee still says it is serving");
        tokio::time::sleep(std::time::Duration::from_millis(200)).await;
    }
    // Room again: serving again.
    redis_command(redis.port, "FLUSHALL");
    let deadline = std::time::Instant::now() + std::time::Duration::from_secs(5);
    while health.check(status()).await.unwrap().into_inner().status != serving {
        assert!(std::time::Instant::now() < deadline, "the referee never came back");
        tokio::time::sleep(std::time::Duration::from_millis(200)).await;
    }
}

/// Every key of `game_id` with its time to live in milliseconds.
fn ttls(redis: &Redis, game_id: &str) -> Vec<(String, i64)> {
    let keys = redis_command(redis.port, &format!("KEYS g:{{{game_id}}}:*")).unwrap();
    let keys: Vec<String> =
        keys.lines().filter(|l| !l.starts_with('*') && !l.starts_with('$')).map(|l| l.trim().to_string()).collect();
    assert!(keys.len() >= 5, "the game's keys: {keys:?}");
    keys.into_iter()
        .map(|key| {
            let ttl = redis_command(redis.port, &format!("PTTL {key}")).unwrap();
            let ttl = ttl.trim().trim_start_matches(':').parse().unwrap();
            (key, ttl)
        })
        .collect()
}

/// An append renews the expiry of all a game's keys only once a hundredth of its retention has
/// passed since they were last renewed (what it writes meanwhile expires with the header), so
/// after every move each key lives at least 99% of the retention: none goes before the rest.
#[tokio::test(flavor = "multi_thread")]
async fn after_every_move_each_key_of_the_game_lives_at_least_ninety_nine_hundredths_of_its_retention() {
    let redis = Redis::start();
    // The same retention waiting and playing: the start and the first moves make their keys
    // (the log, its byte count, the record, the retries' index) between renewals.
    let keep = [("REFEREE_KEEP_WAITING", "100"), ("REFEREE_KEEP_PLAYING", "100")];
    let referee = Referee::start_with(&redis.url(), &keep);
    let mut client = referee.client().await;
    let table = seat_everyone(&mut client, "chess", "").await;
    let mut seq = table.view.seq;
    for (ply, action) in ["e2e4", "e7e5", "g1f3", "b8c6"].into_iter().enumerate() {
        if ply == 2 {
            // More than a hundredth of the 100 s has passed since the keys were last renewed.
            tokio::time::sleep(std::time::Duration::from_millis(1_200)).await;
        }
        seq = submit(&mut client, &table, ply % 2, action, seq, &format!("k{ply}")).await.unwrap().view.unwrap().seq;
        let ttls = ttls(&redis, &table.game_id);
        for (key, ttl) in &ttls {
            assert!((98_900..=100_000).contains(ttl), "after ply {ply}, {key} lives {ttl} ms");
        }
        if ply == 2 {
            let shortest = ttls.iter().map(|(_, t)| *t).min().unwrap();
            assert!(shortest > 99_500, "the move after the pause renewed every key: {ttls:?}");
        }
    }
}

#[tokio::test(flavor = "multi_thread")]
async fn an_address_past_its_days_bytes_can_still_end_its_table_and_resign() {
    let redis = Redis::start();
    let referee = Referee::start_with(&redis.url(), &[("REFEREE_BYTES_PER_ADDRESS", "40000")]);
    let mut client = referee.client().await;
    let act = |table: &Table, seat: usize, action: &str, seq: u64| {
        let message = pb::SubmitActionRequest {
            game_id: table.game_id.clone(),
            action: action.into(),
            expected_seq: seq,
            idempotency_key: format!("{action}{seq}"),
            ..Default::default()
        };
        from("10.9.9.9", message, Some(&table.tokens[seat]))
    };
    let table = seat_everyone(&mut client, "table-tools", r#"{"seats": 2}"#).await;
    let mut seq = table.view.seq;
    let refused = loop {
        match client.submit_action(act(&table, 0, "roll 100d1000000", seq)).await {
            Ok(r) => seq = r.into_inner().view.unwrap().seq,
            Err(e) => break e,
        }
        assert!(seq < 200);
    };
    assert_eq!(error_code(&refused), "limit_reached", "the address has spent its day's bytes");
    let ended = client.submit_action(act(&table, 1, "end", seq)).await.expect("ending its table always goes in");
    assert_eq!(ended.into_inner().view.unwrap().status, pb::GameStatus::Over as i32);
    // A game of chess from the same address: no move goes in, a resignation does.
    let chess = seat_everyone(&mut client, "chess", "").await;
    let moved = client.submit_action(act(&chess, 0, "e2e4", chess.view.seq)).await.unwrap_err();
    assert_eq!(error_code(&moved), "limit_reached");
    let resigned = client.submit_action(act(&chess, 0, "resign", chess.view.seq)).await.expect("a resignation goes in");
    assert_eq!(resigned.into_inner().view.unwrap().status, pb::GameStatus::Over as i32);
}

/// Everything Redis's append-only log holds now, as text (its files under `dir`).
fn append_only_log(dir: &std::path::Path) -> String {
    let mut text = String::new();
    for entry in std::fs::read_dir(dir.join("appendonlydir")).expect("Redis keeps an append-only log") {
        text.push_str(&String::from_utf8_lossy(&std::fs::read(entry.unwrap().path()).unwrap()));
    }
    text
}

#[tokio::test(flavor = "multi_thread")]
async fn the_limits_counters_stay_out_of_redis_append_only_log_so_counted_requests_never_make_a_move_wait_for_the_disk()
{
    let redis = Redis::start();
    let referee = Referee::start(&redis.url());
    let mut client = referee.client().await;
    let table = seat_everyone_for(&mut client, "table-tools", r#"{"seats": 2}"#, Some("10.7.7.7")).await;
    let waiting = client.create_game(from(
        "10.7.7.7",
        pb::CreateGameRequest { rules: "chess".into(), ..Default::default() },
        None,
    ));
    let waiting = waiting.await.unwrap().into_inner();
    // A move counted against its address's daily bytes, and wrong join codes counted against
    // their address and the game.
    let request = from("10.7.7.7", roll(&table, table.view.seq, "counted"), Some(&table.tokens[0]));
    client.submit_action(request).await.expect("the move goes in");
    for n in 0..5 {
        let guess = pb::JoinGameRequest {
            game_id: waiting.game_id.clone(),
            join_code: format!("GUES-{n:04}"),
            ..Default::default()
        };
        assert_eq!(error_code(&client.join_game(from("10.8.8.8", guess, None)).await.unwrap_err()), "bad_join_code");
    }
    // The counters are there, and count.
    let counter = |key: &str| redis_command(redis.port, &format!("GET {key}")).unwrap_or_default();
    assert!(!counter("limit:bytes:10.7.7.7").starts_with("$-1"), "the move's bytes are counted");
    assert!(counter("limit:joinfail:10.8.8.8").ends_with("\r\n5\r\n"), "{:?}", counter("limit:joinfail:10.8.8.8"));
    let window = redis_command(redis.port, "TTL limit:joinfail:10.8.8.8").unwrap();
    assert!(!window.starts_with(":-"), "a counter has its window: {window:?}");
    // The log holds the games (the move is there) and none of the counters.
    let log = append_only_log(redis.dir());
    assert!(log.contains(&format!("g:{{{}}}:events", table.game_id)), "the move is in the log");
    for counter in ["limit:bytes:", "limit:joinfail:", "limit:create:", ":joinfail"] {
        assert!(!log.contains(counter), "the log holds {counter}");
    }
}
