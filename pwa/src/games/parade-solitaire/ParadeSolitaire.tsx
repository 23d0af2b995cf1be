// Parade Chess Solitaire on one phone: the referee deals and lays out the first pile; the
// player spends the hand one card at a time, tapping a piece and the square another piece sends
// it to (the card goes face down), or adding the next piece (the card face up). The hand left,
// the cards spent, the score now and the groups are always in sight; once the hand is out, each
// move counts a point against. At the end: won or lost with the score, and the deal's par.
import type { ParadeSolitaireFields } from "../../generated/parade-solitaire";
import { useMemo } from "preact/hooks";
import { type GameView, api, gameActions, stageOf } from "../../api";
import { Record } from "../../components/Record";
import { CardRow, EndPanel, GiveUp, GroupsLine, LastSaid, Pile, Piles, ScoreNow } from "../../components/Solitaire";
import { TapChess } from "../../components/TapChess";
import { UCI } from "../../fen";
import type { ScreenProps } from "../types";
import { addWords, endLine, markedSquare, paradePosition, paradeScoreWhy, withMarkerWords } from "../shared/solitaire";
import { plural } from "../../words";
import "../../components/variants.css";

export type ParadeView = GameView<ParadeSolitaireFields, never>;

/** What the player is asked now. */
export function paradePrompt(view: ParadeView): string {
  if (view.status === "over") return endLine(view.outcome);
  if (stageOf(view, view.seat) === null) return "Watching the parade";
  if (view.game.counting) return "Your hand is out: each move now counts a point against you";
  return "Tap a piece, then its new square — or add the next piece";
}

/** The hand, the cards spent, once the hand is out the cards counted, and the score now. */
function Cards({ view }: { view: ParadeView }) {
  const g = view.game;
  return (
    <Piles>
      <Pile id="hand" name="Hand" count={g.hand_left} />
      <Pile id="face-down" name="Spent on moves" count={g.face_down} />
      {g.counting && <Pile id="counted" name="Counted against you" count={g.counted} />}
      <ScoreNow view={view} score={g.score_now} why={paradeScoreWhy(g)} />
    </Piles>
  );
}

export function ParadeSolitaireGame({ view, act, message, setMessage }: ScreenProps<ParadeView>) {
  const g = view.game;
  const legal = gameActions(view);
  const mine = stageOf(view, view.seat) !== null;
  const moves = mine ? legal.filter((a) => UCI.test(a)) : [];
  const canAdd = legal.includes("add");
  const after = markedSquare(view.board, "add-after");
  const shown = useMemo<ParadeView>(() => (view.board ? { ...view, board: withMarkerWords(view.board, view.status === "over") } : view), [view]);
  const pieces = useMemo(() => new Set((view.board?.cells ?? []).filter((c) => c.piece).map((c) => c.id)), [view.board]);
  return (
    <section class="game solitaire parade-solitaire" data-seq={view.seq}>
      <p class="status" role="status" aria-live="polite">
        {paradePrompt(view)}
      </p>
      <EndPanel view={view} par />
      <Cards view={view} />
      <GroupsLine groups={g.groups} touch="(side by side; corners do not count)" />
      {g.counting && view.status !== "over" && (
        <p class="banner counting" data-counting>
          Each move now counts a point against you ({plural(g.counted, "card")} counted so far). Moves only: no more adds.
        </p>
      )}
      <TapChess
        view={shown}
        moves={moves}
        colour="white"
        own={(sq) => pieces.has(sq)}
        act={act}
        setMessage={setMessage}
        explain={async (move) => setMessage(await api.whyIllegal(view.rules, paradePosition(g), move))}
        label="parade board"
      />
      <LastSaid view={view} />
      {message && (
        <p class="error" role="alert">
          {message}
        </p>
      )}
      {canAdd && (
        <div class="actions">
          <button class="primary add" onClick={() => act("add")}>
            {addWords(after)}
          </button>
        </div>
      )}
      <details class="solitaire-how">
        <summary>How a card is spent</summary>
        <p class="facts">
          Move: a piece moves a piece of the other colour from a square it attacks to another square it attacks (lines stop at the first piece; the moved piece no longer
          blocks). The card goes face down. Add: the next card is turned face up and its piece placed after the last piece, leaving its gap (knight 1, bishop 2, rook 3,
          queen 5, king 6). Win by forming one group side by side: the cards left in your hand are your points.
        </p>
      </details>
      <CardRow cards={g.added} label="Added, face up" latestLast />
      <details class="solitaire-laid-out">
        <summary>Laid out at the start ({plural(g.laid_out.length, "card")})</summary>
        <CardRow cards={g.laid_out} label="Laid out at the start" />
      </details>
      <Record view={view} faces folded title="What happened" />
      <GiveUp view={view} act={act} />
    </section>
  );
}
