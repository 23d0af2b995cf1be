// Zombie: its registry entry.
import { COLOURS, screen } from "../shared/entry";
import type { GameEntry } from "../types";
import { ZombieGame } from "./Zombie";

export const zombie: GameEntry = {
  id: "zombie",
  screen: screen(ZombieGame),
  options: null,
  sides: COLOURS,
  // No zombies, nothing buried, a move to make (docs/notation.md).
  positionSuffix: "- - - move",
  editor: {
    placeholder: "e2e4 or O-O",
    fields: [
      { index: 6, label: "The zombies' squares", placeholder: "c6,f3 or -" },
      { index: 7, label: "White's burials (square, then the piece)", placeholder: "b2p,g7n or -" },
      { index: 8, label: "Black's burials (square, then the piece)", placeholder: "b7p or -" },
      { index: 9, label: "The step of the turn", placeholder: "move, bury-p or horde" },
    ],
  },
};
