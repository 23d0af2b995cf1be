// Re-derives every draw of a finished game in this browser and says whether they match.
import { useEffect, useState } from "preact/hooks";
import { api } from "../api";
import { withFaces } from "../cards";
import { verifyAudit, type Verdict } from "../verify";

export function Fairness({ gameId }: { gameId: string }) {
  const [verdict, setVerdict] = useState<Verdict | null>(null);
  const [pending, setPending] = useState("");
  useEffect(() => {
    api.audit(gameId).then(
      async (record) => setVerdict(await verifyAudit(record)),
      (e) => setPending(e.status === 409 ? "The seed is revealed when the game is over. Until then, note the commitment shown in the game." : e.message),
    );
  }, [gameId]);
  return (
    <main>
      <h1>Fair draws?</h1>
      <p>
        When the game was created the referee published a fingerprint (SHA-256) of its secret seed. Now that the game is over the seed is revealed, and
        this page recomputes every card and die from it, in your browser.
      </p>
      {pending && <p class="status">{pending}</p>}
      {!verdict && !pending && <p>Checking…</p>}
      {verdict && (
        <>
          <p class={verdict.ok ? "ok" : "error"} role="status">
            {verdict.ok ? "✓ Every draw matches the seed." : "✗ The record does not match the seed."}
          </p>
          <ul>
            {verdict.lines.map((l, i) => (
              <li key={i}>{l}</li>
            ))}
          </ul>
          {verdict.drawn.length > 0 && (
            <>
              <h2>What was drawn</h2>
              <ol class="drawn" aria-label="what was drawn">
                {verdict.drawn.map((l, i) => (
                  <li key={i}>{withFaces(l)}</li>
                ))}
              </ol>
            </>
          )}
          <p class="facts">The rules themselves are checked by the referee's own verifier: <code>referee verify audit.json</code>.</p>
        </>
      )}
      <a class="button" href={`#/game/${gameId}`}>
        Back to the game
      </a>
    </main>
  );
}
