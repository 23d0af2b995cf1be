//! Cooperative Chess (`cooperative`, seed 001 "Cooperative Chess"): two players as one team
//! against the game. A hand of piece cards limits what each may capture of the partner's
//! pieces; the team scores a point for every piece type removed from the board once a king
//! falls. Rules page: `docs/games/cooperative.md`.

use super::two_colours::{FreePosition, SquareMarks, board_view, free_fen, move_in_full, read_free_position};
use crate::cards::{Card, NamedDeck, Pile, check_cards};
use crate::chess::{Move, Position, find_move, long_algebraic, parse_squares};
use crate::game::{
    BoardView, Courtesies, ErrorCode, Game, GameError, Outcome, RulesInfo, Said, Seat, SeatInfo, Seating, Stage, Turn,
    Viewer,
};
use crate::geometry::{Bitboard, Square};
use crate::pieces::{Color, Role};
use crate::random::RandomSource;
use serde::{Deserialize, Serialize};

/// The game, for the registry.
pub struct Cooperative;

/// Cooperative Chess has no options.
#[derive(Clone, Debug, Default, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct CooperativeOptions {}

/// Cards in a full hand.
const HAND: usize = 3;

/// Where a turn is.
#[derive(Copy, Clone, Debug, Eq, PartialEq, Serialize, Deserialize)]
pub enum Step {
    /// Step 1: a non-capturing move, or straight to the card.
    Move,
    /// Step 2: a card must be played; `piece` is where the piece moved in step 1 stands.
    Card { piece: Option<Square> },
    /// Step 3: captures with the piece on `piece` (any piece while `None`); `wild_next` after a
    /// double colour match.
    Capture { piece: Option<Square>, wild_next: bool },
}

/// Everything the referee knows of a Cooperative Chess game.
#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct CooperativeState {
    /// The pieces; the side to move is the colour whose turn it is.
    pub board: FreePosition,
    /// The seat that plays White (chosen by the hidden pawn).
    pub white_seat: Seat,
    /// Each seat's hand.
    pub hands: [Vec<Card>; 2],
    /// Each colour's discard stack, White's first, top last.
    pub stacks: [Vec<Card>; 2],
    /// The captured cards, top last.
    pub captured: Vec<Card>,
    /// The draw pile; `None` in a position read for adjudication without one.
    pub pile: Option<Pile>,
    /// Where the turn is.
    pub step: Step,
    /// How the game ended.
    pub ended: Option<Outcome>,
}

/// One action.
#[derive(Copy, Clone, Debug, Eq, PartialEq)]
pub enum CoopAction {
    /// A non-capturing move (step 1) or a capture (step 3).
    Move(Move),
    /// Step 2: this card from the hand onto one's discard stack.
    Play(Card),
    /// Step 3: no more captures.
    Done,
}

/// What every viewer sees.
#[derive(Clone, Debug, Serialize, schemars::JsonSchema)]
pub struct CooperativePublic {
    /// The pieces (FEN; the side to move is the colour whose turn it is).
    pub position: String,
    /// The seat playing White.
    pub white_seat: Seat,
    /// The colour whose turn it is.
    pub to_move: Color,
    /// `move`, `play-card` or `capture`.
    pub stage: Stage,
    /// White's discard stack, bottom first.
    pub white_stack: Vec<Card>,
    /// Black's discard stack, bottom first.
    pub black_stack: Vec<Card>,
    /// The captured cards, bottom first.
    pub captured: Vec<Card>,
    /// Cards left in the draw pile.
    pub draw_pile: usize,
    /// Cards in each seat's hand.
    pub hand_sizes: [usize; 2],
    /// In step 3, what a capture must be, in words.
    pub capture_rule: Option<String>,
    /// Piece types gone from the board (both colours): the points so far (`queen`, `pawn`).
    pub types_removed: Vec<String>,
}

/// What one seat alone sees: its hand.
#[derive(Clone, Debug, Serialize, schemars::JsonSchema)]
pub struct CooperativeHand {
    /// The cards in the hand.
    pub cards: Vec<Card>,
}

