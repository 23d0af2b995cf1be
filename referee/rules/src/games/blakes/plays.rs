//! Playing cards from the hand (seed 003, "Playing Cards", "Trump Cards", "Building Pieces"):
//! which plays a seat has now, each with its target, and what the plays made before a move do.
//! The plays made during an attack (roll modifiers, blocks, the bodyguard) are the reaction
//! window's, in `attack.rs`.

use super::hands::{Block, Meaning, PokerHand, Timing, Trump, combinations};
use super::state::{BlakesState, MOST_ACTIONS, Step};
use crate::cards::Card;
use crate::game::Seat;
use crate::geometry::{Bitboard, Square};
use crate::pieces::{Color, Piece, Role};

/// What a played group is aimed at.
#[derive(Copy, Clone, Debug, Eq, PartialEq, Hash)]
pub enum Target {
    /// Nothing: a roll modifier, a block, or a trump that changes the turn.
    None,
    /// A square: the piece a five-card flush removes, the pawn brainwashed, the bodyguard.
    Square(Square),
    /// Two squares: the pieces misdirection swaps; teleportation's from and to.
    Squares(Square, Square),
    /// A piece and the square it is put on: a build, or necromancy.
    Piece(Role, Square),
    /// Every piece still to be built: a five-card straight.
    All,
}

/// A group of cards played for one of its meanings, aimed at a target.
#[derive(Clone, Debug, Eq, PartialEq)]
pub struct Play {
    /// The cards, in the order the player wrote them: the order they go onto the waste, the
    /// last on top (the seed: "in any order"). Listed plays write them in rank then suit order.
    pub cards: Vec<Card>,
    /// What they are played as.
    pub meaning: Meaning,
    /// What at.
    pub target: Target,
}

/// The home squares of `role` on `color`'s side: where a built or revived piece goes first.
fn homes(color: Color, role: Role) -> Vec<Square> {
    let back = color.back_rank();
    let files: &[u8] = match role {
        Role::Rook => &[0, 7],
        Role::Knight => &[1, 6],
        Role::Bishop => &[2, 5],
        Role::Queen => &[3],
        Role::King => &[4],
        Role::Pawn => {
            return (0..8).map(|f| Square::from_coords(f, if color == Color::White { 1 } else { 6 })).collect();
        }
    };
    files.iter().map(|f| Square::from_coords(*f, back)).collect()
}

impl BlakesState {
    /// Where a built or revived `role` of `color` may be put: its empty home squares; if none
    /// is empty, any empty square of its side's first rank (pawns: only their second rank).
    pub fn placements(&self, color: Color, role: Role) -> Vec<Square> {
        let empty = |sq: &Square| !self.board.occupied().contains(*sq);
        let home: Vec<Square> = homes(color, role).into_iter().filter(empty).collect();
        if !home.is_empty() || role == Role::Pawn {
            return home;
        }
        Bitboard::rank(color.back_rank()).filter(empty).collect()
    }

    /// The ways `seat` may play cards now: before its move in its own turn from its fourth
    /// turn (the first three are moves and captures only), or during an attack (roll
    /// modifiers on either side; blocks and the bodyguard when defending).
    pub fn timings(&self, seat: Seat) -> Vec<Timing> {
        let mover = seat == self.mover_seat();
        match &self.step {
            Step::Move if mover && self.play.cards_open() && self.may_draw_now() => vec![Timing::BeforeMove],
            Step::React(_) if mover => vec![Timing::AfterRoll],
            Step::React(_) => vec![Timing::AfterRoll, Timing::Defending],
            _ => Vec::new(),
        }
    }

