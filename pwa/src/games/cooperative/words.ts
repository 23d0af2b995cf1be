// This game's own words for its stages, where the words every game shares (`words.ts`) say too
// little; kept apart from its screen so the home page can use them without loading it.
import type { StageVerbs } from "../../words";

export const stages: StageVerbs = { move: "move (or play a card)", capture: "capture (or say done)" };
