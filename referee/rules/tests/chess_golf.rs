//! One test per rule of a round of Chess Golf (seed 001, "Chess Golf": "Setup", "Play",
//! "Difficulty Level", "Game End"), played through the contract as the service plays it. The
//! mechanics of a single hole (borrowed moves, the special move, which captures count) and the
//! par solver have their own tests in `src/golf/tests.rs`.

mod support;

use rules::game::{AnyState, DynGame, ErrorCode, ParAnswer, SeatResult, Turn, Viewer};
use rules::random::{EventRng, GameKey};
use serde_json::{Value, json};
use support::rules;

/// The seed's first example (rank 8 first): the white king and the black bishops are chosen.
const FIRST: &str = "2B3R1/5k2/1r1n1N2/1r2b3/R5q1/1B1n1N2/b6K/5Q2";

fn golf() -> &'static dyn DynGame {
    rules("chess-golf")
}

fn rng(n: u64) -> EventRng {
    EventRng::new(GameKey([7; 32]), n)
}

/// A round with these options, set up from a fixed seed.
fn round(options: Value) -> AnyState {
    golf().setup(&options, &mut rng(0)).unwrap_or_else(|e| panic!("{options}: {e}"))
}

/// The seed's first example as the first hole, for `players`.
fn first_example(players: u8) -> AnyState {
    round(json!({ "players": players, "layout": FIRST, "first_hole": "Kb" }))
}

fn act(state: &mut AnyState, seat: u8, action: &str) -> String {
    let n = golf().actions(state);
    golf().apply(state, seat, action, &mut rng(n + 1)).unwrap_or_else(|e| panic!("{action}: {e}")).description
}

fn refused(state: &AnyState, seat: u8, action: &str) -> (ErrorCode, String) {
    let mut copy = golf().clone_state(state);
    let before = golf().save(state);
    let e = golf().apply(&mut copy, seat, action, &mut rng(99)).expect_err("should be refused");
    assert_eq!(golf().save(&copy), before, "a refused action changes nothing");
    (e.code, e.message)
}

fn public(state: &AnyState) -> Value {
    serde_json::to_value(golf().view(state, Viewer::Spectator)).unwrap()["game"].clone()
}

fn bids(state: &mut AnyState, counts: &[u8]) {
    for (seat, n) in counts.iter().enumerate() {
        act(state, seat as u8, &format!("bid {n}"));
    }
}

/// Plays the seed's first solution (the bishop borrows the knight's, the king's and the
/// queen's moves) for the demonstrator.
fn first_solution(state: &mut AnyState, seat: u8) {
    for mv in ["e5g6", "g6h5", "h5h2"] {
        act(state, seat, mv);
    }
}

#[test]
fn the_sixteen_cards_are_laid_out_from_a1_and_the_dealer_turns_up_two() {
    let state = round(json!({ "players": 3 }));
    let game = public(&state);
    let view = serde_json::to_value(golf().view(&state, Viewer::Spectator)).unwrap();
    let pieces = view["board"]["cells"].as_array().unwrap().iter().filter(|c| !c["piece"].is_null()).count();
    assert_eq!(pieces, 16, "all sixteen pieces are on the board");
    assert_eq!(game["hole"]["cards"].as_array().unwrap().len(), 2);
    assert_eq!(game["hole"]["number"], 1);
    assert_eq!(game["deck"], 14);
    assert!(game["dealer"].as_u64().unwrap() < 3, "a random dealer");
}

#[test]
fn every_player_seals_a_count_and_nobody_sees_another_until_all_are_in() {
    let mut state = first_example(3);
    assert!(golf().turn(&state).is_sealed());
    act(&mut state, 0, "bid 3");
    act(&mut state, 2, "bid 5");
    let seen_by_1 = serde_json::to_value(golf().view(&state, Viewer::Seat(1))).unwrap();
    let seats = &seen_by_1["turn"]["seats"];
    assert_eq!((&seats[0]["submitted"], &seats[2]["submitted"]), (&json!(true), &json!(true)));
    assert!(seats[0].get("sealed_action").is_none() && seats[2].get("sealed_action").is_none(), "{seats}");
    assert_eq!(seen_by_1["played"], json!([]));
    assert_eq!(public(&state)["hole"]["bids"], json!([]));
    act(&mut state, 1, "bid 4");
    assert_eq!(public(&state)["hole"]["bids"], json!([3, 4, 5]));
}

