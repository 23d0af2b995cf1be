//! The Chess Golf solver against a textbook breadth-first search, in the same run, on the seed's
//! worked example and on random holes (random layouts of the sixteen piece cards, two and three
//! chosen cards). Prints times, positions visited and how many pars were proven; asserts nothing
//! about time. Run: `cargo bench -p referee-rules --bench golf` (`-- quick` for fewer holes).

use rules::cards::{Card, NamedDeck, lay_out};
use rules::golf::solver::{Budget, Par, Search, solve, solve_plain};
use rules::golf::{Course, Hole};
use std::time::{Duration, Instant};

const FIRST: &str = "2B3R1/5k2/1r1n1N2/1r2b3/R5q1/1B1n1N2/b6K/5Q2";

/// The seed's problems: board, chosen cards.
const PROBLEMS: [(&str, &str, &str); 3] = [
    ("problem 1", "3R2b1/1Q3K1N/3R4/b5n1/N6B/3n2k1/1B2q2r/1r6", "bb"),
    ("problem 2", "5r1b/2n5/8/3Q4/Bk4n1/4N3/Rr1KR1B1/N4qb1", "nnr"),
    ("problem 3", "1N2b1b1/1nr2B2/3B3R/6k1/N5q1/4Qn2/2r3R1/5K2", "NNB"),
];

/// A fixed xorshift stream, so every run deals the same holes.
struct Deal(u64);

impl Deal {
    fn below(&mut self, n: usize) -> usize {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        (self.0 % n as u64) as usize
    }

    fn shuffled(&mut self, mut cards: Vec<Card>) -> Vec<Card> {
        for i in (1..cards.len()).rev() {
            cards.swap(i, self.below(i + 1));
        }
        cards
    }
}

fn timed(f: impl FnOnce() -> Search) -> (Search, Duration) {
    let t = Instant::now();
    let s = f();
    (s, t.elapsed())
}

fn describe(par: &Par) -> String {
    match par {
        Par::Solved(line) => format!("par {}", line.len()),
        Par::Impossible => "impossible".into(),
        Par::AtLeast(n) => format!("at least {n}"),
    }
}

fn main() {
    let quick = std::env::args().any(|a| a == "quick");
    let budget = if quick { Budget { courses: 300_000 } } else { Budget::default() };
    println!(
        "Chess Golf solver: early goal test against a textbook breadth-first search (budget {} positions)",
        budget.courses
    );

    let first = Course::from_fen_board(FIRST).unwrap();
    let hole = Hole::new(
        vec!["K", "b"]
            .into_iter()
            .map(|c| rules::pieces::Piece::from_fen_char(c.chars().next().unwrap()).unwrap())
            .collect(),
    );
    let (fast, t_fast) = timed(|| solve(&first, &hole, budget));
    let (plain, t_plain) = timed(|| solve_plain(&first, &hole, budget));
    println!("\nthe seed's worked example (white king and black bishops)");
    println!("  {:<22}{:>14}{:>12}{:>14}", "", "answer", "ms", "positions");
    println!("  {:<22}{:>14}{:>12.2}{:>14}", "solver", describe(&fast.par), t_fast.as_secs_f64() * 1e3, fast.courses);
    println!(
        "  {:<22}{:>14}{:>12.2}{:>14}",
        "textbook BFS",
        describe(&plain.par),
        t_plain.as_secs_f64() * 1e3,
        plain.courses
    );
    println!("  speed-up {:.1}×", t_plain.as_secs_f64() / t_fast.as_secs_f64());

    println!("\nthe seed's three problems (the book's solutions: 6, 8 and 7 moves)");
    println!("  {:<12}{:<14}{:>14}{:>12}{:>14}", "", "", "answer", "ms", "positions");
    for (name, board, chosen) in PROBLEMS {
        let course = Course::from_fen_board(board).unwrap();
        let hole = Hole::new(chosen.chars().map(|c| rules::pieces::Piece::from_fen_char(c).unwrap()).collect());
        for (who, search) in [("solver", solve as fn(&Course, &Hole, Budget) -> Search), ("textbook BFS", solve_plain)]
        {
            let (s, t) = timed(|| search(&course, &hole, budget));
            println!("  {name:<12}{who:<14}{:>14}{:>12.0}{:>14}", describe(&s.par), t.as_secs_f64() * 1e3, s.courses);
        }
    }

    let holes = if quick { 60 } else { 300 };
    let deck = NamedDeck::Pieces16.cards();
    let mut deal = Deal(0x601F_C0DE);
    for cards in [2usize, 3] {
        let (mut t_solver, mut t_baseline) = (Duration::ZERO, Duration::ZERO);
        let (mut p_solver, mut p_baseline) = (0usize, 0usize);
        let mut pars = std::collections::BTreeMap::<String, usize>::new();
        let mut slowest = (Duration::ZERO, String::new());
        for _ in 0..holes {
            let layout = deal.shuffled(deck.clone());
            let course = Course::new(lay_out(&layout));
            let chosen = deal.shuffled(deck.clone())[..cards].iter().filter_map(|c| c.piece()).collect();
            let hole = Hole::new(chosen);
            let (fast, t1) = timed(|| solve(&course, &hole, budget));
            let (plain, t2) = timed(|| solve_plain(&course, &hole, budget));
            t_solver += t1;
            t_baseline += t2;
            p_solver += fast.courses;
            p_baseline += plain.courses;
            *pars.entry(describe(&fast.par)).or_default() += 1;
            if t1 > slowest.0 {
                slowest = (t1, format!("{} for {}", describe(&fast.par), course.fen_board()));
            }
        }
        println!("\n{holes} random holes with {cards} chosen cards");
        println!("  {:<22}{:>12}{:>16}{:>18}", "", "total s", "ms per hole", "positions/hole");
        let per = |t: Duration| t.as_secs_f64() * 1e3 / holes as f64;
        println!("  {:<22}{:>12.2}{:>16.1}{:>18}", "solver", t_solver.as_secs_f64(), per(t_solver), p_solver / holes);
        println!(
            "  {:<22}{:>12.2}{:>16.1}{:>18}",
            "textbook BFS",
            t_baseline.as_secs_f64(),
            per(t_baseline),
            p_baseline / holes
        );
        println!("  speed-up {:.1}×", t_baseline.as_secs_f64() / t_solver.as_secs_f64());
        let summary: Vec<String> = pars.iter().map(|(k, n)| format!("{k}: {n}")).collect();
        println!("  answers: {}", summary.join(", "));
        println!("  slowest: {:.0} ms, {}", slowest.0.as_secs_f64() * 1e3, slowest.1);
    }
}
