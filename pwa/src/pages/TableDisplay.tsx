// The table display: a tablet (or any screen) in the middle of the table showing what everyone
// may see — the spectator's view, opened by its link without any seat (#/table/<game>). It
// follows the game live and keeps the screen awake; it can act for nobody and holds no token.
import type { ComponentType } from "preact";
import { useEffect, useRef, useState } from "preact/hooks";
import { ApiError, type GameView, type RulesInfo, type View, api, watch } from "../api";
import { Board } from "../components/Board";
import { Record } from "../components/Record";
import { RoundTimer } from "../components/RoundTimer";
import { useGameEntry } from "../games";
import { stageWords } from "../games/stages";
import { joinedWords, sealedWords, turnSentence } from "../words";
import "../components/variants.css";
import { errorWords } from "../errors";

/** A game without a table display of its own: the board, whose turn, the record. */
function PlainTable({ view }: { view: GameView }) {
  const sealed = sealedWords(view, null);
  return (
    <section class="table-display">
      <div class="table-board">{view.board && <Board board={view.board} label="board" />}</div>
      <div class="table-side">
        <p class="status" role="status" aria-live="polite">
          {turnSentence(view, null, stageWords(view.rules))}
        </p>
        {sealed && (
          <div class="card sealed">
            <p class="sealed-count">{sealed.count}</p>
            <p class="facts">{sealed.waiting}</p>
          </div>
        )}
        <Record view={view} latest />
      </div>
    </section>
  );
}

function useWakeLock(active: boolean) {
  useEffect(() => {
    if (!active || !("wakeLock" in navigator)) return;
    let lock: WakeLockSentinel | null = null;
    navigator.wakeLock.request("screen").then(
      (l) => (lock = l),
      () => undefined,
    );
    return () => void lock?.release();
  }, [active]);
}

export function TableDisplay({ gameId }: { gameId: string }) {
  const [view, setView] = useState<View | null>(null);
  const [info, setInfo] = useState<RulesInfo | null>(null);
  const [problem, setProblem] = useState("");
  const [retry, setRetry] = useState(0);
  const seqRef = useRef(0);
  /** Shows a view, unless an older one than shown (the stream and a read may cross). */
  const show = (v: View) => {
    if (v.seq < seqRef.current) return;
    seqRef.current = v.seq;
    setView(v);
  };

  useEffect(() => {
    let closed = false;
    let stop = () => undefined as void;
    let timer: ReturnType<typeof setTimeout> | undefined;
    api.view(gameId).then(
      (v) => {
        if (closed) return;
        setProblem("");
        show(v);
        stop = watch(gameId, undefined, v.seq, show);
      },
      (e) => {
        if (closed) return;
        const err = e as ApiError;
        setProblem(err.status === 0 || err.status >= 500 ? "Offline — reconnecting…" : errorWords(e, "Opening the table display"));
        if (err.status === 0 || err.status >= 500) timer = setTimeout(() => setRetry((n) => n + 1), 4000);
      },
    );
    return () => {
      closed = true;
      clearTimeout(timer);
      stop();
    };
  }, [gameId, retry]);

  useEffect(() => {
    if (!view) return;
    api.rules().then(
      (all) => setInfo(all.find((r) => r.id === view.rules) ?? null),
      () => undefined,
    );
  }, [view?.rules]);

  useWakeLock(!!view && view.status !== "over");

  const { entry } = useGameEntry(view?.rules);
  const Table: ComponentType<{ view: GameView }> = entry?.table ?? PlainTable;
  return (
    <main class="table-main">
      <h1>
        {info?.name ?? view?.rules ?? "Game"} <span class="facts">— table display</span>
      </h1>
      {problem && (
        <p class={view ? "banner offline" : ""} role="alert">
          {problem}
        </p>
      )}
      {!view && !problem && <p>Loading the game…</p>}
      {view?.status === "waiting" && <p class="status">{joinedWords(view)}</p>}
      {view && view.status !== "waiting" && (
        <>
          <RoundTimer view={view} onView={show} />
          <Table view={view} />
        </>
      )}
    </main>
  );
}
