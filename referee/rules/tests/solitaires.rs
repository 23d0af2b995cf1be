//! One test per rule of the two solitaires of seed 000, Parade Chess Solitaire and Neighbour
//! Chess Solitaire, with positions a reader can set up (FEN's placement, then the game's own
//! fields), the seed's worked examples, random games to their end, and the par search of
//! Parade against a plain search.

mod support;

use rules::cards::{Card, NamedDeck};
use rules::chess::Board;
use rules::game::ParAnswer;
use rules::game::{AnyState, ErrorCode, Game, SeatResult, Viewer};
use rules::games::groups::{Touch, groups};
use rules::games::parade_solitaire::par::{self, Budget, Deal, Par};
use rules::games::parade_solitaire::{ParadeAction, ParadeSolitaire, ParadeState, orders};
use rules::random::{Draw, NoRandomness, Replay};
use serde_json::{Value, json};
use support::{play_from, rules, xorshift};

const PARADE: &str = "parade-solitaire";

fn cards(text: &str) -> Vec<Card> {
    text.split_whitespace().map(|c| c.parse().unwrap()).collect()
}

/// The draws that make a shuffle of `deck` (in its order before shuffling) come out as
/// `order` (Fisher–Yates from the last card down, as `docs/randomness.md` specifies).
fn draws_for(mut deck: Vec<Card>, order: &[Card]) -> Vec<Draw> {
    let mut draws = Vec::new();
    for i in (1..deck.len()).rev() {
        let j = deck[..=i].iter().position(|c| *c == order[i]).unwrap();
        draws.push(Draw { bound: i as u32 + 1, value: j as u32 });
        deck.swap(i, j);
    }
    draws
}

fn public(id: &str, state: &AnyState) -> Value {
    serde_json::to_value(rules(id).view(state, Viewer::Seat(0))).unwrap()["game"].clone()
}

fn legal(id: &str, state: &AnyState) -> Vec<String> {
    rules(id).legal_actions(state, 0).into_iter().filter(|a| a != "resign").collect()
}

/// The squares the piece on `from` may be moved to, as listed.
fn targets(id: &str, state: &AnyState, from: &str) -> Vec<String> {
    let mut out: Vec<String> =
        legal(id, state).into_iter().filter_map(|a| a.strip_prefix(from).map(String::from)).collect();
    out.sort();
    out
}

// ---------------------------------------------------------------- Parade Chess Solitaire

/// The seed's setup example: the first pile, from the 9 and 10 of hearts to the 9 of spades.
const PARADE_PILE: &str = "9H 10H KS 10S 8S 8H 10C 9S";
/// The rest of the deck as the hand (Chess Golf's layout example goes on with these cards).
const PARADE_HAND: &str = "10D QS 9D 8C 8D 9C KH QH";
/// Where the seed's setup example puts the eight pieces.
const PARADE_LAID_OUT: &str = "8/8/8/8/1r2b3/1r1n1N2/5k2/2B3R1";

fn parade(position: &str) -> AnyState {
    rules(PARADE).parse_position(position).unwrap_or_else(|e| panic!("{position}: {e}"))
}

fn refusal(position: &str, action: &str) -> (ErrorCode, String) {
    let mut state = parade(position);
    let e = rules(PARADE).apply(&mut state, 0, action, &mut NoRandomness).unwrap_err();
    (e.code, e.message)
}

#[test]
fn parade_the_setup_example_lays_the_first_pile_out_from_c1_to_e4() {
    let order: Vec<Card> = cards(&format!("{PARADE_PILE} {PARADE_HAND}"));
    let draws = draws_for(NamedDeck::Pieces16.cards(), &order);
    let options = json!({});
    let state = rules(PARADE).setup(&options, &mut Replay::new(&draws)).unwrap();
    let game = public(PARADE, &state);
    assert_eq!(game["board"], PARADE_LAID_OUT, "c1, g1, f2, b3, d3, f3, b4, e4");
    assert_eq!(game["laid_out"], json!(cards(PARADE_PILE).iter().map(ToString::to_string).collect::<Vec<_>>()));
    assert_eq!((game["hand_left"].as_u64(), game["groups"].as_u64()), (Some(8), Some(6)));
    let hidden =
        serde_json::to_value(rules(PARADE).view(&state, Viewer::Everyone)).unwrap()["secrets"]["hidden"].clone();
    assert_eq!(hidden["hand"], json!(PARADE_HAND.split_whitespace().collect::<Vec<_>>()), "the hand, top first");
}

#[test]
fn parade_a_piece_moves_a_piece_of_the_other_colour_from_a_square_it_attacks_to_another() {
    let state = parade(&format!("{PARADE_LAID_OUT} 8 0"));
    // The seed: the black knight at d3 could move the white bishop from c1 to b2, e1, f4, e5 or c5.
    assert_eq!(targets(PARADE, &state, "c1"), ["b2", "c5", "e1", "e5", "f4"]);
    // The seed: the king could move either white piece next to it to any other square next to it.
    assert_eq!(targets(PARADE, &state, "g1"), ["e1", "e2", "e3", "f1", "g2", "g3"]);
    for square in ["e1", "f1", "e2", "g2", "e3", "g3"] {
        assert!(targets(PARADE, &state, "f3").contains(&square.to_string()), "the king moves the knight to {square}");
    }
    let (_, said) = play_from(PARADE, &format!("{PARADE_LAID_OUT} 8 0"), &["d3c1b2"]);
    assert_eq!(said, ["the black knight on d3 moves the white bishop c1→b2"]);
}

#[test]
fn parade_a_lifted_piece_no_longer_blocks_the_line_behind_it() {
    // The seed: the black bishop at e4 moves the white knight from f3 to g2, past the square
    // the knight stood on.
    let (state, said) = play_from(PARADE, &format!("{PARADE_LAID_OUT} 8 0"), &["e4f3g2"]);
    assert_eq!(said, ["the black bishop on e4 moves the white knight f3→g2"]);
    assert_eq!(public(PARADE, &state)["board"], "8/8/8/8/1r2b3/1r1n4/5kN1/2B3R1");
    assert!(targets(PARADE, &parade(&format!("{PARADE_LAID_OUT} 8 0")), "f3").contains(&"h1".to_string()));
}

