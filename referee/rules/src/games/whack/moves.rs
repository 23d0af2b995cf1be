//! Moving pieces (seed, "Play" and "Resolution"): where each piece goes across the geometry,
//! stacking onto one's own pieces, capturing, what is attacked, and which moves a side may not
//! make because of its kings.
//!
//! Pawns step one cell orthogonally (any direction) and capture one cell diagonally (any
//! direction); they stack by an orthogonal step only. The other pieces move as in chess over
//! [`WhackGeometry`], written once in [`crate::geometry::grid`]. A king is any five-pip stack
//! and a side may have several; "check" is an attack on any of them.
//!
//! By default a king already in check may stay so, but no move may put a king in check or
//! bring another attacker onto a king already in check (a pinned piece stays pinned). Under
//! the chess rule (an option) a move must answer every check; where no move can, it must
//! keep as many kings out of check as any move can, at least one.

use super::geometry::WhackGeometry;
use super::pyramids::{Piece, StackRefusal, may_stack};
use crate::geometry::grid::{Cell, DIAGONAL, KNIGHT_STEPS, Movement, ORTHOGONAL, movement_of, reachable};
use crate::pieces::{Color, Role};

/// A set of cells, one bit per cell (the game's board has 64).
pub type Cells = u64;

/// The set holding `cell` alone.
pub fn bit(cell: Cell) -> Cells {
    1 << cell
}

/// The cells of a set, in order.
pub fn members(set: Cells) -> impl Iterator<Item = Cell> {
    (0..64).filter(move |c| set & (1 << c) != 0)
}

const PAWN_STEPS: [Movement; 1] = [Movement::Leaper(&ORTHOGONAL)];
const PAWN_CAPTURES: [Movement; 1] = [Movement::Leaper(&DIAGONAL)];

/// What a move does at its end.
#[derive(Copy, Clone, Debug, Eq, PartialEq)]
pub enum Kind {
    /// Onto an empty cell.
    Step,
    /// Onto an opposing piece, which is taken.
    Capture,
    /// Onto one's own piece, stacking on it.
    Stack,
}

/// A piece's move from one cell to another.
#[derive(Copy, Clone, Debug, Eq, PartialEq, Hash, Ord, PartialOrd)]
pub struct Move {
    /// Where the piece stands.
    pub from: Cell,
    /// Where it goes.
    pub to: Cell,
}

/// Which kings a side may leave in check (an option; see the rules page).
#[derive(Copy, Clone, Debug, Eq, PartialEq)]
pub enum CheckRule {
    /// A king already in check may stay so (and may then be captured); a move may not put a
    /// king in check that was not, nor move a king into check, nor bring another attacker
    /// onto a king already in check.
    MayStayInCheck,
    /// As in chess: after one's move no king of one's side may be in check, when a move can
    /// do that; when none can, the move must keep as many kings out of check as any move can
    /// (at least one).
    MustAnswer,
}

/// Each king of a side with the cells of the opposing pieces that attack it.
pub type Attackers = Vec<(Cell, Cells)>;

/// The looks out from a cell that find its attackers: a movement, and the pieces that move so.
const LOOKS: [(Movement, &[Role]); 5] = [
    (Movement::Leaper(&DIAGONAL), &[Role::Pawn, Role::King]),
    (Movement::Leaper(&ORTHOGONAL), &[Role::King]),
    (Movement::Leaper(&KNIGHT_STEPS), &[Role::Knight]),
    (Movement::Slider(&DIAGONAL), &[Role::Bishop, Role::Queen]),
    (Movement::Slider(&ORTHOGONAL), &[Role::Rook, Role::Queen]),
];

/// Pieces standing on a geometry: what moves are decided on.
#[derive(Copy, Clone)]
pub struct Scene<'a> {
    /// How the cells join.
    pub geometry: &'a WhackGeometry,
    /// What stands on each cell.
    pub pieces: &'a [Option<Piece>],
}

