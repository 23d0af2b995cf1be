//! Move notation: UCI in and out (with Chess960's king-takes-rook castling), SAN out and in.

use super::board::Board;
use super::explain::{self, MoveError};
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

/// The squares and promotion of a UCI move, checked for form only.
pub fn parse_uci_form(text: &str) -> Result<(Square, Square, Option<Role>), MoveError> {
    let t = text.trim();
    let malformed = || {
        MoveError::Malformed(format!(
            "\"{t}\" is not a move: write the from-square and the to-square, like e2e4, with q, r, b or n added for a promotion (e7e8q)"
        ))
    };
    if !t.is_ascii() || !(4..=5).contains(&t.len()) {
        return Err(malformed());
    }
    let from: Square = t[0..2].parse().map_err(|_| malformed())?;
    let to: Square = t[2..4].parse().map_err(|_| malformed())?;
    let promotion = match t.get(4..5) {
        None => None,
        Some(p) => match Role::from_letter(p.chars().next().unwrap_or(' ')) {
            Some(r @ (Role::Queen | Role::Rook | Role::Bishop | Role::Knight)) => Some(r),
            _ => {
                return Err(MoveError::Malformed(format!(
                    "\"{t}\": a pawn can be promoted to q, r, b or n, not '{p}'"
                )));
            }
        },
    };
    Ok((from, to, promotion))
}

/// The squares of a move written in UCI, or `O-O` / `O-O-O` (zeros too) for the king on
/// `king`: what variants whose moves SAN cannot name read. Checked for form only.
pub fn parse_squares(king: Square, text: &str) -> Result<(Square, Square, Option<Role>), MoveError> {
    match text.trim().to_ascii_uppercase().replace('0', "O").as_str() {
        "O-O" => Ok((king, Square::from_coords(6, king.rank()), None)),
        "O-O-O" => Ok((king, Square::from_coords(2, king.rank()), None)),
        _ => parse_uci_form(text),
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

/// Reads a SAN move (`Nf3`, `exd5`, `e8=Q`, `O-O`; check marks and annotations optional).
pub fn parse_san(pos: &Position, text: &str) -> Result<Move, MoveError> {
    let normalize =
        |s: &str| -> String { s.trim().trim_end_matches(['+', '#', '!', '?']).replace('0', "O").replace("=", "") };
    let wanted = normalize(text);
    let legal = pos.legal_moves();
    let matches: Vec<Move> =
        legal.iter().copied().filter(|m| normalize(&san_without_suffix(pos, *m)) == wanted).collect();
    match matches.as_slice() {
        [m] => Ok(*m),
        [] => Err(MoveError::Illegal(format!("\"{}\" is not a legal move here", text.trim()))),
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
    t.len() >= 4 && t.is_char_boundary(4) && t[0..2].parse::<Square>().is_ok() && t[2..4].parse::<Square>().is_ok()
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
