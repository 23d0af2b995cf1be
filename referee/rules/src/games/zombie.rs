//! Zombie Chess (`zombie`, seed 001 "Zombie Chess"): orthodox chess where every captured piece
//! is secretly buried under one of the capturer's pieces, and comes back as a zombie of its
//! owner when the piece on top moves off. Zombies must move every turn or crumble to dust.
//! Rules page: `docs/games/zombie.md`.

use super::two_colours::{
    FreePosition, SquareMarks, board_view, color_of, free_fen, move_in_full, read_free_position, repetition_key,
    seat_of,
};
use crate::chess::{Move, Position, find_move, long_algebraic, parse_squares};
use crate::game::{
    BoardView, ErrorCode, Game, GameError, Outcome, RulesInfo, Said, Seat, Seating, StackView, Stage, Turn, Viewer,
};
use crate::geometry::{Bitboard, Square};
use crate::pieces::{Color, Piece, Role};
use crate::random::RandomSource;
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;

/// The game, for the registry.
pub struct Zombie;

/// Zombie Chess has no options.
#[derive(Clone, Debug, Default, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct ZombieOptions {}

/// Where a turn is.
#[derive(Copy, Clone, Debug, Eq, PartialEq, Serialize, Deserialize)]
pub enum Step {
    /// The turn's regular move.
    Move,
    /// A piece of this kind was captured and must be buried.
    Bury(Role),
    /// The horde: zombies not yet moved may move, or `done`.
    Horde,
}

/// Everything the referee knows.
#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct ZombieState {
    /// The pieces; the side to move is the side whose turn it is.
    pub board: FreePosition,
    /// Squares of pieces that are zombies (a coin under them).
    pub zombies: Bitboard,
    /// Zombies that have moved this turn.
    pub moved: Bitboard,
    /// Zombies of the side to move that came back during this turn: they move from next turn.
    pub fresh: Bitboard,
    /// Each side's burial grid, White's first: the opponent's pieces it buried, by square.
    pub grids: [BTreeMap<Square, Role>; 2],
    /// Destroyed pieces by owner, White's first.
    pub dust: [Vec<Role>; 2],
    /// The en passant square the turn's double step left, restored when the turn ends.
    pub pending_ep: Option<Square>,
    /// Where the turn is.
    pub step: Step,
    /// What the table heard during the last action, in order.
    pub heard: Vec<String>,
    /// Keys of every position at the start of a turn.
    pub repetition_keys: Vec<u64>,
    /// How the game ended.
    pub ended: Option<Outcome>,
}

/// One action.
#[derive(Copy, Clone, Debug, Eq, PartialEq)]
pub enum ZombieAction {
    /// A regular move, or a zombie's move.
    Move(Move),
    /// Bury the captured piece under one's own piece on this square.
    Bury(Square),
    /// End the turn: unmoved zombies crumble.
    Done,
}

/// A buried piece, as its burier sees it.
#[derive(Clone, Debug, Serialize, schemars::JsonSchema)]
pub struct Burial {
    /// The square of the burier's piece on top.
    pub square: Square,
    /// The buried piece (`pawn`, `knight`, ...).
    pub piece: String,
}

/// What every viewer sees.
#[derive(Clone, Debug, Serialize, schemars::JsonSchema)]
pub struct ZombiePublic {
    /// The pieces (FEN; the side to move is the side whose turn it is).
    pub position: String,
    /// The side whose turn it is.
    pub to_move: Color,
    /// `move`, `bury` or `horde`.
    pub stage: Stage,
    /// Squares of zombies.
    pub zombies: Vec<Square>,
    /// Each side's pieces in the graveyard (buried somewhere), White's first.
    pub graveyard: [Vec<String>; 2],
    /// Each side's destroyed pieces, White's first.
    pub dust: [Vec<String>; 2],
    /// Whether the side to move is in check.
    pub check: bool,
    /// What the table heard during the last action ("no zombie at c6", "a white pawn rises on
    /// c6").
    pub heard: Vec<String>,
}

/// What one seat alone knows: its burial grid.
#[derive(Clone, Debug, Serialize, schemars::JsonSchema)]
pub struct ZombieGrid {
    /// The opponent's pieces this seat buried, and under which of its pieces.
    pub burials: Vec<Burial>,
}

impl ZombieState {
    fn pos(&self) -> &Position {
        &self.board.0
    }

