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
    support::play_from(MASQUERADE, position, actions)
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
    let tables = game.legal_actions(&state, 0).into_iter().filter(|a| a.starts_with("assign")).count();
    assert_eq!(tables, 120, "every table is listed");
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
    assert_eq!(said, ["Nd4xd7? yes, the capture happens"]);
    assert!(public(&state)["position"].as_str().unwrap().starts_with("4k3/3N4/"));
    assert_eq!(possible(&state, 0, "knight"), ["queen", "rook"], "both reach d7 from d4");
}

#[test]
fn masquerade_a_refused_capture_moves_nothing_and_ends_the_turn() {
    // A knight's own leap to e6 is not its capture here: nothing moves, Black is to move, and
    // both players now know White's knight does not capture like a knight.
    let position = masquerade("4k3/8/4p3/8/3N4/8/8/4K3 w - - 0 1");
    let (state, said) = play(&position, &["d4e6"]);
    assert_eq!(said, ["Nd4xe6? no, nothing moves"]);
    assert_eq!(public(&state)["position"], "4k3/8/4p3/8/3N4/8/8/4K3 b - - 1 1");
    assert_eq!(public(&state)["last_answer"], false);
    let (state, _) = play(&position, &["d4e6", "e8f8"]);
    assert_eq!(public(&state)["last_answer"], Value::Null, "the answer belongs to the attempt alone");
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
    assert_eq!(said, ["Kf1-e2", "Kd1xe2? yes, the capture happens"]);
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
            let (seat, action) = support::random_action(game, &state, &mut next);
            game.apply(&mut state, seat, &action, &mut NoRandomness).unwrap();
        }
    }
}

// ---------------------------------------------------------------- Zombie Chess (seed 001)

const ZOMBIE: &str = "zombie";
const ZOMBIE_START: &str = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 - - - move";

/// Plays `actions` in a Zombie position; returns the state and what the actor was told.
fn zombie(position: &str, actions: &[&str]) -> (AnyState, Vec<String>) {
    support::play_from(ZOMBIE, position, actions)
}

fn zombie_view(state: &AnyState, viewer: Viewer) -> Value {
    serde_json::to_value(rules(ZOMBIE).view(state, viewer)).unwrap()
}

/// The seed's example game: Black takes on d4 and buries the pawn under c6; White's Nf3xd4
/// finds no zombies anywhere and buries under b2; Black's Nc6xd4 raises the white pawn on c6
/// and buries the knight under g7.
const SEED_GAME: [&str; 11] =
    ["e2e4", "e7e5", "g1f3", "b8c6", "d2d4", "e5d4", "bury c6", "f3d4", "bury b2", "c6d4", "bury g7"];

#[test]
fn zombie_the_seeds_example_game_buries_finds_no_zombies_anywhere_and_raises_the_pawn_on_c6() {
    let (state, said) = zombie(ZOMBIE_START, &SEED_GAME);
    assert_eq!(said[6], "you bury the pawn under c6");
    assert_eq!(said[7], "Nf3xd4; no zombies anywhere");
    assert_eq!(said[9], "Nc6xd4; a white pawn rises on c6 as a zombie");
    assert_eq!(said[10], "you bury the knight under g7");
    let public = &zombie_view(&state, Viewer::Spectator)["game"];
    assert_eq!(public["zombies"], json!(["c6"]));
    assert_eq!(public["graveyard"], json!([["knight"], ["pawn"]]), "White's knight and Black's pawn lie buried");
    assert_eq!(public["to_move"], "white");
    assert_eq!(
        rules(ZOMBIE).format_position(&state),
        "r1bqkbnr/pppp1ppp/2P5/8/3nP3/8/PPP2PPP/RNBQKB1R w KQkq - 0 5 c6 b2p g7n move"
    );
}

#[test]
fn once_the_game_is_over_every_burial_grid_is_shown_to_everyone_and_not_before() {
    let (state, _) = zombie(ZOMBIE_START, &SEED_GAME);
    assert_eq!(zombie_view(&state, Viewer::Spectator)["revealed"], Value::Null, "nothing while the game goes on");
    let (over, _) = zombie(ZOMBIE_START, &[&SEED_GAME[..], &["resign"]].concat());
    for viewer in [Viewer::Spectator, Viewer::Seat(0), Viewer::Seat(1)] {
        assert_eq!(
            zombie_view(&over, viewer)["revealed"],
            json!([
                {"burials": [{"square": "b2", "piece": "pawn"}]},
                {"burials": [{"square": "g7", "piece": "knight"}]}
            ]),
            "{viewer:?}"
        );
    }
}

#[test]
fn zombie_burials_are_seen_only_by_the_player_who_made_them() {
    let (state, _) = zombie(ZOMBIE_START, &SEED_GAME);
    let white = zombie_view(&state, Viewer::Seat(0));
    let black = zombie_view(&state, Viewer::Seat(1));
    assert_eq!(white["private"]["burials"], json!([{"square": "b2", "piece": "pawn"}]));
    assert_eq!(black["private"]["burials"], json!([{"square": "g7", "piece": "knight"}]));
    let heard: Vec<&str> = black["played"].as_array().unwrap().iter().map(|p| p["said"].as_str().unwrap()).collect();
    assert_eq!(heard[8], "White buries the pawn", "Black hears that White buried, not where");
    let marked = |view: &Value, id: &str| {
        let cells = view["board"]["cells"].as_array().unwrap();
        let cell = cells.iter().find(|c| c["id"] == id).unwrap();
        cell["markers"].as_array().is_some_and(|m| m.contains(&json!("buried")))
    };
    assert!(marked(&white, "b2") && !marked(&black, "b2"), "only White's board marks its burial on b2");
    assert!(marked(&black, "g7") && !marked(&white, "g7"));
}

