// Orthodox chess and Chess960 at the table: tap a piece to see where it may go, tap again to
// move; anything else is explained by the referee in players' words.
import type { Chess960Setup, ChessFields } from "../generated/chess";
import { useMemo, useState } from "preact/hooks";
import { type GameView, type PlayedEntry, api, gameActions, mayAct } from "../api";
import { PlayerBoard, checkNote, colourOf, lastMove, toMove } from "../components/ChessControls";
import { TableActions } from "../components/TableActions";
import { UCI } from "../fen";
import type { ScreenProps } from "../games/types";

/** The chess games' own fields (the view's `game`), generated from the referee's schema. */
export type { ChessFields };

export type ChessView = GameView<ChessFields>;

/** The moves of the record (no resignations, offers or claims). */
const movesOf = (played: PlayedEntry[]) => played.filter((p) => UCI.test(p.action ?? ""));

/** The moves two to a line: "e4 e5". */
function movePairs(moves: PlayedEntry[]): string[] {
  const lines: string[] = [];
  for (let i = 0; i < moves.length; i += 2) lines.push(`${moves[i].said} ${moves[i + 1]?.said ?? ""}`.trim());
  return lines;
}

function status(view: ChessView, myTurn: boolean): string {
  if (view.outcome) return view.outcome.reason;
  if (view.turn.kind !== "active") return "";
  return (myTurn ? "Your move" : toMove(view)) + checkNote(view.game.check);
}

function SetupFacts({ setup }: { setup: Chess960Setup }) {
  const cards = setup.cards;
  return (
    <p class="facts">
      Start position {setup.number}
      {cards && (
        <>
          {" "}
          from the cards <span class="cards-drawn">{[cards.odd === 1 ? "A" : cards.odd, cards.even, ...cards.pieces].join(" ")}</span>
        </>
      )}
    </p>
  );
}

/** Chess and Chess960: tap a piece, then where it goes. */
export function ChessGame({ view, act, message, setMessage }: ScreenProps<ChessView>) {
  const [selected, setSelected] = useState<string | null>(null);
  const [promotion, setPromotion] = useState<string[] | null>(null);
  const position = view.game.position;
  const cells = useMemo(() => new Map((view.board?.cells ?? []).map((c) => [c.id, c])), [view.board]);
  const mine = view.seat;
  const myColor = colourOf(view, mine);
  const myTurn = mayAct(view, mine);
  const legal = gameActions(view).filter((a) => UCI.test(a));
  const moves = movesOf(view.played);
  const targets = selected ? legal.filter((m) => m.startsWith(selected)).map((m) => m.slice(2, 4)) : [];
  const ownPiece = (sq: string) => cells.get(sq)?.piece?.side === myColor;

  const onSquare = async (square: string) => {
    setMessage("");
    if (!myTurn) {
      setMessage(view.status === "over" ? "The game is over." : "It is not your move.");
      return;
    }
    if (!selected || (ownPiece(square) && !targets.includes(square))) {
      setSelected(ownPiece(square) ? square : null);
      if (!ownPiece(square) && cells.get(square)?.piece) setMessage("That is not your piece.");
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

  return (
    <section class="game chess">
      <PlayerBoard
        status={status(view, myTurn)}
        board={
          view.board && {
            board: view.board,
            orientation: myColor,
            selected,
            targets,
            lastMove: lastMove(moves),
            onCell: onSquare,
            label: `board, you play ${myColor}`,
          }
        }
        promotion={promotion}
        choose={async (move) => {
          setPromotion(null);
          setSelected(null);
          await act(move);
        }}
        message={message}
      />
      {view.game.setup && <SetupFacts setup={view.game.setup} />}
      <ol class="moves" aria-label="moves">
        {movePairs(moves).map((line, i) => (
          <li key={i}>{line}</li>
        ))}
      </ol>
      <TableActions view={view} act={act}>
        {gameActions(view).includes("claim-draw") && <button onClick={() => act("claim-draw")}>Claim a draw</button>}
      </TableActions>
    </section>
  );
}
