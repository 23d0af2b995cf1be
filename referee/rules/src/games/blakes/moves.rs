//! How pieces move in Blake's Chess: the moves of orthodox chess without check (seed 003,
//! "Setup & Gameplay"), changed for one turn by invisibility (through one's own pieces),
//! secret passageway (off one side of the board and back on the other) and brainwashing (an
//! enemy pawn moving for the mover). Movement is written once, over the shared grid geometry.

use super::hands::Trump;
use super::state::{BlakesState, capturer_of};
use crate::geometry::grid::{Cell, Geometry, RectGrid, Step, movement_of, reachable};
use crate::geometry::{Bitboard, Square};
use crate::pieces::{Color, Role};

/// The ordinary board.
const PLANE: RectGrid = RectGrid::new(8, 8);

/// The board with its sides joined (secret passageway): a step off the a-file comes back on
/// the h-file and the other way round; ranks do not wrap.
pub struct Cylinder;

impl Geometry for Cylinder {
    fn cell_count(&self) -> usize {
        64
    }

    fn step(&self, from: Cell, step: Step) -> Option<(Cell, Step)> {
        let rank = (from / 8) as i16 + i16::from(step.ranks);
        let file = ((from % 8) as i16 + i16::from(step.files)).rem_euclid(8);
        (0..8).contains(&rank).then_some(((rank * 8 + file) as Cell, step))
    }

    fn cell_name(&self, cell: Cell) -> String {
        Square::new(cell as u8).to_string()
    }

    fn parse_cell(&self, name: &str) -> Option<Cell> {
        name.parse::<Square>().ok().map(|s| s.index() as Cell)
    }
}

/// One capture the mover may declare.
#[derive(Copy, Clone, Debug, Eq, PartialEq)]
pub struct Capture {
    /// The attacking piece.
    pub from: Square,
    /// Where it lands if it wins.
    pub to: Square,
    /// Where the defending piece stands (differs from `to` for en passant).
    pub victim: Square,
}

/// The last rank of `color`'s pawns.
pub fn last_rank(color: Color) -> u8 {
    color.other().back_rank()
}

fn cell(sq: Square) -> Cell {
    sq.index() as Cell
}

fn square(cell: Cell) -> Square {
    Square::new(cell as u8)
}

