//! Whack Chess rules, one test per rule (seed 004, "Whack Chess"), played through the game as
//! the referee plays it. Positions are written in the game's notation (rules page): the
//! arrangement as joins, the pieces by section and rank (1 to 4, files a to d; upper case
//! Fire, lower case Ice; digits for empty cells), the side and its stage. Most tests play on
//! the track of `docs/games/whack/track.svg`.

mod support;

use rules::game::{AnyState, ErrorCode, SeatResult, Turn, Viewer};
use rules::random::{NoRandomness, RandomSource};
use serde_json::Value;
use support::rules;

const WHACK: &str = "whack";
/// The track of the pictures: 1–2–3–4, Fire at section 1, Ice at section 4.
const TRACK: &str = "1,2bc=1cd,3ab=2da,4cd=3cd";
/// The pieces as set up on that track.
const START: &str = "PPPP/BRKB/NQRN/PPPP|4/4/4/4|4/4/4/4|pppp/brkb/nqrn/pppp";

/// A die that shows `face` (1 to 6).
struct Shows(u32);

impl RandomSource for Shows {
    fn below(&mut self, n: u32) -> u32 {
        assert_eq!(n, 6, "Whack only ever rolls a six-sided die");
        self.0 - 1
    }
}

/// The position `pieces` on the track, with `turn` (side, stage, …).
fn on_track(pieces: &str, turn: &str) -> String {
    format!("{TRACK} {pieces} {turn}")
}

fn read(position: &str) -> AnyState {
    rules(WHACK).parse_position(position).unwrap_or_else(|e| panic!("{position}: {e}"))
}

/// The seat to act.
fn seat(state: &AnyState) -> u8 {
    rules(WHACK).turn(state).single().expect("one side acts").seat
}

/// Plays `actions` from `position` by whoever acts (rolls show `faces` in turn); returns the
/// state and what each action told.
fn play(position: &str, actions: &[&str], faces: &[u32]) -> (AnyState, Vec<String>) {
    let game = rules(WHACK);
    let mut state = read(position);
    let mut faces = faces.iter();
    let mut said = Vec::new();
    for action in actions {
        let s = seat(&state);
        let applied = if *action == "roll" {
            game.apply(&mut state, s, action, &mut Shows(*faces.next().expect("a face for each roll")))
        } else {
            game.apply(&mut state, s, action, &mut NoRandomness)
        };
        said.push(applied.unwrap_or_else(|e| panic!("{action}: {e}")).description);
    }
    (state, said)
}

/// Why `action` is refused in `position`.
fn refusal(position: &str, action: &str) -> String {
    let mut state = read(position);
    let s = seat(&state);
    let err = rules(WHACK).apply(&mut state, s, action, &mut NoRandomness).unwrap_err();
    assert_eq!(err.code, ErrorCode::IllegalAction, "{action}: {}", err.message);
    err.message
}

/// The game actions of the side to act.
fn legal(state: &AnyState) -> Vec<String> {
    let game = rules(WHACK);
    game.legal_actions(state, seat(state)).into_iter().filter(|a| rules::game::Courtesy::parse(a).is_none()).collect()
}

/// The moves of the piece on `from`, by destination.
fn moves_from(state: &AnyState, from: &str) -> Vec<String> {
    let mut out: Vec<String> =
        legal(state).into_iter().filter_map(|a| a.strip_prefix(&format!("{from}-")).map(String::from)).collect();
    out.sort();
    out
}

fn cells(text: &str) -> Vec<String> {
    let mut out: Vec<String> = text.split_whitespace().map(String::from).collect();
    out.sort();
    out
}

fn position(state: &AnyState) -> String {
    rules(WHACK).format_position(state)
}

fn stage(state: &AnyState) -> String {
    rules(WHACK).turn(state).single().map(|a| a.stage.to_string()).unwrap_or_else(|| "over".into())
}

fn public(state: &AnyState) -> Value {
    rules(WHACK).view(state, Viewer::Spectator).to_json()["game"].clone()
}

// ---- Setup ----

#[test]
fn fire_and_ice_lay_the_sections_in_turn_into_a_track_and_set_up_at_its_ends() {
    let game = rules(WHACK);
    let mut state = game.setup(&Value::Null, &mut NoRandomness).unwrap();
    assert_eq!((seat(&state), stage(&state)), (1, "place-section".into()), "Fire's section lies; Ice lays the next");
    assert_eq!(legal(&state).len(), 8, "along any of section 1's four edges, two ways each");
    for action in ["place 2bc=1cd", "place 3ab=2da", "place 4cd=3cd"] {
        let s = seat(&state);
        game.apply(&mut state, s, action, &mut NoRandomness).unwrap();
    }
    // Ice in the last section laid (4), Fire at the other end (1): from the end of the track,
    // four pawns; bishop, rook, king, bishop; knight, queen, rook, knight; four pawns.
    assert_eq!(position(&state), on_track(START, "ice roll opening"));
}

#[test]
fn the_third_section_joins_only_one_of_the_others() {
    // Section 3 along section 2's DA would also close onto section 1: Martian Chess's triangle.
    let message = refusal("1,2ab=1da - fire place-section", "place 3ab=2da");
    assert_eq!(message, "A new section joins only one of the others, by one edge.");
    let message = refusal("1,2bc=1cd - fire place-section", "place 3bc=2bc");
    assert_eq!(message, "Not there: sections 1 and 3 would overlap.");
}

#[test]
fn the_last_section_joins_an_end_of_the_track_not_its_middle() {
    let message = refusal("1,2bc=1cd,3ab=2da - ice place-section", "place 4ab=2ab");
    assert_eq!(message, "The last section joins an end of the track, not its middle.");
}

