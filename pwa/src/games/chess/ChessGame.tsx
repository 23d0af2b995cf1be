// Orthodox chess and Chess960 at the table: tap a piece to see where it may go, tap again to
// move; anything else is explained by the referee in players' words.
import type { Chess960Setup, ChessFields } from "../../generated/chess";
import { useMemo, useRef, useState } from "preact/hooks";
import { type GameView, type PlayedEntry, api, gameActions, gamePlayed, mayAct } from "../../api";
import { PlayerBoard, checkNote, colourOf, lastMove, toMove } from "../../components/ChessControls";
import { EarlierMoves, type WholeRecord, digits, focusFirst, useRecord } from "../../components/Record";
import { TableActions } from "../../components/TableActions";
import { UCI } from "../../fen";
import { toPgn } from "./pgn";
import { firstMoveLine } from "../../record";
import type { ScreenProps } from "../types";

/** The chess games' own fields (the view's `game`), generated from the referee's schema. */
export type { ChessFields };

export type ChessView = GameView<ChessFields>;

/** The moves of the record (no resignations, offers or claims). */
/** The moves that stand (a move taken back is not one). */
const movesOf = (played: PlayedEntry[]) => gamePlayed({ played }).filter((p) => UCI.test(p.action ?? ""));

/** The moves two to a line: "e4 e5" (a line starting "… e5" where the list begins with Black's
 * move). */
function movePairs(moves: PlayedEntry[], blackFirst: boolean): string[] {
  const lines: string[] = [];
  const all = blackFirst ? [null, ...moves] : moves;
  for (let i = 0; i < all.length; i += 2) lines.push(`${all[i]?.said ?? "…"} ${all[i + 1]?.said ?? ""}`.trim());
  return lines;
}

function status(view: ChessView, myTurn: boolean): string {
  if (view.outcome) return view.outcome.reason;
  if (view.turn.kind !== "active") return "";
  return (myTurn ? "Your move" : toMove(view)) + checkNote(view.game.check);
}

const PIECE_CARDS: Record<string, string> = { "8": "knight", "10": "rook or king", Q: "queen" };

/** The Chess960 start: its number and, where cards were turned over, each pile's cards. */
function SetupFacts({ setup }: { setup: Chess960Setup }) {
  const cards = setup.cards;
  const file = (n: number) => "abcdefgh"[n - 1];
  return (
    <div class="facts setup">
      <p>Start position {setup.number}{cards ? ", from the cards turned over:" : ""}</p>
      {cards && (
        <ul class="piles" aria-label="cards turned over">
          <li>
            Pile A·3·5·7: <span class="cards-drawn">{cards.odd === 1 ? "A" : cards.odd}</span> — a bishop on the {file(cards.odd)}-file
          </li>
          <li>
            Pile 2·4·6·8: <span class="cards-drawn">{cards.even}</span> — a bishop on the {file(cards.even)}-file
          </li>
          <li>
            Pile 8·8·10·10·10·Q: <span class="cards-drawn">{cards.pieces.join(" ")}</span> — the empty files left to right (
            {cards.pieces.map((c) => PIECE_CARDS[c]).join(", ")}; the 10s are rook, king, rook)
          </li>
        </ul>
      )}
    </div>
  );
}

/** Castling as the king's own move: the square the king lands on for each castling move that
 * the referee writes as king takes rook (Chess960), e.g. g1 → e1h1. */
export function castlingTargets(legal: string[], king: string | null, ownRook: (sq: string) => boolean): Map<string, string> {
  const out = new Map<string, string>();
  if (!king) return out;
  for (const m of legal) {
    if (!m.startsWith(king) || !ownRook(m.slice(2, 4))) continue;
    const rank = king[1];
    out.set((m[2] > king[0] ? "g" : "c") + rank, m);
  }
  return out;
}

/** The game's PGN, to copy or share: from the whole record, fetched first where the view
 * carries only its latest entries. */
