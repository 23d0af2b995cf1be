//! The gateway under load, against real parts (redis-server, `referee serve` and `gateway`,
//! release builds, on loopback), each figure printed beside its baseline from the same run.
//! Asserts nothing about time. Run: `cargo bench -p gateway --bench load` (`-- quick` for a
//! short run).
//!
//! 1. Stateless adjudication over REST against the same call straight to the referee's gRPC.
//! 2. Live updates: with 100, 1,000 and 10,000 watchers (SSE) of one game on one gateway, how
//!    long after the mover's 200 each watcher has the move, the mover's own latency beside a
//!    game nobody watches, the Redis connections and memory, and the gateway's memory while
//!    they watch and after they leave.

#[path = "../tests/common/mod.rs"]
mod common;

use common::support::{Redis, Referee, ms, percentile, process_memory_mib, redis_command, throughput};
use common::{Gateway, Seated, act, seat_two};
use futures::StreamExt;
use referee_proto::v1 as pb;
use serde_json::json;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

const PINNED: &str = "r1bqkbnr/ppp2ppp/2np4/1B2p3/4P3/5N2/PPPP1PPP/RNBQK2R b KQkq - 1 4";
/// Twelve plies of knights going out and back: a game that never ends by itself (the start
/// position comes back four times, and only the fifth ends a game under the claim rule).
const KNIGHTS: [&str; 4] = ["g1f3", "g8f6", "f3g1", "f6g8"];

/// A field of Redis's `INFO` (`connected_clients`, `used_memory`).
fn redis_info(redis: &Redis, field: &str) -> u64 {
    let info = redis_command(redis.port, "INFO").unwrap_or_default();
    info.lines().find_map(|l| l.strip_prefix(&format!("{field}:"))).and_then(|v| v.trim().parse().ok()).unwrap_or(0)
}

/// When each watcher saw each `seq`.
type Arrivals = Arc<Mutex<Vec<(u64, Instant)>>>;

/// Opens `n` spectator streams of the game, `batch` at a time, each recording when an event
/// arrives; returns once every stream has had its first view.
async fn watch(
    http: &reqwest::Client,
    gw: &Gateway,
    game: &Seated,
    n: usize,
    arrivals: &Arrivals,
) -> Vec<tokio::task::JoinHandle<()>> {
    let (ready_tx, mut ready_rx) = tokio::sync::mpsc::channel::<()>(n.max(1));
    let mut tasks = Vec::with_capacity(n);
    for chunk in (0..n).collect::<Vec<_>>().chunks(200) {
        for _ in chunk {
            let (http, url, arrivals, ready) = (
                http.clone(),
                gw.url(&format!("/api/v1/games/{}/events", game.id)),
                arrivals.clone(),
                ready_tx.clone(),
            );
            tasks.push(tokio::spawn(async move {
                let response = http.get(url).send().await.expect("a stream");
                assert_eq!(response.status(), 200, "a watcher was refused");
                let mut body = response.bytes_stream();
                let mut text = String::new();
                let mut first = true;
                while let Some(Ok(chunk)) = body.next().await {
                    let now = Instant::now();
                    text.push_str(&String::from_utf8_lossy(&chunk));
                    while let Some(end) = text.find("\n\n") {
                        let event: String = text.drain(..end + 2).collect();
                        if let Some(id) = event.lines().find_map(|l| l.strip_prefix("id: ")) {
                            arrivals.lock().unwrap().push((id.trim().parse().unwrap_or(0), now));
                            if std::mem::take(&mut first) {
                                let _ = ready.send(()).await;
                            }
                        }
                    }
                }
            }));
        }
        for _ in chunk {
            ready_rx.recv().await;
        }
    }
    tasks
}

/// Plays the knights' twelve plies; returns each move's latency (to the mover's 200) and when
/// each 200 came, waiting after each move until `watchers` have seen it (or ten seconds).
async fn play(
    http: &reqwest::Client,
    gw: &Gateway,
    game: &Seated,
    watchers: usize,
    arrivals: &Arrivals,
) -> Vec<(u64, Duration, Instant)> {
    let mut seq = game.seq;
    let mut out = Vec::new();
    for ply in 0..12 {
        let t = Instant::now();
        let (status, view) = act(http, gw, game, ply % 2, KNIGHTS[ply % 4], seq, &format!("k{ply}")).await;
        let answered = Instant::now();
        assert_eq!(status, 200, "{view}");
        seq = view["seq"].as_u64().unwrap();
        out.push((seq, answered - t, answered));
        let deadline = Instant::now() + Duration::from_secs(10);
        while arrivals.lock().unwrap().iter().filter(|(s, _)| *s == seq).count() < watchers && Instant::now() < deadline
        {
            tokio::time::sleep(Duration::from_millis(2)).await;
        }
    }
    out
}

