//! The `referee` command as a user runs it.

use std::process::Command;

fn referee(args: &[&str]) -> (String, i32) {
    let out = Command::new(env!("CARGO_BIN_EXE_referee")).args(args).output().expect("runs");
    (String::from_utf8(out.stdout).expect("utf-8"), out.status.code().unwrap_or(-1))
}

#[test]
fn perft_prints_each_move_and_the_total_last() {
    let (out, code) =
        referee(&["perft", "chess", "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq -", "3"]);
    assert_eq!(code, 0);
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(lines.last(), Some(&"97862"));
    assert_eq!(lines.iter().filter(|l| l.contains(": ")).count(), 48);
    assert!(lines.contains(&"e1g1: 2059"), "castling is written the orthodox way: {out}");
    let sum: u64 = lines.iter().filter_map(|l| l.split(": ").nth(1)).map(|n| n.parse::<u64>().unwrap()).sum();
    assert_eq!(sum, 97862);
}

#[test]
fn perft_of_a_chess960_position_writes_castling_as_king_takes_rook() {
    let (out, code) =
        referee(&["perft", "chess960", "bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9", "3"]);
    assert_eq!(code, 0);
    assert_eq!(out.lines().last(), Some("12189"));
    let (out, _) = referee(&["perft", "chess960", "4k3/8/8/8/8/8/8/RK6 w A - 0 1", "1"]);
    assert!(out.lines().any(|l| l == "b1a1: 1"), "{out}");
}