impl Scene<'_> {
    fn occupied(&self) -> impl Fn(Cell) -> bool + '_ {
        |c| self.pieces[usize::from(c)].is_some()
    }

    /// The cells the piece on `from` could capture on (its attacks), whatever stands there.
    pub fn attacks_from(&self, from: Cell) -> Vec<Cell> {
        let Some(piece) = self.pieces[usize::from(from)] else { return Vec::new() };
        let movement: &[Movement] = match piece.role() {
            Role::Pawn => &PAWN_CAPTURES,
            role => movement_of(role),
        };
        reachable(self.geometry, from, movement, &self.occupied())
    }

    /// Every cell `side` attacks.
    pub fn attacks(&self, side: Color) -> Cells {
        self.cells_of(side).flat_map(|c| self.attacks_from(c)).fold(0, |set, c| set | bit(c))
    }

    /// The cells holding `side`'s pieces.
    pub fn cells_of(&self, side: Color) -> impl Iterator<Item = Cell> + '_ {
        (0..self.pieces.len() as Cell).filter(move |c| self.pieces[usize::from(*c)].is_some_and(|p| p.side == side))
    }

    /// The cells of `side`'s kings.
    pub fn kings(&self, side: Color) -> Cells {
        self.cells_of(side)
            .filter(|c| self.pieces[usize::from(*c)].is_some_and(Piece::is_king))
            .fold(0, |s, c| s | bit(c))
    }

    /// `side`'s kings in check.
    pub fn checked(&self, side: Color) -> Cells {
        members(self.kings(side)).filter(|k| self.is_attacked(*k, side.other())).fold(0, |s, k| s | bit(k))
    }

    /// Whether a piece of `by` attacks `cell`. Every way of moving is the same both ways over
    /// the geometry (a line, a jump, a step round a corner), so this looks out from `cell` with
    /// each movement for a piece of `by` that moves so.
    pub fn is_attacked(&self, cell: Cell, by: Color) -> bool {
        LOOKS.iter().any(|(movement, roles)| {
            reachable(self.geometry, cell, std::slice::from_ref(movement), &self.occupied())
                .into_iter()
                .any(|c| self.pieces[usize::from(c)].is_some_and(|p| p.side == by && roles.contains(&p.role())))
        })
    }

    /// The cells of the pieces of `by` that attack `cell` (looking out as [`Scene::is_attacked`]).
    pub fn attackers(&self, cell: Cell, by: Color) -> Cells {
        let mut out = 0;
        for (movement, roles) in &LOOKS {
            for c in reachable(self.geometry, cell, std::slice::from_ref(movement), &self.occupied()) {
                if self.pieces[usize::from(c)].is_some_and(|p| p.side == by && roles.contains(&p.role())) {
                    out |= bit(c);
                }
            }
        }
        out
    }

    /// Each king of `side` with the pieces that attack it.
    pub fn king_attackers(&self, side: Color) -> Attackers {
        members(self.kings(side)).map(|k| (k, self.attackers(k, side.other()))).collect()
    }

    /// `side`'s total of pips on the board.
    pub fn material(&self, side: Color) -> u32 {
        self.cells_of(side).filter_map(|c| self.pieces[usize::from(c)]).map(|p| u32::from(p.pips)).sum()
    }

    /// Where the piece on `from` may go by its movement, and what happens there, before any
    /// question of check: steps, captures and allowed stackings.
    pub fn targets(&self, from: Cell) -> Vec<(Cell, Kind)> {
        let Some(piece) = self.pieces[usize::from(from)] else { return Vec::new() };
        let mut out = Vec::new();
        let mut consider = |to: Cell, captures: bool, stacks: bool| match self.pieces[usize::from(to)] {
            None if stacks => out.push((to, Kind::Step)),
            Some(p) if p.side != piece.side && captures => out.push((to, Kind::Capture)),
            Some(p) if p.side == piece.side && stacks && may_stack(piece, p).is_ok() => out.push((to, Kind::Stack)),
            _ => {}
        };
        if piece.role() == Role::Pawn {
            // A pawn steps and stacks orthogonally, and captures diagonally.
            reachable(self.geometry, from, &PAWN_STEPS, &self.occupied())
                .into_iter()
                .for_each(|to| consider(to, false, true));
            reachable(self.geometry, from, &PAWN_CAPTURES, &self.occupied())
                .into_iter()
                .for_each(|to| consider(to, true, false));
        } else {
            self.attacks_from(from).into_iter().for_each(|to| consider(to, true, true));
        }
        out
    }

    /// The pieces after `mv` of kind `kind`.
    pub fn after(&self, mv: Move, kind: Kind) -> Vec<Option<Piece>> {
        let mut pieces = self.pieces.to_vec();
        let mover = pieces[usize::from(mv.from)].take().expect("a piece moves");
        pieces[usize::from(mv.to)] = Some(match (kind, pieces[usize::from(mv.to)]) {
            (Kind::Stack, Some(under)) => Piece { pips: mover.pips + under.pips, largest: under.largest, ..mover },
            _ => mover,
        });
        pieces
    }
}

