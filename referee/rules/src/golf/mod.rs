//! Chess Golf's mechanics (seed 001, "Chess Golf"; see `docs/games/chess-golf.md`): a piece
//! moves only by borrowing the move of a neighbouring piece of its own colour; the only
//! captures are among the chosen piece types, one piece capturing all the others; a colour with
//! no two neighbouring pieces may make king's moves. [`solver`] proves the fewest moves a hole
//! needs.
//! The round around the holes (dealing, counts, scores) is `games::chess_golf`; Neighbour
//! Chess Solitaire (seed 000) moves its pieces with [`Course::borrowed_reach`].

mod captures;
pub(crate) mod enabling;
pub mod solver;

use crate::chess::attacks::{bishop_attacks, king_attacks, knight_attacks, rook_attacks};
use crate::geometry::{Bitboard, Square};
use crate::pieces::{Color, Piece, Role};
use std::fmt;

/// Where the pieces stand: one set of squares per colour and per role. Copy-cheap, so the
/// solver keeps many.
#[derive(Copy, Clone, Debug, Default, Eq, PartialEq, Hash)]
pub struct Course {
    colors: [Bitboard; 2],
    roles: [Bitboard; 6],
}

fn color_index(color: Color) -> usize {
    match color {
        Color::White => 0,
        Color::Black => 1,
    }
}

/// The role's place in [`Role::ALL`].
fn role_index(role: Role) -> usize {
    match role {
        Role::Pawn => 0,
        Role::Knight => 1,
        Role::Bishop => 2,
        Role::Rook => 3,
        Role::Queen => 4,
        Role::King => 5,
    }
}

/// Index of a piece kind among the twelve (colour, role) pairs.
fn kind_index(piece: Piece) -> usize {
    color_index(piece.color) * 6 + role_index(piece.role)
}

impl Course {
    /// The pieces on their squares.
    pub fn new(pieces: impl IntoIterator<Item = (Square, Piece)>) -> Course {
        let mut course = Course::default();
        for (sq, piece) in pieces {
            course.put(sq, piece);
        }
        course
    }

    /// Reads a board in FEN's first field (`2B3R1/5k2/…`, rank 8 first).
    pub fn from_fen_board(board: &str) -> Option<Course> {
        let ranks: Vec<&str> = board.split('/').collect();
        if ranks.len() != 8 {
            return None;
        }
        let mut course = Course::default();
        for (row, text) in ranks.iter().enumerate() {
            let rank = 7 - row as u8;
            let mut file = 0u8;
            for c in text.chars() {
                if let Some(skip) = c.to_digit(10) {
                    file += skip as u8;
                } else {
                    let piece = Piece::from_fen_char(c)?;
                    if file > 7 || piece.role == Role::Pawn {
                        return None;
                    }
                    course.put(Square::from_coords(file, rank), piece);
                    file += 1;
                }
            }
            if file != 8 {
                return None;
            }
        }
        Some(course)
    }

    /// The board in FEN's first field.
    pub fn fen_board(&self) -> String {
        let mut out = String::new();
        for rank in (0..8).rev() {
            let mut empty = 0;
            for file in 0..8 {
                match self.piece_at(Square::from_coords(file, rank)) {
                    Some(p) => {
                        if empty > 0 {
                            out.push_str(&empty.to_string());
                            empty = 0;
                        }
                        out.push(p.fen_char());
                    }
                    None => empty += 1,
                }
            }
            if empty > 0 {
                out.push_str(&empty.to_string());
            }
            if rank > 0 {
                out.push('/');
            }
        }
        out
    }

    /// Puts `piece` on `sq`, which must be empty.
    pub fn put(&mut self, sq: Square, piece: Piece) {
        let bit = Bitboard::from_square(sq);
        self.colors[color_index(piece.color)] |= bit;
        self.roles[role_index(piece.role)] |= bit;
    }

    /// Takes the piece off `sq`, if there is one.
    pub fn take(&mut self, sq: Square) -> Option<Piece> {
        let piece = self.piece_at(sq)?;
        let bit = !Bitboard::from_square(sq);
        self.colors[color_index(piece.color)] &= bit;
        self.roles[role_index(piece.role)] &= bit;
        Some(piece)
    }

    /// Every occupied square.
    pub fn occupied(&self) -> Bitboard {
        self.colors[0] | self.colors[1]
    }

    /// The squares of `color`'s pieces.
    pub fn of_color(&self, color: Color) -> Bitboard {
        self.colors[color_index(color)]
    }

    /// The squares of pieces of this kind.
    pub fn of_kind(&self, piece: Piece) -> Bitboard {
        self.colors[color_index(piece.color)] & self.roles[role_index(piece.role)]
    }

