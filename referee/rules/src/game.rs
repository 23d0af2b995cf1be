//! The one trait every game implements, and its type-erased form that the service uses.
//!
//! A game is a plain definition in the style of boardgame.io: setup from options and a random
//! source, whose turn it is, the legal actions of a seat, applying an action, what each seat
//! may see, and the outcome. Storage, transport and time live elsewhere.

use crate::random::RandomSource;
use serde::de::DeserializeOwned;
use serde::{Deserialize, Serialize};
use std::any::Any;

/// A seat at the table, numbered from 0. In two-player chess games seat 0 is White.
pub type Seat = u8;

/// A stable, machine-readable reason an input was refused. The names are part of the API.
#[derive(Copy, Clone, Debug, Eq, PartialEq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum ErrorCode {
    /// The text could not be read as an action of this game.
    BadNotation,
    /// The position text could not be read, or describes an impossible position.
    BadPosition,
    /// The game options are not valid for this game.
    BadOptions,
    /// The action is readable but breaks a rule.
    IllegalAction,
    /// It is another seat's turn.
    NotYourTurn,
    /// The game has ended.
    GameOver,
    /// No such rule set.
    UnknownRules,
    /// No such seat at this table.
    UnknownSeat,
    /// The action draws at random, so only a refereed game (with a seed) can settle it.
    NeedsGame,
}

impl ErrorCode {
    pub fn as_str(self) -> &'static str {
        match self {
            ErrorCode::BadNotation => "bad_notation",
            ErrorCode::BadPosition => "bad_position",
            ErrorCode::BadOptions => "bad_options",
            ErrorCode::IllegalAction => "illegal_action",
            ErrorCode::NotYourTurn => "not_your_turn",
            ErrorCode::GameOver => "game_over",
            ErrorCode::UnknownRules => "unknown_rules",
            ErrorCode::UnknownSeat => "unknown_seat",
            ErrorCode::NeedsGame => "needs_game",
        }
    }
}

/// A refused input: a stable code and a sentence a player understands. It never contains
/// another seat's hidden information.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error, Serialize, Deserialize)]
#[error("{message}")]
pub struct GameError {
    pub code: ErrorCode,
    pub message: String,
}

impl GameError {
    pub fn new(code: ErrorCode, message: impl Into<String>) -> GameError {
        GameError { code, message: message.into() }
    }
}

/// Who is expected to act now.
#[derive(Clone, Debug, Eq, PartialEq, Serialize, Deserialize)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum Turn {
    /// One seat acts. `phase` names the step inside a turn where a game has several (Booster:
    /// "move", "spend", "card"; Gravity: "flip", "move", "add"); plain games say "move".
    Seat { seat: Seat, phase: String },
    /// Each listed seat submits a sealed action; they are revealed and resolved together
    /// once all are in (Chess Battle).
    Simultaneous { seats: Vec<Seat> },
    /// Any seat may act at any time (table tools).
    Anyone,
    /// The game has ended.
    Over,
}

/// Whose eyes a view is for.
#[derive(Copy, Clone, Debug, Eq, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Viewer {
    /// One seat: its own secrets and the public state.
    Seat(Seat),
    /// Someone watching: the public state only.
    Spectator,
    /// Everything, secrets included: only for the audit record after the game ends.
    Everyone,
}

#[derive(Copy, Clone, Debug, Eq, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum SeatResult {
    Win,
    Draw,
    Loss,
}

/// How a game ended.
#[derive(Clone, Debug, Eq, PartialEq, Serialize, Deserialize)]
pub struct Outcome {
    /// One entry per seat, in seat order.
    pub results: Vec<SeatResult>,
    /// Points per seat, for games that score (Gravity, Chess Golf, Cooperative); else empty.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub scores: Vec<i64>,
    /// Why it ended, in players' words ("checkmate", "threefold repetition").
    pub reason: String,
}

