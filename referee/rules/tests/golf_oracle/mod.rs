//! The rules of a Chess Golf hole (seed 001, "Chess Golf"; `docs/games/chess-golf.md`)
//! written again, apart from the engine: a plain 64-square array, moves found by walking rays,
//! and a plain breadth-first search for the fewest moves. Slow and simple on purpose: it is the
//! second opinion the solver is checked against (`tests/golf_solver.rs`) and the baseline the
//! benchmark compares it with (`benches/golf.rs`). Nothing here uses the engine's move
//! generation; only [`Plain::from_course`] reads the engine's types, to start from the same
//! position.
#![allow(dead_code)]

use rules::golf::{Course, GolfMove, Hole};
use rules::pieces::{Color, Piece};
use std::collections::{HashSet, VecDeque};

/// A square's content: colour (0 white, 1 black) and role letter (`b'n'`).
pub type Cell = Option<(u8, u8)>;

/// A position of a hole: the board and how far the captures have come.
#[derive(Clone, PartialEq, Eq, Hash)]
pub struct Plain {
    pub board: [Cell; 64],
    /// The square of the piece that has captured, if any.
    pub capturer: Option<usize>,
    /// Chosen kinds still to account for: (colour, role letter).
    pub remaining: Vec<(u8, u8)>,
}

fn on_board(file: i32, rank: i32) -> bool {
    (0..8).contains(&file) && (0..8).contains(&rank)
}

const KING: [(i32, i32); 8] = [(-1, -1), (-1, 0), (-1, 1), (0, -1), (0, 1), (1, -1), (1, 0), (1, 1)];
const KNIGHT: [(i32, i32); 8] = [(1, 2), (2, 1), (2, -1), (1, -2), (-1, -2), (-2, -1), (-2, 1), (-1, 2)];
const ROOK: [(i32, i32); 4] = [(1, 0), (-1, 0), (0, 1), (0, -1)];
const BISHOP: [(i32, i32); 4] = [(1, 1), (1, -1), (-1, 1), (-1, -1)];

/// Squares reached from `from` moving as `role`: steps for king and knight, rays stopping at
/// the first piece (included) for the others.
fn reach_as(board: &[Cell], from: usize, role: u8) -> Vec<usize> {
    let (f, r) = ((from % 8) as i32, (from / 8) as i32);
    let steps = |dirs: &[(i32, i32)]| -> Vec<usize> {
        dirs.iter()
            .filter(|(df, dr)| on_board(f + df, r + dr))
            .map(|(df, dr)| ((r + dr) * 8 + f + df) as usize)
            .collect()
    };
    let rays = |dirs: &[(i32, i32)]| -> Vec<usize> {
        let mut out = Vec::new();
        for (df, dr) in dirs {
            let (mut x, mut y) = (f + df, r + dr);
            while on_board(x, y) {
                let sq = (y * 8 + x) as usize;
                out.push(sq);
                if board[sq].is_some() {
                    break;
                }
                x += df;
                y += dr;
            }
        }
        out
    };
    match role {
        b'k' => steps(&KING),
        b'n' => steps(&KNIGHT),
        b'r' => rays(&ROOK),
        b'b' => rays(&BISHOP),
        b'q' => [rays(&ROOK), rays(&BISHOP)].concat(),
        _ => Vec::new(),
    }
}

fn neighbours(sq: usize) -> impl Iterator<Item = usize> {
    let (f, r) = ((sq % 8) as i32, (sq / 8) as i32);
    KING.iter().filter(move |(df, dr)| on_board(f + df, r + dr)).map(move |(df, dr)| ((r + dr) * 8 + f + df) as usize)
}

/// Whether some two pieces of `colour` stand side by side or corner to corner.
fn has_pair(board: &[Cell], colour: u8) -> bool {
    (0..64).any(|sq| {
        board[sq].is_some_and(|(c, _)| c == colour)
            && neighbours(sq).any(|n| board[n].is_some_and(|(c, _)| c == colour))
    })
}

impl Plain {
    /// The hole's start on this course.
    pub fn from_course(course: &Course, hole: &Hole) -> Plain {
        let mut board = [None; 64];
        for (sq, p) in course.pieces() {
            board[sq.index()] = Some(cell_of(p));
        }
        Plain { board, capturer: None, remaining: hole.chosen.iter().map(|p| cell_of(*p)).collect() }
    }

