// Masquerade Chess on paper, as the seed's players keep it: the table of capture moves (one
// circle in each row and column) a player fills in for the opponent's pieces, and the table of
// what a player knows of its own pieces' capture moves — X where a move is ruled out, O where
// it is known — with the referee's deductions and the player's own pencil marks.
import type { Deduction } from "../../generated/masquerade";

/** The five pieces above a pawn, in the seed's order: rows and columns of both tables. */
export const PIECES = ["K", "Q", "R", "B", "N"] as const;
export type Letter = (typeof PIECES)[number];

const WORDS: Record<Letter, string> = { K: "king", Q: "queen", R: "rook", B: "bishop", N: "knight" };
const LETTERS: Record<string, Letter> = { king: "K", queen: "Q", rook: "R", bishop: "B", knight: "N" };

export const pieceWord = (l: Letter) => WORDS[l];
export const letterOf = (word: string): Letter | undefined => LETTERS[word];

/** A table being filled in: for each row (K, Q, R, B, N) the column chosen, or null. */
export type Assignment = (Letter | null)[];

export const EMPTY: Assignment = [null, null, null, null, null];

/** The table after a tap on (row, col): the row takes the column, any other row that had it
 * loses it; when four rows are filled the fifth takes the column left. A tap on the chosen
 * cell clears it. */
export function pick(a: Assignment, row: number, col: Letter): Assignment {
  if (a[row] === col) return a.map((c, i) => (i === row ? null : c) as Letter | null);
  const next = a.map((c, i) => (i === row ? col : c === col ? null : c));
  const empty = next.flatMap((c, i) => (c === null ? [i] : []));
  if (empty.length === 1) next[empty[0]] = PIECES.find((p) => !next.includes(p)) ?? null;
  return next;
}

/** Whether every row has its column (the columns then differ, by `pick`). */
export const complete = (a: Assignment) => a.every((c) => c !== null) && new Set(a).size === PIECES.length;

/** The action that seals a full table: "assign KQ,QN,RB,BK,NR". */
export function assignAction(a: Assignment): string {
  return `assign ${PIECES.map((p, i) => p + a[i]).join(",")}`;
}

/** A table read back from its action ("assign KQ,QN,RB,BK,NR"), or empty. */
export function parseAssign(action: string | undefined): Assignment {
  const m = /^assign\s+(.*)$/i.exec(action?.trim() ?? "");
  if (!m) return EMPTY;
  const out: Assignment = [...EMPTY];
  for (const part of m[1].split(/[,\s]+/)) {
    const [row, col] = part.replace("=", "").toUpperCase().split("") as Letter[];
    const i = PIECES.indexOf(row);
    if (i >= 0 && PIECES.includes(col)) out[i] = col;
  }
  return out;
}

/** A random full table, from the phone's own randomness. */
export function randomAssignment(random: (n: number) => number = (n) => crypto.getRandomValues(new Uint32Array(1))[0] % n): Assignment {
  const left: Letter[] = [...PIECES];
  return PIECES.map(() => left.splice(random(left.length), 1)[0]);
}

/** A cell of the knowledge table: what the referee has deduced, or what the player marked. */
export type Mark = "X" | "O" | "";

/** The referee's part of the knowledge table: for each row (piece) and column (capture move),
 * X where the move is ruled out, O where it is the only one left, "" where it is still open. */
export function deduced(deductions: Deduction[]): Record<Letter, Record<Letter, Mark>> {
  const out = {} as Record<Letter, Record<Letter, Mark>>;
  for (const row of PIECES) {
    const d = deductions.find((x) => letterOf(x.piece) === row);
    const possible = new Set((d?.possible ?? []).map(letterOf));
    out[row] = {} as Record<Letter, Mark>;
    for (const col of PIECES) out[row][col] = !d ? "" : !possible.has(col) ? "X" : possible.size === 1 ? "O" : "";
  }
  return out;
}

/** The player's own marks, cycled by taps: nothing → X → O → nothing. */
export const nextMark = (m: Mark): Mark => (m === "" ? "X" : m === "X" ? "O" : "");

/** The player's own marks on this phone, by "row+col" ("KQ"). */
export type Marks = Record<string, Mark>;

const marksKey = (gameId: string, seat: number) => `referee.masquerade.${gameId}.${seat}`;

export function loadMarks(gameId: string, seat: number): Marks {
  try {
    const raw = localStorage.getItem(marksKey(gameId, seat));
    const parsed = raw ? JSON.parse(raw) : {};
    return parsed && typeof parsed === "object" ? parsed : {};
  } catch {
    return {};
  }
}

export function saveMarks(gameId: string, seat: number, marks: Marks): void {
  try {
    localStorage.setItem(marksKey(gameId, seat), JSON.stringify(marks));
  } catch {
    /* private mode: the marks last as long as the page */
  }
}
