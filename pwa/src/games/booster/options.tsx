// Booster's options form: each side's checkers and the checker cards in the deck.
import type { OptionsFormProps, OptionsSpec } from "../types";
import { numberOf } from "../shared/forms";

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
