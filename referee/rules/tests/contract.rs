//! The game contract's promises, checked for every rule set in the registry: every listed action
//! is accepted, refusals change nothing, a game replays from its recorded draws, saved states
//! load back, and no seat's view or refusal holds another seat's secrets. A small sealed-round
//! game, written here, checks what no rule set uses yet: simultaneous sealed actions.

mod support;

use rules::game::{
    Courtesies, Courtesy, DynGame, Erased, Game, GameError, NoSecret, Outcome, RulesInfo, Said, Seat, Seating, Stage,
    Turn, TurnView, Viewer,
};
use rules::random::{Draw, EventRng, GameKey, RandomSource, Recorder, Replay};
use serde::{Deserialize, Serialize};
use serde_json::Value;
use std::collections::BTreeSet;
use support::xorshift;

/// Every rule set, with options that exercise its secrets.
fn tables() -> Vec<(&'static dyn DynGame, Value)> {
    rules::games::all()
        .into_iter()
        .map(|g| {
            let options = match g.info().id {
                "table-tools" => {
                    serde_json::json!({"seats": 3, "decks": {"main": "standard-52", "pieces": "booster-36"}})
                }
                _ => Value::Null,
            };
            (g, options)
        })
        .collect()
}

/// Every string in a JSON value, and each word of it (split at anything but letters, digits
/// and `:`), so a card hidden inside a sentence is found too.
fn words(value: &Value, out: &mut BTreeSet<String>) {
    match value {
        Value::String(s) => {
            out.insert(s.clone());
            for word in s.split(|c: char| !(c.is_alphanumeric() || c == ':')).filter(|w| !w.is_empty()) {
                out.insert(word.to_string());
                if let Some((_, card)) = word.split_once(':') {
                    out.insert(card.to_string());
                }
            }
        }
        Value::Array(items) => items.iter().for_each(|v| words(v, out)),
        Value::Object(map) => map.values().for_each(|v| words(v, out)),
        _ => {}
    }
}

fn words_of(value: &Value) -> BTreeSet<String> {
    let mut out = BTreeSet::new();
    words(value, &mut out);
    out
}

/// What `seat` must not learn: other seats' private parts, their sealed actions and the
/// referee's hidden part, less what everyone sees and what `seat` knows itself.
fn secrets_from(everyone: &Value, spectator: &Value, own: &Value, seat: usize) -> BTreeSet<String> {
    let secrets = &everyone["secrets"];
    let mut hidden = words_of(&secrets["hidden"]);
    for (other, private) in secrets["private"].as_array().unwrap().iter().enumerate() {
        if other != seat {
            hidden.extend(words_of(private));
        }
    }
    let known: BTreeSet<String> = words_of(spectator).union(&words_of(&own["private"])).cloned().collect();
    let mut secret: BTreeSet<String> = hidden.difference(&known).cloned().collect();
    // Other seats' sealed actions of the round still open, less what the seat could submit
    // itself (a cell anyone may move to, `stay`).
    let mine = words_of(&own["legal_actions"]);
    for sealed in secrets["sealed"].as_array().into_iter().flatten() {
        if sealed[0].as_u64() != Some(seat as u64) {
            secret.extend(words_of(&sealed[1]).into_iter().filter(|w| !known.contains(w) && !mine.contains(w)));
        }
    }
    secret
}

fn assert_no_leak(secret: &BTreeSet<String>, seen: &Value, what: &str) {
    let leaked: Vec<String> = words_of(seen).into_iter().filter(|w| secret.contains(w)).collect();
    assert!(leaked.is_empty(), "{what} holds another seat's secret: {leaked:?}\n{seen}");
}

