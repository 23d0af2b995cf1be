//! The gateway over real parts: redis-server, `referee serve`, two gateways, plain HTTP.

mod common;

use common::support::{Redis, Referee, command_calls, redis_command};
use common::{Gateway, act, seat_two};
use futures::StreamExt;
use referee_proto::v1 as pb;
use serde_json::{Value, json};
use std::time::Duration;

#[tokio::test(flavor = "multi_thread")]
async fn a_game_through_rest_with_every_status_the_api_promises() {
    let redis = Redis::start();
    let referee = Referee::start(&redis.url());
    let gw = Gateway::start(&referee, &[]);
    let http = reqwest::Client::new();

    let rules: Value = http.get(gw.url("/api/v1/rules")).send().await.unwrap().json().await.unwrap();
    assert_eq!(rules.as_array().unwrap().len(), rules::games::all().len(), "every rule set of the referee");
    // Each entry publishes the JSON Schemas of its options, its view fields and its secrets.
    let booster = rules.as_array().unwrap().iter().find(|r| r["id"] == "booster").unwrap();
    assert!(booster["schemas"]["private"]["properties"]["cards"].is_object(), "{}", booster["schemas"]);
    assert!(booster["schemas"]["game"]["properties"]["draw_pile"].is_object());
    let envelope: Value = http.get(gw.url("/api/v1/view-schema")).send().await.unwrap().json().await.unwrap();
    assert!(envelope["properties"]["legal_actions"].is_object(), "{envelope}");
    let adjudicate = async |rules: &str, position: &str, action: &str| -> Value {
        let body = json!({"rules": rules, "position": position, "action": action});
        http.post(gw.url("/api/v1/adjudicate")).json(&body).send().await.unwrap().json().await.unwrap()
    };
    let adj = adjudicate("half-alice", "1k5Q/8/8/4B3/8/8/8/1R5K b - - 0 1 b1,e5", "b8a8").await;
    assert_eq!(adj["legal"], false);
    assert!(adj["reason"].as_str().unwrap().contains("before the switch"), "{adj}");
    let adj = adjudicate("chess", "r1bqkbnr/ppp2ppp/2np4/1B2p3/4P3/5N2/PPPP1PPP/RNBQK2R b KQkq - 1 4", "c6d4").await;
    assert_eq!(
        adj,
        json!({
            "legal": false,
            "reason": "The knight on c6 is pinned to your king by the bishop on b5.",
            "code": "illegal_action",
            "said": "Black's knight c6→d4 is illegal: the knight on c6 is pinned to your king by the bishop on b5."
        })
    );

    let created = http.post(gw.url("/api/v1/games")).json(&json!({"rules": "chess"})).send().await.unwrap();
    assert_eq!(created.status(), 201);
    let game = seat_two(&http, &gw, "chess960", json!({"number": 518})).await;
    let view: Value = http
        .get(gw.url(&format!("/api/v1/games/{}", game.id)))
        .bearer_auth(&game.tokens[0])
        .send()
        .await
        .unwrap()
        .json()
        .await
        .unwrap();
    assert_eq!(view["seq"], game.seq);
    assert_eq!(view["status"], "active");
    assert_eq!(view["seat"], 0);
    assert_eq!(view["turn"]["kind"], "active");
    assert_eq!(view["turn"]["seats"][0]["seat"], 0);
    assert_eq!(view["turn"]["seats"][0]["stage"], "move");
    assert_eq!(view["game"]["position"], "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w HAha - 0 1");

    let (status, after) = act(&http, &gw, &game, 0, "f2f3", game.seq, "1").await;
    assert_eq!(status, 200);
    assert_eq!(after["submitted"]["description"], "f3");
    let seq = after["seq"].as_u64().unwrap();
    let (status, stale) = act(&http, &gw, &game, 1, "e7e5", game.seq, "2").await;
    assert_eq!((status, stale["code"].as_str(), stale["seq"].as_u64()), (409, Some("stale"), Some(seq)));
    let (status, illegal) = act(&http, &gw, &game, 1, "e7e4", seq, "3").await;
    assert_eq!((status, illegal["code"].as_str()), (422, Some("illegal_action")));
    assert!(illegal["reason"].as_str().unwrap().contains("pawn"), "{illegal}");
    let (status, turn) = act(&http, &gw, &game, 0, "e2e4", seq, "4").await;
    assert_eq!((status, turn["code"].as_str()), (422, Some("not_your_turn")));
    let (status, retry) = act(&http, &gw, &game, 0, "f2f3", game.seq, "1").await;
    assert_eq!((status, retry["submitted"]["duplicate"].as_bool()), (200, Some(true)));

    let r = http
        .post(gw.url(&format!("/api/v1/games/{}/actions", game.id)))
        .json(&json!({"action": "e7e5", "seq": seq, "key": "5"}))
        .send()
        .await
        .unwrap();
    assert_eq!(r.status(), 401);
    let r = http
        .post(gw.url(&format!("/api/v1/games/{}/actions", game.id)))
        .bearer_auth("nonsense")
        .json(&json!({"action": "e7e5", "seq": seq, "key": "5"}))
        .send()
        .await
        .unwrap();
    assert_eq!(r.status(), 401);
    let audit = http.get(gw.url(&format!("/api/v1/games/{}/audit", game.id))).send().await.unwrap();
    assert_eq!(audit.status(), 409);

    // Fool's mate ends it; the audit record becomes available.
    let mut seq = seq;
    for (seat, m) in [(1, "e7e5"), (0, "g2g4"), (1, "d8h4")] {
        let (status, v) = act(&http, &gw, &game, seat, m, seq, m).await;
        assert_eq!(status, 200, "{v}");
        seq = v["seq"].as_u64().unwrap();
    }
    let over: Value =
        http.get(gw.url(&format!("/api/v1/games/{}", game.id))).send().await.unwrap().json().await.unwrap();
    assert_eq!(over["status"], "over");
    assert_eq!(over["outcome"]["reason"], "checkmate, Black wins");
    let audit: Value =
        http.get(gw.url(&format!("/api/v1/games/{}/audit", game.id))).send().await.unwrap().json().await.unwrap();
    assert_eq!(audit["seed"].as_str().unwrap().len(), 64);

    let missing = http.get(gw.url("/api/v1/games/nosuchgame")).send().await.unwrap();
    assert_eq!(missing.status(), 404);
    let body: Value = missing.json().await.unwrap();
    assert_eq!(body["code"], "game_not_found");
}

