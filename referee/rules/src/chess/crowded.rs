//! Crowded House's board rules (seed 001, "Crowded House"): four players on one orthodox board,
//! each moving the pieces of one colour that start or end on one half of the board (files a–d
//! the queen side, e–h the king side). Check is judged against the next player only: a move
//! is illegal when the next player could capture the mover's king at once, and that player can
//! capture only with a move that starts or ends on its own half.
//!
//! The pieces, castling rights, the double-step square and the move counters are an orthodox
//! [`Position`]'s; this module adds the half that moves and the rules above.

use super::attacks;
use super::explain::{self, describe, movers_piece};
use super::fen::{CastlingNotation, FenError, FenFields};
use super::position::{Move, MoveList, Position, castling_squares};
use crate::geometry::{Bitboard, Square};
use crate::pieces::{Color, Piece, Role};
use serde::{Deserialize, Deserializer, Serialize, Serializer};

/// One half of the board: the files a seat's moves must start or end on.
#[derive(Copy, Clone, Debug, Eq, PartialEq, Hash, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(rename_all = "kebab-case")]
pub enum Half {
    /// Files e–h, where the kings start.
    King,
    /// Files a–d, where the queens start.
    Queen,
}

impl Half {
    /// Both halves, king side first (the order of seats within a colour).
    pub const ALL: [Half; 2] = [Half::King, Half::Queen];

    /// The squares of this half.
    pub fn squares(self) -> Bitboard {
        let files = match self {
            Half::King => 4..8,
            Half::Queen => 0..4,
        };
        files.fold(Bitboard::EMPTY, |b, f| b | Bitboard::file(f))
    }

    /// The other half.
    pub fn other(self) -> Half {
        match self {
            Half::King => Half::Queen,
            Half::Queen => Half::King,
        }
    }

    /// `king` or `queen`, as the position text writes it.
    pub fn as_str(self) -> &'static str {
        match self {
            Half::King => "king",
            Half::Queen => "queen",
        }
    }

    /// "the queen side (files a–d)".
    pub fn in_words(self) -> &'static str {
        match self {
            Half::King => "the king side (files e–h)",
            Half::Queen => "the queen side (files a–d)",
        }
    }

    fn index(self) -> u8 {
        match self {
            Half::King => 0,
            Half::Queen => 1,
        }
    }
}

/// The seat that plays `color` on `half`: king-side White 0, king-side Black 1, queen-side
/// White 2, queen-side Black 3, which is also the order of play.
pub fn seat_of(color: Color, half: Half) -> u8 {
    color.index() as u8 + 2 * half.index()
}

/// The colour and half of seat 0–3.
pub fn seat_side(seat: u8) -> (Color, Half) {
    let color = if seat.is_multiple_of(2) { Color::White } else { Color::Black };
    (color, if seat < 2 { Half::King } else { Half::Queen })
}

/// "queen-side White".
pub fn side_name(color: Color, half: Half) -> String {
    format!("{}-side {color}", half.as_str())
}

/// Why a move the seat to move could make on an empty-enough board is refused here.
#[derive(Copy, Clone, Debug, Eq, PartialEq)]
pub enum Refusal {
    /// The move neither starts nor ends on the mover's half.
    OffHalf,
    /// The next player could capture the mover's king with the piece on this square.
    KingTaken(Square),
}

/// A Crowded House position: the pieces and counters, and the half of the seat to move.
#[derive(Copy, Clone, Debug, Eq, PartialEq, Hash)]
pub struct CrowdedPosition {
    pub(crate) position: Position,
    /// The half of the seat to move; the colour is the position's.
    pub half: Half,
}

impl CrowdedPosition {
    /// The orthodox start, king-side White to move.
    pub fn standard() -> CrowdedPosition {
        CrowdedPosition { position: Position::standard(), half: Half::King }
    }

    /// The pieces.
    pub fn board(&self) -> &super::Board {
        self.position.board()
    }

    /// The colour to move.
    pub fn turn(&self) -> Color {
        self.position.turn
    }

    /// The seat to move, 0–3.
    pub fn seat(&self) -> u8 {
        seat_of(self.turn(), self.half)
    }

    /// Moves and passes since the last capture or pawn move.
    pub fn halfmoves(&self) -> u32 {
        self.position.halfmoves
    }

    /// Every move of the colour to move by the movement rules of chess, before the half rule
    /// and king safety.
    pub fn pseudo_moves(&self) -> MoveList {
        self.position.pseudo_legal_moves()
    }

    /// Whether `m` starts or ends on the mover's half (for castling: the king's squares).
    pub fn on_half(&self, m: Move) -> bool {
        let half = self.half.squares();
        half.contains(m.from()) || half.contains(m.to())
    }

    /// Why the seat to move may not make `m`, one of its [`CrowdedPosition::pseudo_moves`].
    pub fn refusal(&self, m: Move) -> Option<Refusal> {
        if !self.on_half(m) {
            return Some(Refusal::OffHalf);
        }
        let mut after = *self;
        after.play(m);
        after.king_taker(self.turn()).map(Refusal::KingTaken)
    }

    /// The legal moves of the seat to move.
    pub fn legal_moves(&self) -> Vec<Move> {
        self.pseudo_moves().iter().copied().filter(|m| self.refusal(*m).is_none()).collect()
    }

    /// A piece the seat to move could capture `color`'s king with: an attacker that stands on
    /// the seat's half, or any attacker when the king does.
    pub fn king_taker(&self, color: Color) -> Option<Square> {
        let board = &self.position.board;
        let king = board.king_of(color)?;
        let attackers = board.attackers_to(king, color.other(), board.occupied());
        let half = self.half.squares();
        if half.contains(king) { attackers.first() } else { (attackers & half).first() }
    }

