//! The turn Adrenaline Chess and Booster Chess share (seed 001): a regular move, then extra
//! king steps while the moved piece has checkers that count for it, then the game's own
//! finishing part (placing a checker after a capture; playing a card). Reading, writing and
//! describing those parts, and the end of the game by checkmate, stalemate and draw rules.

use super::two_colours::{SquareMarks, board_view, judge, move_in_full, repetition_key, seat_of};
use crate::chess::boost::{BoostPosition, Checkers, Effects};
use crate::chess::{CastlingMode, Move, describe, find_move, long_algebraic, parse_squares, uci};
use crate::game::{BoardView, ErrorCode, GameError, Outcome, StackView, Stage, Turn};
use crate::geometry::{Bitboard, Square};
use crate::pieces::{Color, Role};
use serde::{Deserialize, Serialize};

/// Where the side to move is inside its turn.
#[derive(Copy, Clone, Debug, Eq, PartialEq, Serialize, Deserialize)]
#[serde(tag = "part", rename_all = "snake_case")]
pub enum Part {
    /// The regular move.
    Move,
    /// The piece now on `at` may spend checkers for extra king steps, or say `done`.
    Steps { at: Square, captured: bool },
    /// The game's own last part; `captured` says whether this turn took a piece.
    Finish { captured: bool },
}

/// A regular move, an extra step, or stopping the steps.
#[derive(Copy, Clone, Debug, Eq, PartialEq)]
pub enum MovePart {
    Regular(Move),
    Step { from: Square, to: Square, promotion: Option<Role> },
    Done,
}

#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct StackedPlay {
    pub position: BoostPosition,
    pub part: Part,
    /// Keys of the positions at the start of each turn, for threefold repetition: the board
    /// with its stacks, side to move and rights (the checkers in front of each player follow
    /// from the stacks; Booster's hands are not part of it).
    pub repetition_keys: Vec<u64>,
    /// How the game ended by its rules.
    pub ended: Option<Outcome>,
}

/// One checker stack on the board, for views.
#[derive(Clone, Debug, Serialize, schemars::JsonSchema)]
pub struct StackInfo {
    pub square: Square,
    pub count: u8,
    /// Whose checkers (Booster); `None` for Adrenaline's colourless ones.
    pub color: Option<Color>,
    /// Extra king moves the piece on it may make (negative: hobbled).
    pub power: i8,
}

/// What every viewer sees of a checker-stack game's board and turn.
#[derive(Clone, Debug, Serialize, schemars::JsonSchema)]
pub struct StackedPublic {
    /// The side to move.
    pub to_move: Color,
    /// Whether the side to move is in check.
    pub check: bool,
    /// Every stack on the board.
    pub stacks: Vec<StackInfo>,
    /// The square of the piece making extra king moves now.
    pub stepping: Option<Square>,
}

impl StackedPlay {
    pub fn new(position: BoostPosition, part: Part) -> StackedPlay {
        let mut play = StackedPlay { position, part, repetition_keys: Vec::new(), ended: None };
        play.repetition_keys.push(play.key());
        if part == Part::Move {
            play.settle();
        }
        play
    }

    pub fn mover(&self) -> Color {
        self.position.turn
    }

    /// The position without its move counters.
    fn key(&self) -> u64 {
        repetition_key(&format!("{}{}", self.position.to_text(), self.moved_pawns_field()))
    }

    /// Ends the game if the position at the start of a turn ends it.
    fn settle(&mut self) {
        self.settle_as(!self.position.regular_moves().is_empty());
    }

    /// Judges the position at the start of a turn, where the game knows better than the board
    /// whether the mover `has_moves` (Adrenaline refuses captures that cannot end the turn).
    pub fn settle_as(&mut self, has_moves: bool) {
        let pos = &self.position;
        let mover = pos.turn;
        let repeated = self.repetition_keys.iter().filter(|k| **k == self.key()).count();
        self.ended = judge(mover, has_moves, pos.in_check(mover), pos.only_bare_kings(), pos.halfmoves, repeated);
    }

