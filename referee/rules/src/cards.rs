//! Playing cards and the chess decks of Appendix A (`shared/appendix-a.md`): which card stands
//! for which piece, the named decks the games use, a draw pile with its discard pile, and the
//! gap layout that places pieces on the board from drawn cards.

use crate::geometry::{Bitboard, Square};
use crate::pieces::{Color, Piece, Role};
use crate::random::{RandomSource, shuffle};
use serde::{Deserialize, Deserializer, Serialize, Serializer};
use std::fmt;
use std::str::FromStr;

#[derive(Copy, Clone, Debug, Eq, PartialEq, Hash, Ord, PartialOrd)]
pub enum Suit {
    Clubs,
    Diamonds,
    Hearts,
    Spades,
}

impl Suit {
    /// The order of a fresh deck, and of every named deck before shuffling.
    pub const ALL: [Suit; 4] = [Suit::Clubs, Suit::Diamonds, Suit::Hearts, Suit::Spades];

    pub fn letter(self) -> char {
        match self {
            Suit::Clubs => 'C',
            Suit::Diamonds => 'D',
            Suit::Hearts => 'H',
            Suit::Spades => 'S',
        }
    }

    pub fn is_red(self) -> bool {
        matches!(self, Suit::Diamonds | Suit::Hearts)
    }

    /// Red cards stand for White's pieces, black cards for Black's.
    pub fn piece_color(self) -> Color {
        if self.is_red() { Color::White } else { Color::Black }
    }
}

/// A playing card. `rank` is 1 (ace) to 13 (king). Written `AS`, `10H`, `QD`, `8C`.
#[derive(Copy, Clone, Debug, Eq, PartialEq, Hash, Ord, PartialOrd)]
pub struct Card {
    pub rank: u8,
    pub suit: Suit,
}

/// What a card means in the chess decks of Appendix A.
#[derive(Copy, Clone, Debug, Eq, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum CardMeaning {
    Piece(Piece),
    /// 6s and 7s: a checker of that colour (Booster Chess uses the sixes).
    Checker(Color),
}

impl Card {
    pub const fn new(rank: u8, suit: Suit) -> Card {
        Card { rank, suit }
    }

    pub fn rank_text(self) -> &'static str {
        ["A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K"][self.rank as usize - 1]
    }

    /// The piece or checker this card stands for; aces and jacks stand for nothing.
    pub fn meaning(self) -> Option<CardMeaning> {
        let color = self.suit.piece_color();
        let role = match self.rank {
            2..=5 => Role::Pawn,
            6 | 7 => return Some(CardMeaning::Checker(color)),
            8 => Role::Knight,
            9 => Role::Bishop,
            10 => Role::Rook,
            12 if matches!(self.suit, Suit::Hearts | Suit::Spades) => Role::Queen,
            13 if matches!(self.suit, Suit::Hearts | Suit::Spades) => Role::King,
            _ => return None,
        };
        Some(CardMeaning::Piece(Piece::new(color, role)))
    }

    pub fn piece(self) -> Option<Piece> {
        match self.meaning()? {
            CardMeaning::Piece(p) => Some(p),
            CardMeaning::Checker(_) => None,
        }
    }

    /// A fresh 52-card deck: clubs, diamonds, hearts, spades; ace to king within each suit.
    pub fn standard_deck() -> Vec<Card> {
        Suit::ALL.iter().flat_map(|&s| (1..=13).map(move |r| Card::new(r, s))).collect()
    }
}

impl fmt::Display for Card {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{}", self.rank_text(), self.suit.letter())
    }
}

#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("\"{0}\" is not a card: write a rank (A, 2-10, J, Q, K) and a suit (C, D, H, S), like 10H or QS")]
pub struct ParseCardError(pub String);

impl FromStr for Card {
    type Err = ParseCardError;
    fn from_str(s: &str) -> Result<Card, ParseCardError> {
        let t = s.trim().to_ascii_uppercase();
        let bad = || ParseCardError(s.to_string());
        let suit_char = t.chars().last().ok_or_else(bad)?;
        let suit = Suit::ALL.into_iter().find(|su| su.letter() == suit_char).ok_or_else(bad)?;
        let rank = match &t[..t.len() - 1] {
            "A" | "1" => 1,
            "J" => 11,
            "Q" => 12,
            "K" => 13,
            "T" => 10,
            n => n.parse::<u8>().ok().filter(|r| (2..=10).contains(r)).ok_or_else(bad)?,
        };
        Ok(Card::new(rank, suit))
    }
}

