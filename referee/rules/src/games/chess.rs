//! Orthodox chess (`chess`) and Chess960 (`chess960`, seed 001 "Chess960") as games:
//! resignation, draw offers, and every automatic end of orthodox chess.
//! Rules page: `docs/games/chess.md` and `docs/games/chess960.md`.

use super::two_colours::{self, board_view, check_mark, color_of, seat_of};
use crate::chess::{CastlingMode, CastlingNotation, Move, MoveError, Position, STANDARD_FEN, parse_move, san, uci};
use crate::chess960::{self, Chess960Cards};
use crate::game::{
    BoardView, Courtesies, ErrorCode, Game, GameError, NoSecret, Outcome, RulesInfo, Said, Seat, Seating, Stage, Turn,
    Viewer,
};
use crate::geometry::Bitboard;
use crate::pieces::Color;
use crate::random::RandomSource;
use serde::{Deserialize, Serialize};

#[derive(Copy, Clone, Debug, Eq, PartialEq)]
pub enum Variant {
    Orthodox,
    Chess960,
}

pub struct ChessGame {
    pub variant: Variant,
}

/// How a Chess960 start is chosen when the options fix none.
#[derive(Copy, Clone, Debug, Default, Eq, PartialEq, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(rename_all = "kebab-case")]
pub enum Chess960Draw {
    /// Shuffle the three piles of the seed's card procedure and turn the cards over.
    #[default]
    Cards,
    /// Draw a number from 0 to 959.
    Number,
}

/// When repetition and the fifty-move rule end the game.
#[derive(Copy, Clone, Debug, Default, Eq, PartialEq, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(rename_all = "kebab-case")]
pub enum DrawRule {
    /// The third repetition or the fiftieth move without capture or pawn move ends the game.
    #[default]
    Automatic,
    /// As in FIDE tournaments: the player to move may claim them (`claim-draw`); the fifth
    /// repetition and the seventy-fifth move end the game by themselves.
    Claim,
}

#[derive(Clone, Debug, Default, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(default, deny_unknown_fields)]
pub struct ChessOptions {
    /// Start from this position (FEN; Shredder-FEN or X-FEN for Chess960).
    pub fen: Option<String>,
    /// Chess960: start position by its number, 0–959.
    pub number: Option<u16>,
    /// Chess960: the cards turned over at the table, e.g. "1 6 N R Q R N R".
    pub cards: Option<String>,
    /// Chess960: how to choose the start when none of the above is given.
    pub chess960_draw: Chess960Draw,
    pub draws: DrawRule,
}

/// How a Chess960 start position was chosen, shown to the players.
#[derive(Clone, Debug, Eq, PartialEq, Serialize, Deserialize, schemars::JsonSchema)]
pub struct Chess960Setup {
    pub number: u16,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub cards: Option<Chess960Cards>,
}

#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct ChessState {
    pub chess960: bool,
    pub start: Position,
    pub setup: Option<Chess960Setup>,
    pub position: Position,
    /// Keys of every position reached since the start, the current one last.
    pub repetition_keys: Vec<u64>,
    /// How the game ended by the rules of chess.
    pub ended: Option<Outcome>,
    pub draws: DrawRule,
}

/// What every viewer sees of a chess game: the view's `game` field.
#[derive(Clone, Debug, Serialize, schemars::JsonSchema)]
pub struct ChessPublic {
    /// The position now (FEN; Shredder-FEN for Chess960).
    pub position: String,
    /// The position the game started from.
    pub start: String,
    /// How a Chess960 start was chosen.
    pub setup: Option<Chess960Setup>,
    /// The side to move.
    pub to_move: Color,
    /// Whether the side to move is in check.
    pub check: bool,
    /// When repetition and the fifty-move rule end the game.
    pub draws: DrawRule,
    /// Whether the side to move may claim a draw now.
    pub can_claim_draw: bool,
}

#[derive(Clone, Debug, Eq, PartialEq)]
pub enum ChessAction {
    Move(Move),
    ClaimDraw,
}

