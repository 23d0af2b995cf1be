//! Orthodox perft speed of this engine against cozy-chess on the same positions, in the same
//! run, single thread. Both count the last ply in bulk. Prints figures; asserts nothing
//! about time. Run: `cargo bench -p referee-rules --bench perft` (add `-- quick` for a short run).

use rules::chess::Position;
use std::hint::black_box;
use std::time::{Duration, Instant};

const POSITIONS: [(&str, &str, u32); 6] = [
    ("start", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", 6),
    ("kiwipete", "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1", 5),
    ("position 3", "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1", 7),
    ("position 4", "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1", 5),
    ("position 5", "rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8", 5),
    ("position 6", "r4rk1/1pp1qppp/p1np1n2/2b1p1B1/2B1P1b1/P1NP1N2/1PP1QPPP/R4RK1 w - - 0 10", 5),
];

fn cozy_perft(board: &cozy_chess::Board, depth: u32) -> u64 {
    let mut nodes = 0;
    if depth == 1 {
        board.generate_moves(|moves| {
            nodes += moves.len() as u64;
            false
        });
        return nodes;
    }
    board.generate_moves(|moves| {
        for m in moves {
            let mut next = board.clone();
            next.play_unchecked(m);
            nodes += cozy_perft(&next, depth - 1);
        }
        false
    });
    nodes
}

/// Best of `runs` timings.
fn best_of(runs: u32, mut f: impl FnMut() -> u64) -> (u64, Duration) {
    let mut best = Duration::MAX;
    let mut nodes = 0;
    for _ in 0..runs {
        let t = Instant::now();
        nodes = black_box(f());
        best = best.min(t.elapsed());
    }
    (nodes, best)
}

fn main() {
    let quick = std::env::args().any(|a| a == "quick");
    rules::chess::attacks::warm_up();
    let runs = if quick { 1 } else { 3 };
    println!(
        "{:<12} {:>5} {:>13} {:>12} {:>12} {:>7}",
        "position", "depth", "nodes", "ours Mn/s", "cozy Mn/s", "ratio"
    );
    let (mut ours_total, mut cozy_total, mut nodes_total) = (Duration::ZERO, Duration::ZERO, 0u64);
    for (name, fen, depth) in POSITIONS {
        let depth = if quick { depth - 1 } else { depth };
        let ours = Position::from_fen(fen).unwrap();
        let cozy = cozy_chess::Board::from_fen(fen, false).unwrap();
        let (n_ours, t_ours) = best_of(runs, || ours.perft(depth));
        let (n_cozy, t_cozy) = best_of(runs, || cozy_perft(&cozy, depth));
        assert_eq!(n_ours, n_cozy, "{name}: node counts differ");
        let mnps = |n: u64, t: Duration| n as f64 / t.as_secs_f64() / 1e6;
        println!(
            "{name:<12} {depth:>5} {n_ours:>13} {:>12.1} {:>12.1} {:>7.2}",
            mnps(n_ours, t_ours),
            mnps(n_cozy, t_cozy),
            t_cozy.as_secs_f64() / t_ours.as_secs_f64()
        );
        ours_total += t_ours;
        cozy_total += t_cozy;
        nodes_total += n_ours;
    }
    println!(
        "{:<12} {:>5} {nodes_total:>13} {:>12.1} {:>12.1} {:>7.2}",
        "all",
        "",
        nodes_total as f64 / ours_total.as_secs_f64() / 1e6,
        nodes_total as f64 / cozy_total.as_secs_f64() / 1e6,
        cozy_total.as_secs_f64() / ours_total.as_secs_f64()
    );
    println!("ratio = this engine's speed / cozy-chess's speed (target: at least 0.5)");
}
