//! What every game with opponents shares around its moves, owned by the contract rather than by
//! each game: resigning, offering, accepting and declining a draw, for seats and for teams; and,
//! in games that allow it, asking the other side to let one's last move be taken back.

use super::seating::{Outcome, Seating, Team};
use super::{ErrorCode, GameError, Seat};
use serde::{Deserialize, Serialize};

/// The actions a seat may take whoever's turn it is.
#[derive(Copy, Clone, Debug, Eq, PartialEq)]
pub enum Courtesy {
    /// Give up, for the whole team.
    Resign,
    /// Offer a draw to the other teams.
    OfferDraw,
    /// Agree to a draw another team offered.
    AcceptDraw,
    /// Turn down a draw another team offered.
    DeclineDraw,
    /// Ask the other side to let one's last move be taken back (it drew and hid nothing).
    OfferTakeback,
    /// Let the other side take back its last move.
    AcceptTakeback,
    /// Refuse the other side's takeback (or withdraw one's own request).
    DeclineTakeback,
}

impl Courtesy {
    const ALL: [Courtesy; 7] = [
        Courtesy::Resign,
        Courtesy::OfferDraw,
        Courtesy::AcceptDraw,
        Courtesy::DeclineDraw,
        Courtesy::OfferTakeback,
        Courtesy::AcceptTakeback,
        Courtesy::DeclineTakeback,
    ];

    /// The action's text: `resign`, `offer-draw`, `accept-draw`, `decline-draw`,
    /// `offer-takeback`, `accept-takeback`, `decline-takeback`.
    pub fn as_str(self) -> &'static str {
        match self {
            Courtesy::Resign => "resign",
            Courtesy::OfferDraw => "offer-draw",
            Courtesy::AcceptDraw => "accept-draw",
            Courtesy::DeclineDraw => "decline-draw",
            Courtesy::OfferTakeback => "offer-takeback",
            Courtesy::AcceptTakeback => "accept-takeback",
            Courtesy::DeclineTakeback => "decline-takeback",
        }
    }

    /// The courtesy as a noun, for "White's draw offer is legal."
    pub fn as_noun(self) -> &'static str {
        match self {
            Courtesy::Resign => "resignation",
            Courtesy::OfferDraw => "draw offer",
            Courtesy::AcceptDraw => "acceptance of the draw",
            Courtesy::DeclineDraw => "refusal (or withdrawal) of the draw",
            Courtesy::OfferTakeback => "request to take back their last move",
            Courtesy::AcceptTakeback => "consent to the takeback",
            Courtesy::DeclineTakeback => "refusal (or withdrawal) of the takeback",
        }
    }

    /// Reads a courtesy in any case; `None` for anything else.
    pub fn parse(text: &str) -> Option<Courtesy> {
        Courtesy::ALL.into_iter().find(|c| text.trim().eq_ignore_ascii_case(c.as_str()))
    }
}

/// Which courtesies a game allows.
#[derive(Copy, Clone, Debug, Eq, PartialEq)]
pub struct Courtesies {
    /// A team may resign.
    pub resign: bool,
    /// Teams may agree a draw.
    pub draw_offers: bool,
    /// A side may ask to take back its last move, where that move drew nothing and hid nothing
    /// (games of open information whose rules do not forbid it: chess, Chess960).
    pub takebacks: bool,
}

impl Courtesies {
    /// Resigning and draw offers (every two-sided game).
    pub const ALL: Courtesies = Courtesies { resign: true, draw_offers: true, takebacks: false };
    /// Resigning, draw offers and takebacks.
    pub const WITH_TAKEBACKS: Courtesies = Courtesies { takebacks: true, ..Courtesies::ALL };
    /// None (table tools).
    pub const NONE: Courtesies = Courtesies { resign: false, draw_offers: false, takebacks: false };
}

/// The last move that may be taken back: whose it was, whether that side has asked, and the
/// draw offer that stood before it (a takeback restores the state from before the move,
/// requests included).
#[derive(Clone, Debug, Default, Eq, PartialEq, Serialize, Deserialize, schemars::JsonSchema)]
pub struct Takeback {
    /// The team whose last move it was.
    pub team: Team,
    /// Whether that team has asked to take it back, waiting for the other side's answer.
    pub asked: bool,
    /// The draw on offer just before the move, put back if the move is taken back (a draw
    /// offered with the move, after it, goes with it).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub draw_offer: Option<DrawOffer>,
}

/// A draw offered by one team, with the teams that have agreed so far (the offering team
/// first). The draw is agreed when every team has.
#[derive(Clone, Debug, Default, Eq, PartialEq, Serialize, Deserialize, schemars::JsonSchema)]
pub struct DrawOffer {
    /// The team that offered.
    pub team: Team,
    /// The teams that agree, the offering team included.
    pub agreed: Vec<Team>,
}