impl ChessState {
    fn mode(&self) -> CastlingMode {
        if self.chess960 { CastlingMode::Chess960 } else { CastlingMode::Standard }
    }

    fn repetitions(&self) -> usize {
        let now = self.position.zobrist();
        self.repetition_keys.iter().filter(|k| **k == now).count()
    }

    /// The draw the player to move could claim now, if any.
    fn claimable_draw(&self) -> Option<&'static str> {
        if self.repetitions() >= 3 {
            Some("threefold repetition")
        } else if self.position.halfmoves() >= 100 {
            Some("fifty-move rule")
        } else {
            None
        }
    }

    /// Ends the game if the position itself ends it.
    fn settle(&mut self) {
        let pos = &self.position;
        let mover = pos.turn().other();
        self.ended = if pos.is_checkmate() {
            Some(two_colours::wins(mover, format!("checkmate, {mover} wins")))
        } else if pos.is_stalemate() {
            Some(two_colours::draw("stalemate"))
        } else if pos.is_insufficient_material() {
            Some(two_colours::draw("insufficient material: neither side can checkmate"))
        } else {
            match self.draws {
                DrawRule::Automatic => self.claimable_draw().map(two_colours::draw),
                DrawRule::Claim if self.repetitions() >= 5 => Some(two_colours::draw("fivefold repetition")),
                DrawRule::Claim if pos.halfmoves() >= 150 => Some(two_colours::draw("seventy-five-move rule")),
                DrawRule::Claim => None,
            }
        };
    }

    fn new(chess960: bool, start: Position, setup: Option<Chess960Setup>, draws: DrawRule) -> ChessState {
        let mut state = ChessState {
            chess960,
            start,
            setup,
            position: start,
            repetition_keys: vec![start.zobrist()],
            ended: None,
            draws,
        };
        state.settle();
        state
    }
}

impl ChessGame {
    /// Reads a position of this variant; orthodox chess refuses Chess960 castling rights.
    pub fn read_position(&self, fen: &str) -> Result<Position, GameError> {
        let pos = Position::from_fen(fen).map_err(|e| GameError::new(ErrorCode::BadPosition, e.0))?;
        if self.variant == Variant::Orthodox {
            // Orthodox castling: king on the e-file, rooks in the corners.
            for color in Color::ALL {
                let rooks = pos.castling_rooks() & Bitboard::rank(color.back_rank());
                let king_on_e = pos.board().king_of(color).is_some_and(|k| k.file() == 4);
                let corners = Bitboard::file(0) | Bitboard::file(7);
                if rooks.nonempty() && (!king_on_e || (rooks & !corners).nonempty()) {
                    return Err(GameError::new(
                        ErrorCode::BadPosition,
                        format!(
                            "in orthodox chess {color} can castle only with the king on the e-file and rooks in the corners; use chess960 for other setups"
                        ),
                    ));
                }
            }
        }
        Ok(pos)
    }

    fn chess960_start(
        &self,
        options: &ChessOptions,
        rng: &mut dyn RandomSource,
    ) -> Result<(Position, Option<Chess960Setup>), GameError> {
        let bad = |m: String| GameError::new(ErrorCode::BadOptions, m);
        let fixed = [options.fen.is_some(), options.number.is_some(), options.cards.is_some()];
        if fixed.iter().filter(|f| **f).count() > 1 {
            return Err(bad("give at most one of fen, number and cards".into()));
        }
        if let Some(fen) = &options.fen {
            return Ok((self.read_position(fen)?, None));
        }
        let (number, cards) = if let Some(n) = options.number {
            (n, None)
        } else if let Some(text) = &options.cards {
            let cards = Chess960Cards::parse(text).map_err(|e| bad(e.0))?;
            (chess960::number_of(cards.back_rank()).expect("cards always give a legal start"), Some(cards))
        } else {
            match options.chess960_draw {
                Chess960Draw::Number => (rng.below(960) as u16, None),
                Chess960Draw::Cards => {
                    let cards = Chess960Cards::deal(rng);
                    (chess960::number_of(cards.back_rank()).expect("cards always give a legal start"), Some(cards))
                }
            }
        };
        let pos = chess960::position(number).map_err(|e| bad(e.0))?;
        Ok((pos, Some(Chess960Setup { number, cards })))
    }
}

