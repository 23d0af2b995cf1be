//! Captures by dice (seed 003, "Capturing"), with the trumps that shape an attack: declaring
//! one rolls both sides' dice at once; a reaction window follows, in which both seats may play
//! roll modifiers and the defender a block or a bodyguard; once both have passed since the
//! last card, the higher total wins.

use super::hands::{Meaning, Trump};
use super::moves::Capture;
use super::plays::{Play, Target};
use super::state::{Attack, BlakesState, Modifier, Report, Step, Verdict};
use crate::game::Seat;
use crate::geometry::Square;
use crate::pieces::{Color, Piece, Role};
use crate::random::{RandomSource, roll};

/// A piece's strength in a roll: pawn 0, knight 1, bishop 2, rook 3, queen 4, king 5.
pub fn strength(role: Role) -> u8 {
    match role {
        Role::Pawn => 0,
        Role::Knight => 1,
        Role::Bishop => 2,
        Role::Rook => 3,
        Role::Queen => 4,
        Role::King => 5,
    }
}

/// The attack bonus every attacker adds.
pub const ATTACK_BONUS: u8 = 2;
/// What a kamikaze adds to it.
pub const KAMIKAZE_BONUS: u8 = 2;

/// How many of `role` a side has in a full set.
fn full_set(role: Role) -> usize {
    match role {
        Role::Pawn => 8,
        Role::Queen | Role::King => 1,
        _ => 2,
    }
}

/// Why the attack trump `trump` does not shape an attack by `lead` (with a partner or not) on
/// `defender`, or `None` when it does: a kamikaze does not take a king, conversion needs a
/// bishop, tag-team a partner, and an uprising never touches a defending king.
pub fn not_shaping(trump: Trump, lead: Role, defender: Role, partner: bool) -> Option<&'static str> {
    match trump {
        Trump::Kamikaze if lead == Role::King => Some("kamikaze shapes no king's attack"),
        Trump::Conversion if lead != Role::Bishop => Some("conversion shapes only a bishop's attack"),
        Trump::TagTeam if !partner => Some("a tag-team attack names its partner"),
        Trump::Uprising if defender == Role::King => Some("uprising never touches a defending king"),
        _ => None,
    }
}

impl BlakesState {
    /// The attack trumps in force that apply to this capture (see [`not_shaping`]); all of
    /// them are spent by it, and their cards go onto the waste.
    fn attack_trumps(&mut self, lead: Role, defender: Role, partner: bool) -> Vec<Trump> {
        let armed: Vec<Trump> = self.play.effects.iter().copied().filter(|t| t.is_for_attack()).collect();
        self.play.effects.retain(|t| !t.is_for_attack());
        armed.iter().for_each(|t| self.waste_trump(*t));
        armed.into_iter().filter(|t| not_shaping(*t, lead, defender, partner).is_none()).collect()
    }

    /// Declares `capture` (with a tag-team `partner`): rolls two dice for each side and opens
    /// the reaction window; with no cards in either hand it is resolved at once.
    pub fn declare(
        &mut self,
        capture: Capture,
        promotion: Option<Role>,
        partner: Option<Square>,
        rng: &mut dyn RandomSource,
    ) {
        let role_at = |sq: Square| self.board.role_at(sq).unwrap_or(Role::Pawn);
        let (attacker, defender) = (role_at(capture.from), role_at(capture.victim));
        let partner_role = partner.map(role_at);
        let trumps = self.attack_trumps(attacker, defender, partner.is_some());
        let mut strengths = [strength(attacker) + partner_role.map_or(0, strength), strength(defender)];
        if trumps.contains(&Trump::Uprising) {
            strengths.swap(0, 1);
        }
        let bonus = ATTACK_BONUS + if trumps.contains(&Trump::Kamikaze) { KAMIKAZE_BONUS } else { 0 };
        let mut die = || roll(rng, 6) as u8;
        let dice = [[die(), die()], [die(), die()]];
        self.play.acted = true;
        self.play.moved = true;
        self.play.left = self.play.left.saturating_sub(1);
        let attack = Attack {
            from: capture.from,
            to: capture.to,
            victim: capture.victim,
            partner,
            promotion,
            attacker,
            partner_role,
            defender,
            dice,
            strength: strengths,
            bonus,
            modifiers: [Vec::new(), Vec::new()],
            passed: [false, false],
            bodyguard: None,
            trumps,
        };
        self.step = Step::React(Box::new(attack));
        self.reopen();
    }