    fn mover(&self) -> Color {
        self.pos().turn()
    }

    /// Squares the seat to move may bury under: its pieces with no burial of its own yet.
    fn burial_squares(&self) -> Bitboard {
        let us = self.mover();
        let taken: Bitboard = self.grids[us.index()].keys().copied().collect();
        self.pos().board().by_color(us) & !taken
    }

    /// Squares a move leaves empty, checked for burials once it is made (castling: both).
    fn vacated(m: Move) -> Vec<Square> {
        match m {
            Move::Castle { king, rook } => vec![king, rook],
            _ => vec![m.from()],
        }
    }

    /// The position after `m` and the return of the pieces the mover itself buried under the
    /// squares it leaves: what the mover knows will stand on the board.
    fn after_known(&self, m: Move) -> Position {
        let mut pos = *self.pos();
        pos.play_unchecked(m);
        let them = self.mover().other();
        for s in Self::vacated(m) {
            if let Some(role) = self.grids[self.mover().index()].get(&s) {
                pos.board.put(s, Piece::new(them, risen(*role, them, s)));
            }
        }
        pos
    }

    /// Whether `m` (legal in chess) would leave the mover's king attacked once the mover's own
    /// burials under the squares it leaves rise. The opponent's burials are not counted: they
    /// can only bring back the mover's own pieces, and the mover cannot know them.
    fn reveals_check(&self, m: Move) -> bool {
        let after = self.after_known(m);
        let us = self.mover();
        after
            .board
            .king_of(us)
            .is_some_and(|k| after.board.attackers_to(k, us.other(), after.board.occupied()).nonempty())
    }

    /// The mover's moves now: every legal move in the regular step, the unmoved zombies'
    /// moves in the horde step, each only if the turn can still end with the mover's king
    /// safe (see [`ZombieState::may_end_safely`]).
    fn moves(&self) -> Vec<Move> {
        self.candidate_moves().into_iter().filter(|m| self.foreseen_after(*m).may_end_safely()).collect()
    }

    /// The moves of [`ZombieState::moves`] before looking ahead to the end of the turn.
    fn candidate_moves(&self) -> Vec<Move> {
        let movers = match self.step {
            Step::Move => self.pos().board().by_color(self.mover()),
            Step::Horde => self.zombies & !self.moved & !self.fresh & self.pos().board().by_color(self.mover()),
            Step::Bury(_) => return Vec::new(),
        };
        // A king is never taken: the horde may follow a check, and checkmate is judged when the
        // turn ends.
        let kings = self.pos().board().by_role(Role::King);
        self.pos()
            .legal_moves()
            .iter()
            .copied()
            .filter(|m| movers.contains(m.from()) && !kings.contains(m.to()) && !self.reveals_check(*m))
            .collect()
    }

    /// The turn after `m` as the mover can foresee it: with its own grid only (the other can
    /// only bring back the mover's own pieces, and the mover cannot know it), and a capture's
    /// burial left out (the mover can always bury under a piece that does not move again).
    fn foreseen_after(&self, m: Move) -> ZombieState {
        let us = self.mover().index();
        let mut next = self.clone_board();
        next.grids[us] = self.grids[us].clone();
        next.play(m);
        if matches!(next.step, Step::Bury(_)) {
            next.step = Step::Horde;
        }
        next
    }

    /// The state without its record-keeping (grids, dust, heard and keys left empty).
    fn clone_board(&self) -> ZombieState {
        ZombieState {
            board: self.board,
            zombies: self.zombies,
            moved: self.moved,
            fresh: self.fresh,
            grids: [BTreeMap::new(), BTreeMap::new()],
            dust: [Vec::new(), Vec::new()],
            pending_ep: self.pending_ep,
            step: self.step,
            heard: Vec::new(),
            repetition_keys: Vec::new(),
            ended: None,
        }
    }

    /// Whether the mover's king would stand in check once its zombies that have not moved
    /// crumble, as they do when the turn ends.
    fn crumbling_exposes(&self) -> bool {
        let mut board = *self.pos().board();
        for s in self.unmoved_zombies() {
            board.remove(s);
        }
        let us = self.mover();
        board.king_of(us).is_some_and(|k| board.attackers_to(k, us.other(), board.occupied()).nonempty())
    }

    /// Whether the turn, in its horde, can still end with the mover's king out of check ("all
    /// the normal rules of Chess apply"): at once, or after some of the zombies still to move
    /// have moved.
    fn may_end_safely(&self) -> bool {
        !self.crumbling_exposes() || self.candidate_moves().into_iter().any(|m| self.foreseen_after(m).may_end_safely())
    }

