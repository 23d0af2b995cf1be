// The checker-stack games at the table: Adrenaline, Booster and Half Alice Chess. The board
// shows each stack (how many, whose) and the mirror side; a turn is entered in its parts —
// tap the piece and its square, tap squares for extra king moves or "Done", tap an opponent's
// piece to give it adrenaline, or a card and then a piece. Anything illegal is refused by the
// referee with its reason.
import { useMemo, useState } from "preact/hooks";
import { api, type View } from "../api";
import { PlayerBoard, TableActions } from "../components/ChessControls";
import { cardFace, cardName, cardPiece, isRed } from "../cards";
import { type Hand, type Played, UCI, plural, stackMarks, turns } from "../checkers";
import { parsePlacement, pieceGlyph, pieceName } from "../fen";

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

interface Props {
  view: View;
  act: (action: string) => Promise<void>;
  message: string;
  setMessage: (m: string) => void;
}

function prompt(view: View, myTurn: boolean, stepping: string | null): string {
  if (view.outcome) return view.outcome.reason;
  if (view.turn?.kind !== "seat") return "";
  const side = view.turn.seat === 0 ? "White" : "Black";
  const check = view.check ? " — check!" : "";
  if (!myTurn) return `${side} to move${check}`;
  switch (view.turn.phase) {
    case "extra-moves":
    case "spend":
      return `Extra king moves: tap a square next to the piece on ${stepping}, or Done`;
    case "place":
      return "You captured: tap one of your opponent's pieces to give it a checker";
    case "card":
      return "Play a card: tap a card, then a piece — or Pass";
    default:
      return `Your move${check}`;
  }
}

