// The one board of the app, drawn as our own SVG from the board data the referee sends: grids
// of any size or free polygons, pieces, stacks under them (checkers, coins, pyramids) and
// markers (the mirror side, a king in check, danger). Each cell is a focusable grid cell with
// a spoken label; Enter and Space tap it like a finger.
import { Component, type VNode } from "preact";
import { useMemo } from "preact/hooks";
import type { BoardView, CellView, PieceView } from "../api";
import { CELL, type PlacedCell, TINTED, cellWords, layoutBoard, pieceBadge, pieceSymbol, pieceWords, stackTone } from "../board";
import "./marks.css";

export interface BoardProps {
  board: BoardView;
  /** Which side is at the bottom: "black" turns the board half round. */
  orientation?: "white" | "black";
  selected?: string | null;
  /** Cells the selected piece (or the action under way) can go to. */
  targets?: string[];
  /** Cells a king castles to when tapped (marked apart from plain targets). */
  castles?: string[];
  /** Cells of the last action, shaded. */
  lastMove?: string[] | null;
  /** Whether to outline the cells the referee says the viewer may select. */
  showSelectable?: boolean;
  onCell?: (id: string) => void;
  label?: string;
  /** Outlines drawn over a polygon board's cells, in board units (Whack's sections), each
   * with its own class ("moved"). */
  outlines?: Outline[];
  /** How pieces are said and what their badge shows, where the game has its own words (the
   * functions should keep their identity between renders: cells are drawn again when they
   * change). */
  pieceText?: PieceText;
}

export interface Outline {
  points: [number, number][];
  className?: string;
  /** Drawn small just inside its first corner (Whack's section numbers). */
  label?: string;
}

export interface PieceText {
  say: (piece: PieceView) => string;
  badge: (piece: PieceView) => string | null;
}

const PLAIN_TEXT: PieceText = { say: pieceWords, badge: pieceBadge };

/** The margin round a polygon board, in SVG units, so that outlines and badges on its edge
 * show whole. */
const POLYGON_MARGIN = 14;

/** At most this many things of a stack are drawn; the count says the rest. */
const DRAWN = 3;

interface CellProps {
  placed: PlacedCell;
  selected: boolean;
  target: boolean;
  castle: boolean;
  last: boolean;
  showSelectable: boolean;
  /** Whether the cell takes taps (and focus); the board handles them for every cell. */
  interactive: boolean;
  pieceText: PieceText;
}

/** Whether two placed cells draw the same: a new view brings a new board object even where
 * most cells are unchanged. */
function samePlaced(a: PlacedCell, b: PlacedCell): boolean {
  return a === b || JSON.stringify(a) === JSON.stringify(b);
}

/** Whether a cell would draw the same with these props: only the cells that change are drawn
 * again, when a move is made, a piece tapped or the page around the board changes. Every prop
 * counts (a prop added later too); the placed cell by what it draws. */
function sameCell(a: CellProps, b: CellProps): boolean {
  for (const key of Object.keys(b) as (keyof CellProps)[]) if (key !== "placed" && a[key] !== b[key]) return false;
  return samePlaced(a.placed, b.placed);
}

/** `draw` as a component drawn again only when `same` says its props changed (`memo` without
 * preact/compat). `draw` uses no hooks. */
function memo<P extends object>(draw: (props: P) => VNode, same: (a: P, b: P) => boolean) {
  return class Memo extends Component<P> {
    shouldComponentUpdate(next: P) {
      return !same(this.props, next);
    }
    render(props: P) {
      return draw(props);
    }
  };
}

/** The cell's outline, filled as its colour and state say. */
function Shape({ placed, className }: { placed: PlacedCell; className: string }) {
  const s = placed.shape;
  return s.kind === "rect" ? <rect class={className} x={s.x} y={s.y} width={s.size} height={s.size} /> : <polygon class={className} points={s.points} />;
}

/** A shade over the cell for each marker that has one: a fill over the whole cell, or an
 * outline inset a little (`TINTED`). */
