import { h } from "preact";
import { renderToString } from "preact-render-to-string";
import { describe, expect, it } from "vitest";
import type { BoardView, CellView, Outcome, Par } from "../../api";
import { neighbourSolitaireOptions } from "../neighbour-solitaire/options";
import type { NeighbourSolitaireFields } from "../../generated/neighbour-solitaire";
import type { ParadeSolitaireFields } from "../../generated/parade-solitaire";
import { NeighbourSolitaireGame, type NeighbourView, neighbourPrompt } from "../neighbour-solitaire/NeighbourSolitaire";
import { ParadeSolitaireGame, type ParadeView, paradePrompt } from "../parade-solitaire/ParadeSolitaire";
import {
  addWords,
  againstPar,
  cardPieceWords,
  cardsWords,
  dealPar,
  endLine,
  endWords,
  groupsWords,
  markedSquare,
  neighbourPosition,
  paradeParMeaning,
  paradeParWords,
  paradePosition,
  paradeScoreWhy,
  positionCardWords,
  scoreText,
  sentence,
  touchWords,
  withMarkerWords,
} from "./solitaire";

const par = (p: Partial<Par>): Par => ({ puzzle: "deal", title: "The deal", kind: "score", line: [], positions: 656, ...p });
const KINDS: Record<string, string> = { n: "knight", b: "bishop", r: "rook", q: "queen", k: "king" };

/** A board as the referee sends it, from FEN's placement; `markers` by square, `selectable`
 * squares. */
function board(fen: string, markers: Record<string, string[]> = {}, selectable: string[] = []): BoardView {
  const cells: CellView[] = [];
  fen.split("/").forEach((row, i) => {
    let file = 0;
    for (const ch of row) {
      if (/\d/.test(ch)) {
        for (let k = 0; k < Number(ch); k++) cells.push(cell(file++, 7 - i));
      } else {
        cells.push({ ...cell(file++, 7 - i), piece: { kind: KINDS[ch.toLowerCase()], side: ch === ch.toUpperCase() ? "white" : "black" } });
      }
    }
  });
  return {
    shape: { kind: "grid", files: 8, ranks: 8 },
    cells: cells.map((c) => ({ ...c, ...(markers[c.id] ? { markers: markers[c.id] } : {}), selectable: selectable.includes(c.id) })),
  };
}
function cell(file: number, rank: number): CellView {
  return { id: `${"abcdefgh"[file]}${rank + 1}`, at: [file, rank], dark: (file + rank) % 2 === 0, selectable: false };
}

const player = [{ seat: 0, side: "Player", team: 0 }];
const myTurn = (stage: "move" | "add" | "place") => ({ kind: "active" as const, turn_of: 0, sealed: false, seats: [{ seat: 0, stage, submitted: false }], submitted: 0 });
function envelope<G>(rules: string, game: G, more: Partial<ParadeView | NeighbourView> = {}) {
  return {
    game_id: `${rules}-1`,
    rules,
    seq: 4,
    seat: 0,
    commitment: "c",
    joined_seats: [0],
    seat_count: 1,
    status: "active" as const,
    viewer: { seat: 0 },
    seats: player,
    teams: ["Player"],
    turn: myTurn("move"),
    legal_actions: [] as string[],
    legal_actions_complete: true,
    played: [],
    played_from: 0,
    draw_offer: null,
    outcome: null,
    board: null as BoardView | null,
    game,
    private: null,
    ...more,
  };
}
const won = (score: number, reason: string): Outcome => ({ results: ["win"], scores: [score], reason, teams: [{ team: 0, result: "win", score }] });