/// The kings of `side` a move or a change of the board would put in check, or bring another
/// attacker onto, once the pieces and board become `after`: `before` are the side's kings
/// and their attackers now, `touched` the cells the change moves pieces from and to (a king
/// moved, or made by stacking, is not the one that stood there). Returns the kings put in
/// check and the kings already in check that would gain an attacker.
pub fn gained(before: &[(Cell, Cells)], after: &Scene, side: Color, touched: Cells) -> (Cells, Cells) {
    let (mut put, mut more) = (0, 0);
    for king in members(after.kings(side)) {
        let was = before.iter().find(|(k, _)| *k == king && touched & bit(king) == 0).map_or(0, |(_, a)| *a);
        if was == 0 {
            if after.is_attacked(king, side.other()) {
                put |= bit(king);
            }
        } else if after.attackers(king, side.other()) & !was != 0 {
            more |= bit(king);
        }
    }
    (put, more)
}

/// Why a move is not legal, in players' terms.
#[derive(Clone, Debug, Eq, PartialEq)]
pub enum Refusal {
    /// No piece of the mover's on the cell.
    NoPiece,
    /// The piece cannot get there by its movement.
    Unreachable(Role),
    /// The piece would land on one of its side it may not stack onto.
    Stacking(StackRefusal),
    /// A pawn may stack by an orthogonal step only.
    PawnStacksOrthogonally,
    /// The side would have no king left.
    LastKing,
    /// Kings of the side would be in check.
    Check {
        /// Kings put in check: not in check before, or moved or made by the move.
        put: Cells,
        /// Kings in check before that stay so (the chess rule).
        left: Cells,
        /// Kings in check before that would gain another attacker.
        more: Cells,
    },
    /// The chess rule, when no move answers every check: another move keeps `best` kings
    /// out of check, this one `safe`.
    FewerKingsSafe {
        /// Kings out of check after this move.
        safe: u32,
        /// The most any move keeps out of check.
        best: u32,
    },
}

/// Judges `mv` for `side`: its kind if legal.
pub fn judge(scene: &Scene, side: Color, mv: Move, rule: CheckRule) -> Result<Kind, Refusal> {
    let piece = scene.pieces[usize::from(mv.from)].filter(|p| p.side == side).ok_or(Refusal::NoPiece)?;
    let Some((_, kind)) = scene.targets(mv.from).into_iter().find(|(to, _)| *to == mv.to) else {
        return Err(unreachable_why(scene, piece, mv));
    };
    let before = scene.king_attackers(side);
    let kept = keeps(scene, side, mv, kind, rule, &before)?;
    if kept.in_check == 0 {
        return Ok(kind);
    }
    // The chess rule, and this move leaves a king in check: legal only if no move does better.
    let best = answering(every_kept(scene, side, rule, &before));
    match best.first() {
        Some((_, b)) if b.in_check != 0 && b.safe == kept.safe => Ok(kind),
        Some((_, b)) if b.in_check != 0 => Err(Refusal::FewerKingsSafe { safe: kept.safe, best: b.safe }),
        _ => {
            let checked = members(kept.in_check).filter(|k| {
                before.iter().any(|(c, a)| c == k && *a != 0) && (bit(mv.from) | bit(mv.to)) & bit(*k) == 0
            });
            let left = checked.fold(0, |s, k| s | bit(k));
            Err(Refusal::Check { put: kept.in_check & !left, left, more: 0 })
        }
    }
}

