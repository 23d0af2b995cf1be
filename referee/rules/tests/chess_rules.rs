//! One test per rule of orthodox chess and Chess960, with positions a reader can set up.

mod support;

use rules::game::{ActiveSeat, AnyState, ErrorCode, SeatResult, Turn, Viewer};
use rules::random::{EventRng, GameKey, NoRandomness};
use serde_json::{Value, json};
use support::{rules, seat_to_move, xorshift};

/// Sets up `id` with `options` and plays `moves` in turn.
fn play(id: &str, options: Value, moves: &[&str]) -> AnyState {
    let game = rules(id);
    let mut state = game.setup(&options, &mut NoRandomness).unwrap();
    for m in moves {
        let seat = seat_to_move(game, &state);
        game.apply(&mut state, seat, m, &mut NoRandomness).unwrap_or_else(|e| panic!("{m}: {e}"));
    }
    state
}

fn from_fen(fen: &str, moves: &[&str]) -> AnyState {
    play("chess", json!({ "fen": fen }), moves)
}

/// The refusal of `action` by the seat to move in `fen`.
fn refusal(id: &str, fen: &str, action: &str) -> (ErrorCode, String) {
    let game = rules(id);
    let mut state = game.parse_position(fen).unwrap();
    let seat = seat_to_move(game, &state);
    let before = game.save(&state);
    let err = game.apply(&mut state, seat, action, &mut NoRandomness).expect_err("should be refused");
    assert_eq!(game.save(&state), before, "a refused action leaves the game untouched");
    (err.code, err.message)
}

fn why(fen: &str, action: &str) -> String {
    let (code, message) = refusal("chess", fen, action);
    assert_eq!(code, ErrorCode::IllegalAction, "{message}");
    message
}

fn position(state: &AnyState, id: &str) -> String {
    rules(id).format_position(state)
}

fn outcome_reason(state: &AnyState, id: &str) -> Option<String> {
    rules(id).outcome(state).map(|o| o.reason)
}

fn legal(state: &AnyState, id: &str) -> Vec<String> {
    let game = rules(id);
    game.legal_actions(state, seat_to_move(game, state))
}

#[test]
fn check_must_be_answered() {
    // 1. e4 f6 2. Qh5+ : Black must block with g6, nothing else.
    let state = play("chess", Value::Null, &["e2e4", "f7f6", "d1h5"]);
    let moves: Vec<String> = legal(&state, "chess").into_iter().filter(|a| a.len() == 4).collect();
    assert_eq!(moves, ["g7g6"]);
    assert_eq!(
        why("rnbqkbnr/ppppp1pp/5p2/7Q/4P3/8/PPPP1PPP/RNB1KBNR b KQkq - 1 2", "a7a6"),
        "Your king is in check from the queen on h5, and this move does not stop it."
    );
}

#[test]
fn checkmate_ends_the_game_and_the_mating_side_wins() {
    // Fool's mate.
    let state = play("chess", Value::Null, &["f2f3", "e7e5", "g2g4", "d8h4"]);
    let outcome = rules("chess").outcome(&state).unwrap();
    assert_eq!(outcome.results, [SeatResult::Loss, SeatResult::Win]);
    assert_eq!(outcome.reason, "checkmate, Black wins");
    assert_eq!(rules("chess").turn(&state), Turn::Over);
    let seat = 0;
    let err =
        rules("chess").apply(&mut rules("chess").clone_state(&state), seat, "e2e4", &mut NoRandomness).unwrap_err();
    assert_eq!(err.code, ErrorCode::GameOver);
}

#[test]
fn stalemate_is_a_draw() {
    // White queen to c7 leaves the black king on a8 no move and no check.
    let state = from_fen("k7/8/1K6/8/8/8/8/2Q5 w - - 0 1", &["c1c7"]);
    let outcome = rules("chess").outcome(&state).unwrap();
    assert_eq!(outcome.results, [SeatResult::Draw, SeatResult::Draw]);
    assert_eq!(outcome.reason, "stalemate");
}

