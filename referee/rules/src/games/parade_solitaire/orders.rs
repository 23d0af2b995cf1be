//! How pieces move and arrive in Parade Chess Solitaire (seed 000, "Parade Chess Solitaire",
//! "Play"): a piece moves a piece of the other colour from a square it attacks to another
//! square it attacks, and an added piece goes after the last occupied square, leaving its
//! Appendix A gap. Written once for the game and its par search.

use crate::cards::{layout_gap, layout_square};
use crate::chess::Board;
use crate::chess::attacks::piece_attacks;
use crate::games::groups::{Touch, is_one_group};
use crate::geometry::{Bitboard, Square};
use crate::pieces::{Piece, Role};

/// Parade's groups: diagonal neighbours don't count (seed: "Winning").
pub const TOUCH: Touch = Touch::Sides;

/// The pieces that may move the piece on `from`: those of the other colour that attack it.
pub fn commanders(board: &Board, from: Square) -> Bitboard {
    match board.piece_at(from) {
        Some(piece) => board.attackers_to(from, piece.color.other(), board.occupied()),
        None => Bitboard::EMPTY,
    }
}

/// Where the piece on `by` may put the piece it picks up from `from`: the empty squares it
/// attacks once that piece is lifted (so a piece no longer blocks the line behind it).
pub fn destinations(board: &Board, by: Square, from: Square) -> Bitboard {
    let Some(role) = board.role_at(by) else { return Bitboard::EMPTY };
    let occupied = board.occupied().without(from);
    piece_attacks(role, by, occupied) & !occupied & !Bitboard::from_square(from)
}

/// Where the piece on `from` may go, whichever piece moves it.
pub fn reach(board: &Board, from: Square) -> Bitboard {
    commanders(board, from).fold(Bitboard::EMPTY, |acc, by| acc | destinations(board, by, from))
}

/// The first piece, in square order, that may move the piece on `from` to `to`.
pub fn commander_for(board: &Board, from: Square, to: Square) -> Option<Square> {
    commanders(board, from).find(|by| destinations(board, *by, from).contains(to))
}

/// Every move of one piece to another square, (from, to), each once whichever piece orders it.
pub fn moves(board: &Board) -> Vec<(Square, Square)> {
    board.occupied().flat_map(|from| reach(board, from).map(move |to| (from, to))).collect()
}

/// The board after the piece on `from` went to `to`.
pub fn moved(board: &Board, from: Square, to: Square) -> Board {
    let mut after = *board;
    let piece = after.remove(from).expect("a piece stands where a move starts");
    after.put(to, piece);
    after
}

/// The last occupied square: in the rank farthest from 1, the rightmost file.
pub fn last_occupied(board: &Board) -> Option<Square> {
    let occupied = board.occupied().0;
    (occupied != 0).then(|| Square::new(63 - occupied.leading_zeros() as u8))
}

/// Where an added piece of `role` goes: after the last occupied square (a1 on an empty
/// board), leaving its gap of empty squares, wrapping from h8 to a1 and passing over occupied
/// squares. `None` on a full board.
pub fn arrival(board: &Board, role: Role) -> Option<Square> {
    let gap = usize::from(layout_gap(role)?);
    let cursor = last_occupied(board).map_or(0, |sq| sq.index() + 1);
    // Every square after the last occupied one is empty: count there, unless the gap wraps.
    match cursor + gap {
        at @ 0..=63 => Some(Square::new(at as u8)),
        _ => layout_square(board.occupied(), Square::new((cursor % 64) as u8), gap as u8),
    }
}

/// The board after `piece` was added, and where it went.
pub fn added(board: &Board, piece: Piece) -> Option<(Board, Square)> {
    let sq = arrival(board, piece.role)?;
    let mut after = *board;
    after.put(sq, piece);
    Some((after, sq))
}

/// Whether the pieces form one group, side by side (diagonal neighbours don't count).
pub fn one_group(board: &Board) -> bool {
    is_one_group(board.occupied(), TOUCH)
}
