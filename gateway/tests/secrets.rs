//! The games with secrets, played at random through the gateway as phones play them: after
//! every action each seat's view and a spectator's are read, one attempt the seat may not make
//! is refused, and at the end every event of the live streams (SSE) of both seats and the
//! spectator is checked. Nothing a viewer receives may hold the other seat's secret.

mod common;

use common::support::{Redis, Referee};
use common::{Gateway, Seated, act, seat_two};
use futures::StreamExt;
use serde_json::{Value, json};
use std::collections::BTreeMap;
use std::time::Duration;

/// Games per rule set, and actions per game.
const GAMES: u64 = 4;
const ACTIONS: usize = 70;
/// Whether an action is a courtesy (resign, draw offers, takebacks) rather than a move.
fn courtesy(action: &str) -> bool {
    rules::game::Courtesy::parse(action).is_some()
}

/// Who is looking: a seat, or a spectator.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
enum Viewer {
    Seat(usize),
    Spectator,
}

const VIEWERS: [Viewer; 3] = [Viewer::Seat(0), Viewer::Seat(1), Viewer::Spectator];

fn token(game: &Seated, viewer: Viewer) -> Option<&str> {
    match viewer {
        Viewer::Seat(s) => Some(&game.tokens[s]),
        Viewer::Spectator => None,
    }
}

/// A seat's secrets as that seat made them: the sealed choice and each burial, as text that
/// must never reach another viewer.
#[derive(Default)]
struct Secrets {
    words: [Vec<String>; 2],
}

impl Secrets {
    /// What `seat` just did, if it is secret: the words that would tell it.
    fn note(&mut self, seat: usize, action: &str) {
        let words = &mut self.words[seat];
        if let Some(table) = action.strip_prefix("assign ") {
            words.push(table.to_string());
        } else if let Some(arrangement) = action.strip_prefix("arrange ") {
            words.push(arrangement.to_string());
        } else if action.starts_with("bury ") {
            words.push(action.to_string());
        }
    }
}

/// Checks one view of `viewer` against the other seats' secrets and against the public
/// knowledge a spectator has of the same moment.
fn check_view(rules: &str, viewer: Viewer, view: &Value, spectator: &Value, secrets: &Secrets, what: &str) {
    // The viewer's own options (every arrangement, every table) are not news to it.
    let mut told = view.clone();
    told["legal_actions"] = Value::Null;
    let text = told.to_string();
    let own: &[String] = match viewer {
        Viewer::Seat(me) => &secrets.words[me],
        Viewer::Spectator => &[],
    };
    for seat in 0..2 {
        if viewer == Viewer::Seat(seat) {
            continue;
        }
        for word in secrets.words[seat].iter().filter(|w| !own.contains(w)) {
            assert!(!text.contains(word.as_str()), "{rules}: {what} of {viewer:?} holds seat {seat}'s {word}: {text}");
        }
        // Zombie: where a burial went is written only in the burier's own sentence.
        for played in view["played"].as_array().into_iter().flatten() {
            if played["seat"] == seat as u64 && played["said"].as_str().is_some_and(|s| s.contains("buries")) {
                assert!(played.get("action").is_none(), "{rules}: {what} of {viewer:?} names a burial: {played}");
                assert!(!played["said"].as_str().unwrap().contains("under"), "{rules}: {viewer:?} hears {played}");
            }
        }
    }
    let Viewer::Seat(me) = viewer else {
        assert!(view["private"].is_null(), "{rules}: a spectator has a private part: {}", view["private"]);
        return;
    };
    // Of the other seat's pieces a seat knows what a spectator knows: every cell holding one
    // looks the same to both (which of them the seat may select aside, and the seat's own
    // burials, which stay under a square when the other side captures onto it).
    let theirs = if me == 0 { "black" } else { "white" };
    let cells = |v: &Value| -> BTreeMap<String, Value> {
        v["board"]["cells"]
            .as_array()
            .into_iter()
            .flatten()
            .filter(|c| c["piece"]["side"] == theirs)
            .map(|c| {
                let mut c = c.clone();
                c["selectable"] = Value::Null;
                if let Some(markers) = c.get_mut("markers").and_then(Value::as_array_mut) {
                    markers.retain(|m| m != "buried");
                    if markers.is_empty() {
                        c.as_object_mut().unwrap().remove("markers");
                    }
                }
                (c["id"].as_str().unwrap().to_string(), c)
            })
            .collect()
    };
    assert_eq!(cells(view), cells(spectator), "{rules}: {what} of seat {me} shows the other's pieces unlike the table");
}

