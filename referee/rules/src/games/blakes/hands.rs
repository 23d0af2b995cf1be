//! Blake's Chess cards (seed 003, "Playing Cards": "Poker Hands" and "Trump Cards"): which
//! groups of cards form which poker hands, blocks and trumps, and what each does. Pure card
//! logic, with no board: the game decides when and where a group may be played.
//!
//! A group is played as a whole and means one thing. The same cards can mean several things
//! (a straight flush is both a straight and a flush; the trump king is both a block and
//! necromancy): [`meanings`] lists them all, [`combinations`] every group a hand holds.

use crate::cards::{Card, Suit};
use serde::{Deserialize, Serialize};

/// A poker hand the seed gives an effect ("Poker Hands").
#[derive(Copy, Clone, Debug, Eq, PartialEq, Hash, Ord, PartialOrd, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum PokerHand {
    /// Two cards of one rank and two of another: +1 to a roll.
    TwoPair,
    /// Three cards of one rank: +2 to a roll.
    ThreeOfAKind,
    /// Four cards of one rank: +3 to a roll.
    FourOfAKind,
    /// Three to five cards of consecutive ranks (the ace low or high, never both): builds.
    Straight(u8),
    /// Three to five cards of one suit: builds, or with five removes an opposing piece.
    Flush(u8),
}

/// What a block card protects: the rank of a single king, queen or jack ("Poker Hands").
#[derive(Copy, Clone, Debug, Eq, PartialEq, Hash, Ord, PartialOrd, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Block {
    /// A king blocks an attack on the king.
    King,
    /// A queen blocks an attack on a queen.
    Queen,
    /// A jack blocks an attack on any other piece.
    Jack,
}

/// The thirteen trumps, by rank of the trump suit ("Trump Cards").
#[derive(Copy, Clone, Debug, Eq, PartialEq, Hash, Ord, PartialOrd, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Trump {
    /// A: swaps two of the opponent's pieces (not the king).
    Misdirection,
    /// 2: this turn's moves pass through one's own pieces.
    Invisibility,
    /// 3: an enemy pawn is the mover's for the turn, moving in the mover's direction.
    Brainwashing,
    /// 4: this turn's moves may wrap from one side of the board to the other.
    SecretPassageway,
    /// 5: one's piece (not a pawn) to any empty square; the turn ends.
    Teleportation,
    /// 6: the turn's next attack neither moves in nor is lost.
    Sniper,
    /// 7: two moves, captures or draws this turn.
    Agility,
    /// 8: another piece dies in place of a defender about to die.
    Bodyguard,
    /// 9: the turn's next attack is made by two pieces together.
    TagTeam,
    /// 10: +2 to the turn's next attack, whose attacking piece is lost whatever happens.
    Kamikaze,
    /// J: a bishop's successful attack converts a piece one lacks instead of taking it.
    Conversion,
    /// Q: the turn's next attack swaps the attacker's and defender's strengths.
    Uprising,
    /// K: brings back one of one's captured pieces.
    Necromancy,
}

impl Trump {
    /// Every trump, ace to king.
    pub const ALL: [Trump; 13] = [
        Trump::Misdirection,
        Trump::Invisibility,
        Trump::Brainwashing,
        Trump::SecretPassageway,
        Trump::Teleportation,
        Trump::Sniper,
        Trump::Agility,
        Trump::Bodyguard,
        Trump::TagTeam,
        Trump::Kamikaze,
        Trump::Conversion,
        Trump::Uprising,
        Trump::Necromancy,
    ];

    /// The trump of a card rank (1 = ace .. 13 = king).
    pub fn of_rank(rank: u8) -> Trump {
        Trump::ALL[usize::from(rank.clamp(1, 13) - 1)]
    }

    /// Its card rank (1 = ace .. 13 = king).
    pub fn rank(self) -> u8 {
        self as u8 + 1
    }

