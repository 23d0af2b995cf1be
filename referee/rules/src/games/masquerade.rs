//! Masquerade Chess (`masquerade`, seed 001 "Masquerade Chess"): chess where every piece above
//! a pawn captures with a move its opponent chose for it in secret. A capture is an attempt
//! the referee answers yes or no; both players learn from the answer. The game ends when a
//! king is captured. Rules page: `docs/games/masquerade.md`.

use super::two_colours::{
    FreePosition, SquareMarks, board_view, color_of, free_fen, move_in_full, read_free_position, seat_of,
};
use crate::chess::{Move, Position, find_move, long_algebraic, parse_squares};
use crate::game::{
    BoardView, ErrorCode, Game, GameError, Outcome, RulesInfo, Said, Seat, Seating, Stage, Turn, Viewer,
};
use crate::geometry::{Bitboard, Square};
use crate::pieces::{Color, Role};
use crate::random::RandomSource;
use serde::{Deserialize, Serialize};

/// The game, for the registry.
pub struct Masquerade;

/// Masquerade Chess has no options.
#[derive(Clone, Debug, Default, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct MasqueradeOptions {}

/// The pieces with a secret capture move, in the seed's table order.
pub const MASKED: [Role; 5] = [Role::King, Role::Queen, Role::Rook, Role::Bishop, Role::Knight];

fn masked_index(role: Role) -> Option<usize> {
    MASKED.iter().position(|r| *r == role)
}

/// One side's capture moves: for each piece of [`MASKED`], the piece whose capture it uses.
pub type Assignment = [Role; 5];

/// One answered capture attempt, kept for what it tells both players.
#[derive(Clone, Debug, Eq, PartialEq, Serialize, Deserialize)]
pub struct Attempt {
    /// Whose piece tried.
    pub color: Color,
    /// Which kind of piece tried.
    pub piece: Role,
    /// The capture moves (as pieces of [`MASKED`]) that reach the target from where it stood.
    pub reaching: Vec<Role>,
    /// The answer.
    pub captured: bool,
}

/// Everything the referee knows.
#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct MasqueradeState {
    /// The pieces.
    pub board: FreePosition,
    /// Each colour's capture moves, chosen by the other seat (White's first).
    pub captures: [Option<Assignment>; 2],
    /// Every capture attempt by a piece with a secret capture move.
    pub attempts: Vec<Attempt>,
    /// Whether both capture assignments are made and play has begun.
    pub playing: bool,
    /// The answer to the last action, when it was a capture attempt.
    #[serde(default)]
    pub last_answer: Option<bool>,
    /// How the game ended.
    pub ended: Option<Outcome>,
}

/// What a player has learnt of one of its own pieces: the capture moves still possible.
#[derive(Clone, Debug, Serialize, schemars::JsonSchema)]
pub struct Deduction {
    /// The piece (`king`, `queen`, ...).
    pub piece: String,
    /// The pieces whose capture it may still use; one when it is known.
    pub possible: Vec<String>,
}

/// What every viewer sees.
#[derive(Clone, Debug, Serialize, schemars::JsonSchema)]
pub struct MasqueradePublic {
    /// The pieces (FEN).
    pub position: String,
    /// `choose` while capture moves are being assigned, then `move`.
    pub stage: Stage,
    /// The side to move.
    pub to_move: Color,
    /// What each side can know of its own pieces from every answered attempt and the
    /// one-to-one rule, White's first. Anyone can work this out from the record.
    pub deductions: Vec<Vec<Deduction>>,
    /// The last capture attempt's answer, if the last action was one.
    pub last_answer: Option<bool>,
}

/// What one seat alone knows: the capture moves it chose for its opponent's pieces.
#[derive(Clone, Debug, Serialize, schemars::JsonSchema)]
pub struct MasqueradePrivate {
    /// For each of the opponent's pieces, the piece whose capture it uses.
    pub opponent_captures: Vec<Deduction>,
}

/// One action.
#[derive(Clone, Debug, Eq, PartialEq)]
pub enum MasqueradeAction {
    /// The capture moves of the opponent's pieces (sealed, at the start).
    Assign(Assignment),
    /// A move, or a capture attempt.
    Move(Move),
}

