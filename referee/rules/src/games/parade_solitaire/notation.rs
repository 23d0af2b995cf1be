//! Parade's notation. Actions: `add`, or a move as the piece's square and where it goes
//! (`c1b2`), optionally after the square of the piece that orders it (`d3c1b2`). Positions:
//! `<placement> <cards in hand> <cards counted> [<the hand, top first>]`, like
//! `8/8/8/8/1r2b3/1r1n1N2/5k2/2B3R1 8 0 QS,9D,8C,KH,10D,QH,8D,9C`.

use super::orders::{self, commander_for, commanders, destinations};
use super::state::{COUNT, PILE, ParadeState, piece_words};
use crate::cards::{Card, NamedDeck};
use crate::chess::{Board, parse_board};
use crate::game::{ErrorCode, GameError};
use crate::geometry::Square;
use crate::pieces::Piece;
use std::fmt;

/// One action: the top card spent on an add or a move.
#[derive(Copy, Clone, Debug, Eq, PartialEq)]
pub enum ParadeAction {
    /// Add the piece of the top card.
    Add,
    /// Move the piece on `from` to `to`, ordered by the piece on `by` (any piece that can,
    /// when `None`).
    Move {
        /// The piece that gives the order, when the player named it.
        by: Option<Square>,
        /// The piece moved.
        from: Square,
        /// Where it goes.
        to: Square,
    },
}

impl fmt::Display for ParadeAction {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ParadeAction::Add => f.write_str("add"),
            ParadeAction::Move { by: Some(by), from, to } => write!(f, "{by}{from}{to}"),
            ParadeAction::Move { by: None, from, to } => write!(f, "{from}{to}"),
        }
    }
}

fn illegal(message: String) -> GameError {
    GameError::new(ErrorCode::IllegalAction, message)
}

/// Reads an action and checks it is legal in `state`, explaining why not.
pub fn read_action(state: &ParadeState, text: &str) -> Result<ParadeAction, GameError> {
    let lower = text.trim().to_ascii_lowercase();
    let t = lower.strip_prefix("move").unwrap_or(&lower).trim();
    if t == "add" {
        if state.counting() {
            return Err(illegal(
                "Your hand is out: you may only move pieces now, each move counting a card against you.".into(),
            ));
        }
        return Ok(ParadeAction::Add);
    }
    let (by, from, to) = match read_squares(t).as_deref() {
        Some([from, to]) => (None, *from, *to),
        Some([by, from, to]) => (Some(*by), *from, *to),
        _ => {
            return Err(GameError::new(
                ErrorCode::BadNotation,
                format!(
                    "\"{}\" is not a Parade action: write add, or a move as the piece's square and where it goes (c1b2), optionally after the square of the piece that orders it (d3c1b2).",
                    text.trim()
                ),
            ));
        }
    };
    check_move(&state.board, by, from, to).map_err(illegal)?;
    Ok(ParadeAction::Move { by, from, to })
}

/// Squares written one after another, with or without spaces or dashes between them.
fn read_squares(text: &str) -> Option<Vec<Square>> {
    let joined: String = text.chars().filter(|c| !matches!(c, ' ' | '-' | '>')).collect();
    if joined.is_empty() || !joined.len().is_multiple_of(2) || !joined.is_ascii() {
        return None;
    }
    (0..joined.len()).step_by(2).map(|i| joined[i..i + 2].parse().ok()).collect()
}

/// Checks a move, returning the piece that orders it, or why it is not legal.
pub fn check_move(board: &Board, by: Option<Square>, from: Square, to: Square) -> Result<Square, String> {
    let piece = board.piece_at(from).ok_or_else(|| format!("There is no piece on {from}."))?;
    let moved = piece_words(piece);
    if let Some(by) = by {
        let orderer = board.piece_at(by).ok_or_else(|| format!("There is no piece on {by} to give the order."))?;
        let words = piece_words(orderer);
        if orderer.color == piece.color {
            return Err(format!(
                "The {words} on {by} may move only pieces of the other colour, and the {moved} on {from} is its own colour."
            ));
        }
        if !commanders(board, from).contains(by) {
            return Err(format!("The {words} on {by} does not attack {from}, so it cannot move the {moved}."));
        }
        check_square(board, piece, from, to)?;
        return destinations(board, by, from)
            .contains(to)
            .then_some(by)
            .ok_or_else(|| format!("The {words} on {by} does not attack {to}, so it cannot put the {moved} there."));
    }
    let other = piece.color.other().name().to_lowercase();
    if commanders(board, from).is_empty() {
        return Err(format!("No {other} piece attacks {from}, so nothing can move the {moved}."));
    }
    check_square(board, piece, from, to)?;
    commander_for(board, from, to).ok_or_else(|| {
        format!("No {other} piece that attacks {from} also attacks {to}, so the {moved} cannot go there.")
    })
}

