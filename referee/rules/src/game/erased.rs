//! The contract's side of every game: [`Table`] keeps a game's state together with what the
//! contract owns (seating, conduct, the record, sealed actions), and [`Erased`] drives a
//! [`Game`] through the type-erased [`DynGame`] the service uses.

use super::conduct::{Conduct, Courtesy, Takeback};
use super::view::{ActiveSeatView, OutcomeView, PlayedView, Secrets, TurnView, View};
use super::{ErrorCode, Game, GameError, Outcome, Par, RulesInfo, Said, Seat, Seating, Turn, Viewer};
use crate::random::{RandomSource, Streams};
use serde::{Deserialize, Serialize};
use std::any::Any;
use std::collections::{BTreeMap, VecDeque};

/// How many of the latest record entries a game's state keeps, and its views carry. The whole
/// record is the log's: the service replays it on request (`GetRecord`). Keeping only the
/// latest keeps the cost of a move, which loads and copies the state, the same all game long.
pub const RECENT_ENTRIES: usize = 32;

/// One action in the record.
#[derive(Clone, Debug, Eq, PartialEq, Serialize, Deserialize)]
pub struct Entry {
    /// Who acted.
    pub seat: Seat,
    /// The action in the game's notation.
    pub action: String,
    /// How it is told.
    pub said: Said,
}

impl Entry {
    /// The entry as `viewer` hears it: the actor (and the audit) hear the action and the
    /// actor's sentence; others hear the sentence for them, and the action only where it is
    /// not discreet.
    pub fn heard_by(&self, viewer: Viewer) -> PlayedView {
        let knows = self.said.to_others.is_none() || viewer == Viewer::Seat(self.seat) || viewer == Viewer::Everyone;
        PlayedView {
            seat: self.seat,
            said: if knows { self.said.to_actor.clone() } else { self.said.to_others.clone().unwrap_or_default() },
            action: knows.then(|| self.action.clone()),
        }
    }
}

/// A game's state with the contract's part around it. This is what snapshots save.
#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct Table<S> {
    /// The game's own state.
    pub game: S,
    /// Who sits where.
    pub seating: Seating,
    /// Draw offers, takebacks, and endings by resignation or agreement.
    pub conduct: Conduct,
    /// The game's state before the last move, while that move may be taken back
    /// (`conduct.takeback`).
    #[serde(default = "nothing_kept", skip_serializing_if = "Option::is_none")]
    pub before_last: Option<Box<S>>,
    /// The game's state before the move before the last, while that move may be taken back
    /// together with the reply to it (`conduct.earlier`).
    #[serde(default = "nothing_kept", skip_serializing_if = "Option::is_none")]
    pub before_earlier: Option<Box<S>>,
    /// The latest entries of the record (at most [`RECENT_ENTRIES`]), oldest first.
    pub record: VecDeque<Entry>,
    /// How many entries the record holds in all; the first one kept is number
    /// `recorded - record.len()` (from 0).
    #[serde(default)]
    pub recorded: u64,
    /// The sealed actions of the round still open, by seat.
    #[serde(default)]
    pub sealed: BTreeMap<Seat, String>,
    /// How many actions have been submitted (sealed ones included).
    pub actions: u64,
    /// The value of `actions` when something every seat must see last changed: a submission
    /// made from a view older than that is stale; sealed submissions of a round still open do
    /// not count.
    pub changed_at: u64,
    /// The value of `actions` when the sealed round now open began (its first event's
    /// number), for games whose rounds have a deadline; `None` when no sealed round is open.
    #[serde(default)]
    pub round_opened: Option<u64>,
    /// Seats that must have seen a later change than `changed_at` (an open action of a sealed
    /// round that concerns them alone), by seat: the value of `actions` then.
    #[serde(default)]
    pub changed_for: BTreeMap<Seat, u64>,
    /// How many actions each seat has made (derivation 3 draws a seat's n-th action from its
    /// own stream).
    #[serde(default)]
    pub by_seat: BTreeMap<Seat, u64>,
    /// How many sealed rounds have been resolved (derivation 3 draws a round's resolution
    /// from the round's stream).
    #[serde(default)]
    pub rounds: u64,
}

/// No state kept (snapshots from before takebacks).
fn nothing_kept<S>() -> Option<Box<S>> {
    None
}

impl<S> Table<S> {
    /// Something every seat must see changed with the action now being recorded.
    fn changed(&mut self) {
        self.changed_at = self.actions + 1;
        self.changed_for.clear();
    }

    /// Adds an entry to the record, forgetting the oldest kept beyond [`RECENT_ENTRIES`].
    fn note(&mut self, entry: Entry) {
        self.record.push_back(entry);
        self.recorded += 1;
        while self.record.len() > RECENT_ENTRIES {
            self.record.pop_front();
        }
    }

    /// The number of the first entry kept.
    fn first_kept(&self) -> u64 {
        self.recorded - self.record.len() as u64
    }

    fn new(game: S, seating: Seating) -> Table<S> {
        Table {
            game,
            seating,
            conduct: Conduct::default(),
            before_last: None,
            before_earlier: None,
            record: VecDeque::new(),
            recorded: 0,
            sealed: BTreeMap::new(),
            actions: 0,
            changed_at: 0,
            changed_for: BTreeMap::new(),
            round_opened: None,
            by_seat: BTreeMap::new(),
            rounds: 0,
        }
    }
}

/// How a sealed action is told to the seat that sealed it: `sealed: ` and its sentence.
const SEALED: &str = "sealed: ";

/// How the record writes a round closed at its deadline ([`DynGame::close_round`]).
pub const DEADLINE: &str = "deadline";

/// A game state of any game, as handed between the service and [`DynGame`].
pub struct AnyState(Box<dyn Any + Send + Sync>);

