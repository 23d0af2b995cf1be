//! What the solver asks of a course beyond [`Course::moves`]: the captures alone, the moves
//! that capture nothing, whether any capture is possible now, and how many captures are still
//! needed. The same rules, split so that the solver can try the captures first, and skip the
//! other moves where only captures can finish in time.

use super::{Course, GolfMove, Hole, Progress, has_pair_in, kind_index};
use crate::chess::attacks::{king_attacks, queen_attacks};
use crate::geometry::{Bitboard, Square};
use crate::pieces::Color;

impl Progress {
    /// Captures still needed to finish the hole: one for each chosen piece still to account
    /// for, less the capturer's own card before the first capture.
    pub fn captures_needed(&self) -> u32 {
        u32::from(self.left).saturating_sub(u32::from(self.capturer.is_none()))
    }
}

impl Course {
    /// The squares of the pieces of kind number `kind` (see [`kind_index`]).
    pub(super) fn of_kind_index(&self, kind: usize) -> Bitboard {
        self.colors[kind / 6] & self.roles[kind % 6]
    }

    /// The pieces that may make the next capture: the capturer, or before the first capture
    /// every piece of a chosen kind (of the hole's capturing kind, if it names one).
    pub(super) fn next_capturers(&self, hole: &Hole, progress: &Progress) -> Bitboard {
        if let Some(at) = progress.capturer {
            return Bitboard::from_square(at);
        }
        let allowed = |k: usize| hole.capturer.is_none_or(|c| kind_index(c) == k);
        (0..12)
            .filter(|k| progress.remaining[*k] > 0 && allowed(*k))
            .fold(Bitboard::EMPTY, |acc, k| acc | self.of_kind_index(k))
    }

    /// The squares of the chosen pieces still to take.
    pub(super) fn targets(&self, progress: &Progress) -> Bitboard {
        (0..12).filter(|k| progress.remaining[*k] > 0).fold(Bitboard::EMPTY, |acc, k| acc | self.of_kind_index(k))
    }

    /// Each possible next capturer with the squares it may capture on from where it stands:
    /// the chosen pieces still to take, less its own kind before the first capture when only
    /// its own card names that kind.
    fn capture_reach(&self, hole: &Hole, progress: &Progress) -> impl Iterator<Item = (Square, Bitboard)> + '_ {
        let paired = [self.has_pair(Color::White), self.has_pair(Color::Black)];
        let targets = self.targets(progress);
        let first = progress.capturer.is_none();
        let remaining = progress.remaining;
        self.next_capturers(hole, progress).into_iter().filter_map(move |from| {
            let piece = self.piece_at(from)?;
            let kind = kind_index(piece);
            let own = if first && remaining[kind] == 1 { self.of_kind_index(kind) } else { Bitboard::EMPTY };
            let reach = self.reach_of(from, piece.color, paired[usize::from(piece.color == Color::Black)]);
            Some((from, reach & targets & !own))
        })
    }

    /// Appends every capture the hole allows from here to `out`.
    pub fn captures(&self, hole: &Hole, progress: &Progress, out: &mut Vec<GolfMove>) {
        if progress.is_done() {
            return;
        }
        for (from, targets) in self.capture_reach(hole, progress) {
            out.extend(targets.into_iter().map(|to| GolfMove { from, to }));
        }
    }

    /// Whether the hole allows some capture from here.
    pub fn can_capture(&self, hole: &Hole, progress: &Progress) -> bool {
        !progress.is_done() && self.capture_reach(hole, progress).any(|(_, targets)| targets.nonempty())
    }

    /// Appends to `relevant` the moves that capture nothing and may change what a run of
    /// captures from here can do, and to `others`, when given, the other moves that capture
    /// nothing. After a move of `others`, captures alone finish the hole only where they
    /// finish it without the move, so where one move may be spared before captures alone
    /// must finish, the solver tries `relevant` only.
    ///
    /// During a run of captures only the next capturers and the pieces still to take move
    /// (or leave); a capturer stands on its square or on a taken piece's. So only a move of
    /// one of those pieces, of a piece beside one of them, of the first other piece on a
    /// line from one of them, or of a piece whose going may leave its colour without a pair,
    /// or a move to a square beside one of them, can change what the captures do.
    pub fn quiet_moves(
        &self,
        hole: &Hole,
        progress: &Progress,
        relevant: &mut Vec<GolfMove>,
        mut others: Option<&mut Vec<GolfMove>>,
    ) {
        let zone = self.next_capturers(hole, progress) | self.targets(progress);
        let occupied = self.occupied();
        let rest = occupied & !zone;
        let mut beside = Bitboard::EMPTY;
        let mut movers = zone;
        for at in zone {
            beside |= king_attacks(at);
            movers |= queen_attacks(at, rest) & rest;
        }
        movers |= beside;
        for (side, color) in Color::ALL.into_iter().enumerate() {
            let paired = self.has_pair(color);
            movers |= pair_keepers(self.colors[side] & rest);
            for from in self.of_color(color) {
                let reach = self.reach_of(from, color, paired) & !occupied;
                let useful = if movers.contains(from) { reach } else { reach & beside };
                relevant.extend(useful.into_iter().map(|to| GolfMove { from, to }));
                if let Some(others) = others.as_deref_mut() {
                    others.extend((reach & !useful).into_iter().map(|to| GolfMove { from, to }));
                }
            }
        }
    }

    /// Whether no line can finish the hole, for want of pieces: a chosen kind with fewer
    /// pieces on the board than cards dealt for it, fewer than two cards, or a capturing kind
    /// the cards do not name.
    pub fn lacks_pieces(&self, hole: &Hole) -> bool {
        let start = hole.start();
        let short = (0..12).any(|k| u32::from(start.remaining[k]) > self.of_kind_index(k).count());
        let named = hole.capturer.is_none_or(|c| hole.chosen.contains(&c));
        short || hole.chosen.len() < 2 || !named
    }
}

/// The pieces of `squares` whose going may leave them without a pair: those in every pair,
/// where there is a pair.
fn pair_keepers(squares: Bitboard) -> Bitboard {
    if !has_pair_in(squares) {
        return Bitboard::EMPTY;
    }
    squares.into_iter().filter(|sq| !has_pair_in(squares.without(*sq))).collect()
}
