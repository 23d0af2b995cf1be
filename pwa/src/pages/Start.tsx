// Starting a game: the game, its options (each game's own form from the registry, or options
// as JSON for a game the app does not know yet) and how the phones are shared.
import { useEffect, useState } from "preact/hooks";
import { ApiError, api, type Created, type RulesInfo } from "../api";
import { cryptoReady } from "../crypto";
import { errorWords } from "../errors";
import { JoinCodes } from "../components/JoinCodes";
import { seatName, useGameEntry } from "../games";
import type { GameEntry } from "../games/types";
import { NAME_CHARS, joinSeat, nameProblem } from "../joining";
import { go } from "../router";
import { forget, load, save } from "../session";

/** The chosen game's options form, or nothing for a game without options. */
function Options({ entry, value, onChange }: { entry: GameEntry; value: unknown; onChange: (v: unknown) => void }) {
  const spec = entry.options;
  return spec ? <spec.Form value={value} onChange={onChange} /> : null;
}

/** Ends a game this phone made but could not seat, and forgets it; where the referee cannot be
 * reached it is kept, and the home page offers to delete it later. */
async function discard(c: Created): Promise<void> {
  try {
    await api.end(c.game_id, c.host_token);
  } catch (e) {
    if (!(e instanceof ApiError) || e.status === 0 || e.status >= 500) return;
  }
  forget(c.game_id);
}