#[test]
fn zombie_a_zombie_that_does_not_move_in_its_owners_turn_crumbles_to_dust() {
    let mut moves: Vec<&str> = SEED_GAME.to_vec();
    moves.extend(["b1c3", "done"]);
    let (state, said) = zombie(ZOMBIE_START, &moves);
    assert_eq!(said.last().unwrap(), "the horde has moved; the zombie pawn on c6 crumbles to dust");
    let public = &zombie_view(&state, Viewer::Spectator)["game"];
    assert_eq!(public["dust"], json!([["pawn"], []]));
    assert_eq!(public["zombies"], json!([]));
}

#[test]
fn zombie_the_horde_moves_each_zombie_once_after_the_regular_move() {
    let position = "4k3/8/2n5/3p4/8/8/8/4K3 b - - 0 1 c6,d5 - - move";
    let (state, said) = zombie(position, &["e8f8", "c6e5", "done"]);
    assert_eq!(said[1], "Nc6-e5; no zombies anywhere", "Black has buried nothing");
    assert_eq!(said[2], "the horde has moved; the zombie pawn on d5 crumbles to dust");
    assert_eq!(zombie_view(&state, Viewer::Spectator)["game"]["zombies"], json!(["e5"]));
    // A zombie that has moved may not move again in the same turn.
    let game = rules(ZOMBIE);
    let (mut state, _) = zombie(position, &["e8f8", "c6e5"]);
    let err = game.apply(&mut state, 1, "e5c6", &mut NoRandomness).unwrap_err();
    assert!(err.message.starts_with("Your move is made"), "{}", err.message);
}

#[test]
fn zombie_a_move_that_would_raise_a_zombie_giving_check_is_illegal() {
    // Under White's bishop on e2 lies a black rook: moving the bishop would raise it, giving
    // check on the e-file.
    let position = "4k3/8/8/8/8/8/4B3/4K3 w - - 0 1 - e2r - move";
    let game = rules(ZOMBIE);
    let mut state = game.parse_position(position).unwrap();
    let err = game.apply(&mut state, 0, "e2d3", &mut NoRandomness).unwrap_err();
    assert_eq!(err.message, "That would bring back a zombie you buried there, giving check to your king.");
    assert!(!game.legal_actions(&state, 0).contains(&"e2d3".to_string()));
}

#[test]
fn zombie_with_a_burial_of_each_player_under_one_square_the_movers_own_rises_first() {
    // Black buries a white pawn under its pawn on e4; White's knight takes that pawn (Black's
    // burial stays under it) and White buries a black pawn under d4; Black's queen takes on d4
    // (White's burial stays) and buries a white pawn under the queen. When the queen leaves d4,
    // Black is asked first: its own burial, a white pawn, rises, and White's stays hidden.
    let moves = [
        "d2d4", "d7d5", "e2e4", "d5e4", "bury e4", "b1c3", "f7f5", "c3e4", "bury d4", "d8d4", "bury d4", "a2a3", "d4d8",
    ];
    let (state, said) = zombie(ZOMBIE_START, &moves);
    assert_eq!(said.last().unwrap(), "Qd4-d8; a white pawn rises on d4 as a zombie");
    let white = zombie_view(&state, Viewer::Seat(0));
    assert_eq!(white["private"]["burials"], json!([{"square": "d4", "piece": "pawn"}]), "White's burial waits");
    // When White's zombie pawn leaves d4, White's own burial rises in its turn.
    let mut more = moves.to_vec();
    more.extend(["d4d5"]);
    let (_, said) = zombie(ZOMBIE_START, &more);
    assert_eq!(said.last().unwrap(), "d4-d5; a black pawn rises on d4 as a zombie");
}

/// A Zombie position, the actions played in it, and the refusal of the last one.
struct Refused {
    position: &'static str,
    played: &'static [&'static str],
    action: &'static str,
    said: &'static str,
}

/// Black's zombie bishop on e8 shields its king on h8 from White's rook on a8: if it crumbles
/// unmoved at the end of Black's turn, the king stands in check, unless Black's zombie knight
/// on e6 has moved to d8 or f8 to cover it.
const SHIELD: &str = "R3b2k/p7/4n3/8/8/8/8/4K3 b - - 0 1 e6,e8 - - move";

const ENDING_IN_CHECK: &[Refused] = &[
    Refused {
        position: SHIELD,
        played: &[],
        action: "e6c5",
        said: "After that your turn could not end with your king out of check: your zombies that have not moved crumble at the end of the turn.",
    },
    Refused {
        position: SHIELD,
        played: &["a7a6"],
        action: "done",
        said: "Your king would be in check once your zombies on e6 and e8 crumble at the end of the turn: move a zombie first.",
    },
    Refused {
        position: SHIELD,
        played: &["a7a6"],
        action: "e6c5",
        said: "After that your turn could not end with your king out of check: your zombies that have not moved crumble at the end of the turn.",
    },
];