#[test]
fn the_last_section_may_not_join_both_ends_of_the_track() {
    // Sections 1, 2 and 3 turn round section 1's corner B; section 4 along 3's edge BC would
    // also lie along 1's edge AB, closing four right angles into a ring.
    let track = "1,2cd=1bc,3ab=2da - ice place-section";
    assert_eq!(refusal(track, "place 4cd=3bc"), "A new section joins only one of the others, by one edge.");
    assert!(!legal(&read(track)).contains(&"place 4cd=3bc".to_string()));
}

#[test]
fn fire_sets_up_at_the_far_end_of_the_track_wherever_that_is() {
    // Section 3 joins section 1, so 1 is in the middle: the track is 3–1–2–4 and Fire sets up
    // in section 3, whose rank 1 faces the track (its AB along 1's DA): ranks 4 to 1 from the end.
    let (state, _) = play("1,2bc=1cd - fire place-section", &["place 3ab=1da", "place 4bc=2cd"], &[]);
    let text = position(&state);
    let pieces: Vec<&str> = text.split_whitespace().nth(1).unwrap().split('|').collect();
    assert_eq!(pieces[0], "4/4/4/4", "section 1 is in the middle");
    assert_eq!(pieces[2], "PPPP/NRQN/BKRB/PPPP");
    assert!(pieces[3].contains('k') && !pieces[3].contains('K'), "Ice in section 4: {text}");
}

// ---- Pieces ----

#[test]
fn the_starting_stacks_are_the_seeds_and_the_pips_say_what_a_piece_is() {
    let state = read(&on_track(START, "fire move"));
    let board = rules(WHACK).view(&state, Viewer::Spectator).board.unwrap();
    let label = |id: &str| {
        let piece = board.cells.iter().find(|c| c.id == id).unwrap().piece.clone().unwrap();
        format!("{} {}", piece.kind, piece.label.unwrap())
    };
    assert_eq!(label("1a1"), "pawn 1");
    assert_eq!(label("1a3"), "knight 2");
    assert_eq!(label("1a2"), "bishop 3");
    assert_eq!(label("1b2"), "rook 2+2");
    assert_eq!(label("1c2"), "king 3+1+1");
    assert_eq!(label("1b3"), "queen 2+2+2");
    assert_eq!(public(&state)["material"], serde_json::json!([37, 37]));
}

#[test]
fn a_piece_stacks_onto_a_same_sized_or_larger_piece_of_its_side_and_the_total_says_what_it_is() {
    let start = on_track(START, "fire move");
    let (_, said) = play(&start, &["1c4-1c3"], &[]);
    assert_eq!(said, ["pawn 1c4→1c3 stacks onto the rook: a king now"]);
    let (_, said) = play(&start, &["1d3-1b2"], &[]);
    assert_eq!(said, ["knight 1d3→1b2 stacks onto the rook: a queen now"]);
    assert_eq!(
        refusal(&start, "1d3-1b4"),
        "The knight on 1d3 cannot stack onto your pawn on 1b4: a piece may only stack onto a same-sized or larger piece of its side."
    );
}

#[test]
fn no_pyramid_may_sit_on_a_smaller_one_and_no_stack_may_exceed_six_points() {
    let start = on_track(START, "fire move");
    assert_eq!(
        refusal(&start, "1d2-1c3"),
        "The bishop on 1d2 cannot stack onto your rook on 1c3: no pyramid may sit on a smaller one."
    );
    assert_eq!(
        refusal(&start, "1b2-1b3"),
        "The rook on 1b2 cannot stack onto your queen on 1b3: no stack may exceed 6 points."
    );
}

#[test]
fn pawns_stack_by_an_orthogonal_step_only() {
    assert_eq!(
        refusal(&on_track(START, "fire move"), "1a1-1b2"),
        "A pawn stacks onto your own piece by an orthogonal step only."
    );
}

#[test]
fn a_stack_moves_whole_as_the_piece_it_makes_and_never_splits() {
    let (state, _) = play(&on_track(START, "fire move"), &["1a4-1b4", "4a4-3d4"], &[]);
    let knight = moves_from(&state, "1b4");
    assert!(
        !knight.contains(&"1b3".to_string()) && knight.contains(&"1a2".to_string()),
        "it moves as a knight: {knight:?}"
    );
    let to = knight.iter().find(|c| c.starts_with('2')).expect("a knight's move into section 2").clone();
    let (after, said) = play(&position(&state), &[&format!("1b4-{to}")], &[]);
    assert_eq!(said[0], format!("knight 1b4→{to}"));
    let board = rules(WHACK).view(&after, Viewer::Spectator).board.unwrap();
    let at = |id: &str| board.cells.iter().find(|c| c.id == id).unwrap().piece.clone();
    assert_eq!(at(&to).unwrap().label.as_deref(), Some("1+1"), "both pyramids went");
    assert_eq!(at("1b4"), None, "none stayed behind");
}

