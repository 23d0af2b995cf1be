//! Blake's Chess (`blakes-chess`, seed 003): chess that starts with kings and pawns, where a
//! capture is settled by dice (attacker and defender each roll two, adding piece strengths),
//! and cards drawn from the fourth turn build the other pieces (straights and flushes), add to
//! rolls (pairs and more), block attacks (kings, queens, jacks) or play one of thirteen trumps.
//! There is no check: the king is captured to win. Rules page: `docs/games/blakes-chess.md`.
//!
//! - `hands.rs`: the poker-hand and trump evaluator (cards only);
//! - `state.rs`: the state and turn bookkeeping; `moves.rs`: movement;
//! - `plays.rs`: card plays and their targets; `attack.rs`: dice, reaction window, resolution;
//! - `notation.rs`: actions as text; `position.rs`: positions as text; `view.rs`: views.

mod attack;
pub mod hands;
mod moves;
mod notation;
mod plays;
mod position;
mod refusals;
mod state;
mod view;

pub use attack::strength;
pub use moves::Cylinder;
pub use notation::{BlakesAction, Source};
pub use plays::{Play, Target};
pub use state::{Attack, BlakesState, Ledger, Modifier, Report, Step, TurnPlay, Verdict};
pub use view::{
    AttackView, BlakesHand, BlakesHidden, BlakesPublic, Holding, LegendEntry, ReportView, SideView, TotalView,
};

use super::two_colours::color_of;
use crate::cards::Card;
use crate::game::{
    ActiveSeat, BoardView, ErrorCode, Game, GameError, Outcome, RulesInfo, Said, Seat, Seating, Stage, Turn, Viewer,
};
use crate::geometry::Square;
use crate::pieces::{Color, Role};
use crate::random::{RandomSource, shuffle};
use hands::{Meaning, Timing, Trump, card_list};
use serde::{Deserialize, Serialize};
use state::HAND_LIMIT;

/// The game, for the registry.
pub struct BlakesChess;

/// Blake's Chess has no options.
#[derive(Clone, Debug, Default, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct BlakesOptions {}

impl BlakesState {
    /// A new game: kings and pawns, White to move; the cut card names the trump suit; the 52
    /// cards shuffled into the stock.
    pub fn new(rng: &mut dyn RandomSource) -> BlakesState {
        let mut stock = Card::standard_deck();
        let cut = stock[rng.below(52) as usize];
        shuffle(rng, &mut stock);
        BlakesState {
            board: state::start_board(),
            to_move: Color::White,
            castling: state::corners(),
            ep: None,
            halfmoves: 0,
            turn_number: 1,
            trump: cut.suit,
            cut: Some(cut),
            hands: [Vec::new(), Vec::new()],
            stock: Some(stock),
            waste: Vec::new(),
            ledgers: Default::default(),
            play: TurnPlay::default(),
            step: Step::Move,
            last_attack: None,
            ended: None,
        }
    }

    fn stage(&self) -> Stage {
        match self.step {
            Step::Move => Stage::Move,
            Step::Discard => Stage::Discard,
            Step::React(_) => Stage::React,
        }
    }

    /// Every capture declaration of the mover, with the promotions and tag-team partners it
    /// may name.
    fn attack_actions(&self) -> Vec<BlakesAction> {
        let mut out = Vec::new();
        for capture in self.captures() {
            let promotions: Vec<Option<Role>> = if self.promotes(&capture) && self.attacker_moves_in() {
                Role::PROMOTIONS.into_iter().map(Some).collect()
            } else {
                vec![None]
            };
            let mut partners = vec![None];
            if self.play.has(Trump::TagTeam) {
                partners.extend(self.partners(capture.from, capture.victim).into_iter().map(Some));
            }
            for promotion in &promotions {
                for partner in &partners {
                    let (from, to) = (capture.from, capture.to);
                    out.push(BlakesAction::Attack { from, to, promotion: *promotion, partner: *partner });
                }
            }
        }
        out
    }

