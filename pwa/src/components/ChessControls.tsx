// Controls every two-player chess game shares: choosing a promotion, and the draw offer and
// resignation buttons.
import type { View } from "../api";
import { Board, type BoardProps } from "./Board";

const PROMOTIONS: [string, string][] = [
  ["q", "Queen"],
  ["r", "Rook"],
  ["b", "Bishop"],
  ["n", "Knight"],
];

/** Asks which piece a pawn becomes; `moves` are the candidate actions ending in q, r, b, n. */
export function PromotionChoice({ moves, choose }: { moves: string[]; choose: (move: string) => void }) {
  return (
    <div class="promotion" role="dialog" aria-label="Promote the pawn to">
      {PROMOTIONS.map(([letter, name]) => {
        const move = moves.find((m) => m.endsWith(letter));
        return (
          move && (
            <button key={letter} onClick={() => choose(move)}>
              {name}
            </button>
          )
        );
      })}
    </div>
  );
}

/** Whose move it is, the board, the promotion choice when one is pending, and the referee's
 * last word. */
export function PlayerBoard(props: { status: string; board: BoardProps; promotion: string[] | null; choose: (move: string) => void; message: string }) {
  return (
    <>
      <p class="status" role="status" aria-live="polite">
        {props.status}
      </p>
      <Board {...props.board} />
      {props.promotion && <PromotionChoice moves={props.promotion} choose={props.choose} />}
      {props.message && (
        <p class="error" role="alert">
          {props.message}
        </p>
      )}
    </>
  );
}

/** Offer, accept or (with a claim) settle a draw, and resign. */
export function TableActions({ view, act, children }: { view: View; act: (a: string) => Promise<void>; children?: preact.ComponentChildren }) {
  if (view.status !== "active" || view.seat === null) return null;
  const myColor = view.seat === 1 ? "black" : "white";
  const drawOffer = view.draw_offer as string | null;
  return (
    <div class="actions">
      {children}
      {drawOffer && drawOffer !== myColor ? (
        <button onClick={() => act("accept-draw")}>Accept the draw</button>
      ) : (
        !drawOffer && <button onClick={() => act("offer-draw")}>Offer a draw</button>
      )}
      {drawOffer === myColor && <span class="facts">Draw offered</span>}
      <button
        class="danger"
        onClick={() => {
          if (confirm("Resign this game?")) void act("resign");
        }}
      >
        Resign
      </button>
    </div>
  );
}
