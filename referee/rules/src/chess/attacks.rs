//! Attack tables for the 8×8 board: leapers by lookup, sliders by "fancy" magic bitboards.
//!
//! The magic multipliers below were found once by [`tests::find_magic`] (a deterministic
//! search, rerunnable) and are pinned here so start-up only fills the tables. Building the
//! tables checks every magic for destructive collisions, so a wrong constant cannot go
//! unnoticed.

use crate::geometry::{Bitboard, Square};
use crate::pieces::{Color, Role};
use std::sync::LazyLock;

const ROOK_MAGICS: [u64; 64] = include!("rook_magics.in");
const BISHOP_MAGICS: [u64; 64] = include!("bishop_magics.in");

const ROOK_DIRS: [(i8, i8); 4] = [(1, 0), (-1, 0), (0, 1), (0, -1)];
const BISHOP_DIRS: [(i8, i8); 4] = [(1, 1), (1, -1), (-1, 1), (-1, -1)];

#[derive(Copy, Clone)]
struct Magic {
    mask: u64,
    magic: u64,
    shift: u32,
    offset: usize,
}

impl Magic {
    #[inline]
    fn index(&self, occupied: Bitboard) -> usize {
        self.offset + ((occupied.0 & self.mask).wrapping_mul(self.magic) >> self.shift) as usize
    }
}

struct Tables {
    knight: [Bitboard; 64],
    king: [Bitboard; 64],
    pawn: [[Bitboard; 64]; 2],
    rook: [Magic; 64],
    bishop: [Magic; 64],
    sliders: Vec<Bitboard>,
    /// Squares strictly between two squares on a line (empty if not on a line).
    between: Vec<Bitboard>,
    /// The whole line through two squares, edge to edge (empty if not on a line).
    line: Vec<Bitboard>,
}

static TABLES: LazyLock<Tables> = LazyLock::new(Tables::build);

/// Attacks of a slider moving in `dirs` from `sq`, stopping at (and including) blockers.
pub(crate) fn slide(sq: Square, dirs: &[(i8, i8)], occupied: Bitboard) -> Bitboard {
    let mut out = Bitboard::EMPTY;
    for &(df, dr) in dirs {
        let mut cur = sq;
        while let Some(next) = cur.offset(df, dr) {
            out = out.with(next);
            if occupied.contains(next) {
                break;
            }
            cur = next;
        }
    }
    out
}

fn leaps(sq: Square, steps: &[(i8, i8)]) -> Bitboard {
    steps.iter().filter_map(|&(df, dr)| sq.offset(df, dr)).collect()
}

/// The squares whose occupancy matters to a slider on `sq`: its rays without the last square.
pub(crate) fn relevant_mask(sq: Square, dirs: &[(i8, i8)]) -> u64 {
    let mut mask = 0u64;
    for &(df, dr) in dirs {
        let mut cur = sq;
        while let Some(next) = cur.offset(df, dr) {
            if next.offset(df, dr).is_none() {
                break;
            }
            mask |= 1 << next.index();
            cur = next;
        }
    }
    mask
}

/// Every subset of `mask` (the Carry-Rippler enumeration).
pub(crate) fn subsets(mask: u64) -> impl Iterator<Item = u64> {
    let mut subset = 0u64;
    let mut done = false;
    std::iter::from_fn(move || {
        if done {
            return None;
        }
        let current = subset;
        subset = subset.wrapping_sub(mask) & mask;
        done = subset == 0;
        Some(current)
    })
}

