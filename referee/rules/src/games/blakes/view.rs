//! What each viewer sees of a Blake's Chess game: the public part (board, piles, hand sizes,
//! what each side has built and lost, the turn so far, the attack in its window with every
//! number of both totals), a seat's own hand with the combinations it holds, and the board as
//! data.

use super::hands::{Meaning, combinations};
use super::notation::BlakesAction;
use super::plays::Target;
use super::state::{Attack, BlakesState, HAND_LIMIT, Report, Step, suit_letter};
use crate::cards::Card;
use crate::game::{BoardView, Seat, Stage};
use crate::games::two_colours::{SquareMarks, board_view};
use crate::geometry::{Bitboard, Square};
use crate::pieces::Color;
use serde::Serialize;

/// What every viewer sees.
#[derive(Clone, Debug, Serialize, schemars::JsonSchema)]
pub struct BlakesPublic {
    /// The pieces as FEN: placement, side to move, the corners keeping their castling right
    /// (`KQkq`), en passant square, halfmove clock, turn number.
    pub fen: String,
    /// Whose turn it is.
    pub to_move: Color,
    /// Each player's turn number: both players' first turn is 1.
    pub turn_number: u32,
    /// `move`, `discard` or `react`.
    pub stage: Stage,
    /// The trump suit (`hearts`).
    pub trump: String,
    /// The card cut to choose it.
    pub cut_card: Option<Card>,
    /// Cards left in the stock (`None` where unknown).
    pub stock: Option<usize>,
    /// The face-up waste pile, top last.
    pub waste: Vec<Card>,
    /// Cards in each hand, White's first.
    pub hand_sizes: [usize; 2],
    /// The most cards a hand keeps.
    pub hand_limit: usize,
    /// Whether the player to move may draw instead of moving (from the fourth turn).
    pub may_draw: bool,
    /// What each side has built, may build next and has lost, White's first.
    pub sides: [SideView; 2],
    /// The turn so far.
    pub turn: TurnSoFar,
    /// The attack waiting in its reaction window.
    pub attack: Option<AttackView>,
    /// The last attack resolved, and how it ended.
    pub last_attack: Option<ReportView>,
    /// What every group of cards does (the same in every game but for the trump suit), so a
    /// hand's combinations can be explained.
    pub legend: Vec<LegendEntry>,
}

/// One meaning a group of cards can have.
#[derive(Clone, Debug, Serialize, schemars::JsonSchema)]
pub struct LegendEntry {
    /// Its machine name, as in a hand's combinations: `three-of-a-kind`, `sniper`.
    pub kind: String,
    /// Its name: `three of a kind`.
    pub name: String,
    /// What it does: `+2 to a roll`.
    pub effect: String,
    /// The card rank that plays it alone, as cards are written (`A`, `10`, `K`): a trump (a
    /// card of that rank in the trump suit) or a block (of any suit); `None` for a poker hand.
    pub rank: Option<String>,
}

/// One side's pieces off the board.
#[derive(Clone, Debug, Serialize, schemars::JsonSchema)]
pub struct SideView {
    /// Pieces built so far (`rook`, `knight`, ...), once each.
    pub built: Vec<String>,
    /// The pieces still to build, in the seed's order.
    pub to_build: Vec<String>,
    /// Pieces lost, in the order they fell.
    pub lost: Vec<String>,
}

/// The mover's turn so far.
#[derive(Clone, Debug, Serialize, schemars::JsonSchema)]
pub struct TurnSoFar {
    /// Moves, captures or draws still allowed.
    pub actions_left: u8,
    /// Whether cards may still be played before the move.
    pub cards_open: bool,
    /// Trumps in force this turn (`invisibility`, `sniper`, ...).
    pub trumps: Vec<String>,
    /// The enemy pawn taken over by brainwashing.
    pub brainwashed: Option<Square>,
    /// Trump cards played this turn whose effect is still to come, face up beside the waste
    /// (in the order played); they go onto the waste once their effect has taken place.
    pub pending: Vec<Card>,
}

/// One side's total in an attack.
#[derive(Clone, Debug, Serialize, schemars::JsonSchema)]
pub struct TotalView {
    /// The seat.
    pub seat: Seat,
    /// Its two dice.
    pub dice: [u8; 2],
    /// The piece strength counted (the attacker's with a tag-team partner's).
    pub strength: u8,
    /// The attack bonus (2, 4 with a kamikaze); 0 for the defence.
    pub bonus: u8,
    /// Roll modifiers played.
    pub modifiers: Vec<ModifierView>,
    /// Everything added up.
    pub total: u8,
}

/// A roll modifier played.
#[derive(Clone, Debug, Serialize, schemars::JsonSchema)]
pub struct ModifierView {
    /// The cards.
    pub cards: Vec<Card>,
    /// What they add.
    pub plus: u8,
}

