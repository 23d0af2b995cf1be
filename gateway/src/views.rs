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

/// The view as the JSON the web app reads, as a value (for answers that hold it among other
/// things); [`view_text`] writes it.
pub fn view_json(view: &pb::GameView) -> Value {
    serde_json::from_str(&view_text(view, None)).expect("the JSON view_text writes")
}

/// The view as the JSON text the web app reads: the members of the game's own view (position,
/// turn, hands, outcome...), read straight from the referee's bytes, then the table's facts
/// (`seq`, `status`, ...), which win over members of the same name, then `extra` (a submit's
/// `submitted`), and `outcome: null` where the game has none.
pub fn view_text(view: &pb::GameView, extra: Option<(&str, Value)>) -> String {
    let mut facts = table_facts(view);
    if let Some((key, value)) = extra {
        facts.insert(key.to_string(), value);
    }
    let mut out = Vec::with_capacity(4096);
    out.push(b'{');
    let mut outcome = false;
    let mut any = view.view.as_ref().is_some_and(|game| {
        game.write_json_members(&mut out, false, |key| {
            outcome |= key == "outcome";
            !facts.contains_key(key)
        })
    });
    if !outcome {
        facts.insert("outcome".into(), Value::Null);
    }
    for (key, value) in &facts {
        if std::mem::replace(&mut any, true) {
            out.push(b',');
        }
        serde_json::to_writer(&mut out, key).expect("a key");
        out.push(b':');
        serde_json::to_writer(&mut out, value).expect("a value");
    }
    out.push(b'}');
    String::from_utf8(out).expect("JSON is UTF-8")
}

/// A `Struct` from the referee (an audit record) as JSON text, written straight from its bytes
/// as [`view_text`] writes a view's: no fields or JSON values built in between, which for a
/// finished game's record of thousands of events took the gateway milliseconds; `{}` for none.
pub fn object_text(object: Option<&referee_proto::structs::Struct>) -> String {
    let mut out = Vec::with_capacity(64 * 1024);
    out.push(b'{');
    if let Some(object) = object {
        object.write_json_members(&mut out, false, |_| true);
    }
    out.push(b'}');
    String::from_utf8(out).expect("JSON is UTF-8")
}

/// What the table knows beside the game's own view.
fn table_facts(view: &pb::GameView) -> serde_json::Map<String, Value> {
    let names: Vec<Value> = view.names.iter().map(|n| if n.is_empty() { Value::Null } else { json!(n) }).collect();
    let deadline = (view.round_deadline_ms > 0).then_some(view.round_deadline_ms);
    let reveal = (view.reveal_deadline_ms > 0).then_some(view.reveal_deadline_ms);
    let facts = [
        ("game_id", json!(view.game_id)),
        ("rules", json!(view.rules)),
        ("seq", json!(view.seq)),
        ("status", json!(status_name(view.status))),
        ("seat", json!(view.seat)),
        ("commitment", json!(view.commitment)),
        ("joined_seats", json!(view.joined_seats)),
        ("reissued_seats", json!(view.reissued_seats)),
        ("reissues", json!(view.reissues)),
        ("seat_count", json!(view.seat_count)),
        ("names", json!(names)),
        ("awaiting_reveal", json!(view.awaiting_reveal)),
        ("chain", json!(view.chain)),
        ("ended_by_host", json!(view.ended_by_host)),
        ("abandoned", json!(view.abandoned)),
        ("round_deadline_ms", json!(deadline)),
        ("reveal_deadline_ms", json!(reveal)),
    ];
    facts.into_iter().map(|(key, value)| (key.to_string(), value)).collect()
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

#[cfg(test)]
mod tests {
    use super::*;
    use referee_proto::structs::{from_json, to_struct};

    #[test]
    fn a_view_is_the_games_view_with_the_tables_facts_beside_it() {
        let game =
            json!({"turn": {"kind": "seat", "seat": 1}, "seq": 99, "played": [{"said": "e4 \"!\""}], "half": 0.5});
        for written in [to_struct(&game), from_json(&game)] {
            let view = pb::GameView {
                game_id: "g".into(),
                seq: 7,
                status: 2,
                seat: Some(1),
                view: written,
                ..Default::default()
            };
            let text = view_text(&view, Some(("submitted", json!({"duplicate": false}))));
            let json: Value = serde_json::from_str(&text).unwrap();
            assert_eq!(json["turn"], game["turn"]);
            assert_eq!(json["played"], game["played"]);
            assert_eq!(json["half"], 0.5);
            assert_eq!(json["seq"], 7, "the table's facts win over the game's members of the same name");
            assert_eq!(text.matches("\"seq\"").count(), 1, "each member once");
            assert_eq!((json["status"].as_str(), json["seat"].as_u64()), (Some("active"), Some(1)));
            assert_eq!(json["outcome"], Value::Null, "no outcome yet");
            assert_eq!(json["submitted"], json!({"duplicate": false}));
            assert_eq!(view_json(&view)["submitted"], Value::Null);
        }
        let over = json!({"outcome": {"winner": 0}});
        let view = pb::GameView { view: to_struct(&over), ..Default::default() };
        assert_eq!(view_json(&view)["outcome"], json!({"winner": 0}));
        assert_eq!(view_json(&pb::GameView::default())["outcome"], Value::Null, "a view without the game's");
    }
}
