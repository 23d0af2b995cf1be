// This game's own words for its stages, where the words every game shares (`words.ts`) say too
// little; kept apart from its screen so the home page can use them without loading it.
import type { StageVerbs } from "../../words";

export const stages: StageVerbs = { add: "add a piece or move", place: "place the flipped piece", move: "move a piece" };
