import { describe, expect, it } from "vitest";
import { paintCell, positionBoard, readArrangement, readPosition, writePosition } from "./position";

const START = "1,2bc=1cd,3ab=2da,4cd=3cd PPPP/BRKB/NQRN/PPPP|4/4/4/4|4/4/4/4|pppp/brkb/nqrn/pppp fire move";

/** Points equal to three decimals (the referee's view sends f32s). */
const near = (points: number[][]) => points.map((p) => p.map((x) => Math.round(x * 1000) / 1000 + 0));

describe("Whack positions in the app", () => {
  it("reads and writes a position's fields, stacks and the stage's words", () => {
    const text = "1,2bc=1cd,3ab=2da,4cd=3cd PPPP/BRKB/NQRN/PPPP|4/1N(11)2/4/3k(221)|4/4/4/4|pppp/brkb/nqrn/pppp ice rearrange 3 opening answer-check";
    const p = readPosition(text);
    expect(p).toMatchObject({ side: "ice", stage: "rearrange 3", opening: true, answerCheck: true });
    expect(p.cells?.[1].slice(4, 8)).toEqual(["", "N(11)", "", ""]);
    expect(writePosition(p)).toBe(text);
    expect(writePosition(readPosition(START))).toBe(START);
    expect(writePosition({ ...readPosition(START), stage: "move", opening: true })).toBe(START);
  });

  it("lays the sections as the referee does: a track joined along long edges", () => {
    // The corners of the track in whack.test.ts, as the referee's view gave them.
    const drawn = positionBoard(readPosition("1,2ab=1ab,3bc=1bc,4bc=2bc 4/4/4/4|4/4/4/4|4/4/4/4|4/4/4/4 fire move"));
    if (typeof drawn === "string") throw new Error(drawn);
    expect(drawn.sections.map((s) => near(s.corners))).toEqual([
      near([[0, 0], [4, 0], [4, 6.928], [-2, 3.464]]),
      near([[4, 0], [0, 0], [0, -6.928], [6, -3.464]]),
      near([[8, 6.928], [4, 6.928], [4, 0], [10, 3.464]]),
      near([[-4, -6.928], [0, -6.928], [0, 0], [-6, -3.464]]),
    ]);
    // Cell 1a1 runs from A (0, 0) to (1, 0), as in the referee's test of its view.
    expect(near(drawn.board.cells.find((c) => c.id === "1a1")!.polygon!.slice(0, 2))).toEqual([[0, 0], [1, 0]]);
    expect(drawn.board.cells).toHaveLength(64);
  });

  it("draws pieces with their pyramids and says why an arrangement cannot be laid", () => {
    const drawn = positionBoard(readPosition(START));
    if (typeof drawn === "string") throw new Error(drawn);
    expect(drawn.board.cells.find((c) => c.id === "1c2")?.piece).toEqual({ kind: "king", side: "white", label: "3+1+1" });
    expect(drawn.board.cells.find((c) => c.id === "4a1")?.piece).toEqual({ kind: "pawn", side: "black", label: "1" });
    expect(readArrangement("1,2ab=1cd")).toBe("2ab=1cd: a short edge only joins a short edge");
    expect(readArrangement("2,1ab=2ab")).toMatch(/starts with section 1/);
    expect(readArrangement("1,3ab=2ab,2ab=1ab")).toMatch(/a join is written like|not placed yet/);
  });

  it("puts a piece on a cell, and takes it off with the same piece", () => {
    const p = readPosition(START);
    const queen = paintCell(p, "2b3", "Q");
    expect(writePosition(queen).split(" ")[1]).toBe("PPPP/BRKB/NQRN/PPPP|4/4/1Q2/4|4/4/4/4|pppp/brkb/nqrn/pppp");
    expect(writePosition(paintCell(queen, "2b3", "Q"))).toBe(START);
    expect(writePosition(paintCell(p, "1a1", null)).split(" ")[1]).toBe("1PPP/BRKB/NQRN/PPPP|4/4/4/4|4/4/4/4|pppp/brkb/nqrn/pppp");
  });
});