/// What only the referee knows: the draw pile's order.
#[derive(Clone, Debug, Serialize)]
pub struct CooperativeHidden {
    /// Top first.
    pub draw_pile: Vec<Card>,
}

fn seating() -> Seating {
    let seats = (0..2).map(|seat| SeatInfo { seat, side: format!("Player {}", seat + 1), team: 0 }).collect();
    Seating { seats, teams: vec!["the players".into()] }
}

fn role_of(card: Card) -> Role {
    card.piece().map_or(Role::Pawn, |p| p.role)
}

/// "a bishop card (9S)".
fn card_words(card: Card) -> String {
    format!("a {} card ({card})", role_of(card))
}

impl CooperativeState {
    fn pos(&self) -> &Position {
        &self.board.0
    }

    fn mover(&self) -> Color {
        self.pos().turn()
    }

    fn seat_of(&self, color: Color) -> Seat {
        if color == Color::White { self.white_seat } else { 1 - self.white_seat }
    }

    fn hand(&self) -> &Vec<Card> {
        &self.hands[usize::from(self.seat_of(self.mover()))]
    }

    /// Whether `color` still has a piece of `role`.
    fn has(&self, color: Color, role: Role) -> bool {
        self.pos().board().pieces(color, role).nonempty()
    }

    /// A card on `color`'s stack is wild when `color` has no piece of its type left.
    fn is_wild(&self, color: Color, card: Card) -> bool {
        !self.has(color, role_of(card))
    }

    /// The moves of the colour to move by chess movement alone. A double step the mover made
    /// earlier in this turn leaves an en passant square for the partner, not for the mover.
    fn pseudo(&self) -> Vec<Move> {
        let theirs = if self.mover() == Color::White { 5 } else { 2 };
        let moves = self.pos().pseudo_legal_moves();
        moves.iter().copied().filter(|m| !matches!(m, Move::EnPassant { to, .. } if to.rank() != theirs)).collect()
    }

    fn is_capture(&self, m: Move) -> bool {
        matches!(m, Move::EnPassant { .. }) || self.pos().board().occupied().contains(m.to())
    }

    /// The role captured by `m`, a capture.
    fn captured_role(&self, m: Move) -> Role {
        match m {
            Move::EnPassant { .. } => Role::Pawn,
            _ => self.pos().board().role_at(m.to()).unwrap_or(Role::Pawn),
        }
    }

    /// Why the capture `m` is not allowed by the cards now, if it is not.
    fn capture_problem(&self, m: Move, piece: Option<Square>, wild_next: bool) -> Option<String> {
        let us = self.mover();
        let board = self.pos().board();
        let mover_role = board.role_at(m.from())?;
        if piece.is_some_and(|p| p != m.from()) {
            return Some(format!(
                "Every move of a turn is made with one piece: this turn's is the {} on {}.",
                board.role_at(piece.unwrap()).map_or("piece".into(), |r| r.to_string()),
                piece.unwrap()
            ));
        }
        let mine = *self.stacks[us.index()].last()?;
        if !self.is_wild(us, mine) && role_of(mine) != mover_role {
            return Some(format!(
                "You played {}, so only a {} may capture this turn.",
                card_words(mine),
                role_of(mine)
            ));
        }
        let Some(theirs) = self.stacks[us.other().index()].last().copied() else {
            return Some(format!("{}'s discard stack is empty: there is nothing to match a capture.", us.other()));
        };
        let taken = self.captured_role(m);
        if !wild_next && !self.is_wild(us.other(), theirs) && role_of(theirs) != taken {
            return Some(format!(
                "The top of {}'s discard stack is {}: you may take only a {}.",
                us.other(),
                card_words(theirs),
                role_of(theirs)
            ));
        }
        None
    }

