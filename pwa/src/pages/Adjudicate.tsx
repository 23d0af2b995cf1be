// "Is that legal?" without a game: set the position up on the game's editor (or paste it), then
// tap the move from and to (or type it) and the referee answers in a sentence. Games written as
// FEN and fields get the board editor; games with other boards bring their own editor.
import { useEffect, useLayoutEffect, useRef, useState } from "preact/hooks";
import { api, type Adjudication, type Par } from "../api";
import { Board } from "../components/Board";
import { BoardEditor, boardMoveWords, boardPreview, startOf } from "../components/BoardEditor";
import { loadEntries } from "../games";
import type { GameEntry } from "../games/types";
import { START_FEN } from "../position";
import { errorWords } from "../errors";

/** The answer in one sentence naming the side, the piece and the squares: the referee's `said`
 * for a legal move; for an illegal one, the piece the app read from the position where the
 * referee's sentence does not name it ("Black's knight c6→d4 is illegal: the knight on c6 is
 * pinned…"); the bare reason from a referee without `said`. */
function verdictWords(answer: Adjudication, asked: string | null): string {
  if (!answer.legal && asked && !answer.said?.includes(asked)) {
    const reason = /^(The|A|An|It|Your|That|This) /.test(answer.reason) ? answer.reason.charAt(0).toLowerCase() + answer.reason.slice(1) : answer.reason;
    return `${asked} is illegal: ${reason}`;
  }
  return answer.said ?? `${answer.legal ? "Legal" : "Illegal"}: ${answer.reason}`;
}

/** The referee's answer (or what went wrong asking), right under the board where the move was
 * tapped, and brought into view when it arrives: a move asked from the field below is answered
 * on the same screen too. */
function Verdict({ answer, asked, error }: { answer: Adjudication | null; asked: string | null; error: string }) {
  const ref = useRef<HTMLElement>(null);
  useLayoutEffect(() => {
    if (answer || error) ref.current?.scrollIntoView({ block: "nearest" });
  }, [answer, error]);
  return (
    <section class="verdict" role="status" aria-live="polite" ref={ref}>
      {error && <p class="error">{error}</p>}
      {answer && (
        <p class={answer.legal ? "ok" : "error"}>
          <span aria-hidden="true">{answer.legal ? "✓ " : "✗ "}</span>
          {verdictWords(answer, asked)}
        </p>
      )}
    </section>
  );
}

/** "What is par here?" for a game whose positions have a par: the referee's proven par of the
 * position on the board, with one shortest line, written under the button that asked. */
function ParQuestion({ rules, position, words }: { rules: string; position: string; words: (par: Par, position: string) => string }) {
  const [answer, setAnswer] = useState<string | null>(null);
  const [asking, setAsking] = useState(false);
  useEffect(() => setAnswer(null), [rules, position]);
  const ask = async () => {
    setAsking(true);
    try {
      setAnswer(words(await api.par(rules, position), position));
    } catch (err) {
      setAnswer(errorWords(err, "Working out the par"));
    } finally {
      setAsking(false);
    }
  };
  return (
    <section class="par-question" aria-label="par">
      <button type="button" onClick={() => void ask()} disabled={asking}>
        {asking ? "Working out par…" : "What is par here?"}
      </button>
      {answer && (
        <p role="status" aria-live="polite">
          {answer}
        </p>
      )}
    </section>
  );
}

/** The position after a legal move, drawn as the game's editor draws it, and as text. */
function AfterMove({ entry, position, flipped }: { entry: GameEntry; position: string; flipped: boolean }) {
  const Preview = entry.editor?.own?.Preview;
  return (
    <section class="after-move" aria-label="after the move">
      {Preview ? (
        <Preview position={position} flipped={flipped} />
      ) : (
        <Board board={boardPreview(entry.editor, position)} orientation={flipped ? "black" : "white"} label="position after the move" />
      )}
      <p class="facts">
        <code class="wrap">{position}</code>
      </p>
    </section>
  );
}

/** `games` in the order the home screen lists them; any it does not list (yet) last. */
function inCatalogueOrder(games: GameEntry[], catalogue: { id: string }[]): GameEntry[] {
  const place = (id: string) => {
    const at = catalogue.findIndex((r) => r.id === id);
    return at < 0 ? catalogue.length : at;
  };
  return [...games].sort((a, b) => place(a.id) - place(b.id));
}

