// Re-derives a finished game's draws in the browser (WebCrypto, or noble where the page has
// none: `crypto.ts`), exactly as
// docs/randomness.md specifies: the commitment is SHA-256(seed); the game key is
// HMAC-SHA256(seed, "table-referee/v1/game-key" || u32be(len) || entropy ...); event seq's
// stream is the big-endian words of HMAC-SHA256(key, "table-referee/v1/event" || u64be(seq) ||
// u32be(j)) — in derivation 2, HMAC-SHA256(key, "table-referee/v2/event" || u64be(seq) ||
// u8(actor) || u32be(len(action)) || action || u32be(j)), actor 0 for the start and seat + 1
// otherwise; below(n) rejects words at or above 2^32 - (2^32 mod n).

import { hmacSha256 as hmac, sha256, signatureHolds } from "./crypto";
import { concat, fields, fromHex, toHex, u32be } from "./digest";
import { errorWords } from "./errors";
import { actionMessage, joinMessage } from "./keys";

export { fromHex, sha256, signatureHolds, toHex };

const encoder = new TextEncoder();

function u64be(n: number): Uint8Array {
  const b = new Uint8Array(8);
  new DataView(b.buffer).setBigUint64(0, BigInt(n));
  return b;
}

export async function gameKey(seed: Uint8Array, contributions: Uint8Array[]): Promise<Uint8Array> {
  const parts: Uint8Array[] = [encoder.encode("table-referee/v1/game-key")];
  for (const c of contributions) parts.push(u32be(c.length), c);
  return hmac(seed, concat(parts));
}

/** Who acts in an event and what (derivation 2): actor 0 for the start, seat + 1 otherwise,
 * and the action as recorded ("" for the start). */
export interface EventContext {
  actor: number;
  action: string;
}

/** The context of an audit record's event. */
export function contextOf(event: any): EventContext {
  return event.type === "action" || event.action !== undefined
    ? { actor: Number(event.seat) + 1, action: String(event.action) }
    : { actor: 0, action: "" };
}

/** Derivation 3's streams: the setup, a seat's `count`-th action (from 0) as recorded, or the
 * resolution of sealed round `round` (from 0). */
export type StreamId = { kind: "start" } | { kind: "seat"; seat: number; count: number; action: string } | { kind: "round"; round: number };

/** The bytes that name a derivation 3 stream after its label. */
function streamBytes(stream: StreamId): Uint8Array {
  switch (stream.kind) {
    case "start":
      return new Uint8Array([0]);
    case "seat": {
      const action = encoder.encode(stream.action);
      return concat([new Uint8Array([1, stream.seat]), u64be(stream.count), u32be(action.length), action]);
    }
    case "round":
      return concat([new Uint8Array([2]), u64be(stream.round)]);
  }
}

/** The word stream of one event: derivation 1 without a context, 2 with one, 3 with a stream
 * (which no event number enters). */
export class EventStream {
  private words: number[] = [];
  private block = 0;
  private prefix: Uint8Array;
  constructor(
    private key: Uint8Array,
    seq: number,
    context?: EventContext,
    stream?: StreamId,
  ) {
    if (stream) this.prefix = concat([encoder.encode("table-referee/v3/draws"), streamBytes(stream)]);
    else if (context) {
      const action = encoder.encode(context.action);
      this.prefix = concat([encoder.encode("table-referee/v2/event"), u64be(seq), new Uint8Array([context.actor]), u32be(action.length), action]);
    } else this.prefix = concat([encoder.encode("table-referee/v1/event"), u64be(seq)]);
  }

  async nextU32(): Promise<number> {
    if (this.words.length === 0) {
      const bytes = await hmac(this.key, concat([this.prefix, u32be(this.block)]));
      this.block++;
      const view = new DataView(bytes.buffer);
      for (let i = 0; i < 8; i++) this.words.push(view.getUint32(4 * i));
    }
    return this.words.shift()!;
  }

