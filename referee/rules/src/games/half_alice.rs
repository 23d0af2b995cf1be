//! Half Alice Chess (`half-alice`, seed 001 "Half Alice Chess"): Alice Chess on one board,
//! with the pieces on checkers on the other side of the mirror. Every move switches the moved
//! piece's side. Rules page: `docs/games/half-alice.md`.

use super::two_colours::{SquareMarks, board_view, color_of, judge, move_in_full, repetition_key, seat_of};
use crate::chess::mirror::MirrorPosition;
use crate::chess::{CastlingMode, Move, find_move, long_algebraic, parse_squares, uci};
use crate::game::{
    BoardView, Courtesies, ErrorCode, Game, GameError, NoSecret, Outcome, RulesInfo, Said, Seat, Seating, StackView,
    Stage, Turn, Viewer,
};
use crate::geometry::{Bitboard, Square};
use crate::pieces::Color;
use crate::random::RandomSource;
use serde::{Deserialize, Deserializer, Serialize, Serializer};

pub struct HalfAlice;

/// How many checkers each player has: the seed's standard 12, or as many as needed (the
/// original two-board Alice Chess).
#[derive(Copy, Clone, Debug, Eq, PartialEq)]
pub enum CheckerSupply {
    Limited(u8),
    Unlimited,
}

impl Default for CheckerSupply {
    fn default() -> Self {
        CheckerSupply::Limited(12)
    }
}

impl CheckerSupply {
    fn limit(self) -> Option<u8> {
        match self {
            CheckerSupply::Limited(n) => Some(n),
            CheckerSupply::Unlimited => None,
        }
    }
}

/// Written as a number or `"unlimited"`.
impl Serialize for CheckerSupply {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        match self {
            CheckerSupply::Limited(n) => s.serialize_u8(*n),
            CheckerSupply::Unlimited => s.serialize_str("unlimited"),
        }
    }
}

impl schemars::JsonSchema for CheckerSupply {
    fn schema_name() -> std::borrow::Cow<'static, str> {
        "CheckerSupply".into()
    }

    fn json_schema(_: &mut schemars::SchemaGenerator) -> schemars::Schema {
        schemars::json_schema!({
            "description": "Checkers each player has: 1 to 16 (12 in the seed), or \"unlimited\"",
            "oneOf": [{"type": "integer", "minimum": 1, "maximum": 16}, {"const": "unlimited"}]
        })
    }
}

impl<'de> Deserialize<'de> for CheckerSupply {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<CheckerSupply, D::Error> {
        match serde_json::Value::deserialize(d)? {
            serde_json::Value::String(s) if s == "unlimited" => Ok(CheckerSupply::Unlimited),
            serde_json::Value::Number(n) => match n.as_u64() {
                Some(n @ 1..=16) => Ok(CheckerSupply::Limited(n as u8)),
                _ => Err(serde::de::Error::custom("checkers must be from 1 to 16, or \"unlimited\"")),
            },
            _ => Err(serde::de::Error::custom("checkers must be a number or \"unlimited\"")),
        }
    }
}

#[derive(Clone, Debug, Default, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(default, deny_unknown_fields)]
pub struct HalfAliceOptions {
    pub checkers: CheckerSupply,
}

#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct HalfAliceState {
    pub position: MirrorPosition,
    pub repetition_keys: Vec<u64>,
    /// How the game ended by its rules.
    pub ended: Option<Outcome>,
}

/// Checkers one side has on the board, and how many it may use.
#[derive(Clone, Debug, Serialize, schemars::JsonSchema)]
pub struct CheckersInUse {
    pub seat: Seat,
    pub in_use: u32,
    pub limit: Option<u8>,
}

/// What every viewer sees of a Half Alice game.
#[derive(Clone, Debug, Serialize, schemars::JsonSchema)]
pub struct HalfAlicePublic {
    /// The position in the game's notation.
    pub position: String,
    /// The squares whose pieces stand on checkers: the other side of the mirror.
    pub mirrored: Vec<Square>,
    /// The side to move.
    pub to_move: Color,
    /// Whether the side to move is in check.
    pub check: bool,
    /// Checkers each side uses, White first.
    pub checkers: Vec<CheckersInUse>,
}

impl HalfAliceState {
    fn new(position: MirrorPosition) -> HalfAliceState {
        let mut state = HalfAliceState { position, repetition_keys: Vec::new(), ended: None };
        state.repetition_keys.push(state.key());
        state.settle();
        state
    }

    fn key(&self) -> u64 {
        repetition_key(&self.position.to_text())
    }

    fn settle(&mut self) {
        let pos = &self.position;
        let now = self.key();
        let repeated = self.repetition_keys.iter().filter(|k| **k == now).count();
        self.ended = judge(
            pos.turn,
            !pos.legal_moves().is_empty(),
            pos.in_check(pos.turn),
            pos.only_kings(),
            pos.halfmoves,
            repeated,
        );
    }
}

impl Game for HalfAlice {
    type Options = HalfAliceOptions;
    type State = HalfAliceState;
    type Action = Move;
    type Public = HalfAlicePublic;
    type Private = NoSecret;
    type Hidden = NoSecret;