impl Tables {
    fn build() -> Tables {
        const KNIGHT: [(i8, i8); 8] = [(1, 2), (2, 1), (2, -1), (1, -2), (-1, -2), (-2, -1), (-2, 1), (-1, 2)];
        const KING: [(i8, i8); 8] = [(1, 0), (-1, 0), (0, 1), (0, -1), (1, 1), (1, -1), (-1, 1), (-1, -1)];
        let mut t = Tables {
            knight: [Bitboard::EMPTY; 64],
            king: [Bitboard::EMPTY; 64],
            pawn: [[Bitboard::EMPTY; 64]; 2],
            rook: [Magic { mask: 0, magic: 0, shift: 0, offset: 0 }; 64],
            bishop: [Magic { mask: 0, magic: 0, shift: 0, offset: 0 }; 64],
            sliders: Vec::new(),
            between: vec![Bitboard::EMPTY; 64 * 64],
            line: vec![Bitboard::EMPTY; 64 * 64],
        };
        for sq in Square::all() {
            let i = sq.index();
            t.knight[i] = leaps(sq, &KNIGHT);
            t.king[i] = leaps(sq, &KING);
            t.pawn[Color::White.index()][i] = leaps(sq, &[(-1, 1), (1, 1)]);
            t.pawn[Color::Black.index()][i] = leaps(sq, &[(-1, -1), (1, -1)]);
        }
        for (magics, dirs, table) in
            [(&ROOK_MAGICS, &ROOK_DIRS, &mut t.rook), (&BISHOP_MAGICS, &BISHOP_DIRS, &mut t.bishop)]
        {
            for sq in Square::all() {
                let mask = relevant_mask(sq, dirs);
                let bits = mask.count_ones();
                let magic = Magic { mask, magic: magics[sq.index()], shift: 64 - bits, offset: t.sliders.len() };
                t.sliders.resize(t.sliders.len() + (1 << bits), Bitboard::EMPTY);
                let mut filled = vec![false; 1 << bits];
                for occ in subsets(mask) {
                    let attacks = slide(sq, dirs, Bitboard(occ));
                    let idx = magic.index(Bitboard(occ));
                    let slot = &mut t.sliders[idx];
                    assert!(!filled[idx - magic.offset] || *slot == attacks, "magic for {sq} collides");
                    filled[idx - magic.offset] = true;
                    *slot = attacks;
                }
                table[sq.index()] = magic;
            }
        }
        for a in Square::all() {
            for &(df, dr) in ROOK_DIRS.iter().chain(&BISHOP_DIRS) {
                let line = slide(a, &[(df, dr), (-df, -dr)], Bitboard::EMPTY).with(a);
                for b in slide(a, &[(df, dr)], Bitboard::EMPTY) {
                    let i = a.index() * 64 + b.index();
                    t.between[i] =
                        slide(a, &[(df, dr)], Bitboard::from(b)) & slide(b, &[(-df, -dr)], Bitboard::from(a));
                    t.line[i] = line;
                }
            }
        }
        t
    }
}

#[inline]
pub fn knight_attacks(sq: Square) -> Bitboard {
    TABLES.knight[sq.index()]
}

#[inline]
pub fn king_attacks(sq: Square) -> Bitboard {
    TABLES.king[sq.index()]
}

/// Squares a pawn of `color` on `sq` attacks (its diagonal captures).
#[inline]
pub fn pawn_attacks(color: Color, sq: Square) -> Bitboard {
    TABLES.pawn[color.index()][sq.index()]
}

#[inline]
pub fn rook_attacks(sq: Square, occupied: Bitboard) -> Bitboard {
    let t = &*TABLES;
    t.sliders[t.rook[sq.index()].index(occupied)]
}

#[inline]
pub fn bishop_attacks(sq: Square, occupied: Bitboard) -> Bitboard {
    let t = &*TABLES;
    t.sliders[t.bishop[sq.index()].index(occupied)]
}

#[inline]
pub fn queen_attacks(sq: Square, occupied: Bitboard) -> Bitboard {
    rook_attacks(sq, occupied) | bishop_attacks(sq, occupied)
}

/// Attacks of a non-pawn piece (pawns attack differently by colour: see [`pawn_attacks`]).
#[inline]
pub fn piece_attacks(role: Role, sq: Square, occupied: Bitboard) -> Bitboard {
    match role {
        Role::Knight => knight_attacks(sq),
        Role::Bishop => bishop_attacks(sq, occupied),
        Role::Rook => rook_attacks(sq, occupied),
        Role::Queen => queen_attacks(sq, occupied),
        Role::King => king_attacks(sq),
        Role::Pawn => Bitboard::EMPTY,
    }
}

/// Squares strictly between `a` and `b` when they share a rank, file or diagonal.
#[inline]
pub fn between(a: Square, b: Square) -> Bitboard {
    TABLES.between[a.index() * 64 + b.index()]
}

