//! Exact points and motions of the table top the sections lie on.
//!
//! Every corner of every cell of every section lies on the triangular lattice `m + n·ω`, where
//! `ω = e^{iπ/3}` (the unit turned 60° anticlockwise), once a short edge of a section is 16
//! units long: sections only ever turn by sixths of a full turn (joining same-sized edges
//! forces it), and turning the lattice by 60° maps it onto itself (`ω·(m + nω) = -n + (m+n)ω`).
//! So positions, overlaps and contacts are decided with whole numbers, never with a tolerance.

use serde::{Deserialize, Serialize};
use std::ops::{Add, Neg, Sub};

/// A point of the lattice: `m + n·ω`, in sixteenths of a short edge.
#[derive(Copy, Clone, Debug, Default, Eq, PartialEq, Hash, Ord, PartialOrd, Serialize, Deserialize)]
pub struct Point {
    /// Units along the first lattice direction (0°).
    pub m: i32,
    /// Units along the second lattice direction (60°).
    pub n: i32,
}

impl Point {
    /// The point `m + n·ω`.
    pub const fn new(m: i32, n: i32) -> Point {
        Point { m, n }
    }

    /// The point turned about the origin by `sixths` × 60°, anticlockwise.
    pub fn turned(self, sixths: u8) -> Point {
        (0..sixths % 6).fold(self, |p, _| Point::new(-p.n, p.m + p.n))
    }

    /// A whole number with the sign of the cross product `self × other` (positive when
    /// `other` points anticlockwise of `self`): the true value times sin 60°.
    pub fn cross(self, other: Point) -> i64 {
        i64::from(self.m) * i64::from(other.n) - i64::from(self.n) * i64::from(other.m)
    }

    /// Twice the dot product `self · other`, a whole number.
    pub fn dot2(self, other: Point) -> i64 {
        let (a, b) = (self, other);
        2 * i64::from(a.m) * i64::from(b.m)
            + 2 * i64::from(a.n) * i64::from(b.n)
            + i64::from(a.m) * i64::from(b.n)
            + i64::from(a.n) * i64::from(b.m)
    }

    /// Cartesian coordinates (x to the right, y up) in lattice units.
    pub fn xy(self) -> [f64; 2] {
        let (m, n) = (f64::from(self.m), f64::from(self.n));
        [m + n / 2.0, n * 3f64.sqrt() / 2.0]
    }
}

impl Add for Point {
    type Output = Point;
    fn add(self, o: Point) -> Point {
        Point::new(self.m + o.m, self.n + o.n)
    }
}

impl Sub for Point {
    type Output = Point;
    fn sub(self, o: Point) -> Point {
        Point::new(self.m - o.m, self.n - o.n)
    }
}

impl Neg for Point {
    type Output = Point;
    fn neg(self) -> Point {
        Point::new(-self.m, -self.n)
    }
}

/// A rigid motion of the table top that keeps a section face up: a turn by sixths about the
/// origin, then a shift. A section's place is the motion that brings the model section there.
#[derive(Copy, Clone, Debug, Default, Eq, PartialEq, Hash, Ord, PartialOrd, Serialize, Deserialize)]
pub struct Motion {
    /// Sixths of a full turn, anticlockwise (0..6).
    pub turns: u8,
    /// Where the origin goes.
    pub shift: Point,
}

impl Motion {
    /// Leaving everything where it is.
    pub const IDENTITY: Motion = Motion { turns: 0, shift: Point::new(0, 0) };

    /// Where `p` goes.
    pub fn apply(self, p: Point) -> Point {
        p.turned(self.turns) + self.shift
    }

    /// `self` first, then `after`.
    pub fn then(self, after: Motion) -> Motion {
        Motion { turns: (self.turns + after.turns) % 6, shift: after.apply(self.shift) }
    }

    /// The motion that undoes this one.
    pub fn inverse(self) -> Motion {
        let turns = (6 - self.turns % 6) % 6;
        Motion { turns, shift: (-self.shift).turned(turns) }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn six_sixths_make_a_full_turn_and_a_sixth_is_sixty_degrees() {
        let p = Point::new(3, -2);
        assert_eq!(p.turned(6), p);
        assert_eq!(Point::new(1, 0).turned(1), Point::new(0, 1), "1 turns into ω");
        let [x, y] = Point::new(7, 5).turned(1).xy();
        let [x0, y0] = Point::new(7, 5).xy();
        let (c, s) = (0.5, 3f64.sqrt() / 2.0);
        assert!((x - (c * x0 - s * y0)).abs() < 1e-9 && (y - (s * x0 + c * y0)).abs() < 1e-9);
    }

    #[test]
    fn a_motion_and_its_inverse_cancel() {
        let m = Motion { turns: 4, shift: Point::new(5, -9) };
        let p = Point::new(-3, 11);
        assert_eq!(m.inverse().apply(m.apply(p)), p);
        assert_eq!(m.then(m.inverse()), Motion::IDENTITY);
        let other = Motion { turns: 1, shift: Point::new(2, 2) };
        assert_eq!(m.then(other).apply(p), other.apply(m.apply(p)));
    }

    #[test]
    fn cross_and_dot_have_the_true_signs() {
        let (a, b) = (Point::new(2, 1), Point::new(-1, 3));
        let ([ax, ay], [bx, by]) = (a.xy(), b.xy());
        assert_eq!(a.cross(b).signum() as f64, (ax * by - ay * bx).signum());
        assert!((a.dot2(b) as f64 / 2.0 - (ax * bx + ay * by)).abs() < 1e-9);
    }
}