/// An attack, with every number of both totals.
#[derive(Clone, Debug, Serialize, schemars::JsonSchema)]
pub struct AttackView {
    /// The attacking side.
    pub attacker: Color,
    /// The attacking piece's square.
    pub from: Square,
    /// Where it lands if it wins.
    pub to: Square,
    /// The defending piece's square.
    pub victim: Square,
    /// The attacking piece (`rook`).
    pub attacker_piece: String,
    /// A tag-team partner's square.
    pub partner: Option<Square>,
    /// The partner's piece.
    pub partner_piece: Option<String>,
    /// The defending piece.
    pub defender_piece: String,
    /// The attack's total.
    pub attack: TotalView,
    /// The defence's total.
    pub defence: TotalView,
    /// `attack`, `defence` or `tie`: who wins if the window closed now.
    pub leading: String,
    /// The seats that have passed since the last card (a seat with no cards counts as passed).
    pub passed: Vec<Seat>,
    /// The piece that dies in the defender's place if the defender loses.
    pub bodyguard: Option<Square>,
    /// The trumps shaping the attack.
    pub trumps: Vec<String>,
}

/// An attack once resolved.
#[derive(Clone, Debug, Serialize, schemars::JsonSchema)]
pub struct ReportView {
    /// The attack as the window closed.
    pub attack: AttackView,
    /// `won`, `lost`, `tie` or `blocked`.
    pub result: String,
    /// What happened.
    pub said: String,
}

/// What one seat alone sees: its hand and what it can do with it.
#[derive(Clone, Debug, Serialize, schemars::JsonSchema)]
pub struct BlakesHand {
    /// The cards.
    pub cards: Vec<Card>,
    /// Every group of cards in the hand that means something, with each meaning.
    pub combinations: Vec<Holding>,
}

/// A group of cards in the hand and what it does.
#[derive(Clone, Debug, Serialize, schemars::JsonSchema)]
pub struct Holding {
    /// The cards.
    pub cards: Vec<Card>,
    /// A short machine name: `two-pair`, `straight-3`, `block-king`, `sniper`.
    pub kind: String,
    /// Its name: `three of a kind`.
    pub name: String,
    /// What it does: `+2 to a roll`.
    pub effect: String,
    /// Whether the seat may play it now.
    pub playable_now: bool,
}

/// What only the referee knows: the stock's order.
#[derive(Clone, Debug, Serialize)]
pub struct BlakesHidden {
    /// The stock, top first.
    pub stock: Vec<Card>,
}

fn attack_view(attack: &Attack, attacker: Color) -> AttackView {
    let totals = attack.totals();
    let seats = [attacker.index() as Seat, attacker.other().index() as Seat];
    let side = |i: usize| TotalView {
        seat: seats[i],
        dice: attack.dice[i],
        strength: attack.strength[i],
        bonus: if i == 0 { attack.bonus } else { 0 },
        modifiers: attack.modifiers[i].iter().map(|m| ModifierView { cards: m.cards.clone(), plus: m.plus }).collect(),
        total: totals[i],
    };
    AttackView {
        attacker,
        from: attack.from,
        to: attack.to,
        victim: attack.victim,
        attacker_piece: attack.attacker.name().into(),
        partner: attack.partner,
        partner_piece: attack.partner_role.map(|r| r.name().into()),
        defender_piece: attack.defender.name().into(),
        attack: side(0),
        defence: side(1),
        leading: match totals[0].cmp(&totals[1]) {
            std::cmp::Ordering::Greater => "attack",
            std::cmp::Ordering::Less => "defence",
            std::cmp::Ordering::Equal => "tie",
        }
        .into(),
        passed: (0..2).filter(|i| attack.passed[*i]).map(|i| seats[i]).collect(),
        bodyguard: attack.bodyguard,
        trumps: attack.trumps.iter().map(|t| t.name().to_string()).collect(),
    }
}

fn report_view(report: &Report) -> ReportView {
    let result = serde_json::to_value(report.result).ok().and_then(|v| v.as_str().map(String::from));
    ReportView {
        attack: attack_view(&report.attack, report.by),
        result: result.unwrap_or_default(),
        said: report.said.clone(),
    }
}

/// The FEN of the pieces and counters.
pub fn fen(state: &BlakesState) -> String {
    state.to_text().split_whitespace().take(6).collect::<Vec<_>>().join(" ")
}

