//! Who may act now: one seat, several seats at once (sealed or not), a reaction inside another
//! seat's turn, anyone, or nobody because the game is over. Stages are named once, here, so that
//! every game, the service and the app speak of the same steps by the same names.

use super::Seat;
use serde::{Deserialize, Serialize};

/// A named step of a turn. One vocabulary for every game: a new game adds the stages it needs
/// here, with a line saying what a seat does in it.
#[derive(Copy, Clone, Debug, Eq, PartialEq, Hash, Ord, PartialOrd, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(rename_all = "kebab-case")]
pub enum Stage {
    /// A regular move (every chess game).
    Move,
    /// Extra king moves paid with checkers, or `done` (Adrenaline, Booster).
    ExtraMoves,
    /// Placing a checker under an opposing piece after a capture (Adrenaline).
    PlaceChecker,
    /// Playing a card under a piece, or passing (Booster).
    PlayCard,
    /// Choosing something secret that is revealed with everyone else's (sealed rounds).
    Choose,
    /// Taking one's piece from the box before play (Chess Battle).
    PickPiece,
    /// Setting one's piece on the board before play (Chess Battle).
    Place,
    /// Captures the card just played allows, or `done` (Cooperative Chess).
    Capture,
    /// Burying a captured piece under one of one's own pieces (Zombie Chess).
    Bury,
    /// Moving each zombie once, or `done` (Zombie Chess).
    Horde,
    /// A bonus pawn move or pawn drop, or `skip` (Cloak and Dagger).
    Bonus,
    /// Uncloaking one's checkers, or `done` (Cloak and Dagger).
    Uncloak,
    /// Adding a piece to the board (Gravity Chess: the flipped piece to the top row).
    Add,
    /// Sealing how many moves one needs (Chess Golf).
    Bid,
    /// Dealing the next hole, with one card more or not (Chess Golf's dealer).
    Deal,
    /// Playing roll modifiers, a block or a bodyguard in an attack's reaction window, or
    /// passing (Blake's Chess).
    React,
    /// Discarding a card after drawing beyond the hand limit (Blake's Chess).
    Discard,
    /// Laying a board section on the table before play (Whack Chess).
    PlaceSection,
    /// Rolling the die that changes the board (Whack Chess).
    Roll,
    /// Choosing one of the board changes the die allows (Whack Chess).
    Rearrange,
}

impl Stage {
    /// The stage's name in views and positions (`extra-moves`).
    pub fn as_str(self) -> &'static str {
        match self {
            Stage::Move => "move",
            Stage::ExtraMoves => "extra-moves",
            Stage::PlaceChecker => "place-checker",
            Stage::PlayCard => "play-card",
            Stage::Choose => "choose",
            Stage::PickPiece => "pick-piece",
            Stage::Place => "place",
            Stage::Capture => "capture",
            Stage::Bury => "bury",
            Stage::Horde => "horde",
            Stage::Bonus => "bonus",
            Stage::Uncloak => "uncloak",
            Stage::Add => "add",
            Stage::Bid => "bid",
            Stage::Deal => "deal",
            Stage::React => "react",
            Stage::Discard => "discard",
            Stage::PlaceSection => "place-section",
            Stage::Roll => "roll",
            Stage::Rearrange => "rearrange",
        }
    }
}

impl std::fmt::Display for Stage {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.as_str())
    }
}

/// A seat that may act now, and in which stage.
#[derive(Copy, Clone, Debug, Eq, PartialEq, Serialize, Deserialize)]
pub struct ActiveSeat {
    /// The seat.
    pub seat: Seat,
    /// What it is doing.
    pub stage: Stage,
}

