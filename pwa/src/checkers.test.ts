import { describe, expect, it } from "vitest";
import { turns } from "./checkers";

describe("checker-stack games", () => {
  it("puts the parts of a turn on one line", () => {
    const played = [
      { seat: 0, said: "e4xd5" },
      { seat: 0, said: "a checker under the pawn on h7" },
      { seat: 1, said: "Qd8xd5" },
    ];
    expect(turns(played)).toEqual(["e4xd5, a checker under the pawn on h7", "Qd8xd5"]);
    // Moves of alternate seats stay one a line.
    expect(turns([{ seat: 0, said: "e2-e4" }, { seat: 1, said: "e7-e5" }])).toEqual(["e2-e4", "e7-e5"]);
  });
});

describe("cards as Appendix A reads them", () => {
  it("maps ranks and suits to pieces and checkers", async () => {
    const { cardPiece } = await import("./cards");
    expect(cardPiece("3D")).toBe("P");
    expect(cardPiece("10S")).toBe("r");
    expect(cardPiece("QH")).toBe("Q");
    expect(cardPiece("KS")).toBe("k");
    expect(cardPiece("6C")).toBe("checker");
    expect(cardPiece("JH")).toBeNull();
  });
});