/// The full line through `a` and `b` (empty when they share no line).
#[inline]
pub fn line(a: Square, b: Square) -> Bitboard {
    TABLES.line[a.index() * 64 + b.index()]
}

/// Builds the tables now rather than on first use, so benchmarks do not time it.
pub fn warm_up() {
    LazyLock::force(&TABLES);
}

/// Where a pawn of `color` on `from` may step forward among `occupied`: one square if it is
/// empty, and two from its starting rank when `double_step` is allowed and both are empty.
pub fn pawn_pushes(color: Color, from: Square, occupied: Bitboard, double_step: bool) -> Bitboard {
    let forward: i8 = if color == Color::White { 1 } else { -1 };
    let start_rank = if color == Color::White { 1 } else { 6 };
    let Some(one) = from.offset(0, forward).filter(|s| !occupied.contains(*s)) else {
        return Bitboard::EMPTY;
    };
    let two = one.offset(0, forward).filter(|s| double_step && from.rank() == start_rank && !occupied.contains(*s));
    match two {
        Some(two) => Bitboard::from(one).with(two),
        None => Bitboard::from(one),
    }
}

#[cfg(test)]
pub(crate) mod tests {
    use super::*;

    /// Deterministic search for a collision-free magic (xorshift, sparse candidates).
    /// Used once to produce `rook_magics.in` / `bishop_magics.in`.
    pub(crate) fn find_magic(sq: Square, dirs: &[(i8, i8)], seed: &mut u64) -> u64 {
        let mask = relevant_mask(sq, dirs);
        let bits = mask.count_ones();
        let occs: Vec<u64> = subsets(mask).collect();
        let attacks: Vec<Bitboard> = occs.iter().map(|&o| slide(sq, dirs, Bitboard(o))).collect();
        let mut next = || {
            *seed ^= *seed << 13;
            *seed ^= *seed >> 7;
            *seed ^= *seed << 17;
            *seed
        };
        let mut used = vec![None; 1 << bits];
        loop {
            let magic = next() & next() & next();
            if (mask.wrapping_mul(magic) & 0xFF00_0000_0000_0000).count_ones() < 6 {
                continue;
            }
            used.iter_mut().for_each(|u| *u = None);
            let ok = occs.iter().zip(&attacks).all(|(&o, &a)| {
                let idx = (o.wrapping_mul(magic) >> (64 - bits)) as usize;
                match used[idx] {
                    None => {
                        used[idx] = Some(a);
                        true
                    }
                    Some(prev) => prev == a,
                }
            });
            if ok {
                return magic;
            }
        }
    }

    #[test]
    #[ignore = "regenerates the pinned magic constants; run by hand"]
    fn print_magics() {
        let mut seed = 0x2545_F491_4F6C_DD1D;
        for dirs in [&ROOK_DIRS, &BISHOP_DIRS] {
            let magics: Vec<String> =
                Square::all().map(|sq| format!("0x{:016x}", find_magic(sq, dirs, &mut seed))).collect();
            println!("[{}]", magics.join(", "));
        }
    }

    #[test]
    fn slider_tables_match_ray_walking() {
        let mut state = 0x1234_5678_9ABC_DEF1u64;
        for _ in 0..200 {
            state ^= state << 13;
            state ^= state >> 7;
            state ^= state << 17;
            let occ = Bitboard(state & state.rotate_left(29));
            for sq in Square::all() {
                assert_eq!(rook_attacks(sq, occ), slide(sq, &ROOK_DIRS, occ));
                assert_eq!(bishop_attacks(sq, occ), slide(sq, &BISHOP_DIRS, occ));
            }
        }
    }

    #[test]
    fn between_and_line_tables() {
        let sq = |s: &str| s.parse::<Square>().unwrap();
        assert_eq!(between(sq("a1"), sq("d4")), Bitboard::EMPTY.with(sq("b2")).with(sq("c3")));
        assert_eq!(between(sq("a1"), sq("b3")), Bitboard::EMPTY);
        assert_eq!(line(sq("b2"), sq("c3")).count(), 8);
        assert_eq!(line(sq("e1"), sq("e8")), Bitboard::file(4));
        assert_eq!(line(sq("a1"), sq("b3")), Bitboard::EMPTY);
    }
}
