import { describe, expect, it } from "vitest";
import { parsePlacement } from "./fen";
import {
  START_FEN,
  deriveCastling,
  enPassantSquares,
  fieldsOf,
  formatMarks,
  fromPlacementNotation,
  namedField,
  notationOf,
  paint,
  parseMarks,
  placementNotation,
  stackOf,
  withField,
  withNamedField,
} from "./position";

describe("position fields", () => {
  it("fills the missing FEN fields and keeps the game's own", () => {
    expect(fieldsOf("8/8/8/8/8/8/8/8")).toEqual(["8/8/8/8/8/8/8/8", "w", "-", "-", "0", "1"]);
    expect(fieldsOf(`${START_FEN} b1,e5`)[6]).toBe("b1,e5");
    expect(withField(START_FEN, 1, "b")).toBe("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR b KQkq - 0 1");
  });
  it("reads, sets and takes out a field written with its name, in any order after the others", () => {
    const neighbour = fromPlacementNotation("8/8/8/3B4/3NR1rb/8/8/8 add 11 15 h4 groups:sides");
    expect(namedField(fieldsOf(neighbour), 10, "groups")).toBe("sides");
    expect(namedField(fieldsOf(neighbour), 10, "pieces")).toBeUndefined();
    const withPile = withNamedField(neighbour, 10, "pieces", "9H,KS");
    expect(placementNotation(withPile)).toBe("8/8/8/3B4/3NR1rb/8/8/8 add 11 15 h4 groups:sides pieces:9H,KS");
    expect(placementNotation(withNamedField(withPile, 10, "groups", ""))).toBe("8/8/8/3B4/3NR1rb/8/8/8 add 11 15 h4 pieces:9H,KS");
    expect(placementNotation(withNamedField(withPile, 10, "pieces", "QS"))).toBe("8/8/8/3B4/3NR1rb/8/8/8 add 11 15 h4 groups:sides pieces:QS");
  });
  it("writes each game in its notation: FEN as it is, a placement game without FEN's other fields", () => {
    expect(notationOf(undefined).write(START_FEN)).toBe(START_FEN);
    expect(notationOf({ placeholder: "", placement: true }).write(`${START_FEN} Kb`)).toBe("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR Kb");
    expect(notationOf({ placeholder: "", placement: true }).read("8/8/8/8/8/8/8/8 Kb")).toBe("8/8/8/8/8/8/8/8 w - - 0 1 Kb");
  });
});

describe("castling from the pieces", () => {
  it("gives orthodox rights only for a king on e and rooks in the corners", () => {
    expect(deriveCastling(parsePlacement(START_FEN), false)).toBe("KQkq");
    expect(deriveCastling(parsePlacement("r3k3/8/8/8/8/8/8/4K2R"), false)).toBe("Kq");
    expect(deriveCastling(parsePlacement("4k3/8/8/8/8/8/8/5K1R"), false)).toBe("-");
  });
  it("gives Chess960 rights for any rook on the home rank beyond the king", () => {
    expect(deriveCastling(parsePlacement("8/8/8/8/8/8/8/1RK2R2"), true)).toBe("KQ");
  });
});

describe("en passant squares", () => {
  it("lists the square behind a pawn that could just have advanced two, when it can be taken", () => {
    expect(enPassantSquares(parsePlacement("4k3/8/8/3pP3/8/8/8/4K3"), "w")).toEqual(["d6"]);
    expect(enPassantSquares(parsePlacement("4k3/8/8/3p4/8/8/8/4K3"), "w")).toEqual([]);
    expect(enPassantSquares(parsePlacement("4k3/8/8/8/3Pp3/8/8/4K3"), "b")).toEqual(["d3"]);
  });
});

describe("marks on squares", () => {
  it("reads and writes stacks and bare squares", () => {
    expect(parseMarks("c1:3,h5:1")).toEqual({ c1: "3", h5: "1" });
    expect(parseMarks("-")).toEqual({});
    expect(formatMarks({ e5: "", b1: "" })).toBe("b1,e5");
    expect(stackOf("2w")).toEqual({ count: 2, colour: "white" });
  });
  it("paints pieces, checkers and the mirror", () => {
    const empty = "8/8/8/8/8/8/8/8 w - - 0 1 -";
    expect(paint(empty, "e1", { kind: "piece", letter: "K" }, null)).toBe("8/8/8/8/8/8/8/4K3 w - - 0 1 -");
    const once = paint(empty, "c3", { kind: "checker", colour: "w" }, 6);
    expect(paint(once, "c3", { kind: "checker", colour: "w" }, 6).split(" ")[6]).toBe("c3:2w");
    expect(paint(once, "c3", { kind: "checker", colour: "b" }, 6).split(" ")[6]).toBe("c3:1b");
    expect(paint(empty, "b1", { kind: "mirror" }, 6).split(" ")[6]).toBe("b1");
    expect(paint(once, "c3", { kind: "erase" }, 6).split(" ")[6]).toBe("-");
  });
});

import { moveWords, resolveMove } from "./position";
describe("which piece a move means", () => {
  const readme = parsePlacement("r1bqkbnr/ppp2ppp/2np4/1B2p3/4P3/5N2/PPPP1PPP/RNBQK2R");
  it("reads UCI from its squares and SAN from the one piece that could make it", () => {
    expect(resolveMove(readme, "b", "c6d4")).toEqual({ letter: "n", from: "c6", to: "d4" });
    expect(resolveMove(readme, "b", "Nd4")).toEqual({ letter: "n", from: "c6", to: "d4" });
    expect(resolveMove(readme, "w", "Nd4")).toEqual({ letter: "N", from: "f3", to: "d4" });
    expect(resolveMove(readme, "w", "d4")).toEqual({ letter: "P", from: "d2", to: "d4" });
    expect(resolveMove(readme, "b", "exd4")).toEqual({ letter: "p", from: "e5", to: "d4" });
    expect(resolveMove(readme, "w", "O-O")).toBeNull();
    expect(resolveMove(readme, "w", "Nc3")).toEqual({ letter: "N", from: "b1", to: "c3" });
    expect(resolveMove(readme, "w", "Rd1")).toBeNull();
  });
  it("says it in words", () => {
    expect(moveWords({ letter: "n", from: "c6", to: "d4" })).toBe("Black's knight c6→d4");
  });
});

describe("positions written from the placement alone (Chess Golf, Parade)", () => {
  it("leaves out FEN's other fields and reads them back", () => {
    const editor = "2B3R1/5k2/8/8/8/8/b6K/8 b KQ - 0 1 Kb e5g6";
    expect(placementNotation(editor)).toBe("2B3R1/5k2/8/8/8/8/b6K/8 Kb e5g6");
    expect(fromPlacementNotation("2B3R1/5k2/8/8/8/8/b6K/8 Kb")).toBe("2B3R1/5k2/8/8/8/8/b6K/8 w - - 0 1 Kb");
  });
});
