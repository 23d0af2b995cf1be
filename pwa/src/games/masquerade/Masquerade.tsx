// Masquerade Chess at the table. First, in secret, each player fills in the seed's table for
// the opponent's pieces (tap one cell per row; each column once) and seals it. Then play: a
// tap on an opposing piece a capture move could reach asks the referee, who answers yes or no
// to both players. Below the board, the table of what the viewer knows of its own pieces: the
// referee's deductions (X ruled out, O known) and the player's own pencil marks, kept on the
// phone.
import type { Deduction, MasqueradeFields, MasqueradePrivate } from "../../generated/masquerade";
import { useEffect, useState } from "preact/hooks";
import { type GameView, type PlayedEntry, activeSeats, gameActions, sideName, stageOf, turnOf } from "../../api";
import { colourOf } from "../../components/ChessControls";
import { Record } from "../../components/Record";
import { SealRow } from "../../components/SealRow";
import { TableActions } from "../../components/TableActions";
import { TapChess } from "../../components/TapChess";
import { UCI } from "../../fen";
import type { ScreenProps } from "../types";
import {
  type Assignment,
  type Mark,
  type Marks,
  EMPTY,
  PIECES,
  assignAction,
  complete,
  deduced,
  loadMarks,
  nextMark,
  parseAssign,
  pick,
  pieceWord,
  randomAssignment,
  saveMarks,
} from "./masquerade";
import "../../components/variants.css";

export type MasqueradeView = GameView<MasqueradeFields, MasqueradePrivate>;

const Colour = (c: "white" | "black") => (c === "white" ? "White" : "Black");
const other = (c: "white" | "black"): "white" | "black" => (c === "white" ? "black" : "white");

/** An answered capture attempt of the record: "Nc3xd5? no, nothing moves". */
const isAttempt = (p: PlayedEntry) => /\? (yes|no)\b/.test(p.said);
const answerOf = (p: PlayedEntry) => (/\? yes\b/.test(p.said) ? "yes" : "no");