/** Starts a game; `again` names a game this phone created whose options and phones to reuse. */
export function Start({ preset, again }: { preset?: string; again?: string | null }) {
  const previous = again ? load(again) : null;
  const [rules, setRules] = useState<RulesInfo[]>([]);
  // No game is chosen for the player: the select asks first.
  const [id, setId] = useState(preset ?? "");
  const [mode, setMode] = useState<"each" | "shared">(previous ? (Object.keys(previous.seats).length > 1 ? "shared" : previous.mode) : "each");
  // Each game's form value, kept while another game is looked at.
  const [values, setValues] = useState<Record<string, unknown>>(() =>
    previous?.options !== undefined && preset && previous.rules === preset ? { [preset]: previous.options } : {},
  );
  const [name, setName] = useState("");
  // On a shared phone, each side's name, by seat.
  const [names, setNames] = useState<string[]>([]);
  const [created, setCreated] = useState<Created | null>(null);
  const [error, setError] = useState("");
  // A failed "Play as … on this phone", said under that seat's button.
  const [seatError, setSeatError] = useState<{ seat: number; text: string } | null>(null);
  const [busy, setBusy] = useState(false);
  useEffect(() => {
    api.rules().then(setRules, (e) => setError(errorWords(e, "Fetching the games")));
  }, []);

  // The chosen game's entry (its form, sides, table display), loaded when chosen.
  const { entry, failed } = useGameEntry(id || null);
  const spec = entry?.options;
  const value = id in values ? values[id] : spec?.defaults;
  /** The options to send; throws, in words, when the form holds something unsendable. */
  const options = () => (spec?.toOptions ? spec.toOptions(value) : value);
  /** How many seats the game will have, for the names on a shared phone. */
  const seatCount = (() => {
    const sides = entry?.sides?.length;
    if (sides) return sides;
    const counted = entry?.seatCount?.(value);
    if (counted && counted > 0 && counted <= 16) return counted;
    const seats = (value as { seats?: unknown } | undefined)?.seats;
    if (typeof seats === "number" && seats > 0 && seats <= 16) return seats;
    return rules.find((r) => r.id === id)?.min_seats ?? 2;
  })();

  /** A game for one player is played on the phone that creates it: no join codes to hand out. */
  const phones = seatCount === 1 ? "shared" : mode;

  const create = async (e: Event) => {
    e.preventDefault();
    const problem = phones === "shared" ? names.map(nameProblem).find((p) => p) : null;
    if (problem) {
      setError(problem);
      return;
    }
    setBusy(true);
    setError("");
    let made: Created | null = null;
    try {
      // What joining needs is checked before the game is made, so a phone that cannot sign
      // leaves no game behind.
      await cryptoReady();
      const c = await api.createGame(id, options());
      made = c;
      save(c.game_id, { host: c.host_token, seats: {}, mode: phones, codes: c.seats, rules: id, options: value });
      if (phones === "shared") {
        // Every seat joins with randomness of its own, committed; the last join reveals them all.
        for (const s of c.seats) await joinSeat(c.game_id, s.join_code, { name: names[s.seat] ?? "", rules: id });
        go("game", c.game_id);
      } else setCreated(c);
    } catch (err) {
      setError(errorWords(err, "Creating the game"));
      // A game made for one phone whose seats could not all be taken is of no use: it is ended
      // and forgotten, so no half-made game waits on the home page.
      if (made && phones === "shared") await discard(made);
    } finally {
      setBusy(false);
    }
  };

  const playHere = async (seat: number, code: string) => {
    if (!created) return;
    setSeatError(null);
    const problem = nameProblem(name);
    if (problem) {
      setSeatError({ seat, text: problem });
      return;
    }
    setBusy(true);
    try {
      await joinSeat(created.game_id, code, { name, rules: id });
      go("game", created.game_id);
    } catch (err) {
      setSeatError({ seat, text: errorWords(err, "Joining") });
    } finally {
      setBusy(false);
    }
  };

  if (created) {
    return (
      <main>
        <h1>Game ready</h1>
        <p>
          Each player opens their link or scans their code: nothing to type. To join by typing instead (Join a game), a player needs the game and their join
          code:
        </p>
        <p class="code game-id" aria-label="game">
          Game <code>{created.game_id}</code>
        </p>
        <label class="form">
          Your name (optional, shown to the others)
          <input name="player-name" value={name} maxLength={NAME_CHARS} autocomplete="nickname" onInput={(e) => setName((e.target as HTMLInputElement).value)} />
        </label>
        <JoinCodes
          gameId={created.game_id}
          codes={created.seats}
          nameOf={(seat) => seatName(entry, seat)}
          playHere={(s) => playHere(s.seat, s.join_code)}
          busy={busy}
          errorOf={(seat) => (seatError?.seat === seat ? seatError.text : null)}
        />
        <details class="facts fingerprints">
          <summary>Fingerprints to note down</summary>
          <p>
            Fairness commitment <code class="wrap">{created.commitment}</code>
          </p>
        </details>
        <a class="button" href={`#/game/${created.game_id}`}>
          Watch the game
        </a>
        {entry?.table && (
          <a class="button" href={`#/table/${created.game_id}`} data-table-link>
            Table display
          </a>
        )}
      </main>
    );
  }

  return (
    <main>
      <h1>Start a game</h1>
      <form onSubmit={create} class="form">
        <label>
          Game
          <select value={id} onChange={(e) => setId((e.target as HTMLSelectElement).value)} name="rules">
            <option value="" disabled>
              Choose a game
            </option>
            {rules.map((r) => (
              <option key={r.id} value={r.id}>
                {r.name}
              </option>
            ))}
          </select>
        </label>
        {id && entry && <Options entry={entry} value={value} onChange={(v) => setValues({ ...values, [id]: v })} />}
        {id && !entry && <p role={failed ? "alert" : "status"}>{failed ? "This game's form could not be loaded. Check the connection and reload the page." : "Loading the game…"}</p>}
        {/* The phones and names wait for the game's own form: shown before it, they would move
            down under a finger as it arrives, and a tap meant for them would land on the form. */}
        {id && entry && seatCount > 1 && (
        <fieldset>
          <legend>Phones</legend>
          <label class="inline">
            <input type="radio" name="mode" checked={mode === "each"} onChange={() => setMode("each")} /> One phone each
          </label>
          <label class="inline">
            <input type="radio" name="mode" checked={mode === "shared"} onChange={() => setMode("shared")} /> One phone for everyone (passed around; behind a privacy screen where there are secrets)
          </label>
        </fieldset>
        )}
        {id && entry && phones === "shared" && (
          <fieldset>
            <legend>Names (optional, shown with the sides)</legend>
            {Array.from({ length: seatCount }, (_, seat) => (
              <label key={seat}>
                {seatName(entry, seat)}'s name
                <input
                  name={`name-${seat}`}
                  value={names[seat] ?? ""}
                  maxLength={NAME_CHARS}
                  autocomplete="off"
                  onInput={(e) => {
                    const next = [...names];
                    next[seat] = (e.target as HTMLInputElement).value;
                    setNames(next);
                  }}
                />
              </label>
            ))}
          </fieldset>
        )}
        {error && <p class="error" role="alert">{error}</p>}
        <button class="primary" type="submit" disabled={busy || !id || !entry}>
          Create game
        </button>
      </form>
    </main>
  );
}
