import { describe, expect, it } from "vitest";
import type { BoardView, CellView } from "../../api";
import type { ChoiceView, SectionView } from "../../generated/whack";
import {
  groupChanges,
  type Point,
  along,
  boardBetween,
  checkSaid,
  chooseTurn,
  dieWords,
  extent,
  fitScale,
  fitter,
  isBoardChange,
  motionBetween,
  motions,
  movedBy,
  pieceSaid,
  piecesCentre,
  pipsOf,
  preview,
  rollOutcome,
  sectionOf,
  sectionPoints,
  turn,
} from "./whack";

// A track the referee laid (3, 1, 2, 4 end to end along long edges), as its view gives the
// sections: corners A (wide), B, C (narrow), D in board units.
const TRACK: SectionView[] = [
  {
    number: 1,
    corners: [
      [0, 0],
      [4, 0],
      [4, 6.928],
      [-2, 3.464],
    ],
  },
  {
    number: 2,
    corners: [
      [4, 0],
      [0, 0],
      [0, -6.928],
      [6, -3.464],
    ],
  },
  {
    number: 3,
    corners: [
      [8, 6.928],
      [4, 6.928],
      [4, 0],
      [10, 3.464],
    ],
  },
  {
    number: 4,
    corners: [
      [-4, -6.928],
      [0, -6.928],
      [0, 0],
      [-6, -3.464],
    ],
  },
];
/** `swap 1 2` on it: 1 and 2 exchange places, wide corner where wide corner was. */
const SWAP_1_2: ChoiceView = {
  action: "swap 1 2",
  said: "sections 1 and 2 swap places",
  moved: [1, 2],
  sections: [{ number: 1, corners: TRACK[1].corners }, { number: 2, corners: TRACK[0].corners }, TRACK[2], TRACK[3]],
};

const close = (a: Point, b: Point) => {
  expect(a[0]).toBeCloseTo(b[0], 6);
  expect(a[1]).toBeCloseTo(b[1], 6);
};

/** A cell as the referee sends it, with a square polygon at (x, y). */
const cell = (id: string, x: number, y: number, more: Partial<CellView> = {}): CellView => ({
  id,
  at: [0, 0],
  dark: false,
  selectable: false,
  polygon: [
    [x, y],
    [x + 1, y],
    [x + 1, y + 1],
    [x, y + 1],
  ],
  ...more,
});

describe("Whack's words", () => {
  it("says the die with its number, name and meaning", () => {
    expect(dieWords({ number: 3, name: "DIG", meaning: "move any section to where it connects by two or more edges" })).toBe(
      "3 — DIG: move any section to where it connects by two or more edges",
    );
  });

  it("says what a roll did beyond the die's words", () => {
    const hop = { number: 5, name: "HOP", meaning: "no change to the board" };
    expect(rollOutcome(hop, "rolled 5: HOP, no change to the board; the board stays")).toBe("the board stays");
    const tip = { number: 1, name: "TIP", meaning: "move a section to where it joins by one edge only" };
    expect(rollOutcome(tip, "rolled 1: TIP, move a section to where it joins by one edge only")).toBe("");
    expect(rollOutcome(tip, "something else")).toBe("");
  });

  it("counts a piece's pips from its pyramids and says it as Fire's or Ice's", () => {
    expect(pipsOf({ kind: "king", side: "white", label: "3+1+1" })).toBe(5);
    expect(pipsOf({ kind: "knight", side: "black", label: "2" })).toBe(2);
    expect(pipsOf({ kind: "queen", side: "black" })).toBe(6);
    expect(pieceSaid({ kind: "king", side: "white", label: "3+1+1" })).toBe("Fire king, 5 pips: 3+1+1");
    expect(pieceSaid({ kind: "pawn", side: "black", label: "1" })).toBe("Ice pawn, 1 pip");
  });

  it("finds the sections an action moved or laid", () => {
    expect(sectionOf("3b1")).toBe(3);
    expect(movedBy("place 2da=1ab")).toEqual([2]);
    expect(movedBy("tip 4ab=1ab")).toEqual([4]);
    expect(movedBy("dig 1da=2ab")).toEqual([1]);
    expect(movedBy("wild 4cd=2cd")).toEqual([4]);
    expect(movedBy("aim 34 3da=1ab")).toEqual([3, 4]);
    expect(movedBy("swap 1 3")).toEqual([1, 3]);
    expect(movedBy("1b1-1b3")).toEqual([]);
    expect(movedBy("roll")).toEqual([]);
    expect(isBoardChange("swap 1 3")).toBe(true);
    expect(isBoardChange("place 2da=1ab")).toBe(false);
    expect(isBoardChange("1b1-1b3")).toBe(false);
    expect(isBoardChange(undefined)).toBe(false);
  });

  it("says which king is in check, the viewer's own as theirs", () => {
    const board: BoardView = { shape: { kind: "polygons" }, cells: [cell("1c2", 0, 0, { piece: { kind: "king", side: "white", label: "3+1+1" } })] };
    expect(checkSaid(board, ["1c2"], "white")).toEqual(["Your king on 1c2 is in check."]);
    expect(checkSaid(board, ["1c2"], "black")).toEqual(["Fire's king on 1c2 is in check."]);
    expect(checkSaid(board, [], "black")).toEqual([]);
  });
});