    /// Its name in the seed, in lower case: `secret passageway`.
    pub fn name(self) -> &'static str {
        match self {
            Trump::Misdirection => "misdirection",
            Trump::Invisibility => "invisibility",
            Trump::Brainwashing => "brainwashing",
            Trump::SecretPassageway => "secret passageway",
            Trump::Teleportation => "teleportation",
            Trump::Sniper => "sniper",
            Trump::Agility => "agility",
            Trump::Bodyguard => "bodyguard",
            Trump::TagTeam => "tag-team",
            Trump::Kamikaze => "kamikaze",
            Trump::Conversion => "conversion",
            Trump::Uprising => "uprising",
            Trump::Necromancy => "necromancy",
        }
    }

    /// What it does, in a line.
    pub fn effect(self) -> &'static str {
        match self {
            Trump::Misdirection => "swaps two opposing pieces, kings excepted",
            Trump::Invisibility => "this turn pieces move through their own side",
            Trump::Brainwashing => "an enemy pawn changes side for this turn",
            Trump::SecretPassageway => "this turn moves may wrap around the sides of the board",
            Trump::Teleportation => "moves a piece other than a pawn to any empty square and ends the turn",
            Trump::Sniper => "the next attack stays put if it wins and is not lost if it fails",
            Trump::Agility => "two moves, captures or draws this turn",
            Trump::Bodyguard => "another piece dies in place of a defender about to die",
            Trump::TagTeam => "the next attack is made by two pieces, strengths combined",
            Trump::Kamikaze => "+2 to the next attack, whose piece is lost whatever happens",
            Trump::Conversion => "a bishop that wins converts a piece its side lacks",
            Trump::Uprising => "the next attack swaps attacker and defender strengths",
            Trump::Necromancy => "brings back a captured piece",
        }
    }

    /// Whether it is played before the move to shape the turn's next attack (and is spent by
    /// it): sniper, tag-team, kamikaze, conversion, uprising.
    pub fn is_for_attack(self) -> bool {
        matches!(self, Trump::Sniper | Trump::TagTeam | Trump::Kamikaze | Trump::Conversion | Trump::Uprising)
    }

    /// Whether it lasts the rest of the turn once played (kept in `TurnPlay::effects`):
    /// invisibility and secret passageway.
    pub fn lasts_the_turn(self) -> bool {
        matches!(self, Trump::Invisibility | Trump::SecretPassageway)
    }

    /// Whether its effect is still to come once it is played, so that its card waits face up
    /// beside the waste (seed: played cards go onto the waste "once their effect has taken
    /// place"): the trumps that last the turn, brainwashing and agility until the turn ends,
    /// the attack trumps until the attack they shape is declared.
    pub fn waits(self) -> bool {
        self.lasts_the_turn() || self.is_for_attack() || matches!(self, Trump::Brainwashing | Trump::Agility)
    }
}

/// One thing a group of cards can do.
#[derive(Copy, Clone, Debug, Eq, PartialEq, Hash, Ord, PartialOrd, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case", tag = "is", content = "what")]
pub enum Meaning {
    /// A poker hand.
    Poker(PokerHand),
    /// A single king, queen or jack, blocking an attack.
    Block(Block),
    /// A single card of the trump suit.
    Trump(Trump),
}

/// When a meaning is played.
#[derive(Copy, Clone, Debug, Eq, PartialEq)]
pub enum Timing {
    /// In one's own turn, before its move or capture.
    BeforeMove,
    /// During an attack, once the dice are rolled (roll modifiers: either side).
    AfterRoll,
    /// During an attack on one's own piece (blocks, bodyguard).
    Defending,
}

impl Meaning {
    /// What it adds to one's roll, for the roll modifiers.
    pub fn roll_bonus(self) -> Option<u8> {
        match self {
            Meaning::Poker(PokerHand::TwoPair) => Some(1),
            Meaning::Poker(PokerHand::ThreeOfAKind) => Some(2),
            Meaning::Poker(PokerHand::FourOfAKind) => Some(3),
            _ => None,
        }
    }

