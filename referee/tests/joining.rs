//! Taking seats against the real referee and Redis: retried and interrupted joins, entropy
//! committed and revealed, wrong codes counted per address, limits and expiry.

#[path = "support/relink.rs"]
mod relink;
mod support;

use referee_proto::v1 as pb;
use relink::*;
use serde_json::Value;
use sha2::{Digest, Sha256};
use std::time::Duration;
use support::*;
use tonic::Code;
use tonic_types::StatusExt;

fn join(game_id: &str, code: &str) -> pb::JoinGameRequest {
    pb::JoinGameRequest { game_id: game_id.into(), join_code: code.into(), ..Default::default() }
}

/// A join request as sent from `address` (what the gateway forwards for its client).
fn from_address<T>(message: T, address: &str) -> tonic::Request<T> {
    let mut request = tonic::Request::new(message);
    request.metadata_mut().insert("x-client-address", address.parse().unwrap());
    request
}

#[tokio::test(flavor = "multi_thread")]
async fn a_retried_join_gets_the_same_seat_and_token_and_an_interrupted_start_is_finished_by_the_next_call() {
    let redis = Redis::start();
    let referee = Referee::start(&redis.url());
    let mut client = referee.client().await;
    let created = create(&mut client, "chess", "").await;
    let id = created.game_id.clone();
    let white_join = pb::JoinGameRequest {
        client_key: "phone-a-3f9c1e".into(),
        name: "Ada".into(),
        ..join(&id, &created.seats[0].join_code)
    };
    let first = client.join_game(white_join.clone()).await.unwrap().into_inner();
    // The answer was lost on the way: the same join again gets the same seat and token.
    let again = client.join_game(white_join.clone()).await.unwrap().into_inner();
    assert_eq!((again.seat, &again.token), (first.seat, &first.token));
    // The same code with another client key is someone else: the seat is taken.
    let other = pb::JoinGameRequest { client_key: "phone-b".into(), ..white_join.clone() };
    let taken = client.join_game(other).await.unwrap_err();
    assert_eq!((taken.code(), error_code(&taken).as_str()), (Code::FailedPrecondition, "seat_taken"));
    assert!(taken.message().contains("Seat 1"), "{}", taken.message());

    let black_join = pb::JoinGameRequest { client_key: "phone-b-77".into(), ..join(&id, &created.seats[1].join_code) };
    let black = client.join_game(black_join.clone()).await.unwrap().into_inner();
    assert_eq!(black.view.as_ref().unwrap().status, pb::GameStatus::Active as i32);
    assert_eq!(black.view.as_ref().unwrap().names, ["Ada", ""]);
    // A crash between the last claim and the start event: simulated by removing the start.
    let events = format!("g:{{{id}}}:events");
    assert_eq!(redis_command(redis.port, &format!("DEL {events}")).as_deref(), Some(":1\r\n"));
    let stranded = redis_command(redis.port, &format!("XLEN {events}"));
    assert_eq!(stranded.as_deref(), Some(":0\r\n"), "the game has every seat but no start");
    // Whoever comes next (here the retried last join) records the start.
    let retried = client.join_game(black_join).await.unwrap().into_inner();
    assert_eq!(retried.token, black.token);
    let view = retried.view.unwrap();
    assert_eq!((view.status, view.seq), (pb::GameStatus::Active as i32, 1));
    // A plain view of a complete table starts it too.
    assert_eq!(redis_command(redis.port, &format!("DEL {events}")).as_deref(), Some(":1\r\n"));
    let view = get_view(&mut client, &id, None).await.unwrap();
    assert_eq!((view.status, view.seq), (pb::GameStatus::Active as i32, 1));
    // And the seats play on with their tokens.
    let table = Table {
        game_id: id.clone(),
        host_token: created.host_token,
        commitment: created.commitment,
        tokens: vec![first.token, black.token],
        view,
    };
    // Text no notation uses is refused in words, never answered with a server error.
    for odd in ["\u{202e}e2e4", "eé2e4", "e2e4\u{200b}"] {
        let refused = submit(&mut client, &table, 1, odd, 1, "odd").await.unwrap_err();
        assert_eq!((refused.code(), error_code(&refused).as_str()), (Code::InvalidArgument, "bad_notation"), "{odd:?}");
    }
    submit(&mut client, &table, 0, "e2e4", 1, "m1").await.unwrap();
}

