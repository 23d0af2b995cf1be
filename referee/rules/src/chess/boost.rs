//! Chess with checkers stacked under the pieces, the shared core of Adrenaline Chess and Booster
//! Chess (seed 001). A piece on checkers that count for it makes its regular move, carrying the
//! stack, and may then spend the checkers one at a time for extra king steps. In Booster the
//! checkers have colours: a player's own checkers boost, the opponent's hobble (pawns cannot
//! move, other pieces move like pawns), and opposite colours cancel in pairs.
//!
//! Check counts the extra steps: a square is attacked if an enemy piece can reach it by a
//! regular move followed by king steps paid for with the checkers it has or takes over by
//! capturing on the way (`attacker_of`).

use super::attacks;
use super::board::Board;
use super::explain::{castling_rook, describe, movement_problem, movers_piece};
use super::fen::{CastlingNotation, FenError, FenFields, mover_not_in_check};
use super::position::{Move, Position, castling_squares, perft_with};
use crate::geometry::{Bitboard, Square};
use crate::pieces::{Color, Piece, Role};
use serde::{Deserialize, Deserializer, Serialize, Serializer};
use std::collections::BTreeMap;

/// What the checkers mean.
#[derive(Copy, Clone, Debug, Eq, PartialEq, Hash)]
pub enum Checkers {
    /// Adrenaline: checkers have no colour; every checker under a piece powers that piece.
    Colourless,
    /// Booster: each player's checkers have their colour; under one's own piece a checker
    /// boosts, under the opponent's it hobbles.
    Coloured,
}

/// What one part of a turn did, for the game to account for checkers and captures.
#[derive(Copy, Clone, Debug, Default, Eq, PartialEq)]
pub struct Effects {
    pub captured: Option<Piece>,
    /// Checkers that left the board: spent, cancelled in pairs, or a hobble dropped at the far
    /// rank. Coloured checkers go back to their owner (index by colour); colourless ones are
    /// counted in index 0.
    pub returned: [u8; 2],
}

impl Effects {
    fn add(&mut self, other: Effects) {
        self.captured = self.captured.or(other.captured);
        self.returned[0] += other.returned[0];
        self.returned[1] += other.returned[1];
    }
}

/// A position of a checker-stack game, between or inside turns. The side to move stays the
/// same during the extra steps; [`BoostPosition::end_turn`] passes the move.
#[derive(Copy, Clone, Debug, Eq, PartialEq, Hash)]
pub struct BoostPosition {
    pub board: Board,
    /// Checkers under the piece on each square. Colourless: the count. Coloured: White's
    /// checkers positive, Black's negative (opposite colours never share a square).
    pub stacks: [i8; 64],
    pub checkers: Checkers,
    pub turn: Color,
    /// Rooks that may still castle.
    pub castling: Bitboard,
    /// Pawns standing on their starting rank that have moved before (an extra king move can
    /// bring a pawn back there): they may not advance two squares.
    pub moved_pawns: Bitboard,
    /// The square a pawn skipped with a regular two-square move (cleared if it then stepped).
    pub ep_square: Option<Square>,
    pub halfmoves: u32,
    pub fullmoves: u32,
}

fn sign(color: Color) -> i8 {
    if color == Color::White { 1 } else { -1 }
}

fn far_rank(color: Color) -> u8 {
    color.other().back_rank()
}

impl BoostPosition {
    pub fn standard(checkers: Checkers) -> BoostPosition {
        let pos = super::position::Position::standard();
        BoostPosition {
            board: pos.board,
            stacks: [0; 64],
            checkers,
            turn: Color::White,
            castling: pos.castling,
            moved_pawns: Bitboard::EMPTY,
            ep_square: None,
            halfmoves: 0,
            fullmoves: 1,
        }
    }

    /// The rank `color`'s pawns start on.
    fn pawn_start_rank(color: Color) -> u8 {
        if color == Color::White { 1 } else { 6 }
    }

    /// The moved pawns on their starting rank as written in positions: `c2,d7`, or `-`.
    pub fn moved_pawns_text(&self) -> String {
        let squares: Vec<String> = self.moved_pawns.into_iter().map(|sq| sq.to_string()).collect();
        if squares.is_empty() { "-".into() } else { squares.join(",") }
    }

