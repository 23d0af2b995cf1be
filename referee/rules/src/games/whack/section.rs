//! One wedge section: a kite with a wide 120° corner A, right angles at B and D, and a narrow
//! 60° corner C; short edges AB and DA (one unit, `s`), long edges BC and CD (`s·√3`). Three of
//! them around their A corners make Martian Chess's triangular board (A the centre, B and D the
//! middles of its sides, C its corners). Each edge is cut into four and the cut points joined
//! across, making 4×4 four-sided cells.
//!
//! A cell is named by its file a–d (from A towards B) and rank 1–4 (from A towards D): a1 is
//! the cell in the wide corner A, d4 the one in the narrow corner C, d1 in B and a4 in D.

use super::plane::Point;
use serde::{Deserialize, Serialize};

/// The lattice point where the file line `u` and the rank line `v` cross (`u`, `v` in 0..=4):
/// A = (0, 0), B = (4, 0), C = (4, 4), D = (0, 4). The grid lines are the straight lines
/// joining the cut points of opposite edges.
pub fn grid_point(u: u8, v: u8) -> Point {
    let (u, v) = (i32::from(u), i32::from(v));
    Point::new(4 * u - 4 * v, 4 * v + u * v)
}

/// The corners A, B, C, D, anticlockwise.
pub fn corners() -> [Point; 4] {
    [grid_point(0, 0), grid_point(4, 0), grid_point(4, 4), grid_point(0, 4)]
}

/// The four corners of the cell on `file` and `rank` (0..4), anticlockwise from the one
/// nearest A.
pub fn cell_corners(file: u8, rank: u8) -> [Point; 4] {
    [grid_point(file, rank), grid_point(file + 1, rank), grid_point(file + 1, rank + 1), grid_point(file, rank + 1)]
}

/// An edge of a section, named by its corners in anticlockwise order.
#[derive(Copy, Clone, Debug, Eq, PartialEq, Hash, Ord, PartialOrd, Serialize, Deserialize)]
pub enum Edge {
    /// Short, from the wide corner A to B: the cells of rank 1.
    AB,
    /// Long, from B to the narrow corner C: the cells of file d.
    BC,
    /// Long, from C to D: the cells of rank 4.
    CD,
    /// Short, from D back to A: the cells of file a.
    DA,
}

impl Edge {
    /// The four edges, anticlockwise from AB.
    pub const ALL: [Edge; 4] = [Edge::AB, Edge::BC, Edge::CD, Edge::DA];

    /// Whether it is a short edge (AB, DA); the others are long.
    pub fn is_short(self) -> bool {
        matches!(self, Edge::AB | Edge::DA)
    }

    /// Its ends, anticlockwise: (A, B) for AB.
    pub fn ends(self) -> (Point, Point) {
        let c = corners();
        let i = self as usize;
        (c[i], c[(i + 1) % 4])
    }

    /// The direction out of the section across it, as a quarter-turn index of the cell grid:
    /// 0 = +file, 1 = +rank, 2 = -file, 3 = -rank.
    pub fn outward(self) -> u8 {
        match self {
            Edge::AB => 3,
            Edge::BC => 0,
            Edge::CD => 1,
            Edge::DA => 2,
        }
    }

    /// The cells along it as (file, rank), anticlockwise (in the order of [`Edge::ends`]).
    pub fn cells(self) -> [(u8, u8); 4] {
        std::array::from_fn(|k| {
            let k = k as u8;
            match self {
                Edge::AB => (k, 0),
                Edge::BC => (3, k),
                Edge::CD => (3 - k, 3),
                Edge::DA => (0, 3 - k),
            }
        })
    }

    /// Its name in the notation: `ab`, `bc`, `cd`, `da`.
    pub fn name(self) -> &'static str {
        match self {
            Edge::AB => "ab",
            Edge::BC => "bc",
            Edge::CD => "cd",
            Edge::DA => "da",
        }
    }

    /// Reads `ab`, `bc`, `cd` or `da` (either order of the letters, any case).
    pub fn parse(text: &str) -> Option<Edge> {
        match text.to_ascii_lowercase().as_str() {
            "ab" | "ba" => Some(Edge::AB),
            "bc" | "cb" => Some(Edge::BC),
            "cd" | "dc" => Some(Edge::CD),
            "da" | "ad" => Some(Edge::DA),
            _ => None,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn length(a: Point, b: Point) -> f64 {
        let ([ax, ay], [bx, by]) = (a.xy(), b.xy());
        (bx - ax).hypot(by - ay)
    }

    fn angle_at(prev: Point, at: Point, next: Point) -> f64 {
        let ([px, py], [ax, ay], [nx, ny]) = (prev.xy(), at.xy(), next.xy());
        let (ux, uy, vx, vy) = (px - ax, py - ay, nx - ax, ny - ay);
        (ux * vy - uy * vx).abs().atan2(ux * vx + uy * vy).to_degrees()
    }

    #[test]
    fn a_section_is_a_kite_of_120_90_60_90_degrees_with_short_and_long_edges() {
        let [a, b, c, d] = corners();
        let angles = [angle_at(d, a, b), angle_at(a, b, c), angle_at(b, c, d), angle_at(c, d, a)];
        for (got, want) in angles.iter().zip([120.0, 90.0, 60.0, 90.0]) {
            assert!((got - want).abs() < 1e-9, "{angles:?}");
        }
        assert_eq!(length(a, b), 16.0);
        assert_eq!(length(d, a), 16.0);
        assert!((length(b, c) - 16.0 * 3f64.sqrt()).abs() < 1e-9);
        assert!((length(c, d) - 16.0 * 3f64.sqrt()).abs() < 1e-9);
        assert!(corners().windows(2).all(|w| w[0].cross(w[1]) >= 0), "anticlockwise");
    }

    #[test]
    fn each_edge_is_cut_into_four_equal_steps_and_its_cells_run_anticlockwise() {
        for edge in Edge::ALL {
            let (start, end) = edge.ends();
            let [first, .., last] = edge.cells();
            let corners_of_first = cell_corners(first.0, first.1);
            let corners_of_last = cell_corners(last.0, last.1);
            assert!(corners_of_first.contains(&start) && corners_of_last.contains(&end), "{edge:?}");
        }
        for k in 0..4 {
            let step = grid_point(4, k + 1) - grid_point(4, k);
            assert_eq!(step, grid_point(4, 1) - grid_point(4, 0), "BC is cut evenly");
        }
    }
}
