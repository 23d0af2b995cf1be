//! Setting up (seed, "Setup"): Fire lays section 1 (in any orientation: every orientation is
//! the same board turned on the table, so the referee lays it); Ice lays section 2 along one
//! of its edges; Fire lays section 3 joining one of the others (and only one); Ice lays
//! section 4 joining an end of the track by one edge. The four make a track four cells wide,
//! which may turn at each seam. Ice sets up in section 4 and Fire in the section at the other
//! end, from the end of the track inwards: four pawns; bishop, rook, king, bishop; knight,
//! queen, rook, knight; four pawns (each row from the player's left, looking along the track).

use super::embedding::{self, Join, SectionId, Side};
use super::geometry::cell;
use super::layout::Lay;
use super::plane::Motion;
use super::pyramids::{Pyramid, Pyramids, starting_stack};
use super::section::Edge;
use crate::pieces::{Color, Role};

/// The number of sections on the table.
pub const SECTIONS: usize = 4;

/// Whose turn it is to lay the next section, once `placed` are down (`None` once all are).
pub fn placer(placed: usize) -> Option<Color> {
    match placed {
        1 | 3 => Some(Color::Black),
        2 => Some(Color::White),
        _ => None,
    }
}

/// Whether `lay` is a legal way to lay the next section: where the sections then lie, or why
/// not in players' words.
pub fn judge(places: &[Motion], lay: &Lay) -> Result<Vec<Motion>, String> {
    let next = places.len() as SectionId;
    if lay.moving.section != next || lay.onto.section >= next {
        return Err(format!("The next section to lay is section {}, along one already on the table.", next + 1));
    }
    let joins = embedding::board(places).map_err(|f| f.sentence())?;
    if next == 3 && embedding::join_count(&joins, lay.onto.section) != 1 {
        return Err("The last section joins an end of the track, not its middle.".into());
    }
    let mut after = places.to_vec();
    after.push(
        lay.place(places[usize::from(lay.onto.section)])
            .ok_or("A short edge only joins a short edge, a long edge a long one.")?,
    );
    let joins_after = embedding::board(&after).map_err(|f| format!("Not there: {}.", f.sentence()))?;
    if embedding::join_count(&joins_after, next) != 1 {
        return Err("A new section joins only one of the others, by one edge.".into());
    }
    Ok(after)
}

/// Every legal way to lay the next section, each board once (the first way of writing it).
pub fn placements(places: &[Motion]) -> Vec<(Lay, Vec<Motion>)> {
    let next = places.len() as SectionId;
    let mut out: Vec<(Lay, Vec<Motion>)> = Vec::new();
    for onto in 0..next {
        for e in Edge::ALL {
            for f in Edge::ALL.into_iter().filter(|f| f.is_short() == e.is_short()) {
                let lay = Lay { moving: Side { section: next, edge: f }, onto: Side { section: onto, edge: e } };
                if let Ok(after) = judge(places, &lay)
                    && out.iter().all(|(_, seen)| *seen != after)
                {
                    out.push((lay, after));
                }
            }
        }
    }
    out
}

/// The pieces at the two ends of the finished track: Ice's in section 4, Fire's in the other
/// section with a single join.
pub fn starting_pieces(joins: &[Join]) -> Pyramids {
    let mut pyramids = Pyramids::new();
    let ice = (SECTIONS - 1) as SectionId;
    let fire = (0..ice).find(|s| embedding::join_count(joins, *s) == 1).unwrap_or(0);
    for (side, section) in [(Color::White, fire), (Color::Black, ice)] {
        let Some((ours, _)) = joins.iter().find_map(|j| j.side_of(section)) else { continue };
        set_up(&mut pyramids, side, section, ours.edge);
    }
    pyramids
}

/// The seed's four rows, from the end of the track inwards, each from the player's left.
const ROWS: [[Role; 4]; 4] = {
    use Role::*;
    [[Pawn; 4], [Bishop, Rook, King, Bishop], [Knight, Queen, Rook, Knight], [Pawn; 4]]
};

/// Sets `side`'s pieces up in `section`, whose edge `towards` joins the rest of the track.
fn set_up(pyramids: &mut Pyramids, side: Color, section: SectionId, towards: Edge) {
    let forward = towards.outward();
    let right = (forward + 3) % 4;
    for file in 0..4 {
        for rank in 0..4 {
            let row = along(forward, file, rank);
            let column = along(right, file, rank);
            let role = ROWS[usize::from(row)][usize::from(column)];
            for &pips in starting_stack(role) {
                pyramids.push(cell(section, file, rank), Pyramid { side, pips });
            }
        }
    }
}

/// How far the cell on `file`, `rank` lies in direction `dir` (0 +file, 1 +rank, 2 -file,
/// 3 -rank), from 0 to 3.
fn along(dir: u8, file: u8, rank: u8) -> u8 {
    match dir {
        0 => file,
        1 => rank,
        2 => 3 - file,
        _ => 3 - rank,
    }
}
