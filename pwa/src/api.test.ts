import { describe, expect, it, vi } from "vitest";
import { REOPEN_MS, type Turn, type View, activeSeats, courtesies, gameActions, gamePlayed, mayAct, takenBack, settled, sideName, stageOf, teamOf, turnOf, watch } from "./api";
import { nextHolder } from "./session";

const seats = [
  { seat: 0, side: "White", team: 0 },
  { seat: 1, side: "Black", team: 1 },
];
/** White's turn in Booster, at the card: as the referee sends it. */
const whitePlaysACard: Turn = { kind: "active", turn_of: 0, sealed: false, seats: [{ seat: 0, stage: "play-card", submitted: false }], submitted: 0 };
/** A sealed round of three seats; seat 1 has sealed its action. */
const sealedRound: Turn = {
  kind: "active",
  turn_of: null,
  sealed: true,
  seats: [0, 1, 2].map((seat) => ({ seat, stage: "choose", submitted: seat === 1 })),
  submitted: 1,
};

describe("whose turn a view says it is", () => {
  it("lets only the listed seats act, each in its stage", () => {
    const view = { turn: whitePlaysACard };
    expect(activeSeats(view).map((a) => a.seat)).toEqual([0]);
    expect(stageOf(view, 0)).toBe("play-card");
    expect(stageOf(view, 1)).toBeNull();
    expect(mayAct(view, 0)).toBe(true);
    expect(mayAct(view, 1)).toBe(false);
    expect(mayAct(view, null)).toBe(false);
    expect(turnOf(view)).toBe(0);
  });

  it("lets every seat act at a table of anyone, and none when the game is over or waiting", () => {
    expect(stageOf({ turn: { kind: "anyone" } }, 2)).toBe("move");
    expect(mayAct({ turn: { kind: "anyone" } }, null)).toBe(false);
    for (const kind of ["over", "waiting"] as const) {
      expect(mayAct({ turn: { kind } }, 0)).toBe(false);
      expect(turnOf({ turn: { kind } })).toBeNull();
    }
  });

  it("has no single mover in a round of everyone", () => {
    expect(turnOf({ turn: sealedRound })).toBeNull();
    expect(activeSeats({ turn: sealedRound })).toHaveLength(3);
  });
});

describe("the viewer's actions and the record", () => {
  const view = {
    legal_actions: ["e2e4", "claim-draw", "resign", "offer-draw", "decline-draw"],
    played: [
      { seat: 0, said: "e4", action: "e2e4" },
      { seat: 1, said: "Black offers a draw", action: "offer-draw" },
      { seat: 1, said: "e5", action: "e7e5" },
      { seat: 0, said: "the checker on b1 moved" },
    ],
  };

  it("splits the courtesies from the game's own actions", () => {
    expect(courtesies(view)).toEqual(["resign", "offer-draw", "decline-draw"]);
    expect(gameActions(view)).toEqual(["e2e4", "claim-draw"]);
  });

  it("leaves resignations and draw offers out of the moves, and keeps what the viewer may not know", () => {
    expect(gamePlayed(view).map((p) => p.said)).toEqual(["e4", "e5", "the checker on b1 moved"]);
  });

  it("leaves out a move taken back and the referee's notes", () => {
    const played = [
      { seat: 0, said: "e4", action: "e2e4" },
      { seat: 0, said: "White asks to take back their last move", action: "offer-takeback" },
      { seat: 1, said: "Black lets White take back their last move", action: "accept-takeback" },
      { seat: 1, said: "A new phone now plays Black", action: "-" },
      { seat: 0, said: "d4", action: "d2d4" },
    ];
    expect(gamePlayed({ played }).map((p) => p.said)).toEqual(["d4"]);
    expect([...takenBack(played)]).toEqual([0]);
  });

  it("leaves out a move and the reply to it taken back together, and only those", () => {
    const played = [
      { seat: 0, said: "e4", action: "e2e4" },
      { seat: 1, said: "e5", action: "e7e5" },
      { seat: 0, said: "Nf3", action: "g1f3" },
      { seat: 1, said: "Nc6", action: "b8c6" },
      { seat: 0, said: "White asks to take back their last move and the reply to it", action: "offer-takeback" },
      { seat: 1, said: "Black lets White take back their last move and the reply to it", action: "accept-takeback" },
      { seat: 0, said: "d4", action: "d2d4" },
    ];
    expect(gamePlayed({ played }).map((p) => p.said)).toEqual(["e4", "e5", "d4"]);
    expect([...takenBack(played)]).toEqual([2, 3]);
  });
});

