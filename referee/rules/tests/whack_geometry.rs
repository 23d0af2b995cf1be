//! Whack Chess geometry, checked against pictures a reader can look at: every test draws its
//! board into `docs/games/whack/` (from the engine's own coordinates) and states what the
//! picture shows. Arrangements are written as joins (`2bc=1cd`: section 2's edge BC along
//! section 1's edge CD); cells as section, file, rank (`1a1` is in section 1's wide corner A).

mod whack_svg;

use rules::games::whack::arrangements::{self, Die};
use rules::games::whack::embedding;
use rules::games::whack::geometry::{Corner, WhackGeometry};
use rules::games::whack::layout;
use rules::games::whack::plane::Motion;
use rules::games::whack::section;
use rules::geometry::grid::{Cell, Geometry, Step, movement_of, reachable};
use rules::pieces::Role;
use whack_svg::{Marks, check_picture, draw, fill, name, named};

/// The track most rules tests play on: sections 1–2–3–4 in a row, turning at each seam.
/// Seams: 1cd|2bc long, narrow corner to narrow corner; 2da|3ab short, wide corner to wide
/// corner; 3cd|4cd long, each narrow corner on the other's right-angled corner D.
const TRACK: &str = "1,2bc=1cd,3ab=2da,4cd=3cd";
/// Martian Chess's triangle (sections 1, 2, 3 round their wide corners) and section 4 below.
const TRIANGLE: &str = "1,2ab=1da,3ab=2da,4bc=3cd";
/// Four section corners closing a corner: 1B (90°), 2A (120°), 3C (60°), 4D (90°).
const FOUR_CORNERS: &str = "1,2ab=1ab,3bc=1bc,4da=2da";
/// Four right angles closing a corner: 1B, 2D, 3B, 4D (section 4 joins 3 and 1).
const RIGHT_ANGLES: &str = "1,2cd=1bc,3ab=2da,4cd=3bc";
/// Three corners on the outline with a 60° gap: 1B (90°), 2A (120°), 4D (90°).
const OUTLINE_CORNER: &str = "1,2ab=1ab,4da=2da,3cd=1cd";
/// Four narrow corners side by side on the outline (240°, a gap of 120°): 2C, 1C, 4C, 3C.
const FOUR_NARROW: &str = "1,2bc=1cd,4cd=1bc,3cd=4bc";
/// Three narrow corners and a right angle on the outline: 1C, 2C, 3C, 4D (a gap of 90°).
const THREE_NARROW: &str = "1,2bc=1cd,3bc=2cd,4cd=3cd";
/// Five sections (more than the game has, to show the geometry's rule): 1B, 2D (90° each) and
/// 3C, 4C, 5C (60° each) close a corner.
const FIVE_CORNERS: &str = "1,2da=1ab,3bc=1bc,4cd=2cd,5bc=3cd";

fn board(text: &str) -> (Vec<Motion>, WhackGeometry) {
    let places = layout::read(text).unwrap_or_else(|e| panic!("{e}"));
    let joins = embedding::board(&places).unwrap_or_else(|f| panic!("{text}: {}", f.sentence()));
    let geometry = WhackGeometry::new(places.len(), &joins);
    (places, geometry)
}

fn names(cells: impl IntoIterator<Item = Cell>) -> Vec<String> {
    let mut out: Vec<String> = cells.into_iter().map(name).collect();
    out.sort();
    out
}

fn cells(text: &str) -> Vec<String> {
    let mut out: Vec<String> = text.split_whitespace().map(String::from).collect();
    out.sort();
    out
}

/// Where a piece of `role` on `from` reaches on an otherwise empty board.
fn reach(g: &WhackGeometry, role: Role, from: &str) -> Vec<Cell> {
    reachable(g, named(from), movement_of(role), &|_| false)
}

/// Marks: the piece's cell yellow, its reach green, a letter on the piece.
fn reach_marks(from: &str, letter: &str, reached: &[Cell], caption: &str) -> Marks {
    let mut marks = Marks { caption: caption.to_string(), ..Default::default() };
    marks.fills.extend(reached.iter().map(|c| (*c, fill("reach"))));
    marks.fills.insert(named(from), fill("from"));
    marks.letters.insert(named(from), (letter.to_string(), "#b03a2e"));
    marks
}

