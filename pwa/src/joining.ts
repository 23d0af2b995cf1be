// Joining a seat as the app does it, without the player noticing any of it:
// - every seat contributes entropy: 16 random bytes from the phone (32 hex digits), then the
//   phrase the player typed, if any (at most 32 bytes, so the whole stays within the referee's
//   64);
// - the join sends only its SHA-256 (`entropy_commitment`); the text stays on the phone with the
//   seat token and is revealed once every seat has joined (`revealDue`), so neither the
//   operator nor the last player to join can choose the setup;
// - every join sends a `client_key`, stored before sending, and is sent once more after a lost
//   answer: the referee gives a retry with the same key the same seat and token;
// - every join sends a public key made on this phone (`keys.ts`) and signs the join with it, so
//   that every action of the seat is signed and nobody else can act in its name.
import { ApiError, type JoinBody, type Joined, type View, api, sideName } from "./api";
import { keepCheckpoint, load, rememberSeat } from "./session";
import { sha256 } from "./crypto";
import { toHex } from "./digest";
import { type SeatKey, dropKey, joinMessage, keepKey, keptKey, newSeatKey, seatKeyId, signWith } from "./keys";
import { errorWords } from "./errors";

/** Random bytes each seat contributes (written as twice as many hex digits). */
export const RANDOM_BYTES = 16;
/** The most bytes (UTF-8) a typed phrase may add: 32 hex digits + 32 = the referee's 64. */
export const PHRASE_BYTES = 32;
/** The longest name the referee takes, in characters. */
export const NAME_CHARS = 24;

const encoder = new TextEncoder();

/** The length of `text` in UTF-8 bytes, as the referee counts it ("é" is two). */
export function utf8Bytes(text: string): number {
  return encoder.encode(text).length;
}

/** Why a typed phrase cannot be sent, in words, or null when it can. */
export function phraseProblem(phrase: string): string | null {
  const n = utf8Bytes(phrase);
  if (n <= PHRASE_BYTES) return null;
  return `Your randomness is ${n} bytes long and at most ${PHRASE_BYTES} fit (accented letters take 2 bytes, emoji 4). Shorten it, or leave it empty: the phone adds randomness of its own anyway.`;
}

/** Why a name cannot be sent, in words, or null when it can. */
export function nameProblem(name: string): string | null {
  const n = [...name.trim()].length;
  if (n > NAME_CHARS) return `A name is at most ${NAME_CHARS} characters; this one has ${n}.`;
  // As the referee refuses them: control characters, invisible and direction-changing marks.
  // eslint-disable-next-line no-control-regex
  if (/[\u0000-\u001f\u007f-\u009f\u061c\u200b-\u200f\u202a-\u202e\u2060-\u2069\ufeff]/.test(name)) {
    return "A name is written on one line, without invisible or direction-changing characters.";
  }
  return null;
}

/** A seat's entropy text: the phone's random bytes in hex, then the typed phrase. */
export function newEntropy(phrase = "", random: Uint8Array = crypto.getRandomValues(new Uint8Array(RANDOM_BYTES))): string {
  return toHex(random) + phrase;
}

/** What a join commits to: SHA-256 of the entropy text's UTF-8 bytes, as 64 lower-case hex digits. */
export async function commitmentOf(entropy: string): Promise<string> {
  return toHex(await sha256(encoder.encode(entropy)));
}

/** Whether a failed call may never have been answered, so that sending it again is the fix. */
export function lostAnswer(e: unknown): boolean {
  return e instanceof ApiError && (e.status === 0 || e.status === 502 || e.status === 503 || e.status === 504);
}

/** A join under way: its key and entropy, kept so that a retry (even after a reload) sends
 * the same commitment under the same key. */
interface Pending {
  key: string;
  entropy: string;
}

const pendingKey = (gameId: string, code: string) => `referee.joining.${gameId}.${code.toUpperCase().replace(/[^0-9A-Z]/g, "")}`;

function loadPending(gameId: string, code: string): Pending | null {
  try {
    const raw = localStorage.getItem(pendingKey(gameId, code));
    return raw ? (JSON.parse(raw) as Pending) : null;
  } catch {
    return null;
  }
}

function savePending(gameId: string, code: string, pending: Pending | null): void {
  try {
    if (pending) localStorage.setItem(pendingKey(gameId, code), JSON.stringify(pending));
    else localStorage.removeItem(pendingKey(gameId, code));
  } catch {
    /* storage unavailable: the retry below still uses the same key */
  }
}

const pendingKeyId = (gameId: string, code: string) => `pending.${gameId}.${code.toUpperCase().replace(/[^0-9A-Z]/g, "")}`;

/** The key a join under way signs with: the one made for it before (a retry after a lost
 * answer sends the same key), or a new one; null where none can be made or kept. */
async function joinKey(gameId: string, code: string): Promise<SeatKey | null> {
  const id = pendingKeyId(gameId, code);
  const kept = await keptKey(id);
  if (kept) return kept;
  const made = await newSeatKey();
  return made && (await keepKey(id, made)) ? made : null;
}

