//! Gravity Chess (`gravity`, seed 000 "Gravity Chess"): both players drop pieces in at the top
//! of one board and every piece falls towards the bottom row, where pieces stack up for points.
//! Each turn: a card is flipped for the opponent, all of one's active pieces move down, and the
//! opponent's flipped piece is added to the top row. Rules page: `docs/games/gravity.md`.

use super::two_colours::{SquareMarks, board_view};
use crate::cards::{Card, NamedDeck, Pile};
use crate::chess::Board;
use crate::chess::attacks::piece_attacks;
use crate::game::{
    BoardView, ErrorCode, Game, GameError, Outcome, RulesInfo, Said, Seat, SeatResult, Seating, Stage, Turn, Viewer,
};
use crate::geometry::{Bitboard, Square};
use crate::pieces::{Color, Piece, Role};
use crate::random::RandomSource;
use serde::{Deserialize, Serialize};

/// The game, for the registry.
pub struct Gravity;

/// Gravity Chess has no options.
#[derive(Clone, Debug, Default, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct GravityOptions {}

/// Where a turn is.
#[derive(Copy, Clone, Debug, Eq, PartialEq, Serialize, Deserialize)]
pub enum Step {
    /// Moving the active pieces, one at a time.
    Move,
    /// Adding the flipped piece to the top row.
    Add,
}

/// Everything the referee knows.
#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct GravityState {
    /// The pieces, as FEN's placement field.
    pub board: String,
    /// The colour whose turn it is.
    pub to_move: Color,
    /// The seat that plays White (the hidden pawn).
    pub white_seat: Seat,
    /// Each colour's face-down pile of the **opponent's** cards (White holds the black cards).
    pub piles: [Pile; 2],
    /// The card flipped this turn for the opponent, to be added.
    pub flipped: Option<Card>,
    /// Pawns that have not moved since they were added (they may step two).
    pub fresh_pawns: Bitboard,
    /// Pieces that have moved, or were said unable to, this turn.
    pub done: Bitboard,
    /// Pieces each colour has captured, White's first.
    pub captured: [u32; 2],
    /// Pieces that have become stacked: they stay stacked (a hand-built position may leave
    /// this out; the board decides it then).
    #[serde(default)]
    pub stacked: Bitboard,
    /// Where the turn is.
    pub step: Step,
    /// Whether this is White's last turn (after Black added the last white piece).
    pub last_turn: bool,
    /// How the game ended.
    pub ended: Option<Outcome>,
}

/// One action.
#[derive(Copy, Clone, Debug, Eq, PartialEq)]
pub enum GravityAction {
    /// Move one active piece down (or capture across its row).
    Move(Square, Square),
    /// Say that this active piece cannot move.
    Cannot(Square),
    /// Add the flipped piece to the top of this file.
    Add(u8),
}

/// A colour's points, as the seed counts them.
#[derive(Clone, Debug, Serialize, schemars::JsonSchema)]
pub struct Score {
    /// One per captured piece.
    pub captured: u32,
    /// Stacked pieces per row, bottom row first.
    pub stacked_by_row: Vec<u32>,
    /// The total: captures, plus each stacked piece's row number.
    pub points: u32,
}

/// What every viewer sees.
#[derive(Clone, Debug, Serialize, schemars::JsonSchema)]
pub struct GravityPublic {
    /// The pieces (FEN placement).
    pub board: String,
    /// The colour whose turn it is.
    pub to_move: Color,
    /// The seat playing White.
    pub white_seat: Seat,
    /// `move` or `add`.
    pub stage: Stage,
    /// The card flipped for the opponent this turn.
    pub flipped: Option<Card>,
    /// Cards left in each colour's pile of the opponent's pieces, White's first.
    pub pile_sizes: [usize; 2],
    /// Stacked squares.
    pub stacked: Vec<Square>,
    /// The active pieces still to move this turn.
    pub to_move_now: Vec<Square>,
    /// The score so far, White's first.
    pub score: [Score; 2],
    /// Whether this is White's last turn.
    pub last_turn: bool,
}

