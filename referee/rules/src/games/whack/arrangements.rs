//! The dynamic board (seed, "Dynamic Board Schedule"): what each face of the die allows, every
//! arrangement it allows listed, and a typed change judged. Pieces ride on their sections;
//! whether a change would put the roller's own king in check is asked by the game, which
//! knows the pieces.
//!
//! Changes are written `tip 3da=1ab` (TIP, DIG or WILD: section 3 moves so that its edge DA
//! lies along section 1's edge AB), `aim 34 3da=1ab` (AIM: sections 3 and 4 turn together
//! and rejoin with 3's DA along 1's AB) and `swap 1 3` (SWAP).

use super::embedding::{self, Join, SectionId, Side};
use super::layout::Lay;
use super::plane::Motion;
use super::section::Edge;
use serde::{Deserialize, Serialize};
use std::fmt;

/// A face of the die: what it does to the board.
#[derive(Copy, Clone, Debug, Eq, PartialEq, Hash, Ord, PartialOrd, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(rename_all = "lowercase")]
pub enum Die {
    /// 1: move a section to where it joins by one edge only.
    Tip,
    /// 2: split into two joined pairs, turn one pair, rejoin.
    Aim,
    /// 3: move a section to where it joins by two or more edges.
    Dig,
    /// 4: two sections change places, corners where the other's were.
    Swap,
    /// 5: no change.
    Hop,
    /// 6: move a section to anywhere it joins by same-sized edges.
    Wild,
}

impl Die {
    /// The face showing `number` (1..=6).
    pub fn from_number(number: u32) -> Option<Die> {
        [Die::Tip, Die::Aim, Die::Dig, Die::Swap, Die::Hop, Die::Wild].get(number.checked_sub(1)? as usize).copied()
    }

    /// The face's number.
    pub fn number(self) -> u8 {
        self as u8 + 1
    }

    /// The face's Treehouse name: `TIP`.
    pub fn name(self) -> &'static str {
        ["TIP", "AIM", "DIG", "SWAP", "HOP", "WILD"][self as usize]
    }

    /// What the face allows, in a sentence.
    pub fn meaning(self) -> &'static str {
        match self {
            Die::Tip => "move a section to where it joins by one edge only",
            Die::Aim => "split the board into two joined pairs, turn one pair and rejoin it",
            Die::Dig => "move a section to where it joins by two or more edges",
            Die::Swap => "swap two sections, their corners where the other's were",
            Die::Hop => "no change to the board",
            Die::Wild => "move a section to anywhere it joins by same-sized edges",
        }
    }
}

/// One change of the board.
#[derive(Copy, Clone, Debug, Eq, PartialEq, Hash, Ord, PartialOrd)]
pub enum Change {
    /// TIP, DIG or WILD: a section moves, laid along another (`tip 3da=1ab`).
    Lay {
        /// The face it is made under: TIP, DIG or WILD.
        die: Die,
        /// Where the section goes.
        lay: Lay,
    },
    /// AIM: `pair` (holding `lay.moving`) turns as one and is laid along the other pair.
    Aim {
        /// The two sections that move, lower first.
        pair: [SectionId; 2],
        /// Where one of them goes; the other keeps its place beside it.
        lay: Lay,
    },
    /// SWAP: two sections change places (lower first).
    Swap(SectionId, SectionId),
}

impl fmt::Display for Change {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Change::Lay { die, lay } => write!(f, "{} {lay}", die.name().to_ascii_lowercase()),
            Change::Aim { pair, lay } => write!(f, "aim {}{} {lay}", pair[0] + 1, pair[1] + 1),
            Change::Swap(a, b) => write!(f, "swap {} {}", a + 1, b + 1),
        }
    }
}

/// The sections a change moves.
pub fn moved_sections(change: &Change) -> Vec<SectionId> {
    match *change {
        Change::Lay { lay, .. } => vec![lay.moving.section],
        Change::Aim { pair, .. } => pair.to_vec(),
        Change::Swap(a, b) => vec![a, b],
    }
}

