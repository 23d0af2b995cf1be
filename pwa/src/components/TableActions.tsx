// The courtesies every game may allow, as buttons: offering, accepting, declining or
// withdrawing a draw, and resigning.
import type { ComponentChildren } from "preact";
import { type Courtesy, type GameView, courtesies, teamOf } from "../api";

/** Offer, accept, decline or withdraw a draw, and resign: the buttons the referee allows the
 * viewer now, plus `children` (a claim). */
export function TableActions({ view, act, children }: { view: GameView; act: (a: string) => Promise<void>; children?: ComponentChildren }) {
  const allowed = courtesies(view);
  if (!allowed.length && !children) return null;
  const may = (c: Courtesy) => allowed.includes(c);
  const offer = view.draw_offer;
  const ours = offer !== null && offer.team === teamOf(view, view.seat);
  return (
    <div class="actions">
      {children}
      {may("offer-draw") && <button onClick={() => act("offer-draw")}>Offer a draw</button>}
      {may("accept-draw") && <button onClick={() => act("accept-draw")}>Accept the draw</button>}
      {may("decline-draw") && <button onClick={() => act("decline-draw")}>{ours ? "Withdraw offer" : "Decline draw"}</button>}
      {offer && <span class="facts">{ours ? "Draw offered" : `${view.teams[offer.team] ?? "A side"} offers a draw`}</span>}
      {may("resign") && (
        <button
          class="danger"
          onClick={() => {
            if (confirm("Resign this game?")) void act("resign");
          }}
        >
          Resign
        </button>
      )}
    </div>
  );
}