  async below(n: number): Promise<number> {
    const zone = 2 ** 32 - (2 ** 32 % n);
    for (;;) {
      const x = await this.nextU32();
      if (x < zone) return x % n;
    }
  }
}

/** The streams an audit record's events drew from, in order: for each event, its own stream
 * (null where it draws nothing of its own) and its round's (derivation 3 only). */
export function eventStreams(record: any, key: Uint8Array): { event: any; own: EventStream | null; round: EventStream | null }[] {
  const derivation = Number(record.derivation ?? 1);
  const counts = new Map<number, number>();
  return (record.events ?? []).map((event: any) => {
    if (derivation < 3) return { event, own: new EventStream(key, event.seq, derivation >= 2 ? contextOf(event) : undefined), round: null };
    let own: EventStream | null = null;
    if (event.type === "start") own = new EventStream(key, event.seq, undefined, { kind: "start" });
    else if (event.type === "action") {
      const seat = Number(event.seat);
      const count = counts.get(seat) ?? 0;
      counts.set(seat, count + 1);
      own = new EventStream(key, event.seq, undefined, { kind: "seat", seat, count, action: String(event.action) });
    }
    const round = event.round === undefined || event.round === null ? null : new EventStream(key, event.seq, undefined, { kind: "round", round: Number(event.round) });
    return { event, own, round };
  });
}

/** One seat's share of the game key, as the audit record gives it and as checked here. */
export interface Contribution {
  seat: number;
  /** The contribution in hex, as recorded; "" when the seat gave none. */
  hex: string;
  /** The random hex digits a phone adds, when the contribution starts with them. */
  random: string | null;
  /** The text after them (or the whole contribution, as text, when it is text); null when none
   * or not text. */
  phrase: string | null;
  /** Whether the seat sealed it (sent only its SHA-256) when joining. */
  committed: boolean;
  /** Whether SHA-256 of the revealed contribution equals the seal (true where nothing was sealed). */
  matches: boolean;
}

/** Each seat's contribution from an audit record, its seal checked with SHA-256 here. */
export async function contributions(record: any): Promise<Contribution[]> {
  const entropy: string[] = record.entropy ?? [];
  const seals: string[] = record.entropy_commitments ?? [];
  const out: Contribution[] = [];
  for (const [seat, hex] of entropy.entries()) {
    const seal = seals[seat] ?? "";
    const bytes = fromHex(hex);
    // A seat that sealed randomness and never revealed it (a closed phone the table stopped
    // waiting for) is recorded with none: nothing to match.
    const matches = seal === "" || hex === "" || toHex(await sha256(bytes)) === seal.toLowerCase();
    let text: string | null = null;
    try {
      text = new TextDecoder("utf-8", { fatal: true }).decode(bytes);
    } catch {
      text = null;
    }
    const random = text && /^[0-9a-f]{32}/.test(text) ? text.slice(0, 32) : null;
    const rest = text === null ? null : random ? text.slice(32) : text;
    out.push({ seat, hex, random, phrase: rest ? rest : null, committed: seal !== "", matches });
  }
  return out;
}

export interface Verdict {
  ok: boolean;
  /** Why the check of the seed and the draws could not run on this phone (then `ok` is false
   * and says nothing about the record). */
  unchecked?: string;
  lines: string[];
  /** Each seat's contribution, checked against its seal. */
  contributions: Contribution[];
  /** What was drawn, event by event, with the record's words for the event (`drawnLine` says
   * it: "Seat 1: roll 2d6 — 2 draws (dice: 3, 5)"). */
  drawn: DrawnEvent[];
  /** The record's chain, checked against the links this phone kept (`ok` above is the seed and
   * the draws only). */
  chain: ChainVerdict;
  /** Every seat's signatures over its join and its actions. */
  signatures: SignatureVerdict;
}

/** Whether an event has a seat: an action does; the start, the host's end and a round's
 * deadline do not. */
const hasSeat = (event: any) => event.seat !== undefined && event.seat !== null;

/** An event whose draws are listed: who acted (null for the setup, a round's deadline, the
 * host's end), what happened in the record's words, and the draws as recorded. */
