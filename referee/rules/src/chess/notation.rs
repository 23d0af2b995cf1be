//! Move notation: UCI in and out (with Chess960's king-takes-rook castling), SAN out and in.

use super::board::Board;
use super::explain;
use super::forms::{MoveError, San, parse_uci_form};
use super::position::{Move, Position};
use crate::geometry::Square;
use crate::pieces::Role;

/// Whether castling is written as the king's destination (orthodox UCI, `e1g1`) or as the
/// king taking its own rook (Chess960 UCI, `e1h1`).
#[derive(Copy, Clone, Debug, Eq, PartialEq, serde::Serialize, serde::Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum CastlingMode {
    Standard,
    Chess960,
}

pub fn uci(m: Move, mode: CastlingMode) -> String {
    match m {
        Move::Normal { from, to, promotion } => {
            let mut s = format!("{from}{to}");
            if let Some(p) = promotion {
                s.push(p.letter().to_ascii_lowercase());
            }
            s
        }
        Move::EnPassant { from, to } => format!("{from}{to}"),
        Move::Castle { king, rook } => match mode {
            CastlingMode::Chess960 => format!("{king}{rook}"),
            CastlingMode::Standard => format!("{king}{}", m.to()),
        },
    }
}

/// The move among `legal` with these squares; castling matches the king's destination or the
/// rook's square.
pub fn find_move(legal: &[Move], from: Square, to: Square, promotion: Option<Role>) -> Option<Move> {
    legal.iter().copied().find(|m| match *m {
        Move::Castle { king, rook } => king == from && (to == rook || to == m.to()) && promotion.is_none(),
        _ => m.from() == from && m.to() == to && m.promotion() == promotion,
    })
}

/// Reads a UCI move and checks it is legal here, explaining why not in players' words.
pub fn parse_uci(pos: &Position, text: &str, mode: CastlingMode) -> Result<Move, MoveError> {
    let (from, to, promotion) = parse_uci_form(text)?;
    let legal = pos.legal_moves();
    let written = text.trim().to_ascii_lowercase();
    if let Some(m) = legal.iter().find(|m| uci(**m, mode) == written) {
        return Ok(*m);
    }
    // Accept the other castling spelling when it cannot mean anything else: king-takes-rook in
    // orthodox chess, or the king's destination in Chess960 when the king cannot simply step there.
    if promotion.is_none() {
        let castle = legal.iter().find(|m| match **m {
            Move::Castle { king, rook } => king == from && (rook == to || m.to() == to),
            _ => false,
        });
        let plain_king_move =
            legal.iter().any(|m| matches!(m, Move::Normal { from: f, to: t, .. } if *f == from && *t == to));
        if let (Some(m), false) = (castle, plain_king_move) {
            return Ok(*m);
        }
    }
    Err(MoveError::Illegal(explain::why_illegal(pos, from, to, promotion)))
}

fn san_without_suffix(pos: &Position, m: Move) -> String {
    let board = pos.board();
    match m {
        Move::Castle { king, rook } => castling_text(king, rook).into(),
        Move::EnPassant { from, to } => format!("{}x{to}", from.file_char()),
        Move::Normal { from, to, promotion } => {
            let role = board.role_at(from).expect("a piece moves");
            let capture = board.occupied().contains(to);
            let mut s = String::new();
            if role == Role::Pawn {
                if capture {
                    s.push(from.file_char());
                    s.push('x');
                }
                s.push_str(&to.to_string());
                if let Some(p) = promotion {
                    s.push('=');
                    s.push(p.letter());
                }
                return s;
            }
            s.push(role.letter());
            // Disambiguate by file, else rank, else both, among same pieces reaching `to`.
            let rivals: Vec<Square> = pos
                .legal_moves()
                .iter()
                .filter_map(|o| match *o {
                    Move::Normal { from: f, to: t, .. } if t == to && f != from && board.role_at(f) == Some(role) => {
                        Some(f)
                    }
                    _ => None,
                })
                .collect();
            if !rivals.is_empty() {
                if rivals.iter().all(|r| r.file() != from.file()) {
                    s.push(from.file_char());
                } else if rivals.iter().all(|r| r.rank() != from.rank()) {
                    s.push(from.rank_char());
                } else {
                    s.push_str(&from.to_string());
                }
            }
            if capture {
                s.push('x');
            }
            s.push_str(&to.to_string());
            s
        }
    }
}

