//! The gateway serving HTTPS itself: a certificate made for this test (rcgen), a game played
//! over it with a client that trusts only that certificate; settings that cannot work refused
//! in words before anything listens; a taken address named with its setting.

mod common;

use common::support::{Redis, Referee, free_port};
use serde_json::{Value, json};
use std::path::Path;
use std::process::{Command, Output, Stdio};
use std::time::{Duration, Instant};

/// A certificate for `localhost` and 127.0.0.1, and its key, as PEM files in `dir`.
fn certificate(dir: &Path) -> (std::path::PathBuf, std::path::PathBuf, String) {
    let made = rcgen::generate_simple_self_signed(vec!["localhost".to_string(), "127.0.0.1".to_string()]).unwrap();
    let (cert, key) = (dir.join("cert.pem"), dir.join("key.pem"));
    let pem = made.cert.pem();
    std::fs::write(&cert, &pem).unwrap();
    std::fs::write(&key, made.signing_key.serialize_pem()).unwrap();
    (cert, key, pem)
}

/// The gateway binary run with `env` until it exits (it is expected to, at once).
fn run_to_exit(env: &[(&str, &str)]) -> Output {
    let mut child = Command::new(env!("CARGO_BIN_EXE_gateway"))
        .env("GATEWAY_METRICS_ADDR", "off")
        .env("REFEREE_URL", "http://127.0.0.1:1")
        .env("PWA_DIR", "/nonexistent")
        .env("RUST_LOG", "warn")
        .envs(env.iter().copied())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let start = Instant::now();
    while child.try_wait().unwrap().is_none() {
        if start.elapsed() > Duration::from_secs(20) {
            let _ = child.kill();
            panic!("the gateway did not exit within 20 s");
        }
        std::thread::sleep(Duration::from_millis(20));
    }
    child.wait_with_output().unwrap()
}

#[tokio::test(flavor = "multi_thread")]
async fn the_gateway_serves_https_from_its_certificate_and_a_move_is_played_over_it() {
    let dir = tempfile::tempdir().unwrap();
    let (cert, key, pem) = certificate(dir.path());
    let redis = Redis::start();
    let referee = Referee::start(&redis.url());
    let port = free_port();
    let gateway = common::Gateway::start_with_base(
        &referee,
        &[
            ("GATEWAY_ADDR", &format!("127.0.0.1:{port}")),
            ("GATEWAY_TLS_CERT", cert.to_str().unwrap()),
            ("GATEWAY_TLS_KEY", key.to_str().unwrap()),
        ],
        &format!("https://localhost:{port}"),
        port,
    );
    let https = reqwest::Client::builder()
        .tls_built_in_root_certs(false)
        .add_root_certificate(reqwest::Certificate::from_pem(pem.as_bytes()).unwrap())
        .https_only(true)
        .resolve("localhost", ([127, 0, 0, 1], port).into())
        .build()
        .unwrap();
    let ready = https.get(gateway.url("/readyz")).send().await.unwrap();
    assert_eq!(ready.status(), 200);
    assert_eq!(ready.version(), reqwest::Version::HTTP_2, "HTTP/2 by ALPN");

    let game = common::seat_two(&https, &gateway, "chess", json!(null)).await;
    let (status, view) = common::act(&https, &gateway, &game, 0, "e2e4", game.seq, "k1").await;
    assert_eq!(status, 200, "{view}");
    let seen: Value =
        https.get(gateway.url(&format!("/api/v1/games/{}", game.id))).send().await.unwrap().json().await.unwrap();
    assert_eq!(seen["seq"], game.seq + 1);
    assert_eq!(seen["played"][0]["said"], "e4");

    // Plain http on the same port is not served, and a client that does not trust the
    // certificate is refused by TLS, before any request is read.
    let plain = reqwest::get(format!("http://127.0.0.1:{port}/readyz")).await;
    assert!(plain.is_err() || !plain.unwrap().status().is_success());
    let untrusting = reqwest::Client::builder().resolve("localhost", ([127, 0, 0, 1], port).into()).build().unwrap();
    assert!(untrusting.get(gateway.url("/readyz")).send().await.is_err());
}

#[test]
fn tls_settings_that_cannot_work_are_refused_in_words_before_anything_listens() {
    let dir = tempfile::tempdir().unwrap();
    let (cert, key, _) = certificate(dir.path());
    let addr = format!("127.0.0.1:{}", free_port());
    let only_cert = run_to_exit(&[("GATEWAY_ADDR", &addr), ("GATEWAY_TLS_CERT", cert.to_str().unwrap())]);
    assert_eq!(only_cert.status.code(), Some(2));
    assert_eq!(
        String::from_utf8_lossy(&only_cert.stderr).trim().lines().last().unwrap_or_default(),
        "gateway: GATEWAY_TLS_CERT and GATEWAY_TLS_KEY go together: set both to serve HTTPS, or neither"
    );
    let missing = dir.path().join("nowhere.pem");
    let no_file = run_to_exit(&[
        ("GATEWAY_ADDR", &addr),
        ("GATEWAY_TLS_CERT", missing.to_str().unwrap()),
        ("GATEWAY_TLS_KEY", key.to_str().unwrap()),
    ]);
    assert_eq!(no_file.status.code(), Some(1));
    let said = String::from_utf8_lossy(&no_file.stderr);
    assert!(said.contains(&format!("gateway: GATEWAY_TLS_CERT {}:", missing.display())), "{said}");
    // A key that is not the certificate's.
    let other = dir.path().join("other");
    std::fs::create_dir(&other).unwrap();
    let (_, other_key, _) = certificate(&other);
    let mismatched = run_to_exit(&[
        ("GATEWAY_ADDR", &addr),
        ("GATEWAY_TLS_CERT", cert.to_str().unwrap()),
        ("GATEWAY_TLS_KEY", other_key.to_str().unwrap()),
    ]);
    assert_eq!(mismatched.status.code(), Some(1));
    assert!(
        String::from_utf8_lossy(&mismatched.stderr).contains("do not make a certificate to serve"),
        "{}",
        String::from_utf8_lossy(&mismatched.stderr)
    );
}

#[test]
fn an_address_in_use_is_named_with_its_setting_and_the_gateway_exits_at_once() {
    let taken = std::net::TcpListener::bind("127.0.0.1:0").unwrap();
    let addr = taken.local_addr().unwrap().to_string();
    let out = run_to_exit(&[("GATEWAY_ADDR", &addr)]);
    assert_eq!(out.status.code(), Some(1));
    assert_eq!(
        String::from_utf8_lossy(&out.stderr).trim().lines().last().unwrap_or_default(),
        format!(
            "gateway: cannot listen on {addr} (GATEWAY_ADDR): the address is in use (another program listens there: stop it, or set GATEWAY_ADDR to another port)"
        )
    );
    let free = format!("127.0.0.1:{}", free_port());
    let out = run_to_exit(&[("GATEWAY_ADDR", &free), ("GATEWAY_METRICS_ADDR", &addr)]);
    assert_eq!(out.status.code(), Some(1));
    assert!(
        String::from_utf8_lossy(&out.stderr)
            .contains(&format!("gateway: cannot listen on {addr} (GATEWAY_METRICS_ADDR): the address is in use")),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
}
