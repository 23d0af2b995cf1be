//! One test per rule of the checker-stack games (seed 001: Adrenaline Chess, Booster Chess,
//! Half Alice Chess), with positions a reader can set up: FEN, then the game's extra fields.

mod support;

use rules::cards::{Card, Pile};
use rules::chess::boost::{BoostPosition, Checkers};
use rules::chess::perft_with;
use rules::game::Game;
use rules::game::{ActiveSeat, AnyState, DynGame, ErrorCode, SeatResult, View, Viewer};
use rules::games::booster::{Booster, BoosterState};
use rules::geometry::Square;
use rules::pieces::Color;
use rules::random::{EventRng, GameKey, NoRandomness};
use serde_json::{Value, json};
use support::{rules, seat_to_move, xorshift};

fn sq(name: &str) -> Square {
    name.parse().unwrap()
}

fn phase(game: &dyn DynGame, state: &AnyState) -> String {
    match game.turn(state).single() {
        Some(active) => active.stage.to_string(),
        None => format!("{:?}", game.turn(state)),
    }
}

/// Reads `position` of `id` and plays `actions` by whoever is to act.
fn after(id: &str, position: &str, actions: &[&str]) -> AnyState {
    let game = rules(id);
    let mut state = game.parse_position(position).unwrap_or_else(|e| panic!("{position}: {e}"));
    for a in actions {
        let seat = seat_to_move(game, &state);
        game.apply(&mut state, seat, a, &mut NoRandomness).unwrap_or_else(|e| panic!("{a}: {e}"));
    }
    state
}

fn position_after(id: &str, position: &str, actions: &[&str]) -> String {
    rules(id).format_position(&after(id, position, actions))
}

/// The refusal of `action` after `actions`; the state must be unchanged by it.
fn refusal(id: &str, position: &str, actions: &[&str], action: &str) -> (ErrorCode, String) {
    let game = rules(id);
    let mut state = after(id, position, actions);
    let seat = seat_to_move(game, &state);
    let before = game.save(&state);
    let err = game.apply(&mut state, seat, action, &mut NoRandomness).expect_err("should be refused");
    assert_eq!(game.save(&state), before, "a refused action changes nothing");
    (err.code, err.message)
}

fn legal(id: &str, position: &str, actions: &[&str]) -> Vec<String> {
    let game = rules(id);
    let state = after(id, position, actions);
    game.legal_actions(&state, seat_to_move(game, &state))
}

// ---------------------------------------------------------------- Adrenaline Chess (seed 001)

const ADRENALINE_MATE: &str = "4k3/1b6/8/7p/2q5/8/1P1P1KP1/2B3N1 w - - 0 1 c1:3,h5:1";

#[test]
fn adrenaline_seed_example_a_capture_ends_with_a_checker_under_h7() {
    // "white just captured a pawn with the bishop, and finishes the turn by adding a checker
    // under the pawn at h7."
    let start = "rnbqkbnr/ppp2ppp/3pp3/8/2B5/4P3/PPPP1PPP/RNBQK1NR w KQkq - 0 3 -";
    let state = after("adrenaline", start, &["c4e6"]);
    assert_eq!(phase(rules("adrenaline"), &state), "place-checker");
    assert_eq!(
        position_after("adrenaline", start, &["c4e6", "place h7"]),
        "rnbqkbnr/ppp2ppp/3pB3/8/8/4P3/PPPP1PPP/RNBQK1NR b KQkq - 0 3 h7:1 move"
    );
    let (code, why) = refusal("adrenaline", start, &["c4e6"], "place e6");
    assert_eq!(code, ErrorCode::IllegalAction);
    assert!(why.contains("opponent's pieces"), "{why}");
}

#[test]
fn adrenaline_seed_example_the_strange_checkmate() {
    // Black's queen can take the bishop on c1 and use its three checkers to reach f2; e1, e3
    // are in range, e2 and f1 are attacked by the queen, f3 by the bishop, and g3 by the pawn
    // on h5, which has a checker: checkmate.
    let game = rules("adrenaline");
    let state = game.parse_position(ADRENALINE_MATE).unwrap();
    let outcome = game.outcome(&state).expect("checkmate");
    assert_eq!(outcome.results, vec![SeatResult::Loss, SeatResult::Win]);
    assert!(outcome.reason.contains("checkmate"), "{}", outcome.reason);
    // Without the checker under h5, the king escapes to g3, and only there.
    let escapes: Vec<String> = legal("adrenaline", "4k3/1b6/8/7p/2q5/8/1P1P1KP1/2B3N1 w - - 0 1 c1:3", &[])
        .into_iter()
        .filter(|a| a.len() == 4)
        .collect();
    assert_eq!(escapes, vec!["f2g3"]);
}

#[test]
fn adrenaline_seed_example_a_piece_must_move_regularly_before_spending_checkers() {
    // The boxed-in bishop on c1 has three checkers but no regular move, so it threatens
    // nothing: three king steps would reach the queen on c4, but they never start.
    let fields: Vec<&str> = ADRENALINE_MATE.split_whitespace().collect();
    let pos = BoostPosition::from_fields(&fields[..6], fields[6], "-", Checkers::Colourless).unwrap();
    assert_eq!(pos.attacker_of(sq("c4"), Color::White), None);
    // Freed by d2-d3, it would: a regular move to d2, then d2-c3-c4.
    let freed = BoostPosition::from_fields(&fields[..6], "c1:3", "-", Checkers::Colourless).unwrap();
    let mut freed_after = freed;
    freed_after.board.remove(sq("d2"));
    assert_eq!(freed_after.attacker_of(sq("c4"), Color::White), Some(sq("c1")));
}