#[tokio::main(flavor = "multi_thread")]
async fn main() {
    let quick = std::env::args().any(|a| a == "quick");
    let seconds = if quick { 1 } else { 3 };
    let redis = Redis::start();
    let referee = Referee::start_with(
        &redis.url(),
        &[("RUST_LOG", "warn"), ("REFEREE_METRICS_ADDR", "off"), ("REFEREE_CREATES_PER_ADDRESS", "100000")],
    );
    let gw = Gateway::start(
        &referee,
        &[
            ("GATEWAY_STREAMS_PER_ADDRESS", "20000"),
            ("GATEWAY_ACTIONS_PER_SECOND", "100000"),
            ("GATEWAY_JOINS_PER_MINUTE", "60000"),
            ("GATEWAY_KEEPALIVE_SECONDS", "1"),
        ],
    );
    let concurrency = 32;
    println!("gateway benchmark: redis-server (AOF, fsync always), referee and gateway on loopback");

    // 1. REST against direct gRPC, the same adjudication on the same referee.
    let http = reqwest::Client::builder().pool_max_idle_per_host(256).build().unwrap();
    let body = json!({"rules": "chess", "position": PINNED, "action": "c6d4"});
    let url = gw.url("/api/v1/adjudicate");
    let (h, b, u) = (http.clone(), body.clone(), url.clone());
    let rest = throughput(concurrency, Duration::from_secs(seconds), move || {
        let (h, b, u) = (h.clone(), b.clone(), u.clone());
        async move {
            let r = h.post(u).json(&b).send().await.unwrap();
            assert_eq!(r.status(), 200);
            r.bytes().await.unwrap();
        }
    })
    .await;
    let request =
        pb::AdjudicateRequest { rules: "chess".into(), position: PINNED.into(), action: "c6d4".into(), seat: None };
    let mut grpc = Vec::new();
    for connections in [1, 4] {
        let mut clients = Vec::new();
        for _ in 0..connections {
            clients.push(referee.client().await);
        }
        let (clients, turn, request) = (Arc::new(clients), Arc::new(AtomicUsize::new(0)), request.clone());
        grpc.push(
            throughput(concurrency, Duration::from_secs(seconds), move || {
                let mut c = clients[turn.fetch_add(1, Ordering::Relaxed) % clients.len()].clone();
                let r = request.clone();
                async move {
                    c.adjudicate(r).await.unwrap();
                }
            })
            .await,
        );
    }
    println!("\nstateless adjudication, {concurrency} concurrent clients");
    println!("  POST /api/v1/adjudicate (REST)        {rest:>10.0} calls/s");
    println!("  Adjudicate, gRPC over 1 connection    {:>10.0} calls/s", grpc[0]);
    println!("  Adjudicate, gRPC over 4 connections   {:>10.0} calls/s   (as the gateway has)", grpc[1]);
    println!("  ratio (REST / best gRPC)              {:>10.2}   (goal: at least 0.5)", rest / grpc[0].max(grpc[1]));

    // 2. Live updates at 100, 1,000 and 10,000 watchers.
    println!("\nlive updates: one chess game, 12 moves, its watchers on one gateway (SSE)");
    println!(
        "  {:>9} {:>11} {:>11} {:>12} {:>12} {:>8} {:>10} {:>10} {:>10}",
        "watchers", "update p50", "update p99", "mover p50", "alone p50", "ratio", "redis conn", "redis MiB", "gw MiB"
    );
    let counts: &[usize] = &[100, 1_000, 10_000];
    let idle_rss = process_memory_mib(gw.pid()).0;
    for &n in counts {
        let arrivals: Arrivals = Arc::default();
        let alone = seat_two(&http, &gw, "chess", json!({"draws": "claim"})).await;
        let alone_moves = play(&http, &gw, &alone, 0, &arrivals).await;
        let game = seat_two(&http, &gw, "chess", json!({"draws": "claim"})).await;
        let watchers = watch(&http, &gw, &game, n, &arrivals).await;
        let (conns, memory, rss) = (
            redis_info(&redis, "connected_clients"),
            redis_info(&redis, "used_memory"),
            process_memory_mib(gw.pid()).0,
        );
        let moves = play(&http, &gw, &game, n, &arrivals).await;
        let seen = arrivals.lock().unwrap().clone();
        let mut updates: Vec<Duration> = moves
            .iter()
            .flat_map(|(seq, _, answered)| {
                seen.iter().filter(move |(s, _)| s == seq).map(move |(_, at)| at.saturating_duration_since(*answered))
            })
            .collect();
        let missing = moves.len() * n - updates.len();
        updates.sort();
        let mut mover: Vec<Duration> = moves.iter().map(|m| m.1).collect();
        let mut solo: Vec<Duration> = alone_moves.iter().map(|m| m.1).collect();
        mover.sort();
        solo.sort();
        let (mover, solo) = (percentile(&mover, 0.5), percentile(&solo, 0.5));
        println!(
            "  {n:>9} {:>8.2} ms {:>8.2} ms {:>9.2} ms {:>9.2} ms {:>8.2} {conns:>10} {:>10.1} {rss:>10.1}{}",
            ms(percentile(&updates, 0.5)),
            ms(percentile(&updates, 0.99)),
            ms(mover),
            ms(solo),
            ms(mover) / ms(solo),
            memory as f64 / (1 << 20) as f64,
            if missing > 0 { format!("   ({missing} updates not seen within 10 s)") } else { String::new() }
        );
        for w in watchers {
            w.abort();
        }
    }
    // The watchers have gone: the gateway notices at its second keep-alive (1 s here).
    tokio::time::sleep(Duration::from_secs(4)).await;
    println!(
        "  gateway memory: {idle_rss:.1} MiB before any watcher, {:.1} MiB after the last left; Redis connections then: {}",
        process_memory_mib(gw.pid()).0,
        redis_info(&redis, "connected_clients")
    );
}
