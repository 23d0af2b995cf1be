//! Adrenaline Chess (`adrenaline`, seed 001 "Adrenaline Chess"): after a turn with a capture,
//! the capturer places a checker under one of the opponent's pieces; a piece on checkers
//! makes its regular move and may then spend them for extra king moves.
//! Rules page: `docs/games/adrenaline.md`.

use super::stacked_chess::{MovePart, Part, StackedPlay, StackedPublic};
use super::two_colours::{after_keyword, color_of};
use crate::chess::boost::{BoostPosition, Checkers};
use crate::chess::describe;
use crate::game::{
    BoardView, ErrorCode, Game, GameError, NoSecret, Outcome, RulesInfo, Said, Seat, Seating, Stage, Turn, Viewer,
};
use crate::geometry::{Bitboard, Square};
use crate::random::RandomSource;
use serde::{Deserialize, Serialize};
use std::collections::BTreeSet;

pub struct Adrenaline;

/// The seed's equipment is "a standard set of 24 checkers".
pub const STANDARD_CHECKERS: u8 = 24;

#[derive(Clone, Debug, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(default, deny_unknown_fields)]
pub struct AdrenalineOptions {
    /// How many checkers the table has; once all are on the board, captures add none.
    pub checkers: u8,
}

impl Default for AdrenalineOptions {
    fn default() -> Self {
        AdrenalineOptions { checkers: STANDARD_CHECKERS }
    }
}

#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct AdrenalineState {
    #[serde(flatten)]
    pub play: StackedPlay,
    pub checker_limit: u8,
}

#[derive(Clone, Debug, Eq, PartialEq)]
pub enum AdrenalineAction {
    Move(MovePart),
    /// Place a checker under the opponent's piece on this square.
    Place(Square),
}

const FINISH: &str = "place";

/// What every viewer sees of an Adrenaline game.
#[derive(Clone, Debug, Serialize, schemars::JsonSchema)]
pub struct AdrenalinePublic {
    /// The position in the game's notation.
    pub position: String,
    /// Checkers still off the board.
    pub checkers_left: u32,
    /// Checkers the table has.
    pub checker_limit: u8,
    /// Stacks, side to move, check, the stepping piece.
    #[serde(flatten)]
    pub play: StackedPublic,
}

impl AdrenalineState {
    fn supply(&self) -> u32 {
        u32::from(self.checker_limit).saturating_sub(self.play.position.checkers_on_board()[0])
    }

    /// Squares the mover may place the checker on: any opponent piece that could not then
    /// reach the mover's own king.
    fn placements(&self) -> Bitboard {
        let pos = &self.play.position;
        let us = pos.turn;
        pos.board
            .by_color(us.other())
            .into_iter()
            .filter(|sq| {
                let mut after = *pos;
                after.add_checker(*sq, us);
                !after.in_check(us)
            })
            .fold(Bitboard::EMPTY, |b, sq| b.with(sq))
    }

    /// Whether the turn must end by placing a checker: it captured and the supply has one.
    fn owes_checker(&self, captured: bool) -> bool {
        captured && self.supply() > 0
    }

    /// After the moving is over: place a checker if the turn captured and one is left;
    /// otherwise pass the move.
    fn after_moving(&mut self) {
        if let Part::Finish { captured } = self.play.part
            && !self.owes_checker(captured)
        {
            self.end_turn();
        }
    }

    /// Passes the move. A side whose every move is a capture that could not end its turn has
    /// no legal move: the position is judged so.
    fn end_turn(&mut self) {
        self.play.end_turn();
        self.judge_moves();
    }

    /// At the start of a turn: if every move is a capture that could not end the turn, the
    /// mover has no legal move, and the position is judged so (checkmate or stalemate).
    fn judge_moves(&mut self) {
        if self.play.ended.is_none() && !self.play.legal_parts().into_iter().any(|p| self.completes(p)) {
            self.play.settle_as(false);
        }
    }

    /// Whether the turn, as it stands, can still end lawfully: a turn that captured ends by
    /// placing a checker (while the supply lasts), and never with the mover's king attackable,
    /// so some piece must be able to take the checker safely, now or after further extra moves.
    fn can_finish(&self, seen: &mut BTreeSet<String>) -> bool {
        match self.play.part {
            Part::Move => true,
            Part::Finish { captured } => !self.owes_checker(captured) || self.placements().nonempty(),
            Part::Steps { .. } => {
                if !seen.insert(self.play.position.to_text()) {
                    return false;
                }
                // `done` first: it is the cheapest way to finish.
                let mut parts = self.play.legal_parts();
                parts.rotate_right(1);
                parts.into_iter().any(|part| {
                    let mut next = self.clone();
                    next.play.play_part(part);
                    next.can_finish(seen)
                })
            }
        }
    }