impl Outcome {
    /// `winners` win, everyone else loses.
    pub fn winners(seats: u8, winners: &[Seat], reason: impl Into<String>) -> Outcome {
        let results =
            (0..seats).map(|s| if winners.contains(&s) { SeatResult::Win } else { SeatResult::Loss }).collect();
        Outcome { results, scores: Vec::new(), reason: reason.into() }
    }

    pub fn draw(seats: u8, reason: impl Into<String>) -> Outcome {
        Outcome { results: vec![SeatResult::Draw; seats as usize], scores: Vec::new(), reason: reason.into() }
    }
}

/// What a rule set is, for catalogues and the companion app.
#[derive(Clone, Debug, Serialize)]
pub struct RulesInfo {
    /// Short kebab-case id used everywhere: CLI, gRPC, REST, docs (`chess960`).
    pub id: &'static str,
    pub name: &'static str,
    /// Bumped whenever a change could alter the replay of an existing game.
    pub version: u32,
    pub summary: &'static str,
    pub min_seats: u8,
    pub max_seats: u8,
    pub equipment: &'static [&'static str],
    /// What the referee draws at random in this game.
    pub random: &'static [&'static str],
    /// What is hidden from some seats.
    pub secret: &'static [&'static str],
    /// The seed text and section the rules come from.
    pub source: &'static str,
    /// The notation of positions and of actions, in a sentence each.
    pub position_notation: &'static str,
    pub action_notation: &'static str,
}

/// A game's rules. Implementations are pure: `setup` and `apply` take all their randomness
/// from the source they are given, and `apply` leaves the state untouched when it refuses.
pub trait Game: Send + Sync + 'static {
    type Options: Serialize + DeserializeOwned + Default + Clone;
    type State: Clone + Serialize + DeserializeOwned + Send + Sync + 'static;
    type Action: Clone;

    fn info(&self) -> RulesInfo;
    fn setup(&self, options: &Self::Options, rng: &mut dyn RandomSource) -> Result<Self::State, GameError>;
    fn seat_count(&self, state: &Self::State) -> u8;
    /// The seats that play together, where the game has teams (Crowded House, Cooperative).
    fn teams(&self, state: &Self::State) -> Vec<Vec<Seat>> {
        (0..self.seat_count(state)).map(|s| vec![s]).collect()
    }
    fn turn(&self, state: &Self::State) -> Turn;
    fn legal_actions(&self, state: &Self::State, seat: Seat) -> Vec<Self::Action>;
    /// Reads an action of `seat`, explaining what is wrong if it is not legal.
    fn parse_action(&self, state: &Self::State, seat: Seat, text: &str) -> Result<Self::Action, GameError>;
    fn format_action(&self, state: &Self::State, action: &Self::Action) -> String;
    /// How players would say the action before it is played (SAN for chess moves).
    fn describe_action(&self, state: &Self::State, action: &Self::Action) -> String {
        self.format_action(state, action)
    }
    fn apply(
        &self,
        state: &mut Self::State,
        seat: Seat,
        action: &Self::Action,
        rng: &mut dyn RandomSource,
    ) -> Result<(), GameError>;
    /// What `viewer` may see, as JSON. Must not contain any secret `viewer` may not know.
    fn view(&self, state: &Self::State, viewer: Viewer) -> serde_json::Value;
    fn outcome(&self, state: &Self::State) -> Option<Outcome>;
    /// Reads a position in the game's notation, for adjudication without a game.
    fn parse_position(&self, text: &str) -> Result<Self::State, GameError>;
    fn format_position(&self, state: &Self::State) -> String;
}

/// A game state of any game, as handed between the service and [`DynGame`].
pub struct AnyState(Box<dyn Any + Send + Sync>);

impl AnyState {
    fn get<S: 'static>(&self) -> &S {
        self.0.downcast_ref().expect("a state is only given back to the game that made it")
    }
}

