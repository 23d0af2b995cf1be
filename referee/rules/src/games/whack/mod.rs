//! Whack Chess (`whack`, seed 004 "Whack Chess"): chess with pyramid-stack pieces on a board of
//! four kite-shaped wedge sections that move during play. Rules page: `docs/games/whack.md`.
//!
//! One concern per file: [`plane`] exact points and motions, [`section`] one wedge and its
//! cells, [`embedding`] where sections lie and whether they make a board, [`layout`] boards
//! written as joins, [`geometry`] cells and steps across seams, [`pyramids`] pieces as stacks,
//! [`moves`] where pieces go and what check forbids, [`notation`] the pieces in a position.

pub mod embedding;
pub mod geometry;
pub mod layout;
pub mod moves;
pub mod notation;
pub mod plane;
pub mod pyramids;
pub mod section;