    /// Reads [`BoostPosition::moved_pawns_text`]: each square must hold a pawn on its own
    /// starting rank.
    pub fn read_moved_pawns(&mut self, text: &str) -> Result<(), FenError> {
        self.moved_pawns = Bitboard::EMPTY;
        if text == "-" {
            return Ok(());
        }
        for part in text.split(',') {
            let sq: Square = part.parse().map_err(|e| FenError(format!("moved pawn '{part}': {e}")))?;
            match self.board.piece_at(sq) {
                Some(p) if p.role == Role::Pawn && sq.rank() == Self::pawn_start_rank(p.color) => {
                    self.moved_pawns = self.moved_pawns.with(sq);
                }
                _ => return Err(FenError(format!("moved pawns lists {sq}, which has no pawn on its starting rank"))),
            }
        }
        Ok(())
    }

    fn fen_fields(&self) -> FenFields {
        FenFields {
            board: self.board,
            turn: self.turn,
            castling: self.castling,
            ep_square: self.ep_square,
            halfmoves: self.halfmoves,
            fullmoves: self.fullmoves,
        }
    }

    /// The same pieces as an orthodox position.
    fn orthodox(&self) -> Position {
        self.fen_fields().position()
    }

    /// Checkers under the piece on `sq` that count for that piece: positive boosts it,
    /// negative (Booster only) hobbles it.
    pub fn power(&self, sq: Square) -> i8 {
        let stack = self.stacks[sq.index()];
        match (self.checkers, self.board.color_at(sq)) {
            (_, None) => 0,
            (Checkers::Colourless, _) => stack,
            (Checkers::Coloured, Some(owner)) => stack * sign(owner),
        }
    }

    /// How many checkers stand under the piece on `sq`, and whose they are (`None` when they
    /// have no colour).
    pub fn stack(&self, sq: Square) -> (u8, Option<Color>) {
        let stack = self.stacks[sq.index()];
        let owner = match self.checkers {
            Checkers::Colourless => None,
            Checkers::Coloured if stack > 0 => Some(Color::White),
            Checkers::Coloured => Some(Color::Black),
        };
        (stack.unsigned_abs(), owner)
    }

    /// Checkers on the board: by colour when coloured, all in index 0 when colourless.
    pub fn checkers_on_board(&self) -> [u32; 2] {
        let mut out = [0u32; 2];
        for &s in &self.stacks {
            let i = usize::from(self.checkers == Checkers::Coloured && s < 0);
            out[i] += u32::from(s.unsigned_abs());
        }
        out
    }

    /// Whether the piece on `from` is a pawn of the side to move that promotes on reaching `to`.
    pub fn promotes(&self, from: Square, to: Square) -> bool {
        self.board.role_at(from) == Some(Role::Pawn) && to.rank() == far_rank(self.turn)
    }

    pub fn is_hobbled(&self, sq: Square) -> bool {
        self.power(sq) < 0
    }

    fn has_stacks(&self) -> bool {
        self.stacks.iter().any(|s| *s != 0)
    }

    fn king(&self, color: Color) -> Square {
        self.board.king_of(color).expect("a validated position has one king per side")
    }

    /// Where the piece on `from` may go by a regular move, before the safety of its king:
    /// the moves of its kind, or a pawn's when hobbled. Never onto a king.
    fn regular_targets(&self, from: Square) -> Bitboard {
        let Some(piece) = self.board.piece_at(from) else { return Bitboard::EMPTY };
        let own = self.board.by_color(piece.color);
        let theirs = self.board.by_color(piece.color.other());
        let occupied = self.board.occupied();
        let hobbled = self.is_hobbled(from);
        let targets = if piece.role == Role::Pawn || hobbled {
            if hobbled && piece.role == Role::Pawn {
                return Bitboard::EMPTY;
            }
            let double_step = !hobbled && !self.moved_pawns.contains(from);
            (attacks::pawn_attacks(piece.color, from) & theirs)
                | attacks::pawn_pushes(piece.color, from, occupied, double_step)
        } else {
            attacks::piece_attacks(piece.role, from, occupied) & !own
        };
        targets & !self.board.by_role(Role::King)
    }