/// The answer to "is that legal?" about one action in one position.
#[derive(Clone, Debug, Eq, PartialEq, Serialize, Deserialize)]
pub struct Adjudication {
    pub legal: bool,
    /// Why not, or what the move does (check, mate), in players' words.
    pub reason: String,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub code: Option<ErrorCode>,
    /// The action as the game writes it (`e2e4`), when legal.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub action: Option<String>,
    /// The position after the action, when legal.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub position: Option<String>,
}

/// An action that was applied.
#[derive(Clone, Debug, Eq, PartialEq, Serialize, Deserialize)]
pub struct Applied {
    /// The action as the game writes it, the form stored in the log (`g1f3`).
    pub action: String,
    /// The action as players say it (`Nf3+`).
    pub description: String,
}

/// [`Game`] with its types erased: options, views and saved states as JSON, actions as text.
pub trait DynGame: Send + Sync {
    fn info(&self) -> RulesInfo;
    fn setup(&self, options: &serde_json::Value, rng: &mut dyn RandomSource) -> Result<AnyState, GameError>;
    fn clone_state(&self, state: &AnyState) -> AnyState;
    fn seat_count(&self, state: &AnyState) -> u8;
    fn teams(&self, state: &AnyState) -> Vec<Vec<Seat>>;
    fn turn(&self, state: &AnyState) -> Turn;
    fn legal_actions(&self, state: &AnyState, seat: Seat) -> Vec<String>;
    /// Applies `action` for `seat`. On failure the state is exactly as it was.
    fn apply(
        &self,
        state: &mut AnyState,
        seat: Seat,
        action: &str,
        rng: &mut dyn RandomSource,
    ) -> Result<Applied, GameError>;
    fn view(&self, state: &AnyState, viewer: Viewer) -> serde_json::Value;
    fn outcome(&self, state: &AnyState) -> Option<Outcome>;
    fn parse_position(&self, text: &str) -> Result<AnyState, GameError>;
    fn format_position(&self, state: &AnyState) -> String;
    /// The whole state as JSON, for snapshots.
    fn save(&self, state: &AnyState) -> serde_json::Value;
    fn load(&self, saved: &serde_json::Value) -> Result<AnyState, GameError>;

    /// Stateless adjudication: is `action` legal for the seat to move in `position`?
    fn adjudicate(&self, position: &str, action: &str) -> Result<Adjudication, GameError> {
        let mut state = self.parse_position(position)?;
        let seat = match self.turn(&state) {
            Turn::Seat { seat, .. } => seat,
            Turn::Over => {
                let reason = self.outcome(&state).map_or_else(|| "The game is over.".to_string(), |o| o.reason);
                return Ok(Adjudication {
                    legal: false,
                    reason: format!("No move is legal: the game is over ({reason})."),
                    code: Some(ErrorCode::GameOver),
                    action: None,
                    position: None,
                });
            }
            _ => return Err(GameError::new(ErrorCode::BadPosition, "this position does not say whose move it is")),
        };
        // Adjudication has no seed: a game that needs randomness for this action says so.
        let mut no_rng = NoRandomnessAsError::default();
        let applied = self.apply(&mut state, seat, action, &mut no_rng);
        if no_rng.asked {
            return Err(GameError::new(
                ErrorCode::NeedsGame,
                "this action involves a random draw, so it can only be settled inside a refereed game",
            ));
        }
        match applied {
            Ok(applied) => {
                let said = &applied.description;
                let reason = match self.outcome(&state) {
                    Some(o) => format!("{said} is legal, and ends the game: {}.", o.reason),
                    None => format!("{said} is legal."),
                };
                Ok(Adjudication {
                    legal: true,
                    reason,
                    code: None,
                    action: Some(applied.action),
                    position: Some(self.format_position(&state)),
                })
            }
            Err(e) if matches!(e.code, ErrorCode::BadNotation | ErrorCode::BadPosition | ErrorCode::NeedsGame) => {
                Err(e)
            }
            Err(e) => {
                Ok(Adjudication { legal: false, reason: e.message, code: Some(e.code), action: None, position: None })
            }
        }
    }
}

