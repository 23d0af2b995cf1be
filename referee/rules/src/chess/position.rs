use super::attacks::{self, between, line};
use super::board::Board;
use crate::geometry::{Bitboard, Square};
use crate::pieces::{Color, Piece, Role};

/// One move of orthodox chess.
#[derive(Copy, Clone, Debug, Eq, PartialEq, Hash)]
pub enum Move {
    /// Any move but en passant and castling; `promotion` is set for a pawn reaching the last rank.
    Normal {
        from: Square,
        to: Square,
        promotion: Option<Role>,
    },
    EnPassant {
        from: Square,
        to: Square,
    },
    /// Castling is written as the king's square and the castling rook's square, which says
    /// which rook in Chess960 too. King and rook end on the usual c/d or g/f files.
    Castle {
        king: Square,
        rook: Square,
    },
}

impl Move {
    pub fn from(self) -> Square {
        match self {
            Move::Normal { from, .. } | Move::EnPassant { from, .. } => from,
            Move::Castle { king, .. } => king,
        }
    }

    /// Where the moving piece lands (for castling: the king's destination).
    pub fn to(self) -> Square {
        match self {
            Move::Normal { to, .. } | Move::EnPassant { to, .. } => to,
            Move::Castle { king, rook } => castling_destinations(king, rook).0,
        }
    }

    pub fn promotion(self) -> Option<Role> {
        match self {
            Move::Normal { promotion, .. } => promotion,
            _ => None,
        }
    }
}

/// Where king and rook end after castling: g- and f-file on the king side (rook beyond the
/// king towards h), c- and d-file on the queen side, on the king's rank.
pub fn castling_destinations(king: Square, rook: Square) -> (Square, Square) {
    let rank = king.rank();
    if rook.file() > king.file() {
        (Square::from_coords(6, rank), Square::from_coords(5, rank))
    } else {
        (Square::from_coords(2, rank), Square::from_coords(3, rank))
    }
}

/// The squares castling with the king on `king` and the rook on `rook` needs empty (apart from
/// those two pieces), and the squares the king stands on, crosses or lands on, which no enemy
/// may attack.
pub fn castling_squares(king: Square, rook: Square) -> (Bitboard, Bitboard) {
    let (king_to, rook_to) = castling_destinations(king, rook);
    let path = between(king, king_to).with(king_to) | between(rook, rook_to).with(rook_to);
    let movers = Bitboard::from(king).with(rook);
    (path & !movers, between(king, king_to).with(king_to).with(king))
}

/// Leaf count `depth` plies below `pos` for a variant position type, given its legal moves
/// and how to play one; every move is made down to the leaves.
pub fn perft_with<P: Copy>(pos: &P, depth: u32, moves: &impl Fn(&P) -> Vec<Move>, play: &impl Fn(&mut P, Move)) -> u64 {
    if depth == 0 {
        return 1;
    }
    moves(pos)
        .into_iter()
        .map(|m| {
            let mut next = *pos;
            play(&mut next, m);
            perft_with(&next, depth - 1, moves, play)
        })
        .sum()
}

/// Why a castling move cannot be made.
#[derive(Copy, Clone, Debug, Eq, PartialEq)]
pub(crate) enum CastlingObstacle {
    /// A piece stands on a square king or rook must cross or land on.
    InTheWay(Square),
    /// The king would stand on, cross or land on `square`, attacked by the piece on `by`.
    Attacked { square: Square, by: Square },
}

/// The moves of one piece, as a set of destinations; the unit the generator works in, so that
/// counting moves (perft's last ply) is a population count rather than a list.
#[derive(Copy, Clone, Debug)]
pub enum MoveSet {
    Piece { role: Role, from: Square, to: Bitboard },
    EnPassant { from: Square, to: Square },
    Castle { king: Square, rook: Square },
}

impl MoveSet {
    #[inline]
    fn count(&self) -> u32 {
        match *self {
            MoveSet::Piece { role: Role::Pawn, to, .. } => {
                let promo = to & (Bitboard::rank(0) | Bitboard::rank(7));
                to.count() + 3 * promo.count()
            }
            MoveSet::Piece { to, .. } => to.count(),
            _ => 1,
        }
    }

    /// Adds the set's moves to `out`, a pawn's promotions one per piece.
    #[inline]
    pub(crate) fn expand(&self, out: &mut MoveList) {
        match *self {
            MoveSet::Piece { role, from, to } => {
                for sq in to {
                    if role == Role::Pawn && (sq.rank() == 0 || sq.rank() == 7) {
                        for p in Role::PROMOTIONS {
                            out.push(Move::Normal { from, to: sq, promotion: Some(p) });
                        }
                    } else {
                        out.push(Move::Normal { from, to: sq, promotion: None });
                    }
                }
            }
            MoveSet::EnPassant { from, to } => out.push(Move::EnPassant { from, to }),
            MoveSet::Castle { king, rook } => out.push(Move::Castle { king, rook }),
        }
    }
}