fn assignment_text(a: &Assignment) -> String {
    MASKED.iter().zip(a).map(|(p, c)| format!("{}{}", p.letter(), c.letter())).collect::<Vec<_>>().join(",")
}

/// Reads `KQ,QN,RB,NR,BK` (spaces, `=` or `:` between the letters allowed): a one-to-one
/// assignment of the five capture moves to the five pieces.
fn read_assignment(text: &str) -> Result<Assignment, String> {
    let cleaned: String = text.chars().filter(|c| c.is_ascii_alphabetic()).collect::<String>().to_ascii_uppercase();
    if cleaned.len() != 10 {
        return Err(
            "Give each of K, Q, R, B and N a capture move, as KQ,QN,RB,NR,BK (king captures like a queen, ...).".into(),
        );
    }
    let mut out: [Option<Role>; 5] = [None; 5];
    for pair in cleaned.as_bytes().chunks(2) {
        let piece = Role::from_letter(pair[0] as char).and_then(masked_index);
        let capture = Role::from_letter(pair[1] as char).filter(|r| masked_index(*r).is_some());
        let (Some(i), Some(capture)) = (piece, capture) else {
            return Err(format!(
                "{} is not a piece and a capture move among K, Q, R, B, N",
                String::from_utf8_lossy(pair)
            ));
        };
        if out[i].is_some() {
            return Err(format!("the {} is given two capture moves", MASKED[i]));
        }
        if out.contains(&Some(capture)) {
            return Err(format!("the {capture}'s capture is given to two pieces: each is used once"));
        }
        out[i] = Some(capture);
    }
    Ok(out.map(|r| r.expect("five distinct pieces")))
}

/// Every assignment: the 120 ways to give the five capture moves to the five pieces.
fn all_assignments() -> Vec<Assignment> {
    fn extend(prefix: &mut Vec<Role>, out: &mut Vec<Assignment>) {
        if prefix.len() == 5 {
            out.push([prefix[0], prefix[1], prefix[2], prefix[3], prefix[4]]);
            return;
        }
        for r in MASKED {
            if !prefix.contains(&r) {
                prefix.push(r);
                extend(prefix, out);
                prefix.pop();
            }
        }
    }
    let mut out = Vec::with_capacity(120);
    extend(&mut Vec::new(), &mut out);
    out
}

fn deductions(assignments: &[Assignment]) -> Vec<Deduction> {
    MASKED
        .iter()
        .enumerate()
        .map(|(i, piece)| Deduction {
            piece: piece.name().into(),
            possible: MASKED
                .iter()
                .filter(|c| assignments.iter().any(|a| a[i] == **c))
                .map(|c| c.name().to_string())
                .collect(),
        })
        .collect()
}

impl MasqueradeState {
    fn pos(&self) -> &Position {
        &self.board.0
    }

    fn assigning(&self) -> bool {
        !self.playing
    }

    /// The capture moves that reach `to` from `from` among the pieces as they stand.
    fn reaching(&self, from: Square, to: Square) -> Vec<Role> {
        let occupied = self.pos().board().occupied();
        MASKED.into_iter().filter(|r| crate::chess::attacks::piece_attacks(*r, from, occupied).contains(to)).collect()
    }

    fn is_attempt(&self, m: Move) -> bool {
        let board = self.pos().board();
        matches!(m, Move::Normal { from, to, .. }
            if board.color_at(to) == Some(self.pos().turn().other())
                && board.role_at(from).and_then(masked_index).is_some())
    }

    /// Quiet moves, pawn captures, and the capture attempts some capture move could make.
    fn moves(&self) -> Vec<Move> {
        let pos = self.pos();
        let board = pos.board();
        let them = board.by_color(pos.turn().other());
        let mut out: Vec<Move> = pos
            .pseudo_legal_moves()
            .iter()
            .copied()
            .filter(|m| {
                let pawn = board.role_at(m.from()) == Some(Role::Pawn);
                pawn || matches!(m, Move::Castle { .. }) || !them.contains(m.to())
            })
            .collect();
        for from in board.by_color(pos.turn()) {
            if board.role_at(from).and_then(masked_index).is_none() {
                continue;
            }
            for to in them {
                if !self.reaching(from, to).is_empty() {
                    out.push(Move::Normal { from, to, promotion: None });
                }
            }
        }
        out
    }

