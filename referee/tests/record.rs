//! The record's chain against the real referee: every view carries the chain so far, and a
//! record rewritten afterwards — even with every link recomputed and every move still legal —
//! no longer extends what a player's phone kept.

#[path = "support/relink.rs"]
mod relink;
mod support;

use referee::audit::AuditRecord;
use referee_proto::v1 as pb;
use relink::*;
use support::*;

#[tokio::test(flavor = "multi_thread")]
async fn a_rewritten_record_fails_against_the_links_players_kept() {
    let redis = Redis::start();
    let referee = Referee::start(&redis.url());
    let mut client = referee.client().await;
    let table = seat_everyone(&mut client, "chess", "").await;
    assert_eq!(table.view.chain.len(), 64, "every view carries the chain so far");
    let after_e4 = submit(&mut client, &table, 0, "e2e4", table.view.seq, "1").await.unwrap().view.unwrap();
    let kept = (after_e4.seq, after_e4.chain.clone());
    let after_e5 = submit(&mut client, &table, 1, "e7e5", after_e4.seq, "2").await.unwrap().view.unwrap();
    assert_ne!(after_e5.chain, after_e4.chain);
    submit(&mut client, &table, 1, "resign", after_e5.seq, "3").await.unwrap();
    let audit = client
        .get_audit(referee_proto::v1::GetAuditRequest { game_id: table.game_id.clone() })
        .await
        .unwrap()
        .into_inner();
    let record: AuditRecord = serde_json::from_str(&audit_text(&audit)).unwrap();
    let checkpoint = format!("{}:{}", kept.0, kept.1);
    let (code, out) = verify_args(&serde_json::to_string(&record).unwrap(), &["--checkpoint", &checkpoint]);
    assert_eq!(code, 0, "{out}");
    assert!(out.contains("the record extends all 1 checkpoint(s): ok"), "{out}");

    // A legal substitution (d4 for e4), links left as they were: the chain itself breaks.
    let mut rewritten = record.clone();
    let referee::store::EventBody::Action { action, description, .. } = &mut rewritten.events[1].body else { panic!() };
    (*action, *description) = ("d2d4".into(), "d4".into());
    let (code, out) = verify_args(&serde_json::to_string(&rewritten).unwrap(), &[]);
    assert_eq!(code, 1, "{out}");
    assert!(out.contains("FAILED: event 1's chain link is"), "{out}");
    // The same with every link recomputed: consistent in itself, so only a kept link catches it.
    relink(&mut rewritten);
    let (code, out) = verify_args(&serde_json::to_string(&rewritten).unwrap(), &[]);
    assert_eq!(code, 0, "without checkpoints a consistent rewrite cannot be told apart: {out}");
    let (code, out) = verify_args(&serde_json::to_string(&rewritten).unwrap(), &["--checkpoint", &checkpoint]);
    assert_eq!(code, 1, "{out}");
    assert!(out.contains("FAILED: the checkpoint after 2 events was"), "{out}");
    // Another seat's roll, another deal target: any change to an event's text breaks its link.
    let mut other_seat = record.clone();
    let referee::store::EventBody::Action { seat, .. } = &mut other_seat.events[3].body else { panic!() };
    *seat = 0;
    let (code, out) = verify_args(&serde_json::to_string(&other_seat).unwrap(), &[]);
    assert_eq!(code, 1, "{out}");
}

