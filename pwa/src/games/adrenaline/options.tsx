// Adrenaline's options form: the checkers on the table.
import type { OptionsFormProps, OptionsSpec } from "../types";
import { numberOf } from "../shared/forms";

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
