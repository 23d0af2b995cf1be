// The options forms of the games the app knows, and the one for any other game: options typed
// as JSON, folded away, empty for the game's defaults. Each form's value is the options object
// the referee receives, so what a form shows is exactly what is sent.
import { useState } from "preact/hooks";
import type { OptionsFormProps, OptionsSpec } from "./types";

const numberOf = (e: Event) => Number((e.target as HTMLInputElement | HTMLSelectElement).value);

/** Chess960: `{chess960_draw: "cards" | "number"}`, a chosen `{number}`, or `{cards}` turned over
 * at the table ("1 6 N R Q R N R"). */
export type Chess960Options = { chess960_draw: "cards" | "number" } | { number: number } | { cards: string };

/** The three piles of the seed's card procedure, as buttons to tap in the order the cards came. */
const PILES: { name: string; cards: string[]; take: number }[] = [
  { name: "Pile A·3·5·7 (one bishop)", cards: ["A", "3", "5", "7"], take: 1 },
  { name: "Pile 2·4·6·8 (the other bishop)", cards: ["2", "4", "6", "8"], take: 1 },
  { name: "Pile 8·8·10·10·10·Q (left to right)", cards: ["8", "10", "Q"], take: 6 },
];

function TableCards({ value, onChange }: { value: string; onChange: (cards: string) => void }) {
  const cards = value.split(" ").filter(Boolean);
  const pile = cards.length < 1 ? 0 : cards.length < 2 ? 1 : 2;
  const left = (c: string) => (c === "8" ? 2 : c === "10" ? 3 : 1) - cards.slice(2).filter((x) => x === c).length;
  return (
    <div class="table-cards">
      <p class="facts" aria-live="polite">
        Turned over: <span class="cards-drawn">{cards.join(" ") || "none yet"}</span>
      </p>
      {cards.length < 8 && (
        <div class="actions" role="group" aria-label={PILES[pile].name}>
          <span class="facts">{PILES[pile].name}:</span>
          {PILES[pile].cards.map((c) => (
            <button type="button" key={c} disabled={pile === 2 && left(c) <= 0} onClick={() => onChange([...cards, c].join(" "))}>
              {c}
            </button>
          ))}
        </div>
      )}
      {cards.length > 0 && (
        <button type="button" onClick={() => onChange(cards.slice(0, -1).join(" "))}>
          Undo a card
        </button>
      )}
    </div>
  );
}

function Chess960Form({ value, onChange }: OptionsFormProps<Chess960Options>) {
  const how = "number" in value ? "choose" : "cards" in value ? "table" : value.chess960_draw;
  return (
    <fieldset>
      <legend>Starting position</legend>
      <label class="inline">
        <input type="radio" name="setup" checked={how === "cards"} onChange={() => onChange({ chess960_draw: "cards" })} /> Turn over cards (three piles)
      </label>
      <label class="inline">
        <input type="radio" name="setup" checked={how === "number"} onChange={() => onChange({ chess960_draw: "number" })} /> Draw a number 0–959
      </label>
      <label class="inline">
        <input type="radio" name="setup" checked={how === "choose"} onChange={() => onChange({ number: 518 })} /> Choose a number
      </label>
      <label class="inline">
        <input type="radio" name="setup" checked={how === "table"} onChange={() => onChange({ cards: "" })} /> Cards turned over at the table
      </label>
      {"cards" in value && <TableCards value={value.cards} onChange={(cards) => onChange({ cards })} />}
      {"number" in value && (
        <label>
          Position number
          <input type="number" min={0} max={959} value={value.number} name="number" onInput={(e) => onChange({ number: numberOf(e) })} />
        </label>
      )}
    </fieldset>
  );
}

/** Chess960's options: the start position turned over from cards unless told otherwise. */
export const chess960Options: OptionsSpec<Chess960Options> = {
  defaults: { chess960_draw: "cards" },
  Form: Chess960Form,
  toOptions: (value) => {
    if ("cards" in value && value.cards.split(" ").filter(Boolean).length !== 8) throw new Error("Tap all eight cards as they were turned over: one from each of the first two piles, then the six of the third.");
    return value;
  },
};

/** Table tools: how many seats, and the deck on the table at the start (none: `{}`). */
export interface TableToolsOptions {
  seats: number;
  decks: { main?: string };
}

