//! Booster Chess (`booster`, seed 001 "Booster Chess"; seed 000 has an older text of the same
//! game): each side has coloured checkers and a secret hand of piece cards. A turn is a move,
//! extra king moves paid with one's own checkers under the moved piece, optionally a card
//! played to put a checker under a matching piece, and drawing back up to one card per checker
//! in front of the player. The opponent's checkers hobble instead of boosting.
//! Rules page: `docs/games/booster.md`.

use super::stacked_chess::{MovePart, Part, StackedPlay, StackedPublic};
use super::two_colours::{after_keyword, color_of, seat_of};
use crate::cards::{Card, CardMeaning, NamedDeck, Pile, Suit};
use crate::chess::boost::{BoostPosition, Checkers, Effects};
use crate::chess::describe;
use crate::game::{
    BoardView, ErrorCode, Game, GameError, Outcome, RulesInfo, Said, Seat, Seating, Stage, Turn, Viewer,
};
use crate::geometry::{Bitboard, Square};
use crate::pieces::Color;
use crate::random::RandomSource;
use serde::{Deserialize, Serialize};

pub struct Booster;

#[derive(Clone, Debug, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(default, deny_unknown_fields)]
pub struct BoosterOptions {
    /// Checkers in front of White at the start (the seed's 6; fewer is a handicap).
    pub white_checkers: u8,
    pub black_checkers: u8,
    /// Checker cards in the deck, split evenly between the colours: the four sixes by
    /// default; 0 or 2 for a more predictable game, 6 or 8 (adding sevens) for a wilder one.
    pub checker_cards: u8,
}

impl Default for BoosterOptions {
    fn default() -> Self {
        BoosterOptions { white_checkers: 6, black_checkers: 6, checker_cards: 4 }
    }
}

#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct BoosterState {
    #[serde(flatten)]
    pub play: StackedPlay,
    /// Checkers in front of each player (White, Black).
    pub pools: [u8; 2],
    /// Secret: each player's cards.
    pub hands: [Vec<Card>; 2],
    /// The draw pile (secret order) and the face-up discard pile. `None` for a position read
    /// for adjudication, where the cards still to come are unknown.
    pub pile: Option<Pile>,
    /// The cards each player drew at the end of their last turn (only they see which).
    pub last_drawn: [Vec<Card>; 2],
}

#[derive(Clone, Debug, Eq, PartialEq)]
pub enum BoosterAction {
    Move(MovePart),
    /// Play `card` to put one of the mover's checkers under the piece on `square`.
    Play {
        card: Card,
        square: Square,
    },
    /// End the turn without playing a card.
    Pass,
}

const FINISH: &str = "card";

/// What every viewer sees of one player's hand: its size, never its cards.
#[derive(Clone, Debug, Serialize, schemars::JsonSchema)]
pub struct HandSize {
    pub seat: Seat,
    /// Cards in the hand.
    pub count: usize,
    /// Checkers in front of the player.
    pub checkers: u8,
    /// How many cards the player drew at the end of their last turn.
    pub last_drawn_count: usize,
}

/// What every viewer sees of a Booster game.
#[derive(Clone, Debug, Serialize, schemars::JsonSchema)]
pub struct BoosterPublic {
    /// The position without any hand.
    pub position: String,
    /// Each player's hand size and checkers, White first.
    pub hands: Vec<HandSize>,
    /// Cards left in the draw pile (`None` for a position read for adjudication).
    pub draw_pile: Option<usize>,
    /// The face-up discard pile, oldest first.
    pub discard: Vec<Card>,
    /// Stacks, side to move, check, the stepping piece.
    #[serde(flatten)]
    pub play: StackedPublic,
}

/// What one player alone sees: their cards.
#[derive(Clone, Debug, Serialize, schemars::JsonSchema)]
pub struct BoosterHand {
    /// The cards in the hand.
    pub cards: Vec<Card>,
    /// The cards drawn at the end of the player's last turn.
    pub last_drawn: Vec<Card>,
}

/// What only the referee knows: the order of the draw pile.
#[derive(Clone, Debug, Serialize)]
pub struct BoosterDrawOrder {
    /// The draw pile, next card last.
    pub draw_order: Vec<Card>,
}