#[test]
fn pawns_step_orthogonally_and_capture_diagonally_in_any_direction() {
    // Fire's pawn on 1b2; Ice's pawns on 1a1 and 1c3; Fire's pawn on 1b3 (stacking is a step).
    // (Fire's queen on 3a1 keeps the material above the draw.)
    let state = read(&on_track("p2K/1P2/1Pp1/4|4/4/4/4|Q3/4/4/4|4/4/4/3k", "fire move"));
    assert_eq!(moves_from(&state, "1b2"), cells("1a1 1a2 1b1 1b3 1c2 1c3"));
    let position = on_track("p2K/1P2/1Pp1/4|4/4/4/4|Q3/4/4/4|4/4/4/3k", "fire move");
    assert_eq!(refusal(&position, "1b2-1c1"), "A pawn moves diagonally only to capture.");
    assert_eq!(refusal(&position, "1b3-1c3"), "A pawn captures diagonally only.");
    assert_eq!(
        refusal(&position, "1b2-1b4"),
        "A pawn steps one cell orthogonally, or captures one cell diagonally; 1b2 to 1b4 is neither."
    );
    // Across the seam into section 2: 2d2 is beyond 1b4's edge and 2d3 beyond its corner;
    // 2b2 is nowhere near.
    let state = read(&on_track("K3/4/4/1P2|4/1p2/3p/4|Q3/4/4/4|4/4/4/3k", "fire move"));
    assert_eq!(moves_from(&state, "1b4"), cells("1a4 1b3 1c4 2d2 2d3"));
}

#[test]
fn pieces_move_as_in_chess_across_the_seams_and_there_is_no_castling() {
    // The rook on 1b1 runs up file b, along rank 2 of section 2, up file b of section 3 and
    // down file c of section 4 (docs/games/whack/track-rook.svg).
    let state = read(&on_track("1R1K/4/4/4|4/4/4/4|4/4/4/4|4/4/4/3k", "fire move"));
    let rook = "1a1 1c1 1b2 1b3 1b4 2d2 2c2 2b2 2a2 3b1 3b2 3b3 3b4 4c4 4c3 4c2 4c1";
    assert_eq!(moves_from(&state, "1b1"), cells(rook));
    // A king steps one cell, never two: no castling with the rook beside it.
    let state = read(&on_track("R1K1/4/4/4|4/4/4/4|4/4/4/4|4/4/4/3k", "fire move"));
    assert_eq!(moves_from(&state, "1c1"), cells("1b1 1d1 1b2 1c2 1d2"));
}

// ---- Kings, check and the end ----

#[test]
fn moving_into_check_is_illegal() {
    let position = on_track("4/2K1/4/3r|4/4/4/4|4/4/4/4|4/4/4/3k", "fire move");
    assert_eq!(refusal(&position, "1c2-1d2"), "That would put your king on 1d2 in check.");
}

#[test]
fn discovering_check_on_ones_own_king_is_illegal() {
    let position = on_track("1K2/1N2/4/1r2|4/4/4/4|4/4/4/4|4/4/4/3k", "fire move");
    assert_eq!(refusal(&position, "1b2-1d3"), "That would put your king on 1b1 in check.");
}

#[test]
fn a_pinned_piece_stays_pinned_when_its_king_is_already_in_check() {
    // Fire's king on 1a1 is in check from Ice's rook on 1a4; Fire's bishop on 1b1 stands
    // between it and Ice's other rook on 1d1. Moving the bishop would add a second attacker.
    let position = on_track("KB1r/4/4/r3|4/4/4/4|4/4/4/4|4/4/4/3k", "fire move");
    assert_eq!(
        refusal(&position, "1b1-1c2"),
        "That would bring another attacker onto your king on 1a1, already in check."
    );
    let state = read(&position);
    assert_eq!(moves_from(&state, "1b1"), Vec::<String>::new(), "the bishop is pinned");
    assert_eq!(moves_from(&state, "1a1"), cells("1b2"), "the king may still step out (1a2 is on the rook's file)");
    // Without the check from 1a4 the same move is refused as before.
    let unchecked = on_track("KB1r/4/4/4|4/4/4/4|4/4/4/4|4/4/4/3k", "fire move");
    assert_eq!(refusal(&unchecked, "1b1-1c2"), "That would put your king on 1a1 in check.");
}

/// Ice's king on 4a1 in check from Fire's rook on 4a4; Ice also has a pawn on 4d1.
const ICE_IN_CHECK: &str = "K3/4/4/4|4/4/4/4|4/4/4/4|k2p/4/4/R3";

#[test]
fn a_king_in_check_may_be_left_there_and_captured_which_wins_when_it_was_the_last() {
    let (state, said) = play(&on_track(ICE_IN_CHECK, "ice move"), &["4d1-4d2", "4a4-4a1"], &[]);
    assert_eq!(said[1], "rook 4a4→4a1 takes the last king");
    let outcome = rules(WHACK).outcome(&state).unwrap();
    assert_eq!(outcome.reason, "Fire captured Ice's last king");
    assert_eq!(outcome.results, [SeatResult::Win, SeatResult::Loss]);
    assert_eq!(rules(WHACK).turn(&state), Turn::Over, "no roll after the last king");
}

/// Positions where taking the opponent's last king leaves the taker's own king attacked: the
/// pieces, the side and stage, the capture, and what the table hears.
const LAST_KING_TAKEN_UNDER_ATTACK: &[(&str, &str, &str, &str)] = &[
    // Fire's king on 1a1 takes Ice's king on 1b2, where Ice's rook on 1b4 attacks it.
    ("K3/1k2/4/1r2|4/4/4/4|4/4/4/4|Q3/4/4/4", "fire move", "1a1-1b2", "king 1a1→1b2 takes the last king"),
    // The same under the chess rule, where no move may otherwise leave a king in check.
    ("K3/1k2/4/1r2|4/4/4/4|4/4/4/4|Q3/4/4/4", "fire move answer-check", "1a1-1b2", "king 1a1→1b2 takes the last king"),
    // Fire's queen, pinned on 1a2, takes the last king on 1b3 and uncovers Ice's rook.
    ("K3/Q3/1k2/r3|4/4/4/4|4/4/4/4|4/4/4/4", "fire move", "1a2-1b3", "queen 1a2→1b3 takes the last king"),
];

