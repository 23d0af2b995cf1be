//! Neighbour's notation. Actions: `add`, `place e5` (the flipped piece, when its square was
//! taken), a move as two squares (`e4e6`). Positions: `<placement> <phase> <piece cards left>
//! <position cards left> <last added> [pieces:<cards>] [positions:<cards>] [groups:sides]`.

use super::state::{NeighbourState, PIECES, POSITIONS, Phase, piece_words, position_deck};
use crate::cards::{Card, NamedDeck};
use crate::game::{ErrorCode, GameError};
use crate::games::groups::Touch;
use crate::geometry::Square;
use crate::golf::Course;
use crate::pieces::Piece;
use std::fmt;

/// One action.
#[derive(Copy, Clone, Debug, Eq, PartialEq)]
pub enum NeighbourAction {
    /// Flip a piece card and a position card and add the piece where they send it.
    Add,
    /// Set the flipped piece on this free square, its own being taken.
    Place(Square),
    /// Move the piece on the first square to the second, paying a card.
    Move(Square, Square),
}

impl fmt::Display for NeighbourAction {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            NeighbourAction::Add => f.write_str("add"),
            NeighbourAction::Place(sq) => write!(f, "place {sq}"),
            NeighbourAction::Move(from, to) => write!(f, "{from}{to}"),
        }
    }
}

fn illegal(message: String) -> GameError {
    GameError::new(ErrorCode::IllegalAction, message)
}

fn notation(text: &str) -> GameError {
    GameError::new(
        ErrorCode::BadNotation,
        format!(
            "\"{}\" is not a Neighbour action: write add, place and a square (place e5), or a move as two squares (e4e6).",
            text.trim()
        ),
    )
}

/// Reads an action and checks it is legal in `state`, explaining why not.
pub fn read_action(state: &NeighbourState, text: &str) -> Result<NeighbourAction, GameError> {
    let lower = text.trim().to_ascii_lowercase();
    if let Phase::Placing { piece, landed } = state.phase {
        let square = lower.strip_prefix("place").unwrap_or(&lower).trim();
        let choices = state.choices();
        return match square.parse::<Square>() {
            Ok(sq) if choices.contains(sq) => Ok(NeighbourAction::Place(sq)),
            _ => Err(illegal(format!(
                "Place the {} first, on one of the free squares nearest {landed}: {}.",
                piece_words(piece),
                list(choices.collect())
            ))),
        };
    }
    if lower == "add" {
        return check_add(state).map(|_| NeighbourAction::Add).map_err(illegal);
    }
    if lower.starts_with("place") {
        return Err(illegal("No piece is waiting to be placed: place follows an add whose square was taken.".into()));
    }
    let moved = lower.strip_prefix("move").unwrap_or(&lower).trim().replace([' ', '-'], "");
    let (Some(from), Some(to)) = (moved.get(0..2), moved.get(2..)) else { return Err(notation(text)) };
    let (Ok(from), Ok(to)) = (from.parse::<Square>(), to.parse::<Square>()) else { return Err(notation(text)) };
    check_move(state, from, to).map_err(illegal)?;
    Ok(NeighbourAction::Move(from, to))
}

/// "e5", "e5 or f6", "d4, e5 or f6".
pub fn list(squares: Vec<Square>) -> String {
    let names: Vec<String> = squares.iter().map(ToString::to_string).collect();
    match names.as_slice() {
        [rest @ .., last] if !rest.is_empty() => format!("{} or {last}", rest.join(", ")),
        _ => names.join(""),
    }
}

fn check_add(state: &NeighbourState) -> Result<(), String> {
    if state.phase == Phase::Moving {
        return Err("You have stopped adding: from now on you only move pieces.".into());
    }
    if state.pieces_left == 0 {
        return Err("Every piece is on the board: only moves are left.".into());
    }
    if state.positions_left == 0 {
        return Err("The position pile is spent: no piece can be added.".into());
    }
    Ok(())
}

/// Checks a move, or says why it is not legal.
pub fn check_move(state: &NeighbourState, from: Square, to: Square) -> Result<(), String> {
    let board = &state.board;
    let piece = board.piece_at(from).ok_or_else(|| format!("There is no piece on {from}."))?;
    let words = piece_words(piece);
    let colour = piece.color.name().to_lowercase();
    let lenders = board.lenders(from);
    if lenders.is_empty() {
        return Err(format!("The {words} on {from} cannot move: no {colour} piece stands next to it."));
    }
    if to == from {
        return Err(format!("The {words} must go to another square than {from}."));
    }
    if let Some(there) = board.piece_at(to) {
        return Err(format!("The {} on {to} is in the way: pieces move only to empty squares.", piece_words(there)));
    }
    if !state.reach(from).contains(to) {
        let moves: Vec<String> = lenders.iter().map(|r| format!("a {}", r.name())).collect();
        return Err(format!(
            "The {words} on {from} cannot reach {to}: it moves only as {}, as the {colour} pieces next to it do.",
            moves.join(" or ")
        ));
    }
    if state.cards_left() == 0 {
        return Err("Both piles are spent: there is no card left to pay for a move.".into());
    }
    Ok(())
}

fn bad(message: String) -> GameError {
    GameError::new(ErrorCode::BadPosition, message)
}

