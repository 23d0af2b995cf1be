//! Drives a real `referee serve` (release build) over gRPC on loopback, against a real
//! redis-server, and prints figures side by side with their baselines. Asserts nothing about
//! time. Run: `cargo bench -p referee --bench service` (add `-- quick` for a short run; set
//! `REFEREE_BASELINE` to another build of the referee binary to run the moves through it too).

mod common;
#[path = "../tests/support/mod.rs"]
mod support;

use common::*;
use referee::store::{Event, EventBody, Header, Store};
use referee_proto::v1 as pb;
use referee_proto::v1::referee_server::{Referee as RefereeApi, RefereeServer};
use std::pin::Pin;
use std::sync::Arc;
use std::time::{Duration, Instant};
use support::*;
use tokio::sync::Mutex;
use tonic::{Request, Response, Status};

/// The referees' settings: metrics on, as deployed (the time split of a move is read from
/// them), and no limit on what one address (the benchmark's) creates and adds.
const REFEREE_ENV: [(&str, &str); 3] =
    [("RUST_LOG", "warn"), ("REFEREE_CREATES_PER_ADDRESS", "1000000"), ("REFEREE_BYTES_PER_ADDRESS", "100000000000")];
/// Moves in flight at once in the moves' comparison.
const IN_FLIGHT: [usize; 2] = [32, 256];

const PINNED: &str = "r1bqkbnr/ppp2ppp/2np4/1B2p3/4P3/5N2/PPPP1PPP/RNBQK2R b KQkq - 1 4";

/// A server that answers Adjudicate with a fixed reply of the same size as the real one, and
/// does nothing else: the cost of gRPC alone.
struct Noop {
    reply: pb::AdjudicateResponse,
}

type Stream = Pin<Box<dyn futures::Stream<Item = Result<pb::GameView, Status>> + Send>>;

#[tonic::async_trait]
impl RefereeApi for Noop {
    async fn list_rules(&self, _: Request<pb::ListRulesRequest>) -> Result<Response<pb::ListRulesResponse>, Status> {
        Err(Status::unimplemented("noop"))
    }
    async fn adjudicate(&self, _: Request<pb::AdjudicateRequest>) -> Result<Response<pb::AdjudicateResponse>, Status> {
        Ok(Response::new(self.reply.clone()))
    }
    async fn legal_actions(
        &self,
        _: Request<pb::LegalActionsRequest>,
    ) -> Result<Response<pb::LegalActionsResponse>, Status> {
        Err(Status::unimplemented("noop"))
    }
    async fn create_game(&self, _: Request<pb::CreateGameRequest>) -> Result<Response<pb::CreateGameResponse>, Status> {
        Err(Status::unimplemented("noop"))
    }
    async fn join_game(&self, _: Request<pb::JoinGameRequest>) -> Result<Response<pb::JoinGameResponse>, Status> {
        Err(Status::unimplemented("noop"))
    }
    async fn reveal_entropy(&self, _: Request<pb::RevealEntropyRequest>) -> Result<Response<pb::GameView>, Status> {
        Err(Status::unimplemented("noop"))
    }
    async fn submit_action(
        &self,
        _: Request<pb::SubmitActionRequest>,
    ) -> Result<Response<pb::SubmitActionResponse>, Status> {
        Err(Status::unimplemented("noop"))
    }
    async fn get_view(&self, _: Request<pb::GetViewRequest>) -> Result<Response<pb::GameView>, Status> {
        Err(Status::unimplemented("noop"))
    }
    async fn get_record(&self, _: Request<pb::GetRecordRequest>) -> Result<Response<pb::GameRecord>, Status> {
        Err(Status::unimplemented("noop"))
    }
    type WatchGameStream = Stream;
    async fn watch_game(&self, _: Request<pb::WatchGameRequest>) -> Result<Response<Stream>, Status> {
        Err(Status::unimplemented("noop"))
    }
    async fn get_audit(&self, _: Request<pb::GetAuditRequest>) -> Result<Response<pb::AuditRecord>, Status> {
        Err(Status::unimplemented("noop"))
    }
    async fn end_game(&self, _: Request<pb::EndGameRequest>) -> Result<Response<pb::GameView>, Status> {
        Err(Status::unimplemented("noop"))
    }
    async fn reissue_join_code(
        &self,
        _: Request<pb::ReissueJoinCodeRequest>,
    ) -> Result<Response<pb::ReissueJoinCodeResponse>, Status> {
        Err(Status::unimplemented("noop"))
    }
    async fn get_pars(&self, _: Request<pb::GetParsRequest>) -> Result<Response<pb::GetParsResponse>, Status> {
        Err(Status::unimplemented("noop"))
    }
    async fn position_par(
        &self,
        _: Request<pb::PositionParRequest>,
    ) -> Result<Response<pb::PositionParResponse>, Status> {
        Err(Status::unimplemented("noop"))
    }
}

