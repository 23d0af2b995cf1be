// The courtesies every game may allow, as buttons: asking to take back one's last move,
// offering a draw and resigning (a pending request is answered in the banner above the board).
import type { ComponentChildren } from "preact";
import { type GameView, courtesies } from "../api";

/** Take back my move (after the other side's reply: with the reply; the other side is asked), offer a draw and resign, where the referee
 * allows the viewer now, plus `children` (a claim). */
export function TableActions({ view, act, children }: { view: GameView; act: (a: string) => Promise<void>; children?: ComponentChildren }) {
  const allowed = courtesies(view);
  const offer = allowed.includes("offer-draw") && !view.draw_offer;
  const resign = allowed.includes("resign");
  const takeback = allowed.includes("offer-takeback");
  if (!offer && !resign && !takeback && !children) return null;
  return (
    <div class="actions">
      {children}
      {takeback && <button onClick={() => act("offer-takeback")}>{view.takeback_moves === 2 ? "Take back my move and the reply" : "Take back my move"}</button>}
      {offer && <button onClick={() => act("offer-draw")}>Offer a draw</button>}
      {resign && (
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
