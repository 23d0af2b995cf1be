//! Orthodox chess on the 8×8 board, Chess960 castling included: the shared core that the
//! variants build on. Bitboards, legal move generation, FEN, UCI/SAN and explanations.

pub mod attacks;
mod board;
pub mod boost;
pub mod crowded;
pub(crate) mod explain;
mod fen;
pub mod mirror;
mod notation;
mod position;
mod zobrist;

pub use board::Board;
pub use explain::{MoveError, attempt_in_words, describe, uci_attempt_in_words, why_illegal};
pub use fen::{CastlingNotation, FenError, FenFields, STANDARD_FEN, parse_board};
pub(crate) use notation::San;
pub use notation::{
    CastlingMode, find_move, long_algebraic, parse_move, parse_san, parse_squares, parse_uci, parse_uci_form, san, uci,
};
pub use position::{Move, MoveList, MoveSet, Position, castling_destinations, castling_squares, perft_with};