function TableToolsForm({ value, onChange }: OptionsFormProps<TableToolsOptions>) {
  return (
    <fieldset>
      <legend>Table</legend>
      <label>
        Players
        <input type="number" min={1} max={12} value={value.seats} name="seats" onInput={(e) => onChange({ ...value, seats: numberOf(e) })} />
      </label>
      <label>
        Deck
        <select
          value={value.decks.main ?? ""}
          name="deck"
          onChange={(e) => {
            const main = (e.target as HTMLSelectElement).value;
            onChange({ ...value, decks: main ? { main } : {} });
          }}
        >
          <option value="standard-52">Standard 52</option>
          <option value="pieces-32">Chess pieces (32)</option>
          <option value="pieces-16">Chess pieces without pawns (16)</option>
          <option value="booster-36">Booster (36)</option>
          <option value="">No deck yet</option>
        </select>
      </label>
    </fieldset>
  );
}

/** Table tools' options: two seats and a standard deck. */
export const tableToolsOptions: OptionsSpec<TableToolsOptions> = { defaults: { seats: 2, decks: { main: "standard-52" } }, Form: TableToolsForm };

/** Adrenaline: the checkers on the table. */
export interface AdrenalineOptions {
  checkers: number;
}

function AdrenalineForm({ value, onChange }: OptionsFormProps<AdrenalineOptions>) {
  return (
    <label>
      Checkers on the table
      <input type="number" min={0} max={64} value={value.checkers} name="checkers" onInput={(e) => onChange({ checkers: numberOf(e) })} />
    </label>
  );
}

/** Adrenaline's options: the seed's 24 checkers. */
export const adrenalineOptions: OptionsSpec<AdrenalineOptions> = { defaults: { checkers: 24 }, Form: AdrenalineForm };

/** Booster: each side's checkers and the checker cards in the deck. */
export interface BoosterOptions {
  white_checkers: number;
  black_checkers: number;
  checker_cards: number;
}

function BoosterForm({ value, onChange }: OptionsFormProps<BoosterOptions>) {
  const sides = [
    ["White", "white_checkers"],
    ["Black", "black_checkers"],
  ] as const;
  return (
    <fieldset>
      <legend>Checkers and cards (fewer is more predictable; unequal checkers is a handicap)</legend>
      {sides.map(([side, key]) => (
        <label key={side}>
          {side}'s checkers
          <input type="number" min={0} max={12} value={value[key]} name={key} onInput={(e) => onChange({ ...value, [key]: numberOf(e) })} />
        </label>
      ))}
      <label>
        Checker cards in the deck
        <select value={value.checker_cards} onChange={(e) => onChange({ ...value, checker_cards: numberOf(e) })} name="checker_cards">
          <option value={0}>None</option>
          <option value={2}>Two sixes</option>
          <option value={4}>The four sixes (standard)</option>
          <option value={6}>Sixes and two sevens</option>
          <option value={8}>Sixes and sevens</option>
        </select>
      </label>
    </fieldset>
  );
}

/** Booster's options: six checkers each and the four sixes. */
export const boosterOptions: OptionsSpec<BoosterOptions> = { defaults: { white_checkers: 6, black_checkers: 6, checker_cards: 4 }, Form: BoosterForm };

/** Half Alice: twelve checkers each, or unlimited. */
export interface HalfAliceOptions {
  checkers: 12 | "unlimited";
}

function HalfAliceForm({ value, onChange }: OptionsFormProps<HalfAliceOptions>) {
  return (
    <label class="inline">
      <input type="checkbox" name="unlimited" checked={value.checkers === "unlimited"} onChange={(e) => onChange({ checkers: (e.target as HTMLInputElement).checked ? "unlimited" : 12 })} /> Unlimited
      checkers (the original Alice Chess; the standard set has 12 each)
    </label>
  );
}

/** Half Alice's options: the standard set of 12 checkers each. */
export const halfAliceOptions: OptionsSpec<HalfAliceOptions> = { defaults: { checkers: 12 }, Form: HalfAliceForm };

function JsonForm({ value, onChange }: OptionsFormProps<string>) {
  // Open at first when there is something in it; after that, as the player leaves it.
  const [open] = useState(value.trim() !== "");
  return (
    <details class="json-options" open={open}>
      <summary>Advanced: options as JSON</summary>
      <label>
        Options (JSON)
        <textarea name="options" rows={3} value={value} placeholder='{"seats": 4}' spellcheck={false} onInput={(e) => onChange((e.target as HTMLTextAreaElement).value)} />
        <small>Leave empty for the game's defaults. The referee checks them and says what is wrong.</small>
      </label>
    </details>
  );
}