/// What only the referee knows: the piles' order.
#[derive(Clone, Debug, Serialize)]
pub struct GravityHidden {
    /// Each pile, top first, White's first.
    pub piles: [Vec<Card>; 2],
}

fn seating() -> Seating {
    Seating::one_team_each(["Player 1", "Player 2"])
}

/// Squares below `sq`'s row.
fn below(sq: Square) -> Bitboard {
    (0..sq.rank()).fold(Bitboard::EMPTY, |b, r| b | Bitboard::rank(r))
}

/// Pieces that can no longer move: on the bottom row, or with every way down blocked by
/// stacked pieces (worked out from the bottom up).
pub fn stacked(board: &Board) -> Bitboard {
    stacked_after(board, Bitboard::EMPTY)
}

/// [`stacked`], where the pieces on `already` became stacked earlier and stay so: stacking is
/// for good ("it becomes stacked, and can't be moved or captured"), so an enemy that lands
/// diagonally below a stacked pawn, and could be captured by it, does not unstack it.
fn stacked_after(board: &Board, already: Bitboard) -> Bitboard {
    let mut s = board.occupied() & (Bitboard::rank(0) | already);
    for rank in 1..8 {
        for sq in board.occupied() & Bitboard::rank(rank) & !s {
            let piece = board.piece_at(sq).expect("occupied");
            if (ways_down(board, piece, sq, s) & !s).is_empty() {
                s = s.with(sq);
            }
        }
    }
    s
}

/// Where `piece` on `sq` could go down, as far as the `stacked` pieces decide: for a pawn, the
/// square straight below and a diagonal below holding a piece it may capture; for the others,
/// their lines down, which only stacked pieces block.
fn ways_down(board: &Board, piece: Piece, sq: Square, stacked: Bitboard) -> Bitboard {
    if piece.role != Role::Pawn {
        return piece_attacks(piece.role, sq, stacked) & below(sq);
    }
    let straight: Bitboard = sq.offset(0, -1).into_iter().collect();
    let diagonal: Bitboard = [-1, 1].into_iter().filter_map(|f| sq.offset(f, -1)).collect();
    straight | (diagonal & capturable(board, piece.color, stacked))
}

/// The pieces `color` may capture: the opponent's, unless stacked, and never a king (as in
/// chess, a king is not taken; the rules page says why).
fn capturable(board: &Board, color: Color, stacked: Bitboard) -> Bitboard {
    board.by_color(color.other()) & !stacked & !board.by_role(Role::King)
}

impl GravityState {
    fn board(&self) -> Board {
        crate::chess::parse_board(&self.board).expect("a stored board is valid")
    }

    /// Puts `b` on the board; the pieces it stacks are stacked for good.
    fn set_board(&mut self, b: &Board) {
        self.board = crate::chess::Position { board: *b, ..crate::chess::Position::standard() }.board_fen();
        self.stacked = stacked_after(b, self.stacked);
    }

    /// The stacked pieces: those that became stacked, and any the board stacks now.
    fn stacked_now(&self) -> Bitboard {
        stacked_after(&self.board(), self.stacked)
    }

    fn seat_of(&self, color: Color) -> Seat {
        if color == Color::White { self.white_seat } else { 1 - self.white_seat }
    }

    /// The colour `seat` plays.
    fn color_of_seat(&self, seat: Seat) -> Color {
        if seat == self.white_seat { Color::White } else { Color::Black }
    }

    /// The mover's pieces still to move this turn.
    fn active(&self) -> Bitboard {
        self.board().by_color(self.to_move) & !self.stacked_now() & !self.done
    }

    /// Where the piece on `from` may go now.
    fn targets(&self, from: Square) -> Bitboard {
        let b = self.board();
        let Some(piece) = b.piece_at(from) else { return Bitboard::EMPTY };
        let occupied = b.occupied();
        let theirs = capturable(&b, piece.color, self.stacked_now());
        if piece.role == Role::Pawn {
            let mut to = Bitboard::EMPTY;
            if let Some(one) = from.offset(0, -1).filter(|s| !occupied.contains(*s)) {
                to = to.with(one);
                if let Some(two) =
                    one.offset(0, -1).filter(|s| !occupied.contains(*s) && self.fresh_pawns.contains(from))
                {
                    to = to.with(two);
                }
            }
            for f in [-1, 1] {
                if let Some(d) = from.offset(f, -1).filter(|s| theirs.contains(*s)) {
                    to = to.with(d);
                }
            }
            return to;
        }
        let reach = piece_attacks(piece.role, from, occupied);
        let same_row = Bitboard::rank(from.rank());
        (reach & below(from) & !occupied) | (reach & theirs & (below(from) | same_row))
    }

