//! `table-tools`: the companion for any game at the table. Dice of any size, named decks
//! shuffled by the referee, private hands, face-up cards, discard piles. Every seat sees only
//! its own hand; the order of every draw pile is secret from everyone.
//! Rules page: `docs/games/table-tools.md`.

use crate::cards::{Card, NamedDeck, Pile};
use crate::game::{Courtesies, ErrorCode, Game, GameError, Outcome, RulesInfo, Said, Seat, Seating, Turn};
use crate::random::{RandomSource, roll, shuffle};
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;

pub struct TableTools;

const MAX_SEATS: u8 = 12;
const MAX_DICE: u32 = 100;
const MAX_SIDES: u32 = 1_000_000;
const MAX_DECKS: usize = 8;
/// Rolls and log lines kept: enough for the table, small enough to send on every update.
const MAX_HISTORY: usize = 100;
/// Dice kept in the roll history: a hundred rolls of ten dice, ten of a hundred (always the
/// latest roll), so that a table rolling a hundred dice at a time keeps, loads and sends no
/// more than one rolling two (a hundred rolls of 100d1000000 kept 171 KB in every snapshot).
const MAX_HISTORY_DICE: usize = 1_000;
/// Bytes of log lines kept (always the latest line), for the same reason.
const MAX_LOG_BYTES: usize = 16 * 1024;

#[derive(Clone, Debug, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(default, deny_unknown_fields)]
pub struct TableToolsOptions {
    /// How many seats (1 to 12).
    pub seats: u8,
    /// Decks to create and shuffle at the start: name → kind (`standard-52`, `pieces-32`, ...).
    pub decks: BTreeMap<String, NamedDeck>,
}

impl Default for TableToolsOptions {
    fn default() -> Self {
        TableToolsOptions { seats: 2, decks: BTreeMap::new() }
    }
}

#[derive(Clone, Debug, Eq, PartialEq, Serialize, Deserialize, schemars::JsonSchema)]
pub struct Roll {
    pub seat: Seat,
    pub sides: u32,
    pub dice: Vec<u32>,
    /// Which roll of the game this is, from 1 (0 in games saved before rolls were numbered).
    #[serde(default)]
    pub number: u32,
}

#[derive(Clone, Debug, Eq, PartialEq, Serialize, Deserialize)]
pub struct Deck {
    pub kind: NamedDeck,
    pub pile: Pile,
    /// Cards face up on the table from this deck, in the order they were turned or played.
    pub face_up: Vec<Card>,
}

#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct TableToolsState {
    pub seats: u8,
    pub decks: BTreeMap<String, Deck>,
    /// Each seat's hand: (deck name, card).
    pub hands: Vec<Vec<(String, Card)>>,
    pub rolls: Vec<Roll>,
    /// What happened, in public words (never a hidden card).
    pub log: Vec<String>,
    pub ended: Option<Outcome>,
}

/// What every seat sees of one deck.
#[derive(Clone, Debug, Serialize, schemars::JsonSchema)]
pub struct DeckView {
    pub kind: NamedDeck,
    /// Cards left to draw (their order is secret).
    pub draw_pile: usize,
    pub discard: Vec<Card>,
    pub face_up: Vec<Card>,
}

/// How many cards a seat holds.
#[derive(Clone, Debug, Serialize, schemars::JsonSchema)]
pub struct HandCount {
    pub seat: Seat,
    pub count: usize,
}

/// What every seat sees at the table.
#[derive(Clone, Debug, Serialize, schemars::JsonSchema)]
pub struct TablePublic {
    pub seats: u8,
    pub decks: BTreeMap<String, DeckView>,
    pub hands: Vec<HandCount>,
    /// The latest rolls, oldest first.
    pub rolls: Vec<Roll>,
    /// What happened, in public words.
    pub log: Vec<String>,
}

/// A seat's own hand, each card as `deck:card`.
#[derive(Clone, Debug, Serialize, schemars::JsonSchema)]
pub struct TableHand {
    pub cards: Vec<String>,
}

