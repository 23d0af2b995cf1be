// What this phone remembers about games: the seat tokens it holds and the host token.
// Tokens stay on the device (localStorage); they are the only key to a seat's secrets.
import { type View, activeSeats } from "./api";

export interface Stored {
  host?: string;
  /** seat number → token */
  seats: Record<number, string>;
  /** "shared": one phone passed between seats; "each": one phone per player */
  mode: "shared" | "each";
  codes?: { seat: number; join_code: string }[];
  rules?: string;
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
    localStorage.setItem(key(gameId), JSON.stringify(stored));
  } catch {
    /* private mode: the session lasts as long as the page */
  }
}

export function rememberSeat(gameId: string, seat: number, token: string, rules?: string): Stored {
  const stored = load(gameId);
  stored.seats[seat] = token;
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
