// Chess960's options form: the start position by the seed's cards, a drawn number, a chosen
// number, or cards turned over at the table.
import type { OptionsFormProps, OptionsSpec } from "../types";
import { numberOf } from "../shared/forms";
import { InWords } from "../../errors";

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
    if ("cards" in value && value.cards.split(" ").filter(Boolean).length !== 8) throw new InWords("Tap all eight cards as they were turned over: one from each of the first two piles, then the six of the third.");
    return value;
  },
};
