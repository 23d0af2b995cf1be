// Whack Chess's options form: whether a king in check must be got out of it.
import type { OptionsFormProps, OptionsSpec } from "../types";


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
