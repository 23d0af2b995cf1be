// The checker-stack games' view data as the board and move list show it: stacks by colour and
// count, the mirror side, and the parts of each turn on one line.
import type { View } from "./api";
import type { SquareMark } from "./components/Board";

export const UCI = /^[a-h][1-8][a-h][1-8][qrbn]?$/;
export const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? "" : "s"}`;

export interface Stack {
  square: string;
  count: number;
  color: "white" | "black" | null;
  power: number;
}

export interface Hand {
  seat: number;
  count: number;
  checkers: number;
  cards?: string[];
  last_drawn?: string[];
  last_drawn_count?: number;
}

export interface Played {
  seat?: number;
  action?: string;
  uci?: string;
  said: string;
}

/** The parts of each turn on one line: "e4xd5, a checker under the pawn on h7". */
export function turns(played: Played[]): string[] {
  const out: string[] = [];
  played.forEach((p, i) => {
    const sameTurn = i > 0 && p.seat !== undefined && p.seat === played[i - 1].seat;
    if (sameTurn) out[out.length - 1] += `, ${p.said}`;
    else out.push(p.said);
  });
  return out;
}

/** Board marks: each stack (count, whose, boosted or hobbled) or the mirror side. */
export function stackMarks(view: Pick<View, "rules"> & Record<string, unknown>, placement: Record<string, string>): Record<string, SquareMark> {
  const marks: Record<string, SquareMark> = {};
  if (view.rules === "half-alice") {
    for (const sq of (view.mirrored as string[]) ?? []) {
      const white = placement[sq] === placement[sq]?.toUpperCase();
      marks[sq] = { checkers: { count: 1, tone: white ? "light" : "dark" }, tint: "mirror", label: "on a checker: through the mirror" };
    }
    return marks;
  }
  for (const s of (view.stacks as Stack[]) ?? []) {
    const tone = s.color === "white" ? "light" : s.color === "black" ? "dark" : "neutral";
    const whose = s.color ? ` (${s.color === "white" ? "White" : "Black"}'s)` : "";
    const effect = s.power > 0 && s.color ? ", boosted" : s.power < 0 ? ", hobbled" : "";
    marks[s.square] = { checkers: { count: s.count, tone }, badge: String(s.count), label: `on ${plural(s.count, "checker")}${whose}${effect}` };
  }
  return marks;
}

