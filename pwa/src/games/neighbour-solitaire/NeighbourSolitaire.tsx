// Neighbour Chess Solitaire on one phone: the referee shuffles the piece pile and the position
// pile; each add flips one card of each (shown with the piece and how far it is sent), and when
// the square it lands on is taken the player taps one of the free squares offered. After any
// add the player may stop and move: a piece moves as a neighbour of its own colour does, each
// move paid with a card. The piles, the score now and the groups are always in sight.
import type { NeighbourSolitaireFields } from "../../generated/neighbour-solitaire";
import { useMemo } from "preact/hooks";
import { type GameView, api, gameActions, stageOf } from "../../api";
import { Record } from "../../components/Record";
import { CardRow, EndPanel, GiveUp, GroupsLine, LastSaid, Pile, Piles, ScoreNow } from "../../components/Solitaire";
import { TapChess } from "../../components/TapChess";
import { UCI } from "../../fen";
import type { ScreenProps } from "../types";
import { NEIGHBOUR_SCORE_WHY, cardPieceWords, endLine, neighbourPosition, positionCardWords, touchWords, withMarkerWords } from "../shared/solitaire";
import { plural } from "../../words";
import "../../components/variants.css";

export type NeighbourView = GameView<NeighbourSolitaireFields, never>;

const capital = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);

/** What the player is asked now. */
export function neighbourPrompt(view: NeighbourView): string {
  if (view.status === "over") return endLine(view.outcome);
  const g = view.game;
  const stage = stageOf(view, view.seat);
  if (stage === null) return "Watching the solitaire";
  if (stage === "place" && g.waiting) return `${capital(g.waiting.piece)}: ${g.waiting.landed} is taken — tap a marked square to place it`;
  if (stage === "add") return g.last_added ? "Add the next piece — or tap a piece to stop adding and move" : "Add the first piece: the cards send it from a1";
  return "Tap a piece, then its new square: each move costs a card";
}

/** The last add: the two cards flipped, the piece and where they sent it. */
function LastFlip({ g }: { g: NeighbourSolitaireFields }) {
  const flip = g.last_flip;
  if (!flip) return null;
  const waiting = g.waiting && g.waiting.landed === flip.landed;
  const placed = !waiting && g.last_added && g.last_added !== flip.landed ? g.last_added : null;
  return (
    <section class="last-flip" aria-label="last add">
      <CardRow cards={[flip.piece_card, flip.position_card]} notes={[cardPieceWords(flip.piece_card), positionCardWords(flip.position_card)]} label="cards flipped for the last add" />
      <p class="flip-words" data-flip={`${flip.from}-${flip.landed}`}>
        From {flip.from} to <strong>{flip.landed}</strong>
        {waiting ? `, which is taken: the ${g.waiting!.piece} goes on a free square nearest it` : placed ? `, which was taken: placed on ${placed}` : ""}
      </p>
    </section>
  );
}

export function NeighbourSolitaireGame({ view, act, message, setMessage }: ScreenProps<NeighbourView>) {
  const g = view.game;
  const stage = stageOf(view, view.seat);
  const legal = gameActions(view);
  const moves = stage !== null ? legal.filter((a) => UCI.test(a)) : [];
  const places = useMemo(() => new Map(stage === "place" ? legal.filter((a) => a.startsWith("place ")).map((a) => [a.slice(6), a]) : []), [view.seq, stage]);
  const canAdd = legal.includes("add");
  const shown = useMemo<NeighbourView>(() => (view.board ? { ...view, board: withMarkerWords(view.board, view.status === "over") } : view), [view]);
  const pieces = useMemo(() => new Set((view.board?.cells ?? []).filter((c) => c.piece).map((c) => c.id)), [view.board]);
  const placed = g.flipped_pieces.length;
  return (
    <section class="game solitaire neighbour-solitaire" data-seq={view.seq}>
      <p class="status" role="status" aria-live="polite">
        {neighbourPrompt(view)}
      </p>
      <EndPanel view={view} />
      <Piles>
        <Pile id="pieces" name="Piece pile" count={g.pieces_left} />
        <Pile id="positions" name="Position pile" count={g.positions_left} />
        <Pile id="spent" name="Spent on moves" count={g.spent} />
        <ScoreNow view={view} score={g.score_now} why={NEIGHBOUR_SCORE_WHY} />
      </Piles>
      <GroupsLine groups={g.groups} touch={touchWords(g.touch)} />
      <LastFlip g={g} />
      <TapChess
        view={shown}
        moves={moves}
        colour="white"
        own={(sq) => pieces.has(sq)}
        act={act}
        setMessage={setMessage}
        explain={async (move) => setMessage(await api.whyIllegal(view.rules, neighbourPosition(g), move))}
        cellActions={places.size ? places : undefined}
        cellPrompt={g.waiting ? `Place the ${g.waiting.piece} first: tap one of the marked squares.` : undefined}
        label="board"
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
            {placed ? "Add the next piece" : "Add the first piece"}
          </button>
          <span class="facts">Flips a piece card and a position card.</span>
        </div>
      )}
      {!g.adding && stage === "move" && placed > 0 && <p class="facts">You have stopped adding: from now on you only move pieces, each move paid with a card.</p>}
      <details class="solitaire-how">
        <summary>How it is played</summary>
        <p class="facts">
          Add: the piece card says which piece; it is held above the last piece added (above a1 for the first) and the position card sends it right (red) or up (black)
          that many squares, round the edge. A taken square: you place it on a free square nearest. Move (after any add; then no more adds): a piece moves only as one
          of its neighbours of its own colour moves, never capturing, and each move spends a card. Win by forming one group: the cards left in both piles are your
          points.
        </p>
      </details>
      <details class="solitaire-flipped">
        <summary>Cards flipped ({plural(placed, "add")})</summary>
        <CardRow cards={g.flipped_pieces} label="Piece cards flipped" latestLast />
        <CardRow cards={g.flipped_positions} notes={g.flipped_positions.map(positionCardWords)} label="Position cards flipped" latestLast />
      </details>
      <Record view={view} faces folded title="What happened" />
      <GiveUp view={view} act={act} />
    </section>
  );
}
