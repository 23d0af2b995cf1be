//! The par of a Neighbour deal: the best score a player who knew the order of both piles could
//! reach, proven, with one line of actions that reaches it.
//!
//! A game is some adds (each spends a card of each pile), then, perhaps, moves (each spends
//! one card), and it ends the moment the pieces form one group: `a` adds and `m` moves score
//! `36 − 2a − m`. Once the piles are known, the adds hold no choice but where a piece sent to
//! a taken square goes, so the courses after `a` adds are few; the search tries costs
//! `k = 2a + m` from the cheapest up, and for each the courses after each `a` adds with
//! `k − 2a` moves: the first cost with a line is the par, and every cheaper one was refuted.
//!
//! The moves are searched depth first, with two bounds: one move sets down one piece, which
//! joins at most four groups, and lifting it leaves at most one group fewer (a lone piece), so
//! `g` groups need at least ⌈(g − 1)/4⌉ moves; and a table of proven facts, "these pieces are not
//! joined within r moves" (whatever the adds that led to them, so it serves every cost).
//!
//! A budget bounds the positions (courses after adds, and courses whose moves are listed). When
//! it runs out the answer is "no proof": no line scores more than the cheapest cost not yet
//! refuted allows. When every cost up to the cards is refuted, the deal is impossible.

use super::state::{landing, nearest_free};
use crate::cards::Card;
use crate::games::groups::{Touch, groups, is_one_group};
use crate::geometry::Square;
use crate::golf::Course;
use std::collections::HashMap;
use std::hash::{BuildHasherDefault, Hasher};

/// Cards in both piles: the score before any is spent.
const CARDS: u32 = 36;

/// How much a search may do.
#[derive(Copy, Clone, Debug, Eq, PartialEq)]
pub struct Budget {
    /// Positions at most: courses reached by adds, and courses whose moves were listed.
    pub positions: u64,
}

/// What a search proved.
#[derive(Clone, Debug, Eq, PartialEq)]
pub enum Par {
    /// The best score, and one line that reaches it, in the game's action notation.
    Proven {
        /// The score.
        score: i64,
        /// The actions, in order.
        line: Vec<String>,
    },
    /// No line forms one group before the cards run out.
    Impossible,
    /// The budget ran out: no line scores more than this.
    NoProof {
        /// The best score not yet ruled out.
        at_most: i64,
    },
}

/// A search's answer and what it cost.
#[derive(Clone, Debug, Eq, PartialEq)]
pub struct Search {
    /// The answer.
    pub par: Par,
    /// Positions counted against the budget.
    pub positions: u64,
}

/// The piles as dealt, top first, and the game's option.
#[derive(Copy, Clone, Debug)]
pub struct Deal<'a> {
    /// The piece pile.
    pub pieces: &'a [Card],
    /// The position pile.
    pub positions: &'a [Card],
    /// Which neighbours join pieces into a group.
    pub touch: Touch,
}

/// A course after some adds, and the line of actions that made it.
#[derive(Clone)]
struct Added {
    course: Course,
    last: Option<Square>,
    line: Vec<String>,
}

/// The search ran out of its budget.
struct OutOfBudget;

/// The best score of `deal`, within `budget`.
pub fn solve(deal: &Deal, budget: Budget) -> Search {
    let mut searcher =
        Searcher { touch: deal.touch, positions: 0, budget: budget.positions, known: HashMap::default() };
    let adds = deal.pieces.len().min(deal.positions.len());
    // The courses after each number of adds that have not formed one group before.
    let mut after: Vec<Vec<Added>> = vec![vec![Added { course: Course::default(), last: None, line: Vec::new() }]];
    for k in 0..=CARDS {
        match searcher.cost(deal, &mut after, adds, k) {
            Ok(Some(line)) => {
                return Search {
                    par: Par::Proven { score: i64::from(CARDS - k), line },
                    positions: searcher.positions,
                };
            }
            Ok(None) => {}
            Err(OutOfBudget) => {
                return Search { par: Par::NoProof { at_most: i64::from(CARDS - k) }, positions: searcher.positions };
            }
        }
    }
    Search { par: Par::Impossible, positions: searcher.positions }
}

struct Searcher {
    touch: Touch,
    positions: u64,
    budget: u64,
    /// Courses known not to be joined within so many moves.
    known: HashMap<Course, u32, BuildHasherDefault<Mixer>>,
}

