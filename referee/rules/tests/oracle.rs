//! Differential tests: this engine against cozy-chess and shakmaty (test oracles only).

use rules::chess::{CastlingMode, CastlingNotation, Position, uci};
use rules::chess960;
use shakmaty::Position as _;
use std::collections::BTreeSet;

struct XorShift(u64);
impl XorShift {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        self.0
    }
}

fn cozy_moves(board: &cozy_chess::Board) -> BTreeSet<String> {
    let mut out = BTreeSet::new();
    board.generate_moves(|moves| {
        out.extend(moves.into_iter().map(|m| m.to_string()));
        false
    });
    out
}

fn shakmaty_moves(pos: &shakmaty::Chess) -> BTreeSet<String> {
    pos.legal_moves().iter().map(|m| m.to_uci(shakmaty::CastlingMode::Chess960).to_string()).collect()
}

fn shakmaty_position(fen: &str) -> shakmaty::Chess {
    let fen: shakmaty::fen::Fen = fen.parse().unwrap();
    fen.into_position(shakmaty::CastlingMode::Chess960).unwrap()
}

fn shakmaty_fen(pos: &shakmaty::Chess) -> String {
    shakmaty::fen::Fen::from_position(pos, shakmaty::EnPassantMode::Legal).to_string()
}

/// Plays random games from `start`, comparing the legal move set, FEN and game-end status
/// with both oracles at every ply.
fn random_playout(start: Position, rng: &mut XorShift) {
    let mut pos = start;
    let fen = pos.to_fen(CastlingNotation::Shredder);
    let mut cozy = cozy_chess::Board::from_fen(&fen, true).unwrap();
    let mut shak = shakmaty_position(&fen);
    for _ply in 0..300 {
        let ours: BTreeSet<String> = pos.legal_moves().iter().map(|m| uci(*m, CastlingMode::Chess960)).collect();
        let fen = pos.to_fen(CastlingNotation::Shredder);
        assert_eq!(ours, cozy_moves(&cozy), "cozy-chess disagrees in {fen}");
        assert_eq!(ours, shakmaty_moves(&shak), "shakmaty disagrees in {fen}");
        assert_eq!(pos.to_fen(CastlingNotation::XFen), shakmaty_fen(&shak), "X-FEN differs");
        assert_eq!(pos.is_checkmate(), shak.is_checkmate(), "{fen}");
        assert_eq!(pos.is_stalemate(), shak.is_stalemate(), "{fen}");
        assert_eq!(pos.is_insufficient_material(), shak.is_insufficient_material(), "{fen}");
        if ours.is_empty() || pos.is_insufficient_material() {
            return;
        }
        let moves = pos.legal_moves();
        let m = moves[(rng.next() % moves.len() as u64) as usize];
        let text = uci(m, CastlingMode::Chess960);
        pos.play_unchecked(m);
        cozy.play(text.parse().unwrap());
        let sm = text.parse::<shakmaty::uci::UciMove>().unwrap().to_move(&shak).unwrap();
        shak.play_unchecked(sm);
    }
}

#[test]
fn legal_moves_match_cozy_chess_and_shakmaty_in_random_playouts_from_the_standard_start() {
    let mut rng = XorShift(0x0DDB_1A5E_5BAD_5EED);
    for _ in 0..1000 {
        random_playout(Position::standard(), &mut rng);
    }
}

#[test]
fn legal_moves_match_cozy_chess_and_shakmaty_in_random_playouts_from_chess960_starts() {
    let mut rng = XorShift(0xC0FF_EE00_1234_5678);
    for _ in 0..1000 {
        let n = (rng.next() % 960) as u16;
        random_playout(chess960::position(n).unwrap(), &mut rng);
    }
}

fn cozy_perft(board: &cozy_chess::Board, depth: u32) -> u64 {
    if depth == 0 {
        return 1;
    }
    let mut nodes = 0;
    board.generate_moves(|moves| {
        for m in moves {
            let mut next = board.clone();
            next.play_unchecked(m);
            nodes += cozy_perft(&next, depth - 1);
        }
        false
    });
    nodes
}

#[test]
fn perft_matches_cozy_chess_on_all_960_start_positions_at_depth_3() {
    for n in 0..960u16 {
        let ours = chess960::position(n).unwrap();
        let cozy = cozy_chess::Board::chess960_startpos(n as u32);
        assert_eq!(
            ours.to_fen(CastlingNotation::Shredder),
            format!("{cozy:#}"),
            "position {n} is numbered the same way"
        );
        assert_eq!(ours.perft(3), cozy_perft(&cozy, 3), "perft 3 of Chess960 position {n}");
    }
}