impl Game for ChessGame {
    type Options = ChessOptions;
    type State = ChessState;
    type Action = ChessAction;
    type Public = ChessPublic;
    type Private = NoSecret;
    type Hidden = NoSecret;

    fn info(&self) -> RulesInfo {
        match self.variant {
            Variant::Orthodox => RulesInfo {
                id: "chess",
                name: "Chess",
                version: 2,
                summary: "Orthodox chess under FIDE rules: the referee knows check, checkmate, stalemate, castling, en passant, promotion, the fifty-move rule, repetition and insufficient material, and says why a move is illegal.",
                min_seats: 2,
                max_seats: 2,
                equipment: &["chess set"],
                random: &[],
                secret: &[],
                source: "FIDE Laws of Chess",
                position_notation: "FEN",
                action_notation: "UCI (e2e4, e7e8q, castling e1g1) or SAN (Nf3, O-O); also resign, offer-draw, accept-draw, decline-draw, claim-draw",
                lists_all_actions: true,
            },
            Variant::Chess960 => RulesInfo {
                id: "chess960",
                name: "Chess960",
                version: 2,
                summary: "Fischer's random chess: the back rank is shuffled with bishops on opposite colours and the king between the rooks, by number or by turning over cards from three piles. Castling puts king and rook on the usual squares.",
                min_seats: 2,
                max_seats: 2,
                equipment: &["chess set", "deck of cards (optional, to choose the start)"],
                random: &["start position (cards from three piles, or a number 0-959)"],
                secret: &[],
                source: "seed 001, \"Chess960\"",
                position_notation: "Shredder-FEN (X-FEN accepted)",
                action_notation: "UCI with castling as king takes own rook (e1h1), or SAN (O-O, O-O-O); also resign, offer-draw, accept-draw, decline-draw, claim-draw",
                lists_all_actions: true,
            },
        }
    }

    fn setup(&self, options: &ChessOptions, rng: &mut dyn RandomSource) -> Result<ChessState, GameError> {
        let (start, setup) = match self.variant {
            Variant::Orthodox => {
                if options.number.is_some() || options.cards.is_some() {
                    return Err(GameError::new(
                        ErrorCode::BadOptions,
                        "number and cards choose a Chess960 start; use the chess960 rules",
                    ));
                }
                (self.read_position(options.fen.as_deref().unwrap_or(STANDARD_FEN))?, None)
            }
            Variant::Chess960 => self.chess960_start(options, rng)?,
        };
        Ok(ChessState::new(self.variant == Variant::Chess960, start, setup, options.draws))
    }

    fn seating(&self, _options: &ChessOptions) -> Result<Seating, GameError> {
        Ok(Seating::two_colours())
    }

    fn turn(&self, state: &ChessState) -> Turn {
        match state.ended {
            Some(_) => Turn::Over,
            None => Turn::seat(seat_of(state.position.turn()), Stage::Move),
        }
    }

    fn legal_actions(&self, state: &ChessState, _seat: Seat) -> Vec<ChessAction> {
        let mut actions: Vec<ChessAction> =
            state.position.legal_moves().iter().map(|m| ChessAction::Move(*m)).collect();
        if state.draws == DrawRule::Claim && state.claimable_draw().is_some() {
            actions.push(ChessAction::ClaimDraw);
        }
        actions
    }