#[test]
fn castling_king_side_and_queen_side() {
    let fen = "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1";
    assert_eq!(position(&from_fen(fen, &["e1g1"]), "chess"), "r3k2r/8/8/8/8/8/8/R4RK1 b kq - 1 1");
    assert_eq!(position(&from_fen(fen, &["O-O-O"]), "chess"), "r3k2r/8/8/8/8/8/8/2KR3R b kq - 1 1");
    // Written as king takes rook, as Chess960 programs do, it is still understood.
    assert_eq!(position(&from_fen(fen, &["e1h1"]), "chess"), "r3k2r/8/8/8/8/8/8/R4RK1 b kq - 1 1");
}

#[test]
fn castling_is_not_allowed_out_of_check() {
    assert_eq!(
        why("4k3/8/8/8/4r3/8/8/R3K2R w KQ - 0 1", "e1g1"),
        "You cannot castle out of check: your king is attacked by the rook on e4."
    );
}

#[test]
fn castling_is_not_allowed_through_an_attacked_square() {
    assert_eq!(
        why("4k3/8/8/8/2b5/8/8/R3K2R w KQ - 0 1", "e1g1"),
        "You cannot castle through f1: it is attacked by the bishop on c4."
    );
}

#[test]
fn castling_is_not_allowed_into_check() {
    assert_eq!(
        why("4k1r1/8/8/8/8/8/8/R3K2R w KQ - 0 1", "e1g1"),
        "You cannot castle into check on g1: it is attacked by the rook on g8."
    );
}

#[test]
fn castling_needs_the_squares_between_empty() {
    assert_eq!(
        why("r1bqkbnr/pppp1ppp/2n5/1B2p3/4P3/5N2/PPPP1PPP/RNBQK2R w KQkq - 3 3", "e1c1"),
        "You cannot castle on the queen side: the knight on b1 is in the way."
    );
}

#[test]
fn castling_right_is_lost_when_king_or_rook_moves() {
    let state = from_fen("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1", &["h1h2", "a8a7", "h2h1", "a7a8"]);
    assert_eq!(position(&state, "chess"), "r3k2r/8/8/8/8/8/8/R3K2R w Qk - 4 3");
    assert_eq!(
        why("r3k2r/8/8/8/8/8/8/R3K2R w Qk - 4 3", "e1g1"),
        "You can no longer castle on the king side: your king or that rook has already moved."
    );
    let state = from_fen("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1", &["e1e2", "e8d8", "e2e1"]);
    assert_eq!(position(&state, "chess"), "r2k3r/8/8/8/8/8/8/R3K2R b - - 3 2");
}

#[test]
fn castling_right_is_lost_when_the_rook_is_captured() {
    let state = from_fen("r3k2r/8/8/8/8/8/6b1/R3K2R b KQkq - 0 1", &["g2h1"]);
    assert_eq!(position(&state, "chess"), "r3k2r/8/8/8/8/8/8/R3K2b w Qkq - 0 2");
}

#[test]
fn en_passant_right_after_the_double_step() {
    let state = from_fen("4k3/3p4/8/4P3/8/8/8/4K3 b - - 0 1", &["d7d5", "e5d6"]);
    assert_eq!(position(&state, "chess"), "4k3/8/3P4/8/8/8/8/4K3 b - - 0 2");
}

#[test]
fn en_passant_only_on_the_very_next_move() {
    let state = from_fen("4k3/3p4/8/4P3/8/8/8/4K3 b - - 0 1", &["d7d5", "e1e2", "e8e7"]);
    let fen = position(&state, "chess");
    assert_eq!(
        why(&fen, "e5d6"),
        "The pawn on d5 can be taken en passant only on the move right after it stepped two squares; d6 is empty."
    );
}

#[test]
fn en_passant_cannot_expose_the_king_along_the_rank() {
    // Taking en passant would remove both pawns from the fifth rank between king and rook.
    let game = rules("chess");
    let mut state = from_fen("7k/3p4/8/K3P2r/8/8/8/8 b - - 0 1", &["d7d5"]);
    let err = game.apply(&mut state, 0, "e5d6", &mut NoRandomness).unwrap_err();
    assert_eq!(err.message, "Capturing en passant would open a line to your king for the rook on h5.");
}

