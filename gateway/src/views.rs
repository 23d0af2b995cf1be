//! The referee's views as the JSON the web app reads: the game's own view (position, turn,
//! hands, outcome...) with the table's facts (`seq`, `status`, `seat`, ...) alongside.

use referee_proto::v1 as pb;
use serde::Serialize;
use serde_json::{Value, json};

pub fn status_name(status: i32) -> &'static str {
    match pb::GameStatus::try_from(status) {
        Ok(pb::GameStatus::Waiting) => "waiting",
        Ok(pb::GameStatus::Active) => "active",
        Ok(pb::GameStatus::Over) => "over",
        _ => "unknown",
    }
}

pub fn view_json(view: &pb::GameView) -> Value {
    let mut out = match view.view.as_ref().map(referee_proto::structs::to_json) {
        Some(Value::Object(map)) => map,
        _ => serde_json::Map::new(),
    };
    out.insert("game_id".into(), json!(view.game_id));
    out.insert("rules".into(), json!(view.rules));
    out.insert("seq".into(), json!(view.seq));
    out.insert("status".into(), json!(status_name(view.status)));
    out.insert("seat".into(), json!(view.seat));
    out.insert("commitment".into(), json!(view.commitment));
    out.insert("joined_seats".into(), json!(view.joined_seats));
    out.insert("reissued_seats".into(), json!(view.reissued_seats));
    out.insert("seat_count".into(), json!(view.seat_count));
    let names: Vec<Value> = view.names.iter().map(|n| if n.is_empty() { Value::Null } else { json!(n) }).collect();
    out.insert("names".into(), json!(names));
    out.insert("awaiting_reveal".into(), json!(view.awaiting_reveal));
    out.insert("chain".into(), json!(view.chain));
    out.insert("ended_by_host".into(), json!(view.ended_by_host));
    out.insert("abandoned".into(), json!(view.abandoned));
    let deadline = (view.round_deadline_ms > 0).then_some(view.round_deadline_ms);
    out.insert("round_deadline_ms".into(), json!(deadline));
    let reveal = (view.reveal_deadline_ms > 0).then_some(view.reveal_deadline_ms);
    out.insert("reveal_deadline_ms".into(), json!(reveal));
    out.entry("outcome").or_insert(Value::Null);
    Value::Object(out)
}

/// A rule set in the catalogue.
#[derive(Serialize, utoipa::ToSchema)]
pub struct RulesInfo {
    pub id: String,
    pub name: String,
    pub version: u32,
    pub summary: String,
    pub min_seats: u32,
    pub max_seats: u32,
    pub equipment: Vec<String>,
    pub random: Vec<String>,
    pub secret: Vec<String>,
    pub source: String,
    pub position_notation: String,
    pub action_notation: String,
    /// Whether views list every legal action (false where they cannot all be listed).
    pub lists_all_actions: bool,
    /// JSON Schemas of the game's options, of the view's `game` field and of its `private` field.
    #[schema(value_type = Object)]
    pub schemas: Value,
}

impl From<pb::RulesInfo> for RulesInfo {
    fn from(r: pb::RulesInfo) -> RulesInfo {
        RulesInfo {
            id: r.id,
            name: r.name,
            version: r.version,
            summary: r.summary,
            min_seats: r.min_seats,
            max_seats: r.max_seats,
            equipment: r.equipment,
            random: r.random,
            secret: r.secret,
            source: r.source,
            position_notation: r.position_notation,
            action_notation: r.action_notation,
            lists_all_actions: r.lists_all_actions,
            schemas: r.schemas.as_ref().map_or(Value::Null, referee_proto::structs::to_json),
        }
    }
}