    fn moves(&self) -> Vec<(Square, Square)> {
        self.active().into_iter().flat_map(|from| self.targets(from).into_iter().map(move |to| (from, to))).collect()
    }

    /// Ends the moves when nothing left can move; skips an add with nothing to add.
    fn advance(&mut self) {
        if self.step == Step::Move && self.moves().is_empty() {
            self.done = Bitboard::EMPTY;
            if self.last_turn {
                self.ended = Some(self.final_outcome());
                return;
            }
            self.step = Step::Add;
        }
        if self.step == Step::Add && (self.flipped.is_none() || self.free_columns().is_empty()) {
            self.flipped = None;
            self.next_turn();
        }
    }

    fn free_columns(&self) -> Vec<u8> {
        let b = self.board();
        (0..8).filter(|f| !b.occupied().contains(Square::from_coords(*f, 7))).collect()
    }

    /// The other colour's turn: a card flipped for its opponent, unless the piles are done.
    fn next_turn(&mut self) {
        let mover = self.to_move;
        self.to_move = mover.other();
        self.step = Step::Move;
        self.done = Bitboard::EMPTY;
        // Black has just added the last white piece: White's last turn, moves only.
        if mover == Color::Black && self.piles[Color::Black.index()].draw.is_empty() {
            self.last_turn = true;
            self.flipped = None;
        } else {
            let pile = &mut self.piles[self.to_move.index()];
            self.flipped = (!pile.draw.is_empty()).then(|| pile.draw.remove(0));
        }
        self.advance();
    }

    fn score(&self, color: Color) -> Score {
        let b = self.board();
        let stacked = self.stacked_now() & b.by_color(color);
        let stacked_by_row: Vec<u32> = (0..8).map(|r| (stacked & Bitboard::rank(r)).count()).collect();
        let rows: u32 = stacked_by_row.iter().enumerate().map(|(r, n)| (r as u32 + 1) * n).sum();
        let captured = self.captured[color.index()];
        Score { captured, points: captured + rows, stacked_by_row }
    }

    /// Most points wins; a tie goes to the most stacked pieces in the highest row where the
    /// counts differ.
    fn final_outcome(&self) -> Outcome {
        let (w, b) = (self.score(Color::White), self.score(Color::Black));
        let by_rows = (0..8).rev().map(|r| w.stacked_by_row[r].cmp(&b.stacked_by_row[r])).find(|o| o.is_ne());
        let order = w.points.cmp(&b.points).then(by_rows.unwrap_or(std::cmp::Ordering::Equal));
        let seating = seating();
        let mut outcome = match order {
            std::cmp::Ordering::Equal => seating.draw(format!("a tie at {} points each, row by row", w.points)),
            o => {
                let winner = if o.is_gt() { Color::White } else { Color::Black };
                let how = if w.points == b.points { " (on the highest row that differs)" } else { "" };
                seating.team_wins(
                    self.seat_of(winner),
                    format!("{winner} wins, {} to {}{how}", w.points.max(b.points), w.points.min(b.points)),
                )
            }
        };
        let mut scores = vec![0i64; 2];
        scores[usize::from(self.seat_of(Color::White))] = i64::from(w.points);
        scores[usize::from(self.seat_of(Color::Black))] = i64::from(b.points);
        outcome.scores = scores;
        outcome
    }
}

/// How a move is written in the move step: from and to, or `cant` and the square.
const MOVE_NOTATION: &str = "Write a move as from and to (e8e6), or cant e4 for a piece of yours that cannot move.";

