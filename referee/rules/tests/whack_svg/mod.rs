//! Pictures of Whack boards for the rules page, drawn from the engine's own geometry: every
//! cell's corners come from the sections' places, so a picture can never disagree with the
//! rules it illustrates. `tests/whack_geometry.rs` compares them with `docs/games/whack/*.svg`
//! and writes them again when run with `WHACK_PICTURES=write`.
#![allow(dead_code)]

use rules::games::whack::geometry::{CELLS_PER_SECTION, cell, parts};
use rules::games::whack::plane::{Motion, Point};
use rules::games::whack::section;
use rules::geometry::grid::Cell;
use std::collections::BTreeMap;
use std::fmt::Write;

/// Pixels per lattice unit (a short edge is 16 units).
const SCALE: f64 = 8.0;
const MARGIN: f64 = 24.0;

/// What to draw over a board.
#[derive(Default)]
pub struct Marks {
    /// Cell fills by cell: a colour name from [`fill`].
    pub fills: BTreeMap<Cell, &'static str>,
    /// Big letters on cells (pieces), with their colour.
    pub letters: BTreeMap<Cell, (String, &'static str)>,
    /// Lines through the centres of these cells, with their colour.
    pub paths: Vec<(Vec<Cell>, &'static str)>,
    /// Dots at these points (junctions), with a word beside them.
    pub dots: Vec<(Point, String)>,
    /// A caption under the board.
    pub caption: String,
}

/// The colours pictures use.
pub fn fill(name: &str) -> &'static str {
    match name {
        "from" => "#f2c14e",
        "reach" => "#8fd19e",
        "stop" => "#f08a5d",
        "other" => "#7fb2e5",
        "moved" => "#d9c2f0",
        _ => "#ffffff",
    }
}

fn corners_of(places: &[Motion], c: Cell) -> [Point; 4] {
    let (s, f, r) = parts(c);
    section::cell_corners(f, r).map(|p| places[usize::from(s)].apply(p))
}

fn centre(points: &[Point]) -> [f64; 2] {
    let n = points.len() as f64;
    let (x, y) = points.iter().map(|p| p.xy()).fold((0.0, 0.0), |(x, y), [a, b]| (x + a, y + b));
    [x / n, y / n]
}

/// Lattice coordinates to pixels inside the picture (y downwards).
struct Frame {
    min_x: f64,
    max_y: f64,
    width: f64,
    height: f64,
}

impl Frame {
    fn of(places: &[Motion], caption: &str) -> Frame {
        let all: Vec<[f64; 2]> = places.iter().flat_map(|m| section::corners().map(|p| m.apply(p).xy())).collect();
        let min_x = all.iter().map(|p| p[0]).fold(f64::MAX, f64::min);
        let max_x = all.iter().map(|p| p[0]).fold(f64::MIN, f64::max);
        let min_y = all.iter().map(|p| p[1]).fold(f64::MAX, f64::min);
        let max_y = all.iter().map(|p| p[1]).fold(f64::MIN, f64::max);
        Frame {
            min_x,
            max_y,
            width: ((max_x - min_x) * SCALE).max(caption.chars().count() as f64 * 7.0) + 2.0 * MARGIN,
            height: (max_y - min_y) * SCALE + 2.0 * MARGIN + 24.0,
        }
    }

    fn px(&self, [x, y]: [f64; 2]) -> (f64, f64) {
        ((x - self.min_x) * SCALE + MARGIN, (self.max_y - y) * SCALE + MARGIN)
    }

