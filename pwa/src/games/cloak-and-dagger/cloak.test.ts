import { describe, expect, it } from "vitest";
import { EMPTY_ARRANGEMENT, STANDARD, arrangeAction, parseArrange, problem, randomArrangement } from "./cloak";

describe("Cloak and Dagger's arrangement", () => {
  it("accepts the standard set and Chess960 positions", () => {
    expect(problem(STANDARD)).toBeNull();
    expect(problem(parseArrange("arrange NRBKQBRN"))).toBeNull();
    expect(arrangeAction(STANDARD)).toBe("arrange RNBQKBNR");
  });
  it("says what is wrong", () => {
    expect(problem(EMPTY_ARRANGEMENT)).toBe("Choose a piece for every checker.");
    expect(problem(parseArrange("arrange RNBQKBNQ"))).toBe("A set has one queen: you chose 2.");
    expect(problem(parseArrange("arrange KRNBQBNR"))).toBe("The king must stand between the rooks.");
    expect(problem(parseArrange("arrange RNBKQNBR"))).toBe("The bishops must stand on a light and a dark square.");
  });
  it("reads a sealed action back, or nothing", () => {
    expect(parseArrange("arrange RNBQKBNR")).toEqual(STANDARD);
    expect(parseArrange(undefined)).toEqual(EMPTY_ARRANGEMENT);
  });
  it("draws only legal arrangements", () => {
    let seed = 1;
    const random = () => ((seed = (seed * 16807) % 2147483647) / 2147483647);
    for (let i = 0; i < 200; i++) expect(problem(randomArrangement(random))).toBeNull();
  });
});