#[test]
fn zombie_a_turn_may_not_end_with_the_movers_king_in_check_once_its_unmoved_zombies_crumble() {
    let game = rules(ZOMBIE);
    for case in ENDING_IN_CHECK {
        let (mut state, _) = zombie(case.position, case.played);
        let err = game.apply(&mut state, 1, case.action, &mut NoRandomness).unwrap_err();
        assert_eq!(err.message, case.said, "{} after {:?}", case.action, case.played);
        assert!(!game.legal_actions(&state, 1).contains(&case.action.to_string()));
    }
    let (state, _) = zombie(SHIELD, &["a7a6"]);
    assert_eq!(game.legal_actions(&state, 1), ["e6d8", "e6f8", "resign", "offer-draw"], "the knight covers the king");
    let (_, said) = zombie(SHIELD, &["a7a6", "e6f8", "done"]);
    assert_eq!(said.last().unwrap(), "the horde has moved; the zombie bishop on e8 crumbles to dust");
    // The issue's position: Black's zombie knight on e8 shields the king on f8 from White's
    // queen on d8 and cannot move; no game reaches it, since Black's move before would have
    // been refused.
    let position = "3Qnkn1/p2qpNp1/B7/1N1p4/P2P4/8/1P3P2/RNK5 b - - 4 17 b5,f7,d8,e8 a1b,b1p,c1r,b2p,f2p,a4n,d4b,a6r a7r,e7p,g7p,f8q,g8b horde";
    let err = game.parse_position(position).err().expect("refused");
    assert_eq!(err.code, rules::game::ErrorCode::BadPosition);
    assert_eq!(
        err.message,
        "no game reaches this position: Black could not end this turn without leaving its king in check, once its zombies that have not moved crumble"
    );
}

#[test]
fn zombie_castling_is_completed_before_the_zombies_rise() {
    let (_, said) = zombie("4k3/8/8/8/8/8/8/4K2R w K - 0 1 - e1n - move", &["O-O"]);
    // The grid is empty once the knight has risen: h1 is checked and nothing is buried anywhere.
    assert_eq!(said[0], "O-O; a black knight rises on e1 as a zombie; no zombies anywhere");
}

#[test]
fn zombie_the_horde_never_takes_a_king_its_regular_move_has_checked() {
    // White's pawn steps off the diagonal and White's zombie queen on h5 checks; the queen
    // could reach e8 in the horde, but a king is never taken: Black answers the check.
    let (state, said) = zombie("4k3/8/6P1/7Q/8/8/8/4K3 w - - 0 1 h5 - - move", &["g6g7"]);
    assert_eq!(said[0], "g6-g7; no zombies anywhere");
    let game = rules(ZOMBIE);
    let actions = game.legal_actions(&state, 0);
    assert!(!actions.contains(&"h5e8".to_string()), "the horde may take the king: {actions:?}");
    assert!(actions.contains(&"h5h6".to_string()), "the zombie still moves: {actions:?}");
    let err = game.apply(&mut game.clone_state(&state), 0, "h5e8", &mut NoRandomness).unwrap_err();
    assert_eq!(err.message, "A king is never taken in Zombie Chess: the check stands, and checkmate wins.");
}

#[test]
fn zombie_a_double_step_whose_square_the_horde_fills_leaves_no_en_passant() {
    // g2-g4, then White's zombie knight h1-g3 onto the square the pawn passed: Black's h4 pawn
    // may take the knight, not the pawn en passant, and the position saves and loads.
    let (state, _) = zombie("4k3/8/8/8/7p/8/6P1/4K2N w - - 0 1 h1 - - move", &["g2g4", "h1g3"]);
    let game = rules(ZOMBIE);
    let position = game.format_position(&state);
    assert_eq!(position.split(' ').nth(3), Some("-"), "{position}");
    game.load(&game.save(&state)).expect("the state loads back");
}

#[test]
fn zombie_a_capture_with_a_burial_under_every_own_piece_goes_to_the_dust_bin() {
    // White has buried under both its pieces already (under d4, before its piece there was
    // taken): the pawn taken on d4 cannot be buried.
    let (state, said) = zombie("4k3/8/8/8/3p4/5N2/8/4K3 w - - 0 1 - e1p,d4n - move", &["f3d4"]);
    assert_eq!(said[0], "Nf3xd4; no zombie at f3; White cannot bury the pawn: it goes to the dust bin");
    assert_eq!(zombie_view(&state, Viewer::Spectator)["game"]["dust"], json!([[], ["pawn"]]));
}

#[test]
fn zombie_a_pawn_rising_on_its_last_rank_is_promoted_at_once() {
    let (_, said) = zombie("3q4/8/8/8/8/8/8/k3K3 b - - 0 1 - - d8p move", &["d8d5"]);
    assert_eq!(said[0], "Qd8-d5; a white queen rises on d8 as a zombie");
}

#[test]
fn zombie_no_seat_ever_sees_where_the_other_buried_in_random_playouts() {
    let game = rules(ZOMBIE);
    for playout in 0..120u64 {
        let mut next = support::xorshift(0x5EED ^ ((playout + 1) * 0x2545_F491));
        let mut state = game.setup(&Value::Null, &mut NoRandomness).unwrap();
        for _ in 0..150 {
            let everyone = zombie_view(&state, Viewer::Everyone);
            for seat in 0..2u8 {
                let view = zombie_view(&state, Viewer::Seat(seat));
                let own = &everyone["secrets"]["private"][usize::from(seat)];
                assert_eq!(view["private"], *own, "seat {seat} sees exactly its own grid");
                let own_squares: Vec<&str> =
                    own["burials"].as_array().unwrap().iter().map(|b| b["square"].as_str().unwrap()).collect();
                for cell in view["board"]["cells"].as_array().unwrap() {
                    if cell["markers"].as_array().is_some_and(|m| m.contains(&json!("buried"))) {
                        assert!(
                            own_squares.contains(&cell["id"].as_str().unwrap()),
                            "seat {seat} sees another's burial"
                        );
                    }
                }
                for played in view["played"].as_array().unwrap() {
                    if played["seat"] != seat && played["said"].as_str().unwrap().contains("buries") {
                        assert!(played.get("action").is_none(), "seat {seat} sees where the other buried: {played}");
                        assert!(!played["said"].as_str().unwrap().contains("under"), "{played}");
                    }
                }
            }
            if game.outcome(&state).is_some() {
                break;
            }
            let (seat, action) = support::random_action(game, &state, &mut next);
            game.apply(&mut state, seat, &action, &mut NoRandomness).unwrap();
        }
    }
}

