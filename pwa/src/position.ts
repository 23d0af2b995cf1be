// A position for "Is that legal?" as fields of text (FEN's six, then the game's own), and the
// edits the board editor makes to it: pieces, side to move, castling rights derived from the
// pieces, the en passant square, and the marks the checker games put on squares (stacks of
// checkers, the squares behind Half Alice's mirror). Pure, so it is tested without a browser.
import { FILES, type Placement, parsePlacement, placementToFen } from "./fen";
import type { EditorSpec, Notation } from "./games/types";

export const START_FEN = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
export const EMPTY_BOARD = "8/8/8/8/8/8/8/8";

/** The fields of a position: six of FEN (missing ones filled in), then the game's own. */
export function fieldsOf(fen: string): string[] {
  const fields = fen.trim().split(/\s+/).filter(Boolean);
  const defaults = [EMPTY_BOARD, "w", "-", "-", "0", "1"];
  return defaults.map((d, i) => fields[i] ?? d).concat(fields.slice(6));
}

/** The position as a game written from FEN's placement alone sends it (Chess Golf, Parade):
 * the placement, then the game's own fields; the editor's side to move, castling and en
 * passant are left out. */
export function placementNotation(fen: string): string {
  const fields = fieldsOf(fen);
  return [fields[0], ...fields.slice(6)].join(" ");
}

/** Such a position read back into the editor's fields (FEN's six, then the game's own). */
export function fromPlacementNotation(text: string): string {
  const parts = text.trim().split(/\s+/).filter(Boolean);
  return [parts[0] ?? EMPTY_BOARD, "w", "-", "-", "0", "1", ...parts.slice(1)].join(" ");
}

/** FEN and its games' fields, written as the editor keeps them. */
export const FEN_NOTATION: Notation = { read: (position) => position, write: (fields) => fields };

/** FEN's placement, then the game's own fields (Chess Golf, Parade, Neighbour). */
export const PLACEMENT_NOTATION: Notation = { read: fromPlacementNotation, write: placementNotation };

/** How a game's positions are written: its own notation, else FEN's placement or FEN. */
export function notationOf(editor: EditorSpec | undefined): Notation {
  return editor?.notation ?? (editor?.placement ? PLACEMENT_NOTATION : FEN_NOTATION);
}

/** The value of the field written `name:value` among `fields` from index `from` on. */
export function namedField(fields: string[], from: number, name: string): string | undefined {
  return fields
    .slice(from)
    .find((f) => f.startsWith(`${name}:`))
    ?.slice(name.length + 1);
}

/** A position with the field `name:value` set (where it stood, else at the end), or taken out
 * when `value` is empty. */
export function withNamedField(fen: string, from: number, name: string, value: string): string {
  const fields = fieldsOf(fen);
  const at = fields.findIndex((f, i) => i >= from && f.startsWith(`${name}:`));
  const written = `${name}:${value}`;
  if (at < 0) return (value ? [...fields, written] : fields).join(" ");
  if (value) fields[at] = written;
  else fields.splice(at, 1);
  return fields.join(" ");
}

/** A position with field `i` replaced. */
export function withField(fen: string, i: number, value: string): string {
  const fields = fieldsOf(fen);
  fields[i] = value;
  return fields.join(" ");
}

/** Castling rights as the pieces allow them: a king on its home rank with a rook beyond it on
 * that side. Orthodox chess wants the king on e1/e8 and the rooks in the corners; Chess960
 * (X-FEN) any rook on the home rank, the letter standing for the outermost one. */
export function deriveCastling(p: Placement, chess960: boolean): string {
  let out = "";
  for (const [rank, king, rook, letters] of [
    ["1", "K", "R", ["K", "Q"]],
    ["8", "k", "r", ["k", "q"]],
  ] as const) {
    const kingFile = [...FILES].findIndex((f) => p[f + rank] === king);
    if (kingFile < 0) continue;
    if (!chess960 && FILES[kingFile] !== "e") continue;
    const rookOn = (f: number) => p[FILES[f] + rank] === rook;
    const files = [...Array(8).keys()];
    const hSide = chess960 ? files.some((f) => f > kingFile && rookOn(f)) : rookOn(7);
    const aSide = chess960 ? files.some((f) => f < kingFile && rookOn(f)) : rookOn(0);
    if (hSide) out += letters[0];
    if (aSide) out += letters[1];
  }
  return out || "-";
}