impl BlakesState {
    /// The public part.
    pub fn public(&self, stage: Stage) -> BlakesPublic {
        let names = |roles: &[crate::pieces::Role]| roles.iter().map(|r| r.name().to_string()).collect();
        let sides = [0, 1].map(|i| {
            let ledger = &self.ledgers[i];
            let built: Vec<crate::pieces::Role> = super::state::BUILT_ROLES
                .iter()
                .flat_map(|r| std::iter::repeat_n(*r, usize::from(ledger.built_of(*r))))
                .collect();
            SideView { built: names(&built), to_build: names(&ledger.remaining()), lost: names(&ledger.dead) }
        });
        BlakesPublic {
            fen: fen(self),
            to_move: self.to_move,
            turn_number: self.turn_number,
            stage,
            trump: suit_letter::name(self.trump).into(),
            cut_card: self.cut,
            stock: self.stock.as_ref().map(Vec::len),
            waste: self.waste.clone(),
            hand_sizes: [self.hands[0].len(), self.hands[1].len()],
            hand_limit: HAND_LIMIT,
            may_draw: self.may_draw_now(),
            sides,
            turn: TurnSoFar {
                actions_left: self.play.left,
                cards_open: self.play.cards_open(),
                trumps: self.play.effects.iter().map(|t| t.name().to_string()).collect(),
                brainwashed: self.play.brainwashed,
                pending: self.play.pending.clone(),
            },
            attack: match &self.step {
                Step::React(attack) => Some(attack_view(attack, self.to_move)),
                _ => None,
            },
            last_attack: self.last_attack.as_ref().map(report_view),
            legend: legend(),
        }
    }

    /// `seat`'s hand and the combinations it holds; `playable` are the plays it has now.
    pub fn hand_view(&self, seat: Seat, playable: &[super::plays::Play]) -> BlakesHand {
        let hand = &self.hands[usize::from(seat)];
        let combinations = combinations(hand, self.trump)
            .into_iter()
            .map(|c| Holding {
                playable_now: playable.iter().any(|p| p.cards == c.cards && p.meaning == c.meaning)
                    || playable.iter().any(|p| p.cards == c.cards && same_effect(p.meaning, c.meaning)),
                kind: c.meaning.kind(),
                name: c.meaning.name(),
                effect: c.meaning.effect(),
                cards: c.cards,
            })
            .collect();
        BlakesHand { cards: hand.clone(), combinations }
    }

    /// The board, with the cells the viewer's `legal` actions start from or aim at.
    pub fn board_view(&self, legal: &[BlakesAction]) -> BoardView {
        let mut selectable = Bitboard::EMPTY;
        for action in legal {
            match action {
                BlakesAction::Move { from, .. } | BlakesAction::Attack { from, .. } => {
                    selectable = selectable.with(*from)
                }
                BlakesAction::Play(play) => match play.target {
                    Target::Square(sq) | Target::Squares(sq, _) | Target::Piece(_, sq) => {
                        selectable = selectable.with(sq)
                    }
                    _ => {}
                },
                _ => {}
            }
        }
        let attack = match &self.step {
            Step::React(attack) => Some(attack.as_ref()),
            _ => None,
        };
        let brainwashed = self.play.brainwashed;
        board_view(&self.board, selectable, |sq| {
            let mut markers = Vec::new();
            if let Some(a) = attack {
                let marks = [(a.from, "attacker"), (a.victim, "defender")];
                markers.extend(marks.iter().filter(|(s, _)| *s == sq).map(|(_, m)| m.to_string()));
                if a.partner == Some(sq) {
                    markers.push("partner".into());
                }
                if a.bodyguard == Some(sq) {
                    markers.push("bodyguard".into());
                }
            }
            if brainwashed == Some(sq) {
                markers.push("brainwashed".into());
            }
            SquareMarks { markers, ..Default::default() }
        })
    }
}

/// Every meaning of a group of cards, in the seed's order.
fn legend() -> Vec<LegendEntry> {
    use super::hands::{Block, PokerHand, Trump};
    let mut meanings: Vec<Meaning> =
        [PokerHand::TwoPair, PokerHand::ThreeOfAKind, PokerHand::FourOfAKind].map(Meaning::Poker).to_vec();
    meanings.extend((3..=5).map(|n| Meaning::Poker(PokerHand::Straight(n))));
    meanings.extend((3..=5).map(|n| Meaning::Poker(PokerHand::Flush(n))));
    meanings.extend([Block::King, Block::Queen, Block::Jack].map(Meaning::Block));
    meanings.extend(Trump::ALL.map(Meaning::Trump));
    let rank = |m: Meaning| {
        let rank = match m {
            Meaning::Trump(t) => t.rank(),
            Meaning::Block(Block::King) => 13,
            Meaning::Block(Block::Queen) => 12,
            Meaning::Block(Block::Jack) => 11,
            Meaning::Poker(_) => return None,
        };
        Some(Card::new(rank, crate::cards::Suit::Hearts).rank_text().to_string())
    };
    meanings
        .into_iter()
        .map(|m| LegendEntry { kind: m.kind(), name: m.name(), effect: m.effect(), rank: rank(m) })
        .collect()
}

/// A four-card straight and a four-card flush both build the queen: a group listed once for
/// one of them is playable for the other.
fn same_effect(a: Meaning, b: Meaning) -> bool {
    use super::hands::PokerHand::{Flush, Straight};
    matches!((a, b), (Meaning::Poker(Straight(4) | Flush(4)), Meaning::Poker(Straight(4) | Flush(4))))
}
