//! Chess960 start positions: by the standard number 0–959 and by the card procedure of seed
//! 001 ("Chess960", "Starting Position").

use crate::chess::Position;
use crate::pieces::Role;
use crate::random::{RandomSource, shuffle};
use serde::{Deserialize, Serialize};

/// Knight placements among five empty squares, in the order of the standard numbering.
const KNIGHT_PAIRS: [(usize, usize); 10] =
    [(0, 1), (0, 2), (0, 3), (0, 4), (1, 2), (1, 3), (1, 4), (2, 3), (2, 4), (3, 4)];

#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("{0}")]
pub struct Chess960Error(pub String);

fn empty_files(rank: &[Option<Role>; 8]) -> Vec<usize> {
    (0..8).filter(|&f| rank[f].is_none()).collect()
}

/// Fills the three files left empty with rook, king, rook (the king between the rooks).
fn finish(mut rank: [Option<Role>; 8]) -> [Role; 8] {
    for (file, role) in empty_files(&rank).into_iter().zip([Role::Rook, Role::King, Role::Rook]) {
        rank[file] = Some(role);
    }
    rank.map(|r| r.expect("every file filled"))
}

/// White's back rank (a-file first) of start position `number` (518 is the orthodox one).
pub fn back_rank(number: u16) -> Result<[Role; 8], Chess960Error> {
    if number > 959 {
        return Err(Chess960Error(format!("Chess960 positions are numbered 0 to 959, not {number}")));
    }
    let mut n = number as usize;
    let mut rank = [None; 8];
    rank[2 * (n % 4) + 1] = Some(Role::Bishop); // light squares b, d, f, h
    n /= 4;
    rank[2 * (n % 4)] = Some(Role::Bishop); // dark squares a, c, e, g
    n /= 4;
    let queen = empty_files(&rank)[n % 6];
    rank[queen] = Some(Role::Queen);
    n /= 6;
    let empties = empty_files(&rank);
    let (a, b) = KNIGHT_PAIRS[n];
    rank[empties[a]] = Some(Role::Knight);
    rank[empties[b]] = Some(Role::Knight);
    Ok(finish(rank))
}

/// The number of a legal Chess960 back rank, or `None` if it breaks Fischer's restrictions.
pub fn number_of(back: [Role; 8]) -> Option<u16> {
    (0..960).find(|&n| back_rank(n).ok() == Some(back))
}

pub fn position(number: u16) -> Result<Position, Chess960Error> {
    Ok(Position::from_back_rank(back_rank(number)?))
}

/// A card of the third pile, by what it places.
#[derive(Copy, Clone, Debug, Eq, PartialEq, Serialize, Deserialize, schemars::JsonSchema)]
pub enum PieceCard {
    /// An 8 (or a knight card): a knight.
    #[serde(rename = "8")]
    Knight,
    /// A queen.
    #[serde(rename = "Q")]
    Queen,
    /// A 10 (or a rook card): the three of them become rook, king, rook in that order.
    #[serde(rename = "10")]
    Rook,
}

/// The cards turned over: one from {A,3,5,7}, one from {2,4,6,8}, then all six of
/// {8,8,10,10,10,Q} in the order they came.
#[derive(Clone, Debug, Eq, PartialEq, Serialize, Deserialize, schemars::JsonSchema)]
pub struct Chess960Cards {
    /// 1 (ace), 3, 5 or 7: the file (a, c, e, g) of one bishop.
    pub odd: u8,
    /// 2, 4, 6 or 8: the file (b, d, f, h) of the other bishop.
    pub even: u8,
    pub pieces: [PieceCard; 6],
}

impl Chess960Cards {
    /// Reads "1 6 N R Q R N R" or "A 6 8 10 Q 10 8 10" (spaces or commas; 8/N, 10/R/T, Q).
    pub fn parse(text: &str) -> Result<Chess960Cards, Chess960Error> {
        let tokens: Vec<String> =
            text.split([' ', ',']).filter(|t| !t.is_empty()).map(|t| t.to_ascii_uppercase()).collect();
        if tokens.len() != 8 {
            return Err(Chess960Error(format!(
                "expected 8 cards (one from A,3,5,7, one from 2,4,6,8, then the six of 8,8,10,10,10,Q), got {}",
                tokens.len()
            )));
        }
        let pip = |t: &str| if t == "A" { Some(1) } else { t.parse::<u8>().ok() };
        let odd = pip(&tokens[0]).filter(|p| [1, 3, 5, 7].contains(p)).ok_or_else(|| {
            Chess960Error(format!("the first card must come from the pile A, 3, 5, 7; got {}", tokens[0]))
        })?;
        let even = pip(&tokens[1]).filter(|p| [2, 4, 6, 8].contains(p)).ok_or_else(|| {
            Chess960Error(format!("the second card must come from the pile 2, 4, 6, 8; got {}", tokens[1]))
        })?;
        let mut pieces = [PieceCard::Knight; 6];
        for (slot, t) in pieces.iter_mut().zip(&tokens[2..]) {
            *slot = match t.as_str() {
                "8" | "N" => PieceCard::Knight,
                "10" | "R" | "T" => PieceCard::Rook,
                "Q" => PieceCard::Queen,
                other => {
                    return Err(Chess960Error(format!(
                        "the third pile holds 8, 8, 10, 10, 10 and Q; {other} is not one of them"
                    )));
                }
            };
        }
        let count = |c| pieces.iter().filter(|p| **p == c).count();
        if count(PieceCard::Knight) != 2 || count(PieceCard::Rook) != 3 || count(PieceCard::Queen) != 1 {
            return Err(Chess960Error("the third pile is exactly 8, 8, 10, 10, 10 and Q, each card once".to_string()));
        }
        Ok(Chess960Cards { odd, even, pieces })
    }