    /// The captures allowed now, in step 3.
    fn captures(&self) -> Vec<Move> {
        let Step::Capture { piece, wild_next } = self.step else { return Vec::new() };
        self.pseudo()
            .into_iter()
            .filter(|m| self.is_capture(*m) && self.capture_problem(*m, piece, wild_next).is_none())
            .collect()
    }

    fn quiet_moves(&self) -> Vec<Move> {
        self.pseudo().into_iter().filter(|m| !self.is_capture(*m)).collect()
    }

    /// Plays `m` for the colour to move, which keeps the turn.
    fn play_move(&mut self, m: Move) {
        let us = self.mover();
        self.board.0.play_unchecked(m);
        self.board.0.turn = us;
    }

    /// Piece types gone from the board, both colours.
    fn types_removed(&self) -> Vec<Role> {
        Role::ALL.into_iter().filter(|r| self.pos().board().by_role(*r).is_empty()).collect()
    }

    /// Step 4: draws back to three, and the partner's turn begins.
    fn end_turn(&mut self, rng: &mut dyn RandomSource) -> Result<(), GameError> {
        let seat = usize::from(self.seat_of(self.mover()));
        if self.hands[seat].len() < HAND {
            let Some(pile) = self.pile.as_mut() else {
                return Err(GameError::new(
                    ErrorCode::NeedsGame,
                    "this ends the turn with a draw from the deck, which only a refereed game knows",
                ));
            };
            while self.hands[seat].len() < HAND {
                // The draw pile is not reshuffled: the seed plays on from the hands once it is empty.
                if pile.draw.is_empty() {
                    break;
                }
                let card = pile.draw(rng).expect("not empty");
                self.hands[seat].push(card);
            }
        }
        let next = self.mover().other();
        self.board.0.turn = next;
        self.step = Step::Move;
        self.settle();
        Ok(())
    }

    /// The game is lost when the player to move has no card to play.
    fn settle(&mut self) {
        if self.ended.is_none() && self.step == Step::Move && self.hand().is_empty() {
            let mut outcome = seating().all_lose("the hands ran out before a king was taken");
            outcome.scores = vec![0, 0];
            self.ended = Some(outcome);
        }
    }

    /// After a card or a capture: on to more captures, or the end of the turn when none is
    /// possible.
    fn after_capture_step(&mut self, rng: &mut dyn RandomSource) -> Result<(), GameError> {
        if self.ended.is_none() && self.captures().is_empty() {
            self.end_turn(rng)?;
        }
        Ok(())
    }
}

impl Cooperative {
    fn read_card(&self, state: &CooperativeState, text: &str) -> Result<Card, GameError> {
        let card: Card = text.trim().parse().map_err(|e: crate::cards::ParseCardError| {
            // The example comes from the seat's own hand: naming any other card could tell a secret.
            let example = state.hand().first().map_or(String::new(), |c| format!(", as in play {c}"));
            GameError::new(ErrorCode::BadNotation, format!("{}: write a card by rank and suit{example}", e.0))
        })?;
        if !state.hand().contains(&card) {
            let example = state.hand().first().map_or("a card from your hand".to_string(), |c| format!("play {c}"));
            return Err(GameError::new(
                ErrorCode::IllegalAction,
                format!("{card} is not in your hand (try {example})."),
            ));
        }
        Ok(card)
    }

    fn read_move(&self, state: &CooperativeState, text: &str) -> Result<Move, GameError> {
        let board = state.pos().board();
        let king = board.king_of(state.mover()).unwrap_or(Square::new(4));
        let (from, to, promotion) =
            parse_squares(king, text).map_err(|e| GameError::new(ErrorCode::BadNotation, e.to_string()))?;
        let illegal = |m: String| GameError::new(ErrorCode::IllegalAction, m);
        let Some(m) = find_move(&state.pseudo(), from, to, promotion) else {
            return Err(illegal(crate::chess::why_illegal(state.pos(), from, to, promotion)));
        };
        match state.step {
            Step::Move if state.is_capture(m) => Err(illegal(
                "Captures come after you play a card: first a non-capturing move (or none), then a card, then captures."
                    .into(),
            )),
            Step::Move => Ok(m),
            Step::Card { .. } => Err(illegal("Play a card from your hand first (play 9S).".into())),
            Step::Capture { .. } if !state.is_capture(m) => {
                Err(illegal("After the card only captures may follow; say done to end your turn.".into()))
            }
            Step::Capture { piece, wild_next } => match state.capture_problem(m, piece, wild_next) {
                Some(why) => Err(illegal(why)),
                None => Ok(m),
            },
        }
    }
}