export interface DrawnEvent {
  seq: number;
  seat: number | null;
  /** "e4xd5: attack 7 (3+2, pawn 0, bonus 2) against defence 10 (4+6, pawn 0)", "The setup". */
  what: string;
  draws: Draw[];
}

/** One recorded draw: `value` in 0..bound−1. */
export interface Draw {
  bound: number;
  value: number;
}

/** The parts of an audit record's event the draws are read with. */
export interface AuditEvent {
  seq: number;
  type?: string;
  seat?: number | null;
  action?: string;
  description?: string;
  draws?: Draw[];
  /** The draws of the sealed round it closed (derivation 3: from the round's own stream). */
  round_draws?: Draw[];
}

/** The parts of an audit record the draws are read with. */
export interface AuditRecord {
  rules?: string;
  events?: AuditEvent[];
}

/** The record's events that drew something, as listed. */
export function drawnEvents(record: AuditRecord): DrawnEvent[] {
  // An event's own draws come before those of the round it closed, as it made them.
  const all = (e: AuditEvent) => [...(e.draws ?? []), ...(e.round_draws ?? [])];
  return (record.events ?? [])
    .filter((e) => all(e).length > 0)
    .map((e) => ({ seq: Number(e.seq), seat: e.action !== undefined && hasSeat(e) ? Number(e.seat) : null, what: eventWords(e), draws: all(e) }));
}

/** Draws in words a player follows, whatever the game: the runs a Fisher–Yates shuffle of n
 * things makes (bounds n, n−1, …, 2) as "a shuffle of n cards", dice (bound 6) by their faces,
 * any other draw as "3 of 4" (the third of four possibilities). */
export function drawWords(draws: Draw[]): string {
  // Whether a shuffle's run starts at `at`: bounds n, n−1, …, 2 with n ≥ 3.
  const shuffleAt = (at: number) => {
    const n = draws[at].bound;
    return n >= 3 && at + n - 1 <= draws.length && draws.slice(at, at + n - 1).every((d, k) => d.bound === n - k);
  };
  const parts: string[] = [];
  let i = 0;
  while (i < draws.length) {
    const bound = draws[i].bound;
    if (shuffleAt(i)) {
      parts.push(`a shuffle of ${bound} cards`);
      i += bound - 1;
    } else if (bound === 6) {
      let j = i + 1;
      while (j < draws.length && draws[j].bound === 6 && !shuffleAt(j)) j++;
      const faces = draws.slice(i, j).map((d) => d.value + 1);
      parts.push(`${faces.length === 1 ? "a die" : "dice"}: ${faces.join(", ")}`);
      i = j;
    } else {
      parts.push(`${draws[i].value + 1} of ${bound}`);
      i++;
    }
  }
  return parts.join("; ");
}

/** "Seat 2: roll 2d6 — 2 draws (dice: 3, 5)", "The setup — 23 draws (1 of 2; a shuffle of 12
 * cards; a shuffle of 12 cards)", "The round's deadline — 1 draw (4 of 28)"; `name` says a
 * seat ("White", "Ann (White)"). */
export function drawnLine(d: DrawnEvent, name: (seat: number) => string = (seat) => `Seat ${seat + 1}`): string {
  const n = d.draws.length;
  return `${d.seat === null ? "" : `${name(d.seat)}: `}${d.what} — ${n} draw${n === 1 ? "" : "s"} (${drawWords(d.draws)})`;
}

/** What an event was, for the record's readers: "Seat 2 rolled 2d6: 3 5" (the seat is said
 * apart), "The referee: …", "The setup", "The round's deadline", "The host's end". */
function eventWords(event: any): string {
  if (event.action !== undefined) return `${hasSeat(event) ? "" : "The referee: "}${event.description || event.action}`;
  switch (event.type) {
    case "deadline":
      return "The round's deadline";
    case "end":
      return "The host's end";
    case "reissued":
    case "rejoined":
      return String(event.description);
    case "start":
    case undefined:
      return "The setup";
    default:
      return `The ${event.type} event`;
  }
}