#[tokio::main(flavor = "multi_thread")]
async fn main() {
    let quick = std::env::args().any(|a| a == "quick");
    if std::env::args().any(|a| a == "finished") {
        // Only what the finished games kept ready cost in memory.
        return finished_games_memory(&Redis::start(), 1024).await;
    }
    // Games: a multiple of every count in flight, so that each worker plays games of its own.
    let (seconds, games, moves, long_game) = if quick { (1, 512, 2048, 1000) } else { (3, 1024, 8192, 1000) };
    let concurrency = 32;
    let redis = Redis::start();
    let referee = Referee::start_with(&redis.url(), &REFEREE_ENV);
    let client = referee.client().await;
    println!("referee benchmark: {concurrency} concurrent clients on loopback, Redis with AOF fsync always");

    // 1. Stateless adjudication against a no-op call of the same size.
    let request =
        pb::AdjudicateRequest { rules: "chess".into(), position: PINNED.into(), action: "c6d4".into(), seat: None };
    let real_reply = client.clone().adjudicate(request.clone()).await.unwrap().into_inner();
    let noop_port = free_port();
    let noop = RefereeServer::new(Noop { reply: real_reply });
    tokio::spawn(
        tonic::transport::Server::builder()
            .tcp_nodelay(true)
            .add_service(noop)
            .serve(([127, 0, 0, 1], noop_port).into()),
    );
    tokio::time::sleep(Duration::from_millis(200)).await;
    let noop_client =
        pb::referee_client::RefereeClient::connect(format!("http://127.0.0.1:{noop_port}")).await.unwrap();
    let duration = Duration::from_secs(seconds);
    let (c, r) = (client.clone(), request.clone());
    let real = throughput(concurrency, duration, move || {
        let (mut c, r) = (c.clone(), r.clone());
        async move {
            c.adjudicate(r).await.unwrap();
        }
    })
    .await;
    let (c, r) = (noop_client.clone(), request.clone());
    let baseline = throughput(concurrency, duration, move || {
        let (mut c, r) = (c.clone(), r.clone());
        async move {
            c.adjudicate(r).await.unwrap();
        }
    })
    .await;
    println!("\nstateless adjudication (pinned-knight position)");
    println!("  referee Adjudicate      {real:>10.0} calls/s");
    println!("  no-op call, same size   {baseline:>10.0} calls/s");
    println!("  ratio                   {:>10.2}", real / baseline);

    // 2. Refereed moves across many live games, against the raw Redis work a move needs, at 32
    // and at 256 in flight. With REFEREE_BASELINE=<another build of the referee> the same moves
    // also go through that build, on the same Redis in the same run, so a change's effect on the
    // CPU per move is printed beside its baseline.
    let baseline = std::env::var_os("REFEREE_BASELINE").map(std::path::PathBuf::from);
    let baseline = baseline.map(|bin| {
        let name = bin.file_name().map_or_else(String::new, |n| n.to_string_lossy().to_string());
        (name, Referee::start_binary(&bin, &redis.url(), &REFEREE_ENV))
    });
    let baseline_client = match &baseline {
        Some((_, r)) => Some(r.client().await),
        None => None,
    };
    let live = seat_games(std::slice::from_ref(&client), games, concurrency).await;
    let store = Store::connect(&redis.url(), 0).await.unwrap();
    let raw_games = Arc::new(raw_games(&store, games).await);
    println!("\nrefereed moves over {games} live chess games, {moves} moves a run");
    println!(
        "  {:<40}{:>9} {:>9} {:>8} {:>8}   {:>10} {:>10}",
        "", "in flight", "moves/s", "p50 ms", "p99 ms", "referee µs", "Redis µs"
    );
    let mut stage_lines = Vec::new();
    let mut everysec = None;
    for in_flight in IN_FLIGHT {
        let mut rates = Vec::new();
        let mut builds: Vec<_> = std::iter::once(("this build".to_string(), &referee, &client))
            .chain(baseline.iter().zip(&baseline_client).map(|((name, r), c)| (format!("baseline {name}"), r, c)))
            .collect();
        // Each build goes first in turn, so that neither always runs on the warmer machine.
        if in_flight != IN_FLIGHT[0] {
            builds.reverse();
        }
        for (name, r, c) in builds {
            let clients = std::slice::from_ref(c);
            // A short warm-up (connections, scripts, allocators), then the measured moves.
            drive(&live, clients, 2 * in_flight, in_flight).await;
            let before = Costs::read(r, &redis);
            let (rate, latencies) = drive(&live, clients, moves, in_flight).await;
            let costs = Costs::read(r, &redis).since(&before, latencies.len());
            println!(
                "  {:<40}{in_flight:>9} {rate:>9.0} {:>8.2} {:>8.2}   {:>10.1} {:>10.1}",
                format!("SubmitAction, {name}"),
                ms(percentile(&latencies, 0.5)),
                ms(percentile(&latencies, 0.99)),
                costs.referee_cpu * 1e6,
                costs.redis_cpu * 1e6
            );
            stage_lines.push(format!("{name}, {in_flight} in flight: {}", costs.stages()));
            rates.push((name, rate));
        }
        let (raw_rate, raw) = raw_moves(&store, &raw_games, moves, in_flight).await;
        println!(
            "  {:<40}{in_flight:>9} {raw_rate:>9.0} {:>8.2} {:>8.2}",
            "raw Redis (load + append)",
            ms(percentile(&raw, 0.5)),
            ms(percentile(&raw, 0.99))
        );
        for (name, rate) in &rates {
            println!(
                "  {:<40}{:>9} {:>9.2}   (goal: at least 0.8)",
                format!("ratio ({name} / raw)"),
                "",
                rate / raw_rate
            );
        }
        if in_flight == IN_FLIGHT[0] {
            // The same moves with Redis syncing its file once a second instead of at every write.
            redis_command(redis.port, "CONFIG SET appendfsync everysec");
            let (rate, latencies) = drive(&live, std::slice::from_ref(&client), moves, in_flight).await;
            redis_command(redis.port, "CONFIG SET appendfsync always");
            everysec = Some((rate, latencies, rates[0].1));
        }
    }
    if let Some((rate, latencies, always)) = everysec {
        println!(
            "  {:<40}{:>9} {rate:>9.0} {:>8.2} {:>8.2}",
            "SubmitAction, fsync everysec",
            IN_FLIGHT[0],
            ms(percentile(&latencies, 0.5)),
            ms(percentile(&latencies, 0.99))
        );
        println!("  cost of fsync always                    {:>9.0}%", 100.0 * (1.0 - always / rate));
    }
    println!("  a move's time by stage (ms, mean per move):");
    for line in stage_lines {
        println!("    {line}");
    }
    // What keeping the games warm costs in memory: each build has now moved every game.
    let memory = |r: &Referee| process_memory_mib(r.pid()).0;
    print!("  referee memory after the moves (VmRSS): this build {:.1} MiB", memory(&referee));
    match &baseline {
        Some((name, r)) => println!(", baseline {name} {:.1} MiB ({games} games)", memory(r)),
        None => println!(" ({games} games)"),
    }

    kept_games_memory(&redis, if quick { 1024 } else { 4096 }).await;
    finished_games_memory(&redis, 1024).await;

    // 3. Does a move cost more late in a long game? (Snapshots and a state that keeps only the
    // latest entries of the record say it must not.)
    let plies = long_chess_game(long_game + 6);
    let mut c = client.clone();
    let table = seat_everyone(&mut c, "chess", r#"{"draws": "claim"}"#).await;
    let mut seq = table.view.seq;
    let mut by_move = Vec::new();
    for (i, action) in plies.iter().enumerate() {
        let t = Instant::now();
        let r = submit(&mut c, &table, i % 2, action, seq, &format!("m{i}")).await.unwrap();
        by_move.push((i as u64 + 1, t.elapsed()));
        seq = r.view.unwrap().seq;
    }
    let window = |at: u64| {
        let mut w: Vec<Duration> = by_move.iter().filter(|(m, _)| m.abs_diff(at) <= 5).map(|(_, d)| *d).collect();
        w.sort();
        percentile(&w, 0.5)
    };
    println!("\nmove latency by position in a long chess game ({} plies, one client, median of 11 moves)", plies.len());
    let marks: Vec<u64> = [10, 100, 500, 1000].into_iter().filter(|m| *m + 5 <= plies.len() as u64).collect();
    for &mark in &marks {
        println!("  around move {mark:<16}{:>10.3} ms", ms(window(mark)));
    }
    let (first, last) = (marks[0], *marks.last().unwrap());
    println!(
        "  ratio (move {last} / move {first})   {:>8.2}   (goal: at most 1.2)",
        ms(window(last)) / ms(window(first))
    );

    // 4. What a finished game keeps in Redis (its log archived, compressed, at the end).
    let table = seat_everyone(&mut c, "chess", r#"{"draws": "claim"}"#).await;
    let mut seq = table.view.seq;
    for (i, action) in plies.iter().take(80).enumerate() {
        seq = submit(&mut c, &table, i % 2, action, seq, &format!("b{i}")).await.unwrap().view.unwrap().seq;
    }
    c.end_game(authed(pb::EndGameRequest { game_id: table.game_id.clone() }, &table.host_token)).await.unwrap();
    println!("\nRedis bytes of one finished chess game of 80 plies (MEMORY USAGE of each key)");
    let mut total = 0;
    for part in ["header", "seed", "seats", "reveals", "joins", "events", "snap", "idem", "joinfail", "archive"] {
        let key = referee::store::key(&table.game_id, part);
        let reply = redis_command(redis.port, &format!("MEMORY USAGE {key} SAMPLES 0")).unwrap_or_default();
        let Some(bytes) = reply.trim().strip_prefix(':').and_then(|b| b.parse::<u64>().ok()) else { continue };
        total += bytes;
        println!("  {part:<10}{bytes:>10} B");
    }
    println!("  {:<10}{total:>10} B   ({:.0} B per ply; goal: at most 15 KB in all)", "in all", total as f64 / 80.0);
    println!("\n(one primary against a three-primary cluster, with N referees: cargo bench -p referee --bench scale)");
}

/// What the kept games cost in memory at the default bound (4,096): two fresh referees of this
/// build, one keeping games and one keeping none (`REFEREE_WARM_GAMES=0`), each seat `games`
/// games and move each of them twice; their resident memory is compared.
async fn kept_games_memory(redis: &Redis, games: usize) {
    let mut rss = Vec::new();
    for kept in ["4096", "0"] {
        let env: Vec<(&str, &str)> = REFEREE_ENV.iter().copied().chain([("REFEREE_WARM_GAMES", kept)]).collect();
        let referee = Referee::start_with(&redis.url(), &env);
        let client = referee.client().await;
        let live = seat_games(std::slice::from_ref(&client), games, 64).await;
        drive(&live, std::slice::from_ref(&client), 2 * games, 64).await;
        let kept_now = metric(&referee.metrics(), "referee_warm_games_total{found=\"yes\"}");
        rss.push((process_memory_mib(referee.pid()).0, kept_now));
    }
    let ((with, found), (without, _)) = (rss[0], rss[1]);
    println!("  memory of kept games ({games} games, each moved twice; a fresh referee of this build for each):");
    println!("    keeping up to 4,096 games {with:>8.1} MiB (a kept game found for {found:.0} moves)");
    println!("    keeping none              {without:>8.1} MiB");
    println!(
        "    difference                {:>8.1} MiB, {:.1} KiB a kept game",
        with - without,
        (with - without) * 1024.0 / games as f64
    );
}

/// What the finished games kept ready cost in memory at the default bound (1,024): two fresh
/// referees of this build, one keeping them and one keeping none (`REFEREE_FINISHED_GAMES=0`),
/// each seat `games` games, move each twice, end each (its host) and read each one's view; their
/// resident memory is compared. (Audit records are kept apart, bounded in bytes.)
async fn finished_games_memory(redis: &Redis, games: usize) {
    let mut rss = Vec::new();
    for kept in ["1024", "0"] {
        let env: Vec<(&str, &str)> = REFEREE_ENV.iter().copied().chain([("REFEREE_FINISHED_GAMES", kept)]).collect();
        let referee = Referee::start_with(&redis.url(), &env);
        let client = referee.client().await;
        let live = seat_games(std::slice::from_ref(&client), games, 64).await;
        drive(&live, std::slice::from_ref(&client), 2 * games, 64).await;
        for game in &live {
            let table = &game.lock().await.table;
            let mut c = client.clone();
            let end = pb::EndGameRequest { game_id: table.game_id.clone() };
            c.end_game(authed(end, &table.host_token)).await.unwrap();
            get_view(&mut c, &table.game_id, None).await.unwrap();
        }
        let found = metric(&referee.metrics(), "referee_finished_reads_total{kind=\"view\",found=\"no\"}");
        rss.push((process_memory_mib(referee.pid()).0, found));
    }
    let ((with, read), (without, _)) = (rss[0], rss[1]);
    println!("  memory of finished games kept ready ({games} games, each moved twice, ended and viewed):");
    println!("    keeping up to 1,024 games {with:>8.1} MiB ({read:.0} read from the store and kept)");
    println!("    keeping none              {without:>8.1} MiB");
    println!(
        "    difference                {:>8.1} MiB, {:.1} KiB a kept game",
        with - without,
        (with - without) * 1024.0 / games as f64
    );
}

/// A legal chess game of up to `plies` moves under the claim rule (only the fifth repetition
/// and the seventy-fifth move end it by themselves): a seeded random walk that never takes a
/// move that ends the game, takes few captures, and moves a pawn when the seventy-five-move
/// count runs high.
fn long_chess_game(plies: usize) -> Vec<String> {
    use rules::game::Viewer;
    let game = rules::games::find("chess").unwrap();
    let mut state = game.setup(&serde_json::json!({"draws": "claim"}), &mut rules::random::NoRandomness).unwrap();
    let mut next = {
        let mut x = 0x5EED_C0DE_u64;
        move || {
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            x
        }
    };
    let mut out = Vec::new();
    while out.len() < plies {
        let seat = game.turn(&state).single().expect("one side to move").seat;
        let fen = game.format_position(&state);
        let halfmoves: u32 = fen.split(' ').nth(4).and_then(|h| h.parse().ok()).unwrap_or(0);
        let cells = serde_json::to_value(game.view(&state, Viewer::Spectator)).unwrap()["board"]["cells"].clone();
        let piece = |square: &str| -> Option<String> {
            let cell = cells.as_array()?.iter().find(|c| c["id"] == square)?;
            cell["piece"]["kind"].as_str().map(str::to_string)
        };
        let mut scored: Vec<(u64, String)> = game
            .legal_actions(&state, seat)
            .into_iter()
            .filter(|a| a.len() >= 4 && a.as_bytes()[1].is_ascii_digit())
            .map(|a| {
                let capture = piece(&a[2..4]).is_some();
                let pawn = piece(&a[0..2]).as_deref() == Some("pawn");
                let penalty = 4 * u64::from(capture) + 2 * u64::from(halfmoves > 100 && !pawn);
                (penalty << 32 | (next() & 0xFFFF_FFFF), a)
            })
            .collect();
        scored.sort();
        let chosen = scored.into_iter().find_map(|(_, a)| {
            let mut after = game.clone_state(&state);
            game.apply(&mut after, seat, &a, &mut rules::random::NoRandomness).ok()?;
            game.outcome(&after).is_none().then_some((a, after))
        });
        let Some((action, after)) = chosen else { break };
        out.push(action);
        state = after;
    }
    out
}

/// `games` games written straight to Redis for the raw baseline (the same header a chess game has).
async fn raw_games(store: &Store, games: usize) -> Vec<(String, Mutex<u64>)> {
    let mut ids = Vec::new();
    for i in 0..games {
        let id = format!("rawbench{i}");
        let header = Header {
            game_id: id.clone(),
            rules: "chess".into(),
            rules_version: 1,
            options: serde_json::Value::Null,
            seat_count: 2,
            commitment: "0".repeat(64),
            host_token_hash: "0".repeat(64),
            join_code_hashes: vec![],
            keyed_codes: true,
            created_at_ms: 0,
            derivation: 3,
            chain: 2,
            options_text: "null".into(),
        };
        store.create(&header, &"00".repeat(32)).await.unwrap();
        ids.push((id, Mutex::new(0)));
    }
    ids
}

/// The two scripted round trips a move needs (read the game, append one event), straight to
/// Redis with `in_flight` workers: moves per second and each one's latency, sorted.
async fn raw_moves(
    store: &Store,
    games: &Arc<Vec<(String, Mutex<u64>)>>,
    moves: usize,
    in_flight: usize,
) -> (f64, Vec<Duration>) {
    let per_worker = moves / in_flight;
    let started = Instant::now();
    let workers: Vec<_> = (0..in_flight)
        .map(|w| {
            let (store, games) = (store.clone(), games.clone());
            tokio::spawn(async move {
                let mut latencies = Vec::new();
                for i in 0..per_worker {
                    let (id, seq) = &games[(w + i * in_flight) % games.len()];
                    let mut seq = seq.lock().await;
                    let field = format!("k{}", *seq);
                    let t = Instant::now();
                    store.load(id, Some(&field)).await.unwrap();
                    let body = EventBody::Action {
                        seat: 0,
                        action: "e2e4".into(),
                        description: "e4".into(),
                        key: field.clone(),
                    };
                    let event = Event::new(*seq, body, vec![], 0);
                    store
                        .append(id, &event, Some((&field, "")), 30 * 86_400, &Default::default(), Default::default())
                        .await
                        .unwrap();
                    latencies.push(t.elapsed());
                    *seq += 1;
                }
                latencies
            })
        })
        .collect();
    gather(workers, started).await
}

/// What the referee and Redis have spent so far: CPU seconds, and the referee's time by stage
/// (`referee_stage_seconds`: total seconds and count per stage).
struct Costs {
    referee_cpu: f64,
    redis_cpu: f64,
    stages: Vec<(String, f64, f64)>,
    /// Moves that found their game kept warm, and moves that read it (`referee_warm_games_total`;
    /// a baseline built before games were kept has neither).
    warm: (f64, f64),
}

/// The stages of a move, in order (referee/src/tables.rs, `stage`).
const STAGES: [&str; 5] = ["load", "replay", "apply", "append", "view"];

impl Costs {
    fn read(referee: &Referee, redis: &Redis) -> Costs {
        let metrics = referee.metrics();
        let value = |name: &str, stage: &str| metric(&metrics, &format!("{name}{{stage=\"{stage}\"}}"));
        let stages = STAGES
            .iter()
            .map(|s| (s.to_string(), value("referee_stage_seconds_sum", s), value("referee_stage_seconds_count", s)))
            .collect();
        let found = |found: &str| metric(&metrics, &format!("referee_warm_games_total{{found=\"{found}\"}}"));
        let info = redis_command(redis.port, "INFO cpu").unwrap_or_default();
        let field = |name: &str| -> f64 {
            info.lines().find_map(|l| l.strip_prefix(name)?.strip_prefix(':')?.trim().parse().ok()).unwrap_or(0.0)
        };
        Costs {
            referee_cpu: process_cpu_seconds(&referee.pid().to_string()),
            redis_cpu: field("used_cpu_user") + field("used_cpu_sys"),
            stages,
            warm: (found("yes"), found("no")),
        }
    }

    /// What was spent since `before`, per move of `moves`.
    fn since(&self, before: &Costs, moves: usize) -> Costs {
        let n = moves.max(1) as f64;
        let stages = self
            .stages
            .iter()
            .zip(&before.stages)
            .map(|((name, sum, count), (_, sum0, count0))| (name.clone(), (sum - sum0) / n, count - count0))
            .collect();
        Costs {
            referee_cpu: (self.referee_cpu - before.referee_cpu) / n,
            redis_cpu: (self.redis_cpu - before.redis_cpu) / n,
            stages,
            warm: (self.warm.0 - before.warm.0, self.warm.1 - before.warm.1),
        }
    }

    /// The mean time of each stage per move, in ms.
    fn stages(&self) -> String {
        let split: Vec<String> =
            self.stages.iter().map(|(name, per_move, _)| format!("{name} {:.3}", per_move * 1e3)).collect();
        let (found, read) = self.warm;
        match found + read {
            0.0 => split.join(", "),
            asked => format!("{}; game kept warm for {:.0}% of moves", split.join(", "), 100.0 * found / asked),
        }
    }
}