#[test]
fn adrenaline_several_captures_in_one_turn_place_one_checker() {
    let pos = "7k/8/4p3/3p4/8/8/8/3R3K w - - 0 1 d1:1";
    let game = rules("adrenaline");
    let state = after("adrenaline", pos, &["d1d5"]);
    assert_eq!(phase(game, &state), "extra-moves");
    assert_eq!(game.legal_actions(&state, 0).iter().filter(|a| a.starts_with("d5")).count(), 8);
    let (_, why) = refusal("adrenaline", pos, &["d1d5"], "d5d3");
    assert!(why.contains("one king step, to a square next to d5"), "{why}");
    let (_, why) = refusal("adrenaline", pos, &["d1d5"], "h8g8");
    assert!(why.contains("Only the rook on d5 may still move"), "{why}");
    let (_, why) = refusal("adrenaline", pos, &[], "done");
    assert!(why.contains("no extra moves to stop"), "{why}");
    let state = after("adrenaline", pos, &["d1d5", "d5e6"]);
    assert_eq!(phase(game, &state), "place-checker");
    assert_eq!(
        position_after("adrenaline", pos, &["d1d5", "d5e6", "place h8"]),
        "7k/8/4R3/8/8/8/8/7K b - - 0 1 h8:1 move"
    );
}

#[test]
fn adrenaline_no_checker_is_placed_where_it_would_let_the_opponent_take_your_king() {
    // After Rxh4 a checker under the black king (f1-e2, then d3) or the bishop (e6-c4, then
    // d3) would let it reach White's king. The turn must end with a checker placed, and never
    // with White's king attackable: so the capture cannot be made.
    let pos = "8/8/4b3/8/7p/3K3R/1N6/5k2 w - - 0 96 -";
    let (code, why) = refusal("adrenaline", pos, &[], "h3h4");
    assert_eq!(code, ErrorCode::IllegalAction);
    assert!(why.starts_with("This capture could not end your turn"), "{why}");
    assert!(!legal("adrenaline", pos, &[]).contains(&"h3h4".to_string()));
    // The audit's example: Qxb7 would leave only the bishop on a6, which a checker would send
    // to e2... and no other piece to take it.
    let answer = rules("adrenaline").adjudicate("8/1r5Q/b7/8/8/4k3/8/4K3 w - - 0 1 -", "h7b7").unwrap();
    assert!(!answer.legal, "{answer:?}");
    // A side whose only moves are such captures has no legal move: a2xb3 and b2xa3 would each
    // leave only pieces that a checker lets reach a1, so this is stalemate.
    let game = rules("adrenaline");
    let state = game.parse_position("8/8/8/8/8/pp6/PPk5/K7 w - - 0 1 -").unwrap();
    assert_eq!(game.outcome(&state).map(|o| o.reason), Some("stalemate".to_string()));
    // (With the supply empty, a capture ends the turn without a checker: see
    // adrenaline_the_checker_supply_is_an_option.)
    // With the king out of reach, the checker goes where White likes among the safe pieces.
    let pos = "K7/8/4b3/8/7p/7R/1N6/5k2 w - - 0 96 -";
    let actions = legal("adrenaline", pos, &["h3h4"]);
    assert!(actions.contains(&"place f1".to_string()) && actions.contains(&"place e6".to_string()), "{actions:?}");
}

#[test]
fn adrenaline_a_capturing_piece_takes_over_the_checkers_and_may_use_them_at_once() {
    let pos = "4k3/8/8/3p4/8/2N5/8/4K3 w - - 0 1 d5:2";
    let steps = ["c3d5", "d5d6", "d6d7"];
    let state = after("adrenaline", pos, &steps[..1]);
    assert_eq!(phase(rules("adrenaline"), &state), "extra-moves");
    // Two checkers, two king moves; the second lands next to the black king, but the knight
    // is protected by nothing and the king may take it... after the placement.
    assert_eq!(position_after("adrenaline", pos, &steps), "4k3/3N4/8/8/8/8/8/4K3 w - - 0 1 - place*");
}

#[test]
fn adrenaline_a_king_may_not_move_where_extra_moves_reach() {
    // The knight on f5 reaches e2 by a move to e3 and one extra king move.
    let pos = "4k3/8/8/5n2/8/8/8/4K3 w - - 0 1 f5:1";
    let (code, why) = refusal("adrenaline", pos, &[], "e1e2");
    assert_eq!(code, ErrorCode::IllegalAction);
    assert!(why.contains("the knight on f5") && why.contains("extra king moves"), "{why}");
    assert!(legal("adrenaline", pos, &[]).contains(&"e1d1".to_string()));
    // Without the checker the knight does not reach e2.
    assert!(legal("adrenaline", "4k3/8/8/5n2/8/8/8/4K3 w - - 0 1 -", &[]).contains(&"e1e2".to_string()));
}

#[test]
fn adrenaline_a_piece_may_not_uncover_check_even_if_an_extra_move_would_block_it() {
    // The bishop on e3 is pinned by the rook on e8; it could come back to the e-file with its
    // checker, but the regular move already leaves the king in check.
    let pos = "4r2k/8/8/8/8/4B3/8/4K3 w - - 0 1 e3:1";
    let (_, why) = refusal("adrenaline", pos, &[], "e3d4");
    assert!(why.contains("check") && why.contains("rook on e8"), "{why}");
}

#[test]
fn adrenaline_no_castling_with_checkers_under_king_or_rook() {
    let (_, why) = refusal("adrenaline", "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1 e1:1", &[], "e1g1");
    assert!(why.contains("king stands on checkers"), "{why}");
    let (_, why) = refusal("adrenaline", "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1 h1:1", &[], "O-O");
    assert!(why.contains("rook stands on checkers"), "{why}");
    assert!(legal("adrenaline", "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1 h1:1", &[]).contains(&"e1c1".to_string()));
}

#[test]
fn adrenaline_no_castling_through_squares_extra_moves_reach() {
    // The knight on h4 reaches g2 and then f1 or g1 with its checker.
    let pos = "r3k2r/8/8/8/7n/8/8/R3K2R w KQkq - 0 1 h4:1";
    let (_, why) = refusal("adrenaline", pos, &[], "e1g1");
    assert!(why.contains("knight on h4"), "{why}");
    assert!(legal("adrenaline", pos, &[]).contains(&"e1c1".to_string()));
    assert!(legal("adrenaline", "r3k2r/8/8/8/7n/8/8/R3K2R w KQkq - 0 1 -", &[]).contains(&"e1g1".to_string()));
}

