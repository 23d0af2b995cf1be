// Cooperative Chess at the table: two players against the game. Each phone shows its own hand
// only; both discard stacks, the captured cards and the draw pile to both, with the rule the
// next capture must follow. A turn: an optional quiet move (tap the piece, then its square), a
// card (tap it, then Play), then captures with the one piece, or Done.
import type { CooperativeFields, CooperativePrivate } from "../../generated/cooperative";
import { useEffect, useState } from "preact/hooks";
import { type GameView, gameActions, mayAct, sideName, stageOf, turnOf } from "../../api";
import { cardFace, cardName, cardPiece, isRed } from "../../cards";
import { Record } from "../../components/Record";
import { TableActions } from "../../components/TableActions";
import { TapChess } from "../../components/TapChess";
import { UCI, pieceName } from "../../fen";
import type { ScreenProps } from "../types";
import { plural } from "../../words";
import "../../components/variants.css";

export type CooperativeView = GameView<CooperativeFields, CooperativePrivate>;

/** "bishop card (a black bishop)", from Appendix A's card-to-piece table. */
export function cardMeaning(card: string): string {
  const piece = cardPiece(card);
  if (!piece || piece === "checker") return "no piece";
  return `${pieceName(piece).split(" ")[1]} card (${pieceName(piece)})`;
}

/** The colour `seat` plays: the hidden pawn drew who plays White. */
const colourOfSeat = (view: CooperativeView, seat: number | null): "white" | "black" => (seat === null || seat === view.game.white_seat ? "white" : "black");

/** What the viewer is asked in its stage, or what the partner is doing. */
function prompt(view: CooperativeView): string {
  if (view.outcome) return view.outcome.reason;
  const mover = turnOf(view);
  if (mover === null) return "";
  const stage = stageOf(view, view.seat);
  if (mover !== view.seat) {
    const doing = view.game.stage === "capture" ? "capturing" : view.game.stage === "play-card" ? "to play a card" : "to move";
    return `${sideName(view, mover)} (${colourOfSeat(view, mover) === "white" ? "White" : "Black"}) ${doing}`;
  }
  if (stage === "move") return "Your turn: a quiet move first if you like, then a card";
  if (stage === "play-card") return "Play a card";
  if (stage === "capture") return "Capture with the same piece, or Done";
  return "Your turn";
}

/** A discard stack, bottom first, its top card standing out. */
function Stack({ title, cards, label }: { title: string; cards: string[]; label: string }) {
  return (
    <div class="stack" role="group" aria-label={label}>
      <h3>{title}</h3>
      {cards.length === 0 ? (
        <p class="facts">empty</p>
      ) : (
        <ol class="stack-cards">
          {cards.map((c, i) => (
            <li key={`${c}-${i}`} class={`playing-card ${isRed(c) ? "red" : ""} ${i === cards.length - 1 ? "top" : ""}`} data-card={c} aria-label={`${cardName(c)}${i === cards.length - 1 ? ", on top" : ""}`}>
              {cardFace(c)}
            </li>
          ))}
        </ol>
      )}
    </div>
  );
}