#[test]
fn the_lowest_count_demonstrates_and_ties_start_from_the_dealer_going_left() {
    let mut state = first_example(4);
    let dealer = public(&state)["dealer"].as_u64().unwrap() as u8;
    let left = (dealer + 1) % 4;
    let mut counts = [6; 4];
    counts[usize::from(left)] = 3;
    counts[usize::from((dealer + 3) % 4)] = 3;
    bids(&mut state, &counts);
    assert_eq!(golf().turn(&state).single().map(|a| a.seat), Some(left));
    assert_eq!(public(&state)["step"], "demonstrate");
    assert_eq!(public(&state)["moves_left"], 3);
}

#[test]
fn a_demonstration_within_the_count_finishes_the_hole_and_everyone_scores_their_count() {
    let mut state = first_example(2);
    bids(&mut state, &[3, 5]);
    let said: Vec<String> = ["e5g6", "g6h5", "h5h2"].iter().map(|m| act(&mut state, 0, m)).collect();
    assert_eq!(said[0], "Seat 1: the black bishop e5→g6 as a knight");
    assert_eq!(said[2], "Seat 1: the black bishop h5→h2 as a queen, taking the white king: hole finished in 3 moves");
    // The captured king goes back where the demonstrator chooses, then the hole is scored.
    assert_eq!(public(&state)["to_put_back"], json!(["white king"]));
    act(&mut state, 0, "put a1");
    let card = &public(&state)["scorecard"][0];
    assert_eq!(card["scores"], json!([3, 5]));
    assert_eq!(card["attempts"][0]["succeeded"], true);
}

#[test]
fn after_a_success_the_pieces_stay_where_they_ended_and_the_captured_go_back_on_empty_squares() {
    let mut state = first_example(1);
    bids(&mut state, &[3]);
    first_solution(&mut state, 0);
    let (code, message) = refused(&state, 0, "put h2");
    assert_eq!(code, ErrorCode::IllegalAction);
    assert_eq!(message, "h2 is taken by the black bishop: put the white king on an empty square.");
    act(&mut state, 0, "put a1");
    let position = golf().format_position(&state);
    assert!(position.starts_with("2B3R1/5k2/1r1n1N2/1r6/R5q1/1B1n1N2/b6b/K4Q2"), "{position}");
}

#[test]
fn a_failed_demonstration_scores_the_highest_other_count_plus_one_and_the_next_lowest_demonstrates() {
    let mut state = first_example(3);
    bids(&mut state, &[2, 4, 3]);
    act(&mut state, 0, "e5g6");
    let said = act(&mut state, 0, "g6h5");
    assert!(said.ends_with("2 moves shown without finishing, the demonstration fails"), "{said}");
    // The course is back where the hole started, and the next lowest count demonstrates.
    assert_eq!(golf().turn(&state).single().map(|a| a.seat), Some(2));
    assert!(golf().format_position(&state).starts_with(FIRST));
    first_solution(&mut state, 2);
    act(&mut state, 2, "put a1");
    assert_eq!(public(&state)["scorecard"][0]["scores"], json!([5, 4, 3]));
}

#[test]
fn a_demonstrator_may_give_up() {
    let mut state = first_example(2);
    bids(&mut state, &[3, 4]);
    let said = act(&mut state, 0, "give-up");
    assert_eq!(said, "Seat 1 gives up the demonstration: the demonstration fails");
    assert_eq!(golf().turn(&state).single().map(|a| a.seat), Some(1));
}

#[test]
fn those_who_said_impossible_score_the_highest_count_plus_one_when_someone_succeeds() {
    let mut state = first_example(3);
    bids(&mut state, &[0, 3, 5]);
    first_solution(&mut state, 1);
    act(&mut state, 1, "put a1");
    assert_eq!(public(&state)["scorecard"][0]["scores"], json!([6, 3, 5]));
}