/// Reads the view of `viewer` now, retrying as a client should when the referee is briefly
/// unavailable (503 with Retry-After).
async fn view_of(http: &reqwest::Client, gw: &Gateway, game: &Seated, viewer: Viewer) -> Value {
    for _ in 0..5 {
        let mut request = http.get(gw.url(&format!("/api/v1/games/{}", game.id)));
        if let Some(t) = token(game, viewer) {
            request = request.bearer_auth(t);
        }
        let response = request.send().await.unwrap();
        let status = response.status();
        let body: Value = response.json().await.unwrap();
        if status == 503 {
            tokio::time::sleep(Duration::from_millis(200)).await;
            continue;
        }
        assert_eq!(status, 200, "{body}");
        return body;
    }
    panic!("the referee stayed unavailable");
}

/// Opens the live stream of `viewer` after `seq` and collects its events (seq, view) until
/// `last` arrives.
async fn follow(
    http: reqwest::Client,
    url: String,
    after: u64,
    last: tokio::sync::watch::Receiver<u64>,
) -> Vec<(u64, Value)> {
    let response = http.get(url).header("Last-Event-ID", after.to_string()).send().await.unwrap();
    assert_eq!(response.headers()["content-type"], "text/event-stream");
    let mut body = response.bytes_stream();
    let (mut text, mut events) = (String::new(), Vec::new());
    let deadline = tokio::time::Instant::now() + Duration::from_secs(60);
    loop {
        let done = events.last().is_some_and(|(seq, _): &(u64, Value)| *last.borrow() == *seq);
        if done {
            return events;
        }
        assert!(
            tokio::time::Instant::now() < deadline,
            "the stream did not reach the last event within 60 s: {events:?}"
        );
        let Ok(Some(chunk)) = tokio::time::timeout(Duration::from_secs(1), body.next()).await else { continue };
        text.push_str(&String::from_utf8_lossy(&chunk.unwrap()));
        while let Some(end) = text.find("\n\n") {
            let event: String = text.drain(..end + 2).collect();
            let id = event.lines().find_map(|l| l.strip_prefix("id: ")).and_then(|i| i.parse().ok());
            let data = event.lines().find_map(|l| l.strip_prefix("data: "));
            if let (Some(id), Some(data)) = (id, data) {
                events.push((id, serde_json::from_str(data).unwrap()));
            }
        }
    }
}

/// Random attempts of `seat` that are not among its legal actions: one of its pieces to some
/// square.
fn not_legal(view: &Value, seat: usize, next: &mut impl FnMut() -> u64) -> Option<String> {
    let side = if seat == 0 { "white" } else { "black" };
    let cells = view["board"]["cells"].as_array()?;
    let mine: Vec<&str> =
        cells.iter().filter(|c| c["piece"]["side"] == side).filter_map(|c| c["id"].as_str()).collect();
    let legal = view["legal_actions"].as_array()?;
    (0..8).find_map(|_| {
        let from = mine.get(next() as usize % mine.len().max(1))?;
        let to = cells[next() as usize % cells.len()]["id"].as_str()?;
        let attempt = format!("{from}{to}");
        (!legal.contains(&json!(attempt))).then_some(attempt)
    })
}

