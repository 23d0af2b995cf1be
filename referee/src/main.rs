//! The `referee` command: the rules engine from the command line, the gRPC service
//! (`serve`) and the verifier of finished games (`verify`).

use referee::{audit, serve};

use clap::{Parser, Subcommand};
use rules::chess::{CastlingMode, CastlingNotation, Position, uci};
use rules::chess960::{self, Chess960Cards};
use rules::game::{ErrorCode, GameError};
use rules::games::{self, chess::ChessGame, chess::Variant};
use std::io::Write;
use std::process::ExitCode;

/// mimalloc rather than the system allocator: views are built of many small values, and under
/// the service benchmark the system's malloc and free took ~26% of the referee's CPU samples,
/// mimalloc's ~15% (`perf`; `docs/service.md`, "Benchmark").
#[global_allocator]
static ALLOCATOR: mimalloc::MiMalloc = mimalloc::MiMalloc;

#[derive(Parser)]
#[command(name = "referee", version, about = "A referee for table-top chess variants")]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand)]
enum Command {
    /// Count the leaf nodes of the move tree: one line per move, the total last. Chess and
    /// Chess960 count moves; the other games count actions (a turn of several actions, like a
    /// move and its extra king moves, counts each), and an action that ends with a random draw
    /// (Booster's end of turn) is a leaf.
    Perft {
        /// A rule-set id whose actions can be listed: chess, chess960, adrenaline, booster, half-alice,
        /// crowded-house
        game: String,
        /// The position in the game's notation, or "startpos" for chess
        position: String,
        depth: u32,
    },
    /// List the legal actions of the seat to act in a position. Prints one JSON object.
    Legal {
        /// A rule-set id whose actions can be listed
        game: String,
        /// The position in the game's notation (FEN for chess)
        position: String,
        /// The seat asking (0 = White); needed only where several seats act at once
        #[arg(long)]
        seat: Option<u8>,
    },
    /// Is this action legal in this position? Prints one JSON object.
    Adjudicate {
        /// A rule-set id, e.g. chess or chess960
        game: String,
        /// The position in the game's notation (FEN for chess)
        position: String,
        /// The action in the game's notation (e2e4, Nf3, O-O, resign, ...)
        action: String,
        /// The seat asking (0 = White); needed only where several seats act at once
        #[arg(long)]
        seat: Option<u8>,
    },
    /// The par of a puzzle without playing it: the fewest moves, proven, with one shortest
    /// line, worked out with the same budget as after a hole played. Prints one JSON object:
    /// kind (moves, impossible or at_least), moves, line, positions, title.
    Par {
        /// A rule-set id whose positions have a par: chess-golf
        game: String,
        /// The puzzle in the game's position notation: for chess-golf the board (FEN's first
        /// field, no pawns) and the chosen pieces as FEN letters, "2B3R1/5k2/1r1n1N2/1r2b3/R5q1/1B1n1N2/b6K/5Q2 Kb"
        position: String,
    },
    /// Print a start position in FEN.
    Setup {
        /// chess960 (or chess)
        game: String,
        /// Chess960 start position number, 0-959
        #[arg(long, conflicts_with = "cards")]
        number: Option<u16>,
        /// The cards turned over: one of A,3,5,7, one of 2,4,6,8, then 8,8,10,10,10,Q in order ("1 6 N R Q R N R")
        #[arg(long)]
        cards: Option<String>,
        /// Write castling rights as rook files (Shredder-FEN) instead of X-FEN
        #[arg(long)]
        shredder: bool,
    },
    /// List the rule sets.
    Rules,
    /// Print the JSON Schemas of the view envelope and of each game's options, public view
    /// fields and private part (the app's TypeScript types are generated from them).
    Schemas,
    /// Run the gRPC referee (settings from REFEREE_ADDR, REDIS_URL, REFEREE_METRICS_ADDR, ...).
    Serve,
    /// Check a finished game's audit record: the seed against its commitment, every draw, and
    /// a replay through the rules.
    Verify {
        /// The audit record as JSON (from GetAudit), or - for standard input
        audit: String,
        /// A chain link a player's view showed during the game, as SEQ:HEX (the view's `seq`
        /// and `chain`); the record must extend it. May be given several times.
        #[arg(long = "checkpoint", value_name = "SEQ:HEX")]
        checkpoints: Vec<String>,
    },
}

