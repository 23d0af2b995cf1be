//! Drives a real `referee serve` (release build) over gRPC on loopback, against a real
//! redis-server, and prints figures side by side with their baselines. Asserts nothing about
//! time. Run: `cargo bench -p referee --bench service` (add `-- quick` for a short run).

#[path = "../tests/support/mod.rs"]
mod support;

use referee::store::{Event, EventBody, Header, Store};
use referee_proto::v1 as pb;
use referee_proto::v1::referee_server::{Referee as RefereeApi, RefereeServer};
use std::pin::Pin;
use std::sync::Arc;
use std::time::{Duration, Instant};
use support::*;
use tokio::sync::Mutex;
use tonic::{Request, Response, Status};

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

struct Live {
    table: Table,
    view: pb::GameView,
    /// Which of the benchmark's clients this game's moves go through.
    client: usize,
}

#[tokio::main(flavor = "multi_thread")]
async fn main() {
    let quick = std::env::args().any(|a| a == "quick");
    let (seconds, games, moves, long_game) = if quick { (1, 100, 500, 1000) } else { (3, 1000, 5000, 1000) };
    let concurrency = 32;
    let redis = Redis::start();
    let referee = Referee::start_with(
        &redis.url(),
        // Metrics on, as deployed: the time split of a move is read from them.
        &[("RUST_LOG", "warn"), ("REFEREE_CREATES_PER_ADDRESS", "100000")],
    );
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

    // 2. Refereed moves across many live games, against the raw Redis work a move needs.
    let live = seat_games(std::slice::from_ref(&client), games, concurrency).await;
    let per_worker = moves / concurrency;
    let before = Costs::read(&referee, &redis);
    let (move_rate, latencies) = drive(&live, std::slice::from_ref(&client), moves, concurrency).await;
    let costs = Costs::read(&referee, &redis).since(&before, latencies.len());
    // The same moves with Redis syncing its file once a second instead of at every write.
    redis_command(redis.port, "CONFIG SET appendfsync everysec");
    let (everysec_rate, everysec) = drive(&live, std::slice::from_ref(&client), moves, concurrency).await;
    redis_command(redis.port, "CONFIG SET appendfsync always");

    // The same two scripted round trips (read the game, append one event) straight to Redis.
    let store = Store::connect(&redis.url(), 0).await.unwrap();
    let raw_games: Vec<String> = (0..games).map(|i| format!("rawbench{i}")).collect();
    for id in &raw_games {
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
    }
    let seqs: Arc<Vec<Mutex<u64>>> = Arc::new((0..games).map(|_| Mutex::new(0)).collect());
    let raw_games = Arc::new(raw_games);
    let started = Instant::now();
    let workers: Vec<_> = (0..concurrency)
        .map(|w| {
            let (store, seqs, ids) = (store.clone(), seqs.clone(), raw_games.clone());
            tokio::spawn(async move {
                let mut latencies = Vec::new();
                for i in 0..per_worker {
                    let g = (w + i * concurrency) % ids.len();
                    let mut seq = seqs[g].lock().await;
                    let field = format!("k{}", *seq);
                    let t = Instant::now();
                    store.load(&ids[g], Some(&field)).await.unwrap();
                    let body = EventBody::Action {
                        seat: 0,
                        action: "e2e4".into(),
                        description: "e4".into(),
                        key: field.clone(),
                    };
                    let event = Event::new(*seq, body, vec![], 0);
                    store
                        .append(&ids[g], &event, Some(&field), 30 * 86_400, &Default::default(), Default::default())
                        .await
                        .unwrap();
                    latencies.push(t.elapsed());
                    *seq += 1;
                }
                latencies
            })
        })
        .collect();
    let mut raw = Vec::new();
    for w in workers {
        raw.extend(w.await.unwrap());
    }
    let raw_rate = raw.len() as f64 / started.elapsed().as_secs_f64();
    raw.sort();
    println!("\nrefereed moves over {games} live chess games ({} moves)", latencies.len());
    println!("  {:<28}{:>10} {:>10} {:>10}", "", "moves/s", "p50 ms", "p99 ms");
    println!(
        "  {:<28}{move_rate:>10.0} {:>10.2} {:>10.2}",
        "SubmitAction over gRPC",
        ms(percentile(&latencies, 0.5)),
        ms(percentile(&latencies, 0.99))
    );
    println!(
        "  {:<28}{raw_rate:>10.0} {:>10.2} {:>10.2}",
        "raw Redis (load + append)",
        ms(percentile(&raw, 0.5)),
        ms(percentile(&raw, 0.99))
    );
    println!("  ratio (referee / raw)       {:>10.2}", move_rate / raw_rate);
    println!(
        "  {:<28}{everysec_rate:>10.0} {:>10.2} {:>10.2}",
        "SubmitAction, fsync everysec",
        ms(percentile(&everysec, 0.5)),
        ms(percentile(&everysec, 0.99))
    );
    println!("  cost of fsync always        {:>9.0}%", 100.0 * (1.0 - move_rate / everysec_rate));
    costs.print();

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

    // 5. One Redis primary against a three-primary cluster, two referees each.
    if quick {
        println!("\n(quick run: the one-primary against three-primary comparison is left out)");
        return;
    }
    println!("\nrefereed moves/s, two referees, {games} games, {moves} moves, {concurrency} in flight");
    let mut rates = Vec::new();
    for cluster in [false, true] {
        let (single, nodes) = if cluster { (None, Some(RedisCluster::start())) } else { (Some(Redis::start()), None) };
        let url = single.as_ref().map_or_else(|| nodes.as_ref().unwrap().url(), Redis::url);
        let env = [("RUST_LOG", "warn"), ("REFEREE_METRICS_ADDR", "off"), ("REFEREE_CREATES_PER_ADDRESS", "100000")];
        let referees = [Referee::start_with(&url, &env), Referee::start_with(&url, &env)];
        let mut clients = Vec::new();
        for r in &referees {
            clients.push(r.client().await);
        }
        let live = seat_games(&clients, games, concurrency).await;
        let (rate, latencies) = drive(&live, &clients, moves, concurrency).await;
        let name = if cluster { "three-primary cluster" } else { "one primary" };
        println!(
            "  {name:<24}{rate:>10.0} moves/s   p50 {:.2} ms   p99 {:.2} ms",
            ms(percentile(&latencies, 0.5)),
            ms(percentile(&latencies, 0.99))
        );
        rates.push(rate);
    }
    println!("  ratio (cluster / one)   {:>10.2}   (goal: at least 2.5, on enough cores)", rates[1] / rates[0]);
}

