use serde::{Deserialize, Deserializer, Serialize, Serializer};
use std::fmt;
use std::str::FromStr;

/// A square of the 8×8 board: a1 = 0, b1 = 1, ..., h1 = 7, a2 = 8, ..., h8 = 63.
#[derive(Copy, Clone, Eq, PartialEq, Hash, Ord, PartialOrd)]
pub struct Square(u8);

impl Square {
    #[inline]
    pub const fn new(index: u8) -> Square {
        debug_assert!(index < 64);
        Square(index)
    }

    /// `file` and `rank` are 0-based (file 0 = a, rank 0 = 1).
    #[inline]
    pub const fn from_coords(file: u8, rank: u8) -> Square {
        debug_assert!(file < 8 && rank < 8);
        Square(rank * 8 + file)
    }

    #[inline]
    pub const fn index(self) -> usize {
        self.0 as usize
    }

    #[inline]
    pub const fn file(self) -> u8 {
        self.0 & 7
    }

    #[inline]
    pub const fn rank(self) -> u8 {
        self.0 >> 3
    }

    /// Offset by whole files and ranks, or `None` when that leaves the board.
    #[inline]
    pub const fn offset(self, files: i8, ranks: i8) -> Option<Square> {
        let f = self.file() as i8 + files;
        let r = self.rank() as i8 + ranks;
        if f >= 0 && f < 8 && r >= 0 && r < 8 { Some(Square::from_coords(f as u8, r as u8)) } else { None }
    }

    /// The same file on the other side's half (a1 <-> a8).
    #[inline]
    pub const fn flip_rank(self) -> Square {
        Square(self.0 ^ 56)
    }

    /// True for dark squares (a1 is dark).
    #[inline]
    pub const fn is_dark(self) -> bool {
        (self.file() + self.rank()).is_multiple_of(2)
    }

    pub fn all() -> impl Iterator<Item = Square> {
        (0..64).map(Square)
    }

    pub fn file_char(self) -> char {
        (b'a' + self.file()) as char
    }

    pub fn rank_char(self) -> char {
        (b'1' + self.rank()) as char
    }
}

#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("\"{0}\" is not a square: expected a file a-h and a rank 1-8, like e4")]
pub struct ParseSquareError(pub String);

impl FromStr for Square {
    type Err = ParseSquareError;
    fn from_str(s: &str) -> Result<Square, ParseSquareError> {
        let b = s.as_bytes();
        if b.len() == 2 && (b'a'..=b'h').contains(&b[0]) && (b'1'..=b'8').contains(&b[1]) {
            Ok(Square::from_coords(b[0] - b'a', b[1] - b'1'))
        } else {
            Err(ParseSquareError(s.to_string()))
        }
    }
}

impl fmt::Display for Square {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{}", self.file_char(), self.rank_char())
    }
}

impl fmt::Debug for Square {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Display::fmt(self, f)
    }
}

impl Serialize for Square {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.collect_str(self)
    }
}

/// A square is written as its name: `e4`.
impl schemars::JsonSchema for Square {
    fn schema_name() -> std::borrow::Cow<'static, str> {
        "Square".into()
    }

    fn json_schema(_: &mut schemars::SchemaGenerator) -> schemars::Schema {
        schemars::json_schema!({"type": "string", "pattern": "^[a-h][1-8]$", "description": "A square: e4"})
    }
}

impl<'de> Deserialize<'de> for Square {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Square, D::Error> {
        let s = String::deserialize(d)?;
        s.parse().map_err(serde::de::Error::custom)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn squares_are_named_like_the_board() {
        assert_eq!(Square::from_coords(0, 0).to_string(), "a1");
        assert_eq!(Square::from_coords(7, 7).to_string(), "h8");
        assert_eq!("e4".parse::<Square>().unwrap().index(), 28);
        assert!("i1".parse::<Square>().is_err());
        assert!("a9".parse::<Square>().is_err());
        assert!(Square::from_coords(0, 0).is_dark());
        assert!(!Square::from_coords(7, 0).is_dark());
    }
}