#[test]
fn parade_refusals_say_which_rule_the_move_breaks() {
    let position = format!("{PARADE_LAID_OUT} 8 0");
    let illegal = ErrorCode::IllegalAction;
    let rows: [(&str, ErrorCode, &str); 10] = [
        ("d3c1d2", illegal, "The black knight on d3 does not attack d2, so it cannot put the white bishop there."),
        ("b3c1b2", illegal, "The black rook on b3 does not attack c1, so it cannot move the white bishop."),
        (
            "g1f3e5",
            illegal,
            "The white rook on g1 may move only pieces of the other colour, and the white knight on f3 is its own colour.",
        ),
        ("c1d3", illegal, "The black knight on d3 is in the way: a piece goes only to an empty square."),
        ("d3c1c1", illegal, "The white bishop must go to another square than c1."),
        ("a1b2", illegal, "There is no piece on a1."),
        ("h8c1b2", illegal, "There is no piece on h8 to give the order."),
        ("b3b2", illegal, "No white piece attacks b3, so nothing can move the black rook."),
        ("c1a3", illegal, "No black piece that attacks c1 also attacks a3, so the white bishop cannot go there."),
        (
            "x9",
            ErrorCode::BadNotation,
            "\"x9\" is not a Parade action: write add, or a move as the piece's square and where it goes (c1b2), optionally after the square of the piece that orders it (d3c1b2).",
        ),
    ];
    for (action, code, message) in rows {
        assert_eq!(refusal(&position, action), (code, message.to_string()), "{action}");
    }
}

#[test]
fn parade_an_added_piece_goes_after_the_last_occupied_square_leaving_its_gap() {
    // The seed: with the black bishop the farthest piece (here on e7), the 8 of diamonds puts a
    // white knight on g7, a one-square gap after the bishop.
    let (state, said) = play_from(PARADE, "8/4b3/8/8/1r6/1r1n1N2/5k2/2B3R1 1 0 8D", &["add"]);
    assert_eq!(said, ["adds the white knight (8D) on g7"]);
    assert_eq!(public(PARADE, &state)["board"], "8/4b1N1/8/8/1r6/1r1n1N2/5k2/2B3R1");
    // After the setup example the queen of spades leaves five empty squares after e4: c5.
    let (state, said) = play_from(PARADE, &format!("{PARADE_LAID_OUT} 2 0 QS,9D"), &["add"]);
    assert_eq!(said, ["adds the black queen (QS) on c5"]);
    assert_eq!(public(PARADE, &state)["added"], json!(["QS"]));
    // The seed's own example, after its own layout: the rule puts the 8 of diamonds on g4, one
    // square after the black bishop on e4 (the seed's text says g7; the rule wins).
    let (_, said) = play_from(PARADE, &format!("{PARADE_LAID_OUT} 2 0 8D,9D"), &["add"]);
    assert_eq!(said, ["adds the white knight (8D) on g4"]);
}

#[test]
fn parade_an_add_past_h8_wraps_to_a1_and_passes_over_occupied_squares() {
    // After g8, a rook's gap of three counts h8, b1 and c1 (a1 is taken): the rook goes to d1.
    let (state, said) = play_from(PARADE, "6b1/8/8/8/8/8/8/K7 1 0 10D", &["add"]);
    assert_eq!(said, ["adds the white rook (10D) on d1"]);
    assert_eq!(public(PARADE, &state)["board"], "6b1/8/8/8/8/8/8/K2R4");
}

#[test]
fn parade_every_action_spends_the_top_card_moves_face_down_and_adds_face_up() {
    let (state, _) = play_from(PARADE, &format!("{PARADE_LAID_OUT} 3 0 QS,9D,8C"), &["d3c1b2", "add"]);
    let game = public(PARADE, &state);
    // The move spent QS face down; the add flipped the next card, 9D.
    assert_eq!((game["hand_left"].as_u64(), game["face_down"].as_u64()), (Some(1), Some(1)));
    assert_eq!(game["added"], json!(["9D"]));
    let view = serde_json::to_value(rules(PARADE).view(&state, Viewer::Seat(0))).unwrap();
    assert!(
        !view.to_string().contains("QS") && !view.to_string().contains("8C"),
        "face-down and hand cards stay hidden"
    );
}

#[test]
fn parade_one_group_side_by_side_wins_and_scores_the_cards_left() {
    // The king on b2 and the rook on a1 touch only at a corner: not one group yet.
    let state = parade("8/8/8/8/8/8/1k6/R7 3 0");
    assert!(rules(PARADE).outcome(&state).is_none(), "diagonal neighbours don't count");
    let (state, said) = play_from(PARADE, "8/8/8/8/8/8/1k6/R7 3 0", &["b2a1b1"]);
    assert_eq!(said, ["the black king on b2 moves the white rook a1→b1"]);
    let outcome = rules(PARADE).outcome(&state).unwrap();
    assert_eq!((outcome.results, outcome.scores), (vec![SeatResult::Win], vec![2]));
    assert_eq!(outcome.reason, "one connected group with 2 cards left: 2 points");
}

#[test]
fn parade_once_the_hand_is_out_only_moves_remain_each_counting_a_point_against() {
    let position = "8/8/8/8/8/8/1k6/R7 0 0";
    assert!(!legal(PARADE, &parade(position)).contains(&"add".to_string()));
    assert_eq!(
        refusal(position, "add"),
        (
            ErrorCode::IllegalAction,
            "Your hand is out: you may only move pieces now, each move counting a card against you.".into()
        )
    );
    let (state, _) = play_from(PARADE, "8/8/8/8/8/8/1k6/R7 0 4", &["b2a1a2"]);
    let outcome = rules(PARADE).outcome(&state).unwrap();
    assert_eq!((outcome.results, outcome.scores), (vec![SeatResult::Win], vec![-5]));
    assert_eq!(outcome.reason, "one connected group after counting 5 cards: -5 points");
}

