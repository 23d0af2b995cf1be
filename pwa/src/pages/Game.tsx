// A game on this phone: the seat(s) it holds, live updates, the privacy screen when one phone
// is passed around, and the screen kept awake while playing.
import { useEffect, useRef, useState } from "preact/hooks";
import { ApiError, type View, api, sideName, watch } from "../api";
import { screenFor, seatName } from "../games";
import type { ScreenProps } from "../games/types";
import { load, nextHolder } from "../session";
import { handOver } from "../words";

/** The game's screen from the registry (or the generic one, when asked for). */
function Play({ view, screen, ...props }: ScreenProps & { screen?: string | null }) {
  const Screen = screenFor(view.rules, screen);
  return <Screen view={view} {...props} />;
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

/** A game on this phone; `screen` "generic" plays it on the generic screen. */
export function Game({ gameId, screen }: { gameId: string; screen?: string | null }) {
  const stored = load(gameId);
  const heldSeats = Object.keys(stored.seats).map(Number).sort();
  const shared = heldSeats.length > 1;
  const [seat, setSeat] = useState<number | null>(heldSeats.length ? heldSeats[0] : null);
  // On a shared phone nothing secret shows until the right player says they hold the phone.
  const [covered, setCovered] = useState(shared);
  const [view, setView] = useState<View | null>(null);
  // The public seating and turn of the last view, for the privacy screen's words; nothing of
  // the last holder's secrets is kept.
  const seenRef = useRef<Pick<View, "seats" | "turn"> | null>(null);
  if (view) seenRef.current = { seats: view.seats, turn: view.turn };
  const seen = seenRef.current;
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

  // On a shared phone, hand over to the seat whose turn it is; in a sealed round, to each seat
  // that has yet to seal its move, in turn.
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

  /** A seat's name: from the last view, else from the registry. */
  const nameOf = (s: number) => (seen ? sideName(seen, s) : seatName(stored.rules ?? "", s));

  if (covered) {
    return (
      <main class="privacy" onClick={() => setCovered(false)}>
        <h1>Pass the phone</h1>
        <p>
          {seat !== null ? handOver(seen, nameOf(seat)) : ""} Tap when only they can see the screen.
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
                I am {nameOf(s)}
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
        <Play view={view} screen={screen} act={act} message={message} setMessage={setMessage} />
      )}
      <footer class="facts fairness">
        Fairness commitment <code class="wrap">{view.commitment}</code> — <a href={`#/fairness/${gameId}`}>check the draws</a>
      </footer>
    </main>
  );
}
