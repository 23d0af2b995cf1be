// Orthodox chess and Chess960 at the table: tap a piece to see where it may go, tap again to
// move; anything else is explained by the referee in players' words.
import { useMemo, useState } from "preact/hooks";
import { api, type View } from "../api";
import { PlayerBoard, TableActions } from "../components/ChessControls";
import { parsePlacement } from "../fen";

interface Props {
  view: View;
  act: (action: string) => Promise<void>;
  message: string;
  setMessage: (m: string) => void;
}

export function ChessGame({ view, act, message, setMessage }: Props) {
  const [selected, setSelected] = useState<string | null>(null);
  const [promotion, setPromotion] = useState<string[] | null>(null);
  const position = String(view.position ?? "");
  const placement = useMemo(() => parsePlacement(position), [position]);
  const mine = view.seat;
  const myColor = mine === 1 ? "black" : "white";
  const myTurn = view.status === "active" && view.turn?.kind === "seat" && view.turn.seat === mine;
  const legal: string[] = myTurn ? ((view.legal_moves as string[]) ?? []) : [];
  const moves = (view.moves as { uci: string; san: string }[]) ?? [];
  const last = moves.at(-1)?.uci;
  const targets = selected ? legal.filter((m) => m.startsWith(selected)).map((m) => m.slice(2, 4)) : [];
  const ownPiece = (sq: string) => {
    const p = placement[sq];
    return !!p && (p === p.toUpperCase()) === (myColor === "white");
  };

  const onSquare = async (square: string) => {
    setMessage("");
    if (!myTurn) {
      setMessage(view.status === "over" ? "The game is over." : "It is not your move.");
      return;
    }
    if (!selected || (ownPiece(square) && !targets.includes(square))) {
      setSelected(ownPiece(square) ? square : null);
      if (!ownPiece(square) && placement[square]) setMessage("That is not your piece.");
      return;
    }
    const candidates = legal.filter((m) => m.slice(0, 4) === selected + square);
    if (candidates.length > 1) {
      setPromotion(candidates);
      return;
    }
    const move = candidates[0] ?? selected + square;
    setSelected(null);
    if (!candidates.length) {
      setMessage(await api.whyIllegal(view.rules, position, move));
      return;
    }
    await act(move);
  };

  const turnText = () => {
    if (view.outcome) return view.outcome.reason;
    if (view.turn?.kind !== "seat") return "";
    const side = view.turn.seat === 0 ? "White" : "Black";
    const check = view.check ? " — check!" : "";
    return (myTurn ? "Your move" : `${side} to move`) + check;
  };
  const setup = view.setup as { number: number; cards?: { odd: number; even: number; pieces: string[] } } | null;

  return (
    <section class="game chess">
      <PlayerBoard
        status={turnText()}
        board={{
          placement,
          orientation: myColor,
          selected,
          targets,
          lastMove: last ? [last.slice(0, 2), last.slice(2, 4)] : null,
          onSquare,
          label: `board, you play ${myColor}`,
        }}
        promotion={promotion}
        choose={async (move) => {
          setPromotion(null);
          setSelected(null);
          await act(move);
        }}
        message={message}
      />
      {setup && (
        <p class="facts">
          Start position {setup.number}
          {setup.cards && (
            <>
              {" "}
              from the cards <span class="cards-drawn">{[setup.cards.odd === 1 ? "A" : setup.cards.odd, setup.cards.even, ...setup.cards.pieces].join(" ")}</span>
            </>
          )}
        </p>
      )}
      <ol class="moves" aria-label="moves">
        {moves
          .filter((_, i) => i % 2 === 0)
          .map((m, i) => (
            <li key={i}>
              {m.san} {moves[2 * i + 1]?.san ?? ""}
            </li>
          ))}
      </ol>
      <TableActions view={view} act={act}>
        {Boolean(view.can_claim_draw) && myTurn && <button onClick={() => act("claim-draw")}>Claim a draw</button>}
      </TableActions>
    </section>
  );
}
