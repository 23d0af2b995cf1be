//! Every rule set the referee knows, by id. One module per game, each implementing
//! [`crate::game::Game`] the same way.

pub mod adrenaline;
pub mod blakes;
pub mod booster;
pub mod chess;
pub mod chess_battle;
pub mod chess_golf;
pub mod cloak_and_dagger;
pub mod cooperative;
pub mod crowded_house;
pub mod gravity;
pub mod groups;
pub mod half_alice;
pub mod masquerade;
pub mod neighbour_solitaire;
pub mod parade_solitaire;
pub mod stacked_chess;
pub mod table_tools;
pub mod two_colours;
pub mod whack;
pub mod zombie;

use crate::game::{DynGame, Erased};

static CHESS: Erased<chess::ChessGame> = Erased(chess::ChessGame { variant: chess::Variant::Orthodox });
static CHESS960: Erased<chess::ChessGame> = Erased(chess::ChessGame { variant: chess::Variant::Chess960 });
static ADRENALINE: Erased<adrenaline::Adrenaline> = Erased(adrenaline::Adrenaline);
static BOOSTER: Erased<booster::Booster> = Erased(booster::Booster);
static HALF_ALICE: Erased<half_alice::HalfAlice> = Erased(half_alice::HalfAlice);
static CROWDED_HOUSE: Erased<crowded_house::CrowdedHouse> = Erased(crowded_house::CrowdedHouse);
static CHESS_BATTLE: Erased<chess_battle::ChessBattle> = Erased(chess_battle::ChessBattle);
static COOPERATIVE: Erased<cooperative::Cooperative> = Erased(cooperative::Cooperative);
static MASQUERADE: Erased<masquerade::Masquerade> = Erased(masquerade::Masquerade);
static ZOMBIE: Erased<zombie::Zombie> = Erased(zombie::Zombie);
static CLOAK_AND_DAGGER: Erased<cloak_and_dagger::CloakAndDagger> = Erased(cloak_and_dagger::CloakAndDagger);
static CHESS_GOLF: Erased<chess_golf::ChessGolf> = Erased(chess_golf::ChessGolf);
static GRAVITY: Erased<gravity::Gravity> = Erased(gravity::Gravity);
static TABLE_TOOLS: Erased<table_tools::TableTools> = Erased(table_tools::TableTools);
static BLAKES_CHESS: Erased<blakes::BlakesChess> = Erased(blakes::BlakesChess);
static PARADE_SOLITAIRE: Erased<parade_solitaire::ParadeSolitaire> = Erased(parade_solitaire::ParadeSolitaire);
static NEIGHBOUR_SOLITAIRE: Erased<neighbour_solitaire::NeighbourSolitaire> =
    Erased(neighbour_solitaire::NeighbourSolitaire);

static WHACK: Erased<whack::Whack> = Erased(whack::Whack);

/// All rule sets, in catalogue order.
pub fn all() -> [&'static dyn DynGame; 18] {
    [
        &CHESS,
        &CHESS960,
        &ADRENALINE,
        &BOOSTER,
        &HALF_ALICE,
        &ZOMBIE,
        &MASQUERADE,
        &CLOAK_AND_DAGGER,
        &CROWDED_HOUSE,
        &COOPERATIVE,
        &CHESS_BATTLE,
        &GRAVITY,
        &CHESS_GOLF,
        &BLAKES_CHESS,
        &WHACK,
        &PARADE_SOLITAIRE,
        &NEIGHBOUR_SOLITAIRE,
        &TABLE_TOOLS,
    ]
}

/// The rule set with this id (`chess`, `chess960`, ...).
pub fn find(id: &str) -> Option<&'static dyn DynGame> {
    all().into_iter().find(|g| g.info().id == id)
}

/// Ids of all rule sets, for error messages and catalogues.
pub fn ids() -> Vec<&'static str> {
    all().iter().map(|g| g.info().id).collect()
}
