//! What every sentence the referee tells must not do, checked by the tests that play every game
//! at random: name a seat whose player gave a name by its number ("Seat 2", "Player 1"), glue
//! "is legal" or "is illegal" onto a clause ("White castles on the king side is legal": a
//! verdict is a sentence about the action, then what it does), or say a word twice.

/// Finite verbs of the games' sentences: a verdict's subject that holds one is a clause.
const CLAUSE_VERBS: &[&str] = &[
    "accepts",
    "adds",
    "are",
    "arranged",
    "asks",
    "blocks",
    "buries",
    "captures",
    "castles",
    "chose",
    "deals",
    "declines",
    "discards",
    "draws",
    "drops",
    "ends",
    "flips",
    "freezes",
    "gives",
    "guesses",
    "hands",
    "has",
    "have",
    "is",
    "lays",
    "lets",
    "lost",
    "makes",
    "needs",
    "offers",
    "passes",
    "plays",
    "puts",
    "resigns",
    "rises",
    "rolled",
    "rolls",
    "says",
    "shuffles",
    "stacks",
    "starts",
    "stays",
    "swaps",
    "takes",
    "uncloaks",
    "was",
    "were",
    "wins",
    "withdraws",
];

/// What is wrong with `sentence`, told to a table whose numbered seats in `named` ("Seat 2",
/// "Player 1") gave names: an empty list when nothing is.
pub fn faults(sentence: &str, named: &[String]) -> Vec<String> {
    let mut out = Vec::new();
    for label in named {
        if names_by_number(sentence, label) {
            out.push(format!("says \"{label}\", whose player gave a name"));
        }
    }
    for verdict in [" is legal", " is illegal"] {
        for (at, _) in sentence.match_indices(verdict) {
            if let Some(why) = glued(&sentence[..at]) {
                out.push(format!("glues \"{}\" onto {why}", verdict.trim()));
            }
        }
    }
    if let Some(word) = doubled(sentence) {
        out.push(format!("says \"{word}\" twice"));
    }
    out
}

/// Whether `label` ("Seat 1") stands in `text` as a whole word (not the start of "Seat 12").
fn names_by_number(text: &str, label: &str) -> bool {
    text.match_indices(label).any(|(at, _)| {
        let before = text[..at].chars().next_back();
        let after = text[at + label.len()..].chars().next();
        !before.is_some_and(char::is_alphanumeric) && !after.is_some_and(char::is_alphanumeric)
    })
}

/// Why the words before "is legal" (from the start of their sentence) are not the name of an
/// action: a clause boundary, a phrase after a comma not closed by one ("…, taking the pawn is
/// legal"), a clause's verb (outside a "that" clause of a noun: "the claim
/// that the pawn cannot move"), or a sentence that starts in lower case.
fn glued(before: &str) -> Option<String> {
    let start = before.rfind(". ").map_or(0, |i| i + 2);
    let subject = &before[start..];
    if subject.contains("; ") || subject.contains(": ") {
        return Some(format!("a clause (\"{subject}\")"));
    }
    if subject.starts_with(|c: char| c.is_lowercase()) {
        return Some(format!("words that do not begin a sentence (\"{subject}\")"));
    }
    if subject.contains(", ") && !subject.ends_with(',') {
        return Some(format!("a phrase after a comma left open (\"{subject}\")"));
    }
    let noun = subject.split(" that ").next().unwrap_or(subject);
    let verb = noun.split(|c: char| !c.is_alphanumeric()).find(|w| CLAUSE_VERBS.contains(w));
    verb.map(|v| format!("a clause with \"{v}\" (\"{subject}\")"))
}

/// A word said twice in a row ("the the"); numbers may repeat (dice, counts).
fn doubled(sentence: &str) -> Option<String> {
    let words: Vec<&str> = sentence.split(' ').collect();
    words
        .windows(2)
        .find(|w| {
            let [a, b] = [w[0], w[1]];
            !a.is_empty() && a.eq_ignore_ascii_case(b) && a.chars().all(char::is_alphabetic)
        })
        .map(|w| w[0].to_string())
}
