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

/// Reads `position` of `id` and plays `actions`, each by the seat to move; returns the state
/// and the sentence each action told its actor.
pub fn play_from(id: &str, position: &str, actions: &[&str]) -> (AnyState, Vec<String>) {
    let game = rules(id);
    let mut state = game.parse_position(position).unwrap_or_else(|e| panic!("{position}: {e}"));
    let mut said = Vec::new();
    for a in actions {
        let seat = seat_to_move(game, &state);
        let applied = game.apply(&mut state, seat, a, &mut rules::random::NoRandomness);
        said.push(applied.unwrap_or_else(|e| panic!("{a}: {e}")).description);
    }
    (state, said)
}

/// A random playout's next action of the seat to move: one of its game actions (courtesies
/// left out), chosen by `next`.
pub fn random_action(game: &dyn DynGame, state: &AnyState, next: &mut impl FnMut() -> u64) -> (u8, String) {
    let seat = seat_to_move(game, state);
    let actions: Vec<String> =
        game.legal_actions(state, seat).into_iter().filter(|a| rules::game::Courtesy::parse(a).is_none()).collect();
    let action = actions[next() as usize % actions.len()].clone();
    (seat, action)
}
