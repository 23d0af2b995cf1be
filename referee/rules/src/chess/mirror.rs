//! Half Alice Chess (seed 001): one board, two sides of a mirror. Pieces on checkers are on the
//! mirror side. A move must be legal under orthodox rules among the pieces on the moving
//! piece's side; then the piece switches sides. Pieces capture only on their own side and pass
//! through squares held on the other side, but never land on one. Check is judged before the
//! switch (on the moving side) and after it (on the king's side).

use super::attacks;
use super::board::Board;
use super::explain::{castling_rook, describe, movement_problem, movers_piece};
use super::fen::{CastlingNotation, FenError, FenFields, mover_not_in_check};
use super::position::{Move, castling_destinations, castling_squares, perft_with};
use crate::geometry::{Bitboard, Square};
use crate::pieces::{Color, Piece, Role};
use serde::{Deserialize, Deserializer, Serialize, Serializer};

#[derive(Copy, Clone, Debug, Eq, PartialEq, Hash)]
pub struct MirrorPosition {
    pub board: Board,
    /// Squares whose piece stands on a checker: the mirror side.
    pub mirrored: Bitboard,
    pub turn: Color,
    pub castling: Bitboard,
    /// The square a pawn skipped with its double step (the pawn is now on the other side).
    pub ep_square: Option<Square>,
    pub halfmoves: u32,
    pub fullmoves: u32,
    /// Checkers each player has; `None` for as many as needed.
    pub checker_limit: Option<u8>,
}

fn side_name(mirrored: bool) -> &'static str {
    if mirrored { "the mirror side (on checkers)" } else { "the plain side (off checkers)" }
}

impl MirrorPosition {
    pub fn standard(checker_limit: Option<u8>) -> MirrorPosition {
        let pos = super::position::Position::standard();
        MirrorPosition {
            board: pos.board,
            mirrored: Bitboard::EMPTY,
            turn: Color::White,
            castling: pos.castling,
            ep_square: None,
            halfmoves: 0,
            fullmoves: 1,
            checker_limit,
        }
    }

    pub fn is_mirrored(&self, sq: Square) -> bool {
        self.mirrored.contains(sq)
    }

    /// Squares held on one side of the mirror.
    fn side(&self, mirrored: bool) -> Bitboard {
        let occupied = self.board.occupied();
        if mirrored { occupied & self.mirrored } else { occupied & !self.mirrored }
    }

    /// The board as seen on one side of the mirror: only that side's pieces.
    pub fn side_board(&self, mirrored: bool) -> Board {
        let mut board = self.board;
        for sq in self.side(!mirrored) {
            board.remove(sq);
        }
        board
    }

    fn king(&self, color: Color) -> Square {
        self.board.king_of(color).expect("a validated position has one king per side")
    }

    /// An enemy of `color` attacking `color`'s king on the king's side of the mirror.
    pub fn checker_of(&self, color: Color) -> Option<Square> {
        let king = self.king(color);
        let board = self.side_board(self.is_mirrored(king));
        board.attackers_to(king, color.other(), board.occupied()).first()
    }

    pub fn in_check(&self, color: Color) -> bool {
        self.checker_of(color).is_some()
    }

    /// Checkers of `color` under its pieces.
    pub fn checkers_in_use(&self, color: Color) -> u32 {
        (self.mirrored & self.board.by_color(color)).count()
    }

    /// Whether `color` has a free checker for `pieces` pieces crossing onto the mirror side.
    fn has_free_checkers(&self, color: Color, pieces: u32) -> bool {
        self.checker_limit.is_none_or(|limit| self.checkers_in_use(color) + pieces <= u32::from(limit))
    }

    /// Where the piece on `from` may go on its own side, before any check rule: it moves among
    /// its side's pieces, captures only there, and cannot land where the other side has a piece.
    fn targets(&self, from: Square) -> Bitboard {
        let Some(piece) = self.board.piece_at(from) else { return Bitboard::EMPTY };
        let mine = self.is_mirrored(from);
        // Only the squares held on this side count: a set operation, no board to rebuild.
        let occupied = self.side(mine);
        let theirs = occupied & self.board.by_color(piece.color.other());
        let targets = if piece.role == Role::Pawn {
            (attacks::pawn_attacks(piece.color, from) & theirs)
                | attacks::pawn_pushes(piece.color, from, occupied, true)
        } else {
            attacks::piece_attacks(piece.role, from, occupied) & !(occupied & self.board.by_color(piece.color))
        };
        targets & !self.side(!mine) & !self.board.by_role(Role::King)
    }

