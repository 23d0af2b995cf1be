//! Move generation of the checker-stack games against the orthodox generator on the same
//! positions, in the same run, every move made down to the leaves: Adrenaline/Booster's regular moves (which also count extra
//! moves in check) and Half Alice's two-sided moves. Prints figures; asserts nothing about
//! time. Run: `cargo bench -p referee-rules --bench checker_games` (`-- quick` for a short run).

use rules::chess::boost::{BoostPosition, Checkers};
use rules::chess::mirror::MirrorPosition;
use rules::chess::{Position, perft_with};
use std::hint::black_box;
use std::time::{Duration, Instant};

const POSITIONS: [(&str, &str, u32); 3] = [
    ("start", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", 4),
    ("kiwipete", "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1", 3),
    ("position 4", "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1", 3),
];

/// Orthodox perft that, like the two above, makes every move down to the leaves (no bulk
/// counting at the last ply), so the comparison is like for like.
fn orthodox_perft(pos: &Position, depth: u32) -> u64 {
    if depth == 0 {
        return 1;
    }
    pos.legal_moves()
        .iter()
        .map(|m| {
            let mut next = *pos;
            next.play_unchecked(*m);
            orthodox_perft(&next, depth - 1)
        })
        .sum()
}

fn timed(f: impl FnOnce() -> u64) -> (u64, Duration) {
    let t = Instant::now();
    let n = black_box(f());
    (n, t.elapsed())
}

fn main() {
    let quick = std::env::args().any(|a| a == "quick");
    rules::chess::attacks::warm_up();
    let mnps = |n: u64, t: Duration| n as f64 / t.as_secs_f64() / 1e6;
    println!("{:<24} {:>5} {:>10} {:>10} {:>14} {:>7}", "position", "depth", "nodes", "Mn/s", "orthodox Mn/s", "ratio");
    let row = |name: &str, depth: u32, n: u64, t: Duration, base: (u64, Duration)| {
        println!(
            "{name:<24} {depth:>5} {n:>10} {:>10.2} {:>14.2} {:>7.3}",
            mnps(n, t),
            mnps(base.0, base.1),
            base.1.as_secs_f64() / t.as_secs_f64() * n as f64 / base.0 as f64
        );
    };
    for (name, fen, depth) in POSITIONS {
        let depth = if quick { depth - 1 } else { depth };
        let fields: Vec<&str> = fen.split_whitespace().collect();
        let orthodox = Position::from_fen(fen).unwrap();
        let base = timed(|| orthodox_perft(&orthodox, depth));
        // No checkers: the same moves as orthodox chess, so the counts must agree.
        let plain = BoostPosition::from_fields(&fields, "-", "-", Checkers::Colourless).unwrap();
        let (n, t) = timed(|| plain.perft(depth));
        assert_eq!(n, base.0, "{name}: Adrenaline without checkers must move like chess");
        row(&format!("{name}, no checkers"), depth, n, t, base);
        // The general generator on the same position, as positions with checkers use it.
        let (n, t) = timed(|| {
            perft_with(&plain, depth, &BoostPosition::regular_moves_by_search, &|p, m| {
                p.play_regular(m);
                p.end_turn();
            })
        });
        row(&format!("{name}, searched"), depth, n, t, base);
        // A few stacks on both sides, so attacks search extra moves.
        let stacked = BoostPosition::from_fields(&fields, "a1:2,b1:1,h8:1,a8:2", "-", Checkers::Colourless)
            .or_else(|_| BoostPosition::from_fields(&fields, "a1:2,h8:1", "-", Checkers::Colourless))
            .unwrap();
        let (n, t) = timed(|| stacked.perft(depth));
        row(&format!("{name}, stacks"), depth, n, t, base);
        let mirror = MirrorPosition::from_fields(&fields, "-", None).unwrap();
        let (n, t) = timed(|| mirror.perft(depth));
        row(&format!("{name}, half alice"), depth, n, t, base);
    }
    println!("ratio: nodes per second relative to the orthodox generator on the same position (1.0 = as fast).");
}
