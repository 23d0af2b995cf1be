// PGN of a chess or Chess960 game from its view: the moves as the record says them (SAN), the
// players, the result, and the start position where it is not the usual one.
import { type GameView, type PlayedEntry, gamePlayed, sideName } from "../../api";
import { UCI } from "../../fen";

const USUAL = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";

/** "1-0", "0-1", "1/2-1/2", or "*" while the game is on (seat 0 is White). */
export function pgnResult(view: Pick<GameView, "outcome">): string {
  const r = view.outcome?.results[0];
  return r === "win" ? "1-0" : r === "loss" ? "0-1" : r === "draw" ? "1/2-1/2" : "*";
}

/** The movetext: "1. e4 e5 2. Nf3", starting from the start position's move number and side. */
export function movetext(sans: string[], start: string): string {
  const fields = start.trim().split(/\s+/);
  let number = Number(fields[5]) || 1;
  let black = fields[1] === "b";
  const out: string[] = [];
  sans.forEach((san, i) => {
    if (!black) out.push(`${number}.`);
    else if (i === 0) out.push(`${number}...`);
    out.push(san);
    if (black) number++;
    black = !black;
  });
  return out.join(" ");
}

const pad = (n: number) => String(n).padStart(2, "0");

/** The PGN of the game: `played` must be the whole record (a view carries only the latest
 * entries once a game is long: see `record.ts`); the view's own entries by default. */
export function toPgn(view: GameView<{ start: string; setup?: unknown }>, now = new Date(), played: PlayedEntry[] = view.played): string {
  const sans = gamePlayed({ played }).filter((p) => UCI.test(p.action ?? "")).map((p) => p.said);
  const result = pgnResult(view);
  const start = view.game.start;
  const tags: [string, string][] = [
    ["Event", "Table game"],
    ["Site", "Table referee"],
    ["Date", `${now.getFullYear()}.${pad(now.getMonth() + 1)}.${pad(now.getDate())}`],
    ["Round", "-"],
    ["White", sideName(view, 0)],
    ["Black", sideName(view, 1)],
    ["Result", result],
  ];
  if (view.rules === "chess960") tags.push(["Variant", "Chess960"]);
  if (view.rules === "chess960" || start !== USUAL) tags.push(["SetUp", "1"], ["FEN", start]);
  if (view.outcome) tags.push(["Termination", view.outcome.reason]);
  const head = tags.map(([k, v]) => `[${k} "${v.replace(/\\/g, "\\\\").replace(/"/g, '\\"')}"]`).join("\n");
  return `${head}\n\n${[movetext(sans, start), result].filter(Boolean).join(" ")}\n`;
}
