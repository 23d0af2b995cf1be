//! Chess Golf in words: reading actions, telling them, and the board as data.

use super::GolfAction;
use super::play::{GolfState, MAX_BID, Step};
use crate::cards::NamedDeck;
use crate::chess::attacks::{king_attacks, piece_attacks};
use crate::game::{BoardView, ErrorCode, GameError, Seat};
use crate::games::two_colours::{SquareMarks, board_view as square_board};
use crate::geometry::{Bitboard, Square};
use crate::golf::{Course, GolfMove};
use crate::pieces::{Piece, Role};

/// A refusal.
pub fn bad(code: ErrorCode, message: impl Into<String>) -> GameError {
    GameError::new(code, message)
}

/// "Seat 3" for seat 2.
pub fn seat_name(seat: Seat) -> String {
    format!("Seat {}", seat + 1)
}

/// "white king".
pub fn piece_words(piece: Piece) -> String {
    format!("{} {}", piece.color.name().to_lowercase(), piece.role.name())
}

/// The step's name in the public view.
pub fn step_name(step: &Step) -> &'static str {
    match step {
        Step::Bid => "bid",
        Step::Demonstrate { .. } => "demonstrate",
        Step::PutBack { .. } => "put-back",
        Step::Deal { .. } => "deal",
        Step::Over => "over",
    }
}

/// A layout must hold exactly the sixteen pieces of the deck: one king and queen, two rooks,
/// bishops and knights of each colour, no pawns.
pub fn check_layout(layout: &str) -> Result<(), String> {
    let course = Course::from_fen_board(layout)
        .ok_or_else(|| format!("\"{}\" is not a board in FEN without pawns", prefix(layout)))?;
    let mut have: Vec<char> = course.pieces().iter().map(|(_, p)| p.fen_char()).collect();
    let mut want: Vec<char> =
        NamedDeck::Pieces16.cards().iter().filter_map(|c| c.piece()).map(|p| p.fen_char()).collect();
    have.sort_unstable();
    want.sort_unstable();
    if have != want {
        return Err(
            "a Chess Golf course holds the sixteen pieces of the deck: K Q R R B B N N and k q r r b b n n".into()
        );
    }
    Ok(())
}

fn prefix(text: &str) -> String {
    text.chars().take(64).collect()
}

/// Reads an action for the step in play, explaining what is wrong in the player's words.
pub fn read_action(state: &GolfState, text: &str) -> Result<GolfAction, GameError> {
    let text = text.trim();
    let word = |w: &str| text.strip_prefix(w).map(str::trim);
    match &state.step {
        Step::Bid => {
            let n = word("bid").unwrap_or(text);
            match n.parse::<u8>() {
                Ok(0) if state.players == 1 => Err(bad(
                    ErrorCode::IllegalAction,
                    "Playing alone, name the moves you need: after the hole the referee's par shows whether it could be done.",
                )),
                Ok(n) if n <= MAX_BID => Ok(GolfAction::Bid(n)),
                _ => Err(bad(
                    ErrorCode::BadNotation,
                    format!(
                        "Seal how many moves you need, from 1 to {MAX_BID}, or 0 if you think it is impossible: bid 3."
                    ),
                )),
            }
        }
        Step::Demonstrate { .. } if matches!(text.to_lowercase().as_str(), "give-up" | "give up") => {
            Ok(GolfAction::GiveUp)
        }
        Step::Demonstrate { moves, .. } if text.eq_ignore_ascii_case("reset") => {
            if moves.is_empty() {
                Err(bad(ErrorCode::IllegalAction, "Nothing to take back: no move has been shown yet."))
            } else {
                Ok(GolfAction::Reset)
            }
        }
        Step::Demonstrate { .. } => read_move(state, text),
        Step::PutBack { pieces, .. } => {
            let sq: Square = word("put")
                .unwrap_or(text)
                .parse()
                .map_err(|_| bad(ErrorCode::BadNotation, "Name the empty square to put the piece back on: put d4."))?;
            match state.course().piece_at(sq) {
                Some(p) => Err(bad(
                    ErrorCode::IllegalAction,
                    format!(
                        "{sq} is taken by the {}: put the {} on an empty square.",
                        piece_words(p),
                        piece_words(pieces[0])
                    ),
                )),
                None => Ok(GolfAction::PutBack(sq)),
            }
        }
        Step::Deal { .. } => {
            let now = state.cards_per_hole;
            match word("deal").unwrap_or(text).parse::<u8>() {
                Ok(n) if n == now || n == now + 1 => Ok(GolfAction::Deal(n)),
                _ => Err(bad(
                    ErrorCode::IllegalAction,
                    format!("Deal {now} cards a hole as before, or {} to make the holes harder: deal {now}.", now + 1),
                )),
            }
        }
        Step::Over => Err(bad(ErrorCode::GameOver, "The round is over.")),
    }
}

fn read_move(state: &GolfState, text: &str) -> Result<GolfAction, GameError> {
    let mv: GolfMove = text.parse().map_err(|_| {
        bad(
            ErrorCode::BadNotation,
            format!("\"{}\" is not a move: write the two squares, like e5g6, or give-up, or reset.", prefix(text)),
        )
    })?;
    let (course, progress, _) = state.demonstration().expect("a demonstration is under way");
    let hole = state.current.as_ref().expect("a hole is in play").hole();
    course.play(&hole, &progress, mv).map_err(|e| bad(ErrorCode::IllegalAction, e.to_string()))?;
    Ok(GolfAction::Move(mv))
}

