import { useEffect, useState } from "preact/hooks";
import { ApiError, type RulesInfo, type View, api, sideName } from "../api";
import { type Stored, allGames, cachedView, forget } from "../session";
import { stageWords } from "../games/stages";
import { plural, turnSentence } from "../words";
import { errorWords } from "../errors";

/** At most this many games of each kind are listed. */
const LISTED = 8;

interface Known {
  gameId: string;
  stored: Stored;
  view: View | null;
  /** The referee no longer knows the game (it expired before anyone finished joining). */
  gone?: boolean;
}

/** The seats this phone holds in a game, as players say them. */
function seatsHeld(k: Known): string {
  const seats = Object.keys(k.stored.seats).map(Number);
  if (!seats.length) return "you created it";
  const name = (s: number) => (k.view ? sideName(k.view, s) : `Seat ${s + 1}`);
  return seats.length > 1 ? `${seats.map(name).join(" and ")} on this phone` : `you are ${name(seats[0])}`;
}

/** A waiting game in words: seats still to join, or seats whose phone has yet to unseal its
 * randomness (this phone does it when the game is opened). */
function waiting(view: View, held: number[]): string {
  if (view.joined_seats.length < view.seat_count) return `Waiting for players (${view.joined_seats.length} of ${view.seat_count})`;
  return (view.awaiting_reveal ?? []).some((s) => held.includes(s)) ? "Everyone has joined: open the game to start it" : "Everyone has joined; starting";
}

/** A game line's delete button: for a game this phone made that never started (resume it by
 * opening it, or delete it: the referee ends it), and for a game the referee no longer has. */
function DeleteGame({ k, onGone }: { k: Known; onGone: () => void }) {
  const [error, setError] = useState("");
  const [busy, setBusy] = useState(false);
  const remove = async () => {
    setBusy(true);
    setError("");
    try {
      if (!k.gone && k.stored.host) await api.end(k.gameId, k.stored.host);
      forget(k.gameId);
      onGone();
    } catch (e) {
      // Already over or gone: nothing left to end.
      if (e instanceof ApiError && (e.status === 404 || e.code === "game_over")) {
        forget(k.gameId);
        onGone();
      } else setError(errorWords(e, "Deleting the game"));
    } finally {
      setBusy(false);
    }
  };
  return (
    <>
      <button type="button" class="delete-game" onClick={remove} disabled={busy}>
        {k.gone ? "Remove from this list" : "Delete this game"}
      </button>
      {error && (
        <p class="error" role="alert">
          {error}
        </p>
      )}
    </>
  );
}

function GameLine({ k, names, onGone }: { k: Known; names: Record<string, string>; onGone: () => void }) {
  const rules = k.view?.rules ?? k.stored.rules ?? "";
  const seats = Object.keys(k.stored.seats).map(Number);
  const status = k.gone
    ? "The referee no longer has this game: it was never started and has expired."
    : !k.view
      ? ""
      : k.view.status === "waiting"
        ? waiting(k.view, seats)
        : turnSentence(k.view, seats.length === 1 ? seats[0] : null, stageWords(k.view.rules));
  const deletable = k.gone || (k.stored.host !== undefined && k.view?.status === "waiting");
  return (
    <li class="card your-game">
      <a class="button" href={`#/game/${k.gameId}`}>
        <strong>{names[rules] ?? rules}</strong> <span class="facts">— {seatsHeld(k)}</span>
      </a>
      <p class="facts">{status}</p>
      {deletable && <DeleteGame k={k} onGone={onGone} />}
    </li>
  );
}

