//! Crowded House (`crowded-house`, seed 001 "Crowded House"): four players in two teams on one
//! board, each moving pieces of its colour that start or end on its half. Check, checkmate
//! and stalemate are judged against the next player only. Rules page:
//! `docs/games/crowded-house.md`; the board rules are `chess::crowded`.

use super::two_colours::{SquareMarks, board_view, move_in_full, repetition_key};
use crate::chess::crowded::{CrowdedPosition, Half, seat_side, side_name};
use crate::chess::{Move, San, find_move, long_algebraic, parse_squares};
use crate::game::{
    BoardView, ErrorCode, Game, GameError, NoSecret, Outcome, RulesInfo, Said, Seat, SeatInfo, Seating, Stage, Turn,
    Viewer,
};
use crate::geometry::Bitboard;
use crate::pieces::Color;
use crate::random::RandomSource;
use serde::{Deserialize, Serialize};

/// The game, for the registry.
pub struct CrowdedHouse;

/// Crowded House has no options: the orthodox start, four seats.
#[derive(Clone, Debug, Default, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct CrowdedHouseOptions {}

/// Moves and passes without a capture or pawn move that draw the game: fifty moves by each of
/// the four players.
const FIFTY_MOVES: u32 = 200;

/// Everything the referee knows of a Crowded House game.
#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct CrowdedHouseState {
    /// The pieces and the seat to move.
    pub position: CrowdedPosition,
    /// Keys of every position reached, the current one last.
    pub repetition_keys: Vec<u64>,
    /// Whether each seat moved nothing on its last turn.
    pub passed_last_turn: [bool; 4],
    /// The seats that moved nothing after the last action, in order.
    pub passes: Vec<Seat>,
    /// How the game ended by its rules.
    pub ended: Option<Outcome>,
}

/// What every viewer sees of a Crowded House game.
#[derive(Clone, Debug, Serialize, schemars::JsonSchema)]
pub struct CrowdedHousePublic {
    /// The position: FEN, then the half that moves (`king` or `queen`).
    pub position: String,
    /// The colour to move.
    pub to_move: Color,
    /// The half of the seat to move.
    pub half: Half,
    /// Whether the seat to move is in check: the next player could capture its king.
    pub check: bool,
    /// The seats that had no move and moved nothing after the last action.
    pub passed: Vec<Seat>,
}

fn seating() -> Seating {
    let seats = (0..4)
        .map(|seat| {
            let (color, half) = seat_side(seat);
            SeatInfo { seat, side: side_name(color, half), team: color.index() as u8 }
        })
        .collect();
    Seating { seats, teams: vec!["White".into(), "Black".into()] }
}

/// The seat playing with `seat`.
fn partner(seat: Seat) -> Seat {
    (seat + 2) % 4
}

impl CrowdedHouseState {
    fn new(position: CrowdedPosition) -> CrowdedHouseState {
        let mut state = CrowdedHouseState {
            position,
            repetition_keys: Vec::new(),
            passed_last_turn: [false; 4],
            passes: Vec::new(),
            ended: None,
        };
        state.repetition_keys.push(state.key());
        state.settle();
        state
    }

    fn key(&self) -> u64 {
        repetition_key(&self.position.to_text())
    }

    /// Judges the position at the start of a turn, and moves nothing for every seat that has
    /// no legal move while not in check, until a seat can move or the game ends.
    fn settle(&mut self) {
        loop {
            let pos = &self.position;
            let seat = pos.seat();
            let has_moves = !pos.legal_moves().is_empty();
            let mover = seat_side(seat).0;
            let now = self.key();
            let repeated = self.repetition_keys.iter().filter(|k| **k == now).count();
            self.ended = if !has_moves && pos.checker().is_some() {
                let winner = mover.other();
                Some(seating().team_wins(winner.index() as u8, format!("checkmate, {winner} wins")))
            } else if pos.halfmoves() >= FIFTY_MOVES {
                Some(seating().draw("fifty-move rule: fifty moves by every player without a capture or pawn move"))
            } else if repeated >= 3 {
                Some(seating().draw("threefold repetition"))
            } else if !has_moves && self.passed_last_turn[usize::from(partner(seat))] {
                Some(seating().draw(format!("stalemate: neither {mover} player can move")))
            } else {
                None
            };
            if has_moves || self.ended.is_some() {
                return;
            }
            self.passes.push(seat);
            self.passed_last_turn[usize::from(seat)] = true;
            self.position.pass();
            self.repetition_keys.push(self.key());
        }
    }

