//! Parade Chess Solitaire (`parade-solitaire`, seed 000 "Parade Chess Solitaire"): eight pieces
//! laid out from a1 with their gaps; each card of the hand buys one action, moving a piece with
//! a piece of the other colour that attacks it, or adding the next piece; the player wins when
//! the pieces form one group side by side, scoring the cards left. The referee knows the whole
//! deal and proves its par, shown once the game is over. Rules page:
//! `docs/games/parade-solitaire.md`.

pub mod notation;
pub mod orders;
pub mod par;
pub mod state;

pub use notation::ParadeAction;
pub use state::ParadeState;

use super::two_colours::{SquareMarks, board_view};
use crate::cards::{Card, NamedDeck};
use crate::game::{
    BoardView, Courtesies, ErrorCode, Game, GameError, NoSecret, Outcome, Par, ParAnswer, RulesInfo, Said, Seat,
    Seating, Stage, Turn, Viewer,
};
use crate::games::groups::groups;
use crate::geometry::Bitboard;
use crate::random::{RandomSource, shuffle};
use serde::{Deserialize, Serialize};
use state::{PILE, piece_words};

/// The game, for the registry.
pub struct ParadeSolitaire;

/// Positions the par search expands at most: part of the rules, so every referee proves the
/// same par.
pub const PAR_BUDGET: u64 = 200_000;

/// Parade has no options.
#[derive(Clone, Debug, Default, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct ParadeOptions {}

/// What every viewer sees.
#[derive(Clone, Debug, Serialize, schemars::JsonSchema)]
pub struct ParadePublic {
    /// The pieces (FEN placement).
    pub board: String,
    /// The first pile, laid out at the start, in the order drawn.
    pub laid_out: Vec<Card>,
    /// The cards spent face up on adds, in order.
    pub added: Vec<Card>,
    /// Cards spent face down on moves.
    pub face_down: u8,
    /// Cards left in the hand.
    pub hand_left: u8,
    /// Whether the hand is out: only moves now, each counting a card against the score.
    pub counting: bool,
    /// Cards counted against the score.
    pub counted: u8,
    /// The score if the pieces formed one group now.
    pub score_now: i64,
    /// How many groups the pieces form (one wins).
    pub groups: usize,
}

/// What only the referee knows.
#[derive(Clone, Debug, Serialize)]
pub struct ParadeHidden {
    /// The hand's order, top first.
    pub hand: Vec<Card>,
}

impl Game for ParadeSolitaire {
    type Options = ParadeOptions;
    type State = ParadeState;
    type Action = ParadeAction;
    type Public = ParadePublic;
    type Private = NoSecret;
    type Hidden = ParadeHidden;

    fn info(&self) -> RulesInfo {
        RulesInfo {
            id: "parade-solitaire",
            name: "Parade Chess Solitaire",
            version: 1,
            summary: "Half the pieces are laid out on parade; each card of your hand buys a move, where a piece moves a piece of the other colour between squares it attacks, or adds the next piece. Form one group side by side: the cards left are your points.",
            min_seats: 1,
            max_seats: 1,
            equipment: &["chess set without pawns", "the 16 piece cards of Appendix A"],
            random: &["the shuffle of the 16 cards into the pile laid out and the hand"],
            secret: &["the order of the hand (nobody knows it; the referee keeps it)"],
            source: "seed 000, \"Parade Chess Solitaire\"",
            position_notation: "FEN's placement, the cards in hand, the cards counted, then optionally the hand top first (8/8/8/8/1r2b3/1r1n1N2/5k2/2B3R1 8 0 QS,9D,8C,KH,10D,QH,8D,9C)",
            action_notation: "add; a move as the piece's square and where it goes (c1b2), optionally after the square of the piece that orders it (d3c1b2)",
            lists_all_actions: true,
        }
    }

    fn seating(&self, _options: &ParadeOptions) -> Result<Seating, GameError> {
        Ok(state::seating())
    }

    fn setup(&self, _options: &ParadeOptions, rng: &mut dyn RandomSource) -> Result<ParadeState, GameError> {
        let mut cards = NamedDeck::Pieces16.cards();
        shuffle(rng, &mut cards);
        let (first, hand) = cards.split_at(usize::from(PILE));
        Ok(ParadeState::deal(first, hand))
    }

    fn turn(&self, state: &ParadeState) -> Turn {
        if state.ended.is_some() { Turn::Over } else { Turn::seat(0, Stage::Move) }
    }

    fn legal_actions(&self, state: &ParadeState, _seat: Seat) -> Vec<ParadeAction> {
        let add = (!state.counting()).then_some(ParadeAction::Add);
        let moves = orders::moves(&state.board).into_iter().map(|(from, to)| ParadeAction::Move { by: None, from, to });
        add.into_iter().chain(moves).collect()
    }

    fn parse_action(&self, state: &ParadeState, _seat: Seat, text: &str) -> Result<ParadeAction, GameError> {
        notation::read_action(state, text)
    }

    fn format_action(&self, _state: &ParadeState, action: &ParadeAction) -> String {
        action.to_string()
    }