/// The answer to "is that legal?" about one action in one position.
#[derive(Clone, Debug, Eq, PartialEq, Serialize, Deserialize)]
pub struct Adjudication {
    /// Whether the action is legal.
    pub legal: bool,
    /// Why not, or what the action does (check, mate), in players' words.
    pub reason: String,
    /// Why not, for programs.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub code: Option<ErrorCode>,
    /// The action as the game writes it (`e2e4`), when legal.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub action: Option<String>,
    /// The position after the action, when legal.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub position: Option<String>,
    /// The verdict in one sentence for the table, naming the side and, for a legal action, the
    /// piece and squares: "White's knight f3→d4 (Nd4) is legal.", "Black's knight c6→d4 is
    /// illegal: the knight on c6 is pinned to your king by the bishop on b5."
    pub said: String,
}

/// Where the next action of a seat stands in derivation 3's streams.
#[derive(Clone, Copy, Debug, Default, Eq, PartialEq, Serialize, Deserialize)]
pub struct DrawPoint {
    /// How many actions the seat has made.
    pub own: u64,
    /// How many sealed rounds have been resolved: the number of the next.
    pub round: u64,
}

/// An action that was accepted.
#[derive(Clone, Debug, Eq, PartialEq, Serialize, Deserialize)]
pub struct Applied {
    /// The action as the game writes it, the form stored in the log (`g1f3`).
    pub action: String,
    /// The action as the actor hears it (`Nf3+`; `sealed: Nf3` in a sealed round).
    pub description: String,
}

/// [`Game`] with its types erased: options, views and saved states as JSON, actions as text.
pub trait DynGame: Send + Sync {
    /// The rule set's catalogue entry.
    fn info(&self) -> RulesInfo;
    /// JSON Schemas (draft 2020-12) of this game's options, of the view's `game` field and of
    /// its `private` field: `{"options", "game", "private"}`.
    fn schemas(&self) -> serde_json::Value;
    /// Who sits at the table under these options (JSON; `null` for the defaults).
    fn seating(&self, options: &serde_json::Value) -> Result<Seating, GameError>;
    /// The state at the start.
    fn setup(&self, options: &serde_json::Value, rng: &mut dyn RandomSource) -> Result<AnyState, GameError>;
    /// A copy of a state.
    fn clone_state(&self, state: &AnyState) -> AnyState;
    /// Who sits at this table.
    fn seats(&self, state: &AnyState) -> Seating;
    /// Who may act now.
    fn turn(&self, state: &AnyState) -> Turn;
    /// What `seat` may submit now: the game's actions when it may act, and the courtesies.
    fn legal_actions(&self, state: &AnyState, seat: Seat) -> Vec<String>;
    /// Applies `action` for `seat`, drawing everything from `rng`. On failure the state is
    /// exactly as it was.
    fn apply(
        &self,
        state: &mut AnyState,
        seat: Seat,
        action: &str,
        rng: &mut dyn RandomSource,
    ) -> Result<Applied, GameError> {
        self.apply_streams(state, seat, action, &mut Streams::One(rng))
    }
    /// [`DynGame::apply`] with the resolution of a sealed round the action closes drawn from
    /// the round's own stream (derivation 3).
    fn apply_streams(
        &self,
        state: &mut AnyState,
        seat: Seat,
        action: &str,
        streams: &mut Streams,
    ) -> Result<Applied, GameError>;
    /// Notes an event the referee records outside play (the host re-issuing `seat`'s join
    /// code, a new phone taking the seat): it takes the next number, so that actions keep
    /// counting the log's events, and `said` joins the record, heard by everyone. Nothing in
    /// play changes, and no view taken before it goes stale.
    fn note_outside_play(&self, state: &mut AnyState, seat: Seat, said: String);
    /// Where `seat`'s next action stands in derivation 3's streams.
    fn draw_point(&self, state: &AnyState, seat: Seat) -> DrawPoint;
    /// What `viewer` may see.
    fn view(&self, state: &AnyState, viewer: Viewer) -> View;
    /// How the game ended, if it has.
    fn outcome(&self, state: &AnyState) -> Option<Outcome>;
    /// How many actions have been submitted.
    fn actions(&self, state: &AnyState) -> u64;
    /// The number of actions after which nothing every seat must see has changed: a view
    /// taken after that many actions is still fresh.
    fn changed_at(&self, state: &AnyState) -> u64;
    /// The number of actions after which nothing `seat` must see has changed: its seal sent
    /// from a view older than that is stale (an open action of a sealed round may concern only
    /// some seats, see [`Game::open_affects`]).
    fn changed_for(&self, state: &AnyState, seat: Seat) -> u64;
    /// Reads a position, for adjudication.
    fn parse_position(&self, text: &str) -> Result<AnyState, GameError>;
    /// Writes the position.
    fn format_position(&self, state: &AnyState) -> String;
    /// The deadline of the sealed round now open, in games that give rounds one: the number of
    /// the event the round began with, and the seconds it may stay open. The service closes it
    /// with [`DynGame::close_round`] at the first call after that.
    fn round_deadline(&self, state: &AnyState) -> Option<(u64, u32)>;
    /// Closes the open sealed round at its deadline: the sealed actions are revealed and
    /// resolved, and every seat that sealed nothing does nothing this round.
    fn close_round(&self, state: &mut AnyState, rng: &mut dyn RandomSource) -> Result<Applied, GameError>;
    /// The puzzles whose par everyone may now see (see [`Game::puzzles`]).
    fn puzzles(&self, state: &AnyState) -> Vec<String>;
    /// The par of one puzzle: may take a second or more (see [`Game::par`]).
    fn par(&self, state: &AnyState, puzzle: &str) -> Option<Par>;
    /// The par of a position given without a game (see [`Game::position_par`]): refused with
    /// [`ErrorCode::NoPar`] where the rules have none.
    fn position_par(&self, position: &str) -> Result<Par, GameError>;
    /// The whole state as JSON, for snapshots.
    fn save(&self, state: &AnyState) -> serde_json::Value;
    /// Reads what [`DynGame::save`] wrote.
    fn load(&self, saved: &serde_json::Value) -> Result<AnyState, GameError>;
    /// How many entries the record holds in all (the state keeps the latest
    /// [`RECENT_ENTRIES`]).
    fn recorded(&self, state: &AnyState) -> u64;
    /// The record's entries from number `since` on, as `viewer` hears them, of those the state
    /// still keeps: right after an action, the entries it added.
    fn heard_since(&self, state: &AnyState, viewer: Viewer, since: u64) -> Vec<PlayedView>;
    /// The record's entries from number `since` on, as they are kept (each can then be heard by
    /// any viewer with [`Entry::heard_by`]), of those the state still keeps.
    fn entries_since(&self, state: &AnyState, since: u64) -> Vec<Entry>;

