//! Faults under load, with the real processes: several games joined and played through two
//! referee replicas while one is killed (SIGKILL) during the joins, another during the moves,
//! and Redis is killed and restarted on its files. Clients do what the docs tell them: retry a
//! join with the same client key, a submit with the same idempotency key, on another replica.
//! Afterwards no acknowledged move is missing, every seat still answers to its token, no game
//! is stranded waiting, and every record passes `referee verify`.

mod support;

use referee_proto::v1 as pb;
use std::sync::{Arc, Mutex};
use std::time::Duration;
use support::*;

const GAMES: usize = 6;
const PLIES: usize = 12;

/// Where the replicas listen, shared with the clients; a killed replica's place is taken by
/// its replacement.
#[derive(Clone, Default)]
struct Endpoints(Arc<Mutex<Vec<String>>>);

impl Endpoints {
    async fn client(&self, turn: usize) -> Option<Client> {
        let endpoint = {
            let all = self.0.lock().unwrap();
            all[turn % all.len()].clone()
        };
        Client::connect(endpoint).await.ok()
    }
}

/// Calls `f` on one replica after another until it answers, as a client following the docs
/// does (UNAVAILABLE, a dropped connection: try again; any other refusal is a real answer).
async fn retried<T, F, Fut>(endpoints: &Endpoints, mut f: F) -> Result<T, tonic::Status>
where
    F: FnMut(Client) -> Fut,
    Fut: std::future::Future<Output = Result<T, tonic::Status>>,
{
    for turn in 0..200 {
        let Some(client) = endpoints.client(turn).await else {
            tokio::time::sleep(Duration::from_millis(50)).await;
            continue;
        };
        match f(client).await {
            Err(s) if matches!(s.code(), tonic::Code::Unavailable | tonic::Code::Unknown | tonic::Code::Internal) => {
                tokio::time::sleep(Duration::from_millis(50)).await;
            }
            other => return other,
        }
    }
    panic!("no replica answered in ten seconds");
}

