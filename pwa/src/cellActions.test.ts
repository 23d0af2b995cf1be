import { describe, expect, it } from "vitest";
import { actionsAt, cellsIn, movesBetween, singleCells, soleOrigin, tapCell, targetsFrom } from "./cellActions";
import { SQUARES } from "./fen";

const chess = new Set(SQUARES);

describe("the cells an action mentions", () => {
  it("finds both squares of a move, with or without separators and promotion letters", () => {
    expect(cellsIn("e2e4", chess)).toEqual(["e2", "e4"]);
    expect(cellsIn("e7e8q", chess)).toEqual(["e7", "e8"]);
    expect(cellsIn("move b1 c3", chess)).toEqual(["b1", "c3"]);
    expect(cellsIn("e4xd5", chess)).toEqual(["e4", "d5"]);
  });

  it("finds the one square of a placement or a card played under a piece, and none in words", () => {
    expect(cellsIn("place h7", chess)).toEqual(["h7"]);
    expect(cellsIn("play 3H e4", chess)).toEqual(["e4"]);
    expect(cellsIn("done", chess)).toEqual([]);
    expect(cellsIn("resign", chess)).toEqual([]);
  });

  it("prefers the longest id on big boards", () => {
    const big = new Set(["a1", "a10", "b10", "b1"]);
    expect(cellsIn("a10b10", big)).toEqual(["a10", "b10"]);
    expect(cellsIn("a1b1", big)).toEqual(["a1", "b1"]);
  });

  it("needs the id to stand alone in words", () => {
    const polygons = new Set(["N", "NE", "E"]);
    expect(cellsIn("go N NE", polygons)).toEqual(["N", "NE"]);
    expect(cellsIn("ENTER", polygons)).toEqual([]);
  });
});

describe("what a tap on the board means", () => {
  const legal = ["b1a3", "b1c3", "e2e3", "e2e4", "e7e8q", "e7e8n", "resign", "offer-draw"];

  it("lists the moves from a cell, where they go, and those between two cells", () => {
    expect(targetsFrom(legal, chess, "e2")).toEqual(["e3", "e4"]);
    expect(movesBetween(legal, chess, "e2", "e4")).toEqual(["e2e4"]);
    expect(movesBetween(legal, chess, "e7", "e8")).toEqual(["e7e8q", "e7e8n"]);
    expect(movesBetween(legal, chess, "e4", "e2")).toEqual([]);
  });

  it("selects a cell moves start from, then makes the move to a target", () => {
    expect(tapCell(legal, chess, null, "e2")).toEqual({ kind: "select", cell: "e2", targets: ["e3", "e4"], here: [] });
    expect(tapCell(legal, chess, "e2", "e4")).toEqual({ kind: "act", action: "e2e4" });
    expect(tapCell(legal, chess, "e2", "e2")).toEqual({ kind: "deselect" });
  });

  it("knows the one cell all moves start from (a piece making extra moves), if there is one", () => {
    expect(soleOrigin(["c3b4", "c3d4", "done", "resign"], chess)).toBe("c3");
    expect(soleOrigin(legal, chess)).toBeNull();
    expect(soleOrigin(["place h7"], chess)).toBeNull();
  });

  it("offers a choice where several moves fit (a promotion)", () => {
    expect(tapCell(legal, chess, "e7", "e8")).toEqual({ kind: "choose", actions: ["e7e8q", "e7e8n"] });
  });

  it("switches to another piece, and says so when nothing fits", () => {
    expect(tapCell(legal, chess, "e2", "b1")).toMatchObject({ kind: "select", cell: "b1" });
    expect(tapCell(legal, chess, "e2", "e6")).toEqual({ kind: "none", reason: "No legal action goes from e2 to e6." });
    expect(tapCell(legal, chess, null, "h5")).toEqual({ kind: "none", reason: "There is nothing to do on h5 now." });
  });

  it("does a one-cell action at once, and asks which when several act on the cell", () => {
    const place = ["place h7", "place g8", "resign"];
    expect(tapCell(place, chess, null, "h7")).toEqual({ kind: "act", action: "place h7" });
    expect(singleCells(place, chess)).toEqual(["h7", "g8"]);
    const cards = ["play 3H e4", "play 4S e4", "play 4S d2", "pass"];
    expect(actionsAt(cards, chess, "e4")).toEqual(["play 3H e4", "play 4S e4"]);
    expect(tapCell(cards, chess, null, "e4")).toEqual({ kind: "choose", actions: ["play 3H e4", "play 4S e4"] });
    expect(tapCell(cards, chess, null, "d2")).toEqual({ kind: "act", action: "play 4S d2" });
  });
});