    /// The piece on `sq`.
    pub fn piece_at(&self, sq: Square) -> Option<Piece> {
        let color = if self.colors[0].contains(sq) {
            Color::White
        } else if self.colors[1].contains(sq) {
            Color::Black
        } else {
            return None;
        };
        let role = (0..6).find(|r| self.roles[*r].contains(sq))?;
        Some(Piece::new(color, Role::ALL[role]))
    }

    /// The pieces with their squares, a1 first.
    pub fn pieces(&self) -> Vec<(Square, Piece)> {
        self.occupied().into_iter().filter_map(|sq| Some((sq, self.piece_at(sq)?))).collect()
    }

    /// Whether some two pieces of `color` stand next to each other. A colour without such a
    /// pair may make king's moves (the seed's "special move").
    pub fn has_pair(&self, color: Color) -> bool {
        has_pair_in(self.of_color(color))
    }

    /// The squares the piece on `from` may reach by the moves it borrows (and the king's move,
    /// for a colour without a pair), before any rule about captures: empty squares and the
    /// first occupied square of each line.
    pub fn reach(&self, from: Square) -> Bitboard {
        let Some(piece) = self.piece_at(from) else { return Bitboard::EMPTY };
        self.reach_of(from, piece.color, self.has_pair(piece.color))
    }

    /// The squares the piece on `from` may reach by the moves it borrows from its neighbours of
    /// its own colour alone, without the special move, before any rule about captures: a piece
    /// with no neighbour of its colour reaches nothing. Neighbour Chess Solitaire moves this way.
    pub fn borrowed_reach(&self, from: Square) -> Bitboard {
        let Some(piece) = self.piece_at(from) else { return Bitboard::EMPTY };
        self.reach_of(from, piece.color, true)
    }

    fn reach_of(&self, from: Square, color: Color, paired: bool) -> Bitboard {
        let lenders = king_attacks(from) & self.of_color(color);
        borrowed_reach(from, lenders, &self.roles, self.occupied(), paired)
    }

    /// Which roles the piece on `from` borrows from its neighbours, strongest first.
    pub fn lenders(&self, from: Square) -> Vec<Role> {
        let Some(piece) = self.piece_at(from) else { return Vec::new() };
        let neighbours = king_attacks(from) & self.of_color(piece.color);
        [Role::King, Role::Queen, Role::Rook, Role::Bishop, Role::Knight]
            .into_iter()
            .filter(|r| (neighbours & self.roles[role_index(*r)]).nonempty())
            .collect()
    }
}

/// Whether some two of these squares are next to each other.
fn has_pair_in(squares: Bitboard) -> bool {
    // Each square shifted one square east, north, north-east and north-west (the other four
    // directions are the same pairs seen from the other square), files wrapped off.
    const NOT_A: u64 = !0x0101_0101_0101_0101;
    const NOT_H: u64 = !0x8080_8080_8080_8080;
    let m = squares.0;
    (((m << 1) & NOT_A) | (m << 8) | ((m << 9) & NOT_A) | ((m << 7) & NOT_H)) & m != 0
}

/// The squares a piece on `from` reaches by the moves of the pieces on `lenders` (its
/// neighbours of its colour; `roles` says which is which), and by the king's move unless its
/// colour is `paired`: empty squares and the first occupied square of each line.
fn borrowed_reach(
    from: Square,
    lenders: Bitboard,
    roles: &[Bitboard; 6],
    occupied: Bitboard,
    paired: bool,
) -> Bitboard {
    let lends = |r: Role| (lenders & roles[role_index(r)]).nonempty();
    let mut reach = Bitboard::EMPTY;
    if !paired || lends(Role::King) {
        reach |= king_attacks(from);
    }
    if lends(Role::Knight) {
        reach |= knight_attacks(from);
    }
    if lends(Role::Rook) || lends(Role::Queen) {
        reach |= rook_attacks(from, occupied);
    }
    if lends(Role::Bishop) || lends(Role::Queen) {
        reach |= bishop_attacks(from, occupied);
    }
    reach
}

/// A hole: the chosen piece types (one per card dealt, so a kind may come twice), and
/// optionally which of them must make the captures (the seed's "the white king needs at least
/// four moves": a question the rules ask, not a rule of play).
#[derive(Clone, Debug, Eq, PartialEq)]
pub struct Hole {
    /// The chosen kinds, one per card.
    pub chosen: Vec<Piece>,
    /// Only a piece of this kind may capture.
    pub capturer: Option<Piece>,
}

impl Hole {
    /// A hole of these chosen kinds, any of them capturing.
    pub fn new(chosen: Vec<Piece>) -> Hole {
        Hole { chosen, capturer: None }
    }

    /// Where a hole starts: nothing captured yet.
    pub fn start(&self) -> Progress {
        let mut remaining = [0u8; 12];
        for piece in &self.chosen {
            remaining[kind_index(*piece)] += 1;
        }
        Progress { capturer: None, remaining, left: self.chosen.len().min(255) as u8 }
    }
}

