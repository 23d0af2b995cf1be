// The checker-stack games' view data as the board and move list show it: each game's own
// fields, the stacks and mirror side as board marks, and the parts of each turn on one line.
import type { BoardView, CellView, GameView, PlayedEntry, StackView } from "./api";
import type { SquareMark } from "./components/Board";

export const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? "" : "s"}`;

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

export type AdrenalineView = GameView<AdrenalineFields> & { rules: "adrenaline" };
export type BoosterView = GameView<BoosterFields, BoosterHand> & { rules: "booster" };
export type HalfAliceView = GameView<HalfAliceFields> & { rules: "half-alice" };

/** A view of one of the checker-stack games; its rules id says which game's fields it holds. */
export type CheckerView = AdrenalineView | BoosterView | HalfAliceView;

/** The parts of each turn on one line: "e4xd5, a checker under the pawn on h7". */
export function turns(played: Pick<PlayedEntry, "seat" | "said">[]): string[] {
  const out: string[] = [];
  played.forEach((p, i) => {
    if (i > 0 && p.seat === played[i - 1].seat) out[out.length - 1] += `, ${p.said}`;
    else out.push(p.said);
  });
  return out;
}

const TONES: Record<string, "light" | "dark"> = { white: "light", black: "dark" };

/** "on 2 checkers (White's), boosted". */
function stackLabel(stack: StackView): string {
  const whose = stack.colour ? ` (${stack.colour[0].toUpperCase()}${stack.colour.slice(1)}'s)` : "";
  const effect = stack.effect ? `, ${stack.effect}` : "";
  return `on ${plural(stack.count, "checker")}${whose}${effect}`;
}

/** A cell's mark: a piece through the mirror, or a checker stack (count, whose, what it does). */
function cellMark(cell: CellView): SquareMark | null {
  const stack = cell.stacks?.find((s) => s.kind === "checker");
  const checkers = { count: stack?.count ?? 1, tone: TONES[stack?.colour ?? ""] ?? "neutral" };
  if (cell.markers?.includes("mirror")) return { checkers, tint: "mirror", label: "on a checker: through the mirror" };
  if (!stack) return null;
  return { checkers, badge: String(stack.count), label: stackLabel(stack) };
}

/** Board marks, square by square, from the board the referee sends. */
export function boardMarks(board: Pick<BoardView, "cells"> | null): Record<string, SquareMark> {
  const marks: Record<string, SquareMark> = {};
  for (const cell of board?.cells ?? []) {
    const mark = cellMark(cell);
    if (mark) marks[cell.id] = mark;
  }
  return marks;
}
