//! Secrets at the boundary, tried as an attacker would, through the gateway as phones reach it.
//!
//! - **Brute force.** In every game where a seat acts in secret (a burial, a capture table, an
//!   arrangement, a sealed count or move), the other seats and a spectator gather everything
//!   they receive around the hidden action — views, the record, the live stream, a refusal,
//!   the chain links — and try every action the actor could have taken against it: text that
//!   appears only afterwards, and the chain's old formula (a hash of the link before and the
//!   action). No test may single out the action taken.
//! - **Twins.** Games alike in all but one seat's hidden choice must look byte for byte the same
//!   to everyone else, apart from the values that differ between any two games (ids, seeds'
//!   commitments, chain links).

mod common;

use common::support::{Redis, Referee};
use common::{Gateway, Seated, act};
use futures::StreamExt;
use serde_json::{Value, json};
use sha2::{Digest, Sha256};
use std::time::Duration;

/// Everything one observer (another seat, or a spectator without a token) is sent.
async fn gathered(http: &reqwest::Client, gw: &Gateway, game: &Seated, token: Option<&str>) -> Vec<Value> {
    let get = |path: String| {
        let mut request = http.get(gw.url(&path));
        if let Some(t) = token {
            request = request.bearer_auth(t);
        }
        request
    };
    let view: Value = get(format!("/api/v1/games/{}", game.id)).send().await.unwrap().json().await.unwrap();
    let record: Value = get(format!("/api/v1/games/{}/record", game.id)).send().await.unwrap().json().await.unwrap();
    vec![view, record]
}

/// The live stream's URL for an observer, after `after`.
fn stream_url(gw: &Gateway, game: &Seated, token: Option<&str>, after: u64) -> String {
    let mut url = gw.url(&format!("/api/v1/games/{}/events?after={after}", game.id));
    if let Some(t) = token {
        url.push_str(&format!("&token={t}"));
    }
    url
}

/// The first event of the live stream at `url`, as its observer receives it.
async fn next_streamed(http: reqwest::Client, url: String) -> Value {
    let response = http.get(url).send().await.unwrap();
    let mut body = response.bytes_stream();
    let mut text = String::new();
    loop {
        let chunk = tokio::time::timeout(Duration::from_secs(10), body.next()).await.unwrap().unwrap().unwrap();
        text.push_str(&String::from_utf8_lossy(&chunk));
        // Only whole events: those followed by their blank line.
        let whole = text.rfind("\n\n").map_or("", |end| &text[..end]);
        if let Some(data) = whole.split("\n\n").find_map(|e| e.lines().find_map(|l| l.strip_prefix("data: "))) {
            return serde_json::from_str(data).unwrap();
        }
    }
}

/// The views of every seat now.
async fn views(http: &reqwest::Client, gw: &Gateway, game: &Seated) -> Vec<Value> {
    let mut out = Vec::new();
    for token in &game.tokens {
        out.push(gathered(http, gw, game, Some(token)).await.remove(0));
    }
    out
}

fn legal(view: &Value) -> Vec<String> {
    view["legal_actions"].as_array().unwrap().iter().map(|a| a.as_str().unwrap().to_string()).collect()
}

/// Creates a game and seats everyone (without keys or entropy: the leak does not depend on
/// signing).
async fn seat_all(http: &reqwest::Client, gw: &Gateway, rules: &str, options: Value) -> Seated {
    common::seat_all(http, gw, rules, options, None).await
}

/// Plays `moves` in order, each by the one seat whose legal actions hold it.
async fn play(http: &reqwest::Client, gw: &Gateway, game: &Seated, moves: &[&str]) {
    for (i, m) in moves.iter().enumerate() {
        let all = views(http, gw, game).await;
        let seat = (0..all.len())
            .find(|s| legal(&all[*s]).iter().any(|a| a == m))
            .unwrap_or_else(|| panic!("nobody may play {m}"));
        let (status, body) = act(http, gw, game, seat, m, all[seat]["seq"].as_u64().unwrap(), &format!("p{i}")).await;
        assert_eq!(status, 200, "{m}: {body}");
    }
}

/// Plays each seat's first legal action (not a courtesy) until `ready` says the views are where
/// the test wants them.
async fn play_until(
    http: &reqwest::Client,
    gw: &Gateway,
    game: &Seated,
    ready: impl Fn(&[Value]) -> bool,
) -> Vec<Value> {
    for i in 0..200 {
        let all = views(http, gw, game).await;
        if ready(&all) {
            return all;
        }
        let courtesy = |a: &String| rules::game::Courtesy::parse(a).is_some();
        let seat = (0..all.len()).find(|s| legal(&all[*s]).iter().any(|a| !courtesy(a))).expect("somebody acts");
        let action = legal(&all[seat]).into_iter().find(|a| !courtesy(a)).unwrap();
        let (status, body) =
            act(http, gw, game, seat, &action, all[seat]["seq"].as_u64().unwrap(), &format!("u{i}")).await;
        assert_eq!(status, 200, "{action}: {body}");
    }
    panic!("never ready")
}