    /// The seat a stateless question is about: `asked` if given, else the one seat that may
    /// act. Where several seats act at once (a sealed round, a reaction), the question must
    /// name one.
    fn seat_asked(&self, state: &AnyState, asked: Option<Seat>) -> Result<Seat, GameError> {
        if let Some(seat) = asked {
            if seat >= self.seats(state).count() {
                return Err(GameError::new(ErrorCode::UnknownSeat, format!("There is no seat {seat} at this table.")));
            }
            return Ok(seat);
        }
        self.turn(state).single().map(|a| a.seat).ok_or_else(|| {
            GameError::new(ErrorCode::BadPosition, "several seats act at once in this position: say which seat asks")
        })
    }

    /// The seat to act in a position read for adjudication, and its game actions (without the
    /// courtesies), for `referee legal` and perft.
    fn legal_in(&self, state: &AnyState) -> Result<(Seat, Vec<String>), GameError> {
        self.legal_for(state, None)
    }

    /// The game actions (without the courtesies) of `asked`, or of the one seat to act.
    fn legal_for(&self, state: &AnyState, asked: Option<Seat>) -> Result<(Seat, Vec<String>), GameError> {
        if !self.info().lists_all_actions {
            return Err(GameError::new(
                ErrorCode::UnknownRules,
                format!("{} cannot list all its actions", self.info().id),
            ));
        }
        if self.turn(state) == Turn::Over {
            return Ok((asked.unwrap_or(0), Vec::new()));
        }
        let seat = self.seat_asked(state, asked)?;
        let actions = self.legal_actions(state, seat).into_iter().filter(|a| Courtesy::parse(a).is_none()).collect();
        Ok((seat, actions))
    }

    /// The number of action sequences `depth` actions long from `state` (the leaves of the
    /// action tree; a turn of several actions counts each). Perft has no seed, so the tree
    /// stops at an action that draws at random (Booster's end of turn): that action is a leaf.
    fn perft(&self, state: &AnyState, depth: u32) -> Result<u64, GameError> {
        if depth == 0 {
            return Ok(1);
        }
        let (seat, actions) = self.legal_in(state)?;
        let mut total = 0;
        for action in actions {
            total += self.perft_after(state, seat, &action, depth - 1)?;
        }
        Ok(total)
    }

    /// Perft `depth` actions further after `seat` plays `action`; 1 where the action draws at
    /// random (the tree stops there).
    fn perft_after(&self, state: &AnyState, seat: Seat, action: &str, depth: u32) -> Result<u64, GameError> {
        match self.after(state, seat, action) {
            Ok((next, _)) => self.perft(&next, depth),
            Err(e) if e.code == ErrorCode::NeedsGame => Ok(1),
            Err(e) => Err(e),
        }
    }

    /// Reads `seat`'s action without playing it: the action as the game writes it, and how the
    /// actor hears it. Refused as `apply` would refuse it (but for what happens after a draw).
    fn read_action(&self, state: &AnyState, seat: Seat, action: &str) -> Result<(String, String), GameError>;

    /// `action` (legal for `seat`) spelt out for a dispute: the side, the piece, the squares.
    fn action_in_full(&self, state: &AnyState, seat: Seat, action: &str) -> Result<String, GameError>;

    /// What a refused action text tried, for a dispute ("Black's knight c6→d4"), or the side
    /// and the text as typed ("Black's Nd4").
    fn attempt_in_full(&self, state: &AnyState, seat: Seat, text: &str) -> String;

    /// What `action` (legal for `seat`, the game's own) does beyond the words that name it in a
    /// dispute, told as it was played (`told`): what the game's sentence after it adds ("no
    /// zombies anywhere"), or the whole sentence where the game names its actions only by the
    /// side and the text; `None` when the name says it all.
    fn effect_of(&self, state: &AnyState, seat: Seat, action: &str, told: &str) -> Option<String>;

    /// The side `seat` plays now, as the game's sentences name it ("White" for Gravity's Player
    /// 1 once the hidden pawn gave it White; else the seating's side).
    fn side_now(&self, state: &AnyState, seat: Seat) -> String;

    /// `text` with each seat said by the side it plays now where the seating's label differs
    /// ("Player 2 resigned" as "Black resigned" in Gravity): a dispute names sides, not seats.
    fn in_sides(&self, state: &AnyState, text: &str) -> String {
        let seats = self.seats(state);
        let labels: Vec<(String, String)> = (0..seats.count())
            .map(|s| (seats.side_of(s).to_string(), self.side_now(state, s)))
            .filter(|(label, now)| label != now)
            .collect();
        super::relabel(text, &labels)
    }

    /// The state after `seat` plays `action`, with the action as applied, where the action
    /// draws nothing at random; one that draws is refused as `NeedsGame`.
    fn after(&self, state: &AnyState, seat: Seat, action: &str) -> Result<(AnyState, Applied), GameError> {
        let mut next = self.clone_state(state);
        let mut no_rng = NoRandomnessAsError::default();
        let applied = self.apply(&mut next, seat, action, &mut no_rng)?;
        if no_rng.asked {
            return Err(GameError::new(ErrorCode::NeedsGame, format!("{action} draws at random, which needs a game")));
        }
        Ok((next, applied))
    }