#[test]
fn adrenaline_en_passant_only_after_a_regular_double_step() {
    let plain = "4k3/3p4/8/4P3/8/8/8/4K3 b - - 0 1 d7:1";
    // The pawn stops after its double step: en passant is open.
    assert!(legal("adrenaline", plain, &["d7d5", "done"]).contains(&"e5d6".to_string()));
    // In the middle of the turn the en passant square is already written, and reads back.
    let mid_turn = position_after("adrenaline", plain, &["d7d5"]);
    assert_eq!(mid_turn, "4k3/8/8/3pP3/8/8/8/4K3 b - d6 0 1 d5:1 steps:d5");
    assert_eq!(position_after("adrenaline", &mid_turn, &[]), mid_turn);
    let game = rules("adrenaline");
    let state = after("adrenaline", plain, &["d7d5"]);
    assert_eq!(game.save(&game.load(&game.save(&state)).unwrap()), game.save(&state));
    // The pawn used an extra move: no en passant.
    let (_, why) = refusal("adrenaline", plain, &["d7d5", "d5c4"], "e5d6");
    assert!(why.contains("diagonally only to capture"), "{why}");
    // An extra move onto the skipped square is just a move: the pawn on d5 stays.
    let pos = "4k3/3p4/8/4P3/8/8/8/4K3 b - - 0 1 e5:1";
    assert_eq!(
        position_after("adrenaline", pos, &["d7d5", "e5e6", "e6d6"]),
        "4k3/8/3P4/3p4/8/8/8/4K3 b - - 0 2 - move"
    );
}

#[test]
fn adrenaline_a_pawn_brought_back_to_its_second_rank_may_not_advance_two_squares_again() {
    // The audit's game: the c-pawn captures its way to c2 by an extra king move, spending the
    // checker placed under it; on its next move it may advance one square, not two.
    let moves = ["e2e4", "d7d5", "e4d5", "place a7", "d8d5", "place c2", "c2c3", "c3c2", "a7a6", "done"];
    let game = rules("adrenaline");
    let mut state = game.setup(&Value::Null, &mut NoRandomness).unwrap();
    for m in moves {
        let seat = seat_to_move(game, &state);
        game.apply(&mut state, seat, m, &mut NoRandomness).unwrap_or_else(|e| panic!("{m}: {e}"));
    }
    let text = game.format_position(&state);
    assert!(text.ends_with(" moved:c2"), "the position says the c2 pawn has moved: {text}");
    let white = seat_to_move(game, &state);
    let err = game.apply(&mut game.clone_state(&state), white, "c2c4", &mut NoRandomness).unwrap_err();
    assert_eq!(
        err.message,
        "The pawn on c2 has moved before (an extra move brought it back), so it may not advance two squares."
    );
    assert!(game.legal_actions(&state, white).contains(&"c2c3".to_string()));
    // The position notation says it, and a position without the field has no moved pawn.
    let (_, why) = refusal("adrenaline", "8/4k3/8/8/8/8/3P4/4K3 w - - 1 2 d2:1 move moved:d2", &[], "d2d4");
    assert!(why.starts_with("The pawn on d2 has moved before"), "{why}");
    assert!(legal("adrenaline", "8/4k3/8/8/8/8/3P4/4K3 w - - 1 2 d2:1", &[]).contains(&"d2d4".to_string()));
    let bad = rules("adrenaline").parse_position("8/4k3/8/8/8/8/3P4/4K3 w - - 1 2 d2:1 move moved:e2");
    assert!(bad.is_err());
    // Reading a position counts them too: this f2 pawn would reach g7 with its three checkers
    // after a two-square advance, but it has moved, so Black is not in check (found by the
    // random playouts).
    let pos = "4r3/6kp/P1p5/1Q4p1/2p4B/4P3/5P1b/2K1n3 w - - 6 57 f2:3,e3:1,h7:2";
    assert!(rules("adrenaline").parse_position(&format!("{pos} move moved:f2")).is_ok());
    assert!(rules("adrenaline").parse_position(&format!("{pos} move")).is_err());
    // Booster shares the rule and the notation (after the hand).
    let (_, why) = refusal("booster", "4k3/8/8/8/8/8/3P4/4K3 w - - 1 2 d2:1w move 5/6 - moved:d2", &[], "d2d4");
    assert!(why.starts_with("The pawn on d2 has moved before"), "{why}");
}

#[test]
fn adrenaline_a_pawn_promotes_at_once_and_may_keep_moving() {
    let pos = "k7/4P3/8/8/8/8/8/4K3 w - - 0 1 e7:2";
    let state = after("adrenaline", pos, &["e7e8q"]);
    assert_eq!(phase(rules("adrenaline"), &state), "extra-moves");
    assert_eq!(
        position_after("adrenaline", pos, &["e7e8q", "e8d7", "done"]),
        "k7/3Q4/8/8/8/8/8/4K3 b - - 0 1 d7:1 move"
    );
    // A pawn reaching the last rank by an extra move promotes too.
    let pos = "k7/8/3P4/8/8/8/8/4K3 w - - 0 1 d6:1";
    let (_, why) = refusal("adrenaline", pos, &["d6d7"], "d7c8");
    assert!(why.contains("promoted"), "{why}");
    assert_eq!(position_after("adrenaline", pos, &["d6d7", "d7c8n"]), "k1N5/8/8/8/8/8/8/4K3 b - - 0 1 - move");
}

#[test]
fn adrenaline_the_checker_supply_is_an_option() {
    let game = rules("adrenaline");
    for (checkers, expect) in [(json!(24), "place-checker"), (json!(0), "move")] {
        let mut state = game.setup(&json!({ "checkers": checkers }), &mut NoRandomness).unwrap();
        for (seat, m) in [(0, "e2e4"), (1, "d7d5"), (0, "e4d5")] {
            game.apply(&mut state, seat, m, &mut NoRandomness).unwrap();
        }
        assert_eq!(phase(game, &state), expect);
    }
    assert!(game.setup(&json!({ "checkers": 65 }), &mut NoRandomness).is_err());
}