    /// Whether the mover may say `done` now: when its crumbling zombies leave its king safe,
    /// or when no zombie's move could (the turn must end somehow; no game the referee plays
    /// gets there, but the mover does not know the other grid).
    fn may_say_done(&self) -> bool {
        self.step == Step::Horde && (!self.crumbling_exposes() || self.moves().is_empty())
    }

    fn unmoved_zombies(&self) -> Bitboard {
        self.zombies & !self.moved & !self.fresh & self.pos().board().by_color(self.mover())
    }

    /// Plays a move of the turn: the pieces, the zombies' coins, the burials that rise, and
    /// the step that follows.
    fn play(&mut self, m: Move) {
        let us = self.mover();
        let board = *self.pos().board();
        let captured_at = match m {
            Move::EnPassant { from, to } => Some(Square::from_coords(to.file(), from.rank())),
            Move::Normal { to, .. } if board.color_at(to) == Some(us.other()) => Some(to),
            _ => None,
        };
        let captured = captured_at.and_then(|s| board.role_at(s));
        if let Some(s) = captured_at {
            self.zombies = self.zombies.without(s);
        }
        if self.zombies.contains(m.from()) {
            self.zombies = self.zombies.without(m.from()).with(m.to());
            self.moved = self.moved.with(m.to());
        }
        let fullmoves = self.board.0.fullmoves;
        self.board.0.play_unchecked(m);
        // The turn goes on: the side to move and the move number change once, when it ends.
        self.board.0.turn = us;
        self.board.0.fullmoves = fullmoves;
        if let Some(ep) = self.board.0.ep_square.take() {
            self.pending_ep = Some(ep);
        } else if self.step == Step::Move {
            self.pending_ep = None;
        }
        for s in Self::vacated(m) {
            self.rise(s);
        }
        self.step = match captured {
            Some(role) if self.burial_squares().nonempty() => Step::Bury(role),
            Some(role) => {
                self.dust[us.other().index()].push(role);
                self.heard.push(format!("{us} cannot bury the {role}: it goes to the dust bin"));
                Step::Horde
            }
            None => Step::Horde,
        };
    }

    /// The mover left `s`: the mover's own burial there rises first (a piece of the
    /// opponent's; the opponent's own burial under it stays hidden), else the opponent's (a
    /// piece of the mover's).
    fn rise(&mut self, s: Square) {
        let us = self.mover();
        for (burier, owner) in [(us, us.other()), (us.other(), us)] {
            if let Some(role) = self.grids[burier.index()].remove(&s) {
                let role = risen(role, owner, s);
                self.board.0.board.put(s, Piece::new(owner, role));
                self.zombies = self.zombies.with(s);
                if owner == us {
                    self.fresh = self.fresh.with(s);
                }
                self.heard.push(format!("a {} {role} rises on {s} as a zombie", owner.name().to_lowercase()));
                return;
            }
        }
        let heard = if self.grids[us.index()].is_empty() && !self.heard.iter().any(|h| h.contains("zombies anywhere")) {
            "no zombies anywhere".to_string()
        } else {
            format!("no zombie at {s}")
        };
        self.heard.push(heard);
    }

    /// After a move or a burial: the horde if there is one, else the end of the turn.
    fn continue_turn(&mut self) {
        if self.step == Step::Horde && self.unmoved_zombies().is_empty() {
            self.end_turn();
        }
    }

    fn end_turn(&mut self) {
        let us = self.mover();
        for s in self.unmoved_zombies() {
            let role = self.board.0.board.remove(s).map(|p| p.role).expect("a zombie stands there");
            self.zombies = self.zombies.without(s);
            self.dust[us.index()].push(role);
            self.heard.push(format!("the zombie {role} on {s} crumbles to dust"));
        }
        self.moved = Bitboard::EMPTY;
        self.fresh = Bitboard::EMPTY;
        let pos = &mut self.board.0;
        pos.turn = us.other();
        // The chance stays only while the square passed is empty and the pawn still stands
        // (the horde or a rising may have filled the one or taken the other).
        pos.ep_square = self.pending_ep.take().filter(|ep| {
            let pawn = Square::from_coords(ep.file(), if us == Color::White { 3 } else { 4 });
            pos.board.piece_at(pawn) == Some(Piece::new(us, Role::Pawn)) && !pos.board.occupied().contains(*ep)
        });
        if us == Color::Black {
            pos.fullmoves += 1;
        }
        self.step = Step::Move;
        self.settle();
    }

