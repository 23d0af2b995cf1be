import { h } from "preact";
import { renderToString } from "preact-render-to-string";
import { describe, expect, it } from "vitest";
import type { Par } from "../../api";
import { ChessGolfGame, type GolfView } from "./ChessGolf";
import {
  attemptWords,
  countOf,
  countWords,
  countsIn,
  dealChoices,
  golfPosition,
  demonstrationOrder,
  highestCount,
  leaders,
  lineWords,
  moveWords,
  movesLeftWords,
  movesSaid,
  parOf,
  parWords,
  shownMoves,
  whyDemonstrates,
  winnerWords,
} from "./golf";

const nameOf = (s: number) => `Seat ${s + 1}`;
const par = (p: Partial<Par>): Par => ({ puzzle: "hole-1", title: "Hole 1: white king, black bishop", kind: "moves", line: [], positions: 30, ...p });

describe("counts", () => {
  it("says a count, reads one from its action, and finds the largest the referee takes", () => {
    expect([0, 1, 3].map(countWords)).toEqual(["impossible", "1 move", "3 moves"]);
    expect(countOf("bid 3")).toBe(3);
    expect(countOf("bid 0")).toBe(0);
    expect(countOf(undefined)).toBeNull();
    expect(countOf("e5g6")).toBeNull();
    expect(highestCount(["bid 0", "bid 1", "bid 30", "resign"])).toBe(30);
    expect(highestCount(["e5g6"])).toBe(-1);
    expect(countsIn(2, 3)).toBe("2 of 3 counts in");
    expect(countsIn(0, 1)).toBe("0 of 1 count in");
  });
});

describe("who demonstrates", () => {
  it("orders the lowest count first, ties from the dealer going left, and leaves out impossible", () => {
    expect(demonstrationOrder([3, 4, 0], 1)).toEqual([0, 1]);
    // Seats 0, 2 and 3 tie on 2; the dealer is seat 2, so 2, 3, then 0 (round the table).
    expect(demonstrationOrder([2, 5, 2, 2], 2)).toEqual([2, 3, 0, 1]);
    expect(demonstrationOrder([0, 0], 0)).toEqual([]);
  });

  it("says why: the lowest count, a tie broken from the dealer, the next after a failure", () => {
    expect(whyDemonstrates({ bids: [3, 4, 0], dealer: 1, attempts: [] }, 0, nameOf)).toBe("Seat 1 has the lowest count, 3.");
    expect(whyDemonstrates({ bids: [3, 3], dealer: 1, attempts: [] }, 1, nameOf)).toBe("Seat 1 and Seat 2 share the lowest count, 3; Seat 2 dealt, so goes first.");
    expect(whyDemonstrates({ bids: [3, 5, 3], dealer: 1, attempts: [] }, 2, nameOf)).toBe("Seat 1 and Seat 3 share the lowest count, 3; Seat 3 is first from the dealer going left.");
    expect(whyDemonstrates({ bids: [3, 3], dealer: 1, attempts: [{ seat: 1, moves: ["e5e4"], succeeded: false }] }, 0, nameOf)).toBe(
      "Seat 2 gave up after 1 move; Seat 1 has the next lowest count, 3.",
    );
    expect(whyDemonstrates({ bids: [2, 4, 0], dealer: 0, attempts: [{ seat: 0, moves: ["a1a2", "a2a3"], succeeded: false }] }, 1, nameOf)).toBe(
      "Seat 1 did not finish in 2 moves; Seat 2 has the next lowest count, 4.",
    );
  });

  it("counts only the others' demonstrations before this one", () => {
    const done = { seat: 0, moves: ["e5g6", "g6h5", "h5h2"], succeeded: true };
    expect(whyDemonstrates({ bids: [3, 4, 0], dealer: 1, attempts: [done] }, 0, nameOf)).toBe("Seat 1 has the lowest count, 3.");
  });

  it("says how each demonstration ended", () => {
    expect(attemptWords({ seat: 0, moves: ["e5g6", "g6h5", "h5h2"], succeeded: true }, 3, nameOf)).toBe("Seat 1 showed it in 3 moves");
    expect(attemptWords({ seat: 0, moves: ["e5g6"], succeeded: true }, 3, nameOf)).toBe("Seat 1 showed it in 1 move");
    expect(attemptWords({ seat: 1, moves: [], succeeded: false }, 3, nameOf)).toBe("Seat 2 gave up");
    expect(attemptWords({ seat: 1, moves: ["a", "b", "c"], succeeded: false }, 3, nameOf)).toBe("Seat 2 did not finish in 3 moves");
  });
});