    /// Every play `seat` may make now, each group once per meaning and target (a group whose
    /// meanings do the same thing to the same target is listed once).
    pub fn plays(&self, seat: Seat) -> Vec<Play> {
        let timings = self.timings(seat);
        if timings.is_empty() {
            return Vec::new();
        }
        let mut out: Vec<Play> = Vec::new();
        for combo in combinations(&self.hands[usize::from(seat)], self.trump) {
            let again = combo.cards.iter().any(|c| self.play.cards_played.contains(c));
            if again || !timings.contains(&combo.meaning.timing()) {
                continue;
            }
            for target in self.targets(combo.meaning, seat) {
                if !out.iter().any(|p| p.cards == combo.cards && p.target == target) {
                    out.push(Play { cards: combo.cards.clone(), meaning: combo.meaning, target });
                }
            }
        }
        out
    }

    /// The targets `meaning` may be played at now by `seat`.
    fn targets(&self, meaning: Meaning, seat: Seat) -> Vec<Target> {
        let us = if seat == 0 { Color::White } else { Color::Black };
        let ledger = &self.ledgers[us.index()];
        let builds = |roles: &[Role]| -> Vec<Target> {
            let roles = roles.iter().copied();
            roles.flat_map(|r| self.placements(us, r).into_iter().map(move |sq| Target::Piece(r, sq))).collect()
        };
        let firsts = [Role::Rook, Role::Knight, Role::Bishop];
        match meaning {
            Meaning::Poker(PokerHand::Straight(3)) => {
                builds(&firsts.into_iter().filter(|r| ledger.built_of(*r) == 0).collect::<Vec<_>>())
            }
            Meaning::Poker(PokerHand::Straight(4) | PokerHand::Flush(4)) => {
                let ready = ledger.first_three_built() && ledger.built_of(Role::Queen) == 0;
                if ready { builds(&[Role::Queen]) } else { Vec::new() }
            }
            Meaning::Poker(PokerHand::Straight(_)) => {
                let any = ledger.remaining().iter().any(|r| !self.placements(us, *r).is_empty());
                if any { vec![Target::All] } else { Vec::new() }
            }
            Meaning::Poker(PokerHand::Flush(3)) => {
                let ready = ledger.first_three_built() && ledger.built_of(Role::Queen) >= 1;
                let roles: Vec<Role> = firsts.into_iter().filter(|r| ready && ledger.built_of(*r) == 1).collect();
                builds(&roles)
            }
            Meaning::Poker(PokerHand::Flush(_)) => {
                let theirs = self.board.by_color(us.other()) & !self.board.by_role(Role::King);
                theirs.map(Target::Square).collect()
            }
            Meaning::Poker(_) => vec![Target::None],
            Meaning::Block(block) => self.block_targets(block),
            Meaning::Trump(trump) => self.trump_targets(trump, us),
        }
    }

    /// A block fits the piece attacked: a king for the king, a queen for a queen, a jack for
    /// any other piece.
    fn block_targets(&self, block: Block) -> Vec<Target> {
        let Step::React(attack) = &self.step else { return Vec::new() };
        let fits = match attack.defender {
            Role::King => Block::King,
            Role::Queen => Block::Queen,
            _ => Block::Jack,
        };
        if fits == block { vec![Target::None] } else { Vec::new() }
    }

    fn trump_targets(&self, trump: Trump, us: Color) -> Vec<Target> {
        let board = &self.board;
        let theirs = board.by_color(us.other());
        let ours = board.by_color(us);
        let kings = board.by_role(Role::King);
        match trump {
            Trump::Misdirection => {
                let pieces: Vec<Square> = (theirs & !kings).collect();
                let mut out = Vec::new();
                for (i, a) in pieces.iter().enumerate() {
                    for b in &pieces[i + 1..] {
                        if board.role_at(*a) != board.role_at(*b) && self.pawns_stay_off_end_ranks(*a, *b) {
                            out.push(Target::Squares(*a, *b));
                        }
                    }
                }
                out
            }
            Trump::Brainwashing if self.play.brainwashed.is_none() => {
                (theirs & board.by_role(Role::Pawn)).map(Target::Square).collect()
            }
            Trump::Teleportation => {
                let empty: Vec<Square> = (!board.occupied()).collect();
                (ours & !board.by_role(Role::Pawn))
                    .flat_map(|from| empty.iter().map(move |to| Target::Squares(from, *to)))
                    .collect()
            }
            Trump::Bodyguard => self.bodyguard_targets(),
            Trump::Necromancy => {
                let mut dead = self.ledgers[us.index()].dead.clone();
                dead.sort_unstable();
                dead.dedup();
                dead.retain(|r| *r != Role::King);
                dead.into_iter()
                    .flat_map(|r| self.placements(us, r).into_iter().map(move |sq| Target::Piece(r, sq)))
                    .collect()
            }
            Trump::Brainwashing => Vec::new(),
            _ => vec![Target::None],
        }
    }