/// The pending draw offer and an ending by resignation or agreement.
#[derive(Clone, Debug, Default, Eq, PartialEq, Serialize, Deserialize)]
pub struct Conduct {
    /// The draw on offer, if any.
    pub draw_offer: Option<DrawOffer>,
    /// How the game ended, when it ended by resignation or agreement.
    pub ended: Option<Outcome>,
    /// The last move, where it may be taken back (the table keeps the state before it).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub takeback: Option<Takeback>,
    /// The move before the last, by the other side, where its side may still ask to take it
    /// back together with the reply to it (`takeback`; the table keeps the state before it).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub earlier: Option<Takeback>,
}

fn illegal(message: &str) -> GameError {
    GameError::new(ErrorCode::IllegalAction, message)
}

impl Conduct {
    /// The courtesies `seat` may use now.
    pub fn legal(&self, seating: &Seating, seat: Seat, allowed: Courtesies) -> Vec<Courtesy> {
        Courtesy::ALL.into_iter().filter(|c| self.check(seating, seat, *c, allowed).is_ok()).collect()
    }

    /// Checks that `seat` may use `courtesy` now, explaining why not.
    pub fn check(
        &self,
        seating: &Seating,
        seat: Seat,
        courtesy: Courtesy,
        allowed: Courtesies,
    ) -> Result<(), GameError> {
        let team = seating.team_of(seat);
        let teams = seating.teams.len();
        let agreed = |t: Team| self.draw_offer.as_ref().is_some_and(|o| o.agreed.contains(&t));
        match courtesy {
            Courtesy::Resign if !allowed.resign || teams > 2 => Err(illegal("Resigning is not part of this game.")),
            Courtesy::Resign => Ok(()),
            Courtesy::OfferTakeback | Courtesy::AcceptTakeback | Courtesy::DeclineTakeback => {
                self.check_takeback(team, courtesy, allowed.takebacks && teams == 2)
            }
            _ if !allowed.draw_offers || teams < 2 => Err(illegal("There are no draw offers in this game.")),
            Courtesy::OfferDraw if agreed(team) => Err(illegal("Your side has already agreed to a draw.")),
            Courtesy::OfferDraw if self.draw_offer.is_some() => {
                Err(illegal("A draw is already on offer: answer it with accept-draw or decline-draw."))
            }
            Courtesy::OfferDraw => Ok(()),
            Courtesy::AcceptDraw | Courtesy::DeclineDraw if self.draw_offer.is_none() => {
                Err(illegal("No draw is on offer."))
            }
            Courtesy::AcceptDraw if agreed(team) => Err(illegal("Your side has already agreed to this draw.")),
            Courtesy::DeclineDraw if self.draw_offer.as_ref().is_some_and(|o| o.team == team) => Ok(()),
            Courtesy::DeclineDraw if agreed(team) => Err(illegal("Your side has already agreed to this draw.")),
            Courtesy::AcceptDraw | Courtesy::DeclineDraw => Ok(()),
        }
    }

    /// The takeback asked for and waiting for an answer, if any.
    pub fn asked(&self) -> Option<&Takeback> {
        self.takeback.iter().chain(&self.earlier).find(|t| t.asked)
    }

    /// How many moves the takeback asked for would take back: 1 (the asker's last move), 2
    /// (the asker's move and the other side's reply to it); `None` when none is asked.
    pub fn asked_moves(&self) -> Option<u8> {
        match (&self.takeback, &self.earlier) {
            (Some(t), _) if t.asked => Some(1),
            (_, Some(e)) if e.asked => Some(2),
            _ => None,
        }
    }

    /// How many moves `team`'s own takeback request would take back now (see
    /// [`Conduct::asked_moves`]), when it may ask.
    fn askable_moves(&self, team: Team) -> Option<u8> {
        if self.asked().is_some() {
            return None;
        }
        match (&self.takeback, &self.earlier) {
            (Some(t), _) if t.team == team => Some(1),
            (_, Some(e)) if e.team == team => Some(2),
            _ => None,
        }
    }

    /// How many moves the takeback in question would take back: the one asked for, else the
    /// one `team` may ask for now; `None` when neither.
    pub fn takeback_moves(&self, team: Option<Team>) -> Option<u8> {
        self.asked_moves().or_else(|| team.and_then(|t| self.askable_moves(t)))
    }

    /// Checks a takeback courtesy of `team`'s.
    fn check_takeback(&self, team: Team, courtesy: Courtesy, allowed: bool) -> Result<(), GameError> {
        let asked = self.asked();
        match courtesy {
            _ if !allowed => Err(illegal("Moves cannot be taken back in this game.")),
            Courtesy::OfferTakeback => match asked {
                Some(t) if t.team == team => Err(illegal("You have already asked to take back your move.")),
                Some(_) => Err(illegal("The other side has asked to take back a move: answer that first.")),
                None if self.askable_moves(team).is_some() => Ok(()),
                None => Err(illegal(
                    "You have no move to take back now: only your last move (with the reply to it, if there was one) \
                     can be taken back, once, where nothing was drawn or hidden.",
                )),
            },
            Courtesy::AcceptTakeback if asked.is_some_and(|t| t.team != team) => Ok(()),
            Courtesy::AcceptTakeback => Err(illegal("Nobody has asked to take back a move.")),
            _ if asked.is_some() => Ok(()),
            _ => Err(illegal("Nobody has asked to take back a move.")),
        }
    }