#[test]
fn parade_the_game_is_lost_when_all_sixteen_cards_are_counted_or_nothing_can_move() {
    let (state, _) = play_from(PARADE, "8/8/8/8/8/8/1k6/R7 0 15", &["b2a1c1"]);
    let outcome = rules(PARADE).outcome(&state).unwrap();
    assert_eq!((outcome.results, outcome.scores), (vec![SeatResult::Loss], vec![-16]));
    assert_eq!(outcome.reason, "all sixteen cards are counted and the pieces stand in 2 groups");
    // Two rooks that attack nothing, with the hand out: nothing can ever move.
    let outcome = rules(PARADE).outcome(&parade("8/8/8/8/8/2r5/8/R7 0 0")).unwrap();
    assert_eq!(outcome.results, vec![SeatResult::Loss]);
    assert_eq!(outcome.reason, "the hand is out, no piece can move another, and the pieces stand in 2 groups");
}

#[test]
fn parade_positions_read_back_as_written_and_impossible_ones_are_refused() {
    let text = format!("{PARADE_LAID_OUT} 8 0 {}", PARADE_HAND.replace(' ', ","));
    assert_eq!(rules(PARADE).format_position(&parade(&text)), text);
    let bad = |position: &str| rules(PARADE).parse_position(position).err().unwrap().message;
    assert_eq!(bad("8/8/8/8/8/8/PPk5/R7 8 0"), "Parade Chess Solitaire is played without pawns");
    assert_eq!(bad("8/8/8/8/8/8/1k6/R7 2 0 QS"), "the hand holds 2 cards but its field lists 1");
    assert_eq!(bad("8/8/8/8/8/8/1k6/R7 1 3"), "cards are counted only once the hand is out");
    assert_eq!(bad("8/8/8/8/8/8/1k6/R7 1 0 KS"), "the cards give only 1 black king");
}

#[test]
fn parade_an_add_in_a_position_without_its_hand_needs_a_refereed_game() {
    assert_eq!(refusal(&format!("{PARADE_LAID_OUT} 8 0"), "add").0, ErrorCode::NeedsGame);
    let verdict = rules(PARADE).adjudicate(&format!("{PARADE_LAID_OUT} 8 0"), "add").unwrap();
    assert!(verdict.legal, "{verdict:?}");
}

// ---------------------------------------------------------------- Parade's par

/// A deal from a seeded shuffle: the first eight cards laid out, the other eight the hand.
fn random_deal(seed: u64) -> (Vec<Card>, Vec<Card>) {
    let mut next = xorshift(seed.wrapping_mul(0x9E37_79B9_7F4A_7C15) | 1);
    let mut deck = NamedDeck::Pieces16.cards();
    for i in (1..deck.len()).rev() {
        deck.swap(i, (next() % (i as u64 + 1)) as usize);
    }
    let hand = deck.split_off(8);
    (deck, hand)
}

fn laid_out(pile: &[Card]) -> Board {
    let mut board = Board::empty();
    for (sq, piece) in rules::cards::lay_out(pile) {
        board.put(sq, piece);
    }
    board
}

/// Plays `line` in `state` through the game, returning the outcome's score.
fn play_line(state: &mut ParadeState, line: &[String]) -> i64 {
    for action in line {
        let parsed = ParadeSolitaire.parse_action(state, 0, action).unwrap_or_else(|e| panic!("{action}: {e}"));
        ParadeSolitaire.apply(state, 0, &parsed, &mut NoRandomness).unwrap();
    }
    state.ended.as_ref().expect("the line ends the game").scores[0]
}

/// The par of a deal, searched within `budget` positions.
fn par_of(pile: &[Card], hand: &[Card], budget: u64) -> par::Search {
    par::solve(&Deal { board: laid_out(pile), hand, counted: 0 }, Budget { positions: budget })
}

#[test]
fn parade_the_par_of_the_setup_example_is_proven_and_its_line_reaches_it() {
    let mut state = ParadeState::deal(&cards(PARADE_PILE), &cards(PARADE_HAND));
    let search = par_of(&cards(PARADE_PILE), &cards(PARADE_HAND), 200_000);
    let Par::Proven { score, line } = search.par else { panic!("{:?}", search.par) };
    let line: Vec<String> = line.iter().map(ToString::to_string).collect();
    assert_eq!(line.len() as i64, 8 - score, "each action spends one card");
    assert_eq!(play_line(&mut state, &line), score);
    assert_eq!(state.ended.as_ref().unwrap().results, vec![SeatResult::Win]);
}

#[test]
fn parade_the_par_is_shown_only_once_the_game_is_over() {
    let search = par_of(&cards(PARADE_PILE), &cards(PARADE_HAND), 200_000);
    let Par::Proven { line, .. } = search.par else { panic!() };
    let line: Vec<String> = line.iter().map(ToString::to_string).collect();
    let wrapped =
        rules(PARADE).parse_position(&format!("{PARADE_LAID_OUT} 8 0 {}", PARADE_HAND.replace(' ', ","))).unwrap();
    assert!(rules(PARADE).puzzles(&wrapped).is_empty(), "a position read from text has no par");
    // Through the registry: the same deal, played along the par's line.
    let order = cards(&format!("{PARADE_PILE} {PARADE_HAND}"));
    let draws = draws_for(NamedDeck::Pieces16.cards(), &order);
    let mut game = rules(PARADE).setup(&Value::Null, &mut Replay::new(&draws)).unwrap();
    assert!(rules(PARADE).puzzles(&game).is_empty(), "hidden while the game goes on");
    for action in &line {
        rules(PARADE).apply(&mut game, 0, action, &mut NoRandomness).unwrap();
    }
    assert_eq!(rules(PARADE).puzzles(&game), vec!["deal"]);
    // A player who gives up is shown the par too: the deal is the same.
    let mut given_up = rules(PARADE).setup(&Value::Null, &mut Replay::new(&draws)).unwrap();
    rules(PARADE).apply(&mut given_up, 0, "resign", &mut NoRandomness).unwrap();
    assert_eq!(rules(PARADE).puzzles(&given_up), vec!["deal"]);
    let shown = rules(PARADE).par(&game, "deal").unwrap();
    let ParAnswer::Score { line: shown_line, .. } = &shown.answer else { panic!("{shown:?}") };
    assert_eq!(shown_line, &line);
}

