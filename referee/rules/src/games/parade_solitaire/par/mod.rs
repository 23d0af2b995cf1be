//! The par of a Parade deal: the best score a player who knew the order of the hand could
//! reach, proven, with one line that reaches it.
//!
//! Every action spends one card, so the score only falls as the game goes on: the best score is
//! the fewest actions that form one group, and the search is an iterative deepening over that
//! number (1, 2, 3, … actions), depth first within each round. A round that ends without a line
//! proves that no shorter line exists, so the first line found is a best one. Positions are
//! remembered within a round by (board, cards spent), since the card an add flips depends on
//! how many cards were spent before it. Two bounds cut the search:
//! - one action before the limit, the question "does one action finish?" is answered directly
//!   (the add, and for each piece whether the other pieces' groups leave a square beside all of
//!   them that a piece ordering it attacks), instead of trying every action;
//! - two or three actions before the limit, a position is dropped when no choice of the pieces
//!   to move (at most one per action) leaves pieces that the actions could join up: joining `c`
//!   groups needs at least `(c − 1) / 3` more pieces, and at least what the groups' distances
//!   allow ([`cells_to_join`]).
//!
//! A budget bounds the positions expanded: distinct positions two or more actions from a
//! round's limit, whose actions are all tried (each costs about ten microseconds). A position
//! one action from the limit is only asked whether one action finishes, which costs less than
//! listing its actions, and is not counted. When the budget runs out the answer is "no proof
//! within the budget", with the best score the finished rounds still allow, never a guessed
//! par.

use super::orders;
use crate::cards::Card;
use crate::chess::Board;
use crate::geometry::Square;
use crate::pieces::Piece;
use std::collections::HashSet;
use std::fmt;

mod bounds;

pub use bounds::{cells_to_join, finishing_move};
use bounds::{hopeful_moves, may_finish};
use std::hash::{BuildHasherDefault, Hash, Hasher};

/// How much a search may do.
#[derive(Copy, Clone, Debug, Eq, PartialEq)]
pub struct Budget {
    /// Distinct positions expanded at most, over all rounds.
    pub positions: u64,
}

/// One action of a line.
#[derive(Copy, Clone, Debug, Eq, PartialEq)]
pub enum Step {
    /// Spend the top card on adding its piece.
    Add,
    /// Spend the top card on moving the piece on the first square to the second.
    Move(Square, Square),
}

impl fmt::Display for Step {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Step::Add => f.write_str("add"),
            Step::Move(from, to) => write!(f, "{from}{to}"),
        }
    }
}

/// What a search proved.
#[derive(Clone, Debug, Eq, PartialEq)]
pub enum Par {
    /// The best score, and one line that reaches it.
    Proven {
        /// The score.
        score: i64,
        /// The actions, in order.
        line: Vec<Step>,
    },
    /// No line forms one group before the count runs out: every line was tried.
    Impossible,
    /// The budget ran out: no line scores more than this.
    NoProof {
        /// The best score the finished rounds still allow.
        at_most: i64,
    },
}

/// A search's answer and what it cost.
#[derive(Clone, Debug, Eq, PartialEq)]
pub struct Search {
    /// The answer.
    pub par: Par,
    /// Distinct positions expanded, over all rounds.
    pub positions: u64,
}

/// A deal where it stands: the pieces, the hand (top first) and the cards already counted.
#[derive(Clone, Debug)]
pub struct Deal<'a> {
    /// The pieces.
    pub board: Board,
    /// The cards left in the hand, top first.
    pub hand: &'a [Card],
    /// Cards of the count (negative points) already spent.
    pub counted: u8,
}

/// The best score of `deal`, within `budget`.
pub fn solve(deal: &Deal, budget: Budget) -> Search {
    let start = deal.hand.len() as i64 - i64::from(deal.counted);
    if orders::one_group(&deal.board) {
        return Search { par: Par::Proven { score: start, line: Vec::new() }, positions: 0 };
    }
    let most = deal.hand.len() as u8 + 16u8.saturating_sub(deal.counted);
    let mut searcher = Searcher::new(deal.hand, budget);
    for limit in 1..=most {
        searcher.seen.clear();
        let par = match searcher.visit(&deal.board, 0, limit) {
            Ok(false) => continue,
            Ok(true) => {
                let line = searcher.line.iter().rev().copied().collect();
                Par::Proven { score: start - i64::from(limit), line }
            }
            Err(OutOfBudget) => Par::NoProof { at_most: start - i64::from(limit) },
        };
        return Search { par, positions: searcher.positions };
    }
    Search { par: Par::Impossible, positions: searcher.positions }
}

