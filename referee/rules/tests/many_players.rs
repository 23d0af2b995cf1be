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
    assert_eq!(view(&state)["game"]["check"], true, "the mated king is shown in check");
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

/// A Crowded House position, an action in it, and what adjudication says.
const LONE_KINGS: &[(&str, &str, &str)] = &[
    (
        "8/8/7k/8/6K1/8/8/8 b - - 0 1 king",
        "h6h7",
        "King-side Black's king h6→h7 (Kh6-h7) is legal: queen-side White and queen-side Black have no move and pass.",
    ),
    ("8/8/7k/8/6K1/8/8/B7 b - - 0 1 king", "h6h7", "King-side Black's king h6→h7 (Kh6-h7) is legal."),
    ("8/8/7k/8/6K1/8/8/N7 b - - 0 1 king", "h6h7", "King-side Black's king h6→h7 (Kh6-h7) is legal."),
];

#[test]
fn a_lone_king_can_be_mated_so_no_material_is_too_little_to_play_on() {
    let game = rules(CROWDED);
    for (position, action, said) in LONE_KINGS {
        assert_eq!(game.adjudicate(position, action).unwrap().said, *said, "{position}");
    }
    // King against king: king-side Black steps next to White's king on the king side, where
    // queen-side White, next, cannot take it; queen-side White has no move and passes; now
    // queen-side Black is in check (king-side White moves next and takes on h5) with nothing
    // on its half to answer with.
    let state = after("8/8/7k/8/6K1/8/8/8 b - - 0 1 king", &["h6h5"]);
    assert_eq!(outcome_reason(&state).as_deref(), Some("checkmate, White wins"));
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

// ---------------------------------------------------------------- Chess Battle (seed 002)

const BATTLE: &str = "chess-battle";

/// A Chess Battle in its rounds on a `size`×`size` board: one `("white knight", "c3")` per
/// seat (`"out"` for a seat already eliminated), with `options` merged in.
fn battle(size: u8, pieces: &[(&str, &str)], options: serde_json::Value) -> AnyState {
    let cell = |name: &str| -> u16 {
        let file = u16::from(name.as_bytes()[0] - b'a');
        let rank: u16 = name[1..].parse().unwrap();
        (rank - 1) * u16::from(size) + file
    };
    let fighters: Vec<serde_json::Value> = pieces
        .iter()
        .map(|(piece, at)| {
            let (colour, kind) = piece.split_once(' ').unwrap();
            let out = *at == "out";
            serde_json::json!({
                "piece": [colour, kind],
                "cell": if out { serde_json::Value::Null } else { cell(at).into() },
                "eliminated": if out { "taken earlier".into() } else { serde_json::Value::Null },
                "medals_left": 2, "medals_from": [], "freeze_left": true,
            })
        })
        .collect();
    let mut opts = serde_json::json!({"players": pieces.len(), "size": size, "zones": "none", "safe_rounds": 2,
        "medals": false, "freezing": false});
    opts.as_object_mut().unwrap().extend(options.as_object().unwrap().clone());
    let state = serde_json::json!({"options": opts, "first": 0, "fighters": fighters, "round": 0,
        "yellow": [], "red": [], "frozen": [], "last_round": []});
    rules(BATTLE).parse_position(&state.to_string()).unwrap_or_else(|e| panic!("{e}"))
}

/// Every living seat seals its move (`stay` or a cell); returns the public view after the
/// reveal.
fn round(state: &mut AnyState, moves: &[(u8, &str)]) -> serde_json::Value {
    for (seat, action) in moves {
        rules(BATTLE).apply(state, *seat, action, &mut NoRandomness).unwrap_or_else(|e| panic!("{action}: {e}"));
    }
    serde_json::to_value(rules(BATTLE).view(state, Viewer::Spectator)).unwrap()["game"].clone()
}

/// Where each seat stands after a round ("out" once eliminated).
fn standing(game: &serde_json::Value) -> Vec<String> {
    game["fighters"]
        .as_array()
        .unwrap()
        .iter()
        .map(|f| if f["alive"] == true { f["cell"].as_str().unwrap().to_string() } else { "out".into() })
        .collect()
}

const FOUR: [(&str, &str); 4] =
    [("white rook", "a1"), ("black knight", "h8"), ("white bishop", "c5"), ("black rook", "h3")];

/// A random source that always answers `n` (the first player's draw).
struct Fixed(u32);
impl rules::random::RandomSource for Fixed {
    fn below(&mut self, _: u32) -> u32 {
        self.0
    }
}

#[test]
fn chess_battle_picks_clockwise_from_a_drawn_first_player_and_places_counter_clockwise_from_the_last() {
    let game = rules(BATTLE);
    let mut state = game.setup(&serde_json::json!({"players": 4}), &mut Fixed(2)).unwrap();
    let mut order = Vec::new();
    for pick in ["white knight", "black bishop", "white rook", "white knight"] {
        let seat = seat_to_move(game, &state);
        order.push(seat);
        game.apply(&mut state, seat, pick, &mut NoRandomness).unwrap();
    }
    assert_eq!(order, vec![2, 3, 0, 1], "clockwise from the drawn Seat 3");
    assert_eq!(seat_to_move(game, &state), 1, "the last to pick places first");
    game.apply(&mut state, 1, "a1", &mut NoRandomness).unwrap();
    assert_eq!(seat_to_move(game, &state), 0, "then counter-clockwise");
    // Seat 1's rook may not stand on a5, from where it attacks Seat 2's knight on a1.
    let err = game.apply(&mut state, 0, "a5", &mut NoRandomness).unwrap_err();
    assert_eq!(err.code, ErrorCode::IllegalAction);
    assert_eq!(
        err.message,
        "On a5 your piece would attack another player; choose a cell from which it attacks nobody."
    );
}

/// A Chess Battle in its placements: `pieces` picked (seat by seat, from Seat 1, who picked
/// first), the first `placed` of them set (Seat 4, Seat 3, ... place in turn).
fn placing(pieces: &[(&str, &str)], placed: usize) -> AnyState {
    let fighters: Vec<serde_json::Value> = pieces
        .iter()
        .enumerate()
        .map(|(seat, (piece, at))| {
            let (colour, kind) = piece.split_once(' ').unwrap();
            let order = pieces.len() - 1 - seat;
            let cell = (order < placed).then(|| {
                let (file, rank) = (u16::from(at.as_bytes()[0] - b'a'), at[1..].parse::<u16>().unwrap());
                (rank - 1) * 8 + file
            });
            serde_json::json!({"piece": [colour, kind], "cell": cell, "eliminated": null,
                "medals_left": 0, "medals_from": [], "freeze_left": false})
        })
        .collect();
    let state = serde_json::json!({"options": {"players": pieces.len(), "size": 8}, "first": 0, "fighters": fighters,
        "round": 0, "yellow": [], "red": [], "frozen": [], "last_round": []});
    rules(BATTLE).parse_position(&state.to_string()).unwrap_or_else(|e| panic!("{e}"))
}

#[test]
fn chess_battle_a_piece_is_placed_where_it_attacks_nobody_even_if_it_stands_attacked() {
    // Seat 4's knight stands on a1; Seat 3's rook places next.
    let pieces = [("white bishop", "h8"), ("black bishop", "h1"), ("white rook", "?"), ("white knight", "a1")];
    let state = placing(&pieces, 1);
    let cells = rules(BATTLE).legal_actions(&state, 2);
    assert!(cells.contains(&"b3".to_string()), "the knight on a1 attacks b3; the rook there attacks nobody: {cells:?}");
    assert!(
        !cells.contains(&"a5".to_string()) && !cells.contains(&"f1".to_string()),
        "from a5 or f1 the rook attacks a1"
    );
    assert_eq!(cells.len(), 63 - 14, "every empty cell but the a-file and the first rank");
}

/// A position no game reaches: a change to a game in its rounds (four white pieces on c3,
/// f6, a8 and h1; medals and freezing on), and what the refusal says.
const UNREACHABLE_BATTLES: &[(&str, &str)] = &[
    (r#"{"cells": [18, 18, 18, 18]}"#, "Seat 1 and Seat 2 both stand on c3: one piece a cell"),
    (r#"{"cells": [18, 45, 5000, 7]}"#, "Seat 3's cell 5000 is not on the 8×8 board (cells 0 to 63)"),
    (r#"{"yellow": [0, 64]}"#, "the danger zone's cell 64 is not on the 8×8 board (cells 0 to 63)"),
    (
        r#"{"kinds": ["knight", "knight", "knight", "knight", "knight"], "players": 5}"#,
        "5 white knights: one chess set has 2",
    ),
    (
        r#"{"kinds": ["queen", "knight", "rook", "rook"]}"#,
        "Seat 1 has a queen: players pick a knight, a bishop or a rook",
    ),
    (r#"{"frozen": [6]}"#, "Seat 7 is frozen but is not a living player at this table"),
    (r#"{"medals_from": [1]}"#, "Seat 2 keeps 2 medals and has handed over 1 more: a player has 2"),
    (
        r#"{"cells": [18, 45, null, 7], "round": 3}"#,
        "Seat 3 has not placed its piece, though its turn to place has passed",
    ),
    (r#"{"cells": [null, 45, 56, 7], "round": 3}"#, "the rounds have begun before every piece is placed"),
];

/// The position `change` describes (see [`UNREACHABLE_BATTLES`]), as JSON.
fn changed_battle(change: &serde_json::Value) -> String {
    let json = |key: &str, default: serde_json::Value| change.get(key).cloned().unwrap_or(default);
    let players = change["players"].as_u64().unwrap_or(4) as usize;
    let cells = json("cells", serde_json::json!([18, 45, 56, 7, 27]));
    let kinds = json("kinds", serde_json::json!(["rook", "knight", "bishop", "rook", "knight"]));
    let fighters: Vec<serde_json::Value> = (0..players)
        .map(|s| {
            let medals_from = if s == 0 { json("medals_from", serde_json::json!([])) } else { serde_json::json!([]) };
            serde_json::json!({"piece": ["white", kinds[s]], "cell": cells.get(s).cloned().unwrap_or(27.into()),
                "eliminated": null, "medals_left": 2, "medals_from": medals_from, "freeze_left": true})
        })
        .collect();
    serde_json::json!({"options": {"players": players, "medals": true, "freezing": true}, "first": 0,
        "fighters": fighters, "round": json("round", 1.into()), "yellow": json("yellow", serde_json::json!([])),
        "red": [], "frozen": json("frozen", serde_json::json!([])), "last_round": []})
    .to_string()
}

#[test]
fn chess_battle_refuses_a_position_no_game_reaches_and_says_what_is_wrong() {
    let game = rules(BATTLE);
    assert!(game.parse_position(&changed_battle(&serde_json::json!({}))).is_ok(), "the unchanged position is fine");
    for (change, said) in UNREACHABLE_BATTLES {
        let text = changed_battle(&serde_json::from_str(change).unwrap());
        let err = game.parse_position(&text).err().unwrap_or_else(|| panic!("{change} is refused"));
        assert_eq!((err.code, err.message.as_str()), (ErrorCode::BadPosition, *said), "{change}");
    }
}

#[test]
fn chess_battle_danger_zones_appear_from_the_first_round_by_default() {
    // "Every round new Danger Zones will appear": with the default options the outer ring is
    // yellow as soon as the last piece is placed, and turns red after round 1.
    let pieces = [("white bishop", "d3"), ("black bishop", "g5"), ("white rook", "e3"), ("white knight", "a1")];
    let mut state = placing(&pieces, 3);
    rules(BATTLE).apply(&mut state, 0, "d3", &mut NoRandomness).unwrap();
    let view = round(&mut state, &[]);
    assert_eq!(view["yellow"].as_array().unwrap().len(), 28, "the outer ring of the 8×8 board, in round 1");
    // The knight leaves the edge in round 1; the edge turns red, the next ring yellow.
    let view = round(&mut state, &[(0, "stay"), (1, "stay"), (2, "stay"), (3, "b3")]);
    assert_eq!(view["red"].as_array().unwrap().len(), 28);
    assert_eq!(view["yellow"].as_array().unwrap().len(), 20, "the next ring in, in round 2");
    assert_eq!(standing(&view), ["d3", "g5", "e3", "b3"]);
}

#[test]
fn chess_battle_offers_two_of_each_piece_as_in_one_chess_set() {
    let game = rules(BATTLE);
    let mut state = game.setup(&serde_json::json!({"players": 4}), &mut Fixed(0)).unwrap();
    game.apply(&mut state, 0, "white knight", &mut NoRandomness).unwrap();
    game.apply(&mut state, 1, "knight white", &mut NoRandomness).unwrap();
    let err = game.apply(&mut state, 2, "white knight", &mut NoRandomness).unwrap_err();
    assert_eq!(err.message, "Both white knights are taken.");
}

#[test]
fn chess_battle_moving_where_another_stood_eliminates_it_wherever_it_moved() {
    let mut state = battle(8, &FOUR, serde_json::json!({}));
    // Seat 4's rook on h3 goes to h8, where Seat 2's knight stood; the knight jumps away to g6
    // and is eliminated all the same.
    let game = round(&mut state, &[(0, "a2"), (1, "g6"), (2, "stay"), (3, "h8")]);
    assert_eq!(standing(&game), ["a2", "out", "c5", "h8"]);
    assert_eq!(game["fighters"][1]["eliminated"], "taken by Seat 4 on h8 (round 1)");
    assert_eq!(game["last_round"][1]["to"], "g6");
}

#[test]
fn chess_battle_two_pieces_moving_to_one_empty_cell_are_both_eliminated() {
    let mut state = battle(8, &FOUR, serde_json::json!({}));
    let game = round(&mut state, &[(0, "a3"), (1, "g6"), (2, "stay"), (3, "a3")]);
    assert_eq!(standing(&game), ["out", "g6", "c5", "out"]);
    assert_eq!(game["fighters"][0]["eliminated"], "collided with Seat 4 on a3 (round 1)");
}

#[test]
fn chess_battle_two_pieces_swapping_squares_eliminate_each_other() {
    let mut state = battle(
        8,
        &[("white rook", "a1"), ("black rook", "a5"), ("white bishop", "h8"), ("black knight", "h1")],
        serde_json::json!({}),
    );
    let game = round(&mut state, &[(0, "a5"), (1, "a1"), (2, "stay"), (3, "stay")]);
    assert_eq!(standing(&game), ["out", "out", "h8", "h1"]);
}

#[test]
fn chess_battle_in_a_chain_every_piece_moved_onto_is_eliminated_and_the_head_survives() {
    // Seat 1 → a5 (seat 2's cell), seat 2 → e5 (seat 3's cell), seat 3 → e8 (empty).
    let mut state = battle(
        8,
        &[("white rook", "a1"), ("black rook", "a5"), ("white rook", "e5"), ("black knight", "h1")],
        serde_json::json!({}),
    );
    let game = round(&mut state, &[(0, "a5"), (1, "e5"), (2, "e8"), (3, "stay")]);
    assert_eq!(standing(&game), ["a5", "out", "out", "h1"]);
}

#[test]
fn chess_battle_sliders_are_blocked_by_pieces_as_they_stood_at_the_start_of_the_round() {
    let state = battle(
        8,
        &[("white rook", "a1"), ("black rook", "a5"), ("white bishop", "h8"), ("black knight", "h1")],
        serde_json::json!({}),
    );
    let mut copy = rules(BATTLE).clone_state(&state);
    let err = rules(BATTLE).apply(&mut copy, 0, "a7", &mut NoRandomness).unwrap_err();
    assert_eq!(err.message, "Your white rook on a1 cannot reach a7.");
}

#[test]
fn chess_battle_moves_stay_sealed_and_may_be_changed_until_every_living_seat_has_sealed() {
    let game = rules(BATTLE);
    let mut state = battle(8, &FOUR, serde_json::json!({}));
    let applied = game.apply(&mut state, 0, "a2", &mut NoRandomness).unwrap();
    assert_eq!(applied.description, "sealed: Seat 1's white rook a1→a2");
    game.apply(&mut state, 0, "a4", &mut NoRandomness).unwrap();
    let theirs = serde_json::to_value(game.view(&state, Viewer::Seat(1))).unwrap();
    assert!(theirs["turn"]["seats"][0].get("sealed_action").is_none(), "another seat sees seat 1's move");
    assert!(theirs["played"].as_array().unwrap().is_empty());
    assert_eq!(theirs["turn"]["submitted"], 1);
    let game_view = round(&mut state, &[(1, "stay"), (2, "stay"), (3, "stay")]);
    assert_eq!(standing(&game_view), ["a4", "h8", "c5", "h3"]);
}

#[test]
fn chess_battle_a_round_closed_at_its_deadline_leaves_seats_that_sealed_nothing_where_they_stand() {
    let game = rules(BATTLE);
    let mut state = battle(8, &FOUR, serde_json::json!({"round_seconds": 60}));
    assert_eq!(game.round_deadline(&state), Some((0, 60)), "the round opened with the position");
    // Seat 1 and seat 4 seal; seats 2 and 3 do not before the deadline.
    game.apply(&mut state, 0, "a2", &mut NoRandomness).unwrap();
    game.apply(&mut state, 3, "h8", &mut NoRandomness).unwrap();
    let closed = game.close_round(&mut state, &mut NoRandomness).unwrap();
    assert_eq!(closed.action, "deadline");
    assert_eq!(closed.description, "the round closed at its deadline; Seat 2 and Seat 3 sealed nothing");
    let view = serde_json::to_value(game.view(&state, Viewer::Spectator)).unwrap();
    // Seat 2's knight stayed on h8 and was taken there by seat 4's rook.
    assert_eq!(standing(&view["game"]), ["a2", "out", "c5", "h8"]);
    let said: Vec<&str> = view["played"].as_array().unwrap().iter().map(|p| p["said"].as_str().unwrap()).collect();
    assert!(said.contains(&"Seat 3 sealed nothing before the deadline"), "{said:?}");
    assert_eq!(game.round_deadline(&state), Some((3, 60)), "the next round opened with the closing");
    // Without the option no round has a deadline, and none can be closed early.
    let mut plain = battle(8, &FOUR, serde_json::json!({}));
    assert_eq!(game.round_deadline(&plain), None);
    let refused = game.close_round(&mut plain, &mut NoRandomness).unwrap_err();
    assert_eq!(refused.message, "No round with a deadline is open.");
}

#[test]
fn chess_battle_a_frozen_player_cannot_move_that_round_even_if_it_had_sealed() {
    let game = rules(BATTLE);
    let mut state = battle(8, &FOUR, serde_json::json!({"freezing": true}));
    game.apply(&mut state, 3, "h8", &mut NoRandomness).unwrap();
    let applied = game.apply(&mut state, 1, "freeze 4", &mut NoRandomness).unwrap();
    assert_eq!(applied.description, "Seat 2 freezes Seat 4 for this round");
    assert_eq!(game.turn(&state).active_seats(), vec![0, 1, 2]);
    let view = round(&mut state, &[(0, "stay"), (1, "stay"), (2, "stay")]);
    assert_eq!(standing(&view), ["a1", "h8", "c5", "h3"], "the sealed h8 was dropped");
    let err = game.apply(&mut state, 1, "freeze 4", &mut NoRandomness).unwrap_err();
    assert_eq!(err.message, "You have already spent your freeze.");
}

#[test]
fn chess_battle_a_frozen_player_still_hands_over_a_medal_and_spends_its_freeze() {
    let game = rules(BATTLE);
    let mut state = battle(8, &FOUR, serde_json::json!({"freezing": true, "medals": true}));
    game.apply(&mut state, 1, "freeze 4", &mut NoRandomness).unwrap();
    // Seat 4 loses its move, and only that: its medals and its freeze are still its own.
    let open = ["freeze 1", "freeze 2", "freeze 3", "medal 1", "medal 2", "medal 3"];
    assert_eq!(game.legal_actions(&state, 3), open);
    let err = game.apply(&mut state, 3, "h7", &mut NoRandomness).unwrap_err();
    assert_eq!(err.message, "You are frozen this round: your piece cannot move until the round closes.");
    let applied = game.apply(&mut state, 3, "medal 1", &mut NoRandomness).unwrap();
    assert_eq!(applied.description, "Seat 4 hands a medal to Seat 1");
    game.apply(&mut state, 3, "freeze 3", &mut NoRandomness).unwrap();
    assert_eq!(game.turn(&state).active_seats(), vec![0, 1], "the round waits for the seats not frozen");
    let view = round(&mut state, &[(0, "stay"), (1, "stay")]);
    assert_eq!(standing(&view), ["a1", "h8", "c5", "h3"]);
    assert_eq!(view["fighters"][0]["medals_from"], serde_json::json!([3]));
}

#[test]
fn chess_battle_ends_when_one_is_left_and_the_holders_of_its_medals_win_with_it() {
    let game = rules(BATTLE);
    let mut state = battle(
        8,
        &[("white rook", "a1"), ("black rook", "a5"), ("white bishop", "h8"), ("black knight", "out")],
        serde_json::json!({"medals": true}),
    );
    // Seat 1 hands a medal to Seat 4, already out; then takes Seat 2 on a5 and Seat 3 on h8.
    game.apply(&mut state, 0, "medal 4", &mut NoRandomness).unwrap();
    round(&mut state, &[(0, "a5"), (1, "a8"), (2, "stay")]);
    let view = round(&mut state, &[(0, "h5"), (2, "stay")]);
    assert_eq!(standing(&view), ["h5", "out", "h8", "out"]);
    let view = round(&mut state, &[(0, "h8"), (2, "a1")]);
    assert_eq!(standing(&view), ["h8", "out", "out", "out"]);
    let outcome = game.outcome(&state).unwrap();
    assert_eq!(outcome.reason, "Seat 1 is the last one standing; the holders of its medals win with it");
    use SeatResult::*;
    assert_eq!(outcome.results, vec![Win, Loss, Loss, Win]);
}

#[test]
fn chess_battle_with_nobody_left_is_a_tie() {
    let mut state = battle(
        8,
        &[("white rook", "a1"), ("black rook", "a5"), ("white bishop", "out"), ("black knight", "out")],
        serde_json::json!({}),
    );
    round(&mut state, &[(0, "a5"), (1, "a1")]);
    let outcome = rules(BATTLE).outcome(&state).unwrap();
    assert_eq!(outcome.reason, "nobody survived: a tie");
    assert_eq!(outcome.results, vec![SeatResult::Draw; 4]);
}

#[test]
fn chess_battle_danger_zones_turn_yellow_at_the_edge_then_red_a_round_later() {
    let mut state = battle(
        6,
        &[("white rook", "a1"), ("black rook", "c3"), ("white bishop", "f6"), ("black knight", "d4")],
        serde_json::json!({"zones": "ring", "safe_rounds": 1}),
    );
    let view = round(&mut state, &[(0, "stay"), (1, "stay"), (2, "stay"), (3, "stay")]);
    assert_eq!(view["yellow"].as_array().unwrap().len(), 20, "the outer ring of a 6×6 board");
    assert!(view["red"].as_array().unwrap().is_empty());
    // The rook steps along the edge to b1, still yellow, and is caught when it turns red; the
    // bishop steps in to e5.
    let view = round(&mut state, &[(0, "b1"), (1, "stay"), (2, "e5"), (3, "stay")]);
    assert_eq!(standing(&view), ["out", "c3", "e5", "d4"]);
    assert_eq!(view["fighters"][0]["eliminated"], "caught in the red zone on b1 (round 2)");
    assert_eq!(view["red"].as_array().unwrap().len(), 20);
    assert_eq!(view["yellow"].as_array().unwrap().len(), 12, "the next ring in");
}

#[test]
fn chess_battle_bishops_that_can_never_meet_move_one_square_in_any_direction() {
    // Only two bishops are left, on cells of different colours: each may step like a king.
    let state = battle(
        8,
        &[("white bishop", "a1"), ("black bishop", "a2"), ("white rook", "out"), ("black knight", "out")],
        serde_json::json!({}),
    );
    let legal = rules(BATTLE).legal_actions(&state, 0);
    assert!(legal.contains(&"a2".to_string()) && legal.contains(&"b1".to_string()), "{legal:?}");
    assert!(!legal.contains(&"c3".to_string()), "{legal:?}");
}

// ---------------------------------------------------------------- Cooperative Chess (seed 001)

const COOP: &str = "cooperative";

/// Plays `actions` in a Cooperative position; returns the state and what each was told.
fn coop(position: &str, actions: &[&str]) -> (AnyState, Vec<String>) {
    support::play_from(COOP, position, actions)
}

fn coop_refusal(position: &str, actions: &[&str], action: &str) -> String {
    let game = rules(COOP);
    let (mut state, _) = coop(position, actions);
    let seat = seat_to_move(game, &state);
    let before = game.save(&state);
    let err = game.apply(&mut state, seat, action, &mut NoRandomness).expect_err("should be refused");
    assert_eq!(game.save(&state), before, "a refused action changes nothing");
    err.message
}

fn coop_game(state: &AnyState) -> serde_json::Value {
    serde_json::to_value(rules(COOP).view(state, Viewer::Spectator)).unwrap()["game"].clone()
}

/// The seed's first example: Black holds a knight, a bishop and a king card; White's stack
/// has two pawn cards on top. A black bishop also stands on b3.
const COOP_BISHOP: &str = "2b1k3/8/8/3P4/2P5/1b6/8/4K3 b - - 0 1 2H,3H - - 8S,9S,KS move pile:4C,5C,8C";

#[test]
fn cooperative_black_moves_the_bishop_to_e6_plays_the_bishop_card_and_takes_both_pawns() {
    let (state, said) = coop(COOP_BISHOP, &["c8e6", "play 9S", "e6d5", "d5c4"]);
    assert_eq!(said, ["Bc8-e6", "plays 9S", "Be6xd5", "Bd5xc4"]);
    let game = coop_game(&state);
    assert_eq!(game["captured"], serde_json::json!(["3H", "2H"]), "the pawn cards went to the captured stack");
    assert_eq!(game["white_stack"], serde_json::json!([]));
    // Nothing is left to match: the turn ended and Black drew back to three.
    assert_eq!(game["to_move"], "white");
    assert_eq!(game["hand_sizes"], serde_json::json!([0, 3]), "Player 1 plays White here; Player 2's hand is full");
}

#[test]
fn cooperative_every_move_of_a_turn_is_made_with_one_piece() {
    let why = coop_refusal(COOP_BISHOP, &["c8e6", "play 9S"], "b3c4");
    assert_eq!(why, "Every move of a turn is made with one piece: this turn's is the bishop on e6.");
}

#[test]
fn cooperative_captures_come_only_after_the_card_and_must_match_it() {
    let why = coop_refusal(COOP_BISHOP, &[], "b3c4");
    assert!(why.starts_with("Captures come after you play a card"), "{why}");
    // (Black keeps a bishop on h8, which could take e5: a card of a type Black no longer has
    // would be wild.)
    let position = "4k2b/8/8/3PP3/8/2n5/8/4K3 b - - 0 1 2H - - 9S,8S,KS move pile:4C";
    let why = coop_refusal(position, &["play 9S"], "c3d5");
    assert_eq!(why, "You played a bishop card (9S), so only a bishop may capture this turn.");
}

/// The seed's second example: White's pawn card (red) lies on its rook card; White still has
/// a rook (on f7), so that card is not wild by itself.
const COOP_WILD: &str = "4k3/5R2/4b3/3P4/2N5/8/8/4K3 b - - 0 1 10H,2H - - 9S,9H,KS move pile:4C,5C";

#[test]
fn cooperative_a_double_colour_match_makes_the_next_captured_card_wild() {
    // A black card for the black bishop, a red card for the white pawn: the rook card under it
    // becomes wild, so the bishop may go on to take the knight.
    let (state, said) = coop(COOP_WILD, &["play 9S", "e6d5", "d5c4"]);
    assert_eq!(said, ["plays 9S", "Be6xd5", "Bd5xc4"]);
    assert_eq!(coop_game(&state)["captured"], serde_json::json!(["2H", "10H"]));
    // With the red bishop card the colours do not both match: only a rook may be taken next.
    let why = coop_refusal(COOP_WILD, &["play 9H", "e6d5"], "d5c4");
    assert_eq!(why, "The top of White's discard stack is a rook card (10H): you may take only a rook.");
}

#[test]
fn cooperative_a_card_of_a_type_you_no_longer_have_is_wild_on_your_stack() {
    // Black has no queen: its queen card lets any black piece capture.
    let (_, said) = coop("4k3/8/8/3P4/8/2n5/8/4K3 b - - 0 1 2H - - QS,8S,9S move pile:4C", &["play QS", "c3d5"]);
    assert_eq!(said, ["plays QS", "Nc3xd5"]);
    // White has no queen: the queen card on White's stack lets Black take any white piece.
    let (_, said) = coop("4k3/8/8/3N4/8/2n5/8/4K3 b - - 0 1 QH - - 8S,9S,KS move pile:4C", &["play 8S", "c3d5"]);
    assert_eq!(said, ["plays 8S", "Nc3xd5"]);
}

#[test]
fn cooperative_taking_a_king_ends_the_game_with_a_point_per_piece_type_gone() {
    let (state, _) = coop("k7/8/3n4/8/4K3/8/8/8 b - - 0 1 KH - - 8S,9S,QS move", &["play 8S", "d6e4"]);
    let outcome = rules(COOP).outcome(&state).unwrap();
    assert_eq!(outcome.reason, "a king is taken: 4 points (pawns, bishops, rooks, queens all gone)");
    assert_eq!(outcome.results, vec![SeatResult::Win; 2]);
    assert_eq!(outcome.scores, vec![4, 4]);
}

#[test]
fn cooperative_a_king_may_move_into_check() {
    let (_, said) = coop("4k3/8/8/8/8/8/3q4/4K3 w - - 0 1 - - - 2H,3H,4H move", &["e1e2"]);
    assert_eq!(said, ["Ke1-e2"]);
}

#[test]
fn cooperative_running_out_of_cards_without_taking_a_king_loses() {
    let (state, _) = coop("4k3/8/8/8/8/8/8/4K3 w - - 0 1 2S 2H 3S,3H - move", &[]);
    let outcome = rules(COOP).outcome(&state).unwrap();
    assert_eq!(outcome.reason, "the hands ran out before a king was taken");
    assert_eq!(outcome.results, vec![SeatResult::Loss; 2]);
}

#[test]
fn cooperative_deals_three_cards_each_from_the_32_and_keeps_the_hands_private() {
    let game = rules(COOP);
    let mut rng = rules::random::EventRng::new(rules::random::GameKey([7; 32]), 0);
    let state = game.setup(&serde_json::Value::Null, &mut rng).unwrap();
    let spectator = serde_json::to_value(game.view(&state, Viewer::Spectator)).unwrap();
    assert_eq!(spectator["game"]["draw_pile"], 26);
    assert_eq!(spectator["game"]["hand_sizes"], serde_json::json!([3, 3]));
    assert!(spectator["private"].is_null());
    let mine = serde_json::to_value(game.view(&state, Viewer::Seat(0))).unwrap();
    assert_eq!(mine["private"]["cards"].as_array().unwrap().len(), 3);
}

#[test]
fn cooperative_a_game_ended_by_a_taken_king_saves_and_loads() {
    let game = rules(COOP);
    let (state, _) = coop("k7/8/3n4/8/4K3/8/8/8 b - - 0 1 KH - - 8S,9S,QS move", &["play 8S", "d6e4"]);
    let saved = game.save(&state);
    assert_eq!(game.save(&game.load(&saved).unwrap()), saved);
}

/// Cooperative positions holding cards no game holds, and what the refusal says.
const UNREACHABLE_COOPS: &[(&str, &str)] = &[
    (
        "4k3/8/8/3p4/4P3/8/8/4K3 w - - 0 1 KD 2S - 2H,3H capture",
        "KD is not one of the game's 32 cards (Appendix A's piece cards: 2 to 5, 8, 9 and 10 of each suit, the queen and king of hearts and of spades)",
    ),
    ("4k3/8/8/3p4/4P3/8/8/4K3 w - - 0 1 - - - QH,QH,QH move", "QH is written twice: each card is in one place only"),
    (
        "4k3/8/8/3p4/4P3/8/8/4K3 w - - 0 1 2H 2S - 3H capture pile:2H",
        "2H is written twice: each card is in one place only",
    ),
    (
        "4k3/8/8/3p4/4P3/8/8/4K3 w - - 0 1 - - - 3H move pile:7C",
        "7C is not one of the game's 32 cards (Appendix A's piece cards: 2 to 5, 8, 9 and 10 of each suit, the queen and king of hearts and of spades)",
    ),
];

#[test]
fn cooperative_refuses_cards_outside_its_32_card_deck_and_cards_written_twice() {
    let game = rules(COOP);
    for (position, said) in UNREACHABLE_COOPS {
        let err = game.parse_position(position).err().unwrap_or_else(|| panic!("{position} is refused"));
        assert_eq!((err.code, err.message.as_str()), (ErrorCode::BadPosition, *said), "{position}");
    }
}