describe("the board turned to fit the phone", () => {
  const long: Point[] = [
    [0, 0],
    [28, 0],
    [28, 4],
    [0, 4],
  ];
  const box = { width: 370, height: 560 };

  it("measures how large the board can be drawn at each turn", () => {
    close(turn([1, 0], 90), [0, 1]);
    expect(extent(long)).toEqual({ width: 28, height: 4, minX: 0, minY: 0 });
    expect(fitScale(long, 0, box)).toBeCloseTo(370 / 28);
    expect(fitScale(long, 90, box)).toBeCloseTo(560 / 28);
  });

  it("stands a long track upright, with the viewer's pieces at the bottom", () => {
    // Fire's pieces at the left end (x = 2): turned a quarter clockwise they come to the bottom.
    expect(chooseTurn(long, box, [2, 2], null)).toBe(90);
    expect(chooseTurn(long, box, [26, 2], null)).toBe(270);
    // No pieces yet: the largest, here slanted a sixth of a turn (the box is not that tall).
    expect(chooseTurn(long, box, null, null)).toBe(60);
  });

  it("keeps the turn it had while the board still fits nearly as well and the viewer's pieces stay low", () => {
    const square: Point[] = [
      [0, 0],
      [10, 0],
      [10, 10],
      [0, 10],
    ];
    expect(chooseTurn(square, box, [5, 1], 0)).toBe(0);
    // The pieces came to the top: turned half round.
    expect(chooseTurn(square, box, [5, 9], 0)).toBe(180);
    // A long track no longer fits lying down.
    expect(chooseTurn(long, box, [2, 2], 0)).toBe(90);
  });

  it("finds where the viewer's pieces are", () => {
    const board: BoardView = {
      shape: { kind: "polygons" },
      cells: [
        cell("1a1", 0, 0, { piece: { kind: "pawn", side: "white" } }),
        cell("1b1", 2, 0, { piece: { kind: "pawn", side: "white" } }),
        cell("4a1", 9, 9, { piece: { kind: "pawn", side: "black" } }),
      ],
    };
    close(piecesCentre(board, "white")!, [1.5, 0.5]);
    expect(piecesCentre({ shape: { kind: "polygons" }, cells: [] }, "black")).toBeNull();
  });
});

describe("sections moving from one arrangement to another", () => {
  it("turns a swapped section half round about its centre onto the other's place", () => {
    const m = motionBetween(TRACK[0].corners as Point[], TRACK[1].corners as Point[]);
    expect(Math.abs(m.angle)).toBeCloseTo(180);
    (TRACK[0].corners as Point[]).forEach((p, i) => close(along(m, p, 1), TRACK[1].corners[i] as Point));
    (TRACK[0].corners as Point[]).forEach((p) => close(along(m, p, 0), p));
  });

  it("moves only the sections that lie elsewhere", () => {
    expect([...motions(TRACK, SWAP_1_2.sections).keys()]).toEqual([1, 2]);
    expect(motions(TRACK, TRACK).size).toBe(0);
  });

  it("draws the cells of a moving section part way, from where they lay to where they go", () => {
    const m = motions(TRACK, SWAP_1_2.sections);
    const before: BoardView = { shape: { kind: "polygons" }, cells: [cell("1a1", 0, 0), cell("3a1", 6, 4)] };
    const after: BoardView = {
      shape: { kind: "polygons" },
      cells: [
        { ...cell("1a1", 0, 0), polygon: before.cells[0].polygon!.map((p) => along(m.get(1)!, p as Point, 1)) },
        cell("3a1", 6, 4, { piece: { kind: "pawn", side: "white" } }),
      ],
    };
    expect(boardBetween(before, after, m, 0).cells[0].polygon).toEqual(before.cells[0].polygon);
    boardBetween(before, after, m, 1).cells[0].polygon!.forEach((p, i) => close(p as Point, after.cells[0].polygon![i] as Point));
    // Unmoved sections' cells, with their pieces, are the new board's.
    expect(boardBetween(before, after, m, 0.5).cells[1]).toBe(after.cells[1]);
  });
});

describe("a choice drawn small", () => {
  it("draws every section after it, the moved ones marked and where they lie now, and the pieces riding along", () => {
    const board: BoardView = {
      shape: { kind: "polygons" },
      cells: [cell("1a1", 0, 0, { piece: { kind: "king", side: "white" } }), cell("3a1", 6, 4, { piece: { kind: "pawn", side: "black" } })],
    };
    const p = preview(SWAP_1_2, TRACK, board, 0);
    expect(p.sections.map((s) => [s.number, s.moved])).toEqual([
      [1, true],
      [2, true],
      [3, false],
      [4, false],
    ]);
    expect(p.ghosts).toEqual([TRACK[0].corners, TRACK[1].corners]);
    // The king on section 1 rides with it, half round: from (0.5, 0.5) to (3.5, -0.5).
    close(p.dots[0].at, [3.5, -0.5]);
    expect(p.dots[0]).toMatchObject({ side: "white", king: true });
    close(p.dots[1].at, [6.5, 4.5]);
  });

  it("fits any points into a square thumbnail with y downwards", () => {
    const f = fitter(sectionPoints(TRACK), 100, 4);
    const all = sectionPoints(TRACK).map(f.at);
    expect(Math.min(...all.map((p) => p[0]))).toBeCloseTo(4);
    expect(Math.max(...all.map((p) => p[0]), ...all.map((p) => p[1]))).toBeCloseTo(96);
    close(f.at([-6, 6.928]), [4, 4]);
  });
});

describe("many pictures grouped by the kind of change (issue 31, item 9)", () => {
  it("groups WILD's changes by the section that moves, AIM's by the pair that turns", () => {
    const choices = ["wild 4cd=2cd", "wild 1ab=3cd", "wild 4da=1ab", "aim 34 3da=2da", "swap 1 3"].map((action) => ({ action }));
    expect(groupChanges(choices).map(([kind, list]) => [kind, list.length])).toEqual([
      ["Section 4 moves", 2],
      ["Section 1 moves", 1],
      ["Sections 3 and 4 turn", 1],
      ["Two sections swap", 1],
    ]);
  });
});