/// The fewest actions that form one group from `board` with `hand`, by a breadth-first search
/// that tries every action of every position and prunes nothing, up to `most` actions.
fn plain_fewest_actions(board: Board, hand: &[Card], most: usize) -> Option<usize> {
    let mut layer = vec![board];
    for depth in 0..most {
        let mut next = std::collections::HashSet::new();
        for b in &layer {
            let card = hand.get(depth).and_then(|c| c.piece());
            let added = card.and_then(|p| orders::added(b, p)).map(|(after, _)| after);
            let moved = orders::moves(b).into_iter().map(|(f, t)| orders::moved(b, f, t));
            for after in added.into_iter().chain(moved) {
                if orders::one_group(&after) {
                    return Some(depth + 1);
                }
                next.insert(after);
            }
        }
        layer = next.into_iter().collect();
    }
    None
}

#[test]
fn parade_the_par_search_agrees_with_a_search_that_prunes_nothing() {
    let mut compared = 0;
    for seed in 0..100 {
        let (pile, hand) = random_deal(seed);
        let board = laid_out(&pile);
        let search = par::solve(&Deal { board, hand: &hand, counted: 0 }, Budget { positions: 200_000 });
        let Par::Proven { score, line } = search.par else { continue };
        let actions = (8 - score) as usize;
        assert_eq!(line.len(), actions);
        if actions <= 3 {
            assert_eq!(plain_fewest_actions(board, &hand, actions), Some(actions), "deal {seed}: {line:?}");
            compared += 1;
        }
    }
    assert!(compared >= 8, "only {compared} deals short enough to compare");
}

#[test]
fn parade_a_finishing_move_is_found_exactly_when_one_move_forms_one_group() {
    for seed in 0..30 {
        let (pile, _) = random_deal(seed + 100);
        let board = laid_out(&pile);
        let mut next = xorshift(seed + 7);
        // Walk a few random moves and compare at every step.
        let mut b = board;
        for _ in 0..6 {
            let any = orders::moves(&b).into_iter().any(|(f, t)| orders::one_group(&orders::moved(&b, f, t)));
            let found = par::finishing_move(&b);
            assert_eq!(found.is_some(), any, "{}", rules::games::parade_solitaire::state::placement(&b));
            if let Some((f, t)) = found {
                assert!(orders::one_group(&orders::moved(&b, f, t)));
            }
            let moves = orders::moves(&b);
            if moves.is_empty() {
                break;
            }
            let (f, t) = moves[next() as usize % moves.len()];
            b = orders::moved(&b, f, t);
        }
    }
}

#[test]
fn parade_the_bound_on_pieces_to_join_groups_is_never_more_than_needed() {
    let squares = |text: &str| -> Vec<rules::geometry::Bitboard> {
        text.split('|')
            .map(|g| g.split_whitespace().map(|s| s.parse::<rules::geometry::Square>().unwrap()).collect())
            .collect()
    };
    // Two pieces three steps apart need two between them.
    assert_eq!(par::cells_to_join(&squares("a1|d1")), 2);
    // Three groups round one square: one piece joins them.
    assert_eq!(par::cells_to_join(&squares("a2|c2|b3")), 1);
    // Four groups round one square: still one.
    assert_eq!(par::cells_to_join(&squares("d3|f3|e2|e4")), 1);
    // Far corners: the distance bound.
    assert!(par::cells_to_join(&squares("a1|h8")) == 13);
}

/// A game of the deal played to its end by a player who, half the time, takes an action that
/// leaves the fewest groups, and otherwise any action: (the score, whether won).
fn random_game(state: &mut ParadeState, seed: u64) -> (i64, bool) {
    let mut next = xorshift(seed | 1);
    let groups_after = |state: &ParadeState, action: &ParadeAction| {
        let mut after = state.clone();
        ParadeSolitaire.apply(&mut after, 0, action, &mut NoRandomness).unwrap();
        groups(after.board.occupied(), Touch::Sides).len()
    };
    while state.ended.is_none() {
        let mut actions = ParadeSolitaire.legal_actions(state, 0);
        if next().is_multiple_of(2) {
            let fewest = actions.iter().map(|a| groups_after(state, a)).min().unwrap();
            actions.retain(|a| groups_after(state, a) == fewest);
        }
        let action = actions[next() as usize % actions.len()];
        ParadeSolitaire.apply(state, 0, &action, &mut NoRandomness).unwrap();
    }
    let outcome = state.ended.as_ref().unwrap();
    (outcome.scores[0], outcome.results[0] == SeatResult::Win)
}

#[test]
fn parade_random_games_score_by_the_rules_and_never_beat_a_proven_par() {
    let (mut won, mut proven) = (0, 0);
    for seed in 0..150 {
        let (pile, hand) = random_deal(seed + 1000);
        let dealt = ParadeState::deal(&pile, &hand);
        let search = par_of(&pile, &hand, 50_000);
        for game in 0..4 {
            let mut state = dealt.clone();
            let (score, win) = random_game(&mut state, seed * 4 + game);
            let spent = i64::from(8 - state.hand_left) + i64::from(state.counted);
            if win {
                won += 1;
                assert_eq!(score, 8 - spent, "a win scores the cards left, or minus the cards counted");
                assert!(orders::one_group(&state.board));
            } else {
                assert_eq!(score, -16, "a loss scores minus the whole count");
                assert!(state.counted == 16 || orders::moves(&state.board).is_empty());
            }
            if let Par::Proven { score: par, .. } = &search.par {
                assert!(score <= *par, "deal {seed}: scored {score} above its par {par}");
                proven += 1;
            }
            if let Par::NoProof { at_most } = &search.par {
                assert!(score <= *at_most);
            }
        }
    }
    assert!(won > 50 && proven > 400, "{won} won, {proven} compared with a proven par");
}

