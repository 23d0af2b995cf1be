//! The game contract: the one trait every game implements, and its type-erased form that the
//! service uses.
//!
//! A game is a plain definition in the style of boardgame.io: seating from the options, setup
//! from options and a random source, whose turn it is (stages of the active seats), the legal
//! actions of a seat, applying an action, the public, private and referee-only parts of the
//! state, the board as data, and the outcome. The contract owns what every game shares: it
//! refuses seats that may not act, keeps sealed actions until a round closes, handles
//! resignations and draw offers for teams, keeps the record of what was played with a sentence
//! for each viewer, and builds each viewer's view. Storage, transport and time live elsewhere.

mod conduct;
mod erased;
mod seating;
mod turn;
mod view;

pub use conduct::{Conduct, Courtesies, Courtesy, DrawOffer, Takeback};
pub use erased::{Adjudication, AnyState, Applied, DEADLINE, DrawPoint, DynGame, Entry, Erased, RECENT_ENTRIES, Table};
pub use seating::{Outcome, SeatInfo, SeatResult, Seating, Team, TeamResult, relabel};
pub use turn::{ActiveSeat, Stage, Turn, not_your_turn};
pub use view::{
    ActiveSeatView, BoardShape, BoardView, CellView, OutcomeView, PieceView, PlayedView, Secrets, StackView, TurnView,
    View,
};

use crate::random::RandomSource;
use schemars::JsonSchema;
use serde::de::DeserializeOwned;
use serde::{Deserialize, Serialize};

/// A seat at the table, numbered from 0. In two-colour games seat 0 is White.
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
    /// This seat may not act now.
    NotYourTurn,
    /// The game has ended.
    GameOver,
    /// No such rule set.
    UnknownRules,
    /// No such seat at this table.
    UnknownSeat,
    /// The action draws at random, so only a refereed game (with a seed) can settle it.
    NeedsGame,
    /// These rules have no par for a position.
    NoPar,
}

impl ErrorCode {
    /// The code's name in the API (`illegal_action`).
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
            ErrorCode::NoPar => "no_par",
        }
    }
}

/// A refused input: a stable code and a sentence a player understands. It never contains
/// another seat's hidden information.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error, Serialize, Deserialize)]
#[error("{message}")]
pub struct GameError {
    /// Why, for programs.
    pub code: ErrorCode,
    /// Why, for players.
    pub message: String,
}

impl GameError {
    /// A refusal with `code` and a sentence.
    pub fn new(code: ErrorCode, message: impl Into<String>) -> GameError {
        GameError { code, message: message.into() }
    }
}

/// Whose eyes a view is for.
#[derive(Copy, Clone, Debug, Eq, PartialEq, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum Viewer {
    /// One seat: its own secrets and the public state.
    Seat(Seat),
    /// Someone watching: the public state only.
    Spectator,
    /// Everything, secrets included: only for the audit record after the game ends.
    Everyone,
}

impl Viewer {
    /// The viewer's seat, if it has one.
    pub fn seat(self) -> Option<Seat> {
        match self {
            Viewer::Seat(s) => Some(s),
            _ => None,
        }
    }
}

/// How an action is told: to the seat that acted, and to everyone else where they may learn
/// less (a hidden identity, a secret burial).
#[derive(Clone, Debug, Eq, PartialEq, Serialize, Deserialize)]
pub struct Said {
    /// The sentence for the seat that acted (and for the audit).
    pub to_actor: String,
    /// The sentence for every other viewer, when it differs; then the action's text is not
    /// shown to them either.
    pub to_others: Option<String>,
}

impl Said {
    /// The same sentence for everyone.
    pub fn public(text: impl Into<String>) -> Said {
        Said { to_actor: text.into(), to_others: None }
    }

    /// One sentence for the actor, a more discreet one for everyone else.
    pub fn discreet(to_actor: impl Into<String>, to_others: impl Into<String>) -> Said {
        Said { to_actor: to_actor.into(), to_others: Some(to_others.into()) }
    }
}