#[tokio::test(flavor = "multi_thread")]
async fn a_name_that_would_hide_or_disguise_itself_on_the_table_is_refused() {
    let redis = Redis::start();
    let referee = Referee::start(&redis.url());
    let mut client = referee.client().await;
    let created = create(&mut client, "chess", "").await;
    for name in ["\u{202e}adA", "Ada\nBob", "A\u{200b}da", "Ada\u{2066}", "\u{7}"] {
        let request = pb::JoinGameRequest { name: name.into(), ..join(&created.game_id, &created.seats[0].join_code) };
        let refused = client.join_game(request).await.unwrap_err();
        assert_eq!((refused.code(), error_code(&refused).as_str()), (Code::InvalidArgument, "bad_name"), "{name:?}");
    }
    let request =
        pb::JoinGameRequest { name: "Zoë Ødegård".into(), ..join(&created.game_id, &created.seats[0].join_code) };
    client.join_game(request).await.expect("letters of any language are names");
}

#[tokio::test(flavor = "multi_thread")]
async fn entropy_committed_at_joining_is_revealed_after_everyone_joined_and_checked_by_the_verifier() {
    let redis = Redis::start();
    let referee = Referee::start(&redis.url());
    let mut client = referee.client().await;
    let created = create(&mut client, "chess960", "").await;
    let id = created.game_id.clone();
    let secrets = [b"white's 32 random bytes.........".to_vec(), b"black's own randomness".to_vec()];
    let mut tokens = Vec::new();
    for (seat, secret) in secrets.iter().enumerate() {
        let request = pb::JoinGameRequest {
            entropy_commitment: Sha256::digest(secret).to_vec(),
            ..join(&id, &created.seats[seat].join_code)
        };
        let joined = client.join_game(request).await.unwrap().into_inner();
        tokens.push(joined.token);
        if seat == 0 {
            // Revealing before everyone has committed would let the last to join choose.
            let early = client
                .reveal_entropy(authed(
                    pb::RevealEntropyRequest { game_id: id.clone(), entropy: secret.clone() },
                    &tokens[0],
                ))
                .await
                .unwrap_err();
            assert_eq!(error_code(&early), "waiting_for_players");
        }
    }
    let view = get_view(&mut client, &id, None).await.unwrap();
    assert_eq!(view.status, pb::GameStatus::Waiting as i32, "nothing is drawn before every reveal");
    assert_eq!(view.awaiting_reveal, [0, 1]);
    let reveal = |seat: usize, entropy: &[u8]| {
        authed(pb::RevealEntropyRequest { game_id: id.clone(), entropy: entropy.to_vec() }, &tokens[seat])
    };
    let wrong = client.reveal_entropy(reveal(0, b"something else")).await.unwrap_err();
    assert_eq!((wrong.code(), error_code(&wrong).as_str()), (Code::InvalidArgument, "bad_entropy"));
    let after_one = client.reveal_entropy(reveal(0, &secrets[0])).await.unwrap().into_inner();
    assert_eq!((after_one.status, after_one.awaiting_reveal.clone()), (pb::GameStatus::Waiting as i32, vec![1]));
    client.reveal_entropy(reveal(0, &secrets[0])).await.expect("revealing the same again is harmless");
    let started = client.reveal_entropy(reveal(1, &secrets[1])).await.unwrap().into_inner();
    assert_eq!((started.status, started.seq), (pb::GameStatus::Active as i32, 1));

    let table = Table {
        game_id: id.clone(),
        host_token: created.host_token,
        commitment: created.commitment,
        tokens,
        view: started,
    };
    submit(&mut client, &table, 0, "resign", 1, "r").await.unwrap();
    let audit = client.get_audit(pb::GetAuditRequest { game_id: id.clone() }).await.unwrap().into_inner();
    let record: Value = serde_json::from_str(&audit_text(&audit)).unwrap();
    let hex = |b: &[u8]| b.iter().map(|x| format!("{x:02x}")).collect::<String>();
    assert_eq!(record["entropy"][1], hex(&secrets[1]));
    assert_eq!(record["entropy_commitments"][1], hex(&Sha256::digest(&secrets[1])));
    let (code, out) = verify(&record.to_string());
    assert_eq!(code, 0, "{out}");
    assert!(out.contains("seat 2's revealed entropy matches its commitment: ok"), "{out}");
    // A record whose revealed entropy was swapped after the fact fails: the start recorded
    // other entropy, and where that is swapped too, the entropy no longer opens its commitment.
    let mut tampered = record.clone();
    tampered["entropy"][1] = Value::from(hex(b"chosen later"));
    let (code, out) = verify(&tampered.to_string());
    assert_eq!(code, 1, "{out}");
    assert!(out.contains("FAILED: the entropy the start recorded differs from the record's entropy"), "{out}");
    tampered["events"][0]["entropy"][1] = Value::from(hex(b"chosen later"));
    let (code, out) = verify(&tampered.to_string());
    assert_eq!(code, 1, "{out}");
    assert!(out.contains("FAILED: seat 2's revealed entropy hashes to"), "{out}");
    // Blanking the commitment everywhere and recomputing the links holds together, but not
    // through the link the phones kept after the start.
    let mut blanked = record.clone();
    blanked["entropy_commitments"][1] = Value::from("");
    blanked["events"][0]["seats"][1]["entropy_commitment"] = Value::from("");
    let mut blanked: referee::audit::AuditRecord = serde_json::from_value(blanked).unwrap();
    relink(&mut blanked);
    let text = serde_json::to_string(&blanked).unwrap();
    assert_eq!(verify(&text).0, 0, "consistent by itself");
    let kept = checkpoint_args(&[(table.view.seq, table.view.chain.clone())]);
    let (code, out) = verify_args(&text, &kept.iter().map(String::as_str).collect::<Vec<_>>());
    assert!(code == 1 && out.contains("FAILED: the checkpoint after 1 events was"), "{out}");
}

