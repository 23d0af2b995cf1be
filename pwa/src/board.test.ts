import { describe, expect, it } from "vitest";
import type { BoardView, CellView } from "./api";
import { type PlacedCell, cellWords, centroid, layoutBoard, pieceBadge, pieceSymbol, pieceWords, stackTone, stackWords } from "./board";
import { parsePlacement, placementBoard } from "./fen";

/** A board cell as the referee sends it: empty and light unless told otherwise. */
const cell = (id: string, at: [number, number], more: Partial<CellView> = {}): CellView => ({ id, at, dark: false, selectable: false, ...more });

/** A grid of `files` × `ranks` named a1, b1, ... */
function grid(files: number, ranks: number): BoardView {
  const cells: CellView[] = [];
  for (let r = 0; r < ranks; r++) for (let f = 0; f < files; f++) cells.push(cell(String.fromCharCode(97 + f) + (r + 1), [f, r], { dark: (f + r) % 2 === 0 }));
  return { shape: { kind: "grid", files, ranks }, cells };
}

const find = (rows: PlacedCell[][], id: string) => rows.flat().find((p) => p.cell.id === id)!;
const rowIds = (rows: PlacedCell[][]) => rows.map((row) => row.map((p) => p.cell.id).join(" "));

describe("a grid board from data", () => {
  it("puts a1 bottom-left and h8 top-right for White, and turns half round for Black", () => {
    const board = placementBoard(parsePlacement("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"));
    const white = layoutBoard(board);
    expect([white.width, white.height]).toEqual([800, 800]);
    expect(find(white.rows, "a1").shape).toEqual({ kind: "rect", x: 0, y: 700, size: 100 });
    expect(find(white.rows, "h8").shape).toEqual({ kind: "rect", x: 700, y: 0, size: 100 });
    expect(find(white.rows, "e4").centre).toEqual([450, 450]);
    const black = layoutBoard(board, true);
    expect(find(black.rows, "a1").shape).toEqual({ kind: "rect", x: 700, y: 0, size: 100 });
    expect(rowIds(black.rows)[0]).toBe("h1 g1 f1 e1 d1 c1 b1 a1");
  });

  it("lays out any size, row by row from the top as the viewer reads it, with coordinates on the edges", () => {
    const layout = layoutBoard(grid(3, 2));
    expect([layout.width, layout.height]).toEqual([300, 200]);
    expect(rowIds(layout.rows)).toEqual(["a2 b2 c2", "a1 b1 c1"]);
    expect(layout.coords.filter((c) => c.kind === "rank").map((c) => [c.text, c.y])).toEqual([
      ["1", 122],
      ["2", 22],
    ]);
    expect(layout.coords.filter((c) => c.kind === "file").map((c) => c.text)).toEqual(["a", "b", "c"]);
    expect(
      layoutBoard(grid(12, 12))
        .coords.filter((c) => c.kind === "rank")
        .map((c) => c.text),
    ).toContain("12");
  });

  it("draws no coordinates for cells not named by file and rank", () => {
    const board: BoardView = { shape: { kind: "grid", files: 2, ranks: 1 }, cells: [cell("left", [0, 0]), cell("right", [1, 0])] };
    expect(layoutBoard(board).coords).toEqual([]);
  });
});

describe("a polygon board from data", () => {
  // Two triangles making a 2×1 rectangle in board units (y up), and a cell with no polygon.
  const board: BoardView = {
    shape: { kind: "polygons" },
    cells: [
      cell("low", [0, 0], {
        polygon: [
          [0, 0],
          [2, 0],
          [0, 1],
        ],
      }),
      cell("high", [1, 1], {
        polygon: [
          [2, 0],
          [2, 1],
          [0, 1],
        ],
        piece: { kind: "pyramid", side: "red", label: "3" },
      }),
    ],
  };

  it("scales the longer side to the viewBox and turns y downwards", () => {
    const layout = layoutBoard(board);
    expect([layout.width, layout.height]).toEqual([800, 400]);
    const low = find(layout.rows, "low");
    expect(low.shape).toEqual({ kind: "polygon", points: "0,400 800,400 0,0" });
    expect(low.centre.map(Math.round)).toEqual([267, 267]);
    // The side of the square with the triangle's area (800 × 400 / 2).
    expect(Math.round(low.size)).toBe(400);
    expect(layout.outlines).toEqual([]);
  });

  it("turns half round for the other side", () => {
    const layout = layoutBoard(board, true);
    expect(find(layout.rows, "low").shape).toEqual({ kind: "polygon", points: "800,0 0,0 800,400" });
  });

  it("reads its rows in the referee's order, a row for each run of cells of one rank (each section's ranks in turn)", () => {
    const square = (x: number, y: number): [number, number][] => [
      [x, y],
      [x + 1, y],
      [x + 1, y + 1],
      [x, y + 1],
    ];
    const sections: BoardView = {
      shape: { kind: "polygons" },
      cells: [
        cell("1a1", [0, 0], { polygon: square(0, 0) }),
        cell("1b1", [1, 0], { polygon: square(1, 0) }),
        cell("1a2", [0, 1], { polygon: square(0, 1) }),
        cell("2a1", [0, 0], { polygon: square(5, 5) }),
      ],
    };
    const layout = layoutBoard(sections);
    expect(rowIds(layout.rows)).toEqual(["1a1 1b1", "1a2", "2a1"]);
    expect(rowIds(layoutBoard(sections, true).rows)).toEqual(["1a1 1b1", "1a2", "2a1"]);
  });

  it("places outlines as it places the cells", () => {
    const layout = layoutBoard(board, false, [
      [
        [0, 0],
        [2, 0],
        [2, 1],
        [0, 1],
      ],
    ]);
    expect(layout.outlines).toEqual(["0,400 800,400 800,0 0,0"]);
    // A label just inside the first corner, an eighth of the way to the centre (400,200).
    expect(layout.outlineLabels).toEqual([[50, 375]]);
    expect(layoutBoard(board, true, [[[0, 0]]]).outlines).toEqual(["800,0"]);
  });

  it("draws a cell without a polygon as the unit square at its place", () => {
    const layout = layoutBoard({ shape: { kind: "polygons" }, cells: [cell("x", [0, 0]), cell("y", [1, 0])] });
    expect([layout.width, layout.height]).toEqual([800, 400]);
    expect(find(layout.rows, "y").shape).toEqual({ kind: "polygon", points: "400,400 800,400 800,0 400,0" });
  });

  it("finds the centre of mass of a polygon, and falls back to the corners' mean when it is flat", () => {
    expect(
      centroid([
        [0, 0],
        [4, 0],
        [4, 2],
        [0, 2],
      ]),
    ).toEqual({ centre: [2, 1], area: 8 });
    expect(
      centroid([
        [0, 0],
        [2, 0],
        [4, 0],
      ]),
    ).toEqual({ centre: [2, 0], area: 0 });
  });
});

