// The checker-stack games' view data as their screen shows it: each game's own fields, and the
// parts of each turn on one line. (The stacks and the mirror side are drawn from the board
// data, like every board.)
import type { GameView, PlayedEntry } from "../../api";

import type { AdrenalineFields } from "../../generated/adrenaline";
import type { BoosterFields, BoosterPrivate } from "../../generated/booster";
import type { HalfAliceFields } from "../../generated/half-alice";

// Each game's own fields and secrets are generated from the referee's JSON Schemas.
export type { AdrenalineFields, BoosterFields, HalfAliceFields };
export type { HandSize } from "../../generated/booster";
/** A Booster player's own cards: the view's private part. */
export type BoosterHand = BoosterPrivate;

export type AdrenalineView = GameView<AdrenalineFields>;
export type BoosterView = GameView<BoosterFields, BoosterHand>;
export type HalfAliceView = GameView<HalfAliceFields>;

/** A view of one of the checker-stack games; the registry hands each game's screen its own. */
export type CheckerView = GameView<AdrenalineFields | BoosterFields | HalfAliceFields>;

/** The parts of each turn on one line: "e4xd5, a checker under the pawn on h7". */
export function turns(played: Pick<PlayedEntry, "seat" | "said">[]): string[] {
  const out: string[] = [];
  played.forEach((p, i) => {
    if (i > 0 && p.seat === played[i - 1].seat) out[out.length - 1] += `, ${p.said}`;
    else out.push(p.said);
  });
  return out;
}

/** The seat of each turn (the entries of one seat in a row), oldest first. */
export function turnSeats(played: Pick<PlayedEntry, "seat">[]): number[] {
  return played.filter((p, i) => i === 0 || p.seat !== played[i - 1].seat).map((p) => p.seat);
}

/** The turns two to a line, White's then Black's, numbered by the list: [["e2-e4, 8♥ …",
 * "e7-e5"], …]. A record that starts with Black's turn starts with null. */
export function fullMoves(played: Pick<PlayedEntry, "seat" | "said">[]): (string | null)[][] {
  const grouped: { seat: number; said: string }[] = [];
  played.forEach((p, i) => {
    if (i > 0 && p.seat === played[i - 1].seat) grouped[grouped.length - 1].said += `, ${p.said}`;
    else grouped.push({ seat: p.seat, said: p.said });
  });
  const out: (string | null)[][] = [];
  for (const g of grouped) {
    if (g.seat === 0 || !out.length || out[out.length - 1].length === 2) out.push(g.seat === 0 ? [g.said] : [null, g.said]);
    else out[out.length - 1].push(g.said);
  }
  return out;
}
