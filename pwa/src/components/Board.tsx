// The one board of the app, drawn as our own SVG from the board data the referee sends: grids
// of any size or free polygons, pieces, stacks under them (checkers, coins, pyramids) and
// markers (the mirror side, a king in check, danger). Each cell is a focusable grid cell with
// a spoken label; Enter and Space tap it like a finger.
import { Component, type VNode } from "preact";
import { useMemo } from "preact/hooks";
import type { BoardView, CellView } from "../api";
import { CELL, type PlacedCell, TINTED, cellWords, layoutBoard, pieceBadge, pieceSymbol, stackTone } from "../board";
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
}

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

function Piece({ placed }: { placed: PlacedCell }) {
  const piece = placed.cell.piece!;
  const [cx, cy] = placed.centre;
  const side = piece.side === "white" || piece.side === "black" ? piece.side : "other";
  const symbol = pieceSymbol(piece);
  const { kind, scale } = pieceScale(symbol);
  const own = placed.size === CELL ? undefined : `font-size:${placed.size * scale}px`;
  const badge = pieceBadge(piece);
  const u = placed.size / 100;
  // The label's badge goes to the top right corner (the rank numbers are at the top left),
  // unless a stack's count is there.
  const stacked = (placed.cell.stacks ?? []).reduce((n, s) => n + s.count, 0) > 1;
  const bx = cx + (stacked ? -30 : 30) * u;
  return (
    <>
      <text aria-hidden="true" class={`piece ${side} ${kind}`} x={cx} y={cy + 4 * u} style={own}>
        {symbol}
      </text>
      {badge && (
        <g aria-hidden="true" class="piece-label">
          <circle cx={bx} cy={cy - 30 * u} r={19 * u} />
          <text x={bx} y={cy - 30 * u} text-anchor="middle" dominant-baseline="central" style={{ fontSize: `${(badge.length > 1 ? 26 : 32) * u}px` }}>
            {badge}
          </text>
        </g>
      )}
    </>
  );
}

const Cell = memo(function Cell({ placed, selected, target, castle, last, showSelectable, interactive }: CellProps) {
  const cell: CellView = placed.cell;
  const [cx, cy] = placed.centre;
  const hint = showSelectable && cell.selectable;
  const classes = ["sq", cell.dark ? "dark" : "light", selected ? "selected" : "", last ? "last" : "", hint ? "selectable" : ""].filter(Boolean).join(" ");
  const spoken = `${cellWords(cell)}${castle ? ", castle here" : target ? ", can move here" : ""}${hint && !selected ? ", you can select it" : ""}`;
  return (
    <g role="gridcell" tabIndex={interactive ? 0 : -1} aria-label={spoken} aria-selected={selected} data-square={cell.id} class="cell">
      <Shape placed={placed} className={classes} />
      <Tints placed={placed} />
      <Stacks placed={placed} />
      {cell.piece && <Piece placed={placed} />}
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
export function Board({ board, orientation = "white", selected, targets = [], castles = [], lastMove, showSelectable = false, onCell, label }: BoardProps) {
  const layout = useMemo(() => layoutBoard(board, orientation === "black"), [board, orientation]);
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
    <svg class="board" viewBox={`0 0 ${layout.width} ${layout.height}`} role="grid" aria-label={label ?? "board"} onClick={onClick} onKeyDown={onKeyDown}>
      {layout.rows.map((row) => (
        <g role="row" key={row[0].cell.at[1]}>
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
            />
          ))}
        </g>
      ))}
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
