// The end of a game: a new game with the same rules (the start page prefilled with this game's
// options, where this phone created it).
import type { View } from "../api";

export function EndOfGame({ view, gameId }: { view: View; gameId: string }) {
  if (view.status !== "over") return null;
  return (
    <div class="actions end">
      <a class="button primary" href={`#/start/${encodeURIComponent(view.rules)}?again=${encodeURIComponent(gameId)}`}>
        New game with the same rules
      </a>
    </div>
  );
}