    /// Uses a courtesy checked by [`Conduct::check`]; returns what the table hears.
    pub fn apply(&mut self, seating: &Seating, seat: Seat, courtesy: Courtesy) -> String {
        let team = seating.team_of(seat);
        let side = seating.side_of(seat).to_string();
        let team_name = seating.teams.get(usize::from(team)).cloned().unwrap_or_default();
        match courtesy {
            Courtesy::Resign => {
                self.draw_offer = None;
                self.ended = Some(match seating.teams.len() {
                    2 => {
                        let winner = 1 - team;
                        seating.team_wins(
                            winner,
                            format!("{team_name} resigned, {} wins", seating.teams[usize::from(winner)]),
                        )
                    }
                    _ => seating.all_lose(format!("{side} gave up")),
                });
                format!("{side} resigns")
            }
            Courtesy::OfferDraw => {
                self.draw_offer = Some(DrawOffer { team, agreed: vec![team] });
                format!("{side} offers a draw")
            }
            Courtesy::AcceptDraw => {
                let offer = self.draw_offer.as_mut().expect("checked: a draw is on offer");
                offer.agreed.push(team);
                if offer.agreed.len() == seating.teams.len() {
                    self.draw_offer = None;
                    self.ended = Some(seating.draw("draw by agreement"));
                }
                format!("{side} accepts the draw")
            }
            Courtesy::DeclineDraw => {
                let withdrawn = self.draw_offer.as_ref().is_some_and(|o| o.team == team);
                self.draw_offer = None;
                if withdrawn { format!("{side} withdraws the draw offer") } else { format!("{side} declines the draw") }
            }
            Courtesy::OfferTakeback => {
                let with_reply = self.askable_moves(team) == Some(2);
                let asked = if with_reply { &mut self.earlier } else { &mut self.takeback };
                if let Some(t) = asked.as_mut() {
                    t.asked = true;
                }
                if with_reply {
                    format!("{side} asks to take back their last move and the reply to it")
                } else {
                    format!("{side} asks to take back their last move")
                }
            }
            Courtesy::AcceptTakeback => {
                let moves = self.asked_moves();
                let (last, earlier) = (self.takeback.take(), self.earlier.take());
                let taken = if moves == Some(2) { earlier } else { last }.unwrap_or_default();
                // The position before the move comes back with the draw offer that stood in it.
                self.draw_offer = taken.draw_offer;
                let asker = seating.teams.get(usize::from(taken.team)).cloned().unwrap_or_default();
                if moves == Some(2) {
                    format!("{side} lets {asker} take back their last move and the reply to it")
                } else {
                    format!("{side} lets {asker} take back their last move")
                }
            }
            Courtesy::DeclineTakeback => {
                let withdrawn = self.asked().is_some_and(|t| t.team == team);
                // Asked once: the moves stand either way.
                self.takeback = None;
                self.earlier = None;
                if withdrawn {
                    format!("{side} withdraws the takeback request")
                } else {
                    format!("{side} declines the takeback")
                }
            }
        }
    }

    /// Playing on declines a draw offered by another team, and any takeback: the move before
    /// this one stands.
    pub fn acted(&mut self, seating: &Seating, seat: Seat) {
        let team = seating.team_of(seat);
        if self.draw_offer.as_ref().is_some_and(|o| !o.agreed.contains(&team)) {
            self.draw_offer = None;
        }
        self.takeback = None;
        self.earlier = None;
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::SeatResult;

    #[test]
    fn a_draw_needs_every_team_and_playing_on_declines_it() {
        let seating = Seating::two_colours();
        let mut conduct = Conduct::default();
        conduct.apply(&seating, 0, Courtesy::OfferDraw);
        assert!(conduct.check(&seating, 0, Courtesy::AcceptDraw, Courtesies::ALL).is_err());
        conduct.acted(&seating, 0);
        assert!(conduct.draw_offer.is_some(), "the offering side's own move keeps its offer");
        conduct.acted(&seating, 1);
        assert!(conduct.draw_offer.is_none(), "the other side's move declines it");
        conduct.apply(&seating, 1, Courtesy::OfferDraw);
        conduct.apply(&seating, 0, Courtesy::AcceptDraw);
        assert_eq!(conduct.ended.unwrap().results, vec![SeatResult::Draw; 2]);
    }

    #[test]
    fn a_resignation_loses_for_the_whole_team() {
        let seating = Seating::two_colours();
        let mut conduct = Conduct::default();
        assert_eq!(conduct.apply(&seating, 1, Courtesy::Resign), "Black resigns");
        let ended = conduct.ended.unwrap();
        assert_eq!(ended.results, vec![SeatResult::Win, SeatResult::Loss]);
        assert_eq!(ended.reason, "Black resigned, White wins");
    }

    #[test]
    fn the_offering_side_may_withdraw_its_offer() {
        let seating = Seating::two_colours();
        let mut conduct = Conduct::default();
        conduct.apply(&seating, 0, Courtesy::OfferDraw);
        assert_eq!(conduct.apply(&seating, 0, Courtesy::DeclineDraw), "White withdraws the draw offer");
        assert!(conduct.draw_offer.is_none());
    }
}
