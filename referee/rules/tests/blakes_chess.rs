//! One test per rule of Blake's Chess (seed 003), with positions a reader can set up: FEN, then
//! the game's fields (`docs/games/blakes-chess.md`, "Position notation"). Dice come from a
//! scripted random source, so every capture's numbers are written in the test.

mod support;

use rules::game::{AnyState, ErrorCode, SeatResult, Stage, Turn, Viewer};
use rules::random::{EventRng, GameKey, NoRandomness, RandomSource};
use serde_json::{Value, json};
use support::rules;

const BLAKES: &str = "blakes-chess";

/// Answers the game's questions from a list, in order.
struct Script(Vec<u32>);

impl RandomSource for Script {
    fn below(&mut self, n: u32) -> u32 {
        assert!(!self.0.is_empty(), "the game asked for more randomness than the test scripted");
        let v = self.0.remove(0);
        assert!(v < n, "scripted {v} for a draw below {n}");
        v
    }
}

/// Dice as they show (1-6), in the order they are rolled: the attacker's two, then the
/// defender's two.
fn dice(d: [u32; 4]) -> Script {
    Script(d.iter().map(|n| n - 1).collect())
}

/// A position: `placement` and side to move, then the game's fields after the FEN counters.
fn position(placement: &str, side: &str, turn: u32, rest: &str) -> AnyState {
    let text = format!("{placement} {side} - - 0 {turn} H {rest}");
    rules(BLAKES).parse_position(&text).unwrap_or_else(|e| panic!("{text}: {e}"))
}

/// A position with the hands given and nothing built or lost, in the move step.
fn with_hands(placement: &str, side: &str, turn: u32, hands: &str) -> AnyState {
    position(placement, side, turn, &format!("{hands} - -/- -/- move -"))
}

/// Plays `action` for `seat` with `rng`; returns what the actor is told.
fn act(state: &mut AnyState, seat: u8, action: &str, rng: &mut dyn RandomSource) -> String {
    rules(BLAKES).apply(state, seat, action, rng).unwrap_or_else(|e| panic!("{action}: {e}")).description
}

/// The refusal of `action` for `seat`.
fn refused(state: &AnyState, seat: u8, action: &str) -> String {
    let mut copy = rules(BLAKES).clone_state(state);
    rules(BLAKES).apply(&mut copy, seat, action, &mut NoRandomness).expect_err("refused").message
}

fn view(state: &AnyState, viewer: Viewer) -> Value {
    serde_json::to_value(rules(BLAKES).view(state, viewer)).unwrap()
}

fn public(state: &AnyState) -> Value {
    view(state, Viewer::Spectator)["game"].clone()
}

fn placement(state: &AnyState) -> String {
    public(state)["fen"].as_str().unwrap().split(' ').next().unwrap().to_string()
}

fn legal(state: &AnyState, seat: u8) -> Vec<String> {
    rules(BLAKES).legal_actions(state, seat)
}

fn to_move(state: &AnyState) -> String {
    public(state)["to_move"].as_str().unwrap().to_string()
}

fn stage_of(state: &AnyState, seat: u8) -> Option<Stage> {
    rules(BLAKES).turn(state).stage_of(seat)
}

// ---------------------------------------------------------------- setup and the king

#[test]
fn the_game_starts_with_kings_and_pawns_white_to_move_and_a_shuffled_52_card_stock() {
    let game = rules(BLAKES);
    let state = game.setup(&Value::Null, &mut EventRng::new(GameKey([4; 32]), 0)).unwrap();
    let public = public(&state);
    assert_eq!(public["fen"], "4k3/pppppppp/8/8/8/8/PPPPPPPP/4K3 w KQkq - 0 1");
    assert_eq!(public["to_move"], "white");
    assert_eq!(public["stock"], 52);
    assert_eq!(public["waste"], json!([]));
    assert_eq!(public["hand_sizes"], json!([0, 0]));
    assert_eq!(public["may_draw"], false);
    let cut = public["cut_card"].as_str().unwrap();
    let suit = match cut.chars().last().unwrap() {
        'C' => "clubs",
        'D' => "diamonds",
        'H' => "hearts",
        _ => "spades",
    };
    assert_eq!(public["trump"], suit, "the cut card names the trump suit");
    let secrets = view(&state, Viewer::Everyone)["secrets"]["hidden"]["stock"].clone();
    let stock: Vec<&str> = secrets.as_array().unwrap().iter().map(|c| c.as_str().unwrap()).collect();
    assert_eq!(stock.len(), 52);
    assert!(stock.contains(&cut), "the cut card goes back into the deck before the shuffle");
}

#[test]
fn the_cut_draws_one_of_the_52_cards_in_the_fresh_decks_order_then_the_deck_is_shuffled() {
    let game = rules(BLAKES);
    // Card 13 of a fresh deck (clubs A-K, then diamonds) is the ace of diamonds; then 51
    // draws of the shuffle, all 0.
    let mut script = vec![13];
    script.extend(std::iter::repeat_n(0, 51));
    let state = game.setup(&Value::Null, &mut Script(script)).unwrap();
    assert_eq!(public(&state)["cut_card"], "AD");
    assert_eq!(public(&state)["trump"], "diamonds");
}

#[test]
fn there_is_no_check_a_king_may_step_next_to_an_enemy_rook() {
    let state = with_hands("4k3/8/8/8/8/8/3r4/4K3", "w", 1, "-/-");
    assert!(legal(&state, 0).contains(&"e1e2".to_string()), "the king steps into the rook's reach");
    assert!(legal(&state, 0).contains(&"e1xd2".to_string()), "or attacks it");
}

#[test]
fn capturing_the_king_wins_the_game() {
    let mut state = with_hands("4k3/8/8/8/8/8/3r4/4K3", "w", 1, "-/-");
    let said = act(&mut state, 0, "e1e2", &mut NoRandomness);
    assert_eq!(said, "Ke1-e2");
    // The rook attacks the king: 6+6+3+2 = 17 against 1+1+5 = 7.
    let said = act(&mut state, 1, "d2xe2", &mut dice([6, 6, 1, 1]));
    assert_eq!(
        said,
        "Rd2xe2: attack 17 (6+6, rook 3, bonus 2) against defence 7 (1+1, king 5); the attack wins: the king on e2 is taken"
    );
    let outcome = rules(BLAKES).outcome(&state).unwrap();
    assert_eq!(outcome.reason, "Black captured the king");
    assert_eq!(outcome.results, vec![SeatResult::Loss, SeatResult::Win]);
}

// ---------------------------------------------------------------- capturing by dice

#[test]
fn piece_strengths_are_pawn_0_knight_1_bishop_2_rook_3_queen_4_king_5() {
    use rules::games::blakes::strength;
    use rules::pieces::Role::*;
    let strengths: Vec<u8> = [Pawn, Knight, Bishop, Rook, Queen, King].into_iter().map(strength).collect();
    assert_eq!(strengths, [0, 1, 2, 3, 4, 5]);
}

/// A capture from a position, the dice, what the attacker is told, where the pieces stand
/// afterwards and who moves next.
struct Case {
    placement: &'static str,
    attack: &'static str,
    dice: [u32; 4],
    said: &'static str,
    after: &'static str,
    next: &'static str,
}

const CAPTURES: &[Case] = &[
    Case {
        placement: "4k3/8/8/3p4/8/2N5/8/4K3",
        attack: "c3xd5",
        dice: [3, 4, 5, 6],
        said: "Nc3xd5: attack 10 (3+4, knight 1, bonus 2) against defence 11 (5+6, pawn 0); the defence holds and takes the knight on c3",
        after: "4k3/8/8/3p4/8/8/8/4K3",
        next: "black",
    },
    Case {
        placement: "4k3/8/8/3p4/8/2N5/8/4K3",
        attack: "c3xd5",
        dice: [5, 4, 5, 3],
        said: "Nc3xd5: attack 12 (5+4, knight 1, bonus 2) against defence 8 (5+3, pawn 0); the attack wins: the pawn on d5 is taken",
        after: "4k3/8/8/3N4/8/8/8/4K3",
        next: "black",
    },
    // The attack bonus makes a pawn against a queen less hopeless: 6+6+0+2 against 5+5+4.
    Case {
        placement: "4k3/8/8/3q4/4P3/8/8/4K3",
        attack: "e4xd5",
        dice: [6, 6, 5, 5],
        said: "e4xd5: attack 14 (6+6, pawn 0, bonus 2) against defence 14 (5+5, queen 4); a tie: both pieces stay and the turn ends",
        after: "4k3/8/8/3q4/4P3/8/8/4K3",
        next: "black",
    },
];

#[test]
fn the_higher_total_captures_the_attacker_moving_in_and_the_defender_staying_put() {
    for case in CAPTURES {
        let mut state = with_hands(case.placement, "w", 1, "-/-");
        assert_eq!(act(&mut state, 0, case.attack, &mut dice(case.dice)), case.said);
        assert_eq!(placement(&state), case.after, "{} {:?}", case.attack, case.dice);
        assert_eq!(to_move(&state), case.next);
    }
}

#[test]
fn a_tie_leaves_both_pieces_in_place_and_ends_the_turn() {
    // Even with agility's second move to come, a tie ends the turn.
    let mut state = with_hands("4k3/8/8/3p4/8/2N5/8/4K3", "w", 4, "7H/-");
    act(&mut state, 0, "play 7H", &mut NoRandomness);
    assert_eq!(public(&state)["turn"]["actions_left"], 2);
    let said = act(&mut state, 0, "c3xd5", &mut dice([2, 2, 3, 4]));
    assert!(said.ends_with("a tie: both pieces stay and the turn ends"), "{said}");
    assert_eq!(placement(&state), "4k3/8/8/3p4/8/2N5/8/4K3");
    assert_eq!(to_move(&state), "black");
}

#[test]
fn a_capture_is_declared_with_x_or_as_a_move_onto_an_enemy_piece_and_rolls_at_once() {
    let mut state = with_hands("4k3/8/8/3p4/8/2N5/8/4K3", "w", 1, "-/-");
    assert!(legal(&state, 0).contains(&"c3xd5".to_string()));
    assert!(!legal(&state, 0).contains(&"c3d5".to_string()), "a capture is listed with its x");
    let said = act(&mut state, 0, "c3d5", &mut dice([1, 1, 1, 1]));
    assert!(said.starts_with("Nc3xd5: attack 5"), "{said}");
    let err = refused(&with_hands("4k3/8/8/8/8/2N5/8/4K3", "w", 1, "-/-"), 0, "c3xd5");
    assert_eq!(err, "d5 is empty: there is nothing to capture there.");
}

// ---------------------------------------------------------------- drawing