impl Game for Cooperative {
    type Options = CooperativeOptions;
    type State = CooperativeState;
    type Action = CoopAction;
    type Public = CooperativePublic;
    type Private = CooperativeHand;
    type Hidden = CooperativeHidden;

    fn info(&self) -> RulesInfo {
        RulesInfo {
            id: "cooperative",
            name: "Cooperative Chess",
            version: 1,
            summary: "Two players as one team against the game. Each turn: an optional quiet move, a card played, then captures of your partner's pieces that the cards allow, all with one piece. Capture a king to end the game, scoring a point for every piece type gone from the board.",
            min_seats: 2,
            max_seats: 2,
            equipment: &["chess set", "the 32 piece cards of a deck (Appendix A)"],
            random: &["the shuffle of the 32 cards and each draw", "who plays White (the hidden pawn)"],
            secret: &["each player's hand", "the order of the draw pile"],
            source: "seed 001, \"Cooperative Chess\"",
            position_notation: "FEN, White's and Black's discard stacks and the captured cards (bottom first, 10H,2H or -), the hand of the player to move, the step (move, card, card@e6, capture, capture@e6, capture@e6+wild); optionally other:<the partner's hand> and pile:<draw pile, top first>",
            action_notation: "a move in UCI (c8e6, e7e8q, O-O), play <card> (play 9S), done; also resign",
            lists_all_actions: true,
        }
    }

    fn seating(&self, _options: &CooperativeOptions) -> Result<Seating, GameError> {
        Ok(seating())
    }

    fn setup(&self, _options: &CooperativeOptions, rng: &mut dyn RandomSource) -> Result<CooperativeState, GameError> {
        let mut pile = Pile::shuffled(NamedDeck::Pieces32.cards(), rng);
        let mut hands: [Vec<Card>; 2] = [Vec::new(), Vec::new()];
        for _ in 0..HAND {
            for hand in &mut hands {
                hand.push(pile.draw(rng).expect("32 cards"));
            }
        }
        // The hidden pawn: Player 2 picks one of Player 1's hands.
        let white_seat = rng.below(2) as Seat;
        Ok(CooperativeState {
            board: FreePosition(Position::standard()),
            white_seat,
            hands,
            stacks: [Vec::new(), Vec::new()],
            captured: Vec::new(),
            pile: Some(pile),
            step: Step::Move,
            ended: None,
        })
    }

    fn turn(&self, state: &CooperativeState) -> Turn {
        if state.ended.is_some() {
            return Turn::Over;
        }
        let stage = match state.step {
            Step::Move => Stage::Move,
            Step::Card { .. } => Stage::PlayCard,
            Step::Capture { .. } => Stage::Capture,
        };
        Turn::seat(state.seat_of(state.mover()), stage)
    }

    fn legal_actions(&self, state: &CooperativeState, _seat: Seat) -> Vec<CoopAction> {
        let plays = || state.hand().iter().map(|c| CoopAction::Play(*c)).collect::<Vec<_>>();
        match state.step {
            Step::Move => state.quiet_moves().into_iter().map(CoopAction::Move).chain(plays()).collect(),
            Step::Card { .. } => plays(),
            Step::Capture { .. } => {
                state.captures().into_iter().map(CoopAction::Move).chain([CoopAction::Done]).collect()
            }
        }
    }

