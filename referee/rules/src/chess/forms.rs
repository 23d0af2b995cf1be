//! A move's text read for its form alone, before any position is asked: UCI's squares (and
//! `O-O` for variants that SAN cannot name), SAN taken apart, and the error either gives.
//! Below both `notation` (which finds the move a text names) and `explain` (which says why a
//! text names no legal move), which both read texts so.

use super::board::Board;
use super::position::Move;
use crate::geometry::Square;
use crate::pieces::Role;

/// A move that could not be read, or that was read but breaks a rule.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum MoveError {
    #[error("{0}")]
    Malformed(String),
    #[error("{0}")]
    Illegal(String),
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

/// A SAN move taken apart: what the text says about the move, before looking at a position.
#[derive(Copy, Clone, Debug, Eq, PartialEq)]
pub(crate) enum San {
    /// `O-O` (king side) or `O-O-O`.
    Castle { king_side: bool },
    /// Any other move: the piece, what the text says of its square, where it goes.
    Piece { role: Role, file: Option<u8>, rank: Option<u8>, to: Square, promotion: Option<Role> },
}

impl San {
    /// Reads `Nf3`, `Ngf3`, `Ng1f3`, `exd5`, `e8=Q`, `O-O`, `0-0-0`, with or without `x`, `+`,
    /// `#`, `!`, `?`. `None` when the text is not SAN.
    pub(crate) fn read(text: &str) -> Option<San> {
        let t = text.trim().trim_end_matches(['+', '#', '!', '?']).replace(['=', 'x', ':'], "");
        match t.replace('0', "O").as_str() {
            "OO" | "O-O" => return Some(San::Castle { king_side: true }),
            "OOO" | "O-O-O" => return Some(San::Castle { king_side: false }),
            _ => {}
        }
        let t = t.replace('-', "");
        let (role, rest) = match t.chars().next()? {
            c @ ('N' | 'B' | 'R' | 'Q' | 'K') => (Role::from_letter(c)?, &t[1..]),
            _ => (Role::Pawn, t.as_str()),
        };
        let (rest, promotion) = match rest.chars().last()? {
            c @ ('Q' | 'R' | 'B' | 'N' | 'q' | 'r' | 'b' | 'n') if role == Role::Pawn && rest.len() > 2 => {
                (&rest[..rest.len() - 1], Some(Role::from_letter(c.to_ascii_uppercase())?))
            }
            _ => (rest, None),
        };
        if rest.len() < 2 || rest.len() > 4 || !rest.is_ascii() {
            return None;
        }
        let to: Square = rest[rest.len() - 2..].parse().ok()?;
        let mut file = None;
        let mut rank = None;
        for b in rest[..rest.len() - 2].bytes() {
            match b {
                b'a'..=b'h' if file.is_none() => file = Some(b - b'a'),
                b'1'..=b'8' if rank.is_none() => rank = Some(b - b'1'),
                _ => return None,
            }
        }
        if role == Role::Pawn && file.is_none() {
            file = Some(to.file());
        }
        Some(San::Piece { role, file, rank, to, promotion })
    }

    /// Whether `m` (a move in `board`) is the move this text describes.
    pub(crate) fn fits(self, board: &Board, m: Move) -> bool {
        match (self, m) {
            (San::Castle { king_side }, Move::Castle { king, rook }) => (rook.file() > king.file()) == king_side,
            (San::Castle { .. }, _) | (San::Piece { .. }, Move::Castle { .. }) => false,
            (San::Piece { role, file, rank, to, promotion }, m) => {
                let (from, dest, promoted) = match m {
                    Move::Normal { from, to, promotion } => (from, to, promotion),
                    Move::EnPassant { from, to } => (from, to, None),
                    Move::Castle { .. } => unreachable!("matched above"),
                };
                board.role_at(from) == Some(role)
                    && dest == to
                    && promoted == promotion
                    && file.is_none_or(|f| from.file() == f)
                    && rank.is_none_or(|r| from.rank() == r)
            }
        }
    }
}
