//! Orthodox chess on the 8×8 board, Chess960 castling included: the shared core that the
//! variants build on. Bitboards, legal move generation, FEN, UCI/SAN and explanations.

pub mod attacks;
mod board;
pub mod boost;
pub mod crowded;
pub(crate) mod explain;
mod fen;
mod forms;
pub mod mirror;
mod notation;
mod position;
mod zobrist;

pub use board::Board;
pub use explain::{attempt_in_words, describe, uci_attempt_in_words, why_illegal};
pub use fen::{CastlingNotation, FenError, FenFields, STANDARD_FEN, parse_board};
pub(crate) use forms::San;
pub use forms::{MoveError, parse_squares, parse_uci_form};
pub use notation::{CastlingMode, find_move, long_algebraic, parse_move, parse_san, parse_uci, san, uci};
pub use position::{Move, MoveList, MoveSet, Position, castling_destinations, castling_squares, perft_with};
