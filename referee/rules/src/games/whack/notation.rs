//! The pieces field of a Whack position, FEN-like: the sections in number order separated by
//! `|`; each section's ranks 1 to 4 separated by `/`; each rank's cells from file a to d, a
//! digit for a run of empty cells and a stack as its piece letter (upper case Fire, lower case
//! Ice) with its pyramids in brackets when it is not the starting stack. The starting track
//! of the rules page reads `PPPP/BRKB/NQRN/PPPP|4/4/4/4|4/4/4/4|pppp/brkb/nqrn/pppp`.

use super::geometry::cell;
use super::pyramids::{Pyramids, read_stack, write_stack};
use crate::geometry::grid::Cell;

/// The pieces of `sections` sections, written down.
pub fn write_pieces(sections: usize, pyramids: &Pyramids) -> String {
    (0..sections as u8)
        .map(|s| (0..4).map(|r| write_rank(pyramids, s, r)).collect::<Vec<_>>().join("/"))
        .collect::<Vec<_>>()
        .join("|")
}

fn write_rank(pyramids: &Pyramids, section: u8, rank: u8) -> String {
    let mut out = String::new();
    let mut empty = 0;
    for file in 0..4 {
        let stack = pyramids.at(cell(section, file, rank));
        if stack.is_empty() {
            empty += 1;
            continue;
        }
        if empty > 0 {
            out.push_str(&empty.to_string());
            empty = 0;
        }
        out.push_str(&write_stack(stack));
    }
    if empty > 0 {
        out.push_str(&empty.to_string());
    }
    out
}

/// Reads the pieces of `sections` sections.
pub fn read_pieces(text: &str, sections: usize) -> Result<Pyramids, String> {
    let parts: Vec<&str> = text.split('|').collect();
    if parts.len() != sections {
        return Err(format!("{text}: {} sections of pieces for {sections} sections", parts.len()));
    }
    let mut pyramids = Pyramids::new();
    for (s, part) in parts.iter().enumerate() {
        let ranks: Vec<&str> = part.split('/').collect();
        if ranks.len() != 4 {
            return Err(format!("{part}: a section has 4 ranks separated by /"));
        }
        for (r, rank) in ranks.iter().enumerate() {
            read_rank(rank, |file| cell(s as u8, file, r as u8), &mut pyramids)?;
        }
    }
    Ok(pyramids)
}

fn read_rank(text: &str, at: impl Fn(u8) -> Cell, pyramids: &mut Pyramids) -> Result<(), String> {
    let mut file = 0u8;
    let mut rest = text;
    while let Some(c) = rest.chars().next() {
        if let Some(run) = c.to_digit(10) {
            file = (1..=4)
                .contains(&run)
                .then(|| file + run as u8)
                .filter(|f| *f <= 4)
                .ok_or_else(|| format!("{text}: a rank has 4 cells, a digit counts 1 to 4 empty ones"))?;
            rest = &rest[1..];
            continue;
        }
        if file >= 4 {
            return Err(format!("{text}: more than 4 cells in a rank"));
        }
        let (stack, used) = read_stack(rest)?;
        for pyramid in stack {
            pyramids.push(at(file), pyramid);
        }
        file += 1;
        rest = &rest[used..];
    }
    if file != 4 {
        return Err(format!("{text}: a rank has 4 cells"));
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn pieces_read_back_as_written() {
        let text = "PPPP/BRKB/NQRN/PPPP|4/1N(11)2/4/3k(221)|4/4/4/4|pppp/brkb/nqrn/pppp";
        let pyramids = read_pieces(text, 4).unwrap();
        assert_eq!(write_pieces(4, &pyramids), text);
        assert!(read_pieces("4/4/4/5", 1).is_err());
        assert!(read_pieces("4/4/4/4", 2).is_err());
    }
}