    /// Whether the seat to move is in check: the next player could capture its king if it
    /// moved nothing. Returns the capturing piece's square.
    pub fn checker(&self) -> Option<Square> {
        let mut after = *self;
        after.pass();
        after.king_taker(self.turn())
    }

    fn advance(&mut self, mover: Color) {
        if mover == Color::Black {
            self.half = self.half.other();
        }
    }

    /// Plays `m`, a pseudo-legal move, and hands the turn to the next seat.
    pub fn play(&mut self, m: Move) {
        let mover = self.turn();
        self.position.play_unchecked(m);
        self.advance(mover);
    }

    /// The seat to move moves nothing: the turn passes, and with it any en passant chance.
    pub fn pass(&mut self) {
        let mover = self.turn();
        let pos = &mut self.position;
        pos.ep_square = None;
        pos.halfmoves += 1;
        if mover == Color::Black {
            pos.fullmoves += 1;
        }
        pos.turn = mover.other();
        self.advance(mover);
    }

    /// Explains why `from`-`to` is not a legal move of the seat to move, in its words.
    pub fn why_illegal(&self, from: Square, to: Square, promotion: Option<Role>) -> String {
        let board = self.board();
        if let Err(why) = movers_piece(board, self.turn(), from) {
            return why;
        }
        let pseudo = self.pseudo_moves();
        let Some(m) = super::find_move(&pseudo, from, to, promotion) else {
            return self.why_not_a_move(from, to, promotion);
        };
        match self.refusal(m) {
            Some(Refusal::OffHalf) => format!(
                "You move only pieces that start or end on {}; the {} {from}→{to} stays on {}.",
                self.half.in_words(),
                board.role_at(from).map_or("piece".into(), |r| r.to_string()),
                self.half.other().in_words()
            ),
            Some(Refusal::KingTaken(by)) => {
                let mut after = *self;
                after.play(m);
                let next = side_name(after.turn(), after.half);
                format!(
                    "Your king could be captured at once: {next}, who moves next, would take it with {}.",
                    describe(after.board(), by)
                )
            }
            None => format!("{from}{to} is legal."),
        }
    }

    /// Why a move is not even a move of chess here (castling spelt out by this game's rule:
    /// only its rights and empty squares).
    fn why_not_a_move(&self, from: Square, to: Square, promotion: Option<Role>) -> String {
        let board = self.board();
        let castling = board.role_at(from) == Some(Role::King)
            && to.rank() == from.rank()
            && (from.file().abs_diff(to.file()) == 2
                || board.piece_at(to) == Some(Piece::new(self.turn(), Role::Rook)));
        if !castling {
            return explain::why_illegal(&self.position, from, to, promotion);
        }
        match explain::castling_rook(board, self.position.castling, from, to) {
            Some(Ok(rook)) => match (castling_squares(from, rook).0 & board.occupied()).first() {
                Some(blocker) => format!("You cannot castle: {} is in the way.", describe(board, blocker)),
                None => explain::why_illegal(&self.position, from, to, promotion),
            },
            Some(Err(why)) => why,
            None => "You can no longer castle on that side: your king or that rook has already moved.".into(),
        }
    }

    /// The position as text: FEN (the en passant square written whenever a pawn just stepped
    /// two squares beside an enemy pawn), then `king` or `queen` for the half that moves.
    pub fn to_text(&self) -> String {
        let p = &self.position;
        let fields = FenFields {
            board: p.board,
            turn: p.turn,
            castling: p.castling,
            ep_square: p.ep_square,
            halfmoves: p.halfmoves,
            fullmoves: p.fullmoves,
        };
        format!("{} {}", fields.write(CastlingNotation::XFen), self.half.as_str())
    }

    /// Reads [`CrowdedPosition::to_text`]'s form (the move counters may be left out); refuses
    /// positions no game reaches: pawns on a first or last rank, or the seat that just moved
    /// leaving its king to be captured by the seat to move.
    pub fn read(text: &str) -> Result<CrowdedPosition, FenError> {
        let fields: Vec<&str> = text.split_whitespace().collect();
        let (half_field, fen) = fields.split_last().ok_or_else(|| FenError("the position is empty".into()))?;
        let half = match half_field.to_ascii_lowercase().trim_end_matches("-side") {
            "king" | "k" => Half::King,
            "queen" | "q" => Half::Queen,
            other => {
                return Err(FenError(format!(
                    "a Crowded House position is FEN then the half that moves, king or queen; found '{other}' last"
                )));
            }
        };
        let mut position = FenFields::parse(fen)?.position();
        if let Some(sq) = (position.board.by_role(Role::Pawn) & (Bitboard::rank(0) | Bitboard::rank(7))).first() {
            return Err(FenError(format!("there is a pawn on {sq}; pawns cannot stand on the first or last rank")));
        }
        if let Some(ep) = position.ep_square {
            let beside =
                attacks::pawn_attacks(position.turn.other(), ep) & position.board.pieces(position.turn, Role::Pawn);
            if beside.is_empty() {
                position.ep_square = None;
            }
        }
        let crowded = CrowdedPosition { position, half };
        let mover = crowded.turn().other();
        if let Some(by) = crowded.king_taker(mover) {
            return Err(FenError(format!(
                "{mover}'s king could be captured by {} of {}, who is to move: the last move was illegal",
                describe(crowded.board(), by),
                side_name(crowded.turn(), half)
            )));
        }
        Ok(crowded)
    }
}

impl Serialize for CrowdedPosition {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(&self.to_text())
    }
}

impl<'de> Deserialize<'de> for CrowdedPosition {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<CrowdedPosition, D::Error> {
        let text = String::deserialize(d)?;
        CrowdedPosition::read(&text).map_err(|e| serde::de::Error::custom(e.0))
    }
}