/// Plays one game of `rules` at random; returns how many views and stream events were checked.
async fn play(http: &reqwest::Client, gw: &Gateway, rules: &str, seed: u64) -> (usize, usize) {
    let mut next = {
        let mut x = seed.wrapping_mul(0x9E37_79B9_7F4A_7C15) | 1;
        move || {
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            x
        }
    };
    let game = seat_two(http, gw, rules, Value::Null).await;
    let (last_tx, last_rx) = tokio::sync::watch::channel(u64::MAX);
    let streams: Vec<_> = VIEWERS
        .iter()
        .map(|&viewer| {
            let mut url = gw.url(&format!("/api/v1/games/{}/events", game.id));
            if let Some(t) = token(&game, viewer) {
                url.push_str(&format!("?token={t}"));
            }
            (viewer, tokio::spawn(follow(http.clone(), url, game.seq, last_rx.clone())))
        })
        .collect();
    let mut secrets = Secrets::default();
    let mut seen: BTreeMap<(Viewer, u64), Value> = BTreeMap::new();
    let mut checked = 0;
    for step in 0..=ACTIONS {
        let views: Vec<Value> = futures::future::join_all(VIEWERS.map(|v| view_of(http, gw, &game, v))).await;
        let seq = views[2]["seq"].as_u64().unwrap();
        for (viewer, view) in VIEWERS.iter().zip(&views) {
            assert_eq!(view["seq"], seq, "{rules}: the views were read at one moment");
            check_view(rules, *viewer, view, &views[2], &secrets, "the view");
            seen.insert((*viewer, seq), view.clone());
            checked += 1;
        }
        if views[2]["status"] == "over" || step == ACTIONS {
            break;
        }
        // Whoever may act (in a sealed round both may; the first still waiting goes).
        let actor = (0..2).find(|&s| {
            views[s]["legal_actions"].as_array().is_some_and(|a| a.iter().any(|x| !courtesy(x.as_str().unwrap())))
        });
        let Some(seat) = actor else { panic!("{rules}: nobody may act at {seq}: {}", views[2]["turn"]) };
        let legal: Vec<&str> = views[seat]["legal_actions"]
            .as_array()
            .unwrap()
            .iter()
            .filter_map(|a| a.as_str())
            .filter(|a| !courtesy(a))
            .collect();
        if let Some(attempt) = not_legal(&views[seat], seat, &mut next) {
            let (status, refusal) = act(http, gw, &game, seat, &attempt, seq, &format!("bad-{step}")).await;
            assert!((400..500).contains(&status), "{rules}: {attempt} was not refused: {refusal}");
            check_view(rules, Viewer::Seat(seat), &json!({"refusal": refusal}), &json!({}), &secrets, "a refusal");
        }
        let action = legal[next() as usize % legal.len()];
        let (status, answer) = act(http, gw, &game, seat, action, seq, &format!("a-{step}")).await;
        assert_eq!(status, 200, "{rules}: {action} by seat {seat}: {answer}");
        secrets.note(seat, action);
    }
    let last = *seen.keys().map(|(_, seq)| seq).max().unwrap();
    last_tx.send(last).unwrap();
    let mut events = 0;
    for (viewer, stream) in streams {
        let streamed = tokio::time::timeout(Duration::from_secs(20), stream).await.expect("the streams end").unwrap();
        assert_eq!(streamed.last().unwrap().0, last, "{rules}: {viewer:?}'s stream reached the last move");
        for (seq, view) in streamed {
            let spectator = &seen[&(Viewer::Spectator, seq)];
            check_view(rules, viewer, &view, spectator, &secrets, "a live event");
            assert_eq!(view, seen[&(viewer, seq)], "{rules}: {viewer:?}'s live event {seq} is not its view");
            events += 1;
        }
    }
    (checked, events)
}

#[tokio::test(flavor = "multi_thread")]
async fn secret_games_played_at_random_over_the_gateway_leak_nothing_to_any_viewer_or_live_stream() {
    let redis = Redis::start();
    let referee = Referee::start(&redis.url());
    let gw = Gateway::start(
        &referee,
        &[
            ("GATEWAY_ACTIONS_PER_SECOND", "100000"),
            ("GATEWAY_JOINS_PER_MINUTE", "1000"),
            ("GATEWAY_VIEWS_PER_MINUTE", "1000000"),
        ],
    );
    let http = reqwest::Client::new();
    let games = ["zombie", "masquerade", "cloak-and-dagger"]
        .into_iter()
        .flat_map(|rules| (0..GAMES).map(move |n| (rules, n)))
        .map(|(rules, n)| play(&http, &gw, rules, n + 1));
    let counts = futures::future::join_all(games).await;
    let (views, events): (usize, usize) = counts.iter().fold((0, 0), |(v, e), (cv, ce)| (v + cv, e + ce));
    println!("{} games: {views} views and {events} live events checked", counts.len());
    assert!(events > 300, "only {events} live events were checked");
}