/// How often the default budget proves the par, over `deals` random deals: printed, with the
/// positions the searches expanded. Run with
/// `cargo test -p referee-rules --release --test solitaires -- --ignored --nocapture`.
fn measure_par(deals: u64) -> (u64, u64) {
    let budget = rules::games::parade_solitaire::PAR_BUDGET;
    let mut counts = std::collections::BTreeMap::new();
    let mut positions = Vec::new();
    let mut proven = 0;
    for seed in 0..deals {
        let (pile, hand) = random_deal(seed + 50_000);
        let search =
            par::solve(&Deal { board: laid_out(&pile), hand: &hand, counted: 0 }, Budget { positions: budget });
        let key = match search.par {
            Par::Proven { score, .. } => {
                proven += 1;
                format!("par {score}")
            }
            Par::NoProof { at_most } => format!("no proof (at most {at_most})"),
            Par::Impossible => "impossible".to_string(),
        };
        *counts.entry(key).or_insert(0) += 1;
        positions.push(search.positions);
    }
    positions.sort_unstable();
    let at = |q: f64| positions[((positions.len() - 1) as f64 * q) as usize];
    println!("{deals} deals, budget {budget} positions: {proven} proven; {counts:?}");
    println!("positions expanded: median {}, 90% {}, 99% {}, most {}", at(0.5), at(0.9), at(0.99), at(1.0));
    (proven, deals)
}

#[test]
fn parade_the_default_budget_proves_the_par_of_most_deals() {
    let (proven, deals) = measure_par(30);
    assert!(proven * 10 >= deals * 9, "{proven} of {deals}");
}

#[test]
#[ignore = "a measurement of a few hundred deals for the rules page; run it in release"]
fn parade_measure_the_par_search_on_five_hundred_deals() {
    measure_par(500);
}

#[test]
fn parade_a_players_view_is_the_same_whatever_the_order_of_the_hand() {
    // The hand's order is the referee's: changing it in a saved game changes nothing the
    // player sees or is told, until a card is flipped.
    let game = rules(PARADE);
    let view = |s: &AnyState| serde_json::to_value(game.view(s, Viewer::Seat(0))).unwrap();
    let told = |s: &AnyState, attempt: &str| {
        game.apply(&mut game.clone_state(s), 0, attempt, &mut NoRandomness)
            .map(|a| a.description)
            .map_err(|e| e.message)
    };
    for seed in 0..20u64 {
        let key = rules::random::GameKey([seed as u8; 32]);
        let mut state = game.setup(&json!({}), &mut rules::random::EventRng::new(key, 0)).unwrap();
        let mut next = xorshift(seed + 1);
        while game.outcome(&state).is_none() {
            let mut saved = game.save(&state);
            saved["game"]["hand"].as_array_mut().unwrap().reverse();
            let other = game.load(&saved).unwrap();
            assert_eq!(view(&state), view(&other));
            for attempt in ["a1b2", "c3d4e5", "zz"] {
                assert_eq!(told(&state, attempt), told(&other, attempt));
            }
            // Moves only: an add would flip a different card.
            let moves: Vec<String> = legal(PARADE, &state).into_iter().filter(|a| a != "add").collect();
            if moves.is_empty() {
                break;
            }
            game.apply(&mut state, 0, &moves[next() as usize % moves.len()], &mut NoRandomness).unwrap();
        }
    }
}

// ---------------------------------------------------------------- Neighbour Chess Solitaire

const NEIGHBOUR: &str = "neighbour-solitaire";

fn neighbour(position: &str) -> AnyState {
    rules(NEIGHBOUR).parse_position(position).unwrap_or_else(|e| panic!("{position}: {e}"))
}

fn neighbour_refusal(position: &str, action: &str) -> (ErrorCode, String) {
    let mut state = neighbour(position);
    let e = rules(NEIGHBOUR).apply(&mut state, 0, action, &mut NoRandomness).unwrap_err();
    (e.code, e.message)
}

fn stage(id: &str, state: &AnyState) -> String {
    rules(id).turn(state).single().map(|a| a.stage.to_string()).unwrap_or_default()
}

#[test]
fn neighbour_setup_shuffles_both_piles_and_the_first_action_is_an_add() {
    let pieces = cards("8H 9S KS 10D QH 8C 9D 10S KH 8S QS 9H 10C 8D 9C 10H");
    let positions = cards("4H 3S 2C 6D 5H 2S 3H 4C 5D 6S 2H 3D 4S 5C 6H 2D 3C 4D 5S 6C");
    let mut draws = draws_for(NamedDeck::Pieces16.cards(), &pieces);
    let deck: Vec<Card> = Card::standard_deck().into_iter().filter(|c| (2..=6).contains(&c.rank)).collect();
    assert_eq!(deck.len(), 20, "the 2 to 6 of every suit");
    draws.extend(draws_for(deck, &positions));
    let state = rules(NEIGHBOUR).setup(&Value::Null, &mut Replay::new(&draws)).unwrap();
    let hidden =
        serde_json::to_value(rules(NEIGHBOUR).view(&state, Viewer::Everyone)).unwrap()["secrets"]["hidden"].clone();
    assert_eq!(hidden["pieces"].as_array().unwrap().len(), 16);
    assert_eq!(hidden["positions"][0], "4H", "each pile is shuffled on its own, top first");
    let game = public(NEIGHBOUR, &state);
    assert_eq!((game["board"].as_str(), game["score_now"].as_u64()), (Some("8/8/8/8/8/8/8/8"), Some(36)));
    assert_eq!(legal(NEIGHBOUR, &state), ["add"]);
    assert_eq!(stage(NEIGHBOUR, &state), "add");
}