    fn play(&mut self, m: Move) {
        let seat = self.position.seat();
        self.passes.clear();
        self.passed_last_turn[usize::from(seat)] = false;
        self.position.play(m);
        self.repetition_keys.push(self.key());
        self.settle();
    }
}

impl Game for CrowdedHouse {
    type Options = CrowdedHouseOptions;
    type State = CrowdedHouseState;
    type Action = Move;
    type Public = CrowdedHousePublic;
    type Private = NoSecret;
    type Hidden = NoSecret;

    fn info(&self) -> RulesInfo {
        RulesInfo {
            id: "crowded-house",
            name: "Crowded House",
            version: 2,
            summary: "Four players in two teams on one board: each moves pieces of its colour that start or end on its half (files a–d or e–h), in the order king-side White, king-side Black, queen-side White, queen-side Black. A king is in check only if the next player could capture it.",
            min_seats: 4,
            max_seats: 4,
            equipment: &["chess set"],
            random: &[],
            secret: &[],
            source: "seed 001, \"Crowded House\"",
            position_notation: "FEN, then the half that moves: king or queen",
            action_notation: "UCI (e2e4, e7e8q, castling e1g1), SAN (Bc4) or O-O / O-O-O; also resign, offer-draw, accept-draw, decline-draw",
            lists_all_actions: true,
        }
    }

    fn seating(&self, _options: &CrowdedHouseOptions) -> Result<Seating, GameError> {
        Ok(seating())
    }

    fn setup(
        &self,
        _options: &CrowdedHouseOptions,
        _rng: &mut dyn RandomSource,
    ) -> Result<CrowdedHouseState, GameError> {
        Ok(CrowdedHouseState::new(CrowdedPosition::standard()))
    }

    fn turn(&self, state: &CrowdedHouseState) -> Turn {
        match state.ended {
            Some(_) => Turn::Over,
            None => Turn::seat(state.position.seat(), Stage::Move),
        }
    }

    fn legal_actions(&self, state: &CrowdedHouseState, _seat: Seat) -> Vec<Move> {
        state.position.legal_moves()
    }

    fn parse_action(&self, state: &CrowdedHouseState, _seat: Seat, text: &str) -> Result<Move, GameError> {
        let pos = &state.position;
        let legal = pos.legal_moves();
        let king = pos.board().king_of(pos.turn()).expect("one king a side");
        if let Ok((from, to, promotion)) = parse_squares(king, text) {
            return find_move(&legal, from, to, promotion)
                .ok_or_else(|| GameError::new(ErrorCode::IllegalAction, pos.why_illegal(from, to, promotion)));
        }
        let Some(san) = San::read(text) else {
            return Err(GameError::new(
                ErrorCode::BadNotation,
                format!("\"{}\" is not a move: write it as e2e4, Bc4 or O-O", text.trim()),
            ));
        };
        let fitting: Vec<Move> = legal.iter().copied().filter(|m| san.fits(pos.board(), *m)).collect();
        match fitting.as_slice() {
            [m] => Ok(*m),
            [] => {
                let tried: Vec<Move> =
                    pos.pseudo_moves().iter().copied().filter(|m| san.fits(pos.board(), *m)).collect();
                let why = match tried.as_slice() {
                    [m] => pos.why_illegal(m.from(), m.to(), m.promotion()),
                    [] => format!("None of your pieces can make the move \"{}\".", text.trim()),
                    several => several
                        .iter()
                        .map(|m| pos.why_illegal(m.from(), m.to(), m.promotion()))
                        .collect::<Vec<_>>()
                        .join(" "),
                };
                Err(GameError::new(ErrorCode::IllegalAction, why))
            }
            _ => Err(GameError::new(
                ErrorCode::BadNotation,
                format!("\"{}\" could mean more than one move; say which piece moves", text.trim()),
            )),
        }
    }

