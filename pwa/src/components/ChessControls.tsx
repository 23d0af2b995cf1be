// What every two-player chess game shares: the viewer's colour, whose move it is, the last
// move and choosing a promotion.
import { type GameView, type PlayedEntry, sideName, teamOf, turnOf } from "../api";
import { UCI } from "../fen";
import { Board, type BoardProps } from "./Board";

/** The colour `seat` plays (team 0 is White, team 1 Black); spectators watch from White's side. */
export function colourOf(view: GameView, seat: number | null): "white" | "black" {
  return teamOf(view, seat) === 1 ? "black" : "white";
}

/** "Black to move": whose turn is running. */
export function toMove(view: GameView): string {
  const seat = turnOf(view);
  return seat === null ? "" : `${sideName(view, seat)} to move`;
}

export const checkNote = (check: boolean) => (check ? " — check!" : "");

/** The squares of the last move on the board, from the record. */
export function lastMove(played: PlayedEntry[]): [string, string] | null {
  const uci = played.findLast((p) => UCI.test(p.action ?? ""))?.action;
  return uci ? [uci.slice(0, 2), uci.slice(2, 4)] : null;
}

const PROMOTIONS: [string, string][] = [
  ["q", "Queen"],
  ["r", "Rook"],
  ["b", "Bishop"],
  ["n", "Knight"],
];

/** Asks which piece a pawn becomes; `moves` are the candidate actions ending in q, r, b, n. */
export function PromotionChoice({ moves, choose }: { moves: string[]; choose: (move: string) => void }) {
  // Not a promotion: a king that may castle or just step to the same square.
  if (moves.every((m) => m.length === 4))
    return (
      <div class="promotion" role="dialog" aria-label="Castle or move the king">
        {moves.map((m, i) => (
          <button key={m} onClick={() => choose(m)}>
            {i === moves.length - 1 ? "Castle" : `King to ${m.slice(2, 4)}`}
          </button>
        ))}
      </div>
    );
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
export function PlayerBoard(props: { status: string; board: BoardProps | null; promotion: string[] | null; choose: (move: string) => void; message: string }) {
  return (
    <>
      <p class="status" role="status" aria-live="polite">
        {props.status}
      </p>
      {props.board && <Board {...props.board} />}
      {props.promotion && <PromotionChoice moves={props.promotion} choose={props.choose} />}
      {props.message && (
        <p class="error" role="alert">
          {props.message}
        </p>
      )}
    </>
  );
}