describe("the solitaires' words", () => {
  it("says what a card stands for: the piece, and for Neighbour's position cards how far and which way", () => {
    expect(cardPieceWords("8D")).toBe("white knight");
    expect(cardPieceWords("KS")).toBe("black king");
    expect(cardPieceWords("10C")).toBe("black rook");
    expect(cardPieceWords("AH")).toBeNull();
    expect(positionCardWords("3D")).toBe("3 squares right");
    expect(positionCardWords("5S")).toBe("5 squares up");
  });

  it("counts piles, groups and scores as players say them", () => {
    expect(cardsWords(0)).toBe("none");
    expect(cardsWords(1)).toBe("1 card");
    expect(cardsWords(6)).toBe("6 cards");
    expect(groupsWords(3)).toBe("3 groups — one group wins");
    expect(groupsWords(1)).toBe("1 group — one group wins");
    expect(touchWords("sides")).toBe("(side by side; corners do not count)");
    expect(touchWords("sides-and-corners")).toBe("(side by side or corner to corner)");
    expect(scoreText(-2)).toBe("−2");
    expect(paradeScoreWhy({ hand_left: 6, counting: false, counted: 0 })).toBe("the cards left in your hand");
    expect(paradeScoreWhy({ hand_left: 1, counting: false, counted: 0 })).toBe("the card left in your hand");
    expect(paradeScoreWhy({ hand_left: 0, counting: true, counted: 2 })).toBe("2 cards counted against you");
  });

  it("finds the square the next Parade piece goes after, and says the markers with the cells", () => {
    const b = board("8/8/8/4q3/4K1N1/5Q2/2k1n2b/3r4", { e5: ["add-after"] });
    expect(markedSquare(b, "add-after")).toBe("e5");
    expect(markedSquare(board("8/8/8/8/8/8/8/8"), "add-after")).toBeNull();
    expect(addWords("e4")).toBe("Add the next piece: after e4");
    const said = withMarkerWords(b);
    expect(said.cells.find((c) => c.id === "e5")?.markers).toEqual(["the next piece is added after it"]);
    expect(withMarkerWords(board("8/8/8/8/8/8/8/8"))).toEqual(board("8/8/8/8/8/8/8/8"));
    expect(withMarkerWords(b, true).cells.find((c) => c.id === "e5")?.markers).toEqual([]);
  });

  it("heads the end with the result and the score, and says the referee's reason as a sentence", () => {
    expect(endWords(won(-1, "one connected group after counting 1 card: -1 point"))).toEqual({
      head: "You won",
      score: "Score −1",
      reason: "One connected group after counting 1 card: −1 point.",
      won: true,
    });
    const gaveUp: Outcome = { results: ["loss"], reason: "Player gave up", teams: [{ team: 0, result: "loss" }] };
    expect(endWords(gaveUp)).toEqual({ head: "You lost", score: null, reason: "Player gave up.", won: false });
    expect(endLine(won(3, "one group"))).toBe("You won — Score 3");
    expect(endLine(null)).toBe("Game over");
    expect(sentence("done.")).toBe("Done.");
  });

  it("says Parade's par: proven with its line, impossible, or the bound when the budget ran out", () => {
    const proven = par({ kind: "score", score: 5, line: ["add", "c1b2", "e4e6"] });
    expect(paradeParWords(proven)).toBe("Par 5: add, c1b2, e4e6");
    expect(paradeParMeaning(proven)).toContain("one line of 3 actions");
    expect(paradeParWords(par({ kind: "impossible" }))).toBe("Impossible");
    expect(paradeParWords(par({ kind: "unproven", bound: 3 }))).toBe("No proof within the budget: at most 3");
    expect(paradeParWords(par({ kind: "score", score: -2, line: ["e4e6"] }))).toBe("Par −2: e4e6");
    expect(againstPar(5, proven)).toBe("You made par.");
    expect(againstPar(3, proven)).toBe("2 points below par.");
    expect(againstPar(undefined, proven)).toBeNull();
    expect(againstPar(3, par({ kind: "unproven", bound: 4 }))).toBeNull();
    expect(dealPar([par({ puzzle: "other" }), proven])).toBe(proven);
    expect(dealPar([])).toBeUndefined();
  });
});

describe("Neighbour's options form", () => {
  it("offers sides and corners (the default) or sides only, and sends the choice as the referee's option", () => {
    const form = (groups: "sides" | "sides-and-corners") => renderToString(h(neighbourSolitaireOptions.Form, { value: { groups }, onChange: () => undefined }));
    expect(neighbourSolitaireOptions.defaults).toEqual({ groups: "sides-and-corners" });
    expect(neighbourSolitaireOptions.toOptions).toBeUndefined();
    expect(form("sides-and-corners")).toMatch(/checked[^>]*\/> Sides and corners/);
    expect(form("sides")).toMatch(/checked[^>]*\/> Sides only \(as in Parade\)/);
    expect(form("sides")).not.toMatch(/checked[^>]*\/> Sides and corners/);
  });
});