    /// Whether `part` may be played: the turn must still be able to end lawfully after it.
    fn completes(&self, part: MovePart) -> bool {
        let mut next = self.clone();
        next.play.play_part(part);
        next.can_finish(&mut BTreeSet::new())
    }
}

impl Game for Adrenaline {
    type Options = AdrenalineOptions;
    type State = AdrenalineState;
    type Action = AdrenalineAction;
    type Public = AdrenalinePublic;
    type Private = NoSecret;
    type Hidden = NoSecret;

    fn info(&self) -> RulesInfo {
        RulesInfo {
            id: "adrenaline",
            name: "Adrenaline Chess",
            version: 2,
            summary: "Chess where every capture gives one of the opponent's pieces an adrenaline rush: a checker under it. A piece on checkers moves normally, then may spend them for extra king moves, and check counts those moves.",
            min_seats: 2,
            max_seats: 2,
            equipment: &["chess set", "24 stackable checkers"],
            random: &[],
            secret: &[],
            source: "seed 001, \"Adrenaline Chess\"",
            position_notation: "FEN, then the checker stacks (c1:3,h7:1 or -), then the part of the turn (move, steps:e4, place; * if the turn captured)",
            action_notation: "UCI for the regular move (e2e4, e1g1 or O-O), UCI for each extra king move (e4e5), done to stop, place <square> for the checker; also resign, offer-draw, accept-draw, decline-draw",
            lists_all_actions: true,
        }
    }

    fn setup(&self, options: &AdrenalineOptions, _rng: &mut dyn RandomSource) -> Result<AdrenalineState, GameError> {
        if options.checkers > 64 {
            return Err(GameError::new(ErrorCode::BadOptions, "a table has at most 64 checkers"));
        }
        Ok(AdrenalineState {
            play: StackedPlay::new(BoostPosition::standard(Checkers::Colourless), Part::Move),
            checker_limit: options.checkers,
        })
    }

    fn seating(&self, _options: &AdrenalineOptions) -> Result<Seating, GameError> {
        Ok(Seating::two_colours())
    }

    fn turn(&self, state: &AdrenalineState) -> Turn {
        state.play.turn(Stage::PlaceChecker)
    }

    fn legal_actions(&self, state: &AdrenalineState, _seat: Seat) -> Vec<AdrenalineAction> {
        let parts = state.play.legal_parts().into_iter().filter(|p| state.completes(*p));
        let mut out: Vec<AdrenalineAction> = parts.map(AdrenalineAction::Move).collect();
        if matches!(state.play.part, Part::Finish { .. }) {
            out.extend(state.placements().into_iter().map(AdrenalineAction::Place));
        }
        out
    }

    fn parse_action(&self, state: &AdrenalineState, seat: Seat, text: &str) -> Result<AdrenalineAction, GameError> {
        let me = color_of(seat);
        let t = text.trim();
        let place = after_keyword(t, "place");
        if let Some(square) = place {
            let sq: Square = square.parse().map_err(|_| {
                GameError::new(ErrorCode::BadNotation, format!("\"{t}\": write place and a square, like place h7"))
            })?;
            let illegal = |m: String| Err(GameError::new(ErrorCode::IllegalAction, m));
            if !matches!(state.play.part, Part::Finish { .. }) {
                return illegal("You place a checker only at the end of a turn in which you captured.".into());
            }
            if state.play.position.board.color_at(sq) != Some(me.other()) {
                return illegal(format!("The checker goes under one of your opponent's pieces, and {sq} has none."));
            }
            if !state.placements().contains(sq) {
                let mut after = state.play.position;
                after.add_checker(sq, me);
                let by = after.checker_of(me).map_or_else(String::new, |b| describe(&after.board, b));
                return illegal(format!(
                    "A checker under {} would let {by} reach your king; place it under another piece.",
                    describe(&after.board, sq)
                ));
            }
            return Ok(AdrenalineAction::Place(sq));
        }
        let part = state
            .play
            .read_move_part(t, "you captured, so place a checker under an opponent's piece, like place h7")?;
        if !state.completes(part) {
            return Err(GameError::new(
                ErrorCode::IllegalAction,
                "This capture could not end your turn: a turn that captures ends by placing a checker under one of your opponent's pieces, and a checker under any of them would let it reach your king. Only an empty supply lets a capture end without a checker.",
            ));
        }
        Ok(AdrenalineAction::Move(part))
    }