#[test]
fn a_player_may_not_draw_before_the_fourth_turn() {
    let state = with_hands("4k3/pppppppp/8/8/8/8/PPPPPPPP/4K3", "w", 3, "-/-");
    assert!(!legal(&state, 0).iter().any(|a| a.starts_with("draw")));
    assert_eq!(
        refused(&state, 0, "draw stock"),
        "You may not draw before your fourth turn: the first three are moves and captures."
    );
    let state = position("4k3/pppppppp/8/8/8/8/PPPPPPPP/4K3", "w", 4, "-/- 2C -/- -/- move - stock:5S,6S");
    assert!(legal(&state, 0).contains(&"draw stock".to_string()));
    assert!(legal(&state, 0).contains(&"draw waste".to_string()));
}

#[test]
fn the_first_three_turns_are_moves_and_captures_only() {
    let state = with_hands(START, "w", 3, "7H/-");
    assert!(!legal(&state, 0).iter().any(|a| a.starts_with("play")));
    assert_eq!(
        refused(&state, 0, "play 7H"),
        "Your first three turns are moves and captures only: cards come from your fourth turn."
    );
}

#[test]
fn drawing_takes_the_top_of_the_stock_in_secret_or_the_top_of_the_waste_in_the_open() {
    let state = position("4k3/pppppppp/8/8/8/8/PPPPPPPP/4K3", "w", 4, "-/- 2C,3D -/- -/- move - stock:5S,6S");
    let mut stock = rules(BLAKES).clone_state(&state);
    assert_eq!(act(&mut stock, 0, "draw stock", &mut NoRandomness), "draws 5S from the stock");
    let black = view(&stock, Viewer::Seat(1));
    assert_eq!(black["played"][0]["said"], "draws a card from the stock", "Black does not hear which card");
    assert_eq!(view(&stock, Viewer::Seat(0))["private"]["cards"], json!(["5S"]));
    assert_eq!(legal(&stock, 0), ["done", "resign", "offer-draw"], "the draw was the turn's move");
    act(&mut stock, 0, "done", &mut NoRandomness);
    assert_eq!(to_move(&stock), "black");
    let mut waste = rules(BLAKES).clone_state(&state);
    assert_eq!(act(&mut waste, 0, "draw waste", &mut NoRandomness), "draws 3D from the waste");
    assert_eq!(public(&waste)["waste"], json!(["2C"]));
}

#[test]
fn drawing_at_the_hand_limit_forces_a_discard_onto_the_waste() {
    let hands = "2C,4D,6H,8S,10C/-";
    let mut state =
        position("4k3/pppppppp/8/8/8/8/PPPPPPPP/4K3", "w", 4, &format!("{hands} - -/- -/- move - stock:QS"));
    let said = act(&mut state, 0, "draw stock", &mut NoRandomness);
    assert_eq!(said, "draws QS from the stock; six cards: one must be discarded");
    assert_eq!(stage_of(&state, 0), Some(Stage::Discard));
    assert!(legal(&state, 0).contains(&"discard QS".to_string()), "the card just drawn may go too");
    assert_eq!(legal(&state, 0).len(), 6 + 2, "one discard per card, and the courtesies");
    assert_eq!(refused(&state, 0, "e2e4"), "You hold more than five cards: discard one first.");
    assert_eq!(act(&mut state, 0, "discard 6H", &mut NoRandomness), "discards 6H");
    assert_eq!(public(&state)["waste"], json!(["6H"]));
    assert_eq!(public(&state)["hand_sizes"], json!([5, 0]));
    act(&mut state, 0, "done", &mut NoRandomness);
    assert_eq!(to_move(&state), "black");
}

#[test]
fn an_exhausted_stock_is_the_waste_reshuffled() {
    let mut state = position("4k3/pppppppp/8/8/8/8/PPPPPPPP/4K3", "w", 4, "-/- 2C,3D,4S -/- -/- move - stock:-");
    // The waste (2C 3D 4S) is shuffled: Fisher-Yates draws below(3) = 2 then below(2) = 0.
    let said = act(&mut state, 0, "draw stock", &mut Script(vec![2, 0]));
    assert_eq!(said, "draws 3D from the stock");
    assert_eq!(public(&state)["waste"], json!([]));
    assert_eq!(public(&state)["stock"], 2);
}

#[test]
fn a_card_drawn_may_be_played_in_the_same_turn_which_then_ends_with_done() {
    let mut state = position("4k3/pppppppp/8/8/8/8/PPPPPPPP/4K3", "w", 4, "2H,3S/- - -/- -/- move - stock:4D,9C");
    act(&mut state, 0, "draw stock", &mut NoRandomness);
    assert_eq!(to_move(&state), "white", "after a draw the turn waits for cards or done");
    let moves = legal(&state, 0);
    assert!(!moves.contains(&"e2e4".to_string()), "the turn's move is spent: {moves:?}");
    assert!(moves.contains(&"play 2H,3S,4D Nb1".to_string()), "{moves:?}");
    let said = act(&mut state, 0, "play 2H,3S,4D Nb1", &mut NoRandomness);
    assert_eq!(said, "plays 2H,3S,4D (three-card straight): builds a knight on b1");
    act(&mut state, 0, "done", &mut NoRandomness);
    assert_eq!(to_move(&state), "black");
    assert_eq!(placement(&state), "4k3/pppppppp/8/8/8/8/PPPPPPPP/1N2K3");
}

// ---------------------------------------------------------------- building pieces

const START: &str = "4k3/pppppppp/8/8/8/8/PPPPPPPP/4K3";

fn built(state: &AnyState, side: usize) -> Value {
    public(state)["sides"][side].clone()
}

#[test]
fn a_three_card_straight_builds_a_first_rook_knight_or_bishop_on_a_home_square() {
    let mut state = with_hands(START, "w", 4, "5C,6D,7S/-");
    let plays: Vec<String> = legal(&state, 0).into_iter().filter(|a| a.starts_with("play")).collect();
    let targets = ["Ra1", "Rh1", "Nb1", "Ng1", "Bc1", "Bf1"].map(|t| format!("play 5C,6D,7S {t}"));
    assert_eq!(plays, targets);
    act(&mut state, 0, "play 5C,6D,7S Rh1", &mut NoRandomness);
    assert_eq!(placement(&state), "4k3/pppppppp/8/8/8/8/PPPPPPPP/4K2R");
    assert_eq!(built(&state, 0)["built"], json!(["rook"]));
    assert_eq!(built(&state, 0)["to_build"], json!(["knight", "bishop", "queen", "rook", "knight", "bishop"]));
    assert_eq!(to_move(&state), "white", "cards come before the move");
}

#[test]
fn the_queen_is_built_only_once_the_first_rook_knight_and_bishop_are() {
    let early = position(START, "w", 4, "5C,6D,7S,8H/- - RN/- -/- move -");
    assert_eq!(
        refused(&early, 0, "play 5C,6D,7S,8H Qd1"),
        "The queen is built once your first rook, knight and bishop are: build the bishop first."
    );
    let ready = position(START, "w", 4, "5C,6D,7S,8H/- - RNB/- -/- move -");
    assert!(legal(&ready, 0).contains(&"play 5C,6D,7S,8H Qd1".to_string()));
    // A four-card flush builds the queen too.
    let flush = position(START, "w", 4, "2S,5S,9S,KS/- - RNB/- -/- move -");
    let mut state = flush;
    assert_eq!(
        act(&mut state, 0, "play 2S,5S,9S,KS Qd1", &mut NoRandomness),
        "plays 2S,5S,9S,KS (four-card flush): builds a queen on d1"
    );
}

#[test]
fn a_three_card_flush_builds_a_second_rook_knight_or_bishop_only_after_the_queen() {
    let before_queen = position(START, "w", 4, "2S,5S,9S/- - RNB/- -/- move -");
    assert!(!legal(&before_queen, 0).iter().any(|a| a.starts_with("play")));
    let mut state = position("4k3/pppppppp/8/8/8/8/PPPPPPPP/R2QK3", "w", 4, "2S,5S,9S/- - RNBQ/- -/- move -");
    let plays: Vec<String> = legal(&state, 0).into_iter().filter(|a| a.starts_with("play")).collect();
    assert_eq!(
        plays,
        ["play 2S,5S,9S Rh1", "play 2S,5S,9S Nb1", "play 2S,5S,9S Ng1", "play 2S,5S,9S Bc1", "play 2S,5S,9S Bf1"]
    );
    act(&mut state, 0, "play 2S,5S,9S Rh1", &mut NoRandomness);
    assert_eq!(built(&state, 0)["built"], json!(["rook", "rook", "knight", "bishop", "queen"]));
}

#[test]
fn a_five_card_straight_builds_every_piece_not_yet_built_at_once() {
    let mut state = position(START, "w", 4, "5C,6D,7S,8H,9C/- - N/- -/- move -");
    let said = act(&mut state, 0, "play 5C,6D,7S,8H,9C all", &mut NoRandomness);
    assert_eq!(said, "plays 5C,6D,7S,8H,9C (five-card straight): builds every piece not yet built");
    // The first knight was built (and stands elsewhere or was lost): the second goes to b1.
    assert_eq!(placement(&state), "4k3/pppppppp/8/8/8/8/PPPPPPPP/RNBQKB1R");
    assert_eq!(built(&state, 0)["to_build"], json!([]));
}

#[test]
fn a_captured_piece_is_never_built_again() {
    // White built both knights and lost them: a three-card straight and flush build no knight.
    let state = position(START, "w", 4, "5C,6D,7S/- - NN/- NN/- move -");
    let plays: Vec<String> = legal(&state, 0).into_iter().filter(|a| a.starts_with("play")).collect();
    assert!(plays.iter().all(|p| !p.contains(" N")), "{plays:?}");
    assert_eq!(built(&state, 0)["lost"], json!(["knight", "knight"]));
}

#[test]
fn a_built_piece_goes_to_any_empty_square_of_the_first_rank_when_its_home_squares_are_taken() {
    let state = with_hands("4k3/pppppppp/8/8/8/8/PPPPPPPP/RN2K1N1", "w", 4, "5C,6D,7S/-");
    let plays: Vec<String> = legal(&state, 0).into_iter().filter(|a| a.contains(" N")).collect();
    assert_eq!(plays, ["play 5C,6D,7S Nc1", "play 5C,6D,7S Nd1", "play 5C,6D,7S Nf1", "play 5C,6D,7S Nh1"]);
}

#[test]
fn a_five_card_flush_removes_any_opposing_piece_but_the_king() {
    let mut state = with_hands("r3k3/pppppppp/8/8/8/8/PPPPPPPP/4K3", "w", 4, "2S,5S,9S,JS,KS/-");
    let plays: Vec<String> = legal(&state, 0).into_iter().filter(|a| a.starts_with("play 2S,5S,9S,JS,KS")).collect();
    assert_eq!(plays.len(), 9, "the rook and eight pawns, not the king: {plays:?}");
    assert!(!plays.contains(&"play 2S,5S,9S,JS,KS xe8".to_string()));
    let said = act(&mut state, 0, "play 2S,5S,9S,JS,KS xa8", &mut NoRandomness);
    assert_eq!(said, "plays 2S,5S,9S,JS,KS (five-card flush): removes the rook on a8");
    assert_eq!(built(&state, 1)["lost"], json!(["rook"]));
}