    /// Whether the capture attempt `m` succeeds, if the capture moves are known.
    fn succeeds(&self, m: Move) -> Option<bool> {
        let us = self.pos().turn();
        let role = self.pos().board().role_at(m.from())?;
        let capture = self.captures[us.index()]?[masked_index(role)?];
        Some(self.reaching(m.from(), m.to()).contains(&capture))
    }

    fn deductions_of(&self, color: Color) -> Vec<Deduction> {
        let consistent: Vec<Assignment> = all_assignments()
            .into_iter()
            .filter(|a| {
                self.attempts.iter().filter(|t| t.color == color).all(|t| {
                    let i = masked_index(t.piece).expect("masked pieces attempt");
                    t.reaching.contains(&a[i]) == t.captured
                })
            })
            .collect();
        deductions(&consistent)
    }
}

impl Game for Masquerade {
    type Options = MasqueradeOptions;
    type State = MasqueradeState;
    type Action = MasqueradeAction;
    type Public = MasqueradePublic;
    type Private = MasqueradePrivate;
    type Hidden = crate::game::NoSecret;

    fn info(&self) -> RulesInfo {
        RulesInfo {
            id: "masquerade",
            name: "Masquerade Chess",
            version: 2,
            summary: "Chess where each piece above a pawn captures with a move the opponent chose for it in secret. A capture is an attempt the referee answers yes or no, and both players learn from the answer; capture the king to win.",
            min_seats: 2,
            max_seats: 2,
            equipment: &["chess set", "paper and pencils"],
            random: &[],
            secret: &["the capture moves each player chose for the opponent's pieces"],
            source: "seed 001, \"Masquerade Chess\"",
            position_notation: "FEN, then White's and Black's capture moves (KQ,QN,RB,NR,BK: the king captures like a queen, ...) or ? where unknown",
            action_notation: "at the start, sealed: assign KQ,QN,RB,NR,BK (the opponent's pieces); then a move or capture attempt in UCI (e2e4, b1c3, O-O); also resign, offer-draw, accept-draw, decline-draw",
            lists_all_actions: true,
        }
    }

    fn seating(&self, _options: &MasqueradeOptions) -> Result<Seating, GameError> {
        Ok(Seating::two_colours())
    }

    fn setup(&self, _options: &MasqueradeOptions, _rng: &mut dyn RandomSource) -> Result<MasqueradeState, GameError> {
        Ok(MasqueradeState {
            board: FreePosition(Position::standard()),
            captures: [None, None],
            attempts: Vec::new(),
            playing: false,
            last_answer: None,
            ended: None,
        })
    }

    fn turn(&self, state: &MasqueradeState) -> Turn {
        if state.ended.is_some() {
            Turn::Over
        } else if state.assigning() {
            Turn::round([0, 1], Stage::Choose, true)
        } else {
            Turn::seat(seat_of(state.pos().turn()), Stage::Move)
        }
    }

    fn legal_actions(&self, state: &MasqueradeState, _seat: Seat) -> Vec<MasqueradeAction> {
        if state.assigning() {
            // All 120 tables, the seed's balanced example first.
            let balanced = read_assignment("KQ,QN,RB,NR,BK").expect("valid");
            let others = all_assignments().into_iter().filter(|a| *a != balanced);
            return std::iter::once(balanced).chain(others).map(MasqueradeAction::Assign).collect();
        }
        state.moves().into_iter().map(MasqueradeAction::Move).collect()
    }