#[test]
fn a_section_names_its_cells_from_the_wide_corner_a1_to_the_narrow_corner_d4() {
    let [a, b, c, d] = section::corners();
    let corners_of = |cell: &str| {
        let x = named(cell);
        section::cell_corners((x % 4) as u8, (x / 4 % 4) as u8)
    };
    assert!(corners_of("1a1").contains(&a), "a1 is in the wide corner A");
    assert!(corners_of("1d1").contains(&b), "d1 in B: files run from A towards B");
    assert!(corners_of("1d4").contains(&c), "d4 in the narrow corner C");
    assert!(corners_of("1a4").contains(&d), "a4 in D: ranks run from A towards D");
    let (places, _) = board("1");
    check_picture(
        "section.svg",
        &draw(
            &places,
            &Marks { caption: "One section: corners A (120°), B, D (90°), C (60°)".into(), ..Default::default() },
        ),
    );
}

#[test]
fn the_track_joins_its_sections_edge_to_edge_and_writes_back_the_same() {
    let places = layout::read(TRACK).unwrap();
    let joins = embedding::board(&places).unwrap();
    assert_eq!(layout::write(places.len(), &joins), TRACK);
    assert_eq!(joins.len(), 3, "a track: each seam one join");
    check_picture(
        "track.svg",
        &draw(&places, &Marks { caption: format!("The test track {TRACK}"), ..Default::default() }),
    );
}

/// (arrangement, cell, its neighbours across edges): the seams of each kind.
const NEIGHBOURS: &[(&str, &str, &str, &str)] = &[
    ("long seam, narrow corner to narrow corner", TRACK, "1b4", "1a4 1c4 1b3 2d2"),
    ("long seam, narrow corner to narrow corner", TRACK, "2d4", "2c4 2d3 1d4"),
    ("short seam, wide corner to wide corner", TRACK, "2a2", "2b2 2a1 2a3 3b1"),
    ("short seam, wide corner to wide corner", TRACK, "3a1", "3b1 3a2 2a1"),
    ("long seam, narrow corner to right angle", TRACK, "3b4", "3a4 3c4 3b3 4c4"),
    ("long seam, narrow corner to right angle", TRACK, "4d4", "4c4 4d3 3a4"),
    ("short seam, wide corner to right angle", FOUR_CORNERS, "1a1", "1b1 1a2 2d1"),
    ("short seam, wide corner to right angle", FOUR_CORNERS, "2a1", "2b1 2a2 1d1 4a4"),
];

#[test]
fn neighbours_across_each_kind_of_seam_are_the_cells_that_share_an_edge_in_the_pictures() {
    for (seam, text, cell, expected) in NEIGHBOURS {
        let (_, g) = board(text);
        assert_eq!(names(g.neighbours(named(cell))), cells(expected), "{seam}: {cell} in {text}");
    }
}

#[test]
fn a_rook_line_crosses_every_seam_of_the_track_turning_with_it() {
    let (places, g) = board(TRACK);
    let reached = reach(&g, Role::Rook, "1b1");
    let along = "1b2 1b3 1b4 2d2 2c2 2b2 2a2 3b1 3b2 3b3 3b4 4c4 4c3 4c2 4c1";
    assert_eq!(names(reached.clone()), cells(&format!("1a1 1c1 1d1 {along}")));
    let caption = "A rook on 1b1: up file b, along rank 2 of section 2, up file b of 3, down file c of 4";
    check_picture("track-rook.svg", &draw(&places, &reach_marks("1b1", "R", &reached, caption)));
}