#[tokio::test(flavor = "multi_thread")]
async fn wrong_join_codes_are_counted_per_address_so_a_guesser_cannot_lock_players_out() {
    let redis = Redis::start();
    let referee = Referee::start(&redis.url());
    let mut client = referee.client().await;
    let created = create(&mut client, "chess", "").await;
    let id = created.game_id.clone();
    let mut last = String::new();
    for i in 0..25 {
        let guess = client.join_game(from_address(join(&id, &format!("GUES-{i:04}")), "203.0.113.9")).await;
        last = error_code(&guess.unwrap_err());
    }
    assert_eq!(last, "too_many_attempts", "the guesser is stopped");
    let locked = client.join_game(from_address(join(&id, &created.seats[0].join_code), "203.0.113.9")).await;
    assert_eq!(error_code(&locked.unwrap_err()), "too_many_attempts", "even with a right code");
    // The players, at other addresses, still join with their codes.
    let player = client.join_game(from_address(join(&id, &created.seats[0].join_code), "198.51.100.7")).await;
    assert_eq!(player.unwrap().into_inner().seat, 0);
    // The store keeps only keyed hashes of the codes: the plain SHA-256 of a code is not there.
    let header = redis_command(redis.port, &format!("GET g:{{{id}}}:header")).unwrap();
    let code: String = created.seats[1].join_code.chars().filter(|c| *c != '-').collect();
    let plain = Sha256::digest(code.as_bytes()).iter().map(|b| format!("{b:02x}")).collect::<String>();
    assert!(header.contains("\"keyed_codes\":true") && !header.contains(&plain), "{header}");
}