// ---------------------------------------------------------------- the reaction window

/// White's rook on d4 attacks Black's knight on d6; both players hold cards.
fn rook_attacks_knight(white: &str, black: &str, d: [u32; 4]) -> AnyState {
    let mut state = with_hands("4k3/8/3n4/8/3R4/8/8/4K3", "w", 5, &format!("{white}/{black}"));
    act(&mut state, 0, "d4xd6", &mut dice(d));
    state
}

#[test]
fn after_the_roll_both_seats_may_play_roll_modifiers_and_the_window_closes_when_both_have_passed() {
    // 3+3+3+2 = 11 against 4+4+1 = 9.
    let mut state = rook_attacks_knight("7C,7D,9H,9S,2S", "QC,QD,QH,2D", [3, 3, 4, 4]);
    let turn = rules(BLAKES).turn(&state);
    assert_eq!(turn.active_seats(), [0, 1], "both seats may act in the window");
    assert!(matches!(turn, Turn::Active { turn_of: Some(0), .. }), "inside White's turn");
    assert_eq!(stage_of(&state, 1), Some(Stage::React));
    let said = act(&mut state, 1, "play QC,QD,QH", &mut NoRandomness);
    assert_eq!(
        said,
        "plays QC,QD,QH (three of a kind): +2 to the defence: attack 11 (3+3, rook 3, bonus 2) against defence 11 (4+4, knight 1, +2)"
    );
    act(&mut state, 0, "play 7C,7D,9H,9S", &mut NoRandomness);
    act(&mut state, 0, "pass", &mut NoRandomness);
    assert_eq!(rules(BLAKES).turn(&state).active_seats(), [1], "White has passed; Black has not since the card");
    let said = act(&mut state, 1, "pass", &mut NoRandomness);
    assert_eq!(
        said,
        "passes: attack 12 (3+3, rook 3, bonus 2, +1) against defence 11 (4+4, knight 1, +2); the attack wins: the knight on d6 is taken"
    );
    assert_eq!(placement(&state), "4k3/8/3R4/8/8/8/8/4K3");
}

#[test]
fn a_card_played_reopens_the_window_for_the_seat_that_had_passed() {
    let mut state = rook_attacks_knight("7C,7D,9H,9S,2S", "QC,QD,QH,2D", [3, 3, 4, 4]);
    act(&mut state, 0, "pass", &mut NoRandomness);
    assert_eq!(rules(BLAKES).turn(&state).active_seats(), [1]);
    act(&mut state, 1, "play QC,QD,QH", &mut NoRandomness);
    assert_eq!(rules(BLAKES).turn(&state).active_seats(), [0, 1], "White may answer the card");
}

#[test]
fn a_seat_without_cards_passes_by_itself_and_without_cards_on_either_side_the_dice_decide_at_once() {
    let state = rook_attacks_knight("7C,7D,9H,9S", "-", [3, 3, 4, 4]);
    assert_eq!(rules(BLAKES).turn(&state).active_seats(), [0], "only White holds cards");
    let state = rook_attacks_knight("-", "-", [3, 3, 4, 4]);
    assert_eq!(to_move(&state), "black", "resolved at once");
}

#[test]
fn the_public_view_carries_the_pending_attack_with_both_dice_both_totals_and_who_has_passed() {
    // Black attacks White's rook; White's phone can say "Black attacks your rook: your 7
    // against their 9 — play a card or pass".
    let mut state = with_hands("4k3/8/8/3r4/8/8/3R4/4K3", "b", 5, "KS,KD/2C,2D,5H,5S");
    act(&mut state, 1, "d5xd2", &mut dice([1, 3, 2, 2]));
    act(&mut state, 1, "play 2C,2D,5H,5S", &mut NoRandomness);
    let white = view(&state, Viewer::Seat(0));
    let attack = &white["game"]["attack"];
    assert_eq!(attack["attacker"], "black");
    assert_eq!((attack["from"].as_str(), attack["attacker_piece"].as_str()), (Some("d5"), Some("rook")));
    assert_eq!((attack["victim"].as_str(), attack["defender_piece"].as_str()), (Some("d2"), Some("rook")));
    assert_eq!(
        attack["attack"],
        json!({"seat": 1, "dice": [1, 3], "strength": 3, "bonus": 2, "modifiers": [{"cards": ["2C", "2D", "5H", "5S"], "plus": 1}], "total": 10})
    );
    assert_eq!(
        attack["defence"],
        json!({"seat": 0, "dice": [2, 2], "strength": 3, "bonus": 0, "modifiers": [], "total": 7})
    );
    assert_eq!(attack["leading"], "attack");
    assert_eq!(attack["passed"], json!([1]), "Black has no cards left: it counts as passed");
    assert_eq!(white["turn"]["seats"][0]["stage"], "react");
    let cells = white["board"]["cells"].as_array().unwrap();
    let marks = |id: &str| cells.iter().find(|c| c["id"] == id).unwrap()["markers"].clone();
    assert_eq!((marks("d5"), marks("d2")), (json!(["attacker"]), json!(["defender"])));
    assert_eq!(white["legal_actions"][0], "pass", "White's kings block nothing on a rook");
}

// ---------------------------------------------------------------- blocks

#[test]
fn a_king_blocks_an_attack_on_the_king_a_queen_on_a_queen_and_a_jack_on_any_other_piece() {
    // (position, attack, the defender's block, a card that does not fit)
    let table = [
        ("4k3/8/8/8/8/8/4r3/4K3", "e2xe1", "KD", "QD"),
        ("4k3/8/8/8/8/8/3r4/3QK3", "d2xd1", "QD", "JD"),
        ("4k3/8/8/8/8/8/3r4/3NK3", "d2xd1", "JD", "KD"),
        ("4k3/8/8/8/8/3p4/4P3/4K3", "d3xe2", "JD", "QD"),
    ];
    for (placement_before, attack, block, wrong) in table {
        let mut state = with_hands(placement_before, "b", 5, &format!("{block},{wrong}/2C,2D,5H,5S"));
        act(&mut state, 1, attack, &mut dice([6, 6, 1, 1]));
        assert!(legal(&state, 0).contains(&format!("play {block}")), "{attack}: {block} fits");
        assert!(!legal(&state, 0).contains(&format!("play {wrong}")), "{attack}: {wrong} does not");
        let said = act(&mut state, 0, &format!("play {block}"), &mut NoRandomness);
        assert!(said.ends_with("blocked: both pieces stay and the turn ends"), "{said}");
        assert_eq!(placement(&state), placement_before, "nothing is captured");
        assert_eq!(to_move(&state), "white", "a block ends the attacker's turn");
    }
}

#[test]
fn blocks_and_modifiers_are_refused_outside_an_attack_in_the_players_words() {
    let state = with_hands(START, "w", 4, "KD,7C,7D,9H,9S/-");
    assert_eq!(refused(&state, 0, "play KD"), "The king block is played when a piece of yours is attacked.");
    assert_eq!(
        refused(&state, 0, "play 7C,7D,9H,9S"),
        "The two pair adds to a roll: play it during an attack, once the dice are rolled."
    );
    assert_eq!(refused(&state, 0, "play 7C,9H"), "7C,9H is no poker hand, block or trump.");
    assert_eq!(refused(&state, 0, "play 8C"), "You do not hold 8C.");
}

// ---------------------------------------------------------------- the trumps (hearts)

#[test]
fn misdirection_swaps_two_opposing_pieces_but_never_a_king_nor_a_pawn_onto_an_end_rank() {
    let mut state = with_hands("r3k1n1/pppppppp/8/8/8/8/8/4K3", "w", 4, "AH/-");
    let plays: Vec<String> = legal(&state, 0).into_iter().filter(|a| a.starts_with("play AH")).collect();
    assert_eq!(plays, ["play AH a8 g8"], "rook and knight; pawns may not go to the last rank");
    let said = act(&mut state, 0, "play AH a8 g8", &mut NoRandomness);
    assert_eq!(said, "plays AH (misdirection): swaps the rook on a8 and the knight on g8");
    assert_eq!(placement(&state), "n3k1r1/pppppppp/8/8/8/8/8/4K3");
}

#[test]
fn invisibility_lets_this_turns_moves_pass_through_ones_own_pieces() {
    let mut state = with_hands("4k3/8/8/8/8/8/PPPPPPPP/R3K3", "w", 4, "2H/-");
    assert!(!legal(&state, 0).contains(&"a1a5".to_string()));
    act(&mut state, 0, "play 2H", &mut NoRandomness);
    let moves = legal(&state, 0);
    assert!(moves.contains(&"a1a5".to_string()), "through the a2 pawn");
    assert!(!moves.contains(&"a1a2".to_string()), "never onto its own piece");
    assert_eq!(public(&state)["turn"]["trumps"], json!(["invisibility"]));
    act(&mut state, 0, "a1a5", &mut NoRandomness);
    assert_eq!(public(&state)["turn"]["trumps"], json!([]), "the trump lapses with the turn");
}

#[test]
fn invisibility_lets_a_pawn_step_two_squares_past_its_own_piece() {
    let mut state = with_hands("4k3/8/8/8/8/4N3/4P3/4K3", "w", 4, "2H/-");
    assert!(!legal(&state, 0).contains(&"e2e4".to_string()));
    act(&mut state, 0, "play 2H", &mut NoRandomness);
    assert!(legal(&state, 0).contains(&"e2e4".to_string()));
    assert!(!legal(&state, 0).contains(&"e2e3".to_string()), "it never lands on its own piece");
}

#[test]
fn brainwashing_takes_over_an_enemy_pawn_for_a_turn_moving_in_the_movers_direction() {
    let mut state = with_hands("4k3/3p4/8/8/8/8/8/4K3", "w", 4, "3H/-");
    let said = act(&mut state, 0, "play 3H d7", &mut NoRandomness);
    assert_eq!(said, "plays 3H (brainwashing): the pawn on d7 is White's for this turn");
    let moves = legal(&state, 0);
    assert!(!moves.contains(&"d7d6".to_string()), "it moves in White's direction");
    assert!(!moves.iter().any(|m| m.starts_with("d7d8")), "and never onto the last rank: {moves:?}");
    let mut state = with_hands("4k3/8/8/3p4/8/8/8/4K3", "w", 4, "3H/-");
    act(&mut state, 0, "play 3H d5", &mut NoRandomness);
    assert!(legal(&state, 0).contains(&"d5d6".to_string()));
    act(&mut state, 0, "d5d6", &mut NoRandomness);
    assert_eq!(placement(&state), "4k3/8/3p4/8/8/8/8/4K3", "back to Black once the turn ends");
}

