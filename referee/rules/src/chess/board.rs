use super::attacks;
use crate::geometry::{Bitboard, Square};
use crate::pieces::{Color, Piece, Role};

/// Where the pieces stand: one set of squares per kind and per colour.
#[derive(Copy, Clone, Debug, Default, Eq, PartialEq, Hash)]
pub struct Board {
    by_role: [Bitboard; 6],
    by_color: [Bitboard; 2],
}

impl Board {
    pub const fn empty() -> Board {
        Board { by_role: [Bitboard::EMPTY; 6], by_color: [Bitboard::EMPTY; 2] }
    }

    /// Pawns on their usual ranks and `back_rank` (a-file first) for both sides, mirrored.
    pub fn from_back_rank(back_rank: [Role; 8]) -> Board {
        let mut board = Board::empty();
        for (file, &role) in back_rank.iter().enumerate() {
            let file = file as u8;
            board.put(Square::from_coords(file, 0), Piece::new(Color::White, role));
            board.put(Square::from_coords(file, 1), Piece::new(Color::White, Role::Pawn));
            board.put(Square::from_coords(file, 6), Piece::new(Color::Black, Role::Pawn));
            board.put(Square::from_coords(file, 7), Piece::new(Color::Black, role));
        }
        board
    }

    #[inline]
    pub fn occupied(&self) -> Bitboard {
        self.by_color[0] | self.by_color[1]
    }

    #[inline]
    pub fn by_color(&self, color: Color) -> Bitboard {
        self.by_color[color.index()]
    }

    #[inline]
    pub fn by_role(&self, role: Role) -> Bitboard {
        self.by_role[role.index()]
    }

    #[inline]
    pub fn pieces(&self, color: Color, role: Role) -> Bitboard {
        self.by_color[color.index()] & self.by_role[role.index()]
    }

    #[inline]
    pub fn rooks_and_queens(&self) -> Bitboard {
        self.by_role(Role::Rook) | self.by_role(Role::Queen)
    }

    #[inline]
    pub fn bishops_and_queens(&self) -> Bitboard {
        self.by_role(Role::Bishop) | self.by_role(Role::Queen)
    }

    #[inline]
    pub fn color_at(&self, sq: Square) -> Option<Color> {
        if self.by_color[0].contains(sq) {
            Some(Color::White)
        } else if self.by_color[1].contains(sq) {
            Some(Color::Black)
        } else {
            None
        }
    }

    #[inline]
    pub fn role_at(&self, sq: Square) -> Option<Role> {
        if !self.occupied().contains(sq) {
            return None;
        }
        Role::ALL.into_iter().find(|r| self.by_role[r.index()].contains(sq))
    }

    #[inline]
    pub fn piece_at(&self, sq: Square) -> Option<Piece> {
        Some(Piece::new(self.color_at(sq)?, self.role_at(sq)?))
    }

    /// Put `piece` on `sq`, replacing whatever stood there.
    #[inline]
    pub fn put(&mut self, sq: Square, piece: Piece) {
        self.remove(sq);
        self.by_role[piece.role.index()] = self.by_role[piece.role.index()].with(sq);
        self.by_color[piece.color.index()] = self.by_color[piece.color.index()].with(sq);
    }

    #[inline]
    pub fn remove(&mut self, sq: Square) -> Option<Piece> {
        let piece = self.piece_at(sq)?;
        self.by_role[piece.role.index()] = self.by_role[piece.role.index()].without(sq);
        self.by_color[piece.color.index()] = self.by_color[piece.color.index()].without(sq);
        Some(piece)
    }

    /// Castles `color`'s king on `king` with the rook on `rook`: both end on the usual squares
    /// ([`super::castling_destinations`]). Returns those two squares.
    pub fn castle(&mut self, color: Color, king: Square, rook: Square) -> (Square, Square) {
        let (king_to, rook_to) = super::castling_destinations(king, rook);
        self.remove(king);
        self.remove(rook);
        self.put(king_to, Piece::new(color, Role::King));
        self.put(rook_to, Piece::new(color, Role::Rook));
        (king_to, rook_to)
    }

    /// The king of `color`, if there is exactly one.
    #[inline]
    pub fn king_of(&self, color: Color) -> Option<Square> {
        self.pieces(color, Role::King).single()
    }

    pub fn iter(&self) -> impl Iterator<Item = (Square, Piece)> + '_ {
        self.occupied().map(move |sq| (sq, self.piece_at(sq).expect("occupied square has a piece")))
    }

    /// Pieces among `candidates` that attack `sq`, given `occupied` as the blockers.
    #[inline]
    pub fn attackers_among(&self, sq: Square, candidates: Bitboard, occupied: Bitboard) -> Bitboard {
        let white_pawns = candidates & self.pieces(Color::White, Role::Pawn);
        let black_pawns = candidates & self.pieces(Color::Black, Role::Pawn);
        (attacks::rook_attacks(sq, occupied) & candidates & self.rooks_and_queens())
            | (attacks::bishop_attacks(sq, occupied) & candidates & self.bishops_and_queens())
            | (attacks::knight_attacks(sq) & candidates & self.by_role(Role::Knight))
            | (attacks::king_attacks(sq) & candidates & self.by_role(Role::King))
            | (attacks::pawn_attacks(Color::Black, sq) & white_pawns)
            | (attacks::pawn_attacks(Color::White, sq) & black_pawns)
    }

    /// Pieces of `attacker` that attack `sq`, given `occupied` as the blockers.
    #[inline]
    pub fn attackers_to(&self, sq: Square, attacker: Color, occupied: Bitboard) -> Bitboard {
        self.attackers_among(sq, self.by_color(attacker), occupied)
    }

    /// Squares attacked by the piece on `sq` (empty if there is none).
    pub fn attacks_from(&self, sq: Square) -> Bitboard {
        match self.piece_at(sq) {
            Some(Piece { role: Role::Pawn, color }) => attacks::pawn_attacks(color, sq),
            Some(p) => attacks::piece_attacks(p.role, sq, self.occupied()),
            None => Bitboard::EMPTY,
        }
    }
}