#[tokio::test(flavor = "multi_thread")]
async fn a_guesser_is_told_to_wait_as_long_as_the_window_that_refuses_it_has_left_not_a_whole_one() {
    let redis = Redis::start();
    let referee = Referee::start_with(&redis.url(), &[("REFEREE_JOIN_FAILURES_PER_ADDRESS", "3")]);
    let mut client = referee.client().await;
    let created = create(&mut client, "chess", "").await;
    let id = created.game_id.clone();
    let guess = |n: usize| from_address(join(&id, &format!("GUES-{n:04}")), "203.0.113.9");
    for n in 0..3 {
        assert_eq!(error_code(&client.join_game(guess(n)).await.unwrap_err()), "bad_join_code");
    }
    // Four minutes and a half of the address's window have gone by.
    redis_command(redis.port, "PEXPIRE limit:joinfail:203.0.113.9 330000").unwrap();
    let refused = client.join_game(guess(3)).await.unwrap_err();
    assert_eq!(error_code(&refused), "too_many_attempts");
    let wait = refused.get_details_retry_info().and_then(|r| r.retry_delay).expect("a time to wait");
    assert!(
        (Duration::from_millis(328_000)..=Duration::from_millis(330_000)).contains(&wait),
        "the window's own time left, to the millisecond: {wait:?}"
    );
    assert!(refused.message().ends_with("try again in 6 minutes."), "{}", refused.message());
    // A few seconds left: a minute, in words; the exact time in the retry information.
    redis_command(redis.port, "PEXPIRE limit:joinfail:203.0.113.9 2500").unwrap();
    let refused = client.join_game(guess(4)).await.unwrap_err();
    let wait = refused.get_details_retry_info().and_then(|r| r.retry_delay).unwrap();
    assert!((Duration::from_millis(1000)..=Duration::from_millis(2500)).contains(&wait), "{wait:?}");
    assert!(refused.message().ends_with("try again in a minute."), "{}", refused.message());
}

#[tokio::test(flavor = "multi_thread")]
async fn a_guesser_who_must_wait_is_refused_before_the_game_is_read() {
    let redis = Redis::start();
    let referee = Referee::start(&redis.url());
    let mut client = referee.client().await;
    let created = create(&mut client, "chess", "").await;
    let id = created.game_id.clone();
    let guess = |n: usize| from_address(join(&id, &format!("GUES-{n:04}")), "203.0.113.9");
    let mut n = 0;
    while error_code(&client.join_game(guess(n)).await.unwrap_err()) != "too_many_attempts" {
        n += 1;
        assert!(n < 100, "the guesser is stopped");
    }
    // Games are read by scripts (a load is one EVALSHA); a refused guess only reads its
    // counters, with plain GETs.
    let scripts_run = || {
        command_calls(redis.port)
            .into_iter()
            .filter(|(name, _)| name.starts_with("eval"))
            .map(|(_, calls)| calls)
            .sum::<u64>()
    };
    let before = scripts_run();
    for n in 100..120 {
        assert_eq!(error_code(&client.join_game(guess(n)).await.unwrap_err()), "too_many_attempts");
    }
    assert_eq!(scripts_run(), before, "twenty refused guesses read no game");
    // A join that may be a retry (it has a client key) is still recognised: the game is read.
    let retry = pb::JoinGameRequest { client_key: "guesser-key".into(), ..join(&id, "GUES-9999") };
    assert_eq!(
        error_code(&client.join_game(from_address(retry, "203.0.113.9")).await.unwrap_err()),
        "too_many_attempts"
    );
    assert!(scripts_run() > before);
}

