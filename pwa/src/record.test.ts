// The record beyond a view's latest entries: joining the fetched part, and numbering lists that
// begin mid-game; the screens rendered from views that carry only the latest entries.
import { h } from "preact";
import { renderToString } from "preact-render-to-string";
import { afterEach, describe, expect, it, vi } from "vitest";
import { type GameView, type PlayedEntry, api } from "./api";
import { turnSeats } from "./games/shared/checkers";
import { Record } from "./components/Record";
import { ChessGame } from "./games/chess/ChessGame";
import { toPgn } from "./games/chess/pgn";
import { type Stretch, carried, extend, firstMoveLine, firstTurnLine, gapFrom, join, plyOf } from "./record";

/** Entries numbered `from`, `from + 1`, …: "roll 3" is entry 3 of the record. */
const entries = (from: number, count: number): PlayedEntry[] => Array.from({ length: count }, (_, i) => ({ seat: (from + i) % 2, said: `roll ${from + i}`, action: "roll 2d6" }));
const stretch = (from: number, count: number): Stretch => ({ from, played: entries(from, count) });
const saids = (s: Stretch) => s.played.map((p) => p.said);

describe("joining the fetched part of the record to a view's latest entries", () => {
  it("takes the fetched entries up to where the latest begin, then the latest", () => {
    // The whole record, fetched when it had 100 entries; the view holds 36..99.
    const whole = join(stretch(0, 100), stretch(36, 64));
    expect(whole.from).toBe(0);
    expect(saids(whole)).toEqual(saids(stretch(0, 100)));
    // The game went on after the fetch: the view (40..103) brings the newest entries.
    const later = join(stretch(0, 100), stretch(40, 64));
    expect(later.played).toHaveLength(104);
    expect(later.played[103].said).toBe("roll 103");
    // A fetch newer than the view: the view's part stands, nothing after it.
    expect(join(stretch(0, 120), stretch(36, 64)).played).toHaveLength(100);
    // Nothing fetched: the view alone.
    expect(join(null, stretch(36, 64))).toEqual(stretch(36, 64));
  });

  it("leaves a gap unjoined and says where to fetch from", () => {
    // Fetched at 100 entries; since then the game went on past 164, so the view begins at 110.
    expect(join(stretch(0, 100), stretch(110, 64))).toEqual(stretch(110, 64));
    expect(gapFrom(stretch(0, 100), stretch(110, 64))).toBe(100);
    expect(gapFrom(stretch(0, 100), stretch(100, 64))).toBeNull();
    expect(gapFrom(null, stretch(100, 64))).toBeNull();
    const filled = extend(stretch(0, 100), stretch(100, 80));
    expect(filled.played).toHaveLength(180);
    expect(saids(join(filled, stretch(110, 64)))).toEqual(saids(stretch(0, 174)));
    // A part that does not follow on is not added.
    expect(extend(stretch(0, 100), stretch(120, 5))).toEqual(stretch(0, 100));
  });

  it("reads the view's part, from 0 for a view without played_from", () => {
    expect(carried({ played: entries(70, 64), played_from: 70 }).from).toBe(70);
    expect(carried({ played: [], played_from: undefined as unknown as number }).from).toBe(0);
  });
});

describe("numbering a list that begins mid-game", () => {
  const START = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";

  it("counts plies from FEN's move number and side to move", () => {
    expect(plyOf(START)).toBe(0);
    expect(plyOf("rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1")).toBe(1);
    expect(plyOf("8/8/8/8/8/8/8/K6k w - - 0 36")).toBe(70);
    expect(plyOf("8/8/8/8/8/8/8/K6k w - -")).toBeNull();
  });

  it("numbers chess moves from the position now", () => {
    // 70 plies played, the last 32 shown: White's move 20 begins the list.
    expect(firstMoveLine(START, "8/8/8/8/8/8/8/K6k w - - 0 36", 32, 0)).toEqual({ number: 20, black: false });
    // 31 shown: the list begins with Black's 20th.
    expect(firstMoveLine(START, "8/8/8/8/8/8/8/K6k w - - 0 36", 31, 0)).toEqual({ number: 20, black: true });
    // A game that started with Black to move: its line 1 is "… e5", as the whole list numbers it.
    const blackStart = "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1";
    expect(firstMoveLine(blackStart, "8/8/8/8/8/8/8/K6k b - - 0 3", 2, 0)).toEqual({ number: 2, black: true });
    expect(firstMoveLine(blackStart, "8/8/8/8/8/8/8/K6k b - - 0 3", 4, 0)).toEqual({ number: 1, black: true });
    // Without a move number, the moves left out (as counted by the caller) stand in.
    expect(firstMoveLine(START, "8/8/8/8/8/8/8/K6k w - -", 10, 40)).toEqual({ number: 21, black: false });
  });

  it("numbers the checker games' turns from the position now, a turn under way included", () => {
    const parts = (seats: number[]) => seats.map((seat, i) => ({ seat, said: `part ${i}` }));
    // 70 turns played, White to move: the last turn listed is Black's 35th.
    const turns = Array.from({ length: 32 }, (_, i) => i % 2);
    expect(turnSeats(parts(turns.flatMap((s) => [s, s])))).toEqual(turns);
    expect(firstTurnLine("8/8/8/8/8/8/8/K6k w - - 0 36 - move", turns)).toBe(20);
    // White has moved and is still placing a checker: FEN still says White; the list now ends
    // with White's turn 36 and begins with Black's 20th.
    expect(firstTurnLine("8/8/8/8/8/8/8/K6k w - - 0 36 e4 place", [...turns.slice(1), 0])).toBe(20);
    expect(firstTurnLine("8/8/8/8/8/8/8/K6k w - -", turns)).toBe(1);
  });
});

