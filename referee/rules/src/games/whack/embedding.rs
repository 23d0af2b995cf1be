//! Where the sections lie on the table, and whether an arrangement is a board: no two sections
//! overlap, sections that touch along a line touch edge to edge (same-sized edges, cell to
//! cell), and the edge joins hold the board together. Everything is decided exactly on the
//! lattice of [`super::plane`].

use super::plane::{Motion, Point};
use super::section::{self, Edge};
use serde::{Deserialize, Serialize};

/// A section's number in the arrangement, from 0 (written from 1 in the notation).
pub type SectionId = u8;

/// One side of a join: a section and one of its edges.
#[derive(Copy, Clone, Debug, Eq, PartialEq, Hash, Ord, PartialOrd, Serialize, Deserialize)]
pub struct Side {
    /// The section.
    pub section: SectionId,
    /// Its edge.
    pub edge: Edge,
}

/// Two sections joined along a whole same-sized edge each, the ends matched crosswise (the
/// first cell of one edge, anticlockwise, meets the last of the other).
#[derive(Copy, Clone, Debug, Eq, PartialEq, Hash, Ord, PartialOrd, Serialize, Deserialize)]
pub struct Join {
    /// The section with the lower number.
    pub a: Side,
    /// The other.
    pub b: Side,
}

impl Join {
    /// The side of the join on `section`, if it is one of the two.
    pub fn side_of(&self, section: SectionId) -> Option<(Side, Side)> {
        if self.a.section == section {
            Some((self.a, self.b))
        } else if self.b.section == section {
            Some((self.b, self.a))
        } else {
            None
        }
    }
}

/// Why an arrangement is not a board.
#[derive(Copy, Clone, Debug, Eq, PartialEq)]
pub enum Fault {
    /// The two sections would overlap.
    Overlap(SectionId, SectionId),
    /// The two sections would touch along part of an edge, or along edges of different
    /// sizes, rather than edge to edge.
    Misaligned(SectionId, SectionId),
    /// The joins do not hold every section to the rest.
    Apart,
}

impl Fault {
    /// The fault in players' words (sections numbered from 1).
    pub fn sentence(self) -> String {
        match self {
            Fault::Overlap(a, b) => format!("sections {} and {} would overlap", a + 1, b + 1),
            Fault::Misaligned(a, b) => format!(
                "sections {} and {} would touch along part of an edge; sections join whole edge to whole edge, cell to cell",
                a + 1,
                b + 1
            ),
            Fault::Apart => "the board would fall into separate parts".to_string(),
        }
    }
}

/// The corners A, B, C, D of a section placed by `at`, anticlockwise.
pub fn outline(at: Motion) -> [Point; 4] {
    section::corners().map(|p| at.apply(p))
}

/// Where a section goes when its `edge` is laid along `onto`'s `onto_edge` (the section with
/// `onto`'s place), face up; `None` when the edges differ in size or cannot meet face up.
pub fn laid_along(edge: Edge, onto: Motion, onto_edge: Edge) -> Option<Motion> {
    if edge.is_short() != onto_edge.is_short() {
        return None;
    }
    let (start, end) = edge.ends();
    let (to_start, to_end) = onto_edge.ends();
    let (to_start, to_end) = (onto.apply(to_start), onto.apply(to_end));
    // Anticlockwise edges of two sections side by side run opposite ways.
    let turns = (0..6).find(|&t| (end - start).turned(t) == to_start - to_end)?;
    Some(Motion { turns, shift: to_end - start.turned(turns) })
}

/// Whether the kites `p` and `q` share inner points: no edge of either has the other wholly
/// on its outer side (two convex shapes apart are parted by a line along one of their edges).
fn overlap(p: &[Point; 4], q: &[Point; 4]) -> bool {
    let parts = |p: &[Point; 4], q: &[Point; 4]| {
        (0..4).any(|i| {
            let (a, b) = (p[i], p[(i + 1) % 4]);
            q.iter().all(|&c| (b - a).cross(c - a) <= 0)
        })
    };
    !(parts(p, q) || parts(q, p))
}

/// How two edges `a0→a1`, `b0→b1` touch: `None` when not along a stretch of line, `Some(true)`
/// when edge to edge (same ends, opposite ways), `Some(false)` when along part of a line.
fn contact(a0: Point, a1: Point, b0: Point, b1: Point) -> Option<bool> {
    let d = a1 - a0;
    if d.cross(b0 - a0) != 0 || d.cross(b1 - a0) != 0 {
        return None;
    }
    let (t0, t1) = (d.dot2(b0 - a0), d.dot2(b1 - a0));
    let (lo, hi) = (t0.min(t1).max(0), t0.max(t1).min(d.dot2(d)));
    (hi > lo).then_some(b0 == a1 && b1 == a0)
}