/// Reads an action of the move step, explaining what is wrong with one that is not legal.
fn read_move(state: &GravityState, t: &str) -> Result<GravityAction, GameError> {
    let illegal = |m: String| GameError::new(ErrorCode::IllegalAction, m);
    let bad = |m: String| GameError::new(ErrorCode::BadNotation, m);
    if t.starts_with("add") {
        return Err(illegal(format!(
            "The flipped piece is added once every piece of yours has moved: this is the move step. {MOVE_NOTATION}"
        )));
    }
    if let Some(sq) = t.strip_prefix("cant").or_else(|| t.strip_prefix("can't")) {
        let sq: Square = sq.trim().parse().map_err(|_| bad("Name the piece that cannot move: cant e4".into()))?;
        if !state.active().contains(sq) {
            return Err(illegal(format!("There is no piece of yours on {sq} still to move.")));
        }
        if state.targets(sq).nonempty() {
            return Err(illegal(format!("The piece on {sq} can move, so it must.")));
        }
        return Ok(GravityAction::Cannot(sq));
    }
    let (from, to, promotion) = crate::chess::parse_uci_form(t).map_err(|_| bad(MOVE_NOTATION.into()))?;
    if promotion.is_some() {
        return Err(bad(format!("Pieces are not promoted in Gravity Chess. {MOVE_NOTATION}")));
    }
    if !state.active().contains(from) {
        return Err(illegal(why_it_cannot_move(state, from)));
    }
    if !state.targets(from).contains(to) {
        return Err(illegal(why_it_cannot_go(state, from, to)));
    }
    Ok(GravityAction::Move(from, to))
}

/// Why the piece on `from` is not one of the mover's pieces still to move.
fn why_it_cannot_move(state: &GravityState, from: Square) -> String {
    match state.board().piece_at(from) {
        None => format!("There is no piece on {from}."),
        Some(p) if p.color != state.to_move => format!("The {} on {from} is {}'s.", p.role, p.color),
        Some(_) if state.done.contains(from) => format!("The piece on {from} has already moved this turn."),
        Some(p) => format!("The {} on {from} is stacked: it can no longer move.", p.role),
    }
}

/// Why the piece on `from` may not go to `to`.
fn why_it_cannot_go(state: &GravityState, from: Square, to: Square) -> String {
    let b = state.board();
    match b.piece_at(to) {
        Some(p) if p.color == state.to_move => format!("{to} holds your own {}.", p.role),
        Some(p) if p.role == Role::King => format!(
            "A king is never captured in Gravity Chess: the {} king on {to} stays.",
            p.color.name().to_lowercase()
        ),
        Some(p) if state.stacked_now().contains(to) => format!(
            "The {} {} on {to} is stacked, and a stacked piece cannot be captured.",
            p.color.name().to_lowercase(),
            p.role
        ),
        _ => format!(
            "Gravity pulls down: a piece ends at least one row lower, or captures an unstacked piece on its own row or lower; {from} to {to} is not such a move."
        ),
    }
}

impl Game for Gravity {
    type Options = GravityOptions;
    type State = GravityState;
    type Action = GravityAction;
    type Public = GravityPublic;
    type Private = crate::game::NoSecret;
    type Hidden = GravityHidden;

    fn info(&self) -> RulesInfo {
        RulesInfo {
            id: "gravity",
            name: "Gravity Chess",
            version: 3,
            summary: "Both players drop pieces in at the top of one board; every turn all your active pieces fall at least one row, and pieces stack up on the bottom for points. A card flipped each turn says which of your opponent's pieces you add to the top row.",
            min_seats: 2,
            max_seats: 2,
            equipment: &["chess set (four pawns a side)", "the 24 cards of Appendix A's gravity deck"],
            random: &["who plays White (the hidden pawn)", "the shuffle of each colour's twelve cards"],
            secret: &["the order of both piles (nobody knows it)"],
            source: "seed 000, \"Gravity Chess\"",
            position_notation: "the game's saved state as JSON",
            action_notation: "a move as from and to (e8e6, a pawn h7h5 on its first move), cant e4 (this piece cannot move), add c (the flipped piece to the top of file c)",
            lists_all_actions: true,
        }
    }

    fn seating(&self, _options: &GravityOptions) -> Result<Seating, GameError> {
        Ok(seating())
    }

