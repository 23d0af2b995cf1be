// The record beyond a view: a view carries only its latest entries (`played`, beginning with
// entry `played_from`); the earlier part is fetched on request (`api.getRecord`). Here: joining
// a fetched stretch to the latest, and numbering the moves of a list that begins mid-game.
import type { PlayedEntry, View } from "./api";

/** A stretch of the record: its entries from entry number `from` (counted from 0) on. */
export interface Stretch {
  from: number;
  played: PlayedEntry[];
}

/** The stretch a view carries: the latest entries. */
export function carried(view: Pick<View, "played" | "played_from">): Stretch {
  return { from: view.played_from ?? 0, played: view.played };
}

/** An earlier stretch (fetched) joined to the latest (the view's): the earlier entries up to
 * where the latest begin, then the latest, which the newest view tells best. Where the two do
 * not meet (the game moved on by more than a view holds since the fetch), the latest alone:
 * `gapFrom` says where to fetch what is missing. */
export function join(earlier: Stretch | null, latest: Stretch): Stretch {
  if (!earlier || earlier.from > latest.from || earlier.from + earlier.played.length < latest.from) return latest;
  return { from: earlier.from, played: [...earlier.played.slice(0, latest.from - earlier.from), ...latest.played] };
}

/** Where a fetched stretch stops short of the latest: the entry number to fetch from, or null
 * when the two meet (or nothing was fetched). */
export function gapFrom(earlier: Stretch | null, latest: Stretch): number | null {
  if (!earlier) return null;
  const end = earlier.from + earlier.played.length;
  return end < latest.from ? end : null;
}

/** Adds a stretch fetched from the end of `earlier` on to it. */
export function extend(earlier: Stretch, more: Stretch): Stretch {
  if (more.from > earlier.from + earlier.played.length || more.from < earlier.from) return earlier;
  return { from: earlier.from, played: [...earlier.played.slice(0, more.from - earlier.from), ...more.played] };
}

/** How many plies were played before a FEN position from a game's start: 0 for White's first
 * move, 1 for Black's; null when the FEN has no move number. */
export function plyOf(fen: string): number | null {
  const fields = fen.trim().split(/\s+/);
  const number = Number(fields[5]);
  if (fields.length < 6 || !Number.isInteger(number) || number < 1) return null;
  return 2 * (number - 1) + (fields[1] === "b" ? 1 : 0);
}

/** Where a list of chess moves shown two to a line begins, when it holds the last `shown` moves
 * of a game that started at `start` and stands at `now` (FENs): the line's number (White's and
 * Black's moves numbered together from 1, as the whole list numbers them) and whether it begins
 * with Black's move. `before` (the moves left out, where the FENs carry no move number) is used
 * only as the last resort. */
export function firstMoveLine(start: string, now: string, shown: number, before: number): { number: number; black: boolean } {
  const from = plyOf(start) ?? (start.trim().split(/\s+/)[1] === "b" ? 1 : 0);
  const to = plyOf(now);
  const left = to === null ? before : Math.max(0, to - from - shown);
  // Index of the first shown move in the list that starts with White's line 1 ("… e5" when the
  // game started with Black to move).
  const at = left + (from % 2);
  return { number: Math.floor(at / 2) + 1, black: at % 2 === 1 };
}

/** The number of the first line of turns two to a line (White's turn, then Black's), for the
 * checker-stack games whose turns take several entries: worked back from the position now
 * (its FEN's move number and side to move, which stays the mover's until the turn is over) and
 * the seats of the turns listed, oldest first. Seat 0 is White. Games start with White's move 1. */
export function firstTurnLine(now: string, seats: number[]): number {
  const ply = plyOf(now);
  if (ply === null || !seats.length) return 1;
  const toMove = ply % 2;
  // The last turn listed is the one under way where its seat is still the side to move.
  const last = seats[seats.length - 1] === toMove ? ply : ply - 1;
  const first = last - (seats.length - 1);
  return Math.max(0, Math.floor(first / 2)) + 1;
}
