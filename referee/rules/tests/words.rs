//! The words of every game, played at random: each dispute's verdict is a sentence about the
//! action, then what it does ("White's knight e2→c3 (Ne2-c3) is legal: no zombies anywhere.",
//! never "Ne2-c3; no zombies anywhere is legal."), and no sentence a game tells, in its record,
//! its views, its refusals or its verdicts, says a word twice. (Names given at joining are the
//! service's: `referee/tests/sentences.rs` plays every game with them.)

mod support;
#[path = "support/words.rs"]
mod words;

use rules::game::{AnyState, Courtesy, DynGame, Turn, Viewer};
use rules::random::{EventRng, GameKey};
use serde_json::{Value, json};
use std::collections::BTreeMap;
use support::xorshift;

/// Options that bring out each game's actions: every variation on, more seats than the least.
fn options(id: &str) -> Value {
    match id {
        "table-tools" => json!({"seats": 3}),
        "chess-battle" => json!({"players": 5, "medals": true, "freezing": true}),
        "chess-golf" => json!({"players": 3}),
        _ => Value::Null,
    }
}

/// Every string of a view a seat may read: the record, the outcome and the game's own part.
fn view_sentences(view: &Value, out: &mut Vec<String>) {
    match view {
        Value::String(s) if s.contains(' ') => out.push(s.clone()),
        Value::Array(items) => items.iter().for_each(|v| view_sentences(v, out)),
        Value::Object(map) => {
            map.iter().filter(|(k, _)| k.as_str() != "board").for_each(|(_, v)| view_sentences(v, out))
        }
        _ => {}
    }
}

/// A seat that may act now, and one of its actions (now and then a courtesy).
fn choose(game: &dyn DynGame, state: &AnyState, next: &mut impl FnMut() -> u64) -> Option<(u8, String)> {
    let seats = match game.turn(state) {
        Turn::Over => return None,
        Turn::Anyone => (0..game.seats(state).count()).collect(),
        turn => turn.active_seats(),
    };
    let seat = seats[next() as usize % seats.len()];
    let (courtesies, own): (Vec<String>, Vec<String>) =
        game.legal_actions(state, seat).into_iter().partition(|a| Courtesy::parse(a).is_some());
    let pool = if own.is_empty() || (next().is_multiple_of(40) && !courtesies.is_empty()) { courtesies } else { own };
    (!pool.is_empty()).then(|| (seat, pool[next() as usize % pool.len()].clone()))
}

/// Every sentence one random game of `game` tells: verdicts on each action played and on
/// another seat's, refusals, the record, the views.
fn play(game: &dyn DynGame, playout: u64, told: &mut BTreeMap<String, String>) {
    let id = game.info().id;
    let mut next = xorshift(0x5151_7A7A ^ ((playout + 1) * 0x9E37_79B9));
    let key = GameKey::derive(b"words", &[id.as_bytes(), &playout.to_be_bytes()]);
    let mut state = game.setup(&options(id), &mut EventRng::new(key, 0)).unwrap();
    let mut note = |what: &str, text: String| {
        told.entry(text).or_insert_with(|| format!("{id} {what}"));
    };
    for ply in 1..=120u64 {
        let Some((seat, action)) = choose(game, &state, &mut next) else { break };
        let position = game.format_position(&state);
        let seats = game.seats(&state).count();
        for (asked, text) in [(seat, action.clone()), ((seat + 1) % seats, action.clone()), (seat, "zz9".into())] {
            if let Ok(answer) = game.adjudicate_for(&position, &text, Some(asked)) {
                note("verdict", answer.said);
                note("verdict's reason", answer.reason);
            }
            let mut copy = game.clone_state(&state);
            if let Err(e) = game.apply(&mut copy, asked, &text, &mut EventRng::new(key, 1000 + ply)) {
                note("refusal", e.message);
            }
        }
        let applied = game.apply(&mut state, seat, &action, &mut EventRng::new(key, ply)).unwrap();
        note("description", applied.description);
    }
    for viewer in [Viewer::Spectator, Viewer::Seat(0), Viewer::Everyone] {
        let mut sentences = Vec::new();
        view_sentences(&game.view(&state, viewer).to_json(), &mut sentences);
        sentences.into_iter().for_each(|s| note("view", s));
    }
}

#[test]
fn every_verdict_is_a_sentence_about_the_action_and_no_sentence_says_a_word_twice() {
    let mut told = BTreeMap::new();
    for game in rules::games::all() {
        for playout in 0..6 {
            play(game, playout, &mut told);
        }
    }
    let faults: Vec<String> = told
        .iter()
        .flat_map(|(sentence, whose)| {
            words::faults(sentence, &[]).into_iter().map(move |f| format!("{whose} {f}: {sentence}"))
        })
        .collect();
    assert!(faults.is_empty(), "{} sentences are wrong:\n{}", faults.len(), faults.join("\n"));
}

#[test]
fn the_checks_find_what_they_are_written_for() {
    let named = ["Seat 2".to_string()];
    assert!(words::faults("Seat 12 and Ann are to play.", &named).is_empty());
    assert_eq!(words::faults("taken by Seat 2 on g7", &named).len(), 1);
    assert_eq!(words::faults("Kh6-h7; queen-side White has no move and passes is legal.", &[]).len(), 1);
    assert_eq!(words::faults("White castles on the king side (O-O) is legal.", &[]).len(), 1);
    assert!(words::faults("White's claim that the pawn on e4 cannot move is legal.", &[]).is_empty());
    assert!(words::faults("White's knight e2→c3 is legal: no zombies anywhere.", &[]).is_empty());
    assert_eq!(words::faults("Ice's queen 2b3→1c4, taking the pawn is legal.", &[]).len(), 1);
    assert!(words::faults("Ice's queen 2b3→1c4, taking the pawn, is legal.", &[]).is_empty());
    assert_eq!(words::faults("Black's pawn is illegal: the the pawn is White's.", &[]).len(), 1);
}
