//! The solitaires' pars (seed 000): Parade's proven on two hundred random deals with the rules'
//! budget; Neighbour's compared with a plain search through the game's own rules that prunes
//! nothing, its line played through the game, and never beaten by random games.
//! Pars of Chess Golf: `golf_solver.rs`.

mod support;

use rules::cards::{Card, NamedDeck};
use rules::game::{Game, SeatResult};
use rules::games::groups::Touch;
use rules::games::neighbour_solitaire::par::{self as neighbour_par, Deal};
use rules::games::neighbour_solitaire::state::position_deck;
use rules::games::neighbour_solitaire::{NeighbourSolitaire, NeighbourState, PAR_BUDGET};
use rules::games::parade_solitaire::par as parade_par;
use rules::random::NoRandomness;
use std::collections::{BTreeMap, HashSet};
use support::xorshift;

fn shuffled(mut cards: Vec<Card>, next: &mut impl FnMut() -> u64) -> Vec<Card> {
    for i in (1..cards.len()).rev() {
        cards.swap(i, (next() % (i as u64 + 1)) as usize);
    }
    cards
}

#[test]
fn parade_the_par_is_proven_on_two_hundred_random_deals_within_the_rules_budget() {
    let mut unproven = Vec::new();
    // The deals of `solitaires.rs`'s measurement (`parade_measure_the_par_search_on_five_hundred_deals`).
    for seed in 50_000..50_200u64 {
        let mut next = xorshift(seed.wrapping_mul(0x9E37_79B9_7F4A_7C15) | 1);
        let mut deck = shuffled(NamedDeck::Pieces16.cards(), &mut next);
        let hand = deck.split_off(8);
        let mut board = rules::chess::Board::empty();
        for (sq, piece) in rules::cards::lay_out(&deck) {
            board.put(sq, piece);
        }
        let budget = parade_par::Budget { positions: rules::games::parade_solitaire::PAR_BUDGET };
        let search = parade_par::solve(&parade_par::Deal { board, hand: &hand, counted: 0 }, budget);
        if matches!(search.par, parade_par::Par::NoProof { .. }) {
            unproven.push(seed);
        }
    }
    assert!(unproven.is_empty(), "deals without a proven par: {unproven:?}");
}

/// Random piles, top first.
fn neighbour_piles(seed: u64) -> (Vec<Card>, Vec<Card>) {
    let mut next = xorshift(seed.wrapping_mul(0xD1B5_4A32_D192_ED03) | 1);
    let pieces = shuffled(NamedDeck::Pieces16.cards(), &mut next);
    (pieces, shuffled(position_deck(), &mut next))
}

fn neighbour_par_of(pieces: &[Card], positions: &[Card], touch: Touch, budget: u64) -> neighbour_par::Search {
    neighbour_par::solve(&Deal { pieces, positions, touch }, neighbour_par::Budget { positions: budget })
}

/// The best score by a plain search through the game's own rules: every position, cheapest
/// first (an add spends two cards, a move one, a placement none), each once; `None` past
/// `limit` positions, `Some(None)` when no line wins.
fn plain_best(start: &NeighbourState, limit: usize) -> Option<Option<i64>> {
    let game = NeighbourSolitaire;
    let mut seen = HashSet::new();
    let mut queue: BTreeMap<u8, Vec<NeighbourState>> = BTreeMap::from([(0, vec![start.clone()])]);
    while let Some((spent, states)) = queue.pop_first() {
        for state in states {
            if !seen.insert(game.format_position(&state)) {
                continue;
            }
            if let Some(outcome) = &state.ended {
                if outcome.results[0] == SeatResult::Win {
                    return Some(Some(outcome.scores[0]));
                }
                continue;
            }
            if seen.len() > limit {
                return None;
            }
            for action in game.legal_actions(&state, 0) {
                let mut next = state.clone();
                game.apply(&mut next, 0, &action, &mut NoRandomness).expect("a legal action");
                let cost = 36 - next.cards_left();
                queue.entry(cost.max(spent)).or_default().push(next);
            }
        }
    }
    Some(None)
}