/// The deck: the 32 piece cards and `checker_cards` checker cards (sixes, then sevens),
/// half red (White's pieces) and half black, in the documented order of a fresh deck (by suit,
/// clubs to spades, ace to king; `docs/randomness.md`), so with four checker cards it is
/// exactly the named deck `booster-36`.
fn deck(checker_cards: u8) -> Vec<Card> {
    let per_colour = usize::from(checker_cards / 2);
    let mut wanted: Vec<Card> = NamedDeck::Pieces32.cards();
    for suits in [[Suit::Hearts, Suit::Diamonds], [Suit::Spades, Suit::Clubs]] {
        let checkers = [6, 7].into_iter().flat_map(|rank| suits.map(|s| Card::new(rank, s)));
        wanted.extend(checkers.take(per_colour));
    }
    Card::standard_deck().into_iter().filter(|c| wanted.contains(c)).collect()
}

impl BoosterState {
    fn mover(&self) -> Color {
        self.play.mover()
    }

    fn take_effects(&mut self, effects: Effects) {
        for color in Color::ALL {
            self.pools[color.index()] += effects.returned[color.index()];
        }
    }

    /// An example of playing a card, from `me`'s own hand so that it tells nothing of the
    /// others' cards: `play 9D e2`.
    fn play_example(&self, me: Color) -> String {
        self.hands[me.index()]
            .iter()
            .find_map(|&card| self.card_targets(card).first().map(|square| format!("play {card} {square}")))
            .unwrap_or_else(|| "play <card from your hand> <square>".to_string())
    }

    /// Whether the mover's checker on `sq` would hobble a piece standing on its far rank, where
    /// hobble checkers go straight back: a card spent for nothing, so it is refused.
    fn hobble_on_far_rank(&self, sq: Square) -> bool {
        let board = &self.play.position.board;
        board.color_at(sq).is_some_and(|owner| owner != self.mover() && sq.rank() == owner.other().back_rank())
    }

    /// Pieces the card lets the mover put a checker under: pieces like the card's, or any
    /// piece of the card's colour for a checker card or a card whose pieces are all gone.
    fn card_targets(&self, card: Card) -> Bitboard {
        let board = &self.play.position.board;
        match card.meaning() {
            Some(CardMeaning::Piece(p)) => {
                let same = board.pieces(p.color, p.role);
                if same.nonempty() { same } else { board.by_color(p.color) }
            }
            Some(CardMeaning::Checker(color)) => board.by_color(color),
            None => Bitboard::EMPTY,
        }
    }

    /// Whether putting the mover's checker on `sq` leaves the mover's own king safe (a hobbled
    /// knight, say, attacks diagonally forward like a pawn).
    fn safe_to_add(&self, sq: Square) -> bool {
        let mut after = self.play.position;
        after.add_checker(sq, self.mover());
        !after.in_check(self.mover())
    }

    fn card_plays(&self) -> Vec<(Card, Square)> {
        let me = self.mover();
        if !matches!(self.play.part, Part::Finish { .. }) || self.pools[me.index()] == 0 {
            return Vec::new();
        }
        let mut out = Vec::new();
        let mut seen: Vec<Card> = Vec::new();
        for &card in &self.hands[me.index()] {
            if seen.contains(&card) {
                continue;
            }
            seen.push(card);
            let playable = |sq: &Square| self.safe_to_add(*sq) && !self.hobble_on_far_rank(*sq);
            out.extend(self.card_targets(card).into_iter().filter(playable).map(|sq| (card, sq)));
        }
        out
    }

    /// After the moving: stay for the card part if the mover holds a card it can play,
    /// otherwise end the turn.
    fn after_moving(&mut self, rng: &mut dyn RandomSource) -> Result<(), GameError> {
        if matches!(self.play.part, Part::Finish { .. }) && self.card_plays().is_empty() {
            self.end_turn(rng)?;
        }
        Ok(())
    }

    /// Draws up to one card per checker in front of the mover, then passes the move.
    fn end_turn(&mut self, rng: &mut dyn RandomSource) -> Result<(), GameError> {
        let me = self.mover().index();
        let wanted = usize::from(self.pools[me]);
        let mut drawn = Vec::new();
        if self.hands[me].len() < wanted {
            let Some(pile) = self.pile.as_mut() else {
                return Err(GameError::new(
                    ErrorCode::NeedsGame,
                    "this ends the turn with a draw from the deck, which only a refereed game knows",
                ));
            };
            while self.hands[me].len() < wanted {
                let Some(card) = pile.draw(rng) else { break };
                self.hands[me].push(card);
                drawn.push(card);
            }
        }
        self.last_drawn[me] = drawn;
        self.play.end_turn();
        Ok(())
    }
}

