// Joining a game: the game and join code (from a link or typed), a name, and randomness of one's
// own folded under "Check the draws"; a link from the host's phone says which game and seat.
import { useEffect, useState } from "preact/hooks";
import { api, sideName } from "../api";
import { NAME_CHARS, joinSeat, nameProblem, phraseProblem } from "../joining";
import { go } from "../router";
import { errorWords } from "../errors";

/** Which game and seat a join link is for, once the referee's public view says it: "Chess960,
 * as Black". For a game typed by hand, the game once its id is read (a typed code's seat only
 * the referee knows, and it says so at joining); nothing for an id that is not a game. */
function useInvitation(gameId: string, seat: string | null | undefined): string | null {
  const [said, setSaid] = useState<string | null>(null);
  useEffect(() => {
    setSaid(null);
    const id = gameId.trim();
    if (!/^[0-9a-z]{12}$/.test(id)) return;
    const n = seat == null ? null : Number(seat);
    let gone = false;
    // Typed ids are read once the typing stops.
    const timer = setTimeout(() => {
      Promise.all([api.view(id), api.rules()]).then(
        ([view, rules]) => {
          if (gone) return;
          const game = rules.find((r) => r.id === view.rules)?.name ?? view.rules;
          setSaid(n !== null && view.seats.some((s) => s.seat === n) ? `${game}, as ${sideName(view, n)}` : `a game of ${game}`);
        },
        () => undefined,
      );
    }, seat == null ? 400 : 0);
    return () => {
      gone = true;
      clearTimeout(timer);
    };
  }, [gameId, seat]);
  return said;
}

export function Join({ gameId = "", code = "", seat }: { gameId?: string; code?: string; seat?: string | null }) {
  const [game, setGame] = useState(gameId);
  // A link's seat holds only while the game is the link's.
  const invitation = useInvitation(game, game === gameId ? seat : null);
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
      setError(errorWords(err, "Joining"));
    } finally {
      setBusy(false);
    }
  };
  return (
    <main>
      <h1>Join a game</h1>
      {invitation && (
        <p class="lead invitation" aria-live="polite">
          This code is for <strong>{invitation}</strong>.
        </p>
      )}
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
          <small>Shown to the others with your side ("Ann (White)"), or in place of a numbered seat.</small>
        </label>
        <details class="own-randomness">
          <summary>Check the draws: add randomness of your own (optional)</summary>
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
        </details>
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