    /// Every action `seat` may take now.
    fn actions(&self, seat: Seat) -> Vec<BlakesAction> {
        let mut out: Vec<BlakesAction> = self.plays(seat).into_iter().map(BlakesAction::Play).collect();
        match self.step {
            Step::Move => {
                if self.play.left > 0 {
                    out.extend(self.quiet_moves().into_iter().map(|(from, to, promotion)| BlakesAction::Move {
                        from,
                        to,
                        promotion,
                    }));
                    out.extend(self.attack_actions());
                    out.extend(self.draws().into_iter().map(BlakesAction::Draw));
                }
                // A turn needs a move, capture or draw, unless there is none to make.
                if self.may_end_turn() {
                    out.push(BlakesAction::Done);
                }
            }
            Step::Discard => out.extend(self.hands[usize::from(seat)].iter().map(|c| BlakesAction::Discard(*c))),
            Step::React(_) => out.push(BlakesAction::Pass),
        }
        out
    }

    /// A move that captures nothing, castling included.
    fn play_move(&mut self, from: Square, to: Square, promotion: Option<Role>) {
        if self.is_castling(from, to) {
            let rank = from.rank();
            let (corner, rook_to) = if to.file() > from.file() { (7, 5) } else { (0, 3) };
            self.relocate(from, to, None);
            self.relocate(Square::from_coords(corner, rank), Square::from_coords(rook_to, rank), None);
            self.halfmoves = self.halfmoves.saturating_add(1);
        } else {
            let pawn = self.board.role_at(from) == Some(Role::Pawn);
            if pawn && from.rank().abs_diff(to.rank()) == 2 && self.play.brainwashed != Some(from) {
                self.ep = Some(Square::from_coords(from.file(), (from.rank() + to.rank()) / 2));
            }
            self.halfmoves = if pawn { 0 } else { self.halfmoves.saturating_add(1) };
            self.relocate(from, to, promotion);
        }
        self.play.acted = true;
        self.play.moved = true;
        self.play.left = self.play.left.saturating_sub(1);
        self.settle();
    }

    /// A card drawn instead of a move; a sixth card must then be discarded.
    fn draw(&mut self, seat: Seat, source: Source, rng: &mut dyn RandomSource) -> Result<(), GameError> {
        let card = match source {
            Source::Waste => self.waste.pop(),
            Source::Stock => {
                let stock = self.stock.as_mut().ok_or_else(|| {
                    GameError::new(
                        ErrorCode::NeedsGame,
                        "drawing from the stock needs a refereed game: its order is secret",
                    )
                })?;
                if stock.is_empty() {
                    // The stock is exhausted: the waste is shuffled and turned over as the new stock.
                    let mut waste = std::mem::take(&mut self.waste);
                    shuffle(rng, &mut waste);
                    *stock = waste;
                }
                (!stock.is_empty()).then(|| stock.remove(0))
            }
        };
        let card = card.ok_or_else(|| GameError::new(ErrorCode::IllegalAction, "There is no card to draw."))?;
        self.hands[usize::from(seat)].push(card);
        self.play.acted = true;
        self.play.left = self.play.left.saturating_sub(1);
        if self.hands[usize::from(seat)].len() > HAND_LIMIT {
            self.step = Step::Discard;
        } else {
            self.settle();
        }
        Ok(())
    }

    /// Long algebraic words for a move or capture: `Nb1-c3`, `e7-e8=Q`, `O-O`, `Nf3xd5`.
    fn move_words(&self, from: Square, to: Square, promotion: Option<Role>, capture: bool) -> String {
        if !capture && self.is_castling(from, to) {
            return if to.file() > from.file() { "O-O".into() } else { "O-O-O".into() };
        }
        let role = self.board.role_at(from).unwrap_or(Role::Pawn);
        let letter = if role == Role::Pawn { String::new() } else { role.letter().to_string() };
        let sep = if capture { "x" } else { "-" };
        let promo = promotion.map_or(String::new(), |p| format!("={}", p.letter()));
        let ep = if capture && !self.board.occupied().contains(to) { " e.p." } else { "" };
        format!("{letter}{from}{sep}{to}{promo}{ep}")
    }

    /// "the knight on b8".
    fn piece_on(&self, sq: Square) -> String {
        crate::chess::describe(&self.board, sq)
    }

