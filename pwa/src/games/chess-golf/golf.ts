// Chess Golf in players' words, from the view alone: counts, who demonstrates and why, the
// demonstration's moves, the scorecard's totals and winners, the referee's par. Pure, so the
// words are tested without a browser (`golf.test.ts`); the screen is `pages/ChessGolf.tsx`.
import type { Par } from "../../api";
import { cardPiece } from "../../cards";
import { parsePlacement, pieceName } from "../../fen";
import type { Attempt, HoleView } from "../../generated/chess-golf";
import { names, plural } from "../../words";

/** A seat's name, as the screen says it ("Seat 2", "Ann"). */
export type NameOf = (seat: number) => string;

/** A sealed count in words: "impossible", "1 move", "3 moves". */
export function countWords(count: number): string {
  return count === 0 ? "impossible" : plural(count, "move");
}

/** The count an action seals: 3 for "bid 3", null for anything else. */
export function countOf(action: string | undefined): number | null {
  const m = /^bid (\d+)$/.exec(action ?? "");
  return m ? Number(m[1]) : null;
}

/** The largest count the referee takes now (the highest `bid N` among the legal actions). */
export function highestCount(actions: string[]): number {
  return actions.reduce((most, a) => Math.max(most, countOf(a) ?? -1), -1);
}

/** "2 of 3 counts in". */
export function countsIn(submitted: number, seats: number): string {
  return `${submitted} of ${plural(seats, "count")} in`;
}

/** The seats in the order they demonstrate: lowest count first, ties from the dealer going
 * left (to the next seat up); those who said impossible do not demonstrate. */
export function demonstrationOrder(bids: number[], dealer: number): number[] {
  const n = bids.length;
  const fromDealer = (s: number) => (s - dealer + n) % n;
  return bids
    .map((_, s) => s)
    .filter((s) => bids[s] > 0)
    .sort((a, b) => bids[a] - bids[b] || fromDealer(a) - fromDealer(b));
}

/** How a demonstration ended, in words: "Seat 1 showed it in 3 moves", "Seat 2 gave up after
 * 1 move", "Seat 2 did not finish in 4 moves". */
export function attemptWords(attempt: Attempt, count: number, nameOf: NameOf): string {
  const who = nameOf(attempt.seat);
  if (attempt.succeeded) return `${who} showed it in ${plural(attempt.moves.length, "move")}`;
  if (attempt.moves.length < count) return attempt.moves.length ? `${who} gave up after ${plural(attempt.moves.length, "move")}` : `${who} gave up`;
  return `${who} did not finish in ${plural(count, "move")}`;
}

/** Why `demonstrator` demonstrates now: "Seat 2 has the lowest count, 3.", or after a failed
 * demonstration "Seat 1 gave up; Seat 2 has the next lowest count, 4.", and for a tie who goes
 * first counting from the dealer. */
export function whyDemonstrates(hole: Pick<HoleView, "bids" | "dealer" | "attempts">, demonstrator: number, nameOf: NameOf): string {
  const { bids, dealer } = hole;
  const attempts = hole.attempts.filter((a) => a.seat !== demonstrator);
  const count = bids[demonstrator];
  const tried = new Set(attempts.map((a) => a.seat));
  const tied = demonstrationOrder(bids, dealer).filter((s) => !tried.has(s) && bids[s] === count);
  const before = attempts.map((a) => `${attemptWords(a, bids[a.seat], nameOf)}; `).join("");
  const lowest = attempts.length ? "the next lowest count" : "the lowest count";
  if (tied.length < 2) return `${before}${nameOf(demonstrator)} has ${lowest}, ${count}.`;
  const first = demonstrator === dealer ? `${nameOf(demonstrator)} dealt, so goes first` : `${nameOf(demonstrator)} is first from the dealer going left`;
  return `${before}${names([...tied].sort((a, b) => a - b).map(nameOf))} share ${lowest}, ${count}; ${first}.`;
}

/** "2 of 3 moves left". */
export function movesLeftWords(left: number, count: number): string {
  return `${left} of ${plural(count, "move")} left`;
}

/** A move as players read it: "e5→g6". */
export function moveWords(move: string): string {
  return /^[a-h][1-8][a-h][1-8]$/.test(move) ? `${move.slice(0, 2)}→${move.slice(2)}` : move;
}

/** A line of moves as players say it, played out from the hole's `start` (FEN's board field):
 * "black bishop e5→g6, black bishop g6→h5 takes the white king". Without a start (or where a
 * square is empty), the squares alone: "e5→g6". */
