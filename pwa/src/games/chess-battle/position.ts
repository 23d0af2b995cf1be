// A Chess Battle position in the app, for "Is that legal?": the referee writes it as the game's
// saved state in JSON (docs/games/chess-battle.md), cells numbered rank × size + file from 0;
// here it is read, changed a seat or a cell at a time, written back, and drawn as the referee
// draws it (each piece labelled with its seat's number, danger zones tinted). Pure, so it is
// tested without a browser.
import type { BoardView, CellView } from "../../api";
import type { ChessBattleOptions } from "../../generated/chess-battle";

/** One seat's piece and tokens, as saved. */
export interface Fighter {
  /** [colour, kind], once picked: ["white", "knight"]. */
  piece: [string, string] | null;
  cell: number | null;
  /** How it left the game, in words; null while in it. */
  eliminated: string | null;
  medals_left: number;
  medals_from: number[];
  freeze_left: boolean;
}

/** The saved state, as the referee writes it. */
export interface BattleState {
  options: Required<ChessBattleOptions>;
  first: number;
  fighters: Fighter[];
  round: number;
  yellow: number[];
  red: number[];
  frozen: number[];
  last_round: unknown[];
}

/** The pieces a player may pick: a knight, bishop or rook of either colour. */
export const PICKS = ["white knight", "white bishop", "white rook", "black knight", "black bishop", "black rook"];

/** Medals each player has in the medals variation. */
const MEDALS = 2;

export const DEFAULT_OPTIONS: Required<ChessBattleOptions> = { players: 6, size: null, zones: "ring", safe_rounds: 0, medals: false, freezing: false, round_seconds: null };

/** A seat that has picked nothing yet, with the tokens the variations give. */
function newFighter(options: Required<ChessBattleOptions>): Fighter {
  return { piece: null, cell: null, eliminated: null, medals_left: options.medals ? MEDALS : 0, medals_from: [], freeze_left: options.freezing };
}

/** The saved state in `text`, its options filled in; null for text that is not one. */
export function readBattle(text: string): BattleState | null {
  try {
    const s = JSON.parse(text) as Partial<BattleState>;
    if (!s || !Array.isArray(s.fighters) || typeof s.options !== "object") return null;
    const defaults = { yellow: [], red: [], frozen: [], last_round: [], round: 0, first: 0 };
    return { ...defaults, ...s, fighters: s.fighters, options: { ...DEFAULT_OPTIONS, ...s.options } };
  } catch {
    return null;
  }
}

export const writeBattle = (s: BattleState) => JSON.stringify(s);

/** The board's side: the option, else 8 up to 8 players and 10 above. */
export const sizeOf = (s: BattleState) => s.options.size ?? (s.options.players <= 8 ? 8 : 10);

/** A cell's name from its number: file letter, then rank from 1 ("c3"). */
export const cellName = (size: number, cell: number) => `${"abcdefghijklmnop"[cell % size]}${Math.floor(cell / size) + 1}`;

/** A cell's number from its name; null off the board. */
export function cellNumber(size: number, name: string): number | null {
  const m = /^([a-p])(\d{1,2})$/.exec(name);
  if (!m) return null;
  const [file, rank] = ["abcdefghijklmnop".indexOf(m[1]), Number(m[2]) - 1];
  return file < size && rank >= 0 && rank < size ? rank * size + file : null;
}

/** The seat whose piece stands on `cell`, if any. */
export const seatOn = (s: BattleState, cell: number) => {
  const seat = s.fighters.findIndex((f) => f.cell === cell && !f.eliminated);
  return seat < 0 ? null : seat;
};

/** The board as data: each piece labelled with its seat's number, danger zones and frozen
 * pieces marked, as the referee's view draws it. */
export function battleBoard(s: BattleState): BoardView {
  const size = sizeOf(s);
  const cells = Array.from({ length: size * size }, (_, cell): CellView => {
    const [f, r] = [cell % size, Math.floor(cell / size)];
    const seat = seatOn(s, cell);
    const piece = seat === null ? null : s.fighters[seat].piece;
    const zone = s.red.includes(cell) ? ["danger-red"] : s.yellow.includes(cell) ? ["danger-yellow"] : [];
    const frozen = seat !== null && s.frozen.includes(seat) ? ["frozen"] : [];
    return {
      id: cellName(size, cell),
      at: [f, r],
      dark: (f + r) % 2 === 0,
      piece: piece ? { kind: piece[1], side: piece[0], label: String((seat ?? 0) + 1) } : undefined,
      markers: [...zone, ...frozen],
      selectable: false,
    };
  });
  return { shape: { kind: "grid", files: size, ranks: size }, cells };
}

