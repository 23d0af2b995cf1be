//! The course of a round of Chess Golf (seed 001, "Play", "Difficulty Level", "Game End"): deal
//! the chosen pieces, seal move counts, the lowest demonstrates, captured pieces go back on the
//! board, the deck passes left; nine holes, lowest total wins. Rules page:
//! `docs/games/chess-golf.md`.

use crate::cards::{Card, Pile};
use crate::game::Seat;
use crate::golf::{Course, GolfMove, Hole, Progress};
use crate::pieces::Piece;
use crate::random::{RandomSource, shuffle};
use serde::{Deserialize, Serialize};

/// The most cards a hole may be dealt: the deck has sixteen, and a piece of each chosen kind
/// must be on the board.
pub const MAX_CARDS: u8 = 5;

/// The highest move count a player may seal.
pub const MAX_BID: u8 = 30;

/// Where the hole in play is.
#[derive(Clone, Debug, Eq, PartialEq, Serialize, Deserialize)]
#[serde(tag = "step", rename_all = "kebab-case")]
pub enum Step {
    /// Every player seals a move count (0: impossible).
    Bid,
    /// `seat` shows its line, one checked move at a time.
    Demonstrate {
        /// The demonstrator.
        seat: Seat,
        /// The moves shown so far, in from-to notation.
        moves: Vec<String>,
    },
    /// `seat` puts the captured pieces back on empty squares, one at a time.
    PutBack {
        /// The successful demonstrator.
        seat: Seat,
        /// The pieces still to put back, the next first.
        pieces: Vec<Piece>,
    },
    /// All players sealed the same count: the dealer of the next hole may deal one more card.
    Deal {
        /// The new dealer.
        dealer: Seat,
    },
    /// The round is over.
    Over,
}

/// One demonstration: who tried, what they showed, and whether it finished the hole.
#[derive(Clone, Debug, Eq, PartialEq, Serialize, Deserialize, schemars::JsonSchema)]
pub struct Attempt {
    /// The demonstrator.
    pub seat: Seat,
    /// The moves shown, in from-to notation.
    pub moves: Vec<String>,
    /// Whether every chosen piece was captured within the count.
    pub succeeded: bool,
}

/// A hole: its cards, the course it started from, the sealed counts once revealed, the
/// demonstrations and, once over, the scores.
#[derive(Clone, Debug, Eq, PartialEq, Serialize, Deserialize)]
pub struct HoleRecord {
    /// The hole's number, from 1.
    pub number: u8,
    /// Who dealt it.
    pub dealer: Seat,
    /// The cards dealt: the chosen pieces.
    pub cards: Vec<Card>,
    /// The course at the start of the hole, as FEN's board field.
    pub start: String,
    /// Each seat's sealed count, once revealed (0 = impossible).
    pub bids: Vec<u8>,
    /// The demonstrations, in order.
    pub attempts: Vec<Attempt>,
    /// Seats that sealed no count before the timer ran out.
    #[serde(default)]
    pub late: Vec<Seat>,
    /// Each seat's points for the hole, once it is over.
    pub scores: Vec<u8>,
}

impl HoleRecord {
    /// The chosen pieces, one per card.
    pub fn chosen(&self) -> Vec<Piece> {
        self.cards.iter().filter_map(|c| c.piece()).collect()
    }

    /// The hole as the mechanics know it.
    pub fn hole(&self) -> Hole {
        Hole::new(self.chosen())
    }

    /// The course the hole started from.
    pub fn start_course(&self) -> Course {
        Course::from_fen_board(&self.start).expect("a stored course is valid")
    }

    /// Whether a demonstration finished the hole.
    pub fn solved(&self) -> bool {
        self.attempts.iter().any(|a| a.succeeded)
    }
}

/// Everything the referee knows of a round.
#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct GolfState {
    /// Players at the table.
    pub players: u8,
    /// Holes in the round.
    pub holes: u8,
    /// The pieces now, as FEN's board field (during a demonstration: where the hole started).
    pub course: String,
    /// The piece cards: the draw pile's order is the referee's alone; the discards are seen.
    pub deck: Pile,
    /// Who deals the hole in play (or the next).
    pub dealer: Seat,
    /// Cards dealt each hole: 2, raised by a dealer when all counts were the same.
    pub cards_per_hole: u8,
    /// Seconds the players have to seal their counts, if the table plays with a timer.
    #[serde(default)]
    pub timer_seconds: Option<u32>,
    /// The hole in play, if one is.
    pub current: Option<HoleRecord>,
    /// Where it is.
    pub step: Step,
    /// The holes played.
    pub finished: Vec<HoleRecord>,
}

