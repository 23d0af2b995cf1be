//! Helpers the rules tests share. Each test binary uses some of them.
#![allow(dead_code)]

/// A small xorshift generator for choosing random legal actions in playout tests: fixed
/// seeds, so a failure replays.
pub fn xorshift(mut seed: u64) -> impl FnMut() -> u64 {
    move || {
        seed ^= seed << 13;
        seed ^= seed >> 7;
        seed ^= seed << 17;
        seed
    }
}

use rules::game::{AnyState, DynGame};

/// The rule set with this id.
pub fn rules(id: &str) -> &'static dyn DynGame {
    rules::games::find(id).unwrap()
}

/// The seat whose turn it is; panics if the game is over or simultaneous.
pub fn seat_to_move(game: &dyn DynGame, state: &AnyState) -> u8 {
    match game.turn(state).single() {
        Some(active) => active.seat,
        None => panic!("expected one seat to move, got {:?}", game.turn(state)),
    }
}
