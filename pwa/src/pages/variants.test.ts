// The new games' screens rendered to HTML from hand-made views, for what a short browser game
// rarely reaches: a player with no move passing (Crowded House), frozen pieces and medals
// (Chess Battle).
import { h } from "preact";
import { renderToString } from "preact-render-to-string";
import { describe, expect, it } from "vitest";
import type { BoardView, GameView, SeatInfo, Turn } from "../api";
import { ChessBattleGame, ChessBattleTable } from "./ChessBattle";
import { CrowdedHouseGame } from "./CrowdedHouse";

const noop = async () => undefined;
const board: BoardView = { shape: { kind: "grid", files: 8, ranks: 8 }, cells: [] };

function view<G, P = never>(rules: string, seats: SeatInfo[], seat: number | null, turn: Turn, game: G, more: Partial<GameView<G, P>> = {}): GameView<G, P> {
  return {
    game_id: "g1",
    rules,
    seq: 5,
    seat,
    commitment: "c",
    joined_seats: seats.map((s) => s.seat),
    seat_count: seats.length,
    status: "active",
    viewer: seat === null ? "spectator" : { seat },
    seats,
    teams: [...new Set(seats.map((s) => s.team))].map((t) => `Team ${t}`),
    turn,
    legal_actions: [],
    legal_actions_complete: true,
    played: [],
    draw_offer: null,
    outcome: null,
    board,
    game,
    private: null,
    ...more,
  };
}

const active = (seat: number, stage: "move" | "capture" = "move"): Turn => ({ kind: "active", turn_of: seat, sealed: false, seats: [{ seat, stage, submitted: false }], submitted: 0 });
const render = (component: unknown, v: GameView) => renderToString(h(component as never, { view: v, act: noop, message: "", setMessage: () => undefined }));

describe("Crowded House", () => {
  const four: SeatInfo[] = ["king-side White", "king-side Black", "queen-side White", "queen-side Black"].map((side, seat) => ({ seat, side, team: seat % 2 }));
  it("says who passed, marks them among the seats, and keeps the record's sentence", () => {
    const v = view("crowded-house", four, 1, active(1), { check: true, half: "king", passed: [3, 0], position: "8/8/8/8/8/8/8/8 b - - 0 9 king", to_move: "black" }, {
      teams: ["White", "Black"],
      played: [{ seat: 2, said: "a2-a3; queen-side Black and king-side White have no move and pass", action: "a2a3" }],
    });
    const html = render(CrowdedHouseGame, v);
    expect(html).toContain("queen-side Black and king-side White have no move and pass.");
    expect(html).toContain("a2-a3; queen-side Black and king-side White have no move and pass");
    expect(html.match(/passed: no move/g)?.length).toBe(2);
    expect(html).toContain("Your move: pieces that start or end on the king side (files e–h) — check!");
    expect(html).toContain("Team Black: you and queen-side Black.");
  });
});

describe("Chess Battle", () => {
  const four: SeatInfo[] = Array.from({ length: 4 }, (_, seat) => ({ seat, side: `Seat ${seat + 1}`, team: seat }));
  const fighter = (seat: number, cell: string, more = {}) => ({ seat, alive: true, cell, eliminated: null, freeze_left: true, frozen: false, medals_from: [], medals_left: 2, piece: "white knight", ...more });
  const round: Turn = {
    kind: "active",
    turn_of: null,
    sealed: true,
    seats: [
      { seat: 0, stage: "move", submitted: true, sealed_action: "c3" },
      { seat: 1, stage: "move", submitted: true },
      { seat: 3, stage: "move", submitted: false },
    ],
    submitted: 2,
  };
  const game = {
    fighters: [fighter(0, "b1"), fighter(1, "e4", { medals_from: [0], medals_left: 1 }), fighter(2, "g6", { frozen: true }), fighter(3, null, { alive: false, eliminated: "caught in the red zone on a1 (round 2)" })],
    first: 0,
    freezing: true,
    last_round: [{ seat: 3, from: "b1", to: "a1", eliminated: "caught in the red zone on a1 (round 2)" }],
    medals: true,
    red: ["a1"],
    round: 2,
    size: 8,
    stage: "rounds",
    supply: [],
    yellow: ["b2"],
    zones: "ring" as const,
  };
  it("shows a seat its own sealed move, the others only that it sealed, and freezes and medals as buttons", () => {
    const mine = render(ChessBattleGame, view("chess-battle", four, 0, round, game, { legal_actions: ["a3", "c3", "d2", "stay", "freeze 2", "medal 2"] }));
    expect(mine).toContain("2 of 3 sealed");
    expect(mine).toContain("Your sealed move: b1→c3");
    expect(mine).toContain("Freeze Seat 2");
    expect(mine).toContain("Give a medal to Seat 2");
    expect(mine).toContain("yellow: turns red at the end of this round (1 cell)");
    const other = render(ChessBattleGame, view("chess-battle", four, 1, round, game));
    const table = render(ChessBattleTable, view("chess-battle", four, null, round, game));
    for (const html of [other, table]) {
      expect(html).toContain("2 of 3 sealed");
      expect(html).not.toContain("c3");
      expect(html).toContain("frozen this round");
      expect(html).toContain("holds medals of Seat 1");
      expect(html).toContain("Seat 4: b1→a1 — out: caught in the red zone on a1 (round 2)");
    }
    expect(table).toContain("Round 3");
  });
});