/// What only the referee knows: each deck's draw order.
#[derive(Clone, Debug, Serialize)]
pub struct DrawOrders {
    pub draw_order: BTreeMap<String, Vec<Card>>,
}

#[derive(Clone, Debug, Eq, PartialEq)]
pub enum ToolAction {
    Roll { count: u32, sides: u32 },
    NewDeck { name: String, kind: NamedDeck },
    Shuffle { deck: String },
    Deal { deck: String, count: u32, to: DealTo },
    Draw { deck: String, count: u32 },
    Flip { deck: String },
    Play { deck: String, card: Card },
    Discard { deck: String, card: Card },
    Reshuffle { deck: String },
    End,
}

#[derive(Clone, Debug, Eq, PartialEq)]
pub enum DealTo {
    All,
    Seat(Seat),
}

fn bad(message: impl Into<String>) -> GameError {
    GameError::new(ErrorCode::BadNotation, message)
}

fn illegal(message: impl Into<String>) -> GameError {
    GameError::new(ErrorCode::IllegalAction, message)
}

const USAGE: &str = "actions: roll 2d6 | deck NAME KIND | shuffle NAME | deal NAME N [to SEAT|all] | draw NAME [N] | flip NAME | play [NAME:]CARD | discard [NAME:]CARD | reshuffle NAME | end";

fn number(text: Option<&str>, what: &str) -> Result<u32, GameError> {
    let t = text.ok_or_else(|| bad(format!("missing {what}; {USAGE}")))?;
    t.parse().map_err(|_| bad(format!("{what} must be a whole number, not \"{t}\"")))
}

fn valid_deck_name(name: &str) -> bool {
    !name.is_empty() && name.len() <= 24 && name.chars().all(|c| c.is_ascii_alphanumeric() || c == '-' || c == '_')
}

impl TableToolsState {
    fn deck(&self, name: &str) -> Result<&Deck, GameError> {
        self.decks.get(name).ok_or_else(|| illegal(format!("There is no deck called {name}.")))
    }

    fn deck_mut(&mut self, name: &str) -> Result<&mut Deck, GameError> {
        self.decks.get_mut(name).ok_or_else(|| illegal(format!("There is no deck called {name}.")))
    }

    /// Resolves `[deck:]card` against `seat`'s hand.
    fn card_in_hand(&self, seat: Seat, text: &str) -> Result<(String, Card), GameError> {
        let (deck, card_text) = match text.split_once(':') {
            Some((d, c)) => (Some(d), c),
            None => (None, text),
        };
        let card: Card = card_text.parse().map_err(|e: crate::cards::ParseCardError| bad(e.to_string()))?;
        let hand = &self.hands[seat as usize];
        let matches: Vec<&(String, Card)> =
            hand.iter().filter(|(d, c)| *c == card && deck.is_none_or(|want| want == d)).collect();
        match matches.as_slice() {
            [] => Err(illegal(format!("You do not hold {card}."))),
            [one] => Ok((*one).clone()),
            _ => Err(bad(format!("You hold {card} from more than one deck; write DECK:{card}."))),
        }
    }
}

impl Game for TableTools {
    type Options = TableToolsOptions;
    type State = TableToolsState;
    type Action = ToolAction;
    type Public = TablePublic;
    type Private = TableHand;
    type Hidden = DrawOrders;

    fn info(&self) -> RulesInfo {
        RulesInfo {
            id: "table-tools",
            name: "Table tools",
            // 2: deal targets are counted from 1, as the seats are named ("deal main 5 to 2").
            version: 2,
            summary: "Dice and cards for any game at the table: roll any number of dice of any size, shuffle a deck, deal private hands, turn cards face up, discard and reshuffle. Each player sees only their own hand.",
            min_seats: 1,
            max_seats: MAX_SEATS,
            equipment: &["dice", "decks of cards (standard or the chess decks of Appendix A)"],
            random: &["dice rolls", "shuffles"],
            secret: &["each seat's hand", "the order of every draw pile"],
            source: "DESIGN.md; decks from Appendix A",
            position_notation: "none: table tools have no position to adjudicate",
            action_notation: USAGE,
            lists_all_actions: false,
        }
    }