/// The change in words: "section 3 moves, its edge DA along section 1's edge AB".
pub fn sentence(change: &Change) -> String {
    let along = |lay: &Lay| {
        let (m, o) = (lay.moving, lay.onto);
        format!(
            "{}'s edge {} along section {}'s edge {}",
            m.section + 1,
            edge_word(m.edge),
            o.section + 1,
            edge_word(o.edge)
        )
    };
    match change {
        Change::Lay { lay, .. } => format!("section {} moves: section {}", lay.moving.section + 1, along(lay)),
        Change::Aim { pair, lay } => {
            format!("sections {} and {} turn together and rejoin: section {}", pair[0] + 1, pair[1] + 1, along(lay))
        }
        Change::Swap(a, b) => format!("sections {} and {} swap places", a + 1, b + 1),
    }
}

fn edge_word(edge: Edge) -> String {
    edge.name().to_ascii_uppercase()
}

/// Reads `tip 3da=1ab`, `aim 34 3da=1ab` or `swap 1 3` on a board of `sections` sections.
pub fn parse(text: &str, sections: usize) -> Option<Change> {
    let words: Vec<&str> = text.split_whitespace().collect();
    let section = |t: &str| {
        let n = t.parse::<usize>().ok()?;
        (1..=sections).contains(&n).then(|| (n - 1) as SectionId)
    };
    match words.as_slice() {
        [word, lay] => {
            let die = [Die::Tip, Die::Dig, Die::Wild].into_iter().find(|d| d.name().eq_ignore_ascii_case(word))?;
            Some(Change::Lay { die, lay: Lay::parse(lay, sections)? })
        }
        [word, pair, lay] if word.eq_ignore_ascii_case("aim") => {
            let digits: Vec<SectionId> = pair.chars().map(|c| section(&c.to_string())).collect::<Option<_>>()?;
            let [a, b] = digits[..] else { return None };
            Some(Change::Aim { pair: [a.min(b), a.max(b)], lay: Lay::parse(lay, sections)? })
        }
        [word, a, b] if word.eq_ignore_ascii_case("swap") => {
            let (a, b) = (section(a)?, section(b)?);
            Some(Change::Swap(a.min(b), a.max(b)))
        }
        _ => None,
    }
}

/// Where the sections lie after `change`, before asking whether that is a board; `None` when
/// the lay joins edges of different sizes.
pub fn apply(places: &[Motion], change: &Change) -> Option<Vec<Motion>> {
    let mut out = places.to_vec();
    match *change {
        Change::Lay { lay, .. } => {
            out[usize::from(lay.moving.section)] = lay.place(places[usize::from(lay.onto.section)])?
        }
        Change::Aim { pair, lay } => {
            let moving = usize::from(lay.moving.section);
            let placed = lay.place(places[usize::from(lay.onto.section)])?;
            let carry = places[moving].inverse().then(placed);
            for s in pair {
                out[usize::from(s)] = places[usize::from(s)].then(carry);
            }
        }
        Change::Swap(a, b) => out.swap(usize::from(a), usize::from(b)),
    }
    Some(out)
}

/// Whether two sections are joined.
fn joined(joins: &[Join], a: SectionId, b: SectionId) -> bool {
    joins.iter().any(|j| j.side_of(a).is_some_and(|(_, o)| o.section == b))
}

/// Whether the die allows `change` on the board `places` (whose joins are `joins`), as far as
/// the sections go: the new places and their joins, or why not, in players' words.
pub fn judge(places: &[Motion], joins: &[Join], die: Die, change: &Change) -> Result<(Vec<Motion>, Vec<Join>), String> {
    let name = |d: Die| format!("{} ({})", d.name(), d.number());
    let asked = match change {
        Change::Lay { die, .. } => *die,
        Change::Aim { .. } => Die::Aim,
        Change::Swap(..) => Die::Swap,
    };
    if asked != die {
        return Err(format!("The die shows {}: {}.", name(die), die.meaning()));
    }
    shape_of(change, places.len(), joins)?;
    let after = apply(places, change).ok_or("A short edge only joins a short edge, a long edge a long one.")?;
    if after == places {
        return Err("That leaves the board as it is.".into());
    }
    if let Change::Aim { pair, .. } = change {
        let s = usize::from(pair[0]);
        if after[s].turns == places[s].turns {
            return Err("The die's AIM turns the pair before rejoining it; that only slides it.".into());
        }
    }
    let joins_after = embedding::board(&after).map_err(|f| format!("Not there: {}.", f.sentence()))?;
    if let Change::Lay { lay, .. } = change {
        let count = embedding::join_count(&joins_after, lay.moving.section);
        match die {
            Die::Tip if count != 1 => {
                return Err(format!(
                    "The die's TIP moves a section to where it joins by one edge only; there it would join by {count}."
                ));
            }
            Die::Dig if count < 2 => {
                return Err(
                    "The die's DIG moves a section to where it joins by two or more edges; there it would join by one."
                        .into(),
                );
            }
            _ => {}
        }
    }
    Ok((after, joins_after))
}