    fn info(&self) -> RulesInfo {
        RulesInfo {
            id: "half-alice",
            name: "Half Alice Chess",
            version: 2,
            summary: "Alice Chess with one set: pieces on checkers are through the looking glass. Every move is played among the pieces on the moving piece's side, then the piece crosses the mirror; pieces pass through, and cannot capture, what is on the other side.",
            min_seats: 2,
            max_seats: 2,
            equipment: &["chess set", "12 checkers of each colour"],
            random: &[],
            secret: &[],
            source: "seed 001, \"Half Alice Chess\"",
            position_notation: "FEN, then the squares whose pieces stand on checkers (b1,e5 or -)",
            action_notation: "UCI (e2e4, e7e8q, castling e1g1) or O-O / O-O-O; also resign, offer-draw, accept-draw, decline-draw",
            lists_all_actions: true,
        }
    }

    fn setup(&self, options: &HalfAliceOptions, _rng: &mut dyn RandomSource) -> Result<HalfAliceState, GameError> {
        Ok(HalfAliceState::new(MirrorPosition::standard(options.checkers.limit())))
    }

    fn seating(&self, _options: &HalfAliceOptions) -> Result<Seating, GameError> {
        Ok(Seating::two_colours())
    }

    fn turn(&self, state: &HalfAliceState) -> Turn {
        match state.ended {
            Some(_) => Turn::Over,
            None => Turn::seat(seat_of(state.position.turn), Stage::Move),
        }
    }

    fn legal_actions(&self, state: &HalfAliceState, _seat: Seat) -> Vec<Move> {
        state.position.legal_moves()
    }

    fn parse_action(&self, state: &HalfAliceState, seat: Seat, text: &str) -> Result<Move, GameError> {
        let pos = &state.position;
        let king = pos.board.king_of(color_of(seat)).expect("one king");
        let (from, to, promotion) =
            parse_squares(king, text).map_err(|e| GameError::new(ErrorCode::BadNotation, e.to_string()))?;
        find_move(&pos.legal_moves(), from, to, promotion)
            .ok_or_else(|| GameError::new(ErrorCode::IllegalAction, pos.why_illegal(from, to, promotion)))
    }

    fn format_action(&self, _state: &HalfAliceState, action: &Move) -> String {
        uci(*action, CastlingMode::Standard)
    }

    fn describe_action(&self, state: &HalfAliceState, _seat: Seat, action: &Move) -> Said {
        let mut after = state.position;
        after.play(*action);
        let check = if after.in_check(after.turn) { "+" } else { "" };
        Said::public(format!("{}{check}", long_algebraic(&state.position.board, *action)))
    }

    fn describe_in_full(&self, state: &HalfAliceState, seat: Seat, action: &Move) -> Option<String> {
        let said = self.describe_action(state, seat, action).to_actor;
        Some(format!("{} ({said})", move_in_full(&state.position.board, color_of(seat), *action)))
    }

    fn describe_attempt(&self, state: &HalfAliceState, _seat: Seat, text: &str) -> Option<String> {
        crate::chess::uci_attempt_in_words(&state.position.board, text)
    }

    fn apply(
        &self,
        state: &mut HalfAliceState,
        _seat: Seat,
        action: &Move,
        _rng: &mut dyn RandomSource,
    ) -> Result<(), GameError> {
        state.position.play(*action);
        state.repetition_keys.push(state.key());
        state.settle();
        Ok(())
    }

    fn public(&self, state: &HalfAliceState) -> HalfAlicePublic {
        // Nothing is secret in Half Alice Chess.
        let pos = &state.position;
        let checkers = Color::ALL
            .iter()
            .map(|c| CheckersInUse { seat: seat_of(*c), in_use: pos.checkers_in_use(*c), limit: pos.checker_limit })
            .collect();
        HalfAlicePublic {
            position: self.format_position(state),
            mirrored: pos.mirrored.into_iter().collect(),
            to_move: pos.turn,
            check: pos.in_check(pos.turn),
            checkers,
        }
    }

    fn board(&self, state: &HalfAliceState, _viewer: Viewer, legal: &[Move]) -> Option<BoardView> {
        let pos = &state.position;
        let from = legal.iter().fold(Bitboard::EMPTY, |b, m| b.with(m.from()));
        let king_in_check = if pos.in_check(pos.turn) { pos.board.king_of(pos.turn) } else { None };
        Some(board_view(&pos.board, from, |sq| {
            let mirrored = pos.is_mirrored(sq);
            let owner = pos.board.color_at(sq).filter(|_| mirrored);
            let stacks = owner
                .map(|c| StackView {
                    kind: "checker".into(),
                    count: 1,
                    colour: Some(c.name().to_lowercase()),
                    effect: None,
                })
                .into_iter()
                .collect();
            let mut markers = Vec::new();
            if mirrored {
                markers.push("mirror".into());
            }
            if Some(sq) == king_in_check {
                markers.push("check".into());
            }
            SquareMarks { stacks, markers }
        }))
    }

    /// Moves may be taken back with the other side's consent, as over the board.
    fn courtesies(&self) -> Courtesies {
        Courtesies::WITH_TAKEBACKS
    }

    fn outcome(&self, state: &HalfAliceState) -> Option<Outcome> {
        state.ended.clone()
    }

    fn parse_position(&self, text: &str) -> Result<HalfAliceState, GameError> {
        let fields: Vec<&str> = text.split_whitespace().collect();
        let bad = |m: String| GameError::new(ErrorCode::BadPosition, m);
        if fields.len() != 7 {
            return Err(bad(format!(
                "a Half Alice position is the six FEN fields and the squares on checkers ('-' for none); found {} fields",
                fields.len()
            )));
        }
        let position = MirrorPosition::from_fields(&fields[..6], fields[6], CheckerSupply::default().limit())
            .map_err(|e| bad(e.0))?;
        Ok(HalfAliceState::new(position))
    }

    fn format_position(&self, state: &HalfAliceState) -> String {
        state.position.to_text()
    }
}