// ---------------------------------------------------------------- Cloak and Dagger (seed 000)

const CLOAK: &str = "cloak-and-dagger";

/// Every back-rank piece of the standard position cloaked, numbered 1–8 by file.
const ALL_CLOAKED: &str = "a1:1,b1:2,c1:3,d1:4,e1:5,f1:6,g1:7,h1:8,a8:1,b8:2,c8:3,d8:4,e8:5,f8:6,g8:7,h8:8";
const CLOAK_START: &str = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";

fn cloak(position: &str, actions: &[&str]) -> (AnyState, Vec<String>) {
    support::play_from(CLOAK, position, actions)
}

fn cloak_refusal(position: &str, action: &str) -> String {
    let game = rules(CLOAK);
    let mut state = game.parse_position(position).unwrap();
    let seat = seat_to_move(game, &state);
    game.apply(&mut state, seat, action, &mut NoRandomness).expect_err("refused").message
}

fn kind_on(view: &Value, id: &str) -> String {
    let cells = view["board"]["cells"].as_array().unwrap();
    cells.iter().find(|c| c["id"] == id).unwrap()["piece"]["kind"].as_str().unwrap_or("").to_string()
}

#[test]
fn cloak_each_player_arranges_its_checkers_in_secret_as_chess960_allows() {
    let game = rules(CLOAK);
    let mut state = game.setup(&Value::Null, &mut NoRandomness).unwrap();
    let err = game.apply(&mut state, 0, "arrange KRNBQBNR", &mut NoRandomness).unwrap_err();
    assert!(err.message.contains("king between them"), "{}", err.message);
    game.apply(&mut state, 0, "arrange RNBQKBNR", &mut NoRandomness).unwrap();
    game.apply(&mut state, 1, "arrange NRBKQBRN", &mut NoRandomness).unwrap();
    let white = serde_json::to_value(game.view(&state, Viewer::Seat(0))).unwrap();
    let black = serde_json::to_value(game.view(&state, Viewer::Seat(1))).unwrap();
    assert_eq!(kind_on(&white, "d1"), "queen", "White sees its own checkers");
    assert_eq!(kind_on(&white, "d8"), "unknown", "and not Black's");
    assert_eq!(kind_on(&black, "d8"), "king");
    assert_eq!(kind_on(&black, "d1"), "unknown");
    assert_eq!(kind_on(&black, "e2"), "pawn", "pawns are played as usual");
    assert_eq!(white["board"]["cells"][3]["piece"]["label"], "4", "checker 4 stands on d1");
}

#[test]
fn cloak_a_right_guess_earns_a_bonus_pawn_move_after_the_turns_move() {
    let position = format!("{CLOAK_START} {ALL_CLOAKED} - move");
    let (state, said) = cloak(&position, &["guess 4 queen", "e2e4", "d2d4", "done"]);
    assert_eq!(
        said[0],
        "White guesses that checker 4 is the queen: right, so White may make a bonus move after its regular move"
    );
    assert_eq!(said[2], "pawn d2→d4");
    let public = serde_json::to_value(rules(CLOAK).view(&state, Viewer::Spectator)).unwrap();
    let d8 = public["game"]["checkers"].as_array().unwrap().iter().find(|c| c["square"] == "d8").unwrap().clone();
    assert_eq!(d8["identity"], "queen", "a right guess is known to both");
}

#[test]
fn cloak_a_wrong_guess_gives_the_opponent_a_bonus_move_before_its_turn() {
    let position = format!("{CLOAK_START} {ALL_CLOAKED} - move");
    let (state, said) = cloak(&position, &["guess 4 king", "e2e4", "done"]);
    assert_eq!(
        said[0],
        "White guesses that checker 4 is the king: wrong, so Black may make a bonus move before its next turn"
    );
    let game = rules(CLOAK);
    assert_eq!(game.turn(&state).single().unwrap().stage.to_string(), "bonus");
    let (state, _) = cloak(&position, &["guess 4 king", "e2e4", "done", "e7e5", "d7d5"]);
    assert_eq!(game.turn(&state).single().unwrap().stage.to_string(), "uncloak");
}

