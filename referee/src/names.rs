//! Players' names in the referee's sentences. Games whose seats have no sides of their own
//! call them "Seat 1", "Seat 2", ... (Chess Battle, Chess Golf, table tools); where the player
//! holding such a seat gave a name at joining, the sentences a caller reads — the record's
//! entries and the outcome — say the name instead: "Ann hands a medal to Bob". Seats with a
//! side ("White") keep it. The record as chained and audited is not changed: only what views and
//! record pages tell.

use rules::game::SeatInfo;

/// For each seat numbered "Seat N" whose player gave a name: the label and the name.
pub fn named_seats(seats: &[SeatInfo], names: &[String]) -> Vec<(String, String)> {
    seats
        .iter()
        .filter(|s| is_numbered(&s.side))
        .filter_map(|s| {
            let name = names.get(usize::from(s.seat)).filter(|n| !n.is_empty())?;
            Some((s.side.clone(), name.clone()))
        })
        .collect()
}

/// Whether a side is a bare seat number ("Seat 3").
fn is_numbered(side: &str) -> bool {
    side.strip_prefix("Seat ").is_some_and(|n| !n.is_empty() && n.bytes().all(|b| b.is_ascii_digit()))
}

/// `text` with each whole "Seat N" of `named` said by its name ("Seat 1" never matches the
/// start of "Seat 12").
pub fn with_names(text: &str, named: &[(String, String)]) -> String {
    if named.is_empty() || !text.contains("Seat ") {
        return text.to_string();
    }
    let mut out = String::with_capacity(text.len());
    let mut rest = text;
    while let Some(at) = rest.find("Seat ") {
        out.push_str(&rest[..at]);
        let after = &rest[at + "Seat ".len()..];
        let digits = after.bytes().take_while(u8::is_ascii_digit).count();
        let label = &rest[at..at + "Seat ".len() + digits];
        let starts_a_word = at == 0 || !rest[..at].ends_with(|c: char| c.is_alphanumeric());
        match named.iter().find(|(seat, _)| seat == label).filter(|_| digits > 0 && starts_a_word) {
            Some((_, name)) => out.push_str(name),
            None => out.push_str(label),
        }
        rest = &rest[at + label.len()..];
    }
    out.push_str(rest);
    out
}

/// A view with its sentences said by names: each entry of `played` and the outcome's reason.
pub fn name_view(view: &mut rules::game::View, named: &[(String, String)]) {
    if named.is_empty() {
        return;
    }
    for entry in &mut view.played {
        entry.said = with_names(&entry.said, named);
    }
    if let Some(outcome) = &mut view.outcome {
        outcome.outcome.reason = with_names(&outcome.outcome.reason, named);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn named() -> Vec<(String, String)> {
        vec![("Seat 1".into(), "Ann".into()), ("Seat 2".into(), "Bob".into())]
    }

    #[test]
    fn numbered_seats_are_said_by_their_players_names() {
        let said = with_names("Seat 1 hands a medal to Seat 2; Seat 3 waits", &named());
        assert_eq!(said, "Ann hands a medal to Bob; Seat 3 waits");
    }

    #[test]
    fn a_longer_number_or_another_word_is_left_alone() {
        assert_eq!(with_names("Seat 12 and Seat 1.", &named()), "Seat 12 and Ann.");
        assert_eq!(with_names("BackSeat 1", &named()), "BackSeat 1");
        assert_eq!(with_names("Seat one", &named()), "Seat one");
    }

    #[test]
    fn only_seats_without_sides_of_their_own_take_names() {
        let seats = vec![
            SeatInfo { seat: 0, side: "White".into(), team: 0 },
            SeatInfo { seat: 1, side: "Seat 2".into(), team: 1 },
            SeatInfo { seat: 2, side: "Seat 3".into(), team: 2 },
        ];
        let names = vec!["Ann".to_string(), "Bob".to_string(), String::new()];
        assert_eq!(named_seats(&seats, &names), vec![("Seat 2".to_string(), "Bob".to_string())]);
    }
}