    fn setup(&self, _options: &GravityOptions, rng: &mut dyn RandomSource) -> Result<GravityState, GameError> {
        let white_seat = rng.below(2) as Seat;
        let cards = NamedDeck::Gravity24.cards();
        let of = |c: Color| cards.iter().copied().filter(|card| card.piece().map(|p| p.color) == Some(c)).collect();
        // White holds and flips the black cards; Black the white ones.
        let white_pile = Pile::shuffled(of(Color::Black), rng);
        let black_pile = Pile::shuffled(of(Color::White), rng);
        let mut state = GravityState {
            board: "8/8/8/8/8/8/8/8".into(),
            to_move: Color::White,
            white_seat,
            piles: [white_pile, black_pile],
            flipped: None,
            fresh_pawns: Bitboard::EMPTY,
            done: Bitboard::EMPTY,
            captured: [0, 0],
            stacked: Bitboard::EMPTY,
            step: Step::Move,
            last_turn: false,
            ended: None,
        };
        state.flipped = Some(state.piles[0].draw.remove(0));
        state.advance();
        Ok(state)
    }

    fn turn(&self, state: &GravityState) -> Turn {
        if state.ended.is_some() {
            return Turn::Over;
        }
        let stage = if state.step == Step::Move { Stage::Move } else { Stage::Add };
        Turn::seat(state.seat_of(state.to_move), stage)
    }

    fn legal_actions(&self, state: &GravityState, _seat: Seat) -> Vec<GravityAction> {
        match state.step {
            Step::Move => {
                let mut out: Vec<GravityAction> =
                    state.moves().into_iter().map(|(f, t)| GravityAction::Move(f, t)).collect();
                out.extend(
                    state.active().into_iter().filter(|s| state.targets(*s).is_empty()).map(GravityAction::Cannot),
                );
                out
            }
            Step::Add => state.free_columns().into_iter().map(GravityAction::Add).collect(),
        }
    }

    fn parse_action(&self, state: &GravityState, _seat: Seat, text: &str) -> Result<GravityAction, GameError> {
        let t = text.trim().to_ascii_lowercase();
        let illegal = |m: String| GameError::new(ErrorCode::IllegalAction, m);
        let bad = |m: &str| GameError::new(ErrorCode::BadNotation, m.to_string());
        match state.step {
            Step::Add => {
                let file = t.trim_start_matches("add").trim();
                let f = match file.as_bytes() {
                    [c @ b'a'..=b'h'] => c - b'a',
                    _ => return Err(bad("Add the piece to the top of a file: add c")),
                };
                if !state.free_columns().contains(&f) {
                    return Err(illegal(format!("The top of file {} is taken.", file)));
                }
                Ok(GravityAction::Add(f))
            }
            Step::Move => read_move(state, &t),
        }
    }

    fn format_action(&self, _state: &GravityState, action: &GravityAction) -> String {
        match action {
            GravityAction::Move(f, t) => format!("{f}{t}"),
            GravityAction::Cannot(s) => format!("cant {s}"),
            GravityAction::Add(f) => format!("add {}", (b'a' + f) as char),
        }
    }

    fn describe_action(&self, state: &GravityState, _seat: Seat, action: &GravityAction) -> Said {
        let b = state.board();
        Said::public(match *action {
            GravityAction::Move(f, t) => {
                let role = b.role_at(f).unwrap_or(Role::Pawn);
                match b.role_at(t) {
                    Some(taken) => format!("{role} {f}→{t}, taking the {taken}"),
                    None => format!("{role} {f}→{t}"),
                }
            }
            GravityAction::Cannot(s) => format!("the {} on {s} cannot move", b.role_at(s).unwrap_or(Role::Pawn)),
            GravityAction::Add(f) => {
                let piece = state
                    .flipped
                    .and_then(Card::piece)
                    .map_or("piece".to_string(), |p| format!("{} {}", p.color.name().to_lowercase(), p.role));
                format!("{} adds the {piece} on {}8", state.to_move, (b'a' + f) as char)
            }
        })
    }

