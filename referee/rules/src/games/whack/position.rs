//! A Whack position in one line: the arrangement, the pieces, the side to act and its stage.
//!
//! `1,2bc=1cd,3ab=2da,4cd=3cd PPPP/BRKB/NQRN/PPPP|4/4/4/4|4/4/4/4|pppp/brkb/nqrn/pppp fire move`
//!
//! - the arrangement as joins ([`super::layout`]): section 1, then `2bc=1cd` (section 2's edge
//!   BC along section 1's edge CD) for each further section;
//! - the pieces ([`super::notation`]), or `-` while the sections are being laid;
//! - `fire` or `ice`;
//! - the stage: `place-section`, `roll`, `rearrange 3` (with the die's number) or `move`;
//!   `opening` after `roll` or `rearrange n` while the opening rolls decide who moves first;
//! - `answer-check` at the end when the option that check must be answered is on.

use super::arrangements::Die;
use super::layout;
use super::notation::{read_pieces, write_pieces};
use super::pyramids::Pyramids;
use super::setup::{self, SECTIONS};
use super::state::{Phase, WhackOptions, WhackState};
use crate::pieces::Color;

/// The position written down.
pub fn write(state: &WhackState) -> String {
    let n = state.sections.len();
    let mut words = vec![layout::write(n, &state.joins())];
    words.push(if n < SECTIONS { "-".into() } else { write_pieces(n, &state.pyramids) });
    words.push(if state.to_act == Color::White { "fire" } else { "ice" }.into());
    match state.phase {
        Phase::PlaceSection => words.push("place-section".into()),
        Phase::Roll { opening } => {
            words.push("roll".into());
            if opening {
                words.push("opening".into());
            }
        }
        Phase::Rearrange { die, opening } => {
            words.push(format!("rearrange {}", die.number()));
            if opening {
                words.push("opening".into());
            }
        }
        Phase::Move => words.push("move".into()),
    }
    if state.options.check_must_be_answered {
        words.push("answer-check".into());
    }
    words.join(" ")
}

/// Reads a position; the game's end, where the position shows one, is worked out.
pub fn read(text: &str) -> Result<WhackState, String> {
    let words: Vec<&str> = text.split_whitespace().collect();
    let [arrangement, pieces, side, stage, rest @ ..] = words.as_slice() else {
        return Err("a Whack position is: arrangement, pieces, side (fire or ice), stage; see the rules page".into());
    };
    let sections = layout::read(arrangement)?;
    super::embedding::board(&sections).map_err(|f| format!("{arrangement}: {}", f.sentence()))?;
    let n = sections.len();
    let pyramids = if *pieces == "-" && n < SECTIONS { Pyramids::new() } else { read_pieces(pieces, n)? };
    let to_act = match *side {
        "fire" => Color::White,
        "ice" => Color::Black,
        other => return Err(format!("{other}: the side to act is fire or ice")),
    };
    let phase = read_phase(stage, rest)?;
    let after_stage = if matches!(phase, Phase::Rearrange { .. }) { &rest[1..] } else { rest };
    let opening_may = matches!(phase, Phase::Roll { .. } | Phase::Rearrange { .. });
    if let Some(word) = after_stage.iter().find(|w| !(**w == "answer-check" || (**w == "opening" && opening_may))) {
        return Err(format!("{word}: after the stage come only opening (after roll or rearrange n) and answer-check"));
    }
    let options = WhackOptions { check_must_be_answered: rest.contains(&"answer-check") };
    if (n < SECTIONS) != (phase == Phase::PlaceSection) || n > SECTIONS {
        return Err(format!("sections are laid until all {SECTIONS} are on the table, and only then"));
    }
    if phase == Phase::PlaceSection && setup::placer(n) != Some(to_act) {
        return Err(format!("section {} is laid by the other side", n + 1));
    }
    let rolled = match phase {
        Phase::Rearrange { die, .. } => Some(die),
        _ => None,
    };
    let mut state = WhackState { options, sections, pyramids, to_act, phase, rolled, ended: None };
    if let Some(die) = rolled
        && state.legal_changes(die).is_empty()
    {
        return Err(format!("no change {} allows is possible here, so the roll would have passed", die.name()));
    }
    state.settle();
    Ok(state)
}

fn read_phase(stage: &str, rest: &[&str]) -> Result<Phase, String> {
    let opening = rest.contains(&"opening");
    Ok(match stage {
        "place-section" => Phase::PlaceSection,
        "roll" => Phase::Roll { opening },
        "move" => Phase::Move,
        "rearrange" => {
            let die = rest.first().and_then(|d| d.parse().ok()).and_then(Die::from_number);
            let die = die.filter(|d| *d != Die::Hop).ok_or("rearrange is followed by the die's number (1-4 or 6)")?;
            Phase::Rearrange { die, opening }
        }
        other => return Err(format!("{other}: the stage is place-section, roll, rearrange n or move")),
    })
}
