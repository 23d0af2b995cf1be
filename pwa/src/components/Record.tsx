// The record as the viewer may hear it, each action with who did it: "king-side Black: e7-e5",
// the newest last. Games with more than two seats, or with sentences that say more than a move
// (passes, answers to capture attempts, zombies rising), show it whole.
//
// A view carries only the latest entries of a long record: the list starts there, numbered as
// in the whole record, under a button that fetches the earlier part ("Earlier moves (N)").
import { createContext } from "preact";
import { useContext, useEffect, useRef, useState } from "preact/hooks";
import { type GameView, type PlayedEntry, api, sideName, sideOf, takenBack } from "../api";
import { withFaces } from "../cards";
import { type Stretch, carried, extend, gapFrom, join } from "../record";
import "./record.css";
import { errorWords } from "../errors";

/** The token the record is fetched with (the seat's on the phone, the host's where it holds no
 * seat); none, as on the table display, fetches it as a spectator hears it. */
export const RecordToken = createContext<string | undefined>(undefined);

/** The record as a screen shows it, with the earlier part fetched on request. */
export interface WholeRecord {
  /** The latest entries, or (once fetched) the record from its first entry. */
  shown: Stretch;
  /** Fetches the earlier entries: resolves to the whole record, or null when it could not be had. */
  load: () => Promise<PlayedEntry[] | null>;
  loading: boolean;
  /** Why the earlier entries could not be fetched, for players. */
  error: string;
}

/** The record of `view`'s game as this phone's holder hears it. What was fetched stays with the
 * seat that fetched it: a phone passed to another seat starts again from its own view. */
export function useRecord(view: GameView): WholeRecord {
  const token = useContext(RecordToken);
  const key = `${view.game_id} ${view.seat ?? "-"} ${token ?? ""}`;
  const [fetched, setFetched] = useState<{ key: string; stretch: Stretch } | null>(null);
  const [loading, setLoading] = useState(false);
  const [error, setError] = useState("");
  const latest = carried(view);
  const earlier = fetched?.key === key ? fetched.stretch : null;
  const gap = gapFrom(earlier, latest);

  // Once fetched, the record stays whole as the game goes on: where more went by than a view
  // holds (a phone asleep), the missing part is fetched.
  useEffect(() => {
    if (gap === null || !earlier) return;
    let closed = false;
    api.getRecord(view.game_id, token, gap).then(
      (more) => !closed && setFetched({ key, stretch: extend(earlier, { from: more.from, played: more.played }) }),
      () => undefined,
    );
    return () => {
      closed = true;
    };
  }, [gap, key]);

  const shown = join(earlier, latest);
  const load = async () => {
    if (shown.from === 0) return shown.played;
    setLoading(true);
    setError("");
    try {
      const part = await api.getRecord(view.game_id, token, 0);
      const stretch = { from: part.from, played: part.played };
      setFetched({ key, stretch });
      const whole = join(stretch, latest);
      return whole.from === 0 ? whole.played : null;
    } catch (e) {
      setError(`The earlier moves could not be fetched. ${errorWords(e, "Fetching them")}`);
      return null;
    } finally {
      setLoading(false);
    }
  };
  return { shown, load, loading, error };
}

/** "Earlier moves (N)" above a list that starts mid-game; once they are shown, `focus` moves
 * the focus to the list's first entry (the button is gone). */
export function EarlierMoves({ record, focus }: { record: WholeRecord; focus?: () => void }) {
  const wanted = useRef(false);
  useEffect(() => {
    if (record.shown.from !== 0 || !wanted.current) return;
    wanted.current = false;
    focus?.();
  }, [record.shown.from]);
  if (record.shown.from === 0) return null;
  return (
    <div class="earlier">
      <button
        type="button"
        aria-disabled={record.loading ? "true" : undefined}
        onClick={() => {
          if (record.loading) return;
          wanted.current = true;
          void record.load();
        }}
      >
        {record.loading ? "Fetching earlier moves…" : `Earlier moves (${record.shown.from})`}
      </button>
      {record.error && (
        <p class="error" role="alert">
          {record.error}
        </p>
      )}
    </div>
  );
}

/** How many digits the last number of a list has, for `data-digits` (see `record.css`): a
 * long record's numbers need more room than the list's padding. */
export function digits(last: number): number {
  return String(Math.max(1, last)).length;
}

/** Moves the focus to the first entry of a list (given `tabIndex={-1}`). */
export function focusFirst(list: HTMLElement | null): void {
  list?.querySelector<HTMLElement>("li")?.focus();
}

export interface RecordProps {
  view: GameView;
  /** Which entries to show (all by default); each keeps its number in the record. */
  filter?: (p: PlayedEntry) => boolean;
  /** A class for an entry, to mark answers ("yes", "no") or announcements. */
  mark?: (p: PlayedEntry) => string | undefined;
  /** Card codes written as faces (8♥). */
  faces?: boolean;
  /** Whether each entry starts with who did it (not where the sentences name the seat). */
  who?: boolean;
  /** Folded under its title (a long record once the game is over). */
  folded?: boolean;
  /** The newest entry kept in sight: the list scrolls within its own box, to its end (a table
   * display, which nobody scrolls). */
  latest?: boolean;
  title?: string;
}

/** The referee's own notes in the record (a round closed at its deadline, a seat handed to a
 * new phone), written `-` for the action: their sentences name the seat themselves. */
export const refereeNote = (p: PlayedEntry) => p.action === "-";

/** An entry's sentence with its player's name: a sentence that starts with the side ("White asks
 * to take back…") takes the name in its place ("Ann (White) asks…"); any other gets the name
 * before it ("Ann (White): e4"). */
function named(view: GameView, p: PlayedEntry): { who: string | null; said: string } {
  const side = sideOf(view, p.seat);
  if (p.said.startsWith(`${side} `)) return { who: null, said: sideName(view, p.seat) + p.said.slice(side.length) };
  return { who: `${sideName(view, p.seat)}:`, said: p.said };
}

export function Record({ view, filter, mark, faces, who = true, folded = false, latest = false, title = "What happened" }: RecordProps) {
  const record = useRecord(view);
  const listRef = useRef<HTMLOListElement>(null);
  const { from, played } = record.shown;
  useEffect(() => {
    const list = listRef.current;
    if (latest && list) list.scrollTop = list.scrollHeight;
  }, [latest, from + played.length]);
  // Each entry numbered as in the whole record, whatever part of it is shown.
  const taken = takenBack(played);
  const entries = played.map((p, i) => ({ p, n: from + i + 1, back: taken.has(i) })).filter(({ p }) => !filter || filter(p));
  if (!entries.length && from === 0) return null;
  const list = (
    <>
      <EarlierMoves record={record} focus={() => focusFirst(listRef.current)} />
      <ol ref={listRef} class={latest ? "record latest" : "record"} aria-label="what happened" data-digits={digits(from + played.length)}>
        {entries.map(({ p, n, back }, i) => {
          const line = who && !refereeNote(p) ? named(view, p) : { who: null, said: p.said };
          return (
            <li key={n} value={n} class={[mark?.(p), back ? "taken-back" : ""].filter(Boolean).join(" ") || undefined} tabIndex={i === 0 ? -1 : undefined}>
              {line.who && <span class="who">{line.who}</span>} {faces ? withFaces(line.said) : line.said}
              {back && <span class="facts"> (taken back)</span>}
            </li>
          );
        })}
      </ol>
    </>
  );
  if (folded)
    return (
      <details class="record-box">
        <summary>{title}</summary>
        {list}
      </details>
    );
  return (
    <>
      <h2>{title}</h2>
      {list}
    </>
  );
}
