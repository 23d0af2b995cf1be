// The foot of a secret setup editor (Masquerade's capture table, Cloak and Dagger's checkers):
// seal the choice (or the change), the editor's own helpers, where the seal stands and how far
// the other seats are. One wording for every game that seals a setup.
import { type GameView, activeSeats, sideName } from "../api";

/** A helper button beside Seal: "Random", "Clear", … */
export interface Tool {
  label: string;
  apply: () => void;
}

export function SealRow({
  view,
  sealLabel,
  canSeal,
  onSeal,
  tools,
  sealedAs,
  waitingFor,
  unsealed,
}: {
  view: GameView<unknown, unknown>;
  /** The Seal button's words before anything is sealed ("Seal my choice"). */
  sealLabel: string;
  /** Whether the editor holds a complete choice that differs from the sealed one. */
  canSeal: boolean;
  onSeal: () => void;
  tools: Tool[];
  /** The sealed choice in words, when the referee shows it back. */
  sealedAs?: string;
  /** Who may still change nothing once they have chosen: "White". */
  waitingFor: string;
  /** What to say while nothing is sealed: "Ready to seal: …", or what is wrong. */
  unsealed: string;
}) {
  const seats = activeSeats(view);
  const mine = seats.find((a) => a.seat === view.seat);
  const others = seats.filter((a) => a.seat !== view.seat);
  return (
    <>
      <div class="actions">
        <button class="primary" disabled={!canSeal} onClick={onSeal}>
          {mine?.submitted ? "Seal the change" : sealLabel}
        </button>
        {tools.map((t) => (
          <button key={t.label} type="button" onClick={t.apply}>
            {t.label}
          </button>
        ))}
      </div>
      <p class="facts" aria-live="polite">
        {mine?.submitted ? `Sealed${sealedAs ? `: ${sealedAs}` : ""}. You may change it until ${waitingFor} has chosen.` : unsealed}
      </p>
      {others.map((a) => (
        <p key={a.seat} class="facts">
          {sideName(view, a.seat)} {a.submitted ? "has chosen (sealed)." : "is still choosing."}
        </p>
      ))}
    </>
  );
}