#[tokio::test(flavor = "multi_thread")]
async fn bad_bodies_get_4xx_json_never_5xx() {
    let redis = Redis::start();
    let referee = Referee::start(&redis.url());
    let gw = Gateway::start(&referee, &[]);
    let http = reqwest::Client::new();
    let big = "x".repeat(64 * 1024);
    let cases: Vec<(reqwest::RequestBuilder, u16, &str)> = vec![
        (
            http.post(gw.url("/api/v1/adjudicate")).header("content-type", "application/json").body("{not json"),
            400,
            "bad_json",
        ),
        (http.post(gw.url("/api/v1/adjudicate")).json(&json!({"rules": "chess"})), 400, "bad_json"),
        (
            http.post(gw.url("/api/v1/adjudicate")).json(&json!({"rules": "chess", "position": big, "action": "e2e4"})),
            413,
            "too_large",
        ),
        (http.post(gw.url("/api/v1/adjudicate")).body("rules=chess"), 415, "bad_content_type"),
        (
            http.post(gw.url("/api/v1/adjudicate")).json(&json!({"rules": "nope", "position": "x", "action": "y"})),
            404,
            "unknown_rules",
        ),
        (
            http.post(gw.url("/api/v1/adjudicate"))
                .json(&json!({"rules": "chess", "position": "8/8/8", "action": "e2e4"})),
            400,
            "bad_position",
        ),
        (
            http.post(gw.url("/api/v1/games")).json(&json!({"rules": "chess960", "options": {"number": 5000}})),
            400,
            "bad_options",
        ),
        (http.get(gw.url("/api/v1/nothing")), 404, "not_found"),
        (http.delete(gw.url("/api/v1/rules")), 405, "method_not_allowed"),
        // Long ids and fields get short answers: the referee never echoes them whole.
        (http.post(gw.url("/api/v1/games")).json(&json!({"rules": "a".repeat(7000)})), 400, "too_long"),
        (http.get(gw.url(&format!("/api/v1/games/{}", "x".repeat(8000)))), 404, "game_not_found"),
        (
            http.post(gw.url("/api/v1/adjudicate"))
                .json(&json!({"rules": "chess", "position": "x".repeat(9000), "action": "e2e4"})),
            400,
            "too_long",
        ),
    ];
    for (request, status, code) in cases {
        let r = request.send().await.unwrap();
        let got = r.status().as_u16();
        let body: Value = r.json().await.unwrap_or(Value::Null);
        assert_eq!((got, body["code"].as_str()), (status, Some(code)), "{body}");
        assert!(body.to_string().len() < 1500, "a short answer: {body}");
    }
    // The gateway's connection to the referee survived them all.
    assert_eq!(http.get(gw.url("/api/v1/rules")).send().await.unwrap().status(), 200);
}

#[tokio::test(flavor = "multi_thread")]
async fn an_sse_client_on_one_gateway_sees_a_move_made_through_another() {
    let redis = Redis::start();
    let referee = Referee::start(&redis.url());
    let (a, b) = (Gateway::start(&referee, &[]), Gateway::start(&referee, &[]));
    let http = reqwest::Client::new();
    let game = seat_two(&http, &a, "chess", Value::Null).await;
    let stream = http
        .get(a.url(&format!("/api/v1/games/{}/events?token={}", game.id, game.tokens[1])))
        .header("Last-Event-ID", game.seq.to_string())
        .send()
        .await
        .unwrap();
    assert_eq!(stream.headers()["content-type"], "text/event-stream");
    let mut body = stream.bytes_stream();
    let (status, _) = act(&http, &b, &game, 0, "e2e4", game.seq, "via-b").await;
    assert_eq!(status, 200);
    let mut text = String::new();
    let deadline = tokio::time::Instant::now() + Duration::from_secs(10);
    while !text.contains("\n\n") || !text.contains("data:") {
        let chunk = tokio::time::timeout_at(deadline, body.next()).await.expect("an event in time").unwrap().unwrap();
        text.push_str(&String::from_utf8_lossy(&chunk));
    }
    assert!(text.contains(&format!("id: {}", game.seq + 1)), "{text}");
    assert!(text.contains("event: view"), "{text}");
    let data = text.lines().find_map(|l| l.strip_prefix("data: ")).unwrap();
    let view: Value = serde_json::from_str(data).unwrap();
    assert_eq!(view["played"][0]["said"], "e4");
    assert_eq!(view["seat"], 1);
}