/** Why a check could not run, in words: a record whose fields cannot be read is named as such;
 * anything else is this phone's problem, not the record's. */
function couldNotRun(e: unknown, what: string): string {
  if (e instanceof Unreadable) return `The record cannot be read: ${e.message}.`;
  return errorWords(e, what);
}

/** A record field that is not what the record's format says (a seed that is not hex). */
export class Unreadable extends Error {}

function readHex(value: unknown, what: string): Uint8Array {
  try {
    return fromHex(String(value ?? ""));
  } catch {
    throw new Unreadable(`its ${what} is not written in hex`);
  }
}

/** Checks an audit record's commitment, every recorded draw, and its chain against the links
 * this phone kept (`checkpoints`). */
export async function verifyAudit(record: any, checkpoints: Checkpoint[] = [], ownKeys: Map<number, string> = new Map()): Promise<Verdict> {
  const lines: string[] = [];
  let chain: ChainVerdict;
  try {
    chain = await verifyChain(record, checkpoints);
  } catch (e) {
    const why = couldNotRun(e, "Checking the chain");
    chain = { ok: false, unchecked: why, unchained: false, checked: 0, line: `The record's chain could not be checked on this phone. ${why}` };
  }
  let signatures: SignatureVerdict;
  try {
    signatures = await verifySignatures(record, ownKeys);
  } catch (e) {
    const why = couldNotRun(e, "Checking the signatures");
    signatures = { ok: false, unchecked: why, signed: 0, unkeyed: [], line: `The signatures could not be checked on this phone. ${why}` };
  }
  try {
    const seed = readHex(record.seed, "seed");
    const commitment = toHex(await sha256(seed));
    if (commitment !== record.commitment) {
      return { ok: false, lines: [`The seed does not match the commitment published at the start (${record.commitment}).`], drawn: [], contributions: [], chain, signatures };
    }
    lines.push(`The revealed seed hashes to the commitment published when the game was created: ${commitment.slice(0, 16)}…`);
    if (!Array.isArray(record.entropy)) throw new Unreadable("it lists no entropy");
    // The start event, which the chain binds, says which randomness was mixed in; the record's
    // list of shares beside it is bound by nothing, so the two must agree.
    const start = (record.events ?? [])[0];
    if (start?.type === "start" && Array.isArray(start.entropy) && start.entropy.join(",") !== record.entropy.join(",")) {
      lines.push("The randomness the start recorded differs from the record's list of each seat's share.");
      return { ok: false, lines, drawn: [], contributions: [], chain, signatures };
    }
    const key = await gameKey(seed, (record.entropy as unknown[]).map((e, seat) => readHex(e, `Seat ${seat + 1}'s entropy`)));
    const shares = await contributions(record);
    const given = shares.filter((c) => c.hex.length > 0);
    const sealed = given.filter((c) => c.committed);
    const drawn = drawnEvents(record);
    const broken = shares.find((c) => !c.matches);
    if (broken) {
      lines.push(`Seat ${broken.seat + 1}'s revealed randomness does not hash to the seal it sent when joining.`);
      return { ok: false, lines, drawn, contributions: shares, chain, signatures };
    }
    // A game that draws nothing starts when its seats have joined: sealed shares are never
    // asked for, since nothing would use them.
    const drewNothing = drawn.length === 0 && given.length === 0 && shares.some((c) => c.committed);
    lines.push(
      drewNothing
        ? "Nothing in this game was drawn at random, so it started as soon as every seat had joined: the shares of randomness the phones sealed were never needed, and were not revealed."
        : given.length === 0
        ? "No seat contributed randomness of its own: every draw comes from the seed alone, fixed before anyone joined."
        : `The game key mixes in the randomness of ${given.length === 1 ? "one seat" : `${given.length} seats`}` +
            (sealed.length === given.length
              ? `, each sealed (SHA-256) when joining and revealed only once every seat had joined; every revealed value matches its seal.`
              : sealed.length > 0
                ? `; ${sealed.length} of them sealed (SHA-256) when joining and revealed once every seat had joined, each matching its seal; the others sent theirs in the clear.`
                : `, sent in the clear when joining.`),
    );
    for (const missed of drewNothing ? [] : shares.filter((c) => c.committed && c.hex === "")) {
      lines.push(
        `Seat ${missed.seat + 1} sealed randomness but its phone never revealed it: the table stopped waiting and the game started without its share, so its draws rest on the others' randomness and the seed.`,
      );
    }
    let draws = 0;
    for (const { event, own, round } of eventStreams(record, key)) {
      for (const [stream, list] of [
        [own, event.draws ?? []],
        [round, event.round_draws ?? []],
      ] as [EventStream | null, Draw[]][]) {
        for (const [i, draw] of list.entries()) {
          const value = stream ? await stream.below(draw.bound) : null;
          if (value !== draw.value) {
            lines.push(`Event ${event.seq}, draw ${i + 1}: the log says ${draw.value}, but the seed gives ${value ?? "no draw here"}.`);
            return { ok: false, lines, drawn, contributions: shares, chain, signatures };
          }
          draws++;
        }
      }
    }
    lines.push(`All ${draws} random draws in ${record.events.length} events follow from the seed.`);
    return { ok: true, lines, drawn, contributions: shares, chain, signatures };
  } catch (e) {
    // Not a finding about the record: the check itself could not run here.
    const why = couldNotRun(e, "Checking the draws");
    return { ok: false, unchecked: why, lines: [], drawn: [], contributions: [], chain, signatures };
  }
}

