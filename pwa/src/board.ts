// The board as the referee sends it (`BoardView`), laid out for drawing: where each cell goes in
// the SVG's coordinates, in which row a screen reader meets it, what it is called aloud, and
// the coordinates along the edges. Pure, so the mapping is tested without a browser.
import type { BoardView, CellView, PieceView, StackView } from "./api";
import { kindGlyph } from "./fen";
import { plural } from "./words";

/** The side of one square of a grid board, in SVG units. */
export const CELL = 100;
/** The longer side of a polygon board, in SVG units. */
export const POLYGON_EXTENT = 800;

/** Where a cell is drawn: a square of a grid, or a free polygon ("x,y x,y ..."). */
export type CellShape = { kind: "rect"; x: number; y: number; size: number } | { kind: "polygon"; points: string };

/** One cell placed in the SVG: its shape, the centre its piece is drawn on, and its size (the
 * side of a square, or the side of the square of equal area for a polygon). */
export interface PlacedCell {
  cell: CellView;
  shape: CellShape;
  centre: [number, number];
  size: number;
}

/** A coordinate drawn along the edge: a file letter or a rank number. */
export interface CoordLabel {
  text: string;
  x: number;
  y: number;
  kind: "file" | "rank";
}

/** A board ready to draw: the viewBox size, the cells row by row (top row first, each row left
 * to right as the viewer sees it; a polygon board's in the order the referee lists them, a row
 * for each run of cells of one rank), the edge coordinates, and the outlines asked for (a
 * polygon board's parts, such as Whack's sections) as SVG points. */
export interface BoardLayout {
  width: number;
  height: number;
  rows: PlacedCell[][];
  coords: CoordLabel[];
  outlines: string[];
  /** Where each outline's label goes, in SVG units: just inside its first corner (an eighth of
   * the way to its centre), where it hides least of the cells. */
  outlineLabels: Point[];
}

type Point = [number, number];

/** Lays a board out; `flipped` turns it half round, for the side whose home is at the top
 * (`at` and polygon points are given from White's bottom-left corner, y upwards). `outlines`
 * (polygons in board units, on a polygon board) are placed as the cells are. */
export function layoutBoard(board: BoardView, flipped = false, outlines: Point[][] = []): BoardLayout {
  const shape = board.shape;
  if (shape.kind === "grid") {
    const { placed, width, height } = gridLayout(board.cells, shape.files, shape.ranks, flipped);
    return { width, height, rows: rowsOf(placed, flipped), coords: gridCoords(placed, height), outlines: [], outlineLabels: [] };
  }
  const { placed, width, height, toSvg } = polygonLayout(board.cells, flipped);
  const labelAt = (o: Point[]): Point => {
    const [cx, cy] = [o.reduce((t, p) => t + p[0], 0) / o.length, o.reduce((t, p) => t + p[1], 0) / o.length];
    return [o[0][0] + (cx - o[0][0]) / 8, o[0][1] + (cy - o[0][1]) / 8];
  };
  return {
    width,
    height,
    rows: runsOfRanks(placed),
    coords: [],
    outlines: outlines.map((o) => pointsText(o.map(toSvg))),
    outlineLabels: outlines.map((o) => labelAt(o.map(toSvg))),
  };
}

/** Cells placed, and the size of the drawing they fill. */
interface Placed {
  placed: PlacedCell[];
  width: number;
  height: number;
}

function gridLayout(cells: CellView[], files: number, ranks: number, flipped: boolean): Placed {
  const placed = cells.map((cell): PlacedCell => {
    const [file, rank] = cell.at;
    const x = (flipped ? files - 1 - file : file) * CELL;
    const y = (flipped ? rank : ranks - 1 - rank) * CELL;
    return { cell, shape: { kind: "rect", x, y, size: CELL }, centre: [x + CELL / 2, y + CELL / 2], size: CELL };
  });
  return { placed, width: files * CELL, height: ranks * CELL };
}

