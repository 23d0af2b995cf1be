// The two one-player solitaires (Parade and Neighbour Chess Solitaire) in players' words, from
// the view alone: the piles, the score now, the groups, the cards flipped, the end and Parade's
// par. Pure, so the words are tested without a browser (`solitaire.test.ts`); the screens are
// `pages/ParadeSolitaire.tsx` and `pages/NeighbourSolitaire.tsx`, their shared parts
// `components/Solitaire.tsx`.
import type { BoardView, Outcome, Par } from "../../api";
import { cardPiece, isRed } from "../../cards";
import { plural } from "../../words";

const PIECE_WORDS: Record<string, string> = { n: "knight", b: "bishop", r: "rook", q: "queen", k: "king", p: "pawn" };

/** The piece a card stands for (Appendix A): "white knight" for 8♦; null for a card that is no
 * piece. */
export function cardPieceWords(card: string): string | null {
  const letter = cardPiece(card);
  if (!letter || letter === "checker") return null;
  const kind = PIECE_WORDS[letter.toLowerCase()];
  return kind ? `${letter === letter.toUpperCase() ? "white" : "black"} ${kind}` : null;
}

/** What a position card of Neighbour does: red sends the piece right, black up, that many
 * squares ("3 squares right"). */
export function positionCardWords(card: string): string {
  const n = Number(card.slice(0, -1));
  return `${plural(Number.isFinite(n) ? n : 0, "square")} ${isRed(card) ? "right" : "up"}`;
}

/** A count of cards face down: "8 cards", "1 card", "none". */
export function cardsWords(n: number): string {
  return n === 0 ? "none" : plural(n, "card");
}

/** "3 groups — one group wins"; how the pieces join is said apart. */
export function groupsWords(groups: number): string {
  return groups === 1 ? "1 group — one group wins" : `${plural(groups, "group")} — one group wins`;
}

/** Which neighbours join pieces into a group, as a player checks it on the board. */
export function touchWords(touch: "sides" | "sides-and-corners"): string {
  return touch === "sides" ? "(side by side; corners do not count)" : "(side by side or corner to corner)";
}

/** A score as players write it: "3", "−2" (a real minus sign). */
export function scoreText(score: number): string {
  return score < 0 ? `−${-score}` : String(score);
}

/** Where Parade's score now comes from: the cards left in the hand, or once the hand is out
 * the cards counted against the player. */
export function paradeScoreWhy(g: { hand_left: number; counting: boolean; counted: number }): string {
  if (g.counting) return `${plural(g.counted, "card")} counted against you`;
  return `the ${g.hand_left === 1 ? "card" : "cards"} left in your hand`;
}

/** Where Neighbour's score now comes from. */
export const NEIGHBOUR_SCORE_WHY = "the cards left in both piles";

/** The square the next piece of Parade is added after (marked `add-after` by the referee while
 * adds are possible), or null. */
export function markedSquare(board: BoardView | null, marker: string): string | null {
  return board?.cells.find((c) => c.markers?.includes(marker))?.id ?? null;
}

/** Parade's Add button: "Add the next piece: after e4"; "Add the first piece" on an empty
 * board. */
export function addWords(after: string | null): string {
  return after ? `Add the next piece: after ${after}` : "Add the next piece";
}

/** What the referee's board markers of the solitaires mean, said with the cell (and drawn by
 * `solitaire.css`, which finds the cells by these words). */
export const SOLITAIRE_MARKERS: Record<string, string> = {
  "add-after": "the next piece is added after it",
  "last-added": "added last: the next piece is held above it",
  landed: "the cards sent the piece here, but it is taken",
};

/** The board with the solitaires' markers in words, so the cell names say them ("e4, black
 * queen, the next piece is added after it"). Once the game is over they mark nothing to do, and
 * are left out (the referee still sends Parade's `add-after` then). */
export function withMarkerWords(board: BoardView, over = false): BoardView {
  if (!board.cells.some((c) => c.markers?.some((m) => m in SOLITAIRE_MARKERS))) return board;
  const said = (markers: string[]) => (over ? markers.filter((m) => !(m in SOLITAIRE_MARKERS)) : markers.map((m) => SOLITAIRE_MARKERS[m] ?? m));
  return { ...board, cells: board.cells.map((c) => (c.markers ? { ...c, markers: said(c.markers) } : c)) };
}

/** Parade's position for "is that legal?" (docs/games/parade-solitaire.md): the pieces, the
 * cards in hand and the cards counted; without the hand, which moves do not need. */
