//! What a seat sees depends on what that seat knows, and nothing else. After every action of
//! random playouts of the games with secrets, the other seat's secret is changed in the saved
//! state (a burial grid, a capture table, the identities of two cloaked checkers, the other
//! seat's discreet entries in the record and its sealed action) and the seat's view, and its
//! refusals of random attempts, must come out exactly the same.
//!
//! This catches leaks that no string search can: a secret told in public words (a square, a
//! piece name), or one that shows only in which actions are listed or how a refusal is worded.

mod support;

use rules::game::{AnyState, DynGame, Viewer};
use rules::geometry::Square;
use rules::random::NoRandomness;
use serde_json::{Value, json};
use support::rules;

/// How long each playout may run.
const ACTIONS: usize = 90;
/// Random attempts (from one of the seat's pieces to any square) refused or accepted alike.
const ATTEMPTS: usize = 3;

/// The name of square `i` (a1 = 0, h8 = 63).
fn name(i: usize) -> String {
    Square::new(i as u8).to_string()
}

/// The index of a square named in the saved state.
fn index(square: &Value) -> usize {
    square.as_str().unwrap().parse::<Square>().unwrap().index()
}

/// The 64 squares of a FEN's board field, a1 first, as piece letters or '.'.
fn squares_of(fen: &str) -> Vec<char> {
    let mut ranks: Vec<Vec<char>> = fen
        .split(' ')
        .next()
        .unwrap()
        .split('/')
        .map(|rank| {
            rank.chars()
                .flat_map(|c| match c.to_digit(10) {
                    Some(n) => vec!['.'; n as usize],
                    None => vec![c],
                })
                .collect()
        })
        .collect();
    ranks.reverse();
    ranks.concat()
}

/// Writes squares back into `fen`'s board field.
fn with_squares(fen: &str, squares: &[char]) -> String {
    let board: Vec<String> = squares
        .chunks(8)
        .rev()
        .map(|rank| {
            let mut out = String::new();
            let mut empty = 0;
            for &c in rank {
                if c == '.' {
                    empty += 1;
                } else {
                    if empty > 0 {
                        out.push_str(&empty.to_string());
                        empty = 0;
                    }
                    out.push(c);
                }
            }
            if empty > 0 {
                out.push_str(&empty.to_string());
            }
            out
        })
        .collect();
    let rest: Vec<&str> = fen.split(' ').skip(1).collect();
    format!("{} {}", board.join("/"), rest.join(" "))
}

/// The other seat's discreet record entries and sealed action, replaced by something else.
fn change_what_others_did(saved: &mut Value, other: u64, sealed_instead: &str) {
    for entry in saved["record"].as_array_mut().unwrap() {
        if entry["seat"] == other && !entry["said"]["to_others"].is_null() {
            entry["action"] = json!("something else");
            entry["said"]["to_actor"] = json!("something else was done");
        }
    }
    if let Some(sealed) = saved["sealed"].as_object_mut()
        && let Some(action) = sealed.get_mut(&other.to_string())
    {
        *action = json!(sealed_instead);
    }
}