#[test]
fn adrenaline_without_checkers_moves_exactly_like_chess() {
    // The standard perft positions (castling, en passant, promotions, pins, checks).
    let cases = [
        ("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", 8902),
        ("r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1", 97862),
        ("8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1", 2812),
        ("r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1", 9467),
        ("rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8", 62379),
    ];
    for (fen, nodes) in cases {
        let fields: Vec<&str> = fen.split_whitespace().collect();
        let pos = BoostPosition::from_fields(&fields, "-", "-", Checkers::Colourless).unwrap();
        assert_eq!(pos.perft(3), nodes, "{fen}");
        // The general generator, which positions with checkers use, agrees with chess too.
        let searched = perft_with(&pos, 3, &BoostPosition::regular_moves_by_search, &|p, m| {
            p.play_regular(m);
            p.end_turn();
        });
        assert_eq!(searched, nodes, "{fen}: the search generator");
    }
}

// ---------------------------------------------------------------- Booster Chess (seed 001, 000)

fn booster_game(seed: &[u8]) -> AnyState {
    rules("booster").setup(&Value::Null, &mut EventRng::new(GameKey::derive(seed, &[]), 0)).unwrap()
}

/// A seat's cards as `view` shows them: its own hand, or any hand in the audit view.
fn hand(view: &View, seat: usize) -> Vec<String> {
    let cards = match (&view.secrets, view.viewer) {
        (Some(secrets), _) => secrets.private[seat].clone().unwrap_or_default()["cards"].clone(),
        (None, Viewer::Seat(s)) if usize::from(s) == seat => view.private.clone().unwrap_or_default()["cards"].clone(),
        _ => Value::Null,
    };
    cards.as_array().map(|c| c.iter().map(|x| x.as_str().unwrap().to_string()).collect()).unwrap_or_default()
}

#[test]
fn booster_setup_deals_six_cards_each_from_36_and_keeps_hands_secret() {
    let game = rules("booster");
    let state = booster_game(b"deal");
    let everyone = game.view(&state, Viewer::Everyone);
    let (white, black) = (hand(&everyone, 0), hand(&everyone, 1));
    assert_eq!((white.len(), black.len()), (6, 6));
    assert_eq!(everyone.game["draw_pile"], 24);
    let mut all: Vec<String> = everyone.secrets.as_ref().unwrap().hidden.as_ref().unwrap()["draw_order"]
        .as_array()
        .unwrap()
        .iter()
        .map(|c| c.as_str().unwrap().into())
        .collect();
    all.extend(white.clone());
    all.extend(black.clone());
    all.sort();
    all.dedup();
    assert_eq!(all.len(), 36);
    assert_eq!(all.iter().filter(|c| c.starts_with('6')).count(), 4);
    // Each seat sees its own hand only; nobody sees the draw order.
    for (seat, own, other) in [(0u8, &white, &black), (1, &black, &white)] {
        let view = game.view(&state, Viewer::Seat(seat));
        assert_eq!(&hand(&view, seat as usize), own);
        let text = view.to_json().to_string();
        assert!(other.iter().all(|c| !text.contains(&format!("\"{c}\""))), "seat {seat} sees a foreign card");
        assert!(!text.contains("draw_order"));
    }
    let watcher = game.view(&state, Viewer::Spectator).to_json().to_string();
    assert!(white.iter().chain(&black).all(|c| !watcher.contains(&format!("\"{c}\""))));
}

/// A Booster position with a known draw pile (top first), so turns can end.
fn booster_with_pile(position: &str, draw: &[&str]) -> BoosterState {
    let mut state = Booster.parse_position(position).unwrap();
    state.pile = Some(Pile { draw: draw.iter().map(|c| c.parse::<Card>().unwrap()).collect(), discard: Vec::new() });
    state
}

fn booster_play(state: &mut BoosterState, actions: &[&str]) {
    for text in actions {
        let seat = Booster.turn(state).single().expect("one seat to move").seat;
        let action = Booster.parse_action(state, seat, text).unwrap_or_else(|e| panic!("{text}: {e}"));
        Booster.apply(state, seat, &action, &mut NoRandomness).unwrap();
    }
}

#[test]
fn booster_a_boosted_piece_spends_checkers_for_king_moves_and_they_go_home() {
    let pos = "4k3/8/8/8/8/8/8/1N2K3 w - - 0 1 b1:2w move 4/6 2H,3H,4H,5H";
    let game = rules("booster");
    let state = after("booster", pos, &["b1c3"]);
    assert_eq!(phase(game, &state), "extra-moves");
    // Spending one: the checker goes back in front of White (5), one stays under the knight.
    assert_eq!(
        position_after("booster", pos, &["b1c3", "c3d4", "done"]),
        "4k3/8/8/8/3N4/8/8/4K3 w - - 1 1 d4:1w card 5/6 2H,3H,4H,5H"
    );
    // Passing ends the turn: White draws one card for the checker that came back.
    let mut state = booster_with_pile(pos, &["QH", "KS"]);
    booster_play(&mut state, &["b1c3", "c3d4", "done", "pass"]);
    assert_eq!(state.hands[0].len(), 5);
    assert_eq!(state.last_drawn[0], vec!["QH".parse::<Card>().unwrap()]);
    assert_eq!(state.pile.as_ref().unwrap().draw.len(), 1);
}

