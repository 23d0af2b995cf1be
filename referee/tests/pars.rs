//! Pars against the real referee: a finished Chess Golf hole's par is proven once, kept with
//! the game and read back after; and a long search runs apart, so other games are answered
//! while it works.

mod support;

use referee_proto::v1 as pb;
use support::*;

/// The seed's first example: the white king and the black bishops, par 3.
const FIRST: &str = "2B3R1/5k2/1r1n1N2/1r2b3/R5q1/1B1n1N2/b6K/5Q2";
/// The book's Problem 1 (two black bishops): solved in six, far beyond what a breadth-first
/// search proves within its budget, so the search runs to the end of it.
const PROBLEM_1: &str = "3R2b1/1Q3K1N/3R4/b5n1/N6B/3n2k1/1B2q2r/1r6";

async fn pars(client: &mut Client, game_id: &str) -> Vec<pb::Par> {
    client.get_pars(pb::GetParsRequest { game_id: game_id.into() }).await.unwrap().into_inner().pars
}

/// A two-player round on `layout` whose first hole is `chosen`, with the hole already over
/// (both players said impossible).
async fn finished_hole(client: &mut Client, layout: &str, chosen: &str) -> Table {
    let options = format!(r#"{{"players": 2, "holes": 2, "layout": "{layout}", "first_hole": "{chosen}"}}"#);
    let table = seat_everyone(client, "chess-golf", &options).await;
    for seat in 0..2 {
        submit(client, &table, seat, "bid 0", table.view.seq, &format!("bid{seat}")).await.unwrap();
    }
    table
}

#[tokio::test(flavor = "multi_thread")]
async fn a_finished_holes_par_is_proven_once_and_kept_with_the_game() {
    let redis = Redis::start();
    let referee = Referee::start(&redis.url());
    let mut client = referee.client().await;
    let waiting = seat_everyone(&mut client, "chess-golf", r#"{"players": 2}"#).await;
    assert!(pars(&mut client, &waiting.game_id).await.is_empty(), "no par before a hole is over");

    let table = finished_hole(&mut client, FIRST, "Kb").await;
    let first = pars(&mut client, &table.game_id).await;
    assert_eq!(first.len(), 1);
    let par = &first[0];
    assert_eq!((par.puzzle.as_str(), par.title.as_str()), ("hole-1", "Hole 1: white king, black bishop"));
    assert_eq!((par.kind(), par.moves, par.line.len()), (pb::ParKind::Moves, 3, 3));
    let kept = redis_command(redis.port, &format!("HLEN g:{{{}}}:pars", table.game_id));
    assert_eq!(kept.as_deref().map(str::trim), Some(":1"), "the answer is kept with the game");
    assert_eq!(pars(&mut client, &table.game_id).await, first, "read back, not worked out again");
    assert_eq!(referee.log_text().matches("par worked out").count(), 1, "{}", referee.log_text());
}

#[tokio::test(flavor = "multi_thread")]
async fn other_games_are_answered_while_a_long_search_for_par_runs() {
    let redis = Redis::start();
    let referee = Referee::start(&redis.url());
    let mut client = referee.client().await;
    let hard = finished_hole(&mut client, PROBLEM_1, "bb").await;
    let chess = seat_everyone(&mut client, "chess", "").await;

    let mut solver = referee.client().await;
    let game_id = hard.game_id.clone();
    let search = tokio::spawn(async move { pars(&mut solver, &game_id).await });
    let mut seq = chess.view.seq;
    for (i, mv) in ["e2e4", "e7e5", "g1f3", "b8c6", "f1b5", "a7a6"].iter().enumerate() {
        let answered = submit(&mut client, &chess, i % 2, mv, seq, &format!("m{i}")).await.unwrap();
        seq = answered.view.unwrap().seq;
    }
    assert!(!search.is_finished(), "six moves of another game were answered while the search ran");
    let par = search.await.unwrap();
    assert_eq!(par.len(), 1);
    // Proven now: five moves under the project's reading (the book's line takes six).
    assert_eq!((par[0].kind(), par[0].moves, par[0].line.len()), (pb::ParKind::Moves, 5, 5), "{:?}", par[0]);
}

async fn position_par(client: &mut Client, rules: &str, position: &str) -> Result<pb::Par, tonic::Status> {
    let asked = pb::PositionParRequest { rules: rules.into(), position: position.into() };
    Ok(client.position_par(asked).await?.into_inner().par.expect("a par"))
}

#[tokio::test(flavor = "multi_thread")]
async fn the_par_of_a_hole_given_as_a_position_is_proven_without_a_game_and_kept_a_day() {
    let redis = Redis::start();
    let referee = Referee::start(&redis.url());
    let mut client = referee.client().await;
    let position = format!("{FIRST} Kb");
    let par = position_par(&mut client, "chess-golf", &position).await.unwrap();
    assert_eq!((par.puzzle.as_str(), par.title.as_str()), ("position", "Par: white king, black bishop"));
    assert_eq!((par.kind(), par.moves, par.line.len()), (pb::ParKind::Moves, 3, 3));
    assert_eq!(position_par(&mut client, "chess-golf", &position).await.unwrap(), par, "asked again");
    assert_eq!(referee.log_text().matches("par of a position worked out").count(), 1, "{}", referee.log_text());
    let kept = redis_command(redis.port, "KEYS par:*").unwrap();
    let key = kept.lines().find(|l| l.starts_with("par:")).expect("kept");
    let ttl: u64 =
        redis_command(redis.port, &format!("TTL {key}")).unwrap().trim().trim_start_matches(':').parse().unwrap();
    assert!((86_000..=86_400).contains(&ttl), "kept a day, then forgotten: {ttl}");
}

#[tokio::test(flavor = "multi_thread")]
async fn rules_without_a_par_and_positions_that_are_no_holes_start_are_refused_in_words() {
    let redis = Redis::start();
    let referee = Referee::start(&redis.url());
    let mut client = referee.client().await;
    let chess = position_par(&mut client, "chess", "4k3/8/8/8/8/8/8/4K3 w - - 0 1").await.unwrap_err();
    assert_eq!((chess.code(), error_code(&chess).as_str()), (tonic::Code::InvalidArgument, "no_par"));
    assert_eq!(chess.message(), "Chess has no par for a position; Chess Golf has.");
    let unknown = position_par(&mut client, "golf", FIRST).await.unwrap_err();
    assert_eq!(unknown.code(), tonic::Code::NotFound);
    let played = position_par(&mut client, "chess-golf", &format!("{FIRST} Kb h2g3")).await.unwrap_err();
    assert_eq!(error_code(&played).as_str(), "bad_position", "{played:?}");
}

#[tokio::test(flavor = "multi_thread")]
async fn searches_for_a_positions_par_are_limited_per_address_but_kept_answers_are_not() {
    let redis = Redis::start();
    let referee = Referee::start_with(&redis.url(), &[("REFEREE_PARS_PER_ADDRESS", "2")]);
    let mut client = referee.client().await;
    let first = format!("{FIRST} Kb");
    position_par(&mut client, "chess-golf", &first).await.unwrap();
    position_par(&mut client, "chess-golf", &format!("{PROBLEM_1} bb")).await.unwrap();
    let third = position_par(&mut client, "chess-golf", &format!("{FIRST} kB")).await.unwrap_err();
    assert_eq!((third.code(), error_code(&third).as_str()), (tonic::Code::ResourceExhausted, "limit_reached"));
    assert!(third.message().contains("wait a few minutes"), "{}", third.message());
    assert!(position_par(&mut client, "chess-golf", &first).await.is_ok(), "a kept answer is read, not searched");
}
