//! What the table hears: moves, stackings and captures described, and refusals in players'
//! words, from what everyone can see (nothing in Whack is secret).

use super::geometry::{Corner, parts};
use super::moves::{Cells, Kind, Move, Refusal, Scene, members};
use super::pyramids::{Piece, Pyramid, role_of};
use crate::geometry::grid::{Cell, DIAGONAL, Geometry, Step};
use crate::pieces::{Color, Role};

/// The side's name in the seed: Fire (White) or Ice (Black).
pub fn side_name(side: Color) -> &'static str {
    match side {
        Color::White => "Fire",
        Color::Black => "Ice",
    }
}

/// A cell's name: `1a1` (section, file, rank).
pub fn cell_name(cell: Cell) -> String {
    let (s, f, r) = parts(cell);
    format!("{}{}{}", s + 1, (b'a' + f) as char, r + 1)
}

/// "your king on 1c2", "your kings on 1c2 and 2b1".
pub fn kings_phrase(kings: Cells) -> String {
    let names: Vec<String> = members(kings).map(cell_name).collect();
    match names.as_slice() {
        [one] => format!("your king on {one}"),
        [rest @ .., last] => format!("your kings on {} and {last}", rest.join(", ")),
        [] => "no king".into(),
    }
}

/// A stack's pyramids, bottom first: "3+1+1".
pub fn pyramids_label(stack: &[Pyramid]) -> String {
    stack.iter().map(|p| p.pips.to_string()).collect::<Vec<_>>().join("+")
}

/// A refused move in players' words.
pub fn refusal(scene: &Scene, side: Color, mv: Move, why: &Refusal) -> String {
    let (from, to) = (cell_name(mv.from), cell_name(mv.to));
    let piece_on = |c: Cell| scene.pieces[usize::from(c)];
    match why {
        Refusal::NoPiece => match piece_on(mv.from) {
            None => format!("There is no piece on {from}."),
            Some(p) => format!("The {} on {from} is {}'s.", p.role(), side_name(p.side)),
        },
        Refusal::Unreachable(Role::Pawn) => pawn_refusal(scene, side, mv),
        Refusal::Unreachable(role @ (Role::Bishop | Role::Queen)) if diagonal_end(scene, mv).is_some() => {
            let (end, corner) = diagonal_end(scene, mv).expect("just found");
            let at = if end == mv.from { "where it stands".to_string() } else { format!("on {}", cell_name(end)) };
            let what = match corner {
                Corner::Junction { cells } => format!("a junction of {} section corners", number_word(cells)),
                _ => "the board's outline".to_string(),
            };
            format!("The {role} on {from} cannot reach {to}: its diagonal ends {at}, at {what}.")
        }
        Refusal::Unreachable(role) => match piece_on(mv.to) {
            Some(p) if p.side != side => {
                format!("The {role} on {from} cannot reach {to}: its way is blocked or it does not move that way.")
            }
            _ => format!("The {role} on {from} cannot reach {to}."),
        },
        Refusal::Stacking(how) => {
            let (mover, under) = (piece_on(mv.from).map(Piece::role), piece_on(mv.to).map(Piece::role));
            let (mover, under) =
                (mover.map_or("piece".into(), |r| r.to_string()), under.map_or("piece".into(), |r| r.to_string()));
            format!("The {mover} on {from} cannot stack onto your {under} on {to}: {}.", how.sentence())
        }
        Refusal::PawnStacksOrthogonally => "A pawn stacks onto your own piece by an orthogonal step only.".into(),
        Refusal::LastKing => {
            "That would leave you without a king: stacking onto your only king makes a queen of it.".into()
        }
        Refusal::Check { put, left, more } => check_refusal(*put, *left, *more),
        Refusal::FewerKingsSafe { safe, best } => format!(
            "No move answers every check, but another move keeps {} of your kings out of check; that would keep {}.",
            number_word(*best as usize),
            if *safe == 0 { "none".to_string() } else { format!("only {}", number_word(*safe as usize)) }
        ),
    }
}

/// A move or change refused for its kings: those it would `put` in check, `left` in check
/// (the chess rule) and those already in check it would bring `more` attackers onto.
pub fn check_refusal(put: Cells, left: Cells, more: Cells) -> String {
    let mut parts = Vec::new();
    if put != 0 {
        parts.push(format!("put {} in check", kings_phrase(put)));
    }
    if left != 0 {
        parts.push(format!("leave {} in check", kings_phrase(left)));
    }
    if more != 0 {
        parts.push(format!("bring another attacker onto {}, already in check", kings_phrase(more)));
    }
    format!("That would {}.", parts.join(" and "))
}

fn number_word(n: usize) -> String {
    match n {
        1 => "one".into(),
        2 => "two".into(),
        3 => "three".into(),
        4 => "four".into(),
        5 => "five".into(),
        n => n.to_string(),
    }
}