describe("positions for 'is that legal?'", () => {
  it("writes Parade's position without the hand: the pieces, the cards in hand, the cards counted", () => {
    expect(paradePosition({ board: "8/8/8/4q3/4K1N1/5Q2/2k1n2b/3r4", hand_left: 8, counted: 0 })).toBe("8/8/8/4q3/4K1N1/5Q2/2k1n2b/3r4 8 0");
  });

  it("writes Neighbour's position: the phase (a waiting piece in FEN's letter), both piles, the last square added, the option", () => {
    const g = { board: "8/8/8/8/3N2rb/8/8/8", adding: true, waiting: null, pieces_left: 1, positions_left: 1, last_added: "d4", touch: "sides-and-corners" as const };
    expect(neighbourPosition(g)).toBe("8/8/8/8/3N2rb/8/8/8 add 1 1 d4");
    expect(neighbourPosition({ ...g, adding: false, waiting: { piece: "black knight", landed: "h4" } })).toBe("8/8/8/8/3N2rb/8/8/8 place:n@h4 1 1 d4");
    expect(neighbourPosition({ ...g, adding: false, waiting: { piece: "white queen", landed: "h4" } })).toBe("8/8/8/8/3N2rb/8/8/8 place:Q@h4 1 1 d4");
    expect(neighbourPosition({ ...g, adding: false, last_added: null, touch: "sides" })).toBe("8/8/8/8/3N2rb/8/8/8 move 1 1 - groups:sides");
  });
});

describe("the Parade screen", () => {
  const fields = (more: Partial<ParadeSolitaireFields> = {}): ParadeSolitaireFields => ({
    added: ["9C"],
    board: "8/8/8/4q2b/4K1N1/5Q2/2k1n2b/3r4",
    counted: 0,
    counting: false,
    face_down: 2,
    groups: 8,
    hand_left: 5,
    laid_out: ["10C", "KS", "8S", "9S", "QH", "KH", "8H", "QS"],
    score_now: 5,
    ...more,
  });
  const render = (v: ParadeView) => renderToString(h(ParadeSolitaireGame, { view: v, act: async () => undefined, message: "", setMessage: () => undefined }));

  it("shows the hand and the cards spent, the score and groups, the Add button after the last piece, and the cards added face up", () => {
    const v = envelope("parade-solitaire", fields(), {
      legal_actions: ["add", "e2f1", "resign"],
      board: board("8/8/8/4q2b/4K1N1/5Q2/2k1n2b/3r4", { h5: ["add-after"] }, ["e2"]),
      played: [{ seat: 0, said: "adds the black bishop (9C) on h5", action: "add" }],
    });
    const html = render(v);
    expect(paradePrompt(v)).toBe("Tap a piece, then its new square — or add the next piece");
    expect(html).toContain('aria-label="Hand: 5 cards face down"');
    expect(html).toContain('aria-label="Spent on moves: 2 cards face down"');
    expect(html).toContain('aria-label="Score now 5: the cards left in your hand"');
    expect(html).toContain("8 groups — one group wins");
    expect(html).toContain("Add the next piece: after h5");
    expect(html).toContain('aria-label="9 of clubs: black bishop"');
    expect(html).toContain("h5, black bishop, the next piece is added after it");
    expect(html).toContain("Last: adds the black bishop (9♣) on h5");
    expect(html).toContain("Give up");
    expect(html).not.toContain("counts a point against you");
  });

  it("says the counting phase once the hand is out: no Add, each move a point against", () => {
    const v = envelope("parade-solitaire", fields({ hand_left: 0, counting: true, counted: 2, score_now: -2 }), { legal_actions: ["e2f1", "resign"] });
    const html = render(v);
    expect(paradePrompt(v)).toBe("Your hand is out: each move now counts a point against you");
    expect(html).toContain("Each move now counts a point against you (2 cards counted so far)");
    expect(html).toContain('aria-label="Counted against you: 2 cards face down"');
    expect(html).toContain('aria-label="Score now −2: 2 cards counted against you"');
    expect(html).not.toContain("Add the next piece");
  });

  it("shows the result and that the par is being worked out once the deal is over", () => {
    const v = envelope("parade-solitaire", fields({ groups: 1, score_now: 3 }), {
      status: "over",
      turn: { kind: "over" },
      outcome: won(3, "one connected group with 3 cards left in the hand: 3 points"),
    });
    const html = render(v);
    expect(paradePrompt(v)).toBe("You won — Score 3");
    expect(html).toContain("You won");
    expect(html).toContain("One connected group with 3 cards left in the hand: 3 points.");
    expect(html).toContain("working out par…");
    expect(html).not.toContain("Score now");
    expect(html).not.toContain("Give up");
  });
});

