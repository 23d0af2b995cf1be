//! A game's state and how a turn runs: laying the sections, the opening rolls, moves, the roll
//! after each capture and the change it allows, and how the game ends (seed, "Setup", "Play",
//! "Resolution").

use super::arrangements::{self, Change, Die};
use super::embedding::{self, Join};
use super::geometry::WhackGeometry;
use super::moves::{self, CheckRule, Kind, Move, Refusal, Scene};
use super::plane::Motion;
use super::pyramids::{self, Piece, Pyramids};
use super::setup::{self, SECTIONS};
use crate::game::{Outcome, Seating};
use crate::pieces::Color;
use serde::{Deserialize, Serialize};

/// Whack Chess's options.
#[derive(Clone, Debug, Default, Eq, PartialEq, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(deny_unknown_fields, default)]
pub struct WhackOptions {
    /// As in modern chess, a player must get every king out of check when a move can (and a
    /// king is never captured). Off (the default): a king in check may be left there and
    /// captured, as the seed's "kings may (must!) be captured" says; only moves that put a
    /// king in check, or move one into check, are illegal.
    pub check_must_be_answered: bool,
}

/// Where the game is.
#[derive(Copy, Clone, Debug, Eq, PartialEq, Serialize, Deserialize)]
#[serde(tag = "phase", rename_all = "snake_case")]
pub enum Phase {
    /// The side to act lays the next section.
    PlaceSection,
    /// The side to act rolls the die: at the start (`opening`) or after its capture.
    Roll {
        /// Whether this is one of the rolls before the first move.
        opening: bool,
    },
    /// The side to act chooses one of the changes `die` allows.
    Rearrange {
        /// What the die showed.
        die: Die,
        /// Whether this follows an opening roll.
        opening: bool,
    },
    /// The side to act moves a piece.
    Move,
}

/// Everything the referee knows: nothing is secret.
#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct WhackState {
    /// The options.
    pub options: WhackOptions,
    /// Where each section lies, by number (sections are numbered in the order laid).
    pub sections: Vec<Motion>,
    /// The pyramids on the cells.
    pub pyramids: Pyramids,
    /// Fire (White) or Ice (Black): who acts now.
    pub to_act: Color,
    /// What the side to act does.
    pub phase: Phase,
    /// The last face rolled.
    pub rolled: Option<Die>,
    /// How the game ended.
    pub ended: Option<Outcome>,
}

/// Fire in seat 0, Ice in seat 1, each its own team.
pub fn seating() -> Seating {
    Seating::one_team_each(["Fire", "Ice"])
}

impl WhackState {
    /// The start: section 1 on the table, Ice to lay section 2.
    pub fn new(options: WhackOptions) -> WhackState {
        WhackState {
            options,
            sections: vec![Motion::IDENTITY],
            pyramids: Pyramids::new(),
            to_act: Color::Black,
            phase: Phase::PlaceSection,
            rolled: None,
            ended: None,
        }
    }

    /// The joins of the sections as they lie.
    pub fn joins(&self) -> Vec<Join> {
        embedding::board(&self.sections).expect("a stored arrangement is a board")
    }

    /// The cells and how they join.
    pub fn geometry(&self) -> WhackGeometry {
        WhackGeometry::new(self.sections.len(), &self.joins())
    }

    /// The piece on each cell of the full board.
    pub fn pieces(&self) -> Vec<Option<Piece>> {
        pyramids::pieces(&self.pyramids, SECTIONS * 16)
    }

    /// Which kings may be left in check.
    pub fn rule(&self) -> CheckRule {
        if self.options.check_must_be_answered { CheckRule::MustAnswer } else { CheckRule::MayStayInCheck }
    }

    /// The legal moves of the side to act.
    pub fn legal_moves(&self) -> Vec<(Move, Kind)> {
        let (geometry, pieces) = (self.geometry(), self.pieces());
        moves::legal_moves(&Scene { geometry: &geometry, pieces: &pieces }, self.to_act, self.rule())
    }

    /// Judges a move of the side to act.
    pub fn judge_move(&self, mv: Move) -> Result<Kind, Refusal> {
        let (geometry, pieces) = (self.geometry(), self.pieces());
        moves::judge(&Scene { geometry: &geometry, pieces: &pieces }, self.to_act, mv, self.rule())
    }

    /// The kings of the side to act a board of `joins` would put in check, and those already
    /// in check it would bring another attacker onto (under either rule: a change is never
    /// made to answer a check, and may not make one worse).
    fn changed_checks(&self, joins: &[Join]) -> (u64, u64) {
        let (now, pieces) = (self.geometry(), self.pieces());
        let before = Scene { geometry: &now, pieces: &pieces }.king_attackers(self.to_act);
        let after = WhackGeometry::new(self.sections.len(), joins);
        moves::gained(&before, &Scene { geometry: &after, pieces: &pieces }, self.to_act, 0)
    }