    /// Stateless adjudication: is `action` legal for the seat to act in `position`?
    fn adjudicate(&self, position: &str, action: &str) -> Result<Adjudication, GameError> {
        self.adjudicate_for(position, action, None)
    }

    /// Stateless adjudication for `asked` (needed where several seats act at once), or for the
    /// one seat to act.
    fn adjudicate_for(&self, position: &str, action: &str, asked: Option<Seat>) -> Result<Adjudication, GameError> {
        let state = self.parse_position(position)?;
        let seat = match self.turn(&state) {
            Turn::Over => {
                let reason = self.outcome(&state).map_or_else(|| "The game is over.".to_string(), |o| o.reason);
                let reason = format!("No move is legal: the game is over ({reason}).");
                return Ok(Adjudication {
                    legal: false,
                    said: reason.clone(),
                    reason,
                    code: Some(ErrorCode::GameOver),
                    action: None,
                    position: None,
                });
            }
            _ => self.seat_asked(&state, asked)?,
        };
        match self.after(&state, seat, action) {
            Ok((next, applied)) => {
                let in_full = capitalised(&self.action_in_full(&state, seat, &applied.action)?);
                let effect = match applied.description.strip_prefix(SEALED) {
                    // Sealed in a round: nothing happens until every seat has sealed.
                    Some(_) => Some("it stays sealed until every seat of the round has sealed its own".into()),
                    None => self.effect_of(&state, seat, &applied.action, &applied.description),
                };
                let effect = effect.map(|e| self.in_sides(&state, &e));
                let ends = self.outcome(&next).map(|o| self.in_sides(&state, &o.reason));
                let reason = match &ends {
                    Some(ends) => format!("{} It ends the game: {ends}.", sentence(&applied.description)),
                    None => sentence(&applied.description),
                };
                Ok(Adjudication {
                    legal: true,
                    reason,
                    said: legal_verdict(&in_full, effect.as_deref(), ends.as_deref()),
                    code: None,
                    action: Some(applied.action),
                    position: Some(self.format_position(&next)),
                })
            }
            // Adjudication has no seed. Whether an action is legal never depends on what it
            // then draws (the rules check it before any draw), so an action that draws is
            // judged legal, but the position after it waits for a refereed game's draw.
            Err(e) if e.code == ErrorCode::NeedsGame => {
                let (action, said) = self.read_action(&state, seat, action)?;
                let in_full = capitalised(&self.action_in_full(&state, seat, &action)?);
                let draw = "It ends with a random draw, which happens in a refereed game.";
                Ok(Adjudication {
                    legal: true,
                    reason: format!("{} {draw}", sentence(&said)),
                    said: format!("{} is legal. {draw}", subject(&in_full)),
                    code: None,
                    action: Some(action),
                    position: None,
                })
            }
            Err(e) if matches!(e.code, ErrorCode::BadNotation | ErrorCode::BadPosition) => Err(e),
            Err(e) => {
                // Out of turn, the attempt is the asking seat's, whatever piece it names.
                let tried = match e.code {
                    ErrorCode::NotYourTurn => {
                        capitalised(&format!("{}'s {}", self.side_now(&state, seat), action.trim()))
                    }
                    _ => capitalised(&self.attempt_in_full(&state, seat, action)),
                };
                let why = self.in_sides(&state, &e.message);
                Ok(Adjudication {
                    legal: false,
                    said: format!("{} is illegal: {}", subject(&tried), lower_first(&sentence(&why))),
                    reason: e.message,
                    code: Some(e.code),
                    action: None,
                    position: None,
                })
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

/// The longest action text a game reads.
const MAX_ACTION_CHARS: usize = 256;

/// Refuses action text no game's notation uses — letters outside ASCII, control characters,
/// bidirectional overrides, zero-width marks — before any game reads it, so that no game's
/// parser has to be ready for them and no refusal repeats them.
/// A random source that counts what is drawn from it (a move that drew nothing may be taken
/// back).
struct Counted<'a> {
    inner: &'a mut dyn RandomSource,
    draws: usize,
}

impl RandomSource for Counted<'_> {
    fn below(&mut self, n: u32) -> u32 {
        self.draws += 1;
        self.inner.below(n)
    }
}

fn plain_action(text: &str) -> Result<(), GameError> {
    if text.len() <= MAX_ACTION_CHARS && text.chars().all(|c| c.is_ascii_graphic() || c == ' ') {
        return Ok(());
    }
    Err(GameError::new(
        ErrorCode::BadNotation,
        "An action is written in plain letters, digits and signs (e2e4, Nf3, roll 2d6, bury d4).",
    ))
}

/// Wraps a [`Game`] as a [`DynGame`]: the contract's rules for every game live here.
pub struct Erased<G>(pub G);

/// Words that keep their capital after a colon: the names of seats and sides.
const PROPER: [&str; 6] = ["Seat", "Player", "White", "Black", "Fire", "Ice"];

/// `text` with its first letter in lower case, to follow a colon; a first word that names a
/// seat or side ("Seat 3 cannot be frozen"), or is notation or a die's name in capitals, keeps
/// its case.
fn lower_first(text: &str) -> String {
    let first = text.split([' ', '\'']).next().unwrap_or_default();
    let kept = PROPER.contains(&first)
        || first.contains(|c: char| c.is_ascii_digit())
        || (first.len() > 1 && first.chars().all(|c| !c.is_lowercase()));
    if kept {
        return text.to_string();
    }
    let mut chars = text.chars();
    chars.next().map(|c| c.to_lowercase().chain(chars).collect()).unwrap_or_default()
}

/// `text` as a sentence: capitalised, ending with a full stop.
fn sentence(text: &str) -> String {
    end_sentence(&capitalised(text))
}

/// `text` with its first letter in capitals, to begin a sentence ("King-side White's …"); a
/// first word with a digit is notation (`e4`, `exd5`) and keeps its case.
fn capitalised(text: &str) -> String {
    let text = text.trim();
    let notation = text.split(' ').next().is_some_and(|w| w.contains(|c: char| c.is_ascii_digit()));
    let mut chars = text.chars();
    match chars.next() {
        Some(c) if !notation => c.to_uppercase().chain(chars).collect(),
        _ => text.to_string(),
    }
}

/// The verdict on a legal action for the table: a sentence about the action, named as a
/// dispute names it, then what it does and how it ends the game, where it does ("White's
/// knight e2→c3 (Ne2-c3) is legal: no zombies anywhere.").
fn legal_verdict(named: &str, effect: Option<&str>, ends: Option<&str>) -> String {
    let named = subject(named);
    match (effect, ends) {
        (None, None) => format!("{named} is legal."),
        (None, Some(ends)) => format!("{named} is legal, and ends the game: {ends}."),
        (Some(effect), None) => format!("{named} is legal: {}", end_sentence(effect)),
        (Some(effect), Some(ends)) => format!("{named} is legal: {} It ends the game: {ends}.", end_sentence(effect)),
    }
}

/// An action named as the subject of its verdict: a name with a clause after a comma
/// ("Ice's queen 2b3→1c4, taking the pawn") closes it with a comma, so that "is legal" is
/// said of the move, not of the clause.
fn subject(named: &str) -> String {
    let named = named.trim();
    if named.contains(", ") { format!("{named},") } else { named.to_string() }
}

/// `text` ending with a full stop.
fn end_sentence(text: &str) -> String {
    let text = text.trim();
    if text.ends_with(['.', '!', '?']) { text.to_string() } else { format!("{text}.") }
}

fn json<T: Serialize>(value: &T) -> serde_json::Value {
    serde_json::to_value(value).expect("game types serialize")
}

impl<G: Game> Erased<G> {
    fn table<'a>(&self, s: &'a AnyState) -> &'a Table<G::State> {
        s.0.downcast_ref().expect("a state is only given back to the game that made it")
    }

