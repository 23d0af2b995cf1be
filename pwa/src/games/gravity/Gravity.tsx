// Gravity Chess at the table: the card flipped for the turn and the piece it adds; the player's
// active pieces, each moved once by tapping (those still to move outlined in green), "can't
// move" offered for a blocked one; then the flipped piece added by a tap on the top row.
// Stacked pieces are shaded; the running score is on every phone.
import type { GravityFields, Score } from "../../generated/gravity";
import { useMemo } from "preact/hooks";
import { type GameView, gameActions, sideName, stageOf, turnOf } from "../../api";
import { cardFace, cardPiece } from "../../cards";
import { Board } from "../../components/Board";
import { Record } from "../../components/Record";
import { TableActions } from "../../components/TableActions";
import { TapChess } from "../../components/TapChess";
import { UCI } from "../../fen";
import type { ScreenProps } from "../types";
import "../../components/variants.css";

export type GravityView = GameView<GravityFields, never>;

const PIECE_WORDS: Record<string, string> = { p: "pawn", n: "knight", b: "bishop", r: "rook", q: "queen", k: "king" };

/** "a black pawn" for 2♠. */
export function flippedPiece(card: string): string {
  const letter = cardPiece(card);
  if (!letter || letter === "checker") return "?";
  return `a ${letter === letter.toUpperCase() ? "white" : "black"} ${PIECE_WORDS[letter.toLowerCase()]}`;
}

function colourOfSeat(view: GravityView, seat: number | null): "white" | "black" | null {
  if (seat === null) return null;
  return seat === view.game.white_seat ? "white" : "black";
}

function prompt(view: GravityView): string {
  if (view.outcome) return view.outcome.reason;
  const mover = turnOf(view);
  if (mover === null) return "";
  const colour = view.game.to_move === "white" ? "White" : "Black";
  if (mover !== view.seat) return `${sideName(view, mover)} (${colour}) ${view.game.stage === "add" ? "to add a piece" : "to move"}`;
  if (stageOf(view, view.seat) === "add") return "Tap a square of the top row to add the flipped piece there";
  return `Your turn (${colour}): move each outlined piece once, in the order you like`;
}

function ScoreTable({ score }: { score: [Score, Score] }) {
  return (
    <table class="grid-table gravity-score" aria-label="score">
      <caption>Score</caption>
      <thead>
        <tr>
          <th scope="col">
            <span class="sr-only">side</span>
          </th>
          <th scope="col">captured</th>
          <th scope="col">stacked (row 1 up)</th>
          <th scope="col">points</th>
        </tr>
      </thead>
      <tbody>
        {(["White", "Black"] as const).map((side, i) => (
          <tr key={side} data-score={side.toLowerCase()}>
            <th scope="row">{side}</th>
            <td>{score[i].captured}</td>
            <td class="rows">{score[i].stacked_by_row.join(" ")}</td>
            <td data-points>{score[i].points}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/** The card flipped for this turn and the piece it adds. */
function Flipped({ view }: { view: GravityView }) {
  const g = view.game;
  return (
    <p class="banner flipped" aria-label="flipped card">
      {g.flipped ? (
        <>
          Flipped: <strong>{cardFace(g.flipped)}</strong> — adds {flippedPiece(g.flipped)}
        </>
      ) : g.last_turn ? (
        "White's last turn: moves only, no card"
      ) : (
        "No card flipped"
      )}
    </p>
  );
}

function Legend() {
  return (
    <ul class="legend facts" aria-label="what the marks mean">
      <li>green outline: a piece still to move this turn</li>
      <li>grey shade: stacked (cannot move or be captured; scores its row)</li>
    </ul>
  );
}

function Piles({ view }: { view: GravityView }) {
  return (
    <p class="facts">
      Cards left: White's pile {view.game.pile_sizes[0]}, Black's pile {view.game.pile_sizes[1]}
    </p>
  );
}

/** The board with the pieces still to move this turn outlined (the referee marks the stacked
 * ones). */
function withStillToMove(view: GravityView): GravityView {
  const g = view.game;
  if (!view.board || !g.to_move_now.length || g.stage !== "move") return view;
  const still = new Set(g.to_move_now);
  return { ...view, board: { ...view.board, cells: view.board.cells.map((c) => (still.has(c.id) ? { ...c, markers: [...(c.markers ?? []), "to-move"] } : c)) } };
}

/** The table display: the board with the pieces still to move, the flipped card, whose turn,
 * the piles, the running score and the record. */
export function GravityTable({ view: seen }: { view: GameView }) {
  const view = seen as GravityView;
  const shown = useMemo(() => withStillToMove(view), [view]);
  return (
    <section class="table-display gravity">
      <div class="table-board">{shown.board && <Board board={shown.board} label="board" />}</div>
      <div class="table-side">
        <p class="status" role="status" aria-live="polite">
          {prompt(view)}
        </p>
        <Flipped view={view} />
        <ScoreTable score={view.game.score} />
        <Piles view={view} />
        <Legend />
        <Record view={view} latest />
      </div>
    </section>
  );
}

export function GravityGame({ view, act, message, setMessage }: ScreenProps<GravityView>) {
  const seat = view.seat;
  const g = view.game;
  const colour = colourOfSeat(view, seat);
  const stage = stageOf(view, seat);
  const legal = gameActions(view);
  const moves = stage === "move" ? legal.filter((a) => UCI.test(a)) : [];
  const cants = legal.filter((a) => a.startsWith("cant "));
  const adds = useMemo(() => new Map(legal.filter((a) => a.startsWith("add ")).map((a) => [`${a.slice(4)}8`, a])), [view.seq]);
  const shown = useMemo(() => withStillToMove(view), [view]);
  return (
    <section class="game chess gravity">
      <p class="status" role="status" aria-live="polite">
        {prompt(view)}
      </p>
      {colour && <p class="facts">You play {colour === "white" ? "White" : "Black"}.</p>}
      <Flipped view={view} />
      <TapChess
        view={shown}
        moves={moves}
        colour="white"
        own={(sq) => g.to_move_now.includes(sq)}
        act={act}
        setMessage={setMessage}
        explain={(move) => act(move)}
        cellActions={stage === "add" ? adds : undefined}
        cellPrompt="Tap a square of the top row to add the flipped piece there."
        label={seat === null || !colour ? "board" : `board, you play ${colour}`}
      />
      {message && (
        <p class="error" role="alert">
          {message}
        </p>
      )}
      {cants.length > 0 && (
        <div class="actions">
          {cants.map((c) => (
            <button key={c} data-cant={c.slice(5)} onClick={() => act(c)}>
              Can't move: {c.slice(5)}
            </button>
          ))}
        </div>
      )}
      <Legend />
      <Piles view={view} />
      <ScoreTable score={g.score} />
      <Record view={view} />
      <TableActions view={view} act={act} />
    </section>
  );
}
