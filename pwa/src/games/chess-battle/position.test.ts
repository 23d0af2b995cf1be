import { describe, expect, it } from "vitest";
import { BATTLE_EXAMPLE } from "./Editor";
import { battleBoard, cellName, cellNumber, emptyCell, placeSeat, readBattle, toggleZone, withOut, withPick, withPlayers, withVariation, writeBattle } from "./position";

const example = () => {
  const s = readBattle(BATTLE_EXAMPLE);
  if (!s) throw new Error("the example reads");
  return s;
};

describe("Chess Battle positions in the app", () => {
  it("names cells as the referee does, rank × size + file from 0", () => {
    expect(cellName(8, 18)).toBe("c3");
    expect(cellNumber(8, "c3")).toBe(18);
    expect(cellNumber(10, "j10")).toBe(99);
    expect(cellNumber(8, "i1")).toBeNull();
  });

  it("draws each piece with its seat's number and the danger zones", () => {
    const board = battleBoard(example());
    expect(board.shape).toEqual({ kind: "grid", files: 8, ranks: 8 });
    expect(board.cells.find((c) => c.id === "f3")?.piece).toEqual({ kind: "rook", side: "black", label: "2" });
    expect(board.cells.find((c) => c.id === "a1")?.markers).toEqual(["danger-yellow"]);
    expect(readBattle("{not json")).toBeNull();
  });

  it("moves a seat's piece, takes it off with a second tap, and tints and empties cells", () => {
    const s = example();
    const moved = placeSeat(s, 0, 27);
    expect(moved.fighters[0].cell).toBe(27);
    expect(placeSeat(moved, 0, 27).fighters[0].cell).toBeNull();
    expect(placeSeat(s, 0, 21).fighters.map((f) => f.cell)).toEqual([21, null, 42, 45]);
    const red = toggleZone(s, 0, "red");
    expect([red.yellow.includes(0), red.red]).toEqual([false, [0]]);
    expect(toggleZone(red, 0, "red").red).toEqual([]);
    expect(emptyCell(s, 18).fighters[0].cell).toBeNull();
  });

  it("keeps cells by name when more players make the board larger, and gives the variations' tokens", () => {
    const nine = withPlayers(example(), 9);
    expect(nine.fighters).toHaveLength(9);
    expect(cellName(10, nine.fighters[0].cell!)).toBe("c3");
    expect(nine.yellow).toContain(cellNumber(10, "h8"));
    expect(withPlayers(nine, 4).fighters.map((f) => f.cell)).toEqual([18, 21, 42, 45]);
    const medals = withVariation(example(), "medals", true);
    expect([medals.options.medals, medals.fighters[0].medals_left]).toEqual([true, 2]);
    expect(withPick(example(), 1, "").fighters[1]).toMatchObject({ piece: null, cell: null });
    expect(withOut(example(), 2, true).fighters[2]).toMatchObject({ cell: null, eliminated: "out before this position" });
    expect(readBattle(writeBattle(example()))).toEqual(example());
  });
});