    fn wrap(table: Table<G::State>) -> AnyState {
        AnyState(Box::new(table))
    }

    fn options(&self, options: &serde_json::Value) -> Result<G::Options, GameError> {
        if options.is_null() {
            return Ok(G::Options::default());
        }
        serde_json::from_value(options.clone())
            .map_err(|e| GameError::new(ErrorCode::BadOptions, format!("options for {}: {e}", self.0.info().id)))
    }

    fn ended(&self, table: &Table<G::State>) -> Option<Outcome> {
        table.conduct.ended.clone().or_else(|| self.0.outcome(&table.game))
    }

    fn turn_of(&self, table: &Table<G::State>) -> Turn {
        if self.ended(table).is_some() { Turn::Over } else { self.0.turn(&table.game) }
    }

    /// The one sentence every game uses for a seat that may not act now.
    fn not_your_turn(&self, table: &Table<G::State>, turn: &Turn) -> GameError {
        let sides: Vec<String> = turn.active_seats().into_iter().map(|s| self.side_in(table, s)).collect();
        GameError::new(ErrorCode::NotYourTurn, super::not_your_turn(&sides))
    }

    /// The side `seat` plays now, as the game's sentences name it.
    fn side_in(&self, table: &Table<G::State>, seat: Seat) -> String {
        self.0.side_now(&table.game, seat).unwrap_or_else(|| table.seating.side_of(seat).to_string())
    }

    /// The game's typed legal actions for `seat`, when it may act: all of them, or only its open
    /// ones where the sealed round does not wait for it but it may still act openly.
    fn game_actions(&self, table: &Table<G::State>, seat: Seat) -> Vec<G::Action> {
        let turn = self.turn_of(table);
        if turn.may_act(seat) {
            return self.0.legal_actions(&table.game, seat);
        }
        if !self.acts_openly(table, &turn, seat) {
            return Vec::new();
        }
        self.0.legal_actions(&table.game, seat).into_iter().filter(|a| self.0.is_open(a)).collect()
    }

    /// Whether `seat`, outside the sealed round now open, may still play its open actions.
    fn acts_openly(&self, table: &Table<G::State>, turn: &Turn, seat: Seat) -> bool {
        turn.is_sealed() && seat < table.seating.count() && self.0.acts_openly(&table.game, seat)
    }

    fn courtesy(&self, table: &mut Table<G::State>, seat: Seat, courtesy: Courtesy) -> Result<Applied, GameError> {
        table.conduct.check(&table.seating, seat, courtesy, self.0.courtesies())?;
        let moves = table.conduct.asked_moves();
        let said = table.conduct.apply(&table.seating, seat, courtesy);
        let (last, earlier) = (table.before_last.take(), table.before_earlier.take());
        if courtesy == Courtesy::AcceptTakeback {
            let before = if moves == Some(2) { earlier } else { last };
            table.game = *before.expect("checked: a takeback was asked, so the table kept the state");
        } else {
            table.before_last = last.filter(|_| table.conduct.takeback.is_some());
            table.before_earlier = earlier.filter(|_| table.conduct.earlier.is_some());
        }
        let action = courtesy.as_str().to_string();
        table.note(Entry { seat, action: action.clone(), said: Said::public(said.clone()) });
        Ok(Applied { action, description: said })
    }

    /// Keeps a sealed action; once every active seat has sealed, reveals and resolves them.
    fn seal(
        &self,
        table: &mut Table<G::State>,
        seat: Seat,
        action: (String, G::Action),
        rounds: &mut dyn RandomSource,
    ) -> Result<Applied, GameError> {
        let (text, parsed) = action;
        let description = format!("{SEALED}{}", self.0.describe_action(&table.game, seat, &parsed).to_actor);
        table.sealed.insert(seat, text.clone());
        self.close_round_if_complete(table, rounds)?;
        Ok(Applied { action: text, description })
    }