#[test]
fn when_nobody_succeeds_impossible_scores_nothing_and_the_course_is_reset() {
    let mut state = first_example(2);
    bids(&mut state, &[0, 1]);
    let said = act(&mut state, 1, "e5g6");
    assert!(said.ends_with("1 move shown without finishing, the demonstration fails"), "{said}");
    let card = &public(&state)["scorecard"][0];
    assert_eq!(card["scores"], json!([0, 2]));
    assert!(golf().format_position(&state).starts_with(FIRST));
}

#[test]
fn when_everyone_says_impossible_nobody_demonstrates() {
    let mut state = first_example(2);
    bids(&mut state, &[0, 0]);
    assert_eq!(public(&state)["scorecard"][0]["scores"], json!([0, 0]));
    assert_eq!(public(&state)["scorecard"][0]["attempts"], json!([]));
}

#[test]
fn the_deck_passes_one_player_to_the_left_after_each_hole() {
    let mut state = first_example(3);
    let dealer = public(&state)["dealer"].as_u64().unwrap();
    bids(&mut state, &[0, 0, 1]);
    act(&mut state, 2, "give-up");
    assert_eq!(public(&state)["dealer"].as_u64().unwrap(), (dealer + 1) % 3);
    assert_eq!(public(&state)["hole"]["number"], 2);
}

#[test]
fn when_every_count_is_the_same_the_next_dealer_may_deal_one_more_card() {
    let mut state = first_example(2);
    bids(&mut state, &[3, 3]);
    let demonstrator = golf().turn(&state).single().unwrap().seat;
    first_solution(&mut state, demonstrator);
    act(&mut state, demonstrator, "put a1");
    let dealer = public(&state)["dealer"].as_u64().unwrap() as u8;
    assert_eq!(golf().turn(&state).single().map(|a| (a.seat, a.stage.as_str())), Some((dealer, "deal")));
    let (_, message) = refused(&state, dealer, "deal 4");
    assert_eq!(message, "Deal 2 cards a hole as before, or 3 to make the holes harder: deal 2.");
    act(&mut state, dealer, "deal 3");
    assert_eq!(public(&state)["hole"]["cards"].as_array().unwrap().len(), 3);
    assert_eq!(public(&state)["cards_per_hole"], 3);
}

#[test]
fn the_round_ends_after_its_holes_and_the_lowest_total_wins() {
    let mut state = round(json!({ "players": 2, "holes": 2, "layout": FIRST, "first_hole": "Kb" }));
    bids(&mut state, &[3, 4]);
    first_solution(&mut state, 0);
    act(&mut state, 0, "put a1");
    bids(&mut state, &[0, 0]);
    assert_eq!(golf().turn(&state), Turn::Over);
    let outcome = golf().outcome(&state).unwrap();
    assert_eq!(outcome.scores, vec![3, 4]);
    assert_eq!(outcome.results, vec![SeatResult::Win, SeatResult::Loss]);
    assert_eq!(outcome.reason, "Seat 1 wins with 3, the lowest total");
}

#[test]
fn after_the_last_hole_the_captured_pieces_are_not_put_back() {
    // One hole: the demonstration finishes it and the result follows at once, with the white
    // king still off the board; no hole follows that needs it.
    let mut state = round(json!({ "players": 2, "holes": 1, "layout": FIRST, "first_hole": "Kb" }));
    bids(&mut state, &[3, 4]);
    first_solution(&mut state, 0);
    assert_eq!(golf().turn(&state), Turn::Over);
    assert_eq!(golf().outcome(&state).unwrap().scores, vec![3, 4]);
    let view = serde_json::to_value(golf().view(&state, Viewer::Spectator)).unwrap();
    let pieces = view["board"]["cells"].as_array().unwrap().iter().filter(|c| !c["piece"].is_null()).count();
    assert_eq!(pieces, 15, "the captured king stays off the board");
}