#[tokio::test(flavor = "multi_thread")]
async fn creation_and_events_are_limited_and_left_games_expire() {
    let redis = Redis::start();
    let settings = [
        ("REFEREE_CREATES_PER_ADDRESS", "3"),
        ("REFEREE_MAX_EVENTS", "4"),
        ("REFEREE_KEEP_WAITING", "2"),
        ("REFEREE_KEEP_PLAYING", "3600"),
    ];
    let referee = Referee::start_with(&redis.url(), &settings);
    let mut client = referee.client().await;
    let make = || pb::CreateGameRequest { rules: "table-tools".into(), ..Default::default() };
    for _ in 0..3 {
        client.create_game(from_address(make(), "192.0.2.1")).await.unwrap();
    }
    let refused = client.create_game(from_address(make(), "192.0.2.1")).await.unwrap_err();
    assert_eq!((refused.code(), error_code(&refused).as_str()), (Code::ResourceExhausted, "limit_reached"));
    client.create_game(from_address(make(), "192.0.2.2")).await.expect("another address may create");

    // A game may not grow without bound: rolls stop at the configured number of events.
    let table = seat_everyone(&mut client, "table-tools", "").await;
    let mut seq = table.view.seq;
    let mut refusal = None;
    for i in 0..5 {
        match submit(&mut client, &table, 0, "roll 1d6", seq, &format!("r{i}")).await {
            Ok(s) => seq = s.view.unwrap().seq,
            Err(e) => {
                refusal = Some(e);
                break;
            }
        }
    }
    let refusal = refusal.expect("the fifth event is refused");
    assert_eq!((refusal.code(), error_code(&refusal).as_str()), (Code::ResourceExhausted, "limit_reached"));
    assert_eq!(seq, 4);
    // Every key of a game in play is kept for the playing time; a waiting game for its own.
    // (The joins stream went with the first event.)
    let ttl = |key: String| {
        let reply = redis_command(redis.port, &format!("TTL {key}")).unwrap();
        reply.trim().trim_start_matches(':').parse::<i64>().unwrap()
    };
    for part in ["header", "seed", "seats", "events", "idem"] {
        let left = ttl(format!("g:{{{}}}:{part}", table.game_id));
        assert!((3000..=3600).contains(&left), "{part}: {left}");
    }
    let waiting = client.create_game(from_address(make(), "192.0.2.3")).await.unwrap().into_inner();
    assert!((1..=2).contains(&ttl(format!("g:{{{}}}:header", waiting.game_id))));
    tokio::time::sleep(std::time::Duration::from_millis(3100)).await;
    let gone = get_view(&mut client, &waiting.game_id, None).await.unwrap_err();
    assert_eq!(gone.code(), Code::NotFound, "a game nobody joined is gone after its time");
    assert!(get_view(&mut client, &table.game_id, None).await.is_ok(), "a game in play is kept");
}

#[tokio::test(flavor = "multi_thread")]
async fn wrong_codes_lock_a_game_for_ten_minutes_at_most_and_never_lock_out_a_join_that_went_through() {
    let redis = Redis::start();
    let referee = Referee::start_with(&redis.url(), &[("REFEREE_JOIN_FAILURES_PER_GAME", "30")]);
    let mut client = referee.client().await;
    let created = create(&mut client, "chess", "").await;
    let id = created.game_id.clone();
    let ada = pb::JoinGameRequest { client_key: "ada-phone-5e1f".into(), ..join(&id, &created.seats[0].join_code) };
    let first = client.join_game(ada.clone()).await.unwrap().into_inner();
    // Guessers from three addresses use up the game's window of wrong codes.
    for i in 0..30 {
        let mut request = tonic::Request::new(join(&id, &format!("GUES-{i:04}")));
        request.metadata_mut().insert("x-client-address", format!("10.0.0.{}", i % 3).parse().unwrap());
        let refused = client.join_game(request).await.unwrap_err();
        assert_eq!(error_code(&refused), "bad_join_code");
    }
    let guesser = from_address(join(&id, &created.seats[1].join_code), "10.0.0.1");
    let locked = client.join_game(guesser).await.unwrap_err();
    assert_eq!(error_code(&locked), "too_many_attempts");
    assert!(locked.message().ends_with("try again in 10 minutes."), "{}", locked.message());
    // Ada's phone, whose answer was lost, gets its seat and token back all the same.
    let again = client.join_game(ada).await.unwrap().into_inner();
    assert_eq!((again.seat, again.token), (first.seat, first.token));
    // The lock ends ten minutes after the first wrong code, whatever the game does meanwhile.
    get_view(&mut client, &id, None).await.unwrap();
    let ttl = redis_command(redis.port, &format!("TTL g:{{{id}}}:joinfail")).unwrap();
    let ttl: i64 = ttl.trim().trim_start_matches(':').parse().unwrap();
    assert!((1..=600).contains(&ttl), "the window is never renewed: {ttl}");
}

