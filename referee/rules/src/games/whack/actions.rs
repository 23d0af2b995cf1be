//! Whack's actions, their notation, and what each does to the state:
//! `place 2da=1ab` (lay the next section: its edge DA along section 1's edge AB), `roll`,
//! a change the die allows (`tip 3da=1ab`, `aim 34 3da=1ab`, `swap 1 3`), and a move from
//! cell to cell (`1b1-1b3`; cells are section, file, rank).

use super::arrangements::{self, Change, Die};
use super::embedding::Join;
use super::geometry::WhackGeometry;
use super::layout::Lay;
use super::moves::{Move, Scene};
use super::setup;
use super::state::{Phase, WhackState};
use super::words;
use crate::game::{ErrorCode, GameError};
use crate::geometry::grid::Cell;
use crate::random::{RandomSource, roll};

/// One action of the side to act.
#[derive(Copy, Clone, Debug, Eq, PartialEq)]
pub enum WhackAction {
    /// Lay the next section.
    Place(Lay),
    /// Roll the die.
    Roll,
    /// Change the board as the die allows.
    Change(Change),
    /// Move a piece.
    Move(Move),
}

/// The action in the notation.
pub fn format(action: &WhackAction) -> String {
    match action {
        WhackAction::Place(lay) => format!("place {lay}"),
        WhackAction::Roll => "roll".into(),
        WhackAction::Change(change) => change.to_string(),
        WhackAction::Move(mv) => format!("{}-{}", words::cell_name(mv.from), words::cell_name(mv.to)),
    }
}

/// Reads a cell name: `1a1` … `4d4`.
pub fn parse_cell(text: &str) -> Option<Cell> {
    let b = text.trim().as_bytes();
    let [s @ b'1'..=b'4', f @ (b'a'..=b'd' | b'A'..=b'D'), r @ b'1'..=b'4'] = *b else { return None };
    Some(super::geometry::cell(s - b'1', f.to_ascii_lowercase() - b'a', r - b'1'))
}

fn bad(message: impl Into<String>) -> GameError {
    GameError::new(ErrorCode::BadNotation, message)
}

fn illegal(message: impl Into<String>) -> GameError {
    GameError::new(ErrorCode::IllegalAction, message)
}

/// Reads the side to act's action and judges it.
pub fn parse(state: &WhackState, text: &str) -> Result<WhackAction, GameError> {
    let text = text.trim();
    match state.phase {
        Phase::PlaceSection => {
            let lay_text = match text.get(..5) {
                Some(word) if word.eq_ignore_ascii_case("place") => &text[5..],
                _ => text,
            };
            let lay = Lay::parse(lay_text, state.sections.len() + 1).ok_or_else(|| {
                let next = state.sections.len() + 1;
                bad(format!("Lay section {next} along a section on the table, like place {next}da=1ab (its edge DA along section 1's edge AB)."))
            })?;
            setup::judge(&state.sections, &lay).map_err(illegal)?;
            Ok(WhackAction::Place(lay))
        }
        Phase::Roll { .. } if text.eq_ignore_ascii_case("roll") => Ok(WhackAction::Roll),
        Phase::Roll { .. } => Err(bad("Roll the die first: roll.")),
        Phase::Rearrange { die, .. } => {
            let change = arrangements::parse(text, state.sections.len()).ok_or_else(|| {
                bad(format!("The die shows {} ({}): choose a change like {}.", die.name(), die.number(), example(die)))
            })?;
            state.judge_change(die, &change).map_err(illegal)?;
            Ok(WhackAction::Change(change))
        }
        Phase::Move => parse_move(state, text),
    }
}

fn example(die: Die) -> &'static str {
    match die {
        Die::Aim => "aim 34 3da=1ab (sections 3 and 4 turn and rejoin, 3's edge DA along 1's edge AB)",
        Die::Swap => "swap 1 3",
        Die::Dig => "dig 3da=1ab (section 3's edge DA along section 1's edge AB)",
        Die::Wild => "wild 3da=1ab (section 3's edge DA along section 1's edge AB)",
        Die::Tip | Die::Hop => "tip 3da=1ab (section 3's edge DA along section 1's edge AB)",
    }
}

/// The cells a move's text names ("1b1-1b3", "1b11b3", "1b1x1b3"), if it names two.
fn move_cells(text: &str) -> Option<Move> {
    let cells: Vec<&str> = if text.len() == 6 && text.is_ascii() {
        vec![&text[..3], &text[3..]]
    } else {
        text.split(['-', 'x', 'X', '×']).collect()
    };
    match cells.as_slice() {
        [from, to] => Some(Move { from: parse_cell(from)?, to: parse_cell(to)? }),
        _ => None,
    }
}

/// What a refused move tried, in words, for a dispute: "Fire's pawn 1b1→1b3".
pub fn attempt(state: &WhackState, text: &str) -> Option<String> {
    if !matches!(state.phase, Phase::Move) {
        return None;
    }
    let mv = move_cells(text.trim())?;
    let (side, from, to) = (words::side_name(state.to_act), words::cell_name(mv.from), words::cell_name(mv.to));
    Some(match state.pieces()[usize::from(mv.from)] {
        Some(piece) => format!("{side}'s {} {from}→{to}", piece.role()),
        None => format!("{side}'s move {from}→{to}"),
    })
}