#[test]
fn taking_the_opponents_last_king_wins_even_where_ones_own_king_would_then_stand_attacked() {
    for (pieces, turn, action, said) in LAST_KING_TAKEN_UNDER_ATTACK {
        let (state, told) = play(&on_track(pieces, turn), &[action], &[]);
        assert_eq!(told, [*said], "{pieces} {turn}");
        assert_eq!(rules(WHACK).outcome(&state).unwrap().reason, "Fire captured Ice's last king", "{pieces} {turn}");
    }
}

#[test]
fn with_the_option_check_must_be_answered_as_in_chess() {
    let position = on_track(ICE_IN_CHECK, "ice move answer-check");
    assert_eq!(refusal(&position, "4d1-4d2"), "That would leave your king on 4a1 in check.");
    assert_eq!(moves_from(&read(&position), "4a1"), cells("4b1 4b2"));
}

#[test]
fn a_side_may_have_several_kings_and_loses_when_the_last_is_captured() {
    // Ice has two kings: 4a1 (3+1+1) and 4d1 (2+2+1, a rook and a pawn stacked).
    let (state, said) = play(&on_track("K3/4/4/4|4/4/4/4|4/4/4/4|k2k(221)/4/4/R3", "fire move"), &["4a4-4a1"], &[]);
    assert_eq!(said, ["rook 4a4→4a1 takes the king, check"]);
    assert_eq!(rules(WHACK).outcome(&state), None, "Ice still has a king");
    assert_eq!((seat(&state), stage(&state)), (0, "roll".into()), "Fire captured, so Fire rolls");
    assert_eq!(public(&state)["kings"], serde_json::json!([1, 1]));
}

#[test]
fn stacking_onto_ones_only_king_is_illegal_but_a_second_king_may_be_made() {
    let position = on_track("PK2/4/4/4|4/4/4/4|Q3/4/4/4|4/4/4/3k", "fire move");
    assert_eq!(
        refusal(&position, "1a1-1b1"),
        "That would leave you without a king: stacking onto your only king makes a queen of it."
    );
    let (_, said) = play(&on_track("PK2/4/4/RP2|4/4/4/4|4/4/4/4|4/4/4/3k", "fire move"), &["1b4-1a4"], &[]);
    assert_eq!(said, ["pawn 1b4→1a4 stacks onto the rook: a king now"]);
}

#[test]
fn a_side_with_no_legal_move_draws_unless_it_is_in_check_then_it_loses() {
    // Ice's king alone on 1a1; Fire's rooks on 1d2 and 1b4 watch 1a2, 1b1 and 1b2.
    let stalemate = read(&on_track("k3/3R/4/1R2|4/4/4/4|4/4/4/4|4/4/4/3K", "ice move"));
    let outcome = rules(WHACK).outcome(&stalemate).unwrap();
    assert_eq!(
        (outcome.reason.as_str(), outcome.results[0]),
        ("Ice has no legal move and is not in check", SeatResult::Draw)
    );
    // A third rook on 1d1 gives check as well.
    let mate = read(&on_track("k2R/3R/4/1R2|4/4/4/4|4/4/4/4|4/4/4/3K", "ice move"));
    let outcome = rules(WHACK).outcome(&mate).unwrap();
    assert_eq!(
        (outcome.reason.as_str(), outcome.results[0]),
        ("Ice has no legal move while in check", SeatResult::Win)
    );
}

#[test]
fn a_capture_that_leaves_both_sides_at_eight_points_or_less_is_a_draw() {
    // Fire: king and bishop (8). Ice: king and rook (9); the bishop takes the rook.
    let (state, _) = play(&on_track("B2K/4/2r1/4|4/4/4/4|4/4/4/4|4/4/4/3k", "fire move"), &["1a1-1c3"], &[]);
    let outcome = rules(WHACK).outcome(&state).unwrap();
    assert_eq!(outcome.reason, "both sides are down to 8 points of material or less");
    assert_eq!(outcome.results, [SeatResult::Draw, SeatResult::Draw]);
}

#[test]
fn a_player_may_resign_and_the_players_may_agree_a_draw_for_a_perpetual_check() {
    let game = rules(WHACK);
    let mut state = read(&on_track(START, "fire move"));
    game.apply(&mut state, 1, "offer-draw", &mut NoRandomness).unwrap();
    game.apply(&mut state, 0, "accept-draw", &mut NoRandomness).unwrap();
    assert_eq!(game.outcome(&state).unwrap().results, [SeatResult::Draw, SeatResult::Draw]);
    let mut state = read(&on_track(START, "fire move"));
    game.apply(&mut state, 1, "resign", &mut NoRandomness).unwrap();
    assert_eq!(game.outcome(&state).unwrap().results, [SeatResult::Win, SeatResult::Loss]);
}

// ---- The dynamic board ----

#[test]
fn ice_rolls_before_the_first_move_and_whoever_captures_rolls_after_the_capture() {
    let state = read(&on_track(START, "ice roll opening"));
    assert_eq!((seat(&state), stage(&state)), (1, "roll".into()));
    // Fire's rook takes a pawn: Fire rolls before Ice moves.
    let (state, _) = play(&on_track("K3/4/4/4|4/4/4/4|4/4/4/4|3k/p3/4/R3", "fire move"), &["4a4-4a2"], &[]);
    assert_eq!((seat(&state), stage(&state)), (0, "roll".into()));
    let (state, said) = play(&position(&state), &["roll"], &[5]);
    assert_eq!(said, ["rolled 5: HOP, no change to the board; the board stays"]);
    assert_eq!((seat(&state), stage(&state)), (1, "move".into()));
}

