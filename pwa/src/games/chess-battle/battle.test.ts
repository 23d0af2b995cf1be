import { describe, expect, it } from "vitest";
import type { SeatInfo, Turn } from "../../api";
import { glyphOf, isCell, revealedWords, sealedCount, sealedNothing, seatOfOpen, standing } from "./battle";
import type { FighterView } from "../../generated/chess-battle";

const seats: SeatInfo[] = Array.from({ length: 8 }, (_, seat) => ({ seat, side: `Seat ${seat + 1}`, team: seat }));
const names = { seats, names: [null, "Ann", null, null, null, null, null, null] };

describe("Chess Battle in words", () => {
  it("counts the sealed moves of the round, never what they are", () => {
    const turn: Turn = {
      kind: "active",
      turn_of: null,
      sealed: true,
      seats: seats.map(({ seat }) => ({ seat, stage: "move", submitted: seat < 5 })),
      submitted: 5,
    };
    expect(sealedCount({ turn })).toBe("5 of 8 sealed");
  });

  it("says each revealed move and how a piece fell", () => {
    expect(revealedWords(names, { seat: 0, from: "b5", to: "a3", eliminated: null })).toBe("Seat 1: b5→a3");
    expect(revealedWords(names, { seat: 1, from: "c3", to: "c3", eliminated: null })).toBe("Ann stayed on c3");
    expect(revealedWords(names, { seat: 5, from: "e7", to: "e2", eliminated: "taken by Seat 3 on e7 (round 2)" })).toBe("Seat 6: e7→e2 — out: taken by Seat 3 on e7 (round 2)");
  });

  it("says who sealed nothing before the round's deadline, from the record after the round's moves", () => {
    expect(revealedWords(names, { seat: 1, from: "c3", to: "c3", eliminated: null }, true)).toBe("Ann sealed nothing before the deadline and stayed on c3");
    const entry = (seat: number, action: string) => ({ seat, action, said: action === "-" ? `Seat ${seat + 1} sealed nothing before the deadline` : action });
    const closed = [entry(0, "e5"), entry(2, "stay"), entry(1, "-"), entry(3, "-")];
    expect(sealedNothing({ played: closed })).toEqual([1, 3]);
    // Freezes, medals and resignations of the next round pass over it.
    expect(sealedNothing({ played: [...closed, entry(0, "freeze 3"), entry(2, "resign")] })).toEqual([1, 3]);
    // A round closed by the last seal: nobody is late, whatever an earlier round's deadline said.
    expect(sealedNothing({ played: [...closed, entry(0, "d4"), entry(1, "c4"), entry(2, "stay"), entry(3, "a1")] })).toEqual([]);
    // Two rounds in a row closed with nothing sealed: the last one's seats only.
    expect(sealedNothing({ played: [entry(0, "-"), entry(1, "-"), entry(0, "-"), entry(1, "-")] })).toEqual([0, 1]);
    expect(sealedNothing({ played: [entry(0, "white knight"), entry(0, "c3")] })).toEqual([]);
  });

  it("says where each fighter stands, frozen, and its medals when they are on", () => {
    const f: FighterView = { seat: 2, alive: true, cell: "d4", eliminated: null, freeze_left: true, frozen: true, medals_from: [1], medals_left: 1, piece: "black rook" };
    expect(standing(names, f, true)).toBe("black rook, on d4, frozen this round, holds medals of Ann, 1 medal to give");
    expect(standing(names, { ...f, alive: false, eliminated: "caught in the red zone on a1 (round 3)", frozen: false }, false)).toBe("black rook, out: caught in the red zone on a1 (round 3)");
  });

  it("reads seats from open actions, counted from 1, and cells from actions", () => {
    expect(seatOfOpen("freeze 3")).toBe(2);
    expect(seatOfOpen("medal 12")).toBe(11);
    expect(seatOfOpen("stay")).toBeNull();
    expect([isCell("e5"), isCell("k10"), isCell("stay"), isCell("white knight")]).toEqual([true, true, false, false]);
    expect(glyphOf("white knight")).toBe("♞");
    expect(glyphOf(null)).toBe("");
  });
});
