//! Whack Chess (`whack`, seed 004 "Whack Chess"): chess with pyramid-stack pieces on a board of
//! four kite-shaped wedge sections that move during play. Rules page: `docs/games/whack.md`.
//!
//! One concern per file: [`plane`] exact points and motions, [`section`] one wedge and its
//! cells, [`embedding`] where sections lie and whether they make a board, [`layout`] boards
//! written as joins, [`geometry`] cells and steps across seams, [`pyramids`] pieces as stacks,
//! [`moves`] where pieces go and what check forbids, [`arrangements`] what the die allows,
//! [`setup`] laying the track and the pieces, [`state`] how a turn runs, [`actions`] the
//! actions and their notation, [`words`] sentences, [`notation`] and [`position`] positions,
//! [`view`] what everyone sees.

pub mod actions;
pub mod arrangements;
pub mod embedding;
pub mod geometry;
pub mod layout;
pub mod moves;
pub mod notation;
pub mod plane;
pub mod position;
pub mod pyramids;
pub mod section;
pub mod setup;
pub mod state;
pub mod view;
pub mod words;

use crate::game::{
    BoardView, ErrorCode, Game, GameError, NoSecret, Outcome, RulesInfo, Said, Seat, Seating, Turn, Viewer,
};
use crate::geometry::grid::Cell;
use crate::random::RandomSource;
use actions::WhackAction;
use state::{WhackOptions, WhackState};

/// The game, for the registry.
pub struct Whack;

impl Game for Whack {
    type Options = WhackOptions;
    type State = WhackState;
    type Action = WhackAction;
    type Public = view::WhackPublic;
    type Private = NoSecret;
    type Hidden = NoSecret;

    fn info(&self) -> RulesInfo {
        RulesInfo {
            id: "whack",
            name: "Whack Chess",
            version: 2,
            summary: "Chess with pieces built of stacked pyramids (their pips say what they are) on four kite-shaped board sections. Before the first move and after every capture a die changes the board: sections tip, turn, dig in or swap places, carrying their pieces.",
            min_seats: 2,
            max_seats: 2,
            equipment: &["four Martian Chess board wedges", "two stashes of pyramids per player", "a six-sided die"],
            random: &["each roll of the die (before the first move and after each capture)"],
            secret: &[],
            source: "seed 004, \"Whack Chess\"",
            position_notation: "arrangement as joins, pieces by section and rank, side and stage: 1,2bc=1cd,3ab=2da,4cd=3cd PPPP/BRKB/NQRN/PPPP|4/4/4/4|4/4/4/4|pppp/brkb/nqrn/pppp fire move",
            action_notation: "place 2da=1ab (lay a section), roll, tip 3da=1ab / dig … / wild … / aim 34 3da=1ab / swap 1 3 (change the board), 1b1-1b3 (move: section, file, rank)",
            lists_all_actions: true,
        }
    }

    fn seating(&self, _options: &WhackOptions) -> Result<Seating, GameError> {
        Ok(state::seating())
    }

    fn setup(&self, options: &WhackOptions, _rng: &mut dyn RandomSource) -> Result<WhackState, GameError> {
        Ok(WhackState::new(options.clone()))
    }

    fn turn(&self, state: &WhackState) -> Turn {
        if state.ended.is_some() {
            return Turn::Over;
        }
        Turn::seat(state.to_act.index() as Seat, view::stage(state.phase))
    }

    fn legal_actions(&self, state: &WhackState, _seat: Seat) -> Vec<WhackAction> {
        actions::legal(state)
    }

    fn parse_action(&self, state: &WhackState, _seat: Seat, text: &str) -> Result<WhackAction, GameError> {
        actions::parse(state, text)
    }

    fn format_action(&self, _state: &WhackState, action: &WhackAction) -> String {
        actions::format(action)
    }

    fn describe_action(&self, state: &WhackState, _seat: Seat, action: &WhackAction) -> Said {
        Said::public(actions::describe(state, action))
    }

    /// A dispute's answer for a move names the side's piece as a refusal does ("Fire's knight
    /// 1d3→2d3, taking the pawn"); other actions are named by the side and the action as
    /// written, and what they do follows the verdict.
    fn describe_in_full(&self, state: &WhackState, _seat: Seat, action: &WhackAction) -> Option<String> {
        actions::move_in_full(state, action)
    }

    fn describe_attempt(&self, state: &WhackState, _seat: Seat, text: &str) -> Option<String> {
        actions::attempt(state, text)
    }

    fn describe_result(&self, state: &WhackState, _seat: Seat, action: &WhackAction, _before: &Said) -> Option<Said> {
        match action {
            WhackAction::Roll => actions::describe_roll(state).map(Said::public),
            _ => None,
        }
    }

    fn apply(
        &self,
        state: &mut WhackState,
        _seat: Seat,
        action: &WhackAction,
        rng: &mut dyn RandomSource,
    ) -> Result<(), GameError> {
        actions::apply(state, action, rng)
    }

    fn public(&self, state: &WhackState) -> view::WhackPublic {
        view::public(state)
    }

    fn board(&self, state: &WhackState, _viewer: Viewer, legal: &[WhackAction]) -> Option<BoardView> {
        let mut selectable: Vec<Cell> = Vec::new();
        for action in legal {
            match action {
                WhackAction::Move(mv) => selectable.push(mv.from),
                WhackAction::Change(change) => {
                    for s in arrangements::moved_sections(change) {
                        selectable.extend((0..16).map(|k| Cell::from(s) * 16 + k));
                    }
                }
                WhackAction::Place(_) | WhackAction::Roll => {}
            }
        }
        selectable.sort_unstable();
        selectable.dedup();
        Some(view::board(state, &selectable))
    }

    fn outcome(&self, state: &WhackState) -> Option<Outcome> {
        state.ended.clone()
    }

    fn parse_position(&self, text: &str) -> Result<WhackState, GameError> {
        position::read(text).map_err(|e| GameError::new(ErrorCode::BadPosition, e))
    }

    fn format_position(&self, state: &WhackState) -> String {
        position::write(state)
    }
}