    /// The changes `die` allows the side to act: every arrangement that keeps the board whole
    /// and puts none of its kings in check (nor brings another attacker onto one in check).
    pub fn legal_changes(&self, die: Die) -> Vec<arrangements::Choice> {
        let joins = self.joins();
        let mut choices = arrangements::options(&self.sections, &joins, die);
        choices.retain(|(_, _, after)| self.changed_checks(after) == (0, 0));
        choices
    }

    /// Judges a typed change: where the sections then lie, or why not.
    pub fn judge_change(&self, die: Die, change: &Change) -> Result<Vec<Motion>, String> {
        let (after, joins) = arrangements::judge(&self.sections, &self.joins(), die, change)?;
        match self.changed_checks(&joins) {
            (0, 0) => Ok(after),
            (put, more) => Err(super::words::check_refusal(put, 0, more)),
        }
    }

    /// The next section is laid: after the fourth, the pieces are set up and Ice rolls.
    pub fn placed(&mut self, after: Vec<Motion>) {
        self.sections = after;
        match setup::placer(self.sections.len()) {
            Some(next) => self.to_act = next,
            None => {
                self.pyramids = setup::starting_pieces(&self.joins());
                self.to_act = Color::Black;
                self.phase = Phase::Roll { opening: true };
            }
        }
    }

    /// A piece has moved: after a capture the mover rolls (unless the game is over), else the
    /// other side moves.
    pub fn moved(&mut self, mv: Move, kind: Kind) {
        let piece = self.pyramids.take(mv.from);
        if kind == Kind::Capture {
            self.pyramids.take(mv.to);
        }
        for p in piece {
            self.pyramids.push(mv.to, p);
        }
        if kind != Kind::Capture {
            return self.start_moves(self.to_act.other());
        }
        let (geometry, pieces) = (self.geometry(), self.pieces());
        let scene = Scene { geometry: &geometry, pieces: &pieces };
        let (us, them) = (self.to_act, self.to_act.other());
        if scene.kings(them) == 0 {
            let why = format!("{} captured {}'s last king", super::words::side_name(us), super::words::side_name(them));
            self.ended = Some(seating().team_wins(us.index() as u8, why));
        } else if scene.material(us) <= 8 && scene.material(them) <= 8 {
            self.ended = Some(seating().draw("both sides are down to 8 points of material or less"));
        } else {
            self.phase = Phase::Roll { opening: false };
        }
    }

    /// The die shows `die`: the roller chooses a change, or, if none is possible, play goes on
    /// (an opening roll that moved nothing passes the die to the other side).
    pub fn rolled(&mut self, die: Die) {
        self.rolled = Some(die);
        let opening = matches!(self.phase, Phase::Roll { opening: true });
        if !self.legal_changes(die).is_empty() {
            self.phase = Phase::Rearrange { die, opening };
        } else if opening {
            self.to_act = self.to_act.other();
            self.phase = Phase::Roll { opening: true };
        } else {
            self.start_moves(self.to_act.other());
        }
    }

    /// The board has changed: the other side moves (at the start, it makes the first move).
    pub fn rearranged(&mut self, after: Vec<Motion>) {
        self.sections = after;
        self.start_moves(self.to_act.other());
    }

    /// `side` is to move: with no legal move it loses if in check, else the game is drawn.
    pub fn start_moves(&mut self, side: Color) {
        self.to_act = side;
        self.phase = Phase::Move;
        if !self.legal_moves().is_empty() {
            return;
        }
        let (geometry, pieces) = (self.geometry(), self.pieces());
        let in_check = Scene { geometry: &geometry, pieces: &pieces }.checked(side) != 0;
        let name = super::words::side_name(side);
        self.ended = Some(if in_check {
            let why = format!("{name} has no legal move while in check");
            seating().team_wins(side.other().index() as u8, why)
        } else {
            seating().draw(format!("{name} has no legal move and is not in check"))
        });
    }

    /// How a position read from its notation stands: a side without kings has lost, both
    /// sides at 8 points or less draw, and a side to move without moves ends the game.
    pub fn settle(&mut self) {
        if self.sections.len() < SECTIONS {
            return;
        }
        let (geometry, pieces) = (self.geometry(), self.pieces());
        let scene = Scene { geometry: &geometry, pieces: &pieces };
        for side in Color::ALL {
            if scene.kings(side) == 0 {
                let why = format!("{} has no king left", super::words::side_name(side));
                self.ended = Some(seating().team_wins(side.other().index() as u8, why));
                return;
            }
        }
        if Color::ALL.iter().all(|s| scene.material(*s) <= 8) {
            self.ended = Some(seating().draw("both sides are down to 8 points of material or less"));
        } else if self.phase == Phase::Move {
            self.start_moves(self.to_act);
        }
    }
}