#[test]
fn a_bishop_line_goes_on_across_a_seam_where_four_cells_close_round_the_corner() {
    let (places, g) = board(TRACK);
    let from_2c2 = reach(&g, Role::Bishop, "2c2");
    assert_eq!(names(from_2c2.clone()), cells("1d4 2b1 2d1 2b3 2d3 2a4"), "2d3 goes on to 1d4 across the long seam");
    let from_3c3 = reach(&g, Role::Bishop, "3c3");
    assert_eq!(names(from_3c3.clone()), cells("3a1 3b2 3d2 3b4 3d4 4d4"), "3b4 goes on to 4d4");
    // 1d4 and 2d4 meet only at the two narrow corners, which close no corner: the line ends.
    assert_eq!(g.corner(named("1d4"), Step { files: 1, ranks: 1 }), Corner::Outline);
    let mut marks = reach_marks("2c2", "B", &from_2c2, "Bishops on 2c2 and 3c3 (the second's cells in blue)");
    marks.fills.extend(from_3c3.iter().map(|c| (*c, fill("other"))));
    marks.fills.insert(named("3c3"), fill("from"));
    marks.letters.insert(named("3c3"), ("B".into(), "#1f4e79"));
    check_picture("track-bishops.svg", &draw(&places, &marks));
}

#[test]
fn a_bishop_stops_before_a_junction_of_three_section_corners_as_at_an_edge() {
    let (places, g) = board(TRIANGLE);
    assert_eq!(g.corner(named("1a1"), Step { files: -1, ranks: -1 }), Corner::Junction { cells: 3 });
    let bishop = reach(&g, Role::Bishop, "1c3");
    assert_eq!(names(bishop.clone()), cells("1a1 1b2 1d2 1b4 1d4"), "the line towards the centre ends on 1a1");
    // From 1a1 it may take the other diagonals on a later turn; none goes through the centre
    // (Martian Chess would let it turn onto 2a1-2b2… or 3a1-3b2…).
    let from_corner = reach(&g, Role::Bishop, "1a1");
    assert_eq!(names(from_corner), cells("1b2 1c3 1d4 2b1 2c2 2d3 3a2 3b3 3c4 4d4"));
    let mut marks = reach_marks("1c3", "B", &bishop, "A bishop on 1c3 stops on 1a1, before the junction of 1A, 2A, 3A");
    marks.dots.push((section::corners()[0], "3 corners".into()));
    check_picture("junction-three.svg", &draw(&places, &marks));
}

#[test]
fn a_king_steps_round_a_junction_of_three_only_to_the_cells_beside_it() {
    let (_, g) = board(TRIANGLE);
    let king = reach(&g, Role::King, "1a1");
    assert_eq!(names(king), cells("1b1 1a2 1b2 2a1 2b1 3a1 3a2"));
}

#[test]
fn a_diagonal_goes_on_through_a_corner_closed_by_four_section_corners() {
    let (places, g) = board(FOUR_CORNERS);
    let corner = places[0].apply(section::corners()[1]);
    assert_eq!(g.corner(named("1d1"), Step { files: 1, ranks: -1 }), Corner::Through { cell: named("4a4") });
    assert_eq!(g.cells_round(named("1d1"), Step { files: 1, ranks: -1 }), Some(4));
    let bishop = reach(&g, Role::Bishop, "1c2");
    assert!(bishop.contains(&named("4a4")) && bishop.contains(&named("4d1")), "on through 4a4 to 4d1");
    let mut marks = reach_marks("1c2", "B", &bishop, "1B, 2A, 3C and 4D close a corner: the bishop goes on to 4a4");
    marks.dots.push((corner, "4 corners".into()));
    check_picture("junction-four.svg", &draw(&places, &marks));
}

#[test]
fn at_a_junction_of_five_a_bishop_stops_and_a_king_may_step_to_either_cell_across() {
    let (places, g) = board(FIVE_CORNERS);
    let step = Step { files: 1, ranks: -1 };
    assert_eq!(g.corner(named("1d1"), step), Corner::Junction { cells: 5 });
    let bishop = reach(&g, Role::Bishop, "1b3");
    assert_eq!(names(bishop), cells("1d1 1a2 1c2 1a4 1c4"), "stops on 1d1");
    let mut across = Vec::new();
    g.leap(named("1d1"), step, &mut across);
    assert_eq!(names(across), cells("4d4 5d4"), "two cells touch 1d1 only at the junction");
    let king = reach(&g, Role::King, "1d1");
    let mut marks = reach_marks("1d1", "K", &king, "Five corners meet at 1B: a king on 1d1 may step to 4d4 or 5d4");
    marks.dots.push((places[0].apply(section::corners()[1]), "5 corners".into()));
    check_picture("junction-five.svg", &draw(&places, &marks));
}