/** The games this phone holds seats in: those under way, and finished ones to look back at. */
function YourGames({ names }: { names: Record<string, string> }) {
  const [known, setKnown] = useState<Known[]>(() =>
    allGames().map(({ gameId, stored }) => ({ gameId, stored, view: cachedView(gameId, Object.keys(stored.seats).map(Number)[0] ?? null) })),
  );
  useEffect(() => {
    known.slice(0, LISTED * 2).forEach((k, i) => {
      const seat = Object.keys(k.stored.seats).map(Number)[0];
      const token = seat !== undefined ? k.stored.seats[seat] : k.stored.host;
      api.view(k.gameId, token).then(
        (view) => setKnown((all) => all.map((x, j) => (j === i ? { ...x, view } : x))),
        (e) => e instanceof ApiError && e.status === 404 && setKnown((all) => all.map((x, j) => (j === i ? { ...x, gone: true } : x))),
      );
    });
  }, []);
  if (!known.length) return null;
  const over = known.filter((k) => k.view?.status === "over");
  const on = known.filter((k) => k.view?.status !== "over");
  return (
    <>
      {on.length > 0 && (
        <section aria-labelledby="your-games">
          <h2 id="your-games">Your games</h2>
          <ul class="catalogue">
            {on.slice(0, LISTED).map((k) => (
              <GameLine key={k.gameId} k={k} names={names} onGone={() => setKnown((all) => all.filter((x) => x.gameId !== k.gameId))} />
            ))}
          </ul>
        </section>
      )}
      {over.length > 0 && (
        <details class="finished">
          <summary>Finished games ({Math.min(over.length, LISTED)})</summary>
          <ul class="catalogue">
            {over.slice(0, LISTED).map((k) => (
              <GameLine key={k.gameId} k={k} names={names} onGone={() => setKnown((all) => all.filter((x) => x.gameId !== k.gameId))} />
            ))}
          </ul>
        </details>
      )}
    </>
  );
}

/** How many play a game: "1 player", "2 players", "4–12 players". */
const playersOf = (r: RulesInfo) =>
  r.min_seats !== r.max_seats ? `${r.min_seats}–${r.max_seats} players` : r.min_seats === 1 ? "1 player" : `${r.min_seats} players`;

/** Whether a game answers a search: every word typed is in its name, summary, equipment or
 * player count. */
function matches(r: RulesInfo, search: string): boolean {
  const text = `${r.name} ${r.summary} ${r.equipment.join(" ")} ${playersOf(r)}`.toLowerCase();
  return search.toLowerCase().split(/\s+/).every((word) => text.includes(word));
}

/** Every game, with a search box: eighteen games are too many to scroll through on a phone. */
function Catalogue({ rules }: { rules: RulesInfo[] | null }) {
  const [search, setSearch] = useState("");
  const found = (rules ?? []).filter((r) => matches(r, search.trim()));
  return (
    <section aria-labelledby="games">
      <h2 id="games">Games</h2>
      <label class="search">
        Find a game
        <input type="search" name="search" value={search} placeholder="name, cards, dice…" autocomplete="off" onInput={(e) => setSearch((e.target as HTMLInputElement).value)} />
      </label>
      {rules && (
        <p class="facts" aria-live="polite">
          {search.trim() ? `${plural(found.length, "game")} found` : `${plural(rules.length, "game")}`}
        </p>
      )}
      <ul class="catalogue">
        {found.map((r) => (
          <li key={r.id} class="card">
            <h3>{r.name}</h3>
            <p>{r.summary}</p>
            <p class="facts">
              {playersOf(r)} · {r.equipment.join(", ")}
            </p>
            {r.secret.length > 0 && <p class="facts">Kept secret: {r.secret.join(", ")}</p>}
            <a class="button" href={`#/start/${r.id}`}>Start {r.name}</a>
          </li>
        ))}
      </ul>
    </section>
  );
}

export function Home() {
  const [rules, setRules] = useState<RulesInfo[] | null>(null);
  const [error, setError] = useState("");
  useEffect(() => {
    api.rules().then(setRules, (e) => setError(errorWords(e, "Fetching the games")));
  }, []);
  const names = Object.fromEntries((rules ?? []).map((r) => [r.id, r.name]));
  return (
    <main>
      <h1>Table referee</h1>
      <p class="lead">Deals, rolls, keeps secrets and settles “is that legal?” for chess games at a real table.</p>
      <nav class="actions">
        <a class="button primary" href="#/start">Start a game</a>
        <a class="button" href="#/join">Join a game</a>
        <a class="button" href="#/adjudicate">Is that legal?</a>
      </nav>
      <YourGames names={names} />
      {error && <p class="error" role="alert">{error}</p>}
      {rules === null && !error && <p>Loading the games…</p>}
      <Catalogue rules={rules} />
    </main>
  );
}