/** A cell's corners in board units; a cell without a polygon is the unit square at its `at`. */
function cornersOf(cell: CellView): Point[] {
  if (cell.polygon && cell.polygon.length >= 3) return cell.polygon;
  const [x, y] = cell.at;
  return [
    [x, y],
    [x + 1, y],
    [x + 1, y + 1],
    [x, y + 1],
  ];
}

/** Scales the polygons so that the board's longer side is `POLYGON_EXTENT`, with y downwards
 * as SVG draws it (or x and y both reversed when flipped). */
function polygonLayout(cells: CellView[], flipped: boolean): Placed & { toSvg: (p: Point) => Point } {
  const corners = cells.map(cornersOf);
  const all = corners.flat();
  const [minX, maxX] = range(all.map((p) => p[0]));
  const [minY, maxY] = range(all.map((p) => p[1]));
  const scale = POLYGON_EXTENT / Math.max(maxX - minX, maxY - minY, 1e-9);
  const toSvg = ([x, y]: Point): Point => (flipped ? [(maxX - x) * scale, (y - minY) * scale] : [(x - minX) * scale, (maxY - y) * scale]);
  const placed = cells.map((cell, i): PlacedCell => {
    const points = corners[i].map(toSvg);
    const { centre, area } = centroid(points);
    return { cell, shape: { kind: "polygon", points: pointsText(points) }, centre, size: Math.sqrt(area) || CELL / 2 };
  });
  return { placed, width: round((maxX - minX) * scale), height: round((maxY - minY) * scale), toSvg };
}

const round = (n: number) => Math.round(n * 100) / 100;

/** SVG points: "x,y x,y ...". */
const pointsText = (points: Point[]) => points.map((p) => p.map(round).join(",")).join(" ");

function range(values: number[]): [number, number] {
  return values.length ? [Math.min(...values), Math.max(...values)] : [0, 0];
}

/** The centre of mass of a polygon and its area (the mean of its corners if it has none). */
export function centroid(points: Point[]): { centre: Point; area: number } {
  let twice = 0;
  let cx = 0;
  let cy = 0;
  points.forEach(([x0, y0], i) => {
    const [x1, y1] = points[(i + 1) % points.length];
    const cross = x0 * y1 - x1 * y0;
    twice += cross;
    cx += (x0 + x1) * cross;
    cy += (y0 + y1) * cross;
  });
  if (Math.abs(twice) < 1e-9) {
    const n = points.length || 1;
    return { centre: [points.reduce((s, p) => s + p[0], 0) / n, points.reduce((s, p) => s + p[1], 0) / n], area: 0 };
  }
  return { centre: [cx / (3 * twice), cy / (3 * twice)], area: Math.abs(twice) / 2 };
}

/** Rows for screen readers: cells of one rank together, the top rank first, each row in the
 * order the viewer sees it. */
function rowsOf(placed: PlacedCell[], flipped: boolean): PlacedCell[][] {
  const byRank = new Map<number, PlacedCell[]>();
  for (const p of placed) byRank.set(p.cell.at[1], [...(byRank.get(p.cell.at[1]) ?? []), p]);
  const order = (a: number, b: number) => (flipped ? a - b : b - a);
  return [...byRank.entries()].sort(([a], [b]) => order(a, b)).map(([, row]) => row.sort((a, b) => (flipped ? b.cell.at[0] - a.cell.at[0] : a.cell.at[0] - b.cell.at[0])));
}

/** A polygon board's rows for screen readers: the cells in the order the referee lists them,
 * a row for each run of cells of one rank (on Whack's board, each section's ranks in turn). */
function runsOfRanks(placed: PlacedCell[]): PlacedCell[][] {
  const rows: PlacedCell[][] = [];
  for (const p of placed) {
    const last = rows[rows.length - 1];
    if (last && last[0].cell.at[1] === p.cell.at[1]) last.push(p);
    else rows.push([p]);
  }
  return rows;
}

/** Cell ids such as "e4" or "k10": letters for the file, a number for the rank. */
const NAMED = /^([a-z]+)(\d+)$/;