#[test]
fn promotion_to_any_of_four_pieces() {
    for (letter, piece) in [("q", "Q"), ("r", "R"), ("b", "B"), ("n", "N")] {
        let state = from_fen("8/P6k/8/8/8/8/8/4K3 w - - 0 1", &[&format!("a7a8{letter}")]);
        assert_eq!(position(&state, "chess"), format!("{piece}7/7k/8/8/8/8/8/4K3 b - - 0 1"));
    }
    assert_eq!(
        why("8/P6k/8/8/8/8/8/4K3 w - - 0 1", "a7a8"),
        "A pawn reaching the last rank must be promoted: add q, r, b or n, as in a7a8q."
    );
    assert_eq!(why("8/P6k/8/8/8/8/8/4K3 w - - 0 1", "e1e2q"), "Only a pawn reaching the last rank can be promoted.");
    let (code, message) = refusal("chess", "8/P6k/8/8/8/8/8/4K3 w - - 0 1", "a7a8k");
    assert_eq!(code, ErrorCode::BadNotation);
    assert!(message.contains("q, r, b or n"), "{message}");
}

#[test]
fn fifty_move_rule_draws_automatically_by_default() {
    let state = from_fen("4k3/8/8/8/8/8/8/R3K3 w - - 99 80", &["a1a2"]);
    assert_eq!(outcome_reason(&state, "chess").as_deref(), Some("fifty-move rule"));
    // A capture or pawn move resets the count.
    let state = from_fen("4k3/8/8/8/8/8/4P3/R3K3 w - - 99 80", &["e2e3"]);
    assert_eq!(outcome_reason(&state, "chess"), None);
}

#[test]
fn fifty_move_rule_can_be_a_claim_instead() {
    let state = play("chess", json!({"fen": "4k3/8/8/8/8/8/8/R3K3 w - - 99 80", "draws": "claim"}), &["a1a2"]);
    assert_eq!(outcome_reason(&state, "chess"), None);
    assert!(legal(&state, "chess").contains(&"claim-draw".to_string()));
    let state =
        play("chess", json!({"fen": "4k3/8/8/8/8/8/8/R3K3 w - - 99 80", "draws": "claim"}), &["a1a2", "claim-draw"]);
    assert_eq!(outcome_reason(&state, "chess").as_deref(), Some("fifty-move rule, claimed by Black"));
    let (code, _) = refusal("chess", "4k3/8/8/8/8/8/8/R3K3 w - - 0 80", "claim-draw");
    assert_eq!(code, ErrorCode::IllegalAction);
}

#[test]
fn threefold_repetition_draws() {
    let knights = ["g1f3", "g8f6", "f3g1", "f6g8", "g1f3", "g8f6", "f3g1"];
    let state = play("chess", Value::Null, &knights);
    assert_eq!(outcome_reason(&state, "chess"), None, "the start position has occurred twice so far");
    let state = play("chess", Value::Null, &[&knights[..], &["f6g8"]].concat());
    assert_eq!(outcome_reason(&state, "chess").as_deref(), Some("threefold repetition"));
}

#[test]
fn repetition_counts_castling_rights_as_part_of_the_position() {
    // The rook goes out and back: same placement, but White lost the right to castle king side.
    let moves = ["h1g1", "e8d8", "g1h1", "d8e8", "h1g1", "e8d8", "g1h1", "d8e8"];
    let state = from_fen("4k3/8/8/8/8/8/8/4K2R w K - 0 1", &moves);
    assert_eq!(outcome_reason(&state, "chess"), None, "the first position had a castling right");
    let state = from_fen("4k3/8/8/8/8/8/8/4K2R w K - 0 1", &[&moves[..], &["h1g1"]].concat());
    assert_eq!(outcome_reason(&state, "chess").as_deref(), Some("threefold repetition"));
}

#[test]
fn insufficient_material_draws() {
    let state = from_fen("4k3/8/8/8/8/8/3r4/2N1K3 w - - 0 1", &["e1d2"]);
    assert_eq!(outcome_reason(&state, "chess").as_deref(), Some("insufficient material: neither side can checkmate"));
    // Bishops on squares of one colour cannot mate either; on both colours they can.
    assert!(
        rules("chess").outcome(&rules("chess").parse_position("4k3/8/8/8/8/8/8/2B1KB2 w - - 0 1").unwrap()).is_none()
    );
    let same = rules("chess").parse_position("4kb2/8/8/8/8/8/8/2B1K3 w - - 0 1").unwrap();
    assert!(rules("chess").outcome(&same).is_some());
}