impl Serialize for Card {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.collect_str(self)
    }
}

/// A card is written as Appendix A writes it: rank then suit (`10H`, `QS`), or a joker.
impl schemars::JsonSchema for Card {
    fn schema_name() -> std::borrow::Cow<'static, str> {
        "Card".into()
    }

    fn json_schema(_: &mut schemars::SchemaGenerator) -> schemars::Schema {
        schemars::json_schema!({"type": "string", "description": "A card: rank then suit, like 10H or QS"})
    }
}

impl<'de> Deserialize<'de> for Card {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Card, D::Error> {
        String::deserialize(d)?.parse().map_err(serde::de::Error::custom)
    }
}

/// How many empty squares to leave before placing a piece when laying out from cards
/// (Appendix A). Pawns are not used in layouts.
pub fn layout_gap(role: Role) -> Option<u8> {
    match role {
        Role::Knight => Some(1),
        Role::Bishop => Some(2),
        Role::Rook => Some(3),
        Role::Queen => Some(5),
        Role::King => Some(6),
        Role::Pawn => None,
    }
}

/// The decks the games use, by id. Each starts in [`Card::standard_deck`] order, filtered.
#[derive(Copy, Clone, Debug, Eq, PartialEq, Serialize, Deserialize, schemars::JsonSchema)]
pub enum NamedDeck {
    /// All 52 cards.
    #[serde(rename = "standard-52")]
    Standard52,
    /// One card per piece of a chess set, pawns included (Cooperative Chess).
    #[serde(rename = "pieces-32")]
    Pieces32,
    /// One card per piece without the pawns (Chess Golf, Parade and Neighbour solitaire).
    #[serde(rename = "pieces-16")]
    Pieces16,
    /// Gravity Chess: the 16 pieces and four pawns a side, the 2s and 3s.
    #[serde(rename = "gravity-24")]
    Gravity24,
    /// Booster Chess: the 32 piece cards and the four sixes as checker cards.
    #[serde(rename = "booster-36")]
    Booster36,
}

impl NamedDeck {
    pub const ALL: [NamedDeck; 5] =
        [NamedDeck::Standard52, NamedDeck::Pieces32, NamedDeck::Pieces16, NamedDeck::Gravity24, NamedDeck::Booster36];

    pub fn id(self) -> &'static str {
        match self {
            NamedDeck::Standard52 => "standard-52",
            NamedDeck::Pieces32 => "pieces-32",
            NamedDeck::Pieces16 => "pieces-16",
            NamedDeck::Gravity24 => "gravity-24",
            NamedDeck::Booster36 => "booster-36",
        }
    }

    pub fn from_id(id: &str) -> Option<NamedDeck> {
        NamedDeck::ALL.into_iter().find(|d| d.id() == id)
    }

    /// Which cards the deck holds, in words.
    pub fn in_words(self) -> &'static str {
        match self {
            NamedDeck::Standard52 => "a standard deck",
            NamedDeck::Pieces32 => {
                "Appendix A's piece cards: 2 to 5, 8, 9 and 10 of each suit, the queen and king of hearts and of spades"
            }
            NamedDeck::Pieces16 => {
                "Appendix A's piece cards without the pawns: 8, 9 and 10 of each suit, the queen and king of hearts and of spades"
            }
            NamedDeck::Gravity24 => {
                "Appendix A's piece cards with two pawns a colour: 2, 3, 8, 9 and 10 of each suit, the queen and king of hearts and of spades"
            }
            NamedDeck::Booster36 => "Appendix A's piece cards and the four sixes",
        }
    }

    pub fn cards(self) -> Vec<Card> {
        let keep = |c: &Card| match (self, c.meaning()) {
            (NamedDeck::Standard52, _) => true,
            (_, None) => false,
            (NamedDeck::Booster36, Some(CardMeaning::Checker(_))) => c.rank == 6,
            (_, Some(CardMeaning::Checker(_))) => false,
            (NamedDeck::Pieces16, Some(CardMeaning::Piece(p))) => p.role != Role::Pawn,
            (NamedDeck::Gravity24, Some(CardMeaning::Piece(p))) => p.role != Role::Pawn || c.rank <= 3,
            (NamedDeck::Pieces32 | NamedDeck::Booster36, Some(CardMeaning::Piece(_))) => true,
        };
        Card::standard_deck().into_iter().filter(keep).collect()
    }
}