fn parse_move(state: &WhackState, text: &str) -> Result<WhackAction, GameError> {
    let Some(mv) = move_cells(text) else {
        return Err(bad("Move a piece from cell to cell, like 1b1-1b3 (section, file a–d, rank 1–4)."));
    };
    match state.judge_move(mv) {
        Ok(_) => Ok(WhackAction::Move(mv)),
        Err(why) => {
            let (geometry, pieces) = (state.geometry(), state.pieces());
            let scene = Scene { geometry: &geometry, pieces: &pieces };
            Err(illegal(words::refusal(&scene, state.to_act, mv, &why)))
        }
    }
}

/// Every legal action of the side to act.
pub fn legal(state: &WhackState) -> Vec<WhackAction> {
    match state.phase {
        Phase::PlaceSection => {
            setup::placements(&state.sections).into_iter().map(|(lay, _)| WhackAction::Place(lay)).collect()
        }
        Phase::Roll { .. } => vec![WhackAction::Roll],
        Phase::Rearrange { die, .. } => {
            state.legal_changes(die).into_iter().map(|(change, _, _)| WhackAction::Change(change)).collect()
        }
        Phase::Move => state.legal_moves().into_iter().map(|(mv, _)| WhackAction::Move(mv)).collect(),
    }
}

/// Plays a judged action.
pub fn apply(state: &mut WhackState, action: &WhackAction, rng: &mut dyn RandomSource) -> Result<(), GameError> {
    match action {
        WhackAction::Place(lay) => {
            let after = setup::judge(&state.sections, lay).map_err(illegal)?;
            state.placed(after);
        }
        WhackAction::Roll => {
            let die = Die::from_number(roll(rng, 6)).expect("a die shows 1 to 6");
            state.rolled(die);
        }
        WhackAction::Change(change) => {
            let Phase::Rearrange { die, .. } = state.phase else {
                return Err(illegal("There is no change to make now."));
            };
            let after = state.judge_change(die, change).map_err(illegal)?;
            state.rearranged(after);
        }
        WhackAction::Move(mv) => {
            let kind = state.judge_move(*mv).map_err(|_| illegal("That move is not legal."))?;
            state.moved(*mv, kind);
        }
    }
    Ok(())
}

/// A move named for a dispute ("Fire's queen 2b3→1c4, taking the pawn"); `None` for the other
/// actions, which a dispute names by the side and the action as written.
pub fn move_in_full(state: &WhackState, action: &WhackAction) -> Option<String> {
    let WhackAction::Move(mv) = action else { return None };
    let (geometry, pieces) = (state.geometry(), state.pieces());
    let before = Scene { geometry: &geometry, pieces: &pieces };
    let kind = state.judge_move(*mv).ok()?;
    let after_pieces = before.after(*mv, kind);
    let after = Scene { geometry: &geometry, pieces: &after_pieces };
    Some(words::move_in_full(&before, &after, state.to_act, *mv, kind))
}

/// The action as the table hears it before it is played.
pub fn describe(state: &WhackState, action: &WhackAction) -> String {
    match action {
        WhackAction::Place(lay) => {
            let (m, o) = (lay.moving, lay.onto);
            format!(
                "lays section {}: its edge {} along section {}'s edge {}",
                m.section + 1,
                m.edge.name().to_ascii_uppercase(),
                o.section + 1,
                o.edge.name().to_ascii_uppercase()
            )
        }
        WhackAction::Roll => "rolls the die".into(),
        WhackAction::Change(change) => describe_change(state, change),
        WhackAction::Move(mv) => {
            let (geometry, pieces) = (state.geometry(), state.pieces());
            let before = Scene { geometry: &geometry, pieces: &pieces };
            let Ok(kind) = state.judge_move(*mv) else { return format(action) };
            let after_pieces = before.after(*mv, kind);
            let after = Scene { geometry: &geometry, pieces: &after_pieces };
            words::describe_move(&before, &after, state.to_act, *mv, kind)
        }
    }
}

/// A change of the board as the table hears it, with ", check" when it leaves a king of the
/// other side attacked (seed, "Resolution": a player "should declare check").
fn describe_change(state: &WhackState, change: &Change) -> String {
    let Phase::Rearrange { die, .. } = state.phase else { return arrangements::sentence(change) };
    let joins = state.judge_change(die, change).ok().and_then(|after| super::embedding::board(&after).ok());
    change_said(change, joins.is_some_and(|joins| gives_check(state, &joins)))
}

/// A change's sentence, given whether it gives check.
pub fn change_said(change: &Change, check: bool) -> String {
    let said = arrangements::sentence(change);
    if check { format!("{said}, check") } else { said }
}

/// Whether the sections joined as `joins` leave a king of the side not acting attacked.
pub fn gives_check(state: &WhackState, joins: &[Join]) -> bool {
    let (geometry, pieces) = (WhackGeometry::new(state.sections.len(), joins), state.pieces());
    (Scene { geometry: &geometry, pieces: &pieces }).checked(state.to_act.other()) != 0
}

/// What a roll showed, once rolled (`state` is the state after it).
pub fn describe_roll(state: &WhackState) -> Option<String> {
    let die = state.rolled?;
    let shown = format!("rolled {}: {}, {}", die.number(), die.name(), die.meaning());
    Some(match state.phase {
        Phase::Rearrange { .. } => shown,
        _ if die == Die::Hop => format!("{shown}; the board stays"),
        _ => format!("{shown}; no such change is possible, so the board stays"),
    })
}
