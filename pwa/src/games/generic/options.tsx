// The options form of a game the app has no form for: options typed as JSON, folded away,
// empty for the game's defaults.
import { useState } from "preact/hooks";
import type { OptionsFormProps, OptionsSpec } from "../types";
import { InWords } from "../../errors";

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
      throw new InWords(`The options are not valid JSON: ${(e as Error).message}`);
    }
  },
};