    /// What a play does, in words, before it is played.
    fn play_words(&self, seat: Seat, play: &Play) -> String {
        let cards = card_list(&play.cards);
        let name = play.meaning.name();
        let us = color_of(seat);
        let what = match (play.meaning, play.target) {
            (Meaning::Poker(_), Target::None) => {
                let side = if seat == self.mover_seat() { "the attack" } else { "the defence" };
                format!("+{} to {side}", play.meaning.roll_bonus().unwrap_or(0))
            }
            (Meaning::Poker(_), Target::Piece(role, sq)) => format!("builds a {role} on {sq}"),
            (Meaning::Poker(_), Target::All) => "builds every piece not yet built".into(),
            (Meaning::Poker(_), Target::Square(sq)) => format!("removes {}", self.piece_on(sq)),
            (Meaning::Block(_), _) => "blocks the attack".into(),
            (Meaning::Trump(Trump::Misdirection), Target::Squares(a, b)) => {
                format!("swaps {} and {}", self.piece_on(a), self.piece_on(b))
            }
            (Meaning::Trump(Trump::Brainwashing), Target::Square(sq)) => {
                format!("{} is {us}'s for this turn", self.piece_on(sq))
            }
            (Meaning::Trump(Trump::Teleportation), Target::Squares(a, b)) => {
                let role = self.board.role_at(a).map_or("piece".into(), |r| r.to_string());
                format!("the {role} {a}→{b}; the turn ends")
            }
            (Meaning::Trump(Trump::Bodyguard), Target::Square(sq)) => {
                format!("{} will die in the defender's place", self.piece_on(sq))
            }
            (Meaning::Trump(Trump::Necromancy), Target::Piece(role, sq)) => format!("brings back a {role} on {sq}"),
            (meaning, _) => meaning.effect(),
        };
        format!("plays {cards} ({name}): {what}")
    }
}

impl BlakesState {
    /// An action named for a dispute, as the subject of its verdict: "Black's knight b8→c6",
    /// "White's attack with the bishop c4 on f7", "Black's play of JC (jack block)".
    fn action_in_full(&self, seat: Seat, action: &BlakesAction) -> String {
        let side = color_of(seat);
        let piece = |sq: Square| self.board.role_at(sq).unwrap_or(Role::Pawn);
        let promoted = |p: Option<Role>| p.map_or(String::new(), |p| format!(", promoting to a {p}"));
        match action {
            BlakesAction::Move { from, to, .. } if self.is_castling(*from, *to) => {
                let wing = if to.file() > from.file() { "king" } else { "queen" };
                format!("{side}'s castling on the {wing} side")
            }
            BlakesAction::Move { from, to, promotion } => {
                format!("{side}'s {} {from}→{to}{}", piece(*from), promoted(*promotion))
            }
            BlakesAction::Attack { from, to, promotion, partner } => {
                let with = partner.map_or(String::new(), |p| format!(" and {}", self.piece_on(p)));
                format!("{side}'s attack on {to} by the {} on {from}{with}{}", piece(*from), promoted(*promotion))
            }
            BlakesAction::Play(play) => {
                format!("{side}'s play of {} ({})", card_list(&play.cards), play.meaning.name())
            }
            BlakesAction::Draw(Source::Stock) => format!("{side}'s draw from the stock"),
            BlakesAction::Draw(Source::Waste) => format!("{side}'s draw from the waste"),
            BlakesAction::Discard(card) => format!("{side}'s discard of {card}"),
            BlakesAction::Pass => format!("{side}'s pass"),
            BlakesAction::Done => format!("{side}'s end of the turn"),
        }
    }
}

/// Both totals of an attack, spelt out: "attack 9 (4+3, knight 1, bonus 2) against defence 7
/// (5+2, pawn 0)".
fn totals_words(attack: &Attack) -> String {
    let [a, d] = attack.totals();
    let side = |i: usize| {
        let [x, y] = attack.dice[i];
        let piece = if i == 0 {
            match attack.partner_role {
                Some(p) => format!("{} and {}", attack.attacker, p),
                None => attack.attacker.to_string(),
            }
        } else {
            attack.defender.to_string()
        };
        let mut text = format!("{x}+{y}, {piece} {}", attack.strength[i]);
        if i == 0 {
            text.push_str(&format!(", bonus {}", attack.bonus));
        }
        for m in &attack.modifiers[i] {
            text.push_str(&format!(", +{}", m.plus));
        }
        text
    };
    format!("attack {a} ({}) against defence {d} ({})", side(0), side(1))
}