/// Checks one state: views hide other seats' secrets, the seat's own refusals do too and
/// change nothing, and every sampled listed action is accepted.
fn check_state(game: &dyn DynGame, state: &rules::game::AnyState, next: &mut impl FnMut() -> u64) {
    let saved = game.save(state);
    let everyone = game.view(state, Viewer::Everyone).to_json();
    let spectator = game.view(state, Viewer::Spectator).to_json();
    assert!(spectator.get("secrets").is_none_or(Value::is_null), "a spectator sees the secrets");
    assert!(spectator["private"].is_null());
    for seat in 0..game.seats(state).count() {
        let own = game.view(state, Viewer::Seat(seat)).to_json();
        assert!(own.get("secrets").is_none_or(Value::is_null), "a seat sees the secrets");
        let secret = secrets_from(&everyone, &spectator, &own, usize::from(seat));
        assert_no_leak(&secret, &own, &format!("seat {seat}'s view"));
        // Refusals tell the seat only what it knows: try what another seat may do, and nonsense.
        let mut tries = vec!["zz9".to_string(), "play 6D e2".to_string(), "draw main 99".to_string()];
        for other in 0..game.seats(state).count() {
            tries.extend(game.legal_actions(state, other).into_iter().take(3));
        }
        for text in tries {
            let mut copy = game.clone_state(state);
            if let Err(e) = game.apply(&mut copy, seat, &text, &mut EventRng::new(GameKey([3; 32]), 9)) {
                assert_eq!(game.save(&copy), saved, "a refusal of {text:?} changed the game");
                let typed = words_of(&Value::String(text.clone()));
                let told: BTreeSet<String> = secret.difference(&typed).cloned().collect();
                assert_no_leak(&told, &Value::String(e.message.clone()), &format!("seat {seat}'s refusal of {text:?}"));
            }
        }
        // Every listed action is accepted (a sample of them, spread over the list).
        let listed = game.legal_actions(state, seat);
        for _ in 0..listed.len().min(4) {
            let action = &listed[next() as usize % listed.len()];
            let mut copy = game.clone_state(state);
            game.apply(&mut copy, seat, action, &mut EventRng::new(GameKey([5; 32]), 1))
                .unwrap_or_else(|e| panic!("{}: listed action {action:?} of seat {seat} refused: {e}", game.info().id));
        }
    }
    let loaded = game.load(&saved).unwrap();
    assert_eq!(game.save(&loaded), saved, "a saved state loads back the same");
}

/// A seat that may act now and one of its actions, mostly the game's own, now and then a courtesy.
fn choose(game: &dyn DynGame, state: &rules::game::AnyState, next: &mut impl FnMut() -> u64) -> Option<(Seat, String)> {
    let seats = match game.turn(state) {
        Turn::Over => return None,
        Turn::Anyone => (0..game.seats(state).count()).collect(),
        turn => turn.active_seats(),
    };
    let seat = seats[next() as usize % seats.len()];
    let all = game.legal_actions(state, seat);
    let (courtesies, own): (Vec<String>, Vec<String>) = all.into_iter().partition(|a| Courtesy::parse(a).is_some());
    let pool = if own.is_empty() || (next().is_multiple_of(50) && !courtesies.is_empty()) { courtesies } else { own };
    (!pool.is_empty()).then(|| (seat, pool[next() as usize % pool.len()].clone()))
}

/// Random playouts per rule set.
const PLAYOUTS: u64 = 340;

/// One event of a playout: its draws, and the action (none for the setup).
type Logged = (Vec<Draw>, Option<(Seat, String)>);

