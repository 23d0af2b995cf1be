//! One test per rule of the games where more than two people share the table (seed 001:
//! Crowded House), with positions a reader can set up: FEN, then the half that moves.

mod support;

use rules::game::{AnyState, ErrorCode, SeatResult, Viewer};
use rules::random::NoRandomness;
use support::{rules, seat_to_move};

const CROWDED: &str = "crowded-house";
const START: &str = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 king";

/// Reads `position` and plays `actions` by whoever is to act.
fn after(position: &str, actions: &[&str]) -> AnyState {
    let game = rules(CROWDED);
    let mut state = game.parse_position(position).unwrap_or_else(|e| panic!("{position}: {e}"));
    for a in actions {
        let seat = seat_to_move(game, &state);
        game.apply(&mut state, seat, a, &mut NoRandomness).unwrap_or_else(|e| panic!("{a}: {e}"));
    }
    state
}

/// The side to move after `actions`, as the table says it.
fn side_to_move(position: &str, actions: &[&str]) -> String {
    let game = rules(CROWDED);
    let state = after(position, actions);
    game.seats(&state).side_of(seat_to_move(game, &state)).to_string()
}

/// The refusal of `action` after `actions`; the state must be unchanged by it.
fn refusal(position: &str, actions: &[&str], action: &str) -> (ErrorCode, String) {
    let game = rules(CROWDED);
    let mut state = after(position, actions);
    let seat = seat_to_move(game, &state);
    let before = game.save(&state);
    let err = game.apply(&mut state, seat, action, &mut NoRandomness).expect_err("should be refused");
    assert_eq!(game.save(&state), before, "a refused action changes nothing");
    (err.code, err.message)
}

fn accepted(position: &str, actions: &[&str], action: &str) -> String {
    let game = rules(CROWDED);
    let mut state = after(position, actions);
    let seat = seat_to_move(game, &state);
    game.apply(&mut state, seat, action, &mut NoRandomness).unwrap_or_else(|e| panic!("{action}: {e}")).description
}

fn view(state: &AnyState) -> serde_json::Value {
    serde_json::to_value(rules(CROWDED).view(state, Viewer::Spectator)).unwrap()
}

fn outcome_reason(state: &AnyState) -> Option<String> {
    rules(CROWDED).outcome(state).map(|o| o.reason)
}

#[test]
fn crowded_house_seats_four_players_in_two_teams_in_the_seeds_order() {
    // "the play order would be Walter, Betty, Winnie, Bob": king-side White, king-side
    // Black, queen-side White, queen-side Black.
    let order = [
        side_to_move(START, &[]),
        side_to_move(START, &["e2e4"]),
        side_to_move(START, &["e2e4", "e7e5"]),
        side_to_move(START, &["e2e4", "e7e5", "d2d4"]),
        side_to_move(START, &["e2e4", "e7e5", "d2d4", "d7d5"]),
    ];
    assert_eq!(
        order,
        ["king-side White", "king-side Black", "queen-side White", "queen-side Black", "king-side White"]
    );
    let seating = rules(CROWDED).seats(&after(START, &[]));
    assert_eq!(seating.members(0), vec![0, 2], "White's team");
    assert_eq!(seating.members(1), vec![1, 3], "Black's team");
}

#[test]
fn winnie_may_move_the_bishop_to_the_queen_side_but_not_to_e2() {
    // Seed: "She may move the bishop as shown by the arrow, because it ends up on the queen
    // side of the board. Winnie may not move the bishop to e2, because it would start and end
    // on the king side." Walter and Betty have opened with their e-pawns.
    let opened = ["e2e4", "e7e5"];
    assert_eq!(side_to_move(START, &opened), "queen-side White");
    assert_eq!(accepted(START, &opened, "Bc4"), "Bf1-c4");
    assert_eq!(accepted(START, &opened, "f1a6"), "Bf1-a6");
    let (code, why) = refusal(START, &opened, "Be2");
    assert_eq!(code, ErrorCode::IllegalAction);
    assert_eq!(
        why,
        "You move only pieces that start or end on the queen side (files a–d); the bishop f1→e2 stays on the king side (files e–h)."
    );
}

#[test]
fn a_king_side_player_may_not_move_a_queen_side_pawn() {
    let (_, why) = refusal(START, &[], "d2d4");
    assert!(why.starts_with("You move only pieces that start or end on the king side"), "{why}");
    assert_eq!(accepted(START, &[], "Nf3"), "Ng1-f3");
}

