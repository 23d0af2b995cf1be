//! The pure rules engine of the table-top referee.
//!
//! Nothing here does I/O, reads a clock, owns a random generator or runs async code: given a
//! game's options, its random source and its list of actions, every function computes the
//! same result on every machine. The service around it (in the `referee` crate) owns storage,
//! time and the seed.

pub mod cards;
pub mod chess;
pub mod chess960;
pub mod game;
pub mod games;
pub mod geometry;
pub mod golf;
pub mod pieces;
pub mod random;