impl Game for Booster {
    type Options = BoosterOptions;
    type State = BoosterState;
    type Action = BoosterAction;
    type Public = BoosterPublic;
    type Private = BoosterHand;
    type Hidden = BoosterDrawOrder;

    fn info(&self) -> RulesInfo {
        RulesInfo {
            id: "booster",
            name: "Booster Chess",
            // 3: the deck is shuffled from the documented order of a fresh deck.
            version: 3,
            summary: "Chess with a booster pack: play cards to put your checkers under pieces. Your checkers under your pieces buy extra king moves; under your opponent's they hobble them to pawn moves. Check counts the extra moves.",
            min_seats: 2,
            max_seats: 2,
            equipment: &[
                "chess set",
                "6 checkers of each colour",
                "deck of cards (the 32 piece cards and the four sixes)",
            ],
            random: &["shuffle of the 36-card deck", "reshuffles of the discard pile"],
            secret: &["each player's hand", "the order of the draw pile"],
            source: "seed 001, \"Booster Chess\" (seed 000 has an older text)",
            position_notation: "FEN, the checker stacks (c1:2w,h7:1b or -), the part of the turn (move, steps:e4, card), the checkers in front of White/Black (6/6), and the hand of the side to move (8H,QS,6D or -)",
            action_notation: "UCI for the move (e2e4, O-O) and each extra king move (e4e5), done to stop, play <card> <square> (play 8H c3) or pass; also resign, offer-draw, accept-draw, decline-draw",
            lists_all_actions: true,
        }
    }

    fn setup(&self, options: &BoosterOptions, rng: &mut dyn RandomSource) -> Result<BoosterState, GameError> {
        let bad = |m: &str| Err(GameError::new(ErrorCode::BadOptions, m));
        if options.checker_cards > 8 || options.checker_cards % 2 == 1 {
            return bad("checker_cards must be 0, 2, 4, 6 or 8 (half for each colour; the sixes, then the sevens)");
        }
        if options.white_checkers > 12 || options.black_checkers > 12 {
            return bad("each side can have at most 12 checkers");
        }
        let mut pile = Pile::shuffled(deck(options.checker_cards), rng);
        let mut hands: [Vec<Card>; 2] = [Vec::new(), Vec::new()];
        let counts = [options.white_checkers, options.black_checkers];
        // One card for each checker, dealt one at a time, White first.
        for round in 0..counts[0].max(counts[1]) {
            for color in Color::ALL {
                if round < counts[color.index()]
                    && let Some(card) = pile.draw(rng)
                {
                    hands[color.index()].push(card);
                }
            }
        }
        Ok(BoosterState {
            play: StackedPlay::new(BoostPosition::standard(Checkers::Coloured), Part::Move),
            pools: counts,
            hands,
            pile: Some(pile),
            last_drawn: [Vec::new(), Vec::new()],
        })
    }

    fn seating(&self, _options: &BoosterOptions) -> Result<Seating, GameError> {
        Ok(Seating::two_colours())
    }

    fn turn(&self, state: &BoosterState) -> Turn {
        state.play.turn(Stage::PlayCard)
    }

    fn legal_actions(&self, state: &BoosterState, _seat: Seat) -> Vec<BoosterAction> {
        let mut out: Vec<BoosterAction> = state.play.legal_parts().into_iter().map(BoosterAction::Move).collect();
        if matches!(state.play.part, Part::Finish { .. }) {
            out.extend(state.card_plays().into_iter().map(|(card, square)| BoosterAction::Play { card, square }));
            out.push(BoosterAction::Pass);
        }
        out
    }

