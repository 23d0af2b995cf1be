// Any game, from the view envelope alone: whose turn it is and in which stage, the board if the
// game has one (tap a cell, then where it goes), every legal action as a button, a free-text
// field where the actions cannot all be listed, the viewer's own secrets, the record and the
// outcome. A game plays here before it has a screen of its own.
import { useEffect, useMemo, useRef, useState } from "preact/hooks";
import { type BoardView, type GameView, gameActions, mayAct, sideName, sideOf } from "../../api";
import { type Tap, cellsIn, soleOrigin, tapCell, targetsFrom } from "../../cellActions";
import { Board } from "../../components/Board";
import { FactList, PrivatePart } from "../../components/Facts";
import { EarlierMoves, digits, focusFirst, useRecord } from "../../components/Record";
import { TableActions } from "../../components/TableActions";
import type { ScreenProps } from "../types";
import { sealedWords, turnSentence } from "../../words";

/** With more actions than this next to a board, the list starts folded. */
const SHORT_LIST = 12;

/** How far a sealed round has got, and the viewer's own sealed move. */
function SealedRound({ view }: { view: GameView }) {
  const words = sealedWords(view, view.seat);
  if (!words) return null;
  return (
    <div class="card sealed" aria-live="polite">
      <p class="sealed-count">{words.count}</p>
      {words.yours && <p class="sealed-yours">{words.yours}</p>}
      <p class="facts">{words.waiting}</p>
    </div>
  );
}

/** The actions a tap left open (a promotion, several cards for one square): one button each. */
function Choice({ actions, act, cancel }: { actions: string[]; act: (a: string) => void; cancel: () => void }) {
  return (
    <div class="actions choice" role="group" aria-label="Which action?">
      {actions.map((a) => (
        <button key={a} onClick={() => act(a)}>
          {a}
        </button>
      ))}
      <button onClick={cancel}>Cancel</button>
    </div>
  );
}

/** Whether `seat` sees the board from Black's side: the board data is drawn as White sees it. */
const fromBlack = (view: GameView, seat: number | null) => seat !== null && sideOf(view, seat).toLowerCase() === "black";

/** The cells the last recorded action mentions, to shade. */
function lastCells(view: GameView, ids: ReadonlySet<string>): string[] {
  const action = view.played.findLast((p) => p.action !== undefined)?.action;
  return action ? cellsIn(action, ids) : [];
}

interface BoardPlayProps extends ScreenProps {
  board: BoardView;
  /** The viewer's game actions now (none when it may not act). */
  actions: string[];
}

/** The board, played by tapping: a cell moves start from, then where to; or a cell with one
 * action on it. Where every move starts from one cell, that cell starts selected. */
function BoardPlay({ view, board, actions, act, setMessage }: BoardPlayProps) {
  const ids = useMemo(() => new Set(board.cells.map((c) => c.id)), [board]);
  const [tapped, setTapped] = useState<string | null>(null);
  const [choice, setChoice] = useState<string[] | null>(null);
  const selected = tapped ?? soleOrigin(actions, ids);
  const targets = selected ? targetsFrom(actions, ids, selected) : [];
  const reset = () => {
    setTapped(null);
    setChoice(null);
  };
  useEffect(reset, [view.seq]);

  const follow = (tap: Tap) => {
    if (tap.kind === "act") {
      reset();
      void act(tap.action);
    } else if (tap.kind === "choose") setChoice(tap.actions);
    else if (tap.kind === "select") {
      setTapped(tap.cell);
      setChoice(tap.here.length ? tap.here : null);
    } else {
      reset();
      if (tap.kind === "none") setMessage(tap.reason);
    }
  };

  const onCell = (id: string) => {
    setMessage("");
    if (!mayAct(view, view.seat)) return setMessage(view.status === "over" ? "The game is over." : "It is not your turn.");
    follow(tapCell(actions, ids, selected, id));
  };

  return (
    <>
      <Board
        board={board}
        orientation={fromBlack(view, view.seat) ? "black" : "white"}
        selected={selected}
        targets={targets}
        lastMove={lastCells(view, ids)}
        showSelectable
        onCell={onCell}
        label={view.seat === null ? "board" : `board, you play ${sideName(view, view.seat)}`}
      />
      {choice && <Choice actions={choice} act={(a) => follow({ kind: "act", action: a })} cancel={reset} />}
    </>
  );
}

