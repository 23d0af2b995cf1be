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
fn gravity_a_dispute_names_the_mover_by_colour_whichever_seat_plays_it() {
    let game = rules(GRAVITY);
    // Black to move, played by the first seat: the answer says Black, never "Player 1".
    let position = |step: &str| {
        json!({
            "board": "8/8/8/8/8/8/2q2RB1/4NN2", "to_move": "black", "white_seat": 1,
            "piles": [{"draw": ["8S"], "discard": []}, {"draw": ["8H"], "discard": []}],
            "flipped": "10H", "fresh_pawns": [], "done": [], "captured": [0, 0],
            "step": step, "last_turn": false, "ended": null,
        })
        .to_string()
    };
    let said = |step: &str, action: &str| game.adjudicate(&position(step), action).unwrap().said;
    assert_eq!(said("Move", "c2c1"), "Black's queen c2→c1 is legal.");
    assert!(said("Move", "c2g2").starts_with("Black's queen c2→g2 is illegal: "), "{}", said("Move", "c2g2"));
    assert_eq!(said("Add", "add c"), "Black's addition of the white rook on c8 is legal.");
    // Every sentence of the dispute says the colour, the courtesies and the turn too.
    assert_eq!(said("Move", "offer-draw"), "Black's draw offer is legal.");
    let other = game.adjudicate_for(&position("Move"), "add a", Some(1)).unwrap().said;
    assert_eq!(other, "White's add a is illegal: it is not your turn: Black is to play.");
}

/// A Gravity position of Black's move step (White plays the first seat).
fn black_to_move(placement: &str) -> String {
    json!({
        "board": placement, "to_move": "black", "white_seat": 0,
        "piles": [{"draw": ["2S"], "discard": []}, {"draw": ["2H"], "discard": []}],
        "flipped": "2H", "fresh_pawns": [], "done": [], "captured": [0, 0],
        "step": "Move", "last_turn": false, "ended": null,
    })
    .to_string()
}

#[test]
fn gravity_a_stacked_pawn_stays_stacked_when_an_enemy_lands_diagonally_below_it() {
    // The white pawns on e2 and e3 stand stacked on the black knight on e1. The black knight
    // c4 lands on d2, diagonally below the pawn on e3: the pawn could take it, had it not
    // become stacked, and stacked it stays ("it becomes stacked, and can't be moved or
    // captured"), so the rook on e5 may not take it and it keeps scoring its row.
    let game = rules(GRAVITY);
    let position = black_to_move("8/8/8/4r3/2n5/4P3/4P3/4n3");
    let after = game.adjudicate(&position, "c4d2").unwrap();
    assert!(after.legal, "{}", after.said);
    let next = after.position.unwrap();
    let answer = game.adjudicate(&next, "e5e3").unwrap();
    assert_eq!(
        answer.said,
        "Black's rook e5→e3 is illegal: the white pawn on e3 is stacked, and a stacked piece cannot be captured."
    );
    let state = game.parse_position(&next).unwrap();
    let public = serde_json::to_value(game.view(&state, Viewer::Spectator)).unwrap()["game"].clone();
    assert_eq!(public["stacked"], json!(["e1", "e2", "e3"]));
    assert_eq!(public["score"][0]["stacked_by_row"], json!([0, 1, 1, 0, 0, 0, 0, 0]));
}

#[test]
fn gravity_a_position_where_play_never_stops_is_refused_and_a_last_turn_with_nothing_to_move_is_scored() {
    let game = rules(GRAVITY);
    // Black's pieces are all stacked: its move step would be over.
    let refused = game.adjudicate(&black_to_move("8/8/8/8/8/8/8/n6N"), "a1b1").unwrap_err();
    assert_eq!(refused.code, rules::game::ErrorCode::BadPosition);
    assert_eq!(
        refused.message,
        "Nothing of Black's can move in this position, so its move step is over and the flipped piece is added next: a game never stops here (set the step to Add)."
    );
    let no_card = black_to_move("8/8/8/8/8/8/8/n6N")
        .replace("\"step\":\"Move\"", "\"step\":\"Add\"")
        .replace("\"flipped\":\"2H\"", "\"flipped\":null");
    let refused = game.adjudicate(&no_card, "add a").unwrap_err();
    assert_eq!(
        refused.message,
        "Black's add step needs the flipped card, one of Appendix A's piece cards: a game never stops here without one."
    );
    // White's last turn with nothing left to move: the game is over, and the answer says how.
    let position = json!({
        "board": "8/8/8/8/8/8/4P3/4n3", "to_move": "white", "white_seat": 0,
        "piles": [{"draw": [], "discard": []}, {"draw": [], "discard": []}],
        "flipped": null, "fresh_pawns": [], "done": [], "captured": [0, 0],
        "step": "Move", "last_turn": true, "ended": null,
    });
    let answer = game.adjudicate(&position.to_string(), "e2e1").unwrap();
    assert_eq!(answer.said, "No move is legal: the game is over (White wins, 2 to 1).");
}

