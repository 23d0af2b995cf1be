//! Why a move is illegal, in the words players use at the table ("the knight on c6 is pinned
//! to your king by the bishop on b5").

use super::attacks::{self, between};
use super::board::Board;
use super::forms::{San, parse_uci_form};
use super::position::{CastlingObstacle, Position, castling_destinations};
use crate::geometry::{Bitboard, Square};
use crate::pieces::{Color, Piece, Role};

/// "the bishop on b5"
pub fn describe(board: &Board, sq: Square) -> String {
    match board.role_at(sq) {
        Some(role) => format!("the {role} on {sq}"),
        None => format!("the empty square {sq}"),
    }
}

pub(crate) fn how_it_moves(role: Role) -> &'static str {
    match role {
        Role::Knight => "moves in an L: two squares one way and one to the side",
        Role::Bishop => "moves diagonally",
        Role::Rook => "moves along its rank or file",
        Role::Queen => "moves along ranks, files and diagonals",
        Role::King => "moves one square in any direction (or castles)",
        Role::Pawn => {
            "moves one square forward (two from its starting square) and captures one square diagonally forward"
        }
    }
}

fn side_name(king: Square, rook: Square) -> &'static str {
    if rook.file() > king.file() { "king side" } else { "queen side" }
}

/// Explains why `from`-`to` (with `promotion`) is not a legal move in `pos`.
pub fn why_illegal(pos: &Position, from: Square, to: Square, promotion: Option<Role>) -> String {
    let board = pos.board();
    let us = pos.turn();
    let piece = match movers_piece(board, us, from) {
        Ok(piece) => piece,
        Err(why) => return why,
    };
    if from == to {
        return format!("The {} on {from} has to move to another square.", piece.role);
    }
    if piece.role == Role::King
        && let Some(reason) = castling_attempt(pos, from, to)
    {
        return reason;
    }
    if board.color_at(to) == Some(us) {
        return format!("You cannot capture your own {} on {to}.", board.role_at(to).expect("occupied"));
    }
    if let Some(reason) = movement_problem(board, board.occupied(), pos.double_step_square(), piece, from, to) {
        return reason;
    }
    let last_rank = to.rank() == us.other().back_rank();
    match (piece.role == Role::Pawn && last_rank, promotion) {
        (true, None) => {
            return format!("A pawn reaching the last rank must be promoted: add q, r, b or n, as in {from}{to}q.");
        }
        (false, Some(_)) => return "Only a pawn reaching the last rank can be promoted.".to_string(),
        _ => {}
    }
    king_safety_problem(pos, piece, from, to)
}

/// The piece on `from`, if it belongs to `us`, the side to move; otherwise why it cannot move.
pub(crate) fn movers_piece(board: &Board, us: Color, from: Square) -> Result<Piece, String> {
    match board.piece_at(from) {
        None => Err(format!("There is no piece on {from}.")),
        Some(piece) if piece.color != us => {
            Err(format!("The {} on {from} is {}'s; it is {}'s move.", piece.role, piece.color, us))
        }
        Some(piece) => Ok(piece),
    }
}

/// For a king moving two or more files along its rank (castling as the variants write it):
/// the rook on that side that may still castle, or why none may. `None` for any other move.
pub(crate) fn castling_rook(
    board: &Board,
    castling: Bitboard,
    from: Square,
    to: Square,
) -> Option<Result<Square, String>> {
    let king = board.piece_at(from).filter(|p| p.role == Role::King)?;
    if to.rank() != from.rank() || from.file().abs_diff(to.file()) < 2 {
        return None;
    }
    let king_side = to.file() > from.file();
    let rook = (castling & board.by_color(king.color)).into_iter().find(|r| (r.file() > from.file()) == king_side);
    Some(rook.ok_or_else(|| "You can no longer castle on that side: your king or that rook has already moved.".into()))
}