/** Every game action the viewer may take, as buttons; folded when a board offers them too. */
function ActionList({ actions, act, folded }: { actions: string[]; act: (a: string) => Promise<void>; folded: boolean }) {
  if (!actions.length) return null;
  return (
    <details class="action-list" open={!folded}>
      <summary>Your actions ({actions.length})</summary>
      <div class="actions">
        {actions.map((a) => (
          <button key={a} data-action={a} onClick={() => act(a)}>
            {a}
          </button>
        ))}
      </div>
    </details>
  );
}

/** A field for actions typed as players say them, where the list cannot hold them all. */
function FreeText({ view, act }: { view: GameView; act: (a: string) => Promise<void> }) {
  const [text, setText] = useState("");
  useEffect(() => setText(""), [view.seq]);
  return (
    <form
      class="row free-text"
      onSubmit={(e) => {
        e.preventDefault();
        if (text.trim()) void act(text.trim());
      }}
    >
      <label>
        Type an action
        <input name="action" value={text} autocomplete="off" autocapitalize="off" spellcheck={false} placeholder={view.legal_actions[0] ?? ""} onInput={(e) => setText((e.target as HTMLInputElement).value)} />
      </label>
      <button class="primary" type="submit">
        Send
      </button>
    </form>
  );
}

/** How each team finished. */
function Results({ view }: { view: GameView }) {
  if (!view.outcome) return null;
  return (
    <ul class="results" aria-label="results">
      {view.outcome.teams.map((t) => (
        <li key={t.team}>
          {view.teams[t.team] ?? `Team ${t.team + 1}`}: {t.result}
          {t.score !== undefined ? ` (${t.score})` : ""}
        </li>
      ))}
    </ul>
  );
}

/** The record, each action as the viewer may hear it. */
function Played({ view }: { view: GameView }) {
  const record = useRecord(view);
  const listRef = useRef<HTMLOListElement>(null);
  const { from, played } = record.shown;
  if (!played.length && from === 0) return null;
  return (
    <>
      <h2>What happened</h2>
      <EarlierMoves record={record} focus={() => focusFirst(listRef.current)} />
      {/* Numbered as in the whole record, whatever part of it is shown. */}
      <ol ref={listRef} class="played" aria-label="what happened" start={from + 1} data-digits={digits(from + played.length)}>
        {played.map((p, i) => (
          <li key={from + i} tabIndex={i === 0 ? -1 : undefined}>
            <span class="facts">{sideName(view, p.seat)}:</span> {p.said}
          </li>
        ))}
      </ol>
    </>
  );
}

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === "object" && v !== null && !Array.isArray(v);

/** Plays any game from its view alone. */
export function GenericGame(props: ScreenProps) {
  const { view, act, message } = props;
  const may = mayAct(view, view.seat);
  const actions = may ? gameActions(view) : [];
  return (
    <section class="game generic">
      <p class="status" role="status" aria-live="polite">
        {turnSentence(view, view.seat)}
      </p>
      <SealedRound view={view} />
      {view.board && <BoardPlay {...props} board={view.board} actions={actions} />}
      {message && (
        <p class="error" role="alert">
          {message}
        </p>
      )}
      <ActionList actions={actions} act={act} folded={!!view.board && actions.length > SHORT_LIST} />
      {may && !view.legal_actions_complete && <FreeText view={view} act={act} />}
      <TableActions view={view} act={act} />
      <Results view={view} />
      {view.private !== null && (
        <>
          <h2>Only you can see</h2>
          <PrivatePart value={view.private} />
        </>
      )}
      <Played view={view} />
      {isRecord(view.game) && (
        <details class="game-facts">
          <summary>Game facts</summary>
          <FactList value={view.game} />
        </details>
      )}
    </section>
  );
}
