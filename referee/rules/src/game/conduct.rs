//! What every game with opponents shares around its moves, owned by the contract rather than by
//! each game: resigning, offering, accepting and declining a draw, for seats and for teams.

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
}

impl Courtesy {
    const ALL: [Courtesy; 4] = [Courtesy::Resign, Courtesy::OfferDraw, Courtesy::AcceptDraw, Courtesy::DeclineDraw];

    /// The action's text: `resign`, `offer-draw`, `accept-draw`, `decline-draw`.
    pub fn as_str(self) -> &'static str {
        match self {
            Courtesy::Resign => "resign",
            Courtesy::OfferDraw => "offer-draw",
            Courtesy::AcceptDraw => "accept-draw",
            Courtesy::DeclineDraw => "decline-draw",
        }
    }

    /// The courtesy as a noun, for "White's draw offer is legal."
    pub fn as_noun(self) -> &'static str {
        match self {
            Courtesy::Resign => "resignation",
            Courtesy::OfferDraw => "draw offer",
            Courtesy::AcceptDraw => "acceptance of the draw",
            Courtesy::DeclineDraw => "refusal (or withdrawal) of the draw",
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
}

impl Courtesies {
    /// Resigning and draw offers (every two-sided game).
    pub const ALL: Courtesies = Courtesies { resign: true, draw_offers: true };
    /// Neither (table tools).
    pub const NONE: Courtesies = Courtesies { resign: false, draw_offers: false };
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
        }
    }

    /// Playing on declines a draw offered by another team.
    pub fn acted(&mut self, seating: &Seating, seat: Seat) {
        let team = seating.team_of(seat);
        if self.draw_offer.as_ref().is_some_and(|o| !o.agreed.contains(&team)) {
            self.draw_offer = None;
        }
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