    /// Squares the piece on `from` attacks by its regular move (what it could capture there).
    fn capture_pattern(&self, from: Square) -> Bitboard {
        let Some(piece) = self.board.piece_at(from) else { return Bitboard::EMPTY };
        match (piece.role, self.is_hobbled(from)) {
            (Role::Pawn, true) => Bitboard::EMPTY,
            (Role::Pawn, false) | (_, true) => attacks::pawn_attacks(piece.color, from),
            (role, false) => attacks::piece_attacks(role, from, self.board.occupied()),
        }
    }

    /// What capturing the stack on `sq` is worth to a piece of `color`: checkers that count
    /// for it are gained, checkers of the other colour cancel its own.
    fn gain_for(&self, color: Color, sq: Square) -> i8 {
        let stack = self.stacks[sq.index()];
        match self.checkers {
            Checkers::Colourless => stack,
            Checkers::Coloured => stack * sign(color),
        }
    }

    /// The square an en passant capture onto `ep` takes the pawn from.
    fn en_passant_victim(&self, ep: Square) -> Option<Square> {
        [Square::from_coords(ep.file(), 3), Square::from_coords(ep.file(), 4)]
            .into_iter()
            .find(|sq| sq.rank().abs_diff(ep.rank()) == 1 && self.board.role_at(*sq) == Some(Role::Pawn))
    }

    /// A piece of `by` that can reach `target`: by a regular capture, or by a regular move and
    /// then extra king steps paid for with checkers it has or takes over on the way.
    pub fn attacker_of(&self, target: Square, by: Color) -> Option<Square> {
        let attackers = self.board.by_color(by);
        if let Some(direct) = attackers.into_iter().find(|from| self.capture_pattern(*from).contains(target)) {
            return Some(direct);
        }
        if !self.has_stacks() {
            return None;
        }
        let defenders = self.board.by_color(by.other());
        let pawn_captures_ep = |from: Square| {
            let ep = self.ep_square?;
            let victim = self.en_passant_victim(ep)?;
            let can = self.board.role_at(from) == Some(Role::Pawn)
                && !self.is_hobbled(from)
                && defenders.contains(victim)
                && attacks::pawn_attacks(by, from).contains(ep);
            can.then_some((ep, self.gain_for(by, victim), victim))
        };
        for from in attackers {
            let power = self.power(from);
            let mut landings: Vec<(Square, i8, Square)> = self
                .regular_targets(from)
                .into_iter()
                .filter(|to| *to != target)
                .map(|to| (to, if defenders.contains(to) { self.gain_for(by, to) } else { 0 }, to))
                .collect();
            landings.extend(pawn_captures_ep(from));
            for (landing, gain, captured) in landings {
                let budget = power + gain;
                if budget > 0 && self.steps_reach(from, landing, captured, budget, target, by) {
                    return Some(from);
                }
            }
        }
        None
    }

    /// Whether king steps from `start` with `budget` checkers reach `target`, collecting the
    /// checkers of pieces captured on the way (each once).
    fn steps_reach(
        &self,
        origin: Square,
        start: Square,
        captured: Square,
        budget: i8,
        target: Square,
        by: Color,
    ) -> bool {
        let blocked = self.board.by_color(by).without(origin);
        let prizes: Vec<(Square, i8)> = (self.board.by_color(by.other()) & !Bitboard::from(target))
            .into_iter()
            .filter(|sq| *sq != captured && self.stacks[sq.index()] != 0)
            .map(|sq| (sq, self.gain_for(by, sq)))
            .take(24)
            .collect();
        let best_case: i32 = i32::from(budget) + prizes.iter().map(|(_, g)| i32::from((*g).max(0))).sum::<i32>();
        let distance = start.file().abs_diff(target.file()).max(start.rank().abs_diff(target.rank()));
        if i32::from(distance) > best_case {
            return false;
        }
        let mut best: BTreeMap<(Square, u32), i8> = BTreeMap::new();
        let mut work = vec![(start, 0u32, budget)];
        best.insert((start, 0), budget);
        while let Some((at, taken, left)) = work.pop() {
            if best.get(&(at, taken)).is_some_and(|b| *b > left) {
                continue;
            }
            for next in attacks::king_attacks(at) & !blocked {
                if next == target {
                    return true;
                }
                let mut taken_next = taken;
                let mut left_next = left - 1;
                if let Some(i) = prizes.iter().position(|(sq, _)| *sq == next)
                    && taken & (1 << i) == 0
                {
                    taken_next |= 1 << i;
                    left_next += prizes[i].1;
                }
                if left_next > 0 && best.get(&(next, taken_next)).is_none_or(|b| *b < left_next) {
                    best.insert((next, taken_next), left_next);
                    work.push((next, taken_next, left_next));
                }
            }
        }
        false
    }

