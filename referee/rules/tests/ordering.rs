//! Ordering power under derivation 3 (docs/randomness.md, "Ordering"): how a sealed round closes
//! does not change what its resolution draws.

use rules::game::{DynGame, Turn, Viewer};
use rules::games;
use rules::random::{EventRng, GameKey, Stream, Streams};
use serde_json::{Value, json};

/// Seat `seat`'s action `text`, drawn as the referee draws it under derivation 3.
fn act(game: &dyn DynGame, state: &mut rules::game::AnyState, key: GameKey, seat: u8, text: &str) {
    let point = game.draw_point(state, seat);
    let mut own = EventRng::for_stream(key, &Stream::Seat { seat, count: point.own, action: text.into() });
    let mut round = EventRng::for_stream(key, &Stream::Round(point.round));
    game.apply_streams(state, seat, text, &mut Streams::Two { own: &mut own, round: &mut round })
        .unwrap_or_else(|e| panic!("{text}: {e}"));
}

fn first_move(game: &dyn DynGame, state: &rules::game::AnyState, seat: u8) -> Option<String> {
    game.legal_actions(state, seat).into_iter().find(|a| rules::game::Courtesy::parse(a).is_none())
}

#[test]
fn a_sealed_rounds_zones_are_the_same_however_the_round_closes() {
    let game = games::find("chess-battle").unwrap();
    let key = GameKey::derive(b"ordering", &[]);
    let options = json!({"players": 4, "zones": "random", "safe_rounds": 1, "round_seconds": 60});
    let mut state = game.setup(&options, &mut EventRng::for_stream(key, &Stream::Start)).unwrap();
    // The pick and place stages: each seat's first action, in turn.
    while !matches!(game.turn(&state), Turn::Active { sealed: true, .. }) {
        let seat = (0..4).find(|s| first_move(game, &state, *s).is_some()).unwrap();
        let action = first_move(game, &state, seat).unwrap();
        act(game, &mut state, key, seat, &action);
    }
    let zones = |state: &rules::game::AnyState| -> Value { game.view(state, Viewer::Spectator).game["yellow"].clone() };
    let mut compared = 0;
    for _ in 0..4 {
        // Seats 0–2 seal; seat 3's seal closes the round in one twin, the deadline in the other.
        for seat in 0..3 {
            if let Some(action) = first_move(game, &state, seat) {
                act(game, &mut state, key, seat, &action);
            }
        }
        let mut by_deadline = game.clone_state(&state);
        let round = game.draw_point(&state, 0).round;
        game.close_round(&mut by_deadline, &mut EventRng::for_stream(key, &Stream::Round(round))).unwrap();
        match first_move(game, &state, 3) {
            Some(action) => act(game, &mut state, key, 3, &action),
            None => break,
        }
        assert_eq!(game.draw_point(&state, 0).round, round + 1, "the last seal closed the round");
        assert_eq!(zones(&by_deadline), zones(&state), "round {round}: the deadline drew other zones");
        compared += usize::from(zones(&state).as_array().is_some_and(|z| !z.is_empty()));
        if game.outcome(&state).is_some() {
            break;
        }
    }
    assert!(compared > 0, "some round drew zones");
}