/// A moved piece goes to another square, and an empty one.
fn check_square(board: &Board, piece: Piece, from: Square, to: Square) -> Result<(), String> {
    if to == from {
        return Err(format!("The {} must go to another square than {from}.", piece_words(piece)));
    }
    match board.piece_at(to) {
        Some(there) => {
            Err(format!("The {} on {to} is in the way: a piece goes only to an empty square.", piece_words(there)))
        }
        None => Ok(()),
    }
}

fn bad(message: String) -> GameError {
    GameError::new(ErrorCode::BadPosition, message)
}

/// Reads a position: placement, cards in hand (0–8), cards counted (0–16, only once the hand is
/// out), and optionally the hand's cards, top first, comma separated.
pub fn read_position(text: &str) -> Result<ParadeState, GameError> {
    let fields: Vec<&str> = text.split_whitespace().collect();
    let [placement, hand_left, counted, rest @ ..] = fields.as_slice() else {
        return Err(bad(format!(
            "a Parade position is the placement, the cards in hand and the cards counted, then optionally the hand (top first); found {} fields",
            fields.len()
        )));
    };
    let board = parse_board(placement).map_err(|e| bad(e.0))?;
    let hand_left: u8 = hand_left
        .parse()
        .ok()
        .filter(|n| *n <= PILE)
        .ok_or_else(|| bad(format!("the hand holds 0 to 8 cards, not '{hand_left}'")))?;
    let counted: u8 = counted
        .parse()
        .ok()
        .filter(|n| *n <= COUNT)
        .ok_or_else(|| bad(format!("0 to 16 cards are counted, not '{counted}'")))?;
    if counted > 0 && hand_left > 0 {
        return Err(bad("cards are counted only once the hand is out".into()));
    }
    let hand = match rest {
        [] => None,
        [cards] => Some(read_hand(cards, hand_left)?),
        _ => return Err(bad("a Parade position has at most four fields".into())),
    };
    check_pieces(&board, hand.as_deref().unwrap_or_default())?;
    let mut state = ParadeState {
        board,
        laid_out: Vec::new(),
        added: Vec::new(),
        face_down: 0,
        hand,
        hand_left,
        counted,
        last_added: None,
        dealt: None,
        ended: None,
    };
    state.settle();
    Ok(state)
}

fn read_hand(field: &str, hand_left: u8) -> Result<Vec<Card>, GameError> {
    let cards: Vec<Card> = field
        .split(',')
        .map(|c| c.parse::<Card>().map_err(|e| bad(format!("hand: {}", e.0))))
        .collect::<Result<_, _>>()?;
    if cards.len() != usize::from(hand_left) {
        return Err(bad(format!("the hand holds {hand_left} cards but its field lists {}", cards.len())));
    }
    Ok(cards)
}

/// The pieces on the board and the hand's cards come from one set of the sixteen piece cards.
fn check_pieces(board: &Board, hand: &[Card]) -> Result<(), GameError> {
    let deck = NamedDeck::Pieces16.cards();
    for card in hand {
        if !deck.contains(card) || hand.iter().filter(|c| *c == card).count() > 1 {
            return Err(bad(format!("the hand may hold each of the sixteen piece cards once; {card} cannot be in it")));
        }
    }
    let mut pieces: Vec<Piece> = board.iter().map(|(_, p)| p).collect();
    pieces.extend(hand.iter().filter_map(|c| c.piece()));
    for piece in &pieces {
        let in_deck = deck.iter().filter(|c| c.piece() == Some(*piece)).count();
        if in_deck == 0 {
            return Err(bad("Parade Chess Solitaire is played without pawns".into()));
        }
        if pieces.iter().filter(|p| *p == piece).count() > in_deck {
            return Err(bad(format!("the cards give only {in_deck} {}", piece_words(*piece))));
        }
    }
    Ok(())
}

/// Writes a position; the hand is written when it is known.
pub fn write_position(state: &ParadeState) -> String {
    let mut out = format!("{} {} {}", super::state::placement(&state.board), state.hand_left, state.counted);
    if let Some(hand) = state.hand.as_ref().filter(|h| !h.is_empty()) {
        let cards: Vec<String> = hand.iter().map(ToString::to_string).collect();
        out.push_str(&format!(" {}", cards.join(",")));
    }
    out
}

/// The piece that orders a move, as said: the one named, or the first that can.
pub fn orderer(board: &Board, action: &ParadeAction) -> Option<Square> {
    match *action {
        ParadeAction::Move { by: Some(by), .. } => Some(by),
        ParadeAction::Move { by: None, from, to } => orders::commander_for(board, from, to),
        ParadeAction::Add => None,
    }
}
