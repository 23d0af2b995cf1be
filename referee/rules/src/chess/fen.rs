//! FEN in and out, with Chess960's two castling notations: X-FEN (`KQkq` where the rook is
//! the outermost one on its side, a file letter otherwise) and Shredder-FEN (always the
//! rook's file: `HAha`). Reading accepts all three; errors say exactly what is wrong.

use super::attacks;
use super::board::Board;
use super::position::Position;
use crate::geometry::{Bitboard, Square};
use crate::pieces::{Color, Piece, Role};

/// How to write castling rights.
#[derive(Copy, Clone, Debug, Eq, PartialEq)]
pub enum CastlingNotation {
    /// `KQkq`, falling back to a rook's file only where K/Q would be ambiguous (X-FEN).
    /// For orthodox chess this is plain FEN.
    XFen,
    /// The files of the castling rooks: `HAha` (Shredder-FEN).
    Shredder,
}

#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("{0}")]
pub struct FenError(pub String);

fn err<T>(msg: impl Into<String>) -> Result<T, FenError> {
    Err(FenError(msg.into()))
}

pub const STANDARD_FEN: &str = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";

/// Reads the piece placement field: eight ranks from 8 down to 1, separated by `/`.
pub fn parse_board(field: &str) -> Result<Board, FenError> {
    let ranks: Vec<&str> = field.split('/').collect();
    if ranks.len() != 8 {
        return err(format!("the board needs 8 ranks separated by '/', found {}", ranks.len()));
    }
    let mut board = Board::empty();
    for (i, text) in ranks.iter().enumerate() {
        let rank = 7 - i as u8;
        let mut file: u32 = 0;
        for c in text.chars() {
            if let Some(d) = c.to_digit(10) {
                if d == 0 || d > 8 {
                    return err(format!("rank {} has the digit {d}; empty squares are counted 1 to 8", rank + 1));
                }
                file += d;
            } else if let Some(piece) = Piece::from_fen_char(c) {
                if file < 8 {
                    board.put(Square::from_coords(file as u8, rank), piece);
                }
                file += 1;
            } else {
                return err(format!(
                    "rank {} has '{c}', which is not a piece letter (PNBRQK, pnbrqk) or a digit",
                    rank + 1
                ));
            }
        }
        if file != 8 {
            return err(format!("rank {} has {file} squares, it needs 8", rank + 1));
        }
    }
    Ok(board)
}

fn parse_castling(field: &str, board: &Board) -> Result<Bitboard, FenError> {
    let mut rooks = Bitboard::EMPTY;
    if field == "-" {
        return Ok(rooks);
    }
    for c in field.chars() {
        let color = if c.is_ascii_uppercase() { Color::White } else { Color::Black };
        let back = color.back_rank();
        let Some(king) = board.king_of(color).filter(|k| k.rank() == back) else {
            return err(format!(
                "castling right '{c}' needs the {} king on its back rank",
                color.name().to_lowercase()
            ));
        };
        let own_rooks = board.pieces(color, Role::Rook) & Bitboard::rank(back);
        let rook = match c.to_ascii_lowercase() {
            'k' => (own_rooks & Bitboard(!0u64 << king.index())).into_iter().last(),
            'q' => (own_rooks & Bitboard((1u64 << king.index()) - 1)).first(),
            f @ 'a'..='h' => {
                let sq = Square::from_coords(f as u8 - b'a', back);
                own_rooks.contains(sq).then_some(sq)
            }
            _ => return err(format!("castling field has '{c}'; use K, Q, k, q, file letters (Shredder-FEN) or '-'")),
        };
        match rook {
            Some(sq) if sq != king => rooks = rooks.with(sq),
            _ => {
                return err(format!(
                    "castling right '{c}' needs a {} rook on that side of the king",
                    color.name().to_lowercase()
                ));
            }
        }
    }
    // At most one castling rook on each side of each king.
    for color in Color::ALL {
        if let Some(king) = board.king_of(color) {
            let mine = rooks & Bitboard::rank(color.back_rank());
            let left = mine & Bitboard((1u64 << king.index()) - 1);
            if left.has_more_than_one() || (mine & !left).has_more_than_one() {
                return err(format!("{} has two castling rooks on one side of the king", color.name()));
            }
        }
    }
    Ok(rooks)
}

