import { describe, expect, it } from "vitest";
import type { PlayedEntry, SeatInfo } from "./api";
import { requestNews, teamName } from "./requests";

const seats: SeatInfo[] = [
  { seat: 0, side: "White", team: 0 },
  { seat: 1, side: "Black", team: 1 },
];
const names = ["Ann", "Bob"];

/** White's phone (seat 0) at `seq`, with `played` and the requests open. */
function white(seq: number, played: PlayedEntry[], requests: { takeback?: number | null; draw?: number | null } = {}) {
  const draw = requests.draw === undefined || requests.draw === null ? null : { team: requests.draw, agreed: [requests.draw] };
  return { seq, seat: 0, seats, names, played, draw_offer: draw, takeback_request: requests.takeback ?? null };
}

const e4 = { seat: 0, said: "e4", action: "e2e4" };
const asked = { seat: 0, said: "White asks to take back their last move", action: "offer-takeback" };

describe("what a phone is told of its requests", () => {
  it("tells the other side's answer in the referee's words", () => {
    const before = white(3, [e4, asked], { takeback: 0 });
    const accepted = white(4, [e4, asked, { seat: 1, said: "Black lets White take back their last move", action: "accept-takeback" }]);
    expect(requestNews(before, accepted)).toBe("Black lets White take back their last move.");
    const declined = white(4, [e4, asked, { seat: 1, said: "Black declines the takeback", action: "decline-takeback" }]);
    expect(requestNews(before, declined)).toBe("Black declines the takeback.");
  });

  it("says a request lapsed when the other side played on instead", () => {
    const before = white(3, [e4, asked], { takeback: 0 });
    const played = white(4, [e4, asked, { seat: 1, said: "Nf6", action: "g8f6" }]);
    expect(requestNews(before, played)).toBe("Bob (Black) played on: your request to take back your move lapsed, and it stands.");
    const { takeback_request: _, draw_offer: __, ...absent } = played;
    expect(requestNews(before, absent)).toBe("Bob (Black) played on: your request to take back your move lapsed, and it stands.");
    const offered = white(3, [e4], { draw: 0 });
    expect(requestNews(offered, white(4, [e4, { seat: 1, said: "e5", action: "e7e5" }]))).toBe("Bob (Black) played on: your draw offer lapsed.");
  });

  it("says nothing of its own answers, of moves with no request open, or of a view no newer", () => {
    const before = white(3, [e4, asked], { takeback: 0 });
    const withdrawn = white(4, [e4, asked, { seat: 0, said: "White withdraws the takeback request", action: "decline-takeback" }]);
    expect(requestNews(before, withdrawn)).toBeNull();
    expect(requestNews(white(3, [e4]), white(4, [e4, { seat: 1, said: "e5", action: "e7e5" }]))).toBeNull();
    expect(requestNews(before, before)).toBeNull();
    expect(requestNews(before, { ...before, seq: 4, seat: null })).toBeNull();
  });

  it("names a side by its player where one seat plays it", () => {
    const view = { seats, names, teams: ["White", "Black"] };
    expect(teamName(view, 1)).toBe("Bob (Black)");
    const pairs = { seats: [...seats, { seat: 2, side: "White", team: 0 }], names, teams: ["White", "Black"] };
    expect(teamName(pairs, 0)).toBe("White");
  });
});