    /// Every chosen piece taken.
    pub fn done(&self) -> bool {
        self.capturer.is_some() && self.remaining.is_empty()
    }

    /// Every legal move, as (from, to).
    pub fn moves(&self) -> Vec<(usize, usize)> {
        let mut out = Vec::new();
        let paired = [has_pair(&self.board, 0), has_pair(&self.board, 1)];
        for from in 0..64 {
            let Some((colour, _)) = self.board[from] else { continue };
            let mut targets: Vec<usize> = Vec::new();
            for n in neighbours(from) {
                if let Some((_, role)) = self.board[n].filter(|(c, _)| *c == colour) {
                    targets.extend(reach_as(&self.board, from, role));
                }
            }
            if !paired[usize::from(colour)] {
                targets.extend(reach_as(&self.board, from, b'k'));
            }
            targets.sort_unstable();
            targets.dedup();
            for to in targets {
                if self.board[to].is_none() || self.capture_allowed(from, to) {
                    out.push((from, to));
                }
            }
        }
        out
    }

    fn capture_allowed(&self, from: usize, to: usize) -> bool {
        let (mover, target) = (self.board[from].unwrap(), self.board[to].unwrap());
        match self.capturer {
            Some(c) => c == from && self.remaining.contains(&target),
            None => {
                let mut left = self.remaining.clone();
                let Some(i) = left.iter().position(|k| *k == mover) else { return false };
                left.remove(i);
                left.contains(&target)
            }
        }
    }

    /// The position after a legal move.
    pub fn play(&self, (from, to): (usize, usize)) -> Plain {
        let mut next = self.clone();
        if let Some(target) = self.board[to] {
            if next.capturer.is_none() {
                let mover = self.board[from].unwrap();
                let i = next.remaining.iter().position(|k| *k == mover).unwrap();
                next.remaining.remove(i);
            }
            let i = next.remaining.iter().position(|k| *k == target).unwrap();
            next.remaining.remove(i);
            next.capturer = Some(to);
        } else if next.capturer == Some(from) {
            next.capturer = Some(to);
        }
        next.board[to] = next.board[from].take();
        next.remaining.sort_unstable();
        next
    }
}

fn cell_of(p: Piece) -> (u8, u8) {
    (if p.color == Color::White { 0 } else { 1 }, p.role.letter().to_ascii_lowercase() as u8)
}

/// What the plain search found.
#[derive(Copy, Clone, Debug, Eq, PartialEq)]
pub enum PlainPar {
    /// The fewest moves.
    Moves(usize),
    /// No line finishes the hole: every reachable position was visited.
    Impossible,
    /// It gave up: no line has fewer moves than this.
    AtLeast(usize),
}

/// The fewest moves that finish the hole by a plain breadth-first search (testing each new
/// position when it is made), giving up past `limit` positions; with the positions seen.
pub fn plain_search(start: &Plain, limit: usize) -> (PlainPar, usize) {
    let mut start = start.clone();
    start.remaining.sort_unstable();
    let mut seen = HashSet::from([start.clone()]);
    let mut queue = VecDeque::from([(start, 0usize)]);
    while let Some((at, depth)) = queue.pop_front() {
        for mv in at.moves() {
            let next = at.play(mv);
            if next.done() {
                return (PlainPar::Moves(depth + 1), seen.len());
            }
            if seen.insert(next.clone()) {
                queue.push_back((next, depth + 1));
            }
        }
        if seen.len() > limit {
            // Every position `depth - 1` moves away was expanded: none `depth` away finishes.
            return (PlainPar::AtLeast(depth + 1), seen.len());
        }
    }
    (PlainPar::Impossible, seen.len())
}

/// The fewest moves that finish the hole, or `None` when no line does; `None` outside when
/// the plain search gives up past `limit` positions.
pub fn plain_par(start: &Plain, limit: usize) -> Option<Option<usize>> {
    match plain_search(start, limit).0 {
        PlainPar::Moves(n) => Some(Some(n)),
        PlainPar::Impossible => Some(None),
        PlainPar::AtLeast(_) => None,
    }
}

/// Checks `line` under the plain rules: every move legal, and the hole finished at the end.
pub fn plain_line_finishes(start: &Plain, line: &[GolfMove]) -> bool {
    let mut at = start.clone();
    for mv in line {
        let m = (mv.from.index(), mv.to.index());
        if at.done() || !at.moves().contains(&m) {
            return false;
        }
        at = at.play(m);
    }
    at.done()
}