fn parse_number(field: Option<&str>, name: &str, default: u32) -> Result<u32, FenError> {
    match field {
        None => Ok(default),
        Some(s) => s.parse().map_err(|_| FenError(format!("the {name} must be a whole number, found '{s}'"))),
    }
}

/// FEN read with only the checks every chess variant shares (one king a side, castling rooks
/// that exist, an en passant square behind a pawn that could have just moved two squares).
/// Variants whose positions orthodox chess would refuse (pawns that stepped back onto their
/// first rank, kings in check on another side of a mirror) validate the rest themselves.
#[derive(Copy, Clone, Debug, Eq, PartialEq)]
pub struct FenFields {
    pub board: Board,
    pub turn: Color,
    pub castling: Bitboard,
    pub ep_square: Option<Square>,
    pub halfmoves: u32,
    pub fullmoves: u32,
}

impl FenFields {
    /// Reads the first four to six whitespace-separated `fields` of a position between moves:
    /// an en passant square is behind a pawn of the side not to move.
    pub fn parse(fields: &[&str]) -> Result<FenFields, FenError> {
        FenFields::read(fields, false, true)
    }

    /// As [`FenFields::parse`], for a position in the middle of a turn (the checker games'
    /// extra moves and cards): the pawn behind the en passant square may also be the mover's,
    /// which has just stepped two squares.
    pub fn parse_mid_turn(fields: &[&str]) -> Result<FenFields, FenError> {
        FenFields::read(fields, true, true)
    }

    /// As [`FenFields::parse_mid_turn`], for games where a king can be captured and the game
    /// ends then (Cooperative Chess): a side may have no king; never more than one.
    pub fn parse_kings_capturable(fields: &[&str]) -> Result<FenFields, FenError> {
        FenFields::read(fields, true, false)
    }

    fn read(fields: &[&str], mid_turn: bool, king_required: bool) -> Result<FenFields, FenError> {
        if fields.len() < 4 || fields.len() > 6 {
            return err(format!(
                "FEN has {} fields; it needs 4 to 6: placement, side to move, castling, en passant[, halfmove clock, move number]",
                fields.len()
            ));
        }
        let board = parse_board(fields[0])?;
        let turn = match fields[1] {
            "w" => Color::White,
            "b" => Color::Black,
            other => return err(format!("the side to move must be 'w' or 'b', found '{other}'")),
        };
        for color in Color::ALL {
            let kings = board.pieces(color, Role::King).count();
            if kings > 1 || (king_required && kings != 1) {
                return err(format!("{} has {kings} kings; each side needs exactly one", color.name()));
            }
        }
        let castling = parse_castling(fields[2], &board)?;
        let ep_square = match fields[3] {
            "-" => None,
            s => {
                let sq: Square = s
                    .parse()
                    .map_err(|e: crate::geometry::ParseSquareError| FenError(format!("en passant square: {e}")))?;
                // Whose pawn stepped two squares: the side not to move, or in the middle of a
                // turn possibly the mover.
                let stepped =
                    if mid_turn && sq.rank() == if turn == Color::White { 2 } else { 5 } { turn } else { turn.other() };
                let (rank, pawn_rank) = if stepped == Color::Black { (5, 4) } else { (2, 3) };
                if sq.rank() != rank {
                    return err(format!(
                        "en passant square {sq} is impossible with {} to move; it must be on rank {}",
                        turn.name(),
                        rank + 1
                    ));
                }
                let pawn = Square::from_coords(sq.file(), pawn_rank);
                if board.piece_at(pawn) != Some(Piece::new(stepped, Role::Pawn)) || board.occupied().contains(sq) {
                    return err(format!("en passant square {sq} needs a pawn that just moved two squares to {pawn}"));
                }
                Some(sq)
            }
        };
        let halfmoves = parse_number(fields.get(4).copied(), "halfmove clock", 0)?;
        let fullmoves = parse_number(fields.get(5).copied(), "move number", 1)?.max(1);
        Ok(FenFields { board, turn, castling, ep_square, halfmoves, fullmoves })
    }

    /// The position these fields describe, without orthodox validation; for variants that keep
    /// an orthodox [`Position`] as the pieces' frame and write it back out as FEN.
    pub fn position(self) -> Position {
        let FenFields { board, turn, castling, ep_square, halfmoves, fullmoves } = self;
        Position { board, turn, castling, ep_square, halfmoves, fullmoves }
    }