#[test]
fn booster_hobbled_pawns_cannot_move_and_other_hobbled_pieces_move_like_pawns() {
    let pos = "4k3/8/8/3p4/4N3/8/4P3/4K3 w - - 0 1 e4:1b,e2:1b move 6/4 -";
    let moves: Vec<String> = legal("booster", pos, &[]).into_iter().filter(|a| a.len() == 4).collect();
    assert!(moves.contains(&"e4e5".to_string()) && moves.contains(&"e4d5".to_string()), "{moves:?}");
    assert!(!moves.iter().any(|m| m.starts_with("e2")), "a hobbled pawn cannot move: {moves:?}");
    let (_, why) = refusal("booster", pos, &[], "e4f6");
    assert!(why.contains("hobbled") && why.contains("like a pawn"), "{why}");
    let (_, why) = refusal("booster", pos, &[], "e2e3");
    assert!(why.contains("cannot move"), "{why}");
    // Hobbled pieces never move two squares, even from the second rank.
    let (_, why) = refusal("booster", "4k3/8/8/8/8/8/4R3/4K3 w - - 0 1 e2:1b move 6/5 -", &[], "e2e4");
    assert!(why.contains("never two squares"), "{why}");
}

#[test]
fn booster_capturing_keeps_the_checkers_and_opposite_colours_cancel() {
    // Capturing a hobbled piece (on White's checkers) leaves the knight boosted, at once.
    let pos = "4k3/8/8/3p4/8/2N5/8/4K3 w - - 0 1 d5:2w move 4/6 -";
    assert_eq!(phase(rules("booster"), &after("booster", pos, &["c3d5"])), "extra-moves");
    // Capturing a boosted piece (on Black's checkers) with one of White's: one pair cancels
    // and goes home, the knight is left hobbled by the other black checker.
    let pos = "4k3/8/8/3p4/8/2N5/8/4K3 w - - 0 1 c3:1w,d5:2b move 5/4 2H,3H,4H,5H,6H";
    assert_eq!(
        position_after("booster", pos, &["c3d5"]),
        "4k3/8/8/3N4/8/8/8/4K3 w - - 0 1 d5:1b card* 6/5 2H,3H,4H,5H,6H"
    );
}

#[test]
fn booster_a_hobble_checker_reaching_the_far_rank_goes_home() {
    let pos = "k7/4R3/8/8/8/8/8/4K3 w - - 0 1 e7:2b move 6/4 2H,3H,4H,5H,6H,7H";
    assert_eq!(
        position_after("booster", pos, &["e7e8"]),
        "k3R3/8/8/8/8/8/8/4K3 w - - 1 1 - card 6/6 2H,3H,4H,5H,6H,7H"
    );
}

#[test]
fn booster_cards_add_a_checker_under_a_matching_piece() {
    let pos = "4k3/8/8/8/8/8/4P3/1N2K3 w - - 0 1 - move 6/6 8H,9D,6S,QH";
    // 8H: a white knight; 6S: any black piece; 9D: no white bishop left, so any white piece.
    let actions = legal("booster", pos, &["e2e3"]);
    for ok in ["play 8H b1", "play 6S e8", "play 9D e3", "play QH e1", "pass"] {
        assert!(actions.contains(&ok.to_string()), "{ok} in {actions:?}");
    }
    let (_, why) = refusal("booster", pos, &["e2e3"], "play 8H e3");
    assert!(why.contains("white knight") && why.contains("pawn on e3"), "{why}");
    // Any case reads: "PLAY 8h b1" is "play 8H b1".
    let mut typed = Booster.parse_position(pos).unwrap();
    booster_play(&mut typed, &["e2e3"]);
    let upper = Booster.parse_action(&typed, 0, "PLAY 8h b1").unwrap();
    assert_eq!(Booster.format_action(&typed, &upper), "play 8H b1");
    let (_, why) = refusal("booster", pos, &["e2e3"], "play KS e8");
    assert!(why.contains("do not hold"), "{why}");
    // Playing a card under an opponent's boosted piece cancels a pair: both checkers go home,
    // and White draws back up to its six checkers.
    let mut state = booster_with_pile("4k3/8/8/8/8/8/4P3/4K3 w - - 0 1 e8:2b move 6/4 6S,2H,3H,4H,5H,6H", &["7H"]);
    booster_play(&mut state, &["e2e3", "play 6S e8"]);
    assert_eq!(Booster.format_position(&state), "4k3/8/8/8/8/4P3/8/4K3 b - - 0 1 e8:1b move 6/5 -");
    assert_eq!(state.hands[0].len(), 6);
    assert_eq!(state.pile.as_ref().unwrap().discard, vec!["6S".parse::<Card>().unwrap()]);
}

#[test]
fn booster_drawing_fills_the_hand_to_the_checkers_in_front_of_you() {
    let game = rules("booster");
    // The first of these seeds whose deal gives White a card for the b1 knight.
    let (seed, mut state, card) = (0..50)
        .map(|n| format!("draw{n}"))
        .find_map(|seed| {
            let state = booster_game(seed.as_bytes());
            let white_hand = hand(&game.view(&state, Viewer::Seat(0)), 0);
            let card = ["8H", "8D", "6H", "6D"].into_iter().find(|c| white_hand.contains(&c.to_string()))?.to_string();
            Some((seed, state, card))
        })
        .expect("one of fifty deals gives White a card for the b1 knight");
    let mut rng = EventRng::new(GameKey::derive(seed.as_bytes(), &[]), 1);
    for (seat, action) in [(0, "e2e4"), (0, &format!("play {card} b1") as &str), (1, "e7e5")] {
        game.apply(&mut state, seat, action, &mut rng).unwrap();
    }
    if phase(game, &state) == "play-card" {
        game.apply(&mut state, 1, "pass", &mut rng).unwrap();
    }
    let view = game.view(&state, Viewer::Seat(0));
    assert_eq!(view.game["hands"][0]["count"], 5);
    // The knight spends its checker, which comes back: White draws one card at the end.
    for action in ["b1c3", "c3d4"] {
        game.apply(&mut state, 0, action, &mut rng).unwrap();
    }
    if phase(game, &state) == "play-card" {
        game.apply(&mut state, 0, "pass", &mut rng).unwrap();
    }
    let mine = game.view(&state, Viewer::Seat(0));
    assert_eq!(mine.game["hands"][0]["count"], 6);
    assert_eq!(mine.private.unwrap()["last_drawn"].as_array().unwrap().len(), 1);
    let theirs = game.view(&state, Viewer::Seat(1)).to_json();
    assert_eq!(theirs["game"]["hands"][0]["last_drawn_count"], 1);
    assert!(theirs["game"]["hands"][0].get("last_drawn").is_none());
}

