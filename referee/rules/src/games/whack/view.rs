//! What every viewer sees: the position, the die, each section's outline, material and kings,
//! and, while a section is laid or the board changes, every choice with the outlines it would
//! give (for small previews); and the board as polygons, every cell with its corners.
//!
//! Coordinates are board units with x to the right and y up; a short edge is 4 units long
//! (one unit a cell's width along it).

use super::arrangements::{self, Die};
use super::embedding::{self, SectionId};
use super::geometry::{CELLS_PER_SECTION, parts};
use super::moves::{Scene, members};
use super::plane::{Motion, Point};
use super::state::{Phase, WhackState};
use super::{actions, section, setup, words};
use crate::game::{BoardShape, BoardView, CellView, PieceView, Stage};
use crate::geometry::grid::Cell;
use crate::pieces::Color;
use serde::Serialize;

/// The public part of the view.
#[derive(Clone, Debug, Serialize, schemars::JsonSchema)]
pub struct WhackPublic {
    /// The position in the game's notation (see the rules page).
    pub position: String,
    /// The arrangement written as joins: `1,2bc=1cd,…`.
    pub arrangement: String,
    /// Who acts: `white` is Fire, `black` Ice.
    pub to_act: Color,
    /// What the side to act does.
    pub stage: Stage,
    /// Whether the opening rolls are still deciding who moves first.
    pub opening: bool,
    /// The last roll of the die.
    pub die: Option<DieView>,
    /// Each section on the table.
    pub sections: Vec<SectionView>,
    /// Points of material (pips on the board), Fire's first.
    pub material: [u32; 2],
    /// How many kings each side has, Fire's first.
    pub kings: [u32; 2],
    /// The cells of kings in check.
    pub check: Vec<String>,
    /// While a section is laid or the board changes: every choice, with the outlines it gives.
    pub choices: Vec<ChoiceView>,
}

/// A roll of the die.
#[derive(Clone, Debug, Serialize, schemars::JsonSchema)]
pub struct DieView {
    /// 1 to 6.
    pub number: u8,
    /// TIP, AIM, DIG, SWAP, HOP or WILD.
    pub name: String,
    /// What it allows.
    pub meaning: String,
}

/// One section's outline.
#[derive(Clone, Debug, Serialize, schemars::JsonSchema)]
pub struct SectionView {
    /// Its number, from 1.
    pub number: u8,
    /// Its corners A (120°), B (90°), C (60°), D (90°), in board units.
    pub corners: Vec<[f32; 2]>,
}

/// One choice of where sections go.
#[derive(Clone, Debug, Serialize, schemars::JsonSchema)]
pub struct ChoiceView {
    /// The action that makes it.
    pub action: String,
    /// The action in words.
    pub said: String,
    /// The numbers of the sections that move.
    pub moved: Vec<u8>,
    /// Every section's outline after it.
    pub sections: Vec<SectionView>,
    /// Whether it gives check: a board change that leaves a king of the other side attacked.
    pub check: bool,
}

fn board_units(p: Point) -> [f32; 2] {
    let [x, y] = p.xy();
    [(x / 4.0) as f32, (y / 4.0) as f32]
}

fn outlines(places: &[Motion]) -> Vec<SectionView> {
    places
        .iter()
        .enumerate()
        .map(|(s, at)| SectionView { number: s as u8 + 1, corners: embedding::outline(*at).map(board_units).to_vec() })
        .collect()
}

/// The public part of `state`.
pub fn public(state: &WhackState) -> WhackPublic {
    let (geometry, pieces) = (state.geometry(), state.pieces());
    let scene = Scene { geometry: &geometry, pieces: &pieces };
    let check = Color::ALL.iter().flat_map(|s| members(scene.checked(*s))).map(words::cell_name).collect();
    WhackPublic {
        position: super::position::write(state),
        arrangement: super::layout::write(state.sections.len(), &state.joins()),
        to_act: state.to_act,
        stage: stage(state.phase),
        opening: matches!(state.phase, Phase::Roll { opening: true } | Phase::Rearrange { opening: true, .. }),
        die: state.rolled.map(die_view),
        sections: outlines(&state.sections),
        material: [scene.material(Color::White), scene.material(Color::Black)],
        kings: [scene.kings(Color::White).count_ones(), scene.kings(Color::Black).count_ones()],
        check,
        choices: choices(state),
    }
}

