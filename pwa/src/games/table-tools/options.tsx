// Table tools' options form: how many seats, and the deck on the table.
import type { OptionsFormProps, OptionsSpec } from "../types";
import { numberOf } from "../shared/forms";
import { DECKS } from "./decks";

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
          {DECKS.map(([kind, words]) => (
            <option key={kind} value={kind}>
              {words}
            </option>
          ))}
          <option value="">No deck yet</option>
        </select>
      </label>
    </fieldset>
  );
}

/** Table tools' options: two seats and a standard deck. */
export const tableToolsOptions: OptionsSpec<TableToolsOptions> = { defaults: { seats: 2, decks: { main: "standard-52" } }, Form: TableToolsForm };