    fn points(&self, corners: &[Point]) -> String {
        corners.iter().map(|p| self.px(p.xy())).map(|(x, y)| format!("{x:.1},{y:.1}")).collect::<Vec<_>>().join(" ")
    }
}

/// The board of `places` as an SVG document, every cell named, with `marks` over it.
pub fn draw(places: &[Motion], marks: &Marks) -> String {
    let frame = Frame::of(places, &marks.caption);
    let mut out = String::new();
    let (w, h) = (frame.width, frame.height);
    writeln!(out, r#"<svg xmlns="http://www.w3.org/2000/svg" width="{w:.0}" height="{h:.0}" viewBox="0 0 {w:.0} {h:.0}" font-family="sans-serif">"#).unwrap();
    writeln!(out, r##"<rect width="100%" height="100%" fill="#ffffff"/>"##).unwrap();
    for c in 0..(places.len() * CELLS_PER_SECTION) as Cell {
        draw_cell(&mut out, &frame, places, c, marks);
    }
    for (s, m) in places.iter().enumerate() {
        draw_section(&mut out, &frame, s, *m);
    }
    for (path, colour) in &marks.paths {
        let points: Vec<String> = path
            .iter()
            .map(|c| frame.px(centre(&corners_of(places, *c))))
            .map(|(x, y)| format!("{x:.1},{y:.1}"))
            .collect();
        writeln!(
            out,
            r#"<polyline points="{}" fill="none" stroke="{colour}" stroke-width="2.5" stroke-linejoin="round"/>"#,
            points.join(" ")
        )
        .unwrap();
    }
    for (p, word) in &marks.dots {
        let (x, y) = frame.px(p.xy());
        writeln!(out, r##"<circle cx="{x:.1}" cy="{y:.1}" r="5" fill="#c0392b"/><text x="{:.1}" y="{:.1}" font-size="11" fill="#c0392b">{word}</text>"##, x + 7.0, y - 7.0).unwrap();
    }
    writeln!(out, r##"<text x="{MARGIN}" y="{:.1}" font-size="13" fill="#333333">{}</text>"##, h - 10.0, marks.caption)
        .unwrap();
    out.push_str("</svg>\n");
    out
}

fn draw_cell(out: &mut String, frame: &Frame, places: &[Motion], c: Cell, marks: &Marks) {
    let (_, f, r) = parts(c);
    let corners = corners_of(places, c);
    let base = if (f + r) % 2 == 0 { "#c9b48f" } else { "#f3ead7" };
    let colour = marks.fills.get(&c).copied().unwrap_or(base);
    writeln!(
        out,
        r##"<polygon points="{}" fill="{colour}" stroke="#7a6a50" stroke-width="0.8"/>"##,
        frame.points(&corners)
    )
    .unwrap();
    let (x, y) = frame.px(centre(&corners));
    match marks.letters.get(&c) {
        Some((letter, ink)) => {
            writeln!(out, r#"<text x="{x:.1}" y="{:.1}" font-size="15" font-weight="bold" text-anchor="middle" fill="{ink}">{letter}</text>"#, y + 2.0).unwrap();
            writeln!(
                out,
                r##"<text x="{x:.1}" y="{:.1}" font-size="7" text-anchor="middle" fill="#333333">{}</text>"##,
                y + 10.0,
                name(c)
            )
            .unwrap();
        }
        None => {
            writeln!(
                out,
                r##"<text x="{x:.1}" y="{:.1}" font-size="8" text-anchor="middle" fill="#333333">{}</text>"##,
                y + 3.0,
                name(c)
            )
            .unwrap();
        }
    }
}

fn draw_section(out: &mut String, frame: &Frame, s: usize, at: Motion) {
    let corners = section::corners().map(|p| at.apply(p));
    writeln!(
        out,
        r##"<polygon points="{}" fill="none" stroke="#222222" stroke-width="2.5"/>"##,
        frame.points(&corners)
    )
    .unwrap();
    let middle = centre(&corners);
    for (p, letter) in corners.iter().zip(["A", "B", "C", "D"]) {
        // Each corner's letter a little inside the section.
        let [x, y] = p.xy();
        let inside = [x + (middle[0] - x) * 0.07, y + (middle[1] - y) * 0.07];
        let (px, py) = frame.px(inside);
        writeln!(out, r##"<text x="{px:.1}" y="{:.1}" font-size="9" font-style="italic" text-anchor="middle" fill="#8e44ad">{}{letter}</text>"##, py + 3.0, s + 1).unwrap();
    }
}

/// Compares the picture `file` (in `docs/games/whack/`) with `svg`, or writes it when the
/// test runs with `WHACK_PICTURES=write`.
pub fn check_picture(file: &str, svg: &str) {
    let path = std::path::Path::new("../../docs/games/whack").join(file);
    if std::env::var("WHACK_PICTURES").as_deref() == Ok("write") {
        std::fs::create_dir_all(path.parent().unwrap()).unwrap();
        std::fs::write(&path, svg).unwrap();
        return;
    }
    let on_file = std::fs::read_to_string(&path).unwrap_or_default();
    assert!(
        on_file == svg,
        "docs/games/whack/{file} is not what the engine draws: run the tests with WHACK_PICTURES=write"
    );
}

/// A cell's name: `1a1`.
pub fn name(c: Cell) -> String {
    let (s, f, r) = parts(c);
    format!("{}{}{}", s + 1, (b'a' + f) as char, r + 1)
}

/// The cell named `1a1`.
pub fn named(text: &str) -> Cell {
    let b = text.as_bytes();
    cell(b[0] - b'1', b[1] - b'a', b[2] - b'1')
}