/// What a move the piece can make leaves of its side's kings.
#[derive(Copy, Clone, Debug)]
struct Kept {
    kind: Kind,
    /// The side's kings in check after it (only counted under the chess rule).
    in_check: Cells,
    /// How many of the side's kings are out of check after it (only under the chess rule).
    safe: u32,
}

/// Whether a move the piece can make (of `kind`) keeps the side's kings as the rule wants,
/// as far as the move alone decides (the chess rule also compares it with the other moves:
/// see [`answering`]).
fn keeps(
    scene: &Scene,
    side: Color,
    mv: Move,
    kind: Kind,
    rule: CheckRule,
    before: &Attackers,
) -> Result<Kept, Refusal> {
    let target = scene.pieces[usize::from(mv.to)];
    if kind == Kind::Stack && target.is_some_and(Piece::is_king) && scene.kings(side).count_ones() == 1 {
        return Err(Refusal::LastKing);
    }
    // Taking the opponent's last king ends the game at once: no king of the mover's can be
    // captured after it, so none is in danger.
    if kind == Kind::Capture && target.is_some_and(Piece::is_king) && scene.kings(side.other()).count_ones() == 1 {
        return Ok(Kept { kind, in_check: 0, safe: scene.kings(side).count_ones() });
    }
    let pieces = scene.after(mv, kind);
    let after = Scene { geometry: scene.geometry, pieces: &pieces };
    match rule {
        CheckRule::MayStayInCheck => match gained(before, &after, side, bit(mv.from) | bit(mv.to)) {
            (0, 0) => Ok(Kept { kind, in_check: 0, safe: 0 }),
            (put, more) => Err(Refusal::Check { put, left: 0, more }),
        },
        CheckRule::MustAnswer => {
            let in_check = after.checked(side);
            Ok(Kept { kind, in_check, safe: (after.kings(side) & !in_check).count_ones() })
        }
    }
}

/// Every move of `side` its kings allow, as far as each move alone decides.
fn every_kept(scene: &Scene, side: Color, rule: CheckRule, before: &Attackers) -> Vec<(Move, Kept)> {
    let mut out = Vec::new();
    for from in scene.cells_of(side) {
        for (to, kind) in scene.targets(from) {
            let mv = Move { from, to };
            if let Ok(kept) = keeps(scene, side, mv, kind, rule, before) {
                out.push((mv, kept));
            }
        }
    }
    out
}

/// Of the moves the kings allow one by one, those the chess rule allows: the moves that
/// leave no king in check if there are any, else those that keep the most kings out of check,
/// if that is at least one. (Under the default rule every move left has `in_check` 0.)
fn answering(mut moves: Vec<(Move, Kept)>) -> Vec<(Move, Kept)> {
    if moves.iter().any(|(_, k)| k.in_check == 0) {
        moves.retain(|(_, k)| k.in_check == 0);
    } else {
        let best = moves.iter().map(|(_, k)| k.safe).max().unwrap_or(0);
        moves.retain(|(_, k)| best > 0 && k.safe == best);
    }
    moves
}

/// Why `piece` cannot get from `mv.from` to `mv.to` at all.
fn unreachable_why(scene: &Scene, piece: Piece, mv: Move) -> Refusal {
    let Some(target) = scene.pieces[usize::from(mv.to)].filter(|p| p.side == piece.side) else {
        return Refusal::Unreachable(piece.role());
    };
    let along = if piece.role() == Role::Pawn {
        reachable(scene.geometry, mv.from, &PAWN_STEPS, &|_| false).contains(&mv.to)
    } else {
        scene.attacks_from(mv.from).contains(&mv.to)
    };
    match may_stack(piece, target) {
        Err(why) if along => Refusal::Stacking(why),
        _ if piece.role() == Role::Pawn && scene.attacks_from(mv.from).contains(&mv.to) => {
            Refusal::PawnStacksOrthogonally
        }
        _ => Refusal::Unreachable(piece.role()),
    }
}

