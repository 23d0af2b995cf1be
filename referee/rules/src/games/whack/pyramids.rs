//! Pieces made of pyramids (seed, "Pieces"): a piece is the whole stack on a cell, and its
//! total of pips says what it is (1 pawn, 2 knight, 3 bishop, 4 rook, 5 king, 6 queen). No
//! stack exceeds 6 pips, and no pyramid sits on a smaller one. Written as the piece's letter
//! (upper case Fire, lower case Ice), with the pyramids bottom first in brackets where they
//! are not the starting stack: `K` is 3+1+1, `K(221)` a king made of a rook and a pawn.

use crate::geometry::grid::Cell;
use crate::geometry::stacks::Stacks;
use crate::pieces::{Color, Role};
use serde::{Deserialize, Serialize};

/// The most pips a stack may hold.
pub const MAX_PIPS: u8 = 6;

/// One pyramid: whose it is and its size in pips (1 small, 2 medium, 3 large).
#[derive(Copy, Clone, Debug, Eq, PartialEq, Hash, Serialize, Deserialize)]
pub struct Pyramid {
    /// Fire (White) or Ice (Black).
    pub side: Color,
    /// 1, 2 or 3.
    pub pips: u8,
}

/// Every pyramid on the board, by cell, bottom first.
pub type Pyramids = Stacks<Cell, Pyramid>;

/// A piece: what a stack amounts to.
#[derive(Copy, Clone, Debug, Eq, PartialEq, Hash)]
pub struct Piece {
    /// Whose.
    pub side: Color,
    /// Its total of pips: what it is.
    pub pips: u8,
    /// Its bottom (largest) pyramid.
    pub largest: u8,
    /// Its top (smallest) pyramid.
    pub smallest: u8,
}

impl Piece {
    /// The piece a stack (bottom first, one side) amounts to.
    pub fn of(stack: &[Pyramid]) -> Option<Piece> {
        let side = stack.first()?.side;
        Some(Piece {
            side,
            pips: stack.iter().map(|p| p.pips).sum(),
            largest: stack.iter().map(|p| p.pips).max()?,
            smallest: stack.iter().map(|p| p.pips).min()?,
        })
    }

    /// What it moves as.
    pub fn role(self) -> Role {
        role_of(self.pips)
    }

    /// Whether it is a king (five pips).
    pub fn is_king(self) -> bool {
        self.pips == 5
    }
}

/// The piece on each of the first `cells` cells.
pub fn pieces(pyramids: &Pyramids, cells: usize) -> Vec<Option<Piece>> {
    (0..cells as Cell).map(|c| Piece::of(pyramids.at(c))).collect()
}

/// The piece a total of pips makes.
pub fn role_of(pips: u8) -> Role {
    match pips {
        1 => Role::Pawn,
        2 => Role::Knight,
        3 => Role::Bishop,
        4 => Role::Rook,
        5 => Role::King,
        _ => Role::Queen,
    }
}

/// Why a piece may not stack onto another of its side.
#[derive(Copy, Clone, Debug, Eq, PartialEq)]
pub enum StackRefusal {
    /// The piece moving is worth more than the one it would land on.
    Smaller,
    /// A pyramid would sit on a smaller one.
    Nesting,
    /// The stack would exceed six pips.
    TooTall,
}

impl StackRefusal {
    /// The refusal in players' words.
    pub fn sentence(self) -> &'static str {
        match self {
            StackRefusal::Smaller => "a piece may only stack onto a same-sized or larger piece of its side",
            StackRefusal::Nesting => "no pyramid may sit on a smaller one",
            StackRefusal::TooTall => "no stack may exceed 6 points",
        }
    }
}

/// Whether `mover` may move onto `target` of its side, stacking (seed, "Play": "Pieces may
/// combine by moving onto a same-sized or larger piece of the same side"; "Pieces": no
/// nesting, at most six).
pub fn may_stack(mover: Piece, target: Piece) -> Result<(), StackRefusal> {
    if mover.pips > target.pips {
        Err(StackRefusal::Smaller)
    } else if mover.largest > target.smallest {
        Err(StackRefusal::Nesting)
    } else if mover.pips + target.pips > MAX_PIPS {
        Err(StackRefusal::TooTall)
    } else {
        Ok(())
    }
}