#[test]
fn pinned_pieces_may_not_leave_the_line() {
    assert_eq!(
        why("r1bqkbnr/ppp2ppp/2np4/1B2p3/4P3/5N2/PPPP1PPP/RNBQK2R b KQkq - 1 4", "c6d4"),
        "The knight on c6 is pinned to your king by the bishop on b5."
    );
}

#[test]
fn the_king_may_not_move_into_check() {
    assert_eq!(why("4k3/8/8/8/8/8/r7/4K3 w - - 0 1", "e1e2"), "Your king would be in check on e2 from the rook on a2.");
}

#[test]
fn pieces_move_only_their_own_way() {
    let start = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
    assert_eq!(why(start, "c1c3"), "A bishop moves diagonally; it cannot go from c1 to c3.");
    assert_eq!(why(start, "c1e3"), "The bishop on c1 cannot jump over the pawn on d2.");
    assert_eq!(
        why(start, "e2e5"),
        "A pawn moves one square forward (two from its starting square) and captures one square diagonally forward; it cannot go from e2 to e5."
    );
    assert_eq!(why(start, "e2d3"), "A pawn moves diagonally only to capture, and d3 is empty.");
    assert_eq!(why(start, "a1a2"), "You cannot capture your own pawn on a2.");
    assert_eq!(why(start, "e3e4"), "There is no piece on e3.");
    assert_eq!(why(start, "e7e5"), "The pawn on e7 is Black's; it is White's move.");
    assert_eq!(
        why("4k3/8/8/8/8/4p3/4P3/4K3 w - - 0 1", "e2e3"),
        "The pawn on e2 is blocked by the pawn on e3; pawns capture diagonally, not straight ahead."
    );
    assert_eq!(
        why("4k3/8/8/8/8/4P3/8/4K3 w - - 0 1", "e3e5"),
        "A pawn may move two squares only from its starting square; the pawn on e3 has already moved."
    );
}

#[test]
fn only_the_seat_to_move_may_move() {
    let game = rules("chess");
    let mut state = game.setup(&Value::Null, &mut NoRandomness).unwrap();
    let err = game.apply(&mut state, 1, "e7e5", &mut NoRandomness).unwrap_err();
    assert_eq!((err.code, err.message.as_str()), (ErrorCode::NotYourTurn, "It is not your turn: White is to play."));
    let err = game.apply(&mut state, 2, "e2e4", &mut NoRandomness).unwrap_err();
    assert_eq!(err.code, ErrorCode::UnknownSeat);
}

#[test]
fn resignation_ends_the_game_for_either_seat_at_any_time() {
    let state = play("chess", Value::Null, &["e2e4"]);
    let game = rules("chess");
    let mut s = game.clone_state(&state);
    game.apply(&mut s, 0, "resign", &mut NoRandomness).unwrap();
    let outcome = game.outcome(&s).unwrap();
    assert_eq!(outcome.results, [SeatResult::Loss, SeatResult::Win]);
    assert_eq!(outcome.reason, "White resigned, Black wins");
}

#[test]
fn a_draw_offer_can_be_accepted_or_declined_by_moving() {
    let game = rules("chess");
    let mut state = play("chess", Value::Null, &["e2e4"]);
    game.apply(&mut state, 1, "offer-draw", &mut NoRandomness).unwrap();
    assert_eq!(
        game.apply(&mut game.clone_state(&state), 1, "accept-draw", &mut NoRandomness).unwrap_err().code,
        ErrorCode::IllegalAction
    );
    let mut accepted = game.clone_state(&state);
    game.apply(&mut accepted, 0, "accept-draw", &mut NoRandomness).unwrap();
    assert_eq!(game.outcome(&accepted).unwrap().reason, "draw by agreement");
    // Black offers, then White plays on instead: the offer lapses.
    game.apply(&mut state, 1, "e7e5", &mut NoRandomness).unwrap();
    game.apply(&mut state, 0, "g1f3", &mut NoRandomness).unwrap();
    assert_eq!(game.view(&state, Viewer::Spectator).to_json()["draw_offer"], Value::Null);
}

