//! Every game played at random against the real referee, each seat joined with a name: no
//! sentence the referee tells a caller (a view's record, outcome and game words, the sentence an
//! action is told with, a refusal, a page of the record) names a seat whose player gave a name by
//! its number ("Seat 2", "Player 1"), glues "is legal" or "is illegal" onto a clause, or says a
//! word twice. (The verdicts of disputes, which name no players, are checked for every game by
//! the rules' own `tests/words.rs`.)

mod support;
#[path = "../rules/tests/support/words.rs"]
mod words;

use referee_proto::v1 as pb;
use serde_json::{Value, json};
use std::collections::BTreeMap;
use support::*;

const NAMES: [&str; 5] = ["Ann", "Bob", "Cleo", "Dan", "Eve"];

/// Options that bring out each game's sentences, and how many actions to play.
fn options(id: &str) -> (Value, usize) {
    match id {
        "table-tools" => (json!({"seats": 3}), 20),
        "chess-battle" => (json!({"players": 5, "medals": true, "freezing": true}), 60),
        "chess-golf" => (json!({"players": 3}), 60),
        _ => (Value::Null, 60),
    }
}

/// A game of `rules` with every seat joined, each with a name but the last of five and more.
async fn seated_with_names(client: &mut Client, rules: &str, options: &Value) -> Table {
    let options = if options.is_null() { String::new() } else { options.to_string() };
    let created = create(client, rules, &options).await;
    let (mut tokens, mut view) = (Vec::new(), None);
    for seat in &created.seats {
        let name = NAMES.get(seat.seat as usize).filter(|_| seat.seat < 4).copied().unwrap_or_default();
        let request = pb::JoinGameRequest {
            game_id: created.game_id.clone(),
            join_code: seat.join_code.clone(),
            name: name.into(),
            ..Default::default()
        };
        let joined = client.join_game(request).await.unwrap().into_inner();
        tokens.push(joined.token);
        view = joined.view;
    }
    let (game_id, host_token, commitment) = (created.game_id, created.host_token, created.commitment);
    Table { game_id, host_token, commitment, tokens, view: view.unwrap() }
}

/// The seats that may act now, and those that may not.
fn seats_by_turn(view: &pb::GameView) -> (Vec<usize>, Vec<usize>) {
    let json = view_json(view);
    let all = 0..view.seat_count as usize;
    if json["turn"]["kind"] == "anyone" {
        return (all.collect(), Vec::new());
    }
    let waiting = |a: &&Value| a["submitted"] != true;
    let active: Vec<usize> = json["turn"]["seats"]
        .as_array()
        .map_or(Vec::new(), |s| s.iter().filter(waiting).map(|a| a["seat"].as_u64().unwrap() as usize).collect());
    let others = all.filter(|s| !active.contains(s)).collect();
    (active, others)
}

/// Every string of a view with a space in it (its sentences), but the board's and the seating's
/// labels (`seats`, `teams`: the data the app names its players from) and positions in notation
/// (`position`, `start`: a Chess960 FEN may say "b b", Black to move and castling on the b-file).
fn sentences_of(value: &Value, out: &mut Vec<String>) {
    match value {
        Value::String(s) if s.contains(' ') => out.push(s.clone()),
        Value::Array(items) => items.iter().for_each(|v| sentences_of(v, out)),
        Value::Object(map) => map
            .iter()
            .filter(|(k, _)| !["board", "seats", "teams", "position", "start"].contains(&k.as_str()))
            .for_each(|(_, v)| sentences_of(v, out)),
        _ => {}
    }
}

/// A small xorshift: the same game every run.
fn next(seed: &mut u64) -> usize {
    *seed ^= *seed << 13;
    *seed ^= *seed >> 7;
    *seed ^= *seed << 17;
    *seed as usize
}