    fn parse_action(&self, state: &CooperativeState, _seat: Seat, text: &str) -> Result<CoopAction, GameError> {
        let t = text.trim();
        if t.eq_ignore_ascii_case("done") {
            return match state.step {
                Step::Capture { .. } => Ok(CoopAction::Done),
                _ => Err(GameError::new(ErrorCode::IllegalAction, "You must play a card before your turn can end.")),
            };
        }
        if let Some(card) = super::two_colours::after_keyword(t, "play") {
            return match state.step {
                Step::Capture { .. } => {
                    Err(GameError::new(ErrorCode::IllegalAction, "You have played your card for this turn."))
                }
                _ => self.read_card(state, card).map(CoopAction::Play),
            };
        }
        self.read_move(state, t).map(CoopAction::Move)
    }

    fn format_action(&self, _state: &CooperativeState, action: &CoopAction) -> String {
        match action {
            CoopAction::Move(m) => crate::chess::uci(*m, crate::chess::CastlingMode::Standard),
            CoopAction::Play(card) => format!("play {card}"),
            CoopAction::Done => "done".into(),
        }
    }

    fn describe_action(&self, state: &CooperativeState, _seat: Seat, action: &CoopAction) -> Said {
        Said::public(match action {
            CoopAction::Move(m) => long_algebraic(state.pos().board(), *m),
            CoopAction::Play(card) => format!("plays {card}"),
            CoopAction::Done => "ends the turn".into(),
        })
    }

    /// The players' sentences name them by the colours the hidden pawn gave them.
    fn side_now(&self, state: &CooperativeState, seat: Seat) -> Option<String> {
        Some(if seat == state.white_seat { "White" } else { "Black" }.to_string())
    }

    fn describe_in_full(&self, state: &CooperativeState, _seat: Seat, action: &CoopAction) -> Option<String> {
        let side = state.mover();
        Some(match action {
            CoopAction::Move(m) => move_in_full(state.pos().board(), side, *m),
            CoopAction::Play(card) => format!("{side}'s play of {card}"),
            CoopAction::Done => format!("{side}'s end of the turn"),
        })
    }

    fn apply(
        &self,
        state: &mut CooperativeState,
        _seat: Seat,
        action: &CoopAction,
        rng: &mut dyn RandomSource,
    ) -> Result<(), GameError> {
        let us = state.mover();
        match (*action, state.step) {
            (CoopAction::Move(m), Step::Move) => {
                state.play_move(m);
                state.step = Step::Card { piece: Some(m.to()) };
            }
            (CoopAction::Play(card), Step::Move | Step::Card { .. }) => {
                let piece = match state.step {
                    Step::Card { piece } => piece,
                    _ => None,
                };
                let seat = usize::from(state.seat_of(us));
                let at = state.hands[seat].iter().position(|c| *c == card).expect("checked when read");
                state.hands[seat].remove(at);
                state.stacks[us.index()].push(card);
                state.step = Step::Capture { piece, wild_next: false };
                state.after_capture_step(rng)?;
            }
            (CoopAction::Move(m), Step::Capture { .. }) => {
                let mine = *state.stacks[us.index()].last().expect("a card was played");
                let theirs = state.stacks[us.other().index()].pop().expect("checked: a card to match");
                let taken = state.captured_role(m);
                let double_match =
                    mine.piece().map(|p| p.color) == Some(us) && theirs.piece().map(|p| p.color) == Some(us.other());
                state.captured.push(theirs);
                state.play_move(m);
                state.step = Step::Capture { piece: Some(m.to()), wild_next: double_match };
                if taken == Role::King {
                    let removed = state.types_removed();
                    let points = removed.len() as i64;
                    let names: Vec<String> = removed.iter().map(|r| format!("{r}s")).collect();
                    let mut outcome = seating().team_wins(
                        0,
                        format!(
                            "a king is taken: {points} point{} ({})",
                            if points == 1 { "" } else { "s" },
                            if names.is_empty() {
                                "no piece type is gone".to_string()
                            } else {
                                format!("{} all gone", names.join(", "))
                            }
                        ),
                    );
                    outcome.scores = vec![points, points];
                    state.ended = Some(outcome);
                    return Ok(());
                }
                state.after_capture_step(rng)?;
            }
            (CoopAction::Done, Step::Capture { .. }) => state.end_turn(rng)?,
            _ => return Err(GameError::new(ErrorCode::IllegalAction, "That does not fit this step of the turn.")),
        }
        Ok(())
    }