#[test]
fn cloak_en_passant_follows_only_the_turns_last_move_and_is_the_opponents_alone() {
    // Black's bonus double step a7-a5, then its regular move: Black's own b7 pawn may not take
    // "en passant" on a6, and White's b5 pawn may not either, since a5 was not Black's last move.
    let position = "4k3/pp6/8/1P6/8/8/8/4K3 b - - 0 1 e1:5,e8:5 - bonus-before";
    let (state, _) = cloak(position, &["a7a5"]);
    let game = rules(CLOAK);
    assert!(!game.legal_actions(&state, 1).contains(&"b7a6".to_string()), "Black takes its own pawn en passant");
    let (state, _) = cloak(position, &["a7a5", "e8d8", "done"]);
    assert!(!game.legal_actions(&state, 0).contains(&"b5a6".to_string()), "a5 was not Black's last move");
    // A double step as the turn's last move is open to the opponent's en passant.
    let (state, _) = cloak("4k3/p7/8/1P6/8/8/8/4K3 b - - 0 1 e1:5,e8:5 - move", &["a7a5", "done"]);
    assert!(game.legal_actions(&state, 0).contains(&"b5a6".to_string()));
    // Mid-turn, the position writes the mover's double step and reads it back.
    let (state, _) = cloak("4k3/p7/8/1P6/8/8/8/4K3 b - - 0 1 e1:5,e8:5 - move", &["a7a5"]);
    let written = game.format_position(&state);
    assert_eq!(written, "4k3/8/8/pP6/8/8/8/4K3 b - a6 0 1 e1:5,e8:5 - uncloak");
    let read = game.parse_position(&written).unwrap();
    assert_eq!(game.format_position(&read), written);
}

#[test]
fn cloak_a_captured_checker_is_named_and_the_capturers_own_stays_cloaked_to_the_other() {
    let position = "4k3/2b5/8/3N4/8/8/8/4K3 w - - 0 1 d5:7,c7:3,e1:5,e8:5 - move";
    let game = rules(CLOAK);
    let (state, said) = cloak(position, &["d5c7"]);
    assert_eq!(said[0], "knight (7) d5→c7, taking checker 3, the bishop");
    let black = serde_json::to_value(game.view(&state, Viewer::Seat(1))).unwrap();
    let told = black["played"][0]["said"].as_str().unwrap();
    assert_eq!(told, "checker 7 d5→c7, taking checker 3, the bishop");
    assert_eq!(kind_on(&black, "c7"), "unknown");
}

#[test]
fn cloak_a_cloaked_king_may_step_into_check_and_is_captured_to_win() {
    let position = "4k3/8/8/8/8/8/3r4/4K3 w - - 0 1 e1:5,e8:5,d2:1 - move";
    let (state, _) = cloak(position, &["e1e2", "done", "d2e2"]);
    let outcome = rules(CLOAK).outcome(&state).unwrap();
    assert_eq!(outcome.reason, "Black captured the king");
    assert_eq!(outcome.results, vec![SeatResult::Loss, SeatResult::Win]);
}

#[test]
fn cloak_an_uncloaked_king_obeys_check_by_the_pieces_its_owner_knows() {
    // The rook on a1 is uncloaked: White knows it attacks the first rank.
    let why = cloak_refusal("k7/8/8/8/8/8/8/r5K1 w - - 0 1 a8:5 a1:1,g1:5 move", "g1f1");
    assert_eq!(why, "That would leave your uncloaked king in check.");
    let (state, _) = cloak("k7/8/8/8/8/8/6PP/r6K w - - 0 1 a8:5 a1:1,h1:5 move", &[]);
    assert_eq!(rules(CLOAK).outcome(&state).unwrap().reason, "checkmate, Black wins");
    // Cloaked and unknown, the same rook attacks nothing in White's judgement: no check, no
    // mate, and the king may step along the rank.
    let (state, said) = cloak("k7/8/8/8/8/8/8/r5K1 w - - 0 1 a1:1,a8:5 g1:5 move", &["g1f1"]);
    assert_eq!(said[0], "king g1→f1");
    assert!(rules(CLOAK).outcome(&state).is_none());
    let (state, _) = cloak("k7/8/8/8/8/8/6PP/r6K w - - 0 1 a1:1,a8:5 h1:5 move", &[]);
    assert!(rules(CLOAK).outcome(&state).is_none(), "a check White cannot see is no checkmate");
}

#[test]
fn cloak_castling_is_chess960s_and_checks_the_kings_path_only_when_the_king_is_uncloaked() {
    let cloaked = "4kr2/8/8/8/8/8/8/4K2R w K - 0 1 e1:5,h1:8,e8:5,f8:6 - move";
    let (state, said) = cloak(cloaked, &["O-O"]);
    assert_eq!(said[0], "castles on the king side");
    let public = serde_json::to_value(rules(CLOAK).view(&state, Viewer::Spectator)).unwrap();
    let g1 = public["game"]["checkers"].as_array().unwrap().iter().find(|c| c["square"] == "g1").unwrap().clone();
    assert_eq!(g1["identity"], "king", "castling shows king and rook");
    // With the king uncloaked, the path may not be attacked by a piece White knows: the
    // uncloaked rook on f8...
    let uncloaked = "4kr2/8/8/8/8/8/8/4K2R w K - 0 1 h1:8,e8:5 f8:6,e1:5 move";
    assert_eq!(cloak_refusal(uncloaked, "O-O"), "Your uncloaked king may not castle out of, through or into check.");
    // ...but a cloaked, unknown checker on f8 attacks nothing in White's judgement.
    let (_, said) = cloak("4kr2/8/8/8/8/8/8/4K2R w K - 0 1 h1:8,e8:5,f8:6 e1:5 move", &["O-O"]);
    assert_eq!(said[0], "castles on the king side");
}

#[test]
fn cloak_uncloaking_shows_a_checker_to_both() {
    let position = format!("{CLOAK_START} {ALL_CLOAKED} - move");
    let (state, said) = cloak(&position, &["g1f3", "uncloak 7", "done"]);
    assert_eq!(said[1], "White uncloaks checker 7: the knight");
    let black = serde_json::to_value(rules(CLOAK).view(&state, Viewer::Seat(1))).unwrap();
    assert_eq!(kind_on(&black, "f3"), "knight");
}