    fn parse_action(&self, state: &MasqueradeState, _seat: Seat, text: &str) -> Result<MasqueradeAction, GameError> {
        if state.assigning() {
            let rest = super::two_colours::after_keyword(text, "assign").ok_or_else(|| {
                GameError::new(
                    ErrorCode::BadNotation,
                    "First choose your opponent's capture moves: assign KQ,QN,RB,NR,BK",
                )
            })?;
            return read_assignment(rest)
                .map(MasqueradeAction::Assign)
                .map_err(|m| GameError::new(ErrorCode::BadNotation, m));
        }
        let pos = state.pos();
        let king = pos.board().king_of(pos.turn()).unwrap_or(Square::new(4));
        let (from, to, promotion) =
            parse_squares(king, text).map_err(|e| GameError::new(ErrorCode::BadNotation, e.to_string()))?;
        if let Some(m) = find_move(&state.moves(), from, to, promotion) {
            return Ok(MasqueradeAction::Move(m));
        }
        let board = pos.board();
        let why = if board.color_at(to) == Some(pos.turn().other())
            && board.role_at(from).and_then(masked_index).is_some()
            && board.color_at(from) == Some(pos.turn())
        {
            format!("No capture move reaches {to} from {from}: that is no capture any piece could make.")
        } else {
            crate::chess::why_illegal(pos, from, to, promotion)
        };
        Err(GameError::new(ErrorCode::IllegalAction, why))
    }

    fn format_action(&self, _state: &MasqueradeState, action: &MasqueradeAction) -> String {
        match action {
            MasqueradeAction::Assign(a) => format!("assign {}", assignment_text(a)),
            MasqueradeAction::Move(m) => crate::chess::uci(*m, crate::chess::CastlingMode::Standard),
        }
    }

    fn describe_action(&self, state: &MasqueradeState, seat: Seat, action: &MasqueradeAction) -> Said {
        match action {
            MasqueradeAction::Assign(a) => Said::discreet(
                format!("you chose {}'s capture moves: {}", color_of(seat).other(), assignment_text(a)),
                format!("{} chose {}'s capture moves", color_of(seat), color_of(seat).other()),
            ),
            MasqueradeAction::Move(m) if state.is_attempt(*m) => {
                Said::public(format!("{}?", long_algebraic(state.pos().board(), *m)))
            }
            MasqueradeAction::Move(m) => Said::public(long_algebraic(state.pos().board(), *m)),
        }
    }

    fn describe_result(
        &self,
        state: &MasqueradeState,
        _seat: Seat,
        action: &MasqueradeAction,
        before: &Said,
    ) -> Option<Said> {
        let MasqueradeAction::Move(_) = action else { return None };
        let said = if state.last_answer? { "yes, the capture happens" } else { "no, nothing moves" };
        Some(Said::public(format!("{} {said}", before.to_actor)))
    }

    fn describe_in_full(&self, state: &MasqueradeState, seat: Seat, action: &MasqueradeAction) -> Option<String> {
        let side = color_of(seat);
        let board = state.pos().board();
        Some(match action {
            MasqueradeAction::Move(m) if state.is_attempt(*m) => {
                let (from, to) = (m.from(), m.to());
                let role = |sq| board.role_at(sq).unwrap_or(Role::Pawn);
                format!("{side}'s attempt to take the {} on {to} with the {} on {from}", role(to), role(from))
            }
            MasqueradeAction::Move(m) => move_in_full(board, side, *m),
            MasqueradeAction::Assign(a) => {
                format!("{side}'s choice of {}'s capture moves ({})", side.other(), assignment_text(a))
            }
        })
    }