    fn parse_action(&self, state: &BoosterState, seat: Seat, text: &str) -> Result<BoosterAction, GameError> {
        let me = color_of(seat);
        let t = text.trim();
        let in_card_part = matches!(state.play.part, Part::Finish { .. });
        let illegal = |m: String| Err(GameError::new(ErrorCode::IllegalAction, m));
        if t.eq_ignore_ascii_case("pass") {
            return if in_card_part {
                Ok(BoosterAction::Pass)
            } else {
                illegal("You may pass only on the card, after moving.".into())
            };
        }
        if let Some(rest) = after_keyword(t, "play") {
            let words: Vec<&str> = rest.split_whitespace().collect();
            let notation = || {
                GameError::new(
                    ErrorCode::BadNotation,
                    format!("\"{t}\": write play, a card and a square, like {}", state.play_example(me)),
                )
            };
            let [card, square] = words[..] else { return Err(notation()) };
            let card: Card = card.parse().map_err(|_| notation())?;
            let square: Square = square.parse().map_err(|_| notation())?;
            if !in_card_part {
                return illegal("You play a card after moving your piece (and any extra king moves).".into());
            }
            if !state.hands[me.index()].contains(&card) {
                return illegal(format!("You do not hold the {card}."));
            }
            if state.pools[me.index()] == 0 {
                return illegal("You have no checkers in front of you to add.".into());
            }
            if !state.card_targets(card).contains(square) {
                let what = match card.meaning() {
                    Some(CardMeaning::Piece(p)) => format!("a {} {}", p.color.name().to_lowercase(), p.role),
                    Some(CardMeaning::Checker(c)) => format!("any {} piece", c.name().to_lowercase()),
                    None => "nothing".into(),
                };
                return illegal(format!(
                    "The {card} puts a checker under {what}, and {} is not one.",
                    describe(&state.play.position.board, square)
                ));
            }
            if state.hobble_on_far_rank(square) {
                return illegal(format!(
                    "A checker under {} would go straight back: hobble checkers leave a piece on its far rank, so the card would do nothing.",
                    describe(&state.play.position.board, square)
                ));
            }
            if !state.safe_to_add(square) {
                return illegal(format!(
                    "Hobbling {} would let it attack your king; add the checker elsewhere.",
                    describe(&state.play.position.board, square)
                ));
            }
            return Ok(BoosterAction::Play { card, square });
        }
        state
            .play
            .read_move_part(t, &format!("play a card with play <card> <square> ({}), or pass", state.play_example(me)))
            .map(BoosterAction::Move)
    }

    fn format_action(&self, state: &BoosterState, action: &BoosterAction) -> String {
        match action {
            BoosterAction::Move(part) => state.play.format_part(*part),
            BoosterAction::Play { card, square } => format!("play {card} {square}"),
            BoosterAction::Pass => "pass".into(),
        }
    }

    fn describe_action(&self, state: &BoosterState, _seat: Seat, action: &BoosterAction) -> Said {
        // A played card is turned face up, so everyone hears which it was.
        Said::public(match action {
            BoosterAction::Move(part) => state.play.describe_part(*part),
            BoosterAction::Play { card, square } => {
                format!("{card}: a checker under {}", describe(&state.play.position.board, *square))
            }
            BoosterAction::Pass => "no card".into(),
        })
    }

    fn describe_in_full(&self, state: &BoosterState, seat: Seat, action: &BoosterAction) -> Option<String> {
        let me = color_of(seat);
        Some(match action {
            BoosterAction::Move(part) => state.play.describe_part_in_full(*part, me),
            BoosterAction::Play { card, square } => {
                format!("{me}'s card {card}, a checker under {}", describe(&state.play.position.board, *square))
            }
            BoosterAction::Pass => format!("{me}'s pass, playing no card"),
        })
    }

    fn describe_attempt(&self, state: &BoosterState, _seat: Seat, text: &str) -> Option<String> {
        crate::chess::uci_attempt_in_words(&state.play.position.board, text)
    }

    fn apply(
        &self,
        state: &mut BoosterState,
        seat: Seat,
        action: &BoosterAction,
        rng: &mut dyn RandomSource,
    ) -> Result<(), GameError> {
        let me = color_of(seat);
        match action {
            BoosterAction::Move(part) => {
                let effects = state.play.play_part(*part);
                state.take_effects(effects);
                state.after_moving(rng)?;
            }
            BoosterAction::Play { card, square } => {
                let hand = &mut state.hands[me.index()];
                let at = hand.iter().position(|c| c == card).expect("checked when parsed");
                hand.remove(at);
                if let Some(pile) = state.pile.as_mut() {
                    pile.discard.push(*card);
                }
                state.pools[me.index()] -= 1;
                let effects = state.play.position.add_checker(*square, me);
                state.take_effects(effects);
                state.end_turn(rng)?;
            }
            BoosterAction::Pass => state.end_turn(rng)?,
        }
        Ok(())
    }