/** The viewer's hand: tap a card to see what it allows, then Play. */
function Hand({ view, act, setMessage }: { view: CooperativeView; act: (a: string) => Promise<void>; setMessage: (m: string) => void }) {
  const [chosen, setChosen] = useState<string | null>(null);
  useEffect(() => setChosen(null), [view.seq]);
  const cards = view.private?.cards ?? [];
  const playable = new Set(gameActions(view).filter((a) => a.startsWith("play ")).map((a) => a.slice(5)));
  const partnerStack = colourOfSeat(view, view.seat) === "white" ? view.game.black_stack : view.game.white_stack;
  const top = partnerStack[partnerStack.length - 1];
  return (
    <section class="coop-hand" aria-label="your hand">
      <h2>Your hand</h2>
      {cards.length === 0 && <p class="facts">No cards left.</p>}
      <div class="hand">
        {cards.map((c) => (
          <button
            key={c}
            data-card={c}
            aria-pressed={chosen === c}
            class={`playing-card ${isRed(c) ? "red" : ""} ${chosen === c ? "chosen" : ""}`}
            onClick={() => {
              setMessage("");
              if (!playable.size) setMessage(mayAct(view, view.seat) ? "Finish your captures first (or Done)." : "Cards are played in your own turn.");
              else setChosen(chosen === c ? null : c);
            }}
          >
            <span aria-hidden="true">{cardFace(c)}</span>
            <small class="card-piece" aria-hidden="true">
              {cardMeaning(c).split(" ")[0]}
            </small>
            <span class="sr-only">
              {cardName(c)}, {cardMeaning(c)}
            </span>
          </button>
        ))}
      </div>
      {chosen && (
        <div class="actions">
          <button class="primary" data-play={chosen} onClick={() => act(`play ${chosen}`)}>
            Play {cardFace(chosen)}
          </button>
          <span class="facts">
            Then only a {cardMeaning(chosen).split(" ")[0]} may capture{top ? `, taking a ${cardMeaning(top).split(" ")[0]} (the top of your partner's stack, ${cardFace(top)})` : " (your partner's stack is empty)"}.
          </span>
        </div>
      )}
    </section>
  );
}

export function CooperativeGame({ view, act, message, setMessage }: ScreenProps<CooperativeView>) {
  const seat = view.seat;
  const colour = colourOfSeat(view, seat);
  const stage = stageOf(view, seat);
  const moves = stage === "move" || stage === "capture" ? gameActions(view).filter((a) => UCI.test(a)) : [];
  const g = view.game;
  const whiteName = sideName(view, g.white_seat);
  const blackSeat = view.seats.find((s) => s.seat !== g.white_seat)?.seat ?? 1;
  const blackName = sideName(view, blackSeat);
  return (
    <section class="game chess cooperative">
      <p class="status" role="status" aria-live="polite">
        {prompt(view)}
      </p>
      {g.capture_rule && (
        <p class="banner capture-rule" aria-live="polite">
          Next capture: {g.capture_rule}
        </p>
      )}
      <TapChess
        view={view}
        moves={moves}
        colour={colour}
        act={act}
        setMessage={setMessage}
        explain={(move) => (stage === "play-card" ? setMessage("Play a card now: a turn has one quiet move, then the card.") : act(move))}
        label={seat === null ? "board" : `board, you play ${colour}`}
      />
      {message && (
        <p class="error" role="alert">
          {message}
        </p>
      )}
      {stage === "capture" && (
        <div class="actions">
          <button class="primary" onClick={() => act("done")}>
            Done
          </button>
        </div>
      )}
      {view.private && <Hand view={view} act={act} setMessage={setMessage} />}
      <p class="facts">
        {seat !== null ? `You play ${colour === "white" ? "White" : "Black"}. ` : ""}
        {whiteName} plays White, {blackName} Black (the hidden pawn).
      </p>
      <section class="stacks" aria-label="stacks">
        <Stack title={`White's stack (${whiteName})`} cards={g.white_stack} label="White's discard stack" />
        <Stack title={`Black's stack (${blackName})`} cards={g.black_stack} label="Black's discard stack" />
        <Stack title="Captured" cards={g.captured} label="captured cards" />
      </section>
      <p class="facts">
        Draw pile: {plural(g.draw_pile, "card")} · Hands: {whiteName} {g.hand_sizes[g.white_seat]}, {blackName} {g.hand_sizes[blackSeat]} · Points so far: {g.types_removed.length}
        {g.types_removed.length ? ` (${g.types_removed.join(", ")} gone)` : ""}
      </p>
      <Record view={view} faces />
      <TableActions view={view} act={act} />
    </section>
  );
}