/// Refuses cards no game of `deck` holds, for positions read from text: a card outside the
/// deck, or one written twice (every card is in one place only).
pub fn check_cards(cards: &[Card], deck: NamedDeck) -> Result<(), String> {
    let known = deck.cards();
    if let Some(card) = cards.iter().find(|c| !known.contains(c)) {
        return Err(format!("{card} is not one of the game's {} cards ({})", known.len(), deck.in_words()));
    }
    let mut sorted = cards.to_vec();
    sorted.sort_unstable();
    match sorted.windows(2).find(|w| w[0] == w[1]) {
        Some(w) => Err(format!("{} is written twice: each card is in one place only", w[0])),
        None => Ok(()),
    }
}

/// A face-down draw pile (top first) and a face-up discard pile (top last).
#[derive(Clone, Debug, Default, Eq, PartialEq, Serialize, Deserialize)]
pub struct Pile {
    pub draw: Vec<Card>,
    pub discard: Vec<Card>,
}

impl Pile {
    /// A shuffled draw pile of `cards`.
    pub fn shuffled(mut cards: Vec<Card>, rng: &mut dyn RandomSource) -> Pile {
        shuffle(rng, &mut cards);
        Pile { draw: cards, discard: Vec::new() }
    }

    /// Takes the top card, first shuffling the discard pile into a new draw pile if the draw
    /// pile is empty. `None` when both are empty.
    pub fn draw(&mut self, rng: &mut dyn RandomSource) -> Option<Card> {
        if self.draw.is_empty() {
            self.reshuffle_discard(rng);
        }
        (!self.draw.is_empty()).then(|| self.draw.remove(0))
    }

    /// Shuffles the discard pile under the draw pile.
    pub fn reshuffle_discard(&mut self, rng: &mut dyn RandomSource) {
        let mut discard = std::mem::take(&mut self.discard);
        shuffle(rng, &mut discard);
        self.draw.extend(discard);
    }
}

/// The square a piece lands on when laid out with `gap`: from `cursor`, skip `gap` empty
/// squares, then take the next empty one. Squares run a1..h1, a2..h2, ..., h8 and wrap to a1;
/// occupied squares are passed over without counting. `None` if the board is full.
pub fn layout_square(occupied: Bitboard, cursor: Square, gap: u8) -> Option<Square> {
    let empties: Vec<Square> =
        (0..64).map(|i| Square::new(((cursor.index() + i) % 64) as u8)).filter(|sq| !occupied.contains(*sq)).collect();
    // Counting keeps going round the board when fewer empty squares are left than the gap.
    (!empties.is_empty()).then(|| empties[gap as usize % empties.len()])
}

/// Lays out the pieces of `cards` in order from a1, as Chess Golf and Parade Chess Solitaire
/// set up. Cards that stand for no piece, or for a pawn, are skipped.
pub fn lay_out(cards: &[Card]) -> Vec<(Square, Piece)> {
    let mut occupied = Bitboard::EMPTY;
    let mut cursor = Square::new(0);
    let mut placed = Vec::new();
    for piece in cards.iter().filter_map(|c| c.piece()) {
        let Some(gap) = layout_gap(piece.role) else { continue };
        let Some(sq) = layout_square(occupied, cursor, gap) else { break };
        occupied = occupied.with(sq);
        placed.push((sq, piece));
        cursor = Square::new(((sq.index() + 1) % 64) as u8);
    }
    placed
}

#[cfg(test)]
mod tests {
    use super::*;

    fn cards(text: &str) -> Vec<Card> {
        text.split_whitespace().map(|c| c.parse().unwrap()).collect()
    }