/// Reads a position (see the module's notation).
pub fn read_position(text: &str) -> Result<NeighbourState, GameError> {
    let fields: Vec<&str> = text.split_whitespace().collect();
    let [placement, phase, pieces_left, positions_left, last, extra @ ..] = fields.as_slice() else {
        return Err(bad(format!(
            "a Neighbour position is the placement, the phase, the piece and position cards left and the last square added (or -), then optionally pieces:, positions: and groups:; found {} fields",
            fields.len()
        )));
    };
    let board = Course::from_fen_board(placement).ok_or_else(|| {
        bad(format!("'{placement}' is not a board of the sixteen pieces (FEN's placement, no pawns)"))
    })?;
    let count = |text: &str, most: u8, what: &str| {
        text.parse::<u8>()
            .ok()
            .filter(|n| *n <= most)
            .ok_or_else(|| bad(format!("{what} left are 0 to {most}, not '{text}'")))
    };
    let mut state = NeighbourState::deal(Vec::new(), Vec::new(), Touch::SidesAndCorners);
    state.board = board;
    state.pieces_left = count(pieces_left, PIECES, "piece cards")?;
    state.positions_left = count(positions_left, POSITIONS, "position cards")?;
    state.phase = read_phase(phase)?;
    state.last_added = match *last {
        "-" => None,
        sq => Some(sq.parse::<Square>().map_err(|e| bad(format!("last added: {e}")))?),
    };
    (state.piece_pile, state.position_pile, state.dealt) = (None, None, None);
    for field in extra {
        read_extra(&mut state, field)?;
    }
    check_pieces(&state)?;
    state.settle();
    Ok(state)
}

fn read_phase(text: &str) -> Result<Phase, GameError> {
    let placing = text.strip_prefix("place:").and_then(|p| {
        let (letter, sq) = p.split_once('@')?;
        let piece = Piece::from_fen_char(letter.chars().next()?).filter(|_| letter.len() == 1)?;
        Some(Phase::Placing { piece, landed: sq.parse().ok()? })
    });
    match text {
        "add" => Ok(Phase::Adding),
        "move" => Ok(Phase::Moving),
        _ => placing
            .ok_or_else(|| bad(format!("the phase is add, move or place:<piece>@<square> (place:N@d4), not '{text}'"))),
    }
}

fn read_extra(state: &mut NeighbourState, field: &str) -> Result<(), GameError> {
    let cards = |list: &str, deck: Vec<Card>, left: u8, what: &str| -> Result<Vec<Card>, GameError> {
        let cards: Vec<Card> = list
            .split(',')
            .map(|c| c.parse::<Card>().map_err(|e| bad(format!("{what}: {}", e.0))))
            .collect::<Result<_, _>>()?;
        let unique = cards.iter().all(|c| deck.contains(c) && cards.iter().filter(|d| *d == c).count() == 1);
        if !unique || cards.len() != usize::from(left) {
            return Err(bad(format!("the {what} pile must list its {left} cards, each once and from its deck")));
        }
        Ok(cards)
    };
    match field.split_once(':') {
        Some(("pieces", list)) => {
            state.piece_pile = Some(cards(list, NamedDeck::Pieces16.cards(), state.pieces_left, "piece")?)
        }
        Some(("positions", list)) => {
            state.position_pile = Some(cards(list, position_deck(), state.positions_left, "position")?)
        }
        Some(("groups", "sides")) => state.touch = Touch::Sides,
        Some(("groups", "sides-and-corners")) => state.touch = Touch::SidesAndCorners,
        _ => return Err(bad(format!("unknown field '{field}': expected pieces:, positions: or groups:sides"))),
    }
    Ok(())
}

/// The pieces on the board, in hand and in a known piece pile come from one set of the sixteen
/// piece cards.
fn check_pieces(state: &NeighbourState) -> Result<(), GameError> {
    let deck = NamedDeck::Pieces16.cards();
    let mut pieces: Vec<Piece> = state.board.pieces().into_iter().map(|(_, p)| p).collect();
    if let Phase::Placing { piece, landed } = state.phase {
        if !state.board.occupied().contains(landed) {
            return Err(bad(format!("a piece waits to be placed only when {landed}, where it was sent, is taken")));
        }
        pieces.push(piece);
    }
    if pieces.len() + usize::from(state.pieces_left) > usize::from(PIECES) {
        return Err(bad("more pieces than the sixteen piece cards".into()));
    }
    pieces.extend(state.piece_pile.iter().flatten().filter_map(|c| c.piece()));
    for piece in &pieces {
        let in_deck = deck.iter().filter(|c| c.piece() == Some(*piece)).count();
        if pieces.iter().filter(|p| *p == piece).count() > in_deck {
            return Err(bad(format!("the cards give only {in_deck} {}", piece_words(*piece))));
        }
    }
    Ok(())
}

/// Writes a position; the piles are written when they are known.
pub fn write_position(state: &NeighbourState) -> String {
    let phase = match state.phase {
        Phase::Adding => "add".to_string(),
        Phase::Moving => "move".to_string(),
        Phase::Placing { piece, landed } => format!("place:{}@{landed}", piece.fen_char()),
    };
    let last = state.last_added.map_or_else(|| "-".to_string(), |sq| sq.to_string());
    let mut out = format!("{} {phase} {} {} {last}", state.board.fen_board(), state.pieces_left, state.positions_left);
    let list = |cards: &[Card]| cards.iter().map(ToString::to_string).collect::<Vec<_>>().join(",");
    for (name, pile) in [("pieces", &state.piece_pile), ("positions", &state.position_pile)] {
        if let Some(cards) = pile.as_ref().filter(|c| !c.is_empty()) {
            out.push_str(&format!(" {name}:{}", list(cards)));
        }
    }
    if state.touch == Touch::Sides {
        out.push_str(" groups:sides");
    }
    out
}