    fn apply(
        &self,
        state: &mut MasqueradeState,
        seat: Seat,
        action: &MasqueradeAction,
        _rng: &mut dyn RandomSource,
    ) -> Result<(), GameError> {
        let MasqueradeAction::Move(m) = *action else {
            let MasqueradeAction::Assign(a) = action else { unreachable!() };
            // Sealed: applied only by resolve_round; a lone call assigns for the opponent.
            state.captures[color_of(seat).other().index()] = Some(*a);
            return Ok(());
        };
        let us = state.pos().turn();
        state.last_answer = None;
        if state.is_attempt(m) {
            let captured = state.succeeds(m).ok_or_else(|| {
                GameError::new(
                    ErrorCode::NeedsGame,
                    "whether the capture succeeds depends on the capture moves your opponent chose, which only a refereed game knows",
                )
            })?;
            let piece = state.pos().board().role_at(m.from()).expect("a piece attempts");
            let reaching = state.reaching(m.from(), m.to());
            state.attempts.push(Attempt { color: us, piece, reaching, captured });
            state.last_answer = Some(captured);
            if !captured {
                let pos = &mut state.board.0;
                pos.turn = us.other();
                pos.ep_square = None;
                pos.halfmoves += 1;
                if us == Color::Black {
                    pos.fullmoves += 1;
                }
                return Ok(());
            }
        }
        let taken = state.pos().board().role_at(m.to());
        state.board.0.play_unchecked(m);
        if taken == Some(Role::King) {
            state.ended = Some(super::two_colours::wins(us, format!("{us} captured the king")));
        } else if state.moves().is_empty() {
            state.ended = Some(super::two_colours::draw(format!("{} has no move", us.other())));
        }
        Ok(())
    }

    fn resolve_round(
        &self,
        state: &mut MasqueradeState,
        actions: &[(Seat, MasqueradeAction)],
        rng: &mut dyn RandomSource,
    ) -> Result<(), GameError> {
        actions.iter().try_for_each(|(seat, action)| self.apply(state, *seat, action, rng))?;
        state.playing = true;
        Ok(())
    }

    fn public(&self, state: &MasqueradeState) -> MasqueradePublic {
        let last_answer = state.last_answer;
        MasqueradePublic {
            position: free_fen(state.pos()),
            stage: if state.assigning() { Stage::Choose } else { Stage::Move },
            to_move: state.pos().turn(),
            deductions: Color::ALL.iter().map(|c| state.deductions_of(*c)).collect(),
            last_answer,
        }
    }

    fn private(&self, state: &MasqueradeState, seat: Seat) -> Option<MasqueradePrivate> {
        let theirs = state.captures.get(color_of(seat).other().index())?.as_ref()?;
        Some(MasqueradePrivate { opponent_captures: deductions(&[*theirs]) })
    }

    fn board(&self, state: &MasqueradeState, _viewer: Viewer, legal: &[MasqueradeAction]) -> Option<BoardView> {
        let from = legal.iter().fold(Bitboard::EMPTY, |b, a| match a {
            MasqueradeAction::Move(m) => b.with(m.from()),
            MasqueradeAction::Assign(_) => b,
        });
        Some(board_view(state.pos().board(), from, |_| SquareMarks::default()))
    }

    fn outcome(&self, state: &MasqueradeState) -> Option<Outcome> {
        state.ended.clone()
    }

    fn parse_position(&self, text: &str) -> Result<MasqueradeState, GameError> {
        let bad = |m: String| GameError::new(ErrorCode::BadPosition, m);
        let fields: Vec<&str> = text.split_whitespace().collect();
        if fields.len() != 8 {
            return Err(bad(format!(
                "a Masquerade position is six FEN fields, then White's and Black's capture moves (KQ,QN,RB,NR,BK or ?); found {} fields",
                fields.len()
            )));
        }
        let position = read_free_position(&fields[..6]).map_err(bad)?;
        let read = |f: &str, who: &str| -> Result<Option<Assignment>, GameError> {
            if f == "?" { Ok(None) } else { read_assignment(f).map(Some).map_err(|m| bad(format!("{who}: {m}"))) }
        };
        let captures = [read(fields[6], "White's capture moves")?, read(fields[7], "Black's capture moves")?];
        // A position read for a question is in play, even with the capture moves unknown.
        Ok(MasqueradeState {
            board: FreePosition(position),
            captures,
            attempts: Vec::new(),
            playing: true,
            last_answer: None,
            ended: None,
        })
    }

    fn format_position(&self, state: &MasqueradeState) -> String {
        let text = |a: &Option<Assignment>| a.as_ref().map_or("?".to_string(), assignment_text);
        format!("{} {} {}", free_fen(state.pos()), text(&state.captures[0]), text(&state.captures[1]))
    }
}
