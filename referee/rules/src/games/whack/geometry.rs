//! The board as cells and steps: Whack's [`Geometry`], built from the joins of an arrangement.
//!
//! Inside a section a step is the plain grid step. Crossing a join, a step lands on the cell
//! across the edge and its direction is turned into the new section's files and ranks (the
//! quarter turn that maps "out across my edge" to "in across yours"). A diagonal step is one
//! step along each of its two axes: where both orders reach the same cell (four cells round
//! the corner, as on any board), it goes on into that cell. At a corner on the board's
//! outline it goes on into the cell its straight line runs into, or, where the line runs into
//! none, the cell one order reaches when the other leaves the board; in both cases only if
//! the same holds back from that cell, for every piece. Where the orders part round a closed
//! junction (three or five section corners) a slider stops as at an edge; a king's or pawn's
//! single diagonal step may go to either cell the two orders reach. A knight's jump goes to where its two-then-one and its one-then-two end,
//! never to a cell that touches its start.

use super::embedding::{Join, SectionId};
use crate::geometry::grid::{Cell, DIAGONAL, Geometry, Step};

/// Cells per section.
pub const CELLS_PER_SECTION: usize = 16;

/// The four orthogonal directions, anticlockwise: +file, +rank, -file, -rank.
const DIRECTIONS: [Step; 4] = [
    Step { files: 1, ranks: 0 },
    Step { files: 0, ranks: 1 },
    Step { files: -1, ranks: 0 },
    Step { files: 0, ranks: -1 },
];

/// The cell of `section` on `file` and `rank` (0..4 each).
pub fn cell(section: SectionId, file: u8, rank: u8) -> Cell {
    Cell::from(section) * 16 + Cell::from(rank) * 4 + Cell::from(file)
}

/// The section, file and rank of `cell`.
pub fn parts(cell: Cell) -> (SectionId, u8, u8) {
    ((cell / 16) as SectionId, (cell % 4) as u8, (cell % 16 / 4) as u8)
}

/// A full turn and half a turn, in the twenty-fourths [`corner_angle`] counts in.
const FULL_TURN: i32 = 24;
const HALF_TURN: i32 = 12;

/// The angle at the corner of `cell` towards the diagonal `step`, in twenty-fourths of a turn,
/// when that corner is a corner of its section: the wide corner A 8 (120°), B and D 6 (90°),
/// the narrow corner C 4 (60°); `None` inside a section's edge or middle.
fn corner_angle(cell: Cell, step: Step) -> Option<i32> {
    let (_, f, r) = parts(cell);
    let at = |n: u8, toward: i8| if toward > 0 { n + 1 } else { n };
    match (at(f, step.files), at(r, step.ranks)) {
        (0, 0) => Some(8),
        (4, 0) | (0, 4) => Some(6),
        (4, 4) => Some(4),
        _ => None,
    }
}

/// `step` the other way.
fn reversed(step: Step) -> Step {
    Step { files: -step.files, ranks: -step.ranks }
}

/// `step` turned by `quarters` quarter turns, anticlockwise.
pub fn turned(step: Step, quarters: u8) -> Step {
    (0..quarters % 4).fold(step, |s, _| Step { files: -s.ranks, ranks: s.files })
}

fn direction_index(step: Step) -> Option<usize> {
    DIRECTIONS.iter().position(|d| *d == step)
}

/// What lies beyond a corner of a cell, seen along a diagonal.
#[derive(Clone, Debug, Eq, PartialEq)]
pub enum Corner {
    /// The diagonal goes on into `cell`: four cells close round the corner and both ways
    /// round reach it, or the corner is on the board's outline and the line runs straight
    /// into it, or (where the line runs into no cell) one way round reaches it while the
    /// other leaves the board (the gap stands for the fourth cell).
    Through {
        /// The cell across the corner.
        cell: Cell,
    },
    /// The two ways round the corner reach different cells: a junction of `cells` cells (three
    /// or five section corners); a bishop or queen stops before it.
    Junction {
        /// How many cells meet at the corner.
        cells: usize,
    },
    /// The corner is on the board's outline and no cell lies across it (or the two ways
    /// round reach different cells of an open fan): the diagonal ends.
    Outline,
}

