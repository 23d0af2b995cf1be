// Whack Chess in the app, the parts without a screen: the die in words, pieces as pyramids in
// words, the board turned to fit a phone, each section's move from one arrangement to another
// (for the animation and the previews), and what a change moved. Pure, so it is tested without
// a browser. Board units: a section's short edge is 4, x right, y up (docs/games/whack.md).
import type { BoardView, CellView, GameView, PieceView } from "../../api";
import { centroid } from "../../board";
import type { ChoiceView, DieView, SectionView, WhackFields } from "../../generated/whack";

export type WhackView = GameView<WhackFields, never>;
export type Point = [number, number];
type Colour = "white" | "black";

/** The die said whole: "3 — DIG: move any section to where it connects by two or more edges". */
export function dieWords(die: DieView): string {
  return `${die.number} — ${die.name}: ${die.meaning}`;
}

/** What the record says of a roll beyond the die's own words: "rolled 5: HOP, no change to the
 * board; the board stays" → "the board stays" ("" when it says nothing more). */
export function rollOutcome(die: DieView, said: string): string {
  const told = `rolled ${die.number}: ${die.name}, ${die.meaning}`;
  return said.startsWith(told) ? said.slice(told.length).replace(/^[\s;,:.—-]+/, "") : "";
}

/** The section a cell is on: its name's leading number ("3b1" → 3). */
export function sectionOf(cellId: string): number {
  return Number.parseInt(cellId, 10);
}

/** Fire plays White's side of the board data, Ice Black's. */
export const SIDE_NAMES: Record<Colour, string> = { white: "Fire", black: "Ice" };

/** Pips of each piece kind: a piece is the total of its stack. */
export const PIPS: Record<string, number> = { pawn: 1, knight: 2, bishop: 3, rook: 4, king: 5, queen: 6 };

/** A piece's pips: the sum of its pyramids ("3+1+1" → 5), else its kind's. */
export function pipsOf(piece: PieceView): number {
  const parts = (piece.label ?? "").split("+").map(Number);
  if (parts.length && parts.every((n) => Number.isInteger(n) && n > 0)) return parts.reduce((a, b) => a + b, 0);
  return PIPS[piece.kind] ?? 0;
}

/** "Fire king, 5 pips: 3+1+1"; "Ice pawn, 1 pip". */
export function pieceSaid(piece: PieceView): string {
  const side = SIDE_NAMES[piece.side as Colour] ?? piece.side;
  const pips = pipsOf(piece);
  const stack = piece.label && piece.label.includes("+") ? `: ${piece.label}` : "";
  return `${side} ${piece.kind}, ${pips} pip${pips === 1 ? "" : "s"}${stack}`;
}

/** The colour a seat plays, from its side's name. */
export function colourOfSide(side: string | undefined): Colour | null {
  return side === "Fire" ? "white" : side === "Ice" ? "black" : null;
}

/** The sections a recorded action moved or laid: `place 2da=1ab` and `tip 4ab=1ab` (dig, wild)
 * the section before the `=`, `aim 34 …` the pair, `swap 1 3` both. */
export function movedBy(action: string): number[] {
  const words = action.trim().split(/\s+/);
  switch (words[0]) {
    case "place":
    case "tip":
    case "dig":
    case "wild":
      return words[1] ? [sectionOf(words[1])].filter(Number.isFinite) : [];
    case "aim":
      return words[1] ? [...words[1]].map(Number).filter((n) => n > 0) : [];
    case "swap":
      return words
        .slice(1, 3)
        .map(Number)
        .filter((n) => n > 0);
    default:
      return [];
  }
}

/** The action that changes the board, among `played` actions: the last one, if it was. */
export function isBoardChange(action: string | undefined): boolean {
  return !!action && movedBy(action).length > 0 && !action.startsWith("place");
}

// ---- Turning and fitting ----

/** `p` turned by `degrees` anticlockwise about the origin. */
export function turn([x, y]: Point, degrees: number): Point {
  const a = (degrees * Math.PI) / 180;
  const [c, s] = [Math.cos(a), Math.sin(a)];
  return [x * c - y * s, x * s + y * c];
}

/** The width and height of the points' bounding box. */
export function extent(points: Point[]): { width: number; height: number; minX: number; minY: number } {
  if (!points.length) return { width: 0, height: 0, minX: 0, minY: 0 };
  const xs = points.map((p) => p[0]);
  const ys = points.map((p) => p[1]);
  const [minX, minY] = [Math.min(...xs), Math.min(...ys)];
  return { width: Math.max(...xs) - minX, height: Math.max(...ys) - minY, minX, minY };
}

/** How large the points, turned by `degrees`, can be drawn in `box` (pixels per board unit). */
export function fitScale(points: Point[], degrees: number, box: { width: number; height: number }): number {
  const e = extent(points.map((p) => turn(p, degrees)));
  return Math.min(box.width / Math.max(e.width, 1e-9), box.height / Math.max(e.height, 1e-9));
}

/** The turns the board may be shown at: twelfths of a full turn (sections only turn by sixths,
 * so these put their edges level or upright). */