    /// Reveals and resolves a sealed round once every seat it waits for has sealed. Sealed
    /// actions of seats the round no longer waits for (a seat frozen after sealing) are dropped.
    fn close_round_if_complete(
        &self,
        table: &mut Table<G::State>,
        rng: &mut dyn RandomSource,
    ) -> Result<(), GameError> {
        let turn = self.0.turn(&table.game);
        if !turn.is_sealed() {
            return Ok(());
        }
        let active = turn.active_seats();
        table.sealed.retain(|s, _| active.contains(s));
        if !active.iter().all(|s| table.sealed.contains_key(s)) {
            return Ok(());
        }
        self.resolve_sealed(table, rng)
    }

    /// Reveals the sealed actions (into the record) and resolves the round with them.
    fn resolve_sealed(&self, table: &mut Table<G::State>, rng: &mut dyn RandomSource) -> Result<(), GameError> {
        let sealed = std::mem::take(&mut table.sealed);
        let mut round = Vec::with_capacity(sealed.len());
        for (s, text) in sealed {
            let parsed = self.0.parse_action(&table.game, s, &text)?;
            let said = self.0.describe_action(&table.game, s, &parsed);
            table.note(Entry { seat: s, action: text, said });
            round.push((s, parsed));
        }
        self.0.resolve_round(&mut table.game, &round, rng)?;
        table.changed();
        table.round_opened = None;
        table.rounds += 1;
        Ok(())
    }

    /// Notes when a sealed round begins (after the action numbered `table.actions`), for its
    /// deadline.
    fn track_round(&self, table: &mut Table<G::State>) {
        let open = self.ended(table).is_none() && self.0.turn(&table.game).is_sealed();
        table.round_opened = if open { table.round_opened.or(Some(table.actions)) } else { None };
    }

    fn play(
        &self,
        table: &mut Table<G::State>,
        seat: Seat,
        text: &str,
        streams: &mut Streams,
    ) -> Result<Applied, GameError> {
        if let Some(outcome) = self.ended(table) {
            return Err(GameError::new(ErrorCode::GameOver, format!("The game is over: {}.", outcome.reason)));
        }
        plain_action(text)?;
        if let Some(courtesy) = Courtesy::parse(text) {
            let applied = self.courtesy(table, seat, courtesy)?;
            table.changed();
            return Ok(applied);
        }
        let turn = self.0.turn(&table.game);
        let openly = !turn.may_act(seat) && self.acts_openly(table, &turn, seat);
        if !turn.may_act(seat) && !openly {
            return Err(self.not_your_turn(table, &turn));
        }
        let action = self.0.parse_action(&table.game, seat, text)?;
        let formatted = self.0.format_action(&table.game, &action);
        let open = self.0.is_open(&action);
        if openly && !open {
            return Err(self.not_your_turn(table, &turn));
        }
        if turn.is_sealed() && !open {
            return self.seal(table, seat, (formatted, action), streams.round());
        }
        let said = self.0.describe_action(&table.game, seat, &action);
        // An open action in a sealed round concerns only some seats; their seals must follow it.
        let concerned = if turn.is_sealed() { self.0.open_affects(&table.game, seat, &action) } else { None };
        let before = (self.0.courtesies().takebacks && !turn.is_sealed()).then(|| table.game.clone());
        let offer_before = table.conduct.draw_offer.clone();
        let mut own = Counted { inner: streams.own(), draws: 0 };
        self.0.apply(&mut table.game, seat, &action, &mut own)?;
        let drew = own.draws > 0;
        let said = self.0.describe_result(&table.game, seat, &action, &said).unwrap_or(said);
        let team = table.seating.team_of(seat);
        // The other side's move, not asked about, may go back with this reply to it.
        let earlier = table.conduct.takeback.take().filter(|t| !t.asked && t.team != team);
        let before_earlier = table.before_last.take().filter(|_| earlier.is_some());
        table.conduct.acted(&table.seating, seat);
        // A move that drew nothing and hid nothing may be taken back, with the other side's consent.
        table.before_last = before.filter(|_| !drew && said.to_others.is_none()).map(Box::new);
        table.before_earlier = None;
        if table.before_last.is_some() {
            table.conduct.takeback = Some(Takeback { team, asked: false, draw_offer: offer_before });
            if before_earlier.is_some() {
                table.conduct.earlier = earlier;
                table.before_earlier = before_earlier;
            }
        }
        let description = said.to_actor.clone();
        table.note(Entry { seat, action: formatted.clone(), said });
        match concerned {
            Some(seats) => {
                let now = table.actions + 1;
                seats.into_iter().chain([seat]).for_each(|s| {
                    table.changed_for.insert(s, now);
                });
            }
            None => table.changed(),
        }
        if open {
            // An open action may have changed whom the round waits for.
            self.close_round_if_complete(table, streams.round())?;
        }
        Ok(Applied { action: formatted, description })
    }

    fn turn_view(&self, table: &Table<G::State>, viewer: Viewer) -> TurnView {
        match self.turn_of(table) {
            Turn::Active { turn_of, seats, sealed } => {
                let seats: Vec<ActiveSeatView> = seats
                    .iter()
                    .map(|a| ActiveSeatView {
                        seat: a.seat,
                        stage: a.stage,
                        submitted: table.sealed.contains_key(&a.seat),
                        sealed_action: (viewer.seat() == Some(a.seat) || viewer == Viewer::Everyone)
                            .then(|| table.sealed.get(&a.seat).cloned())
                            .flatten(),
                    })
                    .collect();
                let submitted = seats.iter().filter(|s| s.submitted).count();
                TurnView::Active { turn_of, sealed, seats, submitted }
            }
            Turn::Anyone => TurnView::Anyone,
            Turn::Over => TurnView::Over,
        }
    }