/// The saved state with `seat`'s opponent's secret changed, or `None` where nothing secret of
/// the opponent's can change yet.
fn change_the_other_seats_secret(id: &str, saved: &Value, seat: u8) -> Option<Value> {
    let other = usize::from(1 - seat);
    let mut changed = saved.clone();
    let game = &mut changed["game"];
    match id {
        // The opponent's grid: where it buried what it captured. Which pieces were buried is
        // public; they go under other pieces of the opponent's instead (one burial a square).
        "zombie" => {
            let ours = if other == 0 { char::is_ascii_uppercase } else { char::is_ascii_lowercase };
            let squares = squares_of(game["board"].as_str().unwrap());
            let grid = game["grids"][other].as_object_mut().unwrap();
            let buried: Vec<(String, Value)> = std::mem::take(grid).into_iter().collect();
            let taken: Vec<&str> = buried.iter().map(|(square, _)| square.as_str()).collect();
            let mut free = (0..64).filter(|&i| ours(&squares[i]) && !taken.contains(&name(i).as_str()));
            for (_, role) in &buried {
                grid.insert(name(free.next()?), role.clone());
            }
        }
        // The table the opponent chose for this seat's pieces.
        "masquerade" => {
            let mine = &mut game["captures"][usize::from(seat)];
            if let Some(table) = mine.as_array_mut() {
                table.rotate_left(1);
            }
        }
        // Two of the opponent's still-cloaked checkers trade identities (never a king or a rook,
        // whose castling rights are public).
        "cloak-and-dagger" => {
            let fen = game["board"].as_str().unwrap().to_string();
            let mut squares = squares_of(&fen);
            let theirs = |c: char| if other == 0 { c.is_ascii_uppercase() } else { c.is_ascii_lowercase() };
            let colour = if other == 0 { 'w' } else { 'b' };
            let known = |i: usize| {
                let n = &game["labels"][name(i)];
                game["known"].as_object().unwrap().contains_key(&format!("{colour}{n}"))
            };
            let cloaked: Vec<usize> = game["cloaked"]
                .as_array()
                .unwrap()
                .iter()
                .map(index)
                .filter(|&i| theirs(squares[i]) && "qbnQBN".contains(squares[i]) && !known(i))
                .collect();
            let (a, b) = cloaked
                .iter()
                .flat_map(|&a| cloaked.iter().map(move |&b| (a, b)))
                .find(|&(a, b)| !squares[a].eq_ignore_ascii_case(&squares[b]))?;
            squares.swap(a, b);
            game["board"] = json!(with_squares(&fen, &squares));
            let label = |i: usize| game["labels"][name(i)].as_u64().unwrap() as usize - 1;
            let (la, lb) = (label(a), label(b));
            game["arranged"][other].as_array_mut().unwrap().swap(la, lb);
        }
        _ => unreachable!("{id} has no secret here"),
    }
    let sealed_instead = match id {
        "masquerade" => "assign KN,QB,RK,BQ,NR",
        "cloak-and-dagger" => "arrange QNRBBKRN",
        _ => "",
    };
    change_what_others_did(&mut changed, other as u64, sealed_instead);
    Some(changed)
}

/// Random attempts of `seat`: one of its pieces (by its own view's board) to any square.
fn attempts(view: &Value, seat: u8, next: &mut impl FnMut() -> u64) -> Vec<String> {
    let side = if seat == 0 { "white" } else { "black" };
    let mine: Vec<&str> = view["board"]["cells"]
        .as_array()
        .map(|cells| cells.iter().filter(|c| c["piece"]["side"] == side).map(|c| c["id"].as_str().unwrap()).collect())
        .unwrap_or_default();
    if mine.is_empty() {
        return Vec::new();
    }
    (0..ATTEMPTS).map(|_| format!("{}{}", mine[next() as usize % mine.len()], name(next() as usize % 64))).collect()
}

/// What `seat` sees, and what it would be told of each attempt (`None`: accepted).
fn seen(game: &dyn DynGame, state: &AnyState, seat: u8, tries: &[String]) -> (Value, Vec<Told>) {
    let mut view = serde_json::to_value(game.view(state, Viewer::Seat(seat))).unwrap();
    // Once the game is over every secret is shown to everyone (`revealed`), by design: what is
    // compared is everything else.
    view.as_object_mut().unwrap().remove("revealed");
    let told = tries
        .iter()
        .map(|t| match game.after(state, seat, t) {
            Ok((_, applied)) => Told::Accepted(applied.description),
            Err(e) => Told::Refused(e.to_string()),
        })
        .collect();
    (view, told)
}

/// What a seat is told of one attempt.
#[derive(Debug, PartialEq)]
enum Told {
    Accepted(String),
    Refused(String),
}

/// Whether two answers to one attempt agree. A refusal must be worded the same; an accepted
/// attempt may turn out differently (a capture answered yes or no, a zombie rising: the action
/// itself tells), but must be accepted in both.
fn agree(a: &Told, b: &Told) -> bool {
    match (a, b) {
        (Told::Refused(x), Told::Refused(y)) => x == y,
        (Told::Accepted(_), Told::Accepted(_)) => true,
        _ => false,
    }
}

