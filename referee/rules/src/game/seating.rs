//! Seats, sides and teams as data every game declares, and outcomes per seat and per team.

use super::Seat;
use serde::{Deserialize, Serialize};

/// A team's number, from 0. In two-colour games team 0 is White and team 1 Black.
pub type Team = u8;

/// One seat at the table.
#[derive(Clone, Debug, Eq, PartialEq, Serialize, Deserialize, schemars::JsonSchema)]
pub struct SeatInfo {
    /// The seat's number, from 0.
    pub seat: Seat,
    /// What the seat plays, as players say it: "White", "queen-side Black", "Seat 3".
    pub side: String,
    /// The team the seat plays for.
    pub team: Team,
}

/// Who sits at the table and who plays with whom. Decided by the options alone, before any
/// setup, so a table can be laid for the right number of players.
#[derive(Clone, Debug, Default, Eq, PartialEq, Serialize, Deserialize, schemars::JsonSchema)]
pub struct Seating {
    /// Every seat, in seat order.
    pub seats: Vec<SeatInfo>,
    /// Team names, by team number ("White", "Black"; "the players" in a cooperative game).
    pub teams: Vec<String>,
}

impl Seating {
    /// Two seats, White (seat 0, team 0) and Black (seat 1, team 1).
    pub fn two_colours() -> Seating {
        Seating::one_team_each(["White", "Black"])
    }

    /// Each seat its own team, named by `sides`.
    pub fn one_team_each<S: Into<String>>(sides: impl IntoIterator<Item = S>) -> Seating {
        let teams: Vec<String> = sides.into_iter().map(Into::into).collect();
        let seats = teams
            .iter()
            .enumerate()
            .map(|(i, side)| SeatInfo { seat: i as Seat, side: side.clone(), team: i as Team })
            .collect();
        Seating { seats, teams }
    }

    /// How many seats.
    pub fn count(&self) -> u8 {
        self.seats.len() as u8
    }

    /// The team of `seat` (0 for a seat that does not exist).
    pub fn team_of(&self, seat: Seat) -> Team {
        self.seats.get(usize::from(seat)).map_or(0, |s| s.team)
    }

    /// The side `seat` plays, as players say it.
    pub fn side_of(&self, seat: Seat) -> &str {
        self.seats.get(usize::from(seat)).map_or("nobody", |s| s.side.as_str())
    }

    /// The seats of `team`.
    pub fn members(&self, team: Team) -> Vec<Seat> {
        self.seats.iter().filter(|s| s.team == team).map(|s| s.seat).collect()
    }

    /// "White", "White and Black", "Anna, Ben and Carl": the sides of `seats` in a sentence.
    pub fn names(&self, seats: &[Seat]) -> String {
        let names: Vec<&str> = seats.iter().map(|s| self.side_of(*s)).collect();
        match names.as_slice() {
            [] => "nobody".into(),
            [one] => (*one).into(),
            [rest @ .., last] => format!("{} and {last}", rest.join(", ")),
        }
    }

    /// An outcome where `team` wins and every other team loses.
    pub fn team_wins(&self, team: Team, reason: impl Into<String>) -> Outcome {
        let results =
            self.seats.iter().map(|s| if s.team == team { SeatResult::Win } else { SeatResult::Loss }).collect();
        Outcome { results, scores: Vec::new(), reason: reason.into() }
    }

    /// An outcome where every seat draws.
    pub fn draw(&self, reason: impl Into<String>) -> Outcome {
        Outcome { results: vec![SeatResult::Draw; self.seats.len()], scores: Vec::new(), reason: reason.into() }
    }

    /// An outcome where every seat loses (a cooperative game lost, a solitaire abandoned).
    pub fn all_lose(&self, reason: impl Into<String>) -> Outcome {
        Outcome { results: vec![SeatResult::Loss; self.seats.len()], scores: Vec::new(), reason: reason.into() }
    }