#[test]
fn adjudicate_prints_one_json_object() {
    let (out, code) =
        referee(&["adjudicate", "chess", "r1bqkbnr/ppp2ppp/2np4/1B2p3/4P3/5N2/PPPP1PPP/RNBQK2R b KQkq - 1 4", "c6d4"]);
    assert_eq!(code, 0);
    let v: serde_json::Value = serde_json::from_str(&out).unwrap();
    assert_eq!(v["legal"], false);
    assert_eq!(v["reason"], "The knight on c6 is pinned to your king by the bishop on b5.");
    assert!(v.get("position").is_none());

    let (out, _) =
        referee(&["adjudicate", "chess", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", "e2e4"]);
    let v: serde_json::Value = serde_json::from_str(&out).unwrap();
    assert_eq!(v["legal"], true);
    assert_eq!(v["position"], "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1");

    let (out, code) =
        referee(&["adjudicate", "chess", "rnbqkbnr/pppppppp/8/8/8/ppp6/PPPPPPPP/RNBQKBNR w KQkq - 0 1", "e2e4"]);
    assert_eq!(code, 2, "malformed input is an error");
    let v: serde_json::Value = serde_json::from_str(&out).unwrap();
    assert_eq!(v["code"], "bad_position");
    assert_eq!(v["reason"], "rank 3 has 9 squares, it needs 8");
}

#[test]
fn adjudicate_the_checker_stack_games() {
    let cases = [
        ("adrenaline", "4k3/1b6/8/7p/2q5/8/1P1P1KP1/2B3N1 w - - 0 1 c1:3", "f2e2", false, "the queen on c4"),
        ("adrenaline", "4k3/1b6/8/7p/2q5/8/1P1P1KP1/2B3N1 w - - 0 1 c1:3", "f2g3", true, "Kf2-g3."),
        ("booster", "4k3/8/8/8/4N3/8/8/4K3 w - - 0 1 e4:1b move 6/5 -", "e4f6", false, "hobbled"),
        ("half-alice", "1k5Q/8/8/4B3/8/8/8/1R5K b - - 0 1 b1,e5", "b8b7", false, "After switching sides"),
        ("half-alice", "1k5Q/8/8/4B3/8/8/8/1R5K b - - 0 1 b1,e5", "b8a7", true, "Kb8-a7."),
    ];
    for (game, position, action, legal, said) in cases {
        let (out, code) = referee(&["adjudicate", game, position, action]);
        assert_eq!(code, 0, "{out}");
        let v: serde_json::Value = serde_json::from_str(&out).unwrap();
        assert_eq!(v["legal"], legal, "{game} {action}: {out}");
        assert!(v["reason"].as_str().unwrap().contains(said), "{game} {action}: {out}");
    }
}

#[test]
fn setup_chess960_by_number_and_by_cards() {
    let (out, code) = referee(&["setup", "chess960", "--cards", "1 6 N R Q R N R"]);
    assert_eq!(code, 0);
    assert_eq!(out.trim(), "bnrqkbnr/pppppppp/8/8/8/8/PPPPPPPP/BNRQKBNR w KQkq - 0 1");
    let (out, _) = referee(&["setup", "chess960", "--number", "518"]);
    assert_eq!(out.trim(), "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1");
    let (out, _) = referee(&["setup", "chess960", "--number", "0", "--shredder"]);
    assert_eq!(out.trim(), "bbqnnrkr/pppppppp/8/8/8/8/PPPPPPPP/BBQNNRKR w HFhf - 0 1");
    let (_, code) = referee(&["setup", "chess960", "--number", "960"]);
    assert_eq!(code, 2);
}

#[test]
fn perft_counts_the_actions_of_the_checker_stack_games() {
    // Within three plies of the start no extra move or checker is possible: the same tree as chess.
    let start = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 - move";
    let (out, code) = referee(&["perft", "adrenaline", start, "3"]);
    assert_eq!(code, 0);
    assert_eq!(out.lines().last(), Some("8902"));
    assert!(out.contains("e2e4: "), "{out}");
    // A capture hands the turn to the checker placement, one more action in the tree.
    let (out, _) = referee(&["perft", "adrenaline", "4k3/8/8/3p4/4P3/8/8/4K3 w - - 0 1 - move", "1"]);
    assert!(out.contains("e4d5: 1"), "{out}");
    // Booster: every first move ends the turn with a card draw (no card can be played with
    // an empty hand), so each is a leaf: the 20 moves of chess.
    let (out, code) =
        referee(&["perft", "booster", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 - move", "2"]);
    assert_eq!((out.lines().last(), code), (Some("20"), 0), "{out}");
    let (out, code) = referee(&["perft", "table-tools", "x", "1"]);
    assert_eq!((out.as_str(), code), ("", 2), "table tools cannot list their actions");
}

#[test]
fn perft_of_whack_from_the_starting_track_prints_the_pinned_counts() {
    // docs/games/whack.md: 25, 623, 16,593 from the track with both sides set up, Fire to move.
    let start = "1,2bc=1cd,3ab=2da,4cd=3cd PPPP/BRKB/NQRN/PPPP|4/4/4/4|4/4/4/4|pppp/brkb/nqrn/pppp fire move";
    for (depth, total) in [("1", "25"), ("2", "623"), ("3", "16593")] {
        let (out, code) = referee(&["perft", "whack", start, depth]);
        assert_eq!((out.lines().last(), code), (Some(total), 0), "depth {depth}: {out}");
    }
}

#[test]
fn legal_lists_the_actions_of_the_seat_to_act() {
    let (out, code) = referee(&["legal", "chess", "4k3/8/8/8/8/8/8/R3K3 b - - 0 1"]);
    assert_eq!(code, 0);
    let v: serde_json::Value = serde_json::from_str(&out).unwrap();
    assert_eq!((v["seat"].as_u64(), v["side"].as_str()), (Some(1), Some("Black")));
    let actions: Vec<&str> = v["actions"].as_array().unwrap().iter().map(|a| a.as_str().unwrap()).collect();
    assert_eq!(actions.len(), 5, "{actions:?}");
    assert!(!actions.contains(&"resign"), "courtesies are not listed");
    let (out, _) = referee(&["legal", "adrenaline", "4k3/8/8/3p4/8/8/8/3QK3 w - - 0 1 - move"]);
    assert!(out.contains("\"d1d5\""), "{out}");
    // A finished game names nobody to act.
    let (out, code) = referee(&["legal", "chess", "R3k3/8/4K3/8/8/8/8/8 b - - 0 1"]);
    assert_eq!(code, 0);
    let v: serde_json::Value = serde_json::from_str(&out).unwrap();
    assert_eq!((v["seat"].clone(), v["side"].clone()), (serde_json::Value::Null, serde_json::Value::Null), "{out}");
    assert!(v["over"].as_str().unwrap().contains("checkmate"), "{out}");
}

#[test]
fn par_answers_a_chess_golf_holes_par_with_one_shortest_line() {
    let (out, code) = referee(&["par", "chess-golf", "3R2b1/1Q3K1N/3R4/b5n1/N6B/3n2k1/1B2q2r/1r6 bb"]);
    assert_eq!(code, 0, "{out}");
    let v: serde_json::Value = serde_json::from_str(&out).unwrap();
    assert_eq!(v["kind"], "moves", "{v}");
    assert_eq!(v["moves"], 5, "the seed's problem 1, which the book solves in 6");
    assert_eq!(v["line"].as_array().map(Vec::len), Some(5));
    assert!(v["positions"].as_u64().is_some_and(|n| n > 0), "{v}");
    assert_eq!(v["title"], "Par: black bishop, black bishop");
    // The line is legal: played through adjudication it finishes the hole.
    let line: Vec<&str> = v["line"].as_array().unwrap().iter().map(|m| m.as_str().unwrap()).collect();
    let position = format!("3R2b1/1Q3K1N/3R4/b5n1/N6B/3n2k1/1B2q2r/1r6 bb {}", line[..4].join(","));
    let (out, _) = referee(&["adjudicate", "chess-golf", &position, line[4]]);
    let verdict: serde_json::Value = serde_json::from_str(&out).unwrap();
    assert_eq!(verdict["legal"], true, "{verdict}");

    let (out, code) = referee(&["par", "chess-golf", "8/8/8/8/8/8/8/KQ4kq Kn"]);
    assert_eq!(code, 0);
    assert_eq!(serde_json::from_str::<serde_json::Value>(&out).unwrap()["kind"], "impossible", "{out}");

    let (_, code) = referee(&["par", "chess-golf", "3R2b1/1Q3K1N/3R4/b5n1/N6B/3n2k1/1B2q2r/1r6 bb d3b5"]);
    assert_eq!(code, 2, "par is asked of a hole's start");
    let (_, code) = referee(&["par", "chess", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"]);
    assert_eq!(code, 2, "chess has no par");
}