    fn format_action(&self, state: &AdrenalineState, action: &AdrenalineAction) -> String {
        match action {
            AdrenalineAction::Move(part) => state.play.format_part(*part),
            AdrenalineAction::Place(sq) => format!("place {sq}"),
        }
    }

    fn describe_action(&self, state: &AdrenalineState, _seat: Seat, action: &AdrenalineAction) -> Said {
        Said::public(match action {
            AdrenalineAction::Move(part) => state.play.describe_part(*part),
            AdrenalineAction::Place(sq) => format!("a checker under {}", describe(&state.play.position.board, *sq)),
        })
    }

    fn describe_in_full(&self, state: &AdrenalineState, seat: Seat, action: &AdrenalineAction) -> Option<String> {
        let me = color_of(seat);
        Some(match action {
            AdrenalineAction::Move(part) => state.play.describe_part_in_full(*part, me),
            AdrenalineAction::Place(sq) => {
                format!("{me}'s checker put under {}", describe(&state.play.position.board, *sq))
            }
        })
    }

    fn describe_attempt(&self, state: &AdrenalineState, _seat: Seat, text: &str) -> Option<String> {
        crate::chess::uci_attempt_in_words(&state.play.position.board, text)
    }

    fn apply(
        &self,
        state: &mut AdrenalineState,
        seat: Seat,
        action: &AdrenalineAction,
        _rng: &mut dyn RandomSource,
    ) -> Result<(), GameError> {
        let me = color_of(seat);
        match action {
            AdrenalineAction::Move(part) => {
                state.play.play_part(*part);
                state.after_moving();
            }
            AdrenalineAction::Place(sq) => {
                state.play.position.add_checker(*sq, me);
                state.end_turn();
            }
        }
        Ok(())
    }

    fn public(&self, state: &AdrenalineState) -> AdrenalinePublic {
        // Nothing is secret in Adrenaline Chess.
        AdrenalinePublic {
            position: self.format_position(state),
            checkers_left: state.supply(),
            checker_limit: state.checker_limit,
            play: state.play.public(),
        }
    }

    fn board(&self, state: &AdrenalineState, _viewer: Viewer, legal: &[AdrenalineAction]) -> Option<BoardView> {
        let moves = legal.iter().filter_map(|a| match a {
            AdrenalineAction::Move(p) => Some(*p),
            AdrenalineAction::Place(_) => None,
        });
        let places = legal.iter().fold(Bitboard::EMPTY, |b, a| match a {
            AdrenalineAction::Place(sq) => b.with(*sq),
            AdrenalineAction::Move(_) => b,
        });
        Some(state.play.board(StackedPlay::selectable(moves) | places))
    }

    fn outcome(&self, state: &AdrenalineState) -> Option<Outcome> {
        state.play.ended.clone()
    }

    fn parse_position(&self, text: &str) -> Result<AdrenalineState, GameError> {
        let fields: Vec<&str> = text.split_whitespace().collect();
        let (fields, moved) = StackedPlay::split_moved_pawns(&fields);
        if fields.len() > 8 {
            return Err(GameError::new(
                ErrorCode::BadPosition,
                "an Adrenaline position has at most 8 fields and the moved pawns",
            ));
        }
        let (position, part) = StackedPlay::read_position(fields, moved, Checkers::Colourless, FINISH)?;
        let on_board = position.checkers_on_board()[0];
        let limit = STANDARD_CHECKERS.max(u8::try_from(on_board).unwrap_or(u8::MAX));
        let mut state = AdrenalineState { play: StackedPlay::new(position, part), checker_limit: limit };
        match part {
            Part::Finish { .. } => state.after_moving(),
            Part::Move => state.judge_moves(),
            Part::Steps { .. } => {}
        }
        Ok(state)
    }

    fn format_position(&self, state: &AdrenalineState) -> String {
        format!("{} {}{}", state.play.position.to_text(), state.play.part_text(FINISH), state.play.moved_pawns_field())
    }
}