impl Game for BlakesChess {
    type Options = BlakesOptions;
    type State = BlakesState;
    type Action = BlakesAction;
    type Public = BlakesPublic;
    type Private = BlakesHand;
    type Hidden = BlakesHidden;

    fn info(&self) -> RulesInfo {
        RulesInfo {
            id: "blakes-chess",
            name: "Blake's Chess",
            version: 2,
            summary: "Chess from kings and pawns, with captures settled by dice and a deck of cards: draw from your fourth turn, build pieces with straights and flushes, add to rolls with pairs, block with kings, queens and jacks, and play thirteen trumps. No check: capture the king to win.",
            min_seats: 2,
            max_seats: 2,
            equipment: &["chess set", "a 52-card deck", "two dice"],
            random: &[
                "the cut that names the trump suit",
                "the shuffle of the stock, and of the waste when the stock runs out",
                "two dice for each side of every capture",
            ],
            secret: &["each player's hand", "the order of the stock"],
            source: "seed 003, \"Blake's Chess\"",
            position_notation: "FEN (castling letters name corners that keep their right), trump suit, hands White/Black, waste, built White/Black, lost White/Black, step (move, discard, react:<attack>), turn so far (- or left=2,acted,...), optionally stock:<cards>",
            action_notation: "e2e4, e4xd5 (declare a capture; e4xd5+c3 with a tag-team partner), play <cards> [target] (play 7H,7S,9C,9D; play 2H,3S,4D Nb1; play AH b8 g8), draw stock, draw waste, discard QS, pass, done; also resign, offer-draw, accept-draw, decline-draw",
            lists_all_actions: true,
        }
    }

    fn seating(&self, _options: &BlakesOptions) -> Result<Seating, GameError> {
        Ok(Seating::two_colours())
    }

    fn setup(&self, _options: &BlakesOptions, rng: &mut dyn RandomSource) -> Result<BlakesState, GameError> {
        Ok(BlakesState::new(rng))
    }

    fn turn(&self, state: &BlakesState) -> Turn {
        if state.ended.is_some() {
            return Turn::Over;
        }
        let mover = state.mover_seat();
        match &state.step {
            Step::React(attack) => {
                let seats = (0..2)
                    .filter(|side| !attack.passed[*side])
                    .map(|side| ActiveSeat { seat: state.seat_of_side(side), stage: Stage::React })
                    .collect();
                Turn::reaction(mover, seats)
            }
            _ => Turn::seat(mover, state.stage()),
        }
    }

    fn legal_actions(&self, state: &BlakesState, seat: Seat) -> Vec<BlakesAction> {
        state.actions(seat)
    }

    fn parse_action(&self, state: &BlakesState, seat: Seat, text: &str) -> Result<BlakesAction, GameError> {
        state.read_action(seat, text)
    }

    fn format_action(&self, _state: &BlakesState, action: &BlakesAction) -> String {
        notation::format_action(action)
    }

    fn describe_action(&self, state: &BlakesState, seat: Seat, action: &BlakesAction) -> Said {
        Said::public(match action {
            BlakesAction::Move { from, to, promotion } => state.move_words(*from, *to, *promotion, false),
            BlakesAction::Attack { from, to, promotion, partner } => {
                let mut text = state.move_words(*from, *to, *promotion, true);
                if let Some(p) = partner {
                    text.push_str(&format!(" with {}", state.piece_on(*p)));
                }
                text
            }
            BlakesAction::Play(play) => state.play_words(seat, play),
            BlakesAction::Draw(Source::Stock) => "draws a card from the stock".into(),
            BlakesAction::Draw(Source::Waste) => {
                format!("draws {} from the waste", state.waste.last().map_or("a card".into(), Card::to_string))
            }
            BlakesAction::Discard(card) => format!("discards {card}"),
            BlakesAction::Pass => "passes".into(),
            BlakesAction::Done => "ends the turn".into(),
        })
    }

    fn describe_in_full(&self, state: &BlakesState, seat: Seat, action: &BlakesAction) -> Option<String> {
        Some(state.action_in_full(seat, action))
    }