/// The stack each piece starts as (seed, "Setup"): pawn 1, knight 2, bishop 3, rook 2+2,
/// king 3+1+1, queen 2+2+2.
pub fn starting_stack(role: Role) -> &'static [u8] {
    match role {
        Role::Pawn => &[1],
        Role::Knight => &[2],
        Role::Bishop => &[3],
        Role::Rook => &[2, 2],
        Role::King => &[3, 1, 1],
        Role::Queen => &[2, 2, 2],
    }
}

/// A stack written as its piece's letter, with its pyramids in brackets unless it is the
/// starting stack: `K`, `n(11)`.
pub fn write_stack(stack: &[Pyramid]) -> String {
    let Some(piece) = Piece::of(stack) else { return ".".into() };
    let letter = crate::pieces::Piece::new(piece.side, piece.role()).fen_char();
    let sizes: Vec<u8> = stack.iter().map(|p| p.pips).collect();
    if sizes == starting_stack(piece.role()) {
        letter.to_string()
    } else {
        format!("{letter}({})", sizes.iter().map(u8::to_string).collect::<String>())
    }
}

/// Reads one stack at the start of `text` (`K`, `n(11)`): the pyramids bottom first and how
/// many characters it took.
pub fn read_stack(text: &str) -> Result<(Vec<Pyramid>, usize), String> {
    let letter = text.chars().next().ok_or("a stack is missing")?;
    let piece = crate::pieces::Piece::from_fen_char(letter).ok_or_else(|| format!("{letter} is not a piece letter"))?;
    let side = piece.color;
    let (sizes, used): (Vec<u8>, usize) = match text[1..].strip_prefix('(') {
        Some(rest) => {
            let close = rest.find(')').ok_or("a ( without its )")?;
            let digits = &rest[..close];
            let sizes = digits.chars().map(|c| c.to_digit(10).map(|d| d as u8)).collect::<Option<Vec<u8>>>();
            (sizes.ok_or_else(|| format!("({digits}) is not a list of pyramid sizes"))?, close + 3)
        }
        None => (starting_stack(piece.role).to_vec(), 1),
    };
    let fits = sizes.iter().all(|s| (1..=3).contains(s)) && sizes.windows(2).all(|w| w[0] >= w[1]);
    // Sizes of 1 to 3, at most six of them: the total is checked without overflowing.
    let fits = fits && (1..=usize::from(MAX_PIPS)).contains(&sizes.len());
    let total: u8 = if fits { sizes.iter().sum() } else { 0 };
    if !fits || total > MAX_PIPS || role_of(total) != piece.role {
        return Err(format!("{} is not a stack of a {}", &text[..used], piece.role));
    }
    Ok((sizes.into_iter().map(|pips| Pyramid { side, pips }).collect(), used))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn piece(side: Color, sizes: &[u8]) -> Piece {
        let stack: Vec<Pyramid> = sizes.iter().map(|&pips| Pyramid { side, pips }).collect();
        Piece::of(&stack).unwrap()
    }

    #[test]
    fn the_starting_stacks_are_the_pieces_their_pips_say() {
        for role in Role::ALL {
            assert_eq!(role_of(starting_stack(role).iter().sum()), role);
        }
    }

    #[test]
    fn stacks_are_written_by_letter_and_read_back() {
        for text in ["K", "k", "N(11)", "q(33)", "K(221)", "P"] {
            let (stack, used) = read_stack(text).unwrap();
            assert_eq!(used, text.len());
            assert_eq!(write_stack(&stack), text);
        }
        assert!(read_stack("K(113)").is_err(), "a large pyramid on small ones");
        assert!(read_stack("R(3)").is_err(), "three pips are a bishop");
    }

    #[test]
    fn a_piece_stacks_onto_a_same_sized_or_larger_one_without_nesting_up_to_six() {
        let w = Color::White;
        assert_eq!(may_stack(piece(w, &[1]), piece(w, &[1])), Ok(()), "pawn on pawn: a knight");
        assert_eq!(may_stack(piece(w, &[2]), piece(w, &[3])), Ok(()), "knight on bishop: a king");
        assert_eq!(may_stack(piece(w, &[3]), piece(w, &[2])), Err(StackRefusal::Smaller));
        assert_eq!(may_stack(piece(w, &[2]), piece(w, &[1, 1])), Err(StackRefusal::Nesting));
        assert_eq!(may_stack(piece(w, &[2, 2]), piece(w, &[3, 1, 1])), Err(StackRefusal::Nesting));
        assert_eq!(may_stack(piece(w, &[2, 2]), piece(w, &[2, 2])), Err(StackRefusal::TooTall));
    }
}
