//! Every rule set the referee knows, by id. One module per game, each implementing
//! [`crate::game::Game`] the same way.

pub mod chess;

use crate::game::{DynGame, Erased};

static CHESS: Erased<chess::ChessGame> = Erased(chess::ChessGame { variant: chess::Variant::Orthodox });
static CHESS960: Erased<chess::ChessGame> = Erased(chess::ChessGame { variant: chess::Variant::Chess960 });

/// All rule sets, in catalogue order.
pub fn all() -> [&'static dyn DynGame; 2] {
    [&CHESS, &CHESS960]
}

/// The rule set with this id (`chess`, `chess960`, ...).
pub fn find(id: &str) -> Option<&'static dyn DynGame> {
    all().into_iter().find(|g| g.info().id == id)
}

/// Ids of all rule sets, for error messages and catalogues.
pub fn ids() -> Vec<&'static str> {
    all().iter().map(|g| g.info().id).collect()
}