fn die_view(die: Die) -> DieView {
    DieView { number: die.number(), name: die.name().into(), meaning: die.meaning().into() }
}

/// The stage of a phase.
pub fn stage(phase: Phase) -> Stage {
    match phase {
        Phase::PlaceSection => Stage::PlaceSection,
        Phase::Roll { .. } => Stage::Roll,
        Phase::Rearrange { .. } => Stage::Rearrange,
        Phase::Move => Stage::Move,
    }
}

fn choices(state: &WhackState) -> Vec<ChoiceView> {
    let view =
        |action: actions::WhackAction, said: String, moved: Vec<SectionId>, after: &[Motion], check: bool| ChoiceView {
            action: actions::format(&action),
            said,
            moved: moved.iter().map(|s| s + 1).collect(),
            sections: outlines(after),
            check,
        };
    match state.phase {
        Phase::PlaceSection => setup::placements(&state.sections)
            .into_iter()
            .map(|(lay, after)| {
                let action = actions::WhackAction::Place(lay);
                view(action, actions::describe(state, &action), vec![lay.moving.section], &after, false)
            })
            .collect(),
        // Each change judged once: its check from the joins the listing already has.
        Phase::Rearrange { die, .. } => state
            .legal_changes(die)
            .into_iter()
            .map(|(change, after, joins)| {
                let check = actions::gives_check(state, &joins);
                let said = actions::change_said(&change, check);
                let moved = arrangements::moved_sections(&change);
                view(actions::WhackAction::Change(change), said, moved, &after, check)
            })
            .collect(),
        _ => Vec::new(),
    }
}

/// The board as polygons: every cell of every section on the table.
pub fn board(state: &WhackState, selectable: &[Cell]) -> BoardView {
    let (geometry, pieces) = (state.geometry(), state.pieces());
    let scene = Scene { geometry: &geometry, pieces: &pieces };
    let checked: u64 = Color::ALL.iter().map(|s| scene.checked(*s)).fold(0, |a, b| a | b);
    // The pieces giving those checks, so a check across a seam can be seen.
    let checkers: u64 = Color::ALL
        .iter()
        .flat_map(|s| members(scene.checked(*s)).map(move |k| (k, s.other())))
        .map(|(k, by)| scene.attackers(k, by))
        .fold(0, |a, b| a | b);
    let cells = (0..(state.sections.len() * CELLS_PER_SECTION) as Cell)
        .map(|c| {
            let (s, f, r) = parts(c);
            let at = state.sections[usize::from(s)];
            let stack = state.pyramids.at(c);
            let piece = pieces[usize::from(c)].map(|p| PieceView {
                kind: p.role().name().into(),
                side: if p.side == Color::White { "white" } else { "black" }.into(),
                label: Some(words::pyramids_label(stack)),
            });
            CellView {
                id: words::cell_name(c),
                at: [f, r],
                polygon: Some(section::cell_corners(f, r).map(|p| board_units(at.apply(p))).to_vec()),
                dark: (f + r) % 2 == 0,
                piece,
                stacks: Vec::new(),
                markers: [(checked, "check"), (checkers, "gives-check")]
                    .into_iter()
                    .filter(|(cells, _)| cells & (1 << c) != 0)
                    .map(|(_, marker)| marker.into())
                    .collect(),
                selectable: selectable.contains(&c),
            }
        })
        .collect();
    BoardView { shape: BoardShape::Polygons, cells }
}
