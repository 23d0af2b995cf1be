//! Chess Golf (`chess-golf`, seed 001 "Chess Golf"): a round of nine puzzles. Each hole the
//! dealer turns up the chosen pieces; every player seals how many moves they need to make one
//! chosen kind capture the others, pieces moving only by borrowing a neighbour's move; the
//! lowest count demonstrates, move by move, and scores like golf. After each hole the referee
//! proves its par. Mechanics and solver: [`crate::golf`]; rules page:
//! `docs/games/chess-golf.md`.

mod play;
mod words;

pub use play::{Attempt, GolfState, HoleRecord, MAX_BID, MAX_CARDS, Step};

use crate::cards::{Card, NamedDeck, Pile, lay_out};
use crate::game::{
    BoardView, Courtesies, ErrorCode, Game, GameError, Outcome, Par, ParAnswer, RulesInfo, Said, Seat, SeatResult,
    Seating, Stage, Turn, Viewer,
};
use crate::geometry::{Bitboard, Square};
use crate::golf::solver::{self, Budget};
use crate::golf::{Course, GolfMove};
use crate::random::RandomSource;
use serde::{Deserialize, Serialize};
use words::{bad, piece_words, seat_name};

/// The game, for the registry.
pub struct ChessGolf;

/// How the round is played.
#[derive(Clone, Debug, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(deny_unknown_fields, default)]
pub struct ChessGolfOptions {
    /// Players at the table, 1 to 8.
    pub players: u8,
    /// Holes in the round, 1 to 18 (the seed plays 9).
    pub holes: u8,
    /// A course to play instead of laying out the shuffled cards: FEN's board field with the
    /// sixteen pieces of the deck, no pawns (to play the book's problems).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub layout: Option<String>,
    /// The first hole's chosen pieces instead of dealing them: FEN letters, two to five (`Kb`:
    /// the white king and a black bishop). Later holes are dealt two cards as usual.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub first_hole: Option<String>,
    /// Seconds to seal a count, 10 to 600 (the seed's timer: 30 seconds to two minutes); a
    /// player who has sealed nothing when it runs out scores the highest count plus one.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub timer_seconds: Option<u32>,
}

impl Default for ChessGolfOptions {
    fn default() -> Self {
        ChessGolfOptions { players: 2, holes: 9, layout: None, first_hole: None, timer_seconds: None }
    }
}

/// One action.
#[derive(Copy, Clone, Debug, Eq, PartialEq)]
pub enum GolfAction {
    /// Seal a move count (0: impossible).
    Bid(u8),
    /// One move of the demonstration.
    Move(GolfMove),
    /// Stop demonstrating: the attempt fails.
    GiveUp,
    /// Start the demonstration again from the hole's start.
    Reset,
    /// Put the next captured piece back on this empty square.
    PutBack(Square),
    /// Deal this many cards a hole from now on.
    Deal(u8),
}

/// A finished hole, as every viewer sees it on the scorecard.
#[derive(Clone, Debug, Serialize, schemars::JsonSchema)]
pub struct HoleView {
    /// The hole's number, from 1.
    pub number: u8,
    /// Who dealt it.
    pub dealer: Seat,
    /// The cards dealt (`KH`, `9S`).
    pub cards: Vec<String>,
    /// The chosen pieces in words ("white king").
    pub chosen: Vec<String>,
    /// The course it started from (FEN's board field).
    pub start: String,
    /// Each seat's sealed count (0 = impossible); empty until revealed.
    pub bids: Vec<u8>,
    /// The demonstrations.
    pub attempts: Vec<Attempt>,
    /// Each seat's points for the hole; empty until it is over.
    pub scores: Vec<u8>,
}