/// The written arrangement of a position, its joins.
fn joins_of(position: &str) -> Vec<rules::games::whack::embedding::Join> {
    use rules::games::whack::{embedding, layout};
    let places = layout::read(position.split_whitespace().next().unwrap()).unwrap();
    embedding::board(&places).unwrap()
}

/// The section a listed change moves first (`tip 1ab=2ab` moves section 1).
fn moved(action: &str) -> u8 {
    let words: Vec<&str> = action.split_whitespace().collect();
    words.last().unwrap().as_bytes()[0] - b'1'
}

#[test]
fn each_face_of_the_die_lists_every_change_it_allows_once() {
    use rules::games::whack::embedding::join_count;
    let opening = on_track(START, "ice roll opening");
    let mut counts = Vec::new();
    for face in [1, 2, 3, 4, 6] {
        let (state, said) = play(&opening, &["roll"], &[face]);
        assert_eq!(stage(&state), "rearrange", "{}", said[0]);
        let listed = legal(&state);
        counts.push(listed.len());
        let word = ["tip", "aim", "dig", "swap", "", "wild"][face as usize - 1];
        let mut boards = Vec::new();
        for action in &listed {
            assert!(action.starts_with(word), "{action}");
            let (after, _) = play(&position(&state), &[action], &[]);
            let written = position(&after);
            assert_eq!(stage(&after), "move", "Fire moves first once Ice has changed the board");
            let joins = joins_of(&written);
            let count = join_count(&joins, moved(action));
            match face {
                1 => assert_eq!(count, 1, "TIP joins by one edge only: {action}"),
                3 => assert!(count >= 2, "DIG joins by two or more: {action}"),
                _ => assert!(count >= 1),
            }
            boards.push(written.split_whitespace().next().unwrap().to_string());
        }
        let mut distinct = boards.clone();
        distinct.sort();
        distinct.dedup();
        assert_eq!(distinct.len(), boards.len(), "each board once for face {face}");
    }
    // TIP 26, AIM 17, DIG 2, SWAP 6 (every pair), WILD 28 (TIP's and DIG's together).
    assert_eq!(counts, [26, 17, 2, 6, 28]);
}

#[test]
fn pieces_ride_on_their_sections_when_the_board_changes() {
    let (state, said) = play(&on_track(START, "ice roll opening"), &["roll", "swap 1 4"], &[4]);
    assert_eq!(
        said,
        ["rolled 4: SWAP, swap two sections, their corners where the other's were", "sections 1 and 4 swap places"]
    );
    let written = position(&state);
    assert!(written.contains(START), "every piece keeps its cell of its section: {written}");
    // Section 1 now lies where 4 lay (along 3's CD), and 4 where 1 lay (along 2's BC).
    assert_eq!(written.split_whitespace().next().unwrap(), "1,3cd=1cd,2da=3ab,4cd=2bc");
}

/// Changes of the board the die does not allow, adjudicated: the face showing, the change,
/// and what the table is told (the die's names kept in capitals).
const CHANGES_REFUSED: &[(&str, &str, &str)] = &[
    (
        "3",
        "dig 4ab=1ab",
        "Ice's dig 4ab=1ab is illegal: the die's DIG moves a section to where it joins by two or more edges; there it would join by one.",
    ),
    (
        "1",
        "tip 1da=2ab",
        "Ice's tip 1da=2ab is illegal: the die's TIP moves a section to where it joins by one edge only; there it would join by 2.",
    ),
    (
        "2",
        "aim 13 3ab=2ab",
        "Ice's aim 13 3ab=2ab is illegal: the die's AIM splits the board into two pairs of joined sections.",
    ),
    ("4", "swap 2 2", "Ice's swap 2 2 is illegal: the die's SWAP exchanges two different sections."),
];

#[test]
fn a_change_the_die_does_not_allow_is_told_with_the_dies_names_in_capitals() {
    for (face, change, said) in CHANGES_REFUSED {
        let position = on_track(START, &format!("ice rearrange {face} opening"));
        let answer = rules(WHACK).adjudicate(&position, change).unwrap();
        assert_eq!(answer.said, *said, "{change}");
    }
}

#[test]
fn aim_turns_the_pair_it_moves_and_a_mere_slide_is_refused() {
    // Sections 1-2 and 3-4 are the only two joined pairs of the track.
    let aim = on_track(START, "ice rearrange 2 opening");
    assert_eq!(
        refusal(&aim, "aim 34 4da=1ab"),
        "The die's AIM turns the pair before rejoining it; that only slides it."
    );
    assert_eq!(refusal(&aim, "aim 13 3ab=2ab"), "The die's AIM splits the board into two pairs of joined sections.");
    let (state, said) = play(&aim, &["aim 34 3da=2da"], &[]);
    assert_eq!(said, ["sections 3 and 4 turn together and rejoin: section 3's edge DA along section 2's edge DA"]);
    assert_eq!(
        position(&state).split_whitespace().next().unwrap(),
        "1,2bc=1cd,3da=2da,4cd=3cd",
        "docs/games/whack/aim.svg"
    );
}

#[test]
fn a_change_that_would_split_the_board_is_refused() {
    let position = on_track(START, "ice rearrange 6 opening");
    assert_eq!(refusal(&position, "wild 2ab=1ab"), "Not there: the board would fall into separate parts.");
    assert_eq!(
        refusal(&position, "tip 2ab=1ab"),
        "The die shows WILD (6): move a section to anywhere it joins by same-sized edges."
    );
}