    /// The piece that could reach `color`'s king, if any.
    pub fn checker_of(&self, color: Color) -> Option<Square> {
        self.attacker_of(self.king(color), color.other())
    }

    pub fn in_check(&self, color: Color) -> bool {
        self.checker_of(color).is_some()
    }

    /// The regular moves of the side to move that leave its king safe.
    pub fn regular_moves(&self) -> Vec<Move> {
        if !self.has_stacks() {
            // Without checkers nothing differs from chess but the pawns an extra move brought
            // back: the orthodox generator decides (tests check the two agree on the standard
            // perft positions), less those pawns' two-square advances.
            let moved = self.moved_pawns;
            let again = |m: &Move| matches!(m, Move::Normal { from, to, .. } if moved.contains(*from) && from.rank().abs_diff(to.rank()) == 2);
            return self.orthodox().legal_moves().iter().filter(|m| !again(m)).copied().collect();
        }
        self.regular_moves_by_search()
    }

    /// The general generator: every pseudo-legal regular move, kept if no enemy piece can then
    /// reach the king, extra moves counted. Public so that tests can hold it to orthodox
    /// chess on positions without checkers.
    pub fn regular_moves_by_search(&self) -> Vec<Move> {
        let us = self.turn;
        let mut out = Vec::new();
        for from in self.board.by_color(us) {
            for to in self.regular_targets(from) {
                if self.promotes(from, to) {
                    out.extend(Role::PROMOTIONS.map(|p| Move::Normal { from, to, promotion: Some(p) }));
                } else {
                    out.push(Move::Normal { from, to, promotion: None });
                }
            }
        }
        if let Some(ep) = self.ep_square
            && let Some(victim) = self.en_passant_victim(ep)
            && self.board.color_at(victim) == Some(us.other())
        {
            for from in attacks::pawn_attacks(us.other(), ep) & self.board.pieces(us, Role::Pawn) {
                if !self.is_hobbled(from) {
                    out.push(Move::EnPassant { from, to: ep });
                }
            }
        }
        let king = self.king(us);
        for rook in self.castling & self.board.by_color(us) {
            if self.castling_problem(king, rook).is_none() {
                out.push(Move::Castle { king, rook });
            }
        }
        out.retain(|m| {
            let mut after = *self;
            after.play_regular(*m);
            !after.in_check(us)
        });
        out
    }

    /// What stops castling with `rook` (rights aside), in players' words.
    fn castling_problem(&self, king: Square, rook: Square) -> Option<String> {
        match self.checkers {
            // Adrenaline: any checker under the king or the rook stops castling.
            Checkers::Colourless if self.stacks[king.index()] != 0 || self.stacks[rook.index()] != 0 => {
                let which = if self.stacks[king.index()] != 0 { "king" } else { "rook" };
                return Some(format!("You cannot castle while your {which} stands on checkers."));
            }
            // Booster: a boosted king or rook may not castle (seed 001); a hobbled rook may, and
            // takes its checker along; a hobbled king moves only like a pawn, so it cannot.
            Checkers::Coloured if self.power(king) > 0 || self.power(rook) > 0 => {
                let which = if self.power(king) > 0 { "king" } else { "rook" };
                return Some(format!("You cannot castle while your {which} is boosted."));
            }
            Checkers::Coloured if self.is_hobbled(king) => {
                return Some("You cannot castle while your king is hobbled: it moves only like a pawn.".into());
            }
            _ => {}
        }
        let (must_be_empty, king_path) = castling_squares(king, rook);
        if let Some(blocker) = (must_be_empty & self.board.occupied()).first() {
            return Some(format!("You cannot castle: {} is in the way.", describe(&self.board, blocker)));
        }
        let mut without = *self;
        without.board.remove(king);
        without.board.remove(rook);
        for square in king_path {
            let mut probe = without;
            probe.board.put(square, Piece::new(self.turn, Role::King));
            if let Some(by) = probe.attacker_of(square, self.turn.other()) {
                return Some(format!(
                    "You cannot castle through or into {square}: {} could reach it.",
                    describe(&self.board, by)
                ));
            }
        }
        None
    }

