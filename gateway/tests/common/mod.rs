//! What the gateway's tests share: a real gateway process, seating a game, acting in it.
#![allow(dead_code)]

use serde_json::{Value, json};
use std::process::{Child, Command};

#[path = "../../../referee/tests/support/mod.rs"]
pub mod support;
use support::{Referee, free_port};

pub struct Gateway {
    child: Child,
    base: String,
    metrics: String,
    _dir: tempfile::TempDir,
}

impl Gateway {
    pub fn start(referee: &Referee, env: &[(&str, &str)]) -> Gateway {
        Gateway::start_binary(std::path::Path::new(env!("CARGO_BIN_EXE_gateway")), referee, env)
    }

    /// A gateway listening on `port` as `env` says (`GATEWAY_ADDR` and TLS among them), reached
    /// at `base` (`https://localhost:PORT`).
    pub fn start_with_base(referee: &Referee, env: &[(&str, &str)], base: &str, port: u16) -> Gateway {
        let mut gateway = Gateway::spawn(std::path::Path::new(env!("CARGO_BIN_EXE_gateway")), referee, env, port);
        gateway.base = base.to_string();
        gateway
    }

    /// A gateway from another build (a benchmark's baseline).
    pub fn start_binary(bin: &std::path::Path, referee: &Referee, env: &[(&str, &str)]) -> Gateway {
        Gateway::spawn(bin, referee, env, free_port())
    }

    fn spawn(bin: &std::path::Path, referee: &Referee, env: &[(&str, &str)], port: u16) -> Gateway {
        let dir = tempfile::tempdir().unwrap();
        let log = dir.path().join("gateway.log");
        // A gateway that cannot listen (a port taken meanwhile) fails the test with its words,
        // after its metrics port was picked again where another test took it.
        let (child, metrics) = support::start_on_free_ports(
            "the gateway",
            &log,
            free_port,
            |_| port,
            |metrics| {
                let mut command = Command::new(bin);
                command
                    .env("GATEWAY_ADDR", format!("127.0.0.1:{port}"))
                    .env("GATEWAY_METRICS_ADDR", format!("127.0.0.1:{metrics}"))
                    .env("REFEREE_URL", referee.endpoint())
                    .env("PWA_DIR", "/nonexistent")
                    .env("RUST_LOG", "warn")
                    .env_remove("OTEL_EXPORTER_OTLP_ENDPOINT")
                    .envs(env.iter().copied());
                command
            },
        );
        Gateway {
            child,
            base: format!("http://127.0.0.1:{port}"),
            metrics: format!("http://127.0.0.1:{metrics}/metrics"),
            _dir: dir,
        }
    }

    /// The Prometheus page, on the gateway's metrics address.
    pub fn metrics_url(&self) -> String {
        self.metrics.clone()
    }

    pub fn url(&self, path: &str) -> String {
        format!("{}{path}", self.base)
    }

    /// The gateway's process id (for its memory, read from /proc).
    pub fn pid(&self) -> u32 {
        self.child.id()
    }
}

impl Drop for Gateway {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// A game created through the gateway with every seat joined: its id, the seats' tokens in
/// seat order, the host's token, and the `seq` of the last join's view.
pub struct Seated {
    pub id: String,
    pub tokens: Vec<String>,
    pub seq: u64,
    pub host: String,
}

/// Creates a `rules` game and seats every seat, each joining with some entropy.
pub async fn seat_two(http: &reqwest::Client, gw: &Gateway, rules: &str, options: Value) -> Seated {
    seat_all(http, gw, rules, options, Some("dice in my pocket")).await
}

/// Creates a `rules` game and seats every seat, each joining with `entropy` (none: `None`),
/// without keys.
pub async fn seat_all(
    http: &reqwest::Client,
    gw: &Gateway,
    rules: &str,
    options: Value,
    entropy: Option<&str>,
) -> Seated {
    let created: Value = http
        .post(gw.url("/api/v1/games"))
        .json(&json!({"rules": rules, "options": options}))
        .send()
        .await
        .unwrap()
        .json()
        .await
        .unwrap();
    let id = created["game_id"].as_str().unwrap().to_string();
    let host = created["host_token"].as_str().unwrap().to_string();
    let (mut tokens, mut seq) = (Vec::new(), 0);
    for seat in created["seats"].as_array().unwrap() {
        let mut body = json!({"join_code": seat["join_code"]});
        if let Some(entropy) = entropy {
            body["entropy"] = json!(entropy);
        }
        let r = http.post(gw.url(&format!("/api/v1/games/{id}/join"))).json(&body).send().await.unwrap();
        assert_eq!(r.status(), 200);
        let joined: Value = r.json().await.unwrap();
        tokens.push(joined["token"].as_str().unwrap().to_string());
        seq = joined["view"]["seq"].as_u64().unwrap();
    }
    Seated { id, tokens, seq, host }
}

/// Seat `seat` of `game` submits `action` at `seq` with idempotency key `key`: the status and
/// the answer's body.
pub async fn act(
    http: &reqwest::Client,
    gw: &Gateway,
    game: &Seated,
    seat: usize,
    action: &str,
    seq: u64,
    key: &str,
) -> (u16, Value) {
    let r = act_answer(http, gw, game, seat, action, seq, key).await;
    (r.status().as_u16(), r.json().await.unwrap())
}

/// [`act`]'s request, with the whole answer (for its headers).
pub async fn act_answer(
    http: &reqwest::Client,
    gw: &Gateway,
    game: &Seated,
    seat: usize,
    action: &str,
    seq: u64,
    key: &str,
) -> reqwest::Response {
    http.post(gw.url(&format!("/api/v1/games/{}/actions", game.id)))
        .bearer_auth(&game.tokens[seat])
        .json(&json!({"action": action, "seq": seq, "key": key}))
        .send()
        .await
        .unwrap()
}
