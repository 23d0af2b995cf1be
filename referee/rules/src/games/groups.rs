//! Connected groups of pieces: the goal of the two solitaires of seed 000 (Parade and Neighbour
//! Chess Solitaire), "get from any piece to any other piece on the board only stepping on
//! neighbouring pieces".

use crate::geometry::{Bitboard, Square};
use serde::{Deserialize, Serialize};

const NOT_FILE_A: u64 = !0x0101_0101_0101_0101;
const NOT_FILE_H: u64 = !0x8080_8080_8080_8080;

/// Which squares count as neighbours when pieces form a group.
#[derive(Copy, Clone, Debug, Eq, PartialEq, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(rename_all = "kebab-case")]
pub enum Touch {
    /// The four squares beside a square: diagonal neighbours do not count (Parade).
    Sides,
    /// All eight squares around a square, corners included.
    SidesAndCorners,
}

/// The squares next to `squares` (beside them, and at their corners with
/// [`Touch::SidesAndCorners`]), without `squares` themselves.
pub fn around(squares: Bitboard, touch: Touch) -> Bitboard {
    let b = squares.0;
    let (east, west) = ((b << 1) & NOT_FILE_A, (b >> 1) & NOT_FILE_H);
    let mut out = east | west | (b << 8) | (b >> 8);
    if touch == Touch::SidesAndCorners {
        out |= (east << 8) | (east >> 8) | (west << 8) | (west >> 8);
    }
    Bitboard(out & !b)
}

/// The group of `occupied` that `start` belongs to.
pub fn group_of(start: Square, occupied: Bitboard, touch: Touch) -> Bitboard {
    let mut group = Bitboard::from_square(start) & occupied;
    loop {
        let grown = group | (around(group, touch) & occupied);
        if grown == group {
            return group;
        }
        group = grown;
    }
}

/// The groups `occupied` falls into, the one with the lowest square first.
pub fn groups(occupied: Bitboard, touch: Touch) -> Vec<Bitboard> {
    Groups { left: occupied, touch }.collect()
}

/// The groups of a set of squares, one after another, the one with the lowest square first.
pub struct Groups {
    /// The squares not in a group yet.
    pub left: Bitboard,
    /// Which squares are neighbours.
    pub touch: Touch,
}

impl Iterator for Groups {
    type Item = Bitboard;

    fn next(&mut self) -> Option<Bitboard> {
        let group = group_of(self.left.first()?, self.left, self.touch);
        self.left &= !group;
        Some(group)
    }
}

/// Whether the pieces on `occupied` form one group: at least two pieces, every one reachable
/// from every other by stepping on neighbouring pieces.
pub fn is_one_group(occupied: Bitboard, touch: Touch) -> bool {
    occupied.has_more_than_one() && occupied.first().is_some_and(|s| group_of(s, occupied, touch) == occupied)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn squares(text: &str) -> Bitboard {
        text.split_whitespace().map(|s| s.parse::<Square>().unwrap()).collect()
    }

    #[test]
    fn pieces_at_the_corners_form_a_group_only_when_corners_count() {
        let pieces = squares("c1 d2 e2");
        assert_eq!(groups(pieces, Touch::Sides), vec![squares("c1"), squares("d2 e2")]);
        assert!(!is_one_group(pieces, Touch::Sides));
        assert!(is_one_group(pieces, Touch::SidesAndCorners));
    }

    #[test]
    fn neighbours_do_not_wrap_round_the_edges_of_the_board() {
        assert_eq!(around(squares("h1"), Touch::Sides), squares("g1 h2"));
        assert_eq!(around(squares("a8"), Touch::SidesAndCorners), squares("b8 a7 b7"));
        assert!(!is_one_group(squares("h1 a2"), Touch::SidesAndCorners));
    }

    #[test]
    fn a_single_piece_is_not_a_group() {
        assert!(!is_one_group(squares("e4"), Touch::Sides));
        assert!(!is_one_group(Bitboard::EMPTY, Touch::Sides));
    }
}