    fn format_action(&self, _state: &CrowdedHouseState, action: &Move) -> String {
        crate::chess::uci(*action, crate::chess::CastlingMode::Standard)
    }

    fn describe_action(&self, state: &CrowdedHouseState, _seat: Seat, action: &Move) -> Said {
        let mut after = state.position;
        after.play(*action);
        let check = if after.checker().is_some() { "+" } else { "" };
        Said::public(format!("{}{check}", long_algebraic(state.position.board(), *action)))
    }

    /// The move, and who moved nothing after it.
    fn describe_result(&self, state: &CrowdedHouseState, _seat: Seat, _action: &Move, before: &Said) -> Option<Said> {
        if state.passes.is_empty() {
            return None;
        }
        let passers = seating().names(&state.passes);
        let verb = if state.passes.len() == 1 { "has no move and passes" } else { "have no move and pass" };
        Some(Said::public(format!("{}; {passers} {verb}", before.to_actor)))
    }

    fn describe_in_full(&self, state: &CrowdedHouseState, seat: Seat, action: &Move) -> Option<String> {
        let pos = &state.position;
        let said = self.describe_action(state, seat, action).to_actor;
        let (color, half) = seat_side(seat);
        // "Black's bishop b4→c3" said of the half that moves it: "king-side Black's bishop b4→c3".
        let text = move_in_full(pos.board(), pos.turn(), *action);
        let piece = text.strip_prefix(&format!("{}'s ", pos.turn())).unwrap_or(&text);
        Some(format!("{}'s {piece} ({said})", side_name(color, half)))
    }

    fn describe_attempt(&self, state: &CrowdedHouseState, _seat: Seat, text: &str) -> Option<String> {
        crate::chess::uci_attempt_in_words(state.position.board(), text)
    }

    fn apply(
        &self,
        state: &mut CrowdedHouseState,
        _seat: Seat,
        action: &Move,
        _rng: &mut dyn RandomSource,
    ) -> Result<(), GameError> {
        state.play(*action);
        Ok(())
    }

    fn public(&self, state: &CrowdedHouseState) -> CrowdedHousePublic {
        // Nothing is secret in Crowded House: the seed asks partners to talk in the open.
        let pos = &state.position;
        CrowdedHousePublic {
            position: pos.to_text(),
            to_move: pos.turn(),
            half: pos.half,
            // At checkmate too: the mated king is shown in check.
            check: pos.checker().is_some(),
            passed: state.passes.clone(),
        }
    }

    fn board(&self, state: &CrowdedHouseState, viewer: Viewer, legal: &[Move]) -> Option<BoardView> {
        let pos = &state.position;
        let from = legal.iter().fold(Bitboard::EMPTY, |b, m| b.with(m.from()));
        let king_in_check = pos.checker().and_then(|_| pos.board().king_of(pos.turn()));
        // The viewer's own half; a spectator sees the half of the seat to move.
        let half = viewer.seat().map_or(pos.half, |s| seat_side(s).1).squares();
        Some(board_view(pos.board(), from, |sq| {
            let mut markers = Vec::new();
            if half.contains(sq) {
                markers.push("half".into());
            }
            if Some(sq) == king_in_check {
                markers.push("check".into());
            }
            SquareMarks { markers, ..Default::default() }
        }))
    }

    fn outcome(&self, state: &CrowdedHouseState) -> Option<Outcome> {
        state.ended.clone()
    }

    fn parse_position(&self, text: &str) -> Result<CrowdedHouseState, GameError> {
        let position = CrowdedPosition::read(text).map_err(|e| GameError::new(ErrorCode::BadPosition, e.0))?;
        Ok(CrowdedHouseState::new(position))
    }

    fn format_position(&self, state: &CrowdedHouseState) -> String {
        state.position.to_text()
    }
}