    /// Side 0 (attacker) or 1 (defender) of `seat` in the attack.
    fn side_of(&self, seat: Seat) -> usize {
        usize::from(seat != self.mover_seat())
    }

    /// The seat of attack side `side`.
    pub fn seat_of_side(&self, side: usize) -> Seat {
        if side == 0 { self.mover_seat() } else { 1 - self.mover_seat() }
    }

    /// After a card (by `side`, or at the opening): every side with cards is asked again; a
    /// side with an empty hand has nothing to play and counts as passed. Resolves the attack
    /// once both have passed.
    fn reopen(&mut self) {
        let empty = [0, 1].map(|side| self.hands[usize::from(self.seat_of_side(side))].is_empty());
        if let Step::React(attack) = &mut self.step {
            attack.passed = empty;
        }
        self.close_if_all_passed();
    }

    fn close_if_all_passed(&mut self) {
        if let Step::React(attack) = &self.step
            && attack.passed.iter().all(|p| *p)
        {
            self.resolve(false);
        }
    }

    /// `seat` passes in the reaction window.
    pub fn pass(&mut self, seat: Seat) {
        let side = self.side_of(seat);
        if let Step::React(attack) = &mut self.step {
            attack.passed[side] = true;
        }
        self.close_if_all_passed();
    }

    /// Plays a roll modifier, a block or a bodyguard listed by [`BlakesState::plays`] during
    /// an attack.
    pub fn play_in_window(&mut self, seat: Seat, play: &Play) {
        let side = self.side_of(seat);
        self.spend(seat, &play.cards);
        let Step::React(attack) = &mut self.step else { return };
        match (play.meaning, play.target) {
            (Meaning::Block(_), _) => return self.resolve(true),
            (Meaning::Trump(Trump::Bodyguard), Target::Square(sq)) => attack.bodyguard = Some(sq),
            (meaning, _) => {
                let plus = meaning.roll_bonus().unwrap_or(0);
                attack.modifiers[side].push(Modifier { cards: play.cards.clone(), plus });
            }
        }
        self.reopen();
    }

    /// The defender's pieces that may die in place of the defender about to die: any but the
    /// king and the defender itself, none that would put a pawn on the first or last rank.
    pub fn bodyguard_targets(&self) -> Vec<Target> {
        let Step::React(attack) = &self.step else { return Vec::new() };
        let [att, def] = attack.totals();
        if att <= def || attack.defender == Role::King || attack.bodyguard.is_some() {
            return Vec::new();
        }
        let theirs = self.board.by_color(self.to_move.other()) & !self.board.by_role(Role::King);
        theirs
            .without(attack.victim)
            .filter(|g| self.pawns_stay_off_end_ranks(*g, attack.victim))
            .map(Target::Square)
            .collect()
    }

    /// Whether `color` lacks a `role` it could have: fewer on the board than a full set.
    fn lacks(&self, color: Color, role: Role) -> bool {
        role != Role::King && self.count(color, role) < full_set(role)
    }

    /// A bishop's conversion: the piece on `sq` becomes `color`'s, standing where it is. The
    /// new piece takes the place of one `color` lost, or else of one it had not yet built.
    fn convert(&mut self, sq: Square, color: Color) {
        let Some(piece) = self.board.piece_at(sq) else { return };
        self.ledgers[color.other().index()].dead.push(piece.role);
        let ledger = &mut self.ledgers[color.index()];
        if let Some(i) = ledger.dead.iter().rposition(|r| *r == piece.role) {
            ledger.dead.remove(i);
        } else {
            ledger.add_built(piece.role);
        }
        self.board.put(sq, Piece::new(color, piece.role));
        self.touch(sq);
    }

