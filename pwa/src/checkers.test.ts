import { describe, expect, it } from "vitest";
import type { CellView } from "./api";
import { boardMarks, turns } from "./checkers";

/** A board cell as the referee sends it, with a white pawn unless told otherwise. */
const cell = (id: string, more: Partial<CellView> = {}): CellView => ({ id, at: [0, 0], dark: false, piece: { kind: "pawn", side: "white" }, selectable: false, ...more });

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

  it("marks Booster stacks by whose checkers they are and what they do", () => {
    const board = {
      cells: [
        cell("c3", { stacks: [{ kind: "checker", count: 2, colour: "white", effect: "boosted" }] }),
        cell("e7", { stacks: [{ kind: "checker", count: 1, colour: "white", effect: "hobbled" }] }),
        cell("e4"),
      ],
    };
    const marks = boardMarks(board);
    expect(marks.c3).toEqual({ checkers: { count: 2, tone: "light" }, badge: "2", label: "on 2 checkers (White's), boosted" });
    expect(marks.e7.label).toBe("on 1 checker (White's), hobbled");
    expect(marks.e4).toBeUndefined();
  });

  it("marks Adrenaline's colourless stacks as neutral", () => {
    const marks = boardMarks({ cells: [cell("h7", { stacks: [{ kind: "checker", count: 1 }] })] });
    expect(marks.h7).toEqual({ checkers: { count: 1, tone: "neutral" }, badge: "1", label: "on 1 checker" });
  });

  it("marks Half Alice pieces on checkers as through the mirror, in their owner's colour", () => {
    const mirrored = (id: string, colour: string) => cell(id, { markers: ["mirror"], stacks: [{ kind: "checker", count: 1, colour }] });
    const marks = boardMarks({ cells: [mirrored("e4", "white"), mirrored("e5", "black"), cell("d4")] });
    expect(marks.e4.checkers?.tone).toBe("light");
    expect(marks.e5.checkers?.tone).toBe("dark");
    expect(marks.e5.tint).toBe("mirror");
    expect(marks.e5.label).toBe("on a checker: through the mirror");
    expect(marks.d4).toBeUndefined();
    expect(boardMarks(null)).toEqual({});
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