    #[test]
    fn appendix_a_maps_cards_to_pieces() {
        let white = |r| Some(CardMeaning::Piece(Piece::new(Color::White, r)));
        let black = |r| Some(CardMeaning::Piece(Piece::new(Color::Black, r)));
        assert_eq!("2H".parse::<Card>().unwrap().meaning(), white(Role::Pawn));
        assert_eq!("5C".parse::<Card>().unwrap().meaning(), black(Role::Pawn));
        assert_eq!("8D".parse::<Card>().unwrap().meaning(), white(Role::Knight));
        assert_eq!("9S".parse::<Card>().unwrap().meaning(), black(Role::Bishop));
        assert_eq!("10H".parse::<Card>().unwrap().meaning(), white(Role::Rook));
        assert_eq!("QH".parse::<Card>().unwrap().meaning(), white(Role::Queen));
        assert_eq!("KS".parse::<Card>().unwrap().meaning(), black(Role::King));
        assert_eq!("QD".parse::<Card>().unwrap().meaning(), None);
        assert_eq!("AS".parse::<Card>().unwrap().meaning(), None);
        assert_eq!("JH".parse::<Card>().unwrap().meaning(), None);
        assert_eq!("7C".parse::<Card>().unwrap().meaning(), Some(CardMeaning::Checker(Color::Black)));
        assert!("11H".parse::<Card>().is_err());
        assert!("QX".parse::<Card>().is_err());
    }

    #[test]
    fn named_decks_have_the_sizes_the_seeds_give() {
        assert_eq!(NamedDeck::Standard52.cards().len(), 52);
        assert_eq!(NamedDeck::Pieces32.cards().len(), 32);
        assert_eq!(NamedDeck::Pieces16.cards().len(), 16);
        assert_eq!(NamedDeck::Gravity24.cards().len(), 24);
        assert_eq!(NamedDeck::Booster36.cards().len(), 36);
        for deck in NamedDeck::ALL {
            assert_eq!(NamedDeck::from_id(deck.id()), Some(deck));
        }
        // Gravity: 12 a colour.
        let red = NamedDeck::Gravity24.cards().iter().filter(|c| c.suit.is_red()).count();
        assert_eq!(red, 12);
        // Booster: four checker cards, the sixes.
        let checkers: Vec<Card> = NamedDeck::Booster36
            .cards()
            .into_iter()
            .filter(|c| matches!(c.meaning(), Some(CardMeaning::Checker(_))))
            .collect();
        assert_eq!(checkers, cards("6C 6D 6H 6S"));
    }

    /// The worked example of Parade Chess Solitaire (seed 000, "Setup"; restated in Appendix A).
    #[test]
    fn layout_follows_the_parade_solitaire_example() {
        let drawn = cards("9H 10H KS 10S 8C 8D 10C 9S");
        let squares: Vec<String> = lay_out(&drawn).iter().map(|(sq, _)| sq.to_string()).collect();
        assert_eq!(squares, ["c1", "g1", "f2", "b3", "d3", "f3", "b4", "e4"]);
    }

    #[test]
    fn a_full_piece_deck_always_fits_from_a1() {
        // Gaps plus pieces of all 16 come to 62 squares, so every order fits without wrapping.
        let placed = lay_out(&NamedDeck::Pieces16.cards());
        assert_eq!(placed.len(), 16);
    }

    #[test]
    fn layout_wraps_past_h8_and_passes_over_occupied_squares() {
        let occupied: Bitboard = ["h8", "a1"].iter().map(|s| s.parse::<Square>().unwrap()).collect();
        let g8 = "g8".parse().unwrap();
        assert_eq!(layout_square(occupied, g8, 1), Some("b1".parse().unwrap()));
        assert_eq!(layout_square(Bitboard::FULL, g8, 1), None);
    }

    #[test]
    fn the_discard_pile_is_reshuffled_when_the_draw_pile_runs_out() {
        struct First;
        impl RandomSource for First {
            fn below(&mut self, _n: u32) -> u32 {
                0
            }
        }
        let mut pile = Pile { draw: cards("AS"), discard: cards("2S 3S") };
        assert_eq!(pile.draw(&mut First), Some("AS".parse().unwrap()));
        assert!(pile.draw(&mut First).is_some());
        assert!(pile.draw(&mut First).is_some());
        assert_eq!(pile.draw(&mut First), None);
    }
}
