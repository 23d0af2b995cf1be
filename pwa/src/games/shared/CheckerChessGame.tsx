// The checker-stack games at the table: Adrenaline, Booster and Half Alice Chess. The board
// shows each stack (how many, whose) and the mirror side; a turn is entered in its parts —
// tap the piece and its square, tap squares for extra king moves or "Done", tap an opponent's
// piece to give it adrenaline, or a card and then a piece. Anything illegal is refused by the
// referee with its reason.
import type { ComponentChildren } from "preact";
import { useMemo, useRef, useState } from "preact/hooks";
import { type Stage, api, gameActions, gamePlayed, mayAct, sideName, stageOf } from "../../api";
import { PlayerBoard, checkNote, colourOf, lastMove, toMove } from "../../components/ChessControls";
import { EarlierMoves, digits, focusFirst, useRecord } from "../../components/Record";
import { TableActions } from "../../components/TableActions";
import { cardFace, cardName, cardPiece, isRed, withFaces } from "../../cards";
import type { AdrenalineView, BoosterView, CheckerView, HalfAliceView } from "./checkers";
import { fullMoves, turnSeats } from "./checkers";
import { UCI, pieceGlyph, pieceName } from "../../fen";
import type { ScreenProps } from "../types";
import { firstTurnLine } from "../../record";
import { plural } from "../../words";

/** "black pawn", or "checker: any white piece" for the sixes and sevens. */
function meaning(card: string): string {
  const piece = cardPiece(card);
  if (piece === "checker") return `checker card: any ${isRed(card) ? "white" : "black"} piece`;
  return piece ? pieceName(piece) : "no piece";
}

/** Outlined glyphs read as White's pieces at the size of a card. */
const HOLLOW: Record<string, string> = { k: "♔", q: "♕", r: "♖", b: "♗", n: "♘", p: "♙" };

/** The piece a card stands for, drawn in its colour under the card's face. */
function CardPiece({ card }: { card: string }) {
  const piece = cardPiece(card);
  const side = isRed(card) ? "white" : "black";
  return (
    <small class="card-piece" aria-hidden="true">
      {piece === "checker" ? <span class={`checker-dot ${side}`}>●</span> : piece && (side === "white" ? HOLLOW[piece.toLowerCase()] : pieceGlyph(piece))}
    </small>
  );
}

/** The card chosen to play, shared by the board and Booster's hand. */
interface CardChoice {
  stage: Stage | null;
  card: string | null;
  setCard: (card: string | null) => void;
}

interface Props extends ScreenProps<CheckerView> {
  /** The game's own line under the board: checkers left, checkers in use. */
  facts?: string;
  /** The game's own panel under the board (Booster's cards). */
  panel?: (choice: CardChoice) => ComponentChildren;
}

/** What the viewer is asked to do now, whose move it is, or how the game ended. */
function prompt(view: CheckerView, stage: Stage | null, stepping: string | null): string {
  if (view.outcome) return view.outcome.reason;
  if (view.turn.kind !== "active") return "";
  const check = checkNote(view.game.check);
  switch (stage) {
    case null:
      return toMove(view) + check;
    case "extra-moves":
      return `Extra king moves: tap a square next to the piece on ${stepping}, or Done`;
    case "place-checker":
      return "You captured: tap one of your opponent's pieces to give it a checker";
    case "play-card":
      return "Play a card: tap a card, then a piece — or Pass";
    default:
      return `Your move${check}`;
  }
}

/** The squares the viewer may tap now: where a checker or card can go, or where the chosen
 * piece can move. */
function targetsOf(legal: string[], stage: Stage | null, card: string | null, from: string | null): string[] {
  if (stage === "place-checker") return legal.filter((a) => a.startsWith("place ")).map((a) => a.slice(6));
  if (stage === "play-card") return card ? legal.filter((a) => a.startsWith(`play ${card} `)).map((a) => a.split(" ")[2]) : [];
  return from ? legal.filter((a) => UCI.test(a) && a.startsWith(from)).map((a) => a.slice(2, 4)) : [];
}

interface BoosterProps extends CardChoice {
  view: BoosterView;
  setMessage: (message: string) => void;
}

