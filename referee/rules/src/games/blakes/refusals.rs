//! Why a group of cards cannot be played now, in the player's words and from the acting seat's
//! own knowledge: its own hand, the board, the piles face up and what each side has built and
//! lost (seed 003, "Playing Cards", "Building Pieces").

use super::hands::{Block, Meaning, PokerHand, Timing, Trump, card_list, meanings, near_miss};
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
            let hint = near_miss(&sorted).map_or(String::new(), |h| format!(": {h}"));
            return format!("{list} is no poker hand, block or trump{hint}.");
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
        let them = us.other();
        let theirs = |role: Role| self.board.by_color(them) & self.board.by_role(role);
        let not_kings = self.board.by_color(them) & !self.board.by_role(Role::King);
        match meaning {
            Meaning::Poker(PokerHand::Flush(5)) if not_kings.is_empty() => {
                "Your opponent has no piece but the king: the king cannot be removed.".into()
            }
            Meaning::Trump(Trump::Necromancy) if !self.ledgers[us.index()].dead.iter().any(|r| *r != Role::King) => {
                "You have no captured piece to bring back.".into()
            }
            Meaning::Trump(Trump::Necromancy) => "There is no empty square to bring a captured piece back on.".into(),
            Meaning::Trump(Trump::Brainwashing) if theirs(Role::Pawn).is_empty() => {
                "Your opponent has no pawn to take over.".into()
            }
            Meaning::Trump(Trump::Misdirection) => {
                "Your opponent has no two pieces of different kinds (kings aside) that could swap.".into()
            }
            Meaning::Trump(Trump::Bodyguard) | Meaning::Block(_) => self.why_no_defence(meaning),
            _ => format!("The {} can do nothing now: {}.", meaning.name(), meaning.effect()),
        }
    }

    /// Why the defender's block or bodyguard does not fit the attack.
    fn why_no_defence(&self, meaning: Meaning) -> String {
        let Step::React(attack) = &self.step else { return "No piece of yours is attacked.".into() };
        let [att, def] = attack.totals();
        let defender = attack.defender;
        match meaning {
            Meaning::Block(block) => {
                let kind = match block {
                    Block::King => "the king",
                    Block::Queen => "a queen",
                    Block::Jack => "a rook, knight, bishop or pawn",
                };
                format!("The {} blocks an attack on {kind}: the piece attacked is your {defender}.", meaning.name())
            }
            _ if defender == Role::King => "A king is never guarded: the bodyguard saves another piece.".into(),
            _ if attack.bodyguard.is_some() => "A bodyguard has been named for this attack already.".into(),
            _ if att <= def => {
                format!("The bodyguard is played for a piece about to die: your {defender} is not losing now.")
            }
            _ => "You have no other piece (kings aside) that could take its place.".into(),
        }
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
            (Step::React(_), Timing::Defending) if !defending && meaning == Meaning::Trump(Trump::Bodyguard) => {
                "The bodyguard is played by the defender, for its piece about to die.".to_string()
            }
            (Step::React(_), Timing::Defending) if !defending => {
                format!("The {name} is played by the defender, not the attacker.")
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
