//! The first stage: breadth first, each position visited once, each tested when first reached
//! for a capture that finishes the hole (see [`super`]).

use super::{Budget, Par, Search};
use crate::geometry::Square;
use crate::golf::{Course, GolfMove, Hole};
use std::collections::HashMap;
use std::hash::{BuildHasherDefault, Hasher};

/// Hashes a fingerprint by its own low bits: it is a hash already, and hashing it again would
/// cost more than the rest of a visit.
#[derive(Default)]
struct Fingerprints(u64);

impl Hasher for Fingerprints {
    fn finish(&self) -> u64 {
        self.0
    }

    fn write(&mut self, bytes: &[u8]) {
        for b in bytes {
            self.0 = self.0.rotate_left(8) ^ u64::from(*b);
        }
    }

    fn write_u128(&mut self, n: u128) {
        self.0 = n as u64;
    }
}

/// The visited positions: fingerprint → index into `parents`, where each position keeps the
/// position it was reached from and the move.
struct Visited {
    index: HashMap<u128, u32, BuildHasherDefault<Fingerprints>>,
    parents: Vec<(u32, GolfMove)>,
}

impl Visited {
    fn new(start: u128) -> Visited {
        let mut index = HashMap::default();
        index.insert(start, 0);
        let nowhere = GolfMove { from: Square::new(0), to: Square::new(0) };
        Visited { index, parents: vec![(0, nowhere)] }
    }

    /// Adds a position reached from `parent` by `mv`; its number, or `None` if seen before.
    fn add(&mut self, fingerprint: u128, parent: u32, mv: GolfMove) -> Option<u32> {
        let next = self.parents.len() as u32;
        match self.index.entry(fingerprint) {
            std::collections::hash_map::Entry::Occupied(_) => None,
            std::collections::hash_map::Entry::Vacant(v) => {
                v.insert(next);
                self.parents.push((parent, mv));
                Some(next)
            }
        }
    }

    /// The moves from the start to position `n`.
    fn line(&self, mut n: u32) -> Vec<GolfMove> {
        let mut line = Vec::new();
        while n != 0 {
            let (parent, mv) = self.parents[n as usize];
            line.push(mv);
            n = parent;
        }
        line.reverse();
        line
    }

    fn len(&self) -> u64 {
        self.parents.len() as u64
    }
}

/// The par of `hole` on `course` by breadth-first search alone, within `budget`: the first
/// stage of [`super::solve`], and on its own a second opinion for the tests.
///
/// Each position is tested, when first reached, for a capture that finishes the hole from it.
/// So when the positions `k` moves away are expanded, none of them can finish in one move, no
/// solution has `k + 1` moves or fewer, and the first new position with a finishing capture
/// gives a shortest solution of `k + 2`.
pub fn breadth_first(course: &Course, hole: &Hole, budget: Budget) -> Search {
    let start = hole.start();
    if let Some(capture) = course.finishing_capture(hole, &start) {
        return Search { par: Par::Solved(vec![capture]), positions: 1 };
    }
    let mut visited = Visited::new(course.fingerprint(&start));
    let mut layer = vec![(*course, start, 0u32)];
    let mut moves = Vec::new();
    let mut depth = 0u32;
    while !layer.is_empty() {
        let mut next = Vec::new();
        for (course, progress, n) in &layer {
            course.moves(hole, progress, &mut moves);
            for &mv in &moves {
                let capture = course.occupied().contains(mv.to);
                let (after, progress) = course.apply(progress, mv, capture);
                let Some(child) = visited.add(after.fingerprint(&progress), *n, mv) else { continue };
                if let Some(finish) = after.finishing_capture(hole, &progress) {
                    let mut line = visited.line(child);
                    line.push(finish);
                    return Search { par: Par::Solved(line), positions: visited.len() };
                }
                next.push((after, progress, child));
            }
            if visited.len() > budget.positions {
                return Search { par: Par::AtLeast(depth + 2), positions: visited.len() };
            }
        }
        layer = next;
        depth += 1;
    }
    Search { par: Par::Impossible, positions: visited.len() }
}
