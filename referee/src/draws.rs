//! Where each event's draws come from (`docs/randomness.md`, Step 2): the one stream of the
//! event's number (derivations 1 and 2), or derivation 3's streams of the start, of each
//! seat's own actions and of each sealed round. The service draws through [`Fresh`], and both
//! the service's replay and the verifier read recorded draws back through [`replay_event`], so
//! the three never disagree on which stream a draw belongs to.

use crate::store::{Event, EventBody, event_rng};
use rules::game::{AnyState, Applied, DynGame};
use rules::random::{
    Draw, EventContext, EventRng, GameKey, NoRandomness, RandomSource, Recorder, Replay, Stream, Streams,
};

/// Draws follow the event number and the seat and action (derivation 2).
pub const DERIVATION_2: u8 = 2;
/// Draws follow each seat's own count of actions, and each sealed round's number.
pub const DERIVATION_3: u8 = 3;

/// An event's streams, to draw from: its own, and (derivation 3) the round's, for the
/// resolution of a sealed round it closes.
pub struct Fresh {
    own: Option<EventRng>,
    round: Option<EventRng>,
}

/// What an event drew, by stream.
pub struct Drawn {
    pub draws: Vec<Draw>,
    pub round_draws: Vec<Draw>,
}

impl Fresh {
    /// The setup (event 0).
    pub fn start(derivation: u8, key: GameKey) -> Fresh {
        let own = match derivation {
            DERIVATION_3 => EventRng::for_stream(key, &Stream::Start),
            _ => event_rng(derivation, key, 0, &EventContext::start()),
        };
        Fresh { own: Some(own), round: None }
    }

    /// Event `seq`: `seat`'s action (as recorded), its `count`-th, while `round` sealed rounds
    /// have been resolved.
    pub fn action(derivation: u8, key: GameKey, seq: u64, seat: u8, action: &str, count: u64, round: u64) -> Fresh {
        match derivation {
            DERIVATION_3 => Fresh {
                own: Some(EventRng::for_stream(key, &Stream::Seat { seat, count, action: action.to_string() })),
                round: Some(EventRng::for_stream(key, &Stream::Round(round))),
            },
            _ => Fresh { own: Some(event_rng(derivation, key, seq, &EventContext::action(seat, action))), round: None },
        }
    }

    /// Event `seq`, closing sealed round number `round` at its deadline: derivation 3 draws
    /// only on the round's stream.
    pub fn deadline(derivation: u8, key: GameKey, seq: u64, round: u64) -> Fresh {
        match derivation {
            DERIVATION_3 => Fresh { own: None, round: Some(EventRng::for_stream(key, &Stream::Round(round))) },
            _ => Fresh { own: Some(event_rng(derivation, key, seq, &EventContext::start())), round: None },
        }
    }

    /// Runs `f` with these streams, recording what each drew.
    pub fn drawing<T>(self, f: impl FnOnce(&mut Streams) -> T) -> (T, Drawn) {
        let (mut own, mut round) = (self.own, self.round);
        let mut none = NoRandomness;
        let own_source: &mut dyn RandomSource = match own.as_mut() {
            Some(rng) => rng,
            None => &mut none,
        };
        let mut own_recorder = Recorder::new(own_source);
        match round.as_mut() {
            Some(round) => {
                let mut round_recorder = Recorder::new(round);
                let result = f(&mut Streams::Two { own: &mut own_recorder, round: &mut round_recorder });
                (result, Drawn { draws: own_recorder.draws, round_draws: round_recorder.draws })
            }
            None => {
                let result = f(&mut Streams::One(&mut own_recorder));
                (result, Drawn { draws: own_recorder.draws, round_draws: Vec::new() })
            }
        }
    }
}

/// Re-derives an event's recorded draws from the game key: `count` is how many actions the
/// acting seat made before it (derivation 3). Returns the first draw the key does not give.
pub fn rederive(derivation: u8, key: GameKey, event: &Event, count: u64) -> Result<(), String> {
    let seq = event.seq;
    let fresh = match (&event.body, event.round) {
        (EventBody::Start { .. }, _) => Fresh::start(derivation, key),
        (EventBody::Action { seat, action, .. }, round) => {
            Fresh::action(derivation, key, seq, *seat, action, count, round.unwrap_or(0))
        }
        (EventBody::Deadline, round) => Fresh::deadline(derivation, key, seq, round.unwrap_or(0)),
        (EventBody::End | EventBody::Reissued { .. } | EventBody::Rejoined { .. }, _) => {
            Fresh { own: None, round: None }
        }
    };
    if derivation == DERIVATION_3 && !event.round_draws.is_empty() && event.round.is_none() {
        return Err(format!("event {seq} has draws of a round but names no round"));
    }
    let check = |rng: Option<EventRng>, draws: &[Draw], which: &str| -> Result<(), String> {
        if draws.is_empty() {
            return Ok(());
        }
        let mut rng = rng.ok_or_else(|| format!("event {seq} records {which}draws it cannot have made"))?;
        for (i, draw) in draws.iter().enumerate() {
            let value = rng.below(draw.bound);
            if value != draw.value {
                return Err(format!(
                    "event {seq}, {which}draw {}: recorded {} (of {}), but the seed gives {value}",
                    i + 1,
                    draw.value,
                    draw.bound
                ));
            }
        }
        Ok(())
    };
    check(fresh.own, &event.draws, "")?;
    check(fresh.round, &event.round_draws, "round ")
}