    /// A dispute's answer names the mover by colour, as the dispute page sets it ("White's queen
    /// c2→c1"), not by seat: which seat plays White is drawn.
    fn describe_in_full(&self, state: &GravityState, seat: Seat, action: &GravityAction) -> Option<String> {
        let side = state.to_move.name();
        let said = self.describe_action(state, seat, action).to_actor;
        Some(match *action {
            GravityAction::Move(..) => format!("{side}'s {said}"),
            GravityAction::Cannot(..) => format!("{side}'s claim that {said}"),
            GravityAction::Add(f) => {
                let piece = state
                    .flipped
                    .and_then(Card::piece)
                    .map_or("piece".to_string(), |p| format!("{} {}", p.color.name().to_lowercase(), p.role));
                format!("{side}'s addition of the {piece} on {}8", (b'a' + f) as char)
            }
        })
    }

    /// Gravity's sentences name the seats by the colours the hidden pawn gave them.
    fn side_now(&self, state: &GravityState, seat: Seat) -> Option<String> {
        Some(state.color_of_seat(seat).name().to_string())
    }

    fn describe_attempt(&self, state: &GravityState, _seat: Seat, text: &str) -> Option<String> {
        let side = state.to_move.name();
        let (from, to, _) = crate::chess::parse_uci_form(&text.trim().to_ascii_lowercase()).ok()?;
        Some(match state.board().piece_at(from) {
            Some(p) if p.color == state.to_move => format!("{side}'s {} {from}→{to}", p.role),
            _ => format!("{side}'s move {from}→{to}"),
        })
    }

    fn apply(
        &self,
        state: &mut GravityState,
        _seat: Seat,
        action: &GravityAction,
        _rng: &mut dyn RandomSource,
    ) -> Result<(), GameError> {
        let mut b = state.board();
        match *action {
            GravityAction::Move(from, to) => {
                let piece = b.remove(from).expect("checked when read");
                if b.remove(to).is_some() {
                    state.captured[state.to_move.index()] += 1;
                }
                b.put(to, piece);
                state.fresh_pawns = state.fresh_pawns.without(from).without(to);
                state.done = state.done.without(from).with(to);
                state.set_board(&b);
            }
            GravityAction::Cannot(sq) => state.done = state.done.with(sq),
            GravityAction::Add(f) => {
                let piece = state.flipped.take().and_then(Card::piece).expect("a flipped piece card");
                let sq = Square::from_coords(f, 7);
                b.put(sq, piece);
                if piece.role == Role::Pawn {
                    state.fresh_pawns = state.fresh_pawns.with(sq);
                }
                state.set_board(&b);
                state.next_turn();
                return Ok(());
            }
        }
        state.advance();
        Ok(())
    }

    fn public(&self, state: &GravityState) -> GravityPublic {
        GravityPublic {
            board: state.board.clone(),
            to_move: state.to_move,
            white_seat: state.white_seat,
            stage: if state.step == Step::Move { Stage::Move } else { Stage::Add },
            flipped: state.flipped,
            pile_sizes: [state.piles[0].draw.len(), state.piles[1].draw.len()],
            stacked: state.stacked_now().into_iter().collect(),
            // Only while pieces are moving: in the add step and once the game is over nothing is
            // left to move.
            to_move_now: if state.step == Step::Move && state.ended.is_none() {
                state.active().into_iter().collect()
            } else {
                Vec::new()
            },
            score: [state.score(Color::White), state.score(Color::Black)],
            last_turn: state.last_turn,
        }
    }

    fn hidden(&self, state: &GravityState) -> Option<GravityHidden> {
        Some(GravityHidden { piles: [state.piles[0].draw.clone(), state.piles[1].draw.clone()] })
    }

    fn board(&self, state: &GravityState, _viewer: Viewer, legal: &[GravityAction]) -> Option<BoardView> {
        let b = state.board();
        let st = state.stacked_now();
        let selectable = legal.iter().fold(Bitboard::EMPTY, |acc, a| match a {
            GravityAction::Move(f, _) | GravityAction::Cannot(f) => acc.with(*f),
            GravityAction::Add(f) => acc.with(Square::from_coords(*f, 7)),
        });
        Some(board_view(&b, selectable, |sq| SquareMarks {
            markers: if st.contains(sq) { vec!["stacked".into()] } else { Vec::new() },
            ..Default::default()
        }))
    }