/** Booster's cards: the viewer's own hand to play from, the others' hand sizes, the piles. */
function BoosterCards({ view, stage, card, setCard, setMessage }: BoosterProps) {
  const mine = view.seat;
  const myHand = view.private;
  const myCheckers = view.game.hands.find((h) => h.seat === mine)?.checkers ?? 0;
  const others = view.game.hands.filter((h) => h.seat !== mine);
  const playing = stage === "play-card";
  return (
    <section class="booster-cards" aria-label="cards and checkers">
      {myHand && (
        <>
          <h2>Your hand</h2>
          <p class="facts">In front of you: {plural(myCheckers, "checker")}</p>
          <div class="hand">
            {myHand.cards.map((c) => (
              <button
                key={c}
                data-card={c}
                aria-label={`${cardFace(c)} ${cardName(c)}, ${meaning(c)}`}
                aria-pressed={card === c}
                class={`playing-card ${isRed(c) ? "red" : ""} ${card === c ? "chosen" : ""} ${myHand.last_drawn.includes(c) ? "fresh" : ""}`}
                onClick={() => {
                  if (playing) setCard(card === c ? null : c);
                  else setMessage(mayAct(view, view.seat) ? "Move first: a card is played after your move (or you pass)." : "Cards are played after your own move.");
                }}
              >
                {cardFace(c)}
                <CardPiece card={c} />
              </button>
            ))}
          </div>
          {myHand.last_drawn.length > 0 && <p class="facts">You drew {myHand.last_drawn.map(cardName).join(", ")}.</p>}
        </>
      )}
      {others.map((h) => (
        <p class="facts" key={h.seat}>
          {sideName(view, h.seat)}: {plural(h.count, "card")}, {plural(h.checkers, "checker")} in front
          {h.last_drawn_count ? `, drew ${h.last_drawn_count}` : ""}
        </p>
      ))}
      <p class="facts">
        Draw pile: {String(view.game.draw_pile ?? "?")} · Discard:{" "}
        {view.game.discard.slice(-1).map((c) => (
          <span key={c} class={`playing-card ${isRed(c) ? "red" : ""}`} data-discard={c} aria-label={cardName(c)}>
            {cardFace(c)}
          </span>
        ))}
      </p>
    </section>
  );
}