/// Where a diagonal of the slider on `mv.from` ended, before a corner it may not cross (a
/// junction where the two ways round part, or the outline), when `mv.to` lies across that
/// corner: the cell it ended on and the corner.
fn diagonal_end(scene: &Scene, mv: Move) -> Option<(Cell, Corner)> {
    let g = scene.geometry;
    let empty = |c: Cell| scene.pieces[usize::from(c)].is_none();
    for step in DIAGONAL {
        let (mut cell, mut dir) = (mv.from, step);
        for _ in 0..g.cell_count() {
            match g.step(cell, dir) {
                Some((next, d)) if next != mv.from && empty(next) => (cell, dir) = (next, d),
                Some(_) => break,
                None => {
                    if g.ways_round(cell, dir).into_iter().any(|(c, d)| line_reaches(scene, c, d, mv.to)) {
                        return Some((cell, g.corner(cell, dir)));
                    }
                    break;
                }
            }
        }
    }
    None
}

/// Whether a line from `start` (included) in `dir` reaches `to` through empty cells.
fn line_reaches(scene: &Scene, start: Cell, dir: Step, to: Cell) -> bool {
    let (mut cell, mut dir) = (start, dir);
    for _ in 0..scene.geometry.cell_count() {
        if cell == to {
            return true;
        }
        if scene.pieces[usize::from(cell)].is_some() {
            return false;
        }
        let Some(next) = scene.geometry.step(cell, dir) else { return false };
        (cell, dir) = next;
    }
    false
}

/// Why a pawn cannot go from `mv.from` to `mv.to`.
fn pawn_refusal(scene: &Scene, side: Color, mv: Move) -> String {
    let beside = scene.geometry.neighbours(mv.from).contains(&mv.to);
    let mut diagonal = Vec::new();
    for step in crate::geometry::grid::DIAGONAL {
        crate::geometry::grid::Geometry::leap(scene.geometry, mv.from, step, &mut diagonal);
    }
    let target = scene.pieces[usize::from(mv.to)];
    match target {
        Some(p) if beside && p.side != side => "A pawn captures diagonally only.".into(),
        None if diagonal.contains(&mv.to) => "A pawn moves diagonally only to capture.".into(),
        _ => format!(
            "A pawn steps one cell orthogonally, or captures one cell diagonally; {} to {} is neither.",
            cell_name(mv.from),
            cell_name(mv.to)
        ),
    }
}

/// What a move does, in the words of one way of telling it: its capture (of the last king, or
/// another piece), its stacking, its check.
struct Telling {
    last_king: &'static str,
    takes: &'static str,
    stacks: fn(Role, Role) -> String,
    check: &'static str,
}

/// The move `mv` (of `kind`, from `before` to `after`) after its piece and cells, as `telling`
/// tells what it does.
fn what_it_does(before: &Scene, after: &Scene, side: Color, mv: Move, kind: Kind, telling: &Telling) -> String {
    let piece = before.pieces[usize::from(mv.from)].expect("a piece moves");
    let mut said = String::new();
    match (kind, before.pieces[usize::from(mv.to)]) {
        (Kind::Capture, Some(t)) if t.is_king() && after.kings(t.side) == 0 => said += telling.last_king,
        (Kind::Capture, Some(t)) => said += &format!("{}{}", telling.takes, t.role()),
        (Kind::Stack, Some(t)) => said += &(telling.stacks)(t.role(), role_of(piece.pips + t.pips)),
        _ => {}
    }
    if after.checked(side.other()) != 0 && after.kings(side.other()) != 0 {
        said += telling.check;
    }
    said
}

/// A move named for a dispute, as the subject of its verdict: "Fire's queen 2b3→1c4, taking
/// the pawn", "Ice's rook 1a2→1b3, stacking onto the knight to make a queen, giving check".
pub fn move_in_full(before: &Scene, after: &Scene, side: Color, mv: Move, kind: Kind) -> String {
    let telling = Telling {
        last_king: ", taking the last king",
        takes: ", taking the ",
        stacks: |onto, made| format!(", stacking onto the {onto} to make a {made}"),
        check: ", giving check",
    };
    let piece = before.pieces[usize::from(mv.from)].expect("a piece moves");
    let (from, to) = (cell_name(mv.from), cell_name(mv.to));
    let does = what_it_does(before, after, side, mv, kind, &telling);
    format!("{}'s {} {from}→{to}{does}", side_name(side), piece.role())
}

/// A legal move as the table hears it: "knight 1b3→2c2 takes the bishop, check".
pub fn describe_move(before: &Scene, after: &Scene, side: Color, mv: Move, kind: Kind) -> String {
    let telling = Telling {
        last_king: " takes the last king",
        takes: " takes the ",
        stacks: |onto, made| format!(" stacks onto the {onto}: a {made} now"),
        check: ", check",
    };
    let piece = before.pieces[usize::from(mv.from)].expect("a piece moves");
    let does = what_it_does(before, after, side, mv, kind, &telling);
    format!("{} {}→{}{does}", piece.role(), cell_name(mv.from), cell_name(mv.to))
}
