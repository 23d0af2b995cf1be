import { useEffect, useState } from "preact/hooks";
import { api, type RulesInfo } from "../api";

export function Home() {
  const [rules, setRules] = useState<RulesInfo[] | null>(null);
  const [error, setError] = useState("");
  useEffect(() => {
    api.rules().then(setRules, (e) => setError(e.message));
  }, []);
  return (
    <main>
      <h1>Table referee</h1>
      <p class="lead">Deals, rolls, keeps secrets and settles “is that legal?” for chess games at a real table.</p>
      <nav class="actions">
        <a class="button primary" href="#/start">Start a game</a>
        <a class="button" href="#/join">Join a game</a>
        <a class="button" href="#/adjudicate">Is that legal?</a>
      </nav>
      {error && <p class="error" role="alert">{error}</p>}
      {rules === null && !error && <p>Loading the games…</p>}
      <ul class="catalogue">
        {rules?.map((r) => (
          <li key={r.id} class="card">
            <h2>{r.name}</h2>
            <p>{r.summary}</p>
            <p class="facts">
              {r.min_seats === r.max_seats ? `${r.min_seats} players` : `${r.min_seats}–${r.max_seats} players`} · {r.equipment.join(", ")}
            </p>
            {r.secret.length > 0 && <p class="facts">Kept secret: {r.secret.join(", ")}</p>}
            <a class="button" href={`#/start/${r.id}`}>Start {r.name}</a>
          </li>
        ))}
      </ul>
    </main>
  );
}