#[test]
fn cloak_no_seat_ever_sees_the_others_cloaked_checkers_in_random_playouts() {
    let game = rules(CLOAK);
    let arrangements = ["RNBQKBNR", "NRBKQBRN", "BBNNRKRQ", "RKRNNQBB", "QNRBBKRN"];
    for playout in 0..100u64 {
        let mut next = support::xorshift(0xC10A ^ ((playout + 1) * 0x9E37_79B9));
        let mut state = game.setup(&Value::Null, &mut NoRandomness).unwrap();
        for seat in 0..2u8 {
            let arrangement = arrangements[next() as usize % arrangements.len()];
            game.apply(&mut state, seat, &format!("arrange {arrangement}"), &mut NoRandomness).unwrap();
        }
        for _ in 0..120 {
            let everyone = serde_json::to_value(game.view(&state, Viewer::Everyone)).unwrap();
            for seat in 0..2u8 {
                let view = serde_json::to_value(game.view(&state, Viewer::Seat(seat))).unwrap();
                let mine = if seat == 0 { "white" } else { "black" };
                let known: Vec<Value> = everyone["game"]["checkers"]
                    .as_array()
                    .unwrap()
                    .iter()
                    .filter(|c| c["identity"].is_string())
                    .map(|c| c["square"].clone())
                    .collect();
                for cell in view["board"]["cells"].as_array().unwrap() {
                    let piece = &cell["piece"];
                    let cloaked = cell["markers"].as_array().is_some_and(|m| m.contains(&json!("cloaked")));
                    if piece.is_object() && piece["side"] != mine && cloaked && !known.contains(&cell["id"]) {
                        assert_eq!(piece["kind"], "unknown", "seat {seat} sees a cloaked checker: {cell}");
                    }
                }
                for checker in view["private"]["checkers"].as_array().into_iter().flatten() {
                    assert_eq!(checker["colour"], mine, "seat {seat}'s private part holds only its own checkers");
                }
            }
            if game.outcome(&state).is_some() {
                break;
            }
            let (seat, action) = support::random_action(game, &state, &mut next);
            game.apply(&mut state, seat, &action, &mut NoRandomness).unwrap();
        }
    }
}

/// White's moves (its guesses left out) in `position`.
fn cloak_moves(position: &str) -> Vec<String> {
    let state = rules(CLOAK).parse_position(position).unwrap_or_else(|e| panic!("{position}: {e}"));
    let (_, actions) = rules(CLOAK).legal_in(&state).unwrap();
    actions.into_iter().filter(|a| !a.starts_with("guess")).collect()
}

#[test]
fn cloak_an_uncloaked_kings_moves_are_the_same_whatever_the_cloaked_checker_near_it_is() {
    // Checker 4 on d3 is cloaked and unknown to White: whatever it truly is, White's uncloaked
    // king on e1 may go where it could go were d3 empty.
    let with = |piece: &str| cloak_moves(&format!("7k/8/8/8/8/3{piece}4/8/4K3 w - - 0 1 d3:4,h8:2 e1:5 move"));
    let queen = with("q");
    for piece in ["r", "b", "n"] {
        assert_eq!(with(piece), queen, "checker 4 as a {piece} changes White's moves");
    }
    assert_eq!(queen, cloak_moves("7k/8/8/8/8/8/8/4K3 w - - 0 1 h8:2 e1:5 move"));
    let mut sorted = queen.clone();
    sorted.sort();
    assert_eq!(sorted, ["e1d1", "e1d2", "e1e2", "e1f1", "e1f2"]);
    // The view's check flag and the board's selectable cells are the same too.
    let game = rules(CLOAK);
    let seen = |piece: &str| {
        let position = format!("7k/8/8/8/8/3{piece}4/8/4K3 w - - 0 1 d3:4,h8:2 e1:5 move");
        let view = serde_json::to_value(game.view(&game.parse_position(&position).unwrap(), Viewer::Seat(0))).unwrap();
        (view["game"]["check"].clone(), view["board"].clone(), view["legal_actions"].clone())
    };
    assert_eq!(seen("q").0, json!(false));
    for piece in ["r", "b", "n"] {
        assert_eq!(seen(piece), seen("q"), "checker 4 as a {piece} shows in White's view");
    }
}

#[test]
fn cloak_an_uncloaked_king_may_step_into_or_stay_in_a_cloaked_checkers_attack_and_taking_it_wins() {
    let game = rules(CLOAK);
    // Into: the cloaked queen on d3 truly attacks e2; White does not know it.
    let position = "7k/8/8/8/8/3q4/8/4K3 w - - 0 1 d3:4,h8:2 e1:5 move";
    let (state, said) = cloak(position, &["e1e2", "d3e2"]);
    assert_eq!(said[0], "king e1→e2");
    let outcome = game.outcome(&state).unwrap();
    assert_eq!(outcome.reason, "Black captured the king");
    assert_eq!(outcome.results, vec![SeatResult::Loss, SeatResult::Win]);
    // Stay: the cloaked queen on a1 truly gives check; White is not told, moves a pawn, and
    // Black takes the king.
    let position = "7k/8/8/8/8/8/P7/q3K3 w - - 0 1 a1:4,h8:2 e1:5 move";
    let (state, _) = cloak(position, &[]);
    let white = serde_json::to_value(game.view(&state, Viewer::Seat(0))).unwrap();
    assert_eq!(white["game"]["check"], json!(false), "a check by a cloaked checker is not told");
    let (state, _) = cloak(position, &["a2a3", "a1e1"]);
    assert_eq!(game.outcome(&state).unwrap().reason, "Black captured the king");
}