/// Castling written as king-takes-own-rook or a king move of two files along the back rank.
fn castling_attempt(pos: &Position, king: Square, to: Square) -> Option<String> {
    let board = pos.board();
    let us = pos.turn();
    if king.rank() != us.back_rank() || to.rank() != king.rank() {
        return None;
    }
    let onto_own_rook = board.piece_at(to) == Some(Piece::new(us, Role::Rook));
    let two_files = king.file().abs_diff(to.file()) == 2 && !onto_own_rook;
    if !onto_own_rook && !two_files {
        return None;
    }
    let king_side = to.file() > king.file();
    let side = if king_side { "king side" } else { "queen side" };
    let rights = pos.castling_rooks() & Bitboard::rank(us.back_rank());
    let rook = rights.into_iter().find(|r| (r.file() > king.file()) == king_side);
    let Some(rook) = rook.filter(|r| !onto_own_rook || *r == to) else {
        return Some(format!("You can no longer castle on the {side}: your king or that rook has already moved."));
    };
    if let Some(checker) = pos.checkers().first() {
        return Some(format!("You cannot castle out of check: your king is attacked by {}.", describe(board, checker)));
    }
    let (king_to, _) = castling_destinations(king, rook);
    match pos.castling_obstacle(king, rook)? {
        CastlingObstacle::InTheWay(blocker) => Some(format!(
            "You cannot castle on the {}: {} is in the way.",
            side_name(king, rook),
            describe(board, blocker)
        )),
        CastlingObstacle::Attacked { square, by } => {
            let word = if square == king_to { "into check on" } else { "through" };
            Some(format!("You cannot castle {word} {square}: it is attacked by {}.", describe(board, by)))
        }
    }
}

/// Whether the piece can make this move at all, ignoring the safety of its king. `occupied`
/// is what blocks it (a variant may let pieces pass through some), `double_step` the square a
/// pawn just skipped.
pub(crate) fn movement_problem(
    board: &Board,
    occupied: Bitboard,
    double_step: Option<Square>,
    piece: Piece,
    from: Square,
    to: Square,
) -> Option<String> {
    if piece.role != Role::Pawn {
        let empty_board_reach = attacks::piece_attacks(piece.role, from, Bitboard::EMPTY);
        if !empty_board_reach.contains(to) {
            return Some(format!("A {} {}; it cannot go from {from} to {to}.", piece.role, how_it_moves(piece.role)));
        }
        if let Some(blocker) = (between(from, to) & occupied).first() {
            return Some(format!("The {} on {from} cannot jump over {}.", piece.role, describe(board, blocker)));
        }
        return None;
    }
    let forward: i8 = if piece.color == Color::White { 1 } else { -1 };
    let rank_step = to.rank() as i8 - from.rank() as i8;
    let file_step = to.file() as i8 - from.file() as i8;
    let start_rank = if piece.color == Color::White { 1 } else { 6 };
    match (file_step.abs(), rank_step * forward) {
        (0, 1) | (0, 2) => {
            if rank_step * forward == 2 && from.rank() != start_rank {
                return Some(format!(
                    "A pawn may move two squares only from its starting square; the pawn on {from} has already moved."
                ));
            }
            if let Some(blocker) = ((between(from, to).with(to)) & occupied).first() {
                return Some(format!(
                    "The pawn on {from} is blocked by {}; pawns capture diagonally, not straight ahead.",
                    describe(board, blocker)
                ));
            }
            None
        }
        (1, 1) => {
            if board.color_at(to) == Some(piece.color.other()) {
                return None;
            }
            if double_step == Some(to) {
                return None;
            }
            let passed = Square::from_coords(to.file(), from.rank());
            if board.piece_at(passed) == Some(Piece::new(piece.color.other(), Role::Pawn)) {
                return Some(format!(
                    "The pawn on {passed} can be taken en passant only on the move right after it stepped two squares; {to} is empty."
                ));
            }
            Some(format!("A pawn moves diagonally only to capture, and {to} is empty."))
        }
        _ => Some(format!("A pawn {}; it cannot go from {from} to {to}.", how_it_moves(Role::Pawn))),
    }
}

/// A move written in SAN that matches no legal move: which piece was meant, and why it cannot
/// go there ("The knight on c6 is pinned to your king by the bishop on b5.").
pub(crate) fn why_san_illegal(pos: &Position, san: San) -> String {
    let board = pos.board();
    let us = pos.turn();
    let (role, to, promotion) = match san {
        San::Castle { king_side } => {
            let side = if king_side { "king side" } else { "queen side" };
            let rights = pos.castling_rooks() & board.by_color(us) & Bitboard::rank(us.back_rank());
            let king = board.king_of(us);
            let rook = king.and_then(|k| rights.into_iter().find(|r| (r.file() > k.file()) == king_side));
            return match (king, rook) {
                (Some(king), Some(rook)) => why_illegal(pos, king, rook, None),
                _ => format!("You can no longer castle on the {side}: your king or that rook has already moved."),
            };
        }
        San::Piece { role, to, promotion, .. } => (role, to, promotion),
    };
    let (candidates, reaching) = san_candidates(pos, san);
    match (candidates.as_slice(), reaching.as_slice()) {
        ([], _) => format!("You have no {role} that could go to {to}."),
        ([from], _) | (_, [from]) => why_illegal(pos, *from, to, promotion),
        (_, []) => format!("None of your {role}s can reach {to}."),
        (_, several) => several.iter().map(|&from| why_illegal(pos, from, to, promotion)).collect::<Vec<_>>().join(" "),
    }
}

