//! Refereed moves under load through the gateway (REST), beside the same moves sent straight to
//! the referee (gRPC) in the same run: what a move costs the gateway's CPU and the referee's,
//! which the gateway's autoscaler is sized by (docs/service.md, "Capacity").

use crate::common::support::{Referee, ms, percentile, seat_everyone, submit};
use crate::common::{Gateway, act, seat_two};
use crate::{OPENING, cpu};
use futures::future::join_all;
use serde_json::json;
use std::time::{Duration, Instant};

/// Plies of the opening played in each game: each move of a run is in a game of its own turn.
const PLIES: usize = 8;
/// Games seated at once.
const SEATING: usize = 64;

/// A run's moves: their latencies (sorted), moves per second, and the CPU seconds the gateway
/// and the referee spent over them.
struct Run {
    latencies: Vec<Duration>,
    rate: f64,
    gateway_cpu: f64,
    referee_cpu: f64,
}

impl Run {
    fn row(&self, label: &str, in_flight: usize) {
        let per_move = |seconds: f64| seconds / self.latencies.len() as f64 * 1e6;
        println!(
            "  {label:<44}{in_flight:>9} {:>9.0} {:>8.2} {:>8.2}   {:>10.1} {:>10.1}",
            self.rate,
            ms(percentile(&self.latencies, 0.5)),
            ms(percentile(&self.latencies, 0.99)),
            per_move(self.gateway_cpu),
            per_move(self.referee_cpu)
        );
    }
}

/// Plays [`PLIES`] plies in each of `games` (each with its last `seq`), `in_flight` moves at a
/// time: each lane plays a ply in each of its games in turn. `mover` sends one move and answers
/// the game's new `seq`.
async fn drive<T>(
    games: Vec<(T, u64)>,
    in_flight: usize,
    pids: [u32; 2],
    mover: impl AsyncFn(&T, usize, &'static str, u64, String) -> u64,
) -> Run {
    let mut lanes: Vec<Vec<(T, u64)>> = (0..in_flight).map(|_| Vec::new()).collect();
    for (i, game) in games.into_iter().enumerate() {
        lanes[i % in_flight].push(game);
    }
    let before = pids.map(cpu);
    let started = Instant::now();
    let lanes = lanes.into_iter().map(|mut lane| {
        let mover = &mover;
        async move {
            let mut latencies = Vec::new();
            for (ply, action) in OPENING.iter().take(PLIES).enumerate() {
                for (game, seq) in &mut lane {
                    let at = Instant::now();
                    *seq = mover(game, ply % 2, action, *seq, format!("p{ply}")).await;
                    latencies.push(at.elapsed());
                }
            }
            latencies
        }
    });
    let mut latencies: Vec<Duration> = join_all(lanes).await.into_iter().flatten().collect();
    let elapsed = started.elapsed().as_secs_f64();
    let after = pids.map(cpu);
    latencies.sort();
    let rate = latencies.len() as f64 / elapsed;
    Run { latencies, rate, gateway_cpu: after[0] - before[0], referee_cpu: after[1] - before[1] }
}

/// `games` chess games seated through each gateway, and as many straight at the referee, played
/// at 32 and at 256 moves in flight.
pub async fn moves(http: &reqwest::Client, gateways: &[(&str, &Gateway)], referee: &Referee, games: usize) {
    println!(
        "\nrefereed moves over {games} live chess games a run, {PLIES} plies each, through the gateway and straight to the referee"
    );
    println!(
        "  {:<44}{:>9} {:>9} {:>8} {:>8}   {:>10} {:>10}",
        "", "in flight", "moves/s", "p50 ms", "p99 ms", "gateway µs", "referee µs"
    );
    for in_flight in [32, 256] {
        let mut rates = Vec::new();
        for (label, gw) in gateways {
            let rest = through_gateway(http, gw, referee, games, in_flight).await;
            rest.row(&format!("SubmitAction through {label}"), in_flight);
            rates.push((label, rest.rate));
        }
        let grpc = straight(referee, games, in_flight).await;
        grpc.row("SubmitAction straight to the referee", in_flight);
        for (label, rate) in rates {
            println!("  {:<44}{:>9} {:>9.2}", format!("ratio ({label} / straight)"), "", rate / grpc.rate);
        }
    }
}

/// `games` games seated by `seat_one` ([`SEATING`] at a time), each with its last `seq`.
async fn seat<T>(games: usize, seat_one: impl AsyncFn() -> (T, u64)) -> Vec<(T, u64)> {
    let mut seated = Vec::with_capacity(games);
    while seated.len() < games {
        let batch = (0..SEATING.min(games - seated.len())).map(|_| seat_one());
        seated.extend(join_all(batch).await);
    }
    seated
}

/// Moves in `games` games seated through `gw`.
async fn through_gateway(
    http: &reqwest::Client,
    gw: &Gateway,
    referee: &Referee,
    games: usize,
    in_flight: usize,
) -> Run {
    let seated = seat(games, async || {
        let game = seat_two(http, gw, "chess", json!({})).await;
        let seq = game.seq;
        (game, seq)
    })
    .await;
    drive(seated, in_flight, [gw.pid(), referee.pid()], async |game, seat, action, seq, key| {
        let (status, view) = act(http, gw, game, seat, action, seq, &key).await;
        assert_eq!(status, 200, "{view}");
        view["seq"].as_u64().expect("a seq")
    })
    .await
}

/// Moves in `games` games seated straight at the referee, over gRPC.
async fn straight(referee: &Referee, games: usize, in_flight: usize) -> Run {
    let client = referee.client().await;
    let tables = seat(games, async || {
        let table = seat_everyone(&mut client.clone(), "chess", "").await;
        let seq = table.view.seq;
        (table, seq)
    })
    .await;
    drive(tables, in_flight, [0, referee.pid()], async |table, seat, action, seq, key| {
        let mut c = client.clone();
        let answer = submit(&mut c, table, seat, action, seq, &key).await.expect("a recorded move");
        answer.view.expect("a view").seq
    })
    .await
}