/// What the referee proved about a puzzle after the fact (a Chess Golf hole, a solitaire's
/// deal): something no table could work out. Searches are bounded by a budget counted in
/// positions, never by time, so the same puzzle always gets the same answer.
#[derive(Clone, Debug, Eq, PartialEq, Serialize, Deserialize, schemars::JsonSchema)]
pub struct Par {
    /// Which puzzle, a key stable for the game (`hole-3`, `deal`).
    pub puzzle: String,
    /// The puzzle in words ("Hole 3: white king, black bishop").
    pub title: String,
    /// What the search proved.
    pub answer: ParAnswer,
    /// Positions the search visited.
    pub positions: u64,
}

/// The answer of a search for par.
#[derive(Clone, Debug, Eq, PartialEq, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum ParAnswer {
    /// The fewest moves, proven, with one shortest line in the game's action notation.
    Moves {
        /// How many.
        moves: u32,
        /// One shortest line.
        line: Vec<String>,
    },
    /// The best score, proven, with one line that reaches it.
    Score {
        /// The score.
        score: i64,
        /// One line that reaches it.
        line: Vec<String>,
    },
    /// No line solves the puzzle: every reachable position was visited.
    Impossible,
    /// The budget ran out: no line of fewer than `moves` moves solves it.
    AtLeast {
        /// The fewest moves a solution can have.
        moves: u32,
    },
    /// The budget ran out: no score is proven, and no line can score more than `bound`.
    Unproven {
        /// No line scores more.
        bound: i64,
    },
}

/// What `told` says beyond `before`, a sentence it may start with: the rest after `before` and
/// its separator (`;`, `:`, `,`), or all of `told` where it does not start so; `None` when it
/// says nothing more.
pub fn said_beyond(before: &str, told: &str) -> Option<String> {
    let rest = match told.strip_prefix(before) {
        Some(rest) => rest.trim_start_matches([';', ':', ',', ' ']),
        None => told,
    };
    let rest = rest.trim();
    (!rest.is_empty()).then(|| rest.to_string())
}

/// No secret of this kind: the `Private` or `Hidden` type of a game that has none.
#[derive(Clone, Copy, Debug, Serialize, Deserialize, schemars::JsonSchema)]
pub enum NoSecret {}

/// What a rule set is, for catalogues and the companion app.
#[derive(Clone, Debug, Serialize)]
pub struct RulesInfo {
    /// Short kebab-case id used everywhere: CLI, gRPC, REST, docs (`chess960`).
    pub id: &'static str,
    /// The game's name.
    pub name: &'static str,
    /// Bumped whenever a change could alter the replay of an existing game.
    pub version: u32,
    /// What the game is, in two sentences.
    pub summary: &'static str,
    /// The fewest seats the options allow.
    pub min_seats: u8,
    /// The most seats the options allow.
    pub max_seats: u8,
    /// What the table needs.
    pub equipment: &'static [&'static str],
    /// What the referee draws at random in this game.
    pub random: &'static [&'static str],
    /// What is hidden from some seats.
    pub secret: &'static [&'static str],
    /// The seed text and section the rules come from.
    pub source: &'static str,
    /// The notation of positions, in a sentence.
    pub position_notation: &'static str,
    /// The notation of actions, in a sentence.
    pub action_notation: &'static str,
    /// Whether views list every legal action (false for table tools' dice of any size).
    pub lists_all_actions: bool,
}