#[test]
fn a_king_may_step_into_an_attack_the_next_player_cannot_make() {
    // The rook on a2 stands on the queen side: king-side Black, who moves next, can capture
    // only with a move that starts or ends on the king side, and d2 is on the queen side.
    let position = "4k3/8/8/8/8/8/r7/4K3 w - - 0 1 king";
    assert_eq!(accepted(position, &[], "e1d2"), "Ke1-d2");
    // On e2 the capture would end on the king side, so king-side Black could make it.
    let (_, why) = refusal(position, &[], "e1e2");
    assert_eq!(
        why,
        "Your king could be captured at once: king-side Black, who moves next, would take it with the rook on a2."
    );
    // Once king-side Black has moved, White's partner is in check: queen-side Black is next.
    let state = after(position, &["e1d2", "e8f8"]);
    assert_eq!(view(&state)["game"]["check"], true);
    let (_, why) = refusal(position, &["e1d2", "e8f8"], "d2c2");
    assert!(why.contains("queen-side Black, who moves next, would take it with the rook on a2"), "{why}");
}

#[test]
fn a_king_may_castle_out_of_check_when_the_next_player_cannot_capture_it_after() {
    // The rook on e8 checks the king (king-side Black could take it on e1); castled on g1 the
    // king is safe.
    let position = "k3r3/8/8/8/8/8/8/4K2R w K - 0 1 king";
    assert_eq!(view(&after(position, &[]))["game"]["check"], true);
    assert_eq!(accepted(position, &[], "O-O"), "O-O");
}

#[test]
fn a_king_may_castle_across_an_attacked_square_only_the_square_it_ends_on_counts() {
    let position = "k4r2/8/8/8/8/8/8/4K2R w K - 0 1 king";
    assert_eq!(accepted(position, &[], "e1g1"), "O-O");
    let (_, why) = refusal("k5r1/8/8/8/8/8/8/4K2R w K - 0 1 king", &[], "O-O");
    assert!(why.contains("would take it with the rook on g8"), "{why}");
}

#[test]
fn queen_side_castling_ends_on_the_queen_side_so_either_player_of_the_colour_may_castle_long() {
    let position = "4k3/8/8/8/8/8/8/R3K3 w Q - 0 1";
    assert_eq!(accepted(&format!("{position} king"), &[], "O-O-O"), "O-O-O");
    assert_eq!(accepted(&format!("{position} queen"), &[], "O-O-O"), "O-O-O");
    let (_, why) = refusal("4k3/8/8/8/8/8/8/4K2R w K - 0 1 queen", &[], "O-O");
    assert_eq!(
        why,
        "You move only pieces that start or end on the queen side (files a–d); the king e1→g1 stays on the king side (files e–h)."
    );
}

#[test]
fn en_passant_works_only_for_the_player_right_after_the_double_step() {
    let position = "4k3/8/8/8/3p4/8/4P3/4K3 w - - 0 1 king";
    // King-side Black takes at once: the capture ends on e3, on its half.
    assert_eq!(accepted(position, &["e2e4"], "d4e3"), "d4xe3 e.p.");
    // Later, queen-side Black may not.
    let (_, why) = refusal(position, &["e2e4", "e8f8", "e1d1"], "d4e3");
    assert!(why.contains("only on the move right after it stepped two squares"), "{why}");
}

#[test]
fn a_player_with_no_move_on_its_half_moves_nothing_and_the_record_says_so() {
    // White has only queen-side pieces that cannot reach the king side: king-side White
    // passes at once, and so do queen-side Black (no piece on its half) and king-side White
    // again after queen-side White's move.
    let position = "7k/7p/8/8/8/8/P7/K7 w - - 0 1 king";
    let game = rules(CROWDED);
    let state = after(position, &[]);
    assert_eq!(side_to_move(position, &[]), "king-side Black");
    assert_eq!(view(&state)["game"]["passed"], serde_json::json!([0]));
    let mut state = after(position, &["h8g8"]);
    let applied = game.apply(&mut state, 2, "a2a3", &mut NoRandomness).unwrap();
    assert_eq!(applied.description, "a2-a3; queen-side Black and king-side White have no move and pass");
    assert_eq!(side_to_move(position, &["h8g8", "a2a3"]), "king-side Black");
}

