//! Which moves that capture nothing make a capture possible where none is. The solver asks it
//! at the last move of a round that may be spared on something other than a capture, where it
//! decides most of the work: so the answer is worked out piece by piece without playing the
//! moves wherever that is safe, and by playing a move only where it may change something.

use super::{Course, GolfMove, Hole, Progress, borrowed_reach, has_pair_in, kind_index, role_index};
use crate::chess::attacks::{king_attacks, queen_attacks};
use crate::geometry::{Bitboard, Square};
use crate::pieces::Color;

/// A next capturer, as the moves of others may change it.
#[derive(Copy, Clone)]
struct Capturer {
    at: Square,
    /// 0 for White, 1 for Black.
    side: usize,
    /// Where it reaches now.
    reach: Bitboard,
    /// The squares it may capture on, wherever it reaches.
    aims: Bitboard,
    /// The pieces whose leaving would let it capture along a line they now block.
    unblockers: Bitboard,
}

/// What a position where nothing can be captured tells about its next capturers, worked out
/// once for all its moves.
pub struct Enabling<'a> {
    course: &'a Course,
    hole: &'a Hole,
    progress: &'a Progress,
    capturers: Vec<Capturer>,
    targets: Bitboard,
    paired: [bool; 2],
}

impl<'a> Enabling<'a> {
    /// The next capturers of `course` (where nothing can be captured now) and their targets.
    pub fn new(course: &'a Course, hole: &'a Hole, progress: &'a Progress) -> Enabling<'a> {
        let paired = [course.has_pair(Color::White), course.has_pair(Color::Black)];
        let occupied = course.occupied();
        let targets = course.targets(progress);
        let capturers = course
            .next_capturers(hole, progress)
            .into_iter()
            .map(|at| {
                let side = usize::from(course.colors[1].contains(at));
                let reach = course.reach_of(at, Color::ALL[side], paired[side]);
                let aims = targets & !course.own_kind(progress, at);
                let blockers = queen_attacks(at, occupied) & occupied;
                let unblockers =
                    blockers.into_iter().filter(|b| course.unblocks(at, side, *b, aims, paired[side])).collect();
                Capturer { at, side, reach, aims, unblockers }
            })
            .collect();
        Enabling { course, hole, progress, capturers, targets, paired }
    }

    /// Appends to `enabling` every move that captures nothing and makes a capture possible,
    /// and to `others`, when given, the other moves that capture nothing.
    pub fn moves(&self, enabling: &mut Vec<GolfMove>, mut others: Option<&mut Vec<GolfMove>>) {
        let empty = !self.course.occupied();
        for (side, color) in Color::ALL.into_iter().enumerate() {
            for from in self.course.of_color(color) {
                let reach = self.course.reach_of(from, color, self.paired[side]) & empty;
                let capturer = self.capturers.iter().any(|c| c.at == from);
                let maybe = self.may_change_others(from, side, reach);
                for to in reach {
                    let mv = GolfMove { from, to };
                    if (capturer && self.captures_after(mv)) || (maybe.contains(to) && self.played(mv)) {
                        enabling.push(mv);
                    } else if let Some(others) = others.as_deref_mut() {
                        others.push(mv);
                    }
                }
            }
        }
    }

    /// Whether playing `mv` makes a capture possible (exact, by playing it).
    fn played(&self, mv: GolfMove) -> bool {
        let (after, progress) = self.course.apply(self.progress, mv, false);
        after.can_capture(self.hole, &progress)
    }

    /// Whether the next capturer moving by `mv` may capture from where it lands (exact).
    fn captures_after(&self, mv: GolfMove) -> bool {
        let course = self.course;
        let side = usize::from(course.colors[1].contains(mv.from));
        let mine = course.colors[side].without(mv.from).with(mv.to);
        let occupied = course.occupied().without(mv.from).with(mv.to);
        let lenders = king_attacks(mv.to) & mine;
        let reach = borrowed_reach(mv.to, lenders, &course.roles, occupied, has_pair_in(mine));
        let own = course.own_kind(self.progress, mv.from);
        (reach & self.targets.without(mv.from) & !own).nonempty()
    }

    /// The squares among `reach` where the piece on `from` (of colour `side`) may change what a
    /// next capturer other than itself may capture: where a piece still to take lands within
    /// one's reach, anywhere when it leaves a line it blocks towards a piece to take, beside
    /// one of its colour when it lends a move towards a piece to take, and wherever its colour
    /// is left without a pair.
    fn may_change_others(&self, from: Square, side: usize, reach: Bitboard) -> Bitboard {
        let course = self.course;
        let target = self.targets.contains(from);
        let rest = course.colors[side].without(from);
        let unpaired = if self.paired[side] && !has_pair_in(rest) { !around(rest) } else { Bitboard::EMPTY };
        let occupied = course.occupied().without(from);
        let mut maybe = Bitboard::EMPTY;
        for c in self.capturers.iter().filter(|c| c.at != from) {
            if c.unblockers.contains(from) {
                return reach;
            }
            if target {
                maybe |= c.reach;
            }
            if c.side == side {
                maybe |= unpaired;
                // The lender may be a piece to take: the capturer may take it where it lands.
                let aims = if c.aims.contains(from) { c.aims.without(from) | king_attacks(c.at) } else { c.aims };
                if (course.lent_by(from, c.at, occupied) & aims).nonempty() {
                    maybe |= king_attacks(c.at);
                }
            }
        }
        maybe & reach
    }
}

/// The squares next to some of these.
fn around(squares: Bitboard) -> Bitboard {
    squares.into_iter().fold(Bitboard::EMPTY, |acc, sq| acc | king_attacks(sq))
}

impl Course {
    /// The other pieces of the capturer's own kind on `at`, before the first capture when only
    /// its own card names that kind: they are not its targets.
    fn own_kind(&self, progress: &Progress, at: Square) -> Bitboard {
        let Some(piece) = self.piece_at(at) else { return Bitboard::EMPTY };
        let kind = kind_index(piece);
        if progress.capturer.is_none() && progress.remaining[kind] == 1 {
            self.of_kind_index(kind)
        } else {
            Bitboard::EMPTY
        }
    }

    /// Whether the capturer on `at` would reach one of `aims` if the piece on `blocker` left.
    fn unblocks(&self, at: Square, side: usize, blocker: Square, aims: Bitboard, paired: bool) -> bool {
        let occupied = self.occupied().without(blocker);
        if (queen_attacks(at, occupied) & aims).is_empty() {
            return false;
        }
        let lenders = (king_attacks(at) & self.colors[side]).without(blocker);
        (borrowed_reach(at, lenders, &self.roles, occupied, paired) & aims).nonempty()
    }

    /// The squares the piece on `lender` lends to a piece on `at`, with `occupied` taken.
    fn lent_by(&self, lender: Square, at: Square, occupied: Bitboard) -> Bitboard {
        let Some(piece) = self.piece_at(lender) else { return Bitboard::EMPTY };
        let mut roles = [Bitboard::EMPTY; 6];
        roles[role_index(piece.role)] = Bitboard::from_square(lender);
        borrowed_reach(at, Bitboard::from_square(lender), &roles, occupied, true)
    }
}