/// How many playouts a game gets: `playouts`, or `REFEREE_PLAYOUTS` when set (a deeper run
/// by hand: `REFEREE_PLAYOUTS=5000 cargo test --release --test counterfactual`).
fn how_many(playouts: u64) -> u64 {
    std::env::var("REFEREE_PLAYOUTS").ok().and_then(|n| n.parse().ok()).unwrap_or(playouts)
}

/// Runs `playouts` random games of `id`, setting up each with `setup` (the seats' secret
/// choices).
fn playouts(id: &str, playouts: u64, seed: u64, setup: impl Fn(u8, &mut dyn FnMut() -> u64) -> Option<String>) {
    let playouts = how_many(playouts);
    let game = rules(id);
    let mut changed = 0u64;
    for playout in 0..playouts {
        let mut next = support::xorshift(seed ^ (playout + 1).wrapping_mul(0x9E37_79B9_7F4A_7C15));
        let mut state = game.setup(&Value::Null, &mut NoRandomness).unwrap();
        for seat in 0..2u8 {
            if let Some(action) = setup(seat, &mut next) {
                game.apply(&mut state, seat, &action, &mut NoRandomness).unwrap();
            }
        }
        for _ in 0..ACTIONS {
            let saved = game.save(&state);
            for seat in 0..2u8 {
                let Some(other) = change_the_other_seats_secret(id, &saved, seat) else { continue };
                let other = game.load(&other).unwrap();
                let view = serde_json::to_value(game.view(&state, Viewer::Seat(seat))).unwrap();
                let tries = attempts(&view, seat, &mut next);
                let (actual, told) = seen(game, &state, seat, &tries);
                let (counterfactual, told_instead) = seen(game, &other, seat, &tries);
                if actual != counterfactual {
                    let differ: Vec<String> = actual
                        .as_object()
                        .unwrap()
                        .iter()
                        .filter(|(k, v)| counterfactual[k.as_str()] != **v)
                        .map(|(k, v)| format!("{k}: {v}\n  instead: {}", counterfactual[k.as_str()]))
                        .collect();
                    panic!(
                        "{id} playout {playout}: seat {seat}'s view depends on the other's secret:\n{}",
                        differ.join("\n")
                    );
                }
                for ((attempt, a), b) in tries.iter().zip(&told).zip(&told_instead) {
                    assert!(
                        agree(a, b),
                        "{id} playout {playout}: seat {seat}'s {attempt} is answered by the other's secret: {a:?} / {b:?}"
                    );
                }
                changed += 1;
            }
            if game.outcome(&state).is_some() {
                break;
            }
            let (seat, action) = support::random_action(game, &state, &mut next);
            game.apply(&mut state, seat, &action, &mut NoRandomness).unwrap();
        }
    }
    assert!(changed > playouts * 20, "{id}: only {changed} views were compared");
}

#[test]
fn zombie_a_seats_view_and_refusals_do_not_depend_on_the_others_burials() {
    playouts("zombie", 400, 0x2011_B1E5, |_, _| None);
}

#[test]
fn masquerade_a_seats_view_and_refusals_do_not_depend_on_how_the_other_made_its_pieces_capture() {
    let tables = ["KQ,QN,RB,NR,BK", "KR,QB,RK,BN,NQ", "KK,QQ,RR,BB,NN", "KN,QR,RQ,BK,NB", "KB,QK,RN,BQ,NR"];
    playouts("masquerade", 250, 0x3A5C_ADE0, |_, next| {
        Some(format!("assign {}", tables[next() as usize % tables.len()]))
    });
}

#[test]
fn cloak_a_seats_view_and_sentences_do_not_depend_on_what_the_others_cloaked_checkers_are() {
    let arrangements = ["RNBQKBNR", "NRBKQBRN", "BBNNRKRQ", "RKRNNQBB", "QNRBBKRN", "NQBRKBNR"];
    playouts("cloak-and-dagger", 800, 0xC10A_0D46, |_, next| {
        Some(format!("arrange {}", arrangements[next() as usize % arrangements.len()]))
    });
}