/** The en passant squares that make sense with `side` to move: behind an enemy pawn that could
 * just have advanced two squares, next to a pawn of the side to move that could take it. */
export function enPassantSquares(p: Placement, side: "w" | "b"): string[] {
  const [pawnRank, behind, from, mine, enemy] = side === "w" ? ["5", "6", "7", "P", "p"] : ["4", "3", "2", "p", "P"];
  const out: string[] = [];
  [...FILES].forEach((f, i) => {
    if (p[f + pawnRank] !== enemy || p[f + behind] || p[f + from]) return;
    const beside = [FILES[i - 1], FILES[i + 1]].filter(Boolean).some((g) => p[g + pawnRank] === mine);
    if (beside) out.push(f + behind);
  });
  return out;
}

/** What the checker games write on squares, after the six FEN fields: "c1:3,h5:1" (Adrenaline's
 * stacks), "c3:2w,e7:1b" (Booster's, with their colour), "b1,e5" (Half Alice's mirror side);
 * "-" for none. Square → what follows the colon ("" for a bare square). */
export type Marks = Record<string, string>;

export function parseMarks(field: string | undefined): Marks {
  const out: Marks = {};
  if (!field || field === "-") return out;
  for (const item of field.split(",")) {
    const [square, mark = ""] = item.split(":");
    if (square) out[square] = mark;
  }
  return out;
}

export function formatMarks(marks: Marks): string {
  const items = Object.keys(marks)
    .sort()
    .map((sq) => (marks[sq] ? `${sq}:${marks[sq]}` : sq));
  return items.length ? items.join(",") : "-";
}

/** A stack's count and colour from its mark: "3" → 3, "2w" → 2 white. */
export function stackOf(mark: string): { count: number; colour?: "white" | "black" } {
  const m = /^(\d+)([wb])?$/.exec(mark);
  if (!m) return { count: 1 };
  return { count: Number(m[1]), colour: m[2] === "w" ? "white" : m[2] === "b" ? "black" : undefined };
}

/** How a tap of the editor's brush changes a square. */
export type Brush =
  | { kind: "piece"; letter: string }
  | { kind: "erase" }
  /** One more checker (of `colour`, where checkers have one). */
  | { kind: "checker"; colour?: "w" | "b" }
  /** Half Alice: the piece crosses to (or back from) the other side of the mirror. */
  | { kind: "mirror" };

/** The position after the brush touched `square`. `marksField` is the index of the field the
 * game keeps its marks in (6 for the checker games), or null. */
export function paint(fen: string, square: string, brush: Brush, marksField: number | null): string {
  const fields = fieldsOf(fen);
  const placement = parsePlacement(fields[0]);
  const marks = marksField === null ? {} : parseMarks(fields[marksField]);
  switch (brush.kind) {
    case "piece":
      // The same piece again takes it off: one brush both places and corrects.
      if (placement[square] === brush.letter) delete placement[square];
      else placement[square] = brush.letter;
      break;
    case "erase":
      delete placement[square];
      delete marks[square];
      break;
    case "checker": {
      const now = square in marks ? stackOf(marks[square]) : null;
      const same = now && (brush.colour ? now.colour?.[0] === brush.colour : true);
      const count = same ? now.count + 1 : 1;
      marks[square] = `${count}${brush.colour ?? ""}`;
      break;
    }
    case "mirror":
      if (square in marks) delete marks[square];
      else marks[square] = "";
      break;
  }
  fields[0] = placementToFen(placement);
  if (marksField !== null) {
    while (fields.length <= marksField) fields.push("-");
    fields[marksField] = formatMarks(marks);
  }
  return fields.join(" ");
}