/// The board's cells and how steps join them.
#[derive(Clone, Debug)]
pub struct WhackGeometry {
    /// For each cell and direction (as [`DIRECTIONS`]): the next cell and the quarter turns
    /// from this cell's files and ranks to that cell's.
    next: Vec<[Option<(Cell, u8)>; 4]>,
    /// For each cell, the cells that touch it (see [`WhackGeometry::touching`]).
    touching: Vec<Vec<Cell>>,
}

impl WhackGeometry {
    /// The geometry of `sections` sections joined by `joins`.
    pub fn new(sections: usize, joins: &[Join]) -> WhackGeometry {
        let mut next = vec![[None; 4]; sections * CELLS_PER_SECTION];
        for c in 0..next.len() as Cell {
            let (s, f, r) = parts(c);
            for (d, dir) in DIRECTIONS.iter().enumerate() {
                let (f2, r2) = (f as i8 + dir.files, r as i8 + dir.ranks);
                if (0..4).contains(&f2) && (0..4).contains(&r2) {
                    next[usize::from(c)][d] = Some((cell(s, f2 as u8, r2 as u8), 0));
                }
            }
        }
        for join in joins {
            for (from, to) in [(join.a, join.b), (join.b, join.a)] {
                let (out, into) = (from.edge.outward(), to.edge.outward());
                let quarters = (into + 2 + 4 - out) % 4;
                let (ours, theirs) = (from.edge.cells(), to.edge.cells());
                for k in 0..4 {
                    let (f, r) = ours[k];
                    let (tf, tr) = theirs[3 - k];
                    next[usize::from(cell(from.section, f, r))][usize::from(out)] =
                        Some((cell(to.section, tf, tr), quarters));
                }
            }
        }
        let mut geometry = WhackGeometry { next, touching: Vec::new() };
        geometry.touching = (0..geometry.next.len() as Cell).map(|c| geometry.touching_of(c)).collect();
        geometry
    }

    /// One orthogonal step: the cell reached and the quarter turns of the frame.
    fn go(&self, from: Cell, step: Step) -> Option<(Cell, u8)> {
        self.next[usize::from(from)][direction_index(step)?]
    }

    /// Unit steps taken one after another, each turned as the frame turns: the cell reached
    /// and the total quarter turns.
    fn walk(&self, from: Cell, steps: &[Step]) -> Option<(Cell, u8)> {
        steps.iter().try_fold((from, 0u8), |(cell, q), s| {
            let (next, dq) = self.go(cell, turned(*s, q))?;
            Some((next, (q + dq) % 4))
        })
    }

    /// The two ways round the corner of `from` in the diagonal `step`: files first, ranks first.
    fn round_corner(&self, from: Cell, step: Step) -> [Option<(Cell, u8)>; 2] {
        let (files, ranks) = (Step { files: step.files, ranks: 0 }, Step { files: 0, ranks: step.ranks });
        [self.walk(from, &[files, ranks]), self.walk(from, &[ranks, files])]
    }

    /// Where a diagonal `step` from `from` goes on across the corner, and its direction there:
    /// where four cells close round the corner (both ways round reach the same cell), into
    /// that cell; at a corner on the board's outline, into the cell its line runs straight
    /// into (see [`WhackGeometry::straight_on`]). A junction of three or five closed round
    /// the corner stops it.
    fn across(&self, from: Cell, step: Step) -> Option<(Cell, Step)> {
        match self.round_corner(from, step) {
            [Some((a, q)), Some((b, _))] if a == b => Some((a, turned(step, q))),
            _ if self.cells_round(from, step).is_some() => None,
            _ => {
                let (cell, toward) = self.outline_on(from, step)?;
                (self.outline_on(cell, toward).map(|(c, _)| c) == Some(from)).then_some((cell, reversed(toward)))
            }
        }
    }

    /// At a corner of `from` on the board's outline, the cell a diagonal would go on into, and
    /// the diagonal step from it towards the corner, before the check that the line runs the
    /// same way back: the cell its straight line runs into, if any; else the cell one way round
    /// reaches when the other way leaves the board, unless it shares an edge with `from`.
    fn outline_on(&self, from: Cell, step: Step) -> Option<(Cell, Step)> {
        if let Some(found) = self.straight_on(from, step) {
            return Some(found);
        }
        let (files, ranks) = (Step { files: step.files, ranks: 0 }, Step { files: 0, ranks: step.ranks });
        let (ahead, back) = match self.round_corner(from, step) {
            [Some(_), None] => (files, ranks),
            [None, Some(_)] => (ranks, files),
            _ => return None,
        };
        let (cell, toward) = *self.walk_round(from, ahead, back).0.get(1)?;
        (!self.neighbours(from).contains(&cell)).then_some((cell, toward))
    }

