//! Every game that draws at random, played to its end against the real referee by its seats'
//! legal actions, then checked by `referee verify` from the audit record alone: every die,
//! card and flip re-derived from the revealed seed, and the game replayed through the rules to
//! the same outcome. (Issue "Dice, hands and flipped cards": players can check after the game
//! that nothing was steered.)

mod support;

use referee_proto::v1 as pb;
use serde_json::Value;
use support::*;

/// The seats that may act now, from any view.
fn active(view: &pb::GameView) -> Vec<usize> {
    let turn = &view_json(view)["turn"];
    turn["seats"].as_array().map_or(Vec::new(), |s| s.iter().map(|a| a["seat"].as_u64().unwrap() as usize).collect())
}

/// Plays until the game is over or `limit` actions were made: each active seat (in a sealed
/// round, each one that has not sealed) picks one of its own legal actions, spread over the
/// list and never a courtesy; then the game is ended by a resignation if it is still on.
async fn play_to_end(client: &mut Client, table: &Table, limit: usize) -> (pb::GameView, usize) {
    play_preferring(client, table, limit, &mut Vec::new()).await
}

/// [`play_to_end`], where an action starting with one of `preferred` is legal, playing it first
/// (each once: it leaves the list).
async fn play_preferring(
    client: &mut Client,
    table: &Table,
    limit: usize,
    preferred: &mut Vec<&str>,
) -> (pb::GameView, usize) {
    let mut view = table.view.clone();
    let mut played = 0;
    let mut next = 0x9e37_79b9u64;
    while view.status != pb::GameStatus::Over as i32 && played < limit {
        let turn = view_json(&view)["turn"].clone();
        let waiting: Vec<usize> = active(&view)
            .into_iter()
            .filter(|s| {
                turn["seats"].as_array().unwrap().iter().any(|a| a["seat"] == *s as u64 && a["submitted"] != true)
            })
            .collect();
        let seat = waiting[0];
        let mine = get_view(client, &table.game_id, Some(&table.tokens[seat])).await.unwrap();
        let moves: Vec<String> =
            legal_moves(&mine).into_iter().filter(|m| rules::game::Courtesy::parse(m).is_none()).collect();
        next ^= next << 13;
        next ^= next >> 7;
        next ^= next << 17;
        let wanted = preferred.iter().position(|p| moves.iter().any(|m| m.starts_with(p)));
        let action = match wanted.map(|i| preferred.remove(i)) {
            Some(prefix) => moves.iter().find(|m| m.starts_with(prefix)).unwrap(),
            None => &moves[(next % moves.len() as u64) as usize],
        };
        let answer = submit(client, table, seat, action, mine.seq, &format!("a{played}")).await;
        view = match answer {
            Ok(r) => r.view.unwrap(),
            // Another seat's sealed action changed nothing this seat must see: read again.
            Err(status) if error_code(&status) == "stale" => get_view(client, &table.game_id, None).await.unwrap(),
            Err(status) => panic!("{action} by seat {seat}: {status:?}"),
        };
        played += 1;
    }
    if view.status != pb::GameStatus::Over as i32 {
        let seat = active(&view)[0];
        let mine = get_view(client, &table.game_id, Some(&table.tokens[seat])).await.unwrap();
        view = submit(client, table, seat, "resign", mine.seq, "resign").await.unwrap().view.unwrap();
    }
    (view, played)
}

async fn verified(client: &mut Client, table: &Table) -> (Value, String) {
    let audit = client.get_audit(pb::GetAuditRequest { game_id: table.game_id.clone() }).await.unwrap().into_inner();
    let text = audit_text(&audit);
    let (code, out) = verify(&text);
    assert_eq!(code, 0, "{out}");
    (serde_json::from_str(&text).unwrap(), out)
}

/// How many draws the record holds, over every event.
fn draws(record: &Value) -> usize {
    record["events"].as_array().unwrap().iter().map(|e| e["draws"].as_array().map_or(0, Vec::len)).sum()
}