/// A quick hasher for courses (eight words of bits): each word mixed in by a multiply.
#[derive(Default)]
struct Mixer(u64);

impl Hasher for Mixer {
    fn finish(&self) -> u64 {
        self.0 ^ (self.0 >> 29)
    }

    fn write(&mut self, bytes: &[u8]) {
        for chunk in bytes.chunks(8) {
            let mut word = [0u8; 8];
            word[..chunk.len()].copy_from_slice(chunk);
            self.write_u64(u64::from_le_bytes(word));
        }
    }

    fn write_u64(&mut self, n: u64) {
        self.0 = (self.0 ^ n).wrapping_mul(0x9E37_79B9_7F4A_7C15).rotate_left(23);
    }
}

impl Searcher {
    fn count(&mut self) -> Result<(), OutOfBudget> {
        self.positions += 1;
        if self.positions > self.budget { Err(OutOfBudget) } else { Ok(()) }
    }

    /// A line of cost `k` (`a` adds and `k − 2a` moves), adding the courses after more adds to
    /// `after` as the cost first allows them.
    fn cost(
        &mut self,
        deal: &Deal,
        after: &mut Vec<Vec<Added>>,
        adds: usize,
        k: u32,
    ) -> Result<Option<Vec<String>>, OutOfBudget> {
        let a = (k / 2) as usize;
        if k.is_multiple_of(2) && a <= adds && a == after.len() {
            let next = self.add(deal, &after[a - 1], a - 1)?;
            // A course that forms one group as the piece lands ends the game there.
            if let Some(won) = next.iter().find(|n| is_one_group(n.course.occupied(), self.touch)) {
                return Ok(Some(won.line.clone()));
            }
            after.push(next);
        }
        for (a, courses) in after.iter().enumerate().skip(1) {
            let moves = k.saturating_sub(2 * a as u32);
            if 2 * a as u32 >= k || moves == 0 {
                continue;
            }
            for added in courses {
                let mut line = Vec::new();
                if self.joins(&added.course, moves, &mut line)? {
                    line.reverse();
                    return Ok(Some(added.line.iter().cloned().chain(line).collect()));
                }
            }
        }
        Ok(None)
    }

    /// The courses after one more add (the `n`-th card of each pile) to each of `courses`:
    /// one each, or one for each square the player may choose when the square is taken.
    fn add(&mut self, deal: &Deal, courses: &[Added], n: usize) -> Result<Vec<Added>, OutOfBudget> {
        let Some(piece) = deal.pieces[n].piece() else { return Ok(Vec::new()) };
        let mut next = Vec::new();
        for at in courses {
            let landed = landing(at.last.unwrap_or(Square::new(0)), deal.positions[n]);
            let occupied = at.course.occupied();
            let free = nearest_free(occupied, landed);
            let (squares, choice) = match (occupied.contains(landed), free.count()) {
                (false, _) => (vec![landed], false),
                (true, 1) => (free.into_iter().collect(), false),
                (true, _) => (free.into_iter().collect(), true),
            };
            for sq in squares {
                self.count()?;
                let mut course = at.course;
                course.put(sq, piece);
                let mut line = at.line.clone();
                line.push("add".into());
                if choice {
                    line.push(format!("place {sq}"));
                }
                next.push(Added { course, last: Some(sq), line });
            }
        }
        Ok(next)
    }

    /// Whether `left` moves join the pieces of `course` into one group (the line is kept, last
    /// move first).
    fn joins(&mut self, course: &Course, left: u32, line: &mut Vec<String>) -> Result<bool, OutOfBudget> {
        let apart = groups(course.occupied(), self.touch).len() as u32;
        if apart.saturating_sub(1).div_ceil(4) > left || self.known.get(course).is_some_and(|r| *r >= left) {
            return Ok(false);
        }
        self.count()?;
        let occupied = course.occupied();
        for from in occupied {
            for to in course.borrowed_reach(from) & !occupied {
                let mut child = *course;
                let piece = child.take(from).expect("a piece moves");
                child.put(to, piece);
                let won = is_one_group(child.occupied(), self.touch);
                if won || (left > 1 && self.joins(&child, left - 1, line)?) {
                    line.push(format!("{from}{to}"));
                    return Ok(true);
                }
            }
        }
        self.known.insert(*course, left);
        Ok(false)
    }
}