function Tints({ placed }: { placed: PlacedCell }) {
  const tints = (placed.cell.markers ?? []).filter((m) => TINTED[m]);
  const s = placed.shape;
  return (
    <>
      {tints.map((m) =>
        s.kind === "rect" ? (
          TINTED[m] === "fill" ? (
            <rect key={m} aria-hidden="true" class={`tint ${m}`} x={s.x} y={s.y} width={s.size} height={s.size} />
          ) : (
            <rect key={m} aria-hidden="true" class={`tint ${m}`} x={s.x + 4} y={s.y + 4} width={s.size - 8} height={s.size - 8} />
          )
        ) : (
          <polygon key={m} aria-hidden="true" class={`tint ${m}`} points={s.points} />
        ),
      )}
    </>
  );
}

/** The mark of a stack's effect, drawn beside it so that it reads without colour. */
const EFFECT_MARKS: Record<string, string> = { boosted: "▲", hobbled: "▼" };

/** Each stack as a pile of flat discs under the piece, its count in a badge, and its effect
 * (boosted, hobbled) as a shape in the corner. */
function Stacks({ placed }: { placed: PlacedCell }) {
  const [cx, cy] = placed.centre;
  const u = placed.size / 100;
  const stacks = placed.cell.stacks ?? [];
  const total = stacks.reduce((n, s) => n + s.count, 0);
  const effect = stacks.find((s) => s.effect && EFFECT_MARKS[s.effect])?.effect;
  return (
    <>
      {stacks.map((stack, k) =>
        Array.from({ length: Math.min(stack.count, DRAWN) }, (_, i) => (
          <ellipse
            key={`${k}-${i}`}
            aria-hidden="true"
            class={`stack-item ${stack.kind} ${stackTone(stack)}`}
            cx={cx}
            cy={cy + (34 - (k * DRAWN + i) * 8) * u}
            rx={40 * u}
            ry={13 * u}
            style={{ strokeWidth: `${4 * u}px` }}
          />
        )),
      )}
      {effect && (
        <text aria-hidden="true" class={`effect ${effect}`} x={cx - 46 * u} y={cy - 22 * u} style={{ fontSize: `${30 * u}px` }}>
          {EFFECT_MARKS[effect]}
        </text>
      )}
      {total > 1 && (
        <g aria-hidden="true" class="badge">
          <circle cx={cx + 30 * u} cy={cy - 30 * u} r={19 * u} />
          <text x={cx + 30 * u} y={cy - 30 * u} text-anchor="middle" dominant-baseline="central" style={{ fontSize: `${32 * u}px` }}>
            {total}
          </text>
        </g>
      )}
    </>
  );
}

/** How large a piece is drawn for its cell: chess glyphs nearly fill it, letters and labels
 * (narrower) less. On a grid's cells (all of one size) the class sizes it; polygons' cells of
 * other sizes carry their own font size. */
function pieceScale(symbol: string): { kind: "glyph" | "letter" | "label"; scale: number } {
  if (symbol.length > 1) return { kind: "label", scale: 0.42 };
  return /[♚♛♜♝♞♟]/.test(symbol) ? { kind: "glyph", scale: 0.78 } : { kind: "letter", scale: 0.6 };
}

function Piece({ placed, pieceText }: { placed: PlacedCell; pieceText: PieceText }) {
  const piece = placed.cell.piece!;
  const [cx, cy] = placed.centre;
  const side = piece.side === "white" || piece.side === "black" ? piece.side : "other";
  const symbol = pieceSymbol(piece);
  const { kind, scale } = pieceScale(symbol);
  const own = placed.size === CELL ? undefined : `font-size:${placed.size * scale}px`;
  const badge = pieceText.badge(piece);
  const u = placed.size / 100;
  // The label's badge goes to the top right corner (the rank numbers are at the top left),
  // unless a stack's count is there.
  const stacked = (placed.cell.stacks ?? []).reduce((n, s) => n + s.count, 0) > 1;
  // A polygon's cell is no square: its badge keeps closer to the piece, and smaller.
  const [off, r, font] = placed.shape.kind === "polygon" ? [24, 15, 26] : [30, 19, 32];
  const bx = cx + (stacked ? -off : off) * u;
  return (
    <>
      <text aria-hidden="true" class={`piece ${side} ${kind}`} x={cx} y={cy + 4 * u} style={own}>
        {symbol}
      </text>
      {badge && (
        <g aria-hidden="true" class={`piece-label ${side}`}>
          <circle cx={bx} cy={cy - off * u} r={r * u} />
          <text x={bx} y={cy - off * u} text-anchor="middle" dominant-baseline="central" style={{ fontSize: `${(badge.length > 1 ? font - 6 : font) * u}px` }}>
            {badge}
          </text>
        </g>
      )}
    </>
  );
}

