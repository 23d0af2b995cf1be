//! Arrangements written as joins. `2da=1ab` says: section 2 lies with its edge DA along
//! section 1's edge AB. That places section 2 exactly (sections lie face up, so only one way
//! fits), so a whole board is written as section 1 and then one such join for each further
//! section, each joining a section already placed: `1,2da=1ab,3bc=2cd,4ab=3da`. Section 1
//! lies where the model section does; only where the sections lie relative to one another
//! matters to the game.

use super::embedding::{self, Join, SectionId, Side};
use super::plane::Motion;
use super::section::Edge;
use std::fmt;

/// One section laid along another: `moving`'s edge along `onto`'s edge (`2da=1ab`).
#[derive(Copy, Clone, Debug, Eq, PartialEq, Hash, Ord, PartialOrd)]
pub struct Lay {
    /// The section placed, and its edge.
    pub moving: Side,
    /// The section it is laid along, and that section's edge.
    pub onto: Side,
}

impl fmt::Display for Side {
    /// `2da`: the section's number from 1 and the edge.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{}", self.section + 1, self.edge.name())
    }
}

impl Side {
    /// Reads `2da` (sections 1..=`sections`).
    pub fn parse(text: &str, sections: usize) -> Option<Side> {
        let text = text.trim();
        let digit = text.chars().next()?.to_digit(10)?;
        let edge = Edge::parse(text.get(1..)?)?;
        (1..=sections as u32).contains(&digit).then(|| Side { section: (digit - 1) as SectionId, edge })
    }
}

impl fmt::Display for Lay {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}={}", self.moving, self.onto)
    }
}

impl Lay {
    /// Reads `2da=1ab` (sections 1..=`sections`).
    pub fn parse(text: &str, sections: usize) -> Option<Lay> {
        let (moving, onto) = text.split_once('=')?;
        Some(Lay { moving: Side::parse(moving, sections)?, onto: Side::parse(onto, sections)? })
    }

    /// Where the moving section goes, given where `onto` lies; `None` when the edges differ
    /// in size.
    pub fn place(&self, onto: Motion) -> Option<Motion> {
        embedding::laid_along(self.moving.edge, onto, self.onto.edge)
    }
}

/// Places sections from joins: section 1 where the model lies, then each join in turn (each
/// must join a section already placed and place a new one). Returns the places by section, or
/// what is wrong.
pub fn places_from(sections: usize, lays: &[Lay]) -> Result<Vec<Motion>, String> {
    let mut places: Vec<Option<Motion>> = vec![None; sections];
    if let Some(first) = places.first_mut() {
        *first = Some(Motion::IDENTITY);
    }
    for lay in lays {
        let onto = places[usize::from(lay.onto.section)]
            .ok_or_else(|| format!("{lay}: section {} is not placed yet", lay.onto.section + 1))?;
        let slot = &mut places[usize::from(lay.moving.section)];
        if slot.is_some() {
            return Err(format!("{lay}: section {} is placed already", lay.moving.section + 1));
        }
        *slot = Some(lay.place(onto).ok_or_else(|| format!("{lay}: a short edge only joins a short edge"))?);
    }
    places.into_iter().enumerate().map(|(s, p)| p.ok_or_else(|| format!("section {} is not placed", s + 1))).collect()
}

/// The joins that write the board down: from section 1, each further section by its join to
/// the lowest-numbered section already written, nearest sections first.
pub fn lays_of(sections: usize, joins: &[Join]) -> Vec<Lay> {
    let mut placed = vec![false; sections];
    let mut order: Vec<SectionId> = Vec::new();
    let mut out = Vec::new();
    if sections > 0 {
        placed[0] = true;
        order.push(0);
    }
    let mut k = 0;
    while k < order.len() {
        let at = order[k];
        let mut around: Vec<(Side, Side)> = joins.iter().filter_map(|j| j.side_of(at)).collect();
        around.sort_by_key(|(_, other)| other.section);
        for (ours, theirs) in around {
            if !std::mem::replace(&mut placed[usize::from(theirs.section)], true) {
                out.push(Lay { moving: theirs, onto: ours });
                order.push(theirs.section);
            }
        }
        k += 1;
    }
    out
}

/// The board written as `1,2da=1ab,…`.
pub fn write(sections: usize, joins: &[Join]) -> String {
    std::iter::once("1".to_string())
        .chain(lays_of(sections, joins).iter().map(Lay::to_string))
        .collect::<Vec<_>>()
        .join(",")
}

/// Reads `1,2da=1ab,…` into the places of `sections` sections (fewer while they are being
/// placed: the number of sections is one more than the joins).
pub fn read(text: &str) -> Result<Vec<Motion>, String> {
    let mut parts = text.trim().split(',');
    if parts.next() != Some("1") {
        return Err(format!("{text}: an arrangement starts with section 1 (\"1,2da=1ab,…\")"));
    }
    let rest: Vec<&str> = parts.collect();
    let sections = rest.len() + 1;
    let lays: Vec<Lay> = rest
        .iter()
        .map(|t| Lay::parse(t, sections).ok_or_else(|| format!("{t}: a join is written like 2da=1ab")))
        .collect::<Result<_, _>>()?;
    places_from(sections, &lays)
}