    /// Extra king steps the piece on `at` may take now: it must have checkers that count for it,
    /// and the step must leave its own king safe. Never onto a king.
    pub fn step_targets(&self, at: Square) -> Bitboard {
        if self.power(at) <= 0 {
            return Bitboard::EMPTY;
        }
        let us = self.turn;
        let mut out = Bitboard::EMPTY;
        for to in attacks::king_attacks(at) & !self.board.by_color(us) & !self.board.by_role(Role::King) {
            let mut after = *self;
            after.play_step(at, to, Some(Role::Queen));
            if !after.in_check(us) {
                out = out.with(to);
            }
        }
        out
    }

    /// Puts `incoming` checkers (in the stack's signed form) under the piece on `sq`, cancelling
    /// opposite colours.
    fn merge(&mut self, sq: Square, incoming: i8) -> Effects {
        let mut effects = Effects::default();
        let here = self.stacks[sq.index()];
        if self.checkers == Checkers::Coloured && here.signum() * incoming.signum() < 0 {
            let pairs = here.unsigned_abs().min(incoming.unsigned_abs());
            effects.returned = [pairs, pairs];
        }
        self.stacks[sq.index()] = here + incoming;
        effects
    }

    /// A hobble checker that reaches the far rank goes back to its owner (Booster).
    fn drop_hobble_at_far_rank(&mut self, sq: Square) -> Effects {
        let mut effects = Effects::default();
        if let Some(owner) = self.board.color_at(sq)
            && sq.rank() == far_rank(owner)
            && self.is_hobbled(sq)
        {
            effects.returned[owner.other().index()] = self.stacks[sq.index()].unsigned_abs();
            self.stacks[sq.index()] = 0;
        }
        effects
    }

    /// Moves the piece on `from` to `to` with its stack, capturing what stands there and
    /// taking over its checkers.
    fn carry(&mut self, from: Square, to: Square, promotion: Option<Role>) -> Effects {
        let us = self.turn;
        let piece = self.board.remove(from).expect("a piece on the from-square");
        let moving = std::mem::take(&mut self.stacks[from.index()]);
        let captured_stack = std::mem::take(&mut self.stacks[to.index()]);
        let captured = self.board.remove(to);
        self.board.put(to, Piece::new(us, promotion.filter(|_| piece.role == Role::Pawn).unwrap_or(piece.role)));
        self.stacks[to.index()] = moving;
        let mut effects = self.merge(to, captured_stack);
        effects.captured = captured;
        if captured.is_some() || piece.role == Role::Pawn {
            self.halfmoves = 0;
        }
        if piece.role == Role::King {
            self.castling &= !Bitboard::rank(us.back_rank());
        }
        self.castling = self.castling.without(from).without(to);
        self.moved_pawns = self.moved_pawns.without(from).without(to);
        if self.board.role_at(to) == Some(Role::Pawn) && to.rank() == Self::pawn_start_rank(us) {
            self.moved_pawns = self.moved_pawns.with(to);
        }
        effects.add(self.drop_hobble_at_far_rank(to));
        effects
    }

