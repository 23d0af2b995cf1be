//! The Chess Golf solver checked by a second opinion written apart from it (`golf_oracle`: the
//! rules of a hole on a plain 64-square array, moves found by walking rays, and a plain
//! breadth-first search). On hundreds of random holes of two to five cards, laid out as the game
//! deals them or scattered anywhere, both must agree on par (the same number of moves, or both
//! "impossible") wherever the plain search gets there within its limit, the solver's bound must
//! never pass the plain search's par, and every line the solver shows must be legal and finish
//! the hole under the plain rules. Nothing here uses the engine's move generation.

mod golf_oracle;
mod support;

use golf_oracle::{Plain, PlainPar, plain_line_finishes, plain_par, plain_search};
use rules::cards::{Card, NamedDeck, lay_out};
use rules::geometry::Square;
use rules::golf::solver::{Budget, Par, solve};
use rules::golf::{Course, Hole};
use rules::pieces::{Color, Piece, Role};

/// How a random hole's pieces stand.
#[derive(Copy, Clone)]
enum Layout {
    /// Laid out from a1 with the seed's gaps, as the game deals a round.
    Dealt,
    /// Anywhere: a `layout` option, or the course after captured pieces were put back.
    Scattered,
}

/// A random hole: the sixteen cards shuffled and placed, then `cards` of them dealt.
fn random_hole(next: &mut impl FnMut() -> u64, cards: usize, layout: Layout) -> (Course, Hole) {
    let mut shuffle = |items: &mut Vec<u8>| {
        for i in (1..items.len()).rev() {
            items.swap(i, (next() % (i as u64 + 1)) as usize);
        }
    };
    let deck: Vec<Card> = NamedDeck::Pieces16.cards();
    let mut order: Vec<u8> = (0..16).collect();
    shuffle(&mut order);
    let shuffled: Vec<Card> = order.iter().map(|i| deck[usize::from(*i)]).collect();
    let course = match layout {
        Layout::Dealt => Course::new(lay_out(&shuffled)),
        Layout::Scattered => {
            let mut squares: Vec<u8> = (0..64).collect();
            shuffle(&mut squares);
            Course::new(shuffled.iter().zip(squares).filter_map(|(c, s)| Some((Square::new(s), c.piece()?))))
        }
    };
    shuffle(&mut order);
    let chosen = order[..cards].iter().filter_map(|i| deck[usize::from(*i)].piece()).collect();
    (course, Hole::new(chosen))
}

/// What a comparison on random holes got through.
#[derive(Debug, Default)]
struct Compared {
    /// Holes where both searches proved the same answer.
    agreed: usize,
    /// Holes where the solver showed a line, checked under the plain rules.
    lines: usize,
    /// Holes the plain search gave up on (its bound checked against the solver's par).
    beyond: usize,
}

/// Compares the solver with the plain search on `holes` random holes; the plain search gives up
/// past `limit` positions, and then only its bound is checked against the solver's par.
fn agree_on_random_holes(cards: usize, layout: Layout, holes: usize, seed: u64, limit: usize) -> Compared {
    let mut next = support::xorshift(seed);
    let mut seen = Compared::default();
    for n in 0..holes {
        let (course, hole) = random_hole(&mut next, cards, layout);
        let plain = Plain::from_course(&course, &hole);
        let search = solve(&course, &hole, Budget::default());
        let what = format!("hole {n}: {} {:?}", course.fen_board(), hole.chosen);
        if let Par::Solved(line) = &search.par {
            assert!(plain_line_finishes(&plain, line), "{what}: the line {line:?} is not legal");
            seen.lines += 1;
        }
        match (&search.par, plain_search(&plain, limit).0) {
            (Par::Solved(line), PlainPar::Moves(moves)) => assert_eq!(line.len(), moves, "{what}"),
            (Par::Impossible, PlainPar::Impossible) => {}
            (Par::AtLeast(bound), PlainPar::Moves(moves)) => {
                assert!(*bound as usize <= moves, "{what}: bound {bound} > {moves}")
            }
            (Par::Solved(line), PlainPar::AtLeast(bound)) => {
                assert!(line.len() >= bound, "{what}: par {} < the plain bound {bound}", line.len());
                seen.beyond += 1;
                continue;
            }
            (Par::AtLeast(_), PlainPar::AtLeast(_)) => {
                seen.beyond += 1;
                continue;
            }
            (other, expected) => panic!("{what}: solver {other:?}, plain search {expected:?}"),
        }
        seen.agreed += 1;
    }
    seen
}

