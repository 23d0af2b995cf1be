// Neighbour Chess Solitaire's options form: which neighbours join a group.
import type { OptionsFormProps, OptionsSpec } from "../types";


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
