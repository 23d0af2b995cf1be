// The board, drawn as our own SVG. Squares are buttons; later games add overlays per square
// (checker stacks, mirror sides, danger zones) through `marks` without touching the rest.
import { FILES, pieceGlyph, pieceName, type Placement } from "../fen";

export interface SquareMark {
  /** Short text drawn in the square's corner, e.g. a checker count. */
  badge?: string;
  /** Extra words for screen readers. */
  label?: string;
  /** Checkers stacked under the piece: light (White's), dark (Black's) or neutral. */
  checkers?: { count: number; tone: "light" | "dark" | "neutral" };
  /** Shades the square, e.g. the mirror side in Half Alice Chess. */
  tint?: "mirror";
}

export interface BoardProps {
  placement: Placement;
  /** Which side is at the bottom. */
  orientation?: "white" | "black";
  selected?: string | null;
  targets?: string[];
  lastMove?: [string, string] | null;
  marks?: Record<string, SquareMark>;
  onSquare?: (square: string) => void;
  label?: string;
}

export function Board({ placement, orientation = "white", selected, targets = [], lastMove, marks = {}, onSquare, label }: BoardProps) {
  const ranks = orientation === "white" ? [8, 7, 6, 5, 4, 3, 2, 1] : [1, 2, 3, 4, 5, 6, 7, 8];
  const files = orientation === "white" ? FILES.split("") : FILES.split("").reverse();
  return (
    <svg class="board" viewBox="0 0 800 800" role="grid" aria-label={label ?? "chess board"}>
      {ranks.map((rank, row) => (
        <g role="row" key={rank}>
          {files.map((file, col) => {
            const square = file + rank;
            const piece = placement[square];
            const dark = (FILES.indexOf(file) + rank) % 2 === 1;
            const isTarget = targets.includes(square);
            const classes = [
              "sq",
              dark ? "dark" : "light",
              selected === square ? "selected" : "",
              lastMove && lastMove.includes(square) ? "last" : "",
            ].join(" ");
            const mark = marks[square];
            const spoken = `${square}${piece ? ", " + pieceName(piece) : ""}${mark?.label ? ", " + mark.label : ""}${isTarget ? ", can move here" : ""}`;
            return (
              <g
                key={square}
                role="gridcell"
                tabIndex={onSquare ? 0 : -1}
                aria-label={spoken}
                data-square={square}
                class="cell"
                onClick={() => onSquare?.(square)}
                onKeyDown={(e) => {
                  if (e.key === "Enter" || e.key === " ") {
                    e.preventDefault();
                    onSquare?.(square);
                  }
                }}
              >
                <rect class={classes} x={col * 100} y={row * 100} width="100" height="100" />
                {mark?.tint && <rect aria-hidden="true" class={`tint ${mark.tint}`} x={col * 100 + 4} y={row * 100 + 4} width="92" height="92" />}
                {mark?.checkers &&
                  Array.from({ length: Math.min(mark.checkers.count, 3) }, (_, i) => (
                    <ellipse
                      key={i}
                      aria-hidden="true"
                      class={`checker ${mark.checkers!.tone}`}
                      cx={col * 100 + 50}
                      cy={row * 100 + 86 - i * 7}
                      rx="36"
                      ry="10"
                    />
                  ))}
                {piece && (
                  <text
                    aria-hidden="true"
                    class={`piece ${piece === piece.toUpperCase() ? "white" : "black"}`}
                    x={col * 100 + 50}
                    y={row * 100 + 54}
                    text-anchor="middle"
                    dominant-baseline="central"
                  >
                    {pieceGlyph(piece)}
                  </text>
                )}
                {isTarget && <circle class={piece ? "capture" : "dot"} cx={col * 100 + 50} cy={row * 100 + 50} r={piece ? 46 : 16} />}
                {mark?.badge && (
                  <text aria-hidden="true" class="badge" x={col * 100 + 92} y={row * 100 + 24} text-anchor="end">
                    {mark.badge}
                  </text>
                )}
              </g>
            );
          })}
        </g>
      ))}
      <g aria-hidden="true" class="coords">
        {ranks.map((rank, row) => (
          <text key={`r${rank}`} class="coord" x={5} y={row * 100 + 22}>
            {rank}
          </text>
        ))}
        {files.map((file, col) => (
          <text key={`f${file}`} class="coord" x={col * 100 + 82} y={794}>
            {file}
          </text>
        ))}
      </g>
    </svg>
  );
}
