//! What the referee keeps of a Blake's Chess game, and the bookkeeping every rule shares: the
//! pieces, the cards, what each side has built and lost, where the turn is, and ending a turn.

use super::hands::Trump;
use crate::cards::{Card, Suit};
use crate::chess::Board;
use crate::game::Outcome;
use crate::geometry::{Bitboard, Square};
use crate::pieces::{Color, Piece, Role};
use serde::{Deserialize, Serialize};

/// Cards a hand may hold between turns (seed: "Drawing").
pub const HAND_LIMIT: usize = 5;
/// The first turn (of each player) on which a player may draw (seed: "Setup & Gameplay").
pub const FIRST_DRAW_TURN: u32 = 4;
/// The most moves, captures or draws a turn allows (two, with agility).
pub const MOST_ACTIONS: u8 = 2;
/// The most a side's roll modifiers may add in a position read from text (a hand of five
/// adds at most 3: four of a kind).
pub const MOST_PLUS: u8 = 9;
/// The roles that are built, in the order the ledger counts them.
pub const BUILT_ROLES: [Role; 4] = [Role::Rook, Role::Knight, Role::Bishop, Role::Queen];

/// What one side has built and lost.
#[derive(Clone, Debug, Default, Eq, PartialEq, Serialize, Deserialize)]
pub struct Ledger {
    /// How many rooks, knights, bishops and queens have been built (or acquired by
    /// conversion): 0 to 2, and 0 or 1 for the queen. A built piece is never built again.
    pub built: [u8; 4],
    /// The pieces this side has lost, in the order they fell (necromancy brings one back).
    pub dead: Vec<Role>,
}

impl Ledger {
    /// How many of `role` have been built.
    pub fn built_of(&self, role: Role) -> u8 {
        BUILT_ROLES.iter().position(|r| *r == role).map_or(0, |i| self.built[i])
    }

    /// Marks one more `role` built.
    pub fn add_built(&mut self, role: Role) {
        if let Some(i) = BUILT_ROLES.iter().position(|r| *r == role) {
            self.built[i] += 1;
        }
    }

    /// Whether every first rook, knight and bishop has been built (the queen may come next).
    pub fn first_three_built(&self) -> bool {
        self.built[..3].iter().all(|n| *n >= 1)
    }

    /// The pieces still to be built, in the seed's order: first rook, knight and bishop, the
    /// queen, then the second rook, knight and bishop.
    pub fn remaining(&self) -> Vec<Role> {
        let mut out = Vec::new();
        for role in [Role::Rook, Role::Knight, Role::Bishop] {
            if self.built_of(role) == 0 {
                out.push(role);
            }
        }
        if self.built_of(Role::Queen) == 0 {
            out.push(Role::Queen);
        }
        for role in [Role::Rook, Role::Knight, Role::Bishop] {
            out.extend(std::iter::repeat_n(role, 2usize.saturating_sub(usize::from(self.built_of(role).max(1)))));
        }
        out
    }
}

/// A roll modifier played during an attack.
#[derive(Clone, Debug, Eq, PartialEq, Serialize, Deserialize)]
pub struct Modifier {
    /// The cards.
    pub cards: Vec<Card>,
    /// What they add.
    pub plus: u8,
}

/// An attack declared and rolled, waiting for the reaction window to close. Sides are
/// indexed 0 for the attacker, 1 for the defender.
#[derive(Clone, Debug, Eq, PartialEq, Serialize, Deserialize)]
pub struct Attack {
    /// The attacking piece's square.
    pub from: Square,
    /// Where it lands if it wins (the en passant square for an en passant capture).
    pub to: Square,
    /// Where the defending piece stands.
    pub victim: Square,
    /// The second attacker of a tag-team attack.
    pub partner: Option<Square>,
    /// The piece a pawn becomes on the last rank.
    pub promotion: Option<Role>,
    /// The attacking piece.
    pub attacker: Role,
    /// The partner's piece.
    pub partner_role: Option<Role>,
    /// The defending piece.
    pub defender: Role,
    /// Both dice of each side.
    pub dice: [[u8; 2]; 2],
    /// Each side's piece strength (after an uprising).
    pub strength: [u8; 2],
    /// The attack bonus: 2, and 2 more for a kamikaze.
    pub bonus: u8,
    /// Roll modifiers played so far by each side.
    pub modifiers: [Vec<Modifier>; 2],
    /// Which sides have passed since the last card was played.
    pub passed: [bool; 2],
    /// The piece that will die in the defender's place if the defender loses.
    pub bodyguard: Option<Square>,
    /// The trumps that shape this attack (sniper, tag-team, kamikaze, conversion, uprising).
    pub trumps: Vec<Trump>,
}