/// `games` chess games with every seat joined, spread over `clients` (each game keeps its client).
async fn seat_games(clients: &[Client], games: usize, concurrency: usize) -> Vec<Arc<Mutex<Live>>> {
    let mut live = Vec::new();
    let mut setup = Vec::new();
    for i in 0..games {
        let client = i % clients.len();
        let mut c = clients[client].clone();
        setup.push(tokio::spawn(async move {
            let table = seat_everyone(&mut c, "chess", "").await;
            let view = table.view.clone();
            Live { table, view, client }
        }));
        if setup.len() == concurrency {
            for s in setup.drain(..) {
                live.push(s.await.unwrap());
            }
        }
    }
    for s in setup {
        live.push(s.await.unwrap());
    }
    live.into_iter().map(|l| Arc::new(Mutex::new(l))).collect()
}

/// Plays `moves` moves across the games with `concurrency` workers, each move through the
/// game's own client: moves per second and each move's latency, sorted.
async fn drive(
    live: &[Arc<Mutex<Live>>],
    clients: &[Client],
    moves: usize,
    concurrency: usize,
) -> (f64, Vec<Duration>) {
    let per_worker = moves / concurrency;
    let started = Instant::now();
    let workers: Vec<_> = (0..concurrency)
        .map(|w| {
            let (live, clients) = (live.to_vec(), clients.to_vec());
            tokio::spawn(async move {
                let mut latencies = Vec::new();
                let mut k = w;
                while latencies.len() < per_worker {
                    let game = live[k % live.len()].clone();
                    k += concurrency;
                    let mut g = game.lock().await;
                    let Some(m) = next_move(&g.view, latencies.len()) else { continue };
                    let mut c = clients[g.client].clone();
                    let t = Instant::now();
                    let r = submit(&mut c, &g.table, m.0, &m.1, g.view.seq, &format!("k{}", g.view.seq)).await.unwrap();
                    latencies.push(t.elapsed());
                    g.view = r.view.unwrap();
                }
                latencies
            })
        })
        .collect();
    let mut latencies = Vec::new();
    for w in workers {
        latencies.extend(w.await.unwrap());
    }
    let rate = latencies.len() as f64 / started.elapsed().as_secs_f64();
    latencies.sort();
    (rate, latencies)
}