describe("what a cell shows and says", () => {
  it("draws chess pieces by kind, others by label or first letter", () => {
    expect(pieceSymbol({ kind: "knight", side: "black" })).toBe("♞");
    expect(pieceSymbol({ kind: "pyramid", side: "red", label: "3" })).toBe("3");
    expect(pieceSymbol({ kind: "wazir", side: "white" })).toBe("W");
    expect(pieceSymbol({ kind: "unknown", side: "black" })).toBe("?");
    expect(pieceWords({ kind: "pyramid", side: "red", label: "3" })).toBe("red pyramid 3");
    expect(pieceWords({ kind: "unknown", side: "black" })).toBe("black piece");
    expect(pieceWords({ kind: "knight", side: "white", label: "3" })).toBe("white knight labelled 3");
    expect(pieceBadge({ kind: "knight", side: "white", label: "3" })).toBe("3");
    expect(pieceBadge({ kind: "pyramid", side: "red", label: "3" })).toBeNull();
    expect(pieceBadge({ kind: "knight", side: "white" })).toBeNull();
    const king = cell("1c2", [2, 1], { piece: { kind: "king", side: "white", label: "3+1+1" }, markers: ["check"] });
    expect(cellWords(king)).toBe("1c2, white king labelled 3+1+1, in check");
    expect(cellWords(king, (p) => `Fire ${p.kind}`)).toBe("1c2, Fire king, in check");
  });

  it("says Booster stacks by whose checkers they are and what they do", () => {
    const c3 = cell("c3", [2, 2], { piece: { kind: "knight", side: "white" }, stacks: [{ kind: "checker", count: 2, colour: "white", effect: "boosted" }] });
    expect(cellWords(c3)).toBe("c3, white knight, on 2 checkers (White's), boosted");
    expect(stackTone(c3.stacks![0])).toBe("light");
    expect(stackWords({ kind: "checker", count: 1, colour: "white", effect: "hobbled" })).toBe("on 1 checker (White's), hobbled");
  });

  it("says Adrenaline's colourless stacks plainly and draws them neutral", () => {
    const stack = { kind: "checker", count: 1 };
    expect(cellWords(cell("h7", [7, 6], { piece: { kind: "pawn", side: "black" }, stacks: [stack] }))).toBe("h7, black pawn, on 1 checker");
    expect(stackTone(stack)).toBe("neutral");
  });

  it("says Half Alice pieces on checkers are through the mirror, and any other marker by its name", () => {
    const e5 = cell("e5", [4, 4], { piece: { kind: "pawn", side: "black" }, stacks: [{ kind: "checker", count: 1, colour: "black" }], markers: ["mirror"] });
    expect(cellWords(e5)).toBe("e5, black pawn, on 1 checker (Black's), through the mirror");
    expect(stackTone(e5.stacks![0])).toBe("dark");
    expect(cellWords(cell("e1", [4, 0], { markers: ["check", "frozen", "sleepy"] }))).toBe("e1, in check, frozen this round, sleepy");
    expect(cellWords(cell("b2", [1, 1], { markers: ["half", "buried"] }))).toBe("b2, on your half, you buried a piece under it");
    expect(cellWords(cell("d4", [3, 3]))).toBe("d4");
  });

  it("reads an 8×8 placement as board data, with a1 dark", () => {
    const board = placementBoard({ e1: "K", d8: "q" });
    expect(board.cells).toHaveLength(64);
    expect(board.cells[0]).toEqual({ id: "a1", at: [0, 0], dark: true, piece: undefined, selectable: false });
    expect(board.cells.find((c) => c.id === "d8")?.piece).toEqual({ kind: "queen", side: "black" });
  });
});