/** The secret table for the opponent's pieces: one tap per row, each column once. */
function AssignmentEditor({ view, act }: { view: MasqueradeView; act: (a: string) => Promise<void> }) {
  const mine = activeSeats(view).find((a) => a.seat === view.seat);
  const sealed = parseAssign(mine?.sealed_action);
  const [table, setTable] = useState<Assignment>(complete(sealed) ? sealed : EMPTY);
  const them = Colour(other(colourOf(view, view.seat)));
  const changed = mine?.sealed_action !== (complete(table) ? assignAction(table) : undefined);
  return (
    <section class="assign" aria-label={`capture moves for ${them}'s pieces`}>
      <h2>Secretly choose how {them}'s pieces capture</h2>
      <p class="facts">Tap one square in each row: that piece of {them}'s captures like the piece of its column. Each column once. {them} never sees this table.</p>
      <table class="grid-table assign-table">
        <thead>
          <tr>
            <th scope="col">
              <span class="sr-only">{them}'s piece</span>
            </th>
            {PIECES.map((c) => (
              <th scope="col" key={c}>
                {c}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {PIECES.map((row, i) => (
            <tr key={row}>
              <th scope="row">
                {them}'s {pieceWord(row)}
              </th>
              {PIECES.map((col) => (
                <td key={col}>
                  <button
                    type="button"
                    data-cell={row + col}
                    aria-pressed={table[i] === col}
                    aria-label={`${them}'s ${pieceWord(row)} captures like a ${pieceWord(col)}`}
                    onClick={() => setTable(pick(table, i, col))}
                  >
                    {table[i] === col ? "○" : ""}
                  </button>
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
      <SealRow
        view={view}
        sealLabel="Seal my choice"
        canSeal={complete(table) && changed}
        onSeal={() => act(assignAction(table))}
        tools={[
          { label: "Random", apply: () => setTable(randomAssignment()) },
          { label: "Clear", apply: () => setTable(EMPTY) },
        ]}
        sealedAs={mine?.sealed_action?.slice(7)}
        waitingFor={them}
        unsealed={complete(table) ? `Ready to seal: ${assignAction(table).slice(7)}.` : "Not sealed yet."}
      />
    </section>
  );
}

/** A table of what is known of one side's pieces: rows the pieces, columns the capture moves.
 * The referee's marks are fixed; where `marks` is given the other cells take the player's own
 * pencil marks (tap: X, O, nothing). */
function KnowledgeTable({ deductions, title, marks, setMark }: { deductions: Deduction[]; title: string; marks?: Marks; setMark?: (key: string, mark: Mark) => void }) {
  const known = deduced(deductions);
  return (
    <table class="grid-table knowledge" aria-label={title}>
      <caption>{title}</caption>
      <thead>
        <tr>
          <th scope="col">
            <span class="sr-only">piece</span>
          </th>
          {PIECES.map((c) => (
            <th scope="col" key={c}>
              {c}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {PIECES.map((row) => (
          <tr key={row}>
            <th scope="row">{pieceWord(row)}</th>
            {PIECES.map((col) => {
              const ref = known[row][col];
              const own = marks?.[row + col] ?? "";
              const words = `${pieceWord(row)} captures like a ${pieceWord(col)}`;
              if (ref || !setMark)
                return (
                  <td key={col} class={`referee ${ref === "O" ? "known" : ref === "X" ? "out" : ""}`} data-cell={row + col} aria-label={`${words}: ${ref === "O" ? "yes, known" : ref === "X" ? "ruled out" : "open"}`}>
                    {ref === "O" ? "○" : ref}
                  </td>
                );
              return (
                <td key={col} class="pencil" data-cell={row + col}>
                  <button type="button" aria-label={`${words}: ${own === "O" ? "your mark O" : own === "X" ? "your mark X" : "open, tap to mark"}`} onClick={() => setMark(row + col, nextMark(own))}>
                    {own === "O" ? "○" : own}
                  </button>
                </td>
              );
            })}
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/** What the viewer knows of its own pieces, with its own marks kept on this phone. */
function OwnKnowledge({ view }: { view: MasqueradeView }) {
  const seat = view.seat!;
  const [marks, setMarks] = useState<Marks>(() => loadMarks(view.game_id, seat));
  useEffect(() => setMarks(loadMarks(view.game_id, seat)), [view.game_id, seat]);
  const colour = colourOf(view, seat);
  const deductions = view.game.deductions[colour === "white" ? 0 : 1] ?? [];
  return (
    <section class="knowledge-box" aria-label="what you know">
      <KnowledgeTable
        deductions={deductions}
        title={`What you know of your pieces' capture moves (${Colour(colour)})`}
        marks={marks}
        setMark={(key, mark) => {
          const next = { ...marks, [key]: mark };
          if (!mark) delete next[key];
          setMarks(next);
          saveMarks(view.game_id, seat, next);
        }}
      />
      <p class="facts">Bold X and ○: the referee's deductions from every answer (anyone could work them out). Tap an open square for your own pencil mark (X, ○, blank); it stays on this phone.</p>
    </section>
  );
}

function prompt(view: MasqueradeView): string {
  if (view.outcome) return view.outcome.reason;
  if (view.game.stage === "choose") return "";
  const mover = turnOf(view);
  if (mover === null) return "";
  if (mover === view.seat) return "Your move: tap a piece, then its square — or an opposing piece to try a capture";
  return `${sideName(view, mover)} to move`;
}

export function MasqueradeGame({ view, act, message, setMessage }: ScreenProps<MasqueradeView>) {
  const seat = view.seat;
  const colour = colourOf(view, seat);
  const choosing = view.game.stage === "choose";
  const mine = stageOf(view, seat);
  const moves = mine === "move" ? gameActions(view).filter((a) => UCI.test(a)) : [];
  const attempts = view.played.filter(isAttempt);
  const last = attempts[attempts.length - 1];
  const waitingFor = activeSeats(view).filter((a) => !a.submitted && a.seat !== seat);
  return (
    <section class="game chess masquerade">
      <p class="status" role="status" aria-live="polite">
        {choosing
          ? mine
            ? "Setup: choose your opponent's capture moves, in secret"
            : `Setup: waiting for ${waitingFor.map((a) => sideName(view, a.seat)).join(" and ") || "the other player"} to choose`
          : prompt(view)}
      </p>
      {choosing && mine && <AssignmentEditor view={view} act={act} />}
      {last && !choosing && (
        <p class={`banner answer ${answerOf(last)}`} aria-live="polite">
          {sideName(view, last.seat)} tried {last.said}
        </p>
      )}
      <TapChess
        view={view}
        moves={moves}
        colour={colour}
        act={act}
        setMessage={setMessage}
        explain={(move) => (choosing ? setMessage("First both players choose their opponent's capture moves.") : act(move))}
        label={seat === null ? "board" : `board, you play ${colour}`}
      />
      {message && (
        <p class="error" role="alert">
          {message}
        </p>
      )}
      {seat !== null && <OwnKnowledge view={view} />}
      {view.private && (
        <p class="facts secret-choice">
          Your secret choice for {Colour(other(colour))}'s pieces:{" "}
          {view.private.opponent_captures.map((d) => `${d.piece} captures like a ${d.possible[0]}`).join(", ")}.
        </p>
      )}
      <details class="their-knowledge">
        <summary>What {seat === null ? "each side knows" : `${Colour(other(colour))} knows of their pieces`}</summary>
        {(seat === null ? (["white", "black"] as const) : ([other(colour)] as const)).map((c) => (
          <KnowledgeTable key={c} deductions={view.game.deductions[c === "white" ? 0 : 1] ?? []} title={`${Colour(c)}'s pieces`} />
        ))}
      </details>
      <Record view={view} mark={(p) => (isAttempt(p) ? `answer ${answerOf(p)}` : undefined)} />
      <TableActions view={view} act={act} />
    </section>
  );
}