/// A fixed-capacity list of moves (no chess position has more than 218 legal moves).
#[derive(Clone)]
pub struct MoveList {
    moves: [Move; 256],
    len: usize,
}

impl MoveList {
    pub fn new() -> MoveList {
        MoveList { moves: [Move::Castle { king: Square::new(0), rook: Square::new(0) }; 256], len: 0 }
    }

    #[inline]
    pub fn push(&mut self, m: Move) {
        self.moves[self.len] = m;
        self.len += 1;
    }
}

impl Default for MoveList {
    fn default() -> Self {
        Self::new()
    }
}

impl std::ops::Deref for MoveList {
    type Target = [Move];
    fn deref(&self) -> &[Move] {
        &self.moves[..self.len]
    }
}

/// An orthodox chess position (also Chess960: castling rights name the rooks).
#[derive(Copy, Clone, Debug, Eq, PartialEq, Hash)]
pub struct Position {
    pub(crate) board: Board,
    pub(crate) turn: Color,
    /// Rooks that may still castle.
    pub(crate) castling: Bitboard,
    /// The square a pawn skipped on its double step, while an enemy pawn stands beside it.
    /// Whether the capture is legal is decided when it matters ([`Position::ep_square`]).
    pub(crate) ep_square: Option<Square>,
    pub(crate) halfmoves: u32,
    pub(crate) fullmoves: u32,
}

impl Default for Position {
    fn default() -> Self {
        Position::standard()
    }
}

impl Position {
    pub const STANDARD_BACK_RANK: [Role; 8] =
        [Role::Rook, Role::Knight, Role::Bishop, Role::Queen, Role::King, Role::Bishop, Role::Knight, Role::Rook];

    pub fn standard() -> Position {
        Position::from_back_rank(Self::STANDARD_BACK_RANK)
    }

    /// A start position with this back rank (a-file first); both sides may castle with both rooks.
    pub fn from_back_rank(back_rank: [Role; 8]) -> Position {
        let board = Board::from_back_rank(back_rank);
        Position {
            castling: board.by_role(Role::Rook) & (Bitboard::rank(0) | Bitboard::rank(7)),
            board,
            turn: Color::White,
            ep_square: None,
            halfmoves: 0,
            fullmoves: 1,
        }
    }

    pub fn board(&self) -> &Board {
        &self.board
    }

    pub fn turn(&self) -> Color {
        self.turn
    }

    /// Rooks that may still castle.
    pub fn castling_rooks(&self) -> Bitboard {
        self.castling
    }

    /// The en passant target square, if an en passant capture onto it is legal now. This is
    /// what FEN writes and what repetition compares.
    pub fn ep_square(&self) -> Option<Square> {
        let ep = self.ep_square?;
        let capturers = attacks::pawn_attacks(self.turn.other(), ep) & self.board.pieces(self.turn, Role::Pawn);
        capturers.into_iter().any(|from| self.en_passant_is_safe(from, ep)).then_some(ep)
    }

    /// The square a pawn just skipped with its double step, legal to capture onto or not.
    pub fn double_step_square(&self) -> Option<Square> {
        self.ep_square
    }

    /// Half-moves since the last capture or pawn move (the fifty-move counter).
    pub fn halfmoves(&self) -> u32 {
        self.halfmoves
    }

    pub fn fullmoves(&self) -> u32 {
        self.fullmoves
    }

    #[inline]
    fn our_king(&self) -> Square {
        self.board.king_of(self.turn).expect("a validated position has one king per side")
    }

    /// Enemy pieces giving check to the side to move.
    #[inline]
    pub fn checkers(&self) -> Bitboard {
        self.board.attackers_to(self.our_king(), self.turn.other(), self.board.occupied())
    }

    pub fn is_check(&self) -> bool {
        self.checkers().nonempty()
    }

    /// Pieces of the side to move that may not leave the line between their king and an
    /// enemy slider.
    pub fn pinned(&self) -> Bitboard {
        let us = self.turn;
        let king = self.our_king();
        let theirs = self.board.by_color(us.other());
        let snipers = (attacks::rook_attacks(king, theirs) & theirs & self.board.rooks_and_queens())
            | (attacks::bishop_attacks(king, theirs) & theirs & self.board.bishops_and_queens());
        let occupied = self.board.occupied();
        let mut pinned = Bitboard::EMPTY;
        for sniper in snipers {
            let blockers = between(king, sniper) & occupied;
            if !blockers.has_more_than_one() {
                pinned |= blockers & self.board.by_color(us);
            }
        }
        pinned
    }