/// What every viewer sees.
#[derive(Clone, Debug, Serialize, schemars::JsonSchema)]
pub struct ChessGolfPublic {
    /// Holes in the round.
    pub holes: u8,
    /// Who deals the hole in play (or the next one).
    pub dealer: Seat,
    /// Cards dealt a hole.
    pub cards_per_hole: u8,
    /// Where the round is: `bid`, `demonstrate`, `put-back`, `deal` or `over`.
    pub step: String,
    /// The hole in play, if one is.
    pub hole: Option<HoleView>,
    /// The demonstrator, while one is showing a line or putting pieces back.
    pub demonstrator: Option<Seat>,
    /// The moves shown so far in the demonstration under way.
    pub moves: Vec<String>,
    /// Moves left within the demonstrator's count.
    pub moves_left: Option<u8>,
    /// The square of the piece that has captured so far (it makes every later capture).
    pub capturer: Option<String>,
    /// The captured pieces still to put back, the next first.
    pub to_put_back: Vec<String>,
    /// The holes played, first first.
    pub scorecard: Vec<HoleView>,
    /// Each seat's total so far: the lowest wins.
    pub totals: Vec<u32>,
    /// Cards left to deal before the discards are shuffled back.
    pub deck: usize,
    /// Cards on the discard pile.
    pub discards: usize,
}

fn hole_view(hole: &HoleRecord) -> HoleView {
    HoleView {
        number: hole.number,
        dealer: hole.dealer,
        cards: hole.cards.iter().map(ToString::to_string).collect(),
        chosen: hole.chosen().into_iter().map(piece_words).collect(),
        start: hole.start.clone(),
        bids: hole.bids.clone(),
        attempts: hole.attempts.clone(),
        scores: hole.scores.clone(),
    }
}

/// The sixteen piece cards with the pieces of `first_hole` (FEN letters) taken out of `deck`
/// first, in deck order; `None` if the deck lacks one.
fn take_cards(deck: &mut Vec<Card>, letters: &str) -> Option<Vec<Card>> {
    let mut taken = Vec::new();
    for c in letters.chars() {
        let piece = crate::pieces::Piece::from_fen_char(c)?;
        let at = deck.iter().position(|card| card.piece() == Some(piece))?;
        taken.push(deck.remove(at));
    }
    Some(taken)
}

/// The proven par of a hole, with the same budget for every caller: one shortest line, or
/// "impossible", or how many moves are needed at least. A successful demonstration as short as
/// that bound is a shortest line, and is shown as one.
fn hole_par(hole: &HoleRecord, puzzle: &str, title: String) -> Par {
    let search = solver::solve(&hole.start_course(), &hole.hole(), Budget::default());
    let shown = hole.attempts.iter().filter(|a| a.succeeded).map(|a| &a.moves).min_by_key(|m| m.len());
    let answer = match (search.par, shown) {
        (solver::Par::Solved(line), _) => {
            ParAnswer::Moves { moves: line.len() as u32, line: line.iter().map(ToString::to_string).collect() }
        }
        (solver::Par::Impossible, _) => ParAnswer::Impossible,
        (solver::Par::AtLeast(n), Some(line)) if line.len() as u32 == n => {
            ParAnswer::Moves { moves: n, line: line.clone() }
        }
        (solver::Par::AtLeast(n), _) => ParAnswer::AtLeast { moves: n },
    };
    Par { puzzle: puzzle.to_string(), title, answer, positions: search.positions }
}

/// The par of a hole given in the game's position notation (the board and the chosen pieces,
/// read as for "is that legal?": `2B3R1/5k2/1r1n1N2/1r2b3/R5q1/1B1n1N2/b6K/5Q2 Kb`), worked
/// out as after a hole played, with the same budget. The puzzle's key is `position`.
pub fn position_par(text: &str) -> Result<Par, GameError> {
    let state = ChessGolf.parse_position(text)?;
    let (Some(hole), Step::Demonstrate { moves, .. }) = (&state.current, &state.step) else {
        return Err(bad(ErrorCode::BadPosition, "a Chess Golf hole is a board and the chosen pieces"));
    };
    if !moves.is_empty() {
        return Err(bad(
            ErrorCode::BadPosition,
            "par is asked of a hole's start: give the board and the chosen pieces, without moves",
        ));
    }
    let chosen: Vec<String> = hole.chosen().into_iter().map(piece_words).collect();
    Ok(hole_par(hole, "position", format!("Par: {}", chosen.join(", "))))
}