    fn public(&self, state: &CooperativeState) -> CooperativePublic {
        let capture_rule = match state.step {
            Step::Capture { piece, wild_next } => {
                let us = state.mover();
                let mine = state.stacks[us.index()].last().copied();
                let theirs = state.stacks[us.other().index()].last().copied();
                mine.zip(theirs).map(|(mine, theirs)| {
                    let with =
                        if state.is_wild(us, mine) { "any piece".to_string() } else { format!("a {}", role_of(mine)) };
                    let with = match piece {
                        Some(sq) => format!("the piece on {sq} ({with})"),
                        None => with,
                    };
                    let take = if wild_next || state.is_wild(us.other(), theirs) {
                        "any piece".to_string()
                    } else {
                        format!("a {}", role_of(theirs))
                    };
                    format!("capture with {with}, taking {take}")
                })
            }
            _ => None,
        };
        CooperativePublic {
            position: free_fen(state.pos()),
            white_seat: state.white_seat,
            to_move: state.mover(),
            stage: self.turn(state).single().map_or(Stage::Move, |a| a.stage),
            white_stack: state.stacks[0].clone(),
            black_stack: state.stacks[1].clone(),
            captured: state.captured.clone(),
            draw_pile: state.pile.as_ref().map_or(0, |p| p.draw.len()),
            hand_sizes: [state.hands[0].len(), state.hands[1].len()],
            capture_rule,
            types_removed: state.types_removed().iter().map(|r| r.name().to_string()).collect(),
        }
    }

    fn private(&self, state: &CooperativeState, seat: Seat) -> Option<CooperativeHand> {
        Some(CooperativeHand { cards: state.hands.get(usize::from(seat))?.clone() })
    }

    fn hidden(&self, state: &CooperativeState) -> Option<CooperativeHidden> {
        Some(CooperativeHidden { draw_pile: state.pile.as_ref().map(|p| p.draw.clone()).unwrap_or_default() })
    }

    fn board(&self, state: &CooperativeState, _viewer: Viewer, legal: &[CoopAction]) -> Option<BoardView> {
        let from = legal.iter().fold(Bitboard::EMPTY, |b, a| match a {
            CoopAction::Move(m) => b.with(m.from()),
            _ => b,
        });
        let piece = match state.step {
            Step::Card { piece } | Step::Capture { piece, .. } => piece,
            Step::Move => None,
        };
        Some(board_view(state.pos().board(), from, |sq| SquareMarks {
            markers: if Some(sq) == piece { vec!["moving".into()] } else { Vec::new() },
            ..Default::default()
        }))
    }

    fn outcome(&self, state: &CooperativeState) -> Option<Outcome> {
        state.ended.clone()
    }

    fn courtesies(&self) -> Courtesies {
        Courtesies { resign: true, draw_offers: false, takebacks: false }
    }