    fn key(&self) -> u64 {
        let grids: Vec<String> =
            self.grids.iter().map(|g| g.iter().map(|(s, r)| format!("{s}{}", r.letter())).collect()).collect();
        repetition_key(&format!("{} {} {}", free_fen(self.pos()), self.zombies.0, grids.join("/")))
    }

    /// Judges the position at the start of a turn.
    fn settle(&mut self) {
        let now = self.key();
        self.repetition_keys.push(now);
        let us = self.mover();
        let pos = self.pos();
        let check = pos
            .board
            .king_of(us)
            .is_some_and(|k| pos.board.attackers_to(k, us.other(), pos.board.occupied()).nonempty());
        let graves_empty = self.grids.iter().all(BTreeMap::is_empty);
        self.ended = if self.moves().is_empty() {
            Some(if check {
                super::two_colours::wins(us.other(), format!("checkmate, {} wins", us.other()))
            } else {
                super::two_colours::draw("stalemate")
            })
        } else if graves_empty && pos.is_insufficient_material() {
            Some(super::two_colours::draw("insufficient material: neither side can checkmate"))
        } else if pos.halfmoves() >= 100 {
            Some(super::two_colours::draw("fifty-move rule"))
        } else if self.repetition_keys.iter().filter(|k| **k == now).count() >= 3 {
            Some(super::two_colours::draw("threefold repetition"))
        } else {
            None
        };
    }

    fn in_check(&self) -> bool {
        let us = self.mover();
        let b = &self.pos().board;
        b.king_of(us).is_some_and(|k| b.attackers_to(k, us.other(), b.occupied()).nonempty())
    }
}

/// What a buried piece of `owner` rises as on `s`: a pawn on its last rank is promoted at
/// once, to a queen.
fn risen(role: Role, owner: Color, s: Square) -> Role {
    if role == Role::Pawn && s.rank() == owner.other().back_rank() { Role::Queen } else { role }
}

fn roles(list: impl IntoIterator<Item = Role>) -> Vec<String> {
    list.into_iter().map(|r| r.name().to_string()).collect()
}

/// The pieces in a burial grid, in piece order (pawns first), never in the grid's order.
fn buried(grid: &BTreeMap<Square, Role>) -> Vec<String> {
    let mut pieces: Vec<Role> = grid.values().copied().collect();
    pieces.sort();
    roles(pieces)
}

impl Game for Zombie {
    type Options = ZombieOptions;
    type State = ZombieState;
    type Action = ZombieAction;
    type Public = ZombiePublic;
    type Private = ZombieGrid;
    type Hidden = crate::game::NoSecret;

    fn info(&self) -> RulesInfo {
        RulesInfo {
            id: "zombie",
            name: "Zombie Chess",
            version: 2,
            summary: "Chess where you secretly bury each piece you capture under one of your pieces. Move off a burial and the piece rises as a zombie of its owner; zombies must move every turn or crumble to dust.",
            min_seats: 2,
            max_seats: 2,
            equipment: &["chess set", "a few coins", "paper and pencils"],
            random: &[],
            secret: &["each player's burial grid"],
            source: "seed 001, \"Zombie Chess\"",
            position_notation: "FEN, the zombies' squares, White's and Black's burials (b2p,g7n or -), the step (move, bury, horde)",
            action_notation: "a move in UCI (e2e4, e7e8q, e1g1) or O-O; bury g7; done (end the horde's moves); also resign, offer-draw, accept-draw, decline-draw",
            lists_all_actions: true,
        }
    }

    fn seating(&self, _options: &ZombieOptions) -> Result<Seating, GameError> {
        Ok(Seating::two_colours())
    }

    fn setup(&self, _options: &ZombieOptions, _rng: &mut dyn RandomSource) -> Result<ZombieState, GameError> {
        Ok(ZombieState::new(Position::standard(), Bitboard::EMPTY, [BTreeMap::new(), BTreeMap::new()], Step::Move))
    }

    fn turn(&self, state: &ZombieState) -> Turn {
        if state.ended.is_some() {
            return Turn::Over;
        }
        let stage = match state.step {
            Step::Move => Stage::Move,
            Step::Bury(_) => Stage::Bury,
            Step::Horde => Stage::Horde,
        };
        Turn::seat(seat_of(state.mover()), stage)
    }

