// Chess Golf's options form: players, holes, and a course of one's own.
import type { OptionsFormProps, OptionsSpec } from "../types";
import { numberOf } from "../shared/forms";

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