const Cell = memo(function Cell({ placed, selected, target, castle, last, showSelectable, interactive, pieceText }: CellProps) {
  const cell: CellView = placed.cell;
  const [cx, cy] = placed.centre;
  const hint = showSelectable && cell.selectable;
  const classes = ["sq", cell.dark ? "dark" : "light", selected ? "selected" : "", last ? "last" : "", hint ? "selectable" : ""].filter(Boolean).join(" ");
  const spoken = `${cellWords(cell, pieceText.say)}${castle ? ", castle here" : target ? ", can move here" : ""}${hint && !selected ? ", you can select it" : ""}`;
  return (
    <g role="gridcell" tabIndex={interactive ? 0 : -1} aria-label={spoken} aria-selected={selected} data-square={cell.id} class="cell">
      <Shape placed={placed} className={classes} />
      <Tints placed={placed} />
      <Stacks placed={placed} />
      {cell.piece && <Piece placed={placed} pieceText={pieceText} />}
      {target && !castle && <circle class={cell.piece ? "capture" : "dot"} cx={cx} cy={cy} r={(cell.piece ? 46 : 16) * (placed.size / 100)} />}
      {castle && (
        <g class="castle-mark" aria-hidden="true">
          <circle cx={cx} cy={cy} r={30 * (placed.size / 100)} />
          <text x={cx} y={cy} style={`font-size:${26 * (placed.size / 100)}px`}>
            O-O
          </text>
        </g>
      )}
    </g>
  );
}, sameCell);

/** The board: rows of cells as a grid for screen readers, coordinates along the edges. */
export function Board({
  board,
  orientation = "white",
  selected,
  targets = [],
  castles = [],
  lastMove,
  showSelectable = false,
  onCell,
  label,
  outlines,
  pieceText = PLAIN_TEXT,
}: BoardProps) {
  const shapes = useMemo(() => (outlines ?? []).map((o) => o.points), [outlines]);
  const layout = useMemo(() => layoutBoard(board, orientation === "black", shapes), [board, orientation, shapes]);
  const polygons = board.shape.kind === "polygons";
  const m = polygons ? POLYGON_MARGIN : 0;
  // One handler for every cell's taps and keys (Enter and Space tap the focused cell).
  const cellOf = (e: Event) => (e.target as Element).closest?.("[data-square]")?.getAttribute("data-square");
  const onClick = (e: MouseEvent) => {
    const id = cellOf(e);
    if (id && onCell) onCell(id);
  };
  const onKeyDown = (e: KeyboardEvent) => {
    if (e.key !== "Enter" && e.key !== " ") return;
    const id = cellOf(e);
    if (!id || !onCell) return;
    e.preventDefault();
    onCell(id);
  };
  return (
    <svg
      class={polygons ? "board polygons" : "board"}
      viewBox={`${-m} ${-m} ${layout.width + 2 * m} ${layout.height + 2 * m}`}
      role="grid"
      aria-label={label ?? "board"}
      onClick={onClick}
      onKeyDown={onKeyDown}
    >
      {layout.rows.map((row) => (
        <g role="row" key={row[0].cell.id}>
          {row.map((placed) => (
            <Cell
              key={placed.cell.id}
              placed={placed}
              selected={selected === placed.cell.id}
              target={targets.includes(placed.cell.id)}
              castle={castles.includes(placed.cell.id)}
              last={!!lastMove?.includes(placed.cell.id)}
              showSelectable={showSelectable}
              interactive={!!onCell}
              pieceText={pieceText}
            />
          ))}
        </g>
      ))}
      {layout.outlines.length > 0 && (
        <g aria-hidden="true" class="outlines">
          {layout.outlines.map((points, i) => (
            <polygon key={i} class={`outline ${outlines?.[i]?.className ?? ""}`} points={points} />
          ))}
          {layout.outlineLabels.map(([x, y], i) =>
            outlines?.[i]?.label ? (
              <text key={`label${i}`} class="outline-label" x={x} y={y}>
                {outlines[i].label}
              </text>
            ) : null,
          )}
        </g>
      )}
      <g aria-hidden="true" class="coords">
        {layout.coords.map((c) => (
          <text key={`${c.kind}${c.text}`} class="coord" x={c.x} y={c.y}>
            {c.text}
          </text>
        ))}
      </g>
    </svg>
  );
}