/// One hidden action to attack: who takes it, which of its alternatives it is.
struct Hidden {
    rules: &'static str,
    actor: usize,
    candidates: Vec<String>,
    taken: usize,
}

/// Takes the hidden action and tries every alternative against all the others received.
async fn attack(http: &reqwest::Client, gw: &Gateway, game: &Seated, hidden: &Hidden) {
    let seats = game.tokens.len();
    let observers: Vec<Option<&str>> =
        (0..seats).filter(|s| *s != hidden.actor).map(|s| Some(game.tokens[s].as_str())).chain([None]).collect();
    let before_view = gathered(http, gw, game, observers[0]).await.remove(0);
    let (seq, link) = (before_view["seq"].as_u64().unwrap(), before_view["chain"].as_str().unwrap().to_string());
    let mut before = String::new();
    for o in &observers {
        before.push_str(&serde_json::to_string(&gathered(http, gw, game, *o).await).unwrap());
    }
    let other = (hidden.actor + 1) % seats;
    before.push_str(&act(http, gw, game, other, "a1a1", seq, "refused-before").await.1.to_string());
    let streams: Vec<_> =
        observers.iter().map(|o| tokio::spawn(next_streamed(http.clone(), stream_url(gw, game, *o, seq)))).collect();
    tokio::time::sleep(Duration::from_millis(200)).await;
    let taken = &hidden.candidates[hidden.taken];
    let (status, body) = act(http, gw, game, hidden.actor, taken, seq, "hidden").await;
    assert_eq!(status, 200, "{}: {taken}: {body}", hidden.rules);
    let mut after = String::new();
    for o in &observers {
        after.push_str(&serde_json::to_string(&gathered(http, gw, game, *o).await).unwrap());
    }
    for s in streams {
        after.push_str(&s.await.unwrap().to_string());
    }
    // A refusal another seat hears for something it may not do.
    after.push_str(&act(http, gw, game, other, "a1a1", seq + 1, "refused-after").await.1.to_string());
    let new_link = gathered(http, gw, game, observers[0]).await.remove(0)["chain"].as_str().unwrap().to_string();

    let appears = |a: &str| {
        after.contains(&format!("\"{a}\"")) && !before.contains(&format!("\"{a}\""))
            || after.contains(a) && !before.contains(a)
    };
    let old_formula =
        |a: &str| hex(&Sha256::digest(format!("{link}\n{seq}\n{}\n{a}\n", hidden.actor).as_bytes())) == new_link;
    for (name, test) in
        [("text that appears afterwards", &appears as &dyn Fn(&str) -> bool), ("the old chain formula", &old_formula)]
    {
        let matching: Vec<&String> = hidden.candidates.iter().filter(|a| test(a)).collect();
        let singled_out = matching.contains(&taken) && matching.len() < hidden.candidates.len();
        assert!(
            !singled_out,
            "{}: {name} narrows {} alternatives to {} holding the action taken ({taken})",
            hidden.rules,
            hidden.candidates.len(),
            matching.len()
        );
    }
}

fn hex(bytes: &[u8]) -> String {
    bytes.iter().map(|b| format!("{b:02x}")).collect()
}

/// Every arrangement of Cloak and Dagger's checkers: the 960 Chess960 back ranks.
fn arrangements() -> Vec<String> {
    (0..960)
        .map(|n| format!("arrange {}", rules::chess960::back_rank_letters(rules::chess960::back_rank(n).unwrap())))
        .collect()
}

/// The alternatives of `seat`'s hidden action: its legal actions that start with `kind`.
fn alternatives(view: &Value, kind: &str) -> Vec<String> {
    legal(view).into_iter().filter(|a| a.starts_with(kind)).collect()
}