    /// The stage of the turn, `finish` naming the game's own last part.
    pub fn stage(&self, finish: Stage) -> Stage {
        match self.part {
            Part::Move => Stage::Move,
            Part::Steps { .. } => Stage::ExtraMoves,
            Part::Finish { .. } => finish,
        }
    }

    /// Whose turn it is and in which stage, or over.
    pub fn turn(&self, finish: Stage) -> Turn {
        match self.ended {
            Some(_) => Turn::Over,
            None => Turn::seat(seat_of(self.mover()), self.stage(finish)),
        }
    }

    /// Passes the move and judges the new position.
    pub fn end_turn(&mut self) {
        self.position.end_turn();
        self.part = Part::Move;
        self.repetition_keys.push(self.key());
        self.settle();
    }

    /// The move parts the side to move may play now (empty in the finishing part).
    pub fn legal_parts(&self) -> Vec<MovePart> {
        match self.part {
            Part::Move => self.position.regular_moves().into_iter().map(MovePart::Regular).collect(),
            Part::Steps { at, .. } => {
                let mut out: Vec<MovePart> = Vec::new();
                for to in self.position.step_targets(at) {
                    if self.position.promotes(at, to) {
                        out.extend(Role::PROMOTIONS.map(|p| MovePart::Step { from: at, to, promotion: Some(p) }));
                    } else {
                        out.push(MovePart::Step { from: at, to, promotion: None });
                    }
                }
                out.push(MovePart::Done);
                out
            }
            Part::Finish { .. } => Vec::new(),
        }
    }

    /// Reads a move part, or `None` if the text is not one (the game's own actions).
    pub fn parse_part(&self, text: &str) -> Option<Result<MovePart, GameError>> {
        let t = text.trim();
        let illegal = |m: String| GameError::new(ErrorCode::IllegalAction, m);
        if t.eq_ignore_ascii_case("done") {
            return Some(match self.part {
                Part::Steps { .. } => Ok(MovePart::Done),
                _ => Err(illegal(
                    "There are no extra moves to stop: \"done\" ends the extra king moves of a piece on checkers."
                        .into(),
                )),
            });
        }
        let king = self.position.board.king_of(self.mover())?;
        let (from, to, promotion) = parse_squares(king, t).ok()?;
        Some(self.find_part(from, to, promotion))
    }

    /// Reads a move part; text that is not one is explained with the move notation, or in the
    /// finishing part with `finish_hint` (what the game expects there).
    pub fn read_move_part(&self, text: &str, finish_hint: &str) -> Result<MovePart, GameError> {
        let t = text.trim();
        self.parse_part(t).unwrap_or_else(|| {
            Err(GameError::new(
                ErrorCode::BadNotation,
                match self.part {
                    Part::Finish { .. } => format!("\"{t}\": {finish_hint}"),
                    _ => format!(
                        "\"{t}\" is not a move: write the from-square and the to-square, like e2e4 (O-O to castle), or done to stop extra moves"
                    ),
                },
            ))
        })
    }

    fn find_part(&self, from: Square, to: Square, promotion: Option<Role>) -> Result<MovePart, GameError> {
        let illegal = |m: String| GameError::new(ErrorCode::IllegalAction, m);
        let pos = &self.position;
        match self.part {
            Part::Move => find_move(&pos.regular_moves(), from, to, promotion)
                .map(MovePart::Regular)
                .ok_or_else(|| illegal(pos.why_illegal(from, to, promotion))),
            Part::Steps { at, .. } => {
                if from != at {
                    return Err(illegal(format!(
                        "Only {} may still move this turn, with extra king moves; say \"done\" to stop.",
                        describe(&pos.board, at)
                    )));
                }
                let promotes = pos.promotes(at, to);
                if pos.step_targets(at).contains(to) {
                    if promotes && promotion.is_none() {
                        return Err(illegal(format!(
                            "A pawn reaching the last rank must be promoted: add q, r, b or n, as in {from}{to}q."
                        )));
                    }
                    return Ok(MovePart::Step { from, to, promotion: promotion.filter(|_| promotes) });
                }
                Err(illegal(pos.why_step_illegal(from, to)))
            }
            Part::Finish { .. } => Err(illegal("Your piece has finished moving this turn.".into())),
        }
    }