/** The checker-stack games' shared screen; each game adds its facts and panel. */
export function CheckerChessGame({ view, act, message, setMessage, facts, panel }: Props) {
  const [selected, setSelected] = useState<string | null>(null);
  const [card, setCard] = useState<string | null>(null);
  const [promotion, setPromotion] = useState<string[] | null>(null);
  const position = view.game.position;
  const cells = useMemo(() => new Map((view.board?.cells ?? []).map((c) => [c.id, c])), [view.board]);
  const mine = view.seat;
  const myColor = colourOf(view, mine);
  const myTurn = mayAct(view, mine);
  const stage = stageOf(view, mine);
  const legal = gameActions(view);
  const stepping = "stepping" in view.game ? view.game.stepping : null;
  const from = stepping ?? selected;
  const targets = targetsOf(legal, stage, card, from);
  const record = useRecord(view);
  const listRef = useRef<HTMLOListElement>(null);
  const played = gamePlayed({ played: record.shown.played });
  // A list that starts mid-game is numbered from the position now; the whole one from 1.
  const firstLine = record.shown.from === 0 ? 1 : firstTurnLine(view.game.position, turnSeats(played));
  const lines = fullMoves(played);
  const ownPiece = (sq: string) => cells.get(sq)?.piece?.side === myColor;

  const explain = async (action: string) => setMessage(await api.whyIllegal(view.rules, position, action));

  const onSquare = async (square: string) => {
    setMessage("");
    if (!myTurn) {
      setMessage(view.status === "over" ? "The game is over." : "It is not your turn.");
      return;
    }
    if (stage === "place-checker") return targets.includes(square) ? act(`place ${square}`) : explain(`place ${square}`);
    if (stage === "play-card") {
      if (!card) return setMessage("Tap one of your cards first, then the piece it goes under.");
      if (!targets.includes(square)) return setMessage(`The ${cardName(card)} cannot put a checker under that square's piece; the marked pieces are the ones it can.`);
      setCard(null);
      return act(`play ${card} ${square}`);
    }
    if (!stepping && (!selected || (ownPiece(square) && !targets.includes(square)))) {
      setSelected(ownPiece(square) ? square : null);
      if (!ownPiece(square) && cells.get(square)?.piece) setMessage("That is not your piece.");
      return;
    }
    const candidates = legal.filter((m) => UCI.test(m) && m.slice(0, 4) === from + square);
    if (candidates.length > 1) return setPromotion(candidates);
    setSelected(null);
    if (candidates.length) await act(candidates[0]);
    else await explain(from + square);
  };

  return (
    <section class={`game chess ${view.rules}`}>
      <PlayerBoard
        status={prompt(view, stage, stepping)}
        board={
          view.board && {
            board: view.board,
            orientation: myColor,
            selected: from,
            targets,
            lastMove: lastMove(played),
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
      {stage === "extra-moves" && (
        <div class="actions">
          <button class="primary" onClick={() => act("done")}>
            Done
          </button>
        </div>
      )}
      {stage === "play-card" && legal.includes("pass") && (
        <div class="actions">
          <button onClick={() => act("pass")}>Pass</button>
        </div>
      )}
      <Legend view={view} />
      {panel?.({ stage, card, setCard })}
      {facts && <p class="facts">{facts}</p>}
      <TableActions view={view} act={act} />
      <h2>Moves</h2>
      <EarlierMoves record={record} focus={() => focusFirst(listRef.current)} />
      <ol ref={listRef} class="moves turns" aria-label="moves" start={firstLine} data-digits={digits(firstLine + lines.length - 1)}>
        {lines.map((t, i) => (
          <li key={firstLine + i} tabIndex={i === 0 ? -1 : undefined}>
            {t.map((part) => withFaces(part ?? "…")).join(" — ")}
          </li>
        ))}
      </ol>
    </section>
  );
}

/** What the marks under the pieces mean, for the kinds of stack on the board now. */
function Legend({ view }: { view: CheckerView }) {
  const stacks = (view.board?.cells ?? []).flatMap((c) => c.stacks ?? []);
  const mirror = (view.board?.cells ?? []).some((c) => c.markers?.includes("mirror"));
  const coloured = stacks.some((s) => s.colour);
  if (!stacks.length && !mirror) return null;
  return (
    <ul class="legend facts" aria-label="what the marks mean">
      {coloured ? (
        <>
          <li>
            <span class="disc light" /> White's checkers · <span class="disc dark" /> Black's
          </li>
          <li>
            <span class="effect-mark boosted">▲</span> boosted (on its own checkers: extra king moves)
          </li>
          <li>
            <span class="effect-mark hobbled">▼</span> hobbled (on the opponent's: moves like a pawn)
          </li>
        </>
      ) : (
        stacks.length > 0 && (
          <li>
            <span class="disc neutral" /> checkers under a piece; the number says how many
          </li>
        )
      )}
      {mirror && <li>Dashed purple outline: through the mirror</li>}
    </ul>
  );
}

/** Adrenaline: the checkers still beside the board. */
export function AdrenalineGame(props: ScreenProps<AdrenalineView>) {
  const { checkers_left, checker_limit } = props.view.game;
  return <CheckerChessGame {...props} facts={`Checkers left beside the board: ${checkers_left} of ${checker_limit}`} />;
}

/** Booster: the viewer's hand to play from, the others' hand sizes, the piles. */
export function BoosterGame(props: ScreenProps<BoosterView>) {
  return <CheckerChessGame {...props} panel={(choice) => <BoosterCards view={props.view} setMessage={props.setMessage} {...choice} />} />;
}

/** Half Alice: the checkers each side has in use. */
export function HalfAliceGame(props: ScreenProps<HalfAliceView>) {
  const { view } = props;
  const facts = view.game.checkers.map((u) => `${sideName(view, u.seat)} ${u.in_use}${u.limit ? ` of ${u.limit}` : ""} checkers in use`).join(" · ");
  return <CheckerChessGame {...props} facts={facts} />;
}