#[tokio::test(flavor = "multi_thread")]
async fn a_finished_game_of_blakes_chess_verifies_every_roll_and_card() {
    let redis = Redis::start();
    let referee = Referee::start(&redis.url());
    let mut client = referee.client().await;
    let table = seat_everyone(&mut client, "blakes-chess", "").await;
    let (_, played) = play_to_end(&mut client, &table, 600).await;
    let (record, out) = verified(&mut client, &table).await;
    let rolls = record["events"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|e| e["draws"].as_array().is_some_and(|d| d.len() == 4 && d.iter().all(|x| x["bound"] == 6)))
        .count();
    assert!(rolls > 0, "some capture was rolled for in {played} actions");
    assert!(draws(&record) > 52, "the cut, the shuffle and the dice: {}", draws(&record));
    assert!(out.contains("verified"), "{out}");
}

#[tokio::test(flavor = "multi_thread")]
async fn a_finished_game_of_gravity_verifies_every_pile_and_flip() {
    let redis = Redis::start();
    let referee = Referee::start(&redis.url());
    let mut client = referee.client().await;
    let table = seat_everyone(&mut client, "gravity", "").await;
    let (view, played) = play_to_end(&mut client, &table, 2000).await;
    assert!(
        view_json(&view)["outcome"]["reason"].as_str().is_some_and(|r| !r.contains("resign")),
        "played out in {played}"
    );
    let (record, out) = verified(&mut client, &table).await;
    // The hidden pawn, then a Fisher–Yates shuffle of each twelve-card pile (eleven draws each).
    assert_eq!(draws(&record), 1 + 11 + 11, "the hidden pawn and both piles");
    assert!(out.contains("verified"), "{out}");
}