impl ChessGolf {
    fn validate(&self, options: &ChessGolfOptions) -> Result<(), GameError> {
        let fail = |m: String| Err(bad(ErrorCode::BadOptions, m));
        if !(1..=8).contains(&options.players) {
            return fail(format!("Chess Golf is for 1 to 8 players, not {}.", options.players));
        }
        if !(1..=18).contains(&options.holes) {
            return fail(format!("A round has 1 to 18 holes, not {}.", options.holes));
        }
        if let Some(layout) = &options.layout {
            words::check_layout(layout).map_err(|m| bad(ErrorCode::BadOptions, m))?;
        }
        if options.timer_seconds.is_some_and(|t| !(10..=600).contains(&t)) {
            return fail("The timer runs 10 to 600 seconds.".to_string());
        }
        if let Some(first) = &options.first_hole {
            let n = first.chars().count() as u8;
            if !(2..=MAX_CARDS).contains(&n) || take_cards(&mut NamedDeck::Pieces16.cards(), first).is_none() {
                return fail(format!(
                    "The first hole's pieces are 2 to {MAX_CARDS} FEN letters the sixteen cards can show (like Kb), not \"{first}\"."
                ));
            }
        }
        Ok(())
    }

    /// The state of a demonstration of `moves` from `start` for `chosen`, by one player with
    /// no limit on its count: the position a dispute at the table is about, in a round that
    /// goes on after it (so a finishing move asks for the captured pieces, as in play).
    fn demonstration_state(start: &str, chosen: &str, moves: Vec<String>) -> Result<GolfState, String> {
        let mut deck = NamedDeck::Pieces16.cards();
        let cards = take_cards(&mut deck, chosen)
            .filter(|c| (2..=usize::from(MAX_CARDS)).contains(&c.len()))
            .ok_or_else(|| format!("\"{chosen}\" is not 2 to {MAX_CARDS} chosen pieces in FEN letters (like Kb)"))?;
        let hole = HoleRecord {
            number: 1,
            dealer: 0,
            cards,
            start: start.to_string(),
            bids: vec![MAX_BID],
            attempts: Vec::new(),
            late: Vec::new(),
            scores: Vec::new(),
        };
        let state = GolfState {
            players: 1,
            holes: 2,
            course: start.to_string(),
            deck: Pile { draw: deck, discard: Vec::new() },
            dealer: 0,
            cards_per_hole: hole.cards.len() as u8,
            timer_seconds: None,
            current: Some(hole),
            step: Step::Demonstrate { seat: 0, moves },
            finished: Vec::new(),
        };
        match &state.step {
            Step::Demonstrate { moves, .. } if state.demonstration().is_none() => {
                Err(format!("the moves {} are not a legal demonstration from that course", moves.join(",")))
            }
            _ => Ok(state),
        }
    }

    fn outcome_of(state: &GolfState) -> Option<Outcome> {
        if state.step != Step::Over {
            return None;
        }
        let totals = state.totals();
        let best = totals.iter().copied().min().unwrap_or(0);
        let winners: Vec<Seat> = (0..state.players).filter(|s| totals[usize::from(*s)] == best).collect();
        let results = totals.iter().map(|t| if *t == best { SeatResult::Win } else { SeatResult::Loss }).collect();
        let names: Vec<String> = winners.iter().map(|s| seat_name(*s)).collect();
        let reason = match names.as_slice() {
            [one] if state.players == 1 => format!("{one} finished the round with {best}"),
            [one] => format!("{one} wins with {best}, the lowest total"),
            many => format!(
                "{} tie with {best}, the lowest total (the seed gives it to the best dressed)",
                many.join(" and ")
            ),
        };
        Some(Outcome { results, scores: totals.iter().map(|t| i64::from(*t)).collect(), reason })
    }
}

