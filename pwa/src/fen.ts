// Reading and writing the piece placement of FEN, for drawing and editing boards, and the
// chess glyphs every board draws its pieces with.
import type { BoardView, CellView } from "./api";

export const FILES = "abcdefgh";

/** Squares a1..h8 in board order. */
export const SQUARES: string[] = Array.from({ length: 64 }, (_, i) => FILES[i % 8] + String(Math.floor(i / 8) + 1));

/** square → FEN piece letter (upper case White). */
export type Placement = Record<string, string>;

export function parsePlacement(fen: string): Placement {
  const board = fen.trim().split(/\s+/)[0] ?? "";
  const ranks = board.split("/");
  const out: Placement = {};
  if (ranks.length !== 8) return out;
  ranks.forEach((row, i) => {
    const rank = 8 - i;
    let file = 0;
    for (const c of row) {
      if (/[1-8]/.test(c)) file += Number(c);
      else {
        if (file < 8) out[FILES[file] + rank] = c;
        file += 1;
      }
    }
  });
  return out;
}

export function placementToFen(p: Placement): string {
  const rows: string[] = [];
  for (let rank = 8; rank >= 1; rank--) {
    let row = "";
    let empty = 0;
    for (const f of FILES) {
      const piece = p[f + rank];
      if (piece) {
        if (empty) row += empty;
        empty = 0;
        row += piece;
      } else empty++;
    }
    if (empty) row += empty;
    rows.push(row);
  }
  return rows.join("/");
}

const NAMES: Record<string, string> = { p: "pawn", n: "knight", b: "bishop", r: "rook", q: "queen", k: "king" };
const GLYPHS: Record<string, string> = { k: "♚", q: "♛", r: "♜", b: "♝", n: "♞", p: "♟" };

export function pieceName(letter: string): string {
  const color = letter === letter.toUpperCase() ? "white" : "black";
  return `${color} ${NAMES[letter.toLowerCase()] ?? "piece"}`;
}

/** Solid glyphs for both colours; colour comes from fill and outline. */
export function pieceGlyph(letter: string): string {
  return GLYPHS[letter.toLowerCase()] ?? "?";
}

/** Piece kinds as the board data names them, by FEN letter. */
const KINDS: Record<string, string> = { king: "k", queen: "q", rook: "r", bishop: "b", knight: "n", pawn: "p" };

/** The chess glyph of a piece kind ("knight" → ♞), or null for a kind chess does not have. */
export function kindGlyph(kind: string): string | null {
  const letter = KINDS[kind];
  return letter ? GLYPHS[letter] : null;
}

/** An 8×8 placement as board data, for drawing a position that is only text (adjudication). */
export function placementBoard(placement: Placement): BoardView {
  const cells = SQUARES.map((square, i): CellView => {
    const letter = placement[square];
    const [file, rank] = [i % 8, Math.floor(i / 8)];
    const piece = letter ? { kind: NAMES[letter.toLowerCase()] ?? "unknown", side: letter === letter.toUpperCase() ? "white" : "black" } : undefined;
    return { id: square, at: [file, rank], dark: (file + rank) % 2 === 0, piece, selectable: false };
  });
  return { shape: { kind: "grid", files: 8, ranks: 8 }, cells };
}

export function sideToMove(fen: string): "w" | "b" {
  return fen.trim().split(/\s+/)[1] === "b" ? "b" : "w";
}

/** A move in UCI: e2e4, or e7e8q with a promotion. */
export const UCI = /^[a-h][1-8][a-h][1-8][qrbn]?$/;
