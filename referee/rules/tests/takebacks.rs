//! Takebacks, as over-the-board chess apps offer them: the side that just moved asks to take
//! its move back, or after the other side's reply asks to take back both, and the other side
//! lets it or not. Only the asker's last move (with the reply to it), only once, only where
//! nothing was drawn or hidden, and only in games that allow it.

mod support;

use rules::game::{AnyState, DynGame, Viewer};
use rules::random::{EventRng, GameKey, NoRandomness};
use serde_json::json;
use support::rules;

const WHITE: u8 = 0;
const BLACK: u8 = 1;

fn act(game: &dyn DynGame, state: &mut AnyState, seat: u8, action: &str) -> String {
    game.apply(state, seat, action, &mut NoRandomness).unwrap_or_else(|e| panic!("{action}: {e}")).description
}

fn refused(game: &dyn DynGame, state: &AnyState, seat: u8, action: &str) -> String {
    let mut copy = game.clone_state(state);
    let err = game.apply(&mut copy, seat, action, &mut NoRandomness).expect_err(action);
    assert_eq!(game.save(&copy), game.save(state), "a refusal changes nothing");
    err.message
}

fn offers(game: &dyn DynGame, state: &AnyState, seat: u8) -> Vec<String> {
    game.legal_actions(state, seat).into_iter().filter(|a| a.ends_with("-takeback")).collect()
}

#[test]
fn a_move_taken_back_with_the_other_sides_consent_leaves_the_board_as_it_was() {
    let game = rules("chess");
    let mut state = game.setup(&json!(null), &mut NoRandomness).unwrap();
    let start = game.view(&state, Viewer::Everyone).board;
    assert!(offers(game, &state, WHITE).is_empty(), "nothing to take back before a move");
    act(game, &mut state, WHITE, "e2e4");
    assert_eq!(offers(game, &state, WHITE), ["offer-takeback"], "the side that just moved may ask");
    assert!(offers(game, &state, BLACK).is_empty(), "the other side has nothing to answer yet");

    assert_eq!(act(game, &mut state, WHITE, "offer-takeback"), "White asks to take back their last move");
    assert_eq!(game.view(&state, Viewer::Seat(BLACK)).takeback_request, Some(0));
    assert_eq!(offers(game, &state, BLACK), ["accept-takeback", "decline-takeback"]);
    assert_eq!(offers(game, &state, WHITE), ["decline-takeback"], "the asker may withdraw");
    assert_eq!(refused(game, &state, WHITE, "offer-takeback"), "You have already asked to take back your move.");

    // The request survives a snapshot.
    let mut state = game.load(&game.save(&state)).unwrap();
    assert_eq!(act(game, &mut state, BLACK, "accept-takeback"), "Black lets White take back their last move");
    assert_eq!(game.view(&state, Viewer::Everyone).board, start, "the board is as before the move");
    assert_eq!(game.turn(&state).single().map(|a| a.seat), Some(WHITE), "White moves again");
    assert!(game.view(&state, Viewer::Everyone).takeback_request.is_none());
    assert!(offers(game, &state, WHITE).is_empty(), "a move taken back cannot be taken back again");
    act(game, &mut state, WHITE, "d2d4");
    let said: Vec<String> = game.view(&state, Viewer::Everyone).played.into_iter().map(|p| p.said).collect();
    assert_eq!(said.len(), 4, "the record keeps what happened: {said:?}");
}

#[test]
fn only_the_last_move_is_taken_back_once_and_playing_on_lets_it_stand() {
    let game = rules("chess960");
    let mut state = game.setup(&json!({"number": 518}), &mut NoRandomness).unwrap();
    act(game, &mut state, WHITE, "e2e4");
    act(game, &mut state, BLACK, "e7e5");
    act(game, &mut state, WHITE, "d2d4");
    assert_eq!(refused(game, &state, WHITE, "accept-takeback"), "Nobody has asked to take back a move.",);
    act(game, &mut state, BLACK, "d7d5");
    act(game, &mut state, BLACK, "offer-takeback");
    assert_eq!(act(game, &mut state, WHITE, "decline-takeback"), "White declines the takeback");
    assert!(offers(game, &state, BLACK).is_empty(), "asked once: the move stands");
    assert_eq!(
        refused(game, &state, BLACK, "offer-takeback"),
        "You have no move to take back now: only your last move (with the reply to it, if there was one) \
         can be taken back, once, where nothing was drawn or hidden."
    );
    act(game, &mut state, WHITE, "g1f3");
    act(game, &mut state, WHITE, "offer-takeback");
    // Black plays on instead of answering: the request lapses and White's move stands.
    act(game, &mut state, BLACK, "b8c6");
    assert!(game.view(&state, Viewer::Everyone).takeback_request.is_none());
    assert_eq!(refused(game, &state, WHITE, "accept-takeback"), "Nobody has asked to take back a move.");
}

#[test]
fn games_with_hidden_or_drawn_moves_have_no_takebacks() {
    for id in ["zombie", "masquerade", "blakes-chess", "chess-battle", "table-tools"] {
        let game = rules(id);
        let state = game.setup(&json!(null), &mut EventRng::new(GameKey([2; 32]), 0)).unwrap();
        for seat in 0..game.seats(&state).count() {
            assert!(offers(game, &state, seat).is_empty(), "{id}");
        }
        let seat = game.turn(&state).active_seats().first().copied().unwrap_or(0);
        assert_eq!(refused(game, &state, seat, "offer-takeback"), "Moves cannot be taken back in this game.", "{id}");
    }
}