    /// A play is named by its cards; what it does is told after the verdict, with what came of
    /// it ("blocks the attack: attack 10 (...) against defence 3 (...); blocked: ..."); a draw
    /// from the stock, by the card it draws ("it draws 5C from the stock").
    fn describe_effect(&self, state: &BlakesState, seat: Seat, action: &BlakesAction, told: &str) -> Option<String> {
        let before = match action {
            BlakesAction::Play(play) => format!("plays {} ({})", card_list(&play.cards), play.meaning.name()),
            BlakesAction::Draw(Source::Stock) => return told.strip_prefix("draws ").map(|r| format!("it draws {r}")),
            _ => self.describe_action(state, seat, action).to_actor,
        };
        crate::game::said_beyond(&before, told)
    }

    fn describe_result(&self, state: &BlakesState, seat: Seat, action: &BlakesAction, before: &Said) -> Option<Said> {
        let in_window = match action {
            BlakesAction::Attack { .. } | BlakesAction::Pass => true,
            BlakesAction::Play(play) => play.meaning.timing() != Timing::BeforeMove,
            BlakesAction::Draw(Source::Stock) => {
                let drawn = state.hands[usize::from(seat)].last().map_or("a card".into(), Card::to_string);
                let full = if state.step == Step::Discard { "; six cards: one must be discarded" } else { "" };
                return Some(Said::discreet(
                    format!("draws {drawn} from the stock{full}"),
                    format!("{}{full}", before.to_actor),
                ));
            }
            _ => false,
        };
        if !in_window {
            return None;
        }
        let text = match (&state.step, &state.last_attack) {
            (Step::React(attack), _) => format!("{}: {}", before.to_actor, totals_words(attack)),
            (_, Some(report)) => {
                format!("{}: {}; {}", before.to_actor, totals_words(&report.attack), report.said)
            }
            _ => return None,
        };
        Some(Said::public(text))
    }

    fn apply(
        &self,
        state: &mut BlakesState,
        seat: Seat,
        action: &BlakesAction,
        rng: &mut dyn RandomSource,
    ) -> Result<(), GameError> {
        match action {
            BlakesAction::Move { from, to, promotion } => state.play_move(*from, *to, *promotion),
            BlakesAction::Attack { from, to, promotion, partner } => {
                let capture = state
                    .captures()
                    .into_iter()
                    .find(|c| c.from == *from && c.to == *to)
                    .ok_or_else(|| GameError::new(ErrorCode::IllegalAction, "That capture is not possible."))?;
                state.halfmoves = 0;
                state.declare(capture, *promotion, *partner, rng);
            }
            BlakesAction::Play(play) if matches!(state.step, Step::React(_)) => state.play_in_window(seat, play),
            BlakesAction::Play(play) => state.play_before_move(seat, play),
            BlakesAction::Draw(source) => state.draw(seat, *source, rng)?,
            BlakesAction::Discard(card) => {
                state.hands[usize::from(seat)].retain(|c| c != card);
                state.waste.push(*card);
                state.step = Step::Move;
                state.settle();
            }
            BlakesAction::Pass => state.pass(seat),
            BlakesAction::Done => state.end_turn(),
        }
        Ok(())
    }

    fn public(&self, state: &BlakesState) -> BlakesPublic {
        state.public(state.stage())
    }

    fn private(&self, state: &BlakesState, seat: Seat) -> Option<BlakesHand> {
        let may_act = self.turn(state).may_act(seat);
        let plays = if may_act { state.plays(seat) } else { Vec::new() };
        Some(state.hand_view(seat, &plays))
    }

    fn hidden(&self, state: &BlakesState) -> Option<BlakesHidden> {
        state.stock.as_ref().map(|stock| BlakesHidden { stock: stock.clone() })
    }

    fn board(&self, state: &BlakesState, _viewer: Viewer, legal: &[BlakesAction]) -> Option<BoardView> {
        Some(state.board_view(legal))
    }

    fn outcome(&self, state: &BlakesState) -> Option<Outcome> {
        state.ended.clone()
    }

    fn parse_position(&self, text: &str) -> Result<BlakesState, GameError> {
        BlakesState::from_text(text)
    }

    fn format_position(&self, state: &BlakesState) -> String {
        state.to_text()
    }
}