#[test]
fn every_game_keeps_the_contracts_promises_in_random_playouts() {
    for (game, options) in tables() {
        for playout in 0..PLAYOUTS {
            let mut next = xorshift(0x9E37_79B9_7F4A_7C15 ^ ((playout + 1) * 0x1234_5678));
            let key = GameKey::derive(b"contract playouts", &[&playout.to_be_bytes()]);
            let mut setup_rng = EventRng::new(key, 0);
            let mut recorder = Recorder::new(&mut setup_rng);
            let mut state = game.setup(&options, &mut recorder).unwrap();
            let mut log: Vec<Logged> = vec![(recorder.draws, None)];
            for ply in 1..=60u64 {
                // Every ply of the first playouts, then a sample, to keep thousands of playouts quick.
                if playout < 4 || ply % 9 == 0 {
                    check_state(game, &state, &mut next);
                }
                let Some((seat, action)) = choose(game, &state, &mut next) else { break };
                let mut event_rng = EventRng::new(key, ply);
                let mut recorder = Recorder::new(&mut event_rng);
                game.apply(&mut state, seat, &action, &mut recorder)
                    .unwrap_or_else(|e| panic!("{}: {action:?} refused: {e}", game.info().id));
                log.push((recorder.draws, Some((seat, action))));
            }
            // The game replays from its recorded draws alone.
            let mut replayed = None;
            for (draws, entry) in &log {
                let mut replay = Replay::new(draws);
                match (entry, replayed.as_mut()) {
                    (None, _) => replayed = Some(game.setup(&options, &mut replay).unwrap()),
                    (Some((seat, action)), Some(s)) => {
                        game.apply(s, *seat, action, &mut replay).unwrap();
                    }
                    (Some(_), None) => unreachable!(),
                }
                assert!(replay.finished_cleanly(), "{}: the replay asked other questions", game.info().id);
            }
            assert_eq!(game.save(&replayed.unwrap()), game.save(&state), "{}: replay differs", game.info().id);
        }
    }
}

/// Property names and required names of an object schema, following a top-level `$ref`
/// or a flattened `allOf`.
fn schema_keys(schema: &Value) -> (BTreeSet<String>, BTreeSet<String>) {
    let mut props = BTreeSet::new();
    let mut required = BTreeSet::new();
    let mut parts = vec![schema.clone()];
    if let Some(all) = schema["allOf"].as_array() {
        parts.extend(all.iter().cloned());
    }
    for part in parts {
        let part = match part["$ref"].as_str() {
            Some(r) => schema["$defs"][r.trim_start_matches("#/$defs/")].clone(),
            None => part,
        };
        if let Some(p) = part["properties"].as_object() {
            props.extend(p.keys().cloned());
        }
        if let Some(r) = part["required"].as_array() {
            required.extend(r.iter().filter_map(|k| k.as_str().map(String::from)));
        }
    }
    (props, required)
}

#[test]
fn every_games_published_schemas_describe_its_views() {
    let envelope = rules::game::View::schema();
    let (props, _) = schema_keys(&envelope);
    for (game, options) in tables() {
        let state = game.setup(&options, &mut EventRng::new(GameKey([2; 32]), 0)).unwrap();
        let view = game.view(&state, Viewer::Seat(0)).to_json();
        let keys: BTreeSet<String> = view.as_object().unwrap().keys().cloned().collect();
        assert!(keys.is_subset(&props), "{}: the envelope schema lacks {:?}", game.info().id, keys.difference(&props));
        let schemas = game.schemas();
        for (part, value) in [("game", &view["game"]), ("private", &view["private"])] {
            if value.is_null() {
                continue;
            }
            let (props, required) = schema_keys(&schemas[part]);
            let keys: BTreeSet<String> = value.as_object().unwrap().keys().cloned().collect();
            assert!(keys.is_subset(&props), "{} {part}: schema lacks {:?}", game.info().id, keys.difference(&props));
            assert!(
                required.is_subset(&keys),
                "{} {part}: view lacks {:?}",
                game.info().id,
                required.difference(&keys)
            );
        }
        assert!(schemas["options"].is_object());
    }
}

