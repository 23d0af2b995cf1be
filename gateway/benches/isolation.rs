//! Isolation under abuse, against real parts (redis-server, `referee serve` and `gateway`,
//! release builds, on loopback) with the default limits: a bystander plays chess through the
//! gateway, first alone and then beside each kind of abusive client, and the benchmark prints
//! the bystander's move latency (p50, p99) beside its own figure alone from the same run, with
//! what every abusive request got back (2xx, 4xx by reason, 5xx) and each process's CPU and
//! peak memory in each phase. Asserts nothing about time.
//! Run: `cargo bench -p gateway --bench isolation` (200 moves a phase; `-- quick`: 48, `-- moves=600`
//! for a steadier p99; `-- no-delay`
//! with refusals sent at once, as before `GATEWAY_REFUSAL_DELAY_MS`); with
//! `BASELINE_BUILD=<a folder with another build's referee and gateway>` the same run goes
//! through that build instead (run it for each build, back to back); `-- only=<kind>` runs alone
//! and one phase (`only=largest-record`, `only=all-at-once`: the kind's words joined by hyphens),
//! to look at one abuser closely (with `perf`, say); `-- timing`: each phase's three slowest
//! moves and where their time went, as the servers' `Server-Timing` says; `-- everysec`: Redis syncs its log to disk
//! once a second instead of at every write, to tell the disk's own latency from the servers'.
//! Each phase also prints what Redis ran: its five busiest commands a second and how fast its
//! append-only log grew (each byte a write that waited for the disk's fsync).
//! The abusers' own client code runs as the machine's idle work (`SCHED_IDLE`), as if on
//! machines of their own: it takes every cycle the servers leave and yields a core at once to
//! any of them; `-- nice10` runs it at nice 10 instead (before: there, once running, it kept a
//! core to the end of its time slice, up to 7.6 ms under `perf sched`, while servers' threads
//! waited), `-- same-priority` at the servers' and the bystander's.
//!
//! Each client speaks from its own loopback address (127.x.y.z), as clients on other machines
//! would, so the per-address limits tell them apart. The abusers (docs/gateway.md, "Isolation"):
//! 1. record flood — 24 clients reading a 2,000-event game's record in a loop, no token;
//! 2. storage fill — a seat posting `roll 100d1000000` as fast as it is let;
//! 3. oversized headers — requests with a 100 KB bearer, while the bystander's game is watched;
//! 4. par flood — "what is par here?" for ever new holes;
//! 5. join guessing — wrong join codes for a waiting game, whose real player joins after;
//! 6. finished views — 24 addresses reading the view of a finished 5,000-event game;
//! 7. finished audits — 24 addresses reading its audit record (1.3 MB);
//! 8. finished streams — 24 addresses opening its live stream and leaving after the first view;
//! 9. wrong reveals — 4 addresses revealing entropy that does not match a seat's commitment;
//! 10. largest record — 24 addresses reading the first page of the largest game allowed (4 MiB
//!     of a hundred dice a roll);
//! 11. 500 join guessers — 500 addresses sending wrong codes for a waiting game until it is
//!     locked, after which its second player joins with the right code.

#[path = "../tests/common/mod.rs"]
mod common;

use common::support::{
    Redis, Referee, authed, command_calls, create, ms, percentile, process_cpu_seconds, process_memory_mib,
    redis_command, seat_everyone, seat_everyone_for, submit,
};
use common::{Gateway, Seated};
use futures::StreamExt;
use referee_proto::v1 as pb;
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
    client_from(Ipv4Addr::new(127, 0, 0, host))
}

/// An HTTP client speaking from `address` (on loopback: any of 127.0.0.0/8).
fn client_from(address: Ipv4Addr) -> reqwest::Client {
    reqwest::Client::builder().local_address(IpAddr::V4(address)).pool_max_idle_per_host(64).build().unwrap()
}

