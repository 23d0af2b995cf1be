import { describe, expect, it } from "vitest";
import { parsePlacement, pieceName, placementToFen, sideToMove } from "./fen";

describe("FEN placement", () => {
  it("reads and writes the start position", () => {
    const start = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
    const p = parsePlacement(start);
    expect(p.e1).toBe("K");
    expect(p.d8).toBe("q");
    expect(p.e4).toBeUndefined();
    expect(placementToFen(p)).toBe(start.split(" ")[0]);
    expect(pieceName("n")).toBe("black knight");
    expect(sideToMove(start)).toBe("w");
  });
});
