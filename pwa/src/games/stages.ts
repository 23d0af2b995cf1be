// Each game's own words for its stages (in its folder's `words.ts`), gathered by rules id. Kept
// apart from the registry (`index.ts`), which holds the screens, so that the home page can say
// whose turn it is in a game's own words without loading every screen.
import type { StageVerbs } from "../words";
import { stages as chessBattle } from "./chess-battle/words";
import { stages as chessGolf } from "./chess-golf/words";
import { stages as cloakAndDagger } from "./cloak-and-dagger/words";
import { stages as cooperative } from "./cooperative/words";
import { stages as gravity } from "./gravity/words";
import { stages as masquerade } from "./masquerade/words";
import { stages as neighbourSolitaire } from "./neighbour-solitaire/words";
import { stages as paradeSolitaire } from "./parade-solitaire/words";
import { stages as zombie } from "./zombie/words";

export const STAGE_WORDS: Record<string, StageVerbs> = {
  "cooperative": cooperative,
  "chess-battle": chessBattle,
  "masquerade": masquerade,
  "cloak-and-dagger": cloakAndDagger,
  "gravity": gravity,
  "zombie": zombie,
  "parade-solitaire": paradeSolitaire,
  "neighbour-solitaire": neighbourSolitaire,
  "chess-golf": chessGolf,
};

/** A game's own words for its stages (none for most games). */
export const stageWords = (id: string): StageVerbs => STAGE_WORDS[id] ?? {};