/// Round Martian Chess's triangle, the cells a knight's two ways once wrapped round to: each
/// touches the start (a king steps there).
const WRAPPED_ROUND_THE_TRIANGLE: &[(&str, &str)] = &[
    ("1a1", "2b1 3a2"),
    ("1a2", "2a1"),
    ("1b1", "3a1"),
    ("2a1", "1a2 3b1"),
    ("2a2", "3a1"),
    ("2b1", "1a1"),
    ("3a1", "1b1 2a2"),
    ("3a2", "1a1"),
    ("3b1", "2a1"),
];

/// The cells that share a corner point with `cell` where the sections lie at `places`
/// (worked out from the exact corners, not from the geometry's steps).
fn sharing_a_point(places: &[Motion], cell: Cell) -> Vec<Cell> {
    let corners = |c: Cell| {
        let (s, f, r) = rules::games::whack::geometry::parts(c);
        section::cell_corners(f, r).map(|p| places[usize::from(s)].apply(p))
    };
    let own = corners(cell);
    (0..(places.len() * 16) as Cell).filter(|c| *c != cell && corners(*c).iter().any(|p| own.contains(p))).collect()
}

/// The boards of the pictures, and every board one change of the die away from the track.
fn many_boards() -> Vec<Vec<Motion>> {
    let mut out: Vec<Vec<Motion>> =
        [TRACK, TRIANGLE, FOUR_CORNERS, RIGHT_ANGLES, OUTLINE_CORNER, FIVE_CORNERS, FOUR_NARROW, THREE_NARROW]
            .iter()
            .map(|t| board(t).0)
            .collect();
    let track = layout::read(TRACK).unwrap();
    let joins = embedding::board(&track).unwrap();
    for die in [Die::Tip, Die::Aim, Die::Dig, Die::Swap, Die::Wild] {
        out.extend(arrangements::options(&track, &joins, die).into_iter().map(|(_, after, _)| after));
    }
    out
}

#[test]
fn a_knight_never_lands_on_a_cell_that_touches_its_start() {
    let (places, g) = board(TRIANGLE);
    for (from, wrapped) in WRAPPED_ROUND_THE_TRIANGLE {
        let (knight, king) = (names(reach(&g, Role::Knight, from)), names(reach(&g, Role::King, from)));
        for cell in cells(wrapped) {
            assert!(king.contains(&cell), "a king on {from} steps to {cell}");
            assert!(!knight.contains(&cell), "a knight on {from} does not land on {cell}: {knight:?}");
        }
    }
    let knight = reach(&g, Role::Knight, "1a1");
    assert_eq!(names(knight.clone()), cells("1b3 1c2 2a2 2b2 2c1 3a3 3b1 3b2"));
    // On every board, no knight lands on a cell that shares a corner point with its start.
    for places in many_boards() {
        let g = WhackGeometry::new(places.len(), &embedding::board(&places).unwrap());
        for from in 0..g.cell_count() as Cell {
            let near = sharing_a_point(&places, from);
            let knight = reachable(&g, from, movement_of(Role::Knight), &|_| false);
            assert!(knight.iter().all(|c| !near.contains(c)), "{}: {:?}", name(from), names(knight));
            assert_eq!(names(g.touching(from).to_vec()), names(near), "the cells touching {}", name(from));
        }
    }
    let mut marks = reach_marks(
        "1a1",
        "N",
        &knight,
        "A knight on 1a1: two back, one left (red) lands on 2a2; one left, two back (blue) wraps round to 3a2, beside 1a1: no target",
    );
    marks.fills.insert(named("3a2"), fill("stop"));
    marks.paths.push((["1a1", "3a1", "3b1", "2a2"].map(named).to_vec(), "#b03a2e"));
    marks.paths.push((["1a1", "2a1", "3a1", "3a2"].map(named).to_vec(), "#1f4e79"));
    check_picture("knight.svg", &draw(&places, &marks));
}