fn chess_variant(game: &str) -> Option<ChessGame> {
    match game {
        "chess" => Some(ChessGame { variant: Variant::Orthodox }),
        "chess960" => Some(ChessGame { variant: Variant::Chess960 }),
        _ => None,
    }
}

fn perft(game: &str, position: &str, depth: u32) -> Result<(), GameError> {
    let Some(variant) = chess_variant(game) else { return action_perft(game, position, depth) };
    let pos = if position == "startpos" { Position::standard() } else { variant.read_position(position)? };
    let mode = if variant.variant == Variant::Chess960 { CastlingMode::Chess960 } else { CastlingMode::Standard };
    let mut total = 0;
    if depth == 0 {
        total = 1;
    } else {
        for m in pos.legal_moves().iter() {
            let mut next = pos;
            next.play_unchecked(*m);
            let n = next.perft(depth - 1);
            println!("{}: {n}", uci(*m, mode));
            total += n;
        }
    }
    println!();
    println!("{total}");
    Ok(())
}

/// Perft through the game contract, for the games other than chess.
fn action_perft(game: &str, position: &str, depth: u32) -> Result<(), GameError> {
    let rules = games::find(game).ok_or_else(|| unknown_rules(game))?;
    let state = rules.parse_position(position)?;
    let mut total = 1;
    if depth > 0 {
        total = 0;
        let (seat, actions) = rules.legal_in(&state)?;
        for action in actions {
            let n = rules.perft_after(&state, seat, &action, depth - 1)?;
            println!("{action}: {n}");
            total += n;
        }
    }
    println!();
    println!("{total}");
    Ok(())
}

/// The legal actions of the seat to act, as one JSON object.
fn legal(game: &str, position: &str, seat: Option<u8>) -> Result<(), GameError> {
    let rules = games::find(game).ok_or_else(|| unknown_rules(game))?;
    let state = rules.parse_position(position)?;
    let (seat, actions) = rules.legal_for(&state, seat)?;
    let over = rules.outcome(&state).map(|o| o.reason);
    // Over, nobody is to act: no seat and no side to name.
    let answer = match over {
        Some(over) => serde_json::json!({"seat": null, "side": null, "actions": actions, "over": over}),
        None => {
            let side = rules.seats(&state).side_of(seat).to_string();
            serde_json::json!({"seat": seat, "side": side, "actions": actions, "over": null})
        }
    };
    println!("{answer}");
    Ok(())
}

/// The par of a puzzle given as a position, as one JSON object: the answer's fields (kind,
/// moves, line), the positions searched and the puzzle in words.
fn par(game: &str, position: &str) -> Result<(), GameError> {
    let par = games::find(game).ok_or_else(|| unknown_rules(game))?.position_par(position)?;
    let mut answer = serde_json::to_value(&par.answer).expect("serializable");
    answer["positions"] = par.positions.into();
    answer["title"] = par.title.into();
    println!("{answer}");
    Ok(())
}

fn setup(game: &str, number: Option<u16>, cards: Option<String>, shredder: bool) -> Result<(), GameError> {
    let bad = |m: String| GameError::new(ErrorCode::BadOptions, m);
    let pos = match (game, number, cards) {
        ("chess", None, None) => Position::standard(),
        ("chess", _, _) => return Err(bad("--number and --cards choose a Chess960 start; use chess960".into())),
        ("chess960", Some(n), None) => chess960::position(n).map_err(|e| bad(e.0))?,
        ("chess960", None, Some(text)) => {
            Position::from_back_rank(Chess960Cards::parse(&text).map_err(|e| bad(e.0))?.back_rank())
        }
        ("chess960", _, _) => return Err(bad("give --number N or --cards '...'".into())),
        (other, _, _) => return Err(GameError::new(ErrorCode::UnknownRules, format!("{other} has no setup here"))),
    };
    let notation = if shredder { CastlingNotation::Shredder } else { CastlingNotation::XFen };
    println!("{}", pos.to_fen(notation));
    Ok(())
}

fn unknown_rules(id: &str) -> GameError {
    GameError::new(
        ErrorCode::UnknownRules,
        format!("there are no rules called {id}; known: {}", games::ids().join(", ")),
    )
}