#[tokio::test(flavor = "multi_thread")]
async fn games_joined_and_played_through_kills_of_the_referee_and_of_redis_lose_nothing() {
    let mut redis = Redis::start();
    let mut live = vec![Referee::start(&redis.url()), Referee::start(&redis.url())];
    let endpoints = Endpoints::default();
    *endpoints.0.lock().unwrap() = live.iter().map(Referee::endpoint).collect();
    let replace = |live: &mut Vec<Referee>, i: usize, redis: &Redis| {
        live[i].kill9();
        live[i] = Referee::start(&redis.url());
        endpoints.0.lock().unwrap()[i] = live[i].endpoint();
    };
    let referees = endpoints.clone();
    let mut created = Vec::new();
    for _ in 0..GAMES {
        let c = retried(&referees, |mut c| async move {
            let request = pb::CreateGameRequest { rules: "chess".into(), ..Default::default() };
            c.create_game(request).await.map(|r| r.into_inner())
        })
        .await
        .unwrap();
        created.push(c);
    }

    // Every seat joins at once, and a replica is killed while the joins are in flight.
    let mut joins = Vec::new();
    for (g, game) in created.iter().enumerate() {
        for seat in &game.seats {
            let request = pb::JoinGameRequest {
                game_id: game.game_id.clone(),
                join_code: seat.join_code.clone(),
                client_key: format!("phone-{g}-{}", seat.seat),
                ..Default::default()
            };
            let endpoints = endpoints.clone();
            joins.push(tokio::spawn(async move {
                retried(&endpoints, |mut c| {
                    let request = request.clone();
                    async move { c.join_game(request).await.map(|r| r.into_inner()) }
                })
                .await
            }));
        }
    }
    tokio::time::sleep(Duration::from_millis(3)).await;
    replace(&mut live, 0, &redis);
    let mut tokens: Vec<Vec<String>> = vec![Vec::new(); GAMES];
    for (i, join) in joins.into_iter().enumerate() {
        let joined = join.await.unwrap().unwrap_or_else(|e| panic!("join {i}: {e:?}"));
        tokens[i / 2].push(joined.token);
    }

    // Moves in every game at once, round after round; a replica is killed while one round's
    // moves are in flight, and Redis while another's are.
    let mut acknowledged: Vec<Vec<(u64, String)>> = vec![Vec::new(); GAMES];
    for ply in 0..PLIES {
        let mut moves = Vec::new();
        for (g, game) in created.iter().enumerate() {
            let (id, token, endpoints) = (game.game_id.clone(), tokens[g][ply % 2].clone(), endpoints.clone());
            moves.push(tokio::spawn(async move {
                let view = retried(&endpoints, |mut c| {
                    let request = authed(pb::GetViewRequest { game_id: id.clone() }, &token);
                    async move { c.get_view(request).await.map(|r| r.into_inner()) }
                })
                .await
                .unwrap();
                assert_eq!(view.status, pb::GameStatus::Active as i32, "game {g} is not stranded waiting");
                let action = legal_moves(&view).into_iter().find(|a| a.len() == 4).expect("a move to make");
                let request = pb::SubmitActionRequest {
                    game_id: id.clone(),
                    action,
                    expected_seq: view.seq,
                    idempotency_key: format!("{g}-{ply}"),
                    ..Default::default()
                };
                let submitted = retried(&endpoints, |mut c| {
                    let request = authed(request.clone(), &token);
                    async move { c.submit_action(request).await.map(|r| r.into_inner()) }
                })
                .await
                .unwrap_or_else(|e| panic!("game {g} ply {ply}: {e:?}"));
                (submitted.event_seq, submitted.action)
            }));
        }
        if ply == PLIES / 3 {
            tokio::time::sleep(Duration::from_millis(2)).await;
            replace(&mut live, 1, &redis);
        }
        if ply == 2 * PLIES / 3 {
            tokio::time::sleep(Duration::from_millis(2)).await;
            redis.crash_and_restart();
        }
        for (g, m) in moves.into_iter().enumerate() {
            acknowledged[g].push(m.await.unwrap());
        }
    }

    // Every acknowledged move is in every record, every seat answers, every record verifies.
    for (g, game) in created.iter().enumerate() {
        let id = game.game_id.clone();
        for (seat, token) in tokens[g].iter().enumerate() {
            let view = retried(&referees, |mut c| {
                let request = authed(pb::GetViewRequest { game_id: id.clone() }, token);
                async move { c.get_view(request).await.map(|r| r.into_inner()) }
            })
            .await
            .unwrap();
            assert_eq!(view.seat, Some(seat as u32), "game {g}: seat {seat} still answers to its token");
        }
        let last = acknowledged[g].last().unwrap().0 + 1;
        let resign = pb::SubmitActionRequest {
            game_id: id.clone(),
            action: "resign".into(),
            expected_seq: last,
            idempotency_key: format!("{g}-resign"),
            ..Default::default()
        };
        retried(&referees, |mut c| {
            let request = authed(resign.clone(), &tokens[g][0]);
            async move { c.submit_action(request).await.map(|r| r.into_inner()) }
        })
        .await
        .unwrap();
        let audit = retried(&referees, |mut c| {
            let request = pb::GetAuditRequest { game_id: id.clone() };
            async move { c.get_audit(request).await.map(|r| r.into_inner()) }
        })
        .await
        .unwrap();
        let text = audit_text(&audit);
        let record: serde_json::Value = serde_json::from_str(&text).unwrap();
        for (seq, action) in &acknowledged[g] {
            assert_eq!(record["events"][*seq as usize]["action"], action.as_str(), "game {g}: event {seq} kept");
        }
        let (code, out) = verify(&text);
        assert_eq!(code, 0, "game {g}: {out}");
    }
}