#[test]
fn san_is_written_with_disambiguation_checks_and_promotions() {
    let game = rules("chess");
    let cases = [
        ("4k3/8/8/8/8/8/8/R3K2R w KQ - 0 1", "e1c1", "O-O-O"),
        ("4k3/8/8/8/8/8/8/R3K2R w KQ - 0 1", "e1g1", "O-O"),
        ("4k3/8/8/8/8/8/8/1N1NK3 w - - 0 1", "b1c3", "Nbc3"),
        ("4k3/8/8/8/8/R7/8/R3K3 w - - 0 1", "a1a2", "R1a2"),
        ("1k6/8/8/8/Q6Q/8/8/4K2Q w - - 0 1", "h4e4", "Qh4e4"),
        ("3rk3/2P5/8/8/8/8/8/4K3 w - - 0 1", "c7d8q", "cxd8=Q+"),
        ("4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 1", "e5d6", "exd6"),
        ("6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1", "a1a8", "Ra8#"),
    ];
    for (fen, action, expected) in cases {
        let answer = game.adjudicate(fen, action).unwrap();
        assert!(answer.legal, "{fen} {action}: {}", answer.reason);
        assert!(answer.reason.starts_with(&format!("{expected}.")), "{fen}: {}", answer.reason);
        // And SAN is read back as the same move.
        let again = game.adjudicate(fen, expected).unwrap();
        assert_eq!(again.action.as_deref(), Some(action), "{expected}");
    }
}

#[test]
fn adjudication_explains_without_a_game() {
    let answer =
        rules("chess").adjudicate("r1bqkbnr/ppp2ppp/2np4/1B2p3/4P3/5N2/PPPP1PPP/RNBQK2R b KQkq - 1 4", "c6d4").unwrap();
    assert!(!answer.legal);
    assert_eq!(answer.code, Some(ErrorCode::IllegalAction));
    assert_eq!(answer.position, None);
    let err =
        rules("chess").adjudicate("rnbqkbnr/pppppppp/8/8/8/ppp6/PPPPPPPP/RNBQKBNR w KQkq - 0 1", "e2e4").unwrap_err();
    assert_eq!((err.code, err.message.as_str()), (ErrorCode::BadPosition, "rank 3 has 9 squares, it needs 8"));
    let over = rules("chess").adjudicate("R5k1/5ppp/8/8/8/8/8/6K1 b - - 1 1", "g8h8").unwrap();
    assert_eq!(over.code, Some(ErrorCode::GameOver));
}

#[test]
fn orthodox_chess_refuses_chess960_castling_rights() {
    let err = rules("chess").parse_position("bnrqkbnr/pppppppp/8/8/8/8/PPPPPPPP/BNRQKBNR w HChc - 0 1").err().unwrap();
    assert_eq!(err.code, ErrorCode::BadPosition);
    assert!(rules("chess960").parse_position("bnrqkbnr/pppppppp/8/8/8/8/PPPPPPPP/BNRQKBNR w HChc - 0 1").is_ok());
}

/// Seed 001, "Chess960", "Castling": from the card example's start (BNRQKBNR) White's third
/// move could be to castle; queen side puts the king on c1 and the rook on d1.
#[test]
fn chess960_castling_ends_on_the_usual_squares_seed_example() {
    let state = play("chess960", json!({"cards": "1 6 N R Q R N R"}), &["d2d4", "h7h6", "d1d3", "g7g6", "e1c1"]);
    assert_eq!(position(&state, "chess960"), "bnrqkbnr/pppppp2/6pp/8/3P4/3Q4/PPP1PPPP/BNKR1BNR b hc - 1 3");
    let view = rules("chess960").view(&state, Viewer::Spectator).to_json();
    assert_eq!(view["played"][4]["said"], "O-O-O");
    assert_eq!(view["game"]["setup"]["cards"]["pieces"], json!(["8", "10", "Q", "10", "8", "10"]));
    assert_eq!(view["game"]["start"], "bnrqkbnr/pppppppp/8/8/8/8/PPPPPPPP/BNRQKBNR w HChc - 0 1");
}

