//! Whack Chess geometry, checked against pictures a reader can look at: every test draws its
//! board into `docs/games/whack/` (from the engine's own coordinates) and states what the
//! picture shows. Arrangements are written as joins (`2bc=1cd`: section 2's edge BC along
//! section 1's edge CD); cells as section, file, rank (`1a1` is in section 1's wide corner A).

mod whack_svg;

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

#[test]
fn a_knights_two_then_one_and_one_then_two_may_land_on_different_cells() {
    let (places, g) = board(TRIANGLE);
    let mut landed = Vec::new();
    g.leap(named("1a1"), Step { files: -1, ranks: -2 }, &mut landed);
    assert_eq!(names(landed), cells("2a2 3a2"), "two back then one left: 2a2; one left then two back: 3a2");
    let knight = reach(&g, Role::Knight, "1a1");
    assert_eq!(names(knight.clone()), cells("1b3 1c2 2a2 2b1 2b2 2c1 3a2 3a3 3b1 3b2"));
    // On the track no corner is a junction, and both ways always agree.
    let (_, track) = board(TRACK);
    for cell in 0..track.cell_count() as Cell {
        for step in rules::geometry::grid::KNIGHT_STEPS {
            let mut out = Vec::new();
            track.leap(cell, step, &mut out);
            out.dedup();
            assert!(out.len() <= 1, "{} {step:?}: {out:?}", name(cell));
        }
    }
    let mut marks = reach_marks(
        "1a1",
        "N",
        &knight,
        "A knight on 1a1: two back, one left (red) ends on 2a2; one left, two back (blue) on 3a2",
    );
    marks.paths.push((["1a1", "3a1", "3b1", "2a2"].map(named).to_vec(), "#b03a2e"));
    marks.paths.push((["1a1", "2a1", "3a1", "3a2"].map(named).to_vec(), "#1f4e79"));
    check_picture("knight.svg", &draw(&places, &marks));
}

// ---- After each kind of change of the board (from the track) ----

use rules::games::whack::arrangements::{self, Die};

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
