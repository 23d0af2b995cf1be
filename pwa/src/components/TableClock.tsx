// A chess clock for two players on the phone lying between them: each taps their own half when
// their move is made, which starts the other's time and adds the increment to their own. Local
// to this phone; the referee knows nothing of it.
import { useEffect, useState } from "preact/hooks";

const clockText = (ms: number) => {
  const s = Math.max(0, Math.ceil(ms / 1000));
  return `${Math.floor(s / 60)}:${String(s % 60).padStart(2, "0")}`;
};

export function TableClock({ names }: { names: [string, string] }) {
  const [minutes, setMinutes] = useState(5);
  const [increment, setIncrement] = useState(3);
  const [left, setLeft] = useState<[number, number]>([5 * 60000, 5 * 60000]);
  const [running, setRunning] = useState<0 | 1 | null>(null);
  const [since, setSince] = useState(0);
  const [, setTick] = useState(0);
  useEffect(() => {
    if (running === null) return;
    const id = setInterval(() => setTick((n) => n + 1), 200);
    return () => clearInterval(id);
  }, [running]);
  const now = (i: 0 | 1) => (running === i ? left[i] - (Date.now() - since) : left[i]);
  const flagged = ([0, 1] as const).find((i) => now(i) <= 0);

  /** Side `i` has moved: its time stops (with the increment) and the other's starts. */
  const press = (i: 0 | 1) => {
    if (flagged !== undefined || (running !== null && running !== i)) return;
    const next: [number, number] = [now(0), now(1)];
    if (running === i) next[i] += increment * 1000;
    setLeft(next);
    setRunning(i === 0 ? 1 : 0);
    setSince(Date.now());
  };
  const pause = () => {
    setLeft([now(0), now(1)]);
    setRunning(null);
  };
  const reset = (m = minutes) => {
    setRunning(null);
    setLeft([m * 60000, m * 60000]);
  };

  return (
    <details class="clock">
      <summary>Table clock</summary>
      <div class="clock-faces">
        {([0, 1] as const).map((i) => (
          <button key={i} class={`clock-face ${running === i ? "running" : ""} ${flagged === i ? "flagged" : ""}`} aria-label={`${names[i]}: ${clockText(now(i))}${running === i ? ", running" : ""}; tap when ${names[i]} has moved`} onClick={() => press(i)}>
            <span class="clock-name">{names[i]}</span>
            <span class="clock-time">{clockText(now(i))}</span>
          </button>
        ))}
      </div>
      {flagged !== undefined && <p class="error" role="alert">{names[flagged]}'s time is up.</p>}
      <div class="row">
        <label>
          Minutes each
          <input type="number" name="clock-minutes" min={1} max={180} value={minutes} disabled={running !== null} onInput={(e) => {
            const m = Number((e.target as HTMLInputElement).value) || 1;
            setMinutes(m);
            reset(m);
          }} />
        </label>
        <label>
          Increment (s)
          <input type="number" name="clock-increment" min={0} max={60} value={increment} disabled={running !== null} onInput={(e) => setIncrement(Number((e.target as HTMLInputElement).value) || 0)} />
        </label>
      </div>
      <div class="actions">
        {running !== null && <button onClick={pause}>Pause</button>}
        <button onClick={() => reset()}>Reset</button>
      </div>
    </details>
  );
}
