import { useState } from "preact/hooks";
import { NAME_CHARS, joinSeat, nameProblem, phraseProblem } from "../joining";
import { go } from "../router";

export function Join({ gameId = "", code = "" }: { gameId?: string; code?: string }) {
  const [game, setGame] = useState(gameId);
  const [joinCode, setJoinCode] = useState(code);
  /** The game typed, or a whole join link pasted (its game and code both taken from it). */
  const typeGame = (text: string) => {
    const link = /#\/join\/([^/\s]+)\/([^/\s?#]+)/.exec(text);
    if (link) {
      setGame(decodeURIComponent(link[1]));
      setJoinCode(decodeURIComponent(link[2]));
    } else setGame(text);
  };
  const [entropy, setEntropy] = useState("");
  const [name, setName] = useState("");
  const [error, setError] = useState("");
  const [busy, setBusy] = useState(false);
  const tooLong = phraseProblem(entropy);
  const submit = async (e: Event) => {
    e.preventDefault();
    // Refused here, before anything is sent.
    const problem = phraseProblem(entropy) ?? nameProblem(name);
    if (problem) {
      setError(problem);
      return;
    }
    setBusy(true);
    setError("");
    try {
      await joinSeat(game.trim(), joinCode.trim(), { phrase: entropy, name });
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
          Game (as the host's phone shows it, or paste a join link)
          <input name="game" value={game} required autocomplete="off" onInput={(e) => typeGame((e.target as HTMLInputElement).value)} />
        </label>
        <label>
          Join code
          <input name="code" value={joinCode} required autocomplete="off" autocapitalize="characters" placeholder="K7QX-M2PD" onInput={(e) => setJoinCode((e.target as HTMLInputElement).value)} />
        </label>
        <label>
          Your name (optional)
          <input name="player-name" value={name} maxLength={NAME_CHARS} autocomplete="nickname" onInput={(e) => setName((e.target as HTMLInputElement).value)} />
          <small>Shown to the others instead of your seat's name.</small>
        </label>
        <label>
          Your own randomness (optional)
          <input
            name="entropy"
            value={entropy}
            autocomplete="off"
            aria-invalid={tooLong ? "true" : undefined}
            onInput={(e) => setEntropy((e.target as HTMLInputElement).value)}
          />
          <small>
            This phone already adds random bytes of its own to every card and die of this game, sealed until everyone has joined, so not even the referee could
            have picked them. Anything you type (up to 32 bytes) is mixed in too.
          </small>
        </label>
        {error && (
          <p class="error" role="alert">
            {error}
          </p>
        )}
        <button class="primary" type="submit" disabled={busy}>
          Join
        </button>
      </form>
    </main>
  );
}
