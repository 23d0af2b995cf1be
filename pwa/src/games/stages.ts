// Each game's own words for its stages, where the words every game shares (`words.ts`) say too
// little. Kept apart from the registry (`index.ts`), which holds the screens, so that the home
// page can say whose turn it is in a game's own words without loading every screen.
import type { StageVerbs } from "../words";

export const STAGE_WORDS: Record<string, StageVerbs> = {
  cooperative: { move: "move (or play a card)", capture: "capture (or say done)" },
  "chess-battle": { move: "seal a move" },
  masquerade: { choose: "choose the opponent's capture moves" },
  "cloak-and-dagger": { choose: "choose what the checkers are" },
  gravity: { move: "move the pieces one at a time", add: "add the flipped piece" },
  zombie: { bury: "bury the captured piece", horde: "move the zombies" },
  "parade-solitaire": { move: "move a piece or add one" },
  "neighbour-solitaire": { add: "add a piece or move", place: "place the flipped piece", move: "move a piece" },
  "chess-golf": { bid: "seal a count", move: "demonstrate", place: "put a captured piece back", deal: "choose how many cards to deal" },
};

/** A game's own words for its stages (none for most games). */
export const stageWords = (id: string): StageVerbs => STAGE_WORDS[id] ?? {};