#[tokio::test(flavor = "multi_thread")]
async fn the_host_may_end_a_game_early_which_releases_its_record_and_seed() {
    let redis = Redis::start();
    let referee = Referee::start(&redis.url());
    let mut client = referee.client().await;
    let table = seat_everyone(&mut client, "table-tools", "").await;
    let rolled = submit(&mut client, &table, 0, "roll 2d6", table.view.seq, "1").await.unwrap().view.unwrap();
    let end = |token: &str| authed(referee_proto::v1::EndGameRequest { game_id: table.game_id.clone() }, token);
    // A seat cannot end the table for everyone; the host can.
    let refused = client.end_game(end(&table.tokens[0])).await.unwrap_err();
    assert_eq!((refused.code(), error_code(&refused).as_str()), (tonic::Code::PermissionDenied, "not_the_host"));
    let ended = client.end_game(end(&table.host_token)).await.unwrap().into_inner();
    assert_eq!((ended.status, ended.ended_by_host), (referee_proto::v1::GameStatus::Over as i32, true));
    // Every seat's view says nobody may act any more.
    let seat = get_view(&mut client, &table.game_id, Some(&table.tokens[1])).await.unwrap();
    assert_eq!(view_json(&seat)["turn"]["kind"], "over");
    // That view never changes again while the store keeps the game, and says so; one in play did not.
    assert!(seat.unchanged_until_ms > rolled.seq && rolled.unchanged_until_ms == 0);
    assert_eq!(view_json(&seat)["legal_actions"], serde_json::json!([]));
    let late = submit(&mut client, &table, 1, "roll 1d6", rolled.seq + 1, "2").await.unwrap_err();
    assert_eq!(error_code(&late), "game_over");
    assert_eq!(error_code(&client.end_game(end(&table.host_token)).await.unwrap_err()), "game_over");
    // The record, with the seed, is out, and every draw made can be checked.
    let audit = client
        .get_audit(referee_proto::v1::GetAuditRequest { game_id: table.game_id.clone() })
        .await
        .unwrap()
        .into_inner();
    let (code, out) = verify(&audit_text(&audit));
    assert_eq!(code, 0, "{out}");
    assert!(out.contains("draws: 2 draw(s)") && out.contains("chain: all 3 event links hold"), "{out}");
    // It never changes while the store keeps the game (30 days after its last event), and says so.
    let now_ms = std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH).unwrap().as_millis() as u64;
    let thirty_days_ms = 30 * 86_400_000;
    assert!(
        (now_ms + thirty_days_ms - 60_000..=now_ms + thirty_days_ms).contains(&audit.unchanged_until_ms),
        "unchanged until {} (now {now_ms})",
        audit.unchanged_until_ms
    );
    // The roll's draws are derived from who rolled and what: a record giving this roll to the
    // other seat, even with every link recomputed, fails on the draws.
    let mut record: AuditRecord = serde_json::from_str(&audit_text(&audit)).unwrap();
    assert_eq!(record.derivation, 3);
    let referee::store::EventBody::Action { seat, description, .. } = &mut record.events[1].body else { panic!() };
    *seat = 1;
    // The sentence names the roller: told as the other seat's, so only the draws can tell.
    *description = description.replace("Seat 1", "Seat 2");
    relink(&mut record);
    let (code, out) = verify(&serde_json::to_string(&record).unwrap());
    assert_eq!(code, 1, "{out}");
    assert!(out.contains("FAILED: event 1, draw "), "{out}");

    // A game nobody finished joining can be ended too: nothing was drawn.
    let waiting = create(&mut client, "chess960", "").await;
    let request = authed(referee_proto::v1::EndGameRequest { game_id: waiting.game_id.clone() }, &waiting.host_token);
    client.end_game(request).await.unwrap();
    let audit = client
        .get_audit(referee_proto::v1::GetAuditRequest { game_id: waiting.game_id.clone() })
        .await
        .unwrap()
        .into_inner();
    let (code, out) = verify(&audit_text(&audit));
    assert_eq!(code, 0, "{out}");
    // Read through `| head -1`: the reader goes away, and the verdict stands, quietly.
    use std::io::Write;
    let mut child = std::process::Command::new(referee_bin())
        .args(["verify", "-"])
        .stdin(std::process::Stdio::piped())
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .unwrap();
    drop(child.stdout.take());
    child.stdin.take().unwrap().write_all(audit_text(&audit).as_bytes()).unwrap();
    let out = child.wait_with_output().unwrap();
    assert_eq!(out.status.code(), Some(0), "{}", String::from_utf8_lossy(&out.stderr));
}

#[tokio::test(flavor = "multi_thread")]
async fn a_game_nobody_moves_in_for_too_long_is_closed_and_its_record_released() {
    let redis = Redis::start();
    let referee = Referee::start_with(&redis.url(), &[("REFEREE_ABANDONED_AFTER", "1")]);
    let mut client = referee.client().await;
    let table = seat_everyone(&mut client, "chess960", "").await;
    let moved = submit(&mut client, &table, 0, "a2a3", table.view.seq, "1").await.unwrap().view.unwrap();
    assert_eq!(moved.status, referee_proto::v1::GameStatus::Active as i32);
    let audit = |game_id: String| referee_proto::v1::GetAuditRequest { game_id };
    let early = client.get_audit(audit(table.game_id.clone())).await.unwrap_err();
    assert_eq!(error_code(&early), "game_not_over");
    tokio::time::sleep(std::time::Duration::from_millis(1300)).await;
    let left = get_view(&mut client, &table.game_id, None).await.unwrap();
    assert_eq!((left.status, left.abandoned), (referee_proto::v1::GameStatus::Over as i32, true));
    let late = submit(&mut client, &table, 1, "a7a6", moved.seq, "2").await.unwrap_err();
    assert_eq!(error_code(&late), "game_over");
    let record = client.get_audit(audit(table.game_id.clone())).await.unwrap().into_inner();
    assert_eq!(record.unchanged_until_ms, 0, "a game closed by the clock is not said to stay as it is");
    let (code, out) = verify(&audit_text(&record));
    assert_eq!(code, 0, "{out}");
    let record: AuditRecord = serde_json::from_str(&audit_text(&record)).unwrap();
    assert!(record.abandoned, "the record says the game was abandoned");
    assert!(out.contains("outcome: abandoned, no outcome: ok"), "{out}");
}

/// A chain 2 link binds everything about an event, its draws included, through a salted
/// commitment: the same event with another draw, or opened with another salt, links elsewhere.
#[test]
fn a_chain_link_binds_the_draws_through_a_commitment_only_the_seed_opens() {
    use referee::chain::Linker;
    use referee::store::{Event, EventBody};
    use rules::random::Draw;
    let body =
        EventBody::Action { seat: 1, action: "reshuffle main".into(), description: String::new(), key: String::new() };
    let event = |value| Event::new(5, body.clone(), vec![Draw { bound: 2, value }], 0);
    let linker = Linker { version: 2, seed: b"seed one" };
    let start = "0".repeat(64);
    assert_ne!(linker.link(&start, &event(0)), linker.link(&start, &event(1)), "the draws are bound");
    let other_seed = Linker { version: 2, seed: b"seed two" };
    assert_ne!(linker.link(&start, &event(0)), other_seed.link(&start, &event(0)), "the salt comes from the seed");
}

async fn record_of(client: &mut Client, game_id: &str, token: Option<&str>, from: u64) -> pb::GameRecord {
    let request = pb::GetRecordRequest { game_id: game_id.into(), from };
    let request = match token {
        Some(t) => authed(request, t),
        None => tonic::Request::new(request),
    };
    client.get_record(request).await.unwrap().into_inner()
}