    /// Plays a regular move, which must be one of [`BoostPosition::regular_moves`].
    pub fn play_regular(&mut self, m: Move) -> Effects {
        let us = self.turn;
        self.ep_square = None;
        self.halfmoves += 1;
        match m {
            Move::Normal { from, to, promotion } => {
                let pawn = self.board.role_at(from) == Some(Role::Pawn);
                let effects = self.carry(from, to, promotion);
                if pawn && from.rank().abs_diff(to.rank()) == 2 {
                    let skipped = Square::from_coords(from.file(), (from.rank() + to.rank()) / 2);
                    if (attacks::pawn_attacks(us, skipped) & self.board.pieces(us.other(), Role::Pawn)).nonempty() {
                        self.ep_square = Some(skipped);
                    }
                }
                effects
            }
            Move::EnPassant { from, to } => {
                let victim = Square::from_coords(to.file(), from.rank());
                let victim_stack = std::mem::take(&mut self.stacks[victim.index()]);
                let captured = self.board.remove(victim);
                let mut effects = self.carry(from, to, None);
                effects.add(self.merge(to, victim_stack));
                effects.captured = captured;
                effects
            }
            Move::Castle { king, rook } => {
                // A hobbled rook (Booster) takes its checkers along.
                let rook_stack = std::mem::take(&mut self.stacks[rook.index()]);
                self.board.castle(us, king, rook);
                let rook_file = if rook.file() > king.file() { 5 } else { 3 };
                self.stacks[Square::from_coords(rook_file, us.back_rank()).index()] = rook_stack;
                self.castling &= !Bitboard::rank(us.back_rank());
                Effects::default()
            }
        }
    }

    /// Spends one checker from under the piece on `from` for a king step to `to`, which must be
    /// one of [`BoostPosition::step_targets`]. A pawn reaching the last rank becomes
    /// `promotion` (a queen if none is given).
    pub fn play_step(&mut self, from: Square, to: Square, promotion: Option<Role>) -> Effects {
        let us = self.turn;
        // An extra step is part of the turn's move: it does not count for the fifty-move rule
        // on its own, and a pawn that steps after its double step cannot be taken en passant.
        self.ep_square = None;
        let mut effects = Effects::default();
        match self.checkers {
            Checkers::Colourless => {
                self.stacks[from.index()] -= 1;
                effects.returned[0] = 1;
            }
            Checkers::Coloured => {
                self.stacks[from.index()] -= sign(us);
                effects.returned[us.index()] = 1;
            }
        }
        let promotes = self.promotes(from, to);
        effects.add(self.carry(from, to, promotes.then(|| promotion.unwrap_or(Role::Queen))));
        effects
    }

    /// Adds one checker under the piece on `sq`: colourless, or of `owner`'s colour.
    pub fn add_checker(&mut self, sq: Square, owner: Color) -> Effects {
        let one = match self.checkers {
            Checkers::Colourless => 1,
            Checkers::Coloured => sign(owner),
        };
        let mut effects = self.merge(sq, one);
        effects.add(self.drop_hobble_at_far_rank(sq));
        effects
    }

    /// Leaf count `depth` turns down, each turn a regular move only (no extra moves or
    /// placements): with no checkers on the board this is orthodox perft, which tests check.
    pub fn perft(&self, depth: u32) -> u64 {
        perft_with(self, depth, &BoostPosition::regular_moves, &|p, m| {
            p.play_regular(m);
            p.end_turn();
        })
    }

    /// Passes the move to the other side.
    pub fn end_turn(&mut self) {
        if self.turn == Color::Black {
            self.fullmoves += 1;
        }
        self.turn = self.turn.other();
    }

    /// Neither side can ever make a capture or gain a checker that matters: bare kings with no
    /// checkers anywhere.
    pub fn only_bare_kings(&self) -> bool {
        self.board.occupied() == self.board.by_role(Role::King) && !self.has_stacks()
    }