#[test]
fn a_secret_passageway_lets_this_turns_moves_wrap_around_the_sides_of_the_board() {
    let mut state = with_hands("4k3/8/8/8/8/8/8/R3K3", "w", 4, "4H/-");
    assert!(!legal(&state, 0).contains(&"a1h1".to_string()));
    act(&mut state, 0, "play 4H", &mut NoRandomness);
    let moves = legal(&state, 0);
    assert!(moves.contains(&"a1h1".to_string()), "off the a-file onto the h-file");
    assert!(moves.contains(&"a1f1".to_string()), "{moves:?}");
    let mut knight = with_hands("4k3/8/8/8/8/8/8/N3K3", "w", 4, "4H/-");
    act(&mut knight, 0, "play 4H", &mut NoRandomness);
    assert!(legal(&knight, 0).contains(&"a1g2".to_string()), "a knight's leap wraps too");
}

#[test]
fn teleportation_moves_a_piece_other_than_a_pawn_to_any_empty_square_and_ends_the_turn() {
    let mut state = with_hands("4k3/8/8/8/8/8/P7/R3K3", "w", 4, "5H/-");
    let plays: Vec<String> = legal(&state, 0).into_iter().filter(|a| a.starts_with("play 5H")).collect();
    assert!(plays.contains(&"play 5H a1 h8".to_string()));
    assert!(!plays.iter().any(|p| p.starts_with("play 5H a2")), "no pawn");
    let said = act(&mut state, 0, "play 5H a1 h8", &mut NoRandomness);
    assert_eq!(said, "plays 5H (teleportation): the rook a1→h8; the turn ends");
    assert_eq!(to_move(&state), "black");
}

#[test]
fn a_sniper_takes_without_moving_in_and_is_not_taken_when_it_fails() {
    let mut state = with_hands("4k3/8/3n4/8/3R4/8/8/4K3", "w", 4, "6H/-");
    act(&mut state, 0, "play 6H", &mut NoRandomness);
    let said = act(&mut state, 0, "d4xd6", &mut dice([6, 6, 1, 1]));
    assert!(said.ends_with("the attack wins: the knight on d6 is taken; the rook stays"), "{said}");
    assert_eq!(placement(&state), "4k3/8/8/8/3R4/8/8/4K3");
    let mut state = with_hands("4k3/8/3n4/8/3R4/8/8/4K3", "w", 4, "6H/-");
    act(&mut state, 0, "play 6H", &mut NoRandomness);
    let said = act(&mut state, 0, "d4xd6", &mut dice([1, 1, 6, 6]));
    assert!(said.ends_with("the defence holds; the sniper stays"), "{said}");
    assert_eq!(placement(&state), "4k3/8/3n4/8/3R4/8/8/4K3");
}

/// An attack with both a sniper and a kamikaze, waiting for Black's pass: the dice, what the
/// table hears and where the pieces stand after it.
struct SniperKamikaze {
    dice: &'static str,
    said: &'static str,
    after: &'static str,
}

const SNIPER_AND_KAMIKAZE: &[SniperKamikaze] = &[
    // The defence wins: the sniper keeps the rook from the defence, the kamikaze's price is
    // paid all the same.
    SniperKamikaze {
        dice: "11/66",
        said: "passes: attack 9 (1+1, rook 3, bonus 4) against defence 13 (6+6, knight 1); the defence holds; the sniper keeps the rook from the defence, but the kamikaze rook is lost",
        after: "4k3/8/3n4/8/8/8/8/4K3",
    },
    // The attack wins: the knight is taken, nobody moves in, and the kamikaze rook is lost.
    SniperKamikaze {
        dice: "66/11",
        said: "passes: attack 19 (6+6, rook 3, bonus 4) against defence 3 (1+1, knight 1); the attack wins: the knight on d6 is taken; the kamikaze rook is lost",
        after: "4k3/8/8/8/8/8/8/4K3",
    },
];

#[test]
fn with_a_sniper_and_a_kamikaze_on_one_attack_the_kamikaze_piece_is_lost_and_the_table_hears_so() {
    for case in SNIPER_AND_KAMIKAZE {
        let rest = format!("2C/3S - R/- -/- react:d4xd6,dice={},passed=attacker,sniper,kamikaze -", case.dice);
        let mut state = position("4k3/8/3n4/8/3R4/8/8/4K3", "w", 10, &rest);
        let said = act(&mut state, 1, "pass", &mut NoRandomness);
        assert_eq!(said, case.said, "{}", case.dice);
        assert_eq!(placement(&state), case.after, "{}", case.dice);
    }
}

#[test]
fn an_attack_in_a_position_keeps_agilitys_second_move_when_written_back() {
    // Agility's first action is this attack; one move is left after it. Adjudication writes
    // the position after each action and reads it back for the next.
    let game = rules(BLAKES);
    let start =
        "4k3/8/3n4/8/3R4/8/P7/4K3 w - - 0 10 H 2C/3S - R/- -/- react:d4xd6,dice=66/11 left=1,acted,moved,played=7H";
    let after_white = game.adjudicate_for(start, "pass", Some(0)).unwrap().position.unwrap();
    assert!(after_white.contains(" left=1,"), "{after_white}");
    let after_black = game.adjudicate_for(&after_white, "pass", Some(1)).unwrap().position.unwrap();
    let state = game.parse_position(&after_black).unwrap();
    assert_eq!(to_move(&state), "white", "the attack won and White has agility's second move: {after_black}");
    assert!(legal(&state, 0).contains(&"a2a3".to_string()));
}

#[test]
fn agility_allows_two_moves_captures_or_draws_in_one_turn() {
    let mut state = with_hands(START, "w", 4, "7H/-");
    act(&mut state, 0, "play 7H", &mut NoRandomness);
    act(&mut state, 0, "e2e4", &mut NoRandomness);
    assert_eq!(to_move(&state), "white");
    assert!(legal(&state, 0).contains(&"done".to_string()), "the second move may be left");
    assert!(!legal(&state, 0).iter().any(|a| a.starts_with("play")), "no more cards after the move");
    act(&mut state, 0, "d2d4", &mut NoRandomness);
    assert_eq!(to_move(&state), "black");
    assert_eq!(placement(&state), "4k3/pppppppp/8/8/3PP3/8/PPP2PPP/4K3");
}

#[test]
fn a_card_takes_effect_once_a_turn_even_when_drawn_back_from_the_waste() {
    // Misdirection goes onto the waste at once (agility waits beside it until the turn ends):
    // drawn back with agility's second action, it does not swap again this turn.
    let mut state = with_hands("r3k1n1/pppppppp/8/8/8/8/PPPPPPPP/4K3", "w", 4, "7H,AH/-");
    act(&mut state, 0, "play 7H", &mut NoRandomness);
    act(&mut state, 0, "play AH a8 g8", &mut NoRandomness);
    assert_eq!(act(&mut state, 0, "draw waste", &mut NoRandomness), "draws AH from the waste");
    assert!(!legal(&state, 0).iter().any(|a| a.starts_with("play AH")), "no second misdirection from the same card");
    assert_eq!(
        refused(&state, 0, "play AH a8 g8"),
        "AH has been played this turn already: a card takes effect once a turn."
    );
    act(&mut state, 0, "e2e4", &mut NoRandomness);
    assert_eq!(to_move(&state), "black");
}

#[test]
fn a_bodyguard_dies_in_the_place_of_a_defender_about_to_die() {
    // Black's knight on d6 is losing (3+3+3+2 = 11 against 1+1+1 = 3); the pawn on e7 dies
    // for it and the knight stands on e7.
    let mut state = with_hands("4k3/4p3/3n4/8/3R4/8/8/4K3", "w", 5, "-/8H");
    act(&mut state, 0, "d4xd6", &mut dice([3, 3, 1, 1]));
    assert_eq!(legal(&state, 1), ["play 8H e7", "pass", "resign", "offer-draw"], "any piece but the king");
    let said = act(&mut state, 1, "play 8H e7", &mut NoRandomness);
    assert!(
        said.ends_with("the knight on d6 and its bodyguard, the pawn on e7, swap places, and the pawn is taken on d6"),
        "{said}"
    );
    assert_eq!(placement(&state), "4k3/4n3/3R4/8/8/8/8/4K3");
    assert_eq!(public(&state)["sides"][1]["lost"], json!(["pawn"]));
    // Only a defender about to die can be guarded.
    let mut state = with_hands("4k3/4p3/3n4/8/3R4/8/8/4K3", "w", 5, "-/8H");
    act(&mut state, 0, "d4xd6", &mut dice([1, 1, 6, 6]));
    assert_eq!(legal(&state, 1), ["pass", "resign", "offer-draw"]);
}

#[test]
fn a_bodyguard_is_spent_without_a_swap_when_the_defence_wins_in_the_end() {
    // 2+2+3+2 = 9 against 3+3+1 = 7: the knight is losing, so Black names its bodyguard; then
    // four queens (+3) turn the roll, and nobody is swapped.
    let mut state = with_hands("4k3/4p3/3n4/8/3R4/8/8/4K3", "w", 5, "-/8H,QC,QD,QH,QS");
    act(&mut state, 0, "d4xd6", &mut dice([2, 2, 3, 3]));
    act(&mut state, 1, "play 8H e7", &mut NoRandomness);
    assert_eq!(public(&state)["attack"]["bodyguard"], "e7");
    let said = act(&mut state, 1, "play QC,QD,QH,QS", &mut NoRandomness);
    assert!(said.ends_with("the defence holds and takes the rook on d4"), "{said}");
    assert_eq!(placement(&state), "4k3/4p3/3n4/8/8/8/8/4K3");
}

#[test]
fn a_tag_team_attacks_with_two_pieces_combining_strength_and_both_fall_if_it_fails() {
    // The rook on d4 and the bishop on b4 both reach the queen on d6; the knight on a1 does not.
    let start = "4k3/8/3q4/8/1B1R4/8/8/N3K3";
    let mut state = with_hands(start, "w", 4, "9H/-");
    assert!(!legal(&state, 0).contains(&"d4xd6+b4".to_string()), "only with the trump");
    act(&mut state, 0, "play 9H", &mut NoRandomness);
    let attacks: Vec<String> = legal(&state, 0).into_iter().filter(|a| a.starts_with("d4xd6")).collect();
    assert_eq!(attacks, ["d4xd6", "d4xd6+b4"]);
    let said = act(&mut state, 0, "d4xd6+b4", &mut dice([2, 2, 3, 3]));
    assert_eq!(
        said,
        "Rd4xd6 with the bishop on b4: attack 11 (2+2, rook and bishop 5, bonus 2) against defence 10 (3+3, queen 4); the attack wins: the queen on d6 is taken"
    );
    assert_eq!(placement(&state), "4k3/8/3R4/8/1B6/8/8/N3K3", "the rook, chosen beforehand, moves in");
    let mut state = with_hands(start, "w", 4, "9H/-");
    act(&mut state, 0, "play 9H", &mut NoRandomness);
    let said = act(&mut state, 0, "d4xd6+b4", &mut dice([1, 1, 6, 6]));
    assert!(said.ends_with("the defence holds and takes both attackers"), "{said}");
    assert_eq!(placement(&state), "4k3/8/3q4/8/8/8/8/N3K3");
}

