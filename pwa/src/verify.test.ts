// The browser's derivation must give the published test vectors of docs/randomness.md.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { readFileSync } from "node:fs";
import { createHash } from "node:crypto";
import { type Checkpoint, EventStream, chainLink, chainStart, contextOf, drawWords, drawnLine, eventText, gameKey, sha256, sharedKey, signatureHolds, toHex, verifyAudit, verifyChain, verifySignatures } from "./verify";
import { actionMessage, joinMessage } from "./keys";
import { type CryptoPath, forcePath } from "./crypto";

const vectors = (name: string) => readFileSync(new URL(`../../referee/rules/tests/vectors/${name}`, import.meta.url), "utf8").trim();
const seed = new TextEncoder().encode("0123456789abcdef0123456789abcdef");

const recordVectors = (name: string) => readFileSync(new URL(`../../referee/tests/vectors/${name}`, import.meta.url), "utf8").trim();

// Every vector on both paths: WebCrypto, and noble as a page without WebCrypto uses it.
for (const path of ["webcrypto", "noble"] as CryptoPath[]) {
describe(`on the ${path} path`, () => {
  beforeAll(() => forcePath(path));
  afterAll(() => forcePath(null));

  describe("derivation 3, chain 2 and signatures", () => {
    it("draws each stream's words as published", async () => {
      const key = await gameKey(seed, []);
      const words = async (stream: ConstructorParameters<typeof EventStream>[3], n: number) => {
        const s = new EventStream(key, 0, undefined, stream);
        const out: number[] = [];
        for (let i = 0; i < n; i++) out.push(await s.nextU32());
        return out.join(" ");
      };
      expect(await words({ kind: "start" }, 4)).toBe(vectors("v3_start_words.txt"));
      expect(await words({ kind: "seat", seat: 1, count: 0, action: "roll 10d6" }, 10)).toBe(vectors("v3_seat2_first_roll_words.txt"));
      expect(await words({ kind: "round", round: 3 }, 4)).toBe(vectors("v3_round3_words.txt"));
    });

    it("links chain 2 as published", async () => {
      const header = { game_id: "g1", commitment: toHex(await sha256(seed)), chain: 2, rules: "table-tools", rules_version: 2, derivation: 3, seat_count: 2, options_text: '{"seats":2}' };
      const link0 = await chainStart(header);
      expect(link0).toBe(recordVectors("chain2_link0.txt"));
      const event = { seq: 1, type: "action", seat: 0, action: "roll 2d6", description: "rolled 2d6: 3 5", key: "k1", at_ms: 1700000000000, draws: [{ bound: 6, value: 2 }, { bound: 6, value: 4 }] };
      const link1 = await chainLink(link0, event, 2, seed);
      expect(link1).toBe(recordVectors("chain2_event1_link_after_link0.txt"));
      // A new phone taking seat 2 after the host re-issued its code: its statement is bound too.
      const statement = { name: "Bea", key: recordVectors("ed25519_public_key.txt"), signature: "ab" };
      const rejoined = { seq: 2, type: "rejoined", seat: 1, description: "A new phone now plays Seat 2", statement, at_ms: 1700000001000 };
      expect(await chainLink(link1, rejoined, 2, seed)).toBe(recordVectors("chain2_event2_rejoined_link.txt"));
    });

    it("signs and checks what the referee signs", async () => {
      const key = recordVectors("ed25519_public_key.txt");
      expect(toHex(joinMessage("g1", key, "", "", "Ann"))).toBe(recordVectors("join_message.txt"));
      const message = actionMessage("g1", 1, "k1", "roll 2d6");
      expect(toHex(message)).toBe(recordVectors("action_message.txt"));
      expect(await signatureHolds(key, message, recordVectors("action_signature.txt"))).toBe(true);
      expect(await signatureHolds(key, actionMessage("g1", 1, "k1", "roll 3d6"), recordVectors("action_signature.txt"))).toBe(false);
    });
  });

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

    it("matches derivation 2's vectors: the seat acting and its action change the draws", async () => {
      const key = await gameKey(seed, []);
      const seat2 = { actor: 2, action: "roll 10d6" };
      const words = new EventStream(key, 7, seat2);
      const w: number[] = [];
      for (let i = 0; i < 10; i++) w.push(await words.nextU32());
      expect(w.join(" ")).toBe(vectors("v2_event7_seat2_words.txt"));
      const roll = async (context: { actor: number; action: string }) => {
        const stream = new EventStream(key, 7, context);
        const d: number[] = [];
        for (let i = 0; i < 10; i++) d.push((await stream.below(6)) + 1);
        return d.join(" ");
      };
      expect(await roll(seat2)).toBe(vectors("v2_event7_seat2_d6.txt"));
      expect(await roll({ actor: 1, action: "roll 10d6" })).toBe(vectors("v2_event7_seat1_d6.txt"));
      const start = new EventStream(key, 0, { actor: 0, action: "" });
      const s: number[] = [];
      for (let i = 0; i < 4; i++) s.push(await start.nextU32());
      expect(s.join(" ")).toBe(vectors("v2_event0_start_words.txt"));
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

    it("says so when a sealed contribution was never revealed and the game started without it", async () => {
      const r = await record(["one", ""], [await seal("one"), await seal("closed phone")]);
      const verdict = await verifyAudit(r);
      expect(verdict.ok).toBe(true);
      expect(verdict.lines.join(" ")).toContain("Seat 2 sealed randomness but its phone never revealed it");
    });

    it("claims no contribution nobody made", async () => {
      const verdict = await verifyAudit(await record(["", ""], ["", ""]));
      expect(verdict.ok).toBe(true);
      expect(verdict.lines.join(" ")).toContain("No seat contributed randomness of its own");
      expect(verdict.contributions.every((c) => !c.hex && !c.committed)).toBe(true);
    });
  });

  describe("the record's chain", () => {
    // Written from docs/randomness.md with Node's own SHA-256, not with the code under test.
    const h = (text: string) => createHash("sha256").update(text, "utf8").digest("hex");
    const commitment = h("a seed");

    /** A small hand-made record (start, two moves and a roll), each event carrying its link;
     * `links[n]` is the chain after n events, as a view with seq n shows it. */
    function chained(events: any[], gameId = "g1") {
      let link = h(`table-referee/v1/chain\n${gameId}\n${commitment}`);
      const links = [link];
      for (const e of events) {
        // The start, the host's end and a round's deadline have no seat: `-`, and their type.
        const text =
          e.type === "start" ? `${e.seq}\n-\nstart\n${e.entropy.join(",")}` : e.type === "action" ? `${e.seq}\n${e.seat}\n${e.action}\n` : `${e.seq}\n-\n${e.type}\n`;
        link = h(`${link}\n${text}`);
        e.chain = link;
        links.push(link);
      }
      return { record: { game_id: gameId, commitment, events }, links };
    }
    const game = () =>
      chained([
        { seq: 0, type: "start", entropy: ["aa01", "bb02"], draws: [{ bound: 960, value: 518 }] },
        { seq: 1, type: "action", seat: 0, action: "e2e4", description: "e4", draws: [] },
        { seq: 2, type: "action", seat: 1, action: "e7e5", description: "e5", draws: [] },
        { seq: 3, type: "action", seat: 0, action: "roll 2d6", description: "rolled", draws: [{ bound: 6, value: 2 }, { bound: 6, value: 5 }] },
      ]);
    const kept = (links: string[], ...seqs: number[]): Checkpoint[] => seqs.map((seq) => ({ seq, chain: links[seq] }));

    it("hashes what the doc says", async () => {
      expect(await chainStart({ game_id: "g1", commitment })).toBe(h(`table-referee/v1/chain\ng1\n${commitment}`));
      expect(eventText({ seq: 0, type: "start", entropy: ["aa", "", "bb"], draws: [] })).toBe("0\n-\nstart\naa,,bb");
      expect(eventText({ seq: 4, type: "action", seat: 2, action: "roll 2d6", draws: [{ bound: 6, value: 0 }, { bound: 6, value: 5 }] })).toBe("4\n2\nroll 2d6\n");
    });

    it("writes the host's end and a round's deadline with seat - and their type as the action", () => {
      expect(eventText({ seq: 12, type: "end", draws: [], at_ms: 1 })).toBe("12\n-\nend\n");
      expect(eventText({ seq: 9, type: "deadline", draws: [{ bound: 28, value: 3 }], at_ms: 1 })).toBe("9\n-\ndeadline\n");
      // A table-tools seat ending its table is an action with a seat, unlike the host's end.
      expect(eventText({ seq: 5, type: "action", seat: 1, action: "end", description: "ended" })).toBe("5\n1\nend\n");
      // No seat acted: their draws come from the start's context, as the referee derives them.
      expect(contextOf({ seq: 9, type: "deadline", draws: [] })).toEqual({ actor: 0, action: "" });
    });

    /** A Chess Battle record whose round 1 closed at its deadline (with the random zones' draws),
     * ended by the host. */
    const closed = () =>
      chained([
        { seq: 0, type: "start", entropy: ["aa01"], draws: [{ bound: 4, value: 2 }] },
        { seq: 1, type: "action", seat: 0, action: "c5", description: "c5", draws: [] },
        { seq: 2, type: "deadline", draws: [{ bound: 28, value: 3 }], at_ms: 3000 },
        { seq: 3, type: "end", draws: [], at_ms: 4000 },
      ]);

    it("passes a record with a deadline and the host's end, and names them where it breaks", async () => {
      const { record, links } = closed();
      expect(await verifyChain(record, kept(links, 2, 4))).toMatchObject({ ok: true, checked: 2 });
      const late = closed();
      late.record.events[2].type = "action";
      Object.assign(late.record.events[2], { seat: 1, action: "stay" });
      expect((await verifyChain(late.record)).line).toMatch(/^✗ The record breaks at event 2 \(Seat 2: stay\)/);
      const moved = closed();
      moved.record.events[2].seq = 7;
      expect((await verifyChain(moved.record)).line).toMatch(/^✗ The record breaks at event 7 \(the round's deadline\)/);
      const ended = closed();
      ended.record.events[3].chain = "0".repeat(64);
      expect((await verifyChain(ended.record)).line).toMatch(/^✗ The record breaks at event 3 \(the host ended the game\)/);
    });

    it("lists a deadline's draws as the deadline's, not the setup's", async () => {
      const { record } = closed();
      const verdict = await verifyAudit({ ...record, seed: toHex(seed), commitment: toHex(await sha256(seed)), entropy: record.events[0].entropy });
      expect(verdict.drawn.map((d) => drawnLine(d))).toEqual(["The setup — 1 draw (3 of 4)", "The round's deadline — 1 draw (4 of 28)"]);
    });

    it("says draws in words: shuffles by their runs, dice by their faces, other draws as one of n", () => {
      const run = (n: number) => Array.from({ length: n - 1 }, (_, k) => ({ bound: n - k, value: 0 }));
      const dice = [2, 1, 3, 5].map((value) => ({ bound: 6, value }));
      expect(drawWords(dice)).toBe("dice: 3, 2, 4, 6");
      expect(drawWords([{ bound: 2, value: 1 }, ...run(12), ...run(12)])).toBe("2 of 2; a shuffle of 12 cards; a shuffle of 12 cards");
      expect(drawWords([{ bound: 52, value: 19 }, ...run(52)])).toBe("20 of 52; a shuffle of 52 cards");
      // A die before a shuffle of six is one die.
      expect(drawWords([{ bound: 6, value: 4 }, ...run(6)])).toBe("a die: 5; a shuffle of 6 cards");
      expect(drawWords([{ bound: 960, value: 518 }])).toBe("519 of 960");
      expect(drawnLine({ seq: 3, seat: 0, what: "rolled 2d6: 3 6", draws: dice.slice(0, 2) }, () => "White")).toBe("White: rolled 2d6: 3 6 — 2 draws (dice: 3, 2)");
    });

    it("passes a good chain and every checkpoint on it", async () => {
      const { record, links } = game();
      const verdict = await verifyChain(record, kept(links, 0, 1, 3, 4));
      expect(verdict).toEqual({
        ok: true,
        unchained: false,
        checked: 4,
        line: "✓ The record extends the 4 links this phone saw during the game, and all 4 event links hold.",
      });
      // Through verifyAudit too, beside the draws.
      expect((await verifyAudit({ ...record, seed: "00", entropy: [] }, kept(links, 4))).chain.checked).toBe(1);
    });

    it("names the event whose action was changed", async () => {
      const { record, links } = game();
      record.events[2].action = "e7e6";
      const verdict = await verifyChain(record, kept(links, 4));
      expect(verdict.ok).toBe(false);
      expect(verdict.line).toMatch(/^✗ The record breaks at event 2 \(Seat 2: e7e6\)/);
    });

    it("names a changed roller too, and keeps the draws out of the links", async () => {
      const { record } = game();
      record.events[3].seat = 1;
      expect((await verifyChain(record)).line).toMatch(/^✗ The record breaks at event 3 \(Seat 2: roll 2d6\)/);
      // A hidden draw must not be findable from a link seen during the game: changing one leaves
      // every link as it was (the draw check against the seed catches it instead).
      const other = game();
      other.record.events[0].draws[0].value = 519;
      expect(await chainLink(await chainStart({ game_id: "g1", commitment }), other.record.events[0])).toBe(other.links[1]);
    });

    it("passes a consistent rewrite's links but fails it against a kept checkpoint", async () => {
      const honest = game();
      const rewritten = chained([
        { seq: 0, type: "start", entropy: ["aa01", "bb02"], draws: [{ bound: 960, value: 518 }] },
        { seq: 1, type: "action", seat: 0, action: "e2e4", description: "e4", draws: [] },
        { seq: 2, type: "action", seat: 1, action: "c7c5", description: "c5", draws: [] },
        { seq: 3, type: "action", seat: 0, action: "roll 2d6", description: "rolled", draws: [{ bound: 6, value: 2 }, { bound: 6, value: 5 }] },
      ]).record;
      // Every link recomputed: the record alone holds together.
      expect((await verifyChain(rewritten)).ok).toBe(true);
      // A phone that saw the honest links after 2 and 4 events catches it.
      const verdict = await verifyChain(rewritten, kept(honest.links, 0, 2, 4));
      expect(verdict.ok).toBe(false);
      expect(verdict.checked).toBe(2);
      expect(verdict.line).toMatch(/^✗ The record does not pass through the link this phone saw after 4 events .*: one of events 2 to 3 was rewritten after this phone saw them\.$/);
      const one = await verifyChain(rewritten, kept(honest.links, 2, 3));
      expect(one.line).toMatch(/: event 2 was rewritten after this phone saw it\.$/);
    });

    it("fails a record cut short of a checkpoint, and a record for another game", async () => {
      const { record, links } = game();
      record.events.pop();
      expect((await verifyChain(record, kept(links, 4))).line).toBe("✗ This phone saw the record reach 4 events, but the record has only 3: events were removed.");
      const moved = game();
      moved.record.game_id = "g2";
      expect((await verifyChain(moved.record, kept(moved.links, 0))).ok).toBe(false);
    });

    it("says an old game has no links without failing, unless the phone saw some", async () => {
      const { record, links } = game();
      for (const e of record.events) delete e.chain;
      expect(await verifyChain(record)).toEqual({
        ok: true,
        unchained: true,
        checked: 0,
        line: "This game was recorded before events were chained: there are no links to check.",
      });
      expect((await verifyChain(record, kept(links, 4))).ok).toBe(false);
    });
  });
});
}

// Issue 42: what `referee verify` refuses, the fairness check refuses too.
describe("what a record may not say", () => {
  const start = (seats: { key?: string }[], entropy: string[] = ["", ""]) => ({ seq: 0, type: "start", entropy, seats, at_ms: 1 });
  const keyA = `ed25519:${"a1".repeat(32)}`;
  const keyB = `ed25519:${"b2".repeat(32)}`;

  it("refuses derivation 3 under chain 1: a signed record relabelled to drop its signatures", async () => {
    const relabelled = { game_id: "g1", derivation: 3, events: [{ seq: 0, type: "start", entropy: ["", ""], at_ms: 1 }] };
    const verdict = await verifySignatures(relabelled);
    expect(verdict.ok).toBe(false);
    expect(verdict.line).toMatch(/^✗ The record says chain 1 with derivation 3, but derivation 3 exists only with chain 2/);
    const old = await verifySignatures({ ...relabelled, derivation: 2 });
    expect(old).toMatchObject({ ok: true, line: "This game was recorded before seats signed their actions: no action in it is signed, so each rests on the referee's word." });
  });

  it("refuses a key that speaks for two seats, at the start or for a new phone", async () => {
    const both = { game_id: "g1", chain: 2, derivation: 3, events: [start([{ key: keyA }, { key: keyA }])] };
    expect(sharedKey(both)).toEqual([0, 1]);
    const verdict = await verifySignatures(both);
    expect(verdict.ok).toBe(false);
    expect(verdict.line).toBe("✗ Seats 1 and 2 joined with the same key: a signature does not name its seat, so an action of either could be recorded as the other's.");
    const rejoined = { seq: 1, type: "rejoined", seat: 0, description: "A new phone now plays White", statement: { key: keyB }, at_ms: 2 };
    expect(sharedKey({ events: [start([{ key: keyA }, { key: keyB }]), rejoined] })).toEqual([1, 0]);
    // A seat's own old key may come back to it.
    expect(sharedKey({ events: [start([{ key: keyB }, { key: keyA }]), rejoined] })).toBeNull();
  });

  it("refuses a list of shares that is not the one the start recorded", async () => {
    const seed = new Uint8Array(32);
    const record = { game_id: "g1", seed: toHex(seed), commitment: toHex(await sha256(seed)), entropy: ["", "6d7920776f726473"], events: [start([{}, {}], ["", ""])] };
    const verdict = await verifyAudit(record);
    expect(verdict.ok).toBe(false);
    expect(verdict.lines).toContain("The randomness the start recorded differs from the record's list of each seat's share.");
  });
});