    /// Why the regular move `from`-`to` is not legal, in players' words.
    pub fn why_illegal(&self, from: Square, to: Square, promotion: Option<Role>) -> String {
        let us = self.turn;
        let piece = match movers_piece(&self.board, us, from) {
            Ok(piece) => piece,
            Err(why) => return why,
        };
        if let Some(rook) = castling_rook(&self.board, self.castling, from, to) {
            return match rook {
                Err(why) => why,
                Ok(rook) => self.castling_problem(from, rook).unwrap_or_else(|| {
                    format!("Castling would leave your king in check from {}.", self.describe_checker(us))
                }),
            };
        }
        if self.board.color_at(to) == Some(us) {
            return format!("You cannot capture your own {} on {to}.", self.board.role_at(to).expect("occupied"));
        }
        if self.board.piece_at(to).is_some_and(|p| p.role == Role::King) {
            return "Kings are never captured: checkmate ends the game first.".into();
        }
        if self.moved_pawns.contains(from) && from.file() == to.file() && from.rank().abs_diff(to.rank()) == 2 {
            return format!(
                "The pawn on {from} has moved before (an extra move brought it back), so it may not advance two squares."
            );
        }
        if self.is_hobbled(from) {
            if piece.role == Role::Pawn {
                return format!(
                    "The pawn on {from} is hobbled (it stands on your opponent's checkers) and cannot move."
                );
            }
            if !self.regular_targets(from).contains(to) {
                return format!(
                    "The {} on {from} is hobbled (it stands on your opponent's checkers), so it moves like a pawn: one square forward, capturing one square diagonally forward, never two squares.",
                    piece.role
                );
            }
        } else if let Some(reason) =
            movement_problem(&self.board, self.board.occupied(), self.ep_square, piece, from, to)
        {
            return reason;
        }
        match (self.promotes(from, to), promotion) {
            (true, None) => {
                return format!("A pawn reaching the last rank must be promoted: add q, r, b or n, as in {from}{to}q.");
            }
            (false, Some(_)) => return "Only a pawn reaching the last rank can be promoted.".into(),
            _ => {}
        }
        let mut after = *self;
        let m = if piece.role == Role::Pawn && self.ep_square == Some(to) && !self.board.occupied().contains(to) {
            Move::EnPassant { from, to }
        } else {
            Move::Normal { from, to, promotion }
        };
        after.play_regular(m);
        match after.checker_of(us) {
            Some(by) => format!(
                "That would leave your king in check: {} could reach it{}.",
                describe(&after.board, by),
                if after.has_stacks() { " (counting extra king moves paid with checkers)" } else { "" }
            ),
            None => format!("{from}{to} is not a legal move here."),
        }
    }

    /// Why the extra step `from`-`to` is not legal.
    pub fn why_step_illegal(&self, from: Square, to: Square) -> String {
        let power = self.power(from);
        let role = self.board.role_at(from).map_or("piece", |r| r.name());
        if power <= 0 {
            return format!("The {role} on {from} has no checkers left to spend on an extra move.");
        }
        if !attacks::king_attacks(from).contains(to) {
            return format!("An extra move is one king step, to a square next to {from}; {to} is not.");
        }
        if self.board.color_at(to) == Some(self.turn) {
            return format!("You cannot capture your own piece on {to}.");
        }
        if self.board.role_at(to) == Some(Role::King) {
            return "Kings are never captured: checkmate ends the game first.".into();
        }
        let mut after = *self;
        after.play_step(from, to, None);
        match after.checker_of(self.turn) {
            Some(by) => format!("That would leave your king in check: {} could reach it.", describe(&after.board, by)),
            None => format!("{from}{to} is not a legal extra move here."),
        }
    }

    fn describe_checker(&self, color: Color) -> String {
        self.checker_of(color).map_or_else(|| "an enemy piece".into(), |sq| describe(&self.board, sq))
    }

    /// The position as FEN plus a seventh field of stacks: `-`, or `c1:3,h7:1` (colourless),
    /// or `c1:2w,h7:1b` (coloured: whose checkers).
    pub fn to_text(&self) -> String {
        format!("{} {}", self.fen_fields().write(CastlingNotation::XFen), self.stacks_text())
    }

    pub fn stacks_text(&self) -> String {
        let parts: Vec<String> = Square::all()
            .filter(|sq| self.stacks[sq.index()] != 0)
            .map(|sq| {
                let (count, owner) = self.stack(sq);
                match owner {
                    None => format!("{sq}:{count}"),
                    Some(c) => format!("{sq}:{count}{}", c.fen_char()),
                }
            })
            .collect();
        if parts.is_empty() { "-".into() } else { parts.join(",") }
    }