#[test]
fn neighbour_a_piece_is_held_above_the_last_one_added_and_sent_right_by_red_and_up_by_black() {
    let (state, said) = play_from(NEIGHBOUR, "8/8/8/8/8/8/8/8 add 2 2 - pieces:8H,9S positions:4H,3S", &["add", "add"]);
    assert_eq!(
        said,
        [
            "flips the white knight (8H) and 4H: from a1, 4 squares right, to e1",
            "flips the black bishop (9S) and 3S: from e1, 3 squares up, to e4",
        ]
    );
    assert_eq!(public(NEIGHBOUR, &state)["board"], "8/8/8/8/4b3/8/8/4N3");
}

#[test]
fn neighbour_a_card_that_runs_off_the_edge_goes_round_to_the_other_side() {
    let (state, _) = play_from(NEIGHBOUR, "8/8/8/8/8/8/8/6N1 add 1 1 g1 pieces:8S positions:4D", &["add"]);
    assert_eq!(public(NEIGHBOUR, &state)["board"], "8/8/8/8/8/8/8/2n3N1", "g1, four right: h1, a1, b1, c1");
    let (state, _) = play_from(NEIGHBOUR, "8/8/6N1/8/8/8/8/8 add 1 1 g6 pieces:8S positions:5C", &["add"]);
    assert_eq!(public(NEIGHBOUR, &state)["board"], "8/8/6N1/8/8/6n1/8/8", "g6, five up: g7, g8, g1, g2, g3");
}

#[test]
fn neighbour_a_piece_sent_to_a_taken_square_is_placed_on_a_free_neighbour_of_the_players_choice() {
    let position = "8/8/8/8/3N2rb/8/8/8 add 1 1 d4 pieces:8S positions:4H";
    let (state, said) = play_from(NEIGHBOUR, position, &["add"]);
    assert_eq!(
        said,
        [
            "flips the black knight (8S) and 4H: from d4, 4 squares right, to h4, which is taken: place it on g3, h3, g5 or h5"
        ]
    );
    assert_eq!(stage(NEIGHBOUR, &state), "place");
    assert_eq!(legal(NEIGHBOUR, &state), ["place g3", "place h3", "place g5", "place h5"], "no going round the edge");
    let mut refused = rules(NEIGHBOUR).clone_state(&state);
    let e = rules(NEIGHBOUR).apply(&mut refused, 0, "place e1", &mut NoRandomness).unwrap_err();
    assert_eq!(e.message, "Place the black knight first, on one of the free squares nearest h4: g3, h3, g5 or h5.");
    let mut state = state;
    let applied = rules(NEIGHBOUR).apply(&mut state, 0, "place g5", &mut NoRandomness).unwrap();
    assert_eq!(applied.description, "places the black knight on g5");
    assert_eq!(public(NEIGHBOUR, &state)["last_added"], "g5", "the next piece is held above it");
}

#[test]
fn neighbour_when_every_neighbour_is_taken_their_neighbours_are_the_choices() {
    // Sent to a1 (e1, four right, round the edge): a1, a2, b1 and b2 are taken.
    let (state, _) = play_from(NEIGHBOUR, "8/8/8/8/8/8/rn6/RN2B3 add 1 1 e1 pieces:8H positions:4D", &["add"]);
    assert_eq!(legal(NEIGHBOUR, &state), ["place c1", "place c2", "place a3", "place b3", "place c3"]);
}

#[test]
fn neighbour_with_one_free_square_nearest_the_piece_goes_there() {
    let (state, said) = play_from(NEIGHBOUR, "3B2rr/6n1/8/8/8/8/8/8 add 1 1 d8 pieces:8H positions:4D", &["add"]);
    assert_eq!(
        said,
        [
            "flips the white knight (8H) and 4D: from d8, 4 squares right, to h8, which is taken: it goes to h7, the only free square nearest"
        ]
    );
    assert_eq!(public(NEIGHBOUR, &state)["board"], "3B2rr/6nN/8/8/8/8/8/8");
}

#[test]
fn neighbour_after_any_add_the_player_may_stop_adding_and_move_but_never_add_again() {
    let position = "8/8/8/8/8/2N5/2R1b3/8 add 3 3 c3 pieces:8H,9S,KS positions:4H,3S,2C";
    let state = neighbour(position);
    let actions = legal(NEIGHBOUR, &state);
    assert!(actions.contains(&"add".to_string()) && actions.contains(&"c3b3".to_string()), "{actions:?}");
    let (state, _) = play_from(NEIGHBOUR, position, &["c3b3"]);
    assert_eq!(stage(NEIGHBOUR, &state), "move");
    let mut state = state;
    let e = rules(NEIGHBOUR).apply(&mut state, 0, "add", &mut NoRandomness).unwrap_err();
    assert_eq!(e.message, "You have stopped adding: from now on you only move pieces.");
}

/// A white rook on e5 beside a white knight on e4, a black bishop beside the knight on d4, a
/// lone black knight on a8; adding has stopped.
const NEIGHBOURS: &str = "n7/8/8/4R3/3bN3/8/8/8 move 5 5 -";

#[test]
fn neighbour_a_piece_moves_only_as_a_neighbour_of_its_own_colour_does() {
    let state = neighbour(NEIGHBOURS);
    // The knight borrows the rook's move (the bishop beside it is the other colour), blocked
    // by the bishop and the rook themselves; the rook borrows the knight's.
    assert_eq!(targets(NEIGHBOUR, &state, "e4"), ["e1", "e2", "e3", "f4", "g4", "h4"]);
    assert_eq!(targets(NEIGHBOUR, &state, "e5"), ["c4", "c6", "d3", "d7", "f3", "f7", "g4", "g6"]);
    assert!(
        targets(NEIGHBOUR, &state, "d4").is_empty() && targets(NEIGHBOUR, &state, "a8").is_empty(),
        "no neighbour of their colour"
    );
    let (state, said) = play_from(NEIGHBOUR, NEIGHBOURS, &["e4e1"]);
    assert_eq!(said, ["the white knight e4→e1, borrowing the rook's move"]);
    assert_eq!(public(NEIGHBOUR, &state)["board"], "n7/8/8/4R3/3b4/8/8/4N3");
}

