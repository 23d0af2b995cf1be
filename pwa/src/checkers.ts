// The checker-stack games' view data as their screen shows it: each game's own fields, and the
// parts of each turn on one line. (The stacks and the mirror side are drawn from the board
// data, like every board.)
import type { GameView, PlayedEntry } from "./api";

type Colour = "white" | "black";

/** One checker stack, as the games' own fields list them. */
interface Stack {
  square: string;
  count: number;
  /** Whose checkers (Booster); null for Adrenaline's colourless ones. */
  color: Colour | null;
  /** Extra king moves the piece on it may make (negative: hobbled). */
  power: number;
}

/** What Adrenaline and Booster share: the stacks and the piece making extra king moves. */
interface StackedFields {
  position: string;
  to_move: Colour;
  check: boolean;
  stacks: Stack[];
  /** The square of the piece making extra king moves now. */
  stepping: string | null;
}

export interface AdrenalineFields extends StackedFields {
  checkers_left: number;
  checker_limit: number;
}

/** What everyone sees of a Booster hand: its size, never its cards. */
export interface HandSize {
  seat: number;
  count: number;
  /** Checkers in front of the player. */
  checkers: number;
  last_drawn_count: number;
}

export interface BoosterFields extends StackedFields {
  hands: HandSize[];
  /** Cards left to draw. */
  draw_pile: number | null;
  /** The face-up discard pile, oldest first. */
  discard: string[];
}

/** A Booster player's own cards: the view's private part. */
export interface BoosterHand {
  cards: string[];
  last_drawn: string[];
}

export interface HalfAliceFields {
  position: string;
  /** The squares whose pieces stand on checkers: the other side of the mirror. */
  mirrored: string[];
  to_move: Colour;
  check: boolean;
  checkers: { seat: number; in_use: number; limit: number | null }[];
}

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
