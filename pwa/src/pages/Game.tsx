// A game on this phone: the seat(s) it holds, live updates, the last known position while
// offline, draw offers in a banner, the privacy screen when one phone is passed around a game
// with secrets, and the screen kept awake while playing.
import { useEffect, useRef, useState } from "preact/hooks";
import { ApiError, type GameView, type RulesInfo, type View, api, courtesies, settled, sideName, teamOf, watch } from "../api";
import { EndOfGame } from "../components/EndOfGame";
import type { SeatCode } from "../components/JoinCodes";
import { lazy } from "../lazy";
import { RecordToken, refereeNote } from "../components/Record";
import { requestNews, teamName } from "../requests";
import { TableClock } from "../components/TableClock";
import { seatName, useGameEntry, useScreen } from "../games";
import type { ScreenProps } from "../games/types";
import { awaitingWords, dueSeats, revealDue } from "../joining";
import { cacheView, cachedView, keepCheckpoint, load, nextHolder, save } from "../session";
import { handOver, joinedWords, ownResult, scoreWords, withNames } from "../words";
import { errorWords } from "../errors";

/** The game's screen from the registry (or the generic one, when asked for). Drawn anew for
 * each seat that takes the phone, so nothing one seat tapped or chose (a secret table being
 * filled in, a selected card or piece) is left on the screen for the next. */
