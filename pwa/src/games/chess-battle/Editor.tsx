// Chess Battle on "Is that legal?": the N×N board with each seat's piece put on a cell by
// tapping, danger zones tapped yellow or red, the seat that asks (a round's moves are sealed by
// every seat at once), and the table in words: players, the board's side, each seat's pick,
// who is out, the rounds played, who picked first and the variations.
import type { ComponentChildren } from "preact";
import { useEffect, useMemo, useState } from "preact/hooks";
import { Board } from "../../components/Board";
import { WholeBoardTools } from "../../components/BoardEditor";
import { PositionText } from "../../components/PositionText";
import { kindGlyph } from "../../fen";
import type { PositionFormProps } from "../types";
import {
  type BattleState,
  DEFAULT_OPTIONS,
  PICKS,
  battleBoard,
  cellName,
  cellNumber,
  emptyCell,
  pickOf,
  placeSeat,
  readBattle,
  seatOn,
  sizeOf,
  toggleZone,
  withOut,
  withPick,
  withPlayers,
  withSize,
  withVariation,
  writeBattle,
} from "./position";
import "../../components/variants.css";

const fighter = (cell: number) => ({ cell, eliminated: null, medals_left: 0, medals_from: [], freeze_left: false });

/** Four players in the first round, the edge yellow: Seat 1's white knight on c3, Seat 2's
 * black rook on f3, Seat 3's white bishop on c6 and Seat 4's black knight on f6. */
export const BATTLE_EXAMPLE = writeBattle({
  options: { ...DEFAULT_OPTIONS, players: 4 },
  first: 0,
  fighters: [
    { piece: ["white", "knight"], ...fighter(18) },
    { piece: ["black", "rook"], ...fighter(21) },
    { piece: ["white", "bishop"], ...fighter(42) },
    { piece: ["black", "knight"], ...fighter(45) },
  ],
  round: 0,
  yellow: Array.from({ length: 64 }, (_, c) => c).filter((c) => c % 8 === 0 || c % 8 === 7 || c < 8 || c >= 56),
  red: [],
  frozen: [],
  last_round: [],
});

/** What a tap on a cell does: move (null), put a seat's piece there, tint a danger zone, or
 * empty it. */
type Brush = null | { seat: number } | { zone: "yellow" | "red" } | { erase: true };

const seatName = (seat: number) => `Seat ${seat + 1}`;

/** "Seat 2, black rook on f3". */
function seatWords(s: BattleState, seat: number): string {
  const f = s.fighters[seat];
  const where = f.eliminated ? "out" : f.cell !== null ? `on ${cellName(sizeOf(s), f.cell)}` : f.piece ? "not placed" : "no piece yet";
  return [seatName(seat), [pickOf(f), where].filter(Boolean).join(" ")].join(", ");
}

/** A Chess Battle position drawn, not to be edited: the board after a legal move. */
export function ChessBattlePreview({ position, flipped }: { position: string; flipped: boolean }) {
  const s = readBattle(position);
  return s && <Board board={battleBoard(s)} orientation={flipped ? "black" : "white"} label="position after the move" />;
}

/** "Tap a move", each seat's piece, the danger zones and the eraser. */
function Palette({ s, brush, setBrush }: { s: BattleState; brush: Brush; setBrush: (b: Brush) => void }) {
  const pressed = (b: Brush) => JSON.stringify(brush) === JSON.stringify(b);
  const button = (b: Brush, label: string, face: ComponentChildren) => (
    <button type="button" key={label} aria-pressed={pressed(b)} aria-label={label} onClick={() => setBrush(b)}>
      {face}
    </button>
  );
  return (
    <div class="palette" role="toolbar" aria-label="set up the board">
      <button type="button" aria-pressed={brush === null} onClick={() => setBrush(null)}>
        Tap a move
      </button>
      {s.fighters.map((f, seat) => {
        const glyph = f.piece ? kindGlyph(f.piece[1]) : "?";
        return button({ seat }, `place ${seatName(seat)}'s piece`, <span class={`glyph ${f.piece?.[0] ?? ""}`}>{glyph}<sub>{seat + 1}</sub></span>);
      })}
      {button({ zone: "yellow" }, "mark a yellow danger cell", <span class="swatch yellow" />)}
      {button({ zone: "red" }, "mark a red danger cell", <span class="swatch red" />)}
      {button({ erase: true }, "empty a cell", "✕")}
    </div>
  );
}

/** The seat that asks, or whose move a tapped piece makes. */
function AskingSeat({ s, seat, setSeat }: { s: BattleState; seat: number; setSeat: (seat: number) => void }) {
  return (
    <label>
      Who asks
      <select name="seat" value={seat} onChange={(e) => setSeat(Number((e.target as HTMLSelectElement).value))}>
        {s.fighters.map((_, i) => (
          <option key={i} value={i}>
            {seatWords(s, i)}
          </option>
        ))}
      </select>
    </label>
  );
}

