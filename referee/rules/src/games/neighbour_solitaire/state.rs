//! A Neighbour game's state and its rules of play: adding pieces where a piece card and a
//! position card send them, stopping to move, moves borrowed from a neighbour of one's own
//! colour (Chess Golf's mechanics, [`Course::borrowed_reach`]) paid with a card from either
//! pile, and the end.

use crate::cards::Card;
use crate::game::{Outcome, Seating};
use crate::games::groups::{Touch, around, groups, is_one_group};
use crate::geometry::{Bitboard, Square};
use crate::golf::Course;
use crate::pieces::Piece;
use serde::{Deserialize, Serialize};

/// Cards in the piece deck.
pub const PIECES: u8 = 16;
/// Cards in the position deck.
pub const POSITIONS: u8 = 20;

/// The position deck: the 2 to 6 of every suit, in the fresh deck's order.
pub fn position_deck() -> Vec<Card> {
    Card::standard_deck().into_iter().filter(|c| (2..=6).contains(&c.rank)).collect()
}

/// Where the game is.
#[derive(Copy, Clone, Debug, Eq, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Phase {
    /// Adding pieces; after any add the player may stop and move instead.
    Adding,
    /// A flipped piece was sent to a taken square: the player sets it on one of the free
    /// squares nearest to it.
    Placing {
        /// The piece in hand.
        piece: Piece,
        /// The taken square it was sent to.
        landed: Square,
    },
    /// Adding has stopped: only moves.
    Moving,
}

/// The last add's two cards and where they sent the piece, as the table saw them.
#[derive(Copy, Clone, Debug, Eq, PartialEq, Serialize, Deserialize, schemars::JsonSchema)]
pub struct Flip {
    /// The piece card.
    pub piece_card: Card,
    /// The position card: red sends the piece right, black up, that many squares.
    pub position_card: Card,
    /// The square the piece was held above (the last piece added; a1 for the first).
    pub from: Square,
    /// The square the cards sent it to.
    pub landed: Square,
}

/// Everything the referee knows of a Neighbour game.
#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct NeighbourState {
    /// The pieces.
    #[serde(with = "course_text")]
    pub board: Course,
    /// The piece pile, top first: only the referee knows its order. `None` in a position read
    /// without it.
    pub piece_pile: Option<Vec<Card>>,
    /// Cards left in the piece pile.
    pub pieces_left: u8,
    /// The position pile, top first; `None` in a position read without it.
    pub position_pile: Option<Vec<Card>>,
    /// Cards left in the position pile.
    pub positions_left: u8,
    /// The piece cards flipped, in order.
    pub flipped_pieces: Vec<Card>,
    /// The position cards flipped, in order.
    pub flipped_positions: Vec<Card>,
    /// Cards spent on moves.
    pub spent: u8,
    /// Where the last added piece was set.
    pub last_added: Option<Square>,
    /// The last add's cards.
    pub last_flip: Option<Flip>,
    /// Where the game is.
    pub phase: Phase,
    /// Which neighbours make a group.
    pub touch: Touch,
    /// Both piles as dealt, top first (pieces, then positions), for the par once the game is
    /// over (`None` in a position read without them).
    #[serde(default)]
    pub dealt: Option<(Vec<Card>, Vec<Card>)>,
    /// How the game ended.
    pub ended: Option<Outcome>,
}

/// The one seat of a solitaire.
pub fn seating() -> Seating {
    Seating::one_team_each(["Player"])
}

/// "white knight".
pub fn piece_words(piece: Piece) -> String {
    format!("{} {}", piece.color.name().to_lowercase(), piece.role)
}

/// Where a position card sends a piece held above `from`: red cards that many squares right,
/// black cards that many up, going round the edge of the board.
pub fn landing(from: Square, card: Card) -> Square {
    let steps = card.rank % 8;
    if card.suit.is_red() {
        Square::from_coords((from.file() + steps) % 8, from.rank())
    } else {
        Square::from_coords(from.file(), (from.rank() + steps) % 8)
    }
}

/// The free squares nearest `at` when it is taken: its eight neighbours, or, when all are
/// taken, theirs, and so on, without going round the edge.
pub fn nearest_free(occupied: Bitboard, at: Square) -> Bitboard {
    let mut near = Bitboard::from_square(at);
    loop {
        let ring = around(near, Touch::SidesAndCorners);
        if ring.is_empty() || (ring & !occupied).nonempty() {
            return ring & !occupied;
        }
        near |= ring;
    }
}

impl NeighbourState {
    /// A game about to begin: both piles shuffled (top first), nothing on the board.
    pub fn deal(pieces: Vec<Card>, positions: Vec<Card>, touch: Touch) -> NeighbourState {
        let dealt = Some((pieces.clone(), positions.clone()));
        NeighbourState {
            board: Course::default(),
            pieces_left: pieces.len() as u8,
            piece_pile: Some(pieces),
            positions_left: positions.len() as u8,
            position_pile: Some(positions),
            flipped_pieces: Vec::new(),
            flipped_positions: Vec::new(),
            spent: 0,
            last_added: None,
            last_flip: None,
            phase: Phase::Adding,
            touch,
            dealt,
            ended: None,
        }
    }

