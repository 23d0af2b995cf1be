//! The Chess Golf par solver against the plain breadth-first search written apart from it (the
//! tests' oracle, `tests/golf_oracle`), in one run: the seed's worked example and its three
//! problems, then random holes of 2, 3, 4 and 5 cards, laid out as the game deals them and
//! scattered anywhere (a `layout`, or a course after captured pieces went back). Prints times,
//! positions and how many pars each proved; asserts nothing about time.
//! Run: `cargo bench -p referee-rules --bench golf` (`-- quick` for fewer holes).

#[path = "../tests/golf_oracle/mod.rs"]
mod golf_oracle;

use golf_oracle::{Plain, PlainPar, plain_search};
use rules::cards::{Card, NamedDeck, lay_out};
use rules::geometry::Square;
use rules::golf::solver::{Budget, Par, Search, solve};
use rules::golf::{Course, Hole};
use rules::pieces::Piece;
use std::time::Instant;

/// The seed's holes: name, board, chosen pieces.
const SEED: [(&str, &str, &str); 4] = [
    ("worked example", "2B3R1/5k2/1r1n1N2/1r2b3/R5q1/1B1n1N2/b6K/5Q2", "Kb"),
    ("problem 1", "3R2b1/1Q3K1N/3R4/b5n1/N6B/3n2k1/1B2q2r/1r6", "bb"),
    ("problem 2", "5r1b/2n5/8/3Q4/Bk4n1/4N3/Rr1KR1B1/N4qb1", "nnr"),
    ("problem 3", "1N2b1b1/1nr2B2/3B3R/6k1/N5q1/4Qn2/2r3R1/5K2", "NNB"),
];

/// Positions the plain search may visit before it gives up.
const PLAIN_LIMIT: usize = 150_000;

/// A fixed xorshift stream, so every run deals the same holes.
struct Deal(u64);

impl Deal {
    fn below(&mut self, n: usize) -> usize {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        (self.0 % n as u64) as usize
    }

    fn shuffle<T>(&mut self, items: &mut [T]) {
        for i in (1..items.len()).rev() {
            items.swap(i, self.below(i + 1));
        }
    }

    /// A random hole of `cards` cards, laid out or scattered.
    fn hole(&mut self, cards: usize, scattered: bool) -> (Course, Hole) {
        let mut deck: Vec<Card> = NamedDeck::Pieces16.cards();
        self.shuffle(&mut deck);
        let course = if scattered {
            let mut squares: Vec<u8> = (0..64).collect();
            self.shuffle(&mut squares);
            Course::new(deck.iter().zip(squares).filter_map(|(c, s)| Some((Square::new(s), c.piece()?))))
        } else {
            Course::new(lay_out(&deck))
        };
        self.shuffle(&mut deck);
        (course, Hole::new(deck[..cards].iter().filter_map(|c| c.piece()).collect()))
    }
}

/// One search's answer, time and positions.
struct Run {
    answer: String,
    proven: bool,
    ms: f64,
    positions: u64,
}

fn solver(course: &Course, hole: &Hole, budget: Budget) -> Run {
    let t = Instant::now();
    let Search { par, positions } = solve(course, hole, budget);
    let ms = t.elapsed().as_secs_f64() * 1e3;
    let (answer, proven) = match par {
        Par::Solved(line) => (format!("par {}", line.len()), true),
        Par::Impossible => ("impossible".into(), true),
        Par::AtLeast(n) => (format!("at least {n}"), false),
    };
    Run { answer, proven, ms, positions }
}

fn plain(course: &Course, hole: &Hole) -> Run {
    let t = Instant::now();
    let (par, positions) = plain_search(&Plain::from_course(course, hole), PLAIN_LIMIT);
    let ms = t.elapsed().as_secs_f64() * 1e3;
    let (answer, proven) = match par {
        PlainPar::Moves(n) => (format!("par {n}"), true),
        PlainPar::Impossible => ("impossible".into(), true),
        PlainPar::AtLeast(n) => (format!("at least {n}"), false),
    };
    Run { answer, proven, ms, positions: positions as u64 }
}