// The record's chain (docs/randomness.md, "The record's chain"). Chain 1 (games made before
// chain 2): link_0 = SHA-256 of "table-referee/v1/chain\n" + game id + "\n" + commitment; each
// event's link is SHA-256 of the link before it, "\n" and the event's text in the clear. Chain 2:
// link_0 binds the header as length-prefixed fields; each event enters as a commitment,
// SHA-256 of its fields after a salt, HMAC-SHA256(seed, "table-referee/v2/salt" || u64be(seq)),
// that nobody can compute before the seed is released. A view after n events carries link_n;
// the event with seq i carries link_{i+1}.

/** A link this phone saw: the chain after `seq` events, as a view showed it. */
export interface Checkpoint {
  seq: number;
  chain: string;
}

async function sha256Hex(bytes: Uint8Array | string): Promise<string> {
  return toHex(await sha256(typeof bytes === "string" ? encoder.encode(bytes) : bytes));
}

/** What the first link binds: the header fields of an audit record. */
export interface ChainHeader {
  game_id: string;
  commitment: string;
  chain?: number;
  rules?: string;
  rules_version?: number;
  derivation?: number;
  seat_count?: number;
  options_text?: string;
}

/** Which chain a record uses: 1 (made before chain 2) or 2. */
export const chainVersion = (record: { chain?: number }) => Number(record.chain ?? 1);

/** The chain before the first event. */
export function chainStart(header: ChainHeader): Promise<string> {
  if (chainVersion(header) < 2) return sha256Hex(`table-referee/v1/chain\n${header.game_id}\n${header.commitment}`);
  const h = header;
  return sha256Hex(
    fields(["table-referee/v2/chain", h.game_id, h.commitment, h.rules ?? "", String(h.rules_version), String(h.derivation), String(h.seat_count), h.options_text ?? ""]),
  );
}

/** An event as chain 1 hashes it: seq; the seat, or `-` for an event no seat made (the start,
 * the host's `end`, a round's `deadline`); the action as recorded, or for those the event's
 * type (`start`, `end`, `deadline`); the start's entropy joined by commas. */
export function eventText(event: any): string {
  const start = event.type === "start";
  const seat = hasSeat(event) ? String(event.seat) : "-";
  const action = event.type === "action" || (event.type === undefined && event.action !== undefined) ? String(event.action) : String(event.type);
  const entropy = start ? ((event.entropy ?? []) as string[]).join(",") : "";
  return `${event.seq}\n${seat}\n${action}\n${entropy}`;
}

