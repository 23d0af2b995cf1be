// Re-derives a finished game's draws in the browser, with WebCrypto only, exactly as
// docs/randomness.md specifies: the commitment is SHA-256(seed); the game key is
// HMAC-SHA256(seed, "table-referee/v1/game-key" || u32be(len) || entropy ...); event seq's
// stream is the big-endian words of HMAC-SHA256(key, "table-referee/v1/event" || u64be(seq) ||
// u32be(j)) — in derivation 2, HMAC-SHA256(key, "table-referee/v2/event" || u64be(seq) ||
// u8(actor) || u32be(len(action)) || action || u32be(j)), actor 0 for the start and seat + 1
// otherwise; below(n) rejects words at or above 2^32 - (2^32 mod n).

import { fromHex, sha256, toHex } from "./digest";

export { fromHex, sha256, toHex };

const encoder = new TextEncoder();

function concat(parts: Uint8Array[]): Uint8Array<ArrayBuffer> {
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const p of parts) {
    out.set(p, at);
    at += p.length;
  }
  return out;
}

function u32be(n: number): Uint8Array {
  const b = new Uint8Array(4);
  new DataView(b.buffer).setUint32(0, n);
  return b;
}

function u64be(n: number): Uint8Array {
  const b = new Uint8Array(8);
  new DataView(b.buffer).setBigUint64(0, BigInt(n));
  return b;
}