#[test]
fn a_seat_that_may_not_act_is_told_whose_turn_it_is_and_nothing_changes() {
    for (game, options) in tables() {
        let state = game.setup(&options, &mut EventRng::new(GameKey([1; 32]), 0)).unwrap();
        let Some(mover) = game.turn(&state).single() else { continue };
        // A solitaire has no other seat to refuse; an unknown seat is still refused.
        if game.seats(&state).count() < 2 {
            let action = game.legal_actions(&state, mover.seat).into_iter().next().unwrap();
            let mut copy = game.clone_state(&state);
            let err = game.apply(&mut copy, 9, &action, &mut EventRng::new(GameKey([1; 32]), 1)).unwrap_err();
            assert_eq!(err.code, rules::game::ErrorCode::UnknownSeat);
            continue;
        }
        let other = (mover.seat + 1) % game.seats(&state).count();
        let saved = game.save(&state);
        let mut copy = game.clone_state(&state);
        let action = game.legal_actions(&state, mover.seat).into_iter().next().unwrap();
        let err = game.apply(&mut copy, other, &action, &mut EventRng::new(GameKey([1; 32]), 1)).unwrap_err();
        assert_eq!(err.code, rules::game::ErrorCode::NotYourTurn, "{}", game.info().id);
        let side = game.side_now(&state, mover.seat);
        assert_eq!(err.message, format!("It is not your turn: {side} is to play."));
        assert_eq!(game.save(&copy), saved);
        let err = game.apply(&mut copy, 9, &action, &mut EventRng::new(GameKey([1; 32]), 1)).unwrap_err();
        assert_eq!(err.code, rules::game::ErrorCode::UnknownSeat);
    }
}

// ---- A sealed-round game written for these tests ----

/// Three rounds: every seat secretly picks 1, 2 or 3; a pick nobody else made scores its value.
struct Guessing;

#[derive(Clone, Debug, Default, Serialize, Deserialize, schemars::JsonSchema)]
struct GuessOptions {
    seats: u8,
}

#[derive(Clone, Debug, Serialize, Deserialize, schemars::JsonSchema)]
struct GuessState {
    seats: u8,
    round: u8,
    scores: Vec<i64>,
    last_picks: Vec<u8>,
}

const ROUNDS: u8 = 3;

impl Game for Guessing {
    type Options = GuessOptions;
    type State = GuessState;
    type Action = u8;
    type Public = GuessState;
    type Private = NoSecret;
    type Hidden = NoSecret;

    fn info(&self) -> RulesInfo {
        RulesInfo {
            id: "guessing",
            name: "Guessing",
            version: 1,
            summary: "Pick a number nobody else picks.",
            min_seats: 2,
            max_seats: 6,
            equipment: &[],
            random: &[],
            secret: &["each round's picks until everyone has picked"],
            source: "tests/contract.rs",
            position_notation: "none",
            action_notation: "pick N",
            lists_all_actions: true,
        }
    }

    fn seating(&self, options: &GuessOptions) -> Result<Seating, GameError> {
        let seats = if options.seats == 0 { 3 } else { options.seats };
        Ok(Seating::one_team_each((1..=seats).map(|s| format!("Player {s}"))))
    }

    fn setup(&self, options: &GuessOptions, _rng: &mut dyn RandomSource) -> Result<GuessState, GameError> {
        let seats = self.seating(options)?.count();
        Ok(GuessState { seats, round: 0, scores: vec![0; usize::from(seats)], last_picks: Vec::new() })
    }

    fn turn(&self, state: &GuessState) -> Turn {
        if state.round == ROUNDS { Turn::Over } else { Turn::round(0..state.seats, Stage::Choose, true) }
    }

    fn legal_actions(&self, _state: &GuessState, _seat: Seat) -> Vec<u8> {
        vec![1, 2, 3]
    }

    fn parse_action(&self, _state: &GuessState, _seat: Seat, text: &str) -> Result<u8, GameError> {
        match text.strip_prefix("pick ").and_then(|n| n.parse().ok()) {
            Some(n @ 1..=3) => Ok(n),
            _ => Err(GameError::new(rules::game::ErrorCode::BadNotation, "Pick 1, 2 or 3, as `pick 2`.")),
        }
    }

    fn format_action(&self, _state: &GuessState, action: &u8) -> String {
        format!("pick {action}")
    }

    fn describe_action(&self, _state: &GuessState, _seat: Seat, action: &u8) -> Said {
        Said::public(format!("picked {action}"))
    }

    fn apply(&self, _: &mut GuessState, _: Seat, _: &u8, _: &mut dyn RandomSource) -> Result<(), GameError> {
        unreachable!("every action of this game is sealed and resolved by resolve_round")
    }