/** Draws as chain 2 writes them: `bound:value`, comma-separated. */
const drawsText = (draws: Draw[] | undefined) => (draws ?? []).map((d) => `${d.bound}:${d.value}`).join(",");

/** What a chain 2 link commits to of one event, in order (docs/randomness.md). */
export function eventFields(event: any): string[] {
  const opt = (v: unknown) => (v === undefined || v === null ? "" : String(v));
  const signed = event.signed;
  const out = [
    String(event.seq),
    String(event.type),
    ["action", "reissued", "rejoined"].includes(event.type) ? String(event.seat) : "",
    opt(event.action),
    opt(event.description),
    String(event.at_ms),
    drawsText(event.draws),
    opt(event.round),
    drawsText(event.round_draws),
    opt(signed?.seq),
    opt(signed?.action),
    opt(signed?.signature),
    event.type === "start" ? ((event.entropy ?? []) as string[]).join(",") : "",
  ];
  // The start's statements, one per seat; a new phone's, where it took a seat (`rejoined`).
  const statements = event.type === "start" ? (event.seats ?? []) : event.type === "rejoined" ? [event.statement ?? {}] : [];
  for (const s of statements) out.push(opt(s.name), opt(s.key), opt(s.entropy_commitment), opt(s.signature));
  return out;
}

/** The salt of event `seq`'s commitment: HMAC-SHA256(seed, "table-referee/v2/salt" || u64be(seq)). */
export function salt(seed: Uint8Array, seq: number): Promise<Uint8Array> {
  return hmac(seed, concat([encoder.encode("table-referee/v2/salt"), u64be(seq)]));
}

/** The chain after `event`, from the link before it: chain 1 over the event's text; chain 2 over
 * its commitment, opened with the salt from `seed`. */
export async function chainLink(previous: string, event: any, version = 1, seed: Uint8Array = new Uint8Array()): Promise<string> {
  if (version < 2) return sha256Hex(`${previous}\n${eventText(event)}`);
  const commitment = await sha256Hex(fields(["table-referee/v2/event", await salt(seed, Number(event.seq)), ...eventFields(event)]));
  return sha256Hex(`${previous}\n${event.seq}\n${commitment}`);
}

/** What the chain check found: `checked` is how many of this phone's checkpoints the record
 * passes through; `unchained` when the game was recorded before links existed. */
export interface ChainVerdict {
  ok: boolean;
  /** Why the chain could not be checked on this phone (then `ok` says nothing). */
  unchecked?: string;
  unchained: boolean;
  checked: number;
  line: string;
}

/** "event 3 (Seat 1: e2e4)", "event 0 (the start)", "event 9 (the round's deadline)",
 * "event 12 (the host ended the game)". */
function eventName(event: any): string {
  const what =
    event.type === "start"
      ? "the start"
      : event.type === "deadline"
        ? "the round's deadline"
        : event.type === "end"
          ? "the host ended the game"
          : event.type === "reissued"
            ? `the host gave Seat ${Number(event.seat) + 1} a new code`
            : event.type === "rejoined"
              ? `a new phone took Seat ${Number(event.seat) + 1}`
              : hasSeat(event)
            ? `Seat ${Number(event.seat) + 1}: ${event.action}`
            : String(event.action ?? event.type);
  return `event ${event.seq} (${what})`;
}

const short = (hex: string) => `${hex.slice(0, 12)}…`;

/** Recomputes the record's chain, checks every event's stored link, and that the record passes
 * through every link this phone kept during the game. */