/// Which borrowed move takes the piece on `mv.from` to `mv.to`: "as a knight", or "as a king"
/// for the special move.
fn borrowed_as(course: &Course, mv: GolfMove) -> String {
    let lenders = course.lenders(mv.from);
    let occupied = course.occupied();
    let role = lenders.iter().copied().find(|r| piece_attacks(*r, mv.from, occupied).contains(mv.to));
    match role {
        Some(r) => format!("as a {}", r.name()),
        None if king_attacks(mv.from).contains(mv.to) => "as a king, by the special move".into(),
        None => format!("as a {}", Role::King.name()),
    }
}

/// How an action is told before it is played.
pub fn describe(state: &GolfState, seat: Seat, action: &GolfAction) -> String {
    let who = seat_name(seat);
    match *action {
        GolfAction::Bid(0) => format!("{who} says it is impossible"),
        GolfAction::Bid(1) => format!("{who} needs 1 move"),
        GolfAction::Bid(n) => format!("{who} needs {n} moves"),
        GolfAction::Move(mv) => format!("{who}: {}", move_words(state, mv)),
        GolfAction::GiveUp => format!("{who} gives up the demonstration"),
        GolfAction::Reset => format!("{who} starts the demonstration again from the hole's start"),
        GolfAction::PutBack(sq) => format!("{who} puts the {} back on {sq}", put_back_piece(state)),
        GolfAction::Deal(n) => format!("{who} deals {n} cards a hole from now on"),
    }
}

/// The action spelt out for a dispute ("Seat 1 moving the black queen d8→d1 as a rook"): the
/// seat named once, as the subject of what it does.
pub fn in_full(state: &GolfState, seat: Seat, action: &GolfAction) -> String {
    let who = seat_name(seat);
    match *action {
        GolfAction::Bid(0) => format!("{who} saying it is impossible"),
        GolfAction::Bid(1) => format!("{who} counting 1 move"),
        GolfAction::Bid(n) => format!("{who} counting {n} moves"),
        GolfAction::Move(mv) => format!("{who} moving {}", move_words(state, mv)),
        GolfAction::GiveUp => format!("{who} giving up the demonstration"),
        GolfAction::Reset => format!("{who} starting the demonstration again from the hole's start"),
        GolfAction::PutBack(sq) => format!("{who} putting the {} back on {sq}", put_back_piece(state)),
        GolfAction::Deal(n) => format!("{who} dealing {n} cards a hole from now on"),
    }
}

/// A demonstration's move: "the black bishop e5→g6 as a knight, taking the white king".
fn move_words(state: &GolfState, mv: GolfMove) -> String {
    let Some((course, _, _)) = state.demonstration() else { return mv.to_string() };
    let piece = course.piece_at(mv.from).map_or_else(|| "piece".into(), piece_words);
    let how = borrowed_as(&course, mv);
    match course.piece_at(mv.to) {
        Some(target) => format!("the {piece} {}→{} {how}, taking the {}", mv.from, mv.to, piece_words(target)),
        None => format!("the {piece} {}→{} {how}", mv.from, mv.to),
    }
}

/// The piece to put back next, in words.
fn put_back_piece(state: &GolfState) -> String {
    match &state.step {
        Step::PutBack { pieces, .. } => pieces.first().map_or_else(|| "piece".into(), |p| piece_words(*p)),
        _ => "piece".into(),
    }
}

/// What a demonstration's last move or a give-up decided, once played.
pub fn result(state: &GolfState, seat: Seat, action: &GolfAction, before: &str) -> Option<String> {
    if !matches!(action, GolfAction::Move(_) | GolfAction::GiveUp) {
        return None;
    }
    if matches!(&state.step, Step::Demonstrate { seat: s, .. } if *s == seat) {
        return None;
    }
    let attempts = |h: &super::HoleRecord| h.attempts.iter().rev().find(|a| a.seat == seat).cloned();
    let attempt = state.current.as_ref().and_then(attempts).or_else(|| state.finished.last().and_then(attempts))?;
    let shown = attempt.moves.len();
    let moves = if shown == 1 { "1 move".to_string() } else { format!("{shown} moves") };
    Some(if attempt.succeeded {
        format!("{before}: hole finished in {moves}")
    } else if matches!(action, GolfAction::GiveUp) {
        format!("{before}: the demonstration fails")
    } else {
        format!("{before}: {moves} shown without finishing, the demonstration fails")
    })
}

/// The course as an 8×8 board: the chosen kinds and the capturer marked.
pub fn board_view(course: &Course, chosen: &[Piece], capturer: Option<Square>, selectable: Bitboard) -> BoardView {
    let mut board = crate::chess::Board::empty();
    for (sq, piece) in course.pieces() {
        board.put(sq, piece);
    }
    square_board(&board, selectable, |sq| {
        let mut markers = Vec::new();
        if course.piece_at(sq).is_some_and(|p| chosen.contains(&p)) {
            markers.push("chosen".to_string());
        }
        if capturer == Some(sq) {
            markers.push("capturer".to_string());
        }
        SquareMarks { markers, ..Default::default() }
    })
}
