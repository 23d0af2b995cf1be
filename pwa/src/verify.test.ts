// The browser's derivation must give the published test vectors of docs/randomness.md.
import { describe, expect, it } from "vitest";
import { readFileSync } from "node:fs";
import { EventStream, gameKey, sha256, toHex, verifyAudit } from "./verify";

const vectors = (name: string) => readFileSync(new URL(`../../referee/rules/tests/vectors/${name}`, import.meta.url), "utf8").trim();
const seed = new TextEncoder().encode("0123456789abcdef0123456789abcdef");

describe("randomness derivation", () => {
  it("matches the game key vectors", async () => {
    expect(toHex(await sha256(new TextEncoder().encode("abc")))).toBe("ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad");
    expect(toHex(await gameKey(seed, []))).toBe(vectors("game_key_no_entropy.txt"));
    expect(toHex(await gameKey(seed, [new TextEncoder().encode("alice"), new Uint8Array()]))).toBe(vectors("game_key_alice_empty.txt"));
  });

  it("matches the word, dice and shuffle vectors", async () => {
    const key = await gameKey(seed, []);
    const words = new EventStream(key, 7);
    const w: number[] = [];
    for (let i = 0; i < 10; i++) w.push(await words.nextU32());
    expect(w.join(" ")).toBe(vectors("event7_words.txt"));
    const dice = new EventStream(key, 7);
    const d: number[] = [];
    for (let i = 0; i < 10; i++) d.push((await dice.below(6)) + 1);
    expect(d.join(" ")).toBe(vectors("event7_d6.txt"));
    const shuffle = new EventStream(key, 8);
    const deck = Array.from({ length: 52 }, (_, i) => i);
    for (let i = 51; i > 0; i--) {
      const j = await shuffle.below(i + 1);
      [deck[i], deck[j]] = [deck[j], deck[i]];
    }
    expect(deck.join(" ")).toBe(vectors("event8_shuffle52.txt"));
  });

  it("accepts a consistent record and names a tampered draw", async () => {
    const seedHex = toHex(seed);
    const key = await gameKey(seed, []);
    const stream = new EventStream(key, 0);
    const value = await stream.below(960);
    const record = {
      seed: seedHex,
      commitment: toHex(await sha256(seed)),
      entropy: [],
      events: [{ seq: 0, draws: [{ bound: 960, value }] }],
    };
    expect((await verifyAudit(record)).ok).toBe(true);
    record.events[0].draws[0].value = (value + 1) % 960;
    const verdict = await verifyAudit(record);
    expect(verdict.ok).toBe(false);
    expect(verdict.lines.at(-1)).toContain("Event 0, draw 1");
  });
});

describe("each seat's contribution", () => {
  const hex = (s: string) => toHex(new TextEncoder().encode(s));
  const seal = async (s: string) => toHex(await sha256(new TextEncoder().encode(s)));
  const record = async (entropy: string[], seals: string[]) => ({
    seed: toHex(seed),
    commitment: toHex(await sha256(seed)),
    entropy: entropy.map(hex),
    entropy_commitments: seals,
    events: [],
  });

  it("checks each sealed contribution against its seal and splits the phone's digits from the words", async () => {
    const phone = "000102030405060708090a0b0c0d0e0f";
    const r = await record([`${phone}Bob`, "clear"], [await seal(`${phone}Bob`), ""]);
    const verdict = await verifyAudit(r);
    expect(verdict.ok).toBe(true);
    expect(verdict.contributions).toEqual([
      { seat: 0, hex: hex(`${phone}Bob`), random: phone, phrase: "Bob", committed: true, matches: true },
      { seat: 1, hex: hex("clear"), random: null, phrase: "clear", committed: false, matches: true },
    ]);
    expect(verdict.lines.join(" ")).toContain("2 seats; 1 of them sealed");
  });

  it("refuses a contribution that does not match its seal", async () => {
    const verdict = await verifyAudit(await record(["one", "two"], [await seal("one"), await seal("three")]));
    expect(verdict.ok).toBe(false);
    expect(verdict.lines.at(-1)).toContain("Seat 2's revealed randomness does not hash to the seal");
  });

  it("claims no contribution nobody made", async () => {
    const verdict = await verifyAudit(await record(["", ""], ["", ""]));
    expect(verdict.ok).toBe(true);
    expect(verdict.lines.join(" ")).toContain("No seat contributed randomness of its own");
    expect(verdict.contributions.every((c) => !c.hex && !c.committed)).toBe(true);
  });
});