describe("seats by name", () => {
  it("names sides and teams from the view's seats", () => {
    expect(sideName({ seats }, 1)).toBe("Black");
    expect(sideName({ seats }, 4)).toBe("Seat 5");
    expect(teamOf({ seats }, 1)).toBe(1);
    expect(teamOf({ seats }, null)).toBeNull();
  });
});

describe("passing one phone around", () => {
  it("goes to the held seat whose turn it is", () => {
    expect(nextHolder({ turn: whitePlaysACard }, [0, 1], 1)).toBe(0);
    expect(nextHolder({ turn: whitePlaysACard }, [0, 1], 0)).toBe(0);
    expect(nextHolder({ turn: whitePlaysACard }, [1], 1)).toBe(1);
  });

  it("in a sealed round, goes to each held seat that has yet to seal, and stays put otherwise", () => {
    expect(nextHolder({ turn: sealedRound }, [0, 1, 2], 1)).toBe(0);
    expect(nextHolder({ turn: sealedRound }, [0, 1, 2], 2)).toBe(2);
    expect(nextHolder({ turn: { kind: "over" } }, [0, 1], 1)).toBe(1);
    expect(nextHolder({ turn: { kind: "anyone" } }, [0, 1], 0)).toBe(0);
  });
});

describe("a game that is over", () => {
  const active = { kind: "active", turn_of: 1, sealed: false, seats: [{ seat: 1, stage: "move", submitted: false }], submitted: 0 } as const;
  const base = { status: "active", turn: active, legal_actions: ["e7e5", "resign", "offer-draw"], draw_offer: { team: 0, agreed: [0] } } as unknown as View;

  it("takes no actions once over, though the engine's part still shows the turn it stopped at", () => {
    const ended = settled({ ...base, status: "over", ended_by_host: true } as View);
    expect(ended.turn).toEqual({ kind: "over" });
    expect(ended.legal_actions).toEqual([]);
    expect(ended.draw_offer).toBeNull();
    expect(mayAct(ended, 1)).toBe(false);
  });

  it("leaves a game in play as it is", () => {
    expect(settled(base)).toBe(base);
  });
});

describe("watching a game live", () => {
  /** A stand-in for the browser's EventSource: each one made is kept, to be driven by the test. */
  class FakeSource {
    static CLOSED = 2;
    static made: FakeSource[] = [];
    readyState = 1;
    onerror: (() => void) | null = null;
    listeners: { type: string; f: (e: { data: string }) => void }[] = [];
    constructor(public url: string) {
      FakeSource.made.push(this);
    }
    addEventListener(type: string, f: (e: { data: string }) => void) {
      this.listeners.push({ type, f });
    }
    emit(type: string, data: string) {
      this.listeners.filter((l) => l.type === type).forEach((l) => l.f({ data }));
    }
    close() {
      this.readyState = FakeSource.CLOSED;
    }
    send(view: object) {
      this.emit("view", JSON.stringify(view));
    }
    refuse() {
      this.readyState = FakeSource.CLOSED;
      this.onerror?.();
    }
  }

  it("opens the stream again after a refusal, from the last view seen, and stops once the game is over", async () => {
    vi.useFakeTimers();
    vi.stubGlobal("EventSource", FakeSource);
    const seen: number[] = [];
    const stop = watch("g1", "tok", 3, (v) => seen.push(v.seq));
    FakeSource.made[0].send({ seq: 4, status: "active" });
    FakeSource.made[0].refuse();
    expect(FakeSource.made.length).toBe(1);
    vi.advanceTimersByTime(REOPEN_MS);
    expect(FakeSource.made.length).toBe(2);
    expect(FakeSource.made[1].url).toContain("after=4");
    FakeSource.made[1].send({ seq: 9, status: "over" });
    expect(FakeSource.made[1].readyState).toBe(FakeSource.CLOSED);
    FakeSource.made[1].refuse();
    vi.advanceTimersByTime(REOPEN_MS * 3);
    expect(FakeSource.made.length).toBe(2);
    expect(seen).toEqual([4, 9]);
    stop();
    vi.unstubAllGlobals();
    vi.useRealTimers();
  });

  it("asks at once, not seconds later, when the referee ends the stream", () => {
    vi.useFakeTimers();
    vi.stubGlobal("EventSource", FakeSource);
    FakeSource.made = [];
    let refused = 0;
    const stop = watch("g1", "tok", 3, () => {}, () => refused++);
    FakeSource.made[0].emit("ended", "{}");
    expect(refused).toBe(1);
    expect(FakeSource.made[0].readyState).toBe(FakeSource.CLOSED);
    FakeSource.made[0].refuse();
    vi.advanceTimersByTime(REOPEN_MS * 3);
    expect(refused).toBe(1);
    expect(FakeSource.made.length).toBe(1);
    stop();
    vi.unstubAllGlobals();
    vi.useRealTimers();
  });
});