impl BlakesState {
    fn geometry(&self) -> &'static dyn Geometry {
        if self.play.has(Trump::SecretPassageway) { &Cylinder } else { &PLANE }
    }

    /// The squares that stop a moving piece of the mover: every piece, or with invisibility
    /// only the enemy's.
    fn blockers(&self) -> Bitboard {
        let theirs = self.board.by_color(self.to_move.other());
        if self.play.has(Trump::Invisibility) { theirs } else { self.board.occupied() }
    }

    /// Where the mover's piece on `from` could go by its movement, enemy squares included, own
    /// squares left out; pawns: only their diagonal captures.
    fn reach(&self, from: Square) -> Bitboard {
        let Some(piece) = self.board.piece_at(from) else { return Bitboard::EMPTY };
        let geometry = self.geometry();
        let blockers = self.blockers();
        let cells = match piece.role {
            Role::Pawn => {
                let forward = if piece.color == Color::White { 1 } else { -1 };
                [-1, 1]
                    .into_iter()
                    .filter_map(|df| geometry.step(cell(from), Step { files: df, ranks: forward }).map(|(c, _)| c))
                    .collect()
            }
            role => reachable(geometry, cell(from), movement_of(role), &|c| blockers.contains(square(c))),
        };
        let mut out: Bitboard = cells.into_iter().map(square).collect();
        out &= !self.board.by_color(piece.color);
        if self.play.brainwashed == Some(from) {
            out &= !Bitboard::rank(last_rank(piece.color));
        }
        out
    }

    /// The squares the mover's piece on `from` may attack: enemy pieces in its reach.
    pub fn attack_squares(&self, from: Square) -> Bitboard {
        self.reach(from) & self.board.by_color(self.to_move.other())
    }

    /// The pawn on `from`'s steps forward: one square onto an empty one, two from its second
    /// rank when both are free (with invisibility the first may hold one of its own pieces).
    fn pawn_pushes(&self, from: Square) -> Bitboard {
        let us = self.to_move;
        let forward = if us == Color::White { 1 } else { -1 };
        let occupied = self.board.occupied();
        let Some(one) = from.offset(0, forward) else { return Bitboard::EMPTY };
        let mut out = Bitboard::EMPTY;
        if !occupied.contains(one) {
            out = out.with(one);
        }
        let start = if us == Color::White { 1 } else { 6 };
        let passable = !self.blockers().contains(one);
        if from.rank() == start
            && passable
            && let Some(two) = one.offset(0, forward).filter(|s| !occupied.contains(*s))
        {
            out = out.with(two);
        }
        if self.play.brainwashed == Some(from) {
            out &= !Bitboard::rank(last_rank(us));
        }
        out
    }

    /// The mover's castling moves, as (king's square, king's destination): the king on its
    /// own square, a rook of its side on a corner that keeps its right, the squares between
    /// them empty. There is no check, so attacked squares do not matter.
    fn castlings(&self) -> Vec<(Square, Square)> {
        let us = self.to_move;
        let rank = us.back_rank();
        let king = Square::from_coords(4, rank);
        if self.board.piece_at(king).is_none_or(|p| p.color != us || p.role != Role::King) {
            return Vec::new();
        }
        let mut out = Vec::new();
        for (corner_file, between, dest) in [(7u8, &[5u8, 6][..], 6u8), (0, &[1, 2, 3][..], 2)] {
            let corner = Square::from_coords(corner_file, rank);
            let rook = self.board.piece_at(corner).is_some_and(|p| p.color == us && p.role == Role::Rook);
            let clear = between.iter().all(|f| !self.board.occupied().contains(Square::from_coords(*f, rank)));
            if rook && clear && self.castling.contains(corner) {
                out.push((king, Square::from_coords(dest, rank)));
            }
        }
        out
    }

    /// Whether `from`→`to` by the king is castling.
    pub fn is_castling(&self, from: Square, to: Square) -> bool {
        self.board.role_at(from) == Some(Role::King) && from.rank() == to.rank() && from.file().abs_diff(to.file()) == 2
    }

    /// Every move of the mover that captures nothing, as (from, to, promotion); a pawn reaching
    /// the last rank is listed once per piece it may become.
    pub fn quiet_moves(&self) -> Vec<(Square, Square, Option<Role>)> {
        let us = self.to_move;
        let mut out = Vec::new();
        for from in self.board.by_color(us) {
            let role = self.board.role_at(from).expect("occupied");
            let to = match role {
                Role::Pawn => self.pawn_pushes(from),
                _ => self.reach(from) & !self.board.occupied(),
            };
            for sq in to {
                push_promotions(&mut out, (from, sq), role == Role::Pawn && sq.rank() == last_rank(us));
            }
        }
        out.extend(self.castlings().into_iter().map(|(k, d)| (k, d, None)));
        out
    }

    /// The en passant capture of the pawn on `from`, if it has one.
    fn en_passant(&self, from: Square) -> Option<Capture> {
        let ep = self.ep?;
        let us = self.to_move;
        let pawn = self.board.piece_at(from)?;
        if pawn.role != Role::Pawn || capturer_of(ep) != us || self.play.brainwashed == Some(from) {
            return None;
        }
        let victim = Square::from_coords(ep.file(), from.rank());
        let beside = self.board.piece_at(victim).is_some_and(|p| p.color != us && p.role == Role::Pawn);
        let diagonal = self.reach(from).contains(ep);
        (beside && diagonal && !self.board.occupied().contains(ep)).then_some(Capture { from, to: ep, victim })
    }

    /// Every capture the mover may declare.
    pub fn captures(&self) -> Vec<Capture> {
        let mut out = Vec::new();
        for from in self.board.by_color(self.to_move) {
            out.extend(self.attack_squares(from).into_iter().map(|to| Capture { from, to, victim: to }));
            out.extend(self.en_passant(from));
        }
        out
    }

    /// The mover's pieces other than `lead` that could capture the piece on `victim` too: the
    /// partners of a tag-team attack.
    pub fn partners(&self, lead: Square, victim: Square) -> Vec<Square> {
        (self.board.by_color(self.to_move).without(lead)).filter(|p| self.attack_squares(*p).contains(victim)).collect()
    }

    /// Whether a pawn declaring `capture` would land on its last rank, and so name a promotion.
    pub fn promotes(&self, capture: &Capture) -> bool {
        self.board.role_at(capture.from) == Some(Role::Pawn) && capture.to.rank() == last_rank(self.to_move)
    }
}

/// Adds `from`→`to`, once per promotion piece when `promotes`.
pub fn push_promotions(out: &mut Vec<(Square, Square, Option<Role>)>, (from, to): (Square, Square), promotes: bool) {
    if promotes {
        out.extend(Role::PROMOTIONS.into_iter().map(|p| (from, to, Some(p))));
    } else {
        out.push((from, to, None));
    }
}