#[test]
fn a_kamikaze_adds_two_to_the_attack_and_its_piece_is_lost_whatever_happens() {
    let mut state = with_hands("4k3/8/3n4/8/3R4/8/8/4K3", "w", 4, "10H/-");
    act(&mut state, 0, "play 10H", &mut NoRandomness);
    let said = act(&mut state, 0, "d4xd6", &mut dice([1, 1, 2, 2]));
    assert_eq!(
        said,
        "Rd4xd6: attack 9 (1+1, rook 3, bonus 4) against defence 5 (2+2, knight 1); the attack wins: the knight on d6 is taken; the kamikaze rook is lost"
    );
    assert_eq!(placement(&state), "4k3/8/8/8/8/8/8/4K3");
    assert_eq!(public(&state)["sides"][0]["lost"], json!(["rook"]));
}

#[test]
fn conversion_turns_a_piece_its_side_lacks_into_its_own_when_a_bishop_wins() {
    // White has no knight: the bishop's win converts Black's knight, which stays on d6.
    let mut state = with_hands("4k3/8/3n4/8/1B6/8/8/4K3", "w", 4, "JH/-");
    act(&mut state, 0, "play JH", &mut NoRandomness);
    let said = act(&mut state, 0, "b4xd6", &mut dice([4, 4, 1, 1]));
    assert!(said.ends_with("the attack wins: the knight on d6 is converted"), "{said}");
    assert_eq!(placement(&state), "4k3/8/3N4/8/1B6/8/8/4K3");
    assert_eq!(public(&state)["sides"][0]["built"], json!(["knight"]), "it takes the place of an unbuilt knight");
    assert_eq!(public(&state)["sides"][1]["lost"], json!(["knight"]));
    // With both knights on the board there is nothing to convert: an ordinary capture.
    let mut state = with_hands("4k3/8/3n4/8/1B6/8/8/1N2KN2", "w", 4, "JH/-");
    act(&mut state, 0, "play JH", &mut NoRandomness);
    let said = act(&mut state, 0, "b4xd6", &mut dice([4, 4, 1, 1]));
    assert!(said.ends_with("the knight on d6 is taken"), "{said}");
}

#[test]
fn a_kamikaze_piece_is_lost_on_a_tie_too() {
    let mut state = with_hands("4k3/8/3n4/8/3R4/8/8/4K3", "w", 4, "10H/-");
    act(&mut state, 0, "play 10H", &mut NoRandomness);
    let said = act(&mut state, 0, "d4xd6", &mut dice([1, 1, 4, 4]));
    assert!(said.ends_with("a tie: nothing is captured and the turn ends; the kamikaze rook is lost"), "{said}");
    assert_eq!(placement(&state), "4k3/8/3n4/8/8/8/8/4K3");
}

#[test]
fn conversion_takes_the_place_of_a_lost_piece_before_an_unbuilt_one() {
    // White built one knight and lost it: the converted knight replaces it, and White may
    // still build its second knight.
    let mut state = position("4k3/8/3n4/8/1B6/8/8/4K3", "w", 4, "JH/- - NB/- N/- move -");
    act(&mut state, 0, "play JH", &mut NoRandomness);
    act(&mut state, 0, "b4xd6", &mut dice([4, 4, 1, 1]));
    assert_eq!(placement(&state), "4k3/8/3N4/8/1B6/8/8/4K3");
    assert_eq!(public(&state)["sides"][0]["lost"], json!([]));
    assert_eq!(public(&state)["sides"][0]["built"], json!(["knight", "bishop"]));
}

#[test]
fn an_uprising_swaps_the_strengths_of_attacker_and_defender_but_not_against_a_king() {
    let mut state = with_hands("4k3/8/8/8/8/3q4/4P3/4K3", "w", 4, "QH/-");
    act(&mut state, 0, "play QH", &mut NoRandomness);
    let said = act(&mut state, 0, "e2xd3", &mut dice([3, 3, 3, 3]));
    assert_eq!(
        said,
        "e2xd3: attack 12 (3+3, pawn 4, bonus 2) against defence 6 (3+3, queen 0); the attack wins: the queen on d3 is taken"
    );
    let mut state = with_hands("8/8/8/8/8/3k4/4P3/4K3", "w", 4, "QH/-");
    act(&mut state, 0, "play QH", &mut NoRandomness);
    let said = act(&mut state, 0, "e2xd3", &mut dice([3, 3, 3, 3]));
    assert!(said.starts_with("e2xd3: attack 8 (3+3, pawn 0, bonus 2) against defence 11 (3+3, king 5)"), "{said}");
}

#[test]
fn necromancy_brings_back_one_of_ones_captured_pieces() {
    let mut state = position("4k3/8/8/8/8/8/8/4K3", "w", 4, "KH/- - RN/- RP/- move -");
    let plays: Vec<String> = legal(&state, 0).into_iter().filter(|a| a.starts_with("play KH")).collect();
    assert!(plays.contains(&"play KH Ra1".to_string()) && plays.contains(&"play KH Pe2".to_string()), "{plays:?}");
    assert!(!plays.iter().any(|p| p.contains(" N")), "the knight was never lost");
    let said = act(&mut state, 0, "play KH Rh1", &mut NoRandomness);
    assert_eq!(said, "plays KH (necromancy): brings back a rook on h1");
    assert_eq!(public(&state)["sides"][0]["lost"], json!(["pawn"]));
}

#[test]
fn the_trump_king_is_necromancy_in_ones_own_turn_and_a_block_when_the_king_is_attacked() {
    let state = position("4k3/8/8/8/8/8/4r3/4K3", "w", 4, "KH/- - R/- R/- move -");
    assert!(legal(&state, 0).contains(&"play KH Ra1".to_string()));
    assert!(!legal(&state, 0).contains(&"play KH".to_string()), "no block outside an attack");
    let mut state = position("4k3/8/8/8/8/8/4r3/4K3", "b", 4, "KH/- - R/- R/- move -");
    act(&mut state, 1, "e2xe1", &mut dice([6, 6, 1, 1]));
    assert_eq!(legal(&state, 0)[0], "play KH", "the king block");
    assert!(!legal(&state, 0).iter().any(|a| a.starts_with("play KH R")), "no necromancy in the window");
}

#[test]
fn a_five_card_straight_flush_builds_every_piece_or_removes_one_as_the_player_says() {
    let state = with_hands("4k3/8/8/8/8/8/8/4K3", "w", 4, "5C,6C,7C,8C,9C/-");
    let plays: Vec<String> = legal(&state, 0).into_iter().filter(|a| a.starts_with("play 5C,6C,7C,8C,9C")).collect();
    assert_eq!(plays, ["play 5C,6C,7C,8C,9C all"], "Black has nothing but its king to remove");
    let state = with_hands("4k3/4p3/8/8/8/8/8/4K3", "w", 4, "5C,6C,7C,8C,9C/-");
    let plays: Vec<String> = legal(&state, 0).into_iter().filter(|a| a.starts_with("play 5C,6C,7C,8C,9C")).collect();
    assert_eq!(plays, ["play 5C,6C,7C,8C,9C all", "play 5C,6C,7C,8C,9C xe7"]);
}

// ---------------------------------------------------------------- orthodox moves

#[test]
fn castling_needs_an_unmoved_king_and_rook_but_may_pass_attacked_squares() {
    let text = "4kr2/8/8/8/8/8/8/4K2R w K - 0 5 H -/- - R/- -/- move -";
    let mut state = rules(BLAKES).parse_position(text).unwrap();
    assert!(legal(&state, 0).contains(&"e1g1".to_string()), "through f1, which the rook attacks");
    assert_eq!(act(&mut state, 0, "O-O", &mut NoRandomness), "O-O");
    assert_eq!(placement(&state), "4kr2/8/8/8/8/8/8/5RK1");
    let text = "4k3/8/8/8/8/8/8/4K2R w Qkq - 0 5 H -/- - R/- -/- move -";
    let state = rules(BLAKES).parse_position(text).unwrap();
    assert!(!legal(&state, 0).contains(&"e1g1".to_string()), "the h1 corner has lost its right");
}

#[test]
fn en_passant_is_a_capture_declared_and_rolled_like_any_other() {
    let text = "4k3/8/8/3pP3/8/8/8/4K3 w KQkq d6 0 5 H -/- - -/- -/- move -";
    let mut state = rules(BLAKES).parse_position(text).unwrap();
    assert!(legal(&state, 0).contains(&"e5xd6".to_string()));
    let said = act(&mut state, 0, "e5xd6", &mut dice([4, 4, 1, 1]));
    assert_eq!(
        said,
        "e5xd6 e.p.: attack 10 (4+4, pawn 0, bonus 2) against defence 2 (1+1, pawn 0); the attack wins: the pawn on d5 is taken"
    );
    assert_eq!(placement(&state), "4k3/8/3P4/8/8/8/8/4K3");
}

#[test]
fn a_pawn_reaching_the_last_rank_is_promoted_as_in_chess() {
    let mut state = with_hands("4k3/1P6/8/8/8/8/8/4K3", "w", 5, "-/-");
    let promotions: Vec<String> = legal(&state, 0).into_iter().filter(|a| a.starts_with("b7b8")).collect();
    assert_eq!(promotions, ["b7b8q", "b7b8r", "b7b8b", "b7b8n"]);
    assert!(refused(&state, 0, "b7b8").starts_with("A pawn reaching the last rank becomes"));
    act(&mut state, 0, "b7b8n", &mut NoRandomness);
    assert_eq!(placement(&state), "1N2k3/8/8/8/8/8/8/4K3");
}

// ---------------------------------------------------------------- positions and adjudication

#[test]
fn a_position_reads_back_as_it_was_written() {
    let game = rules(BLAKES);
    for text in [
        "4k3/pppppppp/8/8/8/8/PPPPPPPP/4K3 w KQkq - 0 1 H -/- - -/- -/- move - stock:2C,3C",
        "4k3/8/3n4/8/3R4/8/8/4K3 w Kq - 3 5 S 7C,7D,9H,9S/QC,QD,QH 2S RNB/N P/- react:d4xd6,dice=33/44,plus=1/0,passed=attacker,sniper left=0,acted,moved,invisibility",
        "4k3/3P4/8/8/8/8/8/4K3 w - - 0 6 C 2C,3C,4C,5C,6C,7C/- - -/- -/- discard left=0,acted,brainwashed=d7",
    ] {
        let state = game.parse_position(text).unwrap_or_else(|e| panic!("{text}: {e}"));
        assert_eq!(game.format_position(&state), text);
    }
    let Err(err) = game.parse_position("4k3/8/8/8/8/8/8/4K3 w - - 0 1 H -/- - -/- -/- move") else {
        panic!("a field is missing")
    };
    assert_eq!(err.code, ErrorCode::BadPosition);
}