/** The options of a game without a form of its own, as JSON text; empty means the defaults.
 * Text that is not JSON is refused here, in words, before anything is sent. */
export const jsonOptions: OptionsSpec<string> = {
  defaults: "",
  Form: JsonForm,
  toOptions: (text) => {
    if (!text.trim()) return undefined;
    try {
      return JSON.parse(text);
    } catch (e) {
      throw new Error(`The options are not valid JSON: ${(e as Error).message}`);
    }
  },
};

/** Chess Battle: players, the board's side (by default 8 up to eight players, else 10), how
 * danger zones spread and after how many rounds, the medals and freezing variations, and how
 * long a round may stay open (null: until every living player has sealed). */
export interface ChessBattleOptions {
  players: number;
  size: number | null;
  zones: "ring" | "random" | "none";
  safe_rounds: number;
  medals: boolean;
  freezing: boolean;
  round_seconds: number | null;
}

/** The round timers the form offers, in seconds (the referee takes any from 3 to 86,400). */
const ROUND_TIMERS: [number, string][] = [
  [30, "30 seconds"],
  [60, "1 minute"],
  [120, "2 minutes"],
  [300, "5 minutes"],
];

function ChessBattleForm({ value, onChange }: OptionsFormProps<ChessBattleOptions>) {
  const set = (patch: Partial<ChessBattleOptions>) => onChange({ ...value, ...patch });
  return (
    <fieldset>
      <legend>Battle</legend>
      <label>
        Players (4 to 12)
        <input type="number" min={4} max={12} value={value.players} name="players" onInput={(e) => set({ players: numberOf(e) })} />
      </label>
      <label>
        Board
        <select value={value.size ?? ""} name="size" onChange={(e) => set({ size: (e.target as HTMLSelectElement).value ? numberOf(e) : null })}>
          <option value="">As many players need (8×8 up to eight, 10×10 beyond)</option>
          {Array.from({ length: 13 }, (_, i) => i + 4).map((n) => (
            <option key={n} value={n}>
              {n}×{n}
            </option>
          ))}
        </select>
      </label>
      <label>
        Danger zones
        <select value={value.zones} name="zones" onChange={(e) => set({ zones: (e.target as HTMLSelectElement).value as ChessBattleOptions["zones"] })}>
          <option value="ring">The outer ring each round</option>
          <option value="random">Half the outer ring, drawn</option>
          <option value="none">None</option>
        </select>
      </label>
      {value.zones !== "none" && (
        <label>
          Safe rounds before the first zone
          <input type="number" min={0} max={20} value={value.safe_rounds} name="safe_rounds" onInput={(e) => set({ safe_rounds: numberOf(e) })} />
        </label>
      )}
      <label class="inline">
        <input type="checkbox" name="medals" checked={value.medals} onChange={(e) => set({ medals: (e.target as HTMLInputElement).checked })} /> Medals: two each, to hand to others; the survivor's medal holders win too
      </label>
      <label class="inline">
        <input type="checkbox" name="freezing" checked={value.freezing} onChange={(e) => set({ freezing: (e.target as HTMLInputElement).checked })} /> Freezing: one freeze each, to stop a player for a round
      </label>
      <label>
        Round timer
        <select value={value.round_seconds ?? ""} name="round_seconds" onChange={(e) => set({ round_seconds: (e.target as HTMLSelectElement).value ? numberOf(e) : null })}>
          <option value="">None: each round waits for everyone</option>
          {ROUND_TIMERS.map(([seconds, words]) => (
            <option key={seconds} value={seconds}>
              {words}
            </option>
          ))}
        </select>
        {value.round_seconds !== null && <small>When it runs out the round closes: whoever has not sealed a move stays where they are.</small>}
      </label>
    </fieldset>
  );
}

/** Chess Battle's options: six players, the ring of danger after two safe rounds, no round
 * timer. */
export const chessBattleOptions: OptionsSpec<ChessBattleOptions> = {
  defaults: { players: 6, size: null, zones: "ring", safe_rounds: 0, medals: false, freezing: false, round_seconds: null },
  Form: ChessBattleForm,
};