/// Whether the change is of a shape its face allows on these joins (sections distinct, AIM's
/// pairs each joined and the turn not nil).
fn shape_of(change: &Change, sections: usize, joins: &[Join]) -> Result<(), String> {
    match *change {
        Change::Lay { lay, .. } if lay.moving.section == lay.onto.section => {
            Err("A section cannot be laid along itself.".into())
        }
        Change::Aim { pair, lay } => {
            let rest: Vec<SectionId> = (0..sections as SectionId).filter(|s| !pair.contains(s)).collect();
            if pair[0] == pair[1] || !pair.contains(&lay.moving.section) || pair.contains(&lay.onto.section) {
                return Err(
                    "The die's AIM turns a pair of sections and lays one of them along a section of the other pair."
                        .into(),
                );
            }
            if !joined(joins, pair[0], pair[1]) || rest.len() != 2 || !joined(joins, rest[0], rest[1]) {
                return Err("The die's AIM splits the board into two pairs of joined sections.".into());
            }
            Ok(())
        }
        Change::Swap(a, b) if a == b => Err("The die's SWAP exchanges two different sections.".into()),
        _ => Ok(()),
    }
}

/// One change the die allows: how it is listed, where the sections then lie, and their joins.
pub type Choice = (Change, Vec<Motion>, Vec<Join>);

/// Every change of the board `die` allows (before any question of check), each once: the
/// change as listed (the first way of writing it), where the sections then lie, their joins.
pub fn options(places: &[Motion], joins: &[Join], die: Die) -> Vec<Choice> {
    let mut out: Vec<Choice> = Vec::new();
    let mut seen: Vec<Vec<Motion>> = Vec::new();
    for change in candidates(places.len() as SectionId, die) {
        let Ok((after, joins_after)) = judge(places, joins, die, &change) else { continue };
        // The whole board's place on the table does not count: AIM can turn either pair for
        // the same board, and on a symmetric board two swaps (or two moves of section 1) can
        // give the same board turned.
        let key = embedding::normalised(&after);
        if !seen.contains(&key) {
            seen.push(key);
            out.push((change, after, joins_after));
        }
    }
    out
}

/// Every way of writing a change of `die` on `n` sections, in the order they are listed.
fn candidates(n: SectionId, die: Die) -> Vec<Change> {
    let lays = |moving: &[SectionId], onto: &[SectionId]| {
        let mut out = Vec::new();
        for &m in moving {
            for &o in onto.iter().filter(|o| **o != m) {
                for e in Edge::ALL {
                    for f in Edge::ALL.into_iter().filter(|f| f.is_short() == e.is_short()) {
                        out.push(Lay { moving: Side { section: m, edge: f }, onto: Side { section: o, edge: e } });
                    }
                }
            }
        }
        out
    };
    let all: Vec<SectionId> = (0..n).collect();
    match die {
        Die::Tip | Die::Dig | Die::Wild => lays(&all, &all).into_iter().map(|lay| Change::Lay { die, lay }).collect(),
        Die::Swap => all.iter().flat_map(|&a| ((a + 1)..n).map(move |b| Change::Swap(a, b))).collect(),
        Die::Aim => {
            let mut out = Vec::new();
            for partner in 1..n {
                let first = [0, partner];
                let second: Vec<SectionId> = (1..n).filter(|s| *s != partner).collect();
                let Ok(second) = <[SectionId; 2]>::try_from(second) else { continue };
                for (pair, other) in [(second, first), (first, second)] {
                    out.extend(lays(&pair, &other).into_iter().map(|lay| Change::Aim { pair, lay }));
                }
            }
            out
        }
        Die::Hop => Vec::new(),
    }
}