#[test]
fn neighbour_the_par_agrees_with_a_plain_search_through_the_games_rules_that_prunes_nothing() {
    let mut compared = 0;
    for seed in 0..60 {
        let touch = if seed % 3 == 2 { Touch::Sides } else { Touch::SidesAndCorners };
        let (pieces, positions) = neighbour_piles(seed);
        let Some(expected) = plain_best(&NeighbourState::deal(pieces.clone(), positions.clone(), touch), 40_000) else {
            continue;
        };
        let search = neighbour_par_of(&pieces, &positions, touch, PAR_BUDGET);
        match (search.par, expected) {
            (neighbour_par::Par::Proven { score, .. }, Some(best)) => assert_eq!(score, best, "deal {seed}"),
            (neighbour_par::Par::Impossible, None) => {}
            (neighbour_par::Par::NoProof { at_most }, Some(best)) => assert!(best <= at_most, "deal {seed}"),
            (par, expected) => panic!("deal {seed}: par {par:?}, plain search {expected:?}"),
        }
        compared += 1;
    }
    assert!(compared >= 15, "{compared} deals compared");
}

#[test]
fn neighbour_the_pars_line_played_through_the_game_wins_with_the_par() {
    let mut played = 0;
    for seed in 100..160 {
        let (pieces, positions) = neighbour_piles(seed);
        let search = neighbour_par_of(&pieces, &positions, Touch::SidesAndCorners, PAR_BUDGET);
        let neighbour_par::Par::Proven { score, line } = search.par else { continue };
        let mut state = NeighbourState::deal(pieces, positions, Touch::SidesAndCorners);
        for text in &line {
            let action =
                NeighbourSolitaire.parse_action(&state, 0, text).unwrap_or_else(|e| panic!("{seed} {text}: {e}"));
            NeighbourSolitaire.apply(&mut state, 0, &action, &mut NoRandomness).unwrap();
        }
        let outcome = state.ended.expect("the line ends the game");
        assert_eq!((outcome.results[0], outcome.scores[0]), (SeatResult::Win, score), "deal {seed}: {line:?}");
        played += 1;
    }
    assert!(played >= 30, "{played} lines played");
}

#[test]
fn neighbour_random_games_never_score_above_a_proven_par_and_the_game_offers_it_when_over() {
    let mut next = xorshift(0x5EED);
    for seed in 200..260 {
        let (pieces, positions) = neighbour_piles(seed);
        let search = neighbour_par_of(&pieces, &positions, Touch::SidesAndCorners, PAR_BUDGET);
        let mut state = NeighbourState::deal(pieces, positions, Touch::SidesAndCorners);
        assert!(NeighbourSolitaire.puzzles(&state, false).is_empty(), "no par before the game is over");
        while state.ended.is_none() {
            let actions = NeighbourSolitaire.legal_actions(&state, 0);
            let action = actions[next() as usize % actions.len()];
            NeighbourSolitaire.apply(&mut state, 0, &action, &mut NoRandomness).unwrap();
        }
        let outcome = state.ended.clone().unwrap();
        match search.par {
            neighbour_par::Par::Proven { score, .. } => assert!(outcome.scores[0] <= score, "deal {seed}"),
            neighbour_par::Par::NoProof { at_most } => assert!(outcome.scores[0] <= at_most, "deal {seed}"),
            neighbour_par::Par::Impossible => assert_ne!(outcome.results[0], SeatResult::Win),
        }
        assert_eq!(NeighbourSolitaire.puzzles(&state, true), vec!["deal"]);
        let par = NeighbourSolitaire.par(&state, "deal").expect("a par once over");
        assert_eq!(par.positions, search.positions, "the game's par is the same search");
    }
}

#[test]
fn neighbour_the_par_is_proven_on_more_than_half_the_random_deals_within_the_rules_budget() {
    let (mut proven, mut scores) = (0, BTreeMap::<i64, usize>::new());
    for seed in 300..400 {
        let (pieces, positions) = neighbour_piles(seed);
        let search = neighbour_par_of(&pieces, &positions, Touch::SidesAndCorners, PAR_BUDGET);
        if let neighbour_par::Par::Proven { score, .. } = search.par {
            proven += 1;
            *scores.entry(score).or_default() += 1;
        }
    }
    println!("neighbour pars: {proven} of 100 proven, scores {scores:?}");
    // Measured: 59 of 100; the others get "no proof" with a bound (docs/games/neighbour-solitaire.md).
    assert!(proven >= 55, "{proven} of 100 proven");
}