/** Whether a move from `from` to `to` is a pawn reaching the last rank (it needs a piece). */
export function isPromotion(p: Placement, from: string, to: string): boolean {
  const piece = p[from];
  return (piece === "P" && to[1] === "8") || (piece === "p" && to[1] === "1");
}

const PIECE_WORDS: Record<string, string> = { p: "pawn", n: "knight", b: "bishop", r: "rook", q: "queen", k: "king" };

/** The squares a piece of kind `role` on `from` reaches by its own movement, the board's other
 * pieces blocking sliders (pins and checks are the referee's business). */
function reaches(p: Placement, from: string, role: string, side: "w" | "b"): string[] {
  const f = FILES.indexOf(from[0]);
  const r = Number(from[1]) - 1;
  const at = (df: number, dr: number) => (f + df >= 0 && f + df < 8 && r + dr >= 0 && r + dr < 8 ? FILES[f + df] + (r + dr + 1) : null);
  const out: string[] = [];
  const steps = (dirs: number[][], slide: boolean) => {
    for (const [df, dr] of dirs) {
      for (let k = 1; k < 8; k++) {
        const sq = at(df * k, dr * k);
        if (!sq) break;
        out.push(sq);
        if (!slide || p[sq]) break;
      }
    }
  };
  const straight = [[1, 0], [-1, 0], [0, 1], [0, -1]];
  const diagonal = [[1, 1], [1, -1], [-1, 1], [-1, -1]];
  switch (role) {
    case "n":
      steps([[1, 2], [2, 1], [2, -1], [1, -2], [-1, -2], [-2, -1], [-2, 1], [-1, 2]], false);
      break;
    case "b":
      steps(diagonal, true);
      break;
    case "r":
      steps(straight, true);
      break;
    case "q":
      steps([...straight, ...diagonal], true);
      break;
    case "k":
      steps([...straight, ...diagonal], false);
      break;
    case "p": {
      const up = side === "w" ? 1 : -1;
      const one = at(0, up);
      if (one && !p[one]) {
        out.push(one);
        const two = at(0, 2 * up);
        if (two && r === (side === "w" ? 1 : 6) && !p[two]) out.push(two);
      }
      for (const df of [-1, 1]) {
        const sq = at(df, up);
        if (sq) out.push(sq);
      }
      break;
    }
  }
  return out;
}

/** Which piece a move means, where the text says it (UCI) or only one piece of the side to move
 * could make it (SAN): its FEN letter and its squares. Null for castling, other actions, or a
 * SAN that no piece (or more than one) could mean. */
export function resolveMove(p: Placement, side: "w" | "b", action: string): { letter: string; from: string; to: string } | null {
  const uci = /^([a-h][1-8])([a-h][1-8])[qrbn]?$/.exec(action.trim());
  if (uci) return p[uci[1]] ? { letter: p[uci[1]], from: uci[1], to: uci[2] } : null;
  const san = /^([NBRQK])?([a-h])?([1-8])?x?([a-h][1-8])(=?[QRBN])?[+#!?]*$/.exec(action.trim());
  if (!san) return null;
  const [, piece, file, rank, to] = san;
  const role = (piece ?? "P").toLowerCase();
  const letter = side === "w" ? role.toUpperCase() : role;
  const from = Object.keys(p).filter(
    (sq) => p[sq] === letter && (!file || sq[0] === file) && (!rank || sq[1] === rank) && (role !== "p" || file || sq[0] === to[0]) && reaches(p, sq, role, side).includes(to),
  );
  return from.length === 1 ? { letter, from: from[0], to } : null;
}

/** "Black's knight c6→d4" for a resolved move. */
export function moveWords(move: { letter: string; from: string; to: string }): string {
  const side = move.letter === move.letter.toUpperCase() ? "White" : "Black";
  return `${side}'s ${PIECE_WORDS[move.letter.toLowerCase()] ?? "piece"} ${move.from}→${move.to}`;
}