#[test]
fn outside_a_refereed_game_a_capture_or_a_draw_from_the_stock_is_legal_but_waits_for_the_game() {
    let game = rules(BLAKES);
    let text = "4k3/8/3n4/8/3R4/8/8/4K3 w - - 0 5 H -/- - -/- -/- move -";
    let answer = game.adjudicate(text, "d4xd6").unwrap();
    assert!(answer.legal);
    assert_eq!(answer.position, None, "the dice are rolled only in a refereed game");
    assert!(answer.reason.ends_with("It ends with a random draw, which happens in a refereed game."), "{answer:?}");
    let answer = game.adjudicate(text, "draw stock").unwrap();
    assert!(answer.legal && answer.position.is_none(), "{answer:?}");
    let answer = game.adjudicate(text, "d4d5").unwrap();
    assert!(answer.legal);
    assert!(answer.position.unwrap().starts_with("4k3/8/3n4/3R4/8/8/8/4K3 b"));
    let answer = game.adjudicate(text, "d4e5").unwrap();
    assert!(!answer.legal);
    assert_eq!(answer.reason, "The rook on d4 cannot reach e5.");
}

// ---------------------------------------------------------------- secrets

#[test]
fn a_seats_private_part_lists_the_combinations_its_hand_holds_and_what_each_does() {
    let state = with_hands(START, "w", 4, "7C,7D,9C,9S,5S/-");
    let private = view(&state, Viewer::Seat(0))["private"].clone();
    assert_eq!(private["cards"], json!(["7C", "7D", "9C", "9S", "5S"]));
    assert_eq!(
        private["combinations"],
        json!([{"cards": ["7C", "7D", "9C", "9S"], "kind": "two-pair", "name": "two pair", "effect": "+1 to a roll", "playable_now": false}])
    );
    assert_eq!(view(&state, Viewer::Seat(1))["private"]["cards"], json!([]), "Black sees only its own hand");
    assert_eq!(public(&state)["hand_sizes"], json!([5, 0]), "hand sizes are public");
}

#[test]
fn no_seat_ever_sees_another_seats_hand_or_the_stocks_order_in_random_playouts() {
    let game = rules(BLAKES);
    for playout in 0..40u64 {
        let mut next = support::xorshift(0xB1A4E ^ ((playout + 1) * 0x9E37_79B9));
        let key = GameKey::derive(b"blakes playouts", &[&playout.to_be_bytes()]);
        let mut state = game.setup(&Value::Null, &mut EventRng::new(key, 0)).unwrap();
        // Cards anyone may name: the cut card and every card that has lain face up on the waste.
        let mut shown: Vec<String> = vec![public(&state)["cut_card"].as_str().unwrap().to_string()];
        for ply in 1..=150u64 {
            if game.outcome(&state).is_some() {
                // Over: every hand is shown to everyone (`revealed`), as the record then is.
                break;
            }
            let everyone = view(&state, Viewer::Everyone);
            let mut secret: Vec<String> =
                serde_json::from_value(everyone["secrets"]["hidden"]["stock"].clone()).unwrap();
            for seat in 0..2 {
                let hand: Vec<String> =
                    serde_json::from_value(everyone["secrets"]["private"][seat]["cards"].clone()).unwrap();
                secret.extend(hand);
            }
            for viewer in [Viewer::Spectator, Viewer::Seat(0), Viewer::Seat(1)] {
                let own: Vec<String> = match viewer {
                    Viewer::Seat(s) => {
                        serde_json::from_value(everyone["secrets"]["private"][usize::from(s)]["cards"].clone()).unwrap()
                    }
                    _ => Vec::new(),
                };
                let text = view(&state, viewer).to_string();
                for card in secret.iter().filter(|c| !own.contains(c) && !shown.contains(c)) {
                    assert!(!mentions(&text, card), "{viewer:?} sees {card}: {text}");
                }
                let Viewer::Seat(seat) = viewer else { continue };
                // Refusals of the other seat's actions tell nothing either.
                for action in game.legal_actions(&state, 1 - seat).into_iter().take(4) {
                    let mut copy = game.clone_state(&state);
                    if let Err(e) = game.apply(&mut copy, seat, &action, &mut EventRng::new(key, 999)) {
                        for card in secret.iter().filter(|c| !own.contains(c) && !shown.contains(c)) {
                            let typed = mentions(&action, card);
                            assert!(
                                typed || !mentions(&e.message, card),
                                "{seat}'s refusal names {card}: {}",
                                e.message
                            );
                        }
                    }
                }
            }
            let seats = game.turn(&state).active_seats();
            if seats.is_empty() {
                break;
            }
            let seat = seats[next() as usize % seats.len()];
            let actions: Vec<String> = game
                .legal_actions(&state, seat)
                .into_iter()
                .filter(|a| !["resign", "offer-draw", "accept-draw", "decline-draw"].contains(&a.as_str()))
                .collect();
            let action = &actions[next() as usize % actions.len()];
            game.apply(&mut state, seat, action, &mut EventRng::new(key, ply))
                .unwrap_or_else(|e| panic!("{action}: {e}"));
            let waste: Vec<String> = serde_json::from_value(public(&state)["waste"].clone()).unwrap();
            shown.extend(waste.into_iter().filter(|c| !shown.contains(c)).collect::<Vec<_>>());
        }
    }
}

/// Whether `text` names `card` as a word (so that 2C is not found in 12C).
fn mentions(text: &str, card: &str) -> bool {
    text.split(|c: char| !c.is_ascii_alphanumeric()).any(|w| w == card)
}

// ---------------------------------------------------------------- positions read strictly

#[test]
fn a_position_with_roll_modifiers_above_nine_a_side_is_refused_and_totals_never_overflow() {
    let game = rules(BLAKES);
    let text = |plus: &str| {
        format!("4k3/8/8/3p4/4P3/8/8/4K3 w - - 0 5 H 7C,7D,7S/2C - -/- -/- react:e4xd5,dice=66/66,plus={plus} -")
    };
    let err = game.parse_position(&text("250/250")).err().expect("refused");
    assert_eq!(err.code, ErrorCode::BadPosition);
    assert_eq!(err.message, "plus=250/250: roll modifiers add at most 9 a side");
    let mut state = game.parse_position(&text("9/9")).unwrap();
    act(&mut state, 0, "pass", &mut NoRandomness);
    let said = act(&mut state, 1, "pass", &mut NoRandomness);
    assert!(said.starts_with("passes: attack 23 (6+6, pawn 0, bonus 2, +9) against defence 21"), "{said}");
}

#[test]
fn a_turn_has_at_most_two_moves_left_so_a_position_with_more_is_refused() {
    let game = rules(BLAKES);
    let err =
        game.parse_position("4k3/8/8/8/8/8/8/4K3 w - - 0 5 H 7H/- - -/- -/- move left=255").err().expect("refused");
    assert_eq!(err.code, ErrorCode::BadPosition);
    assert_eq!(err.message, "left=255: a turn has 0, 1 or 2 moves left");
    // Two left (agility played) and the 7 of trumps played again from a position: still two.
    let mut state = game.parse_position("4k3/8/8/8/8/8/8/4K3 w - - 0 5 H 7H/- - -/- -/- move left=2").unwrap();
    act(&mut state, 0, "play 7H", &mut NoRandomness);
    assert_eq!(public(&state)["turn"]["actions_left"], 2);
}

#[test]
fn the_turn_number_and_the_halfmove_clock_stop_at_their_largest_value_instead_of_overflowing() {
    let game = rules(BLAKES);
    let text = "4k3/8/8/8/8/8/8/4K2N b - - 4294967295 4294967295 H -/- - -/- -/- move -";
    let mut state = game.parse_position(text).unwrap();
    act(&mut state, 1, "e8d8", &mut NoRandomness);
    act(&mut state, 0, "h1g3", &mut NoRandomness);
    assert_eq!(public(&state)["fen"], "3k4/8/8/8/8/6N1/8/4K3 b - - 4294967295 4294967295");
}

#[test]
fn an_attack_in_a_position_must_be_a_capture_the_mover_could_have_declared() {
    let game = rules(BLAKES);
    let base = "4k3/4p3/3n4/8/1B1R4/8/8/N3K3";
    let table: &[(&str, &str, &str)] = &[
        (base, "d6xd4", "react:d6xd4: the knight on d6 is not White's"),
        (base, "a1xd6", "react:a1xd6: the knight on a1 cannot capture on d6"),
        (base, "d4xd6+a1,tag-team", "react:d4xd6+a1: the knight on a1 cannot capture on d6 as well"),
        (base, "d4xd6+b4", "react:d4xd6+b4: a partner attacks only with tag-team among the attack's trumps"),
        (base, "d4xd6,tag-team", "a tag-team attack names its partner (d4xd6+b4)"),
        (base, "d4xd6q", "react:d4xd6q: only a pawn that lands on its last rank is promoted"),
        (base, "d4xd6,guard=e8", "guard=e8: a king is never a bodyguard, nor guarded"),
        (base, "d4xd6,guard=d6", "guard=d6: the bodyguard is another of the defender's pieces"),
        (base, "d4xd6,guard=b4", "guard=b4: the bodyguard is another of the defender's pieces"),
        (base, "d4xd6,agility", "agility is no attack trump"),
        (base, "d4xd6,conversion", "conversion shapes only a bishop's attack"),
        ("4k3/8/8/8/8/8/8/4K2k", "e1xh1", "react:e1xh1: the king on e1 cannot capture on h1"),
        ("r3k3/4p3/8/8/8/8/8/R3K3", "a1xa8,guard=e7", "guard=e7: that swap would put a pawn on an end rank"),
        (
            "4k2r/6P1/8/8/8/8/8/4K3",
            "g7xh8",
            "react:g7xh8: a pawn landing on its last rank names its promotion (g7xh8q)",
        ),
        (
            "4k2r/6P1/8/8/8/8/8/4K3",
            "g7xh8q,sniper",
            "react:g7xh8q: only a pawn that lands on its last rank is promoted",
        ),
    ];
    for (placement, attack, message) in table {
        let text = format!("{placement} w - - 0 5 H 7C/8H - -/- -/- react:{attack},dice=11/11 -");
        let err = game.parse_position(&text).err().unwrap_or_else(|| panic!("{text} is accepted"));
        assert_eq!(err.code, ErrorCode::BadPosition, "{text}");
        assert_eq!(err.message, *message, "{text}");
    }
    for attack in ["d4xd6+b4,tag-team,guard=e7", "b4xd6,conversion", "d4xd6,sniper"] {
        let text = format!("{base} w - - 0 5 H 7C/8H - -/- -/- react:{attack},dice=11/11 -");
        game.parse_position(&text).unwrap_or_else(|e| panic!("{text}: {e}"));
    }
    let text = "4k2r/6P1/8/8/8/8/8/4K3 w - - 0 5 H 7C/8H - -/- -/- react:g7xh8q,dice=11/11 -";
    game.parse_position(text).unwrap_or_else(|e| panic!("{text}: {e}"));
}