#[test]
fn a_tie_for_the_lowest_total_is_shared() {
    let mut state = round(json!({ "players": 2, "holes": 1, "layout": FIRST, "first_hole": "Kb" }));
    bids(&mut state, &[0, 0]);
    let outcome = golf().outcome(&state).unwrap();
    assert_eq!(outcome.results, vec![SeatResult::Win, SeatResult::Win]);
    assert!(outcome.reason.contains("tie with 0"), "{}", outcome.reason);
}

#[test]
fn the_discards_are_shuffled_back_when_the_deck_runs_out() {
    // Sixteen cards, two a hole: the ninth hole needs the discards.
    let mut state = round(json!({ "players": 1, "holes": 9 }));
    for hole in 1..=9 {
        assert_eq!(public(&state)["hole"]["number"], hole);
        assert_eq!(public(&state)["hole"]["cards"].as_array().unwrap().len(), 2, "hole {hole}");
        give_up_alone(&mut state);
        if hole < 9 {
            act(&mut state, 0, "deal 2");
        }
    }
    assert_eq!(golf().turn(&state), Turn::Over);
}

/// Alone at the table: name one move, then give up.
fn give_up_alone(state: &mut AnyState) {
    act(state, 0, "bid 1");
    act(state, 0, "give-up");
}

#[test]
fn the_discards_go_back_in_with_the_cards_left_before_a_deal_that_needs_more() {
    // Two cards, then three a hole: 14, 11, 8, 5, 2 left; the sixth hole needs three.
    let mut state = round(json!({ "players": 1, "holes": 9 }));
    give_up_alone(&mut state);
    act(&mut state, 0, "deal 3");
    for _ in 0..4 {
        give_up_alone(&mut state);
        act(&mut state, 0, "deal 3");
    }
    let game = public(&state);
    assert_eq!(game["hole"]["number"], 6);
    assert_eq!(game["hole"]["cards"].as_array().unwrap().len(), 3);
    assert_eq!(
        (game["deck"].as_u64(), game["discards"].as_u64()),
        (Some(13), Some(0)),
        "all sixteen shuffled together"
    );
}

#[test]
fn the_referee_proves_each_finished_holes_par_with_one_shortest_line() {
    let mut state = first_example(2);
    assert!(golf().puzzles(&state).is_empty(), "no par before the hole is over");
    bids(&mut state, &[0, 0]);
    assert_eq!(golf().puzzles(&state), vec!["hole-1"]);
    let par = golf().par(&state, "hole-1").unwrap();
    assert_eq!(par.title, "Hole 1: white king, black bishop");
    let ParAnswer::Moves { moves, line } = &par.answer else { panic!("{par:?}") };
    assert_eq!(*moves, 3);
    // The line is legal: played from the hole's start it finishes the hole.
    let position = format!("{FIRST} Kb {}", line[..2].join(","));
    let outcome = golf().adjudicate(&position, &line[2]).unwrap();
    assert!(outcome.legal, "{position} {}", line[2]);
}

#[test]
fn a_move_the_hole_does_not_allow_is_refused_in_the_players_words() {
    let verdict = golf().adjudicate(&format!("{FIRST} Kb"), "b5b3").unwrap();
    assert!(!verdict.legal);
    assert_eq!(verdict.reason, "The black rook is not a chosen piece, so it may not capture.");
    let verdict = golf().adjudicate(&format!("{FIRST} Kb"), "a2h2").unwrap();
    assert_eq!(verdict.reason, "The black bishop on a2 cannot move: no piece of its colour stands next to it.");
}

#[test]
fn a_piece_may_capture_the_neighbour_whose_move_it_borrows() {
    // A black bishop and a black rook chosen: the bishop on d4 borrows the rook's move from its
    // neighbour on d5 and takes it, finishing the hole in one move.
    let verdict = golf().adjudicate("7K/8/8/3r4/3b4/8/8/k7 br", "d4d5").unwrap();
    assert!(verdict.legal, "{verdict:?}");
    assert_eq!(
        verdict.said,
        "Seat 1 moving the black bishop d4→d5 as a rook, taking the black rook, is legal: hole finished in 1 move."
    );
}

