import { describe, expect, it } from "vitest";
import { GRAVITY_24, STANDARD_52, drawMeanings, shuffled } from "./drawMeanings";
import type { AuditEvent } from "./verify";

const draws = (bounds: number[], values: number[]) => bounds.map((bound, i) => ({ bound, value: values[i] }));
const run = (n: number) => Array.from({ length: n - 1 }, (_, k) => n - k);
const name = (seat: number) => ["White", "Black"][seat];

describe("the decks in their fresh order", () => {
  it("are docs/randomness.md's", () => {
    expect(STANDARD_52.slice(0, 3)).toEqual(["AC", "2C", "3C"]);
    expect(STANDARD_52[13]).toBe("AD");
    expect(STANDARD_52[51]).toBe("KS");
    expect(GRAVITY_24).toHaveLength(24);
    expect(GRAVITY_24.filter((c) => /[CS]$/.test(c))).toEqual(["2C", "3C", "8C", "9C", "10C", "2S", "3S", "8S", "9S", "10S", "QS", "KS"]);
  });
});

describe("Gravity's piles, from a game the referee played", () => {
  // Event 0 of a game played through the gateway: the hidden pawn, then White's pile (the
  // black cards), then Black's (the white ones).
  const setup = draws([2, ...run(12), ...run(12)], [0, 9, 2, 0, 1, 5, 5, 0, 2, 0, 1, 1, 5, 4, 7, 1, 1, 3, 1, 1, 3, 0, 0]);
  const adds: [number, string][] = [
    [0, "adds the Black bishop on b8"],
    [1, "adds the White queen on e8"],
    [0, "adds the Black rook on e8"],
    [1, "adds the White knight on c8"],
    [0, "adds the Black bishop on g8"],
    [1, "adds the White pawn on e8"],
  ];
  const record = (pieces: [number, string][]) => ({
    rules: "gravity",
    events: [
      { seq: 0, type: "start", draws: setup },
      ...pieces.map(([seat, description], i): AuditEvent => ({ seq: i + 1, type: "action", seat, action: "add b", description })),
    ],
  });

  it("shuffles each pile as the referee did", () => {
    expect(shuffled(GRAVITY_24.filter((c) => /[CS]$/.test(c)), setup.slice(1, 12).map((d) => d.value)).slice(0, 3)).toEqual(["9C", "10C", "9S"]);
  });

  it("lists each pile with the pieces its flips add, and checks the pieces the record says were added", () => {
    const lines = drawMeanings(record(adds), name).get(0)!;
    expect(lines[0]).toBe("The hidden pawn: White plays White.");
    expect(lines[1]).toMatch(/^White's pile, flipped one card a turn, top first: 9♣ black bishop, 10♣ black rook, 9♠ black bishop, 3♠ black pawn, Q♠ black queen/);
    expect(lines[2]).toBe("✓ Each of the 3 pieces White's turns added is the next card of this pile; 9 cards of it not added (a full top row, or the game's end).");
    expect(lines[3]).toMatch(/^Black's pile, flipped one card a turn, top first: Q♥ white queen, 8♦ white knight, 2♦ white pawn/);
    expect(lines[4]).toMatch(/^✓ Each of the 3 pieces Black's turns added/);
  });

  it("says so when a piece added is not the pile's next", () => {
    const wrong = adds.map(([seat, d]): [number, string] => [seat, d.replace("Black rook", "Black queen")]);
    const lines = drawMeanings(record(wrong), name).get(0)!;
    // The queen comes later in the pile (a full top row may skip cards): no bishop is left after it.
    expect(lines[2]).toBe("✗ White's turn added a black bishop (its 3rd piece), which is not the next card of its pile.");
  });
});

describe("Blake's Chess's cut, stock and dice", () => {
  const cut = 19; // 7♦
  const values = run(52).map(() => 0);
  const setup: AuditEvent = { seq: 0, type: "start", draws: draws([52, ...run(52)], [cut, ...values]) };
  const stock = shuffled(STANDARD_52, values);

  it("names the cut, lists the stock and checks the cards drawn from it", () => {
    const record = {
      rules: "blakes-chess",
      events: [
        setup,
        { seq: 1, type: "action", seat: 0, action: "draw stock", description: `draws ${stock[0]} from the stock` },
        { seq: 2, type: "action", seat: 1, action: "draw stock", description: `draws ${stock[1]} from the stock` },
        { seq: 3, type: "action", seat: 0, action: "e4xd5", description: "e4xd5: attack 7 (3+2, pawn 0, bonus 2) against defence 10 (4+6, pawn 0)", draws: draws([6, 6, 6, 6], [2, 1, 3, 5]) },
      ],
    };
    const said = drawMeanings(record, name);
    expect(said.get(0)![0]).toBe("The cut: 7♦ — trumps are diamonds.");
    expect(said.get(0)![1]).toMatch(/^The stock as shuffled, top first: /);
    expect(said.get(0)![2]).toBe("✓ The 2 cards drawn from the stock are its top 2, in order.");
    expect(said.get(3)).toEqual(["White attacks: 3 + 2 against 4 + 6 (the attacker's two dice, then the defender's)."]);
    record.events[2].description = `draws ${stock[5]} from the stock`;
    expect(drawMeanings(record, name).get(0)![2]).toMatch(/^✗ Draw 2 from the stock was /);
  });

  it("says nothing more for a game it does not know", () => {
    expect(drawMeanings({ rules: "chess960", events: [setup] }, name).size).toBe(0);
  });
});
