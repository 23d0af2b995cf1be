// The countdown of a sealed round with a deadline (Chess Battle's round timer), for the seats'
// phones and the table display alike: "Round closes in 0:42" by this device's clock. The referee
// has no clock of its own: the first call after the deadline closes the round. So at zero this
// reads the view once (the read itself closes the round; the live stream then brings every
// screen the new view), and only if the referee still shows the same deadline (its clock
// behind this one) reads again, at most every two seconds.
import { useEffect, useRef, useState } from "preact/hooks";
import { type View, api } from "../api";

/** How long a retry waits when the referee still shows the same deadline, or could not be
 * reached. */
export const RETRY_MS = 2000;

/** The time left as a clock shows it, rounded up to the second: "0:42", "5:00", "1:00:00". */
export function countdownText(ms: number): string {
  const s = Math.max(0, Math.ceil(ms / 1000));
  const two = (n: number) => String(n).padStart(2, "0");
  const h = Math.floor(s / 3600);
  const m = Math.floor((s % 3600) / 60);
  return h > 0 ? `${h}:${two(m)}:${two(s % 60)}` : `${m}:${two(s % 60)}`;
}

/** The time left in words, for screen readers: "42 seconds", "1 minute 5 seconds". */
export function countdownWords(ms: number): string {
  const s = Math.max(0, Math.ceil(ms / 1000));
  const unit = (n: number, word: string) => (n ? `${n} ${word}${n === 1 ? "" : "s"}` : "");
  const words = [unit(Math.floor(s / 3600), "hour"), unit(Math.floor((s % 3600) / 60), "minute"), unit(s % 60, "second")].filter(Boolean);
  return words.length ? words.join(" ") : "no time";
}

/** The open round's deadline in a view, if the game is on and has one. */
export function deadlineOf(view: Pick<View, "status" | "round_deadline_ms">): number | null {
  return view.status === "active" && typeof view.round_deadline_ms === "number" && view.round_deadline_ms > 0 ? view.round_deadline_ms : null;
}

/** Reads the view at `deadline` (by `now`), once; again every `RETRY_MS` only while `read`
 * answers the same deadline or fails. Returns the cancel. */
export function readAtDeadline(
  deadline: number,
  read: () => Promise<number | null>,
  now: () => number = Date.now,
  schedule: (f: () => void, ms: number) => unknown = (f, ms) => setTimeout(f, ms),
  cancel: (timer: unknown) => void = (t) => clearTimeout(t as ReturnType<typeof setTimeout>),
): () => void {
  let stopped = false;
  let timer: unknown;
  const attempt = async () => {
    if (stopped) return;
    let same: boolean;
    try {
      same = (await read()) === deadline;
    } catch {
      same = true;
    }
    if (same && !stopped) timer = schedule(attempt, RETRY_MS);
  };
  timer = schedule(attempt, Math.max(0, deadline - now()));
  return () => {
    stopped = true;
    cancel(timer);
  };
}

/** The time left until `deadline` (ms), updated as each second passes; null without one. */
function useTimeLeft(deadline: number | null): number | null {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (deadline === null) return;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const tick = () => {
      const t = Date.now();
      setNow(t);
      const left = deadline - t;
      // Wake at the next whole second before the deadline, where the clock changes.
      if (left > 0) timer = setTimeout(tick, left % 1000 || 1000);
    };
    tick();
    return () => clearTimeout(timer);
  }, [deadline]);
  return deadline === null ? null : deadline - now;
}

/** "Round closes in 0:42" while `view`'s round has a deadline. At zero it reads the game's view
 * (the spectator's: the deadline is public, and a seat's own view comes by its live stream),
 * handing it to `onView` where the screen shows that view. */
export function RoundTimer({ view, onView }: { view: View; onView?: (v: View) => void }) {
  const deadline = deadlineOf(view);
  const left = useTimeLeft(deadline);
  const onViewRef = useRef(onView);
  onViewRef.current = onView;
  const gameId = view.game_id;
  useEffect(() => {
    if (deadline === null) return;
    return readAtDeadline(deadline, async () => {
      const read = await api.view(gameId);
      onViewRef.current?.(read);
      return deadlineOf(read);
    });
  }, [deadline, gameId]);
  if (deadline === null || left === null) return null;
  const over = left <= 0;
  return (
    <p class={`round-timer${over ? " due" : left <= 10000 ? " soon" : ""}`} role="timer" aria-live="off" aria-label={over ? "Round timer: the round is closing" : `Round timer: ${countdownWords(left)} left in this round`}>
      {over ? "Round closing…" : `Round closes in ${countdownText(left)}`}
    </p>
  );
}