/// How far a hole has come: the square of the piece that has captured (it alone may capture
/// again), and how many pieces of each kind are still to be accounted for — the capturer's own
/// kind counts once, when it first captures.
#[derive(Copy, Clone, Debug, Default, Eq, PartialEq, Hash)]
pub struct Progress {
    capturer: Option<Square>,
    remaining: [u8; 12],
    /// The sum of `remaining`, kept for the solver.
    left: u8,
}

impl Progress {
    /// Every chosen piece captured (or the capturer).
    pub fn is_done(&self) -> bool {
        self.capturer.is_some() && self.left == 0
    }

    /// The square of the piece that has captured so far.
    pub fn capturer(&self) -> Option<Square> {
        self.capturer
    }

    /// A compact number for hashing: the capturer's square (64 = none) and the twelve counts.
    fn packed(&self) -> u64 {
        let mut n = self.capturer.map_or(64, |s| s.index() as u64);
        for count in self.remaining {
            n = n << 4 | u64::from(count.min(15));
        }
        n
    }
}

/// One move: from a square to a square, taking what stands there when it is a capture.
#[derive(Copy, Clone, Debug, Eq, PartialEq, Hash)]
pub struct GolfMove {
    /// Where the piece stood.
    pub from: Square,
    /// Where it goes.
    pub to: Square,
}

impl fmt::Display for GolfMove {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{}", self.from, self.to)
    }
}

impl std::str::FromStr for GolfMove {
    type Err = GolfError;
    fn from_str(s: &str) -> Result<GolfMove, GolfError> {
        let s = s.trim();
        let (from, to) = (s.get(0..2), s.get(2..4));
        match (from.and_then(|f| f.parse().ok()), to.and_then(|t| t.parse().ok()), s.len()) {
            (Some(from), Some(to), 4) => Ok(GolfMove { from, to }),
            _ => Err(GolfError::Notation(s.to_string())),
        }
    }
}

/// Why a move is refused, in the player's words.
#[derive(Clone, Debug, Eq, PartialEq, thiserror::Error)]
pub enum GolfError {
    /// Not a move in from-to notation.
    #[error("\"{0}\" is not a move: write the two squares, like e5g6.")]
    Notation(String),
    /// No piece on the starting square.
    #[error("There is no piece on {0}.")]
    Empty(Square),
    /// The piece has nothing to borrow.
    #[error("The {piece} on {from} cannot move: no piece of its colour stands next to it.")]
    Immobile {
        /// The piece, in words.
        piece: String,
        /// Its square.
        from: Square,
    },
    /// The piece cannot reach the square with what it borrows.
    #[error("The {piece} on {from} cannot reach {to}: it moves only as {borrowed}.")]
    Unreachable {
        /// The piece, in words.
        piece: String,
        /// Its square.
        from: Square,
        /// The square asked for.
        to: Square,
        /// What it may borrow, in words.
        borrowed: String,
    },
    /// A capture that the hole does not allow.
    #[error("{0}")]
    Capture(String),
    /// The hole is finished.
    #[error("Every chosen piece has been captured: the hole is over.")]
    Done,
}

fn piece_words(piece: Piece) -> String {
    format!("{} {}", piece.color.to_string().to_lowercase(), piece.role.name())
}

impl Course {
    /// The moves of the hole from here, captures allowed by `progress` included.
    pub fn moves(&self, hole: &Hole, progress: &Progress, out: &mut Vec<GolfMove>) {
        out.clear();
        if progress.is_done() {
            return;
        }
        let occupied = self.occupied();
        for color in Color::ALL {
            let paired = self.has_pair(color);
            for from in self.of_color(color) {
                let reach = self.reach_of(from, color, paired);
                for to in reach & !occupied {
                    out.push(GolfMove { from, to });
                }
                for to in reach & occupied {
                    if self.capture_allowed(hole, progress, from, to).is_ok() {
                        out.push(GolfMove { from, to });
                    }
                }
            }
        }
    }