    fn legal_actions(&self, state: &ZombieState, _seat: Seat) -> Vec<ZombieAction> {
        match state.step {
            Step::Bury(_) => state.burial_squares().into_iter().map(ZombieAction::Bury).collect(),
            Step::Horde => {
                let done = state.may_say_done().then_some(ZombieAction::Done);
                state.moves().into_iter().map(ZombieAction::Move).chain(done).collect()
            }
            Step::Move => state.moves().into_iter().map(ZombieAction::Move).collect(),
        }
    }

    fn parse_action(&self, state: &ZombieState, _seat: Seat, text: &str) -> Result<ZombieAction, GameError> {
        let illegal = |m: String| GameError::new(ErrorCode::IllegalAction, m);
        let t = text.trim();
        if let Step::Bury(role) = state.step {
            let square = super::two_colours::after_keyword(t, "bury").unwrap_or(t);
            let square: Square = square.parse().map_err(|_| {
                GameError::new(ErrorCode::BadNotation, format!("Bury the {role} under one of your pieces: bury g7"))
            })?;
            if !state.burial_squares().contains(square) {
                let why = if state.pos().board().color_at(square) != Some(state.mover()) {
                    format!("Bury the {role} under one of your own pieces; {square} has none.")
                } else {
                    format!("You have already buried a piece under {square}: one burial per piece.")
                };
                return Err(illegal(why));
            }
            return Ok(ZombieAction::Bury(square));
        }
        if t.eq_ignore_ascii_case("done") {
            return match state.step {
                Step::Horde if state.may_say_done() => Ok(ZombieAction::Done),
                Step::Horde => Err(illegal(state.why_not_done())),
                _ => Err(illegal("Make your move first; done ends the zombies' moves after it.".into())),
            };
        }
        let pos = state.pos();
        let king = pos.board().king_of(pos.turn()).unwrap_or(Square::new(4));
        let (from, to, promotion) =
            parse_squares(king, t).map_err(|e| GameError::new(ErrorCode::BadNotation, e.to_string()))?;
        if let Some(m) = find_move(&state.moves(), from, to, promotion) {
            return Ok(ZombieAction::Move(m));
        }
        let why = match find_move(&pos.legal_moves(), from, to, promotion) {
            Some(m) => state.why_not(m),
            None => crate::chess::why_illegal(pos, from, to, promotion),
        };
        Err(illegal(why))
    }

    fn format_action(&self, _state: &ZombieState, action: &ZombieAction) -> String {
        match action {
            ZombieAction::Move(m) => crate::chess::uci(*m, crate::chess::CastlingMode::Standard),
            ZombieAction::Bury(s) => format!("bury {s}"),
            ZombieAction::Done => "done".into(),
        }
    }

    fn describe_action(&self, state: &ZombieState, seat: Seat, action: &ZombieAction) -> Said {
        match action {
            ZombieAction::Move(m) => Said::public(long_algebraic(state.pos().board(), *m)),
            ZombieAction::Bury(s) => {
                let role = match state.step {
                    Step::Bury(r) => r,
                    _ => Role::Pawn,
                };
                Said::discreet(
                    format!("you bury the {role} under {s}"),
                    format!("{} buries the {role}", color_of(seat)),
                )
            }
            ZombieAction::Done => Said::public("the horde has moved"),
        }
    }

    fn describe_result(&self, state: &ZombieState, _seat: Seat, _action: &ZombieAction, before: &Said) -> Option<Said> {
        if state.heard.is_empty() {
            return None;
        }
        let heard = state.heard.join("; ");
        Some(match &before.to_others {
            Some(others) => Said::discreet(format!("{}; {heard}", before.to_actor), format!("{others}; {heard}")),
            None => Said::public(format!("{}; {heard}", before.to_actor)),
        })
    }

    fn describe_in_full(&self, state: &ZombieState, seat: Seat, action: &ZombieAction) -> Option<String> {
        let side = color_of(seat);
        Some(match action {
            ZombieAction::Move(m) => move_in_full(state.pos().board(), side, *m),
            ZombieAction::Bury(s) => {
                let role = if let Step::Bury(r) = state.step { r } else { Role::Pawn };
                format!("{side}'s burial of the {role} under {s}")
            }
            ZombieAction::Done => format!("{side}'s end of the horde's moves"),
        })
    }