    pub fn format_part(&self, part: MovePart) -> String {
        match part {
            MovePart::Regular(m) => uci(m, CastlingMode::Standard),
            MovePart::Step { from, to, promotion } => uci(Move::Normal { from, to, promotion }, CastlingMode::Standard),
            MovePart::Done => "done".into(),
        }
    }

    /// "Nb1-c3", "Bf1xh7", "O-O", "then Kh7-g8" for an extra step.
    pub fn describe_part(&self, part: MovePart) -> String {
        let board = &self.position.board;
        match part {
            MovePart::Regular(m) => long_algebraic(board, m),
            MovePart::Step { from, to, promotion } => {
                format!("then {}", long_algebraic(board, Move::Normal { from, to, promotion }))
            }
            MovePart::Done => "done".into(),
        }
    }

    /// A move part spelt out for a dispute: "White's queen d1→h5", "White's queen h5→h6 (an
    /// extra king step)", "White's end of the extra moves".
    pub fn describe_part_in_full(&self, part: MovePart, mover: Color) -> String {
        let board = &self.position.board;
        match part {
            MovePart::Regular(m) => move_in_full(board, mover, m),
            MovePart::Step { from, to, promotion } => {
                let step = move_in_full(board, mover, Move::Normal { from, to, promotion });
                format!("{step} (an extra king step)")
            }
            MovePart::Done => format!("{mover}'s end of the extra moves"),
        }
    }

    /// Plays a move part found by [`StackedPlay::parse_part`] or [`StackedPlay::legal_parts`],
    /// and moves on to the steps or the finishing part.
    pub fn play_part(&mut self, part: MovePart) -> Effects {
        let captured_before = matches!(self.part, Part::Steps { captured: true, .. });
        let (effects, at) = match part {
            MovePart::Regular(m) => {
                let effects = self.position.play_regular(m);
                let at = match m {
                    Move::Castle { .. } => None,
                    _ => Some(m.to()),
                };
                (effects, at)
            }
            MovePart::Step { from, to, promotion } => (self.position.play_step(from, to, promotion), Some(to)),
            MovePart::Done => (Effects::default(), None),
        };
        let captured = captured_before || effects.captured.is_some();
        self.part = match at {
            Some(at) if self.position.step_targets(at).nonempty() => Part::Steps { at, captured },
            _ => Part::Finish { captured },
        };
        effects
    }

    /// The part as written in positions: `move`, `steps:e4` (`*` if the turn captured),
    /// or the game's own name for the finishing part (`place`, `card`).
    pub fn part_text(&self, finish: &str) -> String {
        let star = |c: bool| if c { "*" } else { "" };
        match self.part {
            Part::Move => "move".into(),
            Part::Steps { at, captured } => format!("steps:{at}{}", star(captured)),
            Part::Finish { captured } => format!("{finish}{}", star(captured)),
        }
    }

    /// Reads what [`StackedPlay::part_text`] writes.
    pub fn read_part(text: &str, finish: &str) -> Result<Part, GameError> {
        let bad = || {
            GameError::new(
                ErrorCode::BadPosition,
                format!(
                    "the part of the turn should be move, steps:<square> or {finish} (with * if the turn captured), found '{text}'"
                ),
            )
        };
        let (body, captured) = match text.strip_suffix('*') {
            Some(b) => (b, true),
            None => (text, false),
        };
        if body == "move" && !captured {
            Ok(Part::Move)
        } else if body == finish {
            Ok(Part::Finish { captured })
        } else if let Some(sq) = body.strip_prefix("steps:") {
            Ok(Part::Steps { at: sq.parse().map_err(|_| bad())?, captured })
        } else {
            Err(bad())
        }
    }