    /// Whether swapping the pieces on `a` and `b` leaves no pawn on the first or last rank.
    pub fn pawns_stay_off_end_ranks(&self, a: Square, b: Square) -> bool {
        let end = |sq: Square| sq.rank() == 0 || sq.rank() == 7;
        let pawn = |sq: Square| self.board.role_at(sq) == Some(Role::Pawn);
        !((pawn(a) && end(b)) || (pawn(b) && end(a)))
    }

    /// Takes `cards` out of `seat`'s hand onto the waste, in the order given.
    pub fn spend(&mut self, seat: Seat, cards: &[Card]) {
        self.take_from_hand(seat, cards);
        self.waste.extend_from_slice(cards);
    }

    /// Takes `cards` out of `seat`'s hand as played this turn.
    fn take_from_hand(&mut self, seat: Seat, cards: &[Card]) {
        let hand = &mut self.hands[usize::from(seat)];
        hand.retain(|c| !cards.contains(c));
        self.play.cards_played.extend_from_slice(cards);
    }

    /// Puts a new `role` of `color` on `sq`.
    fn place(&mut self, color: Color, role: Role, sq: Square) {
        self.board.put(sq, Piece::new(color, role));
    }

    /// Plays, before the move, a group listed by [`BlakesState::plays`].
    pub fn play_before_move(&mut self, seat: Seat, play: &Play) {
        let us = self.to_move;
        match play.meaning {
            Meaning::Trump(trump) if trump.waits() => {
                self.take_from_hand(seat, &play.cards);
                self.play.pending.extend_from_slice(&play.cards);
            }
            _ => self.spend(seat, &play.cards),
        }
        match (play.meaning, play.target) {
            (Meaning::Poker(_), Target::Piece(role, sq)) => {
                self.place(us, role, sq);
                self.ledgers[us.index()].add_built(role);
            }
            (Meaning::Poker(_), Target::All) => {
                for role in self.ledgers[us.index()].remaining() {
                    if let Some(sq) = self.placements(us, role).first().copied() {
                        self.place(us, role, sq);
                        self.ledgers[us.index()].add_built(role);
                    }
                }
            }
            (Meaning::Poker(_), Target::Square(sq)) => self.kill(sq),
            (Meaning::Trump(trump), target) => self.play_trump(trump, target),
            _ => {}
        }
    }

    fn play_trump(&mut self, trump: Trump, target: Target) {
        let us = self.to_move;
        match (trump, target) {
            (Trump::Misdirection, Target::Squares(a, b)) => self.swap(a, b),
            (Trump::Brainwashing, Target::Square(sq)) => {
                self.place(us, Role::Pawn, sq);
                self.play.brainwashed = Some(sq);
            }
            (Trump::Teleportation, Target::Squares(from, to)) => {
                self.relocate(from, to, None);
                self.end_turn();
            }
            (Trump::Agility, _) => self.play.left = self.play.left.saturating_add(1).min(MOST_ACTIONS),
            (Trump::Necromancy, Target::Piece(role, sq)) => {
                let dead = &mut self.ledgers[us.index()].dead;
                if let Some(i) = dead.iter().rposition(|r| *r == role) {
                    dead.remove(i);
                }
                self.place(us, role, sq);
            }
            (trump, _) => self.play.effects.push(trump),
        }
    }
}