/// A legal move of the side to move, from the position every view shows (a seat's own view
/// would list it, but only the mover's): the seat and the move, or `None` once the game is over.
fn next_move(view: &pb::GameView, pick: usize) -> Option<(usize, String)> {
    let v = referee_proto::structs::to_json(view.view.as_ref()?);
    let chess = rules::games::find("chess")?;
    let position = v["game"]["position"].as_str()?;
    let (seat, moves) = chess.parse_position(position).and_then(|p| chess.legal_in(&p)).ok()?;
    let moves: Vec<String> =
        moves.into_iter().filter(|m| m.as_bytes().get(1).is_some_and(u8::is_ascii_digit)).collect();
    (!moves.is_empty()).then(|| (usize::from(seat), moves[pick % moves.len()].clone()))
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

/// What the referee and Redis have spent so far: CPU seconds, and the referee's time by stage
/// (`referee_stage_seconds`: total seconds and count per stage).
struct Costs {
    referee_cpu: f64,
    redis_cpu: f64,
    stages: Vec<(String, f64, f64)>,
}

/// The stages of a move, in order (referee/src/tables.rs, `stage`).
const STAGES: [&str; 5] = ["load", "replay", "apply", "append", "view"];

impl Costs {
    fn read(referee: &Referee, redis: &Redis) -> Costs {
        let metrics = referee.metrics();
        let value = |name: &str, stage: &str| -> f64 {
            let prefix = format!("{name}{{stage=\"{stage}\"}} ");
            metrics.lines().find_map(|l| l.strip_prefix(&prefix)?.trim().parse().ok()).unwrap_or(0.0)
        };
        let stages = STAGES
            .iter()
            .map(|s| (s.to_string(), value("referee_stage_seconds_sum", s), value("referee_stage_seconds_count", s)))
            .collect();
        let info = redis_command(redis.port, "INFO cpu").unwrap_or_default();
        let field = |name: &str| -> f64 {
            info.lines().find_map(|l| l.strip_prefix(name)?.strip_prefix(':')?.trim().parse().ok()).unwrap_or(0.0)
        };
        Costs {
            referee_cpu: process_cpu_seconds(&referee.pid().to_string()),
            redis_cpu: field("used_cpu_user") + field("used_cpu_sys"),
            stages,
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
        }
    }

    fn print(&self) {
        println!(
            "  CPU per refereed move:  referee {:>7.1} µs, Redis {:>7.1} µs",
            self.referee_cpu * 1e6,
            self.redis_cpu * 1e6
        );
        let split: Vec<String> =
            self.stages.iter().map(|(name, per_move, _)| format!("{name} {:.3}", per_move * 1e3)).collect();
        println!("  a move's time by stage (ms, mean per move): {}", split.join(", "));
    }
}
