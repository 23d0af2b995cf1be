//! Players' names in the referee's sentences. Seats numbered "Seat 1", "Seat 2" (Chess Battle,
//! Chess Golf, table tools) or "Player 1", "Player 2" (Gravity, Cooperative Chess) are said by
//! the names their players gave at joining wherever a sentence a caller reads names them: the
//! record's entries, the outcome, the game's own words in a view (Chess Battle's "taken by Ann
//! on g7"), the sentence an action is told with, and refusals: "Ann hands a medal to Bob". A
//! game that draws its sides after seating says the side too: "Ann (White) resigned" in
//! Gravity. A seat with a side of its own ("White") keeps it, as the game's sentences use the
//! side's word for its colour too; a refusal that says whose turn it is names every player,
//! with the side: "It is not your turn: Bob (Black) is to play." The record as chained and
//! audited keeps the referee's own words.

use rules::game::{SeatInfo, Turn, View};

/// How one game's sentences name its seats for its callers.
#[derive(Clone, Debug, Default)]
pub struct Names {
    /// Each numbered seat ("Seat 2") whose player gave a name, with how sentences say it.
    numbered: Vec<(String, String)>,
    /// How each seat is said, by seat: its player's name and side, or its side.
    spoken: Vec<String>,
}

/// Whether a side is a bare seat number ("Seat 3", "Player 1").
fn is_numbered(side: &str) -> bool {
    let number = side.strip_prefix("Seat ").or_else(|| side.strip_prefix("Player "));
    number.is_some_and(|n| !n.is_empty() && n.bytes().all(|b| b.is_ascii_digit()))
}

impl Names {
    /// The names of `seats`, from what each player gave at joining (`names`, by seat; empty for
    /// none) and the side each seat plays now (`sides_now`, by seat: the game's words for it).
    pub fn new(seats: &[SeatInfo], names: &[String], sides_now: &[String]) -> Names {
        let mut numbered = Vec::new();
        let spoken = seats
            .iter()
            .map(|s| {
                let now = sides_now.get(usize::from(s.seat)).cloned().unwrap_or_else(|| s.side.clone());
                let Some(name) = names.get(usize::from(s.seat)).filter(|n| !n.is_empty()) else { return now };
                let said = if is_numbered(&now) { name.clone() } else { format!("{name} ({now})") };
                if is_numbered(&s.side) {
                    numbered.push((s.side.clone(), said.clone()));
                }
                said
            })
            .collect();
        Names { numbered, spoken }
    }

    /// `text` with each whole "Seat N" or "Player N" of a named seat said by its name ("Seat 1"
    /// never matches the start of "Seat 12").
    pub fn say(&self, text: &str) -> String {
        rules::game::relabel(text, &self.numbered)
    }

    /// A view with its sentences said by names: each entry of `played`, the outcome's reason and
    /// every sentence of the game's own part.
    pub fn name_view(&self, view: &mut View) {
        if self.numbered.is_empty() {
            return;
        }
        for entry in &mut view.played {
            entry.said = self.say(&entry.said);
        }
        if let Some(outcome) = &mut view.outcome {
            outcome.outcome.reason = self.say(&outcome.outcome.reason);
        }
        self.name_strings(&mut view.game);
    }

    /// Every string in `value` said by names.
    fn name_strings(&self, value: &mut serde_json::Value) {
        match value {
            serde_json::Value::String(text) if text.contains("Seat ") || text.contains("Player ") => {
                *text = self.say(text);
            }
            serde_json::Value::Array(items) => items.iter_mut().for_each(|v| self.name_strings(v)),
            serde_json::Value::Object(map) => map.values_mut().for_each(|v| self.name_strings(v)),
            _ => {}
        }
    }

    /// The refusal told to a seat that may not act now, naming who may by name and side.
    pub fn not_your_turn(&self, turn: &Turn) -> String {
        let seats = turn.active_seats();
        let to_play: Vec<String> = seats.iter().filter_map(|s| self.spoken.get(usize::from(*s)).cloned()).collect();
        rules::game::not_your_turn(&to_play)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn seats(sides: &[&str]) -> Vec<SeatInfo> {
        sides
            .iter()
            .enumerate()
            .map(|(i, side)| SeatInfo { seat: i as u8, side: side.to_string(), team: i as u8 })
            .collect()
    }

    fn names(given: &[&str]) -> Vec<String> {
        given.iter().map(|n| n.to_string()).collect()
    }

    fn numbered() -> Names {
        let sides = ["Seat 1", "Seat 2", "Seat 3"];
        Names::new(&seats(&sides), &names(&["Ann", "Bob", ""]), &names(&sides))
    }

    #[test]
    fn numbered_seats_are_said_by_their_players_names() {
        let said = numbered().say("Seat 1 hands a medal to Seat 2; Seat 3 waits");
        assert_eq!(said, "Ann hands a medal to Bob; Seat 3 waits");
    }

    #[test]
    fn a_longer_number_or_another_word_is_left_alone() {
        let names = numbered();
        assert_eq!(names.say("Seat 12 and Seat 1."), "Seat 12 and Ann.");
        assert_eq!(names.say("BackSeat 1"), "BackSeat 1");
        assert_eq!(names.say("Seat one"), "Seat one");
        assert_eq!(names.say("Seat 1a"), "Seat 1a");
    }

    #[test]
    fn a_seat_whose_side_is_drawn_is_said_by_its_name_and_side() {
        let sides = ["Player 1", "Player 2"];
        let names = Names::new(&seats(&sides), &names(&["Ann", "Bob"]), &names(&["Black", "White"]));
        assert_eq!(names.say("Player 1 resigned, Player 2 wins"), "Ann (Black) resigned, Bob (White) wins");
        let turn = Turn::seat(1, rules::game::Stage::Move);
        assert_eq!(names.not_your_turn(&turn), "It is not your turn: Bob (White) is to play.");
    }

    #[test]
    fn seats_with_sides_of_their_own_keep_them_in_sentences_and_are_named_whose_turn_it_is() {
        let sides = ["White", "Black"];
        let names = Names::new(&seats(&sides), &names(&["Ann", ""]), &names(&sides));
        assert_eq!(names.say("White offers a draw"), "White offers a draw");
        assert_eq!(
            names.not_your_turn(&Turn::seat(0, rules::game::Stage::Move)),
            "It is not your turn: Ann (White) is to play."
        );
        assert_eq!(
            names.not_your_turn(&Turn::seat(1, rules::game::Stage::Move)),
            "It is not your turn: Black is to play."
        );
    }
}