    fn played_view(table: &Table<G::State>, viewer: Viewer) -> Vec<PlayedView> {
        table.record.iter().map(|e| e.heard_by(viewer)).collect()
    }
}

impl<G: Game> DynGame for Erased<G> {
    fn info(&self) -> RulesInfo {
        self.0.info()
    }

    fn seating(&self, options: &serde_json::Value) -> Result<Seating, GameError> {
        self.0.seating(&self.options(options)?)
    }

    fn schemas(&self) -> serde_json::Value {
        serde_json::json!({
            "options": schemars::schema_for!(G::Options),
            "game": super::view::schema_of_output::<G::Public>(),
            "private": super::view::schema_of_output::<G::Private>(),
        })
    }

    fn setup(&self, options: &serde_json::Value, rng: &mut dyn RandomSource) -> Result<AnyState, GameError> {
        let options = self.options(options)?;
        let seating = self.0.seating(&options)?;
        let mut table = Table::new(self.0.setup(&options, rng)?, seating);
        self.track_round(&mut table);
        Ok(Self::wrap(table))
    }

    fn clone_state(&self, state: &AnyState) -> AnyState {
        Self::wrap(self.table(state).clone())
    }

    fn seats(&self, state: &AnyState) -> Seating {
        self.table(state).seating.clone()
    }

    fn turn(&self, state: &AnyState) -> Turn {
        self.turn_of(self.table(state))
    }

    fn legal_actions(&self, state: &AnyState, seat: Seat) -> Vec<String> {
        let table = self.table(state);
        if self.ended(table).is_some() {
            return Vec::new();
        }
        let mut out: Vec<String> =
            self.game_actions(table, seat).iter().map(|a| self.0.format_action(&table.game, a)).collect();
        let courtesies = table.conduct.legal(&table.seating, seat, self.0.courtesies());
        out.extend(courtesies.into_iter().map(|c| c.as_str().to_string()));
        out
    }

    fn apply_streams(
        &self,
        state: &mut AnyState,
        seat: Seat,
        action: &str,
        streams: &mut Streams,
    ) -> Result<Applied, GameError> {
        let current = self.table(state);
        if seat >= current.seating.count() {
            return Err(GameError::new(ErrorCode::UnknownSeat, format!("There is no seat {seat} at this table.")));
        }
        // Work on a copy so that a refusal half-way through cannot leave a half-applied action.
        let mut next = current.clone();
        let applied = self.play(&mut next, seat, action, streams)?;
        next.actions += 1;
        *next.by_seat.entry(seat).or_default() += 1;
        self.track_round(&mut next);
        *state = Self::wrap(next);
        Ok(applied)
    }

    fn note_outside_play(&self, state: &mut AnyState, seat: Seat, said: String) {
        let mut next = self.table(state).clone();
        next.note(Entry { seat, action: "-".into(), said: Said::public(said) });
        next.actions += 1;
        *state = Self::wrap(next);
    }

    fn draw_point(&self, state: &AnyState, seat: Seat) -> DrawPoint {
        let table = self.table(state);
        DrawPoint { own: table.by_seat.get(&seat).copied().unwrap_or(0), round: table.rounds }
    }

    fn round_deadline(&self, state: &AnyState) -> Option<(u64, u32)> {
        let table = self.table(state);
        table.round_opened.zip(self.0.round_seconds(&table.game))
    }

    fn close_round(&self, state: &mut AnyState, rng: &mut dyn RandomSource) -> Result<Applied, GameError> {
        let current = self.table(state);
        if let Some(outcome) = self.ended(current) {
            return Err(GameError::new(ErrorCode::GameOver, format!("The game is over: {}.", outcome.reason)));
        }
        let turn = self.0.turn(&current.game);
        if !turn.is_sealed() || self.0.round_seconds(&current.game).is_none() {
            return Err(GameError::new(ErrorCode::IllegalAction, "No round with a deadline is open."));
        }
        let mut next = current.clone();
        let active = turn.active_seats();
        next.sealed.retain(|s, _| active.contains(s));
        let absent: Vec<Seat> = active.iter().copied().filter(|s| !next.sealed.contains_key(s)).collect();
        self.resolve_sealed(&mut next, rng)?;
        for seat in &absent {
            let said = Said::public(format!("Seat {} sealed nothing before the deadline", seat + 1));
            next.note(Entry { seat: *seat, action: "-".into(), said });
        }
        next.actions += 1;
        self.track_round(&mut next);
        *state = Self::wrap(next);
        let names: Vec<String> = absent.iter().map(|s| format!("Seat {}", s + 1)).collect();
        let description = match names.as_slice() {
            [] => "the round closed at its deadline".to_string(),
            [one] => format!("the round closed at its deadline; {one} sealed nothing"),
            [many @ .., last] => {
                format!("the round closed at its deadline; {} and {last} sealed nothing", many.join(", "))
            }
        };
        Ok(Applied { action: DEADLINE.into(), description })
    }