    /// Calls `visit` with the legal moves of each piece, grouped by piece.
    pub fn generate(&self, mut visit: impl FnMut(MoveSet)) {
        let us = self.turn;
        let them = us.other();
        let board = &self.board;
        let ours = board.by_color(us);
        let theirs = board.by_color(them);
        let occupied = board.occupied();
        let king = self.our_king();
        let checkers = self.checkers();

        // The king: any square not attacked once it has stepped off its own square.
        let without_king = occupied.without(king);
        let mut king_to = Bitboard::EMPTY;
        for to in attacks::king_attacks(king) & !ours {
            if board.attackers_to(to, them, without_king).is_empty() {
                king_to = king_to.with(to);
            }
        }
        visit(MoveSet::Piece { role: Role::King, from: king, to: king_to });
        if checkers.has_more_than_one() {
            return;
        }

        // Other pieces must capture the single checker or block it.
        let target = match checkers.single() {
            Some(checker) => between(king, checker).with(checker),
            None => !ours,
        };
        let pinned = self.pinned();
        for from in ours & !board.by_role(Role::King) & !board.by_role(Role::Pawn) {
            let role = board.role_at(from).expect("occupied");
            let mut to = attacks::piece_attacks(role, from, occupied) & target;
            if pinned.contains(from) {
                to &= line(king, from);
            }
            visit(MoveSet::Piece { role, from, to });
        }

        let forward: i8 = if us == Color::White { 1 } else { -1 };
        let double_rank = if us == Color::White { 3 } else { 4 };
        for from in board.pieces(us, Role::Pawn) {
            let mut to = attacks::pawn_attacks(us, from) & theirs;
            if let Some(one) = from.offset(0, forward).filter(|s| !occupied.contains(*s)) {
                to = to.with(one);
                if let Some(two) = one.offset(0, forward).filter(|s| s.rank() == double_rank && !occupied.contains(*s))
                {
                    to = to.with(two);
                }
            }
            to &= target;
            if pinned.contains(from) {
                to &= line(king, from);
            }
            visit(MoveSet::Piece { role: Role::Pawn, from, to });
        }

        if let Some(ep) = self.ep_square {
            for from in attacks::pawn_attacks(them, ep) & board.pieces(us, Role::Pawn) {
                if self.en_passant_is_safe(from, ep) {
                    visit(MoveSet::EnPassant { from, to: ep });
                }
            }
        }

        if checkers.is_empty() {
            for rook in self.castling & ours {
                if self.castling_is_legal(king, rook) {
                    visit(MoveSet::Castle { king, rook });
                }
            }
        }
    }

    /// En passant removes two pieces from one line, so test the king directly afterwards.
    /// This is a complete legality test: it also settles whether the capture answers a check.
    fn en_passant_is_safe(&self, from: Square, to: Square) -> bool {
        let us = self.turn;
        let captured = Square::from_coords(to.file(), from.rank());
        let occupied = (self.board.occupied().without(from).without(captured)).with(to);
        let theirs = self.board.by_color(us.other()).without(captured);
        self.board.attackers_among(self.our_king(), theirs, occupied).is_empty()
    }

    /// Castling with the rook on `rook`: every square either piece crosses or lands on is
    /// empty but for the two of them, and no square the king stands on, crosses or reaches
    /// is attacked (tested without king and rook, so a rook that shielded the king's
    /// destination cannot hide an attack).
    pub(crate) fn castling_is_legal(&self, king: Square, rook: Square) -> bool {
        self.castling_obstacle(king, rook).is_none()
    }

    /// What stops castling with the rook on `rook`, if anything (castling rights aside).
    pub(crate) fn castling_obstacle(&self, king: Square, rook: Square) -> Option<CastlingObstacle> {
        let (must_be_empty, king_path) = castling_squares(king, rook);
        if let Some(blocker) = (must_be_empty & self.board.occupied()).first() {
            return Some(CastlingObstacle::InTheWay(blocker));
        }
        let occupied = self.board.occupied().without(king).without(rook);
        king_path.into_iter().find_map(|square| {
            let by = self.board.attackers_to(square, self.turn.other(), occupied).first()?;
            Some(CastlingObstacle::Attacked { square, by })
        })
    }