    /// Shuffles the three piles and turns over the cards, as the seed describes.
    pub fn deal(rng: &mut dyn RandomSource) -> Chess960Cards {
        let mut odd = [1u8, 3, 5, 7];
        let mut even = [2u8, 4, 6, 8];
        let mut pieces =
            [PieceCard::Knight, PieceCard::Knight, PieceCard::Rook, PieceCard::Rook, PieceCard::Rook, PieceCard::Queen];
        shuffle(rng, &mut odd);
        shuffle(rng, &mut even);
        shuffle(rng, &mut pieces);
        Chess960Cards { odd: odd[0], even: even[0], pieces }
    }

    pub fn back_rank(&self) -> [Role; 8] {
        let mut rank = [None; 8];
        rank[self.odd as usize - 1] = Some(Role::Bishop);
        rank[self.even as usize - 1] = Some(Role::Bishop);
        let mut rooks = [Role::Rook, Role::King, Role::Rook].into_iter();
        for (file, card) in empty_files(&rank).into_iter().zip(self.pieces) {
            rank[file] = Some(match card {
                PieceCard::Knight => Role::Knight,
                PieceCard::Queen => Role::Queen,
                PieceCard::Rook => rooks.next().expect("three rook cards"),
            });
        }
        rank.map(|r| r.expect("eight cards fill eight files"))
    }

    pub fn describe(&self) -> String {
        let rank = |p: u8| if p == 1 { "A".to_string() } else { p.to_string() };
        let pieces: Vec<&str> = self
            .pieces
            .iter()
            .map(|p| match p {
                PieceCard::Knight => "8",
                PieceCard::Queen => "Q",
                PieceCard::Rook => "10",
            })
            .collect();
        format!("{} {} {}", rank(self.odd), rank(self.even), pieces.join(" "))
    }
}

pub fn back_rank_letters(back: [Role; 8]) -> String {
    back.iter().map(|r| r.letter()).collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn chess960_number_518_is_the_orthodox_position() {
        assert_eq!(back_rank_letters(back_rank(518).unwrap()), "RNBQKBNR");
        assert_eq!(back_rank_letters(back_rank(0).unwrap()), "BBQNNRKR");
        assert_eq!(back_rank_letters(back_rank(959).unwrap()), "RKRNNQBB");
        assert!(back_rank(960).is_err());
    }

    #[test]
    fn every_chess960_position_obeys_fischers_restrictions_and_they_are_all_different() {
        let mut seen = std::collections::HashSet::new();
        for n in 0..960 {
            let rank = back_rank(n).unwrap();
            let files = |role| (0..8).filter(move |&f| rank[f] == role);
            let bishops: Vec<usize> = files(Role::Bishop).collect();
            assert_ne!(bishops[0] % 2, bishops[1] % 2, "bishops on opposite colours in {n}");
            let rooks: Vec<usize> = files(Role::Rook).collect();
            let king = files(Role::King).next().unwrap();
            assert!(rooks[0] < king && king < rooks[1], "king between the rooks in {n}");
            assert!(seen.insert(rank));
            assert_eq!(number_of(rank), Some(n));
        }
    }

    /// Seed 001, "Chess960": cards 1 and 6, then N, R, Q, R, N, R.
    #[test]
    fn chess960_card_example_gives_bnrqkbnr() {
        let cards = Chess960Cards::parse("1 6 N R Q R N R").unwrap();
        assert_eq!(back_rank_letters(cards.back_rank()), "BNRQKBNR");
        let same = Chess960Cards::parse("A,6,8,10,Q,10,8,10").unwrap();
        assert_eq!(same, cards);
        assert_eq!(cards.describe(), "A 6 8 10 Q 10 8 10");
    }

    #[test]
    fn chess960_card_errors_name_the_pile() {
        assert!(Chess960Cards::parse("2 6 N R Q R N R").unwrap_err().0.contains("A, 3, 5, 7"));
        assert!(Chess960Cards::parse("1 5 N R Q R N R").unwrap_err().0.contains("2, 4, 6, 8"));
        assert!(Chess960Cards::parse("1 6 N N Q R N R").unwrap_err().0.contains("exactly"));
        assert!(Chess960Cards::parse("1 6 N R Q R N").unwrap_err().0.contains("expected 8"));
        assert!(Chess960Cards::parse("1 6 N R K R N R").unwrap_err().0.contains("K is not"));
    }

    #[test]
    fn dealt_cards_always_give_a_legal_start_position() {
        use crate::random::{EventRng, GameKey};
        let key = GameKey::derive(b"chess960 deal test", &[]);
        for seq in 0..200 {
            let cards = Chess960Cards::deal(&mut EventRng::new(key, seq));
            assert!(number_of(cards.back_rank()).is_some(), "{}", cards.describe());
        }
    }
}
