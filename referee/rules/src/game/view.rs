//! The one view envelope every game is seen through, and boards as data. The contract builds
//! a view for one viewer from the game's public part, that viewer's own private part and the
//! board the game draws for that viewer; nothing else goes in.

use super::conduct::DrawOffer;
use super::seating::{Outcome, SeatInfo, Seating, Team, TeamResult};
use super::turn::Stage;
use super::{Seat, Viewer};
use serde::{Deserialize, Serialize};
use serde_json::Value;

/// What one viewer sees of a game. The service adds the table's facts (game id, seq, status,
/// commitment, joined seats) around it.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, schemars::JsonSchema)]
pub struct View {
    /// The rule set's id.
    pub rules: String,
    /// Whose eyes this view is for.
    pub viewer: Viewer,
    /// Every seat: number, side and team.
    pub seats: Vec<SeatInfo>,
    /// Team names by team number.
    pub teams: Vec<String>,
    /// Who may act now.
    pub turn: TurnView,
    /// What the viewer may submit now, in the game's action notation: the game's own actions
    /// when it may act, and the courtesies open to it at any moment (resigning, offering,
    /// accepting or declining a draw, where the game allows them). Empty for spectators.
    pub legal_actions: Vec<String>,
    /// Whether `legal_actions` lists every legal action (false where they cannot all be
    /// listed, like table tools' dice of any size: then it lists the useful ones).
    pub legal_actions_complete: bool,
    /// The viewer's own secrets (a hand of cards, a burial grid), and nothing else.
    pub private: Option<Value>,
    /// The latest actions (at most 64), told as this viewer may hear it; the whole record is
    /// had on request (`GetRecord`).
    pub played: Vec<PlayedView>,
    /// The number (from 0) of the record's entry that `played` begins with: 0 while it holds
    /// the whole record.
    #[serde(default)]
    pub played_from: u64,
    /// A pending draw offer.
    pub draw_offer: Option<DrawOffer>,
    /// The team that asked to take back its last move, waiting for the other side's answer
    /// (`accept-takeback` or `decline-takeback`); absent when none has.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub takeback_request: Option<Team>,
    /// How many moves the takeback in question would take back: the one asked for
    /// (`takeback_request`), else the one this viewer may ask for now (`offer-takeback`): 1,
    /// the side's own last move; 2, its last move and the other side's reply to it. Absent
    /// when neither.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub takeback_moves: Option<u8>,
    /// How the game ended, per seat and per team.
    pub outcome: Option<OutcomeView>,
    /// Once the game is over, every seat's secrets (each seat's `private` part, by seat: a
    /// burial grid, a hand, a capture table), for every viewer: the record with the seed is
    /// released then, so nothing in them is still secret, and the table can see how it went.
    #[serde(default)]
    pub revealed: Option<Vec<Option<Value>>>,
    /// The board as data, for drawing any game without knowing it.
    pub board: Option<BoardView>,
    /// The game's own public fields.
    pub game: Value,
    /// Only in the audit view ([`Viewer::Everyone`]): every seat's secrets and what only the
    /// referee knows.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[schemars(with = "Secrets")]
    pub secrets: Option<Secrets>,
}

impl View {
    /// The view of a game whose seats are still joining: the seating and nothing else.
    pub fn waiting(rules: &str, viewer: Viewer, seating: Seating) -> View {
        View {
            rules: rules.to_string(),
            viewer,
            seats: seating.seats,
            teams: seating.teams,
            turn: TurnView::Waiting,
            legal_actions: Vec::new(),
            legal_actions_complete: false,
            private: None,
            played: Vec::new(),
            played_from: 0,
            draw_offer: None,
            takeback_request: None,
            takeback_moves: None,
            outcome: None,
            revealed: None,
            board: None,
            game: Value::Null,
            secrets: None,
        }
    }

    /// The view of a game closed from outside its rules (ended by the host, abandoned): the
    /// position as it stood, with nobody to act and nothing to select.
    pub fn close(&mut self) {
        self.turn = TurnView::Over;
        self.legal_actions.clear();
        self.legal_actions_complete = true;
        self.draw_offer = None;
        self.takeback_request = None;
        self.takeback_moves = None;
        if let Some(board) = &mut self.board {
            board.cells.iter_mut().for_each(|c| c.selectable = false);
        }
    }

    /// The JSON Schema (draft 2020-12) of every view: the envelope, with each game's own
    /// `game` and `private` parts described by [`super::DynGame::schemas`].
    pub fn schema() -> Value {
        schema_of_output::<View>()
    }

    /// The view as JSON, as clients receive it.
    pub fn to_json(&self) -> Value {
        serde_json::to_value(self).expect("views serialize")
    }
}

/// The JSON Schema of `T` as the referee writes it (fields written as `null` are required).
pub(super) fn schema_of_output<T: schemars::JsonSchema>() -> Value {
    let generator = schemars::generate::SchemaSettings::default().for_serialize().into_generator();
    serde_json::to_value(generator.into_root_schema_for::<T>()).expect("schemas serialize")
}