/** Sends `body` once, and once more if the answer was lost. */
export async function sendJoin(gameId: string, body: JoinBody, send = api.join): Promise<Joined> {
  try {
    return await send(gameId, body);
  } catch (e) {
    if (!lostAnswer(e)) throw e;
    return await send(gameId, body);
  }
}

/** Joins the seat of `code` with entropy committed, a name if given, and a retry after a lost
 * answer; remembers the seat's token and entropy on this phone, then reveals the entropy at
 * once if this join completed the table. */
export async function joinSeat(gameId: string, code: string, { phrase = "", name = "", rules }: { phrase?: string; name?: string; rules?: string } = {}): Promise<Joined> {
  const problem = phraseProblem(phrase) ?? nameProblem(name);
  if (problem) throw new ApiError(400, "too_long", problem);
  // A join tried before from this phone (answer lost, page reloaded) is sent again as it was.
  const pending = loadPending(gameId, code) ?? { key: toHex(crypto.getRandomValues(new Uint8Array(16))), entropy: newEntropy(phrase) };
  savePending(gameId, code, pending);
  const body: JoinBody = {
    join_code: code,
    entropy_commitment: await commitmentOf(pending.entropy),
    client_key: pending.key,
    name: name.trim() || undefined,
  };
  const key = await joinKey(gameId, code);
  if (key) {
    body.public_key = key.publicKey;
    body.join_signature = await signWith(key, joinMessage(gameId, key.publicKey, body.entropy_commitment ?? "", "", name.trim()));
  }
  let joined: Joined;
  try {
    joined = await sendJoin(gameId, body);
  } catch (e) {
    // Kept after a lost answer, so that the next try is the same join.
    if (!lostAnswer(e)) savePending(gameId, code, null);
    throw e;
  }
  if (key && (await keepKey(seatKeyId(gameId, joined.seat), key))) await dropKey(pendingKeyId(gameId, code));
  rememberSeat(gameId, joined.seat, joined.token, rules ?? joined.view.rules, pending.entropy);
  keepCheckpoint(gameId, joined.view);
  savePending(gameId, code, null);
  await revealDue(gameId, joined.view);
  return joined;
}

/** Seats being revealed now, so that two views arriving together reveal once. */
const revealing = new Set<string>();

/** The seats `view` says must reveal now: every seat has joined and these committed without
 * revealing yet. */
export function dueSeats(view: Pick<View, "status" | "joined_seats" | "seat_count" | "awaiting_reveal">): number[] {
  if (view.status !== "waiting" || view.joined_seats.length < view.seat_count) return [];
  return view.awaiting_reveal ?? [];
}

/** Reveals the entropy of every seat this phone holds that `view` says is due. Answers the
 * views the referee sent back (each the revealing seat's own), the first refusal in words, and
 * whether an answer was lost (then the next view tries again; revealing twice is harmless). */
export async function revealDue(gameId: string, view: View): Promise<{ views: View[]; error?: string; lost?: boolean }> {
  const out: { views: View[]; error?: string; lost?: boolean } = { views: [] };
  const due = dueSeats(view);
  if (!due.length) return out;
  const stored = load(gameId);
  for (const seat of due) {
    const token = stored.seats[seat];
    const entropy = stored.entropy?.[seat];
    const id = `${gameId}/${seat}`;
    if (!token || !entropy || revealing.has(id)) continue;
    revealing.add(id);
    try {
      const revealed = await api.reveal(gameId, token, entropy);
      keepCheckpoint(gameId, revealed);
      out.views.push(revealed);
    } catch (e) {
      if (lostAnswer(e)) out.lost = true;
      else if ((e as ApiError).status !== 409) out.error ??= errorWords(e, "Adding this phone's randomness");
    } finally {
      revealing.delete(id);
    }
  }
  return out;
}

/** Whom the table waits for once everyone has joined, in words a table can act on: whose phone
 * needs to open the game, and when the game starts without it. */
export function awaitingWords(view: Pick<View, "awaiting_reveal" | "reveal_deadline_ms" | "seats" | "names">): string {
  const seats = view.awaiting_reveal ?? [];
  if (seats.length === 0) return "Everyone has joined; the game is starting…";
  const who = seats.map((s) => view.names?.[s] || sideName(view, s)).join(" and ");
  const phones = seats.length === 1 ? `${who}'s phone needs` : `The phones of ${who} need`;
  const deadline = view.reveal_deadline_ms;
  const at = deadline ? new Date(deadline).toLocaleTimeString([], { hour: "2-digit", minute: "2-digit" }) : null;
  const without = at ? ` If it is not opened by ${at}, the game starts without ${seats.length === 1 ? "that phone's" : "their"} share of the randomness.` : "";
  return `Everyone has joined. ${phones} to open the game: it adds its share of the randomness by itself.${without}`;
}