    fn setup(&self, options: &TableToolsOptions, rng: &mut dyn RandomSource) -> Result<TableToolsState, GameError> {
        if options.seats == 0 || options.seats > MAX_SEATS {
            return Err(GameError::new(ErrorCode::BadOptions, format!("table tools seat 1 to {MAX_SEATS} players")));
        }
        if options.decks.len() > MAX_DECKS {
            return Err(GameError::new(ErrorCode::BadOptions, format!("at most {MAX_DECKS} decks")));
        }
        let mut state = TableToolsState {
            seats: options.seats,
            decks: BTreeMap::new(),
            hands: vec![Vec::new(); options.seats as usize],
            rolls: Vec::new(),
            log: Vec::new(),
            ended: None,
        };
        for (name, kind) in &options.decks {
            if !valid_deck_name(name) {
                return Err(GameError::new(
                    ErrorCode::BadOptions,
                    format!("deck name \"{name}\": use up to 24 letters, digits, - or _"),
                ));
            }
            state.decks.insert(
                name.clone(),
                Deck { kind: *kind, pile: Pile::shuffled(kind.cards(), rng), face_up: Vec::new() },
            );
            state.log.push(format!("{name}: a {} deck, shuffled", kind.id()));
        }
        Ok(state)
    }

    fn seating(&self, options: &TableToolsOptions) -> Result<Seating, GameError> {
        if options.seats == 0 || options.seats > MAX_SEATS {
            return Err(GameError::new(ErrorCode::BadOptions, format!("table tools seat 1 to {MAX_SEATS} players")));
        }
        Ok(Seating::one_team_each((1..=options.seats).map(|s| format!("Seat {s}"))))
    }

    fn courtesies(&self) -> Courtesies {
        Courtesies::NONE
    }

    fn turn(&self, state: &TableToolsState) -> Turn {
        if state.ended.is_some() { Turn::Over } else { Turn::Anyone }
    }

    /// Table tools have too many possible actions to list; these are examples of each kind.
    fn legal_actions(&self, state: &TableToolsState, seat: Seat) -> Vec<ToolAction> {
        let mut actions = vec![ToolAction::Roll { count: 1, sides: 6 }, ToolAction::End];
        for (name, deck) in &state.decks {
            let deck_name = name.clone();
            actions.push(ToolAction::Shuffle { deck: deck_name.clone() });
            if !deck.pile.draw.is_empty() || !deck.pile.discard.is_empty() {
                actions.push(ToolAction::Draw { deck: deck_name.clone(), count: 1 });
                actions.push(ToolAction::Flip { deck: deck_name.clone() });
            }
            if !deck.pile.discard.is_empty() {
                actions.push(ToolAction::Reshuffle { deck: deck_name });
            }
        }
        for (deck, card) in &state.hands[seat as usize] {
            actions.push(ToolAction::Play { deck: deck.clone(), card: *card });
            actions.push(ToolAction::Discard { deck: deck.clone(), card: *card });
        }
        actions
    }