export async function verifyChain(record: any, checkpoints: Checkpoint[] = []): Promise<ChainVerdict> {
  const events: any[] = record.events ?? [];
  const kept = [...checkpoints].sort((a, b) => a.seq - b.seq);
  if (chainVersion(record) < 2 && events.every((e) => !e.chain)) {
    if (kept.length === 0) {
      return { ok: true, unchained: true, checked: 0, line: "This game was recorded before events were chained: there are no links to check." };
    }
    return {
      ok: false,
      unchained: true,
      checked: 0,
      line: `✗ The record carries no links, but this phone saw ${kept.length === 1 ? "one" : kept.length} during the game: the record is not the one the game was played on.`,
    };
  }
  const version = chainVersion(record);
  const seed = version >= 2 ? fromHex(String(record.seed ?? "")) : new Uint8Array();
  let link = await chainStart(record);
  const links = [link];
  for (const event of events) {
    link = await chainLink(link, event, version, seed);
    if (event.chain !== link) {
      return {
        ok: false,
        unchained: false,
        checked: 0,
        line: `✗ The record breaks at ${eventName(event)}: its link is ${short(String(event.chain ?? ""))}, but the events before it and the event itself give ${short(link)}. The record was changed at or before this event.`,
      };
    }
    links.push(link);
  }
  let since = 0;
  for (const [i, cp] of kept.entries()) {
    const here = links[cp.seq];
    if (here === undefined) {
      return {
        ok: false,
        unchained: false,
        checked: i,
        line: `✗ This phone saw the record reach ${cp.seq} events, but the record has only ${events.length}: events were removed.`,
      };
    }
    if (here !== cp.chain) {
      const which =
        cp.seq === 0 ? "the record is not for this game and commitment" : since === cp.seq - 1 ? `event ${since} was rewritten after this phone saw it` : `one of events ${since} to ${cp.seq - 1} was rewritten after this phone saw them`;
      return {
        ok: false,
        unchained: false,
        checked: i,
        line: `✗ The record does not pass through the link this phone saw after ${cp.seq} events (the phone kept ${short(cp.chain)}, the record gives ${short(here)}): ${which}.`,
      };
    }
    since = cp.seq;
  }
  const n = kept.length;
  return {
    ok: true,
    unchained: false,
    checked: n,
    line:
      n === 0
        ? `✓ All ${events.length} event links hold. This phone kept no links of its own during the game, so it cannot tell whether the record was rewritten whole.`
        : `✓ The record extends the ${n} link${n === 1 ? "" : "s"} this phone saw during the game, and all ${events.length} event links hold.`,
  };
}

// Signatures (docs/randomness.md, "Signatures"): a seat that joined with a public key signed its
// join and every action; the record keeps each signature, checked here (`crypto.ts`). What the
// seat signed must also be what the rules recorded, which the referee's own verifier checks.

/** What the signature check found: how many actions were signed, and the seats that joined
 * without a key (nothing but the referee's word shows their actions are theirs). */
export interface SignatureVerdict {
  ok: boolean;
  /** Why the signatures could not be checked on this phone (then `ok` says nothing). */
  unchecked?: string;
  signed: number;
  unkeyed: number[];
  line: string;
}

/** The first key two seats of the record joined with (at the start, or a new phone taking a
 * seat), as `[first seat, second seat]`; null when every key speaks for one seat. A signature
 * does not name its seat, so one key for two seats would let either's action pass as the
 * other's: the referee refuses such a join, and the record fails. */
export function sharedKey(record: any): [number, number] | null {
  const holders = new Map<string, number>();
  const events: any[] = record.events ?? [];
  const statements: [number, any][] = [
    ...((events[0]?.type === "start" ? events[0].seats ?? [] : []) as any[]).map((s, seat): [number, any] => [seat, s]),
    ...events.filter((e) => e.type === "rejoined").map((e): [number, any] => [Number(e.seat), e.statement ?? {}]),
  ];
  for (const [seat, s] of statements) {
    const key = String(s.key ?? "");
    if (!key) continue;
    const holder = holders.get(key);
    if (holder !== undefined && holder !== seat) return [holder, seat];
    holders.set(key, seat);
  }
  return null;
}

/** Checks every join and action signature of a record, and that each seat this phone holds
 * (`ownKeys`: seat → its public key) signed with this phone's key. */