    /// The six fields again; the en passant square is written as stored.
    pub fn write(&self, notation: CastlingNotation) -> String {
        let pos = Position { ep_square: None, ..self.position() };
        format!(
            "{} {} {} {} {} {}",
            pos.board_fen(),
            self.turn.fen_char(),
            pos.castling_fen(notation),
            self.ep_square.map_or("-".to_string(), |s| s.to_string()),
            self.halfmoves,
            self.fullmoves
        )
    }
}

/// Refuses a position in which the side that just moved is in check from the piece on `by`.
pub(crate) fn mover_not_in_check(board: &Board, turn: Color, by: Option<Square>) -> Result<(), FenError> {
    match by {
        Some(by) => err(format!(
            "{} is in check from {} but it is {}'s move",
            turn.other().name(),
            super::explain::describe(board, by),
            turn.name()
        )),
        None => Ok(()),
    }
}

impl Position {
    /// Reads FEN, Shredder-FEN or X-FEN. The move counters may be left off (they default to 0 and 1).
    pub fn from_fen(fen: &str) -> Result<Position, FenError> {
        let fields: Vec<&str> = fen.split_whitespace().collect();
        let FenFields { board, turn, castling, ep_square, halfmoves, fullmoves } = FenFields::parse(&fields)?;
        if let Some(sq) = (board.by_role(Role::Pawn) & (Bitboard::rank(0) | Bitboard::rank(7))).first() {
            return err(format!("there is a pawn on {sq}; pawns cannot stand on the first or last rank"));
        }
        let mut pos = Position { board, turn, castling, ep_square, halfmoves, fullmoves };
        let their_king = pos.board.king_of(turn.other()).expect("checked above");
        if pos.board.attackers_to(their_king, turn, pos.board.occupied()).nonempty() {
            return err(format!("{} is in check but it is {}'s move", turn.other().name(), turn.name()));
        }
        if pos.checkers().count() > 2 {
            return err(format!("{} is in check from more than two pieces, which no game can reach", turn.name()));
        }
        // Keep the square only while an enemy pawn stands beside it, as play does.
        if let Some(ep) = pos.ep_square {
            let beside = attacks::pawn_attacks(turn.other(), ep) & pos.board.pieces(turn, Role::Pawn);
            if beside.is_empty() {
                pos.ep_square = None;
            }
        }
        Ok(pos)
    }

    pub fn board_fen(&self) -> String {
        let mut out = String::new();
        for rank in (0..8).rev() {
            let mut empty = 0;
            for file in 0..8 {
                match self.board.piece_at(Square::from_coords(file, rank)) {
                    Some(p) => {
                        if empty > 0 {
                            out.push(char::from_digit(empty, 10).expect("digit"));
                            empty = 0;
                        }
                        out.push(p.fen_char());
                    }
                    None => empty += 1,
                }
            }
            if empty > 0 {
                out.push(char::from_digit(empty, 10).expect("digit"));
            }
            if rank > 0 {
                out.push('/');
            }
        }
        out
    }

    pub fn castling_fen(&self, notation: CastlingNotation) -> String {
        let mut out = String::new();
        for color in Color::ALL {
            let Some(king) = self.board.king_of(color) else { continue };
            let back = Bitboard::rank(color.back_rank());
            let all_rooks = self.board.pieces(color, Role::Rook) & back;
            // King side first, then queen side, as FEN writes them.
            let mine: Vec<Square> = (self.castling & back).collect();
            for rook in mine.into_iter().rev() {
                let king_side = rook.file() > king.file();
                let outermost = if king_side {
                    (all_rooks & Bitboard(!0u64 << king.index())).into_iter().last() == Some(rook)
                } else {
                    (all_rooks & Bitboard((1u64 << king.index()) - 1)).first() == Some(rook)
                };
                let c = match notation {
                    CastlingNotation::XFen if outermost => {
                        if king_side {
                            'k'
                        } else {
                            'q'
                        }
                    }
                    _ => rook.file_char(),
                };
                out.push(if color == Color::White { c.to_ascii_uppercase() } else { c });
            }
        }
        if out.is_empty() { "-".to_string() } else { out }
    }

    pub fn to_fen(&self, notation: CastlingNotation) -> String {
        format!(
            "{} {} {} {} {} {}",
            self.board_fen(),
            self.turn.fen_char(),
            self.castling_fen(notation),
            self.ep_square().map_or("-".to_string(), |s| s.to_string()),
            self.halfmoves,
            self.fullmoves
        )
    }