// ---------------------------------------------------------------- the waste

#[test]
fn played_cards_go_onto_the_waste_in_the_order_the_player_writes_them() {
    let mut state = with_hands(START, "w", 4, "7S,5C,6D/-");
    assert!(legal(&state, 0).contains(&"play 5C,6D,7S Nb1".to_string()), "listed in one order");
    let said = act(&mut state, 0, "play 7S,5C,6D Nb1", &mut NoRandomness);
    assert_eq!(said, "plays 7S,5C,6D (three-card straight): builds a knight on b1");
    assert_eq!(public(&state)["waste"], json!(["7S", "5C", "6D"]), "6D, written last, lies on top");
    assert_eq!(view(&state, Viewer::Spectator)["played"][0]["action"], "play 7S,5C,6D Nb1", "the record too");
}

// ---------------------------------------------------------------- building, strictly

#[test]
fn a_three_card_flush_waits_for_the_first_rook_knight_and_bishop_even_when_the_queen_came_first() {
    // White's queen was converted before its first bishop was built: the queen counts as
    // built, but a second rook or knight still waits for the first bishop.
    let state = position("4k3/pppppppp/8/8/8/8/PPPPPPPP/RN1QK3", "w", 4, "2S,5S,9S/- - RNQ/- -/- move -");
    assert!(!legal(&state, 0).iter().any(|a| a.starts_with("play")), "{:?}", legal(&state, 0));
    assert_eq!(
        refused(&state, 0, "play 2S,5S,9S Rh1"),
        "A second rook, knight or bishop is built once your first rook, knight and bishop and the queen are: build the bishop first."
    );
}

#[test]
fn refusals_of_builds_that_must_wait_say_what_must_be_built_first() {
    let state = position(START, "w", 4, "2S,5S,9S/- - RNB/- -/- move -");
    assert_eq!(
        refused(&state, 0, "play 2S,5S,9S Rh1"),
        "A second rook, knight or bishop is built once your first rook, knight and bishop and the queen are: build the queen first."
    );
    let state = position(START, "w", 4, "5C,6D,7S,8H/- - R/- -/- move -");
    assert_eq!(
        refused(&state, 0, "play 5C,6D,7S,8H Qd1"),
        "The queen is built once your first rook, knight and bishop are: build the knight and the bishop first."
    );
    let state = position("4k3/pppppppp/8/8/8/8/PPPPPPPP/R2QK3", "w", 4, "5C,6D,7S,8H/- - RNBQ/- -/- move -");
    assert_eq!(refused(&state, 0, "play 5C,6D,7S,8H Qd1"), "Your queen has been built: a piece is built once only.");
}

#[test]
fn a_five_card_flush_aimed_at_the_king_is_refused_because_the_king_cannot_be_removed() {
    let state = with_hands("r3k3/pppppppp/8/8/8/8/PPPPPPPP/4K3", "w", 4, "2S,5S,9S,JS,KS/-");
    assert_eq!(
        refused(&state, 0, "play 2S,5S,9S,JS,KS xe8"),
        "The king cannot be removed: a five-card flush removes any other opposing piece."
    );
}

#[test]
fn a_five_card_straight_builds_what_fits_on_a_partly_full_first_rank_and_the_rest_waits() {
    // Black's knights stand on b1 and g1: White's first knight goes to c1, and the second
    // knight and bishop find no empty square, so they are not built yet.
    let mut state = with_hands("4k3/8/8/8/8/8/8/1n2K1n1", "w", 4, "5C,6D,7S,8H,9C/-");
    act(&mut state, 0, "play 5C,6D,7S,8H,9C all", &mut NoRandomness);
    assert_eq!(placement(&state), "4k3/8/8/8/8/8/8/RnNQKBnR");
    assert_eq!(built(&state, 0)["built"], json!(["rook", "rook", "knight", "bishop", "queen"]));
    assert_eq!(built(&state, 0)["to_build"], json!(["knight", "bishop"]));
}

// ---------------------------------------------------------------- refusals in the players' words

#[test]
fn the_trump_king_played_for_necromancy_with_nothing_captured_is_refused_in_those_words() {
    let state = with_hands(START, "w", 4, "KH/-");
    assert_eq!(refused(&state, 0, "play KH Ra1"), "You have no captured piece to bring back.");
    assert_eq!(refused(&state, 0, "play KH"), "You have no captured piece to bring back.");
}

#[test]
fn a_group_that_is_no_hand_is_named_as_written_and_two_pair_is_exactly_four_cards() {
    let state = with_hands(START, "w", 4, "7C,7D,9C,9D,2H/-");
    assert_eq!(
        refused(&state, 0, "play 7C,7D,9C,9D,2H"),
        "7C,7D,9C,9D,2H is no poker hand, block or trump: two pair is exactly four cards."
    );
}

#[test]
fn a_play_or_a_discard_without_a_card_asks_for_one() {
    let state = with_hands(START, "w", 4, "7C,7D/-");
    assert_eq!(refused(&state, 0, "play ,"), "Name the cards to play, separated by commas, like play 7C.");
    assert_eq!(refused(&state, 0, "play"), "Name the cards to play, separated by commas, like play 7C.");
    assert_eq!(refused(&state, 0, "discard"), "Name the card to discard, like discard 7C.");
    assert_eq!(refused(&state, 0, "play 7X"), "\"7X\" is not a card: write its rank and suit, like 7C.");
}

#[test]
fn only_the_defender_plays_the_bodyguard_never_the_attacker_for_its_losing_piece() {
    let mut state = with_hands("4k3/8/3n4/8/3R4/8/8/R3K3", "w", 5, "8H/-");
    act(&mut state, 0, "d4xd6", &mut dice([1, 1, 6, 6]));
    assert_eq!(public(&state)["attack"]["leading"], "defence", "the rook is about to die");
    assert_eq!(legal(&state, 0), ["pass", "resign", "offer-draw"]);
    assert_eq!(
        refused(&state, 0, "play 8H a1"),
        "The bodyguard is played by the defender, for its piece about to die."
    );
}

#[test]
fn a_block_or_bodyguard_that_does_not_fit_the_attack_says_why() {
    // Black's rook attacks White's rook and is losing: neither a queen block nor a bodyguard.
    let mut state = with_hands("4k3/8/8/3r4/8/8/3R4/3NK3", "b", 5, "QD,8H/2C");
    act(&mut state, 1, "d5xd2", &mut dice([1, 1, 6, 6]));
    assert_eq!(
        refused(&state, 0, "play QD"),
        "The queen block blocks an attack on a queen: the piece attacked is your rook."
    );
    assert_eq!(
        refused(&state, 0, "play 8H d1"),
        "The bodyguard is played for a piece about to die: your rook is not losing now."
    );
}

// ---------------------------------------------------------------- when trumps act, and where their cards wait

#[test]
fn the_kamikaze_is_a_trump_played_before_the_move_not_once_the_dice_are_rolled() {
    let text = "4k3/8/3n4/8/3R4/8/8/4K3";
    let state = with_hands(text, "w", 4, "10H/2C");
    assert!(legal(&state, 0).contains(&"play 10H".to_string()), "before the move, like every trump");
    // Declared without it, the attack's window takes no kamikaze.
    let mut late = with_hands(text, "w", 4, "10H/2C");
    act(&mut late, 0, "d4xd6", &mut dice([1, 1, 2, 2]));
    assert!(!legal(&late, 0).contains(&"play 10H".to_string()));
    assert_eq!(
        refused(&late, 0, "play 10H"),
        "The kamikaze is played in your own turn, before your move, not during an attack."
    );
}

#[test]
fn a_trump_whose_effect_is_still_to_come_waits_beside_the_waste_and_cannot_be_drawn_back() {
    // Agility, then a sniper: the waste's top stays the 2 of clubs, so a draw from the waste
    // takes it and never the sniper waiting for its attack.
    let mut state = position("4k3/8/3n4/8/3R4/8/8/4K3", "w", 5, "6H,7H/- 2C -/- -/- move -");
    act(&mut state, 0, "play 7H", &mut NoRandomness);
    act(&mut state, 0, "play 6H", &mut NoRandomness);
    assert_eq!(public(&state)["waste"], json!(["2C"]));
    assert_eq!(public(&state)["turn"]["pending"], json!(["7H", "6H"]));
    act(&mut state, 0, "draw waste", &mut NoRandomness);
    assert_eq!(view(&state, Viewer::Seat(0))["private"]["cards"], json!(["2C"]));
    // The attack spends the sniper (onto the waste); the turn's end spends agility.
    act(&mut state, 0, "d4xd6", &mut dice([3, 3, 1, 1]));
    assert_eq!(public(&state)["waste"], json!(["6H"]));
    let said = act(&mut state, 0, "pass", &mut NoRandomness);
    assert!(said.ends_with("the knight on d6 is taken; the rook stays"), "{said}");
    assert_eq!(public(&state)["waste"], json!(["6H", "7H"]));
    assert_eq!(public(&state)["turn"]["pending"], json!([]));
    assert_eq!(to_move(&state), "black");
    // A position keeps them: `pending=` in the turn field.
    let text = "4k3/8/3n4/8/3R4/8/8/4K3 w - - 0 5 H -/- 2C -/- -/- move left=2,sniper,played=7H+6H,pending=7H+6H";
    let read = rules(BLAKES).parse_position(text).unwrap();
    assert_eq!(rules(BLAKES).format_position(&read), text);
    let wrong = "4k3/8/8/8/8/8/8/4K3 w - - 0 5 H -/- - -/- -/- move played=2C,pending=2C";
    assert_eq!(
        rules(BLAKES).parse_position(wrong).err().expect("refused").message,
        "pending=2C: only trumps played this turn whose effect is still to come wait beside the waste"
    );
}

/// Random playouts of Blake's Chess: calls `check` before every action.
fn playouts(count: u64, mut check: impl FnMut(&AnyState, u8)) {
    let game = rules(BLAKES);
    for playout in 0..count {
        let mut next = support::xorshift(0x5EED ^ ((playout + 7) * 0x9E37_79B9));
        let key = GameKey::derive(b"blakes cards", &[&playout.to_be_bytes()]);
        let mut state = game.setup(&Value::Null, &mut EventRng::new(key, 0)).unwrap();
        for ply in 1..=200u64 {
            let seats = game.turn(&state).active_seats();
            let Some(seat) = (!seats.is_empty()).then(|| seats[next() as usize % seats.len()]) else { break };
            check(&state, seat);
            let actions: Vec<String> = game
                .legal_actions(&state, seat)
                .into_iter()
                .filter(|a| !["resign", "offer-draw", "accept-draw", "decline-draw"].contains(&a.as_str()))
                .collect();
            // Cards are played more often than chance would, so that trumps wait and return.
            let cards: Vec<&String> = actions.iter().filter(|a| a.starts_with("play")).collect();
            let action = if cards.is_empty() || next().is_multiple_of(2) {
                &actions[next() as usize % actions.len()]
            } else {
                cards[next() as usize % cards.len()]
            };
            game.apply(&mut state, seat, action, &mut EventRng::new(key, ply))
                .unwrap_or_else(|e| panic!("{action}: {e}"));
        }
    }
}

