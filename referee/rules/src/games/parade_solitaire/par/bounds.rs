//! What the par search asks of a position without trying its actions: whether one move
//! finishes, and whether two or three actions might (see [`super`]).

use super::super::orders::{self, TOUCH};
use crate::chess::Board;
use crate::games::groups::{Groups, around};
use crate::geometry::{Bitboard, Square};

/// A move that leaves the pieces in one group, if there is one: a piece lifted from where it
/// stands, set down beside every group the others form.
///
/// Lifting a piece leaves one group fewer when the piece stood alone and never fewer
/// otherwise, and a square touches at most four groups: so five groups need a lone piece to
/// move, and six or more cannot be joined by one move.
pub fn finishing_move(board: &Board) -> Option<(Square, Square)> {
    let occupied = board.occupied();
    let before = Parts::of(occupied);
    let movable = match before.len {
        0..=4 => occupied,
        5 => before.list().iter().filter(|g| !g.has_more_than_one()).fold(Bitboard::EMPTY, |acc, g| acc | *g),
        _ => return None,
    };
    movable.into_iter().find_map(|from| {
        let commanders = orders::commanders(board, from);
        if commanders.is_empty() {
            return None;
        }
        let parts = before.without(Bitboard::from_square(from));
        if parts.len > 4 {
            return None;
        }
        let spots = parts.list().iter().fold(!occupied, |acc, g| acc & around(*g, TOUCH));
        commanders
            .into_iter()
            .find_map(|by| (orders::destinations(board, by, from) & spots).first())
            .map(|to| (from, to))
    })
}

/// The moves after which the pieces stand in at most five groups: the only ones one more
/// action might follow with one group.
pub(super) fn hopeful_moves(board: &Board) -> Vec<(Square, Square)> {
    let occupied = board.occupied();
    let before = Parts::of(occupied);
    let mut out = Vec::new();
    for from in occupied {
        let reach = orders::reach(board, from);
        if reach.is_empty() {
            continue;
        }
        let rest = before.without(Bitboard::from_square(from));
        for to in reach {
            // The piece set down joins the groups it touches into one with itself.
            let touching = rest.list().iter().filter(|g| around(**g, TOUCH).contains(to)).count();
            if rest.len + 1 - touching <= 5 {
                out.push((from, to));
            }
        }
    }
    out
}

/// The groups of a set of squares, kept without allocating (sixteen pieces make at most
/// sixteen groups).
#[derive(Copy, Clone)]
struct Parts {
    groups: [Bitboard; 16],
    len: usize,
}

impl Parts {
    fn of(set: Bitboard) -> Parts {
        let mut parts = Parts { groups: [Bitboard::EMPTY; 16], len: 0 };
        parts.extend(set);
        parts
    }

    fn extend(&mut self, set: Bitboard) {
        for group in (Groups { left: set, touch: TOUCH }) {
            self.groups[self.len] = group;
            self.len += 1;
        }
    }

    fn list(&self) -> &[Bitboard] {
        &self.groups[..self.len]
    }

    /// The groups once the pieces on `lifted` are gone: only the groups they stood in change.
    fn without(&self, lifted: Bitboard) -> Parts {
        let mut parts = Parts { groups: [Bitboard::EMPTY; 16], len: 0 };
        for &group in self.list() {
            if (group & lifted).is_empty() {
                parts.groups[parts.len] = group;
                parts.len += 1;
            } else {
                parts.extend(group & !lifted);
            }
        }
        parts
    }
}

/// Whether `left` more actions, at most `adds` of them adds, might join the pieces on
/// `occupied` into one group. Only answered for two or three actions; more are always "might".
///
/// The pieces that never move stay where they are, and every action sets down one piece: so
/// some choice of at most `left` pieces to move must leave pieces that need no more than
/// `left` pieces set down to be joined, and the moved pieces plus the adds are all that can
/// be set down.
pub(super) fn may_finish(occupied: Bitboard, left: u32, adds: u32) -> bool {
    if left > 3 {
        return true;
    }
    let parts = Parts::of(occupied);
    let squares: Vec<Square> = occupied.collect();
    (0..=left).any(|m| {
        let cells = left.min(m + adds);
        // Lifting `m` pieces leaves at least `c − m` groups: only a lone piece's group goes.
        let fewest = (parts.len as u32).saturating_sub(m);
        fewest.saturating_sub(1).div_ceil(3) <= cells
            && any_subset(&squares, m, Bitboard::EMPTY, &mut |lifted| joinable(parts.without(lifted).list(), cells))
    })
}

/// Whether `test` holds for `chosen` with some `m` more of `squares`.
fn any_subset(squares: &[Square], m: u32, chosen: Bitboard, test: &mut impl FnMut(Bitboard) -> bool) -> bool {
    if m == 0 {
        return test(chosen);
    }
    (0..squares.len()).any(|i| any_subset(&squares[i + 1..], m - 1, chosen.with(squares[i]), test))
}

/// At least how many pieces must be set down to join `groups` into one: a square joins at most
/// four groups, and a tree through the groups is at least as long as their shortest spanning
/// tree of distances times `c / (2 (c − 1))` (a tree's walk visits every group and is twice its
/// length).
pub fn cells_to_join(groups: &[Bitboard]) -> u32 {
    (0..).find(|cells| joinable(groups, *cells)).expect("some number of pieces joins any groups")
}

/// Whether `groups` might be joined into one by setting down `cells` pieces, by the bounds of
/// [`cells_to_join`].
fn joinable(groups: &[Bitboard], cells: u32) -> bool {
    let c = groups.len() as u32;
    if c <= 1 {
        return true;
    }
    if (c - 1).div_ceil(3) > cells {
        return false;
    }
    // A tree of `cells` more squares has `c + cells - 1` steps; its walk, less its longest
    // stretch between groups, is a spanning tree no longer than 2 (1 − 1/c) of its steps.
    let longest = 2 * (c - 1) * (c + cells - 1) / c;
    spanning_distance_within(groups, longest)
}

/// Whether the shortest spanning tree of the groups (Prim's) is at most `most` long, the
/// distance of two groups being the fewest steps, side to side, from a square of one to a
/// square of the other.
fn spanning_distance_within(groups: &[Bitboard], most: u32) -> bool {
    let dist = distances(groups);
    let n = groups.len();
    let mut best = dist[0];
    let mut joined = [false; 16];
    joined[0] = true;
    let mut total = 0;
    for _ in 1..n {
        let next = (0..n).filter(|b| !joined[*b]).min_by_key(|b| best[*b]).expect("a group is left");
        joined[next] = true;
        total += u32::from(best[next]);
        if total > most {
            return false;
        }
        for b in 0..n {
            best[b] = best[b].min(dist[next][b]);
        }
    }
    true
}

/// The distances between groups: the fewest side-to-side steps between their closest squares.
fn distances(groups: &[Bitboard]) -> [[u8; 16]; 16] {
    let mut squares = [(0u8, 0u8, 0usize); 16];
    let mut len = 0;
    for (g, group) in groups.iter().enumerate() {
        for sq in *group {
            squares[len] = (sq.file(), sq.rank(), g);
            len += 1;
        }
    }
    let mut dist = [[u8::MAX; 16]; 16];
    for (i, &(f1, r1, g1)) in squares[..len].iter().enumerate() {
        for &(f2, r2, g2) in &squares[i + 1..len] {
            let d = f1.abs_diff(f2) + r1.abs_diff(r2);
            if g1 != g2 && d < dist[g1][g2] {
                dist[g1][g2] = d;
                dist[g2][g1] = d;
            }
        }
    }
    dist
}