    fn parse_position(&self, text: &str) -> Result<CooperativeState, GameError> {
        let bad = |m: String| GameError::new(ErrorCode::BadPosition, m);
        let fields: Vec<&str> = text.split_whitespace().collect();
        if fields.len() < 11 {
            return Err(bad(format!(
                "a Cooperative Chess position is six FEN fields, White's stack, Black's stack, the captured cards, the hand and the step; found {} fields",
                fields.len()
            )));
        }
        let position = read_free_position(&fields[..6]).map_err(bad)?;
        let cards = |field: &str, what: &str| -> Result<Vec<Card>, GameError> {
            if field == "-" {
                return Ok(Vec::new());
            }
            field.split(',').map(|c| c.parse::<Card>().map_err(|e| bad(format!("{what}: {}", e.0)))).collect()
        };
        let stacks = [cards(fields[6], "White's stack")?, cards(fields[7], "Black's stack")?];
        let captured = cards(fields[8], "captured")?;
        let hand = cards(fields[9], "hand")?;
        let (step_text, wild) = match fields[10].strip_suffix("+wild") {
            Some(s) => (s, true),
            None => (fields[10], false),
        };
        let (name, at) = step_text.split_once('@').map_or((step_text, None), |(n, sq)| (n, Some(sq)));
        let piece = at.map(|sq| sq.parse::<Square>().map_err(|e| bad(format!("step: {e}")))).transpose()?;
        let step = match name {
            "move" if piece.is_none() && !wild => Step::Move,
            "card" if !wild => Step::Card { piece },
            "capture" => Step::Capture { piece, wild_next: wild },
            _ => {
                return Err(bad(format!(
                    "step must be move, card, card@e6, capture, capture@e6 or capture@e6+wild; found {}",
                    fields[10]
                )));
            }
        };
        if matches!(step, Step::Capture { .. }) && stacks[position.turn().index()].is_empty() {
            return Err(bad(
                "in the capture step the player to move has played a card: its stack cannot be empty".into()
            ));
        }
        let mut other = Vec::new();
        let mut pile = None;
        for extra in &fields[11..] {
            if let Some(list) = extra.strip_prefix("other:") {
                other = cards(list, "the partner's hand")?;
            } else if let Some(list) = extra.strip_prefix("pile:") {
                pile = Some(Pile { draw: cards(list, "pile")?, discard: Vec::new() });
            } else {
                return Err(bad(format!("unknown field {extra}: expected other:<cards> or pile:<cards>")));
            }
        }
        let mut all: Vec<Card> =
            [&stacks[0], &stacks[1], &captured, &hand, &other].into_iter().flatten().copied().collect();
        all.extend(pile.iter().flat_map(|p| p.draw.iter().copied()));
        check_cards(&all, NamedDeck::Pieces32).map_err(bad)?;
        let white_seat = 0;
        let mut hands = [Vec::new(), Vec::new()];
        hands[usize::from(if position.turn() == Color::White { white_seat } else { 1 - white_seat })] = hand;
        hands[usize::from(if position.turn() == Color::White { 1 - white_seat } else { white_seat })] = other;
        let mut state = CooperativeState {
            board: FreePosition(position),
            white_seat,
            hands,
            stacks,
            captured,
            pile,
            step,
            ended: None,
        };
        state.settle();
        Ok(state)
    }

    fn format_position(&self, state: &CooperativeState) -> String {
        let list = |cards: &[Card]| {
            if cards.is_empty() {
                "-".to_string()
            } else {
                cards.iter().map(Card::to_string).collect::<Vec<_>>().join(",")
            }
        };
        let step = match state.step {
            Step::Move => "move".to_string(),
            Step::Card { piece } => format!("card{}", piece.map_or(String::new(), |p| format!("@{p}"))),
            Step::Capture { piece, wild_next } => format!(
                "capture{}{}",
                piece.map_or(String::new(), |p| format!("@{p}")),
                if wild_next { "+wild" } else { "" }
            ),
        };
        let partner = &state.hands[usize::from(state.seat_of(state.mover().other()))];
        let mut text = format!(
            "{} {} {} {} {} {step}",
            free_fen(state.pos()),
            list(&state.stacks[0]),
            list(&state.stacks[1]),
            list(&state.captured),
            list(state.hand())
        );
        if !partner.is_empty() {
            text.push_str(&format!(" other:{}", list(partner)));
        }
        if let Some(pile) = &state.pile {
            text.push_str(&format!(" pile:{}", list(&pile.draw)));
        }
        text
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn cards_stand_for_their_pieces() {
        assert_eq!(role_of("9S".parse().unwrap()), Role::Bishop);
        assert_eq!(card_words("10H".parse().unwrap()), "a rook card (10H)");
    }
}
