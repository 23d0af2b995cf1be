//! Board geometry.
//!
//! Two layers, on purpose:
//! - [`Square`] and [`Bitboard`]: the fast 8×8 representation that orthodox chess and every
//!   variant played on an ordinary board (Adrenaline, Booster, Half Alice, Zombie, ...) use.
//! - [`grid`]: a general [`grid::Geometry`] of cells joined by directions, with piece movement
//!   written once over it, for boards that are not 8×8 (Chess Battle's N×N, Whack's movable
//!   wedge sections). [`stacks`] holds things piled on a square (checkers under a piece,
//!   zombie coins, pyramid stacks) for either layer.

mod bitboard;
pub mod grid;
mod square;
pub mod stacks;

pub use bitboard::Bitboard;
pub use square::{ParseSquareError, Square};