    /// When it may be played.
    pub fn timing(self) -> Timing {
        match self {
            Meaning::Poker(PokerHand::Straight(_) | PokerHand::Flush(_)) => Timing::BeforeMove,
            Meaning::Poker(_) => Timing::AfterRoll,
            Meaning::Block(_) => Timing::Defending,
            Meaning::Trump(Trump::Bodyguard) => Timing::Defending,
            Meaning::Trump(_) => Timing::BeforeMove,
        }
    }

    /// A short machine name: `two-pair`, `straight-3`, `flush-5`, `block-king`, `sniper`.
    pub fn kind(self) -> String {
        match self {
            Meaning::Poker(PokerHand::TwoPair) => "two-pair".into(),
            Meaning::Poker(PokerHand::ThreeOfAKind) => "three-of-a-kind".into(),
            Meaning::Poker(PokerHand::FourOfAKind) => "four-of-a-kind".into(),
            Meaning::Poker(PokerHand::Straight(n)) => format!("straight-{n}"),
            Meaning::Poker(PokerHand::Flush(n)) => format!("flush-{n}"),
            Meaning::Block(b) => format!("block-{}", block_name(b)),
            Meaning::Trump(t) => t.name().replace(' ', "-"),
        }
    }

    /// Its name for players: `three of a kind`, `four-card straight`, `king block`, `sniper`.
    pub fn name(self) -> String {
        let cards = |n: u8| ["three", "four", "five"][usize::from(n.clamp(3, 5) - 3)];
        match self {
            Meaning::Poker(PokerHand::TwoPair) => "two pair".into(),
            Meaning::Poker(PokerHand::ThreeOfAKind) => "three of a kind".into(),
            Meaning::Poker(PokerHand::FourOfAKind) => "four of a kind".into(),
            Meaning::Poker(PokerHand::Straight(n)) => format!("{}-card straight", cards(n)),
            Meaning::Poker(PokerHand::Flush(n)) => format!("{}-card flush", cards(n)),
            Meaning::Block(b) => format!("{} block", block_name(b)),
            Meaning::Trump(t) => t.name().into(),
        }
    }

    /// What it does, in a line ("+2 to a roll").
    pub fn effect(self) -> String {
        match self {
            Meaning::Poker(PokerHand::Straight(3)) => "builds a first rook, knight or bishop".into(),
            Meaning::Poker(PokerHand::Straight(4) | PokerHand::Flush(4)) => "builds the queen".into(),
            Meaning::Poker(PokerHand::Straight(_)) => "builds every piece not yet built".into(),
            Meaning::Poker(PokerHand::Flush(3)) => "builds a second rook, knight or bishop".into(),
            Meaning::Poker(PokerHand::Flush(_)) => "removes an opposing piece, kings excepted".into(),
            Meaning::Poker(_) => format!("+{} to a roll", self.roll_bonus().unwrap_or(0)),
            Meaning::Block(Block::King) => "blocks an attack on the king".into(),
            Meaning::Block(Block::Queen) => "blocks an attack on a queen".into(),
            Meaning::Block(Block::Jack) => "blocks an attack on a rook, knight, bishop or pawn".into(),
            Meaning::Trump(t) => t.effect().into(),
        }
    }
}

fn block_name(block: Block) -> &'static str {
    match block {
        Block::King => "king",
        Block::Queen => "queen",
        Block::Jack => "jack",
    }
}

/// A group of cards from a hand and one thing it can do.
#[derive(Clone, Debug, Eq, PartialEq)]
pub struct Combination {
    /// The cards, in rank then suit order.
    pub cards: Vec<Card>,
    /// What they do together.
    pub meaning: Meaning,
}

/// Whether `cards` have consecutive ranks, all different, with the ace either below the two or
/// above the king (Q K A and A 2 3 are straights, K A 2 is not).
pub fn is_straight(cards: &[Card]) -> bool {
    let consecutive = |ace: u8| {
        let mut ranks: Vec<u8> = cards.iter().map(|c| if c.rank == 1 { ace } else { c.rank }).collect();
        ranks.sort_unstable();
        ranks.windows(2).all(|w| w[1] == w[0] + 1)
    };
    cards.len() >= 2 && (consecutive(1) || consecutive(14))
}