    fn parse_action(&self, state: &TableToolsState, seat: Seat, text: &str) -> Result<ToolAction, GameError> {
        let words: Vec<&str> = text.split_whitespace().collect();
        let deck_arg = |i: usize| -> Result<String, GameError> {
            let name = words.get(i).ok_or_else(|| bad(format!("missing deck name; {USAGE}")))?;
            state.deck(name)?;
            Ok(name.to_string())
        };
        let action = match words.first().map(|w| w.to_ascii_lowercase()).as_deref() {
            Some("roll") => {
                let spec = words.get(1).copied().unwrap_or("1d6").to_ascii_lowercase();
                let (count, sides) =
                    spec.split_once('d').ok_or_else(|| bad(format!("write dice as NdS, like 2d6, not \"{spec}\"")))?;
                let count = if count.is_empty() { 1 } else { number(Some(count), "the number of dice")? };
                let sides = number(Some(sides), "the number of sides")?;
                if !(1..=MAX_DICE).contains(&count) || !(2..=MAX_SIDES).contains(&sides) {
                    return Err(bad(format!("roll 1 to {MAX_DICE} dice of 2 to {MAX_SIDES} sides")));
                }
                ToolAction::Roll { count, sides }
            }
            Some("deck") => {
                let name = words.get(1).ok_or_else(|| bad(format!("missing deck name; {USAGE}")))?.to_string();
                if !valid_deck_name(&name) {
                    return Err(bad("a deck name is up to 24 letters, digits, - or _"));
                }
                let kind_text = words.get(2).copied().unwrap_or("standard-52");
                let kind = NamedDeck::from_id(kind_text).ok_or_else(|| {
                    bad(format!(
                        "unknown deck kind {kind_text}; use one of {}",
                        NamedDeck::ALL.map(|d| d.id()).join(", ")
                    ))
                })?;
                if state.decks.contains_key(&name) {
                    return Err(illegal(format!("There is already a deck called {name}.")));
                }
                if state.decks.len() >= MAX_DECKS {
                    return Err(illegal(format!("The table holds at most {MAX_DECKS} decks.")));
                }
                ToolAction::NewDeck { name, kind }
            }
            Some("shuffle") => ToolAction::Shuffle { deck: deck_arg(1)? },
            Some("reshuffle") => ToolAction::Reshuffle { deck: deck_arg(1)? },
            Some("flip") => ToolAction::Flip { deck: deck_arg(1)? },
            Some("draw") => {
                let deck = deck_arg(1)?;
                let count = if words.len() > 2 { number(words.get(2).copied(), "the number of cards")? } else { 1 };
                ToolAction::Draw { deck, count }
            }
            Some("deal") => {
                let deck = deck_arg(1)?;
                let count = number(words.get(2).copied(), "the number of cards")?;
                let to = match (words.get(3).copied(), words.get(4).copied()) {
                    (None, _) | (Some("all"), None) => DealTo::All,
                    (Some("to"), Some("all")) => DealTo::All,
                    (Some("to"), Some(s)) => {
                        // Seats are counted from 1 here, as the table names them ("Seat 2").
                        let named = number(Some(s), "the seat")?;
                        if named == 0 || named > state.seats as u32 {
                            return Err(GameError::new(
                                ErrorCode::UnknownSeat,
                                format!("There is no Seat {named} at this table: the seats are 1 to {}.", state.seats),
                            ));
                        }
                        DealTo::Seat((named - 1) as Seat)
                    }
                    _ => return Err(bad(format!("deal NAME N [to SEAT|all]; {USAGE}"))),
                };
                ToolAction::Deal { deck, count, to }
            }
            Some(verb @ ("play" | "discard")) => {
                let card = words.get(1).ok_or_else(|| bad(format!("which card? {USAGE}")))?;
                let (deck, card) = state.card_in_hand(seat, card)?;
                if verb == "play" { ToolAction::Play { deck, card } } else { ToolAction::Discard { deck, card } }
            }
            Some("end") => ToolAction::End,
            _ => return Err(bad(format!("\"{}\" is not a table action; {USAGE}", text.trim()))),
        };
        let count_ok = match &action {
            ToolAction::Draw { count, .. } | ToolAction::Deal { count, .. } => (1..=52).contains(count),
            _ => true,
        };
        if !count_ok {
            return Err(bad("deal or draw 1 to 52 cards at a time"));
        }
        Ok(action)
    }

    fn format_action(&self, _state: &TableToolsState, action: &ToolAction) -> String {
        match action {
            ToolAction::Roll { count, sides } => format!("roll {count}d{sides}"),
            ToolAction::NewDeck { name, kind } => format!("deck {name} {}", kind.id()),
            ToolAction::Shuffle { deck } => format!("shuffle {deck}"),
            ToolAction::Deal { deck, count, to: DealTo::All } => format!("deal {deck} {count} to all"),
            ToolAction::Deal { deck, count, to: DealTo::Seat(s) } => format!("deal {deck} {count} to {}", s + 1),
            ToolAction::Draw { deck, count } => format!("draw {deck} {count}"),
            ToolAction::Flip { deck } => format!("flip {deck}"),
            ToolAction::Play { deck, card } => format!("play {deck}:{card}"),
            ToolAction::Discard { deck, card } => format!("discard {deck}:{card}"),
            ToolAction::Reshuffle { deck } => format!("reshuffle {deck}"),
            ToolAction::End => "end".into(),
        }
    }