impl Game for ChessGolf {
    type Options = ChessGolfOptions;
    type State = GolfState;
    type Action = GolfAction;
    type Public = ChessGolfPublic;
    type Private = crate::game::NoSecret;
    type Hidden = Vec<Card>;

    fn info(&self) -> RulesInfo {
        RulesInfo {
            id: "chess-golf",
            name: "Chess Golf",
            version: 2,
            summary: "Nine puzzles played like golf: pieces move only by borrowing a neighbour's move, and each hole asks for one chosen kind to capture the others in as few moves as possible. Everyone seals a count, the lowest demonstrates, and the referee proves each hole's par.",
            min_seats: 1,
            max_seats: 8,
            equipment: &["chess set without pawns", "the sixteen piece cards (Appendix A)", "a timer"],
            random: &["the layout", "the dealer", "the cards dealt each hole"],
            secret: &["each player's count until all have sealed", "the order of the deck"],
            source: "seed 001, \"Chess Golf\"",
            position_notation: "FEN's board field, the chosen pieces as FEN letters, and optionally the moves shown so far: 2B3R1/5k2/1r1n1N2/1r2b3/R5q1/1B1n1N2/b6K/5Q2 Kb e5g6,g6h5",
            action_notation: "bid 3 (0: impossible); a move as its two squares, e5g6; reset (start the demonstration again); give-up; put d4 (a captured piece back); deal 3",
            lists_all_actions: true,
        }
    }

    fn seating(&self, options: &ChessGolfOptions) -> Result<Seating, GameError> {
        self.validate(options)?;
        Ok(Seating::one_team_each((0..options.players).map(seat_name)))
    }

    fn setup(&self, options: &ChessGolfOptions, rng: &mut dyn RandomSource) -> Result<GolfState, GameError> {
        self.validate(options)?;
        let dealer = rng.below(u32::from(options.players)) as Seat;
        let course = match &options.layout {
            Some(layout) => Course::from_fen_board(layout).expect("validated"),
            None => Course::new(lay_out(&Pile::shuffled(NamedDeck::Pieces16.cards(), rng).draw)),
        };
        let mut deck = Pile::shuffled(NamedDeck::Pieces16.cards(), rng);
        let first = options.first_hole.as_ref().map(|letters| take_cards(&mut deck.draw, letters).expect("validated"));
        let mut state = GolfState {
            players: options.players,
            holes: options.holes,
            course: course.fen_board(),
            deck,
            dealer,
            cards_per_hole: 2,
            timer_seconds: options.timer_seconds,
            current: None,
            step: Step::Bid,
            finished: Vec::new(),
        };
        match first {
            Some(cards) => state.open_hole(cards),
            None => state.deal(rng),
        }
        Ok(state)
    }

    fn turn(&self, state: &GolfState) -> Turn {
        match &state.step {
            Step::Bid => Turn::round(0..state.players, Stage::Bid, true),
            Step::Demonstrate { seat, .. } => Turn::seat(*seat, Stage::Move),
            Step::PutBack { seat, .. } => Turn::seat(*seat, Stage::Place),
            Step::Deal { dealer } => Turn::seat(*dealer, Stage::Deal),
            Step::Over => Turn::Over,
        }
    }

    fn legal_actions(&self, state: &GolfState, _seat: Seat) -> Vec<GolfAction> {
        match &state.step {
            Step::Bid => (u8::from(state.players == 1)..=MAX_BID).map(GolfAction::Bid).collect(),
            Step::Demonstrate { moves: shown, .. } => {
                let Some((course, progress, _)) = state.demonstration() else { return Vec::new() };
                let hole = state.current.as_ref().expect("a hole is in play").hole();
                let mut moves = Vec::new();
                course.moves(&hole, &progress, &mut moves);
                let reset = (!shown.is_empty()).then_some(GolfAction::Reset);
                moves.into_iter().map(GolfAction::Move).chain(reset).chain([GolfAction::GiveUp]).collect()
            }
            Step::PutBack { .. } => (!state.course().occupied()).into_iter().map(GolfAction::PutBack).collect(),
            Step::Deal { .. } => {
                vec![GolfAction::Deal(state.cards_per_hole), GolfAction::Deal(state.cards_per_hole + 1)]
            }
            Step::Over => Vec::new(),
        }
    }

