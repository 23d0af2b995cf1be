//! The second stage: iterative deepening, depth first within each round, with an admissible
//! bound and a table of proven facts (see [`super`]).

use super::table::Table;
use crate::golf::enabling::Enabling;
use crate::golf::{Course, GolfMove, Hole, Progress};

/// The search ran out of its budget of positions.
pub(super) struct OutOfBudget;

/// A position of the search and the move that reached it.
#[derive(Copy, Clone)]
struct Node {
    course: Course,
    progress: Progress,
    /// The fingerprint, where the table is asked about this position (0 where it is not).
    fingerprint: u128,
    mv: GolfMove,
}

/// One iterative deepening over a hole.
pub(super) struct Deepening<'a> {
    hole: &'a Hole,
    table: Table,
    /// Positions expanded (their moves listed), over all rounds.
    pub expanded: u64,
    limit: u64,
    /// The line found, last move first.
    line: Vec<GolfMove>,
    /// Buffers of positions, one for each depth searched, reused.
    buffers: Vec<Vec<Node>>,
    /// Buffers of captures, one for each capture of a chain, reused.
    captures: Vec<Vec<GolfMove>>,
    /// Buffers of moves, reused.
    moves: Vec<GolfMove>,
    others: Vec<GolfMove>,
}

/// The fewest moves that could finish the hole from here: one for each capture still needed,
/// and one more when no capture is possible now (some other move must come first).
pub(super) fn lower_bound(course: &Course, hole: &Hole, progress: &Progress) -> u32 {
    progress.captures_needed() + u32::from(!course.can_capture(hole, progress))
}

impl<'a> Deepening<'a> {
    /// A search that may expand `limit` positions and remember facts in `slots` slots.
    pub fn new(hole: &'a Hole, limit: u64, slots: usize) -> Deepening<'a> {
        Deepening {
            hole,
            table: Table::new(slots),
            expanded: 0,
            limit,
            line: Vec::new(),
            buffers: Vec::new(),
            captures: Vec::new(),
            moves: Vec::new(),
            others: Vec::new(),
        }
    }

    /// A shortest line from `course` at the hole's start, trying `from` moves first and one
    /// more each round; or, when the budget runs out, the fewest moves not yet ruled out.
    pub fn shortest(&mut self, course: &Course, from: u32) -> Result<Vec<GolfMove>, u32> {
        let progress = self.hole.start();
        let mv = GolfMove { from: crate::geometry::Square::new(0), to: crate::geometry::Square::new(0) };
        let root = Node { course: *course, progress, fingerprint: course.fingerprint(&progress), mv };
        let mut moves = from.max(lower_bound(course, self.hole, &progress));
        loop {
            match self.finishes(&root, moves) {
                Ok(true) => return Ok(self.line.iter().rev().copied().collect()),
                Ok(false) if moves < 255 => moves += 1,
                Ok(false) | Err(OutOfBudget) => return Err(moves),
            }
        }
    }

    /// Whether some line of at most `left` moves finishes the hole from `at` (the line is
    /// kept, last move first). The caller has checked that the bound allows it.
    fn finishes(&mut self, at: &Node, left: u32) -> Result<bool, OutOfBudget> {
        let spare = left - at.progress.captures_needed();
        if spare == 0 {
            return self.chain(&at.course, &at.progress);
        }
        if self.table.known(at.fingerprint) >= left {
            return Ok(false);
        }
        self.count()?;
        let mut children = self.buffers.pop().unwrap_or_default();
        self.expand(at, spare, left, &mut children);
        let mut found = Ok(false);
        for child in &children {
            found = if child.progress.is_done() { Ok(true) } else { self.finishes(child, left - 1) };
            if !matches!(found, Ok(false)) {
                if let Ok(true) = found {
                    self.line.push(child.mv);
                }
                break;
            }
        }
        self.buffers.push(children);
        if let Ok(false) = found {
            self.table.record(at.fingerprint, left);
        }
        found
    }

    /// The positions after the moves worth trying from `at` with `left` moves to go, into
    /// `children`: the captures first; then, when a move may still be spent on something
    /// other than a capture, the other moves, those that may make a capture possible first,
    /// and only those when nothing can be captured now and one such move is all there is.
    /// The table's slot of each child is read at once, so that the reads overlap.
    fn expand(&mut self, at: &Node, spare: u32, left: u32, children: &mut Vec<Node>) {
        let (course, progress) = (&at.course, &at.progress);
        let mut moves = std::mem::take(&mut self.moves);
        moves.clear();
        course.captures(self.hole, progress, &mut moves);
        if moves.is_empty() {
            // Nothing to capture: the moves that make a capture possible first, and when only
            // one move may be spared, only those.
            let others = (spare > 1).then_some(&mut self.others);
            Enabling::new(course, self.hole, progress).moves(&mut moves, others);
            moves.append(&mut self.others);
        } else {
            // Captures first; then the moves that may change what the captures do, and when
            // only one move may be spared, only those.
            let others = (spare > 1).then_some(&mut self.others);
            course.quiet_moves(self.hole, progress, &mut moves, others);
            moves.append(&mut self.others);
        }
        children.clear();
        for &mv in &moves {
            let (course, progress) = course.apply(progress, mv, course.occupied().contains(mv.to));
            let tight = left - 1 == progress.captures_needed();
            let fingerprint = if tight { 0 } else { course.fingerprint(&progress) };
            children.push(Node { course, progress, fingerprint, mv });
        }
        for child in children.iter().filter(|c| c.fingerprint != 0) {
            std::hint::black_box(self.table.known(child.fingerprint));
        }
        self.moves = moves;
    }

    /// Whether the captures still needed can all be made now, one after another, with no
    /// other move between (the line is kept, last move first).
    fn chain(&mut self, course: &Course, progress: &Progress) -> Result<bool, OutOfBudget> {
        let mut captures = self.captures.pop().unwrap_or_default();
        captures.clear();
        course.captures(self.hole, progress, &mut captures);
        let mut found = if captures.is_empty() { Ok(false) } else { self.count() };
        for &mv in &captures {
            if !matches!(found, Ok(false)) {
                break;
            }
            let (after, progress) = course.apply(progress, mv, true);
            found = if progress.is_done() { Ok(true) } else { self.chain(&after, &progress) };
            if let Ok(true) = found {
                self.line.push(mv);
            }
        }
        self.captures.push(captures);
        found
    }

    /// Counts a position expanded, failing past the budget.
    fn count(&mut self) -> Result<bool, OutOfBudget> {
        self.expanded += 1;
        if self.expanded > self.limit { Err(OutOfBudget) } else { Ok(false) }
    }
}