fn seed_holes(budget: Budget) {
    println!("\nThe seed's holes (the book solves problems 1-3 in 6, 8 and 7 moves)");
    println!(
        "  {:<16}{:>14}{:>10}{:>12}  |{:>14}{:>10}{:>12}",
        "", "solver", "ms", "positions", "plain BFS", "ms", "positions"
    );
    for (name, board, chosen) in SEED {
        let course = Course::from_fen_board(board).expect("a board");
        let hole = Hole::new(chosen.chars().filter_map(Piece::from_fen_char).collect());
        let (s, p) = (solver(&course, &hole, budget), plain(&course, &hole));
        println!(
            "  {:<16}{:>14}{:>10.1}{:>12}  |{:>14}{:>10.0}{:>12}",
            format!("{name} {chosen}"),
            s.answer,
            s.ms,
            s.positions,
            p.answer,
            p.ms,
            p.positions
        );
    }
}

/// The value at fraction `q` of the sorted values.
fn quantile(sorted: &[f64], q: f64) -> f64 {
    sorted[((sorted.len() - 1) as f64 * q).round() as usize]
}

/// Solves `holes` random holes of `cards` cards, and the first `compared` also by the plain
/// search; prints one row.
fn random_row(deal: &mut Deal, cards: usize, scattered: bool, holes: usize, compared: usize, budget: Budget) {
    let (mut runs, mut unproven) = (Vec::new(), Vec::new());
    let (mut both, mut plain_proven) = ([0.0f64; 2], 0);
    let mut plain_positions = [0u64; 2];
    for n in 0..holes {
        let (course, hole) = deal.hole(cards, scattered);
        let s = solver(&course, &hole, budget);
        if n < compared {
            let p = plain(&course, &hole);
            plain_proven += usize::from(p.proven);
            both = [both[0] + s.ms, both[1] + p.ms];
            plain_positions = [plain_positions[0] + s.positions, plain_positions[1] + p.positions];
        }
        if !s.proven {
            let chosen: String = hole.chosen.iter().map(|p| p.fen_char()).collect();
            unproven.push(format!("{} {chosen}: {} after {:.0} ms", course.fen_board(), s.answer, s.ms));
        }
        runs.push(s);
    }
    let mut ms: Vec<f64> = runs.iter().map(|r| r.ms).collect();
    ms.sort_by(f64::total_cmp);
    let mut positions: Vec<f64> = runs.iter().map(|r| r.positions as f64).collect();
    positions.sort_by(f64::total_cmp);
    println!(
        "  {cards} {:<10}{:>4}/{:<4}{:>9.2}{:>9.1}{:>9.0}{:>10.0}{:>10.0}  |{:>4}/{:<4}{:>9.0}{:>10}{:>10}",
        if scattered { "scattered" } else { "dealt" },
        holes - unproven.len(),
        holes,
        quantile(&ms, 0.5),
        quantile(&ms, 0.99),
        quantile(&ms, 1.0),
        quantile(&positions, 0.5),
        quantile(&positions, 1.0),
        plain_proven,
        compared,
        both[1] / compared as f64,
        plain_positions[1] / compared as u64,
        format!("{:.0}x", both[1] / both[0]),
    );
    for line in unproven {
        println!("      not proven: {line}");
    }
}

fn main() {
    let quick = std::env::args().any(|a| a == "quick");
    let budget = Budget::default();
    println!(
        "Chess Golf par: the solver (budget {} positions, at most {} MiB) against the plain breadth-first search written apart (gives up past {PLAIN_LIMIT} positions)",
        budget.positions,
        budget.memory() >> 20
    );
    seed_holes(budget);
    let (holes, compared) = if quick { (60, 10) } else { (300, 30) };
    println!(
        "\nRandom holes: the solver on {holes} of each kind, the plain search on the first {compared}, the same holes"
    );
    println!(
        "  {:<12}{:>9}{:>9}{:>9}{:>9}{:>10}{:>10}  |{:>9}{:>9}{:>10}{:>10}",
        "cards",
        "proven",
        "med ms",
        "p99 ms",
        "max ms",
        "med pos",
        "max pos",
        "proven",
        "mean ms",
        "mean pos",
        "slower"
    );
    let mut deal = Deal(0x601F_C0DE);
    for cards in [2, 3, 4, 5] {
        for scattered in [false, true] {
            random_row(&mut deal, cards, scattered, holes, compared, budget);
        }
    }
}