const seats = [
  { seat: 0, side: "White", team: 0 },
  { seat: 1, side: "Black", team: 1 },
];

function view<G>(rules: string, game: G, played: PlayedEntry[], played_from: number): GameView<G> {
  return {
    game_id: "g1",
    rules,
    seq: played_from + played.length + 2,
    seat: 0,
    commitment: "c",
    joined_seats: [0, 1],
    seat_count: 2,
    status: "active",
    viewer: { seat: 0 },
    seats,
    teams: ["White", "Black"],
    turn: { kind: "anyone" },
    legal_actions: [],
    legal_actions_complete: false,
    played,
    played_from,
    draw_offer: null,
    outcome: null,
    board: null,
    game,
    private: null,
  };
}

describe("screens from a view that carries only the latest entries", () => {
  it("the record lists them under Earlier moves, each numbered as in the whole record", () => {
    const html = renderToString(h(Record, { view: view("table-tools", {}, entries(100, 64), 100) }));
    expect(html).toContain("Earlier moves (100)");
    expect(html).toMatch(/<li value="101"[^>]*><span class="who">White:<\/span> roll 100<\/li>/);
    expect(html).toContain('<li value="164"');
    // Room for three-digit numbers.
    expect(html).toContain('data-digits="3"');
    expect(html.indexOf("Earlier moves")).toBeLessThan(html.indexOf("roll 100"));
    // The whole record: no button, numbered from 1.
    const whole = renderToString(h(Record, { view: view("table-tools", {}, entries(0, 3), 0) }));
    expect(whole).not.toContain("Earlier moves");
    expect(whole).toContain('<li value="1"');
  });

  it("a chess game's moves start at their own number", () => {
    // 80 plies (40 full moves) of knights going out and back: the view holds the last 64 (from
    // ply 16, White's 9th move).
    const uci = ["g1f3", "g8f6", "f3g1", "f6g8"];
    const san = ["Nf3", "Nf6", "Ng1", "Ng8"];
    const all = Array.from({ length: 80 }, (_, i) => ({ seat: i % 2, said: san[i % 4], action: uci[i % 4] }));
    const START = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
    const v = view("chess", { start: START, position: "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 80 41", check: false, setup: null }, all.slice(16), 16);
    const html = renderToString(h(ChessGame as never, { view: v, act: async () => undefined, message: "", setMessage: () => undefined }));
    expect(html).toContain('start="9"');
    expect(html).toContain("Earlier moves (16)");
    expect(html).toMatch(/<li tabindex="-1">Nf3 Nf6<\/li>/);
    // The PGN from the whole record numbers from 1; from the latest alone it would not.
    expect(toPgn(v, new Date(2025, 0, 2), all)).toMatch(/\n1\. Nf3 Nf6 2\. Ng1 Ng8 .* 40\. Ng1 Ng8 \*\n$/);
  });
});

describe("api.getRecord", () => {
  afterEach(() => vi.unstubAllGlobals());
  it("asks for the record from an entry on, with the seat's token or as a spectator", async () => {
    const calls: [string, RequestInit][] = [];
    vi.stubGlobal("fetch", async (url: string, init: RequestInit) => {
      calls.push([url, init]);
      return new Response(JSON.stringify({ game_id: "g 1", seq: 90, from: 5, played: entries(5, 2) }));
    });
    const part = await api.getRecord("g 1", "tok", 5);
    expect(part.played.map((p) => p.said)).toEqual(["roll 5", "roll 6"]);
    expect(calls[0][0]).toBe("/api/v1/games/g%201/record?from=5");
    expect(calls[0][1]).toMatchObject({ method: "GET", headers: { authorization: "Bearer tok" } });
    await api.getRecord("g1");
    expect(calls[1][0]).toBe("/api/v1/games/g1/record?from=0");
    expect(calls[1][1].headers).toEqual({});
  });
});