/** Chess Golf: players, holes, and optionally a course and first hole to play instead of the
 * shuffled ones (the book's puzzles); empty text means the referee deals. */
export interface ChessGolfOptions {
  players: number;
  holes: number;
  layout: string;
  first_hole: string;
}

function ChessGolfForm({ value, onChange }: OptionsFormProps<ChessGolfOptions>) {
  const set = (patch: Partial<ChessGolfOptions>) => onChange({ ...value, ...patch });
  const text = (e: Event) => (e.target as HTMLInputElement).value.trim();
  return (
    <fieldset>
      <legend>Round</legend>
      <label>
        Players (1 to 8)
        <input type="number" min={1} max={8} value={value.players} name="players" onInput={(e) => set({ players: numberOf(e) })} />
      </label>
      <label>
        Holes (1 to 18)
        <input type="number" min={1} max={18} value={value.holes} name="holes" onInput={(e) => set({ holes: numberOf(e) })} />
      </label>
      <details class="json-options" open={!!(value.layout || value.first_hole)}>
        <summary>Play a given course (a puzzle from the book)</summary>
        <label>
          Course (FEN board of the sixteen pieces)
          <input name="layout" value={value.layout} placeholder="2B3R1/5k2/1r1n1N2/1r2b3/R5q1/1B1n1N2/b6K/5Q2" spellcheck={false} onInput={(e) => set({ layout: text(e) })} />
          <small>Empty: the referee shuffles the cards and lays them out.</small>
        </label>
        <label>
          First hole's pieces (FEN letters)
          <input name="first_hole" value={value.first_hole} placeholder="Kb" spellcheck={false} onInput={(e) => set({ first_hole: text(e) })} />
          <small>Kb: the white king and a black bishop. Empty: the dealer deals.</small>
        </label>
      </details>
    </fieldset>
  );
}

/** Chess Golf's options: two players, the seed's nine holes, the cards' own course. */
export const chessGolfOptions: OptionsSpec<ChessGolfOptions> = {
  defaults: { players: 2, holes: 9, layout: "", first_hole: "" },
  Form: ChessGolfForm,
  toOptions: ({ players, holes, layout, first_hole }) => ({ players, holes, ...(layout ? { layout } : {}), ...(first_hole ? { first_hole } : {}) }),
};

/** Neighbour Chess Solitaire: which neighbours join pieces into a group — the eight squares
 * around (the default, as the seed counts neighbours elsewhere) or the sides only (Parade's
 * rule). */
export interface NeighbourSolitaireOptions {
  groups: "sides-and-corners" | "sides";
}

function NeighbourSolitaireForm({ value, onChange }: OptionsFormProps<NeighbourSolitaireOptions>) {
  return (
    <fieldset>
      <legend>Which neighbours join a group</legend>
      <label class="inline">
        <input type="radio" name="groups" checked={value.groups === "sides-and-corners"} onChange={() => onChange({ groups: "sides-and-corners" })} /> Sides and corners (the
        eight squares around)
      </label>
      <label class="inline">
        <input type="radio" name="groups" checked={value.groups === "sides"} onChange={() => onChange({ groups: "sides" })} /> Sides only (as in Parade)
      </label>
    </fieldset>
  );
}

/** Neighbour's options: diagonal neighbours join a group. */
export const neighbourSolitaireOptions: OptionsSpec<NeighbourSolitaireOptions> = { defaults: { groups: "sides-and-corners" }, Form: NeighbourSolitaireForm };

/** Whack Chess: whether a king in check must be got out of it, as in modern chess. */
export interface WhackOptions {
  check_must_be_answered: boolean;
}

function WhackForm({ value, onChange }: OptionsFormProps<WhackOptions>) {
  return (
    <label class="inline">
      <input
        type="checkbox"
        name="check_must_be_answered"
        checked={value.check_must_be_answered}
        onChange={(e) => onChange({ check_must_be_answered: (e.target as HTMLInputElement).checked })}
      />{" "}
      Check must be answered, as in modern chess (otherwise, as the seed says, a king left in check may be captured)
    </label>
  );
}

/** Whack Chess's options: the seed's rule, a king in check may be left there and captured. */
export const whackOptions: OptionsSpec<WhackOptions> = { defaults: { check_must_be_answered: false }, Form: WhackForm };