/// Which move a text (UCI or SAN) tries, in words, whether or not it is legal: "Black's knight
/// c6→d4", "White castling on the king side". `None` when the text does not say.
pub fn attempt_in_words(pos: &Position, text: &str) -> Option<String> {
    if let Some(words) = uci_attempt_in_words(pos.board(), text) {
        return Some(words);
    }
    let us = pos.turn();
    match San::read(text)? {
        San::Castle { king_side } => {
            Some(format!("{us} castling on the {} side", if king_side { "king" } else { "queen" }))
        }
        san @ San::Piece { role, to, .. } => match san_piece_meant(pos, san) {
            Some(from) => Some(format!("{us}'s {role} {from}→{to}")),
            None => Some(format!("{us}'s {role} to {to}")),
        },
    }
}

/// A move written from-square to-square (`c6d4`) in words: "Black's knight c6→d4".
pub fn uci_attempt_in_words(board: &Board, text: &str) -> Option<String> {
    let (from, to, _) = parse_uci_form(text).ok()?;
    let piece = board.piece_at(from)?;
    Some(format!("{}'s {} {from}→{to}", piece.color, piece.role))
}

/// The square of the piece a SAN move that fits no legal move must mean: the only piece of
/// that kind the text allows, or the only one that could reach the square.
fn san_piece_meant(pos: &Position, san: San) -> Option<Square> {
    let (candidates, reaching) = san_candidates(pos, san);
    match (candidates.as_slice(), reaching.as_slice()) {
        ([from], _) | (_, [from]) => Some(*from),
        _ => None,
    }
}

/// The side to move's pieces a SAN piece move may mean, and those of them that could reach
/// its square, ignoring the safety of the king.
fn san_candidates(pos: &Position, san: San) -> (Vec<Square>, Vec<Square>) {
    let San::Piece { role, file, rank, to, .. } = san else { return (Vec::new(), Vec::new()) };
    let board = pos.board();
    let us = pos.turn();
    let candidates: Vec<Square> = (board.by_color(us) & board.by_role(role))
        .into_iter()
        .filter(|s| file.is_none_or(|f| s.file() == f) && rank.is_none_or(|r| s.rank() == r))
        .collect();
    let piece = Piece::new(us, role);
    let reaching = candidates
        .iter()
        .copied()
        .filter(|&from| {
            from != to && movement_problem(board, board.occupied(), pos.double_step_square(), piece, from, to).is_none()
        })
        .collect();
    (candidates, reaching)
}

/// The move is possible for the piece, so it must leave its own king in check.
fn king_safety_problem(pos: &Position, piece: Piece, from: Square, to: Square) -> String {
    let board = pos.board();
    let us = pos.turn();
    let mut after = *board;
    let en_passant = piece.role == Role::Pawn && from.file() != to.file() && !board.occupied().contains(to);
    if en_passant {
        after.remove(Square::from_coords(to.file(), from.rank()));
    }
    after.remove(from);
    after.put(to, piece);
    let king = after.king_of(us).expect("one king");
    let attackers = after.attackers_to(king, us.other(), after.occupied());
    let Some(attacker) = attackers.first() else {
        // Every movement and safety rule passed; only an unusual castling form can land here.
        return format!("{from}{to} is not a legal move here.");
    };
    let attacker_text = describe(&after, attacker);
    if piece.role == Role::King {
        return format!("Your king would be in check on {to} from {attacker_text}.");
    }
    let checkers = pos.checkers();
    if checkers.has_more_than_one() {
        return "Your king is in double check, so only a king move can get out of it.".to_string();
    }
    if let Some(checker) = checkers.first() {
        return format!("Your king is in check from {}, and this move does not stop it.", describe(board, checker));
    }
    if en_passant {
        return format!("Capturing en passant would open a line to your king for {attacker_text}.");
    }
    format!("The {} on {from} is pinned to your king by {attacker_text}.", piece.role)
}