    fn outcome(&self, state: &GravityState) -> Option<Outcome> {
        state.ended.clone()
    }

    fn parse_position(&self, text: &str) -> Result<GravityState, GameError> {
        let mut state: GravityState = serde_json::from_str(text).map_err(|e| {
            GameError::new(ErrorCode::BadPosition, format!("a Gravity position is its saved state as JSON: {e}"))
        })?;
        let board = crate::chess::parse_board(&state.board).map_err(|e| GameError::new(ErrorCode::BadPosition, e.0))?;
        let bad = |why: String| GameError::new(ErrorCode::BadPosition, why);
        state.stacked = checked_stacked(&board, state.stacked).map_err(bad)?;
        if state.ended.is_none() && state.last_turn && state.step == Step::Move && state.moves().is_empty() {
            // White's last turn with nothing left to move: the game is over, and scored.
            state.ended = Some(state.final_outcome());
        }
        if state.ended.is_none() {
            state.check_waits_for_a_choice().map_err(bad)?;
        }
        Ok(state)
    }

    fn format_position(&self, state: &GravityState) -> String {
        serde_json::to_string(state).expect("states serialize")
    }
}

/// The stacked pieces of a hand-built position that lists `listed` as stacked: each must stand
/// on the board and have been stackable (on the bottom row, or with every way down but a
/// pawn's capture blocked by stacked pieces); those the board stacks are added.
fn checked_stacked(board: &Board, listed: Bitboard) -> Result<Bitboard, String> {
    if let Some(sq) = (listed & !board.occupied()).into_iter().next() {
        return Err(format!("{sq} is listed as stacked, but no piece stands there."));
    }
    let all = stacked_after(board, listed);
    for sq in listed & !stacked(board) {
        let piece = board.piece_at(sq).expect("checked: occupied");
        let down = match piece.role {
            Role::Pawn => sq.offset(0, -1).into_iter().collect(),
            _ => ways_down(board, piece, sq, all),
        };
        if (down & !all).nonempty() {
            return Err(format!(
                "The {} {} on {sq} is listed as stacked, but it still has a way down that no stacked piece blocks.",
                piece.color.name().to_lowercase(),
                piece.role
            ));
        }
    }
    Ok(all)
}

impl GravityState {
    /// Refuses a hand-built position where play never stops: one with nothing left to move in
    /// the move step (the step is over by then), or an add step with nothing to add or nowhere
    /// to add it (the turn is over by then). A game asks a choice of the player in every
    /// position it stops in.
    fn check_waits_for_a_choice(&self) -> Result<(), String> {
        let side = self.to_move.name();
        match self.step {
            Step::Move if self.moves().is_empty() => Err(format!(
                "Nothing of {side}'s can move in this position, so its move step is over and the flipped piece is added next: a game never stops here (set the step to Add)."
            )),
            Step::Add if self.flipped.and_then(Card::piece).is_none() => Err(format!(
                "{side}'s add step needs the flipped card, one of Appendix A's piece cards: a game never stops here without one."
            )),
            Step::Add if self.free_columns().is_empty() => Err(format!(
                "The top row is full, so the flipped piece is set aside and {side}'s turn is over: a game never stops here."
            )),
            _ => Ok(()),
        }
    }
}

/// The final score of a board, for tests and the rules page: (White, Black) points.
pub fn final_scores(placement: &str, captured: [u32; 2]) -> Result<(u32, u32, SeatResult), String> {
    let state = GravityState {
        board: placement.into(),
        to_move: Color::White,
        white_seat: 0,
        piles: [Pile::default(), Pile::default()],
        flipped: None,
        fresh_pawns: Bitboard::EMPTY,
        done: Bitboard::EMPTY,
        captured,
        stacked: Bitboard::EMPTY,
        step: Step::Move,
        last_turn: true,
        ended: None,
    };
    crate::chess::parse_board(placement).map_err(|e| e.0)?;
    let outcome = state.final_outcome();
    Ok((state.score(Color::White).points, state.score(Color::Black).points, outcome.results[0]))
}