    /// The legal moves of the side to move.
    pub fn legal_moves(&self) -> Vec<Move> {
        let us = self.turn;
        let mut out = Vec::new();
        for from in self.board.by_color(us) {
            let role = self.board.role_at(from).expect("occupied");
            for to in self.targets(from) {
                if role == Role::Pawn && (to.rank() == 0 || to.rank() == 7) {
                    out.extend(Role::PROMOTIONS.map(|p| Move::Normal { from, to, promotion: Some(p) }));
                } else {
                    out.push(Move::Normal { from, to, promotion: None });
                }
            }
        }
        if let Some(ep) = self.ep_square {
            let victim = Square::from_coords(ep.file(), if us == Color::White { 4 } else { 3 });
            for from in attacks::pawn_attacks(us.other(), ep) & self.board.pieces(us, Role::Pawn) {
                if self.is_mirrored(from) == self.is_mirrored(victim) && !self.board.occupied().contains(ep) {
                    out.push(Move::EnPassant { from, to: ep });
                }
            }
        }
        let king = self.king(us);
        for rook in self.castling & self.board.by_color(us) {
            if self.castling_problem(king, rook).is_none() {
                out.push(Move::Castle { king, rook });
            }
        }
        out.retain(|m| self.problem(*m).is_none());
        out
    }

    fn castling_problem(&self, king: Square, rook: Square) -> Option<String> {
        let mine = self.is_mirrored(king);
        if self.is_mirrored(rook) != mine {
            return Some("You can castle only with a rook on the same side of the mirror as your king.".into());
        }
        let (must_be_empty, king_path) = castling_squares(king, rook);
        let (king_to, rook_to) = castling_destinations(king, rook);
        let landing = Bitboard::from(king_to).with(rook_to).without(king).without(rook);
        if let Some(blocker) = (must_be_empty & self.side(mine)).first().or((landing & self.board.occupied()).first()) {
            return Some(format!("You cannot castle: {} is in the way.", describe(&self.board, blocker)));
        }
        let mut side = self.side_board(mine);
        side.remove(king);
        side.remove(rook);
        for square in king_path {
            if let Some(by) = side.attackers_to(square, self.turn.other(), side.occupied()).first() {
                return Some(format!(
                    "You cannot castle through or into {square}: {} attacks it on your king's side of the mirror.",
                    describe(&self.board, by)
                ));
            }
        }
        if !mine && !self.has_free_checkers(self.turn, 2) {
            return Some("Castling puts both king and rook on checkers, and you do not have two free checkers.".into());
        }
        None
    }

    /// Plays `m` on its own side, without switching. Returns the squares the moved pieces
    /// landed on.
    fn play_on_side(&mut self, m: Move) -> Bitboard {
        let us = self.turn;
        match m {
            Move::Normal { from, to, promotion } => {
                let piece = self.board.remove(from).expect("a piece on the from-square");
                let mirrored = self.is_mirrored(from);
                self.mirrored = self.mirrored.without(from).without(to);
                self.board.put(to, Piece::new(us, promotion.unwrap_or(piece.role)));
                if mirrored {
                    self.mirrored = self.mirrored.with(to);
                }
                Bitboard::from(to)
            }
            Move::EnPassant { from, to } => {
                let victim = Square::from_coords(to.file(), from.rank());
                self.board.remove(victim);
                self.mirrored = self.mirrored.without(victim);
                self.play_on_side(Move::Normal { from, to, promotion: None })
            }
            Move::Castle { king, rook } => {
                let mirrored = self.is_mirrored(king);
                self.mirrored = self.mirrored.without(king).without(rook);
                let (king_to, rook_to) = self.board.castle(us, king, rook);
                if mirrored {
                    self.mirrored = self.mirrored.with(king_to).with(rook_to);
                }
                Bitboard::from(king_to).with(rook_to)
            }
        }
    }