    /// At a corner of `from` on the board's outline, the cell the diagonal's straight line runs
    /// into, and the diagonal step from that cell towards the corner: the cell whose angle at
    /// the corner holds the line (the bisector of `from`'s angle, carried on straight), not on
    /// a seam. Only section corners meet at such a point on the boards the die makes (a wide
    /// corner is 120°, a narrow one 60°, the others 90°); where none does, the line leaves the
    /// board.
    fn straight_on(&self, from: Cell, step: Step) -> Option<(Cell, Step)> {
        let start = corner_angle(from, step)?;
        let (files, ranks) = (Step { files: step.files, ranks: 0 }, Step { files: 0, ranks: step.ranks });
        // Angles in twenty-fourths of a turn, from the edge `from` leaves by files first; the
        // start cell fills [-start, 0], the line runs on at half a turn past its bisector.
        let target = HALF_TURN - start / 2;
        let (mut low, mut high) = (0, -start);
        for (cell, toward) in self.walk_round(from, files, ranks).0 {
            let angle = corner_angle(cell, toward)?;
            if low < target && target < low + angle {
                return Some((cell, toward));
            }
            low += angle;
        }
        for (cell, toward) in self.walk_round(from, ranks, files).0 {
            let angle = corner_angle(cell, toward)?;
            if high - angle < target - FULL_TURN && target - FULL_TURN < high {
                return Some((cell, toward));
            }
            high -= angle;
        }
        None
    }

    /// The cells that share an edge with `cell`.
    pub fn neighbours(&self, cell: Cell) -> Vec<Cell> {
        self.next[usize::from(cell)].iter().flatten().map(|(c, _)| *c).collect()
    }

    /// What lies beyond the corner of `from` in the diagonal `step`, counting the cells round
    /// a junction.
    pub fn corner(&self, from: Cell, step: Step) -> Corner {
        if let Some((cell, _)) = self.across(from, step) {
            return Corner::Through { cell };
        }
        match self.round_corner(from, step) {
            [Some(_), Some(_)] => match self.cells_round(from, step) {
                Some(cells) => Corner::Junction { cells },
                None => Corner::Outline,
            },
            _ => Corner::Outline,
        }
    }

    /// How many cells go round the corner of `from` in the diagonal `step`, walking from cell
    /// to cell across the edges that meet there; `None` if the walk leaves the board.
    pub fn cells_round(&self, from: Cell, step: Step) -> Option<usize> {
        let files = Step { files: step.files, ranks: 0 };
        let ranks = Step { files: 0, ranks: step.ranks };
        let (cells, closed) = self.walk_round(from, files, ranks);
        closed.then_some(cells.len() + 1)
    }

    /// The cells met walking round a corner of `from`, leaving `from` by its edge `ahead` (the
    /// corner lies between `ahead` and `back`), until the walk comes back to `from` (then
    /// `true`) or leaves the board; each with the diagonal step from it towards the corner.
    fn walk_round(&self, from: Cell, ahead: Step, back: Step) -> (Vec<(Cell, Step)>, bool) {
        // In each cell the corner lies between the edge we came in by (`back`) and the one we
        // leave by (`ahead`); across, the old `back` becomes the new `ahead`.
        let (mut cell, mut back, mut ahead) = (from, back, ahead);
        let mut met = Vec::new();
        for _ in 0..12 {
            let Some((next, q)) = self.go(cell, ahead) else { return (met, false) };
            if next == from {
                return (met, true);
            }
            (cell, back, ahead) = (next, turned(reversed(ahead), q), turned(back, q));
            met.push((cell, Step { files: back.files + ahead.files, ranks: back.ranks + ahead.ranks }));
        }
        (met, false)
    }

    /// The cells that touch `cell`: across one of its edges or at one of its corners (met
    /// walking round the corner either way).
    pub fn touching(&self, cell: Cell) -> &[Cell] {
        &self.touching[usize::from(cell)]
    }

