//! experiment
use rules::cards::{Card, NamedDeck, lay_out};
use rules::golf::solver::{Budget, Par, solve};
use rules::golf::{Course, Hole};
use std::time::Instant;

const PROBLEMS: [(&str, &str, &str); 3] = [
    ("problem 1", "3R2b1/1Q3K1N/3R4/b5n1/N6B/3n2k1/1B2q2r/1r6", "bb"),
    ("problem 2", "5r1b/2n5/8/3Q4/Bk4n1/4N3/Rr1KR1B1/N4qb1", "nnr"),
    ("problem 3", "1N2b1b1/1nr2B2/3B3R/6k1/N5q1/4Qn2/2r3R1/5K2", "NNB"),
];

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

fn describe(par: &Par) -> String {
    match par {
        Par::Solved(line) => format!("par {}", line.len()),
        Par::Impossible => "impossible".into(),
        Par::AtLeast(n) => format!("at least {n}"),
    }
}

fn main() {
    if let Ok(h) = std::env::var("ONE") {
        let (b, c) = h.split_once(" ").unwrap();
        one(b, c);
        return;
    }
    let budget = std::env::var("BUDGET").map(|b| Budget { positions: b.parse().unwrap() }).unwrap_or_default();
    for (name, board, chosen) in PROBLEMS {
        let course = Course::from_fen_board(board).unwrap();
        let hole = Hole::new(chosen.chars().map(|c| rules::pieces::Piece::from_fen_char(c).unwrap()).collect());
        let t = Instant::now();
        let s = solve(&course, &hole, budget);
        println!("{name}: {} {:.1} ms {} positions", describe(&s.par), t.elapsed().as_secs_f64() * 1e3, s.positions);
    }
    let n: usize = std::env::var("HOLES").ok().and_then(|s| s.parse().ok()).unwrap_or(40);
    let deck = NamedDeck::Pieces16.cards();
    let mut deal = Deal(0x601F_C0DE);
    let sizes: Vec<usize> =
        std::env::var("CARDS").map(|c| c.split(',').map(|x| x.parse().unwrap()).collect()).unwrap_or(vec![2, 3, 4, 5]);
    for cards in sizes {
        let mut times = Vec::new();
        let mut counts = Vec::new();
        let mut proven = 0;
        let mut worst = (0.0, String::new());
        for _ in 0..n {
            let layout = deal.shuffled(deck.clone());
            let course = if std::env::var("SCATTER").is_ok() {
                let mut squares: Vec<u8> = (0..64).collect();
                for i in (1..64).rev() {
                    squares.swap(i, deal.below(i + 1));
                }
                Course::new(
                    layout.iter().zip(squares).map(|(c, s)| (rules::geometry::Square::new(s), c.piece().unwrap())),
                )
            } else {
                Course::new(lay_out(&layout))
            };
            let chosen = deal.shuffled(deck.clone())[..cards].iter().filter_map(|c| c.piece()).collect();
            let hole = Hole::new(chosen);
            let t = Instant::now();
            let s = solve(&course, &hole, budget);
            let ms = t.elapsed().as_secs_f64() * 1e3;
            times.push(ms);
            counts.push(s.positions);
            if !matches!(s.par, Par::AtLeast(_)) {
                proven += 1;
            }
            if ms > worst.0 {
                let c: String = hole.chosen.iter().map(|p| p.fen_char()).collect();
                worst = (ms, format!("{} {} {} {}", describe(&s.par), s.positions, course.fen_board(), c));
            }
        }
        times.sort_by(|a, b| a.partial_cmp(b).unwrap());
        counts.sort();
        println!("  most positions: {:?} total {}", &counts[n.saturating_sub(10)..], counts.iter().sum::<u64>());
        println!("  slowest: {:?}", &times[n.saturating_sub(8)..].iter().map(|t| *t as u64).collect::<Vec<_>>());
        println!(
            "{cards} cards: proven {proven}/{n} median {:.1} ms worst {:.1} ms ({})",
            times[n / 2],
            worst.0,
            worst.1
        );
    }
}
#[allow(dead_code)]
fn one(board: &str, chosen: &str) {
    let course = Course::from_fen_board(board).unwrap();
    let hole = Hole::new(chosen.chars().map(|c| rules::pieces::Piece::from_fen_char(c).unwrap()).collect());
    let t = Instant::now();
    let s = solve(&course, &hole, Budget { positions: 50_000_000 });
    println!("{} {:.1} ms {} positions", describe(&s.par), t.elapsed().as_secs_f64() * 1e3, s.positions);
}