/// A game's rules. Implementations are pure: `setup` and `apply` take all their randomness
/// from the source they are given, and `apply` may leave the state half-changed when it
/// refuses (the contract works on a copy).
///
/// The contract calls `legal_actions`, `parse_action` and `apply` only for a seat that may act
/// now (by [`Game::turn`]) in a game that is not over; it handles resignations and draw
/// offers itself.
pub trait Game: Send + Sync + 'static {
    /// The options chosen when the game is created.
    type Options: Serialize + DeserializeOwned + Default + Clone + JsonSchema;
    /// Everything the game knows.
    type State: Clone + Serialize + DeserializeOwned + Send + Sync + 'static;
    /// One action of one seat.
    type Action: Clone;
    /// What every viewer may see: the view's `game` field.
    type Public: Serialize + JsonSchema;
    /// What one seat knows and no other ([`NoSecret`] where nothing is private).
    type Private: Serialize + JsonSchema;
    /// What only the referee knows, like the order of a draw pile ([`NoSecret`] where nothing).
    type Hidden: Serialize;

    /// The rule set's catalogue entry.
    fn info(&self) -> RulesInfo;
    /// Who sits at the table under `options`, without running a setup.
    fn seating(&self, options: &Self::Options) -> Result<Seating, GameError>;
    /// The state at the start, drawing from `rng`.
    fn setup(&self, options: &Self::Options, rng: &mut dyn RandomSource) -> Result<Self::State, GameError>;
    /// Who may act now, in which stage. Games say [`Turn::Over`] once [`Game::outcome`] is set.
    fn turn(&self, state: &Self::State) -> Turn;
    /// Every legal action of `seat`, which may act now.
    fn legal_actions(&self, state: &Self::State, seat: Seat) -> Vec<Self::Action>;
    /// Reads an action of `seat`, which may act now, explaining from `seat`'s knowledge what is
    /// wrong if it is not legal.
    fn parse_action(&self, state: &Self::State, seat: Seat, text: &str) -> Result<Self::Action, GameError>;
    /// The action in the game's notation, the form stored in the log (`g1f3`).
    fn format_action(&self, state: &Self::State, action: &Self::Action) -> String;
    /// How the table hears the action before it is played (SAN for chess moves), for the
    /// actor and, where they may learn less, for everyone else.
    fn describe_action(&self, state: &Self::State, seat: Seat, action: &Self::Action) -> Said {
        let _ = seat;
        Said::public(self.format_action(state, action))
    }
    /// The action named for a dispute at the table, as the subject of its verdict: whose action,
    /// which piece, from where to where ("White's knight f3→d4 (Nd4)", "Black's castling on the
    /// king side (O-O)"), never a clause, since "is legal" follows it. What the action then does
    /// beyond its own words (what [`Game::describe_result`] adds) is told after the verdict.
    /// `None` lets the contract name it by the side and the action as written ("Black's pass"),
    /// and tell the action's whole sentence after the verdict.
    fn describe_in_full(&self, state: &Self::State, seat: Seat, action: &Self::Action) -> Option<String> {
        let _ = (state, seat, action);
        None
    }
    /// What `action` (legal for `seat` in `state`) does beyond the words that name it in a
    /// dispute ([`Game::describe_in_full`]), told after the verdict; `told` is its sentence as
    /// played ([`Game::describe_result`], else [`Game::describe_action`]). The default: what
    /// `told` adds to the sentence from before it was played ("no zombies anywhere" after
    /// "Ne2-c3"), or all of it where the game names the action only by the side and the text.
    fn describe_effect(&self, state: &Self::State, seat: Seat, action: &Self::Action, told: &str) -> Option<String> {
        if self.describe_in_full(state, seat, action).is_none() {
            return Some(told.to_string());
        }
        said_beyond(&self.describe_action(state, seat, action).to_actor, told)
    }
    /// The side `seat` plays in this state, as the game's own sentences name it, where that is
    /// drawn after seating (Gravity's Player 1 plays White or Black, by the hidden pawn); `None`
    /// (the default) where the seating's side says it.
    fn side_now(&self, state: &Self::State, seat: Seat) -> Option<String> {
        let _ = (state, seat);
        None
    }
    /// What an action text that was refused tried to do, in words, for a dispute ("Black's
    /// knight c6→d4"); `None` lets the contract say the side and the text as typed.
    fn describe_attempt(&self, state: &Self::State, seat: Seat, text: &str) -> Option<String> {
        let _ = (state, seat, text);
        None
    }
    /// How the table hears the action once played, where that says more than
    /// [`Game::describe_action`] could before it (what a roll showed, who passed after it):
    /// `None` keeps `before`, the sentence from before. `state` is the state after the action.
    fn describe_result(&self, state: &Self::State, seat: Seat, action: &Self::Action, before: &Said) -> Option<Said> {
        let _ = (state, seat, action, before);
        None
    }
    /// Plays an action read by `parse_action` (or listed by `legal_actions`).
    fn apply(
        &self,
        state: &mut Self::State,
        seat: Seat,
        action: &Self::Action,
        rng: &mut dyn RandomSource,
    ) -> Result<(), GameError>;
    /// Whether `action` is played at once even during a sealed round (Chess Battle's freeze
    /// and medals): it is public, is not the seat's sealed action, and may change which seats
    /// the round waits for. Default: no action is.
    fn is_open(&self, action: &Self::Action) -> bool {
        let _ = action;
        false
    }
    /// Whether `seat`, which the sealed round now open does not wait for, may still play its
    /// open actions (see [`Game::is_open`]): Chess Battle's frozen player loses its move, not
    /// its medals or its freeze. Default: no seat outside the round may.
    fn acts_openly(&self, state: &Self::State, seat: Seat) -> bool {
        let _ = (state, seat);
        false
    }
    /// The seats that must see an open action (see [`Game::is_open`]) played during a sealed
    /// round before their own seal counts: a seal sent from a view older than it is refused as
    /// stale. Others' seals stand. Default: every seat.
    fn open_affects(&self, state: &Self::State, seat: Seat, action: &Self::Action) -> Option<Vec<Seat>> {
        let _ = (state, seat, action);
        None
    }
    /// How long a sealed round may stay open, in seconds, in games whose rounds have a
    /// deadline (an option): the service closes the round at the first call after it, and the
    /// seats that sealed nothing do nothing that round. Default: no deadline.
    fn round_seconds(&self, state: &Self::State) -> Option<u32> {
        let _ = state;
        None
    }
    /// Resolves a sealed round once every active seat has submitted: by default each action
    /// is applied in seat order. Games whose sealed actions happen at once override it.
    fn resolve_round(
        &self,
        state: &mut Self::State,
        actions: &[(Seat, Self::Action)],
        rng: &mut dyn RandomSource,
    ) -> Result<(), GameError> {
        actions.iter().try_for_each(|(seat, action)| self.apply(state, *seat, action, rng))
    }
    /// The public part: what every viewer sees.
    fn public(&self, state: &Self::State) -> Self::Public;
    /// What `seat` alone knows.
    fn private(&self, state: &Self::State, seat: Seat) -> Option<Self::Private> {
        let _ = (state, seat);
        None
    }
    /// What only the referee knows.
    fn hidden(&self, state: &Self::State) -> Option<Self::Hidden> {
        let _ = state;
        None
    }
    /// The board as `viewer` may see it, with the cells selectable for `legal` (the viewer's
    /// own legal actions).
    fn board(&self, state: &Self::State, viewer: Viewer, legal: &[Self::Action]) -> Option<BoardView> {
        let _ = (state, viewer, legal);
        None
    }
    /// How the game ended by its own rules, if it has.
    fn outcome(&self, state: &Self::State) -> Option<Outcome>;
    /// Which of resigning and draw offers the game allows.
    fn courtesies(&self) -> Courtesies {
        Courtesies::ALL
    }
    /// The puzzles of this state whose par everyone may now see (the holes played), by key;
    /// `over` says whether the game has ended, by its own rules or by a resignation, an agreed
    /// draw or the host. Cheap: the work is in [`Game::par`]. Default: none.
    fn puzzles(&self, state: &Self::State, over: bool) -> Vec<String> {
        let _ = (state, over);
        Vec::new()
    }
    /// Works out the par of one of [`Game::puzzles`] (the contract asks for no other): pure and
    /// deterministic, bounded by a budget
    /// counted in positions, but it may take a second or more, so the service runs it apart from
    /// its other work and keeps the answer.
    fn par(&self, state: &Self::State, puzzle: &str) -> Option<Par> {
        let _ = (state, puzzle);
        None
    }
    /// The par of a position written in the game's notation and given without a game ("what is
    /// par here?" in a dispute), with the same budget as [`Game::par`], keyed `position`; `None`
    /// where the game has no par for a position (the default). An `Err` says why this position
    /// has none (it cannot be read, or is not a puzzle's start).
    fn position_par(&self, position: &str) -> Option<Result<Par, GameError>> {
        let _ = position;
        None
    }
    /// Reads a position in the game's notation, for adjudication without a game.
    fn parse_position(&self, text: &str) -> Result<Self::State, GameError>;
    /// Who sits at the table of a position read by [`Game::parse_position`], where the position
    /// says it (Chess Battle's saved state holds its number of players); `None` (the default):
    /// the seating of the default options.
    fn position_seating(&self, state: &Self::State) -> Option<Seating> {
        let _ = state;
        None
    }
    /// Writes a position in the game's notation.
    fn format_position(&self, state: &Self::State) -> String;
}