    fn touching_of(&self, cell: Cell) -> Vec<Cell> {
        let mut out = self.neighbours(cell);
        for step in DIAGONAL {
            let files = Step { files: step.files, ranks: 0 };
            let ranks = Step { files: 0, ranks: step.ranks };
            out.extend(self.walk_round(cell, files, ranks).0.into_iter().map(|(c, _)| c));
            out.extend(self.walk_round(cell, ranks, files).0.into_iter().map(|(c, _)| c));
        }
        out.sort_unstable();
        out.dedup();
        out
    }

    /// The cells each way round the corner of `from` in the diagonal `step` ends on, with the
    /// direction a line would go on in there (for telling where a line ended).
    pub fn ways_round(&self, from: Cell, step: Step) -> Vec<(Cell, Step)> {
        let mut out: Vec<(Cell, Step)> = Vec::new();
        for (cell, q) in self.round_corner(from, step).into_iter().flatten() {
            if cell != from && out.iter().all(|(c, _)| *c != cell) {
                out.push((cell, turned(step, q)));
            }
        }
        out
    }

    /// The cells a single diagonal `step` from `from` reaches: round a corner that cells close,
    /// where a way round ends on a cell that does not share an edge with `from`; at a corner on
    /// the outline, the cell a line goes on into (so a step is a line's first step).
    pub fn beyond(&self, from: Cell, step: Step) -> Vec<Cell> {
        if self.cells_round(from, step).is_none() {
            return self.across(from, step).map(|(c, _)| c).into_iter().collect();
        }
        let beside = self.neighbours(from);
        self.ways_round(from, step).into_iter().map(|(c, _)| c).filter(|c| !beside.contains(c)).collect()
    }

    fn knight_leap(&self, from: Cell, step: Step, out: &mut Vec<Cell>) {
        let unit = |files: i8, ranks: i8| Step { files: files.signum(), ranks: ranks.signum() };
        let (long, short) = if step.files.abs() == 2 {
            (unit(step.files, 0), unit(0, step.ranks))
        } else {
            (unit(0, step.ranks), unit(step.files, 0))
        };
        let touching = self.touching(from);
        for path in [[long, long, short], [short, long, long]] {
            out.extend(self.walk(from, &path).map(|(c, _)| c).filter(|c| *c != from && !touching.contains(c)));
        }
    }
}

impl Geometry for WhackGeometry {
    fn cell_count(&self) -> usize {
        self.next.len()
    }

    /// Orthogonal steps cross joins; diagonal steps go on through a corner that four cells
    /// close round, or past the outline where one way round reaches a cell (elsewhere the
    /// line ends there, as at the board's edge).
    fn step(&self, from: Cell, step: Step) -> Option<(Cell, Step)> {
        if let Some((cell, q)) = self.go(from, step) {
            return Some((cell, turned(step, q)));
        }
        if step.files.abs() != 1 || step.ranks.abs() != 1 {
            return None;
        }
        self.across(from, step)
    }

    /// A diagonal single step reaches each cell that one of the two ways round the corner ends
    /// on, unless it shares an edge with `from` (round a junction of three the ways end beside
    /// the start); a knight's jump reaches where two-then-one and one-then-two end, unless
    /// that touches `from`.
    fn leap(&self, from: Cell, step: Step, out: &mut Vec<Cell>) {
        match (step.files.abs(), step.ranks.abs()) {
            (1, 1) => out.extend(self.beyond(from, step)),
            (1, 2) | (2, 1) => self.knight_leap(from, step, out),
            _ => out.extend(self.step(from, step).map(|(c, _)| c)),
        }
    }

    /// `1a1` … `4d4`: the section's number, then the file and rank inside it.
    fn cell_name(&self, cell: Cell) -> String {
        let (s, f, r) = parts(cell);
        format!("{}{}{}", s + 1, (b'a' + f) as char, r + 1)
    }

    fn parse_cell(&self, name: &str) -> Option<Cell> {
        let b = name.trim().as_bytes();
        let [s @ b'1'..=b'9', f @ (b'a'..=b'd' | b'A'..=b'D'), r @ b'1'..=b'4'] = *b else { return None };
        let c = cell(s - b'1', f.to_ascii_lowercase() - b'a', r - b'1');
        (usize::from(c) < self.cell_count()).then_some(c)
    }
}
