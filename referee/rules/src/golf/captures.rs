//! What the solver asks of a course beyond [`Course::moves`]: the captures alone, the moves
//! that capture nothing, whether any capture is possible now, and how many captures are still
//! needed. The same rules, split so that the solver can try the captures first, and skip the
//! other moves where only captures can finish in time.

use super::{Course, GolfMove, Hole, Progress, kind_index};
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
    fn of_kind_index(&self, kind: usize) -> Bitboard {
        self.colors[kind / 6] & self.roles[kind % 6]
    }

    /// The pieces that may make the next capture: the capturer, or before the first capture
    /// every piece of a chosen kind (of the hole's capturing kind, if it names one).
    fn next_capturers(&self, hole: &Hole, progress: &Progress) -> Bitboard {
        if let Some(at) = progress.capturer {
            return Bitboard::from_square(at);
        }
        let allowed = |k: usize| hole.capturer.is_none_or(|c| kind_index(c) == k);
        (0..12)
            .filter(|k| progress.remaining[*k] > 0 && allowed(*k))
            .fold(Bitboard::EMPTY, |acc, k| acc | self.of_kind_index(k))
    }

    /// The squares of the chosen pieces still to take.
    fn targets(&self, progress: &Progress) -> Bitboard {
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

    /// Appends to `enabling` the moves that capture nothing and may make a capture possible
    /// where none is, and to `others`, when given, the other moves that capture nothing.
    ///
    /// Only a move that changes what a next capturer reaches can make a capture possible:
    /// a move of a next capturer, of a piece still to take, of the first piece on a line from
    /// a next capturer (it unblocks), of a piece whose going leaves its colour without a pair
    /// (the king's move), or a move that brings a piece beside a next capturer of its colour
    /// (a lender). `enabling` holds all of those, and some that enable nothing.
    pub fn quiet_moves(
        &self,
        hole: &Hole,
        progress: &Progress,
        enabling: &mut Vec<GolfMove>,
        mut others: Option<&mut Vec<GolfMove>>,
    ) {
        let capturers = self.next_capturers(hole, progress);
        let occupied = self.occupied();
        let mut movers = capturers | self.targets(progress);
        let mut beside = [Bitboard::EMPTY; 2];
        for from in capturers {
            movers |= queen_attacks(from, occupied) & occupied;
            beside[usize::from(self.colors[1].contains(from))] |= king_attacks(from);
        }
        for (side, color) in Color::ALL.into_iter().enumerate() {
            let paired = self.has_pair(color);
            if paired && beside[side].nonempty() {
                movers |= self.last_pair_breakers(color);
            }
            for from in self.of_color(color) {
                let reach = self.reach_of(from, color, paired) & !occupied;
                let useful = if movers.contains(from) { reach } else { reach & beside[side] };
                enabling.extend(useful.into_iter().map(|to| GolfMove { from, to }));
                if let Some(others) = others.as_deref_mut() {
                    others.extend((reach & !useful).into_iter().map(|to| GolfMove { from, to }));
                }
            }
        }
    }

    /// The pieces of `color` whose going would leave it without a pair.
    fn last_pair_breakers(&self, color: Color) -> Bitboard {
        self.of_color(color)
            .into_iter()
            .filter(|sq| {
                let mut without = *self;
                without.take(*sq);
                !without.has_pair(color)
            })
            .collect()
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