    fn resolve_round(
        &self,
        state: &mut GuessState,
        actions: &[(Seat, u8)],
        _: &mut dyn RandomSource,
    ) -> Result<(), GameError> {
        for (seat, pick) in actions {
            if actions.iter().filter(|(_, p)| p == pick).count() == 1 {
                state.scores[usize::from(*seat)] += i64::from(*pick);
            }
        }
        state.last_picks = actions.iter().map(|(_, p)| *p).collect();
        state.round += 1;
        Ok(())
    }

    fn public(&self, state: &GuessState) -> GuessState {
        state.clone()
    }

    fn outcome(&self, state: &GuessState) -> Option<Outcome> {
        if state.round < ROUNDS {
            return None;
        }
        let best = *state.scores.iter().max().unwrap();
        let seating = self.seating(&GuessOptions { seats: state.seats }).unwrap();
        let mut outcome = match state.scores.iter().filter(|s| **s == best).count() {
            1 => seating.team_wins(state.scores.iter().position(|s| *s == best).unwrap() as u8, "the highest score"),
            _ => seating.draw("a shared highest score"),
        };
        outcome.scores = state.scores.clone();
        Some(outcome)
    }

    fn courtesies(&self) -> Courtesies {
        Courtesies::NONE
    }

    /// `round N`: three players, no points yet, `N` rounds played.
    fn parse_position(&self, text: &str) -> Result<GuessState, GameError> {
        let round = text.strip_prefix("round ").and_then(|n| n.parse().ok()).filter(|n| *n <= ROUNDS);
        let round =
            round.ok_or_else(|| GameError::new(rules::game::ErrorCode::BadPosition, "write round 0 to round 3"))?;
        Ok(GuessState { seats: 3, round, scores: vec![0; 3], last_picks: Vec::new() })
    }

    fn format_position(&self, state: &GuessState) -> String {
        format!("round {}", state.round)
    }
}

static GUESSING: Erased<Guessing> = Erased(Guessing);

fn turn_seats(view: &rules::game::View) -> Vec<(Seat, bool, Option<String>)> {
    match &view.turn {
        TurnView::Active { seats, sealed: true, .. } => {
            seats.iter().map(|s| (s.seat, s.submitted, s.sealed_action.clone())).collect()
        }
        other => panic!("expected a sealed round, got {other:?}"),
    }
}

#[test]
fn sealed_actions_stay_secret_until_every_seat_has_submitted_and_may_be_changed_until_then() {
    let game: &dyn DynGame = &GUESSING;
    let mut state = game.setup(&Value::Null, &mut rules::random::NoRandomness).unwrap();
    assert_eq!(game.turn(&state).active_seats(), [0, 1, 2]);
    assert_eq!(game.changed_at(&state), 0);

    let applied = game.apply(&mut state, 0, "pick 2", &mut rules::random::NoRandomness).unwrap();
    assert_eq!(applied.description, "sealed: picked 2");
    // Nothing every seat must see has changed: the others' views stay fresh.
    assert_eq!((game.actions(&state), game.changed_at(&state)), (1, 0));
    let mine = game.view(&state, Viewer::Seat(0));
    let theirs = game.view(&state, Viewer::Seat(1));
    let watcher = game.view(&state, Viewer::Spectator);
    assert_eq!(turn_seats(&mine)[0], (0, true, Some("pick 2".into())));
    assert_eq!(turn_seats(&theirs)[0], (0, true, None), "another seat sees only that seat 0 has picked");
    assert_eq!(turn_seats(&watcher)[0], (0, true, None));
    for view in [&theirs, &watcher] {
        assert!(view.played.is_empty());
        assert!(!view.to_json().to_string().contains("sealed_action"), "a sealed pick shows: {}", view.to_json());
    }

    // Seat 0 changes its mind; the round is still open.
    game.apply(&mut state, 0, "pick 3", &mut rules::random::NoRandomness).unwrap();
    assert_eq!(turn_seats(&game.view(&state, Viewer::Seat(0)))[0].2.as_deref(), Some("pick 3"));
    game.apply(&mut state, 1, "pick 3", &mut rules::random::NoRandomness).unwrap();
    let err = game.apply(&mut state, 2, "pick 7", &mut rules::random::NoRandomness).unwrap_err();
    assert_eq!(err.message, "Pick 1, 2 or 3, as `pick 2`.");
    assert_eq!(game.changed_at(&state), 0);

    // The last seat closes the round: every pick is revealed and scored at once.
    game.apply(&mut state, 2, "pick 1", &mut rules::random::NoRandomness).unwrap();
    assert_eq!(game.changed_at(&state), game.actions(&state));
    let view = game.view(&state, Viewer::Seat(1));
    let said: Vec<(Seat, &str)> = view.played.iter().map(|p| (p.seat, p.said.as_str())).collect();
    assert_eq!(said, [(0, "picked 3"), (1, "picked 3"), (2, "picked 1")]);
    assert_eq!(view.game["scores"], serde_json::json!([0, 0, 1]));
    assert!(turn_seats(&view).iter().all(|(_, submitted, _)| !submitted), "a new round starts empty");
}