/** The state with one seat changed. */
const withFighter = (s: BattleState, seat: number, change: Partial<Fighter>): BattleState => ({
  ...s,
  fighters: s.fighters.map((f, i) => (i === seat ? { ...f, ...change } : f)),
});

/** `seat`'s piece put on `cell` (whoever stood there taken off), or taken off when it stands
 * there already. */
export function placeSeat(s: BattleState, seat: number, cell: number): BattleState {
  if (s.fighters[seat]?.cell === cell) return withFighter(s, seat, { cell: null });
  const there = seatOn(s, cell);
  const cleared = there === null ? s : withFighter(s, there, { cell: null });
  return withFighter(cleared, seat, { cell, eliminated: null });
}

/** A danger zone of `colour` on `cell`, or off it when it is that colour already. */
export function toggleZone(s: BattleState, cell: number, colour: "yellow" | "red"): BattleState {
  const on = s[colour].includes(cell);
  const yellow = s.yellow.filter((c) => c !== cell);
  const red = s.red.filter((c) => c !== cell);
  if (!on) (colour === "yellow" ? yellow : red).push(cell);
  return { ...s, yellow: yellow.sort((a, b) => a - b), red: red.sort((a, b) => a - b) };
}

/** `cell` emptied: its piece taken off and its danger zone gone. */
export function emptyCell(s: BattleState, cell: number): BattleState {
  const there = seatOn(s, cell);
  const cleared = there === null ? s : withFighter(s, there, { cell: null });
  return { ...cleared, yellow: s.yellow.filter((c) => c !== cell), red: s.red.filter((c) => c !== cell) };
}

/** `seat`'s pick ("white knight", or "" for none yet). */
export const pickOf = (f: Fighter) => (f.piece ? f.piece.join(" ") : "");

/** `seat` given the pick `words` ("" for none yet). */
export function withPick(s: BattleState, seat: number, words: string): BattleState {
  const piece = words ? (words.split(" ") as [string, string]) : null;
  return withFighter(s, seat, piece ? { piece } : { piece: null, cell: null });
}

/** `seat` out of the game (its piece off the board), or back in. */
export function withOut(s: BattleState, seat: number, out: boolean): BattleState {
  return withFighter(s, seat, out ? { eliminated: "out before this position", cell: null } : { eliminated: null });
}

/** The state under new options: cells keep their names where the board's side changes, and
 * leave it where they no longer fit. */
function withOptions(s: BattleState, options: BattleState["options"]): BattleState {
  const [from, to] = [sizeOf(s), sizeOf({ ...s, options })];
  const moved = (cell: number) => cellNumber(to, cellName(from, cell));
  const cells = (list: number[]) => list.map(moved).filter((c): c is number => c !== null);
  const fighters = s.fighters.map((f) => (f.cell === null ? f : { ...f, cell: moved(f.cell) }));
  return { ...s, options, fighters, yellow: cells(s.yellow), red: cells(s.red) };
}

/** The board's side (null: the game's default for the number of players). */
export const withSize = (s: BattleState, size: number | null) => withOptions(s, { ...s.options, size });

/** The table with `players` seats: new seats have picked nothing, the last ones leave. */
export function withPlayers(s: BattleState, players: number): BattleState {
  const resized = withOptions(s, { ...s.options, players });
  const fighters = Array.from({ length: players }, (_, i) => resized.fighters[i] ?? newFighter(resized.options));
  return { ...resized, fighters, first: s.first < players ? s.first : 0, frozen: s.frozen.filter((f) => f < players) };
}

/** A variation on or off, each player given (or losing) its tokens. */
export function withVariation(s: BattleState, variation: "medals" | "freezing", on: boolean): BattleState {
  const options = { ...s.options, [variation]: on };
  const fighters = s.fighters.map((f) => (variation === "medals" ? { ...f, medals_left: on ? MEDALS : 0, medals_from: [] } : { ...f, freeze_left: on }));
  return { ...s, options, fighters, frozen: variation === "freezing" && !on ? [] : s.frozen };
}