#[tokio::test(flavor = "multi_thread")]
async fn a_game_locked_by_guessers_still_takes_its_right_code_and_guessers_stay_locked_out() {
    let redis = Redis::start();
    let referee = Referee::start_with(&redis.url(), &[("REFEREE_JOIN_FAILURES_PER_GAME", "30")]);
    let mut client = referee.client().await;
    let created = create(&mut client, "chess", "").await;
    let id = created.game_id.clone();
    // Ten guessers, each under its own limit of wrong codes, lock the game.
    for i in 0..30 {
        let guess = from_address(join(&id, &format!("GUES-{i:04}")), &format!("2001:db8:{}::7", i % 10));
        assert_eq!(error_code(&client.join_game(guess).await.unwrap_err()), "bad_join_code");
    }
    let guesser = from_address(join(&id, &created.seats[0].join_code), "2001:db8:3::7");
    assert_eq!(error_code(&client.join_game(guesser).await.unwrap_err()), "too_many_attempts");
    // The players, from addresses that sent no wrong code, join with their codes all the same.
    for (seat, address) in [(0, "198.51.100.7"), (1, "198.51.100.8")] {
        let player = from_address(join(&id, &created.seats[seat].join_code), address);
        assert_eq!(client.join_game(player).await.expect("a right code goes through").into_inner().seat, seat as u32);
    }
    // A new guesser gets two tries there (a player may mistype once), then waits.
    let guess = |n: u32| from_address(join(&id, &format!("LATE-{n:04}")), "203.0.113.50");
    assert_eq!(error_code(&client.join_game(guess(1)).await.unwrap_err()), "bad_join_code");
    assert_eq!(error_code(&client.join_game(guess(2)).await.unwrap_err()), "bad_join_code");
    assert_eq!(error_code(&client.join_game(guess(3)).await.unwrap_err()), "too_many_attempts");
}

#[tokio::test(flavor = "multi_thread")]
async fn a_creation_retried_with_its_client_key_gets_the_same_game_not_a_second_one() {
    let redis = Redis::start();
    let referee = Referee::start(&redis.url());
    let mut client = referee.client().await;
    let make =
        |key: &str| pb::CreateGameRequest { rules: "chess".into(), client_key: key.into(), ..Default::default() };
    let first = client.create_game(make("host-phone-9c2e")).await.unwrap().into_inner();
    // The answer was lost; the same creation again.
    let again = client.create_game(make("host-phone-9c2e")).await.unwrap().into_inner();
    assert_eq!(
        (&again.game_id, &again.host_token, &again.commitment),
        (&first.game_id, &first.host_token, &first.commitment)
    );
    assert_eq!(again.seats, first.seats, "the same join codes");
    // The codes work, once; another key is another game.
    client.join_game(join(&first.game_id, &first.seats[0].join_code)).await.unwrap();
    let other = client.create_game(make("another-key")).await.unwrap().into_inner();
    assert_ne!(other.game_id, first.game_id);
    let games = redis_command(redis.port, "KEYS g:*:header").unwrap();
    assert_eq!(games.matches(":header").count(), 2, "two games, not three: {games}");
}

