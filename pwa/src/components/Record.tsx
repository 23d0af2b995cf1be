// The record as the viewer may hear it, each action with who did it: "king-side Black: e7-e5",
// the newest last. Games with more than two seats, or with sentences that say more than a move
// (passes, answers to capture attempts, zombies rising), show it whole.
import { type GameView, type PlayedEntry, sideName } from "../api";
import { withFaces } from "../cards";

export interface RecordProps {
  view: GameView;
  /** Which entries to show (all by default). */
  filter?: (p: PlayedEntry) => boolean;
  /** A class for an entry, to mark answers ("yes", "no") or announcements. */
  mark?: (p: PlayedEntry) => string | undefined;
  /** Card codes written as faces (8♥). */
  faces?: boolean;
  /** Whether each entry starts with who did it (not where the sentences name the seat). */
  who?: boolean;
  /** Folded under its title (a long record once the game is over). */
  folded?: boolean;
  title?: string;
}

export function Record({ view, filter, mark, faces, who = true, folded = false, title = "What happened" }: RecordProps) {
  const entries = filter ? view.played.filter(filter) : view.played;
  if (!entries.length) return null;
  const list = (
    <ol class="record" aria-label="what happened">
      {entries.map((p, i) => (
        <li key={i} class={mark?.(p)}>
          {who && <span class="who">{sideName(view, p.seat)}:</span>} {faces ? withFaces(p.said) : p.said}
        </li>
      ))}
    </ol>
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