/// A move refused, in the player's words.
pub type Refusal = String;

impl GolfState {
    /// The course in play.
    pub fn course(&self) -> Course {
        Course::from_fen_board(&self.course).expect("a stored course is valid")
    }

    /// The course of the demonstration so far, with the hole's progress and the pieces
    /// captured, by replaying its moves from the hole's start.
    pub fn demonstration(&self) -> Option<(Course, Progress, Vec<Piece>)> {
        let Step::Demonstrate { moves, .. } = &self.step else { return None };
        let hole = self.current.as_ref()?;
        let rules = hole.hole();
        let mut at = (hole.start_course(), rules.start(), Vec::new());
        for text in moves {
            let mv: GolfMove = text.parse().ok()?;
            let taken = at.0.piece_at(mv.to);
            let (course, progress) = at.0.play(&rules, &at.1, mv).ok()?;
            at.2.extend(taken);
            at = (course, progress, at.2);
        }
        Some(at)
    }

    /// The seats in the order they demonstrate: lowest count first, ties from the dealer to
    /// the left; sealed zeros do not demonstrate.
    pub fn demonstration_order(&self) -> Vec<Seat> {
        let Some(hole) = &self.current else { return Vec::new() };
        let mut order: Vec<Seat> =
            (0..self.players).filter(|s| hole.bids[usize::from(*s)] > 0 && !hole.late.contains(s)).collect();
        let from_dealer = |s: Seat| (s + self.players - hole.dealer) % self.players;
        order.sort_by_key(|s| (hole.bids[usize::from(*s)], from_dealer(*s)));
        order
    }

    /// Deals the next hole: the dealer draws the cards, first shuffling the discards back in
    /// with what is left when too few cards are left ("Game End").
    pub fn deal(&mut self, rng: &mut dyn RandomSource) {
        let n = usize::from(self.cards_per_hole);
        if self.deck.draw.len() < n {
            let mut cards = std::mem::take(&mut self.deck.draw);
            cards.append(&mut self.deck.discard);
            shuffle(rng, &mut cards);
            self.deck.draw = cards;
        }
        let cards = self.deck.draw.drain(..n.min(self.deck.draw.len())).collect();
        self.open_hole(cards);
    }

    /// Opens the next hole with `cards` dealt.
    pub fn open_hole(&mut self, cards: Vec<Card>) {
        self.current = Some(HoleRecord {
            number: self.finished.len() as u8 + 1,
            dealer: self.dealer,
            cards,
            start: self.course.clone(),
            bids: Vec::new(),
            attempts: Vec::new(),
            late: Vec::new(),
            scores: Vec::new(),
        });
        self.step = Step::Bid;
    }

    /// The counts are revealed (`None`: sealed nothing before the timer ran out): the lowest
    /// count other than zero demonstrates, or, if nobody named one, the hole is over.
    pub fn reveal(&mut self, bids: Vec<Option<u8>>, rng: &mut dyn RandomSource) {
        if let Some(hole) = self.current.as_mut() {
            hole.late = (0..bids.len() as Seat).filter(|s| bids[usize::from(*s)].is_none()).collect();
            hole.bids = bids.into_iter().map(|b| b.unwrap_or(0)).collect();
        }
        self.next_demonstrator(rng);
    }

    /// The next player in the order who has not tried demonstrates; when none is left the
    /// hole is over unsolved.
    fn next_demonstrator(&mut self, rng: &mut dyn RandomSource) {
        let tried: Vec<Seat> = self.current.iter().flat_map(|h| h.attempts.iter().map(|a| a.seat)).collect();
        match self.demonstration_order().into_iter().find(|s| !tried.contains(s)) {
            Some(seat) => self.step = Step::Demonstrate { seat, moves: Vec::new() },
            None => self.end_hole(rng),
        }
    }

    /// Plays one move of the demonstration; the demonstration ends when the hole is finished
    /// (then the captured pieces go back, unless it was the last hole) or when the count is
    /// used up without finishing.
    pub fn demonstrate(&mut self, mv: GolfMove, rng: &mut dyn RandomSource) -> Result<(), Refusal> {
        let (course, progress, _) = self.demonstration().expect("a demonstration is under way");
        let hole = self.current.as_ref().expect("a hole is in play").hole();
        course.play(&hole, &progress, mv).map_err(|e| e.to_string())?;
        let Step::Demonstrate { seat, moves } = &mut self.step else { unreachable!("checked above") };
        moves.push(mv.to_string());
        let (seat, shown) = (*seat, moves.len());
        let (after, progress, captured) = self.demonstration().expect("the move was legal");
        let bid = self.current.as_ref().map_or(0, |h| h.bids[usize::from(seat)]);
        if progress.is_done() {
            self.close_attempt(true);
            self.course = after.fen_board();
            // The captured go back for the next hole; after the last there is none.
            if self.finished.len() + 1 >= usize::from(self.holes) {
                self.end_hole(rng);
            } else {
                self.step = Step::PutBack { seat, pieces: captured };
            }
        } else if shown >= usize::from(bid) {
            self.close_attempt(false);
            self.next_demonstrator(rng);
        }
        Ok(())
    }