#[tokio::test(flavor = "multi_thread")]
async fn a_table_never_waits_for_ever_for_a_closed_phone_it_starts_without_that_seats_share() {
    let redis = Redis::start();
    let referee = Referee::start_with(&redis.url(), &[("REFEREE_REVEAL_WAIT", "1")]);
    let mut client = referee.client().await;
    let created = create(&mut client, "chess960", "").await;
    let id = created.game_id.clone();
    let secrets = [b"white's 32 random bytes.........".to_vec(), b"black's phone was closed".to_vec()];
    let mut tokens = Vec::new();
    let before = std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH).unwrap().as_millis() as u64;
    for (seat, secret) in secrets.iter().enumerate() {
        let request = pb::JoinGameRequest {
            entropy_commitment: Sha256::digest(secret).to_vec(),
            ..join(&id, &created.seats[seat].join_code)
        };
        tokens.push(client.join_game(request).await.unwrap().into_inner().token);
    }
    let reveal = pb::RevealEntropyRequest { game_id: id.clone(), entropy: secrets[0].clone() };
    let waiting = client.reveal_entropy(authed(reveal, &tokens[0])).await.unwrap().into_inner();
    assert_eq!((waiting.status, waiting.awaiting_reveal.clone()), (pb::GameStatus::Waiting as i32, vec![1]));
    let deadline = waiting.reveal_deadline_ms;
    assert!((before + 1_000..before + 3_000).contains(&deadline), "a second after the last join: {deadline}");

    tokio::time::sleep(std::time::Duration::from_millis(1_100)).await;
    let started = get_view(&mut client, &id, Some(&tokens[0])).await.unwrap();
    assert_eq!((started.status, started.seq), (pb::GameStatus::Active as i32, 1), "started by the first call after");
    assert_eq!((started.awaiting_reveal.len(), started.reveal_deadline_ms), (0, 0));
    let late = pb::RevealEntropyRequest { game_id: id.clone(), entropy: secrets[1].clone() };
    // A phone that wakes up late reveals by itself: it is answered with the game as started,
    // and its entropy changes nothing.
    let woke = client.reveal_entropy(authed(late, &tokens[1])).await.unwrap().into_inner();
    assert_eq!((woke.status, woke.seq), (pb::GameStatus::Active as i32, 1));

    let table = Table {
        game_id: id.clone(),
        host_token: created.host_token,
        commitment: created.commitment,
        tokens,
        view: started,
    };
    submit(&mut client, &table, 0, "resign", 1, "r").await.unwrap();
    let audit = client.get_audit(pb::GetAuditRequest { game_id: id.clone() }).await.unwrap().into_inner();
    let record: Value = serde_json::from_str(&audit_text(&audit)).unwrap();
    assert_eq!(record["entropy"][1], "", "recorded as none");
    let (code, out) = verify(&record.to_string());
    assert_eq!(code, 0, "{out}");
    assert!(out.contains("warning: seat 2 committed to entropy and had not revealed it"), "{out}");
    assert!(out.contains("seat 1's revealed entropy matches its commitment: ok"), "{out}");
}

