// Gravity's positions for "Is that legal?": the referee writes them as the game's saved state in
// JSON (docs/games/gravity.md); the board editor keeps them as fields, the board in FEN's
// placement and the rest after it, so the pieces are set up on the board and the rest in words.
import type { Notation } from "../types";

/** Where each part of the saved state stands among the editor's fields (FEN's six first: the
 * placement, then whose turn in the side-to-move field). */
export const GRAVITY_FIELDS = {
  toMove: 1,
  step: 6,
  flipped: 7,
  freshPawns: 8,
  done: 9,
  capturedByWhite: 10,
  capturedByBlack: 11,
  lastTurn: 12,
  whitePile: 13,
  blackPile: 14,
  // Kept as read, not offered in words: which seat plays White, and the discard piles.
  whiteSeat: 15,
  whiteDiscard: 16,
  blackDiscard: 17,
} as const;

/** The saved state as the referee writes it. */
interface GravityState {
  board: string;
  to_move: "white" | "black";
  white_seat: number;
  piles: { draw: string[]; discard: string[] }[];
  flipped: string | null;
  fresh_pawns: string[];
  done: string[];
  captured: [number, number];
  step: "Move" | "Add";
  last_turn: boolean;
  ended: null;
}

const list = (items: string[] | undefined) => (items?.length ? items.join(",") : "-");
const items = (field: string | undefined) => (field && field !== "-" ? field.split(",").filter(Boolean) : []);
const count = (field: string | undefined) => (/^\d+$/.test(field ?? "") ? Number(field) : 0);

/** The editor's fields of a saved state; an empty board, White to move, for text that is not
 * one (the referee says what is wrong with it). */
function read(position: string): string {
  let s: Partial<GravityState>;
  try {
    s = JSON.parse(position) as Partial<GravityState>;
  } catch {
    s = {};
  }
  const f = GRAVITY_FIELDS;
  const fields = [typeof s.board === "string" && s.board ? s.board : "8/8/8/8/8/8/8/8", "w", "-", "-", "0", "1"];
  fields[f.toMove] = s.to_move === "black" ? "b" : "w";
  fields[f.step] = s.step === "Add" ? "Add" : "Move";
  fields[f.flipped] = s.flipped ?? "-";
  fields[f.freshPawns] = list(s.fresh_pawns);
  fields[f.done] = list(s.done);
  fields[f.capturedByWhite] = String(s.captured?.[0] ?? 0);
  fields[f.capturedByBlack] = String(s.captured?.[1] ?? 0);
  fields[f.lastTurn] = s.last_turn ? "yes" : "no";
  fields[f.whitePile] = list(s.piles?.[0]?.draw);
  fields[f.blackPile] = list(s.piles?.[1]?.draw);
  fields[f.whiteSeat] = String(s.white_seat ?? 0);
  fields[f.whiteDiscard] = list(s.piles?.[0]?.discard);
  fields[f.blackDiscard] = list(s.piles?.[1]?.discard);
  return fields.join(" ");
}

/** The saved state the editor's fields make, as JSON. */
function write(text: string): string {
  const fields = text.trim().split(/\s+/);
  const f = GRAVITY_FIELDS;
  const state: GravityState = {
    board: fields[0],
    to_move: fields[f.toMove] === "b" ? "black" : "white",
    white_seat: count(fields[f.whiteSeat]),
    piles: [
      { draw: items(fields[f.whitePile]), discard: items(fields[f.whiteDiscard]) },
      { draw: items(fields[f.blackPile]), discard: items(fields[f.blackDiscard]) },
    ],
    flipped: items(fields[f.flipped])[0] ?? null,
    fresh_pawns: items(fields[f.freshPawns]),
    done: items(fields[f.done]),
    captured: [count(fields[f.capturedByWhite]), count(fields[f.capturedByBlack])],
    step: fields[f.step] === "Add" ? "Add" : "Move",
    last_turn: fields[f.lastTurn] === "yes",
    ended: null,
  };
  return JSON.stringify(state);
}

/** Gravity's saved state, read into the editor's fields and written back. */
export const GRAVITY_NOTATION: Notation = { read, write };
