import { describe, expect, it } from "vitest";
import { stackMarks, turns } from "./checkers";
import { parsePlacement } from "./fen";

describe("checker-stack games", () => {
  it("puts the parts of a turn on one line", () => {
    const played = [
      { seat: 0, said: "e4xd5" },
      { seat: 0, said: "a checker under the pawn on h7" },
      { seat: 1, said: "Qd8xd5" },
    ];
    expect(turns(played)).toEqual(["e4xd5, a checker under the pawn on h7", "Qd8xd5"]);
    // Half Alice moves carry no seat: one line each.
    expect(turns([{ said: "e2-e4" }, { said: "e7-e5" }])).toEqual(["e2-e4", "e7-e5"]);
  });

  it("marks Booster stacks by whose checkers they are and what they do", () => {
    const view = {
      rules: "booster",
      stacks: [
        { square: "c3", count: 2, color: "white", power: 2 },
        { square: "e7", count: 1, color: "white", power: -1 },
      ],
    };
    const marks = stackMarks(view, {});
    expect(marks.c3).toEqual({ checkers: { count: 2, tone: "light" }, badge: "2", label: "on 2 checkers (White's), boosted" });
    expect(marks.e7.label).toBe("on 1 checker (White's), hobbled");
  });

  it("marks Half Alice pieces on checkers as through the mirror, in their owner's colour", () => {
    const placement = parsePlacement("rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2");
    const marks = stackMarks({ rules: "half-alice", mirrored: ["e4", "e5"] }, placement);
    expect(marks.e4.checkers?.tone).toBe("light");
    expect(marks.e5.checkers?.tone).toBe("dark");
    expect(marks.e5.tint).toBe("mirror");
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
