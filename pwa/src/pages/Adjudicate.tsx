// "Is that legal?" without a game: paste a FEN or set the position up on the board.
import { useEffect, useMemo, useState } from "preact/hooks";
import { api, type Adjudication } from "../api";
import { Board } from "../components/Board";
import { parsePlacement, pieceGlyph, pieceName, placementBoard, placementToFen } from "../fen";
import { adjudicable, gameEntry } from "../games";

const START = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
const PALETTE = ["K", "Q", "R", "B", "N", "P", "k", "q", "r", "b", "n", "p", ""];

export function Adjudicate() {
  const [rules, setRules] = useState(() => adjudicable()[0].id);
  const [fen, setFen] = useState(START);
  const [move, setMove] = useState("");
  const [brush, setBrush] = useState<string | null>(null);
  const [answer, setAnswer] = useState<Adjudication | null>(null);
  const [error, setError] = useState("");
  const placement = parsePlacement(fen);
  const board = useMemo(() => placementBoard(placement), [fen]);
  const [names, setNames] = useState<Record<string, string>>({});
  useEffect(() => {
    api.rules().then(
      (all) => setNames(Object.fromEntries(all.map((r) => [r.id, r.name]))),
      () => undefined,
    );
  }, []);

  const paint = (square: string) => {
    if (brush === null) return;
    const next = { ...placement };
    if (brush) next[square] = brush;
    else delete next[square];
    const rest = fen.trim().split(/\s+/).slice(1);
    setFen([placementToFen(next), ...(rest.length ? rest : ["w", "-", "-", "0", "1"])].join(" "));
  };

  const ask = async (e: Event) => {
    e.preventDefault();
    setError("");
    setAnswer(null);
    try {
      setAnswer(await api.adjudicate(rules, fen, move));
    } catch (err) {
      setError((err as Error).message);
    }
  };

  return (
    <main>
      <h1>Is that legal?</h1>
      <form class="form" onSubmit={ask}>
        <label>
          Rules
          <select
            value={rules}
            name="rules"
            onChange={(e) => {
              const next = (e.target as HTMLSelectElement).value;
              setRules(next);
              // Keep the six FEN fields and put the chosen game's own fields after them.
              const fields = fen.trim().split(/\s+/).slice(0, 6);
              const suffix = gameEntry(next).positionSuffix;
              setFen([...fields, ...(suffix ? [suffix] : [])].join(" "));
            }}
          >
            {adjudicable().map((g) => (
              <option key={g.id} value={g.id}>
                {names[g.id] ?? g.id}
              </option>
            ))}
          </select>
        </label>
        <label>
          Position (FEN, then the game's own fields)
          <textarea name="fen" rows={2} value={fen} onInput={(e) => setFen((e.target as HTMLTextAreaElement).value)} />
        </label>
        <div class="palette" role="toolbar" aria-label="set up the board">
          <button type="button" aria-pressed={brush === null} onClick={() => setBrush(null)}>
            Look
          </button>
          {PALETTE.map((p) => (
            <button type="button" key={p || "empty"} aria-pressed={brush === p} aria-label={p ? `place ${pieceName(p)}` : "clear a square"} onClick={() => setBrush(p)}>
              {p ? <span class={p === p.toUpperCase() ? "glyph white" : "glyph black"}>{pieceGlyph(p)}</span> : "✕"}
            </button>
          ))}
        </div>
        <Board board={board} onCell={paint} label="position to judge" />
        <label>
          Move
          <input name="move" value={move} required placeholder="e2e4 or Nf3" autocomplete="off" onInput={(e) => setMove((e.target as HTMLInputElement).value)} />
        </label>
        <button class="primary" type="submit">
          Ask the referee
        </button>
      </form>
      {error && <p class="error" role="alert">{error}</p>}
      {answer && (
        <section class="verdict" role="status">
          <p class={answer.legal ? "ok" : "error"}>
            {answer.legal ? "✓ Legal. " : "✗ Illegal. "}
            {answer.reason}
          </p>
          {answer.position && (
            <>
              <Board board={placementBoard(parsePlacement(answer.position))} label="position after the move" />
              <p class="facts">
                <code class="wrap">{answer.position}</code>
              </p>
            </>
          )}
        </section>
      )}
    </main>
  );
}