export function lineWords(line: string[], start?: string): string {
  const board = start ? parsePlacement(start) : {};
  return line
    .map((move) => {
      const m = /^([a-h][1-8])([a-h][1-8])$/.exec(move);
      if (!m) return move;
      const [, from, to] = m;
      const piece = board[from];
      const taken = board[to];
      if (piece) {
        delete board[from];
        board[to] = piece;
      }
      const who = piece ? `${pieceName(piece)} ` : "";
      return `${who}${from}→${to}${taken && piece ? ` takes the ${pieceName(taken)}` : ""}`;
    })
    .join(", ");
}

/** The referee's par of a hole in words, its line played from the hole's `start`: "Par 2: white
 * king b3→b1 takes the black rook, …", "Impossible", "At least 5 (not proven)". */
export function parWords(par: Par, start?: string): string {
  switch (par.kind) {
    case "moves":
      return `Par ${par.moves ?? "?"}${par.line.length ? `: ${lineWords(par.line, start)}` : ""}`;
    case "impossible":
      return "Impossible";
    case "at_least":
      return `At least ${par.moves ?? "?"} (not proven)`;
    case "score":
      return `Best score ${par.score ?? "?"}`;
    case "unproven":
      return `Best score found ${par.score ?? "?"}, ${par.bound ?? "?"} not ruled out (not proven)`;
    default:
      return "No par worked out";
  }
}

/** The par of hole `number`, if the referee has given it. */
export function parOf(pars: Par[], number: number): Par | undefined {
  return pars.find((p) => p.puzzle === `hole-${number}`);
}

/** The seats with the lowest total (more than one share the win). */
export function leaders(totals: number[]): number[] {
  if (!totals.length) return [];
  const low = Math.min(...totals);
  return totals.map((t, s) => (t === low ? s : -1)).filter((s) => s >= 0);
}

/** "Seat 1 wins with 3", "Seat 1 and Seat 3 share the win with 5". */
export function winnerWords(totals: number[], nameOf: NameOf): string {
  const best = leaders(totals);
  if (!best.length) return "";
  const low = totals[best[0]];
  return best.length === 1 ? `${nameOf(best[0])} wins with ${low}` : `${names(best.map(nameOf))} share the win with ${low}`;
}

/** The deal choices of the new dealer: "Deal 2 cards", "Deal 3 cards (harder)". */
export function dealChoices(actions: string[], cardsPerHole: number): { action: string; label: string }[] {
  return actions
    .map((action) => ({ action, n: /^deal (\d+)$/.exec(action)?.[1] }))
    .filter((c): c is { action: string; n: string } => c.n !== undefined)
    .map(({ action, n }) => ({ action, label: `Deal ${n} cards${Number(n) > cardsPerHole ? " (harder)" : ""}` }));
}

/** The moves of the demonstration to show: the one under way, or (while pieces go back) the
 * one that finished the hole. */
export function shownMoves(step: string, moves: string[], hole: Pick<HoleView, "attempts"> | null): string[] {
  if (step === "demonstrate") return moves;
  if (step === "put-back") return hole?.attempts.at(-1)?.moves ?? [];
  return [];
}

/** Each move of a demonstration with the referee's sentence for it, where the record still
 * holds it ("the black bishop e5→g6 as a knight"), else the squares: the record's last moves by
 * the demonstrator are matched to the demonstration's, and the sentence loses the mover's name
 * (`who`, the names the record may use for them) in front. */
export function movesSaid(moves: string[], played: { seat: number; said: string; action?: string }[], seat: number | null, who: string[] = []): string[] {
  const tail = played.filter((p) => p.seat === seat && /^[a-h][1-8][a-h][1-8]$/.test(p.action ?? "")).slice(-moves.length);
  const matches = moves.length > 0 && tail.length === moves.length && tail.every((p, i) => p.action === moves[i]);
  const bare = (said: string) => who.reduce((s, name) => (s.startsWith(`${name}: `) ? s.slice(name.length + 2) : s), said);
  return moves.map((m, i) => (matches ? bare(tail[i].said) : moveWords(m)));
}

/** The demonstration's position in the game's notation, for "is that legal?": the course the
 * hole started from, the chosen pieces as FEN letters and the moves shown so far
 * (`2B3R1/… Kb e5g6,g6h5`); null when a card is not one of the sixteen piece cards. */
export function golfPosition(hole: Pick<HoleView, "start" | "cards">, moves: string[]): string | null {
  const letters = hole.cards.map(cardPiece);
  if (!letters.length || letters.some((l) => !l || l === "checker")) return null;
  return [hole.start, letters.join(""), moves.join(",")].filter(Boolean).join(" ");
}