/// Who is expected to act now.
#[derive(Clone, Debug, Eq, PartialEq, Serialize, Deserialize)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum Turn {
    /// The listed seats may act, each in its stage.
    Active {
        /// Whose turn is running: the mover, also while another seat reacts inside that turn
        /// (Blake's Chess defender); `None` in a round that belongs to every active seat.
        turn_of: Option<Seat>,
        /// The seats that may act now.
        seats: Vec<ActiveSeat>,
        /// Each active seat submits one sealed action, which stays secret (and may be
        /// replaced) until every active seat has submitted; then all are revealed and
        /// resolved together.
        sealed: bool,
    },
    /// Any seat may act at any time (table tools).
    Anyone,
    /// The game has ended.
    Over,
}

impl Turn {
    /// One seat acts in `stage`: the common case.
    pub fn seat(seat: Seat, stage: Stage) -> Turn {
        Turn::Active { turn_of: Some(seat), seats: vec![ActiveSeat { seat, stage }], sealed: false }
    }

    /// Every seat in `seats` acts in `stage` in one round, sealed or open.
    pub fn round(seats: impl IntoIterator<Item = Seat>, stage: Stage, sealed: bool) -> Turn {
        let seats = seats.into_iter().map(|seat| ActiveSeat { seat, stage }).collect();
        Turn::Active { turn_of: None, seats, sealed }
    }

    /// `seats` answer inside `turn_of`'s turn, each in its stage (a reaction window).
    pub fn reaction(turn_of: Seat, seats: Vec<ActiveSeat>) -> Turn {
        Turn::Active { turn_of: Some(turn_of), seats, sealed: false }
    }

    /// The stage `seat` may act in now, if any. Under [`Turn::Anyone`] every seat acts in
    /// [`Stage::Move`].
    pub fn stage_of(&self, seat: Seat) -> Option<Stage> {
        match self {
            Turn::Active { seats, .. } => seats.iter().find(|a| a.seat == seat).map(|a| a.stage),
            Turn::Anyone => Some(Stage::Move),
            Turn::Over => None,
        }
    }

    /// Whether `seat` may act now.
    pub fn may_act(&self, seat: Seat) -> bool {
        self.stage_of(seat).is_some()
    }

    /// Whether this is a sealed round.
    pub fn is_sealed(&self) -> bool {
        matches!(self, Turn::Active { sealed: true, .. })
    }

    /// The one seat that may act, when exactly one may and its action is not sealed: what a
    /// stateless "is that legal?" question needs.
    pub fn single(&self) -> Option<ActiveSeat> {
        match self {
            Turn::Active { seats, sealed: false, .. } if seats.len() == 1 => Some(seats[0]),
            _ => None,
        }
    }

    /// The active seats, in seat order.
    pub fn active_seats(&self) -> Vec<Seat> {
        match self {
            Turn::Active { seats, .. } => seats.iter().map(|a| a.seat).collect(),
            _ => Vec::new(),
        }
    }
}

/// The one sentence every game tells a seat that may not act now, naming who may, as the
/// teller names them: "It is not your turn: White is to play.", "It is not your turn: Ann, Bob
/// and Seat 3 are to play."
pub fn not_your_turn(to_play: &[String]) -> String {
    match to_play {
        [] => "It is not your turn: nobody may act now.".to_string(),
        [one] => format!("It is not your turn: {one} is to play."),
        [rest @ .., last] => format!("It is not your turn: {} and {last} are to play.", rest.join(", ")),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_reaction_window_lets_the_defender_act_inside_the_attackers_turn() {
        let turn = Turn::reaction(0, vec![ActiveSeat { seat: 1, stage: Stage::Choose }]);
        assert!(turn.may_act(1));
        assert!(!turn.may_act(0));
        assert_eq!(turn.single().map(|a| a.seat), Some(1));
    }

    #[test]
    fn a_sealed_round_has_no_single_actor() {
        let turn = Turn::round([0, 1, 2], Stage::Choose, true);
        assert!(turn.is_sealed());
        assert_eq!(turn.single(), None);
        assert_eq!(turn.active_seats(), vec![0, 1, 2]);
    }
}