#[test]
fn neighbour_every_move_spends_a_card_from_the_piece_pile_then_the_position_pile() {
    let (state, _) = play_from(NEIGHBOUR, "n7/8/8/4R3/3bN3/8/8/8 move 1 3 -", &["e4f4", "f4e4"]);
    let game = public(NEIGHBOUR, &state);
    assert_eq!(
        (game["pieces_left"].as_u64(), game["positions_left"].as_u64(), game["spent"].as_u64()),
        (Some(0), Some(2), Some(2))
    );
    assert_eq!(game["score_now"], 2);
}

#[test]
fn neighbour_refusals_say_which_rule_the_move_breaks() {
    let illegal = ErrorCode::IllegalAction;
    let rows: [(&str, &str, ErrorCode, &str); 8] = [
        (NEIGHBOURS, "add", illegal, "You have stopped adding: from now on you only move pieces."),
        (NEIGHBOURS, "d4c5", illegal, "The black bishop on d4 cannot move: no black piece stands next to it."),
        (
            NEIGHBOURS,
            "e4f6",
            illegal,
            "The white knight on e4 cannot reach f6: it moves only as a rook, as the white pieces next to it do.",
        ),
        (NEIGHBOURS, "e4d4", illegal, "The black bishop on d4 is in the way: pieces move only to empty squares."),
        (NEIGHBOURS, "h1h2", illegal, "There is no piece on h1."),
        (
            NEIGHBOURS,
            "place e1",
            illegal,
            "No piece is waiting to be placed: place follows an add whose square was taken.",
        ),
        ("8/8/8/8/8/2N5/2R1b3/8 add 0 4 c3", "add", illegal, "Every piece is on the board: only moves are left."),
        (
            NEIGHBOURS,
            "zz",
            ErrorCode::BadNotation,
            "\"zz\" is not a Neighbour action: write add, place and a square (place e5), or a move as two squares (e4e6).",
        ),
    ];
    for (position, action, code, message) in rows {
        assert_eq!(neighbour_refusal(position, action), (code, message.to_string()), "{action}");
    }
}

#[test]
fn neighbour_one_group_wins_the_cards_left_and_corners_count_unless_the_option_says_sides() {
    let position = "8/8/8/8/8/2N5/2R1b3/8 move 3 4 -";
    let (state, said) = play_from(NEIGHBOUR, position, &["c3d3"]);
    assert_eq!(said, ["the white knight c3→d3, borrowing the rook's move"]);
    let outcome = rules(NEIGHBOUR).outcome(&state).unwrap();
    assert_eq!((outcome.results, outcome.scores), (vec![SeatResult::Win], vec![6]));
    assert_eq!(outcome.reason, "one connected group with 6 cards left: 6 points");
    // Counting only sides, c2, d3 and e2 touch nowhere: play goes on.
    let (state, _) = play_from(NEIGHBOUR, &format!("{position} groups:sides"), &["c3d3"]);
    assert!(rules(NEIGHBOUR).outcome(&state).is_none());
    let options = rules(NEIGHBOUR)
        .setup(&json!({"groups": "sides"}), &mut rules::random::EventRng::new(rules::random::GameKey([4; 32]), 0))
        .unwrap();
    assert_eq!(public(NEIGHBOUR, &options)["touch"], "sides");
}

#[test]
fn neighbour_the_game_is_lost_when_no_card_is_left_or_nothing_can_be_done() {
    let (state, _) = play_from(NEIGHBOUR, "8/8/8/8/8/2N5/2R1b3/8 move 0 1 -", &["c3h3"]);
    let outcome = rules(NEIGHBOUR).outcome(&state).unwrap();
    assert_eq!((outcome.results, outcome.scores), (vec![SeatResult::Loss], vec![0]));
    assert_eq!(outcome.reason, "both piles are spent, and the pieces stand in 3 groups");
    let outcome = rules(NEIGHBOUR).outcome(&neighbour("8/8/8/8/8/8/8/N1n5 move 3 3 -")).unwrap();
    assert_eq!(outcome.reason, "no piece can move or be added, and the pieces stand in 2 groups");
    assert!(
        rules(NEIGHBOUR).outcome(&neighbour("8/8/8/8/8/8/8/N1n5 add 3 3 c1")).is_none(),
        "an add is still possible"
    );
}

#[test]
fn neighbour_positions_read_back_as_written_and_impossible_ones_are_refused() {
    let text = "8/8/8/8/3N2rb/8/8/8 place:n@h4 1 1 d4 pieces:9H positions:2C groups:sides";
    assert_eq!(rules(NEIGHBOUR).format_position(&neighbour(text)), text);
    let bad = |position: &str| rules(NEIGHBOUR).parse_position(position).err().unwrap().message;
    assert_eq!(
        bad("8/8/8/8/8/8/P7/8 add 1 1 -"),
        "'8/8/8/8/8/8/P7/8' is not a board of the sixteen pieces (FEN's placement, no pawns)"
    );
    assert_eq!(
        bad("8/8/8/8/8/8/8/N7 place:n@h4 1 1 a1"),
        "a piece waits to be placed only when h4, where it was sent, is taken"
    );
    assert_eq!(bad("8/8/8/8/8/8/8/N7 add 16 1 a1"), "more pieces than the sixteen piece cards");
    assert_eq!(
        bad("8/8/8/8/8/8/8/N7 add 1 1 a1 pieces:8D,8H"),
        "the piece pile must list its 1 cards, each once and from its deck"
    );
    assert_eq!(
        bad("8/8/8/8/8/8/8/N7 add 1 1 a1 colour:red"),
        "unknown field 'colour:red': expected pieces:, positions: or groups:sides"
    );
    // Without its piles a position still judges an add: legal, its cards a refereed game's draw.
    assert_eq!(neighbour_refusal("8/8/8/8/8/8/8/N7 add 1 1 a1", "add").0, ErrorCode::NeedsGame);
    assert!(rules(NEIGHBOUR).adjudicate("8/8/8/8/8/8/8/N7 add 1 1 a1", "add").unwrap().legal);
}