#[test]
fn a_change_that_would_put_the_rollers_own_king_in_check_is_neither_listed_nor_allowed() {
    // Fire's king on 1a1 and Ice's rook on 4a1: swapping sections 3 and 4 lays the rook's file
    // into section 2's rank 1 and down file a of section 1 (docs/games/whack/swap.svg).
    let position = on_track("K3/4/4/3R|4/4/4/4|4/4/4/4|r3/4/4/3k", "fire rearrange 4");
    let listed = legal(&read(&position));
    assert_eq!(listed, ["swap 1 2", "swap 1 3", "swap 1 4", "swap 2 3"]);
    assert_eq!(refusal(&position, "swap 3 4"), "That would put your king on 1a1 in check.");
}

#[test]
fn a_change_may_not_bring_another_attacker_onto_a_king_already_in_check() {
    // As above, with Fire's king already in check from Ice's rook on 1d1 (Fire captured and
    // left it there): swapping 3 and 4 would add the rook on 4a1 to its attackers.
    let position = on_track("K2r/4/4/3R|4/4/4/4|4/4/4/4|r3/4/4/3k", "fire rearrange 4");
    assert_eq!(legal(&read(&position)), ["swap 1 2", "swap 1 3", "swap 1 4", "swap 2 3"]);
    assert_eq!(
        refusal(&position, "swap 3 4"),
        "That would bring another attacker onto your king on 1a1, already in check."
    );
}

#[test]
fn a_change_that_gives_check_is_announced_and_marked_among_the_choices() {
    // Ice swaps sections 3 and 4: its rook on 4a1 then attacks Fire's king on 1a1.
    let position = on_track("K3/4/4/4|4/4/4/4|4/4/4/4|r3/4/4/3k", "ice rearrange 4");
    let (_, said) = play(&position, &["swap 3 4"], &[]);
    assert_eq!(said, ["sections 3 and 4 swap places, check"]);
    let (_, said) = play(&position, &["swap 1 2"], &[]);
    assert_eq!(said, ["sections 1 and 2 swap places"]);
    // On the board after it, the king in check and the piece giving it are marked.
    let (after, _) = play(&position, &["swap 3 4"], &[]);
    let board = rules(WHACK).view(&after, Viewer::Spectator).to_json()["board"].clone();
    let marked = |marker: &str| -> Vec<String> {
        board["cells"]
            .as_array()
            .unwrap()
            .iter()
            .filter(|c| c["markers"].as_array().is_some_and(|m| m.iter().any(|m| m == marker)))
            .map(|c| c["id"].as_str().unwrap().to_string())
            .collect()
    };
    assert_eq!(marked("check"), ["1a1"]);
    assert_eq!(marked("gives-check"), ["4a1"]);
    // The pictures to choose from say which changes give check, as their sentences do.
    let choices = public(&read(&position))["choices"].clone();
    let choices = choices.as_array().unwrap();
    for c in choices {
        assert_eq!(c["check"] == true, c["said"].as_str().unwrap().ends_with(", check"), "{c}");
    }
    let checks: Vec<&str> =
        choices.iter().filter(|c| c["check"] == true).map(|c| c["action"].as_str().unwrap()).collect();
    assert!(checks.contains(&"swap 3 4") && !checks.contains(&"swap 1 2"), "{checks:?}");
}

#[test]
fn swap_lists_each_board_once_on_a_symmetric_board() {
    // Turned half round, this board maps sections 1, 2, 3, 4 onto 4, 3, 2, 1: swapping 1 and 4
    // gives the same board (pieces and all) as swapping 2 and 3, turned on the table.
    let symmetric = "1,2bc=1cd,3da=2da,4cd=3bc PPPP/BRKB/NQRN/PPPP|4/4/4/4|4/4/4/4|pppp/brkb/nqrn/pppp ice rearrange 4";
    let state = read(symmetric);
    let listed = legal(&state);
    assert!(listed.contains(&"swap 1 4".to_string()) && !listed.contains(&"swap 2 3".to_string()), "{listed:?}");
    let mut boards: Vec<Vec<rules::games::whack::plane::Motion>> = Vec::new();
    for action in &listed {
        let (after, _) = play(symmetric, &[action], &[]);
        let places = rules::games::whack::layout::read(position(&after).split_whitespace().next().unwrap()).unwrap();
        let board = rules::games::whack::embedding::normalised(&places);
        assert!(!boards.contains(&board), "{action} gives a board listed already");
        boards.push(board);
    }
    // Both are still legal to write.
    let (a, _) = play(symmetric, &["swap 1 4"], &[]);
    let (b, _) = play(symmetric, &["swap 2 3"], &[]);
    assert_eq!(rules(WHACK).perft(&a, 1).unwrap(), rules(WHACK).perft(&b, 1).unwrap());
}

#[test]
fn when_the_die_allows_no_change_play_goes_on() {
    // Section 1 joins all three others: no split into two joined pairs, so no AIM.
    let star = "1,2ab=1ab,3bc=1bc,4bc=1cd QK2/4/4/4|4/4/4/4|4/4/4/4|4/4/4/3k fire roll";
    let (state, said) = play(star, &["roll"], &[2]);
    assert_eq!(
        said,
        [
            "rolled 2: AIM, split the board into two joined pairs, turn one pair and rejoin it; no such change is possible, so the board stays"
        ]
    );
    assert_eq!((seat(&state), stage(&state)), (1, "move".into()));
}

#[test]
fn the_opening_rolls_go_on_until_a_section_moves_then_the_other_side_moves_first() {
    let opening = on_track(START, "ice roll opening");
    // Ice rolls HOP: nothing moved, so Fire rolls; Fire's SWAP moves sections; Ice moves first.
    let (state, _) = play(&opening, &["roll"], &[5]);
    assert_eq!((seat(&state), stage(&state)), (0, "roll".into()));
    let (state, _) = play(&position(&state), &["roll", "swap 2 3"], &[4]);
    assert_eq!((seat(&state), stage(&state)), (1, "move".into()));
    // Ice's first roll moves a section: Fire moves first.
    let (state, _) = play(&opening, &["roll", "swap 2 3"], &[4]);
    assert_eq!((seat(&state), stage(&state)), (0, "move".into()));
}