    fn apply(
        &self,
        state: &mut TableToolsState,
        seat: Seat,
        action: &ToolAction,
        rng: &mut dyn RandomSource,
    ) -> Result<(), GameError> {
        // Seats are told as players count them, from 1.
        let who = format!("Seat {}", seat + 1);
        match action {
            ToolAction::Roll { count, sides } => {
                let dice: Vec<u32> = (0..*count).map(|_| roll(rng, *sides)).collect();
                let shown: Vec<String> = dice.iter().map(u32::to_string).collect();
                state.log.push(format!("{who} rolled {count}d{sides}: {}", shown.join(" ")));
                // Numbered on from the last kept roll: only the latest are kept.
                let number = state.rolls.last().map_or(1, |r| r.number.max(state.rolls.len() as u32) + 1);
                state.rolls.push(Roll { seat, sides: *sides, dice, number });
            }
            ToolAction::NewDeck { name, kind } => {
                state.decks.insert(
                    name.clone(),
                    Deck { kind: *kind, pile: Pile::shuffled(kind.cards(), rng), face_up: Vec::new() },
                );
                state.log.push(format!("{who} opened {name}, a {} deck, shuffled", kind.id()));
            }
            ToolAction::Shuffle { deck } => {
                shuffle(rng, &mut state.deck_mut(deck)?.pile.draw);
                state.log.push(format!("{who} shuffled {deck}"));
            }
            ToolAction::Reshuffle { deck } => {
                let d = state.deck_mut(deck)?;
                if d.pile.discard.is_empty() {
                    return Err(illegal(format!("The discard pile of {deck} is empty.")));
                }
                d.pile.reshuffle_discard(rng);
                state.log.push(format!("{who} shuffled the discard pile of {deck} back in"));
            }
            ToolAction::Deal { deck, count, to } => {
                let targets: Vec<Seat> = match to {
                    DealTo::All => (0..state.seats).collect(),
                    DealTo::Seat(s) => vec![*s],
                };
                let needed = *count as usize * targets.len();
                let d = state.deck(deck)?;
                if d.pile.draw.len() + d.pile.discard.len() < needed {
                    return Err(illegal(format!(
                        "{deck} has only {} cards left to deal.",
                        d.pile.draw.len() + d.pile.discard.len()
                    )));
                }
                // One card at a time round the table, as dealt by hand.
                for _ in 0..*count {
                    for &t in &targets {
                        let card = state.deck_mut(deck)?.pile.draw(rng).expect("counted above");
                        state.hands[t as usize].push((deck.clone(), card));
                    }
                }
                let to_text = match to {
                    DealTo::All => "everyone".to_string(),
                    DealTo::Seat(s) => format!("Seat {}", s + 1),
                };
                state.log.push(format!("{who} dealt {count} from {deck} to {to_text}"));
            }
            ToolAction::Draw { deck, count } => {
                let d = state.deck(deck)?;
                if d.pile.draw.len() + d.pile.discard.len() < *count as usize {
                    return Err(illegal(format!(
                        "{deck} has only {} cards left.",
                        d.pile.draw.len() + d.pile.discard.len()
                    )));
                }
                for _ in 0..*count {
                    let card = state.deck_mut(deck)?.pile.draw(rng).expect("counted above");
                    state.hands[seat as usize].push((deck.clone(), card));
                }
                state.log.push(format!("{who} drew {count} from {deck}"));
            }
            ToolAction::Flip { deck } => {
                let d = state.deck_mut(deck)?;
                let card =
                    d.pile.draw(rng).ok_or_else(|| illegal(format!("{deck} has no cards left to turn over.")))?;
                d.face_up.push(card);
                state.log.push(format!("{who} turned over {card} from {deck}"));
            }
            ToolAction::Play { deck, card } | ToolAction::Discard { deck, card } => {
                let hand = &mut state.hands[seat as usize];
                let i = hand
                    .iter()
                    .position(|(d, c)| d == deck && c == card)
                    .ok_or_else(|| illegal(format!("You do not hold {card}.")))?;
                hand.remove(i);
                let d = state.deck_mut(deck)?;
                if matches!(action, ToolAction::Play { .. }) {
                    d.face_up.push(*card);
                    state.log.push(format!("{who} played {card} face up"));
                } else {
                    d.pile.discard.push(*card);
                    state.log.push(format!("{who} discarded {card}"));
                }
            }
            ToolAction::End => {
                state.ended = Some(
                    Seating::one_team_each((1..=state.seats).map(|s| format!("Seat {s}")))
                        .draw(format!("{who} closed the table")),
                );
            }
        }
        forget_the_oldest(state);
        Ok(())
    }