describe("the demonstration", () => {
  it("says the moves left and a move's squares", () => {
    expect(movesLeftWords(2, 3)).toBe("2 of 3 moves left");
    expect(movesLeftWords(1, 1)).toBe("1 of 1 move left");
    expect(moveWords("e5g6")).toBe("e5→g6");
    expect(moveWords("give-up")).toBe("give-up");
    expect(lineWords(["e5g6", "g6h5"])).toBe("e5→g6, g6→h5");
  });

  it("shows the moves under way, or the line that finished the hole while pieces go back", () => {
    const hole = { attempts: [{ seat: 0, moves: ["e5g6", "g6h5", "h5h2"], succeeded: true }] };
    expect(shownMoves("demonstrate", ["e5g6"], hole)).toEqual(["e5g6"]);
    expect(shownMoves("put-back", [], hole)).toEqual(["e5g6", "g6h5", "h5h2"]);
    expect(shownMoves("bid", [], hole)).toEqual([]);
  });

  it("tells each move in the referee's words where the record holds it, else by its squares", () => {
    const played = [
      { seat: 0, said: "Seat 1 needs 3 moves", action: "bid 3" },
      { seat: 0, said: "Seat 1: the black bishop e5→g6 as a knight", action: "e5g6" },
      { seat: 0, said: "Seat 1: the black bishop g6→h5 as a king", action: "g6h5" },
    ];
    expect(movesSaid(["e5g6", "g6h5"], played, 0, ["Seat 1"])).toEqual(["the black bishop e5→g6 as a knight", "the black bishop g6→h5 as a king"]);
    // The record's last moves are not these (an older view, another seat): the squares.
    expect(movesSaid(["e5g6", "g6h7"], played, 0, ["Seat 1"])).toEqual(["e5→g6", "g6→h7"]);
    expect(movesSaid(["e5g6"], played, 1, ["Seat 2"])).toEqual(["e5→g6"]);
    expect(movesSaid([], played, 0)).toEqual([]);
  });
});

describe("the position", () => {
  it("writes the demonstration as the referee reads a position: the start, the cards as letters, the moves", () => {
    const start = "2B3R1/5k2/1r1n1N2/1r2b3/R5q1/1B1n1N2/b6K/5Q2";
    expect(golfPosition({ start, cards: ["KH", "9C"] }, [])).toBe(`${start} Kb`);
    expect(golfPosition({ start, cards: ["KH", "9C", "8D"] }, ["e5g6", "g6h5"])).toBe(`${start} KbN e5g6,g6h5`);
    expect(golfPosition({ start, cards: ["AH"] }, [])).toBeNull();
  });
});

describe("par", () => {
  it("says the referee's par of a hole, proven or not", () => {
    expect(parWords(par({ moves: 3, line: ["e5g6", "g6h5", "h5h2"] }))).toBe("Par 3: e5→g6, g6→h5, h5→h2");
    // Played from the hole's course: each piece named, and what it takes.
    const start = "2B3R1/5k2/1r1n1N2/1r2b3/R5q1/1B1n1N2/b6K/5Q2";
    expect(parWords(par({ moves: 2, line: ["e5g6", "g6e4"] }), start)).toBe("Par 2: black bishop e5→g6, black bishop g6→e4");
    expect(parWords(par({ moves: 1, line: ["e5h2"] }), start)).toBe("Par 1: black bishop e5→h2 takes the white king");
    expect(parWords(par({ kind: "impossible" }))).toBe("Impossible");
    expect(parWords(par({ kind: "at_least", moves: 5 }))).toBe("At least 5 (not proven)");
    expect(parWords(par({ kind: "score", score: 12 }))).toBe("Best score 12");
    expect(parWords(par({ kind: "unspecified" }))).toBe("No par worked out");
  });

  it("finds a hole's par by its number", () => {
    const pars = [par({ puzzle: "hole-1", moves: 3 }), par({ puzzle: "hole-2", kind: "impossible" })];
    expect(parOf(pars, 2)?.kind).toBe("impossible");
    expect(parOf(pars, 3)).toBeUndefined();
  });
});

describe("the scorecard", () => {
  it("finds the lowest totals and says who wins, or shares the win", () => {
    expect(leaders([3, 4, 5])).toEqual([0]);
    expect(leaders([5, 4, 4])).toEqual([1, 2]);
    expect(leaders([])).toEqual([]);
    expect(winnerWords([3, 4, 5], nameOf)).toBe("Seat 1 wins with 3");
    expect(winnerWords([5, 4, 4], nameOf)).toBe("Seat 2 and Seat 3 share the win with 4");
  });

  it("offers the dealer the same number of cards or one more, the harder said", () => {
    expect(dealChoices(["deal 2", "deal 3", "resign"], 2)).toEqual([
      { action: "deal 2", label: "Deal 2 cards" },
      { action: "deal 3", label: "Deal 3 cards (harder)" },
    ]);
    expect(dealChoices(["bid 1"], 2)).toEqual([]);
  });
});