#[test]
fn the_board_view_draws_every_cell_as_a_polygon_and_each_choice_as_outlines() {
    let state = read(&on_track(START, "ice rearrange 1 opening"));
    let view = rules(WHACK).view(&state, Viewer::Seat(1));
    let board = view.board.unwrap();
    assert_eq!(board.shape, rules::game::BoardShape::Polygons);
    assert_eq!(board.cells.len(), 64);
    assert!(board.cells.iter().all(|c| c.polygon.as_ref().is_some_and(|p| p.len() == 4)));
    // A short edge is 4 units: section 1's cell a1 runs from A (0, 0) to (1, 0).
    let a1 = board.cells.iter().find(|c| c.id == "1a1").unwrap().polygon.clone().unwrap();
    assert_eq!(a1[0], [0.0, 0.0]);
    assert_eq!(a1[1], [1.0, 0.0]);
    let choices = view.game["choices"].as_array().unwrap().clone();
    assert_eq!(choices.len(), 26, "every TIP Ice may choose");
    let first = &choices[0];
    assert_eq!(first["action"], "tip 1ab=2ab");
    assert_eq!(first["said"], "section 1 moves: section 1's edge AB along section 2's edge AB");
    assert_eq!(first["moved"], serde_json::json!([1]));
    assert_eq!(first["sections"].as_array().unwrap().len(), 4);
    assert!(
        board.cells.iter().filter(|c| c.selectable).all(|c| c.id.starts_with('1') || c.id.starts_with('4')),
        "TIP moves an end"
    );
}

#[test]
fn positions_read_back_as_written() {
    for text in [
        on_track(START, "fire move"),
        on_track(START, "ice roll opening"),
        on_track(START, "fire rearrange 2"),
        on_track("K3/4/N(11)3/4|4/4/4/4|4/4/4/4|k2k(221)/4/4/R3", "ice move answer-check"),
        "1,2ab=1da - fire place-section".to_string(),
    ] {
        assert_eq!(position(&read(&text)), text);
    }
    let Err(bad) = rules(WHACK).parse_position("1,2ab=1ab,3ab=1ab - ice place-section") else {
        panic!("two sections on one edge overlap")
    };
    assert_eq!(bad.code, ErrorCode::BadPosition);
}

#[test]
fn with_the_chess_rule_a_move_that_cannot_answer_every_check_keeps_as_many_kings_safe_as_it_can() {
    // Ice's rook on 1a4 checks both of Fire's kings (1a1 up file a, 1d4 along rank 4); no
    // move answers both checks. Fire may save one king, not neither; the game goes on.
    let position = on_track("K3/4/4/r2K|P3/4/4/4|4/4/4/4|4/4/q3/3k", "fire move answer-check");
    let state = read(&position);
    assert_eq!(rules(WHACK).outcome(&state), None, "not lost: Fire has two kings");
    let mut listed = legal(&state);
    listed.sort();
    assert_eq!(listed, ["1a1-1b1", "1a1-1b2", "1d4-1c3", "1d4-2d3"]);
    assert_eq!(
        refusal(&position, "2a1-2b1"),
        "No move answers every check, but another move keeps one of your kings out of check; that would keep none."
    );
    // With one king it is lost, as in chess.
    let mate = read(&on_track("k2R/3R/4/1R2|4/4/4/4|4/4/4/4|4/4/4/3K", "ice move answer-check"));
    assert_eq!(rules(WHACK).outcome(&mate).unwrap().reason, "Ice has no legal move while in check");
}

#[test]
fn a_move_is_two_cells_and_nothing_more() {
    let position = on_track(START, "fire move");
    let game = rules(WHACK);
    let state = read(&position);
    for text in ["1a4-2d1", "1a4x2d1", "1A4X2D1", "1a42d1", "1a4 - 2d1"] {
        let (action, _) = game.read_action(&state, 0, text).unwrap_or_else(|e| panic!("{text}: {e}"));
        assert_eq!(action, "1a4-2d1", "{text}");
    }
    for text in ["1a4-2d1-4d4xzzz", "1a4-2d1-", "1a4", "1a4-2d1x2d2"] {
        let err = game.read_action(&state, 0, text).unwrap_err();
        assert_eq!(err.code, ErrorCode::BadNotation, "{text}");
    }
    let laying = read("1 - ice place-section");
    for text in ["PLACE 2bc=1cd", "Place 2BC=1CD", "2bc=1cd"] {
        assert_eq!(game.read_action(&laying, 1, text).unwrap_or_else(|e| panic!("{text}: {e}")).0, "place 2bc=1cd");
    }
    let err = game.read_action(&laying, 1, "place 2bc=1cd please").unwrap_err();
    assert_eq!(err.code, ErrorCode::BadNotation);
}

#[test]
fn a_bishop_told_it_cannot_reach_a_cell_across_a_junction_is_told_where_its_diagonal_ends() {
    // Martian Chess's triangle: the bishop on 1c3's line towards the centre ends on 1a1.
    let position = "1,2ab=1da,3ab=2da,4bc=3cd 3K/4/2B1/3R|4/1p2/4/4|4/4/4/4|4/4/4/3k(221) fire move";
    assert_eq!(
        refusal(position, "1c3-2b2"),
        "The bishop on 1c3 cannot reach 2b2: its diagonal ends on 1a1, at a junction of three section corners."
    );
    let from_the_corner = "1,2ab=1da,3ab=2da,4bc=3cd 3K/4/4/3R|4/4/4/4|B3/1p2/4/4|4/4/4/3k(221) fire move";
    assert_eq!(
        refusal(from_the_corner, "3a1-2b2"),
        "The bishop on 3a1 cannot reach 2b2: its diagonal ends where it stands, at a junction of three section corners."
    );
}