    /// Reads FEN fields, the stacks field (see [`BoostPosition::to_text`]) and the moved pawns
    /// (see [`BoostPosition::moved_pawns_text`]) of a position between turns: the side that
    /// just moved may not be in check. The moved pawns count for that: they cannot advance two
    /// squares on the way to the king.
    pub fn from_fields(
        fen: &[&str],
        stacks: &str,
        moved_pawns: &str,
        checkers: Checkers,
    ) -> Result<BoostPosition, FenError> {
        FenFields::parse(fen)?;
        let mut pos = BoostPosition::read_fields(fen, stacks, checkers)?;
        pos.read_moved_pawns(moved_pawns)?;
        mover_not_in_check(&pos.board, pos.turn, pos.checker_of(pos.turn.other()))?;
        Ok(pos)
    }

    /// Reads the fields of a position that may be in the middle of a turn.
    pub fn read_fields(fen: &[&str], stacks: &str, checkers: Checkers) -> Result<BoostPosition, FenError> {
        let err = |m: String| Err(FenError(m));
        let f = FenFields::parse_mid_turn(fen)?;
        let mut pos = BoostPosition {
            board: f.board,
            stacks: [0; 64],
            checkers,
            turn: f.turn,
            castling: f.castling,
            moved_pawns: Bitboard::EMPTY,
            ep_square: f.ep_square,
            halfmoves: f.halfmoves,
            fullmoves: f.fullmoves,
        };
        for color in Color::ALL {
            if let Some(sq) = (pos.board.pieces(color, Role::Pawn) & Bitboard::rank(far_rank(color))).first() {
                return err(format!("there is a {} pawn on {sq}; it would have promoted", color.name().to_lowercase()));
            }
        }
        if stacks != "-" {
            for part in stacks.split(',') {
                let Some((sq, count)) = part.split_once(':') else {
                    return err(format!("stack '{part}' should be square:count, like c1:3"));
                };
                let sq: Square = sq.parse().map_err(|e| FenError(format!("stack '{part}': {e}")))?;
                let (digits, owner) = match (checkers, count.chars().last()) {
                    (Checkers::Colourless, _) => (count, 1),
                    (Checkers::Coloured, Some('w')) => (&count[..count.len() - 1], 1),
                    (Checkers::Coloured, Some('b')) => (&count[..count.len() - 1], -1),
                    (Checkers::Coloured, _) => {
                        return err(format!(
                            "stack '{part}' must say whose checkers: w or b after the count, like c1:2w"
                        ));
                    }
                };
                let n: i8 = match digits.parse() {
                    Ok(n) if (1..=64).contains(&n) => n,
                    _ => return err(format!("stack '{part}' needs a count from 1 to 64")),
                };
                if !pos.board.occupied().contains(sq) {
                    return err(format!("stack '{part}' is on an empty square; checkers stand under pieces"));
                }
                if pos.stacks[sq.index()] != 0 {
                    return err(format!("{sq} has two stacks"));
                }
                pos.stacks[sq.index()] = n * owner;
            }
        }
        Ok(pos)
    }
}

/// Saved as its text and what the checkers mean, so snapshots stay readable.
#[derive(Serialize, Deserialize)]
struct SavedBoostPosition {
    text: String,
    coloured: bool,
    /// [`BoostPosition::moved_pawns_text`]; absent for none.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    moved_pawns: Option<String>,
}

impl Serialize for BoostPosition {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        SavedBoostPosition {
            text: self.to_text(),
            coloured: self.checkers == Checkers::Coloured,
            moved_pawns: self.moved_pawns.nonempty().then(|| self.moved_pawns_text()),
        }
        .serialize(s)
    }
}

impl<'de> Deserialize<'de> for BoostPosition {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<BoostPosition, D::Error> {
        let saved = SavedBoostPosition::deserialize(d)?;
        let fields: Vec<&str> = saved.text.split_whitespace().collect();
        let (fen, stacks) = fields.split_at(fields.len().saturating_sub(1));
        let checkers = if saved.coloured { Checkers::Coloured } else { Checkers::Colourless };
        let mut pos = BoostPosition::read_fields(fen, stacks.first().copied().unwrap_or("-"), checkers)
            .map_err(serde::de::Error::custom)?;
        pos.read_moved_pawns(saved.moved_pawns.as_deref().unwrap_or("-")).map_err(serde::de::Error::custom)?;
        Ok(pos)
    }
}
