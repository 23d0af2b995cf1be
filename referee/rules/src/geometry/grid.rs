//! A general board: cells joined by steps, with piece movement written once over it.
//!
//! Orthodox 8×8 play uses the faster bitboards in [`crate::chess`]; this layer carries the
//! boards that are not a plain 8×8 square: Chess Battle's N×N board and Whack's four movable
//! wedge sections, where stepping over a seam between sections can turn the direction of
//! travel, and a diagonal may have to stop at a junction of sections.

use crate::pieces::Role;

/// A cell of a [`Geometry`], numbered `0..cell_count()`.
pub type Cell = u16;

/// A direction of travel as whole files and ranks, e.g. `(1, 2)` for a knight's leap.
#[derive(Copy, Clone, Debug, Eq, PartialEq, Hash)]
pub struct Step {
    pub files: i8,
    pub ranks: i8,
}

const fn steps<const N: usize>(pairs: [(i8, i8); N]) -> [Step; N] {
    let mut out = [Step { files: 0, ranks: 0 }; N];
    let mut i = 0;
    while i < N {
        out[i] = Step { files: pairs[i].0, ranks: pairs[i].1 };
        i += 1;
    }
    out
}

pub const ORTHOGONAL: [Step; 4] = steps([(1, 0), (-1, 0), (0, 1), (0, -1)]);
pub const DIAGONAL: [Step; 4] = steps([(1, 1), (1, -1), (-1, 1), (-1, -1)]);
pub const KING_STEPS: [Step; 8] = steps([(1, 0), (-1, 0), (0, 1), (0, -1), (1, 1), (1, -1), (-1, 1), (-1, -1)]);
pub const KNIGHT_STEPS: [Step; 8] = steps([(1, 2), (2, 1), (2, -1), (1, -2), (-1, -2), (-2, -1), (-2, 1), (-1, 2)]);

/// How a piece travels: a leaper jumps one step of each kind; a slider repeats a step until
/// it leaves the board, meets a piece or the geometry stops it.
#[derive(Copy, Clone, Debug)]
pub enum Movement {
    Leaper(&'static [Step]),
    Slider(&'static [Step]),
}

/// The capture movement of each piece other than the pawn, whose moves depend on its side.
pub fn movement_of(role: Role) -> &'static [Movement] {
    match role {
        Role::Knight => &[Movement::Leaper(&KNIGHT_STEPS)],
        Role::Bishop => &[Movement::Slider(&DIAGONAL)],
        Role::Rook => &[Movement::Slider(&ORTHOGONAL)],
        Role::Queen => &[Movement::Slider(&KING_STEPS)],
        Role::King => &[Movement::Leaper(&KING_STEPS)],
        Role::Pawn => &[],
    }
}

/// A board shape. Each game on an unusual board implements this once.
pub trait Geometry {
    fn cell_count(&self) -> usize;

    /// One step from `from`. Returns the cell reached and the direction to keep travelling in
    /// (a seam between two sections may turn it), or `None` at an edge.
    fn step(&self, from: Cell, step: Step) -> Option<(Cell, Step)>;

    /// True where a slider travelling in `step` must stop even though the next cell exists
    /// (Whack Chess: diagonals end at a junction of three or five section corners).
    fn slider_stops_at(&self, _cell: Cell, _step: Step) -> bool {
        false
    }

    /// Every cell a leaper's jump of `step` from `from` may land on, added to `out`. On a plain
    /// grid that is the one cell [`Geometry::step`] reaches; where seams turn the board, the
    /// ways to make the jump (a knight's two-then-one and one-then-two, a king's diagonal
    /// around a junction of sections) may end on different cells, and each is a target.
    fn leap(&self, from: Cell, step: Step, out: &mut Vec<Cell>) {
        out.extend(self.step(from, step).map(|(cell, _)| cell));
    }

    fn cell_name(&self, cell: Cell) -> String;
    fn parse_cell(&self, name: &str) -> Option<Cell>;
}

/// Cells a piece with `movement` reaches from `from`: empty cells, plus the first occupied
/// cell on each line (the capture candidate; the caller decides whose piece it is).
pub fn reachable(
    geometry: &dyn Geometry,
    from: Cell,
    movement: &[Movement],
    occupied: &dyn Fn(Cell) -> bool,
) -> Vec<Cell> {
    let mut out = Vec::new();
    for m in movement {
        match *m {
            Movement::Leaper(steps) => {
                for &s in steps {
                    geometry.leap(from, s, &mut out);
                }
            }
            Movement::Slider(steps) => {
                for &s in steps {
                    let (mut cell, mut dir) = (from, s);
                    // A ray can never be longer than the board; the bound also stops a
                    // geometry whose seams form a loop from travelling forever.
                    for _ in 0..geometry.cell_count() {
                        let Some((next, next_dir)) = geometry.step(cell, dir) else { break };
                        if next == from {
                            break;
                        }
                        out.push(next);
                        if occupied(next) || geometry.slider_stops_at(next, next_dir) {
                            break;
                        }
                        (cell, dir) = (next, next_dir);
                    }
                }
            }
        }
    }
    out.sort_unstable();
    out.dedup();
    out
}

/// A rectangle of `files` × `ranks` cells, named like a chess board (a1 is the corner at the
/// first player's left). Chess Battle plays on an N×N one; 8×8 is the ordinary board.
#[derive(Copy, Clone, Debug, Eq, PartialEq)]
pub struct RectGrid {
    pub files: u8,
    pub ranks: u8,
}

impl RectGrid {
    pub const fn new(files: u8, ranks: u8) -> RectGrid {
        RectGrid { files, ranks }
    }