#[test]
fn a_position_that_is_not_well_formed_is_refused_with_a_reason_never_a_panic() {
    let nines = "9".repeat(29);
    let bad: [(String, &str); 14] = [
        (on_track(&format!("K({nines})3/4/4/4|4/4/4/4|4/4/4/4|4/4/4/3k"), "fire move"), "is not a stack of a king"),
        (on_track(&format!("{nines}/4/4/4|4/4/4/4|4/4/4/4|4/4/4/3k"), "fire move"), "a rank has 4 cells"),
        (
            on_track("K(1111111111111111111111111111111111)3/4/4/4|4/4/4/4|4/4/4/4|4/4/4/3k", "fire move"),
            "is not a stack",
        ),
        (on_track("K03/4/4/4|4/4/4/4|4/4/4/4|4/4/4/3k", "fire move"), "a digit counts 1 to 4"),
        (on_track("KPPPP/4/4/4|4/4/4/4|4/4/4/4|4/4/4/3k", "fire move"), "more than 4 cells"),
        (on_track("K4/4/4/4|4/4/4/4|4/4/4/4|4/4/4/3k", "fire move"), "a digit counts 1 to 4"),
        (on_track("K3/4/4/4|4/4/4/4|4/4/4/4|4/4/4/3k", "fire move banana"), "banana: after the stage"),
        (on_track("K3/4/4/4|4/4/4/4|4/4/4/4|4/4/4/3k", "fire move opening"), "opening: after the stage"),
        (on_track("K3/4/4/4|4/4/4/4|4/4/4/4|4/4/4/3k", "fire rearrange 99999999999999999999"), "the die's number"),
        (on_track("K(3/4/4/4|4/4/4/4|4/4/4/4|4/4/4/3k", "fire move"), "without its )"),
        (on_track("Kz3/4/4/4|4/4/4/4|4/4/4/4|4/4/4/3k", "fire move"), "is not a piece letter"),
        (on_track("K3/4/4|4/4/4/4|4/4/4/4|4/4/4/3k", "fire move"), "4 ranks"),
        (format!("1,2bc=1cd,3ab=2da,4cd=3cd,5ab=1ab {START}|4/4/4/4 fire move"), "sections"),
        (on_track(START, "water move"), "fire or ice"),
    ];
    for (text, why) in &bad {
        let err = rules(WHACK).parse_position(text).err().unwrap_or_else(|| panic!("{text} was read"));
        assert_eq!(err.code, ErrorCode::BadPosition);
        assert!(err.message.contains(why), "{text}: {}", err.message);
    }
    // Every position one character away from a good one is read or refused, never a panic.
    let good = on_track("K3/4/N(11)3/4|4/4/4/4|4/4/4/4|k2k(221)/4/4/R3", "ice move answer-check");
    let chars: Vec<char> = good.chars().collect();
    for i in 0..chars.len() {
        for c in ['9', '0', '(', ')', '/', '|', 'K', 'x', '=', ',', ' ', 'é', '\0'] {
            let mut changed = chars.clone();
            changed[i] = c;
            let _ = rules(WHACK).parse_position(&changed.iter().collect::<String>());
        }
        let dropped: String = chars.iter().enumerate().filter(|(k, _)| *k != i).map(|(_, c)| c).collect();
        let _ = rules(WHACK).parse_position(&dropped);
    }
}

#[test]
fn perft_from_the_starting_track() {
    // Depth 1 counted by hand: pawns of rank 4 step into section 2 (4), stack sideways (6) and
    // back onto the knights and the rook (3); pawns of rank 1 stack sideways (6) and onto the
    // bishops and the rook, not the king (3); the knight on 1a3 reaches 2d2, the one on 1d3
    // 2d3 and the rook on 1b2. Queen, rooks, bishops and king are hemmed in.
    // Depth 2: Ice has the same 25, except after 1b4-1a4 and 1b4-1c4, which open the queen's
    // line up file b, through sections 2 and 3 to 4c4 (track-rook.svg): then Ice's pawn may not
    // stack onto the rook on 4c3, as the king it would make there would stand in check.
    let game = rules(WHACK);
    let state = read(&on_track(START, "fire move"));
    let counts: Vec<u64> = (1..=3).map(|d| game.perft(&state, d).unwrap()).collect();
    assert_eq!(counts, [25, 25 * 25 - 2, 16_593]);
}

#[test]
fn a_dispute_over_a_move_names_the_sides_piece_whether_legal_or_not() {
    let position = on_track(START, "fire move");
    let game = rules(WHACK);
    let legal = game.legal_actions(&read(&position), 0);
    let first = legal.iter().find(|a| a.contains('-')).expect("a move");
    let said = game.adjudicate(&position, first).unwrap().said;
    assert!(said.starts_with("Fire's ") && said.contains('→') && said.ends_with(" is legal."), "{said}");
    let said = game.adjudicate(&position, "1a1-1a4").unwrap().said;
    assert!(said.starts_with("Fire's ") && said.contains("1a1→1a4 is illegal: "), "{said}");
    let said = game.adjudicate(&position, "3a1-3a2").unwrap().said;
    assert!(said.starts_with("Fire's move 3a1→3a2 is illegal: "), "an empty cell: {said}");
}