impl Attack {
    /// What `side`'s roll modifiers add.
    pub fn plus(&self, side: usize) -> u8 {
        self.modifiers[side].iter().fold(0u8, |sum, m| sum.saturating_add(m.plus))
    }

    /// Each side's total so far: dice, strength, the attack bonus and the modifiers.
    pub fn totals(&self) -> [u8; 2] {
        let side = |i: usize| {
            let bonus = if i == 0 { self.bonus } else { 0 };
            [self.dice[i][0], self.dice[i][1], self.strength[i], self.plus(i), bonus]
                .into_iter()
                .fold(0u8, u8::saturating_add)
        };
        [side(0), side(1)]
    }

    /// Whether the attack is shaped by `trump`.
    pub fn has(&self, trump: Trump) -> bool {
        self.trumps.contains(&trump)
    }
}

/// How an attack ended.
#[derive(Copy, Clone, Debug, Eq, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Verdict {
    /// The attack's total was higher: the defender was captured (or converted).
    Won,
    /// The defence's total was higher: the attacker was captured (unless a sniper).
    Lost,
    /// Equal totals: nothing was captured and the turn ended.
    Tie,
    /// A block card stopped it: nothing was captured and the turn ended.
    Blocked,
}

/// An attack once resolved, for the table to read.
#[derive(Clone, Debug, Eq, PartialEq, Serialize, Deserialize)]
pub struct Report {
    /// The attack as it stood when the window closed.
    pub attack: Attack,
    /// The side that attacked.
    pub by: Color,
    /// How it ended.
    pub result: Verdict,
    /// What happened, in a sentence.
    pub said: String,
}

/// Where the turn is.
#[derive(Clone, Debug, Eq, PartialEq, Serialize, Deserialize)]
pub enum Step {
    /// The mover plays cards, moves, declares captures or draws (stage `move`).
    Move,
    /// The mover drew beyond the hand limit and discards (stage `discard`).
    Discard,
    /// An attack's reaction window (stage `react`).
    React(Box<Attack>),
}

/// The mover's turn so far.
#[derive(Clone, Debug, Eq, PartialEq, Serialize, Deserialize)]
pub struct TurnPlay {
    /// Moves, captures or draws still allowed (1, or 2 with agility).
    pub left: u8,
    /// Whether a move, capture or draw has been made (the turn may then end with `done`).
    pub acted: bool,
    /// Whether a move or capture has been made: no more cards this turn.
    pub moved: bool,
    /// Trumps in force this turn (invisibility, secret passageway, and the attack trumps
    /// played before the move until an attack spends them).
    pub effects: Vec<Trump>,
    /// The enemy pawn taken over by brainwashing, where it stands now.
    pub brainwashed: Option<Square>,
    /// The cards played this turn, by either seat: a card's effect takes place once a turn, so
    /// a card drawn back from the waste waits for another turn.
    #[serde(default)]
    pub cards_played: Vec<Card>,
    /// Trump cards played whose effect is still to come, in the order played: they lie face up
    /// beside the waste and go onto it once their effect has taken place (an attack trump when
    /// the attack it shapes is declared, the others when the turn ends), so none can be drawn
    /// back from the waste while it still works.
    #[serde(default)]
    pub pending: Vec<Card>,
}

impl Default for TurnPlay {
    fn default() -> Self {
        TurnPlay {
            left: 1,
            acted: false,
            moved: false,
            effects: Vec::new(),
            brainwashed: None,
            cards_played: Vec::new(),
            pending: Vec::new(),
        }
    }
}

impl TurnPlay {
    /// Whether `trump` is in force.
    pub fn has(&self, trump: Trump) -> bool {
        self.effects.contains(&trump)
    }

    /// Whether cards may still be played before the move.
    pub fn cards_open(&self) -> bool {
        !self.moved
    }
}