#[test]
fn chess960_castling_needs_every_crossed_square_empty_but_king_and_rook() {
    // King b1, rook a1: castling queen side, the king goes to c1 and the rook jumps to d1.
    let fen = "4k3/8/8/8/8/8/8/RK1B4 w A - 0 1";
    let (_, message) = refusal("chess960", fen, "b1a1");
    assert_eq!(message, "You cannot castle on the queen side: the bishop on d1 is in the way.");
    let state = play("chess960", json!({"fen": "1r2k3/8/8/8/8/8/8/RK6 w A - 0 1"}), &[]);
    assert!(!legal(&state, "chess960").contains(&"b1a1".to_string()), "b8 rook attacks b1: castling out of check");
    let ok = play("chess960", json!({"fen": "4k3/8/8/8/8/8/8/RK6 w A - 0 1"}), &["b1a1"]);
    assert_eq!(position(&ok, "chess960"), "4k3/8/8/8/8/8/8/2KR4 b - - 1 1");
}

#[test]
fn chess960_castling_king_path_must_not_be_attacked_even_behind_the_rook() {
    // King b1 and rook c1 castle queen side... here the a1 rook's line to c1 is hidden by the
    // castling rook on b1; once it moves to d1 the king on c1 would stand in check.
    let (_, message) = refusal("chess960", "4k3/8/8/8/8/8/8/rRK5 w B - 0 1", "c1b1");
    assert_eq!(message, "You cannot castle into check on c1: it is attacked by the rook on a1.");
}

#[test]
fn chess960_setup_by_number_cards_or_draw() {
    let by_number = play("chess960", json!({"number": 518}), &[]);
    assert_eq!(position(&by_number, "chess960"), "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w HAha - 0 1");
    let key = GameKey::derive(b"setup test", &[]);
    let game = rules("chess960");
    let dealt = game.setup(&json!({}), &mut EventRng::new(key, 0)).unwrap();
    let view = game.view(&dealt, Viewer::Spectator).to_json();
    assert!(view["game"]["setup"]["cards"]["pieces"].as_array().unwrap().len() == 6, "{view}");
    let drawn = game.setup(&json!({"chess960_draw": "number"}), &mut EventRng::new(key, 0)).unwrap();
    assert!(game.view(&drawn, Viewer::Spectator).to_json()["game"]["setup"]["cards"].is_null());
    let err = game.setup(&json!({"number": 960}), &mut NoRandomness).err().unwrap();
    assert_eq!(err.code, ErrorCode::BadOptions);
    let err = game.setup(&json!({"numbr": 5}), &mut NoRandomness).err().unwrap();
    assert!(err.message.contains("unknown field"), "{}", err.message);
}

#[test]
fn saved_games_load_back_identically() {
    let game = rules("chess960");
    let state = play("chess960", json!({"number": 100}), &["e2e4", "e7e5", "offer-draw"]);
    let saved = game.save(&state);
    let loaded = game.load(&saved).unwrap();
    assert_eq!(game.save(&loaded), saved);
    assert_eq!(game.view(&loaded, Viewer::Seat(0)), game.view(&state, Viewer::Seat(0)));
}

/// Thousands of random games through the type-erased trait: every reported legal action is
/// accepted, nothing panics, and every game reaches an end or the ply limit.
#[test]
fn random_playouts_through_the_game_trait_accept_every_legal_action() {
    let mut next = xorshift(0x5151_2020_u64);
    let mut ended = 0;
    for (i, id) in ["chess", "chess960"].iter().cycle().take(2000).enumerate() {
        let game = rules(id);
        let options = if *id == "chess960" { json!({"chess960_draw": "number"}) } else { Value::Null };
        let mut state = game.setup(&options, &mut EventRng::new(GameKey::derive(b"playouts", &[]), i as u64)).unwrap();
        for _ in 0..400 {
            let Some(ActiveSeat { seat, .. }) = game.turn(&state).single() else { break };
            let actions: Vec<String> = game.legal_actions(&state, seat).into_iter().filter(|a| a.len() <= 5).collect();
            assert!(!actions.is_empty(), "a game that is not over has a legal move");
            let action = &actions[(next() % actions.len() as u64) as usize];
            game.apply(&mut state, seat, action, &mut NoRandomness).unwrap_or_else(|e| panic!("{action} refused: {e}"));
        }
        if game.outcome(&state).is_some() {
            ended += 1;
        }
    }
    assert!(ended > 1000, "most random games end by mate or a draw rule, {ended} did");
}