    fn describe_action(&self, state: &ParadeState, _seat: Seat, action: &ParadeAction) -> Said {
        let board = &state.board;
        Said::public(match *action {
            ParadeAction::Add => "adds the next piece of the hand".to_string(),
            ParadeAction::Move { from, to, .. } => {
                let moved = board.piece_at(from).map_or_else(|| "piece".to_string(), piece_words);
                match notation::orderer(board, action).and_then(|by| Some((by, board.piece_at(by)?))) {
                    Some((by, p)) => format!("the {} on {by} moves the {moved} {from}→{to}", piece_words(p)),
                    None => format!("the {moved} {from}→{to}"),
                }
            }
        })
    }

    fn describe_in_full(&self, state: &ParadeState, _seat: Seat, action: &ParadeAction) -> Option<String> {
        let board = &state.board;
        Some(match *action {
            ParadeAction::Add => "Adding the next piece of the hand".to_string(),
            ParadeAction::Move { from, to, .. } => {
                let moved = board.piece_at(from).map_or_else(|| "piece".to_string(), piece_words);
                match notation::orderer(board, action).and_then(|by| Some((by, board.piece_at(by)?))) {
                    Some((by, p)) => format!("The {} on {by} moving the {moved} {from}→{to}", piece_words(p)),
                    None => format!("Moving the {moved} {from}→{to}"),
                }
            }
        })
    }

    fn describe_result(&self, state: &ParadeState, _seat: Seat, action: &ParadeAction, _before: &Said) -> Option<Said> {
        let (ParadeAction::Add, Some(card), Some(sq)) = (action, state.added.last(), state.last_added) else {
            return None;
        };
        let piece = card.piece().map_or_else(|| "piece".to_string(), piece_words);
        Some(Said::public(format!("adds the {piece} ({card}) on {sq}")))
    }

    fn apply(
        &self,
        state: &mut ParadeState,
        _seat: Seat,
        action: &ParadeAction,
        _rng: &mut dyn RandomSource,
    ) -> Result<(), GameError> {
        match *action {
            ParadeAction::Add if state.counting() => {
                return Err(GameError::new(
                    ErrorCode::IllegalAction,
                    "Your hand is out: you may only move pieces now.",
                ));
            }
            ParadeAction::Add if state.hand.is_none() => {
                return Err(GameError::new(
                    ErrorCode::NeedsGame,
                    "Adding flips the top card of the hand, which only a refereed game knows.",
                ));
            }
            ParadeAction::Add => state.play_add(),
            ParadeAction::Move { by, from, to } => {
                notation::check_move(&state.board, by, from, to)
                    .map_err(|m| GameError::new(ErrorCode::IllegalAction, m))?;
                state.play_move(from, to);
            }
        }
        Ok(())
    }

    fn public(&self, state: &ParadeState) -> ParadePublic {
        ParadePublic {
            board: state::placement(&state.board),
            laid_out: state.laid_out.clone(),
            added: state.added.clone(),
            face_down: state.face_down,
            hand_left: state.hand_left,
            counting: state.counting(),
            counted: state.counted,
            score_now: state.score_now(),
            groups: groups(state.board.occupied(), orders::TOUCH).len(),
        }
    }

    fn hidden(&self, state: &ParadeState) -> Option<ParadeHidden> {
        Some(ParadeHidden { hand: state.hand.clone()? })
    }

    fn puzzles(&self, state: &ParadeState, over: bool) -> Vec<String> {
        if over && state.dealt.is_some() { vec!["deal".to_string()] } else { Vec::new() }
    }

    fn par(&self, state: &ParadeState, puzzle: &str) -> Option<Par> {
        if puzzle != "deal" {
            return None;
        }
        let hand = state.dealt.as_ref()?;
        let mut board = crate::chess::Board::empty();
        for (sq, piece) in crate::cards::lay_out(&state.laid_out) {
            board.put(sq, piece);
        }
        let search = par::solve(&par::Deal { board, hand, counted: 0 }, par::Budget { positions: PAR_BUDGET });
        let answer = match search.par {
            par::Par::Proven { score, line } => {
                ParAnswer::Score { score, line: line.iter().map(ToString::to_string).collect() }
            }
            par::Par::Impossible => ParAnswer::Impossible,
            par::Par::NoProof { at_most } => ParAnswer::Unproven { bound: at_most },
        };
        Some(Par { puzzle: puzzle.into(), title: "The deal".into(), answer, positions: search.positions })
    }

    fn board(&self, state: &ParadeState, _viewer: Viewer, legal: &[ParadeAction]) -> Option<BoardView> {
        let selectable = legal.iter().fold(Bitboard::EMPTY, |acc, a| match a {
            ParadeAction::Move { from, .. } => acc.with(*from),
            ParadeAction::Add => acc,
        });
        let anchor = orders::last_occupied(&state.board).filter(|_| !state.counting() && state.ended.is_none());
        Some(board_view(&state.board, selectable, |sq| SquareMarks {
            markers: if Some(sq) == anchor { vec!["add-after".into()] } else { Vec::new() },
            ..Default::default()
        }))
    }

    fn outcome(&self, state: &ParadeState) -> Option<Outcome> {
        state.ended.clone()
    }

    fn courtesies(&self) -> Courtesies {
        Courtesies { resign: true, draw_offers: false, takebacks: false }
    }

    fn parse_position(&self, text: &str) -> Result<ParadeState, GameError> {
        notation::read_position(text)
    }

    fn format_position(&self, state: &ParadeState) -> String {
        notation::write_position(state)
    }
}