/// Replays one action, deadline or seat handed over (`reissued`, `rejoined`) on `state` with
/// its recorded draws, each from its stream; fails where the rules ask for other draws than
/// were recorded, or (derivation 3) where the event names a round it did not close. Returns
/// what the rules made of an action.
pub fn replay_event(
    game: &dyn DynGame,
    state: &mut AnyState,
    event: &Event,
    derivation: u8,
) -> Result<Option<Applied>, String> {
    let seq = event.seq;
    let mut own = Replay::new(&event.draws);
    let mut round = Replay::new(&event.round_draws);
    let rounds_before = game.draw_point(state, 0).round;
    let applied = {
        let mut streams = match derivation {
            DERIVATION_3 => Streams::Two { own: &mut own, round: &mut round },
            _ => Streams::One(&mut own),
        };
        match &event.body {
            EventBody::Action { seat, action, .. } => Some(
                game.apply_streams(state, *seat, action, &mut streams)
                    .map_err(|e| format!("event {seq}: {action}: {e}"))?,
            ),
            EventBody::Deadline => {
                game.close_round(state, streams.round()).map_err(|e| format!("event {seq}: closing the round: {e}"))?;
                None
            }
            EventBody::Reissued { seat, description } | EventBody::Rejoined { seat, description, .. } => {
                game.note_outside_play(state, *seat, description.clone());
                None
            }
            _ => return Err(format!("event {seq} is not an action, a deadline or a seat handed over")),
        }
    };
    if !own.finished_cleanly() || !round.finished_cleanly() {
        return Err(format!("event {seq} asked for other draws than were recorded"));
    }
    let closed = game.draw_point(state, 0).round > rounds_before;
    if derivation == DERIVATION_3 && event.round != closed.then_some(rounds_before) {
        let round = |r: Option<u64>| r.map_or_else(|| "no sealed round".to_string(), |r| format!("sealed round {r}"));
        return Err(format!(
            "event {seq} says it closed {}, but by the rules it closed {}",
            round(event.round),
            round(closed.then_some(rounds_before))
        ));
    }
    Ok(applied)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn dice(fresh: Fresh) -> (Vec<u32>, Vec<u32>) {
        let ((), drawn) = fresh.drawing(|streams| {
            (0..5).for_each(|_| {
                streams.own().below(6);
            });
            (0..3).for_each(|_| {
                streams.round().below(20);
            });
        });
        let values = |d: &[Draw]| d.iter().map(|d| d.value).collect();
        (values(&drawn.draws), values(&drawn.round_draws))
    }

    /// Derivation 3: another seat's event landing first (here, five events) moves no draw.
    #[test]
    fn a_seats_draws_do_not_follow_the_event_number() {
        let key = GameKey::derive(b"seed", &[]);
        let early = dice(Fresh::action(DERIVATION_3, key, 4, 1, "roll 5d6", 2, 0));
        let late = dice(Fresh::action(DERIVATION_3, key, 9, 1, "roll 5d6", 2, 0));
        assert_eq!(early, late);
        assert_ne!(early, dice(Fresh::action(DERIVATION_3, key, 4, 1, "roll 5d6", 3, 0)), "its own count does");
        assert_ne!(early, dice(Fresh::action(DERIVATION_3, key, 4, 0, "roll 5d6", 2, 0)), "and the seat");
        // A round's resolution draws the same whichever event closes it.
        let ((), by_deadline) = Fresh::deadline(DERIVATION_3, key, 12, 0).drawing(|streams| {
            (0..3).for_each(|_| {
                streams.round().below(20);
            });
        });
        assert_eq!(by_deadline.round_draws.iter().map(|d| d.value).collect::<Vec<_>>(), early.1);
        // Derivation 2 followed the event number.
        assert_ne!(
            dice(Fresh::action(DERIVATION_2, key, 4, 1, "roll 5d6", 2, 0)),
            dice(Fresh::action(DERIVATION_2, key, 9, 1, "roll 5d6", 2, 0))
        );
    }
}
