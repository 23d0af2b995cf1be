// Cloak and Dagger's secret setup: the eight checkers' identities in file order (a–h), as
// `arrange RNBQKBNR`, by the Chess960 rules — a standard set, the king between the rooks, the
// bishops on squares of opposite colours.

export const KINDS = ["K", "Q", "R", "B", "N"] as const;
export type Kind = (typeof KINDS)[number];
/** One letter per file a–h; "" for a file not chosen yet. */
export type Arrangement = (Kind | "")[];

export const EMPTY_ARRANGEMENT: Arrangement = ["", "", "", "", "", "", "", ""];
export const STANDARD: Arrangement = ["R", "N", "B", "Q", "K", "B", "N", "R"];
const WORDS: Record<Kind, string> = { K: "king", Q: "queen", R: "rook", B: "bishop", N: "knight" };
const COUNTS: Record<Kind, number> = { K: 1, Q: 1, R: 2, B: 2, N: 2 };

export const kindWord = (k: Kind): string => WORDS[k];

/** What is wrong with an arrangement, in a sentence; null when it may be sealed. */
export function problem(a: Arrangement): string | null {
  if (a.some((k) => !k)) return "Choose a piece for every checker.";
  for (const k of KINDS) {
    const n = a.filter((x) => x === k).length;
    if (n !== COUNTS[k]) return `A set has ${COUNTS[k] === 1 ? "one" : "two"} ${WORDS[k]}${COUNTS[k] === 1 ? "" : "s"}: you chose ${n}.`;
  }
  const king = a.indexOf("K");
  const rooks = a.flatMap((k, i) => (k === "R" ? [i] : []));
  if (!(rooks[0] < king && king < rooks[1])) return "The king must stand between the rooks.";
  const bishops = a.flatMap((k, i) => (k === "B" ? [i] : []));
  if (bishops[0] % 2 === bishops[1] % 2) return "The bishops must stand on a light and a dark square.";
  return null;
}

export const arrangeAction = (a: Arrangement): string => `arrange ${a.join("")}`;

/** The arrangement in a sealed `arrange …` action, or an empty one. */
export function parseArrange(action: string | undefined): Arrangement {
  const m = /^arrange ([KQRBN]{8})$/.exec(action ?? "");
  return m ? (m[1].split("") as Kind[]) : EMPTY_ARRANGEMENT;
}

/** A random Chess960 arrangement. */
export function randomArrangement(random: () => number = Math.random): Arrangement {
  const a: Arrangement = [...EMPTY_ARRANGEMENT];
  const pick = (files: number[]) => files[Math.floor(random() * files.length)];
  a[pick([0, 2, 4, 6])] = "B";
  a[pick([1, 3, 5, 7])] = "B";
  const free = () => a.flatMap((k, i) => (k ? [] : [i]));
  a[pick(free())] = "Q";
  a[pick(free())] = "N";
  a[pick(free())] = "N";
  const [r1, k, r2] = free();
  a[r1] = "R";
  a[k] = "K";
  a[r2] = "R";
  return a;
}