export const TURNS = Array.from({ length: 12 }, (_, i) => i * 30);

/** A turn is good enough when it draws the board at least this share of the best turn's size. */
const NEAR_BEST = 0.9;

/** The turn to show the board at in `box`: one that draws it nearly as large as it can be,
 * keeping the `previous` turn while it is (so the board does not spin with every change) and
 * the viewer's own pieces (their mean place, `own`) below the middle; otherwise the one that
 * puts them lowest, the largest among equals. */
export function chooseTurn(points: Point[], box: { width: number; height: number }, own: Point | null, previous: number | null): number {
  if (!points.length) return previous ?? 0;
  const scales = TURNS.map((d) => fitScale(points, d, box));
  const best = Math.max(...scales);
  const good = TURNS.filter((_, i) => scales[i] >= best * NEAR_BEST - 1e-9);
  const mid = meanPoint(points);
  // How high the viewer's pieces stand above the board's middle once turned (lower is better).
  const height = (d: number) => (own ? turn(own, d)[1] - turn(mid, d)[1] : 0);
  if (previous !== null && good.includes(previous) && height(previous) <= 1e-9) return previous;
  return good.reduce((a, b) => {
    const [ha, hb] = [height(a), height(b)];
    if (Math.abs(ha - hb) > 1e-6) return hb < ha ? b : a;
    return scales[TURNS.indexOf(b)] > scales[TURNS.indexOf(a)] * (1 + 1e-6) ? b : a;
  });
}

export function meanPoint(points: Point[]): Point {
  const n = points.length || 1;
  return [points.reduce((s, p) => s + p[0], 0) / n, points.reduce((s, p) => s + p[1], 0) / n];
}

/** Where the cells with `colour`'s pieces are, on average; null when there are none. */
export function piecesCentre(board: BoardView, colour: Colour): Point | null {
  const centres = board.cells.filter((c) => c.piece?.side === colour && c.polygon).map((c) => centroid(c.polygon as Point[]).centre);
  return centres.length ? meanPoint(centres) : null;
}

/** Every corner of every section. */
export function sectionPoints(sections: SectionView[]): Point[] {
  return sections.flatMap((s) => s.corners as Point[]);
}

/** The board with every cell turned by `degrees`. */
export function turnBoard(board: BoardView, degrees: number): BoardView {
  if (!degrees) return board;
  return { ...board, cells: board.cells.map((c) => (c.polygon ? { ...c, polygon: c.polygon.map((p) => turn(p, degrees)) } : c)) };
}

/** The sections turned by `degrees`. */
export function turnSections(sections: SectionView[], degrees: number): SectionView[] {
  if (!degrees) return sections;
  return sections.map((s) => ({ ...s, corners: s.corners.map((p) => turn(p as Point, degrees)) }));
}

// ---- Moving sections ----

/** A section's move: turned by `angle` degrees about its centre `from`, which goes to `to`. */
export interface Motion {
  angle: number;
  from: Point;
  to: Point;
}

/** The direction of a section, from its wide corner A to its narrow corner C, in degrees. */
function heading(corners: Point[]): number {
  const [a, , c] = corners;
  return (Math.atan2(c[1] - a[1], c[0] - a[0]) * 180) / Math.PI;
}

/** The move that takes a section lying at `before` (corners A, B, C, D) to `after`: the
 * shortest turn between the two headings, about the section's centre. */
export function motionBetween(before: Point[], after: Point[]): Motion {
  let angle = heading(after) - heading(before);
  angle = ((((angle + 180) % 360) + 360) % 360) - 180;
  if (Math.abs(angle) < 1e-6) angle = 0;
  return { angle, from: meanPoint(before), to: meanPoint(after) };
}

/** Where `p` is a share `t` (0 to 1) of the way through the motion. */
export function along(m: Motion, p: Point, t: number): Point {
  const [x, y] = turn([p[0] - m.from[0], p[1] - m.from[1]], m.angle * t);
  return [x + m.from[0] + (m.to[0] - m.from[0]) * t, y + m.from[1] + (m.to[1] - m.from[1]) * t];
}

/** Whether a motion moves anything. */
export function moves(m: Motion): boolean {
  return Math.abs(m.angle) > 1e-6 || Math.hypot(m.to[0] - m.from[0], m.to[1] - m.from[1]) > 1e-6;
}

/** The motion of each section that lies elsewhere in `after` than in `before` (by number). */
export function motions(before: SectionView[], after: SectionView[]): Map<number, Motion> {
  const out = new Map<number, Motion>();
  for (const s of after) {
    const old = before.find((b) => b.number === s.number);
    if (!old) continue;
    const m = motionBetween(old.corners as Point[], s.corners as Point[]);
    if (moves(m)) out.set(s.number, m);
  }
  return out;
}

/** The board a share `t` of the way through the sections' motions: each moving cell taken from
 * where it lay on `before` (cells not there are drawn where `after` has them). Pieces are
 * `after`'s. */