/// `n` clients, each from an address of its own in 127.`block`.0.0/16.
fn clients_in(block: u8, n: usize) -> Arc<Vec<reqwest::Client>> {
    let address = |i: usize| Ipv4Addr::new(127, block, (i / 250) as u8, (i % 250 + 1) as u8);
    Arc::new((0..n).map(|i| client_from(address(i))).collect())
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
            if r.status().is_success() {
                // Read, not parsed: an audit record is 1.3 MB of JSON.
                return Ok((status, r.bytes().await.map_or(Value::Null, |_| Value::Null)));
            }
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

    /// How many answers were 5xx.
    fn server_errors(&self) -> usize {
        self.0.lock().unwrap().iter().filter(|(k, _)| k.starts_with('5')).map(|(_, n)| n).sum()
    }

    fn summary(&self) -> String {
        let fives = self.server_errors();
        let all: Vec<String> = self.0.lock().unwrap().iter().map(|(k, n)| format!("{k}: {n}")).collect();
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
/// every 120 ms, within the actions' rate limit; a new game every twelve plies, before the
/// knights' repetition ends it, seated over gRPC, each by a host of its own, as one address
/// makes at most 60 games in ten minutes), with one spectator watching each game; returns each
/// move's latency, the 5xx it got, and the games whose last move its watcher did not see
/// within five seconds.
async fn bystander(http: &reqwest::Client, gw: &Gateway, referee: &Referee, moves: usize) -> (Vec<Move>, usize, usize) {
    let (mut latencies, mut failures, mut unseen) = (Vec::new(), 0, 0);
    let mut client = referee.client().await;
    while latencies.len() < moves {
        let host = next_host();
        let table = seat_everyone_for(&mut client, "chess", r#"{"draws": "claim"}"#, Some(&host)).await;
        let game = Seated { id: table.game_id, tokens: table.tokens, seq: table.view.seq, host: table.host_token };
        let seen = Arc::new(Mutex::new(Vec::<u64>::new()));
        let watcher = watch(http.clone(), gw.url(&format!("/api/v1/games/{}/events", game.id)), seen.clone());
        let mut seq = game.seq;
        for ply in 0..12.min(moves - latencies.len()) {
            tokio::time::sleep(Duration::from_millis(120)).await;
            let t = Instant::now();
            let (status, view, timing) =
                act_timed(http, gw, &game, ply % 2, KNIGHTS[ply % 4], seq, &format!("b{ply}")).await;
            latencies.push(Move { took: t.elapsed(), timing });
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

/// One of the bystander's moves: how long it took, and where its time went as the servers said
/// (`Server-Timing`).
struct Move {
    took: Duration,
    timing: BTreeMap<String, f64>,
}

/// [`act`], with the answer's `Server-Timing` entries (name and milliseconds).
async fn act_timed(
    http: &reqwest::Client,
    gw: &Gateway,
    game: &Seated,
    seat: usize,
    action: &str,
    seq: u64,
    key: &str,
) -> (u16, Value, BTreeMap<String, f64>) {
    let r = common::act_answer(http, gw, game, seat, action, seq, key).await;
    let timing = r
        .headers()
        .get_all("server-timing")
        .iter()
        .filter_map(|v| v.to_str().ok())
        .flat_map(|v| v.split(','))
        .filter_map(|entry| {
            let (name, dur) = entry.trim().split_once(";dur=")?;
            Some((name.to_string(), dur.parse().ok()?))
        })
        .collect();
    (r.status().as_u16(), r.json().await.unwrap(), timing)
}

/// Where the slowest of `moves` spent their time: the whole as the bystander saw it, then the
/// gateway's part, its call to the referee, and the referee's own (ms; what lies between is
/// the network, the servers' queues and the scheduler), and the referee's stages (load, replay,
/// apply, append, view; a stage may come more than once: the slowest is shown).
fn slowest(moves: &[Move], n: usize) -> String {
    let part = |m: &Move, name: &str| m.timing.get(name).map_or("?".to_string(), |d| format!("{d:.1}"));
    let shown: Vec<String> = moves
        .iter()
        .rev()
        .take(n)
        .map(|m| {
            let whole = ms(m.took);
            let stages: Vec<String> = m
                .timing
                .iter()
                .filter(|(name, _)| !["gateway", "call", "referee"].contains(&name.as_str()))
                .map(|(name, d)| format!("{name} {d:.1}"))
                .collect();
            let (gateway, call, referee) = (part(m, "gateway"), part(m, "call"), part(m, "referee"));
            format!("{whole:.1} = gw {gateway} ⊃ call {call} ⊃ ref {referee} ({})", stages.join(", "))
        })
        .collect();
    shown.join("; ")
}

/// Where the moves slower than `over` ms spent their time, on average: outside the gateway (the
/// network, the listener, the bystander's own client), in the gateway but not in its call to the
/// referee, in that call but not in the referee's handler (the connection, the referee's
/// runtime), and in the referee (its append to Redis apart).
fn where_slow_moves_waited(moves: &[Move], over: f64) -> String {
    let slow: Vec<&Move> = moves.iter().filter(|m| ms(m.took) > over).collect();
    if slow.is_empty() {
        return format!("no move over {over:.1} ms");
    }
    let mean = |part: &dyn Fn(&Move) -> f64| slow.iter().map(|m| part(m)).sum::<f64>() / slow.len() as f64;
    let got = |m: &Move, name: &str| m.timing.get(name).copied().unwrap_or(0.0);
    format!(
        "the {} moves over {over:.1} ms, on average: {:.1} ms outside the gateway, {:.1} in it but not in \
         its call, {:.1} in the call but not in the referee, {:.1} in the referee ({:.1} of it appending)",
        slow.len(),
        mean(&|m| ms(m.took) - got(m, "gateway")),
        mean(&|m| got(m, "gateway") - got(m, "call")),
        mean(&|m| got(m, "call") - got(m, "referee")),
        mean(&|m| got(m, "referee")),
        mean(&|m| got(m, "append")),
    )
}

/// The address of the next bystander game's host, one of 192.0.2.0/24 and 198.51.100.0/24
/// (the documentation networks) in turn: enough for the games of a full run.
fn next_host() -> String {
    static HOSTS: AtomicUsize = AtomicUsize::new(0);
    let n = HOSTS.fetch_add(1, Ordering::Relaxed);
    let block = if (n / 250).is_multiple_of(2) { "192.0.2" } else { "198.51.100" };
    format!("{block}.{}", n % 250 + 1)
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
async fn long_game(referee: &Referee, events: usize) -> common::support::Table {
    let mut client = referee.client().await;
    let table = seat_everyone(&mut client, "table-tools", r#"{"seats": 2}"#).await;
    let mut seq = table.view.seq;
    for i in 0..events {
        let answered = submit(&mut client, &table, i % 2, "roll 1d6", seq, &format!("r{i}")).await.unwrap();
        seq = answered.view.unwrap().seq;
    }
    table
}

/// A table-tools game of `events` rolls that its host then ended.
async fn finished_game(referee: &Referee, events: usize) -> String {
    let table = long_game(referee, events).await;
    let end = pb::EndGameRequest { game_id: table.game_id.clone() };
    referee.client().await.end_game(authed(end, &table.host_token)).await.unwrap();
    table.game_id
}

/// The largest game the default limits allow: a hundred dice a roll until the game holds its
/// most bytes (4 MiB).
async fn largest_game(referee: &Referee) -> String {
    let mut client = referee.client().await;
    let table = seat_everyone(&mut client, "table-tools", r#"{"seats": 2}"#).await;
    let mut seq = table.view.seq;
    while let Ok(answered) = submit(&mut client, &table, 0, "roll 100d1000000", seq, &format!("l{seq}")).await {
        seq = answered.view.unwrap().seq;
    }
    table.game_id
}

/// A game whose two seats joined with entropy committed and not yet revealed: its id and seat
/// 0's token, with which the reveals are sent.
async fn committed_game(referee: &Referee) -> (String, String) {
    let mut client = referee.client().await;
    // Table tools draw (dice), so the game waits for its seats' shares; chess would start
    // without them.
    let created = create(&mut client, "table-tools", r#"{"seats": 2}"#).await;
    let mut tokens = Vec::new();
    for seat in &created.seats {
        let join = pb::JoinGameRequest {
            game_id: created.game_id.clone(),
            join_code: seat.join_code.clone(),
            entropy_commitment: vec![7; 32],
            ..Default::default()
        };
        tokens.push(client.join_game(join).await.unwrap().into_inner().token);
    }
    (created.game_id, tokens.swap_remove(0))
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

/// The games the abusers aim at, made before the phases.
struct Targets {
    /// A game in play with a 2,000-event record.
    record_game: String,
    /// A finished game of 5,000 events.
    finished: String,
    /// The largest game the limits allow.
    largest: String,
    /// A game waiting for its seats' reveals, and a seat's token there.
    committed: (String, String),
}

/// The wrong codes after which a game is locked (the referee's `REFEREE_JOIN_FAILURES_PER_GAME`).
const LOCKED_AT: u64 = 100;

/// The abusive kinds, in the order of the phases.
const KINDS: [&str; 11] = [
    "record flood",
    "storage fill",
    "oversized headers",
    "par flood",
    "join guessing",
    "finished views",
    "finished audits",
    "finished streams",
    "wrong reveals",
    "largest record",
    "500 join guessers",
];

/// Starts the abusive client of kind `kind`; `round` picks the addresses of the clients that
/// speak from many (a block of 127.0.0.0/8 of their own each time, so that a later phase does
/// not start where an earlier one left the limits). For the 500 join guessers, also the game
/// and its codes.
async fn abuse(kind: &str, gw: &Gateway, targets: &Targets, round: u8) -> (Abuse, Option<(String, Vec<String>)>) {
    let block = 16 * round + KINDS.iter().position(|k| *k == kind).unwrap() as u8;
    let game_url = |id: &str, part: &str| gw.url(&format!("/api/v1/games/{id}{part}"));
    let abuse = match kind {
        "record flood" => {
            let (http, url) = (client_at(2), game_url(&targets.record_game, "/record"));
            Abuse::start(24, move |_| read_from(http.get(&url)))
        }
        "storage fill" => {
            let http = client_at(3);
            let game = common::seat_two(&http, gw, "table-tools", json!({"seats": 2})).await;
            let (url, token) = (game_url(&game.id, "/actions"), game.tokens[0].clone());
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
            let (http, url) = (client_at(4), game_url(&targets.record_game, ""));
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
            let url = game_url(&game, "/join");
            Abuse::start(8, move |n| {
                read_from(http.post(&url).json(&json!({"join_code": format!("WRONG-{n:06}"), "client_key": "guess"})))
            })
        }
        "finished views" | "finished audits" => {
            let part = if kind == "finished views" { "" } else { "/audit" };
            let (clients, url) = (clients_in(block, 24), game_url(&targets.finished, part));
            Abuse::start(24, move |n| read_from(clients[n % clients.len()].get(&url)))
        }
        "finished streams" => {
            let (clients, url) = (clients_in(block, 24), game_url(&targets.finished, "/events"));
            Abuse::start(24, move |n| first_event(clients[n % clients.len()].get(&url)))
        }
        "wrong reveals" => {
            let (clients, url) = (clients_in(block, 4), game_url(&targets.committed.0, "/reveal"));
            let token = targets.committed.1.clone();
            Abuse::start(16, move |n| {
                let wrong = json!({"entropy": format!("not the committed entropy {n}")});
                read_from(clients[n % clients.len()].post(&url).bearer_auth(&token).json(&wrong))
            })
        }
        "largest record" => {
            let (clients, url) = (clients_in(block, 24), game_url(&targets.largest, "/record"));
            Abuse::start(24, move |n| read_from(clients[n % clients.len()].get(&url)))
        }
        "500 join guessers" => {
            let (game, codes) = waiting_game(&client_at(7), gw, "chess").await;
            let (clients, url) = (clients_in(block, 500), game_url(&game, "/join"));
            let abuse = Abuse::start(500, move |n| {
                let guess = json!({"join_code": format!("GUES-{n:06}")});
                read_from(clients[n % clients.len()].post(&url).json(&guess))
            });
            return (abuse, Some((game, codes)));
        }
        other => unreachable!("{other}"),
    };
    (abuse, None)
}

/// Opens a live stream, reads its first event and leaves.
async fn first_event(request: reqwest::RequestBuilder) -> Answer {
    match request.send().await {
        Ok(r) if r.status().is_success() => {
            let status = r.status().as_u16();
            let mut body = r.bytes_stream();
            let first = tokio::time::timeout(Duration::from_secs(5), body.next()).await;
            match first {
                Ok(Some(Ok(_))) => Ok((status, Value::Null)),
                _ => Err("no first event".into()),
            }
        }
        other => read(other).await,
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

/// While the 500 guessers go on: how many wrong codes the game counted (once it is locked, or
/// after 30 s), and whether its second player (an address that sent none) joins with the right
/// code then.
async fn second_player_joins(gw: &Gateway, redis: &Redis, (game, codes): &(String, Vec<String>)) -> (u64, bool) {
    let counted = || {
        let reply = redis_command(redis.port, &format!("GET g:{{{game}}}:joinfail")).unwrap_or_default();
        reply.lines().nth(1).and_then(|n| n.parse::<u64>().ok()).unwrap_or(0)
    };
    let deadline = Instant::now() + Duration::from_secs(30);
    while counted() < LOCKED_AT && Instant::now() < deadline {
        tokio::time::sleep(Duration::from_millis(200)).await;
    }
    let counted = counted();
    let player = client_at(8);
    let joined = player.post(gw.url(&format!("/api/v1/games/{game}/join"))).json(&json!({"join_code": codes[1]}));
    (counted, joined.send().await.is_ok_and(|r| r.status() == 200))
}

/// CPU seconds and peak memory of Redis, the referee, the gateway (and the CPU of this
/// benchmark's own clients).
struct Processes(Vec<String>);

impl Processes {
    fn cpu(&self) -> Vec<f64> {
        self.0.iter().map(|pid| process_cpu_seconds(pid)).collect()
    }

    /// The CPU each process used since `before`, per second of `elapsed`, as percentages.
    fn cpu_since(&self, before: &[f64], elapsed: Duration) -> String {
        let used: Vec<String> = self
            .cpu()
            .iter()
            .zip(before)
            .map(|(after, before)| format!("{:>4.0}%", (after - before) / elapsed.as_secs_f64() * 100.0))
            .collect();
        used.join(" ")
    }

    /// Starts counting each server's peak memory afresh (`/proc/PID/clear_refs`).
    fn reset_peaks(&self) {
        for pid in self.servers() {
            let _ = std::fs::write(format!("/proc/{pid}/clear_refs"), "5");
        }
    }

    /// Each server's peak resident memory since the last reset, in MiB.
    fn peaks(&self) -> String {
        let peaks: Vec<String> =
            self.servers().map(|pid| format!("{:>4.0}", process_memory_mib(pid.parse().unwrap()).1)).collect();
        peaks.join(" ")
    }

    fn servers(&self) -> impl Iterator<Item = &String> {
        self.0.iter().filter(|pid| *pid != "self")
    }
}

/// What one phase measured: the bystander's moves, and the CPU and memory each process used
/// meanwhile.
struct Phase {
    latencies: Vec<Move>,
    failures: usize,
    unseen: usize,
    cpu: String,
    peaks: String,
    /// Redis's slowest stalls of each kind in the phase (`LATENCY LATEST`).
    stalls: String,
    /// Redis's slowest commands in the phase (`SLOWLOG GET`).
    slowest_commands: String,
    /// What Redis ran in the phase: its busiest commands a second and how fast its log grew.
    work: String,
}

/// Runs the bystander for one phase, noting the CPU and memory used meanwhile. The bystander
/// plays from a thread and runtime of its own, as a player at another table plays from a phone
/// of their own: what it measures is then the servers' answer, not its wait behind the abusers'
/// client code on the benchmark's runtime.
async fn phase(gw: &Gateway, referee: &Referee, redis: &Redis, processes: &Processes, moves: usize) -> Phase {
    let _ = redis_command(redis.port, "LATENCY RESET");
    let _ = redis_command(redis.port, "SLOWLOG RESET");
    let (before, started) = (processes.cpu(), Instant::now());
    let (calls_before, log_before) = (command_calls(redis.port), log_size(redis));
    processes.reset_peaks();
    let (latencies, failures, unseen) = tokio::task::block_in_place(|| {
        std::thread::scope(|scope| {
            let playing = scope.spawn(|| {
                let runtime = tokio::runtime::Builder::new_current_thread().enable_all().build().unwrap();
                runtime.block_on(async { bystander(&client_at(1), gw, referee, moves).await })
            });
            playing.join().unwrap()
        })
    });
    Phase {
        latencies,
        failures,
        unseen,
        cpu: processes.cpu_since(&before, started.elapsed()),
        peaks: processes.peaks(),
        stalls: stalls(redis),
        slowest_commands: slowest_commands(redis),
        work: redis_work(redis, &calls_before, log_before, started.elapsed()),
    }
}

/// Redis's append-only log's size now, in bytes (`INFO persistence`, `aof_current_size`).
fn log_size(redis: &Redis) -> u64 {
    let info = redis_command(redis.port, "INFO persistence").unwrap_or_default();
    info.lines().find_map(|l| l.strip_prefix("aof_current_size:")?.trim().parse().ok()).unwrap_or(0)
}

/// Redis's five busiest commands since `calls_before`, a second each, and how fast its log grew
/// (every byte of it a write that waited for the disk's fsync): which clients' writes a move's
/// append queued behind.
fn redis_work(redis: &Redis, calls_before: &[(String, u64)], log_before: u64, took: Duration) -> String {
    let seconds = took.as_secs_f64().max(0.001);
    let before: BTreeMap<&str, u64> = calls_before.iter().map(|(name, calls)| (name.as_str(), *calls)).collect();
    let mut ran: Vec<(String, u64)> = command_calls(redis.port)
        .into_iter()
        .map(|(name, calls)| {
            let since = calls.saturating_sub(before.get(name.as_str()).copied().unwrap_or(0));
            (name, since)
        })
        .filter(|(name, since)| *since > 0 && !matches!(name.as_str(), "info" | "slowlog" | "latency"))
        .collect();
    ran.sort_by_key(|(_, since)| std::cmp::Reverse(*since));
    let busiest: Vec<String> =
        ran.iter().take(5).map(|(name, since)| format!("{name} {:.0}/s", *since as f64 / seconds)).collect();
    let grew = log_size(redis).saturating_sub(log_before) as f64 / 1024.0 / seconds;
    format!("{}; its log grew {grew:.1} KiB/s", busiest.join(", "))
}

/// Redis's three slowest commands since the last `SLOWLOG RESET` (those of 5 ms and more): each
/// its time and its first words (a script's are `EVALSHA`, its hash, its key count and keys).
fn slowest_commands(redis: &Redis) -> String {
    let reply = redis_command(redis.port, "SLOWLOG GET 128").unwrap_or_default();
    // Each entry: `*6` (or `*4`), its id, its time, its duration in µs, then `*n` and the words.
    let lines: Vec<&str> = reply.lines().collect();
    let mut seen: Vec<(u64, String)> = Vec::new();
    let mut i = 0;
    while i + 4 < lines.len() {
        let is_entry = lines[i].starts_with('*')
            && lines[i + 1].starts_with(':')
            && lines[i + 2].starts_with(':')
            && lines[i + 3].starts_with(':')
            && lines[i + 4].starts_with('*');
        if !is_entry {
            i += 1;
            continue;
        }
        let micros: u64 = lines[i + 3][1..].parse().unwrap_or(0);
        let count: usize = lines[i + 4][1..].parse().unwrap_or(0);
        let words: Vec<&str> = lines[i + 5..].iter().skip(1).step_by(2).take(count.min(4)).copied().collect();
        seen.push((micros, words.join(" ")));
        i += 5 + 2 * count;
    }
    seen.sort_by_key(|s| std::cmp::Reverse(s.0));
    if seen.is_empty() {
        return "none of 5 ms or more".into();
    }
    seen.iter()
        .take(3)
        .map(|(us, words)| format!("{:.1} ms {words}", *us as f64 / 1000.0))
        .collect::<Vec<_>>()
        .join("; ")
}

/// Redis's stalls since the last `LATENCY RESET`: each kind's slowest, in ms (`aof-fsync-always`:
/// a write waiting for the disk).
fn stalls(redis: &Redis) -> String {
    let reply = redis_command(redis.port, "LATENCY LATEST").unwrap_or_default();
    // Each event is an array of its name, when it was last seen, that latest and its slowest.
    let lines: Vec<&str> = reply.lines().collect();
    let mut seen = Vec::new();
    for (i, line) in lines.iter().enumerate() {
        if line.starts_with('$') && i + 4 < lines.len() {
            let slowest = lines[i + 4].trim_start_matches(':');
            seen.push(format!("{} {slowest} ms", lines[i + 1]));
        }
    }
    if seen.is_empty() { "none of 5 ms or more".into() } else { seen.join(", ") }
}

/// Prints a phase's line: the bystander's p50 and p99, its ratio to alone, its 5xx and unseen
/// moves, the abusers' 5xx, each process's CPU and each server's peak memory.
fn line(label: &str, mut phase: Phase, alone_p99: Option<f64>, abusers_5xx: Option<usize>) -> f64 {
    phase.latencies.sort_by_key(|m| m.took);
    let took: Vec<Duration> = phase.latencies.iter().map(|m| m.took).collect();
    let (p50, p99) = (ms(percentile(&took, 0.5)), ms(percentile(&took, 0.99)));
    let ratio = alone_p99.map_or(String::from("     —"), |a| format!("{:>6.2}", p99 / a));
    let abusers = abusers_5xx.map_or(String::from("—"), |n| n.to_string());
    println!(
        "  {label:<20} {p50:>8.2} ms {p99:>8.2} ms {ratio} {:>5} {:>7} {abusers:>7}   {}   {}",
        phase.failures, phase.unseen, phase.cpu, phase.peaks
    );
    // A disk's slow fsync holds every write behind it, abusers or none: said beside each phase.
    println!("      Redis's stalls: {}", phase.stalls);
    println!("      Redis's slowest commands: {}", phase.slowest_commands);
    println!("      Redis ran: {}", phase.work);
    if std::env::args().any(|a| a == "timing") {
        println!("      slowest: {}", slowest(&phase.latencies, 3));
        if let Some(alone) = alone_p99 {
            println!("      {}", where_slow_moves_waited(&phase.latencies, 2.0 * alone));
        }
    }
    p99
}

fn main() {
    let priority = AbuserPriority::from_args();
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .on_thread_start(move || priority.take())
        .build()
        .unwrap();
    runtime.block_on(run());
}

/// How the abusers' client code (this runtime's worker threads) shares the machine's cores with
/// the servers and the bystander, which start from the main thread at the usual priority. On
/// this machine it shares them, where real abusers would be on machines of their own.
#[derive(Clone, Copy)]
enum AbuserPriority {
    /// `SCHED_IDLE` (the default): every cycle no other thread wants, and a core given up at
    /// once when a server's thread wakes.
    Idle,
    /// `-- nice10`: a smaller share of a busy core, but the rest of its time slice once running
    /// (up to 7.6 ms seen under `perf sched`).
    Nice10,
    /// `-- same-priority`: as the servers.
    Same,
}

impl AbuserPriority {
    fn from_args() -> Self {
        if std::env::args().any(|a| a == "same-priority") {
            Self::Same
        } else if std::env::args().any(|a| a == "nice10") {
            Self::Nice10
        } else {
            Self::Idle
        }
    }

    /// Puts the calling thread at this priority.
    fn take(self) {
        match self {
            Self::Idle => {
                let param = libc::sched_param { sched_priority: 0 };
                // SAFETY: sched_setscheduler on the calling thread (pid 0) with a valid param
                // only changes its policy; any thread may lower itself to SCHED_IDLE.
                let done = unsafe { libc::sched_setscheduler(0, libc::SCHED_IDLE, &param) };
                assert_eq!(done, 0, "SCHED_IDLE: {}", std::io::Error::last_os_error());
            }
            // SAFETY: setpriority on the calling thread (who 0) only changes its nice value.
            Self::Nice10 => unsafe {
                libc::setpriority(libc::PRIO_PROCESS, 0, 10);
            },
            Self::Same => {}
        }
    }
}

async fn run() {
    let quick = std::env::args().any(|a| a == "quick");
    // Enough moves for a p99 that is not the slowest move: the third slowest of 200.
    // `-- moves=<n>`: more, for a steadier p99 where the slowest few moves are rare events.
    let asked = std::env::args().find_map(|a| a.strip_prefix("moves=").and_then(|n| n.parse().ok()));
    let moves = asked.unwrap_or(if quick { 48 } else { 200 });
    let everysec = std::env::args().any(|a| a == "everysec");
    // Redis notes each of its own stalls of 5 ms and more (`LATENCY LATEST`): a slow disk's fsync.
    let mut redis_args = vec!["--latency-monitor-threshold", "5", "--slowlog-log-slower-than", "5000"];
    if everysec {
        redis_args.extend(["--appendfsync", "everysec"]);
    }
    let redis = Redis::start_with(&redis_args);
    // `-- timing`: each phase's slowest moves, with where their time went (`Server-Timing`).
    let timing = if std::env::args().any(|a| a == "timing") { "on" } else { "off" };
    let referee_env = [("RUST_LOG", "warn"), ("REFEREE_METRICS_ADDR", "off"), ("REFEREE_SERVER_TIMING", timing)];
    // `-- no-delay`: refusals sent at once, to see what holding them back buys.
    let no_delay = std::env::args().any(|a| a == "no-delay");
    let delay = if no_delay { "0" } else { "1000" };
    let gateway_env: &[(&str, &str)] = &[("GATEWAY_REFUSAL_DELAY_MS", delay), ("GATEWAY_SERVER_TIMING", timing)];
    let baseline = std::env::var_os("BASELINE_BUILD").map(std::path::PathBuf::from);
    let (referee, gw) = match &baseline {
        Some(dir) => {
            let referee = Referee::start_binary(&dir.join("referee"), &redis.url(), &referee_env);
            let gw = Gateway::start_binary(&dir.join("gateway"), &referee, gateway_env);
            (referee, gw)
        }
        None => {
            let referee = Referee::start_with(&redis.url(), &referee_env);
            let gw = Gateway::start(&referee, gateway_env);
            (referee, gw)
        }
    };
    let build = baseline.as_ref().map_or("this build".to_string(), |d| format!("the build in {}", d.display()));
    println!(
        "isolation benchmark of {build}: redis-server (AOF, fsync {}), referee and gateway on loopback, default limits",
        if everysec { "every second" } else { "always" }
    );
    println!(
        "a bystander plays {moves} plies of chess (a watcher on each game) alone, then beside each abusive client"
    );
    let started = Instant::now();
    let targets = Targets {
        record_game: long_game(&referee, if quick { 500 } else { 2_000 }).await.game_id,
        finished: finished_game(&referee, if quick { 1_000 } else { 4_990 }).await,
        largest: largest_game(&referee).await,
        committed: committed_game(&referee).await,
    };
    println!(
        "(the abusers' games made in {:.0} s: the record flood's {}, the finished {}, the largest {}, the committed {})",
        started.elapsed().as_secs_f64(),
        targets.record_game,
        targets.finished,
        targets.largest,
        targets.committed.0
    );

    let processes =
        Processes(vec![redis.pid().to_string(), referee.pid().to_string(), gw.pid().to_string(), "self".into()]);
    println!(
        "\n  {:<20} {:>11} {:>11} {:>6} {:>5} {:>7} {:>7}   CPU: {:>5} {:>5} {:>5} {:>5}   MiB: {:>4} {:>4} {:>4}",
        "beside",
        "move p50",
        "move p99",
        "×alone",
        "5xx",
        "unseen",
        "abusers",
        "redis",
        "ref",
        "gw",
        "bench",
        "redis",
        "ref",
        "gw"
    );
    // A game first, not counted: the first moves through fresh connections and cold caches
    // are slower than any that follow, whoever else is there.
    phase(&gw, &referee, &redis, &processes, 12).await;
    let alone_p99 = line("nobody (alone)", phase(&gw, &referee, &redis, &processes, moves).await, None, None);
    let only = std::env::args().find_map(|a| a.strip_prefix("only=").map(|k| k.replace('-', " ")));
    let chosen = |kind: &str| only.as_ref().is_none_or(|o| o == kind);
    let mut answers = Vec::new();
    let mut guessed = None;
    for kind in KINDS.into_iter().filter(|k| chosen(k)) {
        let (abuser, game) = abuse(kind, &gw, &targets, 1).await;
        let started = Instant::now();
        let measured = phase(&gw, &referee, &redis, &processes, moves).await;
        let elapsed = started.elapsed();
        // The guessers' game is joined by its second player while they are still at it.
        if let Some(game) = game {
            guessed = Some(second_player_joins(&gw, &redis, &game).await);
        }
        let answered = abuser.stop().await;
        line(kind, measured, Some(alone_p99), Some(answered.server_errors()));
        answers.push((kind, answered, elapsed));
    }
    let mut all_at_once_rate = None;
    if chosen("all at once") {
        let mut all = Vec::new();
        for kind in KINDS {
            all.push(abuse(kind, &gw, &targets, 2).await.0);
        }
        let started = Instant::now();
        let measured = phase(&gw, &referee, &redis, &processes, moves).await;
        let elapsed = started.elapsed();
        let (mut server_errors, mut sent) = (0, 0);
        for abuser in all {
            let answered = abuser.stop().await;
            server_errors += answered.server_errors();
            sent += answered.total();
        }
        line("all at once", measured, Some(alone_p99), Some(server_errors));
        all_at_once_rate = Some(sent as f64 / elapsed.as_secs_f64());
    }
    line("nobody, after", phase(&gw, &referee, &redis, &processes, moves).await, Some(alone_p99), None);
    println!("  (p99 of {moves} moves; unseen: games whose last move the watcher had not within 5 s; abusers: the");
    println!("   5xx the abusive clients got; CPU: each process's share of one core while the bystander played;");
    println!("   MiB: each server's peak resident memory in the phase)");

    println!("\nwhat the abusive requests got back (one phase each)");
    for (kind, answers, elapsed) in answers {
        println!("  {kind:<20} {:>7.0}/s  {}", answers.total() as f64 / elapsed.as_secs_f64(), answers.summary());
    }
    if let Some(rate) = all_at_once_rate {
        println!("  {:<20} {rate:>7.0}/s  in all", "all at once");
    }
    // About three minutes of its own: run with every phase, or with join guessing's.
    if chosen("join guessing") {
        println!("\na player joins a game that 200 wrong codes were tried on: {}", real_join_works(&gw).await);
    }
    if let Some((counted, joined)) = guessed {
        println!("the second player joins the game 500 guessers locked ({counted} wrong codes counted): {joined}");
    }
    for (name, pid) in [("referee", referee.pid()), ("gateway", gw.pid()), ("redis", redis.pid())] {
        let (now, peak) = process_memory_mib(pid);
        println!(
            "{name} memory: {now:.1} MiB resident at the end, {peak:.1} MiB at its peak since the last phase began"
        );
    }
}
