//! A game as it stands now ([`Current`]), as the referee holds it between its log and its
//! callers: who is calling, by their token, and what each caller is shown. Below the calls that
//! change games (`tables`) and the games kept ready (`warm`, `finished`), which all hold it.

use crate::chain::Linker;
use crate::errors::ApiError;
use crate::names::Names;
use crate::store::{Event, Loaded, SeatRecord};
use crate::tokens;
use referee_proto::v1 as pb;
use rules::game::{AnyState, DynGame, ErrorCode, GameError, View, Viewer};

/// Who is calling, by their token.
#[derive(Copy, Clone, Debug, Eq, PartialEq)]
pub enum Caller {
    Seat(u8),
    Host,
    Anonymous,
}

impl Caller {
    pub(crate) fn viewer(self) -> Viewer {
        match self {
            Caller::Seat(s) => Viewer::Seat(s),
            _ => Viewer::Spectator,
        }
    }
}

/// A game as it stands now.
pub struct Current {
    pub loaded: Loaded,
    pub game: &'static dyn DynGame,
    /// `None` while seats are still joining.
    pub state: Option<AnyState>,
    /// Events recorded so far; the next event gets this number.
    pub seq: u64,
    /// The record's chain after those events (`chain::Linker`); empty for a game recorded
    /// before events were chained, which goes on unchained.
    pub chain: String,
    /// The host ended the game before it was over.
    pub ended: bool,
    /// When the last event was recorded (ms since the epoch; unknown for a snapshot written
    /// before it was kept).
    pub last_at_ms: Option<u64>,
    /// Nobody moved for the settings' `abandoned_after`: the game is closed, its record out.
    pub abandoned: bool,
    /// When the sealed round now open reaches its deadline (ms since the epoch), in games
    /// whose rounds have one.
    pub round_deadline_ms: Option<u64>,
    /// How long the table waits for committed entropy after the last join (the settings').
    pub reveal_wait_ms: u64,
}

impl Clone for Current {
    fn clone(&self) -> Current {
        Current {
            loaded: self.loaded.clone(),
            state: self.state.as_ref().map(|s| self.game.clone_state(s)),
            chain: self.chain.clone(),
            ..*self
        }
    }
}

impl Current {
    /// The game without what the read it came from held beyond its state (the events since
    /// the snapshot, the snapshot, a retry's prior event): what is kept between calls.
    pub fn trimmed(mut self) -> Current {
        self.loaded.events = Vec::new();
        self.loaded.snapshot = None;
        self.loaded.prior = None;
        self
    }

    pub fn is_over(&self) -> bool {
        self.ended || self.abandoned || self.state.as_ref().is_some_and(|s| self.game.outcome(s).is_some())
    }

    pub fn status(&self) -> pb::GameStatus {
        match &self.state {
            _ if self.ended || self.abandoned => pb::GameStatus::Over,
            None => pb::GameStatus::Waiting,
            Some(_) if self.is_over() => pb::GameStatus::Over,
            Some(_) => pb::GameStatus::Active,
        }
    }