    /// Reads `FEN stacks [part]`, checking the position can occur in that part.
    /// Splits off the last field of a position if it lists moved pawns (`moved:c2,d7`): the
    /// other fields, and the list.
    pub fn split_moved_pawns<'a>(fields: &'a [&'a str]) -> (&'a [&'a str], Option<&'a str>) {
        match fields.split_last() {
            Some((last, rest)) if last.starts_with("moved:") => (rest, last.strip_prefix("moved:")),
            _ => (fields, None),
        }
    }

    /// The last field of a position: ` moved:c2,d7` when pawns on their starting rank have
    /// moved before, else nothing.
    pub fn moved_pawns_field(&self) -> String {
        if self.position.moved_pawns.is_empty() {
            String::new()
        } else {
            format!(" moved:{}", self.position.moved_pawns_text())
        }
    }

    /// Reads a position's FEN, stacks and stage fields, with the moved pawns split off by
    /// [`StackedPlay::split_moved_pawns`].
    pub fn read_position(
        fields: &[&str],
        moved: Option<&str>,
        checkers: Checkers,
        finish: &str,
    ) -> Result<(BoostPosition, Part), GameError> {
        let bad = |m: String| GameError::new(ErrorCode::BadPosition, m);
        if fields.len() < 7 {
            return Err(bad(format!(
                "the position needs the six FEN fields and a field of checker stacks ('-' for none), found {} fields",
                fields.len()
            )));
        }
        let part = match fields.get(7) {
            Some(t) => StackedPlay::read_part(t, finish)?,
            None => Part::Move,
        };
        let moved = moved.unwrap_or("-");
        let position = if part == Part::Move {
            BoostPosition::from_fields(&fields[..6], fields[6], moved, checkers)
        } else {
            BoostPosition::read_fields(&fields[..6], fields[6], checkers).and_then(|mut position| {
                position.read_moved_pawns(moved)?;
                Ok(position)
            })
        }
        .map_err(|e| bad(e.0))?;
        if let Part::Steps { at, .. } = part
            && position.board.color_at(at) != Some(position.turn)
        {
            return Err(bad(format!("the extra moves belong to a piece of the side to move, and {at} has none")));
        }
        Ok((position, part))
    }

    /// Stacks, the side to move and the stepping piece, for views.
    pub fn public(&self) -> StackedPublic {
        let pos = &self.position;
        let stacks = Square::all()
            .filter(|sq| pos.stacks[sq.index()] != 0)
            .map(|sq| {
                let (count, color) = pos.stack(sq);
                StackInfo { square: sq, count, color, power: pos.power(sq) }
            })
            .collect();
        let stepping = match self.part {
            Part::Steps { at, .. } => Some(at),
            _ => None,
        };
        StackedPublic { to_move: self.mover(), check: pos.in_check(self.mover()), stacks, stepping }
    }

    /// The squares a seat selects to play these move parts: the piece to move.
    pub fn selectable(parts: impl IntoIterator<Item = MovePart>) -> Bitboard {
        parts.into_iter().fold(Bitboard::EMPTY, |b, p| match p {
            MovePart::Regular(m) => b.with(m.from()),
            MovePart::Step { from, .. } => b.with(from),
            MovePart::Done => b,
        })
    }

    /// The board as data: pieces, checker stacks (boosted or hobbled where they count), the
    /// king in check, and `selectable` squares.
    pub fn board(&self, selectable: Bitboard) -> BoardView {
        let pos = &self.position;
        let king_in_check = if pos.in_check(self.mover()) { pos.board.king_of(self.mover()) } else { None };
        board_view(&pos.board, selectable, |sq| {
            let (count, colour) = pos.stack(sq);
            let power = pos.power(sq);
            let stacks = (count > 0)
                .then(|| StackView {
                    kind: "checker".into(),
                    count: u32::from(count),
                    colour: colour.map(|c| c.name().to_lowercase()),
                    effect: match power {
                        p if p > 0 && colour.is_some() => Some("boosted".into()),
                        p if p < 0 => Some("hobbled".into()),
                        _ => None,
                    },
                })
                .into_iter()
                .collect();
            let markers = if Some(sq) == king_in_check { vec!["check".into()] } else { Vec::new() };
            SquareMarks { stacks, markers }
        })
    }
}