fn main() -> ExitCode {
    let cli = Cli::parse();
    let result = match cli.command {
        Command::Perft { game, position, depth } => perft(&game, &position, depth),
        Command::Setup { game, number, cards, shredder } => setup(&game, number, cards, shredder),
        Command::Legal { game, position, seat } => legal(&game, &position, seat),
        Command::Par { game, position } => par(&game, &position),
        Command::Serve => return serve_command(),
        Command::Verify { audit, checkpoints } => return verify_command(&audit, &checkpoints),
        Command::Schemas => {
            let games: serde_json::Map<String, serde_json::Value> =
                games::all().iter().map(|g| (g.info().id.to_string(), g.schemas())).collect();
            let all = serde_json::json!({"view": rules::game::View::schema(), "games": games});
            println!("{}", serde_json::to_string_pretty(&all).expect("serializable"));
            Ok(())
        }
        Command::Rules => {
            let infos: Vec<_> = games::all().iter().map(|g| g.info()).collect();
            println!("{}", serde_json::to_string_pretty(&infos).expect("serializable"));
            Ok(())
        }
        Command::Adjudicate { game, position, action, seat } => {
            let answer = games::find(&game)
                .ok_or_else(|| unknown_rules(&game))
                .and_then(|g| g.adjudicate_for(&position, &action, seat));
            match answer {
                Ok(a) => {
                    println!("{}", serde_json::to_string(&a).expect("serializable"));
                    Ok(())
                }
                Err(e) => {
                    // Still one JSON object, so scripts always get something to read.
                    println!("{}", serde_json::json!({"legal": false, "code": e.code, "reason": e.message}));
                    return ExitCode::from(2);
                }
            }
        }
    };
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("referee: {} ({})", e.message, e.code.as_str());
            ExitCode::from(2)
        }
    }
}

fn serve_command() -> ExitCode {
    let config = match serve::Config::from_env() {
        Ok(c) => c,
        Err(e) => {
            eprintln!("referee: {e}");
            return ExitCode::from(2);
        }
    };
    let runtime = tokio::runtime::Builder::new_multi_thread().enable_all().build().expect("a tokio runtime");
    match runtime.block_on(serve::serve(config)) {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("referee: {e}");
            ExitCode::FAILURE
        }
    }
}

/// `SEQ:HEX` as a checkpoint of the record's chain.
fn checkpoint(text: &str) -> Result<(u64, String), String> {
    let (seq, hex) = text.split_once(':').ok_or_else(|| format!("{text}: write a checkpoint as SEQ:HEX"))?;
    let seq = seq.trim().parse().map_err(|_| format!("{text}: {seq} is not an event count"))?;
    let hex = hex.trim().to_ascii_lowercase();
    if hex.len() != 64 || !hex.bytes().all(|b| b.is_ascii_hexdigit()) {
        return Err(format!("{text}: a chain link is 64 hex digits"));
    }
    Ok((seq, hex))
}

fn verify_command(path: &str, checkpoints: &[String]) -> ExitCode {
    let checkpoints: Vec<(u64, String)> = match checkpoints.iter().map(|c| checkpoint(c)).collect() {
        Ok(c) => c,
        Err(e) => {
            eprintln!("referee: {e}");
            return ExitCode::from(2);
        }
    };
    let text = if path == "-" {
        let mut s = String::new();
        std::io::Read::read_to_string(&mut std::io::stdin(), &mut s).map(|_| s)
    } else {
        std::fs::read_to_string(path)
    };
    let record: audit::AuditRecord =
        match text.map_err(|e| e.to_string()).and_then(|t| serde_json::from_str(&t).map_err(|e| e.to_string())) {
            Ok(r) => r,
            Err(e) => {
                eprintln!("referee: cannot read the audit record {path}: {e}");
                return ExitCode::from(2);
            }
        };
    let result = audit::verify_with(&record, &checkpoints);
    let head =
        format!("game {} ({} v{}), {} events", record.game_id, record.rules, record.rules_version, record.events.len());
    let tail = result.ok.then_some("verified: every draw follows from the committed seed");
    // A reader that stops early (`| head -1`) closes the pipe: the verdict stands, quietly.
    let mut out = std::io::stdout().lock();
    let _ = std::iter::once(head.as_str())
        .chain(result.lines.iter().map(String::as_str))
        .chain(tail)
        .try_for_each(|line| writeln!(out, "{line}"));
    if result.ok { ExitCode::SUCCESS } else { ExitCode::FAILURE }
}