    /// The caller's view. Built only from `Game::view` for the caller's own eyes; while seats
    /// are joining, the seating and nothing else.
    pub fn view(&self, caller: Caller) -> pb::GameView {
        let header = &self.loaded.header;
        let view = match &self.state {
            Some(state) => {
                let mut view = self.game.view(state, caller.viewer());
                if self.ended || self.abandoned {
                    // Closed by the host or for lack of moves: nobody may act any more, and with
                    // the record and seed released every seat's secrets are shown, as at an end.
                    view.close();
                    let seats = 0..self.loaded.header.seat_count;
                    view.revealed = Some(seats.map(|s| self.game.view(state, Viewer::Seat(s)).private).collect());
                }
                self.names_in(state).name_view(&mut view);
                referee_proto::structs::to_struct(&view)
            }
            None => {
                // The options were checked when the game was created.
                let seating = self.game.seating(&header.options).unwrap_or_default();
                referee_proto::structs::to_struct(&View::waiting(&header.rules, caller.viewer(), seating))
            }
        };
        pb::GameView {
            game_id: header.game_id.clone(),
            rules: header.rules.clone(),
            seq: self.seq,
            status: self.status() as i32,
            seat: match caller {
                Caller::Seat(s) => Some(s as u32),
                _ => None,
            },
            commitment: header.commitment.clone(),
            joined_seats: self.seats_where(|r| !r.is_vacant()),
            reissued_seats: self.seats_where(SeatRecord::is_vacant),
            reissues: (0..header.seat_count)
                .map(|s| self.loaded.seats.get(&s).map_or(0, SeatRecord::reissues))
                .collect(),
            seat_count: header.seat_count as u32,
            view,
            names: self.names(),
            chain: self.chain.clone(),
            ended_by_host: self.ended,
            abandoned: self.abandoned,
            round_deadline_ms: self.round_deadline_ms.unwrap_or(0),
            awaiting_reveal: self.awaiting_reveal().into_iter().map(u32::from).collect(),
            reveal_deadline_ms: self.reveal_deadline(self.reveal_wait_ms).unwrap_or(0),
            // Said by `Tables::view`, which knows the store's retention.
            unchanged_until_ms: 0,
        }
    }

    /// How the sentences of the game in `state` name its seats for callers: by the names the
    /// players gave (`names.rs`).
    pub(crate) fn names_in(&self, state: &AnyState) -> Names {
        let seating = self.game.seats(state);
        let sides: Vec<String> = (0..seating.count()).map(|s| self.game.side_now(state, s)).collect();
        Names::new(&seating.seats, &self.names(), &sides)
    }

    /// A refusal of the game in `state` as its caller hears it: seats said by their players'
    /// names, and whose turn it is by name and side.
    pub(crate) fn refusal(&self, state: &AnyState, e: GameError) -> ApiError {
        let names = self.names_in(state);
        let message = match e.code {
            ErrorCode::NotYourTurn => names.not_your_turn(&self.game.turn(state)),
            _ => names.say(&e.message),
        };
        ApiError::from(GameError { message, ..e })
    }

    /// The seats whose record passes `test`, in order.
    pub(crate) fn seats_where(&self, test: impl Fn(&SeatRecord) -> bool) -> Vec<u32> {
        self.loaded.seats.iter().filter(|(_, r)| test(r)).map(|(s, _)| u32::from(*s)).collect()
    }

    /// `event` with its link of the record's chain, after the chain so far (left unchained in a
    /// game recorded before events were chained).
    pub(crate) fn chained(&self, mut event: Event) -> Event {
        if !self.chain.is_empty() {
            let linker = Linker { version: self.loaded.header.chain, seed: &self.loaded.seed };
            event.chain = linker.link(&self.chain, &event);
        }
        event
    }

    /// Which caller a bearer token belongs to. Only hashes are compared.
    pub fn authorize(&self, token: Option<&str>) -> Result<Caller, ApiError> {
        let Some(token) = token else { return Ok(Caller::Anonymous) };
        let hash = tokens::hash_secret(token);
        if tokens::same_hash(&hash, &self.loaded.header.host_token_hash) {
            return Ok(Caller::Host);
        }
        self.loaded
            .seats
            .iter()
            .find(|(_, record)| tokens::same_hash(&hash, &record.token_hash))
            .map(|(seat, _)| Caller::Seat(*seat))
            .ok_or_else(ApiError::unauthenticated)
    }
}

/// The form in which `seat`'s action `text` is recorded (and, from derivation 2, mixed into
/// its draws): the game's own notation where it reads the action, else the text trimmed (a
/// courtesy, or a refusal).
pub fn recorded_form(game: &dyn DynGame, state: &AnyState, seat: u8, text: &str) -> String {
    game.read_action(state, seat, text).map_or_else(|_| text.trim().to_string(), |r| r.0)
}