/** Each seat's pick and whether it is out. */
function Seats({ s, set }: { s: BattleState; set: (s: BattleState) => void }) {
  return (
    <fieldset class="extra-fields">
      <legend>Each seat's piece</legend>
      <p class="facts hint">
        A seat without a piece is still picking, one whose piece is off the board still placing (tap the seat's button above, then a cell); once every piece is placed the rounds
        begin, every seat sealing a move at once.
      </p>
      {s.fighters.map((f, seat) => (
        <div key={seat}>
          <label>
            {seatName(seat)}
            <select name={`pick-${seat}`} value={pickOf(f)} onChange={(e) => set(withPick(s, seat, (e.target as HTMLSelectElement).value))}>
              <option value="">No piece yet</option>
              {PICKS.map((p) => (
                <option key={p} value={p}>
                  {p}
                </option>
              ))}
            </select>
          </label>
          <label class="inline">
            <input type="checkbox" checked={!!f.eliminated} onChange={(e) => set(withOut(s, seat, (e.target as HTMLInputElement).checked))} /> {seatName(seat)} is out
          </label>
        </div>
      ))}
    </fieldset>
  );
}

/** The table's settings and the round: players, board, rounds played, first to pick,
 * variations. */
function Table({ s, set }: { s: BattleState; set: (s: BattleState) => void }) {
  const number = (e: Event) => Number((e.target as HTMLInputElement | HTMLSelectElement).value);
  return (
    <fieldset class="extra-fields">
      <legend>The table</legend>
      <label>
        Players (4 to 12)
        <select name="players" value={s.options.players} onChange={(e) => set(withPlayers(s, number(e)))}>
          {Array.from({ length: 9 }, (_, i) => i + 4).map((n) => (
            <option key={n} value={n}>
              {n}
            </option>
          ))}
        </select>
      </label>
      <label>
        The board's side
        <select name="size" value={s.options.size ?? ""} onChange={(e) => set(withSize(s, (e.target as HTMLSelectElement).value ? number(e) : null))}>
          <option value="">As set: {s.options.players <= 8 ? 8 : 10}×{s.options.players <= 8 ? 8 : 10}</option>
          {Array.from({ length: 13 }, (_, i) => i + 4).map((n) => (
            <option key={n} value={n}>
              {n}×{n}
            </option>
          ))}
        </select>
      </label>
      <label>
        Rounds played
        <input name="round" type="number" min={0} value={s.round} onChange={(e) => set({ ...s, round: Math.max(0, number(e) || 0) })} />
      </label>
      <p class="facts hint">Yellow cells turn red when this round ends; a piece on a red cell is out. Tap them with the yellow or red button.</p>
      <label>
        Who picked first
        <select name="first" value={s.first} onChange={(e) => set({ ...s, first: number(e) })}>
          {s.fighters.map((_, i) => (
            <option key={i} value={i}>
              {seatName(i)}
            </option>
          ))}
        </select>
      </label>
      <label class="inline">
        <input type="checkbox" checked={s.options.medals} onChange={(e) => set(withVariation(s, "medals", (e.target as HTMLInputElement).checked))} /> Medals: each player has two
        to hand over (medal 3)
      </label>
      <label class="inline">
        <input type="checkbox" checked={s.options.freezing} onChange={(e) => set(withVariation(s, "freezing", (e.target as HTMLInputElement).checked))} /> Freezing: each player
        may freeze another once (freeze 3)
      </label>
    </fieldset>
  );
}

/** The editor of a Chess Battle position for "Is that legal?". */
export function ChessBattleEditor({ position, setPosition, ask, seat, setSeat, flipped, setFlipped, verdict }: PositionFormProps) {
  const s = readBattle(position);
  const [brush, setBrush] = useState<Brush>(null);
  const [from, setFrom] = useState<string | null>(null);
  const board = useMemo(() => s && battleBoard(s), [position]);
  // Several seats act at once in a round: someone always asks.
  useEffect(() => {
    if (seat === null || (s && seat >= s.fighters.length)) setSeat(0);
  }, [seat, s?.fighters.length]);
  const set = (next: BattleState) => setPosition(writeBattle(next));

  const onCell = (id: string) => {
    if (!s) return;
    const cell = cellNumber(sizeOf(s), id);
    if (cell === null) return;
    if (brush) {
      if ("seat" in brush) return set(placeSeat(s, brush.seat, cell));
      if ("zone" in brush) return set(toggleZone(s, cell, brush.zone));
      return set(emptyCell(s, cell));
    }
    const mover = seatOn(s, cell);
    if (!from || from === id) {
      setFrom(from === id || mover === null ? null : id);
      if (mover !== null && from !== id) setSeat(mover);
      return;
    }
    setFrom(null);
    ask(`${from}${id}`);
  };

  return (
    <>
      <WholeBoardTools
        clear={() => s && set({ ...s, fighters: s.fighters.map((f) => ({ ...f, cell: null })), yellow: [], red: [] })}
        reset={() => setPosition(BATTLE_EXAMPLE)}
        resetLabel="Example position"
        flipped={flipped}
        setFlipped={setFlipped}
      />
      {s && <Palette s={s} brush={brush} setBrush={setBrush} />}
      <p class="facts" aria-live="polite">
        {brush
          ? "Tap cells to put it there; the same again takes it off."
          : from
            ? `From ${from}: now tap where it goes (or type stay below).`
            : "Tap the piece that moves, then where it goes — or type the move below."}
      </p>
      {board ? (
        <Board board={board} orientation={flipped ? "black" : "white"} selected={from} onCell={onCell} label="position to judge" />
      ) : (
        <p class="error">This text is not a Chess Battle position the editor can read; the referee says why when asked.</p>
      )}
      {verdict}
      {s && (
        <>
          <AskingSeat s={s} seat={seat ?? 0} setSeat={setSeat} />
          <Seats s={s} set={set} />
          <Table s={s} set={set} />
        </>
      )}
      <PositionText words="the game's saved state as JSON, as the referee writes it" value={position} onInput={setPosition} />
    </>
  );
}