#[test]
fn an_adjudicated_move_names_the_demonstrator_once() {
    let verdict = golf().adjudicate(&format!("{FIRST} Kb"), "e5g6").unwrap();
    assert_eq!(verdict.said, "Seat 1 moving the black bishop e5→g6 as a knight is legal.");
}

#[test]
fn a_failed_demonstrator_never_scores_less_than_the_count_it_named() {
    let mut state = first_example(3);
    bids(&mut state, &[0, 3, 5]);
    act(&mut state, 1, "give-up");
    act(&mut state, 2, "give-up");
    assert_eq!(public(&state)["scorecard"][0]["scores"], json!([0, 6, 6]));
}

#[test]
fn a_tied_dealer_demonstrates_first_and_the_next_tied_player_after_a_failure() {
    let mut state = first_example(3);
    let dealer = public(&state)["dealer"].as_u64().unwrap() as u8;
    let mut counts = [4; 3];
    counts[usize::from(dealer)] = 3;
    counts[usize::from((dealer + 2) % 3)] = 3;
    bids(&mut state, &counts);
    assert_eq!(golf().turn(&state).single().map(|a| a.seat), Some(dealer));
    act(&mut state, dealer, "give-up");
    assert_eq!(golf().turn(&state).single().map(|a| a.seat), Some((dealer + 2) % 3));
}

#[test]
fn after_a_hole_everyone_called_impossible_the_same_dealer_deals_again_and_no_harder_deal_is_offered() {
    let mut state = first_example(2);
    let dealer = public(&state)["dealer"].clone();
    bids(&mut state, &[0, 0]);
    assert_eq!(public(&state)["dealer"], dealer, "the later edition: the same dealer deals again");
    assert_eq!(public(&state)["step"], "bid", "no choice of a harder deal after counts of zero");
}

#[test]
fn a_demonstrator_may_start_again_from_the_holes_start() {
    let mut state = first_example(1);
    bids(&mut state, &[3]);
    act(&mut state, 0, "b3c3");
    let said = act(&mut state, 0, "reset");
    assert_eq!(said, "Seat 1 starts the demonstration again from the hole's start");
    assert_eq!(public(&state)["moves_left"], 3);
    first_solution(&mut state, 0);
    assert_eq!(public(&state)["step"], "put-back");
}

#[test]
fn playing_alone_a_count_of_zero_is_refused() {
    let state = first_example(1);
    let (code, message) = refused(&state, 0, "bid 0");
    assert_eq!(code, ErrorCode::IllegalAction);
    assert!(message.starts_with("Playing alone, name the moves you need"), "{message}");
}

#[test]
fn a_player_who_seals_nothing_before_the_timer_runs_out_scores_the_highest_count_plus_one() {
    let mut state = round(json!({ "players": 3, "layout": FIRST, "first_hole": "Kb", "timer_seconds": 60 }));
    assert_eq!(golf().round_deadline(&state).map(|(_, s)| s), Some(60));
    act(&mut state, 0, "bid 3");
    act(&mut state, 1, "bid 4");
    golf().close_round(&mut state, &mut rng(50)).unwrap();
    first_solution(&mut state, 0);
    act(&mut state, 0, "put a1");
    assert_eq!(public(&state)["scorecard"][0]["scores"], json!([3, 4, 5]));
}

#[test]
fn options_out_of_range_are_refused() {
    for options in [
        json!({ "players": 0 }),
        json!({ "players": 9 }),
        json!({ "holes": 0 }),
        json!({ "layout": "8/8/8/8/8/8/8/8" }),
        json!({ "first_hole": "Kbbbbb" }),
        json!({ "first_hole": "P" }),
        json!({ "timer_seconds": 5 }),
    ] {
        let Err(e) = golf().setup(&options, &mut rng(0)) else { panic!("{options} was accepted") };
        assert_eq!(e.code, ErrorCode::BadOptions, "{options}");
    }
}
