// A Whack position read and written in the app, for "Is that legal?": the fields of its notation
// (docs/games/whack.md, "Notation"), the pieces cell by cell, and the board drawn from the
// arrangement's joins as the referee draws it (referee/rules/src/games/whack/: section.rs,
// plane.rs, layout.rs, view.rs), so a position can be set up and tapped before the referee has
// seen it. Pure, so it is tested without a browser.
import type { BoardView, CellView } from "../../api";
import type { SectionView } from "../../generated/whack";

/** A point of the triangular lattice `m + n·ω` (ω the unit turned 60°), a short edge 16 long. */
type Lattice = [number, number];

/** Where a section lies: turned by `turns` sixths about the origin, then shifted. */
interface Place {
  turns: number;
  shift: Lattice;
}

const plus = (a: Lattice, b: Lattice): Lattice => [a[0] + b[0], a[1] + b[1]];
const minus = (a: Lattice, b: Lattice): Lattice => [a[0] - b[0], a[1] - b[1]];
const same = (a: Lattice, b: Lattice) => a[0] === b[0] && a[1] === b[1];
const turned = (p: Lattice, sixths: number): Lattice => {
  let q = p;
  for (let i = 0; i < sixths % 6; i++) q = [-q[1], q[0] + q[1]];
  return q;
};
const apply = (at: Place, p: Lattice) => plus(turned(p, at.turns), at.shift);

/** The crossing of file line `u` and rank line `v` (0 to 4) of the model section: A = (0, 0),
 * B = (4, 0), C = (4, 4), D = (0, 4). */
const gridPoint = (u: number, v: number): Lattice => [4 * u - 4 * v, 4 * v + u * v];

/** Board units (a short edge 4 long, x right, y up) of a lattice point. */
const boardUnits = ([m, n]: Lattice): [number, number] => [(m + n / 2) / 4, ((n * Math.sqrt(3)) / 2) / 4];

/** The edges by name, each as its corners' grid points, anticlockwise. */
const EDGES: Record<string, [Lattice, Lattice]> = {
  ab: [gridPoint(0, 0), gridPoint(4, 0)],
  bc: [gridPoint(4, 0), gridPoint(4, 4)],
  cd: [gridPoint(4, 4), gridPoint(0, 4)],
  da: [gridPoint(0, 4), gridPoint(0, 0)],
};
const isShort = (edge: string) => edge === "ab" || edge === "da";
/** An edge's name however its letters are written: `ba` is `ab`. */
const edgeName = (text: string) => Object.keys(EDGES).find((e) => e === text.toLowerCase() || [...e].reverse().join("") === text.toLowerCase());

/** Where a section goes with its `edge` along `edgeOnto` of the section lying at `onto`. */
function laidAlong(edge: string, onto: Place, edgeOnto: string): Place | null {
  if (isShort(edge) !== isShort(edgeOnto)) return null;
  const [start, end] = EDGES[edge];
  const [toStart, toEnd] = EDGES[edgeOnto].map((p) => apply(onto, p));
  const turns = [0, 1, 2, 3, 4, 5].find((t) => same(turned(minus(end, start), t), minus(toStart, toEnd)));
  return turns === undefined ? null : { turns, shift: minus(toEnd, turned(start, turns)) };
}

/** Where each section lies, from the arrangement `1,2bc=1cd,…`; or why it cannot be read. */
export function readArrangement(text: string): Place[] | string {
  const [first, ...joins] = text.trim().split(",");
  if (first !== "1") return `${text}: an arrangement starts with section 1 ("1,2da=1ab,…")`;
  const places: (Place | null)[] = [{ turns: 0, shift: [0, 0] }, ...joins.map(() => null)];
  for (const join of joins) {
    const m = /^(\d)([a-d]{2})=(\d)([a-d]{2})$/i.exec(join.trim());
    const [moving, onto] = m ? [Number(m[1]) - 1, Number(m[3]) - 1] : [-1, -1];
    const [edge, edgeOnto] = m ? [edgeName(m[2]), edgeName(m[4])] : [];
    if (!m || !edge || !edgeOnto || !(moving in places) || !(onto in places)) return `${join}: a join is written like 2da=1ab`;
    const at = places[onto];
    if (!at) return `${join}: section ${onto + 1} is not placed yet`;
    if (places[moving]) return `${join}: section ${moving + 1} is placed already`;
    places[moving] = laidAlong(edge, at, edgeOnto);
    if (!places[moving]) return `${join}: a short edge only joins a short edge`;
  }
  return places as Place[];
}

/** Pyramids of each piece as it starts, bottom first. */
const STARTING: Record<string, string> = { p: "1", n: "2", b: "3", r: "22", k: "311", q: "222" };
const KINDS: Record<string, string> = { p: "pawn", n: "knight", b: "bishop", r: "rook", k: "king", q: "queen" };

/** The fields of a position: the arrangement, the pieces (each section's 16 cells, rank 1
 * first, file a to d: "" for empty, "K", "n(11)"), the side and the stage's words. */