export function CheckerChessGame({ view, act, message, setMessage }: Props) {
  const [selected, setSelected] = useState<string | null>(null);
  const [card, setCard] = useState<string | null>(null);
  const [promotion, setPromotion] = useState<string[] | null>(null);
  const position = String(view.position ?? "");
  const placement = useMemo(() => parsePlacement(position), [position]);
  const marks = useMemo(() => stackMarks(view, placement), [view.seq, view.rules, placement]);
  const mine = view.seat;
  const myColor = mine === 1 ? "black" : "white";
  const myTurn = view.status === "active" && view.turn?.kind === "seat" && view.turn.seat === mine;
  const phase = view.turn?.phase ?? "move";
  const legal: string[] = myTurn ? ((view.legal_moves as string[]) ?? []) : [];
  const stepping = (view.stepping as string | null) ?? null;
  const from = stepping ?? selected;
  const targets =
    phase === "place"
      ? legal.filter((a) => a.startsWith("place ")).map((a) => a.slice(6))
      : phase === "card"
        ? card
          ? legal.filter((a) => a.startsWith(`play ${card} `)).map((a) => a.split(" ")[2])
          : []
        : from
          ? legal.filter((a) => UCI.test(a) && a.startsWith(from)).map((a) => a.slice(2, 4))
          : [];
  const played: Played[] = ((view.played ?? view.moves) as Played[]) ?? [];
  const lastUci = [...played].reverse().map((p) => p.uci ?? p.action ?? "").find((a) => UCI.test(a));
  const ownPiece = (sq: string) => {
    const p = placement[sq];
    return !!p && (p === p.toUpperCase()) === (myColor === "white");
  };
  const hands = (view.hands as Hand[]) ?? [];
  const myHand = hands.find((h) => h.seat === mine);
  const theirHand = hands.find((h) => h.seat !== mine);

  const onSquare = async (square: string) => {
    setMessage("");
    if (!myTurn) {
      setMessage(view.status === "over" ? "The game is over." : "It is not your turn.");
      return;
    }
    if (phase === "place") return targets.includes(square) ? act(`place ${square}`) : explain(`place ${square}`);
    if (phase === "card") {
      if (!card) return setMessage("Tap one of your cards first, then the piece it goes under.");
      if (!targets.includes(square)) return setMessage(`The ${cardName(card)} cannot put a checker under that square's piece; the marked pieces are the ones it can.`);
      setCard(null);
      return act(`play ${card} ${square}`);
    }
    if (!stepping && (!selected || (ownPiece(square) && !targets.includes(square)))) {
      setSelected(ownPiece(square) ? square : null);
      if (!ownPiece(square) && placement[square]) setMessage("That is not your piece.");
      return;
    }
    const candidates = legal.filter((m) => UCI.test(m) && m.slice(0, 4) === from + square);
    if (candidates.length > 1) return setPromotion(candidates);
    setSelected(null);
    if (candidates.length) await act(candidates[0]);
    else await explain(from + square);
  };

  const explain = async (action: string) => setMessage(await api.whyIllegal(view.rules, position, action));

  const facts = () => {
    if (view.rules === "adrenaline") return `Checkers left beside the board: ${view.checkers_left} of ${view.checker_limit}`;
    if (view.rules === "half-alice") {
      const used = (view.checkers as { seat: number; in_use: number; limit: number | null }[]) ?? [];
      return used.map((u) => `${u.seat === 0 ? "White" : "Black"} ${u.in_use}${u.limit ? ` of ${u.limit}` : ""} checkers in use`).join(" · ");
    }
    return "";
  };

  return (
    <section class={`game chess ${view.rules}`}>
      <PlayerBoard
        status={prompt(view, myTurn, stepping)}
        board={{
          placement,
          orientation: myColor,
          selected: from,
          targets,
          lastMove: lastUci ? [lastUci.slice(0, 2), lastUci.slice(2, 4)] : null,
          marks,
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
      {myTurn && (phase === "extra-moves" || phase === "spend") && (
        <div class="actions">
          <button class="primary" onClick={() => act("done")}>
            Done
          </button>
        </div>
      )}
      {view.rules === "booster" && (
        <section class="booster-cards" aria-label="cards and checkers">
          {myHand && (
            <>
              <h2>Your hand</h2>
              <p class="facts">In front of you: {plural(myHand.checkers, "checker")}</p>
              <div class="hand">
                {(myHand.cards ?? []).map((c) => (
                  <button
                    key={c}
                    data-card={c}
                    aria-label={`${cardFace(c)} ${cardName(c)}, ${meaning(c)}`}
                    aria-pressed={card === c}
                    class={`playing-card ${isRed(c) ? "red" : ""} ${card === c ? "chosen" : ""} ${(myHand.last_drawn ?? []).includes(c) ? "fresh" : ""}`}
                    disabled={!myTurn || phase !== "card"}
                    onClick={() => setCard(card === c ? null : c)}
                  >
                    {cardFace(c)}
                    <CardPiece card={c} />
                  </button>
                ))}
              </div>
              {(myHand.last_drawn ?? []).length > 0 && (
                <p class="facts">You drew {(myHand.last_drawn ?? []).map(cardName).join(", ")}.</p>
              )}
              {myTurn && phase === "card" && (
                <div class="actions">
                  <button onClick={() => act("pass")}>Pass</button>
                </div>
              )}
            </>
          )}
          {theirHand && (
            <p class="facts">
              {theirHand.seat === 0 ? "White" : "Black"}: {plural(theirHand.count, "card")}, {plural(theirHand.checkers, "checker")} in front
              {theirHand.last_drawn_count ? `, drew ${theirHand.last_drawn_count}` : ""}
            </p>
          )}
          <p class="facts">
            Draw pile: {String(view.draw_pile ?? "?")} · Discard:{" "}
            {((view.discard as string[]) ?? []).slice(-1).map((c) => (
              <span key={c} class={`playing-card ${isRed(c) ? "red" : ""}`} data-discard={c} aria-label={cardName(c)}>
                {cardFace(c)}
              </span>
            ))}
          </p>
        </section>
      )}
      {facts() && <p class="facts">{facts()}</p>}
      <ol class="moves" aria-label="moves">
        {turns(played).map((t, i) => (
          <li key={i}>{t}</li>
        ))}
      </ol>
      <TableActions view={view} act={act} />
    </section>
  );
}