/** The games "Is that legal?" can judge: those whose entry says how a position is set up, every
 * entry loaded (this page alone loads every game's editor). */
export function Adjudicate() {
  const [games, setGames] = useState<GameEntry[] | null>(null);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    loadEntries().then(
      (all) => setGames(all.filter((g) => g.editor !== undefined)),
      () => setFailed(true),
    );
  }, []);
  if (!games) {
    return (
      <main>
        <h1>Is that legal?</h1>
        <p role={failed ? "alert" : "status"}>{failed ? "The games' editors could not be loaded. Check the connection and reload the page." : "Loading the games…"}</p>
      </main>
    );
  }
  return <Dispute games={games} />;
}

function Dispute({ games }: { games: GameEntry[] }) {
  const [rules, setRules] = useState(() => games[0].id);
  // The position in the game's notation, as it is sent and shown as text.
  const [position, setPosition] = useState(() => startOf(games[0]));
  // The seat asking, where several act at once; null for the one to act.
  const [seat, setSeat] = useState<number | null>(null);
  const [flipped, setFlipped] = useState(false);
  const [move, setMove] = useState("");
  const [answer, setAnswer] = useState<Adjudication | null>(null);
  // The move asked about, as the position read before asking: whose piece went where.
  const [asked, setAsked] = useState<string | null>(null);
  const [error, setError] = useState("");
  // The games as the home screen lists them (the referee's order), by name.
  const [catalogue, setCatalogue] = useState<{ id: string; name: string }[]>([]);
  const entry = games.find((g) => g.id === rules) ?? games[0];
  const editor = entry.editor;
  useEffect(() => {
    api.rules().then(
      (all) => setCatalogue(all.map((r) => ({ id: r.id, name: r.name }))),
      () => undefined,
    );
  }, []);

  const edit = (next: string) => {
    setPosition(next);
    setAnswer(null);
  };

  const ask = async (action = move) => {
    setError("");
    setAnswer(null);
    if (!action.trim()) return setError("Tap the piece and where it went, or type the move.");
    setAsked(editor?.own ? null : boardMoveWords(editor, position, action));
    try {
      setAnswer(await api.adjudicate(rules, position, action.trim(), seat));
    } catch (err) {
      setError(errorWords(err, "Asking the referee"));
    }
  };
  /** A move tapped on the board: written in the move field and asked at once. */
  const askTapped = (action: string) => {
    setMove(action);
    void ask(action);
  };

  const Form = editor?.own?.Form;
  const formProps = { position, setPosition: edit, ask: askTapped, seat, setSeat, flipped, setFlipped, verdict: <Verdict answer={answer} asked={asked} error={error} /> };
  return (
    <main>
      <h1>Is that legal?</h1>
      <form
        class="form"
        onSubmit={(e) => {
          e.preventDefault();
          void ask();
        }}
      >
        <label>
          Rules
          <select
            value={rules}
            name="rules"
            onChange={(e) => {
              const next = games.find((g) => g.id === (e.target as HTMLSelectElement).value) ?? games[0];
              setRules(next.id);
              setSeat(null);
              // Another game starts afresh: no move or error of the last one, from the top.
              setMove("");
              setError("");
              scrollTo(0, 0);
              edit(startOf(next));
            }}
          >
            {inCatalogueOrder(games, catalogue).map((g) => (
              <option key={g.id} value={g.id}>
                {catalogue.find((r) => r.id === g.id)?.name ?? g.id}
              </option>
            ))}
          </select>
        </label>
        {Form ? <Form key={rules} {...formProps} /> : <BoardEditor entry={entry} {...formProps} />}
        <label>
          Move
          <input name="move" value={move} placeholder={editor?.placeholder ?? "e2e4"} autocomplete="off" autocapitalize="off" spellcheck={false} onInput={(e) => setMove((e.target as HTMLInputElement).value)} />
        </label>
        <button class="primary" type="submit">
          Ask the referee
        </button>
      </form>
      {editor?.par && <ParQuestion rules={rules} position={position} words={editor.par} />}
      {answer?.position && <AfterMove entry={entry} position={answer.position} flipped={flipped} />}
    </main>
  );
}