/// The joins between sections `i` and `j` placed at `p` and `q` (at most one), or the fault.
fn joins_between(i: SectionId, p: Motion, j: SectionId, q: Motion) -> Result<Option<Join>, Fault> {
    let (op, oq) = (outline(p), outline(q));
    if overlap(&op, &oq) {
        return Err(Fault::Overlap(i, j));
    }
    let mut found = None;
    for (ei, e) in Edge::ALL.into_iter().enumerate() {
        for (fi, f) in Edge::ALL.into_iter().enumerate() {
            let touch = contact(op[ei], op[(ei + 1) % 4], oq[fi], oq[(fi + 1) % 4]);
            match touch {
                None => {}
                Some(true) => found = Some(Join { a: Side { section: i, edge: e }, b: Side { section: j, edge: f } }),
                Some(false) => return Err(Fault::Misaligned(i, j)),
            }
        }
    }
    Ok(found)
}

/// Every join of the placed sections (section `k` placed by `places[k]`), in order of the
/// sections' numbers, or why they do not fit together (overlap or a partial contact). Does not
/// ask whether the joins hold them all together: see [`holds_together`].
pub fn joins(places: &[Motion]) -> Result<Vec<Join>, Fault> {
    let mut out = Vec::new();
    for (i, &p) in places.iter().enumerate() {
        for (j, &q) in places.iter().enumerate().skip(i + 1) {
            out.extend(joins_between(i as SectionId, p, j as SectionId, q)?);
        }
    }
    Ok(out)
}

/// Whether `joins` hold all `sections` together.
pub fn holds_together(sections: usize, joins: &[Join]) -> bool {
    let mut reached = vec![false; sections];
    let mut todo = vec![0usize];
    while let Some(s) = todo.pop() {
        if sections == 0 || std::mem::replace(&mut reached[s], true) {
            continue;
        }
        todo.extend(joins.iter().filter_map(|j| j.side_of(s as SectionId)).map(|(_, o)| usize::from(o.section)));
    }
    reached.iter().all(|r| *r)
}

/// The joins of a whole board: the sections fit together and hold together.
pub fn board(places: &[Motion]) -> Result<Vec<Join>, Fault> {
    let joins = joins(places)?;
    if holds_together(places.len(), &joins) { Ok(joins) } else { Err(Fault::Apart) }
}

/// How many joins `section` has.
pub fn join_count(joins: &[Join], section: SectionId) -> usize {
    joins.iter().filter(|j| j.side_of(section).is_some()).count()
}

/// The same board as `places`, moved as a whole so that section 0 lies at the model's place:
/// two arrangements that differ only by where the whole board lies on the table are equal.
pub fn normalised(places: &[Motion]) -> Vec<Motion> {
    let back = places.first().map_or(Motion::IDENTITY, |p| p.inverse());
    places.iter().map(|p| p.then(back)).collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Martian Chess's triangle: three sections around their wide corners.
    fn triangle() -> Vec<Motion> {
        let first = Motion::IDENTITY;
        let second = laid_along(Edge::AB, first, Edge::DA).unwrap();
        let third = laid_along(Edge::AB, second, Edge::DA).unwrap();
        vec![first, second, third]
    }

    #[test]
    fn three_sections_around_their_wide_corners_close_into_a_triangle() {
        let places = triangle();
        let joins = board(&places).unwrap();
        assert_eq!(joins.len(), 3, "the third section also meets the first: {joins:?}");
        for p in &places {
            assert_eq!(p.apply(section::corners()[0]), Point::new(0, 0), "every A at the centre");
        }
    }

    #[test]
    fn edges_of_different_sizes_never_join_and_a_section_cannot_lie_on_another() {
        assert_eq!(laid_along(Edge::AB, Motion::IDENTITY, Edge::BC), None);
        let twice = [Motion::IDENTITY, Motion::IDENTITY];
        assert_eq!(board(&twice), Err(Fault::Overlap(0, 1)));
    }

    #[test]
    fn a_section_slid_one_cell_along_an_edge_touches_part_of_it_only() {
        let next = laid_along(Edge::DA, Motion::IDENTITY, Edge::AB).unwrap();
        let slid = Motion { turns: next.turns, shift: next.shift + Point::new(4, 0) };
        assert_eq!(board(&[Motion::IDENTITY, slid]), Err(Fault::Misaligned(0, 1)));
    }

    #[test]
    fn sections_touching_at_a_corner_only_are_apart() {
        let next = laid_along(Edge::DA, Motion::IDENTITY, Edge::AB).unwrap();
        let far = Motion { turns: next.turns, shift: next.shift + Point::new(16, 0) };
        assert_eq!(joins(&[Motion::IDENTITY, far]), Ok(vec![]));
        assert_eq!(board(&[Motion::IDENTITY, far]), Err(Fault::Apart));
    }

    #[test]
    fn a_board_moved_as_a_whole_normalises_to_the_same_arrangement() {
        let places = triangle();
        let carried = Motion { turns: 2, shift: Point::new(7, -3) };
        let moved: Vec<Motion> = places.iter().map(|p| p.then(carried)).collect();
        assert_eq!(normalised(&moved), normalised(&places));
    }
}
