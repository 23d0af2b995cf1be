//! Why a group of cards cannot be played now, in the player's words and from the acting seat's
//! own knowledge: its own hand, the board, the piles face up and what each side has built and
//! lost (seed 003, "Playing Cards", "Building Pieces").

use super::hands::{Meaning, PokerHand, Timing, card_list, meanings};
use super::notation::{BlakesAction, format_action};
use super::plays::{Play, Target};
use super::state::{BlakesState, Step};
use crate::cards::Card;
use crate::game::Seat;
use crate::pieces::{Color, Role};

/// Roles as a list for a sentence: "the knight, the bishop and the queen".
fn listed(roles: &[Role]) -> String {
    let names: Vec<String> = roles.iter().map(|r| format!("the {r}")).collect();
    match names.as_slice() {
        [] => String::new(),
        [one] => one.clone(),
        [many @ .., last] => format!("{} and {last}", many.join(", ")),
    }
}

impl BlakesState {
    /// Why the held `cards` (as written) cannot be played at `target` now, from `seat`'s
    /// knowledge; `plays` are the plays it has.
    pub fn why_not_playable(&self, seat: Seat, cards: &[Card], target: Target, plays: &[Play]) -> String {
        let list = card_list(cards);
        let mut sorted = cards.to_vec();
        sorted.sort_unstable();
        let means = meanings(&sorted, self.trump);
        if means.is_empty() {
            return format!("{list} is no poker hand, block or trump.");
        }
        let flush = means.contains(&Meaning::Poker(PokerHand::Flush(5)));
        if let Target::Square(sq) = target
            && flush
            && self.board.role_at(sq) == Some(Role::King)
        {
            return "The king cannot be removed: a five-card flush removes any other opposing piece.".into();
        }
        if let Some(card) = cards.iter().find(|c| self.play.cards_played.contains(c)) {
            return format!("{card} has been played this turn already: a card takes effect once a turn.");
        }
        let fitting: Vec<String> =
            plays.iter().filter(|p| p.cards == sorted).map(|p| format_action(&BlakesAction::Play(p.clone()))).collect();
        if !fitting.is_empty() {
            let shown: Vec<String> = fitting.iter().take(6).cloned().collect();
            let more = if fitting.len() > 6 { ", ..." } else { "" };
            return format!("That is not how {list} can be played now: try {}{more}.", shown.join(", "));
        }
        let timings = self.timings(seat);
        let meaning = means.iter().copied().find(|m| timings.contains(&m.timing())).unwrap_or(means[0]);
        if timings.contains(&meaning.timing()) {
            return self.why_nothing_to_do(seat, meaning);
        }
        self.why_not_now(seat, meaning)
    }

    /// Why `meaning`, whose moment it is, has nothing to do.
    fn why_nothing_to_do(&self, seat: Seat, meaning: Meaning) -> String {
        let us = if seat == 0 { Color::White } else { Color::Black };
        if let Some(why) = self.why_no_build(meaning, us) {
            return why;
        }
        format!("The {} can do nothing now: {}.", meaning.name(), meaning.effect())
    }

    /// Why a build by `meaning` must wait or is over for `color`, if it is a build.
    fn why_no_build(&self, meaning: Meaning, color: Color) -> Option<String> {
        let ledger = &self.ledgers[color.index()];
        let firsts: Vec<Role> =
            [Role::Rook, Role::Knight, Role::Bishop].into_iter().filter(|r| ledger.built_of(*r) == 0).collect();
        let queen_built = ledger.built_of(Role::Queen) > 0;
        let roles: Vec<Role> = match meaning {
            Meaning::Poker(PokerHand::Straight(3)) if firsts.is_empty() => {
                return Some(
                    "Your first rook, knight and bishop are built: a three-card straight builds nothing more.".into(),
                );
            }
            Meaning::Poker(PokerHand::Straight(3)) => firsts,
            Meaning::Poker(PokerHand::Straight(4) | PokerHand::Flush(4)) if queen_built => {
                return Some("Your queen has been built: a piece is built once only.".into());
            }
            Meaning::Poker(PokerHand::Straight(4) | PokerHand::Flush(4)) if !firsts.is_empty() => {
                return Some(format!(
                    "The queen is built once your first rook, knight and bishop are: build {} first.",
                    listed(&firsts)
                ));
            }
            Meaning::Poker(PokerHand::Straight(4) | PokerHand::Flush(4)) => vec![Role::Queen],
            Meaning::Poker(PokerHand::Flush(3)) if !firsts.is_empty() || !queen_built => {
                let mut missing = firsts;
                missing.extend((!queen_built).then_some(Role::Queen));
                return Some(format!(
                    "A second rook, knight or bishop is built once your first rook, knight and bishop and the queen are: build {} first.",
                    listed(&missing)
                ));
            }
            Meaning::Poker(PokerHand::Flush(3)) => {
                let seconds: Vec<Role> =
                    [Role::Rook, Role::Knight, Role::Bishop].into_iter().filter(|r| ledger.built_of(*r) == 1).collect();
                if seconds.is_empty() {
                    return Some("Your second rook, knight and bishop are built: a piece is built once only.".into());
                }
                seconds
            }
            Meaning::Poker(PokerHand::Straight(_)) if ledger.remaining().is_empty() => {
                return Some("Every piece of yours has been built: a piece is built once only.".into());
            }
            Meaning::Poker(PokerHand::Straight(_)) => ledger.remaining(),
            _ => return None,
        };
        roles
            .iter()
            .all(|r| self.placements(color, *r).is_empty())
            .then(|| "Your first rank has no empty square for the piece.".into())
    }

    /// Why `meaning` is not played at this moment.
    fn why_not_now(&self, seat: Seat, meaning: Meaning) -> String {
        let name = meaning.name();
        let window = matches!(self.step, Step::React(_));
        let defending = window && seat != self.mover_seat();
        match (&self.step, meaning.timing()) {
            (Step::React(_), Timing::BeforeMove) => {
                format!("The {name} is played in your own turn, before your move, not during an attack.")
            }
            (_, Timing::AfterRoll) if !window => {
                format!("The {name} adds to a roll: play it during an attack, once the dice are rolled.")
            }
            (_, Timing::Defending) if !defending => {
                format!("The {name} is played when a piece of yours is attacked.")
            }
            (Step::Move, Timing::BeforeMove) if !self.may_draw_now() => {
                "Your first three turns are moves and captures only: cards come from your fourth turn.".to_string()
            }
            (Step::Move, Timing::BeforeMove) if !self.play.cards_open() => {
                "Cards are played before your move or capture, and you have moved this turn.".to_string()
            }
            (Step::Move, Timing::BeforeMove) => "You play cards in your own turn, before your move.".to_string(),
            (Step::Discard, _) => "You hold more than five cards: discard one first.".to_string(),
            _ => format!("The {name} can do nothing now: {}.", meaning.effect()),
        }
    }
}