/// Plays `rules` at random and returns every sentence it told, with where it was told.
async fn sentences_of_a_game(client: &mut Client, rules: &str, told: &mut BTreeMap<String, String>) {
    let (options, actions) = options(rules);
    let table = seated_with_names(client, rules, &options).await;
    let mut note = |what: &str, text: &str| {
        told.entry(text.to_string()).or_insert_with(|| format!("{rules} {what}"));
    };
    let mut seed = 0x2545_f491_4f6c_dd1d_u64 ^ rules.len() as u64;
    let mut view = table.view.clone();
    for played in 0..actions {
        if view.status == pb::GameStatus::Over as i32 {
            break;
        }
        let (active, others) = seats_by_turn(&view);
        let seat = active[next(&mut seed) % active.len()];
        let mine = get_view(client, &table.game_id, Some(&table.tokens[seat])).await.unwrap();
        let moves = legal_moves(&mine);
        let Some(action) = (!moves.is_empty()).then(|| moves[next(&mut seed) % moves.len()].clone()) else { break };
        // What a seat that may not act, and nonsense, are told. (In a sealed round a seat that
        // has sealed may still freeze or hand a medal: then that is this turn's action.)
        let tries = others.first().map(|o| (*o, action.clone())).into_iter().chain([(seat, "zz9".to_string())]);
        let mut acted = false;
        for (who, text) in tries {
            match submit(client, &table, who, &text, mine.seq, &format!("r{played}{who}")).await {
                Err(status) => note("refusal", status.message()),
                Ok(answer) => {
                    note("action's sentence", &answer.description);
                    acted = true;
                    break;
                }
            }
        }
        if acted {
            view = get_view(client, &table.game_id, None).await.unwrap();
            continue;
        }
        view = match submit(client, &table, seat, &action, mine.seq, &format!("a{played}")).await {
            Ok(answer) => {
                note("action's sentence", &answer.description);
                answer.view.unwrap()
            }
            Err(status) if error_code(&status) == "stale" => get_view(client, &table.game_id, None).await.unwrap(),
            Err(status) => panic!("{rules}: {action} by seat {seat}: {status:?}"),
        };
        let mut seen = Vec::new();
        sentences_of(&view_json(&view), &mut seen);
        seen.iter().for_each(|s| note("view", s));
    }
    let (active, _) = seats_by_turn(&view);
    let over = view.status == pb::GameStatus::Over as i32;
    let resigned = match active.first().filter(|_| !over) {
        Some(seat) => submit(client, &table, *seat, "resign", view.seq, "resign").await.ok(),
        None => None,
    };
    if let Some(answer) = resigned {
        let mut seen = Vec::new();
        sentences_of(&view_json(&answer.view.unwrap()), &mut seen);
        seen.iter().for_each(|s| note("view", s));
    }
    let record = client.get_record(pb::GetRecordRequest { game_id: table.game_id.clone(), from: 0 }).await.unwrap();
    record.into_inner().played.iter().for_each(|p| note("record", &p.said));
}

#[tokio::test(flavor = "multi_thread")]
async fn every_game_played_with_names_says_each_named_seat_by_its_name_in_plain_sentences() {
    let redis = Redis::start();
    let referee = Referee::start(&redis.url());
    let mut client = referee.client().await;
    let mut faults = Vec::new();
    for game in rules::games::all() {
        let rules = game.info().id;
        let mut told = BTreeMap::new();
        sentences_of_a_game(&mut client, rules, &mut told).await;
        let (options, _) = options(rules);
        let seating = game.seating(&options).unwrap();
        // The numbered seats ("Seat 2", "Player 1") whose players gave names.
        let numbered = |side: &str| {
            let number = side.strip_prefix("Seat ").or_else(|| side.strip_prefix("Player "));
            number.is_some_and(|n| n.parse::<u8>().is_ok())
        };
        let named: Vec<String> =
            seating.seats.iter().filter(|s| s.seat < 4 && numbered(&s.side)).map(|s| s.side.clone()).collect();
        for (sentence, whose) in &told {
            faults.extend(words::faults(sentence, &named).into_iter().map(|f| format!("{whose} {f}: {sentence}")));
        }
    }
    assert!(faults.is_empty(), "{} sentences are wrong:\n{}", faults.len(), faults.join("\n"));
}
