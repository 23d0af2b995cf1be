// The generic screen rendered to HTML from hand-made views: no registered game has sealed
// rounds yet, so the sealed-round screen is checked here.
import { h } from "preact";
import { renderToString } from "preact-render-to-string";
import { describe, expect, it } from "vitest";
import type { BoardView, CellView, GameView, SeatInfo } from "../../api";
import { GenericGame } from "./GenericGame";

const seven: SeatInfo[] = Array.from({ length: 7 }, (_, seat) => ({ seat, side: `Seat ${seat + 1}`, team: seat }));

/** A 3×3 board with the viewer's piece on a1. */
function board(): BoardView {
  const cells: CellView[] = [];
  for (let r = 0; r < 3; r++) {
    for (let f = 0; f < 3; f++) {
      const id = "abc"[f] + (r + 1);
      cells.push({ id, at: [f, r], dark: (f + r) % 2 === 0, selectable: id === "a1", ...(id === "a1" ? { piece: { kind: "king", side: "seat 3" } } : {}) });
    }
  }
  return { shape: { kind: "grid", files: 3, ranks: 3 }, cells };
}

/** A game of seven seats in a sealed round; seats 0, 2 and 5 are in; the viewer is seat 2. */
function sealedView(seat: number | null): GameView {
  return {
    game_id: "g1",
    rules: "chess-battle",
    seq: 9,
    seat,
    commitment: "c",
    joined_seats: seven.map((s) => s.seat),
    seat_count: 7,
    status: "active",
    viewer: seat === null ? "spectator" : { seat },
    seats: seven,
    teams: seven.map((s) => s.side),
    turn: {
      kind: "active",
      turn_of: null,
      sealed: true,
      seats: seven.map((s) => ({
        seat: s.seat,
        stage: "move",
        submitted: [0, 2, 5].includes(s.seat),
        ...(s.seat === seat && seat === 2 ? { sealed_action: "a1b2" } : {}),
      })),
      submitted: 3,
    },
    legal_actions: seat === null ? [] : ["a1a2", "a1b2", "a1b1", "resign"],
    legal_actions_complete: true,
    played: [],
    draw_offer: null,
    outcome: null,
    board: board(),
    game: { round: 4, danger: ["c3"] },
    private: null,
  };
}

const screen = (view: GameView) => renderToString(h(GenericGame, { view, act: async () => undefined, message: "", setMessage: () => undefined }));

describe("the generic screen in a sealed round", () => {
  it("shows how many moves are in and the viewer's own move, and lets it move again", () => {
    const html = screen(sealedView(2));
    expect(html).toContain("3 of 7 moves in");
    expect(html).toContain("Your move: a1b2 — you can change it until everyone has moved");
    expect(html).toContain("Sealed round: 7 seats to move at once");
    expect(html).toContain("Still to move: Seat 2, Seat 4, Seat 5 and Seat 7");
    // The actions stay open: submitting again replaces the sealed move.
    for (const a of ["a1a2", "a1b2", "a1b1"]) expect(html).toContain(`data-action="${a}"`);
    expect(html).toContain(">Resign</button>");
  });

  it("asks a seat still to move for its move", () => {
    const html = screen(sealedView(1));
    expect(html).toContain("Choose your move: nobody sees it until everyone has moved");
    expect(html).not.toContain("Your move:");
  });

  it("shows a spectator the count and no actions", () => {
    const html = screen(sealedView(null));
    expect(html).toContain("3 of 7 moves in");
    expect(html).not.toContain("data-action");
    expect(html).not.toContain("Type an action");
  });
});

describe("the generic screen for any game", () => {
  it("draws the board from the data, with spoken cells and the piece of an unknown side", () => {
    const html = screen(sealedView(2));
    expect(html).toContain('viewBox="0 0 300 300"');
    expect(html).toContain('class="piece other glyph"');
    // Every move starts on a1: it starts selected, its targets marked and said.
    expect(html).toContain('aria-label="a1, seat 3 king" aria-selected="true"');
    for (const to of ["a2", "b2", "b1"]) expect(html).toContain(`aria-label="${to}, can move here"`);
    expect(html).toContain('aria-label="c2" aria-selected="false"');
  });

  it("offers a free-text field where the actions cannot all be listed, and shows the viewer's cards as chips", () => {
    const view: GameView = {
      ...sealedView(0),
      rules: "table-tools",
      turn: { kind: "anyone" },
      board: null,
      legal_actions: ["roll 1d6", "end"],
      legal_actions_complete: false,
      private: { cards: ["main:QH", "main:10S"], note: "kept" },
      played: [{ seat: 1, said: "Seat 2 rolled 4 (1d6)", action: "roll 1d6" }],
    };
    const html = screen(view);
    expect(html).toContain("Anyone at the table may act — you too.");
    expect(html).toContain("Type an action");
    expect(html).toContain('aria-label="queen of hearts (main)"');
    expect(html).toContain("<dt>Note</dt>");
    expect(html).toContain("Seat 2 rolled 4 (1d6)");
    expect(html).not.toContain("<svg");
  });
});