#[test]
fn booster_no_castling_when_boosted_and_no_check_from_hobbled_pawns() {
    let (_, why) = refusal("booster", "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1 e1:1w move 5/6 -", &[], "e1g1");
    assert_eq!(why, "You cannot castle while your king is boosted.");
    // A hobbled pawn cannot move, so it gives no check: the king may step next to it.
    assert!(legal("booster", "4k3/8/8/8/8/5p2/8/4K3 w - - 0 1 f3:1w move 5/6 -", &[]).contains(&"e1e2".to_string()));
}

#[test]
fn booster_a_hobbled_rook_may_castle_and_takes_its_checker_along_but_a_hobbled_king_may_not() {
    // The seed forbids castling only with a boosted king or rook.
    let pos = "r3k3/8/8/8/8/8/8/4K2R w K - 0 1 h1:1b move 6/5 8H";
    let after = position_after("booster", pos, &["O-O"]);
    assert!(after.starts_with("r3k3/8/8/8/8/8/8/5RK1 w - - 1 1 f1:1b card"), "{after}");
    // A hobbled king moves only like a pawn: no castling.
    let (_, why) = refusal("booster", "4k3/8/8/8/8/8/8/4K2R w K - 0 1 e1:1b move 6/5 -", &[], "e1g1");
    assert_eq!(why, "You cannot castle while your king is hobbled: it moves only like a pawn.");
}

#[test]
fn booster_a_card_may_not_hobble_a_piece_on_its_far_rank() {
    // The checker would bounce straight back: a free card swap, so the play is refused.
    let pos = "Rn2k3/8/8/8/8/8/8/4K3 b - - 0 1 - card 6/6 10H,2S,3S,4S,5S,QS,KS";
    let (code, why) = refusal("booster", pos, &[], "play 10H a8");
    assert_eq!(code, ErrorCode::IllegalAction);
    assert_eq!(
        why,
        "A checker under the rook on a8 would go straight back: hobble checkers leave a piece on its far rank, so the card would do nothing."
    );
    assert!(!legal("booster", pos, &[]).iter().any(|a| a.ends_with(" a8")));
}

#[test]
fn booster_threefold_repetition_draws_as_in_adrenaline_and_half_alice() {
    let game = rules("booster");
    let mut state = booster_game(b"repetition");
    let mut rng = EventRng::new(GameKey::derive(b"repetition play", &[]), 1);
    let knights = ["g1f3", "g8f6", "f3g1", "f6g8"];
    for (i, mv) in knights.iter().cycle().take(8).enumerate() {
        assert!(game.outcome(&state).is_none(), "over before move {i}");
        let seat = seat_to_move(game, &state);
        game.apply(&mut state, seat, mv, &mut rng).unwrap();
        // Knights back and forth, passing on the card: the hands stay full, no card is drawn.
        if game.legal_actions(&state, seat).contains(&"pass".to_string()) {
            game.apply(&mut state, seat, "pass", &mut rng).unwrap();
        }
    }
    let outcome = game.outcome(&state).expect("the start position has come round a third time");
    assert_eq!(outcome.reason, "threefold repetition");
}

#[test]
fn booster_an_empty_draw_pile_is_replaced_by_the_shuffled_discard_pile() {
    let mut state = booster_with_pile("4k3/8/8/8/8/8/8/1N2K3 w - - 0 1 b1:1w move 5/6 2H,3H,4H,5H,6H", &[]);
    state.pile.as_mut().unwrap().discard = ["QH", "KS", "9D"].map(|c| c.parse::<Card>().unwrap()).to_vec();
    let seat = 0;
    let mut rng = EventRng::new(GameKey::derive(b"reshuffle", &[]), 1);
    for text in ["b1c3", "c3d4", "pass"] {
        let action = Booster.parse_action(&state, seat, text).unwrap();
        Booster.apply(&mut state, seat, &action, &mut rng).unwrap();
    }
    // The spent checker came back (6 in front), so White drew one card from the reshuffled
    // discard pile; the other two are the new draw pile.
    assert_eq!(state.hands[0].len(), 6);
    let pile = state.pile.as_ref().unwrap();
    assert!(pile.discard.is_empty());
    assert_eq!(pile.draw.len(), 2);
    let mut all: Vec<String> = pile.draw.iter().chain(&state.last_drawn[0]).map(|c| c.to_string()).collect();
    all.sort();
    assert_eq!(all, ["9D", "KS", "QH"]);
}

#[test]
fn booster_moves_follow_adrenalines_special_cases() {
    // A boosted pawn promotes at once and may go on spending.
    let pos = "k7/4P3/8/8/8/8/8/4K3 w - - 0 1 e7:2w move 4/6 2H,3H,4H,5H";
    assert_eq!(phase(rules("booster"), &after("booster", pos, &["e7e8q"])), "extra-moves");
    // En passant after a boosted pawn's plain double step, not after it also stepped.
    let pos = "4k3/3p4/8/4P3/8/8/8/4K3 b - - 0 1 d7:1b move 6/5 2S,3S,4S,5S,8S";
    let mut stopped = booster_with_pile(pos, &["QS", "KS"]);
    booster_play(&mut stopped, &["d7d5", "done", "pass"]);
    assert!(Booster.legal_actions(&stopped, 0).contains(&Booster.parse_action(&stopped, 0, "e5d6").unwrap()));
    let mut stepped = booster_with_pile(pos, &["QS", "KS"]);
    booster_play(&mut stepped, &["d7d5", "d5c4", "pass"]);
    let (_, why) = {
        let err = Booster.parse_action(&stepped, 0, "e5d6").unwrap_err();
        (err.code, err.message)
    };
    assert!(why.contains("diagonally only to capture"), "{why}");
    // A piece may not uncover check even if a booster move could block again.
    let (_, why) = refusal("booster", "4r2k/8/8/8/8/4B3/8/4K3 w - - 0 1 e3:1w move 5/6 -", &[], "e3d4");
    assert!(why.contains("rook on e8"), "{why}");
}