    /// Cards left in the two piles: the score if the pieces formed one group now.
    pub fn cards_left(&self) -> u8 {
        self.pieces_left + self.positions_left
    }

    /// Whether the player may add a piece now.
    pub fn may_add(&self) -> bool {
        self.phase == Phase::Adding && self.pieces_left > 0 && self.positions_left > 0
    }

    /// Where the piece on `from` may move: the empty squares it reaches by the move of a
    /// neighbour of its own colour.
    pub fn reach(&self, from: Square) -> Bitboard {
        self.board.borrowed_reach(from) & !self.board.occupied()
    }

    /// Every move, (from, to), when a move may be made and paid for.
    pub fn moves(&self) -> Vec<(Square, Square)> {
        if matches!(self.phase, Phase::Placing { .. }) || self.cards_left() == 0 {
            return Vec::new();
        }
        self.board.occupied().flat_map(|from| self.reach(from).map(move |to| (from, to))).collect()
    }

    /// Where the piece waiting to be placed may go.
    pub fn choices(&self) -> Bitboard {
        match self.phase {
            Phase::Placing { landed, .. } => nearest_free(self.board.occupied(), landed),
            _ => Bitboard::EMPTY,
        }
    }

    /// Flips the top piece card and the top position card and sends the piece: onto its square
    /// when free, else onto the one free square nearest it, else into the player's hand to
    /// place. The piles must be known and hold a card each.
    pub fn add(&mut self) {
        let piece_card = self.piece_pile.as_mut().expect("a known piece pile").remove(0);
        let position_card = self.position_pile.as_mut().expect("a known position pile").remove(0);
        self.pieces_left -= 1;
        self.positions_left -= 1;
        self.flipped_pieces.push(piece_card);
        self.flipped_positions.push(position_card);
        let from = self.last_added.unwrap_or(Square::new(0));
        let landed = landing(from, position_card);
        self.last_flip = Some(Flip { piece_card, position_card, from, landed });
        let piece = piece_card.piece().expect("the piece pile holds piece cards");
        let free = nearest_free(self.board.occupied(), landed);
        match (self.board.occupied().contains(landed), free.single()) {
            (false, _) => self.place(piece, landed),
            (true, Some(only)) => self.place(piece, only),
            (true, None) => self.phase = Phase::Placing { piece, landed },
        }
        self.settle();
    }

    /// Sets `piece` on `sq` as the last piece added.
    pub fn place(&mut self, piece: Piece, sq: Square) {
        self.board.put(sq, piece);
        self.last_added = Some(sq);
        self.phase = Phase::Adding;
        self.settle();
    }

    /// Moves the piece on `from` to `to` (checked by the caller), paying with a card: from the
    /// piece pile while it has one, then from the position pile.
    pub fn play_move(&mut self, from: Square, to: Square) {
        let pile = if self.pieces_left > 0 {
            self.pieces_left -= 1;
            &mut self.piece_pile
        } else {
            self.positions_left -= 1;
            &mut self.position_pile
        };
        if let Some(cards) = pile {
            cards.remove(0);
        }
        self.spent += 1;
        self.phase = Phase::Moving;
        let piece = self.board.take(from).expect("a piece stands where a move starts");
        self.board.put(to, piece);
        self.settle();
    }

    /// Ends the game when the pieces form one group (a win), or when nothing more can be done
    /// (a loss): no card left to pay for a move, or no move and no add possible.
    pub fn settle(&mut self) {
        let apart = groups(self.board.occupied(), self.touch).len();
        let seating = seating();
        self.ended = if is_one_group(self.board.occupied(), self.touch) {
            let left = self.cards_left();
            let mut outcome =
                seating.team_wins(0, format!("one connected group with {left} cards left: {left} points"));
            outcome.scores = vec![i64::from(left)];
            Some(outcome)
        } else if matches!(self.phase, Phase::Placing { .. }) || self.may_add() || !self.moves().is_empty() {
            None
        } else {
            let why = if self.cards_left() == 0 { "both piles are spent" } else { "no piece can move or be added" };
            let mut outcome = seating.all_lose(format!("{why}, and the pieces stand in {apart} groups"));
            outcome.scores = vec![0];
            Some(outcome)
        };
    }
}

/// A course kept as FEN's placement field.
mod course_text {
    use crate::golf::Course;
    use serde::{Deserialize, Deserializer, Serializer};

    pub fn serialize<S: Serializer>(course: &Course, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(&course.fen_board())
    }

    pub fn deserialize<'de, D: Deserializer<'de>>(d: D) -> Result<Course, D::Error> {
        let text = String::deserialize(d)?;
        Course::from_fen_board(&text).ok_or_else(|| serde::de::Error::custom(format!("not a board: {text}")))
    }
}