/// Standard Algebraic Notation of a legal move, with `+` or `#`.
pub fn san(pos: &Position, m: Move) -> String {
    let mut s = san_without_suffix(pos, m);
    let mut after = *pos;
    after.play_unchecked(m);
    if after.is_checkmate() {
        s.push('#');
    } else if after.is_check() {
        s.push('+');
    }
    s
}

/// Reads a SAN move (`Nf3`, `exd5`, `e8=Q`, `O-O`; check marks and annotations optional; an
/// unneeded disambiguation such as `Ngf3` is accepted).
pub fn parse_san(pos: &Position, text: &str) -> Result<Move, MoveError> {
    let not_legal = || MoveError::Illegal(format!("\"{}\" is not a legal move here", text.trim()));
    let Some(san) = San::read(text) else { return Err(not_legal()) };
    let legal = pos.legal_moves();
    let matches: Vec<Move> = legal.iter().copied().filter(|m| san.fits(pos.board(), *m)).collect();
    match matches.as_slice() {
        [m] => Ok(*m),
        [] => Err(MoveError::Illegal(explain::why_san_illegal(pos, san))),
        _ => Err(MoveError::Malformed(format!(
            "\"{}\" could mean more than one move; say which piece moves",
            text.trim()
        ))),
    }
}

/// Reads a move written either in UCI or in SAN.
pub fn parse_move(pos: &Position, text: &str, mode: CastlingMode) -> Result<Move, MoveError> {
    if looks_like_uci(text) {
        return parse_uci(pos, text, mode);
    }
    parse_san(pos, text).map_err(|san_error| match san_error {
        MoveError::Illegal(_) if !looks_like_san(text) => parse_uci_form(text).err().unwrap_or(san_error),
        other => other,
    })
}

/// Starts with two squares, like e2e4.
fn looks_like_uci(text: &str) -> bool {
    let t = text.trim();
    let squares = |a: usize, b: usize| t.get(a..b).is_some_and(|s| s.parse::<Square>().is_ok());
    squares(0, 2) && squares(2, 4)
}

fn looks_like_san(text: &str) -> bool {
    let t = text.trim();
    t.starts_with(['O', '0', 'N', 'B', 'R', 'Q', 'K'])
        || (t.len() >= 2 && t.as_bytes()[0].is_ascii_lowercase() && t[1..].contains(|c: char| c.is_ascii_digit()))
}

/// "O-O" on the king side, "O-O-O" on the queen side.
fn castling_text(king: Square, rook: Square) -> &'static str {
    if rook.file() > king.file() { "O-O" } else { "O-O-O" }
}

/// Long algebraic notation, which needs no disambiguation and so suits variants whose pieces
/// move in unorthodox ways: "Nb1-c3", "Bf1xh7", "e7-e8=Q", "e5xd6 e.p.", "O-O".
pub fn long_algebraic(board: &Board, m: Move) -> String {
    match m {
        Move::Castle { king, rook } => castling_text(king, rook).into(),
        Move::EnPassant { from, to } => format!("{from}x{to} e.p."),
        Move::Normal { from, to, promotion } => {
            let role = board.role_at(from).unwrap_or(Role::Pawn);
            let letter = if role == Role::Pawn { String::new() } else { role.letter().to_string() };
            let sep = if board.occupied().contains(to) { "x" } else { "-" };
            let promo = promotion.map_or(String::new(), |p| format!("={}", p.letter()));
            format!("{letter}{from}{sep}{to}{promo}")
        }
    }
}