/// Everything the referee knows of a Blake's Chess game.
#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct BlakesState {
    /// The pieces, as FEN's placement field.
    #[serde(with = "placement")]
    pub board: Board,
    /// Whose turn it is.
    pub to_move: Color,
    /// The corners whose rook may still castle: cleared when the king moves, or when anything
    /// leaves, lands on or is taken on the corner.
    pub castling: Bitboard,
    /// The square a pawn skipped with a double step, for the other side to take en passant.
    pub ep: Option<Square>,
    /// Half-moves since the last capture or pawn move (kept as FEN keeps it; no rule uses it).
    pub halfmoves: u32,
    /// The turn number: each player's first turn is 1 (FEN's move number).
    pub turn_number: u32,
    /// The trump suit.
    #[serde(with = "suit_letter")]
    pub trump: Suit,
    /// The card cut to choose the trump suit (unknown in a position read for adjudication).
    pub cut: Option<Card>,
    /// Each side's hand, White's first.
    pub hands: [Vec<Card>; 2],
    /// The stock, top first; `None` where it is unknown (a position read for adjudication).
    pub stock: Option<Vec<Card>>,
    /// The face-up waste pile, top last.
    pub waste: Vec<Card>,
    /// What each side has built and lost, White's first.
    pub ledgers: [Ledger; 2],
    /// The mover's turn so far.
    pub play: TurnPlay,
    /// Where the turn is.
    pub step: Step,
    /// The last attack resolved.
    pub last_attack: Option<Report>,
    /// How the game ended.
    pub ended: Option<Outcome>,
}

impl BlakesState {
    /// The side a piece on `sq` belongs to for good: a brainwashed pawn is the opponent's.
    pub fn owner(&self, sq: Square) -> Option<Color> {
        let color = self.board.color_at(sq)?;
        Some(if self.play.brainwashed == Some(sq) { color.other() } else { color })
    }

    /// How many pieces of `role` `color` owns on the board (a brainwashed pawn counted with its
    /// owner).
    pub fn count(&self, color: Color, role: Role) -> usize {
        self.board.by_role(role).filter(|sq| self.owner(*sq) == Some(color)).count()
    }

    /// Takes the piece on `sq` off the board as lost by its owner; taking a king ends the game.
    pub fn kill(&mut self, sq: Square) {
        let owner = self.owner(sq);
        let Some(piece) = self.board.remove(sq) else { return };
        let owner = owner.unwrap_or(piece.color);
        self.touch(sq);
        if self.play.brainwashed == Some(sq) {
            self.play.brainwashed = None;
        }
        self.ledgers[owner.index()].dead.push(piece.role);
        if piece.role == Role::King && self.ended.is_none() {
            let winner = owner.other();
            let reason = format!("{winner} captured the king");
            self.ended = Some(super::super::two_colours::wins(winner, reason));
        }
    }

    /// Moves the piece on `from` to the empty square `to`, keeping brainwashing and castling
    /// rights in step.
    pub fn relocate(&mut self, from: Square, to: Square, promotion: Option<Role>) {
        let Some(piece) = self.board.remove(from) else { return };
        self.board.put(to, Piece::new(piece.color, promotion.unwrap_or(piece.role)));
        self.touch(from);
        self.touch(to);
        if piece.role == Role::King {
            self.castling &= !Bitboard::rank(piece.color.back_rank());
        }
        if self.play.brainwashed == Some(from) {
            self.play.brainwashed = Some(to);
        }
    }

    /// Swaps the pieces on `a` and `b`.
    pub fn swap(&mut self, a: Square, b: Square) {
        let (pa, pb) = (self.board.remove(a), self.board.remove(b));
        if let Some(p) = pa {
            self.board.put(b, p);
        }
        if let Some(p) = pb {
            self.board.put(a, p);
        }
        self.touch(a);
        self.touch(b);
    }

    /// Something moved off, onto or was taken on `sq`: a corner there loses its castling right.
    pub fn touch(&mut self, sq: Square) {
        self.castling = self.castling.without(sq);
    }

    /// The turn ends: brainwashing wears off, this turn's trumps lapse, an en passant chance
    /// the mover did not take lapses, and the other side is to move.
    pub fn end_turn(&mut self) {
        let mover = self.to_move;
        self.release_brainwashed();
        self.waste_pending();
        if self.ep.is_some_and(|ep| capturer_of(ep) == mover) {
            self.ep = None;
        }
        if mover == Color::Black {
            self.turn_number = self.turn_number.saturating_add(1);
        }
        self.to_move = mover.other();
        self.play = TurnPlay::default();
        self.step = Step::Move;
    }