#[test]
fn neighbour_chess_golfs_borrowed_moves_come_without_its_special_move() {
    // Two lone white pieces: in Chess Golf they may make king's moves; here they cannot move.
    let course = rules::golf::Course::from_fen_board("7R/8/8/8/8/8/8/N7").unwrap();
    let a1: rules::geometry::Square = "a1".parse().unwrap();
    assert!(course.reach(a1).contains("b2".parse().unwrap()), "Chess Golf's special move");
    assert!(course.borrowed_reach(a1).is_empty());
}

/// Plays a Neighbour game to its end: adds while possible with chance 3 in 4, and otherwise a
/// move, half the time one that leaves the fewest groups. Returns the state at the end.
fn neighbour_game(seed: u64, options: &Value) -> AnyState {
    let game = rules(NEIGHBOUR);
    let key = rules::random::GameKey::derive(b"neighbour games", &[&seed.to_be_bytes()]);
    let mut state = game.setup(options, &mut rules::random::EventRng::new(key, 0)).unwrap();
    let mut next = xorshift(seed | 1);
    let groups_after = |s: &AnyState, action: &str| {
        let mut after = game.clone_state(s);
        game.apply(&mut after, 0, action, &mut NoRandomness).unwrap();
        public(NEIGHBOUR, &after)["groups"].as_u64().unwrap()
    };
    while game.outcome(&state).is_none() {
        let mut actions = legal(NEIGHBOUR, &state);
        if actions.contains(&"add".to_string()) && !next().is_multiple_of(4) {
            actions = vec!["add".to_string()];
        } else if actions.len() > 1 && next().is_multiple_of(2) {
            actions.retain(|a| a != "add");
            let fewest = actions.iter().map(|a| groups_after(&state, a)).min().unwrap();
            actions.retain(|a| groups_after(&state, a) == fewest);
        }
        let action = actions[next() as usize % actions.len()].clone();
        game.apply(&mut state, 0, &action, &mut rules::random::EventRng::new(key, 1)).unwrap();
    }
    state
}

#[test]
fn neighbour_random_games_end_by_the_rules_and_score_the_cards_left() {
    let mut won = 0;
    for seed in 0..200 {
        let options = if seed % 4 == 3 { json!({"groups": "sides"}) } else { Value::Null };
        let state = neighbour_game(seed, &options);
        let outcome = rules(NEIGHBOUR).outcome(&state).unwrap();
        let game = public(NEIGHBOUR, &state);
        let left = game["pieces_left"].as_i64().unwrap() + game["positions_left"].as_i64().unwrap();
        let added = game["flipped_pieces"].as_array().unwrap().len() as i64;
        assert_eq!(
            left,
            36 - 2 * added - game["spent"].as_i64().unwrap(),
            "every add spends two cards, every move one"
        );
        if outcome.results[0] == SeatResult::Win {
            won += 1;
            assert_eq!((outcome.scores[0], game["groups"].as_u64()), (left, Some(1)));
        } else {
            assert_eq!(outcome.scores, vec![0]);
            assert!(left == 0 || legal(NEIGHBOUR, &state).is_empty());
        }
    }
    assert!(won >= 5, "{won} of 200 random games won");
}

#[test]
fn neighbour_a_players_view_is_the_same_whatever_the_order_of_the_piles() {
    let game = rules(NEIGHBOUR);
    let view = |s: &AnyState| serde_json::to_value(game.view(s, Viewer::Seat(0))).unwrap();
    for seed in 0..20u64 {
        let key = rules::random::GameKey([seed as u8; 32]);
        let mut state = game.setup(&Value::Null, &mut rules::random::EventRng::new(key, 0)).unwrap();
        let mut next = xorshift(seed + 1);
        while game.outcome(&state).is_none() {
            let mut saved = game.save(&state);
            for pile in ["piece_pile", "position_pile"] {
                saved["game"][pile].as_array_mut().unwrap().reverse();
            }
            let other = game.load(&saved).unwrap();
            assert_eq!(view(&state), view(&other));
            for attempt in ["a1b2", "place h8", "zz"] {
                let told = |s: &AnyState| {
                    game.apply(&mut game.clone_state(s), 0, attempt, &mut NoRandomness)
                        .map_err(|e| e.message)
                        .map(|a| a.description)
                };
                assert_eq!(told(&state), told(&other), "{attempt}");
            }
            let actions = legal(NEIGHBOUR, &state);
            let action = &actions[next() as usize % actions.len()];
            game.apply(&mut state, 0, action, &mut NoRandomness).unwrap();
        }
    }
}

/// Actions adjudicated in the solitaires (Parade's position: the seed's layout with its eight
/// cards left), and what is said of them: what is done, said once, as a player would say it.
const SAID_IN_FULL: &[(&str, &str, &str, &str)] = &[
    (
        PARADE,
        "",
        "add",
        "Adding the next piece of the hand is legal. It ends with a random draw, which happens in a refereed game.",
    ),
    (PARADE, "", "e4f3g2", "The black bishop on e4 moving the white knight f3→g2 is legal."),
    (
        NEIGHBOUR,
        "8/8/8/8/8/8/8/N7 add 1 1 a1",
        "add",
        "Flipping a piece card and a position card is legal. It ends with a random draw, which happens in a refereed game.",
    ),
];

#[test]
fn an_adjudicated_solitaire_action_is_said_once_in_a_players_words() {
    for (game, position, action, said) in SAID_IN_FULL {
        let position = if position.is_empty() { format!("{PARADE_LAID_OUT} 8 0") } else { position.to_string() };
        let answer = rules(game).adjudicate(&position, action).unwrap();
        assert_eq!(answer.said, *said, "{game} {action}");
    }
}
