//! One test per rule of the games whose secrets the referee keeps (seed 001: Masquerade
//! Chess), with positions a reader can set up: FEN, then the game's own fields.

mod support;

use rules::game::{AnyState, ErrorCode, SeatResult, Viewer};
use rules::random::NoRandomness;
use serde_json::{Value, json};
use support::{rules, seat_to_move};

const MASQUERADE: &str = "masquerade";
/// The seed's "nicely balanced" assignment, for both sides: king captures like a queen, queen
/// like a knight, rook like a bishop, knight like a rook, bishop like a king.
const BALANCED: &str = "KQ,QN,RB,NR,BK";

fn masquerade(fen: &str) -> String {
    format!("{fen} {BALANCED} {BALANCED}")
}

fn play(position: &str, actions: &[&str]) -> (AnyState, Vec<String>) {
    let game = rules(MASQUERADE);
    let mut state = game.parse_position(position).unwrap_or_else(|e| panic!("{position}: {e}"));
    let mut said = Vec::new();
    for a in actions {
        let seat = seat_to_move(game, &state);
        said.push(
            game.apply(&mut state, seat, a, &mut NoRandomness).unwrap_or_else(|e| panic!("{a}: {e}")).description,
        );
    }
    (state, said)
}

fn public(state: &AnyState) -> Value {
    serde_json::to_value(rules(MASQUERADE).view(state, Viewer::Spectator)).unwrap()["game"].clone()
}

/// The capture moves still possible for `piece` of `color` (0 White), as the public
/// deductions say.
fn possible(state: &AnyState, color: usize, piece: &str) -> Vec<String> {
    let rows = public(state)["deductions"][color].clone();
    let row = rows.as_array().unwrap().iter().find(|r| r["piece"] == piece).unwrap().clone();
    serde_json::from_value(row["possible"].clone()).unwrap()
}

#[test]
fn masquerade_each_seat_secretly_chooses_the_opponents_capture_moves_at_the_start() {
    let game = rules(MASQUERADE);
    let mut state = game.setup(&Value::Null, &mut NoRandomness).unwrap();
    assert_eq!(game.turn(&state).active_seats(), vec![0, 1], "both choose at once, sealed");
    let applied = game.apply(&mut state, 0, "assign KQ,QN,RB,NR,BK", &mut NoRandomness).unwrap();
    assert_eq!(applied.description, "sealed: you chose Black's capture moves: KQ,QN,RB,BK,NR");
    game.apply(&mut state, 1, "assign K=R Q=B R=K B=N N=Q", &mut NoRandomness).unwrap();
    // Play begins; each seat sees only the table it filled in.
    assert_eq!(seat_to_move(game, &state), 0);
    let white = serde_json::to_value(game.view(&state, Viewer::Seat(0))).unwrap();
    let black = serde_json::to_value(game.view(&state, Viewer::Seat(1))).unwrap();
    assert_eq!(white["private"]["opponent_captures"][0], json!({"piece": "king", "possible": ["queen"]}));
    assert_eq!(black["private"]["opponent_captures"][0], json!({"piece": "king", "possible": ["rook"]}));
    let told: Vec<&str> = black["played"].as_array().unwrap().iter().map(|p| p["said"].as_str().unwrap()).collect();
    assert_eq!(told, ["White chose Black's capture moves", "you chose White's capture moves: KR,QB,RK,BN,NQ"]);
    assert!(black["played"][0].get("action").is_none(), "Black never sees White's table");
}

#[test]
fn masquerade_an_assignment_gives_each_capture_move_to_exactly_one_piece() {
    let game = rules(MASQUERADE);
    let mut state = game.setup(&Value::Null, &mut NoRandomness).unwrap();
    let err = game.apply(&mut state, 0, "assign KQ,QQ,RB,NR,BK", &mut NoRandomness).unwrap_err();
    assert_eq!(err.code, ErrorCode::BadNotation);
    assert_eq!(err.message, "the queen's capture is given to two pieces: each is used once");
}

#[test]
fn masquerade_a_capture_attempt_that_the_secret_move_reaches_captures() {
    // White's knight captures like a rook: from d4 it takes the pawn on d7 along the file.
    let position = masquerade("4k3/3p4/8/8/3N4/8/8/4K3 w - - 0 1");
    let (state, said) = play(&position, &["d4d7"]);
    assert_eq!(said, ["Nd4xd7? yes"]);
    assert!(public(&state)["position"].as_str().unwrap().starts_with("4k3/3N4/"));
    assert_eq!(possible(&state, 0, "knight"), ["queen", "rook"], "both reach d7 from d4");
}

#[test]
fn masquerade_a_refused_capture_moves_nothing_and_ends_the_turn() {
    // A knight's own leap to e6 is not its capture here: nothing moves, Black is to move, and
    // both players now know White's knight does not capture like a knight.
    let position = masquerade("4k3/8/4p3/8/3N4/8/8/4K3 w - - 0 1");
    let (state, said) = play(&position, &["d4e6"]);
    assert_eq!(said, ["Nd4xe6? no: nothing moves"]);
    assert_eq!(public(&state)["position"], "4k3/8/4p3/8/3N4/8/8/4K3 b - - 1 1");
    assert_eq!(public(&state)["last_answer"], false);
    assert_eq!(possible(&state, 0, "knight"), ["king", "queen", "rook", "bishop"]);
}

#[test]
fn masquerade_deductions_follow_from_the_one_to_one_rule() {
    // White's knight is found to capture like a rook (the file capture works, the diagonal
    // one does not); no other White piece can then capture like a rook.
    let position = masquerade("4k3/3p4/8/2p5/3N4/8/8/4K3 w - - 0 1");
    let (state, _) = play(&position, &["d4c5", "e8f8", "d4d7"]);
    assert_eq!(possible(&state, 0, "knight"), ["rook"]);
    assert!(!possible(&state, 0, "queen").contains(&"rook".to_string()));
}