export function paradePosition(g: { board: string; hand_left: number; counted: number }): string {
  return `${g.board} ${g.hand_left} ${g.counted}`;
}

const LETTERS: Record<string, string> = { knight: "n", bishop: "b", rook: "r", queen: "q", king: "k" };

/** Neighbour's position for "is that legal?" (docs/games/neighbour-solitaire.md): the pieces,
 * the phase (a piece waiting to be placed in FEN's letter), the cards left in each pile, the
 * last square added and the option; without the piles, which moves do not need. */
export function neighbourPosition(g: {
  board: string;
  adding: boolean;
  waiting: { piece: string; landed: string } | null;
  pieces_left: number;
  positions_left: number;
  last_added: string | null;
  touch: "sides" | "sides-and-corners";
}): string {
  const [side, kind] = g.waiting?.piece.split(" ") ?? [];
  const letter = kind ? (side === "white" ? (LETTERS[kind] ?? "?").toUpperCase() : (LETTERS[kind] ?? "?")) : "";
  const phase = g.waiting ? `place:${letter}@${g.waiting.landed}` : g.adding ? "add" : "move";
  return [g.board, phase, g.pieces_left, g.positions_left, g.last_added ?? "-", ...(g.touch === "sides" ? ["groups:sides"] : [])].join(" ");
}

/** The result of a solitaire, as its end panel heads it. */
export interface EndWords {
  /** "You won", "You lost", "Game over". */
  head: string;
  /** "Score 3", "Score −2", or null where the game gave none (given up, ended by the host). */
  score: string | null;
  /** The referee's reason, as a sentence: "One connected group after counting 1 card: −1 point." */
  reason: string;
  won: boolean;
}

/** The referee's reason as a sentence: capital first letter, a full stop, minus signs. */
export function sentence(text: string): string {
  const t = text.trim().replace(/(^|[\s(])-(\d)/g, "$1−$2");
  if (!t) return "";
  return t.charAt(0).toUpperCase() + t.slice(1) + (/[.!?]$/.test(t) ? "" : ".");
}

/** The end of a solitaire in words, from the outcome (null: ended without one). */
export function endWords(outcome: Outcome | null): EndWords {
  if (!outcome) return { head: "Game over", score: null, reason: "The game ended without a result.", won: false };
  const won = outcome.results[0] === "win";
  const score = outcome.scores?.[0] ?? outcome.teams[0]?.score;
  return { head: won ? "You won" : "You lost", score: score === undefined ? null : `Score ${scoreText(score)}`, reason: sentence(outcome.reason), won };
}

/** The end in one line, for the status: "You won — Score 3". */
export function endLine(outcome: Outcome | null): string {
  const end = endWords(outcome);
  return end.score ? `${end.head} — ${end.score}` : end.head;
}

/** Parade's par of the deal in words: "Par 5: add, c1b2, e4e6", "Impossible", "No proof within
 * the budget: at most 3". */
export function paradeParWords(par: Par): string {
  switch (par.kind) {
    case "score":
      return `Par ${scoreText(par.score ?? 0)}${par.line.length ? `: ${par.line.join(", ")}` : ""}`;
    case "impossible":
      return "Impossible";
    case "unproven":
      return `No proof within the budget: at most ${scoreText(par.bound ?? 0)}`;
    default:
      return "No par worked out";
  }
}

/** What the par says about the deal, under it. */
export function paradeParMeaning(par: Par): string {
  switch (par.kind) {
    case "score":
      return `The best score this deal allows, proven by the referee, with one line of ${plural(par.line.length, "action")} that reaches it.`;
    case "impossible":
      return "No line of actions forms one group with this deal, even knowing the order of the hand.";
    case "unproven":
      return "The referee's search ran out of its budget before proving the best score: no line scores more than this.";
    default:
      return "";
  }
}

/** How the player's score compares with a proven par: "You made par.", "2 below par." */
export function againstPar(score: number | undefined, par: Par): string | null {
  if (score === undefined || par.kind !== "score" || par.score === undefined) return null;
  const d = par.score - score;
  if (d === 0) return "You made par.";
  return d > 0 ? `${plural(d, "point")} below par.` : `${plural(-d, "point")} above par.`;
}

/** The par of Parade's deal among the pars the referee gave. */
export function dealPar(pars: Par[]): Par | undefined {
  return pars.find((p) => p.puzzle === "deal");
}