/// The search ran out of budget.
struct OutOfBudget;

/// A position of one round: the pieces and how many cards have been spent.
#[derive(Eq, PartialEq)]
struct Key([u64; 6], u8);

impl Key {
    fn of(board: &Board, spent: u8) -> Key {
        use crate::pieces::Role::*;
        let words = [Knight, Bishop, Rook, Queen].map(|r| board.by_role(r).0);
        let [n, b, r, q] = words;
        Key([board.occupied().0, board.by_color(crate::pieces::Color::White).0, n, b, r, q], spent)
    }
}

impl Hash for Key {
    fn hash<H: Hasher>(&self, state: &mut H) {
        let mut h = u64::from(self.1).wrapping_mul(0x9E37_79B9_7F4A_7C15);
        for w in self.0 {
            h = (h ^ w).wrapping_mul(0xFF51_AFD7_ED55_8CCD).rotate_left(29);
        }
        state.write_u64(h);
    }
}

/// Passes on the key's own mix: hashing it again would cost more than the rest of a visit.
#[derive(Default)]
struct Mixed(u64);

impl Hasher for Mixed {
    fn finish(&self) -> u64 {
        self.0
    }

    fn write(&mut self, bytes: &[u8]) {
        for b in bytes {
            self.0 = self.0.rotate_left(8) ^ u64::from(*b);
        }
    }

    fn write_u64(&mut self, n: u64) {
        self.0 = n;
    }
}

struct Searcher<'a> {
    hand: &'a [Card],
    budget: u64,
    positions: u64,
    seen: HashSet<Key, BuildHasherDefault<Mixed>>,
    /// The line found, last action first.
    line: Vec<Step>,
}

impl<'a> Searcher<'a> {
    fn new(hand: &'a [Card], budget: Budget) -> Searcher<'a> {
        Searcher { hand, budget: budget.positions, positions: 0, seen: HashSet::default(), line: Vec::new() }
    }

    /// The piece the next add brings after `spent` cards, if the hand still has a card.
    fn card(&self, spent: u8) -> Option<Piece> {
        self.hand.get(usize::from(spent)).and_then(|c| c.piece())
    }

    /// Whether one group can be formed from `board` by the `limit`-th card; the line is kept.
    fn visit(&mut self, board: &Board, spent: u8, limit: u8) -> Result<bool, OutOfBudget> {
        let left = limit - spent;
        if left == 1 {
            let step = self.finishing(board, spent);
            self.line.extend(step);
            return Ok(step.is_some());
        }
        if !self.seen.insert(Key::of(board, spent)) {
            return Ok(false);
        }
        self.positions += 1;
        if self.positions > self.budget {
            return Err(OutOfBudget);
        }
        let adds = self.hand.len().saturating_sub(usize::from(spent)) as u32;
        if !may_finish(board.occupied(), u32::from(left), adds) {
            return Ok(false);
        }
        for (step, child) in self.children(board, spent, left) {
            if self.visit(&child, spent + 1, limit)? {
                self.line.push(step);
                return Ok(true);
            }
        }
        Ok(false)
    }

    /// The actions from `board` worth trying with `left` actions to go, with the board after
    /// each, the add first: two actions from the limit, only the moves that leave at most five
    /// groups, since one action joins no more (see [`finishing_move`]).
    fn children(&self, board: &Board, spent: u8, left: u8) -> Vec<(Step, Board)> {
        let add = self.card(spent).and_then(|piece| orders::added(board, piece)).map(|(b, _)| (Step::Add, b));
        let moves = if left == 2 { hopeful_moves(board) } else { orders::moves(board) };
        let moves = moves.into_iter().map(|(f, t)| (Step::Move(f, t), orders::moved(board, f, t)));
        add.into_iter().chain(moves).collect()
    }

    /// The one action that forms one group from `board`, if there is one.
    fn finishing(&self, board: &Board, spent: u8) -> Option<Step> {
        let add = self.card(spent).and_then(|piece| orders::added(board, piece));
        if add.is_some_and(|(after, _)| orders::one_group(&after)) {
            return Some(Step::Add);
        }
        finishing_move(board).map(|(from, to)| Step::Move(from, to))
    }
}