#[test]
fn the_solver_and_a_plain_search_written_apart_agree_on_three_hundred_two_card_holes() {
    let seen = agree_on_random_holes(2, Layout::Dealt, 300, 0x601f, 250_000);
    assert!(seen.agreed >= 290 && seen.lines == 300, "{seen:?}");
}

#[test]
fn the_solver_and_a_plain_search_written_apart_agree_on_two_card_holes_scattered_anywhere() {
    let seen = agree_on_random_holes(2, Layout::Scattered, 150, 0x5ca7, 250_000);
    assert!(seen.agreed >= 140 && seen.lines == 150, "{seen:?}");
}

#[test]
fn the_solver_and_a_plain_search_written_apart_agree_on_three_card_holes() {
    // Three-card holes are far larger: the plain search gives up on the hardest within its
    // limit, and there only its bound is checked.
    let dealt = agree_on_random_holes(3, Layout::Dealt, 50, 0x3c4d, 60_000);
    let scattered = agree_on_random_holes(3, Layout::Scattered, 50, 0x3c4e, 60_000);
    assert!(dealt.agreed >= 20 && scattered.agreed >= 20, "{dealt:?} {scattered:?}");
    assert!(dealt.lines == 50 && scattered.lines == 50, "{dealt:?} {scattered:?}");
}

#[test]
fn on_four_and_five_card_holes_every_line_is_legal_and_no_par_is_below_what_a_plain_search_rules_out() {
    // The plain search rarely reaches a par here: it proves how many moves are needed at least,
    // and the solver's par must not be fewer.
    for (cards, layout, seed) in [
        (4, Layout::Dealt, 0x4c4d),
        (4, Layout::Scattered, 0x4c4e),
        (5, Layout::Dealt, 0x5c4d),
        (5, Layout::Scattered, 0x5c4e),
    ] {
        let seen = agree_on_random_holes(cards, layout, 40, seed, 20_000);
        assert!(seen.lines >= 38, "{cards} cards: {seen:?}");
    }
}

#[test]
fn the_plain_rules_solve_the_seeds_first_example_in_three() {
    let course = Course::from_fen_board("2B3R1/5k2/1r1n1N2/1r2b3/R5q1/1B1n1N2/b6K/5Q2").unwrap();
    let hole = Hole::new(vec![Piece::new(Color::White, Role::King), Piece::new(Color::Black, Role::Bishop)]);
    assert_eq!(plain_par(&Plain::from_course(&course, &hole), 1_000_000), Some(Some(3)));
}

#[test]
fn the_solvers_lines_for_the_seeds_three_problems_are_legal_under_the_plain_rules() {
    let problems = [
        ("3R2b1/1Q3K1N/3R4/b5n1/N6B/3n2k1/1B2q2r/1r6", "bb", 5),
        ("5r1b/2n5/8/3Q4/Bk4n1/4N3/Rr1KR1B1/N4qb1", "nnr", 6),
        ("1N2b1b1/1nr2B2/3B3R/6k1/N5q1/4Qn2/2r3R1/5K2", "NNB", 6),
    ];
    for (board, chosen, par) in problems {
        let course = Course::from_fen_board(board).unwrap();
        let hole = Hole::new(chosen.chars().filter_map(Piece::from_fen_char).collect());
        let Par::Solved(line) = solve(&course, &hole, Budget::default()).par else { panic!("{chosen}: no par") };
        assert_eq!(line.len(), par, "{chosen}: {line:?}");
        assert!(plain_line_finishes(&Plain::from_course(&course, &hole), &line), "{chosen}: {line:?}");
    }
}
