//! What the service benchmarks share: live chess games seated through real referees, moves
//! driven across them with a fixed number in flight, and the CPU each process spent.
#![allow(dead_code)]

use crate::support::*;
use referee_proto::v1 as pb;
use std::sync::Arc;
use std::time::{Duration, Instant};
use tokio::sync::Mutex;

pub struct Live {
    pub table: Table,
    pub view: pb::GameView,
    /// Which of the benchmark's clients this game's moves go through.
    pub client: usize,
}

/// `games` chess games with every seat joined, spread over `clients` (each game keeps its client).
pub async fn seat_games(clients: &[Client], games: usize, concurrency: usize) -> Vec<Arc<Mutex<Live>>> {
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

/// Spreads the games over `clients` afresh (game `i` through client `i % clients`).
pub async fn spread(live: &[Arc<Mutex<Live>>], clients: usize) {
    for (i, game) in live.iter().enumerate() {
        game.lock().await.client = i % clients.max(1);
    }
}

/// Plays `moves` moves across the games with `concurrency` workers, each move through the
/// game's own client: moves per second and each move's latency, sorted.
pub async fn drive(
    live: &[Arc<Mutex<Live>>],
    clients: &[Client],
    moves: usize,
    concurrency: usize,
) -> (f64, Vec<Duration>) {
    drive_routed(live, clients, moves, concurrency, |game| game.client).await
}

/// [`drive`], each move through the client `route` picks for the game as it stands.
pub async fn drive_routed(
    live: &[Arc<Mutex<Live>>],
    clients: &[Client],
    moves: usize,
    concurrency: usize,
    route: impl Fn(&Live) -> usize + Copy + Send + 'static,
) -> (f64, Vec<Duration>) {
    let per_worker = (moves / concurrency).max(1);
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
                    let mut c = clients[route(&g)].clone();
                    let t = Instant::now();
                    let r = submit(&mut c, &g.table, m.0, &m.1, g.view.seq, &format!("k{}", g.view.seq)).await.unwrap();
                    latencies.push(t.elapsed());
                    g.view = r.view.unwrap();
                }
                latencies
            })
        })
        .collect();
    gather(workers, started).await
}

/// What `workers` measured since `started`: calls per second and every call's latency, sorted.
pub async fn gather(workers: Vec<tokio::task::JoinHandle<Vec<Duration>>>, started: Instant) -> (f64, Vec<Duration>) {
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
pub fn next_move(view: &pb::GameView, pick: usize) -> Option<(usize, String)> {
    use referee_proto::structs::Kind;
    // Read straight from the Struct: the clients' own work competes for the same cores.
    let field = |s: &referee_proto::structs::NestedStruct, name: &str| s.fields.get(name)?.kind.clone();
    let Some(Kind::StructValue(game)) = field(view.view.as_ref()?, "game") else { return None };
    let Some(Kind::StringValue(position)) = field(&game, "position") else { return None };
    let chess = rules::games::find("chess")?;
    let position = position.as_str();
    let (seat, moves) = chess.parse_position(position).and_then(|p| chess.legal_in(&p)).ok()?;
    let moves: Vec<String> =
        moves.into_iter().filter(|m| m.as_bytes().get(1).is_some_and(u8::is_ascii_digit)).collect();
    (!moves.is_empty()).then(|| (usize::from(seat), moves[pick % moves.len()].clone()))
}

/// CPU seconds of a set of processes (by pid), read together.
pub fn cpu_of(pids: &[u32]) -> Vec<f64> {
    pids.iter().map(|p| process_cpu_seconds(&p.to_string())).collect()
}