/// Used by adjudication, which has no seed. A game that draws during the action gets 0 and
/// the adjudication is then refused, so no made-up draw ever reaches an answer.
#[derive(Default)]
struct NoRandomnessAsError {
    asked: bool,
}

impl RandomSource for NoRandomnessAsError {
    fn below(&mut self, _n: u32) -> u32 {
        self.asked = true;
        0
    }
}

/// Wraps a [`Game`] as a [`DynGame`].
pub struct Erased<G>(pub G);

impl<G: Game> Erased<G> {
    fn state<'a>(&self, s: &'a AnyState) -> &'a G::State {
        s.get::<G::State>()
    }
}

impl<G: Game> DynGame for Erased<G> {
    fn info(&self) -> RulesInfo {
        self.0.info()
    }

    fn setup(&self, options: &serde_json::Value, rng: &mut dyn RandomSource) -> Result<AnyState, GameError> {
        let options: G::Options = if options.is_null() {
            G::Options::default()
        } else {
            serde_json::from_value(options.clone())
                .map_err(|e| GameError::new(ErrorCode::BadOptions, format!("options for {}: {e}", self.0.info().id)))?
        };
        Ok(AnyState(Box::new(self.0.setup(&options, rng)?)))
    }

    fn clone_state(&self, state: &AnyState) -> AnyState {
        AnyState(Box::new(self.state(state).clone()))
    }

    fn seat_count(&self, state: &AnyState) -> u8 {
        self.0.seat_count(self.state(state))
    }

    fn teams(&self, state: &AnyState) -> Vec<Vec<Seat>> {
        self.0.teams(self.state(state))
    }

    fn turn(&self, state: &AnyState) -> Turn {
        self.0.turn(self.state(state))
    }

    fn legal_actions(&self, state: &AnyState, seat: Seat) -> Vec<String> {
        let s = self.state(state);
        self.0.legal_actions(s, seat).iter().map(|a| self.0.format_action(s, a)).collect()
    }

    fn apply(
        &self,
        state: &mut AnyState,
        seat: Seat,
        action: &str,
        rng: &mut dyn RandomSource,
    ) -> Result<Applied, GameError> {
        let current = self.state(state);
        if seat >= self.0.seat_count(current) {
            return Err(GameError::new(ErrorCode::UnknownSeat, format!("there is no seat {seat} at this table")));
        }
        let parsed = self.0.parse_action(current, seat, action)?;
        let applied = Applied {
            action: self.0.format_action(current, &parsed),
            description: self.0.describe_action(current, &parsed),
        };
        // Work on a copy so that a refusal half-way through cannot leave a half-applied action.
        let mut next = current.clone();
        self.0.apply(&mut next, seat, &parsed, rng)?;
        *state = AnyState(Box::new(next));
        Ok(applied)
    }

    fn view(&self, state: &AnyState, viewer: Viewer) -> serde_json::Value {
        self.0.view(self.state(state), viewer)
    }

    fn outcome(&self, state: &AnyState) -> Option<Outcome> {
        self.0.outcome(self.state(state))
    }

    fn parse_position(&self, text: &str) -> Result<AnyState, GameError> {
        Ok(AnyState(Box::new(self.0.parse_position(text)?)))
    }

    fn format_position(&self, state: &AnyState) -> String {
        self.0.format_position(self.state(state))
    }

    fn save(&self, state: &AnyState) -> serde_json::Value {
        serde_json::to_value(self.state(state)).expect("game states serialize")
    }

    fn load(&self, saved: &serde_json::Value) -> Result<AnyState, GameError> {
        let state: G::State = serde_json::from_value(saved.clone())
            .map_err(|e| GameError::new(ErrorCode::BadPosition, format!("saved {} state: {e}", self.0.info().id)))?;
        Ok(AnyState(Box::new(state)))
    }
}