#[test]
fn every_card_is_in_exactly_one_place_so_a_played_card_reaches_the_waste_once_in_random_playouts() {
    playouts(12, |state, _| {
        let everyone = view(state, Viewer::Everyone);
        let game = &everyone["game"];
        let mut cards: Vec<String> = serde_json::from_value(everyone["secrets"]["hidden"]["stock"].clone()).unwrap();
        for seat in 0..2 {
            let hand: Vec<String> =
                serde_json::from_value(everyone["secrets"]["private"][seat]["cards"].clone()).unwrap();
            cards.extend(hand);
        }
        cards.extend(serde_json::from_value::<Vec<String>>(game["waste"].clone()).unwrap());
        cards.extend(serde_json::from_value::<Vec<String>>(game["turn"]["pending"].clone()).unwrap());
        let all = cards.len();
        cards.sort();
        cards.dedup();
        assert_eq!((all, cards.len()), (52, 52), "stock, hands, waste and cards pending: {game}");
    });
}

#[test]
fn done_is_listed_exactly_when_the_referee_accepts_it_in_random_playouts() {
    playouts(12, |state, seat| {
        let listed = legal(state, seat).contains(&"done".to_string());
        let mut copy = rules(BLAKES).clone_state(state);
        let accepted = rules(BLAKES).apply(&mut copy, seat, "done", &mut NoRandomness).is_ok();
        assert_eq!(listed, accepted, "{}", rules(BLAKES).format_position(state));
    });
}

#[test]
fn done_ends_a_turn_once_it_has_acted_or_has_nothing_to_do_and_is_refused_otherwise() {
    let done = |state: &AnyState| legal(state, state_mover(state)).contains(&"done".to_string());
    // A fresh turn with moves to make: a move, a capture or a draw first.
    let fresh = with_hands(START, "w", 5, "-/-");
    assert!(!done(&fresh));
    assert_eq!(refused(&fresh, 0, "done"), "Your turn needs a move, a capture or a draw first.");
    let early = with_hands(START, "w", 2, "-/-");
    assert_eq!(
        refused(&early, 0, "done"),
        "Your turn needs a move or a capture first (draws come from your fourth turn)."
    );
    // After a draw (cards may still be played); after one move of two with agility.
    let drawn = position(START, "w", 5, "-/- 2C -/- -/- move left=0,acted");
    assert!(done(&drawn));
    let agile = position(START, "w", 5, "-/- 7H -/- -/- move acted,moved,played=7H");
    assert!(done(&agile));
    // A turn with no move left to make, though it has not acted.
    let spent = position(START, "w", 5, "-/- - -/- -/- move left=0");
    assert!(done(&spent));
    // Never in an attack's window nor while discarding.
    let window = rook_attacks_knight("7C", "2C", [1, 1, 1, 1]);
    assert!(!legal(&window, 0).contains(&"done".to_string()));
    assert_eq!(refused(&window, 0, "done"), "An attack is under way: play a card or pass.");
    let discard = position("4k3/8/8/8/8/8/8/4K3", "w", 6, "2C,3C,4C,5C,6C,7C/- - -/- -/- discard left=0,acted");
    assert!(!done(&discard));
}

fn state_mover(state: &AnyState) -> u8 {
    if to_move(state) == "white" { 0 } else { 1 }
}

#[test]
fn a_refused_castling_names_the_condition_that_fails() {
    let at = |placement: &str, corners: &str| {
        let text = format!("{placement} w {corners} - 0 5 H -/- - R/- -/- move -");
        rules(BLAKES).parse_position(&text).unwrap_or_else(|e| panic!("{text}: {e}"))
    };
    let table = [
        ("4k3/8/8/8/8/8/8/4K3", "K", "There is no rook of yours on h1 to castle with."),
        (
            "4k3/8/8/8/8/8/8/4K2R",
            "-",
            "The rook on h1 may no longer castle: the king has moved, or a piece has moved off, onto or been taken on h1.",
        ),
        ("4k3/8/8/8/8/8/8/4KB1R", "K", "Castling needs the squares between the king and the rook empty: f1 is not."),
    ];
    for (placement, corners, why) in table {
        assert_eq!(refused(&at(placement, corners), 0, "e1g1"), why, "{placement}");
    }
    let queenside = at("4k3/8/8/8/8/8/8/RN2K3", "Q");
    assert_eq!(
        refused(&queenside, 0, "O-O-O"),
        "Castling needs the squares between the king and the rook empty: b1 is not."
    );
}

#[test]
fn a_position_keeping_a_castling_right_for_a_king_off_its_square_is_refused() {
    let game = rules(BLAKES);
    let err = game.parse_position("4k3/8/8/8/8/8/8/3K3R w K - 0 5 H -/- - R/- -/- move -").err().expect("refused");
    assert_eq!(err.code, ErrorCode::BadPosition);
    assert_eq!(
        err.message,
        "castling corner K: White's king is not on e1, and a king that has moved keeps no castling right"
    );
    let err = game.parse_position("4k2r/8/8/8/8/8/8/4K3 b q - 0 5 H -/- - -/- -/- move -").err();
    assert!(err.is_none(), "a right on an empty corner waits for a rook to be built there");
}

// ---------------------------------------------------------------- promoted pieces

#[test]
fn a_promoted_pawn_is_the_piece_it_became_in_strength_and_blocks_but_is_not_a_built_piece() {
    let mut state = with_hands("k6r/4P3/8/8/8/8/8/4K3", "w", 5, "QS/2C");
    act(&mut state, 0, "e7e8q", &mut NoRandomness);
    assert_eq!(public(&state)["sides"][0]["built"], json!([]), "promotion builds nothing");
    assert_eq!(public(&state)["sides"][0]["to_build"][3], "queen", "the queen may still be built");
    act(&mut state, 1, "h8xe8", &mut dice([1, 1, 1, 1]));
    assert_eq!(public(&state)["attack"]["defence"]["strength"], 4, "a queen's strength");
    assert!(legal(&state, 0).contains(&"play QS".to_string()), "the queen block guards it");
}

#[test]
fn a_promoted_queen_neither_stands_in_for_the_built_queen_nor_stops_it_being_built() {
    let state = position("4k3/8/8/8/8/8/8/Q3K3", "w", 5, "5C,6D,7S,8H/- - RNB/- -/- move -");
    assert!(legal(&state, 0).contains(&"play 5C,6D,7S,8H Qd1".to_string()));
    let state = position("4k3/8/8/8/8/8/8/Q3K3", "w", 5, "2S,5S,9S/- - RNB/- -/- move -");
    assert_eq!(
        refused(&state, 0, "play 2S,5S,9S Rh1"),
        "A second rook, knight or bishop is built once your first rook, knight and bishop and the queen are: build the queen first."
    );
}

// ---------------------------------------------------------------- combinations of trumps

#[test]
fn a_converted_bodyguard_is_said_to_swap_with_the_defender_and_be_converted() {
    // The bishop wins against the knight on d6 (4+4+2+2 = 12 against 1+1+1 = 3); the pawn on
    // e7 takes its place, and White, who has no pawn, converts it.
    let mut state = with_hands("4k3/4p3/3n4/8/1B6/8/8/4K3", "w", 4, "JH/8H");
    act(&mut state, 0, "play JH", &mut NoRandomness);
    act(&mut state, 0, "b4xd6", &mut dice([4, 4, 1, 1]));
    let said = act(&mut state, 1, "play 8H e7", &mut NoRandomness);
    assert!(
        said.ends_with(
            "the attack wins: the knight on d6 and its bodyguard, the pawn on e7, swap places, and the pawn is converted on d6"
        ),
        "{said}"
    );
    assert_eq!(placement(&state), "4k3/4n3/3P4/8/1B6/8/8/4K3");
    assert_eq!(public(&state)["sides"][1]["lost"], json!(["pawn"]));
}

#[test]
fn a_kamikaze_tag_team_loses_its_lead_piece_and_nobody_moves_in() {
    let mut state = with_hands("4k3/8/3q4/8/1B1R4/8/8/4K3", "w", 4, "9H,10H/-");
    act(&mut state, 0, "play 9H", &mut NoRandomness);
    act(&mut state, 0, "play 10H", &mut NoRandomness);
    let said = act(&mut state, 0, "d4xd6+b4", &mut dice([2, 2, 3, 3]));
    assert!(said.contains("bonus 4"), "{said}");
    assert!(said.ends_with("the queen on d6 is taken; the kamikaze rook is lost"), "{said}");
    assert_eq!(placement(&state), "4k3/8/8/8/1B6/8/8/4K3", "the partner stays where it was");
}

#[test]
fn an_attack_in_a_position_is_the_turns_move_and_names_each_trump_once() {
    let game = rules(BLAKES);
    let base = "4k3/8/3n4/8/3R4/8/8/4K3 w - - 0 5 H 7C/8H - -/- -/-";
    let state = game.parse_position(&format!("{base} react:d4xd6,dice=11/11 -")).unwrap();
    assert!(game.format_position(&state).ends_with(" left=0,acted,moved"), "no move is left after it");
    let err = game.parse_position(&format!("{base} react:d4xd6,dice=11/11 left=2")).err().expect("refused");
    assert_eq!(err.message, "left=2: an attack under way has used one of the turn's moves, so at most one is left");
    let err = game.parse_position(&format!("{base} react:d4xd6,dice=11/11,sniper,sniper -")).err().expect("refused");
    assert_eq!(err.message, "react:d4xd6: sniper is written twice");
}

#[test]
fn the_legend_gives_the_card_rank_of_every_trump_and_block_so_the_app_can_show_the_card() {
    let legend = public(&with_hands(START, "w", 1, "-/-"))["legend"].clone();
    let rank = |kind: &str| legend.as_array().unwrap().iter().find(|e| e["kind"] == kind).unwrap()["rank"].clone();
    let trumps = [
        ("misdirection", "A"),
        ("invisibility", "2"),
        ("brainwashing", "3"),
        ("secret-passageway", "4"),
        ("teleportation", "5"),
        ("sniper", "6"),
        ("agility", "7"),
        ("bodyguard", "8"),
        ("tag-team", "9"),
        ("kamikaze", "10"),
        ("conversion", "J"),
        ("uprising", "Q"),
        ("necromancy", "K"),
    ];
    for (kind, card) in trumps {
        assert_eq!(rank(kind), card, "{kind}");
    }
    assert_eq!((rank("block-king"), rank("block-queen"), rank("block-jack")), (json!("K"), json!("Q"), json!("J")));
    assert_eq!(rank("two-pair"), Value::Null, "a poker hand has no single rank");
}