#[test]
fn gravity_refusals_say_whose_piece_it_is_why_it_may_not_go_there_and_what_the_step_asks() {
    let game = rules(GRAVITY);
    let said = |placement: &str, action: &str| game.adjudicate(&black_to_move(placement), action).unwrap().said;
    assert_eq!(said("8/8/8/4r3/8/4P3/8/8", "e3e2"), "Black's move e3→e2 is illegal: the pawn on e3 is White's.");
    assert_eq!(said("8/8/8/4r3/8/4n3/4P3/4n3", "e5e3"), "Black's rook e5→e3 is illegal: e3 holds your own knight.");
    let said_add = said("8/8/8/4r3/8/8/8/8", "add a");
    assert_eq!(
        said_add,
        "Black's add a is illegal: the flipped piece is added once every piece of yours has moved: this is the move step. Write a move as from and to (e8e6), or cant e4 for a piece of yours that cannot move."
    );
    // The record says who adds which piece.
    let add = json!({
        "board": "8/8/8/8/8/8/8/8", "to_move": "white", "white_seat": 0,
        "piles": [{"draw": ["2S"], "discard": []}, {"draw": ["2H"], "discard": []}],
        "flipped": "3S", "fresh_pawns": [], "done": [], "captured": [0, 0],
        "step": "Add", "last_turn": false, "ended": null,
    });
    let answer = game.adjudicate(&add.to_string(), "add d").unwrap();
    assert_eq!(answer.reason, "White adds the black pawn on d8.");
}

/// White's last turn, moves only: `placement`, then White's `action`, and what the
/// adjudication says (the game's end when it ends).
struct LastTurn {
    placement: &'static str,
    action: &'static str,
    said: &'static str,
}

const STACKED_PAWNS: &[LastTurn] = &[
    // The pawn on e2 stands on the stacked knight and has nothing to capture: it is stacked on
    // the second row (2 points); the knight on e1 gives Black 1.
    LastTurn {
        placement: "8/8/7N/8/8/8/4P3/4n3",
        action: "h6g4",
        said: "White's knight h6→g4 is legal, and ends the game: White wins, 2 to 1.",
    },
    // The same with a black pawn under it: the black pawn is stacked on e2 (2 points) and the
    // white pawn on top of it on e3 (3 points); the knight on e1 gives Black 1 more.
    LastTurn {
        placement: "8/8/7N/8/8/4P3/4p3/4n3",
        action: "h6g4",
        said: "White's knight h6→g4 is legal, and ends the game: White wins, 3 to 3 (on the highest row that differs).",
    },
];

#[test]
fn gravity_a_pawn_on_a_stacked_piece_with_nothing_to_capture_is_stacked() {
    let game = rules(GRAVITY);
    for case in STACKED_PAWNS {
        let position = json!({
            "board": case.placement, "to_move": "white", "white_seat": 0,
            "piles": [{"draw": [], "discard": []}, {"draw": [], "discard": []}],
            "flipped": null, "fresh_pawns": [], "done": [], "captured": [0, 0],
            "step": "Move", "last_turn": true, "ended": null,
        });
        let answer = game.adjudicate(&position.to_string(), case.action).unwrap();
        assert_eq!(answer.said, case.said, "{}", case.placement);
    }
    // A pawn that may still capture an unstacked piece diagonally below is not stacked: the
    // white pawn on e3 may take the rook on d2.
    let stacked = |placement: &str| {
        let state = gravity_position(placement, &[]);
        serde_json::to_value(rules(GRAVITY).view(&state, Viewer::Spectator)).unwrap()["game"]["stacked"].clone()
    };
    assert_eq!(stacked("8/8/8/8/8/4P3/3rp3/4n3"), json!(["e1", "e2"]));
    assert_eq!(stacked("8/8/7N/8/8/4P3/4p3/4n3"), json!(["e1", "e2", "e3"]));
}

#[test]
fn gravity_a_king_is_never_captured_so_a_pawn_whose_only_capture_is_a_king_is_stacked() {
    // The white pawn on g4 stands on a column of stacked black pieces; diagonally below it
    // stands the black king, which it may not take: the pawn is stacked (the knight on a8 is
    // White's piece still to move).
    let state = gravity_position("N7/8/8/8/6P1/5kr1/6r1/6n1", &[]);
    let public = serde_json::to_value(rules(GRAVITY).view(&state, Viewer::Spectator)).unwrap()["game"].clone();
    assert_eq!(public["stacked"], json!(["g1", "g2", "g3", "g4"]));
    let game = rules(GRAVITY);
    let refused = |placement: &str, action: &str| {
        game.apply(&mut gravity_position(placement, &[]), 0, action, &mut NoRandomness).unwrap_err().message
    };
    assert_eq!(
        refused("8/8/8/8/6P1/5k2/8/8", "g4f3"),
        "A king is never captured in Gravity Chess: the black king on f3 stays."
    );
    assert_eq!(
        refused("8/8/8/8/5R1k/8/8/8", "f4h4"),
        "A king is never captured in Gravity Chess: the black king on h4 stays."
    );
}

#[test]
fn gravity_a_finished_game_lists_no_piece_to_move() {
    let position = json!({
        "board": "8/8/7N/8/8/8/4P3/4n3", "to_move": "white", "white_seat": 0,
        "piles": [{"draw": [], "discard": []}, {"draw": [], "discard": []}],
        "flipped": null, "fresh_pawns": [], "done": [], "captured": [0, 0],
        "step": "Move", "last_turn": true, "ended": null,
    });
    let game = rules(GRAVITY);
    let mut state = game.parse_position(&position.to_string()).unwrap();
    game.apply(&mut state, 0, "h6g4", &mut NoRandomness).unwrap();
    assert!(game.outcome(&state).is_some());
    let public = serde_json::to_value(game.view(&state, Viewer::Spectator)).unwrap()["game"].clone();
    assert_eq!(public["to_move_now"], json!([]), "the game is over: nothing is left to move");
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