function PgnExport({ view, record }: { view: ChessView; record: WholeRecord }) {
  const [open, setOpen] = useState(false);
  const [note, setNote] = useState("");
  if (!open)
    return (
      <>
        <button
          onClick={async () => {
            if (record.loading) return;
            if (await record.load()) setOpen(true);
          }}
          aria-expanded="false"
        >
          {record.loading ? "PGN: fetching the whole record…" : "PGN"}
        </button>
        {record.error && (
          <p class="error" role="alert">
            {record.error}
          </p>
        )}
      </>
    );
  // The record is whole once fetched; a game that went on by more than a view holds since is
  // fetched again by `useRecord`.
  if (record.shown.from > 0) return <p class="facts" role="status">Fetching the whole record for the PGN…</p>;
  const pgn = toPgn(view, new Date(), record.shown.played);
  const share = async () => {
    try {
      if (navigator.share) await navigator.share({ title: "Chess game", text: pgn });
      else {
        await navigator.clipboard.writeText(pgn);
        setNote("Copied.");
      }
    } catch {
      setNote("Select the text and copy it.");
    }
  };
  return (
    <div class="pgn">
      <label>
        PGN
        <textarea readOnly rows={6} name="pgn" value={pgn} onFocus={(e) => (e.target as HTMLTextAreaElement).select()} />
      </label>
      <div class="actions">
        <button onClick={share}>{"share" in navigator ? "Share" : "Copy"}</button>
        <a class="button" download={`game-${view.game_id}.pgn`} href={`data:application/x-chess-pgn;charset=utf-8,${encodeURIComponent(pgn)}`}>
          Download
        </a>
        <span class="facts" aria-live="polite">{note}</span>
      </div>
    </div>
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
  const record = useRecord(view);
  const listRef = useRef<HTMLOListElement>(null);
  const moves = movesOf(record.shown.played);
  // A list that starts mid-game is numbered from the position now; the whole one from 1.
  const first =
    record.shown.from === 0
      ? { number: 1, black: view.game.start.split(" ")[1] === "b" }
      : firstMoveLine(view.game.start, view.game.position, moves.length, record.shown.from);
  const lines = movePairs(moves, first.black);
  const ownPiece = (sq: string) => cells.get(sq)?.piece?.side === myColor;
  const isKing = !!selected && cells.get(selected)?.piece?.kind === "king";
  const castles = castlingTargets(isKing ? legal : [], selected, (sq) => ownPiece(sq) && cells.get(sq)?.piece?.kind === "rook");
  const targets = selected ? [...new Set([...legal.filter((m) => m.startsWith(selected)).map((m) => m.slice(2, 4)), ...castles.keys()])] : [];

  const onSquare = async (square: string) => {
    setMessage("");
    if (!myTurn) {
      setMessage(view.status === "over" ? "The game is over." : mine === null ? "This phone is watching: it plays no seat in this game." : "It is not your move.");
      return;
    }
    if (!selected || (ownPiece(square) && !targets.includes(square) && !castles.has(square))) {
      setSelected(ownPiece(square) ? square : null);
      if (!ownPiece(square) && cells.get(square)?.piece) setMessage("That is not your piece.");
      return;
    }
    const castle = castles.get(square);
    const plain = legal.filter((m) => m.slice(0, 4) === selected + square);
    // A king tapped onto its castling square castles; where it could also just step there,
    // the player says which.
    const candidates = castle && !plain.includes(castle) ? [...plain, castle] : plain;
    if (candidates.length > 1 && castle) {
      setPromotion(candidates);
      return;
    }
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
            castles: [...castles.keys()],
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
      {/* Right under the board: on a small phone the turn's controls stay on the first screen. */}
      <TableActions view={view} act={act}>
        {gameActions(view).includes("claim-draw") && <button onClick={() => act("claim-draw")}>Claim a draw</button>}
      </TableActions>
      {view.game.setup && <SetupFacts setup={view.game.setup} />}
      <EarlierMoves record={record} focus={() => focusFirst(listRef.current)} />
      <ol ref={listRef} class="moves" aria-label="moves" start={first.number} data-digits={digits(first.number + lines.length - 1)}>
        {lines.map((line, i) => (
          <li key={first.number + i} tabIndex={i === 0 ? -1 : undefined}>
            {line}
          </li>
        ))}
      </ol>
      {moves.length > 0 && <PgnExport view={view} record={record} />}
    </section>
  );
}
