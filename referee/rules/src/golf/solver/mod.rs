//! The par of a Chess Golf hole: the fewest moves that solve it, proven, with one shortest
//! line.
//!
//! Two stages, both exact:
//! 1. **Breadth first** ([`breadth_first`]), each position visited once, each tested when first
//!    reached for a capture that finishes the hole. It settles the easy holes at once and is
//!    the only way to prove a hole impossible (every reachable position visited); it stops
//!    after [`BREADTH_FIRST`] positions with "no line shorter than N".
//! 2. **Iterative deepening** from that N: depth first, one more move each round, so the
//!    first line found is a shortest one and a round that finds none proves that no line of
//!    that length exists. Two things keep the rounds small:
//!    - a bound that never overestimates: a line needs a move for each capture still to make
//!      (k − 1 with k cards), and one more when no capture is possible now. Where the moves
//!      left equal the captures still needed, only captures are tried;
//!    - a table of proven facts, "no line of at most r moves finishes from this position",
//!      written when a position's moves are all tried in vain and read before trying them
//!      again (a position comes back through many orders of the same moves). The table has a
//!      fixed size, so memory is bounded whatever the hole; a fact that no longer fits is
//!      forgotten, which costs work, never correctness.
//!
//! The budget counts positions (visited by the first stage, expanded by the second), never
//! time, so the same hole always gets the same answer. When it runs out the answer is "no line
//! shorter than N", never a guessed par. Positions are told apart by a 128-bit fingerprint of
//! the pieces and the hole's progress.

mod breadth;
mod deepening;
mod table;

pub use breadth::breadth_first;

use super::{Course, GolfMove, Hole};
use deepening::Deepening;
use table::Table;

/// Positions the breadth-first stage may visit before the deepening takes over.
pub const BREADTH_FIRST: u64 = 2_000;

/// The most slots of the deepening's table: 2²¹ slots of 8 bytes, 16 MiB.
pub const MAX_SLOTS: usize = 1 << 21;

/// How much a search may do.
#[derive(Copy, Clone, Debug, Eq, PartialEq)]
pub struct Budget {
    /// Positions at most: visited by the breadth-first stage, expanded (their moves listed) by
    /// the deepening.
    pub positions: u64,
}

impl Default for Budget {
    /// Three million positions: under a second on a small machine (see
    /// `docs/games/chess-golf.md`, "Par").
    fn default() -> Budget {
        Budget { positions: 3_000_000 }
    }
}

impl Budget {
    /// Bytes the search may hold at most, whatever the hole: the deepening's table, and the
    /// breadth-first stage's positions (about 200 bytes each at most, while they are kept).
    pub fn memory(&self) -> usize {
        Budget::slots(self.positions) * Table::SLOT_BYTES + BREADTH_FIRST.min(self.positions) as usize * 200
    }

    /// The table's slots for a budget: twice the positions, rounded up to a power of two,
    /// 1,024 to [`MAX_SLOTS`].
    fn slots(positions: u64) -> usize {
        (positions.saturating_mul(2).min(MAX_SLOTS as u64) as usize).next_power_of_two().clamp(1 << 10, MAX_SLOTS)
    }
}

/// What a search proved.
#[derive(Clone, Debug, Eq, PartialEq)]
pub enum Par {
    /// The fewest moves, with one shortest line.
    Solved(Vec<GolfMove>),
    /// No sequence of moves finishes the hole: every reachable position was visited, or the
    /// board lacks a piece the cards need.
    Impossible,
    /// The budget ran out: no solution has fewer than this many moves.
    AtLeast(u32),
}

/// A search's answer and what it cost.
#[derive(Clone, Debug)]
pub struct Search {
    /// The answer.
    pub par: Par,
    /// Positions visited by the breadth-first stage and expanded by the deepening.
    pub positions: u64,
}

/// The proven par of `hole` on `course`, within `budget`.
pub fn solve(course: &Course, hole: &Hole, budget: Budget) -> Search {
    if course.lacks_pieces(hole) {
        return Search { par: Par::Impossible, positions: 0 };
    }
    let first = breadth_first(course, hole, Budget { positions: budget.positions.min(BREADTH_FIRST) });
    let Par::AtLeast(at_least) = first.par else { return first };
    let left = budget.positions.saturating_sub(first.positions);
    let mut deepening = Deepening::new(hole, left, Budget::slots(left));
    let par = match deepening.shortest(course, at_least) {
        Ok(line) => Par::Solved(line),
        Err(at_least) => Par::AtLeast(at_least),
    };
    Search { par, positions: first.positions + deepening.expanded }
}
