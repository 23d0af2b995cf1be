//! The gateway under load, against real parts (redis-server, `referee serve` and `gateway`,
//! release builds, on loopback), each figure printed beside its baseline from the same run.
//! Asserts nothing about time. Run: `cargo bench -p gateway --bench load` (`-- quick` for a
//! short run, `-- live` for the live updates alone, `-- watchers=100,1000` for other numbers of
//! watchers).
//!
//! 1. Stateless adjudication over REST against the same call straight to the referee's gRPC.
//! 2. Live updates: with 100, 1,000 and 10,000 watchers (SSE) of one game on one gateway, how
//!    long after the mover's 200 each watcher has the move, the mover's own latency beside a
//!    game nobody watches, the gateway's CPU per watcher's update and the referee's per watched
//!    move, the Redis connections and memory, and the gateway's memory while they watch and
//!    after they leave. With `BASELINE_BUILD=<a folder with another build's `referee` and
//!    `gateway`>` the same runs also go through that build, each build first in turn. The watchers read on their own runtime, so
//!    the mover's answers do not queue behind theirs in the benchmark (they still share the
//!    machine's cores).
//! 3. Refereed moves under load (32 and 256 in flight over hundreds of games) through the
//!    gateway, beside the same moves straight to the referee: moves/s, p50/p99, and what a move
//!    costs the gateway's CPU and the referee's (`load/moves.rs`).

#[path = "../tests/common/mod.rs"]
mod common;
#[path = "load/moves.rs"]
mod moves;

use common::support::{
    Redis, Referee, ms, percentile, process_cpu_seconds, process_memory_mib, redis_command, throughput,
};
use common::{Gateway, Seated, act, seat_two};
use futures::StreamExt;
use referee_proto::v1 as pb;
use serde_json::json;
use std::collections::HashMap;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

const PINNED: &str = "r1bqkbnr/ppp2ppp/2np4/1B2p3/4P3/5N2/PPPP1PPP/RNBQK2R b KQkq - 1 4";
/// Forty plies of a quiet Italian game (no capture, check or repetition before its last
/// plies), so that every move costs about the same.
const OPENING: [&str; 40] = [
    "e2e4", "e7e5", "g1f3", "b8c6", "f1c4", "f8c5", "d2d3", "d7d6", "c2c3", "g8f6", "e1g1", "e8g8", "h2h3", "h7h6",
    "a2a4", "a7a5", "f1e1", "f8e8", "b1d2", "c8e6", "c4b5", "e6d7", "d2f1", "c6e7", "f1g3", "e7g6", "d3d4", "c5b6",
    "b5d3", "c7c6", "c1e3", "d8c7", "d1c2", "a8d8", "a1d1", "g8h7", "g1h1", "h7g8", "h1g1", "g8h7",
];

/// A field of Redis's `INFO` (`connected_clients`, `used_memory`).
fn redis_info(redis: &Redis, field: &str) -> u64 {
    let info = redis_command(redis.port, "INFO").unwrap_or_default();
    info.lines().find_map(|l| l.strip_prefix(&format!("{field}:"))).and_then(|v| v.trim().parse().ok()).unwrap_or(0)
}

/// What the watchers have seen: how many saw each `seq`, and when each sighting came.
#[derive(Default)]
struct Sightings {
    counts: HashMap<u64, usize>,
    at: Vec<(u64, Instant)>,
}
type Arrivals = Arc<Mutex<Sightings>>;

