// An 8×8 board played by tapping, for the chess variants whose moves are UCI in the legal
// actions (Crowded House, Cooperative, Masquerade, Zombie): tap one of your pieces to see where
// it may go, tap again to move, choose a promotion; a cell that is an action by itself (a
// burial) acts at once. A tap the legal actions do not hold is explained in the referee's words.
import { useEffect, useMemo, useState } from "preact/hooks";
import { type GameView, type PlayedEntry, mayAct } from "../api";
import { UCI } from "../fen";
import { PromotionChoice } from "./ChessControls";
import { Board } from "./Board";

export interface TapChessProps {
  view: GameView;
  /** The UCI moves the viewer may make now (none when it may not act). */
  moves: string[];
  /** The viewer's colour: its pieces, and the side at the bottom. */
  colour: "white" | "black";
  act: (action: string) => Promise<void>;
  setMessage: (message: string) => void;
  /** Why a move the legal actions do not hold is refused, said by the caller (the referee's
   * adjudication or the game's own refusal). */
  explain: (move: string) => Promise<void> | void;
  /** Cells that are an action by themselves ("bury g7" on g7): a tap acts at once. */
  cellActions?: ReadonlyMap<string, string>;
  /** What a tap elsewhere says while only `cellActions` are open. */
  cellPrompt?: string;
  /** The board's name for screen readers. */
  label: string;
  /** Whether the viewer's pieces are those of `colour` (default) — a seat may move only some. */
  own?: (square: string) => boolean;
}

/** The squares of the last move of the record, to shade. */
export function lastMoveOf(played: PlayedEntry[]): string[] {
  const uci = played.findLast((p) => UCI.test(p.action ?? ""))?.action;
  return uci ? [uci.slice(0, 2), uci.slice(2, 4)] : [];
}

/** The one square every move starts from, if there is one (the piece that captures in a
 * capture stage, a lone zombie): it starts selected. */
export function soleStart(moves: string[]): string | null {
  const starts = new Set(moves.map((m) => m.slice(0, 2)));
  return starts.size === 1 ? [...starts][0] : null;
}

export function TapChess({ view, moves, colour, act, setMessage, explain, cellActions, cellPrompt, label, own }: TapChessProps) {
  const cells = useMemo(() => new Map((view.board?.cells ?? []).map((c) => [c.id, c])), [view.board]);
  const [tapped, setTapped] = useState<string | null>(null);
  const [promotion, setPromotion] = useState<string[] | null>(null);
  useEffect(() => {
    setTapped(null);
    setPromotion(null);
  }, [view.seq]);
  const selected = tapped ?? soleStart(moves);
  const ownPiece = (sq: string) => (own ? own(sq) : cells.get(sq)?.piece?.side === colour);
  const targets = cellActions?.size ? [...cellActions.keys()] : selected ? [...new Set(moves.filter((m) => m.startsWith(selected)).map((m) => m.slice(2, 4)))] : [];

  const onCell = async (sq: string) => {
    setMessage("");
    if (!mayAct(view, view.seat)) {
      setMessage(view.status === "over" ? "The game is over." : view.seat === null ? "You are watching." : "It is not your turn.");
      return;
    }
    const here = cellActions?.get(sq);
    if (here) return act(here);
    if (cellActions?.size && !moves.length) return setMessage(cellPrompt ?? "Tap one of the marked squares.");
    if (!selected || (ownPiece(sq) && !targets.includes(sq))) {
      if (sq === selected) return setTapped(null);
      setTapped(ownPiece(sq) ? sq : null);
      if (!ownPiece(sq)) setMessage(cells.get(sq)?.piece ? "That is not your piece." : "Tap one of your pieces first.");
      return;
    }
    if (sq === selected) return setTapped(null);
    const candidates = moves.filter((m) => m.slice(0, 4) === selected + sq);
    if (candidates.length > 1) return setPromotion(candidates);
    setTapped(null);
    if (candidates.length) return act(candidates[0]);
    await explain(selected + sq);
  };

  if (!view.board) return null;
  return (
    <>
      <Board board={view.board} orientation={colour} selected={selected} targets={targets} lastMove={lastMoveOf(view.played)} onCell={(id) => void onCell(id)} label={label} />
      {promotion && (
        <PromotionChoice
          moves={promotion}
          choose={(m) => {
            setPromotion(null);
            setTapped(null);
            void act(m);
          }}
        />
      )}
    </>
  );
}
