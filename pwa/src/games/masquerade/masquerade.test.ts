import { describe, expect, it } from "vitest";
import { EMPTY, assignAction, complete, deduced, nextMark, parseAssign, pick, randomAssignment } from "./masquerade";

describe("the secret table of capture moves", () => {
  it("takes one pick per row and per column, and fills the last row by itself", () => {
    let a = pick(EMPTY, 0, "Q");
    expect(a).toEqual(["Q", null, null, null, null]);
    a = pick(a, 1, "Q");
    expect(a).toEqual([null, "Q", null, null, null]);
    a = pick(pick(a, 0, "K"), 2, "B");
    expect(complete(a)).toBe(false);
    a = pick(a, 3, "N");
    expect(a).toEqual(["K", "Q", "B", "N", "R"]);
    expect(complete(a)).toBe(true);
    expect(assignAction(a)).toBe("assign KK,QQ,RB,BN,NR");
  });

  it("swaps two rows when a full table takes a column another row had", () => {
    const full = parseAssign("assign KQ,QN,RB,BK,NR");
    expect(pick(full, 2, "Q")).toEqual(["B", "N", "Q", "K", "R"]);
  });

  it("clears a pick tapped again, even in a full table", () => {
    expect(pick(["Q", null, null, null, null], 0, "Q")).toEqual(EMPTY);
    expect(pick(["K", "Q", "B", "N", "R"], 1, "Q")).toEqual(["K", null, "B", "N", "R"]);
  });

  it("reads a table back from its action, and nothing from anything else", () => {
    expect(parseAssign("assign KQ,QN,RB,BK,NR")).toEqual(["Q", "N", "B", "K", "R"]);
    expect(parseAssign("assign K=Q Q=N R=B B=K N=R")).toEqual(["Q", "N", "B", "K", "R"]);
    expect(parseAssign(undefined)).toEqual(EMPTY);
    expect(parseAssign("e2e4")).toEqual(EMPTY);
  });

  it("draws a full table", () => {
    expect(complete(randomAssignment())).toBe(true);
    expect(randomAssignment(() => 0)).toEqual(["K", "Q", "R", "B", "N"]);
  });
});

describe("the knowledge table", () => {
  it("marks X where the referee ruled a capture move out and O where it is the only one left", () => {
    const all = ["king", "queen", "rook", "bishop", "knight"];
    const t = deduced([
      { piece: "king", possible: all },
      { piece: "knight", possible: ["queen", "rook"] },
      { piece: "rook", possible: ["bishop"] },
    ]);
    expect(t.K).toEqual({ K: "", Q: "", R: "", B: "", N: "" });
    expect(t.N).toEqual({ K: "X", Q: "", R: "", B: "X", N: "X" });
    expect(t.R).toEqual({ K: "X", Q: "X", R: "X", B: "O", N: "X" });
    // A piece the deductions do not list is open.
    expect(t.Q.Q).toBe("");
  });

  it("cycles the player's own marks", () => {
    expect([nextMark(""), nextMark("X"), nextMark("O")]).toEqual(["X", "O", ""]);
  });
});