    /// The public log line the action wrote (what a roll showed, how many cards were drawn).
    fn describe_result(&self, state: &TableToolsState, seat: Seat, action: &ToolAction, _: &Said) -> Option<Said> {
        match action {
            ToolAction::End => Some(Said::public(format!("Seat {} closed the table", seat + 1))),
            _ => state.log.last().cloned().map(Said::public),
        }
    }

    fn public(&self, state: &TableToolsState) -> TablePublic {
        let decks = state
            .decks
            .iter()
            .map(|(name, d)| {
                let view = DeckView {
                    kind: d.kind,
                    draw_pile: d.pile.draw.len(),
                    discard: d.pile.discard.clone(),
                    face_up: d.face_up.clone(),
                };
                (name.clone(), view)
            })
            .collect();
        let hands =
            state.hands.iter().enumerate().map(|(s, hand)| HandCount { seat: s as Seat, count: hand.len() }).collect();
        TablePublic { seats: state.seats, decks, hands, rolls: state.rolls.clone(), log: state.log.clone() }
    }

    fn private(&self, state: &TableToolsState, seat: Seat) -> Option<TableHand> {
        let hand = state.hands.get(usize::from(seat))?;
        Some(TableHand { cards: hand.iter().map(|(d, c)| format!("{d}:{c}")).collect() })
    }

    fn hidden(&self, state: &TableToolsState) -> Option<DrawOrders> {
        let draw_order = state.decks.iter().map(|(name, d)| (name.clone(), d.pile.draw.clone())).collect();
        Some(DrawOrders { draw_order })
    }

    fn outcome(&self, state: &TableToolsState) -> Option<Outcome> {
        state.ended.clone()
    }

    fn parse_position(&self, _text: &str) -> Result<TableToolsState, GameError> {
        Err(GameError::new(ErrorCode::BadPosition, "table tools have no position to adjudicate"))
    }

    fn format_position(&self, _state: &TableToolsState) -> String {
        String::new()
    }
}