#[test]
fn at_a_junction_of_five_a_knights_two_ways_may_land_on_different_cells_and_both_are_targets() {
    let (_, g) = board(FIVE_CORNERS);
    let mut landed = Vec::new();
    g.leap(named("1d1"), Step { files: 2, ranks: -1 }, &mut landed);
    assert_eq!(names(landed), cells("4d3 5d3"));
    // With four sections the two ways never part so (no junction of five): one cell or none.
    for places in many_boards().into_iter().filter(|p| p.len() == 4) {
        let g = WhackGeometry::new(4, &embedding::board(&places).unwrap());
        for from in 0..g.cell_count() as Cell {
            for step in rules::geometry::grid::KNIGHT_STEPS {
                let mut out = Vec::new();
                g.leap(from, step, &mut out);
                out.dedup();
                assert!(out.len() <= 1, "{} {step:?}: {:?}", name(from), names(out));
            }
        }
    }
}

#[test]
fn at_a_corner_on_the_outline_a_diagonal_goes_on_for_every_piece_where_one_way_round_reaches_a_cell() {
    let (places, g) = board(OUTLINE_CORNER);
    let step = Step { files: 1, ranks: -1 };
    assert_eq!(g.cells_round(named("1d1"), step), None, "a 60° gap between 4D and 1B");
    assert_eq!(g.corner(named("1d1"), step), Corner::Through { cell: named("4a4") });
    assert!(reach(&g, Role::King, "1d1").contains(&named("4a4")), "a king steps across");
    let bishop = reach(&g, Role::Bishop, "1c2");
    assert!(["1d1", "4a4", "4b3", "4c2", "4d1"].iter().all(|c| bishop.contains(&named(c))), "and a bishop goes on");
    assert!(reach(&g, Role::Bishop, "4b3").contains(&named("1c2")), "the same line back");
    // 2a1, between them, has nothing across that corner.
    assert_eq!(g.corner(named("2a1"), Step { files: -1, ranks: -1 }), Corner::Outline);
    // On every board a king's diagonal step is a bishop's first step too, and the other way.
    for places in many_boards().into_iter().filter(|p| p.len() == 4) {
        let g = WhackGeometry::new(4, &embedding::board(&places).unwrap());
        for from in 0..g.cell_count() as Cell {
            let king: Vec<Cell> =
                reach(&g, Role::King, &name(from)).into_iter().filter(|c| !g.neighbours(from).contains(c)).collect();
            let bishop_first = reachable(&g, from, movement_of(Role::Bishop), &|_| true);
            assert_eq!(names(king), names(bishop_first), "{}", name(from));
        }
    }
    let mut marks = reach_marks("1c2", "B", &bishop, "1B, 2A and 4D leave a 60° gap: the bishop on 1c2 goes on to 4a4");
    marks.dots.push((places[0].apply(section::corners()[1]), "gap".into()));
    check_picture("outline-corner.svg", &draw(&places, &marks));
}

#[test]
fn where_narrow_corners_meet_on_the_outline_a_diagonal_runs_straight_across_the_point() {
    // Four narrow corners make a fan of 240°: the diagonals of the two at its ends, 2d4 and
    // 3d4, are one straight line through the point; the middle ones, 1d4 and 4d4, point into
    // the gap. Two steps round the corner would have bent 2d4's line by 120° onto 4d4.
    let (places, g) = board(FOUR_NARROW);
    let step = Step { files: 1, ranks: 1 };
    assert_eq!(g.corner(named("2d4"), step), Corner::Through { cell: named("3d4") });
    assert_eq!(g.corner(named("3d4"), step), Corner::Through { cell: named("2d4") }, "the same line back");
    assert_eq!(g.corner(named("1d4"), step), Corner::Outline, "its line leaves the board");
    assert_eq!(g.corner(named("4d4"), step), Corner::Outline);
    let bishop = reach(&g, Role::Bishop, "2c3");
    assert_eq!(names(bishop.clone()), cells("1a4 2a1 2b2 2b4 2d2 2d4 3a1 3b2 3c3 3d4"), "on through 3d4");
    let king = reach(&g, Role::King, "2d4");
    assert!(king.contains(&named("3d4")) && !king.contains(&named("4d4")), "a king's step is a line's first step");
    // Three narrow corners and a right angle: 1d4's line runs on into 4a4 (not two round, to 3d4).
    let (_, g3) = board(THREE_NARROW);
    assert_eq!(g3.corner(named("1d4"), step), Corner::Through { cell: named("4a4") });
    assert_eq!(g3.corner(named("3d4"), step), Corner::Outline);
    let mut marks = reach_marks(
        "2c3",
        "B",
        &bishop,
        "Four narrow corners on the outline: the bishop on 2c3 runs straight on from 2d4 to 3d4",
    );
    marks.dots.push((places[0].apply(section::corners()[2]), "4 narrow".into()));
    check_picture("narrow-corners.svg", &draw(&places, &marks));
}

