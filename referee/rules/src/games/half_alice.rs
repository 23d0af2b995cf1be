//! Half Alice Chess (`half-alice`, seed 001 "Half Alice Chess"): Alice Chess on one board,
//! with the pieces on checkers on the other side of the mirror. Every move switches the moved
//! piece's side. Rules page: `docs/games/half-alice.md`.

use super::conduct::{Conduct, Courtesy, color_of, judge, repetition_key, seat_of};
use crate::chess::mirror::MirrorPosition;
use crate::chess::{CastlingMode, Move, find_move, long_algebraic, parse_squares, uci};
use crate::game::{ErrorCode, Game, GameError, Outcome, RulesInfo, Seat, Turn, Viewer};
use crate::geometry::Square;
use crate::random::RandomSource;
use serde::{Deserialize, Deserializer, Serialize, Serializer};
use serde_json::json;

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

#[derive(Clone, Debug, Default, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct HalfAliceOptions {
    pub checkers: CheckerSupply,
}

#[derive(Clone, Debug, Eq, PartialEq, Serialize, Deserialize)]
pub struct PlayedMove {
    pub uci: String,
    pub said: String,
}

#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct HalfAliceState {
    pub position: MirrorPosition,
    pub moves: Vec<PlayedMove>,
    pub repetition_keys: Vec<u64>,
    #[serde(flatten)]
    pub conduct: Conduct,
}

#[derive(Clone, Debug, Eq, PartialEq)]
pub enum HalfAliceAction {
    Move(Move),
    Courtesy(Courtesy),
}

impl HalfAliceState {
    fn new(position: MirrorPosition) -> HalfAliceState {
        let mut state =
            HalfAliceState { position, moves: Vec::new(), repetition_keys: Vec::new(), conduct: Conduct::default() };
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
        self.conduct.ended = judge(
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
    type Action = HalfAliceAction;

    fn info(&self) -> RulesInfo {
        RulesInfo {
            id: "half-alice",
            name: "Half Alice Chess",
            version: 1,
            summary: "Alice Chess with one set: pieces on checkers are through the looking glass. Every move is played among the pieces on the moving piece's side, then the piece crosses the mirror; pieces pass through, and cannot capture, what is on the other side.",
            min_seats: 2,
            max_seats: 2,
            equipment: &["chess set", "12 checkers of each colour"],
            random: &[],
            secret: &[],
            source: "seed 001, \"Half Alice Chess\"",
            position_notation: "FEN, then the squares whose pieces stand on checkers (b1,e5 or -)",
            action_notation: "UCI (e2e4, e7e8q, castling e1g1) or O-O / O-O-O; also resign, offer-draw, accept-draw",
        }
    }

    fn setup(&self, options: &HalfAliceOptions, _rng: &mut dyn RandomSource) -> Result<HalfAliceState, GameError> {
        Ok(HalfAliceState::new(MirrorPosition::standard(options.checkers.limit())))
    }

    fn seat_count(&self, _state: &HalfAliceState) -> u8 {
        2
    }

    fn turn(&self, state: &HalfAliceState) -> Turn {
        match state.conduct.ended {
            Some(_) => Turn::Over,
            None => Turn::Seat { seat: seat_of(state.position.turn), phase: "move".into() },
        }
    }

    fn legal_actions(&self, state: &HalfAliceState, seat: Seat) -> Vec<HalfAliceAction> {
        let me = color_of(seat);
        let mut out = Vec::new();
        if state.conduct.ended.is_none() && me == state.position.turn {
            out.extend(state.position.legal_moves().into_iter().map(HalfAliceAction::Move));
        }
        out.extend(state.conduct.legal(me).into_iter().map(HalfAliceAction::Courtesy));
        out
    }

    fn parse_action(&self, state: &HalfAliceState, seat: Seat, text: &str) -> Result<HalfAliceAction, GameError> {
        state.conduct.still_playing()?;
        let me = color_of(seat);
        if let Some(courtesy) = Courtesy::parse(text) {
            return state.conduct.check(me, courtesy).map(HalfAliceAction::Courtesy);
        }
        let pos = &state.position;
        if me != pos.turn {
            return Err(GameError::new(ErrorCode::NotYourTurn, format!("It is {}'s move.", pos.turn)));
        }
        let king = pos.board.king_of(me).expect("one king");
        let (from, to, promotion) =
            parse_squares(king, text).map_err(|e| GameError::new(ErrorCode::BadNotation, e.to_string()))?;
        find_move(&pos.legal_moves(), from, to, promotion)
            .map(HalfAliceAction::Move)
            .ok_or_else(|| GameError::new(ErrorCode::IllegalAction, pos.why_illegal(from, to, promotion)))
    }

    fn format_action(&self, _state: &HalfAliceState, action: &HalfAliceAction) -> String {
        match action {
            HalfAliceAction::Move(m) => uci(*m, CastlingMode::Standard),
            HalfAliceAction::Courtesy(c) => c.as_str().into(),
        }
    }

    fn describe_action(&self, state: &HalfAliceState, action: &HalfAliceAction) -> String {
        match action {
            HalfAliceAction::Move(m) => {
                let mut after = state.position;
                after.play(*m);
                let check = if after.in_check(after.turn) { "+" } else { "" };
                format!("{}{check}", long_algebraic(&state.position.board, *m))
            }
            other => self.format_action(state, other),
        }
    }

    fn apply(
        &self,
        state: &mut HalfAliceState,
        seat: Seat,
        action: &HalfAliceAction,
        _rng: &mut dyn RandomSource,
    ) -> Result<(), GameError> {
        let me = color_of(seat);
        match action {
            HalfAliceAction::Move(m) => {
                let played =
                    PlayedMove { uci: self.format_action(state, action), said: self.describe_action(state, action) };
                state.position.play(*m);
                state.moves.push(played);
                state.repetition_keys.push(state.key());
                state.conduct.moved(me);
                state.settle();
            }
            HalfAliceAction::Courtesy(c) => state.conduct.apply(me, *c),
        }
        Ok(())
    }

    fn view(&self, state: &HalfAliceState, viewer: Viewer) -> serde_json::Value {
        // Nothing is secret in Half Alice Chess.
        let pos = &state.position;
        let my_turn = state.conduct.ended.is_none() && viewer == Viewer::Seat(seat_of(pos.turn));
        let legal: Vec<String> = if my_turn {
            pos.legal_moves().iter().map(|m| uci(*m, CastlingMode::Standard)).collect()
        } else {
            Vec::new()
        };
        let limit = pos.checker_limit;
        let checkers: Vec<serde_json::Value> = [crate::pieces::Color::White, crate::pieces::Color::Black]
            .iter()
            .map(|c| json!({ "seat": seat_of(*c), "in_use": pos.checkers_in_use(*c), "limit": limit }))
            .collect();
        json!({
            "rules": "half-alice",
            "position": self.format_position(state),
            "mirrored": pos.mirrored.into_iter().collect::<Vec<Square>>(),
            "turn": self.turn(state),
            "to_move": pos.turn,
            "check": pos.in_check(pos.turn),
            "legal_moves": legal,
            "moves": state.moves,
            "checkers": checkers,
            "draw_offer": state.conduct.draw_offer,
            "outcome": state.conduct.ended,
            "seats": [{"seat": 0, "color": "white"}, {"seat": 1, "color": "black"}],
        })
    }

    fn outcome(&self, state: &HalfAliceState) -> Option<Outcome> {
        state.conduct.ended.clone()
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