function Play({ view, screen, ...props }: ScreenProps & { screen?: string | null }) {
  const { screen: Screen, failed } = useScreen(view.rules, screen);
  if (!Screen) return <p role={failed ? "alert" : "status"}>{failed ? "This game's screen could not be loaded. Check the connection and reload the page." : "Loading the game…"}</p>;
  return <Screen key={view.seat ?? "watching"} view={view} {...props} />;
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

/** What a request waiting for the other side says and offers: a draw, or a move to take back. */
const REQUESTS = {
  draw: {
    label: "draw offer",
    made: (who: string, _moves: string) => `${who} offered a draw.`,
    makes: (who: string, _moves: string) => `${who} offers a draw.`,
    accept: "Accept the draw",
    withdraw: "Withdraw the offer",
    actions: ["accept-draw", "decline-draw"],
  },
  takeback: {
    label: "takeback request",
    made: (who: string, moves: string) => (who === "You" ? `You asked to take back your ${moves}.` : `${who} asked to take back their ${moves}.`),
    makes: (who: string, moves: string) => `${who} asks to take back their ${moves}.`,
    accept: "Let them take it back",
    withdraw: "Withdraw the request",
    actions: ["accept-takeback", "decline-takeback"],
  },
} as const;

/** A draw offered or a takeback asked for, above the board, with the answers the viewer may
 * give: the other side accepts or declines; the side that asked may withdraw. */
function RequestBanner({ view, act, kind }: { view: GameView; act: (a: string) => Promise<void>; kind: keyof typeof REQUESTS }) {
  const team = kind === "draw" ? view.draw_offer?.team : view.takeback_request;
  if (team === undefined || team === null || view.status !== "active") return null;
  const words = REQUESTS[kind];
  const [accept, decline] = words.actions;
  const allowed = courtesies(view);
  const ours = team === teamOf(view, view.seat);
  const by = teamName(view, team);
  const moves = view.takeback_moves === 2 ? (ours ? "last move and the reply to it" : "last move and your reply") : "last move";
  return (
    <div class="banner draw-offer" role="region" aria-label={words.label}>
      <p aria-live="polite">{ours ? words.made(view.seat !== null ? "You" : by, moves) : words.makes(by, moves)}</p>
      <div class="actions">
        {!ours && allowed.includes(accept) && (
          <button class="primary" onClick={() => act(accept)}>
            {words.accept}
          </button>
        )}
        {allowed.includes(decline) && <button onClick={() => act(decline)}>{ours ? words.withdraw : "Decline"}</button>}
      </div>
    </div>
  );
}

/** What became of this side's request or of the other side's answer, shown until the next
 * move ("Black declines the takeback.", "Bob (Black) played on: your draw offer lapsed."). */
function RequestNews({ view }: { view: View }) {
  const last = useRef<{ view: View; news: string | null } | null>(null);
  const prev = last.current;
  if (!prev || view.seq !== prev.view.seq) {
    last.current = { view, news: prev ? requestNews(prev.view, view) : null };
  }
  const news = last.current?.news;
  return news ? (
    <p class="status request-news" role="status">
      {news}
    </p>
  ) : null;
}

/** What the others just did, for screen readers: "Black played e5". */
function Announce({ view }: { view: View }) {
  const last = view.played.length ? view.played[view.played.length - 1] : null;
  const text = !last || last.seat === view.seat ? "" : refereeNote(last) ? last.said : `${sideName(view, last.seat)}: ${last.said}`;
  return (
    <p class="sr-only" aria-live="polite" data-announce>
      {text}
    </p>
  );
}

const seenKey = (gameId: string) => `referee.reissues.${gameId}`;

/** The re-issues this phone has been told of, seat by seat. */
function seenReissues(gameId: string): number[] {
  try {
    return JSON.parse(localStorage.getItem(seenKey(gameId)) ?? "[]") as number[];
  } catch {
    return [];
  }
}

const times = (n: number) => (n === 1 ? "once" : n === 2 ? "twice" : `${n} times`);

/** Every re-issue of a seat's code, told to every phone in words that cannot be missed (the
 * host's power to hand a seat to another phone is used in the open): at the top of the game,
 * until this phone's player says they have read it. Counted from the view's `reissues`, so a
 * phone that was away when it happened is told too. */
function ReissueNotice({ gameId, view }: { gameId: string; view: View }) {
  const [seen, setSeen] = useState(() => seenReissues(gameId));
  const counts = view.reissues ?? [];
  const fresh = counts.flatMap((n, seat) => (n > (seen[seat] ?? 0) ? [seat] : []));
  if (!fresh.length) return null;
  const said = fresh.map((seat) => {
    const who = sideName(view, seat);
    const again = counts[seat] > 1 ? ` The host has now given this seat a new code ${times(counts[seat])} in this game.` : "";
    return view.seat === seat
      ? `This phone now plays ${who}: the host gave the seat a new code, and the phone that held it can no longer play.${again}`
      : `The host gave ${who} a new code: the phone that held that seat can no longer play, and whoever joins with the new code plays it.${again}`;
  });
  const understood = () => {
    try {
      localStorage.setItem(seenKey(gameId), JSON.stringify(counts));
    } catch {
      /* storage unavailable: told again after a reload */
    }
    setSeen(counts);
  };
  return (
    <div class="banner reissue-notice" role="alert" data-reissue-notice>
      {said.map((line, i) => (
        <p key={i}>{line}</p>
      ))}
      <button type="button" onClick={understood}>
        Understood
      </button>
    </div>
  );
}

/** At the end, this phone's own result first ("You win", "Your team loses"), then the scores
 * by name where the game scores. */
function OwnResult({ view, held }: { view: View; held: number[] }) {
  if (view.status !== "over") return null;
  const own = ownResult(view, held);
  const scores = scoreWords(view);
  if (!own && !scores) return null;
  return (
    <div class="own-result" role="status">
      {own && <p class="result-own">{own}</p>}
      {scores && <p class="facts">Scores: {scores}</p>}
    </div>
  );
}

/** An action waiting for the player's yes before it is sent: the question, and the screen's
 * wait for the answer. */
interface Asking {
  action: string;
  question: string;
  done: () => void;
}

/** The question before a costly action is sent, held at the foot of the screen where the
 * thumb is: play it, or undo the tap (nothing has reached the referee). */
function ConfirmBar({ asking, play, undo }: { asking: Asking; play: () => void; undo: () => void }) {
  return (
    <div class="confirm-bar" role="alertdialog" aria-label="before it is sent" aria-describedby="confirm-question">
      <p id="confirm-question">{asking.question}</p>
      <div class="actions">
        <button class="primary" onClick={play}>
          Play it
        </button>
        <button onClick={undo}>Undo</button>
      </div>
    </div>
  );
}

/** The host's menu: a new code for a seat whose phone is lost (once the game is on; not the
 * seats this phone holds, whose phone is here), and ending the game for everyone, each asked
 * first. */
function HostMenu({ view, held, end, reissue }: { view: View; held: number[]; end: () => void; reissue: (seat: number) => void }) {
  const seats = view.status === "active" ? view.joined_seats.filter((s) => !held.includes(s)) : [];
  const menu = useRef<HTMLDetailsElement>(null);
  return (
    <details class="game-menu" ref={menu}>
      <summary>Game menu</summary>
      {seats.length > 0 && (
        <section aria-labelledby="lost-phone-title">
          <h2 id="lost-phone-title">A phone lost or broken?</h2>
          <p class="facts">Give its seat a new code: that phone can no longer play, and another phone joins with the new code and plays on.</p>
          <div class="actions">
            {seats.map((s) => (
              <button
                key={s}
                data-reissue={s}
                onClick={() => {
                  if (!confirm(`Give ${sideName(view, s)} a new code? The phone that plays ${sideName(view, s)} now can no longer play.`)) return;
                  // The menu closes, so the new code shows where the game is.
                  if (menu.current) menu.current.open = false;
                  reissue(s);
                }}
              >
                New code for {sideName(view, s)}
              </button>
            ))}
          </div>
        </section>
      )}
      <p class="facts">You created this game. Ending it stops it for everyone, with no result, and reveals the seed so the draws can be checked.</p>
      <button
        class="danger"
        onClick={() => {
          if (confirm("End this game for everyone? It stops here, with no result.")) end();
        }}
      >
        End game
      </button>
    </details>
  );
}

/** The codes with their QR codes: loaded only by a host's phone with seats to hand out. */
const JoinCodes = lazy(() => import("../components/JoinCodes").then((m) => m.JoinCodes), { inline: true });

/** On the host's phone while players are still joining: the codes of the seats nobody has
 * taken yet, kept from when the game was made, so a reload or a trip to a join link does not
 * orphan the game. */
function OpenSeats({ gameId, view, codes }: { gameId: string; view: View; codes: SeatCode[] }) {
  const open = codes.filter((c) => !view.joined_seats.includes(c.seat));
  if (!open.length) return null;
  const started = view.status !== "waiting";
  return (
    <section class="join-codes" aria-labelledby="join-codes-title">
      <h2 id="join-codes-title">{started ? "New codes" : "Join codes"}</h2>
      <p>{started ? "The new phone opens the link or scans the code, and plays on." : "Each player still to join opens their link or scans their code."}</p>
      <JoinCodes gameId={gameId} codes={open} nameOf={(s) => sideName(view, s)} />
    </section>
  );
}

/** Seats the host gave a new code, waiting for a new phone: said to everyone, on the first
 * screen, since nobody can act for them meanwhile. */
function AwaitedPhones({ view, host }: { view: View; host: boolean }) {
  const seats = view.status === "active" ? (view.reissued_seats ?? []) : [];
  if (!seats.length) return null;
  const names = seats.map((s) => sideName(view, s)).join(" and ");
  return (
    <p class="status" role="status" data-awaited-phones>
      {names} {seats.length > 1 ? "wait" : "waits"} for a new phone: {host ? "open its new code below on that phone." : "the host has the new code."}
    </p>
  );
}

/** A game on this phone; `screen` "generic" plays it on the generic screen. */
export function Game({ gameId, screen }: { gameId: string; screen?: string | null }) {
  const stored = load(gameId);
  const heldSeats = Object.keys(stored.seats).map(Number).sort();
  const shared = heldSeats.length > 1;
  const [info, setInfo] = useState<RulesInfo | null>(null);
  // Games whose rules keep nothing secret need no privacy screen between turns; until the
  // catalogue says, assume they might.
  const secret = info ? info.secret.length > 0 : !["chess", "chess960", "adrenaline", "half-alice", "crowded-house"].includes(stored.rules ?? "");
  const [seat, setSeat] = useState<number | null>(heldSeats.length ? heldSeats[0] : null);
  // On a shared phone nothing secret shows until the right player says they hold the phone.
  const [covered, setCovered] = useState(shared && secret);
  const [view, setView] = useState<View | null>(null);
  // The game's own entry (its seat names, the questions it asks before an action), loaded with
  // its screen: this page loads no other game's code.
  const { entry } = useGameEntry(view?.rules ?? stored.rules);
  const [offline, setOffline] = useState(false);
  const [retry, setRetry] = useState(0);
  // The public seating and turn of the last view, for the privacy screen's words; nothing of
  // the last holder's secrets is kept.
  const seenRef = useRef<Pick<View, "seats" | "turn" | "names"> | null>(null);
  if (view) seenRef.current = { seats: view.seats, turn: view.turn, names: view.names };
  const seen = seenRef.current;
  const [message, setMessage] = useState("");
  // Said once a seat this phone held was handed to a new phone; kept with the game on the phone.
  const [notice, setNotice] = useState(stored.lost ?? "");
  const token = seat !== null ? stored.seats[seat] : stored.host;
  const seqRef = useRef(0);
  // The last seq the phone was handed over for: a seat that took the phone keeps it until the
  // game moves on.
  const handedRef = useRef(-1);

  useEffect(() => {
    save(gameId, stored);
    api.rules().then(
      (all) => setInfo(all.find((r) => r.id === (view?.rules ?? stored.rules)) ?? null),
      () => undefined,
    );
  }, [view?.rules]);

  // The seat holding the phone now: an answer that arrives after the phone passed on (the
  // mover's own view, sent back for a move) is not shown to the next holder.
  const seatRef = useRef(seat);
  seatRef.current = seat;

  const show = (shown: View) => {
    if (shared && shown.seat !== seatRef.current) return;
    const v = settled(shown);
    // The live stream and an answer may cross: a move's own answer can arrive after the
    // stream already showed the next seat's move (a sealed round closing), and must not put
    // the older position back on the screen, where nothing would replace it.
    if (v.seq < seqRef.current) return;
    seqRef.current = v.seq;
    setView(withNames(v));
    cacheView(gameId, v.seat, v);
    // A link of the record's chain the final record must pass through.
    keepCheckpoint(gameId, v);
    // Once every seat has joined, this phone's seats reveal the randomness they committed to
    // (on every view, so a reload or a lost answer is made up for by the next one).
    if (dueSeats(v).length) {
      void revealDue(gameId, v).then(({ views, error, lost }) => {
        const mine = views.filter((r) => r.seat === v.seat && r.seq >= seqRef.current).pop();
        if (mine) show(mine);
        if (error) setMessage(error);
        // A reveal whose answer was lost: fetch the view again in a moment, which reveals again.
        if (lost) setTimeout(() => setRetry((n) => n + 1), 4000);
      });
    }
  };

  useEffect(() => {
    if (covered) {
      setView(null);
      return;
    }
    let closed = false;
    let stop = () => undefined as void;
    let timer: ReturnType<typeof setTimeout> | undefined;
    api.view(gameId, token).then(
      (v) => {
        if (closed) return;
        setOffline(false);
        setMessage("");
        show(v);
        // A refused stream is asked about by loading the view again (which finds a seat
        // handed to a new phone, or opens the stream anew).
        stop = watch(
          gameId,
          token,
          v.seq,
          (next) => {
            if (next.seq >= seqRef.current) show(next);
          },
          () => setRetry((n) => n + 1),
        );
      },
      (e) => {
        if (closed) return;
        const err = e as ApiError;
        if (err.code === "bad_token" && seat !== null) {
          seatLost(seat);
        } else if (err.status === 0 || err.status >= 500) {
          // Offline (or the referee away): the last known position, read-only, and try again.
          const last = cachedView(gameId, seat);
          if (last) setView(withNames(settled(last)));
          setOffline(true);
          timer = setTimeout(() => setRetry((n) => n + 1), 4000);
        } else setMessage(errorWords(e, "Opening the game"));
      },
    );
    return () => {
      closed = true;
      clearTimeout(timer);
      stop();
    };
  }, [gameId, token, covered, retry]);

  useEffect(() => {
    const online = () => setRetry((n) => n + 1);
    const gone = () => setOffline(true);
    addEventListener("online", online);
    addEventListener("offline", gone);
    return () => {
      removeEventListener("online", online);
      removeEventListener("offline", gone);
    };
  }, []);

  // On a shared phone, hand over to the seat whose turn it is once the game moves on; in a
  // sealed round, to each seat that has yet to seal its move, in turn.
  useEffect(() => {
    if (!shared || !view || view.seq <= handedRef.current) return;
    handedRef.current = view.seq;
    const next = nextHolder(view, heldSeats, seat);
    if (next !== seat) {
      setSeat(next);
      if (secret) setCovered(true);
    }
  }, [view?.seq]);

  useWakeLock(!!view && view.status === "active");

  // The table does not wait for ever for a closed phone: at the reveal deadline the referee
  // starts the game without that seat's share, at the first call after it — this one.
  const revealDeadline = view?.status === "waiting" ? (view.reveal_deadline_ms ?? null) : null;
  useEffect(() => {
    if (revealDeadline === null || !token) return;
    const timer = setTimeout(
      () => void api.view(gameId, token).then(show, () => {}),
      Math.max(0, revealDeadline - Date.now()) + 250,
    );
    return () => clearTimeout(timer);
  }, [revealDeadline, gameId, token]);

  /** `s` takes the phone (to answer a draw offer, to resign) and keeps it until the next move. */
  const take = (s: number) => {
    handedRef.current = seqRef.current;
    setSeat(s);
    setMessage("");
    if (secret) setCovered(true);
  };

  const act = async (action: string) => {
    if (!view || !token) return;
    if (offline) {
      setMessage("Offline: this is the last position the phone saw. Moves can be made once it reconnects.");
      return;
    }
    setMessage("");
    try {
      show(await api.act(gameId, token, action, view.seq, seat));
    } catch (e) {
      const err = e as ApiError;
      if (err.code === "stale") {
        show(await api.view(gameId, token));
        setMessage("The game moved on before your action arrived; here is the new position.");
      } else if (err.code === "bad_token" && seat !== null) {
        seatLost(seat);
      } else {
        if (err.status === 0) setOffline(true);
        setMessage(errorWords(e, "Sending your move"));
      }
    }
  };

  // An action the game asks about first (a card spent, the board changed), until answered.
  const [asking, setAsking] = useState<Asking | null>(null);
  /** What the screen calls to act: at once, or after the player's yes where the game asks. */
  const actOrAsk = (action: string): Promise<void> => {
    const question = view && view.game !== null ? entry?.confirm?.(action, view) : null;
    if (!question) return act(action);
    asking?.done();
    setMessage("");
    return new Promise((done) => setAsking({ action, question, done }));
  };
  const playAsked = async () => {
    if (!asking) return;
    setAsking(null);
    await act(asking.action);
    asking.done();
  };
  const undoAsked = () => {
    if (!asking) return;
    setAsking(null);
    setMessage("Taken back: nothing was sent.");
    asking.done();
  };
  // A question about a position that has moved on (or a phone passed on) is dropped.
  useEffect(() => {
    if (!asking) return;
    asking.done();
    setAsking(null);
  }, [view?.seq, seat]);

  /** The host ends the game for everyone; this phone then shows its own seat's view (the
   * host's, where it holds no seat). */
  const endGame = async () => {
    if (!stored.host) return;
    setMessage("");
    try {
      const ended = await api.end(gameId, stored.host);
      show(seat === null || !token ? ended : await api.view(gameId, token));
    } catch (e) {
      setMessage(errorWords(e, "Ending the game"));
    }
  };

  /** The host gives `s` a new code: kept with the game's codes on this phone, so the host can
   * show it again after a reload until the new phone has joined. */
  const reissue = async (s: number) => {
    if (!stored.host) return;
    setMessage("");
    try {
      const { join_code, view: after } = await api.reissue(gameId, stored.host, s);
      const kept = load(gameId);
      kept.codes = [...(kept.codes ?? []).filter((c) => c.seat !== s), { seat: s, join_code }].sort((a, b) => a.seat - b.seat);
      save(gameId, kept);
      if (seat === s || seat === null) show(after);
      else setRetry((n) => n + 1);
    } catch (e) {
      setMessage(errorWords(e, "Making a new code"));
    }
  };

  /** This phone's seat was given a new code by the host: the phone forgets the seat and watches
   * on (as another seat it holds, the host, or a spectator). */
  const seatLost = (lost: number) => {
    const kept = load(gameId);
    delete kept.seats[lost];
    kept.lost = `The host gave ${nameOf(lost)} a new code, so this phone no longer plays that seat. You can still follow the game here.`;
    save(gameId, kept);
    const rest = Object.keys(kept.seats).map(Number).sort();
    setSeat(rest.length ? rest[0] : null);
    setNotice(kept.lost);
  };

  /** A seat's name: from the last view, else from the registry. */
  const nameOf = (s: number) => (seen ? sideName(seen, s) : seatName(entry, s));

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
                  handedRef.current = seqRef.current;
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
        {offline && <OfflineBanner />}
        <p role={message ? "alert" : undefined}>{message || (offline ? "This phone has not seen this game yet." : "Loading the game…")}</p>
      </main>
    );
  }

  return (
    <main>
      <header class="game-head">
        <h1>
          {info?.name || view.rules} <span class="facts">{view.seat !== null ? `— you are ${sideName(view, view.seat)}` : "— watching"}</span>
        </h1>
        {shared && (
          <div class="actions" role="group" aria-label="who holds the phone">
            {heldSeats
              .filter((s) => s !== seat)
              .map((s) => (
                <button key={s} onClick={() => take(s)}>
                  {secret ? `Pass to ${nameOf(s)}` : `${nameOf(s)} takes the phone`}
                </button>
              ))}
          </div>
        )}
        {stored.host && view.status !== "over" && <HostMenu view={view} held={heldSeats} end={() => void endGame()} reissue={(s) => void reissue(s)} />}
      </header>
      {offline && <OfflineBanner />}
      {notice && (
        <p class="status" role="status">
          {notice}
        </p>
      )}
      <ReissueNotice gameId={gameId} view={view} />
      <AwaitedPhones view={view} host={!!stored.host} />
      <Announce view={view} />
      {view.status === "waiting" ? (
        <>
          <p class="status">
            {view.joined_seats.length < view.seat_count
              ? joinedWords(view)
              : awaitingWords(view)}
          </p>
          {stored.host && <OpenSeats gameId={gameId} view={view} codes={stored.codes ?? []} />}
          {message && (
            <p class="error" role="alert">
              {message}
            </p>
          )}
        </>
      ) : view.game === null ? (
        // Over before it started: the host ended it while seats were still joining.
        <>
          <p class="status result" role="status">
            {view.ended_by_host ? "Ended by the host before the game started." : "This game is over."}
          </p>
          {message && (
            <p class="error" role="alert">
              {message}
            </p>
          )}
        </>
      ) : (
        <>
          {view.ended_by_host && (
            <p class="status result" role="status">
              Ended by the host
            </p>
          )}
          {view.abandoned && (
            <p class="status result" role="status">
              Closed: nobody moved for too long. The record, with the seed, can be checked.
            </p>
          )}
          {stored.host && view.status === "active" && <OpenSeats gameId={gameId} view={view} codes={stored.codes ?? []} />}
          <OwnResult view={view} held={heldSeats} />
          <RequestBanner view={view} act={act} kind="draw" />
          <RequestBanner view={view} act={act} kind="takeback" />
          <RequestNews view={view} />
          {/* The earlier part of a long record is fetched with this phone's token for the seat. */}
          <RecordToken.Provider value={token}>
            <Play view={view} screen={screen} act={actOrAsk} message={message} setMessage={setMessage} />
          </RecordToken.Provider>
          {asking && <ConfirmBar asking={asking} play={() => void playAsked()} undo={undoAsked} />}
          <EndOfGame view={view} gameId={gameId} />
          {view.status === "active" && view.seat_count === 2 && <TableClock names={[sideName(view, 0), sideName(view, 1)]} />}
        </>
      )}
      {info && (info.random.length > 0 || view.chain) && (
        <footer class="facts fairness">
          <a class="button" href={`#/fairness/${gameId}`}>
            {info.random.length > 0 ? "Check the draws" : "Check the record"}
          </a>
          {/* The fingerprints a careful player notes down, folded away from the game. */}
          <details class="fingerprints">
            <summary>Fingerprints to note down</summary>
            {info.random.length > 0 && (
              <p>
                Fairness commitment <code class="wrap">{view.commitment}</code>
              </p>
            )}
            {view.chain && (
              <p class="chain">
                Record after {view.seq} events <code class="wrap">{view.chain}</code>
              </p>
            )}
          </details>
        </footer>
      )}
    </main>
  );
}

function OfflineBanner() {
  return (
    <p class="banner offline" role="status">
      Offline — reconnecting… This is the last position this phone saw; moves wait until it is back.
    </p>
  );
}