#[test]
fn a_diagonal_goes_on_through_a_corner_closed_by_four_right_angles() {
    let (_, g) = board(RIGHT_ANGLES);
    let step = Step { files: 1, ranks: -1 };
    assert_eq!(g.cells_round(named("1d1"), step), Some(4));
    let Corner::Through { cell } = g.corner(named("1d1"), step) else { panic!("four cells close round 1B") };
    assert_eq!(name(cell), "3d1", "the cell opposite, two round");
    let bishop = reach(&g, Role::Bishop, "1c2");
    assert!(bishop.contains(&named("1d1")) && bishop.contains(&named("3d1")), "{:?}", names(bishop));
}

#[test]
fn four_section_corners_close_round_a_point_only_as_four_right_angles_or_120_90_60_90() {
    // A wide corner's edges are short and a narrow corner's long, so they never lie side by
    // side: 120+120+60+60 cannot close. Every way of putting four corners round a point:
    let angles = [120, 90, 60, 90];
    let mut closing = Vec::new();
    let at = |corner: usize, turns: u8| Motion { turns, shift: -section::corners()[corner].turned(turns) };
    for corners in (0..256).map(|n| [n % 4, n / 4 % 4, n / 16 % 4, n / 64]) {
        if corners.iter().map(|c| angles[*c]).sum::<i32>() != 360 {
            continue;
        }
        for turns in 0..216u16 {
            let t = [0, (turns % 6) as u8, (turns / 6 % 6) as u8, (turns / 36) as u8];
            let places: Vec<Motion> = (0..4).map(|k| at(corners[k], t[k])).collect();
            if embedding::board(&places).is_ok() {
                let mut kind: Vec<i32> = corners.iter().map(|c| angles[*c]).collect();
                kind.sort();
                closing.push(kind);
            }
        }
    }
    closing.sort();
    closing.dedup();
    assert_eq!(closing, [vec![60, 90, 90, 120], vec![90, 90, 90, 90]]);
}

// ---- After each kind of change of the board (from the track) ----

/// The track after the change `text`, which `die` must allow there: the places, the
/// geometry, and the numbers of the sections that moved.
fn changed(die: Die, text: &str) -> (Vec<Motion>, WhackGeometry, Vec<u8>) {
    let places = layout::read(TRACK).unwrap();
    let joins = embedding::board(&places).unwrap();
    let change = arrangements::parse(text, 4).unwrap();
    let listed: Vec<String> = arrangements::options(&places, &joins, die).iter().map(|c| c.0.to_string()).collect();
    assert!(listed.contains(&text.to_string()), "{text} is one of {listed:?}");
    let (after, joins_after) = arrangements::judge(&places, &joins, die, &change).unwrap();
    let geometry = WhackGeometry::new(4, &joins_after);
    (after, geometry, arrangements::moved_sections(&change))
}

/// Marks with the moved sections tinted, then `marks` over them.
fn tint_moved(moved: &[u8], mut marks: Marks) -> Marks {
    for s in moved {
        for k in 0..16 {
            marks.fills.entry(Cell::from(*s) * 16 + k).or_insert(fill("moved"));
        }
    }
    marks
}