#[tokio::test(flavor = "multi_thread")]
async fn no_hidden_action_can_be_told_from_its_alternatives_by_anything_others_receive() {
    let redis = Redis::start();
    let referee = Referee::start(&redis.url());
    // Reads of the record are part of what is compared, many times over: not this test's limit.
    let gw =
        Gateway::start(&referee, &[("GATEWAY_RECORDS_PER_MINUTE", "100000"), ("GATEWAY_VIEWS_PER_MINUTE", "1000000")]);
    let http = reqwest::Client::new();

    // Masquerade's capture table and Cloak and Dagger's arrangement (any of the 960), sealed at
    // the start.
    let game = seat_all(&http, &gw, "masquerade", Value::Null).await;
    let candidates = alternatives(&views(&http, &gw, &game).await[1], "assign ");
    assert!(candidates.len() > 2, "{candidates:?}");
    attack(&http, &gw, &game, &Hidden { rules: "masquerade", actor: 1, taken: candidates.len() / 2, candidates }).await;
    let game = seat_all(&http, &gw, "cloak-and-dagger", Value::Null).await;
    let candidates = arrangements();
    attack(&http, &gw, &game, &Hidden { rules: "cloak-and-dagger", actor: 1, taken: 390, candidates }).await;

    // A Zombie burial, after a capture.
    let game = seat_all(&http, &gw, "zombie", Value::Null).await;
    play(&http, &gw, &game, &["d2d4", "d7d5", "e2e4", "d5e4"]).await;
    let all = views(&http, &gw, &game).await;
    let actor = (0..2).find(|s| !alternatives(&all[*s], "bury ").is_empty()).expect("somebody buries");
    let candidates = alternatives(&all[actor], "bury ");
    attack(&http, &gw, &game, &Hidden { rules: "zombie", actor, taken: candidates.len() - 1, candidates }).await;

    // Chess Golf's sealed count.
    let game = seat_all(&http, &gw, "chess-golf", json!({"players": 2})).await;
    let candidates = alternatives(&views(&http, &gw, &game).await[0], "bid ");
    attack(&http, &gw, &game, &Hidden { rules: "chess-golf", actor: 0, taken: 1, candidates }).await;

    // Chess Battle's sealed move, once the rounds begin.
    let game = seat_all(&http, &gw, "chess-battle", json!({"players": 4})).await;
    let all = play_until(&http, &gw, &game, |v| v[0]["game"]["stage"] == "rounds").await;
    let candidates: Vec<String> =
        legal(&all[0]).into_iter().filter(|a| !["resign", "offer-draw", "stay"].contains(&a.as_str())).collect();
    assert!(candidates.len() > 1, "{candidates:?}");
    attack(&http, &gw, &game, &Hidden { rules: "chess-battle", actor: 0, taken: candidates.len() - 1, candidates })
        .await;
}

/// Everything `token`'s holder is sent now, with the values that differ between any two games
/// (the game's id, the seed's commitment, the chain's links) blanked.
async fn seen(http: &reqwest::Client, gw: &Gateway, game: &Seated, token: Option<&str>) -> String {
    let mut all = gathered(http, gw, game, token).await;
    for value in &mut all {
        for field in ["game_id", "commitment", "chain"] {
            if value.get(field).is_some() {
                value[field] = Value::Null;
            }
        }
    }
    serde_json::to_string(&all).unwrap().replace(&game.id, "<game>")
}

#[tokio::test(flavor = "multi_thread")]
async fn twin_games_that_differ_in_one_hidden_choice_look_the_same_to_everyone_else() {
    let redis = Redis::start();
    let referee = Referee::start(&redis.url());
    // Reads of the record are part of what is compared, many times over: not this test's limit.
    let gw =
        Gateway::start(&referee, &[("GATEWAY_RECORDS_PER_MINUTE", "100000"), ("GATEWAY_VIEWS_PER_MINUTE", "1000000")]);
    let http = reqwest::Client::new();
    // Each game: the moves before the hidden choice, and its kind.
    let cases: [(&str, &[&str], &str); 3] = [
        ("masquerade", &[], "assign "),
        ("cloak-and-dagger", &[], "arrange "),
        ("zombie", &["d2d4", "d7d5", "e2e4", "d5e4"], "bury "),
    ];
    for (rules, prelude, kind) in cases {
        let twins = [seat_all(&http, &gw, rules, Value::Null).await, seat_all(&http, &gw, rules, Value::Null).await];
        for game in &twins {
            play(&http, &gw, game, prelude).await;
        }
        let all = views(&http, &gw, &twins[0]).await;
        let actor = (0..2).find(|s| !alternatives(&all[*s], kind).is_empty()).unwrap();
        let candidates = if rules == "cloak-and-dagger" { arrangements() } else { alternatives(&all[actor], kind) };
        let (first, last) = (&candidates[0], candidates.last().unwrap());
        for (game, choice) in twins.iter().zip([first, last]) {
            let seq = views(&http, &gw, game).await[actor]["seq"].as_u64().unwrap();
            let (status, body) = act(&http, &gw, game, actor, choice, seq, "hidden").await;
            assert_eq!(status, 200, "{rules}: {choice}: {body}");
        }
        let other = 1 - actor;
        for token in [Some(twins[0].tokens[other].as_str()), None] {
            let twin_token = token.map(|_| twins[1].tokens[other].as_str());
            let (a, b) = (seen(&http, &gw, &twins[0], token).await, seen(&http, &gw, &twins[1], twin_token).await);
            assert_eq!(
                a,
                b,
                "{rules}: {} sees the twins apart ({first} against {last})",
                if token.is_some() { "the other seat" } else { "a spectator" }
            );
        }
    }
}
