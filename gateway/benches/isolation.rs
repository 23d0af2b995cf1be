//! Isolation under abuse, against real parts (redis-server, `referee serve` and `gateway`,
//! release builds, on loopback) with the default limits: a bystander plays chess through the
//! gateway, first alone and then beside each kind of abusive client, and the benchmark prints
//! the bystander's move latency (p50, p99) beside its own figure alone from the same run, with
//! what every abusive request got back (2xx, 4xx by reason, 5xx). Asserts nothing about time.
//! Run: `cargo bench -p gateway --bench isolation` (`-- quick` for a short run, `-- no-delay`
//! with refusals sent at once, as before `GATEWAY_REFUSAL_DELAY_MS`).
//!
//! Each client speaks from its own loopback address (127.0.0.x), as clients on other machines
//! would, so the per-address limits tell them apart. The abusers (docs/gateway.md, "Limits"):
//! 1. record flood — 24 clients reading a 2,000-event game's record in a loop, no token;
//! 2. storage fill — a seat posting `roll 100d1000000` as fast as it is let;
//! 3. oversized headers — requests with a 100 KB bearer, while the bystander's game is watched;
//! 4. par flood — "what is par here?" for ever new holes;
//! 5. join guessing — wrong join codes for a waiting game, whose real player joins after.

#[path = "../tests/common/mod.rs"]
mod common;

use common::support::{Redis, Referee, ms, percentile, process_cpu_seconds, process_memory_mib, seat_everyone, submit};
use common::{Gateway, Seated, act};
use futures::StreamExt;
use serde_json::{Value, json};
use std::collections::BTreeMap;
use std::net::{IpAddr, Ipv4Addr};
use std::sync::atomic::{AtomicBool, AtomicU64, AtomicUsize, Ordering};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

/// Twelve plies of knights going out and back (a claim-draw game never ends by itself).
const KNIGHTS: [&str; 4] = ["g1f3", "g8f6", "f3g1", "f6g8"];
/// The seed's worked example's board, whose pieces the par flood chooses among.
const GOLF_BOARD: &str = "2B3R1/5k2/1r1n1N2/1r2b3/R5q1/1B1n1N2/b6K/5Q2";

/// An HTTP client speaking from 127.0.0.`host`.
fn client_at(host: u8) -> reqwest::Client {
    reqwest::Client::builder()
        .local_address(IpAddr::V4(Ipv4Addr::new(127, 0, 0, host)))
        .pool_max_idle_per_host(64)
        .build()
        .unwrap()
}

/// What the abusive requests of one kind got back: counts by status and reason.
#[derive(Default)]
struct Answers(Mutex<BTreeMap<String, usize>>);

/// An answer read: its status and JSON body, or why there was none.
type Answer = Result<(u16, Value), String>;

/// Reads an answer.
async fn read(answer: Result<reqwest::Response, reqwest::Error>) -> Answer {
    match answer {
        Err(e) if e.is_connect() => Err("connection refused".into()),
        Err(_) => Err("connection error".into()),
        Ok(r) => {
            let status = r.status().as_u16();
            Ok((status, r.json().await.unwrap_or(Value::Null)))
        }
    }
}

impl Answers {
    fn count(&self, answer: &Answer) {
        let key = match answer {
            Err(why) => why.clone(),
            Ok((200..=299, _)) => "2xx".to_string(),
            Ok((status, body)) => match body["code"].as_str() {
                Some(code) => format!("{status} {code}"),
                None => format!("{status}"),
            },
        };
        *self.0.lock().unwrap().entry(key).or_default() += 1;
    }

    fn total(&self) -> usize {
        self.0.lock().unwrap().values().sum()
    }

    fn summary(&self) -> String {
        let counts = self.0.lock().unwrap();
        let fives: usize = counts.iter().filter(|(k, _)| k.starts_with('5')).map(|(_, n)| n).sum();
        let all: Vec<String> = counts.iter().map(|(k, n)| format!("{k}: {n}")).collect();
        format!("{} — 5xx: {fives}", all.join(", "))
    }
}

/// Sends a request and reads its answer.
async fn read_from(request: reqwest::RequestBuilder) -> Answer {
    read(request.send().await).await
}

/// An abusive client: `workers` loops of `request` until told to stop.
struct Abuse {
    stop: Arc<AtomicBool>,
    answers: Arc<Answers>,
    tasks: Vec<tokio::task::JoinHandle<()>>,
}