/// Everything hidden, for the audit record released after the game.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, schemars::JsonSchema)]
pub struct Secrets {
    /// Each seat's private part, in seat order.
    pub private: Vec<Option<Value>>,
    /// What only the referee knows (the order of a draw pile).
    pub hidden: Option<Value>,
    /// Sealed actions of the round still open, by seat.
    pub sealed: Vec<(Seat, String)>,
}

/// Who may act now, for the viewer.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum TurnView {
    /// The listed seats may act.
    Active {
        /// Whose turn is running (the mover, also during another seat's reaction).
        turn_of: Option<Seat>,
        /// Whether the round is sealed.
        sealed: bool,
        /// Each active seat, its stage, and whether it has submitted in this sealed round.
        seats: Vec<ActiveSeatView>,
        /// How many active seats have submitted (sealed rounds).
        submitted: usize,
    },
    /// Any seat may act.
    Anyone,
    /// Nobody: the game is over.
    Over,
    /// Nobody yet: seats are still joining (said by the service, never by a game).
    Waiting,
}

/// One active seat, as the viewer sees it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, schemars::JsonSchema)]
pub struct ActiveSeatView {
    /// The seat.
    pub seat: Seat,
    /// Its stage.
    pub stage: Stage,
    /// Whether it has sealed its action in this round.
    pub submitted: bool,
    /// The viewer's own sealed action, shown back only to the viewer (it may change it until
    /// the round closes).
    #[serde(skip_serializing_if = "Option::is_none")]
    #[schemars(with = "String")]
    pub sealed_action: Option<String>,
}

/// One action as the viewer may hear of it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, schemars::JsonSchema)]
pub struct PlayedView {
    /// Who acted.
    pub seat: Seat,
    /// The sentence for this viewer ("Nf3+", or "the checker on b1 moved to c3").
    pub said: String,
    /// The action in the game's notation, where the viewer may know it.
    #[serde(skip_serializing_if = "Option::is_none")]
    #[schemars(with = "String")]
    pub action: Option<String>,
}

/// How the game ended.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, schemars::JsonSchema)]
pub struct OutcomeView {
    /// Per seat (results, scores, reason).
    #[serde(flatten)]
    pub outcome: Outcome,
    /// Per team.
    pub teams: Vec<TeamResult>,
}

/// A board as data: the cells with their shapes and what stands on each.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, schemars::JsonSchema)]
pub struct BoardView {
    /// How the cells are laid out.
    pub shape: BoardShape,
    /// Every cell.
    pub cells: Vec<CellView>,
}

/// How to lay the cells out.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum BoardShape {
    /// A grid of `files` × `ranks` squares; each cell's `at` is (file, rank) from the
    /// bottom-left corner as White sees it.
    Grid {
        /// Columns.
        files: u8,
        /// Rows.
        ranks: u8,
    },
    /// Free polygons; each cell has its `polygon` in board units (Whack's kite sections).
    Polygons,
}

/// One cell of a board.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, schemars::JsonSchema)]
pub struct CellView {
    /// Its name in the game's notation (`e4`).
    pub id: String,
    /// (file, rank) on a grid board.
    pub at: [u8; 2],
    /// Its corners, for polygon boards.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[schemars(with = "Vec<[f32; 2]>")]
    pub polygon: Option<Vec<[f32; 2]>>,
    /// Whether it is a dark cell.
    pub dark: bool,
    /// The piece on it, if any.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[schemars(with = "PieceView")]
    pub piece: Option<PieceView>,
    /// Things piled under or on it (checkers, coins, pyramids).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub stacks: Vec<StackView>,
    /// Marks such as `mirror` (Half Alice's other side), `check`, `danger`.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub markers: Vec<String>,
    /// Whether the viewer may select it now (a piece it can move, a square it can place on).
    pub selectable: bool,
}

/// A piece as the viewer knows it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, schemars::JsonSchema)]
pub struct PieceView {
    /// `king`, `queen`, `rook`, `bishop`, `knight`, `pawn`, or `unknown` where the viewer does
    /// not know what it is.
    pub kind: String,
    /// The side it belongs to (`white`, `black`).
    pub side: String,
    /// A short label where the kind is not enough (a checker's number).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[schemars(with = "String")]
    pub label: Option<String>,
}

/// A pile of equal things on a cell.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, schemars::JsonSchema)]
pub struct StackView {
    /// `checker`, `coin`, `pyramid`.
    pub kind: String,
    /// How many.
    pub count: u32,
    /// Whose colour, where they have one.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[schemars(with = "String")]
    pub colour: Option<String>,
    /// What it does here, in a word (`boosted`, `hobbled`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[schemars(with = "String")]
    pub effect: Option<String>,
}