#[test]
fn after_tip_section_4_hangs_from_section_1_and_lines_run_into_it() {
    let (places, g, moved) = changed(Die::Tip, "tip 4ab=1ab");
    assert_eq!(names(g.neighbours(named("1a1"))), cells("1b1 1a2 4d1"), "4's B corner cell meets 1's A corner cell");
    let rook = reach(&g, Role::Rook, "1a4");
    assert_eq!(names(rook.clone()), cells("1b4 1c4 1d4 1a3 1a2 1a1 4d1 4d2 4d3 4d4 2d1 2c1 2b1 2a1 3a1 3a2 3a3 3a4"));
    let caption = "TIP: tip 4ab=1ab. A rook on 1a4 runs down file a into file d of section 4";
    check_picture("tip.svg", &draw(&places, &tint_moved(&moved, reach_marks("1a4", "R", &rook, caption))));
}

#[test]
fn after_aim_the_pair_3_4_lies_turned_along_section_2() {
    let (places, g, moved) = changed(Die::Aim, "aim 34 3da=2da");
    assert_eq!(moved, [2, 3]);
    assert_eq!(names(g.neighbours(named("2a2"))), cells("2b2 2a1 2a3 3a3"), "file a of 2 beside file a of 3, reversed");
    assert_eq!(names(g.neighbours(named("3b4"))), cells("3a4 3c4 3b3 4c4"), "3 and 4 still joined as before");
    let bishop = reach(&g, Role::Bishop, "2b3");
    // Towards 2a2, then on across the seam with 3 (2a2|3a3 beside 2a1|3a4) into 3a4 and across
    // 3's seam with 4 into 4c4, 4b3, 4a2.
    assert_eq!(names(bishop.clone()), cells("2a2 3a4 4c4 4b3 4a2 2a4 2c2 2d1 2c4"));
    let caption = "AIM: aim 34 3da=2da. Sections 3 and 4 turn as one; a bishop on 2b3 crosses into 3";
    check_picture("aim.svg", &draw(&places, &tint_moved(&moved, reach_marks("2b3", "B", &bishop, caption))));
}

#[test]
fn after_dig_section_1_closes_a_junction_of_three_wide_corners() {
    let (places, g, moved) = changed(Die::Dig, "dig 1da=2ab");
    assert_eq!(g.corner(named("1a1"), Step { files: -1, ranks: -1 }), Corner::Junction { cells: 3 });
    let bishop = reach(&g, Role::Bishop, "1c3");
    assert_eq!(names(bishop.clone()), cells("1a1 1b2 1d2 1b4 1d4"), "the bishop stops on 1a1");
    let mut marks = tint_moved(
        &moved,
        reach_marks("1c3", "B", &bishop, "DIG: dig 1da=2ab. Section 1 now joins 2 and 3: their wide corners meet"),
    );
    marks.dots.push((places[0].apply(section::corners()[0]), "3 corners".into()));
    check_picture("dig.svg", &draw(&places, &marks));
}

#[test]
fn after_swap_3_4_a_rook_on_section_4_sees_along_sections_2_and_1() {
    let (places, g, moved) = changed(Die::Swap, "swap 3 4");
    let rook = reach(&g, Role::Rook, "4a1");
    assert!(rook.contains(&named("1a1")), "down file a of section 1: {:?}", names(rook.clone()));
    let (_, track) = board(TRACK);
    assert!(!reach(&track, Role::Rook, "4a1").contains(&named("1a1")), "on the track it could not");
    let mut marks = tint_moved(
        &moved,
        reach_marks("4a1", "r", &rook, "SWAP: swap 3 4. A rook on 4a1 would now reach a king on 1a1"),
    );
    marks.letters.insert(named("1a1"), ("K".into(), "#1f4e79"));
    check_picture("swap.svg", &draw(&places, &marks));
}

#[test]
fn after_wild_section_4_lies_along_section_2s_long_edge() {
    let (places, g, moved) = changed(Die::Wild, "wild 4cd=2cd");
    assert_eq!(names(g.neighbours(named("2d4"))), cells("2c4 2d3 1d4 4a4"));
    let queen = reach(&g, Role::Queen, "2b3");
    assert!(queen.contains(&named("4c4")), "2b4's neighbour across the new seam, up file b");
    let caption = "WILD: wild 4cd=2cd. Section 4 along 2's long edge CD; a queen on 2b3";
    check_picture("wild.svg", &draw(&places, &tint_moved(&moved, reach_marks("2b3", "Q", &queen, caption))));
}