#[test]
fn a_stateless_question_where_several_seats_act_names_the_seat_that_asks() {
    let game: &dyn DynGame = &GUESSING;
    let err = game.adjudicate("round 1", "pick 2").unwrap_err();
    assert_eq!(err.message, "several seats act at once in this position: say which seat asks");
    let answer = game.adjudicate_for("round 1", "pick 2", Some(2)).unwrap();
    assert!(answer.legal, "{answer:?}");
    let answer = game.adjudicate_for("round 1", "pick 9", Some(2)).unwrap_err();
    assert_eq!(answer.code, rules::game::ErrorCode::BadNotation);
    let state = game.parse_position("round 1").unwrap();
    assert_eq!(game.legal_for(&state, Some(1)).unwrap(), (1, vec!["pick 1".into(), "pick 2".into(), "pick 3".into()]));
    assert_eq!(game.legal_for(&state, Some(7)).unwrap_err().code, rules::game::ErrorCode::UnknownSeat);
    // Where one seat acts, the seat may be left out.
    assert!(
        rules::games::find("chess").unwrap().adjudicate_for(rules::chess::STANDARD_FEN, "e2e4", None).unwrap().legal
    );
}

#[test]
fn a_sealed_game_plays_to_a_scored_outcome_and_no_courtesies_are_offered() {
    let game: &dyn DynGame = &GUESSING;
    let mut state = game.setup(&serde_json::json!({"seats": 2}), &mut rules::random::NoRandomness).unwrap();
    assert_eq!(game.legal_actions(&state, 0), ["pick 1", "pick 2", "pick 3"]);
    let err = game.apply(&mut state, 0, "resign", &mut rules::random::NoRandomness).unwrap_err();
    assert_eq!(err.code, rules::game::ErrorCode::IllegalAction, "{err}");
    for (a, b) in [("pick 3", "pick 1"), ("pick 2", "pick 2"), ("pick 3", "pick 1")] {
        game.apply(&mut state, 1, b, &mut rules::random::NoRandomness).unwrap();
        game.apply(&mut state, 0, a, &mut rules::random::NoRandomness).unwrap();
    }
    let outcome = game.outcome(&state).expect("three rounds end the game");
    assert_eq!(outcome.scores, [6, 2]);
    assert_eq!(outcome.reason, "the highest score");
    let err = game.apply(&mut state, 0, "pick 1", &mut rules::random::NoRandomness).unwrap_err();
    assert_eq!(err.code, rules::game::ErrorCode::GameOver);
    let view = game.view(&state, Viewer::Seat(0));
    assert_eq!(view.outcome.unwrap().teams.len(), 2);
    assert!(matches!(view.turn, TurnView::Over));
}