#[test]
fn booster_options_cover_the_seed_variants() {
    let game = rules("booster");
    let options = json!({ "white_checkers": 4, "black_checkers": 6, "checker_cards": 0 });
    let state = game.setup(&options, &mut EventRng::new(GameKey::derive(b"handicap", &[]), 0)).unwrap();
    let view = game.view(&state, Viewer::Everyone);
    assert_eq!(hand(&view, 0).len(), 4);
    assert_eq!(hand(&view, 1).len(), 6);
    assert_eq!(view.game["draw_pile"], 22);
    assert!(game.setup(&json!({ "checker_cards": 3 }), &mut NoRandomness).is_err());
}

#[test]
fn booster_adjudication_judges_an_action_that_ends_the_turn_with_a_draw_legal() {
    let game = rules("booster");
    // 1.e4 from the start: the turn ends (no card to play) with a draw nobody here knows. Its
    // legality does not depend on the card drawn.
    let start = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 - move";
    let answer = game.adjudicate(start, "e2e4").unwrap();
    assert!(answer.legal, "{answer:?}");
    assert_eq!(answer.reason, "e2-e4. It ends with a random draw, which happens in a refereed game.");
    assert_eq!((answer.action.as_deref(), answer.position), (Some("e2e4"), None));
    // An extra king move that spends the last checker ends the turn the same way.
    let answer = game.adjudicate("4k3/8/8/8/8/8/8/1N2K3 w - - 0 1 b1:1w steps:b1 5/6 -", "b1c2").unwrap();
    assert!(answer.legal, "{answer:?}");
    // An illegal action is still refused before any draw.
    let answer = game.adjudicate(start, "e2e5").unwrap();
    assert!(!answer.legal);
}

// ---------------------------------------------------------------- Half Alice Chess (seed 001)

/// The seed's example: Black's king on b8 is in check from the queen on h8 (both off
/// checkers); the rook on b1 and the bishop on e5 are on checkers.
const HALF_ALICE_EXAMPLE: &str = "1k5Q/8/8/4B3/8/8/8/1R5K b - - 0 1 b1,e5";

#[test]
fn half_alice_seed_example_only_a7() {
    let (_, why) = refusal("half-alice", HALF_ALICE_EXAMPLE, &[], "b8a8");
    assert!(why.contains("before the switch") && why.contains("queen on h8"), "{why}");
    let (_, why) = refusal("half-alice", HALF_ALICE_EXAMPLE, &[], "b8b7");
    assert!(why.contains("After switching") && why.contains("rook on b1"), "{why}");
    let moves: Vec<String> =
        legal("half-alice", HALF_ALICE_EXAMPLE, &[]).into_iter().filter(|a| a.len() == 4).collect();
    assert_eq!(moves, vec!["b8a7"]);
    assert_eq!(
        position_after("half-alice", HALF_ALICE_EXAMPLE, &["b8a7"]),
        "7Q/k7/8/4B3/8/8/8/1R5K w - - 1 2 b1,e5,a7"
    );
}

#[test]
fn half_alice_every_move_switches_the_piece_to_the_other_side() {
    let game = rules("half-alice");
    let mut state = game.setup(&Value::Null, &mut NoRandomness).unwrap();
    for (seat, m) in [(0, "e2e4"), (1, "e7e5")] {
        game.apply(&mut state, seat, m, &mut NoRandomness).unwrap();
    }
    // Both pawns crossed to the mirror side, where they now block each other.
    let text = game.format_position(&state);
    assert!(text.ends_with(" e4,e5"), "{text}");
    game.apply(&mut state, 0, "e4e5", &mut NoRandomness).expect_err("e5 is held on the same side");
    game.apply(&mut state, 0, "g1f3", &mut NoRandomness).unwrap();
    assert!(game.format_position(&state).ends_with(" f3,e4,e5"));
}

#[test]
fn half_alice_pieces_pass_through_and_cannot_capture_the_other_side() {
    // The rook on a1 (off checkers) passes the knight on a4 (on a checker) but cannot land on
    // it or take it; the black rook on a8 is on the rook's side and can be taken.
    let pos = "r3k3/8/8/8/N7/8/8/R3K3 w - - 0 1 a4";
    assert!(legal("half-alice", pos, &[]).contains(&"a1a8".to_string()));
    let (_, why) = refusal("half-alice", pos, &[], "a1a4");
    assert!(why.contains("other side of the mirror"), "{why}");
    let pos = "r3k3/8/8/8/n7/8/8/R3K3 w - - 0 1 a4";
    let (_, why) = refusal("half-alice", pos, &[], "a1a4");
    assert!(why.contains("can neither capture it"), "{why}");
}

#[test]
fn half_alice_with_twelve_checkers_a_piece_off_checkers_needs_a_free_one() {
    let pos = "4k3/8/8/8/8/8/PPPPPPPP/RNBQK3 w - - 0 1 a1,b1,c1,d1,a2,b2,c2,d2,e2,f2,g2,h2";
    let (_, why) = refusal("half-alice", pos, &[], "e1f1");
    assert!(why.contains("no free checker"), "{why}");
    assert!(legal("half-alice", pos, &[]).contains(&"a2a3".to_string()));
    let game = rules("half-alice");
    let unlimited = game.setup(&json!({ "checkers": "unlimited" }), &mut NoRandomness).unwrap();
    assert_eq!(game.view(&unlimited, Viewer::Spectator).game["checkers"][0]["limit"], Value::Null);
    assert!(game.setup(&json!({ "checkers": 0 }), &mut NoRandomness).is_err());
    // All twelve of White's checkers are in use, so the rook on h1 cannot move; it still
    // gives check, since check asks only whether it attacks the king.
    let pos = "7k/8/8/8/8/8/PPPPPPP1/RNBQK2R b - - 0 1 a1,b1,c1,d1,e1,a2,b2,c2,d2,e2,f2,g2";
    let state = game.parse_position(pos).unwrap();
    assert_eq!(game.view(&state, Viewer::Spectator).game["check"], true);
    assert_eq!(legal("half-alice", pos, &[])[..2], ["h8g7", "h8g8"]);
}

