//! Orthodox chess (`chess`) and Chess960 (`chess960`, seed 001 "Chess960") as games:
//! resignation, draw offers, and every automatic end of orthodox chess.
//! Rules page: `docs/games/chess.md` and `docs/games/chess960.md`.

use super::conduct::{Conduct, Courtesy, color_of, seat_of};
use crate::chess::{CastlingMode, CastlingNotation, Move, MoveError, Position, STANDARD_FEN, parse_move, san, uci};
use crate::chess960::{self, Chess960Cards};
use crate::game::{ErrorCode, Game, GameError, Outcome, RulesInfo, Seat, Turn, Viewer};
use crate::geometry::Bitboard;
use crate::pieces::Color;
use crate::random::RandomSource;
use serde::{Deserialize, Serialize};
use serde_json::json;

#[derive(Copy, Clone, Debug, Eq, PartialEq)]
pub enum Variant {
    Orthodox,
    Chess960,
}

pub struct ChessGame {
    pub variant: Variant,
}

/// How a Chess960 start is chosen when the options fix none.
#[derive(Copy, Clone, Debug, Default, Eq, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Chess960Draw {
    /// Shuffle the three piles of the seed's card procedure and turn the cards over.
    #[default]
    Cards,
    /// Draw a number from 0 to 959.
    Number,
}

/// When repetition and the fifty-move rule end the game.
#[derive(Copy, Clone, Debug, Default, Eq, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum DrawRule {
    /// The third repetition or the fiftieth move without capture or pawn move ends the game.
    #[default]
    Automatic,
    /// As in FIDE tournaments: the player to move may claim them (`claim-draw`); the fifth
    /// repetition and the seventy-fifth move end the game by themselves.
    Claim,
}

#[derive(Clone, Debug, Default, Serialize, Deserialize)]
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
#[derive(Clone, Debug, Eq, PartialEq, Serialize, Deserialize)]
pub struct Chess960Setup {
    pub number: u16,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub cards: Option<Chess960Cards>,
}

#[derive(Clone, Debug, Eq, PartialEq, Serialize, Deserialize)]
pub struct PlayedMove {
    pub uci: String,
    pub san: String,
}

#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct ChessState {
    pub chess960: bool,
    pub start: Position,
    pub setup: Option<Chess960Setup>,
    pub position: Position,
    pub moves: Vec<PlayedMove>,
    /// Keys of every position reached since the start, the current one last.
    pub repetition_keys: Vec<u64>,
    #[serde(flatten)]
    pub conduct: Conduct,
    pub draws: DrawRule,
}