    fn view(&self, state: &AnyState, viewer: Viewer) -> View {
        let table = self.table(state);
        let seat = viewer.seat();
        let actions = seat.map(|s| self.game_actions(table, s)).unwrap_or_default();
        let secrets = (viewer == Viewer::Everyone).then(|| Secrets {
            private: (0..table.seating.count()).map(|s| self.0.private(&table.game, s).map(|p| json(&p))).collect(),
            hidden: self.0.hidden(&table.game).map(|h| json(&h)),
            sealed: table.sealed.iter().map(|(s, a)| (*s, a.clone())).collect(),
        });
        View {
            rules: self.0.info().id.to_string(),
            viewer,
            seats: table.seating.seats.clone(),
            teams: table.seating.teams.clone(),
            turn: self.turn_view(table, viewer),
            legal_actions: seat.map(|s| self.legal_actions(state, s)).unwrap_or_default(),
            legal_actions_complete: self.0.info().lists_all_actions,
            private: seat.and_then(|s| self.0.private(&table.game, s)).map(|p| json(&p)),
            played: Self::played_view(table, viewer),
            played_from: table.first_kept(),
            draw_offer: table.conduct.draw_offer.clone(),
            takeback_request: table.conduct.asked().map(|t| t.team),
            takeback_moves: table.conduct.takeback_moves(seat.map(|s| table.seating.team_of(s))),
            outcome: self
                .ended(table)
                .map(|outcome| OutcomeView { teams: table.seating.team_results(&outcome), outcome }),
            revealed: self.ended(table).map(|_| {
                (0..table.seating.count()).map(|s| self.0.private(&table.game, s).map(|p| json(&p))).collect()
            }),
            board: self.0.board(&table.game, viewer, &actions),
            game: json(&self.0.public(&table.game)),
            secrets,
        }
    }

    fn outcome(&self, state: &AnyState) -> Option<Outcome> {
        self.ended(self.table(state))
    }

    fn read_action(&self, state: &AnyState, seat: Seat, text: &str) -> Result<(String, String), GameError> {
        plain_action(text)?;
        let table = self.table(state);
        let action = self.0.parse_action(&table.game, seat, text)?;
        let said = self.0.describe_action(&table.game, seat, &action);
        Ok((self.0.format_action(&table.game, &action), said.to_actor))
    }

    fn attempt_in_full(&self, state: &AnyState, seat: Seat, text: &str) -> String {
        let table = self.table(state);
        let side = self.side_in(table, seat);
        if plain_action(text).is_err() {
            return format!("{side}'s action");
        }
        if let Some(courtesy) = Courtesy::parse(text) {
            return format!("{side}'s {}", courtesy.as_noun());
        }
        self.0.describe_attempt(&table.game, seat, text).unwrap_or_else(|| format!("{side}'s {}", text.trim()))
    }

    fn action_in_full(&self, state: &AnyState, seat: Seat, text: &str) -> Result<String, GameError> {
        plain_action(text)?;
        let table = self.table(state);
        let side = self.side_in(table, seat);
        if let Some(courtesy) = Courtesy::parse(text) {
            return Ok(format!("{side}'s {}", courtesy.as_noun()));
        }
        let action = self.0.parse_action(&table.game, seat, text)?;
        let named = self.0.describe_in_full(&table.game, seat, &action);
        Ok(named.unwrap_or_else(|| format!("{side}'s {}", self.0.format_action(&table.game, &action))))
    }

    fn side_now(&self, state: &AnyState, seat: Seat) -> String {
        self.side_in(self.table(state), seat)
    }

    fn effect_of(&self, state: &AnyState, seat: Seat, action: &str, told: &str) -> Option<String> {
        if Courtesy::parse(action).is_some() {
            return None;
        }
        let table = self.table(state);
        let parsed = self.0.parse_action(&table.game, seat, action).ok()?;
        self.0.describe_effect(&table.game, seat, &parsed, told)
    }

    fn actions(&self, state: &AnyState) -> u64 {
        self.table(state).actions
    }

    fn changed_at(&self, state: &AnyState) -> u64 {
        self.table(state).changed_at
    }

    fn changed_for(&self, state: &AnyState, seat: Seat) -> u64 {
        let table = self.table(state);
        table.changed_for.get(&seat).copied().unwrap_or(0).max(table.changed_at)
    }

    fn parse_position(&self, text: &str) -> Result<AnyState, GameError> {
        let game = self.0.parse_position(text)?;
        let seating = match self.0.position_seating(&game) {
            Some(seating) => seating,
            None => self.0.seating(&G::Options::default())?,
        };
        let mut table = Table::new(game, seating);
        self.track_round(&mut table);
        Ok(Self::wrap(table))
    }

    fn format_position(&self, state: &AnyState) -> String {
        self.0.format_position(&self.table(state).game)
    }

    fn puzzles(&self, state: &AnyState) -> Vec<String> {
        let table = self.table(state);
        self.0.puzzles(&table.game, self.ended(table).is_some())
    }

    fn par(&self, state: &AnyState, puzzle: &str) -> Option<Par> {
        if !self.puzzles(state).iter().any(|p| p == puzzle) {
            return None;
        }
        self.0.par(&self.table(state).game, puzzle)
    }

    fn position_par(&self, position: &str) -> Result<Par, GameError> {
        let name = self.0.info().name;
        let none = || GameError::new(ErrorCode::NoPar, format!("{name} has no par for a position; Chess Golf has."));
        self.0.position_par(position).ok_or_else(none)?
    }

    fn save(&self, state: &AnyState) -> serde_json::Value {
        json(self.table(state))
    }

    fn load(&self, saved: &serde_json::Value) -> Result<AnyState, GameError> {
        let mut table = Table::<G::State>::deserialize(saved)
            .map_err(|e| GameError::new(ErrorCode::BadPosition, format!("saved {} state: {e}", self.0.info().id)))?;
        // A state saved before the record was cut kept all of it.
        table.recorded = table.recorded.max(table.record.len() as u64);
        while table.record.len() > RECENT_ENTRIES {
            table.record.pop_front();
        }
        Ok(Self::wrap(table))
    }

    fn recorded(&self, state: &AnyState) -> u64 {
        self.table(state).recorded
    }

    fn heard_since(&self, state: &AnyState, viewer: Viewer, since: u64) -> Vec<PlayedView> {
        self.entries_since(state, since).iter().map(|e| e.heard_by(viewer)).collect()
    }

    fn entries_since(&self, state: &AnyState, since: u64) -> Vec<Entry> {
        let table = self.table(state);
        let skip = since.saturating_sub(table.first_kept()) as usize;
        table.record.iter().skip(skip).cloned().collect()
    }
}
