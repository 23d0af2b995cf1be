import { describe, expect, it } from "vitest";
import { ApiError, type JoinBody, type Joined } from "./api";
import { PHRASE_BYTES, awaitingWords, commitmentOf, dueSeats, nameProblem, newEntropy, phraseProblem, sendJoin, utf8Bytes } from "./joining";

describe("a seat's entropy", () => {
  it("counts bytes as the referee does, not characters", () => {
    expect(utf8Bytes("é".repeat(16))).toBe(32);
    expect(phraseProblem("é".repeat(16))).toBeNull();
    expect(phraseProblem("é".repeat(33))).toMatch(/66 bytes long and at most 32 fit/);
    expect(phraseProblem("x".repeat(PHRASE_BYTES + 1))).not.toBeNull();
  });

  it("is 32 hex digits of the phone's randomness, then the phrase, and never over 64 bytes", () => {
    const random = Uint8Array.from({ length: 16 }, (_, i) => i);
    expect(newEntropy("Bob", random)).toBe("000102030405060708090a0b0c0d0e0fBob");
    expect(newEntropy()).toMatch(/^[0-9a-f]{32}$/);
    expect(newEntropy("a") === newEntropy("a")).toBe(false);
    expect(utf8Bytes(newEntropy("é".repeat(16)))).toBe(64);
  });

  it("is committed to by SHA-256 of its UTF-8 bytes, in lower-case hex", async () => {
    expect(await commitmentOf("abc")).toBe("ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad");
  });

  it("is due for revealing only once every seat has joined", () => {
    const waiting = { status: "waiting" as const, seat_count: 2, awaiting_reveal: [0] };
    expect(dueSeats({ ...waiting, joined_seats: [0] })).toEqual([]);
    expect(dueSeats({ ...waiting, joined_seats: [0, 1] })).toEqual([0]);
    expect(dueSeats({ ...waiting, status: "active", joined_seats: [0, 1], awaiting_reveal: [] })).toEqual([]);
  });
});

describe("names", () => {
  it("are at most 24 characters", () => {
    expect(nameProblem("Ann")).toBeNull();
    expect(nameProblem("é".repeat(24))).toBeNull();
    expect(nameProblem("x".repeat(25))).toMatch(/at most 24/);
  });
});

describe("a join", () => {
  const joined = { seat: 1, token: "t", view: {} } as Joined;
  const body: JoinBody = { join_code: "AAAA-BBBB", client_key: "k", entropy_commitment: "00".repeat(32) };

  it("is sent again, the same, after a lost answer", async () => {
    const sent: JoinBody[] = [];
    const send = async (_: string, b: JoinBody) => {
      sent.push(b);
      if (sent.length === 1) throw new ApiError(0, "offline", "lost");
      return joined;
    };
    expect(await sendJoin("g", body, send)).toBe(joined);
    expect(sent).toEqual([body, body]);
  });

  it("is not sent again after a refusal, nor more than twice", async () => {
    let n = 0;
    const refused = async () => {
      n++;
      throw new ApiError(403, "bad_join_code", "That join code is not one of this game's.");
    };
    await expect(sendJoin("g", body, refused)).rejects.toThrow("not one of this game's");
    expect(n).toBe(1);
    n = 0;
    const lost = async () => {
      n++;
      throw new ApiError(0, "offline", "lost");
    };
    await expect(sendJoin("g", body, lost)).rejects.toThrow("lost");
    expect(n).toBe(2);
  });
});

describe("a player's name", () => {
  it("is refused on the phone as the referee refuses it: on one line, nothing invisible or turning the text", () => {
    expect(nameProblem("Zoë Ødegård")).toBeNull();
    for (const name of ["\u202eadA", "Ada\nBob", "A\u200bda", "Ada\u2066"]) expect(nameProblem(name)).toMatch(/on one line/);
  });
});

describe("whom the table waits for", () => {
  const seats = [
    { seat: 0, side: "White", team: 0 },
    { seat: 1, side: "Black", team: 1 },
  ];
  it("names the phone that must open the game, and when the game starts without it", () => {
    const deadline = new Date(2026, 10, 27, 14, 5).getTime();
    const words = awaitingWords({ seats, names: ["Ann", null], awaiting_reveal: [0], reveal_deadline_ms: deadline });
    expect(words).toContain("Ann's phone needs to open the game");
    expect(words).toContain("the game starts without that phone's share");
    expect(words).toContain(new Date(deadline).toLocaleTimeString([], { hour: "2-digit", minute: "2-digit" }));
  });
  it("says the game is starting when nobody is awaited", () => {
    expect(awaitingWords({ seats, names: [], awaiting_reveal: [], reveal_deadline_ms: null })).toContain("starting");
  });
});
