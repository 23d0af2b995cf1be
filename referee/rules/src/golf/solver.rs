//! The par of a Chess Golf hole: the fewest moves that solve it, proven by visiting every
//! course reachable in fewer moves.
//!
//! The search is breadth first over (course, progress) pairs, each visited once (a 128-bit
//! fingerprint stands for it: two different courses would have to agree on 128 bits). Every
//! course is tested when first reached for a capture that finishes the hole from it, which
//! costs a few lookups where expanding it costs all its moves: so a solution of `k` moves is
//! found while the courses `k - 2` moves away are expanded, and the layers `k - 1` moves away —
//! the largest so far, as each layer is — is never expanded. [`solve_plain`], the textbook
//! search that tests a course when it leaves the queue, is kept as the benchmark's baseline
//! and the tests' second opinion.
//!
//! A budget bounds the courses visited. When it runs out the answer is "no solution in fewer
//! than N moves", never a guessed par. When every reachable course has been visited without a
//! solution, the hole is proven impossible.

use super::{Course, GolfMove, Hole};
use std::collections::HashMap;
use std::hash::{BuildHasherDefault, Hasher};

/// How much a search may do.
#[derive(Copy, Clone, Debug)]
pub struct Budget {
    /// Courses visited at most. Each costs about 40 bytes in the visited set, and 84 more while
    /// it is in the layer being expanded or the next.
    pub courses: usize,
}

impl Default for Budget {
    /// A million courses: at most about 125 MB, and a second or two.
    fn default() -> Budget {
        Budget { courses: 1_000_000 }
    }
}

/// What a search proved.
#[derive(Clone, Debug, Eq, PartialEq)]
pub enum Par {
    /// The fewest moves, with one shortest line.
    Solved(Vec<GolfMove>),
    /// No sequence of moves finishes the hole: every reachable course was visited.
    Impossible,
    /// The budget ran out: no solution has fewer than this many moves.
    AtLeast(u32),
}

/// A search's answer and what it cost.
#[derive(Clone, Debug)]
pub struct Search {
    /// The answer.
    pub par: Par,
    /// Courses visited.
    pub courses: usize,
    /// Moves generated and looked at.
    pub moves: u64,
}

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

/// The visited courses: fingerprint → index into `parents`, where each course keeps the course
/// it was reached from and the move.
struct Visited {
    index: HashMap<u128, u32, BuildHasherDefault<Fingerprints>>,
    parents: Vec<(u32, GolfMove)>,
}

impl Visited {
    fn new(start: u128) -> Visited {
        let mut index = HashMap::default();
        index.insert(start, 0);
        Visited {
            index,
            parents: vec![(0, GolfMove { from: crate::geometry::Square::new(0), to: crate::geometry::Square::new(0) })],
        }
    }

    /// Adds a course reached from `parent` by `mv`; its number, or `None` if seen before.
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

    /// The moves from the start to course `n`.
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

    fn len(&self) -> usize {
        self.parents.len()
    }
}

/// The proven par of `hole` on `course`, within `budget`.
///
/// Each course is tested, when first reached, for a capture that finishes the hole from it.
/// So when the courses `k` moves away are expanded, none of them can finish in one move, no
/// solution has `k + 1` moves or fewer, and the first new course with a finishing capture gives
/// a shortest solution of `k + 2`.
pub fn solve(course: &Course, hole: &Hole, budget: Budget) -> Search {
    let start = hole.start();
    if let Some(capture) = course.finishing_capture(hole, &start) {
        return Search { par: Par::Solved(vec![capture]), courses: 1, moves: 0 };
    }
    let mut visited = Visited::new(course.fingerprint(&start));
    let mut layer = vec![(*course, start, 0u32)];
    let mut moves = Vec::new();
    let mut generated = 0u64;
    let mut depth = 0u32;
    while !layer.is_empty() {
        let mut next = Vec::new();
        for (course, progress, n) in &layer {
            course.moves(hole, progress, &mut moves);
            generated += moves.len() as u64;
            for &mv in &moves {
                let capture = course.occupied().contains(mv.to);
                let (after, progress) = course.apply(progress, mv, capture);
                let Some(child) = visited.add(after.fingerprint(&progress), *n, mv) else { continue };
                if let Some(finish) = after.finishing_capture(hole, &progress) {
                    let mut line = visited.line(child);
                    line.push(finish);
                    return Search { par: Par::Solved(line), courses: visited.len(), moves: generated };
                }
                next.push((after, progress, child));
            }
            if visited.len() > budget.courses {
                return Search { par: Par::AtLeast(depth + 2), courses: visited.len(), moves: generated };
            }
        }
        layer = next;
        depth += 1;
    }
    Search { par: Par::Impossible, courses: visited.len(), moves: generated }
}

/// The textbook breadth-first search, for comparison: a course is tested for the goal when it
/// is taken from the queue, so the layer after the last is built too. Same answers as
/// [`solve`], at a higher cost.
pub fn solve_plain(course: &Course, hole: &Hole, budget: Budget) -> Search {
    let start = hole.start();
    let mut visited = Visited::new(course.fingerprint(&start));
    let mut queue = std::collections::VecDeque::from([(*course, start, 0u32, 0u32)]);
    let mut moves = Vec::new();
    let mut generated = 0u64;
    while let Some((course, progress, n, depth)) = queue.pop_front() {
        if progress.is_done() {
            return Search { par: Par::Solved(visited.line(n)), courses: visited.len(), moves: generated };
        }
        if visited.len() > budget.courses {
            return Search { par: Par::AtLeast(depth), courses: visited.len(), moves: generated };
        }
        course.moves(hole, &progress, &mut moves);
        generated += moves.len() as u64;
        for &mv in &moves {
            let capture = course.occupied().contains(mv.to);
            let (after, progress) = course.apply(&progress, mv, capture);
            if let Some(child) = visited.add(after.fingerprint(&progress), n, mv) {
                queue.push_back((after, progress, child, depth + 1));
            }
        }
    }
    Search { par: Par::Impossible, courses: visited.len(), moves: generated }
}