/** File letters under the bottom row and rank numbers beside the left column, where the cells
 * are named by file and rank. */
function gridCoords(placed: PlacedCell[], height: number): CoordLabel[] {
  const out: CoordLabel[] = [];
  for (const { cell, shape } of placed) {
    const named = NAMED.exec(cell.id);
    if (!named || shape.kind !== "rect") continue;
    if (shape.x === 0) out.push({ text: named[2], x: 5, y: shape.y + 22, kind: "rank" });
    if (shape.y + shape.size === height) out.push({ text: named[1], x: shape.x + shape.size - 18, y: height - 6, kind: "file" });
  }
  return out;
}

/** What is drawn for a piece: a chess glyph by kind, else its label, else its kind's first
 * letter ("?" for a piece the viewer does not know). */
export function pieceSymbol(piece: PieceView): string {
  if (piece.kind === "unknown") return piece.label ?? "?";
  return kindGlyph(piece.kind) ?? piece.label ?? piece.kind.charAt(0).toUpperCase();
}

/** "white knight", "black piece 3", "white knight labelled 3" (a chess piece with a label,
 * such as a Chess Battle seat number, drawn beside the glyph). */
export function pieceWords(piece: PieceView): string {
  const what = piece.kind === "unknown" ? "piece" : piece.kind;
  if (!piece.label) return `${piece.side} ${what}`;
  return kindGlyph(piece.kind) ? `${piece.side} ${what} labelled ${piece.label}` : `${piece.side} ${what} ${piece.label}`;
}

/** The label drawn beside a piece's glyph: a chess piece's label (its symbol is the glyph);
 * other pieces show their label as the symbol itself. */
export function pieceBadge(piece: PieceView): string | null {
  return piece.label && piece.kind !== "unknown" && kindGlyph(piece.kind) ? piece.label : null;
}

/** A stack's colour as a drawing tone: White's light, Black's dark, anything else neutral. */
export function stackTone(stack: StackView): "light" | "dark" | "neutral" {
  return stack.colour === "white" ? "light" : stack.colour === "black" ? "dark" : "neutral";
}

/** "on 2 checkers (White's), boosted". */
export function stackWords(stack: StackView): string {
  const whose = stack.colour ? ` (${stack.colour[0].toUpperCase()}${stack.colour.slice(1)}'s)` : "";
  const effect = stack.effect ? `, ${stack.effect}` : "";
  return `on ${plural(stack.count, stack.kind)}${whose}${effect}`;
}

/** How markers are said; any other marker is said by its name. */
export const MARKERS: Record<string, string> = {
  mirror: "through the mirror",
  check: "in check",
  "gives-check": "gives check",
  danger: "in danger",
  half: "on your half",
  "danger-yellow": "yellow zone, turns red after this round",
  "danger-red": "red zone",
  frozen: "frozen this round",
  buried: "you buried a piece under it",
  stacked: "stacked",
  "to-move": "still to move this turn",
};

/** The markers the board draws: a shade over the whole cell, or an outline inside it (so that
 * a shaded cell can be outlined too). The others are only said. */
export const TINTED: Record<string, "fill" | "outline"> = {
  mirror: "outline",
  check: "outline",
  "gives-check": "outline",
  danger: "fill",
  half: "fill",
  "danger-yellow": "fill",
  "danger-red": "fill",
  frozen: "outline",
  buried: "outline",
  stacked: "fill",
  "to-move": "outline",
};

/** Everything said about a cell, in order: its name, its piece (as `sayPiece` says it), its
 * stacks, its markers. */
export function cellWords(cell: CellView, sayPiece: (piece: PieceView) => string = pieceWords): string {
  return [cell.id, cell.piece && sayPiece(cell.piece), ...(cell.stacks ?? []).map(stackWords), ...(cell.markers ?? []).map((m) => MARKERS[m] ?? m)]
    .filter(Boolean)
    .join(", ");
}