    fn parse_action(&self, state: &GolfState, _seat: Seat, text: &str) -> Result<GolfAction, GameError> {
        words::read_action(state, text)
    }

    fn format_action(&self, _state: &GolfState, action: &GolfAction) -> String {
        match action {
            GolfAction::Bid(n) => format!("bid {n}"),
            GolfAction::Move(mv) => mv.to_string(),
            GolfAction::GiveUp => "give-up".into(),
            GolfAction::Reset => "reset".into(),
            GolfAction::PutBack(sq) => format!("put {sq}"),
            GolfAction::Deal(n) => format!("deal {n}"),
        }
    }

    fn describe_action(&self, state: &GolfState, seat: Seat, action: &GolfAction) -> Said {
        Said::public(words::describe(state, seat, action))
    }

    fn describe_in_full(&self, state: &GolfState, seat: Seat, action: &GolfAction) -> Option<String> {
        Some(words::in_full(state, seat, action))
    }

    fn describe_result(&self, state: &GolfState, seat: Seat, action: &GolfAction, before: &Said) -> Option<Said> {
        words::result(state, seat, action, &before.to_actor).map(Said::public)
    }

    fn apply(
        &self,
        state: &mut GolfState,
        _seat: Seat,
        action: &GolfAction,
        rng: &mut dyn RandomSource,
    ) -> Result<(), GameError> {
        match *action {
            GolfAction::Bid(_) => {
                return Err(bad(ErrorCode::IllegalAction, "Counts are sealed and revealed together."));
            }
            GolfAction::Move(mv) => state.demonstrate(mv, rng).map_err(|m| bad(ErrorCode::IllegalAction, m))?,
            GolfAction::GiveUp => state.give_up(rng),
            GolfAction::Reset => state.reset(),
            GolfAction::PutBack(sq) => state.put_back(sq, rng).map_err(|m| bad(ErrorCode::IllegalAction, m))?,
            GolfAction::Deal(n) if n == state.cards_per_hole || n == state.cards_per_hole + 1 => {
                state.deal_with(n, rng)
            }
            GolfAction::Deal(_) => {
                return Err(bad(ErrorCode::IllegalAction, "Deal as many cards as before, or one more."));
            }
        }
        Ok(())
    }

    fn round_seconds(&self, state: &GolfState) -> Option<u32> {
        state.timer_seconds
    }

    fn resolve_round(
        &self,
        state: &mut GolfState,
        actions: &[(Seat, GolfAction)],
        rng: &mut dyn RandomSource,
    ) -> Result<(), GameError> {
        // A seat missing here sealed nothing before the timer ran out.
        let mut bids = vec![None; usize::from(state.players)];
        for (seat, action) in actions {
            if let GolfAction::Bid(n) = action {
                bids[usize::from(*seat)] = Some(*n);
            }
        }
        state.reveal(bids, rng);
        Ok(())
    }