#[tokio::test(flavor = "multi_thread")]
async fn one_address_holds_at_most_its_cap_of_live_streams_and_gets_a_place_back_when_one_closes() {
    let redis = Redis::start();
    let referee = Referee::start(&redis.url());
    let gw = Gateway::start(&referee, &[("GATEWAY_STREAMS_PER_ADDRESS", "3"), ("GATEWAY_KEEPALIVE_SECONDS", "1")]);
    let http = reqwest::Client::new();
    let game = seat_two(&http, &gw, "chess", Value::Null).await;
    let open = || http.get(gw.url(&format!("/api/v1/games/{}/events", game.id))).send();
    let mut streams = Vec::new();
    for _ in 0..3 {
        let r = open().await.unwrap();
        assert_eq!(r.status(), 200);
        streams.push(r);
    }
    let refused = open().await.unwrap();
    assert_eq!(refused.status(), 429);
    let body: Value = refused.json().await.unwrap();
    assert_eq!(body["code"], "limit_reached", "{body}");
    assert!(body["message"].as_str().unwrap().contains("already has 3 live games open"), "{body}");
    // Other calls from the same address are not held back by its streams.
    assert_eq!(http.get(gw.url(&format!("/api/v1/games/{}", game.id))).send().await.unwrap().status(), 200);
    // The gateway learns a client left when a write fails: the second keep-alive after it left.
    drop(streams.pop());
    let deadline = tokio::time::Instant::now() + Duration::from_secs(10);
    loop {
        let r = open().await.unwrap();
        if r.status() == 200 {
            break;
        }
        assert!(tokio::time::Instant::now() < deadline, "the closed stream's place never came back");
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
}

/// A gauge's value on the gateway's `/metrics` page.
async fn gauge(http: &reqwest::Client, gw: &Gateway, name: &str) -> f64 {
    let page = http.get(gw.metrics_url()).send().await.unwrap().text().await.unwrap();
    page.lines().find_map(|l| l.strip_prefix(&format!("{name} "))).and_then(|v| v.trim().parse().ok()).unwrap_or(0.0)
}

#[tokio::test(flavor = "multi_thread")]
async fn three_hundred_watchers_of_one_game_share_one_feed_from_the_referee_and_all_see_the_move() {
    let redis = Redis::start();
    let referee = Referee::start(&redis.url());
    let gw =
        Gateway::start(&referee, &[("GATEWAY_STREAMS_PER_ADDRESS", "1000"), ("GATEWAY_VIEWS_PER_MINUTE", "100000")]);
    let http = reqwest::Client::new();
    let game = seat_two(&http, &gw, "chess", Value::Null).await;
    let clients = |port| {
        let info = common::support::redis_command(port, "INFO clients").unwrap();
        info.lines().find_map(|l| l.strip_prefix("connected_clients:")).unwrap().trim().parse::<u64>().unwrap()
    };
    let before = clients(redis.port);
    let mut streams = Vec::new();
    for i in 0..300 {
        // Spectators, and a few with White's token: two feeds in all.
        let mut request = http.get(gw.url(&format!("/api/v1/games/{}/events", game.id)));
        if i % 100 == 0 {
            request = request.bearer_auth(&game.tokens[0]);
        }
        let r = request.send().await.unwrap();
        assert_eq!(r.status(), 200);
        streams.push(r.bytes_stream());
    }
    assert_eq!(gauge(&http, &gw, "gateway_live_streams").await, 300.0);
    assert_eq!(gauge(&http, &gw, "gateway_feeds").await, 2.0, "one feed a token, however many watch");
    let (status, _) = act(&http, &gw, &game, 0, "e2e4", game.seq, "e4").await;
    assert_eq!(status, 200);
    let deadline = tokio::time::Instant::now() + Duration::from_secs(20);
    for (i, body) in streams.iter_mut().enumerate() {
        let mut text = String::new();
        while !text.contains(&format!("id: {}", game.seq + 1)) || !text.ends_with("\n\n") {
            let chunk =
                tokio::time::timeout_at(deadline, body.next()).await.expect("the move in time").unwrap().unwrap();
            text.push_str(&String::from_utf8_lossy(&chunk));
        }
        let last = text.rsplit("data: ").next().unwrap().lines().next().unwrap();
        let view: Value = serde_json::from_str(last).unwrap();
        assert_eq!(view["played"][0]["said"], "e4");
        assert_eq!(view["seat"], if i % 100 == 0 { json!(0) } else { Value::Null }, "each sees its own view");
    }
    assert!(clients(redis.port) <= before + 2, "the referee follows the game on one Redis connection");
}

#[tokio::test(flavor = "multi_thread")]
async fn joins_and_actions_are_rate_limited_per_address() {
    let redis = Redis::start();
    let referee = Referee::start(&redis.url());
    let gw = Gateway::start(&referee, &[("GATEWAY_JOINS_PER_MINUTE", "3")]);
    let http = reqwest::Client::new();
    let created: Value =
        http.post(gw.url("/api/v1/games")).json(&json!({"rules": "chess"})).send().await.unwrap().json().await.unwrap();
    let id = created["game_id"].as_str().unwrap();
    let mut statuses = Vec::new();
    for _ in 0..5 {
        let r = http
            .post(gw.url(&format!("/api/v1/games/{id}/join")))
            .json(&json!({"join_code": "WRONG-CODE"}))
            .send()
            .await
            .unwrap();
        statuses.push(r.status().as_u16());
        if r.status() == 429 {
            assert!(r.headers().contains_key("retry-after"));
            let body: Value = r.json().await.unwrap();
            assert_eq!(body["code"], "rate_limited");
        }
    }
    assert_eq!(statuses, [403, 403, 403, 429, 429]);
}

#[tokio::test(flavor = "multi_thread")]
async fn limits_above_one_request_a_millisecond_are_taken_as_set() {
    let redis = Redis::start();
    let referee = Referee::start(&redis.url());
    let gw =
        Gateway::start(&referee, &[("GATEWAY_JOINS_PER_MINUTE", "100000"), ("GATEWAY_ACTIONS_PER_SECOND", "5000")]);
    let http = reqwest::Client::new();
    let created: Value =
        http.post(gw.url("/api/v1/games")).json(&json!({"rules": "chess"})).send().await.unwrap().json().await.unwrap();
    let id = created["game_id"].as_str().unwrap();
    // Fifteen at once: under the referee's own limit of wrong codes per address (20).
    for _ in 0..15 {
        let r = http
            .post(gw.url(&format!("/api/v1/games/{id}/join")))
            .json(&json!({"join_code": "WRONG-CODE"}))
            .send()
            .await
            .unwrap();
        assert_eq!(r.status(), 403, "a wrong code, not the gateway's rate limit");
    }
}

#[tokio::test(flavor = "multi_thread")]
async fn a_guesser_told_to_wait_is_answered_by_the_gateway_until_then_and_costs_the_referee_nothing() {
    let redis = Redis::start();
    let referee = Referee::start_with(&redis.url(), &[("REFEREE_JOIN_FAILURES_PER_ADDRESS", "3")]);
    let settings = [("GATEWAY_JOINS_PER_MINUTE", "100000"), ("GATEWAY_REFUSAL_DELAY_MS", "0")];
    let gw = Gateway::start(&referee, &settings);
    let http = reqwest::Client::new();
    let created: Value =
        http.post(gw.url("/api/v1/games")).json(&json!({"rules": "chess"})).send().await.unwrap().json().await.unwrap();
    let url = gw.url(&format!("/api/v1/games/{}/join", created["game_id"].as_str().unwrap()));
    let guess = |body: Value| {
        let sent = http.post(&url).json(&body).send();
        async move {
            let r = sent.await.unwrap();
            let wait = r.headers().get("retry-after").map(|v| v.to_str().unwrap().parse::<u64>().unwrap());
            let body: Value = r.json().await.unwrap();
            (body["code"].as_str().unwrap_or("").to_string(), wait)
        }
    };
    for n in 0..3 {
        assert_eq!(guess(json!({"join_code": format!("GUES-{n:04}")})).await.0, "bad_join_code");
    }
    // Three minutes and twenty seconds of this address's window have gone by.
    redis_command(redis.port, "PEXPIRE limit:joinfail:127.0.0.1 400000").unwrap();
    let (code, wait) = guess(json!({"join_code": "GUES-0003"})).await;
    assert_eq!(code, "too_many_attempts");
    assert!(wait.is_some_and(|w| (399..=400).contains(&w)), "the window's own time left: {wait:?}");
    // Told to wait, the guesser asks again: the gateway answers the same, the referee never asked.
    let reads = |name: &str| command_calls(redis.port).into_iter().find(|(n, _)| n == name).map_or(0, |(_, c)| c);
    // (Only the limits on joins read a counter's time left: PTTL.)
    let before = reads("pttl");
    for n in 4..24 {
        let (code, wait) = guess(json!({"join_code": format!("GUES-{n:04}")})).await;
        assert_eq!(code, "too_many_attempts");
        assert!(wait.is_some_and(|w| (390..=400).contains(&w)), "{wait:?}");
    }
    assert_eq!(reads("pttl"), before, "twenty guesses, and the referee read no counter");
    // A join with a client key may be a retry of one that went through: the referee is asked.
    let (code, _) = guess(json!({"join_code": "GUES-0099", "client_key": "guesser-key"})).await;
    assert_eq!(code, "too_many_attempts");
    assert!(reads("pttl") > before, "the referee read the counters");
    // Another address is not held by this one's wait.
    let r = client_at(2).post(&url).json(&json!({"join_code": "GUES-0100"})).send().await.unwrap();
    assert_eq!(r.json::<Value>().await.unwrap()["code"], "bad_join_code");
    // Where refusals are held (100 ms for a 429), one asked again while its wait lasts is held
    // five times as long: a loop that ignores Retry-After asks a fifth as often.
    let held = Gateway::start(&referee, &[("GATEWAY_JOINS_PER_MINUTE", "100000"), ("GATEWAY_REFUSAL_DELAY_MS", "100")]);
    let url = held.url(&format!("/api/v1/games/{}/join", created["game_id"].as_str().unwrap()));
    let timed = |code: &str| {
        let sent = http.post(&url).json(&json!({"join_code": code})).send();
        async move {
            let asked = std::time::Instant::now();
            let answer: Value = sent.await.unwrap().json().await.unwrap();
            (answer["code"].as_str().unwrap().to_string(), asked.elapsed())
        }
    };
    let (code, first) = timed("GUES-0200").await;
    assert_eq!(code, "too_many_attempts", "told by the referee, after {first:?}");
    let (code, again) = timed("GUES-0201").await;
    assert_eq!(code, "too_many_attempts");
    assert!(again >= Duration::from_millis(500), "a repeat is held five times as long: {again:?}");
}

#[tokio::test(flavor = "multi_thread")]
async fn openapi_docs_health_and_metrics() {
    let redis = Redis::start();
    let mut referee = Referee::start(&redis.url());
    let gw = Gateway::start(&referee, &[]);
    let http = reqwest::Client::new();
    let spec: Value = http.get(gw.url("/api/openapi.json")).send().await.unwrap().json().await.unwrap();
    assert!(spec["openapi"].as_str().unwrap().starts_with("3."));
    for path in [
        "/api/v1/rules",
        "/api/v1/adjudicate",
        "/api/v1/par",
        "/api/v1/games",
        "/api/v1/games/{id}/join",
        "/api/v1/games/{id}",
        "/api/v1/games/{id}/actions",
        "/api/v1/games/{id}/events",
        "/api/v1/games/{id}/audit",
    ] {
        assert!(spec["paths"].get(path).is_some(), "{path} is documented");
    }
    let docs = http.get(gw.url("/api/docs/")).send().await.unwrap();
    assert_eq!(docs.status(), 200);
    let html = docs.text().await.unwrap();
    assert!(html.contains("swagger"), "the docs page is served by the gateway itself");
    let script = http.get(gw.url("/api/docs/swagger-ui-bundle.js")).send().await.unwrap();
    assert_eq!(script.status(), 200, "swagger assets are vendored, so the page works offline");

    assert_eq!(http.get(gw.url("/healthz")).send().await.unwrap().status(), 200);
    assert_eq!(http.get(gw.url("/readyz")).send().await.unwrap().status(), 200);
    http.get(gw.url("/api/v1/rules")).send().await.unwrap();
    let metrics = http.get(gw.metrics_url()).send().await.unwrap().text().await.unwrap();
    assert!(metrics.contains("gateway_requests_total") && metrics.contains("route=\"/api/v1/rules\""), "{metrics}");
    // Not on the public address: only where the operator's scraper reaches it.
    assert_eq!(http.get(gw.url("/metrics")).send().await.unwrap().status(), 404);
    referee.kill9();
    assert_eq!(http.get(gw.url("/readyz")).send().await.unwrap().status(), 503);
    let down = http.get(gw.url("/api/v1/rules")).send().await.unwrap();
    assert_eq!(down.status(), 503);
}

#[tokio::test(flavor = "multi_thread")]
async fn the_app_answers_its_own_routes_and_unknown_api_routes_get_a_json_404() {
    let redis = Redis::start();
    let referee = Referee::start(&redis.url());
    let app = tempfile::tempdir().unwrap();
    std::fs::write(app.path().join("index.html"), "<!doctype html><title>app</title>").unwrap();
    let gw = Gateway::start(&referee, &[("PWA_DIR", app.path().to_str().unwrap())]);
    let http = reqwest::Client::new();
    let page = http.get(gw.url("/game/abc")).send().await.unwrap();
    assert_eq!(page.status(), 200);
    let big = "let app = 'the companion app';\n".repeat(400);
    std::fs::create_dir_all(app.path().join("assets")).unwrap();
    std::fs::write(app.path().join("assets/index-abc123.js"), &big).unwrap();
    let script = http.get(gw.url("/assets/index-abc123.js")).header("accept-encoding", "gzip").send().await.unwrap();
    assert_eq!(script.headers()["content-encoding"], "gzip", "the app is served compressed");
    let sent = script.bytes().await.unwrap().len();
    assert!(sent < big.len() / 4, "{sent} bytes of gzip for {} bytes", big.len());
    assert!(page.text().await.unwrap().contains("<title>app</title>"));
    for path in ["/api/v2/games", "/api/nothing", "/api/v1/nothing"] {
        let r = http.get(gw.url(path)).send().await.unwrap();
        assert_eq!(r.status(), 404, "{path}");
        let body: Value = r.json().await.unwrap();
        assert_eq!(body["code"], "not_found", "{path}");
    }
}

#[tokio::test(flavor = "multi_thread")]
async fn players_join_with_names_and_committed_entropy_and_a_retried_join_gets_the_same_token() {
    let redis = Redis::start();
    let referee = Referee::start(&redis.url());
    let gw = Gateway::start(&referee, &[]);
    let http = reqwest::Client::new();
    let created: Value = http
        .post(gw.url("/api/v1/games"))
        .json(&json!({"rules": "chess960"}))
        .send()
        .await
        .unwrap()
        .json()
        .await
        .unwrap();
    let id = created["game_id"].as_str().unwrap();
    let code = |seat: usize| created["seats"][seat]["join_code"].as_str().unwrap().to_string();
    // SHA-256 of the UTF-8 text, hex, as the app computes it with WebCrypto.
    let commit = |text: &str| -> String {
        use sha2::Digest;
        sha2::Sha256::digest(text.as_bytes()).iter().map(|b| format!("{b:02x}")).collect()
    };
    let secrets = ["8c1f0e7d2a5b4c3d9e8f7a6b5c4d3e2f", "another phone's random text"];
    let mut tokens = Vec::new();
    for (seat, name) in ["Ada", "Grace"].into_iter().enumerate() {
        let body = json!({
            "join_code": code(seat),
            "name": name,
            "client_key": format!("key-{seat}-5b1e"),
            "entropy_commitment": commit(secrets[seat]),
        });
        let url = gw.url(&format!("/api/v1/games/{id}/join"));
        let joined: Value = http.post(&url).json(&body).send().await.unwrap().json().await.unwrap();
        let again: Value = http.post(&url).json(&body).send().await.unwrap().json().await.unwrap();
        assert_eq!(again["token"], joined["token"], "a retried join gets the same token: {again}");
        tokens.push(joined["token"].as_str().unwrap().to_string());
    }
    let reveal = |seat: usize, text: &str| {
        http.post(gw.url(&format!("/api/v1/games/{id}/reveal")))
            .bearer_auth(&tokens[seat])
            .json(&json!({"entropy": text}))
            .send()
    };
    let wrong = reveal(0, "not what I committed to").await.unwrap();
    assert_eq!(wrong.status(), 400);
    assert_eq!(wrong.json::<Value>().await.unwrap()["code"], "bad_entropy");
    let waiting: Value = reveal(0, secrets[0]).await.unwrap().json().await.unwrap();
    assert_eq!((waiting["status"].as_str(), &waiting["awaiting_reveal"]), (Some("waiting"), &json!([1])));
    let started: Value = reveal(1, secrets[1]).await.unwrap().json().await.unwrap();
    assert_eq!(started["status"], "active", "{started}");
    assert_eq!(started["names"], json!(["Ada", "Grace"]));
    let bad = http
        .post(gw.url(&format!("/api/v1/games/{id}/join")))
        .json(&json!({"join_code": code(0), "entropy_commitment": "abc"}))
        .send()
        .await
        .unwrap();
    assert_eq!(bad.status(), 400);
}

#[tokio::test(flavor = "multi_thread")]
async fn an_oversized_or_malformed_bearer_is_refused_at_the_gateway_and_other_live_streams_go_on() {
    let redis = Redis::start();
    let referee = Referee::start(&redis.url());
    let gw = Gateway::start(&referee, &[]);
    let http = reqwest::Client::new();
    let game = seat_two(&http, &gw, "chess", json!({})).await;
    // Others watch the game live.
    let streams: Vec<_> = (0..8)
        .map(|_| {
            let response = http.get(gw.url(&format!("/api/v1/games/{}/events?after={}", game.id, game.seq))).send();
            tokio::spawn(async move {
                let mut body = response.await.unwrap().bytes_stream();
                let mut text = String::new();
                while !text.contains("\"seq\":2") {
                    let chunk =
                        tokio::time::timeout(Duration::from_secs(15), body.next()).await.unwrap().unwrap().unwrap();
                    text.push_str(&String::from_utf8_lossy(&chunk));
                }
            })
        })
        .collect();
    tokio::time::sleep(Duration::from_millis(300)).await;
    let huge = "A".repeat(100_000);
    for token in [huge.as_str(), "seat token with spaces", "../../etc"] {
        for path in [format!("/api/v1/games/{}", game.id), format!("/api/v1/games/{}/record", game.id)] {
            let r = http.get(gw.url(&path)).header("authorization", format!("Bearer {token}")).send().await.unwrap();
            assert_eq!(r.status(), 401, "{path}");
            let body: Value = r.json().await.unwrap();
            assert_eq!(body["code"], "bad_token");
        }
    }
    let long = "A".repeat(2_000);
    let r = http.get(gw.url(&format!("/api/v1/games/{}/events?token={long}", game.id))).send().await.unwrap();
    assert_eq!(r.status(), 401, "a stream's token in the query is checked too");
    // The move reaches every stream: none was cut.
    let (status, _) = act(&http, &gw, &game, 0, "e2e4", game.seq, "m1").await;
    assert_eq!(status, 200);
    for s in streams {
        s.await.unwrap();
    }
}

#[tokio::test(flavor = "multi_thread")]
async fn a_watcher_past_the_referees_limits_is_told_so_and_a_finished_games_watcher_is_told_to_stop() {
    let redis = Redis::start();
    let referee = Referee::start_with(&redis.url(), &[("REFEREE_MAX_FOLLOWED_GAMES", "1")]);
    let gw = Gateway::start(&referee, &[]);
    let http = reqwest::Client::new();
    let (first, second) =
        (seat_two(&http, &gw, "chess", json!({})).await, seat_two(&http, &gw, "chess", json!({})).await);
    let events = |game: &common::Seated| gw.url(&format!("/api/v1/games/{}/events", game.id));
    let held = http.get(events(&first)).send().await.unwrap();
    assert_eq!(held.status(), 200);
    let mut held = held.bytes_stream();
    tokio::time::timeout(Duration::from_secs(5), held.next()).await.unwrap().unwrap().unwrap();
    // The referee follows one game at most: the second is refused in so many words, with a
    // time to come back, not answered with an empty stream a browser retries every 2 s.
    let refused = http.get(events(&second)).send().await.unwrap();
    assert_eq!(refused.status(), 429);
    assert_eq!(refused.headers()["retry-after"], "30");
    let body: Value = refused.json().await.unwrap();
    assert_eq!(body["code"], "limit_reached");
    // The first game ends; a watcher that saw its end is told not to come back (204).
    let (status, over) = act(&http, &gw, &first, 0, "resign", first.seq, "r").await;
    assert_eq!((status, over["status"].as_str()), (200, Some("over")));
    let end = over["seq"].as_u64().unwrap();
    drop(held);
    let again = http.get(events(&first)).header("Last-Event-ID", end.to_string()).send().await.unwrap();
    assert_eq!(again.status(), 204, "nothing more will ever come");
    let late = http.get(events(&first)).send().await.unwrap();
    assert_eq!(late.status(), 200, "a watcher who has not seen the end gets it");
}

#[tokio::test(flavor = "multi_thread")]
async fn reads_of_a_record_are_rate_limited_per_address() {
    let redis = Redis::start();
    let referee = Referee::start(&redis.url());
    let gw = Gateway::start(&referee, &[("GATEWAY_RECORDS_PER_MINUTE", "4")]);
    let http = reqwest::Client::new();
    let game = seat_two(&http, &gw, "chess", json!({})).await;
    let read = || http.get(gw.url(&format!("/api/v1/games/{}/record", game.id))).send();
    let mut statuses = Vec::new();
    for _ in 0..4 {
        statuses.push(read().await.unwrap().status().as_u16());
    }
    assert_eq!(statuses[0], 200);
    assert!(statuses.contains(&429), "a burst past the limit is refused: {statuses:?}");
    let mut refused = None;
    for _ in 0..20 {
        let r = read().await.unwrap();
        if r.status() == 429 {
            refused = Some(r);
            break;
        }
    }
    let refused = refused.expect("a read past the limit is refused within 20 reads");
    assert!(refused.headers().contains_key("retry-after"));
}

#[tokio::test(flavor = "multi_thread")]
async fn a_wrong_method_is_told_which_methods_the_route_takes_and_the_openapi_document_lists_each_answer() {
    let redis = Redis::start();
    let referee = Referee::start(&redis.url());
    let gw = Gateway::start(&referee, &[]);
    let http = reqwest::Client::new();
    let r = http.post(gw.url("/api/v1/rules")).send().await.unwrap();
    assert_eq!(r.status(), 405);
    assert_eq!(r.headers()["allow"], "GET");
    let r = http.delete(gw.url("/api/v1/games/abc123/actions")).send().await.unwrap();
    assert_eq!((r.status().as_u16(), r.headers()["allow"].to_str().unwrap()), (405, "POST"));
    let body: Value = r.json().await.unwrap();
    assert_eq!(body["code"], "method_not_allowed");
    assert_eq!(http.get(gw.url("/api/v1/nowhere")).send().await.unwrap().status(), 404);
    // A body that is not JSON: 415, as the document says.
    let r = http.post(gw.url("/api/v1/games")).header("content-type", "text/plain").body("chess").send().await.unwrap();
    assert_eq!(r.status(), 415);
    let doc: Value = http.get(gw.url("/api/openapi.json")).send().await.unwrap().json().await.unwrap();
    for (path, method, statuses) in [
        ("/api/v1/games", "post", &["400", "404", "415", "429"][..]),
        ("/api/v1/games/{id}/join", "post", &["400", "403", "404", "415", "429"]),
        ("/api/v1/games/{id}/actions", "post", &["400", "401", "403", "404", "409", "415", "422", "429"]),
        ("/api/v1/games/{id}/end", "post", &["401", "403", "404"]),
    ] {
        let responses = &doc["paths"][path][method]["responses"];
        for status in statuses {
            assert!(responses[status].is_object(), "{method} {path} documents {status}: {responses}");
        }
    }
}

#[tokio::test(flavor = "multi_thread")]
async fn what_is_par_here_is_answered_without_a_game_and_limited_per_address() {
    let redis = Redis::start();
    let referee = Referee::start(&redis.url());
    let gw = Gateway::start(&referee, &[("GATEWAY_PARS_PER_MINUTE", "4")]);
    let http = reqwest::Client::new();
    let ask = |rules: &str, position: &str| {
        http.post(gw.url("/api/v1/par")).json(&json!({"rules": rules, "position": position})).send()
    };
    let hole = "2B3R1/5k2/1r1n1N2/1r2b3/R5q1/1B1n1N2/b6K/5Q2 Kb";
    let answer = ask("chess-golf", hole).await.unwrap();
    assert_eq!(answer.status(), 200);
    let par: Value = answer.json().await.unwrap();
    assert_eq!(
        (&par["kind"], &par["moves"], &par["puzzle"]),
        (&json!("moves"), &json!(3), &json!("position")),
        "{par}"
    );
    assert_eq!(par["line"].as_array().unwrap().len(), 3, "{par}");
    let chess = ask("chess", "4k3/8/8/8/8/8/8/4K3 w - - 0 1").await.unwrap();
    assert_eq!(chess.status(), 400);
    let refused: Value = chess.json().await.unwrap();
    assert_eq!(refused["code"], "no_par", "{refused}");
    let refused = loop {
        let r = ask("chess-golf", hole).await.unwrap();
        if r.status() == 429 {
            break r;
        }
        assert_eq!(r.status(), 200);
    };
    assert!(refused.headers().contains_key("retry-after"));
}

#[tokio::test(flavor = "multi_thread")]
async fn a_refusal_for_too_many_requests_is_held_back_so_a_looping_client_slows_down() {
    let redis = Redis::start();
    let referee = Referee::start(&redis.url());
    let gw = Gateway::start(&referee, &[("GATEWAY_RECORDS_PER_MINUTE", "1"), ("GATEWAY_REFUSAL_DELAY_MS", "400")]);
    let http = reqwest::Client::new();
    let game = seat_two(&http, &gw, "chess", json!({})).await;
    let read = || http.get(gw.url(&format!("/api/v1/games/{}/record", game.id))).send();
    assert_eq!(read().await.unwrap().status(), 200);
    let asked = std::time::Instant::now();
    let refused = read().await.unwrap();
    assert_eq!(refused.status(), 429);
    assert!(asked.elapsed() >= std::time::Duration::from_millis(400), "held {:?}", asked.elapsed());
}

#[tokio::test(flavor = "multi_thread")]
async fn the_rules_catalogue_comes_compressed_with_an_etag_and_is_not_sent_again_unchanged() {
    let redis = Redis::start();
    let referee = Referee::start(&redis.url());
    let gw = Gateway::start(&referee, &[]);
    let http = reqwest::Client::new();
    let first = http.get(gw.url("/api/v1/rules")).header("accept-encoding", "gzip").send().await.unwrap();
    assert_eq!(first.status(), 200);
    let headers = first.headers().clone();
    assert_eq!(headers.get("content-encoding").map(|v| v.to_str().unwrap()), Some("gzip"), "{headers:?}");
    assert!(headers.get("cache-control").is_some_and(|v| v.to_str().unwrap().contains("max-age")), "{headers:?}");
    let compressed = first.bytes().await.unwrap().len();
    let plain = http.get(gw.url("/api/v1/rules")).send().await.unwrap().bytes().await.unwrap().len();
    assert!(compressed * 3 < plain, "{compressed} bytes compressed against {plain}");
    let tag = headers.get("etag").expect("an ETag").to_str().unwrap();
    let again = http.get(gw.url("/api/v1/rules")).header("if-none-match", tag).send().await.unwrap();
    assert_eq!(again.status(), 304);
    assert!(again.bytes().await.unwrap().is_empty());
}

/// Issue 42: the re-issue route takes no body or a JSON one; a body that is not the expected
/// JSON gets 400 and re-issues nothing. Each seat's re-issues are counted in every view
/// (`reissues`), a fourth in a minute is a 429 with `Retry-After`, and an idempotency key reused
/// for another action is a 409 of its own.
#[tokio::test(flavor = "multi_thread")]
async fn a_reissue_with_a_malformed_body_reissues_nothing_and_conflicts_have_their_own_answers() {
    let redis = Redis::start();
    let referee = Referee::start(&redis.url());
    let gw = Gateway::start(&referee, &[]);
    let http = reqwest::Client::new();
    let game = common::seat_all(&http, &gw, "chess", Value::Null, None).await;
    let (id, host) = (game.id.clone(), game.host.clone());
    let url = gw.url(&format!("/api/v1/games/{id}/seats/0/code"));
    let view = || async {
        let v: Value = http.get(gw.url(&format!("/api/v1/games/{id}"))).send().await.unwrap().json().await.unwrap();
        v
    };
    let before = view().await;
    assert_eq!((&before["reissued_seats"], &before["reissues"]), (&json!([]), &json!([0, 0])), "{before}");
    let long = format!("{{\"client_key\": \"{}\"}}", "k".repeat(20_000));
    for (body, content_type, status, code) in [
        ("{\"client_key\": ", "application/json", 400, "bad_json"),
        ("{\"client_key\": 7}", "application/json", 400, "bad_json"),
        ("client_key=k", "application/x-www-form-urlencoded", 415, "bad_content_type"),
        (long.as_str(), "application/json", 413, "too_large"),
    ] {
        let r = http
            .post(&url)
            .bearer_auth(&host)
            .header("content-type", content_type)
            .body(body.to_string())
            .send()
            .await
            .unwrap();
        let got = r.status().as_u16();
        let answer: Value = r.json().await.unwrap();
        assert_eq!((got, answer["code"].as_str()), (status, Some(code)), "{}: {answer}", &body[..body.len().min(40)]);
    }
    let after = view().await;
    assert_eq!((&after["seq"], &after["reissues"]), (&before["seq"], &json!([0, 0])), "nothing re-issued: {after}");
    // No body at all, or a JSON one: a new code each.
    let r = http.post(&url).bearer_auth(&host).send().await.unwrap();
    assert_eq!(r.status(), 200);
    for key in ["k1", "k2"] {
        let r = http.post(&url).bearer_auth(&host).json(&json!({"client_key": key})).send().await.unwrap();
        assert_eq!(r.status(), 200);
    }
    let r = http.post(&url).bearer_auth(&host).json(&json!({})).send().await.unwrap();
    assert_eq!(r.status(), 429);
    assert!(r.headers().get("retry-after").is_some());
    assert_eq!(r.json::<Value>().await.unwrap()["code"], "limit_reached");
    assert_eq!(view().await["reissues"], json!([3, 0]));

    // Black's key "k" used for one action, then for another: 409.
    let seq = view().await["seq"].as_u64().unwrap();
    // White's seat waits for a new phone: Black offers a draw, then reuses the key.
    let (status, _) = act(&http, &gw, &game, 1, "offer-draw", seq, "k").await;
    assert_eq!(status, 200);
    let (status, answer) = act(&http, &gw, &game, 1, "resign", seq + 1, "k").await;
    assert_eq!((status, answer["code"].as_str()), (409, Some("idempotency_key_reused")), "{answer}");
}

/// An HTTP client speaking from 127.0.0.`host` (another client address on this machine).
fn client_at(host: u8) -> reqwest::Client {
    reqwest::Client::builder()
        .local_address(std::net::IpAddr::V4(std::net::Ipv4Addr::new(127, 0, 0, host)))
        .build()
        .unwrap()
}

/// Plays the fool's mate in `game`, seated by [`seat_two`].
async fn fools_mate(http: &reqwest::Client, gw: &Gateway, game: &common::Seated) -> u64 {
    let mut seq = game.seq;
    for (ply, action) in ["f2f3", "e7e5", "g2g4", "d8h4"].into_iter().enumerate() {
        let (status, view) = act(http, gw, game, ply % 2, action, seq, &format!("fool{ply}")).await;
        assert_eq!(status, 200, "{view}");
        seq = view["seq"].as_u64().unwrap();
    }
    seq
}

#[tokio::test(flavor = "multi_thread")]
async fn views_live_streams_audits_reveals_and_questions_are_rate_limited_per_address() {
    let redis = Redis::start();
    let referee = Referee::start(&redis.url());
    let limits = [
        ("GATEWAY_VIEWS_PER_MINUTE", "8"),
        ("GATEWAY_AUDITS_PER_MINUTE", "4"),
        ("GATEWAY_REVEALS_PER_MINUTE", "2"),
        ("GATEWAY_QUESTIONS_PER_SECOND", "1"),
        ("GATEWAY_REFUSAL_DELAY_MS", "0"),
    ];
    let gw = Gateway::start(&referee, &limits);
    let http = client_at(1);
    let game = seat_two(&http, &gw, "chess", json!({})).await;
    fools_mate(&http, &gw, &game).await;
    let url = |part: &str| gw.url(&format!("/api/v1/games/{}{part}", game.id));
    let adjudicate = json!({"rules": "chess", "position": "8/8/8/8/8/8/8/K6k w - - 0 1", "action": "a1a2"});
    let legal = json!({"rules": "chess", "position": "8/8/8/8/8/8/8/K6k w - - 0 1"});
    type Ask<'a> = Box<dyn Fn(&reqwest::Client) -> reqwest::RequestBuilder + 'a>;
    let reads: Vec<(&str, Ask)> = vec![
        ("a view", Box::new(|c| c.get(url("")))),
        ("a live stream", Box::new(|c| c.get(url("/events")))),
        ("an audit record", Box::new(|c| c.get(url("/audit")))),
        ("a reveal", Box::new(|c| c.post(url("/reveal")).bearer_auth(&game.tokens[0]).json(&json!({"entropy": "x"})))),
        ("an adjudication", Box::new(|c| c.post(gw.url("/api/v1/adjudicate")).json(&adjudicate))),
        ("legal actions", Box::new(|c| c.post(gw.url("/api/v1/legal-actions")).json(&legal))),
    ];
    for (what, request) in &reads {
        let mut refused = None;
        for _ in 0..40 {
            let r = request(&http).send().await.unwrap();
            if r.status() == 429 {
                refused = Some(r);
                break;
            }
        }
        let refused = refused.unwrap_or_else(|| panic!("{what}: never refused in 40 asks"));
        assert!(refused.headers().contains_key("retry-after"), "{what}");
        // Another address is not held back by this one.
        let other = request(&client_at(2)).send().await.unwrap();
        assert_ne!(other.status(), 429, "{what}: another address");
    }
}

#[tokio::test(flavor = "multi_thread")]
async fn a_finished_games_audit_record_comes_through_the_gateway_as_the_referee_wrote_it() {
    let redis = Redis::start();
    let referee = Referee::start(&redis.url());
    let gw = Gateway::start(&referee, &[]);
    let http = reqwest::Client::new();
    let game = seat_two(&http, &gw, "table-tools", json!({"seats": 2})).await;
    let mut seq = game.seq;
    for (i, action) in ["roll 3d6", "roll 1d1000000", "roll 2d20", "end"].into_iter().enumerate() {
        let (status, view) = act(&http, &gw, &game, i % 2, action, seq, &format!("t{i}")).await;
        assert_eq!(status, 200, "{action}: {view}");
        seq = view["seq"].as_u64().unwrap();
    }
    let text =
        http.get(gw.url(&format!("/api/v1/games/{}/audit", game.id))).send().await.unwrap().text().await.unwrap();
    let mut client = referee.client().await;
    let sent = client.get_audit(pb::GetAuditRequest { game_id: game.id.clone() }).await.unwrap().into_inner();
    let expected = referee_proto::structs::to_json(sent.audit.as_ref().unwrap());
    assert_eq!(serde_json::from_str::<Value>(&text).unwrap(), expected);
    assert!(text.contains("\"rules_version\":") && !text.contains(".0,"), "whole numbers stay whole: {text}");
    let file = tempfile::NamedTempFile::new().unwrap();
    std::fs::write(file.path(), &text).unwrap();
    let verified = std::process::Command::new(common::support::referee_bin()).arg("verify").arg(file.path()).output();
    let verified = verified.unwrap();
    assert!(verified.status.success(), "{}", String::from_utf8_lossy(&verified.stdout));
}

#[tokio::test(flavor = "multi_thread")]
async fn a_finished_games_audit_record_is_asked_of_the_referee_once_however_many_read_it_and_comes_gzipped_and_tagged()
{
    let redis = Redis::start();
    let referee = Referee::start(&redis.url());
    let gw = Gateway::start(&referee, &[("GATEWAY_AUDITS_PER_MINUTE", "10000")]);
    let http = reqwest::Client::new();
    let game = seat_two(&http, &gw, "table-tools", json!({"seats": 2})).await;
    let url = gw.url(&format!("/api/v1/games/{}/audit", game.id));
    // While the game is on, every read is refused, and nothing is kept.
    assert_eq!(http.get(&url).send().await.unwrap().status(), 409);
    let mut seq = game.seq;
    for (i, action) in ["roll 3d6", "roll 2d20", "end"].into_iter().enumerate() {
        let (status, view) = act(&http, &gw, &game, i % 2, action, seq, &format!("t{i}")).await;
        assert_eq!(status, 200, "{action}: {view}");
        seq = view["seq"].as_u64().unwrap();
    }
    // Sixteen readers at once: one fetch from the referee, the same bytes to each.
    let reads = (0..16).map(|_| async { http.get(&url).send().await.unwrap() });
    let answers = futures::future::join_all(reads).await;
    let tag = answers[0].headers()["etag"].to_str().unwrap().to_string();
    assert!(answers[0].headers()["cache-control"].to_str().unwrap().contains("max-age="));
    let mut bodies = Vec::new();
    for answer in answers {
        assert_eq!((answer.status().as_u16(), answer.headers()["etag"].to_str().unwrap()), (200, tag.as_str()));
        assert!(!answer.headers().contains_key("content-encoding"), "asked for no encoding, sent none");
        bodies.push(answer.bytes().await.unwrap());
    }
    assert!(bodies.iter().all(|b| *b == bodies[0]));
    assert_eq!(serde_json::from_slice::<Value>(&bodies[0]).unwrap()["game_id"], game.id.as_str());
    assert_eq!(gauge(&http, &gw, "gateway_audit_fetches_total").await, 1.0);
    // A browser takes gzip: the same record, a fraction of the bytes.
    let zipped = http.get(&url).header("accept-encoding", "gzip, deflate").send().await.unwrap();
    assert_eq!(zipped.headers()["content-encoding"], "gzip");
    assert_eq!(zipped.headers()["vary"], "accept-encoding");
    let zipped = zipped.bytes().await.unwrap();
    let mut unzipped = Vec::new();
    std::io::Read::read_to_end(&mut flate2::read::GzDecoder::new(&zipped[..]), &mut unzipped).unwrap();
    assert_eq!(unzipped, bodies[0]);
    assert!(zipped.len() < bodies[0].len() / 2, "{} of {} bytes", zipped.len(), bodies[0].len());
    // A client that has it is told so, with no body.
    let again = http.get(&url).header("if-none-match", &tag).send().await.unwrap();
    assert_eq!(again.status(), 304);
    assert!(again.bytes().await.unwrap().is_empty());
    let other = http.get(&url).header("if-none-match", "\"another\"").send().await.unwrap();
    assert_eq!(other.status(), 200);
    assert_eq!(gauge(&http, &gw, "gateway_audit_fetches_total").await, 1.0, "every read after the first was kept");
}

#[tokio::test(flavor = "multi_thread")]
async fn a_finished_games_views_and_streams_are_kept_in_the_gateway_each_for_its_own_token_and_a_live_games_never() {
    let redis = Redis::start();
    let mut referee = Referee::start(&redis.url());
    let gw = Gateway::start(&referee, &[]);
    let http = reqwest::Client::new();
    let live = seat_two(&http, &gw, "chess", json!({})).await;
    let game = seat_two(&http, &gw, "table-tools", json!({"seats": 2})).await;
    let mut seq = game.seq;
    for (i, action) in ["roll 3d6", "end"].into_iter().enumerate() {
        let (status, view) = act(&http, &gw, &game, i % 2, action, seq, &format!("t{i}")).await;
        assert_eq!(status, 200, "{action}: {view}");
        seq = view["seq"].as_u64().unwrap();
    }
    let read = async |id: &str, token: Option<&str>| {
        let mut request = http.get(gw.url(&format!("/api/v1/games/{id}")));
        if let Some(token) = token {
            request = request.bearer_auth(token);
        }
        let answer = request.send().await.unwrap();
        (answer.status().as_u16(), answer.text().await.unwrap())
    };
    let spectator = read(&game.id, None).await;
    let seat = read(&game.id, Some(&game.tokens[0])).await;
    assert_eq!((spectator.0, seat.0), (200, 200));
    assert_eq!(serde_json::from_str::<Value>(&seat.1).unwrap()["seat"], 0);
    assert_eq!(read(&live.id, None).await.0, 200);
    // With the referee gone, the finished game's views are still read, each by its own reader.
    referee.kill9();
    assert_eq!(read(&game.id, None).await, spectator);
    assert_eq!(read(&game.id, Some(&game.tokens[0])).await, seat);
    // The other seat's view, which nobody read, and the live game's are not kept.
    assert_eq!(read(&game.id, Some(&game.tokens[1])).await.0, 503);
    assert_eq!(read(&live.id, None).await.0, 503);
    // A spectator's live stream of the finished game gets the kept view as its one event, and
    // one that saw it is told to stop, with no watch at the referee.
    let events = gw.url(&format!("/api/v1/games/{}/events", game.id));
    let stream = http.get(&events).send().await.unwrap();
    assert_eq!(stream.status(), 200);
    let text = stream.text().await.unwrap();
    assert!(text.contains(&format!("id: {seq}")) && text.contains("event: view"), "{text}");
    let data: String = text.lines().filter_map(|l| l.strip_prefix("data: ")).collect();
    assert_eq!(serde_json::from_str::<Value>(&data).unwrap(), serde_json::from_str::<Value>(&spectator.1).unwrap());
    let seen = http.get(&events).header("last-event-id", seq.to_string()).send().await.unwrap();
    assert_eq!(seen.status(), 204);
    assert_eq!(http.get(gw.url(&format!("/api/v1/games/{}/events", live.id))).send().await.unwrap().status(), 503);
}

#[tokio::test(flavor = "multi_thread")]
async fn a_client_that_repeats_any_refusal_in_a_loop_is_held_back_while_a_players_odd_refusal_comes_at_once() {
    let redis = Redis::start();
    let referee = Referee::start(&redis.url());
    let gw = Gateway::start(&referee, &[("GATEWAY_REFUSAL_DELAY_MS", "40")]);
    let http = reqwest::Client::new();
    let game = seat_two(&http, &gw, "chess", json!({})).await;
    let held =
        async |status: &str| gauge(&http, &gw, &format!("gateway_refusals_held_total{{status=\"{status}\"}}")).await;
    // A player's illegal move is answered at once.
    let (status, _) = act(&http, &gw, &game, 0, "e2e5", game.seq, "oops").await;
    assert_eq!(status, 422);
    assert_eq!(held("422").await, 0.0, "a player's first refusal is not held");
    // A loop of illegal moves and malformed bodies is held back once the address has had its
    // allowance sent at once (ten, and one more every three seconds).
    for i in 0..40 {
        let status = if i % 2 == 0 {
            act(&http, &gw, &game, 0, "e2e5", game.seq, &format!("loop{i}")).await.0
        } else {
            let r = http.post(gw.url("/api/v1/adjudicate")).header("content-type", "application/json").body("{");
            r.send().await.unwrap().status().as_u16()
        };
        assert!(status == 422 || status == 400, "{status}");
    }
    let (illegal, malformed) = (held("422").await, held("400").await);
    assert!(
        illegal >= 1.0 && malformed >= 1.0 && illegal + malformed >= 15.0,
        "held: {illegal} moves, {malformed} bodies"
    );
}

#[tokio::test(flavor = "multi_thread")]
async fn every_answer_to_a_malformed_or_misdirected_request_is_one_the_openapi_document_lists() {
    let redis = Redis::start();
    let referee = Referee::start(&redis.url());
    // As deployed: the app built beside the API, whose fallback answers unknown paths.
    let app = tempfile::tempdir().unwrap();
    std::fs::write(app.path().join("index.html"), "<!doctype html><title>app</title>").unwrap();
    let gw = Gateway::start(&referee, &[("PWA_DIR", app.path().to_str().unwrap()), ("GATEWAY_REFUSAL_DELAY_MS", "0")]);
    let http = reqwest::Client::new();
    let game = seat_two(&http, &gw, "chess", json!({})).await;
    let doc: Value = http.get(gw.url("/api/openapi.json")).send().await.unwrap().json().await.unwrap();
    let mut wrong = Vec::new();
    for (template, item) in doc["paths"].as_object().unwrap() {
        let path = template.replace("{id}", &game.id).replace("{seat}", "0");
        let documented: Vec<String> = ["get", "post", "put", "delete"]
            .into_iter()
            .filter(|m| item.get(*m).is_some())
            .map(str::to_uppercase)
            .collect();
        for method in ["GET", "POST", "PUT", "DELETE", "PATCH"] {
            let request = |m: &str| http.request(m.parse().unwrap(), gw.url(&path));
            let Some(operation) = item.get(method.to_lowercase()) else {
                let r = request(method).send().await.unwrap();
                let allow = r.headers().get("allow").map(|v| v.to_str().unwrap().to_string());
                if r.status() != 405 || allow != Some(documented.join(", ")) {
                    wrong.push(format!("{method} {template}: {} (Allow {allow:?}), not 405", r.status()));
                }
                continue;
            };
            let mut cases = vec![("a malformed bearer", request(method).header("authorization", "Bearer no good"))];
            if operation.get("requestBody").is_some() {
                cases.push(("a body that is not JSON", request(method).header("content-type", "text/plain").body("x")));
                cases.push(("malformed JSON", request(method).header("content-type", "application/json").body("{")));
                cases.push(("the wrong JSON", request(method).json(&json!({"nothing": 1}))));
            }
            for parameter in operation["parameters"].as_array().into_iter().flatten() {
                if parameter["in"] == "query" {
                    let name = parameter["name"].as_str().unwrap();
                    cases.push(("a query that is not a number", request(method).query(&[(name, "not-a-number")])));
                }
            }
            for (what, case) in cases {
                let status = case.send().await.unwrap().status().as_u16().to_string();
                if operation["responses"].get(&status).is_none() {
                    wrong.push(format!("{method} {template} with {what}: {status}, undocumented"));
                }
            }
        }
    }
    assert!(wrong.is_empty(), "answers the document does not list:\n{}", wrong.join("\n"));
}