    fn apply(
        &self,
        state: &mut ZombieState,
        _seat: Seat,
        action: &ZombieAction,
        _rng: &mut dyn RandomSource,
    ) -> Result<(), GameError> {
        state.heard.clear();
        match *action {
            ZombieAction::Move(m) => state.play(m),
            ZombieAction::Bury(s) => {
                let Step::Bury(role) = state.step else { unreachable!("checked when read") };
                let us = state.mover();
                state.grids[us.index()].insert(s, role);
                state.step = Step::Horde;
            }
            ZombieAction::Done => state.end_turn(),
        }
        if state.step == Step::Horde {
            state.continue_turn();
        }
        Ok(())
    }

    fn public(&self, state: &ZombieState) -> ZombiePublic {
        ZombiePublic {
            position: free_fen(state.pos()),
            to_move: state.mover(),
            stage: self.turn(state).single().map_or(Stage::Move, |a| a.stage),
            zombies: state.zombies.into_iter().collect(),
            // White's pieces lie in Black's grid and the other way round. Sorted by piece: the
            // grid's own order is by square, which would tell where they lie.
            graveyard: [buried(&state.grids[1]), buried(&state.grids[0])],
            dust: [roles(state.dust[0].iter().copied()), roles(state.dust[1].iter().copied())],
            check: state.ended.is_none() && state.in_check(),
            heard: state.heard.clone(),
        }
    }

    fn private(&self, state: &ZombieState, seat: Seat) -> Option<ZombieGrid> {
        let grid = state.grids.get(usize::from(seat))?;
        let burials = grid.iter().map(|(s, r)| Burial { square: *s, piece: r.name().into() }).collect();
        Some(ZombieGrid { burials })
    }

    fn board(&self, state: &ZombieState, viewer: Viewer, legal: &[ZombieAction]) -> Option<BoardView> {
        let selectable = legal.iter().fold(Bitboard::EMPTY, |b, a| match a {
            ZombieAction::Move(m) => b.with(m.from()),
            ZombieAction::Bury(s) => b.with(*s),
            ZombieAction::Done => b,
        });
        let own: Bitboard = match viewer {
            Viewer::Seat(s) => state.grids.get(usize::from(s)).map(|g| g.keys().copied().collect()).unwrap_or_default(),
            Viewer::Everyone => state.grids.iter().flat_map(|g| g.keys().copied()).collect(),
            Viewer::Spectator => Bitboard::EMPTY,
        };
        let king_in_check = if state.in_check() { state.pos().board().king_of(state.mover()) } else { None };
        Some(board_view(state.pos().board(), selectable, |sq| {
            let mut markers = Vec::new();
            if own.contains(sq) {
                markers.push("buried".into());
            }
            if Some(sq) == king_in_check && state.ended.is_none() {
                markers.push("check".into());
            }
            let stacks = if state.zombies.contains(sq) {
                vec![StackView { kind: "coin".into(), count: 1, colour: None, effect: Some("zombie".into()) }]
            } else {
                Vec::new()
            };
            SquareMarks { stacks, markers }
        }))
    }

    fn outcome(&self, state: &ZombieState) -> Option<Outcome> {
        state.ended.clone()
    }