#[tokio::test(flavor = "multi_thread")]
async fn a_finished_round_of_chess_golf_verifies_every_deal() {
    let redis = Redis::start();
    let referee = Referee::start(&redis.url());
    let mut client = referee.client().await;
    let table = seat_everyone(&mut client, "chess-golf", r#"{"players": 3, "holes": 3}"#).await;
    let (view, played) = play_to_end(&mut client, &table, 400).await;
    assert!(view_json(&view)["outcome"]["reason"].as_str().is_some_and(|r| r.contains("lowest total")), "{played}");
    let (_, out) = verified(&mut client, &table).await;
    assert!(out.contains("verified"), "{out}");
}

#[tokio::test(flavor = "multi_thread")]
async fn a_finished_game_of_each_solitaire_verifies_its_shuffles_and_shows_the_deals_par() {
    let redis = Redis::start();
    let referee = Referee::start(&redis.url());
    let mut client = referee.client().await;
    for (rules, shuffled) in [("parade-solitaire", 15), ("neighbour-solitaire", 15 + 19)] {
        let table = seat_everyone(&mut client, rules, "").await;
        let (view, played) = play_to_end(&mut client, &table, 300).await;
        assert!(view_json(&view)["outcome"]["scores"].is_array(), "{rules} ended with a score after {played}");
        let (record, _) = verified(&mut client, &table).await;
        assert_eq!(draws(&record), shuffled, "{rules}: one Fisher–Yates shuffle of each pile");
        let pars = client.get_pars(pb::GetParsRequest { game_id: table.game_id.clone() }).await.unwrap().into_inner();
        assert_eq!(pars.pars.len(), 1, "{rules}: the deal's par once the game is over");
        assert_eq!(pars.pars[0].puzzle, "deal");
    }
}

#[tokio::test(flavor = "multi_thread")]
async fn a_finished_game_of_whack_verifies_every_roll_of_the_die() {
    let redis = Redis::start();
    let referee = Referee::start(&redis.url());
    let mut client = referee.client().await;
    let table = seat_everyone(&mut client, "whack", "").await;
    let (_, played) = play_to_end(&mut client, &table, 400).await;
    let (record, out) = verified(&mut client, &table).await;
    let rolls = record["events"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|e| e["draws"].as_array().is_some_and(|d| d.len() == 1 && d[0]["bound"] == 6))
        .count();
    assert!(rolls >= 1, "at least the opening roll in {played} actions");
    assert!(out.contains("verified"), "{out}");
}

/// The freshness rule of docs/randomness.md ("Freshness, as a record shows it"), from the record
/// alone: the least `seq` a submission of `seat` recorded as event `upto` may have signed.
fn fresh_from_by_the_docs(record: &referee::audit::AuditRecord, upto: usize, seat: u8) -> u64 {
    use referee::store::EventBody;
    let mut last = 0;
    for event in &record.events[1..upto] {
        let changed = match &event.body {
            EventBody::Reissued { .. } | EventBody::Rejoined { .. } => false,
            EventBody::Action { seat: actor, action, description, .. } if event.round.is_none() => {
                let named = (record.rules == "chess-battle")
                    .then(|| action.strip_prefix("freeze ").or_else(|| action.strip_prefix("medal ")))
                    .flatten();
                match named {
                    _ if description.starts_with("sealed: ") => false,
                    Some(n) => n.parse::<u8>().unwrap() - 1 == seat || *actor == seat,
                    None => true,
                }
            }
            _ => true,
        };
        if changed {
            last = event.seq;
        }
    }
    last + 1
}

/// Item 8 of issue 42: the freshness rule the docs give in terms of the record is the one the
/// referee applies, for every seat before every event of games with sealed rounds, open actions
/// (Chess Battle's freezes and medals) and a seat handed to a new phone.
#[tokio::test(flavor = "multi_thread")]
async fn the_freshness_rule_the_docs_give_is_the_referees() {
    let redis = Redis::start();
    let referee = Referee::start(&redis.url());
    let mut client = referee.client().await;
    let games = [
        ("chess-battle", r#"{"players": 4, "freezing": true, "medals": true, "zones": "random"}"#, 160),
        ("chess-golf", r#"{"players": 3, "holes": 2}"#, 200),
        ("masquerade", "", 40),
    ];
    for (rules, options, limit) in games {
        let mut table = seat_everyone(&mut client, rules, options).await;
        // A seat handed to a new phone before play.
        let request = pb::ReissueJoinCodeRequest { game_id: table.game_id.clone(), seat: 1, client_key: String::new() };
        let code = client.reissue_join_code(authed(request, &table.host_token)).await.unwrap().into_inner().join_code;
        let join = pb::JoinGameRequest { game_id: table.game_id.clone(), join_code: code, ..Default::default() };
        let joined = client.join_game(join).await.unwrap().into_inner();
        table.tokens[1] = joined.token;
        table.view = joined.view.unwrap();
        play_preferring(&mut client, &table, limit, &mut vec!["freeze", "medal", "freeze", "medal"]).await;
        let audit = client.get_audit(pb::GetAuditRequest { game_id: table.game_id.clone() }).await.unwrap();
        let record: referee::audit::AuditRecord = serde_json::from_str(&audit_text(&audit.into_inner())).unwrap();
        let game = rules::games::find(rules).unwrap();
        let mut state = game.setup(&record.options, &mut rules::random::Replay::new(&record.events[0].draws)).unwrap();
        let seats = record.seat_count;
        let (mut sealed, mut open) = (0, 0);
        for (i, event) in record.events.iter().enumerate().skip(1) {
            for seat in 0..seats {
                let referee_says = 1 + game.changed_for(&state, seat);
                assert_eq!(
                    fresh_from_by_the_docs(&record, i, seat),
                    referee_says,
                    "{rules}: seat {seat} before event {i}"
                );
            }
            if let referee::store::EventBody::Action { action, description, .. } = &event.body {
                sealed += usize::from(description.starts_with("sealed: "));
                open += usize::from(action.starts_with("freeze") || action.starts_with("medal"));
            }
            if matches!(event.body, referee::store::EventBody::End) {
                break;
            }
            referee::draws::replay_event(game, &mut state, event, record.derivation).unwrap();
        }
        assert!(sealed > 0, "{rules}: some sealed submissions");
        assert!(rules != "chess-battle" || open > 0, "chess-battle: some freezes or medals");
    }
}
