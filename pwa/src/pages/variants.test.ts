// The new games' screens rendered to HTML from hand-made views, for what a short browser game
// rarely reaches: a player with no move passing (Crowded House).
import { h } from "preact";
import { renderToString } from "preact-render-to-string";
import { describe, expect, it } from "vitest";
import type { BoardView, GameView, SeatInfo, Turn } from "../api";
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