#[test]
fn checkmate_counts_only_when_the_next_player_can_make_the_capture() {
    // An orthodox back-rank mate, but the rook on e8 stands on the king side: queen-side
    // White, who moves after king-side Black, could not take the king with it. So king-side
    // Black is not in check and may even step to g8.
    let position = "4R2k/6pp/8/8/8/8/8/K7 b - - 0 1 king";
    let state = after(position, &[]);
    assert_eq!(view(&state)["game"]["check"], false);
    assert_eq!(outcome_reason(&state), None);
    assert_eq!(accepted(position, &[], "h8g8"), "Kh8-g8");
    // Then queen-side Black's turn: king-side White is next and can take on g8; queen-side
    // Black has nothing on its half to answer with.
    let state = after(position, &["h8g8", "a1a2"]);
    assert_eq!(outcome_reason(&state).as_deref(), Some("checkmate, White wins"));
    let results = rules(CROWDED).outcome(&state).unwrap().results;
    use SeatResult::*;
    assert_eq!(results, vec![Win, Loss, Win, Loss]);
}

#[test]
fn stalemate_is_a_team_that_cannot_move_on_both_its_turns_in_a_row() {
    // King-side Black's king cannot step to g8 (the bishop on a2, on the queen side, lets
    // queen-side White take there) nor to g7 or h7 (the rook on a7): it is not in check, so it
    // moves nothing. Queen-side Black has nothing on its half either: the game is drawn.
    let position = "7k/R7/8/8/8/8/B7/2K5 b - - 0 1 king";
    let state = after(position, &[]);
    assert_eq!(side_to_move(position, &[]), "queen-side White");
    assert_eq!(outcome_reason(&state), None);
    let state = after(position, &["c1d1"]);
    assert_eq!(outcome_reason(&state).as_deref(), Some("stalemate: neither Black player can move"));
    assert_eq!(rules(CROWDED).outcome(&state).unwrap().results, vec![SeatResult::Draw; 4]);
}

#[test]
fn a_resignation_or_a_draw_is_the_teams() {
    let game = rules(CROWDED);
    let mut state = after(START, &["e2e4"]);
    game.apply(&mut state, 3, "resign", &mut NoRandomness).unwrap();
    let outcome = game.outcome(&state).unwrap();
    assert_eq!(outcome.reason, "Black resigned, White wins");
    use SeatResult::*;
    assert_eq!(outcome.results, vec![Win, Loss, Win, Loss]);

    let mut state = after(START, &[]);
    game.apply(&mut state, 2, "offer-draw", &mut NoRandomness).unwrap();
    game.apply(&mut state, 3, "accept-draw", &mut NoRandomness).unwrap();
    assert_eq!(game.outcome(&state).unwrap().reason, "draw by agreement");
}

#[test]
fn the_board_marks_the_viewers_half_and_the_king_in_check() {
    let game = rules(CROWDED);
    let state = after("4k3/8/8/8/8/8/r7/4K3 w - - 0 1 king", &["e1d2", "e8f8"]);
    let board = serde_json::to_value(game.view(&state, Viewer::Seat(3))).unwrap()["board"].clone();
    let markers = |id: &str| -> Vec<String> {
        let cell = board["cells"].as_array().unwrap().iter().find(|c| c["id"] == id).unwrap();
        serde_json::from_value(cell["markers"].clone()).unwrap_or_default()
    };
    assert!(markers("a1").contains(&"half".into()), "the queen side is seat 3's half");
    assert!(!markers("h1").contains(&"half".into()));
    assert!(markers("d2").contains(&"check".into()));
}

#[test]
fn a_position_the_last_move_could_not_have_left_is_refused() {
    // Black just moved, yet king-side White could take Black's king on e8 with the rook.
    let err = rules(CROWDED).parse_position("4k3/8/8/8/8/8/8/4RK2 w - - 0 1 king").err().unwrap();
    assert_eq!(err.code, ErrorCode::BadPosition);
    assert!(err.message.contains("the last move was illegal"), "{}", err.message);
    let err = rules(CROWDED).parse_position(STANDARD_WITHOUT_HALF).err().unwrap();
    assert!(err.message.contains("then the half that moves"), "{}", err.message);
}

const STANDARD_WITHOUT_HALF: &str = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";

#[test]
fn perft_from_the_start_counts_each_seats_moves_on_its_half() {
    // King-side White: pawns e–h (8 moves) and the g-knight (2); the b-knight's and the
    // queen-side pawns' moves start and end on the queen side.
    let game = rules(CROWDED);
    let state = after(START, &[]);
    assert_eq!(game.perft(&state, 1).unwrap(), 10);
    assert_eq!(game.perft(&state, 2).unwrap(), 100);
}