#[test]
fn half_alice_castling_needs_king_and_rook_on_one_side_and_switches_both() {
    let pos = "4k3/8/8/8/8/8/8/R3K2R w KQ - 0 1 h1";
    let (_, why) = refusal("half-alice", pos, &[], "e1g1");
    assert!(why.contains("same side of the mirror"), "{why}");
    assert_eq!(position_after("half-alice", pos, &["e1c1"]), "4k3/8/8/8/8/8/8/2KR3R b - - 1 1 c1,d1,h1");
}

#[test]
fn half_alice_en_passant_on_the_side_the_pawn_crossed_to() {
    // d7-d5 puts the pawn on a checker; the e5 pawn, also on a checker, may take it.
    let pos = "4k3/3p4/8/4P3/8/8/8/4K3 b - - 0 1 e5";
    assert!(legal("half-alice", pos, &["d7d5"]).contains(&"e5d6".to_string()));
    assert_eq!(position_after("half-alice", pos, &["d7d5", "e5d6"]), "4k3/8/3P4/8/8/8/8/4K3 b - - 0 2 -");
    let pos = "4k3/3p4/8/4P3/8/8/8/4K3 b - - 0 1 -";
    assert!(!legal("half-alice", pos, &["d7d5"]).contains(&"e5d6".to_string()));
    // Not when the skipped square holds a piece on the other side, which the pawn passed
    // through: no en passant square is recorded (e5xd6 would take the knight, not the pawn).
    let pos = "4k3/3p4/3n4/4P3/8/8/8/4K3 b - - 0 1 e5,d6";
    assert_eq!(position_after("half-alice", pos, &["d7d5"]), "4k3/8/3n4/3pP3/8/8/8/4K3 w - - 0 2 d5,e5,d6");
}

#[test]
fn half_alice_blockers_cross_away_so_a_rook_mates_in_three() {
    // 1. a3 a5 2. Ra4 e5 3. Re4#: the rook checks along the plain side; a bishop, knight or
    // queen stepping to e7 would block there, but then crosses to the mirror side.
    let game = rules("half-alice");
    let mut state = game.setup(&Value::Null, &mut NoRandomness).unwrap();
    for (i, m) in ["a2a3", "a7a5", "a1a4", "e7e5"].iter().enumerate() {
        game.apply(&mut state, (i % 2) as u8, m, &mut NoRandomness).unwrap();
    }
    game.apply(&mut state, 0, "a4e4", &mut NoRandomness).unwrap();
    let outcome = game.outcome(&state).expect("checkmate");
    assert_eq!(outcome.results, vec![SeatResult::Win, SeatResult::Loss]);
    assert!(outcome.reason.contains("checkmate"), "{}", outcome.reason);
    // The same check with d7 free: the bishop may not block, because it crosses away.
    let pos = "rnbqkbnr/1pp2ppp/8/p3p3/4R3/P7/1PPPPPPP/1NBQKBNR b Kkq - 1 3 a3,a5,e5";
    let (_, why) = refusal("half-alice", pos, &[], "f8e7");
    assert!(why.contains("After switching sides your king on e8 would be in check from the rook on e4"), "{why}");
    assert!(legal("half-alice", pos, &[]).contains(&"e8d7".to_string()));
}

// ---------------------------------------------------------------- all three

/// Thousands of random games through the type-erased trait: every reported legal action is
/// accepted, nothing panics, and saved states load back.
#[test]
fn random_playouts_of_the_checker_games_accept_every_legal_action() {
    let mut next = xorshift(0x0a11_ce00_u64);
    let mut ended = 0;
    for (i, id) in ["adrenaline", "booster", "half-alice"].iter().cycle().take(1500).enumerate() {
        let game = rules(id);
        let key = GameKey::derive(b"checker playouts", &[]);
        let mut state = game.setup(&Value::Null, &mut EventRng::new(key, i as u64 * 1000)).unwrap();
        for ply in 0..300u64 {
            let Some(ActiveSeat { seat, .. }) = game.turn(&state).single() else { break };
            let actions: Vec<String> = game
                .legal_actions(&state, seat)
                .into_iter()
                .filter(|a| !matches!(a.as_str(), "resign" | "offer-draw" | "accept-draw" | "decline-draw"))
                .collect();
            assert!(!actions.is_empty(), "{id}: a game that is not over has a legal action");
            let action = &actions[(next() % actions.len() as u64) as usize];
            if ply % 5 == 0 {
                // Saved states and position texts read back the same at any point of a turn.
                let saved = game.save(&state);
                assert_eq!(game.save(&game.load(&saved).unwrap()), saved, "{id}: snapshot round trip");
                let text = game.format_position(&state);
                let read = game.parse_position(&text).unwrap_or_else(|e| panic!("{id}: {text}: {e}"));
                assert_eq!(game.format_position(&read), text, "{id}: position round trip");
            }
            let mut rng = EventRng::new(key, i as u64 * 1000 + ply + 1);
            game.apply(&mut state, seat, action, &mut rng)
                .unwrap_or_else(|e| panic!("{id}: {action} refused in {}: {e}", game.format_position(&state)));
        }
        if game.outcome(&state).is_some() {
            ended += 1;
        }
        let loaded = game.load(&game.save(&state)).unwrap();
        assert_eq!(game.save(&loaded), game.save(&state));
    }
    assert!(ended > 100, "some random games end by mate or a draw rule, {ended} did");
}