    /// Whether the piece on `from` may capture the one on `to` in this hole, or why not.
    fn capture_allowed(&self, hole: &Hole, progress: &Progress, from: Square, to: Square) -> Result<(), GolfError> {
        let (Some(mover), Some(target)) = (self.piece_at(from), self.piece_at(to)) else {
            return Err(GolfError::Empty(from));
        };
        let (m, t) = (kind_index(mover), kind_index(target));
        let words = |p| piece_words(p);
        match progress.capturer {
            Some(capturer) if capturer != from => Err(GolfError::Capture(format!(
                "Only the {} on {capturer} may capture now: one piece captures all the others.",
                self.piece_at(capturer).map_or_else(|| "piece".to_string(), words)
            ))),
            Some(_) if progress.remaining[t] == 0 => Err(GolfError::Capture(format!(
                "The {} on {to} is not one of the pieces still to capture.",
                words(target)
            ))),
            Some(_) => Ok(()),
            None => {
                let chosen = |k: usize, need: u8| progress.remaining[k] >= need;
                let own_kind_ok = hole.capturer.is_none_or(|c| c == mover);
                if !chosen(m, 1) || !own_kind_ok {
                    Err(GolfError::Capture(format!(
                        "The {} is not a chosen piece, so it may not capture.",
                        words(mover)
                    )))
                } else if m == t && !chosen(t, 2) {
                    Err(GolfError::Capture(format!(
                        "Only one {} was dealt, so it may not take another {}: the chosen pieces of other kinds are its targets.",
                        words(mover),
                        words(target)
                    )))
                } else if !chosen(t, 1) {
                    Err(GolfError::Capture(format!(
                        "Only the chosen pieces capture each other; the {} on {to} is not one of them.",
                        words(target)
                    )))
                } else {
                    Ok(())
                }
            }
        }
    }

    /// A capture that finishes the hole from here, if there is one: by the capturer of the
    /// last piece still to take, or, before any capture, between the two chosen pieces.
    pub fn finishing_capture(&self, hole: &Hole, progress: &Progress) -> Option<GolfMove> {
        let left = u32::from(progress.left);
        let movers = match progress.capturer {
            Some(at) if left == 1 => Bitboard::from_square(at),
            None if left == 2 => self
                .occupied()
                .into_iter()
                .filter(|sq| self.piece_at(*sq).is_some_and(|p| progress.remaining[kind_index(p)] > 0))
                .collect(),
            _ => return None,
        };
        let occupied = self.occupied();
        movers.into_iter().find_map(|from| {
            (self.reach(from) & occupied)
                .into_iter()
                .find(|to| self.capture_allowed(hole, progress, from, *to).is_ok())
                .map(|to| GolfMove { from, to })
        })
    }

    /// Plays `mv` if the hole allows it: the course and progress after it.
    pub fn play(&self, hole: &Hole, progress: &Progress, mv: GolfMove) -> Result<(Course, Progress), GolfError> {
        if progress.is_done() {
            return Err(GolfError::Done);
        }
        let piece = self.piece_at(mv.from).ok_or(GolfError::Empty(mv.from))?;
        if !self.reach(mv.from).contains(mv.to) {
            let mut borrowed: Vec<String> =
                self.lenders(mv.from).into_iter().map(|r| format!("a {}", r.name())).collect();
            if !self.has_pair(piece.color) {
                borrowed.push("a king (no two of its colour stand together)".to_string());
            }
            if borrowed.is_empty() {
                return Err(GolfError::Immobile { piece: piece_words(piece), from: mv.from });
            }
            let borrowed = borrowed.join(" or ");
            return Err(GolfError::Unreachable { piece: piece_words(piece), from: mv.from, to: mv.to, borrowed });
        }
        let capture = self.occupied().contains(mv.to);
        if capture {
            self.capture_allowed(hole, progress, mv.from, mv.to)?;
        }
        Ok(self.apply(progress, mv, capture))
    }

    /// Plays a move known to be legal.
    fn apply(&self, progress: &Progress, mv: GolfMove, capture: bool) -> (Course, Progress) {
        let mut course = *self;
        let mut progress = *progress;
        let mover = course.take(mv.from).expect("a piece moves");
        if capture {
            let target = course.take(mv.to).expect("a piece is captured");
            if progress.capturer.is_none() {
                progress.remaining[kind_index(mover)] -= 1;
                progress.left -= 1;
            }
            progress.remaining[kind_index(target)] -= 1;
            progress.left -= 1;
            progress.capturer = Some(mv.to);
        } else if progress.capturer == Some(mv.from) {
            progress.capturer = Some(mv.to);
        }
        course.put(mv.to, mover);
        (course, progress)
    }

    /// A 128-bit fingerprint of the course and progress, for the solver's visited set.
    fn fingerprint(&self, progress: &Progress) -> u128 {
        // Two independent 64-bit mixes of the ten bitboards in use and the progress.
        let mut a = 0x9E37_79B9_7F4A_7C15u64;
        let mut b = 0xC2B2_AE3D_27D4_EB4Fu64;
        let words = self.colors.iter().chain(self.roles[1..].iter()).map(|bb| bb.0).chain([progress.packed()]);
        for w in words {
            a = (a ^ w).wrapping_mul(0xFF51_AFD7_ED55_8CCD).rotate_left(29);
            b = (b ^ w.rotate_left(17)).wrapping_mul(0xC4CE_B9FE_1A85_EC53).rotate_left(31);
        }
        (u128::from(a) << 64) | u128::from(b ^ (b >> 33))
    }
}

#[cfg(test)]
mod tests;
