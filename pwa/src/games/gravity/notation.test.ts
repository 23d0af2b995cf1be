import { describe, expect, it } from "vitest";
import { GRAVITY_NOTATION } from "./notation";

/** A saved state as `referee adjudicate gravity` prints it after White's c2c1. */
const AFTER_C2C1 =
  '{"board":"8/8/8/8/8/8/5rb1/2Q1nn2","to_move":"white","white_seat":1,"piles":[{"draw":["8S","2C"],"discard":["KS"]},{"draw":["8H"],"discard":[]}],"flipped":"10S","fresh_pawns":["c7"],"done":["c1"],"captured":[2,0],"step":"Add","last_turn":false,"ended":null}';

describe("Gravity's positions on the board editor", () => {
  it("reads the referee's saved state into fields and writes it back the same", () => {
    const fields = GRAVITY_NOTATION.read(AFTER_C2C1);
    expect(fields).toBe("8/8/8/8/8/8/5rb1/2Q1nn2 w - - 0 1 Add 10S c7 c1 2 0 no 8S,2C 8H 1 KS -");
    expect(GRAVITY_NOTATION.write(fields)).toBe(AFTER_C2C1);
  });

  it("reads text that is not a saved state as an empty board, White to move", () => {
    expect(GRAVITY_NOTATION.read("{not json").split(" ").slice(0, 2)).toEqual(["8/8/8/8/8/8/8/8", "w"]);
  });

  it("writes Black's turn, the last turn and an empty flipped card", () => {
    const state = JSON.parse(GRAVITY_NOTATION.write("8/8/8/8/8/8/8/4k3 b - - 0 1 Move - - - 0 0 yes - - 0 - -"));
    expect(state).toMatchObject({ to_move: "black", flipped: null, last_turn: true, piles: [{ draw: [] }, { draw: [] }] });
  });
});