    fn parse_action(&self, state: &ChessState, _seat: Seat, text: &str) -> Result<ChessAction, GameError> {
        if text.trim().eq_ignore_ascii_case("claim-draw") {
            return match state.claimable_draw() {
                Some(_) => Ok(ChessAction::ClaimDraw),
                None => Err(GameError::new(
                    ErrorCode::IllegalAction,
                    "There is no draw to claim: the position has not occurred three times and fifty moves have not passed without a capture or pawn move.",
                )),
            };
        }
        parse_move(&state.position, text, state.mode()).map(ChessAction::Move).map_err(|e| match e {
            MoveError::Malformed(m) => GameError::new(ErrorCode::BadNotation, m),
            MoveError::Illegal(m) => GameError::new(ErrorCode::IllegalAction, m),
        })
    }

    fn format_action(&self, state: &ChessState, action: &ChessAction) -> String {
        match action {
            ChessAction::Move(m) => uci(*m, state.mode()),
            ChessAction::ClaimDraw => "claim-draw".into(),
        }
    }

    fn describe_action(&self, state: &ChessState, _seat: Seat, action: &ChessAction) -> Said {
        Said::public(match action {
            ChessAction::Move(m) => san(&state.position, *m),
            ChessAction::ClaimDraw => format!("{} claims a draw", state.position.turn()),
        })
    }

    fn describe_in_full(&self, state: &ChessState, _seat: Seat, action: &ChessAction) -> Option<String> {
        match action {
            ChessAction::Move(m) => {
                let pos = &state.position;
                Some(format!("{} ({})", two_colours::move_in_full(pos.board(), pos.turn(), *m), san(pos, *m)))
            }
            ChessAction::ClaimDraw => None,
        }
    }

    fn describe_attempt(&self, state: &ChessState, _seat: Seat, text: &str) -> Option<String> {
        crate::chess::attempt_in_words(&state.position, text)
    }

    fn apply(
        &self,
        state: &mut ChessState,
        seat: Seat,
        action: &ChessAction,
        _rng: &mut dyn RandomSource,
    ) -> Result<(), GameError> {
        let me = color_of(seat);
        match action {
            ChessAction::Move(m) => {
                state.position.play_unchecked(*m);
                state.repetition_keys.push(state.position.zobrist());
                state.settle();
            }
            ChessAction::ClaimDraw => {
                let reason = state.claimable_draw().expect("checked when parsed");
                state.ended = Some(two_colours::draw(format!("{reason}, claimed by {me}")));
            }
        }
        Ok(())
    }

    fn public(&self, state: &ChessState) -> ChessPublic {
        // Chess has no secrets: every viewer sees the same.
        let pos = &state.position;
        ChessPublic {
            position: self.format_position(state),
            start: state.start.to_fen(self.notation()),
            setup: state.setup.clone(),
            to_move: pos.turn(),
            check: pos.is_check(),
            draws: state.draws,
            can_claim_draw: state.draws == DrawRule::Claim && state.ended.is_none() && state.claimable_draw().is_some(),
        }
    }

    fn board(&self, state: &ChessState, _viewer: Viewer, legal: &[ChessAction]) -> Option<BoardView> {
        let pos = &state.position;
        let from = legal.iter().fold(Bitboard::EMPTY, |b, a| match a {
            ChessAction::Move(m) => b.with(m.from()),
            ChessAction::ClaimDraw => b,
        });
        Some(board_view(pos.board(), from, check_mark(pos.board(), pos.turn(), pos.is_check())))
    }

    /// Moves may be taken back with the other side's consent, as over the board.
    fn courtesies(&self) -> Courtesies {
        Courtesies::WITH_TAKEBACKS
    }

    fn outcome(&self, state: &ChessState) -> Option<Outcome> {
        state.ended.clone()
    }

    fn parse_position(&self, text: &str) -> Result<ChessState, GameError> {
        let pos = self.read_position(text)?;
        Ok(ChessState::new(self.variant == Variant::Chess960, pos, None, DrawRule::Automatic))
    }

    fn format_position(&self, state: &ChessState) -> String {
        state.position.to_fen(self.notation())
    }
}

impl ChessGame {
    fn notation(&self) -> CastlingNotation {
        match self.variant {
            Variant::Orthodox => CastlingNotation::XFen,
            Variant::Chess960 => CastlingNotation::Shredder,
        }
    }
}