    fn public(&self, state: &BoosterState) -> BoosterPublic {
        let hands = Color::ALL
            .iter()
            .map(|c| {
                let i = c.index();
                HandSize {
                    seat: seat_of(*c),
                    count: state.hands[i].len(),
                    checkers: state.pools[i],
                    last_drawn_count: state.last_drawn[i].len(),
                }
            })
            .collect();
        BoosterPublic {
            position: format!("{}{}", self.public_position(state), state.play.moved_pawns_field()),
            hands,
            draw_pile: state.pile.as_ref().map(|p| p.draw.len()),
            discard: state.pile.as_ref().map(|p| p.discard.clone()).unwrap_or_default(),
            play: state.play.public(),
        }
    }

    fn private(&self, state: &BoosterState, seat: Seat) -> Option<BoosterHand> {
        let i = color_of(seat).index();
        Some(BoosterHand { cards: state.hands[i].clone(), last_drawn: state.last_drawn[i].clone() })
    }

    fn hidden(&self, state: &BoosterState) -> Option<BoosterDrawOrder> {
        state.pile.as_ref().map(|p| BoosterDrawOrder { draw_order: p.draw.clone() })
    }

    fn board(&self, state: &BoosterState, _viewer: Viewer, legal: &[BoosterAction]) -> Option<BoardView> {
        let moves = legal.iter().filter_map(|a| match a {
            BoosterAction::Move(p) => Some(*p),
            _ => None,
        });
        let targets = legal.iter().fold(Bitboard::EMPTY, |b, a| match a {
            BoosterAction::Play { square, .. } => b.with(*square),
            _ => b,
        });
        Some(state.play.board(StackedPlay::selectable(moves) | targets))
    }

    fn outcome(&self, state: &BoosterState) -> Option<Outcome> {
        state.play.ended.clone()
    }

    fn parse_position(&self, text: &str) -> Result<BoosterState, GameError> {
        let bad = |m: String| GameError::new(ErrorCode::BadPosition, m);
        let fields: Vec<&str> = text.split_whitespace().collect();
        let (fields, moved) = StackedPlay::split_moved_pawns(&fields);
        if fields.len() > 10 {
            return Err(bad("a Booster position has at most 10 fields and the moved pawns".into()));
        }
        let (position, part) =
            StackedPlay::read_position(&fields[..fields.len().min(8)], moved, Checkers::Coloured, FINISH)?;
        let on_board = position.checkers_on_board();
        let pools = match fields.get(8) {
            None => [6u32.saturating_sub(on_board[0]) as u8, 6u32.saturating_sub(on_board[1]) as u8],
            Some(t) => {
                let read = |s: &str| s.parse::<u8>().ok().filter(|n| *n <= 12);
                match t.split_once('/').map(|(w, b)| (read(w), read(b))) {
                    Some((Some(w), Some(b))) => [w, b],
                    _ => {
                        return Err(bad(format!(
                            "the checkers in front of the players are written White/Black, like 6/6; found '{t}'"
                        )));
                    }
                }
            }
        };
        let hand: Vec<Card> = match fields.get(9) {
            None | Some(&"-") => Vec::new(),
            Some(t) => t
                .split(',')
                .map(|c| c.parse::<Card>().map_err(|e| bad(format!("hand: {e}"))))
                .collect::<Result<_, _>>()?,
        };
        let mut hands: [Vec<Card>; 2] = [Vec::new(), Vec::new()];
        hands[position.turn.index()] = hand;
        Ok(BoosterState {
            play: StackedPlay::new(position, part),
            pools,
            hands,
            pile: None,
            last_drawn: [Vec::new(), Vec::new()],
        })
    }

    fn format_position(&self, state: &BoosterState) -> String {
        let hand = &state.hands[state.mover().index()];
        let hand = if hand.is_empty() {
            "-".to_string()
        } else {
            hand.iter().map(Card::to_string).collect::<Vec<_>>().join(",")
        };
        format!("{} {hand}{}", self.public_position(state), state.play.moved_pawns_field())
    }
}

impl Booster {
    /// The position without the hand: what every seat may see.
    fn public_position(&self, state: &BoosterState) -> String {
        format!(
            "{} {} {}/{}",
            state.play.position.to_text(),
            state.play.part_text(FINISH),
            state.pools[0],
            state.pools[1]
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_deck_before_shuffling_is_the_documented_booster_36() {
        assert_eq!(deck(4), NamedDeck::Booster36.cards());
        let with_sevens = deck(8);
        assert_eq!(with_sevens.len(), 40);
        let order: Vec<Card> = Card::standard_deck().into_iter().filter(|c| with_sevens.contains(c)).collect();
        assert_eq!(with_sevens, order, "any number of checker cards keeps the fresh deck's order");
    }
}