export async function verifySignatures(record: any, ownKeys: Map<number, string> = new Map()): Promise<SignatureVerdict> {
  const events: any[] = record.events ?? [];
  const start = events[0];
  const fail = (line: string, signed = 0) => ({ ok: false, signed, unkeyed: [], line: `✗ ${line}` });
  // Chain 2 and derivation 3 came together: a record of derivation 3 calling itself chain 1 was
  // relabelled, its signatures dropped.
  const derivation = Number(record.derivation ?? 1);
  if (chainVersion(record) >= 2 !== derivation >= 3) {
    return fail(
      `The record says chain ${chainVersion(record)} with derivation ${derivation}, but derivation 3 exists only with chain 2: it was relabelled, and whatever it dropped (the seats' signatures) cannot be checked.`,
    );
  }
  if (chainVersion(record) < 2 || start?.type !== "start") {
    return { ok: true, signed: 0, unkeyed: [], line: "This game was recorded before seats signed their actions: no action in it is signed, so each rests on the referee's word." };
  }
  const shared = sharedKey(record);
  if (shared) {
    return fail(`Seats ${shared[0] + 1} and ${shared[1] + 1} joined with the same key: a signature does not name its seat, so an action of either could be recorded as the other's.`);
  }
  const seats: any[] = start.seats ?? [];
  const keys = seats.map((s) => String(s.key ?? ""));
  // Every key each seat was held with, in order: the start's, then each new phone's.
  const history = keys.map((k) => [k]);
  const joinSigned = (s: any, clear: string) =>
    signatureHolds(String(s.key), joinMessage(record.game_id, String(s.key), String(s.entropy_commitment ?? ""), clear, String(s.name ?? "")), String(s.signature ?? ""));
  for (const [seat, s] of seats.entries()) {
    if (!keys[seat]) continue;
    const clear = s.entropy_commitment ? "" : String(record.entropy?.[seat] ?? "");
    if (!(await joinSigned(s, clear))) return fail(`Seat ${seat + 1}'s join is not signed by its key.`);
  }
  let signed = 0;
  for (const e of events.filter((e) => e.type === "action" || e.type === "rejoined")) {
    if (e.type === "rejoined") {
      // A new phone took the seat after the host re-issued its code: its key signs from here.
      const s = e.statement ?? {};
      if (s.key && !(await joinSigned(s, ""))) return fail(`Event ${e.seq}: the new phone's join for Seat ${Number(e.seat) + 1} is not signed by its key.`, signed);
      keys[Number(e.seat)] = String(s.key ?? "");
      history[Number(e.seat)]?.push(keys[Number(e.seat)]);
      continue;
    }
    const key = keys[Number(e.seat)];
    if (!key) continue;
    if (!e.signed) return fail(`Event ${e.seq} is in Seat ${Number(e.seat) + 1}'s name but carries no signature.`, signed);
    const message = actionMessage(record.game_id, Number(e.signed.seq), String(e.key ?? ""), String(e.signed.action));
    if (!(await signatureHolds(key, message, String(e.signed.signature)))) return fail(`Event ${e.seq} is not signed by Seat ${Number(e.seat) + 1}'s key.`, signed);
    signed++;
  }
  // A seat this phone holds: from the moment its key first held it, no other key may have.
  for (const [seat, own] of ownKeys) {
    const held = history[seat] ?? [];
    const since = held.indexOf(own);
    if (since < 0 || held.slice(since).some((k) => k !== own)) {
      return fail(`Seat ${seat + 1} joined on this phone, but the record gives it another key: someone else acted in its name.`, signed);
    }
  }
  const unkeyed = keys.flatMap((k, seat) => (k ? [] : [seat]));
  const line =
    unkeyed.length === 0
      ? `✓ Every seat joined with a key made on its phone, and all ${signed} of their actions carry its signature: nobody acted in another's name.`
      : `✓ The ${signed} signed actions hold. ${unkeyed.map((s) => `Seat ${s + 1}`).join(", ")} joined without a key: for ${unkeyed.length === 1 ? "its" : "their"} actions there is only the referee's word.`;
  return { ok: true, signed, unkeyed, line };
}
