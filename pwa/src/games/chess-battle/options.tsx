// Chess Battle's options form: players, board, danger zones, variations and the round timer.
import type { OptionsFormProps, OptionsSpec } from "../types";
import { numberOf } from "../shared/forms";

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