    /// Every move of the side to move by the movement rules alone, its king's safety aside:
    /// for variants where a king may stand attacked (Crowded House judges check against the
    /// next player, Cooperative Chess has none). Castling needs its rights and the squares
    /// between king and rook empty, nothing more.
    pub fn pseudo_legal_moves(&self) -> MoveList {
        let (us, board) = (self.turn, &self.board);
        let (ours, theirs, occupied) = (board.by_color(us), board.by_color(us.other()), board.occupied());
        let mut list = MoveList::new();
        for from in ours {
            let role = board.role_at(from).expect("occupied");
            let to = match role {
                Role::Pawn => {
                    (attacks::pawn_attacks(us, from) & theirs) | attacks::pawn_pushes(us, from, occupied, true)
                }
                _ => attacks::piece_attacks(role, from, occupied) & !ours,
            };
            MoveSet::Piece { role, from, to }.expand(&mut list);
        }
        if let Some(ep) = self.ep_square {
            for from in attacks::pawn_attacks(us.other(), ep) & board.pieces(us, Role::Pawn) {
                list.push(Move::EnPassant { from, to: ep });
            }
        }
        if let Some(king) = board.king_of(us) {
            for rook in self.castling & ours {
                if (castling_squares(king, rook).0 & occupied).is_empty() {
                    list.push(Move::Castle { king, rook });
                }
            }
        }
        list
    }

    pub fn legal_moves(&self) -> MoveList {
        let mut list = MoveList::new();
        self.generate(|set| set.expand(&mut list));
        list
    }

    pub fn count_legal_moves(&self) -> u64 {
        let mut n = 0;
        self.generate(|set| n += set.count() as u64);
        n
    }

    pub fn is_legal(&self, m: Move) -> bool {
        self.legal_moves().contains(&m)
    }

    pub fn has_legal_moves(&self) -> bool {
        let mut any = false;
        self.generate(|set| any |= set.count() > 0);
        any
    }

    pub fn is_checkmate(&self) -> bool {
        self.is_check() && !self.has_legal_moves()
    }

    pub fn is_stalemate(&self) -> bool {
        !self.is_check() && !self.has_legal_moves()
    }

    /// Neither side has material to mate with, whatever the moves: king against king, king and
    /// one minor piece against king, or kings with bishops all on squares of one colour.
    pub fn is_insufficient_material(&self) -> bool {
        let b = &self.board;
        if (b.by_role(Role::Pawn) | b.rooks_and_queens()).nonempty() {
            return false;
        }
        let knights = b.by_role(Role::Knight);
        let bishops = b.by_role(Role::Bishop);
        if knights.is_empty() {
            return (bishops & Bitboard::DARK_SQUARES).is_empty() || (bishops & !Bitboard::DARK_SQUARES).is_empty();
        }
        bishops.is_empty() && !knights.has_more_than_one()
    }

    /// Plays a move that must be legal here (see [`Position::legal_moves`]).
    pub fn play_unchecked(&mut self, m: Move) {
        let us = self.turn;
        let them = us.other();
        self.ep_square = None;
        self.halfmoves += 1;
        match m {
            Move::Normal { from, to, promotion } => {
                let role = self.board.role_at(from).expect("a piece on the from-square");
                if self.board.remove(to).is_some() || role == Role::Pawn {
                    self.halfmoves = 0;
                }
                self.board.remove(from);
                self.board.put(to, Piece::new(us, promotion.unwrap_or(role)));
                if role == Role::King {
                    self.castling &= !Bitboard::rank(us.back_rank());
                }
                self.castling = self.castling.without(from).without(to);
                if role == Role::Pawn && from.rank().abs_diff(to.rank()) == 2 {
                    let skipped = Square::from_coords(from.file(), (from.rank() + to.rank()) / 2);
                    if (attacks::pawn_attacks(us, skipped) & self.board.pieces(them, Role::Pawn)).nonempty() {
                        self.ep_square = Some(skipped);
                    }
                }
            }
            Move::EnPassant { from, to } => {
                self.halfmoves = 0;
                self.board.remove(from);
                self.board.remove(Square::from_coords(to.file(), from.rank()));
                self.board.put(to, Piece::new(us, Role::Pawn));
            }
            Move::Castle { king, rook } => {
                self.board.castle(us, king, rook);
                self.castling &= !Bitboard::rank(us.back_rank());
            }
        }
        if us == Color::Black {
            self.fullmoves += 1;
        }
        self.turn = them;
    }

    /// Number of leaf nodes `depth` plies below this position.
    pub fn perft(&self, depth: u32) -> u64 {
        match depth {
            0 => 1,
            1 => self.count_legal_moves(),
            _ => self
                .legal_moves()
                .iter()
                .map(|&m| {
                    let mut next = *self;
                    next.play_unchecked(m);
                    next.perft(depth - 1)
                })
                .sum(),
        }
    }
}