#[tokio::test(flavor = "multi_thread")]
async fn the_referees_sentences_say_numbered_seats_by_the_names_their_players_gave() {
    let redis = Redis::start();
    let referee = Referee::start(&redis.url());
    let mut client = referee.client().await;
    let created = create(&mut client, "table-tools", r#"{"seats": 3}"#).await;
    let id = created.game_id.clone();
    let mut tokens = Vec::new();
    let mut view = None;
    for (seat, name) in ["Ann", "Bob", ""].iter().enumerate() {
        let request = pb::JoinGameRequest { name: name.to_string(), ..join(&id, &created.seats[seat].join_code) };
        let joined = client.join_game(request).await.unwrap().into_inner();
        tokens.push(joined.token);
        view = joined.view;
    }
    let table = Table {
        game_id: id.clone(),
        host_token: created.host_token,
        commitment: created.commitment,
        tokens,
        view: view.unwrap(),
    };
    let mut seq = table.view.seq;
    for (seat, key) in [(0, "a"), (1, "b"), (2, "c")] {
        seq = submit(&mut client, &table, seat, "roll 1d6", seq, key).await.unwrap().view.unwrap().seq;
    }
    let seen = get_view(&mut client, &id, None).await.unwrap();
    let said: Vec<String> = view_json(&seen)["played"]
        .as_array()
        .unwrap()
        .iter()
        .map(|p| p["said"].as_str().unwrap().to_string())
        .collect();
    assert!(said.iter().any(|s| s.starts_with("Ann rolled")), "{said:?}");
    assert!(said.iter().any(|s| s.starts_with("Bob rolled")), "{said:?}");
    assert!(said.iter().any(|s| s.starts_with("Seat 3 rolled")), "a seat without a name keeps its number: {said:?}");
    let record = client.get_record(pb::GetRecordRequest { game_id: id.clone(), from: 0 }).await.unwrap().into_inner();
    assert!(record.played.iter().any(|p| p.said.starts_with("Ann rolled")), "{:?}", record.played);
    // The record as chained keeps the referee's own words: what the audit checks is unchanged.
    submit(&mut client, &table, 0, "end", seq, "end").await.unwrap();
    let audit = client.get_audit(pb::GetAuditRequest { game_id: id.clone() }).await.unwrap().into_inner();
    assert!(audit_text(&audit).contains("Seat 1 rolled"), "{}", audit_text(&audit));
}

#[tokio::test(flavor = "multi_thread")]
async fn a_game_that_draws_nothing_starts_when_its_seats_have_joined_without_waiting_for_their_shares() {
    let redis = Redis::start();
    let referee = Referee::start(&redis.url());
    let mut client = referee.client().await;
    let created = create(&mut client, "chess", "").await;
    let id = created.game_id.clone();
    let secrets = [b"white's sealed words".to_vec(), b"black's sealed words".to_vec()];
    let (tokens, started) = join_committed(&mut client, &created, &secrets).await;
    // Chess draws nothing: the last join starts it, and nobody waits for a reveal.
    assert_eq!((started.status, started.seq), (pb::GameStatus::Active as i32, 1));
    assert_eq!((started.awaiting_reveal.len(), started.reveal_deadline_ms), (0, 0));
    // A phone that reveals anyway changes nothing.
    let reveal = pb::RevealEntropyRequest { game_id: id.clone(), entropy: secrets[0].clone() };
    let answered = client.reveal_entropy(authed(reveal, &tokens[0])).await.unwrap().into_inner();
    assert_eq!((answered.status, answered.seq), (pb::GameStatus::Active as i32, 1));

    // Table tools draws: with the same joins it waits for the shares.
    let tools = create(&mut client, "table-tools", r#"{"seats": 2}"#).await;
    let (_, waiting) = join_committed(&mut client, &tools, &secrets).await;
    assert_eq!((waiting.status, waiting.awaiting_reveal.clone()), (pb::GameStatus::Waiting as i32, vec![0, 1]));

    // The record keeps the seals, no shares, and the verifier says why without a warning.
    let table = Table {
        game_id: id.clone(),
        host_token: created.host_token,
        commitment: created.commitment,
        tokens,
        view: started,
    };
    submit(&mut client, &table, 0, "resign", 1, "r").await.unwrap();
    let audit = client.get_audit(pb::GetAuditRequest { game_id: id }).await.unwrap().into_inner();
    let record: Value = serde_json::from_str(&audit_text(&audit)).unwrap();
    let hex = |b: &[u8]| b.iter().map(|x| format!("{x:02x}")).collect::<String>();
    assert_eq!((record["entropy"][0].as_str(), record["entropy"][1].as_str()), (Some(""), Some("")));
    assert_eq!(record["entropy_commitments"][1], hex(&Sha256::digest(&secrets[1])));
    let (code, out) = verify(&record.to_string());
    assert_eq!(code, 0, "{out}");
    assert!(out.contains("seat 2 sealed entropy when joining; this game draws nothing"), "{out}");
    assert!(!out.contains("had not revealed"), "no seat is said to have failed to reveal: {out}");
}

/// Every seat of `created` joined in turn, each committing to its secret: the seats' tokens
/// and the last join's view.
async fn join_committed(
    client: &mut Client,
    created: &pb::CreateGameResponse,
    secrets: &[Vec<u8>],
) -> (Vec<String>, pb::GameView) {
    let (mut tokens, mut last) = (Vec::new(), None);
    for (seat, secret) in secrets.iter().enumerate() {
        let request = pb::JoinGameRequest {
            entropy_commitment: Sha256::digest(secret).to_vec(),
            ..join(&created.game_id, &created.seats[seat].join_code)
        };
        let joined = client.join_game(request).await.unwrap().into_inner();
        tokens.push(joined.token);
        last = joined.view;
    }
    (tokens, last.expect("every join answers with a view"))
}