/// Every legal move of `side`, with its kind.
pub fn legal_moves(scene: &Scene, side: Color, rule: CheckRule) -> Vec<(Move, Kind)> {
    let before = scene.king_attackers(side);
    answering(every_kept(scene, side, rule, &before)).into_iter().map(|(mv, k)| (mv, k.kind)).collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::whack::{embedding, layout, notation, pyramids};
    use crate::geometry::grid::Geometry;

    const TRACK: &str = "1,2bc=1cd,3ab=2da,4cd=3cd";

    fn scene(pieces: &str) -> (WhackGeometry, Vec<Option<Piece>>) {
        scene_on(TRACK, pieces)
    }

    fn scene_on(arrangement: &str, pieces: &str) -> (WhackGeometry, Vec<Option<Piece>>) {
        let places = layout::read(arrangement).unwrap();
        let geometry = WhackGeometry::new(4, &embedding::board(&places).unwrap());
        let pieces = pyramids::pieces(&notation::read_pieces(pieces, 4).unwrap(), 64);
        (geometry, pieces)
    }

    fn moves_from(g: &WhackGeometry, pieces: &[Option<Piece>], from: &str) -> Vec<String> {
        let from = g.parse_cell(from).unwrap();
        let scene = Scene { geometry: g, pieces };
        let side = pieces[usize::from(from)].unwrap().side;
        let mut out: Vec<String> = legal_moves(&scene, side, CheckRule::MayStayInCheck)
            .into_iter()
            .filter(|(m, _)| m.from == from)
            .map(|(m, _)| g.cell_name(m.to))
            .collect();
        out.sort();
        out
    }

    /// Looking out from a cell finds exactly the pieces whose attacks reach it.
    #[test]
    fn looking_out_from_a_cell_agrees_with_every_pieces_attacks() {
        let pieces = "PNBR/K(221)QKp/bnrq/k(32)pbn|P1N1/1b2/2Q1/r3|1pB1/4/K3/3n|pppp/brkb/nqrn/pppp";
        // The track, and a board with a junction of three wide corners (sections 1, 2, 3).
        for arrangement in [TRACK, "1,2ab=1da,3da=1ab,4cd=3cd"] {
            let (g, pieces) = scene_on(arrangement, pieces);
            let scene = Scene { geometry: &g, pieces: &pieces };
            for side in Color::ALL {
                let attacks = scene.attacks(side);
                for cell in 0..64 {
                    assert_eq!(
                        scene.is_attacked(cell, side),
                        attacks & bit(cell) != 0,
                        "{side} on {}",
                        g.cell_name(cell)
                    );
                }
            }
        }
    }

    #[test]
    fn a_pawn_steps_orthogonally_and_captures_diagonally_in_any_direction() {
        // A Fire pawn on 1b2 with an Ice pawn on 1c3 and 1a1, a Fire pawn on 1b3, Fire's king on 1d1.
        let (g, pieces) = scene("p2K/1P2/1Pp1/4|4/4/4/4|4/4/4/4|4/4/4/3k");
        assert_eq!(moves_from(&g, &pieces, "1b2"), ["1a1", "1a2", "1b1", "1b3", "1c2", "1c3"]);
    }

    #[test]
    fn a_pinned_piece_may_not_uncover_a_check_on_its_king() {
        // Fire's king on 1b1, its knight on 1b2, Ice's rook on 1b4: the knight may not move.
        let (g, pieces) = scene("1K2/1N2/4/1r2|4/4/4/4|4/4/4/4|4/4/4/3k");
        assert!(moves_from(&g, &pieces, "1b2").is_empty());
        let scene = Scene { geometry: &g, pieces: &pieces };
        let mv = Move { from: g.parse_cell("1b2").unwrap(), to: g.parse_cell("1d3").unwrap() };
        assert_eq!(
            judge(&scene, Color::White, mv, CheckRule::MayStayInCheck),
            Err(Refusal::Check { put: bit(g.parse_cell("1b1").unwrap()), left: 0, more: 0 })
        );
    }
}
