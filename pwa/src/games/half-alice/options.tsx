// Half Alice's options form: the checkers each side has.
import type { OptionsFormProps, OptionsSpec } from "../types";
import { numberOf } from "../shared/forms";

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
