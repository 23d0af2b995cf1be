import { useState } from "preact/hooks";
import { api } from "../api";
import { go } from "../router";
import { rememberSeat } from "../session";

export function Join({ gameId = "", code = "" }: { gameId?: string; code?: string }) {
  const [game, setGame] = useState(gameId);
  const [joinCode, setJoinCode] = useState(code);
  const [entropy, setEntropy] = useState("");
  const [name, setName] = useState("");
  const [error, setError] = useState("");
  const [busy, setBusy] = useState(false);
  const submit = async (e: Event) => {
    e.preventDefault();
    setBusy(true);
    setError("");
    try {
      const joined = await api.join(game.trim(), joinCode.trim(), entropy, name);
      rememberSeat(game.trim(), joined.seat, joined.token, joined.view.rules);
      go("game", game.trim());
    } catch (err) {
      setError((err as Error).message);
    } finally {
      setBusy(false);
    }
  };
  return (
    <main>
      <h1>Join a game</h1>
      <form class="form" onSubmit={submit}>
        <label>
          Game
          <input name="game" value={game} required autocomplete="off" onInput={(e) => setGame((e.target as HTMLInputElement).value)} />
        </label>
        <label>
          Join code
          <input name="code" value={joinCode} required autocomplete="off" autocapitalize="characters" placeholder="K7QX-M2PD" onInput={(e) => setJoinCode((e.target as HTMLInputElement).value)} />
        </label>
        <label>
          Your name (optional)
          <input name="player-name" value={name} maxLength={24} autocomplete="nickname" onInput={(e) => setName((e.target as HTMLInputElement).value)} />
          <small>Shown to the others instead of your seat's name.</small>
        </label>
        <label>
          Your own randomness (optional)
          <input name="entropy" value={entropy} maxLength={64} autocomplete="off" onInput={(e) => setEntropy((e.target as HTMLInputElement).value)} />
          <small>Type anything: it is mixed into every card and die of this game, so not even the referee could have picked them in advance.</small>
        </label>
        {error && <p class="error" role="alert">{error}</p>}
        <button class="primary" type="submit" disabled={busy}>
          Join
        </button>
      </form>
    </main>
  );
}