describe("the Neighbour screen", () => {
  const fields = (more: Partial<NeighbourSolitaireFields> = {}): NeighbourSolitaireFields => ({
    adding: true,
    board: "8/8/2q5/8/8/2b5/8/2B5",
    flipped_pieces: ["9H", "QS", "9S"],
    flipped_positions: ["2D", "5S", "5C"],
    groups: 3,
    last_added: "c3",
    last_flip: { from: "c6", landed: "c3", piece_card: "9S", position_card: "5C" },
    pieces_left: 13,
    positions_left: 17,
    score_now: 30,
    spent: 0,
    touch: "sides-and-corners",
    waiting: null,
    ...more,
  });
  const render = (v: NeighbourView) => renderToString(h(NeighbourSolitaireGame, { view: v, act: async () => undefined, message: "", setMessage: () => undefined }));

  it("shows both piles, the last add's two cards and where they sent the piece, and the Add button", () => {
    const v = envelope("neighbour-solitaire", fields(), { turn: myTurn("add"), legal_actions: ["add", "c3d4", "resign"], board: board("8/8/2q5/8/8/2b5/8/2B5", { c3: ["last-added"] }) });
    const html = render(v);
    expect(neighbourPrompt(v)).toBe("Add the next piece — or tap a piece to stop adding and move");
    expect(html).toContain('aria-label="Piece pile: 13 cards face down"');
    expect(html).toContain('aria-label="Position pile: 17 cards face down"');
    expect(html).toContain('aria-label="Spent on moves: none"');
    expect(html).toContain('aria-label="9 of spades: black bishop"');
    expect(html).toContain('aria-label="5 of clubs: 5 squares up"');
    expect(html).toContain("From c6 to <strong>c3</strong>");
    expect(html).toContain('aria-label="Score now 30: the cards left in both piles"');
    expect(html).toContain("3 groups — one group wins");
    expect(html).toContain("(side by side or corner to corner)");
    expect(html).toContain("Add the next piece");
    expect(html).toContain("c3, black bishop, added last: the next piece is held above it");
  });

  it("asks for a free square when the cards send the piece to a taken one, and says where it went after", () => {
    const waiting = fields({
      adding: false,
      last_added: "b3",
      last_flip: { from: "b3", landed: "g3", piece_card: "8D", position_card: "5D" },
      waiting: { choices: ["f2", "g2"], landed: "g3", piece: "white knight" },
    });
    const v = envelope("neighbour-solitaire", waiting, { turn: myTurn("place"), legal_actions: ["place f2", "place g2", "resign"] });
    expect(neighbourPrompt(v)).toBe("White knight: g3 is taken — tap a marked square to place it");
    expect(render(v)).toContain("which is taken: the white knight goes on a free square nearest it");
    expect(render(v)).not.toContain("Add the next piece");
    const placed = envelope("neighbour-solitaire", fields({ last_added: "f2", last_flip: waiting.last_flip }), { turn: myTurn("add"), legal_actions: ["add"] });
    expect(render(placed)).toContain("which was taken: placed on f2");
  });

  it("says the first add starts from a1, and that adding has stopped once the player moved", () => {
    const first = envelope("neighbour-solitaire", fields({ flipped_pieces: [], flipped_positions: [], last_added: null, last_flip: null, groups: 0 }), {
      turn: myTurn("add"),
      legal_actions: ["add"],
    });
    expect(neighbourPrompt(first)).toBe("Add the first piece: the cards send it from a1");
    expect(render(first)).toContain("Add the first piece");
    const moving = envelope("neighbour-solitaire", fields({ adding: false, spent: 1, touch: "sides" }), { turn: myTurn("move"), legal_actions: ["c3d4"] });
    expect(neighbourPrompt(moving)).toBe("Tap a piece, then its new square: each move costs a card");
    const html = render(moving);
    expect(html).toContain("You have stopped adding");
    expect(html).toContain("(side by side; corners do not count)");
    expect(html).not.toContain("Add the next piece");
  });

  it("ends with the result and no par", () => {
    const v = envelope("neighbour-solitaire", fields({ groups: 1 }), { status: "over", turn: { kind: "over" }, outcome: won(22, "one connected group: 22 points") });
    const html = render(v);
    expect(html).toContain("You won");
    expect(html).toContain("Score 22");
    expect(html).not.toContain("Score now");
    expect(html).not.toContain("data-par");
  });
});
