// Chess Battle in words: how far a sealed round has got, each revealed move, each fighter's
// standing — from the view alone, for the players' phones and the table display.
import type { View } from "../../api";
import { activeSeats, isCourtesy, sideName } from "../../api";
import { kindGlyph } from "../../fen";
import type { FighterView, Revealed } from "../../generated/chess-battle";

type Names = Pick<View, "seats" | "names">;

/** "5 of 8 sealed": the seats of this round that have sealed a move. */
export function sealedCount(view: Pick<View, "turn">): string {
  const seats = activeSeats(view);
  const sealed = seats.filter((a) => a.submitted).length;
  return `${sealed} of ${seats.length} sealed`;
}

/** The glyph of "white knight" (♞), drawn in its colour by the page. */
export function glyphOf(piece: string | null): string {
  return (piece && kindGlyph(piece.split(" ")[1] ?? "")) ?? "";
}

/** One revealed move: "Seat 1: b5→a3", "Seat 4 stayed on b2", with how it ended if it did;
 * for a seat that sealed nothing before the round's deadline (`late`), "Seat 2 sealed nothing
 * before the deadline and stayed on c3". */
export function revealedWords(view: Names, r: Revealed, late = false): string {
  const who = sideName(view, r.seat);
  const moved = late ? `${who} sealed nothing before the deadline and stayed on ${r.from}` : r.from === r.to ? `${who} stayed on ${r.from}` : `${who}: ${r.from}→${r.to}`;
  return r.eliminated ? `${moved} — out: ${r.eliminated}` : moved;
}

/** The seats that sealed nothing before the deadline that closed the last round, as the record
 * says right after the round's moves (entries with the action "-"); none when the last round
 * closed with every move sealed. Freezes, medals and courtesies since then are passed over. */
export function sealedNothing(view: Pick<View, "played">): number[] {
  const late: number[] = [];
  for (let i = view.played.length - 1; i >= 0; i--) {
    const p = view.played[i];
    if (p.action === "-" && !late.includes(p.seat)) late.unshift(p.seat);
    else if (late.length || !p.action || (seatOfOpen(p.action) === null && !isCourtesy(p.action))) break;
  }
  return late;
}

/** A fighter's standing: where it is, or how it left the game; frozen; medals. */
export function standing(view: Names, f: FighterView, medals: boolean): string {
  const where = !f.alive ? `out: ${f.eliminated ?? "eliminated"}` : f.cell ? `on ${f.cell}` : f.piece ? "not placed yet" : "no piece yet";
  const parts = [f.piece ?? "", where];
  if (f.frozen) parts.push("frozen this round");
  if (medals) {
    if (f.medals_from.length) parts.push(`holds medals of ${f.medals_from.map((s) => sideName(view, s)).join(", ")}`);
    if (f.alive) parts.push(`${f.medals_left} medal${f.medals_left === 1 ? "" : "s"} to give`);
  }
  return parts.filter(Boolean).join(", ");
}

/** The seat an open action names ("freeze 3" → seat 2), counted from 1 in actions. */
export function seatOfOpen(action: string): number | null {
  const m = /^(freeze|medal) (\d+)$/.exec(action);
  return m ? Number(m[2]) - 1 : null;
}

/** Whether an action is a cell of the board ("e5", "k10"). */
export const isCell = (action: string) => /^[a-p]\d{1,2}$/.test(action);