    /// What makes a move that the pieces can make illegal, if anything: a check before the
    /// switch, a check after it, or no free checker.
    fn problem(&self, m: Move) -> Option<String> {
        let us = self.turn;
        let from = m.from();
        let moving_side = self.is_mirrored(from);
        if !moving_side && !matches!(m, Move::Castle { .. }) && !self.has_free_checkers(us, 1) {
            return Some(format!(
                "You have no free checker: all {} of yours are under your pieces, so only a piece on a checker can move.",
                self.checker_limit.unwrap_or(0)
            ));
        }
        let mut before = *self;
        let landed = before.play_on_side(m);
        let king = before.king(us);
        if before.is_mirrored(king) == moving_side
            && let Some(by) = before.checker_of(us)
        {
            let by = describe(&before.board, by);
            let side = side_name(moving_side);
            return Some(if self.board.role_at(from) == Some(Role::King) {
                format!(
                    "The move must be legal before the switch, and on {king} your king would be in check from {by} on {side}."
                )
            } else {
                format!(
                    "The move must be legal before the switch, and it would leave your king on {king} in check from {by} on {side}."
                )
            });
        }
        let mut after = before;
        after.mirrored ^= landed;
        if let Some(by) = after.checker_of(us) {
            let king = after.king(us);
            return Some(format!(
                "After switching sides your king on {king} would be in check from {} on {}.",
                describe(&after.board, by),
                side_name(after.is_mirrored(king))
            ));
        }
        None
    }

    /// Plays a legal move and its switch, and passes the move.
    pub fn play(&mut self, m: Move) -> Option<Piece> {
        let us = self.turn;
        let captured = match m {
            Move::Normal { to, .. } => self.board.piece_at(to),
            Move::EnPassant { from, to } => self.board.piece_at(Square::from_coords(to.file(), from.rank())),
            Move::Castle { .. } => None,
        };
        let pawn = self.board.role_at(m.from()) == Some(Role::Pawn);
        let landed = self.play_on_side(m);
        self.mirrored ^= landed;
        self.halfmoves = if captured.is_some() || pawn { 0 } else { self.halfmoves + 1 };
        if self.board.role_at(m.to()) == Some(Role::King) || matches!(m, Move::Castle { .. }) {
            self.castling &= !Bitboard::rank(us.back_rank());
        }
        self.castling = self.castling.without(m.from()).without(m.to());
        self.ep_square = None;
        if let Move::Normal { from, to, .. } = m
            && pawn
            && from.rank().abs_diff(to.rank()) == 2
        {
            let skipped = Square::from_coords(from.file(), (from.rank() + to.rank()) / 2);
            let beside = attacks::pawn_attacks(us, skipped) & self.board.pieces(us.other(), Role::Pawn);
            let same_side = if self.is_mirrored(to) { self.mirrored } else { !self.mirrored };
            // The capture lands on the skipped square, so it must be empty on both sides (the
            // pawn may have passed through a piece on the other side).
            if (beside & same_side).nonempty() && !self.board.occupied().contains(skipped) {
                self.ep_square = Some(skipped);
            }
        }
        if us == Color::Black {
            self.fullmoves += 1;
        }
        self.turn = us.other();
        captured
    }

    /// Leaf count `depth` moves down.
    pub fn perft(&self, depth: u32) -> u64 {
        perft_with(self, depth, &MirrorPosition::legal_moves, &|p, m| {
            p.play(m);
        })
    }

    /// Why `from`-`to` is not legal, in players' words.
    pub fn why_illegal(&self, from: Square, to: Square, promotion: Option<Role>) -> String {
        let us = self.turn;
        let piece = match movers_piece(&self.board, us, from) {
            Ok(piece) => piece,
            Err(why) => return why,
        };
        let mine = self.is_mirrored(from);
        if let Some(rook) = castling_rook(&self.board, self.castling, from, to) {
            return match rook {
                Err(why) => why,
                Ok(rook) => self
                    .castling_problem(from, rook)
                    .or_else(|| self.problem(Move::Castle { king: from, rook }))
                    .unwrap_or_else(|| format!("{from}{to} is not a legal move here.")),
            };
        }
        if let Some(other) = self.board.piece_at(to) {
            if self.is_mirrored(to) != mine {
                return format!(
                    "The {} on {to} is on the other side of the mirror: your {} is on {} and can neither capture it nor land on its square.",
                    other.role,
                    piece.role,
                    side_name(mine)
                );
            }
            if other.color == us {
                return format!("You cannot capture your own {} on {to}.", other.role);
            }
            if other.role == Role::King {
                return "Kings are never captured: checkmate ends the game first.".into();
            }
        }
        let side = self.side_board(mine);
        if let Some(reason) = movement_problem(&side, side.occupied(), self.ep_square, piece, from, to) {
            return reason;
        }
        let last_rank = to.rank() == us.other().back_rank();
        match (piece.role == Role::Pawn && last_rank, promotion) {
            (true, None) => {
                return format!("A pawn reaching the last rank must be promoted: add q, r, b or n, as in {from}{to}q.");
            }
            (false, Some(_)) => return "Only a pawn reaching the last rank can be promoted.".into(),
            _ => {}
        }
        let m = if piece.role == Role::Pawn && self.ep_square == Some(to) && !self.board.occupied().contains(to) {
            Move::EnPassant { from, to }
        } else {
            Move::Normal { from, to, promotion }
        };
        self.problem(m).unwrap_or_else(|| format!("{from}{to} is not a legal move here."))
    }