#[test]
fn cloak_uncloaking_the_checking_checker_at_the_end_of_the_turn_shows_the_checkmate() {
    let game = rules(CLOAK);
    let position = "k7/r7/8/8/8/8/6PP/7K b - - 0 1 a7:1,a8:5 h1:5 move";
    // The rook checker 1 goes to a1 and is uncloaked: White's uncloaked king is in check by a
    // piece it knows and has no move, so the game ends as White's move begins.
    let (state, said) = cloak(position, &["a7a1", "uncloak 1", "done"]);
    assert_eq!(said[1], "Black uncloaks checker 1: the rook");
    let outcome = game.outcome(&state).unwrap();
    assert_eq!(outcome.reason, "checkmate, Black wins");
    assert_eq!(outcome.results, vec![SeatResult::Loss, SeatResult::Win]);
    // Left cloaked, the same rook shows nothing: no check, no mate; White's king may even step
    // to g1 (which the rook truly attacks), and Black may take it there.
    let (state, _) = cloak(position, &["a7a1", "done"]);
    assert!(game.outcome(&state).is_none());
    let white = serde_json::to_value(game.view(&state, Viewer::Seat(0))).unwrap();
    assert_eq!(white["game"]["check"], json!(false));
    assert!(game.legal_actions(&state, 0).contains(&"h1g1".to_string()));
    let (state, _) = cloak(position, &["a7a1", "done", "h1g1", "a1g1"]);
    assert_eq!(game.outcome(&state).unwrap().reason, "Black captured the king");
    // A check shown that is not mate must be answered.
    let (state, _) = cloak("k7/r7/8/8/8/8/6P1/7K b - - 0 1 a7:1,a8:5 h1:5 move", &["a7a1", "uncloak 1", "done"]);
    let white = serde_json::to_value(game.view(&state, Viewer::Seat(0))).unwrap();
    assert_eq!(white["game"]["check"], json!(true));
    let moves: Vec<String> = game.legal_in(&state).unwrap().1.into_iter().filter(|a| !a.starts_with("guess")).collect();
    assert_eq!(moves, ["h1h2"]);
}

/// Pairs of arrangements that differ only in which checkers are the queen, bishops and knights
/// (the king and rooks stay: castling rights are public). Both are Chess960 arrangements for
/// either colour.
const CLOAK_TWINS: [(&str, &str); 5] = [
    ("RNBQKBNR", "RQBNKBNR"),
    ("RNBQKBNR", "RBNQKNBR"),
    ("NRBKQBRN", "NRQKBBRN"),
    ("BBNNRKRQ", "BQNNRKRB"),
    ("RKRNNQBB", "RKRBNNBQ"),
];

/// What `seat` is told of `attempt`: accepted, or the refusal's sentence.
fn cloak_answer(state: &AnyState, seat: u8, attempt: &str) -> String {
    match rules(CLOAK).after(state, seat, attempt) {
        Ok(_) => "accepted".into(),
        Err(e) => format!("refused: {}", e.message),
    }
}

/// Attempts of `seat` to sample: its king to each square around it, castling both ways, and
/// a few of its pieces to random squares.
fn cloak_attempts(view: &Value, seat: u8, next: &mut impl FnMut() -> u64) -> Vec<String> {
    let side = if seat == 0 { "white" } else { "black" };
    let cells = view["board"]["cells"].as_array().unwrap();
    let mine: Vec<&Value> = cells.iter().filter(|c| c["piece"]["side"] == side).collect();
    let mut out = vec!["O-O".to_string(), "O-O-O".to_string()];
    if let Some(king) = mine.iter().find(|c| c["piece"]["kind"] == "king") {
        let (f, r) = (king["at"][0].as_i64().unwrap(), king["at"][1].as_i64().unwrap());
        for (df, dr) in [(-1, -1), (-1, 0), (-1, 1), (0, -1), (0, 1), (1, -1), (1, 0), (1, 1)] {
            let (tf, tr) = (f + df, r + dr);
            if (0..8).contains(&tf) && (0..8).contains(&tr) {
                let to = format!("{}{}", (b'a' + tf as u8) as char, tr + 1);
                out.push(format!("{}{to}", king["id"].as_str().unwrap()));
            }
        }
    }
    for _ in 0..4 {
        let from = mine[next() as usize % mine.len()]["id"].as_str().unwrap();
        let to = cells[next() as usize % 64]["id"].as_str().unwrap();
        out.push(format!("{from}{to}"));
    }
    out
}