    /// Settles the attack: blocked, a tie, won or lost; then the turn goes on or ends.
    pub fn resolve(&mut self, blocked: bool) {
        let Step::React(attack) = std::mem::replace(&mut self.step, Step::Move) else { return };
        let [att, def] = attack.totals();
        let verdict = match () {
            _ if blocked => Verdict::Blocked,
            _ if att > def => Verdict::Won,
            _ if def > att => Verdict::Lost,
            _ => Verdict::Tie,
        };
        let us = self.to_move;
        let sniper = attack.has(Trump::Sniper);
        let kamikaze = attack.has(Trump::Kamikaze);
        let mut converted = false;
        let guard_role = attack.bodyguard.and_then(|g| self.board.role_at(g));
        match verdict {
            Verdict::Won => {
                if let Some(guard) = attack.bodyguard {
                    self.swap(attack.victim, guard);
                }
                let dying = self.board.role_at(attack.victim).unwrap_or(Role::Pawn);
                if attack.has(Trump::Conversion) && self.lacks(us, dying) {
                    self.convert(attack.victim, us);
                    converted = true;
                } else {
                    self.kill(attack.victim);
                    if !sniper && !kamikaze {
                        self.relocate(attack.from, attack.to, attack.promotion);
                    }
                }
            }
            Verdict::Lost if !sniper => {
                self.kill(attack.from);
                attack.partner.into_iter().for_each(|p| self.kill(p));
            }
            _ => {}
        }
        if kamikaze && self.board.color_at(attack.from) == Some(us) {
            self.kill(attack.from);
        }
        let gone = self.board.piece_at(attack.from).is_none();
        let said = report_sentence(&attack, verdict, Fate { converted, guard_role, attacker_gone: gone });
        self.last_attack = Some(Report { attack: *attack, by: us, result: verdict, said });
        if self.ended.is_some() {
            self.release_brainwashed();
            self.waste_pending();
            return;
        }
        if matches!(verdict, Verdict::Tie | Verdict::Blocked) {
            self.end_turn();
        } else {
            self.settle();
        }
    }
}

/// What became of the pieces when an attack was settled.
struct Fate {
    /// Whether the piece that lost on the defended square was converted.
    converted: bool,
    /// The bodyguard's piece, when one was named.
    guard_role: Option<Role>,
    /// Whether the attacking piece has left its square (moved in or lost).
    attacker_gone: bool,
}

/// What happened to the attack, for the table: "the attack wins: the pawn on d5 is taken". With
/// a bodyguard the sentence says that the defender and its bodyguard swapped, and which of
/// them was taken or converted.
fn report_sentence(attack: &Attack, verdict: Verdict, fate: Fate) -> String {
    let (a, d, v) = (attack.attacker, attack.defender, attack.victim);
    let outcome = if fate.converted { "converted" } else { "taken" };
    let dying = match (attack.bodyguard, fate.guard_role) {
        (Some(g), Some(role)) if verdict == Verdict::Won => {
            format!(
                "the {d} on {v} and its bodyguard, the {role} on {g}, swap places, and the {role} is {outcome} on {v}"
            )
        }
        _ => format!("the {d} on {v} is {outcome}"),
    };
    let kamikaze = attack.has(Trump::Kamikaze);
    let stay = if kamikaze { "nothing is captured" } else { "both pieces stay" };
    let mut text = match verdict {
        Verdict::Blocked => format!("blocked: {stay} and the turn ends"),
        Verdict::Tie => format!("a tie: {stay} and the turn ends"),
        Verdict::Won if attack.has(Trump::Sniper) && !fate.converted && !kamikaze => {
            format!("the attack wins: {dying}; the {a} stays")
        }
        Verdict::Won => format!("the attack wins: {dying}"),
        // The kamikaze's price is paid whatever the sniper spares it from.
        Verdict::Lost if attack.has(Trump::Sniper) && kamikaze => {
            format!("the defence holds; the sniper keeps the {a} from the defence, but the kamikaze {a} is lost")
        }
        Verdict::Lost if attack.has(Trump::Sniper) => "the defence holds; the sniper stays".to_string(),
        Verdict::Lost if attack.partner.is_some() => "the defence holds and takes both attackers".to_string(),
        Verdict::Lost => format!("the defence holds and takes the {a} on {}", attack.from),
    };
    if kamikaze && fate.attacker_gone && verdict != Verdict::Lost {
        text.push_str(&format!("; the kamikaze {a} is lost"));
    }
    text
}
