//! What the two-colour chess games share: seats by colour, their outcomes, reading a keyword,
//! repetition keys, the end-of-turn judgement, and the 8×8 board as data for views.

use crate::chess::{Board, CastlingNotation, FenFields, Move, Position};
use crate::game::{BoardShape, BoardView, CellView, Outcome, PieceView, Seat, Seating, StackView};
use crate::geometry::{Bitboard, Square};
use crate::pieces::Color;
use serde::{Deserialize, Deserializer, Serialize, Serializer};

/// Seat 0 plays White, seat 1 Black.
pub fn seat_of(color: Color) -> Seat {
    color.index() as Seat
}

/// The colour a seat of a two-colour game plays (the contract only asks about its own seats).
pub fn color_of(seat: Seat) -> Color {
    if seat == 0 { Color::White } else { Color::Black }
}

/// `color` wins.
pub fn wins(color: Color, reason: impl Into<String>) -> Outcome {
    Seating::two_colours().team_wins(color.index() as u8, reason)
}

/// A drawn game between the two colours.
pub fn draw(reason: impl Into<String>) -> Outcome {
    Seating::two_colours().draw(reason)
}

/// A move spelt out for a dispute: "White's knight f3→d4", "Black's bishop b4→c3, taking the
/// knight", "White's pawn e7→e8, promoting to a queen", "White's castling on the king side".
pub fn move_in_full(board: &Board, mover: Color, m: Move) -> String {
    match m {
        Move::Castle { king, rook } => {
            let side = if rook.file() > king.file() { "king" } else { "queen" };
            format!("{mover}'s castling on the {side} side")
        }
        Move::EnPassant { from, to } => {
            let taken = Square::from_coords(to.file(), from.rank());
            format!("{mover}'s pawn {from}→{to}, taking the pawn on {taken} en passant")
        }
        Move::Normal { from, to, promotion } => {
            let role = board.role_at(from).map_or_else(|| "piece".to_string(), |r| r.to_string());
            let mut text = format!("{mover}'s {role} {from}→{to}");
            if let Some(taken) = board.role_at(to).filter(|_| board.color_at(to) != Some(mover)) {
                text.push_str(&format!(", taking the {taken}"));
            }
            if let Some(p) = promotion {
                text.push_str(&format!(", promoting to a {p}"));
            }
            text
        }
    }
}

/// `text` without its first word if that word is `keyword` (any case): `play 8H c3` → `8H c3`.
pub fn after_keyword<'a>(text: &'a str, keyword: &str) -> Option<&'a str> {
    let (first, rest) = text.trim().split_once(char::is_whitespace)?;
    first.eq_ignore_ascii_case(keyword).then(|| rest.trim())
}

/// The repetition key of a position written as FEN plus a game's own fields: a stable 64-bit
/// FNV-1a hash of the text without the two move counters, so that replays on any machine
/// agree.
pub fn repetition_key(text: &str) -> u64 {
    let fields: Vec<&str> = text.split_whitespace().collect();
    let kept = fields.iter().enumerate().filter(|(i, _)| !matches!(i, 4 | 5)).map(|(_, f)| *f);
    kept.flat_map(|f| f.bytes().chain([b' ']))
        .fold(0xcbf2_9ce4_8422_2325u64, |h, b| (h ^ u64::from(b)).wrapping_mul(0x0100_0000_01b3))
}

/// How a position at the start of a turn ends the game, if it does: checkmate, stalemate,
/// bare kings, the fifty-move rule, or (where `repeated` counts) threefold repetition.
pub fn judge(
    mover: Color,
    has_moves: bool,
    in_check: bool,
    bare_kings: bool,
    halfmoves: u32,
    repeated: usize,
) -> Option<Outcome> {
    if !has_moves {
        if in_check {
            Some(wins(mover.other(), format!("checkmate, {} wins", mover.other())))
        } else {
            Some(draw("stalemate"))
        }
    } else if bare_kings {
        Some(draw("only the kings are left"))
    } else if halfmoves >= 100 {
        Some(draw("fifty-move rule"))
    } else if repeated >= 3 {
        Some(draw("threefold repetition"))
    } else {
        None
    }
}

/// What stands on a square besides its piece: stacks and marks (`mirror`, `check`).
#[derive(Default)]
pub struct SquareMarks {
    /// Piles on the square.
    pub stacks: Vec<StackView>,
    /// Marks.
    pub markers: Vec<String>,
}

/// The 8×8 board as data: every square with its piece, the marks `marks` gives it, and
/// whether it is in `selectable`.
pub fn board_view(board: &Board, selectable: Bitboard, marks: impl Fn(Square) -> SquareMarks) -> BoardView {
    let cells = Square::all()
        .map(|sq| {
            let SquareMarks { stacks, markers } = marks(sq);
            CellView {
                id: sq.to_string(),
                at: [sq.file(), sq.rank()],
                polygon: None,
                dark: sq.is_dark(),
                piece: board.piece_at(sq).map(|p| PieceView {
                    kind: p.role.name().into(),
                    side: p.color.name().to_lowercase(),
                    label: None,
                }),
                stacks,
                markers,
                selectable: selectable.contains(sq),
            }
        })
        .collect();
    BoardView { shape: BoardShape::Grid { files: 8, ranks: 8 }, cells }
}

/// The king's square of the side to move when it is in check, as a mark.
pub fn check_mark(board: &Board, mover: Color, in_check: bool) -> impl Fn(Square) -> SquareMarks + '_ {
    let king = if in_check { board.king_of(mover) } else { None };
    move |sq| SquareMarks {
        markers: if Some(sq) == king { vec!["check".into()] } else { Vec::new() },
        ..Default::default()
    }
}

/// An orthodox position for the games without check rules (Cooperative, Masquerade), kept as
/// FEN: a king may stand attacked, may be missing once captured, and the side to move may have
/// left an en passant square itself earlier in a turn of several moves.
#[derive(Copy, Clone, Debug, Eq, PartialEq)]
pub struct FreePosition(pub Position);

/// FEN of a [`FreePosition`]: the en passant square is written whenever a pawn has just made a
/// double step, whether or not a capture onto it is possible.
pub fn free_fen(p: &Position) -> String {
    FenFields {
        board: *p.board(),
        turn: p.turn(),
        castling: p.castling_rooks(),
        ep_square: p.double_step_square(),
        halfmoves: p.halfmoves(),
        fullmoves: p.fullmoves(),
    }
    .write(CastlingNotation::XFen)
}

/// Reads six FEN fields as a [`FreePosition`]'s pieces.
pub fn read_free_position(fields: &[&str]) -> Result<Position, String> {
    Ok(FenFields::parse_kings_capturable(fields).map_err(|e| e.0)?.position())
}

impl Serialize for FreePosition {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(&free_fen(&self.0))
    }
}

impl<'de> Deserialize<'de> for FreePosition {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<FreePosition, D::Error> {
        let text = String::deserialize(d)?;
        let fields: Vec<&str> = text.split_whitespace().collect();
        read_free_position(&fields).map(FreePosition).map_err(serde::de::Error::custom)
    }
}