export interface WhackPosition {
  arrangement: string;
  /** null while the sections are being laid (`-`). */
  cells: string[][] | null;
  side: "fire" | "ice";
  /** `move`, `roll`, `rearrange 3` or `place-section`. */
  stage: string;
  /** The opening rolls are still deciding who moves first (after `roll` or `rearrange n`). */
  opening: boolean;
  /** The option that check must be answered. */
  answerCheck: boolean;
}

/** One section's pieces from `PPPP/BRKB/NQRN/PPPP`: 16 stacks, rank 1 first. */
function readSection(text: string): string[] {
  const out: string[] = [];
  for (const rank of text.split("/")) {
    for (const [, digit, stack] of rank.matchAll(/([1-4])|([KQRBNPkqrbnp](?:\(\d+\))?)/g)) {
      if (digit) out.push(...Array<string>(Number(digit)).fill(""));
      else out.push(stack);
    }
  }
  return out;
}

/** One section's 16 stacks written down. */
function writeSection(cells: string[]): string {
  const writeRank = (rank: string[]) => {
    let out = "";
    let empty = 0;
    for (const stack of rank) {
      if (!stack) empty++;
      else {
        out += (empty ? String(empty) : "") + stack;
        empty = 0;
      }
    }
    return out + (empty ? String(empty) : "");
  };
  return [0, 1, 2, 3].map((r) => writeRank(cells.slice(4 * r, 4 * r + 4))).join("/");
}

/** The fields of a Whack position (missing words read as Fire to move). */
export function readPosition(text: string): WhackPosition {
  const [arrangement = "1", pieces = "-", side, ...stage] = text.trim().split(/\s+/);
  const rearrange = stage[0] === "rearrange";
  return {
    arrangement,
    cells: pieces === "-" ? null : pieces.split("|").map(readSection),
    side: side === "ice" ? "ice" : "fire",
    stage: rearrange ? `rearrange ${stage[1] ?? ""}`.trim() : (stage[0] ?? "move"),
    opening: stage.includes("opening"),
    answerCheck: stage.includes("answer-check"),
  };
}

/** A Whack position written down. */
export function writePosition(p: WhackPosition): string {
  const pieces = p.cells ? p.cells.map(writeSection).join("|") : "-";
  const opening = p.opening && (p.stage === "roll" || p.stage.startsWith("rearrange"));
  return [p.arrangement, pieces, p.side, p.stage, ...(opening ? ["opening"] : []), ...(p.answerCheck ? ["answer-check"] : [])].join(" ");
}

/** A cell's name, `1b3`: the section, the file, the rank. */
export const cellName = (section: number, index: number) => `${section + 1}${"abcd"[index % 4]}${Math.floor(index / 4) + 1}`;

/** The piece drawn for a stack: kind, side (`white` for Fire) and pyramids ("3+1+1"). */
function pieceOf(stack: string): CellView["piece"] {
  if (!stack) return undefined;
  const letter = stack[0];
  const pyramids = /\((\d+)\)/.exec(stack)?.[1] ?? STARTING[letter.toLowerCase()];
  return { kind: KINDS[letter.toLowerCase()], side: letter === letter.toUpperCase() ? "white" : "black", label: [...pyramids].join("+") };
}

/** The board of a position, every cell a polygon in board units, and each section's outline;
 * or why the arrangement cannot be drawn. */
export function positionBoard(p: WhackPosition): { board: BoardView; sections: SectionView[] } | string {
  const places = readArrangement(p.arrangement);
  if (typeof places === "string") return places;
  const corners = (at: Place, points: Lattice[]) => points.map((q) => boardUnits(apply(at, q)));
  const cells = places.flatMap((at, s) =>
    Array.from({ length: 16 }, (_, i): CellView => {
      const [f, r] = [i % 4, Math.floor(i / 4)];
      return {
        id: cellName(s, i),
        at: [f, r],
        polygon: corners(at, [gridPoint(f, r), gridPoint(f + 1, r), gridPoint(f + 1, r + 1), gridPoint(f, r + 1)]),
        dark: (f + r) % 2 === 0,
        piece: pieceOf(p.cells?.[s]?.[i] ?? ""),
        selectable: false,
      };
    }),
  );
  const sections = places.map((at, s) => ({ number: s + 1, corners: corners(at, [gridPoint(0, 0), gridPoint(4, 0), gridPoint(4, 4), gridPoint(0, 4)]) }));
  return { board: { shape: { kind: "polygons" }, cells }, sections };
}

/** The position with `letter`'s piece (its starting stack) put on the cell `id`, or taken off
 * when the same piece stands there; `null` empties the cell. */
export function paintCell(p: WhackPosition, id: string, letter: string | null): WhackPosition {
  const m = /^(\d)([a-d])([1-4])$/.exec(id);
  if (!m || !p.cells) return p;
  const [s, i] = [Number(m[1]) - 1, "abcd".indexOf(m[2]) + 4 * (Number(m[3]) - 1)];
  const cells = p.cells.map((section) => [...section]);
  if (!cells[s]) return p;
  cells[s][i] = letter && cells[s][i] !== letter ? letter : "";
  return { ...p, cells };
}
