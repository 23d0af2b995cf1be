//! One test per rule of the games decided by cards and dice (seed 000: Gravity Chess), with
//! positions a reader can set up.

mod support;

use rules::game::{AnyState, SeatResult, Viewer};
use rules::games::gravity;
use rules::random::{EventRng, GameKey, NoRandomness};
use serde_json::{Value, json};
use support::rules;

const GRAVITY: &str = "gravity";

/// A Gravity position: `placement` (FEN's first field), White to move in the move step.
fn gravity_position(placement: &str, fresh_pawns: &[&str]) -> AnyState {
    let state = json!({
        "board": placement, "to_move": "white", "white_seat": 0,
        "piles": [{"draw": ["8S"], "discard": []}, {"draw": ["8H"], "discard": []}],
        "flipped": "10S", "fresh_pawns": fresh_pawns, "done": [], "captured": [0, 0],
        "step": "Move", "last_turn": false, "ended": null,
    });
    rules(GRAVITY).parse_position(&state.to_string()).unwrap_or_else(|e| panic!("{e}"))
}

fn legal(state: &AnyState) -> Vec<String> {
    rules(GRAVITY).legal_actions(state, 0)
}

#[test]
fn gravity_the_seeds_score_example_white_16_black_19() {
    // White: 2 captures, stacked a1; a2, b2, c2; a3; a4. Black: 4 captures, stacked b1-g1;
    // d2; b3; b4. The king on h4, the bishop on f6 and the pawn on h6 are not stacked.
    let (white, black, result) = gravity::final_scores("8/8/5B1p/8/Pr5K/Pp6/RRPr4/Qkqbbnn1", [2, 4]).unwrap();
    assert_eq!((white, black), (16, 19));
    assert_eq!(result, SeatResult::Loss, "Black wins");
}

#[test]
fn gravity_a_piece_is_stacked_when_every_way_down_is_blocked_by_stacked_pieces() {
    // The seed's second diagram, as we set it: pieces on e1 and f1; on the second row a white
    // queen on c2, a rook on f2 above f1, a black bishop on g2.
    let state = gravity_position("8/8/8/8/8/8/2Q2rb1/4nn2", &[]);
    let public = serde_json::to_value(rules(GRAVITY).view(&state, Viewer::Spectator)).unwrap()["game"].clone();
    assert_eq!(public["stacked"], json!(["e1", "f1", "f2"]), "the rook is stacked; the bishop can still go to h1");
    let moves = legal(&state);
    for m in ["c2b1", "c2c1", "c2d1"] {
        assert!(moves.contains(&m.to_string()), "the queen may go down to {m}: {moves:?}");
    }
    assert!(!moves.contains(&"c2g2".to_string()), "the rook stands between queen and bishop");
    // Without the rook the queen could take the bishop, on its own row.
    let state = gravity_position("8/8/8/8/8/8/2Q3b1/4nn2", &[]);
    assert!(legal(&state).contains(&"c2g2".to_string()));
}

#[test]
fn gravity_the_order_of_moves_matters_and_a_blocked_piece_is_said_unable() {
    // The seed's example: the top pawn on e5 waits on the bishop below it; the lower pawn on
    // b2 cannot move at all (b1 is taken and nothing to capture).
    let position = "8/8/8/4P3/4B3/8/1P6/1n6";
    let game = rules(GRAVITY);
    let mut bishop_first = gravity_position(position, &[]);
    game.apply(&mut bishop_first, 0, "e4d3", &mut NoRandomness).unwrap();
    assert!(legal(&bishop_first).contains(&"e5e4".to_string()), "after the bishop, the pawn can fall");
    let mut pawn_first = gravity_position(position, &[]);
    let said = game.apply(&mut pawn_first, 0, "cant e5", &mut NoRandomness).unwrap().description;
    assert_eq!(said, "the pawn on e5 cannot move");
    game.apply(&mut pawn_first, 0, "e4d3", &mut NoRandomness).unwrap();
    // The lower pawn cannot move either way: the moves are over and the add comes next.
    assert_eq!(game.turn(&pawn_first).single().unwrap().stage.to_string(), "add");
    let public = serde_json::to_value(game.view(&pawn_first, Viewer::Spectator)).unwrap()["game"].clone();
    assert_eq!(public["to_move_now"], json!([]), "nothing is left to move in the add step");
    let err = game.apply(&mut gravity_position(position, &[]), 0, "cant e4", &mut NoRandomness).unwrap_err();
    assert_eq!(err.message, "The piece on e4 can move, so it must.");
}

#[test]
fn gravity_moves_must_end_lower_but_a_capture_may_stay_on_its_row() {
    let state = gravity_position("8/8/8/8/3R2n1/8/8/8", &[]);
    let moves = legal(&state);
    assert!(moves.contains(&"d4g4".to_string()), "a capture along the row");
    assert!(!moves.contains(&"d4e4".to_string()), "not a plain move along the row");
    assert!(!moves.contains(&"d4d5".to_string()), "never up");
    assert!(moves.contains(&"d4d1".to_string()));
}

#[test]
fn gravity_a_pawn_falls_two_rows_on_its_first_move_only() {
    let fresh = gravity_position("8/8/8/8/4P3/8/8/8", &["e4"]);
    assert!(legal(&fresh).contains(&"e4e2".to_string()));
    let moved = gravity_position("8/8/8/8/4P3/8/8/8", &[]);
    assert!(!legal(&moved).contains(&"e4e2".to_string()));
}

#[test]
fn gravity_a_whole_game_ends_after_whites_last_turn_with_every_piece_added() {
    let game = rules(GRAVITY);
    let mut rng = EventRng::new(GameKey([9; 32]), 0);
    let mut state = game.setup(&Value::Null, &mut rng).unwrap();
    let mut next = support::xorshift(77);
    let mut plies = 0;
    while game.outcome(&state).is_none() {
        let (seat, action) = support::random_action(game, &state, &mut next);
        game.apply(&mut state, seat, &action, &mut NoRandomness).unwrap();
        plies += 1;
        assert!(plies < 2000, "the game ends");
    }
    let public = serde_json::to_value(game.view(&state, Viewer::Spectator)).unwrap()["game"].clone();
    assert_eq!(public["pile_sizes"], json!([0, 0]), "all 24 pieces were added");
    let outcome = game.outcome(&state).unwrap();
    assert_eq!(outcome.scores.len(), 2);
    let white_points = public["score"][0]["points"].as_i64().unwrap();
    let white_seat = public["white_seat"].as_u64().unwrap() as usize;
    assert_eq!(outcome.scores[white_seat], white_points);
}