#[derive(Clone, Debug, Eq, PartialEq)]
pub enum ChessAction {
    Move(Move),
    Courtesy(Courtesy),
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
        self.conduct.ended = if pos.is_checkmate() {
            Some(Outcome::winners(2, &[seat_of(mover)], format!("checkmate, {mover} wins")))
        } else if pos.is_stalemate() {
            Some(Outcome::draw(2, "stalemate"))
        } else if pos.is_insufficient_material() {
            Some(Outcome::draw(2, "insufficient material: neither side can checkmate"))
        } else {
            match self.draws {
                DrawRule::Automatic => self.claimable_draw().map(|r| Outcome::draw(2, r)),
                DrawRule::Claim if self.repetitions() >= 5 => Some(Outcome::draw(2, "fivefold repetition")),
                DrawRule::Claim if pos.halfmoves() >= 150 => Some(Outcome::draw(2, "seventy-five-move rule")),
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
            moves: Vec::new(),
            repetition_keys: vec![start.zobrist()],
            conduct: Conduct::default(),
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

    fn info(&self) -> RulesInfo {
        match self.variant {
            Variant::Orthodox => RulesInfo {
                id: "chess",
                name: "Chess",
                version: 1,
                summary: "Orthodox chess under FIDE rules: the referee knows check, checkmate, stalemate, castling, en passant, promotion, the fifty-move rule, repetition and insufficient material, and says why a move is illegal.",
                min_seats: 2,
                max_seats: 2,
                equipment: &["chess set"],
                random: &[],
                secret: &[],
                source: "FIDE Laws of Chess",
                position_notation: "FEN",
                action_notation: "UCI (e2e4, e7e8q, castling e1g1) or SAN (Nf3, O-O); also resign, offer-draw, accept-draw, claim-draw",
            },
            Variant::Chess960 => RulesInfo {
                id: "chess960",
                name: "Chess960",
                version: 1,
                summary: "Fischer's random chess: the back rank is shuffled with bishops on opposite colours and the king between the rooks, by number or by turning over cards from three piles. Castling puts king and rook on the usual squares.",
                min_seats: 2,
                max_seats: 2,
                equipment: &["chess set", "deck of cards (optional, to choose the start)"],
                random: &["start position (cards from three piles, or a number 0-959)"],
                secret: &[],
                source: "seed 001, \"Chess960\"",
                position_notation: "Shredder-FEN (X-FEN accepted)",
                action_notation: "UCI with castling as king takes own rook (e1h1), or SAN (O-O, O-O-O); also resign, offer-draw, accept-draw, claim-draw",
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

    fn seat_count(&self, _state: &ChessState) -> u8 {
        2
    }

    fn turn(&self, state: &ChessState) -> Turn {
        match state.conduct.ended {
            Some(_) => Turn::Over,
            None => Turn::Seat { seat: seat_of(state.position.turn()), phase: "move".into() },
        }
    }

    fn legal_actions(&self, state: &ChessState, seat: Seat) -> Vec<ChessAction> {
        if state.conduct.ended.is_some() {
            return Vec::new();
        }
        let me = color_of(seat);
        let mut actions = Vec::new();
        if me == state.position.turn() {
            actions.extend(state.position.legal_moves().iter().map(|m| ChessAction::Move(*m)));
            if state.draws == DrawRule::Claim && state.claimable_draw().is_some() {
                actions.push(ChessAction::ClaimDraw);
            }
        }
        actions.extend(state.conduct.legal(me).into_iter().map(ChessAction::Courtesy));
        actions
    }

    fn parse_action(&self, state: &ChessState, seat: Seat, text: &str) -> Result<ChessAction, GameError> {
        state.conduct.still_playing()?;
        let me = color_of(seat);
        if let Some(courtesy) = Courtesy::parse(text) {
            return state.conduct.check(me, courtesy).map(ChessAction::Courtesy);
        }
        if text.trim().eq_ignore_ascii_case("claim-draw") {
            if me != state.position.turn() {
                return Err(GameError::new(ErrorCode::NotYourTurn, "Only the player to move can claim a draw."));
            }
            return match state.claimable_draw() {
                Some(_) => Ok(ChessAction::ClaimDraw),
                None => Err(GameError::new(
                    ErrorCode::IllegalAction,
                    "There is no draw to claim: the position has not occurred three times and fifty moves have not passed without a capture or pawn move.",
                )),
            };
        }
        if me != state.position.turn() {
            return Err(GameError::new(ErrorCode::NotYourTurn, format!("It is {}'s move.", state.position.turn())));
        }
        parse_move(&state.position, text, state.mode()).map(ChessAction::Move).map_err(|e| match e {
            MoveError::Malformed(m) => GameError::new(ErrorCode::BadNotation, m),
            MoveError::Illegal(m) => GameError::new(ErrorCode::IllegalAction, m),
        })
    }

    fn format_action(&self, state: &ChessState, action: &ChessAction) -> String {
        match action {
            ChessAction::Move(m) => uci(*m, state.mode()),
            ChessAction::Courtesy(c) => c.as_str().into(),
            ChessAction::ClaimDraw => "claim-draw".into(),
        }
    }

    fn describe_action(&self, state: &ChessState, action: &ChessAction) -> String {
        match action {
            ChessAction::Move(m) => san(&state.position, *m),
            other => self.format_action(state, other),
        }
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
                let written = PlayedMove { uci: uci(*m, state.mode()), san: san(&state.position, *m) };
                state.position.play_unchecked(*m);
                state.moves.push(written);
                state.repetition_keys.push(state.position.zobrist());
                state.conduct.moved(me);
                state.settle();
            }
            ChessAction::Courtesy(c) => state.conduct.apply(me, *c),
            ChessAction::ClaimDraw => {
                let reason = state.claimable_draw().expect("checked when parsed");
                state.conduct.ended = Some(Outcome::draw(2, format!("{reason}, claimed by {me}")));
            }
        }
        Ok(())
    }

    fn view(&self, state: &ChessState, _viewer: Viewer) -> serde_json::Value {
        // Chess has no secrets: every viewer sees the same.
        let pos = &state.position;
        let legal: Vec<String> = if state.conduct.ended.is_none() {
            pos.legal_moves().iter().map(|m| uci(*m, state.mode())).collect()
        } else {
            Vec::new()
        };
        json!({
            "rules": if state.chess960 { "chess960" } else { "chess" },
            "position": self.format_position(state),
            "turn": self.turn(state),
            "to_move": pos.turn(),
            "check": pos.is_check(),
            "legal_moves": legal,
            "moves": state.moves,
            "start": self.format_start(state),
            "setup": state.setup,
            "draw_offer": state.conduct.draw_offer,
            "draws": state.draws,
            "can_claim_draw": state.draws == DrawRule::Claim && state.conduct.ended.is_none() && state.claimable_draw().is_some(),
            "outcome": state.conduct.ended,
            "seats": [{"seat": 0, "color": "white"}, {"seat": 1, "color": "black"}],
        })
    }

    fn outcome(&self, state: &ChessState) -> Option<Outcome> {
        state.conduct.ended.clone()
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

    fn format_start(&self, state: &ChessState) -> String {
        state.start.to_fen(self.notation())
    }
}