    /// The demonstrator starts again from the hole's start ("reset if you get confused"):
    /// the moves shown so far are taken back and the count starts anew.
    pub fn reset(&mut self) {
        if let Step::Demonstrate { moves, .. } = &mut self.step {
            moves.clear();
        }
    }

    /// The demonstrator gives up: the attempt fails and the next lowest count demonstrates.
    pub fn give_up(&mut self, rng: &mut dyn RandomSource) {
        self.close_attempt(false);
        self.next_demonstrator(rng);
    }

    /// Records the demonstration under way as an attempt.
    fn close_attempt(&mut self, succeeded: bool) {
        let Step::Demonstrate { seat, moves } = std::mem::replace(&mut self.step, Step::Bid) else { return };
        if let Some(hole) = self.current.as_mut() {
            hole.attempts.push(Attempt { seat, moves, succeeded });
        }
    }

    /// Puts the next captured piece back on an empty square; the hole is over when none is
    /// left.
    pub fn put_back(&mut self, square: crate::geometry::Square, rng: &mut dyn RandomSource) -> Result<(), Refusal> {
        if self.course().piece_at(square).is_some() {
            return Err(format!("{square} is taken: put the piece back on an empty square."));
        }
        let Step::PutBack { pieces, .. } = &mut self.step else { return Err("No piece is waiting to go back.".into()) };
        let piece = pieces.remove(0);
        let done = pieces.is_empty();
        let mut pieces_now = self.course().pieces();
        pieces_now.push((square, piece));
        self.course = Course::new(pieces_now).fen_board();
        if done {
            self.end_hole(rng);
        }
        Ok(())
    }

    /// Scores the hole, keeps it, passes the deck to the left (the same dealer deals again
    /// after a hole everyone called impossible) and deals the next, or asks the new dealer how
    /// many cards to deal when every count was the same.
    fn end_hole(&mut self, rng: &mut dyn RandomSource) {
        let Some(mut hole) = self.current.take() else { return };
        hole.scores = scores(&hole);
        if !hole.solved() {
            self.course = hole.start.clone();
        }
        self.deck.discard.extend(hole.cards.iter().copied());
        let all_zero = hole.bids.iter().all(|b| *b == 0);
        let all_same = !all_zero && hole.late.is_empty() && hole.bids.windows(2).all(|w| w[0] == w[1]);
        self.finished.push(hole);
        if !all_zero {
            self.dealer = (self.dealer + 1) % self.players;
        }
        if self.finished.len() >= usize::from(self.holes) {
            self.step = Step::Over;
        } else if all_same && self.cards_per_hole < MAX_CARDS {
            self.step = Step::Deal { dealer: self.dealer };
        } else {
            self.deal(rng);
        }
    }

    /// The dealer chooses how many cards to deal from now on, and deals.
    pub fn deal_with(&mut self, cards: u8, rng: &mut dyn RandomSource) {
        self.cards_per_hole = cards;
        self.deal(rng);
    }

    /// Each seat's total over the holes played.
    pub fn totals(&self) -> Vec<u32> {
        (0..usize::from(self.players))
            .map(|s| self.finished.iter().map(|h| u32::from(h.scores.get(s).copied().unwrap_or(0))).sum())
            .collect()
    }
}

/// The points of a finished hole (seed: "Play"). Everyone scores the count they sealed; a
/// failed demonstrator scores the highest count plus one (its own included, so a failure
/// never scores less than the count it named); when someone succeeded, a player who sealed
/// zero scores the highest count plus one; when nobody did, zero scores nothing. A player who
/// sealed nothing before the timer ran out scores the highest count plus one.
pub fn scores(hole: &HoleRecord) -> Vec<u8> {
    let penalty = hole.bids.iter().copied().max().unwrap_or(0) + 1;
    let solved = hole.solved();
    (0..hole.bids.len())
        .map(|seat| {
            let failed = hole.attempts.iter().any(|a| usize::from(a.seat) == seat && !a.succeeded);
            let late = hole.late.contains(&(seat as Seat));
            match hole.bids[seat] {
                _ if failed || late => penalty,
                0 if solved => penalty,
                bid => bid,
            }
        })
        .collect()
}