// The screen rendered to HTML from hand-made views, for what the browser test does not reach:
// a three-card hole with its capturer, a sealed count shown back, par still being worked out.
describe("the screen", () => {
  type Fields = GolfView["game"];
  const seats = [0, 1, 2].map((seat) => ({ seat, side: `Seat ${seat + 1}`, team: seat }));
  const hole = { number: 4, dealer: 1, cards: ["KH", "9S", "8D"], chosen: ["white king", "black bishop", "white knight"], start: "8/8/8/8/8/8/8/8", bids: [] as number[], attempts: [], scores: [] };
  const fields = (more: Partial<Fields>): Fields => ({
    capturer: null,
    cards_per_hole: 3,
    dealer: 1,
    deck: 5,
    demonstrator: null,
    discards: 6,
    hole,
    holes: 9,
    moves: [],
    moves_left: null,
    scorecard: [],
    step: "bid",
    to_put_back: [],
    totals: [0, 0, 0],
    ...more,
  });
  const view = (seat: number | null, game: Fields, more: Partial<GolfView> = {}): GolfView => ({
    game_id: "g1",
    rules: "chess-golf",
    seq: 9,
    seat,
    commitment: "c",
    joined_seats: [0, 1, 2],
    seat_count: 3,
    status: "active",
    viewer: seat === null ? "spectator" : { seat },
    seats,
    teams: seats.map((s) => s.side),
    turn: { kind: "over" },
    legal_actions: [],
    legal_actions_complete: true,
    played: [],
    played_from: 0,
    draw_offer: null,
    outcome: null,
    board: {
      shape: { kind: "grid", files: 8, ranks: 8 },
      cells: [{ id: "h5", at: [7, 4], dark: false, piece: { kind: "bishop", side: "black" }, markers: ["chosen", "capturer"], selectable: false }],
    },
    game,
    private: null,
    ...more,
  });
  const render = (v: GolfView) => renderToString(h(ChessGolfGame, { view: v, act: async () => undefined, message: "", setMessage: () => undefined }));

  it("shows a three-card hole's demonstration to a watcher, the capturer marked", () => {
    const game = fields({ step: "demonstrate", hole: { ...hole, bids: [5, 4, 0] }, demonstrator: 1, moves: ["e5g6"], moves_left: 3, capturer: "h5" });
    const html = render(view(2, game, { turn: { kind: "active", turn_of: 1, sealed: false, seats: [{ seat: 1, stage: "move", submitted: false }], submitted: 0 } }));
    expect(html).toContain("Seat 2 is demonstrating — 3 of 4 moves left");
    expect(html).toContain("white king · black bishop · white knight");
    expect(html).toContain("One piece of a chosen kind captures a piece of each other chosen kind");
    expect(html).toContain("Seat 2 has the lowest count, 4.");
    expect(html).toContain("The capturer: the black bishop on h5");
    expect(html).toContain("red dashes: the capturer");
    expect(html).toContain("e5→g6");
    expect(html).not.toContain("Give up");
  });

  it("shows a sealed count back to its seat only, with how many are in", () => {
    const turn = {
      kind: "active" as const,
      turn_of: null,
      sealed: true,
      seats: [
        { seat: 0, stage: "bid" as const, submitted: true, sealed_action: "bid 3" },
        { seat: 1, stage: "bid" as const, submitted: true },
        { seat: 2, stage: "bid" as const, submitted: false },
      ],
      submitted: 2,
    };
    const html = render(view(0, fields({}), { turn, legal_actions: ["bid 0", "bid 1", "bid 2", "bid 3", "bid 30"] }));
    expect(html).toContain("Sealed: 3 moves — you may change it until everyone is in.");
    expect(html).toContain("2 of 3 counts in");
    expect(html).toContain("Seal the change");
    const other = render(view(2, fields({}), { turn: { ...turn, seats: turn.seats.map(({ sealed_action: _, ...a }) => a) }, legal_actions: ["bid 0", "bid 1"] }));
    expect(other).not.toContain("Sealed:");
    expect(other).toContain("Seal my count");
  });

  it("says par is being worked out until the referee answers", () => {
    const done = { ...hole, number: 1, bids: [3, 4, 0], scores: [3, 4, 5], attempts: [{ seat: 0, moves: ["e5g6", "g6h5", "h5h2"], succeeded: true }] };
    const html = render(view(null, fields({ scorecard: [done], totals: [3, 4, 5] })));
    expect(html).toContain("working out par…");
    expect(html).toContain("Seat 1 showed it in 3 moves");
    expect(html).toContain("Lowest so far: Seat 1.");
  });
});