async function hmac(key: Uint8Array, data: Uint8Array): Promise<Uint8Array> {
  const k = await crypto.subtle.importKey("raw", key as BufferSource, { name: "HMAC", hash: "SHA-256" }, false, ["sign"]);
  return new Uint8Array(await crypto.subtle.sign("HMAC", k, data as BufferSource));
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

/** The word stream of one event: derivation 1 without a context, 2 with one. */
export class EventStream {
  private words: number[] = [];
  private block = 0;
  constructor(
    private key: Uint8Array,
    private seq: number,
    private context?: EventContext,
  ) {}

  private message(): Uint8Array<ArrayBuffer> {
    if (!this.context) return concat([encoder.encode("table-referee/v1/event"), u64be(this.seq), u32be(this.block)]);
    const action = encoder.encode(this.context.action);
    const actor = new Uint8Array([this.context.actor]);
    return concat([encoder.encode("table-referee/v2/event"), u64be(this.seq), actor, u32be(action.length), action, u32be(this.block)]);
  }

  async nextU32(): Promise<number> {
    if (this.words.length === 0) {
      const bytes = await hmac(this.key, this.message());
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
    const matches = seal === "" || toHex(await sha256(bytes)) === seal.toLowerCase();
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
  lines: string[];
  /** Each seat's contribution, checked against its seal. */
  contributions: Contribution[];
  /** What was drawn, event by event, with the record's words for the event (`drawnLine` says
   * it: "Seat 1: roll 2d6 — 2 draws (dice: 3, 5)"). */
  drawn: DrawnEvent[];
  /** The record's chain, checked against the links this phone kept (`ok` above is the seed and
   * the draws only). */
  chain: ChainVerdict;
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
}

/** The parts of an audit record the draws are read with. */
export interface AuditRecord {
  rules?: string;
  events?: AuditEvent[];
}

/** The record's events that drew something, as listed. */
export function drawnEvents(record: AuditRecord): DrawnEvent[] {
  return (record.events ?? [])
    .filter((e) => (e.draws ?? []).length > 0)
    .map((e) => ({ seq: Number(e.seq), seat: e.action !== undefined && hasSeat(e) ? Number(e.seat) : null, what: eventWords(e), draws: e.draws ?? [] }));
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
    case "start":
    case undefined:
      return "The setup";
    default:
      return `The ${event.type} event`;
  }
}

/** Checks an audit record's commitment, every recorded draw, and its chain against the links
 * this phone kept (`checkpoints`). */
export async function verifyAudit(record: any, checkpoints: Checkpoint[] = []): Promise<Verdict> {
  const lines: string[] = [];
  let chain: ChainVerdict;
  try {
    chain = await verifyChain(record, checkpoints);
  } catch (e) {
    chain = { ok: false, unchained: false, checked: 0, line: `✗ The record's chain could not be checked: ${(e as Error).message}` };
  }
  try {
    const seed = fromHex(record.seed);
    const commitment = toHex(await sha256(seed));
    if (commitment !== record.commitment) {
      return { ok: false, lines: [`The seed does not match the commitment published at the start (${record.commitment}).`], drawn: [], contributions: [], chain };
    }
    lines.push(`The revealed seed hashes to the commitment published when the game was created: ${commitment.slice(0, 16)}…`);
    const key = await gameKey(seed, (record.entropy as string[]).map(fromHex));
    const shares = await contributions(record);
    const given = shares.filter((c) => c.hex.length > 0);
    const sealed = given.filter((c) => c.committed);
    const drawn = drawnEvents(record);
    const broken = shares.find((c) => !c.matches);
    if (broken) {
      lines.push(`Seat ${broken.seat + 1}'s revealed randomness does not hash to the seal it sent when joining.`);
      return { ok: false, lines, drawn, contributions: shares, chain };
    }
    lines.push(
      given.length === 0
        ? "No seat contributed randomness of its own: every draw comes from the seed alone, fixed before anyone joined."
        : `The game key mixes in the randomness of ${given.length === 1 ? "one seat" : `${given.length} seats`}` +
            (sealed.length === given.length
              ? `, each sealed (SHA-256) when joining and revealed only once every seat had joined; every revealed value matches its seal.`
              : sealed.length > 0
                ? `; ${sealed.length} of them sealed (SHA-256) when joining and revealed once every seat had joined, each matching its seal; the others sent theirs in the clear.`
                : `, sent in the clear when joining.`),
    );
    let draws = 0;
    for (const event of record.events) {
      const stream = new EventStream(key, event.seq, Number(record.derivation ?? 1) >= 2 ? contextOf(event) : undefined);
      for (const [i, draw] of (event.draws ?? []).entries()) {
        const value = await stream.below(draw.bound);
        if (value !== draw.value) {
          lines.push(`Event ${event.seq}, draw ${i + 1}: the log says ${draw.value}, but the seed gives ${value}.`);
          return { ok: false, lines, drawn, contributions: shares, chain };
        }
        draws++;
      }
    }
    lines.push(`All ${draws} random draws in ${record.events.length} events follow from the seed.`);
    return { ok: true, lines, drawn, contributions: shares, chain };
  } catch (e) {
    lines.push(`The record could not be checked: ${(e as Error).message}`);
    return { ok: false, lines, drawn: [], contributions: [], chain };
  }
}

// The record's chain (docs/randomness.md, "The record's chain"): link_0 = SHA-256 of
// "table-referee/v1/chain\n" + game id + "\n" + commitment; each event's link is SHA-256 of the
// link before it, "\n" and the event's text. A view after n events carries link_n; the event
// with seq i carries link_{i+1}.

/** A link this phone saw: the chain after `seq` events, as a view showed it. */
export interface Checkpoint {
  seq: number;
  chain: string;
}

async function sha256Hex(text: string): Promise<string> {
  return toHex(await sha256(encoder.encode(text)));
}

/** The chain before the first event. */
export function chainStart(gameId: string, commitment: string): Promise<string> {
  return sha256Hex(`table-referee/v1/chain\n${gameId}\n${commitment}`);
}

/** An event as the chain hashes it: seq; the seat, or `-` for an event no seat made (the
 * start, the host's `end`, a round's `deadline`); the action as recorded, or for those the
 * event's type (`start`, `end`, `deadline`); the start's entropy joined by commas. Not the
 * draws: a link seen during the game must not let anyone try the few orders of a small hidden
 * shuffle (derivation 2 ties the draws to the seed, seat and action anyway). */
export function eventText(event: any): string {
  const start = event.type === "start";
  const seat = hasSeat(event) ? String(event.seat) : "-";
  const action = event.type === "action" || (event.type === undefined && event.action !== undefined) ? String(event.action) : String(event.type);
  const entropy = start ? ((event.entropy ?? []) as string[]).join(",") : "";
  return `${event.seq}\n${seat}\n${action}\n${entropy}`;
}

/** The chain after `event`, from the link before it. */
export function chainLink(previous: string, event: any): Promise<string> {
  return sha256Hex(`${previous}\n${eventText(event)}`);
}

/** What the chain check found: `checked` is how many of this phone's checkpoints the record
 * passes through; `unchained` when the game was recorded before links existed. */
export interface ChainVerdict {
  ok: boolean;
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
  if (events.every((e) => !e.chain)) {
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
  let link = await chainStart(record.game_id, record.commitment);
  const links = [link];
  for (const event of events) {
    link = await chainLink(link, event);
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