/// Plays `playouts` random games twice at once: the seat `differ`'s checkers arranged as the
/// two sides of a twin pair, the other seat's the same. While every differing checker is still
/// cloaked and unknown to the other seat, that seat's whole view (legal actions, `check`,
/// selectable cells), its answers to sampled attempts and the outcome must be byte-equal.
fn cloak_twin_playouts(differ: u8, playouts: u64, seed: u64) -> u64 {
    let game = rules(CLOAK);
    let seer = 1 - differ;
    let their_side = if differ == 0 { "white" } else { "black" };
    let arrangements = ["RNBQKBNR", "NRBKQBRN", "BBNNRKRQ", "RKRNNQBB", "QNRBBKRN"];
    let mut compared = 0;
    for playout in 0..playouts {
        let mut next = support::xorshift(seed ^ (playout + 1).wrapping_mul(0x9E37_79B9_7F4A_7C15));
        let (a, b) = CLOAK_TWINS[next() as usize % CLOAK_TWINS.len()];
        let own = arrangements[next() as usize % arrangements.len()];
        let differing: Vec<u64> =
            a.chars().zip(b.chars()).enumerate().filter(|(_, (x, y))| x != y).map(|(i, _)| i as u64 + 1).collect();
        let mut twins = [a, b].map(|theirs| {
            let mut state = game.setup(&Value::Null, &mut NoRandomness).unwrap();
            game.apply(&mut state, differ, &format!("arrange {theirs}"), &mut NoRandomness).unwrap();
            game.apply(&mut state, seer, &format!("arrange {own}"), &mut NoRandomness).unwrap();
            state
        });
        let mut last_seat = None;
        for ply in 0..160 {
            // Once the game is over every secret is shown (`revealed`): the twins may then differ
            // there, and only there.
            let views = twins.each_ref().map(|s| {
                let mut view = serde_json::to_value(game.view(s, Viewer::Seat(seer))).unwrap();
                view.as_object_mut().unwrap().remove("revealed");
                view
            });
            // Where each differing checker stands, while all are cloaked and unknown to the seer.
            let hidden: Vec<String> = views[0]["game"]["checkers"]
                .as_array()
                .unwrap()
                .iter()
                .filter(|c| c["colour"] == their_side && differing.contains(&c["number"].as_u64().unwrap()))
                .filter(|c| c["cloaked"] == true && c["identity"].is_null())
                .map(|c| c["square"].as_str().unwrap().to_string())
                .collect();
            if hidden.len() < differing.len() {
                break;
            }
            let at = format!("{a}/{b} playout {playout} ply {ply}: {}", game.format_position(&twins[0]));
            // Whether the other seat has a move at the start of its turn rests on what its own
            // checkers are: its checkmate or stalemate may come in one twin only, and ends the
            // comparison. The seer's own is judged from what it knows, and must not differ.
            if game.outcome(&twins[0]) != game.outcome(&twins[1]) {
                assert_eq!(last_seat, Some(seer), "{at}: the outcome for seat {seer} differs");
                break;
            }
            if views[0] != views[1] {
                let selectable = |v: &Value| -> Vec<Value> {
                    v["board"]["cells"]
                        .as_array()
                        .unwrap()
                        .iter()
                        .filter(|c| c["selectable"] == true)
                        .map(|c| c["id"].clone())
                        .collect()
                };
                let differ: Vec<String> = ["legal_actions", "game", "board", "played", "private", "turn", "outcome"]
                    .into_iter()
                    .filter(|k| views[0][k] != views[1][k])
                    .map(|k| match k {
                        "board" => {
                            format!("board: selectable {:?} / {:?}", selectable(&views[0]), selectable(&views[1]))
                        }
                        "game" => format!("game.check: {} / {}", views[0]["game"]["check"], views[1]["game"]["check"]),
                        _ => format!("{k}: {} / {}", views[0][k], views[1][k]),
                    })
                    .collect();
                panic!("{at}: seat {seer}'s view depends on the other's cloaked checkers:\n{}", differ.join("\n"));
            }
            assert_eq!(views[0], views[1], "{at}: seat {seer}'s view differs");
            if game.outcome(&twins[0]).is_some() {
                break;
            }
            let seat = seat_to_move(game, &twins[0]);
            assert_eq!(seat, seat_to_move(game, &twins[1]), "{at}: a different seat moves");
            if seat == seer {
                for attempt in cloak_attempts(&views[0], seer, &mut next) {
                    let told = twins.each_ref().map(|s| cloak_answer(s, seer, &attempt));
                    assert_eq!(told[0], told[1], "{at}: {attempt} is answered by the other's cloaked checkers");
                }
                compared += 1;
            }
            // An action open in both twins that tells nothing of the differing checkers.
            let other_legal = game.legal_actions(&twins[1], seat);
            let tells = |action: &str| {
                let words: Vec<&str> = action.split_whitespace().collect();
                match words.as_slice() {
                    ["guess" | "uncloak", n, ..] => differing.contains(&n.parse().unwrap()),
                    [m] if m.len() >= 4 => hidden.iter().any(|s| *s == m[2..4]),
                    _ => false,
                }
            };
            let actions: Vec<String> = game
                .legal_actions(&twins[0], seat)
                .into_iter()
                .filter(|a| !["resign", "offer-draw", "accept-draw", "decline-draw"].contains(&a.as_str()))
                .filter(|a| other_legal.contains(a) && !tells(a))
                .collect();
            if actions.is_empty() {
                break;
            }
            let action = &actions[next() as usize % actions.len()];
            for twin in &mut twins {
                game.apply(twin, seat, action, &mut NoRandomness).unwrap();
            }
            last_seat = Some(seat);
        }
    }
    compared
}

#[test]
fn cloak_twin_games_whose_black_checkers_differ_only_while_cloaked_look_the_same_to_white() {
    let compared = cloak_twin_playouts(1, 100, 0x7715_C10A);
    assert!(compared > 100 * 20, "only {compared} positions were compared");
}

#[test]
fn cloak_twin_games_whose_white_checkers_differ_only_while_cloaked_look_the_same_to_black() {
    let compared = cloak_twin_playouts(0, 100, 0x7715_B1AC);
    assert!(compared > 100 * 20, "only {compared} positions were compared");
}