    /// FEN, then the mirrored squares (`b1,e5` or `-`).
    pub fn to_text(&self) -> String {
        let fields = FenFields {
            board: self.board,
            turn: self.turn,
            castling: self.castling,
            ep_square: self.ep_square,
            halfmoves: self.halfmoves,
            fullmoves: self.fullmoves,
        };
        let mirrored: Vec<String> = self.mirrored.into_iter().map(|s| s.to_string()).collect();
        let mirrored = if mirrored.is_empty() { "-".to_string() } else { mirrored.join(",") };
        format!("{} {mirrored}", fields.write(CastlingNotation::XFen))
    }

    /// Reads FEN fields and the mirrored-squares field.
    pub fn read(fen: &[&str], mirrored: &str, checker_limit: Option<u8>) -> Result<MirrorPosition, FenError> {
        let err = |m: String| Err(FenError(m));
        let f = FenFields::parse(fen)?;
        if let Some(sq) = (f.board.by_role(Role::Pawn) & (Bitboard::rank(0) | Bitboard::rank(7))).first() {
            return err(format!("there is a pawn on {sq}; pawns cannot stand on the first or last rank"));
        }
        let mut set = Bitboard::EMPTY;
        if mirrored != "-" {
            for part in mirrored.split(',') {
                let sq: Square = part.parse().map_err(|e| FenError(format!("mirrored square '{part}': {e}")))?;
                if !f.board.occupied().contains(sq) {
                    return err(format!("{sq} is listed as on a checker but has no piece"));
                }
                set = set.with(sq);
            }
        }
        let pos = MirrorPosition {
            board: f.board,
            mirrored: set,
            turn: f.turn,
            castling: f.castling,
            ep_square: f.ep_square,
            halfmoves: f.halfmoves,
            fullmoves: f.fullmoves,
            checker_limit,
        };
        if let Some(limit) = checker_limit {
            for color in Color::ALL {
                if pos.checkers_in_use(color) > u32::from(limit) {
                    return err(format!("{} has more pieces on checkers than its {limit} checkers", color.name()));
                }
            }
        }
        Ok(pos)
    }

    /// As [`MirrorPosition::read`], for a position between turns: the side that just moved
    /// may not be in check.
    pub fn from_fields(fen: &[&str], mirrored: &str, checker_limit: Option<u8>) -> Result<MirrorPosition, FenError> {
        let pos = MirrorPosition::read(fen, mirrored, checker_limit)?;
        mover_not_in_check(&pos.board, pos.turn, pos.checker_of(pos.turn.other()))?;
        Ok(pos)
    }

    pub fn only_kings(&self) -> bool {
        self.board.occupied() == self.board.by_role(Role::King)
    }
}

#[derive(Serialize, Deserialize)]
struct SavedMirrorPosition {
    text: String,
    checker_limit: Option<u8>,
}

impl Serialize for MirrorPosition {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        SavedMirrorPosition { text: self.to_text(), checker_limit: self.checker_limit }.serialize(s)
    }
}

impl<'de> Deserialize<'de> for MirrorPosition {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<MirrorPosition, D::Error> {
        let saved = SavedMirrorPosition::deserialize(d)?;
        let fields: Vec<&str> = saved.text.split_whitespace().collect();
        let (fen, mirrored) = fields.split_at(fields.len().saturating_sub(1));
        MirrorPosition::read(fen, mirrored.first().copied().unwrap_or("-"), saved.checker_limit)
            .map_err(serde::de::Error::custom)
    }
}