#[test]
fn masquerade_pawns_always_capture_normally() {
    let (_, said) = play(&masquerade("4k3/8/8/3p4/4P3/8/8/4K3 w - - 0 1"), &["e4d5"]);
    assert_eq!(said, ["e4xd5"]);
}

#[test]
fn masquerade_kings_may_move_into_attack_and_the_game_ends_when_a_king_is_captured() {
    // The white king steps next to the black rook; Black's rook captures like a bishop, so it
    // cannot take on the file — but Black's king captures like a queen.
    let position = masquerade("8/8/8/8/8/8/3r4/3k1K2 w - - 0 1");
    let (state, said) = play(&position, &["f1e2", "d1e2"]);
    assert_eq!(said, ["Kf1-e2", "Kd1xe2? yes"]);
    let outcome = rules(MASQUERADE).outcome(&state).unwrap();
    assert_eq!(outcome.reason, "Black captured the king");
    assert_eq!(outcome.results, vec![SeatResult::Loss, SeatResult::Win]);
}

#[test]
fn masquerade_a_capture_no_piece_could_make_is_refused_before_it_is_asked() {
    let position = masquerade("4k3/8/8/8/8/1p6/8/N3K3 w - - 0 1");
    let game = rules(MASQUERADE);
    let mut state = game.parse_position(&position).unwrap();
    let err = game.apply(&mut state, 0, "a1b3", &mut NoRandomness);
    assert!(err.is_ok(), "a1 to b3 is a knight's reach: the attempt is asked");
    let mut state = game.parse_position(&masquerade("4k3/8/8/8/8/2p5/8/N3K3 w - - 0 1")).unwrap();
    let err = game.apply(&mut state, 0, "a1c3", &mut NoRandomness);
    assert!(err.is_ok(), "a1 to c3 is on a diagonal");
    let mut state = game.parse_position(&masquerade("4k3/8/8/8/3p4/8/8/N3K3 w - - 0 1")).unwrap();
    let err = game.apply(&mut state, 0, "a1d4", &mut NoRandomness);
    assert!(err.is_ok(), "a1 to d4 is on the long diagonal");
    let mut state = game.parse_position(&masquerade("4k3/8/8/8/2p5/8/8/N3K3 w - - 0 1")).unwrap();
    let err = game.apply(&mut state, 0, "a1c4", &mut NoRandomness).unwrap_err();
    assert_eq!(err.message, "No capture move reaches c4 from a1: that is no capture any piece could make.");
}

/// The 120 assignments as text, in a fixed order.
fn assignments() -> Vec<String> {
    let letters = ['K', 'Q', 'R', 'B', 'N'];
    let mut out = Vec::new();
    for a in 0..5 {
        for b in 0..5 {
            for c in 0..5 {
                for d in 0..5 {
                    for e in 0..5 {
                        let p = [a, b, c, d, e];
                        if (0..5).all(|i| p.contains(&i)) {
                            out.push(
                                letters
                                    .iter()
                                    .zip(p)
                                    .map(|(l, i)| format!("{l}{}", letters[i]))
                                    .collect::<Vec<_>>()
                                    .join(","),
                            );
                        }
                    }
                }
            }
        }
    }
    out
}

#[test]
fn masquerade_no_seat_ever_sees_how_its_own_pieces_capture_in_random_playouts() {
    let game = rules(MASQUERADE);
    let all = assignments();
    assert_eq!(all.len(), 120);
    for playout in 0..150u64 {
        let mut next = support::xorshift(0xA5A5_1234 ^ ((playout + 1) * 0x9E37));
        let mut state = game.setup(&Value::Null, &mut NoRandomness).unwrap();
        // chosen[s]: what seat s chose for the other side, which the other side must not see.
        // (Two different tables: a seat may of course see the one it filled in.)
        let first = next() as usize % 120;
        let chosen = [all[first].clone(), all[(first + 1 + next() as usize % 119) % 120].clone()];
        for seat in 0..2u8 {
            game.apply(&mut state, seat, &format!("assign {}", chosen[usize::from(seat)]), &mut NoRandomness).unwrap();
        }
        for _ in 0..80 {
            for seat in 0..2u8 {
                let seen = serde_json::to_string(&game.view(&state, Viewer::Seat(seat))).unwrap();
                let own_captures = &chosen[usize::from(1 - seat)];
                assert!(
                    !seen.contains(own_captures.as_str()),
                    "seat {seat} sees its own capture moves {own_captures}: {seen}"
                );
                let private = &serde_json::to_value(game.view(&state, Viewer::Seat(seat))).unwrap()["private"];
                let first = chosen[usize::from(seat)].chars().nth(1).unwrap();
                let expected = match first {
                    'K' => "king",
                    'Q' => "queen",
                    'R' => "rook",
                    'B' => "bishop",
                    _ => "knight",
                };
                assert_eq!(
                    private["opponent_captures"][0]["possible"][0], expected,
                    "seat {seat} sees the table it filled in"
                );
            }
            if game.outcome(&state).is_some() {
                break;
            }
            let seat = seat_to_move(game, &state);
            let actions: Vec<String> = game
                .legal_actions(&state, seat)
                .into_iter()
                .filter(|a| !["resign", "offer-draw", "accept-draw", "decline-draw"].contains(&a.as_str()))
                .collect();
            let action = &actions[next() as usize % actions.len()];
            game.apply(&mut state, seat, action, &mut NoRandomness).unwrap();
        }
    }
}