/// Forgets the oldest rolls and log lines past what is kept: at most [`MAX_HISTORY`] of each,
/// [`MAX_HISTORY_DICE`] dice and [`MAX_LOG_BYTES`] of lines, but always the latest of each.
fn forget_the_oldest(state: &mut TableToolsState) {
    let mut dice: usize = state.rolls.iter().map(|r| r.dice.len()).sum();
    while state.rolls.len() > 1 && (state.rolls.len() > MAX_HISTORY || dice > MAX_HISTORY_DICE) {
        dice -= state.rolls.remove(0).dice.len();
    }
    let mut bytes: usize = state.log.iter().map(String::len).sum();
    while state.log.len() > 1 && (state.log.len() > MAX_HISTORY || bytes > MAX_LOG_BYTES) {
        bytes -= state.log.remove(0).len();
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::{DynGame, Viewer};
    use crate::games;
    use crate::random::{EventRng, GameKey};
    use serde_json::{Value, json};

    fn view_of(game: &dyn DynGame, state: &crate::game::AnyState, viewer: Viewer) -> Value {
        game.view(state, viewer).to_json()
    }

    fn table(seats: u8) -> (&'static dyn DynGame, crate::game::AnyState) {
        let game = games::find("table-tools").unwrap();
        let state = game
            .setup(&json!({"seats": seats, "decks": {"main": "standard-52"}}), &mut EventRng::new(GameKey([1; 32]), 0))
            .unwrap();
        (game, state)
    }

    fn act(
        game: &dyn DynGame,
        state: &mut crate::game::AnyState,
        seat: Seat,
        action: &str,
        seq: u64,
    ) -> Result<String, GameError> {
        game.apply(state, seat, action, &mut EventRng::new(GameKey([1; 32]), seq)).map(|a| a.action)
    }

    #[test]
    fn rolls_keep_their_numbers_in_the_game_after_the_oldest_are_forgotten() {
        let (game, mut state) = table(2);
        for i in 0..105u64 {
            act(game, &mut state, (i % 2) as Seat, "roll d6", i + 1).unwrap();
        }
        let view = view_of(game, &state, Viewer::Spectator);
        let numbers: Vec<u64> =
            view["game"]["rolls"].as_array().unwrap().iter().map(|r| r["number"].as_u64().unwrap()).collect();
        assert_eq!(numbers, (6..=105).collect::<Vec<u64>>(), "the latest hundred, numbered as rolled");
    }

    #[test]
    fn a_table_rolling_a_hundred_dice_at_a_time_keeps_its_latest_thousand_dice_and_16_kib_of_log() {
        let (game, mut state) = table(2);
        for i in 0..30u64 {
            act(game, &mut state, (i % 2) as Seat, "roll 100d1000000", i + 1).unwrap();
        }
        let view = view_of(game, &state, Viewer::Spectator);
        let numbers: Vec<u64> =
            view["game"]["rolls"].as_array().unwrap().iter().map(|r| r["number"].as_u64().unwrap()).collect();
        assert_eq!(numbers, (21..=30).collect::<Vec<u64>>(), "the latest ten rolls of a hundred dice");
        let log: Vec<&str> = view["game"]["log"].as_array().unwrap().iter().map(|l| l.as_str().unwrap()).collect();
        let bytes: usize = log.iter().map(|l| l.len()).sum();
        assert!(bytes <= 16 * 1024 && bytes + 800 > 16 * 1024, "the latest 16 KiB of lines: {bytes} bytes");
        assert!(log.last().unwrap().starts_with("Seat 2 rolled 100d1000000: "), "the latest line kept");
        let snapshot = game.save(&state).to_string().len();
        assert!(snapshot < 64 * 1024, "a snapshot of {snapshot} bytes");
    }

    #[test]
    fn dice_of_any_size_are_rolled_and_remembered() {
        let (game, mut state) = table(2);
        act(game, &mut state, 0, "roll 3d20", 1).unwrap();
        act(game, &mut state, 1, "roll d6", 2).unwrap();
        let view = view_of(game, &state, Viewer::Spectator);
        let rolls = view["game"]["rolls"].as_array().unwrap();
        assert_eq!(rolls.len(), 2);
        assert_eq!(rolls[0]["dice"].as_array().unwrap().len(), 3);
        assert!(rolls[0]["dice"].as_array().unwrap().iter().all(|d| (1..=20).contains(&d.as_u64().unwrap())));
        assert_eq!(act(game, &mut state, 0, "roll 0d6", 3).unwrap_err().code, ErrorCode::BadNotation);
        assert_eq!(act(game, &mut state, 0, "roll 2dx", 3).unwrap_err().code, ErrorCode::BadNotation);
        // The record tells what each roll showed, counting seats from 1 like the rest.
        let played = &view["played"];
        let first = played[0]["said"].as_str().unwrap();
        assert!(first.starts_with("Seat 1 rolled 3d20: "), "{first}");
        assert_eq!(played[1]["said"].as_str().unwrap(), format!("Seat 2 rolled 1d6: {}", rolls[1]["dice"][0]));
    }

    #[test]
    fn dealt_hands_are_seen_only_by_their_own_seat() {
        let (game, mut state) = table(2);
        act(game, &mut state, 0, "deal main 5", 1).unwrap();
        let mine = view_of(game, &state, Viewer::Seat(0));
        let theirs = view_of(game, &state, Viewer::Seat(1));
        let spectator = view_of(game, &state, Viewer::Spectator);
        let hand0: Vec<String> =
            mine["private"]["cards"].as_array().unwrap().iter().map(|c| c.as_str().unwrap().to_string()).collect();
        assert_eq!(hand0.len(), 5);
        assert_eq!(theirs["private"]["cards"].as_array().unwrap().len(), 5, "seat 1 sees its own hand");
        assert_eq!(theirs["game"]["hands"][0]["count"], 5);
        let theirs_text = theirs.to_string();
        let spectator_text = spectator.to_string();
        for card in &hand0 {
            let bare = card.split(':').nth(1).unwrap();
            assert!(
                !theirs_text.contains(&format!("\"{card}\"")) && !theirs_text.contains(&format!("\"{bare}\"")),
                "{card} leaked to seat 1"
            );
            assert!(!spectator_text.contains(bare), "{card} leaked to a spectator");
        }
        // The order of the draw pile is no one's business until the end.
        assert!(!theirs_text.contains("draw_order") && !mine.to_string().contains("draw_order"));
        // A seat cannot play a card it does not hold, and the refusal names only its own card.
        let err = act(game, &mut state, 1, &format!("play {}", hand0[0]), 2).unwrap_err();
        assert_eq!(err.message, format!("You do not hold {}.", hand0[0].split(':').nth(1).unwrap()));
    }

    #[test]
    fn flip_discard_and_reshuffle_move_cards_between_piles() {
        let (game, mut state) = table(1);
        act(game, &mut state, 0, "draw main 2", 1).unwrap();
        act(game, &mut state, 0, "flip main", 2).unwrap();
        let view = view_of(game, &state, Viewer::Seat(0));
        assert_eq!(view["game"]["decks"]["main"]["draw_pile"], 49);
        assert_eq!(view["game"]["decks"]["main"]["face_up"].as_array().unwrap().len(), 1);
        let card = view["private"]["cards"][0].as_str().unwrap().to_string();
        act(game, &mut state, 0, &format!("discard {card}"), 3).unwrap();
        let view = view_of(game, &state, Viewer::Seat(0));
        assert_eq!(view["game"]["decks"]["main"]["discard"], json!([card.split(':').nth(1).unwrap()]));
        act(game, &mut state, 0, "reshuffle main", 4).unwrap();
        assert_eq!(view_of(game, &state, Viewer::Seat(0))["game"]["decks"]["main"]["draw_pile"], 50);
        assert_eq!(act(game, &mut state, 0, "reshuffle main", 5).unwrap_err().code, ErrorCode::IllegalAction);
        assert_eq!(act(game, &mut state, 0, "deck chess pieces-32", 5).unwrap(), "deck chess pieces-32");
        assert_eq!(act(game, &mut state, 0, "deal chess 40 to 1", 6).unwrap_err().code, ErrorCode::IllegalAction);
        assert_eq!(act(game, &mut state, 0, "deal chess 2 to 2", 6).unwrap_err().code, ErrorCode::UnknownSeat);
        assert_eq!(act(game, &mut state, 0, "deal chess 2 to 0", 6).unwrap_err().code, ErrorCode::UnknownSeat);
        assert_eq!(
            act(game, &mut state, 0, "flip nothing", 6).unwrap_err().message,
            "There is no deck called nothing."
        );
    }

    #[test]
    fn closing_the_table_ends_the_session() {
        let (game, mut state) = table(3);
        act(game, &mut state, 2, "end", 1).unwrap();
        assert_eq!(game.turn(&state), Turn::Over);
        assert_eq!(game.outcome(&state).unwrap().reason, "Seat 3 closed the table");
        assert!(
            view_of(game, &state, Viewer::Everyone)["secrets"]["hidden"]["draw_order"]["main"]
                .as_array()
                .unwrap()
                .len()
                == 52
        );
    }
}
