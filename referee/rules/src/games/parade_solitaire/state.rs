//! A Parade game's state and its rules of play: the deal, spending a card on an order or an
//! add, the count once the hand is out, and the end.

use super::orders::{self, TOUCH};
use crate::cards::{Card, lay_out};
use crate::chess::Board;
use crate::game::{Outcome, Seating};
use crate::games::groups::groups;
use crate::geometry::Square;
use crate::pieces::Piece;
use serde::{Deserialize, Serialize};

/// Cards in each of the two piles.
pub const PILE: u8 = 8;
/// The cards of the count, once the hand is out: all sixteen.
pub const COUNT: u8 = 16;

/// Everything the referee knows of a Parade game.
#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct ParadeState {
    /// The pieces.
    #[serde(with = "board_text")]
    pub board: Board,
    /// The first pile, laid out at the start, in the order drawn (face up on the discard pile).
    pub laid_out: Vec<Card>,
    /// The cards spent face up on adds, in order.
    pub added: Vec<Card>,
    /// How many cards were spent face down on moves.
    pub face_down: u8,
    /// The hand, top first: only the referee knows its order. `None` in a position read
    /// without it.
    pub hand: Option<Vec<Card>>,
    /// Cards left in the hand.
    pub hand_left: u8,
    /// Cards of the count spent once the hand was out (each a point against the player).
    pub counted: u8,
    /// Where the last added piece went.
    pub last_added: Option<Square>,
    /// The hand as it was dealt, top first, for the par once the game is over (`None` in a
    /// position read without its hand).
    #[serde(default)]
    pub dealt: Option<Vec<Card>>,
    /// How the game ended.
    pub ended: Option<Outcome>,
}

/// The one seat of a solitaire.
pub fn seating() -> Seating {
    Seating::one_team_each(["Player"])
}

/// "white bishop".
pub fn piece_words(piece: Piece) -> String {
    format!("{} {}", piece.color.name().to_lowercase(), piece.role)
}

impl ParadeState {
    /// The game after laying out `first` from a1 and taking `hand` (top first) as the hand.
    pub fn deal(first: &[Card], hand: &[Card]) -> ParadeState {
        let mut board = Board::empty();
        for (sq, piece) in lay_out(first) {
            board.put(sq, piece);
        }
        let mut state = ParadeState {
            board,
            laid_out: first.to_vec(),
            added: Vec::new(),
            face_down: 0,
            hand: Some(hand.to_vec()),
            hand_left: hand.len() as u8,
            counted: 0,
            last_added: None,
            dealt: Some(hand.to_vec()),
            ended: None,
        };
        state.settle();
        state
    }

    /// Whether the hand is out and the player counts cards against the score.
    pub fn counting(&self) -> bool {
        self.hand_left == 0
    }

    /// The score if the pieces formed one group now: cards left in the hand, or minus the
    /// cards counted.
    pub fn score_now(&self) -> i64 {
        i64::from(self.hand_left) - i64::from(self.counted)
    }

    /// Spends the top card of the hand (or of the count): on a move face down, or on an add, in
    /// which case it is returned.
    pub fn spend(&mut self, face_up: bool) -> Option<Card> {
        if self.counting() {
            self.counted += 1;
            return None;
        }
        self.hand_left -= 1;
        let card = self.hand.as_mut().map(|h| h.remove(0));
        match card {
            Some(c) if face_up => self.added.push(c),
            _ => self.face_down += 1,
        }
        card
    }

    /// Moves the piece on `from` to `to` (checked by the caller), spending a card.
    pub fn play_move(&mut self, from: Square, to: Square) {
        self.spend(false);
        self.board = orders::moved(&self.board, from, to);
        self.settle();
    }

    /// Adds the piece of the top card, spending it; the hand must be known and not empty.
    pub fn play_add(&mut self) {
        let card = self.spend(true).expect("the hand is known and not empty");
        let piece = card.piece().expect("the hand holds piece cards");
        if let Some((board, sq)) = orders::added(&self.board, piece) {
            self.board = board;
            self.last_added = Some(sq);
        }
        self.settle();
    }

    /// Ends the game when the pieces form one group (a win), or when the count is spent or no
    /// piece can move another with the hand out (a loss).
    pub fn settle(&mut self) {
        let apart = groups(self.board.occupied(), TOUCH).len();
        self.ended =
            if orders::one_group(&self.board) {
                let mut outcome = seating().team_wins(0, self.win_reason());
                outcome.scores = vec![self.score_now()];
                Some(outcome)
            } else if self.counting() && self.counted >= COUNT {
                Some(self.loss(format!("all sixteen cards are counted and the pieces stand in {apart} groups")))
            } else if self.counting() && orders::moves(&self.board).is_empty() {
                Some(self.loss(format!(
                    "the hand is out, no piece can move another, and the pieces stand in {apart} groups"
                )))
            } else {
                None
            };
    }

    fn win_reason(&self) -> String {
        let plural = |n: i64, word: &str| if n.abs() == 1 { format!("{n} {word}") } else { format!("{n} {word}s") };
        let score = self.score_now();
        if self.counting() && self.counted > 0 {
            let counted = plural(i64::from(self.counted), "card");
            format!("one connected group after counting {counted}: {}", plural(score, "point"))
        } else {
            format!("one connected group with {} left: {}", plural(score, "card"), plural(score, "point"))
        }
    }

    fn loss(&self, reason: String) -> Outcome {
        let mut outcome = seating().all_lose(reason);
        outcome.scores = vec![-i64::from(COUNT)];
        outcome
    }
}

/// A board kept as FEN's placement field.
mod board_text {
    use crate::chess::{Board, Position, parse_board};
    use serde::{Deserialize, Deserializer, Serializer};

    pub fn serialize<S: Serializer>(board: &Board, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(&placement(board))
    }

    pub fn deserialize<'de, D: Deserializer<'de>>(d: D) -> Result<Board, D::Error> {
        parse_board(&String::deserialize(d)?).map_err(serde::de::Error::custom)
    }

    /// FEN's placement field of `board`.
    pub fn placement(board: &Board) -> String {
        Position { board: *board, ..Position::standard() }.board_fen()
    }
}

pub use board_text::placement;