    fn parse_position(&self, text: &str) -> Result<ZombieState, GameError> {
        let bad = |m: String| GameError::new(ErrorCode::BadPosition, m);
        let fields: Vec<&str> = text.split_whitespace().collect();
        if fields.len() != 10 {
            return Err(bad(format!(
                "a Zombie Chess position is six FEN fields, the zombies (c6,d4 or -), White's and Black's burials (b2p,g7n or -) and the step (move, bury-p, horde); found {} fields",
                fields.len()
            )));
        }
        let position = read_free_position(&fields[..6]).map_err(bad)?;
        let squares = |f: &str| -> Result<Bitboard, GameError> {
            if f == "-" {
                return Ok(Bitboard::EMPTY);
            }
            f.split(',').map(|s| s.parse::<Square>().map_err(|e| bad(format!("zombies: {e}")))).collect()
        };
        let grid = |f: &str, who: &str| -> Result<BTreeMap<Square, Role>, GameError> {
            if f == "-" {
                return Ok(BTreeMap::new());
            }
            f.split(',')
                .map(|b| {
                    let (sq, letter) = b.split_at(b.len().saturating_sub(1));
                    let sq: Square = sq.parse().map_err(|e| bad(format!("{who}: {e}")))?;
                    let role = letter
                        .chars()
                        .next()
                        .and_then(|c| Role::from_letter(c.to_ascii_uppercase()))
                        .filter(|r| *r != Role::King)
                        .ok_or_else(|| bad(format!("{who}: {b} must be a square and a piece letter, as b2p")))?;
                    Ok((sq, role))
                })
                .collect()
        };
        let zombies = squares(fields[6])?;
        let grids = [grid(fields[7], "White's burials")?, grid(fields[8], "Black's burials")?];
        let step = match fields[9] {
            "move" => Step::Move,
            "horde" => Step::Horde,
            other => match other
                .strip_prefix("bury-")
                .and_then(|l| l.chars().next())
                .and_then(|c| Role::from_letter(c.to_ascii_uppercase()))
            {
                Some(role) => Step::Bury(role),
                None => return Err(bad(format!("step must be move, bury-p (a pawn to bury) or horde; found {other}"))),
            },
        };
        if (zombies & !position.board().occupied()).nonempty() {
            return Err(bad("a zombie's square has no piece on it".into()));
        }
        let state = ZombieState::new(position, zombies, grids, step);
        let mut horde = state.clone_board();
        horde.grids = state.grids.clone();
        horde.step = Step::Horde;
        if step != Step::Move && !horde.may_end_safely() {
            return Err(bad(format!(
                "no game reaches this position: {} could not end this turn without leaving its king in check, once its zombies that have not moved crumble",
                state.mover()
            )));
        }
        Ok(state)
    }

    fn format_position(&self, state: &ZombieState) -> String {
        let grid = |g: &BTreeMap<Square, Role>| {
            if g.is_empty() {
                "-".to_string()
            } else {
                g.iter().map(|(s, r)| format!("{s}{}", r.letter().to_ascii_lowercase())).collect::<Vec<_>>().join(",")
            }
        };
        let zombies = if state.zombies.is_empty() {
            "-".to_string()
        } else {
            state.zombies.into_iter().map(|s| s.to_string()).collect::<Vec<_>>().join(",")
        };
        let step = match state.step {
            Step::Move => "move".to_string(),
            Step::Bury(r) => format!("bury-{}", r.letter().to_ascii_lowercase()),
            Step::Horde => "horde".to_string(),
        };
        format!("{} {zombies} {} {} {step}", free_fen(state.pos()), grid(&state.grids[0]), grid(&state.grids[1]))
    }
}

impl ZombieState {
    /// Why `m`, legal in chess, is not a move of the mover's now, in its words.
    fn why_not(&self, m: Move) -> String {
        if self.step == Step::Horde && !self.unmoved_zombies().contains(m.from()) {
            return "Your move is made: now only zombies that have not moved yet may move, or say done.".into();
        }
        if self.pos().board().role_at(m.to()) == Some(Role::King) {
            return "A king is never taken in Zombie Chess: the check stands, and checkmate wins.".into();
        }
        if self.reveals_check(m) {
            return "That would bring back a zombie you buried there, giving check to your king.".into();
        }
        "After that your turn could not end with your king out of check: your zombies that have not moved crumble at the end of the turn.".into()
    }

    /// Why the horde may not end now: the zombies that would crumble and open a check.
    fn why_not_done(&self) -> String {
        let squares: Vec<String> = self.unmoved_zombies().into_iter().map(|s| s.to_string()).collect();
        let (which, verb) = match squares.as_slice() {
            [one] => (format!("zombie on {one}"), "crumbles"),
            [rest @ .., last] => (format!("zombies on {} and {last}", rest.join(", ")), "crumble"),
            [] => ("zombies".to_string(), "crumble"),
        };
        format!("Your king would be in check once your {which} {verb} at the end of the turn: move a zombie first.")
    }

    fn new(position: Position, zombies: Bitboard, grids: [BTreeMap<Square, Role>; 2], step: Step) -> ZombieState {
        let mut state = ZombieState {
            board: FreePosition(position),
            zombies,
            moved: Bitboard::EMPTY,
            fresh: Bitboard::EMPTY,
            grids,
            dust: [Vec::new(), Vec::new()],
            pending_ep: None,
            step,
            heard: Vec::new(),
            repetition_keys: Vec::new(),
            ended: None,
        };
        if step == Step::Move {
            state.settle();
        }
        state
    }
}