    fn public(&self, state: &GolfState) -> ChessGolfPublic {
        let demo = state.demonstration();
        let (demonstrator, moves, moves_left) = match &state.step {
            Step::Demonstrate { seat, moves } => {
                let bid = state.current.as_ref().map_or(0, |h| h.bids[usize::from(*seat)]);
                (Some(*seat), moves.clone(), Some(bid.saturating_sub(moves.len() as u8)))
            }
            Step::PutBack { seat, .. } => (Some(*seat), Vec::new(), None),
            _ => (None, Vec::new(), None),
        };
        ChessGolfPublic {
            holes: state.holes,
            dealer: state.dealer,
            cards_per_hole: state.cards_per_hole,
            step: words::step_name(&state.step).into(),
            hole: state.current.as_ref().map(hole_view),
            demonstrator,
            moves,
            moves_left,
            capturer: demo.and_then(|(_, p, _)| p.capturer()).map(|s| s.to_string()),
            to_put_back: match &state.step {
                Step::PutBack { pieces, .. } => pieces.iter().map(|p| piece_words(*p)).collect(),
                _ => Vec::new(),
            },
            scorecard: state.finished.iter().map(hole_view).collect(),
            totals: state.totals(),
            deck: state.deck.draw.len(),
            discards: state.deck.discard.len(),
        }
    }

    fn hidden(&self, state: &GolfState) -> Option<Vec<Card>> {
        Some(state.deck.draw.clone())
    }

    fn board(&self, state: &GolfState, _viewer: Viewer, legal: &[GolfAction]) -> Option<BoardView> {
        let (course, capturer) = match state.demonstration() {
            Some((course, progress, _)) => (course, progress.capturer()),
            None => (state.course(), None),
        };
        let selectable = legal.iter().fold(Bitboard::EMPTY, |acc, a| match a {
            GolfAction::Move(mv) => acc.with(mv.from),
            GolfAction::PutBack(sq) => acc.with(*sq),
            _ => acc,
        });
        let chosen = state.current.as_ref().map(HoleRecord::chosen).unwrap_or_default();
        Some(words::board_view(&course, &chosen, capturer, selectable))
    }

    fn outcome(&self, state: &GolfState) -> Option<Outcome> {
        ChessGolf::outcome_of(state)
    }

    fn courtesies(&self) -> Courtesies {
        Courtesies::NONE
    }

    fn puzzles(&self, state: &GolfState, _over: bool) -> Vec<String> {
        state.finished.iter().map(|h| format!("hole-{}", h.number)).collect()
    }

    fn par(&self, state: &GolfState, puzzle: &str) -> Option<Par> {
        let number: u8 = puzzle.strip_prefix("hole-")?.parse().ok()?;
        let hole = state.finished.iter().find(|h| h.number == number)?;
        let chosen: Vec<String> = hole.chosen().into_iter().map(piece_words).collect();
        Some(hole_par(hole, puzzle, format!("Hole {number}: {}", chosen.join(", "))))
    }

    fn position_par(&self, position: &str) -> Option<Result<Par, GameError>> {
        Some(position_par(position))
    }

    fn parse_position(&self, text: &str) -> Result<GolfState, GameError> {
        let fields: Vec<&str> = text.split_whitespace().collect();
        let (board, chosen, moves) = match fields.as_slice() {
            [board, chosen] => (*board, *chosen, Vec::new()),
            [board, chosen, moves] => (*board, *chosen, moves.split(',').map(str::to_string).collect()),
            _ => {
                return Err(bad(
                    ErrorCode::BadPosition,
                    "a Chess Golf position is the board, the chosen pieces and optionally the moves shown: 2B3R1/5k2/1r1n1N2/1r2b3/R5q1/1B1n1N2/b6K/5Q2 Kb e5g6",
                ));
            }
        };
        if Course::from_fen_board(board).is_none() {
            return Err(bad(ErrorCode::BadPosition, "the board is FEN's first field, with no pawns"));
        }
        ChessGolf::demonstration_state(board, chosen, moves).map_err(|m| bad(ErrorCode::BadPosition, m))
    }

    fn format_position(&self, state: &GolfState) -> String {
        let Some(hole) = &state.current else { return format!("{} -", state.course) };
        let chosen: String = hole.chosen().into_iter().map(|p| p.fen_char()).collect();
        match &state.step {
            Step::Demonstrate { moves, .. } if !moves.is_empty() => {
                format!("{} {chosen} {}", hole.start, moves.join(","))
            }
            _ => format!("{} {chosen}", state.course),
        }
    }
}