    /// Plain FEN (X-FEN for Chess960 positions, which equals FEN for orthodox ones).
    pub fn fen(&self) -> String {
        self.to_fen(CastlingNotation::XFen)
    }
}

/// Positions are stored as Shredder-FEN, which names castling rooks without ambiguity.
impl serde::Serialize for Position {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(&self.to_fen(CastlingNotation::Shredder))
    }
}

impl<'de> serde::Deserialize<'de> for Position {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Position, D::Error> {
        let fen = <String as serde::Deserialize>::deserialize(d)?;
        Position::from_fen(&fen).map_err(serde::de::Error::custom)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn fen_error(fen: &str) -> String {
        Position::from_fen(fen).unwrap_err().0
    }

    #[test]
    fn fen_round_trips_the_standard_position() {
        let pos = Position::from_fen(STANDARD_FEN).unwrap();
        assert_eq!(pos, Position::standard());
        assert_eq!(pos.fen(), STANDARD_FEN);
        assert_eq!(pos.to_fen(CastlingNotation::Shredder), "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w HAha - 0 1");
    }

    #[test]
    fn fen_reads_shredder_and_x_fen_castling() {
        let shredder = Position::from_fen("bnrqkbnr/pppppppp/8/8/8/8/PPPPPPPP/BNRQKBNR w HChc - 0 1").unwrap();
        let xfen = Position::from_fen("bnrqkbnr/pppppppp/8/8/8/8/PPPPPPPP/BNRQKBNR w KQkq - 0 1").unwrap();
        assert_eq!(shredder, xfen);
        assert_eq!(xfen.to_fen(CastlingNotation::Shredder), "bnrqkbnr/pppppppp/8/8/8/8/PPPPPPPP/BNRQKBNR w HChc - 0 1");
        assert_eq!(xfen.fen(), "bnrqkbnr/pppppppp/8/8/8/8/PPPPPPPP/BNRQKBNR w KQkq - 0 1");
        // Two rooks on the king side: the inner one needs its file in X-FEN.
        let inner = Position::from_fen("4k3/8/8/8/8/8/8/R3K1RR w G - 0 1").unwrap();
        assert_eq!(inner.fen(), "4k3/8/8/8/8/8/8/R3K1RR w G - 0 1");
    }

    #[test]
    fn fen_errors_say_what_is_wrong() {
        assert_eq!(
            fen_error("rnbqkbnr/pppppppp/8/8/8/ppp6/PPPPPPPP/RNBQKBNR w KQkq - 0 1"),
            "rank 3 has 9 squares, it needs 8"
        );
        assert_eq!(
            fen_error("rnbqkbnr/pppppppp/8/8/8/7/PPPPPPPP/RNBQKBNR w KQkq - 0 1"),
            "rank 3 has 7 squares, it needs 8"
        );
        assert!(fen_error("rnbqkbnr/pppppppp/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1").contains("needs 8 ranks"));
        assert!(fen_error("rnbqkbnr/pppxpppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1").contains("rank 7 has 'x'"));
        assert!(fen_error("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR x KQkq - 0 1").contains("'w' or 'b'"));
        assert!(fen_error("rnbq1bnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQ - 0 1").contains("Black has 0 kings"));
        assert!(fen_error("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBN1 w KQkq - 0 1").contains("castling right 'K'"));
        assert!(fen_error("rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e4 0 1").contains("rank 3"));
        assert!(fen_error("4k3/8/8/8/8/8/8/4K2P w - - 0 1").contains("pawn on h1"));
        assert!(fen_error("4k3/4R3/8/8/8/8/8/4K3 w - - 0 1").contains("Black is in check but it is White's move"));
        assert!(fen_error("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - zero 1").contains("halfmove clock"));
        assert!(fen_error("8/8/8").contains("4 to 6"));
    }

    #[test]
    fn fen_keeps_an_en_passant_square_only_when_a_capture_is_possible() {
        let no_capturer = Position::from_fen("rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1").unwrap();
        assert_eq!(no_capturer.ep_square(), None);
        let capturer = Position::from_fen("rnbqkbnr/ppp1pppp/8/8/3pP3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1").unwrap();
        assert_eq!(capturer.ep_square(), Some("e3".parse().unwrap()));
    }
}
