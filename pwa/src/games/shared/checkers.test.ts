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
    const { cardPiece } = await import("../../cards");
    expect(cardPiece("3D")).toBe("P");
    expect(cardPiece("10S")).toBe("r");
    expect(cardPiece("QH")).toBe("Q");
    expect(cardPiece("KS")).toBe("k");
    expect(cardPiece("6C")).toBe("checker");
    expect(cardPiece("JH")).toBeNull();
  });
});

import { withFaces } from "../../cards";
describe("card codes in sentences", () => {
  it("are written as faces, moves left alone", () => {
    expect(withFaces("Seat 2 discarded 8H, then played 10S and QD")).toBe("Seat 2 discarded 8♥, then played 10♠ and Q♦");
    expect(withFaces("Qd8xd5 Ke8-d7 e4")).toBe("Qd8xd5 Ke8-d7 e4");
  });
});

import { fullMoves } from "./checkers";
describe("full moves", () => {
  it("pairs White's turn with Black's", () => {
    const played = [
      { seat: 0, said: "e2-e4" },
      { seat: 0, said: "8H under e4" },
      { seat: 1, said: "e7-e5" },
      { seat: 0, said: "d2-d4" },
    ];
    expect(fullMoves(played)).toEqual([["e2-e4, 8H under e4", "e7-e5"], ["d2-d4"]]);
    expect(fullMoves([{ seat: 1, said: "e7-e5" }])).toEqual([[null, "e7-e5"]]);
  });
});