#[test]
fn a_long_game_keeps_only_the_latest_entries_of_its_record_and_its_views_say_where_they_begin() {
    let game = rules::games::find("table-tools").unwrap();
    let mut state = game.setup(&serde_json::json!({"seats": 2}), &mut EventRng::new(GameKey([1; 32]), 0)).unwrap();
    let saved_size = |state: &rules::game::AnyState| game.save(state).to_string().len();
    let mut sizes = Vec::new();
    for i in 0..300u32 {
        let mut rng = EventRng::new(GameKey([1; 32]), u64::from(i) + 1);
        game.apply(&mut state, (i % 2) as u8, "roll 2d6", &mut rng).unwrap();
        if [100, 299].contains(&i) {
            sizes.push(saved_size(&state));
        }
    }
    assert_eq!(game.recorded(&state), 300);
    let view = game.view(&state, Viewer::Seat(0));
    assert_eq!(view.played.len(), rules::game::RECENT_ENTRIES);
    assert_eq!(view.played_from, 300 - rules::game::RECENT_ENTRIES as u64);
    // The entries an action added, as a viewer hears them: the last one.
    let last = game.heard_since(&state, Viewer::Seat(1), 299);
    assert_eq!(last.len(), 1);
    assert_eq!(last[0], view.played.last().unwrap().clone());
    assert!(sizes[1] < sizes[0] * 11 / 10, "the saved state stops growing with the record: {sizes:?}");
}

/// Text no notation uses — letters outside ASCII, bidirectional overrides, zero-width marks,
/// control characters — is refused before any game reads it, as bad notation, in every game,
/// and a dispute about it is answered too, never a panic.
#[test]
fn every_game_refuses_action_text_outside_plain_ascii_as_bad_notation() {
    let odd = ["eé2e4", "\u{202e}e2e4", "e2e4\u{200b}", "roll\n2d6", "e2\u{0}e4", "♘f3"];
    for (game, options) in tables() {
        let state = game.setup(&options, &mut EventRng::new(GameKey([3; 32]), 0)).unwrap();
        let seat = game.turn(&state).active_seats().first().copied().unwrap_or(0);
        for text in odd {
            let mut copy = game.clone_state(&state);
            let refused = game.apply(&mut copy, seat, text, &mut EventRng::new(GameKey([3; 32]), 1)).unwrap_err();
            assert_eq!(refused.code, rules::game::ErrorCode::BadNotation, "{}: {text:?}: {refused}", game.info().id);
            assert!(!refused.message.contains(text), "{}: the refusal repeats {text:?}", game.info().id);
            assert!(game.read_action(&state, seat, text).is_err());
            assert!(!game.attempt_in_full(&state, seat, text).contains(text));
        }
    }
    let chess = rules::games::find("chess").unwrap();
    let start = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
    for text in odd {
        let refused = chess.adjudicate(start, text).unwrap_err();
        assert_eq!(refused.code, rules::game::ErrorCode::BadNotation, "{text:?}");
    }
}

#[test]
fn an_event_outside_play_takes_a_number_and_a_line_of_the_record_and_changes_nothing_in_play() {
    for (game, options) in tables() {
        let id = game.info().id;
        let mut state = game.setup(&options, &mut EventRng::new(GameKey([5; 32]), 0)).unwrap();
        let before = game.clone_state(&state);
        game.note_outside_play(&mut state, 0, "The host gave Seat 1 a new join code".into());
        assert_eq!(game.actions(&state), game.actions(&before) + 1, "{id}: the event takes a number");
        assert_eq!(game.changed_at(&state), game.changed_at(&before), "{id}: no view goes stale");
        assert_eq!(game.legal_actions(&state, 0), game.legal_actions(&before, 0), "{id}: play is unchanged");
        assert_eq!(game.recorded(&state), game.recorded(&before) + 1, "{id}: the record has one more line");
        let heard = game.heard_since(&state, Viewer::Spectator, game.recorded(&before));
        assert_eq!(heard.len(), 1, "{id}");
        assert_eq!(heard[0].said, "The host gave Seat 1 a new join code", "{id}: everyone hears it");
        let view = |s| serde_json::to_value(game.view(s, Viewer::Seat(0)).board).unwrap();
        assert_eq!(view(&state), view(&before), "{id}: the board is as it was");
    }
}