/// Opens `n` spectator streams of the game on the watchers' own runtime (so that reading them
/// does not queue the mover's answers behind theirs), `batch` at a time, each recording when
/// an event arrives; returns once every stream has had its first view.
async fn watch(
    runtime: &tokio::runtime::Handle,
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
            tasks.push(runtime.spawn(async move {
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
                            let seq = id.trim().parse().unwrap_or(0);
                            {
                                let mut seen = arrivals.lock().unwrap();
                                *seen.counts.entry(seq).or_default() += 1;
                                seen.at.push((seq, now));
                            }
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

/// One game's moves: each move's latency (to the mover's 200) and when the 200 came; and the
/// CPU the gateway and the referee spent over them.
#[derive(Default)]
struct Played {
    moves: Vec<(u64, Duration, Instant)>,
    gateway_cpu: f64,
    referee_cpu: f64,
}

impl Played {
    /// The median of the moves' latencies.
    fn median_latency(&self) -> Duration {
        let mut latencies: Vec<Duration> = self.moves.iter().map(|m| m.1).collect();
        latencies.sort();
        percentile(&latencies, 0.5)
    }
}

/// Plays the opening's forty plies in two games side by side, a ply of the unwatched one then
/// the same ply of the watched one, waiting after each watched move until `watchers` have seen
/// it (or ten seconds): both games' moves come after the same pauses, in the same state of the
/// processes and caches. The CPU of each move is read around it, the watched move's up to when
/// its watchers have it.
async fn play(
    http: &reqwest::Client,
    build: &Build<'_>,
    games: [&Seated; 2],
    watchers: usize,
    arrivals: &Arrivals,
) -> [Played; 2] {
    let mut seqs = games.map(|g| g.seq);
    let mut played: [Played; 2] = Default::default();
    let cpu_now = || (cpu(build.gw.pid()), cpu(build.referee.pid()));
    for (ply, action) in OPENING.iter().enumerate() {
        for (i, game) in games.iter().enumerate() {
            let (gw0, ref0) = cpu_now();
            let t = Instant::now();
            let (status, view) = act(http, build.gw, game, ply % 2, action, seqs[i], &format!("k{ply}")).await;
            let answered = Instant::now();
            assert_eq!(status, 200, "{view}");
            seqs[i] = view["seq"].as_u64().unwrap();
            let seq = seqs[i];
            let deadline = Instant::now() + Duration::from_secs(10);
            while i == 1
                && arrivals.lock().unwrap().counts.get(&seq).copied().unwrap_or(0) < watchers
                && Instant::now() < deadline
            {
                tokio::time::sleep(Duration::from_millis(1)).await;
            }
            let (gw1, ref1) = cpu_now();
            played[i].moves.push((seq, answered - t, answered));
            played[i].gateway_cpu += gw1 - gw0;
            played[i].referee_cpu += ref1 - ref0;
        }
    }
    played
}

/// The parts a live-update run measures, and where its watchers run.
struct Live<'a> {
    http: &'a reqwest::Client,
    watch_http: &'a reqwest::Client,
    watch_runtime: &'a tokio::runtime::Handle,
    redis: &'a Redis,
}

/// A build under test: its referee and gateway processes.
struct Build<'a> {
    label: &'static str,
    referee: &'a Referee,
    gw: &'a Gateway,
}

/// CPU seconds of a process so far.
fn cpu(pid: u32) -> f64 {
    process_cpu_seconds(&pid.to_string())
}

/// One row of the live-update table: `n` spectators of a game on gateway `gw`, beside the same
/// moves in a game nobody watches; with the gateway's and the referee's CPU over each.
async fn live_row(live: &Live<'_>, build: &Build<'_>, n: usize) {
    let (gw, label) = (build.gw, build.label);
    let arrivals: Arrivals = Arc::default();
    let alone = seat_two(live.http, gw, "chess", json!({"draws": "claim"})).await;
    let game = seat_two(live.http, gw, "chess", json!({"draws": "claim"})).await;
    let watchers = watch(live.watch_runtime, live.watch_http, gw, &game, n, &arrivals).await;
    let (conns, memory, rss) = (
        redis_info(live.redis, "connected_clients"),
        redis_info(live.redis, "used_memory"),
        process_memory_mib(gw.pid()).0,
    );
    let [alone, watched] = play(live.http, build, [&alone, &game], n, &arrivals).await;
    let moves = &watched.moves;
    let seen = std::mem::take(&mut arrivals.lock().unwrap().at);
    let answered: HashMap<u64, Instant> = moves.iter().map(|(seq, _, at)| (*seq, *at)).collect();
    let mut updates: Vec<Duration> = seen
        .iter()
        .filter_map(|(seq, at)| answered.get(seq).map(|answered| at.saturating_duration_since(*answered)))
        .collect();
    let missing = moves.len() * n - updates.len();
    updates.sort();
    let (mover, solo) = (watched.median_latency(), alone.median_latency());
    let plies = moves.len() as f64;
    // The gateway's CPU for each watcher's update: what the watched moves cost it beyond the
    // same moves unwatched, shared among the updates it sent.
    let per_update = (watched.gateway_cpu - alone.gateway_cpu).max(0.0) / (plies * n as f64) * 1e6;
    println!(
        "  {label:<9} {n:>6} {:>8.2} ms {:>8.2} ms {:>9.2} ms {:>9.2} ms {:>6.2} {:>9.0} µs {:>7.1} µs {:>8.0} µs {:>7.0} µs {conns:>6} {:>7.1} {rss:>7.1}{}",
        ms(percentile(&updates, 0.5)),
        ms(percentile(&updates, 0.99)),
        ms(mover),
        ms(solo),
        ms(mover) / ms(solo),
        alone.gateway_cpu / plies * 1e6,
        per_update,
        alone.referee_cpu / plies * 1e6,
        (watched.referee_cpu - alone.referee_cpu) / plies * 1e6,
        memory as f64 / (1 << 20) as f64,
        if missing > 0 { format!("   ({missing} updates not seen within 10 s)") } else { String::new() }
    );
    for w in watchers {
        w.abort();
    }
    // The watchers have gone: the gateway notices at its second keep-alive (1 s here).
    tokio::time::sleep(Duration::from_millis(2_500)).await;
}

/// Stateless adjudication over REST against the same call straight to the referee's gRPC.
async fn adjudication(http: &reqwest::Client, gw: &Gateway, referee: &Referee, duration: Duration) {
    let concurrency = 32;
    let body = json!({"rules": "chess", "position": PINNED, "action": "c6d4"});
    let url = gw.url("/api/v1/adjudicate");
    let (h, b, u) = (http.clone(), body.clone(), url.clone());
    let rest = throughput(concurrency, duration, move || {
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
            throughput(concurrency, duration, move || {
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
}

#[tokio::main(flavor = "multi_thread")]
async fn main() {
    let quick = std::env::args().any(|a| a == "quick");
    let seconds = if quick { 1 } else { 3 };
    let redis = Redis::start();
    let referee_env = [
        ("RUST_LOG", "warn"),
        ("REFEREE_METRICS_ADDR", "off"),
        ("REFEREE_CREATES_PER_ADDRESS", "100000"),
        ("REFEREE_BYTES_PER_ADDRESS", "100000000000"),
    ];
    let referee = Referee::start_with(&redis.url(), &referee_env);
    let gateway_env = [
        ("GATEWAY_STREAMS_PER_ADDRESS", "20000"),
        ("GATEWAY_ACTIONS_PER_SECOND", "100000"),
        ("GATEWAY_JOINS_PER_MINUTE", "60000"),
        ("GATEWAY_KEEPALIVE_SECONDS", "1"),
        ("GATEWAY_VIEWS_PER_MINUTE", "10000000"),
        ("GATEWAY_QUESTIONS_PER_SECOND", "1000000"),
    ];
    let gw = Gateway::start(&referee, &gateway_env);
    println!("gateway benchmark: redis-server (AOF, fsync always), referee and gateway on loopback");

    // 1. REST against direct gRPC, the same adjudication on the same referee.
    let http = reqwest::Client::builder().pool_max_idle_per_host(256).build().unwrap();
    let base_dir = std::env::var_os("BASELINE_BUILD").map(std::path::PathBuf::from);
    if !std::env::args().any(|a| a == "live") {
        adjudication(&http, &gw, &referee, Duration::from_secs(seconds)).await;
        // 3. Refereed moves under load, through the gateway (and the baseline's gateway, in
        // front of this build's referee) and straight to the referee.
        let base_gw = base_dir.as_ref().map(|d| Gateway::start_binary(&d.join("gateway"), &referee, &gateway_env));
        let gateways: Vec<(&str, &Gateway)> = std::iter::once(("this gateway", &gw))
            .chain(base_gw.iter().map(|g| ("the baseline's gateway", g)))
            .collect();
        moves::moves(&http, &gateways, &referee, if quick { 256 } else { 512 }).await;
    }

    // 2. Live updates at 100, 1,000 and 10,000 watchers, through this build and, with
    // BASELINE_BUILD=<a folder with another build's referee and gateway>, through that build
    // too (its own processes on the same Redis), each first in turn.
    let watch_runtime = tokio::runtime::Builder::new_multi_thread().worker_threads(2).enable_all().build().unwrap();
    let watch_http = reqwest::Client::builder().pool_max_idle_per_host(0).build().unwrap();
    let live = Live { http: &http, watch_http: &watch_http, watch_runtime: watch_runtime.handle(), redis: &redis };
    let base_referee = base_dir.as_ref().map(|d| Referee::start_binary(&d.join("referee"), &redis.url(), &referee_env));
    let base_gw = (base_dir.as_ref().zip(base_referee.as_ref()))
        .map(|(d, r)| Gateway::start_binary(&d.join("gateway"), r, &gateway_env));
    let this = Build { label: "this", referee: &referee, gw: &gw };
    let baseline =
        (base_referee.as_ref().zip(base_gw.as_ref())).map(|(referee, gw)| Build { label: "baseline", referee, gw });
    println!(
        "\nlive updates: one chess game, 40 moves, its watchers on one gateway (SSE); CPU per move: the gateway's"
    );
    println!("unwatched, its extra per watcher's update when watched; the referee's unwatched, its extra when watched");
    println!(
        "  {:<9} {:>6} {:>11} {:>11} {:>12} {:>12} {:>6} {:>12} {:>10} {:>11} {:>10} {:>6} {:>7} {:>7}",
        "gateway",
        "watch",
        "update p50",
        "update p99",
        "mover p50",
        "alone p50",
        "ratio",
        "gw CPU/move",
        "per watch",
        "ref CPU/move",
        "referee+",
        "conns",
        "redisMB",
        "gw MiB"
    );
    // `watchers=100,1000` for other numbers of watchers.
    let asked: Option<Vec<usize>> = std::env::args()
        .find_map(|a| a.strip_prefix("watchers=").map(|v| v.split(',').filter_map(|n| n.parse().ok()).collect()));
    let counts =
        asked.unwrap_or_else(|| if quick { vec![100, 1_000, 10_000] } else { vec![100, 1_000, 3_000, 10_000] });
    let idle_rss = process_memory_mib(gw.pid()).0;
    for (i, n) in counts.into_iter().enumerate() {
        let mut runs = vec![&this];
        if let Some(base) = &baseline {
            runs.insert(i % 2, base);
        }
        for build in runs {
            live_row(&live, build, n).await;
        }
    }
    println!(
        "  gateway memory: {idle_rss:.1} MiB before any watcher, {:.1} MiB after the last left; Redis connections then: {}",
        process_memory_mib(gw.pid()).0,
        redis_info(&redis, "connected_clients")
    );
    watch_runtime.shutdown_background();
}