impl Abuse {
    fn start<F, Fut>(workers: usize, request: F) -> Abuse
    where
        F: Fn(usize) -> Fut + Send + Sync + 'static,
        Fut: std::future::Future<Output = Answer> + Send,
    {
        let (stop, answers, request) =
            (Arc::new(AtomicBool::new(false)), Arc::new(Answers::default()), Arc::new(request));
        let counter = Arc::new(AtomicUsize::new(0));
        let tasks = (0..workers)
            .map(|_| {
                let (stop, answers, request, counter) =
                    (stop.clone(), answers.clone(), request.clone(), counter.clone());
                tokio::spawn(async move {
                    while !stop.load(Ordering::Relaxed) {
                        let n = counter.fetch_add(1, Ordering::Relaxed);
                        answers.count(&request(n).await);
                    }
                })
            })
            .collect();
        Abuse { stop, answers, tasks }
    }

    async fn stop(self) -> Arc<Answers> {
        self.stop.store(true, Ordering::Relaxed);
        for t in self.tasks {
            let _ = t.await;
        }
        self.answers
    }
}

/// The bystander: plays `moves` plies of chess through the gateway at a player's pace (a move
/// every 120 ms, within the actions' rate limit; a new game every twelve plies, seated over
/// gRPC), with one spectator watching each game; returns each move's latency, the 5xx it got,
/// and the games whose last move its watcher did not see within five seconds.
async fn bystander(
    http: &reqwest::Client,
    gw: &Gateway,
    referee: &Referee,
    moves: usize,
) -> (Vec<Duration>, usize, usize) {
    let (mut latencies, mut failures, mut unseen) = (Vec::new(), 0, 0);
    let mut client = referee.client().await;
    while latencies.len() < moves {
        let table = seat_everyone(&mut client, "chess", r#"{"draws": "claim"}"#).await;
        let game = Seated { id: table.game_id, tokens: table.tokens, seq: table.view.seq };
        let seen = Arc::new(Mutex::new(Vec::<u64>::new()));
        let watcher = watch(http.clone(), gw.url(&format!("/api/v1/games/{}/events", game.id)), seen.clone());
        let mut seq = game.seq;
        for ply in 0..12.min(moves - latencies.len()) {
            tokio::time::sleep(Duration::from_millis(120)).await;
            let t = Instant::now();
            let (status, view) = act(http, gw, &game, ply % 2, KNIGHTS[ply % 4], seq, &format!("b{ply}")).await;
            latencies.push(t.elapsed());
            if status >= 500 {
                failures += 1;
                continue;
            }
            assert_eq!(status, 200, "{view}");
            seq = view["seq"].as_u64().unwrap();
        }
        let deadline = Instant::now() + Duration::from_secs(5);
        while !seen.lock().unwrap().contains(&seq) && Instant::now() < deadline {
            tokio::time::sleep(Duration::from_millis(5)).await;
        }
        unseen += usize::from(!seen.lock().unwrap().contains(&seq));
        watcher.abort();
    }
    (latencies, failures, unseen)
}

/// A spectator's live stream, noting each event's `seq`.
fn watch(http: reqwest::Client, url: String, seen: Arc<Mutex<Vec<u64>>>) -> tokio::task::JoinHandle<()> {
    tokio::spawn(async move {
        let Ok(response) = http.get(url).send().await else { return };
        let mut body = response.bytes_stream();
        let mut text = String::new();
        while let Some(Ok(chunk)) = body.next().await {
            text.push_str(&String::from_utf8_lossy(&chunk));
            while let Some(end) = text.find("\n\n") {
                let event: String = text.drain(..end + 2).collect();
                if let Some(id) = event.lines().find_map(|l| l.strip_prefix("id: ")) {
                    seen.lock().unwrap().push(id.trim().parse().unwrap_or(0));
                }
            }
        }
    })
}

/// A table-tools game of `events` rolls, made straight over gRPC (setup, not measured).
async fn long_game(referee: &Referee, events: usize) -> String {
    let mut client = referee.client().await;
    let table = seat_everyone(&mut client, "table-tools", r#"{"seats": 2}"#).await;
    let mut seq = table.view.seq;
    for i in 0..events {
        let answered = submit(&mut client, &table, i % 2, "roll 1d6", seq, &format!("r{i}")).await.unwrap();
        seq = answered.view.unwrap().seq;
    }
    table.game_id
}

/// A game of `rules` waiting for its players: its id and join codes.
async fn waiting_game(http: &reqwest::Client, gw: &Gateway, rules: &str) -> (String, Vec<String>) {
    let created: Value =
        http.post(gw.url("/api/v1/games")).json(&json!({"rules": rules})).send().await.unwrap().json().await.unwrap();
    let codes = created["seats"].as_array().unwrap().iter().map(|s| s["join_code"].as_str().unwrap().into()).collect();
    (created["game_id"].as_str().unwrap().into(), codes)
}

/// The par flood's `n`-th hole: one to three of the board's piece letters.
fn hole(n: usize) -> String {
    const LETTERS: &[u8] = b"KkBbRrNnQq";
    let mut chosen = String::new();
    let mut k = n;
    loop {
        chosen.push(LETTERS[k % LETTERS.len()] as char);
        k /= LETTERS.len();
        if k == 0 || chosen.len() == 3 {
            break;
        }
    }
    format!("{GOLF_BOARD} {chosen}")
}

/// Starts the abusive client of kind `kind`.
async fn abuse(kind: &str, gw: &Gateway, record_game: &str) -> Abuse {
    match kind {
        "record flood" => {
            let (http, url) = (client_at(2), gw.url(&format!("/api/v1/games/{record_game}/record")));
            Abuse::start(24, move |_| read_from(http.get(&url)))
        }
        "storage fill" => {
            let http = client_at(3);
            let game = common::seat_two(&http, gw, "table-tools", json!({"seats": 2})).await;
            let (url, token) = (gw.url(&format!("/api/v1/games/{}/actions", game.id)), game.tokens[0].clone());
            let seq = Arc::new(AtomicU64::new(game.seq));
            Abuse::start(4, move |n| {
                let body = json!({"action": "roll 100d1000000", "seq": seq.load(Ordering::Relaxed), "key": format!("fill{n}")});
                let (sent, seq) = (http.post(&url).bearer_auth(&token).json(&body).send(), seq.clone());
                async move {
                    let answer = read(sent.await).await;
                    if let Ok((_, view)) = &answer {
                        let now = view["seq"].as_u64().or_else(|| view["details"]["seq"].as_u64());
                        now.map(|s| seq.fetch_max(s, Ordering::Relaxed));
                    }
                    answer
                }
            })
        }
        "oversized headers" => {
            let (http, url) = (client_at(4), gw.url(&format!("/api/v1/games/{record_game}")));
            let bearer = "x".repeat(100_000);
            Abuse::start(8, move |_| read_from(http.get(&url).bearer_auth(&bearer)))
        }
        "par flood" => {
            let (http, url) = (client_at(5), gw.url("/api/v1/par"));
            Abuse::start(8, move |n| {
                read_from(http.post(&url).json(&json!({"rules": "chess-golf", "position": hole(n)})))
            })
        }
        "join guessing" => {
            let http = client_at(6);
            let (game, _) = waiting_game(&client_at(7), gw, "chess").await;
            let url = gw.url(&format!("/api/v1/games/{game}/join"));
            Abuse::start(8, move |n| {
                read_from(http.post(&url).json(&json!({"join_code": format!("WRONG-{n:06}"), "client_key": "guess"})))
            })
        }
        other => unreachable!("{other}"),
    }
}

/// Whether a player whose game was being guessed at still joins it with the real code.
async fn real_join_works(gw: &Gateway) -> bool {
    let host = client_at(7);
    let (game, codes) = waiting_game(&host, gw, "chess").await;
    let guesser = client_at(6);
    for n in 0..200 {
        let body = json!({"join_code": format!("WRONG-{n:06}")});
        let _ = guesser.post(gw.url(&format!("/api/v1/games/{game}/join"))).json(&body).send().await;
    }
    let r = host.post(gw.url(&format!("/api/v1/games/{game}/join"))).json(&json!({"join_code": codes[0]})).send().await;
    r.is_ok_and(|r| r.status() == 200)
}

/// CPU seconds of Redis, the referee, the gateway and this benchmark's own clients.
struct Cpu(Vec<String>);

impl Cpu {
    fn now(&self) -> Vec<f64> {
        self.0.iter().map(|pid| process_cpu_seconds(pid)).collect()
    }

    /// The CPU each process used since `before`, per second of `elapsed`, as percentages.
    fn since(&self, before: &[f64], elapsed: Duration) -> String {
        let used: Vec<String> = self
            .now()
            .iter()
            .zip(before)
            .map(|(after, before)| format!("{:>4.0}%", (after - before) / elapsed.as_secs_f64() * 100.0))
            .collect();
        used.join(" ")
    }
}

/// What one phase measured: the bystander's moves, and the CPU each process used meanwhile.
struct Phase {
    latencies: Vec<Duration>,
    failures: usize,
    unseen: usize,
    cpu: String,
}

/// Runs the bystander for one phase, noting the CPU used meanwhile.
async fn phase(http: &reqwest::Client, gw: &Gateway, referee: &Referee, cpu: &Cpu, moves: usize) -> Phase {
    let (before, started) = (cpu.now(), Instant::now());
    let (latencies, failures, unseen) = bystander(http, gw, referee, moves).await;
    Phase { latencies, failures, unseen, cpu: cpu.since(&before, started.elapsed()) }
}

fn line(label: &str, mut phase: Phase, alone_p99: Option<f64>) -> f64 {
    phase.latencies.sort();
    let (p50, p99) = (ms(percentile(&phase.latencies, 0.5)), ms(percentile(&phase.latencies, 0.99)));
    let ratio = alone_p99.map_or(String::from("     —"), |a| format!("{:>6.2}", p99 / a));
    println!(
        "  {label:<20} {p50:>8.2} ms {p99:>8.2} ms {ratio} {:>5} {:>7}   {}",
        phase.failures, phase.unseen, phase.cpu
    );
    p99
}

#[tokio::main(flavor = "multi_thread")]
async fn main() {
    let quick = std::env::args().any(|a| a == "quick");
    let moves = if quick { 24 } else { 48 };
    let redis = Redis::start();
    let referee = Referee::start_with(&redis.url(), &[("RUST_LOG", "warn"), ("REFEREE_METRICS_ADDR", "off")]);
    // `-- no-delay`: refusals sent at once, to see what holding them back buys.
    let no_delay = std::env::args().any(|a| a == "no-delay");
    let gw = Gateway::start(&referee, if no_delay { &[("GATEWAY_REFUSAL_DELAY_MS", "0")] } else { &[] });
    let http = client_at(1);
    println!("isolation benchmark: redis-server (AOF, fsync always), referee and gateway on loopback, default limits");
    println!(
        "a bystander plays {moves} plies of chess (a watcher on each game) alone, then beside each abusive client"
    );
    let record_game = long_game(&referee, if quick { 500 } else { 2_000 }).await;

    let cpu = Cpu(vec![redis.pid().to_string(), referee.pid().to_string(), gw.pid().to_string(), "self".into()]);
    println!(
        "\n  {:<20} {:>11} {:>11} {:>6} {:>5} {:>7}   CPU: {:>5} {:>5} {:>5} {:>5}",
        "beside", "move p50", "move p99", "×alone", "5xx", "unseen", "redis", "ref", "gw", "bench"
    );
    let alone_p99 = line("nobody (alone)", phase(&http, &gw, &referee, &cpu, moves).await, None);
    let kinds = ["record flood", "storage fill", "oversized headers", "par flood", "join guessing"];
    let mut answers = Vec::new();
    for kind in kinds {
        let abuser = abuse(kind, &gw, &record_game).await;
        let started = Instant::now();
        line(kind, phase(&http, &gw, &referee, &cpu, moves).await, Some(alone_p99));
        let elapsed = started.elapsed();
        answers.push((kind, abuser.stop().await, elapsed));
    }
    let mut all = Vec::new();
    for kind in kinds {
        all.push(abuse(kind, &gw, &record_game).await);
    }
    line("all five at once", phase(&http, &gw, &referee, &cpu, moves).await, Some(alone_p99));
    for abuser in all {
        abuser.stop().await;
    }
    line("nobody, after", phase(&http, &gw, &referee, &cpu, moves).await, Some(alone_p99));
    println!("  (p99 of {moves} moves; unseen: games whose last move the watcher had not within 5 s;");
    println!("   CPU: each process's share of one core while the bystander played)");

    println!("\nwhat the abusive requests got back (one phase each)");
    for (kind, answers, elapsed) in answers {
        println!("  {kind:<20} {:>7.0}/s  {}", answers.total() as f64 / elapsed.as_secs_f64(), answers.summary());
    }
    println!("\na player joins a game that 200 wrong codes were tried on: {}", real_join_works(&gw).await);
    for (name, pid) in [("referee", referee.pid()), ("gateway", gw.pid())] {
        let (now, peak) = process_memory_mib(pid);
        println!("{name} memory: {now:.1} MiB resident at the end, {peak:.1} MiB at its peak");
    }
}