#[test]
fn a_draw_offered_with_a_move_goes_when_the_move_is_taken_back() {
    let game = rules("chess");
    let mut state = game.setup(&json!(null), &mut NoRandomness).unwrap();
    act(game, &mut state, WHITE, "e2e4");
    act(game, &mut state, WHITE, "offer-draw");
    act(game, &mut state, WHITE, "offer-takeback");
    act(game, &mut state, BLACK, "accept-takeback");
    assert!(game.view(&state, Viewer::Everyone).draw_offer.is_none(), "the position before e4 had no offer");
    assert_eq!(refused(game, &state, BLACK, "accept-draw"), "No draw is on offer.");
}

#[test]
fn a_draw_offered_before_a_move_taken_back_is_open_again() {
    let game = rules("chess");
    let mut state = game.setup(&json!(null), &mut NoRandomness).unwrap();
    act(game, &mut state, WHITE, "e2e4");
    act(game, &mut state, BLACK, "e7e5");
    act(game, &mut state, BLACK, "offer-draw");
    // White plays on, which declines the offer; taking that move back brings the offer back.
    act(game, &mut state, WHITE, "d2d4");
    act(game, &mut state, WHITE, "offer-takeback");
    act(game, &mut state, BLACK, "accept-takeback");
    assert!(game.view(&state, Viewer::Everyone).draw_offer.is_some(), "Black's offer stood before d4");
    assert_eq!(act(game, &mut state, WHITE, "accept-draw"), "White accepts the draw");
}

#[test]
fn after_the_reply_the_asker_takes_back_its_move_and_the_reply_with_the_other_sides_consent() {
    let game = rules("chess");
    let mut state = game.setup(&json!(null), &mut NoRandomness).unwrap();
    act(game, &mut state, WHITE, "e2e4");
    let after_e4 = game.view(&state, Viewer::Everyone).board;
    act(game, &mut state, BLACK, "e7e5");
    let before = game.view(&state, Viewer::Everyone).board;
    act(game, &mut state, WHITE, "g1f3");
    act(game, &mut state, BLACK, "b8c6");
    assert_eq!(game.view(&state, Viewer::Seat(WHITE)).takeback_moves, Some(2), "White's move and Black's reply");
    assert_eq!(game.view(&state, Viewer::Seat(BLACK)).takeback_moves, Some(1), "Black's own move");
    assert_eq!(offers(game, &state, WHITE), ["offer-takeback"]);
    assert_eq!(offers(game, &state, BLACK), ["offer-takeback"]);

    assert_eq!(
        act(game, &mut state, WHITE, "offer-takeback"),
        "White asks to take back their last move and the reply to it"
    );
    let seen = game.view(&state, Viewer::Seat(BLACK));
    assert_eq!((seen.takeback_request, seen.takeback_moves), (Some(0), Some(2)));
    assert_eq!(offers(game, &state, BLACK), ["accept-takeback", "decline-takeback"]);
    assert_eq!(
        refused(game, &state, BLACK, "offer-takeback"),
        "The other side has asked to take back a move: answer that first."
    );
    // The request and both kept positions survive a snapshot.
    let mut state = game.load(&game.save(&state)).unwrap();
    assert_eq!(
        act(game, &mut state, BLACK, "accept-takeback"),
        "Black lets White take back their last move and the reply to it"
    );
    let now = game.view(&state, Viewer::Everyone);
    assert_eq!(now.board, before, "the board is as before White's Nf3");
    assert_ne!(now.board, after_e4);
    assert_eq!(game.turn(&state).single().map(|a| a.seat), Some(WHITE), "White moves again");
    assert!(offers(game, &state, WHITE).is_empty() && offers(game, &state, BLACK).is_empty(), "taken back once");
    assert_eq!(game.view(&state, Viewer::Seat(WHITE)).takeback_moves, None);
}

#[test]
fn a_move_and_its_reply_go_back_only_once_and_not_past_a_refusal() {
    let game = rules("half-alice");
    let mut state = game.setup(&json!(null), &mut NoRandomness).unwrap();
    act(game, &mut state, WHITE, "e2e4");
    act(game, &mut state, BLACK, "e7e5");
    act(game, &mut state, WHITE, "offer-takeback");
    assert_eq!(act(game, &mut state, BLACK, "decline-takeback"), "Black declines the takeback");
    assert!(offers(game, &state, WHITE).is_empty(), "asked once: both moves stand");
    assert!(offers(game, &state, BLACK).is_empty(), "Black's own move went with the answer");
    // Asked and left unanswered: the reply's side plays on, and the older move stands.
    act(game, &mut state, WHITE, "d2d4");
    act(game, &mut state, WHITE, "offer-takeback");
    act(game, &mut state, BLACK, "d7d5");
    assert_eq!(game.view(&state, Viewer::Seat(WHITE)).takeback_moves, None, "White's d4 was asked about once");
    assert_eq!(game.view(&state, Viewer::Seat(BLACK)).takeback_moves, Some(1));
}

#[test]
fn a_draw_that_stood_before_the_move_comes_back_with_both_moves_taken_back() {
    let game = rules("chess");
    let mut state = game.setup(&json!(null), &mut NoRandomness).unwrap();
    act(game, &mut state, WHITE, "e2e4");
    act(game, &mut state, BLACK, "offer-draw");
    act(game, &mut state, BLACK, "e7e5");
    // White plays on, which declines Black's offer; Black replies; taking both back restores it.
    act(game, &mut state, WHITE, "g1f3");
    act(game, &mut state, BLACK, "b8c6");
    act(game, &mut state, WHITE, "offer-takeback");
    act(game, &mut state, BLACK, "accept-takeback");
    assert_eq!(
        game.view(&state, Viewer::Everyone).draw_offer.map(|o| o.team),
        Some(1),
        "Black's offer stood before Nf3"
    );
}
