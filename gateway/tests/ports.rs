//! The tests beside a developer's running referee: with a gateway, a referee and Redis already
//! listening on every default port (as `deploy/local/run` leaves them), the harness's own
//! Redis, referee and gateway still start, each on free ports for everything it listens on,
//! metrics included, and a game is played through them.

mod common;

use common::support::{Redis, Referee};
use serde_json::json;
use std::net::TcpListener;

/// The addresses a referee, a gateway and Redis take by default.
const DEFAULTS: [&str; 5] = ["127.0.0.1:8080", "127.0.0.1:9465", "127.0.0.1:50051", "127.0.0.1:9464", "127.0.0.1:6379"];

#[tokio::test(flavor = "multi_thread")]
async fn the_harness_starts_beside_a_referee_running_on_every_default_port() {
    // Hold every default port: taken here, or already taken by a developer's running stack
    // (which is the case this test is about too).
    let held: Vec<TcpListener> = DEFAULTS.iter().filter_map(|a| TcpListener::bind(a).ok()).collect();
    for addr in DEFAULTS {
        assert!(TcpListener::bind(addr).is_err(), "{addr} is taken for this test");
    }
    let redis = Redis::start();
    let referee = Referee::start(&redis.url());
    let gateway = common::Gateway::start(&referee, &[]);
    let http = reqwest::Client::new();
    let game = common::seat_two(&http, &gateway, "chess", json!(null)).await;
    let (status, view) = common::act(&http, &gateway, &game, 0, "e2e4", game.seq, "k1").await;
    assert_eq!(status, 200, "{view}");
    assert!(gateway.metrics_url().starts_with("http://127.0.0.1:") && !gateway.metrics_url().contains(":9465/"));
    drop(held);
}