export function boardBetween(before: BoardView, after: BoardView, moving: Map<number, Motion>, t: number): BoardView {
  const was = new Map(before.cells.map((c) => [c.id, c]));
  const cells = after.cells.map((cell): CellView => {
    const m = moving.get(sectionOf(cell.id));
    const old = was.get(cell.id)?.polygon;
    if (!m || !old) return cell;
    return { ...cell, polygon: old.map((p) => along(m, p as Point, t)) };
  });
  return { ...after, cells };
}

/** The sections a share `t` of the way through their motions. */
export function sectionsBetween(before: SectionView[], after: SectionView[], moving: Map<number, Motion>, t: number): SectionView[] {
  return after.map((s) => {
    const m = moving.get(s.number);
    const old = before.find((b) => b.number === s.number);
    return m && old ? { ...s, corners: old.corners.map((p) => along(m, p as Point, t)) } : s;
  });
}

/** Eases an animation's time in and out. */
export const ease = (t: number) => (t < 0.5 ? 2 * t * t : 1 - (-2 * t + 2) ** 2 / 2);

// ---- Previews ----

/** A piece drawn as a dot in a preview: where it stands after the change, its colour, and
 * whether it is a king. */
export interface Dot {
  at: Point;
  side: string;
  king: boolean;
}

/** A choice drawn small, in board units already turned for the screen: every section after it
 * (`moved` marked), where the moved ones lie now (dashed), and the pieces riding along. */
export interface Preview {
  sections: { number: number; corners: Point[]; moved: boolean; centre: Point }[];
  ghosts: Point[][];
  dots: Dot[];
}

/** The preview of `choice` from the board now (`sections`, `board`), turned by `degrees`. */
export function preview(choice: ChoiceView, sections: SectionView[], board: BoardView | null, degrees: number): Preview {
  const moving = motions(sections, choice.sections);
  const turned = (p: Point) => turn(p, degrees);
  const dots = (board?.cells ?? []).flatMap((c): Dot[] => {
    if (!c.piece || !c.polygon) return [];
    const here = centroid(c.polygon as Point[]).centre;
    const m = moving.get(sectionOf(c.id));
    return [{ at: turned(m ? along(m, here, 1) : here), side: c.piece.side, king: c.piece.kind === "king" }];
  });
  return {
    sections: choice.sections.map((s) => {
      const corners = (s.corners as Point[]).map(turned);
      return { number: s.number, corners, moved: choice.moved.includes(s.number), centre: meanPoint(corners) };
    }),
    ghosts: sections.filter((s) => choice.moved.includes(s.number)).map((s) => (s.corners as Point[]).map(turned)),
    dots,
  };
}

/** Fits points into a box of `size` units with a margin: the scale and the map to SVG
 * coordinates (y downwards). */
export function fitter(points: Point[], size: number, margin: number): { scale: number; at: (p: Point) => Point; width: number; height: number } {
  const e = extent(points);
  const scale = (size - 2 * margin) / Math.max(e.width, e.height, 1e-9);
  const maxY = e.minY + e.height;
  return {
    scale,
    at: ([x, y]) => [margin + (x - e.minX) * scale, margin + (maxY - y) * scale],
    width: e.width * scale + 2 * margin,
    height: e.height * scale + 2 * margin,
  };
}

// ---- Words ----

/** The players' words for what the side to act does now. */
export function stageSaid(stage: WhackFields["stage"], next: number): string {
  switch (stage) {
    case "place-section":
      return `lay section ${next}`;
    case "roll":
      return "roll the die";
    case "rearrange":
      return "choose how the board changes";
    default:
      return "move";
  }
}

/** The check in words, for the viewer of `colour`: "Your king on 1c2 is in check". */
export function checkSaid(board: BoardView | null, cells: string[], colour: Colour | null): string[] {
  return cells.map((id) => {
    const side = board?.cells.find((c) => c.id === id)?.piece?.side as Colour | undefined;
    const whose = side && side === colour ? "Your" : side ? `${SIDE_NAMES[side]}'s` : "A";
    return `${whose} king on ${id} is in check.`;
  });
}

/** The kind of change a choice makes, for grouping many pictures: "Section 4 moves" (TIP,
 * DIG, WILD: the section named first moves), "Sections 3 and 4 turn" (AIM), "Two sections
 * swap", "Where the section goes" (laying a section at the start). */
export function changeKind(action: string): string {
  const moves = /^(?:tip|dig|wild) (\d)/.exec(action);
  if (moves) return `Section ${moves[1]} moves`;
  const turns = /^aim (\d)(\d)/.exec(action);
  if (turns) return `Sections ${turns[1]} and ${turns[2]} turn`;
  if (action.startsWith("swap")) return "Two sections swap";
  return "Where the section goes";
}

/** Choices grouped by `changeKind`, in the order each kind first appears. */
export function groupChanges<C extends { action: string }>(choices: C[]): [string, C[]][] {
  const groups = new Map<string, C[]>();
  for (const c of choices) {
    const kind = changeKind(c.action);
    groups.set(kind, [...(groups.get(kind) ?? []), c]);
  }
  return [...groups];
}