#[tokio::test(flavor = "multi_thread")]
async fn views_carry_the_latest_entries_and_the_whole_record_is_had_on_request_as_each_viewer_may_hear_it() {
    let redis = Redis::start();
    let referee = Referee::start(&redis.url());
    let mut client = referee.client().await;
    let table = seat_everyone(&mut client, "table-tools", r#"{"seats": 2}"#).await;
    let (said, _) = take_turns(&mut client, &table, 150, "roll 2d6").await;
    let view = get_view(&mut client, &table.game_id, Some(&table.tokens[0])).await.unwrap();
    let json = view_json(&view);
    assert_eq!(json["played"].as_array().unwrap().len(), 32, "a view carries the latest 32 entries");
    let from = json["played_from"].as_u64().unwrap();
    assert_eq!(from, said.len() as u64 - 32);
    let whole = record_of(&mut client, &table.game_id, Some(&table.tokens[0]), 0).await;
    assert_eq!(whole.seq, view.seq);
    let heard: Vec<&str> = whole.played.iter().map(|p| p.said.as_str()).collect();
    assert_eq!(heard, said, "the whole record, every entry as it was told");
    let rest = record_of(&mut client, &table.game_id, None, from).await;
    assert_eq!(rest.from, from);
    let latest: Vec<&str> = json["played"].as_array().unwrap().iter().map(|p| p["said"].as_str().unwrap()).collect();
    assert_eq!(rest.played.iter().map(|p| p.said.as_str()).collect::<Vec<_>>(), latest);

    // In a game with secrets the record is told as the asker may hear it.
    let zombie = seat_everyone(&mut client, "zombie", "").await;
    let mut seq = zombie.view.seq;
    let moves = ["e2e4", "e7e5", "g1f3", "b8c6", "d2d4", "e5d4", "bury c6", "f3d4", "bury b2", "c6d4", "bury g7"];
    for (i, m) in moves.iter().enumerate() {
        let seat = if ["e7e5", "b8c6", "e5d4", "bury c6", "c6d4", "bury g7"].contains(m) { 1 } else { 0 };
        seq = submit(&mut client, &zombie, seat, m, seq, &format!("z{i}")).await.unwrap().view.unwrap().seq;
    }
    let white = record_of(&mut client, &zombie.game_id, Some(&zombie.tokens[0]), 0).await;
    let black = record_of(&mut client, &zombie.game_id, Some(&zombie.tokens[1]), 0).await;
    let text = |r: &pb::GameRecord| format!("{:?}", r.played);
    assert!(text(&white).contains("under b2") && !text(&white).contains("under g7"), "{}", text(&white));
    assert!(text(&black).contains("under g7") && !text(&black).contains("under b2"), "{}", text(&black));
}

#[tokio::test(flavor = "multi_thread")]
async fn a_finished_game_is_archived_compressed_and_still_reads_replays_and_answers_retries_the_same() {
    let redis = Redis::start();
    let referee = Referee::start(&redis.url());
    let mut client = referee.client().await;
    let table = seat_everyone(&mut client, "chess", "").await;
    let exists = |part: &str| redis_command(redis.port, &format!("EXISTS g:{{{}}}:{part}", table.game_id));
    assert_eq!(exists("joins").as_deref(), Some(":0\r\n"), "the first event dropped the joins stream");
    let mut seq = table.view.seq;
    let mut last = None;
    for (i, action) in ["f2f3", "e7e5", "g2g4", "d8h4"].into_iter().enumerate() {
        let r = submit(&mut client, &table, i % 2, action, seq, &format!("m{i}")).await.unwrap();
        seq = r.view.as_ref().unwrap().seq;
        last = r.view;
    }
    assert_eq!(last.unwrap().status, pb::GameStatus::Over as i32, "the fool's mate ends the game");
    for part in ["events", "snap"] {
        assert_eq!(exists(part).as_deref(), Some(":0\r\n"), "{part} gave way to the archive");
    }
    assert_eq!(exists("archive").as_deref(), Some(":1\r\n"));
    let ttl = redis_command(redis.port, &format!("TTL g:{{{}}}:archive", table.game_id)).unwrap();
    assert!(
        ttl.trim().trim_start_matches(':').parse::<i64>().unwrap() > 0,
        "kept for the finished games' retention: {ttl}"
    );

    // Read, replayed and told as before.
    let view = get_view(&mut client, &table.game_id, Some(&table.tokens[0])).await.unwrap();
    assert_eq!((view.seq, view.status), (seq, pb::GameStatus::Over as i32));
    assert!(view_text(&view).contains("checkmate"), "{}", view_text(&view));
    let record =
        client.get_record(pb::GetRecordRequest { game_id: table.game_id.clone(), from: 0 }).await.unwrap().into_inner();
    let said: Vec<&str> = record.played.iter().map(|p| p.said.as_str()).collect();
    assert_eq!(said.len(), 4, "{said:?}");
    let audit = client.get_audit(pb::GetAuditRequest { game_id: table.game_id.clone() }).await.unwrap().into_inner();
    let (code, out) = verify(&audit_text(&audit));
    assert_eq!(code, 0, "{out}");
    // A retry of the mating move is answered as the first time; anything new is refused.
    let retry = submit(&mut client, &table, 1, "d8h4", seq - 1, "m3").await.unwrap();
    assert!(retry.duplicate);
    assert_eq!(retry.description, "Qh4#");
    let late = submit(&mut client, &table, 0, "e2e4", seq, "late").await.unwrap_err();
    assert_eq!(error_code(&late), "game_over", "{late:?}");
}

/// Plays `actions` (seat, action) from `table`'s start, keeping every link a view showed, as a
/// phone does.
async fn play_keeping_links(client: &mut Client, table: &Table, actions: &[(usize, &str)]) -> Vec<(u64, String)> {
    let mut kept = vec![(table.view.seq, table.view.chain.clone())];
    let mut seq = table.view.seq;
    for (i, (seat, action)) in actions.iter().enumerate() {
        let view = submit(client, table, *seat, action, seq, &format!("a{i}")).await.unwrap().view.unwrap();
        seq = view.seq;
        kept.push((view.seq, view.chain));
    }
    kept
}

async fn finished(client: &mut Client, table: &Table) -> AuditRecord {
    let request = pb::EndGameRequest { game_id: table.game_id.clone() };
    let _ = client.end_game(authed(request, &table.host_token)).await;
    let audit = client.get_audit(pb::GetAuditRequest { game_id: table.game_id.clone() }).await.unwrap().into_inner();
    serde_json::from_str(&audit_text(&audit)).unwrap()
}

/// What the operator's rewrite still has to get past: the record holds together by itself, but
/// not through the links the players kept.
fn holds_alone_but_not_against(record: &AuditRecord, kept: &[(u64, String)]) -> String {
    let text = serde_json::to_string(record).unwrap();
    let (code, out) = verify(&text);
    assert_eq!(code, 0, "the rewrite holds together by itself: {out}");
    let args = checkpoint_args(kept);
    let (code, out) = verify_args(&text, &args.iter().map(String::as_str).collect::<Vec<_>>());
    assert_eq!(code, 1, "{out}");
    out
}

#[tokio::test(flavor = "multi_thread")]
async fn every_rewrite_of_what_decides_a_game_fails_against_the_links_the_players_kept() {
    let redis = Redis::start();
    let referee = Referee::start(&redis.url());
    let mut client = referee.client().await;

    // Table tools' dice, re-derived after the derivation was rewritten (10, 19 became others).
    let tools = seat_everyone(&mut client, "table-tools", r#"{"seats": 2}"#).await;
    let kept = play_keeping_links(&mut client, &tools, &[(0, "roll 2d20"), (1, "roll 2d20"), (0, "roll 1d20")]).await;
    let record = finished(&mut client, &tools).await;
    let mut rewritten = rederived_under(&record, 1);
    // (All five dice: two of them alike by chance is one game in 400.)
    let dice = |r: &AuditRecord| r.events.iter().flat_map(|e| e.draws.clone()).collect::<Vec<_>>();
    assert_ne!(dice(&rewritten), dice(&record), "other dice");
    relink(&mut rewritten);
    let (code, out) = verify(&serde_json::to_string(&rewritten).unwrap());
    assert!(
        code == 1 && out.contains("derivation 3 exists only with chain 2"),
        "chain 2 comes with derivation 3: {out}"
    );
    // Relabelled chain 1 as well, it holds by itself, and only the players' links catch it.
    rewritten.chain = 1;
    relink(&mut rewritten);
    let out = holds_alone_but_not_against(&rewritten, &kept);
    assert!(out.contains("FAILED: the checkpoint after 1 events was"), "the chain binds the derivation: {out}");

    // A Chess960 game drawn by cards, rewritten to a chosen number with its draws deleted.
    let chess960 = seat_everyone(&mut client, "chess960", "").await;
    let kept = vec![(chess960.view.seq, chess960.view.chain.clone())];
    let record = finished(&mut client, &chess960).await;
    let mut rewritten = record.clone();
    rewritten.options = serde_json::json!({"number": 0});
    rewritten.options_text = rewritten.options.to_string();
    rewritten.events[0].draws.clear();
    relink(&mut rewritten);
    let out = holds_alone_but_not_against(&rewritten, &kept);
    assert!(out.contains("FAILED: the checkpoint after 1 events was"), "the start binds its draws: {out}");
    // The options alone, without the text the chain binds, do not even hold together.
    let mut options_only = record.clone();
    options_only.options = serde_json::json!({"number": 0});
    let (code, out) = verify(&serde_json::to_string(&options_only).unwrap());
    assert!(code == 1 && out.contains("the options differ from the options text the chain binds"), "{out}");

    // What the table heard, against the draws: "rolled 20" where the die gave another number.
    let tools = seat_everyone(&mut client, "table-tools", r#"{"seats": 2}"#).await;
    play_keeping_links(&mut client, &tools, &[(0, "roll 1d20")]).await;
    let record = finished(&mut client, &tools).await;
    let mut told = record.clone();
    let referee::store::EventBody::Action { description, .. } = &mut told.events[1].body else { panic!() };
    *description = "rolled 1d20: 20".into();
    relink(&mut told);
    let (code, out) = verify(&serde_json::to_string(&told).unwrap());
    assert!(code == 1 && out.contains("the table was told \"rolled 1d20: 20\""), "{out}");

    // A record claiming rules this verifier does not play, or blanked entropy commitments.
    let mut version = record.clone();
    version.rules_version = 99;
    let (code, out) = verify(&serde_json::to_string(&version).unwrap());
    assert!(code == 1 && out.contains("recorded under version 99"), "{out}");
}

#[tokio::test(flavor = "multi_thread")]
async fn the_record_is_read_a_page_at_a_time_from_its_list_and_old_games_are_replayed_for_it() {
    let redis = Redis::start();
    let referee = Referee::start(&redis.url());
    let mut client = referee.client().await;
    let table = seat_everyone(&mut client, "table-tools", r#"{"seats": 2}"#).await;
    let (said, _) = take_turns(&mut client, &table, 620, "roll 1d6").await;
    // Kept as the game went, one entry a roll: no replay is needed to read it.
    let kept = redis_command(redis.port, &format!("LLEN g:{{{}}}:played", table.game_id)).unwrap();
    assert_eq!(kept.trim(), ":620");
    let first = record_of(&mut client, &table.game_id, Some(&table.tokens[0]), 0).await;
    assert_eq!((first.played.len(), first.next_from), (500, 500), "a page of 500");
    let second = record_of(&mut client, &table.game_id, None, first.next_from).await;
    assert_eq!((second.from, second.played.len(), second.next_from), (500, 120, 0), "the last page");
    let heard: Vec<&str> = first.played.iter().chain(&second.played).map(|p| p.said.as_str()).collect();
    assert_eq!(heard, said);
    // A game made before the list was kept has none: its record is replayed instead.
    redis_command(redis.port, &format!("DEL g:{{{}}}:played", table.game_id));
    let replayed = record_of(&mut client, &table.game_id, None, 500).await;
    assert_eq!(replayed.played.iter().map(|p| p.said.as_str()).collect::<Vec<_>>(), heard[500..]);
}

#[tokio::test(flavor = "multi_thread")]
async fn a_game_the_host_ended_shows_every_seats_secrets_as_a_finished_game_does() {
    let redis = Redis::start();
    let referee = Referee::start(&redis.url());
    let mut client = referee.client().await;
    let table = seat_everyone(&mut client, "blakes-chess", "").await;
    let mut hands = Vec::new();
    for token in &table.tokens {
        hands.push(view_json(&get_view(&mut client, &table.game_id, Some(token)).await.unwrap())["private"].clone());
    }
    assert!(hands.iter().all(|h| !h.is_null()), "each seat holds a hand: {hands:?}");
    let spectator = get_view(&mut client, &table.game_id, None).await.unwrap();
    assert!(view_json(&spectator)["revealed"].is_null(), "nothing is shown while the game is on");

    let end = authed(referee_proto::v1::EndGameRequest { game_id: table.game_id.clone() }, &table.host_token);
    client.end_game(end).await.unwrap();
    let spectator = get_view(&mut client, &table.game_id, None).await.unwrap();
    assert_eq!(view_json(&spectator)["revealed"], serde_json::json!(hands), "every hand, for everyone");
}

/// `record`'s draws and sentences re-derived under `derivation` (1 or 2), as the referee drew
/// before derivation 3: one stream per event.
fn rederived_under(record: &AuditRecord, derivation: u8) -> AuditRecord {
    use referee::store::{EventBody, event_rng};
    use rules::random::{RandomSource, Recorder};
    let mut out = record.clone();
    out.derivation = derivation;
    let game = rules::games::find(&record.rules).unwrap();
    let key = referee::audit::game_key(&rules::random::from_hex(&record.seed).unwrap(), &record.entropy).unwrap();
    let mut state = None;
    for event in &mut out.events {
        let mut rng = event_rng(derivation, key, event.seq, &event.context());
        let mut recorder = Recorder::new(&mut rng as &mut dyn RandomSource);
        match &mut event.body {
            EventBody::Start { .. } => state = Some(game.setup(&record.options, &mut recorder).unwrap()),
            EventBody::Action { seat, action, description, .. } => {
                *description = game.apply(state.as_mut().unwrap(), *seat, action, &mut recorder).unwrap().description;
            }
            _ => {}
        }
        event.draws = recorder.draws;
    }
    out
}

/// `record` as the referee wrote records before chain 2 and derivation 3: chain 1 (or no chain
/// at all), derivation 1 or 2, no options text, no seats' statements, no signatures.
fn as_made_before(record: &AuditRecord, derivation: u8, chained: bool) -> AuditRecord {
    let mut old = rederived_under(record, derivation);
    old.chain = 1;
    old.options_text = String::new();
    for event in &mut old.events {
        event.signed = None;
        if let referee::store::EventBody::Start { seats, .. } = &mut event.body {
            seats.clear();
        }
    }
    if chained {
        relink(&mut old);
    } else {
        old.events.iter_mut().for_each(|e| e.chain.clear());
    }
    old
}

/// Issue 42: every record made before the change verifies as what it is. Records of chain 1 with
/// derivation 1 or 2, and records from before any chain, still pass, each saying what it cannot
/// vouch for; and their top-level entropy must be the start's, as the chain binds it.
#[tokio::test(flavor = "multi_thread")]
async fn records_made_before_chain_2_still_verify_as_what_they_are() {
    let redis = Redis::start();
    let referee = Referee::start(&redis.url());
    let mut client = referee.client().await;
    let tools = seat_everyone(&mut client, "table-tools", r#"{"seats": 2}"#).await;
    play_keeping_links(&mut client, &tools, &[(0, "roll 2d6"), (1, "roll 3d20"), (0, "roll 1d6")]).await;
    let record = finished(&mut client, &tools).await;
    for (derivation, chained) in [(1, true), (2, true), (1, false)] {
        let old = as_made_before(&record, derivation, chained);
        let (code, out) = verify(&serde_json::to_string(&old).unwrap());
        assert_eq!(code, 0, "derivation {derivation}, chained {chained}: {out}");
        assert!(out.contains("draws: 6 draw(s) in 3 event(s) re-derived from the seed: ok"), "{out}");
        assert!(out.contains("warning: no action in this record is signed"), "{out}");
        let chain = if chained { "chain: all 5 event links hold" } else { "recorded before events were chained" };
        assert!(out.contains(chain), "{out}");
        assert!(out.contains("outcome: no outcome: the host ended the game: ok"), "{out}");
    }
    // A chain 1 record whose top-level entropy is not the one its start recorded (and its chain
    // binds) fails, draws or none.
    let mut other = as_made_before(&record, 2, true);
    other.entropy[0] = rules::random::to_hex(b"other words");
    let (code, out) = verify(&serde_json::to_string(&other).unwrap());
    assert!(code == 1 && out.contains("the entropy the start recorded differs from the record's entropy"), "{out}");
}

/// Issue 42, item 6: `abandoned` and `outcome` are outside every link. The outcome is the
/// replay's; a record that stops with neither an outcome, the host's end nor abandonment was cut
/// short and fails; one cut and marked abandoned passes only with a warning, and the players'
/// latest link catches it.
#[tokio::test(flavor = "multi_thread")]
async fn a_record_cut_after_the_players_last_link_does_not_pass_as_abandoned_unseen() {
    let redis = Redis::start();
    let referee = Referee::start(&redis.url());
    let mut client = referee.client().await;
    let table = seat_everyone(&mut client, "chess", "").await;
    let kept = play_keeping_links(&mut client, &table, &[(0, "e2e4"), (1, "e7e5"), (1, "resign")]).await;
    let record = finished(&mut client, &table).await;
    assert!(record.outcome.is_some());

    let mut cut = record.clone();
    cut.events.pop();
    cut.outcome = None;
    relink(&mut cut);
    let (code, out) = verify(&serde_json::to_string(&cut).unwrap());
    assert_eq!(code, 1, "{out}");
    assert!(out.contains("FAILED: the record stops after event 2 with no outcome"), "{out}");

    cut.abandoned = true;
    let text = serde_json::to_string(&cut).unwrap();
    let (code, out) = verify(&text);
    assert_eq!(code, 0, "{out}");
    assert!(out.contains("warning: the record says nobody moved after event 2"), "{out}");
    let args = checkpoint_args(&kept);
    let (code, out) = verify_args(&text, &args.iter().map(String::as_str).collect::<Vec<_>>());
    assert!(code == 1 && out.contains("FAILED: the checkpoint after 4 events is beyond the record's end"), "{out}");
    // Checkpoints short of the end say how far the players' links reach.
    let (code, out) = verify_args(&text, &checkpoint_args(&kept[..2]).iter().map(String::as_str).collect::<Vec<_>>());
    assert!(code == 0 && out.contains("the latest is after 2 of its 3 events"), "{out}");

    // A finished game said to be abandoned.
    let mut finished_abandoned = record.clone();
    finished_abandoned.abandoned = true;
    let (code, out) = verify(&serde_json::to_string(&finished_abandoned).unwrap());
    assert!(code == 1 && out.contains("says the game was abandoned, but it was finished"), "{out}");
}

#[tokio::test(flavor = "multi_thread")]
async fn a_record_page_holds_about_64_kib_at_most_however_long_its_entries() {
    let redis = Redis::start();
    let referee = Referee::start(&redis.url());
    let mut client = referee.client().await;
    let table = seat_everyone(&mut client, "table-tools", r#"{"seats": 2}"#).await;
    let (said, _) = take_turns(&mut client, &table, 120, "roll 100d1000000").await;
    let bytes = |page: &pb::GameRecord| -> usize {
        page.played.iter().map(|p| p.said.len() + p.action.as_ref().map_or(0, String::len)).sum()
    };
    let (mut heard, mut from) = (Vec::new(), 0);
    loop {
        let page = record_of(&mut client, &table.game_id, None, from).await;
        assert!(bytes(&page) <= 64 * 1024, "a page of {} bytes", bytes(&page));
        assert!(!page.played.is_empty());
        heard.extend(page.played.iter().map(|p| p.said.clone()));
        if page.next_from == 0 {
            break;
        }
        assert_eq!(page.next_from, from + page.played.len() as u64, "the next page begins where this one ends");
        from = page.next_from;
    }
    assert!(from > 0, "120 rolls of a hundred dice take more than one page");
    assert_eq!(heard, said, "the pages together are the whole record");
}

#[tokio::test(flavor = "multi_thread")]
async fn a_page_of_long_entries_costs_redis_the_page_not_the_500_entries_a_page_may_hold() {
    let redis = Redis::start();
    let referee = Referee::start(&redis.url());
    let mut client = referee.client().await;
    let table = seat_everyone(&mut client, "table-tools", r#"{"seats": 2}"#).await;
    take_turns(&mut client, &table, 120, "roll 100d1000000").await;
    // A view loads the game as a record page does; what a page costs Redis beyond that is the
    // entries it sent.
    let sent = || net_output_bytes(redis.port);
    let before = sent();
    client.get_view(pb::GetViewRequest { game_id: table.game_id.clone() }).await.unwrap();
    let view = sent() - before;
    let before = sent();
    let page = record_of(&mut client, &table.game_id, None, 0).await;
    let record = sent() - before;
    assert!(page.next_from > 0, "120 rolls of a hundred dice take more than one page");
    let entries = record.saturating_sub(view);
    assert!(
        entries <= 72 * 1024,
        "Redis sent {entries} bytes for a page of {} entries beside the game's load ({view} bytes)",
        page.played.len()
    );
}

#[tokio::test(flavor = "multi_thread")]
async fn where_a_record_page_ends_tells_no_one_how_long_a_sentence_hidden_from_them_is() {
    let redis = Redis::start();
    let referee = Referee::start(&redis.url());
    let mut client = referee.client().await;
    let mut ends = Vec::new();
    // Twin games whose records differ only in the length of white's hidden sentences and
    // actions: one letter, or three hundred.
    for hidden in [1, 300] {
        let table = seat_everyone(&mut client, "table-tools", r#"{"seats": 2}"#).await;
        take_turns(&mut client, &table, 600, "roll 1d6").await;
        // Every entry made discreet, as a hidden identity's move is: the actor hears its own
        // sentence, everyone else a sentence for others of a hundred letters.
        let entry = |seat: u8, hidden: usize| {
            let secret = "s".repeat(hidden);
            let others = "o".repeat(100);
            format!(r#"{{"seat":{seat},"action":"{secret}","said":{{"to_actor":"{secret}","to_others":"{others}"}}}}"#)
        };
        let rewrite = "for i = 0, 599 do redis.call('LSET', KEYS[1], i, ARGV[i % 2 + 1]) end";
        let reply = redis_command(
            redis.port,
            &format!("EVAL \"{rewrite}\" 1 g:{{{}}}:played '{}' '{}'", table.game_id, entry(0, hidden), entry(1, 1)),
        )
        .unwrap();
        assert!(!reply.starts_with('-'), "{reply}");
        let spectator = record_of(&mut client, &table.game_id, None, 0).await;
        let black = record_of(&mut client, &table.game_id, Some(&table.tokens[1]), 0).await;
        let white = record_of(&mut client, &table.game_id, Some(&table.tokens[0]), 0).await;
        assert_eq!(spectator.played[0].said, "o".repeat(100));
        assert_eq!(white.played[0].said, "s".repeat(hidden));
        ends.push((spectator.next_from, black.next_from, white.next_from));
    }
    let (short, long) = (ends[0], ends[1]);
    assert!(short.0 > 0 && short.0 < 500, "the bytes end the page, not its 500 entries: {short:?}");
    assert_eq!((short.0, short.1), (long.0, long.1), "a spectator's and black's pages end alike in both games");
    assert!(long.2 < short.2, "white, who hears its own long sentences, gets fewer of them to a page");
}

/// The bytes Redis has sent to its clients so far.
fn net_output_bytes(port: u16) -> u64 {
    redis_stat(port, "total_net_output_bytes")
}

/// A counter of Redis's `INFO stats`.
fn redis_stat(port: u16, name: &str) -> u64 {
    let stats = redis_command(port, "INFO stats").unwrap();
    let line = stats.lines().find_map(|l| l.strip_prefix(name)?.strip_prefix(':')).unwrap();
    line.trim().parse().unwrap()
}

/// How many commands Redis has run that read or write a game (scripts, `HGET`, `XRANGE`, ...):
/// every command of `INFO commandstats` but the referee's own health check (`SET`, `INFO`) and
/// the connection's (`PING`, `HELLO`, `CLIENT`, `SELECT`).
fn game_commands(redis: &Redis) -> u64 {
    let health = ["set", "info", "ping", "hello", "client", "select", "command"];
    command_calls(redis.port)
        .into_iter()
        .filter(|(name, _)| !health.contains(&name.split('|').next().unwrap_or(name)))
        .map(|(_, calls)| calls)
        .sum()
}

/// The connections Redis has accepted so far.
fn connections(redis: &Redis) -> u64 {
    redis_stat(redis.port, "total_connections_received")
}

#[tokio::test(flavor = "multi_thread")]
async fn a_finished_game_is_read_again_from_what_the_referee_kept_without_loading_or_replaying_its_log() {
    let redis = Redis::start();
    let referee = Referee::start(&redis.url());
    let mut client = referee.client().await;
    let table = seat_everyone(&mut client, "chess", "").await;
    let mut seq = table.view.seq;
    for (i, action) in ["f2f3", "e7e5", "g2g4", "d8h4"].into_iter().enumerate() {
        seq = submit(&mut client, &table, i % 2, action, seq, &format!("m{i}")).await.unwrap().view.unwrap().seq;
    }
    let audit_of = async |client: &mut Client| {
        client.get_audit(pb::GetAuditRequest { game_id: table.game_id.clone() }).await.unwrap().into_inner()
    };
    // The first reads load the finished game and build its audit record, once.
    let spectator = get_view(&mut client, &table.game_id, None).await.unwrap();
    let audit = audit_of(&mut client).await;
    let (commands, connected) = (game_commands(&redis), connections(&redis));
    for _ in 0..10 {
        assert_eq!(get_view(&mut client, &table.game_id, None).await.unwrap(), spectator);
        let black = get_view(&mut client, &table.game_id, Some(&table.tokens[1])).await.unwrap();
        assert_eq!((black.seat, black.seq, black.status), (Some(1), seq, pb::GameStatus::Over as i32));
        assert_eq!(audit_of(&mut client).await, audit);
        // A live view of it: its last view, then the end (a stream's views do not say until
        // when they stay as they are; `GetView`'s does).
        let watch = pb::WatchGameRequest { game_id: table.game_id.clone(), after_seq: 0 };
        let mut stream = client.watch_game(watch).await.unwrap().into_inner();
        let last = pb::GameView { unchanged_until_ms: 0, ..spectator.clone() };
        assert_eq!(stream.message().await.unwrap().unwrap(), last);
        assert!(stream.message().await.unwrap().is_none());
    }
    assert_eq!(connections(&redis), connected + 1, "no live view of it opened a connection (only this count did)");
    assert_eq!(game_commands(&redis), commands, "no read of the finished game reached Redis again");
    // Each view is still built for its caller's token only.
    let refused = get_view(&mut client, &table.game_id, Some("AnotherGamesToken0123456789")).await.unwrap_err();
    assert_eq!(error_code(&refused), "bad_token");
    // A retry of the mating move is answered from the log, as the first time.
    let retry = submit(&mut client, &table, 1, "d8h4", seq - 1, "m3").await.unwrap();
    assert_eq!((retry.duplicate, retry.event_seq, retry.description.as_str()), (true, seq - 1, "Qh4#"));
    let (code, out) = verify(&audit_text(&audit));
    assert_eq!(code, 0, "{out}");
}

#[tokio::test(flavor = "multi_thread")]
async fn a_record_page_of_a_game_this_referee_moved_in_costs_redis_one_script_and_no_load() {
    let redis = Redis::start();
    let (keeper, other) = (Referee::start(&redis.url()), Referee::start(&redis.url()));
    let (mut client, mut fresh) = (keeper.client().await, other.client().await);
    let table = seat_everyone(&mut client, "chess", "").await;
    let mut seq = table.view.seq;
    for (i, action) in ["e2e4", "e7e5", "g1f3", "b8c6"].into_iter().enumerate() {
        seq = submit(&mut client, &table, i % 2, action, seq, &format!("m{i}")).await.unwrap().view.unwrap().seq;
    }
    // The page's script known to Redis first, as after any earlier page.
    record_of(&mut fresh, &table.game_id, None, 0).await;
    for token in [None, Some(table.tokens[0].as_str()), Some(table.tokens[1].as_str())] {
        let before = command_calls(redis.port);
        let page = record_of(&mut client, &table.game_id, token, 0).await;
        let after = command_calls(redis.port);
        let was = |name: &str| before.iter().find(|(n, _)| n == name).map_or(0, |(_, calls)| *calls);
        let grown: Vec<(&str, u64)> =
            after.iter().filter(|(name, calls)| *calls > was(name)).map(|(n, c)| (n.as_str(), c - was(n))).collect();
        // Commands a script calls count too: the page's own are LLEN, XLEN and LRANGE; a load's
        // would add its script and MGET, HGETALL, HMGET and XRANGE.
        let scripts = grown.iter().filter(|(name, _)| *name == "evalsha").map(|(_, n)| n).sum::<u64>();
        assert_eq!(scripts, 1, "the page's script only, no load of the game: {grown:?}");
        assert!(!grown.iter().any(|(name, _)| ["mget", "hgetall", "xrange"].contains(name)), "{grown:?}");
        assert_eq!(page.played.len(), 4);
        // Word for word what a referee that never saw the game reads from the log.
        assert_eq!(page, record_of(&mut fresh, &table.game_id, token, 0).await);
    }
    // A token of no seat is still refused.
    let request =
        authed(pb::GetRecordRequest { game_id: table.game_id.clone(), from: 0 }, "NoSeatsToken0123456789abcd");
    let refused = client.get_record(request).await.unwrap_err();
    assert_eq!(error_code(&refused), "bad_token");
}

#[tokio::test(flavor = "multi_thread")]
async fn readers_arriving_together_at_a_long_finished_game_replay_it_once_and_no_move_elsewhere_fails() {
    let redis = Redis::start();
    let first = Referee::start(&redis.url());
    let mut client = first.client().await;
    let table = seat_everyone(&mut client, "table-tools", r#"{"seats": 2}"#).await;
    take_turns(&mut client, &table, 300, "roll 1d6").await;
    let end = pb::EndGameRequest { game_id: table.game_id.clone() };
    client.end_game(authed(end, &table.host_token)).await.unwrap();
    // A referee that has never read it: 32 readers of its view and audit record at once, while
    // a bystander plays chess there.
    let referee = Referee::start(&redis.url());
    let mut bystander = referee.client().await;
    let chess = seat_everyone(&mut bystander, "chess", "").await;
    let mut readers = Vec::new();
    for i in 0..32 {
        let (mut reader, game_id) = (referee.client().await, table.game_id.clone());
        readers.push(tokio::spawn(async move {
            if i % 2 == 0 {
                reader.get_view(pb::GetViewRequest { game_id }).await.map(|_| ())
            } else {
                reader.get_audit(pb::GetAuditRequest { game_id }).await.map(|_| ())
            }
        }));
    }
    let mut seq = chess.view.seq;
    for (ply, action) in ["e2e4", "e7e5", "g1f3", "b8c6", "f1c4", "g8f6"].into_iter().enumerate() {
        let moved = submit(&mut bystander, &chess, ply % 2, action, seq, &format!("b{ply}")).await;
        seq = moved.unwrap_or_else(|e| panic!("{action}: {e:?}")).view.unwrap().seq;
    }
    for reader in readers {
        reader.await.unwrap().expect("every reader is answered");
    }
    let metrics = referee.metrics();
    let done = |kind: &str| metric(&metrics, &format!("referee_long_work_total{{kind=\"{kind}\"}}"));
    assert_eq!(done("replay"), 1.0, "the long log replayed once: {metrics}");
    assert_eq!(done("audit"), 1.0, "the audit record built once");
}

/// `action` played `turns` times by the two seats in turn: what each was told, and the last
/// view's `seq`.
async fn take_turns(client: &mut Client, table: &Table, turns: usize, action: &str) -> (Vec<String>, u64) {
    let (mut said, mut seq) = (Vec::new(), table.view.seq);
    for i in 0..turns {
        let r = submit(client, table, i % 2, action, seq, &format!("r{i}")).await.unwrap();
        said.push(r.description.clone());
        seq = r.view.unwrap().seq;
    }
    (said, seq)
}
