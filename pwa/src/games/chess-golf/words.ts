// This game's own words for its stages, where the words every game shares (`words.ts`) say too
// little; kept apart from its screen so the home page can use them without loading it.
import type { StageVerbs } from "../../words";

export const stages: StageVerbs = { bid: "seal a count", move: "demonstrate", place: "put a captured piece back", deal: "choose how many cards to deal" };
