// The new games' screens rendered to HTML from hand-made views, for what a short browser game
// rarely reaches: a player with no move passing (Crowded House), a capture stage's rule for
// both players (Cooperative), frozen pieces and medals (Chess Battle).
import { h } from "preact";
import { renderToString } from "preact-render-to-string";
import { describe, expect, it } from "vitest";
import type { BoardView, GameView, SeatInfo, Turn } from "../../api";
import { ChessBattleGame, ChessBattleTable } from "../chess-battle/ChessBattle";
import { CooperativeGame } from "../cooperative/Cooperative";
import { CrowdedHouseGame } from "../crowded-house/CrowdedHouse";

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

describe("Cooperative", () => {
  const two: SeatInfo[] = [
    { seat: 0, side: "Player 1", team: 0 },
    { seat: 1, side: "Player 2", team: 0 },
  ];
  const game = {
    black_stack: ["8S", "9S"],
    capture_rule: "capture with the piece on e6 (a bishop), taking a pawn",
    captured: ["2H"],
    draw_pile: 20,
    hand_sizes: [2, 3] as [number, number],
    position: "8/8/8/8/8/8/8/8 b - - 0 9",
    stage: "capture" as const,
    to_move: "black" as const,
    types_removed: ["queen"],
    white_seat: 0,
    white_stack: ["10H", "3D"],
  };
  it("shows the capture rule and Done to the capturing player, the rule to its partner, and both stacks and the captured cards to both", () => {
    const mine = render(CooperativeGame, view("cooperative", two, 1, active(1, "capture"), game, { private: { cards: ["KS", "4H"] } as never, legal_actions: ["e6d5", "done", "resign"] }));
    expect(mine).toContain("Next capture: capture with the piece on e6 (a bishop), taking a pawn");
    expect(mine).toContain(">Done<");
    expect(mine).toContain('data-card="KS"');
    const partner = render(CooperativeGame, view("cooperative", two, 0, active(1, "capture"), game, { private: { cards: ["QH"] } as never }));
    expect(partner).toContain("Next capture: capture with the piece on e6 (a bishop), taking a pawn");
    expect(partner).toContain("Player 2 (Black) capturing");
    expect(partner).not.toContain(">Done<");
    expect(partner).not.toContain('data-card="KS"');
    for (const html of [mine, partner]) {
      expect(html).toMatch(/White's discard stack.*10♥.*3♦/s);
      expect(html).toMatch(/Black's discard stack.*8♠.*9♠/s);
      expect(html).toMatch(/captured cards.*2♥/s);
      expect(html).toContain("Points so far: 1 (queen gone)");
    }
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