/// Whether `cards` are all of one suit.
pub fn is_flush(cards: &[Card]) -> bool {
    cards.windows(2).all(|w| w[0].suit == w[1].suit)
}

/// How many cards of each rank, largest group first: `[2, 2]` for two pair.
fn rank_groups(cards: &[Card]) -> Vec<usize> {
    let mut counts = [0usize; 14];
    cards.iter().for_each(|c| counts[usize::from(c.rank)] += 1);
    let mut groups: Vec<usize> = counts.into_iter().filter(|n| *n > 0).collect();
    groups.sort_unstable_by(|a, b| b.cmp(a));
    groups
}

/// Why a group that means nothing comes close to a hand of the seed but is none, if it does:
/// "two pair is exactly four cards".
pub fn near_miss(cards: &[Card]) -> Option<&'static str> {
    if cards.len() > 5 {
        return Some("no poker hand has more than five cards");
    }
    match rank_groups(cards).as_slice() {
        [2, 2, ..] => Some("two pair is exactly four cards"),
        [3, 2] => Some("a full house means nothing: three of a kind is exactly three cards"),
        [3, ..] => Some("three of a kind is exactly three cards"),
        [4, ..] => Some("four of a kind is exactly four cards"),
        [2, ..] => Some("a single pair means nothing: two pair is two cards of one rank and two of another"),
        _ => None,
    }
}

/// Every meaning of exactly this group of cards when `trump` is the trump suit: none for a
/// group that is no poker hand, block or trump.
pub fn meanings(cards: &[Card], trump: Suit) -> Vec<Meaning> {
    let mut out = Vec::new();
    let n = cards.len() as u8;
    match rank_groups(cards).as_slice() {
        [2, 2] => out.push(Meaning::Poker(PokerHand::TwoPair)),
        [3] => out.push(Meaning::Poker(PokerHand::ThreeOfAKind)),
        [4] => out.push(Meaning::Poker(PokerHand::FourOfAKind)),
        _ => {}
    }
    if (3..=5).contains(&n) && is_straight(cards) {
        out.push(Meaning::Poker(PokerHand::Straight(n)));
    }
    if (3..=5).contains(&n) && is_flush(cards) {
        out.push(Meaning::Poker(PokerHand::Flush(n)));
    }
    if let [card] = cards {
        match card.rank {
            11 => out.push(Meaning::Block(Block::Jack)),
            12 => out.push(Meaning::Block(Block::Queen)),
            13 => out.push(Meaning::Block(Block::King)),
            _ => {}
        }
        if card.suit == trump {
            out.push(Meaning::Trump(Trump::of_rank(card.rank)));
        }
    }
    out
}

/// Every group of cards in `hand` that means something, with each of its meanings: groups in
/// the order of the hand's subsets, the cards of each in rank then suit order.
pub fn combinations(hand: &[Card], trump: Suit) -> Vec<Combination> {
    let n = hand.len().min(16);
    let mut out = Vec::new();
    for mask in 1u32..(1 << n) {
        let mut cards: Vec<Card> = (0..n).filter(|i| mask & (1 << i) != 0).map(|i| hand[i]).collect();
        cards.sort_unstable();
        out.extend(meanings(&cards, trump).into_iter().map(|meaning| Combination { cards: cards.clone(), meaning }));
    }
    out.sort_by(|a, b| (a.cards.len(), &a.cards, a.meaning).cmp(&(b.cards.len(), &b.cards, b.meaning)));
    out
}

/// Cards written as the game writes them: `7H,7S,9C,9D`.
pub fn card_list(cards: &[Card]) -> String {
    cards.iter().map(Card::to_string).collect::<Vec<_>>().join(",")
}