    /// The outcome per team: a team's result is its seats' (they share it).
    pub fn team_results(&self, outcome: &Outcome) -> Vec<TeamResult> {
        (0..self.teams.len() as Team)
            .map(|team| {
                let members = self.members(team);
                let result = members.first().and_then(|s| outcome.results.get(usize::from(*s))).copied();
                // A team's seats share its score (Cooperative Chess gives both players the points).
                let score = members.first().and_then(|s| outcome.scores.get(usize::from(*s))).copied();
                TeamResult { team, result: result.unwrap_or(SeatResult::Loss), score }
            })
            .collect()
    }
}

/// `text` with each whole label of `labels` (a seat's label as the referee writes it, "Seat 2",
/// and what to say instead) said otherwise, in one pass: "Seat 1" never matches the start of
/// "Seat 12", nor a label inside another word, and what is said is never read again.
pub fn relabel(text: &str, labels: &[(String, String)]) -> String {
    if labels.is_empty() {
        return text.to_string();
    }
    let mut out = String::with_capacity(text.len());
    let mut at = 0;
    while at < text.len() {
        let rest = &text[at..];
        let starts_a_word = !text[..at].ends_with(|c: char| c.is_alphanumeric());
        let found = labels.iter().find(|(label, _)| {
            rest.starts_with(label.as_str())
                && starts_a_word
                && !rest[label.len()..].starts_with(|c: char| c.is_alphanumeric())
        });
        match found {
            Some((label, said)) => {
                out.push_str(said);
                at += label.len();
            }
            None => {
                let c = rest.chars().next().expect("not at the end");
                out.push(c);
                at += c.len_utf8();
            }
        }
    }
    out
}

/// How one seat (or team) finished.
#[derive(Copy, Clone, Debug, Eq, PartialEq, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum SeatResult {
    /// Won.
    Win,
    /// Drew.
    Draw,
    /// Lost.
    Loss,
}

/// How a game ended.
#[derive(Clone, Debug, Eq, PartialEq, Serialize, Deserialize, schemars::JsonSchema)]
pub struct Outcome {
    /// One entry per seat, in seat order.
    pub results: Vec<SeatResult>,
    /// Points per seat, for games that score (Gravity, Chess Golf, Cooperative); else empty.
    /// The seats of one team have the same score.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub scores: Vec<i64>,
    /// Why it ended, in players' words ("checkmate, White wins", "threefold repetition").
    pub reason: String,
}

/// How one team finished.
#[derive(Clone, Debug, Eq, PartialEq, Serialize, Deserialize, schemars::JsonSchema)]
pub struct TeamResult {
    /// The team's number.
    pub team: Team,
    /// Its result, shared by its seats.
    pub result: SeatResult,
    /// Its score, shared by its seats, where the game scores.
    #[serde(skip_serializing_if = "Option::is_none")]
    #[schemars(with = "i64")]
    pub score: Option<i64>,
}

#[cfg(test)]
mod tests {
    use super::*;

    fn crowded_house() -> Seating {
        let seats = [("king-side White", 0), ("king-side Black", 1), ("queen-side White", 0), ("queen-side Black", 1)]
            .iter()
            .enumerate()
            .map(|(i, (side, team))| SeatInfo { seat: i as Seat, side: (*side).into(), team: *team })
            .collect();
        Seating { seats, teams: vec!["White".into(), "Black".into()] }
    }

    #[test]
    fn a_team_win_is_shared_by_every_seat_of_the_team() {
        let seating = crowded_house();
        let outcome = seating.team_wins(1, "checkmate, Black wins");
        use SeatResult::*;
        assert_eq!(outcome.results, vec![Loss, Win, Loss, Win]);
        let teams = seating.team_results(&outcome);
        assert_eq!((teams[0].result, teams[1].result), (Loss, Win));
    }

    #[test]
    fn sides_are_named_in_a_sentence() {
        let seating = crowded_house();
        assert_eq!(seating.names(&[0]), "king-side White");
        assert_eq!(seating.names(&[0, 1, 3]), "king-side White, king-side Black and queen-side Black");
    }
}