/// A move written in SAN that no legal move fits is explained like the same move in UCI: the
/// piece it must mean, and why that piece cannot go there.
#[test]
fn san_refusals_name_the_piece_and_the_reason() {
    let pinned = "r1bqkbnr/ppp2ppp/2np4/1B2p3/4P3/5N2/PPPP1PPP/RNBQK2R b KQkq - 1 4";
    let cases = [
        (pinned, "Nd4", "The knight on c6 is pinned to your king by the bishop on b5."),
        (pinned, "Ncd4", "The knight on c6 is pinned to your king by the bishop on b5."),
        (pinned, "O-O", "You cannot castle on the king side: the bishop on f8 is in the way."),
        (pinned, "exd4", "A pawn moves diagonally only to capture, and d4 is empty."),
        (pinned, "e4", "The pawn on e5 is blocked by the pawn on e4; pawns capture diagonally, not straight ahead."),
        (pinned, "Bxb5", "None of your bishops can reach b5."),
        ("4k3/8/8/8/8/8/8/R3K3 w - - 0 1", "Nf3", "You have no knight that could go to f3."),
        ("4k3/8/8/8/8/8/r7/4K3 w - - 0 1", "Ke2", "Your king would be in check on e2 from the rook on a2."),
    ];
    for (fen, action, expected) in cases {
        assert_eq!(why(fen, action), expected, "{action} in {fen}");
    }
}

/// SAN with more than it needs to say (a file or square no other piece would need) still reads.
#[test]
fn san_with_an_unneeded_disambiguation_is_accepted() {
    let pinned = "r1bqkbnr/ppp2ppp/2np4/1B2p3/4P3/5N2/PPPP1PPP/RNBQK2R b KQkq - 1 4";
    for action in ["Ne7", "Nge7", "Ng8e7", "N8e7", "Ng8-e7"] {
        let a = rules("chess").adjudicate(pinned, action);
        let a = a.unwrap_or_else(|e| panic!("{action}: {e}"));
        assert_eq!(a.action.as_deref(), Some("g8e7"), "{action}: {}", a.reason);
    }
}

/// "Is that legal?" answers name the side, the piece and the squares, so a board set up with
/// the wrong side to move is noticed at once.
#[test]
fn adjudication_says_whose_piece_goes_where() {
    let black = "r1bqkbnr/ppp2ppp/2np4/1B2p3/4P3/5N2/PPPP1PPP/RNBQK2R b KQkq - 1 4";
    let white = "r1bqkbnr/ppp2ppp/2np4/1B2p3/4P3/5N2/PPPP1PPP/RNBQK2R w KQkq - 1 4";
    let cases = [
        (black, "Nd4", "Black's knight c6→d4 is illegal: the knight on c6 is pinned to your king by the bishop on b5."),
        (white, "Nd4", "White's knight f3→d4 (Nd4) is legal."),
        (white, "Bxc6+", "White's bishop b5→c6, taking the knight (Bxc6+), is legal."),
        (white, "O-O", "White's castling on the king side (O-O) is legal."),
        (black, "offer-draw", "Black's draw offer is legal."),
        ("7k/P7/8/8/8/8/8/K7 w - - 0 1", "a8=Q+", "White's pawn a7→a8, promoting to a queen (a8=Q+), is legal."),
        (
            "4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 2",
            "exd6",
            "White's pawn e5→d6, taking the pawn on d5 en passant (exd6), is legal.",
        ),
    ];
    for (fen, action, expected) in cases {
        assert_eq!(rules("chess").adjudicate(fen, action).unwrap().said, expected, "{action} in {fen}");
    }
}

/// A refused move is named by what it tried, however it was written.
#[test]
fn a_refusal_names_the_piece_it_tried_to_move() {
    let pinned = "r1bqkbnr/ppp2ppp/2np4/1B2p3/4P3/5N2/PPPP1PPP/RNBQK2R b KQkq - 1 4";
    let cases = [
        ("c6d4", "Black's knight c6→d4 is illegal: "),
        ("Nd4", "Black's knight c6→d4 is illegal: "),
        ("e4", "Black's pawn e5→e4 is illegal: "),
        ("O-O", "Black castling on the king side is illegal: "),
        ("Bxb5", "Black's bishop to b5 is illegal: none of your bishops can reach b5."),
    ];
    for (action, start) in cases {
        let said = rules("chess").adjudicate(pinned, action).unwrap().said;
        assert!(said.starts_with(start), "{action}: {said}");
    }
}
