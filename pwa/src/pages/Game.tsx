// A game on this phone: the seat(s) it holds, live updates, the privacy screen when one phone
// is passed around, and the screen kept awake while playing.
import { useEffect, useRef, useState } from "preact/hooks";
import { ApiError, type GameView, type View, api, sideName, watch } from "../api";
import type { CheckerView } from "../checkers";
import { load, nextHolder } from "../session";
import { CheckerChessGame } from "./CheckerChessGame";
import { ChessGame, type ChessView } from "./ChessGame";
import { seatName } from "./Start";
import { TableTools, type TableView } from "./TableTools";

const CHECKER_GAMES = ["adrenaline", "booster", "half-alice"];

interface PlayProps {
  view: GameView;
  act: (action: string) => Promise<void>;
  message: string;
  setMessage: (m: string) => void;
}

/** The game's own screen. The rules id says which game's fields the view holds. */
function Play({ view, act, message, setMessage }: PlayProps) {
  if (view.rules === "table-tools") return <TableTools view={view as TableView} act={act} message={message} />;
  if (CHECKER_GAMES.includes(view.rules)) return <CheckerChessGame view={view as CheckerView} act={act} message={message} setMessage={setMessage} />;
  return <ChessGame view={view as ChessView} act={act} message={message} setMessage={setMessage} />;
}

function useWakeLock(active: boolean) {
  useEffect(() => {
    if (!active || !("wakeLock" in navigator)) return;
    let lock: WakeLockSentinel | null = null;
    const request = () => {
      navigator.wakeLock.request("screen").then(
        (l) => (lock = l),
        () => undefined,
      );
    };
    request();
    const again = () => document.visibilityState === "visible" && request();
    document.addEventListener("visibilitychange", again);
    return () => {
      document.removeEventListener("visibilitychange", again);
      void lock?.release();
    };
  }, [active]);
}

export function Game({ gameId }: { gameId: string }) {
  const stored = load(gameId);
  const heldSeats = Object.keys(stored.seats).map(Number).sort();
  const shared = heldSeats.length > 1;
  const [seat, setSeat] = useState<number | null>(heldSeats.length ? heldSeats[0] : null);
  // On a shared phone nothing secret shows until the right player says they hold the phone.
  const [covered, setCovered] = useState(shared);
  const [view, setView] = useState<View | null>(null);
  const [message, setMessage] = useState("");
  const token = seat !== null ? stored.seats[seat] : stored.host;
  const seqRef = useRef(0);
  const [rulesName, setRulesName] = useState("");
  useEffect(() => {
    api.rules().then(
      (all) => setRulesName(all.find((r) => r.id === (view?.rules ?? stored.rules))?.name ?? ""),
      () => undefined,
    );
  }, [view?.rules]);

  useEffect(() => {
    if (covered) {
      setView(null);
      return;
    }
    let closed = false;
    let stop = () => undefined as void;
    api.view(gameId, token).then(
      (v) => {
        if (closed) return;
        setView(v);
        seqRef.current = v.seq;
        stop = watch(gameId, token, v.seq, (next) => {
          if (next.seq >= seqRef.current) {
            seqRef.current = next.seq;
            setView(next);
          }
        });
      },
      (e) => setMessage((e as Error).message),
    );
    return () => {
      closed = true;
      stop();
    };
  }, [gameId, token, covered]);

  // On a shared phone, hand over to the seat whose turn it is.
  useEffect(() => {
    if (!shared || !view) return;
    const next = nextHolder(view, heldSeats, seat);
    if (next !== seat) {
      setSeat(next);
      setCovered(true);
    }
  }, [view?.seq]);

  useWakeLock(!!view && view.status === "active");

  const act = async (action: string) => {
    if (!view || !token) return;
    setMessage("");
    try {
      const next = await api.act(gameId, token, action, view.seq);
      seqRef.current = Math.max(seqRef.current, next.seq);
      setView(next);
    } catch (e) {
      const err = e as ApiError;
      if (err.code === "stale") {
        const fresh = await api.view(gameId, token);
        setView(fresh);
        setMessage("The game moved on before your action arrived; here is the new position.");
      } else setMessage(err.message);
    }
  };

  if (covered) {
    const who = seat !== null ? seatName(stored.rules ?? "", seat) : "";
    return (
      <main class="privacy" onClick={() => setCovered(false)}>
        <h1>Pass the phone</h1>
        <p>
          {seat !== null ? `Hand the phone to ${who}.` : ""} Tap when only they can see the screen.
        </p>
        {shared && (
          <div class="actions" onClick={(e) => e.stopPropagation()}>
            {heldSeats.map((s) => (
              <button
                key={s}
                onClick={() => {
                  setSeat(s);
                  setCovered(false);
                }}
              >
                I am seat {s + 1}
              </button>
            ))}
          </div>
        )}
        <button class="primary">I have the phone</button>
      </main>
    );
  }

  if (!view) {
    return (
      <main>
        <p>{message || "Loading the game…"}</p>
      </main>
    );
  }

  return (
    <main>
      <header class="game-head">
        <h1>
          {rulesName || view.rules} <span class="facts">{view.seat !== null ? `— you are ${sideName(view, view.seat)}` : "— watching"}</span>
        </h1>
        {shared && (
          <button onClick={() => setCovered(true)} aria-label="hide the screen and pass the phone">
            Pass the phone
          </button>
        )}
      </header>
      {view.status === "waiting" ? (
        <p class="status">
          Waiting for players: {view.joined_seats.length} of {view.seat_count} have joined.
        </p>
      ) : (
        <Play view={view} act={act} message={message} setMessage={setMessage} />
      )}
      <footer class="facts fairness">
        Fairness commitment <code class="wrap">{view.commitment}</code> — <a href={`#/fairness/${gameId}`}>check the draws</a>
      </footer>
    </main>
  );
}
