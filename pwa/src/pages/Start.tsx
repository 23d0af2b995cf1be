import { useEffect, useState } from "preact/hooks";
import { api, type Created, type RulesInfo } from "../api";
import { Qr } from "../components/Qr";
import { go } from "../router";
import { rememberSeat, save } from "../session";

function seatName(rules: string, seat: number): string {
  if (["chess", "chess960", "adrenaline", "booster", "half-alice"].includes(rules)) return seat === 0 ? "White" : "Black";
  return `Seat ${seat + 1}`;
}

export { seatName };

export function Start({ preset }: { preset?: string }) {
  const [rules, setRules] = useState<RulesInfo[]>([]);
  const [id, setId] = useState(preset ?? "chess960");
  const [mode, setMode] = useState<"each" | "shared">("each");
  const [setup, setSetup] = useState<"cards" | "number" | "choose">("cards");
  const [number, setNumber] = useState(518);
  const [seats, setSeats] = useState(2);
  const [deck, setDeck] = useState("standard-52");
  // The seeds' equipment and variants for the checker-stack games.
  const [adrenalineCheckers, setAdrenalineCheckers] = useState(24);
  const [boosterCheckers, setBoosterCheckers] = useState<[number, number]>([6, 6]);
  const [checkerCards, setCheckerCards] = useState(4);
  const [unlimited, setUnlimited] = useState(false);
  const [created, setCreated] = useState<Created | null>(null);
  const [error, setError] = useState("");
  const [busy, setBusy] = useState(false);
  useEffect(() => {
    api.rules().then(setRules, (e) => setError(e.message));
  }, []);

  const options = () => {
    if (id === "chess960") return setup === "choose" ? { number } : { chess960_draw: setup };
    if (id === "table-tools") return { seats, decks: deck ? { main: deck } : {} };
    if (id === "adrenaline") return { checkers: adrenalineCheckers };
    if (id === "booster") return { white_checkers: boosterCheckers[0], black_checkers: boosterCheckers[1], checker_cards: checkerCards };
    if (id === "half-alice") return { checkers: unlimited ? "unlimited" : 12 };
    return undefined;
  };

  const create = async (e: Event) => {
    e.preventDefault();
    setBusy(true);
    setError("");
    try {
      const c = await api.createGame(id, options());
      save(c.game_id, { host: c.host_token, seats: {}, mode, codes: c.seats, rules: id });
      if (mode === "shared") {
        for (const s of c.seats) {
          const joined = await api.join(c.game_id, s.join_code);
          rememberSeat(c.game_id, joined.seat, joined.token, id);
        }
        go("game", c.game_id);
      } else setCreated(c);
    } catch (err) {
      setError((err as Error).message);
    } finally {
      setBusy(false);
    }
  };

  const playHere = async (code: string) => {
    if (!created) return;
    try {
      const joined = await api.join(created.game_id, code);
      rememberSeat(created.game_id, joined.seat, joined.token, id);
      go("game", created.game_id);
    } catch (err) {
      setError((err as Error).message);
    }
  };

  if (created) {
    const base = `${location.origin}${location.pathname}`;
    return (
      <main>
        <h1>Game ready</h1>
        <p>
          Each player opens their link or scans their code, then types nothing else. Game <code>{created.game_id}</code>.
        </p>
        <p class="facts">
          Fairness commitment: <code class="wrap">{created.commitment}</code>
        </p>
        <ul class="seats">
          {created.seats.map((s) => {
            const link = `${base}#/join/${created.game_id}/${s.join_code}`;
            return (
              <li key={s.seat} class="card">
                <h2>{seatName(id, s.seat)}</h2>
                <p class="code" aria-label={`join code for ${seatName(id, s.seat)}`}>
                  {s.join_code}
                </p>
                <Qr text={link} label={`QR code to join as ${seatName(id, s.seat)}`} />
                <p>
                  <a href={`#/join/${created.game_id}/${s.join_code}`} data-join-link={s.seat}>
                    Join link
                  </a>
                </p>
                <button type="button" onClick={() => playHere(s.join_code)}>
                  Play as {seatName(id, s.seat)} on this phone
                </button>
              </li>
            );
          })}
        </ul>
        {error && <p class="error" role="alert">{error}</p>}
        <a class="button" href={`#/game/${created.game_id}`}>
          Watch the game
        </a>
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
            {rules.map((r) => (
              <option key={r.id} value={r.id}>
                {r.name}
              </option>
            ))}
          </select>
        </label>
        {id === "chess960" && (
          <fieldset>
            <legend>Starting position</legend>
            <label class="inline">
              <input type="radio" name="setup" checked={setup === "cards"} onChange={() => setSetup("cards")} /> Turn over cards (three piles)
            </label>
            <label class="inline">
              <input type="radio" name="setup" checked={setup === "number"} onChange={() => setSetup("number")} /> Draw a number 0–959
            </label>
            <label class="inline">
              <input type="radio" name="setup" checked={setup === "choose"} onChange={() => setSetup("choose")} /> Choose a number
            </label>
            {setup === "choose" && (
              <label>
                Position number
                <input type="number" min={0} max={959} value={number} name="number" onInput={(e) => setNumber(Number((e.target as HTMLInputElement).value))} />
              </label>
            )}
          </fieldset>
        )}
        {id === "table-tools" && (
          <fieldset>
            <legend>Table</legend>
            <label>
              Players
              <input type="number" min={1} max={12} value={seats} name="seats" onInput={(e) => setSeats(Number((e.target as HTMLInputElement).value))} />
            </label>
            <label>
              Deck
              <select value={deck} onChange={(e) => setDeck((e.target as HTMLSelectElement).value)} name="deck">
                <option value="standard-52">Standard 52</option>
                <option value="pieces-32">Chess pieces (32)</option>
                <option value="pieces-16">Chess pieces without pawns (16)</option>
                <option value="booster-36">Booster (36)</option>
                <option value="">No deck yet</option>
              </select>
            </label>
          </fieldset>
        )}
        {id === "adrenaline" && (
          <label>
            Checkers on the table
            <input type="number" min={0} max={64} value={adrenalineCheckers} name="checkers" onInput={(e) => setAdrenalineCheckers(Number((e.target as HTMLInputElement).value))} />
          </label>
        )}
        {id === "booster" && (
          <fieldset>
            <legend>Checkers and cards (fewer is more predictable; unequal checkers is a handicap)</legend>
            {(["White", "Black"] as const).map((side, i) => (
              <label key={side}>
                {side}'s checkers
                <input
                  type="number"
                  min={0}
                  max={12}
                  value={boosterCheckers[i]}
                  name={`${side.toLowerCase()}_checkers`}
                  onInput={(e) => {
                    const next: [number, number] = [...boosterCheckers];
                    next[i] = Number((e.target as HTMLInputElement).value);
                    setBoosterCheckers(next);
                  }}
                />
              </label>
            ))}
            <label>
              Checker cards in the deck
              <select value={checkerCards} onChange={(e) => setCheckerCards(Number((e.target as HTMLSelectElement).value))} name="checker_cards">
                <option value={0}>None</option>
                <option value={2}>Two sixes</option>
                <option value={4}>The four sixes (standard)</option>
                <option value={6}>Sixes and two sevens</option>
                <option value={8}>Sixes and sevens</option>
              </select>
            </label>
          </fieldset>
        )}
        {id === "half-alice" && (
          <label class="inline">
            <input type="checkbox" name="unlimited" checked={unlimited} onChange={(e) => setUnlimited((e.target as HTMLInputElement).checked)} /> Unlimited checkers (the original
            Alice Chess; the standard set has 12 each)
          </label>
        )}
        <fieldset>
          <legend>Phones</legend>
          <label class="inline">
            <input type="radio" name="mode" checked={mode === "each"} onChange={() => setMode("each")} /> One phone each
          </label>
          <label class="inline">
            <input type="radio" name="mode" checked={mode === "shared"} onChange={() => setMode("shared")} /> One phone for everyone (passed behind a privacy screen)
          </label>
        </fieldset>
        {error && <p class="error" role="alert">{error}</p>}
        <button class="primary" type="submit" disabled={busy}>
          Create game
        </button>
      </form>
    </main>
  );
}
