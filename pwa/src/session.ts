// What this phone remembers about games: the seat tokens it holds and the host token.
// Tokens stay on the device (localStorage); they are the only key to a seat's secrets.
import { type View, activeSeats } from "./api";

export interface Stored {
  host?: string;
  /** seat number → token */
  seats: Record<number, string>;
  /** seat number → the entropy text it committed to when joining, revealed once every seat
   * has joined (see `joining.ts`). */
  entropy?: Record<number, string>;
  /** "shared": one phone passed between seats; "each": one phone per player */
  mode: "shared" | "each";
  codes?: { seat: number; join_code: string }[];
  /** Why this phone no longer plays a seat it held (the host gave the seat a new code), said on
   * the game page from then on. */
  lost?: string;
  rules?: string;
  /** The options the game was created with (host only): "new game with the same rules". */
  options?: unknown;
  /** When this phone last opened or joined the game (ms since 1970), to list recent first. */
  touched?: number;
}

const key = (gameId: string) => `referee.game.${gameId}`;

export function load(gameId: string): Stored {
  try {
    const raw = localStorage.getItem(key(gameId));
    if (raw) return JSON.parse(raw);
  } catch {
    /* storage unavailable: nothing remembered */
  }
  return { seats: {}, mode: "each" };
}

export function save(gameId: string, stored: Stored): void {
  try {
    localStorage.setItem(key(gameId), JSON.stringify({ ...stored, touched: Date.now() }));
  } catch {
    /* private mode: the session lasts as long as the page */
  }
}

/** Forgets everything this phone kept about a game: its tokens, views and chain links. */
export function forget(gameId: string): void {
  try {
    for (let i = localStorage.length - 1; i >= 0; i--) {
      const k = localStorage.key(i);
      if (k === key(gameId) || k?.startsWith(`referee.view.${gameId}.`) || k === `referee.chain.${gameId}`) localStorage.removeItem(k);
    }
  } catch {
    /* storage unavailable: nothing kept */
  }
}

export function rememberSeat(gameId: string, seat: number, token: string, rules?: string, entropy?: string): Stored {
  const stored = load(gameId);
  stored.seats[seat] = token;
  if (entropy) stored.entropy = { ...stored.entropy, [seat]: entropy };
  if (rules) stored.rules = rules;
  save(gameId, stored);
  return stored;
}

/** On a phone passed around, which of the `held` seats should have it now: the `current` one
 * while it still has to act, else the first held seat that has yet to act (in a sealed round,
 * one that has not sealed its action), else still `current`. */
export function nextHolder(view: Pick<View, "turn">, held: number[], current: number | null): number | null {
  const due = activeSeats(view)
    .filter((a) => !a.submitted && held.includes(a.seat))
    .map((a) => a.seat);
  return current !== null && due.includes(current) ? current : (due[0] ?? current);
}

/** Every game this phone holds a seat (or the host token) of, most recently used first. */
export function allGames(): { gameId: string; stored: Stored }[] {
  const out: { gameId: string; stored: Stored }[] = [];
  try {
    for (let i = 0; i < localStorage.length; i++) {
      const k = localStorage.key(i);
      if (!k?.startsWith("referee.game.")) continue;
      const gameId = k.slice("referee.game.".length);
      const stored = load(gameId);
      if (Object.keys(stored.seats).length || stored.host) out.push({ gameId, stored });
    }
  } catch {
    /* storage unavailable */
  }
  return out.sort((a, b) => (b.stored.touched ?? 0) - (a.stored.touched ?? 0));
}

const viewKey = (gameId: string, seat: number | null) => `referee.view.${gameId}.${seat ?? "watch"}`;

/** The last view this phone saw of a game for a seat: shown read-only while offline. */
export function cachedView(gameId: string, seat: number | null): View | null {
  try {
    const raw = localStorage.getItem(viewKey(gameId, seat));
    return raw ? (JSON.parse(raw) as View) : null;
  } catch {
    return null;
  }
}

export function cacheView(gameId: string, seat: number | null, view: View): void {
  try {
    localStorage.setItem(viewKey(gameId, seat), JSON.stringify(view));
  } catch {
    /* full or unavailable: nothing cached */
  }
}

// Checkpoints: links of the record's chain this phone saw in views (`seq`, `chain`), which the
// final record must pass through (checked on the fairness page, `verify.ts`). Kept per game,
// whether this phone holds a seat or watches: the first, the latest, and one every
// `CHECKPOINT_EVERY` events, at most `CHECKPOINTS_KEPT` (thinned evenly beyond that).

/** A link of the record's chain as a view showed it: the chain after `seq` events. */
export interface Kept {
  seq: number;
  chain: string;
}

export const CHECKPOINT_EVERY = 10;
export const CHECKPOINTS_KEPT = 32;

const chainKey = (gameId: string) => `referee.chain.${gameId}`;

/** `kept` with the link after `seq` events added: the first seen for a seq stays (a second,
 * different link for the same seq could only be the record forking; the final record fails
 * against one of them either way). */
export function withCheckpoint(kept: Kept[], seq: number, chain: string): Kept[] {
  if (!/^[0-9a-f]{64}$/.test(chain) || !Number.isInteger(seq) || seq < 0) return kept;
  if (kept.some((k) => k.seq === seq)) return kept;
  const all = [...kept, { seq, chain }].sort((a, b) => a.seq - b.seq);
  let out = all.filter((k, i) => i === 0 || i === all.length - 1 || k.seq % CHECKPOINT_EVERY === 0);
  while (out.length > CHECKPOINTS_KEPT) out = out.filter((_, i) => i === 0 || i === out.length - 1 || i % 2 === 0);
  return out;
}

/** The links this phone kept of a game, oldest first. */
export function checkpoints(gameId: string): Kept[] {
  try {
    const raw = localStorage.getItem(chainKey(gameId));
    const list = raw ? JSON.parse(raw) : [];
    return Array.isArray(list) ? list.filter((k) => typeof k?.seq === "number" && typeof k?.chain === "string") : [];
  } catch {
    return [];
  }
}

/** Keeps the chain link `view` shows, as the rules above say. Views of old games (no link) add
 * nothing. */
export function keepCheckpoint(gameId: string, view: { seq: number; chain?: string }): void {
  if (!view.chain) return;
  const kept = checkpoints(gameId);
  const next = withCheckpoint(kept, view.seq, view.chain);
  if (next === kept) return;
  try {
    localStorage.setItem(chainKey(gameId), JSON.stringify(next));
  } catch {
    /* full or unavailable: nothing kept */
  }
}

/** The kept links as the referee's own verifier takes them: `--checkpoint SEQ:HEX`, one per
 * link, oldest first. */
export function checkpointArgs(kept: Kept[]): string[] {
  return kept.map((k) => `--checkpoint ${k.seq}:${k.chain}`);
}

/** The command that checks the record saved as `file` against the kept links, one argument a
 * line: `referee verify FILE \ --checkpoint 0:… \ …`. */
export function verifyCommand(file: string, kept: Kept[]): string {
  return [`referee verify ${file}`, ...checkpointArgs(kept)].join(" \\\n  ");
}
