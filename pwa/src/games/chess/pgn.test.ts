import { describe, expect, it } from "vitest";
import { movetext, toPgn } from "./pgn";

describe("PGN", () => {
  it("numbers full moves, and starts with Black's move where Black is to move", () => {
    expect(movetext(["f3", "e5", "g4", "Qh4#"], "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1")).toBe("1. f3 e5 2. g4 Qh4#");
    expect(movetext(["Nd4", "Nxd4"], "r1bqkbnr/ppp2ppp/2np4/1B2p3/4P3/5N2/PPPP1PPP/RNBQK2R b KQkq - 1 4")).toBe("4... Nd4 5. Nxd4");
  });
  it("writes the tags, the start of a Chess960 game and the result", () => {
    const view: any = {
      rules: "chess960",
      seats: [
        { seat: 0, side: "White", team: 0 },
        { seat: 1, side: "Black", team: 1 },
      ],
      names: ["Ann", null],
      played: [
        { seat: 0, said: "f3", action: "f2f3" },
        { seat: 1, said: "e5", action: "e7e5" },
        { seat: 0, said: "offer-draw", action: "offer-draw" },
      ],
      outcome: { results: ["loss", "win"], reason: "White resigned, Black wins", teams: [] },
      game: { start: "bnrqkbnr/pppppppp/8/8/8/8/PPPPPPPP/BNRQKBNR w HChc - 0 1" },
    };
    const pgn = toPgn(view, new Date(2025, 0, 2));
    expect(pgn).toContain('[White "Ann (White)"]');
    expect(pgn).toContain('[Variant "Chess960"]');
    expect(pgn).toContain('[FEN "bnrqkbnr/pppppppp/8/8/8/8/PPPPPPPP/BNRQKBNR w HChc - 0 1"]');
    expect(pgn).toContain('[Date "2025.01.02"]');
    expect(pgn.trim().endsWith("1. f3 e5 0-1")).toBe(true);
  });
});