    /// The trump cards still waiting go onto the waste, in the order they were played: their
    /// effect has taken place.
    pub fn waste_pending(&mut self) {
        let pending = std::mem::take(&mut self.play.pending);
        self.waste.extend(pending);
    }

    /// The card of `trump` waiting beside the waste goes onto it: its effect has taken place.
    pub fn waste_trump(&mut self, trump: Trump) {
        let card = Card::new(trump.rank(), self.trump);
        if let Some(i) = self.play.pending.iter().position(|c| *c == card) {
            self.play.pending.remove(i);
            self.waste.push(card);
        }
    }

    /// A brainwashed pawn goes back to its owner, where it stands.
    pub fn release_brainwashed(&mut self) {
        if let Some(sq) = self.play.brainwashed.take()
            && let Some(piece) = self.board.piece_at(sq)
        {
            self.board.put(sq, Piece::new(piece.color.other(), piece.role));
        }
    }

    /// After a move, capture, draw or discard: the turn ends once its moves are used up (a
    /// turn whose only actions were draws stays open for cards until `done`).
    pub fn settle(&mut self) {
        if self.ended.is_none() && self.step == Step::Move && self.play.left == 0 && self.play.moved {
            self.end_turn();
        }
    }

    /// The seat to move.
    pub fn mover_seat(&self) -> u8 {
        self.to_move.index() as u8
    }

    /// Whether the mover may draw this turn (from the fourth turn on).
    pub fn may_draw_now(&self) -> bool {
        self.turn_number >= FIRST_DRAW_TURN
    }
}

/// The side that may take en passant onto `ep`: Black onto the third rank, White onto the sixth.
pub fn capturer_of(ep: Square) -> Color {
    if ep.rank() == 2 { Color::Black } else { Color::White }
}

/// The start: kings and pawns only, all four corners keeping their castling rights.
pub fn start_board() -> Board {
    let mut board = Board::empty();
    for color in Color::ALL {
        board.put(Square::from_coords(4, color.back_rank()), Piece::new(color, Role::King));
        let pawns = if color == Color::White { 1 } else { 6 };
        for file in 0..8 {
            board.put(Square::from_coords(file, pawns), Piece::new(color, Role::Pawn));
        }
    }
    board
}

/// The four corners.
pub fn corners() -> Bitboard {
    [0u8, 7, 56, 63].into_iter().map(Square::new).collect()
}

/// A board written as FEN's placement field.
pub mod placement {
    use crate::chess::{Board, FenFields, parse_board};
    use crate::geometry::Bitboard;
    use crate::pieces::Color;
    use serde::{Deserialize, Deserializer, Serializer};

    /// FEN's first field for `board`.
    pub fn write(board: &Board) -> String {
        let fields = FenFields {
            board: *board,
            turn: Color::White,
            castling: Bitboard::EMPTY,
            ep_square: None,
            halfmoves: 0,
            fullmoves: 1,
        };
        fields.position().board_fen()
    }

    /// Writes the board as its placement field.
    pub fn serialize<S: Serializer>(board: &Board, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(&write(board))
    }

    /// Reads a placement field.
    pub fn deserialize<'de, D: Deserializer<'de>>(d: D) -> Result<Board, D::Error> {
        parse_board(&String::deserialize(d)?).map_err(serde::de::Error::custom)
    }
}

/// A suit written as its letter (`H`).
pub mod suit_letter {
    use crate::cards::Suit;
    use serde::{Deserialize, Deserializer, Serializer};

    /// The suit of a letter C, D, H or S (any case).
    pub fn read(text: &str) -> Option<Suit> {
        let mut chars = text.trim().chars();
        let c = chars.next()?.to_ascii_uppercase();
        chars.next().is_none().then_some(())?;
        Suit::ALL.into_iter().find(|s| s.letter() == c)
    }

    /// The suit's name in lower case (`hearts`).
    pub fn name(suit: Suit) -> &'static str {
        match suit {
            Suit::Clubs => "clubs",
            Suit::Diamonds => "diamonds",
            Suit::Hearts => "hearts",
            Suit::Spades => "spades",
        }
    }

    /// Writes the letter.
    pub fn serialize<S: Serializer>(suit: &Suit, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_char(suit.letter())
    }

    /// Reads the letter.
    pub fn deserialize<'de, D: Deserializer<'de>>(d: D) -> Result<Suit, D::Error> {
        let text = String::deserialize(d)?;
        read(&text).ok_or_else(|| serde::de::Error::custom(format!("{text} is not a suit letter")))
    }
}