    pub fn cell(&self, file: u8, rank: u8) -> Cell {
        rank as Cell * self.files as Cell + file as Cell
    }

    pub fn coords(&self, cell: Cell) -> (u8, u8) {
        ((cell % self.files as Cell) as u8, (cell / self.files as Cell) as u8)
    }
}

impl Geometry for RectGrid {
    fn cell_count(&self) -> usize {
        self.files as usize * self.ranks as usize
    }

    fn step(&self, from: Cell, step: Step) -> Option<(Cell, Step)> {
        let (f, r) = self.coords(from);
        let f = f as i16 + step.files as i16;
        let r = r as i16 + step.ranks as i16;
        if (0..self.files as i16).contains(&f) && (0..self.ranks as i16).contains(&r) {
            Some((self.cell(f as u8, r as u8), step))
        } else {
            None
        }
    }

    /// Files are letters a..z; ranks are numbers from 1.
    fn cell_name(&self, cell: Cell) -> String {
        let (f, r) = self.coords(cell);
        format!("{}{}", (b'a' + f) as char, r + 1)
    }

    fn parse_cell(&self, name: &str) -> Option<Cell> {
        let mut chars = name.chars();
        let file = chars.next()?;
        if !file.is_ascii_lowercase() {
            return None;
        }
        let file = file as u8 - b'a';
        let rank: u8 = chars.as_str().parse().ok()?;
        (file < self.files && rank >= 1 && rank <= self.ranks).then(|| self.cell(file, rank - 1))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::chess::attacks;
    use crate::geometry::{Bitboard, Square};

    /// The generic movement over an 8×8 grid must agree with the bitboard attack tables for
    /// every piece, square and a spread of occupancies: two independent implementations.
    #[test]
    fn generic_movement_matches_bitboard_attacks_on_8x8() {
        let grid = RectGrid::new(8, 8);
        let mut state = 0x9E37_79B9_7F4A_7C15u64;
        for _ in 0..64 {
            state ^= state << 13;
            state ^= state >> 7;
            state ^= state << 17;
            let occ = Bitboard(state & state.rotate_left(17));
            for sq in Square::all() {
                for role in [Role::Knight, Role::Bishop, Role::Rook, Role::Queen, Role::King] {
                    let occupied = |c: Cell| occ.contains(Square::new(c as u8));
                    let generic: Bitboard = reachable(&grid, sq.index() as Cell, movement_of(role), &occupied)
                        .into_iter()
                        .map(|c| Square::new(c as u8))
                        .collect();
                    assert_eq!(generic, attacks::piece_attacks(role, sq, occ), "{role} on {sq}");
                }
            }
        }
    }

    #[test]
    fn n_by_n_boards_name_and_bound_their_cells() {
        let grid = RectGrid::new(10, 10);
        assert_eq!(grid.cell_count(), 100);
        let j10 = grid.parse_cell("j10").unwrap();
        assert_eq!(grid.cell_name(j10), "j10");
        assert_eq!(grid.parse_cell("k1"), None);
        assert_eq!(grid.parse_cell("a11"), None);
        // A rook in the corner of a 10×10 board reaches 18 cells on an empty board.
        let a1 = grid.parse_cell("a1").unwrap();
        assert_eq!(reachable(&grid, a1, movement_of(Role::Rook), &|_| false).len(), 18);
        // A knight on a 2×2 board has nowhere to go (Chess Battle's exceptional case).
        let tiny = RectGrid::new(2, 2);
        assert!(reachable(&tiny, 0, movement_of(Role::Knight), &|_| false).is_empty());
    }

    /// A geometry with a seam: a 2-wide strip whose right edge turns back onto the next strip
    /// reversed, standing in for a wedge joined at an angle. Sliders follow the turn.
    struct Folded;
    impl Geometry for Folded {
        fn cell_count(&self) -> usize {
            8
        }
        fn step(&self, from: Cell, step: Step) -> Option<(Cell, Step)> {
            // Cells 0..4 are a row left to right; 4..8 continue after a fold, right to left.
            match (from, step.files, step.ranks) {
                (3, 1, 0) => Some((4, Step { files: -1, ranks: 0 })),
                (4, 1, 0) => Some((3, Step { files: -1, ranks: 0 })),
                (c, 1, 0) if c < 3 => Some((c + 1, step)),
                (c, -1, 0) if (1..4).contains(&c) => Some((c - 1, step)),
                (c, -1, 0) if (4..7).contains(&c) => Some((c + 1, step)),
                (c, 1, 0) if (5..8).contains(&c) => Some((c - 1, step)),
                _ => None,
            }
        }
        fn slider_stops_at(&self, cell: Cell, _step: Step) -> bool {
            cell == 6
        }
        fn cell_name(&self, cell: Cell) -> String {
            cell.to_string()
        }
        fn parse_cell(&self, name: &str) -> Option<Cell> {
            name.parse().ok()
        }
    }

    #[test]
    fn sliders_follow_seams_and_stop_where_the_geometry_says() {
        let cells = reachable(&Folded, 0, &[Movement::Slider(&[Step { files: 1, ranks: 0 }])], &|_| false);
        assert_eq!(cells, vec![1, 2, 3, 4, 5, 6]);
        let blocked = reachable(&Folded, 0, &[Movement::Slider(&[Step { files: 1, ranks: 0 }])], &|c| c == 2);
        assert_eq!(blocked, vec![1, 2]);
    }
}
